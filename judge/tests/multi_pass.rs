//! Multi-pass problems through the judge binary: the output validator writes the next pass's input as
//! `nextpass.in` in its feedback folder and the submission runs again on it, as the format (2023-07
//! `type: multi-pass`, DOMjudge's legacy `validation: custom multi-pass`) and problemtools run them. The
//! problem here: halve a number, pass after pass, down to 0.

use crate::common;

use common::Tree;

/// The validator: the pass's input (its first argument) is `n`; the output must be `n // 2`. It counts
/// the passes in a file of its feedback folder, which the format keeps from pass to pass, and when the
/// number reaches 0 it checks the count against the answer (how many passes the case takes). Each pass
/// appends a line to judgemessage.txt.
const HALVING_VALIDATOR: &str = r#"import os, sys
n = int(open(sys.argv[1]).read())
expected_passes = int(open(sys.argv[2]).read())
feedback = sys.argv[3]
counter = os.path.join(feedback, "passes.txt")
passes = int(open(counter).read()) + 1 if os.path.exists(counter) else 1
open(counter, "w").write(str(passes))
message = open(os.path.join(feedback, "judgemessage.txt"), "a")
got = sys.stdin.read().strip()
if got != str(n // 2):
    message.write("pass %d: %d halved is %d, not %r\n" % (passes, n, n // 2, got)); sys.exit(43)
if n // 2 == 0:
    if passes != expected_passes:
        message.write("done after %d passes, not %d\n" % (passes, expected_passes)); sys.exit(43)
    sys.exit(42)
open(os.path.join(feedback, "nextpass.in"), "w").write("%d\n" % (n // 2))
sys.exit(42)
"#;

const HALVE: &str = "print(int(input()) // 2)\n";
/// Right until its input is 2: a WA on a later pass, not the first.
const WRONG_AT_TWO: &str = "n = int(input())\nprint(5 if n == 2 else n // 2)\n";
/// Crashes on the last pass's input.
const CRASH_AT_ONE: &str = "n = int(input())\nassert n != 1\nprint(n // 2)\n";

#[test]
fn each_pass_runs_on_the_input_the_validator_wrote_and_the_feedback_persists() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("multi-pass");
    tree.package("halving")
        .problem_yaml(
            "problem_format_version: 2023-07-draft\nname: Halving\ntype: multi-pass\nlimits:\n  \
             time_limit: 2\n  validation_passes: 5\n",
        )
        .file("output_validator/validate.py", HALVING_VALIDATOR)
        // 8 → 4 → 2 → 1 → 0: four passes; 1 → 0: one.
        .case("sample/1", "1\n", "1\n")
        .case("secret/1", "8\n", "4\n")
        .file("submissions/accepted/halve.py", HALVE)
        .file("submissions/wrong_answer/wrong_at_two.py", WRONG_AT_TWO)
        .file("submissions/run_time_error/crash_at_one.py", CRASH_AT_ONE);
    let judged = tree.judge(&["halving", "--cases"]);
    assert_eq!(
        judged.code, 0,
        "every submission gets its folder's verdict:\n{judged}"
    );
    judged.line(&["ok", "accepted/halve.py", "AC 2/2"]);
    judged.line(&["ok", "wrong_answer/wrong_at_two.py", "WA"]);
    judged.line(&["ok", "run_time_error/crash_at_one.py", "RE"]);
    // The WA came on the third pass, and its note is the validator's message of that pass.
    judged.line(&[
        "WA",
        "secret/1",
        "pass 3 of at most 5",
        "pass 3: 2 halved is 1, not '5'",
    ]);
}

#[test]
fn a_validator_that_asks_for_more_passes_than_allowed_is_the_judges_error() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("multi-pass-cap");
    tree.package("halving")
        .problem_yaml(
            "problem_format_version: 2023-07-draft\nname: Halving\ntype: multi-pass\nlimits:\n  \
             time_limit: 2\n  validation_passes: 2\n",
        )
        .file("output_validator/validate.py", HALVING_VALIDATOR)
        .case("secret/1", "8\n", "4\n")
        .file("submissions/accepted/halve.py", HALVE);
    let judged = tree.judge(&["halving", "--cases"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.line(&["JE", "secret/1", "asked for pass 3", "validation_passes: 2"]);
}

#[test]
fn a_next_pass_without_acceptance_is_the_judges_error() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("multi-pass-43");
    tree.package("halving")
        .problem_yaml("name: Halving\nvalidation: custom multi-pass\nlimits:\n  time_limit: 2\n")
        .file(
            "output_validators/validate/validate.py",
            "import sys\nopen(sys.argv[3] + 'nextpass.in', 'w').write('1\\n')\nsys.exit(43)\n",
        )
        .case("secret/1", "8\n", "4\n")
        .file("submissions/accepted/halve.py", HALVE);
    let judged = tree.judge(&["halving", "--cases"]);
    assert_eq!(judged.code, 2, "{judged}");
    judged.line(&["JE", "secret/1", "wrote nextpass.in but did not accept"]);
}

#[test]
fn a_legacy_package_with_domjudges_folder_name_is_judged_and_told() {
    if !common::have(&["python3"]) {
        return;
    }
    // DOMjudge's own multi-pass examples are legacy packages whose validator is in `output_validator/`.
    let tree = Tree::new("multi-pass-legacy");
    tree.package("halving")
        .problem_yaml(
            "name: Halving\nvalidation: custom multi-pass\nlimits:\n  time_limit: 2\n  validation_passes: 4\n",
        )
        .file("output_validator/validate.py", HALVING_VALIDATOR)
        .case("secret/1", "8\n", "4\n")
        .file("submissions/accepted/halve.py", HALVE)
        .file("submissions/wrong_answer/wrong_at_two.py", WRONG_AT_TWO);
    let judged = tree.judge(&["halving", "--cases"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["ok", "accepted/halve.py", "AC 1/1"]);
    judged.says("`output_validator/` is used as it is the only one");
}

#[test]
fn an_interactive_multi_pass_problem_runs_its_interactor_on_each_pass() {
    if !common::have(&["python3"]) {
        return;
    }
    // The interactor sends the pass's number; the submission answers one more; three passes in all (the
    // count kept in the feedback folder), each next number the answer.
    let interactor = r#"import os, sys
n = int(open(sys.argv[1]).read())
counter = sys.argv[3] + "count"
count = int(open(counter).read()) + 1 if os.path.exists(counter) else 1
open(counter, "w").write(str(count))
print(n, flush=True)
if sys.stdin.readline().strip() != str(n + 1):
    open(sys.argv[3] + "judgemessage.txt", "a").write("pass %d: not %d\n" % (count, n + 1)); sys.exit(43)
if count < 3:
    open(sys.argv[3] + "nextpass.in", "w").write("%d\n" % (n + 1))
sys.exit(42)
"#;
    let tree = Tree::new("multi-pass-interactive");
    tree.package("counting")
        .problem_yaml(
            "problem_format_version: 2023-07-draft\nname: Counting\ntype: [interactive, multi-pass]\n\
             limits:\n  time_limit: 2\n  validation_passes: 3\n",
        )
        .file("output_validator/interactor.py", interactor)
        .case("secret/1", "5\n", "\n")
        .file("submissions/accepted/plus_one.py", "print(int(input()) + 1, flush=True)\n")
        .file(
            "submissions/wrong_answer/not_seven.py",
            "n = int(input())\nprint(n + 2 if n == 7 else n + 1, flush=True)\n",
        );
    let judged = tree.judge(&["counting", "--cases"]);
    assert_eq!(judged.code, 0, "{judged}");
    judged.line(&["ok", "accepted/plus_one.py", "AC 1/1"]);
    judged.line(&["WA", "secret/1", "pass 3 of at most 3", "pass 3: not 8"]);
}

#[test]
fn a_feedback_folder_of_holes_or_hard_links_is_not_copied_out_as_real_bytes() {
    if !common::have(&["python3"]) {
        return;
    }
    // The validator's feedback is a tmpfs of `validation_output` MiB, but its logical size is not bounded
    // by that: a sparse file takes no page of it, a hard link no second copy. Init's copy to the host
    // wrote every hole and every link in full: 9,999 files of 8 MiB of holes (the default cap) were 80 GB
    // of the host's disk, written by a root judge. Here 64 of each are 64 MiB from a 1 MiB folder.
    let validator = r#"import os, sys
kind = open(sys.argv[1]).read().strip()
feedback = sys.argv[3]
if kind == "holes":
    for i in range(64):
        with open(feedback + "hole%d" % i, "w") as f:
            f.truncate((1 << 20) - 1)
else:
    with open(feedback + "file", "w") as f:
        f.write("x" * (1 << 19))
    for i in range(128):
        os.link(feedback + "file", feedback + "link%d" % i)
sys.exit(43)
"#;
    let tree = Tree::new("multi-pass-holes");
    let package = tree.package("holes");
    package
        .problem_yaml(
            "problem_format_version: 2023-07-draft\nname: Holes\ntype: multi-pass\nlimits:\n  \
             time_limit: 2\n  validation_output: 1\n",
        )
        .file("output_validator/validate.py", validator)
        .case("secret/1", "holes\n", "\n")
        .case("secret/2", "links\n", "\n");
    let solution = tree.file("echo.py", "print(input())\n");
    let judged = tree.judge(&["holes", "--solution", solution.to_str().unwrap()]);
    // Before: WA on both (the validator's 43), 64 MiB copied to the host for each.
    assert_eq!(judged.code, 2, "{judged}");
    judged.line(&["JE", "secret/1", "more bytes than the folder's size holds"]);
    judged.line(&["JE", "secret/2", "more bytes than the folder's size holds"]);
}

#[test]
fn a_pass_run_again_alone_starts_from_the_previous_passs_feedback_only() {
    if !common::have(&["python3", "gcc"]) {
        return;
    }
    // A pass whose run the machine's load could have decided is run again alone, interactor and all. The
    // interactor's feedback folder must start that second attempt as the first did: the first attempt's
    // files in the host folder made init's copy of the second fail ("File exists"), a JE that came only
    // with load. The submission here looks starved every time: it waits in vfork for a child that sleeps,
    // a wait the kernel shows as uninterruptible (D), as a starved program's is runnable. Stopped by the
    // wall clock so, it is run again alone, and is undecided (UD), never the judge's error.
    let interactor = r#"import sys
open(sys.argv[3] + "judgemessage.txt", "w").write("asked %s" % open(sys.argv[1]).read())
print(open(sys.argv[1]).read().strip(), flush=True)
sys.exit(43 if sys.stdin.readline() == "" else 42)
"#;
    let tree = Tree::new("multi-pass-again");
    tree.package("counting")
        .problem_yaml(
            "problem_format_version: 2023-07-draft\nname: Counting\ntype: [interactive, multi-pass]\n\
             limits:\n  time_limit: 1\n  validation_passes: 3\n",
        )
        .file("output_validator/interactor.py", interactor)
        .case("secret/1", "5\n", "\n")
        .file(
            "submissions/time_limit_exceeded/waits_in_vfork.c",
            "#include <stdio.h>\n#include <unistd.h>\n\
             int main(void) { int n; if (scanf(\"%d\", &n) != 1) return 1;\n\
             if (vfork() == 0) { sleep(100); _exit(0); }\n\
             printf(\"%d\\n\", n + 1); return 0; }\n",
        );
    let judged = tree.judge(&["counting", "--cases"]);
    judged.line(&["UD", "secret/1", "re-run alone"]);
    assert!(!judged.stdout.contains("JE"), "{judged}");
}

#[test]
fn a_next_pass_input_that_is_a_link_or_a_fifo_is_the_judges_error_naming_it() {
    if !common::have(&["python3"]) {
        return;
    }
    // The validator is the package's program: the next input it leaves must be a file of its own. A link
    // (here to the host's /etc/passwd) is never followed and a FIFO never opened; both were left out of
    // the feedback folder's copy without a word, so the case ended after its first pass as if no next
    // pass had been asked for.
    let validator = r#"import os, sys
kind = open(sys.argv[1]).read().strip()
next_pass = sys.argv[3] + "nextpass.in"
if kind == "link":
    os.symlink("/etc/passwd", next_pass)
else:
    os.mkfifo(next_pass)
sys.exit(42)
"#;
    let tree = Tree::new("multi-pass-not-a-file");
    tree.package("odd")
        .problem_yaml(
            "problem_format_version: 2023-07-draft\nname: Odd\ntype: multi-pass\nlimits:\n  \
             time_limit: 2\n  validation_passes: 3\n",
        )
        .file("output_validator/validate.py", validator)
        .case("secret/fifo", "fifo\n", "\n")
        .case("secret/link", "link\n", "\n");
    let solution = tree.file("echo.py", "print(input())\n");
    // Isolated, and not: unisolated, the validator's `/feedback/` lost its slash (it wrote
    // `feedback-0nextpass.in` beside the folder, and the case was AC as well).
    for unisolated in ["", "1"] {
        let mut command = tree.command(&["odd", "--solution", solution.to_str().unwrap()]);
        command.env("JUDGE_NO_ISOLATION", unisolated);
        let judged = common::within(command, std::time::Duration::from_secs(120));
        assert_eq!(judged.code, 2, "{judged}");
        judged.line(&["JE", "secret/fifo", "nextpass.in"]);
        judged.line(&["JE", "secret/link", "nextpass.in"]);
    }
}
