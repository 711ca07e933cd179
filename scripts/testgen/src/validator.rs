//! Helpers for the problems' input-validator tests (`problems/*/tests/validator.rs`): the committed cases a
//! package's `input_validators/validate.rs` must accept, with their group's flags, and that file compiled
//! alone and run the way a judge runs it. Each test keeps what is its problem's own: the named mistakes and
//! their messages, the sample, and which inputs it sends to the compiled validator.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The package folder `testdata/<problem>/`.
pub fn problem_dir(problem: &str) -> PathBuf {
    crate::testdata::testdata_root().join(problem)
}

/// Every `.in` below `testdata/<problem>/` (the package layout's `data/sample/` and
/// `data/secret/<group>/`, and any subfolder) with the flags its group gives the input validators: the
/// `input_validator_flags` of the nearest `testdata.yaml` on its path below `data/` (a group inherits its
/// parent's, as every tool reads them), none if no file says; in path order. Submissions and `invalid_*`
/// folders hold no valid input. Panics if a folder or a `testdata.yaml` cannot be read.
pub fn committed_cases(problem: &str) -> Vec<(PathBuf, Vec<&'static str>)> {
    let root = problem_dir(problem);
    let mut inputs = Vec::new();
    crate::harness::find_inputs(&root, &mut inputs);
    inputs.sort();
    inputs
        .into_iter()
        .map(|path| {
            let flags = group_flags(&root.join("data"), path.parent().expect("in a folder"));
            (path, flags)
        })
        .collect()
}

/// The `input_validator_flags` that hold in the folder `dir` below `data`: the last one said on the way
/// down (leaked: a test's flags live as long as the test).
fn group_flags(data: &Path, dir: &Path) -> Vec<&'static str> {
    let mut flags = Vec::new();
    let mut folder = data.to_path_buf();
    let below = dir.strip_prefix(data).unwrap_or(Path::new(""));
    for part in std::iter::once(None).chain(below.components().map(Some)) {
        if let Some(part) = part {
            folder.push(part);
        }
        let Ok(text) = std::fs::read_to_string(folder.join("testdata.yaml")) else {
            continue;
        };
        for line in text.lines() {
            if let Some(value) = line.strip_prefix("input_validator_flags:") {
                let value = value
                    .split('#')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .trim_matches(['\'', '"']);
                flags = value
                    .split_whitespace()
                    .map(|w| &*Box::leak(w.to_string().into_boxed_str()))
                    .collect();
            }
        }
    }
    flags
}

/// Compiles `testdata/<problem>/input_validators/validate.rs` alone as a judge would (`rustc --edition
/// 2021 -O`, warnings denied) into `tmp_dir`, the test's `env!("CARGO_TARGET_TMPDIR")` (set only while an
/// integration test is compiled, so it cannot be read here); returns the executable's path. Panics with
/// rustc's messages if the file does not compile.
pub fn compiled(problem: &str, tmp_dir: impl AsRef<Path>) -> PathBuf {
    let source = problem_dir(problem).join("input_validators/validate.rs");
    let exe = tmp_dir.as_ref().join(format!("validate-{problem}"));
    // The compiler cargo was told to use, if any, so that the validator is checked by the same one.
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| OsString::from("rustc"));
    let out = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-D", "warnings", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .expect("rustc runs");
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{} alone: {errors}", source.display());
    exe
}

/// Runs the compiled validator `exe` on `input` with `flags` as arguments; returns its exit code and its
/// stderr (stdout is read and dropped). Panics if the validator cannot start or writes non-UTF-8 messages.
pub fn run(exe: &Path, input: &[u8], flags: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(exe)
        .args(flags)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the validator starts");
    // A validator may stop reading early (or refuse its flags before it reads); a closed pipe is then not
    // the test's concern.
    let _ = child.stdin.take().expect("stdin").write_all(input);
    let out = child.wait_with_output().expect("the validator ends");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8 messages");
    (out.status.code(), stderr)
}
