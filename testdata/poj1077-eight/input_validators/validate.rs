//! Input validator of POJ 1077 "Eight" (problems/poj1077-eight/README.md).
//!
//! Usage:  validate [beyond] [layout] < input
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: exactly one tray: nine tokens, each `1`..`8` or `x`, each once; nothing else.
//!         official (no flag): POJ's data. The tray is solvable (an even number of inversions): POJ's data
//!         has no unsolvable tray, which is what the beyond group adds. The plain layout: tokens separated
//!         by single spaces or newlines, no space at a line's start or end, no blank line, `\n` after the
//!         last line.
//!         `layout` (the `layout/` groups): the layouts the statement lets a solution meet, runs of spaces
//!         and newlines anywhere (POJ's sample has two spaces, some cases blank lines around the tray or no
//!         final newline); with `beyond` also tabs and CR (accepted readers skip only spaces and newlines).
//!         `beyond`: an unsolvable tray too.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/poj1077-eight/tests/validator.rs (every committed case passes, named bad inputs fail).
use std::io::Read;

/// A cursor over the input that knows its line and column, in the manner of testlib's `inf`.
#[derive(Clone)]
struct Reader<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    line_start: usize,
    /// What may separate tokens.
    blanks: &'static [char],
}

impl<'a> Reader<'a> {
    fn new(text: &'a str, blanks: &'static [char]) -> Self {
        Reader {
            text,
            at: 0,
            line: 1,
            line_start: 0,
            blanks,
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

    /// Skips the blanks before the next token.
    fn skip_blanks(&mut self) {
        let rest = &self.text[self.at..];
        let blanks = &rest[..rest.len() - rest.trim_start_matches(self.blanks).len()];
        if let Some(last) = blanks.rfind('\n') {
            self.line += blanks.matches('\n').count();
            self.line_start = self.at + last + 1;
        }
        self.at += blanks.len();
    }

    /// The next token after any blanks: a run of characters up to whitespace.
    fn read_token(&mut self, what: &str) -> Result<&'a str, String> {
        self.skip_blanks();
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

    /// The end of the input, after any blanks.
    fn read_eof(&mut self) -> Result<(), String> {
        self.skip_blanks();
        if self.at == self.text.len() {
            Ok(())
        } else {
            self.expected("end of input")
        }
    }
}

/// Which group's promises hold: the flags its `testdata.yaml` passes.
#[derive(Clone, Copy, PartialEq)]
struct Group {
    /// An unsolvable tray, tabs and CR (with `layout`).
    beyond: bool,
    /// Any runs of blanks instead of the plain layout.
    layout: bool,
}

/// The group named by `flags`: none is official, in the plain layout.
fn group(flags: &[&str]) -> Result<Group, String> {
    let mut group = Group {
        beyond: false,
        layout: false,
    };
    for &flag in flags {
        match flag {
            "beyond" if !group.beyond => group.beyond = true,
            "layout" if !group.layout => group.layout = true,
            _ => {
                return Err(format!(
                    "unknown flags {flags:?}: none (official), `beyond`, `layout`, or both"
                ))
            }
        }
    }
    Ok(group)
}

/// The layout of every input whose group does not pass `layout`: tokens of printable ASCII separated by
/// single spaces, every line ended by `\n` (the last one too), no space at the start or the end of a line,
/// no blank line. What
/// BAPCtools and problemtools expect of every input, and what `layout` groups relax.
fn plain_layout(input: &str) -> Result<(), String> {
    let Some(body) = input.strip_suffix('\n') else {
        let line = input.split('\n').count();
        return Err(format!(
            "line {line}: expected `\\n` at the end of the input, found none"
        ));
    };
    let lines: Vec<&str> = body.split('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        let place = |column: usize| format!("line {}, column {}", i + 1, column + 1);
        if line.is_empty() {
            return Err(format!(
                "{}: expected a token, found a blank line",
                place(0)
            ));
        }
        if let Some(at) = line.find(|c: char| c != ' ' && !c.is_ascii_graphic()) {
            let c = line[at..].chars().next().unwrap_or(' ');
            return Err(format!(
                "{}: expected a token or a single space, found {c:?} (allowed only where the group passes `layout`)",
                place(at)
            ));
        }
        if line.starts_with(' ') {
            return Err(format!("{}: expected a token, found a space", place(0)));
        }
        if line.ends_with(' ') {
            return Err(format!(
                "{}: expected `\\n`, found a space at the end of the line",
                place(line.len() - 1)
            ));
        }
        if let Some(at) = line.find("  ") {
            return Err(format!(
                "{}: expected a token, found a second space",
                place(at + 1)
            ));
        }
    }
    Ok(())
}

/// `Ok` when `input` is a valid input of the group `flags` name; `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    let group = group(flags)?;
    if !group.layout {
        plain_layout(input)?;
    }
    let blanks: &[char] = match group.beyond {
        false => &[' ', '\n'],
        true => &[' ', '\t', '\r', '\n'],
    };
    let mut reader = Reader::new(input, blanks);
    reader.skip_blanks();
    let first = reader.clone();
    let mut tiles = Vec::with_capacity(9);
    for cell in 0..9 {
        reader.skip_blanks();
        let start = reader.clone();
        let what = format!("tile {} of 9: `1`..`8` or `x`, each once", cell + 1);
        let tile = match reader.read_token(&what)? {
            "x" => 0,
            token => match token.as_bytes() {
                [digit @ b'1'..=b'8'] => digit - b'0',
                _ => return start.expected(&what),
            },
        };
        if tiles.contains(&tile) {
            let (place, found) = (start.place(), start.found());
            return Err(format!(
                "{place}: expected each tile once, found {found} again"
            ));
        }
        tiles.push(tile);
    }
    reader.read_eof()?;
    let numbers: Vec<u8> = tiles.into_iter().filter(|&t| t != 0).collect();
    let inversions = (0..8)
        .flat_map(|i| (i + 1..8).map(move |j| (i, j)))
        .filter(|&(i, j)| numbers[i] > numbers[j])
        .count();
    if !group.beyond && inversions % 2 == 1 {
        return Err(format!(
            "{}: expected a solvable tray (an even number of inversions; unsolvable trays are beyond POJ's data), found {inversions} inversion{}",
            first.place(),
            if inversions == 1 { "" } else { "s" }
        ));
    }
    Ok(())
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
