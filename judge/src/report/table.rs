//! The summary printed at the end: one row per judged submission (its problem, the official verdict, the
//! beyond verdict, the slowest case against its limit, peak memory, the count of each failing verdict, and
//! for example submissions whether they got what their folder expects), then the totals in words.

use super::{paint_text, percent, GroupSummary, ProblemResult};
use crate::checker::notes::count;
use crate::package::Group;
use crate::verdict::{mib, Verdict};

/// The table as text; `colour` paints the verdict columns.
pub fn render(results: &[ProblemResult], colour: bool) -> String {
    let width = |f: fn(&ProblemResult) -> &str, title: &str| {
        results
            .iter()
            .map(|p| f(p).chars().count())
            .max()
            .unwrap_or(0)
            .max(title.len())
    };
    let (pw, sw) = (
        width(|p| &p.name, "problem"),
        width(|p| &p.solution, "submission"),
    );
    let expectations = results.iter().any(|p| p.expectation.is_some());
    let mut out = format!(
        "{:<pw$}  {:<sw$}  {:<16}  {:<16}  {:>15}  {:>11}  {}\n",
        "problem",
        "submission",
        "official",
        "beyond",
        "slowest case",
        "peak memory",
        if expectations { "expected" } else { "failures" }
    );
    for p in results {
        let slowest = p.cases.iter().max_by_key(|c| c.cpu_ms);
        let (cpu, limit) = slowest.map_or((0, p.time_limit_ms), |c| (c.cpu_ms, c.time_limit_ms));
        let peak = p.cases.iter().map(|c| c.memory_kib).max().unwrap_or(0);
        let last = if expectations {
            match (&p.expectation, &p.unmet) {
                (None, _) => "not checked".to_string(),
                (Some(e), None) => format!("{e}: ok"),
                (Some(e), Some(_)) => {
                    paint_text(Verdict::WrongAnswer, &format!("{e}: FAILED"), colour)
                }
            }
        } else {
            let failures: Vec<String> = Verdict::ALL[1..]
                .iter()
                .filter(|&&v| p.count(v) > 0)
                .map(|&v| format!("{} {}", v.code(), p.count(v)))
                .collect();
            failures.join(", ")
        };
        let row = format!(
            "{:<pw$}  {:<sw$}  {}  {}  {:>6} ms {:>4}%  {:>11}  {last}",
            p.name,
            p.solution,
            cell(p.group(Group::Official), colour),
            cell(p.group(Group::Beyond), colour),
            cpu,
            percent(cpu, limit),
            mib(peak),
        );
        out += row.trim_end();
        out.push('\n');
    }
    out += &totals(results, " (see FAILED above)");
    out
}

/// The closing lines, as a person would say them; `pointer` follows the count when some example
/// submission did not get what its folder expects.
pub fn totals(results: &[ProblemResult], pointer: &str) -> String {
    let mut out = String::new();
    let checked: Vec<&ProblemResult> = results.iter().filter(|p| p.expectation.is_some()).collect();
    if !checked.is_empty() {
        let met = checked.iter().filter(|p| p.unmet.is_none()).count();
        out += &format!(
            "{met} of {} got what their folder expects{}\n",
            count(checked.len(), "example submission", "example submissions"),
            if met == checked.len() { "" } else { pointer }
        );
        return out;
    }
    for group in Group::ALL {
        let summaries: Vec<GroupSummary> = results.iter().filter_map(|p| p.group(group)).collect();
        if summaries.is_empty() {
            continue;
        }
        let cases: usize = summaries.iter().map(|g| g.cases).sum();
        let passed: usize = summaries.iter().map(|g| g.passed).sum();
        let accepted = summaries
            .iter()
            .filter(|g| g.verdict == Verdict::Accepted)
            .count();
        out += &format!(
            "{}: {accepted} of {} AC ({passed} of {} AC)\n",
            group.name(),
            count(summaries.len(), "problem", "problems"),
            count(cases, "case", "cases"),
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
                case("secret/official/1", Verdict::Accepted, 312, ""),
                case("secret/official/2", Verdict::Accepted, 5, ""),
            ],
        );
        let bad = problem(
            "boxes",
            vec![
                case("secret/official/1", Verdict::Accepted, 3, ""),
                case("secret/beyond/huge", Verdict::TimeLimit, 1004, ""),
                case("secret/beyond/crlf", Verdict::WrongAnswer, 3, ""),
            ],
        );
        assert_eq!(
            render(&[good, bad], false),
            "problem        submission                          official          beyond               slowest case  peak memory  failures\n\
             poj1077-eight  problems/poj1077-eight/src/main.rs  AC 2/2            -                    312 ms   31%      2.0 MiB\n\
             boxes          problems/boxes/src/main.rs          AC 1/1            TLE 0/2             1004 ms  100%      2.0 MiB  WA 1, TLE 1\n\
             official: 2 of 2 problems AC (3 of 3 cases AC)\n\
             beyond: 0 of 1 problem AC (0 of 2 cases AC)\n"
        );
    }

    #[test]
    fn example_submissions_say_whether_they_met_their_folder() {
        let mut ok = problem("hello", vec![case("secret/1", Verdict::Accepted, 3, "")]);
        ok.solution = "accepted/a.py".into();
        ok.expectation = Some("AC".into());
        let mut bad = problem("hello", vec![case("secret/1", Verdict::Accepted, 3, "")]);
        bad.solution = "wrong_answer/b.py".into();
        bad.expectation = Some("WA".into());
        bad.unmet = Some("no WA".into());
        let text = render(&[ok, bad], false);
        assert!(text.contains("accepted/a.py      AC 1/1"), "{text}");
        assert!(text.ends_with("WA: FAILED\n1 of 2 example submissions got what their folder expects (see FAILED above)\n"), "{text}");
    }
}
