//! Validators, through the judge binary on packages built here. The format's default output validator and
//! its flags (case, whitespace → PE, float tolerances), given per test group in testdata.yaml, inherited by
//! subgroups and overridden by them; a package's own output validator, in Python (2023-07's
//! `output_validator/`) and in C++ (legacy's `output_validators/` with `validation: custom`): exit 42
//! accepted, 43 wrong with its judgemessage.txt as the note, anything else the judge's error (JE, exit
//! code 2); and `judge validate` with the package's input validator.

use crate::common;

use common::{fixtures, Judged, Report, Tree, SUM_ANSWER, SUM_INPUT};

/// Prints its input: judged with it, each case's `.in` is the output the validator sees.
const ECHO_C: &str = "#include <stdio.h>\nint main(void) {\n  char buf[4096];\n  size_t n;\n  \
                      while ((n = fread(buf, 1, sizeof buf, stdin)) > 0) fwrite(buf, 1, n, stdout);\n  return 0;\n}\n";

/// (case, output, answer, verdict) for the default validator; the group's flags are in `GROUP_FLAGS`.
const FLAG_CASES: [(&str, &str, &str, &str); 20] = [
    ("sample/1", "3 2\n", "3 2\n", "AC"),
    // No flags: tokens compared case-insensitively, whitespace runs alike, numbers as text.
    (
        "secret/a-default/case-and-space",
        "Hello   World\n\n",
        "hello world\n",
        "AC",
    ),
    ("secret/a-default/number-as-text", "1.0\n", "1\n", "WA"),
    ("secret/a-default/extra-token", "3 2 1\n", "3 2\n", "WA"),
    ("secret/b-case/upper", "Hello\n", "hello\n", "WA"),
    ("secret/b-case/same", "hello\n", "hello\n", "AC"),
    ("secret/c-space/two-lines", "3\n2\n", "3 2\n", "PE"),
    ("secret/c-space/no-newline", "3 2", "3 2\n", "PE"),
    ("secret/c-space/wrong-token", "3 4\n", "3 2\n", "WA"),
    ("secret/c-space/same", "3 2\n", "3 2\n", "AC"),
    ("secret/d-absolute/close", "1.005\n", "1\n", "AC"),
    ("secret/d-absolute/far", "1.02\n", "1\n", "WA"),
    ("secret/d-absolute/large", "1000.5\n", "1000\n", "WA"),
    ("secret/e-relative/large", "1005\n", "1000\n", "AC"),
    ("secret/e-relative/small", "1.02\n", "1\n", "WA"),
    ("secret/f-tolerance/large", "1005\n", "1000\n", "AC"),
    ("secret/f-tolerance/small", "1.005\n", "1\n", "AC"),
    ("secret/f-tolerance/zero", "0.02\n", "0\n", "WA"),
    // g-nested is case sensitive; inherit/ keeps that, override/ sets its own flags instead.
    ("secret/g-nested/inherit/upper", "A\n", "a\n", "WA"),
    ("secret/g-nested/override/upper", "A 1.3\n", "a 1\n", "AC"),
];

const GROUP_FLAGS: [(&str, &str); 7] = [
    ("secret/b-case", "case_sensitive"),
    ("secret/c-space", "space_change_sensitive"),
    ("secret/d-absolute", "float_absolute_tolerance 0.01"),
    ("secret/e-relative", "float_relative_tolerance 0.01"),
    ("secret/f-tolerance", "float_tolerance 0.01"),
    ("secret/g-nested", "case_sensitive"),
    ("secret/g-nested/override", "float_absolute_tolerance 0.5"),
];

#[test]
fn the_default_validator_applies_each_groups_flags_inherited_and_overridden() {
    if !common::have(&["gcc"]) {
        return;
    }
    let tree = Tree::new("default-flags");
    let package = tree.package("p");
    package.problem_yaml("limits:\n  time_limit: 1\n  memory: 64\n");
    for (case, output, answer, _) in FLAG_CASES {
        package.case(case, output, answer);
    }
    for (group, flags) in GROUP_FLAGS {
        package.testdata_yaml(group, &format!("output_validator_flags: {flags}\n"));
    }
    tree.file("echo.c", ECHO_C);
    let json = tree.root.join("r.json");
    let judged = tree.judge(&[
        "p",
        "--solution",
        "echo.c",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(judged.code, 1, "{judged}");
    let report = Report::read(&json);
    let got: Vec<(String, String)> = report
        .cases()
        .iter()
        .map(|c| (c.str("case"), c.verdict()))
        .collect();
    let mut want: Vec<(String, String)> = FLAG_CASES
        .iter()
        .map(|(case, _, _, verdict)| (case.to_string(), verdict.to_string()))
        .collect();
    want.sort();
    assert_eq!(
        got, want,
        "verdicts by case, in the format's order\n{judged}"
    );
    // What a contestant reads: where and how the output differs.
    for (case, note) in [
        (
            "secret/a-default/extra-token",
            "the output goes on after the answer's 2 tokens: \"1\" on line 1",
        ),
        (
            "secret/b-case/upper",
            "token 1 (output line 1, answer line 1): expected \"hello\", found \"Hello\"",
        ),
        (
            "secret/c-space/two-lines",
            "whitespace between tokens 1 and 2 (output line 1): expected \" \", found \"\\n\"",
        ),
        (
            "secret/c-space/no-newline",
            "whitespace after the last token",
        ),
        (
            "secret/d-absolute/far",
            "expected \"1\", found \"1.02\" (absolute error",
        ),
    ] {
        let line = judged.line(&[&format!(" {case} ")]);
        assert!(line.contains(note), "{note:?} not in {line:?}");
    }
}

#[test]
fn legacy_validator_flags_come_before_the_groups_and_a_bad_flag_is_the_packages_error() {
    if !common::have(&["gcc"]) {
        return;
    }
    let tree = Tree::new("legacy-flags");
    // Legacy's problem-wide validator_flags and a group's flags both apply.
    tree.package("legacy")
        .problem_yaml("validator_flags: case_sensitive\nlimits:\n  time_limit: 1\n  memory: 64\n")
        .case("secret/upper/1", "Hello 1\n", "hello 1\n")
        .case("secret/close/1", "hello 1.05\n", "hello 1\n")
        .testdata_yaml(
            "secret/close",
            "output_validator_flags: float_tolerance 0.1\n",
        );
    tree.file("echo.c", ECHO_C);
    let json = tree.root.join("r.json");
    let judged = tree.judge(&[
        "legacy",
        "--solution",
        "echo.c",
        "--json",
        json.to_str().unwrap(),
    ]);
    let report = Report::read(&json);
    assert_eq!(
        report.case("echo.c", "secret/upper/1").verdict(),
        "WA",
        "{judged}"
    );
    assert_eq!(
        report.case("echo.c", "secret/close/1").verdict(),
        "AC",
        "{judged}"
    );
    // A flag the default validator does not know: every case a JE saying so, the judge's exit code 2.
    tree.sum_package("bogus")
        .testdata_yaml("secret", "output_validator_flags: bogus_flag\n");
    let judged = tree.judge(&["bogus", "--solution", "echo.c"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.line(&[
        "  JE  secret/1 ",
        "unknown default validator flag `bogus_flag`",
    ]);
}

/// 2023-07's output validator in Python: the tokens of the answer, or a message with the flags it was
/// given; on an input starting with 7 it fails as a buggy validator would (an exception: exit code 1).
const PYTHON_VALIDATOR: &str = r#"import os
import sys

input_path, answer_path, feedback_dir = sys.argv[1:4]
flags = sys.argv[4:]
with open(input_path) as f:
    if f.read().split()[0] == "7":
        raise ValueError("a validator bug")
with open(answer_path) as f:
    want = f.read().split()
got = sys.stdin.read().split()
if got == want:
    sys.exit(42)
with open(os.path.join(feedback_dir, "judgemessage.txt"), "w") as f:
    f.write("expected %s, got %s (flags: %s)\n" % (" ".join(want), " ".join(got), " ".join(flags)))
sys.exit(43)
"#;

#[test]
fn a_python_output_validator_of_a_2023_07_package_judges_by_its_exit_code() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("python-validator");
    let package = tree.sum_package("p");
    package
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Sum\nlimits:\n  time_limit: 1\n  memory: 64\n")
        .file("output_validator/validate.py", PYTHON_VALIDATOR)
        .testdata_yaml("secret", "output_validator_flags: sum_and_product\n")
        .submission("wrong_answer/wa.rs", "wa.rs");
    let json = tree.root.join("r.json");
    let judged = tree.judge(&["p", "--json", json.to_str().unwrap()]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["p: 1000 ms · 64 MiB · output_validator/validate.py · 1 case"]);
    let report = Report::read(&json);
    assert_eq!(report.case("accepted/ac.rs", "secret/1").verdict(), "AC");
    let wa = report.case("wrong_answer/wa.rs", "secret/1");
    assert_eq!(wa.verdict(), "WA");
    assert_eq!(
        wa.str("note"),
        "expected 3 2, got 4 2 (flags: sum_and_product)"
    );
    // A validator that fails is the judge's error: JE, exit code 2, never a verdict on the submission.
    package.case("secret/7", "7 1\n", "8 7\n");
    let ac = fixtures().join("programs/ac.rs");
    let judged = tree.judge(&["p", "--solution", ac.to_str().unwrap()]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.line(&["  AC  secret/1 "]);
    judged.line(&["  JE  secret/7 ", "the output validator exited with code 1"]);
}

#[test]
fn a_failing_output_validator_is_quoted_in_the_note() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("python-validator-stderr");
    tree.package("p")
        .problem_yaml("problem_format_version: 2023-07-draft\nlimits:\n  time_limit: 1\n")
        .file("output_validator/validate.py", PYTHON_VALIDATOR)
        .case("secret/7", "7 1\n", "8 7\n");
    let ac = fixtures().join("programs/ac.rs");
    let judged = tree.judge(&["p", "--solution", ac.to_str().unwrap()]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.line(&["  JE  secret/7 ", "ValueError: a validator bug"]);
}

/// Legacy's output validator in C++: the sum and product against the answer's; on an input starting with
/// 5 it exits 0, on 6 it aborts — two ways a validator can fail.
const CPP_VALIDATOR: &str = r#"#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  std::ifstream input(argv[1]), answer(argv[2]);
  long a, b, want_sum, want_product, sum, product;
  input >> a >> b;
  answer >> want_sum >> want_product;
  if (a == 5) return 0;
  if (a == 6) std::abort();
  if (!(std::cin >> sum >> product)) return 43;
  if (sum == want_sum && product == want_product) return 42;
  std::ofstream(std::string(argv[3]) + "/judgemessage.txt") << "sum " << sum << ", expected " << want_sum << "\n";
  return 43;
}
"#;

#[test]
fn a_cpp_output_validator_of_a_legacy_package_judges_by_its_exit_code() {
    if !common::have(&["g++"]) {
        return;
    }
    let tree = Tree::new("cpp-validator");
    tree.sum_package("p")
        .problem_yaml("name: Sum\nvalidation: custom\nlimits:\n  time_limit: 1\n  memory: 64\n")
        .file("output_validators/check.cpp", CPP_VALIDATOR)
        .case("secret/5", "5 1\n", "6 5\n")
        .case("secret/6", "6 1\n", "7 6\n")
        .submission("wrong_answer/wa.rs", "wa.rs");
    let judged = tree.judge(&["p", "--case", "secret/1", "--cases"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["p: accepted/ac.rs · 1000 ms · 64 MiB · output_validators/check.cpp · 1 case"]);
    judged.line(&["  WA  secret/1 ", "sum 4, expected 3"]);
    let ac = fixtures().join("programs/ac.rs");
    let json = tree.root.join("r.json");
    let judged = tree.judge(&[
        "p",
        "--solution",
        ac.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(judged.code, 2, "{judged}");
    let report = Report::read(&json);
    let case = |name: &str| report.case(ac.to_str().unwrap(), name);
    assert_eq!(case("secret/1").verdict(), "AC");
    let exit_0 = case("secret/5");
    assert_eq!(exit_0.verdict(), "JE");
    assert!(
        exit_0
            .str("note")
            .contains("the output validator exited with code 0"),
        "{exit_0:?}"
    );
    let abort = case("secret/6");
    assert_eq!(abort.verdict(), "JE");
    assert!(abort.str("note").contains("SIGABRT"), "{abort:?}");
}

#[test]
fn a_legacy_output_validator_without_validation_custom_is_not_used() {
    if !common::have(&["g++"]) {
        return;
    }
    let tree = Tree::new("legacy-default");
    let package = tree.sum_package("p");
    package.file("output_validators/check.cpp", CPP_VALIDATOR);
    let judged = tree.judge(&["p"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.says(&format!(
        "judge: warning: {}: not used, as problem.yaml does not say `validation: custom`",
        package.path("output_validators/check.cpp").display()
    ));
    judged.line(&["p: 1000 ms · 64 MiB · default validator · 1 case"]);
}

#[test]
fn a_legacy_output_validator_in_a_folder_of_its_own() {
    if !common::have(&["g++"]) {
        return;
    }
    let tree = Tree::new("validator-folder");
    tree.sum_package("p")
        .problem_yaml("name: Sum\nvalidation: custom\nlimits:\n  time_limit: 1\n  memory: 64\n")
        .file("output_validators/check/check.cpp", CPP_VALIDATOR)
        .submission("wrong_answer/wa.rs", "wa.rs");
    let judged = tree.judge(&["p", "--cases"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["  WA  secret/1 ", "sum 4, expected 3"]);
}

/// An input validator: two numbers 0..=100 on one line (0..=10 with the flag `small`).
const INPUT_VALIDATOR: &str = r#"import sys

limit = 10 if "small" in sys.argv[1:] else 100
text = sys.stdin.read()
tokens = text.split()
if len(tokens) != 2 or text != " ".join(tokens) + "\n" or not all(t.isdigit() and int(t) <= limit for t in tokens):
    print("expected two numbers 0..=%d on one line, found %r" % (limit, text), file=sys.stderr)
    sys.exit(43)
sys.exit(42)
"#;

#[test]
fn judge_validate_runs_the_input_validators_with_each_groups_flags() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("validate");
    let package = tree.package("p");
    package
        .problem_yaml("limits:\n  time_limit: 1\n")
        .file("input_validators/validate.py", INPUT_VALIDATOR)
        .case("sample/1", SUM_INPUT, SUM_ANSWER)
        .case("secret/big/1", "50 2\n", "52 100\n")
        .case("secret/small/1", "5 2\n", "7 10\n")
        .testdata_yaml("secret/small", "input_validator_flags: small\n");
    let validate = |args: &[&str]| {
        Judged::from(
            common::judge_command()
                .arg("validate")
                .arg("--testdata")
                .arg(tree.testdata())
                .args(args)
                .output()
                .unwrap(),
        )
    };
    let judged = validate(&["p"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["p: 3 inputs × 1 validator: all as they should be"]);
    // The small group's flag makes 50 too big there: the input is named, with the validator's message.
    package.case("secret/small/1", "50 2\n", "52 100\n");
    let judged = validate(&["p"]);
    assert_eq!(judged.code, 1, "{judged}");
    judged.line(&[
        "  INVALID secret/small/1  input_validators/validate.py: exit code 43: ",
        "expected two numbers 0..=10 on one line",
    ]);
    assert_eq!(judged.stdout.matches("INVALID").count(), 1, "{judged}");
    // data/invalid_input/: every case there must be rejected by a validator.
    package
        .case("secret/small/1", "5 2\n", "7 10\n")
        .file("data/invalid_input/three.in", "1 2 3\n")
        .file("data/invalid_input/fine.in", "3 4\n");
    let judged = validate(&["p"]);
    assert_eq!(judged.code, 1, "{judged}");
    judged.line(&["p: 3 inputs × 1 validator (and 2 invalid_input cases):"]);
    judged.line(&["  ACCEPTED invalid_input/fine: an invalid_input case no validator rejects"]);
    assert!(!judged.stdout.contains("invalid_input/three"), "{judged}");
    // No validator: nothing checks the inputs, which is the judge's error.
    tree.sum_package("none");
    let judged = validate(&["none"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.line(&["none: no input validator in "]);
}

/// An answer validator: the answer (stdin) must be `a+b a*b` for the input `a b` (its first argument).
const ANSWER_VALIDATOR: &str = r#"import sys
a, b = map(int, open(sys.argv[1]).read().split())
text = sys.stdin.read()
if text != "%d %d\n" % (a + b, a * b):
    print("expected %d %d for the input %d %d, found %r" % (a + b, a * b, a, b, text), file=sys.stderr)
    sys.exit(43)
sys.exit(42)
"#;

#[test]
fn judge_validate_runs_the_answer_validators_on_every_answer_with_its_input() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("validate-answers");
    let package = tree.package("p");
    package
        .problem_yaml("problem_format_version: 2023-07-draft\nlimits:\n  time_limit: 1\n")
        .file("input_validators/validate.py", INPUT_VALIDATOR)
        .file("answer_validators/validate.py", ANSWER_VALIDATOR)
        .case("sample/1", SUM_INPUT, SUM_ANSWER)
        .case("secret/1", "5 7\n", "12 35\n");
    let validate = || {
        Judged::from(
            common::judge_command()
                .arg("validate")
                .arg("--testdata")
                .arg(tree.testdata())
                .arg("p")
                .output()
                .unwrap(),
        )
    };
    let judged = validate();
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&[
        "p: 2 inputs × 1 validator, 2 answers × 1 answer validator: all as they should be",
    ]);
    // An answer that is not the one for its input is named, with the answer validator's message.
    package.case("secret/1", "5 7\n", "12 36\n");
    let judged = validate();
    assert_eq!(judged.code, 1, "{judged}");
    judged.line(&[
        "  INVALID secret/1.ans  answer_validators/validate.py: exit code 43: ",
        "expected 12 35 for the input 5 7",
    ]);
    assert_eq!(judged.stdout.matches("INVALID").count(), 1, "{judged}");
}
