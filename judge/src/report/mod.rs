//! Reports: what the engine found, as plain data (`ProblemResult` → `CaseResult`), and its renderings —
//! live lines, the summary table, JSON, JUnit, the HTML page. Every renderer is a pure function returning a `String`.

pub mod html;
pub mod json;
pub mod junit;
pub mod live;
pub mod table;

use crate::package::{Group, Package};
use crate::verdict::Verdict;

/// One case, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseResult {
    pub case: String,
    pub group: Group,
    /// The case's time limit after `--tl-mult` (a `[beyond]` table may set its own).
    pub time_limit_ms: u64,
    pub verdict: Verdict,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub memory_kib: u64,
    /// Why it is not AC (empty for AC).
    pub note: String,
    /// The first run came within 10 % of the time limit, so these figures are from a re-run alone.
    pub rerun: bool,
    /// With `--show`, for a case that is not AC: what it printed beside what was expected.
    pub excerpt: Option<Box<Excerpt>>,
}

/// The beginnings of a failing case's input, answer and output, and the end of its stderr, to show side
/// by side; with the whole files' sizes, so a report can say how much it cut.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Excerpt {
    pub input: String,
    pub answer: String,
    pub output: String,
    pub stderr: String,
    pub input_bytes: u64,
    pub answer_bytes: u64,
    pub output_bytes: u64,
}

/// One submission on one problem, judged: the settings as reported and its cases in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemResult {
    /// The package's name.
    pub name: String,
    /// The submission, as reports name it.
    pub solution: String,
    /// The time limit after `--tl-mult`, and where it comes from (`problem.yaml`, `.timelimit`, derived).
    pub time_limit_ms: u64,
    pub time_limit_from: String,
    pub memory_limit_mb: u64,
    /// What checks the output: `default validator`, the validator's path, `interactor …`.
    pub checker: String,
    /// How the problem's real judge's dialect applied: `compiled as POJ does`, or why not.
    pub dialect: Option<String>,
    /// One of the package's example submissions (else the user's own file).
    pub example: bool,
    /// What an example submission must get (its folder's rule and `submissions.yaml`'s), in short.
    pub expectation: Option<String>,
    /// Why that expectation is not met; `None` when it is (or there is none).
    pub unmet: Option<String>,
    /// The compiler's first error lines, when the solution did not compile.
    pub compile_error: Option<String>,
    /// Why every case is JE, when the judge could not even compile (a missing toolchain): said once.
    pub judge_error: Option<String>,
    pub cases: Vec<CaseResult>,
    /// Cases not run (or not counted) after a first failure that stops the job.
    pub skipped: usize,
}

/// One group's share of a problem: "official AC 40/40".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupSummary {
    pub group: Group,
    /// AC if every case of the group is, else the first failing case's.
    pub verdict: Verdict,
    pub cases: usize,
    pub passed: usize,
}

impl ProblemResult {
    /// The summary of `group`'s cases; `None` if the problem has none.
    pub fn group(&self, group: Group) -> Option<GroupSummary> {
        let cases: Vec<&CaseResult> = self.cases.iter().filter(|c| c.group == group).collect();
        (!cases.is_empty()).then(|| GroupSummary {
            group,
            verdict: cases
                .iter()
                .map(|c| c.verdict)
                .find(|&v| v != Verdict::Accepted)
                .unwrap_or(Verdict::Accepted),
            cases: cases.len(),
            passed: cases
                .iter()
                .filter(|c| c.verdict == Verdict::Accepted)
                .count(),
        })
    }

    /// The problem's verdict: AC if every case is, else the first failing case's (as a judge stops there).
    pub fn verdict(&self) -> Verdict {
        self.cases
            .iter()
            .map(|c| c.verdict)
            .find(|&v| v != Verdict::Accepted)
            .unwrap_or(Verdict::Accepted)
    }

    pub fn passed(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| c.verdict == Verdict::Accepted)
            .count()
    }

    /// How many cases earned `verdict`.
    pub fn count(&self, verdict: Verdict) -> usize {
        self.cases.iter().filter(|c| c.verdict == verdict).count()
    }
}

/// CPU time as a whole percentage of the limit (rounded down).
pub fn percent(cpu_ms: u64, limit_ms: u64) -> u64 {
    cpu_ms * 100 / limit_ms.max(1)
}

/// The verdict's code, in colour on a terminal: green AC, red wrong output or crash, yellow limits,
/// magenta for CE and JE.
pub fn paint(verdict: Verdict, colour: bool) -> String {
    paint_text(verdict, verdict.code(), colour)
}

/// `text` in `verdict`'s colour.
pub fn paint_text(verdict: Verdict, text: &str, colour: bool) -> String {
    if !colour {
        return text.to_string();
    }
    let code = match verdict {
        Verdict::Accepted => "32",
        Verdict::WrongAnswer | Verdict::PresentationError | Verdict::RuntimeError => "31",
        Verdict::TimeLimit | Verdict::MemoryLimit | Verdict::OutputLimit => "33",
        Verdict::CompileError | Verdict::JudgeError | Verdict::Undecided => "35",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

/// `--list`: each package with its limits, then its cases and submissions.
pub fn listing(packages: &[Package]) -> String {
    let mut out = String::new();
    for p in packages {
        let beyond = p.cases.iter().filter(|c| c.group == Group::Beyond).count();
        let time = match &p.time_limit {
            crate::package::TimeLimit::Fixed { ms, from } => format!("{ms} ms ({from})"),
            crate::package::TimeLimit::Derived => {
                "time limit derived from the accepted submissions".into()
            }
        };
        out += &format!(
            "{}: {} · {} ({beyond} beyond) · {time} · {} MiB · {}\n",
            p.name,
            p.title,
            crate::checker::notes::count(p.cases.len(), "case", "cases"),
            p.meta.memory_mib,
            crate::checker::notes::count(p.submissions.len(), "submission", "submissions")
        );
        for case in &p.cases {
            out += &format!("  {}\n", case.name);
        }
        for s in &p.submissions {
            let expected = s
                .expectation
                .as_ref()
                .map_or("not checked".into(), |e| e.summary());
            out += &format!("  {} (expects {expected})\n", s.program.label);
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub fn case(name: &str, verdict: Verdict, cpu_ms: u64, note: &str) -> CaseResult {
        CaseResult {
            case: name.into(),
            group: if name.starts_with("secret/beyond/") || name.starts_with("beyond/") {
                Group::Beyond
            } else {
                Group::Official
            },
            time_limit_ms: 1000,
            verdict,
            cpu_ms,
            wall_ms: cpu_ms + 1,
            memory_kib: 2048,
            note: note.into(),
            rerun: false,
            excerpt: None,
        }
    }

    pub fn problem(name: &str, cases: Vec<CaseResult>) -> ProblemResult {
        ProblemResult {
            name: name.into(),
            solution: format!("problems/{name}/src/main.rs"),
            time_limit_ms: 1000,
            time_limit_from: "problem.yaml".into(),
            memory_limit_mb: 64,
            checker: "default validator".into(),
            dialect: None,
            example: false,
            expectation: None,
            unmet: None,
            compile_error: None,
            judge_error: None,
            cases,
            skipped: 0,
        }
    }

    #[test]
    fn problem_verdict_is_the_first_failure() {
        let p = problem(
            "p",
            vec![
                case("1", Verdict::Accepted, 1, ""),
                case("2", Verdict::TimeLimit, 1001, ""),
                case("3", Verdict::WrongAnswer, 1, ""),
            ],
        );
        assert_eq!(
            (p.verdict(), p.passed(), p.count(Verdict::WrongAnswer)),
            (Verdict::TimeLimit, 1, 1)
        );
        assert_eq!(
            problem("q", vec![case("1", Verdict::Accepted, 1, "")]).verdict(),
            Verdict::Accepted
        );
    }

    #[test]
    fn groups_are_summed_apart() {
        let p = problem(
            "p",
            vec![
                case("official/1", Verdict::Accepted, 1, ""),
                case("official/2", Verdict::Accepted, 1, ""),
                case("beyond/crlf", Verdict::WrongAnswer, 1, ""),
                case("beyond/huge", Verdict::TimeLimit, 1001, ""),
            ],
        );
        let summary = |g| {
            let s: GroupSummary = p.group(g).unwrap();
            (s.verdict, s.passed, s.cases)
        };
        assert_eq!(summary(Group::Official), (Verdict::Accepted, 2, 2));
        assert_eq!(summary(Group::Beyond), (Verdict::WrongAnswer, 0, 2));
        let only = problem("q", vec![case("1", Verdict::Accepted, 1, "")]);
        assert_eq!(only.group(Group::Beyond), None);
    }

    #[test]
    fn percent_and_paint() {
        assert_eq!(
            (percent(999, 1000), percent(1500, 1000), percent(3, 0)),
            (99, 150, 300)
        );
        assert_eq!(paint(Verdict::Accepted, false), "AC");
        assert_eq!(paint(Verdict::Accepted, true), "\x1b[32mAC\x1b[0m");
        assert_eq!(paint(Verdict::MemoryLimit, true), "\x1b[33mMLE\x1b[0m");
    }
}
