//! Reference solver for `jinhua-chess` (independent of `problems/jinhua-chess/src/main.rs`).
//!
//! Method: for every position reachable from the empty board and each pair (player, outcome), whether that
//! player can force the game to end in exactly that outcome, by a plain memoised AND/OR recursion: at a
//! finished game the answer is "is this the outcome"; when the player is to move it is the OR over his moves,
//! otherwise the AND over his opponent's moves. No pruning, no ordering; six bits per position in a table
//! indexed by base-3 rank. Board helpers come from `poj1568_winning_move`.
use crate::poj1568_winning_move::{count, ending, mover, rank, unrank, Board, Outcome};
use crate::rng::Rng;

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

/// For every reachable position, which outcomes each player can force.
pub struct Table {
    forces: Vec<u8>, // by rank: VISITED | bit(player, outcome) for each forceable pair
}

impl Table {
    pub fn build() -> Table {
        let mut table = Table {
            forces: vec![0; 43_046_721],
        };
        table.visit(&mut [b'.'; 16], b'x');
        table
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

    /// Whether Bob, the player to move on the reachable `board`, can force `goal`.
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
            .filter(|&r| self.forces[r] != 0)
            .map(unrank)
            .filter(move |b| 16 - count(b, b'.') >= min_pieces.max(6) && ending(b).is_none())
    }
}

/// One case of the input: the goal line and the four rows.
pub fn case_text(board: &Board, goal: Goal) -> String {
    format!(
        "{}\n{}",
        goal.word(),
        crate::poj1568_winning_move::rows_text(board)
    )
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
    crate::poj1568_winning_move::random_board(rng, pieces)
}

/// Answers a whole input file (trusted to be valid).
pub fn solve(table: &Table, input: &str) -> String {
    let mut tokens = input.split_whitespace();
    let cases: usize = tokens
        .next()
        .and_then(|t| t.parse().ok())
        .expect("a count T");
    let mut out = String::new();
    for _ in 0..cases {
        let goal = match tokens.next() {
            Some("win") => Goal::Win,
            Some("lose") => Goal::Lose,
            Some("draw") => Goal::Draw,
            other => panic!("expected a goal, got {other:?}"),
        };
        let rows: String = tokens.by_ref().take(4).collect();
        let board: Board = rows.as_bytes().try_into().expect("four rows of four cells");
        out += table.answer(&board, goal);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poj1568_winning_move as plain;

    /// Forcing one's own win is exactly "the minimax value is a win": the two references must agree there.
    #[test]
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
