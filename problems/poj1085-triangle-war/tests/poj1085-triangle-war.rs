#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use solution::solve;
use testgen::poj1085_triangle_war::{chain_game, input, random_game, replay, Reference, Segment};
use testgen::rng::Rng;

const SAMPLE_IN: &str =
    "4\n6\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7 8\n\
6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n10\n1 2\n2 5\n3 6\n5 8\n4 7\n6 10\n2 4\n4 5\n4 8\n7 8\n";
const SAMPLE_OUT: &str = "Game 1: B wins.\nGame 2: A wins.\nGame 3: A wins.\nGame 4: B wins.\n";

#[test]
fn samples() {
    assert_eq!(solve(SAMPLE_IN).unwrap(), SAMPLE_OUT);
    assert_eq!(solve(&SAMPLE_IN.replace('\n', "\r\n")).unwrap(), SAMPLE_OUT);
}

/// (name, moves, winner): positions whose answer can be checked by hand.
const EDGE_CASES: [(&str, &str, char); 6] = [
    // A: 1-2; B: 1-3; A: 2-3 (+1), 2-4; B: 2-5; A: 4-5 (+1) and moves again: A leads 2-0 and wins.
    (
        "sample 3: two triangles by extra turns",
        "1 2 2 3 1 3 2 4 2 5 4 5",
        'A',
    ),
    // All 18 drawn in the order of the statement's list: A takes 1-2-3, 2-3-5, 5-6-9; B the other six.
    (
        "full board, statement order",
        "1 2 1 3 2 3 2 4 2 5 3 5 3 6 4 5 5 6 4 7 4 8 5 8 5 9 6 9 6 10 7 8 8 9 9 10",
        'B',
    ),
    // A takes 1-2-3, 3-5-6, 4-5-8, then 4-7-8, 5-8-9, 6-9-10 in a row and ends with 2-5, which closes
    // 2-4-5 and 2-3-5 at once: A 8, B 1.
    (
        "full board, last move closes two",
        "1 2 1 3 2 3 2 4 3 5 3 6 4 5 5 6 4 7 4 8 5 8 5 9 6 9 6 10 7 8 8 9 9 10 2 5",
        'A',
    ),
    // Dots given higher first name the same segments (the statement promises i < j; accepted anyway).
    ("reversed dot order", "2 1 3 2 3 1 4 2 5 2 5 4", 'A'),
    // Six segments, no triangle has two sides: A to move at 0-0 (winner from the reference).
    ("no triangle yet", "1 2 4 7 6 10 3 5 5 8 8 9", 'A'),
    // The same without 9-10: B leads 5-3, is to move and takes 6-9-10.
    (
        "one segment left",
        "1 2 1 3 2 3 2 4 2 5 3 5 3 6 4 5 5 6 4 7 4 8 5 8 5 9 6 9 6 10 7 8 8 9",
        'B',
    ),
];

#[test]
fn named_edge_cases_agree_with_hand_and_reference() {
    let mut reference = Reference::new();
    for (name, moves, winner) in EDGE_CASES {
        let numbers: Vec<u8> = moves.split(' ').map(|t| t.parse().unwrap()).collect();
        let game: Vec<Segment> = numbers
            .chunks(2)
            .map(|p| (p[0].min(p[1]), p[0].max(p[1])))
            .collect();
        let case = format!("1\n{}\n{}\n", game.len(), moves);
        let expected = format!("Game 1: {winner} wins.\n");
        assert_eq!(reference.answer(&[game]), expected, "reference, {name}");
        assert_eq!(solve(&case).unwrap(), expected, "solution, {name}");
    }
}

/// Every set of at least 6 drawn segments, each reached by one random order (so with a random score):
/// 249,528 games in one file, checked against the plain memoised minimax.
#[test]
fn every_drawn_set_agrees_with_plain_minimax() {
    let mut reference = Reference::new();
    let segments = reference.board.segments.clone();
    let mut rng = Rng::new(1085);
    let games: Vec<Vec<Segment>> = (0u32..1 << 18)
        .filter(|set| set.count_ones() >= 6)
        .map(|set| {
            let mut game: Vec<Segment> = (0..18)
                .filter(|s| set >> s & 1 == 1)
                .map(|s| segments[s])
                .collect();
            rng.shuffle(&mut game);
            game
        })
        .collect();
    assert_eq!(games.len(), 249_528);
    assert_eq!(solve(&input(&games)).unwrap(), reference.answer(&games));
}

/// 20,000 uniformly random games (m = 6..=18) in one file, and 2,000 more each in its own file so that the
/// transposition table starts empty for each: the table must not carry a wrong bound from game to game.
#[test]
fn random_games_agree_with_plain_minimax() {
    let mut reference = Reference::new();
    let mut rng = Rng::new(2024);
    let games: Vec<Vec<Segment>> = (0..20_000)
        .map(|_| {
            let m = rng.range(6, 18) as usize;
            random_game(&mut rng, &reference.board, m)
        })
        .collect();
    let winners = reference.answer(&games);
    assert!(winners.contains("A wins") && winners.contains("B wins"));
    assert_eq!(solve(&input(&games)).unwrap(), winners);
    for game in &games[..2_000] {
        let one = std::slice::from_ref(game);
        assert_eq!(
            solve(&input(one)).unwrap(),
            reference.answer(one),
            "{game:?}"
        );
    }
}

/// Games played greedily (take what is offered, never offer) stall and then end in long extra-turn chains.
#[test]
fn chain_games_agree_with_plain_minimax() {
    let mut reference = Reference::new();
    let mut rng = Rng::new(751);
    let games: Vec<Vec<Segment>> = (0..5_000)
        .map(|_| {
            let m = rng.range(10, 18) as usize;
            chain_game(&mut rng, &reference.board, m)
        })
        .collect();
    let runs: Vec<usize> = games
        .iter()
        .map(|g| replay(&reference.board, g).longest_run)
        .collect();
    assert!(
        runs.iter().filter(|&&r| r >= 5).count() >= 500,
        "too few long chains"
    );
    assert!(runs.iter().any(|&r| r >= 8), "no chain of 8 moves");
    assert_eq!(solve(&input(&games)).unwrap(), reference.answer(&games));
}

#[test]
fn malformed_input_is_an_error() {
    let cases = [
        ("empty", ""),
        ("not a number", "one\n"),
        ("missing games", "2\n6\n1 2\n1 3\n2 3\n2 4\n2 5\n4 5\n"),
        ("missing token", "1\n6\n1 2\n1 3\n2 3\n2 4\n2 5\n4\n"),
        ("m too small", "1\n5\n1 2\n1 3\n2 3\n2 4\n2 5\n"),
        ("m too large", "1\n19\n1 2\n"),
        ("not a segment", "1\n6\n1 2\n1 3\n2 3\n2 4\n2 5\n4 6\n"),
        ("dot out of range", "1\n6\n1 2\n1 3\n2 3\n2 4\n2 5\n10 11\n"),
        ("segment twice", "1\n6\n1 2\n1 3\n2 3\n2 4\n2 5\n2 1\n"),
        ("negative", "1\n6\n1 2\n1 3\n2 3\n2 4\n2 5\n-4 5\n"),
        ("trailing token", "1\n6\n1 2\n1 3\n2 3\n2 4\n2 5\n4 5\n7\n"),
    ];
    for (name, text) in cases {
        let result = solve(text);
        assert!(result.is_err(), "{name}: {result:?}");
        assert!(
            !result.unwrap_err().contains('\n'),
            "{name}: message is one line"
        );
    }
}

#[test]
fn the_binary_exits_1_with_one_stderr_line_on_bad_input() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    for bytes in [&b"1\n6\n1 2\n"[..], &b"\xff\xfe"[..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_poj1085-triangle-war"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(bytes).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty());
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
}
