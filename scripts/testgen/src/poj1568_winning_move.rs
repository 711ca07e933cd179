//! Reference solver for `poj1568-winning-move` (independent of `problems/poj1568-winning-move/src/main.rs`).
//!
//! Method: plain memoised minimax over every position reachable from the empty 4x4 board, no pruning, no
//! ordering. Each position's value (x wins / draw / o wins with best play) sits in a table indexed by the
//! base-3 rank of the board (3^16 = 43,046,721 bytes). A move forces a win exactly when the position after
//! it has the value "x wins". `jinhua_chess` reuses the board helpers here.
use crate::rng::Rng;

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

/// The board as the input writes it: four lines of four characters.
pub fn rows_text(board: &Board) -> String {
    board
        .chunks(4)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect()
}

/// An input file asking about each of `boards`, then `$`.
pub fn input(boards: &[Board]) -> String {
    boards
        .iter()
        .map(|b| format!("?\n{}", rows_text(b)))
        .collect::<String>()
        + "$\n"
}

/// The statement's sample and its output.
pub const SAMPLE_IN: &str = "?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n";
pub const SAMPLE_OUT: &str = "#####\n(0,1)\n";

/// Named boards: (case name, board row by row, the expected line), chosen from the exhaustive table for
/// what they exercise.
pub const NAMED: [(&str, &str, &str); 8] = [
    ("02-win-at-the-last-cell", "xooo.x....x.....", "(3,3)"),
    (
        "03-forced-win-before-the-first-immediate-win",
        "xoooxxo.x.......",
        "(2,1)",
    ),
    (
        "04-forced-win-without-an-immediate-win",
        "ooxxooxx........",
        "(2,2)",
    ),
    ("05-a-draw-is-not-a-win", "oooxoxxx........", "#####"),
    ("06-o-forces-a-win", "ooxxxoxxoo......", "#####"),
    ("07-o-threatens-two-lines", ".xx.ooo.ox..o.xx", "#####"),
    ("08-fourteen-pieces", "oooxoooxoxxxxx..", "(3,3)"),
    (
        "09-four-piece-board-with-the-most-nodes",
        "...x......x..oo.",
        "#####",
    ),
];

/// The value of every position reachable from the empty board.
pub struct Table {
    value: Vec<u8>, // by rank: 0 = not reachable, else `Outcome as u8`
}

impl Table {
    /// Plain minimax from the empty board, each position evaluated once.
    pub fn build() -> Table {
        let mut table = Table {
            value: vec![0; POW3[16]],
        };
        let mut board = [b'.'; 16];
        table.minimax(&mut board, 0, b'x');
        table
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

    /// The value of a reachable board; panics on a board that no game reaches.
    pub fn value(&self, board: &Board) -> Outcome {
        self.lookup(rank(board))
            .expect("board not reachable from the empty board")
    }

    /// How many positions are reachable from the empty board (the empty board included).
    pub fn reachable(&self) -> usize {
        self.value.iter().filter(|&&v| v != 0).count()
    }

    /// The first cell in row-major order where `x` forces a win, if any (`x` to move).
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
            .filter(|&r| self.value[r] != 0)
            .map(unrank)
            .filter(move |b| {
                pieces(b) >= min_pieces.max(4) && mover(b) == b'x' && ending(b).is_none()
            })
    }
}

/// A uniformly random board with `pieces` marks (even, 4..=14), `x` to move and nobody four in a line.
pub fn random_legal(rng: &mut Rng, pieces: usize) -> Board {
    assert!(pieces % 2 == 0 && (4..=14).contains(&pieces));
    random_board(rng, pieces)
}

/// A uniformly random board with `pieces` marks placed in turn (`x` first) and nobody four in a line;
/// it may be full.
pub fn random_board(rng: &mut Rng, pieces: usize) -> Board {
    loop {
        let mut cells: Vec<usize> = (0..16).collect();
        rng.shuffle(&mut cells);
        let mut board = [b'.'; 16];
        for (turn, &i) in cells[..pieces].iter().enumerate() {
            board[i] = if turn % 2 == 0 { b'x' } else { b'o' };
        }
        if winner(&board).is_none() {
            return board;
        }
    }
}

/// Answers a whole input file (trusted to be valid).
pub fn solve(table: &Table, input: &str) -> String {
    let mut lines = input.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut out = String::new();
    while let Some(line) = lines.next() {
        if line.starts_with('$') {
            break;
        }
        assert!(line.starts_with('?'), "expected `?` or `$`, got {line:?}");
        let rows: String = lines.by_ref().take(4).collect();
        let board: Board = rows.as_bytes().try_into().expect("four rows of four cells");
        out += &table.answer(&board);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse() {
        let board: Board = *b"x.o.oxx..o.x..o.";
        assert_eq!(unrank(rank(&board)), board);
        assert_eq!(rank(&[b'o'; 16]), POW3[16] - 1);
    }

    #[test]
    fn lines_and_endings() {
        assert_eq!(ending(b"xxxxoo.o........"), Some(Outcome::XWins));
        assert_eq!(ending(b"o..x.o.x..ox...o"), Some(Outcome::OWins));
        assert_eq!(ending(b"xxoooxxxxooxoxox"), Some(Outcome::Draw));
        assert_eq!(
            ending(b"xxo.............".as_slice().try_into().unwrap()),
            None
        );
    }

    #[test]
    fn exhaustive_table_matches_the_known_facts() {
        let table = Table::build();
        assert_eq!(table.reachable(), 9_722_011);
        assert_eq!(table.value(&[b'.'; 16]), Outcome::Draw);
        assert_eq!(solve(&table, SAMPLE_IN), SAMPLE_OUT);
        let mut four_piece = table.legal_boards(4).filter(|b| count(b, b'.') == 12);
        assert!(four_piece.all(|b| table.winning_move(&b).is_none()));
    }
}
