use criterion::{criterion_group, criterion_main, Criterion};

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/poj1085-triangle-war/src/main.rs"]
mod solution;

/// A case of the package by its name below data/, as the judge names it (`secret/official/07-chains`).
fn testdata(case: &str) -> String {
    let path = format!(
        "{}/../testdata/poj1085-triangle-war/data/{case}.in",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn bench(c: &mut Criterion) {
    // One game after 6 moves: a cold table, the deepest search a single game can ask for.
    let one_game = testdata("secret/official/05-no-triangle-yet");
    c.bench_function("one game, m = 6", |b| b.iter(|| solution::solve(&one_game)));
    let sample = testdata("sample/1");
    c.bench_function("sample", |b| b.iter(|| solution::solve(&sample)));
    let mut group = c.benchmark_group("large");
    group.sample_size(10);
    let big = testdata("secret/beyond/huge-100000-games");
    group.bench_function("100,000 games, m = 6", |b| b.iter(|| solution::solve(&big)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
