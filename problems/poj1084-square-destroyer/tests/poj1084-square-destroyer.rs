#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use testgen::harness::{assert_rejects, assert_solve_rejects, assert_solves_testdata};
use testgen::poj1084_square_destroyer::{self as reference, Case, SAMPLE_IN, SAMPLE_OUT};
use testgen::rng::Rng;

fn solve_one(n: usize, removed: &[usize]) -> String {
    solution::solve(&reference::format_input(&[Case::new(n, removed)])).expect("valid input")
}

#[test]
fn sample() {
    assert_eq!(solution::solve(SAMPLE_IN).unwrap(), SAMPLE_OUT);
}

#[test]
fn named_edge_cases() {
    for n in 1..=5 {
        let want = reference::COMPLETE_GRID[n - 1];
        assert_eq!(solve_one(n, &[]), format!("{want}\n"), "complete {n}x{n}");
    }
    let every_stick: Vec<usize> = (1..=60).collect();
    assert_eq!(solve_one(5, &every_stick), "0\n", "every stick gone");
    for (what, case, want) in reference::edge_cases() {
        assert_eq!(
            solve_one(case.n, &case.removed),
            format!("{want}\n"),
            "{what}"
        );
    }
}

#[test]
fn every_grid_up_to_2x2_matches_brute_force() {
    for n in 1..=2 {
        let sticks = 2 * n * (n + 1);
        for gone in 0u32..1 << sticks {
            let removed: Vec<usize> = (1..=sticks).filter(|s| gone >> (s - 1) & 1 == 1).collect();
            let want = reference::min_removals(n, &removed, u64::MAX).unwrap();
            assert_eq!(
                solve_one(n, &removed).trim(),
                want.to_string(),
                "n={n} removed={removed:?}"
            );
        }
    }
}

#[test]
fn random_grids_match_brute_force() {
    let mut rng = Rng::new(1084);
    let mut compared = [0usize; 6];
    let mut hard = 0; // grids n ≥ 4 that need 5 or more removals
    let mut cases = Vec::new();
    let mut answers = String::new();
    while cases.len() < 3000 {
        let percent = rng.range(5, 70) as u64;
        let case = reference::random_case(&mut rng, 5, percent);
        let Some(want) = reference::min_removals(case.n, &case.removed, 200_000) else {
            continue;
        };
        compared[case.n] += 1;
        hard += usize::from(case.n >= 4 && want >= 5);
        answers.push_str(&format!("{want}\n"));
        cases.push(case);
    }
    // Every size must be well represented, or this test would quietly check only the easy grids.
    assert!(compared[1..].iter().all(|&c| c >= 300), "{compared:?}");
    assert!(hard >= 100, "only {hard} hard grids");
    let got = solution::solve(&reference::format_input(&cases)).unwrap();
    for (i, (g, w)) in got.lines().zip(answers.lines()).enumerate() {
        assert_eq!(g, w, "case {i}: {:?}", cases[i]);
    }
    assert_eq!(got.lines().count(), cases.len());
}

/// Every committed testdata case (answers from the brute force and the statement's table) is answered
/// the same.
#[test]
fn agrees_with_every_testdata_answer() {
    assert_solves_testdata("poj1084-square-destroyer", 15, solution::solve);
}

#[test]
fn malformed_input_is_an_error() {
    let bad = [
        ("empty", ""),
        ("not a number", "x"),
        ("negative count", "-1"),
        ("missing grid", "1\n"),
        ("n too large", "1\n6\n0\n"),
        ("n zero", "1\n0\n0\n"),
        ("stick out of range", "1\n2\n1 13\n"),
        ("stick zero", "1\n2\n1 0\n"),
        ("truncated stick list", "1\n2\n3 1 2\n"),
        ("second case missing", "2\n2\n0\n"),
        ("letter in list", "1\n2\n2 1 a\n"),
    ];
    for (what, input) in bad {
        assert_solve_rejects(solution::solve, what, input);
    }
}

#[test]
fn binary_exits_1_with_one_line_on_garbage() {
    for input in [&b"\xff\xfe garbage"[..], b"1\n9\n0\n"] {
        assert_rejects(env!("CARGO_BIN_EXE_poj1084-square-destroyer"), input);
    }
}
