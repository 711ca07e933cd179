//! Random input generator of POJ 1475 "Pushing Boxes", for stress runs: `random SEED SIZE` prints one valid
//! input (mazes, then `0 0`) to stdout.
//!
//! Size:   1..=100 sets the mazes' sides and how many mazes: SIZE 1 is one maze of at most 3×3 (at least 3
//!         cells, so a 1×3 corridor can come up); sides are drawn up to 3 + 17·(SIZE−1)/99 (20 at SIZE 100,
//!         the statement's limit), mostly in the upper half; at most 1 + 19·((SIZE−1)/99)³ mazes (POJ sets
//!         no count).
//! Aim:    rock at a random density of up to 10% (SIZE 1) to 40% (SIZE 100), `S`, `B`, `T` on distinct
//!         free cells, the box next to the target with room to push it there one time in three, else mostly
//!         not in a corner where it could never move; mazes one cell wide sometimes. Many are impossible (the box in a
//!         corner, a sealed target), many tie on pushes and differ on walks.
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

/// One maze as input text: `r c` and its rows.
fn maze(rng: &mut Rng, size: u64) -> String {
    let max_side = linear(size, 3, 20);
    // Sides mostly in the upper half of what the size allows, sometimes anything down to one cell wide.
    let side = |rng: &mut Rng| match rng.chance(3, 4) {
        true => rng.range((max_side + 1) / 2, max_side) as usize,
        false => rng.range(1, max_side) as usize,
    };
    let (r, c) = loop {
        let (r, c) = (side(rng), side(rng));
        if r * c >= 3 {
            break (r, c);
        }
    };
    let density = rng.range(0, linear(size, 10, 40));
    let mut rows: Vec<Vec<u8>> = (0..r)
        .map(|_| {
            (0..c)
                .map(|_| if rng.chance(density, 100) { b'#' } else { b'.' })
                .collect()
        })
        .collect();
    let mut cells: Vec<usize> = (0..r * c).collect();
    rng.shuffle(&mut cells);
    let (you, target) = (cells[0], cells[1]);
    // A box in a corner (rock or the edge on two sides at right angles) can never move: mostly avoid that.
    let blocked = |r0: usize, c0: usize, dr: isize, dc: isize| {
        let (nr, nc) = (r0 as isize + dr, c0 as isize + dc);
        nr < 0
            || nc < 0
            || nr >= r as isize
            || nc >= c as isize
            || rows[nr as usize][nc as usize] == b'#'
    };
    let cornered = |b: usize| {
        let (br, bc) = (b / c, b % c);
        (blocked(br, bc, -1, 0) || blocked(br, bc, 1, 0))
            && (blocked(br, bc, 0, -1) || blocked(br, bc, 0, 1))
    };
    let free: Vec<usize> = cells[2..]
        .iter()
        .copied()
        .filter(|&b| !cornered(b))
        .collect();
    let next_to_target: Vec<usize> = cells[2..]
        .iter()
        .copied()
        .filter(|&b| {
            // Next to the target, with room behind it to push from.
            let (br, bc, tr, tc) = ((b / c) as isize, (b % c) as isize, target / c, target % c);
            let (dr, dc) = (br - tr as isize, bc - tc as isize);
            dr.abs() + dc.abs() == 1 && !blocked(br as usize, bc as usize, dr, dc)
        })
        .collect();
    let boxed = if !next_to_target.is_empty() && rng.chance(1, 3) {
        rng.pick(&next_to_target)
    } else if !free.is_empty() && rng.chance(3, 4) {
        rng.pick(&free)
    } else {
        cells[2]
    };
    for (cell, mark) in [(you, b'S'), (boxed, b'B'), (target, b'T')] {
        rows[cell / c][cell % c] = mark;
    }
    let mut text = format!("{r} {c}\n");
    for row in rows {
        text += &String::from_utf8(row).unwrap();
        text += "\n";
    }
    text
}

fn generate(rng: &mut Rng, size: u64) -> String {
    let mazes = rng.range(1, cubic(size, 1, 20));
    let text: String = (0..mazes).map(|_| maze(rng, size)).collect();
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
