//! `--html`: the pages the judge writes, end to end — self-contained (no address, no `<link>`, no tag
//! that fetches), naming every submission and case, escaping hostile names and outputs. A package with
//! hostile file names judged as usual; a stress run of the Kadane fixture (in the full run); the renju
//! games fixture (`tests/fixtures/engines/renju-games.jsonl`: Gomoku games of the workspace's engine
//! against the seed AI, one lost by a double-three foul) replayed into a match page. Chromium's checks of
//! the same pages are `scripts/check-html`.

use crate::common;

use common::{fixtures, judge_command, within, Tree};
use judge::report::html::escape;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// A page that fetches nothing: no address of any kind, no `<link>`, no tag with a `src` or `href`,
/// no CSS `url(` or `@import`; and the policy that would forbid a fetch anyway.
fn assert_self_contained(html: &str) {
    let lower = html.to_ascii_lowercase();
    for fetch in [
        "http:", "https:", "ftp:", "<link", "url(", "@import", "<iframe", "<object", "<embed",
    ] {
        assert!(!lower.contains(fetch), "the page has `{fetch}`");
    }
    assert!(
        html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';")
    );
    // Every tag the page has (a raw `<` then a letter): none loads anything.
    for (at, _) in lower.match_indices('<') {
        let tag = &lower[at..];
        if !tag[1..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
        for attribute in [
            " src=",
            " href=",
            " srcset=",
            " action=",
            " poster=",
            " data=\"http",
        ] {
            assert!(!tag.contains(attribute), "a tag fetches: {tag}");
        }
    }
}

/// A Python submission whose output, stderr and the validator's note about them try to be markup.
const HOSTILE: &str = r#"import sys
sys.stdin.read()
print("<img src=x onerror=alert(1)>\u202e 2")
sys.stderr.write("</template></pre><script>alert(2)</script>\\n")
"#;

#[test]
fn a_package_page_names_every_submission_and_case_and_escapes_them() {
    let tree = Tree::new("html-package");
    // Case and submission names keep to the format's letters; a package's folder name need not.
    let name = "p<img src=x onerror=alert(1)>&\"'\u{202e}";
    let cases = [
        "sample/1",
        "secret/group-a/2",
        "secret/group-a/3.x",
        "secret/beyond/4_y",
    ];
    let package = tree.package(name);
    package.problem_yaml(common::SUM_YAML);
    for case in cases {
        package.case(case, common::SUM_INPUT, common::SUM_ANSWER);
    }
    package
        .submission("accepted/ac.rs", "ac.rs")
        .submission("wrong_answer/wa.rs", "wa.rs")
        .file("submissions/wrong_answer/hostile.py", HOSTILE);
    let page = tree.root.join("page.html");
    let judged = tree.judge(&[name, "--html", page.to_str().unwrap()]);
    assert_eq!(judged.code, 0, "{judged}");
    let html = fs::read_to_string(&page).unwrap();
    assert_self_contained(&html);
    assert!(html.contains(&escape(name)));
    for submission in [
        "accepted/ac.rs",
        "wrong_answer/wa.rs",
        "wrong_answer/hostile.py",
    ] {
        assert!(html.contains(submission), "{submission} is not named");
    }
    for case in cases {
        assert!(
            html.contains(&format!("title=\"{case}\"")),
            "{case} is not named"
        );
    }
    for raw in [
        "<img",
        "<script>alert",
        "</template></pre>",
        "\u{202e}",
        "&\"'",
    ] {
        assert!(!html.contains(raw), "{raw:?} reached the page as it is");
    }
    assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;\\u{202e} 2"));
    assert!(html.contains("&lt;/template&gt;&lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;"));
    // One cell per submission and case: the wrong answers stopped at their first case, the rest not run.
    let cells = html.matches(" data-c=\"").count() - html.matches("<th data-c=\"").count();
    assert_eq!(cells, 3 * cases.len());
    assert_eq!(
        html.matches("<td class=\"skip").count(),
        2 * (cases.len() - 1)
    );
    // The failing cases open with their texts: the input, the answer, the output, the difference.
    assert!(html.contains("<template id=\"d0-2-0\">"));
    assert!(html.contains("first difference: line 1"));
    assert!(html.contains("<span class=\"d\"><mark>4 2</mark></span>"));
}

#[test]
fn a_solution_page_keeps_the_terminal_free_of_show_texts() {
    let tree = Tree::new("html-solution");
    tree.sum_package("p");
    let wa = fixtures().join("programs/wa.rs");
    let page = tree.root.join("own.html");
    let judged = tree.judge(&[
        "p",
        "--solution",
        wa.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(judged.code, 1, "{judged}");
    // --html keeps the texts for the page; only --show prints them.
    assert!(!judged.stdout.contains("expected (.ans)"), "{judged}");
    let html = fs::read_to_string(&page).unwrap();
    assert_self_contained(&html);
    assert!(html.contains("exit code 1"));
    assert!(html.contains("<pre><span class=\"d\"><mark>4 2</mark></span></pre>"));
}

#[test]
// A stress session that must find a failure and shrink it (minutes on a loaded machine), as the judge's
// other such sessions: the full run.
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn a_stress_page_shows_the_smallest_input_and_how_to_repeat_it() {
    let tree = Tree::new("html-stress");
    let stress = |name: &str| fixtures().join("stress").join(name);
    let page = tree.root.join("stress.html");
    let mut command = judge_command();
    command
        .arg("stress")
        .arg("--generator")
        .arg(stress("max-subarray-random.py"))
        .arg("--reference")
        .arg(stress("max-subarray-brute.py"))
        .arg("--validator")
        .arg(stress("max-subarray-validate.py"))
        .arg("--solution")
        .arg(stress("kadane-zero-start.rs"))
        .args([
            "--seed",
            "3",
            "--seconds",
            "300",
            "--save",
            "k.in",
            "--html",
        ])
        .arg(&page)
        .current_dir(&tree.root);
    let run = within(command, Duration::from_secs(600));
    assert_eq!(run.code, 1, "{run}");
    let html = fs::read_to_string(&page).unwrap();
    assert_self_contained(&html);
    let input = fs::read_to_string(tree.root.join("k.in")).unwrap();
    assert!(html.contains("a failing input found"));
    assert!(html.contains(&format!(
        "smallest failing input: {} lines",
        input.lines().count()
    )));
    assert!(html.contains("--solution") && html.contains("--seed 3</pre>"));
    assert!(
        !html.contains("--html"),
        "the repeat command writes no page"
    );
    assert!(html.contains("<svg class=\"shrink\""));
}

#[test]
fn a_match_page_replays_recorded_games_with_the_five_and_the_foul() {
    let referee = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-gomoku-referee");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/gomoku/referee.rs");
    let status = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&referee)
        .arg(&source)
        .status()
        .expect("rustc runs");
    assert!(status.success());
    let tree = Tree::new("html-match");
    let page = tree.root.join("match.html");
    let records = fixtures().join("engines/renju-games.jsonl");
    let mut command = judge_command();
    command
        .arg("match")
        .arg("--replay")
        .arg(&records)
        .arg("--referee")
        .arg(format!("cmd:{} --rule 4", referee.display()))
        .arg("--html")
        .arg(&page);
    let run = within(command, Duration::from_secs(120));
    assert_eq!(run.code, 0, "{run}");
    let html = fs::read_to_string(&page).unwrap();
    assert_self_contained(&html);
    let games = fs::read_to_string(&records).unwrap().lines().count();
    assert_eq!(html.matches("<tr data-i=").count(), games);
    // Game 8: Black's double three at 7,11, marked; game 1: Black's five through 12,6.
    assert!(html.contains("i:[7,11]"));
    assert!(html.contains("7,11 is forbidden for Black (renju): a double three"));
    assert!(
        html.contains("f:[[8,10],[9,9],[10,8],[11,7],[12,6]]"),
        "{html}"
    );
}
