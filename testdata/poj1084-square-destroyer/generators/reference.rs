//! Reference solver of POJ 1084 "Square Destroyer", independent of the model solution: the fewest further
//! sticks whose removal leaves no square of the grid intact.
//!
//! Usage:  reference < input   (a valid input: T, then T cases of `n` and `k s1 … sk`)
//! Output: one line per case: the lines the committed `.ans` files hold.
//! Method: brute force: try every set of sticks by increasing size, and stop at the first set whose removal
//!         leaves no square intact. Only sticks lying on some intact square can matter (removing any other
//!         stick changes nothing), so the sets are drawn from those. The complete 4×4 and 5×5 grids are out
//!         of its reach and take their answers from the statement's table.
//! Cost:   the number of sets tried, Σ C(candidates, s) for s up to the answer: nothing for n ≤ 3, up to
//!         seconds for a 4×4 or 5×5 grid with few sticks gone (`answer` with a budget says when).
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also
//!         `testgen::poj1084_square_destroyer`'s solver (the generator writes every `.ans` with it, the
//!         problem's tests use it as their oracle); scripts/testgen/tests/generators.rs checks it reproduces
//!         every committed official `.ans`.
use std::io::{self, Read, Write};

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

/// The cases of a valid input.
pub fn parse(input: &str) -> Vec<Case> {
    let mut numbers = input
        .split_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let mut next = move || numbers.next().expect("another number");
    let cases = next();
    (0..cases)
        .map(|_| {
            let n = next();
            let removed: Vec<usize> = (0..next()).map(|_| next()).collect();
            Case { n, removed }
        })
        .collect()
}

/// Reads a valid input on stdin and writes its expected output once (an invalid one panics).
fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("UTF-8 text on stdin");
    let lines: String = parse(&input)
        .iter()
        .map(|case| format!("{}\n", answer(case, u64::MAX).expect("no budget")))
        .collect();
    io::stdout().write_all(lines.as_bytes()).expect("stdout");
}
