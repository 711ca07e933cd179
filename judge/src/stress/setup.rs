//! What a stress run uses, resolved before anything runs: the programs (generator, reference, input
//! validators, the solution, the checker where there is one) and one judging job whose single case is the
//! template of every input's case (its limits and check already scaled and resolved by `plan`, exactly as
//! `judge PROBLEM --solution FILE` resolves them).
//!
//! A problem package gives its generators/random.*, generators/reference.*, input validators, output
//! validator and limits; the command line may replace any of them. Without a package, the command line
//! gives them all and the limits are the defaults below.

use crate::cli::StressConfig;
use crate::package::{
    self, find, Case, Format, Group, OutputValidator, Package, Program, TimeLimit, ValidatorArgs,
};
use crate::plan::{self, Job, Selection};
use crate::sandbox::{self, Limits};
use std::fs;
use std::path::{Path, PathBuf};

/// The time limit without a package that states one.
pub const DEFAULT_TIME_LIMIT_MS: u64 = 1000;
/// The memory limit without a package.
pub const DEFAULT_MEMORY_MIB: u64 = 1024;
/// Generators, references and input validators: CPU, wall clock and output of one run.
const HELPER_CPU_MS: u64 = 10_000;
const HELPER_WALL_MS: u64 = 20_000;
const HELPER_OUTPUT_MIB: u64 = 64;

/// A program with the name reports give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Role {
    pub path: PathBuf,
    /// `generators/random.rs` for a package's own, else the path as typed.
    pub label: String,
}

/// Everything a stress run needs, resolved.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The problem's name: the package's folder, or the solution's file stem.
    pub problem: String,
    pub generator: Role,
    pub reference: Role,
    /// Input validators with their arguments (those of the official inputs).
    pub validators: Vec<(Role, Vec<String>)>,
    pub solution: Role,
    /// One job of one case: the template each input's case is made from.
    pub job: Job,
    /// The limits of a generator, reference or input validator run.
    pub helper_limits: Limits,
    /// Where the time limit comes from, for the header.
    pub time_limit_from: String,
}

/// Resolves the command line into a `Setup`, or the reason it cannot run.
pub fn resolve(config: &StressConfig) -> Result<Setup, String> {
    let solution = role(&config.solution, None)?;
    let (package, from_package) = match &config.problem {
        Some(name) => (load(&config.testdata, name)?, true),
        None => (bare(&solution)?, false),
    };
    if package.meta.interactive || package.meta.multi_pass {
        let kind = match package.meta.interactive {
            true => "an interactive",
            false => "a multi-pass",
        };
        return Err(format!(
            "{}: {kind} problem: judge stress runs programs that read one input and print an answer",
            package.name
        ));
    }
    let own = |stem: &str| {
        let found = generator_file(&package.dir, stem);
        found.map(|path| Role {
            label: format!("generators/{}", file_name(&path)),
            path,
        })
    };
    let pick = |given: &Option<PathBuf>, stem: &str, option: &str| -> Result<Role, String> {
        match given {
            Some(path) => role(path, None),
            None => own(stem).ok_or_else(|| {
                format!(
                    "{}: no generators/{stem}.* in the package: give one with {option}",
                    package.name
                )
            }),
        }
    };
    let generator = pick(&config.generator, "random", "--generator GEN")?;
    let reference = pick(&config.reference, "reference", "--reference REF")?;
    // The official inputs' validator arguments: a secret case outside this project's beyond group.
    let official = package
        .cases
        .iter()
        .find(|c| c.group == Group::Official && c.name.starts_with("secret/"));
    let input_args = official.map_or(ValidatorArgs::None, |c| c.input_args.clone());
    let output_args = official.map_or(package.meta.validator_flags.clone(), |c| {
        c.output_args.clone()
    });
    let validators = match &config.validator {
        Some(path) => vec![(role(path, None)?, Vec::new())],
        None => package
            .input_validators
            .iter()
            .map(|v| {
                let name = v
                    .path
                    .file_stem()
                    .map_or(String::new(), |s| s.to_string_lossy().into_owned());
                let role = Role {
                    path: v.path.clone(),
                    label: v.label.clone(),
                };
                (role, input_args.for_validator(&name))
            })
            .collect(),
    };
    let mut package = package;
    if let Some(path) = &config.checker {
        let checker = role(path, None)?;
        package.output_validator = OutputValidator::Custom(Program {
            path: checker.path,
            label: checker.label,
        });
        package.meta.custom_validation = true;
    }
    if let Some(mib) = config.memory_mib {
        package.meta.memory_mib = mib;
    }
    let (time_limit_ms, time_limit_from) = match (config.time_limit_ms, &package.time_limit) {
        (Some(ms), _) => (ms, "--time-limit".to_string()),
        (None, TimeLimit::Fixed { ms, from }) => (*ms, from.clone()),
        (None, TimeLimit::Derived) => (
            DEFAULT_TIME_LIMIT_MS,
            if from_package {
                "the package states none: the default; --time-limit sets it".into()
            } else {
                "the default; --time-limit sets it".into()
            },
        ),
    };
    // The one case every input becomes: its files are each input's own, written where each worker runs.
    package.cases = vec![Case {
        name: "stress".into(),
        group: Group::Official,
        input: PathBuf::from("stress.in"),
        answer: PathBuf::from("stress.ans"),
        input_args: ValidatorArgs::None,
        output_args,
    }];
    let selection = Selection {
        solution: Some((solution.path.clone(), solution.label.clone())),
        case_pattern: None,
        tl_mult: 1.0,
        wall_mult: 1.0,
        fail_fast: false,
        // The user's file as the host's compilers build it: a stress test hunts wrong answers, not an old
        // judge's compile errors (the judge's official run reports those).
        dialects: false,
    };
    let job = plan::jobs(&package, &selection, time_limit_ms, &time_limit_from)
        .into_iter()
        .next()
        .ok_or("no job to run")?;
    let helper_limits = Limits {
        cpu_ms: HELPER_CPU_MS,
        wall_ms: HELPER_WALL_MS,
        wall_patience_ms: 0,
        memory_kib: package
            .meta
            .validation_memory_mib
            .max(package.meta.memory_mib)
            * 1024,
        output_bytes: HELPER_OUTPUT_MIB << 20,
        drain_past_cap: false,
        tasks: sandbox::DEFAULT_TASKS,
        tmp_mib: 16,
    };
    Ok(Setup {
        problem: package.name.clone(),
        generator,
        reference,
        validators,
        solution,
        job,
        helper_limits,
        time_limit_from,
    })
}

/// The package `name` names in `testdata` (or at its path).
fn load(testdata: &Path, name: &str) -> Result<Package, String> {
    let testdata = absolute(testdata);
    let (dirs, errors) = find::packages(&testdata, &[name.to_string()]);
    if let Some(e) = errors.into_iter().next() {
        return Err(e);
    }
    let dir = dirs
        .into_iter()
        .next()
        .ok_or(format!("{name}: no such problem"))?;
    package::load(&dir)
}

/// A package for the generic form: no cases, no validators, default limits, tokens compared.
fn bare(solution: &Role) -> Result<Package, String> {
    let (mut meta, _) =
        package::metadata::parse("problem_format_version: 2023-07-draft\n", "(judge stress)")?;
    meta.memory_mib = DEFAULT_MEMORY_MIB;
    let name = solution
        .path
        .file_stem()
        .map_or("stress".to_string(), |s| s.to_string_lossy().into_owned());
    debug_assert_eq!(meta.format, Format::Modern);
    Ok(Package {
        title: name.clone(),
        name,
        dir: PathBuf::from("."),
        meta,
        time_limit: TimeLimit::Derived,
        output_validator: OutputValidator::Default,
        input_validators: Vec::new(),
        answer_validators: Vec::new(),
        cases: Vec::new(),
        submissions: Vec::new(),
        dialect: None,
        include: None,
        warnings: Vec::new(),
    })
}

/// `generators/<stem>.<ext>` of a package (a file or a program folder), the first in name order.
fn generator_file(dir: &Path, stem: &str) -> Option<PathBuf> {
    let entries = fs::read_dir(dir.join("generators")).ok()?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.file_stem().is_some_and(|s| s == stem) && (p.is_file() || p.is_dir()))
        .collect();
    found.sort();
    found.into_iter().next()
}

/// A program the user named: it must exist; its label is the path as typed.
fn role(path: &Path, label: Option<String>) -> Result<Role, String> {
    let full = absolute(path);
    if !full.exists() {
        return Err(format!("{}: no such file", path.display()));
    }
    Ok(Role {
        path: full,
        label: label.unwrap_or_else(|| path.display().to_string()),
    })
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|cwd| cwd.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    }
}
