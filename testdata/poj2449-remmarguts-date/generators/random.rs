//! Random input generator of POJ 2449 "Remmarguts' Date", for stress runs: `random SEED SIZE` prints one
//! valid input (`N M`, M edges `A B T`, `S T K`) to stdout.
//!
//! Size:   1..=100 sets the graph and K: SIZE 1 is N ≤ 2, M ≤ 2, K ≤ 2, times ≤ 3; M is drawn up to
//!         2 + 99,998·((SIZE−1)/99)³, N up to 2 + 998·(SIZE−1)/99 and to 2 + M/d for a random d in 1..=4
//!         (one to four edges a vertex), K up to 2 + 998·(SIZE−1)/99, times up to 3 + 97·(SIZE−1)/99: the
//!         statement's limits (100,000, 1000, 1000, 100) at SIZE 100.
//! Aim:    small graphs with cycles, self-loops and parallel edges (they come up by themselves when M is
//!         near N or above), S = T one time in four (the empty walk must not count), one graph in four
//!         acyclic (edges only from a lower to a higher vertex) so that K often exceeds the number of walks
//!         (-1), and T often unreachable in sparse graphs.
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
}

/// `lo` at SIZE 1 to `hi` at SIZE 100, in a straight line.
fn linear(size: u64, lo: u64, hi: u64) -> u64 {
    lo + (hi - lo) * (size - 1) / 99
}

/// `lo` at SIZE 1 to `hi` at SIZE 100, growing with the cube of SIZE: counts stay small over most sizes.
fn cubic(size: u64, lo: u64, hi: u64) -> u64 {
    lo + (hi - lo) * (size - 1).pow(3) / 99u64.pow(3)
}

fn generate(rng: &mut Rng, size: u64) -> String {
    // Edges first, then about one to four edges a vertex: sparse graphs leave T out of reach.
    let m = rng.range(0, cubic(size, 2, 100_000));
    let per_vertex = rng.range(1, 4);
    let n = rng.range(1, (m / per_vertex + 2).min(linear(size, 2, 1000)));
    let max_time = linear(size, 3, 100);
    let acyclic = n > 1 && rng.chance(1, 4);
    let mut text = format!("{n} {m}\n");
    for _ in 0..m {
        let (mut a, mut b) = (rng.range(1, n), rng.range(1, n));
        if acyclic {
            while a == b {
                b = rng.range(1, n);
            }
            if a > b {
                std::mem::swap(&mut a, &mut b);
            }
        }
        text += &format!("{a} {b} {}\n", rng.range(1, max_time));
    }
    let source = rng.range(1, n);
    let target = if rng.chance(1, 4) {
        source
    } else {
        rng.range(1, n)
    };
    let k = rng.range(1, linear(size, 2, 1000));
    text += &format!("{source} {target} {k}\n");
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
