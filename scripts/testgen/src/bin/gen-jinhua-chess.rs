//! Writes `testdata/jinhua-chess/`: the sample, named boards under every goal, boards from the traps the
//! lecture warns about, and random files (one of 100,000 mixed cases, one of 99,999 six-piece cases: the deepest trees). Every answer comes from the exhaustive
//! AND/OR table in `testgen::jinhua_chess`; the plain minimax of `testgen::poj1568_winning_move` only
//! picks the trap boards. No judge hosts the problem, so its format (CR LF included) is the project's own
//! and every case is `official/`.
use testgen::jinhua_chess::{
    self as reference, all_goals, input, random_valid, Goal, Table, NAMED, SAMPLE_IN, SAMPLE_OUT,
};
use testgen::poj1568_winning_move::{self as plain, mover, Board, Outcome};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 2012;

/// `count` random valid boards with `pieces.0..=pieces.1` pieces that `keep` keeps.
fn random_boards(
    rng: &mut Rng,
    count: usize,
    pieces: (i64, i64),
    keep: &dyn Fn(&Board) -> bool,
) -> Vec<Board> {
    let mut boards = Vec::with_capacity(count);
    while boards.len() < count {
        let n = rng.range(pieces.0, pieces.1) as usize;
        let board = random_valid(rng, n);
        if keep(&board) {
            boards.push(board);
        }
    }
    boards
}

/// The answer file of `cases`.
fn answers(table: &Table, cases: &[(Board, Goal)]) -> String {
    cases
        .iter()
        .map(|(b, goal)| table.answer(b, *goal))
        .collect()
}

fn main() {
    let table = Table::build();
    let minimax = plain::Table::build();
    let data = Testdata::open("jinhua-chess");
    assert_eq!(reference::solve(&table, SAMPLE_IN), SAMPLE_OUT);
    data.official("01-sample", SAMPLE_IN, SAMPLE_OUT);
    for (name, cells, expected) in NAMED {
        let board: Board = cells.as_bytes().try_into().expect("16 cells");
        let cases = all_goals(&[board]);
        let answer = answers(&table, &cases);
        assert_eq!(answer, expected.join("\n") + "\n", "{name}");
        data.official(name, &input(&cases), &answer);
    }
    data.official(
        "layout/08-crlf-and-one-line",
        &SAMPLE_IN.replacen('\n', "\r\n", 5).replace('\n', " "),
        SAMPLE_OUT,
    );

    let mut rng = Rng::new(SEED);
    let can = |b: &Board, goal| table.can_force(b, goal);
    let win_and_lose = random_boards(&mut rng, 300, (6, 15), &|b| {
        can(b, Goal::Win) && can(b, Goal::Lose)
    });
    let no_winner_no_draw = random_boards(&mut rng, 300, (6, 15), &|b| {
        minimax.value(b) == Outcome::Draw && !can(b, Goal::Draw)
    });
    let refused_win = random_boards(&mut rng, 300, (6, 15), &|b| {
        let opponent_wins = if mover(b) == b'x' {
            Outcome::OWins
        } else {
            Outcome::XWins
        };
        minimax.value(b) == opponent_wins && !can(b, Goal::Lose)
    });
    let six_pieces = random_boards(&mut rng, 1000, (6, 6), &|_| true);
    let mixed = random_boards(&mut rng, 100_000, (6, 15), &|_| true);
    let goals: Vec<Goal> = (0..mixed.len()).map(|_| *rng.pick(&Goal::ALL)).collect();
    // The largest input whose every case is a deepest tree: 33,333 six-piece boards under all three goals
    // (99,999 cases). A search per goal without the symmetry-keyed memo needs seconds here.
    let deepest = random_boards(&mut rng, 33_333, (6, 6), &|_| true);

    let files: [(&str, Vec<(Board, Goal)>); 6] = [
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
        ("random/06-99999-six-piece-cases", all_goals(&deepest)),
    ];
    for (name, cases) in files {
        data.official(name, &input(&cases), &answers(&table, &cases));
    }
}
