//! Input validator of HDU 1043 "Eight" (problems/hdu1043-eight/README.md).
//!
//! Usage:  validate [beyond] [layout] < input
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: one or more trays until the end of the input, each nine tokens `1`..`8` and `x`, each once.
//!         Solvable and unsolvable trays alike (the statement says unsolvable ones are part of HDU's data).
//!         The plain layout (without `layout`): HDU's data, one tray per line: tokens separated by single
//!         spaces (HDU's own statement prints its sample with two; the package's sample has one, as every
//!         tool expects of an input, and the two-space layout is a `layout` case), no space before the first
//!         or after the last, `\n` after each line, no blank line.
//!         `layout` (the `beyond/layout/` group): tokens separated by any run of spaces, tabs, CR and LF, a
//!         tray split over lines, no final newline. `beyond` alone promises nothing more of the input (its
//!         group is stricter about the answers).
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/hdu1043-eight/tests/validator.rs (every committed case passes, named bad inputs fail).
use std::io::Read;

/// A cursor over the input that knows its line and column, in the manner of testlib's `inf`.
#[derive(Clone)]
struct Reader<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    line_start: usize,
    /// What may separate tokens; `None`: the exact layout (`read_spaces`, `read_newline`).
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

    /// One space (the exact layout; the free one skips blanks before each token instead).
    fn read_spaces(&mut self) -> Result<(), String> {
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

    /// Whether the input ends here (after any blanks).
    fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.at == self.text.len()
    }
}

/// Whether the group the flags its `testdata.yaml` passes name takes any layout (`layout`); `beyond`
/// (the group past HDU, whose answers must be shortest) asks nothing more of the input.
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

/// Reads one tray: nine tokens, each tile once.
fn read_tray(reader: &mut Reader, tray: usize) -> Result<(), String> {
    let mut tiles = Vec::with_capacity(9);
    for cell in 0..9 {
        if cell > 0 {
            reader.read_spaces()?;
        }
        reader.skip_blanks();
        let start = reader.clone();
        let what = format!("tray {tray}, tile {} of 9: `1`..`8` or `x`", cell + 1);
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
    reader.read_newline()
}

/// `Ok` when `input` is a valid input of the group `flags` name; `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    let blanks: Option<&[char]> = match free_layout(flags)? {
        false => None,
        true => Some(&[' ', '\t', '\r', '\n']),
    };
    let mut reader = Reader::new(input, blanks);
    let mut tray = 1;
    read_tray(&mut reader, tray)?;
    while !reader.at_end() {
        tray += 1;
        read_tray(&mut reader, tray)?;
    }
    Ok(())
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
