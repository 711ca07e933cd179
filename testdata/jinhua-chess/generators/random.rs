//! Random input generator of "Jinhua Chess", for stress runs: `random SEED SIZE` prints one valid input (T,
//! then T cases of a goal and four rows) to stdout.
//!
//! Size:   1..=100 sets how many cases and how open the boards are: SIZE 1 is one board with 13 to 15 marks
//!         (one to three empty cells); the fewest marks falls from 13 to 6 (the statement's least) as SIZE
//!         grows, the most stays 15; T is at most 1 + 99,999·((SIZE−1)/99)³: the statement's limit,
//!         100,000, at SIZE 100.
//! Aim:    boards uniform among those with their count of marks (`x` first, so `x` has as many marks as
//!         `o` or one more; nobody four in a line), each goal equally often; the lines are laid out as the
//!         statement shows them (CR LF and a single line are the layout group's case
//!         `08-crlf-and-one-line`, which the input validator takes only with the `layout` flag).
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

/// The ten lines of four: rows, columns, the two long diagonals.
const LINES: [[usize; 4]; 10] = [
    [0, 1, 2, 3],
    [4, 5, 6, 7],
    [8, 9, 10, 11],
    [12, 13, 14, 15],
    [0, 4, 8, 12],
    [1, 5, 9, 13],
    [2, 6, 10, 14],
    [3, 7, 11, 15],
    [0, 5, 10, 15],
    [3, 6, 9, 12],
];

/// `pieces` marks placed in turn (`x` first) on random cells, drawn again until nobody has four in a line.
fn random_board(rng: &mut Rng, pieces: usize) -> [u8; 16] {
    loop {
        let mut cells: Vec<usize> = (0..16).collect();
        rng.shuffle(&mut cells);
        let mut board = [b'.'; 16];
        for (turn, &cell) in cells[..pieces].iter().enumerate() {
            board[cell] = if turn % 2 == 0 { b'x' } else { b'o' };
        }
        let four = |line: &[usize; 4]| {
            board[line[0]] != b'.' && line.iter().all(|&i| board[i] == board[line[0]])
        };
        if !LINES.iter().any(four) {
            return board;
        }
    }
}

fn generate(rng: &mut Rng, size: u64) -> String {
    let fewest = 13 - linear(size, 0, 7);
    let cases = rng.range(1, cubic(size, 1, 100_000));
    let mut lines = vec![cases.to_string()];
    for _ in 0..cases {
        let pieces = rng.range(fewest, 15) as usize;
        let board = random_board(rng, pieces);
        lines.push(["win", "lose", "draw"][rng.range(0, 2) as usize].to_string());
        for row in board.chunks(4) {
            lines.push(String::from_utf8(row.to_vec()).unwrap());
        }
    }
    lines.join("\n") + "\n"
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
