//! Input validator of "Gomoku" batch mode (problems/gomoku/README.md, "Batch mode"; the project's own format).
//!
//! Usage:  validate [beyond] < input   (the statement fixes one layout for every group: `beyond` adds nothing)
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line, what was expected there and what was
//!         found. An unknown flag is a usage error: exit 2.
//! Checks: an optional first line `rule N`, N one of 0, 1, 4; then one or more boards of 15 lines of 15
//!         characters from `.xo`, boards separated by one or more empty lines; every line ends in `\n`
//!         (`\r\n` accepted, as the statement says), nothing else on a line, nothing after the last board.
//!         Each board: as many `x` as `o` or one `x` more; no winning five under the rule (five or more in a
//!         row; exactly five under rule 1, and for `x` under rule 4); at least one empty point.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/gomoku/tests/validator.rs (every committed case passes, named bad inputs fail).
use std::io::Read;

const N: usize = 15;

/// The lines of the input, each without its `\n` (and a `\r` before it); `Err` if the last has no `\n`.
fn lines(input: &str) -> Result<Vec<&str>, String> {
    if input.is_empty() {
        return Err("line 1: expected a board or `rule N`, found end of input".to_string());
    }
    let Some(body) = input.strip_suffix('\n') else {
        let last = input.lines().count();
        return Err(format!(
            "line {last}: expected a newline at the end of the line, found end of input"
        ));
    };
    Ok(body
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect())
}

/// The rule of a `rule N` line, as its number.
fn rule_line(line: &str) -> Result<u8, String> {
    match line {
        "rule 0" => Ok(0),
        "rule 1" => Ok(1),
        "rule 4" => Ok(4),
        _ => Err(format!(
            "line 1: expected `rule 0`, `rule 1` or `rule 4`, found {line:?}"
        )),
    }
}

/// The longest run of `stone` through each of its stones, checked against the rule's five.
fn has_winning_five(board: &[&[u8]], rule: u8) -> Option<(usize, usize)> {
    for y in 0..N {
        for x in 0..N {
            let stone = board[y][x];
            if stone == b'.' {
                continue;
            }
            let exact = rule == 1 || (rule == 4 && stone == b'x');
            for (dx, dy) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
                let at = |k: i32| {
                    let (cx, cy) = (x as i32 + k * dx, y as i32 + k * dy);
                    (0..N as i32).contains(&cx)
                        && (0..N as i32).contains(&cy)
                        && board[cy as usize][cx as usize] == stone
                };
                if at(-1) {
                    continue; // counted from the run's first stone
                }
                let run = (0..).take_while(|&k| at(k)).count();
                if run == 5 || (run > 5 && !exact) {
                    return Some((x, y));
                }
            }
        }
    }
    None
}

/// One board of rows starting at line `first` (1-based).
fn check_board(rows: &[&str], first: usize, rule: u8) -> Result<(), String> {
    for (i, row) in rows.iter().enumerate() {
        let line = first + i;
        if row.len() != N || !row.bytes().all(|b| matches!(b, b'.' | b'x' | b'o')) {
            return Err(format!(
                "line {line}: expected {N} characters from `.xo`, found {row:?}"
            ));
        }
    }
    let count = |c: u8| {
        rows.iter()
            .flat_map(|r| r.bytes())
            .filter(|&b| b == c)
            .count()
    };
    let (black, white) = (count(b'x'), count(b'o'));
    if black != white && black != white + 1 {
        return Err(format!(
            "lines {first}-{}: expected as many x as o or one x more, found x {black}, o {white}",
            first + N - 1
        ));
    }
    let board: Vec<&[u8]> = rows.iter().map(|r| r.as_bytes()).collect();
    if let Some((x, y)) = has_winning_five(&board, rule) {
        return Err(format!(
            "line {}: expected a game in progress, found a five through column {}",
            first + y,
            x + 1
        ));
    }
    if black + white == N * N {
        return Err(format!(
            "lines {first}-{}: expected an empty point, found a full board",
            first + N - 1
        ));
    }
    Ok(())
}

/// Whether `input` is a valid batch input (see the header); `flags` the group's validator flags.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    if let Some(flag) = flags.iter().find(|&&f| f != "beyond") {
        return Err(format!("unknown flag {flag:?}: expected none or `beyond`"));
    }
    let lines = lines(input)?;
    let mut i = 0;
    let mut rule = 0;
    if lines[0].starts_with("rule") {
        rule = rule_line(lines[0])?;
        i = 1;
    }
    let mut boards = 0;
    while i < lines.len() {
        if lines[i].is_empty() {
            if boards == 0 || i + 1 == lines.len() {
                let what = if boards == 0 {
                    "a board"
                } else {
                    "another board"
                };
                return Err(format!(
                    "line {}: expected {what}, found an empty line",
                    i + 1
                ));
            }
            i += 1;
            continue;
        }
        if boards > 0 && !lines[i - 1].is_empty() {
            return Err(format!(
                "line {}: expected an empty line between boards, found {:?}",
                i + 1,
                lines[i]
            ));
        }
        if i + N > lines.len() {
            return Err(format!(
                "line {}: expected {N} board lines, found end of input after {}",
                lines.len() + 1,
                lines.len() - i
            ));
        }
        check_board(&lines[i..i + N], i + 1, rule)?;
        boards += 1;
        i += N;
    }
    if boards == 0 {
        return Err(format!(
            "line {}: expected a board, found end of input",
            i + 1
        ));
    }
    Ok(())
}

fn main() {
    let flags: Vec<String> = std::env::args().skip(1).collect();
    if let Some(flag) = flags.iter().find(|f| *f != "beyond") {
        eprintln!("validate: unknown flag {flag:?}: expected none or `beyond`");
        std::process::exit(2);
    }
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let mut input = String::new();
    if std::io::stdin().read_to_string(&mut input).is_err() {
        eprintln!("line 1: expected UTF-8 text, found other bytes");
        std::process::exit(43);
    }
    match validate(&input, &flags) {
        Ok(()) => std::process::exit(42),
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(43);
        }
    }
}
