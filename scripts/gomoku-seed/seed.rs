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
//!     if it is on the board and empty. With `total = 1 + both counts`: ≥ 5 → 10000 (so `XX.XX` with room
//!     scores as a "five"), 4 with two open ends → 1000, 4 with one → 100, 3 with two → 10, 2 with two → 1;
//!   - quirk 1 (operator precedence): `value` is the HIGHEST class found over all stones and directions,
//!     not their sum;
//!   - quirk 2 (`==` for `=`): only the horizontal direction really marks the stones it counted, so a
//!     stone already counted horizontally is not a starting point there again; in the other three
//!     directions (vertical, the `\` diagonal, the `/` diagonal) the marking statement is a comparison that
//!     does nothing, so every stone starts a count of its own. Under quirk 1 the difference shows when a
//!     later stone's window reaches further than the first one's (`X.X.X.X`: counted from the 1st stone
//!     horizontally only, its best is 3; vertically the 2nd stone also counts, and its window sees 4).
//!   Not copied: the original allocates a linked list of board copies per node and takes ~0.4 s a move;
//!   this one makes and undoes moves on one board and answers in milliseconds. Same moves, not same speed.
//! Cost:   ≤ (8·stones)^3 leaves before pruning, each evaluated in O(stones · 4 · 9).
//! Status: reimplemented from the spec's description (the C source is not in the repository); exercised
//!         by matches through the judge (`cargo run --release -p judge -- match …`). Build it with
//!         `rustc --edition 2021 -O scripts/gomoku-seed/seed.rs -o pbrain-seed`.
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
