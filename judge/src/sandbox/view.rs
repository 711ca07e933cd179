//! The run's own file-system view, built by the sandbox's init inside its private mount namespace: a fresh
//! tmpfs root holding only what the spec binds (read-only unless said otherwise), the harmless devices, a
//! small private `/tmp`, a `/proc` of the run's own PID namespace; then `pivot_root` into it and the old
//! root detached, so no path inside leads to the host's files (testdata, the judge, its cache, home).

use super::spec::{Bind, Spec};
use crate::sys::{self, mount_fs};
use std::fs::{self, File};
use std::io;
use std::os::unix::fs::symlink;
use std::path::{Component, Path, PathBuf};

/// Devices a program may open: sinks and sources of bytes, nothing that reaches hardware.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// Builds the view at `spec.root` and makes it `/`. Runs in the sandbox's init, before the program starts.
pub fn enter(spec: &Spec) -> io::Result<()> {
    let root = spec.root.as_path();
    let context =
        |what: String| move |e: io::Error| io::Error::new(e.kind(), format!("{what}: {e}"));
    // Nothing mounted from here on may propagate back to the host's mount namespace.
    mount_fs(
        None,
        Path::new("/"),
        None,
        sys::MS_REC | sys::MS_PRIVATE,
        None,
    )
    .map_err(context("making the mounts private".into()))?;
    // The root holds only mount points and a few links: a tiny tmpfs, made read-only at the end.
    let flags = sys::MS_NOSUID | sys::MS_NODEV;
    mount_fs(None, root, Some("tmpfs"), flags, Some("size=1m,mode=0755"))
        .map_err(context(format!("mounting a tmpfs on {}", root.display())))?;
    for dir in ["dev", "proc", "tmp", ".old"] {
        fs::create_dir(root.join(dir))?;
    }
    // The private /tmp first: a tool installed below the host's /tmp is then bound on top of it, not
    // hidden under it.
    let tmp = format!("size={}m,mode=1777", spec.tmp_mib.max(1));
    mount_fs(None, &root.join("tmp"), Some("tmpfs"), flags, Some(&tmp))
        .map_err(context("mounting /tmp".into()))?;
    let mut binds: Vec<&Bind> = spec.binds.iter().collect();
    // Parents before children: `/usr` must be in place before a bind below it.
    binds.sort_by_key(|b| b.to.components().count());
    for bind in binds {
        place(root, bind).map_err(context(format!("binding {}", bind.from.display())))?;
    }
    for device in DEVICES {
        let host = Path::new("/dev").join(device);
        let inside = root.join("dev").join(device);
        File::create(&inside)?;
        // Read-write (writing to /dev/null is normal); the host's /dev mount flags stay as they are.
        mount_fs(Some(&host), &inside, None, sys::MS_BIND, None)
            .map_err(context(format!("binding {}", host.display())))?;
    }
    for (name, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        symlink(target, root.join("dev").join(name))?;
    }
    // A /proc of the new PID namespace: the run sees its own processes only.
    let proc_flags = flags | sys::MS_NOEXEC;
    mount_fs(None, &root.join("proc"), Some("proc"), proc_flags, None)
        .map_err(context("mounting /proc".into()))?;
    sys::pivot_root(root, &root.join(".old")).map_err(context("pivot_root".into()))?;
    std::env::set_current_dir("/")?;
    sys::detach_mount(Path::new("/.old")).map_err(context("detaching the old root".into()))?;
    fs::remove_dir("/.old")?;
    let read_only = sys::MS_REMOUNT | sys::MS_BIND | sys::MS_RDONLY | flags;
    mount_fs(None, Path::new("/"), None, read_only, None)
        .map_err(context("making / read-only".into()))
}

/// Mounts one bind below `root`: a symlink is copied as a symlink (`/bin -> usr/bin`), anything else is
/// bind-mounted on a mount point made for it, then remounted read-only unless writable.
fn place(root: &Path, bind: &Bind) -> io::Result<()> {
    let target = root.join(relative(&bind.to));
    let metadata = fs::symlink_metadata(&bind.from)?;
    if let Some(parent) = target.parent() {
        fs::create_dir_all(parent)?;
    }
    if metadata.file_type().is_symlink() {
        if fs::symlink_metadata(&target).is_err() {
            symlink(fs::read_link(&bind.from)?, &target)?;
        }
        return Ok(());
    }
    if fs::symlink_metadata(&target).is_err() {
        if metadata.is_dir() {
            fs::create_dir(&target)?;
        } else {
            File::create(&target)?;
        }
    }
    mount_fs(
        Some(&bind.from),
        &target,
        None,
        sys::MS_BIND | sys::MS_REC,
        None,
    )?;
    if bind.writable {
        return Ok(());
    }
    // A bind remount inside a user namespace must keep the flags the kernel locked on the original mount.
    let kept = locked_flags(sys::mount_flags(&bind.from)?);
    let flags = sys::MS_REMOUNT | sys::MS_BIND | sys::MS_RDONLY | sys::MS_NOSUID | sys::MS_NODEV;
    mount_fs(None, &target, None, flags | kept, None)
}

/// The mount flags (MS_*) matching a statvfs `f_flag` (ST_*) that a remount must keep: noexec and the
/// atime mode (nosuid and nodev are always set here).
fn locked_flags(statvfs_flags: std::os::raw::c_ulong) -> std::os::raw::c_ulong {
    const ST_NOEXEC: std::os::raw::c_ulong = 8;
    const ST_NOATIME: std::os::raw::c_ulong = 1024;
    const ST_NODIRATIME: std::os::raw::c_ulong = 2048;
    const ST_RELATIME: std::os::raw::c_ulong = 4096;
    let pairs = [
        (ST_NOEXEC, sys::MS_NOEXEC),
        (ST_NOATIME, sys::MS_NOATIME),
        (ST_NODIRATIME, sys::MS_NODIRATIME),
        (ST_RELATIME, sys::MS_RELATIME),
    ];
    pairs
        .iter()
        .filter(|(st, _)| statvfs_flags & st != 0)
        .fold(0, |flags, (_, ms)| flags | ms)
}

/// `/usr/lib` → `usr/lib`; `..` and `.` parts are dropped, so a bind can never point outside the root.
fn relative(path: &Path) -> PathBuf {
    path.components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_paths_stay_inside_the_root() {
        assert_eq!(relative(Path::new("/usr/lib")), PathBuf::from("usr/lib"));
        assert_eq!(relative(Path::new("/../../etc")), PathBuf::from("etc"));
        assert_eq!(relative(Path::new("box/./a")), PathBuf::from("box/a"));
    }

    #[test]
    fn remounts_keep_noexec_and_the_atime_mode() {
        assert_eq!(locked_flags(0), 0);
        assert_eq!(locked_flags(4096 | 2), sys::MS_RELATIME);
        assert_eq!(locked_flags(8 | 1024), sys::MS_NOEXEC | sys::MS_NOATIME);
    }
}
