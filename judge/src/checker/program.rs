//! External checkers in the testlib protocol: `checker input output answer`, exit 0 AC, 1 WA, 2 PE, anything
//! else (or a crash, or running past the timeout) JE. What the checker prints (testlib writes its verdict
//! comment to stderr) becomes the note.

use super::Outcome;
use crate::sandbox::{LiveGroup, SPAWNING};
use crate::sys::Pid;
use std::fs::{self, File};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How much of the checker's comment the note keeps.
const NOTE_CHARS: usize = 300;

/// Runs `checker` on the three files; its stdout and stderr go to `comment_file` (a file, not a pipe, so a
/// chatty checker cannot block), which is then read for the note.
pub fn check(checker: &Path, files: [&Path; 3], comment_file: &Path, timeout: Duration) -> Outcome {
    let spawned = File::create(comment_file).and_then(|out| {
        let err = out.try_clone()?;
        let _spawning = SPAWNING.lock().unwrap_or_else(|e| e.into_inner());
        let child = Command::new(checker)
            .args(files)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            // Its own registered group, like a run's: an interrupted judge kills it, and the judge's
            // sweep for escaped processes (which spares registered groups only) tells it from one.
            .process_group(0)
            .spawn()?;
        let live = LiveGroup::register(child.id() as Pid);
        Ok((child, live))
    });
    let (mut child, _live) = match spawned {
        Ok(child) => child,
        Err(e) => {
            return Outcome::Failed(format!("cannot run the checker {}: {e}", checker.display()))
        }
    };
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() < timeout => thread::sleep(Duration::from_millis(2)),
            Ok(None) | Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Outcome::Failed(format!(
                    "the checker ran longer than {} ms",
                    timeout.as_millis()
                ));
            }
        }
    };
    let comment = fs::read(comment_file)
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let _ = fs::remove_file(comment_file);
    let note: String = comment
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(NOTE_CHARS)
        .collect();
    match status.code() {
        Some(0) => Outcome::Accepted,
        Some(1) => Outcome::Wrong(note),
        Some(2) => Outcome::Presentation(note),
        Some(code) => Outcome::Failed(format!("the checker exited with code {code}: {note}")),
        None => Outcome::Failed(format!("the checker was killed ({status}): {note}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A shell-script checker in a fresh temp dir; returns the dir and the script path.
    fn script(name: &str, body: &str) -> (std::path::PathBuf, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!(
            "judge-program-checker-{}-{name}",
            std::process::id()
        ));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("check.sh");
        fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        (dir, path)
    }

    fn run(name: &str, body: &str, timeout_ms: u64) -> Outcome {
        let (dir, checker) = script(name, body);
        let file = |n: &str| {
            let p = dir.join(n);
            fs::write(&p, n).unwrap();
            p
        };
        let (input, output, answer) = (file("in"), file("out"), file("ans"));
        let outcome = check(
            &checker,
            [&input, &output, &answer],
            &dir.join("comment"),
            Duration::from_millis(timeout_ms),
        );
        fs::remove_dir_all(&dir).unwrap();
        outcome
    }

    #[test]
    fn exit_codes_follow_testlib() {
        // The checker sees the three paths in order: input, output, answer.
        assert_eq!(
            run(
                "ac",
                "cat \"$1\" \"$2\" \"$3\" | grep -q inoutans && exit 0; exit 9",
                5000
            ),
            Outcome::Accepted
        );
        assert_eq!(
            run("wa", "echo 'wrong answer 3rd  number' >&2; exit 1", 5000),
            Outcome::Wrong("wrong answer 3rd number".into())
        );
        assert_eq!(
            run("pe", "echo layout; exit 2", 5000),
            Outcome::Presentation("layout".into())
        );
        assert_eq!(
            run("je", "echo fail >&2; exit 3", 5000),
            Outcome::Failed("the checker exited with code 3: fail".into())
        );
    }

    #[test]
    fn a_hanging_checker_is_a_judge_error() {
        assert_eq!(
            run("hang", "exec sleep 5", 100),
            Outcome::Failed("the checker ran longer than 100 ms".into())
        );
    }

    #[test]
    fn a_missing_checker_is_a_judge_error() {
        let missing = Path::new("/nonexistent/checker");
        let outcome = check(
            missing,
            [missing; 3],
            &std::env::temp_dir().join("judge-no-comment"),
            Duration::from_secs(1),
        );
        assert!(
            matches!(outcome, Outcome::Failed(ref n) if n.starts_with("cannot run the checker /nonexistent/checker"))
        );
    }
}
