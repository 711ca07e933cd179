//! A package's own output validator, run as the problem package format specifies:
//! `validator input answer feedback_dir/ [args…] < team_output`; exit 42 accepted, 43 wrong answer, anything
//! else (a crash, a limit, exit 0) a judge error. What it writes to `feedback_dir/judgemessage.txt` is the
//! note. It runs in the sandbox like a submission: it sees the input and answer read-only (as
//! `/data/input`, `/data/answer`), a fresh writable feedback folder (`/feedback/`), and nothing else.

use super::Outcome;
use crate::compile::Artifact;
use crate::sandbox::{self, Bind, Exit, Limits, Slot, Streams};
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// How much of the feedback the note keeps.
const NOTE_BYTES: u64 = 4096;
/// The spec's exit codes.
pub const ACCEPTED: i32 = 42;
pub const WRONG: i32 = 43;

/// Where the two case files and the feedback folder appear inside the validator's sandbox.
pub const INPUT: &str = "/data/input";
pub const ANSWER: &str = "/data/answer";
pub const FEEDBACK: &str = "/feedback/";

/// A fresh, empty feedback folder in `slot`: nothing an earlier run left can be read as this one's.
pub fn feedback_dir(slot: &Slot) -> std::io::Result<PathBuf> {
    let dir = slot.path("feedback");
    let _ = fs::remove_dir_all(&dir);
    fs::DirBuilder::new().mode(0o777).create(&dir)?;
    // World-writable only for the run's user (a root judge maps runs to another user); the slot around it is
    // the judge's own 0700 folder, so no one else can reach it.
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o777))?;
    Ok(dir)
}

/// The validator program with the spec's arguments and its view of the two files and the feedback folder.
pub fn command(
    validator: &Artifact,
    input: &Path,
    answer: &Path,
    feedback: &Path,
    args: &[String],
    limits: &Limits,
) -> sandbox::Program {
    let binds = vec![
        Bind {
            from: input.to_path_buf(),
            to: INPUT.into(),
            writable: false,
        },
        Bind {
            from: answer.to_path_buf(),
            to: ANSWER.into(),
            writable: false,
        },
        Bind {
            from: feedback.to_path_buf(),
            to: FEEDBACK.trim_end_matches('/').into(),
            writable: true,
        },
    ];
    let mut argv: Vec<OsString> = [INPUT, ANSWER, FEEDBACK]
        .iter()
        .map(OsString::from)
        .collect();
    argv.extend(args.iter().map(OsString::from));
    validator.program(limits.memory_kib / 1024, &argv, &binds)
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
    let feedback = match feedback_dir(slot) {
        Ok(dir) => dir,
        Err(e) => return Outcome::Failed(format!("cannot make the feedback folder: {e}")),
    };
    let program = command(validator, files[0], files[1], &feedback, args, limits);
    let ran = slot.create("validator.log").and_then(|(path, mut log)| {
        let _ = fs::remove_file(&path);
        let streams = Streams {
            stdin: Stdio::from(output),
            stdout: log.try_clone()?.into(),
            stderr: log.try_clone()?.into(),
        };
        let facts = sandbox::run(&program, limits, streams, slot)?;
        Ok((facts, tail(&mut log)))
    });
    let (facts, printed) = match ran {
        Ok(ran) => ran,
        Err(e) => return Outcome::Failed(format!("cannot run the output validator: {e}")),
    };
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

/// The last few hundred bytes a program printed into `log`, on one line.
fn tail(log: &mut File) -> String {
    use std::io::{Seek, SeekFrom};
    let length = log.metadata().map_or(0, |m| m.len());
    let mut bytes = Vec::new();
    if log
        .seek(SeekFrom::Start(length.saturating_sub(600)))
        .is_ok()
    {
        let _ = log.read_to_end(&mut bytes);
    }
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    // Escaped, never obeyed by a terminal.
    lines
        .join(" | ")
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
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

/// `judgemessage.txt` of the feedback folder, cut and on one line: never through a link the validator
/// planted (it could point anywhere the judge can read), never more than a few KiB.
pub fn feedback_note(feedback: &Path) -> String {
    const O_NOFOLLOW: i32 = 0o400000;
    const O_NONBLOCK: i32 = 0o4000;
    let opened = OpenOptions::new()
        .read(true)
        .custom_flags(O_NOFOLLOW | O_NONBLOCK)
        .open(feedback.join("judgemessage.txt"));
    let Ok(file) = opened else {
        return String::new();
    };
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return String::new();
    }
    let mut bytes = Vec::new();
    let _ = file.take(NOTE_BYTES).read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" | ")
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
    fn feedback_is_read_safely() {
        let dir = std::env::temp_dir().join(format!("judge-feedback-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        assert_eq!(feedback_note(&dir), "");
        fs::write(
            dir.join("judgemessage.txt"),
            "wrong on line 2\n\nexpected 3\n",
        )
        .unwrap();
        assert_eq!(feedback_note(&dir), "wrong on line 2 | expected 3");
        fs::remove_file(dir.join("judgemessage.txt")).unwrap();
        std::os::unix::fs::symlink("/etc/hostname", dir.join("judgemessage.txt")).unwrap();
        assert_eq!(feedback_note(&dir), "", "a planted link is never followed");
        fs::remove_dir_all(&dir).unwrap();
    }
}
