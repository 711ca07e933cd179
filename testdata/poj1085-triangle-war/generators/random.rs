//! Random input generator of POJ 1085 "Triangle War", for stress runs: `random SEED SIZE` prints one valid
//! input (the count of games, then each game's m and m segments `i j`, i < j) to stdout.
//!
//! Size:   1..=100 sets how many games and how early in the game they stop: SIZE 1 is one game of 16 to 18
//!         moves (little left to play); the fewest moves falls from 16 to 6 (the statement's least) as SIZE
//!         grows, the most stays 18; at most 1 + 9,999·((SIZE−1)/99)³ games (POJ sets no count; the
//!         committed files hold 1,000, the beyond one 100,000).
//! Aim:    half the games are uniformly random orders of the segments, half are played greedily (take a
//!         triangle when one is offered, else avoid offering one), which stalls and then ends in long
//!         chains of extra turns, moves that close two triangles at once, and a mover who is not the one
//!         the move count's parity suggests.
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

/// The nine small triangles by their corner dots (the statement's picture, dots 1..=10 from the top).
const TRIANGLES: [[u8; 3]; 9] = [
    [1, 2, 3],
    [2, 4, 5],
    [2, 3, 5],
    [3, 5, 6],
    [4, 7, 8],
    [4, 5, 8],
    [5, 8, 9],
    [5, 6, 9],
    [6, 9, 10],
];

/// The 18 segments (the triangles' sides, lower dot first), and each triangle as its three segment ids.
fn board() -> (Vec<(u8, u8)>, Vec<[usize; 3]>) {
    let mut segments: Vec<(u8, u8)> = TRIANGLES
        .iter()
        .flat_map(|&[a, b, c]| [(a, b), (a, c), (b, c)])
        .collect();
    segments.sort_unstable();
    segments.dedup();
    let id = |s: (u8, u8)| segments.iter().position(|&t| t == s).unwrap();
    let triangles = TRIANGLES
        .iter()
        .map(|&[a, b, c]| [id((a, b)), id((a, c)), id((b, c))])
        .collect();
    (segments, triangles)
}

/// The first `m` moves of a game: a uniformly random order of the segments, or greedy play.
fn game(rng: &mut Rng, triangles: &[[usize; 3]], m: usize, greedy: bool) -> Vec<usize> {
    let mut drawn = [false; 18];
    let mut moves = Vec::with_capacity(m);
    // How many sides of triangle t are drawn.
    let sides = |drawn: &[bool; 18], t: &[usize; 3]| t.iter().filter(|&&s| drawn[s]).count();
    while moves.len() < m {
        let free: Vec<usize> = (0..18).filter(|&s| !drawn[s]).collect();
        let closing: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&s| {
                triangles
                    .iter()
                    .any(|t| t.contains(&s) && sides(&drawn, t) == 2)
            })
            .collect();
        let safe: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&s| {
                !triangles
                    .iter()
                    .any(|t| t.contains(&s) && sides(&drawn, t) == 1)
            })
            .collect();
        let s = if greedy && !closing.is_empty() && rng.chance(9, 10) {
            rng.pick(&closing)
        } else if greedy && !safe.is_empty() {
            rng.pick(&safe)
        } else {
            rng.pick(&free)
        };
        drawn[s] = true;
        moves.push(s);
    }
    moves
}

fn generate(rng: &mut Rng, size: u64) -> String {
    let (segments, triangles) = board();
    let fewest = 16 - linear(size, 0, 10);
    let games = rng.range(1, cubic(size, 1, 10_000));
    let mut text = format!("{games}\n");
    for _ in 0..games {
        let m = rng.range(fewest, 18) as usize;
        let greedy = rng.chance(1, 2);
        text += &format!("{m}\n");
        for s in game(rng, &triangles, m, greedy) {
            let (i, j) = segments[s];
            text += &format!("{i} {j}\n");
        }
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
