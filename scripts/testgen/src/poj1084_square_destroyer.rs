//! Reference solver for `poj1084-square-destroyer` (independent of `problems/poj1084-square-destroyer/src/main.rs`).
//!
//! Brute force: try every set of sticks by increasing size, and stop at the first set whose removal leaves
//! no square intact. Only sticks lying on some intact square can matter (removing any other stick changes
//! nothing), so the sets are drawn from those. The cost is the number of sets tried, which a `budget` caps:
//! fine for n ≤ 3 and for larger grids with many sticks gone; the complete 4×4 and 5×5 grids are out of
//! reach and take their answers from the statement's table instead.

/// Fewest removals for the complete n×n grid, n = 1..=5, as the statement gives them.
pub const COMPLETE_GRID: [usize; 5] = [1, 3, 6, 9, 14];

/// One case of the input: the grid size and the sticks already removed.
#[derive(Clone, Debug)]
pub struct Case {
    pub n: usize,
    pub removed: Vec<usize>,
}

impl Case {
    /// The case of an n×n grid with `removed` gone.
    pub fn new(n: usize, removed: &[usize]) -> Case {
        Case {
            n,
            removed: removed.to_vec(),
        }
    }
}

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

/// Stick number of the horizontal stick on grid line `y` (0..=n), column `x` (0..n).
fn horizontal(n: usize, y: usize, x: usize) -> usize {
    y * (2 * n + 1) + x + 1
}

/// Stick number of the vertical stick in grid row `y` (0..n), on grid line `x` (0..=n).
fn vertical(n: usize, y: usize, x: usize) -> usize {
    y * (2 * n + 1) + n + x + 1
}

/// Every square of the grid (any size, any place) as the list of its border stick numbers.
pub fn squares(n: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    for size in 1..=n {
        for top in 0..=n - size {
            for left in 0..=n - size {
                let mut border = Vec::new();
                for i in 0..size {
                    border.push(horizontal(n, top, left + i));
                    border.push(horizontal(n, top + size, left + i));
                    border.push(vertical(n, top + i, left));
                    border.push(vertical(n, top + i, left + size));
                }
                all.push(border);
            }
        }
    }
    all
}

/// The fewest further removals, or `None` if more than `budget` candidate sets would have to be tried.
pub fn min_removals(n: usize, removed: &[usize], budget: u64) -> Option<usize> {
    let sticks = 2 * n * (n + 1);
    let mut gone = vec![false; sticks + 1];
    for &s in removed {
        gone[s] = true;
    }
    let intact: Vec<Vec<usize>> = squares(n)
        .into_iter()
        .filter(|sq| sq.iter().all(|&s| !gone[s]))
        .collect();
    let mut candidates: Vec<usize> = intact.iter().flatten().copied().collect();
    candidates.sort_unstable();
    candidates.dedup();
    let mut tried = 0u64;
    for size in 0..=candidates.len() {
        let mut chosen = Vec::new();
        let found = try_sets(&candidates, size, &mut chosen, &intact, &mut tried, budget)?;
        if found {
            return Some(size);
        }
    }
    unreachable!("removing every candidate stick destroys every square")
}

/// Tries every `size`-subset of `candidates` extending `chosen`; `None` once over budget.
fn try_sets(
    candidates: &[usize],
    size: usize,
    chosen: &mut Vec<usize>,
    intact: &[Vec<usize>],
    tried: &mut u64,
    budget: u64,
) -> Option<bool> {
    if chosen.len() == size {
        *tried += 1;
        if *tried > budget {
            return None;
        }
        let destroyed = |sq: &Vec<usize>| sq.iter().any(|s| chosen.contains(s));
        return Some(intact.iter().all(destroyed));
    }
    for (i, &stick) in candidates.iter().enumerate() {
        if candidates.len() - i < size - chosen.len() {
            break;
        }
        chosen.push(stick);
        let found = try_sets(&candidates[i + 1..], size, chosen, intact, tried, budget);
        chosen.pop();
        if found != Some(false) {
            return found;
        }
    }
    Some(false)
}

/// The reference answer for one case: the statement's table for complete grids with n ≥ 4, else brute force
/// with a budget of `budget` sets.
pub fn answer(case: &Case, budget: u64) -> Option<usize> {
    if case.removed.is_empty() && case.n >= 4 {
        return Some(COMPLETE_GRID[case.n - 1]);
    }
    min_removals(case.n, &case.removed, budget)
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
