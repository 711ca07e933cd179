//! Input validator of "Jinhua Chess" (problems/jinhua-chess/README.md; the project's own format, final).
//!
//! Usage:  validate [layout] < input   (the problem has one group, official; `layout` for its layout cases)
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: T in 1..=100000, then T cases: a goal `win`, `lose` or `draw` and four rows of four of `.`, `x`,
//!         `o`; nothing after. Each board has at least six marks and an empty cell, no line of four, and as
//!         many `x` as `o` or one more. Layout: the statement lays the cases out in lines, single spaces,
//!         `\n` after every line. `layout` (the `official/layout/` group): the format reads tokens (its judging
//!         section; `08-crlf-and-one-line` puts the sample on one line with CR LF), so there tokens may be
//!         separated by any run of spaces, tabs, CR and LF.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/jinhua-chess/tests/validator.rs (every committed case passes, named bad inputs fail).
use std::io::Read;

/// What may separate tokens.
const BLANKS: &[char] = &[' ', '\t', '\r', '\n'];

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

    /// Skips the blanks before the next token.
    fn skip_blanks(&mut self) {
        let rest = &self.text[self.at..];
        let blanks = &rest[..rest.len() - rest.trim_start_matches(BLANKS).len()];
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

/// Reads one case (goal and board) and checks the statement's promises about the board.
fn read_case(reader: &mut Reader, case: i64) -> Result<(), String> {
    reader.skip_blanks();
    let start = reader.clone();
    let what = format!("case {case}: the goal `win`, `lose` or `draw`");
    if !matches!(reader.read_token(&what)?, "win" | "lose" | "draw") {
        return start.expected(&what);
    }
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
    }
    let (x, o) = (xs.count_ones(), os.count_ones());
    let promise = if x != o && x != o + 1 {
        format!("as many `x` as `o` or one more, found {x} `x` and {o} `o`")
    } else if x + o < 6 {
        format!("at least six marks, found {}", x + o)
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

/// `Ok` when `input` is a valid input for `flags` (none: the only group); `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    if !check_flags(flags)? {
        plain_layout(input)?;
    }
    let mut reader = Reader::new(input);
    let cases = reader.read_int(1, 100_000, "the number of cases T")?;
    for case in 1..=cases {
        read_case(&mut reader, case)?;
    }
    reader.read_eof()
}

/// The flags this validator knows: none, or `layout`; whether `layout` is given.
fn check_flags(flags: &[&str]) -> Result<bool, String> {
    match flags {
        [] => Ok(false),
        ["layout"] => Ok(true),
        _ => Err(format!(
            "unknown flags {flags:?}: this problem has one group, and `layout` for its layout cases"
        )),
    }
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flags: Vec<&str> = args.iter().map(String::as_str).collect();
    if let Err(usage) = check_flags(&flags) {
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
