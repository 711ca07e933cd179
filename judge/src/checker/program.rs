//! A package's own output validator, run as the problem package format specifies:
//! `validator input answer feedback_dir/ [args…] < team_output`; exit 42 accepted, 43 wrong answer, anything
//! else (a crash, a limit, exit 0) a judge error. What it writes to `feedback_dir/judgemessage.txt` is the
//! note. It runs in the sandbox like a submission: it sees the judge's copies of the input and answer
//! read-only (as `/data/input`, `/data/answer`), a fresh writable feedback folder (`/feedback/`), and
//! nothing else.

use super::notes::one_line;
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

/// The file a multi-pass problem's validator writes the next pass's input to.
pub const NEXT_PASS: &str = "nextpass.in";

/// A validator run's feedback folder: a fresh, empty host folder in the slot. The run writes into a
/// size-capped tmpfs of its own that init copies here once it is over, so nothing an earlier run left can
/// be read as this one's, and the run never holds a host file. On a multi-pass problem the next pass's
/// folder (`next`) starts from what this one's run left: the format keeps the feedback across passes.
pub struct Feedback {
    pub dir: PathBuf,
    /// What the run starts with: the previous pass's folder.
    pub seed: Option<PathBuf>,
    pass: u32,
}

impl Feedback {
    /// The first (or only) pass's folder.
    pub fn first(slot: &Slot) -> std::io::Result<Feedback> {
        Ok(Feedback {
            dir: Self::fresh(slot, 1)?,
            seed: None,
            pass: 1,
        })
    }

    /// The next pass's folder, seeded with this one (once `take_next_input` took `nextpass.in` out).
    pub fn next(&self, slot: &Slot) -> std::io::Result<Feedback> {
        Ok(Feedback {
            dir: Self::fresh(slot, self.pass + 1)?,
            seed: Some(self.dir.clone()),
            pass: self.pass + 1,
        })
    }

    /// Empties the folder for another run of the same pass (a run re-run alone): the interactor starts
    /// again from the previous pass's files only, never from what its first attempt wrote (init's copy
    /// refuses to write over a file, and a stale `nextpass.in` would be taken for this attempt's).
    pub fn restart(&self) -> std::io::Result<()> {
        fs::remove_dir_all(&self.dir)?;
        fs::create_dir(&self.dir)
    }

    /// Two folders in turn: pass k's seeds pass k + 1's, and pass k - 1's is no longer needed.
    fn fresh(slot: &Slot, pass: u32) -> std::io::Result<PathBuf> {
        let dir = slot.path(&format!("feedback-{}", pass % 2));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir(&dir)?;
        Ok(dir)
    }

    /// `nextpass.in`, if the validator wrote one: moved out of the folder (the format removes it before
    /// the next pass) into `slot`, where the next pass reads it. Moved, never read: it may be as large as
    /// the validator's output limit, which is the package's to say, not the judge's memory. Init copied
    /// only regular files and folders here; a folder of that name is an error.
    pub fn take_next_input(&self, slot: &Slot) -> std::io::Result<Option<PathBuf>> {
        let written = self.dir.join(NEXT_PASS);
        match fs::symlink_metadata(&written) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
            Ok(meta) if !meta.is_file() => {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!("{NEXT_PASS} is not a regular file"),
                ))
            }
            Ok(_) => {}
        }
        // Two names in turn, as the folders: pass k - 1's input is no longer needed once pass k is judged,
        // and a file a pass kept would take up to the validator's output limit of disk for each of
        // `validation_passes`. Both are in the slot: a rename.
        let path = slot.path(&format!("pass-{}.in", (self.pass + 1) % 2));
        let _ = fs::remove_file(&path);
        fs::rename(&written, &path)?;
        Ok(Some(path))
    }
}

/// The validator program with the spec's arguments, its view of the two files (read-only: the judge's
/// copies of the open `files`, see `Slot::copy_of`) and a writable feedback folder capped at
/// `limits.output_bytes`.
pub fn command(
    validator: &Artifact,
    files: [&File; 2],
    feedback: &Feedback,
    args: &[String],
    limits: &Limits,
    slot: &Slot,
) -> std::io::Result<sandbox::Program> {
    let binds = vec![
        Bind::at(slot.copy_of(files[0], "validator-input")?, INPUT),
        Bind::at(slot.copy_of(files[1], "validator-answer")?, ANSWER),
    ];
    let mut argv: Vec<OsString> = [INPUT, ANSWER, FEEDBACK]
        .iter()
        .map(OsString::from)
        .collect();
    argv.extend(args.iter().map(OsString::from));
    let mut program = validator.program(limits.memory_kib / 1024, &argv, &binds);
    program.out_dir = Some(OutDir {
        inside: FEEDBACK.trim_end_matches('/').into(),
        host: feedback.dir.clone(),
        mib: (limits.output_bytes >> 20).max(1),
        seed: feedback.seed.clone(),
        files: vec![NEXT_PASS.into()],
    });
    Ok(program)
}

/// Runs the validator on one output (`output`, read from its start) and judges by its exit code; it
/// writes its feedback into `feedback`, else a fresh folder of `slot`.
pub fn check(
    validator: &Artifact,
    output: File,
    files: [&File; 2],
    args: &[String],
    limits: &Limits,
    slot: &Slot,
    feedback: Option<&Feedback>,
) -> Outcome {
    let fresh;
    let feedback = match feedback {
        Some(feedback) => feedback,
        None => match Feedback::first(slot) {
            Ok(made) => {
                fresh = made;
                &fresh
            }
            Err(e) => return Outcome::Failed(format!("cannot run the output validator: {e}")),
        },
    };
    let ran = command(validator, files, feedback, args, limits, slot).and_then(|program| {
        let streams = Streams {
            stdin: output.into(),
            ..Streams::messages(PRINTED_BYTES)
        };
        sandbox::run(&program, limits, streams, slot)
    });
    let facts = match ran {
        Ok(ran) => ran,
        Err(e) => return Outcome::Failed(format!("cannot run the output validator: {e}")),
    };
    let printed = one_line(&[&facts.stdout.kept[..], &facts.stderr.kept[..]].concat());
    match judge_exit(
        facts.exit,
        facts.stopped.is_some(),
        &feedback_note(&feedback.dir),
    ) {
        // What a failing validator printed (a traceback, an assertion) is what its author needs.
        Outcome::Failed(note) if !printed.is_empty() => {
            Outcome::Failed(format!("{note}; it printed: {printed}"))
        }
        outcome => outcome,
    }
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
    fn the_passes_inputs_take_two_files_whatever_the_number_of_passes() {
        let scratch = crate::sandbox::Scratch::create(&std::env::temp_dir()).unwrap();
        let slot = scratch.slot("passes").unwrap();
        let mut feedback = Feedback::first(&slot).unwrap();
        for pass in 1..=6u32 {
            fs::write(feedback.dir.join(NEXT_PASS), format!("{pass}\n")).unwrap();
            let next = feedback.take_next_input(&slot).unwrap().unwrap();
            assert_eq!(fs::read_to_string(&next).unwrap(), format!("{pass}\n"));
            feedback = feedback.next(&slot).unwrap();
        }
        // Before: pass-2.in to pass-7.in, every pass's input kept until the case was over (with a validator
        // asking for a million passes of 8 MiB each, terabytes).
        let inputs = fs::read_dir(slot.path(""))
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .starts_with("pass-")
            })
            .count();
        assert_eq!(inputs, 2);
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
