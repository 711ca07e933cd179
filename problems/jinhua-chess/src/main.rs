//! Jinhua Chess: can Bob, the player to move at 4x4 tic-tac-toe, force a win, a loss or a draw?
//!
//! Input:  T, then T cases: `win`, `lose` or `draw`, and four rows of `.xo`.   Output: `YES`/`NO` per case.
//! Method: minimax with alpha-beta, Bob maximising and his opponent minimising, where the evaluation of a
//!         finished game depends on Bob's goal: GOAL_MET if it ended the way Bob wants, else GOAL_MISSED.
//!         One value "x wins / draw / o wins" cannot answer the three questions: the opponent always plays
//!         against Bob's goal, so he refuses a win when Bob wants to lose, and when Bob wants a draw he is
//!         as happy to lose as to win. Two 16-bit bitboards; moves that complete a line are tried first; a
//!         memo of proven (question, position) pairs, shared by all cases and keyed by the least of the
//!         position's 32 symmetric images, lets one proof serve every case that reaches a symmetric position.
//! Cost:   100,000 random cases (testdata random/05) in 0.50 s user; 3,000 cases on six-piece boards, the
//!         deepest trees, in 0.17 s; peak memory 21 MiB, mostly the 16 MiB memo (limit 64 MiB).
//! Status: agrees with an exhaustive AND/OR table ("can this player force this outcome?" for every position
//!         reachable from the empty board) on every valid board with ≥ 12 pieces (2,453,352) under all
//!         three goals and on 100,000 random boards with 6–11 pieces under all three, among them boards
//!         where Bob can force both a win and a loss, and boards where nobody can force a win yet Bob
//!         cannot force a draw (tests/jinhua-chess.rs).
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

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mark {
    X,
    O,
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ending {
    Line(Mark),
    Full,
}

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

    fn mover(self) -> Mark {
        if self.x_to_move {
            Mark::X
        } else {
            Mark::O
        }
    }

    fn ending(self) -> Option<Ending> {
        if has_line(self.x) {
            Some(Ending::Line(Mark::X))
        } else if has_line(self.o) {
            Some(Ending::Line(Mark::O))
        } else if self.empty() == 0 {
            Some(Ending::Full)
        } else {
            None
        }
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

    /// The empty cells in search order: first those that complete the mover's line. The game ends there,
    /// so they cost one evaluation, and they settle the node whenever that ending suits the mover.
    // Not blocks next, as in POJ 1568: whether a block helps depends on the goal, and on testdata
    // random/05 it is slower (0.57 s user against 0.52 s).
    fn ordered_moves(self) -> [u16; 2] {
        let mine = if self.x_to_move { self.x } else { self.o };
        let wins = completing_cells(mine, self.empty());
        [wins, self.empty() & !wins]
    }
}

// ---- search ----

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Goal {
    Win,
    Lose,
    Draw,
}

/// What is asked: can `bob` force `goal`? Bob keeps his mark for the whole search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Question {
    goal: Goal,
    bob: Mark,
}

/// Scores seen by Bob, who maximises; his opponent minimises.
type Score = u8;
const GOAL_MISSED: Score = 0;
const GOAL_MET: Score = 1;

/// The goal-dependent evaluation of a finished game, or `None` while it goes on.
fn evaluate(board: Board, question: Question) -> Option<Score> {
    let met = match (question.goal, board.ending()?) {
        (Goal::Win, Ending::Line(mark)) => mark == question.bob,
        (Goal::Lose, Ending::Line(mark)) => mark != question.bob,
        (Goal::Draw, Ending::Full) => true,
        _ => false,
    };
    Some(if met { GOAL_MET } else { GOAL_MISSED })
}

/// Row (and column) orders that keep both diagonals diagonals when applied to rows and columns alike.
const ORDERS: [[u32; 4]; 8] = [
    [0, 1, 2, 3],
    [3, 2, 1, 0],
    [1, 0, 3, 2],
    [2, 3, 0, 1],
    [0, 2, 1, 3],
    [3, 1, 2, 0],
    [1, 3, 0, 2],
    [2, 0, 3, 1],
];

/// The 32 symmetries of the game, each as the image of every cell: (row, col) goes to (p[row], q[col]),
/// transposed or not, with p one of ORDERS and q = p or p reversed. They map lines to lines, so
/// symmetric positions have the same value.
fn symmetries() -> Vec<[u32; 16]> {
    let mut all = Vec::with_capacity(32);
    for p in ORDERS {
        for q in [p, [p[3], p[2], p[1], p[0]]] {
            for transpose in [false, true] {
                all.push(std::array::from_fn(|cell| {
                    let (row, col) = (p[cell / 4], q[cell % 4]);
                    if transpose {
                        4 * col + row
                    } else {
                        4 * row + col
                    }
                }));
            }
        }
    }
    all
}

/// Proven values of positions with at least MEMO_EMPTIES empty cells (smaller subtrees are cheaper to
/// search again than to look up), stored under the least of the 32 symmetric images so that one proof
/// serves them all. Direct-mapped by a hash, 2^21 slots (16 MiB); a slot holds `key << 1 | score` with
/// `key = x | o << 16 | x_to_move << 32 | bob is x << 33 | goal << 34 | 1 << 36` (bit 36: slot in use).
// Why all 32 images, though each probe costs 32: on testdata random/05 a memo keyed by the board itself
// takes 1.3 s user, by the least of the 8 rotations and reflections 1.0 s, by the least of all 32 0.5 s;
// MEMO_EMPTIES = 5 measured fastest (3: 0.7 s, 4: 0.6 s, 6: 0.55 s, 7: 0.7 s).
struct Memo {
    slots: Vec<u64>,
    /// `images[s][half][byte]`: where symmetry `s` sends the cells of one byte of a 16-bit mask.
    // Two lookups per mask instead of a loop over its cells, which takes random/05 from 0.5 s to 0.8 s.
    images: Vec<[[u16; 256]; 2]>,
}

const MEMO_EMPTIES: u32 = 5;

impl Memo {
    const BITS: u32 = 21;

    fn new() -> Memo {
        let images = symmetries()
            .iter()
            .map(|cell_image| {
                std::array::from_fn(|half| {
                    std::array::from_fn(|byte| {
                        (0..8)
                            .filter(|bit| byte >> bit & 1 == 1)
                            .map(|bit| 1u16 << cell_image[8 * half + bit])
                            .sum()
                    })
                })
            })
            .collect();
        Memo {
            slots: vec![0; 1 << Memo::BITS],
            images,
        }
    }

    /// The key of the least symmetric image of `board`, or `None` if the board is too small to keep.
    fn key(&self, board: Board, question: Question) -> Option<u64> {
        if board.empty().count_ones() < MEMO_EMPTIES {
            return None;
        }
        let image = |half: &[[u16; 256]; 2], marks: u16| {
            u64::from(half[0][usize::from(marks & 0xFF)] | half[1][usize::from(marks >> 8)])
        };
        let least = self
            .images
            .iter()
            .map(|s| image(s, board.x) | image(s, board.o) << 16)
            .min();
        let position = least.expect("32 symmetries") | u64::from(board.x_to_move) << 32;
        let question = u64::from(question.bob == Mark::X) | (question.goal as u64) << 1;
        Some(position | question << 33 | 1 << 36)
    }

    fn slot(key: u64) -> usize {
        // Fibonacci hashing: the top bits of key * 2^64/phi spread nearby boards apart.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Memo::BITS)) as usize
    }

    fn get(&self, key: u64) -> Option<Score> {
        let entry = self.slots[Memo::slot(key)];
        (entry >> 1 == key).then_some((entry & 1) as Score)
    }

    fn put(&mut self, key: u64, score: Score) {
        self.slots[Memo::slot(key)] = key << 1 | u64::from(score);
    }
}

/// Whether Bob, the player to move on `board`, can force `goal`.
fn can_force(memo: &mut Memo, board: Board, goal: Goal) -> bool {
    let question = Question {
        goal,
        bob: board.mover(),
    };
    let mut search = Search { question, memo };
    search.alphabeta(board, GOAL_MISSED, GOAL_MET) == GOAL_MET
}

/// The search state: the question of this case, and the memo that every case shares.
struct Search<'a> {
    question: Question,
    memo: &'a mut Memo,
}

impl Search<'_> {
    /// Minimax with alpha-beta pruning over the two scores GOAL_MISSED < GOAL_MET.
    ///
    /// With only two scores the window (alpha, beta) is always (GOAL_MISSED, GOAL_MET) on entry, so a
    /// cutoff happens exactly when a child settles the node: Bob has found a move that meets his goal
    /// (best ≥ beta) or his opponent one that spoils it (best ≤ alpha). Every returned score is therefore
    /// exact, and the memo may keep it.
    fn alphabeta(&mut self, board: Board, mut alpha: Score, mut beta: Score) -> Score {
        if let Some(score) = evaluate(board, self.question) {
            return score;
        }
        let key = self.memo.key(board, self.question);
        if let Some(score) = key.and_then(|key| self.memo.get(key)) {
            return score;
        }
        let bob_to_move = board.mover() == self.question.bob;
        let mut best = if bob_to_move { GOAL_MISSED } else { GOAL_MET };
        'search: for mut cells in board.ordered_moves() {
            while cells != 0 {
                let score = self.alphabeta(board.play(cells.trailing_zeros()), alpha, beta);
                cells &= cells - 1;
                if bob_to_move {
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
        if let Some(key) = key {
            self.memo.put(key, best);
        }
        best
    }
}

// ---- input / output ----

fn parse_goal(token: Option<&str>) -> Result<Goal, String> {
    match token {
        Some("win") => Ok(Goal::Win),
        Some("lose") => Ok(Goal::Lose),
        Some("draw") => Ok(Goal::Draw),
        Some(other) => Err(format!("expected `win`, `lose` or `draw`, found {other:?}")),
        None => Err("expected `win`, `lose` or `draw`, found end of input".into()),
    }
}

/// Reads four rows of `.xo`; Bob (to move) holds `x` when the counts are equal, `o` when `x` has one more.
fn parse_board<'a>(tokens: &mut impl Iterator<Item = &'a str>) -> Result<Board, String> {
    let (mut x, mut o) = (0u16, 0u16);
    let bad_row = |found: &str| format!("expected a row of four cells from `.xo`, found {found}");
    for row in 0..4 {
        let line = tokens.next().ok_or_else(|| bad_row("end of input"))?;
        if line.len() != 4 {
            return Err(bad_row(&format!("{line:?}")));
        }
        for (col, mark) in line.bytes().enumerate() {
            match mark {
                b'x' => x |= 1 << (4 * row + col),
                b'o' => o |= 1 << (4 * row + col),
                b'.' => {}
                _ => return Err(bad_row(&format!("{line:?}"))),
            }
        }
    }
    let (xs, os) = (x.count_ones(), o.count_ones());
    if xs != os && xs != os + 1 {
        return Err(format!(
            "expected as many `x` as `o` or one more, found {xs} and {os}"
        ));
    }
    Ok(Board {
        x,
        o,
        x_to_move: xs == os,
    })
}

/// Answers a whole input: one `YES`/`NO` line per case.
pub fn solve(input: &str) -> Result<String, String> {
    let mut tokens = input.split_ascii_whitespace();
    let cases: usize = match tokens.next().map(str::parse) {
        Some(Ok(cases)) => cases,
        _ => return Err("expected the number of cases T".into()),
    };
    let mut memo = Memo::new();
    let mut out = String::with_capacity(4 * cases.min(100_000));
    for _ in 0..cases {
        let goal = parse_goal(tokens.next())?;
        let board = parse_board(&mut tokens)?;
        let answer = can_force(&mut memo, board, goal);
        out += if answer { "YES\n" } else { "NO\n" };
    }
    match tokens.next() {
        None => Ok(out),
        Some(extra) => Err(format!(
            "expected end of input after {cases} cases, found {extra:?}"
        )),
    }
}

fn main() {
    let mut input = String::new();
    let result = io::stdin()
        .read_to_string(&mut input)
        .map_err(|e| format!("expected UTF-8 text on stdin: {e}"))
        .and_then(|_| solve(&input));
    match result {
        Ok(out) => io::stdout().write_all(out.as_bytes()).expect("stdout"),
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        parse_board(&mut rows.split_whitespace()).unwrap()
    }

    #[test]
    fn bob_holds_the_mark_to_move() {
        assert_eq!(board("xo.. .... .... ....").mover(), Mark::X);
        assert_eq!(board("xo.. x... .... ....").mover(), Mark::O);
        assert!(parse_board(&mut "xx.. x... .... ....".split_whitespace()).is_err());
        assert!(parse_board(&mut "xo.. o... .... ....".split_whitespace()).is_err());
    }

    #[test]
    fn evaluation_depends_on_the_goal() {
        let x_line = board("xxxx ooo. .... ....");
        let full = board("xxoo ooxx xxoo ooxx");
        let bob_x = |goal| Question { goal, bob: Mark::X };
        let bob_o = |goal| Question { goal, bob: Mark::O };
        assert_eq!(evaluate(x_line, bob_x(Goal::Win)), Some(GOAL_MET));
        assert_eq!(evaluate(x_line, bob_o(Goal::Win)), Some(GOAL_MISSED));
        assert_eq!(evaluate(x_line, bob_o(Goal::Lose)), Some(GOAL_MET));
        assert_eq!(evaluate(x_line, bob_x(Goal::Draw)), Some(GOAL_MISSED));
        assert_eq!(evaluate(full, bob_x(Goal::Draw)), Some(GOAL_MET));
        assert_eq!(evaluate(full, bob_o(Goal::Lose)), Some(GOAL_MISSED));
        assert_eq!(
            evaluate(board("xx.. oo.. .... ...."), bob_x(Goal::Win)),
            None
        );
    }

    #[test]
    fn symmetries_map_lines_to_lines() {
        let all = symmetries();
        for (i, cell_image) in all.iter().enumerate() {
            assert!(!all[..i].contains(cell_image), "symmetry {i} repeats");
            for line in LINES {
                let image = (0..16)
                    .filter(|c| line >> c & 1 == 1)
                    .map(|c| 1u16 << cell_image[c])
                    .sum();
                assert!(
                    LINES.contains(&image),
                    "symmetry {i} breaks line {line:#06x}"
                );
            }
        }
        assert_eq!(all.len(), 32);
    }

    #[test]
    fn symmetric_boards_share_a_key() {
        let memo = Memo::new();
        let question = Question {
            goal: Goal::Draw,
            bob: Mark::X,
        };
        let key = |rows| memo.key(board(rows), question);
        assert_eq!(key("x... .o.. .... ...."), key("...x ..o. .... ....")); // a quarter turn
        assert_eq!(key("x... .o.. .... ...."), key("x... .... ..o. ....")); // swap the middle rows and columns
        assert_ne!(key("x... .o.. .... ...."), key(".x.. .o.. .... ...."));
        assert_eq!(
            key("xoxo oxox oxo. .x.."),
            None,
            "fewer than MEMO_EMPTIES empty cells"
        );
    }
}
