//! Texts of a failing run on a page: an input, an answer, an output or a stderr cut to a budget (its size
//! said), and the first difference between what was expected and what was received, highlighted.

use super::{escape, size};
use crate::report::Excerpt;
use std::fmt::Write;

/// Lines of a text shown, at most (its bytes have a budget of their own).
const LINES: usize = 60;

/// Where the received text first departs from the expected one: the line (0-based) and, in that line,
/// the byte offset where each side's difference begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    pub line: usize,
    pub expected_at: usize,
    pub received_at: usize,
}

/// The first line where `expected` and `received` differ in their tokens, as the default validator
/// compares them (whitespace runs alike), from the first differing token; failing that (the tokens all
/// match: a presentation error), the first line that differs at all, from the first differing byte.
/// `None` when nothing differs in the lines both texts hold in whole: a text that was cut (`*_cut`)
/// loses its last, partial line, and nothing past it is compared.
pub fn first_difference(
    expected: &str,
    received: &str,
    expected_cut: bool,
    received_cut: bool,
) -> Option<Difference> {
    let (a, b) = (whole(expected, expected_cut), whole(received, received_cut));
    let known = match (expected_cut, received_cut) {
        (false, false) => a.len().max(b.len()),
        (true, false) => a.len(),
        (false, true) => b.len(),
        (true, true) => a.len().min(b.len()),
    };
    let by_tokens = (0..known).find_map(|i| {
        let (x, y) = (line(&a, i), line(&b, i));
        let differs = x.split_ascii_whitespace().ne(y.split_ascii_whitespace());
        differs.then(|| {
            let (ex, ey) = (token_starts(x), token_starts(y));
            let k = (0..)
                .find(|&k| ex.get(k).map(|&s| token(x, s)) != ey.get(k).map(|&s| token(y, s)))
                .unwrap_or(0);
            Difference {
                line: i,
                expected_at: ex.get(k).copied().unwrap_or(x.len()),
                received_at: ey.get(k).copied().unwrap_or(y.len()),
            }
        })
    });
    by_tokens.or_else(|| {
        (0..known).find_map(|i| {
            let (x, y) = (line(&a, i), line(&b, i));
            (x != y).then(|| {
                let at = x
                    .char_indices()
                    .zip(y.chars())
                    .find(|((_, p), q)| p != q)
                    .map_or(x.len().min(y.len()), |((at, _), _)| at);
                Difference {
                    line: i,
                    expected_at: at,
                    received_at: at,
                }
            })
        })
    })
}

/// The lines of `text` that are there in whole: a cut text loses its last, partial line.
fn whole(text: &str, cut: bool) -> Vec<&str> {
    let mut lines: Vec<&str> = text.split('\n').collect();
    if cut || lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Line `i`, or an empty one past the end.
fn line<'a>(lines: &[&'a str], i: usize) -> &'a str {
    lines.get(i).copied().unwrap_or("")
}

/// Byte offsets where the tokens of `line` start.
fn token_starts(line: &str) -> Vec<usize> {
    let bytes = line.as_bytes();
    (0..bytes.len())
        .filter(|&i| {
            !bytes[i].is_ascii_whitespace() && (i == 0 || bytes[i - 1].is_ascii_whitespace())
        })
        .collect()
}

/// The token starting at byte `at`.
fn token(line: &str, at: usize) -> &str {
    let rest = &line[at..];
    &rest[..rest
        .find(|c: char| c.is_ascii_whitespace())
        .unwrap_or(rest.len())]
}

/// The beginning of `text`: at most `max_bytes` (on a character boundary) and `max_lines` lines.
pub fn head(text: &str, max_bytes: usize, max_lines: usize) -> &str {
    let mut end = text.len().min(max_bytes);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    if max_lines == 0 {
        return "";
    }
    if let Some((at, _)) = text[..end].match_indices('\n').nth(max_lines - 1) {
        end = at + 1;
    }
    &text[..end]
}

/// A text block: its title with the size in words (`12.0 KiB, the first 2.0 KiB shown`), then the text
/// cut to the budget, lines numbered; `mark` highlights a line from a byte offset (kept in view however
/// small the budget). `whole` is the size of the whole file the text begins (`None`: the text is whole).
pub struct Block<'a> {
    pub title: &'a str,
    pub text: &'a str,
    pub whole: Option<u64>,
    pub max_bytes: usize,
    pub max_lines: usize,
    pub mark: Option<(usize, usize)>,
}

impl Block<'_> {
    pub fn render(&self) -> String {
        let whole = self.whole.unwrap_or(self.text.len() as u64);
        // The marked line stays in view, with a line after it for context.
        let lines = self
            .mark
            .map_or(self.max_lines, |(l, _)| self.max_lines.max(l + 2));
        let bytes = match self.mark {
            Some((l, _)) => {
                let line_end = self
                    .text
                    .match_indices('\n')
                    .nth(l + 1)
                    .map_or(self.text.len(), |(at, _)| at + 1);
                self.max_bytes.max(line_end)
            }
            None => self.max_bytes,
        };
        let shown = head(self.text, bytes, lines);
        let mut title = format!("{} <span class=\"muted\">(", escape(self.title));
        if whole == 0 {
            title += "empty";
        } else if shown.len() as u64 == whole {
            title += &size(whole);
        } else {
            let _ = write!(
                title,
                "{}; the first {} shown",
                size(whole),
                size(shown.len() as u64)
            );
        }
        title += ")</span>";
        let mut out = format!("<h3>{title}</h3>\n<pre>");
        let body = shown.strip_suffix('\n').unwrap_or(shown);
        let lines: Vec<&str> = if body.is_empty() && whole == 0 {
            Vec::new()
        } else {
            body.split('\n').collect()
        };
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            match self.mark {
                Some((l, at)) if l == i => {
                    let at = (0..=at.min(line.len()))
                        .rev()
                        .find(|&k| line.is_char_boundary(k))
                        .unwrap_or(0);
                    let (same, rest) = line.split_at(at);
                    let rest = if rest.is_empty() { " " } else { rest };
                    let _ = write!(
                        out,
                        "<span class=\"d\">{}<mark>{}</mark></span>",
                        escape(same),
                        escape(rest)
                    );
                }
                _ => out += &escape(line),
            }
        }
        let more = if lines.is_empty() { "" } else { "\n" };
        if (shown.len() as u64) < whole {
            let _ = write!(out, "{more}<span class=\"cut\">…</span>");
        } else if self.mark.is_some_and(|(l, _)| l >= lines.len()) {
            // The difference is a line this text does not have.
            let _ = write!(
                out,
                "{more}<span class=\"d\"><mark class=\"end\">(ends here)</mark></span>"
            );
        }
        out += "</pre>\n";
        out
    }
}

/// The input, the expected and received output side by side with the first difference, the end of
/// stderr; each within `budget` bytes.
pub fn texts_of(e: &Excerpt, budget: usize) -> String {
    let answer_cut = (e.answer.len() as u64) < e.answer_bytes;
    let output_cut = (e.output.len() as u64) < e.output_bytes;
    let difference = first_difference(&e.answer, &e.output, answer_cut, output_cut);
    let block = |title: &str, text: &str, whole: u64, mark: Option<(usize, usize)>| {
        Block {
            title,
            text,
            whole: Some(whole.max(text.len() as u64)),
            max_bytes: budget,
            max_lines: LINES,
            mark,
        }
        .render()
    };
    let mut out = block("input", &e.input, e.input_bytes, None);
    let _ = write!(
        out,
        "<p class=\"diff\">{}</p>\n<div class=\"side\"><div>{}</div><div>{}</div></div>\n",
        match difference {
            Some(d) => format!("first difference: line {}", d.line + 1),
            None => "no difference in the lines shown".to_string(),
        },
        block(
            "expected (.ans)",
            &e.answer,
            e.answer_bytes,
            difference.map(|d| (d.line, d.expected_at))
        ),
        block(
            "received (the output)",
            &e.output,
            e.output_bytes,
            difference.map(|d| (d.line, d.received_at))
        ),
    );
    if !e.stderr.trim().is_empty() {
        let tail = tail(&e.stderr, budget);
        let _ = write!(
            out,
            "<h3>stderr <span class=\"muted\">(its end, {})</span></h3>\n<pre>{}</pre>\n",
            size(tail.len() as u64),
            escape(tail)
        );
    }
    out
}

/// The end of `text`: at most `max_bytes`, from a character boundary.
fn tail(text: &str, max_bytes: usize) -> &str {
    let mut start = text.len().saturating_sub(max_bytes);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_difference_is_by_tokens_then_by_bytes() {
        assert_eq!(
            first_difference("1 2 3\n4 5 6\n", "1 2 3\n4  7 6\n", false, false),
            Some(Difference {
                line: 1,
                expected_at: 2,
                received_at: 3
            })
        );
        // Whitespace alone: the tokens match, the bytes do not.
        assert_eq!(
            first_difference("1 2\n", "1  2\n", false, false),
            Some(Difference {
                line: 0,
                expected_at: 2,
                received_at: 2
            })
        );
        assert_eq!(first_difference("1\n2\n", "1\n2\n", false, false), None);
        // A missing line, and an empty output.
        assert_eq!(
            first_difference("1\n2\n", "1\n", false, false).map(|d| d.line),
            Some(1)
        );
        assert_eq!(
            first_difference("7\n", "", false, false),
            Some(Difference {
                line: 0,
                expected_at: 0,
                received_at: 0
            })
        );
    }

    #[test]
    fn a_cut_text_is_compared_only_where_it_is_whole() {
        // The received text was cut inside its second line: that partial line proves nothing.
        assert_eq!(first_difference("1\n22\n3\n", "1\n2", false, true), None);
        assert_eq!(
            first_difference("1\n22\n", "0\n2", false, true).map(|d| d.line),
            Some(0)
        );
    }

    #[test]
    fn head_cuts_on_characters_and_lines() {
        assert_eq!(head("ab\ncd\nef\n", 100, 2), "ab\ncd\n");
        assert_eq!(head("ab\ncd\n", 4, 10), "ab\nc");
        assert_eq!(head("日本", 4, 10), "日");
    }

    #[test]
    fn a_block_says_its_size_and_marks_the_difference() {
        let block = Block {
            title: "received",
            text: "1 2\n3 <4>\n5\n",
            whole: Some(1 << 20),
            max_bytes: 4,
            max_lines: 1,
            mark: Some((1, 2)),
        };
        assert_eq!(
            block.render(),
            "<h3>received <span class=\"muted\">(1.0 MiB; the first 12 bytes shown)</span></h3>\n\
             <pre>1 2\n<span class=\"d\">3 <mark>&lt;4&gt;</mark></span>\n5\n<span class=\"cut\">…</span></pre>\n"
        );
        let empty = Block {
            title: "received",
            text: "",
            whole: None,
            max_bytes: 9,
            max_lines: 9,
            mark: None,
        };
        assert_eq!(
            empty.render(),
            "<h3>received <span class=\"muted\">(empty)</span></h3>\n<pre></pre>\n"
        );
    }
}
