//! Reference solver of POJ 1568 "Find the Winning Move", independent of the model solution: for each board
//! (`x` to move), the first cell in row-major order where `x` forces a win, or `#####`.
//!
//! Usage:  reference < input   (a valid input: `?` and four rows per case, then `$`)
//! Output: one line per case, `(row,col)` or `#####`: the lines the committed `.ans` files hold.
//! Method: plain memoised minimax, no pruning, no ordering. Each position's value (x wins / draw / o wins
//!         with best play) sits in a table indexed by the base-3 rank of the board (3^16 = 43,046,721
//!         bytes). A move forces a win exactly when the position after it has the value "x wins". testgen
//!         builds the table over every position reachable from the empty board; this program evaluates only
//!         the positions after the input's boards (the same values: each depends on the position alone).
//! Cost:   boards with many marks: milliseconds; the whole table (4-mark boards): ~1.5 s and 43 MB.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also
//!         `testgen::poj1568_winning_move`'s solver (the generator writes every `.ans` with it, the problems'
//!         tests use it as their oracle); scripts/testgen/tests/generators.rs checks it reproduces every
//!         committed official `.ans`. Jinhua Chess's reference copies its board helpers.
use std::convert::TryInto; // in the prelude from edition 2021 only
use std::io::{self, Read, Write};

/// A board as the input shows it: cell `4 * row + col` holds `b'.'`, `b'x'` or `b'o'`.
pub type Board = [u8; 16];

/// The ten winning lines: four rows, four columns, two long diagonals.
pub const LINES: [[usize; 4]; 10] = [
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

/// The result of a game with best play; ordered so that `x` maximises and `o` minimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    OWins = 1,
    Draw = 2,
    XWins = 3,
}

const POW3: [usize; 17] = {
    let mut pow = [1; 17];
    let mut i = 1;
    while i < 17 {
        pow[i] = pow[i - 1] * 3;
        i += 1;
    }
    pow
};

fn digit(mark: u8) -> usize {
    match mark {
        b'x' => 1,
        b'o' => 2,
        _ => 0,
    }
}

/// Base-3 rank of a board: cell i contributes digit(mark) * 3^i.
pub fn rank(board: &Board) -> usize {
    (0..16).map(|i| digit(board[i]) * POW3[i]).sum()
}

/// The board of a rank (inverse of `rank`).
pub fn unrank(mut rank: usize) -> Board {
    let mut board = [b'.'; 16];
    for cell in board.iter_mut() {
        *cell = [b'.', b'x', b'o'][rank % 3];
        rank /= 3;
    }
    board
}

pub fn count(board: &Board, mark: u8) -> usize {
    board.iter().filter(|&&c| c == mark).count()
}

/// The mark with four in a line, if any.
pub fn winner(board: &Board) -> Option<u8> {
    LINES.iter().find_map(|line| {
        let first = board[line[0]];
        (first != b'.' && line.iter().all(|&i| board[i] == first)).then_some(first)
    })
}

/// The finished game's outcome, or `None` while it goes on.
pub fn ending(board: &Board) -> Option<Outcome> {
    match winner(board) {
        Some(b'x') => Some(Outcome::XWins),
        Some(_) => Some(Outcome::OWins),
        None if !board.contains(&b'.') => Some(Outcome::Draw),
        None => None,
    }
}

/// Whose turn it is: `x` moves first, so `x` when the counts are equal.
pub fn mover(board: &Board) -> u8 {
    if count(board, b'x') == count(board, b'o') {
        b'x'
    } else {
        b'o'
    }
}

/// The values of positions by rank: every position reachable from the empty board (`build`), or those
/// after the boards asked about (`evaluate`).
pub struct Table {
    value: Vec<u8>, // by rank: 0 = not evaluated, else `Outcome as u8`
}

impl Table {
    /// A table with no position evaluated (zeroed memory: the system maps a page when it is first written).
    pub fn empty() -> Table {
        Table {
            value: vec![0; POW3[16]],
        }
    }

    /// Plain minimax from the empty board, each position evaluated once.
    pub fn build() -> Table {
        let mut table = Table::empty();
        table.evaluate(&[b'.'; 16]);
        table
    }

    /// The value of `board` with its mover to move, evaluating it and every position after it that is not
    /// in the table yet (a value depends on the position alone, so it is the same whichever board asked).
    pub fn evaluate(&mut self, board: &Board) -> Outcome {
        let (rank, mover) = (rank(board), mover(board));
        self.minimax(&mut board.clone(), rank, mover)
    }

    fn minimax(&mut self, board: &mut Board, rank: usize, mover: u8) -> Outcome {
        if let Some(known) = self.lookup(rank) {
            return known;
        }
        let value = ending(board).unwrap_or_else(|| {
            let (next, digit) = if mover == b'x' { (b'o', 1) } else { (b'x', 2) };
            // Start from the mover's worst outcome; the board is not full, so some child replaces it.
            let mut best = if mover == b'x' {
                Outcome::OWins
            } else {
                Outcome::XWins
            };
            for i in 0..16 {
                if board[i] == b'.' {
                    board[i] = mover;
                    let value = self.minimax(board, rank + digit * POW3[i], next);
                    board[i] = b'.';
                    best = if mover == b'x' {
                        best.max(value)
                    } else {
                        best.min(value)
                    };
                }
            }
            best
        });
        self.value[rank] = value as u8;
        value
    }

    fn lookup(&self, rank: usize) -> Option<Outcome> {
        match self.value[rank] {
            0 => None,
            1 => Some(Outcome::OWins),
            2 => Some(Outcome::Draw),
            _ => Some(Outcome::XWins),
        }
    }

    /// The value of an evaluated board; panics on a board not in the table (for a built table: one that no
    /// game reaches).
    pub fn value(&self, board: &Board) -> Outcome {
        self.lookup(rank(board))
            .expect("board not reachable from the empty board")
    }

    /// How many positions are in the table: for a built one, every position reachable from the empty board
    /// (the empty board included).
    pub fn reachable(&self) -> usize {
        self.value.iter().filter(|&&v| v != 0).count()
    }

    /// The first cell in row-major order where `x` forces a win, if any (`x` to move; `board` evaluated).
    pub fn winning_move(&self, board: &Board) -> Option<usize> {
        (0..16).find(|&i| {
            let mut after = *board;
            after[i] = b'x';
            board[i] == b'.' && self.value(&after) == Outcome::XWins
        })
    }

    /// The expected output line for one case.
    pub fn answer(&self, board: &Board) -> String {
        match self.winning_move(board) {
            Some(i) => format!("({},{})\n", i / 4, i % 4),
            None => "#####\n".to_string(),
        }
    }

    /// Every legal input board (x to move, nobody has won, not full) with at least `min_pieces` marks,
    /// in rank order.
    pub fn legal_boards(&self, min_pieces: usize) -> impl Iterator<Item = Board> + '_ {
        let pieces = |b: &Board| 16 - count(b, b'.');
        (0..self.value.len())
            .filter(move |&r| self.value[r] != 0)
            .map(unrank)
            .filter(move |b| {
                pieces(b) >= min_pieces.max(4) && mover(b) == b'x' && ending(b).is_none()
            })
    }
}

/// The boards of a whole input file (trusted to be valid), up to `$`.
pub fn boards(input: &str) -> Vec<Board> {
    let mut lines = input.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut boards = Vec::new();
    while let Some(line) = lines.next() {
        if line.starts_with('$') {
            break;
        }
        assert!(line.starts_with('?'), "expected `?` or `$`, got {:?}", line);
        let rows: String = lines.by_ref().take(4).collect();
        boards.push(rows.as_bytes().try_into().expect("four rows of four cells"));
    }
    boards
}

/// Answers a whole input file (trusted to be valid) from a built table.
pub fn solve(table: &Table, input: &str) -> String {
    boards(input).iter().map(|b| table.answer(b)).collect()
}

/// Answers a whole input file (trusted to be valid), evaluating only the positions after its boards: the
/// same answers as `solve` on a built table, at a fraction of the cost for boards with many marks.
pub fn solve_on_demand(input: &str) -> String {
    let boards = boards(input);
    let mut table = Table::empty();
    for board in &boards {
        table.evaluate(board);
    }
    boards.iter().map(|b| table.answer(b)).collect()
}

/// Reads a valid input on stdin and writes its expected output once (an invalid one panics).
fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("UTF-8 text on stdin");
    io::stdout()
        .write_all(solve_on_demand(&input).as_bytes())
        .expect("stdout");
}
