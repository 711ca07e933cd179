//! A package's own output validator, run as the problem package format specifies:
//! `validator input answer feedback_dir/ [args…] < team_output`; exit 42 accepted, 43 wrong answer, anything
//! else (a crash, a limit, exit 0) a judge error. What it writes to `feedback_dir/judgemessage.txt` is the
//! note. It runs in the sandbox like a submission: it sees the input and answer read-only (as
//! `/data/input`, `/data/answer`), a fresh writable feedback folder (`/feedback/`), and nothing else.

use super::Outcome;
use crate::compile::Artifact;
use crate::sandbox::{self, Bind, Exit, Limits, OutDir, Slot, Streams};
use std::ffi::OsString;
use std::fs::{self, File};
use std::path::{Path, PathBuf};

/// How much of the feedback the note keeps.
const NOTE_BYTES: u64 = 4096;
/// How much of what a validator prints is kept, to quote when it fails.
const PRINTED_BYTES: usize = 600;
/// The spec's exit codes.
pub const ACCEPTED: i32 = 42;
pub const WRONG: i32 = 43;

/// Where the two case files and the feedback folder appear inside the validator's sandbox.
pub const INPUT: &str = "/data/input";
pub const ANSWER: &str = "/data/answer";
pub const FEEDBACK: &str = "/feedback/";

/// A fresh, empty host folder in `slot` for a run's feedback files: the run writes into a size-capped
/// tmpfs of its own that init copies here once it is over, so nothing an earlier run left can be read as
/// this one's, and the run never holds a host file.
pub fn feedback_dir(slot: &Slot) -> std::io::Result<PathBuf> {
    let dir = slot.path("feedback");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir(&dir)?;
    Ok(dir)
}

/// The validator program with the spec's arguments, its view of the two files (read-only) and a writable
/// feedback folder capped at `limits.output_bytes`.
pub fn command(
    validator: &Artifact,
    files: [&Path; 2],
    feedback: &Path,
    args: &[String],
    limits: &Limits,
    slot: &Slot,
) -> std::io::Result<sandbox::Program> {
    let binds = vec![
        Bind::at(slot.readable(files[0], "validator-input")?, INPUT),
        Bind::at(slot.readable(files[1], "validator-answer")?, ANSWER),
    ];
    let mut argv: Vec<OsString> = [INPUT, ANSWER, FEEDBACK]
        .iter()
        .map(OsString::from)
        .collect();
    argv.extend(args.iter().map(OsString::from));
    let mut program = validator.program(limits.memory_kib / 1024, &argv, &binds);
    program.out_dir = Some(OutDir {
        inside: FEEDBACK.trim_end_matches('/').into(),
        host: feedback.to_path_buf(),
        mib: (limits.output_bytes >> 20).max(1),
    });
    Ok(program)
}

/// Runs the validator on one output (`output`, read from its start) and judges by its exit code.
pub fn check(
    validator: &Artifact,
    output: File,
    files: [&Path; 2],
    args: &[String],
    limits: &Limits,
    slot: &Slot,
) -> Outcome {
    let ran = feedback_dir(slot).and_then(|feedback| {
        let program = command(validator, files, &feedback, args, limits, slot)?;
        let streams = Streams {
            stdin: output.into(),
            ..Streams::messages(PRINTED_BYTES)
        };
        Ok((sandbox::run(&program, limits, streams, slot)?, feedback))
    });
    let (facts, feedback) = match ran {
        Ok(ran) => ran,
        Err(e) => return Outcome::Failed(format!("cannot run the output validator: {e}")),
    };
    let printed = one_line(&[&facts.stdout.kept[..], &facts.stderr.kept[..]].concat());
    match judge_exit(
        facts.exit,
        facts.stopped.is_some(),
        &feedback_note(&feedback),
    ) {
        // What a failing validator printed (a traceback, an assertion) is what its author needs.
        Outcome::Failed(note) if !printed.is_empty() => {
            Outcome::Failed(format!("{note}; it printed: {printed}"))
        }
        outcome => outcome,
    }
}

/// Text a program printed, on one line, control characters escaped: quoted, never obeyed by a terminal.
fn one_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    super::notes::visible(&lines.join(" | "))
}

/// The outcome of a validator that ended with `exit`, `stopped` at a limit or not, leaving `note`.
pub fn judge_exit(exit: Exit, stopped: bool, note: &str) -> Outcome {
    let with = |what: String| {
        if note.is_empty() {
            what
        } else {
            format!("{what}: {note}")
        }
    };
    match exit {
        _ if stopped => Outcome::Failed(with("the output validator was stopped at a limit".into())),
        Exit::Code(ACCEPTED) => Outcome::Accepted,
        Exit::Code(WRONG) => Outcome::Wrong(if note.is_empty() {
            "the output validator rejected the output (no judgemessage.txt)".into()
        } else {
            note.to_string()
        }),
        Exit::Code(code) => Outcome::Failed(with(format!(
            "the output validator exited with code {code} (the format's codes: 42 accepted, 43 wrong answer)"
        ))),
        Exit::Signal(signal) => Outcome::Failed(with(format!(
            "the output validator was killed by {}",
            crate::verdict::signal_name(signal)
        ))),
    }
}

/// `judgemessage.txt` of the feedback folder, cut and on one line (init copied only regular files there:
/// no link a validator planted is ever followed).
pub fn feedback_note(feedback: &Path) -> String {
    match sandbox::read_out_file(feedback, "judgemessage.txt", NOTE_BYTES) {
        Ok(bytes) => one_line(&bytes),
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_of_the_spec() {
        assert_eq!(judge_exit(Exit::Code(42), false, ""), Outcome::Accepted);
        assert_eq!(
            judge_exit(Exit::Code(43), false, "line 3: 5 > 4"),
            Outcome::Wrong("line 3: 5 > 4".into())
        );
        assert_eq!(
            judge_exit(Exit::Code(0), false, ""),
            Outcome::Failed("the output validator exited with code 0 (the format's codes: 42 accepted, 43 wrong answer)".into())
        );
        assert!(
            matches!(judge_exit(Exit::Signal(11), false, "x"), Outcome::Failed(n) if n.contains("SIGSEGV") && n.ends_with(": x"))
        );
        assert!(matches!(
            judge_exit(Exit::Code(42), true, ""),
            Outcome::Failed(_)
        ));
    }

    #[test]
    fn feedback_is_one_line_of_what_was_written() {
        let dir = std::env::temp_dir().join(format!("judge-feedback-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        assert_eq!(feedback_note(&dir), "");
        fs::write(
            dir.join("judgemessage.txt"),
            "wrong on line 2\n\nexpected 3\x1b[2J\n",
        )
        .unwrap();
        assert_eq!(
            feedback_note(&dir),
            "wrong on line 2 | expected 3\\u{1b}[2J"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
