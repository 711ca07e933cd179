//! The run's own file-system view. The sandbox's init builds it once inside its private mount namespace
//! (`enter`): a fresh tmpfs root holding only what the spec binds (always read-only), the harmless devices
//! (read-only binds: usable, but no mode or owner of theirs can change), the run's size-capped out folder,
//! the sandbox's `/proc`; then `pivot_root` into it and the old root detached, so no path inside leads to
//! the host's files (testdata, the judge, its cache, home). Each run's init then adds, in a mount namespace
//! of the run's own (`enter_run`): a small private `/tmp`, a `/proc` of the run's own PID namespace over
//! the sandbox's, read-only in `/proc/sys`, with the kernel's key lists masked. The run's mounts go with
//! its mount namespace: a warm sandbox's next run finds none of them, and the order and kinds of mounts a
//! run sees are the same in a cold sandbox and a warm one.

use super::spec::{Bind, OutDir, Spec};
use crate::sys::{self, mount_fs};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::{symlink, FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::os::unix::io::AsRawFd;
use std::path::{Component, Path, PathBuf};

/// Devices a program may open: sinks and sources of bytes, nothing that reaches hardware.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];
/// The most entries a copy of a folder takes (`collect`, a slot's own copy of an artifact).
const MAX_ENTRIES: usize = 10_000;
/// The deepest a copy of a folder goes.
const MAX_DEPTH: usize = 16;

/// What one thing placed in the view is: a read-only bind, or the run's writable out folder.
enum Place<'a> {
    Bind(&'a Bind),
    OutDir(&'a OutDir),
}

impl Place<'_> {
    fn to(&self) -> &Path {
        match self {
            Place::Bind(bind) => &bind.to,
            Place::OutDir(out) => &out.inside,
        }
    }
}

/// Builds the view at `spec.root` and makes it `/`. Runs in the sandbox's init, before the program starts.
/// Returns the host folder of the out dir, opened before the host's paths went out of sight.
pub fn enter(spec: &Spec) -> io::Result<Option<File>> {
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
    // Where something is placed below /tmp (a tool installed below the host's /tmp), the private /tmp comes
    // first and for good, so that it is bound on top of it, not hidden under it; else each run's own.
    if tmp_holds_places(spec) {
        mount_tmp(&root.join("tmp"), spec.tmp_mib).map_err(context("mounting /tmp".into()))?;
    }
    let host_out = match &spec.out_dir {
        Some(out) => Some(File::open(&out.host).map_err(context(out.host.display().to_string()))?),
        None => None,
    };
    let mut places: Vec<Place> = spec.binds.iter().map(Place::Bind).collect();
    places.extend(spec.out_dir.iter().map(Place::OutDir));
    // Parents before children: `/usr` before a bind below it, the out folder before the source bound in it.
    places.sort_by_key(|p| (p.to().components().count(), matches!(p, Place::Bind(_))));
    for place in places {
        match place {
            Place::Bind(bind) => place_bind(root, bind)
                .map_err(context(format!("binding {}", bind.from.display())))?,
            Place::OutDir(out) => mount_out_dir(root, out, spec.run_as)
                .map_err(context(format!("mounting {}", out.inside.display())))?,
        }
    }
    for device in DEVICES {
        let host = Path::new("/dev").join(device);
        let inside = root.join("dev").join(device);
        File::create(&inside)?;
        // Read-only: writing to /dev/null still works (a device's data is not the mount's), but no chmod
        // or chown of the host's device node does.
        mount_fs(Some(&host), &inside, None, sys::MS_BIND, None)
            .map_err(context(format!("binding {}", host.display())))?;
        let kept = locked_flags(sys::mount_flags(&host)?);
        let read_only = sys::MS_REMOUNT | sys::MS_BIND | sys::MS_RDONLY | sys::MS_NOSUID;
        mount_fs(None, &inside, None, read_only | sys::MS_NOEXEC | kept, None)
            .map_err(context(format!("making {} read-only", host.display())))?;
    }
    for (name, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        symlink(target, root.join("dev").join(name))?;
    }
    // A /proc of the sandbox's PID namespace, for init: each run's own is mounted over it. (It also makes
    // those possible: in a user namespace the kernel mounts a new /proc only where one is fully visible.)
    let proc_flags = flags | sys::MS_NOEXEC;
    mount_fs(None, &root.join("proc"), Some("proc"), proc_flags, None)
        .map_err(context("mounting /proc".into()))?;
    sys::pivot_root(root, &root.join(".old")).map_err(context("pivot_root".into()))?;
    std::env::set_current_dir("/")?;
    sys::detach_mount(Path::new("/.old")).map_err(context("detaching the old root".into()))?;
    fs::remove_dir("/.old")?;
    let read_only = sys::MS_REMOUNT | sys::MS_BIND | sys::MS_RDONLY | flags;
    mount_fs(None, Path::new("/"), None, read_only, None)
        .map_err(context("making / read-only".into()))?;
    Ok(host_out)
}

/// Whether the spec places anything (a bind, the out folder) below `/tmp`.
pub fn tmp_holds_places(spec: &Spec) -> bool {
    let below = |path: &Path| path.starts_with("/tmp");
    spec.binds.iter().any(|b| below(&b.to)) || spec.out_dir.iter().any(|o| below(&o.inside))
}

/// A fresh empty tmpfs of `mib` at `path`, anyone's to write in (sticky).
fn mount_tmp(path: &Path, mib: u64) -> io::Result<()> {
    let options = format!("size={}m,mode=1777", mib.max(1));
    mount_fs(
        None,
        path,
        Some("tmpfs"),
        sys::MS_NOSUID | sys::MS_NODEV,
        Some(&options),
    )
}

/// Kernel files of `/proc` that list what belongs to a user across namespaces: every key of the run's user
/// (its description, which may be any bytes) and the user's key quota. A judge run as a normal user gives
/// all its runs that one user: runs at the same time would see each other's keys there. Masked with
/// `/dev/null`, as container runtimes mask them.
const MASKED: [&str; 2] = ["/proc/keys", "/proc/key-users"];

/// The run's own part of the view, made by its init (PID 1 of the run's PID namespace) in a mount
/// namespace of the run's own, a copy of the sandbox's that goes with the run: a fresh `/tmp` (unless the
/// sandbox's holds binds), a `/proc` of the run's PID namespace over the sandbox's (the run sees its own
/// processes only, its init as PID 1), `/proc/sys` read-only, the key lists masked.
pub fn enter_run(spec: &Spec) -> io::Result<()> {
    let context =
        |what: &'static str| move |e: io::Error| io::Error::new(e.kind(), format!("{what}: {e}"));
    sys::unshare_namespaces(sys::CLONE_NEWNS).map_err(context("a mount namespace"))?;
    if !tmp_holds_places(spec) {
        mount_tmp(Path::new("/tmp"), spec.tmp_mib).map_err(context("mounting /tmp"))?;
    }
    let proc_flags = sys::MS_NOSUID | sys::MS_NODEV | sys::MS_NOEXEC;
    mount_fs(None, Path::new("/proc"), Some("proc"), proc_flags, None)
        .map_err(context("mounting /proc"))?;
    seal_proc_sys().map_err(context("making /proc/sys read-only"))?;
    for file in MASKED {
        // Absent where the kernel has no keys: nothing to mask.
        if fs::symlink_metadata(file).is_ok() {
            // A bind of the view's read-only /dev/null is read-only too.
            mount_fs(
                Some(Path::new("/dev/null")),
                Path::new(file),
                None,
                sys::MS_BIND,
                None,
            )
            .map_err(context("masking the key lists"))?;
        }
    }
    Ok(())
}

/// Makes `/proc/sys` read-only (a read-only bind of itself): no kernel setting of the host, nor of the
/// run's own namespaces, can be changed from inside, whoever the run is. After init has set the knobs.
fn seal_proc_sys() -> io::Result<()> {
    let sys_dir = Path::new("/proc/sys");
    mount_fs(
        Some(sys_dir),
        sys_dir,
        None,
        sys::MS_BIND | sys::MS_REC,
        None,
    )?;
    let kept = locked_flags(sys::mount_flags(sys_dir)?);
    let flags = sys::MS_REMOUNT | sys::MS_BIND | sys::MS_RDONLY | sys::MS_NOSUID | sys::MS_NODEV;
    mount_fs(None, sys_dir, None, flags | sys::MS_NOEXEC | kept, None)
}

/// Mounts one bind below `root`: a symlink is copied as a symlink (`/bin -> usr/bin`), anything else is
/// bind-mounted on a mount point made for it, then remounted read-only.
fn place_bind(root: &Path, bind: &Bind) -> io::Result<()> {
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
    // A bind remount inside a user namespace must keep the flags the kernel locked on the original mount.
    let kept = locked_flags(sys::mount_flags(&bind.from)?);
    let flags = sys::MS_REMOUNT | sys::MS_BIND | sys::MS_RDONLY | sys::MS_NOSUID | sys::MS_NODEV;
    mount_fs(None, &target, None, flags | kept, None)
}

/// The run's out folder: a tmpfs of `out.mib` (and a bounded number of files), owned by the program.
fn mount_out_dir(root: &Path, out: &OutDir, run_as: Option<(u32, u32)>) -> io::Result<()> {
    let target = root.join(relative(&out.inside));
    fs::create_dir_all(&target)?;
    let mut options = format!(
        "size={}m,nr_inodes={},mode=0755",
        out.mib.max(1),
        MAX_ENTRIES
    );
    // A root judge's program is another user: the folder is made its own.
    if let Some((uid, gid)) = run_as {
        options += &format!(",uid={uid},gid={gid}");
    }
    mount_fs(
        None,
        &target,
        Some("tmpfs"),
        sys::MS_NOSUID | sys::MS_NODEV,
        Some(&options),
    )?;
    if let Some(seed) = &out.seed {
        // What init copied out of an earlier run (regular files and folders only), copied back in before
        // this one, and made the program's user's (a root judge's run is not init's user).
        copy_tree(seed, &target, None, 0, &mut Budget::of_mib(out.mib))?;
        if let Some((uid, gid)) = run_as {
            own_tree(&target, uid, gid)?;
        }
    }
    Ok(())
}

/// Gives `dir` and everything in it (folders and regular files, as `copy_tree` makes them) to `uid:gid`.
fn own_tree(dir: &Path, uid: u32, gid: u32) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        sys::change_owner(&path, uid, gid)?;
        if fs::symlink_metadata(&path)?.is_dir() {
            own_tree(&path, uid, gid)?;
        }
    }
    Ok(())
}

/// What a copy of a folder may still take: entries (past them the rest is left out) and bytes (past them
/// the copy fails).
pub struct Budget {
    entries: usize,
    bytes: u64,
}

impl Budget {
    /// `MAX_ENTRIES` entries and the bytes of a folder of `mib`: a tmpfs of that size holds no more data,
    /// so a copy that would write more is writing holes (sparse files) or one file many times (hard
    /// links), and on the host those are real bytes.
    pub fn of_mib(mib: u64) -> Budget {
        Budget {
            entries: MAX_ENTRIES,
            bytes: mib.max(1).saturating_mul(1 << 20),
        }
    }

    /// No byte limit: a copy of the judge's own files (an artifact, already bounded when collected).
    pub fn unbounded() -> Budget {
        Budget {
            entries: MAX_ENTRIES,
            bytes: u64::MAX,
        }
    }
}

/// Copies what the run left in its out folder (`inside`, a tmpfs of `mib`, seen from init once every
/// process of the run is gone) into the host folder `host`: regular files and folders only, no links,
/// devices, FIFOs or what is mounted in it (the source a compiler reads), at most `MAX_ENTRIES` entries,
/// `MAX_DEPTH` levels, and no more bytes than the tmpfs could hold. One of `out.files` that is there but
/// not a regular file fails the copy (looked at, never followed or opened: a FIFO would block).
pub fn collect(out: &OutDir, host: &File) -> io::Result<()> {
    let inside = &out.inside;
    for name in &out.files {
        let path = inside.join(relative(Path::new(name)));
        let Ok(kind) = fs::symlink_metadata(&path).map(|m| m.file_type()) else {
            continue;
        };
        let what = match () {
            _ if kind.is_file() => continue,
            _ if kind.is_symlink() => "a symbolic link",
            _ if kind.is_fifo() => "a FIFO",
            _ if kind.is_dir() => "a folder",
            _ => "a device or a socket",
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: {what}, not a regular file", path.display()),
        ));
    }
    let device = fs::metadata(inside)?.dev();
    // The host folder is out of sight since the pivot; its descriptor still leads there.
    let target = PathBuf::from(format!("/proc/self/fd/{}", host.as_raw_fd()));
    copy_tree(
        inside,
        &target,
        Some(device),
        0,
        &mut Budget::of_mib(out.mib),
    )
}

/// Copies the folder `from` into the existing folder `to` (see `collect`); with `device`, only what lies on
/// that file system. Modes are 0755 for folders and executables, 0644 for the rest, whatever the umask or
/// the originals said: what a root judge copies must stay readable by its runs' own user. A copy that would
/// write more bytes than `budget` allows fails, naming the file.
pub fn copy_tree(
    from: &Path,
    to: &Path,
    device: Option<u64>,
    depth: usize,
    budget: &mut Budget,
) -> io::Result<()> {
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let metadata = entry.metadata()?;
        if device.is_some_and(|d| d != metadata.dev()) {
            continue;
        }
        if budget.entries == 0 {
            return Ok(());
        }
        budget.entries -= 1;
        let destination = to.join(entry.file_name());
        if metadata.is_dir() && depth < MAX_DEPTH {
            fs::create_dir(&destination)?;
            fs::set_permissions(&destination, fs::Permissions::from_mode(0o755))?;
            copy_tree(&entry.path(), &destination, device, depth + 1, budget)?;
        } else if metadata.is_file() {
            let Some(left) = budget.bytes.checked_sub(metadata.len()) else {
                return Err(io::Error::new(
                    io::ErrorKind::Other,
                    format!(
                        "{}: more bytes than the folder's size holds (sparse files or hard links)",
                        entry.path().display()
                    ),
                ));
            };
            budget.bytes = left;
            const O_NOFOLLOW: i32 = 0o400_000;
            let mut source = OpenOptions::new()
                .read(true)
                .custom_flags(O_NOFOLLOW)
                .open(entry.path())?;
            let mut copy = OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&destination)?;
            io::copy(&mut (&mut source).take(metadata.len()), &mut copy)?;
            let mode = if metadata.mode() & 0o111 != 0 {
                0o755
            } else {
                0o644
            };
            copy.set_permissions(fs::Permissions::from_mode(mode))?;
        }
    }
    Ok(())
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

    #[test]
    fn a_copy_takes_files_and_folders_with_fixed_modes_and_no_links() {
        let dir = std::env::temp_dir().join(format!("judge-view-copy-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let (from, to) = (dir.join("from"), dir.join("to"));
        fs::create_dir_all(from.join("pkg")).unwrap();
        fs::create_dir_all(&to).unwrap();
        fs::write(from.join("program"), "x").unwrap();
        fs::set_permissions(from.join("program"), fs::Permissions::from_mode(0o700)).unwrap();
        fs::write(from.join("pkg/Main.class"), "y").unwrap();
        fs::set_permissions(
            from.join("pkg/Main.class"),
            fs::Permissions::from_mode(0o600),
        )
        .unwrap();
        symlink("/etc/passwd", from.join("link")).unwrap();
        copy_tree(&from, &to, None, 0, &mut Budget::of_mib(1)).unwrap();
        let mode = |p: &str| fs::metadata(to.join(p)).unwrap().mode() & 0o777;
        assert_eq!(
            (mode("program"), mode("pkg"), mode("pkg/Main.class")),
            (0o755, 0o755, 0o644)
        );
        assert_eq!(fs::read_to_string(to.join("pkg/Main.class")).unwrap(), "y");
        assert!(fs::symlink_metadata(to.join("link")).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
