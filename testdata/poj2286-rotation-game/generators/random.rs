//! Random input generator of POJ 2286 "The Rotation Game", for stress runs: `random SEED SIZE` prints one
//! valid input of the official group (1 to 30 boards a line, then `0`) to stdout.
//!
//! Size:   1..=100 sets how deep the boards are and how many: SIZE 1 is one board solved or one move from
//!         solved; a board is a solved one scrambled by up to 1 + 15·(SIZE−1)/99 random moves or, from SIZE
//!         2 on more and more often (half the time at SIZE 100), uniformly random (typically 8 to 11 moves
//!         deep, at most 13); at most 1 + 29·((SIZE−1)/99)³ boards (the statement's 30 at SIZE 100).
//! Aim:    the scrambles give every depth, boards already solved ("No moves needed"), and ties between
//!         equally short answers (the alphabetically first is demanded).
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

/// The cells (1..=24) of each move's line, from the end the blocks move toward: the statement's picture.
const LINES: [[usize; 7]; 8] = [
    [1, 3, 7, 12, 16, 21, 23],
    [2, 4, 9, 13, 18, 22, 24],
    [11, 10, 9, 8, 7, 6, 5],
    [20, 19, 18, 17, 16, 15, 14],
    [24, 22, 18, 13, 9, 4, 2],
    [23, 21, 16, 12, 7, 3, 1],
    [14, 15, 16, 17, 18, 19, 20],
    [5, 6, 7, 8, 9, 10, 11],
];
/// The move that undoes move i (A↔F, B↔E, C↔H, D↔G).
const UNDO: [usize; 8] = [5, 4, 7, 6, 1, 0, 3, 2];
const CENTRE: [usize; 8] = [7, 8, 9, 12, 13, 16, 17, 18];

/// A board: `board[c - 1]` is the symbol in cell c.
type Board = [u8; 24];

fn rotate(board: &mut Board, m: usize) {
    let line = LINES[m];
    let pushed_off = board[line[0] - 1];
    for i in 0..6 {
        board[line[i] - 1] = board[line[i + 1] - 1];
    }
    board[line[6] - 1] = pushed_off;
}

/// A solved board (one symbol in the centre, the other two shuffled over the rest) after `moves` random
/// moves, none undoing the one before.
fn scrambled(rng: &mut Rng, moves: u64) -> Board {
    let centre = rng.range(1, 3) as u8;
    let mut others: Vec<u8> = (1..=3)
        .filter(|&s| s != centre)
        .flat_map(|s| [s; 8])
        .collect();
    rng.shuffle(&mut others);
    let mut board = [centre; 24];
    let outer = (1..=24).filter(|c| !CENTRE.contains(c));
    for (cell, symbol) in outer.zip(others) {
        board[cell - 1] = symbol;
    }
    let mut last = usize::MAX;
    for _ in 0..moves {
        let m = loop {
            let m = rng.range(0, 7) as usize;
            if last == usize::MAX || m != UNDO[last] {
                break m;
            }
        };
        rotate(&mut board, m);
        last = m;
    }
    board
}

fn generate(rng: &mut Rng, size: u64) -> String {
    let mut text = String::new();
    for _ in 0..rng.range(1, cubic(size, 1, 30)) {
        let board = if size > 1 && rng.chance(linear(size, 0, 50), 100) {
            let mut board: Board = [0; 24];
            for (i, cell) in board.iter_mut().enumerate() {
                *cell = (i / 8) as u8 + 1;
            }
            rng.shuffle(&mut board);
            board
        } else {
            let moves = rng.range(0, linear(size, 1, 16));
            scrambled(rng, moves)
        };
        let cells: Vec<String> = board.iter().map(|s| s.to_string()).collect();
        text += &cells.join(" ");
        text += "\n";
    }
    text + "0\n"
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
