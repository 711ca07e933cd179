#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use testgen::harness::{assert_rejects, assert_solve_rejects, assert_solves_testdata};
use testgen::poj1376_robot::{answer, random_block, render, SAMPLE_IN, SAMPLE_OUT};
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
            "start equals destination",
            "3 3\n0 0 0\n0 0 0\n0 0 0\n1 1 1 1 west\n0 0\n",
            "0\n",
        ),
        (
            "the final heading is free: turn, GO 1",
            "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n2 2 2 3 north\n0 0\n",
            "2\n",
        ),
        (
            "start on the border",
            "3 3\n0 0 0\n0 0 0\n0 0 0\n0 1 1 1 north\n0 0\n",
            "-1\n",
        ),
        (
            "destination on the border",
            "3 3\n0 0 0\n0 0 0\n0 0 0\n1 1 3 3 north\n0 0\n",
            "-1\n",
        ),
        (
            "start beside an obstacle, equal to destination",
            "3 3\n1 0 0\n0 0 0\n0 0 0\n1 1 1 1 east\n0 0\n",
            "-1\n",
        ),
        (
            "destination off the grid",
            "3 3\n0 0 0\n0 0 0\n0 0 0\n1 1 9 9 east\n0 0\n",
            "-1\n",
        ),
        (
            "1x1 store has no standable crossing",
            "1 1\n0\n0 0 0 0 north\n0 0\n",
            "-1\n",
        ),
        (
            "GO 3 in one second",
            "2 5\n0 0 0 0 0\n0 0 0 0 0\n1 1 1 4 east\n0 0\n",
            "1\n",
        ),
        (
            "U-turn costs two turns",
            "2 5\n0 0 0 0 0\n0 0 0 0 0\n1 4 1 1 east\n0 0\n",
            "3\n",
        ),
        (
            "GO 2 may not pass a bad crossing",
            "2 6\n0 0 1 0 0 0\n0 0 1 0 0 0\n1 1 1 4 east\n0 0\n",
            "-1\n",
        ),
        (
            "walled off",
            "4 5\n0 0 1 0 0\n0 0 1 0 0\n0 0 1 0 0\n0 0 1 0 0\n1 1 2 4 north\n0 0\n",
            "-1\n",
        ),
        (
            "wall gaps too narrow for the robot",
            "5 5\n0 0 0 0 0\n0 0 1 0 0\n0 0 1 0 0\n0 0 1 0 0\n0 0 0 0 0\n4 1 4 4 east\n0 0\n",
            "-1\n",
        ),
        (
            "full grid of blocks",
            "3 3\n1 1 1\n1 1 1\n1 1 1\n1 1 2 2 south\n0 0\n",
            "-1\n",
        ),
        ("no blocks at all", "0 0\n", ""),
        (
            "several blocks, text after 0 0 ignored",
            "2 5\n0 0 0 0 0\n0 0 0 0 0\n1 1 1 4 east\n1 1\n0\n0 0 0 0 south\n0 0\ntrailing",
            "1\n-1\n",
        ),
    ];
    for (name, input, expected) in cases {
        assert_eq!(solution::solve(input).as_deref(), Ok(*expected), "{name}");
        assert_eq!(answer(input), *expected, "reference: {name}");
    }
}

#[test]
fn detour_around_a_wall() {
    // 8×8 open store, squares (0..=4, 3) blocked: crossings in columns 3 and 4 are out from row 1 to row 5,
    // so from (3,1) to (3,6) the robot must go down to row 6 and back up.
    let mut rows = ["0 0 0 0 0 0 0 0"; 8];
    for row in rows.iter_mut().take(5) {
        *row = "0 0 0 1 0 0 0 0";
    }
    let input = format!("8 8\n{}\n3 1 3 6 north\n0 0\n", rows.join("\n"));
    // two turns south, GO 3 to (6,1), turn east, GO 3, GO 2 to (6,6), turn north, GO 3: 8 seconds
    assert_eq!(solution::solve(&input).unwrap(), "8\n");
    assert_eq!(answer(&input), "8\n");
}

#[test]
fn agrees_with_plain_bfs_on_random_stores() {
    let mut rng = Rng::new(1376);
    let mut blocks = 0;
    for round in 0..2000 {
        let (max_side, density) = match round % 3 {
            0 => (6, 8),
            1 => (12, 5),
            _ => (20, 15),
        };
        let file: Vec<_> = (0..10)
            .map(|_| random_block(&mut rng, max_side, density))
            .collect();
        blocks += file.len();
        let input = render(&file);
        assert_eq!(
            solution::solve(&input).unwrap(),
            answer(&input),
            "input:\n{input}"
        );
    }
    assert_eq!(blocks, 20_000);
}

#[test]
fn malformed_input_is_an_error() {
    let cases: &[(&str, &str)] = &[
        ("empty", ""),
        ("no terminator", "2 2\n0 0\n0 0\n1 1 1 1 north\n"),
        ("truncated grid", "2 2\n0 0\n0"),
        ("square not 0/1", "2 2\n0 2\n0 0\n1 1 1 1 north\n0 0\n"),
        ("letter for a number", "2 x\n"),
        (
            "negative coordinate",
            "2 2\n0 0\n0 0\n-1 1 1 1 north\n0 0\n",
        ),
        ("bad heading", "2 2\n0 0\n0 0\n1 1 1 1 up\n0 0\n"),
        ("missing heading", "2 2\n0 0\n0 0\n1 1 1 1\n"),
        ("side too large", "51 1\n"),
        ("one side zero", "0 3\n0 0\n"),
        ("huge number", "99999999999999999999999 1\n"),
    ];
    for (name, input) in cases {
        assert_solve_rejects(solution::solve, name, input);
    }
}

#[test]
fn binary_exits_1_with_one_stderr_line_on_bad_input() {
    assert_rejects(env!("CARGO_BIN_EXE_poj1376-robot"), b"3 3\n0 0 \xff\n");
}

#[test]
fn agrees_with_every_testdata_answer() {
    // The answers come from the reference, so this extends the cross-check to the large hand-made cases.
    assert_solves_testdata("poj1376-robot", 20, solution::solve);
}
