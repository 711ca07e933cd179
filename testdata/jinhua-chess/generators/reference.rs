//! Reference solver of "Jinhua Chess", independent of the model solution: whether Bob, the player to move,
//! can force his goal (`win`, `lose` or `draw`) on each board.
//!
//! Usage:  reference < input   (a valid input: T, then T cases of a goal and four rows)
//! Output: one line per case, `YES` or `NO`: the lines the committed `.ans` files hold.
//! Method: for each position and each pair (player, outcome), whether that player can force the game to
//!         end in exactly that outcome, by a plain memoised AND/OR recursion: at a finished game the answer
//!         is "is this the outcome"; when the player is to move it is the OR over his moves, otherwise the
//!         AND over his opponent's moves. No pruning, no ordering; six bits per position in a table indexed
//!         by base-3 rank. testgen fills the table for every position reachable from the empty board; this
//!         program visits only the positions after the input's boards (the same bits: each depends on the
//!         position alone).
//! Cost:   boards with many marks: milliseconds; six-mark boards, whose positions cover most of the table:
//!         ~2 s and 43 MB.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also `testgen::jinhua_chess`'s
//!         solver (the generator writes every `.ans` with it, the problem's tests use it as their oracle);
//!         scripts/testgen/tests/generators.rs checks it reproduces every committed official `.ans`.
use std::convert::TryInto; // in the prelude from edition 2021 only
use std::io::{self, Read, Write};

// The board helpers below are copied from POJ 1568's reference
// (testdata/poj1568-winning-move/generators/reference.rs), the same 4×4 game: a judge compiles each
// reference alone, so the two cannot share a module. testgen's `jinhua_chess` tests hold the copies to
// the originals.

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

// Jinhua Chess itself.

/// What Bob, the player to move, wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    Win,
    Lose,
    Draw,
}

impl Goal {
    pub const ALL: [Goal; 3] = [Goal::Win, Goal::Lose, Goal::Draw];

    pub fn word(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::Lose => "lose",
            Goal::Draw => "draw",
        }
    }
}

const VISITED: u8 = 1 << 7;

/// Bit of "player can force outcome": player 0 = x, 1 = o; outcome 0 = x wins, 1 = draw, 2 = o wins.
fn bit(player: u8, outcome: Outcome) -> u8 {
    let player = usize::from(player == b'o');
    let outcome = match outcome {
        Outcome::XWins => 0,
        Outcome::Draw => 1,
        Outcome::OWins => 2,
    };
    1 << (3 * player + outcome)
}

const X_BITS: u8 = 0b000_111;
const O_BITS: u8 = 0b111_000;

/// Which outcomes each player can force, by rank: for every position reachable from the empty board
/// (`build`), or for those after the boards asked about (`evaluate`).
pub struct Table {
    forces: Vec<u8>, // by rank: VISITED | bit(player, outcome) for each forceable pair
}

impl Table {
    /// A table with no position visited (zeroed memory: the system maps a page when it is first written).
    pub fn empty() -> Table {
        Table {
            forces: vec![0; 43_046_721],
        }
    }

    /// The AND/OR recursion from the empty board, each position visited once.
    pub fn build() -> Table {
        let mut table = Table::empty();
        table.evaluate(&[b'.'; 16]);
        table
    }

    /// Visits `board` with its mover to move and every position after it not in the table yet (what a
    /// player can force depends on the position alone, so it is the same whichever board asked).
    pub fn evaluate(&mut self, board: &Board) {
        let mover = mover(board);
        self.visit(&mut board.clone(), mover);
    }

    fn visit(&mut self, board: &mut Board, mover: u8) -> u8 {
        let r = rank(board);
        if self.forces[r] & VISITED != 0 {
            return self.forces[r];
        }
        let forces = match ending(board) {
            Some(outcome) => bit(b'x', outcome) | bit(b'o', outcome),
            None => {
                let (mine, next) = if mover == b'x' {
                    (X_BITS, b'o')
                } else {
                    (O_BITS, b'x')
                };
                let (mut any, mut all) = (0, X_BITS | O_BITS);
                for i in 0..16 {
                    if board[i] == b'.' {
                        board[i] = mover;
                        let child = self.visit(board, next);
                        board[i] = b'.';
                        any |= child;
                        all &= child;
                    }
                }
                // The mover needs one good move; his opponent must be stuck with every one of them.
                (any & mine) | (all & !mine)
            }
        };
        self.forces[r] = forces | VISITED;
        self.forces[r]
    }

    /// Whether Bob, the player to move on the evaluated `board`, can force `goal`.
    pub fn can_force(&self, board: &Board, goal: Goal) -> bool {
        let forces = self.forces[rank(board)];
        assert!(
            forces & VISITED != 0,
            "board not reachable from the empty board"
        );
        let bob = mover(board);
        let outcome = match (goal, bob) {
            (Goal::Draw, _) => Outcome::Draw,
            (Goal::Win, b'x') | (Goal::Lose, b'o') => Outcome::XWins,
            _ => Outcome::OWins,
        };
        forces & bit(bob, outcome) != 0
    }

    /// The expected output line for one case.
    pub fn answer(&self, board: &Board, goal: Goal) -> &'static str {
        if self.can_force(board, goal) {
            "YES\n"
        } else {
            "NO\n"
        }
    }

    /// Every valid board (nobody has won, not full) with at least `min_pieces` marks, in rank order.
    pub fn valid_boards(&self, min_pieces: usize) -> impl Iterator<Item = Board> + '_ {
        (0..self.forces.len())
            .filter(move |&r| self.forces[r] != 0)
            .map(unrank)
            .filter(move |b| 16 - count(b, b'.') >= min_pieces.max(6) && ending(b).is_none())
    }
}

/// The cases of a whole input file (trusted to be valid).
pub fn cases(input: &str) -> Vec<(Board, Goal)> {
    let mut tokens = input.split_whitespace();
    let count: usize = tokens
        .next()
        .and_then(|t| t.parse().ok())
        .expect("a count T");
    let mut cases = Vec::with_capacity(count);
    for _ in 0..count {
        let goal = match tokens.next() {
            Some("win") => Goal::Win,
            Some("lose") => Goal::Lose,
            Some("draw") => Goal::Draw,
            other => panic!("expected a goal, got {:?}", other),
        };
        let rows: String = tokens.by_ref().take(4).collect();
        let board: Board = rows.as_bytes().try_into().expect("four rows of four cells");
        cases.push((board, goal));
    }
    cases
}

/// Answers a whole input file (trusted to be valid) from a built table.
pub fn solve(table: &Table, input: &str) -> String {
    cases(input)
        .iter()
        .map(|(b, goal)| table.answer(b, *goal))
        .collect()
}

/// Answers a whole input file (trusted to be valid), visiting only the positions after its boards: the
/// same answers as `solve` on a built table, at a fraction of the cost for boards with many marks.
pub fn solve_on_demand(input: &str) -> String {
    let cases = cases(input);
    let mut table = Table::empty();
    for (board, _) in &cases {
        table.evaluate(board);
    }
    cases
        .iter()
        .map(|(b, goal)| table.answer(b, *goal))
        .collect()
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
