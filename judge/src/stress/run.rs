//! A stress run under way: the search, the failure confirmed alone, the smallest failing input judged once
//! more, saved and reported; or the program of the run that broke, named, with its input saved.

use super::report;
use super::search::{self, Broken, Draw, Outcome};
use super::setup::Setup;
use super::trial::{Evaluation, Worker};
use super::Screen;
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
}

impl Run<'_> {
    /// Searches for `seconds`, then shrinks and reports what it found; the exit code.
    pub fn go(&self, seconds: f64, screen: &mut Screen) -> i32 {
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
            };
            match self.confirm(&failure.input, &answer, result.verdict) {
                Confirmed::Yes => break failure,
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
        };
        let code = self.report(screen, &found);
        if minimized.problem.is_some() {
            2
        } else {
            code
        }
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

    /// Saves and prints the smallest failing input; exit code 1.
    fn report(&self, screen: &mut Screen, found: &Found) -> i32 {
        let answer_path = self.save.with_extension("ans");
        if let Err(e) =
            save(&self.save, &found.input).and_then(|()| save(&answer_path, &found.answer))
        {
            screen.error(&format!("cannot save the failing input: {e}"));
        }
        let by = report::generated_by(&self.setup.generator.label, found.failure.draw);
        screen.say(&report::found(
            &report::Found {
                input: &found.input,
                result: &found.result,
                saved: &self.save,
                answer_saved: &answer_path,
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
        1
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

/// Writes `text` to `path`, making its folder.
fn save(path: &Path, text: &str) -> io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, text).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}
