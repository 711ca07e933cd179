//! Gomoku tactical checker: accepts a board's move iff it is one of the board's right moves.
//!
//! Input:  `checker INPUT OUTPUT ANSWER` (testlib protocol; extra arguments ignored). INPUT holds the
//!         boards (an optional first line `rule N`, then 15 lines of `.xo` each, blank lines between), ANSWER one line per board with every
//!         right move `X,Y` (sorted, space-separated), OUTPUT one move `X,Y` per board.
//! Output: exit 0 AC, 1 WA (a move outside the set, a missing or extra move), 2 PE (a line that is not
//!         `X,Y`), 3 for broken testdata; a one-line note on stderr.
//! Method: the output's non-empty lines, in order, each matched against the same-numbered answer line.
//! Cost:   linear in the files.
//! Status: exercised by `cargo run --release -p judge -- gomoku` and scripts/testgen/tests/gomoku.rs.
use std::process::exit;

const AC: i32 = 0;
const WA: i32 = 1;
const PE: i32 = 2;
const FAIL: i32 = 3;

fn finish(code: i32, note: &str) -> ! {
    eprintln!("{note}");
    exit(code)
}

fn read(path: Option<&String>, what: &str) -> String {
    let Some(path) = path else {
        finish(FAIL, "usage: checker INPUT OUTPUT ANSWER")
    };
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => finish(FAIL, &format!("cannot read the {what} {path}: {e}")),
    }
}

/// A move `X,Y`: one or two digits each, no spaces (an off-board move parses, and is then simply wrong).
fn parse_move(text: &str) -> Option<(u32, u32)> {
    let (x, y) = text.split_once(',')?;
    let number = |s: &str| {
        (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    Some((number(x)?, number(y)?))
}

/// The number of boards in the input: 15-line blocks of `.xo` separated by blank lines (a `rule N` line
/// is not a board row).
fn count_boards(input: &str) -> usize {
    let rows = input
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("rule "))
        .count();
    rows / 15
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let input = read(args.get(1), "input");
    let output = read(args.get(2), "output");
    let answer = read(args.get(3), "answer");
    let boards = count_boards(&input);
    let sets: Vec<Vec<(u32, u32)>> = answer
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            l.split_whitespace()
                .map(|m| {
                    parse_move(m).unwrap_or_else(|| finish(FAIL, &format!("bad answer move {m}")))
                })
                .collect()
        })
        .collect();
    if sets.len() != boards {
        finish(
            FAIL,
            &format!("{boards} boards but {} answer lines", sets.len()),
        );
    }
    let moves: Vec<&str> = output
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    for (k, set) in sets.iter().enumerate() {
        let board = k + 1;
        let Some(&text) = moves.get(k) else {
            finish(
                WA,
                &format!("board {board}: no move (expected one of {})", show(set)),
            )
        };
        let Some(point) = parse_move(text) else {
            finish(
                PE,
                &format!("board {board}: expected a move X,Y, got {text:?}"),
            )
        };
        if !set.contains(&point) {
            finish(
                WA,
                &format!(
                    "board {board}: {text} is not a right move (right: {})",
                    show(set)
                ),
            );
        }
    }
    if moves.len() > boards {
        finish(WA, &format!("{} moves for {boards} boards", moves.len()));
    }
    finish(AC, &format!("{boards} boards, every move right"))
}

fn show(set: &[(u32, u32)]) -> String {
    let shown: Vec<String> = set.iter().map(|(x, y)| format!("{x},{y}")).collect();
    shown.join(" ")
}
