//! Exact accounting where the machine offers it: a run's own cgroups (v1 `cpuacct`, `memory`, `pids`, as a
//! root judge finds them under /sys/fs/cgroup). The kernel then counts every process the run ever had —
//! CPU of children it reaps itself (SIGCHLD ignored, which leaves no trace in anyone's rusage), shared
//! memory and memfd pages (resident in no process), and caps the run's tasks on the host's side. Where the
//! cgroups cannot be made (an unprivileged judge), the watchdog's /proc sampling is all there is.
//!
//! Beside them, where the v2 hierarchy is mounted too (a hybrid machine's `unified`) and the kernel has
//! PSI, a v2 cgroup of the run for its `cpu.pressure`: how long some task of the run waited for a CPU,
//! every task it ever had counted (threads and children gone by the wall clock included), which is how
//! the watchdog tells a run the machine starved from one that slept (`Killer::waited_ms`). The one of the
//! slot beside a worker's own (its interactor's) is made inside the own one's (`Cgroups::within`): a
//! cgroup's pressure counts the tasks below it too, so the own one's says how long some task of the
//! submission *or* of its interactor waited, each moment once.

use std::ffi::CString;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Where v1 controllers are mounted.
const ROOT: &str = "/sys/fs/cgroup";

/// A slot's cgroups, one run at a time; removed when dropped (its runs' processes are gone by then).
pub struct Cgroups {
    cpu: PathBuf,
    memory: PathBuf,
    pids: PathBuf,
    /// The run's v2 cgroup, for its `cpu.pressure`; empty where there is none (no v2 mount, no PSI).
    pressure: PathBuf,
    /// The pressure file's stall total when the current run started, in µs: earlier runs' stalls.
    base_stall_us: AtomicU64,
    /// What earlier runs left charged (kernel objects such as cached dentries): not the current run's.
    base_memory_kib: AtomicU64,
    /// The cgroups whose pressure cgroup this one's is inside, kept until this one is removed (a cgroup
    /// with a child cannot be).
    outer: Option<Arc<Cgroups>>,
}

impl Cgroups {
    /// New cgroups for a slot; `None` where they cannot be made here (no v1 hierarchy, no permission).
    pub fn create() -> Option<Cgroups> {
        Cgroups::make(None)
    }

    /// New cgroups for the slot beside `outer`'s (its interactor's), their pressure cgroup inside
    /// `outer`'s: `outer.stalled_ms()` then counts both runs' waits, each moment once.
    pub fn within(outer: &Arc<Cgroups>) -> Option<Cgroups> {
        Cgroups::make(Some(outer.clone()))
    }

    /// Whether `inner`'s pressure cgroup is inside this one's (its waits are in this one's `stalled_ms`).
    pub fn holds(&self, inner: &Cgroups) -> bool {
        self.has_pressure()
            && inner.has_pressure()
            && inner
                .outer
                .as_ref()
                .is_some_and(|outer| std::ptr::eq(Arc::as_ptr(outer), self))
    }

    fn make(outer: Option<Arc<Cgroups>>) -> Option<Cgroups> {
        // For measuring what the cgroups cost, and for machines where they misbehave.
        if std::env::var_os("JUDGE_NO_CGROUPS").is_some_and(|v| !v.is_empty()) {
            return None;
        }
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "judge-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let make = |controller: &str| {
            let dir = Path::new(ROOT).join(controller).join(&name);
            fs::create_dir(&dir).ok().map(|()| dir)
        };
        let cpu = make("cpuacct")?;
        let cgroups = Cgroups {
            memory: make("memory").unwrap_or_default(),
            pids: make("pids").unwrap_or_default(),
            cpu,
            // A hybrid machine's v2 hierarchy: a cgroup there has pressure files without any controller.
            pressure: match &outer {
                Some(outer) if outer.has_pressure() => {
                    let dir = outer.pressure.join(&name);
                    fs::create_dir(&dir).ok().map(|()| dir)
                }
                Some(_) => None,
                None => make("unified"),
            }
            .map_or_else(PathBuf::new, |dir| match stall_us_at(&dir) {
                Some(_) => dir,
                None => {
                    let _ = fs::remove_dir(&dir); // no PSI in this kernel
                    PathBuf::new()
                }
            }),
            base_stall_us: AtomicU64::new(0),
            base_memory_kib: AtomicU64::new(0),
            outer,
        };
        if cgroups.memory.as_os_str().is_empty() || cgroups.pids.as_os_str().is_empty() {
            return None; // dropped: the ones made are removed
        }
        Some(cgroups)
    }

    /// Readies the cgroups for the next run (the last one's processes are all gone): its CPU count from
    /// zero, what is still charged noted as not the run's, at most `tasks` processes and threads.
    pub fn start_run(&self, tasks: u64) -> std::io::Result<()> {
        fs::write(self.cpu.join("cpuacct.usage"), "0")?;
        fs::write(self.pids.join("pids.max"), tasks.to_string())?;
        self.base_memory_kib
            .store(self.charged_kib().unwrap_or(0), Ordering::SeqCst);
        self.base_stall_us
            .store(self.stall_us().unwrap_or(0), Ordering::SeqCst);
        Ok(())
    }

    /// Whether `stalled_ms` has a pressure file to read (reading it is a measurement: see `stalled_ms`).
    pub fn has_pressure(&self) -> bool {
        !self.pressure.as_os_str().is_empty()
    }

    /// How long, in ms, some task of the current run (or of the one beside it, in cgroups `within` these)
    /// was runnable but had no CPU: PSI's `some` total of the run's v2 cgroup, counted by the kernel for
    /// every task the run ever had. `None` without one.
    /// Each read closes one of the kernel's accounting windows: read it seldom (`STALL_READ_GAP`).
    pub fn stalled_ms(&self) -> Option<u64> {
        let base = self.base_stall_us.load(Ordering::SeqCst);
        Some(self.stall_us()?.saturating_sub(base) / 1000)
    }

    fn stall_us(&self) -> Option<u64> {
        if self.pressure.as_os_str().is_empty() {
            return None;
        }
        stall_us_at(&self.pressure)
    }

    /// The `cgroup.procs` files a child writes `0` into to join (see `sys::write_existing`).
    pub fn join_files(&self) -> Vec<CString> {
        [&self.cpu, &self.memory, &self.pids, &self.pressure]
            .iter()
            .filter(|dir| !dir.as_os_str().is_empty())
            .filter_map(|dir| CString::new(dir.join("cgroup.procs").as_os_str().as_bytes()).ok())
            .collect()
    }

    /// CPU time of every process that was ever in the run, in ms.
    pub fn cpu_ms(&self) -> Option<u64> {
        let ns: u64 = fs::read_to_string(self.cpu.join("cpuacct.usage"))
            .ok()?
            .trim()
            .parse()
            .ok()?;
        Some(ns / 1_000_000)
    }

    /// Memory charged to the run now, in KiB: anonymous and shared pages (heap, stacks, tmpfs and memfd
    /// pages) and the kernel's memory for it (socket buffers, page tables).
    pub fn memory_kib(&self) -> Option<u64> {
        let base = self.base_memory_kib.load(Ordering::SeqCst);
        Some(self.charged_kib()?.saturating_sub(base))
    }

    fn charged_kib(&self) -> Option<u64> {
        let stat = fs::read_to_string(self.memory.join("memory.stat")).ok()?;
        let kernel: u64 = fs::read_to_string(self.memory.join("memory.kmem.usage_in_bytes"))
            .ok()
            .and_then(|text| text.trim().parse().ok())
            .unwrap_or(0);
        Some((anon_and_shared_bytes(&stat)? + kernel) / 1024)
    }
}

impl Drop for Cgroups {
    fn drop(&mut self) {
        for dir in [&self.cpu, &self.memory, &self.pids, &self.pressure] {
            if !dir.as_os_str().is_empty() {
                // Empty once its processes are reaped; a moment later if the kernel is still at it.
                for _ in 0..50 {
                    if fs::remove_dir(dir).is_ok() || !dir.exists() {
                        break;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
            }
        }
    }
}

/// Removes the cgroups of judges that are gone (killed, or ended by a signal with no time to clean up).
pub fn remove_stale() {
    for controller in ["cpuacct", "memory", "pids", "unified"] {
        let Ok(entries) = fs::read_dir(Path::new(ROOT).join(controller)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let owner = name
                .to_str()
                .and_then(|n| n.strip_prefix("judge-"))
                .and_then(|rest| rest.split_once('-'))
                .and_then(|(pid, _)| pid.parse::<u32>().ok());
            if owner.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
                // A pressure cgroup inside it (`Cgroups::within`) first: a cgroup with a child stays.
                for inner in fs::read_dir(entry.path()).into_iter().flatten().flatten() {
                    if inner.file_type().is_ok_and(|t| t.is_dir()) {
                        let _ = fs::remove_dir(inner.path());
                    }
                }
                let _ = fs::remove_dir(entry.path());
            }
        }
    }
}

fn stall_us_at(dir: &Path) -> Option<u64> {
    stall_us_in(&fs::read_to_string(dir.join("cpu.pressure")).ok()?)
}

/// The `some` line's `total=` (µs) of a `cpu.pressure` text: `some avg10=0.00 … total=324305`.
fn stall_us_in(pressure: &str) -> Option<u64> {
    let some = pressure.lines().find(|line| line.starts_with("some "))?;
    some.split_whitespace()
        .find_map(|word| word.strip_prefix("total="))?
        .parse()
        .ok()
}

/// `rss` + `shmem` of a v1 `memory.stat` (the group's own figures, not the `total_` ones of a hierarchy).
fn anon_and_shared_bytes(stat: &str) -> Option<u64> {
    let field = |name: &str| {
        stat.lines().find_map(|line| {
            line.strip_prefix(name)?
                .strip_prefix(' ')?
                .trim()
                .parse::<u64>()
                .ok()
        })
    };
    Some(field("rss")? + field("shmem").unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_stat_gives_anonymous_plus_shared() {
        let stat =
            "cache 4096\nrss 1048576\nrss_huge 0\nshmem 2097152\nmapped_file 0\ntotal_rss 9\n";
        assert_eq!(anon_and_shared_bytes(stat), Some(3 << 20));
        assert_eq!(anon_and_shared_bytes("cache 1\n"), None);
    }

    #[test]
    fn cpu_pressure_gives_the_some_stall_total() {
        let pressure = "some avg10=20.80 avg60=6.05 avg300=8.93 total=36470510056\n\
                        full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
        assert_eq!(stall_us_in(pressure), Some(36_470_510_056));
        assert_eq!(stall_us_in("full avg10=0.00 total=5\n"), None);
        assert_eq!(stall_us_in(""), None);
    }
}
