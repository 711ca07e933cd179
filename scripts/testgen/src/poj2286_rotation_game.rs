//! Reference for `poj2286-rotation-game` (independent of `problems/poj2286-rotation-game/src/main.rs`): the
//! lecture's plain IDA* is the package's reference program,
//! `testdata/poj2286-rotation-game/generators/reference.rs`, included here. Also what only the generator and
//! the tests need: boards of known depth by letters, solved boards, random boards, the input format.

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/poj2286-rotation-game/generators/reference.rs"]
mod reference;

pub use reference::{
    estimate, parse, rotate, solve, solve_board, Answer, Board, CENTRE, LETTERS, UNDO,
};

/// Moves named by letters applied in order (for building boards of known depth).
pub fn apply_letters(board: &mut Board, letters: &str) {
    for ch in letters.chars() {
        let m = LETTERS
            .iter()
            .position(|&l| l == ch)
            .expect("a letter A..H");
        rotate(board, m);
    }
}

/// The board solved by `letters` from a uniform centre is `letters` undone in reverse order.
pub fn undo_letters(board: &mut Board, letters: &str) {
    for ch in letters.chars().rev() {
        let m = LETTERS
            .iter()
            .position(|&l| l == ch)
            .expect("a letter A..H");
        rotate(board, UNDO[m]);
    }
}

/// Formats boards as an input file, one board a line, then `0`.
pub fn format_input(boards: &[Board]) -> String {
    let mut text = String::new();
    for board in boards {
        let cells: Vec<String> = board.iter().map(|s| s.to_string()).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text.push_str("0\n");
    text
}

/// A solved board: `centre` in the eight centre cells, the other two symbols in order over the rest.
pub fn solved_board(centre: u8) -> Board {
    let others: Vec<u8> = (1..=3).filter(|&s| s != centre).collect();
    let mut outer = 0;
    std::array::from_fn(|i| {
        if CENTRE.contains(&(i + 1)) {
            centre
        } else {
            outer += 1;
            others[(outer - 1) / 8]
        }
    })
}

/// The statement's sample and its output.
pub const SAMPLE_IN: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n\
                             1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n\
                             0\n";
pub const SAMPLE_OUT: &str = "AC\n2\nDDHH\n2\n";

/// A uniformly random board: eight of each symbol, shuffled.
pub fn random_board(rng: &mut crate::rng::Rng) -> Board {
    let mut board: Board = std::array::from_fn(|i| (i / 8) as u8 + 1);
    rng.shuffle(&mut board);
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample() {
        assert_eq!(solve(SAMPLE_IN), SAMPLE_OUT);
    }

    #[test]
    fn every_move_is_undone_by_its_partner_and_has_order_seven() {
        let start: Board = std::array::from_fn(|i| (i % 3) as u8 + 1);
        for (m, undo) in UNDO.into_iter().enumerate() {
            let mut b = start;
            rotate(&mut b, m);
            assert_ne!(b, start);
            rotate(&mut b, undo);
            assert_eq!(b, start);
            for _ in 0..7 {
                rotate(&mut b, m);
            }
            assert_eq!(b, start);
        }
    }

    #[test]
    fn scrambles_are_solved_within_their_length() {
        let solved = solved_board(1);
        assert_eq!(
            solve_board(&solved),
            Answer {
                moves: String::new(),
                centre: 1
            }
        );
        for scramble in ["G", "AB", "CHD", "DDHA"] {
            let mut b = solved;
            undo_letters(&mut b, scramble);
            let answer = solve_board(&b);
            assert!(answer.moves.len() <= scramble.len());
            apply_letters(&mut b, &answer.moves);
            assert_eq!(estimate(&b), 0);
        }
    }
}
