//! The generic comparisons: exact, lines, tokens, float:EPS.

use super::notes::{layout, lines_of, show, tokens as split, wrong};
use super::Outcome;

/// Byte for byte; if only whitespace differs, PE.
pub fn exact(output: &str, answer: &str) -> Outcome {
    if output == answer {
        Outcome::Accepted
    } else {
        same_tokens_or_wrong(output, answer, true)
    }
}

/// Line by line ignoring trailing whitespace (`\r` included) and trailing empty lines.
pub fn lines(output: &str, answer: &str) -> Outcome {
    if lines_of(output).eq(lines_of(answer)) {
        Outcome::Accepted
    } else {
        same_tokens_or_wrong(output, answer, false)
    }
}

/// The same whitespace-separated tokens, whatever the layout.
pub fn tokens(output: &str, answer: &str) -> Outcome {
    if split(output).eq(split(answer)) {
        Outcome::Accepted
    } else {
        Outcome::Wrong(wrong(output, answer))
    }
}

/// Tokens, where a numeric answer token accepts any number within `eps` absolute or relative error.
pub fn float(output: &str, answer: &str, eps: f64) -> Outcome {
    let (mut got, mut want) = (split(output), split(answer));
    for k in 1.. {
        let (g, w) = match (got.next(), want.next()) {
            (Some(g), Some(w)) => (g, w),
            (None, None) => break,
            _ => return Outcome::Wrong(wrong(output, answer)),
        };
        let close = match (g.parse::<f64>(), w.parse::<f64>()) {
            (Ok(g), Ok(w)) => within(g, w, eps),
            _ => g == w,
        };
        if !close {
            return Outcome::Wrong(format!(
                "token {k}: expected {}, got {} (tolerance {eps:e})",
                show(w),
                show(g)
            ));
        }
    }
    Outcome::Accepted
}

/// |got − want| ≤ eps, or ≤ eps·|want|; NaN is never close.
fn within(got: f64, want: f64, eps: f64) -> bool {
    let error = (got - want).abs();
    error <= eps || error <= eps * want.abs()
}

fn same_tokens_or_wrong(output: &str, answer: &str, exact: bool) -> Outcome {
    if split(output).eq(split(answer)) {
        Outcome::Presentation(layout(output, answer, exact))
    } else {
        Outcome::Wrong(wrong(output, answer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(outcome: Outcome) -> &'static str {
        match outcome {
            Outcome::Accepted => "AC",
            Outcome::Wrong(_) => "WA",
            Outcome::Presentation(_) => "PE",
            Outcome::Failed(_) => "JE",
        }
    }

    #[test]
    fn exact_counts_every_byte() {
        assert_eq!(verdict(exact("1 2\n", "1 2\n")), "AC");
        assert_eq!(verdict(exact("1 2", "1 2\n")), "PE");
        assert_eq!(verdict(exact("1 2\r\n", "1 2\n")), "PE");
        assert_eq!(verdict(exact("1 3\n", "1 2\n")), "WA");
    }

    #[test]
    fn lines_ignores_trailing_whitespace_only() {
        assert_eq!(verdict(lines("1 2  \r\n3\n\n\n", "1 2\n3\n")), "AC");
        assert_eq!(verdict(lines("1 2\n3", "1 2\n3\n")), "AC");
        assert_eq!(verdict(lines("1  2\n3\n", "1 2\n3\n")), "PE");
        assert_eq!(verdict(lines("1 2 3\n", "1 2\n3\n")), "PE");
        assert_eq!(verdict(lines("\n1 2\n3\n", "1 2\n3\n")), "PE");
        assert_eq!(verdict(lines("1 2\n4\n", "1 2\n3\n")), "WA");
        assert_eq!(verdict(lines("", "\n")), "AC");
        assert_eq!(
            lines("", "3\n"),
            Outcome::Wrong("empty output (expected 1 line)".into())
        );
    }

    #[test]
    fn tokens_ignores_layout() {
        assert_eq!(verdict(tokens("1\n\n2   3", "1 2 3\n")), "AC");
        assert_eq!(verdict(tokens("1 2", "1 2 3\n")), "WA");
    }

    #[test]
    fn float_accepts_absolute_or_relative_error() {
        assert_eq!(verdict(float("0.3333334\n", "0.333333333", 1e-6)), "AC");
        assert_eq!(verdict(float("1000001", "1000000", 1e-6)), "AC");
        assert_eq!(verdict(float("1.01", "1", 1e-6)), "WA");
        assert_eq!(verdict(float("NaN", "1", 1e-6)), "WA");
        assert_eq!(verdict(float("yes 1.0", "yes 1", 0.0)), "AC");
        assert_eq!(verdict(float("no 1", "yes 1", 0.5)), "WA");
        assert_eq!(
            float("1 2.5", "1 2", 1e-3),
            Outcome::Wrong("token 2: expected \"2\", got \"2.5\" (tolerance 1e-3)".into())
        );
        assert_eq!(verdict(float("1", "1 2", 1.0)), "WA");
    }
}
