//! POJ 1475 against the independent reference: every answer is replayed move by move and its
//! (pushes, moves) must equal the reference's, since ties may be broken either way.
#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use testgen::harness::{assert_rejects, assert_solve_rejects, testdata_cases};
use testgen::poj1475_pushing_boxes::{
    cheapest, input, parse, random_grid, replay, Grid, SAMPLE_IN,
};
use testgen::rng::Rng;

/// The move strings of a whole output (`None` for `Impossible.`), checking the `Maze #k` lines and blank lines.
fn answers(output: &str) -> Vec<Option<String>> {
    let lines: Vec<&str> = output.split('\n').collect();
    assert_eq!(lines.len() % 3, 1, "three lines a maze:\n{output}");
    lines
        .chunks(3)
        .filter(|chunk| chunk.len() == 3)
        .enumerate()
        .map(|(k, chunk)| {
            assert_eq!(chunk[0], format!("Maze #{}", k + 1));
            assert_eq!(chunk[2], "");
            (chunk[1] != "Impossible.").then(|| chunk[1].to_string())
        })
        .collect()
}

/// Solves all `grids` in one input and checks each answer's cost against the reference's.
fn check_against_reference(grids: &[Grid]) {
    let output = solution::solve(&input(grids)).unwrap();
    for (grid, got) in grids.iter().zip(answers(&output)) {
        let want = cheapest(grid).map(|moves| replay(grid, &moves).unwrap());
        let got = got.map(|moves| {
            replay(grid, &moves).unwrap_or_else(|e| panic!("{e}: {moves}\n{}", grid.to_input()))
        });
        assert_eq!(got, want, "(pushes, moves) differ on\n{}", grid.to_input());
    }
}

#[test]
fn sample_costs_match_the_spec() {
    let output = solution::solve(SAMPLE_IN).unwrap();
    let grids = parse(SAMPLE_IN);
    let spec = [
        Some("EEEEE"),
        None,
        Some("eennwwWWWWeeeeeesswwwwwwwnNN"),
        Some("swwwnnnnnneeesssSSS"),
    ];
    for ((grid, got), want) in grids.iter().zip(answers(&output)).zip(spec) {
        let cost = |moves: &str| replay(grid, moves).unwrap();
        assert_eq!(got.as_deref().map(cost), want.map(cost));
    }
}

#[test]
fn named_cases() {
    // (name, maze rows, (pushes, moves) of a best answer or None for `Impossible.`), worked out by hand.
    type Case = (&'static str, &'static [&'static str], Option<(u32, u32)>);
    let cases: &[Case] = &[
        ("straight push", &["SB..T"], Some((3, 3))),
        ("box in a corner", &["B..", ".S.", "..T"], None),
        ("target walled off", &["SB.#T"], None),
        ("you walled off from the box", &["S#B.T"], None),
        (
            "one column, push south",
            &["S", "B", ".", "T"],
            Some((2, 2)),
        ),
        // Pushed east off (3,3) so you can get round it, then west over (3,3) again: a search that keeps
        // box cells only (not the side you stand on) calls this impossible.
        (
            "box revisits a cell",
            &["#.####", "#...##", "...#..", "#.TB..", ".S#..."],
            Some((3, 9)),
        ),
        (
            "walk round to push back",
            &["....", ".TBS", "...."],
            Some((1, 1)),
        ),
        (
            "turn a corner: e S w s E",
            &["S..", ".B.", "..T"],
            Some((2, 5)),
        ),
        (
            "turn a corner with room: s E n e S S",
            &["S...", ".B..", "....", "..T."],
            Some((3, 6)),
        ),
    ];
    for &(name, rows, want) in cases {
        let grid = Grid::from_rows(rows);
        let reference = cheapest(&grid).map(|m| replay(&grid, &m).unwrap());
        assert_eq!(reference, want, "reference on `{name}`");
        check_against_reference(&[grid]);
    }
}

#[test]
fn agrees_with_reference_on_random_mazes() {
    let mut rng = Rng::new(1475);
    let mut solvable = 0;
    for _ in 0..200 {
        let grids: Vec<Grid> = (0..100)
            .map(|_| {
                let (h, w) = (rng.range(1, 8) as usize, rng.range(3, 8) as usize);
                let rock_pct = rng.range(0, 40) as u64;
                random_grid(&mut rng, h, w, rock_pct)
            })
            .collect();
        solvable += grids.iter().filter(|g| cheapest(g).is_some()).count();
        check_against_reference(&grids);
    }
    assert!(
        solvable > 5_000,
        "the random mazes must exercise solvable cases, got {solvable} of 20000"
    );
}

#[test]
fn agrees_with_reference_on_large_mazes() {
    let mut rng = Rng::new(589);
    let grids: Vec<Grid> = (0..60)
        .map(|i| random_grid(&mut rng, 20, 20, [0, 10, 25][i % 3]))
        .collect();
    check_against_reference(&grids);
}

#[test]
fn malformed_input_is_an_error() {
    for bad in [
        "",
        "1 3\nSBT\n",
        "1 3\nSB\n0 0\n",
        "1 3\nSBX\n0 0\n",
        "1 4\nSB.T\n1 4\nSBT.T\n0 0\n",
        "1 4\nS..T\n0 0\n",
        "1 4\nSBBT\n0 0\n",
        "one 3\nSBT\n0 0\n",
        "21 1\n",
        "0 3\n",
    ] {
        assert_solve_rejects(solution::solve, "malformed", bad);
    }
}

/// Every committed testdata case: each answer costs (pushes, moves) what the reference's `.ans` costs.
#[test]
fn testdata_answers_cost_what_the_reference_answers_cost() {
    let cases = testdata_cases("poj1475-pushing-boxes");
    assert!(cases.len() >= 10, "only {} testdata cases", cases.len());
    for case in cases {
        let grids = parse(&case.input);
        let got = answers(&solution::solve(&case.input).unwrap());
        let want = answers(&case.answer);
        assert_eq!(
            (got.len(), want.len()),
            (grids.len(), grids.len()),
            "{}",
            case.name
        );
        for (k, ((grid, got), want)) in grids.iter().zip(got).zip(want).enumerate() {
            let cost = |moves: String| replay(grid, &moves).unwrap();
            assert_eq!(
                got.map(cost),
                want.map(cost),
                "{} maze {}",
                case.name,
                k + 1
            );
        }
    }
}

#[test]
fn binary_exits_1_with_one_line_on_malformed_input() {
    assert_rejects(env!("CARGO_BIN_EXE_poj1475-pushing-boxes"), b"2 2\nSB\n");
}
