//! The mnk-game solution's node counts and times on the benchmark boards, in-process: one empty board of
//! each game, a fresh solver each. Not a test: a benchmark `scripts/bench-mnk` compiles alone with
//! `rustc --edition 2021 -O` (as a judge compiles the solution) and runs.
#[allow(dead_code)]
#[path = "../problems/mnk-game/src/main.rs"]
mod solution;

use solution::board::Game;
use solution::search::Solver;
use std::time::Instant;

fn main() {
    let games = [
        (5, 5, 4),
        (6, 6, 4),
        (5, 5, 5),
        (4, 8, 4),
        (8, 4, 4),
        (6, 6, 5),
        (7, 7, 5),
        (7, 8, 5),
    ];
    for (m, n, k) in games {
        let mut solver = Solver::new(Game::new(m, n, k));
        let start = Instant::now();
        let answer = solution::answer(&mut solver, 0, 0);
        let first = answer.lines().next().unwrap_or("");
        let seconds = start.elapsed().as_secs_f64();
        println!("{m},{n},{k}: {first}, {} nodes, {seconds:.2} s", solver.nodes);
    }
}
