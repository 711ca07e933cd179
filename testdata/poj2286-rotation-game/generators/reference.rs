//! Reference solver of POJ 2286 "The Rotation Game", independent of the model solution: for each board the
//! fewest moves (alphabetically first among them) that make the eight centre cells one symbol, and that
//! symbol.
//!
//! Usage:  reference < input   (a valid input: boards of 24 numbers, then `0`)
//! Output: two lines per board: the lines the committed `.ans` files hold.
//! Method: the lecture's method, kept plain: iterative deepening over whole boards (24 symbols), moves tried
//!         in the order A..H, never undoing the previous move, pruned by h = 8 − (largest count of one
//!         symbol among the eight centre cells) — admissible because one move changes exactly one centre
//!         cell. The first solution at the smallest bound is the shortest and, because letters are tried in
//!         order, the alphabetically first. Slow on deep boards (the bound only sees counts), which is why
//!         the solution does something else.
//! Cost:   milliseconds up to ~8 moves; ~1.5 s for each of the deepest (13-move) boards.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also
//!         `testgen::poj2286_rotation_game`'s solver (the generator writes every `.ans` with it, the
//!         problem's tests use it as their oracle); scripts/testgen/tests/generators.rs checks it reproduces
//!         every committed official `.ans`.
use std::convert::TryInto; // in the prelude from edition 2021 only
use std::io::{self, Read, Write};

/// The cells of each line, spec numbering 1..24, listed from the end the blocks move toward.
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
/// The moves' letters, A = move 0.
pub const LETTERS: [char; 8] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
/// The move that undoes move i (A↔F, B↔E, C↔H, D↔G).
pub const UNDO: [usize; 8] = [5, 4, 7, 6, 1, 0, 3, 2];
/// The eight centre cells (spec numbering).
pub const CENTRE: [usize; 8] = [7, 8, 9, 12, 13, 16, 17, 18];

/// A board: `board[c - 1]` is the symbol (1..=3) in cell c.
pub type Board = [u8; 24];

/// One answer as the judge prints it: the moves (empty: `No moves needed`) and the centre symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub moves: String,
    pub centre: u8,
}

impl Answer {
    /// The two output lines, each ending in a newline.
    pub fn to_lines(&self) -> String {
        let first = if self.moves.is_empty() {
            "No moves needed"
        } else {
            &self.moves
        };
        format!("{}\n{}\n", first, self.centre)
    }
}

/// Applies move `m` (0 = A) to the board in place.
pub fn rotate(board: &mut Board, m: usize) {
    let line = LINES[m];
    let pushed_off = board[line[0] - 1];
    for i in 0..6 {
        board[line[i] - 1] = board[line[i + 1] - 1];
    }
    board[line[6] - 1] = pushed_off;
}

fn centre_counts(board: &Board) -> [usize; 4] {
    let mut counts = [0; 4];
    for &c in &CENTRE {
        counts[board[c - 1] as usize] += 1;
    }
    counts
}

/// The lecture's bound: 8 − the largest count of one symbol among the centre cells.
pub fn estimate(board: &Board) -> usize {
    8 - centre_counts(board).iter().max().copied().unwrap_or(0)
}

fn deepen(board: &mut Board, path: &mut Vec<usize>, bound: usize) -> bool {
    let h = estimate(board);
    if h == 0 {
        return true;
    }
    if path.len() + h > bound {
        return false;
    }
    // `iter().copied()`: by value in every edition (2015 and 2018's `UNDO.into_iter()` gives references).
    for (m, undo) in UNDO.iter().copied().enumerate() {
        if path.last() == Some(&undo) {
            continue;
        }
        rotate(board, m);
        path.push(m);
        if deepen(board, path, bound) {
            return true;
        }
        path.pop();
        rotate(board, undo);
    }
    false
}

/// The fewest moves (lexicographically smallest among them) and the centre symbol, by IDA*.
pub fn solve_board(board: &Board) -> Answer {
    let mut work = *board;
    let mut path = Vec::new();
    let mut bound = estimate(board);
    while !deepen(&mut work, &mut path, bound) {
        bound += 1;
    }
    Answer {
        moves: path.iter().map(|&m| LETTERS[m]).collect(),
        centre: work[CENTRE[0] - 1],
    }
}

/// Reads boards until the token `0` (panics on anything else: this is a reference for valid input).
pub fn parse(input: &str) -> Vec<Board> {
    let numbers: Vec<u8> = input
        .split_whitespace()
        .map(|t| t.parse().expect("a number"))
        .collect();
    let end = numbers.iter().position(|&n| n == 0).expect("the closing 0");
    assert_eq!(end % 24, 0, "whole boards before the closing 0");
    numbers[..end]
        .chunks(24)
        .map(|c| c.try_into().expect("24 cells"))
        .collect()
}

/// The whole expected output for an input.
pub fn solve(input: &str) -> String {
    parse(input)
        .iter()
        .map(|b| solve_board(b).to_lines())
        .collect()
}

/// Reads a valid input on stdin and writes its expected output once (an invalid one panics).
fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("UTF-8 text on stdin");
    io::stdout()
        .write_all(solve(&input).as_bytes())
        .expect("stdout");
}
