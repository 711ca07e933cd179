//! The judge's integration tests, one binary: each file of `tests/` is a module here, so
//! `cargo test -p judge --test integration attacks::` runs one file's tests. One binary links the judge
//! and compiles `common/` once, where a binary per file did both seventeen times (about a quarter of the
//! workspace's build). `autotests = false` in Cargo.toml: the last test below fails for a file of `tests/`
//! that is not a module here, which would otherwise never be built.

mod common;

mod attacks;
mod command_line;
mod expectations;
mod export;
mod hostile_packages;
mod hostile_stress;
mod html;
mod interactive;
mod matches;
mod multi_pass;
mod no_survivors;
mod own_file;
mod packages;
mod review;
mod runner;
mod starved;
mod stress;
mod validators;
mod verdicts;

#[test]
fn every_file_of_tests_is_a_module_of_this_binary() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = include_str!("integration.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&tests).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if let Some(module) = name.strip_suffix(".rs") {
            if module != "integration" && !this.contains(&format!("\nmod {module};\n")) {
                missing.push(name);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "tests/{missing:?} would never run: add `mod <name>;` to tests/integration.rs"
    );
}
