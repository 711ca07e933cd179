//! Input validator of POJ 1376 "Robot" (problems/poj1376-robot/README.md).
//!
//! Usage:  validate [beyond] < input
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: one or more blocks, then `0 0`. A block: `M N` with M, N in 1..=50; M lines of N numbers `0` or
//!         `1`; `B1 B2 E1 E2 dir` with four integers ≥ 0 and dir `north`, `south`, `east` or `west`. Single
//!         spaces, `\n` after every line, nothing after the end line.
//!         official (no flag): the start and the destination are crossings the robot can stand on
//!         (1 ≤ row ≤ M − 1, 1 ≤ column ≤ N − 1, the four squares round it free), as in POJ's data.
//!         `beyond`: either may be on the border, off the grid or next to an obstacle.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/poj1376-robot/tests/validator.rs (every committed case passes, named bad inputs fail).
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

/// Whether the robot can stand on the crossing at the north-west corner of square (row, column).
fn standable(floor: &[Vec<bool>], (row, column): (i64, i64)) -> bool {
    let (rows, columns) = (floor.len() as i64, floor[0].len() as i64);
    (1..rows).contains(&row)
        && (1..columns).contains(&column)
        && [
            (row - 1, column - 1),
            (row - 1, column),
            (row, column - 1),
            (row, column),
        ]
        .iter()
        .all(|&(r, c)| !floor[r as usize][c as usize])
}

/// Reads block `block` after its `M N`: the floor, the crossings and the heading.
fn read_block(
    reader: &mut Reader,
    group: Group,
    block: i64,
    rows: i64,
    columns: i64,
) -> Result<(), String> {
    let mut floor = Vec::with_capacity(rows as usize);
    for row in 0..rows {
        let mut line = Vec::with_capacity(columns as usize);
        for column in 0..columns {
            if column > 0 {
                reader.read_space()?;
            }
            let what = format!("block {block}: square ({row}, {column}), 0 free or 1 taken");
            line.push(reader.read_int(0, 1, &what)? == 1);
        }
        reader.read_newline()?;
        floor.push(line);
    }
    let start = reader.clone();
    let mut crossings = [0; 4];
    for (k, name) in ["B1", "B2", "E1", "E2"].iter().enumerate() {
        crossings[k] = reader.read_int(0, i64::MAX, &format!("block {block}: {name}"))?;
        reader.read_space()?;
    }
    let heading = reader.clone();
    let what = format!("block {block}: the heading `north`, `south`, `east` or `west`");
    if !matches!(
        reader.read_token(&what)?,
        "north" | "south" | "east" | "west"
    ) {
        return heading.expected(&what);
    }
    reader.read_newline()?;
    let [b1, b2, e1, e2] = crossings;
    for (name, crossing) in [("start", (b1, b2)), ("destination", (e1, e2))] {
        if group == Group::Official && !standable(&floor, crossing) {
            return Err(format!(
                "{}: block {block}: expected a {name} crossing the robot can stand on (rows 1..={}, columns 1..={}, \
                 its four squares free; others are beyond POJ's data), found {crossing:?}",
                start.place(),
                rows - 1,
                columns - 1
            ));
        }
    }
    Ok(())
}

/// `Ok` when `input` is a valid input of the group `flags` name; `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    let group = group(flags)?;
    let mut reader = Reader::new(input);
    for block in 1.. {
        // At least one block comes before the end line.
        let (lowest, what) = match block {
            1 => (1, "block 1: the rows M".to_string()),
            _ => (
                0,
                format!("block {block}: the rows M, or the 0 of the end line `0 0`"),
            ),
        };
        let rows = reader.read_int(lowest, 50, &what)?;
        reader.read_space()?;
        if rows == 0 {
            reader.read_int(0, 0, "the end line `0 0`: N")?;
            break;
        }
        let columns = reader.read_int(1, 50, &format!("block {block}: the columns N"))?;
        reader.read_newline()?;
        read_block(&mut reader, group, block, rows, columns)?;
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
