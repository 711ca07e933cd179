//! Answer validator of POJ 2286 "The Rotation Game" (the statement's Output section).
//!
//! Usage:  validate INPUT < answer   (INPUT: the case's input file, which the input validators accept)
//! Exit:   42 the answer is well-formed for INPUT; 43 it is not, with one line on stderr: the answer's line,
//!         what was expected there and what was found; 2 a usage error (no INPUT, or it cannot be read).
//! Checks: two lines per board of the input (up to its `0`): the moves, letters `A` to `H` without spaces,
//!         or `No moves needed` exactly when the centre (cells 7, 8, 9, 12, 13, 16, 17, 18 of the 24) is
//!         already one symbol; then the symbol `1`, `2` or `3` the centre holds (the input's, when no move
//!         is needed).
//!         Every line ends in `\n`, nothing after the last.
//! Status: std only, compiles alone as editions 2015, 2018, 2021 and 2024 (scripts/check-standalone); run on
//!         every answer file by `judge validate` and BAPCtools' `bt validate`.
use std::io::Read;
use std::process::exit;

fn main() {
    let input = match std::env::args_os().nth(1) {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!(
                    "cannot read the input file {}: {}",
                    path.to_string_lossy(),
                    e
                );
                exit(2);
            }
        },
        None => {
            eprintln!("usage: validate INPUT < answer");
            exit(2);
        }
    };
    let mut answer = String::new();
    let verdict = match std::io::stdin().read_to_string(&mut answer) {
        Ok(_) => lines(&answer).and_then(|lines| check(&input, &lines)),
        Err(_) => Err("the answer is not UTF-8 text".to_string()),
    };
    match verdict {
        Ok(()) => exit(42),
        Err(message) => {
            eprintln!("{}", message);
            exit(43);
        }
    }
}

/// The moves (or `No moves needed`) and the centre's symbol, per board.
fn check(input: &str, lines: &[&str]) -> Result<(), String> {
    const CENTRE: [usize; 8] = [6, 7, 8, 11, 12, 15, 16, 17];
    let mut tokens = Tokens::new(input);
    let mut at = 0;
    loop {
        let first = tokens.word()?;
        if first == "0" {
            break;
        }
        let mut board = vec![first];
        for _ in 1..24 {
            board.push(tokens.word()?);
        }
        let centre = board[CENTRE[0]];
        let uniform = CENTRE.iter().all(|&i| board[i] == centre);
        let moves = match uniform {
            true => "`No moves needed` (the centre is one symbol already)",
            false => "the moves, letters `A` to `H` without spaces",
        };
        let text = line(lines, at, moves)?;
        let letters = !text.is_empty() && text.bytes().all(|b| (b'A'..=b'H').contains(&b));
        if (uniform && text != "No moves needed") || (!uniform && !letters) {
            return Err(wrong(lines, at, moves));
        }
        let symbol = match uniform {
            true => format!("`{}`, the centre's symbol", centre),
            false => "the centre's symbol, `1`, `2` or `3`".to_string(),
        };
        let text = line(lines, at + 1, &symbol)?;
        if !["1", "2", "3"].contains(&text) || (uniform && text != centre) {
            return Err(wrong(lines, at + 1, &symbol));
        }
        at += 2;
    }
    no_more(lines, at)
}

/// The answer's lines, each ended by `\n`, the last one too.
fn lines(answer: &str) -> Result<Vec<&str>, String> {
    match answer.strip_suffix('\n') {
        Some(body) => Ok(body.split('\n').collect()),
        None if answer.is_empty() => {
            Err("line 1: expected an answer, found an empty file".to_string())
        }
        None => Err(format!(
            "line {}: expected `\\n` at the end, found the end of the file",
            answer.split('\n').count()
        )),
    }
}

/// Line `at` (from 0) of the answer, or the error that it is missing.
fn line<'a>(lines: &[&'a str], at: usize, what: &str) -> Result<&'a str, String> {
    match lines.get(at) {
        Some(text) => Ok(text),
        None => Err(format!(
            "line {}: expected {}, found the end of the file",
            at + 1,
            what
        )),
    }
}

/// The error for line `at` (from 0), which is not `what`.
fn wrong(lines: &[&str], at: usize, what: &str) -> String {
    let found: String = lines[at].chars().take(60).collect();
    format!("line {}: expected {}, found {:?}", at + 1, what, found)
}

/// The error unless the answer has exactly `count` lines.
fn no_more(lines: &[&str], count: usize) -> Result<(), String> {
    match lines.len() > count {
        true => Err(wrong(lines, count, "the end of the file")),
        false => Ok(()),
    }
}

/// The input's tokens (the input validators have checked it: its layout is the input's business).
struct Tokens<'a> {
    tokens: std::str::SplitAsciiWhitespace<'a>,
}

impl<'a> Tokens<'a> {
    fn new(input: &'a str) -> Self {
        Tokens {
            tokens: input.split_ascii_whitespace(),
        }
    }

    fn word(&mut self) -> Result<&'a str, String> {
        self.tokens
            .next()
            .ok_or_else(|| "the input file ends early (is it the case of this answer?)".to_string())
    }
}
