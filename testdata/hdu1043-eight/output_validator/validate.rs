//! Output validator of POJ 1077 / HDU 1043 "Eight": replays each output line on its board.
//!
//! Usage:  validate INPUT ANSWER FEEDBACK_DIR [official|beyond] < OUTPUT   (the ICPC problem package
//!         format's output validator interface; no flag is `official`)
//! Exit:   42 accepted; 43 wrong answer; anything else (1) a judge error: bad testdata or usage.
//! Note:   a rejection's reason, one line, goes to FEEDBACK_DIR/judgemessage.txt (created or overwritten):
//!         the first wrong board (its line number) and why. A judge error's goes there too, and to stderr.
//!         Nothing is written to stdout.
//! Modes:  `official` is the real judges' special judge: any move string that takes the board to
//!         `1 2 3 / 4 5 6 / 7 8 x` is accepted, and `unsolvable` exactly when the board is unsolvable.
//!         `beyond` is this project's demand: the same, with no more moves than the reference line (a
//!         shortest answer).
//! Both:   lines are compared with trailing whitespace (`\r` too) and leading spaces ignored; a missing last
//!         line is fine only when it would be empty (the goal board). A valid line shorter than the
//!         reference's, or a reference line that does not solve its board, is the testdata's fault: a judge
//!         error.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         scripts/testgen/tests/output_validators.rs, which compiles it and runs it on crafted outputs. HDU
//!         1043's package holds a byte-identical copy (testdata/hdu1043-eight/output_validator/validate.rs;
//!         the same test keeps the two equal).
use std::fmt::Write as _;
use std::fs;
use std::io::Read;
use std::path::Path;

/// A board row by row, 0 the blank.
type Board = [u8; 9];

const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const UNSOLVABLE: &str = "unsolvable";

/// What the validator says: accepted, wrong answer (43) or a judge error, with its one-line note.
enum Verdict {
    Accepted,
    Wrong(String),
    Failed(String),
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Official,
    Beyond,
}

/// `s` in double quotes, invisible characters escaped (`\t`, `\r`, `\u{a0}`), cut after 60 characters.
fn show(s: &str) -> String {
    let mut out = String::from("\"");
    for (i, c) in s.chars().enumerate() {
        if i == 60 {
            out.push('…');
            break;
        }
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            ' ' => out.push(' '),
            c if c.is_control() || c.is_whitespace() || c == '\u{fffd}' || c == '\u{feff}' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `1 move`, `2 moves`.
fn moves(n: usize) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// The input's boards: 9 tokens each, `1`..`8` and `x`, any whitespace.
fn parse_boards(input: &str) -> Result<Vec<Board>, String> {
    let tokens: Vec<&str> = input.split_ascii_whitespace().collect();
    // (`is_multiple_of` is newer than Rust 1.70.)
    if tokens.len() / 9 * 9 != tokens.len() {
        return Err(format!("{} tokens, not a multiple of 9", tokens.len()));
    }
    let mut boards = Vec::with_capacity(tokens.len() / 9);
    for (k, tiles) in tokens.chunks(9).enumerate() {
        let mut board = [0u8; 9];
        for (cell, tile) in board.iter_mut().zip(tiles) {
            *cell = match *tile {
                "x" => 0,
                t => match t.parse::<u8>() {
                    Ok(t) if (1..=8).contains(&t) => t,
                    _ => return Err(format!("board {}: bad tile {}", k + 1, show(t))),
                },
            };
        }
        let mut sorted = board;
        sorted.sort_unstable();
        if sorted != [0, 1, 2, 3, 4, 5, 6, 7, 8] {
            return Err(format!(
                "board {} is not a permutation of 1..8 and x",
                k + 1
            ));
        }
        boards.push(board);
    }
    Ok(boards)
}

/// Plays `line` (the directions the blank moves) on `board`; `Err` names the first illegal move.
fn replay(mut board: Board, line: &str) -> Result<Board, String> {
    for (i, step) in line.chars().enumerate() {
        let blank = board.iter().position(|&t| t == 0).unwrap_or(0);
        let (row, col) = (blank / 3, blank % 3);
        let target = match step {
            'u' if row > 0 => blank - 3,
            'd' if row < 2 => blank + 3,
            'l' if col > 0 => blank - 1,
            'r' if col < 2 => blank + 1,
            'u' | 'd' | 'l' | 'r' => {
                return Err(format!(
                    "move {} `{step}` takes the blank off the board",
                    i + 1
                ))
            }
            other => {
                return Err(format!(
                    "move {}: {} is not one of u d l r",
                    i + 1,
                    show(&other.to_string())
                ))
            }
        };
        board.swap(blank, target);
    }
    Ok(board)
}

/// `123/456/78x`.
fn render(board: &Board) -> String {
    let tile = |t: &u8| if *t == 0 { 'x' } else { char::from(b'0' + t) };
    let rows: Vec<String> = board
        .chunks(3)
        .map(|r| r.iter().map(tile).collect())
        .collect();
    rows.join("/")
}

/// The lines of `text` with trailing whitespace cut and trailing empty lines dropped.
fn lines_of(text: &str) -> impl Iterator<Item = &str> {
    let kept = text.trim_end_matches(|c: char| c.is_ascii_whitespace());
    let count = if kept.is_empty() { 0 } else { usize::MAX };
    kept.split('\n')
        .take(count)
        .map(|l| l.trim_matches(|c: char| c.is_ascii_whitespace()))
}

/// One board's output line against the reference line.
fn check_board(mode: Mode, board: &Board, got: &str, want: &str) -> Verdict {
    if want == UNSOLVABLE {
        return match got {
            UNSOLVABLE => Verdict::Accepted,
            _ => Verdict::Wrong(format!("the board is unsolvable, got {}", show(got))),
        };
    }
    if replay(*board, want) != Ok(GOAL) {
        return Verdict::Failed(format!(
            "the reference line {} does not solve the board",
            show(want)
        ));
    }
    if got == UNSOLVABLE {
        return Verdict::Wrong(format!(
            "got unsolvable, but the reference solves it in {}",
            moves(want.len())
        ));
    }
    match replay(*board, got) {
        Err(illegal) => Verdict::Wrong(illegal),
        Ok(end) if end != GOAL => Verdict::Wrong(format!(
            "after {} the board is {}, not the goal",
            moves(got.chars().count()),
            render(&end)
        )),
        Ok(_) if got.len() < want.len() => Verdict::Failed(format!(
            "{} beat the reference's {}: the reference is not shortest",
            moves(got.len()),
            want.len()
        )),
        Ok(_) if mode == Mode::Beyond && got.len() > want.len() => Verdict::Wrong(format!(
            "not shortest: {}, the reference has {} (the real judge would accept it)",
            moves(got.len()),
            want.len()
        )),
        Ok(_) => Verdict::Accepted,
    }
}

/// Checks every board in order; the first failing one decides.
fn check(mode: Mode, input: &str, output: &str, answer: &str) -> Verdict {
    let boards = match parse_boards(input) {
        Ok(boards) => boards,
        Err(e) => return Verdict::Failed(format!("input: {e}")),
    };
    let want: Vec<&str> = lines_of(answer).collect();
    if want.len() > boards.len() {
        return Verdict::Failed(format!(
            "the answer has {} lines for {} boards",
            want.len(),
            boards.len()
        ));
    }
    // One line past the boards is enough to say "extra lines": millions of them are never collected.
    let got: Vec<&str> = lines_of(output).take(boards.len() + 1).collect();
    if got.len() > boards.len() {
        return Verdict::Wrong(format!(
            "extra lines: {} lines for {} boards",
            lines_of(output).count(),
            boards.len()
        ));
    }
    for (k, board) in boards.iter().enumerate() {
        let want_line = want.get(k).copied().unwrap_or("");
        let got_line = match got.get(k) {
            Some(line) => *line,
            None if want_line.is_empty() => "",
            None => {
                return Verdict::Wrong(format!(
                    "output ends early: {} lines for {} boards",
                    got.len(),
                    boards.len()
                ))
            }
        };
        match check_board(mode, board, got_line, want_line) {
            Verdict::Accepted => {}
            Verdict::Wrong(note) => return Verdict::Wrong(format!("line {}: {note}", k + 1)),
            Verdict::Failed(note) => return Verdict::Failed(format!("board {}: {note}", k + 1)),
        }
    }
    Verdict::Accepted
}

/// The mode the flags name: none or `official`, or `beyond`.
fn mode(flags: &[String]) -> Result<Mode, String> {
    match flags {
        [] => Ok(Mode::Official),
        [flag] if flag == "official" => Ok(Mode::Official),
        [flag] if flag == "beyond" => Ok(Mode::Beyond),
        _ => Err(format!(
            "unknown flags {flags:?}: none (official), or one of official, beyond"
        )),
    }
}

/// The verdict for the command line `args` (without the program name) and the team's `output`.
fn run(args: &[String], output: &str) -> Verdict {
    if args.len() < 3 {
        return Verdict::Failed(
            "usage: validate INPUT ANSWER FEEDBACK_DIR [official|beyond] < OUTPUT".to_string(),
        );
    }
    let mode = match mode(&args[3..]) {
        Ok(mode) => mode,
        Err(e) => return Verdict::Failed(e),
    };
    let mut texts = Vec::with_capacity(2);
    for path in &args[..2] {
        match fs::read(path) {
            Ok(bytes) => texts.push(String::from_utf8_lossy(&bytes).into_owned()),
            Err(e) => return Verdict::Failed(format!("cannot read {path}: {e}")),
        }
    }
    check(mode, &texts[0], output, &texts[1])
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut output = Vec::new();
    let verdict = match std::io::stdin().read_to_end(&mut output) {
        Ok(_) => run(&args, &String::from_utf8_lossy(&output)),
        Err(e) => Verdict::Failed(format!("cannot read the output on stdin: {e}")),
    };
    let (code, note) = match verdict {
        Verdict::Accepted => std::process::exit(42),
        Verdict::Wrong(note) => (43, note),
        Verdict::Failed(note) => (1, note),
    };
    // The reason goes to the feedback folder; a judge error (or a folder that cannot take it) also to stderr.
    let written = match args.get(2) {
        Some(dir) => fs::write(Path::new(dir).join("judgemessage.txt"), format!("{note}\n")),
        None => Ok(()),
    };
    match written {
        Ok(()) if code == 43 => {}
        Ok(()) => eprintln!("{note}"),
        Err(e) => {
            eprintln!("cannot write judgemessage.txt ({e}): {note}");
            std::process::exit(1);
        }
    }
    std::process::exit(code);
}
