//! `judge validate`: every input validator of each package on every input, with the arguments the input's
//! test group gives it (`input_validator_flags`), in the sandbox like any program. A validator accepts an
//! input by exiting 42; any other end means the input could not be confirmed valid. Inputs under
//! `data/invalid_input/` (2023-07) must be rejected by at least one validator. Then every answer
//! validator (`answer_validators/`, 2023-07) on every answer file: the answer on stdin, the input file as
//! its first argument, exit 42 if the answer is well-formed for that input.

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

/// One file to check (an input, or an answer with its input as `input_arg`), and whether it must be valid.
struct Input {
    name: String,
    path: PathBuf,
    input_arg: Option<PathBuf>,
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
    let all = package.input_validators.iter().map(|v| (v, false));
    let all: Vec<_> = all
        .chain(package.answer_validators.iter().map(|v| (v, true)))
        .collect();
    let sources: Vec<PathBuf> = all.iter().map(|(v, _)| v.path.clone()).collect();
    let compiled =
        engine::compile_sources(&sources, &package.meta.constants, &package.dir, options);
    let mut validators = Vec::new();
    for &(v, of_answers) in &all {
        match compiled.get(&v.path) {
            Some(Ok(Compiled::Ready(artifact))) => {
                let name = v
                    .path
                    .file_stem()
                    .map_or(String::new(), |s| s.to_string_lossy().into_owned());
                validators.push((name, v.label.clone(), artifact.clone(), of_answers));
            }
            Some(Ok(Compiled::Error(message))) => {
                say(&format!(
                    "{}: the {} validator {} does not compile:\n{message}\n",
                    package.name,
                    if of_answers { "answer" } else { "input" },
                    v.label
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
            input_arg: None,
            args: c.input_args.clone(),
            must_be_valid: true,
        })
        .collect();
    inputs.extend(invalid_inputs(&package.dir));
    if !package.answer_validators.is_empty() {
        inputs.extend(package.cases.iter().map(|c| Input {
            name: format!("{}.ans", c.name),
            path: c.answer.clone(),
            input_arg: Some(c.input.clone()),
            args: ValidatorArgs::None,
            must_be_valid: true,
        }));
    }
    let limits = Limits {
        cpu_ms: package.meta.validation_seconds * 1000,
        wall_ms: package.meta.validation_seconds * 2000,
        wall_patience_ms: 0,
        memory_kib: package.meta.validation_memory_mib * 1024,
        output_bytes: package.meta.validation_output_mib << 20,
        drain_past_cap: false,
        tasks: sandbox::DEFAULT_TASKS,
        tmp_mib: 16,
    };
    // Every (file, validator of its kind) pair's verdict, file-major: Ok(valid?) or the judge's own
    // failure.
    let validators = &validators;
    let pairs: Vec<(usize, usize)> = (0..inputs.len())
        .flat_map(|i| (0..validators.len()).map(move |v| (i, v)))
        .filter(|&(i, v)| validators[v].3 == inputs[i].input_arg.is_some())
        .collect();
    let results: Mutex<Vec<Option<Checked>>> =
        Mutex::new(vec![None; inputs.len() * validators.len()]);
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
                    let (name, _, artifact, _) = &validators[v];
                    let outcome = match &slot {
                        Ok(slot) => {
                            let args = inputs[i].args.for_validator(name);
                            let input = &inputs[i];
                            check(artifact, &package.dir, input, &args, limits, slot)
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
        let verdicts: Vec<(&Checked, usize)> = (0..validators.len())
            .filter_map(|v| Some((results[i * validators.len() + v].as_ref()?, v)))
            .collect();
        if let Some((Err(e), _)) = verdicts.iter().find(|(r, _)| r.is_err()) {
            bad.push(format!("  {}: cannot validate: {e}", input.name));
            code = 2;
            continue;
        }
        let rejections: Vec<String> = verdicts
            .iter()
            .filter_map(|&(r, v)| match r {
                Ok((false, message)) => Some(format!("{}: {message}", validators[v].1)),
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
    let answers = inputs.iter().filter(|i| i.input_arg.is_some()).count();
    let valid = inputs.iter().filter(|i| i.must_be_valid).count() - answers;
    let invalid = inputs.len() - valid - answers;
    let of_answers = validators.iter().filter(|v| v.3).count();
    let of_inputs = validators.len() - of_answers;
    let mut summary = format!(
        "{}: {valid} input{} × {of_inputs} validator{}",
        package.name,
        if valid == 1 { "" } else { "s" },
        if of_inputs == 1 { "" } else { "s" }
    );
    if answers > 0 {
        summary += &format!(
            ", {answers} answer{} × {of_answers} answer validator{}",
            if answers == 1 { "" } else { "s" },
            if of_answers == 1 { "" } else { "s" }
        );
    }
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
                    input_arg: None,
                    args: ValidatorArgs::None,
                    must_be_valid: false,
                });
            }
        }
    }
    found
}

/// One validator on one input, a file of the package `root`: Ok((valid, its message)) or the judge's own
/// failure to run it. The package's files are opened under its rule for links, checked on each descriptor
/// (`package::open_inside`), and only those descriptors are read: a link swapped in since the package was
/// loaded must not show a validator a host file.
fn check(
    validator: &crate::compile::Artifact,
    root: &Path,
    file: &Input,
    args: &[String],
    limits: &Limits,
    slot: &sandbox::Slot,
) -> Checked {
    let stdin = crate::package::open_inside(root, &file.path).and_then(|opened| {
        crate::sys::sealed_copy("input", opened)
            .map_err(|e| format!("cannot read {}: {e}", file.path.display()))
    })?;
    let streams = Streams {
        stdin: stdin.into(),
        ..Streams::messages(MESSAGE_BYTES)
    };
    // An answer validator reads the input file named by its first argument (read-only, as the output
    // validator sees it).
    let mut argv: Vec<OsString> = Vec::new();
    let mut binds = Vec::new();
    if let Some(input) = &file.input_arg {
        let readable = crate::package::open_inside(root, input).and_then(|opened| {
            slot.copy_of(&opened, "answer-validator-input")
                .map_err(|e| format!("cannot read {}: {e}", input.display()))
        })?;
        binds.push(sandbox::Bind::at(readable, crate::checker::program::INPUT));
        argv.push(crate::checker::program::INPUT.into());
    }
    argv.extend(args.iter().map(OsString::from));
    let program = validator.program(limits.memory_kib / 1024, &argv, &binds);
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
