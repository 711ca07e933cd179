//! Gomoku referee: freestyle 15×15 rules for the judge's matches, one process per game.
//!
//! Input:  lines from the judge: `opening <text>` (moves like `h8i9`, column a–o, row 1–15, Black first;
//!         empty text = empty board), then `move <text>` (an engine's answer, `X,Y`, 0-based).
//! Output: one line per command, flushed: `size 15` + `moves X,Y …` or `error <reason>` for an opening;
//!         `ok`, `illegal <reason>`, `win` (five or more) or `draw` (full board) for a move.
//! Method: a 15×15 board; a move is checked (well-formed, on the board, empty), placed, and the four
//!         lines through it are measured for a run of five or more. Black moves when the counts are equal.
//! Cost:   O(1) a move.
//! Status: tested by driving the compiled referee (scripts/testgen/tests/gomoku_referee.rs).
use std::io::{self, BufRead, Write};

const N: usize = 15;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Black,
    White,
}

/// What a placed stone did to the game.
#[derive(PartialEq, Eq, Debug)]
enum Placed {
    GoesOn,
    Five,
    Full,
}

struct Game {
    board: [[Cell; N]; N],
    stones: usize,
    over: bool,
}

impl Game {
    fn new() -> Game {
        Game {
            board: [[Cell::Empty; N]; N],
            stones: 0,
            over: false,
        }
    }

    /// Places the side to move's stone at an empty, on-board point.
    fn place(&mut self, x: usize, y: usize) -> Placed {
        // Black moves when the counts are equal (`is_multiple_of` is newer than the workspace's Rust 1.70).
        let side = if self.stones & 1 == 0 {
            Cell::Black
        } else {
            Cell::White
        };
        self.board[y][x] = side;
        self.stones += 1;
        let run = |dx: i32, dy: i32| {
            (1..5)
                .take_while(|&k| {
                    let (cx, cy) = (x as i32 + k * dx, y as i32 + k * dy);
                    (0..N as i32).contains(&cx)
                        && (0..N as i32).contains(&cy)
                        && self.board[cy as usize][cx as usize] == side
                })
                .count()
        };
        let five = [(1, 0), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&(dx, dy)| 1 + run(dx, dy) + run(-dx, -dy) >= 5);
        if five {
            Placed::Five
        } else if self.stones == N * N {
            Placed::Full
        } else {
            Placed::GoesOn
        }
    }
}

/// Parses an opening like `h8i9` into 0-based (X, Y) points.
fn parse_opening(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let bytes = text.as_bytes();
    let mut points = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let column = bytes[i];
        if !(b'a'..=b'o').contains(&column) {
            return Err(format!(
                "expected a column a-o at offset {i} of the opening"
            ));
        }
        let start = i + 1;
        let mut end = start;
        while end < bytes.len() && bytes[end].is_ascii_digit() && end - start < 2 {
            end += 1;
        }
        let row: usize = text[start..end]
            .parse()
            .map_err(|_| format!("expected a row 1-15 at offset {start} of the opening"))?;
        if !(1..=N).contains(&row) {
            return Err(format!("row {row} at offset {start} is off the board"));
        }
        points.push(((column - b'a') as usize, row - 1));
        i = end;
    }
    Ok(points)
}

/// Parses an engine's move `X,Y`; `None` if malformed.
fn parse_move(text: &str) -> Option<(usize, usize)> {
    let (x, y) = text.split_once(',')?;
    let digits = |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(x) || !digits(y) {
        return None;
    }
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// Sets up the opening; the reply lines.
fn opening(game: &mut Game, text: &str) -> String {
    *game = Game::new();
    let points = match parse_opening(text) {
        Ok(points) => points,
        Err(reason) => return format!("error {reason}"),
    };
    let mut shown = Vec::new();
    for &(x, y) in &points {
        if game.board[y][x] != Cell::Empty {
            game.over = true;
            return format!("error the opening plays {x},{y} twice");
        }
        if game.place(x, y) != Placed::GoesOn {
            game.over = true;
            return format!("error the opening is already decided at {x},{y}");
        }
        shown.push(format!(" {x},{y}"));
    }
    format!("size {N}\nmoves{}", shown.concat())
}

/// Referees one move; the reply line.
fn play(game: &mut Game, text: &str) -> String {
    if game.over {
        return "error the game is over".to_string();
    }
    let Some((x, y)) = parse_move(text) else {
        game.over = true;
        return format!("illegal expected a move X,Y, got {text:?}");
    };
    if x >= N || y >= N {
        game.over = true;
        return format!("illegal {x},{y} is off the 15x15 board");
    }
    if game.board[y][x] != Cell::Empty {
        game.over = true;
        return format!("illegal {x},{y} is occupied");
    }
    match game.place(x, y) {
        Placed::GoesOn => "ok".to_string(),
        Placed::Five => {
            game.over = true;
            "win".to_string()
        }
        Placed::Full => {
            game.over = true;
            "draw".to_string()
        }
    }
}

fn main() {
    let mut game = Game::new();
    let mut started = false;
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else {
            break;
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let reply = match command {
            "opening" => {
                started = true;
                opening(&mut game, rest.trim())
            }
            "move" if started => play(&mut game, rest.trim()),
            "move" => "error a move before any opening".to_string(),
            _ => format!("error unknown command {command:?}: expected opening or move"),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
