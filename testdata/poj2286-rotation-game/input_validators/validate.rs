//! Input validator of POJ 2286 "The Rotation Game" (problems/poj2286-rotation-game/README.md).
//!
//! Usage:  validate [beyond] [layout] < input
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: 1 to 30 boards ("up to 30"), then `0`. A board: 24 numbers, each 1, 2 or 3, eight of each.
//!         The plain layout (without `layout`): POJ's, a board a line in single spaces, a line `0`, `\n`
//!         after every line, nothing after.
//!         `layout` (the `beyond/layout/` group): tokens in any run of spaces, tabs, CR and LF, a board split
//!         over lines (`board-split-over-lines-tabs-crlf`). `beyond` alone promises nothing more of the input
//!         (its group holds POJ's hardest boards).
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/poj2286-rotation-game/tests/validator.rs (every committed case passes, named bad inputs
//!         fail).
use std::io::Read;

/// A cursor over the input that knows its line and column, in the manner of testlib's `inf`.
#[derive(Clone)]
struct Reader<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    line_start: usize,
    /// What may separate tokens; `None`: the exact layout (`read_space`, `read_newline`).
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

    /// A space (the exact layout; the free one skips blanks before each token instead).
    fn read_space(&mut self) -> Result<(), String> {
        if self.blanks.is_some() {
            return Ok(());
        }
        if !self.text[self.at..].starts_with(' ') {
            return self.expected("a space");
        }
        self.at += 1;
        Ok(())
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

    /// An integer in `lo..=hi`, written as a judge writes it (no sign on positives, no leading zero).
    fn read_int(&mut self, lo: i64, hi: i64, what: &str) -> Result<i64, String> {
        self.skip_blanks();
        let start = self.clone();
        let what = format!("{what} (an integer in {lo}..={hi})");
        let token = self.read_token(&what)?;
        match token.parse::<i64>() {
            // Printing the value back rejects `+5`, `007` and `-0`.
            Ok(value) if value.to_string() == token && (lo..=hi).contains(&value) => Ok(value),
            _ => start.expected(&what),
        }
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

/// Whether the group the flags its `testdata.yaml` passes name takes any layout (`layout`); `beyond`
/// (the group past POJ's data) asks nothing more of the input.
fn free_layout(flags: &[&str]) -> Result<bool, String> {
    let (mut beyond, mut layout) = (false, false);
    for &flag in flags {
        match flag {
            "beyond" if !beyond => beyond = true,
            "layout" if !layout => layout = true,
            _ => {
                return Err(format!(
                    "unknown flags {flags:?}: none (official), `beyond`, `layout`, or both"
                ))
            }
        }
    }
    Ok(layout)
}

/// Reads the rest of a board whose first cell (`first`, read from `start`) is not the end mark.
fn read_board(reader: &mut Reader, board: i64, start: &Reader, first: i64) -> Result<(), String> {
    let mut counts = [0; 4];
    counts[first as usize] += 1;
    for cell in 2..=24 {
        reader.read_space()?;
        let what = format!("board {board}, cell {cell}: a symbol");
        counts[reader.read_int(1, 3, &what)? as usize] += 1;
    }
    reader.read_newline()?;
    match counts {
        [0, 8, 8, 8] => Ok(()),
        [_, ones, twos, threes] => Err(format!(
            "{}: board {board}: expected eight each of 1, 2, 3, found {ones}, {twos}, {threes}",
            start.place()
        )),
    }
}

/// `Ok` when `input` is a valid input of the group `flags` name; `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    let blanks: Option<&[char]> = match free_layout(flags)? {
        false => None,
        true => Some(&[' ', '\t', '\r', '\n']),
    };
    let mut reader = Reader::new(input, blanks);
    for board in 1..=31 {
        // At least one board, at most 30, then the end mark.
        let (lowest, highest, what) = match board {
            1 => (1, 3, "board 1, cell 1: a symbol".to_string()),
            31 => (0, 0, "the end mark `0` after 30 boards".to_string()),
            _ => (
                0,
                3,
                format!("board {board}, cell 1: a symbol, or the end mark `0`"),
            ),
        };
        reader.skip_blanks();
        let start = reader.clone();
        match reader.read_int(lowest, highest, &what)? {
            0 => break,
            first => read_board(&mut reader, board, &start, first)?,
        }
    }
    reader.read_newline()?;
    reader.read_eof()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flags: Vec<&str> = args.iter().map(String::as_str).collect();
    if let Err(usage) = free_layout(&flags) {
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
