//! Checkers: does the contestant's output answer the input, given the reference answer? The built-in ones
//! are generic text comparisons (output, answer) → `Outcome`; a problem's own rules live beside its
//! testdata as a checker program (`program`), never in the judge.

pub mod default;
pub mod notes;
pub mod program;
pub mod text;

use std::path::PathBuf;

/// What a checker decided, with the note the report shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Accepted,
    /// WA: the note says where and how the output is wrong.
    Wrong(String),
    /// PE: the right tokens in another layout.
    Presentation(String),
    /// JE: the checker itself failed (or the testdata contradicts itself); the verdict cannot be trusted.
    Failed(String),
}

/// The `checker` key of problem.toml.
#[derive(Clone, Debug, PartialEq)]
pub enum Checker {
    /// Byte for byte; a difference in whitespace only is PE.
    Exact,
    /// Line by line ignoring trailing whitespace and trailing empty lines; other whitespace differences PE.
    Lines,
    /// Whitespace-separated tokens, layout ignored.
    Tokens,
    /// Tokens; numeric ones may differ by an absolute or relative error ≤ the epsilon.
    Float(f64),
    /// An external checker in the testlib protocol: `PATH input output answer ARGS…`, exit 0 AC, 1 WA,
    /// 2 PE, anything else JE. A source file is compiled like a solution (by its language); anything else
    /// is run as an executable. A relative path is taken from the problem's folder.
    Program(PathBuf, Vec<String>),
}

impl Checker {
    /// Parses the `checker` value; `program:` paths are returned as written (the caller resolves them).
    pub fn parse(value: &str) -> Result<Checker, String> {
        let checker = match value {
            "exact" => Checker::Exact,
            "lines" => Checker::Lines,
            "tokens" => Checker::Tokens,
            _ => {
                if let Some(eps) = value.strip_prefix("float:") {
                    match eps.parse::<f64>() {
                        Ok(eps) if eps.is_finite() && eps >= 0.0 => Checker::Float(eps),
                        _ => {
                            return Err(format!(
                                "`{value}`: EPS must be a non-negative number, e.g. float:1e-6"
                            ))
                        }
                    }
                } else if let Some(command) = value
                    .strip_prefix("program:")
                    .filter(|p| !p.trim().is_empty())
                {
                    let mut words = command.split_whitespace().map(String::from);
                    let path = words.next().unwrap_or_default();
                    Checker::Program(PathBuf::from(path), words.collect())
                } else {
                    return Err(format!(
                        "unknown checker `{value}`: expected exact, lines, tokens, float:EPS or program:PATH [ARGS]"
                    ));
                }
            }
        };
        Ok(checker)
    }

    /// The pure checkers; `None` for `Program`, which runs a process (see `program::check`).
    pub fn check_text(&self, output: &str, answer: &str) -> Option<Outcome> {
        Some(match self {
            Checker::Exact => text::exact(output, answer),
            Checker::Lines => text::lines(output, answer),
            Checker::Tokens => text::tokens(output, answer),
            Checker::Float(eps) => text::float(output, answer, *eps),
            Checker::Program(..) => return None,
        })
    }
}

impl std::fmt::Display for Checker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Checker::Exact => write!(f, "exact"),
            Checker::Lines => write!(f, "lines"),
            Checker::Tokens => write!(f, "tokens"),
            Checker::Float(eps) => write!(f, "float:{eps:e}"),
            Checker::Program(path, args) if args.is_empty() => {
                write!(f, "program:{}", path.display())
            }
            Checker::Program(path, args) => {
                write!(f, "program:{} {}", path.display(), args.join(" "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_every_checker() {
        assert_eq!(Checker::parse("exact"), Ok(Checker::Exact));
        assert_eq!(Checker::parse("lines"), Ok(Checker::Lines));
        assert_eq!(Checker::parse("tokens"), Ok(Checker::Tokens));
        assert_eq!(Checker::parse("float:1e-6"), Ok(Checker::Float(1e-6)));
        // Problem-specific checkers live beside their testdata as programs, not in the judge.
        assert!(Checker::parse("eight").is_err());
        assert_eq!(
            Checker::parse("program:check.rs"),
            Ok(Checker::Program("check.rs".into(), Vec::new()))
        );
        assert_eq!(
            Checker::parse("program:check.rs beyond  x"),
            Ok(Checker::Program(
                "check.rs".into(),
                vec!["beyond".into(), "x".into()]
            ))
        );
        assert!(Checker::parse("float:-1")
            .unwrap_err()
            .contains("non-negative"));
        assert!(Checker::parse("program:")
            .unwrap_err()
            .starts_with("unknown checker `program:`"));
        assert!(Checker::parse("token")
            .unwrap_err()
            .starts_with("unknown checker `token`"));
    }

    #[test]
    fn display_round_trips() {
        for name in [
            "exact",
            "lines",
            "tokens",
            "float:1e-6",
            "program:a/b",
            "program:a/b beyond",
        ] {
            assert_eq!(Checker::parse(name).unwrap().to_string(), name);
        }
    }

    #[test]
    fn check_text_dispatches() {
        assert_eq!(
            Checker::Tokens.check_text("1\n2", "1 2"),
            Some(Outcome::Accepted)
        );
        assert_eq!(
            Checker::Program("x".into(), Vec::new()).check_text("", ""),
            None
        );
    }
}
