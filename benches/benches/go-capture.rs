use criterion::{criterion_group, criterion_main, Criterion};
use testgen::go_capture::{input, random_position, NAMED_CASES};
use testgen::rng::Rng;

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/go-capture/src/main.rs"]
mod solution;

fn bench(c: &mut Criterion) {
    for (name, text, _, _) in [NAMED_CASES[0], NAMED_CASES[6], NAMED_CASES[7]] {
        c.bench_function(name, |b| b.iter(|| solution::solve(text)));
    }
    let mut rng = Rng::new(1);
    let positions: Vec<String> = (0..1000)
        .map(|_| input(&random_position(&mut rng)))
        .collect();
    c.bench_function("1000 random positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| solution::solve(p).is_ok() as u32)
                .sum::<u32>()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
