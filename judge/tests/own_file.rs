//! A contestant's own file, in their language, judged the way the real judge would: `--solution`, the
//! language table, official and beyond verdicts with `--strict`, `--fail-fast`, packages named by a prefix,
//! a word, a number or a path from anywhere (a suggestion on a miss), and a closed stdout.

use crate::common;

use common::{judge_command, write, Judged, Package, Tree};
use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

const C_SUM: &str = "#include <stdio.h>\nint main(void) {\n  long a, b;\n  if (scanf(\"%ld %ld\", &a, &b) != 2) return 0;\n  printf(\"%ld\\n\", a + b);\n  return 0;\n}\n";
/// Reads a line with spaces only, as `getline` + split on ' ' would: a tab breaks it (beyond).
const CPP_SPACES: &str = "#include <iostream>\n#include <string>\nint main() {\n  std::string line;\n  std::getline(std::cin, line);\n  long sum = 0; std::string token;\n  for (char c : line + ' ') {\n    if (c == ' ') { if (!token.empty()) sum += std::stol(token); token.clear(); } else token += c;\n  }\n  std::cout << sum << std::endl;\n}\n";

/// A package `sum` (print a + b) whose official cases any right solution passes and whose beyond case
/// demands a layout (a tab) the real judge never sends; its accepted submission is a C file. Beside it, a C++
/// solution that splits on spaces only, and one that does not compile.
fn sum_tree(name: &str) -> Tree {
    let tree = Tree::new(name);
    tree.package("sum")
        .problem_yaml("name: Sum\nlimits:\n  time_limit: 2\n  memory: 64\n")
        .case("sample/1", "1 2\n", "3\n")
        .case("secret/official/02", "40 2\n", "42\n")
        .case("secret/beyond/tab-separated", "4\t5\n", "9\n")
        .file("submissions/accepted/sum.c", C_SUM);
    tree.file("spaces.cpp", CPP_SPACES);
    tree.file("broken.cpp", "int main() { return x; }\n");
    tree
}

#[test]
fn a_c_file_and_a_cpp_file_are_judged_in_their_language_with_two_verdicts() {
    if !common::have(&["gcc", "g++"]) {
        return;
    }
    let tree = sum_tree("languages");
    let judged = tree.judge(&["sum"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["ok", "accepted/sum.c", "AC 3/3"]);
    // The line-reader splitting on spaces: right on the real format, wrong on a tab.
    let judged = tree.judge(&["sum", "--solution", "spaces.cpp"]);
    judged.line(&["sum: spaces.cpp · 2000 ms · 64 MiB · default validator · 3 cases"]);
    judged.line(&["  AC  sample/1 "]);
    judged.line(&["  AC  secret/official/02 "]);
    judged.line(&[
        "  WA  secret/beyond/tab-separated ",
        "expected \"9\", found \"4\"",
    ]);
    judged.line(&["official: 1 of 1 problem AC (2 of 2 cases AC)"]);
    judged.line(&["beyond: 0 of 1 problem AC (0 of 1 case AC)"]);
    assert_eq!(
        judged.code, 0,
        "only official cases count by default: {judged}"
    );
    let strict = tree.judge(&["sum", "--solution", "spaces.cpp", "--strict"]);
    assert_eq!(strict.code, 1, "{strict}");
}

#[test]
fn a_compile_error_quotes_the_compiler_and_a_missing_compiler_is_the_judges_error() {
    if !common::have(&["g++"]) {
        return;
    }
    let tree = sum_tree("toolchains");
    let judged = tree.judge(&["sum", "--solution", "broken.cpp"]);
    assert_eq!(judged.code, 1, "{judged}");
    judged.line(&["CE compile error: all 3 cases CE"]);
    judged.line(&["error:", "was not declared in this scope"]);
    // A language whose compiler is not installed: JE naming it, never a CE blamed on the contestant.
    let table = tree.file(
        "languages.toml",
        "[cpp]\nextensions = \"cpp\"\ncompile = \"no-such-g++ -o {dir}/program {src}\"\nrun = \"{dir}/program\"\n",
    );
    let judged = tree.judge(&[
        "sum",
        "--solution",
        "spaces.cpp",
        "--languages",
        table.to_str().unwrap(),
    ]);
    assert_eq!(judged.code, 2, "{judged}");
    // Said once, with its fix, not once a case.
    judged.line(&[
        "JE the judge cannot run it: all 3 cases JE",
        "no-such-g++ not found",
        "--languages FILE",
    ]);
    assert_eq!(judged.stdout.matches("not found").count(), 1, "{judged}");
    assert!(!judged.stdout.contains("CE"), "{judged}");
}

#[test]
fn fail_fast_stops_at_the_first_failure_and_says_how_many_cases_it_skipped() {
    if !common::have(&["gcc"]) {
        return;
    }
    let tree = sum_tree("fail-fast");
    tree.file(
        "wrong.c",
        "#include <stdio.h>\nint main(void) { puts(\"0\"); return 0; }\n",
    );
    let judged = tree.judge(&["sum", "--solution", "wrong.c", "--fail-fast", "-j", "1"]);
    assert_eq!(judged.code, 1, "{judged}");
    assert_eq!(judged.stdout.matches("  WA  ").count(), 1, "{judged}");
    judged.line(&["  WA  sample/1 "]);
    judged.line(&["stopped at the first failure: 2 cases not run"]);
    judged.line(&["official: 0 of 1 problem AC (0 of 1 case AC)"]);
}

#[test]
fn packages_are_found_by_prefix_word_number_or_path_and_a_miss_gets_a_suggestion() {
    if !common::have(&["gcc"]) {
        return;
    }
    let tree = Tree::new("names");
    for name in ["hdu1043-eight", "poj1077-eight", "poj2286-rotation-game"] {
        tree.sum_package(name);
    }
    // `--list` runs nothing: it shows which package a name found.
    let listed = |name: &str| {
        let judged = tree.judge(&["--list", name]);
        assert_eq!(judged.code, 0, "{name}: {judged}");
        judged.stdout.lines().next().unwrap_or_default().to_string()
    };
    for (name, found) in [
        ("poj1077-eight", "poj1077-eight"),
        ("poj1077", "poj1077-eight"),
        ("1077", "poj1077-eight"),
        ("rotation", "poj2286-rotation-game"),
        ("Rotation", "poj2286-rotation-game"),
        ("hdu", "hdu1043-eight"),
    ] {
        let first = listed(name);
        assert!(
            first.starts_with(&format!("{found}: Sum · 1 case")),
            "{name}: {first}"
        );
    }
    let judged = tree.judge(&["--list", "eight"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says("`eight` names several problems: hdu1043-eight, poj1077-eight (say which)");
    let judged = tree.judge(&["--list", "rotaton"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says(&format!(
        "no problem `rotaton` in {} (did you mean poj2286-rotation-game?)",
        tree.testdata().display()
    ));
    let judged = tree.judge(&["--list", "zzzzzz"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.says("(problems there: hdu1043-eight, poj1077-eight, poj2286-rotation-game)");
    // A package folder anywhere, by a path relative to the current folder, judged with a file of one's own.
    Package::at(&tree.root.join("contest/sum"))
        .problem_yaml(common::SUM_YAML)
        .case("secret/1", "1 2\n", "3\n");
    write(&tree.root.join("sum.c"), C_SUM);
    let out = judge_command()
        .args(["contest/sum", "--solution", "sum.c"])
        .current_dir(&tree.root)
        .output()
        .unwrap();
    let judged = Judged::from(out);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["sum: sum.c · 1000 ms"]);
    // A relative --testdata is taken from the current folder.
    let judged = Judged::from(
        judge_command()
            .args(["--testdata", "testdata", "--list", "1077"])
            .current_dir(&tree.root)
            .output()
            .unwrap(),
    );
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["poj1077-eight: Sum · 1 case"]);
    // As a shell completes it (a trailing slash), and named twice: judged once.
    let judged = tree.judge(&["--list", "testdata/poj1077-eight/", "poj1077"]);
    assert_eq!(judged.code, 0, "{judged}");
    assert_eq!(
        judged.stdout.matches("poj1077-eight: ").count(),
        1,
        "{judged}"
    );
    assert!(!judged.stdout.contains("hdu1043-eight"), "{judged}");
}

#[test]
fn a_closed_stdout_ends_the_judge() {
    if !common::have(&["gcc"]) {
        return;
    }
    let tree = sum_tree("closed-stdout");
    let slow = tree.file(
        "slow.c",
        "#include <unistd.h>\n#include <stdio.h>\nint main(void) { sleep(1); puts(\"3\"); return 0; }\n",
    );
    let package = Package::at(&tree.testdata().join("sum"));
    for i in 3..30 {
        package.case(&format!("secret/official/{i:02}"), "1 2\n", "3\n");
    }
    let mut judge = tree
        .command(&["sum", "--solution", slow.to_str().unwrap(), "-j", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Read the header line, then close the pipe, as `judge | head -1` does.
    let mut first = String::new();
    BufReader::new(judge.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("sum: "), "{first}");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = judge.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = judge.kill();
            panic!("the judge went on judging into a closed pipe");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(141), "{status}");
}

#[test]
fn a_program_folder_is_judged_as_one_program_and_a_missing_one_is_named() {
    if !common::have(&["gcc"]) {
        return;
    }
    let tree = sum_tree("folder");
    tree.file("mine/sum.c", "#include \"add.h\"\n#include <stdio.h>\nint main(void) {\n  long a, b;\n  if (scanf(\"%ld %ld\", &a, &b) != 2) return 0;\n  printf(\"%ld\\n\", add(a, b));\n  return 0;\n}\n");
    tree.file(
        "mine/add.h",
        "static long add(long a, long b) { return a + b; }\n",
    );
    let judged = tree.judge(&["sum", "--solution", "mine"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["official: 1 of 1 problem AC (2 of 2 cases AC)"]);
    let missing = tree.judge(&["sum", "--solution", "nowhere.c"]);
    assert_eq!(missing.code, 2, "{missing}");
    missing.says("--solution nowhere.c: no such file or folder");
}
