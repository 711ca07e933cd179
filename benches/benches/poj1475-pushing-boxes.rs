use criterion::{criterion_group, criterion_main, Criterion};
use testgen::poj1475_pushing_boxes::{random_grid, Grid};
use testgen::rng::Rng;

// cfg(test) without the test harness under clippy: the tests module is there, its #[test] fns are not.
#[allow(dead_code, unused_imports)]
#[path = "../../problems/poj1475-pushing-boxes/src/main.rs"]
mod solution;

fn input_of(grids: &[Grid]) -> String {
    grids.iter().map(Grid::to_input).collect::<String>() + "0 0\n"
}

fn bench(c: &mut Criterion) {
    let open = input_of(&[Grid {
        rows: {
            let mut rows = vec![b"....................".to_vec(); 20];
            rows[0][0] = b'S';
            rows[10][10] = b'B';
            rows[19][19] = b'T';
            rows
        },
    }]);
    c.bench_function("open 20x20", |b| b.iter(|| solution::solve(&open).unwrap()));
    let mut rng = Rng::new(2);
    let random = input_of(
        &(0..30)
            .map(|_| random_grid(&mut rng, 20, 20, 20))
            .collect::<Vec<_>>(),
    );
    c.bench_function("30 random 20x20 mazes", |b| {
        b.iter(|| solution::solve(&random).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
