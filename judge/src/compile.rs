//! Compiles a source file in any language of the table exactly as an online judge does, in a sandbox, and
//! caches the result.
//!
//! The compiler runs like any program: sandboxed, its messages drained and capped, its working folder an
//! empty `/tmp` (so nothing beside the source, such as a `py_compile.py` Python would import first, is
//! there to run). It writes into `/box`, a tmpfs of at most `artifact_mib()` that init copies out when it
//! is done: no compile leaves more than that behind, however much it writes.
//!
//! The cache: `<cache_dir>/<key>/` holds the source and whatever the compiler made; `key` is an FNV-1a hash
//! of the language's commands, its toolchain's version, the file name and the source bytes, so a changed
//! source or a new compiler compiles afresh and an unchanged one costs nothing. Each compile works in its
//! own temporary folder and `rename`s it into place: parallel judges sharing a cache never see a half-made
//! artifact. The cache holds at most `cache_mib()`: past it the least recently used artifacts go, except
//! those a judge is using (each holds a shared `flock` on the artifacts it uses). The cache is never visible
//! to a run: it sees its slot's own copy of its artifact, read-only, as `/box`.

use crate::checker::notes::visible;
use crate::glob;
use crate::lang::{self, Language, Languages, Values};
use crate::sandbox::{self, Bind, Exit, Limits, OutDir, Program, Slot, Stop, Streams, BASE_BINDS};
use crate::source::Source;
use crate::sys::{self, Lock};
use std::collections::HashMap;
use std::ffi::OsString;
use std::fs::{self, File};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Where an artifact appears inside the sandbox, for the compiler and for every run.
pub const BOX: &str = "/box";
/// A compile may take this long (CPU and wall): rustc on a 300-line file takes a few seconds.
pub const COMPILE_SECONDS: u64 = 120;
/// A compile may use this much memory: `include_bytes!("/dev/zero")` stops here, not in a swap storm.
pub const COMPILE_MEMORY_MIB: u64 = 2048;
/// How many lines of the compiler's message a CE keeps, from its first `error` line.
const ERROR_LINES: usize = 20;
/// How much of one such line a CE keeps (a template error can be a megabyte on one line).
const ERROR_LINE_CHARS: usize = 300;
/// How much of the compiler's stdout and of its stderr the judge keeps to find its first error in.
const MESSAGE_BYTES: usize = 64 << 10;
/// A compiler writing more messages than this is stopped (a CE).
const MESSAGE_CAP_BYTES: u64 = 64 << 20;
/// Default cap on what one compile leaves in the cache (`JUDGE_ARTIFACT_MIB`).
const ARTIFACT_MIB: u64 = 256;
/// Default cap on the whole cache (`JUDGE_CACHE_MIB`).
const CACHE_MIB: u64 = 1024;
/// An artifact's folder is its judge's user's alone (see `build`).
const ARTIFACT_MODE: u32 = 0o700;

/// The result of compiling one source file.
#[derive(Clone, Debug)]
pub enum Compiled {
    Ready(Artifact),
    /// A compile error: the compiler's first error lines, for the CE verdict's report.
    Error(String),
}

/// A compiled (or, for a script, checked) source: a folder in the cache, and how to run it.
#[derive(Clone, Debug)]
pub struct Artifact {
    /// The cache folder; each run sees its slot's own copy of it as `/box`.
    pub dir: PathBuf,
    /// The entry file (a single-file program's only file).
    pub file_name: String,
    /// `{stem}` in the run command: the entry file's stem, or, where the compile made JVM classes and none
    /// is named so, the class that has `main` (a Java file may hold a non-public `class Main` under any
    /// name, as DOMjudge and Kattis accept).
    pub stem: String,
    /// Every source file of the program in its language, relative to its folder (`{files}`).
    pub files: Vec<String>,
    pub toolchain: Arc<Toolchain>,
    /// The folder, open with a shared lock while any clone lives: no judge evicts it meanwhile.
    _in_use: Option<Arc<File>>,
}

/// A language's tools as found on this machine.
#[derive(Debug)]
pub struct Toolchain {
    pub language: Language,
    /// What `home` printed.
    pub home: String,
    /// Host paths the tools need, read-only.
    pub binds: Vec<Bind>,
    /// What `version` printed: part of the cache key.
    pub version: String,
    /// Folders put first on PATH inside the sandbox (the format's build/run scripts: the toolchains' `bin`).
    pub path: Vec<String>,
}

impl Toolchain {
    /// `program`'s PATH with this toolchain's folders first.
    fn set_path(&self, program: &mut Program) {
        if self.path.is_empty() {
            return;
        }
        for (key, value) in &mut program.env {
            if key == "PATH" {
                let mut path = self.path.join(":");
                path.push(':');
                path.push_str(&value.to_string_lossy());
                *value = path.into();
            }
        }
    }
}

impl Artifact {
    /// The program that runs this artifact, with `args` after the language's run command and `binds` more
    /// visible paths (a checker's files).
    pub fn program(&self, memory_mb: u64, args: &[OsString], binds: &[Bind]) -> Program {
        let values = self.values(memory_mb);
        let mut argv: Vec<OsString> = lang::fill(&self.toolchain.language.run, &values)
            .into_iter()
            .map(OsString::from)
            .collect();
        argv[0] = resolved(&argv[0].to_string_lossy()).into();
        argv.extend(args.iter().cloned());
        let mut all = self.toolchain.binds.clone();
        // The slot's own copy: two runs at once never share an inode of it (locks on it cannot pass).
        all.push(Bind {
            own_copy: true,
            ..Bind::at(&self.dir, BOX)
        });
        all.extend(binds.iter().cloned());
        let mut program = Program::new(argv, all);
        program.data_cap = self.toolchain.language.data_cap;
        self.toolchain.set_path(&mut program);
        program
    }

    /// A submission's run: the program in its own folder, the format's working directory (its files and
    /// binaries, read-only), or in its scratch `/tmp` where the problem allows file writing.
    pub fn submission(&self, memory_mb: u64, allow_file_writing: bool) -> Program {
        let mut program = self.program(memory_mb, &[], &[]);
        if !allow_file_writing {
            program.cwd = BOX.into();
        }
        program
    }

    fn values(&self, memory_mb: u64) -> Values {
        let stem = self.stem.clone();
        Values {
            src: format!("{BOX}/{}", self.file_name),
            files: self.files.iter().map(|f| format!("{BOX}/{f}")).collect(),
            dir: BOX.into(),
            stem,
            home: self.toolchain.home.clone(),
            memory_mb,
        }
    }
}

/// Compiles the single file `source` as `language` (or reuses the cached artifact). `Err` is the judge's
/// own failure, never the contestant's: a missing toolchain ("g++ not found"), an unreadable file.
pub fn compile(
    source: &Path,
    language: &Language,
    cache_dir: &Path,
    slot: &Slot,
) -> Result<Compiled, String> {
    let code = sandbox::read_regular(source).map_err(|e| e.to_string())?;
    let file_name = source
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{}: the file name is not UTF-8", source.display()))?
        .to_string();
    let program = Source {
        files: vec![(file_name.clone(), code)],
        main: file_name,
        language: language.clone(),
    };
    compile_source(&program, cache_dir, slot)
}

/// Compiles a program (one file or a package's program folder), or reuses the cached artifact.
pub fn compile_source(source: &Source, cache_dir: &Path, slot: &Slot) -> Result<Compiled, String> {
    let language = &source.language;
    let toolchain = toolchain(language)?;
    let file_name = source.main.clone();
    let mut parts: Vec<&[u8]> = vec![language.name.as_bytes()];
    let compile_words = language
        .compile
        .iter()
        .flatten()
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    let run_words = language.run.join(" ");
    parts.extend([
        compile_words.as_bytes(),
        run_words.as_bytes(),
        toolchain.version.as_bytes(),
        file_name.as_bytes(),
    ]);
    for (name, bytes) in &source.files {
        parts.push(name.as_bytes());
        parts.push(bytes);
    }
    let key = fnv1a(&parts);
    let dir = cache_dir.join(format!("{key:016x}"));
    let own_files = source
        .files
        .iter()
        .map(|(name, _)| name.clone())
        .filter(|name| {
            language.extensions.is_empty()
                || language
                    .extensions
                    .iter()
                    .any(|e| name.to_lowercase().ends_with(&format!(".{e}")))
        })
        .collect();
    let mut artifact = Artifact {
        dir: dir.clone(),
        stem: Path::new(&file_name)
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned()),
        file_name: file_name.clone(),
        files: own_files,
        toolchain,
        _in_use: None,
    };
    if let Some(lock) = use_cached(&dir) {
        artifact._in_use = Some(Arc::new(lock));
        return Ok(with_entry_class(artifact));
    }
    if let Some(message) = failed_before(key) {
        return Ok(Compiled::Error(message));
    }
    let work = cache_dir.join(format!(
        "{key:016x}.tmp-{}-{}",
        std::process::id(),
        next_serial()
    ));
    let result = build(&artifact, &work, &source.files, slot);
    if !matches!(result, Ok(Compiled::Ready(_))) {
        let _ = fs::remove_dir_all(&work);
        if let Ok(Compiled::Error(message)) = &result {
            remember_failure(key, message);
        }
        return result;
    }
    // Another judge may have put the same artifact in place meanwhile: theirs is as good.
    let _ = fs::rename(&work, &dir);
    let _ = fs::remove_dir_all(&work);
    let lock =
        use_cached(&dir).ok_or_else(|| format!("cannot move {} into place", work.display()))?;
    artifact._in_use = Some(Arc::new(lock));
    evict(cache_dir, cache_mib() << 20);
    Ok(with_entry_class(artifact))
}

/// The compile errors of this judge so far, by cache key: a failed compile leaves no artifact in the cache,
/// and the same source (an output validator, needed again by the next phase) must not compile twice.
fn failures() -> &'static Mutex<HashMap<u64, String>> {
    static FAILED: OnceLock<Mutex<HashMap<u64, String>>> = OnceLock::new();
    FAILED.get_or_init(Default::default)
}

fn failed_before(key: u64) -> Option<String> {
    let failed = failures().lock().unwrap_or_else(|e| e.into_inner());
    failed.get(&key).cloned()
}

fn remember_failure(key: u64, message: &str) {
    let mut failed = failures().lock().unwrap_or_else(|e| e.into_inner());
    failed.insert(key, message.to_string());
}

/// The artifact with `{stem}` naming its JVM entry class, where the compile made classes: the first class
/// whose constant pool holds `main` with the descriptor of `main(String[])`, the one named as the entry
/// file's stem first (javac's rule for a public class), then by name — in a package folder, by its
/// qualified name (`pkg.Main`). Classes and no `main` anywhere: a compile error, as DOMjudge and Kattis
/// say it, not a run-time error on every case.
fn with_entry_class(mut artifact: Artifact) -> Compiled {
    let mut classes = Vec::new();
    class_files(&artifact.dir, "", 0, &mut classes);
    if classes.is_empty() {
        return Compiled::Ready(artifact);
    }
    // The stem's class first, then by name.
    classes.sort_by_key(|(name, _)| (*name != artifact.stem, name.clone()));
    let with_main = classes.into_iter().find(|(_, path)| {
        fs::read(path).is_ok_and(|bytes| {
            let has = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
            has(b"([Ljava/lang/String;)V") && has(b"\x00\x04main")
        })
    });
    match with_main {
        Some((name, _)) => {
            artifact.stem = name;
            Compiled::Ready(artifact)
        }
        None => Compiled::Error("no class has `public static void main(String[])`".into()),
    }
}

/// The top-level classes below `dir` (`prefix` their package so far), as qualified names with their
/// files; nested classes (`Outer$Inner`) are never an entry.
fn class_files(dir: &Path, prefix: &str, depth: usize, found: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for path in entries.flatten().map(|e| e.path()) {
        let name = path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        if path.is_dir() && depth < 8 {
            class_files(&path, &format!("{prefix}{name}."), depth + 1, found);
        } else if let Some(class) = name.strip_suffix(".class").filter(|c| !c.contains('$')) {
            found.push((format!("{prefix}{class}"), path));
        }
    }
}

/// The cached artifact `dir`, locked (shared) and marked as used now; `None` if there is none (or it was
/// being evicted at that moment).
fn use_cached(dir: &Path) -> Option<File> {
    let folder = File::open(dir).ok()?;
    if !sys::try_lock(&folder, Lock::Shared).unwrap_or(false) {
        return None; // another judge evicts it right now
    }
    // Locked, but is it still there? An evicting judge renames it away before removing it.
    let (held, named) = (folder.metadata().ok()?, fs::metadata(dir).ok()?);
    if (held.dev(), held.ino()) != (named.dev(), named.ino()) {
        return None;
    }
    // An artifact an older judge left open to everyone is closed now.
    if held.mode() & 0o777 != ARTIFACT_MODE {
        let _ = folder.set_permissions(fs::Permissions::from_mode(ARTIFACT_MODE));
    }
    let _ = sys::touch(&folder);
    Some(folder)
}

/// Removes the least recently used artifacts of `cache_dir` until it holds at most `cap_bytes`. An
/// artifact some judge holds (its shared lock) stays, whatever its age.
fn evict(cache_dir: &Path, cap_bytes: u64) {
    let Ok(entries) = fs::read_dir(cache_dir) else {
        return;
    };
    let mut artifacts: Vec<(i128, u64, PathBuf)> = entries
        .flatten()
        .filter(|e| is_key(&e.file_name().to_string_lossy()))
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            let used = i128::from(meta.mtime()) * 1_000_000_000 + i128::from(meta.mtime_nsec());
            Some((used, size_of_tree(&e.path(), 0), e.path()))
        })
        .collect();
    let mut total: u64 = artifacts.iter().map(|a| a.1).sum();
    artifacts.sort();
    for (_, bytes, path) in artifacts {
        if total <= cap_bytes {
            break;
        }
        let Ok(folder) = File::open(&path) else {
            continue;
        };
        if !sys::try_lock(&folder, Lock::Exclusive).unwrap_or(false) {
            continue; // in use
        }
        let doomed = path.with_extension(format!("evict-{}-{}", std::process::id(), next_serial()));
        if fs::rename(&path, &doomed).is_ok() {
            let _ = fs::remove_dir_all(&doomed);
            total = total.saturating_sub(bytes);
        }
    }
}

/// An artifact folder's name: 16 hex digits.
fn is_key(name: &str) -> bool {
    name.len() == 16 && name.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Bytes of the regular files under `path` (links not followed).
fn size_of_tree(path: &Path, depth: usize) -> u64 {
    let Ok(entries) = fs::read_dir(path) else {
        return 0;
    };
    entries
        .flatten()
        .filter_map(|e| Some((e.metadata().ok()?, e.path())))
        .map(|(meta, path)| match meta.is_dir() && depth < 16 {
            true => size_of_tree(&path, depth + 1),
            false => meta.len(),
        })
        .sum()
}

/// A number from the environment variable `name` (MiB), else `default`.
fn mib_setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(default)
}

/// The most one compile may leave in the cache, in MiB: `JUDGE_ARTIFACT_MIB`, default 256.
pub fn artifact_mib() -> u64 {
    mib_setting("JUDGE_ARTIFACT_MIB", ARTIFACT_MIB)
}

/// The most the cache may hold, in MiB: `JUDGE_CACHE_MIB`, default 1024.
pub fn cache_mib() -> u64 {
    mib_setting("JUDGE_CACHE_MIB", CACHE_MIB)
}

/// Runs the compiler on the source files, sandboxed, and leaves them and what it made in `work`: it reads
/// each read-only as `/box/<file>` and writes into `/box`, a tmpfs of `artifact_mib()` that is copied into
/// `work` after.
fn build(
    artifact: &Artifact,
    work: &Path,
    files: &[(String, Vec<u8>)],
    slot: &Slot,
) -> Result<Compiled, String> {
    let cannot = |e: std::io::Error| format!("{}: {e}", work.display());
    let Some(compile) = &artifact.toolchain.language.compile else {
        write_sources(work, files).map_err(cannot)?;
        return Ok(Compiled::Ready(artifact.clone()));
    };
    // The compiler reads the sources from a folder beside `work`, and they join `work` after: init copies
    // `/box` into `work` folders and all (the folder a source of `lib/` is mounted in, a package's
    // classes), and a folder already there would stop the copy.
    let sources = PathBuf::from(format!("{}.src", work.display()));
    let result = write_sources(&sources, files)
        .map_err(|e| format!("{}: {e}", sources.display()))
        .and_then(|copies| {
            fs::create_dir_all(work).map_err(cannot)?;
            fs::set_permissions(work, fs::Permissions::from_mode(ARTIFACT_MODE)).map_err(cannot)?;
            run_compiler(artifact, compile, work, &copies, slot)
        });
    let _ = fs::remove_dir_all(&sources);
    if matches!(result, Ok(Compiled::Ready(_))) {
        write_sources(work, files).map_err(cannot)?;
    }
    result
}

/// Writes `files` into the folder `dir` (made if need be), each as `dir/<name>`, and returns the copies
/// with their names. The folder is the judge's alone: what it holds is a package's files and what was made
/// of them, and a source no one else could read must not become readable through its copy here (a run
/// sees its slot's own copy).
fn write_sources<'a>(
    dir: &Path,
    files: &'a [(String, Vec<u8>)],
) -> std::io::Result<Vec<(PathBuf, &'a String)>> {
    fs::create_dir_all(dir)?;
    fs::set_permissions(dir, fs::Permissions::from_mode(ARTIFACT_MODE))?;
    let mut copies = Vec::new();
    for (name, bytes) in files {
        let copy = dir.join(name);
        if let Some(parent) = copy.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&copy, bytes)?;
        // Executable, for a prebuilt program or a `run` script run as it is (harmless for a source: the run
        // sees it read-only).
        fs::set_permissions(&copy, fs::Permissions::from_mode(0o755))?;
        copies.push((copy, name));
    }
    Ok(copies)
}

/// Runs `compile` on the source files `copies` (each seen read-only as `/box/<name>`), its `/box` copied
/// into `work` once it is done.
fn run_compiler(
    artifact: &Artifact,
    compile: &[String],
    work: &Path,
    copies: &[(PathBuf, &String)],
    slot: &Slot,
) -> Result<Compiled, String> {
    let values = artifact.values(COMPILE_MEMORY_MIB);
    let mut argv: Vec<OsString> = lang::fill(compile, &values)
        .into_iter()
        .map(OsString::from)
        .collect();
    argv[0] = resolved(&argv[0].to_string_lossy()).into();
    let mut binds = artifact.toolchain.binds.clone();
    // The sources stay read-only: the compiler writes only its output.
    for (copy, name) in copies {
        binds.push(Bind::at(copy, Path::new(BOX).join(name)));
    }
    let artifact_mib = artifact_mib();
    let mut program = Program::new(argv, binds);
    artifact.toolchain.set_path(&mut program);
    program.out_dir = Some(OutDir {
        inside: BOX.into(),
        host: work.to_path_buf(),
        mib: artifact_mib,
        seed: None,
        files: Vec::new(),
    });
    // An empty working folder: no neighbour of the source is there to be imported or read by default.
    // The format's `build` script is the exception: it runs in its program's folder.
    program.cwd = if artifact.toolchain.language.extensions.is_empty() {
        BOX.into()
    } else {
        "/tmp".into()
    };
    program.data_cap = false;
    let limits = Limits {
        cpu_ms: COMPILE_SECONDS * 1000,
        wall_ms: COMPILE_SECONDS * 1000,
        wall_patience_ms: 0,
        memory_kib: COMPILE_MEMORY_MIB * 1024,
        output_bytes: MESSAGE_CAP_BYTES,
        drain_past_cap: false,
        tasks: sandbox::DEFAULT_TASKS,
        tmp_mib: 1024,
    };
    let streams = Streams::messages(MESSAGE_BYTES);
    let facts = sandbox::run(&program, &limits, streams, slot).map_err(|e| e.to_string())?;
    // Compilers speak on stderr; stdout (javac's notes, a linker's) after it.
    let messages =
        String::from_utf8_lossy(&[facts.stderr.kept, facts.stdout.kept].concat()).into_owned();
    match (facts.stopped, facts.exit) {
        (Some(Stop::Memory), _) => Ok(Compiled::Error(format!(
            "the compiler used more than {COMPILE_MEMORY_MIB} MiB"
        ))),
        (Some(Stop::Output), _) => Ok(Compiled::Error(format!(
            "the compiler wrote more than {} MiB of messages; they began:\n{}",
            MESSAGE_CAP_BYTES >> 20,
            first_errors(&messages)
        ))),
        (Some(_), _) => Ok(Compiled::Error(format!(
            "compilation took longer than {COMPILE_SECONDS} s"
        ))),
        (None, Exit::Code(0)) => Ok(Compiled::Ready(artifact.clone())),
        (None, _) if messages.contains("No space left on device") => Ok(Compiled::Error(format!(
            "{}\n(a compiled program may take at most {artifact_mib} MiB)",
            first_errors(&messages)
        ))),
        (None, _) => Ok(Compiled::Error(first_errors(&messages))),
    }
}

/// Finds `language`'s toolchain now (its home and version probes), so that its compiles find it found;
/// what is missing is said by the compiles that need it.
pub fn probe(language: &Language) {
    let _ = toolchain(language);
}

/// A language's tools, found once per judge: its `home`, the binds its tools need, its version.
fn toolchain(language: &Language) -> Result<Arc<Toolchain>, String> {
    /// Each language's tools (or why they are missing), by language, each found once.
    type Found = Mutex<HashMap<String, Arc<OnceLock<Result<Arc<Toolchain>, String>>>>>;
    static FOUND: OnceLock<Found> = OnceLock::new();
    let found = FOUND.get_or_init(Default::default);
    // Keyed by the whole language, not its name: a real judge's dialect names its C++ `cpp` too. The map's
    // lock is held only to find the language's cell: languages are probed at once (a JVM's `-version`
    // alone takes a good part of a second), each language once.
    let cell = found
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(format!("{language:?}"))
        .or_default()
        .clone();
    cell.get_or_init(|| find_toolchain(language).map(Arc::new))
        .clone()
}

fn find_toolchain(language: &Language) -> Result<Toolchain, String> {
    let mut binds = Vec::new();
    let home = match &language.home {
        Some(command) => {
            let home = output_of(command)?.trim().to_string();
            if !Path::new(&home).is_dir() {
                return Err(format!(
                    "`{}` printed `{home}`, not a folder",
                    command.join(" ")
                ));
            }
            binds.push(Bind::read_only(&home));
            home
        }
        None => String::new(),
    };
    let values = Values {
        home: home.clone(),
        ..Values::default()
    };
    // Tools of the host; not the artifact itself (`{dir}/program`).
    let tools = language
        .compile
        .iter()
        .chain([&language.run])
        .map(|command| &command[0])
        .filter(|tool| !tool.contains("{dir}") && !tool.contains("{src}"))
        .map(|tool| lang::fill(std::slice::from_ref(tool), &values).remove(0));
    for tool in tools.clone() {
        let path = locate(&tool)?;
        if let Some(prefix) = install_prefix(&path) {
            binds.push(Bind::read_only(prefix));
        }
    }
    for pattern in &language.visible {
        binds.extend(expand(pattern).into_iter().map(Bind::read_only));
    }
    let version = match &language.version {
        // `{home}` is the interpreter the runs use: asked directly, not through a version manager's shim
        // again (pyenv's costs most of a second a call, on the path of every judge's start).
        Some(command) => output_of(&lang::fill(command, &values))?,
        None => match tools.clone().next() {
            Some(tool) => output_of(&[tool, "--version".into()]).unwrap_or_default(),
            None => String::new(),
        },
    };
    // The format's build and run scripts may use the compilers of the system (problemtools, BAPCtools and
    // DOMjudge run them with the host's PATH; a package documents what it needs beyond a C, a C++ compiler
    // and Python): here, the toolchains of the judge's built-in table, visible, their `bin` folders first
    // on PATH (a rustup toolchain lives outside /usr). A language missing here is simply not offered.
    let mut path = Vec::new();
    if language.extensions.is_empty() {
        for other in Languages::builtin().0 {
            if let Ok(found) = toolchain(&other) {
                binds.extend(found.binds.iter().cloned());
                let bin = format!("{}/bin", found.home);
                if !found.home.is_empty() && Path::new(&bin).is_dir() && !path.contains(&bin) {
                    path.push(bin);
                }
            }
        }
    }
    Ok(Toolchain {
        language: language.clone(),
        home,
        binds,
        version,
        path,
    })
}

/// A tool by path, or by name on the PATH, as found (a rustup proxy must be run by its own name).
fn which(tool: &str) -> Result<PathBuf, String> {
    let candidates: Vec<PathBuf> = if tool.contains('/') {
        vec![PathBuf::from(tool)]
    } else {
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
            .map(|dir| dir.join(tool))
            .collect()
    };
    candidates
        .into_iter()
        .find(|path| path.is_file())
        .ok_or_else(|| format!("{tool} not found"))
}

/// A tool's real path, symlinks resolved (`/usr/bin/java` → `/usr/lib/jvm/…/bin/java`, so no
/// `/etc/alternatives` link is needed inside the sandbox).
fn locate(tool: &str) -> Result<PathBuf, String> {
    let found = which(tool)?;
    fs::canonicalize(&found).map_err(|e| format!("{}: {e}", found.display()))
}

/// A tool's real path as a run names it: found on the PATH if it is a bare name.
fn resolved(tool: &str) -> String {
    locate(tool).map_or(tool.to_string(), |p| p.to_string_lossy().into_owned())
}

/// The folder a tool outside the base system is installed in (`/opt/pypy/bin/pypy3` → `/opt/pypy`).
fn install_prefix(tool: &Path) -> Option<PathBuf> {
    if BASE_BINDS.iter().any(|base| tool.starts_with(base)) {
        return None;
    }
    let bin = tool.parent()?;
    Some(bin.parent().unwrap_or(bin).to_path_buf())
}

/// The existing paths a `visible` entry names: itself, or with a trailing `*` the names it matches.
fn expand(pattern: &str) -> Vec<PathBuf> {
    let path = Path::new(pattern);
    let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
        return Vec::new();
    };
    let name = name.to_string_lossy();
    if !name.contains('*') {
        return if path.exists() {
            vec![path.into()]
        } else {
            Vec::new()
        };
    }
    let Ok(entries) = fs::read_dir(parent) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| glob::matches(&name, &e.file_name().to_string_lossy()))
        .map(|e| e.path())
        .collect();
    found.sort();
    found
}

/// What a host command prints (stdout, then stderr): `home` and `version` probes, run unsandboxed as the
/// user's own tools, never on a contestant's file.
fn output_of(command: &[String]) -> Result<String, String> {
    let tool = which(&command[0])?;
    let output = Command::new(tool)
        .args(&command[1..])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run `{}`: {e}", command.join(" ")))?;
    if !output.status.success() {
        return Err(format!(
            "`{}` failed: {}",
            command.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    Ok(text)
}

/// The pid of the judge a work folder of `cache_dir` belongs to (`<key>.tmp-<pid>-<serial>`); `None` for
/// the artifacts' folders and anything else.
pub fn work_dir_owner(name: &str) -> Option<u32> {
    let (_, rest) = name.split_once(".tmp-")?;
    let (pid, serial) = rest.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(pid) && digits(serial))
        .then(|| pid.parse().ok())
        .flatten()
}

/// Removes the work folders of judges that are gone: one interrupted mid-compile leaves its folder behind.
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

/// The compiler's message from its first `error` line on, at most `ERROR_LINES` lines of at most
/// `ERROR_LINE_CHARS` characters (warnings before it are noise for a CE); the whole start of the message
/// if no line begins with `error`. Control characters are escaped: a terminal shows them, never obeys.
pub fn first_errors(messages: &str) -> String {
    let lines: Vec<&str> = messages.lines().collect();
    let first = lines
        .iter()
        .position(|line| line.starts_with("error") || line.contains(": error"))
        .unwrap_or(0);
    let kept: Vec<String> = lines[first..lines.len().min(first + ERROR_LINES)]
        .iter()
        .map(|line| match line.char_indices().nth(ERROR_LINE_CHARS) {
            Some((cut, _)) => format!("{}…", &line[..cut]),
            None => line.to_string(),
        })
        .collect();
    visible(kept.join("\n").trim_end())
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
    fn fnv1a_separates_parts() {
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
            first_errors("a.cpp:3:5: error: x\nmore\n"),
            "a.cpp:3:5: error: x\nmore"
        );
        assert_eq!(
            first_errors("ld: cannot link\nmore\n"),
            "ld: cannot link\nmore"
        );
        // A flood on one line is cut, and escapes are shown, not obeyed.
        let long = format!("error: {}\n\x1b[2J", "x".repeat(5000));
        let kept = first_errors(&long);
        assert_eq!(
            kept.lines().next().unwrap().chars().count(),
            ERROR_LINE_CHARS + 1
        );
        assert!(kept.ends_with("\\u{1b}[2J"), "{kept}");
    }

    #[test]
    fn artifact_folders_are_sixteen_hex_digits() {
        assert!(is_key("00ab12cd34ef5678"));
        assert!(!is_key("00ab12cd34ef5678.tmp-1-0"));
        assert!(!is_key("00ab12cd34ef567g"));
    }

    #[test]
    fn tools_outside_the_base_system_bring_their_prefix() {
        assert_eq!(install_prefix(Path::new("/usr/bin/gcc")), None);
        assert_eq!(
            install_prefix(Path::new("/opt/pypy/bin/pypy3")),
            Some(PathBuf::from("/opt/pypy"))
        );
        assert!(locate("no-such-tool-anywhere")
            .unwrap_err()
            .contains("not found"));
        assert!(locate("sh").is_ok());
    }
}
