//! A contestant's own file, in their language, judged the way the real judge would: `--solution`, the
//! language table, official and beyond verdicts with `--strict`, `--fail-fast`, problems named by a prefix or
//! by a path from anywhere, and a closed stdout.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A problem `sum` whose official case any right solution passes and whose beyond case demands a layout
/// (a tab) the real judge never sends; and a C and a C++ solution of it.
struct Tree {
    root: PathBuf,
}

const C_SUM: &str = "#include <stdio.h>\nint main(void) {\n  long a, b;\n  if (scanf(\"%ld %ld\", &a, &b) != 2) return 0;\n  printf(\"%ld\\n\", a + b);\n  return 0;\n}\n";
/// Reads a line with spaces only, as `getline` + split on ' ' would: a tab breaks it (beyond).
const CPP_SPACES: &str = "#include <iostream>\n#include <string>\nint main() {\n  std::string line;\n  std::getline(std::cin, line);\n  long sum = 0; std::string token;\n  for (char c : line + ' ') {\n    if (c == ' ') { if (!token.empty()) sum += std::stol(token); token.clear(); } else token += c;\n  }\n  std::cout << sum << std::endl;\n}\n";

impl Tree {
    fn new(name: &str) -> Tree {
        let root = std::env::temp_dir().join(format!("judge-own-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let file = |path: &str, text: &str| {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        };
        file("testdata/sum/problem.toml", "solution = \"sum.c\"\ntime_limit_ms = 2000\nmemory_limit_mb = 64\nchecker = \"tokens\"\n");
        file("testdata/sum/official/01.in", "1 2\n");
        file("testdata/sum/official/01.ans", "3\n");
        file("testdata/sum/official/02.in", "40 2\n");
        file("testdata/sum/official/02.ans", "42\n");
        file("testdata/sum/beyond/tab-separated.in", "4\t5\n");
        file("testdata/sum/beyond/tab-separated.ans", "9\n");
        file("sum.c", C_SUM);
        file("spaces.cpp", CPP_SPACES);
        file("broken.cpp", "int main() { return x; }\n");
        Tree { root }
    }

    fn judge(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_judge"))
            .arg("--testdata")
            .arg(self.root.join("testdata"))
            .args(args)
            .current_dir(&self.root)
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_c_file_and_a_cpp_file_are_judged_in_their_language_with_two_verdicts() {
    let tree = Tree::new("languages");
    let out = tree.judge(&["sum"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("AC 2/2") && stdout.contains("AC 1/1"),
        "{stdout}"
    );
    // The line-reader splitting on spaces: right on the real format, wrong on a tab.
    let out = tree.judge(&["sum", "--solution", "spaces.cpp"]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("sum: spaces.cpp · "), "{stdout}");
    assert!(stdout.contains("official: 2 of 2 cases AC"), "{stdout}");
    assert!(stdout.contains("beyond: 0 of 1 case AC"), "{stdout}");
    assert_eq!(
        out.status.code(),
        Some(0),
        "only official cases count by default: {stdout}"
    );
    let strict = tree.judge(&["sum", "--solution", "spaces.cpp", "--strict"]);
    assert_eq!(strict.status.code(), Some(1), "{}", text(&strict.stdout));
}

#[test]
fn a_compile_error_quotes_the_compiler_and_a_missing_compiler_is_the_judges_error() {
    let tree = Tree::new("toolchains");
    let out = tree.judge(&["sum", "--solution", "broken.cpp"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("CE compile error") && stdout.contains("error:"),
        "{stdout}"
    );
    assert!(
        stdout.contains("was not declared in this scope"),
        "{stdout}"
    );
    // A language whose compiler is not installed: JE naming it, never a CE blamed on the contestant.
    let table = tree.root.join("languages.toml");
    fs::write(&table, "[cpp]\nextensions = \"cpp\"\ncompile = \"no-such-g++ -o {dir}/program {src}\"\nrun = \"{dir}/program\"\n").unwrap();
    let out = tree.judge(&[
        "sum",
        "--solution",
        "spaces.cpp",
        "--languages",
        table.to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("JE ") && stdout.contains("no-such-g++ not found"),
        "{stdout}"
    );
    assert!(!stdout.contains("CE"), "{stdout}");
}

#[test]
fn fail_fast_stops_a_problem_at_its_first_failure() {
    let tree = Tree::new("fail-fast");
    let wrong = tree.root.join("wrong.c");
    fs::write(
        &wrong,
        "#include <stdio.h>\nint main(void) { puts(\"0\"); return 0; }\n",
    )
    .unwrap();
    let out = tree.judge(&["sum", "--solution", "wrong.c", "--fail-fast", "-j", "1"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert_eq!(stdout.matches("  WA  ").count(), 1, "{stdout}");
    assert!(stdout.contains("WA 0/1"), "{stdout}");
}

#[test]
fn problems_are_found_by_a_unique_prefix_by_a_path_or_get_a_suggestion() {
    let tree = Tree::new("names");
    let out = tree.judge(&["su"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = tree.judge(&["sun"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("no problem `sun`") && stderr.contains("did you mean sum?"),
        "{stderr}"
    );
    // A problem folder anywhere, by a path relative to the current folder.
    let mine = tree.root.join("mine");
    fs::create_dir_all(&mine).unwrap();
    let copy = Command::new("cp")
        .args(["-r", "testdata/sum", "mine/sum"])
        .current_dir(&tree.root)
        .status()
        .unwrap();
    assert!(copy.success());
    fs::write(
        tree.root.join("mine/sum/problem.toml"),
        "solution = \"sum.c\"\ntime_limit_ms = 2000\nmemory_limit_mb = 64\nchecker = \"tokens\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["mine/sum", "--solution", "sum.c"])
        .current_dir(&tree.root)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

#[test]
fn a_closed_stdout_ends_the_judge() {
    let tree = Tree::new("closed-stdout");
    let slow = tree.root.join("slow.c");
    fs::write(&slow, "#include <unistd.h>\n#include <stdio.h>\nint main(void) { sleep(1); puts(\"3\"); return 0; }\n").unwrap();
    for i in 3..30 {
        fs::write(
            tree.root.join(format!("testdata/sum/official/{i:02}.in")),
            "1 2\n",
        )
        .unwrap();
        fs::write(
            tree.root.join(format!("testdata/sum/official/{i:02}.ans")),
            "3\n",
        )
        .unwrap();
    }
    let mut judge = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--testdata")
        .arg(tree.root.join("testdata"))
        .args(["sum", "--solution", slow.to_str().unwrap(), "-j", "1"])
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
