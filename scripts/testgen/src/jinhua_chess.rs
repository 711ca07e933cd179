//! Reference for `jinhua-chess` (independent of `problems/jinhua-chess/src/main.rs`): the exhaustive AND/OR
//! table ("can this player force this outcome?") is the package's reference program,
//! `testdata/jinhua-chess/generators/reference.rs`, included here. Also what only the generator and the
//! tests need: the input format, the named boards, random boards (from `poj1568_winning_move`, the same game).
use crate::rng::Rng;

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/jinhua-chess/generators/reference.rs"]
mod reference;

use crate::poj1568_winning_move::{random_board, rows_text, Board};
pub use reference::{cases, solve, solve_on_demand, Goal, Table};

/// One case of the input: the goal line and the four rows.
pub fn case_text(board: &Board, goal: Goal) -> String {
    format!("{}\n{}", goal.word(), rows_text(board))
}

/// An input file of `cases`: the count T, then each case.
pub fn input(cases: &[(Board, Goal)]) -> String {
    let text: String = cases.iter().map(|(b, goal)| case_text(b, *goal)).collect();
    format!("{}\n{text}", cases.len())
}

/// Each board under each of the three goals, in that order.
pub fn all_goals(boards: &[Board]) -> Vec<(Board, Goal)> {
    boards
        .iter()
        .flat_map(|&b| Goal::ALL.map(|goal| (b, goal)))
        .collect()
}

/// The statement's sample and its output.
pub const SAMPLE_IN: &str = "4\nwin\n..xx\nxox.\n..oo\nxo..\nlose\n..xx\nxox.\n..oo\nxo..\n\
                             draw\n..xx\nxox.\n..oo\nxo..\ndraw\n....\n.ox.\nxox.\no.xo\n";
pub const SAMPLE_OUT: &str = "YES\nYES\nNO\nYES\n";

/// Named boards: (case name, board row by row, the answers under `win`, `lose` and `draw`); the name says
/// the point of each (Bob is the player to move).
pub const NAMED: [(&str, &str, [&str; 3]); 6] = [
    (
        "02-x-can-force-a-win-and-a-loss-not-a-draw",
        "o..xo.x.ox......",
        ["YES", "YES", "NO"],
    ),
    (
        "03-nobody-can-force-a-win-x-cannot-force-a-draw",
        "xoooxx..........",
        ["NO", "NO", "NO"],
    ),
    (
        "04-x-can-force-a-win-o-cannot-force-a-loss",
        "ooxxoo.xo.xxx...",
        ["NO", "NO", "NO"],
    ),
    (
        "05-x-can-force-everything",
        ".oo.ooxxx.oxx...",
        ["YES", "YES", "YES"],
    ),
    (
        "06-o-fills-the-last-cell",
        "oooxoooxoxxxxxx.",
        ["NO", "NO", "YES"],
    ),
    (
        "07-o-fills-the-last-cell-and-wins",
        "oooxoooxxxoxxxx.",
        ["YES", "NO", "NO"],
    ),
];

/// A random valid board with `pieces` marks (6..=15).
pub fn random_valid(rng: &mut Rng, pieces: usize) -> Board {
    assert!((6..=15).contains(&pieces));
    random_board(rng, pieces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poj1568_winning_move::{self as plain, mover, Outcome};

    /// The reference's board helpers are copies of POJ 1568's (it compiles alone): they must agree on every
    /// 13th board of all 3^16.
    #[test]
    fn copied_board_helpers_agree_with_poj1568s() {
        for rank in (0..3usize.pow(16)).step_by(13) {
            let board = plain::unrank(rank);
            assert_eq!(reference::unrank(rank), board);
            assert_eq!(reference::rank(&board), rank);
            assert_eq!(reference::winner(&board), plain::winner(&board));
            assert_eq!(reference::mover(&board), plain::mover(&board));
            assert_eq!(reference::count(&board, b'x'), plain::count(&board, b'x'));
            let same = |a: Option<reference::Outcome>, b: Option<Outcome>| {
                a.map(|o| o as u8) == b.map(|o| o as u8)
            };
            assert!(same(reference::ending(&board), plain::ending(&board)));
        }
    }

    /// Forcing one's own win is exactly "the minimax value is a win": the two references must agree there.
    #[test]
    #[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
    fn agrees_with_plain_minimax_on_forced_wins() {
        let table = Table::build();
        assert_eq!(solve(&table, SAMPLE_IN), SAMPLE_OUT);
        let minimax = plain::Table::build();
        for board in table.valid_boards(6) {
            let own_win = if mover(&board) == b'x' {
                Outcome::XWins
            } else {
                Outcome::OWins
            };
            assert_eq!(
                table.can_force(&board, Goal::Win),
                minimax.value(&board) == own_win
            );
        }
    }
}
