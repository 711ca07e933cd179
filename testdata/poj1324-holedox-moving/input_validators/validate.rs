//! Input validator of POJ 1324 "Holedox Moving" (problems/poj1324-holedox-moving/README.md).
//!
//! Usage:  validate [beyond] [layout] < input
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: one or more lairs, then `0 0 0`. A lair: `n m L` with n, m in 1..=20 and L in 2..=8; L lines `r c`
//!         inside the lair, the body from head to tail, each block next to the one before and no two on one
//!         cell; `K`; K lines `r c` of stones inside the lair, none on the body and none twice (so
//!         K ≤ nm − L). Single spaces, nothing after the end line, `\n` after every line; blank lines may
//!         stand between lines (the statement allows them between cases), never first or last.
//!         `layout` (the `official/layout/` group): line ends `\n` or CR LF and blank lines after any line
//!         (`09-blank-lines` has CR LF and blank lines inside a case).
//!         `beyond` (a hundred hard 20 × 20 lairs in one file) adds no promise: inside the same constraints.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/poj1324-holedox-moving/tests/validator.rs (every committed case passes, named bad inputs
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

    fn read_space(&mut self) -> Result<(), String> {
        if !self.text[self.at..].starts_with(' ') {
            return self.expected("a space");
        }
        self.at += 1;
        Ok(())
    }

    /// A line end, `\n` or `\r\n`, and any blank lines after it: the official case `09-blank-lines` has
    /// CR LF and blank lines inside a case (the statement: "blank lines and CR LF between cases").
    fn read_newline(&mut self) -> Result<(), String> {
        if !self.line_end() {
            return self.expected("a newline");
        }
        while self.line_end() {}
        Ok(())
    }

    /// Reads one `\n` or `\r\n`, if there.
    fn line_end(&mut self) -> bool {
        let rest = &self.text[self.at..];
        let len = match () {
            _ if rest.starts_with('\n') => 1,
            _ if rest.starts_with("\r\n") => 2,
            _ => return false,
        };
        self.at += len;
        self.line += 1;
        self.line_start = self.at;
        true
    }

    fn read_eof(&self) -> Result<(), String> {
        if self.at == self.text.len() {
            Ok(())
        } else {
            self.expected("end of input")
        }
    }
}

/// The group named by `flags` (none is official: `beyond` adds no promise); `Ok(true)` when it passes
/// `layout`.
fn group(flags: &[&str]) -> Result<bool, String> {
    match flags {
        [] | ["beyond"] => Ok(false),
        ["layout"] | ["beyond", "layout"] => Ok(true),
        _ => Err(format!(
            "unknown flags {flags:?}: none (official), `beyond`, `layout` or `beyond layout`"
        )),
    }
}

/// The layout of every input whose group does not pass `layout`: tokens of printable ASCII separated by
/// single spaces, every line ended by `\n` (the last one too), no space at the start or the end of a line,
/// blank lines only between lines (the statement lets them separate the cases), never first or last. What
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
            if i > 0 && i + 1 < lines.len() {
                continue;
            }
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

/// A cell `(r, c)`, both from 1.
type Cell = (i64, i64);

/// Reads a line `r c` inside the n × m lair.
fn read_cell(reader: &mut Reader, (n, m): Cell, what: &str) -> Result<Cell, String> {
    let row = reader.read_int(1, n, &format!("{what}: the row r"))?;
    reader.read_space()?;
    let column = reader.read_int(1, m, &format!("{what}: the column c"))?;
    reader.read_newline()?;
    Ok((row, column))
}

/// What a cell of the lair holds while it is read.
#[derive(Clone, Copy, PartialEq)]
enum Cover {
    Free,
    Body,
    Stone,
}

/// Reads the body and the stones of lair `case` (its `n m L` read) and checks the snake's promises.
fn read_lair(reader: &mut Reader, case: usize, (n, m): Cell, length: i64) -> Result<(), String> {
    let mut cover = vec![Cover::Free; (n * m) as usize];
    let index = |(r, c): Cell| ((r - 1) * m + c - 1) as usize;
    let mut previous: Option<Cell> = None;
    for block in 1..=length {
        let start = reader.clone();
        let cell = read_cell(reader, (n, m), &format!("case {case}, block {block}"))?;
        let at = format!("{}: case {case}", start.place());
        if let Some(before) = previous {
            if (before.0 - cell.0).abs() + (before.1 - cell.1).abs() != 1 {
                return Err(format!(
                    "{at}: expected block {block} next to block {} at {before:?}, found {cell:?}",
                    block - 1
                ));
            }
        }
        if cover[index(cell)] == Cover::Body {
            return Err(format!(
                "{at}: expected the blocks on distinct cells, found {cell:?} again"
            ));
        }
        cover[index(cell)] = Cover::Body;
        previous = Some(cell);
    }
    let what = format!("case {case}: the count K of stones");
    let stones = reader.read_int(0, n * m - length, &what)?;
    reader.read_newline()?;
    for stone in 1..=stones {
        let start = reader.clone();
        let cell = read_cell(reader, (n, m), &format!("case {case}, stone {stone}"))?;
        let at = format!("{}: case {case}", start.place());
        match cover[index(cell)] {
            Cover::Body => {
                return Err(format!(
                    "{at}: expected a stone off the body, found {cell:?}"
                ))
            }
            Cover::Stone => {
                return Err(format!(
                    "{at}: expected each stone once, found {cell:?} again"
                ))
            }
            Cover::Free => cover[index(cell)] = Cover::Stone,
        }
    }
    Ok(())
}

/// `Ok` when `input` is a valid input of the group `flags` name; `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    if !group(flags)? {
        plain_layout(input)?;
    }
    let mut reader = Reader::new(input);
    for case in 1.. {
        // At least one lair comes before the end line.
        let (lowest, what) = match case {
            1 => (1, "case 1: the rows n".to_string()),
            _ => (
                0,
                format!("case {case}: the rows n, or the 0 of the end line `0 0 0`"),
            ),
        };
        let n = reader.read_int(lowest, 20, &what)?;
        reader.read_space()?;
        if n == 0 {
            reader.read_int(0, 0, "the end line `0 0 0`: m")?;
            reader.read_space()?;
            reader.read_int(0, 0, "the end line `0 0 0`: L")?;
            break;
        }
        let m = reader.read_int(1, 20, &format!("case {case}: the columns m"))?;
        reader.read_space()?;
        let length = reader.read_int(2, 8, &format!("case {case}: the length L"))?;
        reader.read_newline()?;
        read_lair(&mut reader, case, (n, m), length)?;
    }
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
