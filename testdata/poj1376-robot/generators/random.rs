//! Random input generator of POJ 1376 "Robot", for stress runs: `random SEED SIZE` prints one valid input
//! of the official group (blocks, then `0 0`; the start and the destination crossings the robot can stand
//! on) to stdout.
//!
//! Size:   1..=100 sets the stores' sides and how many blocks: SIZE 1 is one 2×2 store, empty, start and
//!         destination the one crossing inside it; sides are drawn up to 2 + 48·(SIZE−1)/99 (50 at SIZE
//!         100, the statement's limit), at most 1 + 29·((SIZE−1)/99)³ blocks (POJ sets no count; the
//!         committed files hold up to 30).
//! Aim:    obstacles at a random density of 0–30% (the denser stores wall the destination off: -1), the start
//!         equal to the destination one time in ten, every heading; the four squares round both crossings
//!         are cleared so they can be stood on.
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

    /// A uniformly chosen element of a non-empty slice.
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.range(0, items.len() as u64 - 1) as usize]
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

/// One block as input text: an M×N store, a start and a destination crossing with their four squares
/// free, a heading.
fn block(rng: &mut Rng, max_side: u64) -> String {
    let (m, n) = (
        rng.range(2, max_side) as usize,
        rng.range(2, max_side) as usize,
    );
    let density = rng.range(0, 30);
    let mut blocked: Vec<Vec<bool>> = (0..m)
        .map(|_| (0..n).map(|_| rng.chance(density, 100)).collect())
        .collect();
    // A crossing inside the floor: row 1..=M−1, column 1..=N−1 (the border is never allowed).
    let crossing = |rng: &mut Rng| {
        (
            rng.range(1, m as u64 - 1) as usize,
            rng.range(1, n as u64 - 1) as usize,
        )
    };
    let start = crossing(rng);
    let destination = if rng.chance(1, 10) {
        start
    } else {
        crossing(rng)
    };
    for (r, c) in [start, destination] {
        for (sr, sc) in [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)] {
            blocked[sr][sc] = false;
        }
    }
    let mut text = format!("{m} {n}\n");
    for row in &blocked {
        let cells: Vec<&str> = row.iter().map(|&b| if b { "1" } else { "0" }).collect();
        text += &cells.join(" ");
        text += "\n";
    }
    let heading = rng.pick(&["north", "south", "east", "west"]);
    text += &format!(
        "{} {} {} {} {heading}\n",
        start.0, start.1, destination.0, destination.1
    );
    text
}

fn generate(rng: &mut Rng, size: u64) -> String {
    let max_side = linear(size, 2, 50);
    let blocks = rng.range(1, cubic(size, 1, 30));
    let text: String = (0..blocks).map(|_| block(rng, max_side)).collect();
    text + "0 0\n"
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
