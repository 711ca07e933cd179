#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use testgen::harness::{assert_rejects, assert_solve_rejects, assert_solves_testdata};
use testgen::poj1324_holedox_moving::{answer, random_case, render, SAMPLE_IN, SAMPLE_OUT};
use testgen::rng::Rng;

#[test]
fn sample() {
    assert_eq!(solution::solve(SAMPLE_IN).unwrap(), SAMPLE_OUT);
    assert_eq!(answer(SAMPLE_IN), SAMPLE_OUT);
}

#[test]
fn named_edge_cases() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "head already on the exit",
            "3 3 3\n1 1\n1 2\n1 3\n0\n0 0 0\n",
            "Case 1: 0\n",
        ),
        (
            "head on the exit, no room to move",
            "2 4 8\n1 1\n2 1\n2 2\n1 2\n1 3\n2 3\n2 4\n1 4\n0\n0 0 0\n",
            "Case 1: 0\n",
        ),
        (
            "full lair, head off the exit",
            "2 4 8\n1 2\n1 1\n2 1\n2 2\n2 3\n1 3\n1 4\n2 4\n0\n0 0 0\n",
            "Case 1: -1\n",
        ),
        (
            "full lair of stones and body",
            "2 3 3\n2 1\n2 2\n2 3\n3\n1 1\n1 2\n1 3\n0 0 0\n",
            "Case 1: -1\n",
        ),
        (
            "exit is a stone",
            "3 3 2\n3 3\n3 2\n1\n1 1\n0 0 0\n",
            "Case 1: -1\n",
        ),
        (
            "exit walled off by stones",
            "4 4 2\n4 4\n4 3\n3\n1 2\n2 2\n2 1\n0 0 0\n",
            "Case 1: -1\n",
        ),
        (
            "corridor, heading for the exit",
            "1 9 3\n1 4\n1 5\n1 6\n0\n0 0 0\n",
            "Case 1: 3\n",
        ),
        (
            "corridor, heading away: cannot turn",
            "1 9 3\n1 6\n1 5\n1 4\n0\n0 0 0\n",
            "Case 1: -1\n",
        ),
        (
            "tail cell blocked on a 2x2 ring",
            "2 2 4\n2 1\n2 2\n1 2\n1 1\n0\n0 0 0\n",
            "Case 1: -1\n",
        ),
        (
            "tail cell free on a 2x2 ring, L = 3",
            "2 2 3\n2 1\n2 2\n1 2\n0\n0 0 0\n",
            "Case 1: 1\n",
        ),
        (
            "exit under the tail of a 2-block snake",
            "1 2 2\n1 2\n1 1\n0\n0 0 0\n",
            "Case 1: -1\n",
        ),
        (
            "open 20x20, corner to corner",
            "20 20 8\n20 20\n20 19\n20 18\n20 17\n20 16\n20 15\n20 14\n20 13\n0\n0 0 0\n",
            "Case 1: 38\n",
        ),
        (
            "no blank lines, CRLF, text after 0 0 0",
            "1 3 2\r\n1 2\r\n1 3\r\n0\r\n1 3 2\r\n1 3\r\n1 2\r\n0\r\n0 0 0\r\ntrailing",
            "Case 1: 1\nCase 2: -1\n",
        ),
        ("no cases", "0 0 0\n", ""),
    ];
    for (name, input, expected) in cases {
        assert_eq!(solution::solve(input).as_deref(), Ok(*expected), "{name}");
        assert_eq!(answer(input), *expected, "reference: {name}");
    }
}

#[test]
fn agrees_with_plain_bfs_on_random_small_lairs() {
    let mut rng = Rng::new(1324);
    let mut count = 0;
    let mut solved = 0;
    while count < 10_000 {
        let (max_side, density) = *rng.pick(&[(4, 10), (5, 20), (6, 15), (7, 25), (6, 0)]);
        let file: Vec<_> = (0..10)
            .filter_map(|_| random_case(&mut rng, max_side, 8, density))
            .collect();
        count += file.len();
        let input = render(&file);
        let expected = answer(&input);
        solved += expected
            .lines()
            .filter(|line| !line.ends_with(" -1") && !line.ends_with(" 0"))
            .count();
        assert_eq!(
            solution::solve(&input).unwrap(),
            expected,
            "input:\n{input}"
        );
    }
    assert!(
        solved > count / 3,
        "too few cases with a real search: {solved} of {count}"
    );
}

#[test]
fn malformed_input_is_an_error() {
    let cases: &[(&str, &str)] = &[
        ("empty", ""),
        ("no terminator", "1 2 2\n1 2\n1 1\n0\n"),
        ("truncated body", "3 3 3\n1 1\n1 2\n"),
        ("truncated stones", "3 3 2\n1 1\n1 2\n2\n3 3\n"),
        ("letter for a number", "3 3 x\n"),
        ("negative cell", "3 3 2\n-1 1\n1 2\n0\n0 0 0\n"),
        ("cell outside the lair", "3 3 2\n1 1\n1 4\n0\n0 0 0\n"),
        ("body not connected", "3 3 2\n1 1\n2 2\n0\n0 0 0\n"),
        ("body crosses itself", "3 3 3\n1 1\n1 2\n1 1\n0\n0 0 0\n"),
        ("stone on the body", "3 3 2\n1 1\n1 2\n1\n1 2\n0 0 0\n"),
        ("L too long", "3 3 9\n"),
        ("L too short", "3 3 1\n1 1\n0\n0 0 0\n"),
        ("lair too large", "21 3 2\n"),
        ("partial terminator", "0 0 2\n"),
    ];
    for (name, input) in cases {
        assert_solve_rejects(solution::solve, name, input);
    }
}

#[test]
fn binary_exits_1_with_one_stderr_line_on_bad_input() {
    let no_terminator = b"1 2 2\n1 2\n1 1\n0\n"; // no `0 0 0`
    assert_rejects(env!("CARGO_BIN_EXE_poj1324-holedox-moving"), no_terminator);
}

#[test]
fn agrees_with_every_testdata_answer() {
    // The answers come from the reference, so this extends the cross-check to the large hand-made cases.
    assert_solves_testdata("poj1324-holedox-moving", 20, solution::solve);
}
