//! Random input generator of "Go capture", for stress runs: `random SEED SIZE` prints one valid input (nine
//! rows, then `x y c`: the point empty, every group with a liberty) to stdout.
//!
//! Size:   1..=100 sets the patch of the board that holds stones: a square of side 2 + 7·(SIZE−1)/99 (2 at
//!         SIZE 1: at most four stones; 8 from SIZE 86, the whole board at SIZE 100), in a corner, on an edge
//!         or anywhere, filled at a random density of 20–90%. Groups left without a liberty lose stones until
//!         each has one; then more stones are packed in wherever they keep every group alive, and up to two
//!         groups are squeezed (the other colour on all their liberties but one), which leaves groups in
//!         atari at every size.
//! Aim:    the move is, 60% of the time, the last liberty of a group in atari (a capture, or a suicide that
//!         captures), 20% a point whose neighbours are all stones (suicide, or a connection that saves it),
//!         else any empty point of the patch or next to it.
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

const N: usize = 9;

/// Rows of `.`, `X`, `O`.
type Rows = [[u8; N]; N];

fn adjacent(r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
    // `IntoIterator::into_iter`, not `[…].into_iter()`: by value in every edition (2015 and 2018 iterate an
    // array's references there).
    IntoIterator::into_iter([
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ])
    .filter(|&(a, b)| a < N && b < N)
}

/// The liberties of the group of the stone at (r, c), by flood fill.
fn liberties(rows: &Rows, r: usize, c: usize) -> Vec<(usize, usize)> {
    let colour = rows[r][c];
    let mut seen = [[false; N]; N];
    let mut free = Vec::new();
    let mut stack = vec![(r, c)];
    seen[r][c] = true;
    while let Some((r, c)) = stack.pop() {
        for (a, b) in adjacent(r, c) {
            if rows[a][b] == b'.' && !free.contains(&(a, b)) {
                free.push((a, b));
            } else if rows[a][b] == colour && !seen[a][b] {
                seen[a][b] = true;
                stack.push((a, b));
            }
        }
    }
    free
}

/// The stones whose group has no liberty.
fn dead_stones(rows: &Rows) -> Vec<(usize, usize)> {
    (0..N * N)
        .map(|p| (p / N, p % N))
        .filter(|&(r, c)| rows[r][c] != b'.' && liberties(rows, r, c).is_empty())
        .collect()
}

/// The patch that holds stones: (top, left, side), in a corner a third of the time, on an edge a third.
fn patch(rng: &mut Rng, size: u64) -> (usize, usize, usize) {
    let side = linear(size, 2, 9) as usize;
    let far = (N - side) as u64;
    let (top, left) = match rng.range(0, 2) {
        0 => (rng.pick(&[0, far]), rng.pick(&[0, far])),
        1 if rng.chance(1, 2) => (rng.pick(&[0, far]), rng.range(0, far)),
        1 => (rng.range(0, far), rng.pick(&[0, far])),
        _ => (rng.range(0, far), rng.range(0, far)),
    };
    (top as usize, left as usize, side)
}

fn generate(rng: &mut Rng, size: u64) -> String {
    let (top, left, side) = patch(rng, size);
    let inside: Vec<(usize, usize)> = (top..top + side)
        .flat_map(|r| (left..left + side).map(move |c| (r, c)))
        .collect();
    let density = rng.range(20, 90);
    let black = rng.range(30, 70);
    let colour = |rng: &mut Rng| if rng.chance(black, 100) { b'X' } else { b'O' };
    let mut rows: Rows = [[b'.'; N]; N];
    for &(r, c) in &inside {
        if rng.chance(density, 100) {
            rows[r][c] = colour(rng);
        }
    }
    // Each removal frees a liberty, so this ends with every group alive.
    loop {
        let dead = dead_stones(&rows);
        if dead.is_empty() {
            break;
        }
        let (r, c) = rng.pick(&dead);
        rows[r][c] = b'.';
    }
    for _ in 0..rng.range(0, inside.len() as u64) {
        let (r, c) = rng.pick(&inside);
        if rows[r][c] == b'.' {
            rows[r][c] = colour(rng);
            if !dead_stones(&rows).is_empty() {
                rows[r][c] = b'.';
            }
        }
    }
    for _ in 0..rng.range(0, 2) {
        squeeze(rng, &mut rows);
    }
    let (r, c, mover) = target(rng, &rows, &inside);
    let mut text: String = rows
        .iter()
        .map(|row| String::from_utf8(row.to_vec()).unwrap() + "\n")
        .collect();
    text += &format!("{r} {c} {}\n", mover as char);
    text
}

/// Puts a random group in atari: the other colour on all its liberties but one, each stone only where
/// every group keeps a liberty.
fn squeeze(rng: &mut Rng, rows: &mut Rows) {
    let stones: Vec<(usize, usize)> = (0..N * N)
        .map(|p| (p / N, p % N))
        .filter(|&(r, c)| rows[r][c] != b'.')
        .collect();
    if stones.is_empty() {
        return;
    }
    let (r, c) = rng.pick(&stones);
    let other = if rows[r][c] == b'X' { b'O' } else { b'X' };
    let mut free = liberties(rows, r, c);
    rng.shuffle(&mut free);
    for &(a, b) in free.iter().skip(1) {
        rows[a][b] = other;
        if !dead_stones(rows).is_empty() {
            rows[a][b] = b'.';
        }
    }
}

/// The point of the move and its colour: 60% a group's last liberty, by the other colour three times in
/// four (a capture); 20% a point walled by stones; else any empty point of the patch or next to it (any
/// empty point of the board if there is none).
fn target(rng: &mut Rng, rows: &Rows, inside: &[(usize, usize)]) -> (usize, usize, u8) {
    let empty: Vec<(usize, usize)> = (0..N * N)
        .map(|p| (p / N, p % N))
        .filter(|&(r, c)| rows[r][c] == b'.')
        .collect();
    let atari: Vec<(usize, usize)> = empty
        .iter()
        .copied()
        .filter(|&(r, c)| {
            adjacent(r, c).any(|(a, b)| rows[a][b] != b'.' && liberties(rows, a, b).len() == 1)
        })
        .collect();
    let walled: Vec<(usize, usize)> = empty
        .iter()
        .copied()
        .filter(|&(r, c)| adjacent(r, c).all(|(a, b)| rows[a][b] != b'.'))
        .collect();
    let near: Vec<(usize, usize)> = empty
        .iter()
        .copied()
        .filter(|&(r, c)| {
            inside.contains(&(r, c)) || adjacent(r, c).any(|(a, b)| rows[a][b] != b'.')
        })
        .collect();
    let any_colour = |rng: &mut Rng| if rng.chance(1, 2) { b'X' } else { b'O' };
    let roll = rng.range(0, 9);
    if roll < 6 && !atari.is_empty() {
        let (r, c) = rng.pick(&atari);
        let (a, b) = adjacent(r, c)
            .find(|&(a, b)| rows[a][b] != b'.' && liberties(rows, a, b).len() == 1)
            .unwrap();
        let capture = if rows[a][b] == b'X' { b'O' } else { b'X' };
        let mover = if rng.chance(3, 4) {
            capture
        } else {
            rows[a][b]
        };
        (r, c, mover)
    } else {
        let (r, c) = if roll < 8 && !walled.is_empty() {
            rng.pick(&walled)
        } else if !near.is_empty() {
            rng.pick(&near)
        } else {
            rng.pick(&empty)
        };
        (r, c, any_colour(rng))
    }
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
