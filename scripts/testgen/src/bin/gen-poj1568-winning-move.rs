//! Writes `testdata/poj1568-winning-move/`: the sample, named boards, every four-piece board, and random
//! files. Every answer comes from the exhaustive minimax in `testgen::poj1568_winning_move`.
//! Beyond POJ: CR LF and blank-line layouts (accepted `%c`-based readers break on them).
use testgen::poj1568_winning_move::{
    self as reference, count, input, random_legal, Board, Table, NAMED, SAMPLE_IN, SAMPLE_OUT,
};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x1568;

fn answers(table: &Table, boards: &[Board]) -> String {
    boards.iter().map(|b| table.answer(b)).collect()
}

fn main() {
    let table = Table::build();
    let data = Testdata::open("poj1568-winning-move");
    assert_eq!(reference::solve(&table, SAMPLE_IN), SAMPLE_OUT);
    data.official("01-sample", SAMPLE_IN, SAMPLE_OUT);
    for (name, cells, expected) in NAMED {
        let board: Board = cells.as_bytes().try_into().expect("16 cells");
        let answer = answers(&table, &[board]);
        assert_eq!(answer, format!("{expected}\n"), "{name}");
        data.official(name, &input(&[board]), &answer);
    }
    // Layout freedom: CRLF line ends, blank lines, spaces around rows, words after `$`.
    let layout = SAMPLE_IN
        .replace('\n', "\r\n")
        .replace("?\r\no...", "\r\n?  \r\n  o...  ")
        + "after the end\n";
    data.beyond("layout/crlf-blank-lines-and-spaces", &layout, SAMPLE_OUT);

    let four_piece: Vec<Board> = table
        .legal_boards(4)
        .filter(|b| count(b, b'.') == 12)
        .collect();
    assert!(four_piece.iter().all(|b| table.winning_move(b).is_none()));
    data.official(
        "11-every-four-piece-board",
        &input(&four_piece),
        &answers(&table, &four_piece),
    );

    let mut rng = Rng::new(SEED);
    let mut random_file = |name: &str, cases: usize, pieces: &[usize]| {
        let boards: Vec<Board> = (0..cases)
            .map(|_| {
                let n = *rng.pick(pieces);
                random_legal(&mut rng, n)
            })
            .collect();
        data.official(name, &input(&boards), &answers(&table, &boards));
    };
    random_file("random/01-six-pieces", 300, &[6]);
    random_file(
        "random/02-four-to-fourteen-pieces",
        1000,
        &[4, 6, 8, 10, 12, 14],
    );
    random_file("random/03-eight-pieces", 1000, &[8]);
    random_file("random/04-twelve-or-fourteen-pieces", 2000, &[12, 14]);
}
