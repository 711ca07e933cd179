//! The notes a contestant reads beside WA and PE: where the first difference is, expected vs got with
//! invisible characters made visible, and the near misses ("empty output", "extra lines", "differs only in
//! whitespace"). Pure text functions.

use std::fmt::Write;

/// Longest shown excerpt, in characters; longer text ends in `…`.
const SHOWN_CHARS: usize = 60;

/// Whether a terminal would obey `c` rather than show it: the control characters (an escape sequence
/// could clear the screen, rewrite earlier lines or set the window title), and the Unicode format
/// characters that reorder the text around them ("Trojan Source": the bidi embeddings, overrides and
/// isolates U+202A–U+202E and U+2066–U+2069, the direction marks U+200E, U+200F and U+061C, the
/// deprecated format controls U+206A–U+206F) or break its line (U+2028, U+2029). Every escaping of what a
/// program, a compiler, a checker or a package wrote asks this.
pub fn obeyed(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{206f}'
        )
}

/// `s` in double quotes with `\t \r \n`, the characters a terminal obeys (`obeyed`), zero-width and
/// non-ASCII spaces escaped, so that a stray `\r` or a non-breaking space is visible, and U+FFFD, which
/// stands for bytes that are not UTF-8; cut after `SHOWN_CHARS` characters.
pub fn show(s: &str) -> String {
    let mut out = String::from("\"");
    for (i, c) in s.chars().enumerate() {
        if i == SHOWN_CHARS {
            out.push('…');
            break;
        }
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            ' ' => out.push(' '),
            c if obeyed(c)
                || c.is_whitespace()
                || matches!(
                    c,
                    '\u{200b}'..='\u{200f}' | '\u{2060}' | '\u{feff}' | '\u{fffd}'
                ) =>
            {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// What a program printed, on one line: its non-blank lines trimmed and joined by ` | `, escaped (see
/// `visible`): quoted in a note, never obeyed by a terminal.
pub fn one_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    visible(&lines.join(" | "))
}

/// `text` with the characters a terminal obeys escaped (`obeyed`: `\t` `\r` as such, the others as
/// `\u{1b}`, `\u{202e}`), line breaks kept: what a program, a compiler, a checker or a package wrote is
/// shown on a terminal, never obeyed by it.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push('\n'),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if obeyed(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The lines of `text` as the `lines` checker sees them, one at a time (an output may be 64 MiB of short
/// lines: collected, 16 bytes each): trailing whitespace (incl. `\r`) cut, trailing empty lines dropped.
pub fn lines_of(text: &str) -> impl Iterator<Item = &str> + Clone {
    let kept = text.trim_end_matches(|c: char| c.is_ascii_whitespace());
    let count = if kept.is_empty() { 0 } else { usize::MAX };
    kept.split('\n')
        .take(count)
        .map(|line| line.trim_end_matches(|c: char| c.is_ascii_whitespace()))
}

/// `1 line`, `2 lines`: a count with its noun in the right number.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whitespace-separated tokens (ASCII whitespace only, as judges split: a non-breaking space stays inside
/// its token and shows up in the note).
pub fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split_ascii_whitespace()
}

/// A token and its place: 1-based line and 1-based position in that line.
struct Token<'a> {
    text: &'a str,
    line: usize,
    index: usize,
}

/// The tokens of `text` with their places, one at a time.
fn placed_tokens(text: &str) -> impl Iterator<Item = Token<'_>> {
    text.split('\n').enumerate().flat_map(|(l, line)| {
        line.split_ascii_whitespace()
            .enumerate()
            .map(move |(i, text)| Token {
                text,
                line: l + 1,
                index: i + 1,
            })
    })
}

fn line_of(text: &str, line: usize) -> &str {
    text.split('\n')
        .nth(line - 1)
        .unwrap_or("")
        .trim_end_matches(|c: char| c.is_ascii_whitespace())
}

/// `line` shown whole if short, else from a little before `token` (a slice of `line`), so a difference
/// deep in a long line is in view.
fn excerpt(line: &str, token: &str) -> String {
    if line.chars().count() <= SHOWN_CHARS {
        return show(line);
    }
    let at = (token.as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
    let mut start = at.min(line.len()).saturating_sub(SHOWN_CHARS / 3);
    while !line.is_char_boundary(start) {
        start -= 1;
    }
    // Start at a token, not in the middle of one.
    let start = line[..start]
        .rfind(|c: char| c.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    match start {
        0 => show(line),
        _ => format!("…{}", show(&line[start..])),
    }
}

/// The note for a wrong answer: the first differing token with its line, expected vs got, or the near miss
/// that explains it (empty output, extra lines, output ending early). Walks the tokens once, keeping none.
pub fn wrong(output: &str, answer: &str) -> String {
    let expected_lines = lines_of(answer).count();
    if tokens(output).next().is_none() {
        return format!(
            "empty output (expected {})",
            count(expected_lines, "line", "lines")
        );
    }
    let (mut got, mut want) = (placed_tokens(output), placed_tokens(answer));
    let mut matched = 0;
    let mut last_line = None;
    loop {
        match (got.next(), want.next()) {
            (Some(g), Some(w)) if g.text == w.text => {
                matched += 1;
                last_line = Some(w.line);
            }
            (Some(g), Some(w)) => return differing(output, answer, &g, &w),
            (Some(extra), None) if last_line.map_or(true, |line| extra.line > line) => {
                return format!(
                    "extra lines: expected {}, got {}; line {} is {}",
                    count(expected_lines, "line", "lines"),
                    lines_of(output).count(),
                    extra.line,
                    show(line_of(output, extra.line))
                )
            }
            (Some(extra), None) => {
                return format!(
                    "extra output: line {}, token {} is {} after the expected end",
                    extra.line,
                    extra.index,
                    show(extra.text)
                )
            }
            (None, Some(missing)) => {
                return format!(
                    "output ends early: expected {} at line {}, token {} ({matched} of {} tokens present)",
                    show(missing.text),
                    missing.line,
                    missing.index,
                    matched + 1 + want.count()
                )
            }
            (None, None) => return "same tokens as the answer".to_string(),
        }
    }
}

/// `line L, token T: expected "w", got "g"`, with where the output has it and the lines around them.
fn differing(output: &str, answer: &str, g: &Token, w: &Token) -> String {
    let moved = if (g.line, g.index) != (w.line, w.index) {
        format!(" (output line {}, token {})", g.line, g.index)
    } else {
        String::new()
    };
    let (line_want, line_got) = (
        excerpt(line_of(answer, w.line), w.text),
        excerpt(line_of(output, g.line), g.text),
    );
    // A line that is just the token says nothing more: show the lines only when they add context.
    let lines = if line_want == show(w.text) && line_got == show(g.text) {
        String::new()
    } else {
        format!("; expected line {line_want}, got {line_got}")
    };
    format!(
        "line {}, token {}: expected {}, got {}{moved}{lines}",
        w.line,
        w.index,
        show(w.text),
        show(g.text),
    )
}

/// The lines `layout` compares: raw with `exact`, else as `lines_of` gives them.
fn rows(text: &str, exact: bool) -> Box<dyn Iterator<Item = &str> + '_> {
    if exact {
        Box::new(text.split('\n'))
    } else {
        Box::new(lines_of(text))
    }
}

/// The note for a presentation error (same tokens, other layout). `exact` compares raw lines (trailing
/// whitespace and `\r` count), otherwise lines as `lines_of` gives them. Keeps no line.
pub fn layout(output: &str, answer: &str, exact: bool) -> String {
    if exact && format!("{output}\n") == answer {
        return "differs only in whitespace: the final newline is missing".into();
    }
    let split = |text| rows(text, exact);
    match split(output)
        .zip(split(answer))
        .enumerate()
        .find(|(_, (g, w))| g != w)
    {
        Some((k, (g, w))) => format!(
            "differs only in whitespace: line {}: expected {}, got {}",
            k + 1,
            show(w),
            show(g)
        ),
        None => format!(
            "differs only in whitespace: expected {} lines, got {}",
            split(answer).count(),
            split(output).count()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_makes_invisible_characters_visible() {
        assert_eq!(show("a b"), "\"a b\"");
        assert_eq!(show("1\r"), "\"1\\r\"");
        assert_eq!(
            show("x\ty\u{a0}z\u{feff}\u{200b}\u{7}"),
            "\"x\\ty\\u{a0}z\\u{feff}\\u{200b}\\u{7}\""
        );
        assert_eq!(show("say \"q\" \\"), "\"say \\\"q\\\" \\\\\"");
        // Bytes that are not UTF-8 were read as U+FFFD: shown as such, not as a glyph that hides them.
        assert_eq!(show("3\u{fffd}"), "\"3\\u{fffd}\"");
        assert_eq!(show(&"9".repeat(70)), format!("\"{}…\"", "9".repeat(60)));
    }

    #[test]
    fn visible_escapes_every_control_character_but_line_breaks() {
        assert_eq!(visible("a\x1b[2Jb\r\tc"), "a\\u{1b}[2Jb\\r\\tc");
        assert_eq!(visible("x\u{9b}31m\u{7f}"), "x\\u{9b}31m\\u{7f}");
        assert_eq!(visible("line 1\nline 2 é"), "line 1\nline 2 é");
    }

    #[test]
    fn bidi_controls_and_line_separators_are_escaped_too() {
        let text =
            "abc\u{202e}fed\u{2066}x\u{2069}\u{2028}y\u{2029}\u{200e}\u{200f}\u{61c}\u{202a}";
        assert_eq!(
            visible(text),
            "abc\\u{202e}fed\\u{2066}x\\u{2069}\\u{2028}y\\u{2029}\\u{200e}\\u{200f}\\u{61c}\\u{202a}"
        );
        assert_eq!(show("a\u{202e}b"), "\"a\\u{202e}b\"");
        // Letters of right-to-left scripts are text, not controls: shown as they are.
        assert_eq!(visible("שלום عربي"), "שלום عربي");
    }

    #[test]
    fn lines_ignore_trailing_whitespace_and_empty_lines() {
        let trimmed_lines = |text| lines_of(text).collect::<Vec<&str>>();
        assert_eq!(trimmed_lines("1 2  \r\n3\n\n\n"), vec!["1 2", "3"]);
        assert_eq!(trimmed_lines(""), Vec::<&str>::new());
        assert_eq!(trimmed_lines("\n\na"), vec!["", "", "a"]);
    }

    #[test]
    fn wrong_names_the_first_differing_token_and_its_line() {
        assert_eq!(
            wrong("1 2\n3 18 5\n", "1 2\n3 17 5\n"),
            "line 2, token 2: expected \"17\", got \"18\"; expected line \"3 17 5\", got \"3 18 5\""
        );
        assert_eq!(
            wrong("1 2 4\n", "1\n2 3\n"),
            "line 2, token 2: expected \"3\", got \"4\" (output line 1, token 3); expected line \"2 3\", got \"1 2 4\""
        );
        assert_eq!(
            wrong("1\u{a0}2\n", "1 2\n"),
            "line 1, token 1: expected \"1\", got \"1\\u{a0}2\"; expected line \"1 2\", got \"1\\u{a0}2\""
        );
    }

    #[test]
    fn wrong_leaves_out_lines_that_are_just_the_token() {
        assert_eq!(
            wrong("12\n7\n", "12\n8\n"),
            "line 2, token 1: expected \"8\", got \"7\""
        );
        // Context is kept when only one side's line holds more than the token.
        assert_eq!(
            wrong("7 1\n", "8\n1\n"),
            "line 1, token 1: expected \"8\", got \"7\"; expected line \"8\", got \"7 1\""
        );
    }

    #[test]
    fn wrong_shows_the_part_of_a_long_line_that_differs() {
        let answer: Vec<String> = (0..40).map(|n| n.to_string()).collect();
        let mut output = answer.clone();
        output[35] = "x".into();
        assert_eq!(
            wrong(&output.join(" "), &answer.join(" ")),
            "line 1, token 36: expected \"35\", got \"x\"; \
             expected line …\"28 29 30 31 32 33 34 35 36 37 38 39\", got …\"28 29 30 31 32 33 34 x 36 37 38 39\""
        );
    }

    #[test]
    fn wrong_near_misses() {
        assert_eq!(wrong("", "3\n4\n"), "empty output (expected 2 lines)");
        assert_eq!(wrong(" \n\n", "3\n"), "empty output (expected 1 line)");
        assert_eq!(
            wrong("3\n4\n5\n", "3\n4\n"),
            "extra lines: expected 2 lines, got 3; line 3 is \"5\""
        );
        assert_eq!(
            wrong("3 4\n", "3\n"),
            "extra output: line 1, token 2 is \"4\" after the expected end"
        );
        assert_eq!(
            wrong("3\n", "3\n4 5\n"),
            "output ends early: expected \"4\" at line 2, token 1 (1 of 3 tokens present)"
        );
    }

    #[test]
    fn layout_notes() {
        assert_eq!(
            layout("1  2\n", "1 2\n", false),
            "differs only in whitespace: line 1: expected \"1 2\", got \"1  2\""
        );
        assert_eq!(
            layout("1\n2\n", "1 2\n", false),
            "differs only in whitespace: line 1: expected \"1 2\", got \"1\""
        );
        assert_eq!(
            layout("3", "3\n", true),
            "differs only in whitespace: the final newline is missing"
        );
        assert_eq!(
            layout("3\r\n", "3\n", true),
            "differs only in whitespace: line 1: expected \"3\", got \"3\\r\""
        );
        assert_eq!(
            layout("3\n\n", "3\n", true),
            "differs only in whitespace: expected 2 lines, got 3"
        );
    }
}
