//! Reference for `poj1084-square-destroyer` (independent of `problems/poj1084-square-destroyer/src/main.rs`):
//! the brute force by increasing size is the package's reference program,
//! `testdata/poj1084-square-destroyer/generators/reference.rs`, included here. Also what only the generator
//! and the tests need: the sample, the edge cases, the input format, random grids.

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/poj1084-square-destroyer/generators/reference.rs"]
mod reference;

pub use reference::{answer, min_removals, parse, squares, Case, COMPLETE_GRID};

/// The statement's sample and its output.
pub const SAMPLE_IN: &str = "2\n2\n0\n3\n3 12 17 23\n";
pub const SAMPLE_OUT: &str = "3\n3\n";

/// Edge cases: (what, case, fewest removals). The last answer is the brute force's, the others are plain
/// to see.
pub fn edge_cases() -> [(&'static str, Case, usize); 6] {
    [
        ("the only square already broken", Case::new(1, &[3]), 0),
        ("a stick listed twice", Case::new(1, &[2, 2]), 0),
        (
            "2x2 without its centre cross: the big square alone",
            Case::new(2, &[4, 6, 7, 9]),
            1,
        ),
        (
            "2x2 without its border: only the cross is left",
            Case::new(2, &[1, 2, 3, 5, 8, 10, 11, 12]),
            0,
        ),
        (
            "3x3 without its border: the centre square alone",
            Case::new(3, &[1, 2, 3, 4, 7, 11, 14, 18, 21, 22, 23, 24]),
            1,
        ),
        (
            "5x5 without top and bottom lines",
            Case::new(5, &[1, 2, 3, 4, 5, 56, 57, 58, 59, 60]),
            8,
        ),
    ]
}

/// The input text for `cases`, in the statement's format.
pub fn format_input(cases: &[Case]) -> String {
    let mut text = format!("{}\n", cases.len());
    for case in cases {
        text.push_str(&format!("{}\n{}", case.n, case.removed.len()));
        for s in &case.removed {
            text.push_str(&format!(" {s}"));
        }
        text.push('\n');
    }
    text
}

/// A random grid: n in `1..=max_n`, each stick gone with probability `percent`/100, in random order.
pub fn random_case(rng: &mut crate::rng::Rng, max_n: usize, percent: u64) -> Case {
    let n = rng.range(1, max_n as i64) as usize;
    let mut removed: Vec<usize> = (1..=2 * n * (n + 1))
        .filter(|_| rng.chance(percent, 100))
        .collect();
    rng.shuffle(&mut removed);
    Case { n, removed }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_counts_and_sample_sticks() {
        assert_eq!(squares(5).len(), 55);
        // n = 3: the unit square in row 1, column 2 has sticks 10 (top), 17 (bottom), 13, 14 (sides).
        let mut sq = squares(3)[5].clone();
        sq.sort_unstable();
        assert_eq!(sq, [10, 13, 14, 17]);
    }

    #[test]
    fn brute_force_reproduces_the_small_complete_grids_and_the_sample() {
        for n in 1..=3 {
            assert_eq!(min_removals(n, &[], u64::MAX), Some(COMPLETE_GRID[n - 1]));
        }
        assert_eq!(min_removals(3, &[12, 17, 23], u64::MAX), Some(3));
        assert_eq!(min_removals(4, &[], 1000), None);
    }
}
