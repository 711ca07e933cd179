use criterion::{criterion_group, criterion_main, Criterion};
use testgen::poj2286_rotation_game::{format_input, random_board, Board};
use testgen::rng::Rng;

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/poj2286-rotation-game/src/main.rs"]
mod solution;

/// A deepest board: 13 moves (the lecture's IDA* needs about 2 s on it).
const DEEPEST: &str = "1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3";

fn masks(board: &Board) -> [u32; 3] {
    let mut masks = [0; 3];
    for (cell, &symbol) in board.iter().enumerate() {
        masks[symbol as usize - 1] |= 1 << cell;
    }
    masks
}

fn bench(c: &mut Criterion) {
    let mut rng = Rng::new(300);
    let boards: Vec<Board> = (0..300).map(|_| random_board(&mut rng)).collect();
    let random_300 = format_input(&boards);
    let deepest: Board = std::array::from_fn(|i| DEEPEST.as_bytes()[2 * i] - b'0');

    // The whole run: one pattern database, then every board.
    c.bench_function("solve 300 random boards", |b| {
        b.iter(|| solution::solve(&random_300))
    });
    c.bench_function("pattern database (BFS over 735,471 masks)", |b| {
        b.iter(solution::PatternDb::compute)
    });
    // Per board, once the database exists: IDA* with the exact h.
    let db = solution::PatternDb::compute();
    c.bench_function("ida_star on a 13-move board", |b| {
        b.iter(|| solution::ida_star(&db.tables, &masks(&deepest), |m| db.h(m)))
    });
    let all_masks: Vec<[u32; 3]> = boards.iter().map(masks).collect();
    c.bench_function("ida_star on 300 random boards", |b| {
        b.iter(|| {
            all_masks
                .iter()
                .map(|m| solution::ida_star(&db.tables, m, |m| db.h(m)).0.moves.len())
                .sum::<usize>()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
