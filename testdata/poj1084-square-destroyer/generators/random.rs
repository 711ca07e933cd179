//! Random input generator of POJ 1084 "Square Destroyer", for stress runs: `random SEED SIZE` prints one
//! valid input of the official group (T, then T cases of `n` and the removed sticks, each named once) to
//! stdout.
//!
//! Size:   1..=100 sets the grids and how many: SIZE 1 is one 1×1 grid; n is drawn up to 1 + 4·(SIZE−1)/99
//!         (5 at SIZE 100, the statement's limit), mostly the largest allowed; at most 1 + 39·((SIZE−1)/99)³
//!         cases (POJ sets no count; the committed files hold 40).
//! Aim:    each stick gone with a random probability of 0–60%, listed in random order; complete grids
//!         (`0`) one time in ten. The reference is a brute force over stick sets, so a grid whose sets it
//!         would try exceed `BUDGET` (bounded from above by a greedy solution) is drawn again: the complete
//!         4×4 and 5×5 grids stay in (the reference has their answers from the statement), but 4×4 and 5×5
//!         grids with few sticks gone are rare.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; the same SEED and SIZE print the same
//!         bytes. scripts/testgen/tests/generators.rs runs it on a spread of seeds and sizes through the
//!         package's input validator.
use std::io::{self, Write};

/// SplitMix64 (Steele, Lea, Flood 2014): std has no generator, and a seed must give the same input again.
struct Rng(u64);

impl Rng {
    /// The stream of one (seed, size): another size starts elsewhere, not on the same draws.
    fn new(seed: u64, size: u64) -> Rng {
        Rng(seed ^ size.wrapping_mul(0xA076_1D64_78BD_642F))
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`, by Lemire's multiply-shift.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + ((self.next_u64() as u128 * (hi - lo + 1) as u128) >> 64) as u64
    }

    /// True with probability `num / den`.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.range(0, den - 1) < num
    }

    /// Fisher–Yates.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.range(0, i as u64) as usize);
        }
    }
}

/// `lo` at SIZE 1 to `hi` at SIZE 100, in a straight line.
fn linear(size: u64, lo: u64, hi: u64) -> u64 {
    lo + (hi - lo) * (size - 1) / 99
}

/// `lo` at SIZE 1 to `hi` at SIZE 100, growing with the cube of SIZE: counts stay small over most sizes.
fn cubic(size: u64, lo: u64, hi: u64) -> u64 {
    lo + (hi - lo) * (size - 1).pow(3) / 99u64.pow(3)
}

/// Bound on the stick sets the reference may have to try for one grid. The bound is loose: with it, files
/// of 40 cases at SIZE 100 took the reference at most 0.7 s (40 seeds), and answers up to 9 come up.
const BUDGET: u64 = 50_000_000;

/// Every square of the n×n grid (any size, any place) as its border sticks, numbered as the statement does:
/// row by row, each grid line's horizontal sticks, then the vertical sticks below it.
fn squares(n: usize) -> Vec<Vec<usize>> {
    let horizontal = |y: usize, x: usize| y * (2 * n + 1) + x + 1;
    let vertical = |y: usize, x: usize| y * (2 * n + 1) + n + x + 1;
    let mut all = Vec::new();
    for size in 1..=n {
        for top in 0..=n - size {
            for left in 0..=n - size {
                let mut border = Vec::new();
                for i in 0..size {
                    border.extend([horizontal(top, left + i), horizontal(top + size, left + i)]);
                    border.extend([vertical(top + i, left), vertical(top + i, left + size)]);
                }
                all.push(border);
            }
        }
    }
    all
}

/// An upper bound on the stick sets the reference's brute force tries for this grid: the sets of each
/// size up to a greedy solution's (the most intact squares broken by each stick), drawn from the sticks on
/// intact squares.
fn brute_force_sets(n: usize, removed: &[usize]) -> u64 {
    let mut intact: Vec<Vec<usize>> = squares(n)
        .into_iter()
        .filter(|square| square.iter().all(|s| !removed.contains(s)))
        .collect();
    let mut candidates: Vec<usize> = intact.iter().flatten().copied().collect();
    candidates.sort_unstable();
    candidates.dedup();
    let mut greedy = 0;
    while !intact.is_empty() {
        let best = candidates
            .iter()
            .copied()
            .max_by_key(|s| intact.iter().filter(|square| square.contains(s)).count())
            .unwrap();
        intact.retain(|square| !square.contains(&best));
        greedy += 1;
    }
    // Σ C(c, s) for s = 0..=greedy, saturating.
    let c = candidates.len() as u64;
    let (mut sum, mut binomial) = (1u64, 1u64);
    for s in 1..=greedy as u64 {
        binomial = binomial.saturating_mul(c + 1 - s) / s;
        sum = sum.saturating_add(binomial);
    }
    sum
}

/// One case: an n×n grid with a random set of sticks gone, cheap enough for the reference.
fn case(rng: &mut Rng, size: u64) -> (usize, Vec<usize>) {
    let largest = linear(size, 1, 5);
    loop {
        let n = match rng.chance(3, 4) {
            true => largest,
            false => rng.range(1, largest),
        } as usize;
        let percent = if rng.chance(1, 10) {
            0
        } else {
            rng.range(0, 60)
        };
        let mut removed: Vec<usize> = (1..=2 * n * (n + 1))
            .filter(|_| rng.chance(percent, 100))
            .collect();
        rng.shuffle(&mut removed);
        if (removed.is_empty() && n >= 4) || brute_force_sets(n, &removed) <= BUDGET {
            return (n, removed);
        }
    }
}

fn generate(rng: &mut Rng, size: u64) -> String {
    let cases = rng.range(1, cubic(size, 1, 40));
    let mut text = format!("{cases}\n");
    for _ in 0..cases {
        let (n, removed) = case(rng, size);
        text += &format!("{n}\n{}", removed.len());
        for s in removed {
            text += &format!(" {s}");
        }
        text += "\n";
    }
    text
}

/// `random SEED SIZE`: one input on stdout; exit 2 with a usage line on bad arguments.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [seed, size] => seed.parse::<u64>().ok().zip(size.parse::<u64>().ok()),
        _ => None,
    };
    let Some((seed, size @ 1..=100)) = parsed else {
        eprintln!("usage: random SEED SIZE  (SEED an unsigned 64-bit integer, SIZE in 1..=100)");
        std::process::exit(2);
    };
    let input = generate(&mut Rng::new(seed, size), size);
    io::stdout().write_all(input.as_bytes()).expect("stdout");
}
