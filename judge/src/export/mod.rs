//! `judge export PROBLEM... --to legacy|2023-07-draft|2025-09 --out DIR [--zip]`: each package written in
//! another version of the format, for the tools that read only that one (BAPCtools: 2025-09; DOMjudge's
//! importer and Kattis: legacy, with the statement rendered as `problem.pdf` / `problem.html`).
//!
//! The package is read by the loader first (a package the judge refuses is not exported). Then `plan`
//! (pure) maps every file of it to its place in the target version, or leaves it out and says why — the
//! version differences themselves live in `package::version`, one place for the loader and this; then
//! the files are written, `problem.yaml` and the test group files translated (`problem_yaml`, `groups`),
//! the Markdown statement turned into the LaTeX the target's tools read (pandoc, then `latex`), and for
//! legacy the statement rendered by problemtools' `problem2pdf` / `problem2html` where they are installed.
//! Where a tool is missing, the package is still written, the missing part is said, and the exit code is 1.
//!
//! - Named `[a-z0-9]+` as the format wants (`go-capture` → `gocapture`).
//! - Links resolved: every file is a copy (a link out of the package is refused, as the loader refuses it).
//! - Validators in languages the target does not run as they are (Rust, in 2025-09 and for DOMjudge)
//!   become folders with a `build` script that compiles them into `run`, and a README saying what it needs.
//! - `--zip`: `DIR/<name>.zip` too, the package's files at the archive's root (DOMjudge's importer reads
//!   `problem.yaml` there and takes the problem's id from the archive's name).

pub mod groups;
pub mod latex;
pub mod layout;
pub mod problem_yaml;
pub mod yaml_out;
pub mod zip;

use crate::package::{self, OutputValidator, Package, TimeLimit, Version};
use std::fs;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `judge export`'s settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub to: Version,
    pub out: PathBuf,
    pub zip: bool,
}

/// The programs the export runs when they are installed (found on PATH).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tools {
    pub pandoc: Option<PathBuf>,
    pub problem2pdf: Option<PathBuf>,
    pub problem2html: Option<PathBuf>,
}

impl Tools {
    /// Looks each tool up in the folders of `path` (PATH's value).
    pub fn find(path: &str) -> Tools {
        let find = |name: &str| {
            path.split(':')
                .filter(|dir| !dir.is_empty())
                .map(|dir| Path::new(dir).join(name))
                .find(|candidate| {
                    candidate
                        .metadata()
                        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
                })
        };
        Tools {
            pandoc: find("pandoc"),
            problem2pdf: find("problem2pdf"),
            problem2html: find("problem2html"),
        }
    }
}

/// A file of the source package: its path below the package (`/`-separated) and where to read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    pub rel: String,
    pub path: PathBuf,
    pub executable: bool,
}

/// What one file of the exported package holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    /// The source file's bytes.
    Copy(PathBuf),
    Text(String),
    /// A Markdown statement, to be written as LaTeX.
    Markdown(PathBuf),
}

/// One file of the exported package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its path below the exported package.
    pub path: String,
    pub content: Content,
    pub executable: bool,
}

/// Where every file of the source package goes.
#[derive(Debug, Default, PartialEq)]
pub struct Plan {
    pub entries: Vec<Entry>,
    /// The test group configuration files (`testdata.yaml`, `test_group.yaml`) by folder, translated
    /// together (`groups`).
    pub group_files: Vec<(String, PathBuf)>,
    /// Each file or folder left out, with why.
    pub left_out: Vec<String>,
}

/// The package's name as the format wants it: lower-case letters and digits only.
pub fn short_name(name: &str) -> Result<String, String> {
    let short: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match short.is_empty() {
        true => Err(format!(
            "{name}: no letter or digit in the name, so no [a-z0-9]+ name for the exported package"
        )),
        false => Ok(short),
    }
}

/// Whether `name` is a file name the format allows (for a statement's image, say).
pub(crate) fn valid_file_name(name: &str) -> bool {
    package::testdata::valid_name(name)
}

/// Where each file of a package written in `from` goes in `to`. `output_validator` is the loader's
/// output validator program (its path below the package), if the package has a custom one.
pub fn plan(
    files: &[SourceFile],
    from: Version,
    to: Version,
    output_validator: Option<&str>,
) -> Result<Plan, String> {
    let mut plan = Plan::default();
    let mut left_out_folders: Vec<(String, String)> = Vec::new();
    let mut leave = |plan: &mut Plan, what: String, why: &str| {
        // A whole folder is said once.
        match what.split_once('/') {
            Some((folder, _)) if !why.starts_with('!') => {
                if !left_out_folders.iter().any(|(f, _)| f == folder) {
                    left_out_folders.push((folder.to_string(), why.to_string()));
                    plan.left_out.push(format!("{folder}/ ({why})"));
                }
            }
            _ => plan
                .left_out
                .push(format!("{what} ({})", why.trim_start_matches('!'))),
        }
    };
    let statement_dirs = [
        Version::Legacy.statement_dir(),
        Version::Draft2023.statement_dir(),
    ];
    let validator_dirs = [
        Version::Legacy.output_validator_dir(),
        Version::Draft2023.output_validator_dir(),
    ];
    let mut wrapped: Vec<String> = Vec::new();
    for file in files {
        let rel = file.rel.as_str();
        let copy = |path: String| Entry {
            path,
            content: Content::Copy(file.path.clone()),
            executable: file.executable,
        };
        let (first, rest) = rel.split_once('/').unwrap_or((rel, ""));
        match first {
            "problem.yaml" if rest.is_empty() => {}
            _ if rest.is_empty() && first == "README.md" => leave(
                &mut plan,
                rel.into(),
                "!the notes, for this project's readers: no part of a package",
            ),
            _ if rest.is_empty() => leave(
                &mut plan,
                rel.into(),
                &format!("!not a file of a {} package", to.name()),
            ),
            _ if first == from.statement_dir() => {
                let name = rest;
                let markdown = statement_language(name, "md");
                match markdown {
                    Some(language) if !to.statement_types().contains(&"md") => {
                        plan.entries.push(Entry {
                            path: format!("{}/problem.{language}.tex", to.statement_dir()),
                            content: Content::Markdown(file.path.clone()),
                            executable: false,
                        })
                    }
                    _ => plan
                        .entries
                        .push(copy(format!("{}/{name}", to.statement_dir()))),
                }
            }
            _ if statement_dirs.contains(&first) => leave(
                &mut plan,
                rel.into(),
                &format!("a {} folder, where this package's version has none", first),
            ),
            "data" => {
                let name = rel.rsplit('/').next().unwrap_or(rel);
                if name == "testdata.yaml" || name == "test_group.yaml" {
                    let dir = &rel[..rel.len() - name.len() - 1];
                    plan.group_files.push((dir.to_string(), file.path.clone()));
                } else {
                    plan.entries.push(copy(rel.into()));
                }
            }
            "answer_validators" if to == Version::Legacy => leave(
                &mut plan,
                rel.into(),
                "answer validators, which legacy has not",
            ),
            "input_validators" | "input_format_validators" | "answer_validators" => {
                let (program, inside) = rest.split_once('/').unwrap_or((rest, ""));
                let folder = match first {
                    "answer_validators" => first,
                    _ => "input_validators",
                };
                let target = format!("{folder}/{program}");
                if inside.is_empty() {
                    validator_file(file, &target, to, &mut plan.entries)?;
                } else {
                    let folder = files
                        .iter()
                        .filter(|f| f.rel.starts_with(&format!("{first}/{program}/")));
                    validator_folder_file(
                        file,
                        folder,
                        &target,
                        inside,
                        to,
                        &mut plan.entries,
                        &mut wrapped,
                    )?;
                }
            }
            _ if validator_dirs.contains(&first) => {
                let Some(program) =
                    output_validator.filter(|p| rel == *p || rel.starts_with(&format!("{p}/")))
                else {
                    leave(
                        &mut plan,
                        rel.into(),
                        "!not the output validator the package uses",
                    );
                    continue;
                };
                let inside = rel[program.len()..].trim_start_matches('/');
                let program_name = program
                    .split('/')
                    .nth(1)
                    .map(|n| n.split('.').next().unwrap_or(n))
                    .unwrap_or("validator");
                let folder = match (to.output_validator_is_folder(), to.output_validator_dir()) {
                    (true, dir) => dir.to_string(),
                    (false, dir) => format!("{dir}/{program_name}"),
                };
                if inside.is_empty() {
                    // A single file: it alone is the program.
                    let name = rel.rsplit('/').next().unwrap_or(rel);
                    if to.output_validator_is_folder() || needs_wrapping(name, to) {
                        validator_file_into(file, &folder, to, &mut plan.entries)?;
                    } else if to == Version::Legacy {
                        plan.entries.push(copy(format!("{folder}/{name}")));
                    } else {
                        plan.entries
                            .push(copy(format!("{}/{name}", to.output_validator_dir())));
                    }
                } else {
                    let siblings = files
                        .iter()
                        .filter(|f| f.rel.starts_with(&format!("{program}/")));
                    validator_folder_file(
                        file,
                        siblings,
                        &folder,
                        inside,
                        to,
                        &mut plan.entries,
                        &mut wrapped,
                    )?;
                }
            }
            "submissions" => {
                let (folder, inside) = rest.split_once('/').unwrap_or((rest, ""));
                if inside.is_empty() && folder == "submissions.yaml" {
                    match to.has_submissions_yaml() {
                        true => plan.entries.push(copy(rel.into())),
                        false => leave(
                            &mut plan,
                            rel.into(),
                            &format!(
                                "!{} has no submissions.yaml: each folder's own rule judges",
                                to.name()
                            ),
                        ),
                    }
                } else if to.knows_submission_folder(folder) {
                    plan.entries.push(copy(rel.into()));
                } else {
                    leave(
                        &mut plan,
                        format!(
                            "submissions/{folder}/{}",
                            inside.split('/').next().unwrap_or(inside)
                        ),
                        &format!("!a submissions folder {} has no rule for", to.name()),
                    );
                }
            }
            _ if to.root_folders().contains(&first) => plan.entries.push(copy(rel.into())),
            _ => leave(
                &mut plan,
                rel.into(),
                &format!("not a folder of a {} package", to.name()),
            ),
        }
    }
    plan.entries.sort_by(|a, b| a.path.cmp(&b.path));
    plan.entries.dedup();
    plan.left_out.dedup();
    Ok(plan)
}

/// `problem.<language>.<extension>` → the language (`problem.md`, legacy's unnamed one, is English).
fn statement_language<'a>(name: &'a str, extension: &str) -> Option<&'a str> {
    let stem = name.strip_suffix(extension)?.strip_suffix('.')?;
    match stem {
        "problem" => Some("en"),
        _ => stem.strip_prefix("problem."),
    }
}

/// Whether a validator file is source code in a language the target does not run as it is (of the
/// judge's languages, Rust everywhere but the draft, Java in 2025-09), so its program needs a build script.
/// Headers, data and the checktestdata / VIVA scripts never do.
fn needs_wrapping(file_name: &str, to: Version) -> bool {
    let extension = file_name.rsplit_once('.').map_or("", |(_, e)| e);
    matches!(extension, "rs" | "java") && !to.runs_validator_language(extension)
}

/// An input validator that is one file: as it is, or wrapped in a folder of its name.
fn validator_file(
    file: &SourceFile,
    target: &str,
    to: Version,
    entries: &mut Vec<Entry>,
) -> Result<(), String> {
    let name = target.rsplit('/').next().unwrap_or(target);
    if !needs_wrapping(name, to) {
        entries.push(Entry {
            path: target.to_string(),
            content: Content::Copy(file.path.clone()),
            executable: file.executable,
        });
        return Ok(());
    }
    let stem = name.split('.').next().unwrap_or(name);
    let folder = format!("{}/{stem}", target.rsplit_once('/').map_or("", |(d, _)| d));
    validator_file_into(file, &folder, to, entries)
}

/// A validator file written into `folder` (the program), with a build script where its language needs one.
fn validator_file_into(
    file: &SourceFile,
    folder: &str,
    to: Version,
    entries: &mut Vec<Entry>,
) -> Result<(), String> {
    let name = file.rel.rsplit('/').next().unwrap_or(&file.rel);
    entries.push(Entry {
        path: format!("{folder}/{name}"),
        content: Content::Copy(file.path.clone()),
        executable: file.executable,
    });
    if needs_wrapping(name, to) {
        entries.extend(build_scripts(&file.rel, folder, &[name.to_string()], to)?);
    }
    Ok(())
}

/// One file of a validator that is a folder: copied; a folder without `build` / `run` in a language the
/// target does not run gets a build script (once).
fn validator_folder_file<'a>(
    file: &SourceFile,
    mut folder_files: impl Iterator<Item = &'a SourceFile>,
    target: &str,
    inside: &str,
    to: Version,
    entries: &mut Vec<Entry>,
    wrapped: &mut Vec<String>,
) -> Result<(), String> {
    entries.push(Entry {
        path: format!("{target}/{inside}"),
        content: Content::Copy(file.path.clone()),
        executable: file.executable,
    });
    if wrapped.iter().any(|w| w == target) {
        return Ok(());
    }
    let names: Vec<String> = folder_files
        .by_ref()
        .map(|f| f.rel.rsplit('/').next().unwrap_or(&f.rel).to_string())
        .collect();
    let scripted = names.iter().any(|n| n == "build" || n == "run");
    let foreign: Vec<String> = names
        .iter()
        .filter(|n| needs_wrapping(n, to))
        .cloned()
        .collect();
    wrapped.push(target.to_string());
    if !scripted && !foreign.is_empty() {
        entries.extend(build_scripts(&file.rel, target, &foreign, to)?);
    }
    Ok(())
}

/// The `build` script (and a README) that compile a validator written in Rust into `run`, the program the
/// format runs: the only language of this judge's table outside what every target runs as it is, besides
/// Java (which legacy runs, and a 2025-09 package would need a `run` script for: refused, said).
fn build_scripts(
    source: &str,
    folder: &str,
    files: &[String],
    to: Version,
) -> Result<Vec<Entry>, String> {
    let crate_root = match files {
        [one] if one.ends_with(".rs") => one.clone(),
        _ if files.iter().all(|f| f.ends_with(".rs")) && files.iter().any(|f| f == "main.rs") => "main.rs".into(),
        _ => {
            return Err(format!(
                "{source}: a validator in a language {} runs only through build and run scripts, and this \
                 export writes those for Rust only: give it a folder with its own `build` / `run`",
                to.name()
            ))
        }
    };
    let build = format!(
        "#!/bin/sh\n\
         # Written by `judge export`: this validator is Rust (std only), which a {version} package runs only\n\
         # through build and run scripts. It needs rustc 1.70 or newer; it is compiled as the judge compiles\n\
         # Rust, into `run`.\n\
         exec rustc --edition 2021 -O -o run {crate_root}\n",
        version = to.name()
    );
    let readme = format!(
        "This validator is written in Rust ({crate_root}, std only). `build` compiles it with\n\
         `rustc --edition 2021 -O` (rustc 1.70 or newer, a dependency beyond the C and C++ compilers and the\n\
         Python the format promises) into `run`, the program the judging system runs.\n"
    );
    Ok(vec![
        Entry {
            path: format!("{folder}/build"),
            content: Content::Text(build),
            executable: true,
        },
        Entry {
            path: format!("{folder}/README"),
            content: Content::Text(readme),
            executable: false,
        },
    ])
}

/// Every file of the package below `root`, links followed: names the format ignores (starting with `.` or
/// `-`, or outside its pattern) are skipped as it says; a link out of the package, a loop, or anything
/// that is neither a file nor a folder is an error naming it.
pub fn walk(root: &Path) -> Result<Vec<SourceFile>, String> {
    let real_root = fs::canonicalize(root).map_err(|e| format!("{}: {e}", root.display()))?;
    let mut files = Vec::new();
    let mut stack = vec![(real_root.clone(), String::new(), vec![real_root.clone()])];
    while let Some((dir, prefix, ancestors)) = stack.pop() {
        let mut entries: Vec<PathBuf> = fs::read_dir(&dir)
            .map_err(|e| format!("{}: cannot read: {e}", dir.display()))?
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !package::testdata::valid_name(&name) {
                continue;
            }
            let rel = if prefix.is_empty() {
                name.clone()
            } else {
                format!("{prefix}/{name}")
            };
            let real = fs::canonicalize(&path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            if !real.starts_with(&real_root) {
                return Err(format!(
                    "{}: a link to {}, outside the package (the format allows links inside it only)",
                    path.display(),
                    real.display()
                ));
            }
            let meta = fs::metadata(&real).map_err(|e| format!("{}: {e}", path.display()))?;
            if meta.is_dir() {
                if ancestors.iter().any(|a| a.starts_with(&real)) {
                    return Err(format!(
                        "{}: a link loop back to {}",
                        path.display(),
                        real.display()
                    ));
                }
                let mut below = ancestors.clone();
                below.push(real.clone());
                stack.push((real, rel, below));
            } else if meta.is_file() {
                files.push(SourceFile {
                    rel,
                    path: real,
                    executable: meta.permissions().mode() & 0o111 != 0,
                });
            } else {
                return Err(format!("{}: neither a file nor a folder", path.display()));
            }
        }
    }
    files.sort_by(|a, b| a.rel.cmp(&b.rel));
    Ok(files)
}

/// What exporting one package did.
#[derive(Debug, Default)]
pub struct Report {
    /// The package folder written.
    pub dir: PathBuf,
    pub zip: Option<PathBuf>,
    pub left_out: Vec<String>,
    /// What the tools made (the LaTeX statement, the PDF).
    pub made: Vec<String>,
    /// Parts that could not be made (a tool missing or failing): the package is incomplete.
    pub missing: Vec<String>,
}

/// Exports `pkg` as `options` say.
pub fn export(pkg: &Package, options: &Options, tools: &Tools) -> Result<Report, String> {
    let to = options.to;
    let short = short_name(&pkg.name)?;
    let files = walk(&pkg.dir)?;
    let at = |e: String| format!("{}: {e}", pkg.dir.display());
    let submissions: Vec<String> = pkg
        .submissions
        .iter()
        .filter_map(|s| s.program.label.strip_prefix("submissions/"))
        .map(str::to_string)
        .collect();
    // Every file of the package is read under its rule for links, checked on the descriptor read
    // (`package::open_inside`): `walk` checked the paths, and a link swapped in since would otherwise put
    // a host file into the export.
    let read = |path: &Path| package::read_package_text(&pkg.dir, path);
    let canonical = layout::canonical(files, &submissions, read).map_err(at)?;
    let files = canonical.files;
    let output_validator = match &pkg.output_validator {
        OutputValidator::Custom(program) => Some(program.label.as_str()),
        OutputValidator::Default => None,
    };
    let mut plan = plan(&files, pkg.meta.version, to, output_validator).map_err(at)?;
    if let Some(text) = canonical.submissions_yaml {
        for entry in &mut plan.entries {
            if entry.path == "submissions/submissions.yaml" {
                entry.content = Content::Text(text.clone());
            }
        }
    }
    plan.left_out.extend(canonical.left_out);
    if !pkg.meta.constants.is_empty() && to.format() == package::Format::Legacy {
        return Err(at(
            "problem.yaml: `constants`, which legacy has not: the export does not substitute them"
                .into(),
        ));
    }
    let mut report = Report {
        left_out: plan.left_out.clone(),
        ..Report::default()
    };
    let fixed_seconds = match &pkg.time_limit {
        TimeLimit::Fixed { ms, .. } => Some(*ms as f64 / 1000.0),
        TimeLimit::Derived => None,
    };
    let yaml_text = package::read_package_text(&pkg.dir, &pkg.dir.join("problem.yaml"))?;
    let translated = problem_yaml::translate(
        &yaml_text,
        &pkg.meta,
        fixed_seconds,
        output_validator.is_some(),
        to,
    )
    .map_err(at)?;
    report.left_out.extend(translated.left_out);
    let mut yaml_text = translated.text;
    if to == Version::Published2025
        && output_validator.is_some()
        && !pkg.answer_validators.is_empty()
    {
        // BAPCtools (its own key, none of the format's) takes every answer file for a team's output and
        // checks it with the output validator, unless `ans_is_output: false`. A package with its own output
        // validator and its own answer validators says its answers are the validator's data, in the form
        // the answer validators check (gomoku's list every winning move), not outputs.
        yaml_text.push_str(
            "# BAPCtools: the answer files are the output validator's data, checked by answer_validators/.\n\
             ans_is_output: false\n",
        );
    }
    let mut entries = plan.entries;
    entries.push(Entry {
        path: "problem.yaml".into(),
        content: Content::Text(yaml_text),
        executable: false,
    });
    if let (false, Some(seconds)) = (to.states_time_limit(), fixed_seconds) {
        // DOMjudge's own file for the time limit legacy's problem.yaml cannot state (problemtools refuses
        // `limits.time_limit` there; Kattis sets limits itself).
        entries.push(Entry {
            path: ".timelimit".into(),
            content: Content::Text(format!("{}\n", yaml_out::number(seconds))),
            executable: false,
        });
    }
    entries.extend(group_files(
        pkg,
        &files,
        &plan.group_files,
        to,
        &mut report,
    )?);
    let title = pkg.meta.name.clone().unwrap_or_else(|| pkg.name.clone());
    for entry in &mut entries {
        if let Content::Markdown(source) = &entry.content {
            match markdown_to_latex(&pkg.dir, source, &title, tools) {
                Ok((tex, how)) => {
                    report.made.push(format!("{}: {how}", entry.path));
                    entry.content = Content::Text(tex);
                }
                Err(why) => {
                    report.missing.push(format!(
                        "{}: not written ({why}); the Markdown statement is kept as {}, which {}'s tools do not read",
                        entry.path,
                        entry.path.replace(".tex", ".md"),
                        to.name()
                    ));
                    entry.path = entry.path.replace(".tex", ".md");
                    entry.content = Content::Copy(source.clone());
                }
            }
        }
    }
    entries.sort_by(|a, b| a.path.cmp(&b.path));
    if let Some(pair) = entries.windows(2).find(|w| w[0].path == w[1].path) {
        return Err(at(format!(
            "two files would be written as {}",
            pair[0].path
        )));
    }
    fs::create_dir_all(&options.out).map_err(|e| format!("{}: {e}", options.out.display()))?;
    let dir = options.out.join(&short);
    write_package(&pkg.dir, &dir, &entries)?;
    report.dir = dir.clone();
    if to == Version::Legacy {
        render(&dir, tools, &mut report);
    }
    if options.zip {
        let zip_path = options.out.join(format!("{short}.zip"));
        write_zip(&dir, &zip_path)?;
        report.zip = Some(zip_path);
    }
    Ok(report)
}

/// The test group files of the export.
fn group_files(
    pkg: &Package,
    files: &[SourceFile],
    sources: &[(String, PathBuf)],
    to: Version,
    report: &mut Report,
) -> Result<Vec<Entry>, String> {
    let texts: Vec<(String, String)> = sources
        .iter()
        .map(|(dir, path)| {
            package::read_package_text(&pkg.dir, path).map(|text| (dir.clone(), text))
        })
        .collect::<Result<_, _>>()?;
    let sources: Vec<groups::Source> = texts
        .iter()
        .map(|(dir, text)| groups::Source { dir, text })
        .collect();
    let mut secret_dirs: Vec<String> = files
        .iter()
        .filter_map(|f| f.rel.strip_prefix("data/secret/"))
        .filter_map(|rest| rest.split_once('/').map(|(dir, _)| dir.to_string()))
        .collect();
    secret_dirs.dedup();
    let secret_has_cases = files
        .iter()
        .filter_map(|f| f.rel.strip_prefix("data/secret/"))
        .any(|rest| !rest.contains('/') && rest.ends_with(".in"));
    let legacy_flags: &[String] = match to.format() {
        package::Format::Modern => &pkg.meta.validator_flags,
        package::Format::Legacy => &[],
    };
    let cases: Vec<String> = files
        .iter()
        .filter_map(|f| f.rel.strip_suffix(".in"))
        .filter(|case| case.starts_with("data/"))
        .map(str::to_string)
        .collect();
    let written = groups::translate(
        &sources,
        pkg.meta.version,
        to,
        &secret_dirs,
        secret_has_cases,
        legacy_flags,
        &cases,
    )
    .map_err(|e| format!("{}: {e}", pkg.dir.display()))?;
    report.left_out.extend(written.left_out);
    Ok(written
        .files
        .into_iter()
        .map(|(path, text)| Entry {
            path,
            content: Content::Text(text),
            executable: false,
        })
        .collect())
}

/// The Markdown statement as the format's LaTeX, by pandoc; `Err` says why not.
fn markdown_to_latex(
    root: &Path,
    source: &Path,
    title: &str,
    tools: &Tools,
) -> Result<(String, String), String> {
    let pandoc = tools.pandoc.as_ref().ok_or("pandoc is not installed")?;
    // Its stdin the descriptor the package's rule for links was checked on, never the path pandoc
    // would open itself after a link was swapped in.
    let markdown = package::open_inside(root, source)?;
    // A wide --columns: pipe tables then get no column widths (p{...} columns neither template loads).
    let output = run_tool(
        Command::new(pandoc).args(["--from", "markdown", "--to", "latex", "--columns", "10000"]),
        Stdio::from(markdown),
        Duration::from_secs(60),
    )?;
    let tex = String::from_utf8(output).map_err(|_| "pandoc wrote no UTF-8".to_string())?;
    let latex =
        latex::from_pandoc(&tex, title).map_err(|e| format!("{}: {e}", source.display()))?;
    Ok((latex, "LaTeX from the Markdown statement, by pandoc".into()))
}

/// Renders legacy's statement as DOMjudge takes it: `problem_statement/problem.pdf` and `problem.html`,
/// by problemtools (which also proves the LaTeX renders). What cannot be made is said.
fn render(dir: &Path, tools: &Tools, report: &mut Report) {
    let statement = dir.join(Version::Legacy.statement_dir());
    let pdf = statement.join("problem.pdf");
    match &tools.problem2pdf {
        None => report.missing.push(
            "problem_statement/problem.pdf: not made (problemtools' problem2pdf is not installed): DOMjudge shows no statement"
                .into(),
        ),
        Some(problem2pdf) => match run_tool(
            Command::new(problem2pdf).arg("-q").arg("-o").arg(&pdf).arg(dir),
            Stdio::null(),
            Duration::from_secs(300),
        ) {
            Ok(_) if pdf.is_file() => {
                // problem2pdf leaves its temporary file's mode (0600).
                let _ = fs::set_permissions(&pdf, fs::Permissions::from_mode(0o644));
                report
                    .made
                    .push("problem_statement/problem.pdf: by problemtools' problem2pdf".into())
            }
            Ok(_) => report.missing.push("problem_statement/problem.pdf: problem2pdf made none".into()),
            Err(e) => report.missing.push(format!("problem_statement/problem.pdf: {e}")),
        },
    }
    let html_dir = dir.with_extension("html-tmp");
    let _ = fs::remove_dir_all(&html_dir);
    match &tools.problem2html {
        None => report.missing.push(
            "problem_statement/problem.html: not made (problemtools' problem2html is not installed)".into(),
        ),
        Some(problem2html) => {
            let made = run_tool(
                Command::new(problem2html)
                    .arg("-q")
                    .arg("-d")
                    .arg(&html_dir)
                    .args(["-f", "problem.html"])
                    .arg(dir),
                Stdio::null(),
                Duration::from_secs(300),
            )
            .and_then(|_| {
                fs::copy(html_dir.join("problem.html"), statement.join("problem.html"))
                    .map_err(|e| format!("problem2html made no problem.html: {e}"))
            });
            match made {
                Ok(_) => report
                    .made
                    .push("problem_statement/problem.html: by problemtools' problem2html".into()),
                Err(e) => report.missing.push(format!("problem_statement/problem.html: {e}")),
            }
        }
    }
    let _ = fs::remove_dir_all(&html_dir);
}

/// Runs a tool to its end (its process group killed after `timeout`): its stdout, or why it failed.
fn run_tool(command: &mut Command, stdin: Stdio, timeout: Duration) -> Result<Vec<u8>, String> {
    /// More than any statement's LaTeX or a tool's complaint.
    const MAX_BYTES: u64 = 16 << 20;
    let shown = format!("{:?}", command.get_program());
    let mut child = command
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("{shown}: cannot start: {e}"))?;
    let pipes = (child.stdout.take(), child.stderr.take());
    let read = |pipe: Option<std::process::ChildStdout>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(pipe) = pipe {
                let _ = pipe.take(MAX_BYTES).read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = read(pipes.0);
    let stderr = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(pipe) = pipes.1 {
            let _ = pipe.take(MAX_BYTES).read_to_end(&mut bytes);
        }
        bytes
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
            _ => break None,
        }
    };
    let Some(status) = status else {
        // The whole group: problem2pdf's lualatex runs in it too.
        let _ = crate::sys::kill_group(child.id() as crate::sys::Pid, crate::sys::SIGKILL);
        let _ = child.wait();
        return Err(format!(
            "{shown}: still running after {} s, stopped",
            timeout.as_secs()
        ));
    };
    let out = stdout.join().unwrap_or_default();
    let err = stderr.join().unwrap_or_default();
    if status.success() {
        Ok(out)
    } else {
        let err = String::from_utf8_lossy(&err);
        let last = err
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        Err(format!("{shown} failed ({status}): {last}"))
    }
}

/// Writes the files of the package `root` into `dir`, replacing an earlier export there (never a folder
/// that is not one: that is an error). A file copied is read from the descriptor the package's rule for
/// links was checked on (`package::open_inside`).
fn write_package(root: &Path, dir: &Path, entries: &[Entry]) -> Result<(), String> {
    let shown = dir.display();
    if dir.exists() {
        let earlier = dir.join("problem.yaml").is_file()
            || fs::read_dir(dir).is_ok_and(|mut d| d.next().is_none());
        if !earlier {
            return Err(format!(
                "{shown}: exists and is not a package: not overwritten"
            ));
        }
    }
    let staging = dir.with_extension("export-tmp");
    let _ = fs::remove_dir_all(&staging);
    for entry in entries {
        let path = staging.join(&entry.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        match &entry.content {
            Content::Copy(source) | Content::Markdown(source) => {
                let mut from = package::open_inside(root, source)?;
                fs::File::create(&path)
                    .and_then(|mut to| std::io::copy(&mut from, &mut to))
                    .map(|_| ())
            }
            Content::Text(text) => fs::write(&path, text),
        }
        .map_err(|e| format!("{}: {e}", path.display()))?;
        let mode = if entry.executable { 0o755 } else { 0o644 };
        fs::set_permissions(&path, fs::Permissions::from_mode(mode))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if dir.exists() {
        fs::remove_dir_all(dir).map_err(|e| format!("{shown}: cannot replace: {e}"))?;
    }
    fs::rename(&staging, dir).map_err(|e| format!("{shown}: {e}"))
}

/// `zip_path`: every file below `dir`, at the archive's root, in name order.
fn write_zip(dir: &Path, zip_path: &Path) -> Result<(), String> {
    let files = walk_written(dir)?;
    let file = fs::File::create(zip_path).map_err(|e| format!("{}: {e}", zip_path.display()))?;
    let mut writer = zip::Writer::new(std::io::BufWriter::new(file));
    for (name, path, executable) in &files {
        let data = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        writer
            .add(&zip::Entry {
                name,
                data: &data,
                executable: *executable,
            })
            .map_err(|e| format!("{}: {e}", zip_path.display()))?;
    }
    writer
        .finish()
        .map(|_| ())
        .map_err(|e| format!("{}: {e}", zip_path.display()))
}

/// The files the export wrote below `dir` (`.timelimit` included), in name order.
fn walk_written(dir: &Path) -> Result<Vec<(String, PathBuf, bool)>, String> {
    let mut found = Vec::new();
    let mut stack = vec![(dir.to_path_buf(), String::new())];
    while let Some((folder, prefix)) = stack.pop() {
        for entry in fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))? {
            let entry = entry.map_err(|e| format!("{}: {e}", folder.display()))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel = if prefix.is_empty() {
                name
            } else {
                format!("{prefix}/{name}")
            };
            let meta = entry.metadata().map_err(|e| format!("{rel}: {e}"))?;
            if meta.is_dir() {
                stack.push((entry.path(), rel));
            } else {
                found.push((rel, entry.path(), meta.permissions().mode() & 0o111 != 0));
            }
        }
    }
    found.sort();
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(rel: &str) -> SourceFile {
        SourceFile {
            rel: rel.into(),
            path: PathBuf::from("/p").join(rel),
            executable: false,
        }
    }

    fn paths(plan: &Plan) -> Vec<&str> {
        plan.entries.iter().map(|e| e.path.as_str()).collect()
    }

    /// The shape of this workspace's packages.
    fn ours() -> Vec<SourceFile> {
        [
            "README.md",
            "data/sample/1.ans",
            "data/sample/1.in",
            "data/secret/beyond/tabs.ans",
            "data/secret/beyond/tabs.in",
            "data/secret/beyond/testdata.yaml",
            "data/secret/official/02.ans",
            "data/secret/official/02.in",
            "generators/random.rs",
            "input_validators/validate.rs",
            "output_validator/validate.cpp",
            "problem.yaml",
            "referee.rs",
            "statement/problem.en.md",
            "submissions/accepted/a.rs",
            "submissions/slow_accepted/b.c",
            "submissions/submissions.yaml",
        ]
        .into_iter()
        .map(file)
        .collect()
    }

    /// `ours()` exported from the draft to `to`.
    fn ours_as(to: Version) -> Plan {
        plan(
            &ours(),
            Version::Draft2023,
            to,
            Some("output_validator/validate.cpp"),
        )
        .unwrap()
    }

    /// The cases of `ours()`, the first files of every export of it (each version keeps them as they are).
    const OUR_DATA: [&str; 6] = [
        "data/sample/1.ans",
        "data/sample/1.in",
        "data/secret/beyond/tabs.ans",
        "data/secret/beyond/tabs.in",
        "data/secret/official/02.ans",
        "data/secret/official/02.in",
    ];

    #[test]
    fn our_package_keeps_its_cases_in_every_version() {
        for to in Version::ALL {
            assert_eq!(
                paths(&ours_as(to))[..OUR_DATA.len()],
                OUR_DATA,
                "{}",
                to.name()
            );
        }
    }

    #[test]
    fn short_names() {
        assert_eq!(short_name("go-capture").unwrap(), "gocapture");
        assert_eq!(short_name("POJ1077_Eight").unwrap(), "poj1077eight");
        assert!(short_name("--").is_err());
    }

    #[test]
    fn our_package_in_2025() {
        let plan = ours_as(Version::Published2025);
        assert_eq!(
            paths(&plan)[OUR_DATA.len()..],
            [
                "generators/random.rs",
                "input_validators/validate/README",
                "input_validators/validate/build",
                "input_validators/validate/validate.rs",
                "output_validator/validate.cpp",
                "statement/problem.en.tex",
                "submissions/accepted/a.rs",
                "submissions/slow_accepted/b.c",
                "submissions/submissions.yaml",
            ]
        );
        assert_eq!(
            plan.group_files,
            [(
                "data/secret/beyond".to_string(),
                PathBuf::from("/p/data/secret/beyond/testdata.yaml")
            )]
        );
        assert_eq!(
            plan.left_out,
            [
                "README.md (the notes, for this project's readers: no part of a package)",
                "referee.rs (not a file of a 2025-09 package)",
            ]
        );
        let build = plan
            .entries
            .iter()
            .find(|e| e.path.ends_with("/build"))
            .unwrap();
        assert!(build.executable);
        let Content::Text(script) = &build.content else {
            panic!()
        };
        assert!(
            script.ends_with("exec rustc --edition 2021 -O -o run validate.rs\n"),
            "{script}"
        );
        let statement = plan
            .entries
            .iter()
            .find(|e| e.path == "statement/problem.en.tex")
            .unwrap();
        assert_eq!(
            statement.content,
            Content::Markdown(PathBuf::from("/p/statement/problem.en.md"))
        );
    }

    #[test]
    fn our_package_in_legacy() {
        let plan = ours_as(Version::Legacy);
        assert_eq!(
            paths(&plan)[OUR_DATA.len()..],
            [
                "input_validators/validate/README",
                "input_validators/validate/build",
                "input_validators/validate/validate.rs",
                "output_validators/validate/validate.cpp",
                "problem_statement/problem.en.tex",
                "submissions/accepted/a.rs",
            ]
        );
        assert_eq!(
            plan.left_out,
            [
                "README.md (the notes, for this project's readers: no part of a package)",
                "generators/ (not a folder of a legacy package)",
                "referee.rs (not a file of a legacy package)",
                "submissions/slow_accepted/b.c (a submissions folder legacy has no rule for)",
                "submissions/submissions.yaml (legacy has no submissions.yaml: each folder's own rule judges)",
            ]
        );
    }

    #[test]
    fn our_package_in_the_draft_stays_as_it_is() {
        let plan = ours_as(Version::Draft2023);
        assert!(paths(&plan).contains(&"statement/problem.en.md"));
        assert!(paths(&plan).contains(&"input_validators/validate.rs"));
        assert!(paths(&plan).contains(&"output_validator/validate.cpp"));
    }

    #[test]
    fn a_2025_output_validator_folder_and_a_java_validator() {
        let files: Vec<SourceFile> = [
            "output_validator/a.cpp",
            "output_validator/b.h",
            "problem.yaml",
        ]
        .into_iter()
        .map(file)
        .collect();
        let legacy = plan(
            &files,
            Version::Published2025,
            Version::Legacy,
            Some("output_validator"),
        )
        .unwrap();
        assert_eq!(
            paths(&legacy),
            [
                "output_validators/validator/a.cpp",
                "output_validators/validator/b.h"
            ]
        );
        let java = [file("input_validators/Check.java")];
        let err = plan(&java, Version::Legacy, Version::Published2025, None).unwrap_err();
        assert!(err.contains("writes those for Rust only"), "{err}");
        assert_eq!(
            paths(&plan(&java, Version::Published2025, Version::Legacy, None).unwrap()),
            ["input_validators/Check.java"]
        );
    }
}
