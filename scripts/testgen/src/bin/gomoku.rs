//! Writes testdata/gomoku/official/: `win-now-NN`, `block-four-NN` and `vcf-NN`, five boards a file. The
//! constructed positions come first (each checked against its hand answer), then the last positions of
//! seeded random games, classified by the reference (`testgen::gomoku`): vcf boards only where the
//! mover has at most three winning fours and at least one four that does not win, so a random four fails.
use testgen::gomoku::{
    answer_line, board_text, classify, parse_board, random_game, Board, Tactic, CONSTRUCTED,
};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x90_5e7e_c0de;
const BOARDS_PER_FILE: usize = 5;
/// Each group and its number of files.
const GROUPS: [(&str, usize); 3] = [("win-now", 3), ("block-four", 3), ("vcf", 6)];
/// Most winning first moves a vcf board may have (fewer = a sharper test).
const MOST_VCF_MOVES: usize = 3;

fn group_of(tactic: &Tactic) -> Option<usize> {
    match tactic {
        Tactic::WinNow(_) => Some(0),
        Tactic::BlockFour(_) => Some(1),
        Tactic::Vcf(moves) if moves.len() <= MOST_VCF_MOVES => Some(2),
        _ => None,
    }
}

/// True if the mover has a four that does not win: then playing just any four is wrong.
fn has_losing_four(board: &Board, winning: &[(usize, usize)]) -> bool {
    let mover = testgen::gomoku::side_to_move(board).expect("classified boards have a mover");
    testgen::gomoku::fours_of(board, mover)
        .iter()
        .any(|four| !winning.contains(four))
}

fn main() {
    let data = Testdata::open("gomoku");
    let mut groups: Vec<Vec<(Board, String)>> = vec![Vec::new(); GROUPS.len()];
    for (group, text, expected) in CONSTRUCTED {
        let board = parse_board(text).expect("a constructed board parses");
        let tactic = classify(&board);
        assert_eq!(
            answer_line(&tactic).as_deref(),
            Some(expected),
            "{group}: {text}"
        );
        let index = GROUPS
            .iter()
            .position(|&(name, _)| name == group)
            .expect("a known group");
        groups[index].push((board, expected.to_string()));
    }
    let mut rng = Rng::new(SEED);
    let wanted = |index: usize| GROUPS[index].1 * BOARDS_PER_FILE;
    while (0..GROUPS.len()).any(|i| groups[i].len() < wanted(i)) {
        let length = rng.range(12, 70) as usize;
        let board = *random_game(&mut rng, length)
            .last()
            .expect("a game has a first move");
        let tactic = classify(&board);
        let Some(index) = group_of(&tactic) else {
            continue;
        };
        if let Tactic::Vcf(moves) = &tactic {
            if !has_losing_four(&board, moves) {
                continue;
            }
        }
        if groups[index].len() < wanted(index) && groups[index].iter().all(|(b, _)| *b != board) {
            let answer = answer_line(&tactic).expect("a classified board has an answer");
            groups[index].push((board, answer));
        }
    }
    for (index, &(name, files)) in GROUPS.iter().enumerate() {
        for (file, boards) in groups[index]
            .chunks(BOARDS_PER_FILE)
            .take(files)
            .enumerate()
        {
            let input: Vec<String> = boards.iter().map(|(b, _)| board_text(b)).collect();
            let answer: String = boards.iter().map(|(_, a)| format!("{a}\n")).collect();
            data.case(
                &format!("official/{name}-{:02}", file + 1),
                &input.join("\n"),
                &answer,
            );
        }
    }
}
