//! Reference solver of "Eight" (POJ 1077, and HDU 1043 through its byte-identical copy), independent of the
//! model solutions: prints one shortest move string, or `unsolvable`, for every tray of the input.
//!
//! Usage:  reference < input   (a valid input: trays of nine tokens, `x` the blank, in any whitespace)
//! Output: one line per tray, the line the committed `.ans` files hold; any shortest string is right (the
//!         output validator replays it), this one takes at each step the first of `u d l r` that gets one
//!         move nearer the goal.
//! Method: breadth-first search from the goal over every reachable board, kept in a `HashMap` (the distance
//!         of each of the 181,440 solvable boards; a board missing from it is unsolvable). A move is its own
//!         inverse, so the distance from the goal is the distance to it.
//! Cost:   the table, ~0.1 s and ~10 MB, then a few lookups a move.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also `testgen::poj1077_eight`'s
//!         solver (the generator writes every `.ans` with it, the problems' tests use it as their oracle);
//!         scripts/testgen/tests/generators.rs checks it reproduces every committed official `.ans`.
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::convert::TryInto; // in the prelude from edition 2021 only
use std::io::{self, Read, Write};

/// A board row by row from the top left, 0 for the blank `x`.
pub type Board = [u8; 9];

pub const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// The blank's moves as (letter, row change, column change).
const MOVES: [(char, i32, i32); 4] = [('u', -1, 0), ('d', 1, 0), ('l', 0, -1), ('r', 0, 1)];

/// The board after the blank moves one step by `letter`, or `None` if it would leave the board
/// (or `letter` is not one of `u d l r`).
pub fn step(board: &Board, letter: char) -> Option<Board> {
    let &(_, dr, dc) = MOVES.iter().find(|m| m.0 == letter)?;
    let blank = board.iter().position(|&t| t == 0)?;
    let (row, col) = (blank as i32 / 3 + dr, blank as i32 % 3 + dc);
    if !(0..3).contains(&row) || !(0..3).contains(&col) {
        return None;
    }
    let mut next = *board;
    next.swap(blank, (row * 3 + col) as usize);
    Some(next)
}

/// The boards one blank move away, with the letter of that move, in the order `u d l r`.
pub fn neighbours(board: &Board) -> Vec<(char, Board)> {
    MOVES
        .iter()
        .filter_map(|&(letter, _, _)| step(board, letter).map(|next| (letter, next)))
        .collect()
}

/// Distances to the goal of every board that can reach it, by breadth-first search from the goal.
pub struct Distances {
    distance: HashMap<Board, u8>,
}

impl Distances {
    pub fn new() -> Distances {
        let mut distance = HashMap::from([(GOAL, 0u8)]);
        let mut queue = VecDeque::from([GOAL]);
        while let Some(board) = queue.pop_front() {
            let d = distance[&board];
            for (_, next) in neighbours(&board) {
                if let Entry::Vacant(unseen) = distance.entry(next) {
                    unseen.insert(d + 1);
                    queue.push_back(next);
                }
            }
        }
        Distances { distance }
    }

    /// Fewest moves from `board` to the goal, or `None` if the goal cannot be reached.
    pub fn get(&self, board: &Board) -> Option<u8> {
        self.distance.get(board).copied()
    }

    /// Every reachable board with its distance, sorted by board (a deterministic order).
    pub fn all(&self) -> Vec<(Board, u8)> {
        let mut all: Vec<(Board, u8)> = self.distance.iter().map(|(&b, &d)| (b, d)).collect();
        all.sort_unstable();
        all
    }

    /// One shortest move string (at each step the first of `u d l r` that gets one nearer), or `None`.
    pub fn shortest_moves(&self, board: &Board) -> Option<String> {
        let mut board = *board;
        let mut d = self.get(&board)?;
        let mut moves = String::new();
        while d > 0 {
            let (letter, next) = neighbours(&board)
                .into_iter()
                .find(|(_, next)| self.get(next) == Some(d - 1))?;
            moves.push(letter);
            board = next;
            d -= 1;
        }
        Some(moves)
    }

    /// The `.ans` line for a board: a shortest move string, or `unsolvable`.
    pub fn answer(&self, board: &Board) -> String {
        self.shortest_moves(board)
            .unwrap_or_else(|| "unsolvable".to_string())
    }
}

impl Default for Distances {
    fn default() -> Self {
        Distances::new()
    }
}

/// The boards of a valid input (tokens, `x` for the blank), nine tokens each.
pub fn parse(input: &str) -> Vec<Board> {
    let tiles: Vec<u8> = input
        .split_ascii_whitespace()
        .map(|t| if t == "x" { 0 } else { t.parse().unwrap() })
        .collect();
    assert_eq!(tiles.len() % 9, 0, "a whole number of boards");
    tiles.chunks(9).map(|c| c.try_into().unwrap()).collect()
}

/// The expected output for a valid input: one answer line per board.
pub fn answer(input: &str) -> String {
    let distances = Distances::new();
    parse(input)
        .iter()
        .map(|board| distances.answer(board) + "\n")
        .collect()
}

/// Reads a valid input on stdin and writes its expected output once (an invalid one panics).
fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("UTF-8 text on stdin");
    io::stdout()
        .write_all(answer(&input).as_bytes())
        .expect("stdout");
}
