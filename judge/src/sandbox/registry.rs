//! The sandboxes in flight, for the interrupt handler: Ctrl-C (SIGINT) or SIGTERM kills every one of them
//! and raises a flag the engine reads to stop starting runs, so the judge can still print what finished.
//! A second signal ends the judge at once. A fixed table of atomics, because a handler may not lock or
//! allocate.

use crate::sys::{self, Pid};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::OnceLock;

/// The most sandboxes in flight at once: runs (`-j`), plus checkers, compiles and match engines.
pub const MAX_LIVE: usize = 512;

static LIVE_GROUPS: [AtomicI32; MAX_LIVE] = {
    #[allow(clippy::declare_interior_mutable_const)] // a fresh atomic per element is the point
    const FREE: AtomicI32 = AtomicI32::new(0);
    [FREE; MAX_LIVE]
};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// The signal that asked the judge to stop.
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// True once the judge has been asked to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The exit code an interrupted judge ends with: 128 + the signal, as shells report (130 for Ctrl-C).
pub fn interrupted_exit_code() -> i32 {
    128 + SIGNAL.load(Ordering::SeqCst)
}

/// A registered sandbox's process group (the helper's); unregisters when dropped.
pub(crate) struct LiveGroup(Option<usize>);

impl LiveGroup {
    pub(crate) fn register(group: Pid) -> LiveGroup {
        let slot = LIVE_GROUPS.iter().position(|slot| {
            slot.compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        });
        if interrupted() {
            // Started just as the judge was interrupted: it must not run on.
            let _ = sys::kill_group(group, sys::SIGKILL);
        }
        LiveGroup(slot)
    }
}

impl Drop for LiveGroup {
    fn drop(&mut self) {
        if let Some(slot) = self.0 {
            LIVE_GROUPS[slot].store(0, Ordering::SeqCst);
        }
    }
}

/// The judge's scratch folder, and the commands that remove it and exit 130 or 143: made ready when the
/// folder is, so that a second Ctrl-C, which ends the judge from its signal handler, leaves nothing behind
/// (the handler cannot walk a folder tree, but it can exec a shell that does).
struct Cleanup {
    dir: PathBuf,
    on_int: sys::Prepared,
    on_term: sys::Prepared,
}

static CLEANUP: OnceLock<Cleanup> = OnceLock::new();

/// Names the folder an interrupted judge must remove as it goes.
pub fn remove_on_exit(dir: &Path) {
    let shown = dir.to_string_lossy();
    let command = |code: &str| {
        sys::Prepared::new(&[
            "/bin/sh",
            "-c",
            "rm -rf -- \"$1\"; exit \"$2\"",
            "sh",
            &shown,
            code,
        ])
    };
    if let (Some(on_int), Some(on_term)) = (command("130"), command("143")) {
        let _ = CLEANUP.set(Cleanup {
            dir: dir.to_path_buf(),
            on_int,
            on_term,
        });
    }
}

/// SIGINT/SIGTERM handler: only async-signal-safe work (atomics, kill, execve, _exit).
extern "C" fn on_interrupt(signal: i32) {
    if INTERRUPTED.swap(true, Ordering::SeqCst) {
        kill_all();
        if let Some(cleanup) = CLEANUP.get() {
            sys::execute_prepared(if signal == sys::SIGINT {
                &cleanup.on_int
            } else {
                &cleanup.on_term
            });
        }
        sys::exit_now(128 + signal);
    }
    SIGNAL.store(signal, Ordering::SeqCst);
    kill_all();
}

/// Kills every sandbox in flight. The helper's group holds the helper and init; init's death ends the
/// namespace.
fn kill_all() {
    for slot in &LIVE_GROUPS {
        let group = slot.load(Ordering::SeqCst);
        if group > 0 {
            let _ = sys::kill_group(group, sys::SIGKILL);
        }
    }
}

/// Ends the judge at once, quietly, with every sandbox in flight: for a closed stdout (`judge | head`),
/// where nothing more can be reported. Exits 141, as a shell reports a process ended by SIGPIPE.
pub fn stop_quietly() -> ! {
    INTERRUPTED.store(true, Ordering::SeqCst);
    kill_all();
    // Not a signal handler: the scratch folder can go the ordinary way.
    if let Some(cleanup) = CLEANUP.get() {
        let _ = std::fs::remove_dir_all(&cleanup.dir);
    }
    sys::exit_now(128 + sys::SIGPIPE)
}

/// Writes `text` to stdout at once, even into a pipe; a closed stdout (`judge | head`) ends the judge
/// quietly, as it ends `cat`.
pub fn print_or_stop(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        stop_quietly();
    }
}

/// Makes SIGINT/SIGTERM kill every sandbox in flight and set `interrupted()`. Call once at start-up.
pub fn install_interrupt_handler() {
    for signal in [sys::SIGINT, sys::SIGTERM] {
        // Failure leaves the default action: the judge dies, and its sandboxes with it (PDEATHSIG).
        let _ = sys::set_signal_handler(signal, on_interrupt);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_groups_take_a_slot_and_give_it_back() {
        let first = LiveGroup::register(i32::MAX - 1);
        let slot = first.0.expect("a free slot");
        assert_eq!(LIVE_GROUPS[slot].load(Ordering::SeqCst), i32::MAX - 1);
        drop(first);
        assert_eq!(LIVE_GROUPS[slot].load(Ordering::SeqCst), 0);
    }
}
