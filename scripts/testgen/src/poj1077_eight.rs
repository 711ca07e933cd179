//! Reference for `poj1077-eight` and `hdu1043-eight` (independent of the solutions in `problems/`).
//!
//! Two plain methods: a breadth-first search from the goal over every reachable board (the distance of each
//! of the 181,440 solvable boards; a board missing from it is unsolvable), which is the package's reference
//! program `testdata/poj1077-eight/generators/reference.rs` included here, and the lecture's textbook A*
//! (Manhattan distance, a binary heap, a closed set) for single boards. Also what only the generator and
//! the tests need: replaying moves, every board, the input format, the named boards.
//! Boards are `[u8; 9]`, row by row from the top left, 0 for the blank `x`.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/poj1077-eight/generators/reference.rs"]
mod reference;

use reference::neighbours;
pub use reference::{answer, parse, step, Board, Distances, GOAL};

/// The board reached by playing `moves` from `board`, or `None` at the first illegal letter or move.
pub fn replay(board: &Board, moves: &str) -> Option<Board> {
    moves.chars().try_fold(*board, |b, letter| step(&b, letter))
}

/// Sum over tiles of the rows plus columns between the tile and its goal cell (tile t belongs on t - 1).
fn manhattan(board: &Board) -> u32 {
    let mut sum = 0;
    for (cell, &tile) in board.iter().enumerate() {
        if tile != 0 {
            let home = tile as usize - 1;
            sum += (home / 3).abs_diff(cell / 3) + (home % 3).abs_diff(cell % 3);
        }
    }
    sum as u32
}

/// The lecture's A*: expand boards by least f = g + h (h = Manhattan, consistent, so a board is final
/// when first popped). Returns one shortest move string, or `None` once every reachable board is closed.
pub fn a_star(start: &Board) -> Option<String> {
    let mut best_g: HashMap<Board, u32> = HashMap::from([(*start, 0)]);
    let mut parent: HashMap<Board, (Board, char)> = HashMap::new();
    let mut open = BinaryHeap::from([Reverse((manhattan(start), 0u32, *start))]);
    while let Some(Reverse((_, g, board))) = open.pop() {
        if g > best_g[&board] {
            continue; // a stale heap entry
        }
        if board == GOAL {
            let mut moves = Vec::new();
            let mut at = board;
            while let Some(&(before, letter)) = parent.get(&at) {
                moves.push(letter);
                at = before;
            }
            return Some(moves.iter().rev().collect());
        }
        for (letter, next) in neighbours(&board) {
            if best_g.get(&next).map_or(true, |&old| g + 1 < old) {
                best_g.insert(next, g + 1);
                parent.insert(next, (board, letter));
                open.push(Reverse((g + 1 + manhattan(&next), g + 1, next)));
            }
        }
    }
    None
}

/// All 9! arrangements of the tiles and the blank, in lexicographic order (0, the blank, first).
pub fn all_boards() -> Vec<Board> {
    let mut boards = Vec::with_capacity(362_880);
    let mut board: Board = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    loop {
        boards.push(board);
        // next permutation: the longest non-increasing suffix, then swap and reverse
        let Some(i) = (0..8).rev().find(|&i| board[i] < board[i + 1]) else {
            return boards;
        };
        let j = (i + 1..9).rev().find(|&j| board[j] > board[i]).unwrap();
        board.swap(i, j);
        board[i + 1..].reverse();
    }
}

/// The board as input text: nine tokens separated by `sep`, `x` for the blank.
pub fn format_board(board: &Board, sep: &str) -> String {
    let tokens: Vec<String> = board
        .iter()
        .map(|&t| {
            if t == 0 {
                "x".to_string()
            } else {
                t.to_string()
            }
        })
        .collect();
    tokens.join(sep)
}

/// One board a line, single spaces, a final newline: the plain HDU layout.
pub fn format_input(boards: &[Board]) -> String {
    boards.iter().map(|b| format_board(b, " ") + "\n").collect()
}

/// The statement's sample, in the layout every case but the layout ones has (single spaces), and its
/// answer (one of the shortest).
pub const SAMPLE_IN: &str = "2 3 4 1 5 x 7 6 8\n";
/// The same board as POJ's and HDU's statements print it, two spaces between tokens.
pub const JUDGES_SAMPLE_IN: &str = "2  3  4  1  5  x  7  6  8\n";
pub const SAMPLE_MOVES: &str = "ullddrurdllurdruldr";
/// The two boards that need 31 moves, the most any board needs.
pub const HARDEST: [Board; 2] = [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]];
/// A 29-move board on which a Manhattan IDA* works longest (128k nodes; found by running one on all boards).
pub const MOST_IDA_NODES: Board = [5, 0, 3, 8, 6, 2, 7, 4, 1];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bfs_matches_the_known_distance_counts() {
        let distances = Distances::new();
        let mut counts = [0u32; 32];
        for (_, d) in distances.all() {
            counts[d as usize] += 1;
        }
        assert_eq!(
            counts,
            [
                1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638,
                9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221,
                2
            ]
        );
        let sample = parse(SAMPLE_IN)[0];
        assert_eq!(sample, [2, 3, 4, 1, 5, 0, 7, 6, 8]);
        assert_eq!(distances.get(&sample), Some(19));
        assert_eq!(replay(&sample, SAMPLE_MOVES), Some(GOAL));
        assert_eq!(replay(&sample, &distances.answer(&sample)), Some(GOAL));
    }

    #[test]
    fn a_star_agrees_on_small_cases() {
        assert_eq!(a_star(&GOAL), Some(String::new()));
        assert_eq!(a_star(&[1, 2, 3, 4, 5, 6, 7, 0, 8]), Some("r".to_string()));
        assert_eq!(a_star(&[1, 2, 3, 4, 5, 6, 8, 7, 0]), None);
        assert_eq!(
            a_star(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).map(|m| m.len()),
            Some(19)
        );
    }

    #[test]
    fn all_boards_are_distinct_and_complete() {
        let boards = all_boards();
        assert_eq!(boards.len(), 362_880);
        assert!(boards.windows(2).all(|w| w[0] < w[1]));
    }
}
