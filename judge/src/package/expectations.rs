//! What an example submission must get: its folder's rule (`accepted`: every case AC; `wrong_answer`: some
//! case WA, the rest AC; …) and any rules `submissions/submissions.yaml` adds (2023-07: per submission glob,
//! optionally per test group: `permitted` verdicts, `required` verdicts). Pure: rules in, the judged cases'
//! verdicts in, a yes or the first broken rule out.
//!
//! The format knows four outcomes; this judge's finer verdicts map onto them as the format does: PE is a
//! wrong answer, MLE and OLE are run-time errors. DOMjudge adds a fifth, the compile error, with folders
//! of its own (`compiler_error/`, `no_output/`, `output_limit/`) and `@EXPECTED_RESULTS@:` tags in the
//! source, which this judge reads too.

use crate::verdict::Verdict;
use crate::yaml::{self, Node, Value};
use std::fmt;

/// The format's verdicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ac,
    Wa,
    Tle,
    Rte,
    /// DOMjudge's `compiler_error/` and `COMPILER-ERROR`; no rule of the format permits it.
    Ce,
}

impl Outcome {
    /// The format's name for the judge's verdict (CE is DOMjudge's); `None` for JE and UD, which no rule
    /// permits.
    pub fn of(verdict: Verdict) -> Option<Outcome> {
        Some(match verdict {
            Verdict::Accepted => Outcome::Ac,
            Verdict::WrongAnswer | Verdict::PresentationError => Outcome::Wa,
            Verdict::TimeLimit => Outcome::Tle,
            Verdict::RuntimeError | Verdict::MemoryLimit | Verdict::OutputLimit => Outcome::Rte,
            Verdict::CompileError => Outcome::Ce,
            Verdict::JudgeError | Verdict::Undecided => return None,
        })
    }

    fn parse(text: &str) -> Option<Outcome> {
        Some(match text {
            "AC" => Outcome::Ac,
            "WA" => Outcome::Wa,
            "TLE" => Outcome::Tle,
            "RTE" => Outcome::Rte,
            _ => return None,
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Ac => "AC",
            Outcome::Wa => "WA",
            Outcome::Tle => "TLE",
            Outcome::Rte => "RTE",
            Outcome::Ce => "CE",
        })
    }
}

/// One rule: over the cases `cases` selects (all when `None`), every verdict in `permitted`, at least one
/// in `required`. A folder's rule looks at the cases up to the submission's first failure only: its
/// verdict, as problemtools and DOMjudge give it (a submission may well fail otherwise on later cases).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub cases: Option<String>,
    /// Judge only up to the first case that is not AC (a folder's rule).
    pub first_failure: bool,
    pub permitted: Option<Vec<Outcome>>,
    pub required: Option<Vec<Outcome>>,
    /// Where the rule comes from, for the report: `the folder accepted/`, `submissions.yaml:12`.
    pub origin: String,
}

/// Everything one submission must satisfy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expectation {
    pub rules: Vec<Rule>,
}

/// The folders the format names, and DOMjudge's three more, with their rules: (folder, permitted,
/// required).
const FOLDERS: [(&str, &[Outcome], &[Outcome]); 10] = {
    use Outcome::*;
    [
        ("accepted", &[Ac], &[]),
        ("partially_accepted", &[Ac], &[]),
        ("rejected", &[], &[Rte, Tle, Wa]),
        ("wrong_answer", &[Ac, Wa], &[Wa]),
        ("time_limit_exceeded", &[Ac, Tle], &[Tle]),
        ("run_time_error", &[Ac, Rte], &[Rte]),
        ("brute_force", &[Ac, Rte, Tle], &[Rte, Tle]),
        ("compiler_error", &[Ce], &[Ce]),
        ("no_output", &[Ac, Wa], &[Wa]),
        ("output_limit", &[Ac, Rte], &[Rte]),
    ]
};

impl Expectation {
    /// The rule of a folder of `submissions/`, if the format defines one.
    pub fn of_folder(folder: &str) -> Option<Expectation> {
        let (_, permitted, required) = FOLDERS.iter().find(|(name, _, _)| *name == folder)?;
        Some(Expectation {
            rules: vec![Rule {
                cases: None,
                first_failure: true,
                permitted: (!permitted.is_empty()).then(|| permitted.to_vec()),
                required: (!required.is_empty()).then(|| required.to_vec()),
                origin: format!("the folder {folder}/"),
            }],
        })
    }

    /// Whether the submission may stop at its first failure: only its folder's rule applies, which looks
    /// no further. A rule of `submissions.yaml` needs every case judged.
    pub fn stops_at_first_failure(&self) -> bool {
        self.rules.iter().all(|r| r.first_failure)
    }

    /// Whether every case is expected to pass: every rule permits AC alone (`accepted/`).
    pub fn passes_every_case(&self) -> bool {
        self.rules
            .iter()
            .all(|r| r.permitted.as_deref() == Some(&[Outcome::Ac][..]))
    }

    /// The first rule the judged cases break, with why; `None` if all hold. `judged` is every judged case's
    /// name (below `data/`) and verdict; a CE or JE breaks every rule.
    pub fn broken(&self, judged: &[(&str, Verdict)]) -> Option<String> {
        if let Some((name, verdict)) = judged.iter().find(|(_, v)| Outcome::of(*v).is_none()) {
            return Some(format!("{verdict} on {name}"));
        }
        // A compile error is every case's verdict: only a rule that permits it holds.
        if let Some((name, verdict)) = judged.iter().find(|(_, v)| *v == Verdict::CompileError) {
            if !self.rules.iter().all(|r| {
                r.permitted
                    .as_ref()
                    .is_some_and(|p| p.contains(&Outcome::Ce))
            }) {
                return Some(format!("{verdict} on {name}"));
            }
        }
        let until_failure = judged
            .iter()
            .position(|(_, v)| *v != Verdict::Accepted)
            .map_or(judged.len(), |i| i + 1);
        for rule in &self.rules {
            let seen = if rule.first_failure {
                &judged[..until_failure]
            } else {
                judged
            };
            let selected: Vec<(&str, Outcome)> = seen
                .iter()
                .filter(|(name, _)| {
                    rule.cases
                        .as_deref()
                        .map_or(true, |glob| selects(glob, name))
                })
                .filter_map(|(name, v)| Some((*name, Outcome::of(*v)?)))
                .collect();
            let scope = rule
                .cases
                .as_deref()
                .map_or(String::new(), |g| format!(" on {g}"));
            if let Some(permitted) = &rule.permitted {
                if let Some((name, outcome)) = selected.iter().find(|(_, o)| !permitted.contains(o))
                {
                    return Some(format!(
                        "{outcome} on {name}, where {} permits only {}{scope}",
                        rule.origin,
                        list(permitted)
                    ));
                }
            }
            if let Some(required) = &rule.required {
                if !selected.iter().any(|(_, o)| required.contains(o)) {
                    return Some(format!(
                        "no {}{scope}, which {} requires",
                        list(required),
                        rule.origin
                    ));
                }
            }
        }
        None
    }

    /// What the report shows as expected: `AC`, `WA`, or the rules in short.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = self
            .rules
            .iter()
            .map(|r| {
                let what = match (&r.permitted, &r.required) {
                    (Some(p), _) if p == &[Outcome::Ac] => "AC".to_string(),
                    (_, Some(req)) => list(req),
                    (Some(p), None) => list(p),
                    (None, None) => "anything".to_string(),
                };
                match &r.cases {
                    Some(glob) => format!("{what} on {glob}"),
                    None => what,
                }
            })
            .collect();
        let mut unique: Vec<String> = Vec::new();
        for part in parts {
            if !unique.contains(&part) {
                unique.push(part);
            }
        }
        unique.join(", ")
    }
}

fn list(outcomes: &[Outcome]) -> String {
    outcomes
        .iter()
        .map(|o| o.to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Whether the format's glob selects the case `name` (below `data/`): the case itself or one of its groups
/// matches. `*` stays within one path component; `{a,b}` expands.
pub fn selects(glob: &str, name: &str) -> bool {
    let parts: Vec<&str> = name.split('/').collect();
    (1..=parts.len()).any(|n| path_matches(glob, &parts[..n].join("/")))
}

/// Whether the format's glob matches all of `path` (submission paths too). A glob of too many brace
/// alternatives matches nothing (`parse_yaml` refuses it, naming its line).
pub fn path_matches(glob: &str, path: &str) -> bool {
    expand_braces(glob).unwrap_or_default().iter().any(|g| {
        let (gs, ps): (Vec<&str>, Vec<&str>) = (g.split('/').collect(), path.split('/').collect());
        gs.len() == ps.len() && gs.iter().zip(&ps).all(|(g, p)| crate::glob::matches(g, p))
    })
}

/// The most globs one glob's braces may stand for: far more than any submissions.yaml needs, and few
/// enough that `{a,b}` forty times over (2^40 globs) is refused, not expanded.
const MAX_BRACE_GLOBS: usize = 1024;

/// The globs `glob`'s braces stand for, left to right (`{simple,complex}.py` → `simple.py`, `complex.py`);
/// `None` past `MAX_BRACE_GLOBS`. A loop, not recursion: `{a}` a hundred thousand times is no stack.
fn expand_braces(glob: &str) -> Option<Vec<String>> {
    let mut globs = vec![String::new()];
    let mut rest = glob;
    while let Some((open, close)) = rest
        .find('{')
        .and_then(|open| Some((open, open + rest[open..].find('}')?)))
    {
        let alternatives: Vec<&str> = rest[open + 1..close].split(',').collect();
        if globs.len() * alternatives.len() > MAX_BRACE_GLOBS {
            return None;
        }
        globs = globs
            .iter()
            .flat_map(|g| {
                alternatives
                    .iter()
                    .map(move |a| format!("{g}{}{a}", &rest[..open]))
            })
            .collect();
        rest = &rest[close + 1..];
    }
    for g in &mut globs {
        g.push_str(rest);
    }
    Some(globs)
}

/// The rules `submissions.yaml` gives: (submission glob, rule) in file order. Keys it does not judge
/// (`authors`, `language`, `score`, …) are warnings when they would matter, never silence.
pub struct Yaml {
    pub entries: Vec<(String, Rule)>,
    pub warnings: Vec<String>,
}

/// Parses `submissions/submissions.yaml` (`file` names it).
pub fn parse_yaml(text: &str, file: &str) -> Result<Yaml, String> {
    let doc = yaml::parse(text).map_err(|e| format!("{file}:{}: {}", e.line, e.message))?;
    let mut entries = Vec::new();
    let mut warnings = Vec::new();
    let mut unchecked = super::metadata::UnknownKeys::unchecked(file);
    let mut errors = Vec::new();
    let Value::Map(globs) = &doc.value else {
        return if doc.is_null() {
            Ok(Yaml { entries, warnings })
        } else {
            Err(format!(
                "{file}:{}: expected a mapping from submission globs, found {}",
                doc.line,
                doc.kind()
            ))
        };
    };
    for (glob, body) in globs {
        let patterns = [(glob, &glob.text)]
            .into_iter()
            .chain(map(body).iter().map(|(key, _)| (key, &key.text)));
        for (key, pattern) in patterns {
            if expand_braces(pattern).is_none() {
                errors.push(format!(
                    "{file}:{}: a glob whose braces stand for more than {MAX_BRACE_GLOBS} globs",
                    key.line
                ));
            }
        }
        let mut rules = vec![rule(
            None,
            body,
            glob.line,
            file,
            &mut errors,
            &mut unchecked,
        )];
        for (key, value) in map(body) {
            if RULE_KEYS.contains(&key.text.as_str()) {
                continue;
            }
            // Any other key names test groups or cases the rule inside it applies to.
            if matches!(value.value, Value::Map(_)) {
                rules.push(rule(
                    Some(key.text.clone()),
                    value,
                    key.line,
                    file,
                    &mut errors,
                    &mut unchecked,
                ));
            } else {
                errors.push(format!(
                    "{file}:{}: `{}` must map to permitted/required",
                    key.line, key.text
                ));
            }
        }
        for rule in rules {
            if rule.permitted.is_some() || rule.required.is_some() {
                entries.push((glob.text.clone(), rule));
            }
        }
    }
    warnings.extend(unchecked.warning());
    if errors.is_empty() {
        Ok(Yaml { entries, warnings })
    } else {
        Err(errors.join("\n"))
    }
}

/// The keys of a submission's entry that are not test group names.
const RULE_KEYS: [&str; 9] = [
    "permitted",
    "required",
    "message",
    "score",
    "language",
    "entrypoint",
    "authors",
    "model_solution",
    "use_for_time_limit",
];

/// The rule in one mapping of `submissions.yaml` (its key on `line`), over the cases `cases` selects.
fn rule(
    cases: Option<String>,
    node: &Node,
    line: usize,
    file: &str,
    errors: &mut Vec<String>,
    unchecked: &mut super::metadata::UnknownKeys,
) -> Rule {
    let mut rule = Rule {
        cases,
        first_failure: false,
        permitted: None,
        required: None,
        origin: format!("{file}:{line}"),
    };
    for (key, value) in map(node) {
        let here = format!("{file}:{}", key.line);
        match key.text.as_str() {
            "permitted" | "required" => match outcomes(value) {
                Ok(list) if key.text == "permitted" => rule.permitted = Some(list),
                Ok(list) => rule.required = Some(list),
                Err(e) => errors.push(format!("{here}: {e}")),
            },
            "message" | "score" => unchecked.add(&key.text, key.line),
            _ => {}
        }
    }
    rule
}

fn map(node: &Node) -> &[(yaml::Key, Node)] {
    match &node.value {
        Value::Map(entries) => entries,
        _ => &[],
    }
}

fn outcomes(node: &Node) -> Result<Vec<Outcome>, String> {
    let words: Vec<String> = super::metadata::words(node);
    words
        .iter()
        .map(|w| {
            Outcome::parse(w).ok_or(format!(
                "unknown verdict `{w}` (the format's are AC, WA, TLE, RTE)"
            ))
        })
        .collect()
}

/// DOMjudge's `@EXPECTED_RESULTS@: A, B` tag in a submission's source: the submission's verdict (its
/// first failure's, or AC) is one of them. `None` without a tag; `Err` names a result it does not know.
pub fn expected_results(source: &str, origin: &str) -> Option<Result<Expectation, String>> {
    let at = source.find("@EXPECTED_RESULTS@:")?;
    let line = source[at + "@EXPECTED_RESULTS@:".len()..]
        .lines()
        .next()
        .unwrap_or("");
    let mut listed = Vec::new();
    for word in line.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let word = word.trim_end_matches("*/").trim();
        let outcome = match word.to_uppercase().replace('_', "-").as_str() {
            "CORRECT" | "ACCEPTED" => Outcome::Ac,
            "WRONG-ANSWER" | "NO-OUTPUT" => Outcome::Wa,
            "TIMELIMIT" | "TIME-LIMIT-EXCEEDED" => Outcome::Tle,
            "RUN-ERROR" | "RUN-TIME-ERROR" | "OUTPUT-LIMIT" | "MEMORY-LIMIT" => Outcome::Rte,
            "COMPILER-ERROR" => Outcome::Ce,
            // A person decides: nothing for a judge to check.
            "CHECK-MANUALLY" => return None,
            "" => continue,
            other => {
                return Some(Err(format!(
                    "{origin}: @EXPECTED_RESULTS@ names `{other}`, not a DOMjudge result"
                )))
            }
        };
        if !listed.contains(&outcome) {
            listed.push(outcome);
        }
    }
    let mut permitted = listed.clone();
    if !permitted.contains(&Outcome::Ac) && !permitted.contains(&Outcome::Ce) {
        permitted.push(Outcome::Ac);
    }
    let required = (!listed.contains(&Outcome::Ac)).then_some(listed);
    Some(Ok(Expectation {
        rules: vec![Rule {
            cases: None,
            first_failure: true,
            permitted: Some(permitted),
            required,
            origin: format!("{origin}'s @EXPECTED_RESULTS@"),
        }],
    }))
}

/// The expectation of the submission at `path` (below `submissions/`): its folder's rule, with a
/// `submissions.yaml` entry named exactly like the folder replacing it (the format's way to change a
/// folder's default), then every other entry whose glob matches the submission or a folder above it.
pub fn for_submission(path: &str, yaml: &[(String, Rule)]) -> Option<Expectation> {
    let folder = path.split('/').next().unwrap_or_default();
    let known = Expectation::of_folder(folder);
    let mut expectation = known.clone().unwrap_or_default();
    let overrides: Vec<&Rule> = yaml
        .iter()
        .filter(|(g, r)| g == folder && r.cases.is_none())
        .map(|(_, r)| r)
        .collect();
    if let (Some(default), false) = (expectation.rules.first_mut(), overrides.is_empty()) {
        for o in overrides {
            default.permitted = o.permitted.clone().or(default.permitted.take());
            default.required = o.required.clone().or(default.required.take());
            default.origin = o.origin.clone();
            // A 2023-07 construct: it judges every case, as that version of the format says.
            default.first_failure = false;
        }
    }
    let parts: Vec<&str> = path.split('/').collect();
    for (glob, rule) in yaml {
        // A folder the format does not know has no default to replace: an entry named like it is its
        // rule (2023-07: "more [folders] can be added").
        let is_override = known.is_some() && glob == folder && rule.cases.is_none();
        let matched = (1..=parts.len()).any(|n| path_matches(glob, &parts[..n].join("/")));
        if matched && !is_override {
            expectation.rules.push(rule.clone());
        }
    }
    (!expectation.rules.is_empty()).then_some(expectation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::*;

    fn folder(name: &str) -> Expectation {
        Expectation::of_folder(name).unwrap()
    }

    #[test]
    fn folder_rules() {
        assert_eq!(
            folder("accepted").broken(&[("sample/1", Accepted), ("secret/2", Accepted)]),
            None
        );
        assert_eq!(
            folder("accepted").broken(&[("sample/1", Accepted), ("secret/2", MemoryLimit)]),
            Some("RTE on secret/2, where the folder accepted/ permits only AC".into())
        );
        assert_eq!(
            folder("wrong_answer").broken(&[("a", Accepted), ("b", PresentationError)]),
            None
        );
        assert_eq!(
            folder("wrong_answer").broken(&[("a", Accepted), ("b", Accepted)]),
            Some("no WA, which the folder wrong_answer/ requires".into())
        );
        assert_eq!(
            folder("time_limit_exceeded").broken(&[("a", TimeLimit)]),
            None
        );
        assert_eq!(
            folder("time_limit_exceeded").broken(&[("a", WrongAnswer)]),
            Some("WA on a, where the folder time_limit_exceeded/ permits only AC/TLE".into())
        );
        assert_eq!(folder("run_time_error").broken(&[("a", OutputLimit)]), None);
        assert_eq!(folder("rejected").broken(&[("a", TimeLimit)]), None);
        assert_eq!(
            folder("accepted").broken(&[("a", CompileError)]),
            Some("CE on a".into())
        );
        assert!(Expectation::of_folder("slow_accepted").is_none());
    }

    #[test]
    fn submissions_yaml_adds_a_folder() {
        // 2023-07: more folders than the format's can be added, their rule given by their name.
        let yaml = parse_yaml(
            "slow_accepted:\n  permitted: [AC, TLE]\n  use_for_time_limit: false\n",
            "s.yaml",
        )
        .unwrap();
        let e = for_submission("slow_accepted/a.c", &yaml.entries).expect("a rule");
        assert_eq!(e.broken(&[("a", Accepted), ("b", TimeLimit)]), None);
        assert!(e.broken(&[("a", WrongAnswer)]).is_some());
        assert!(for_submission("other_folder/a.c", &yaml.entries).is_none());
    }

    #[test]
    fn globs_of_the_format() {
        assert!(selects("secret/official", "secret/official/random/07"));
        assert!(selects("secret/*-easy", "secret/g1-easy/03"));
        assert!(!selects("secret/*", "sample/1") && selects("secret/*", "secret/1"));
        assert!(!selects("secret/off*", "secret/beyond/x"));
        assert!(path_matches("{simple,complex}.py", "complex.py"));
        assert!(path_matches("{a,b}/{c,d}.py", "b/c.py"));
        assert!(!path_matches("{a,b}/{c,d}.py", "b/e.py"));
        assert_eq!(expand_braces("x{1,2}y{3}z").unwrap(), ["x1y3z", "x2y3z"]);
        assert_eq!(expand_braces("}{a,b").unwrap(), ["}{a,b"]);
        assert!(expand_braces(&"{a,b}".repeat(40)).is_none());
        assert_eq!(
            expand_braces(&"{a}".repeat(100_000)).unwrap()[0].len(),
            100_000
        );
        assert!(path_matches("wrong_answer/*", "wrong_answer/a.cpp"));
        assert!(!path_matches("wrong_answer/*", "wrong_answer/d/a.cpp"));
    }

    #[test]
    fn submissions_yaml_adds_group_rules() {
        let yaml = parse_yaml(
            "wrong_answer/official-only.cpp:\n  sample:\n    permitted: [AC]\n  secret/official:\n    permitted: [AC]\n\
             time_limit_exceeded:\n  permitted: [AC, WA, TLE]\n",
            "s.yaml",
        )
        .unwrap();
        let e = for_submission("wrong_answer/official-only.cpp", &yaml.entries).unwrap();
        assert!(!e.stops_at_first_failure());
        let good = [
            ("sample/1", Accepted),
            ("secret/official/1", Accepted),
            ("secret/beyond/1", WrongAnswer),
        ];
        assert_eq!(e.broken(&good), None);
        let bad = [
            ("sample/1", Accepted),
            ("secret/official/1", WrongAnswer),
            ("secret/beyond/1", WrongAnswer),
        ];
        assert_eq!(
            e.broken(&bad),
            Some(
                "WA on secret/official/1, where s.yaml:4 permits only AC on secret/official".into()
            )
        );
        assert_eq!(e.summary(), "WA, AC on sample, AC on secret/official");
        // The folder's own entry replaces its default: TLE submissions may now also WA.
        let tle = for_submission("time_limit_exceeded/x.py", &yaml.entries).unwrap();
        assert!(!tle.stops_at_first_failure() && tle.rules.len() == 1);
        assert_eq!(tle.broken(&[("a", WrongAnswer), ("b", TimeLimit)]), None);
        // A folder's rule judges the first failure only; submissions.yaml's rules every case they select.
        let mixed = [
            ("sample/1", Accepted),
            ("secret/beyond/1", WrongAnswer),
            ("secret/official/1", TimeLimit),
        ];
        assert_eq!(folder("wrong_answer").broken(&mixed), None);
        let yaml = parse_yaml(
            "wrong_answer/m.c:\n  secret/official:\n    required: [TLE]\n",
            "s.yaml",
        )
        .unwrap();
        let e = for_submission("wrong_answer/m.c", &yaml.entries).unwrap();
        assert!(!e.stops_at_first_failure());
        assert_eq!(e.broken(&mixed), None);
        assert_eq!(
            e.broken(&[
                ("sample/1", Accepted),
                ("secret/beyond/1", WrongAnswer),
                ("secret/official/1", Accepted)
            ]),
            Some("no TLE on secret/official, which s.yaml:2 requires".into())
        );
        assert_eq!(
            parse_yaml("a:\n  permitted: [OK]\n", "s.yaml").err(),
            Some("s.yaml:2: unknown verdict `OK` (the format's are AC, WA, TLE, RTE)".into())
        );
    }
}
