//! Answer validator of "Go capture" (the statement's Output section).
//!
//! Usage:  validate INPUT < answer   (INPUT: the case's input file, which the input validators accept)
//! Exit:   42 the answer is well-formed for INPUT; 43 it is not, with one line on stderr: the answer's line,
//!         what was expected there and what was found; 2 a usage error (no INPUT, or it cannot be read).
//! Checks: one line, `K.O.`, `Suicide` or `Safe` (one case per input).
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

/// The one case's verdict.
fn check(_input: &str, lines: &[&str]) -> Result<(), String> {
    let what = "`K.O.`, `Suicide` or `Safe`";
    if !["K.O.", "Suicide", "Safe"].contains(&line(lines, 0, what)?) {
        return Err(wrong(lines, 0, what));
    }
    no_more(lines, 1)
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
