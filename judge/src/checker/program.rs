//! External checkers in the testlib protocol: `checker input output answer [ARGS…]`, exit 0 AC, 1 WA,
//! 2 PE, anything else (or a crash, or running past its limits) JE. What the checker prints (testlib writes
//! its verdict comment to stderr) becomes the note. A checker runs in the sandbox like a submission: it sees
//! the three files (read-only, as `/data/input`, `/data/output`, `/data/answer`) and nothing else.

use super::notes::visible;
use super::Outcome;
use crate::compile::Artifact;
use crate::sandbox::{self, Bind, Exit, Limits, Slot, Streams};
use std::ffi::OsString;
use std::path::Path;

/// How much of the checker's comment the note keeps.
const NOTE_CHARS: usize = 300;
/// How much of each of its streams is kept to make the note from.
const KEPT_BYTES: usize = 4096;
/// What a checker may use on one case.
const LIMITS: Limits = Limits {
    cpu_ms: 10_000,
    wall_ms: 20_000,
    memory_kib: 1 << 20,
    output_bytes: 16 << 20,
    tasks: sandbox::DEFAULT_TASKS,
    tmp_mib: 16,
};

/// Runs `checker` with `args` on the three files (input, output, answer).
pub fn check(checker: &Artifact, args: &[String], files: [&Path; 3], slot: &Slot) -> Outcome {
    let names = ["/data/input", "/data/output", "/data/answer"];
    let mut binds = Vec::new();
    for (i, (file, name)) in files.iter().zip(names).enumerate() {
        match slot.readable(file, &format!("checker-file-{i}")) {
            Ok(from) => binds.push(Bind::at(from, name)),
            Err(e) => return Outcome::Failed(format!("{}: {e}", file.display())),
        }
    }
    let mut argv: Vec<OsString> = names.iter().map(OsString::from).collect();
    argv.extend(args.iter().map(OsString::from));
    let program = checker.program(LIMITS.memory_kib / 1024, &argv, &binds);
    let facts = match sandbox::run(&program, &LIMITS, Streams::messages(KEPT_BYTES), slot) {
        Ok(facts) => facts,
        Err(e) => return Outcome::Failed(format!("cannot run the checker: {e}")),
    };
    let comment = [&facts.stdout.kept[..], &facts.stderr.kept[..]].concat();
    let note: String = String::from_utf8_lossy(&comment)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(NOTE_CHARS)
        .collect();
    let note = visible(&note);
    if let Some(stop) = facts.stopped {
        return Outcome::Failed(format!(
            "the checker was stopped at its {stop:?} limit: {note}"
        ));
    }
    match facts.exit {
        Exit::Code(0) => Outcome::Accepted,
        Exit::Code(1) => Outcome::Wrong(note),
        Exit::Code(2) => Outcome::Presentation(note),
        Exit::Code(code) => Outcome::Failed(format!("the checker exited with code {code}: {note}")),
        Exit::Signal(signal) => {
            Outcome::Failed(format!("the checker was killed by signal {signal}: {note}"))
        }
    }
}
