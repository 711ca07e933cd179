//! What `/proc` says about a process tree: its members, their CPU time and resident memory. The parsers
//! take the files' text, so they are tested on literal values.

use crate::sys::Pid;
use std::fs;
use std::time::{Duration, Instant};

/// A bound on how many processes one walk visits: a fork bomb must not keep the watchdog from its duties.
const MAX_WALK: usize = 4096;
/// How long one look at a tree's threads (`runnable`, `waited_ms`) may walk it, as `sample` is bounded: a
/// fork bomb's tree on a starved machine takes seconds to walk, and the wall clock's stop waits on the look.
const LOOK: Duration = Duration::from_millis(500);

/// What one look at a tree found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeSample {
    /// utime + stime + cutime + cstime of every live member, in clock ticks (reaped members are in their
    /// parent's cutime, so nothing that ran is missed).
    pub cpu_ticks: u64,
    /// Resident memory of the members not in `exclude`, summed, in KiB.
    pub rss_kib: u64,
}

/// CPU and memory of `root` and every live descendant; `exclude` (the sandbox's own helper processes)
/// count for CPU only, as their CPU totals carry the reaped members'. Past `deadline` (the run's wall
/// clock) the look stops where it is: a watchdog starved by a fork bomb of hundreds of busy processes
/// takes seconds over it, and the wall clock must still stop the run on time.
pub fn sample(root: Pid, exclude: &[Pid], deadline: Instant) -> TreeSample {
    let mut seen = TreeSample::default();
    for pid in walk(root, deadline) {
        if Instant::now() >= deadline {
            break;
        }
        let dir = pid.to_string();
        seen.cpu_ticks += read(&dir, "stat")
            .and_then(|s| cpu_ticks_in(&s))
            .unwrap_or(0);
        if !exclude.contains(&pid) {
            let rss = read(&dir, "status").and_then(|s| status_kib_in(&s, "VmRSS:"));
            seen.rss_kib += rss.unwrap_or(0);
        }
    }
    seen
}

/// A process's anonymous resident memory (`RssAnon`), in KiB; 0 if it is gone.
pub fn anon_kib(pid: Pid) -> u64 {
    read(&pid.to_string(), "status")
        .and_then(|s| status_kib_in(&s, "RssAnon:"))
        .unwrap_or(0)
}

/// Whether `pid` is stopped (SIGSTOP), or gone: either way it runs no more.
pub fn is_stopped(pid: Pid) -> bool {
    read(&pid.to_string(), "stat")
        .and_then(|s| state_in(&s))
        .map_or(true, |state| matches!(state, 'T' | 't' | 'Z' | 'X'))
}

/// Whether `pid` has exited (a zombie not yet reaped, or gone).
pub fn exited(pid: Pid) -> bool {
    read(&pid.to_string(), "stat")
        .and_then(|s| state_in(&s))
        .map_or(true, |state| matches!(state, 'Z' | 'X'))
}

/// Whether a thread of `root`'s tree is running or waiting for a CPU (`R`), or in an uninterruptible wait
/// (`D`: reading its files from a busy disk): work the machine has not yet given it time for. A tree whose
/// threads all sleep (`S`: blocked on a pipe, in `sleep`) waits for nothing the machine owes it.
pub fn runnable(root: Pid) -> bool {
    walk(root, Instant::now() + LOOK).into_iter().any(|pid| {
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            return false;
        };
        tasks.flatten().any(|task| {
            fs::read_to_string(task.path().join("stat"))
                .ok()
                .and_then(|stat| state_in(&stat))
                .is_some_and(|state| matches!(state, 'R' | 'D'))
        })
    })
}

/// The longest any live thread of `root`'s tree has waited for a CPU over its life, in ms: the second
/// field of `/proc/<pid>/task/<tid>/schedstat` (ns spent runnable on a run queue, not running). The
/// longest, not the sum: threads wait side by side, and the wall time lost is at least the longest.
pub fn waited_ms(root: Pid) -> u64 {
    let threads: Vec<String> = walk(root, Instant::now() + LOOK)
        .into_iter()
        .filter_map(|pid| fs::read_dir(format!("/proc/{pid}/task")).ok())
        .flat_map(|tasks| tasks.flatten())
        .filter_map(|task| fs::read_to_string(task.path().join("schedstat")).ok())
        .collect();
    threads
        .iter()
        .filter_map(|s| waited_ns_in(s))
        .max()
        .unwrap_or(0)
        / 1_000_000
}

/// The judge's own thread `tid`'s wait for a CPU, in ms (see `waited_ms`).
pub fn own_thread_waited_ms(tid: Pid) -> u64 {
    fs::read_to_string(format!("/proc/self/task/{tid}/schedstat"))
        .ok()
        .and_then(|s| waited_ns_in(&s))
        .unwrap_or(0)
        / 1_000_000
}

/// The run-queue wait of a `schedstat` text: `<on cpu ns> <waiting ns> <timeslices>`.
pub fn waited_ns_in(schedstat: &str) -> Option<u64> {
    schedstat.split_whitespace().nth(1)?.parse().ok()
}

/// Whether the judge's own thread `tid` is running or waiting for a CPU (`R`, or `D`).
pub fn own_thread_runnable(tid: Pid) -> bool {
    fs::read_to_string(format!("/proc/self/task/{tid}/stat"))
        .ok()
        .and_then(|stat| state_in(&stat))
        .is_some_and(|state| matches!(state, 'R' | 'D'))
}

/// The state letter of a `/proc/<pid>/stat` text (`R`, `S`, `T` stopped, `Z` zombie, …): the first field
/// after the `)` that closes the command name.
pub fn state_in(stat: &str) -> Option<char> {
    stat[stat.rfind(')')? + 1..].trim_start().chars().next()
}

/// Every live descendant of `root` (not `root` itself), parents before children.
pub fn descendants(root: Pid) -> Vec<Pid> {
    let mut all = walk(root, Instant::now() + Duration::from_secs(3600));
    all.remove(0);
    all
}

/// `root` and its live descendants, found through `/proc/<pid>/task/<tid>/children`, as many as were found
/// by `deadline`.
fn walk(root: Pid, deadline: Instant) -> Vec<Pid> {
    let mut found = vec![root];
    let mut next = 0;
    while next < found.len() && found.len() < MAX_WALK && Instant::now() < deadline {
        let children = children(found[next]);
        found.extend(children);
        next += 1;
    }
    found.truncate(MAX_WALK);
    found
}

/// The children of every thread of `pid` (an orphan may be adopted by any thread).
pub fn children(pid: Pid) -> Vec<Pid> {
    let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| pids_in(&list))
        .collect()
}

fn read(dir: &str, file: &str) -> Option<String> {
    fs::read_to_string(format!("/proc/{dir}/{file}")).ok()
}

/// The pids of a `children` file: numbers separated by spaces.
pub fn pids_in(list: &str) -> Vec<Pid> {
    list.split_whitespace()
        .filter_map(|pid| pid.parse().ok())
        .collect()
}

/// utime + stime + cutime + cstime from the text of a `/proc/<pid>/stat` file: fields 14 to 17, counted
/// after the `)` that closes the command name (which may itself hold spaces and parentheses).
pub fn cpu_ticks_in(stat: &str) -> Option<u64> {
    let fields = stat[stat.rfind(')')? + 1..].split_whitespace().skip(11);
    fields.take(4).map(|field| field.parse::<u64>().ok()).sum()
}

/// A `kB` line from the text of a `/proc/<pid>/status` file, e.g. `VmRSS:`.
pub fn status_kib_in(status: &str, key: &str) -> Option<u64> {
    let line = status.lines().find(|line| line.starts_with(key))?;
    line[key.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_ticks_are_read_after_the_last_parenthesis() {
        // A command name may hold spaces and ')': count fields from the last ')'. utime 7, stime 5,
        // cutime 30, cstime 2 (the reaped children's).
        let stat = "4242 (a) b (c)) R 1 4242 4242 0 -1 4194304 90 0 0 0 7 5 30 2 20 0 1 0 99 1 1";
        assert_eq!(cpu_ticks_in(stat), Some(44));
        assert_eq!(cpu_ticks_in("4242 (truncated"), None);
        assert_eq!(state_in(stat), Some('R'));
        assert_eq!(state_in("7 (sleep) T 1 7"), Some('T'));
        assert_eq!(state_in("7 (x"), None);
    }

    #[test]
    fn the_wait_for_a_cpu_is_the_second_field_of_schedstat() {
        assert_eq!(waited_ns_in("1082310 25668030 2\n"), Some(25668030));
        assert_eq!(waited_ns_in("1082310"), None);
    }

    #[test]
    fn children_files_are_pids_separated_by_spaces() {
        assert_eq!(pids_in("4243 4250 "), vec![4243, 4250]);
        assert_eq!(pids_in(""), Vec::<Pid>::new());
    }

    #[test]
    fn status_lines_are_read_in_kib() {
        let status =
            "Name:\tsolution\nVmPeak:\t   10000 kB\nVmHWM:\t    1804 kB\nVmRSS:\t    1800 kB\n";
        assert_eq!(status_kib_in(status, "VmRSS:"), Some(1800));
        assert_eq!(status_kib_in(status, "VmSwap:"), None);
    }

    #[test]
    fn this_process_is_its_own_tree() {
        let me = std::process::id() as Pid;
        let seen = sample(me, &[], Instant::now() + Duration::from_secs(60));
        assert!(seen.rss_kib > 0);
        assert!(!descendants(me).contains(&me));
        // Past its deadline a sample looks no further.
        assert_eq!(sample(me, &[], Instant::now()), TreeSample::default());
        // This thread is running as it asks; a sleeping child is not.
        assert!(runnable(me));
        assert!(own_thread_runnable(crate::sys::thread_id()));
        let mut sleeper = std::process::Command::new("sleep")
            .arg("10")
            .spawn()
            .unwrap();
        let child = sleeper.id() as Pid;
        let asleep = (0..400).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(5));
            !runnable(child)
        });
        assert!(asleep, "sleep(1) never seen asleep");
        let _ = sleeper.kill();
        let _ = sleeper.wait();
    }
}
