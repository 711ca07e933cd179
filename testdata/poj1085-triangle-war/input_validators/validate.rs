//! Input validator of POJ 1085 "Triangle War" (problems/poj1085-triangle-war/README.md).
//!
//! Usage:  validate [beyond] < input
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: a line with the count of games (at least 1; the statement sets no upper bound), then each game:
//!         a line `m` with m in 6..=18 and m lines `i j`, i < j, each one of the 18 segments and none drawn
//!         twice ("the moves are legal"); single spaces, `\n` after every line, nothing after the last.
//!         `beyond` (a file of 100,000 games) adds no promise: inside the same constraints.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/poj1085-triangle-war/tests/validator.rs (every committed case passes, named bad inputs
//!         fail).
use std::io::Read;

/// The 18 segments, lower dot first.
const SEGMENTS: [(i64, i64); 18] = [
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 5),
    (3, 6),
    (4, 5),
    (5, 6),
    (4, 7),
    (4, 8),
    (5, 8),
    (5, 9),
    (6, 9),
    (6, 10),
    (7, 8),
    (8, 9),
    (9, 10),
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

/// Reads one game's segments and checks that each is a segment of the board, drawn once.
fn read_game(reader: &mut Reader, game: i64) -> Result<(), String> {
    let moves = reader.read_int(6, 18, &format!("game {game}: the count m of segments"))?;
    reader.read_newline()?;
    let mut drawn = [false; 18];
    for k in 1..=moves {
        let start = reader.clone();
        let i = reader.read_int(1, 10, &format!("game {game}, segment {k}: the dot i"))?;
        reader.read_space()?;
        let j = reader.read_int(1, 10, &format!("game {game}, segment {k}: the dot j"))?;
        reader.read_newline()?;
        let place = start.place();
        let Some(segment) = SEGMENTS.iter().position(|&s| s == (i, j)) else {
            return Err(format!(
                "{place}: game {game}: expected a segment `i j` of the board with i < j, found `{i} {j}`"
            ));
        };
        if drawn[segment] {
            return Err(format!(
                "{place}: game {game}: expected each segment drawn once, found `{i} {j}` again"
            ));
        }
        drawn[segment] = true;
    }
    Ok(())
}

/// `Ok` when `input` is a valid input of the group `flags` name; `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    group(flags)?;
    let mut reader = Reader::new(input);
    let games = reader.read_int(1, i64::MAX, "the number of games")?;
    reader.read_newline()?;
    for game in 1..=games {
        read_game(&mut reader, game)?;
    }
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
