//! Writes testdata/gomoku/official/: `win-now-NN`, `block-four-NN` and `vcf-NN`, five boards a file. The
//! constructed positions come first (each checked against its hand answer), then the last positions of
//! seeded random games, classified by the reference (`testgen::gomoku`). A random vcf board is kept only
//! if the mover has at most three winning fours, at least one four that does not win (so a random four
//! fails), and no win in one four (no open four or four-four at once): vcf-01..03 hold VCFs of exactly
//! two fours, vcf-04..06 of three or more.
//!
//! Then the rule groups, whose input starts with `rule N`: `standard-01` (exactly five wins) and
//! `renju-01..02` (Black's fouls), each the constructed positions of its rule (`RULE_CONSTRUCTED`, checked
//! against their hand answers) and then random positions of seeded games played under the rule whose
//! answer under the rule differs from their answer under freestyle (so a freestyle engine fails them).
use testgen::gomoku::{
    answer_line, board_text, classify, classify_where, fours_of, parse_board, random_game,
    shortest_vcf, side_to_move, Board, Rule, Tactic, CONSTRUCTED, RULE_CONSTRUCTED,
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
    let has_losing_four = fours_of(board, mover, Rule::Freestyle)
        .iter()
        .any(|four| !moves.contains(four));
    if moves.len() > MOST_VCF_MOVES || !has_losing_four {
        return None;
    }
    match shortest_vcf(board, mover, Rule::Freestyle) {
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
        let tactic = classify(&board, Rule::Freestyle);
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
        let board = *random_game(&mut rng, length, Rule::Freestyle)
            .last()
            .expect("a game has a first move");
        let tactic = classify_where(&board, Rule::Freestyle, |b, moves| {
            vcf_group(b, moves).is_some()
        });
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
    for (name, rule, files) in RULE_GROUPS {
        write_rule_group(&data, name, rule, files);
    }
}

/// The rule groups: name, rule, files of BOARDS_PER_FILE boards.
const RULE_GROUPS: [(&str, Rule, usize); 2] =
    [("standard", Rule::Standard, 1), ("renju", Rule::Renju, 2)];
/// Random games tried for one rule group before giving up (a generator that cannot finish says so).
const MOST_RULE_GAMES: usize = 200_000;

/// Writes `official/<name>-NN`: `rule N`, then the rule's constructed boards and random boards whose
/// answer under the rule is not their freestyle answer.
fn write_rule_group(data: &Testdata, name: &str, rule: Rule, files: usize) {
    let mut boards: Vec<(Board, String)> = Vec::new();
    for (group_rule, text, expected) in RULE_CONSTRUCTED {
        if group_rule != rule {
            continue;
        }
        let board = parse_board(text).expect("a constructed board parses");
        let answer = answer_line(&classify(&board, rule));
        assert_eq!(answer.as_deref(), Some(expected), "{name}: {text}");
        boards.push((board, expected.to_string()));
    }
    let mut rng = Rng::new(SEED ^ rule as u64);
    let mut games = 0;
    while boards.len() < files * BOARDS_PER_FILE {
        games += 1;
        assert!(
            games < MOST_RULE_GAMES,
            "{name}: too few boards where the rule matters"
        );
        let length = rng.range(12, 70) as usize;
        let board = *random_game(&mut rng, length, rule)
            .last()
            .expect("a game has a first move");
        let Some(answer) = answer_line(&classify(&board, rule)) else {
            continue;
        };
        let freestyle = answer_line(&classify(&board, Rule::Freestyle));
        if freestyle.as_deref() != Some(answer.as_str()) && boards.iter().all(|(b, _)| *b != board)
        {
            boards.push((board, answer));
        }
    }
    for (number, chunk) in boards.chunks(BOARDS_PER_FILE).enumerate() {
        let input: Vec<String> = chunk.iter().map(|(b, _)| board_text(b)).collect();
        let answer: String = chunk.iter().map(|(_, a)| format!("{a}\n")).collect();
        let text = format!("rule {}\n{}", rule as u8, input.join("\n"));
        data.case(
            &format!("official/{name}-{:02}", number + 1),
            &text,
            &answer,
        );
    }
}
