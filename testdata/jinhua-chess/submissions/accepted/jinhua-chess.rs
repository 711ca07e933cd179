//! Jinhua 2012 F "Jinhua Chess": `YES` or `NO`, can Bob (to move at 4x4 tic-tac-toe) force his goal.
//!
//! Input:  T, then T cases: `win`, `lose` or `draw`, and four rows of `.xo`.
//! Output: `YES` or `NO` per case.
//! Method: minimax with alpha-beta, Bob maximising and his opponent minimising, where the evaluation of a
//!         finished game depends on Bob's goal: GOAL_MET if it ended the way Bob wants, else GOAL_MISSED.
//!         One value "x wins / draw / o wins" cannot answer the three questions: the opponent always plays
//!         against Bob's goal, so he refuses a win when Bob wants to lose, and when Bob wants a draw he is
//!         as happy to lose as to win. Two 16-bit bitboards; moves that complete a line are tried first.
//!         A memo of proven (question, position) pairs, shared by all cases, keyed by the least of the
//!         position's 32 symmetric images (one proof serves every symmetric position), kept only for
//!         positions with ≥ 5 empty cells; it starts at 8 KiB and doubles as it fills.
//! Cost:   whole process, CPU (user + sys), median of 7, `scripts/bench-before-after`, one run: on 3,000
//!         six-piece cases (testdata random/04, the deepest trees) 0.19 s, against 0.38 s with the memo
//!         keyed by the board itself and 0.26 s keeping every position; on 900 mixed cases (random/02)
//!         24 ms; on 100,000 cases (random/05) 0.62 s (own key: 2.1 s; every position: 0.98 s; limit 1 s).
//!         Peak memory ≤ 21 MiB (limit 64 MiB), 4 MiB on 900 cases.
//! Status: agrees with an exhaustive AND/OR table ("can this player force this outcome?" for every position
//!         reachable from the empty board) on every valid board with ≥ 12 pieces (2,453,352) under all
//!         three goals and on 100,000 random boards with 6–11 pieces under all three, among them boards
//!         where Bob can force both a win and a loss, and boards where nobody can force a win yet Bob
//!         cannot force a draw (tests/jinhua-chess.rs, scripts/testgen/src/jinhua_chess.rs).
use model::Board;
use search::{can_force, Goal, Memo};
use std::io::{self, Read, Write};

// ---- model ----

/// The board, its marks and lines, and the moves in search order.
mod model {
    /// Bit `4 * row + col` of a 16-bit mask is one cell.
    pub const FULL: u16 = 0xFFFF;

    /// The ten winning lines: four rows, four columns, the two long diagonals.
    pub const LINES: [u16; 10] = [
        0x000F, 0x00F0, 0x0F00, 0xF000, // rows
        0x1111, 0x2222, 0x4444, 0x8888, // columns
        0x8421, 0x1248, // diagonals
    ];

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Mark {
        X,
        O,
    }

    /// How a finished game ended.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Ending {
        Line(Mark),
        Full,
    }

    /// A position: the cells of each mark, and whose turn it is.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Board {
        pub x: u16,
        pub o: u16,
        pub x_to_move: bool,
    }

    fn has_line(marks: u16) -> bool {
        LINES.iter().any(|&line| line & !marks == 0) // no cell of the line missing
    }

    impl Board {
        pub fn empty(self) -> u16 {
            FULL & !(self.x | self.o)
        }

        pub fn mover(self) -> Mark {
            if self.x_to_move {
                Mark::X
            } else {
                Mark::O
            }
        }

        pub fn ending(self) -> Option<Ending> {
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

        pub fn play(self, cell: u32) -> Board {
            let mut next = self;
            match self.x_to_move {
                true => next.x |= 1 << cell,
                false => next.o |= 1 << cell,
            }
            next.x_to_move = !self.x_to_move;
            next
        }

        /// The empty cells in search order: first those that complete the mover's line. The game ends
        /// there, so they cost one evaluation, and they settle the node whenever that ending suits the mover.
        pub fn ordered_moves(self) -> [u16; 2] {
            let mine = if self.x_to_move { self.x } else { self.o };
            let completing = LINES
                .iter()
                .map(|&line| line & !mine)
                .filter(|gap| gap.count_ones() == 1)
                .fold(0, |cells, gap| cells | gap)
                & self.empty();
            [completing, self.empty() & !completing]
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn completing_moves_come_first() {
            let board = |x, o| Board {
                x,
                o,
                x_to_move: true,
            };
            assert_eq!(board(0x0007, 0x0130).ordered_moves()[0], 1 << 3); // xxx. / oo.. / o...
            assert_eq!(board(0x0103, 0x0034).ordered_moves()[0], 0); // xxo. / oo.. / x...: blocked
            assert!(has_line(0x8421) && has_line(0x2222) && !has_line(0x0E0E));
        }
    }
}

// ---- search ----

/// Alpha-beta with a goal-dependent evaluation, and the memo shared by all cases.
mod search {
    use super::model::{Board, Ending, Mark};

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Goal {
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

    /// Whether Bob, the player to move on `board`, can force `goal`.
    pub fn can_force(memo: &mut Memo, board: Board, goal: Goal) -> bool {
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
        /// (best ≥ beta) or his opponent one that spoils it (best ≤ alpha). Every returned score is
        /// therefore exact, and the memo may keep it.
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

    /// Proven values, stored under the least of the position's 32 symmetric images so that one proof serves
    /// every case that reaches a symmetric position. Direct-mapped by a hash: a slot holds `key << 1 | score`
    /// with `key = x | o << 16 | x_to_move << 32 | bob is x << 33 | goal << 34 | 1 << 36` (bit 36: slot in
    /// use; a clash overwrites). It starts at 2^10 slots and doubles whenever a quarter are used, up to
    /// 2^21 (16 MiB), so a small input pays for no more memory than it uses.
    pub struct Memo {
        slots: Vec<u64>,
        /// log2 of the slot count: a slot index is the top `bits` bits of the key's hash.
        bits: u32,
        used: usize,
        /// `images[s][half][byte]`: where symmetry `s` sends the cells of one byte of a 16-bit mask.
        images: Vec<[[u16; 256]; 2]>,
    }

    impl Memo {
        const MIN_BITS: u32 = 10;
        const MAX_BITS: u32 = 21;

        pub fn new() -> Memo {
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
                slots: vec![0; 1 << Memo::MIN_BITS],
                bits: Memo::MIN_BITS,
                used: 0,
                images,
            }
        }

        /// The key of the least symmetric image of `board`, or `None` if the board is too small to keep
        /// (fewer than MEMO_EMPTIES empty cells: searching again is cheaper than 32 images).
        fn key(&self, board: Board, question: Question) -> Option<u64> {
            if board.empty().count_ones() < MEMO_EMPTIES {
                return None;
            }
            let image = |half: &[[u16; 256]; 2], marks: u16| {
                u64::from(half[0][usize::from(marks & 0xFF)] | half[1][usize::from(marks >> 8)])
            };
            let images = self
                .images
                .iter()
                .map(|s| image(s, board.x) | image(s, board.o) << 16);
            let position = images.min().unwrap_or(0) | u64::from(board.x_to_move) << 32;
            let question = u64::from(question.bob == Mark::X) | (question.goal as u64) << 1;
            Some(position | question << 33 | 1 << 36)
        }

        /// Fibonacci hashing: the top bits of key * 2^64/phi spread nearby boards apart, and on doubling
        /// the entry in slot i moves to slot 2i or 2i + 1.
        fn slot(&self, key: u64) -> usize {
            (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
        }

        fn get(&self, key: u64) -> Option<Score> {
            let entry = self.slots[self.slot(key)];
            (entry >> 1 == key).then_some((entry & 1) as Score)
        }

        fn put(&mut self, key: u64, score: Score) {
            if 4 * self.used >= self.slots.len() && self.bits < Memo::MAX_BITS {
                self.grow();
            }
            let slot = self.slot(key);
            self.used += (self.slots[slot] == 0) as usize;
            self.slots[slot] = key << 1 | u64::from(score);
        }

        /// Doubles the table in place: from the top down, slot i's entry moves to 2i or 2i + 1, both
        /// already emptied (or new).
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

    const MEMO_EMPTIES: u32 = 5;

    #[cfg(test)]
    mod tests {
        use super::super::model::LINES;
        use super::*;

        fn board(rows: &str) -> Board {
            let (mut x, mut o) = (0, 0);
            for (cell, mark) in rows
                .bytes()
                .filter(|b| !b.is_ascii_whitespace())
                .enumerate()
            {
                match mark {
                    b'x' => x |= 1 << cell,
                    b'o' => o |= 1 << cell,
                    _ => {}
                }
            }
            Board {
                x,
                o,
                x_to_move: x.count_ones() == o.count_ones(),
            }
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
                assert!(!all[..i].contains(cell_image), "symmetry {} repeats", i);
                for line in LINES {
                    let image = (0..16)
                        .filter(|c| line >> c & 1 == 1)
                        .map(|c| 1u16 << cell_image[c])
                        .sum();
                    assert!(
                        LINES.contains(&image),
                        "symmetry {} breaks line {:#06x}",
                        i,
                        line
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
            assert_eq!(key("x... .o.. .... ...."), key("x... .... ..o. ....")); // middle rows and columns swapped
            assert_ne!(key("x... .o.. .... ...."), key(".x.. .o.. .... ...."));
            assert_eq!(
                key("xoxo oxox oxo. .x.."),
                None,
                "fewer than MEMO_EMPTIES empty cells"
            );
        }

        #[test]
        fn the_memo_keeps_its_entries_as_it_doubles() {
            let mut memo = Memo::new();
            let keys: Vec<u64> = (0..3000u64).map(|i| (i * 0x1_0001) | (1 << 36)).collect();
            for (i, &key) in keys.iter().enumerate() {
                memo.put(key, (i % 2) as Score);
            }
            assert!(memo.bits > Memo::MIN_BITS, "grew as it filled");
            let kept: Vec<usize> = (0..keys.len())
                .filter(|&i| memo.get(keys[i]).is_some())
                .collect();
            assert!(kept.len() > keys.len() / 2);
            memo.grow();
            for i in kept {
                assert_eq!(
                    memo.get(keys[i]),
                    Some((i % 2) as Score),
                    "key {i} after doubling"
                );
            }
        }
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
    let mut out = String::new();
    for _ in 0..cases {
        let goal = parse_goal(tokens.next())?;
        let board = parse_board(&mut tokens)?;
        out += if can_force(&mut memo, board, goal) {
            "YES\n"
        } else {
            "NO\n"
        };
    }
    match tokens.next() {
        None => Ok(out),
        Some(extra) => Err(format!(
            "expected end of input after {cases} cases, found {extra:?}"
        )),
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
    use super::model::Mark;
    use super::*;

    #[test]
    fn bob_holds_the_mark_to_move() {
        let parse = |rows: &str| parse_board(&mut rows.split_whitespace());
        assert_eq!(parse("xo.. .... .... ....").map(|b| b.mover()), Ok(Mark::X));
        assert_eq!(parse("xo.. x... .... ....").map(|b| b.mover()), Ok(Mark::O));
        assert!(parse("xx.. x... .... ....").is_err());
        assert!(parse("xo.. o... .... ....").is_err());
        assert!(parse("xo.. o... ..").is_err());
    }
}
