//! POJ 1084 "Square Destroyer": the fewest matchsticks to remove so that no square of any size survives.
//!
//! Input:  T, then per case a line `n` (1..=5) and a line `k s1 … sk` (sticks already gone).
//! Output: one integer per case, the fewest further sticks to remove.
//! Method: IDA* over the set of present sticks (one `u64`). Some stick of the smallest intact square must
//!         go, so the search branches on its sticks only; branch j removes the j-th stick and promises to
//!         keep the ones tried before it, so no removal set is searched twice. Bound h = a greedy packing
//!         of intact squares pairwise disjoint in their removable (not kept) sticks: each needs a removal
//!         of its own, so h never overestimates (admissible), and g + h prunes a branch as soon as it
//!         cannot meet the bound; an intact square with every stick kept ends the branch.
//!         Why IDA* rather than A*: the states are subsets of 60 sticks and every answer is ≤ 14 deep, so a
//!         depth-first search with an increasing bound needs no memory; A*'s open list of stick sets would
//!         cost memory without saving work (a transposition table saved only ~15% of the nodes in a trial).
//! Cost:   the complete 5×5 grid (answer 14, 31k nodes) ~5 ms, 4×4 0.1 ms; the slowest of 20,000 random
//!         5×5 grids missing ≤ 12 sticks (14, 29, 47 gone, answer 13, 241k nodes) ~23 ms; the kept-stick
//!         rule made that scan 3× faster (benches/benches/poj1084-square-destroyer.rs).
//! Status: agrees with a brute force over removal sets by increasing size (scripts/testgen,
//!         `poj1084_square_destroyer`) on every grid n ≤ 2 (4,112) and 3,000 random grids n = 1..5 (≥ 300
//!         of each size); the complete grids give 1, 3, 6, 9, 14 (tests/poj1084-square-destroyer.rs).
use std::fmt::Debug;
use std::io::{self, Read, Write};
use std::ops::RangeBounds;

// ---------------------------------------------------------------- model

/// Largest grid the problem allows: 2·5·6 = 60 sticks fit one `u64`.
const MAX_N: usize = 5;

/// The squares of an n×n grid, each a mask of its border sticks (bit s-1 for stick s), smallest first.
pub struct Grid {
    squares: Vec<u64>,
    all_sticks: u64,
}

impl Grid {
    /// Numbering from the statement: row stride 2n+1; the square at 0-based (r, c) of size 1 has top stick
    /// r(2n+1)+c+1, bottom (r+1)(2n+1)+c+1, left r(2n+1)+n+c+1, right r(2n+1)+n+c+2.
    pub fn new(n: usize) -> Grid {
        let stride = 2 * n + 1;
        let bit = |stick: usize| 1u64 << (stick - 1);
        let mut squares = Vec::new();
        for size in 1..=n {
            for r in 0..=n - size {
                for c in 0..=n - size {
                    let mut mask = 0;
                    for i in 0..size {
                        mask |= bit(r * stride + c + i + 1); // top
                        mask |= bit((r + size) * stride + c + i + 1); // bottom
                        mask |= bit((r + i) * stride + n + c + 1); // left
                        mask |= bit((r + i) * stride + n + c + size + 1); // right
                    }
                    squares.push(mask);
                }
            }
        }
        let sticks = 2 * n * (n + 1);
        Grid {
            squares,
            all_sticks: (1u64 << sticks) - 1,
        }
    }

    fn stick_count(&self) -> usize {
        self.all_sticks.count_ones() as usize
    }

    /// The first (so smallest) square whose every border stick is present.
    fn smallest_intact(&self, present: u64) -> Option<u64> {
        self.squares.iter().copied().find(|&sq| sq & present == sq)
    }

    /// Admissible bound: intact squares taken greedily, each sharing no removable stick (one not `kept`)
    /// with a square taken before, so each needs a removal of its own. `None` if an intact square has
    /// every stick kept: no removal set in this branch can break it.
    fn disjoint_intact(&self, present: u64, kept: u64) -> Option<u32> {
        let mut taken = 0u64;
        let mut count = 0;
        for &square in self.squares.iter().filter(|&&sq| sq & present == sq) {
            let removable = square & !kept;
            if removable == 0 {
                return None;
            }
            if removable & taken == 0 {
                taken |= removable;
                count += 1;
            }
        }
        Some(count)
    }
}

// ---------------------------------------------------------------- search

/// Whether the depth-first probe under one bound found a removal set.
enum Probe {
    Found,
    /// The smallest f = g + h that exceeded the bound: the next bound worth trying.
    Exceeded(u32),
}

/// IDA*: the fewest sticks to remove from `present` so that no square of `grid` stays intact.
pub fn min_removals(grid: &Grid, present: u64) -> u32 {
    let mut bound = 0;
    loop {
        match probe(grid, present, 0, 0, bound) {
            Probe::Found => return bound,
            Probe::Exceeded(next) => bound = next,
        }
    }
}

/// Depth-first search below `bound` from the sticks `present`, `g` removed so far; the sticks in `kept`
/// are promised to stay in this branch.
fn probe(grid: &Grid, present: u64, kept: u64, g: u32, bound: u32) -> Probe {
    let Some(h) = grid.disjoint_intact(present, kept) else {
        return Probe::Exceeded(u32::MAX); // a dead end under every bound
    };
    if g + h > bound {
        return Probe::Exceeded(g + h);
    }
    let Some(square) = grid.smallest_intact(present) else {
        return Probe::Found;
    };
    // One of the square's removable sticks must go. Branch j removes the j-th and keeps those tried
    // before it, so the branches split the removal sets instead of meeting each set in every order.
    let mut kept = kept;
    let mut next = u32::MAX;
    let mut sticks = square & !kept;
    while sticks != 0 {
        let stick = sticks & sticks.wrapping_neg(); // lowest set bit
        sticks ^= stick;
        match probe(grid, present & !stick, kept, g + 1, bound) {
            Probe::Found => return Probe::Found,
            Probe::Exceeded(f) => next = next.min(f),
        }
        kept |= stick;
    }
    Probe::Exceeded(next)
}

// ---------------------------------------------------------------- io

/// The next token as a number in `range`; `Err` says what was expected and what came instead.
fn number<'a>(
    tokens: &mut impl Iterator<Item = &'a str>,
    what: &str,
    range: impl RangeBounds<usize> + Debug,
) -> Result<usize, String> {
    let token = tokens.next().unwrap_or_default();
    match token.parse() {
        Ok(value) if range.contains(&value) => Ok(value),
        _ if token.is_empty() => Err(format!("expected {what}, found end of input")),
        _ => Err(format!("expected {what} in {range:?}, found `{token}`")),
    }
}

/// Reads every case and returns one answer line per case.
pub fn solve(input: &str) -> Result<String, String> {
    let mut tokens = input.split_ascii_whitespace();
    let cases = number(&mut tokens, "the number of cases", 0..)?;
    let mut output = String::new();
    for _ in 0..cases {
        let grid = Grid::new(number(&mut tokens, "the grid size n", 1..=MAX_N)?);
        let gone = number(&mut tokens, "the count of removed sticks", 0..)?;
        let mut present = grid.all_sticks;
        for _ in 0..gone {
            let stick = number(&mut tokens, "a stick number", 1..=grid.stick_count())?;
            present &= !(1u64 << (stick - 1));
        }
        output += &format!("{}\n", min_removals(&grid, present));
    }
    Ok(output)
}

/// Reads all of stdin, solves it, writes the answer once; malformed input is exit 1 with one line on stderr.
fn main() {
    let mut input = String::new();
    let answer = match io::stdin().read_to_string(&mut input) {
        Ok(_) => solve(&input),
        Err(_) => Err("expected UTF-8 text on stdin".to_string()),
    };
    let written = answer.and_then(|output| {
        let mut stdout = io::stdout().lock();
        stdout
            .write_all(output.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write the answer: {e}"))
    });
    if let Err(message) = written {
        eprintln!("{message}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_lists_every_square_smallest_first() {
        let grid = Grid::new(5);
        let sizes: Vec<u32> = (1..=5)
            .flat_map(|k| vec![k; (6 - k as usize).pow(2)])
            .collect();
        let sticks: Vec<u32> = grid.squares.iter().map(|sq| sq.count_ones()).collect();
        assert_eq!(sticks, sizes.iter().map(|k| 4 * k).collect::<Vec<_>>());
        assert_eq!(grid.stick_count(), 60);
    }

    #[test]
    fn unit_square_sticks_follow_the_statement() {
        // n = 3, square (1, 2): top 7+2+1 = 10, bottom 14+3 = 17, left 7+3+2+1 = 13, right 14.
        let want = [10, 17, 13, 14].iter().fold(0u64, |m, s| m | 1 << (s - 1));
        assert_eq!(Grid::new(3).squares[5], want);
    }

    #[test]
    fn bound_counts_squares_disjoint_in_their_removable_sticks() {
        let grid = Grid::new(2);
        let all = grid.all_sticks;
        // Four unit squares of a 2×2 grid: only diagonal pairs are disjoint, so the packing takes two.
        assert_eq!(grid.disjoint_intact(all, 0), Some(2));
        // With the centre cross (4, 6, 7, 9) kept, the unit squares share no removable stick.
        let cross = (1 << 3) | (1 << 5) | (1 << 6) | (1 << 8);
        assert_eq!(grid.disjoint_intact(all, cross), Some(4));
        assert_eq!(grid.disjoint_intact(all, all), None);
        assert_eq!(grid.disjoint_intact(0, all), Some(0));
    }

    #[test]
    fn complete_grids() {
        let answers: Vec<u32> = (1..=5)
            .map(|n| {
                let grid = Grid::new(n);
                min_removals(&grid, grid.all_sticks)
            })
            .collect();
        assert_eq!(answers, [1, 3, 6, 9, 14]);
    }
}
