//! `judge stress`: random inputs until the user's solution fails, then the smallest input where it still
//! fails, beside the expected and the received output.
//!
//! resolve (`setup`) → compile every program → search (`search`: a fixed sequence of generated inputs,
//! sizes growing, on every worker; the first failure in sequence order wins) → confirm it alone → shrink it
//! (`shrink`, a pure function asking batches of candidates of the workers) → judge the smallest once more
//! → save it and report (`report`). Every program runs in the sandbox; the solution is judged by
//! `engine::judge_case`, as every case of the judge. A program of the run that breaks (a generator that
//! crashes or prints an invalid input, a reference that fails or disagrees with itself, a checker that
//! fails) stops the run with a message naming it and the input saved: never a "your solution is wrong".

pub mod report;
pub mod search;
pub mod setup;
pub mod shrink;
pub mod trial;

use crate::cli::StressConfig;
use crate::compile::{Artifact, Compiled};
use crate::engine::{self, Options};
use crate::report::CaseResult;
use crate::sandbox;
use crate::verdict::Verdict;
use search::{Broken, Draw, Outcome};
use setup::{Role, Setup};
use shrink::Answer;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};
use trial::{Evaluation, Programs, Worker};

/// How many generated inputs, at most, the generator-choice step tries while shrinking.
const GENERATOR_CHOICES: u64 = 96;
/// Past this many tokens, a shrunk input is worth looking for a smaller one among the generator's.
const SMALL_TOKENS: usize = 24;

/// Where the output goes: stdout, a progress line kept on one terminal line.
pub struct Screen {
    pub terminal: bool,
    pub colour: bool,
    /// A progress line is on the screen (terminal), or when the last one was printed (not a terminal).
    status_shown: bool,
    last_status: Option<Instant>,
}

impl Screen {
    pub fn new(terminal: bool, colour: bool) -> Screen {
        Screen {
            terminal,
            colour,
            status_shown: false,
            last_status: None,
        }
    }

    /// Prints `text` (whole lines), below any progress line.
    pub fn say(&mut self, text: &str) {
        self.clear();
        write_out(text);
    }

    /// Shows a progress line: rewritten in place on a terminal, else one line every 5 seconds.
    pub fn status(&mut self, text: &str) {
        if self.terminal {
            write_out(&format!("\r{text}\x1b[K"));
            self.status_shown = true;
        } else if self
            .last_status
            .map_or(true, |t| t.elapsed() >= Duration::from_secs(5))
        {
            self.last_status = Some(Instant::now());
            write_out(&format!("{text}\n"));
        }
    }

    fn clear(&mut self) {
        if self.status_shown {
            write_out("\r\x1b[K");
            self.status_shown = false;
        }
    }
}

fn write_out(text: &str) {
    let mut out = io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        sandbox::stop_quietly();
    }
}

/// Runs `judge stress`; the exit code: 0 nothing found, 1 a failure found and saved, 2 the tool could not
/// run (its message said why), 128 + signal interrupted while looking.
pub fn run(config: &StressConfig, options: &Options, screen: &mut Screen) -> i32 {
    let setup = match setup::resolve(config) {
        Ok(setup) => setup,
        Err(e) => return error(screen, &e),
    };
    let programs = match compile(&setup, options) {
        Ok(programs) => programs,
        Err(e) => return error(screen, &e),
    };
    let seed = config.seed.unwrap_or_else(clock_seed);
    let mut workers = Vec::new();
    for i in 0..options.jobs.max(1) {
        match Worker::new(
            &setup,
            &programs,
            options,
            options.scratch,
            &format!("stress-{i}"),
        ) {
            Ok(worker) => workers.push(worker),
            Err(e) => return error(screen, &format!("cannot make a scratch slot: {e}")),
        }
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
    let run = Run {
        setup: &setup,
        workers: &workers,
        seed,
        save,
        max_size: config.max_size,
    };
    run.go(config.seconds, screen)
}

/// Compiles every program of the run at once; a program that does not compile stops the run.
fn compile(setup: &Setup, options: &Options) -> Result<Programs, String> {
    let checker_source = match &setup.job.cases[0].check {
        crate::plan::Check::Program { source, .. } => Some(source.clone()),
        _ => None,
    };
    let mut sources: Vec<PathBuf> = vec![
        setup.generator.path.clone(),
        setup.reference.path.clone(),
        setup.solution.path.clone(),
    ];
    sources.extend(setup.validators.iter().map(|(r, _)| r.path.clone()));
    sources.extend(checker_source.clone());
    sources.sort();
    sources.dedup();
    let compiled = engine::compile_sources(&sources, options);
    let get = |path: &Path, what: &str| -> Result<Artifact, String> {
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
    let role = |r: &Role, what: &str| get(&r.path, what);
    Ok(Programs {
        generator: role(&setup.generator, "the generator")?,
        reference: role(&setup.reference, "the reference")?,
        validators: setup
            .validators
            .iter()
            .map(|(r, _)| role(r, "the input validator"))
            .collect::<Result<_, _>>()?,
        solution: role(&setup.solution, "your solution")?,
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

fn error(screen: &mut Screen, message: &str) -> i32 {
    screen.clear();
    for line in message.lines() {
        eprintln!("judge: error: {line}");
    }
    2
}

/// A stress run under way.
struct Run<'a> {
    setup: &'a Setup,
    workers: &'a [Worker<'a>],
    seed: u64,
    save: PathBuf,
    max_size: u64,
}

/// The failing input found by the search, confirmed.
struct Failure {
    index: u64,
    draw: Draw,
    input: String,
    verdict: Verdict,
}

impl Run<'_> {
    fn go(&self, seconds: f64, screen: &mut Screen) -> i32 {
        let started = Instant::now();
        let deadline = started + Duration::from_secs_f64(seconds);
        let mut start = 0;
        let mut tried = 0;
        let failure = loop {
            let searched = search::search(
                self.workers,
                self.seed,
                self.max_size,
                start,
                deadline,
                started,
                &mut |p| screen.status(&report::progress(&p)),
            );
            tried += searched.tried;
            let largest = search::size_cap(start + searched.tried.max(1) - 1, self.max_size);
            let Some(event) = searched.event else {
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
                    return self.broken(screen, &broken, Some(&by), input.as_deref(), None)
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
            // Alone now (the search is over): a verdict the load decided shows, and the reference answers
            // a second time.
            match self.workers[0].evaluate(&input) {
                Evaluation::Judged {
                    answer: again,
                    result: alone,
                } => {
                    if again != answer {
                        return self.disagreement(screen, &input, &answer, &again);
                    }
                    if alone.verdict == result.verdict {
                        break Failure {
                            index: event.index,
                            draw: event.draw,
                            input,
                            verdict: result.verdict,
                        };
                    }
                    if matches!(result.verdict, Verdict::TimeLimit | Verdict::Undecided)
                        && alone.verdict == Verdict::Accepted
                    {
                        screen.say(&format!(
                            "  … but it passes when run alone ({} ms): the machine's load decided; looking on\n",
                            alone.cpu_ms
                        ));
                        start = event.index + 1;
                        tried -= 0;
                        continue;
                    }
                    // Not the same twice: nothing to shrink towards, but a failure all the same.
                    screen.say(&format!(
                        "  … and run again alone it gets {}: the solution does not behave the same on the same input \
                         (uninitialised memory? randomness? timing?); not shrunk\n",
                        alone.verdict
                    ));
                    return self.report(
                        screen,
                        &Found {
                            failure: Failure {
                                index: event.index,
                                draw: event.draw,
                                input: input.clone(),
                                verdict: result.verdict,
                            },
                            input,
                            answer,
                            result: *result,
                            tried,
                            search_time: started.elapsed(),
                            shrink: shrink::Shrunk {
                                input: String::new(),
                                tried: 0,
                                kept: 0,
                                stopped: false,
                            },
                            shrink_time: Duration::ZERO,
                            stopped: None,
                        },
                    );
                }
                other => {
                    let outcome = search::outcome(input.clone(), other);
                    if let Outcome::Broken { broken, .. } = outcome {
                        return self.broken(screen, &broken, Some(&by), Some(&input), None);
                    }
                    return error(screen, "the failing input could not be judged again");
                }
            }
        };
        let search_time = started.elapsed();
        self.shrink_and_report(screen, failure, tried, search_time)
    }

    /// Shrinks the failure, judges the smallest once more, saves and reports it.
    fn shrink_and_report(
        &self,
        screen: &mut Screen,
        failure: Failure,
        tried: u64,
        search_time: Duration,
    ) -> i32 {
        let started = Instant::now();
        let mut problem: Option<(String, Broken)> = None;
        let mut shrunk = self.shrink(
            screen,
            &failure.input,
            failure.verdict,
            started,
            &mut problem,
        );
        // The generator's own choices: a smaller SIZE (or another seed) may fail too, where the generic
        // passes could not keep the input valid.
        if problem.is_none()
            && !shrunk.stopped
            && shrunk.input.split_ascii_whitespace().count() > SMALL_TOKENS
        {
            if let Some(other) =
                self.generator_choice(screen, &failure, &shrunk.input, &mut problem)
            {
                let again = self.shrink(screen, &other, failure.verdict, started, &mut problem);
                let total = (shrunk.tried + again.tried, shrunk.kept + again.kept);
                if shrink::weight(&again.input) < shrink::weight(&shrunk.input) {
                    shrunk = again;
                }
                (shrunk.tried, shrunk.kept) = total;
            }
        }
        let shrink_time = started.elapsed();
        screen.clear();
        if let Some((input, broken)) = &problem {
            // The failure stands (it was confirmed); the program that broke on a smaller input is said.
            let saved = self.save_beside("broken", input, None);
            screen.say(&format!(
                "judge: error: while shrinking, {}\n",
                report::broken(self.setup, broken, None, saved.as_deref())
            ));
        }
        // The smallest input judged once more, alone, its reference asked twice.
        let worker = &self.workers[0];
        let (answer, result) = match worker.evaluate(&shrunk.input) {
            Evaluation::Judged { answer, result } => (answer, result),
            other => {
                return match search::outcome(shrunk.input.clone(), other) {
                    Outcome::Broken { broken, input } => {
                        self.broken(screen, &broken, None, input.as_deref(), None)
                    }
                    _ => error(screen, "the smallest input could not be judged again"),
                };
            }
        };
        match worker.answer_again(&shrunk.input) {
            Ok(again) if again != answer => {
                return self.disagreement(screen, &shrunk.input, &answer, &again)
            }
            Ok(_) => {}
            Err(why) => {
                return self.broken(
                    screen,
                    &Broken::Reference(why),
                    None,
                    Some(&shrunk.input),
                    None,
                )
            }
        }
        let stopped = if sandbox::interrupted() {
            Some("interrupted".to_string())
        } else {
            problem
                .as_ref()
                .map(|_| "a program of the run failed (above)".to_string())
        };
        let code = self.report(
            screen,
            &Found {
                input: shrunk.input.clone(),
                answer,
                result: *result,
                failure,
                tried,
                search_time,
                shrink: shrunk,
                shrink_time,
                stopped,
            },
        );
        if problem.is_some() {
            2
        } else {
            code
        }
    }

    /// The generic shrinker on `input`, its candidates judged on every worker at once.
    fn shrink(
        &self,
        screen: &mut Screen,
        input: &str,
        verdict: Verdict,
        started: Instant,
        problem: &mut Option<(String, Broken)>,
    ) -> shrink::Shrunk {
        let mut tried = 0;
        let mut kept = 0;
        let mut current = input.to_string();
        let mut oracle = |candidates: &[String]| -> Answer {
            if sandbox::interrupted() {
                return Answer::Stop;
            }
            let outcomes = self.evaluate_all(candidates);
            tried += candidates.len();
            screen.status(&report::shrinking(tried, kept, &current, started.elapsed()));
            if sandbox::interrupted() {
                return Answer::Stop;
            }
            for (i, (candidate, evaluation)) in candidates.iter().zip(outcomes).enumerate() {
                match self.keeps(verdict, candidate, evaluation) {
                    Keeps::Yes => {
                        kept += 1;
                        current = candidate.clone();
                        return Answer::Keeps(i);
                    }
                    Keeps::No => {}
                    Keeps::Broken(broken) => {
                        *problem = Some((candidate.clone(), broken));
                        return Answer::Stop;
                    }
                }
            }
            Answer::NoneKeeps
        };
        shrink::shrink(input, &mut oracle, self.workers.len())
    }

    /// Whether a candidate keeps the failure: valid, answered, and judged with the same verdict.
    fn keeps(&self, verdict: Verdict, candidate: &str, evaluation: Evaluation) -> Keeps {
        let _ = candidate;
        match evaluation {
            Evaluation::Invalid { .. } => Keeps::No,
            // Without an input validator the reference is the only judge of what is a valid input.
            Evaluation::ReferenceFailed(_) if self.setup.validators.is_empty() => Keeps::No,
            Evaluation::ReferenceFailed(why) => Keeps::Broken(Broken::Reference(why)),
            Evaluation::Error(e) => Keeps::Broken(Broken::Judge(e)),
            Evaluation::Judged { result, .. } => match result.verdict {
                v if v == verdict => Keeps::Yes,
                Verdict::JudgeError => Keeps::Broken(Broken::Checker(result.note.clone())),
                _ => Keeps::No,
            },
        }
    }

    /// Evaluates `inputs` on the workers at once (input i on worker i mod workers), in input order.
    fn evaluate_all(&self, inputs: &[String]) -> Vec<Evaluation> {
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
            let mut all: Vec<(usize, Evaluation)> = handles
                .into_iter()
                .flat_map(|h| {
                    h.join().unwrap_or_else(|_| {
                        vec![(usize::MAX, Evaluation::Error("a worker panicked".into()))]
                    })
                })
                .collect();
            all.sort_by_key(|(i, _)| *i);
            all.into_iter().map(|(_, e)| e).collect()
        })
    }

    /// Inputs the generator makes at sizes from 1 up to the failing one (a few seeds each, the run's own
    /// sequence of seeds): the first that fails the same way, if it is smaller than `than`.
    fn generator_choice(
        &self,
        screen: &mut Screen,
        failure: &Failure,
        than: &str,
        problem: &mut Option<(String, Broken)>,
    ) -> Option<String> {
        let sizes = failure.draw.size;
        let per_size = (GENERATOR_CHOICES / sizes).max(2);
        let draws: Vec<Draw> = (1..=sizes)
            .flat_map(|size| {
                (0..per_size).map(move |k| Draw {
                    seed: search::mix(self.seed ^ search::mix(size << 32 | k) ^ 0x00C4_01CE),
                    size,
                })
            })
            .take(GENERATOR_CHOICES as usize)
            .collect();
        screen.status(&format!(
            "  shrinking: {} inputs of the generator at sizes 1 to {sizes} …",
            draws.len()
        ));
        let limit = shrink::weight(than);
        for batch in draws.chunks(self.workers.len()) {
            if sandbox::interrupted() {
                return None;
            }
            let workers = self.workers;
            let outcomes: Vec<(Draw, Option<String>, Option<Evaluation>)> =
                thread::scope(|scope| {
                    let handles: Vec<_> = batch
                        .iter()
                        .zip(workers)
                        .map(|(&draw, worker)| {
                            scope.spawn(move || match worker.generate(draw.seed, draw.size) {
                                Ok(input) => {
                                    let evaluation = worker.evaluate(&input);
                                    (draw, Some(input), Some(evaluation))
                                }
                                Err(_) => (draw, None, None),
                            })
                        })
                        .collect();
                    handles.into_iter().filter_map(|h| h.join().ok()).collect()
                });
            for (_, input, evaluation) in outcomes {
                let (Some(input), Some(evaluation)) = (input, evaluation) else {
                    continue;
                };
                match self.keeps(failure.verdict, &input, evaluation) {
                    Keeps::Yes if shrink::weight(&input) < limit => return Some(input),
                    Keeps::Yes | Keeps::No => {}
                    Keeps::Broken(broken) => {
                        *problem = Some((input, broken));
                        return None;
                    }
                }
            }
        }
        None
    }

    /// Saves and prints the smallest failing input; exit code 1.
    fn report(&self, screen: &mut Screen, found: &Found) -> i32 {
        let answer_path = self.save.with_extension("ans");
        let saved = save(&self.save, &found.input).and_then(|()| save(&answer_path, &found.answer));
        if let Err(e) = saved {
            screen.say(&format!(
                "judge: error: cannot save the failing input: {e}\n"
            ));
        }
        let by = report::generated_by(&self.setup.generator.label, found.failure.draw);
        let shrink_stopped = found.stopped.as_deref();
        let shrunk = !found.shrink.input.is_empty();
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
                shrink_tried: if shrunk { found.shrink.tried } else { 0 },
                shrink_kept: if shrunk { found.shrink.kept } else { 0 },
                shrink_time: found.shrink_time,
                shrink_stopped,
                seed: self.seed,
            },
            screen.colour,
        ));
        1
    }

    /// A program of the run broke: its message, the input saved; exit code 2.
    fn broken(
        &self,
        screen: &mut Screen,
        broken: &Broken,
        by: Option<&str>,
        input: Option<&str>,
        answer: Option<&str>,
    ) -> i32 {
        let saved = input.and_then(|input| {
            save(&self.save, input).ok()?;
            if let Some(answer) = answer {
                let _ = save(&self.save.with_extension("ans"), answer);
            }
            Some(self.save.clone())
        });
        let message = report::broken(self.setup, broken, by, saved.as_deref());
        error(screen, &message)
    }

    /// The reference answered one input in two ways: exit code 2.
    fn disagreement(&self, screen: &mut Screen, input: &str, first: &str, second: &str) -> i32 {
        let _ = save(&self.save, input);
        let message = report::reference_disagrees(self.setup, first, second, &self.save);
        error(screen, &message)
    }

    /// `input` saved beside the save path as `<stem>.<what>.in`.
    fn save_beside(&self, what: &str, input: &str, _answer: Option<&str>) -> Option<PathBuf> {
        let stem = self.save.file_stem()?.to_string_lossy().into_owned();
        let path = self.save.with_file_name(format!("{stem}.{what}.in"));
        save(&path, input).ok()?;
        Some(path)
    }
}

enum Keeps {
    Yes,
    No,
    Broken(Broken),
}

/// What is reported at the end.
struct Found {
    input: String,
    answer: String,
    result: CaseResult,
    failure: Failure,
    tried: u64,
    search_time: Duration,
    shrink: shrink::Shrunk,
    shrink_time: Duration,
    stopped: Option<String>,
}

/// Writes `text` to `path`, making its folder.
fn save(path: &Path, text: &str) -> io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, text).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}
