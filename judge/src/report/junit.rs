//! `--junit FILE`: JUnit XML for CI dashboards — a testsuite per judged submission (`<problem> <submission>`),
//! a testcase per case; CE and JE are `<error>` (the case could not be judged), every other non-AC verdict a
//! `<failure>`. An example submission adds a testcase `expectation`, failed when it did not get what its
//! folder expects (then its failing cases are what was expected, and are listed as passed). Times are CPU
//! seconds. A case's classname is `<problem>.official` or `<problem>.beyond`: the split the exit code counts.

use super::ProblemResult;
use crate::verdict::Verdict;

pub fn render(problems: &[ProblemResult]) -> String {
    let (mut tests, mut failures, mut errors) = (0, 0, 0);
    let mut suites = String::new();
    for p in problems {
        let checked = p.expectation.is_some();
        let p_errors = p.count(Verdict::CompileError)
            + p.count(Verdict::JudgeError)
            + p.count(Verdict::Undecided);
        let (p_tests, p_failures) = if checked {
            (p.cases.len() + 1, usize::from(p.unmet.is_some()))
        } else {
            (p.cases.len(), p.cases.len() - p.passed() - p_errors)
        };
        let cpu_ms: u64 = p.cases.iter().map(|c| c.cpu_ms).sum();
        suites += &format!(
            "  <testsuite name={} tests=\"{p_tests}\" failures=\"{p_failures}\" errors=\"{p_errors}\" time=\"{}\">\n",
            attr(&format!("{} {}", p.name, p.solution)),
            seconds(cpu_ms)
        );
        if let Some(expected) = &p.expectation {
            let open = format!(
                "    <testcase classname={} name=\"expectation\" time=\"0.000\"",
                attr(&p.name)
            );
            suites += &match &p.unmet {
                None => format!("{open}/>\n"),
                Some(why) => format!(
                    "{open}>\n      <failure type=\"expectation\" message={}>{}</failure>\n    </testcase>\n",
                    attr(&format!("expected {expected}")),
                    text(why)
                ),
            };
        }
        for c in &p.cases {
            let open = format!(
                "    <testcase classname={} name={} time=\"{}\"",
                attr(&format!("{}.{}", p.name, c.group.name())),
                attr(&c.case),
                seconds(c.cpu_ms)
            );
            let tag = match c.verdict {
                Verdict::CompileError | Verdict::JudgeError | Verdict::Undecided => "error",
                _ if checked || c.verdict == Verdict::Accepted => {
                    suites += &format!("{open}/>\n");
                    continue;
                }
                _ => "failure",
            };
            let message = format!(
                "{}: {}",
                c.verdict.code(),
                c.note.lines().next().unwrap_or("")
            );
            let body = format!(
                "{}\nCPU {} ms, wall {} ms, peak {} KiB",
                c.note, c.cpu_ms, c.wall_ms, c.memory_kib
            );
            suites += &format!(
                "{open}>\n      <{tag} type=\"{}\" message={}>{}</{tag}>\n    </testcase>\n",
                c.verdict.code(),
                attr(&message),
                text(&body)
            );
        }
        suites += "  </testsuite>\n";
        tests += p_tests;
        failures += p_failures;
        errors += p_errors;
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <testsuites name=\"judge\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{errors}\">\n{suites}</testsuites>\n"
    )
}

fn seconds(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// Character data: markup escaped, characters XML 1.0 forbids (controls other than tab/newline/CR) replaced.
fn text(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '\t' | '\n' | '\r' => c.to_string(),
            c if (c as u32) < 0x20 => "\u{fffd}".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// A quoted attribute value (quotes and newlines escaped too).
fn attr(s: &str) -> String {
    format!(
        "\"{}\"",
        text(s)
            .replace('"', "&quot;")
            .replace('\n', "&#10;")
            .replace('\r', "&#13;")
            .replace('\t', "&#9;")
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::{case, problem};
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(text("a<b>&c\u{1}\n"), "a&lt;b&gt;&amp;c\u{fffd}\n");
        assert_eq!(attr("say \"hi\"\n"), "\"say &quot;hi&quot;&#10;\"");
        assert_eq!(seconds(1234), "1.234");
    }

    #[test]
    fn suites_cases_failures_errors() {
        let p = problem(
            "p&q",
            vec![
                case("01", Verdict::Accepted, 3, ""),
                case(
                    "02",
                    Verdict::WrongAnswer,
                    4,
                    "line 1: expected \"1\", got \"<2>\"",
                ),
                case("03", Verdict::JudgeError, 0, "checker: broke"),
            ],
        );
        assert_eq!(
            render(&[p]),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <testsuites name=\"judge\" tests=\"3\" failures=\"1\" errors=\"1\">\n\
             \x20 <testsuite name=\"p&amp;q problems/p&amp;q/src/main.rs\" tests=\"3\" failures=\"1\" errors=\"1\" time=\"0.007\">\n\
             \x20   <testcase classname=\"p&amp;q.official\" name=\"01\" time=\"0.003\"/>\n\
             \x20   <testcase classname=\"p&amp;q.official\" name=\"02\" time=\"0.004\">\n\
             \x20     <failure type=\"WA\" message=\"WA: line 1: expected &quot;1&quot;, got &quot;&lt;2&gt;&quot;\">\
             line 1: expected \"1\", got \"&lt;2&gt;\"\nCPU 4 ms, wall 5 ms, peak 2048 KiB</failure>\n\
             \x20   </testcase>\n\
             \x20   <testcase classname=\"p&amp;q.official\" name=\"03\" time=\"0.000\">\n\
             \x20     <error type=\"JE\" message=\"JE: checker: broke\">checker: broke\nCPU 0 ms, wall 1 ms, peak 2048 KiB</error>\n\
             \x20   </testcase>\n\
             \x20 </testsuite>\n\
             </testsuites>\n"
        );
    }
}
