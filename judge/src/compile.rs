//! Compiles a single solution file exactly as an online judge does. CONTRACT between the judge's halves
//! (see sandbox.rs).
//!
//! The cache: `<cache_dir>/<key>/<file stem>`, where `key` is an FNV-1a hash of the compiler's `rustc -vV`,
//! the flags and the source bytes, so a changed source or a new compiler compiles afresh and an unchanged
//! one costs nothing. Each compile works in its own temporary folder and `rename`s the binary into place:
//! parallel judges sharing a cache never see a half-written binary, and the last rename simply wins.

use crate::sandbox::{LiveGroup, SPAWNING};
use crate::sys;
use std::fs::{self, File};
use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

/// The result of compiling one source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compiled {
    /// The executable, cached under `cache_dir` by a hash of the source and the compiler version.
    Binary(PathBuf),
    /// A compile error: the compiler's first error lines, for the CE verdict's report.
    Error(String),
}

/// What online judges run (Codeforces, AtCoder: `rustc --edition 2021 -O`). The crate name is fixed so
/// that any file name compiles (`my-solution.rs` would be an invalid crate name).
pub const RUSTC_FLAGS: [&str; 5] = ["--edition", "2021", "-O", "--crate-name", "solution"];
/// A compile taking longer than this is a CE: rustc on a 300-line file takes a few seconds at most.
pub const COMPILE_TIMEOUT: Duration = Duration::from_secs(120);
/// How many lines of the compiler's message a CE keeps, from its first `error` line.
const ERROR_LINES: usize = 20;

/// `rustc --edition 2021 -O` on `source`, reusing a cached binary when source and compiler are unchanged.
/// `Err` only for failures of the judge itself (no rustc, unreadable source, cache dir not writable).
pub fn compile(source: &Path, cache_dir: &Path) -> io::Result<Compiled> {
    let code = fs::read(source)?;
    let version = rustc_version()?;
    let key = fnv1a(&[version.as_bytes(), RUSTC_FLAGS.join(" ").as_bytes(), &code]);
    let name = source.file_stem().unwrap_or_else(|| "solution".as_ref());
    let binary = cache_dir.join(format!("{key:016x}")).join(name);
    if binary.is_file() {
        return Ok(Compiled::Binary(binary));
    }
    let work = cache_dir.join(format!(
        "{key:016x}.tmp-{}-{}",
        std::process::id(),
        next_serial()
    ));
    fs::create_dir_all(&work)?;
    let result = compile_in(source, &work, &work.join(name), &binary);
    let _ = fs::remove_dir_all(&work);
    result
}

/// The pid of the judge a work folder of `cache_dir` belongs to (`<key>.tmp-<pid>-<serial>`); `None` for
/// the cached binaries' folders and anything else.
pub fn work_dir_owner(name: &str) -> Option<u32> {
    let (_, rest) = name.split_once(".tmp-")?;
    let (pid, serial) = rest.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(pid) && digits(serial))
        .then(|| pid.parse().ok())
        .flatten()
}

/// Removes the work folders of judges that are gone: one interrupted mid-compile (Ctrl-C ends it from a
/// signal handler, where removing a tree is not safe) leaves its folder behind.
pub fn remove_stale_work_dirs(cache_dir: &Path) {
    let Ok(entries) = fs::read_dir(cache_dir) else {
        return;
    };
    for entry in entries.flatten() {
        let owner = entry.file_name().to_str().and_then(work_dir_owner);
        if owner.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// Runs rustc with its output in `work`, then moves the binary to `binary`.
fn compile_in(source: &Path, work: &Path, built: &Path, binary: &Path) -> io::Result<Compiled> {
    let messages = work.join("rustc.stderr");
    let spawning = SPAWNING.lock().unwrap_or_else(|e| e.into_inner());
    let mut rustc = Command::new("rustc")
        .args(RUSTC_FLAGS)
        .arg("-o")
        .arg(built)
        .arg(source)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        // A file, not a pipe: a flood of warnings can never block rustc while we wait for it.
        .stderr(File::create(&messages)?)
        // Its own process group, registered like a run's: the timeout and an interrupted judge then kill
        // rustc together with the linker it started.
        .process_group(0)
        .spawn()?;
    let group = rustc.id() as sys::Pid;
    let _live = LiveGroup::register(group);
    drop(spawning);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = rustc.try_wait()? {
            break status;
        }
        if started.elapsed() > COMPILE_TIMEOUT {
            let _ = sys::kill_group(group, sys::SIGKILL);
            let _ = rustc.wait();
            let seconds = COMPILE_TIMEOUT.as_secs();
            return Ok(Compiled::Error(format!(
                "compilation took longer than {seconds} s"
            )));
        }
        thread::sleep(Duration::from_millis(10));
    };
    if !status.success() {
        let text = String::from_utf8_lossy(&fs::read(&messages)?).into_owned();
        return Ok(Compiled::Error(first_errors(&text)));
    }
    fs::create_dir_all(binary.parent().unwrap_or(work))?;
    fs::rename(built, binary)?;
    Ok(Compiled::Binary(binary.to_path_buf()))
}

/// The compiler's message from its first `error` line on, at most `ERROR_LINES` lines (warnings before it
/// are noise for a CE); the whole start of the message if no line begins with `error`.
pub fn first_errors(messages: &str) -> String {
    let lines: Vec<&str> = messages.lines().collect();
    let first = lines
        .iter()
        .position(|line| line.starts_with("error"))
        .unwrap_or(0);
    let kept = &lines[first..lines.len().min(first + ERROR_LINES)];
    kept.join("\n").trim_end().to_string()
}

/// `rustc -vV` (version, commit, host, LLVM), asked once per judge process.
fn rustc_version() -> io::Result<String> {
    static VERSION: OnceLock<Result<String, String>> = OnceLock::new();
    let version = VERSION.get_or_init(|| {
        let output = Command::new("rustc")
            .arg("-vV")
            .output()
            .map_err(|e| format!("cannot run rustc: {e}"))?;
        if output.status.success() {
            Ok(String::from_utf8_lossy(&output.stdout).into_owned())
        } else {
            Err(format!(
                "`rustc -vV` failed: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ))
        }
    });
    version
        .clone()
        .map_err(|message| io::Error::new(io::ErrorKind::Other, message))
}

/// 64-bit FNV-1a over the parts, each preceded by its length so that part boundaries count.
pub fn fnv1a(parts: &[&[u8]]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET;
    for part in parts {
        for &byte in (part.len() as u64).to_le_bytes().iter().chain(part.iter()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
        }
    }
    hash
}

/// A number unique within this process, for temporary folder names.
fn next_serial() -> u64 {
    static SERIAL: AtomicU64 = AtomicU64::new(0);
    SERIAL.fetch_add(1, Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_published_vectors_and_separates_parts() {
        // FNV-1a 64 of "" is the offset basis; of "a" it is 0xaf63dc4c8601ec8c (reference tables), but
        // parts here are length-prefixed, so compare parts against each other instead.
        assert_eq!(fnv1a(&[]), 0xcbf2_9ce4_8422_2325);
        assert_ne!(fnv1a(&[b"ab", b"c"]), fnv1a(&[b"a", b"bc"]));
        assert_eq!(fnv1a(&[b"ab", b"c"]), fnv1a(&[b"ab", b"c"]));
    }

    #[test]
    fn work_folders_carry_the_judges_pid() {
        assert_eq!(work_dir_owner("00ab12cd34ef5678.tmp-4242-0"), Some(4242));
        for other in [
            "00ab12cd34ef5678",
            "x.tmp-",
            "x.tmp-12",
            "x.tmp-12-",
            "x.tmp-a-1",
            "x.tmp-1-b",
        ] {
            assert_eq!(work_dir_owner(other), None, "{other}");
        }
    }

    #[test]
    fn first_errors_skips_warnings_and_keeps_twenty_lines() {
        let mut text = String::from("warning: unused variable\n  --> a.rs:1:1\n\n");
        for i in 0..30 {
            text.push_str(&format!("error line {i}\n"));
        }
        let kept = first_errors(&text);
        assert!(kept.starts_with("error line 0\n"));
        assert_eq!(kept.lines().count(), 20);
        assert_eq!(
            first_errors("ld: cannot link\nmore\n"),
            "ld: cannot link\nmore"
        );
    }
}
