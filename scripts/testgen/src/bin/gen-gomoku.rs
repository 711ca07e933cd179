//! Writes testdata/gomoku/official/: `win-now-NN`, `block-four-NN` and `vcf-NN`, five boards a file. The
//! constructed positions come first (each checked against its hand answer), then the last positions of
//! seeded random games, classified by the reference (`testgen::gomoku`). A random vcf board is kept only
//! if the mover has at most three winning fours, at least one four that does not win (so a random four
//! fails), and no win in one four (no open four or four-four at once): vcf-01..03 hold VCFs of exactly
//! two fours, vcf-04..06 of three or more.
use testgen::gomoku::{
    answer_line, board_text, classify, classify_where, fours_of, parse_board, random_game,
    shortest_vcf, side_to_move, Board, Tactic, CONSTRUCTED,
};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x90_5e7e_c0de;
const BOARDS_PER_FILE: usize = 5;
/// Each group, its file name and number of files; the deep VCFs continue the numbering of the short ones.
const GROUPS: [(&str, usize); 4] = [("win-now", 3), ("block-four", 3), ("vcf", 3), ("vcf", 3)];
/// Most winning first moves a vcf board may have (fewer = a sharper test).
const MOST_VCF_MOVES: usize = 3;

/// The vcf group a random board with these right moves goes to, if any (see the header).
fn vcf_group(board: &Board, moves: &[(usize, usize)]) -> Option<usize> {
    let mover = side_to_move(board).expect("classified boards have a mover");
    let has_losing_four = fours_of(board, mover)
        .iter()
        .any(|four| !moves.contains(four));
    if moves.len() > MOST_VCF_MOVES || !has_losing_four {
        return None;
    }
    match shortest_vcf(board, mover) {
        Some(2) => Some(2),
        Some(fours) if fours >= 3 => Some(3),
        _ => None,
    }
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
        let tactic = classify_where(&board, |b, moves| vcf_group(b, moves).is_some());
        let index = match &tactic {
            Tactic::WinNow(_) => 0,
            Tactic::BlockFour(_) => 1,
            Tactic::Vcf(moves) => vcf_group(&board, moves).expect("kept by classify_where"),
            Tactic::Other => continue,
        };
        if groups[index].len() < wanted(index) && groups[index].iter().all(|(b, _)| *b != board) {
            let answer = answer_line(&tactic).expect("a classified board has an answer");
            groups[index].push((board, answer));
        }
    }
    let mut numbers = std::collections::HashMap::new();
    for (index, &(name, files)) in GROUPS.iter().enumerate() {
        for boards in groups[index].chunks(BOARDS_PER_FILE).take(files) {
            let number = numbers.entry(name).or_insert(0);
            *number += 1;
            let input: Vec<String> = boards.iter().map(|(b, _)| board_text(b)).collect();
            let answer: String = boards.iter().map(|(_, a)| format!("{a}\n")).collect();
            let path = format!("official/{name}-{number:02}");
            data.case(&path, &input.join("\n"), &answer);
        }
    }
}
