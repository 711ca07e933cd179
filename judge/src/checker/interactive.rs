//! Interactive problems: the package's output validator is the **interactor**. It is started as any output
//! validator (`validator input answer feedback_dir/ [args…]`), and the submission beside it, each in its
//! own sandbox under its own limits, the interactor's stdout piped into the submission's stdin, and the
//! submission's stdout into the judge, which relays it to the interactor's stdin (`sandbox::start`,
//! `talk::pipe`, as `judge match` starts engines).
//!
//! The verdict follows the format's reference runners (problemtools, BAPCtools, DOMjudge): an interactor
//! that crashes or exits with a code other than 42/43 is a judge error; an interactor that says WA before
//! the submission's output ended decides (WA); otherwise the submission's own end decides first (TLE, then
//! a crash), and then the interactor's verdict. "Before" is a fact of the pipes, not of clocks: the relay
//! is the only writer of the interactor's stdin, so the end of the submission's output reaches the
//! interactor only when the relay closes that pipe, and at that moment the kernel says whether the
//! interactor still had it open (`sys::readers_gone`). Whichever program the machine's load schedules
//! first, a WA that answers the submission's end of file is never taken for a WA given before it.

use super::program;
use super::Outcome;
use crate::compile::Artifact;
use crate::sandbox::{self, talk, Facts, Limits, Output, Slot, Streams};
use std::fs::File;
use std::io::{self, Read, Write};
use std::process::Stdio;
use std::sync::{mpsc, Mutex};
use std::thread;

/// How much of each program's stderr is kept.
const STDERR_BYTES: usize = 4096;
/// How long the interactor may outlive the submission's wall clock (to read its last words and decide).
const GRACE_MS: u64 = 2000;
/// The pipe into the interactor: a page, so that once the relay has passed on the end of the
/// submission's output, at most this much of it is still to be read (see `decision_ms`).
const INTERACTOR_PIPE_BYTES: usize = 4096;
/// What the relay moves at once: a pipe's default capacity.
const RELAY_BYTES: usize = 1 << 16;

/// The submission's facts, the interactor's verdict, and which of the two ends came first.
pub struct Interaction {
    pub submission: Facts,
    pub interactor: Outcome,
    /// The interactor stopped reading (it ended) before the submission's output ended: its verdict
    /// cannot be an answer to that end.
    pub interactor_first: bool,
}

/// The programs of one interactive case and where everything is.
pub struct Case<'a> {
    pub submission: &'a Artifact,
    pub interactor: &'a Artifact,
    /// The case's input and answer, open (the interactor reads copies of them; the submission never sees
    /// them).
    pub files: [&'a File; 2],
    pub args: &'a [String],
    /// The submission's limits, then the interactor's.
    pub limits: &'a Limits,
    pub interactor_limits: &'a Limits,
    /// The interactor's feedback folder (on a multi-pass problem, seeded with the previous pass's).
    pub feedback: &'a program::Feedback,
    /// The submission may write in its working folder.
    pub allow_file_writing: bool,
}

/// Runs one interaction: the submission in `slot`, the interactor in `peer`.
pub fn run(case: &Case, slot: &Slot, peer: &Slot) -> io::Result<Interaction> {
    let interactor = program::command(
        case.interactor,
        case.files,
        case.feedback,
        case.args,
        case.interactor_limits,
        peer,
    )?;
    let interactor_limits = Limits {
        // It waits for the submission most of the time: its clock is the submission's, and a bit more.
        wall_ms: case
            .interactor_limits
            .wall_ms
            .max(case.limits.wall_ms + case.limits.wall_patience_ms + GRACE_MS),
        ..case.interactor_limits.clone()
    };
    // Three pipes: interactor → submission; submission → judge (the relay) → interactor.
    let (submission_reads, interactor_writes) = talk::pipe()?;
    let (relay_reads, submission_writes) = talk::pipe()?;
    let (interactor_reads, relay_writes) = talk::pipe()?;
    crate::sys::set_pipe_size(&relay_writes, INTERACTOR_PIPE_BYTES)?;
    // The judge's own copy of the submission's stdin, read and dropped once the submission has ended: the
    // interactor then never dies of SIGPIPE, nor blocks on a full pipe until its wall clock (a JE the
    // submission caused); it reads the end of the submission's output and decides.
    let held_stdin = submission_reads.try_clone()?;
    let interactor_streams = Streams {
        stdin: Stdio::from(interactor_reads),
        stdout: Output::Pass(Stdio::from(interactor_writes)),
        stderr: Output::Tail(STDERR_BYTES),
    };
    let submission_streams = Streams {
        stdin: Stdio::from(submission_reads),
        stdout: Output::Pass(Stdio::from(submission_writes)),
        stderr: Output::Tail(STDERR_BYTES),
    };
    let memory_mb = case.limits.memory_kib / 1024;
    let submission = case
        .submission
        .submission(memory_mb, case.allow_file_writing);
    let interactor_run = sandbox::start(&interactor, &interactor_limits, interactor_streams, peer)?;
    let submission_run = match sandbox::start(&submission, case.limits, submission_streams, slot) {
        Ok(running) => running,
        Err(e) => {
            interactor_run.killer().kill();
            let _ = interactor_run.wait();
            return Err(e);
        }
    };
    let submission_killer = submission_run.killer();
    let interactor_killer = interactor_run.killer();
    let decision_ms = decision_ms(case.limits);
    // The submission's wall clock, if it comes, asks whether either program still wanted a CPU: one
    // blocked on a starved interactor was kept waiting by the machine (see `engine::starved`).
    submission_killer.beside(&interactor_killer);
    // Which end came first, once known; set by whichever of the relay and the interactor's waiter learns
    // it first (see `Order`).
    let order = Order::default();
    let (verdict_given, verdict) = mpsc::channel();
    let (submission_ended, submission_end) = mpsc::channel::<()>();
    let (interactor_ended, interactor_end) = mpsc::channel::<()>();
    let (interactor_facts, submission_facts) = thread::scope(|scope| {
        let order = &order;
        let carried = submission_killer.clone();
        scope.spawn(move || {
            carried.carried_by(crate::sys::thread_id());
            relay(relay_reads, relay_writes, order, verdict);
            // The interactor has read all but a page of the submission's output, and the submission
            // has ended: an interactor that has not decided within its time to decide never will.
            let _ = submission_end.recv();
            let decision = std::time::Duration::from_millis(decision_ms);
            if let Err(mpsc::RecvTimeoutError::Timeout) = interactor_end.recv_timeout(decision) {
                interactor_killer.kill();
            }
        });
        let waiting = scope.spawn(move || {
            let facts = interactor_run.wait();
            let _ = interactor_ended.send(());
            let accepted = facts
                .as_ref()
                .is_ok_and(|f| f.exit == sandbox::Exit::Code(program::ACCEPTED));
            let _ = verdict_given.send(accepted);
            // Any verdict but AC given before the submission's output ended is the case's verdict,
            // whatever the submission does next: it is stopped now rather than at its limit.
            if order.interactor_ended() && !accepted {
                submission_killer.kill();
            }
            facts
        });
        let submission_facts = scope
            .spawn(move || {
                let facts = submission_run.wait();
                let _ = submission_ended.send(());
                let mut rest = held_stdin;
                let _ = io::copy(&mut rest, &mut io::sink());
                facts
            })
            .join();
        (waiting.join(), submission_facts)
    });
    let broken = || io::Error::new(io::ErrorKind::Other, "a waiting thread panicked");
    let interactor_facts = interactor_facts.map_err(|_| broken())??;
    let submission = submission_facts.map_err(|_| broken())??;
    let note = program::feedback_note(&case.feedback.dir);
    let mut interactor_outcome = program::judge_exit(
        interactor_facts.exit,
        interactor_facts.stopped.is_some(),
        &note,
    );
    if let Outcome::Failed(why) = &interactor_outcome {
        let printed = String::from_utf8_lossy(&interactor_facts.stderr.kept);
        let printed = super::notes::visible(printed.trim());
        if !printed.is_empty() {
            interactor_outcome = Outcome::Failed(format!("{why}; it printed: {printed}"));
        }
    }
    Ok(Interaction {
        submission,
        interactor: said_of_the_interactor(interactor_outcome),
        interactor_first: order.interactor_first(),
    })
}

/// How long the interactor may take to decide once the submission has ended and its output has been
/// passed on (all but `INTERACTOR_PIPE_BYTES` of it read): as long as the submission's own wall clock,
/// at least `GRACE_MS`. An interactor that never reads and never ends is then a JE in seconds, where its
/// own wall clock (the format's validator clock, 2 × `validation_time`: two minutes by default) would
/// keep every such case that long; problemtools bounds a whole interaction by twice the time limit.
fn decision_ms(limits: &Limits) -> u64 {
    limits.wall_ms.max(GRACE_MS)
}

/// Which came first: the interactor's end, or the end of the submission's output reaching it. Decided
/// once, by the first of two observers, each from a fact that cannot be out of date:
/// - the relay, at the end of the submission's output, before it passes that end on: the interactor's
///   stdin has no reader left (it ended first) or it has (the end of file reaches it);
/// - the interactor's waiter, once the interactor's sandbox is over: if the relay has not decided yet,
///   the end of file has not been passed on, so the interactor ended first.
#[derive(Default)]
struct Order {
    interactor_first: Mutex<Option<bool>>,
}

impl Order {
    /// The relay, at the end of the submission's output (or when the interactor's stdin broke): decides,
    /// unless already decided, by whether the interactor's stdin still has its reader.
    fn output_ended(&self, to_interactor: &File) {
        let mut first = self
            .interactor_first
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if first.is_none() {
            *first = Some(crate::sys::readers_gone(to_interactor).unwrap_or(true));
        }
    }

    /// The interactor's waiter, once it ended: decides, unless already decided, that it came first.
    /// Whether it did.
    fn interactor_ended(&self) -> bool {
        let mut first = self
            .interactor_first
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        *first.get_or_insert(true)
    }

    fn interactor_first(&self) -> bool {
        let first = self
            .interactor_first
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        first.unwrap_or(true)
    }
}

/// Passes the submission's output to the interactor, and its end (closing `to_interactor`) only after
/// `order` has been told. What the submission writes after the interactor ended is read and dropped if
/// the interactor accepted (late words must not kill it with SIGPIPE), else left unread: the pipe closes
/// and a submission writing on dies of SIGPIPE rather than at its limit.
fn relay(
    mut from_submission: File,
    mut to_interactor: File,
    order: &Order,
    verdict: mpsc::Receiver<bool>,
) {
    let mut buffer = vec![0; RELAY_BYTES];
    loop {
        let bytes = match from_submission.read(&mut buffer) {
            Ok(0) => break,
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if to_interactor.write_all(&buffer[..bytes]).is_err() {
            // EPIPE: the interactor's stdin closed while the submission's output goes on.
            order.output_ended(&to_interactor);
            if verdict.recv() == Ok(true) {
                let _ = io::copy(&mut from_submission, &mut io::sink());
            }
            return;
        }
    }
    order.output_ended(&to_interactor);
}

/// The output validator's notes, said of the interactor.
fn said_of_the_interactor(outcome: Outcome) -> Outcome {
    let rename = |note: String| note.replace("the output validator", "the interactor");
    match outcome {
        Outcome::Failed(note) => Outcome::Failed(rename(note)),
        Outcome::Wrong(note) => Outcome::Wrong(rename(note)),
        other => other,
    }
}

/// The verdict of an interaction, by the reference runner's rules: the interactor's failure first, then
/// its WA if it ended first; then `judged` (the submission's own end, and the interactor's verdict for a
/// clean one).
pub fn decide(
    interactor: Outcome,
    interactor_first: bool,
    judged: impl FnOnce(Outcome) -> crate::verdict::Judgement,
) -> crate::verdict::Judgement {
    use crate::verdict::{Judgement, Verdict};
    match interactor {
        Outcome::Failed(note) => Judgement::new(Verdict::JudgeError, note),
        Outcome::Wrong(note) if interactor_first => Judgement::new(Verdict::WrongAnswer, note),
        outcome => judged(outcome),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::{Judgement, Verdict};

    fn tle(_: Outcome) -> Judgement {
        Judgement::new(Verdict::TimeLimit, "slow")
    }

    #[test]
    fn the_reference_runners_order() {
        // An interactor that fails is the judge's error, whatever the submission did.
        assert_eq!(
            decide(Outcome::Failed("x".into()), false, tle).verdict,
            Verdict::JudgeError
        );
        // Its WA decides when it said so first; after the submission ended, the submission's end first.
        assert_eq!(
            decide(Outcome::Wrong("w".into()), true, tle).verdict,
            Verdict::WrongAnswer
        );
        assert_eq!(
            decide(Outcome::Wrong("w".into()), false, tle).verdict,
            Verdict::TimeLimit
        );
        let clean = |o: Outcome| match o {
            Outcome::Accepted => Judgement::new(Verdict::Accepted, ""),
            _ => Judgement::new(Verdict::WrongAnswer, "w"),
        };
        assert_eq!(
            decide(Outcome::Accepted, true, clean).verdict,
            Verdict::Accepted
        );
        assert_eq!(
            decide(Outcome::Wrong("w".into()), false, clean).verdict,
            Verdict::WrongAnswer
        );
    }
}
