//! HDU 1043 (many boards an input): the reverse-BFS table's build and look-ups, and `solve` on inputs of
//! one board and of many.
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use std::time::Duration;

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/hdu1043-eight/src/main.rs"]
mod solution;

const HARDEST: [u8; 9] = [8, 6, 7, 2, 5, 4, 3, 0, 1];

/// `count` boards from a fixed linear congruential walk over the 9! arrangements (half unsolvable).
fn boards_text(count: usize) -> String {
    let mut state = 12345u64;
    let mut text = String::new();
    for _ in 0..count {
        let mut board = [b'1', b'2', b'3', b'4', b'5', b'6', b'7', b'8', b'x'];
        for i in (1..9).rev() {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            board.swap(i, (state >> 33) as usize % (i + 1));
        }
        for tile in board {
            text.push(tile as char);
            text.push(' ');
        }
        text.push('\n');
    }
    text
}

fn bench(c: &mut Criterion) {
    c.bench_function("table/build", |b| b.iter(solution::Table::build));
    let table = solution::Table::build();
    c.bench_function("table/moves hardest", |b| {
        b.iter(|| table.moves(black_box(&HARDEST)))
    });
    c.bench_function("solve/hardest board", |b| {
        b.iter(|| solution::solve(black_box("8 6 7 2 5 4 3 x 1\n")))
    });
    for count in [100, 10_000] {
        let input = boards_text(count);
        c.bench_function(&format!("solve/{count} random boards"), |b| {
            b.iter(|| solution::solve(black_box(&input)))
        });
    }
}

criterion_group! {
    name = benches;
    // The machine is shared: short runs, enough samples for a stable median.
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
