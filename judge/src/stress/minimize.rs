//! Shrinking a confirmed failure: the pure shrinker (`shrink`) on it, its batches of candidates judged on
//! every worker; then on the run's next failing inputs (other seeds, sizes as small), since greedy
//! shrinking ends in a local minimum that another start may undercut (each given up once its cases, lines,
//! tokens and cells are shrunk and it is no smaller in them than the best); then, if what is left is still
//! large (the generic passes could not keep it valid), on inputs the generator makes at smaller sizes.
//! The smallest by `shrink::weight` wins. Every step is counted, not timed, so the same seed shrinks the
//! same way.

use super::report;
use super::run::{Failure, Run};
use super::search::{self, Broken, Draw, Outcome};
use super::shrink::{self, Answer};
use super::trial::Evaluation;
use super::Screen;
use crate::report::html::stress::Step;
use crate::report::CaseResult;
use crate::sandbox;
use crate::verdict::Verdict;
use std::thread;
use std::time::Instant;

/// Failing inputs shrunk after the first one: other starts for the greedy shrinker.
const EXTRA_STARTS: usize = 2;
/// How far past the previous failing input the search for the next one goes.
const NEXT_INPUTS: u64 = 400;
/// Past this many tokens, a shrunk input is worth looking for a smaller one among the generator's.
const SMALL_TOKENS: usize = 24;
/// How many generated inputs, at most, the smaller-sizes step tries.
const GENERATOR_CHOICES: u64 = 96;
/// How many candidates the reference may be stopped at a limit on before shrinking stops: each costs the
/// helpers' wall clock (20 s), and a reference that hangs on some small inputs once made a 10 s run
/// shrink for six minutes.
pub const REFERENCE_STOPS: usize = 3;

/// A failing input's answer (the reference's) and the solution's result on it.
pub type Judged = (String, Box<CaseResult>);

/// The smallest failing input found, and what it took.
pub struct Minimized {
    pub input: String,
    /// How `input` was judged when it was found: what an interrupted run reports, with no run left to
    /// judge it again.
    pub judged: Judged,
    pub tried: usize,
    pub kept: usize,
    /// Why shrinking ended early, if it did.
    pub stopped: Option<String>,
    /// A program that broke on a candidate, and the candidate.
    pub problem: Option<(String, Broken)>,
    /// Candidates the reference was stopped at a limit on (no input validator: they count as invalid).
    pub reference_stops: usize,
    /// The size of each start and each candidate kept, in order: how the input shrank.
    pub steps: Vec<Step>,
}

/// A step of shrinking for the page: the input's measures.
fn step(input: &str, start: bool) -> Step {
    let (lines, tokens, cells, _, bytes) = shrink::weight(input);
    Step {
        start,
        lines,
        tokens,
        cells,
        bytes,
    }
}

/// Whether a judged candidate keeps the failure.
enum Keeps {
    Yes(Judged),
    No,
    /// No: the reference was stopped at a limit on it (an invalid input, as far as anyone can tell).
    ReferenceStopped,
    Broken(Broken),
}

impl Run<'_> {
    pub fn minimize(&self, screen: &mut Screen, failure: &Failure, started: Instant) -> Minimized {
        let mut best = Minimized {
            input: failure.input.clone(),
            judged: failure.judged.clone(),
            tried: 0,
            kept: 0,
            stopped: None,
            problem: None,
            reference_stops: 0,
            steps: Vec::new(),
        };
        let first = (failure.input.clone(), failure.judged.clone());
        self.shrink_from(screen, first, failure.verdict, started, None, &mut best);
        let mut from = failure.index + 1;
        // A TLE costs its time limit a candidate, and a TLE the load decided must not start anything.
        let starts = if failure.verdict == Verdict::TimeLimit {
            0
        } else {
            EXTRA_STARTS
        };
        for _ in 0..starts {
            if best.stopped.is_some() || best.problem.is_some() {
                return best;
            }
            screen.status("  shrinking: looking for another failing input to start from …");
            let searched = search::search(
                self.workers,
                self.seed,
                self.max_size,
                from..from + NEXT_INPUTS,
                Instant::now() + std::time::Duration::from_secs(3600),
                started,
                &mut |_| {},
            );
            if searched.interrupted {
                best.stopped = Some("interrupted".into());
                return best;
            }
            let Some(event) = searched.event else { break };
            from = event.index + 1;
            match event.outcome {
                Outcome::Failed {
                    input,
                    answer,
                    result,
                } if result.verdict == failure.verdict => {
                    let start = (input, (answer, result));
                    let rival = Some(shrink::outline(&best.input));
                    self.shrink_from(screen, start, failure.verdict, started, rival, &mut best);
                }
                Outcome::Failed { .. } | Outcome::Passed => {}
                Outcome::Broken { input, broken } => {
                    best.problem = input.map(|input| (input, broken));
                    return best;
                }
            }
        }
        let large = best.input.split_ascii_whitespace().count() > SMALL_TOKENS;
        if large && best.stopped.is_none() && best.problem.is_none() {
            if let Some(start) = self.smaller_size(screen, failure, &mut best) {
                let rival = Some(shrink::outline(&best.input));
                self.shrink_from(screen, start, failure.verdict, started, rival, &mut best);
            }
        }
        best
    }

    /// Shrinks `input` (failing, judged as `judged`); the result replaces `best` if it is smaller. A
    /// later start gives up where it cannot beat `rival`'s outline (see `shrink::shrink`).
    fn shrink_from(
        &self,
        screen: &mut Screen,
        (input, judged): (String, Judged),
        verdict: Verdict,
        started: Instant,
        rival: Option<shrink::Outline>,
        best: &mut Minimized,
    ) {
        let mut current = input.clone();
        let mut current_judged = judged;
        let mut steps = vec![step(&input, true)];
        let (mut tried, mut kept) = (best.tried, best.kept);
        let mut problem = None;
        let mut reference_stops = best.reference_stops;
        let mut oracle = |candidates: &[String]| -> Answer {
            if sandbox::interrupted() {
                return Answer::Stop;
            }
            let evaluations = self.evaluate_all(candidates);
            tried += candidates.len();
            if sandbox::interrupted() {
                return Answer::Stop;
            }
            for (i, (candidate, evaluation)) in candidates.iter().zip(evaluations).enumerate() {
                match self.keeps(verdict, evaluation) {
                    Keeps::Yes(judged) => {
                        kept += 1;
                        steps.push(step(candidate, false));
                        current = candidate.clone();
                        current_judged = judged;
                        screen.status(&report::shrinking(tried, kept, &current, started.elapsed()));
                        return Answer::Keeps(i);
                    }
                    Keeps::No => {}
                    Keeps::ReferenceStopped => {
                        reference_stops += 1;
                        if reference_stops >= REFERENCE_STOPS {
                            return Answer::Stop;
                        }
                    }
                    Keeps::Broken(broken) => {
                        problem = Some((candidate.clone(), broken));
                        return Answer::Stop;
                    }
                }
            }
            screen.status(&report::shrinking(tried, kept, &current, started.elapsed()));
            Answer::NoneKeeps
        };
        let shrunk = shrink::shrink(&input, &mut oracle, self.workers.len(), rival);
        best.tried = tried;
        best.kept = kept;
        best.steps.extend(steps);
        if shrink::weight(&shrunk.input) < shrink::weight(&best.input) {
            // The shrinker ends on the last candidate kept (or its start): the one judged last.
            debug_assert_eq!(shrunk.input, current);
            best.input = shrunk.input;
            best.judged = current_judged;
        }
        best.reference_stops = reference_stops;
        if problem.is_some() {
            best.problem = problem;
            best.stopped = Some("a program of the run failed (above)".into());
        } else if reference_stops >= REFERENCE_STOPS {
            best.stopped = Some(reference_too_slow());
        } else if shrunk.stopped {
            best.stopped = Some("interrupted: the smallest input so far".into());
        }
    }

    /// Whether a judged candidate keeps the failure: valid, answered, judged with the same verdict. A
    /// reference that fails on an input the validators accept, or a checker that fails, breaks the run.
    fn keeps(&self, verdict: Verdict, evaluation: Evaluation) -> Keeps {
        match evaluation {
            Evaluation::Invalid { .. } | Evaluation::ValidatorFailed { .. } => Keeps::No,
            // Without an input validator the reference is the only judge of what is a valid input.
            // (`trial`'s words for a run stopped at a limit: the costly kind.)
            Evaluation::ReferenceFailed(why) if self.setup.validators.is_empty() => {
                if why.starts_with("stopped at its ") {
                    Keeps::ReferenceStopped
                } else {
                    Keeps::No
                }
            }
            Evaluation::ReferenceFailed(why) => Keeps::Broken(Broken::Reference(why)),
            Evaluation::Error(e) => Keeps::Broken(Broken::Judge(e)),
            Evaluation::Judged { answer, result } => match result.verdict {
                v if v == verdict => Keeps::Yes((answer, result)),
                Verdict::JudgeError => Keeps::Broken(Broken::Checker(result.note.clone())),
                _ => Keeps::No,
            },
        }
    }

    /// Inputs the generator makes at sizes 1 up to the failing one's (a few seeds each): the first that
    /// fails the same way and is smaller than the best so far.
    fn smaller_size(
        &self,
        screen: &mut Screen,
        failure: &Failure,
        best: &mut Minimized,
    ) -> Option<(String, Judged)> {
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
        let limit = shrink::weight(&best.input);
        let workers = self.workers;
        for batch in draws.chunks(workers.len()) {
            if sandbox::interrupted() {
                best.stopped = Some("interrupted: the smallest input so far".into());
                return None;
            }
            let judged: Vec<Option<(String, Evaluation)>> = thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .iter()
                    .zip(workers)
                    .map(|(&draw, worker)| {
                        scope.spawn(move || {
                            let input = worker.generate(draw.seed, draw.size).ok()?;
                            let evaluation = worker.evaluate(&input);
                            Some((input, evaluation))
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().ok().flatten())
                    .collect()
            });
            best.tried += batch.len();
            if sandbox::interrupted() {
                // Runs killed by the interrupt: what they came to proves nothing.
                best.stopped = Some("interrupted: the smallest input so far".into());
                return None;
            }
            for (input, evaluation) in judged.into_iter().flatten() {
                match self.keeps(failure.verdict, evaluation) {
                    Keeps::Yes(judged) if shrink::weight(&input) < limit => {
                        return Some((input, judged))
                    }
                    Keeps::Yes(_) | Keeps::No => {}
                    Keeps::ReferenceStopped => {
                        best.reference_stops += 1;
                        if best.reference_stops >= REFERENCE_STOPS {
                            best.stopped = Some(reference_too_slow());
                            return None;
                        }
                    }
                    Keeps::Broken(broken) => {
                        best.problem = Some((input, broken));
                        best.stopped = Some("a program of the run failed (above)".into());
                        return None;
                    }
                }
            }
        }
        None
    }
}

/// Why shrinking stopped when the reference kept hitting its limits on candidates.
fn reference_too_slow() -> String {
    format!(
        "the reference was stopped at its limits on {REFERENCE_STOPS} candidates (does it hang on some \
         inputs? an input validator, --validator, keeps the shrinker to valid ones): the smallest input so far"
    )
}
