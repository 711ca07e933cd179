//! Input validator of "Go capture" (problems/go-capture/README.md; the project's own format, final).
//!
//! Usage:  validate < input   (no flag: the problem has one group, official)
//! Exit:   42 valid; 43 invalid, with one line on stderr: the line and column, what was expected there and
//!         what was found. An unknown flag is a usage error: exit 2.
//! Checks: nine lines of nine `.`, `O`, `X`; then `x y c` with x and y in 0..=8 and c `O` or `X`; single
//!         spaces, `\n` after every line, nothing after the last. The point (x, y) is empty, and every group
//!         on the board has at least one liberty (the statement's two promises).
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         problems/go-capture/tests/validator.rs (every committed case passes, named bad inputs fail).
use std::io::Read;

const SIZE: usize = 9;

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
        let what = format!("{what} (an integer in {lo}..={hi})");
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

/// A point of the board, `row * 9 + column`.
type Point = usize;

/// The orthogonal neighbours of `at` that are on the board.
fn neighbours(at: Point) -> impl Iterator<Item = Point> {
    let (row, column) = (at / SIZE, at % SIZE);
    let up = (row > 0).then(|| at - SIZE);
    let down = (row + 1 < SIZE).then_some(at + SIZE);
    let left = (column > 0).then(|| at - 1);
    let right = (column + 1 < SIZE).then_some(at + 1);
    // `IntoIterator::into_iter`, not `[…].into_iter()`: by value in every edition (2015 and 2018 iterate an
    // array's references there).
    IntoIterator::into_iter([up, down, left, right]).flatten()
}

/// The first stone (in reading order) whose group has no liberty: a flood fill from each unvisited stone.
fn group_without_liberty(board: &[u8; SIZE * SIZE]) -> Option<Point> {
    let mut seen = [false; SIZE * SIZE];
    for start in 0..SIZE * SIZE {
        if board[start] == b'.' || seen[start] {
            continue;
        }
        seen[start] = true;
        let (mut stack, mut liberty) = (vec![start], false);
        while let Some(point) = stack.pop() {
            for next in neighbours(point) {
                if board[next] == b'.' {
                    liberty = true;
                } else if board[next] == board[start] && !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        if !liberty {
            return Some(start);
        }
    }
    None
}

/// `Ok` when `input` is a valid input for `flags` (none: the only group); `Err` says where and why not.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    check_flags(flags)?;
    let mut reader = Reader::new(input);
    let mut board = [b'.'; SIZE * SIZE];
    for row in 0..SIZE {
        let start = reader.clone();
        let what = format!("board row {row}: nine of `.`, `O`, `X`");
        let line = reader.read_token(&what)?;
        if line.len() != SIZE || !line.bytes().all(|b| b".OX".contains(&b)) {
            return start.expected(&what);
        }
        board[row * SIZE..][..SIZE].copy_from_slice(line.as_bytes());
        reader.read_newline()?;
    }
    let at = reader.clone();
    let x = reader.read_int(0, 8, "the row x")? as usize;
    reader.read_space()?;
    let y = reader.read_int(0, 8, "the column y")? as usize;
    reader.read_space()?;
    let start = reader.clone();
    if !matches!(reader.read_token("the colour `O` or `X`")?, "O" | "X") {
        return start.expected("the colour `O` or `X`");
    }
    reader.read_newline()?;
    reader.read_eof()?;
    let stone = board[x * SIZE + y];
    if stone != b'.' {
        let stone = stone as char;
        return Err(format!(
            "{}: expected an empty point at row {x}, column {y}, found `{stone}`",
            at.place()
        ));
    }
    if let Some(dead) = group_without_liberty(&board) {
        let (row, column) = (dead / SIZE, dead % SIZE);
        return Err(format!(
            "line {}: expected every group to have a liberty, the group of row {row}, column {column} has none",
            row + 1
        ));
    }
    Ok(())
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
