//! Reference for the tactical testdata of `gomoku` (independent of `problems/gomoku/src/main.rs`).
//!
//! Method: no patterns, no hashing — every question is answered by placing a stone and measuring the four
//! lines through it. A "five point" of a side is an empty point where its stone makes five or more.
//!   - win-now: the right moves are all the mover's five points;
//!   - block-four: the mover has no five point and the opponent exactly one; that point is the answer;
//!   - vcf: neither side has a five point and the mover wins by continuous fours (VCF). Plain DFS: the
//!     attacker plays any move that gives it a five point (a four); two five points at once win (the
//!     defender can block one); one is answered by the defender's only move, the block; a four answered
//!     by a block that gives the defender two five points loses the line, one forces the attacker's next
//!     four onto it. The DFS is exhaustive over every four, up to `VCF_DEPTH` (12) blocked fours before
//!     the winning one and `VCF_NODES` nodes a search; a position whose search reaches either cap is
//!     "unproven" and dropped. The right moves are every first four after which the VCF still wins;
//!     `shortest_vcf` deepens the same DFS one four at a time to find the fewest fours.
//!   - strictness (`every_quiet_move_loses`): for a vcf position to mean "find a VCF", every move of the
//!     mover that is not a four must let the opponent win by its own VCF; a non-four cannot then be a
//!     better answer. What no position can exclude: a four that fails to win by fours but wins by later
//!     threes (VCT); the statement says the right set is "the moves that win by continuous fours".
//!
//! Rules (`Rule`): freestyle (five or more wins), standard (exactly five, both colours) and renju (Black
//! wins by exactly five and may not play a foul: an overline, a double four or a double three; White wins
//! by five or more). Renju fouls are the match referee's (`testdata/gomoku/referee.rs`, written from the
//! rules' definitions by placing stones and measuring runs; independent of the engine). Under renju a
//! Black foul is no move at all: not a four, not a block, not a quiet move; and a White four whose only
//! block is Black's foul wins at once (a VCF may end that way).
//!
//! Also the board text format, side to move, and the seeded random games the generator draws from.
use crate::rng::Rng;

#[allow(dead_code)]
#[path = "../../../testdata/gomoku/referee.rs"]
mod referee;

/// The Gomocup rules, by their `INFO rule` numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    Freestyle = 0,
    Standard = 1,
    Renju = 4,
}

impl Rule {
    /// Whether a run of `length` stones of `side` is a winning five.
    pub fn wins(self, side: u8, length: usize) -> bool {
        match (self, side) {
            (Rule::Freestyle, _) | (Rule::Renju, b'o') => length >= 5,
            _ => length == 5,
        }
    }
}

/// Whether `side` may not play the empty point `p`: only Black's renju fouls (the referee's verdict).
pub fn is_foul(board: &Board, p: Point, side: u8, rule: Rule) -> bool {
    if rule != Rule::Renju || side != b'x' {
        return false;
    }
    let mut plain = [[referee::Cell::Empty; N]; N];
    for y in 0..N {
        for x in 0..N {
            plain[y][x] = match board[y][x] {
                b'x' => referee::Cell::Black,
                b'o' => referee::Cell::White,
                _ => referee::Cell::Empty,
            };
        }
    }
    referee::renju::foul(&mut plain, p).is_some()
}

pub const N: usize = 15;
/// Blocked fours a VCF may play before the four that makes two five points.
pub const VCF_DEPTH: u32 = 12;
/// Nodes one VCF search (all first fours of a position, or one `has_vcf`) may visit before it is unproven.
pub const VCF_NODES: u64 = 2_000_000;

/// A point `(x, y)`: column x, row y, 0-based (piskvork order).
pub type Point = (usize, usize);
/// Rows of `b'.'`, `b'x'` (Black) and `b'o'` (White); `board[y][x]`.
pub type Board = [[u8; N]; N];

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Constructed positions: (group, board, right moves worked out by hand). The generator writes them
/// first; `tests/gomoku.rs` checks the reference agrees with the hand answers.
pub const CONSTRUCTED: [(&str, &str, &str); 7] = [
    // An open four: either end makes five.
    (
        "win-now",
        concat!(
            "o.............o\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            ".....xxxx......\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "o.............o\n",
        ),
        "4,7 9,7",
    ),
    // White's broken four xx.xx: the gap makes five.
    (
        "win-now",
        concat!(
            "...............\n",
            "...............\n",
            "...............\n",
            "..oo.oo........\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "..........x.x..\n",
            "...............\n",
            "..........x.x..\n",
            "...............\n",
            "...........x...\n",
        ),
        "4,3",
    ),
    // Freestyle: six in a row (an overline) wins too.
    (
        "win-now",
        concat!(
            "...............\n",
            "...............\n",
            "...............\n",
            "..............x\n",
            "...............\n",
            "ooo.oo.........\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "..........x.x..\n",
            "...............\n",
            "..........x.x..\n",
            "...............\n",
            "...........x...\n",
        ),
        "3,5",
    ),
    // A diagonal four closed at one end: its other end must be taken.
    (
        "block-four",
        concat!(
            "...............\n",
            "..........x.x..\n",
            "..x............\n",
            "...o...........\n",
            "....o..........\n",
            ".....o........x\n",
            "......o........\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
        ),
        "7,7",
    ),
    // A four against the edge of the board.
    (
        "block-four",
        concat!(
            ".....x.........\n",
            "..........x.x..\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "..............x\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "o..............\n",
            "o..............\n",
            "o..............\n",
            "o..............\n",
        ),
        "0,10",
    ),
    // A four-four at once; White threatens double fours at 3,10 and 11,0.
    (
        "vcf",
        concat!(
            "............ooo\n",
            "x..............\n",
            ".........o.o...\n",
            ".........x.o...\n",
            ".x.......x.o...\n",
            ".........x.....\n",
            "...............\n",
            "....oxxx......x\n",
            "...............\n",
            "............x..\n",
            "ooo....x.......\n",
            "..............x\n",
            "...o..x........\n",
            "...o......x....\n",
            "...o...........\n",
        ),
        "9,7",
    ),
    // Two fours: either order ends in a four-four.
    (
        "vcf",
        concat!(
            "......x.....ooo\n",
            "x......x.......\n",
            "........xo.o...\n",
            "...........o...\n",
            ".x.......x.o...\n",
            ".........x.....\n",
            "...............\n",
            "....oxxx......x\n",
            "...............\n",
            "............x..\n",
            "ooo............\n",
            "..............x\n",
            "...o...........\n",
            "...o......x....\n",
            "...o...........\n",
        ),
        "9,3 9,7",
    ),
];

/// Constructed positions of the rule groups: (rule, board, right moves worked out by hand).
pub const RULE_CONSTRUCTED: [(Rule, &str, &str); 5] = [
    // Standard: Black's gap at 4,7 would make six (no win); the open four on row 3 wins at either end.
    (
        Rule::Standard,
        concat!(
            "...............\n",
            "...............\n",
            "...............\n",
            "....xxxx.......\n",
            "...............\n",
            "...............\n",
            "...............\n",
            ".xxx.xx........\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "o.o.o.o........\n",
            "...............\n",
            "o.o.o.o.o......\n",
            "...............\n",
        ),
        "3,3 8,3",
    ),
    // Standard: x.xxxx. — the gap makes six, so White need block only the open end 6,7.
    (
        Rule::Standard,
        concat!(
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "x.xxxx.........\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "..o.o.o........\n",
            "...............\n",
            "..o............\n",
            "...............\n",
        ),
        "6,7",
    ),
    // Renju: the same for Black, held to exactly five.
    (
        Rule::Renju,
        concat!(
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "x.xxxx.........\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "..o.o.o........\n",
            "...............\n",
            "..o............\n",
            "...............\n",
        ),
        "6,7",
    ),
    // Renju: White's overline wins (only Black is held to exactly five).
    (
        Rule::Renju,
        concat!(
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "ooo.oo.........\n",
            "...............\n",
            "...............\n",
            "...............\n",
            "..........x.x..\n",
            "...............\n",
            "..........x.x..\n",
            "...............\n",
            "...........x..x\n",
            "...............\n",
        ),
        "3,5",
    ),
    // Renju: 7,7 is Black's double three (5,7 6,7 and 7,5 7,6). White's 8,6 makes a four whose only five
    // point is 7,7, so Black cannot block it; White's 7,7 instead is blocked at 8,6. Black's two open
    // threes (row 1, column 13) beat any quiet move of White's.
    (
        Rule::Renju,
        concat!(
            "o.o............\n",
            ".........xxx...\n",
            "o..............\n",
            "...............\n",
            "...............\n",
            ".......x.......\n",
            ".......x.......\n",
            ".....xx........\n",
            "......o......x.\n",
            ".....o.......x.\n",
            "....o........x.\n",
            "...x...........\n",
            "...............\n",
            "...............\n",
            "o.o.........o.o\n",
        ),
        "8,6",
    ),
];

/// A board's tactical class and its right moves (sorted by x, then y).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tactic {
    WinNow(Vec<Point>),
    BlockFour(Point),
    Vcf(Vec<Point>),
    /// None of the above, or a VCF the search could not settle within its caps.
    Other,
}

/// The outcome of a VCF search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    Win,
    NoWin,
    Unknown,
}

pub fn other(side: u8) -> u8 {
    if side == b'x' {
        b'o'
    } else {
        b'x'
    }
}

fn cell(board: &Board, x: i32, y: i32) -> Option<u8> {
    ((0..N as i32).contains(&x) && (0..N as i32).contains(&y))
        .then(|| board[y as usize][x as usize])
}

/// The side's stones in a row through `p` along `(dx, dy)` if `side` stood on `p` (p itself counted).
fn run_through(board: &Board, (x, y): Point, (dx, dy): (i32, i32), side: u8) -> usize {
    let way = |sign: i32| {
        (1..N as i32)
            .take_while(|&k| {
                cell(board, x as i32 + sign * k * dx, y as i32 + sign * k * dy) == Some(side)
            })
            .count()
    };
    1 + way(1) + way(-1)
}

/// Would `side` make a winning five (under `rule`) by playing the (empty) point `p`?
pub fn makes_five(board: &Board, p: Point, side: u8, rule: Rule) -> bool {
    DIRECTIONS
        .iter()
        .any(|&d| rule.wins(side, run_through(board, p, d, side)))
}

/// Every five point of `side`, sorted by (x, y).
pub fn five_points(board: &Board, side: u8, rule: Rule) -> Vec<Point> {
    let mut points: Vec<Point> = (0..N)
        .flat_map(|x| (0..N).map(move |y| (x, y)))
        .filter(|&(x, y)| board[y][x] == b'.' && makes_five(board, (x, y), side, rule))
        .collect();
    points.sort_unstable();
    points
}

/// The five points of `side` on the four lines through `p`, within 4 of it: after a stone at `p`, the
/// only five points it can have created.
fn five_points_near(board: &Board, (x, y): Point, side: u8, rule: Rule) -> Vec<Point> {
    let mut points = Vec::new();
    for &(dx, dy) in &DIRECTIONS {
        for k in (-4..=4).filter(|&k| k != 0) {
            let (cx, cy) = (x as i32 + k * dx, y as i32 + k * dy);
            if cell(board, cx, cy) == Some(b'.') {
                let q = (cx as usize, cy as usize);
                if makes_five(board, q, side, rule) && !points.contains(&q) {
                    points.push(q);
                }
            }
        }
    }
    points
}

/// True if some line through the empty point `p` holds 3+ of `side`'s stones within 4 of it: a cheap
/// necessary condition for `p` being a four (a five window through p needs 3 stones besides p).
fn may_be_four(board: &Board, (x, y): Point, side: u8) -> bool {
    DIRECTIONS.iter().any(|&(dx, dy)| {
        (-4..=4)
            .filter(|&k| cell(board, x as i32 + k * dx, y as i32 + k * dy) == Some(side))
            .count()
            >= 3
    })
}

/// Every four of `attacker` (a legal move after which it has a five point), with those five points.
fn fours(board: &mut Board, attacker: u8, rule: Rule) -> Vec<(Point, Vec<Point>)> {
    let mut found = Vec::new();
    for x in 0..N {
        for y in 0..N {
            if board[y][x] != b'.' || !may_be_four(board, (x, y), attacker) {
                continue;
            }
            board[y][x] = attacker;
            let fives = five_points_near(board, (x, y), attacker, rule);
            board[y][x] = b'.';
            if !fives.is_empty() && !is_foul(board, (x, y), attacker, rule) {
                found.push(((x, y), fives));
            }
        }
    }
    found
}

/// Every four of `side`: the legal points after which it has a five point, sorted by (x, y).
pub fn fours_of(board: &Board, side: u8, rule: Rule) -> Vec<Point> {
    let mut board = *board;
    let mut points: Vec<Point> = fours(&mut board, side, rule)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    points.sort_unstable();
    points
}

/// A VCF search for `attacker`, who has no five point; `nodes` counts against `VCF_NODES`.
struct Vcf {
    attacker: u8,
    rule: Rule,
    nodes: u64,
}

impl Vcf {
    /// Attacker to move with no five point of its own; `threats` are the defender's five points.
    fn search(&mut self, board: &mut Board, threats: &[Point], depth: u32) -> Proof {
        self.nodes += 1;
        if self.nodes > VCF_NODES {
            return Proof::Unknown;
        }
        if threats.len() >= 2 {
            return Proof::NoWin; // two fives to stop, and a four would just be ignored
        }
        let mut result = Proof::NoWin;
        for (four, fives) in fours(board, self.attacker, self.rule) {
            if threats.len() == 1 && four != threats[0] {
                continue; // the defender's five must be blocked, and only a four there keeps the VCF
            }
            if fives.len() >= 2 {
                return Proof::Win;
            }
            if depth == 0 {
                result = Proof::Unknown; // a later four may still make two five points
                continue;
            }
            match self.after_four(board, threats, four, &fives, depth) {
                Proof::Win => return Proof::Win,
                Proof::Unknown => result = Proof::Unknown,
                Proof::NoWin => {}
            }
        }
        result
    }

    /// The attacker's four at `four`, making `fives`: wins at once with two, else the forced block.
    fn after_four(
        &mut self,
        board: &mut Board,
        threats: &[Point],
        four: Point,
        fives: &[Point],
        depth: u32,
    ) -> Proof {
        if fives.len() >= 2 {
            return Proof::Win; // the defender has no five (blocked or none), and can stop one of two
        }
        let block = fives[0];
        let defender = other(self.attacker);
        board[four.1][four.0] = self.attacker;
        if is_foul(board, block, defender, self.rule) {
            board[four.1][four.0] = b'.';
            return Proof::Win; // renju: the only block is Black's foul
        }
        board[block.1][block.0] = defender;
        let mut next: Vec<Point> = threats
            .iter()
            .copied()
            .filter(|&(x, y)| board[y][x] == b'.')
            .collect();
        for q in five_points_near(board, block, defender, self.rule) {
            if !next.contains(&q) {
                next.push(q);
            }
        }
        let proof = self.search(board, &next, depth - 1);
        board[block.1][block.0] = b'.';
        board[four.1][four.0] = b'.';
        proof
    }
}

/// Every first move of `attacker` that wins by continuous fours, sorted; `None` if the search could not
/// settle some four within its caps. The attacker must have no five point (else it wins at once).
pub fn vcf_moves(board: &Board, attacker: u8, rule: Rule) -> Option<Vec<Point>> {
    let mut board = *board;
    let threats = five_points(&board, other(attacker), rule);
    if threats.len() >= 2 {
        return Some(Vec::new());
    }
    let mut vcf = Vcf {
        attacker,
        rule,
        nodes: 0,
    };
    let mut winning = Vec::new();
    for (four, fives) in fours(&mut board, attacker, rule) {
        if threats.len() == 1 && four != threats[0] {
            continue;
        }
        match vcf.after_four(&mut board, &threats, four, &fives, VCF_DEPTH) {
            Proof::Win => winning.push(four),
            Proof::NoWin => {}
            Proof::Unknown => return None,
        }
    }
    winning.sort_unstable();
    Some(winning)
}

/// Does `attacker` (to move, no five point) win by continuous fours? Stops at the first win found.
pub fn has_vcf(board: &Board, attacker: u8, rule: Rule) -> Proof {
    let mut board = *board;
    let threats = five_points(&board, other(attacker), rule);
    Vcf {
        attacker,
        rule,
        nodes: 0,
    }
    .search(&mut board, &threats, VCF_DEPTH)
}

/// The fewest attacker moves of a VCF (the last one makes two five points), by deepening the same DFS;
/// `None` if there is none within the caps.
pub fn shortest_vcf(board: &Board, attacker: u8, rule: Rule) -> Option<u32> {
    let mut board = *board;
    let threats = five_points(&board, other(attacker), rule);
    (0..=VCF_DEPTH).find_map(|depth| {
        let proof = Vcf {
            attacker,
            rule,
            nodes: 0,
        }
        .search(&mut board, &threats, depth);
        (proof == Proof::Win).then_some(depth + 1)
    })
}

/// True if every legal move of `mover` that is not a four lets the opponent win by VCF (proven for each).
pub fn every_quiet_move_loses(board: &Board, mover: u8, rule: Rule) -> bool {
    let mut board = *board;
    let opponent = other(mover);
    for x in 0..N {
        for y in 0..N {
            if board[y][x] != b'.' || is_foul(&board, (x, y), mover, rule) {
                continue;
            }
            board[y][x] = mover;
            let is_four = !five_points_near(&board, (x, y), mover, rule).is_empty();
            let loses = is_four || has_vcf(&board, opponent, rule) == Proof::Win;
            board[y][x] = b'.';
            if !loses {
                return false;
            }
        }
    }
    true
}

/// The side to move: Black (`x`) when the counts are equal, White when Black has one more.
pub fn side_to_move(board: &Board) -> Result<u8, String> {
    let count = |side| board.iter().flatten().filter(|&&c| c == side).count();
    let (black, white) = (count(b'x'), count(b'o'));
    match black.checked_sub(white) {
        Some(0) => Ok(b'x'),
        Some(1) => Ok(b'o'),
        _ => Err(format!(
            "{black} black and {white} white stones: nobody is to move"
        )),
    }
}

/// True if the board holds a winning five under `rule` (the game is over).
pub fn has_five(board: &Board, rule: Rule) -> bool {
    (0..N).any(|y| {
        (0..N).any(|x| {
            let side = board[y][x];
            side != b'.'
                && DIRECTIONS
                    .iter()
                    .any(|&d| rule.wins(side, run_of_stone(board, (x, y), d)))
        })
    })
}

/// The run through the stone on `p` along `d`.
fn run_of_stone(board: &Board, p: Point, d: (i32, i32)) -> usize {
    let mut copy = *board;
    let side = copy[p.1][p.0];
    copy[p.1][p.0] = b'.';
    run_through(&copy, p, d, side)
}

/// The tactical class of a board with the side to move; `vcf` only for strict positions (see the header).
pub fn classify(board: &Board, rule: Rule) -> Tactic {
    classify_where(board, rule, |_, _| true)
}

/// `classify`, but a vcf board must first pass `wanted(board, right moves)`: a generator's cheap filter,
/// run before the costly strictness check.
pub fn classify_where(
    board: &Board,
    rule: Rule,
    wanted: impl Fn(&Board, &[Point]) -> bool,
) -> Tactic {
    let Ok(mover) = side_to_move(board) else {
        return Tactic::Other;
    };
    let opponent = other(mover);
    let wins = five_points(board, mover, rule);
    if !wins.is_empty() {
        return Tactic::WinNow(wins);
    }
    let threats = five_points(board, opponent, rule);
    match threats.len() {
        // Renju: a four whose block is Black's foul has already won.
        1 if is_foul(board, threats[0], mover, rule) => return Tactic::Other,
        1 => return Tactic::BlockFour(threats[0]),
        0 => {}
        _ => return Tactic::Other,
    }
    match vcf_moves(board, mover, rule) {
        Some(moves)
            if !moves.is_empty()
                && wanted(board, &moves)
                && every_quiet_move_loses(board, mover, rule) =>
        {
            Tactic::Vcf(moves)
        }
        _ => Tactic::Other,
    }
}

/// The answer line of a board: its right moves `X,Y`, space-separated; `None` for `Tactic::Other`.
pub fn answer_line(tactic: &Tactic) -> Option<String> {
    let moves = match tactic {
        Tactic::WinNow(moves) | Tactic::Vcf(moves) => moves.clone(),
        Tactic::BlockFour(point) => vec![*point],
        Tactic::Other => return None,
    };
    let shown: Vec<String> = moves.iter().map(|(x, y)| format!("{x},{y}")).collect();
    Some(shown.join(" "))
}

/// Parses one board of 15 lines of 15 characters from `.xo`.
pub fn parse_board(text: &str) -> Result<Board, String> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    if rows.len() != N {
        return Err(format!("expected {N} rows, got {}", rows.len()));
    }
    let mut board = [[b'.'; N]; N];
    for (y, row) in rows.iter().enumerate() {
        if row.len() != N || !row.bytes().all(|c| matches!(c, b'.' | b'x' | b'o')) {
            return Err(format!(
                "row {y}: expected {N} characters from .xo, got {row:?}"
            ));
        }
        board[y].copy_from_slice(row.as_bytes());
    }
    Ok(board)
}

/// The board as 15 lines, each ending in a newline.
pub fn board_text(board: &Board) -> String {
    board
        .iter()
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect()
}

/// A seeded random game of up to `length` moves from the centre: each move an empty point within distance
/// 2 of a stone (distance 1 half the time), never one that makes five (under `rule`) or is a renju foul,
/// so the game stays undecided. Returns every position along the way (after 1, 2, … moves).
pub fn random_game(rng: &mut Rng, length: usize, rule: Rule) -> Vec<Board> {
    let mut board = [[b'.'; N]; N];
    board[N / 2][N / 2] = b'x';
    let mut positions = vec![board];
    let mut side = b'o';
    for _ in 1..length {
        let reach = if rng.chance(1, 2) { 1 } else { 2 };
        let near: Vec<Point> = (0..N)
            .flat_map(|y| (0..N).map(move |x| (x, y)))
            .filter(|&(x, y)| board[y][x] == b'.' && !makes_five(&board, (x, y), side, rule))
            .filter(|&(x, y)| {
                (-reach..=reach).any(|dy| {
                    (-reach..=reach).any(|dx| {
                        matches!(
                            cell(&board, x as i32 + dx, y as i32 + dy),
                            Some(b'x' | b'o')
                        )
                    })
                })
            })
            .collect();
        if near.is_empty() {
            break;
        }
        let (x, y) = *rng.pick(&near);
        if is_foul(&board, (x, y), side, rule) {
            break; // ends the game here rather than skew the draws: fouls are rare
        }
        board[y][x] = side;
        positions.push(board);
        side = other(side);
    }
    positions
}
