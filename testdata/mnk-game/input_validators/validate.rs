//! Input validator for mnk-game: exit 42 if stdin is a valid input, else 43 with one line on stderr saying
//! what was expected, where (line, token of that line) and what was found.
//!
//! Follows the statement's Input section: `T` (1..=100), then T cases, each `m n k` (1 ≤ m, n ≤ 8,
//! 1 ≤ k ≤ max(m, n)) and m rows of n characters from `.xo`; tokens apart by any whitespace (spaces, tabs,
//! blank lines, CR LF line ends); a legal position (x has as many stones as o or one more, nobody has k in
//! a row, a cell is empty); nothing after the last case but whitespace. Numbers are plain decimal digits
//! without a sign or a leading zero.
//! Layout: the statement lets tokens stand apart by any whitespace and lines end with CR LF, so a solution
//! must cope with that; the cases are written in the plain layout (single spaces, `\n` after every line,
//! no blank line), and only those of a group that passes `layout` (`official/layout/`) use the freedom.
//! Flags: none (the `official` and `sample` groups) or `beyond`: the same inputs, since the beyond cases
//! demand more speed, not other inputs; `layout` with either: any whitespace between tokens.
use std::io::Read;

/// One whitespace-separated token and where it starts.
struct Token<'a> {
    text: &'a str,
    line: usize,
    index: usize,
}

/// The input's tokens in order, each with its line and its index on that line (both from 1).
struct Tokens<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    on_line: usize,
}

impl<'a> Tokens<'a> {
    fn next(&mut self) -> Option<Token<'a>> {
        let bytes = self.text.as_bytes();
        while self.at < bytes.len() && bytes[self.at].is_ascii_whitespace() {
            if bytes[self.at] == b'\n' {
                self.line += 1;
                self.on_line = 0;
            }
            self.at += 1;
        }
        let start = self.at;
        while self.at < bytes.len() && !bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        (self.at > start).then(|| {
            self.on_line += 1;
            Token {
                text: &self.text[start..self.at],
                line: self.line,
                index: self.on_line,
            }
        })
    }

    /// The next token, or an error saying that `what` was expected where the input ended.
    fn expect(&mut self, what: &str) -> Result<Token<'a>, String> {
        self.next().ok_or_else(|| {
            format!(
                "expected {what} at line {}, found the end of input",
                self.line
            )
        })
    }

    /// A decimal number in `lo..=hi` named `what`.
    fn number(&mut self, what: &str, lo: usize, hi: usize) -> Result<usize, String> {
        let token = self.expect(what)?;
        let plain = !token.text.is_empty()
            && token.text.bytes().all(|b| b.is_ascii_digit())
            && (token.text == "0" || !token.text.starts_with('0'));
        match token.text.parse::<usize>() {
            Ok(value) if plain && (lo..=hi).contains(&value) => Ok(value),
            _ => Err(format!(
                "expected {what} in {lo}..={hi} at {}, found {:?}",
                place(&token),
                token.text
            )),
        }
    }
}

fn place(token: &Token) -> String {
    format!("line {}, token {}", token.line, token.index)
}

/// Whether the cells of `mark` hold k in a row (row, column or either diagonal) on an m × n board.
fn has_line(board: &[Vec<u8>], k: usize, mark: u8) -> bool {
    let (m, n) = (board.len() as i64, board[0].len() as i64);
    let owns = |r: i64, c: i64| {
        (0..m).contains(&r) && (0..n).contains(&c) && board[r as usize][c as usize] == mark
    };
    (0..m).any(|r| {
        (0..n).any(|c| {
            [(0, 1), (1, 0), (1, 1), (1, -1)]
                .iter()
                .any(|&(dr, dc)| (0..k as i64).all(|i| owns(r + dr * i, c + dc * i)))
        })
    })
}

/// One case: the line `m n k`, the m rows, and the position's legality.
fn case(tokens: &mut Tokens, number: usize) -> Result<(), String> {
    let m = tokens.number(&format!("case {number}'s m"), 1, 8)?;
    let n = tokens.number(&format!("case {number}'s n"), 1, 8)?;
    let k = tokens.number(
        &format!("case {number}'s k (at most max(m, n))"),
        1,
        m.max(n),
    )?;
    let mut board = Vec::with_capacity(m);
    let mut first = None;
    for row in 1..=m {
        let what = format!("case {number}'s row {row} ({n} characters from `.xo`)");
        let token = tokens.expect(&what)?;
        if token.text.len() != n || !token.text.bytes().all(|b| b"xo.".contains(&b)) {
            return Err(format!(
                "expected {what} at {}, found {:?}",
                place(&token),
                token.text
            ));
        }
        first.get_or_insert(token.line);
        board.push(token.text.as_bytes().to_vec());
    }
    let lines = format!("case {number} (rows from line {})", first.unwrap_or(0));
    let count = |mark: u8| board.iter().flatten().filter(|&&b| b == mark).count();
    let (xs, os) = (count(b'x'), count(b'o'));
    if xs != os && xs != os + 1 {
        return Err(format!(
            "expected {lines} to hold as many x as o or one more, found {xs} x and {os} o"
        ));
    }
    for mark in [b'x', b'o'] {
        if has_line(&board, k, mark) {
            return Err(format!(
                "expected {lines} to be a game in progress, found {k} {} in a row",
                mark as char
            ));
        }
    }
    if count(b'.') == 0 {
        return Err(format!(
            "expected {lines} to have an empty cell, found a full board"
        ));
    }
    Ok(())
}

/// `Ok` if `input` is a valid input for the group with `flags`, else what was expected, where, and found.
pub fn validate(input: &str, flags: &[&str]) -> Result<(), String> {
    let layout = match flags {
        [] | ["beyond"] => false,
        ["layout"] | ["beyond", "layout"] => true,
        _ => {
            return Err(format!(
                "expected no flag, `beyond`, `layout` or `beyond layout`, found {flags:?}"
            ))
        }
    };
    if !layout {
        plain_layout(input)?;
    }
    let mut tokens = Tokens {
        text: input,
        at: 0,
        line: 1,
        on_line: 0,
    };
    let cases = tokens.number("the number of cases T", 1, 100)?;
    for number in 1..=cases {
        case(&mut tokens, number)?;
    }
    match tokens.next() {
        None => Ok(()),
        Some(extra) => Err(format!(
            "expected the end of input after {cases} cases at {}, found {:?}",
            place(&extra),
            extra.text
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
    let flags: Vec<String> = std::env::args().skip(1).collect();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let mut input = String::new();
    let verdict = match std::io::stdin().read_to_string(&mut input) {
        Ok(_) => validate(&input, &flags),
        Err(_) => Err("expected UTF-8 text on stdin".to_string()),
    };
    match verdict {
        Ok(()) => std::process::exit(42),
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(43);
        }
    }
}
