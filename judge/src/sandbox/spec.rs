//! What the sandbox's helper process is told to set up, and its encoding as command-line arguments: the
//! helper is the judge's own binary started afresh (`judge --sandbox-helper …`), a single-threaded process
//! that may unshare namespaces, which the multi-threaded judge cannot. Pure, so the round trip is tested.

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

/// The first argument that makes the judge's binary act as the sandbox helper.
pub const HELPER_FLAG: &str = "--sandbox-helper";

/// A host path made visible, read-only, inside the sandbox. Nothing of the host is ever writable inside: a
/// run writes only to its own size-capped tmpfs folders (`/tmp`, an `OutDir`) and its pipes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bind {
    /// On the host.
    pub from: PathBuf,
    /// Inside the sandbox (absolute).
    pub to: PathBuf,
    /// Seen through a copy of the slot's own, not the host path itself: runs in other slots then share no
    /// inode of it, so no file lock (`flock`, `fcntl`) on it reaches from one run to another (a compiled
    /// program: two runs of it at once could otherwise signal each other). The sandbox resolves it.
    pub own_copy: bool,
}

impl Bind {
    /// `path` at the same place inside.
    pub fn read_only(path: impl Into<PathBuf>) -> Bind {
        let path = path.into();
        Bind {
            to: path.clone(),
            from: path,
            own_copy: false,
        }
    }

    /// `from` seen as `to` inside.
    pub fn at(from: impl Into<PathBuf>, to: impl Into<PathBuf>) -> Bind {
        Bind {
            from: from.into(),
            to: to.into(),
            own_copy: false,
        }
    }
}

/// A writable folder of the run's, capped in size: a fresh tmpfs at `inside`. When the run is over (every
/// process of it gone), init copies its regular files and folders (no links, devices, FIFOs or mount
/// points) into `host`, an empty folder the judge made and reads afterwards: a compiler's output, a
/// validator's feedback. The run never holds a host file it could grow, reserve or re-mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutDir {
    pub inside: PathBuf,
    pub host: PathBuf,
    pub mib: u64,
    /// A host folder whose files the tmpfs starts with (what a multi-pass validator's earlier pass left),
    /// copied in by init before the run and made the run's own.
    pub seed: Option<PathBuf>,
    /// Names in the folder that must be regular files where the run leaves them (a multi-pass validator's
    /// `nextpass.in`): anything else there fails the copy, naming it, where the copy would leave it out
    /// without a word and the judge take it for a file never written.
    pub files: Vec<String>,
}

/// Per-process rlimits of the program (the tree as a whole is watched from outside).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rlimits {
    pub cpu_seconds: u64,
    pub file_bytes: u64,
    /// `RLIMIT_DATA`; none for runtimes that reserve far more address space than they use (the JVM).
    pub data_bytes: Option<u64>,
    pub stack_bytes: u64,
    pub tasks: u64,
    pub files: u64,
}

/// Everything the helper needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spec {
    /// Namespaces and a fresh root; `false` only where the kernel refuses them (then said loudly).
    pub isolate: bool,
    /// An empty host folder the new root (a tmpfs) is mounted on, in the sandbox's own mount namespace.
    pub root: PathBuf,
    /// Read-only; `own_copy` already resolved.
    pub binds: Vec<Bind>,
    pub out_dir: Option<OutDir>,
    /// Set for a judge run as root: the host user and group the program becomes, in a user namespace of
    /// its own made last (the other namespaces are made by the real root, so no user namespace is needed
    /// to build the view). `None`: the judge's own user, mapped to root in the sandbox's user namespace.
    pub run_as: Option<(u32, u32)>,
    /// Size of the private writable `/tmp`.
    pub tmp_mib: u64,
    /// Working directory inside.
    pub cwd: PathBuf,
    pub env: Vec<(OsString, OsString)>,
    pub rlimits: Rlimits,
    /// A warm sandbox (`warm`): init builds everything once, then starts the program once per request
    /// on its report descriptor (a socket), each run with the argv and streams the request carries.
    pub warm: bool,
    /// The program and its arguments; the program by its absolute path inside.
    pub argv: Vec<OsString>,
}

impl Spec {
    /// The helper's arguments after `HELPER_FLAG`.
    pub fn to_args(&self) -> Vec<OsString> {
        let mut args: Vec<OsString> = Vec::new();
        let mut push = |parts: &[&OsStr]| args.extend(parts.iter().map(|p| p.to_os_string()));
        push(&[if self.isolate {
            "--isolate"
        } else {
            "--no-isolate"
        }
        .as_ref()]);
        if self.warm {
            push(&["--warm".as_ref()]);
        }
        push(&["--root".as_ref(), self.root.as_os_str()]);
        for bind in &self.binds {
            push(&["--ro".as_ref(), bind.from.as_os_str(), bind.to.as_os_str()]);
        }
        if let Some(out) = &self.out_dir {
            let mib = out.mib.to_string();
            let parts = [out.inside.as_os_str(), out.host.as_os_str(), mib.as_ref()];
            push(&[&["--out".as_ref()][..], &parts].concat());
            if let Some(seed) = &out.seed {
                push(&["--out-seed".as_ref(), seed.as_os_str()]);
            }
            for name in &out.files {
                push(&["--out-file".as_ref(), name.as_ref()]);
            }
        }
        if let Some((uid, gid)) = self.run_as {
            push(&[
                "--as".as_ref(),
                uid.to_string().as_ref(),
                gid.to_string().as_ref(),
            ]);
        }
        push(&["--cwd".as_ref(), self.cwd.as_os_str()]);
        for (key, value) in &self.env {
            push(&["--env".as_ref(), key, value]);
        }
        let r = &self.rlimits;
        let numbers = [
            ("--tmp-mib", Some(self.tmp_mib)),
            ("--cpu-seconds", Some(r.cpu_seconds)),
            ("--file-bytes", Some(r.file_bytes)),
            ("--data-bytes", r.data_bytes),
            ("--stack-bytes", Some(r.stack_bytes)),
            ("--tasks", Some(r.tasks)),
            ("--files", Some(r.files)),
        ];
        for (flag, value) in numbers {
            if let Some(value) = value {
                push(&[flag.as_ref(), value.to_string().as_ref()]);
            }
        }
        push(&["--".as_ref()]);
        args.extend(self.argv.iter().cloned());
        args
    }

    /// Reads what `to_args` wrote.
    pub fn from_args(args: &[OsString]) -> Result<Spec, String> {
        let mut spec = Spec::default();
        let mut rest = args.iter();
        let mut next = |flag: &str| {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        let number = |flag: &str, value: OsString| {
            value
                .to_str()
                .and_then(|v| v.parse::<u64>().ok())
                .ok_or_else(|| format!("{flag} needs a number"))
        };
        loop {
            let Ok(flag) = next("an argument") else {
                return Err("no `--` before the program".into());
            };
            let flag = flag.to_string_lossy().into_owned();
            match flag.as_str() {
                "--isolate" => spec.isolate = true,
                "--no-isolate" => spec.isolate = false,
                "--warm" => spec.warm = true,
                "--root" => spec.root = next(&flag)?.into(),
                "--cwd" => spec.cwd = next(&flag)?.into(),
                "--ro" => spec.binds.push(Bind::at(next(&flag)?, next(&flag)?)),
                "--out" => {
                    spec.out_dir = Some(OutDir {
                        inside: next(&flag)?.into(),
                        host: next(&flag)?.into(),
                        mib: number(&flag, next(&flag)?)?,
                        seed: None,
                        files: Vec::new(),
                    })
                }
                "--out-seed" | "--out-file" => {
                    let value = next(&flag)?;
                    let Some(out) = spec.out_dir.as_mut() else {
                        return Err(format!("{flag} before --out"));
                    };
                    match flag.as_str() {
                        "--out-seed" => out.seed = Some(value.into()),
                        _ => out.files.push(value.to_string_lossy().into_owned()),
                    }
                }
                "--as" => {
                    let uid = number(&flag, next(&flag)?)?;
                    let gid = number(&flag, next(&flag)?)?;
                    let id = |n: u64| u32::try_from(n).map_err(|_| format!("{flag}: {n} is no id"));
                    spec.run_as = Some((id(uid)?, id(gid)?));
                }
                "--env" => spec.env.push((next(&flag)?, next(&flag)?)),
                "--tmp-mib" => spec.tmp_mib = number(&flag, next(&flag)?)?,
                "--cpu-seconds" => spec.rlimits.cpu_seconds = number(&flag, next(&flag)?)?,
                "--file-bytes" => spec.rlimits.file_bytes = number(&flag, next(&flag)?)?,
                "--data-bytes" => spec.rlimits.data_bytes = Some(number(&flag, next(&flag)?)?),
                "--stack-bytes" => spec.rlimits.stack_bytes = number(&flag, next(&flag)?)?,
                "--tasks" => spec.rlimits.tasks = number(&flag, next(&flag)?)?,
                "--files" => spec.rlimits.files = number(&flag, next(&flag)?)?,
                "--" => break,
                other => return Err(format!("unknown helper argument `{other}`")),
            }
        }
        spec.argv = rest.cloned().collect();
        if spec.argv.is_empty() {
            return Err("no program after `--`".into());
        }
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_survives_its_arguments() {
        let spec = Spec {
            isolate: true,
            root: "/tmp/judge-1-x/worker-0/root".into(),
            binds: vec![Bind::read_only("/usr"), Bind::at("/a b/--ro", "/box")],
            out_dir: Some(OutDir {
                inside: "/box".into(),
                host: "/cache/x.tmp-1-0".into(),
                mib: 256,
                seed: Some("/slot/feedback-1".into()),
                files: vec!["nextpass.in".into()],
            }),
            run_as: Some((2_000_000_000, 2_000_000_000)),
            tmp_mib: 16,
            cwd: "/tmp".into(),
            env: vec![("PATH".into(), "/usr/bin:/bin".into())],
            rlimits: Rlimits {
                cpu_seconds: 3,
                file_bytes: 64 << 20,
                data_bytes: None,
                stack_bytes: 1 << 26,
                tasks: 256,
                files: 64,
            },
            warm: true,
            argv: vec!["/box/program".into(), "--".into(), "x".into()],
        };
        assert_eq!(Spec::from_args(&spec.to_args()), Ok(spec.clone()));
        let with_data = Spec {
            rlimits: Rlimits {
                data_bytes: Some(7),
                ..spec.rlimits.clone()
            },
            out_dir: None,
            run_as: None,
            warm: false,
            ..spec
        };
        assert_eq!(Spec::from_args(&with_data.to_args()), Ok(with_data));
    }

    #[test]
    fn bad_arguments_are_refused() {
        let args = |list: &[&str]| list.iter().map(OsString::from).collect::<Vec<_>>();
        assert!(Spec::from_args(&args(&["--root"])).is_err());
        assert!(Spec::from_args(&args(&["--tasks", "x", "--", "p"])).is_err());
        assert!(Spec::from_args(&args(&["--bogus", "--", "p"])).is_err());
        assert!(Spec::from_args(&args(&["--root", "/r", "--"])).is_err());
        assert!(Spec::from_args(&args(&["--root", "/r"])).is_err());
        assert!(Spec::from_args(&args(&["--as", "1", "4294967296", "--", "p"])).is_err());
    }
}
