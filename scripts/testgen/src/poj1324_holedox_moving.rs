//! Reference for `poj1324-holedox-moving` (independent of `problems/poj1324-holedox-moving/src/main.rs`): the
//! plain BFS over explicit bodies is the package's reference program,
//! `testdata/poj1324-holedox-moving/generators/reference.rs`, included here. Also what only the generator
//! and the tests need: the input format, and a random case generator shared by the integration test and
//! `src/bin/gen-poj1324-holedox-moving.rs`.

use crate::rng::Rng;

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/poj1324-holedox-moving/generators/reference.rs"]
mod reference;

pub use reference::{answer, fewest_moves, parse, Case};

/// The statement's sample and its output.
pub const SAMPLE_IN: &str = "5 6 4
4 1
4 2
3 2
3 1
3
2 3
3 3
3 4

4 4 4
2 3
1 3
1 4
2 4
4
2 1
2 2
3 4
4 2

0 0 0
";
pub const SAMPLE_OUT: &str = "Case 1: 9\nCase 2: -1\n";

/// Renders cases as an input file, a blank line between cases and `0 0 0` at the end.
pub fn render(cases: &[Case]) -> String {
    let mut text = String::new();
    for case in cases {
        text += &format!("{} {} {}\n", case.rows, case.cols, case.body.len());
        for (r, c) in &case.body {
            text += &format!("{r} {c}\n");
        }
        text += &format!("{}\n", case.stones.len());
        for (r, c) in &case.stones {
            text += &format!("{r} {c}\n");
        }
        text += "\n";
    }
    text + "0 0 0\n"
}

/// A random case: sides in `1..=max_side`, a body of up to `max_len` blocks laid as a random self-avoiding
/// walk (shorter if the walk gets stuck, at least 2 blocks), stones on free cells at `density_percent`.
/// `None` when the lair has room for no 2-block body (1×1).
pub fn random_case(
    rng: &mut Rng,
    max_side: i32,
    max_len: usize,
    density_percent: u64,
) -> Option<Case> {
    let rows = rng.range(1, max_side as i64) as i32;
    let cols = rng.range(1, max_side as i64) as i32;
    if rows * cols < 2 {
        return None;
    }
    let want = rng.range(2, max_len as i64) as usize;
    let mut body = vec![(
        rng.range(1, rows as i64) as i32,
        rng.range(1, cols as i64) as i32,
    )];
    while body.len() < want {
        let (r, c) = *body.last().unwrap();
        let options: Vec<(i32, i32)> = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
            .into_iter()
            .filter(|&(r, c)| r >= 1 && r <= rows && c >= 1 && c <= cols && !body.contains(&(r, c)))
            .collect();
        if options.is_empty() {
            break;
        }
        body.push(*rng.pick(&options));
    }
    if body.len() < 2 {
        return None;
    }
    let mut stones = Vec::new();
    for r in 1..=rows {
        for c in 1..=cols {
            if !body.contains(&(r, c)) && rng.chance(density_percent, 100) {
                stones.push((r, c));
            }
        }
    }
    rng.shuffle(&mut stones);
    Some(Case {
        rows,
        cols,
        body,
        stones,
    })
}
