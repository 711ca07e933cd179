//! A problem is an ICPC / Kattis **problem package** (the format problemtools, DOMjudge and BAPCtools read,
//! legacy and 2023-07): a folder with `problem.yaml`, `data/sample/` and `data/secret/` test cases, input
//! validators, an optional output validator, and example submissions whose folders say what they must get.
//! This judge's own problems are packages too; the one convention it adds is the `secret/beyond/` group
//! (see `testdata`).
//!
//! `load` reads a package folder into a `Package`: plain data, every path resolved, every file checked, the
//! warnings (keys and files the judge does not use) kept to be shown. Nothing here runs a program.

pub mod expectations;
pub mod find;
pub mod metadata;
pub mod testdata;
pub mod version;

pub use expectations::Expectation;
pub use metadata::{Constants, Format, Metadata};
pub use testdata::{Case, ValidatorArgs};
pub use version::Version;

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Which verdict a case counts towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// Every case of a package, except this project's beyond group: the verdict that predicts the real
    /// judge's.
    Official,
    /// `data/secret/beyond/`: this project's demands past the real judge, counted only with `--strict`.
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
}

/// A program of the package (a submission or a validator): a single source file, or a folder of them
/// (with `build` / `run` scripts, or compiled together by their language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub path: PathBuf,
    /// The path below the package folder, as reports name it: `submissions/accepted/hello.cc`.
    pub label: String,
}

/// An example submission and what it must get.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    pub program: Program,
    /// `None` for a folder the format does not know (judged, not checked: a warning says so).
    pub expectation: Option<Expectation>,
}

/// Where the time limit comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeLimit {
    /// Stated: `limits.time_limit` in problem.yaml, or DOMjudge's `.timelimit` file (`from` says which).
    Fixed { ms: u64, from: String },
    /// Not stated: the slowest accepted submission × `ac_to_time_limit`, rounded up to the time resolution
    /// (problemtools' rule), known once the accepted submissions have run.
    Derived,
}

/// The output validator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputValidator {
    /// The format's default: token comparison with the flags of each case.
    Default,
    Custom(Program),
}

/// One problem package, read and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Package {
    /// The folder's name.
    pub name: String,
    /// The folder, canonical.
    pub dir: PathBuf,
    /// The problem's name from problem.yaml, else the folder's.
    pub title: String,
    pub meta: Metadata,
    pub time_limit: TimeLimit,
    pub output_validator: OutputValidator,
    pub input_validators: Vec<Program>,
    /// `answer_validators/` (2023-07 and later): each checks every answer file, the input its argument.
    pub answer_validators: Vec<Program>,
    /// In the format's order: sample, then secret, each by name.
    pub cases: Vec<Case>,
    pub submissions: Vec<Submission>,
    /// The real judge the problem comes from, where the judge ships its dialect (`source: POJ 1077`): the
    /// languages it accepts and how it compiles them, for the official verdict.
    pub dialect: Option<crate::lang::Dialect>,
    /// `include/`: files the format adds to every submission before it is compiled (a driver, a header),
    /// from `include/<language>/`, else `include/default/`.
    pub include: Option<PathBuf>,
    /// What the judge ignores or cannot use, each naming its file (and line).
    pub warnings: Vec<String>,
}

/// Input validators this judge cannot run (they need a tool of their own).
const FOREIGN_VALIDATORS: [(&str, &str); 2] = [("ctd", "checktestdata"), ("viva", "VIVA")];

/// Reads the package in `dir`. Every mistake that keeps it from being judged is in the `Err`, one per line,
/// each naming its file (and line).
pub fn load(dir: &Path) -> Result<Package, String> {
    let root = fs::canonicalize(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    // Every report line names the package by its folder: shown, never obeyed (a bidi override would
    // reverse the line, an escape sequence act on the terminal).
    let name = root.file_name().map_or(String::new(), |n| {
        crate::checker::notes::visible(&n.to_string_lossy().replace('\n', "\\n"))
    });
    let yaml_path = root.join("problem.yaml");
    let text = read_package_text(&root, &yaml_path).map_err(|e| {
        if root.join("problem.toml").is_file() {
            format!("{}: cannot read: {e} (problem.toml is no longer read: a problem is a problem package, see README)", yaml_path.display())
        } else {
            format!("{}: cannot read: {e} (a problem package has a problem.yaml)", yaml_path.display())
        }
    })?;
    let (meta, mut warnings) = metadata::parse(&text, &yaml_path.display().to_string())?;
    let mut errors = Vec::new();
    let found = testdata::read(&root, meta.format, &meta.validator_flags);
    let cases = match found {
        Ok(found) => {
            warnings.extend(found.warnings);
            found.cases
        }
        Err(e) => {
            errors.push(e);
            Vec::new()
        }
    };
    let time_limit = time_limit(&root, &meta, &mut warnings, &mut errors);
    let output_validator = output_validator(&root, &meta, &mut warnings, &mut errors);
    if meta.interactive && output_validator == OutputValidator::Default {
        errors.push(format!(
            "{}: an interactive problem needs an output validator (the interactor) in {}/",
            yaml_path.display(),
            meta.version.output_validator_dir()
        ));
    } else if meta.multi_pass && output_validator == OutputValidator::Default {
        errors.push(format!(
            "{}: a multi-pass problem needs an output validator (it writes each next pass's input) in {}/",
            yaml_path.display(),
            meta.version.output_validator_dir()
        ));
    }
    let mut input_validators = Vec::new();
    for folder in ["input_validators", "input_format_validators"] {
        for program in programs(&root, &root.join(folder), &mut errors) {
            let extension = program
                .path
                .extension()
                .and_then(|e| e.to_str())
                .unwrap_or_default();
            match FOREIGN_VALIDATORS.iter().find(|(ext, _)| *ext == extension) {
                Some((_, tool)) => warnings.push(format!(
                    "{}: a {tool} script; this judge does not run {tool}, so `judge validate` skips it",
                    program.path.display()
                )),
                None => input_validators.push(program),
            }
        }
    }
    let answer_validators = match meta.format {
        Format::Modern => programs(&root, &root.join("answer_validators"), &mut errors),
        Format::Legacy => Vec::new(),
    };
    let submissions = submissions(&root, &mut warnings, &mut errors);
    links_leaving(&root, &root, 0, &mut errors);
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    let dialect = meta
        .source
        .as_deref()
        .and_then(crate::lang::Dialect::of_source);
    let include = Some(root.join("include")).filter(|dir| dir.is_dir());
    Ok(Package {
        dialect,
        include,
        title: title(meta.name.as_deref().unwrap_or(&name)),
        name,
        dir: root,
        meta,
        time_limit,
        output_validator,
        input_validators,
        answer_validators,
        cases,
        submissions,
        warnings,
    })
}

/// The one rule for every file of a package that the judge reads or copies (its configuration, its cases,
/// every file of its programs and of `include/`): it must lie inside the package folder `root` (canonical)
/// once its links are followed, as the format says. A link out of it would hand a file of the host, read
/// with the judge's rights (`/etc/shadow` to a judge run as root), to a validator or a submission.
///
/// A hard link is a link too: a regular file of several names, one of them outside the package, is
/// refused the same way (a root judge would read `/etc/shadow` through a hard link made beside it).
pub fn inside(root: &Path, path: &Path) -> Result<(), String> {
    match fs::canonicalize(path) {
        Ok(real) if real.starts_with(root) => hard_links_inside(root, &real),
        Ok(real) => Err(outside(path, &real)),
        Err(e) => Err(format!("{}: cannot read: {e}", path.display())),
    }
}

/// `Ok` unless the regular file `real` (inside the package `root`) has more names than the package
/// holds: a hard link whose other name lies outside. Files of one name, nearly all, cost one `stat`.
fn hard_links_inside(root: &Path, real: &Path) -> Result<(), String> {
    match fs::metadata(real) {
        Ok(meta) => names_inside(root, real, &meta),
        Err(_) => Ok(()),
    }
}

/// `hard_links_inside` for the file of `meta` (its `stat`, or the `fstat` of an open file), named `shown`.
/// The package's names are counted the first time a file of several names is met, and counted again
/// for a file whose names may have changed since (its inode's change time, which `link` and `unlink`
/// set, is not well before that count): a package edited between two loads of one process is judged
/// as it is now, and a package of many fresh links is counted again for a moment at most.
fn names_inside(root: &Path, shown: &Path, meta: &fs::Metadata) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, SystemTime, UNIX_EPOCH};
    type Names = HashMap<(u64, u64), u64>;
    /// More than the file system's timestamps lag the clock (a tick of the kernel's coarse clock).
    const CLOCK_SLACK: Duration = Duration::from_millis(100);
    static COUNTED: Mutex<Vec<(PathBuf, SystemTime, Arc<Names>)>> = Mutex::new(Vec::new());
    if !meta.is_file() || meta.nlink() < 2 {
        return Ok(());
    }
    let changed = UNIX_EPOCH
        + Duration::from_secs(meta.ctime().max(0) as u64)
        + Duration::from_nanos(meta.ctime_nsec().max(0) as u64);
    let names = {
        let mut counted = COUNTED.lock().unwrap_or_else(|e| e.into_inner());
        counted.retain(|(r, at, _)| r != root || changed + CLOCK_SLACK < *at);
        match counted.iter().find(|(r, _, _)| r == root) {
            Some((_, _, names)) => names.clone(),
            None => {
                let at = SystemTime::now();
                let mut names = Names::new();
                count_names(root, 0, &mut 0, &mut names);
                let names = Arc::new(names);
                counted.push((root.to_path_buf(), at, names.clone()));
                names
            }
        }
    };
    let here = names.get(&(meta.dev(), meta.ino())).copied().unwrap_or(0);
    if here >= meta.nlink() {
        return Ok(());
    }
    Err(format!(
        "{}: a hard link to a file with names outside the package ({} names, {here} in it; the format allows links inside it only)",
        shown.display(),
        meta.nlink()
    ))
}

/// Counts the names of every regular file below `dir` by (device, inode), links not followed: folders
/// `MAX_DEPTH` deep, 1,000,000 entries at most (a package past that is refused elsewhere long before).
fn count_names(dir: &Path, depth: usize, seen: &mut usize, names: &mut HashMap<(u64, u64), u64>) {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        *seen += 1;
        if *seen > 1_000_000 {
            return;
        }
        let Ok(meta) = fs::symlink_metadata(entry.path()) else {
            continue;
        };
        if meta.is_file() {
            *names.entry((meta.dev(), meta.ino())).or_default() += 1;
        } else if meta.is_dir() && depth < MAX_DEPTH {
            count_names(&entry.path(), depth + 1, seen, names);
        }
    }
}

/// How deep the loader follows a package's folders (a program's too): far deeper than any package nests,
/// and a symlink loop (`lib -> ..`) stops here.
pub const MAX_DEPTH: usize = 16;

/// An error for every link below `dir` that leads out of the package `root`, at any depth: programs,
/// `include/`, generators, statements and `data/invalid_input/` alike, as the format allows links inside
/// the package only (`data/sample/` and `data/secret/` are `testdata`'s, and names the format ignores are
/// skipped). A link is checked, not followed: what it leads to inside the package is walked in its own
/// place, so neither a loop (`lib -> ..`) nor links to links multiply the walk. Found at load, before
/// anything runs; each file the judge copies is checked again as it is read (`source::read`).
fn links_leaving(root: &Path, dir: &Path, depth: usize, errors: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<fs::DirEntry> = entries.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let cases = [root.join("data/sample"), root.join("data/secret")];
        if entry.file_name().to_string_lossy().starts_with('.') || cases.contains(&path) {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_symlink() {
            if let Err(e) = inside(root, &path) {
                errors.push(e);
            }
        } else if kind.is_file() {
            if let Err(e) = hard_links_inside(root, &path) {
                errors.push(e);
            }
        } else if kind.is_dir() && depth == MAX_DEPTH {
            errors.push(format!(
                "{}: folders nested more than {MAX_DEPTH} deep",
                path.display()
            ));
        } else if kind.is_dir() {
            links_leaving(root, &path, depth + 1, errors);
        }
    }
}

/// The refusal of `path`, whose links lead to `real` outside the package.
fn outside(path: &Path, real: &Path) -> String {
    format!(
        "{}: a symlink to {}, outside the package (the format allows links inside it only)",
        path.display(),
        real.display()
    )
}

/// Opens the package's file `path` (below `root`, by the rule of `inside`) for reading, a regular file
/// only (see `sandbox::open_regular`). The rule is checked on the path, then again on the file opened,
/// and the caller reads that same descriptor: a link swapped in between a check of the path and its
/// opening (`a.yaml -> /etc/shadow` for an instant) would otherwise hand the judge a host file. The open
/// follows links (the format allows them inside the package; `O_NOFOLLOW` would refuse those), so what
/// it reached is asked of the kernel: the real path of the descriptor (`/proc/self/fd/N`) and its
/// `fstat` (the hard links).
pub fn open_inside(root: &Path, path: &Path) -> Result<fs::File, String> {
    use std::os::unix::fs::MetadataExt;
    use std::os::unix::io::AsRawFd;
    inside(root, path)?;
    let file = crate::sandbox::open_regular(path).map_err(|e| cannot_read(path, e))?;
    // `fstat` before `readlink`: a hard link out (`x.yaml` and a host file, one inode) unlinked in
    // between leaves the file one name, outside, which the count of names would pass; but the
    // descriptor's path then reads "x.yaml (deleted)", a name of no file or of another one: refused.
    let meta = file.metadata().map_err(|e| cannot_read(path, e))?;
    let opened = fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd()))
        .map_err(|e| cannot_read(path, e))?;
    if !opened.starts_with(root) {
        return Err(outside(path, &opened));
    }
    match fs::symlink_metadata(&opened) {
        Ok(now) if (now.dev(), now.ino()) == (meta.dev(), meta.ino()) => {}
        _ => return Err(format!("{}: changed while it was read", path.display())),
    }
    names_inside(root, path, &meta)?;
    Ok(file)
}

/// The bytes of the package's file `path`, read from the descriptor `open_inside` checked.
pub fn read_inside(root: &Path, path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    open_inside(root, path)?
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(path, e))?;
    Ok(bytes)
}

/// A package's text file (below `root`, by the rule of `inside`, see `open_inside`), read only if it is
/// a regular file at the moment it is opened (a FIFO named `problem.yaml` would block the judge; a
/// device could feed it forever); errors name the file.
pub fn read_package_text(root: &Path, path: &Path) -> Result<String, String> {
    text(open_inside(root, path)?, path)
}

/// A text file of at most 1 MiB, read only if it is a regular file at the moment it is opened (see
/// `read_package_text`).
pub fn read_text(path: &Path) -> Result<String, String> {
    text(
        crate::sandbox::open_regular(path).map_err(|e| cannot_read(path, e))?,
        path,
    )
}

/// The text of the open file `file` (`path`'s), at most 1 MiB of it.
fn text(file: fs::File, path: &Path) -> Result<String, String> {
    use std::io::Read;
    /// Far more than any of the format's YAML files holds; a bigger one is no configuration.
    const MAX_BYTES: u64 = 1 << 20;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(path, e))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(format!(
            "{}: over {} KiB: not a package's configuration",
            path.display(),
            MAX_BYTES >> 10
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", path.display()))
}

/// `path: cannot read: why`, once (`sandbox::open_regular`'s errors name the path already).
fn cannot_read(path: &Path, e: std::io::Error) -> String {
    let shown = path.display().to_string();
    let reason = e.to_string();
    let reason = reason
        .strip_prefix(&format!("{shown}: "))
        .unwrap_or(&reason);
    format!("{shown}: cannot read: {reason}")
}

/// The problem's name as reports show it: escaped (a newline or an escape sequence in problem.yaml is
/// shown, never obeyed by the terminal) and cut to a line's worth.
fn title(name: &str) -> String {
    const CHARS: usize = 120;
    let escaped = crate::checker::notes::visible(name).replace('\n', "\\n");
    let mut title: String = escaped.chars().take(CHARS).collect();
    if title.len() < escaped.len() {
        title.push('…');
    }
    title
}

/// problem.yaml's `time_limit`, else DOMjudge's `.timelimit`, else derived.
fn time_limit(
    root: &Path,
    meta: &Metadata,
    warnings: &mut Vec<String>,
    errors: &mut Vec<String>,
) -> TimeLimit {
    let file = root.join(".timelimit");
    let from_file = file
        .exists()
        .then(|| read_package_text(root, &file))
        .map(|read| {
            let text = read?;
            text.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
                .map(|s| (s * 1000.0).round() as u64)
                .ok_or(format!(
                    "{}: expected a number of seconds, found `{}`",
                    file.display(),
                    text.trim()
                ))
        });
    match (meta.time_limit_ms, from_file) {
        (_, Some(Err(e))) => {
            errors.push(e);
            TimeLimit::Derived
        }
        (Some(ms), other) => {
            if let Some(Ok(file_ms)) = other.filter(|f| f.as_ref().is_ok_and(|f| *f != ms)) {
                warnings.push(format!(
                    "{}: says {} s, problem.yaml says {} s; problem.yaml's is used",
                    file.display(),
                    file_ms as f64 / 1000.0,
                    ms as f64 / 1000.0
                ));
            }
            TimeLimit::Fixed {
                ms,
                from: "problem.yaml".into(),
            }
        }
        (None, Some(Ok(ms))) => TimeLimit::Fixed {
            ms,
            from: ".timelimit".into(),
        },
        (None, None) => TimeLimit::Derived,
    }
}

/// The package's output validator: legacy uses one only with `validation: custom`; 2023-07 uses
/// `output_validator/` when it is there.
fn output_validator(
    root: &Path,
    meta: &Metadata,
    warnings: &mut Vec<String>,
    errors: &mut Vec<String>,
) -> OutputValidator {
    let folder = meta.version.output_validator_dir();
    let other = match meta.format {
        Format::Legacy => Version::Draft2023.output_validator_dir(),
        Format::Modern => Version::Legacy.output_validator_dir(),
    };
    // DOMjudge reads either name whatever the version (its own example problems are legacy packages with
    // `output_validator/`): the other name is used where the version's own is missing, and said.
    let folder = match (root.join(folder).is_dir(), root.join(other).is_dir()) {
        (false, true) => {
            warnings.push(format!(
                "{}: this version of the format names it `{folder}/`; `{other}/` is used as it is the only one \
                 (DOMjudge reads both)",
                root.join(other).display()
            ));
            other
        }
        (true, true) => {
            warnings.push(format!(
                "{}: this version of the format looks for `{folder}/`; `{other}/` is not used",
                root.join(other).display()
            ));
            folder
        }
        _ => folder,
    };
    let dir = root.join(folder);
    // 2023-07 final: the folder itself is the program; the draft (and legacy) hold programs inside it.
    let found = if meta.format == Format::Modern && is_program_folder(&dir) {
        vec![Program {
            path: dir.clone(),
            label: folder.to_string(),
        }]
    } else {
        programs(root, &dir, errors)
    };
    let wanted = meta.custom_validation
        || meta.format == Format::Modern
        || meta.interactive
        || meta.multi_pass;
    if found.len() > 1 {
        warnings.push(format!(
            "{}: {} programs; the first, {}, is the output validator",
            dir.display(),
            found.len(),
            found[0].label
        ));
    }
    if found.is_empty() && dir.is_dir() && meta.format == Format::Modern {
        // The folder says a custom validator was meant: judging by the default one must not be silent.
        warnings.push(format!(
            "{}: no program the judge can run in it: the default validator is used",
            dir.display()
        ));
    }
    match found.into_iter().next() {
        Some(program) if wanted => OutputValidator::Custom(program),
        Some(program) => {
            warnings.push(format!(
                "{}: not used, as problem.yaml does not say `validation: custom`",
                program.path.display()
            ));
            OutputValidator::Default
        }
        None if meta.custom_validation => {
            errors.push(format!(
                "{}: `validation: custom` but no output validator in {folder}/",
                root.join("problem.yaml").display()
            ));
            OutputValidator::Default
        }
        None => OutputValidator::Default,
    }
}

/// Whether `dir` is itself one program: it holds `build`/`run` scripts, or files and no folders.
fn is_program_folder(dir: &Path) -> bool {
    let Ok(entries) = fs::read_dir(dir) else {
        return false;
    };
    let entries: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    let scripts = entries
        .iter()
        .any(|p| p.file_name().is_some_and(|n| n == "build" || n == "run"));
    let files = entries.iter().filter(|p| p.is_file()).count();
    scripts || (files > 1 && entries.iter().all(|p| !p.is_dir()))
}

/// The programs in `dir`: every file and folder whose name the format allows, in name order (a symlink out
/// of the package is `links_leaving`'s error).
fn programs(root: &Path, dir: &Path, errors: &mut Vec<String>) -> Vec<Program> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    let mut found = Vec::new();
    for path in paths {
        let file = path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        if file.chars().any(char::is_control) {
            errors.push(format!(
                "{:?}: a control character in a name; rename it",
                path.display().to_string()
            ));
            continue;
        }
        if !testdata::valid_name(&file) {
            continue;
        }
        let label = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        found.push(Program { path, label });
    }
    found
}

/// Every program under `submissions/<folder>/`, with what it must get.
fn submissions(
    root: &Path,
    warnings: &mut Vec<String>,
    errors: &mut Vec<String>,
) -> Vec<Submission> {
    let dir = root.join("submissions");
    let yaml_path = dir.join("submissions.yaml");
    let rules = match yaml_path
        .exists()
        .then(|| read_package_text(root, &yaml_path))
        .transpose()
    {
        Err(e) => {
            errors.push(e);
            Vec::new()
        }
        Ok(None) => Vec::new(),
        Ok(Some(text)) => match expectations::parse_yaml(&text, &yaml_path.display().to_string()) {
            Ok(parsed) => {
                warnings.extend(parsed.warnings);
                parsed.entries
            }
            Err(e) => {
                errors.push(e);
                Vec::new()
            }
        },
    };
    let mut submissions = Vec::new();
    for folder in programs(root, &dir, errors) {
        if !folder.path.is_dir() {
            continue;
        }
        let folder_name = folder
            .path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        for program in programs(root, &folder.path, errors) {
            let below = program
                .path
                .strip_prefix(&dir)
                .unwrap_or(&program.path)
                .display()
                .to_string();
            // Partially accepted means a score short of the maximum: scores are not judged here. A
            // DOMjudge tag in the source says more than the folder (DOMjudge's own rule).
            let expectation = match (
                folder_name.as_str(),
                domjudge_tag(root, &program.path, &below),
            ) {
                (_, Some(Ok(tagged))) => Some(tagged),
                (_, Some(Err(e))) => {
                    warnings.push(e);
                    None
                }
                ("partially_accepted", None) => None,
                (_, None) => expectations::for_submission(&below, &rules),
            };
            if folder_name == "partially_accepted" {
                warnings.push(format!(
                    "{}: partially_accepted expects a partial score, and this judge gives pass/fail verdicts only: judged, not checked",
                    program.path.display()
                ));
            } else if expectation.is_none() {
                warnings.push(format!(
                    "{}: the folder {folder_name}/ is not one the format knows (accepted, wrong_answer, time_limit_exceeded, run_time_error, …) and submissions.yaml sets nothing for it: judged, not checked",
                    program.path.display()
                ));
            }
            submissions.push(Submission {
                program,
                expectation,
            });
        }
    }
    submissions
}

/// The `@EXPECTED_RESULTS@` tag of a submission (a file, or the first file of a folder that has one).
fn domjudge_tag(root: &Path, path: &Path, label: &str) -> Option<Result<Expectation, String>> {
    let files: Vec<PathBuf> = match path.is_dir() {
        true => {
            let mut files: Vec<PathBuf> = fs::read_dir(path)
                .ok()?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect();
            files.sort();
            files
        }
        false => vec![path.to_path_buf()],
    };
    files.iter().find_map(|file| {
        let text = read_package_text(root, file).ok()?;
        expectations::expected_results(&text, label)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_names() {
        assert_eq!(Group::Official.name(), "official");
        assert!(Group::Official < Group::Beyond);
    }
}
