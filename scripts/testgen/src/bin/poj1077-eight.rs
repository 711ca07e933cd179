//! Writes `testdata/poj1077-eight/` (one board a file) and `testdata/hdu1043-eight/` (many boards a file).
//! Every answer comes from the BFS reference in `testgen::poj1077_eight`; the checker `eight` replays the
//! submitted moves and asks for the reference's length, so any shortest move string passes.
use testgen::poj1077_eight::{
    format_input, parse, replay, Board, Distances, GOAL, HARDEST, MOST_IDA_NODES, SAMPLE_IN,
    SAMPLE_MOVES,
};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 1077;
/// Odd parity: two tiles of the goal swapped, and every tile shifted one place in reading order (an
/// 8-cycle, which is odd) with the blank in the middle.
const UNSOLVABLE: [Board; 3] = [
    [1, 2, 3, 4, 5, 6, 8, 7, 0],
    [2, 1, 3, 4, 5, 6, 7, 8, 0],
    [8, 1, 2, 3, 0, 4, 5, 6, 7],
];

/// The answer file for `boards`: one reference line each.
fn answers(distances: &Distances, boards: &[Board]) -> String {
    boards.iter().map(|b| distances.answer(b) + "\n").collect()
}

/// Boards laid out oddly but validly, each with the board list it holds.
fn odd_layouts() -> [(&'static str, &'static str); 5] {
    [
        ("tabs", "2\t3\t4\t1\t5\tx\t7\t6\t8\n"),
        (
            "runs-of-spaces",
            "   1     2 3  4   5 6\t \t7   x  8   \n\n",
        ),
        ("crlf-grid", "1 2 3\r\n4 5 6\r\nx 7 8\r\n"),
        ("no-final-newline", "8 6 7 2 5 4 3 x 1"),
        ("blank-lines-around", "\n\n1 2 3 4 x 6 7 5 8\n\n\n"),
    ]
}

/// A board at every distance 0..=31, picked at random among the boards at that distance.
fn one_per_distance(distances: &Distances, rng: &mut Rng) -> Vec<Board> {
    let all = distances.all();
    (0..=31)
        .map(|d| {
            let at_d: Vec<Board> = all.iter().filter(|e| e.1 == d).map(|e| e.0).collect();
            *rng.pick(&at_d)
        })
        .collect()
}

fn random_board(rng: &mut Rng) -> Board {
    let mut board = GOAL;
    rng.shuffle(&mut board);
    board
}

fn main() {
    let distances = Distances::new();
    let sample = parse(SAMPLE_IN)[0];
    assert_eq!(
        replay(&sample, SAMPLE_MOVES),
        Some(GOAL),
        "the spec's sample answer solves it"
    );
    assert_eq!(
        distances.get(&sample),
        Some(SAMPLE_MOVES.len() as u8),
        "and is shortest"
    );
    for board in HARDEST {
        assert_eq!(distances.get(&board), Some(31));
    }
    for board in UNSOLVABLE {
        assert_eq!(distances.get(&board), None);
    }
    let mut rng = Rng::new(SEED);
    let per_distance = one_per_distance(&distances, &mut rng);

    let poj = Testdata::open("poj1077-eight");
    let single = |name: &str, input: &str| {
        poj.case(name, input, &answers(&distances, &parse(input)));
    };
    single("01-sample", SAMPLE_IN);
    single("02-goal", "1 2 3 4 5 6 7 8 x\n");
    for (i, board) in UNSOLVABLE.iter().enumerate() {
        single(
            &format!("03-unsolvable-{}", i + 1),
            &format_input(&[*board]),
        );
    }
    single("04-hardest-1", &format_input(&HARDEST[..1]));
    single("05-hardest-2", &format_input(&HARDEST[1..]));
    single("06-most-ida-nodes", &format_input(&[MOST_IDA_NODES]));
    for (name, input) in odd_layouts() {
        single(&format!("07-layout-{name}"), input);
    }
    for (d, board) in per_distance.iter().enumerate() {
        single(&format!("distance/{d:02}"), &format_input(&[*board]));
    }

    let hdu = Testdata::open("hdu1043-eight");
    let many = |name: &str, boards: &[Board]| {
        hdu.case(name, &format_input(boards), &answers(&distances, boards));
    };
    hdu.case("01-sample", SAMPLE_IN, &answers(&distances, &[sample]));
    many("02-goal", &[GOAL]);
    many("03-unsolvable", &UNSOLVABLE);
    many("04-hardest", &[HARDEST[0], HARDEST[1], MOST_IDA_NODES]);
    let mut mixed = per_distance.clone();
    mixed.extend(UNSOLVABLE);
    rng.shuffle(&mut mixed);
    many("05-every-distance-and-unsolvable", &mixed);
    let layouts = odd_layouts().map(|l| l.1).join("\r\n\t");
    let layouts = layouts.trim_end(); // and no final newline
    hdu.case(
        "06-odd-layouts",
        layouts,
        &answers(&distances, &parse(layouts)),
    );
    let farthest: Vec<Board> = distances
        .all()
        .into_iter()
        .filter(|e| e.1 >= 30)
        .map(|e| e.0)
        .collect();
    many("07-every-board-at-30-and-31", &farthest);
    let hard: Vec<Board> = distances
        .all()
        .into_iter()
        .filter(|e| e.1 >= 27)
        .map(|e| e.0)
        .collect();
    many(
        "08-hard-2000",
        &(0..2000).map(|_| *rng.pick(&hard)).collect::<Vec<_>>(),
    );
    many(
        "09-random-5000",
        &(0..5000)
            .map(|_| random_board(&mut rng))
            .collect::<Vec<_>>(),
    );
}
