//! `judge export`, through the judge binary: a package written in this workspace's version (2023-07-draft,
//! a Rust input validator, a C++ output validator, a `beyond` group with validator flags, submissions.yaml,
//! notes in README.md) exported to legacy, 2023-07-draft and 2025-09, and each export judged by this judge
//! again: every submission the export keeps gets the same verdict and meets its expectation as before,
//! every input is valid as before, the zip holds exactly the folder's files (and passes `python3 -m
//! zipfile -t`), and what a version cannot hold is left out and said. Every version leaves the layout
//! group out (its own testdata.yaml passes `layout`: CR LF), and the submission judged on it alone: a
//! contest copy holds canonical input only.

use crate::common;

use common::{have, Report, Tree};
use std::fs;
use std::path::Path;
use std::process::Command;

const PROBLEM_YAML: &str = "# Sum and product: a test package.\nproblem_format_version: 2023-07-draft\n\
                            name: \"Sum & product\"\nuuid: 5d1c0a3e-2b4f-4c8a-9e61-0d7b3f2a1c55\n\
                            license: cc by-sa\nrights_owner: the tests\nlimits:\n  time_limit: 1\n  memory: 256\n";

/// Official input: `a b` with one space and a newline; `beyond` and `layout`: any blanks between and around.
const INPUT_VALIDATOR: &str = r#"use std::io::Read;
fn main() {
    let beyond = std::env::args().skip(1).any(|a| a == "beyond" || a == "layout");
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let numbers: Vec<&str> = if beyond {
        text.split_whitespace().collect()
    } else {
        match text.strip_suffix('\n') {
            Some(line) => line.split(' ').collect(),
            None => Vec::new(),
        }
    };
    let ok = numbers.len() == 2 && numbers.iter().all(|n| n.parse::<i64>().is_ok());
    std::process::exit(if ok { 42 } else { 43 });
}
"#;

const OUTPUT_VALIDATOR: &str = r#"#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char** argv) {
    for (int i = 4; i < argc; ++i) {
        std::string flag = argv[i];
        if (flag != "beyond" && flag != "case_sensitive" && flag != "space_change_sensitive") return 1;
    }
    std::ifstream answer(argv[2]);
    long long a = 0, b = 0, x = 0, y = 0;
    answer >> a >> b;
    if (!(std::cin >> x >> y) || x != a || y != b) return 43;
    std::string extra;
    return std::cin >> extra ? 43 : 42;
}
"#;

/// Splits at single spaces only: a tab (beyond) makes it panic.
const SPACES_ONLY: &str = r#"use std::io::Read;
fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let n: Vec<i64> = text.trim_end().split(' ').map(|t| t.parse().unwrap()).collect();
    println!("{} {}", n[0] + n[1], n[0] * n[1]);
}
"#;

/// Splits at spaces, tabs and newlines: CR LF (the layout group's) leaves a `\r` on the number, read as 0.
const CRLF_BLIND: &str = r#"use std::io::Read;
fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let n: Vec<i64> = text.split([' ', '\t', '\n']).filter(|t| !t.is_empty()).map(|t| t.parse().unwrap_or(0)).collect();
    println!("{} {}", n[0] + n[1], n[0] * n[1]);
}
"#;

const SUBMISSIONS_YAML: &str = "run_time_error/spaces-only.rs:\n  sample:\n    permitted: [AC]\n  secret/official:\n    permitted: [AC]\n\
                                extra_folder:\n  permitted: [AC]\n\
                                wrong_answer/crlf-blind.rs:\n  secret/official/layout:\n    required: [WA]\n";

fn write_package(tree: &Tree) {
    let package = tree.package("sum-and-product");
    package
        .problem_yaml(PROBLEM_YAML)
        .file("README.md", "# Notes\nFor this project's readers only.\n")
        .file(
            "statement/problem.en.md",
            "Print $a+b$ and $a \\times b$.\n\n# Input\n\nTwo integers.\n",
        )
        .file("input_validators/validate.rs", INPUT_VALIDATOR)
        .file("output_validator/validate.cpp", OUTPUT_VALIDATOR)
        .case("sample/1", "1 2\n", "3 2\n")
        .case("secret/official/1", "2 3\n", "5 6\n")
        .case("secret/beyond/tabs", "4\t5\n", "9 20\n")
        .case("secret/official/layout/crlf", "6 7\r\n", "13 42\n")
        .testdata_yaml("secret/official/layout", "input_validator_flags: layout\n")
        .testdata_yaml(
            "secret/beyond",
            "# Wider input.\ninput_validator_flags: beyond\noutput_validator_flags: beyond\n",
        )
        .submission("accepted/ac.rs", "ac.rs")
        .submission("wrong_answer/wa.rs", "wa.rs")
        .file("submissions/run_time_error/spaces-only.rs", SPACES_ONLY)
        .submission("extra_folder/ac.rs", "ac.rs")
        .file("submissions/wrong_answer/crlf-blind.rs", CRLF_BLIND)
        .file("submissions/submissions.yaml", SUBMISSIONS_YAML);
}

/// Every submission's (label, verdict, expectation met) from a `--json` report.
fn verdicts(report: &Report) -> Vec<(String, String, String)> {
    let mut found: Vec<(String, String, String)> = report
        .submissions()
        .iter()
        .map(|s| (s.str("submission"), s.verdict(), s.raw("unmet")))
        .collect();
    found.sort();
    found
}

/// `judge export --testdata <the tree's testdata> ARGS...`: the subcommand first, as its usage says.
fn export_command(tree: &Tree, args: &[&str]) -> Command {
    let mut command = common::judge_command();
    command
        .args(["export", "--testdata"])
        .arg(tree.testdata())
        .args(args)
        .current_dir(&tree.root);
    command
}

fn export(tree: &Tree, version: &str, out: &Path) -> common::Judged {
    let mut command = export_command(
        tree,
        &["sum-and-product", "--to", version, "--zip", "--out"],
    );
    command.arg(out);
    common::within(command, std::time::Duration::from_secs(300))
}

#[test]
fn an_export_judges_as_the_package_does_in_every_version() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let tree = Tree::new("export");
    write_package(&tree);
    let original_json = tree.root.join("original.json");
    let judged = tree.judge(&["sum-and-product", "--json", original_json.to_str().unwrap()]);
    assert_eq!(judged.code, 0, "{judged}");
    let original = verdicts(&Report::read(&original_json));
    assert_eq!(original.len(), 5, "{original:?}");
    for version in ["legacy", "2023-07-draft", "2025-09"] {
        let out = tree.root.join(format!("out-{version}"));
        let exported = export(&tree, version, &out);
        // 1 only when a statement tool is missing here, and then it says so.
        assert!(
            exported.code == 0 || (exported.code == 1 && exported.stdout.contains("MISSING")),
            "{version}: {exported}"
        );
        let written = format!(
            "sum-and-product → {} and {} ({version})",
            out.join("sumandproduct").display(),
            out.join("sumandproduct.zip").display()
        );
        assert!(exported.stdout.contains(&written), "{version}: {exported}");
        assert!(
            exported.stdout.contains("left out: README.md (the notes"),
            "{exported}"
        );
        for said in [
            "  left out: data/secret/official/layout/ (1 case: a layout group, its testdata.yaml gives the \
             input validators `layout`; a contest copy holds canonical input only)\n",
            "  left out: submissions/wrong_answer/crlf-blind.rs (submissions/submissions.yaml:9 judges it \
             on `secret/official/layout`, which this copy leaves out)\n",
        ] {
            assert!(exported.stdout.contains(said), "{version}: {exported}");
        }
        let dir = out.join("sumandproduct");
        assert!(!dir.join("README.md").exists());
        assert!(!dir.join("data/secret/official/layout").exists());
        assert!(dir.join("data/secret/official/1.in").exists());
        assert!(!dir.join("submissions/wrong_answer/crlf-blind.rs").exists());
        // Judged again: the same verdicts, each expectation met, for what the version keeps.
        let json = tree.root.join(format!("{version}.json"));
        let mut command = common::judge_command();
        command.args(["--testdata"]).arg(&out).args([
            "sumandproduct",
            "--json",
            json.to_str().unwrap(),
        ]);
        let judged = common::within(command, std::time::Duration::from_secs(300));
        assert_eq!(judged.code, 0, "{version}: {judged}");
        let again = verdicts(&Report::read(&json));
        let kept: Vec<_> = original
            .iter()
            .filter(|(label, _, _)| version != "legacy" || !label.starts_with("extra_folder/"))
            .filter(|(label, _, _)| label != "wrong_answer/crlf-blind.rs")
            .cloned()
            .collect();
        assert_eq!(again, kept, "{version}");
        let mut validate = common::judge_command();
        validate
            .args(["validate", "--testdata"])
            .arg(&out)
            .arg("sumandproduct");
        let validated = common::within(validate, std::time::Duration::from_secs(300));
        assert_eq!(validated.code, 0, "{version}: {validated}");
        check_zip(&out.join("sumandproduct.zip"), &dir);
    }
    // What each version holds, where the versions differ.
    let legacy = tree.root.join("out-legacy/sumandproduct");
    assert_eq!(
        fs::read_to_string(legacy.join(".timelimit")).unwrap(),
        "1\n"
    );
    assert!(legacy
        .join("output_validators/validate/validate.cpp")
        .is_file());
    assert!(legacy.join("input_validators/validate/build").is_file());
    assert!(!legacy.join("submissions/submissions.yaml").exists());
    assert!(!legacy.join("submissions/extra_folder").exists());
    let yaml = fs::read_to_string(legacy.join("problem.yaml")).unwrap();
    assert!(
        yaml.contains("validation: custom\n") && !yaml.contains("time_limit"),
        "{yaml}"
    );
    let published = tree.root.join("out-2025-09/sumandproduct");
    assert_eq!(
        fs::read_to_string(published.join("data/secret/beyond/test_group.yaml")).unwrap(),
        "# Wider input.\ninput_validator_args: [beyond]\noutput_validator_args: [beyond]\n"
    );
    assert_eq!(
        fs::read_to_string(published.join("data/secret/official/test_group.yaml")).unwrap(),
        "{}\n"
    );
    assert!(published.join("output_validator/validate.cpp").is_file());
    assert!(published.join("submissions/extra_folder/ac.rs").is_file());
    let draft = tree.root.join("out-2023-07-draft/sumandproduct");
    assert!(draft.join("statement/problem.en.md").is_file());
    assert!(draft.join("input_validators/validate.rs").is_file());
}

/// The zip passes Python's check and holds exactly the folder's files, at its root, `build` executable.
fn check_zip(zip: &Path, dir: &Path) {
    let tested = Command::new("python3")
        .args(["-m", "zipfile", "-t"])
        .arg(zip)
        .output()
        .unwrap();
    assert!(
        tested.status.success(),
        "{}",
        String::from_utf8_lossy(&tested.stderr)
    );
    let listed = Command::new("python3")
        .args([
            "-c",
            "import sys, zipfile\nfor i in zipfile.ZipFile(sys.argv[1]).infolist(): print(i.filename, oct(i.external_attr >> 16))",
        ])
        .arg(zip)
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&listed.stdout).into_owned();
    let mut expected = Vec::new();
    let mut stack = vec![(dir.to_path_buf(), String::new())];
    while let Some((folder, prefix)) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let entry = entry.unwrap();
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.file_type().unwrap().is_dir() {
                stack.push((entry.path(), format!("{name}/")));
            } else {
                expected.push(name);
            }
        }
    }
    expected.sort();
    let names: Vec<&str> = listed.lines().filter_map(|l| l.split(' ').next()).collect();
    assert_eq!(names, expected, "{}", zip.display());
    for line in listed.lines() {
        if line.contains("/build ") {
            assert!(line.ends_with("0o100755"), "{line}");
        }
    }
}

#[test]
fn a_package_a_version_cannot_hold_is_an_error_naming_it() {
    let tree = Tree::new("export-refused");
    // 2025-09 has test groups or cases right in data/secret/, never both.
    tree.sum_package("beside")
        .testdata_yaml("secret/a", "input_validator_flags: x\n")
        .case("secret/a/2", "1 2\n", "3 2\n")
        .case("secret/3", "1 3\n", "4 3\n");
    let out = tree.root.join("out");
    let mut command = export_command(&tree, &["beside", "--to", "2025-09", "--out"]);
    command.arg(&out);
    let refused = common::within(command, std::time::Duration::from_secs(60));
    assert_eq!(refused.code, 2, "{refused}");
    refused.says("data/secret/: cases beside test groups, which 2025-09 cannot express");
    assert!(!out.join("beside").exists());
}

#[test]
fn a_file_swapped_for_a_link_out_while_exporting_never_reaches_the_export() {
    use judge::export::{self, Options, Tools};
    use std::os::unix::fs::symlink;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    const SECRET: &str = "HOST-SECRET-51c9";
    let tree = Tree::new("export-swap");
    let secret = tree.file("secret.txt", &format!("{SECRET}\n"));
    let package = tree.package("swap");
    package.problem_yaml(common::SUM_YAML);
    let swapped: Vec<(std::path::PathBuf, &str)> = [
        ("1.in", common::SUM_INPUT),
        ("1.ans", common::SUM_ANSWER),
        ("testdata.yaml", "output_validator_flags: case_sensitive\n"),
    ]
    .iter()
    .map(|(name, text)| (package.path(&format!("data/secret/{name}")), *text))
    .collect();
    for (file, text) in &swapped {
        common::write(file, text);
    }
    let loaded = judge::package::load(&package.path("")).unwrap();
    let stop = AtomicBool::new(false);
    let turns = AtomicUsize::new(0);
    let mut outcomes = Vec::new();
    std::thread::scope(|scope| {
        // From now on each of the three files is, by atomic renames, a file of the package (three times in
        // four) or a symlink to the host's file, by a coin of its own at every turn: an export's walk of
        // the package then sometimes finds them all inside, and its copies after it sometimes do not.
        scope.spawn(|| {
            let mut coin = 0x2545_f491_4f6c_dd1d_u64;
            while !stop.load(Ordering::Relaxed) {
                for (file, text) in &swapped {
                    let next = file.with_file_name(".swap");
                    let _ = fs::remove_file(&next);
                    coin ^= coin << 13;
                    coin ^= coin >> 7;
                    coin ^= coin << 17;
                    match coin & 3 {
                        0 => symlink(&secret, &next).unwrap(),
                        _ => fs::write(&next, text).unwrap(),
                    }
                    fs::rename(&next, file).unwrap();
                }
                turns.fetch_add(1, Ordering::Relaxed);
            }
        });
        for round in 0..100 {
            // Fresh coins for each export: a machine's load could otherwise keep the swapping thread
            // off the CPU through every export, and all of them would find one state of the files.
            let seen = turns.load(Ordering::Relaxed);
            while turns.load(Ordering::Relaxed) < seen + 2 {
                std::thread::yield_now();
            }
            let options = Options {
                to: judge::package::Version::Legacy,
                out: tree.root.join(format!("out-{round}")),
                zip: false,
            };
            outcomes.push(export::export(&loaded, &options, &Tools::default()).map(|r| r.dir));
        }
        stop.store(true, Ordering::Relaxed);
    });
    let mut written = 0;
    for outcome in &outcomes {
        match outcome {
            Ok(dir) => {
                for file in [
                    "data/secret/1.in",
                    "data/secret/1.ans",
                    "data/secret/testdata.yaml",
                ] {
                    let text = fs::read_to_string(dir.join(file)).unwrap_or_default();
                    // Before: the host's file, copied into the export as the case's file.
                    assert!(
                        !text.contains(SECRET),
                        "{}: {text:?}",
                        dir.join(file).display()
                    );
                }
                written += 1;
            }
            Err(e) => {
                // Refused, naming the link, never quoting what it leads to.
                assert!(!e.contains(SECRET), "{e}");
                assert!(
                    e.contains("outside the package") || e.contains("changed while it was read"),
                    "{e}"
                );
            }
        }
    }
    assert!(
        written > 0 && written < outcomes.len(),
        "{written} of {} exports written: {:?}",
        outcomes.len(),
        outcomes.iter().take(3).collect::<Vec<_>>()
    );
}
