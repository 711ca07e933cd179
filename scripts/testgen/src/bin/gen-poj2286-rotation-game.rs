//! Writes `testdata/poj2286-rotation-game/`: every answer comes from the plain IDA* reference.
//!
//! The boards of known depth (`official/05-every-depth`) and the deepest boards
//! (`beyond/ten-deepest-13-move-boards`) were found offline by an exhaustive search over all boards (no
//! board needs more than 13 moves; 192 boards need exactly 13, 32 up to renaming the symbols); they are
//! literals here, and this generator asserts the reference agrees with their depths. The reference needs
//! about 1.5 s for each 13-move board.
//!
//! Beyond POJ: a board split over lines with tabs and CR LF (POJ's data has one board a line), and ten
//! 13-move boards in one file (the real data is small: an accepted IDA* needs about a second per such board).
use testgen::poj2286_rotation_game::{
    format_input, parse, random_board, solve, solved_board, undo_letters, Board, SAMPLE_IN,
    SAMPLE_OUT,
};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 2286;

/// Two boards for each depth 0..=13 (the depth is the length of the answer).
const EVERY_DEPTH: [(usize, &str); 28] = [
    (0, "3 2 2 3 2 2 1 1 1 3 3 1 1 2 3 1 1 1 2 3 3 3 2 2"),
    (0, "2 3 2 2 3 3 1 1 1 3 3 1 1 3 2 1 1 1 2 3 3 2 2 2"),
    (1, "3 3 2 2 2 2 1 1 1 2 3 1 1 3 1 1 1 3 3 3 2 2 3 2"),
    (1, "2 2 1 2 3 3 1 1 1 3 3 1 1 2 3 3 1 1 2 2 3 2 2 3"),
    (2, "1 2 1 1 2 2 3 3 3 1 1 3 3 1 2 2 2 3 3 3 1 1 2 2"),
    (2, "1 3 2 3 2 2 3 3 3 1 2 3 1 2 1 3 3 1 1 2 2 1 2 1"),
    (3, "3 3 1 3 3 3 1 1 2 3 2 1 1 2 1 2 1 1 2 2 2 3 3 2"),
    (3, "3 2 3 2 2 2 3 3 3 1 1 3 3 2 1 1 3 1 1 1 1 2 2 2"),
    (4, "3 1 2 3 2 2 2 1 3 3 1 2 3 1 3 1 2 2 1 3 1 2 1 3"),
    (4, "3 2 3 2 1 3 3 3 3 1 1 1 3 2 2 2 3 2 2 1 1 1 2 1"),
    (5, "3 3 1 3 1 1 1 3 2 3 2 2 1 2 3 3 2 1 1 1 3 2 2 2"),
    (5, "3 2 3 1 1 2 1 2 1 1 1 2 3 1 2 2 2 1 3 3 2 3 3 3"),
    (6, "2 3 2 3 3 2 1 1 2 2 2 1 3 1 2 1 3 1 3 3 1 1 2 3"),
    (6, "3 3 2 2 3 1 2 2 2 3 3 2 1 3 2 1 1 1 3 3 2 1 1 1"),
    (7, "1 1 1 3 1 1 3 2 3 2 1 2 3 2 3 3 2 3 1 1 3 2 2 2"),
    (7, "1 2 1 1 1 1 3 3 2 1 2 2 3 2 2 2 2 3 1 1 3 3 3 3"),
    (8, "2 3 2 1 1 1 1 3 2 2 2 1 2 3 2 1 3 3 3 3 1 2 1 3"),
    (8, "2 3 2 3 3 3 1 2 3 2 1 2 2 1 1 1 1 2 3 1 2 1 3 3"),
    (9, "3 3 1 3 2 2 2 2 1 3 2 1 1 2 1 3 2 1 1 2 1 3 3 3"),
    (9, "2 3 2 1 2 3 3 1 2 3 3 1 2 2 1 1 1 3 1 1 3 2 3 2"),
    (10, "3 2 1 1 3 1 3 2 1 2 3 1 2 2 3 1 2 3 1 3 2 3 1 2"),
    (10, "2 1 1 3 1 2 2 3 2 1 2 1 2 2 3 1 3 3 1 3 2 3 3 1"),
    (11, "3 2 1 1 1 3 3 2 1 3 1 3 2 2 2 1 2 3 2 1 3 3 2 1"),
    (11, "2 1 1 2 3 3 2 2 3 1 2 3 3 3 2 1 1 2 1 2 3 1 1 3"),
    (12, "1 3 3 1 1 1 2 3 1 3 2 2 3 2 1 2 2 3 2 3 2 1 3 1"),
    (12, "2 2 1 1 2 3 1 1 3 3 1 2 2 2 3 2 3 3 2 3 1 1 1 3"),
    (13, "1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3"),
    (13, "3 1 2 1 1 3 3 3 3 3 2 2 1 1 2 2 1 1 2 2 3 1 2 3"),
];

/// Ten of the 32 deepest boards (13 moves), one per class of boards equal up to renaming the symbols.
const DEEPEST: [&str; 10] = [
    "1 1 3 2 3 2 3 2 3 3 2 1 2 2 1 1 1 2 1 1 3 2 3 3",
    "1 1 3 2 2 3 1 1 2 3 1 3 2 1 2 3 2 1 3 2 1 2 3 3",
    "3 1 1 2 3 2 3 1 3 2 1 1 2 2 1 3 2 3 1 3 1 2 2 3",
    "2 2 1 2 3 3 1 3 3 3 1 1 3 1 2 1 2 2 1 2 1 2 3 3",
    "1 1 1 2 2 3 3 3 2 3 3 3 2 1 2 1 1 2 1 2 1 2 3 3",
    "1 2 2 3 3 1 1 3 3 1 1 1 3 3 2 2 2 2 2 1 1 3 2 3",
    "1 2 1 3 3 2 2 2 2 2 1 1 3 3 3 1 1 3 3 1 1 2 2 3",
    "3 1 2 3 1 1 2 2 1 1 2 2 1 1 3 3 3 3 3 2 2 1 2 3",
    "1 2 3 1 1 3 2 1 2 3 2 3 1 2 1 2 3 2 1 3 3 1 2 3",
    "3 2 1 3 2 1 2 1 1 2 1 2 3 2 3 3 3 2 3 1 1 1 2 3",
];

/// Two boards where two symbols need the same fewest moves and the higher symbol's string is smaller.
const SYMBOL_TIES: &str = "2 2 2 2 3 1 2 1 1 3 2 1 3 1 1 1 3 3 2 1 3 3 3 2\n\
                           1 2 2 3 1 2 2 2 3 3 1 2 3 1 3 3 2 1 1 1 3 1 3 2\n\
                           0\n";

/// The sample with tabs, runs of spaces, CRLF line ends and no final newline.
const ODD_FORMAT: &str = "1\t1 1 1   3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\r\n\
                          1 1 1 1 1 1 1 1\r\n2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\r\n0";

fn board_lines(boards: &[&str]) -> String {
    boards.iter().map(|b| format!("{b}\n")).collect::<String>() + "0\n"
}

fn main() {
    let data = Testdata::open("poj2286-rotation-game");
    assert_eq!(
        solve(SAMPLE_IN),
        SAMPLE_OUT,
        "the reference must reproduce the sample"
    );
    data.official("01-sample", SAMPLE_IN, SAMPLE_OUT);

    let solved: Vec<Board> = (1..=3).map(solved_board).collect();
    let solved_input = format_input(&solved);
    data.official("02-solved", &solved_input, &solve(&solved_input));

    let mut one_move = Vec::new();
    for board in &solved {
        for letter in ["A", "B", "C", "D", "E", "F", "G", "H"] {
            let mut b = *board;
            undo_letters(&mut b, letter);
            one_move.push(b);
        }
    }
    let one_move_input = format_input(&one_move);
    data.official("03-one-move", &one_move_input, &solve(&one_move_input));

    data.official("04-symbol-ties", SYMBOL_TIES, &solve(SYMBOL_TIES));

    let every_depth = board_lines(&EVERY_DEPTH.map(|(_, b)| b));
    let answer = solve(&every_depth);
    let lengths = answer
        .lines()
        .step_by(2)
        .map(|l| if l.starts_with('N') { 0 } else { l.len() });
    assert!(
        lengths.eq(EVERY_DEPTH.iter().map(|&(depth, _)| depth)),
        "depths differ"
    );
    data.official("05-every-depth", &every_depth, &answer);

    let deepest = board_lines(&DEEPEST);
    let answer = solve(&deepest);
    assert!(
        answer.lines().step_by(2).all(|l| l.len() == 13),
        "deepest boards need 13 moves"
    );
    data.beyond("ten-deepest-13-move-boards", &deepest, &answer);

    assert_eq!(parse(ODD_FORMAT).len(), 2);
    data.beyond(
        "layout/board-split-over-lines-tabs-crlf",
        ODD_FORMAT,
        &solve(ODD_FORMAT),
    );

    // Thirty boards a file: the most one input may hold.
    let mut rng = Rng::new(SEED);
    for file in 1..=10 {
        let boards: Vec<Board> = (0..30).map(|_| random_board(&mut rng)).collect();
        let input = format_input(&boards);
        data.official(&format!("random/{file:02}"), &input, &solve(&input));
    }
}
