use criterion::{black_box, criterion_group, criterion_main, Criterion};

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/poj1084-square-destroyer/src/main.rs"]
mod solution;

fn bench(c: &mut Criterion) {
    // The hardest grid of the input space: nothing removed, answer 14 against a root bound of 13.
    let grid = solution::Grid::new(5);
    let complete = (1u64 << 60) - 1;
    c.bench_function("min_removals complete 5x5", |b| {
        b.iter(|| solution::min_removals(&grid, black_box(complete)))
    });
    // Among the slowest of 20,000 random 5x5 grids missing ≤ 12 sticks: 14, 29 and 47 gone, answer 13.
    let worst = complete & !(1 << 13) & !(1 << 28) & !(1 << 46);
    c.bench_function("min_removals 5x5 without 14, 29, 47", |b| {
        b.iter(|| solution::min_removals(&grid, black_box(worst)))
    });
    let grid4 = solution::Grid::new(4);
    c.bench_function("min_removals complete 4x4", |b| {
        b.iter(|| solution::min_removals(&grid4, black_box((1u64 << 40) - 1)))
    });
    // A whole input: the sample plus every complete grid.
    let input = "7\n2\n0\n3\n3 12 17 23\n1\n0\n2\n0\n3\n0\n4\n0\n5\n0\n";
    c.bench_function("solve sample + complete grids", |b| {
        b.iter(|| solution::solve(black_box(input)).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
