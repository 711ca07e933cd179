//! The lines printed while judging. With case detail (one file judged, or `--cases`): a header per job, then
//! one line per case (verdict, CPU ms, % of the time limit, peak MiB, and the note when not AC). Without
//! (every example submission of a package): a header per package, then one line per submission saying
//! whether it got what its folder expects.

use super::{paint, paint_text, percent, CaseResult, Excerpt, ProblemResult};
use crate::checker::notes::{count, visible};
use crate::engine::Progress;
use crate::plan::CaseSpec;
use crate::verdict::{mib, Verdict};

/// `poj1376-robot: problems/poj1376-robot/src/main.rs · 1000 ms · 64 MiB · default validator · 35 cases`.
pub fn header(p: &ProblemResult, cases: usize) -> String {
    let mut text = format!(
        "{}: {} · {} · {} MiB · {} · {}\n",
        p.name,
        p.solution,
        time_limit(p),
        p.memory_limit_mb,
        p.checker,
        count(cases, "case", "cases")
    );
    if let Some(dialect) = &p.dialect {
        text += &format!("  ({dialect})\n");
    }
    text
}

/// `1000 ms`, or `2000 ms (derived: …)` when the package states none.
fn time_limit(p: &ProblemResult) -> String {
    if p.time_limit_from.starts_with("deriving") {
        "time limit: derived from the accepted submissions below".to_string()
    } else if p.time_limit_from == "problem.yaml" {
        format!("{} ms", p.time_limit_ms)
    } else {
        format!("{} ms ({})", p.time_limit_ms, p.time_limit_from)
    }
}

/// The package header of the submissions view.
pub fn package_header(p: &ProblemResult, cases: usize) -> String {
    format!(
        "{}: {} · {} MiB · {} · {}\n",
        p.name,
        time_limit(p),
        p.memory_limit_mb,
        p.checker,
        count(cases, "case", "cases")
    )
}

/// `  AC  01-sample     12 ms    1%    2.0 MiB`, and `  WA  …  note` when there is one; the case name
/// padded to `width` so the figures line up.
pub fn case_line(c: &CaseResult, width: usize, colour: bool) -> String {
    let code = format!("{:<3}", c.verdict.code());
    let mut line = format!(
        "  {} {:<width$} {:>6} ms {:>4}% {:>10}",
        paint_text(c.verdict, &code, colour),
        visible(&c.case),
        c.cpu_ms,
        percent(c.cpu_ms, c.time_limit_ms),
        mib(c.memory_kib)
    );
    if c.rerun {
        line += "  (re-run alone)";
    }
    if !c.note.is_empty() {
        line += "  ";
        // Notes are escaped where they are made; again here, so no text reaches the terminal raw.
        line += &visible(&c.note).replace('\n', " | ");
    }
    line += "\n";
    line
}

/// Lines of a `--show` excerpt: the answer and the output side by side (`≠` where they differ, invisible
/// characters escaped), then the end of stderr.
pub fn side_by_side(e: &Excerpt) -> String {
    const LINES: usize = 20;
    const WIDTH: usize = 36;
    let cell = |text: Option<&str>| {
        let shown: String = visible(text.unwrap_or("")).chars().take(WIDTH).collect();
        let shown = if text.is_none() {
            "·".to_string()
        } else {
            shown
        };
        format!("{shown:<WIDTH$}")
    };
    let answer: Vec<&str> = e.answer.lines().collect();
    let output: Vec<&str> = e.output.lines().collect();
    let mut out = format!(
        "      {:<WIDTH$}   {}\n",
        "expected (.ans)", "received (your output)"
    );
    let rows = answer.len().max(output.len());
    for i in 0..rows.min(LINES) {
        let (a, o) = (answer.get(i).copied(), output.get(i).copied());
        let mark = if a.map(str::trim_end) == o.map(str::trim_end) {
            ' '
        } else {
            '≠'
        };
        out += format!("      {} {mark} {}", cell(a), cell(o)).trim_end();
        out.push('\n');
    }
    if rows > LINES {
        out += &format!("      … {} more lines\n", rows - LINES);
    }
    if output.is_empty() {
        out += "      (the output is empty)\n";
    }
    let stderr: Vec<&str> = e.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    if !stderr.is_empty() {
        out += "      stderr (its end):\n";
        for line in &stderr[stderr.len().saturating_sub(8)..] {
            out += &format!("        {}\n", visible(line));
        }
    }
    out
}

/// One submission's line: `  ok    accepted/hello.cc       AC 12/12    23 ms   2%` or
/// `  FAIL  wrong_answer/x.cpp      AC 12/12    …  expected WA: no WA, which the folder … requires`.
pub fn submission_line(p: &ProblemResult, width: usize, colour: bool) -> String {
    let verdict = p.verdict();
    let judged = format!(
        "{} {}/{}",
        verdict.code(),
        p.passed(),
        p.cases.len() + p.skipped
    );
    let slowest = p.cases.iter().map(|c| c.cpu_ms).max().unwrap_or(0);
    let (mark, good) = match (&p.expectation, &p.unmet) {
        (None, _) => ("--  ", true),
        (Some(_), None) => ("ok  ", true),
        (Some(_), Some(_)) => ("FAIL", false),
    };
    let mark = if good {
        paint_text(Verdict::Accepted, mark, colour && p.expectation.is_some())
    } else {
        paint_text(Verdict::WrongAnswer, mark, colour)
    };
    let mut line = format!(
        "  {mark}  {:<width$}  {}{} {:>6} ms {:>4}%",
        p.solution,
        paint_text(verdict, &judged, colour),
        " ".repeat(12usize.saturating_sub(judged.len())),
        slowest,
        percent(slowest, p.time_limit_ms)
    );
    match (&p.expectation, &p.unmet) {
        (Some(expected), Some(why)) => line += &format!("  expected {expected}: {why}"),
        (None, _) => line += "  (no expectation: not a folder the format knows)",
        _ => {}
    }
    if let Some(first) = p.cases.iter().find(|c| c.verdict != Verdict::Accepted) {
        if p.unmet.is_some() || p.expectation.is_none() {
            line += &format!(
                "  [{} {}: {}]",
                first.verdict,
                first.case,
                visible(&first.note).replace('\n', " | ")
            );
        }
    }
    line.trim_end().to_string() + "\n"
}

/// The CE block: the compiler's error lines, indented, once for all the job's cases.
pub fn compile_error(p: &ProblemResult, cases: usize, colour: bool) -> String {
    let mut block = format!(
        "  {} compile error: all {} CE\n",
        paint(Verdict::CompileError, colour),
        count(cases, "case", "cases")
    );
    for line in visible(p.compile_error.as_deref().unwrap_or("")).lines() {
        if !line.is_empty() {
            block += "      ";
        }
        block += line;
        block.push('\n');
    }
    block
}

/// Prints live lines to stdout as the engine reports them; on a terminal, also the case in flight with its
/// elapsed time, so a slow solution never looks frozen.
pub struct Printer {
    colour: bool,
    terminal: bool,
    /// One line per case (else one line per submission).
    cases: bool,
    /// The longest case or submission name of the current package.
    width: usize,
    /// The package whose header was printed last.
    package: String,
    /// A "running" line is on screen and must be cleared before the next line.
    pending: bool,
    /// `--show`: a failing case's answer and output under its line (the engine may keep them for the
    /// HTML page alone).
    show: bool,
}

impl Printer {
    /// `cases`: print every case (one file judged); else one line per submission. `show`: a failing
    /// case's texts under its line.
    pub fn new(colour: bool, terminal: bool, cases: bool, show: bool) -> Printer {
        Printer {
            colour,
            terminal,
            cases,
            width: 0,
            package: String::new(),
            pending: false,
            show,
        }
    }

    /// The widest submission name of each package, for the submissions view.
    pub fn widths(&mut self, width: usize) {
        self.width = self.width.max(width);
    }

    fn print(&mut self, text: &str) {
        if std::mem::take(&mut self.pending) {
            crate::sandbox::print_or_stop("\r\x1b[2K");
        }
        crate::sandbox::print_or_stop(text);
    }
}

impl Progress for Printer {
    fn job(&mut self, job: &ProblemResult, cases: &[CaseSpec]) {
        if self.cases {
            self.width = cases
                .iter()
                .map(|c| c.name.chars().count())
                .max()
                .unwrap_or(0);
            let mut text = header(job, cases.len());
            if job.compile_error.is_some() {
                text += &compile_error(job, cases.len(), self.colour);
            }
            if let Some(why) = &job.judge_error {
                text += &format!(
                    "  {} the judge cannot run it: all {} JE: {why}\n",
                    paint(Verdict::JudgeError, self.colour),
                    count(cases.len(), "case", "cases")
                );
            }
            self.print(&text);
        } else if job.name != self.package {
            self.package = job.name.clone();
            self.print(&package_header(job, cases.len()));
        }
    }

    fn case(&mut self, job: &ProblemResult, case: &CaseResult) {
        // A CE, or a JE every case shares, was said once in the header.
        let said = case.verdict == Verdict::CompileError
            || (job.judge_error.is_some() && case.verdict == Verdict::JudgeError);
        if self.cases && !said {
            let mut text = case_line(case, self.width, self.colour);
            if let (true, Some(excerpt)) = (self.show, &case.excerpt) {
                text += &side_by_side(excerpt);
            }
            self.print(&text);
        }
    }

    fn done(&mut self, job: &ProblemResult) {
        if self.cases {
            if job.skipped > 0 {
                self.print(&format!(
                    "  stopped at the first failure: {} not run\n",
                    count(job.skipped, "case", "cases")
                ));
            }
        } else {
            let line = submission_line(job, self.width, self.colour);
            self.print(&line);
        }
    }

    fn waiting(&mut self, case: &str, elapsed: std::time::Duration) {
        if self.terminal {
            let line = format!("\r\x1b[2K  ... {case}  {:.1} s", elapsed.as_secs_f64());
            crate::sandbox::print_or_stop(&line);
            self.pending = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{case, problem};
    use super::*;

    #[test]
    fn header_and_lines() {
        let p = problem("p", vec![]);
        assert_eq!(
            header(&p, 3),
            "p: problems/p/src/main.rs · 1000 ms · 64 MiB · default validator · 3 cases\n"
        );
        assert_eq!(
            case_line(&case("01-sample", Verdict::Accepted, 12, ""), 12, false),
            "  AC  01-sample        12 ms    1%    2.0 MiB\n"
        );
        let mut slow = case(
            "random/01",
            Verdict::TimeLimit,
            1500,
            "CPU 1500 ms > limit 1000 ms",
        );
        slow.rerun = true;
        assert_eq!(
            case_line(&slow, 9, false),
            "  TLE random/01   1500 ms  150%    2.0 MiB  (re-run alone)  CPU 1500 ms > limit 1000 ms\n"
        );
        assert_eq!(
            case_line(&case("x", Verdict::WrongAnswer, 1, "a\nb"), 1, true),
            "  \x1b[31mWA \x1b[0m x      1 ms    0%    2.0 MiB  a | b\n"
        );
    }

    #[test]
    fn show_puts_answer_and_output_side_by_side() {
        let e = Excerpt {
            answer: "3\n4\n".into(),
            output: "3\n5\x1b[31m\nextra\n".into(),
            stderr: "\nthread 'main' panicked\n".into(),
            ..Excerpt::default()
        };
        let text = side_by_side(&e);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1].trim_end(), format!("      {:<36}   3", "3"));
        assert!(lines[2].contains(" ≠ 5\\u{1b}[31m"), "{text}");
        assert!(
            lines[3].starts_with(&format!("      {:<36} ≠ extra", "·")),
            "{text}"
        );
        assert_eq!(
            lines[4..],
            ["      stderr (its end):", "        thread 'main' panicked"]
        );
    }

    #[test]
    fn submission_lines() {
        let mut good = problem("p", vec![case("secret/1", Verdict::Accepted, 23, "")]);
        good.solution = "accepted/a.cc".into();
        good.expectation = Some("AC".into());
        assert_eq!(
            submission_line(&good, 14, false),
            "  ok    accepted/a.cc   AC 1/1           23 ms    2%\n"
        );
        let mut bad = problem("p", vec![case("secret/1", Verdict::Accepted, 3, "")]);
        bad.solution = "wrong_answer/b.cc".into();
        bad.expectation = Some("WA".into());
        bad.unmet = Some("no WA, which the folder wrong_answer/ requires".into());
        assert_eq!(
            submission_line(&bad, 14, false),
            "  FAIL  wrong_answer/b.cc  AC 1/1            3 ms    0%  expected WA: no WA, which the folder wrong_answer/ requires\n"
        );
    }

    #[test]
    fn compile_error_block() {
        let mut p = problem("p", vec![]);
        p.compile_error =
            Some("error[E0425]: cannot find value `x`\n --> main.rs:1:1\n\nerror: aborting".into());
        // The compiler's empty lines stay empty: no trailing blanks.
        assert_eq!(
            compile_error(&p, 2, false),
            "  CE compile error: all 2 cases CE\n      error[E0425]: cannot find value `x`\n       --> main.rs:1:1\n\n      error: aborting\n"
        );
    }
}
