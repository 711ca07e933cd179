use criterion::{criterion_group, criterion_main, Criterion};

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/poj1324-holedox-moving/src/main.rs"]
mod solution;

/// The hardest testdata files, solved whole (their answers come from the reference, checked here once).
const FILES: [(&str, &str, &str); 4] = [
    (
        "open 20x20, far corner, L = 2..8",
        include_str!("../../testdata/poj1324-holedox-moving/data/secret/official/08-open-20x20.in"),
        include_str!("../../testdata/poj1324-holedox-moving/data/secret/official/08-open-20x20.ans"),
    ),
    (
        "corridors and the 190-move serpentine",
        include_str!("../../testdata/poj1324-holedox-moving/data/secret/official/07-corridors.in"),
        include_str!("../../testdata/poj1324-holedox-moving/data/secret/official/07-corridors.ans"),
    ),
    (
        "hill-climbed 20x20 traps",
        include_str!("../../testdata/poj1324-holedox-moving/data/secret/official/11-hill-climbed.in"),
        include_str!("../../testdata/poj1324-holedox-moving/data/secret/official/11-hill-climbed.ans"),
    ),
    (
        "100 cases of 20x20",
        include_str!("../../testdata/poj1324-holedox-moving/data/secret/beyond/huge-100-hard-20x20-lairs.in"),
        include_str!("../../testdata/poj1324-holedox-moving/data/secret/beyond/huge-100-hard-20x20-lairs.ans"),
    ),
];

fn bench(c: &mut Criterion) {
    for (name, input, answer) in FILES {
        assert_eq!(solution::solve(input).unwrap(), answer, "{name}");
        c.bench_function(name, |b| b.iter(|| solution::solve(input)));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
