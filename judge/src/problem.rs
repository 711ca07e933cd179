//! A problem is a folder `testdata/<name>/` with `problem.toml` and cases `<case>.in` / `<case>.ans` at any
//! depth. Cases under `official/` are inside the real judge's format and constraints; cases under `beyond/`
//! are what this project demands past it (a folder without the split is all official). problem.toml may
//! override the limits and the checker per group in `[official]` and `[beyond]` tables. This module reads
//! the folder into a `Problem`; every mistake in it is an `Err` naming the file (and the line).

use crate::checker::Checker;
use crate::glob;
use crate::toml::{self, Value};
use std::fs;
use std::path::{Path, PathBuf};

/// The keys problem.toml may hold.
pub const KEYS: [&str; 6] = [
    "solution",
    "time_limit_ms",
    "memory_limit_mb",
    "checker",
    "output_limit_mb",
    "title",
];
/// Keys a `[official]` or `[beyond]` table may override.
pub const GROUP_KEYS: [&str; 4] = [
    "time_limit_ms",
    "memory_limit_mb",
    "output_limit_mb",
    "checker",
];
/// The output cap when `output_limit_mb` is not given.
pub const DEFAULT_OUTPUT_LIMIT_MB: u64 = 64;

/// One problem, ready to judge.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// The folder's name.
    pub name: String,
    pub settings: Settings,
    /// Official cases first, each group in name order.
    pub cases: Vec<Case>,
}

/// What problem.toml says, paths resolved. The limits and checker are the official group's; `beyond`
/// holds that group's overrides (see `rules`).
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub solution: PathBuf,
    /// `solution` as problem.toml writes it, for reports.
    pub solution_label: String,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    pub output_limit_mb: u64,
    pub checker: Checker,
    pub title: Option<String>,
    pub beyond: Overrides,
}

/// A `[beyond]` table: what differs for that group.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mb: Option<u64>,
    pub output_limit_mb: Option<u64>,
    pub checker: Option<Checker>,
}

/// The limits and checker one case is judged by.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    pub output_limit_mb: u64,
    pub checker: Checker,
}

impl Settings {
    /// The rules of `group`: the problem's, with the `[beyond]` overrides for beyond cases.
    pub fn rules(&self, group: Group) -> Rules {
        let over = match group {
            Group::Official => Overrides::default(),
            Group::Beyond => self.beyond.clone(),
        };
        Rules {
            time_limit_ms: over.time_limit_ms.unwrap_or(self.time_limit_ms),
            memory_limit_mb: over.memory_limit_mb.unwrap_or(self.memory_limit_mb),
            output_limit_mb: over.output_limit_mb.unwrap_or(self.output_limit_mb),
            checker: over.checker.unwrap_or_else(|| self.checker.clone()),
        }
    }
}

/// Which verdict a case counts towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// Inside the real judge's format and constraints: the verdict that predicts the real one.
    Official,
    /// This project's demands past the real judge: counted only with `--strict`.
    Beyond,
}

impl Group {
    pub const ALL: [Group; 2] = [Group::Official, Group::Beyond];

    pub fn name(self) -> &'static str {
        match self {
            Group::Official => "official",
            Group::Beyond => "beyond",
        }
    }

    /// The group of a case by its name: `beyond/…` is beyond, anything else official.
    pub fn of_case(name: &str) -> Group {
        if name.starts_with("beyond/") {
            Group::Beyond
        } else {
            Group::Official
        }
    }
}

/// One test: its name is the path below the problem folder without `.in`, `/`-separated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub name: String,
    pub group: Group,
    pub input: PathBuf,
    pub answer: PathBuf,
}

/// Reads `<testdata>/<name>/`; relative paths in it resolve against `root` (the testdata dir's parent).
/// `own_solution` (`--solution FILE`) replaces problem.toml's `solution`, which then need not exist.
pub fn load(dir: &Path, root: &Path, own_solution: Option<&Path>) -> Result<Problem, String> {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let toml_path = dir.join("problem.toml");
    let text = fs::read_to_string(&toml_path)
        .map_err(|e| format!("{}: cannot read: {e}", toml_path.display()))?;
    let mut settings = parse_settings(
        &text,
        &toml_path.display().to_string(),
        root,
        dir,
        own_solution.is_some(),
    )?;
    if let Some(path) = own_solution {
        if !path.is_file() {
            return Err(format!("--solution {}: not a file", path.display()));
        }
        settings.solution = path.to_path_buf();
        settings.solution_label = path.display().to_string();
    }
    let cases = discover_cases(dir)?;
    Ok(Problem {
        name,
        settings,
        cases,
    })
}

/// problem.toml's text → `Settings`; `file` names it in errors (all of them, one per line). A relative
/// `solution` is resolved against `root` (the testdata dir's parent), a relative checker program against
/// `dir` (the problem's own folder: checkers live beside their testdata). With `solution_given` (the
/// user named a file to judge), the `solution` key is neither required nor resolved.
pub fn parse_settings(
    text: &str,
    file: &str,
    root: &Path,
    dir: &Path,
    solution_given: bool,
) -> Result<Settings, String> {
    let all = toml::parse(text).map_err(|e| format!("{file}:{}: {}", e.line, e.message))?;
    let (entries, grouped): (Vec<_>, Vec<_>) = all.into_iter().partition(|e| e.table.is_none());
    let mut errors = Vec::new();
    let mut settings = Settings {
        solution: PathBuf::new(),
        solution_label: String::new(),
        time_limit_ms: 0,
        memory_limit_mb: 0,
        output_limit_mb: DEFAULT_OUTPUT_LIMIT_MB,
        checker: Checker::Lines,
        title: None,
        beyond: Overrides::default(),
    };
    let mut official = Overrides::default();
    for entry in &grouped {
        let at = format!("{file}:{}", entry.line);
        let table = entry.table.as_deref().unwrap_or_default();
        let over = match table {
            "official" => &mut official,
            "beyond" => &mut settings.beyond,
            _ => {
                errors.push(format!(
                    "{at}: unknown table [{table}] (known tables: [official], [beyond])"
                ));
                continue;
            }
        };
        let key = entry.key.as_str();
        let result = match (key, &entry.value) {
            ("time_limit_ms", Value::Integer(n)) => {
                in_range(key, *n, MAX_TIME_LIMIT_MS).map(|n| over.time_limit_ms = Some(n))
            }
            ("memory_limit_mb", Value::Integer(n)) => {
                in_range(key, *n, MAX_SIZE_MB).map(|n| over.memory_limit_mb = Some(n))
            }
            ("output_limit_mb", Value::Integer(n)) => {
                in_range(key, *n, MAX_SIZE_MB).map(|n| over.output_limit_mb = Some(n))
            }
            ("checker", Value::String(name)) => checker(name, dir).map(|c| over.checker = Some(c)),
            ("checker", other) => Err(format!(
                "`checker` must be a string, found {}",
                other.type_name()
            )),
            (_, other) if GROUP_KEYS.contains(&key) => Err(format!(
                "`{key}` must be an integer, found {}",
                other.type_name()
            )),
            _ => Err(format!(
                "`{key}` cannot be set per group (a [{table}] table may set: {})",
                GROUP_KEYS.join(", ")
            )),
        };
        if let Err(message) = result {
            errors.push(format!("{at}: {message}"));
        }
    }
    for entry in &entries {
        let at = format!("{file}:{}", entry.line);
        let key = entry.key.as_str();
        let result = match (key, &entry.value) {
            ("solution", Value::String(_)) if solution_given => Ok(()),
            ("solution", Value::String(path)) => resolve(root, path).map(|resolved| {
                settings.solution = resolved;
                settings.solution_label = path.clone();
            }),
            ("time_limit_ms", Value::Integer(n)) => {
                in_range(key, *n, MAX_TIME_LIMIT_MS).map(|n| settings.time_limit_ms = n)
            }
            ("memory_limit_mb", Value::Integer(n)) => {
                in_range(key, *n, MAX_SIZE_MB).map(|n| settings.memory_limit_mb = n)
            }
            ("output_limit_mb", Value::Integer(n)) => {
                in_range(key, *n, MAX_SIZE_MB).map(|n| settings.output_limit_mb = n)
            }
            ("title", Value::String(title)) => {
                settings.title = Some(title.clone());
                Ok(())
            }
            ("checker", Value::String(name)) => checker(name, dir).map(|c| settings.checker = c),
            ("solution" | "checker" | "title", other) => Err(format!(
                "`{key}` must be a string, found {}",
                other.type_name()
            )),
            (_, other) if KEYS.contains(&key) => Err(format!(
                "`{key}` must be an integer, found {}",
                other.type_name()
            )),
            _ => Err(format!(
                "unknown key `{key}` (known keys: {})",
                KEYS.join(", ")
            )),
        };
        if let Err(message) = result {
            errors.push(format!("{at}: {message}"));
        }
    }
    for required in ["solution", "time_limit_ms", "memory_limit_mb"] {
        let given = required == "solution" && solution_given;
        if !given && !entries.iter().any(|e| e.key == required) {
            errors.push(format!("{file}: missing key `{required}`"));
        }
    }
    // `[official]` overrides are simply the problem's own values for the official group.
    settings.time_limit_ms = official.time_limit_ms.unwrap_or(settings.time_limit_ms);
    settings.memory_limit_mb = official.memory_limit_mb.unwrap_or(settings.memory_limit_mb);
    settings.output_limit_mb = official.output_limit_mb.unwrap_or(settings.output_limit_mb);
    if let Some(checker) = official.checker {
        settings.checker = checker;
    }
    if errors.is_empty() {
        Ok(settings)
    } else {
        Err(errors.join("\n"))
    }
}

/// The largest `time_limit_ms`: an hour. With `--tl-mult` ≤ 1000 every figure derived from it (wall limit,
/// 10 % margin) stays far inside a `u64`.
pub const MAX_TIME_LIMIT_MS: u64 = 3_600_000;
/// The largest `memory_limit_mb` and `output_limit_mb`: 1 TiB, so byte counts stay far inside a `u64`.
pub const MAX_SIZE_MB: u64 = 1 << 20;

/// `n` if it is in 1..=max.
fn in_range(key: &str, n: i64, max: u64) -> Result<u64, String> {
    u64::try_from(n)
        .ok()
        .filter(|&n| (1..=max).contains(&n))
        .ok_or(format!(
            "`{key}` must be an integer from 1 to {max}, found {n}"
        ))
}

/// A relative path is taken from `root`, an absolute one as is; it must exist.
fn resolve(root: &Path, path: &str) -> Result<PathBuf, String> {
    let resolved = root.join(path);
    if resolved.is_file() {
        Ok(resolved)
    } else {
        Err(format!(
            "`{path}` is not a file (looked at {})",
            resolved.display()
        ))
    }
}

fn checker(name: &str, root: &Path) -> Result<Checker, String> {
    match Checker::parse(name)? {
        Checker::Program(path, args) => {
            resolve(root, &path.to_string_lossy()).map(|path| Checker::Program(path, args))
        }
        checker => Ok(checker),
    }
}

/// Every `*.in` below `dir` with its `.ans`, official cases first, each group in name order. Every odd
/// file is an error naming it: a `.in` without `.ans` or the reverse, a `.in` that is a folder or not a regular file (a FIFO would block the
/// run that opens it; a dangling symlink cannot be read), a name that is not UTF-8 (it could not be
/// reported as it is), and no case at all.
pub fn discover_cases(dir: &Path) -> Result<Vec<Case>, String> {
    let mut files = Vec::new();
    let top = fs::canonicalize(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    collect_case_files(dir, &mut vec![top], &mut files)?;
    files.sort();
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for path in files {
        let is_input = path.extension().is_some_and(|e| e == "in");
        let partner = path.with_extension(if is_input { "ans" } else { "in" });
        // `symlink_metadata`: a partner that is there but broken gets its own error, not this one.
        if fs::symlink_metadata(&partner).is_err() {
            errors.push(format!(
                "{}: no matching {}",
                path.display(),
                partner.display()
            ));
        } else if path.is_dir() {
            errors.push(format!(
                "{}: a folder named like a case file",
                path.display()
            ));
        } else if !path.is_file() {
            errors.push(format!("{}: not a regular file", path.display()));
        } else if is_input && partner.is_file() {
            let relative = path.strip_prefix(dir).unwrap_or(&path).with_extension("");
            match relative.to_str() {
                Some(name) => cases.push(Case {
                    group: Group::of_case(name),
                    name: name.to_string(),
                    input: path,
                    answer: partner,
                }),
                None => errors.push(format!(
                    "{}: the case name is not valid UTF-8",
                    path.display()
                )),
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    if cases.is_empty() {
        return Err(format!("{}: no cases (no .in files)", dir.display()));
    }
    // Official cases first: they predict the real judge, and `--fail-fast` stops at the first that fails.
    cases.sort_by(|a, b| (a.group, &a.name).cmp(&(b.group, &b.name)));
    Ok(cases)
}

/// Every `.in` and `.ans` below `dir` (folders so named too, for `discover_cases` to refuse). `ancestors` are
/// the real (canonical) folders on the way down: a folder that is one of them, or above one, is a symlink
/// loop, which would otherwise be walked until paths grow too long — with two links back, 2^40 paths; with a
/// link to `/`, the whole file system.
fn collect_case_files(
    dir: &Path,
    ancestors: &mut Vec<PathBuf>,
    files: &mut Vec<PathBuf>,
) -> Result<(), String> {
    let cannot_read =
        |path: &Path, e: std::io::Error| format!("{}: cannot read: {e}", path.display());
    for entry in fs::read_dir(dir).map_err(|e| cannot_read(dir, e))? {
        let path = entry.map_err(|e| cannot_read(dir, e))?.path();
        let case_file = path.extension().is_some_and(|e| e == "in" || e == "ans");
        if case_file {
            files.push(path);
        } else if path.is_dir() {
            let real = fs::canonicalize(&path).map_err(|e| cannot_read(&path, e))?;
            // Equal to or above a folder on the way down: walking it walks that folder again.
            if ancestors.iter().any(|ancestor| ancestor.starts_with(&real)) {
                return Err(format!(
                    "{}: a symlink loop back to {}",
                    path.display(),
                    real.display()
                ));
            }
            ancestors.push(real);
            collect_case_files(&path, ancestors, files)?;
            ancestors.pop();
        }
    }
    Ok(())
}

/// The problem folders to judge: the named ones, or every non-hidden folder of `testdata` in name order.
/// Unknown names are errors; the rest are still returned.
pub fn problem_dirs(testdata: &Path, names: &[String]) -> (Vec<PathBuf>, Vec<String>) {
    let all = match all_dirs(testdata) {
        Ok(all) => all,
        Err(e) if names.is_empty() => return (Vec::new(), vec![e]),
        Err(_) => Vec::new(),
    };
    if names.is_empty() {
        return (all, Vec::new());
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut errors = Vec::new();
    for name in names {
        match named_dir(testdata, &all, name) {
            Ok(dir) if dirs.contains(&dir) => {}
            Ok(dir) => dirs.push(dir),
            Err(e) => errors.push(e),
        }
    }
    (dirs, errors)
}

/// Every non-hidden folder of `testdata`, in name order.
fn all_dirs(testdata: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = fs::read_dir(testdata)
        .map_err(|e| format!("{}: cannot read the testdata dir: {e}", testdata.display()))?;
    let hidden = |p: &PathBuf| {
        p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
    };
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_dir() && !hidden(p))
        .collect();
    dirs.sort();
    Ok(dirs)
}

/// The folder of problem `name`: `<testdata>/<name>`; else a path to a problem folder (one with a
/// problem.toml) from the current folder, wherever it is; else the one folder of `testdata` whose name
/// starts with `name` (`poj1077`). A name matching nothing gets the closest names as a suggestion.
fn named_dir(testdata: &Path, all: &[PathBuf], name: &str) -> Result<PathBuf, String> {
    let dir = testdata.join(name);
    if dir.is_dir() {
        return Ok(dir);
    }
    let path = Path::new(name);
    if path.join("problem.toml").is_file() {
        return fs::canonicalize(path).map_err(|e| format!("{name}: {e}"));
    }
    let folder_name = |p: &PathBuf| {
        p.file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    };
    let names: Vec<String> = all.iter().map(folder_name).collect();
    let starting: Vec<&String> = names.iter().filter(|n| n.starts_with(name)).collect();
    match starting.as_slice() {
        [one] => return Ok(testdata.join(one)),
        [] => {}
        many => {
            let list: Vec<&str> = many.iter().map(|n| n.as_str()).collect();
            return Err(format!(
                "`{name}` names several problems: {} (say which)",
                list.join(", ")
            ));
        }
    }
    let mut close: Vec<(usize, &String)> = names
        .iter()
        .map(|n| (edit_distance(name, n), n))
        .filter(|&(d, n)| d <= 3.max(n.len() / 4))
        .collect();
    close.sort();
    let hint = match close.first() {
        Some((_, best)) => format!(" (did you mean {best}?)"),
        None => String::new(),
    };
    Err(format!(
        "no problem `{name}` in {}{hint}",
        testdata.display()
    ))
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// The problems to judge from `testdata` (the named ones, or all), each with only the cases matching
/// `pattern`; problems left without cases are dropped. Errors are collected, the good problems returned.
pub fn select(
    testdata: &Path,
    names: &[String],
    pattern: Option<&str>,
    own_solution: Option<&Path>,
) -> (Vec<Problem>, Vec<String>) {
    let (dirs, mut errors) = problem_dirs(testdata, names);
    let mut problems = Vec::new();
    for dir in dirs {
        // A relative `solution` is taken from the parent of the folder that holds the problem folder.
        let root = dir
            .parent()
            .and_then(Path::parent)
            .unwrap_or(&dir)
            .to_path_buf();
        match load(&dir, &root, own_solution) {
            Ok(problem) => problems.push(problem),
            Err(e) => errors.push(e),
        }
    }
    if let Some(pattern) = pattern {
        let any = !problems.is_empty();
        for problem in &mut problems {
            problem
                .cases
                .retain(|case| glob::matches(pattern, &case.name));
        }
        problems.retain(|problem| !problem.cases.is_empty());
        if any && problems.is_empty() {
            let hint = if pattern.contains('*') {
                String::new()
            } else {
                format!(" (a pattern matches whole names: `{pattern}*`?)")
            };
            errors.push(format!("--case {pattern}: no case matches{hint}"));
        }
    }
    (problems, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(text: &str) -> Result<Settings, String> {
        // `/` exists as a directory, not a file; `/bin/sh` is a file on every Unix.
        parse_settings(
            text,
            "t/p/problem.toml",
            Path::new("/"),
            Path::new("/"),
            false,
        )
    }

    #[test]
    fn every_key() {
        let text = "# x\nsolution = \"bin/sh\"\ntime_limit_ms = 1000\nmemory_limit_mb = 64\nchecker = \"float:1e-6\"\n\
                    output_limit_mb = 8\ntitle = \"T\"\n";
        let s = settings(text).unwrap();
        assert_eq!(
            s,
            Settings {
                solution: "/bin/sh".into(),
                solution_label: "bin/sh".into(),
                time_limit_ms: 1000,
                memory_limit_mb: 64,
                output_limit_mb: 8,
                checker: Checker::Float(1e-6),
                title: Some("T".into()),
                beyond: Overrides::default(),
            }
        );
    }

    #[test]
    fn defaults_and_absolute_paths() {
        let s =
            settings("solution = \"/bin/sh\"\ntime_limit_ms = 5\nmemory_limit_mb = 1\n").unwrap();
        assert_eq!(
            (s.checker, s.output_limit_mb, s.title),
            (Checker::Lines, 64, None)
        );
        let p = settings("solution = \"/bin/sh\"\ntime_limit_ms = 5\nmemory_limit_mb = 1\nchecker = \"program:bin/sh\"\n");
        assert_eq!(
            p.unwrap().checker,
            Checker::Program("/bin/sh".into(), Vec::new())
        );
    }

    #[test]
    fn group_tables_override_limits_and_checker() {
        let text = "solution = \"/bin/sh\"\ntime_limit_ms = 1000\nmemory_limit_mb = 64\nchecker = \"tokens\"\n\
                    [official]\nmemory_limit_mb = 32\n[beyond]\ntime_limit_ms = 5000\nchecker = \"exact\"\n";
        let s = settings(text).unwrap();
        let official = s.rules(Group::Official);
        let beyond = s.rules(Group::Beyond);
        assert_eq!(
            (
                official.time_limit_ms,
                official.memory_limit_mb,
                official.checker
            ),
            (1000, 32, Checker::Tokens)
        );
        assert_eq!(
            (beyond.time_limit_ms, beyond.memory_limit_mb, beyond.checker),
            (5000, 32, Checker::Exact)
        );
        assert_eq!(
            settings("solution = \"/bin/sh\"\ntime_limit_ms = 1\nmemory_limit_mb = 1\n[beyond]\nsolution = \"x\"\n[extra]\na = 1\n")
                .unwrap_err(),
            "t/p/problem.toml:5: `solution` cannot be set per group (a [beyond] table may set: time_limit_ms, memory_limit_mb, output_limit_mb, checker)\n\
             t/p/problem.toml:7: unknown table [extra] (known tables: [official], [beyond])"
        );
    }

    #[test]
    fn misspelt_names_get_a_suggestion() {
        assert_eq!(edit_distance("poj1077-eigth", "poj1077-eight"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        let all: Vec<PathBuf> = ["poj1077-eight", "poj1084-square-destroyer", "hdu1043-eight"]
            .iter()
            .map(|n| PathBuf::from("/nonexistent/t").join(n))
            .collect();
        let testdata = Path::new("/nonexistent/t");
        assert_eq!(
            named_dir(testdata, &all, "poj1077"),
            Ok(PathBuf::from("/nonexistent/t/poj1077-eight"))
        );
        assert_eq!(
            named_dir(testdata, &all, "poj10"),
            Err("`poj10` names several problems: poj1077-eight, poj1084-square-destroyer (say which)".into())
        );
        assert_eq!(
            named_dir(testdata, &all, "poj1077-eigth"),
            Err(
                "no problem `poj1077-eigth` in /nonexistent/t (did you mean poj1077-eight?)".into()
            )
        );
        assert_eq!(
            named_dir(testdata, &all, "zzz"),
            Err("no problem `zzz` in /nonexistent/t".into())
        );
    }

    #[test]
    fn cases_belong_to_the_group_of_their_folder() {
        assert_eq!(Group::of_case("beyond/huge-1"), Group::Beyond);
        assert_eq!(Group::of_case("official/01-sample"), Group::Official);
        assert_eq!(Group::of_case("01-sample"), Group::Official);
        assert_eq!(Group::of_case("beyondx/1"), Group::Official);
    }

    #[test]
    fn errors_name_file_and_line() {
        let text = "solution = \"bin/sh\"\ntime_limit_ms = \"1000\"\nmemory_limit_mb = 64\nspeed = 3\nchecker = \"nope\"\n";
        assert_eq!(
            settings(text).unwrap_err(),
            "t/p/problem.toml:2: `time_limit_ms` must be an integer, found a string\n\
             t/p/problem.toml:4: unknown key `speed` (known keys: solution, time_limit_ms, memory_limit_mb, checker, output_limit_mb, title)\n\
             t/p/problem.toml:5: unknown checker `nope`: expected exact, lines, tokens, float:EPS or program:PATH [ARGS]"
        );
        assert_eq!(
            settings("solution = 3\ntime_limit_ms = 0\n").unwrap_err(),
            "t/p/problem.toml:1: `solution` must be a string, found an integer\n\
             t/p/problem.toml:2: `time_limit_ms` must be an integer from 1 to 3600000, found 0\n\
             t/p/problem.toml: missing key `memory_limit_mb`"
        );
        assert_eq!(
            settings("solution = \"no/such.rs\"\ntime_limit_ms = 1\nmemory_limit_mb = 1\n")
                .unwrap_err(),
            "t/p/problem.toml:1: `no/such.rs` is not a file (looked at /no/such.rs)"
        );
        // Limits a judge could not compute with (they overflowed into a panic) are refused by name.
        assert_eq!(
            settings("solution = \"/bin/sh\"\ntime_limit_ms = 3600001\nmemory_limit_mb = 9223372036854775807\noutput_limit_mb = 1048577\n").unwrap_err(),
            "t/p/problem.toml:2: `time_limit_ms` must be an integer from 1 to 3600000, found 3600001\n\
             t/p/problem.toml:3: `memory_limit_mb` must be an integer from 1 to 1048576, found 9223372036854775807\n\
             t/p/problem.toml:4: `output_limit_mb` must be an integer from 1 to 1048576, found 1048577"
        );
        assert_eq!(
            settings("x = \"1").unwrap_err(),
            "t/p/problem.toml:1: unterminated string: a closing `\"` is missing"
        );
    }
}
