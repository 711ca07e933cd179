//! Reference for `mnk-game` (independent of `problems/mnk-game/src/main.rs`): the plain memoised minimax is
//! the package's reference program, `testdata/mnk-game/generators/reference.rs`, included here. Also what
//! only the generator and the tests need: the input format, random legal boards, the sample, and the
//! published draws beyond any plain search.
use crate::rng::Rng;

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/mnk-game/generators/reference.rs"]
mod reference;

pub use reference::{
    answers, count, mover, unrank, value_word, Board, Game, Minimax, DRAW, LOSS, WIN,
};

/// One case as the input writes it.
pub fn case_text(game: &Game, board: &[u8]) -> String {
    let rows: String = board
        .chunks(game.n)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    format!("{} {} {}\n{rows}", game.m, game.n, game.k)
}

/// An input file of several cases.
pub fn input(cases: &[(Game, Board)]) -> String {
    let body: String = cases.iter().map(|(g, b)| case_text(g, b)).collect();
    format!("{}\n{body}", cases.len())
}

/// A random legal board of `game` with `stones` stones placed in turn at random cells, none completing a
/// line (a cell that would is skipped; a dead end starts over).
pub fn random_board(rng: &mut Rng, game: &Game, stones: usize) -> Board {
    'retry: loop {
        let mut board = vec![b'.'; game.cells()];
        for turn in 0..stones {
            let mark = if turn % 2 == 0 { b'x' } else { b'o' };
            let mut cells: Vec<usize> = (0..board.len()).filter(|&i| board[i] == b'.').collect();
            rng.shuffle(&mut cells);
            let Some(&cell) = cells.iter().find(|&&i| {
                board[i] = mark;
                let ok = !game.has_line(&board, mark);
                board[i] = b'.';
                ok
            }) else {
                continue 'retry;
            };
            board[cell] = mark;
        }
        if game.is_legal(&board) {
            return board;
        }
    }
}

/// The statement's sample and its output.
pub const SAMPLE_IN: &str = "2\n3 3 3\n...\n...\n...\n3 3 3\nx..\n.o.\n..x\n";
pub const SAMPLE_OUT: &str = "draw\nDDD\nDDD\nDDD\n\ndraw\nxDL\nDoD\nLDx\n";

/// Games whose empty board is a published draw (see the problem's README): then every first move is a
/// draw too (an extra stone never hurts, so no first move can lose, and none can win). Those with k = 5
/// on boards up to 8 × 8 follow from the 8,8,5 draw (Hsu et al. 2020) as 6,6,5 follows from 7,7,5 (a
/// smaller board never helps the first player); N,N,N for N ≥ 5 by a pairing strategy; 4,8,4 and 8,4,4
/// are computer proofs (Uiterwijk 2019, Charatsidis 2017).
pub const PUBLISHED_DRAWS: [(usize, usize, usize); 20] = [
    (3, 3, 3),
    (4, 4, 4),
    (4, 5, 4),
    (4, 6, 4),
    (4, 7, 4),
    (4, 8, 4),
    (8, 4, 4),
    (5, 5, 4),
    (5, 5, 5),
    (6, 6, 5),
    (6, 6, 6),
    (7, 7, 5),
    (7, 7, 7),
    (6, 8, 5),
    (8, 6, 5),
    (7, 8, 5),
    (8, 7, 5),
    (8, 8, 5),
    (8, 8, 8),
    (5, 4, 4),
];

/// The answer to the empty board of a published draw: `draw` and every cell `D`.
pub fn published_draw_answer(m: usize, n: usize) -> String {
    format!("draw\n{}", format!("{}\n", "D".repeat(n)).repeat(m))
}

/// Solves a whole (valid) input file case by case.
pub fn solve(text: &str) -> String {
    reference::solve(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_and_small_facts() {
        assert_eq!(solve(SAMPLE_IN), SAMPLE_OUT);
        // 3,3,3 is a draw; 2,2,2: the first player wins anywhere; 1,3,2: only the middle wins.
        let mut empty3 = Minimax::new(Game::new(3, 3, 3));
        assert_eq!(empty3.value(&mut vec![b'.'; 9]), DRAW);
        assert_eq!(
            Minimax::new(Game::new(2, 2, 2)).answer(b"...."),
            "win\nWW\nWW\n"
        );
        assert_eq!(
            Minimax::new(Game::new(1, 3, 2)).answer(b"..."),
            "win\nDWD\n"
        );
        assert_eq!(Game::new(4, 4, 4).lines.len(), 10);
        assert_eq!(Game::new(7, 7, 5).lines.len(), 60);
    }
}
