//! Writes testdata/poj1085-triangle-war/: the sample, hand-checked edge cases, random and chain games, and one
//! file of 100,000 games; every answer from the plain memoised minimax in `testgen::poj1085_triangle_war`.
//! Beyond POJ: the 100,000-game file (accepted solutions take many seconds on it; the real data is small).
use testgen::poj1085_triangle_war::{
    chain_game, game, input, parse, random_game, Reference, Segment, EDGE_CASES, SAMPLE_IN,
    SAMPLE_OUT,
};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x1085_7a1e;

fn main() {
    let data = Testdata::open("poj1085-triangle-war");
    let mut reference = Reference::new();
    let sample = parse(SAMPLE_IN);
    assert_eq!(
        reference.answer(&sample),
        SAMPLE_OUT,
        "reference fails the sample"
    );
    data.official("01-sample", SAMPLE_IN, SAMPLE_OUT);

    for (name, moves, winner) in EDGE_CASES {
        let games = [game(moves)];
        assert_eq!(
            reference.winner(&games[0]),
            winner,
            "reference vs hand on {name}"
        );
        data.official(name, &input(&games), &reference.answer(&games));
    }

    let mut write = |name: &str, games: &[Vec<Segment>]| {
        data.case(name, &input(games), &reference.answer(games));
    };
    let mut rng = Rng::new(SEED);
    let board = Reference::new().board;
    // Every m from 6 to 18, 100 uniformly random games each.
    let games: Vec<_> = (6..=18)
        .flat_map(|m| (0..100).map(move |_| m))
        .map(|m| random_game(&mut rng, &board, m))
        .collect();
    write("official/06-every-m", &games);
    // Greedy play: long runs of extra turns in the moves and ahead of the position.
    let games: Vec<_> = (0..1_000)
        .map(|_| {
            let m = rng.range(10, 18) as usize;
            chain_game(&mut rng, &board, m)
        })
        .collect();
    write("official/07-chains", &games);
    for k in 1..=4 {
        let games: Vec<_> = (0..1_000)
            .map(|_| {
                let m = rng.range(6, 18) as usize;
                random_game(&mut rng, &board, m)
            })
            .collect();
        write(&format!("official/random/{k:02}"), &games);
    }
    // The speed test: 100,000 games with m = 6, the deepest searches (and the shortest lines: 2.7 MB).
    let games: Vec<_> = (0..100_000)
        .map(|_| random_game(&mut rng, &board, 6))
        .collect();
    write("beyond/huge-100000-games", &games);
}
