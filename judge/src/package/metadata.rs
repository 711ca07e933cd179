//! `problem.yaml` → `Metadata`, for the legacy format (problemtools' default) and 2023-07 (the draft
//! problemtools reads, and the final text published as 2025-09). Pure: the text in, the metadata and its
//! warnings out; every mistake names `file:line`.

pub use super::version::{Format, Version};
use crate::yaml::{self, Node, Value};

/// What `problem.yaml` says, defaults filled in (problemtools' defaults where the format leaves them to
/// the system).
#[derive(Clone, Debug, PartialEq)]
pub struct Metadata {
    pub version: Version,
    /// The loader's view of `version`: legacy or 2023-07.
    pub format: Format,
    /// The problem's name (in English, or the first language given).
    pub name: Option<String>,
    pub interactive: bool,
    /// A multi-pass problem (`type: multi-pass`, legacy DOMjudge's `validation: custom multi-pass`): the
    /// output validator may write `nextpass.in`, and the submission runs again on it, at most
    /// `validation_passes` times in all.
    pub multi_pass: bool,
    pub validation_passes: u32,
    /// 2023-07's `allow_file_writing`: the submission may write in its working folder (else it is
    /// read-only, and `/tmp` is its only scratch space).
    pub allow_file_writing: bool,
    /// Legacy `validation: custom`: the package's own output validator judges. (Modern: the presence of
    /// `output_validator/` decides, which the loader sees.)
    pub custom_validation: bool,
    /// Legacy `validator_flags`, passed to the output validator before each group's flags.
    pub validator_flags: Vec<String>,
    /// The fixed time limit, if the package states one (`limits.time_limit`).
    pub time_limit_ms: Option<u64>,
    /// Slowest accepted submission × this ≤ the time limit (`time_multiplier` in legacy).
    pub ac_to_time_limit: f64,
    /// The time limit × this ≤ the fastest time-limit-exceeded submission (`time_safety_margin` in legacy).
    pub time_limit_to_tle: f64,
    /// A derived time limit is a whole multiple of this (seconds).
    pub time_resolution: f64,
    pub memory_mib: u64,
    pub output_mib: u64,
    pub compilation_seconds: u64,
    pub compilation_memory_mib: u64,
    pub validation_seconds: u64,
    pub validation_memory_mib: u64,
    pub validation_output_mib: u64,
    pub source: Option<String>,
    pub license: Option<String>,
    /// 2025-09's `constants`: each `{{name}}` and `{{name.variant}}` with its text, replaced in validators,
    /// included files and example submissions.
    pub constants: Constants,
}

/// Constant sequences (`name`, `name.value`, `name.variant`) and the text each stands for.
pub type Constants = Vec<(String, String)>;

/// problemtools' system defaults (its `config/problem.yaml`).
pub const DEFAULT_MEMORY_MIB: u64 = 1024;
pub const DEFAULT_OUTPUT_MIB: u64 = 8;
const DEFAULT_SECONDS: u64 = 60;
/// `limits.validation_passes` when a multi-pass problem gives none.
const DEFAULT_PASSES: u32 = 2;
/// The largest number a limit or multiplier may be: far past any real problem's, and small enough that
/// milliseconds, KiB and their products never overflow (a multiplier of 1e300 once derived a time limit
/// of u64::MAX ms).
const MAX_LIMIT: f64 = 1e6;

/// The keys of `limits` whose value every version writes the same way (the exporter copies them as they
/// are); the rest of `LIMIT_KEYS` are the time keys each version names its own way, and the passes.
pub const PLAIN_LIMIT_KEYS: [&str; 8] = [
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
];
/// Every key of `limits` some version defines.
const LIMIT_KEYS: [&[&str]; 2] = [
    &PLAIN_LIMIT_KEYS,
    &[
        "time_multiplier",
        "time_safety_margin",
        "time_multipliers",
        "time_limit",
        "time_resolution",
        "validation_passes",
    ],
];

/// Parses `problem.yaml` (`file` names it in messages). `Ok` carries the warnings: keys this judge does not
/// know or does not use. `Err` is every mistake that makes the package unjudgeable, one per line.
pub fn parse(text: &str, file: &str) -> Result<(Metadata, Vec<String>), String> {
    let doc = yaml::parse(text).map_err(|e| format!("{file}:{}: {}", e.line, e.message))?;
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let at = |node: &Node| format!("{file}:{}", node.line);
    if !matches!(doc.value, Value::Map(_) | Value::Null) {
        return Err(format!(
            "{}: expected a mapping of keys, found {}",
            at(&doc),
            doc.kind()
        ));
    }
    let version = doc.get("problem_format_version");
    let Some(parsed) = Version::parse(version.map(|v| v.text().unwrap_or_default())) else {
        let node = version.unwrap_or(&doc);
        return Err(format!(
            "{}: problem_format_version `{}` unknown (known: {})",
            at(node),
            node.text().unwrap_or_default(),
            Version::KNOWN
        ));
    };
    let format = parsed.format();
    let (ac_to_time_limit, time_limit_to_tle) = parsed.default_multipliers();
    let mut meta = Metadata {
        version: parsed,
        format,
        name: None,
        interactive: false,
        multi_pass: false,
        validation_passes: DEFAULT_PASSES,
        custom_validation: false,
        allow_file_writing: false,
        validator_flags: Vec::new(),
        time_limit_ms: None,
        ac_to_time_limit,
        time_limit_to_tle,
        time_resolution: 1.0,
        memory_mib: DEFAULT_MEMORY_MIB,
        output_mib: DEFAULT_OUTPUT_MIB,
        compilation_seconds: DEFAULT_SECONDS,
        compilation_memory_mib: DEFAULT_MEMORY_MIB,
        validation_seconds: DEFAULT_SECONDS,
        validation_memory_mib: DEFAULT_MEMORY_MIB,
        validation_output_mib: DEFAULT_OUTPUT_MIB,
        source: None,
        license: None,
        constants: Vec::new(),
    };
    let Value::Map(entries) = &doc.value else {
        return Ok((meta, warnings));
    };
    let known = parsed.problem_keys();
    let mut unknown = UnknownKeys::new(file);
    for (key, node) in entries {
        let here = format!("{file}:{}", key.line);
        match key.text.as_str() {
            "name" => meta.name = name(node),
            "source" => meta.source = source(node),
            "license" => meta.license = node.text().map(String::from),
            "allow_file_writing" if format == Format::Modern => match node.text() {
                Some("true") => meta.allow_file_writing = true,
                Some("false") => meta.allow_file_writing = false,
                _ => errors.push(format!(
                    "{here}: `allow_file_writing` must be true or false, found {}",
                    found(node)
                )),
            },
            "constants" if format == Format::Modern => match constants(node) {
                Ok(found) => meta.constants = found,
                Err(e) => errors.push(format!("{file}:{e}")),
            },
            "type" => {
                match problem_type(node) {
                    Ok((interactive, multi_pass)) => {
                        meta.interactive |= interactive;
                        meta.multi_pass |= multi_pass;
                        if metadata_words(node).iter().any(|t| t == "scoring") {
                            warnings.push(format!("{here}: a scoring problem: scores are not judged here, only pass/fail"));
                        }
                    }
                    Err(e) => errors.push(format!("{here}: {e}")),
                }
            }
            "validation" => {
                let words: Vec<&str> = node.text().unwrap_or_default().split_whitespace().collect();
                match words.first() {
                    Some(&"default") | None => {}
                    Some(&"custom") => meta.custom_validation = true,
                    Some(other) => errors.push(format!(
                        "{here}: validation must start with `default` or `custom`, found `{other}`"
                    )),
                }
                meta.interactive |= words.contains(&"interactive");
                meta.multi_pass |= words.contains(&"multi-pass");
                if words.contains(&"score") {
                    warnings.push(format!(
                        "{here}: `validation: … score`: scores are not judged here, only pass/fail"
                    ));
                }
            }
            "validator_flags" => {
                meta.validator_flags = words(node);
                if format == Format::Modern {
                    warnings.push(format!("{here}: `validator_flags` is legacy; 2023-07 sets output_validator_flags per test group"));
                }
            }
            "limits" => limits(
                node,
                file,
                &mut meta,
                &mut errors,
                &mut warnings,
                &mut unknown,
            ),
            "grading" => {
                if node.get("objective").is_some() || node.get("show_test_data_groups").is_some() {
                    warnings.push(format!(
                        "{here}: `grading` (scoring problems) is not used: judged as pass/fail"
                    ));
                }
            }
            other if known.contains(&other) => {}
            other if Version::any_has_key(other) => warnings.push(format!(
                "{here}: `{other}` belongs to another version of the format than `{}`; ignored",
                version.and_then(Node::text).unwrap_or("legacy")
            )),
            other => unknown.add(other, key.line),
        }
    }
    warnings.extend(unknown.warning());
    if errors.is_empty() {
        Ok((meta, warnings))
    } else {
        Err(errors.join("\n"))
    }
}

/// The keys of one file that the judge does not know (or does not check), said in one warning however
/// many there are: a file of 100,000 made-up keys is one line of warning, not 100,000. The first few are
/// named, each with its line, cut to a readable length.
pub struct UnknownKeys {
    file: String,
    /// Known to the format but not checked by this judge (`message` in submissions.yaml), else unknown.
    unchecked: bool,
    named: Vec<(String, usize)>,
    count: usize,
}

impl UnknownKeys {
    /// How many keys the warning names; the rest are counted.
    const NAMED: usize = 3;
    /// How much of a key's name the warning shows.
    const KEY_CHARS: usize = 60;

    pub fn new(file: &str) -> UnknownKeys {
        UnknownKeys {
            file: file.to_string(),
            unchecked: false,
            named: Vec::new(),
            count: 0,
        }
    }

    /// For keys the format defines and this judge does not check.
    pub fn unchecked(file: &str) -> UnknownKeys {
        UnknownKeys {
            unchecked: true,
            ..UnknownKeys::new(file)
        }
    }

    /// The key `key` (as the warning names it: `limits.cpu`) on `line`.
    pub fn add(&mut self, key: &str, line: usize) {
        self.count += 1;
        if self.named.len() < Self::NAMED {
            let mut shown: String = key.chars().take(Self::KEY_CHARS).collect();
            if shown.len() < key.len() {
                shown.push('…');
            }
            self.named.push((shown, line));
        }
    }

    /// The one warning, if there was any such key: `p/problem.yaml:3: unknown key `speed`; ignored`, or
    /// `p/problem.yaml:3: 2 unknown keys, `speed` and `limits.cpu` (line 5); ignored`.
    pub fn warning(&self) -> Option<String> {
        let (first, line) = self.named.first()?;
        let file = &self.file;
        if self.count == 1 {
            return Some(match self.unchecked {
                false => format!("{file}:{line}: unknown key `{first}`; ignored"),
                true => format!("{file}:{line}: `{first}` is not checked by this judge"),
            });
        }
        let mut names = vec![format!("`{first}`")];
        names.extend(
            self.named[1..]
                .iter()
                .map(|(key, line)| format!("`{key}` (line {line})")),
        );
        let list = match self.count - self.named.len() {
            0 => {
                let last = names.pop().unwrap_or_default();
                format!("{} and {last}", names.join(", "))
            }
            rest => format!("{} and {rest} more", names.join(", ")),
        };
        let count = self.count;
        Some(match self.unchecked {
            false => format!("{file}:{line}: {count} unknown keys, {list}; ignored"),
            true => format!("{file}:{line}: {count} keys this judge does not check, {list}"),
        })
    }
}

/// The `constants` map: a name to a scalar, or to a map of variants with a required `value`.
fn constants(node: &Node) -> Result<Constants, String> {
    let Value::Map(entries) = &node.value else {
        return match node.is_null() {
            true => Ok(Vec::new()),
            false => Err(format!(
                "{}: `constants` must be a map of names to values",
                node.line
            )),
        };
    };
    let mut found = Vec::new();
    for (key, value) in entries {
        let name = &key.text;
        let valid = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(format!(
                "{}: constant name `{name}` must match [a-zA-Z_][a-zA-Z0-9_]*",
                key.line
            ));
        }
        match &value.value {
            Value::Scalar { text, .. } => {
                found.push((name.clone(), text.clone()));
                found.push((format!("{name}.value"), text.clone()));
            }
            Value::Map(variants) => {
                let mut has_value = false;
                for (variant, text) in variants {
                    let Some(text) = text.text() else {
                        return Err(format!(
                            "{}: constant `{name}.{}` must be a number or a string",
                            variant.line, variant.text
                        ));
                    };
                    if variant.text == "value" {
                        has_value = true;
                        found.push((name.clone(), text.to_string()));
                    }
                    found.push((format!("{name}.{}", variant.text), text.to_string()));
                }
                if !has_value {
                    return Err(format!(
                        "{}: constant `{name}` has variants but no `value`",
                        key.line
                    ));
                }
            }
            _ => {
                return Err(format!(
                    "{}: constant `{name}` must be a number, a string or a map of variants",
                    value.line
                ))
            }
        }
    }
    Ok(found)
}

/// The `limits` map.
fn limits(
    node: &Node,
    file: &str,
    meta: &mut Metadata,
    errors: &mut Vec<String>,
    warnings: &mut Vec<String>,
    unknown: &mut UnknownKeys,
) {
    let Value::Map(entries) = &node.value else {
        if !node.is_null() {
            errors.push(format!(
                "{file}:{}: `limits` must be a mapping, found {}",
                node.line,
                node.kind()
            ));
        }
        return;
    };
    for (key, value) in entries {
        let here = format!("{file}:{}", key.line);
        let mut number = |min: f64| match value.number() {
            Some(x) if x.is_finite() && x >= min && x <= MAX_LIMIT => Some(x),
            _ => {
                errors.push(format!(
                    "{here}: `limits.{}` must be a number from {min} to {MAX_LIMIT}, found {}",
                    key.text,
                    found(value)
                ));
                None
            }
        };
        let whole = |x: f64| x.ceil() as u64;
        match key.text.as_str() {
            "time_multiplier" => {
                meta.ac_to_time_limit = number(1.0).unwrap_or(meta.ac_to_time_limit)
            }
            "time_safety_margin" => {
                meta.time_limit_to_tle = number(1.0).unwrap_or(meta.time_limit_to_tle)
            }
            "time_limit" => meta.time_limit_ms = number(0.001).map(|s| (s * 1000.0).round() as u64),
            "time_resolution" => meta.time_resolution = number(0.001).unwrap_or(1.0),
            "memory" => meta.memory_mib = number(1.0).map_or(meta.memory_mib, whole),
            "output" => meta.output_mib = number(1.0).map_or(meta.output_mib, whole),
            "compilation_time" => {
                meta.compilation_seconds = number(1.0).map_or(DEFAULT_SECONDS, whole)
            }
            "compilation_memory" => {
                meta.compilation_memory_mib = number(1.0).map_or(DEFAULT_MEMORY_MIB, whole)
            }
            "validation_time" => {
                meta.validation_seconds = number(1.0).map_or(DEFAULT_SECONDS, whole)
            }
            "validation_memory" => {
                meta.validation_memory_mib = number(1.0).map_or(DEFAULT_MEMORY_MIB, whole)
            }
            "validation_output" => {
                meta.validation_output_mib = number(1.0).map_or(DEFAULT_OUTPUT_MIB, whole)
            }
            "time_multipliers" => {
                for (inner, v) in map_entries(value) {
                    let x = v
                        .number()
                        .filter(|x| x.is_finite() && (1.0..=MAX_LIMIT).contains(x));
                    match (inner.text.as_str(), x) {
                        ("ac_to_time_limit", Some(x)) => meta.ac_to_time_limit = x,
                        ("time_limit_to_tle", Some(x)) => meta.time_limit_to_tle = x,
                        ("ac_to_time_limit" | "time_limit_to_tle", None) => errors.push(format!(
                            "{file}:{}: `{}` must be a number from 1 to {MAX_LIMIT}",
                            inner.line, inner.text
                        )),
                        (other, _) => {
                            unknown.add(&format!("limits.time_multipliers.{other}"), inner.line)
                        }
                    }
                }
            }
            "validation_passes" => match value.number() {
                Some(n) if n.fract() == 0.0 && (2.0..=MAX_LIMIT).contains(&n) => {
                    meta.validation_passes = n as u32
                }
                _ => errors.push(format!(
                    "{here}: `validation_passes` must be a whole number from 2 to {MAX_LIMIT}, found {}",
                    found(value)
                )),
            },
            "code" => {}
            other if LIMIT_KEYS.iter().any(|keys| keys.contains(&other)) => {
                warnings.push(format!("{here}: `limits.{other}` ignored"))
            }
            other => unknown.add(&format!("limits.{other}"), key.line),
        }
    }
}

/// A value as an error message quotes it: in backticks, escaped, cut; a quoted scalar said to be a string
/// (`"2"` is not the number 2).
fn found(node: &Node) -> String {
    let (text, quoted) = match &node.value {
        Value::Scalar { text, quoted } => (text.as_str(), *quoted),
        _ => (node.kind(), false),
    };
    let escaped = crate::checker::notes::visible(text).replace('\n', "\\n");
    let mut shown: String = escaped.chars().take(60).collect();
    if shown.len() < escaped.len() {
        shown.push('…');
    }
    if quoted {
        format!("`\"{shown}\"` (quoted: a string)")
    } else {
        format!("`{shown}`")
    }
}

fn map_entries(node: &Node) -> &[(yaml::Key, Node)] {
    match &node.value {
        Value::Map(entries) => entries,
        _ => &[],
    }
}

/// `name`: a string, or a map from language code to name (English first).
fn name(node: &Node) -> Option<String> {
    match &node.value {
        Value::Scalar { text, .. } => Some(text.clone()),
        Value::Map(entries) => node
            .get("en")
            .or(entries.first().map(|(_, v)| v))
            .and_then(Node::text)
            .map(String::from),
        _ => None,
    }
}

/// `source`: a string, a map with `name`, or a list of those.
fn source(node: &Node) -> Option<String> {
    match &node.value {
        Value::Scalar { text, .. } => Some(text.clone()),
        Value::Map(_) => node.get("name").and_then(Node::text).map(String::from),
        Value::Seq(items) => items.first().and_then(source),
        Value::Null => None,
    }
}

/// The words of a string or sequence node (`type: [pass-fail, scoring]`).
fn metadata_words(node: &Node) -> Vec<String> {
    match &node.value {
        Value::Seq(items) => items
            .iter()
            .filter_map(|i| i.text().map(String::from))
            .collect(),
        _ => words(node),
    }
}

/// `type`: whether the problem is interactive, and whether it is multi-pass; the types this judge cannot
/// judge are errors.
fn problem_type(node: &Node) -> Result<(bool, bool), String> {
    let types: Vec<String> = match &node.value {
        Value::Seq(items) => items
            .iter()
            .filter_map(|i| i.text().map(String::from))
            .collect(),
        _ => words(node),
    };
    let (mut interactive, mut multi_pass) = (false, false);
    for t in &types {
        match t.as_str() {
            "pass-fail" | "scoring" => {}
            "interactive" => interactive = true,
            "multi-pass" => multi_pass = true,
            "submit-answer" => {
                return Err(format!("problem type `{t}` is not supported by this judge"))
            }
            other => return Err(format!("unknown problem type `{other}`")),
        }
    }
    Ok((interactive, multi_pass))
}

/// A string of space-separated words, or a sequence of strings (2023-07's `*_args`).
pub fn words(node: &Node) -> Vec<String> {
    match &node.value {
        Value::Scalar { text, .. } => text.split_whitespace().map(String::from).collect(),
        Value::Seq(items) => items
            .iter()
            .filter_map(|i| i.text().map(String::from))
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(text: &str) -> (Metadata, Vec<String>) {
        parse(text, "p/problem.yaml").unwrap()
    }

    #[test]
    fn legacy_defaults_and_keys() {
        let (m, w) = meta("name: A Different Problem\nsource: Kattis\nlicense: cc by-sa\nvalidation: custom\nlimits:\n  time_safety_margin: 4\n");
        assert_eq!(m.format, Format::Legacy);
        assert_eq!(m.name.as_deref(), Some("A Different Problem"));
        assert!(m.custom_validation && !m.interactive);
        assert_eq!(
            (m.ac_to_time_limit, m.time_limit_to_tle, m.time_limit_ms),
            (5.0, 4.0, None)
        );
        assert_eq!((m.memory_mib, m.output_mib), (1024, 8));
        assert!(w.is_empty(), "{w:?}");
        let (m, _) = meta("validation: custom multi-pass\nlimits:\n  validation_passes: 26\n");
        assert_eq!(
            (m.multi_pass, m.validation_passes, m.interactive),
            (true, 26, false)
        );
        let (m, _) = meta("problem_format_version: 2023-07\ntype: [interactive, multi-pass]\n");
        assert_eq!(
            (m.multi_pass, m.validation_passes, m.interactive),
            (true, 2, true)
        );
        let (m, _) = meta("validation: custom interactive\nvalidator_flags: float_tolerance 1e-6\nlimits:\n  memory: 512\n  time_multiplier: 3\n");
        assert!(m.interactive);
        assert_eq!(m.validator_flags, ["float_tolerance", "1e-6"]);
        assert_eq!((m.memory_mib, m.ac_to_time_limit), (512, 3.0));
    }

    #[test]
    fn modern_keys() {
        let (m, w) = meta(
            "problem_format_version: 2023-07-draft\nuuid: 5ca6ba5b\ntype: interactive\nname:\n  sv: Gissa\n  en: Guess\n\
             limits:\n  time_limit: 1.5\n  memory: 64\n  time_multipliers:\n    ac_to_time_limit: 1.2\n",
        );
        assert_eq!((m.format, m.interactive), (Format::Modern, true));
        assert_eq!(m.name.as_deref(), Some("Guess"));
        assert_eq!(
            (
                m.time_limit_ms,
                m.memory_mib,
                m.ac_to_time_limit,
                m.time_limit_to_tle
            ),
            (Some(1500), 64, 1.2, 1.5)
        );
        assert!(w.is_empty(), "{w:?}");
        let (m, _) = meta("problem_format_version: 2025-09\ntype: [pass-fail, scoring]\n");
        assert!(!m.interactive);
    }

    #[test]
    fn unknown_and_foreign_keys_are_warnings() {
        let (_, w) = meta("validation: default\ncredits: Ada\nspeed: 3\nlimits:\n  cpu: 2\n");
        assert_eq!(
            w,
            [
                "p/problem.yaml:2: `credits` belongs to another version of the format than `legacy`; ignored",
                "p/problem.yaml:3: 2 unknown keys, `speed` and `limits.cpu` (line 5); ignored",
            ]
        );
        let (_, w) = meta("speed: 3\n");
        assert_eq!(w, ["p/problem.yaml:1: unknown key `speed`; ignored"]);
        let many: String = (0..10_000).map(|i| format!("k{i}: 1\n")).collect();
        let (_, w) = meta(&many);
        assert_eq!(
            w,
            ["p/problem.yaml:1: 10000 unknown keys, `k0`, `k1` (line 2), `k2` (line 3) and 9997 more; ignored"]
        );
    }

    #[test]
    fn errors_name_file_and_line() {
        let err = |text: &str| parse(text, "p/problem.yaml").unwrap_err();
        assert_eq!(
            err("problem_format_version: 2099\n"),
            "p/problem.yaml:1: problem_format_version `2099` unknown (known: legacy, 2023-07-draft, 2023-07, 2025-09)"
        );
        assert_eq!(
            err("limits:\n  memory: lots\n  time_multiplier: 0.5\n"),
            "p/problem.yaml:2: `limits.memory` must be a number from 1 to 1000000, found `lots`\n\
             p/problem.yaml:3: `limits.time_multiplier` must be a number from 1 to 1000000, found `0.5`"
        );
        assert_eq!(
            err("validation: strange\n"),
            "p/problem.yaml:1: validation must start with `default` or `custom`, found `strange`"
        );
        assert_eq!(
            err("problem_format_version: 2023-07-draft\ntype: submit-answer\n"),
            "p/problem.yaml:2: problem type `submit-answer` is not supported by this judge"
        );
        assert_eq!(
            err("type: multi-pass\nlimits:\n  validation_passes: 1\n"),
            "p/problem.yaml:3: `validation_passes` must be a whole number from 2 to 1000000, found `1`"
        );
        assert_eq!(err("name: [unclosed\n"), "p/problem.yaml:1: unclosed `[`");
        assert_eq!(
            err("- a\n"),
            "p/problem.yaml:1: expected a mapping of keys, found a sequence"
        );
    }
}
