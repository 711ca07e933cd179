//! What `judge stress` prints: the header, the progress line, and the reports at the end. Pure functions
//! of plain values, returning text.

use super::search::{Broken, Draw, Progress};
use super::setup::Setup;
use crate::checker::notes::visible;
use crate::report::live::side_by_side;
use crate::report::{paint, CaseResult};
use std::path::Path;
use std::time::Duration;

/// How many lines of an input the report shows, and how many characters of each.
const SHOWN_LINES: usize = 30;
const SHOWN_CHARS: usize = 100;

/// `go-capture: dfs.c · inputs from generators/random.rs · answers from generators/reference.rs · …`
pub fn header(setup: &Setup, seed: u64, seconds: f64, jobs: usize, max_size: u64) -> String {
    let job = &setup.job;
    let validators: Vec<String> = setup
        .validators
        .iter()
        .map(|(r, _)| name(&r.label))
        .collect();
    let validated = match validators.as_slice() {
        [] => "no input validator".to_string(),
        list => format!("validated by {}", list.join(", ")),
    };
    let sizes = match max_size {
        100 => String::new(),
        n => format!(" (sizes ≤ {n})"),
    };
    format!(
        "{}: {} · inputs from {}{sizes}, {validated} · answers from {} · checked by {} · {} ms · {} MiB\n\
         seed {seed} · looking for {} · -j {jobs}\n",
        name(&setup.problem),
        name(&setup.solution.label),
        name(&setup.generator.label),
        name(&setup.reference.label),
        name(&job.checker),
        job.time_limit_ms,
        job.memory_mib,
        seconds_text(seconds),
    )
}

/// What runs against what, for the page: the header's facts as (label, value) pairs.
pub fn facts(setup: &Setup) -> Vec<(String, String)> {
    let job = &setup.job;
    let mut facts = vec![
        ("solution".to_string(), name(&setup.solution.label)),
        ("inputs from".to_string(), name(&setup.generator.label)),
        ("answers from".to_string(), name(&setup.reference.label)),
    ];
    for (validator, _) in &setup.validators {
        facts.push(("validated by".to_string(), name(&validator.label)));
    }
    facts.push(("checked by".to_string(), name(&job.checker)));
    facts.push((
        "limits".to_string(),
        format!("{} ms · {} MiB", job.time_limit_ms, job.memory_mib),
    ));
    facts
}

fn seconds_text(seconds: f64) -> String {
    if seconds.fract() == 0.0 {
        format!("{seconds:.0} s")
    } else {
        format!("{seconds} s")
    }
}

/// `  1,234 inputs · sizes up to 37 · 201 inputs/s · 6.1 s`
pub fn progress(p: &Progress) -> String {
    format!(
        "  {} · sizes up to {} · {} · {:.1} s",
        inputs(p.tried),
        p.size,
        rate(p.tried, p.elapsed),
        p.elapsed.as_secs_f64()
    )
}

/// `  shrinking: 120 candidates tried · 37 kept · now 9 lines, 86 bytes · 2.1 s`
pub fn shrinking(tried: usize, kept: usize, input: &str, elapsed: Duration) -> String {
    format!(
        "  shrinking: {tried} candidates tried · {kept} kept · now {} · {:.1} s",
        measure(input),
        elapsed.as_secs_f64()
    )
}

/// `1 input`, `1,234 inputs`.
pub fn inputs(n: u64) -> String {
    format!("{} input{}", thousands(n), if n == 1 { "" } else { "s" })
}

fn rate(n: u64, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if seconds <= 0.0 {
        return "- inputs/s".into();
    }
    format!("{:.0} inputs/s", n as f64 / seconds)
}

/// `12,345`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `9 lines, 86 bytes`.
pub fn measure(input: &str) -> String {
    let lines = input.lines().count();
    format!(
        "{lines} line{}, {} byte{}",
        if lines == 1 { "" } else { "s" },
        input.len(),
        if input.len() == 1 { "" } else { "s" }
    )
}

/// The end of a search that found nothing.
pub fn nothing_found(tried: u64, elapsed: Duration, largest: u64, seed: u64) -> String {
    format!(
        "no failure in {} (sizes up to {largest}) in {:.1} s ({}); seed {seed}\n",
        inputs(tried),
        elapsed.as_secs_f64(),
        rate(tried, elapsed)
    )
}

/// `generators/random.rs 1234 5`: how to make input `draw` again.
pub fn generated_by(generator: &str, draw: Draw) -> String {
    format!("{} {} {}", name(generator), draw.seed, draw.size)
}

/// The line announcing the first failing input.
pub fn first_failure(index: u64, by: &str, result: &CaseResult, colour: bool) -> String {
    format!(
        "input #{} ({by}) fails: {}  {}\n",
        index + 1,
        paint(result.verdict, colour),
        one_line(&result.note)
    )
}

/// The report of the smallest failing input.
pub struct Found<'a> {
    pub input: &'a str,
    pub result: &'a CaseResult,
    /// Where the input and its answer were saved; `None`: they could not be (an error says why).
    pub saved: Option<(&'a Path, &'a Path)>,
    /// The failing input as first found: its index, how it was made, its text.
    pub first_index: u64,
    pub first_by: &'a str,
    pub first_input: &'a str,
    pub tried: u64,
    pub search_time: Duration,
    pub shrink_tried: usize,
    pub shrink_kept: usize,
    pub shrink_time: Duration,
    /// Why shrinking stopped early, if it did.
    pub shrink_stopped: Option<&'a str>,
    pub seed: u64,
}

pub fn found(f: &Found, colour: bool) -> String {
    let mut out = String::new();
    let shrunk = f.input != f.first_input;
    out += &format!(
        "\nsmallest failing input: {}{}\n",
        measure(f.input),
        if shrunk {
            format!(
                " (input #{}: {})",
                f.first_index + 1,
                measure(f.first_input)
            )
        } else {
            String::new()
        }
    );
    out += &shown_input(f.input);
    out += &format!(
        "verdict: {}  {}\n",
        paint(f.result.verdict, colour),
        one_line(&f.result.note)
    );
    if let Some(excerpt) = &f.result.excerpt {
        out += &side_by_side(excerpt);
    }
    out += &match f.saved {
        Some((input, answer)) => format!(
            "saved: {} (expected answer: {})\n",
            path(input),
            path(answer)
        ),
        None => "NOT saved (the error below says why): copy the input above\n".to_string(),
    };
    out += &format!(
        "search: {} in {:.1} s ({}), the failing one made by `{}`; shrinking: {} candidates tried, {} kept, {:.1} s\n",
        inputs(f.tried),
        f.search_time.as_secs_f64(),
        rate(f.tried, f.search_time),
        f.first_by,
        f.shrink_tried,
        f.shrink_kept,
        f.shrink_time.as_secs_f64()
    );
    if let Some(why) = f.shrink_stopped {
        out += &format!("shrinking stopped early: {why}\n");
    }
    out += &format!("seed {} (the same seed gives the same run)\n", f.seed);
    out
}

/// The input, indented, control characters escaped, cut to `SHOWN_LINES` lines of `SHOWN_CHARS`.
pub fn shown_input(input: &str) -> String {
    let lines: Vec<&str> = input.lines().collect();
    let mut out = String::new();
    for line in lines.iter().take(SHOWN_LINES) {
        let shown: String = visible(line).chars().take(SHOWN_CHARS).collect();
        let cut = if visible(line).chars().count() > SHOWN_CHARS {
            "…"
        } else {
            ""
        };
        out += &format!("  | {shown}{cut}\n");
    }
    if lines.len() > SHOWN_LINES {
        out += &format!("  | … {} more lines\n", lines.len() - SHOWN_LINES);
    }
    if !input.is_empty() && !input.ends_with('\n') {
        out += "  (no newline at the end)\n";
    }
    if input.is_empty() {
        out += "  (the input is empty)\n";
    }
    out
}

/// The message of a program that broke: which program, what it did, on what input, where it is saved.
pub fn broken(
    setup: &Setup,
    broken: &Broken,
    made_by: Option<&str>,
    saved: Option<&Path>,
) -> String {
    let on = match (made_by, saved) {
        (Some(by), Some(saved)) => format!(" on the input of `{by}` (saved to {})", path(saved)),
        (None, Some(saved)) => format!(" on the input saved to {}", path(saved)),
        (Some(by), None) => format!(" on `{by}`"),
        (None, None) => String::new(),
    };
    match broken {
        Broken::Generator(why) => format!(
            "the generator {} failed{on}: {}",
            name(&setup.generator.label),
            one_line(why)
        ),
        Broken::Invalid { validator, message } => format!(
            "the generator {} printed an input that the input validator {validator} rejects{on}: {}",
            name(&setup.generator.label),
            one_line(message)
        ),
        Broken::Validator { validator, message } => format!(
            "the input validator {validator} failed{on}: {} (the Kattis convention: exit 42 valid, 43 invalid; nothing says your solution is wrong)",
            one_line(message)
        ),
        Broken::Reference(why) => format!(
            "the reference {} failed{on}: {} (nothing says your solution is wrong)",
            name(&setup.reference.label),
            one_line(why)
        ),
        Broken::Checker(why) => format!(
            "the output validator ({}) failed{on}: {} (nothing says your solution is wrong)",
            name(&setup.job.checker),
            one_line(why)
        ),
        Broken::Judge(why) => format!("the judge could not run a program{on}: {}", one_line(why)),
    }
}

/// The message of a reference that gave two different answers to one input.
pub fn reference_disagrees(setup: &Setup, first: &str, second: &str, saved: &Path) -> String {
    format!(
        "the reference {} gave two different answers to the same input (saved to {}): first {}, then {} \
         (a reference must be deterministic; nothing says your solution is wrong)",
        name(&setup.reference.label),
        path(saved),
        crate::checker::notes::show(first),
        crate::checker::notes::show(second)
    )
}

/// A note on one line, escaped.
fn one_line(text: &str) -> String {
    visible(text).replace('\n', " | ")
}

/// A file's name or label on one line, escaped: a newline or an escape sequence in a name the user gave
/// must not split the report or be obeyed by the terminal.
pub fn name(text: &str) -> String {
    visible(text).replace('\n', "\\n")
}

fn path(path: &Path) -> String {
    name(&path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_easily() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(inputs(1), "1 input");
        assert_eq!(inputs(12345), "12,345 inputs");
        assert_eq!(measure("1\n-1\n"), "2 lines, 5 bytes");
        assert_eq!(measure("x"), "1 line, 1 byte");
    }

    #[test]
    fn progress_says_how_far_how_big_how_fast() {
        let p = Progress {
            tried: 1500,
            size: 37,
            elapsed: Duration::from_millis(7500),
        };
        assert_eq!(
            progress(&p),
            "  1,500 inputs · sizes up to 37 · 200 inputs/s · 7.5 s"
        );
    }

    #[test]
    fn an_input_is_shown_escaped_and_cut() {
        assert_eq!(shown_input("1\n\x1b[2J\n"), "  | 1\n  | \\u{1b}[2J\n");
        assert_eq!(shown_input("7"), "  | 7\n  (no newline at the end)\n");
        let long: String = (0..40).map(|i| format!("{i}\n")).collect();
        assert!(shown_input(&long).ends_with("  | … 10 more lines\n"));
        let wide = "x".repeat(150);
        assert_eq!(
            shown_input(&wide),
            format!("  | {}…\n  (no newline at the end)\n", "x".repeat(100))
        );
    }
}
