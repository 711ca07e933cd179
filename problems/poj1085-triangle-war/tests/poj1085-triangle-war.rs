#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use solution::solve;
use testgen::harness::{assert_rejects, assert_solve_rejects, assert_solves_testdata};
use testgen::poj1085_triangle_war::{
    chain_game, game, input, random_game, replay, Reference, Segment, EDGE_CASES, SAMPLE_IN,
    SAMPLE_OUT,
};
use testgen::rng::Rng;

#[test]
fn samples() {
    assert_eq!(solve(SAMPLE_IN).unwrap(), SAMPLE_OUT);
    assert_eq!(solve(&SAMPLE_IN.replace('\n', "\r\n")).unwrap(), SAMPLE_OUT);
}

/// The generator's edge cases and two more: (name, moves, winner), each winner explained beside it.
#[test]
fn named_edge_cases_agree_with_hand_and_reference() {
    let more = [
        // A: 1-2; B: 1-3; A: 2-3 (+1), 2-4; B: 2-5; A: 4-5 (+1) and moves again: A leads 2-0 and wins.
        (
            "sample 3: two triangles by extra turns",
            "1 2 2 3 1 3 2 4 2 5 4 5",
            'A',
        ),
        // Dots given higher first name the same segments (the statement promises i < j; accepted anyway).
        ("reversed dot order", "2 1 3 2 3 1 4 2 5 2 5 4", 'A'),
    ];
    let mut reference = Reference::new();
    for (name, moves, winner) in EDGE_CASES.into_iter().chain(more) {
        let game = game(moves);
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
        assert_solve_rejects(solve, name, text);
    }
}

/// Every committed testdata case (answers from the plain minimax) is answered the same.
#[test]
fn agrees_with_every_testdata_answer() {
    assert_solves_testdata("poj1085-triangle-war", 10, solve);
}

#[test]
fn the_binary_exits_1_with_one_stderr_line_on_bad_input() {
    for bytes in [&b"1\n6\n1 2\n"[..], &b"\xff\xfe"[..]] {
        assert_rejects(env!("CARGO_BIN_EXE_poj1085-triangle-war"), bytes);
    }
}
