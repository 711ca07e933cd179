//! Checking one output: the format's default output validator (`default`, pure), or the package's own
//! output validator program (`program`, in the sandbox). `check` is the one entry point; a problem's own
//! rules live in its package, never in the judge.

pub mod default;
pub mod notes;
pub mod program;

use crate::compile::Artifact;
use crate::plan::Check;
use crate::sandbox::Slot;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

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

/// Checks `output` (the submission's stdout, through the judge's own descriptor) for the case whose files
/// are `input` and `answer`, as `check` says; `validator` is the compiled output validator where there is
/// one.
pub fn check(
    check: &Check,
    mut output: File,
    input: &Path,
    answer: &Path,
    validator: Option<&Artifact>,
    slot: &Slot,
) -> Outcome {
    if output.seek(SeekFrom::Start(0)).is_err() {
        return Outcome::Failed("cannot read the output back".into());
    }
    match check {
        Check::Default(flags) => {
            let mut got = Vec::new();
            if let Err(e) = output.read_to_end(&mut got) {
                return Outcome::Failed(format!("cannot read the output: {e}"));
            }
            match crate::sandbox::read_regular(answer) {
                Ok(want) => default::check(&got, &want, flags),
                Err(e) => Outcome::Failed(format!("cannot read the answer: {e}")),
            }
        }
        Check::Program { args, limits, .. } => match validator {
            Some(validator) => {
                program::check(validator, output, [input, answer], args, limits, slot)
            }
            None => Outcome::Failed("the output validator was not compiled".into()),
        },
        Check::Invalid(why) => Outcome::Failed(why.clone()),
    }
}
