//! End to end: the judge binary on the fixture testdata (`tests/fixtures/testdata/`, one problem per
//! misbehaving program), asserting each case's verdict from the `--json` report, and exit code 1.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every fixture problem (one case `01` each) and the verdict it must get.
const EXPECTED: [(&str, &str); 14] = [
    ("ac", "AC"),
    ("ce", "CE"),
    ("escape", "AC"),
    ("infiltrator", "AC"),
    ("mle", "MLE"),
    ("ole", "OLE"),
    ("orphan", "AC"),
    ("pe", "PE"),
    ("re-exit3", "RE"),
    ("re-panic", "RE"),
    ("recursion", "AC"),
    ("tle-busy", "TLE"),
    ("tle-sleep", "TLE"),
    ("wa", "WA"),
];

/// One case line of the JSON report, the fields this test reads.
#[derive(Debug)]
struct Case {
    verdict: String,
    cpu_ms: u64,
    memory_kib: u64,
    note: String,
}

/// The string value of `"key": "…"` in a one-line JSON object (escapes kept as written).
fn string_field(line: &str, key: &str) -> String {
    let start = line
        .find(&format!("\"{key}\": \""))
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    let rest = &line[start + key.len() + 5..];
    let mut end = 0;
    let bytes = rest.as_bytes();
    while bytes[end] != b'"' {
        end += if bytes[end] == b'\\' { 2 } else { 1 };
    }
    rest[..end].to_string()
}

/// The integer value of `"key": N` in a one-line JSON object.
fn number_field(line: &str, key: &str) -> u64 {
    let start = line
        .find(&format!("\"{key}\": "))
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    let digits: String = line[start + key.len() + 4..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// Runs the judge over the fixtures; returns its exit code and the cases by (problem, case).
fn judge_fixtures(json: &Path) -> (Option<i32>, BTreeMap<(String, String), Case>) {
    let testdata = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/testdata");
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--testdata")
        .arg(&testdata)
        .arg("--json")
        .arg(json)
        .output()
        .expect("the judge binary runs");
    let report = fs::read_to_string(json).unwrap_or_else(|e| {
        panic!(
            "no JSON report ({e}); judge stderr:\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let mut cases = BTreeMap::new();
    // Case objects are the lines `{"problem": "…", "case": "…", …` (problem summaries have no `case`).
    let case_lines = report
        .lines()
        .filter(|line| line.starts_with("{\"problem\": ") && line.contains("\", \"case\": \""));
    for line in case_lines {
        let key = (string_field(line, "problem"), string_field(line, "case"));
        let case = Case {
            verdict: string_field(line, "verdict"),
            cpu_ms: number_field(line, "cpu_ms"),
            memory_kib: number_field(line, "memory_kib"),
            note: string_field(line, "note"),
        };
        cases.insert(key, case);
    }
    (output.status.code(), cases)
}

#[test]
fn every_misbehaviour_gets_its_verdict() {
    let json = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("judge-verdicts.json");
    let _ = fs::remove_file(&json);
    let (code, cases) = judge_fixtures(&json);
    assert_eq!(code, Some(1), "some case is not AC: exit code 1");
    let got: Vec<(&str, &str)> = cases
        .iter()
        .map(|((problem, _), case)| (problem.as_str(), case.verdict.as_str()))
        .collect();
    assert_eq!(got, EXPECTED, "verdicts by problem");
    assert!(
        cases.keys().all(|(_, case)| case == "01"),
        "{:?}",
        cases.keys()
    );

    let case = |problem: &str| &cases[&(problem.to_string(), "01".to_string())];
    // The figures behind the verdicts: stack memory counted, the small stay small. (CPU figures are
    // asserted in runner.rs: on a loaded machine the busy loop may meet the wall watchdog first.)
    assert!(
        case("recursion").memory_kib >= 20 << 10,
        "{:?}",
        case("recursion")
    );
    assert!(case("ac").memory_kib < 16 << 10, "{:?}", case("ac"));
    assert!(
        case("tle-sleep").cpu_ms < 100,
        "the sleeper met the wall watchdog: {:?}",
        case("tle-sleep")
    );
    // The notes carry what a contestant needs: the panic message, the exit code, the compiler's error.
    assert!(
        case("re-panic")
            .note
            .contains("fixture panic: no numbers read"),
        "{:?}",
        case("re-panic")
    );
    assert!(
        case("re-exit3").note.contains('3'),
        "{:?}",
        case("re-exit3")
    );
    assert!(
        case("ce").note.contains("mismatched types"),
        "{:?}",
        case("ce")
    );
}
