//! `solve` on testdata files: the 100,000-case random file (target < 1 s) and 3,000 cases on six-piece
//! boards, the largest trees.
use criterion::{criterion_group, criterion_main, Criterion};

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/jinhua-chess/src/main.rs"]
mod solution;

const RANDOM_100000: &str =
    include_str!("../../testdata/jinhua-chess/data/secret/official/random/05-100000-cases.in");
const SIX_PIECES: &str =
    include_str!("../../testdata/jinhua-chess/data/secret/official/random/04-six-pieces.in");

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("jinhua");
    group.sample_size(10);
    for (name, input) in [
        ("100000 random cases", RANDOM_100000),
        ("3000 six-piece cases", SIX_PIECES),
    ] {
        group.bench_function(name, |b| b.iter(|| solution::solve(input).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
