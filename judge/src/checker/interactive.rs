//! Interactive problems: the package's output validator is the **interactor**. It is started as any output
//! validator (`validator input answer feedback_dir/ [args…]`), and the submission beside it, each in its
//! own sandbox under its own limits, the interactor's stdout piped into the submission's stdin and the
//! submission's stdout into the interactor's stdin — the same start-and-pipe mechanism `judge match` uses
//! for engines (`sandbox::start`, `talk::pipe`).
//!
//! The verdict follows the format's reference runner (problemtools, and DOMjudge alike): an interactor
//! that crashes or exits with a code other than 42/43 is a judge error; an interactor that says WA before
//! the submission ended decides (WA); otherwise the submission's own end decides first (TLE, then a crash),
//! and then the interactor's verdict. The judge keeps its own copy of the read end of each pipe until both
//! have ended, as the reference runner does, so which of them exits first never turns into a SIGPIPE the
//! other did not earn.

use super::program;
use super::Outcome;
use crate::compile::Artifact;
use crate::sandbox::{self, talk, Facts, Limits, Output, Slot, Streams};
use std::io;
use std::path::Path;
use std::process::Stdio;
use std::sync::mpsc;
use std::thread;

/// How much of each program's stderr is kept.
const STDERR_BYTES: usize = 4096;
/// How long the interactor may outlive the submission's wall clock (to read its last words and decide).
const GRACE_MS: u64 = 2000;

/// The submission's facts, the interactor's verdict, and who ended first.
pub struct Interaction {
    pub submission: Facts,
    pub interactor: Outcome,
    /// The interactor ended before the submission.
    pub interactor_first: bool,
}

/// The programs of one interactive case and where everything is.
pub struct Case<'a> {
    pub submission: &'a Artifact,
    pub interactor: &'a Artifact,
    /// The case's input and answer files (the interactor reads them; the submission never sees them).
    pub files: [&'a Path; 2],
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
            .max(case.limits.wall_ms + GRACE_MS),
        ..case.interactor_limits.clone()
    };
    // Two pipes: interactor → submission, submission → interactor.
    let (submission_reads, interactor_writes) = talk::pipe()?;
    let (interactor_reads, submission_writes) = talk::pipe()?;
    // The judge's own copies of the reading ends (see the module's note): the submission's stdin's until
    // both have ended, read and dropped once the submission has; the interactor's stdin's until the interactor has ended, and longer only if it
    // accepted (a submission writing on after a WA then dies of SIGPIPE at once instead of at its limit).
    let held_stdin = submission_reads.try_clone()?;
    let held_answers = interactor_reads.try_clone()?;
    // And one more, watched for the moment the submission's output closes: when it ended, as far as the
    // interactor can tell (see `interactor_first` below).
    let watched = interactor_reads.try_clone()?;
    let watch_ms = (case.limits.wall_ms + 2 * GRACE_MS).min(i32::MAX as u64) as i32;
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
    // Each end is waited for on a thread of its own; the order the two reports arrive in is the order the
    // programs ended in.
    let (ended, order) = mpsc::channel();
    let (interactor_facts, submission_facts, output_closed_ns) = thread::scope(|scope| {
        let output_closed = scope.spawn(move || {
            let closed = crate::sys::wait_hangup(&watched, watch_ms).unwrap_or(false);
            closed.then(crate::sys::clock_ns)
        });
        let interactor_ended = ended.clone();
        let waiting = scope.spawn(move || {
            let facts = interactor_run.wait();
            let _ = interactor_ended.send("interactor");
            let accepted = facts
                .as_ref()
                .is_ok_and(|f| f.exit == sandbox::Exit::Code(program::ACCEPTED));
            (facts, accepted.then_some(held_answers))
        });
        let submission_ended = ended;
        let submission_facts = scope
            .spawn(move || {
                let facts = submission_run.wait();
                let _ = submission_ended.send("submission");
                // What the interactor still writes to the ended submission is read and dropped: it never
                // dies of SIGPIPE, nor blocks on a full pipe until its own wall clock (a JE the submission
                // caused); it sees the end of the submission's output and decides.
                let mut rest = held_stdin;
                let _ = io::copy(&mut rest, &mut io::sink());
                facts
            })
            .join();
        let output_closed_ns = output_closed.join().ok().flatten();
        (waiting.join(), submission_facts, output_closed_ns)
    });
    let broken = || io::Error::new(io::ErrorKind::Other, "a waiting thread panicked");
    let (interactor_facts, _held) = interactor_facts.map_err(|_| broken())?;
    let (interactor_facts, submission) =
        (interactor_facts?, submission_facts.map_err(|_| broken())??);
    // Which program ended first, by the clock each one's init read as it reaped it; the order the two
    // waits returned in only where a clock is missing (the sandboxes' own teardown can reorder them: a
    // submission that exits 1 at once, and the interactor that then reads its end and says WA, are RTE).
    // The submission ended when it was reaped or, earlier, when its output closed: a crashing process
    // closes its files before its parent can reap it, and an interactor reading that end of file may
    // say WA and be reaped first on a loaded machine (BAPCtools' assert-at-start submission, RTE, was
    // judged WA that way).
    let submission_ended_ns = match (output_closed_ns, submission.ended_ns) {
        (Some(closed), Some(reaped)) => Some(closed.min(reaped)),
        (closed, reaped) => closed.or(reaped),
    };
    let interactor_first = match (interactor_facts.ended_ns, submission_ended_ns) {
        (Some(interactor), Some(submission)) => interactor < submission,
        _ => order.recv().ok() == Some("interactor"),
    };
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
        interactor_first,
    })
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
