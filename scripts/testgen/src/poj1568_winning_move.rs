//! Reference for `poj1568-winning-move` (independent of `problems/poj1568-winning-move/src/main.rs`): the
//! exhaustive minimax table is the package's reference program,
//! `testdata/poj1568-winning-move/generators/reference.rs`, included here. Also what only the generators and
//! the tests need: the input format, the named boards, random boards (`jinhua_chess` uses these too).
use crate::rng::Rng;

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/poj1568-winning-move/generators/reference.rs"]
mod reference;

pub use reference::{
    boards, count, ending, mover, rank, solve, solve_on_demand, unrank, winner, Board, Outcome,
    Table, LINES,
};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse() {
        let board: Board = *b"x.o.oxx..o.x..o.";
        assert_eq!(unrank(rank(&board)), board);
        assert_eq!(rank(&[b'o'; 16]), 3usize.pow(16) - 1);
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
    #[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
    fn exhaustive_table_matches_the_known_facts() {
        let table = Table::build();
        assert_eq!(table.reachable(), 9_722_011);
        assert_eq!(table.value(&[b'.'; 16]), Outcome::Draw);
        assert_eq!(solve(&table, SAMPLE_IN), SAMPLE_OUT);
        let mut four_piece = table.legal_boards(4).filter(|b| count(b, b'.') == 12);
        assert!(four_piece.all(|b| table.winning_move(&b).is_none()));
    }
}
