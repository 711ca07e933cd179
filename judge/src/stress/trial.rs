//! One input through every program of a stress run, on one worker's slots: the generator makes it, the
//! input validators check it, the reference answers it, and the solution is judged on it by
//! `engine::judge_case`, exactly as a case of the judge. Every program runs in the sandbox.

use super::setup::Setup;
use crate::checker::notes::one_line;
use crate::compile::Artifact;
use crate::engine::{self, Options};
use crate::report::CaseResult;
use crate::sandbox::{self, Exit, Facts, Output, Slot};
use crate::verdict::Verdict;
use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// How much of a helper program's stderr a message quotes.
const MESSAGE_BYTES: usize = 2000;

/// The compiled programs of a run.
pub struct Programs {
    pub generator: Artifact,
    pub reference: Artifact,
    pub validators: Vec<Artifact>,
    pub solution: Artifact,
    /// The output validator, where the problem has one.
    pub checker: Option<Artifact>,
}

/// What one input came to.
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// An input validator rejected it: which one, and what it said.
    Invalid { validator: String, message: String },
    /// An input validator failed on it (crashed, exited with neither 42 nor 43, hit a limit): which one,
    /// and what happened. Says nothing of the input.
    ValidatorFailed { validator: String, message: String },
    /// The reference did not answer it (crashed, exited non-zero, hit a limit): what happened.
    ReferenceFailed(String),
    /// The solution was judged against the reference's answer.
    Judged {
        answer: String,
        result: Box<CaseResult>,
    },
    /// The judge itself could not run a program (its own message).
    Error(String),
}

/// When an input's validators run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Validation {
    /// Before anything else: what fails on an invalid input is then never run (shrinking's candidates,
    /// many of them invalid; a failure confirmed or judged again).
    First,
    /// Only once something fails on it (the reference, the solution, the checker): an input every
    /// program passes costs no validator run, and none is blamed on anything before it is validated.
    OnFailure,
}

/// A generator's run that went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorFailed(pub String);

/// One worker: its slots (one for the solution's runs, one beside it for a checker, one for the files).
pub struct Worker<'a> {
    setup: &'a Setup,
    programs: &'a Programs,
    options: &'a Options<'a>,
    slot: Slot,
    peer: Slot,
    files: Slot,
}

impl<'a> Worker<'a> {
    pub fn new(
        setup: &'a Setup,
        programs: &'a Programs,
        options: &'a Options<'a>,
        name: &str,
    ) -> std::io::Result<Worker<'a>> {
        let scratch = options.scratch;
        let slot = scratch.slot(name)?;
        // The same four programs run again and again here: each gets a warm sandbox of its own.
        slot.keep_warm();
        Ok(Worker {
            setup,
            programs,
            options,
            slot,
            peer: scratch.slot(&format!("{name}-peer"))?,
            files: scratch.slot(&format!("{name}-files"))?,
        })
    }

    /// `GEN SEED SIZE`: the input it prints.
    pub fn generate(&self, seed: u64, size: u64) -> Result<String, GeneratorFailed> {
        let (_, out) = self
            .files
            .create("generated")
            .map_err(|e| GeneratorFailed(format!("cannot make a file: {e}")))?;
        let args = [seed.to_string(), size.to_string()];
        let facts = self
            .run(&self.programs.generator, &args, None, Output::File(out))
            .map_err(GeneratorFailed)?;
        if let Some(why) = failure(&facts) {
            return Err(GeneratorFailed(why));
        }
        let bytes = fs::read(self.files.path("generated"))
            .map_err(|e| GeneratorFailed(format!("cannot read what it printed: {e}")))?;
        String::from_utf8(bytes)
            .map_err(|_| GeneratorFailed("it printed bytes that are not UTF-8 text".into()))
    }

    /// Validates `input`, answers it with the reference and judges the solution on it.
    pub fn evaluate(&self, input: &str) -> Evaluation {
        self.evaluate_with(input, Validation::First)
    }

    /// `evaluate`, the input validators run when `validation` says.
    pub fn evaluate_with(&self, input: &str, validation: Validation) -> Evaluation {
        let input_path = match self.write("input", input) {
            Ok(path) => path,
            Err(e) => return Evaluation::Error(e),
        };
        let lazy = validation == Validation::OnFailure;
        if !lazy {
            if let Some(invalid) = self.validate(&input_path) {
                return invalid;
            }
        }
        let answer = match self.answer(&input_path) {
            Ok(answer) => answer,
            Err(Failed::Program(why)) => {
                // A reference may fail on an invalid input: that is the input's fault, said as such.
                let invalid = lazy.then(|| self.validate(&input_path)).flatten();
                return invalid.unwrap_or(Evaluation::ReferenceFailed(why));
            }
            Err(Failed::Judge(e)) => return Evaluation::Error(e),
        };
        let answer_path = match self.write("answer", &answer) {
            Ok(path) => path,
            Err(e) => return Evaluation::Error(e),
        };
        let mut job = self.setup.job.clone();
        let spec = &mut job.cases[0];
        spec.input = input_path.clone();
        spec.answer = answer_path;
        // The judge's own files, written in its slot: no package's rule for links applies to them.
        spec.package_dir = None;
        let result = engine::judge_case(
            &job,
            &job.cases[0],
            &self.programs.solution,
            self.programs.checker.as_ref(),
            self.options,
            (&self.slot, &self.peer),
        );
        // Never a failure blamed on the solution for an input no validator has passed.
        if lazy && result.verdict != Verdict::Accepted {
            if let Some(invalid) = self.validate(&input_path) {
                return invalid;
            }
        }
        Evaluation::Judged {
            answer,
            result: Box::new(result),
        }
    }

    /// Runs the input validators on the input at `input_path`: `None` if they all accept it, else why not.
    fn validate(&self, input_path: &Path) -> Option<Evaluation> {
        for ((role, args), validator) in self.setup.validators.iter().zip(&self.programs.validators)
        {
            let facts = match self.run(
                validator,
                args,
                Some(input_path),
                Output::Head(MESSAGE_BYTES),
            ) {
                Ok(facts) => facts,
                Err(e) => return Some(Evaluation::Error(e)),
            };
            if facts.exit != Exit::Code(42) || facts.stopped.is_some() {
                let said = one_line(&[&facts.stdout.kept[..], &facts.stderr.kept[..]].concat());
                let validator = role.label.clone();
                return Some(match (facts.stopped, facts.exit) {
                    (None, Exit::Code(43)) => Evaluation::Invalid {
                        validator,
                        message: said,
                    },
                    _ => Evaluation::ValidatorFailed {
                        validator,
                        message: format!("{} {said}", ending(&facts)).trim_end().to_string(),
                    },
                });
            }
        }
        None
    }

    /// The reference's answer to the input at `input`, again (to see that it agrees with itself).
    pub fn answer_again(&self, input: &str) -> Result<String, String> {
        let path = self.write("input-again", input)?;
        match self.answer(&path) {
            Ok(answer) => Ok(answer),
            Err(Failed::Program(why) | Failed::Judge(why)) => Err(why),
        }
    }

    fn answer(&self, input: &std::path::Path) -> Result<String, Failed> {
        let (path, out) = self
            .files
            .create("answer-out")
            .map_err(|e| Failed::Judge(e.to_string()))?;
        let facts = self
            .run(
                &self.programs.reference,
                &[],
                Some(input),
                Output::File(out),
            )
            .map_err(Failed::Judge)?;
        if let Some(why) = failure(&facts) {
            return Err(Failed::Program(why));
        }
        let bytes = fs::read(&path).map_err(|e| Failed::Judge(e.to_string()))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Writes `text` as the fresh file `name` of the worker's files.
    fn write(&self, name: &str, text: &str) -> Result<PathBuf, String> {
        let (path, mut file) = self.files.create(name).map_err(|e| e.to_string())?;
        file.write_all(text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path)
    }

    /// Runs a helper program (generator, validator, reference) under the helpers' limits; stderr's end
    /// kept for its message.
    fn run(
        &self,
        artifact: &Artifact,
        args: &[String],
        stdin: Option<&std::path::Path>,
        stdout: Output,
    ) -> Result<Facts, String> {
        let limits = &self.setup.helper_limits;
        let stdin = match stdin {
            Some(path) => Some(
                sandbox::sealed_input(path).map_err(|e| format!("cannot read the input: {e}"))?,
            ),
            None => None,
        };
        let argv: Vec<OsString> = args.iter().map(OsString::from).collect();
        let program = artifact.program(limits.memory_kib / 1024, &argv, &[]);
        let stderr = Output::Tail(MESSAGE_BYTES);
        sandbox::run_input(&program, limits, stdin, stdout, stderr, &self.slot)
            .map_err(|e| e.to_string())
    }
}

enum Failed {
    /// The program failed: how.
    Program(String),
    /// The judge could not run it.
    Judge(String),
}

/// How a helper run went wrong, or `None` if it exited 0 within its limits.
fn failure(facts: &Facts) -> Option<String> {
    if facts.exit == Exit::Code(0) && facts.stopped.is_none() {
        return None;
    }
    let said = one_line(&facts.stderr.kept);
    Some(if said.is_empty() {
        ending(facts)
    } else {
        format!("{}; its stderr ends: {said}", ending(facts))
    })
}

/// `exit code 3`, `killed by SIGSEGV`, `stopped at its CPU limit (10000 ms)`.
fn ending(facts: &Facts) -> String {
    match (facts.stopped, facts.exit) {
        (Some(stop), _) => format!(
            "stopped at its {} limit after {} ms of CPU",
            format!("{stop:?}").to_lowercase(),
            facts.cpu_ms
        ),
        (None, Exit::Code(code)) => format!("exit code {code}"),
        (None, Exit::Signal(signal)) => {
            format!("killed by {}", crate::verdict::signal_name(signal))
        }
    }
}
