//! A stress run under way: the search, the failure confirmed alone, the smallest failing input judged once
//! more, saved and reported; or the program of the run that broke, named, with its input saved.

use super::minimize::Judged;
use super::report;
use super::search::{self, Broken, Draw, Outcome};
use super::setup::Setup;
use super::trial::{Evaluation, GeneratorFailed, Worker};
use super::Screen;
use crate::report::html::stress::{self as html, Step};
use crate::report::CaseResult;
use crate::sandbox;
use crate::verdict::Verdict;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

pub struct Run<'a> {
    pub setup: &'a Setup,
    pub workers: &'a [Worker<'a>],
    /// With an output validator: a worker whose "solution" is the reference.
    pub reference_worker: Option<&'a Worker<'a>>,
    pub seed: u64,
    /// Where the failing input goes (its answer beside it, `.ans`).
    pub save: PathBuf,
    pub max_size: u64,
}

/// A failing input of the run's sequence.
pub struct Failure {
    pub index: u64,
    pub draw: Draw,
    pub input: String,
    pub verdict: Verdict,
    /// Its answer and the solution's result on it.
    pub judged: Judged,
}

/// What running a failing input again alone says.
enum Confirmed {
    Yes,
    /// A TLE (or UD) under load that passes alone: not a failure.
    Load {
        cpu_ms: u64,
    },
    /// Another verdict alone: the solution does not behave the same on the same input.
    Flaky(Verdict),
    /// The reference answered otherwise the second time.
    Disagrees(String),
    Broken(Broken),
}

/// What the report says at the end.
pub struct Found {
    pub failure: Failure,
    pub input: String,
    pub answer: String,
    pub result: CaseResult,
    pub tried: u64,
    pub search_time: Duration,
    pub shrink_tried: usize,
    pub shrink_kept: usize,
    pub shrink_time: Duration,
    pub stopped: Option<String>,
    /// How the input shrank (empty when it was not).
    pub steps: Vec<Step>,
}

impl Run<'_> {
    /// Searches for `seconds`, then shrinks and reports what it found; the exit code.
    pub fn go(&self, seconds: f64, screen: &mut Screen) -> i32 {
        // Found out before minutes of looking, not after them.
        if let Err(e) = self.check_save() {
            screen.error(&e);
            return 2;
        }
        let first = search::draw(self.seed, 0, self.max_size);
        if let Err(broken) = self.generator_repeats(first, None) {
            let by = report::generated_by(&self.setup.generator.label, first);
            return self.broken(screen, &broken, Some(&by), None);
        }
        let started = Instant::now();
        let deadline = started + Duration::from_secs_f64(seconds);
        let mut start = 0;
        let mut tried = 0;
        let failure = loop {
            let searched = search::search(
                self.workers,
                self.seed,
                self.max_size,
                start..u64::MAX,
                deadline,
                started,
                &mut |p| screen.status(&report::progress(&p)),
            );
            tried += searched.tried;
            let Some(event) = searched.event else {
                let largest = search::size_cap((start + searched.tried).max(1) - 1, self.max_size);
                screen.say(&report::nothing_found(
                    tried,
                    started.elapsed(),
                    largest,
                    self.seed,
                ));
                if searched.interrupted {
                    screen.say("interrupted: the summary covers the inputs that finished\n");
                    return sandbox::interrupted_exit_code();
                }
                return 0;
            };
            let by = report::generated_by(&self.setup.generator.label, event.draw);
            let (input, answer, result) = match event.outcome {
                Outcome::Passed => unreachable!("a passed input is no event"),
                Outcome::Broken { input, broken } => {
                    return self.broken(screen, &broken, Some(&by), input.as_deref())
                }
                Outcome::Failed {
                    input,
                    answer,
                    result,
                } => (input, answer, result),
            };
            // The input must be the one its command prints, or neither it nor the run can be repeated.
            if let Err(broken) = self.generator_repeats(event.draw, Some(&input)) {
                return self.broken(screen, &broken, Some(&by), Some(&input));
            }
            screen.say(&report::first_failure(
                event.index,
                &by,
                &result,
                screen.colour,
            ));
            let failure = Failure {
                index: event.index,
                draw: event.draw,
                input,
                verdict: result.verdict,
                judged: (answer.clone(), result.clone()),
            };
            let confirmed = self.confirm(&failure.input, &answer, result.verdict);
            if sandbox::interrupted() {
                // The runs of the confirmation were killed: what they said proves nothing.
                let stopped = "interrupted: neither confirmed alone nor shrunk";
                return self.interrupted(screen, failure, tried, started.elapsed(), stopped);
            }
            match confirmed {
                Confirmed::Yes => {
                    if let Some(broken) =
                        self.checker_rejects_reference(&failure.input, failure.verdict)
                    {
                        return self.broken(screen, &broken, Some(&by), Some(&failure.input));
                    }
                    break failure;
                }
                Confirmed::Load { cpu_ms } => {
                    screen.say(&format!(
                        "  … but it passes run alone ({cpu_ms} ms of CPU): the machine's load decided; looking on\n"
                    ));
                    start = event.index + 1;
                }
                Confirmed::Flaky(alone) => {
                    screen.say(&format!(
                        "  … and run again alone it gets {alone}: the solution does not behave the same on the \
                         same input (uninitialised memory? randomness? the clock?); not shrunk\n"
                    ));
                    let found = Found {
                        input: failure.input.clone(),
                        failure,
                        answer,
                        result: *result,
                        tried,
                        search_time: started.elapsed(),
                        shrink_tried: 0,
                        shrink_kept: 0,
                        shrink_time: Duration::ZERO,
                        stopped: Some("not shrunk: the failure does not repeat".into()),
                        steps: Vec::new(),
                    };
                    return self.report(screen, &found);
                }
                Confirmed::Disagrees(again) => {
                    return self.disagreement(screen, &failure.input, &answer, &again)
                }
                Confirmed::Broken(broken) => {
                    return self.broken(screen, &broken, Some(&by), Some(&failure.input))
                }
            }
        };
        let search_time = started.elapsed();
        self.finish(screen, failure, tried, search_time)
    }

    /// The failing input run again with nothing else running, its reference asked a second time.
    fn confirm(&self, input: &str, answer: &str, verdict: Verdict) -> Confirmed {
        match self.workers[0].evaluate(input) {
            Evaluation::Judged {
                answer: again,
                result,
            } => {
                if again != answer {
                    Confirmed::Disagrees(again)
                } else if result.verdict == verdict {
                    Confirmed::Yes
                } else if matches!(verdict, Verdict::TimeLimit | Verdict::Undecided)
                    && result.verdict == Verdict::Accepted
                {
                    Confirmed::Load {
                        cpu_ms: result.cpu_ms,
                    }
                } else if result.verdict == Verdict::JudgeError {
                    Confirmed::Broken(Broken::Checker(result.note.clone()))
                } else {
                    Confirmed::Flaky(result.verdict)
                }
            }
            other => match search::outcome(input.to_string(), other) {
                Outcome::Broken { broken, .. } => Confirmed::Broken(broken),
                _ => Confirmed::Broken(Broken::Judge(
                    "the failing input could not be judged again".into(),
                )),
            },
        }
    }

    /// Whether the generator prints the same input at `draw` again (as `printed`, or as a first run now):
    /// a generator that ignores its seed (the clock, Python's hash order) makes a run that no seed
    /// repeats and a failing input its command does not make.
    fn generator_repeats(&self, draw: Draw, printed: Option<&str>) -> Result<(), Broken> {
        if sandbox::interrupted() {
            return Ok(());
        }
        let generate = || {
            self.workers[0]
                .generate(draw.seed, draw.size)
                .map_err(|GeneratorFailed(why)| Broken::Generator(why))
        };
        let first = match printed {
            Some(input) => input.to_string(),
            None => generate()?,
        };
        let again = generate()?;
        if first == again || sandbox::interrupted() {
            return Ok(());
        }
        Err(Broken::Generator(format!(
            "run twice with the same arguments it printed two different inputs ({}, then {}): a \
             generator must depend only on its arguments (seed its random numbers with the first), or \
             no seed repeats a run",
            report::measure(&first),
            report::measure(&again)
        )))
    }

    /// A wrong answer is only the solution's when the output validator accepts the reference's own answer
    /// to the same input: one that rejects it too is broken (a validator that rejects everything).
    fn checker_rejects_reference(&self, input: &str, verdict: Verdict) -> Option<Broken> {
        if !matches!(verdict, Verdict::WrongAnswer | Verdict::PresentationError) {
            return None;
        }
        match self.reference_worker?.evaluate(input) {
            Evaluation::Judged { result, .. }
                if matches!(
                    result.verdict,
                    Verdict::WrongAnswer | Verdict::PresentationError
                ) =>
            {
                Some(Broken::Checker(format!(
                    "it rejects the reference's own answer too ({}: {})",
                    result.verdict, result.note
                )))
            }
            Evaluation::Judged { result, .. } if result.verdict == Verdict::JudgeError => {
                Some(Broken::Checker(result.note.clone()))
            }
            // Accepted, or the reference too slow to be judged as a solution: nothing against the checker.
            _ => None,
        }
    }

    /// Shrinks the failure, judges the smallest input once more (its reference asked twice), saves it
    /// and reports; a program that broke while shrinking is said, and the exit code is then 2.
    fn finish(
        &self,
        screen: &mut Screen,
        failure: Failure,
        tried: u64,
        search_time: Duration,
    ) -> i32 {
        let started = Instant::now();
        let minimized = self.minimize(screen, &failure, started);
        let shrink_time = started.elapsed();
        if sandbox::interrupted() {
            // No run can judge it again now: the smallest input as it was judged while shrinking.
            let found = Found {
                failure,
                input: minimized.input,
                answer: minimized.judged.0,
                result: *minimized.judged.1,
                tried,
                search_time,
                shrink_tried: minimized.tried,
                shrink_kept: minimized.kept,
                shrink_time,
                stopped: Some("interrupted: the smallest input so far".into()),
                steps: minimized.steps,
            };
            self.report(screen, &found);
            return sandbox::interrupted_exit_code();
        }
        if let Some((input, broken)) = &minimized.problem {
            let saved = self.save_beside("broken", input);
            screen.error(&format!(
                "while shrinking, {}",
                report::broken(self.setup, broken, None, saved.as_deref())
            ));
        }
        // The smallest input judged once more; should it not fail the same way (a TLE the load decided),
        // the failure as first found is the one reported.
        let mut judged = None;
        for input in [&minimized.input, &failure.input] {
            if let Evaluation::Judged { answer, result } = self.workers[0].evaluate(input) {
                if result.verdict == failure.verdict {
                    judged = Some((input.clone(), answer, result));
                    break;
                }
            }
        }
        let Some((input, answer, result)) = judged else {
            screen.error(
                "the failing input no longer fails the same way when judged again: not reported",
            );
            return 2;
        };
        match self.workers[0].answer_again(&input) {
            Ok(again) if again != answer => {
                return self.disagreement(screen, &input, &answer, &again)
            }
            Ok(_) => {}
            Err(why) => return self.broken(screen, &Broken::Reference(why), None, Some(&input)),
        }
        if let Some(broken) = self.checker_rejects_reference(&input, result.verdict) {
            return self.broken(screen, &broken, None, Some(&input));
        }
        let stopped = if sandbox::interrupted() {
            Some("interrupted: the smallest input so far".to_string())
        } else {
            minimized.stopped.clone()
        };
        let found = Found {
            failure,
            input,
            answer,
            result: *result,
            tried,
            search_time,
            shrink_tried: minimized.tried,
            shrink_kept: minimized.kept,
            shrink_time,
            stopped,
            steps: minimized.steps,
        };
        let code = self.report(screen, &found);
        if minimized.problem.is_some() {
            2
        } else {
            code
        }
    }

    /// Reports `failure` as first found (interrupted before it could be shrunk); the exit code of the
    /// interrupt.
    fn interrupted(
        &self,
        screen: &mut Screen,
        failure: Failure,
        tried: u64,
        search_time: Duration,
        stopped: &str,
    ) -> i32 {
        let found = Found {
            input: failure.input.clone(),
            answer: failure.judged.0.clone(),
            result: (*failure.judged.1).clone(),
            failure,
            tried,
            search_time,
            shrink_tried: 0,
            shrink_kept: 0,
            shrink_time: Duration::ZERO,
            stopped: Some(stopped.into()),
            steps: Vec::new(),
        };
        self.report(screen, &found);
        sandbox::interrupted_exit_code()
    }

    /// Evaluates `inputs` on the workers at once (input i on worker i mod workers), in input order.
    pub fn evaluate_all(&self, inputs: &[String]) -> Vec<Evaluation> {
        let workers = self.workers;
        thread::scope(|scope| {
            let handles: Vec<_> = (0..workers.len().min(inputs.len()))
                .map(|w| {
                    scope.spawn(move || {
                        (w..inputs.len())
                            .step_by(workers.len())
                            .map(|i| (i, workers[w].evaluate(&inputs[i])))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            let mut all: Vec<(usize, Evaluation)> = Vec::new();
            for handle in handles {
                match handle.join() {
                    Ok(part) => all.extend(part),
                    Err(_) => {
                        return vec![Evaluation::Error("a worker panicked".into()); inputs.len()]
                    }
                }
            }
            all.sort_by_key(|(i, _)| *i);
            all.into_iter().map(|(_, e)| e).collect()
        })
    }

    /// Whether the failing input can be saved where `--save` says: its folder made, a file written there,
    /// and its answer beside it under another name.
    fn check_save(&self) -> Result<(), String> {
        let shown = report::name(&self.save.display().to_string());
        if self.save.file_name().is_none() || self.save.is_dir() {
            return Err(format!("--save {shown}: not a file name"));
        }
        if self.save.with_extension("ans") == self.save {
            return Err(format!(
                "--save {shown}: its answer goes beside it as .ans, over the input itself: name it .in"
            ));
        }
        // A link is replaced (never written through); anything else but a file is refused: saving renames
        // a fresh file over the path, and `--save /dev/null` run as root must not replace /dev/null.
        for path in [self.save.clone(), self.save.with_extension("ans")] {
            if let Ok(meta) = fs::symlink_metadata(&path) {
                if !meta.is_file() && !meta.file_type().is_symlink() {
                    let shown = report::name(&path.display().to_string());
                    return Err(format!("--save: {shown} is there and is not a file"));
                }
            }
        }
        let probe = self
            .save
            .with_file_name(format!(".judge-save-test-{}", std::process::id()));
        // The folders the probe makes are removed again: a run that finds nothing leaves nothing.
        let made: Vec<PathBuf> = probe
            .ancestors()
            .skip(1)
            .take_while(|dir| !dir.as_os_str().is_empty() && !dir.exists())
            .map(Path::to_path_buf)
            .collect();
        let written = save(&probe, "");
        let _ = fs::remove_file(&probe);
        for dir in &made {
            let _ = fs::remove_dir(dir);
        }
        written.map_err(|e| format!("--save {shown}: cannot save there: {e}"))
    }

    /// Saves and prints the smallest failing input; exit code 1, or 2 when it could not be saved.
    fn report(&self, screen: &mut Screen, found: &Found) -> i32 {
        let answer_path = self.save.with_extension("ans");
        let saved = save(&self.save, &found.input).and_then(|()| save(&answer_path, &found.answer));
        let by = report::generated_by(&self.setup.generator.label, found.failure.draw);
        screen.say(&report::found(
            &report::Found {
                input: &found.input,
                result: &found.result,
                saved: saved
                    .is_ok()
                    .then_some((self.save.as_path(), answer_path.as_path())),
                first_index: found.failure.index,
                first_by: &by,
                first_input: &found.failure.input,
                tried: found.tried,
                search_time: found.search_time,
                shrink_tried: found.shrink_tried,
                shrink_kept: found.shrink_kept,
                shrink_time: found.shrink_time,
                shrink_stopped: found.stopped.as_deref(),
                seed: self.seed,
            },
            screen.colour,
        ));
        if let Some(page) = &mut screen.page {
            page.found = Some(self.page_found(found, &by, saved.is_ok()));
        }
        match saved {
            Ok(()) => 1,
            Err(e) => {
                screen.error(&format!("cannot save the failing input: {e}"));
                2
            }
        }
    }

    /// The smallest failing input as the page shows it.
    fn page_found(&self, found: &Found, by: &str, saved: bool) -> html::Found {
        html::Found {
            input: found.input.clone(),
            answer: found.answer.clone(),
            result: found.result.clone(),
            first_by: by.to_string(),
            first_index: found.failure.index,
            first_input_bytes: found.failure.input.len(),
            saved: saved.then(|| {
                let path = |p: &Path| report::name(&p.display().to_string());
                (path(&self.save), path(&self.save.with_extension("ans")))
            }),
            tried: found.tried,
            search_ms: found.search_time.as_millis() as u64,
            shrink_tried: found.shrink_tried,
            shrink_kept: found.shrink_kept,
            shrink_ms: found.shrink_time.as_millis() as u64,
            stopped: found.stopped.clone(),
            steps: found.steps.clone(),
        }
    }

    /// A program of the run broke: its message, the input saved; exit code 2.
    pub fn broken(
        &self,
        screen: &mut Screen,
        broken: &Broken,
        by: Option<&str>,
        input: Option<&str>,
    ) -> i32 {
        let saved =
            input.and_then(|input| save(&self.save, input).ok().map(|()| self.save.clone()));
        screen.error(&report::broken(self.setup, broken, by, saved.as_deref()));
        if input == Some("") && !matches!(broken, Broken::Generator(_)) {
            // Without a validator nothing says an empty input is invalid, but it is the likelier culprit.
            screen.error("the input is empty: the generator printed nothing");
        }
        2
    }

    /// The reference answered one input in two ways: exit code 2.
    fn disagreement(&self, screen: &mut Screen, input: &str, first: &str, second: &str) -> i32 {
        let _ = save(&self.save, input);
        screen.error(&report::reference_disagrees(
            self.setup, first, second, &self.save,
        ));
        2
    }

    /// `input` saved beside the save path, as `<stem>.<what>.in`.
    fn save_beside(&self, what: &str, input: &str) -> Option<PathBuf> {
        let stem = self.save.file_stem()?.to_string_lossy().into_owned();
        let path = self.save.with_file_name(format!("{stem}.{what}.in"));
        save(&path, input).ok()?;
        Some(path)
    }
}

/// Writes `text` to `path`, making its folder: a fresh file beside it renamed over it, so that a link at
/// `path` is replaced, never written through, and an interrupted save leaves no half-written input.
fn save(path: &Path, text: &str) -> io::Result<()> {
    let named = |e: io::Error| {
        let shown = report::name(&path.display().to_string());
        io::Error::new(e.kind(), format!("{shown}: {e}"))
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).map_err(named)?;
    }
    let file_name = path.file_name().ok_or_else(|| {
        named(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name",
        ))
    })?;
    let mut fresh_name = std::ffi::OsString::from(".");
    fresh_name.push(file_name);
    fresh_name.push(format!(".{}.tmp", std::process::id()));
    let fresh = path.with_file_name(fresh_name);
    let written = fs::write(&fresh, text).and_then(|()| fs::rename(&fresh, path));
    if written.is_err() {
        let _ = fs::remove_file(&fresh);
    }
    written.map_err(named)
}
