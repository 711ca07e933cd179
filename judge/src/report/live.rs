//! The lines printed while judging: a header per problem, then one line per case (verdict, CPU ms, % of the
//! time limit, peak MiB, and the note when not AC). A problem that did not compile gets one CE block.

use super::{paint, paint_text, percent, CaseResult, ProblemResult};
use crate::checker::notes::visible;
use crate::engine::Progress;
use crate::problem::Case;
use crate::verdict::{mib, Verdict};
use std::io::Write;

/// `poj1376-robot: problems/poj1376-robot/src/main.rs · 1000 ms · 64 MiB · checker lines · 35 cases`.
pub fn header(p: &ProblemResult, cases: usize) -> String {
    format!(
        "{}: {} · {} ms · {} MiB · checker {} · {}\n",
        p.name,
        p.solution,
        p.time_limit_ms,
        p.memory_limit_mb,
        p.checker,
        count(cases)
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
    line + "\n"
}

/// The CE block: the compiler's error lines, indented, once for all the problem's cases.
pub fn compile_error(p: &ProblemResult, cases: usize, colour: bool) -> String {
    let mut block = format!(
        "  {} compile error: all {} CE\n",
        paint(Verdict::CompileError, colour),
        count(cases)
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

/// `1 case`, `2 cases`.
fn count(cases: usize) -> String {
    format!("{cases} case{}", if cases == 1 { "" } else { "s" })
}

/// Prints live lines to stdout as the engine reports them; on a terminal, also the case in flight with its
/// elapsed time, so a slow solution never looks frozen.
pub struct Printer {
    colour: bool,
    terminal: bool,
    /// The longest case name of the current problem.
    width: usize,
    /// A "running" line is on screen and must be cleared before the next line.
    pending: bool,
}

impl Printer {
    pub fn new(colour: bool, terminal: bool) -> Printer {
        Printer {
            colour,
            terminal,
            width: 0,
            pending: false,
        }
    }

    fn print(&mut self, text: &str) {
        if std::mem::take(&mut self.pending) {
            print_now("\r\x1b[2K");
        }
        print_now(text);
    }
}

impl Progress for Printer {
    fn problem(&mut self, problem: &ProblemResult, cases: &[Case]) {
        self.width = cases
            .iter()
            .map(|c| c.name.chars().count())
            .max()
            .unwrap_or(0);
        let mut text = header(problem, cases.len());
        if problem.compile_error.is_some() {
            text += &compile_error(problem, cases.len(), self.colour);
        }
        self.print(&text);
    }

    fn case(&mut self, _problem: &ProblemResult, case: &CaseResult) {
        if case.verdict != Verdict::CompileError {
            self.print(&case_line(case, self.width, self.colour));
        }
    }

    fn waiting(&mut self, case: &str, elapsed: std::time::Duration) {
        if self.terminal {
            let line = format!("\r\x1b[2K  ... {case}  {:.1} s", elapsed.as_secs_f64());
            print_now(&line);
            self.pending = true;
        }
    }
}

/// Live lines are for watching: write them through at once, even into a pipe. A closed stdout
/// (`judge | head`) ends the judge quietly, as it ends `cat`.
fn print_now(text: &str) {
    let mut out = std::io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        crate::sandbox::stop_quietly();
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
            "p: problems/p/src/main.rs · 1000 ms · 64 MiB · checker lines · 3 cases\n"
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
