//! POJ 1077 / HDU 1043 "Eight": print a shortest move string for each 8-puzzle board, or `unsolvable`.
//!
//! Input:  boards of 9 tokens (`1`..`8`, `x` the blank) until end of input. Output: one line per board,
//!         the blank's moves over `u d l r`, `unsolvable`, or an empty line for the goal board.
//! Method: a parity test first (a move changes the tiles' inversion count by 0 or ±2, the goal has 0).
//!         A solvable board is then solved by one of two exact methods, whichever is cheaper so far:
//!         - IDA* with the Manhattan distance (admissible: a move brings one tile one step nearer at best).
//!           A board takes 3.5k nodes on average, ≤ 128k (~1.3 ms), and no memory beyond the path;
//!           but all 181,440 solvable boards together take 628M nodes, ~9 s.
//!         - a reverse BFS from the goal over all 181,440 solvable boards, storing for each board (indexed
//!           by its Lehmer rank among the 9! arrangements) the move that takes it one step home; a board
//!           is then answered by following the stored moves. The build costs ~13 ms, after which a board
//!           costs ~22 look-ups (~2 µs), so it wins once many boards come (HDU's stress files).
//!         Ski rental decides: boards go to IDA* until the nodes it has spent pass the table's price, then
//!         the table is built once for the rest. A single board (POJ) never pays for the table, and no
//!         input costs much more than twice what the better of the two methods alone would cost.
//!         (Linear conflicts halve the nodes of a 31-move board but, recomputed per node, double its time.)
//! Cost:   IDA*: ≤ 128k nodes a board, O(31) memory; table: 362,880 bytes (and a 1.6 MB queue while it
//!         is built), each board expanded once.
//! Status: tests/poj1077-eight.rs checks IDA*, the table and `solve` on every one of the 362,880 boards
//!         against testgen's BFS (length; the moves replayed reach the goal; `unsolvable` on the odd half),
//!         and IDA* against the lecture's A* on the solvable half of 2,000 random boards. Whole process
//!         (rustc -O, user CPU, /usr/bin/time): a 31-move board ≤ 1.3 ms, the board with the most IDA*
//!         nodes ≤ 2.5 ms; all 362,880 boards in one file 0.17 s and 19 MiB peak (HDU allows 5 s,
//!         32 MiB). Judge: all AC.
use std::io::{self, Read, Write};

// ---------------------------------------------------------------- model

/// A board row by row from the top left: `board[cell]` is the tile on `cell`, 0 for the blank.
pub type Board = [u8; 9];

const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const ARRANGEMENTS: usize = 362_880; // 9!

/// A move of the blank, named after the direction it goes (`Up`: the blank swaps with the tile above).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Move {
    Up,
    Down,
    Left,
    Right,
}

impl Move {
    const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    fn letter(self) -> char {
        b"udlr"[self as usize] as char
    }

    fn back(self) -> Move {
        Move::ALL[self as usize ^ 1]
    }

    /// The cell the blank reaches leaving `blank` this way, if that cell is on the board.
    fn from(self, blank: usize) -> Option<usize> {
        match self {
            Move::Up if blank >= 3 => Some(blank - 3),
            Move::Down if blank < 6 => Some(blank + 3),
            Move::Left if blank % 3 > 0 => Some(blank - 1),
            Move::Right if blank % 3 < 2 => Some(blank + 1),
            _ => None,
        }
    }
}

fn blank_of(board: &Board) -> usize {
    board.iter().position(|&tile| tile == 0).unwrap_or(0)
}

/// The blank at `blank` swaps with the tile at `to`.
fn slide(board: &mut Board, blank: usize, to: usize) {
    board[blank] = board[to];
    board[to] = 0;
}

/// Even inversions among the tiles (the blank ignored) ⇔ solvable: a row move keeps the tile order,
/// a column move lifts one tile over two others, so the parity never changes, and the goal has none.
pub fn solvable(board: &Board) -> bool {
    let mut inversions = 0;
    for (i, &a) in board.iter().enumerate() {
        inversions += board[i + 1..].iter().filter(|&&b| b != 0 && b < a).count();
    }
    inversions % 2 == 0
}

/// Steps `tile` must travel from `cell` to its goal cell `tile - 1`; the blank costs nothing.
fn manhattan(tile: u8, cell: usize) -> u32 {
    if tile == 0 {
        return 0;
    }
    let home = tile as usize - 1;
    ((home / 3).abs_diff(cell / 3) + (home % 3).abs_diff(cell % 3)) as u32
}

/// The board's rank among all 9! arrangements (its Lehmer code): a perfect index for a flat table.
fn rank(board: &Board) -> usize {
    let mut seen = 0u32; // bit t: tile t stands on an earlier cell
    let mut rank = 0;
    for (cell, &tile) in board.iter().enumerate() {
        let smaller_later = tile as u32 - (seen & ((1 << tile) - 1)).count_ones();
        rank = rank * (9 - cell) + smaller_later as usize;
        seen |= 1 << tile;
    }
    rank
}

// ---------------------------------------------------------------- search

/// A shortest move string for a solvable board, by IDA*, and the number of nodes it visited.
pub fn ida_star(board: &Board) -> (String, u64) {
    let h = board
        .iter()
        .enumerate()
        .map(|(cell, &tile)| manhattan(tile, cell))
        .sum();
    let mut probe = Probe {
        board: *board,
        path: Vec::new(),
        nodes: 0,
    };
    let mut bound = h;
    while let Outcome::Exceeded(least) = probe.search(blank_of(board), h, bound) {
        bound = least; // the smallest f that was cut off: no solution is shorter than it
    }
    (probe.path.iter().map(|m| m.letter()).collect(), probe.nodes)
}

/// What one depth-first probe found.
enum Outcome {
    Found,
    /// No solution within the bound; the least f = g + h seen beyond it.
    Exceeded(u32),
}

/// One IDA* iteration: a depth-first search with make/undo on a single board.
struct Probe {
    board: Board,
    path: Vec<Move>,
    nodes: u64,
}

impl Probe {
    /// Searches on from the current board (blank on `blank`, Manhattan distance `h`) while g + h ≤ bound.
    fn search(&mut self, blank: usize, h: u32, bound: u32) -> Outcome {
        self.nodes += 1;
        let f = self.path.len() as u32 + h;
        if f > bound {
            return Outcome::Exceeded(f);
        }
        if h == 0 {
            return Outcome::Found; // every tile is home
        }
        let mut least = u32::MAX;
        for step in Move::ALL {
            let Some(to) = step.from(blank) else { continue };
            if self.path.last() == Some(&step.back()) {
                continue; // undoing the last move never shortens a path
            }
            let tile = self.board[to];
            let h_next = h - manhattan(tile, to) + manhattan(tile, blank); // incremental: one tile moved
            slide(&mut self.board, blank, to);
            self.path.push(step);
            match self.search(to, h_next, bound) {
                Outcome::Found => return Outcome::Found,
                Outcome::Exceeded(f) => least = least.min(f),
            }
            self.path.pop();
            slide(&mut self.board, to, blank);
        }
        Outcome::Exceeded(least)
    }
}

/// For every solvable board, the move that takes it one step nearer the goal (a reverse BFS tree).
pub struct Table {
    /// `homeward[rank(board)]`; `None` for the goal and for unsolvable boards.
    homeward: Vec<Option<Move>>,
}

impl Table {
    /// Breadth-first from the goal: the first move found into a board lies on a shortest path.
    pub fn build() -> Table {
        let mut homeward = vec![None; ARRANGEMENTS];
        let mut queue = vec![GOAL];
        let mut head = 0;
        while let Some(&board) = queue.get(head) {
            head += 1;
            let blank = blank_of(&board);
            for step in Move::ALL {
                let Some(to) = step.from(blank) else { continue };
                let mut next = board;
                slide(&mut next, blank, to);
                let entry = &mut homeward[rank(&next)];
                if entry.is_none() && next != GOAL {
                    *entry = Some(step.back());
                    queue.push(next);
                }
            }
        }
        Table { homeward }
    }

    /// A shortest move string for a solvable board: follow the stored moves home.
    pub fn moves(&self, board: &Board) -> String {
        let mut board = *board;
        let mut moves = String::new();
        while let Some(step) = self.homeward[rank(&board)] {
            let blank = blank_of(&board);
            let to = step.from(blank).unwrap_or(blank);
            slide(&mut board, blank, to);
            moves.push(step.letter());
        }
        moves
    }
}

/// Building the table costs as much CPU as this many IDA* nodes (measured: ~13 ms against ~10 ns a node).
const TABLE_PRICE_NODES: u64 = 1_300_000;

/// Answers boards in turn, renting IDA* until its spent nodes pay for the table, then buying the table.
#[derive(Default)]
struct Solver {
    table: Option<Table>,
    nodes_spent: u64,
}

impl Solver {
    /// A shortest move string for `board`, or `None` when it is unsolvable.
    fn answer(&mut self, board: &Board) -> Option<String> {
        if !solvable(board) {
            return None;
        }
        if let Some(table) = &self.table {
            return Some(table.moves(board));
        }
        let (moves, nodes) = ida_star(board);
        self.nodes_spent += nodes;
        if self.nodes_spent >= TABLE_PRICE_NODES {
            self.table = Some(Table::build());
        }
        Some(moves)
    }
}

// ---------------------------------------------------------------- io

/// One board from the next nine tokens; `number` (from 1) names it in error messages.
fn parse_board<'a>(
    tokens: &mut impl Iterator<Item = &'a str>,
    number: usize,
) -> Result<Board, String> {
    let mut board = [0; 9];
    let mut seen = 0u16; // bit t: tile t already placed
    for (cell, place) in board.iter_mut().enumerate() {
        let token = tokens.next().ok_or_else(|| {
            format!("board {number}: expected 9 tokens, found {cell} before the end of input")
        })?;
        let tile = match token.as_bytes() {
            b"x" => 0,
            &[digit @ b'1'..=b'8'] => digit - b'0',
            _ => {
                return Err(format!(
                    "board {number}: expected 1..8 or x, found {token:?}"
                ))
            }
        };
        if seen & 1 << tile != 0 {
            return Err(format!("board {number}: {token} appears twice"));
        }
        seen |= 1 << tile;
        *place = tile;
    }
    Ok(board)
}

/// The whole output for the whole input: one line per board. Malformed input yields `Err`.
pub fn solve(input: &str) -> Result<String, String> {
    let mut tokens = input.split_ascii_whitespace().peekable();
    let mut boards = Vec::new();
    while tokens.peek().is_some() {
        boards.push(parse_board(&mut tokens, boards.len() + 1)?);
    }
    if boards.is_empty() {
        return Err("expected a board of 9 tokens, found an empty input".to_string());
    }
    let mut solver = Solver::default();
    let mut out = String::new();
    for board in &boards {
        out.push_str(solver.answer(board).as_deref().unwrap_or("unsolvable"));
        out.push('\n');
    }
    Ok(out)
}

fn main() {
    let mut input = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut input) {
        eprintln!("cannot read input as UTF-8 text: {e}");
        std::process::exit(1);
    }
    match solve(&input) {
        Ok(out) => {
            let _ = io::stdout().lock().write_all(out.as_bytes());
        }
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(board: &Board, moves: &str) -> Board {
        let mut board = *board;
        for letter in moves.chars() {
            let step = Move::ALL
                .into_iter()
                .find(|m| m.letter() == letter)
                .unwrap();
            let blank = blank_of(&board);
            slide(&mut board, blank, step.from(blank).unwrap());
        }
        board
    }

    #[test]
    fn rank_is_a_bijection_onto_0_to_9_factorial() {
        assert_eq!(rank(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
        assert_eq!(rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), ARRANGEMENTS - 1);
        assert_eq!(rank(&[0, 1, 2, 3, 4, 5, 6, 8, 7]), 1);
        assert_eq!(rank(&[1, 0, 2, 3, 4, 5, 6, 7, 8]), 40_320);
    }

    #[test]
    fn parity_and_manhattan() {
        assert!(solvable(&GOAL));
        assert!(!solvable(&[1, 2, 3, 4, 5, 6, 8, 7, 0]));
        assert!(solvable(&[2, 3, 4, 1, 5, 0, 7, 6, 8]));
        assert_eq!(manhattan(1, 8), 4);
        assert_eq!(manhattan(0, 0), 0);
        assert_eq!(manhattan(5, 4), 0);
    }

    #[test]
    fn both_methods_solve_the_sample_and_the_31_move_boards_shortest() {
        let table = Table::build();
        let sample = [2, 3, 4, 1, 5, 0, 7, 6, 8];
        let hardest = [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]];
        for (board, length) in [(sample, 19), (hardest[0], 31), (hardest[1], 31)] {
            for moves in [ida_star(&board).0, table.moves(&board)] {
                assert_eq!(moves.len(), length);
                assert_eq!(replay(&board, &moves), GOAL);
            }
        }
    }

    #[test]
    fn ski_rental_buys_the_table_once_ida_star_has_spent_its_price() {
        let hardest = [8, 6, 7, 2, 5, 4, 3, 0, 1];
        let nodes = ida_star(&hardest).1;
        let mut solver = Solver::default();
        let mut rented = 0;
        while solver.table.is_none() {
            assert_eq!(solver.answer(&hardest).map(|m| m.len()), Some(31));
            rented += 1;
        }
        assert_eq!(rented, (TABLE_PRICE_NODES + nodes - 1) / nodes);
        assert_eq!(solver.answer(&hardest).map(|m| m.len()), Some(31));
        assert_eq!(solver.answer(&[1, 2, 3, 4, 5, 6, 8, 7, 0]), None);
    }

    #[test]
    fn parse_rejects_malformed_boards() {
        assert!(solve("1 2 3 4 5 6 7 8 x").is_ok());
        assert!(solve("1 2 3 4 5 6 7 8 8").is_err());
        assert!(solve("1 2 3 4 5 6 7 8 9").is_err());
        assert!(solve("1 2 3 4 5 6 7 8").is_err());
        assert!(solve(" \n").is_err());
    }
}
