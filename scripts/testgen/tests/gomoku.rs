//! The gomoku tactical reference (`testgen::gomoku`) on positions whose answers were worked out by hand.
use testgen::gomoku::{
    answer_line, classify, five_points, fours_of, has_five, is_foul, parse_board, shortest_vcf,
    side_to_move, vcf_moves, Rule, Tactic, CONSTRUCTED, RULE_CONSTRUCTED,
};

const FREE: Rule = Rule::Freestyle;

/// A board from rows given as (y, text at column 0) on an otherwise empty board.
fn board(rows: &[(usize, &str)]) -> testgen::gomoku::Board {
    let mut text = vec![".".repeat(15); 15];
    for &(y, row) in rows {
        text[y] = format!("{row:.<15}");
    }
    parse_board(&text.join("\n")).expect("a valid board")
}

#[test]
fn constructed_positions_get_the_hand_answers() {
    for (group, text, expected) in CONSTRUCTED {
        let tactic = classify(&parse_board(text).unwrap(), FREE);
        let kind = match tactic {
            Tactic::WinNow(_) => "win-now",
            Tactic::BlockFour(_) => "block-four",
            Tactic::Vcf(_) => "vcf",
            Tactic::Other => "other",
        };
        assert_eq!(
            (kind, answer_line(&tactic)),
            (group, Some(expected.to_string())),
            "{text}"
        );
    }
}

#[test]
fn five_points_see_gaps_overlines_and_the_edge() {
    // x: a split three at y=0 (no five point), a split four at y=2, a four ending at the edge at y=4.
    let b = board(&[(0, ".xx.x"), (2, "xx.xx"), (4, "..........xxxx")]);
    assert_eq!(five_points(&b, b'x', FREE), vec![(2, 2), (9, 4), (14, 4)]);
    // Six in a row wins in freestyle: x x x . x x.
    let b = board(&[(7, "xxx.xx")]);
    assert_eq!(five_points(&b, b'x', FREE), vec![(3, 7)]);
    // A four against an opponent's stone: only the open end.
    let b = board(&[(7, "oxxxx")]);
    assert_eq!(five_points(&b, b'x', FREE), vec![(5, 7)]);
    assert!(five_points(&b, b'o', FREE).is_empty());
}

#[test]
fn side_to_move_and_finished_games() {
    assert_eq!(side_to_move(&board(&[])), Ok(b'x'));
    assert_eq!(side_to_move(&board(&[(0, "x")])), Ok(b'o'));
    assert!(side_to_move(&board(&[(0, "o")])).is_err());
    assert!(side_to_move(&board(&[(0, "xxx")])).is_err());
    assert!(has_five(&board(&[(3, "..xxxxx")]), FREE));
    assert!(!has_five(&board(&[(3, "..xxxx.x")]), FREE));
}

#[test]
fn a_single_four_blocked_at_once_is_no_vcf() {
    // x's closed three: its fours 5,7 and 6,7 are each blocked at the other, and nothing follows.
    let b = board(&[(7, ".oxxx"), (9, "o.o")]);
    assert_eq!(vcf_moves(&b, b'x', FREE), Some(vec![]));
    assert_eq!(classify(&b, FREE), Tactic::Other);
}

#[test]
fn a_block_that_makes_a_four_must_be_answered_first() {
    // x's fours that leave a harmless block (5,5, 8,7, 9,7, 9,3, 10,4) all win: 10,4 (blocked at 9,3)
    // then 8,6 makes the open four 7,7-10,4 on the / diagonal; 9,3 (blocked at 10,4) then 9,7 makes a
    // four-four. But x's four 4,5 on row 5 (closed by o at 0,5) is blocked at 5,5, which gives o's
    // column 5,1..5,3 the five point 5,4: x must take it, 5,4 is no four, and the VCF is over — though
    // the same chain would still win if the search ignored o's four.
    let b = board(&[
        (0, "......x"),
        (1, ".....o.x"),
        (2, ".....o..xo"),
        (3, ".....o"),
        (4, ".........x"),
        (5, "oxxx.....x"),
        (7, "....oxxx"),
        (10, "..............o"),
        (12, "..............o"),
        (14, "..........o.o.o"),
    ]);
    assert_eq!(side_to_move(&b), Ok(b'x'));
    assert_eq!(
        vcf_moves(&b, b'x', FREE),
        Some(vec![(5, 5), (8, 7), (9, 3), (9, 7), (10, 4)])
    );
}

#[test]
fn a_vcf_is_kept_only_where_every_quiet_move_loses() {
    // The first constructed vcf board without White's two double-four setups: x still wins by 9,7, but a
    // quiet move is safe too, so the board is not a vcf test.
    let b = board(&[
        (2, ".........o"),
        (3, ".........x"),
        (4, ".........x"),
        (5, ".........x"),
        (7, "....oxxx"),
        (14, "o.o.o.o"),
    ]);
    assert_eq!(side_to_move(&b), Ok(b'x'));
    assert_eq!(vcf_moves(&b, b'x', FREE), Some(vec![(9, 7)]));
    assert_eq!(classify(&b, FREE), Tactic::Other);
}

#[test]
fn shortest_vcf_counts_the_fours() {
    // The constructed vcf boards: a four-four at once, then two fours (see CONSTRUCTED).
    let boards: Vec<_> = CONSTRUCTED
        .iter()
        .filter(|(group, _, _)| *group == "vcf")
        .map(|(_, text, _)| parse_board(text).unwrap())
        .collect();
    assert_eq!(shortest_vcf(&boards[0], b'x', FREE), Some(1));
    assert_eq!(shortest_vcf(&boards[1], b'x', FREE), Some(2));
    // A lone stone: no four, no VCF.
    assert_eq!(shortest_vcf(&board(&[(7, ".......x")]), b'x', FREE), None);
}

#[test]
fn rule_constructed_positions_get_the_hand_answers() {
    for (rule, text, expected) in RULE_CONSTRUCTED {
        let board = parse_board(text).unwrap();
        assert_eq!(
            answer_line(&classify(&board, rule)).as_deref(),
            Some(expected),
            "{rule:?}: {text}"
        );
    }
}

#[test]
fn fives_and_fours_follow_the_rule() {
    // x x x . x x: the gap is six — a five in freestyle only; White's o o o . o o wins under renju too.
    let b = board(&[(7, "xxx.xx"), (3, "ooo.oo")]);
    assert_eq!(five_points(&b, b'x', FREE), vec![(3, 7)]);
    assert!(five_points(&b, b'x', Rule::Standard).is_empty());
    assert!(five_points(&b, b'x', Rule::Renju).is_empty());
    assert_eq!(five_points(&b, b'o', Rule::Renju), vec![(3, 3)]);
    assert!(five_points(&b, b'o', Rule::Standard).is_empty());
    assert!(has_five(&board(&[(3, "xxxxxx")]), FREE));
    assert!(!has_five(&board(&[(3, "xxxxxx")]), Rule::Standard));
    assert!(!has_five(&board(&[(3, "xxxxxx")]), Rule::Renju));
    assert!(has_five(&board(&[(3, "oooooo")]), Rule::Renju));
    // Renju: a double four is no move of Black's, so it is no four either.
    let b = board(&[(7, "x.x.x.x")]);
    assert!(fours_of(&b, b'x', FREE).contains(&(3, 7)));
    assert!(!fours_of(&b, b'x', Rule::Renju).contains(&(3, 7)));
    assert!(is_foul(&b, (3, 7), b'x', Rule::Renju));
    assert!(!is_foul(&b, (3, 7), b'o', Rule::Renju));
    assert!(!is_foul(&b, (3, 7), b'x', Rule::Standard));
}
