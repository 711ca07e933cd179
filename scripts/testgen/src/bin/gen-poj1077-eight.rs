//! Writes `testdata/poj1077-eight/` (one board a file) and `testdata/hdu1043-eight/` (many boards a file).
//! Every answer comes from the BFS reference in `testgen::poj1077_eight`; each package's output validator
//! (`output_validator/validate.cpp`) replays the submitted moves: in the official group any move string
//! that solves the board passes (both judges have a special judge), in `beyond/` it must be as short as
//! the reference's.
//!
//! Beyond the real judges: `shortest-…` cases (the same boards, a shortest answer demanded), tabs and CR in
//! the layout (accepted readers skip only spaces and newlines), and for POJ unsolvable boards (POJ's data
//! has none: some accepted solutions print nothing for them; HDU's has them, so they stay official there).
//!
//! Layout: every case has single spaces, `\n` line ends and a final newline (what the input validators take
//! without a flag), except those in a `layout/` group (`official/layout/`: runs of spaces and newlines, as
//! POJ's own sample has; `beyond/layout/`: tabs and CR too), whose `testdata.yaml` passes `layout`.
//! No case's whole answer is empty: the solved board gets its empty line between two others (HDU's
//! `02-goal`), never alone, since a correct program may then print nothing at all, which DOMjudge judges
//! NO-OUTPUT before any validator reads it (and BAPCtools warns of an answer that starts with a newline).
//! POJ gives one board a file, so POJ's package has no solved board: HDU's judges the same program on it.
//! And no two cases are one: the one-per-distance boards skip 0 (the goal) and 31 (both such boards are
//! named cases).
use testgen::poj1077_eight::{
    format_input, parse, replay, Board, Distances, GOAL, HARDEST, JUDGES_SAMPLE_IN, MOST_IDA_NODES,
    SAMPLE_IN, SAMPLE_MOVES,
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

/// Boards laid out oddly but validly, each with its name; the last three have only spaces and newlines
/// (inside the real format), the others tabs or CR.
fn odd_layouts() -> [(&'static str, &'static str); 6] {
    [
        ("tabs", "2\t3\t4\t1\t5\tx\t7\t6\t8\n"),
        (
            "tabs-among-runs-of-spaces",
            "   1     2 3  4   5 6\t \t7   x  8   \n\n",
        ),
        ("crlf-grid", "1 2 3\r\n4 5 6\r\nx 7 8\r\n"),
        ("no-final-newline", "8 6 7 2 5 4 3 x 1"),
        ("blank-lines-around", "\n\n1 2 3 4 x 6 7 5 8\n\n\n"),
        ("two-spaces-as-the-judges-sample", JUDGES_SAMPLE_IN),
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
        let answer = answers(&distances, &parse(input));
        let group = if parse(input).iter().all(|b| distances.get(b).is_some())
            && !input.contains(['\t', '\r'])
        {
            "official"
        } else {
            "beyond"
        };
        poj.case(&format!("{group}/{name}"), input, &answer);
        assert!(
            name.starts_with("layout/") || format_input(&parse(input)) == input,
            "{name}: only a layout case may leave the plain layout"
        );
    };
    // Official: any solving move string; then the same boards again, a shortest one demanded.
    let hard = [
        ("01-sample", SAMPLE_IN.to_string()),
        ("04-hardest-1", format_input(&HARDEST[..1])),
        ("05-hardest-2", format_input(&HARDEST[1..])),
        ("06-most-ida-nodes", format_input(&[MOST_IDA_NODES])),
    ];
    for (name, input) in &hard {
        single(name, input);
        poj.beyond(
            &format!("shortest/{}", &name[3..]),
            input,
            &answers(&distances, &parse(input)),
        );
    }
    for (i, board) in UNSOLVABLE.iter().enumerate() {
        single(&format!("unsolvable-{}", i + 1), &format_input(&[*board]));
    }
    for (name, input) in odd_layouts() {
        single(&format!("layout/{name}"), input);
    }
    for (d, board) in per_distance
        .iter()
        .enumerate()
        .filter(|(d, _)| (1..31).contains(d))
    {
        let input = format_input(&[*board]);
        single(&format!("distance/{d:02}"), &input);
        poj.beyond(
            &format!("shortest/distance-{d:02}"),
            &input,
            &answers(&distances, &[*board]),
        );
    }

    let hdu = Testdata::open("hdu1043-eight");
    let many = |name: &str, boards: &[Board]| {
        hdu.case(name, &format_input(boards), &answers(&distances, boards));
    };
    hdu.official("01-sample", SAMPLE_IN, &answers(&distances, &[sample]));
    // The solved board between two others: its answer is the empty line in the middle.
    let one_move: Board = [1, 2, 3, 4, 5, 6, 7, 0, 8];
    many("official/02-goal", &[sample, GOAL, one_move]);
    many("official/03-unsolvable", &UNSOLVABLE);
    many(
        "official/04-hardest",
        &[HARDEST[0], HARDEST[1], MOST_IDA_NODES],
    );
    let mut mixed = per_distance.clone();
    mixed.extend(UNSOLVABLE);
    rng.shuffle(&mut mixed);
    many("official/05-every-distance-and-unsolvable", &mixed);
    many("beyond/shortest-every-distance-and-unsolvable", &mixed);
    let layouts = odd_layouts().map(|l| l.1).join("\r\n\t");
    let layouts = layouts.trim_end(); // and no final newline
    hdu.beyond(
        "layout/tabs-crlf-layouts",
        layouts,
        &answers(&distances, &parse(layouts)),
    );
    let farthest: Vec<Board> = distances
        .all()
        .into_iter()
        .filter(|e| e.1 >= 30)
        .map(|e| e.0)
        .collect();
    many("official/07-every-board-at-30-and-31", &farthest);
    let hard: Vec<Board> = distances
        .all()
        .into_iter()
        .filter(|e| e.1 >= 27)
        .map(|e| e.0)
        .collect();
    many(
        "beyond/shortest-hard-2000",
        &(0..2000).map(|_| *rng.pick(&hard)).collect::<Vec<_>>(),
    );
    many(
        "official/09-random-5000",
        &(0..5000)
            .map(|_| random_board(&mut rng))
            .collect::<Vec<_>>(),
    );
}
