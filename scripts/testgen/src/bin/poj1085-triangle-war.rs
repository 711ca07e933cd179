//! Writes testdata/poj1085-triangle-war/: the sample, hand-checked edge cases, random and chain games, and one
//! file of 100,000 games; every answer from the plain memoised minimax in `testgen::poj1085_triangle_war`.
use testgen::poj1085_triangle_war::{chain_game, input, random_game, Reference, Segment};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x1085_7a1e;

const SAMPLE_IN: &str =
    "4\n6\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7 8\n\
6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n10\n1 2\n2 5\n3 6\n5 8\n4 7\n6 10\n2 4\n4 5\n4 8\n7 8\n";
const SAMPLE_OUT: &str = "Game 1: B wins.\nGame 2: A wins.\nGame 3: A wins.\nGame 4: B wins.\n";

/// (case, moves as dot numbers) for single-game cases.
const EDGE_CASES: [(&str, &str); 4] = [
    (
        "02-full-board",
        "1 2 1 3 2 3 2 4 2 5 3 5 3 6 4 5 5 6 4 7 4 8 5 8 5 9 6 9 6 10 7 8 8 9 9 10",
    ),
    (
        "03-last-move-closes-two",
        "1 2 1 3 2 3 2 4 3 5 3 6 4 5 5 6 4 7 4 8 5 8 5 9 6 9 6 10 7 8 8 9 9 10 2 5",
    ),
    (
        "04-one-segment-left",
        "1 2 1 3 2 3 2 4 2 5 3 5 3 6 4 5 5 6 4 7 4 8 5 8 5 9 6 9 6 10 7 8 8 9",
    ),
    ("05-no-triangle-yet", "1 2 4 7 6 10 3 5 5 8 8 9"),
];

fn main() {
    let data = Testdata::open("poj1085-triangle-war");
    let mut reference = Reference::new();
    let sample = parse(SAMPLE_IN);
    assert_eq!(
        reference.answer(&sample),
        SAMPLE_OUT,
        "reference fails the sample"
    );
    data.case("01-sample", SAMPLE_IN, SAMPLE_OUT);

    let mut write = |name: &str, games: &[Vec<Segment>]| {
        data.case(name, &input(games), &reference.answer(games));
    };
    for (name, moves) in EDGE_CASES {
        let numbers: Vec<u8> = moves.split(' ').map(|t| t.parse().unwrap()).collect();
        write(name, &[numbers.chunks(2).map(|p| (p[0], p[1])).collect()]);
    }

    let mut rng = Rng::new(SEED);
    let board = Reference::new().board;
    // Every m from 6 to 18, 100 uniformly random games each.
    let games: Vec<_> = (6..=18)
        .flat_map(|m| (0..100).map(move |_| m))
        .map(|m| random_game(&mut rng, &board, m))
        .collect();
    write("06-every-m", &games);
    // Greedy play: long runs of extra turns in the moves and ahead of the position.
    let games: Vec<_> = (0..1_000)
        .map(|_| {
            let m = rng.range(10, 18) as usize;
            chain_game(&mut rng, &board, m)
        })
        .collect();
    write("07-chains", &games);
    for k in 1..=4 {
        let games: Vec<_> = (0..1_000)
            .map(|_| {
                let m = rng.range(6, 18) as usize;
                random_game(&mut rng, &board, m)
            })
            .collect();
        write(&format!("random/{k:02}"), &games);
    }
    // The speed test: 100,000 games with m = 6, the deepest searches (and the shortest lines: 2.7 MB).
    let games: Vec<_> = (0..100_000)
        .map(|_| random_game(&mut rng, &board, 6))
        .collect();
    write("random/05-100000-games", &games);
}

fn parse(text: &str) -> Vec<Vec<Segment>> {
    let numbers: Vec<u8> = text
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut games = Vec::new();
    let mut at = 1;
    for _ in 0..numbers[0] {
        let m = numbers[at] as usize;
        let pairs = &numbers[at + 1..at + 1 + 2 * m];
        games.push(pairs.chunks(2).map(|p| (p[0], p[1])).collect());
        at += 1 + 2 * m;
    }
    games
}
