use criterion::{criterion_group, criterion_main, Criterion};

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

fn testdata(case: &str) -> String {
    let path = format!(
        "{}/../../testdata/poj1085-triangle-war/{case}.in",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn bench(c: &mut Criterion) {
    // One game after 6 moves: a cold table, the deepest search a single game can ask for.
    let one_game = testdata("05-no-triangle-yet");
    c.bench_function("one game, m = 6", |b| b.iter(|| solution::solve(&one_game)));
    let sample = testdata("01-sample");
    c.bench_function("sample", |b| b.iter(|| solution::solve(&sample)));
    let mut group = c.benchmark_group("large");
    group.sample_size(10);
    let big = testdata("random/05-100000-games");
    group.bench_function("100,000 games, m = 6", |b| b.iter(|| solution::solve(&big)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
