//! Reference for `poj1475-pushing-boxes` (independent of `problems/poj1475-pushing-boxes/src/main.rs`): the
//! Dijkstra over single steps of (box, you) and the replay of a move string are the package's reference
//! program, `testdata/poj1475-pushing-boxes/generators/reference.rs`, included here. Also what only the
//! generator and the tests need: the input format, the sample, random mazes.
use crate::rng::Rng;

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/poj1475-pushing-boxes/generators/reference.rs"]
mod reference;

pub use reference::{answer, cheapest, parse, replay, Grid};

/// The input file of `grids`: each maze, then `0 0`.
pub fn input(grids: &[Grid]) -> String {
    grids.iter().map(Grid::to_input).collect::<String>() + "0 0\n"
}

/// The statement's sample (its answers: `EEEEE`, `Impossible.`, `eennwwWWWWeeeeeesswwwwwwwnNN`,
/// `swwwnnnnnneeesssSSS`).
pub const SAMPLE_IN: &str =
    "1 7\nSB....T\n1 7\nSB..#.T\n7 11\n###########\n#T##......#\n#.#.#..####\n#....B....#\n\
#.######..#\n#.....S...#\n###########\n8 4\n....\n.##.\n.#..\n.#..\n.#.B\n.##S\n....\n###T\n0 0\n";

/// A random maze of the given size: rock on each cell with probability `rock_pct`%, then S, B, T on three
/// distinct cells (forced free).
pub fn random_grid(rng: &mut Rng, height: usize, width: usize, rock_pct: u64) -> Grid {
    assert!(height * width >= 3);
    let mut rows: Vec<Vec<u8>> = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| {
                    if rng.chance(rock_pct, 100) {
                        b'#'
                    } else {
                        b'.'
                    }
                })
                .collect()
        })
        .collect();
    let mut cells: Vec<usize> = (0..height * width).collect();
    rng.shuffle(&mut cells);
    for (&cell, mark) in cells.iter().zip(*b"SBT") {
        rows[cell / width][cell % width] = mark;
    }
    Grid { rows }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples() {
        let grids = parse(SAMPLE_IN);
        let costs: Vec<_> = grids
            .iter()
            .map(|g| cheapest(g).map(|m| replay(g, &m).unwrap()))
            .collect();
        // The spec's sample answers: EEEEE, Impossible., eennwwWWWWeeeeeesswwwwwwwnNN, swwwnnnnnneeesssSSS.
        assert_eq!(costs, [Some((5, 5)), None, Some((6, 28)), Some((3, 19))]);
    }

    #[test]
    fn replay_rejects_illegal_moves() {
        let grid = parse("1 4\nSB.T\n0 0\n").remove(0);
        assert_eq!(replay(&grid, "EE"), Ok((2, 2)));
        assert!(replay(&grid, "eE").is_err()); // walking into the box
        assert!(replay(&grid, "E").is_err()); // box short of the target
        assert!(replay(&grid, "W").is_err()); // pushing with no box there
    }
}
