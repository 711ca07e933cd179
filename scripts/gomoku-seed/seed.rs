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
//!   Not copied: the original allocates a linked list of board copies per node and takes ~0.4 s a move;
//!   this one makes and undoes moves on one board and answers in milliseconds. Same moves, not same speed.
//! Cost:   ≤ (8·stones)^3 leaves before pruning, each evaluated in O(stones · 4 · 9).
//! Status: reimplemented from the spec's description (the C source is not in the repository). The unit
//!         tests below pin both quirks on boards worked out by hand; scripts/testgen/tests/gomoku_seed.rs
//!         runs them, drives the engine through piskvork and plays a refereed seed-against-seed game.
//!         Build: `rustc --edition 2021 -O scripts/gomoku-seed/seed.rs -o pbrain-seed`.
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

/// The side's stones counted from (x, y) one way along (dx, dy): at most 4 cells, gaps skipped, stopped
/// by the edge or an opponent's stone. Marks counted stones in `counted` when `mark` (quirk 2).
fn count_one_way(
    board: &Board,
    side: u8,
    (x, y): (i32, i32),
    (dx, dy): (i32, i32),
    counted: &mut Option<&mut [[bool; N]; N]>,
) -> i32 {
    let mut count = 0;
    for k in 1..=4 {
        let (cx, cy) = (x + k * dx, y + k * dy);
        match at(board, cx, cy) {
            Some(cell) if cell == side => {
                count += 1;
                if let Some(marks) = counted.as_deref_mut() {
                    marks[cy as usize][cx as usize] = true;
                }
            }
            Some(EMPTY) => {}
            _ => break,
        }
    }
    count
}

/// The class of a count: total stones and how many ends are open.
fn class(total: i32, open_ends: i32) -> i32 {
    match (total, open_ends) {
        (t, _) if t >= 5 => 10000,
        (4, 2) => 1000,
        (4, 1) => 100,
        (3, 2) => 10,
        (2, 2) => 1,
        _ => 0,
    }
}

/// The seed's `value(side)`: the highest class over every stone and direction (quirk 1), with horizontal
/// counting the only one that skips stones already counted (quirk 2).
fn value(board: &Board, side: u8) -> i32 {
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
                let open = |k: i32| at(board, x + k * dx, y + k * dy) == Some(EMPTY);
                let open_ends = open(forward + 1) as i32 + open(-(backward + 1)) as i32;
                best = best.max(class(1 + forward + backward, open_ends));
            }
        }
    }
    best
}

fn evaluate(board: &Board) -> i32 {
    value(board, OWN) - value(board, OPPONENT)
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
fn minimax(board: &mut Board, depth: u32, maximizing: bool, mut alpha: i32, mut beta: i32) -> i32 {
    let moves = candidates(board);
    if depth == 0 || moves.is_empty() {
        return evaluate(board);
    }
    let mover = if maximizing { OWN } else { OPPONENT };
    let mut best = if maximizing { i32::MIN } else { i32::MAX };
    for (x, y) in moves {
        board[y][x] = mover;
        let score = if makes_five(board, (x, y)) {
            evaluate(board)
        } else {
            minimax(board, depth - 1, !maximizing, alpha, beta)
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

/// The seed's move for the side owning the `OWN` stones, or `None` on a full board.
fn choose(board: &mut Board) -> Option<(usize, usize)> {
    if board.iter().flatten().all(|&c| c == EMPTY) {
        return Some((N / 2, N / 2));
    }
    let mut alpha = i32::MIN;
    let mut best = None;
    for (x, y) in candidates(board) {
        board[y][x] = OWN;
        let score = if makes_five(board, (x, y)) {
            evaluate(board)
        } else {
            minimax(board, PLIES - 1, false, alpha, i32::MAX)
        };
        board[y][x] = EMPTY;
        if best.is_none() || score > alpha {
            alpha = score;
            best = Some((x, y));
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

    fn board_with(own: &[(usize, usize)]) -> Board {
        let mut board = [[EMPTY; N]; N];
        for &(x, y) in own {
            board[y][x] = OWN;
        }
        board
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
        let mut empty = [[EMPTY; N]; N];
        assert_eq!(choose(&mut empty), Some((7, 7)));
    }
}
