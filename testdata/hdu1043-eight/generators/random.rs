//! Random input generator of HDU 1043 "Eight", for stress runs: `random SEED SIZE` prints one valid input
//! of the official group (trays one a line, tokens one space apart: the plain layout) to stdout.
//!
//! Size:   1..=100 sets how many trays and how far from the goal: SIZE 1 is one tray, the goal or one move
//!         from it; at most 1 + 4,999·((SIZE−1)/99)³ trays (HDU sets no count; its data is evidently a few
//!         thousand, and the committed official file has 5,000), each the goal scrambled by a random walk of
//!         up to 1 + 39·(SIZE−1)/99 moves or, more and more often, a uniformly random tray, solvable or not.
//! Aim:    unsolvable trays at every size (a quarter of them), the goal itself.
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

/// A board row by row, 0 for the blank `x`.
type Board = [u8; 9];

const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// The goal after a random walk of `moves` blank moves, never undoing the move before.
fn scrambled(rng: &mut Rng, moves: u64) -> Board {
    let mut board = GOAL;
    let mut blank = 8usize;
    let mut previous = usize::MAX;
    for _ in 0..moves {
        // By value in every edition (2015 and 2018's `[…].into_iter()` iterates references).
        let options: Vec<usize> = IntoIterator::into_iter([
            blank.wrapping_sub(3),
            blank + 3,
            blank.wrapping_sub(1),
            blank + 1,
        ])
        .filter(|&to| to < 9 && (to / 3 == blank / 3 || to % 3 == blank % 3) && to != previous)
        .collect();
        let to = options[rng.range(0, options.len() as u64 - 1) as usize];
        board.swap(blank, to);
        previous = blank;
        blank = to;
    }
    board
}

/// A uniformly random solvable board: a shuffle, with two tiles swapped when its parity is odd.
fn uniform_solvable(rng: &mut Rng) -> Board {
    let mut board = GOAL;
    rng.shuffle(&mut board);
    let tiles: Vec<u8> = board.iter().copied().filter(|&t| t != 0).collect();
    let inversions = (0..8)
        .flat_map(|i| (i + 1..8).map(move |j| (i, j)))
        .filter(|&(i, j)| tiles[i] > tiles[j])
        .count();
    if inversions % 2 == 1 {
        let a = board.iter().position(|&t| t == tiles[0]).unwrap();
        let b = board.iter().position(|&t| t == tiles[1]).unwrap();
        board.swap(a, b);
    }
    board
}

/// One tray: near the goal at small sizes, uniform more and more often; a quarter of them unsolvable (two
/// tiles of a solvable tray swapped, which flips the parity).
fn tray(rng: &mut Rng, size: u64) -> Board {
    let mut board = if size > 1 && rng.chance(linear(size, 0, 50), 100) {
        uniform_solvable(rng)
    } else {
        let moves = rng.range(0, linear(size, 1, 40));
        scrambled(rng, moves)
    };
    if rng.chance(1, 4) {
        let tiles: Vec<usize> = (0..9).filter(|&i| board[i] != 0).collect();
        let a = rng.range(0, 7) as usize;
        let b = rng.range(0, 6) as usize;
        board.swap(tiles[a], tiles[if b >= a { b + 1 } else { b }]);
    }
    board
}

/// A tray a line, one space between the tokens, none around them (the strict validator's layout; the
/// two-space layout of HDU's sample is a case of the layout group).
fn line(board: &Board) -> String {
    let mut text = String::new();
    for (i, &tile) in board.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        match tile {
            0 => text.push('x'),
            t => text += &t.to_string(),
        }
    }
    text + "\n"
}

fn generate(rng: &mut Rng, size: u64) -> String {
    let count = rng.range(1, cubic(size, 1, 5000));
    (0..count)
        .map(|_| line(&tray(rng, size)))
        .collect()
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
