//! The summary printed at the end: one row per problem (cases, passed, verdict, slowest case against the
//! limit, peak memory, the count of each failing verdict), then the totals.

use super::{paint, percent, ProblemResult};
use crate::checker::notes::count;
use crate::verdict::{mib, Verdict};

/// The table as text; `colour` paints the verdict column.
pub fn render(problems: &[ProblemResult], colour: bool) -> String {
    let width = problems
        .iter()
        .map(|p| p.name.len())
        .max()
        .unwrap_or(0)
        .max("problem".len());
    let mut out = format!(
        "{:<width$}  cases  passed  verdict  {:>15}  {:>11}  failures\n",
        "problem", "slowest case", "peak memory"
    );
    for p in problems {
        let slowest = p.cases.iter().map(|c| c.cpu_ms).max().unwrap_or(0);
        let peak = p.cases.iter().map(|c| c.memory_kib).max().unwrap_or(0);
        let failures: Vec<String> = Verdict::ALL[1..]
            .iter()
            .filter(|&&v| p.count(v) > 0)
            .map(|&v| format!("{} {}", v.code(), p.count(v)))
            .collect();
        let verdict = p.verdict();
        let padding = " ".repeat(7 - verdict.code().len());
        let row = format!(
            "{:<width$}  {:>5}  {:>6}  {}{padding}  {:>6} ms {:>4}%  {:>11}  {}",
            p.name,
            p.cases.len(),
            p.passed(),
            paint(verdict, colour),
            slowest,
            percent(slowest, p.time_limit_ms),
            mib(peak),
            failures.join(", ")
        );
        out += row.trim_end();
        out.push('\n');
    }
    let cases: usize = problems.iter().map(|p| p.cases.len()).sum();
    let passed: usize = problems.iter().map(|p| p.passed()).sum();
    let failed = problems
        .iter()
        .filter(|p| p.verdict() != Verdict::Accepted)
        .count();
    out += &format!(
        "total: {passed} of {} AC; {failed} of {} not AC\n",
        count(cases, "case", "cases"),
        count(problems.len(), "problem", "problems")
    );
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::{case, problem};
    use super::*;

    #[test]
    fn rows_and_totals() {
        let good = problem(
            "poj1077-eight",
            vec![
                case("1", Verdict::Accepted, 312, ""),
                case("2", Verdict::Accepted, 5, ""),
            ],
        );
        let bad = problem(
            "boxes",
            vec![
                case("1", Verdict::WrongAnswer, 3, ""),
                case("2", Verdict::TimeLimit, 1004, ""),
                case("3", Verdict::WrongAnswer, 3, ""),
            ],
        );
        assert_eq!(
            render(&[good, bad], false),
            "problem        cases  passed  verdict     slowest case  peak memory  failures\n\
             poj1077-eight      2       2  AC          312 ms   31%      2.0 MiB\n\
             boxes              3       0  WA         1004 ms  100%      2.0 MiB  WA 2, TLE 1\n\
             total: 2 of 5 cases AC; 1 of 2 problems not AC\n"
        );
    }
}
