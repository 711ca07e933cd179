//! `--json FILE`: one object. `isolation` first (`"namespaces"`, or `"none: <why>"`); its `cases` array
//! holds one object per line with the keys `problem`, `submission`, `case`, `group`, `verdict`, `cpu_ms`,
//! `wall_ms`, `memory_kib`, `note` (then `rerun`), in that order — so the lines that start with
//! `{"problem": ` are exactly the cases; `problems` holds one summary per judged submission (keyed `name`,
//! with an `official` and a `beyond` summary, `null` when it has no such case, and for example submissions
//! `expected` and `unmet`, `null` when met); `totals` and `errors` close it. Case names are the package's:
//! their group path below `data/` (`secret/official/07`).

use super::{GroupSummary, ProblemResult};
use crate::package::Group;
use std::fmt::Write;

/// The whole report; `errors` are the judge's own errors (a package that cannot be read, …).
pub fn render(problems: &[ProblemResult], errors: &[String], isolation: &str) -> String {
    let mut out = format!(
        "{{\n\"isolation\": {},\n\"problems\": [\n",
        string(isolation)
    );
    let summaries: Vec<String> = problems.iter().map(summary).collect();
    out += &summaries.join(",\n");
    out += "\n],\n\"cases\": [\n";
    let cases: Vec<String> = problems
        .iter()
        .flat_map(|p| {
            p.cases.iter().map(move |c| {
                format!(
                    "{{\"problem\": {}, \"submission\": {}, \"case\": {}, \"group\": \"{}\", \"verdict\": \"{}\", \"cpu_ms\": {}, \
                     \"wall_ms\": {}, \"memory_kib\": {}, \"note\": {}, \"rerun\": {}}}",
                    string(&p.name),
                    string(&p.solution),
                    string(&c.case),
                    c.group.name(),
                    c.verdict.code(),
                    c.cpu_ms,
                    c.wall_ms,
                    c.memory_kib,
                    string(&c.note),
                    c.rerun
                )
            })
        })
        .collect();
    out += &cases.join(",\n");
    let total: usize = problems.iter().map(|p| p.cases.len()).sum();
    let passed: usize = problems.iter().map(|p| p.passed()).sum();
    let errors: Vec<String> = errors.iter().map(|e| string(e)).collect();
    let _ = write!(
        out,
        "\n],\n\"totals\": {{\"problems\": {}, \"cases\": {total}, \"passed\": {passed}}},\n\"errors\": [{}]\n}}\n",
        problems.len(),
        errors.join(", ")
    );
    out
}

fn summary(p: &ProblemResult) -> String {
    let compile_error = p
        .compile_error
        .as_deref()
        .map_or("null".to_string(), string);
    let optional = |s: &Option<String>| s.as_deref().map_or("null".to_string(), string);
    format!(
        "{{\"name\": {}, \"submission\": {}, \"verdict\": \"{}\", \"cases\": {}, \"passed\": {}, \"skipped\": {}, \"official\": {}, \
         \"beyond\": {}, \"expected\": {}, \"unmet\": {}, \"time_limit_ms\": {}, \"time_limit_from\": {}, \"memory_limit_mb\": {}, \
         \"checker\": {}, \"max_cpu_ms\": {}, \"max_memory_kib\": {}, \"compile_error\": {compile_error}, \"judge_error\": {}, \"dialect\": {}}}",
        string(&p.name),
        string(&p.solution),
        p.verdict().code(),
        p.cases.len(),
        p.passed(),
        p.skipped,
        group(p.group(Group::Official)),
        group(p.group(Group::Beyond)),
        optional(&p.expectation),
        optional(&p.unmet),
        p.time_limit_ms,
        string(&p.time_limit_from),
        p.memory_limit_mb,
        string(&p.checker),
        p.cases.iter().map(|c| c.cpu_ms).max().unwrap_or(0),
        p.cases.iter().map(|c| c.memory_kib).max().unwrap_or(0),
        optional(&p.judge_error),
        optional(&p.dialect),
    )
}

/// `{"verdict": "AC", "cases": 40, "passed": 40}` or `null`.
fn group(summary: Option<GroupSummary>) -> String {
    summary.map_or("null".into(), |g| {
        format!(
            "{{\"verdict\": \"{}\", \"cases\": {}, \"passed\": {}}}",
            g.verdict.code(),
            g.cases,
            g.passed
        )
    })
}

/// A JSON string literal: quotes, backslashes and what a terminal obeys (`notes::obeyed`) escaped.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // C0, DEL and C1 (U+009B is a terminal's CSI), the bidi controls and line separators: escaped,
            // so `cat report.json` obeys none.
            c if crate::checker::notes::obeyed(c) => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::{case, problem};
    use super::*;
    use crate::verdict::Verdict;

    #[test]
    fn escaping() {
        assert_eq!(string("plain"), "\"plain\"");
        assert_eq!(
            string("a\"b\\c\nd\re\tf\u{1}g é"),
            "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g é\""
        );
        assert_eq!(
            string("\u{1b}[2J\u{7f}\u{9b}"),
            "\"\\u001b[2J\\u007f\\u009b\""
        );
    }

    #[test]
    fn one_case_per_line_in_the_fixed_key_order() {
        let p = problem(
            "p",
            vec![
                case("01", Verdict::Accepted, 3, ""),
                case("02", Verdict::WrongAnswer, 4, "line 1: \"x\""),
            ],
        );
        assert_eq!(
            render(&[p], &["bad/problem.yaml:3: unknown key `x`".into()], "namespaces"),
            "{\n\"isolation\": \"namespaces\",\n\"problems\": [\n\
             {\"name\": \"p\", \"submission\": \"problems/p/src/main.rs\", \"verdict\": \"WA\", \"cases\": 2, \"passed\": 1, \"skipped\": 0, \
             \"official\": {\"verdict\": \"WA\", \"cases\": 2, \"passed\": 1}, \"beyond\": null, \"expected\": null, \"unmet\": null, \
             \"time_limit_ms\": 1000, \"time_limit_from\": \"problem.yaml\", \"memory_limit_mb\": 64, \"checker\": \"default validator\", \
             \"max_cpu_ms\": 4, \"max_memory_kib\": 2048, \"compile_error\": null, \"judge_error\": null, \"dialect\": null}\n],\n\"cases\": [\n\
             {\"problem\": \"p\", \"submission\": \"problems/p/src/main.rs\", \"case\": \"01\", \"group\": \"official\", \"verdict\": \"AC\", \
             \"cpu_ms\": 3, \"wall_ms\": 4, \"memory_kib\": 2048, \"note\": \"\", \"rerun\": false},\n\
             {\"problem\": \"p\", \"submission\": \"problems/p/src/main.rs\", \"case\": \"02\", \"group\": \"official\", \"verdict\": \"WA\", \
             \"cpu_ms\": 4, \"wall_ms\": 5, \"memory_kib\": 2048, \"note\": \"line 1: \\\"x\\\"\", \"rerun\": false}\n],\n\
             \"totals\": {\"problems\": 1, \"cases\": 2, \"passed\": 1},\n\
             \"errors\": [\"bad/problem.yaml:3: unknown key `x`\"]\n}\n"
        );
    }

    #[test]
    fn empty_report_is_still_an_object() {
        assert_eq!(
            render(&[], &[], "none: why"),
            "{\n\"isolation\": \"none: why\",\n\"problems\": [\n\n],\n\"cases\": [\n\n],\n\"totals\": {\"problems\": 0, \"cases\": 0, \"passed\": 0},\n\"errors\": []\n}\n"
        );
    }
}
