//! Reference for `poj1085-triangle-war` (independent of `problems/poj1085-triangle-war/src/main.rs`): the
//! plain memoised minimax over the 2^18 drawn sets is the package's reference program,
//! `testdata/poj1085-triangle-war/generators/reference.rs`, included here. Also what only the generator and
//! the tests need: random games (uniform, or played "greedily" so that they end in long extra-turn chains),
//! the named games and the input format.
use crate::rng::Rng;

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/poj1085-triangle-war/generators/reference.rs"]
mod reference;

pub use reference::{parse, replay, Board, Reference, Replay, Segment};

/// The statement's sample and its output.
pub const SAMPLE_IN: &str =
    "4\n6\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7 8\n\
6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n10\n1 2\n2 5\n3 6\n5 8\n4 7\n6 10\n2 4\n4 5\n4 8\n7 8\n";
pub const SAMPLE_OUT: &str = "Game 1: B wins.\nGame 2: A wins.\nGame 3: A wins.\nGame 4: B wins.\n";

/// Single games whose winner can be checked by hand: (case name, moves as dot numbers, winner).
pub const EDGE_CASES: [(&str, &str, char); 4] = [
    // All 18 drawn in the order of the statement's list: A takes 1-2-3, 2-3-5, 5-6-9; B the other six.
    (
        "02-full-board",
        "1 2 1 3 2 3 2 4 2 5 3 5 3 6 4 5 5 6 4 7 4 8 5 8 5 9 6 9 6 10 7 8 8 9 9 10",
        'B',
    ),
    // A takes 1-2-3, 3-5-6, 4-5-8, then 4-7-8, 5-8-9, 6-9-10 in a row and ends with 2-5, which closes
    // 2-4-5 and 2-3-5 at once: A 8, B 1.
    (
        "03-last-move-closes-two",
        "1 2 1 3 2 3 2 4 3 5 3 6 4 5 5 6 4 7 4 8 5 8 5 9 6 9 6 10 7 8 8 9 9 10 2 5",
        'A',
    ),
    // The full board without 9-10: B leads 5-3, is to move and takes 6-9-10.
    (
        "04-one-segment-left",
        "1 2 1 3 2 3 2 4 2 5 3 5 3 6 4 5 5 6 4 7 4 8 5 8 5 9 6 9 6 10 7 8 8 9",
        'B',
    ),
    // Six segments, no triangle has two sides: A to move at 0-0 (winner from the reference).
    ("05-no-triangle-yet", "1 2 4 7 6 10 3 5 5 8 8 9", 'A'),
];

/// The game of a move list written as dot numbers (`"1 2 2 3"`), each pair in either order.
pub fn game(moves: &str) -> Vec<Segment> {
    let dots: Vec<u8> = moves.split(' ').map(|t| t.parse().unwrap()).collect();
    dots.chunks(2)
        .map(|p| (p[0].min(p[1]), p[0].max(p[1])))
        .collect()
}

/// The input file for `games`.
pub fn input(games: &[Vec<Segment>]) -> String {
    let mut out = format!("{}\n", games.len());
    for g in games {
        out += &format!("{}\n", g.len());
        for &(i, j) in g {
            out += &format!("{i} {j}\n");
        }
    }
    out
}

/// The first `m` moves of a uniformly random order of the 18 segments (any order is a legal game).
pub fn random_game(rng: &mut Rng, board: &Board, m: usize) -> Vec<Segment> {
    let mut order = board.segments.clone();
    rng.shuffle(&mut order);
    order.truncate(m);
    order
}

/// The first `m` moves of a game played like people play it: take a triangle when one is offered, else
/// avoid drawing a second side of a triangle. Such games stall, then end in long chains of extra turns.
pub fn chain_game(rng: &mut Rng, board: &Board, m: usize) -> Vec<Segment> {
    let mut drawn = 0u32;
    let mut moves = Vec::new();
    while moves.len() < m {
        let free: Vec<usize> = (0..18).filter(|&s| drawn & (1 << s) == 0).collect();
        let scoring: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&s| board.gain(drawn, s) > 0)
            .collect();
        let safe: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&s| !offers_triangle(board, drawn, s))
            .collect();
        let s = if !scoring.is_empty() && rng.chance(9, 10) {
            *rng.pick(&scoring)
        } else if !safe.is_empty() {
            *rng.pick(&safe)
        } else {
            *rng.pick(&free)
        };
        drawn |= 1 << s;
        moves.push(board.segments[s]);
    }
    moves
}

/// Whether drawing `s` leaves some triangle with exactly one side missing.
fn offers_triangle(board: &Board, drawn: u32, s: usize) -> bool {
    let after = drawn | 1 << s;
    board
        .triangles
        .iter()
        .any(|t| t.contains(&s) && t.iter().filter(|&&e| after & (1 << e) != 0).count() == 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_player_loses_by_three_from_the_empty_board() {
        assert_eq!(Reference::new().best(0), -3);
    }

    #[test]
    fn samples() {
        let parse = |pairs: &[(u8, u8)]| pairs.to_vec();
        let games = [
            parse(&[(2, 4), (4, 5), (5, 9), (3, 6), (2, 5), (3, 5)]),
            parse(&[(2, 4), (4, 5), (5, 9), (3, 6), (2, 5), (3, 5), (7, 8)]),
            parse(&[(1, 2), (2, 3), (1, 3), (2, 4), (2, 5), (4, 5)]),
            parse(&[
                (1, 2),
                (2, 5),
                (3, 6),
                (5, 8),
                (4, 7),
                (6, 10),
                (2, 4),
                (4, 5),
                (4, 8),
                (7, 8),
            ]),
        ];
        assert_eq!(
            Reference::new().answer(&games),
            "Game 1: B wins.\nGame 2: A wins.\nGame 3: A wins.\nGame 4: B wins.\n"
        );
    }
}
