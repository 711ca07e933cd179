//! Input validator of POJ 1475 "Pushing Boxes" (problems/poj1475-pushing-boxes/README.md).
//!
//! Usage:  validate < input   (no flag: every case is inside POJ's format, so there is one group)
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: one or more mazes, then `0 0`. A maze: `r c` with r, c in 1..=20, then r lines of c characters
//!         from `#`, `.`, `S`, `B`, `T`, with exactly one `S`, one `B` and one `T` (you, the box, the
//!         target). Single spaces, `\n` after every line, nothing after the end line.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/poj1475-pushing-boxes/tests/validator.rs (every committed case passes, named bad inputs
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

/// Reads maze `maze` after its `r c`: the rows, and one each of `S`, `B`, `T`.
fn read_maze(reader: &mut Reader, maze: i64, rows: i64, columns: i64) -> Result<(), String> {
    let start = reader.clone();
    let mut counts = [0; 3];
    for row in 1..=rows {
        let line = reader.clone();
        let what = format!("maze {maze}, row {row}: {columns} of `#`, `.`, `S`, `B`, `T`");
        let cells = reader.read_token(&what)?;
        if cells.len() as i64 != columns || !cells.bytes().all(|b| b"#.SBT".contains(&b)) {
            return line.expected(&what);
        }
        for (count, mark) in counts.iter_mut().zip(b"SBT") {
            *count += cells.bytes().filter(|b| b == mark).count();
        }
        reader.read_newline()?;
    }
    for (count, name) in counts
        .iter()
        .zip(["`S` (you)", "`B` (the box)", "`T` (the target)"])
    {
        if *count != 1 {
            return Err(format!(
                "{}: maze {maze}: expected exactly one {name}, found {count}",
                start.place()
            ));
        }
    }
    Ok(())
}

/// `Ok` when `input` is a valid input for `flags` (none: the only group); `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    check_flags(flags)?;
    let mut reader = Reader::new(input);
    for maze in 1.. {
        // At least one maze comes before the end line.
        let (lowest, what) = match maze {
            1 => (1, "maze 1: the rows r".to_string()),
            _ => (
                0,
                format!("maze {maze}: the rows r, or the 0 of the end line `0 0`"),
            ),
        };
        let rows = reader.read_int(lowest, 20, &what)?;
        reader.read_space()?;
        if rows == 0 {
            reader.read_int(0, 0, "the end line `0 0`: c")?;
            break;
        }
        let columns = reader.read_int(1, 20, &format!("maze {maze}: the columns c"))?;
        reader.read_newline()?;
        read_maze(&mut reader, maze, rows, columns)?;
    }
    reader.read_newline()?;
    reader.read_eof()
}

/// The flags this validator knows: none.
fn check_flags(flags: &[&str]) -> Result<(), String> {
    match flags {
        [] => Ok(()),
        _ => Err(format!(
            "unknown flags {flags:?}: this problem has one group and no flag"
        )),
    }
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
