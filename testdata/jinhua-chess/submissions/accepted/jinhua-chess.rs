//! Jinhua 2012 F "Jinhua Chess": `YES` or `NO`, can Bob (to move at 4x4 tic-tac-toe) force his goal.
//!
//! Input:  T, then T cases: `win`, `lose` or `draw`, and four rows of `.xo`.
//! Output: `YES` or `NO` per case.
//! Method: AND/OR search that answers six questions at once, one bit each: "can the player to move force
//!         the game to end in S?", for every set S of endings (his line, his opponent's line, a full
//!         board) but none and all. He can force S when one of his moves ends the game in S, or leaves
//!         an opponent who cannot force the other endings (an OR over moves of NOT the opponent's answer,
//!         done bitwise for the six sets). Bob's goal picks the bit: win {his line}, lose {the other
//!         line}, draw {full board}. Three goals need six questions because the opponent always plays
//!         against Bob's goal: against "lose" he wants {draw or Bob's line}, against "draw" either line,
//!         so one value "x wins / draw / o wins" cannot answer them.
//!         The six answers of a position are found once and kept in a memo shared by all cases, keyed by
//!         the least of the position's 32 symmetric images (the board carries all 32, one OR each a
//!         move). A move that completes the mover's line, or fills the last cell, ends the game: its
//!         ending is known without playing it.
//! Cost:   each position is expanded once, so no input costs more than the whole game from six pieces
//!         on: 284,681 positions (every valid six-piece board as a case); random/05 (100,000 cases)
//!         expands 283,937 of them. Whole process, CPU (user + sys), median of 7, at load 11 on this
//!         2-core machine, `scripts/bench-before-after`, one run, against the alpha-beta search per goal
//!         it replaces: random/05 0.29 s (alpha-beta 1.00 s; limit 1 s), random/04 (3,000 six-piece
//!         cases) 0.23 s (0.36 s), random/02 (900 mixed cases) 89 ms (43 ms: no pruning costs small
//!         inputs). Random/06 (99,999 six-piece cases, the deepest trees): 0.18 s at load 15, where a
//!         search per goal takes 6-7 s. Peak memory 10 MiB (limit 64 MiB).
//! Status: agrees with an exhaustive AND/OR table ("can this player force this outcome?" for every position
//!         reachable from the empty board) on every valid board with ≥ 12 pieces (2,453,352) under all
//!         three goals and on 100,000 random boards with 6–11 pieces under all three, among them boards
//!         where Bob can force both a win and a loss, and boards where nobody can force a win yet Bob
//!         cannot force a draw (tests/jinhua-chess.rs, scripts/testgen/src/jinhua_chess.rs).
use model::Board;
use search::{Goal, Memo};
use std::io::{self, Read, Write};

// ---- model ----

/// The board, its lines and its 32 symmetries.
mod model {
    /// Bit `4 * row + col` of a 16-bit mask is one cell.
    pub const FULL: u16 = 0xFFFF;

    /// The ten winning lines: four rows, four columns, the two long diagonals.
    pub const LINES: [u16; 10] = [
        0x000F, 0x00F0, 0x0F00, 0xF000, // rows
        0x1111, 0x2222, 0x4444, 0x8888, // columns
        0x8421, 0x1248, // diagonals
    ];

    /// Row (and column) orders that keep both diagonals diagonals when applied to rows and columns alike.
    const ORDERS: [[usize; 4]; 8] = [
        [0, 1, 2, 3],
        [3, 2, 1, 0],
        [1, 0, 3, 2],
        [2, 3, 0, 1],
        [0, 2, 1, 3],
        [3, 1, 2, 0],
        [1, 3, 0, 2],
        [2, 0, 3, 1],
    ];

    pub const SYMMETRIES: usize = 32;

    /// `CELL_IMAGES[cell][s]`: the bit of the cell that symmetry `s` sends `cell` to. Symmetry `s` sends
    /// (row, col) to (p[row], q[col]), transposed if `s` is odd, with p = ORDERS[s / 4] and q = p, or p
    /// reversed if `s / 2` is odd. They map lines to lines, so symmetric positions have the same answers.
    pub const CELL_IMAGES: [[u32; SYMMETRIES]; 16] = cell_images();

    const fn cell_images() -> [[u32; SYMMETRIES]; 16] {
        let mut table = [[0; SYMMETRIES]; 16];
        let mut s = 0;
        while s < SYMMETRIES {
            let p = ORDERS[s / 4];
            let mut cell = 0;
            while cell < 16 {
                let row = p[cell / 4];
                let reversed = s / 2 % 2 == 1;
                let col = p[if reversed { 3 - cell % 4 } else { cell % 4 }];
                let image = if s % 2 == 1 {
                    4 * col + row
                } else {
                    4 * row + col
                };
                table[cell][s] = 1 << image;
                cell += 1;
            }
            s += 1;
        }
        table
    }

    /// A position as the player to move sees it, and as all 32 symmetries show it.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Board {
        /// The cells of the player to move.
        pub mover: u16,
        /// The cells of his opponent.
        pub other: u16,
        x_to_move: bool,
        /// `images[s]`: the position under symmetry `s` as `x | o << 16` (`images[0]` is the board itself).
        images: [u32; SYMMETRIES],
    }

    impl Board {
        /// The position with the marks `x` and `o`, `x` to move if the counts are equal.
        pub fn new(x: u16, o: u16) -> Board {
            let mut images = [0; SYMMETRIES];
            for cell in 0..16 {
                if x >> cell & 1 == 1 {
                    mark(&mut images, cell, 0);
                }
                if o >> cell & 1 == 1 {
                    mark(&mut images, cell, 16);
                }
            }
            let x_to_move = x.count_ones() == o.count_ones();
            let (mover, other) = if x_to_move { (x, o) } else { (o, x) };
            Board {
                mover,
                other,
                x_to_move,
                images,
            }
        }

        pub fn empty(&self) -> u16 {
            FULL & !(self.mover | self.other)
        }

        /// The board after the player to move marks `cell`: the players swap roles.
        pub fn play(&self, cell: u32) -> Board {
            let mut images = self.images;
            mark(&mut images, cell, if self.x_to_move { 0 } else { 16 });
            Board {
                mover: self.other,
                other: self.mover | 1 << cell,
                x_to_move: !self.x_to_move,
                images,
            }
        }

        /// The least of the 32 images: symmetric positions, and only they, share it.
        pub fn key(&self) -> u32 {
            let least = |least: u32, &image: &u32| least.min(image);
            self.images.iter().fold(u32::MAX, least)
        }
    }

    /// Adds `cell` to every image, in the half at `shift` (0 for `x`, 16 for `o`).
    fn mark(images: &mut [u32; SYMMETRIES], cell: u32, shift: u32) {
        for (image, cell_image) in images.iter_mut().zip(&CELL_IMAGES[cell as usize]) {
            *image |= cell_image << shift;
        }
    }

    /// The cells that would complete a line of the player holding `marks` (taken or not).
    pub fn completing(marks: u16) -> u16 {
        LINES
            .iter()
            .map(|&line| line & !marks)
            .filter(|gap| gap.count_ones() == 1)
            .fold(0, |cells, gap| cells | gap)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn symmetries_map_lines_to_lines() {
            let images: Vec<[u32; 16]> = (0..SYMMETRIES)
                .map(|s| std::array::from_fn(|cell| CELL_IMAGES[cell][s]))
                .collect();
            for (s, cell_images) in images.iter().enumerate() {
                assert!(!images[..s].contains(cell_images), "symmetry {} repeats", s);
                for line in LINES {
                    let image = (0..16)
                        .filter(|c| line >> c & 1 == 1)
                        .map(|c| cell_images[c])
                        .sum::<u32>();
                    assert!(
                        LINES.contains(&(image as u16)),
                        "symmetry {}, line {:#06x}",
                        s,
                        line
                    );
                }
            }
            assert_eq!(
                images[0],
                std::array::from_fn(|cell| 1 << cell),
                "identity first"
            );
        }

        #[test]
        fn playing_keeps_every_image() {
            let board = Board::new(0x0001, 0).play(6).play(15);
            assert_eq!(board, Board::new(0x8001, 0x0040));
            assert_eq!(
                (board.mover, board.other, board.x_to_move),
                (0x0040, 0x8001, false)
            );
            assert_eq!(board.images[0], 0x8001 | 0x0040 << 16);
        }

        #[test]
        fn symmetric_boards_share_a_key() {
            let key = |x, o| Board::new(x, o).key();
            assert_eq!(key(0x0001, 0x0020), key(0x0008, 0x0040)); // a quarter turn
            assert_eq!(key(0x0001, 0x0020), key(0x0001, 0x0400)); // middle rows and columns swapped
            assert_ne!(key(0x0001, 0x0020), key(0x0002, 0x0020));
            assert_ne!(key(0x0001, 0x0002), key(0x0002, 0x0001)); // the marks swapped
        }

        #[test]
        fn lines_to_complete() {
            assert_eq!(completing(0x0007), 1 << 3); // xxx. in the top row
            assert_eq!(completing(0x0531), 1 << 12 | 1 << 15); // the left column, the diagonal
            assert_eq!(completing(0x0103), 0); // xx.. / .... / x...: no three in a line
        }
    }
}

// ---- search ----

/// The AND/OR search over sets of endings, and the memo shared by all cases.
mod search {
    use super::model::{completing, Board};

    /// A set of endings as the player to move sees them: a 3-bit number.
    type Endings = u8;
    const OWN_LINE: Endings = 1;
    const OTHER_LINE: Endings = 2;
    const FULL_BOARD: Endings = 4;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Goal {
        Win,
        Lose,
        Draw,
    }

    impl Goal {
        /// The endings Bob, the player to move, wants.
        fn endings(self) -> Endings {
            match self {
                Goal::Win => OWN_LINE,
                Goal::Lose => OTHER_LINE,
                Goal::Draw => FULL_BOARD,
            }
        }
    }

    /// What the player to move can force: bit S is set when he can make the game end in the set of
    /// endings S (1 ≤ S ≤ 6) whatever his opponent does.
    type Forces = u8;

    /// The bits of every S that holds `ending`: what a move that ends the game that way forces.
    const fn all_holding(ending: Endings) -> Forces {
        let mut bits = 0;
        let mut s = 1;
        while s <= 6 {
            if s & ending != 0 {
                bits |= 1 << s;
            }
            s += 1;
        }
        bits
    }

    /// The set the opponent must force to keep the game out of S: the other endings, his view of them.
    const fn denial(s: Endings) -> Endings {
        let rest = 7 ^ s;
        rest & FULL_BOARD | (rest & OWN_LINE) << 1 | (rest & OTHER_LINE) >> 1
    }

    /// `AFTER_REPLY[f]`: what a move forces when the opponent, to move after it, forces `f`: every S
    /// whose denial he cannot force.
    const AFTER_REPLY: [Forces; 128] = after_reply();

    const fn after_reply() -> [Forces; 128] {
        let mut table = [0; 128];
        let mut reply = 0;
        while reply < 128 {
            let mut s = 1;
            while s <= 6 {
                if reply >> denial(s) & 1 == 0 {
                    table[reply] |= 1 << s;
                }
                s += 1;
            }
            reply += 1;
        }
        table
    }

    /// Whether Bob, the player to move on `board` (no line yet, not full), can force `goal`.
    pub fn can_force(memo: &mut Memo, board: &Board, goal: Goal) -> bool {
        memo.forces(board) >> goal.endings() & 1 == 1
    }

    /// Every position's answers found so far, by the key of its symmetry class: an open-addressing hash
    /// table (linear probing, Fibonacci hashing) that starts at 2^10 slots and doubles when two thirds
    /// are used. It must not forget: the search does not prune, so a lost entry would cost its whole
    /// subtree again. A slot holds `key << 8 | forces | 1` (bit 0: in use; the answers use bits 1 to 6).
    pub struct Memo {
        slots: Vec<u64>,
        /// log2 of the slot count: a key's first slot is the top `bits` bits of its hash.
        bits: u32,
        used: usize,
    }

    impl Memo {
        const MIN_BITS: u32 = 10;

        pub fn new() -> Memo {
            Memo {
                slots: vec![0; 1 << Memo::MIN_BITS],
                bits: Memo::MIN_BITS,
                used: 0,
            }
        }

        /// The AND/OR search: what the player to move on `board` (no line yet, not full) can force.
        ///
        /// Without pruning: all six questions are answered together, and a position, once answered,
        /// costs a lookup wherever it recurs, in this case or a later one.
        fn forces(&mut self, board: &Board) -> Forces {
            let key = board.key();
            if let Some(known) = self.get(key) {
                return known;
            }
            let empty = board.empty();
            let wins = completing(board.mover) & empty;
            let mut forces = 0;
            if wins != 0 {
                forces |= all_holding(OWN_LINE);
            }
            let mut moves = empty & !wins;
            if moves != 0 && empty.count_ones() == 1 {
                forces |= all_holding(FULL_BOARD); // the last cell, no line: a full board
                moves = 0;
            }
            while moves != 0 {
                let reply = self.forces(&board.play(moves.trailing_zeros()));
                forces |= AFTER_REPLY[usize::from(reply)];
                moves &= moves - 1;
            }
            self.put(key, forces);
            forces
        }

        /// The first slot to try: the top bits of key * 2^64/phi (Fibonacci hashing spreads nearby keys).
        fn home(&self, key: u32) -> usize {
            (u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
        }

        fn get(&self, key: u32) -> Option<Forces> {
            let mask = self.slots.len() - 1;
            let mut slot = self.home(key);
            loop {
                match self.slots[slot] {
                    0 => return None,
                    entry if entry >> 8 == u64::from(key) => return Some(entry as u8 & !1),
                    _ => slot = (slot + 1) & mask,
                }
            }
        }

        /// Keeps a key that `get` has just missed.
        fn put(&mut self, key: u32, forces: Forces) {
            if 3 * self.used >= 2 * self.slots.len() {
                self.grow();
            }
            self.insert(u64::from(key) << 8 | u64::from(forces) | 1);
            self.used += 1;
        }

        fn insert(&mut self, entry: u64) {
            let mask = self.slots.len() - 1;
            let mut slot = self.home((entry >> 8) as u32);
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = entry;
        }

        fn grow(&mut self) {
            self.bits += 1;
            let old = std::mem::replace(&mut self.slots, vec![0; 1 << self.bits]);
            for entry in old {
                if entry != 0 {
                    self.insert(entry);
                }
            }
        }
    }

    #[cfg(test)]
    mod tests {
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
            Board::new(x, o)
        }

        #[test]
        fn the_opponent_denies_with_the_other_endings_in_his_view() {
            // In the opponent's view: against Bob's line, a draw or his own; against his own line (Bob
            // wants to lose), a draw or Bob's; against a draw, either line.
            assert_eq!(denial(OWN_LINE), OWN_LINE | FULL_BOARD);
            assert_eq!(denial(OTHER_LINE), OTHER_LINE | FULL_BOARD);
            assert_eq!(denial(FULL_BOARD), OWN_LINE | OTHER_LINE);
            assert_eq!(
                AFTER_REPLY[0], 0b0111_1110,
                "an opponent who can force nothing"
            );
            assert_eq!(AFTER_REPLY[0b0111_1110], 0);
        }

        #[test]
        fn the_goals_are_independent() {
            let mut memo = Memo::new();
            let sample = board("..xx xox. ..oo xo.."); // Bob has o: he can force a win and a loss
            let answers =
                [Goal::Win, Goal::Lose, Goal::Draw].map(|g| can_force(&mut memo, &sample, g));
            assert_eq!(answers, [true, true, false]);
            let last = board("xxxo oxxo oxox o.xo"); // o blocks x's column in the last cell: a draw
            assert_eq!(memo.forces(&last), all_holding(FULL_BOARD));
            let forced_line = board("xxox xooo ox.o xxox"); // o's last cell completes his column
            assert_eq!(memo.forces(&forced_line), all_holding(OWN_LINE));
            let winning = board("xxx. ooo. .... ....");
            assert_eq!(
                memo.forces(&winning) & all_holding(OWN_LINE),
                all_holding(OWN_LINE)
            );
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
    Ok(Board::new(x, o))
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
        out += if search::can_force(&mut memo, &board, goal) {
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
    use super::*;

    #[test]
    fn bob_holds_the_mark_to_move() {
        let parse = |rows: &str| parse_board(&mut rows.split_whitespace());
        assert_eq!(parse("xo.. .... .... ....").map(|b| b.mover), Ok(0x0001)); // x
        assert_eq!(parse("xo.. x... .... ....").map(|b| b.mover), Ok(0x0002)); // o
        assert!(parse("xx.. x... .... ....").is_err());
        assert!(parse("xo.. o... .... ....").is_err());
        assert!(parse("xo.. o... ..").is_err());
    }
}
