//! Gomoku seed AI: the lecture's 3-ply minimax player, reimplemented as a piskvork engine (the baseline).
//!
//! Input:  piskvork commands on stdin (START, BEGIN, TURN, BOARD … DONE, INFO, RESTART, TAKEBACK, ABOUT,
//!         END); anything else is answered `UNKNOWN …`. Only a 15×15 board is supported.
//! Output: one line per command that owes a reply (`OK`, a move `X,Y`, `ERROR …`), flushed at once.
//! Method: what `../shared/problems/gomoku.md` ("The seed's AI") describes, quirks kept on purpose:
//!   - minimax with alpha-beta to 3 plies (own move, reply, own move), then a static evaluation from the
//!     engine's own side: `value(own) − value(opponent)`; a move that makes a real five ends its line at
//!     once (the node is scored as a leaf, the tree does not go on past a finished game);
//!   - candidates: every empty point within Chebyshev distance 1 of any stone, regenerated at every node,
//!     in row-major order (row Y outer, column X inner); an empty board is answered with the centre 7,7;
//!     the first move with a strictly better score wins ties;
//!   - `value(side)`: for each of the side's stones (row-major) and each direction, count the side's
//!     stones among the 4 cells each way — an empty cell does not stop the count, an opponent's stone or
//!     the edge does — then look at the cell just past the count on each side (distance count + 1): open
//!     if it is on the board and empty. With `total = 1 + both counts`: ≥ 5 → 10000 (so `xx.xxx` can score
//!     as a "five"), 4 with two open ends → 1000, 4 with one → 100, 3 with two → 10, 2 with two → 1;
//!   - quirk 1 (operator precedence): `value` is the HIGHEST class found over all stones and directions,
//!     not their sum;
//!   - quirk 2 (`==` for `=`): only the horizontal direction really marks the stones it counted, so a
//!     stone already counted horizontally is not a starting point there again; in the other three
//!     directions (vertical, the `\` diagonal, the `/` diagonal) the marking statement is a comparison that
//!     does nothing, so every stone starts a count of its own. Under quirk 1 it shows where a later
//!     stone's window sees more than the first one's: `x.x.x.x` from the edge scores an open three (10)
//!     along a row but a four (100) down a column; `xx.xxx` scores a four along a row, a "five" down one.
//!
//! Not copied: the original allocates a linked list of board copies per node and rescans the board at
//! every leaf, ~0.4 s a move. Here the same tree (same order, same cut-offs, same scores) runs on one
//! board with make/undo, and `value` is kept line by line (`Position`), each distinct line's classes
//! computed once: a few ms a move. Same moves, not the same speed — the unit tests check the line
//! evaluation against the plain scan (in the tests) and the whole search against a plain copy of it.
//!
//! Cost:   ≤ (8·stones)^3 leaves before pruning; a leaf costs 4 line updates (a hash lookup each).
//! Status: reimplemented from the spec's description (the C source is not in the repository). The unit
//!         tests below pin both quirks on boards worked out by hand and check the fast evaluation and
//!         search against the plain ones; scripts/testgen/tests/gomoku_seed.rs runs them, drives the
//!         engine through piskvork and plays a refereed seed-against-seed game.
//!         Build: `rustc --edition 2021 -O scripts/gomoku-seed/seed.rs -o pbrain-seed`.
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, BufRead, Write};

const N: usize = 15;
const EMPTY: u8 = 0;
const OWN: u8 = 1;
const OPPONENT: u8 = 2;
const PLIES: u32 = 3;
/// Horizontal, vertical, `\` diagonal, `/` diagonal as (dx, dy); only index 0 marks counted stones.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

type Board = [[u8; N]; N];

fn at(board: &Board, x: i32, y: i32) -> Option<u8> {
    if (0..N as i32).contains(&x) && (0..N as i32).contains(&y) {
        Some(board[y as usize][x as usize])
    } else {
        None
    }
}

// ---- evaluation -------------------------------------------------------------------------------------

/// The class scores, lowest first: a class is kept as its index here, so the highest index is the best.
const CLASS_SCORES: [i32; 6] = [0, 1, 10, 100, 1000, 10000];

/// The class of a count: total stones and how many ends are open (an index into `CLASS_SCORES`).
fn class(total: usize, open_ends: usize) -> usize {
    match (total, open_ends) {
        (t, _) if t >= 5 => 5,
        (4, 2) => 4,
        (4, 1) => 3,
        (3, 2) => 2,
        (2, 2) => 1,
        _ => 0,
    }
}

/// The seed's counting along one line (its cells in scan order), for `side`: every stone of the side
/// counts its stones among the 4 cells each way (gaps skipped, stopped by the opponent or the end), and
/// the cells at distance count + 1 are its ends. Only horizontal lines (`marks`) skip stones that an
/// earlier stone already counted (quirk 2). The best class found (quirk 1: a maximum, not a sum).
fn line_class(cells: &[u8], side: u8, marks: bool) -> usize {
    let cell = |i: isize| cells.get(usize::try_from(i).ok()?).copied();
    let mut counted = [false; N];
    let mut best = 0;
    for i in 0..cells.len() {
        if cells[i] != side || (marks && counted[i]) {
            continue;
        }
        let mut count_way = |sign: isize| {
            let mut count = 0;
            for k in 1..=4 {
                let j = i as isize + sign * k;
                match cell(j) {
                    Some(c) if c == side => {
                        count += 1;
                        if marks {
                            counted[j as usize] = true;
                        }
                    }
                    Some(EMPTY) => {}
                    _ => break,
                }
            }
            count
        };
        let (forward, backward) = (count_way(1), count_way(-1));
        let open = |j: isize| (cell(j) == Some(EMPTY)) as usize;
        let ends =
            open(i as isize + forward as isize + 1) + open(i as isize - backward as isize - 1);
        best = best.max(class(1 + forward + backward, ends));
    }
    best
}

/// A line's contents as a key: 2 bits a cell (0 empty, 1 OWN, 2 OPPONENT), cell k at bits 2k..2k+1,
/// the line's length at bits 30..33 and bit 34 set for a row (rows mark counted stones, quirk 2).
type LineKey = u64;

/// The board with the seed's evaluation kept up to date line by line. `value(side)` decomposes: a
/// stone's counts in one direction only see its own line, and quirk 2's marks only act within a row,
/// scanned left to right as the row-major scan does. So `value(side)` is the best class over all 88
/// lines, and a move changes only the 4 lines through it; a line's classes are computed once per
/// distinct content and remembered (a game meets few distinct lines, and each is met many times).
struct Position {
    board: Board,
    /// The line through each point in each direction, and the point's index along it.
    through: [[[(usize, u32); 4]; N]; N],
    keys: Vec<LineKey>,
    /// Each line's class index for OWN and OPPONENT.
    classes: Vec<[usize; 2]>,
    /// How many lines hold each class, per side: the value is the highest class with a count.
    census: [[u32; 6]; 2],
    known: HashMap<LineKey, [usize; 2], BuildHasherDefault<KeyHasher>>,
}

/// A multiplicative hasher for line keys: SipHash's DoS resistance buys nothing here.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0 ^ v)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
}

impl Position {
    fn new(board: Board) -> Position {
        let mut keys = Vec::new();
        let mut through = [[[(0, 0); 4]; N]; N];
        for (direction, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            for y in 0..N as i32 {
                for x in 0..N as i32 {
                    if at(&board, x - dx, y - dy).is_some() {
                        continue; // not the first cell of its line
                    }
                    let mut length = 0;
                    while at(&board, x + length * dx, y + length * dy).is_some() {
                        let (cx, cy) = ((x + length * dx) as usize, (y + length * dy) as usize);
                        through[cy][cx][direction] = (keys.len(), length as u32);
                        length += 1;
                    }
                    keys.push((length as u64) << 30 | u64::from(direction == 0) << 34);
                }
            }
        }
        let lines = keys.len();
        let mut position = Position {
            board: [[EMPTY; N]; N],
            through,
            keys,
            classes: vec![[0, 0]; lines],
            census: [[lines as u32, 0, 0, 0, 0, 0]; 2],
            known: HashMap::default(),
        };
        for (y, row) in board.iter().enumerate() {
            for (x, &cell) in row.iter().enumerate() {
                if cell != EMPTY {
                    position.set((x, y), cell);
                }
            }
        }
        position
    }

    /// The classes of a line's contents, for OWN and OPPONENT.
    fn classes_of(&mut self, key: LineKey) -> [usize; 2] {
        *self.known.entry(key).or_insert_with(|| {
            let length = (key >> 30 & 0xF) as usize;
            let cells: Vec<u8> = (0..length).map(|k| (key >> (2 * k) & 3) as u8).collect();
            let row = key >> 34 & 1 == 1;
            [
                line_class(&cells, OWN, row),
                line_class(&cells, OPPONENT, row),
            ]
        })
    }

    /// Sets a point (a stone or EMPTY) and updates the 4 lines through it.
    fn set(&mut self, (x, y): (usize, usize), cell: u8) {
        self.board[y][x] = cell;
        for direction in 0..4 {
            let (line, index) = self.through[y][x][direction];
            let key = self.keys[line] & !(3 << (2 * index)) | u64::from(cell) << (2 * index);
            self.keys[line] = key;
            let new = self.classes_of(key);
            for (side, &class) in new.iter().enumerate() {
                self.census[side][self.classes[line][side]] -= 1;
                self.census[side][class] += 1;
            }
            self.classes[line] = new;
        }
    }

    /// The seed's `value(side)`.
    fn value(&self, side: u8) -> i32 {
        let census = &self.census[usize::from(side == OPPONENT)];
        let best = (0..6).rev().find(|&c| census[c] > 0).unwrap_or(0);
        CLASS_SCORES[best]
    }

    fn evaluate(&self) -> i32 {
        self.value(OWN) - self.value(OPPONENT)
    }
}

// ---- search -----------------------------------------------------------------------------------------

/// Empty points within Chebyshev distance 1 of a stone, row-major.
fn candidates(board: &Board) -> Vec<(usize, usize)> {
    let mut moves = Vec::new();
    for y in 0..N as i32 {
        for x in 0..N as i32 {
            if board[y as usize][x as usize] != EMPTY {
                continue;
            }
            let near = (-1..=1).any(|dy| {
                (-1..=1).any(|dx| matches!(at(board, x + dx, y + dy), Some(c) if c != EMPTY))
            });
            if near {
                moves.push((x as usize, y as usize));
            }
        }
    }
    moves
}

/// True if the stone at (x, y) is part of five or more in a row.
fn makes_five(board: &Board, (x, y): (usize, usize)) -> bool {
    let side = board[y][x];
    DIRECTIONS.iter().any(|&(dx, dy)| {
        let run = |sign: i32| {
            (1..5)
                .take_while(|&k| {
                    at(board, x as i32 + sign * k * dx, y as i32 + sign * k * dy) == Some(side)
                })
                .count()
        };
        1 + run(1) + run(-1) >= 5
    })
}

/// Plain minimax with alpha-beta; `maximizing` is true when the engine itself is to move.
fn minimax(
    position: &mut Position,
    depth: u32,
    maximizing: bool,
    mut alpha: i32,
    mut beta: i32,
) -> i32 {
    if depth == 0 {
        return position.evaluate();
    }
    let moves = candidates(&position.board);
    if moves.is_empty() {
        return position.evaluate();
    }
    let mover = if maximizing { OWN } else { OPPONENT };
    let mut best = if maximizing { i32::MIN } else { i32::MAX };
    for point in moves {
        position.set(point, mover);
        let score = if makes_five(&position.board, point) {
            position.evaluate()
        } else {
            minimax(position, depth - 1, !maximizing, alpha, beta)
        };
        position.set(point, EMPTY);
        if maximizing {
            best = best.max(score);
            alpha = alpha.max(score);
        } else {
            best = best.min(score);
            beta = beta.min(score);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The seed's move for the side owning the `OWN` stones, or `None` on a full board.
fn choose(board: &Board) -> Option<(usize, usize)> {
    if board.iter().flatten().all(|&c| c == EMPTY) {
        return Some((N / 2, N / 2));
    }
    let mut position = Position::new(*board);
    let mut alpha = i32::MIN;
    let mut best = None;
    for point in candidates(board) {
        position.set(point, OWN);
        let score = if makes_five(&position.board, point) {
            position.evaluate()
        } else {
            minimax(&mut position, PLIES - 1, false, alpha, i32::MAX)
        };
        position.set(point, EMPTY);
        if best.is_none() || score > alpha {
            alpha = score;
            best = Some(point);
        }
    }
    best
}

// ---- protocol ---------------------------------------------------------------------------------------

fn parse_point(text: &str) -> Option<(usize, usize)> {
    let mut parts = text.trim().split(',');
    let x = parts.next()?.trim().parse::<usize>().ok()?;
    let y = parts.next()?.trim().parse::<usize>().ok()?;
    (parts.next().is_none() && x < N && y < N).then_some((x, y))
}

/// Plays the engine's move on the board and returns the reply line.
fn reply_move(board: &mut Board) -> String {
    match choose(board) {
        Some((x, y)) => {
            board[y][x] = OWN;
            format!("{x},{y}")
        }
        None => "ERROR the board is full".to_string(),
    }
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map_while(Result::ok);
    let mut out = io::stdout().lock();
    let mut board: Board = [[EMPTY; N]; N];
    while let Some(line) = lines.next() {
        let line = line.trim().to_string();
        if line.is_empty() {
            continue;
        }
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c.to_ascii_uppercase(), r.trim()),
            None => (line.to_ascii_uppercase(), ""),
        };
        let reply = match command.as_str() {
            "START" if rest == "15" => {
                board = [[EMPTY; N]; N];
                Some("OK".to_string())
            }
            "START" => Some(format!("ERROR only size 15 is supported, not {rest}")),
            "RESTART" => {
                board = [[EMPTY; N]; N];
                Some("OK".to_string())
            }
            "BEGIN" => Some(reply_move(&mut board)),
            "TURN" => match parse_point(rest) {
                Some((x, y)) if board[y][x] == EMPTY => {
                    board[y][x] = OPPONENT;
                    Some(reply_move(&mut board))
                }
                _ => Some(format!("ERROR bad or occupied point in TURN {rest}")),
            },
            "BOARD" => {
                board = [[EMPTY; N]; N];
                let mut bad = None;
                for entry in lines.by_ref() {
                    let entry = entry.trim();
                    if entry.eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    let fields: Vec<&str> = entry.split(',').map(str::trim).collect();
                    match (fields.as_slice(), parse_point(&fields[..2.min(fields.len())].join(","))) {
                        ([_, _, "1"], Some((x, y))) => board[y][x] = OWN,
                        ([_, _, "2" | "3"], Some((x, y))) => board[y][x] = OPPONENT,
                        _ if entry.is_empty() => {}
                        _ => bad = Some(entry.to_string()),
                    }
                }
                Some(match bad {
                    Some(entry) => format!("ERROR bad BOARD line {entry}"),
                    None => reply_move(&mut board),
                })
            }
            "TAKEBACK" => match parse_point(rest) {
                Some((x, y)) => {
                    board[y][x] = EMPTY;
                    Some("OK".to_string())
                }
                None => Some(format!("ERROR bad point in TAKEBACK {rest}")),
            },
            "INFO" => None,
            "ABOUT" => Some(
                "name=\"seed\", version=\"1.0\", author=\"lecture seed, reimplemented\", country=\"-\""
                    .to_string(),
            ),
            "END" => break,
            _ => Some(format!("UNKNOWN command {command}")),
        };
        if let Some(reply) = reply {
            if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // ---- the oracle: the seed's evaluation and search exactly as the header states them, on a plain
    // board, scanning every stone; the engine above must agree with it move for move.

    fn count_one_way(
        board: &Board,
        side: u8,
        (x, y): (i32, i32),
        (dx, dy): (i32, i32),
        marks: &mut Option<&mut [[bool; N]; N]>,
    ) -> usize {
        let mut count = 0;
        for k in 1..=4 {
            let (cx, cy) = (x + k * dx, y + k * dy);
            match at(board, cx, cy) {
                Some(cell) if cell == side => {
                    count += 1;
                    if let Some(marks) = marks.as_deref_mut() {
                        marks[cy as usize][cx as usize] = true;
                    }
                }
                Some(EMPTY) => {}
                _ => break,
            }
        }
        count
    }

    fn value_by_scan(board: &Board, side: u8) -> i32 {
        let mut counted_horizontally = [[false; N]; N];
        let mut best = 0;
        for y in 0..N as i32 {
            for x in 0..N as i32 {
                if board[y as usize][x as usize] != side {
                    continue;
                }
                for (index, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                    let mut marks = None;
                    if index == 0 {
                        if counted_horizontally[y as usize][x as usize] {
                            continue;
                        }
                        marks = Some(&mut counted_horizontally);
                    }
                    let forward = count_one_way(board, side, (x, y), (dx, dy), &mut marks);
                    let backward = count_one_way(board, side, (x, y), (-dx, -dy), &mut marks);
                    let open = |k: i32| (at(board, x + k * dx, y + k * dy) == Some(EMPTY)) as usize;
                    let ends = open(forward as i32 + 1) + open(-(backward as i32 + 1));
                    best = best.max(CLASS_SCORES[class(1 + forward + backward, ends)]);
                }
            }
        }
        best
    }

    fn evaluate_by_scan(board: &Board) -> i32 {
        value_by_scan(board, OWN) - value_by_scan(board, OPPONENT)
    }

    fn minimax_plain(
        board: &mut Board,
        depth: u32,
        maximizing: bool,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let moves = candidates(board);
        if depth == 0 || moves.is_empty() {
            return evaluate_by_scan(board);
        }
        let mover = if maximizing { OWN } else { OPPONENT };
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        for (x, y) in moves {
            board[y][x] = mover;
            let score = if makes_five(board, (x, y)) {
                evaluate_by_scan(board)
            } else {
                minimax_plain(board, depth - 1, !maximizing, alpha, beta)
            };
            board[y][x] = EMPTY;
            if maximizing {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn choose_plain(board: &mut Board) -> Option<(usize, usize)> {
        if board.iter().flatten().all(|&c| c == EMPTY) {
            return Some((N / 2, N / 2));
        }
        let mut alpha = i32::MIN;
        let mut best = None;
        for (x, y) in candidates(board) {
            board[y][x] = OWN;
            let score = if makes_five(board, (x, y)) {
                evaluate_by_scan(board)
            } else {
                minimax_plain(board, PLIES - 1, false, alpha, i32::MAX)
            };
            board[y][x] = EMPTY;
            if best.is_none() || score > alpha {
                alpha = score;
                best = Some((x, y));
            }
        }
        best
    }

    /// A small xorshift stream for random boards (std has no generator).
    struct Stream(u64);

    impl Stream {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A random board of `stones` stones clustered near the centre, alternately OWN and OPPONENT.
    fn random_board(stream: &mut Stream, stones: usize) -> Board {
        let mut board = [[EMPTY; N]; N];
        let mut placed = 0;
        while placed < stones {
            let (x, y) = (3 + stream.below(9), 3 + stream.below(9));
            if board[y][x] == EMPTY {
                board[y][x] = if placed % 2 == 0 { OWN } else { OPPONENT };
                placed += 1;
            }
        }
        board
    }

    fn board_with(own: &[(usize, usize)]) -> Board {
        let mut board = [[EMPTY; N]; N];
        for &(x, y) in own {
            board[y][x] = OWN;
        }
        board
    }

    fn value(board: &Board, side: u8) -> i32 {
        let by_lines = Position::new(*board).value(side);
        assert_eq!(by_lines, value_by_scan(board, side));
        by_lines
    }

    #[test]
    fn quirk_2_only_the_horizontal_count_skips_counted_stones() {
        // x . x . x . x along a row from the edge: the 1st stone counts 3 (one end at the edge), marks the
        // 2nd and 3rd; the 4th counts 3 with both ends open: an open three, 10.
        let row = board_with(&[(0, 7), (2, 7), (4, 7), (6, 7)]);
        assert_eq!(value(&row, OWN), 10);
        // The same down a column: the 2nd stone is a start too, counts 4 (1 back, 2 ahead), and the cell
        // just past the count behind it is the 1st stone, so one end is "closed": a four, 100.
        let column = board_with(&[(7, 0), (7, 2), (7, 4), (7, 6)]);
        assert_eq!(value(&column, OWN), 100);
    }

    #[test]
    fn quirk_1_value_is_the_highest_class_not_a_sum() {
        let one_three = board_with(&[(3, 3), (4, 3), (5, 3)]);
        let two_threes = board_with(&[(3, 3), (4, 3), (5, 3), (3, 9), (4, 9), (5, 9)]);
        assert_eq!(value(&one_three, OWN), 10);
        assert_eq!(value(&two_threes, OWN), 10);
        // A gap does not stop the count: x x . x x x down a column (no five yet) scores as a five, counted
        // from its 2nd stone; along a row that stone was marked by the 1st, so the best is a four (quirk 2).
        let down = board_with(&[(3, 3), (3, 4), (3, 6), (3, 7), (3, 8)]);
        assert_eq!(value(&down, OWN), 10000);
        let across = board_with(&[(3, 3), (4, 3), (6, 3), (7, 3), (8, 3)]);
        assert_eq!(value(&across, OWN), 100);
    }

    #[test]
    fn candidates_are_row_major_within_distance_1() {
        let board = board_with(&[(0, 0)]);
        assert_eq!(candidates(&board), vec![(1, 0), (0, 1), (1, 1)]);
        assert_eq!(choose(&[[EMPTY; N]; N]), Some((7, 7)));
    }

    #[test]
    fn line_evaluation_agrees_with_the_scan_also_after_updates() {
        let mut stream = Stream(0x5eed_1234_abcd_0001);
        for round in 0..300 {
            let board = random_board(&mut stream, round % 60);
            let mut position = Position::new(board);
            assert_eq!(position.evaluate(), evaluate_by_scan(&board), "{board:?}");
            // Play and take back a few stones: the incremental census must match a fresh scan.
            let mut played = Vec::new();
            for k in 0..6 {
                let point = (stream.below(N), stream.below(N));
                if position.board[point.1][point.0] == EMPTY {
                    position.set(point, if k % 2 == 0 { OWN } else { OPPONENT });
                    played.push(point);
                    assert_eq!(position.evaluate(), evaluate_by_scan(&position.board));
                }
            }
            for point in played.into_iter().rev() {
                position.set(point, EMPTY);
            }
            assert_eq!(position.board, board);
            assert_eq!(position.evaluate(), evaluate_by_scan(&board));
        }
    }

    #[test]
    fn search_chooses_what_the_plain_search_chooses() {
        let mut stream = Stream(0x5eed_0000_0000_0002);
        for round in 0..12 {
            let mut board = random_board(&mut stream, 2 + 2 * (round % 6));
            assert_eq!(choose(&board), choose_plain(&mut board), "{board:?}");
        }
    }
}
