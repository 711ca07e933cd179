//! Problem packages written by someone hostile (or careless): what the judge must refuse, or show without
//! obeying, before it runs anything. Each test failed before the fix it guards.

use crate::common;

use common::{Tree, SUM_ANSWER, SUM_INPUT, SUM_YAML};
use std::fs;
use std::time::Duration;

#[test]
fn a_problem_name_with_escape_sequences_is_shown_not_obeyed() {
    let tree = Tree::new("hostile-title");
    tree.sum_package("sum").problem_yaml(
        "name: \"Sum\\x1b[2J\\x1b]0;owned\\x07\\nsecond line\"\nlimits:\n  time_limit: 1\n  memory: 64\n",
    );
    let run = tree.judge(&["--list", "sum"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Before: the raw ESC and BEL reached the terminal (clear the screen, set the window title), and
    // the newline split the listing.
    assert!(!run.stdout.contains('\x1b'), "{:?}", run.stdout);
    assert!(!run.stdout.contains('\x07'), "{:?}", run.stdout);
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("sum: "))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        line.contains("Sum\\u{1b}[2J\\u{1b}]0;owned\\u{7}\\nsecond line"),
        "{line}"
    );
}

#[test]
fn a_case_file_too_large_to_hold_in_memory_is_refused() {
    let tree = Tree::new("hostile-huge-case");
    let package = tree.sum_package("sum");
    package.problem_yaml(SUM_YAML);
    package.case("secret/2", "1 2\n", "");
    // Sparse: no disk is used, but reading it would take 1.5 GiB of memory (per parallel run).
    let answer = package.dir.join("data/secret/2.ans");
    fs::File::options()
        .write(true)
        .open(&answer)
        .unwrap()
        .set_len(3 << 29)
        .unwrap();
    let run = tree.judge(&["sum"]);
    // Before: the answer was read whole (1.5 GiB resident), the case judged WA after seconds.
    assert_eq!(run.code, 2, "{run}");
    run.says("2.ans: 1536 MiB, over the 1024 MiB a case file may have");
}

#[test]
fn a_huge_time_multiplier_is_refused_not_a_crash() {
    let tree = Tree::new("hostile-multiplier");
    tree.sum_package("sum").problem_yaml(
        "problem_format_version: 2023-07-draft\nname: Sum\nlimits:\n  memory: 64\n  time_multipliers:\n    ac_to_time_limit: 1e300\n",
    );
    let run = tree.judge(&["sum"]);
    // Before: the derived time limit was u64::MAX ms, and the judge panicked on an overflow (exit 101).
    assert_eq!(run.code, 2, "{run}");
    run.says("problem.yaml:6: `ac_to_time_limit` must be a number from 1 to 1000000");
}

#[test]
fn what_a_package_says_but_the_judge_cannot_use_is_warned_of() {
    let tree = Tree::new("hostile-silent");
    let package = tree.sum_package("sum");
    package
        .problem_yaml("problem_format_version: 2023-07-draft\nname: Sum\nlimits:\n  time_limit: 1\n  memory: 64\n")
        .file("data/sample", "a file where the samples' folder belongs\n");
    fs::create_dir_all(package.dir.join("output_validator")).unwrap();
    let run = tree.judge(&["sum"]);
    assert_eq!(run.code, 0, "{run}");
    // Before: both silently ignored (the samples not judged, the default validator used).
    run.says("data/sample: not a folder: none of its cases is judged");
    run.says("output_validator: no program the judge can run in it: the default validator is used");
}

#[test]
fn a_quoted_number_is_said_to_be_a_string_and_a_huge_name_is_cut() {
    let tree = Tree::new("hostile-values");
    tree.sum_package("quoted")
        .problem_yaml("name: Sum\nlimits:\n  time_limit: \"2\"\n  memory: 64\n");
    let long = "x".repeat(10_000);
    tree.sum_package("long").problem_yaml(&format!(
        "name: {long}\nlimits:\n  time_limit: 1\n  memory: 64\n"
    ));
    let run = tree.judge(&["--list", "long"]);
    assert_eq!(run.code, 0, "{run}");
    // Before: a line of 10,000 x's.
    let line = run.line(&["long: xxx"]);
    assert!(line.chars().count() < 300, "{} chars", line.chars().count());
    let run = tree.judge(&["quoted"]);
    assert_eq!(run.code, 2, "{run}");
    // Before: "must be a number ≥ 0.001, found `2`".
    run.says("`limits.time_limit` must be a number from 0.001 to 1000000, found `\"2\"` (quoted: a string)");
}

#[test]
fn a_megabyte_of_yaml_is_read_in_linear_time_and_its_unknown_keys_warned_of_once() {
    let tree = Tree::new("hostile-yaml-size");
    let package = tree.sum_package("sum");
    // Each just under the 1 MiB a configuration file may have: 105,000 keys of a block mapping, 60,000
    // quoted keys of one flow mapping, a flow sequence over 100,000 lines.
    let keys: String = (0..105_000).map(|i| format!("k{i}: 1\n")).collect();
    let flow_keys: Vec<String> = (0..60_000).map(|i| format!("\"v{i}\": \"x\"")).collect();
    let flow_lines: String = (0..100_000).map(|i| format!("  a{i},\n")).collect();
    package
        .testdata_yaml("secret", &keys)
        .case("secret/flow/1", SUM_INPUT, SUM_ANSWER)
        .testdata_yaml(
            "secret/flow",
            &format!("input_validator_args: {{{}}}\n", flow_keys.join(", ")),
        )
        .case("secret/lines/1", SUM_INPUT, SUM_ANSWER)
        .testdata_yaml(
            "secret/lines",
            &format!("input_validator_args: [\n{flow_lines}  ]\n"),
        );
    // Before: 31 s of CPU for the keys (each compared with every key before it), over 200 s for each flow
    // collection (a quoted scalar copied the rest of the line, each line re-scanned the lines before it);
    // and 105,000 warnings, one a key.
    let run = common::within(tree.command(&["--list", "sum"]), Duration::from_secs(60));
    assert_eq!(run.code, 0, "{run}");
    let warnings: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("unknown key"))
        .collect();
    assert_eq!(
        warnings.len(),
        1,
        "one warning for the file:\n{}",
        &run.stderr[..run.stderr.len().min(2000)]
    );
    assert!(
        warnings[0].ends_with(
            "secret/testdata.yaml:1: 105000 unknown keys, `k0`, `k1` (line 2), `k2` (line 3) and 104997 more; ignored"
        ),
        "{}",
        warnings[0]
    );
}

#[test]
fn a_glob_of_endless_brace_alternatives_is_refused() {
    let tree = Tree::new("hostile-braces");
    let package = tree.sum_package("sum");
    package.file(
        "submissions/submissions.yaml",
        &format!(
            "\"accepted/{}\":\n  permitted: [AC]\n\"{}\":\n  permitted: [AC]\n",
            "{a,b}".repeat(40),
            "{a}".repeat(100_000)
        ),
    );
    // Before: the first glob was expanded into its 2^40 globs (the judge passed 11.9 GB in a minute), and the
    // second would have recursed 100,000 deep.
    let run = common::within(tree.command(&["sum"]), Duration::from_secs(60));
    assert_eq!(run.code, 2, "{run}");
    run.says("submissions.yaml:1: a glob whose braces stand for more than 1024 globs");
    assert!(!run.stderr.contains("submissions.yaml:3"), "{run}");
}

/// A 2025-09 problem.yaml of the sum problem with `constants` (YAML lines, indented by two).
fn with_constants(constants: &str) -> String {
    format!("problem_format_version: 2025-09\nname: Sum\nlimits:\n  time_limit: 1\n  memory: 64\nconstants:\n{constants}")
}

#[test]
fn a_chain_of_constants_is_replaced_once_not_blown_up() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("hostile-constants-chain");
    // c0 is "{{c1}}{{c1}}", …, c39 is "{{c40}}{{c40}}": expanded again and again, {{c0}} would be 2^40 c40s.
    let chain: String = (0..40)
        .map(|i| format!("  c{i}: \"{{{{c{0}}}}}{{{{c{0}}}}}\"\n", i + 1))
        .collect::<String>()
        + "  c40: xxxxxxxx\n";
    // Right only if {{c0}} stood for c0's own text, and {{c39}} for its own (its sequences not replaced).
    let program = "a, b = map(int, input().split())  # {{c0}}\n\
                   if '{{c39}}' == '{{' + 'c40}}{{' + 'c40}}':\n    print(a + b, a * b)\n";
    tree.sum_package("sum")
        .problem_yaml(&with_constants(&chain))
        .file("submissions/accepted/chain.py", program);
    // Before: the judge grew to 14.7 GB in with_constants (an abort on a failed allocation of 1.9 GB under
    // a 3 GB address limit).
    let run = common::within(tree.command(&["sum"]), Duration::from_secs(120));
    assert_eq!(run.code, 0, "{run}");
    run.line(&["  ok  ", "accepted/chain.py", "AC 1/1"]);
}

#[test]
fn constants_that_make_a_program_huge_are_an_error_naming_it() {
    let tree = Tree::new("hostile-constants-size");
    // 600 KiB of text, named 200 times: 117 MiB.
    let big = format!("  big: {}\n", "x".repeat(600 << 10));
    tree.sum_package("sum")
        .problem_yaml(&with_constants(&big))
        .file("submissions/accepted/big.py", &"# {{big}}\n".repeat(200));
    let run = common::within(tree.command(&["sum"]), Duration::from_secs(120));
    // Before: the judge held each copy (117 MiB of source, then the cache's copy), and compiled it.
    assert_eq!(run.code, 2, "{run}");
    run.line(&["  FAIL  ", "accepted/big.py", "JE 0/1"]);
    assert!(
        run.stdout.contains(
            "big.py: over 64 MiB once the constants in big.py are replaced: not a program"
        ),
        "{run}"
    );
}

#[test]
fn links_out_of_the_package_are_refused_wherever_the_judge_would_read_them() {
    let tree = Tree::new("hostile-links-out");
    let secret = tree.file("secret.txt", "the host's secret\n");
    let package = tree.sum_package("sum");
    package
        .file("include/default/driver.txt", "kept\n")
        .file("submissions/accepted/prog/main.py", "print(3, 2)\n")
        .file(
            "output_validators/check/check.py",
            "import sys; sys.exit(42)\n",
        )
        .file("generators/random/main.py", "print(1, 2)\n")
        .file("input_validators/v/v.py", "import sys; sys.exit(42)\n");
    let leaks = [
        "include/default/leak.txt",
        "submissions/accepted/prog/leak.txt",
        "output_validators/check/leak.txt",
        "generators/random/leak.txt",
        "input_validators/v/leak.txt",
        "statement/leak.png",
        "data/invalid_input/leak.in",
        ".timelimit",
    ];
    for leak in leaks {
        let link = package.path(leak);
        fs::create_dir_all(link.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(&secret, &link).unwrap();
    }
    // A folder link out of the package, and a folder as a whole.
    std::os::unix::fs::symlink(
        tree.root.join("testdata"),
        package.path("include/default/all"),
    )
    .unwrap();
    let run = tree.judge(&["sum"]);
    // Before: the package was judged; each program got the host's file beside its own (a validator and
    // a submission read /etc/shadow of a judge run as root), and the compile cache kept a copy of it.
    assert_eq!(run.code, 2, "{run}");
    for leak in leaks.iter().chain(&["include/default/all"]) {
        run.says(&format!(
            "{}: a symlink to {}, outside the package (the format allows links inside it only)",
            package.path(leak).display(),
            if leak.ends_with("all") {
                tree.root.join("testdata")
            } else {
                secret.clone()
            }
            .display()
        ));
    }
}

#[test]
fn a_link_that_stays_in_the_package_is_followed() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("hostile-links-in");
    let package = tree.sum_package("sum");
    package.file(
        "submissions/accepted/reads.py",
        "import os\nprint(open(os.path.join(os.path.dirname(__file__), 'answer.txt')).read(), end='')\n",
    );
    let link = package.path("include/python3/answer.txt");
    fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink("../../data/secret/1.ans", &link).unwrap();
    let run = tree.judge(&["sum"]);
    assert_eq!(run.code, 0, "{run}");
    run.line(&["  ok  ", "accepted/reads.py", "AC 1/1"]);
}

#[test]
fn the_compile_cache_is_readable_by_the_judges_user_alone() {
    use std::os::unix::fs::PermissionsExt;
    let tree = Tree::new("hostile-cache-modes");
    let package = tree.sum_package("sum");
    package.file("include/rust/private.txt", "no one else's\n");
    fs::set_permissions(
        package.path("include/rust/private.txt"),
        fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    let target = tree.root.join("target");
    // The wall clock widened: what is tested is the cache, not a verdict on a loaded machine.
    let run = common::Judged::from(
        tree.command(&["sum", "--wall-mult", "10"])
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap(),
    );
    assert_eq!(run.code, 0, "{run}");
    // Before: every artifact's folder was 0755 and its files 0755, so the copy of a file of mode 0600 was
    // readable by every user of the machine.
    let cache = target.join("judge-cache");
    let mut artifacts = 0;
    for entry in fs::read_dir(&cache).unwrap().flatten() {
        let mode = entry.metadata().unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "{} is {mode:o}", entry.path().display());
        artifacts += 1;
    }
    assert!(artifacts > 0, "no artifact in {}", cache.display());
}

#[test]
fn a_link_out_through_a_folder_the_loader_ignores_is_caught_as_the_program_is_read() {
    let tree = Tree::new("hostile-links-hidden");
    let secret = tree.file("secret.txt", "the host's secret\n");
    let package = tree.sum_package("sum");
    package.file(
        "submissions/accepted/prog/main.rs",
        &fs::read_to_string(common::fixtures().join("programs/ac.rs")).unwrap(),
    );
    // `.hidden/` is ignored as the format says, so the loader does not look in it; the program's own link
    // to it stays inside the package.
    fs::create_dir_all(package.path(".hidden")).unwrap();
    std::os::unix::fs::symlink(&secret, package.path(".hidden/leak.txt")).unwrap();
    std::os::unix::fs::symlink(
        "../../../.hidden",
        package.path("submissions/accepted/prog/lib"),
    )
    .unwrap();
    let run = tree.judge(&["sum"]);
    // Before: judged AC, with the host's file in the program's folder and in the compile cache.
    assert_eq!(run.code, 2, "{run}");
    run.line(&["  FAIL  ", "accepted/prog", "JE 0/1"]);
    assert!(
        run.stdout.contains(&format!(
            "{}: a symlink to {}, outside the package",
            package
                .path("submissions/accepted/prog/lib/leak.txt")
                .display(),
            secret.display()
        )),
        "{run}"
    );
}

#[test]
fn folders_of_links_to_folders_do_not_multiply_the_cases() {
    let tree = Tree::new("hostile-link-chain");
    let package = tree.sum_package("sum");
    // data/chain/g0/{a,b,c,d} -> ../g1, …, g11/{a,b,c,d} -> ../g12, which holds one case; secret/dag ->
    // g0: 4^12 = 16.8 million ways to reach it, each one a case.
    package.case("chain/g12/1", SUM_INPUT, SUM_ANSWER);
    for level in 0..12 {
        let folder = package.path(&format!("data/chain/g{level}"));
        fs::create_dir_all(&folder).unwrap();
        for link in ["a", "b", "c", "d"] {
            std::os::unix::fs::symlink(format!("../g{}", level + 1), folder.join(link)).unwrap();
        }
    }
    std::os::unix::fs::symlink("../chain/g0", package.path("data/secret/dag")).unwrap();
    // Before: still walking after a minute (87,000 folders of a chain of eight took 23 s of CPU).
    let run = common::within(tree.command(&["--list", "sum"]), Duration::from_secs(60));
    assert_eq!(run.code, 2, "{run}");
    run.says(&format!(
        "{}: reached through symlinks more than 8 times (folders of links to folders multiply the cases below them)",
        package.path("data/chain/g2").display()
    ));
}

/// The characters a terminal obeys rather than shows, beyond the control characters: bidi embeddings,
/// overrides and isolates, direction marks, line and paragraph separators.
const BIDI: [char; 7] = [
    '\u{202e}', '\u{2066}', '\u{2069}', '\u{2028}', '\u{2029}', '\u{200f}', '\u{61c}',
];

#[test]
fn bidi_and_line_separator_characters_of_a_package_are_shown_not_obeyed() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("hostile-bidi");
    let package = tree.sum_package("sum");
    let text: String = BIDI.iter().map(|c| format!("x{c}")).collect();
    package
        .problem_yaml(&SUM_YAML.replace("name: Sum", "name: Sum\nvalidation: custom"))
        .file(
            "output_validators/say/say.py",
            &format!(
                "import os, sys\nopen(os.path.join(sys.argv[3], 'judgemessage.txt'), 'w').write('{text}')\nsys.exit(43)\n"
            ),
        )
        // A case whose name the format ignores (a warning names it).
        .case(&format!("secret/{text}"), SUM_INPUT, SUM_ANSWER);
    // A package folder of such a name.
    tree.sum_package(&format!("p{}", BIDI[0]));
    let run = tree.judge(&[]);
    // Before: each reached the terminal as it was (the report's text reversed, lines broken).
    for c in BIDI {
        assert!(!run.stdout.contains(c), "{c:?} in stdout:\n{run}");
        assert!(!run.stderr.contains(c), "{c:?} in stderr:\n{run}");
    }
    run.line(&[
        "accepted/ac.rs",
        "WA",
        "x\\u{202e}x\\u{2066}x\\u{2069}x\\u{2028}",
    ]);
    run.says("secret/x\\u{202e}x\\u{2066}");
    // The package of that name is judged, its name shown escaped wherever it is named.
    assert!(run.stdout.contains("p\\u{202e}"), "{run}");
}

#[test]
fn an_included_folder_joins_the_program_as_a_folder() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("hostile-include-folder");
    tree.sum_package("sum")
        .file(
            "include/python3/lib/helper.py",
            "def answer(a, b):\n    return a + b, a * b\n",
        )
        .file(
            "submissions/accepted/uses.py",
            "from lib.helper import answer\nprint(*answer(*map(int, input().split())))\n",
        );
    let run = tree.judge(&["sum"]);
    // Before: JE on every case, "cannot copy /box out: File exists" (the folder the compile's view made
    // for the included file met the artifact's own copy of it).
    assert_eq!(run.code, 0, "{run}");
    run.line(&["  ok  ", "accepted/uses.py", "AC 1/1"]);
    run.line(&["  ok  ", "accepted/ac.rs", "AC 1/1"]);
}

#[test]
fn a_huge_output_limit_is_not_the_judges_memory() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("hostile-output-limit");
    tree.sum_package("sum")
        .problem_yaml("name: Sum\nlimits:\n  time_limit: 5\n  memory: 64\n  output: 2000\n");
    // The right answer, then 300 MiB of whitespace: AC, as the default validator reads it.
    let flood = tree.file(
        "flood.py",
        "import sys\nprint(3, 2)\nchunk = ' ' * (1 << 20)\nfor _ in range(300):\n    sys.stdout.write(chunk)\n",
    );
    let waited = common::waited(tree.command(&["sum", "--solution", flood.to_str().unwrap()]));
    assert_eq!(waited.status >> 8, 0, "AC: exit code 0");
    eprintln!("the judge peaked at {} MiB", waited.max_rss_kib >> 10);
    // Before: the whole output was read to be checked, 300 MiB and more resident.
    assert!(
        waited.max_rss_kib < 100 << 10,
        "the judge peaked at {} MiB",
        waited.max_rss_kib >> 10
    );
}

/// A multi-pass validator that writes a 300 MiB `nextpass.in` on the first pass and accepts the second.
const HUGE_NEXT_PASS: &str = r#"import os, sys
feedback = sys.argv[3]
if os.path.exists(os.path.join(feedback, "first.txt")):
    sys.exit(42)
open(os.path.join(feedback, "first.txt"), "w").write("done")
with open(os.path.join(feedback, "nextpass.in"), "w") as f:
    f.write("1 2\n")
    chunk = " " * (1 << 20)
    for _ in range(300):
        f.write(chunk)
sys.exit(42)
"#;

#[test]
fn a_huge_next_pass_input_is_not_the_judges_memory() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("hostile-next-pass");
    let package = tree.package("sum");
    package
        .problem_yaml(
            "problem_format_version: 2023-07-draft\nname: Sum\ntype: multi-pass\nlimits:\n  \
             time_limit: 5\n  validation_passes: 2\n  validation_output: 2000\n",
        )
        .file("output_validator/validate.py", HUGE_NEXT_PASS)
        .case("secret/1", SUM_INPUT, SUM_ANSWER);
    let solution = tree.file(
        "sum.py",
        "a, b = map(int, input().split())\nprint(a + b, a * b)\n",
    );
    let waited = common::waited(tree.command(&["sum", "--solution", solution.to_str().unwrap()]));
    assert_eq!(waited.status >> 8, 0, "AC on both passes: exit code 0");
    eprintln!("the judge peaked at {} MiB", waited.max_rss_kib >> 10);
    // Before: nextpass.in was read whole to be moved, and read whole again to be the next pass's stdin.
    assert!(
        waited.max_rss_kib < 100 << 10,
        "the judge peaked at {} MiB",
        waited.max_rss_kib >> 10
    );
}

#[test]
fn a_hard_link_to_a_file_outside_the_package_is_refused_as_a_symlink_is() {
    if !common::have(&["python3"]) {
        return;
    }
    let tree = Tree::new("hostile-hard-links");
    // The host's file, and a package whose include/ and answer hold a second name of it: a regular file
    // to every check of links (a judge run as root can make one to /etc/shadow, on the same disk).
    let secret = tree.file("secret.txt", SUM_ANSWER);
    let package = tree.sum_package("sum");
    package.file(
        "submissions/accepted/reads.py",
        "import os\nprint(open(os.path.join(os.path.dirname(__file__), 'leak.txt')).read(), end='')\n",
    );
    let leaks = ["include/python3/leak.txt", "data/secret/2.ans"];
    package.file("data/secret/2.in", SUM_INPUT);
    for leak in leaks {
        fs::create_dir_all(package.path(leak).parent().unwrap()).unwrap();
        fs::hard_link(&secret, package.path(leak)).unwrap();
    }
    let run = tree.judge(&["sum"]);
    // Before: judged AC, the submission printing the host's file from its own folder.
    assert_eq!(run.code, 2, "{run}");
    for leak in leaks {
        run.says(&format!(
            "{}: a hard link to a file with names outside the package (3 names, 2 in it;",
            package.path(leak).display()
        ));
    }
    // Two names of one file, both inside the package, are two files of it.
    fs::remove_file(&secret).unwrap();
    let run = tree.judge(&["sum"]);
    assert_eq!(run.code, 0, "{run}");
    run.line(&["  ok  ", "accepted/reads.py", "AC 2/2"]);
}

#[test]
fn a_link_swapped_in_between_check_and_read_never_hands_the_loader_a_host_file() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let tree = Tree::new("hostile-link-swap");
    let secret = tree.file("secret.txt", "the host's secret\n");
    let package = tree.sum_package("sum");
    package.file("inside.yaml", "name: inside\n");
    let root = fs::canonicalize(package.path("")).unwrap();
    let (swapped, next) = (package.path("x.yaml"), package.path("next.yaml"));
    fs::copy(package.path("inside.yaml"), &swapped).unwrap();
    let stop = AtomicBool::new(false);
    let mut texts: Vec<String> = Vec::new();
    let mut refused = 0;
    std::thread::scope(|scope| {
        // `x.yaml` becomes, by atomic renames, in turn: a link inside, a symlink out, a hard link out.
        scope.spawn(|| {
            for turn in 0.. {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let _ = fs::remove_file(&next);
                match turn % 3 {
                    0 => std::os::unix::fs::symlink("inside.yaml", &next).unwrap(),
                    1 => std::os::unix::fs::symlink(&secret, &next).unwrap(),
                    _ => fs::hard_link(&secret, &next).unwrap(),
                }
                fs::rename(&next, &swapped).unwrap();
            }
        });
        for _ in 0..4000 {
            let reads = [
                judge::package::read_package_text(&root, &swapped),
                judge::package::read_inside(&root, &swapped)
                    .map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
            ];
            for read in reads {
                match read {
                    Ok(text) => texts.push(text),
                    Err(_) => refused += 1,
                }
            }
        }
        stop.store(true, Ordering::Relaxed);
    });
    // Before: the host's file, now and then, when a swap fell between the check and the open.
    let leaked = texts.iter().filter(|t| *t != "name: inside\n").count();
    assert_eq!(
        leaked, 0,
        "{leaked} reads through a swapped link: {texts:?}"
    );
    // Both kinds of read happened: the test saw the swaps.
    assert!(
        !texts.is_empty() && refused > 0,
        "{} read, {refused} refused",
        texts.len()
    );
}

#[test]
fn a_package_edited_between_two_loads_of_one_process_is_checked_as_it_is_now() {
    let tree = Tree::new("hostile-hard-link-reload");
    let package = tree.sum_package("sum");
    let (kept, second) = (
        package.path("statement/notes.txt"),
        package.path("statement/copy.txt"),
    );
    package.file("statement/notes.txt", "notes\n");
    // Two names of one file, both in the package: a file of it.
    fs::hard_link(&kept, &second).unwrap();
    let loaded = judge::package::load(&package.path(""));
    assert!(loaded.is_ok(), "{:?}", loaded.err());
    // Then its second name moves out of the package: still two names, one of them outside.
    fs::remove_file(&second).unwrap();
    fs::hard_link(&kept, tree.root.join("outside.txt")).unwrap();
    // Before: loaded, by the names counted at the first load.
    let refused = judge::package::load(&package.path("")).unwrap_err();
    assert!(
        refused.contains(&format!(
            "{}: a hard link to a file with names outside the package (2 names, 1 in it;",
            kept.display()
        )),
        "{refused}"
    );
}

/// What `engine::judge` reports, kept whole.
struct Quiet;

impl judge::engine::Progress for Quiet {
    fn job(&mut self, _: &judge::report::ProblemResult, _: &[judge::plan::CaseSpec]) {}
    fn case(&mut self, _: &judge::report::ProblemResult, _: &judge::report::CaseResult) {}
}

/// The text of the host's file the swapped case files point to, now and then.
const HOST_SECRET: &str = "HOST-SECRET-7f3a";

/// A package of `cases` cases whose `.in` and `.ans` are links to `keep/in.txt` and `keep/ans.txt`
/// inside it (the format allows those), judged with `validator` (a C output validator's source, or the
/// default validator): the judge's own run of the user's `echo.c` on each, `--show`.
fn swapped_cases_package(tree: &Tree, name: &str, cases: usize, validator: Option<&str>) {
    let package = tree.package(name);
    match validator {
        Some(source) => package
            .problem_yaml(&format!("{}validation: custom\n", SUM_YAML))
            .file("output_validators/show/show.c", source),
        None => package.problem_yaml(SUM_YAML),
    };
    package
        .file("keep/in.txt", "safe input\n")
        .file("keep/ans.txt", "safe answer\n");
    for case in 0..cases {
        for (extension, kept) in [("in", "in.txt"), ("ans", "ans.txt")] {
            let link = package.path(&format!("data/secret/{case:03}.{extension}"));
            fs::create_dir_all(link.parent().unwrap()).unwrap();
            std::os::unix::fs::symlink(format!("../../keep/{kept}"), link).unwrap();
        }
    }
}

#[test]
fn a_case_file_swapped_for_a_link_out_after_loading_never_reaches_a_run_a_checker_or_a_report() {
    use judge::engine::{self, Options};
    use std::sync::atomic::{AtomicBool, Ordering};
    const CASES: usize = 60;
    let bench = common::Bench::new();
    let tree = Tree::new("hostile-case-swap");
    let secret = tree.file("secret.txt", &format!("{HOST_SECRET}\n"));
    // Quotes both files it was given, as a validator may (a diff of the answer, the input's first line).
    let show = "#include <stdio.h>\n\
        int main(int argc, char **argv) {\n\
            char path[4096];\n\
            snprintf(path, sizeof path, \"%s/judgemessage.txt\", argv[3]);\n\
            FILE *note = fopen(path, \"w\");\n\
            for (int i = 1; i <= 2; i++) {\n\
                FILE *f = fopen(argv[i], \"r\");\n\
                for (int c; f && (c = fgetc(f)) != EOF;) fputc(c == '\\n' ? ' ' : c, note);\n\
                fputs(\"| \", note);\n\
            }\n\
            return 43;\n\
        }\n";
    swapped_cases_package(&tree, "plain", CASES, None);
    swapped_cases_package(&tree, "custom", CASES, Some(show));
    let echo = tree.file(
        "echo.c",
        "#include <stdio.h>\nint main(void) { for (int c; (c = getchar()) != EOF;) putchar(c); }\n",
    );
    let selection = judge::plan::Selection {
        solution: Some((echo, "echo.c".into())),
        case_pattern: None,
        tl_mult: 1.0,
        wall_mult: 1.0,
        fail_fast: false,
        dialects: false,
    };
    let mut jobs = Vec::new();
    let mut case_files = Vec::new();
    for name in ["plain", "custom"] {
        let package = judge::package::load(&tree.testdata().join(name)).unwrap();
        jobs.extend(judge::plan::jobs(&package, &selection, 1000, "test"));
        for case in &package.cases {
            case_files.extend([case.input.clone(), case.answer.clone()]);
        }
    }
    let languages = judge::lang::Languages::builtin();
    let options = Options {
        jobs: 2,
        cache_dir: bench.cache.clone(),
        languages: &languages,
        scratch: &bench.scratch,
        show: true,
        keep: None,
    };
    // Compiled before the swaps begin: the runs, not the compiles, are what the swaps race.
    engine::compile_jobs(&jobs, &options);
    let stop = AtomicBool::new(false);
    let results = std::thread::scope(|scope| {
        // Loaded with every case file inside; from now on each is, by atomic renames, a link inside or a
        // symlink to the host's file, by a coin of its own at every turn (a case's two files in
        // lockstep would never be inside at once, however the machine's load delays this thread).
        scope.spawn(|| {
            let mut coin = 0x9e37_79b9_7f4a_7c15_u64;
            loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                for file in &case_files {
                    let next = file.with_file_name(".swap");
                    let _ = fs::remove_file(&next);
                    let kept = match file.extension().unwrap().to_str() {
                        Some("in") => "../../keep/in.txt",
                        _ => "../../keep/ans.txt",
                    };
                    // xorshift64: any coin will do, as long as each file's is its own.
                    coin ^= coin << 13;
                    coin ^= coin >> 7;
                    coin ^= coin << 17;
                    match coin & 1 {
                        0 => std::os::unix::fs::symlink(kept, &next).unwrap(),
                        _ => std::os::unix::fs::symlink(&secret, &next).unwrap(),
                    }
                    fs::rename(&next, file).unwrap();
                }
            }
        });
        let results = engine::judge(&jobs, &options, &mut Quiet);
        stop.store(true, Ordering::Relaxed);
        results
    });
    let (mut judged, mut refused) = (0, 0);
    for result in &results {
        assert_eq!(result.cases.len(), CASES, "{result:?}");
        for case in &result.cases {
            let excerpt = case.excerpt.as_deref();
            let shown = [
                Some(&case.note),
                excerpt.map(|e| &e.input),
                excerpt.map(|e| &e.answer),
                excerpt.map(|e| &e.output),
                excerpt.map(|e| &e.stderr),
            ];
            // Before: the host's file as the submission's input (echoed in its output), as the answer
            // quoted by the default validator's note and the excerpt, as what a validator was given.
            assert!(
                !shown
                    .iter()
                    .flatten()
                    .any(|text| text.contains(HOST_SECRET)),
                "{}: {}: {case:?}",
                result.name,
                case.case
            );
            match case.verdict {
                judge::verdict::Verdict::WrongAnswer => judged += 1,
                judge::verdict::Verdict::JudgeError => {
                    // A link out, or a file renamed over between its opening and its check.
                    let why = ["outside the package", "changed while it was read"];
                    assert!(why.iter().any(|w| case.note.contains(w)), "{case:?}");
                    refused += 1;
                }
                other => panic!("{other:?}: {case:?}"),
            }
        }
    }
    // Both happened: the runs met the swaps, and some cases were judged through them.
    assert!(
        judged > 0 && refused > 0,
        "{judged} judged, {refused} refused"
    );
}
