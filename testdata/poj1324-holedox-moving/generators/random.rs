//! Random input generator of POJ 1324 "Holedox Moving", for stress runs: `random SEED SIZE` prints one valid
//! input (lairs, then `0 0 0`) to stdout.
//!
//! Size:   1..=100 sets the lairs' sides, the snake's length and how many lairs: SIZE 1 is one lair of at
//!         most 2×2 with a 2-block snake; sides are drawn up to 2 + 18·(SIZE−1)/99 (20 at SIZE 100, the
//!         statement's limit), the length up to 2 + 6·(SIZE−1)/99 (8), at most 1 + 4·((SIZE−1)/99)³ lairs
//!         (POJ sets no count; the reference's BFS needs up to seconds for an open 20×20 lair).
//! Aim:    sides mostly in the upper half of what the size allows, sometimes one or two cells wide; the
//!         snake a random self-avoiding walk, its head on (1, 1) or next to it one time in eight; stones at
//!         a random density of 0–40%, sometimes on (1, 1) itself (-1); blank lines between lairs at random (the statement allows them; CR LF
//!         line ends are the layout group's, which the input validator takes only with the `layout` flag).
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

/// One lair as input text: `n m L`, the body head first, `K` and the stones (1-based cells).
fn lair(rng: &mut Rng, size: u64) -> String {
    let max_side = linear(size, 2, 20);
    // Sides mostly in the upper half of what the size allows, sometimes anything down to one cell wide.
    let side = |rng: &mut Rng| match rng.chance(3, 4) {
        true => rng.range((max_side + 1) / 2, max_side) as i32,
        false => rng.range(1, max_side) as i32,
    };
    let (n, m) = loop {
        let (n, m) = (side(rng), side(rng));
        if n * m >= 2 {
            break (n, m);
        }
    };
    let inside = |(r, c): (i32, i32)| r >= 1 && r <= n && c >= 1 && c <= m;
    let want = rng.range(2, linear(size, 2, 8)) as usize;
    let body = loop {
        let head = if rng.chance(1, 8) {
            rng.pick(&[(1, 1), (1, 2), (2, 1)])
        } else {
            (rng.range(1, n as u64) as i32, rng.range(1, m as u64) as i32)
        };
        if !inside(head) {
            continue;
        }
        let mut body = vec![head];
        while body.len() < want {
            let (r, c) = *body.last().unwrap();
            // By value in every edition (2015 and 2018's `[…].into_iter()` iterates references).
            let next: Vec<(i32, i32)> =
                IntoIterator::into_iter([(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)])
                    .filter(|&cell| inside(cell) && !body.contains(&cell))
                    .collect();
            if next.is_empty() {
                break;
            }
            body.push(rng.pick(&next));
        }
        if body.len() >= 2 {
            break body;
        }
    };
    let density = rng.range(0, 40);
    let mut stones: Vec<(i32, i32)> = (1..=n)
        .flat_map(|r| (1..=m).map(move |c| (r, c)))
        .filter(|cell| !body.contains(cell) && rng.chance(density, 100))
        .collect();
    rng.shuffle(&mut stones);
    let mut text = format!("{n} {m} {}\n", body.len());
    for (r, c) in &body {
        text += &format!("{r} {c}\n");
    }
    text += &format!("{}\n", stones.len());
    for (r, c) in &stones {
        text += &format!("{r} {c}\n");
    }
    text
}

fn generate(rng: &mut Rng, size: u64) -> String {
    let mut text = String::new();
    for _ in 0..rng.range(1, cubic(size, 1, 5)) {
        text += &lair(rng, size);
        if rng.chance(1, 2) {
            text += "\n";
        }
    }
    text + "0 0 0\n"
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
