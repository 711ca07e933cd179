//! `data/` → cases: every `<case>.in` with its `.ans` below `data/sample/` and `data/secret/`, each with the
//! validator flags its groups give it (`testdata.yaml` in legacy and 2023-07-draft, `test_group.yaml` in
//! 2023-07 final / 2025-09, and a case's own `<case>.yaml`; a group inherits what its parent sets).
//!
//! A case counts towards the **official** verdict, except the cases of the top-level secret group
//! `secret/beyond/`: this project's convention for what it demands past the real judge, counted only with
//! `--strict` (any other package has no such group: all its cases are official).
//!
//! Files the format says to ignore (names starting with `.` or `-`, or outside its name pattern) are skipped
//! with a warning where they look like cases. What would make the report lie or the judge hang is an error
//! naming the path: a symlink out of the package, a name with a control character (a newline would split
//! the text report), a `.in` without its `.ans`, a case file that is not a regular file or is over 1 GiB.

use super::metadata::{self, Format};
use super::Group;
use crate::yaml::{self, Node, Value};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

/// One test case of a package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The path below `data/` without `.in`: `sample/1`, `secret/official/random/07`.
    pub name: String,
    pub group: Group,
    pub input: PathBuf,
    pub answer: PathBuf,
    /// Arguments for the input validators.
    pub input_args: ValidatorArgs,
    /// Arguments for the output validator (after the three file arguments).
    pub output_args: Vec<String>,
}

/// The arguments input validators get: the same for all, or per validator name (the others get none).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ValidatorArgs {
    #[default]
    None,
    All(Vec<String>),
    ByName(Vec<(String, Vec<String>)>),
}

impl ValidatorArgs {
    pub fn for_validator(&self, name: &str) -> Vec<String> {
        match self {
            ValidatorArgs::None => Vec::new(),
            ValidatorArgs::All(args) => args.clone(),
            ValidatorArgs::ByName(map) => map
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, a)| a.clone())
                .unwrap_or_default(),
        }
    }
}

/// What a group (or case) configures, as inherited so far.
#[derive(Clone, Debug, Default)]
struct Config {
    input_args: ValidatorArgs,
    output_args: Vec<String>,
}

/// What reading `data/` found.
pub struct Found {
    pub cases: Vec<Case>,
    pub warnings: Vec<String>,
}

/// Reads every case below `root/data/`. `root` is the package folder (canonical); `legacy_flags` are
/// legacy's `validator_flags`, which come before every group's output validator flags.
pub fn read(root: &Path, format: Format, legacy_flags: &[String]) -> Result<Found, String> {
    let data = root.join("data");
    let mut walk = Walk {
        root,
        format,
        ancestors: Vec::new(),
        walks: HashMap::new(),
        cases: Vec::new(),
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    if !data.is_dir() {
        return Err(format!(
            "{}: no data/ folder (the test cases live in data/sample/ and data/secret/)",
            root.display()
        ));
    }
    let base = walk.config(&data, &Config::default());
    for entry in sorted_entries(&data, &mut walk.errors) {
        let name = file_name(&entry);
        match name.as_str() {
            "sample" | "secret" => {
                walk.inside(&entry);
                if entry.is_dir() {
                    walk.group(&entry, &name, &base);
                } else {
                    walk.warnings.push(format!(
                        "{}: not a folder: none of its cases is judged",
                        entry.display()
                    ));
                }
            }
            "invalid_input" | "invalid_output" | "valid_output" => {}
            "testdata.yaml" | "test_group.yaml" => {}
            _ if name.ends_with(".in") || name.ends_with(".ans") => walk.warnings.push(format!(
                "{}: a case directly in data/ is not judged (cases live in data/sample/ and data/secret/)",
                entry.display()
            )),
            _ => {}
        }
    }
    if !data.join("secret").is_dir() {
        walk.warnings
            .push(format!("{}: no data/secret/ folder", data.display()));
    }
    for case in &mut walk.cases {
        let mut args = legacy_flags.to_vec();
        args.append(&mut case.output_args);
        case.output_args = args;
    }
    if !walk.errors.is_empty() {
        return Err(walk.errors.join("\n"));
    }
    if walk.cases.is_empty() {
        return Err(format!(
            "{}: no cases (no .in files below data/sample/ or data/secret/)",
            data.display()
        ));
    }
    // The format's order: sample, then secret, each group's cases and subgroups by name. A submission's
    // verdict is its first failure in this order, as problemtools and DOMjudge judge it.
    walk.cases.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(Found {
        cases: walk.cases,
        warnings: walk.warnings,
    })
}

struct Walk<'a> {
    root: &'a Path,
    format: Format,
    /// The real (canonical) folders on the way down: a folder that is one of them, or above one, is a
    /// symlink loop, which would otherwise be walked until paths grow too long.
    ancestors: Vec<PathBuf>,
    /// How often each real folder has been walked (through symlinks to it): at most `MAX_WALKS` times.
    walks: HashMap<PathBuf, usize>,
    cases: Vec<Case>,
    errors: Vec<String>,
    warnings: Vec<String>,
}

/// How many times one real folder of `data/` may be walked, under its own name and through symlinks to
/// it: a group reused by a link or two is fine, while folders of links to folders (`g0/{a,b,c,d} -> g1`,
/// `g1/{a,b,c,d} -> g2`, …) would multiply the cases below them, 4^12 times for twelve such folders.
const MAX_WALKS: usize = 8;

impl Walk<'_> {
    /// Errors for a path that leaves the package through a symlink; true when it stays inside.
    fn inside(&mut self, path: &Path) -> bool {
        match super::inside(self.root, path) {
            Ok(()) => true,
            Err(e) => {
                self.errors.push(e);
                false
            }
        }
    }

    /// The configuration of the folder `dir` given its parent's: its `testdata.yaml` / `test_group.yaml`
    /// over what it inherits.
    fn config(&mut self, dir: &Path, parent: &Config) -> Config {
        let mut config = parent.clone();
        for file in ["testdata.yaml", "test_group.yaml"] {
            let path = dir.join(file);
            if path.is_file() && self.inside(&path) {
                self.apply(&path, &mut config);
            }
        }
        config
    }

    /// Reads one YAML configuration file into `config`.
    fn apply(&mut self, path: &Path, config: &mut Config) {
        let label = path.display().to_string();
        let text = match super::read_package_text(self.root, path) {
            Ok(text) => text,
            Err(e) => return self.errors.push(e),
        };
        let doc = match yaml::parse(&text) {
            Ok(doc) => doc,
            Err(e) => {
                return self
                    .errors
                    .push(format!("{label}:{}: {}", e.line, e.message))
            }
        };
        let Value::Map(entries) = &doc.value else {
            if !doc.is_null() {
                self.errors.push(format!(
                    "{label}:{}: expected a mapping, found {}",
                    doc.line,
                    doc.kind()
                ));
            }
            return;
        };
        let mut unknown = metadata::UnknownKeys::new(&label);
        for (key, node) in entries {
            let here = format!("{label}:{}", key.line);
            match key.text.as_str() {
                "output_validator_flags" | "output_validator_args" => match &node.value {
                    // Legacy's map form names the validator; there is one, so only its flags matter.
                    Value::Map(_) => {
                        config.output_args =
                            node.get("flags").map(metadata::words).unwrap_or_default()
                    }
                    _ => config.output_args = metadata::words(node),
                },
                "input_validator_flags" | "input_validator_args" => match input_args(node) {
                    Ok(args) => config.input_args = args,
                    Err(e) => self.errors.push(format!("{here}: {e}")),
                },
                // Scoring and grading keys: this judge gives pass/fail verdicts, so they change nothing.
                "on_reject"
                | "grading"
                | "grader_flags"
                | "accept_score"
                | "reject_score"
                | "range"
                | "max_score"
                | "score_aggregation"
                | "require_pass"
                | "full_feedback"
                | "hint"
                | "description"
                | "static_validation_score"
                | "static_validator_args"
                | "input_visualizer_args"
                | "output_visualizer_args" => {}
                "args" => {
                    if !metadata::words(node).is_empty() {
                        self.warnings.push(format!("{here}: `args` (command-line arguments for submissions) is not supported; ignored"));
                    }
                }
                other => unknown.add(other, key.line),
            }
        }
        self.warnings.extend(unknown.warning());
    }

    /// Walks the group folder `dir` (named `name` below data/).
    fn group(&mut self, dir: &Path, name: &str, parent: &Config) {
        let Ok(real) = fs::canonicalize(dir) else {
            return self.errors.push(format!("{}: cannot read", dir.display()));
        };
        if self.ancestors.iter().any(|a| a.starts_with(&real)) {
            return self.errors.push(format!(
                "{}: a symlink loop back to {}",
                dir.display(),
                real.display()
            ));
        }
        if self.ancestors.len() == super::MAX_DEPTH {
            return self.errors.push(format!(
                "{}: groups nested more than {} deep",
                dir.display(),
                super::MAX_DEPTH
            ));
        }
        let walks = self.walks.entry(real.clone()).or_default();
        *walks += 1;
        if *walks > MAX_WALKS {
            if *walks == MAX_WALKS + 1 {
                self.errors.push(format!(
                    "{}: reached through symlinks more than {MAX_WALKS} times (folders of links to folders \
                     multiply the cases below them)",
                    real.display()
                ));
            }
            return;
        }
        self.ancestors.push(real);
        self.walk_group(dir, name, parent);
        self.ancestors.pop();
    }

    fn walk_group(&mut self, dir: &Path, name: &str, parent: &Config) {
        let config = self.config(dir, parent);
        let entries = sorted_entries(dir, &mut self.errors);
        for path in &entries {
            let file = file_name(path);
            if file.chars().any(char::is_control) {
                self.errors.push(format!(
                    "{:?}: a control character in a name (a newline would split the report); rename it",
                    path.display().to_string()
                ));
                continue;
            }
            if !valid_name(&file) {
                if file.ends_with(".in") && !file.starts_with('.') {
                    self.warnings.push(format!(
                        "{}: ignored, as the format says (names are letters, digits, `_`, `.`, `-`, not starting with `.` or `-`)",
                        path.display()
                    ));
                }
                continue;
            }
            if !self.inside(path) {
                continue;
            }
            let below = format!("{name}/{file}");
            if path.is_dir() {
                if file.ends_with(".in") || file.ends_with(".ans") {
                    self.errors.push(format!(
                        "{}: a folder named like a case file",
                        path.display()
                    ));
                } else {
                    self.group(path, &below, &config);
                }
            } else if let Some(stem) = file.strip_suffix(".in") {
                self.case(path, &format!("{name}/{stem}"), &config);
            } else if let Some(stem) = file.strip_suffix(".ans") {
                if !dir.join(format!("{stem}.in")).exists() {
                    self.warnings
                        .push(format!("{}: no matching .in; ignored", path.display()));
                }
            }
        }
    }

    fn case(&mut self, input: &Path, name: &str, config: &Config) {
        let answer = input.with_extension("ans");
        if !input.is_file() {
            return self
                .errors
                .push(format!("{}: not a regular file", input.display()));
        }
        if !answer.exists() {
            return self.errors.push(format!(
                "{}: no matching {}",
                input.display(),
                answer.display()
            ));
        }
        if !self.inside(&answer) {
            return;
        }
        if !answer.is_file() {
            return self
                .errors
                .push(format!("{}: not a regular file", answer.display()));
        }
        for file in [input, &answer] {
            let bytes = file.metadata().map_or(0, |m| m.len());
            if bytes > CASE_FILE_MAX_BYTES {
                return self.errors.push(format!(
                    "{}: {} MiB, over the {} MiB a case file may have (the judge holds a case's input and \
                     answer in memory, once per parallel run)",
                    file.display(),
                    bytes >> 20,
                    CASE_FILE_MAX_BYTES >> 20
                ));
            }
        }
        let mut config = config.clone();
        let own = input.with_extension("yaml");
        if self.format == Format::Modern && own.is_file() && self.inside(&own) {
            self.apply(&own, &mut config);
        }
        let group = if name.starts_with("secret/beyond/") {
            Group::Beyond
        } else {
            Group::Official
        };
        self.cases.push(Case {
            name: name.to_string(),
            group,
            input: input.to_path_buf(),
            answer,
            input_args: config.input_args,
            output_args: config.output_args,
        });
    }
}

/// The largest `.in` or `.ans`: the judge reads a case's files whole (the input into a sealed memory file,
/// the answer for the default validator), so a sparse file of 4 GiB would take 4 GiB of memory a run.
pub const CASE_FILE_MAX_BYTES: u64 = 1 << 30;

/// `input_validator_flags` / `input_validator_args`: words or a sequence for all validators; legacy's map
/// `{name: N, flags: F}` or 2025's map from validator name to arguments for some.
pub(crate) fn input_args(node: &Node) -> Result<ValidatorArgs, String> {
    match &node.value {
        Value::Null => Ok(ValidatorArgs::None),
        Value::Scalar { .. } | Value::Seq(_) => Ok(ValidatorArgs::All(metadata::words(node))),
        Value::Map(entries) => {
            if let (Some(name), Some(flags)) = (node.get("name"), node.get("flags")) {
                let name = name.text().ok_or("`name` must be a validator's name")?;
                return Ok(ValidatorArgs::ByName(vec![(
                    name.to_string(),
                    metadata::words(flags),
                )]));
            }
            Ok(ValidatorArgs::ByName(
                entries
                    .iter()
                    .map(|(k, v)| (k.text.clone(), metadata::words(v)))
                    .collect(),
            ))
        }
    }
}

/// The format's pattern for names: `[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}`.
pub fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    let ok = |c: char| c.is_ascii_alphanumeric() || c == '_';
    chars.next().is_some_and(ok)
        && name.len() <= 255
        && chars.all(|c| ok(c) || c == '.' || c == '-')
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The entries of `dir` in name order (an unreadable folder is an error).
fn sorted_entries(dir: &Path, errors: &mut Vec<String>) -> Vec<PathBuf> {
    match fs::read_dir(dir) {
        Ok(entries) => {
            let mut paths: Vec<PathBuf> =
                entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
            paths.sort();
            paths
        }
        Err(e) => {
            errors.push(format!("{}: cannot read: {e}", dir.display()));
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_format_allows() {
        for good in ["1", "01-sample", "a.b-c_d", "_x"] {
            assert!(valid_name(good), "{good}");
        }
        for bad in [".hidden", "-dash", "with space", "tab\there", "é", ""] {
            assert!(!valid_name(bad), "{bad}");
        }
    }

    #[test]
    fn input_args_forms() {
        let parse = |text: &str| input_args(yaml::parse(text).unwrap().get("f").unwrap()).unwrap();
        assert_eq!(
            parse("f: nFive=1 x"),
            ValidatorArgs::All(vec!["nFive=1".into(), "x".into()])
        );
        assert_eq!(
            parse("f: [beyond]"),
            ValidatorArgs::All(vec!["beyond".into()])
        );
        let by_name = parse("f: {name: v1, flags: a b}");
        assert_eq!(by_name.for_validator("v1"), ["a", "b"]);
        assert!(by_name.for_validator("v2").is_empty());
        assert_eq!(parse("f:\n  v2: [c]\n").for_validator("v2"), ["c"]);
    }
}
