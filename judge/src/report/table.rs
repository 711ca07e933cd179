//! The summary printed at the end: one row per problem (the official verdict, the beyond verdict, the
//! slowest case against its limit, peak memory, the count of each failing verdict), then the totals.

use super::{paint_text, percent, GroupSummary, ProblemResult};
use crate::checker::notes::count;
use crate::problem::Group;
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
        "{:<width$}  {:<16}  {:<16}  {:>15}  {:>11}  failures\n",
        "problem", "official", "beyond", "slowest case", "peak memory"
    );
    for p in problems {
        let slowest = p.cases.iter().max_by_key(|c| c.cpu_ms);
        let (cpu, limit) = slowest.map_or((0, p.time_limit_ms), |c| (c.cpu_ms, c.time_limit_ms));
        let peak = p.cases.iter().map(|c| c.memory_kib).max().unwrap_or(0);
        let failures: Vec<String> = Verdict::ALL[1..]
            .iter()
            .filter(|&&v| p.count(v) > 0)
            .map(|&v| format!("{} {}", v.code(), p.count(v)))
            .collect();
        let row = format!(
            "{:<width$}  {}  {}  {:>6} ms {:>4}%  {:>11}  {}",
            p.name,
            cell(p.group(Group::Official), colour),
            cell(p.group(Group::Beyond), colour),
            cpu,
            percent(cpu, limit),
            mib(peak),
            failures.join(", ")
        );
        out += row.trim_end();
        out.push('\n');
    }
    for group in Group::ALL {
        let summaries: Vec<GroupSummary> = problems.iter().filter_map(|p| p.group(group)).collect();
        if summaries.is_empty() {
            continue;
        }
        let cases: usize = summaries.iter().map(|g| g.cases).sum();
        let passed: usize = summaries.iter().map(|g| g.passed).sum();
        let failed = summaries
            .iter()
            .filter(|g| g.verdict != Verdict::Accepted)
            .count();
        out += &format!(
            "{}: {passed} of {} AC; {failed} of {} not AC\n",
            group.name(),
            count(cases, "case", "cases"),
            count(summaries.len(), "problem", "problems")
        );
    }
    out
}

/// `AC 40/40` padded to the column, painted; `-` for a group without cases.
fn cell(summary: Option<GroupSummary>, colour: bool) -> String {
    let Some(g) = summary else {
        return format!("{:<16}", "-");
    };
    let text = format!("{} {}/{}", g.verdict.code(), g.passed, g.cases);
    let padding = " ".repeat(16usize.saturating_sub(text.len()));
    paint_text(g.verdict, &text, colour) + &padding
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
                case("official/1", Verdict::Accepted, 312, ""),
                case("official/2", Verdict::Accepted, 5, ""),
            ],
        );
        let bad = problem(
            "boxes",
            vec![
                case("official/1", Verdict::Accepted, 3, ""),
                case("beyond/huge", Verdict::TimeLimit, 1004, ""),
                case("beyond/crlf", Verdict::WrongAnswer, 3, ""),
            ],
        );
        assert_eq!(
            render(&[good, bad], false),
            "problem        official          beyond               slowest case  peak memory  failures\n\
             poj1077-eight  AC 2/2            -                    312 ms   31%      2.0 MiB\n\
             boxes          AC 1/1            TLE 0/2             1004 ms  100%      2.0 MiB  WA 1, TLE 1\n\
             official: 3 of 3 cases AC; 0 of 2 problems not AC\n\
             beyond: 0 of 2 cases AC; 1 of 1 problem not AC\n"
        );
    }
}
