//! Answer validator of "m,n,k-game" (the statement's Output section).
//!
//! Usage:  validate INPUT < answer   (INPUT: the case's input file, which the input validators accept)
//! Exit:   42 the answer is well-formed for INPUT; 43 it is not, with one line on stderr: the answer's line,
//!         what was expected there and what was found; 2 a usage error (no INPUT, or it cannot be read).
//! Checks: per case of the input, a line `win`, `draw` or `loss`, then the case's m rows of n characters:
//!         each stone as the input has it, each empty cell `W`, `D` or `L`; the value is the best of the
//!         moves' (`win` if a `W`, else `draw` if a `D`, else `loss`: every position has an empty cell and
//!         no line of k, the input validator says so); one empty line between cases.
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

/// Per case: the value line, then the board with every empty cell valued.
fn check(input: &str, lines: &[&str]) -> Result<(), String> {
    let mut tokens = Tokens::new(input);
    let cases = tokens.number()?;
    let mut at = 0;
    for case in 0..cases {
        if case > 0 {
            if line(lines, at, "an empty line between cases")? != "" {
                return Err(wrong(lines, at, "an empty line between cases"));
            }
            at += 1;
        }
        let (m, n) = (tokens.number()?, tokens.number()?);
        tokens.number()?;
        let value_at = at;
        let value = line(lines, at, "`win`, `draw` or `loss`")?;
        at += 1;
        let mut best = 'L';
        for _ in 0..m {
            let row = tokens.word()?;
            let what = format!(
                "a row of {} characters: {:?} with each `.` as `W`, `D` or `L`",
                n, row
            );
            let text = line(lines, at, &what)?;
            if text.len() != row.len() {
                return Err(wrong(lines, at, &what));
            }
            for (given, shown) in row.bytes().zip(text.bytes()) {
                match (given, shown) {
                    (b'.', b'W') => best = 'W',
                    (b'.', b'D') if best == 'L' => best = 'D',
                    (b'.', b'D') | (b'.', b'L') => {}
                    (stone, shown) if stone != b'.' && stone == shown => {}
                    _ => return Err(wrong(lines, at, &what)),
                }
            }
            at += 1;
        }
        let expected = match best {
            'W' => "win",
            'D' => "draw",
            _ => "loss",
        };
        if value != expected {
            let what = format!("`{}`, the best of the moves below", expected);
            return Err(wrong(lines, value_at, &what));
        }
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

impl<'a> Tokens<'a> {
    fn number(&mut self) -> Result<usize, String> {
        let word = self.word()?;
        word.parse()
            .map_err(|_| format!("the input file has {:?} where a number belongs", word))
    }
}
