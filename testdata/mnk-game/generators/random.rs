//! Random input generator of the m,n,k-game, for stress runs: `random SEED SIZE` prints one valid input
//! (`T`, then T cases `m n k` and m rows of `.xo`) to stdout.
//!
//! Size:   1..=100 sets the number of cases, 1 + 19·(SIZE−1)/99 (1 to 20), the largest side,
//!         2 + 6·(SIZE−1)/99 (2 to 8), and the most empty cells a case keeps, 2 + 8·(SIZE−1)/99 (2 to 10):
//!         the plain minimax of `reference.rs` answers every position it prints (its cost grows with the
//!         empty cells, not the board). SIZE 100 reaches the statement's 8 × 8 boards; its T = 100 and its
//!         empty 8 × 8 boards are past any reference's reach, and the committed testdata has them.
//! Aim:    each case: m and n up to the largest side, k from 1 to max(m, n) (small k one time in three,
//!         where lines are everywhere), then stones placed in turn at random cells, skipping any cell that
//!         would complete a line, until only the empty cells drawn are left; a board that cannot be filled
//!         so far without a line is drawn again with a longer k, then on a smaller board (k = 1 holds only
//!         an empty 1 × 1 board). The side to move follows from the counts, so both sides get to move.
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
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + ((self.next_u64() as u128 * (hi - lo + 1) as u128) >> 64) as usize
    }

    /// Fisher–Yates.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.range(0, i));
        }
    }
}

/// `lo` at SIZE 1 to `hi` at SIZE 100, in a straight line.
fn linear(size: u64, lo: usize, hi: usize) -> usize {
    lo + (hi - lo) * (size as usize - 1) / 99
}

/// Every k-cell window of an m × n board, as cell lists.
fn windows(m: usize, n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    for r in 0..m as i64 {
        for c in 0..n as i64 {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let cells: Vec<usize> = (0..k as i64)
                    .map(|i| (r + dr * i, c + dc * i))
                    .filter(|&(r, c)| r >= 0 && c >= 0 && r < m as i64 && c < n as i64)
                    .map(|(r, c)| r as usize * n + c as usize)
                    .collect();
                if cells.len() == k {
                    all.push(cells);
                }
            }
        }
    }
    all
}

/// A board with up to `stones` stones placed in turn (x first), none completing a line: at each turn a
/// random cell that completes none; the placing stops early where no cell is left for the side to move.
fn board(rng: &mut Rng, m: usize, n: usize, k: usize, stones: usize) -> Vec<u8> {
    let lines = windows(m, n, k);
    let mut board = vec![b'.'; m * n];
    for turn in 0..stones {
        let mark = if turn % 2 == 0 { b'x' } else { b'o' };
        let mut cells: Vec<usize> = (0..board.len()).filter(|&i| board[i] == b'.').collect();
        rng.shuffle(&mut cells);
        let completes = |board: &mut Vec<u8>, cell: usize| {
            board[cell] = mark;
            let line = lines.iter().any(|l| l.iter().all(|&i| board[i] == mark));
            board[cell] = b'.';
            line
        };
        match cells.into_iter().find(|&cell| !completes(&mut board, cell)) {
            Some(cell) => board[cell] = mark,
            None => break,
        }
    }
    board
}

/// One case: `m n k` and its rows. A board that could not be filled to its empty cells without a line
/// is tried again with a longer k (lines are fewer), and at k = max(m, n) on a smaller board: the
/// reference's cost stays bounded by the empty cells.
fn case(rng: &mut Rng, size: u64) -> String {
    let side = linear(size, 2, 8);
    let (mut m, mut n) = (rng.range(1, side), rng.range(1, side));
    let mut k = if rng.range(0, 2) == 0 {
        rng.range(1, m.max(n).min(3))
    } else {
        rng.range(1, m.max(n))
    };
    let most_empty = linear(size, 2, 10);
    let empty = rng.range(1, most_empty).min(m * n);
    loop {
        let board = board(rng, m, n, k, m * n - empty.min(m * n));
        if board.iter().filter(|&&c| c == b'.').count() <= most_empty {
            let rows: String = board
                .chunks(n)
                .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
                .collect();
            return format!("{m} {n} {k}\n{rows}");
        }
        if k < m.max(n) {
            k += 1;
        } else if m >= n {
            m -= 1;
            k = k.min(m.max(n));
        } else {
            n -= 1;
            k = k.min(m.max(n));
        }
    }
}

fn generate(rng: &mut Rng, size: u64) -> String {
    let cases = linear(size, 1, 20);
    let body: String = (0..cases).map(|_| case(rng, size)).collect();
    format!("{cases}\n{body}")
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
