//! POJ 1077 (one board an input): IDA* on the hardest boards, and `solve` on the hardest one.
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use std::time::Duration;

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/poj1077-eight/src/main.rs"]
mod solution;

const HARDEST: [u8; 9] = [8, 6, 7, 2, 5, 4, 3, 0, 1];
const SAMPLE: [u8; 9] = [2, 3, 4, 1, 5, 0, 7, 6, 8];
const MOST_IDA_NODES: [u8; 9] = [5, 0, 3, 8, 6, 2, 7, 4, 1];

fn bench(c: &mut Criterion) {
    c.bench_function("ida_star/sample (19 moves)", |b| {
        b.iter(|| solution::ida_star(black_box(&SAMPLE)))
    });
    c.bench_function("ida_star/hardest (31 moves)", |b| {
        b.iter(|| solution::ida_star(black_box(&HARDEST)))
    });
    c.bench_function("ida_star/most nodes (29 moves)", |b| {
        b.iter(|| solution::ida_star(black_box(&MOST_IDA_NODES)))
    });
    c.bench_function("solve/hardest board", |b| {
        b.iter(|| solution::solve(black_box("8 6 7 2 5 4 3 x 1\n")))
    });
}

criterion_group! {
    name = benches;
    // The machine is shared: short runs, enough samples for a stable median.
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
