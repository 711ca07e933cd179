//! Writing a problem package's test cases: every `.in`/`.ans` pair under `testdata/<problem>/data/` is
//! written here, by a generator in `src/bin/`, with answers from this crate's reference solvers, never from
//! a solution.
//!
//! Every case is in one of two groups, visible in its path: `official/` (inside the real judge's format and
//! constraints, judged by the real judge's rule), written to `data/secret/official/`, or `beyond/` (what this
//! project demands past the real judge: odd layouts, invalid positions, inputs far larger than the real
//! data; the name says which), written to `data/secret/beyond/`. The statement's sample, which every
//! generator names `official/01-sample`, is the package's `data/sample/1`.

use std::fs;
use std::path::{Path, PathBuf};

/// One problem package's `data/` folder, emptied of old cases when opened (the rest of the package is kept).
pub struct Testdata {
    dir: PathBuf,
}

impl Testdata {
    /// Opens `ROOT/<problem>` where ROOT is the first command-line argument, or the workspace's `testdata/`.
    /// Deletes every `.in`/`.ans` below it so that renamed or dropped cases do not linger.
    pub fn open(problem: &str) -> Testdata {
        let root = match std::env::args().nth(1) {
            // A generator takes no options: `-q` after the binary name would otherwise become a folder.
            Some(arg) if arg.starts_with('-') => {
                panic!("usage: {problem} [ROOT]  (ROOT: where testdata goes)")
            }
            Some(arg) => PathBuf::from(arg),
            None => testdata_root(),
        };
        let dir = root.join(problem).join("data");
        fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        remove_cases(&dir);
        Testdata { dir }
    }

    /// Writes `official/<name>.in` and `.ans`: a case inside the real judge's format and constraints.
    pub fn official(&self, name: &str, input: &str, answer: &str) {
        self.case(&format!("official/{name}"), input, answer);
    }

    /// Writes `beyond/<name>.in` and `.ans`: a case past the real judge, whose name says what it demands.
    pub fn beyond(&self, name: &str, input: &str, answer: &str) {
        self.case(&format!("beyond/{name}"), input, answer);
    }

    /// Writes `<name>.in` and `<name>.ans`; `name` starts with its group, `official/` or `beyond/`, and may
    /// hold more `/` for a subfolder (e.g. `official/random/07`).
    pub fn case(&self, name: &str, input: &str, answer: &str) {
        assert!(
            name.starts_with("official/") || name.starts_with("beyond/"),
            "case {name:?} is in neither official/ nor beyond/"
        );
        let base = match name {
            "official/01-sample" => self.dir.join("sample/1"),
            _ => self.dir.join("secret").join(name),
        };
        if let Some(parent) = base.parent() {
            fs::create_dir_all(parent)
                .unwrap_or_else(|e| panic!("cannot create {}: {e}", parent.display()));
        }
        for (ext, text) in [("in", input), ("ans", answer)] {
            let path = base.with_extension(ext);
            fs::write(&path, text)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        }
    }
}

/// The workspace's `testdata/` folder (this crate lives in `scripts/testgen/`).
pub(crate) fn testdata_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

fn remove_cases(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            remove_cases(&path);
            let _ = fs::remove_dir(&path); // only succeeds once empty
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("in" | "ans")
        ) {
            fs::remove_file(&path)
                .unwrap_or_else(|e| panic!("cannot remove {}: {e}", path.display()));
        }
    }
}
