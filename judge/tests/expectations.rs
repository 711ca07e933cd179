//! What example submissions must get, through the judge binary: `submissions/submissions.yaml` rules per
//! test group (every case judged, a broken rule named with its file and line), a submission in a folder the
//! format does not know (judged, not checked), and the `--json` keys that carry it all.

use crate::common;

use common::{Report, Tree};

/// The sum and the product with a 32-bit product: right on small numbers, wrong past 46,340.
const OVERFLOW_C: &str = "#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf(\"%d %d\", &a, &b) != 2) return 1;\n  \
                          unsigned product = (unsigned)a * (unsigned)b;\n  printf(\"%d %d\\n\", a + b, (int)product);\n  return 0;\n}\n";

/// A sum package with small cases (sample, secret/easy), big ones (secret/big) and this project's beyond
/// group; `accepted/ac.rs` and `wrong_answer/overflow.c`.
fn overflow_tree(name: &str) -> Tree {
    let tree = Tree::new(name);
    tree.package("sum")
        .problem_yaml(common::SUM_YAML)
        .case("sample/1", "1 2\n", "3 2\n")
        .case("secret/easy/1", "2 3\n", "5 6\n")
        .case("secret/big/1", "100000 100000\n", "200000 10000000000\n")
        .case(
            "secret/beyond/huge",
            "1000000 1000000\n",
            "2000000 1000000000000\n",
        )
        .submission("accepted/ac.rs", "ac.rs")
        .file("submissions/wrong_answer/overflow.c", OVERFLOW_C);
    tree
}

#[test]
fn submissions_yaml_rules_per_test_group_judge_every_case() {
    if !common::have(&["gcc"]) {
        return;
    }
    let tree = overflow_tree("rules");
    tree.package("sum").file(
        "submissions/submissions.yaml",
        "wrong_answer/overflow.c:\n  sample:\n    permitted: [AC]\n  secret/easy:\n    permitted: [AC]\n  \
         secret/big:\n    required: [WA]\n",
    );
    let json = tree.root.join("r.json");
    let judged = tree.judge(&["sum", "--json", json.to_str().unwrap()]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["  ok    wrong_answer/overflow.c ", "WA 2/4"]);
    let report = Report::read(&json);
    // The keys a tool reads: per submission its verdict, what it must get and why it did not (null: it did).
    let overflow = report.submission("wrong_answer/overflow.c");
    assert_eq!(overflow.str("name"), "sum");
    assert_eq!(overflow.verdict(), "WA");
    assert_eq!(
        overflow.str("expected"),
        "WA, AC on sample, AC on secret/easy, WA on secret/big"
    );
    assert_eq!(overflow.raw("unmet"), "null");
    // A rule of submissions.yaml needs every case: none skipped after the first failure.
    assert_eq!(
        (overflow.num("cases"), overflow.num("skipped")),
        (4, 0),
        "{overflow:?}"
    );
    let ac = report.submission("accepted/ac.rs");
    assert_eq!(
        (ac.verdict(), ac.str("expected"), ac.raw("unmet")),
        ("AC".into(), "AC".into(), "null".into())
    );
    // Per case: the package, the submission, the case's path below data/, its group, its verdict.
    let cases: Vec<(String, String, String, String)> = report
        .cases()
        .iter()
        .filter(|c| c.str("problem") == "sum" && c.str("submission") == "wrong_answer/overflow.c")
        .map(|c| (c.str("case"), c.str("group"), c.verdict(), c.str("note")))
        .collect();
    let names: Vec<(&str, &str, &str)> = cases
        .iter()
        .map(|(c, g, v, _)| (c.as_str(), g.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("sample/1", "official", "AC"),
            ("secret/beyond/huge", "beyond", "WA"),
            ("secret/big/1", "official", "WA"),
            ("secret/easy/1", "official", "AC"),
        ]
    );
    assert!(
        cases[2]
            .3
            .contains("expected \"10000000000\", found \"1410065408\""),
        "{cases:?}"
    );
}

#[test]
fn a_broken_rule_is_named_with_its_file_and_line() {
    if !common::have(&["gcc"]) {
        return;
    }
    let tree = overflow_tree("broken-rule");
    let yaml = tree.testdata().join("sum/submissions/submissions.yaml");
    common::write(&yaml, "# overflow only fails on big numbers\nwrong_answer/overflow.c:\n  secret/easy:\n    required: [WA]\n");
    let json = tree.root.join("r.json");
    let judged = tree.judge(&["sum", "--json", json.to_str().unwrap()]);
    assert_eq!(judged.code, 1, "{judged}");
    let why = format!("no WA on secret/easy, which {}:3 requires", yaml.display());
    judged.line(&[
        "  FAIL  wrong_answer/overflow.c ",
        &format!("expected WA, WA on secret/easy: {why}"),
    ]);
    judged.line(&["1 of 2 example submissions got what their folder expects"]);
    let overflow = Report::read(&json).submission("wrong_answer/overflow.c");
    assert_eq!(overflow.str("unmet"), why);
}

#[test]
fn a_submission_in_a_folder_the_format_does_not_know_is_judged_not_checked() {
    let tree = Tree::new("unknown-folder");
    let package = tree.sum_package("p");
    package
        .submission("slow/ac.rs", "ac.rs")
        .submission("other/wa.rs", "wa.rs")
        .file(
            "submissions/submissions.yaml",
            "other/wa.rs:\n  required: [WA]\n",
        );
    let json = tree.root.join("r.json");
    let judged = tree.judge(&["p", "--json", json.to_str().unwrap()]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.says(&format!(
        "judge: warning: {}: the folder slow/ is not one the format knows",
        package.path("submissions/slow/ac.rs").display()
    ));
    judged.line(&[
        "  --    slow/ac.rs ",
        "AC 1/1",
        "(no expectation: not a folder the format knows)",
    ]);
    // submissions.yaml can give a submission in any folder its expectation.
    judged.line(&["  ok    other/wa.rs ", "WA 0/1"]);
    judged.line(&["slow/ac.rs ", "not checked"]);
    let report = Report::read(&json);
    assert_eq!(report.submission("slow/ac.rs").raw("expected"), "null");
    assert_eq!(report.submission("other/wa.rs").str("expected"), "WA");
}

#[test]
fn a_failing_submission_that_is_not_checked_does_not_fail_the_run() {
    let tree = Tree::new("unknown-folder-wa");
    tree.sum_package("p").submission("slow/wa.rs", "wa.rs");
    let judged = tree.judge(&["p"]);
    judged.line(&["1 of 1 example submission got what their folder expects"]);
    assert_eq!(judged.code, 0, "not checked, so not failed:\n{judged}");
}
