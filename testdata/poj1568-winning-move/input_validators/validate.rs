//! Input validator of POJ 1568 "Find the Winning Move" (problems/poj1568-winning-move/README.md).
//!
//! Usage:  validate [beyond] [layout] < input
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: one or more cases, then the end mark `$`. A case: `?`, then four rows of four of `.`, `x`, `o`.
//!         Each board: as many `x` as `o` (it is `x`'s turn, and `x` moves first: the statement of the same
//!         game in Jinhua Chess says so, and the 9,722,011 positions the statement counts are those), at
//!         least two of each, no line of four, an empty cell.
//!         official (no flag): a line `$` and nothing after it (the statement says the last line "begins
//!         with `$`"; POJ's data has it alone).
//!         `beyond`: anything after the `$` (`beyond/layout/crlf-blank-lines-and-spaces`).
//!         The plain layout (without `layout`): POJ's, a line `?`, four lines of four, `\n` after every line.
//!         `layout` (the `beyond/layout/` group): tokens in any run of spaces, tabs, CR and LF.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/poj1568-winning-move/tests/validator.rs (every committed case passes, named bad inputs
//!         fail).
use std::io::Read;

/// The ten lines of four, as bit masks of cells (bit row * 4 + column): rows, columns, both diagonals.
const LINES: [u16; 10] = [
    0x000f, 0x00f0, 0x0f00, 0xf000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248,
];

/// A cursor over the input that knows its line and column, in the manner of testlib's `inf`.
#[derive(Clone)]
struct Reader<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    line_start: usize,
    /// What may separate tokens; `None`: the exact layout (`read_newline` after every line).
    blanks: Option<&'static [char]>,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str, blanks: Option<&'static [char]>) -> Self {
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

    /// Skips the blanks before the next token (in the free layout).
    fn skip_blanks(&mut self) {
        let Some(set) = self.blanks else { return };
        let rest = &self.text[self.at..];
        let blanks = &rest[..rest.len() - rest.trim_start_matches(set).len()];
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

    /// A line end (the exact layout).
    fn read_newline(&mut self) -> Result<(), String> {
        if self.blanks.is_some() {
            return Ok(());
        }
        if !self.text[self.at..].starts_with('\n') {
            return self.expected("a newline");
        }
        self.at += 1;
        self.line += 1;
        self.line_start = self.at;
        Ok(())
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
    /// Anything after the `$`.
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

/// Reads one board (after its `?`) and checks the statement's promises about it.
fn read_board(reader: &mut Reader, case: usize) -> Result<(), String> {
    let (mut xs, mut os) = (0u16, 0u16);
    reader.skip_blanks();
    let board = reader.clone();
    for row in 0..4 {
        reader.skip_blanks();
        let start = reader.clone();
        let what = format!("case {case}: board row {row}, four of `.`, `x`, `o`");
        let cells = reader.read_token(&what)?;
        if cells.len() != 4 || !cells.bytes().all(|b| b".xo".contains(&b)) {
            return start.expected(&what);
        }
        for (column, cell) in cells.bytes().enumerate() {
            let bit = 1 << (row * 4 + column);
            match cell {
                b'x' => xs |= bit,
                b'o' => os |= bit,
                _ => {}
            }
        }
        reader.read_newline()?;
    }
    let (x, o) = (xs.count_ones(), os.count_ones());
    let promise = if x != o {
        format!("as many `x` as `o` (`x` to move), found {x} `x` and {o} `o`")
    } else if x < 2 {
        format!("at least two marks of each side, found {x}")
    } else if x + o == 16 {
        "an empty cell, found a full board".to_string()
    } else if LINES.iter().any(|&l| xs & l == l || os & l == l) {
        "no line of four yet, found one".to_string()
    } else {
        return Ok(());
    };
    Err(format!(
        "{}: case {case}: expected {promise}",
        board.place()
    ))
}

/// `Ok` when `input` is a valid input of the group `flags` name; `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    let group = group(flags)?;
    let blanks: Option<&[char]> = match group.layout {
        false => None,
        true => Some(&[' ', '\t', '\r', '\n']),
    };
    let mut reader = Reader::new(input, blanks);
    for case in 1.. {
        reader.skip_blanks();
        let start = reader.clone();
        let what = match case {
            1 => "case 1: `?`".to_string(),
            _ => format!("case {case}: `?`, or the end mark `$`"),
        };
        let token = reader.read_token(&what)?;
        if case > 1 && token.starts_with('$') {
            if group.beyond {
                // Beyond: whatever follows the `$` is not read.
                return Ok(());
            }
            if token != "$" {
                return start.expected("the end mark `$` alone on its line");
            }
            reader.read_newline()?;
            return reader.read_eof();
        }
        if token != "?" {
            return start.expected(&what);
        }
        reader.read_newline()?;
        read_board(&mut reader, case)?;
    }
    unreachable!("the loop returns")
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
