//! POJ 1568 "Find the Winning Move": the first cell where `x` forces a win at 4x4 tic-tac-toe, or `#####`.
//!
//! Input:  cases `?` + four rows of `.xo` (`x` to move), ended by `$`.
//! Output: per case `(r,c)`, the first cell in row-major order where `x` forces a win, or `#####`.
//! Method: minimax with alpha-beta. The question is "can x force a win?", so the evaluation scores a
//!         finished game WIN when x has four in a line and NOT_WIN otherwise (a draw is not a win). The
//!         board is two 16-bit bitboards; a memo of proven positions, shared by all cases, and trying
//!         moves that complete a line, then moves that block one, first keep the tree small. The memo
//!         starts at 8 KiB and doubles as it fills (to 16 MiB at most), so small inputs cost nothing
//!         to set up; nothing assumes what a board with few pieces is worth.
//! Cost:   the hardest four-piece board takes 22,825 nodes. Whole process, CPU (user + sys, median of
//!         11, `scripts/bench-before-after`, against the fixed 16 MiB memo this replaced, same run):
//!         official/random/04 (2,000 boards of 12 or 14 pieces) 1.9 ms against 14.7 ms; all 10,920
//!         four-piece boards 280 ms against 279 ms (1.00×, ±2% between runs), 18 MiB peak (limit
//!         32 MiB); random/01 (six pieces) 18 ms against 44 ms. The fastest accepted fixture
//!         (submissions/official-only/minimax-getchar-piece-shortcut.c, gcc -O2, same run): random/04
//!         2.3 ms against our 2.1 ms; six pieces 68 ms against 20 ms; four pieces 5.5 ms by its shortcut.
//! Status: agrees with an exhaustive memoised minimax over all 9,722,011 positions reachable from the
//!         empty board on every legal board with ≥ 12 pieces (1,685,704), on every four-piece board (all
//!         10,920 are `#####`: the known fact, proved here, not used) and on 100,000 random boards with
//!         4–10 pieces (tests/poj1568-winning-move.rs).
use std::io::{self, Read, Write};

// ---- model ----

/// Bit `4 * row + col` of a 16-bit mask is one cell.
const FULL: u16 = 0xFFFF;

/// The ten winning lines: four rows, four columns, the two long diagonals.
const LINES: [u16; 10] = [
    0x000F, 0x00F0, 0x0F00, 0xF000, // rows
    0x1111, 0x2222, 0x4444, 0x8888, // columns
    0x8421, 0x1248, // diagonals
];

/// A position: the cells of each mark, and whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Board {
    x: u16,
    o: u16,
    x_to_move: bool,
}

fn has_line(marks: u16) -> bool {
    LINES.iter().any(|&line| line & !marks == 0) // no cell of the line missing
}

/// The empty cells that would give `marks` four in a line.
fn completing_cells(marks: u16, empty: u16) -> u16 {
    let mut cells = 0;
    for &line in &LINES {
        let gap = line & !marks;
        if gap.count_ones() == 1 && gap & empty != 0 {
            cells |= gap;
        }
    }
    cells
}

impl Board {
    fn empty(self) -> u16 {
        FULL & !(self.x | self.o)
    }

    fn play(self, cell: u32) -> Board {
        let mut next = self;
        match self.x_to_move {
            true => next.x |= 1 << cell,
            false => next.o |= 1 << cell,
        }
        next.x_to_move = !self.x_to_move;
        next
    }

    /// The empty cells in search order: those that complete the mover's line (the game ends), then those
    /// that block the opponent's, then the rest. Good moves first make alpha-beta cut early.
    fn ordered_moves(self) -> [u16; 3] {
        let (mine, theirs) = if self.x_to_move {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        };
        let wins = completing_cells(mine, self.empty());
        let blocks = completing_cells(theirs, self.empty()) & !wins;
        [wins, blocks, self.empty() & !wins & !blocks]
    }
}

// ---- search ----

/// Scores seen by `x`, who maximises; `o` minimises.
type Score = u8;
const NOT_WIN: Score = 0;
const WIN: Score = 1;

/// The evaluation at a finished game, or `None` while it goes on.
fn evaluate(board: Board) -> Option<Score> {
    if has_line(board.x) {
        Some(WIN)
    } else if has_line(board.o) || board.empty() == 0 {
        Some(NOT_WIN)
    } else {
        None
    }
}

/// Proven values, direct-mapped by a hash of the board: a slot holds `key << 1 | score` with
/// `key = x | o << 16 | x_to_move << 32 | 1 << 33` (the top bit marks a used slot; a clash overwrites).
/// The table starts at 2^10 slots (8 KiB) and doubles whenever half its slots are used, up to 2^21
/// (16 MiB): a file of a few shallow boards never pays for (or pages in) memory it does not need.
struct Memo {
    slots: Vec<u64>,
    /// log2 of the slot count: a slot index is the top `bits` bits of the key's hash.
    bits: u32,
    used: usize,
}

impl Memo {
    const MIN_BITS: u32 = 10;
    const MAX_BITS: u32 = 21;

    fn new() -> Memo {
        Memo {
            slots: vec![0; 1 << Memo::MIN_BITS],
            bits: Memo::MIN_BITS,
            used: 0,
        }
    }

    fn key(board: Board) -> u64 {
        u64::from(board.x) | u64::from(board.o) << 16 | u64::from(board.x_to_move) << 32 | 1 << 33
    }

    /// Fibonacci hashing: the top bits of key * 2^64/phi spread nearby boards apart. Keeping the *top*
    /// bits makes doubling simple: the entry in slot i moves to slot 2i or 2i + 1.
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    fn get(&self, board: Board) -> Option<Score> {
        let key = Memo::key(board);
        let entry = self.slots[self.slot(key)];
        (entry >> 1 == key).then_some((entry & 1) as Score)
    }

    fn put(&mut self, board: Board, score: Score) {
        if 2 * self.used >= self.slots.len() && self.bits < Memo::MAX_BITS {
            self.grow();
        }
        let key = Memo::key(board);
        let slot = self.slot(key);
        self.used += (self.slots[slot] == 0) as usize;
        self.slots[slot] = key << 1 | u64::from(score);
    }

    /// Doubles the table in place: from the top down, slot i's entry moves to 2i or 2i + 1, both
    /// already emptied (or new), so no second table is needed.
    fn grow(&mut self) {
        let old_len = self.slots.len();
        self.slots.resize(2 * old_len, 0);
        self.bits += 1;
        for i in (0..old_len).rev() {
            let entry = std::mem::take(&mut self.slots[i]);
            if entry != 0 {
                let slot = self.slot(entry >> 1);
                self.slots[slot] = entry;
            }
        }
    }
}

/// Minimax with alpha-beta pruning over the two scores NOT_WIN < WIN.
///
/// With only two scores the window (alpha, beta) is always (NOT_WIN, WIN) on entry, so a cutoff happens
/// exactly when a child settles the node: `x` has found a win (best ≥ beta) or `o` has found a reply that
/// escapes (best ≤ alpha). Every returned score is therefore exact, and the memo may keep it.
fn alphabeta(memo: &mut Memo, board: Board, mut alpha: Score, mut beta: Score) -> Score {
    if let Some(score) = evaluate(board) {
        return score;
    }
    if let Some(score) = memo.get(board) {
        return score;
    }
    let mut best = if board.x_to_move { NOT_WIN } else { WIN };
    'search: for mut cells in board.ordered_moves() {
        while cells != 0 {
            let score = alphabeta(memo, board.play(cells.trailing_zeros()), alpha, beta);
            cells &= cells - 1;
            if board.x_to_move {
                best = best.max(score);
                alpha = alpha.max(best);
            } else {
                best = best.min(score);
                beta = beta.min(best);
            }
            if alpha >= beta {
                break 'search;
            }
        }
    }
    memo.put(board, best);
    best
}

/// The first cell in row-major order where `x` forces a win, if any.
fn winning_move(memo: &mut Memo, board: Board) -> Option<u32> {
    (0..16).find(|&cell| {
        board.empty() >> cell & 1 == 1 && alphabeta(memo, board.play(cell), NOT_WIN, WIN) == WIN
    })
}

// ---- input / output ----

/// Reads four rows of `.xo` (any blank lines before them skipped); `x` is to move.
fn parse_board<'a>(lines: &mut impl Iterator<Item = &'a str>) -> Result<Board, String> {
    let mut board = Board {
        x: 0,
        o: 0,
        x_to_move: true,
    };
    let bad_row = |found: &str| format!("expected a row of four cells from `.xo`, found {found}");
    for row in 0..4 {
        let line = lines.next().ok_or_else(|| bad_row("end of input"))?;
        if line.len() != 4 {
            return Err(bad_row(&format!("{line:?}")));
        }
        for (col, mark) in line.bytes().enumerate() {
            let bit = 1 << (4 * row + col);
            match mark {
                b'x' => board.x |= bit,
                b'o' => board.o |= bit,
                b'.' => {}
                _ => return Err(bad_row(&format!("{line:?}"))),
            }
        }
    }
    Ok(board)
}

/// Answers a whole input: one line per case, `(r,c)` or `#####`.
pub fn solve(input: &str) -> Result<String, String> {
    let mut lines = input.lines().map(str::trim).filter(|line| !line.is_empty());
    let mut memo = Memo::new();
    let mut out = String::new();
    loop {
        match lines.next() {
            Some(line) if line.starts_with('$') => return Ok(out),
            Some(line) if line.starts_with('?') => {
                let board = parse_board(&mut lines)?;
                match winning_move(&mut memo, board) {
                    Some(cell) => out += &format!("({},{})\n", cell / 4, cell % 4),
                    None => out += "#####\n",
                }
            }
            Some(line) => {
                return Err(format!(
                    "expected a line starting with `?` or `$`, found {line:?}"
                ))
            }
            None => {
                return Err("expected a line starting with `?` or `$`, found end of input".into())
            }
        }
    }
}

/// Reads all of stdin, solves it, writes the answer once; malformed input is exit 1 with one line on stderr.
fn main() {
    let mut input = String::new();
    let answer = match io::stdin().read_to_string(&mut input) {
        Ok(_) => solve(&input),
        Err(_) => Err("expected UTF-8 text on stdin".to_string()),
    };
    let written = answer.and_then(|output| {
        let mut stdout = io::stdout().lock();
        stdout
            .write_all(output.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write the answer: {e}"))
    });
    if let Err(message) = written {
        eprintln!("{message}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        parse_board(&mut rows.split_whitespace()).unwrap()
    }

    #[test]
    fn lines_and_completing_cells() {
        assert!(has_line(0x8421) && has_line(0x2222) && !has_line(0x0E0E));
        let b = board("xxx. o... o... o...");
        assert_eq!(completing_cells(b.x, b.empty()), 1 << 3);
        assert_eq!(completing_cells(b.o, b.empty()), 0);
        assert_eq!(b.ordered_moves()[0], 1 << 3);
    }

    #[test]
    fn evaluation_scores_draws_as_not_wins() {
        let draw = board("xxoo oxxx xoox oxox");
        assert_eq!(evaluate(draw), Some(NOT_WIN));
        assert_eq!(evaluate(board("xxxx oo.o .... ....")), Some(WIN));
        assert_eq!(evaluate(board("o..x .o.x ..ox ...o")), Some(NOT_WIN));
    }

    #[test]
    fn a_win_one_move_away_and_a_deeper_one() {
        let mut memo = Memo::new();
        assert_eq!(
            winning_move(&mut memo, board("xxx. oo.. o... ....")),
            Some(3)
        );
        assert_eq!(
            winning_move(&mut memo, board("o... .ox. .xxx xooo")),
            Some(1)
        );
    }

    #[test]
    fn the_memo_keeps_its_entries_as_it_doubles() {
        let mut memo = Memo::new();
        let boards: Vec<Board> = (0..3000u16)
            .map(|i| Board {
                x: i,
                o: i.rotate_left(7) & !i,
                x_to_move: i % 3 == 0,
            })
            .collect();
        for (i, &b) in boards.iter().enumerate() {
            memo.put(b, (i % 2) as Score);
        }
        assert!(memo.bits > Memo::MIN_BITS, "grew as it filled");
        let kept: Vec<usize> = (0..boards.len())
            .filter(|&i| memo.get(boards[i]).is_some())
            .collect();
        assert!(kept.len() > boards.len() / 2);
        memo.grow();
        for i in kept {
            assert_eq!(
                memo.get(boards[i]),
                Some((i % 2) as Score),
                "board {i} after doubling"
            );
        }
    }

    #[test]
    fn rows_must_be_four_cells() {
        assert!(parse_board(&mut IntoIterator::into_iter([
            "xxx.", "oo..", "o..", "...."
        ]))
        .is_err());
        assert!(parse_board(&mut IntoIterator::into_iter(["xxx.", "oo.."])).is_err());
        assert!(solve("?\nxx..\noo..\n....\n....\n").is_err());
    }
}
