//! The problem package format's **default output validator**, as its specification defines it: output and
//! answer are split into tokens at runs of whitespace (space, `\f`, `\n`, `\r`, `\t`, `\v`) and compared
//! token by token, case-insensitively (ASCII) unless `case_sensitive`; with a float tolerance, an answer
//! token that is a number accepts any output number within the absolute or relative error; with
//! `space_change_sensitive`, every whitespace run (leading and trailing too) must be the same bytes.
//! Pure: bytes in, an `Outcome` and its note out. The output is read as a stream, one whitespace run and
//! one token at a time, each held only as far as it can still match the answer's (see `TOKEN_SLACK`): the
//! judge's memory is the answer's size, whatever output limit a package asks for.
//!
//! One refinement of this judge's: when `space_change_sensitive` rejects an output whose tokens would all be
//! accepted, the verdict is PE (a wrong answer in the format's terms) and the note says where the layout
//! differs.

use super::notes::show;
use super::Outcome;
use std::io::{self, BufRead, BufReader, Read};

/// How many bytes an output token may have beyond its answer token's and still be read whole: a number
/// may be written longer than the answer writes it (`0.50000000` for `0.5`). A longer token is wrong.
const TOKEN_SLACK: usize = 1 << 20;
/// How much of a token or whitespace run a note shows.
const SHOWN_BYTES: usize = 200;

/// The default validator's arguments.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Flags {
    pub case_sensitive: bool,
    pub space_change_sensitive: bool,
    pub float_absolute: Option<f64>,
    pub float_relative: Option<f64>,
}

impl Flags {
    /// Parses the arguments a case gives the validator; an unknown or malformed one is the package's
    /// mistake (a JE naming it), as the reference implementation treats it.
    pub fn parse(args: &[String]) -> Result<Flags, String> {
        let mut flags = Flags::default();
        let mut args = args.iter();
        let mut tolerance_given = (false, false, false);
        while let Some(arg) = args.next() {
            let mut number = |name: &str| {
                args.next()
                    .and_then(|v| v.parse::<f64>().ok())
                    .filter(|v| v.is_finite() && *v >= 0.0)
                    .ok_or(format!(
                        "the default validator's `{name}` needs a number ≥ 0 after it"
                    ))
            };
            match arg.as_str() {
                "case_sensitive" => flags.case_sensitive = true,
                "space_change_sensitive" => flags.space_change_sensitive = true,
                "float_absolute_tolerance" => {
                    flags.float_absolute = Some(number(arg)?);
                    tolerance_given.0 = true;
                }
                "float_relative_tolerance" => {
                    flags.float_relative = Some(number(arg)?);
                    tolerance_given.1 = true;
                }
                "float_tolerance" => {
                    let eps = number(arg)?;
                    flags.float_absolute = Some(eps);
                    flags.float_relative = Some(eps);
                    tolerance_given.2 = true;
                }
                other => {
                    return Err(format!(
                        "unknown default validator flag `{other}` (known: case_sensitive, space_change_sensitive, \
                         float_tolerance E, float_absolute_tolerance E, float_relative_tolerance E)"
                    ))
                }
            }
        }
        if tolerance_given.2 && (tolerance_given.0 || tolerance_given.1) {
            return Err(
                "float_tolerance given together with float_absolute/relative_tolerance".into(),
            );
        }
        Ok(flags)
    }

    fn floats(&self) -> bool {
        self.float_absolute.is_some() || self.float_relative.is_some()
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)
}

/// Reads the answer as alternating whitespace runs and tokens, one at a time: nothing is kept but the
/// position.
struct Scanner<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
}

/// The whitespace run before the next token, and that token with its line (`None` at the end).
struct Step<'a> {
    space: &'a [u8],
    token: Option<(&'a [u8], usize)>,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a [u8]) -> Scanner<'a> {
        Scanner {
            text,
            at: 0,
            line: 1,
        }
    }

    fn step(&mut self) -> Step<'a> {
        let start = self.at;
        while self.at < self.text.len() && is_space(self.text[self.at]) {
            if self.text[self.at] == b'\n' {
                self.line += 1;
            }
            self.at += 1;
        }
        let space = &self.text[start..self.at];
        let begin = self.at;
        while self.at < self.text.len() && !is_space(self.text[self.at]) {
            self.at += 1;
        }
        let token = (self.at > begin).then(|| (&self.text[begin..self.at], self.line));
        Step { space, token }
    }
}

/// The output read as a stream of whitespace runs and tokens, each kept only up to a bound (the rest
/// read past): its memory is that bound, however long the output.
struct Stream<R> {
    reader: BufReader<R>,
    line: usize,
    /// Whether the output has any byte at all.
    started: bool,
}

/// A whitespace run and the token after it, as far as they were kept.
struct Kept {
    space: Vec<u8>,
    space_line: usize,
    /// The token, whether it went on past what was kept, and its line.
    token: Option<(Vec<u8>, bool, usize)>,
}

impl<R: Read> Stream<R> {
    fn new(output: R) -> Stream<R> {
        Stream {
            reader: BufReader::with_capacity(64 << 10, output),
            line: 1,
            started: false,
        }
    }

    /// The next whitespace run (the first `space_bytes` of it) and token (the first `token_bytes`).
    fn step(&mut self, space_bytes: usize, token_bytes: usize) -> io::Result<Kept> {
        let space_line = self.line;
        let mut space = Vec::new();
        self.take(true, space_bytes, &mut space)?;
        let line = self.line;
        let mut token = Vec::new();
        let cut = self.take(false, token_bytes, &mut token)?;
        Ok(Kept {
            space,
            space_line,
            token: (!token.is_empty()).then_some((token, cut, line)),
        })
    }

    /// Reads the run of whitespace (`space`) or token bytes ahead, keeping its first `cap` bytes in `kept`;
    /// whether it had more.
    fn take(&mut self, space: bool, cap: usize, kept: &mut Vec<u8>) -> io::Result<bool> {
        let mut cut = false;
        loop {
            let chunk = self.reader.fill_buf()?;
            if chunk.is_empty() {
                return Ok(cut);
            }
            self.started = true;
            let run = chunk
                .iter()
                .position(|&b| is_space(b) != space)
                .unwrap_or(chunk.len());
            if space {
                self.line += chunk[..run].iter().filter(|&&b| b == b'\n').count();
            }
            let room = cap.saturating_sub(kept.len());
            kept.extend_from_slice(&chunk[..run.min(room)]);
            cut |= run > room;
            let ended = run < chunk.len();
            self.reader.consume(run);
            if ended {
                return Ok(cut);
            }
        }
    }
}

/// Judges `output` (read as a stream) against `answer` with `flags`.
pub fn check(output: impl Read, answer: &[u8], flags: &Flags) -> Outcome {
    match judge(&mut Stream::new(output), answer, flags) {
        Ok(outcome) => outcome,
        Err(e) => Outcome::Failed(format!("cannot read the output: {e}")),
    }
}

fn judge(got: &mut Stream<impl Read>, answer: &[u8], flags: &Flags) -> io::Result<Outcome> {
    let mut want = Scanner::new(answer);
    // The first whitespace difference, for PE once every token has matched.
    let mut layout: Option<String> = None;
    for k in 0.. {
        let w = want.step();
        // Kept one byte past the answer's: enough to tell them apart, and to show.
        let space_bytes = (w.space.len() + 1).max(SHOWN_BYTES);
        let token_bytes = w.token.map_or(SHOWN_BYTES, |(t, _)| t.len() + TOKEN_SLACK);
        let g = got.step(space_bytes, token_bytes)?;
        if flags.space_change_sensitive && layout.is_none() && g.space != w.space {
            let place = match (k, &w.token) {
                (0, _) => "before the first token".to_string(),
                (_, None) => "after the last token".to_string(),
                _ => format!("between tokens {k} and {}", k + 1),
            };
            layout = Some(format!(
                "whitespace {place} (output line {}): expected {}, found {}",
                g.space_line,
                shown(w.space),
                shown(&g.space)
            ));
        }
        let note = match (g.token, w.token) {
            (None, None) => break,
            (Some((extra, _, line)), None) => format!(
                "the output goes on after the answer's {k} tokens: {} on line {line}",
                shown(&extra)
            ),
            (None, Some((expected, line))) => {
                let what = if k > 0 {
                    "the output ends early"
                } else if !got.started {
                    "the output is empty"
                } else {
                    "the output holds only whitespace"
                };
                format!(
                    "{what}: expected token {} {} (answer line {line}), found end of output",
                    k + 1,
                    shown(expected)
                )
            }
            (Some((token, cut, got_line)), Some((expected, want_line))) => {
                let differs = if cut {
                    Some(format!(
                        "expected {}, found a token of more than {} bytes: {}",
                        shown(expected),
                        token.len(),
                        shown(&token)
                    ))
                } else {
                    token_differs(&token, expected, flags)
                };
                match differs {
                    Some(note) => format!(
                        "token {} (output line {got_line}, answer line {want_line}): {note}",
                        k + 1
                    ),
                    None => continue,
                }
            }
        };
        return Ok(Outcome::Wrong(note));
    }
    Ok(match layout {
        Some(note) => Outcome::Presentation(note),
        None => Outcome::Accepted,
    })
}

/// Why the output token `got` does not match the answer token `want`, or `None`.
fn token_differs(got: &[u8], want: &[u8], flags: &Flags) -> Option<String> {
    if flags.floats() {
        if let Some(a) = float(want) {
            let Some(s) = float(got) else {
                return Some(format!(
                    "expected a number like {}, found {}",
                    shown(want),
                    shown(got)
                ));
            };
            let error = (s - a).abs();
            let absolute = flags.float_absolute.is_some_and(|eps| error <= eps);
            let relative = flags
                .float_relative
                .is_some_and(|eps| error <= eps * a.abs());
            return (!absolute && !relative).then(|| {
                format!(
                    "expected {}, found {} (absolute error {error:e}, relative {}; tolerance {})",
                    shown(want),
                    shown(got),
                    if a == 0.0 {
                        "undefined".to_string()
                    } else {
                        format!("{:e}", error / a.abs())
                    },
                    tolerance(flags)
                )
            });
        }
    }
    let same = if flags.case_sensitive {
        got == want
    } else {
        got.eq_ignore_ascii_case(want)
    };
    (!same).then(|| format!("expected {}, found {}", shown(want), shown(got)))
}

fn tolerance(flags: &Flags) -> String {
    match (flags.float_absolute, flags.float_relative) {
        (Some(a), Some(r)) if a == r => format!("{a:e}"),
        (Some(a), Some(r)) => format!("absolute {a:e} or relative {r:e}"),
        (Some(a), None) => format!("absolute {a:e}"),
        (None, Some(r)) => format!("relative {r:e}"),
        (None, None) => "none".into(),
    }
}

/// A token as a finite number (the reference reads it with `%lf`; `inf` and `nan` are not numbers to it).
fn float(token: &[u8]) -> Option<f64> {
    let text = std::str::from_utf8(token).ok()?;
    let lower = text.to_ascii_lowercase();
    if lower.contains("inf") || lower.contains("nan") {
        return None;
    }
    text.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// A token or whitespace run for a note: quoted, invisible characters escaped, long ones cut.
fn shown(bytes: &[u8]) -> String {
    show(&String::from_utf8_lossy(
        &bytes[..bytes.len().min(SHOWN_BYTES)],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(args: &[&str]) -> Flags {
        Flags::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap()
    }

    fn code(output: &str, answer: &str, args: &[&str]) -> &'static str {
        match check(output.as_bytes(), answer.as_bytes(), &flags(args)) {
            Outcome::Accepted => "AC",
            Outcome::Wrong(_) => "WA",
            Outcome::Presentation(_) => "PE",
            Outcome::Failed(_) => "JE",
        }
    }

    #[test]
    fn tokens_ignore_whitespace_and_case_by_default() {
        assert_eq!(code("1\n\n2   3", "1 2 3\n", &[]), "AC");
        assert_eq!(code("  YES\r\n", "yes\n", &[]), "AC");
        assert_eq!(code("YES\n", "yes\n", &["case_sensitive"]), "WA");
        assert_eq!(code("1 2", "1 2 3\n", &[]), "WA");
        assert_eq!(code("1 2 3 4", "1 2 3\n", &[]), "WA");
        assert_eq!(code("", "", &[]), "AC");
        assert_eq!(code("\n", "", &[]), "AC");
        // Whitespace is exactly the six bytes the specification names: a no-break space is a token byte.
        assert_eq!(code("1\u{a0}2", "1 2", &[]), "WA");
        assert_eq!(code("1\x0b2\x0c", "1 2", &[]), "AC");
        // Without a tolerance, numbers are strings.
        assert_eq!(code("1.0", "1", &[]), "WA");
    }

    #[test]
    fn notes_say_where() {
        assert_eq!(
            check(&b"1\n5\n"[..], b"1\n2\n", &Flags::default()),
            Outcome::Wrong(
                "token 2 (output line 2, answer line 2): expected \"2\", found \"5\"".into()
            )
        );
        assert_eq!(
            check(&b""[..], b"7\n", &Flags::default()),
            Outcome::Wrong(
                "the output is empty: expected token 1 \"7\" (answer line 1), found end of output"
                    .into()
            )
        );
        assert_eq!(
            check(&b"7 8\n"[..], b"7\n", &Flags::default()),
            Outcome::Wrong(
                "the output goes on after the answer's 1 tokens: \"8\" on line 1".into()
            )
        );
    }

    #[test]
    fn float_tolerances() {
        assert_eq!(
            code("0.3333334", "0.333333333", &["float_tolerance", "1e-6"]),
            "AC"
        );
        assert_eq!(
            code(
                "3.14000000e-2",
                "0.0314",
                &["float_relative_tolerance", "1e-9"]
            ),
            "AC"
        );
        assert_eq!(
            code("1000001", "1000000", &["float_relative_tolerance", "1e-6"]),
            "AC"
        );
        assert_eq!(
            code("1000001", "1000000", &["float_absolute_tolerance", "1e-6"]),
            "WA"
        );
        assert_eq!(code("1.01", "1", &["float_tolerance", "1e-6"]), "WA");
        assert_eq!(code("nan", "1", &["float_tolerance", "1"]), "WA");
        assert_eq!(code("inf", "1e308", &["float_tolerance", "1"]), "WA");
        // An answer token that is no number is compared as a string.
        assert_eq!(code("Yes 1.0", "yes 1", &["float_tolerance", "0"]), "AC");
        assert_eq!(code("x", "1", &["float_tolerance", "1"]), "WA");
    }

    #[test]
    fn space_change_sensitive_gives_pe_for_layout() {
        let s = ["space_change_sensitive"];
        assert_eq!(code("1 2\n", "1 2\n", &s), "AC");
        assert_eq!(code("1  2\n", "1 2\n", &s), "PE");
        assert_eq!(code("1 2", "1 2\n", &s), "PE");
        assert_eq!(code(" 1 2\n", "1 2\n", &s), "PE");
        assert_eq!(code("1 3\n", "1 2\n", &s), "WA");
        assert_eq!(
            check(&b"1\r\n2\n"[..], b"1\n2\n", &flags(&s)),
            Outcome::Presentation("whitespace between tokens 1 and 2 (output line 1): expected \"\\n\", found \"\\r\\n\"".into())
        );
    }

    #[test]
    fn the_output_is_read_as_a_stream_each_token_kept_as_far_as_it_can_match() {
        // Only what can still match is kept, however long the output goes on.
        let flood = io::repeat(b' ').take(64 << 20);
        let zeros = io::repeat(b'0').take(3 << 20);
        let long = (&b"1."[..]).chain(zeros).chain(&b"5x"[..]);
        assert_eq!(
            check((&b"1"[..]).chain(flood), b"1\n", &Flags::default()),
            Outcome::Accepted
        );
        match check(long, b"1\n", &flags(&["float_tolerance", "1"])) {
            Outcome::Wrong(note) => assert!(
                note.starts_with(&format!(
                    "token 1 (output line 1, answer line 1): expected \"1\", found a token of more than {} bytes: \"1.000",
                    1 + TOKEN_SLACK
                )),
                "{note}"
            ),
            other => panic!("{other:?}"),
        }
        // A number written longer than its answer, within the slack, is still a number.
        let digits = format!("0.5{}", "0".repeat(100_000));
        assert_eq!(code(&digits, "0.5", &["float_tolerance", "1e-9"]), "AC");
        // Whitespace runs are told apart however long.
        let s = flags(&["space_change_sensitive"]);
        let spaces = b"1"
            .chain(io::repeat(b' ').take(1 << 20))
            .chain(&b"2\n"[..]);
        assert!(matches!(
            check(spaces, b"1 2\n", &s),
            Outcome::Presentation(_)
        ));
    }

    #[test]
    fn bad_flags_are_the_packages_fault() {
        let parse =
            |args: &[&str]| Flags::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert!(parse(&["float_tolerance"]).is_err());
        assert!(parse(&["float_tolerance", "x"]).is_err());
        assert!(parse(&["float_tolerance", "1", "float_absolute_tolerance", "1"]).is_err());
        assert!(parse(&["ignore_case"])
            .unwrap_err()
            .starts_with("unknown default validator flag `ignore_case`"));
        assert_eq!(
            parse(&[
                "float_absolute_tolerance",
                "1e-3",
                "float_relative_tolerance",
                "1e-4"
            ])
            .unwrap(),
            Flags {
                float_absolute: Some(1e-3),
                float_relative: Some(1e-4),
                ..Flags::default()
            }
        );
    }
}
