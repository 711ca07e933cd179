//! Reading problem packages, through the judge binary on temp trees: a mistake in problem.yaml,
//! testdata.yaml or submissions.yaml is the judge's error naming file and line, the other packages are
//! still judged, exit code 2; odd files (a FIFO named like a case, links out of the package or in a loop, a
//! name with a newline) are named and never hang the judge; unknown keys are warnings; and where the time
//! limit comes from: problem.yaml, DOMjudge's `.timelimit`, or the slowest accepted submission.

use crate::common;

use common::{within, Report, Tree, SUM_ANSWER, SUM_INPUT, SUM_YAML};
use std::fs;
use std::os::unix::fs::symlink;
use std::process::Command;
use std::time::Duration;

#[test]
fn malformed_packages_are_reported_with_file_and_line_and_the_rest_judged() {
    let tree = Tree::new("malformed");
    tree.sum_package("a-yaml")
        .problem_yaml("name: Sum\nlimits:\n  time_limit: 1\n  memory: [64\n");
    tree.sum_package("b-limits")
        .problem_yaml("name: Sum\nlimits:\n  time_limit: fast\n  memory: 64\n");
    tree.sum_package("c-testdata-yaml").testdata_yaml(
        "secret",
        "output_validator_flags: case_sensitive\ninput_validator_flags: {a: b\n",
    );
    tree.sum_package("d-missing-ans")
        .file("data/secret/sub/02.in", "2 2\n");
    tree.sum_package("e-submissions-yaml").file(
        "submissions/submissions.yaml",
        "accepted/ac.rs:\n  permitted: [AC, OK]\n",
    );
    tree.sum_package("f-version")
        .problem_yaml("problem_format_version: 2099-01\nname: Sum\n");
    tree.package("g-problem-toml")
        .file("problem.toml", "solution = \"sol.rs\"\n")
        .case("secret/1", SUM_INPUT, SUM_ANSWER);
    tree.sum_package("z-good");
    let json = tree.root.join("report.json");
    let judged = tree.judge(&["--json", json.to_str().unwrap()]);
    assert_eq!(judged.code, 2, "{judged}");
    let td = tree.testdata();
    let td = td.display();
    let errors = [
        format!("{td}/a-yaml/problem.yaml:4: unclosed `[`"),
        format!(
            "{td}/b-limits/problem.yaml:3: `limits.time_limit` must be a number from 0.001 to 1000000, found `fast`"
        ),
        format!("{td}/c-testdata-yaml/data/secret/testdata.yaml:2: unclosed `{{`"),
        format!("{td}/d-missing-ans/data/secret/sub/02.in: no matching {td}/d-missing-ans/data/secret/sub/02.ans"),
        format!("{td}/e-submissions-yaml/submissions/submissions.yaml:2: unknown verdict `OK`"),
        format!("{td}/f-version/problem.yaml:1: problem_format_version `2099-01` unknown"),
        format!("{td}/g-problem-toml/problem.yaml: cannot read"),
    ];
    for error in &errors {
        judged.says(&format!("judge: error: {error}"));
    }
    judged.says("problem.toml is no longer read");
    // The good package is judged all the same, and only it.
    judged.line(&["z-good: 1000 ms · 64 MiB · default validator · 1 case"]);
    judged.line(&["  ok    accepted/ac.rs ", "AC 1/1"]);
    let report = Report::read(&json);
    let judged_packages: Vec<String> = report.cases().iter().map(|c| c.str("problem")).collect();
    assert_eq!(judged_packages, ["z-good"], "{}", report.text);
    for error in &errors {
        assert!(
            report.text.contains(error.as_str()),
            "the JSON lists the judge's errors too: {error}\n{}",
            report.text
        );
    }
}

#[test]
fn odd_files_in_a_package_are_named_and_never_hang_the_judge() {
    use std::os::unix::ffi::OsStrExt;
    let tree = Tree::new("odd-files");
    for name in [
        "b-fifo",
        "c-dangling",
        "d-lone-ans",
        "e-not-utf8",
        "f-folder-in",
        "g-link-out",
        "h-newline",
        "i-link-inside",
        "z-good",
    ] {
        tree.sum_package(name);
    }
    let td = tree.testdata();
    let secret = |package: &str, file: &str| td.join(package).join("data/secret").join(file);
    // Opening a FIFO for reading blocks until a writer comes: it must never be given to a run.
    let made = Command::new("mkfifo")
        .arg(secret("b-fifo", "2.in"))
        .status()
        .unwrap();
    assert!(made.success());
    fs::write(secret("b-fifo", "2.ans"), "3\n").unwrap();
    symlink("nowhere.in", secret("c-dangling", "2.in")).unwrap();
    fs::write(secret("c-dangling", "2.ans"), "3\n").unwrap();
    fs::write(secret("d-lone-ans", "2.ans"), "3\n").unwrap();
    let not_utf8 = |ext: &str| {
        let mut name = std::ffi::OsString::from("02-");
        name.push(std::ffi::OsStr::from_bytes(b"\xff"));
        name.push(ext);
        td.join("e-not-utf8/data/secret").join(name)
    };
    fs::write(not_utf8(".in"), SUM_INPUT).unwrap();
    fs::write(not_utf8(".ans"), SUM_ANSWER).unwrap();
    fs::create_dir(secret("f-folder-in", "2.in")).unwrap();
    fs::write(secret("f-folder-in", "2.ans"), "3\n").unwrap();
    // Links out of the package: a case and a submission.
    let outside = tree.file("outside.in", SUM_INPUT);
    symlink(&outside, secret("g-link-out", "2.in")).unwrap();
    fs::write(secret("g-link-out", "2.ans"), SUM_ANSWER).unwrap();
    let outside_rs = tree.file("outside.rs", "fn main() {}\n");
    let outside_submission = td.join("g-link-out/submissions/accepted/outside.rs");
    symlink(&outside_rs, &outside_submission).unwrap();
    // A newline in a case name would split every line that names it.
    fs::write(secret("h-newline", "a\nb.in"), SUM_INPUT).unwrap();
    fs::write(secret("h-newline", "a\nb.ans"), SUM_ANSWER).unwrap();
    // A link inside the package is the format's way to share a file: fine.
    tree.sum_package("i-link-inside")
        .case("sample/1", SUM_INPUT, SUM_ANSWER);
    fs::remove_file(secret("i-link-inside", "1.in")).unwrap();
    symlink("../sample/1.in", secret("i-link-inside", "1.in")).unwrap();

    let judged = within(tree.command(&[]), Duration::from_secs(60));
    assert_eq!(judged.code, 2, "{judged}");
    let td = td.display();
    for error in [
        format!("{td}/b-fifo/data/secret/2.in: not a regular file"),
        format!("{td}/c-dangling/data/secret/2.in: cannot read: "),
        format!("{td}/f-folder-in/data/secret/2.in: a folder named like a case file"),
        format!(
            "{td}/g-link-out/data/secret/2.in: a symlink to {}, outside the package",
            outside.display()
        ),
        format!(
            "{}: a symlink to {}, outside the package",
            outside_submission.display(),
            outside_rs.display()
        ),
        format!("\"{td}/h-newline/data/secret/a\\nb.in\": a control character in a name"),
    ] {
        judged.says(&format!("judge: error: {error}"));
    }
    // Files the format ignores are warnings; their packages are judged on the rest.
    judged.says(&format!(
        "judge: warning: {td}/d-lone-ans/data/secret/2.ans: no matching .in; ignored"
    ));
    judged.says(&format!(
        "judge: warning: {td}/e-not-utf8/data/secret/02-\u{fffd}.in: ignored, as the format says"
    ));
    for package in ["d-lone-ans", "e-not-utf8", "z-good"] {
        judged.line(&[&format!("{package}: 1000 ms"), "1 case"]);
    }
    judged.line(&["i-link-inside: 1000 ms", "2 cases"]);
    for broken in [
        "b-fifo",
        "c-dangling",
        "f-folder-in",
        "g-link-out",
        "h-newline",
    ] {
        assert!(
            !judged.stdout.contains(&format!("{broken}: ")),
            "a broken package is not judged:\n{judged}"
        );
    }
    assert!(!judged.stdout.contains("FAIL"), "{judged}");
}

#[test]
fn a_symlink_loop_in_data_is_named_not_walked() {
    let tree = Tree::new("symlink-loop");
    tree.sum_package("a-loop");
    tree.sum_package("z-good");
    // Two links back up: walked naively, 2^40 paths before the kernel's ELOOP stops a single lookup.
    let secret = tree.testdata().join("a-loop/data/secret");
    symlink(".", secret.join("here")).unwrap();
    symlink("../secret", secret.join("again")).unwrap();
    let judged = within(tree.command(&[]), Duration::from_secs(30));
    assert_eq!(judged.code, 2, "{judged}");
    let errors: Vec<&str> = judged
        .stderr
        .lines()
        .filter(|l| l.starts_with("judge: error: "))
        .collect();
    assert!(
        (1..=2).contains(&errors.len()) && errors.iter().all(|e| e.contains("a-loop/data/secret/")),
        "one error a loop, naming it:\n{judged}"
    );
    judged.line(&["  ok    accepted/ac.rs ", "AC 1/1"]);
}

#[test]
fn a_fifo_named_like_a_package_file_is_named_not_read() {
    for file in ["problem.yaml", "submissions/submissions.yaml", ".timelimit"] {
        let tree = Tree::new("fifo-files");
        let package = tree.sum_package("p");
        let path = package.path(file);
        let _ = fs::remove_file(&path);
        let made = Command::new("mkfifo").arg(&path).status().unwrap();
        assert!(made.success());
        let judged = within(tree.command(&["p"]), Duration::from_secs(30));
        assert_eq!(judged.code, 2, "{file}: {judged}");
        judged.says(&format!("judge: error: {}", path.display()));
    }
}

#[test]
fn unknown_keys_are_warnings_naming_file_and_line_and_the_package_is_still_judged() {
    let tree = Tree::new("unknown-keys");
    let package = tree.sum_package("p");
    package
        .problem_yaml(
            "name: Sum\nspeed: 3\nlimits:\n  time_limit: 1\n  memory: 64\n  colour: red\n",
        )
        .testdata_yaml(
            "secret",
            "output_validator_flags: case_sensitive\nweight: 2\n",
        )
        .file(
            "submissions/submissions.yaml",
            "accepted/ac.rs:\n  permitted: [AC]\n  message: fine\n",
        );
    let judged = tree.judge(&["p"]);
    assert_eq!(judged.code, 0, "{judged}");
    let p = package.dir.display();
    for warning in [
        format!(
            "{p}/problem.yaml:2: 2 unknown keys, `speed` and `limits.colour` (line 6); ignored"
        ),
        format!("{p}/data/secret/testdata.yaml:2: unknown key `weight`; ignored"),
        format!("{p}/submissions/submissions.yaml:3: `message` is not checked by this judge"),
    ] {
        judged.says(&format!("judge: warning: {warning}"));
    }
    judged.line(&["  ok    accepted/ac.rs ", "AC 1/1"]);
}

#[test]
fn a_time_limit_from_domjudges_timelimit_file() {
    let tree = Tree::new("timelimit-file");
    // No time limit in problem.yaml: the file's.
    let from_file = tree.sum_package("a-file");
    from_file
        .problem_yaml("name: Sum\nlimits:\n  memory: 64\n")
        .file(".timelimit", "1.5\n");
    // Both: problem.yaml's, and a warning that they differ.
    tree.sum_package("b-both").file(".timelimit", "3\n");
    let judged = tree.judge(&["--list", "a-file", "b-both"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["a-file: Sum · 1 case", " · 1500 ms (.timelimit) · "]);
    judged.line(&["b-both: Sum · 1 case", " · 1000 ms (problem.yaml) · "]);
    judged.says(&format!(
        "judge: warning: {}: says 3 s, problem.yaml says 1 s; problem.yaml's is used",
        tree.testdata().join("b-both/.timelimit").display()
    ));
    // Judged by it: the header and the report say where it came from.
    let json = tree.root.join("report.json");
    let judged = tree.judge(&["a-file", "--json", json.to_str().unwrap()]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["a-file: 1500 ms (.timelimit) · 64 MiB"]);
    let summary = Report::read(&json).submission("accepted/ac.rs");
    assert_eq!(summary.num("time_limit_ms"), 1500, "{summary:?}");
    assert_eq!(summary.str("time_limit_from"), ".timelimit", "{summary:?}");
    // A file that says no number of seconds is the package's mistake.
    from_file.file(".timelimit", "fast\n");
    let judged = tree.judge(&["--list", "a-file"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says(&format!(
        "judge: error: {}: expected a number of seconds, found `fast`",
        from_file.path(".timelimit").display()
    ));
}

/// problemtools' rule: the slowest accepted run × the multiplier, rounded up to whole seconds (the default
/// time resolution), at least one.
fn derived_ms(slowest_ms: u64, multiplier: u64) -> u64 {
    ((slowest_ms * multiplier + 999) / 1000).max(1) * 1000
}

#[test]
fn a_package_without_a_time_limit_derives_it_from_its_slowest_accepted_submission() {
    let tree = Tree::new("derived");
    // Legacy's time_multiplier and 2023-07's ac_to_time_limit; recursion.rs (~20 ms) is the slowest.
    tree.sum_package("legacy")
        .problem_yaml("name: Sum\nlimits:\n  time_multiplier: 100\n  memory: 64\n")
        .submission("accepted/recursion.rs", "recursion.rs")
        .submission("wrong_answer/wa.rs", "wa.rs");
    tree.sum_package("modern")
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Sum\nlimits:\n  memory: 64\n  time_multipliers:\n    ac_to_time_limit: 50\n");
    // Nothing accepted to derive it from: the judge's error.
    tree.sum_package("none")
        .problem_yaml("name: Sum\nlimits:\n  memory: 64\n")
        .submission("wrong_answer/wa.rs", "wa.rs");
    fs::remove_dir_all(tree.testdata().join("none/submissions/accepted")).unwrap();
    let json = tree.root.join("report.json");
    let judged = tree.judge(&["--json", json.to_str().unwrap()]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says(&format!(
        "judge: error: {}: no time limit: problem.yaml states none and no accepted submission ran to derive it from",
        tree.testdata().join("none").display()
    ));
    let report = Report::read(&json);
    for (package, multiplier, submissions) in [
        (
            "legacy",
            100,
            &[
                "accepted/ac.rs",
                "accepted/recursion.rs",
                "wrong_answer/wa.rs",
            ][..],
        ),
        ("modern", 50, &["accepted/ac.rs"][..]),
    ] {
        let summaries: Vec<_> = report
            .submissions()
            .into_iter()
            .filter(|s| s.str("name") == package)
            .collect();
        let names: Vec<String> = summaries.iter().map(|s| s.str("submission")).collect();
        assert_eq!(names, submissions, "{}", report.text);
        let slowest = report
            .cases()
            .iter()
            .filter(|c| c.str("problem") == package && c.str("submission").starts_with("accepted/"))
            .map(|c| c.num("cpu_ms"))
            .max()
            .unwrap();
        let ms = derived_ms(slowest, multiplier);
        let from = format!(
            "derived: slowest accepted {slowest} ms × {multiplier} → {} s",
            ms / 1000
        );
        for summary in &summaries {
            assert_eq!(summary.num("time_limit_ms"), ms, "{summary:?}");
            assert_eq!(summary.str("time_limit_from"), from, "{summary:?}");
        }
        judged.line(&[&format!("{package}: time limit {from}")]);
        judged.line(&[&format!(
            "{package}: time limit: derived from the accepted submissions below"
        )]);
    }
    // A file of one's own is judged under the derived limit, and its header says so.
    let wa = common::fixtures().join("programs/wa.rs");
    let judged = tree.judge(&["legacy", "--solution", wa.to_str().unwrap()]);
    assert_eq!(judged.code, 1, "{judged}");
    judged.line(&["deriving time limits from the packages' accepted submissions"]);
    judged.line(&["legacy: ", "wa.rs · ", " ms (derived: slowest accepted "]);
}

#[test]
fn included_files_and_constants_join_the_programs_as_the_format_says() {
    let tree = Tree::new("include-constants");
    // 2025-09: a C driver in include/c/ calls the submission's function; a header for every other
    // language in include/default/; constants in the submissions and the output validator.
    let package = tree.package("driver");
    package
        .problem_yaml(
            "problem_format_version: 2025-09\nname: Driver\nlimits:\n  time_limit: 1\n  memory: 64\n\
             constants:\n  offset: 7\n  bound:\n    value: 100\n    tex: 10^2\n",
        )
        .case("secret/1", "1 2\n", "10\n")
        .file(
            "include/c/main.c",
            "#include <stdio.h>\nint solve(int a, int b);\nint main(void) { int a, b;\n\
             if (scanf(\"%d %d\", &a, &b) != 2) return 1; printf(\"%d\\n\", solve(a, b)); return 0; }\n",
        )
        .file("include/default/offset.h", "#define OFFSET {{offset}}\n")
        .file("include/python3/offset.py", "OFFSET = {{offset}}\n")
        .file("submissions/accepted/solve.c", "int solve(int a, int b) { return a + b + {{offset}}; }\n")
        .file("submissions/accepted/with_header.cpp",
            "#include <cstdio>\n#include \"offset.h\"\nint main() { int a, b; std::scanf(\"%d %d\", &a, &b);\n\
             std::printf(\"%d\\n\", a + b + OFFSET); }\n")
        .file("submissions/accepted/imports.py", "import offset\na, b = map(int, input().split())\nprint(a + b + offset.OFFSET)\n")
        .file("submissions/wrong_answer/no_offset.c", "int solve(int a, int b) { return a + b; }\n")
        .file(
            "output_validator/validate.py",
            "import sys\nanswer = int(open(sys.argv[2]).read())\n\
             got = sys.stdin.read().split()\n\
             ok = len(got) == 1 and got[0].lstrip('-').isdigit() and int(got[0]) == answer and answer < {{bound}}\n\
             sys.exit(42 if ok and '{{bound.tex}}' == '10^2' and '{{unknown}}' == '{' + '{unknown}' + '}' else 43)\n",
        );
    let judged = tree.judge(&["driver"]);
    assert_eq!(judged.code, 0, "{judged}");
    let all_right = "4 of 4 example submissions got what their folder expects";
    assert!(judged.stdout.contains(all_right), "{judged}");
    // The package named by `.` from inside it: a path, never a name looked up in the testdata dir.
    let inside = tree
        .command(&["."])
        .current_dir(&package.dir)
        .output()
        .unwrap();
    let inside = common::Judged::from(inside);
    assert_eq!(inside.code, 0, "{inside}");
    assert!(inside.stdout.contains(all_right), "{inside}");
    let empty = tree.root.join("not-a-package");
    fs::create_dir_all(&empty).unwrap();
    let outside = common::Judged::from(tree.command(&["."]).current_dir(&empty).output().unwrap());
    assert_eq!(outside.code, 2, "{outside}");
    outside.says(".: not a problem package (a package folder has a problem.yaml)");
}

#[test]
fn a_java_file_of_any_name_runs_the_class_that_has_main() {
    if !common::have(&["javac", "java"]) {
        return;
    }
    // DOMjudge and Kattis accept a non-public class with main in a file of any name (javac does too).
    let tree = Tree::new("java-main-class");
    tree.package("sum")
        .problem_yaml(SUM_YAML)
        .case("secret/1", SUM_INPUT, SUM_ANSWER)
        .file(
            "submissions/accepted/sum-with-dashes.java",
            "import java.util.*;\nclass Helper { static int twice(int b) { return b; } }\n\
             class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in);\n\
             int x = s.nextInt(), y = s.nextInt(); System.out.println((x + y) + \" \" + Helper.twice(y)); } }\n",
        );
    let judged = tree.judge(&["sum"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["sum ", "accepted/sum-with-dashes.java", "AC 1/1", "AC: ok"]);
}

#[test]
fn domjudges_folders_and_expected_results_tags_are_checked() {
    let tree = Tree::new("domjudge-expectations");
    tree.package("sum")
        .problem_yaml(SUM_YAML)
        .case("secret/1", SUM_INPUT, SUM_ANSWER)
        .file("submissions/compiler_error/broken.c", "int main( {\n")
        .file(
            "submissions/no_output/silent.c",
            "int main(void) { return 0; }\n",
        )
        // DOMjudge's tag says more than a folder: any of the results listed, here in a folder of its own.
        .file(
            "submissions/mixed/silent_or_slow.c",
            "/* @EXPECTED_RESULTS@: WRONG-ANSWER, TIMELIMIT */\nint main(void) { return 0; }\n",
        )
        .file(
            "submissions/mixed/wrongly_tagged.c",
            "/* @EXPECTED_RESULTS@: CORRECT */\nint main(void) { return 0; }\n",
        )
        .file(
            "submissions/mixed/person_decides.c",
            "/* @EXPECTED_RESULTS@: CHECK-MANUALLY */\nint main(void) { return 0; }\n",
        );
    if common::have(&["javac", "java"]) {
        tree.package("sum").file(
            "submissions/compiler_error/no_main/main.java",
            "public class main { int main() { return 0; } }\n",
        );
    }
    let judged = tree.judge(&["sum"]);
    assert_eq!(judged.code, 1, "{judged}");
    judged.line(&["sum ", "compiler_error/broken.c", "CE", "CE: ok"]);
    judged.line(&["sum ", "no_output/silent.c", "WA", "WA: ok"]);
    judged.line(&["sum ", "mixed/silent_or_slow.c", "WA", ": ok"]);
    judged.line(&["sum ", "mixed/wrongly_tagged.c", "WA", "AC: FAILED"]);
    judged.line(&["sum ", "mixed/person_decides.c", "WA", "not checked"]);
    if common::have(&["javac", "java"]) {
        // No class has main: a compile error, as DOMjudge and Kattis say it.
        judged.line(&["sum ", "compiler_error/no_main", "CE", "CE: ok"]);
    }
}

#[test]
fn a_submission_writes_in_its_working_folder_only_where_the_problem_allows_it() {
    if !common::have(&["python3"]) {
        return;
    }
    // The format's working folder holds the submission's files, read-only unless `allow_file_writing`
    // (2023-07) says otherwise; /tmp is scratch space either way.
    let writer = "import os\n\
                  open('/tmp/scratch', 'w').write('x')\n\
                  try:\n    open('local.txt', 'w').write('x'); print('wrote')\n\
                  except OSError:\n    print('read-only')\n\
                  print(sorted(f for f in os.listdir('.') if f.endswith('.py')))\n";
    let tree = Tree::new("file-writing");
    for (name, allowed, answer) in [
        ("readonly", "false", "read-only ['writer.py']\n"),
        ("writable", "true", "wrote []\n"),
    ] {
        tree.package(name)
            .problem_yaml(&format!(
                "problem_format_version: 2023-07-draft\nname: W\nallow_file_writing: {allowed}\nlimits:\n  time_limit: 2\n"
            ))
            .case("secret/1", "\n", answer)
            .file("submissions/accepted/writer.py", writer);
        let judged = tree.judge(&[name]);
        assert_eq!(judged.code, 0, "{name}: {judged}");
    }
}
