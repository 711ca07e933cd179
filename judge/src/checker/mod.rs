//! Checking one output: the format's default output validator (`default`, pure), or the package's own
//! output validator program (`program`, in the sandbox). `check` is the one entry point; a problem's own
//! rules live in its package, never in the judge.

pub mod default;
pub mod interactive;
pub mod notes;
pub mod program;

use crate::compile::Artifact;
use crate::plan::Check;
use crate::sandbox::Slot;
use std::fs::File;
use std::io::{Seek, SeekFrom};
use std::sync::{Condvar, Mutex};

/// What a check decided, with the note the report shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Accepted,
    /// WA: the note says where and how the output is wrong.
    Wrong(String),
    /// PE: the right tokens in another layout (the default validator with `space_change_sensitive`).
    Presentation(String),
    /// JE: the validator itself failed (or the package is wrong); the verdict cannot be trusted.
    Failed(String),
}

/// Answers held in memory at once for checking, by all workers together: a check waits for room, so the
/// judge's own memory stays bounded whatever `-j` (two jobs would otherwise hold two 64 MiB answers). An
/// answer larger than this is checked alone.
const ANSWER_MEMORY_BYTES: u64 = 64 << 20;

/// Room taken in the answer memory budget (`ANSWER_MEMORY_BYTES`), given back when dropped.
struct Held(u64);

static HELD: Mutex<u64> = Mutex::new(0);
static ROOM: Condvar = Condvar::new();

impl Held {
    /// Waits until `bytes` fit beside what other checks hold (a larger output waits to be alone).
    fn take(bytes: u64) -> Held {
        let bytes = bytes.min(ANSWER_MEMORY_BYTES);
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        while *held > 0 && *held + bytes > ANSWER_MEMORY_BYTES {
            held = ROOM.wait(held).unwrap_or_else(|e| e.into_inner());
        }
        *held += bytes;
        Held(bytes)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        *held -= self.0;
        ROOM.notify_all();
    }
}

/// Checks `output` (the submission's stdout, through the judge's own descriptor) for the case whose files
/// are open as `input` and `answer` (read from their start: never reopened by a path a package could
/// have swapped since they were checked), as `check` says; `validator` is the compiled output validator
/// where there is one, and `feedback` its feedback folder on a multi-pass problem (else a fresh one).
pub fn check(
    check: &Check,
    mut output: File,
    input: &File,
    answer: &File,
    validator: Option<&Artifact>,
    slot: &Slot,
    feedback: Option<&program::Feedback>,
) -> Outcome {
    if output.seek(SeekFrom::Start(0)).is_err() {
        return Outcome::Failed("cannot read the output back".into());
    }
    match check {
        // The answer is held, the output read as a stream: the judge holds what the package gave, never
        // what its output limit lets a submission print.
        Check::Default(flags) => {
            let _room = Held::take(answer.metadata().map_or(0, |m| m.len()));
            match read_from_start(answer, u64::MAX) {
                Ok(want) => default::check(output, &want, flags),
                Err(e) => Outcome::Failed(format!("cannot read the answer: {e}")),
            }
        }
        Check::Program { args, limits, .. } => match validator {
            Some(validator) => program::check(
                validator,
                output,
                [input, answer],
                args,
                limits,
                slot,
                feedback,
            ),
            None => Outcome::Failed("the output validator was not compiled".into()),
        },
        Check::Invalid(why) => Outcome::Failed(why.clone()),
    }
}

/// The first `max` bytes of the open `file` (a case's checked descriptor, a run's output), read from its
/// start whatever an earlier reader left its offset at.
pub fn read_from_start(mut file: &File, max: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    file.seek(SeekFrom::Start(0))?;
    file.take(max).read_to_end(&mut bytes)?;
    Ok(bytes)
}
