//! `solve` on the testdata files that carry the performance targets: the hardest four-piece
//! board (≤ 50 ms), 300 random six-piece boards (≥ 10x faster than the lecture's ~1.5 s), and all 10,920
//! four-piece boards in one file.
use criterion::{criterion_group, criterion_main, Criterion};

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/poj1568-winning-move/src/main.rs"]
mod solution;

const HARDEST_FOUR_PIECE: &str = include_str!(
    "../../testdata/poj1568-winning-move/data/secret/official/09-four-piece-board-with-the-most-nodes.in"
);
const SIX_PIECES: &str = include_str!(
    "../../testdata/poj1568-winning-move/data/secret/official/random/01-six-pieces.in"
);
const EVERY_FOUR_PIECE: &str = include_str!(
    "../../testdata/poj1568-winning-move/data/secret/official/11-every-four-piece-board.in"
);

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("poj1568");
    group.sample_size(10);
    for (name, input) in [
        ("hardest four-piece board", HARDEST_FOUR_PIECE),
        ("300 random six-piece boards", SIX_PIECES),
        ("all 10920 four-piece boards", EVERY_FOUR_PIECE),
    ] {
        group.bench_function(name, |b| b.iter(|| solution::solve(input).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
