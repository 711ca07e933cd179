use criterion::{criterion_group, criterion_main, Criterion};
use testgen::poj1376_robot::{render, Block};

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/poj1376-robot/src/main.rs"]
mod solution;

/// One 50×50 block (the largest store) from (1,1) to the far corner.
fn store(blocked: Vec<Vec<bool>>, destination: (usize, usize)) -> String {
    render(&[Block {
        blocked,
        start: (1, 1),
        destination,
        heading: "north",
    }])
}

/// Walls every 4th row, open at alternate ends: one long winding corridor of crossings.
fn serpentine() -> Vec<Vec<bool>> {
    let mut grid = vec![vec![false; 50]; 50];
    for (k, r) in (3..50).step_by(4).enumerate() {
        for (c, square) in grid[r].iter_mut().enumerate() {
            *square = if k % 2 == 0 { c < 47 } else { c > 2 };
        }
    }
    grid
}

fn bench(c: &mut Criterion) {
    let open = store(vec![vec![false; 50]; 50], (49, 49));
    let winding = store(serpentine(), (49, 1));
    assert_eq!(solution::solve(&open).unwrap(), "34\n");
    c.bench_function("open 50x50, corner to corner", |b| {
        b.iter(|| solution::solve(&open))
    });
    c.bench_function("50x50 serpentine", |b| b.iter(|| solution::solve(&winding)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
