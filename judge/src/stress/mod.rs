//! `judge stress`: random inputs until the user's solution fails, then the smallest input where it still
//! fails, beside the expected and the received output.
//!
//! resolve (`setup`) → compile every program → search (`search`: a fixed sequence of generated inputs,
//! sizes growing, on every worker; the first failure in sequence order wins) → confirm it alone (`run`)
//! → shrink it (`minimize`: the pure `shrink` asking batches of candidates of the workers, from this
//! failure and the run's next ones) → judge the smallest once more → save it and report (`report`).
//! Every program runs in the sandbox; the solution is judged by `engine::judge_case`, as every case of the
//! judge. A program of the run that breaks (a generator that crashes or prints an invalid input, a
//! reference that fails or disagrees with itself, a checker that fails) stops the run with a message
//! naming it and the input saved: never a "your solution is wrong".

mod minimize;
pub mod report;
mod run;
pub mod search;
pub mod setup;
pub mod shrink;
pub mod trial;

use crate::cli::StressConfig;
use crate::compile::{Artifact, Compiled};
use crate::engine::{self, Options};
use crate::plan::Check;
use crate::report::html::stress::Stressed;
use crate::sandbox;
use setup::{Role, Setup};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use trial::{Programs, Worker};

/// Where the output goes: stdout, a progress line kept on one terminal line.
pub struct Screen {
    pub terminal: bool,
    pub colour: bool,
    /// A progress line is on the terminal's last line.
    status_shown: bool,
    /// When the last progress line was printed (not a terminal: one every 5 seconds).
    last_status: Option<Instant>,
    /// `--html`: the run as its page shows it, gathered as it goes.
    pub page: Option<Stressed>,
}

impl Screen {
    pub fn new(terminal: bool, colour: bool) -> Screen {
        Screen {
            terminal,
            colour,
            status_shown: false,
            last_status: None,
            page: None,
        }
    }

    /// Prints `text` (whole lines), below any progress line.
    pub fn say(&mut self, text: &str) {
        self.clear();
        sandbox::print_or_stop(text);
        if let Some(page) = &mut self.page {
            page.said += text;
        }
    }

    /// Shows a progress line: rewritten in place on a terminal, else one line every 5 seconds.
    pub fn status(&mut self, text: &str) {
        if self.terminal {
            sandbox::print_or_stop(&format!("\r{text}\x1b[K"));
            self.status_shown = true;
        } else if self
            .last_status
            .map_or(true, |t| t.elapsed() >= Duration::from_secs(5))
        {
            self.last_status = Some(Instant::now());
            sandbox::print_or_stop(&format!("{text}\n"));
        }
    }

    /// The judge's own error, on stderr, one `judge: error:` line per line.
    pub fn error(&mut self, message: &str) {
        self.clear();
        for line in message.lines() {
            let line = crate::checker::notes::visible(line);
            eprintln!("judge: error: {line}");
            if let Some(page) = &mut self.page {
                page.said += &format!("error: {line}\n");
            }
        }
    }

    fn clear(&mut self) {
        if self.status_shown {
            sandbox::print_or_stop("\r\x1b[K");
            self.status_shown = false;
        }
    }
}

/// Runs `judge stress`; the exit code: 0 nothing found, 1 a failure found and saved, 2 the tool could not
/// run (its message said why), 128 + the signal when interrupted while looking.
pub fn run(config: &StressConfig, options: &Options, screen: &mut Screen) -> i32 {
    let setup = match setup::resolve(config) {
        Ok(setup) => setup,
        Err(e) => {
            screen.error(&e);
            return 2;
        }
    };
    let programs = match compile(&setup, options) {
        Ok(programs) => programs,
        Err(e) => {
            screen.error(&e);
            return 2;
        }
    };
    let seed = config.seed.unwrap_or_else(clock_seed);
    // The reference judged as a solution, by the checker: a checker that rejects the reference's own
    // answer is broken, whatever it says of the solution's.
    let reference_judged = programs.checker.as_ref().map(|checker| Programs {
        generator: programs.generator.clone(),
        reference: programs.reference.clone(),
        validators: programs.validators.clone(),
        solution: programs.reference.clone(),
        checker: Some(checker.clone()),
    });
    let reference_worker = match &reference_judged {
        Some(programs) => match Worker::new(&setup, programs, options, "stress-reference") {
            Ok(worker) => Some(worker),
            Err(e) => {
                screen.error(&format!("cannot make a scratch slot: {e}"));
                return 2;
            }
        },
        None => None,
    };
    let mut workers = Vec::new();
    for i in 0..options.jobs.max(1) {
        match Worker::new(&setup, &programs, options, &format!("stress-{i}")) {
            Ok(worker) => workers.push(worker),
            Err(e) => {
                screen.error(&format!("cannot make a scratch slot: {e}"));
                return 2;
            }
        }
    }
    if let Some(page) = &mut screen.page {
        (page.problem, page.facts, page.seed) =
            (setup.problem.clone(), report::facts(&setup), Some(seed));
    }
    screen.say(&report::header(
        &setup,
        seed,
        config.seconds,
        workers.len(),
        config.max_size,
    ));
    let save = config
        .save
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("stress/{}-{seed}.in", setup.problem)));
    let run = run::Run {
        setup: &setup,
        workers: &workers,
        reference_worker: reference_worker.as_ref(),
        seed,
        save,
        max_size: config.max_size,
    };
    run.go(config.seconds, screen)
}

/// Compiles every program of the run at once; a program that does not compile stops the run.
fn compile(setup: &Setup, options: &Options) -> Result<Programs, String> {
    let checker_source = match &setup.job.cases[0].check {
        Check::Program { source, .. } => Some(source.clone()),
        _ => None,
    };
    let mut sources: Vec<PathBuf> =
        vec![setup.generator.path.clone(), setup.reference.path.clone()];
    sources.extend(setup.validators.iter().map(|(r, _)| r.path.clone()));
    sources.extend(checker_source.clone());
    sources.sort();
    sources.dedup();
    let package = &setup.job.package_dir;
    let compiled = engine::compile_sources(&sources, &setup.job.constants, package, options);
    // The solution is the user's file: compiled as it is, without the package's constants.
    let own = engine::compile_sources(
        std::slice::from_ref(&setup.solution.path),
        &Vec::new(),
        package,
        options,
    );
    let get_from = |compiled: &HashMap<PathBuf, Result<Compiled, String>>,
                    path: &Path,
                    what: &str|
     -> Result<Artifact, String> {
        match compiled.get(path) {
            Some(Ok(Compiled::Ready(artifact))) => Ok(artifact.clone()),
            Some(Ok(Compiled::Error(message))) => Err(format!(
                "{what} {} does not compile:\n{message}",
                path.display()
            )),
            Some(Err(e)) => Err(e.clone()),
            None => Err(format!("{} was not compiled", path.display())),
        }
    };
    let get = |path: &Path, what: &str| get_from(&compiled, path, what);
    let role = |r: &Role, what: &str| get(&r.path, what);
    Ok(Programs {
        generator: role(&setup.generator, "the generator")?,
        reference: role(&setup.reference, "the reference")?,
        validators: setup
            .validators
            .iter()
            .map(|(r, _)| role(r, "the input validator"))
            .collect::<Result<_, _>>()?,
        solution: get_from(&own, &setup.solution.path, "your solution")?,
        checker: match &checker_source {
            Some(path) => Some(get(path, "the output validator")?),
            None => None,
        },
    })
}

/// A seed from the clock, for a run not given one (it is printed, so the run can be repeated).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    search::mix(nanos ^ u64::from(std::process::id())) % 1_000_000
}
