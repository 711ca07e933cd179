//! Input validator of POJ 2449 "Remmarguts' Date" (problems/poj2449-remmarguts-date/README.md).
//!
//! Usage:  validate [beyond] < input
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: one case: `N M` with N in 1..=1000 and M in 0..=100000; M lines `A B T` with A, B in 1..=N and
//!         T in 1..=100 (self-loops and parallel edges allowed); `S T K` with S, T in 1..=N (S = T allowed)
//!         and K in 1..=1000. Single spaces, `\n` after every line, nothing after the last.
//!         `beyond` (a graph built against the A* method) adds no promise: inside the same constraints.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/poj2449-remmarguts-date/tests/validator.rs (every committed case passes, named bad inputs
//!         fail).
use std::io::Read;

/// A cursor over the input that knows its line and column, in the manner of testlib's `inf`.
#[derive(Clone)]
struct Reader<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Self {
        Reader {
            text,
            at: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// `line L, column C` of the cursor (both from 1, columns in bytes).
    fn place(&self) -> String {
        format!(
            "line {}, column {}",
            self.line,
            self.at - self.line_start + 1
        )
    }

    /// What the cursor is on, for a message: the token there, a space, a newline, another character.
    fn found(&self) -> String {
        let rest = &self.text[self.at..];
        match rest.chars().next() {
            None => "end of input".to_string(),
            Some(' ') => "a space".to_string(),
            Some('\n') => "a newline".to_string(),
            Some(c) if c.is_whitespace() || c.is_control() => format!("{c:?}"),
            Some(_) => {
                let token = rest.split(|c: char| c.is_ascii_whitespace()).next();
                let token: String = token.unwrap_or_default().chars().take(40).collect();
                format!("{token:?}")
            }
        }
    }

    /// The error `line L, column C: expected WHAT, found …` at the cursor.
    fn expected<T>(&self, what: &str) -> Result<T, String> {
        Err(format!(
            "{}: expected {what}, found {}",
            self.place(),
            self.found()
        ))
    }

    /// The next token: a run of characters up to a space, a newline or another whitespace character.
    fn read_token(&mut self, what: &str) -> Result<&'a str, String> {
        let rest = &self.text[self.at..];
        let len = rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        if len == 0 {
            return self.expected(what);
        }
        self.at += len;
        Ok(&rest[..len])
    }

    /// An integer in `lo..=hi`, written as a judge writes it (no sign on positives, no leading zero).
    fn read_int(&mut self, lo: i64, hi: i64, what: &str) -> Result<i64, String> {
        let start = self.clone();
        let what = match hi {
            i64::MAX => format!("{what} (an integer, at least {lo})"),
            _ => format!("{what} (an integer in {lo}..={hi})"),
        };
        let token = self.read_token(&what)?;
        match token.parse::<i64>() {
            // Printing the value back rejects `+5`, `007` and `-0`.
            Ok(value) if value.to_string() == token && (lo..=hi).contains(&value) => Ok(value),
            _ => start.expected(&what),
        }
    }

    fn read_char(&mut self, want: char, what: &str) -> Result<(), String> {
        if self.text[self.at..].starts_with(want) {
            self.at += want.len_utf8();
            if want == '\n' {
                self.line += 1;
                self.line_start = self.at;
            }
            Ok(())
        } else {
            self.expected(what)
        }
    }

    fn read_space(&mut self) -> Result<(), String> {
        self.read_char(' ', "a space")
    }

    fn read_newline(&mut self) -> Result<(), String> {
        self.read_char('\n', "a newline")
    }

    fn read_eof(&self) -> Result<(), String> {
        if self.at == self.text.len() {
            Ok(())
        } else {
            self.expected("end of input")
        }
    }
}

/// Which group's promises hold.
#[derive(Clone, Copy, PartialEq)]
enum Group {
    Official,
    Beyond,
}

/// The group named by `flags`: none is official.
fn group(flags: &[&str]) -> Result<Group, String> {
    match flags {
        [] => Ok(Group::Official),
        ["beyond"] => Ok(Group::Beyond),
        _ => Err(format!(
            "unknown flags {flags:?}: none (official) or `beyond`"
        )),
    }
}

/// `Ok` when `input` is a valid input of the group `flags` name; `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    group(flags)?;
    let mut reader = Reader::new(input);
    let n = reader.read_int(1, 1000, "the vertex count N")?;
    reader.read_space()?;
    let m = reader.read_int(0, 100_000, "the edge count M")?;
    reader.read_newline()?;
    for edge in 1..=m {
        reader.read_int(1, n, &format!("edge {edge}: the tail A"))?;
        reader.read_space()?;
        reader.read_int(1, n, &format!("edge {edge}: the head B"))?;
        reader.read_space()?;
        reader.read_int(1, 100, &format!("edge {edge}: the time T"))?;
        reader.read_newline()?;
    }
    reader.read_int(1, n, "the start S")?;
    reader.read_space()?;
    reader.read_int(1, n, "the target T")?;
    reader.read_space()?;
    reader.read_int(1, 1000, "K")?;
    reader.read_newline()?;
    reader.read_eof()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flags: Vec<&str> = args.iter().map(String::as_str).collect();
    if let Err(usage) = group(&flags) {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
        eprintln!("cannot read the input: {e}");
        std::process::exit(2);
    }
    let verdict = match std::str::from_utf8(&bytes) {
        Ok(input) => validate(input, &flags),
        Err(e) => Err(format!(
            "expected text, found a byte that is not UTF-8 at offset {}",
            e.valid_up_to()
        )),
    };
    match verdict {
        Ok(()) => std::process::exit(42),
        Err(why) => {
            eprintln!("{why}");
            std::process::exit(43);
        }
    }
}
