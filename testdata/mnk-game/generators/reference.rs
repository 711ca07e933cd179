//! Reference solver of the m,n,k-game, independent of the model solution (`problems/mnk-game/src/main.rs`):
//! the value of a position for the side to move and of every empty cell.
//!
//! Usage:  reference < input   (a valid input: `T`, then T cases `m n k` and m rows of `.xo`)
//! Output: what the committed `.ans` files hold: per case the value line and the rows with every empty cell
//!         replaced by `W`, `D` or `L`, a blank line between cases.
//! Method: plain memoised minimax, no pruning, no ordering, no symmetry, no shortcuts: a position's value
//!         for the side to move is the best over every empty cell of (win if the stone completes k in a
//!         row, draw if it fills the board, else minus the value of the position after it). Values are
//!         memoised by the base-3 rank of the board: a dense array up to 12 cells, a hash map above.
//! Cost:   every position reachable from the given one: fine up to ~14 empty cells, hopeless on an empty
//!         8 × 8 board (the published draws of `beyond` are not its to answer).
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also `testgen::mnk_game`'s solver
//!         (the generator writes every official `.ans` with it, the problem's tests use it as their
//!         oracle); scripts/testgen/tests/generators.rs checks it reproduces every committed official
//!         `.ans`.
use std::collections::HashMap;
use std::io::{self, Read, Write};

pub const LOSS: i8 = -1;
pub const DRAW: i8 = 0;
pub const WIN: i8 = 1;

/// A board as the input writes it, row-major: `b'.'`, `b'x'` or `b'o'` per cell.
pub type Board = Vec<u8>;

/// One game: the board size, the line length, and every k-cell window as a list of cells.
#[derive(Clone, Debug)]
pub struct Game {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub lines: Vec<Vec<usize>>,
}

impl Game {
    pub fn new(m: usize, n: usize, k: usize) -> Game {
        let mut lines = Vec::new();
        for r in 0..m as i64 {
            for c in 0..n as i64 {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let line: Vec<usize> = (0..k as i64)
                        .map(|i| (r + dr * i, c + dc * i))
                        .filter(|&(r, c)| r >= 0 && c >= 0 && r < m as i64 && c < n as i64)
                        .map(|(r, c)| r as usize * n + c as usize)
                        .collect();
                    if line.len() == k {
                        lines.push(line);
                    }
                }
            }
        }
        Game { m, n, k, lines }
    }

    pub fn cells(&self) -> usize {
        self.m * self.n
    }

    /// Whether `mark` has k in a row somewhere.
    pub fn has_line(&self, board: &[u8], mark: u8) -> bool {
        self.lines
            .iter()
            .any(|line| line.iter().all(|&i| board[i] == mark))
    }

    /// Whether the board is a legal input: x has as many stones as o or one more, nobody has k in a row,
    /// and a cell is empty.
    pub fn is_legal(&self, board: &[u8]) -> bool {
        let (xs, os) = (count(board, b'x'), count(board, b'o'));
        (xs == os || xs == os + 1)
            && board.contains(&b'.')
            && !self.has_line(board, b'x')
            && !self.has_line(board, b'o')
    }
}

pub fn count(board: &[u8], mark: u8) -> usize {
    board.iter().filter(|&&c| c == mark).count()
}

/// The side to move: `x` when the stone counts are equal.
pub fn mover(board: &[u8]) -> u8 {
    if count(board, b'x') == count(board, b'o') {
        b'x'
    } else {
        b'o'
    }
}

fn digit(mark: u8) -> u128 {
    match mark {
        b'x' => 1,
        b'o' => 2,
        _ => 0,
    }
}

/// The memoised minimax of one game.
pub struct Minimax {
    pub game: Game,
    dense: Vec<i8>, // by rank, 2 = not yet known; used when the board has at most 12 cells
    sparse: HashMap<u128, i8>,
    pow3: Vec<u128>,
}

impl Minimax {
    pub fn new(game: Game) -> Minimax {
        let pow3: Vec<u128> = (0..=game.cells() as u32).map(|i| 3u128.pow(i)).collect();
        let dense = if game.cells() <= 12 {
            vec![2; pow3[game.cells()] as usize]
        } else {
            Vec::new()
        };
        Minimax {
            game,
            dense,
            sparse: HashMap::new(),
            pow3,
        }
    }

    pub fn rank(&self, board: &[u8]) -> u128 {
        board
            .iter()
            .enumerate()
            .map(|(i, &c)| digit(c) * self.pow3[i])
            .sum()
    }

    /// The value for the side to move of a legal board.
    pub fn value(&mut self, board: &mut Board) -> i8 {
        let rank = self.rank(board);
        self.value_at(board, rank)
    }

    fn value_at(&mut self, board: &mut Board, rank: u128) -> i8 {
        let known = if self.dense.is_empty() {
            self.sparse.get(&rank).copied()
        } else {
            Some(self.dense[rank as usize]).filter(|&v| v != 2)
        };
        if let Some(value) = known {
            return value;
        }
        let me = mover(board);
        let mut best = LOSS;
        for i in 0..board.len() {
            if board[i] == b'.' {
                best = best.max(self.child(board, rank, i, me));
            }
        }
        if self.dense.is_empty() {
            self.sparse.insert(rank, best);
        } else {
            self.dense[rank as usize] = best;
        }
        best
    }

    /// The value for `me` of playing cell `i`.
    fn child(&mut self, board: &mut Board, rank: u128, i: usize, me: u8) -> i8 {
        board[i] = me;
        let value = if self.game.has_line(board, me) {
            WIN
        } else if !board.contains(&b'.') {
            DRAW
        } else {
            -self.value_at(board, rank + digit(me) * self.pow3[i])
        };
        board[i] = b'.';
        value
    }

    /// The expected output for one legal board: the value line, then the rows with every empty cell's value.
    pub fn answer(&mut self, board: &[u8]) -> String {
        let mut board = board.to_vec();
        let rank = self.rank(&board);
        let me = mover(&board);
        let mut rows = String::new();
        let mut best = LOSS;
        for i in 0..board.len() {
            let shown = if board[i] == b'.' {
                let value = self.child(&mut board, rank, i, me);
                best = best.max(value);
                [b'L', b'D', b'W'][(value + 1) as usize]
            } else {
                board[i]
            };
            rows.push(shown as char);
            if i % self.game.n == self.game.n - 1 {
                rows.push('\n');
            }
        }
        format!("{}\n{rows}", value_word(best))
    }

    /// Every legal board of this game, in rank order (only for boards of at most 12 cells).
    pub fn legal_boards(&self) -> Vec<Board> {
        assert!(self.game.cells() <= 12, "too many boards");
        (0..self.pow3[self.game.cells()])
            .map(|rank| unrank(rank, self.game.cells()))
            .filter(|b| self.game.is_legal(b))
            .collect()
    }
}

pub fn value_word(value: i8) -> &'static str {
    ["loss", "draw", "win"][(value + 1) as usize]
}

pub fn unrank(mut rank: u128, cells: usize) -> Board {
    (0..cells)
        .map(|_| {
            let mark = [b'.', b'x', b'o'][(rank % 3) as usize];
            rank /= 3;
            mark
        })
        .collect()
}

/// The expected output of several cases, each answered by its own game's minimax.
pub fn answers(cases: &[(Game, Board)]) -> String {
    let texts: Vec<String> = cases
        .iter()
        .map(|(game, board)| Minimax::new(game.clone()).answer(board))
        .collect();
    texts.join("\n")
}

/// The cases of a (valid) input; panics on anything else.
pub fn parse(text: &str) -> Vec<(Game, Board)> {
    let mut tokens = text.split_whitespace();
    let mut next = || tokens.next().expect("a token");
    let cases: usize = next().parse().expect("T");
    (0..cases)
        .map(|_| {
            let m: usize = next().parse().expect("m");
            let n: usize = next().parse().expect("n");
            let k: usize = next().parse().expect("k");
            let board: Board = (0..m).flat_map(|_| next().bytes()).collect();
            (Game::new(m, n, k), board)
        })
        .collect()
}

/// Solves a whole (valid) input file case by case.
pub fn solve(text: &str) -> String {
    answers(&parse(text))
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
