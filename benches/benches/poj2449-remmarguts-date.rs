use criterion::{black_box, criterion_group, criterion_main, Criterion};
use testgen::poj2449_remmarguts_date::{adversarial_cycle, densest, format_input};
use testgen::rng::Rng;

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/poj2449-remmarguts-date/src/main.rs"]
mod solution;

fn bench(c: &mut Criterion) {
    // The same two big inputs as testdata (same seed, same order): parsing included, as a judge would run it.
    let mut rng = Rng::new(0x2449_5EED);
    let dense = format_input(&densest(&mut rng));
    let adversarial = format_input(&adversarial_cycle(&mut rng, 1000, 80, 100_000, 1000));
    c.bench_function("solve densest N=1000 M=100000 K=1000", |b| {
        b.iter(|| solution::solve(black_box(&dense)).unwrap())
    });
    c.bench_function("solve adversarial cycle M=100000 K=1000", |b| {
        b.iter(|| solution::solve(black_box(&adversarial)).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
