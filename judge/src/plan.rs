//! Resolve first, then execute: packages and the command line become **jobs** — one submission on one
//! package — each a list of plain case specs: the files, the run limits already scaled, the check. The
//! engine only executes specs; nothing downstream re-derives a limit or re-reads a setting.

use crate::checker::default::Flags;
use crate::glob;
use crate::lang::Dialect;
use crate::package::{Constants, Expectation, Group, OutputValidator, Package, TimeLimit};
use crate::sandbox::{self, Limits};
use crate::source;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The wall-clock limit's extra time beyond the time limit (and at least 2 × TL), before `--wall-mult`.
const WALL_SLACK_MS: u64 = 1000;
/// The private `/tmp` of a run: room for scratch files, not a way around the memory limit.
const RUN_TMP_MIB: u64 = 16;
/// The time limit accepted submissions run under while the time limit is being derived (problemtools'
/// cap for the same step is 300 s; a minute is plenty for a submission that must fit a derived limit).
pub const DERIVING_CAP_MS: u64 = 60_000;

/// How the command line scales and selects.
#[derive(Clone, Debug)]
pub struct Selection {
    /// `--solution FILE` (absolute) and the name reports give it; `None`: the package's own submissions.
    pub solution: Option<(PathBuf, String)>,
    /// `--case PATTERN`.
    pub case_pattern: Option<String>,
    /// `--tl-mult`: scales the time limit (CPU, and with it the wall limit).
    pub tl_mult: f64,
    /// `--wall-mult`: scales only the wall-clock limit (a loaded machine), never what CPU time is judged.
    pub wall_mult: f64,
    /// `--fail-fast`: stop each job at its first case that is not AC.
    pub fail_fast: bool,
    /// Compile as the problem's real judge does where its dialect is known (off: `--dialect none`, or a
    /// language table of the user's own).
    pub dialects: bool,
}

/// How a case's output is checked.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// The format's default output validator with these flags.
    Default(Flags),
    /// The package's output validator program (its source), with the case's arguments, under its limits.
    /// `interactive`: it talks to the submission over pipes instead of reading its output.
    Program {
        source: PathBuf,
        label: String,
        args: Vec<String>,
        limits: Limits,
        interactive: bool,
        /// At most this many runs of the submission (multi-pass: the validator writes each next pass's
        /// input as `nextpass.in`); 1 for every other problem.
        passes: u32,
    },
    /// The case's flags are wrong for the default validator: every such case is a JE saying so.
    Invalid(String),
}

/// One case, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseSpec {
    /// The case's name below `data/`.
    pub name: String,
    pub group: Group,
    pub input: PathBuf,
    pub answer: PathBuf,
    /// The package folder (canonical) whose rule for links `input` and `answer` obey, checked on each
    /// descriptor the judge opens them by, every time it opens them (`package::open_inside`): a link
    /// swapped in after the package was loaded must not hand a run, a checker or a report a host file.
    /// `None` for files of the judge's own (a stress test's input and answer).
    pub package_dir: Option<PathBuf>,
    /// The submission's limits (time already scaled).
    pub limits: Limits,
    pub check: Check,
}

/// One submission on one package.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    pub package: String,
    /// The submission as reports name it (`accepted/hello.cc`, or the path the user typed).
    pub submission: String,
    pub source: PathBuf,
    pub expectation: Option<Expectation>,
    /// One of the package's example submissions (not the user's `--solution`).
    pub example: bool,
    /// Stop at the first case that is not AC (its verdict is the submission's, as problemtools judges).
    pub stop_at_first_failure: bool,
    /// The scaled time limit and how it was found, for the report.
    pub time_limit_ms: u64,
    pub time_limit_from: String,
    pub memory_mib: u64,
    /// What checks the output, for the report.
    pub checker: String,
    /// The real judge's dialect its program is compiled in, when the problem names one that accepts its
    /// language.
    pub dialect: Option<Arc<Dialect>>,
    /// How the dialect applies, for the report: `compiled as POJ does`, or why it does not.
    pub dialect_note: Option<String>,
    /// The package's `include/` folder, whose files go with the submission into its compile.
    pub include: Option<PathBuf>,
    /// The package's folder (canonical): the files of its programs obey its rule for links.
    pub package_dir: PathBuf,
    /// The package's constants (2025-09), replaced in its validators and example submissions.
    pub constants: Constants,
    /// The submission may write in its working folder (`allow_file_writing`).
    pub allow_file_writing: bool,
    pub cases: Vec<CaseSpec>,
}

/// The package folder whose rule for links (`package::inside`) the program at `path` obeys: `package_dir`
/// when the program lies in it (an example submission, a validator, a `--solution` inside the package);
/// `None` for a file of the user's own elsewhere.
pub fn package_of<'a>(path: &Path, package_dir: &'a Path) -> Option<&'a Path> {
    path.starts_with(package_dir).then_some(package_dir)
}

/// The time limit after `--tl-mult`, at least 1 ms.
pub fn scaled(time_limit_ms: u64, tl_mult: f64) -> u64 {
    ((time_limit_ms as f64 * tl_mult).round() as u64).max(1)
}

/// The sandbox limits of a submission's run.
pub fn run_limits(time_limit_ms: u64, memory_mib: u64, output_mib: u64, wall_mult: f64) -> Limits {
    let wall = (2 * time_limit_ms).max(time_limit_ms + WALL_SLACK_MS);
    Limits {
        cpu_ms: time_limit_ms,
        wall_ms: ((wall as f64 * wall_mult).round() as u64).max(wall),
        wall_patience_ms: 0,
        memory_kib: memory_mib * 1024,
        output_bytes: output_mib * 1024 * 1024,
        drain_past_cap: true,
        tasks: sandbox::DEFAULT_TASKS,
        tmp_mib: RUN_TMP_MIB,
    }
}

/// problemtools' rule for a package that states no time limit: the slowest accepted run × the multiplier,
/// rounded up to a whole multiple of the time resolution (at least one).
pub fn derived_time_limit(slowest_ms: u64, package: &Package) -> u64 {
    let meta = &package.meta;
    let resolution_ms = (meta.time_resolution * 1000.0).max(1.0);
    let exact = slowest_ms as f64 * meta.ac_to_time_limit;
    ((exact / resolution_ms).ceil().max(1.0) * resolution_ms).round() as u64
}

/// The jobs for `package`: its submissions (or the user's file), each with the cases `--case` keeps.
/// `time_limit_ms` is the unscaled limit to judge by (the package's own, or one derived).
pub fn jobs(
    package: &Package,
    selection: &Selection,
    time_limit_ms: u64,
    time_limit_from: &str,
) -> Vec<Job> {
    let meta = &package.meta;
    let time_limit = scaled(time_limit_ms, selection.tl_mult);
    let limits = run_limits(
        time_limit,
        meta.memory_mib,
        meta.output_mib,
        selection.wall_mult,
    );
    let validator_limits = Limits {
        cpu_ms: meta.validation_seconds * 1000,
        wall_ms: ((meta.validation_seconds * 2000) as f64 * selection.wall_mult) as u64,
        wall_patience_ms: 0,
        memory_kib: meta.validation_memory_mib * 1024,
        output_bytes: meta.validation_output_mib * 1024 * 1024,
        drain_past_cap: false,
        tasks: sandbox::DEFAULT_TASKS,
        tmp_mib: RUN_TMP_MIB,
    };
    let checker = match &package.output_validator {
        OutputValidator::Default => "default validator".to_string(),
        OutputValidator::Custom(p) if meta.interactive => format!("interactor {}", p.label),
        OutputValidator::Custom(p) => p.label.clone(),
    };
    let cases: Vec<CaseSpec> = package
        .cases
        .iter()
        .filter(|c| {
            selection
                .case_pattern
                .as_deref()
                .map_or(true, |p| glob::matches(p, &c.name))
        })
        .map(|case| CaseSpec {
            name: case.name.clone(),
            group: case.group,
            input: case.input.clone(),
            answer: case.answer.clone(),
            package_dir: Some(package.dir.clone()),
            limits: limits.clone(),
            check: match &package.output_validator {
                OutputValidator::Default => match Flags::parse(&case.output_args) {
                    Ok(flags) => Check::Default(flags),
                    Err(e) => Check::Invalid(e),
                },
                OutputValidator::Custom(program) => Check::Program {
                    source: program.path.clone(),
                    label: program.label.clone(),
                    args: case.output_args.clone(),
                    limits: validator_limits.clone(),
                    interactive: meta.interactive,
                    passes: if meta.multi_pass {
                        meta.validation_passes
                    } else {
                        1
                    },
                },
            },
        })
        .collect();
    let example = selection.solution.is_none();
    let dialect = package
        .dialect
        .clone()
        .filter(|_| selection.dialects)
        .map(Arc::new);
    let job = |source: PathBuf, submission: String, expectation: Option<Expectation>| {
        Job {
        package: package.name.clone(),
        example,
        dialect_note: dialect.as_ref().map(|d| match source::read(&source, &d.languages, None) {
            Ok(_) => format!("compiled as {} does", d.name),
            Err(_) => format!(
                "{} does not take this language (it takes {}): judged with this machine's table, and the official verdict cannot predict {}'s",
                d.name,
                d.accepted(),
                d.name
            ),
        }),
        dialect: dialect
            .clone()
            .filter(|d| source::read(&source, &d.languages, None).is_ok()),
        // An example submission stops at its first failure unless a rule needs every case; one in a folder
        // the format does not know is not checked, so its first failure is all there is to show.
        stop_at_first_failure: selection.fail_fast
            || (example
                && expectation
                    .as_ref()
                    .map_or(true, Expectation::stops_at_first_failure)),
        submission,
        source,
        expectation,
        time_limit_ms: time_limit,
        time_limit_from: time_limit_from.to_string(),
        memory_mib: meta.memory_mib,
        checker: checker.clone(),
        include: package.include.clone(),
        package_dir: package.dir.clone(),
        constants: meta.constants.clone(),
        allow_file_writing: meta.allow_file_writing,
        cases: cases.clone(),
    }
    };
    match &selection.solution {
        Some((path, label)) => vec![job(path.clone(), label.clone(), None)],
        None => package
            .submissions
            .iter()
            .map(|s| {
                let label = s
                    .program
                    .label
                    .strip_prefix("submissions/")
                    .unwrap_or(&s.program.label);
                job(
                    s.program.path.clone(),
                    label.to_string(),
                    s.expectation.clone(),
                )
            })
            .collect(),
    }
}

/// The package's stated time limit and where it comes from, or `None` when it must be derived.
pub fn stated_time_limit(package: &Package) -> Option<(u64, String)> {
    match &package.time_limit {
        TimeLimit::Fixed { ms, from } => Some((*ms, from.clone())),
        TimeLimit::Derived => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_limits() {
        assert_eq!(scaled(1000, 1.0), 1000);
        assert_eq!(scaled(1000, 2.5), 2500);
        assert_eq!(scaled(3, 0.1), 1);
        let l = run_limits(300, 64, 64, 1.0);
        assert_eq!(
            (l.cpu_ms, l.wall_ms, l.memory_kib, l.output_bytes),
            (300, 1300, 65536, 64 << 20)
        );
        assert_eq!(run_limits(5000, 32, 1, 1.0).wall_ms, 10000);
        // --wall-mult widens only the wall clock: the CPU limit, which is judged, stays.
        let loaded = run_limits(1000, 64, 8, 3.0);
        assert_eq!((loaded.cpu_ms, loaded.wall_ms), (1000, 6000));
    }
}
