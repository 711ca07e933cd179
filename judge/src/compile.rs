//! Compiles a single solution file exactly as an online judge does. CONTRACT between the judge's halves
//! (see sandbox.rs).

use std::io;
use std::path::{Path, PathBuf};

/// The result of compiling one source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compiled {
    /// The executable, cached under `cache_dir` by a hash of the source and the compiler version.
    Binary(PathBuf),
    /// A compile error: the compiler's first error lines, for the CE verdict's report.
    Error(String),
}

/// `rustc --edition 2021 -O` on `source`, reusing a cached binary when source and compiler are unchanged.
/// `Err` only for failures of the judge itself (no rustc, unreadable source, cache dir not writable).
pub fn compile(source: &Path, cache_dir: &Path) -> io::Result<Compiled> {
    let _ = (source, cache_dir);
    todo!("runner half")
}
