//! Writes `testdata/jinhua-chess/`: the sample, named boards under every goal, boards from the traps the
//! lecture warns about, and random files (one of 100,000 cases). Every answer comes from the exhaustive
//! AND/OR table in `testgen::jinhua_chess`; the plain minimax of `testgen::poj1568_winning_move` only
//! picks the trap boards.
use testgen::jinhua_chess::{self as reference, case_text, random_valid, Goal, Table};
use testgen::poj1568_winning_move::{self as plain, mover, Board, Outcome};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 2012;

const SAMPLE_IN: &str = "4\nwin\n..xx\nxox.\n..oo\nxo..\nlose\n..xx\nxox.\n..oo\nxo..\n\
                         draw\n..xx\nxox.\n..oo\nxo..\ndraw\n....\n.ox.\nxox.\no.xo\n";
const SAMPLE_OUT: &str = "YES\nYES\nNO\nYES\n";

/// (case name, board row by row), each asked under all three goals.
const NAMED: &[(&str, &str)] = &[
    (
        "02-x-can-force-a-win-and-a-loss-not-a-draw",
        "o..xo.x.ox......",
    ),
    (
        "03-nobody-can-force-a-win-x-cannot-force-a-draw",
        "xoooxx..........",
    ),
    (
        "04-x-can-force-a-win-o-cannot-force-a-loss",
        "ooxxoo.xo.xxx...",
    ),
    ("05-x-can-force-everything", ".oo.ooxxx.oxx..."),
    ("06-o-fills-the-last-cell", "oooxoooxoxxxxxx."),
    ("07-o-fills-the-last-cell-and-wins", "oooxoooxxxoxxxx."),
];

fn file(table: &Table, cases: &[(Board, Goal)]) -> (String, String) {
    let input = cases
        .iter()
        .map(|(b, goal)| case_text(b, *goal))
        .collect::<String>();
    let answers = cases
        .iter()
        .map(|(b, goal)| table.answer(b, *goal))
        .collect();
    (format!("{}\n{input}", cases.len()), answers)
}

fn all_goals(boards: &[Board]) -> Vec<(Board, Goal)> {
    boards
        .iter()
        .flat_map(|&b| Goal::ALL.map(|goal| (b, goal)))
        .collect()
}

fn main() {
    let table = Table::build();
    let minimax = plain::Table::build();
    let data = Testdata::open("jinhua-chess");
    assert_eq!(reference::solve(&table, SAMPLE_IN), SAMPLE_OUT);
    data.case("01-sample", SAMPLE_IN, SAMPLE_OUT);
    for &(name, cells) in NAMED {
        let board: Board = cells.as_bytes().try_into().expect("16 cells");
        let (input, answers) = file(&table, &all_goals(&[board]));
        data.case(name, &input, &answers);
    }
    data.case(
        "08-crlf-and-one-line",
        &SAMPLE_IN.replacen('\n', "\r\n", 5).replace('\n', " "),
        SAMPLE_OUT,
    );

    let mut rng = Rng::new(SEED);
    let mut random_boards = |count: usize, pieces: (i64, i64), keep: &dyn Fn(&Board) -> bool| {
        let mut boards = Vec::with_capacity(count);
        while boards.len() < count {
            let n = rng.range(pieces.0, pieces.1) as usize;
            let board = random_valid(&mut rng, n);
            if keep(&board) {
                boards.push(board);
            }
        }
        boards
    };
    let can = |b: &Board, goal| table.can_force(b, goal);
    let win_and_lose = random_boards(300, (6, 15), &|b| can(b, Goal::Win) && can(b, Goal::Lose));
    let no_winner_no_draw = random_boards(300, (6, 15), &|b| {
        minimax.value(b) == Outcome::Draw && !can(b, Goal::Draw)
    });
    let refused_win = random_boards(300, (6, 15), &|b| {
        let opponent_wins = if mover(b) == b'x' {
            Outcome::OWins
        } else {
            Outcome::XWins
        };
        minimax.value(b) == opponent_wins && !can(b, Goal::Lose)
    });
    let six_pieces = random_boards(1000, (6, 6), &|_| true);
    let mixed = random_boards(100_000, (6, 15), &|_| true);
    let goals: Vec<Goal> = (0..mixed.len()).map(|_| *rng.pick(&Goal::ALL)).collect();

    let files: [(&str, Vec<(Board, Goal)>); 5] = [
        (
            "random/01-can-force-a-win-and-a-loss",
            all_goals(&win_and_lose),
        ),
        (
            "random/02-nobody-can-force-a-win-nor-bob-a-draw",
            all_goals(&no_winner_no_draw),
        ),
        (
            "random/03-opponent-can-force-a-win-bob-cannot-lose",
            all_goals(&refused_win),
        ),
        ("random/04-six-pieces", all_goals(&six_pieces)),
        (
            "random/05-100000-cases",
            mixed.into_iter().zip(goals).collect(),
        ),
    ];
    for (name, cases) in files {
        let (input, answers) = file(&table, &cases);
        data.case(name, &input, &answers);
    }
}
