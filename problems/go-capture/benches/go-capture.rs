use criterion::{criterion_group, criterion_main, Criterion};

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

fn bench(c: &mut Criterion) {
    c.bench_function("placeholder", |b| b.iter(|| 0));
}

criterion_group!(benches, bench);
criterion_main!(benches);
