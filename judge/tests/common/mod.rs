//! What the judge's integration tests share: compiling fixture programs and running them through the real
//! sandbox (the judge binary is the sandbox's helper, as it is for `cargo run -p judge`).
#![allow(dead_code)] // each test file uses its own part

use judge::compile::{self, Artifact, Compiled};
use judge::lang::Languages;
use judge::sandbox::{self, Limits, Output, Scratch, Slot, Streams};
use judge::verdict::Run;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

pub const MIB: u64 = 1024;

/// A scratch dir, a compile cache and fresh slots for runs.
pub struct Bench {
    pub scratch: Scratch,
    pub cache: PathBuf,
    next: AtomicUsize,
}

impl Bench {
    pub fn new() -> Bench {
        sandbox::use_helper(Path::new(env!("CARGO_BIN_EXE_judge")));
        let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        Bench {
            scratch: Scratch::create(&std::env::temp_dir()).expect("a scratch dir"),
            cache: tmp.join("judge-tests-cache"),
            next: AtomicUsize::new(0),
        }
    }

    pub fn slot(&self) -> Slot {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        self.scratch.slot(&format!("t{n}")).expect("a slot")
    }

    /// Compiles `source` by its extension.
    pub fn compile(&self, source: &Path) -> Compiled {
        let languages = Languages::builtin();
        let language = languages.for_file(source).expect("a known language");
        compile::compile(source, language, &self.cache, &self.slot()).expect("a toolchain")
    }

    /// `tests/fixtures/programs/<name>` (with its extension), compiled.
    pub fn fixture(&self, file: &str) -> Artifact {
        let source = fixtures().join("programs").join(file);
        match self.compile(&source) {
            Compiled::Ready(artifact) => artifact,
            Compiled::Error(message) => panic!("fixture {file} does not compile:\n{message}"),
        }
    }

    /// Runs `artifact` on `input` under `limits`: the measurements and what it printed (stdout whole,
    /// the last 64 KiB of stderr).
    pub fn run(&self, artifact: &Artifact, input: &str, limits: &Limits) -> (Run, String) {
        let slot = self.slot();
        let (in_path, in_file) = slot.create("in").unwrap();
        drop(in_file);
        fs::write(&in_path, input).unwrap();
        let (out_path, out) = slot.create("out").unwrap();
        let streams = Streams {
            stdin: sandbox::sealed_input(&in_path).unwrap().into(),
            stdout: Output::File(out),
            stderr: Output::Tail(1 << 16),
        };
        let program = artifact.program(limits.memory_kib / MIB, &[], &[]);
        let facts = sandbox::run(&program, limits, streams, &slot).expect("the judge can run it");
        let output = String::from_utf8_lossy(&fs::read(&out_path).unwrap()).into_owned();
        let stderr = String::from_utf8_lossy(&facts.stderr.kept).into_owned();
        let (stderr_bytes, output_bytes) = (facts.stderr.bytes, facts.stdout.bytes);
        let run = Run::new(facts, stderr, stderr_bytes, output_bytes);
        (run, output)
    }
}

pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

pub fn limits(cpu_ms: u64, memory_mib: u64) -> Limits {
    Limits {
        cpu_ms,
        wall_ms: cpu_ms * 2 + 1000,
        memory_kib: memory_mib * MIB,
        output_bytes: 64 << 20,
        tasks: sandbox::DEFAULT_TASKS,
        tmp_mib: 16,
    }
}
