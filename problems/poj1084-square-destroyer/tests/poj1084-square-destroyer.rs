#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use testgen::poj1084_square_destroyer::{self as reference, Case};
use testgen::rng::Rng;

fn solve_one(n: usize, removed: &[usize]) -> String {
    let case = Case {
        n,
        removed: removed.to_vec(),
    };
    solution::solve(&reference::format_input(&[case])).expect("valid input")
}

#[test]
fn sample() {
    let input = "2\n2\n0\n3\n3 12 17 23\n";
    assert_eq!(solution::solve(input).unwrap(), "3\n3\n");
}

#[test]
fn named_edge_cases() {
    // (what, n, removed sticks, answer)
    let all = |n: usize| (1..=2 * n * (n + 1)).collect::<Vec<_>>();
    let table: Vec<(&str, usize, Vec<usize>, &str)> = vec![
        ("complete 1x1", 1, vec![], "1"),
        ("complete 2x2", 2, vec![], "3"),
        ("complete 3x3", 3, vec![], "6"),
        ("complete 4x4", 4, vec![], "9"),
        ("complete 5x5", 5, vec![], "14"),
        ("1x1 already broken", 1, vec![3], "0"),
        ("every stick gone", 5, all(5), "0"),
        (
            "2x2 without its centre cross: only the big square",
            2,
            vec![4, 6, 7, 9],
            "1",
        ),
        ("duplicate removals count once", 1, vec![2, 2], "0"),
        (
            "3x3 without its border: only the centre square",
            3,
            vec![1, 2, 3, 4, 7, 11, 14, 18, 21, 22, 23, 24],
            "1",
        ),
    ];
    for (what, n, removed, want) in table {
        assert_eq!(solve_one(n, &removed).trim(), want, "{what}");
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
        assert!(solution::solve(input).is_err(), "{what}");
    }
}

#[test]
fn binary_exits_1_with_one_line_on_garbage() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    for input in [&b"\xff\xfe garbage"[..], b"1\n9\n0\n"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_poj1084-square-destroyer"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty());
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
}
