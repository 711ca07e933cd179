//! Reference solver for `poj2286-rotation-game` (independent of `problems/poj2286-rotation-game/src/main.rs`).
//!
//! The lecture's method, kept plain: iterative deepening over whole boards (24 symbols), moves tried in the
//! order A..H, never undoing the previous move, pruned by h = 8 − (largest count of one symbol among the
//! eight centre cells) — admissible because one move changes exactly one centre cell. The first solution at
//! the smallest bound is the shortest and, because letters are tried in order, the lexicographically smallest.
//! Slow on deep boards (the bound only sees counts), which is why the solution does something else.

/// The cells of each line, spec numbering 1..24, listed from the end the blocks move toward.
const LINES: [[usize; 7]; 8] = [
    [1, 3, 7, 12, 16, 21, 23],
    [2, 4, 9, 13, 18, 22, 24],
    [11, 10, 9, 8, 7, 6, 5],
    [20, 19, 18, 17, 16, 15, 14],
    [24, 22, 18, 13, 9, 4, 2],
    [23, 21, 16, 12, 7, 3, 1],
    [14, 15, 16, 17, 18, 19, 20],
    [5, 6, 7, 8, 9, 10, 11],
];
const LETTERS: [char; 8] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
/// The move that undoes move i (A↔F, B↔E, C↔H, D↔G).
const UNDO: [usize; 8] = [5, 4, 7, 6, 1, 0, 3, 2];
const CENTRE: [usize; 8] = [7, 8, 9, 12, 13, 16, 17, 18];

/// A board: `board[c - 1]` is the symbol (1..=3) in cell c.
pub type Board = [u8; 24];

/// One answer as the judge prints it: the moves (empty: `No moves needed`) and the centre symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub moves: String,
    pub centre: u8,
}

impl Answer {
    /// The two output lines, each ending in a newline.
    pub fn to_lines(&self) -> String {
        let first = if self.moves.is_empty() {
            "No moves needed"
        } else {
            &self.moves
        };
        format!("{}\n{}\n", first, self.centre)
    }
}

/// Applies move `m` (0 = A) to the board in place.
pub fn rotate(board: &mut Board, m: usize) {
    let line = LINES[m];
    let pushed_off = board[line[0] - 1];
    for i in 0..6 {
        board[line[i] - 1] = board[line[i + 1] - 1];
    }
    board[line[6] - 1] = pushed_off;
}

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

fn centre_counts(board: &Board) -> [usize; 4] {
    let mut counts = [0; 4];
    for &c in &CENTRE {
        counts[board[c - 1] as usize] += 1;
    }
    counts
}

fn estimate(board: &Board) -> usize {
    8 - centre_counts(board).iter().max().copied().unwrap_or(0)
}

fn deepen(board: &mut Board, path: &mut Vec<usize>, bound: usize) -> bool {
    let h = estimate(board);
    if h == 0 {
        return true;
    }
    if path.len() + h > bound {
        return false;
    }
    for (m, undo) in UNDO.into_iter().enumerate() {
        if path.last() == Some(&undo) {
            continue;
        }
        rotate(board, m);
        path.push(m);
        if deepen(board, path, bound) {
            return true;
        }
        path.pop();
        rotate(board, undo);
    }
    false
}

/// The fewest moves (lexicographically smallest among them) and the centre symbol, by IDA*.
pub fn solve_board(board: &Board) -> Answer {
    let mut work = *board;
    let mut path = Vec::new();
    let mut bound = estimate(board);
    while !deepen(&mut work, &mut path, bound) {
        bound += 1;
    }
    Answer {
        moves: path.iter().map(|&m| LETTERS[m]).collect(),
        centre: work[CENTRE[0] - 1],
    }
}

/// Reads boards until the token `0` (panics on anything else: this is a reference for valid input).
pub fn parse(input: &str) -> Vec<Board> {
    let numbers: Vec<u8> = input
        .split_whitespace()
        .map(|t| t.parse().expect("a number"))
        .collect();
    let end = numbers.iter().position(|&n| n == 0).expect("the closing 0");
    assert_eq!(end % 24, 0, "whole boards before the closing 0");
    numbers[..end]
        .chunks(24)
        .map(|c| c.try_into().expect("24 cells"))
        .collect()
}

/// The whole expected output for an input.
pub fn solve(input: &str) -> String {
    parse(input)
        .iter()
        .map(|b| solve_board(b).to_lines())
        .collect()
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
