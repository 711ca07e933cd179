//! `judge validate`: every input validator of each package on every input, with the arguments the input's
//! test group gives it (`input_validator_flags`), in the sandbox like any program. A validator accepts an
//! input by exiting 42; any other end means the input could not be confirmed valid. Inputs under
//! `data/invalid_input/` (2023-07) must be rejected by at least one validator.

use crate::compile::Compiled;
use crate::engine::{self, Options};
use crate::package::{Package, ValidatorArgs};
use crate::sandbox::{self, Exit, Limits, Streams};
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;

/// How much of a validator's message a failure quotes.
const MESSAGE_BYTES: usize = 2000;

/// One validator on one input: Ok((valid, its message)), or the judge's own failure to run it.
type Checked = Result<(bool, String), String>;

/// One input to check, and whether it must be valid.
struct Input {
    name: String,
    path: PathBuf,
    args: ValidatorArgs,
    must_be_valid: bool,
}

/// Validates every package's inputs, printing through `say`; the exit code: 0 all as they should be,
/// 1 some input is not, 2 a validator could not be compiled or run (or there is none).
pub fn run(packages: &[Package], options: &Options, say: &mut dyn FnMut(&str)) -> i32 {
    let mut code = 0;
    for package in packages {
        code = code.max(package_code(package, options, say));
    }
    code
}

fn package_code(package: &Package, options: &Options, say: &mut dyn FnMut(&str)) -> i32 {
    if package.input_validators.is_empty() {
        say(&format!(
            "{}: no input validator in {}/input_validators/: nothing checks the inputs\n",
            package.name,
            package.dir.display()
        ));
        return 2;
    }
    let sources: Vec<PathBuf> = package
        .input_validators
        .iter()
        .map(|v| v.path.clone())
        .collect();
    let compiled =
        engine::compile_sources(&sources, &package.meta.constants, &package.dir, options);
    let mut validators = Vec::new();
    for v in &package.input_validators {
        match compiled.get(&v.path) {
            Some(Ok(Compiled::Ready(artifact))) => {
                let name = v
                    .path
                    .file_stem()
                    .map_or(String::new(), |s| s.to_string_lossy().into_owned());
                validators.push((name, v.label.clone(), artifact.clone()));
            }
            Some(Ok(Compiled::Error(message))) => {
                say(&format!(
                    "{}: the input validator {} does not compile:\n{message}\n",
                    package.name, v.label
                ));
                return 2;
            }
            Some(Err(e)) => {
                say(&format!("{}: {e}\n", package.name));
                return 2;
            }
            None => return 2,
        }
    }
    let mut inputs: Vec<Input> = package
        .cases
        .iter()
        .map(|c| Input {
            name: c.name.clone(),
            path: c.input.clone(),
            args: c.input_args.clone(),
            must_be_valid: true,
        })
        .collect();
    inputs.extend(invalid_inputs(&package.dir));
    let limits = Limits {
        cpu_ms: package.meta.validation_seconds * 1000,
        wall_ms: package.meta.validation_seconds * 2000,
        memory_kib: package.meta.validation_memory_mib * 1024,
        output_bytes: package.meta.validation_output_mib << 20,
        drain_past_cap: false,
        tasks: sandbox::DEFAULT_TASKS,
        tmp_mib: 16,
    };
    // Every (input, validator) pair's verdict, input-major: Ok(valid?) or the judge's own failure.
    let pairs: Vec<(usize, usize)> = (0..inputs.len())
        .flat_map(|i| (0..validators.len()).map(move |v| (i, v)))
        .collect();
    let results: Mutex<Vec<Option<Checked>>> = Mutex::new(vec![None; pairs.len()]);
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        for worker in 0..options.jobs.clamp(1, pairs.len().max(1)) {
            let (pairs, inputs, validators, results, next, limits) =
                (&pairs, &inputs, &validators, &results, &next, &limits);
            scope.spawn(move || {
                let slot = options.scratch.slot(
                    &format!("validate-{}-{worker}", package.dir.display()).replace('/', "_"),
                );
                while let Some(&(i, v)) = pairs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let (name, _, artifact) = &validators[v];
                    let outcome = match &slot {
                        Ok(slot) => {
                            let args = inputs[i].args.for_validator(name);
                            check(artifact, &inputs[i].path, &args, limits, slot)
                        }
                        Err(e) => Err(format!("scratch dir: {e}")),
                    };
                    results.lock().unwrap_or_else(|e| e.into_inner())[i * validators.len() + v] =
                        Some(outcome);
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut code = 0;
    let mut bad = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let verdicts: Vec<&Checked> = (0..validators.len())
            .filter_map(|v| results[i * validators.len() + v].as_ref())
            .collect();
        if let Some(Err(e)) = verdicts.iter().find(|r| r.is_err()) {
            bad.push(format!("  {}: cannot validate: {e}", input.name));
            code = 2;
            continue;
        }
        let rejections: Vec<String> = verdicts
            .iter()
            .zip(&validators)
            .filter_map(|(r, (_, label, _))| match r {
                Ok((false, message)) => Some(format!("{label}: {message}")),
                _ => None,
            })
            .collect();
        match (input.must_be_valid, rejections.is_empty()) {
            (true, false) => {
                bad.push(format!(
                    "  INVALID {}  {}",
                    input.name,
                    rejections.join("; ")
                ));
                code = code.max(1);
            }
            (false, true) => {
                bad.push(format!(
                    "  ACCEPTED {}: an invalid_input case no validator rejects",
                    input.name
                ));
                code = code.max(1);
            }
            _ => {}
        }
    }
    let valid = inputs.iter().filter(|i| i.must_be_valid).count();
    let invalid = inputs.len() - valid;
    let mut summary = format!(
        "{}: {valid} input{} × {} validator{}",
        package.name,
        if valid == 1 { "" } else { "s" },
        validators.len(),
        if validators.len() == 1 { "" } else { "s" }
    );
    if invalid > 0 {
        summary += &format!(
            " (and {invalid} invalid_input case{})",
            if invalid == 1 { "" } else { "s" }
        );
    }
    summary += if bad.is_empty() {
        ": all as they should be\n"
    } else {
        ":\n"
    };
    say(&summary);
    for line in bad {
        say(&format!("{line}\n"));
    }
    code
}

/// `data/invalid_input/**/*.in`: inputs every validator set must reject.
fn invalid_inputs(dir: &Path) -> Vec<Input> {
    let mut found = Vec::new();
    let mut stack = vec![dir.join("data/invalid_input")];
    // Each real folder once: a symlink loop (`again -> .`) or links to links would walk forever. (Links
    // out of the package are refused when it is loaded.)
    let mut walked = std::collections::HashSet::new();
    while let Some(folder) = stack.pop() {
        if !fs::canonicalize(&folder).is_ok_and(|real| walked.insert(real)) {
            continue;
        }
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "in") {
                let name = path
                    .strip_prefix(dir.join("data"))
                    .unwrap_or(&path)
                    .with_extension("")
                    .display()
                    .to_string();
                found.push(Input {
                    name,
                    path,
                    args: ValidatorArgs::None,
                    must_be_valid: false,
                });
            }
        }
    }
    found
}

/// One validator on one input: Ok((valid, its message)) or the judge's own failure to run it.
fn check(
    validator: &crate::compile::Artifact,
    input: &Path,
    args: &[String],
    limits: &Limits,
    slot: &sandbox::Slot,
) -> Checked {
    let stdin = sandbox::sealed_input(input)
        .map_err(|e| format!("cannot read {}: {e}", input.display()))?;
    let streams = Streams {
        stdin: stdin.into(),
        ..Streams::messages(MESSAGE_BYTES)
    };
    let argv: Vec<OsString> = args.iter().map(OsString::from).collect();
    let program = validator.program(limits.memory_kib / 1024, &argv, &[]);
    let facts = sandbox::run(&program, limits, streams, slot).map_err(|e| e.to_string())?;
    let printed = [&facts.stdout.kept[..], &facts.stderr.kept[..]].concat();
    let message: String = String::from_utf8_lossy(&printed)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" | ");
    let message = crate::checker::notes::show(&message);
    Ok(match (facts.stopped, facts.exit) {
        (Some(stop), _) => (false, format!("stopped at its {stop:?} limit {message}")),
        (None, Exit::Code(42)) => (true, String::new()),
        (None, Exit::Code(code)) => (false, format!("exit code {code}: {message}")),
        (None, Exit::Signal(s)) => (
            false,
            format!("{}: {message}", crate::verdict::signal_name(s)),
        ),
    })
}
