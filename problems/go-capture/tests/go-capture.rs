#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use solution::{check, solve, Verdict};
use testgen::go_capture::{input, outcome, random_position, Outcome, NAMED_CASES};
use testgen::harness::{assert_rejects, assert_solve_rejects, assert_solves_testdata};
use testgen::rng::Rng;

/// The solution's verdict in the reference's terms: (output word, captured stones).
fn as_outcome(verdict: Verdict) -> Outcome {
    match verdict {
        Verdict::Capture { stones } => ("K.O.", stones),
        Verdict::Suicide => ("Suicide", 0),
        Verdict::Safe => ("Safe", 0),
    }
}

#[test]
fn sample() {
    let sample = NAMED_CASES[0].1;
    assert_eq!(solve(sample).unwrap(), "K.O.\n");
    assert_eq!(solve(&sample.replace('\n', "\r\n")).unwrap(), "K.O.\n");
    assert_eq!(solve(sample.trim_end()).unwrap(), "K.O.\n"); // no final newline
}

/// Corner capture, four groups at once, suicide-that-captures, true suicide, a 31-stone snake (captured, and
/// filling its own last liberty): each answer worked out by hand, and the reference agrees (testgen tests).
#[test]
fn named_cases() {
    for (name, text, word, stones) in NAMED_CASES {
        assert_eq!(as_outcome(check(text).unwrap()), (word, stones), "{name}");
        assert_eq!(solve(text).unwrap(), format!("{word}\n"), "{name}");
    }
}

/// `count` random legal positions, most moves on the last liberty of a group in atari or on a point with
/// no empty neighbour: verdict and number of captured stones agree with the union-find reference.
fn random_positions_agree_with_union_find(count: u32) {
    let mut rng = Rng::new(0x60_ca97);
    let mut seen = std::collections::BTreeMap::new();
    let mut multi_stone_captures = 0;
    for _ in 0..count {
        let position = random_position(&mut rng);
        let expected = outcome(&position);
        let text = input(&position);
        assert_eq!(as_outcome(check(&text).unwrap()), expected, "\n{text}");
        *seen.entry(expected.0).or_insert(0) += 1;
        multi_stone_captures += (expected.1 >= 2) as u32;
    }
    // The bias works: each verdict is common, and captures of bigger groups are too.
    for word in ["K.O.", "Suicide", "Safe"] {
        assert!(
            seen.get(word).copied().unwrap_or(0) >= count / 10,
            "{seen:?}"
        );
    }
    assert!(multi_stone_captures >= count / 20, "{multi_stone_captures}");
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn a_hundred_thousand_random_positions_agree_with_union_find() {
    random_positions_agree_with_union_find(100_000);
}

/// The default run's share: the first 5,000 of the same positions.
#[test]
fn five_thousand_random_positions_agree_with_union_find() {
    random_positions_agree_with_union_find(5_000);
}

/// Every committed testdata case (answers from the union-find reference) is answered the same.
#[test]
fn agrees_with_every_testdata_answer() {
    assert_solves_testdata("go-capture", 40, solve);
}

#[test]
fn malformed_input_is_an_error() {
    let board = ".........\n".repeat(9);
    let with_row = |row: &str| format!("{row}\n{}4 4 X\n", ".........\n".repeat(8));
    let cases = [
        ("empty", String::new()),
        ("missing move", board.clone()),
        ("short row", with_row("........")),
        ("long row", with_row("..........")),
        ("bad character", with_row("....x....")),
        ("bad colour", format!("{board}4 4 B\n")),
        ("row out of range", format!("{board}9 4 X\n")),
        ("column out of range", format!("{board}4 9 X\n")),
        ("negative", format!("{board}-1 4 X\n")),
        ("not a number", format!("{board}a 4 X\n")),
        ("missing colour", format!("{board}4 4\n")),
        ("extra token", format!("{board}4 4 X X\n")),
        (
            "occupied point",
            with_row("....X....").replace("4 4 X", "0 4 O"),
        ),
        ("eight rows", format!("{}4 4 X\n", ".........\n".repeat(8))),
        (
            "group without liberty",
            format!("XO.......\nO........\n{}4 4 X\n", ".........\n".repeat(7)),
        ),
    ];
    for (name, text) in cases {
        assert_solve_rejects(solve, name, &text);
    }
}

#[test]
fn the_binary_exits_1_with_one_stderr_line_on_bad_input() {
    for bytes in [&b".........\n"[..], &b"\xff\xfe"[..]] {
        assert_rejects(env!("CARGO_BIN_EXE_go-capture"), bytes);
    }
}
