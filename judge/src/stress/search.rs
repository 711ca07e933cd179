//! Looking for a failing input: the run's inputs are a fixed sequence (`draw`: the generator's seed and
//! size of input i depend only on the run's seed and i), tried by every worker at once; the first event in
//! sequence order (a failure, or a program that broke) decides, whatever order the workers finish in. An
//! event at i stops the start of every input after i; the inputs before it all finish, so the lowest event
//! wins. So the same seed gives the same run, at any `-j`.

use super::trial::{Evaluation, GeneratorFailed, Validation, Worker};
use crate::report::CaseResult;
use crate::sandbox;
use crate::verdict::Verdict;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How often the progress line is refreshed.
const TICK: Duration = Duration::from_millis(250);

/// The generator's arguments for one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    pub seed: u64,
    pub size: u64,
}

/// SplitMix64's mixing function (Steele, Lea, Flood 2014): a well-spread 64-bit value from any.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The largest size input `index` may have: 1 + ⌊√(2·index)⌋, at most `max_size` (1 for the first input,
/// 10 from the 42nd, 45 at the 1,001st, 100 from the 4,902nd).
pub fn size_cap(index: u64, max_size: u64) -> u64 {
    (1 + isqrt(index.saturating_mul(2))).min(max_size)
}

fn isqrt(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    while r.checked_mul(r).map_or(true, |square| square > n) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|square| square <= n) {
        r += 1;
    }
    r
}

/// Input `index` of the run `run_seed`: a seed of its own, and its size: the cap half the time, else
/// any size up to it (small inputs keep coming as the sizes grow).
pub fn draw(run_seed: u64, index: u64, max_size: u64) -> Draw {
    let seed = mix(run_seed ^ mix(index));
    let roll = mix(seed ^ 0x5EED_0F51_7E00);
    let cap = size_cap(index, max_size);
    let size = if roll & 1 == 0 {
        cap
    } else {
        1 + (roll >> 1) % cap
    };
    Draw { seed, size }
}

/// A program of the run that broke: the run cannot go on, and nothing says the solution is wrong.
#[derive(Clone, Debug)]
pub enum Broken {
    Generator(String),
    Invalid {
        validator: String,
        message: String,
    },
    /// An input validator failed (exit neither 42 nor 43, a crash, a limit).
    Validator {
        validator: String,
        message: String,
    },
    Reference(String),
    /// The output validator failed (a JE).
    Checker(String),
    /// The judge itself could not run a program.
    Judge(String),
}

/// What one input came to.
#[derive(Clone, Debug)]
pub enum Outcome {
    Passed,
    /// The solution's verdict is not AC.
    Failed {
        input: String,
        answer: String,
        result: Box<CaseResult>,
    },
    /// `input` is what the generator printed, if it got so far.
    Broken {
        input: Option<String>,
        broken: Broken,
    },
}

/// The first inputs of a run, and then one in `VALIDATED_EVERY`, are validated before anything runs on
/// them, whatever happens: a generator that prints invalid inputs is found out early even when every
/// program passes them. The others are validated only once something fails on them (`Validation`),
/// which saves one run of four per input. By index, so the same seed gives the same run.
const VALIDATED_FIRST: u64 = 32;
const VALIDATED_EVERY: u64 = 16;

/// When input `index` of a run is validated.
pub fn validation(index: u64) -> Validation {
    match index < VALIDATED_FIRST || index % VALIDATED_EVERY == 0 {
        true => Validation::First,
        false => Validation::OnFailure,
    }
}

/// Input `index` of the run, at `draw`, generated and evaluated.
pub fn trial(worker: &Worker, index: u64, draw: Draw) -> Outcome {
    let input = match worker.generate(draw.seed, draw.size) {
        Ok(input) => input,
        Err(GeneratorFailed(why)) => {
            return Outcome::Broken {
                input: None,
                broken: Broken::Generator(why),
            }
        }
    };
    let evaluation = worker.evaluate_with(&input, validation(index));
    outcome(input, evaluation)
}

/// What an evaluation of `input` says about the run.
pub fn outcome(input: String, evaluation: Evaluation) -> Outcome {
    let broken = |input: Option<String>, broken| Outcome::Broken { input, broken };
    match evaluation {
        Evaluation::Invalid { validator, message } => {
            broken(Some(input), Broken::Invalid { validator, message })
        }
        Evaluation::ValidatorFailed { validator, message } => {
            broken(Some(input), Broken::Validator { validator, message })
        }
        Evaluation::ReferenceFailed(why) => broken(Some(input), Broken::Reference(why)),
        Evaluation::Error(e) => broken(Some(input), Broken::Judge(e)),
        Evaluation::Judged { answer, result } => match result.verdict {
            Verdict::Accepted => Outcome::Passed,
            Verdict::JudgeError => broken(Some(input), Broken::Checker(result.note.clone())),
            _ => Outcome::Failed {
                input,
                answer,
                result,
            },
        },
    }
}

/// The first event of a search, in sequence order.
#[derive(Clone, Debug)]
pub struct Event {
    pub index: u64,
    pub draw: Draw,
    pub outcome: Outcome,
}

/// Where a search is, for the progress line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Inputs finished.
    pub tried: u64,
    /// The size cap of the latest input started.
    pub size: u64,
    pub elapsed: Duration,
}

/// How a search ended.
#[derive(Clone, Debug)]
pub struct Searched {
    /// Inputs finished, up to the event's (included) when there is one.
    pub tried: u64,
    pub event: Option<Event>,
    pub interrupted: bool,
}

/// Tries the inputs `inputs` in order on every worker until an event, the last of them, `deadline`, or an
/// interrupt.
pub fn search(
    workers: &[Worker],
    run_seed: u64,
    max_size: u64,
    inputs: Range<u64>,
    deadline: Instant,
    started: Instant,
    progress: &mut dyn FnMut(Progress),
) -> Searched {
    let next = AtomicU64::new(inputs.start);
    // No input after this one is started: the last of `inputs`, then the earliest event so far.
    let last = AtomicU64::new(inputs.end.saturating_sub(1));
    let stop = AtomicBool::new(false);
    let end = inputs.end;
    let mut event: Option<Event> = None;
    let mut finished: Vec<u64> = Vec::new();
    thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for worker in workers {
            let (sender, next, last, stop) = (sender.clone(), &next, &last, &stop);
            scope.spawn(move || loop {
                // The deadline is checked here too, not only by the loop below after a result: a search
                // started past it (looking on after a TLE the load decided) must start nothing.
                if stop.load(Ordering::SeqCst)
                    || sandbox::interrupted()
                    || Instant::now() >= deadline
                {
                    return;
                }
                let index = next.fetch_add(1, Ordering::SeqCst);
                if index > last.load(Ordering::SeqCst) || index >= end {
                    return;
                }
                let draw = draw(run_seed, index, max_size);
                let outcome = trial(worker, index, draw);
                if sender.send((index, draw, outcome)).is_err() {
                    return;
                }
            });
        }
        drop(sender);
        let mut shown = Instant::now();
        loop {
            match receiver.recv_timeout(TICK) {
                Ok((index, draw, outcome)) => {
                    finished.push(index);
                    let earlier = event.as_ref().map_or(true, |e| index < e.index);
                    if !matches!(outcome, Outcome::Passed) && earlier {
                        last.fetch_min(index, Ordering::SeqCst);
                        event = Some(Event {
                            index,
                            draw,
                            outcome,
                        });
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if Instant::now() >= deadline {
                stop.store(true, Ordering::SeqCst);
            }
            if shown.elapsed() >= TICK {
                shown = Instant::now();
                let latest = next.load(Ordering::SeqCst).saturating_sub(1);
                progress(Progress {
                    tried: finished.len() as u64,
                    size: size_cap(latest, max_size),
                    elapsed: started.elapsed(),
                });
            }
        }
    });
    let interrupted = sandbox::interrupted();
    let bound = event.as_ref().map_or(u64::MAX, |e| e.index);
    Searched {
        tried: finished.iter().filter(|&&i| i <= bound).count() as u64,
        // What an interrupt cut short proves nothing.
        event: if interrupted { None } else { event },
        interrupted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_grow_from_one_to_the_cap() {
        assert_eq!(size_cap(0, 100), 1);
        assert_eq!(size_cap(1, 100), 2);
        assert_eq!(size_cap(40, 100), 9);
        assert_eq!(size_cap(1000, 100), 45);
        assert_eq!(size_cap(4900, 100), 99);
        assert_eq!(size_cap(4901, 100), 100);
        assert_eq!(size_cap(41, 100), 10);
        assert_eq!(size_cap(u64::MAX, 100), 100);
        assert_eq!(size_cap(1000, 7), 7);
        assert_eq!(isqrt(u64::MAX), u32::MAX as u64);
        assert_eq!(isqrt(15), 3);
        assert_eq!(isqrt(16), 4);
    }

    #[test]
    fn the_first_inputs_and_one_in_sixteen_are_validated_first() {
        let first: Vec<u64> = (0..100)
            .filter(|&i| validation(i) == Validation::First)
            .collect();
        let mut expected: Vec<u64> = (0..32).collect();
        expected.extend([32, 48, 64, 80, 96]);
        assert_eq!(first, expected);
    }

    #[test]
    fn draws_depend_only_on_the_seed_and_the_index() {
        let a: Vec<Draw> = (0..500).map(|i| draw(42, i, 100)).collect();
        let b: Vec<Draw> = (0..500).map(|i| draw(42, i, 100)).collect();
        assert_eq!(a, b);
        assert_ne!(a, (0..500).map(|i| draw(43, i, 100)).collect::<Vec<_>>());
        assert!(a
            .iter()
            .enumerate()
            .all(|(i, d)| d.size >= 1 && d.size <= size_cap(i as u64, 100)));
        // Half at the cap, the rest spread below it.
        let at_cap = a
            .iter()
            .enumerate()
            .filter(|(i, d)| d.size == size_cap(*i as u64, 100))
            .count();
        assert!((200..=330).contains(&at_cap), "{at_cap}");
        let seeds: std::collections::HashSet<u64> = a.iter().map(|d| d.seed).collect();
        assert_eq!(seeds.len(), 500);
    }
}
