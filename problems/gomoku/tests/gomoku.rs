//! The engine's pieces against plain recounts, its tactics on hand-built boards, and the binary driven
//! through a scripted piskvork session and batch input.
//!
//! Oracles: the incremental board against `Board::rebuild` (every key, pattern and total recomputed from
//! the stones) and against a definition-level classifier written here (a line scan that tries every
//! completion, no tables); Zobrist keys against themselves after undo. Strength is measured by matches
//! (README.md), never here: every search in this file has a short budget.
#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod rules;
mod validator;

use solution::board::*;
use solution::search::{Searcher, MATE_BOUND};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use testgen::harness::{assert_rejects, run};
use testgen::rng::Rng;

const EXE: &str = env!("CARGO_BIN_EXE_gomoku");

/// A board from rows of `.xo` (Black `x`); the side to move follows the counts.
fn board_from(rows: &[&str]) -> Board {
    let mut board = Board::new(15);
    let (mut black, mut white) = (0, 0);
    for (y, row) in rows.iter().enumerate() {
        for (x, b) in row.bytes().enumerate() {
            match b {
                b'x' => {
                    board.put(cell(x, y), BLACK);
                    black += 1;
                }
                b'o' => {
                    board.put(cell(x, y), WHITE);
                    white += 1;
                }
                _ => {}
            }
        }
    }
    board.side = if black == white { BLACK } else { WHITE };
    board
}

/// Everything the search reads from a board, for comparing two boards: per empty point the classes and
/// values of both colours (a stone's are not kept), the value sums, the class counts, the key, the stone
/// count.
#[derive(Debug, PartialEq)]
struct Snapshot(Vec<(u8, u8, i32, i32)>, [i32; 2], Vec<u32>, u64, usize);

fn snapshot(board: &Board) -> Snapshot {
    let cells = board
        .points()
        .map(|q| {
            if !board.is_empty(q) {
                return (0, 0, 0, 0);
            }
            (
                board.class(BLACK, q),
                board.class(WHITE, q),
                board.value(BLACK, q),
                board.value(WHITE, q),
            )
        })
        .collect();
    let counts = [BLACK, WHITE]
        .iter()
        .flat_map(|&c| (0..CLASSES as u8).map(move |k| (c, k)))
        .map(|(c, k)| board.count(c, k))
        .collect();
    Snapshot(
        cells,
        [board.sum(BLACK), board.sum(WHITE)],
        counts,
        board.hash(),
        board.stones(),
    )
}

/// A random legal game prefix of `n` moves near the centre (no five on the board).
fn random_board(rng: &mut Rng, n: usize) -> Board {
    let mut board = Board::new(15);
    while board.stones() < n {
        let q = cell(rng.range(2, 12) as usize, rng.range(2, 12) as usize);
        if board.is_empty(q) {
            board.play(q);
            if board.has_five() {
                board.undo();
                break;
            }
        }
    }
    board
}

#[test]
fn incremental_state_equals_a_rebuild_after_make_and_undo() {
    let mut rng = Rng::new(10);
    for round in 0..200 {
        let n = rng.range(0, 60) as usize;
        let mut board = random_board(&mut rng, n);
        let before = snapshot(&board);
        let mut played = 0;
        for _ in 0..rng.range(1, 30) {
            if played > 0 && rng.chance(1, 3) {
                board.undo();
                played -= 1;
            } else {
                let q = cell(rng.range(0, 14) as usize, rng.range(0, 14) as usize);
                if board.is_empty(q) {
                    board.play(q);
                    played += 1;
                }
            }
            let mut fresh = board.clone();
            fresh.rebuild();
            assert_eq!(snapshot(&board), snapshot(&fresh), "round {round}");
        }
        for _ in 0..played {
            board.undo();
        }
        assert_eq!(
            snapshot(&board),
            before,
            "round {round}: undo restores everything"
        );
    }
}

#[test]
fn zobrist_key_returns_after_undo_and_changes_after_a_move() {
    let mut rng = Rng::new(11);
    for _ in 0..100 {
        let n = rng.range(0, 40) as usize;
        let mut board = random_board(&mut rng, n);
        let key = board.hash();
        let q = board.points().find(|&q| board.is_empty(q)).unwrap();
        board.play(q);
        assert_ne!(board.hash(), key);
        board.undo();
        assert_eq!(board.hash(), key);
    }
}

/// The definition of a line pattern, by brute force over the real board: `line` holds the colour's
/// stones (1), empties (0) and blockers (2) on the 9 points centred on the move, the move placed.
fn plain_pattern(line: &mut [u8; 9]) -> u8 {
    let five = |l: &[u8; 9]| (0..5).any(|s| (s..s + 5).all(|i| l[i] == 1));
    if five(line) {
        return F5;
    }
    let mut completions = 0;
    let mut best = DEAD;
    for e in 0..9 {
        if line[e] == 0 {
            line[e] = 1;
            if five(line) {
                completions += 1;
            } else {
                let step_down = match plain_pattern(line) {
                    F4 => F3,
                    B4 => B3,
                    F3 => F2,
                    B3 => B2,
                    F2 => F1,
                    B2 => B1,
                    _ => DEAD,
                };
                best = best.max(step_down);
            }
            line[e] = 0;
        }
    }
    match completions {
        0 => best,
        1 => B4,
        _ => F4,
    }
}

/// The four plain patterns of `color` on the empty point `q` (the board's directions, in order).
fn plain_patterns(board: &Board, color: u8, q: usize) -> Vec<u8> {
    let mut pats = Vec::new();
    for &step in &DIRECTIONS {
        let mut line = [1u8; 9];
        for k in -4isize..=4 {
            if k != 0 {
                let s = board.stone((q as isize + k * step as isize) as usize);
                line[(k + 4) as usize] = if s == EMPTY {
                    0
                } else if s == color {
                    1
                } else {
                    2
                };
            }
        }
        pats.push(plain_pattern(&mut line));
    }
    pats
}

/// The threat class by its definition from four plain patterns.
fn plain_class(board: &Board, color: u8, q: usize) -> u8 {
    let pats = plain_patterns(board, color, q);
    let n = |p: u8| pats.iter().filter(|&&x| x == p).count();
    if n(F5) > 0 {
        FIVE
    } else if n(F4) > 0 || n(B4) >= 2 {
        FLEX4
    } else if n(B4) > 0 && n(F3) > 0 {
        FOUR_THREE
    } else if n(B4) > 0 && n(F2) + n(B3) > 0 {
        FOUR_PLUS
    } else if n(B4) > 0 {
        FOUR
    } else if n(F3) >= 2 {
        THREE_THREE
    } else if n(F3) > 0 && n(F2) + n(B3) > 0 {
        THREE_PLUS
    } else if n(F3) > 0 {
        THREE
    } else if n(F2) + n(B3) >= 2 {
        TWO_TWO
    } else if n(F2) + n(B3) > 0 {
        TWO
    } else {
        NONE
    }
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn threat_classes_agree_with_a_plain_line_scan() {
    threat_classes_agree_with_a_plain_line_scan_on(40);
}

/// The default run's share: the first five of the same boards.
#[test]
fn threat_classes_agree_with_a_plain_line_scan_on_five_boards() {
    threat_classes_agree_with_a_plain_line_scan_on(5);
}

/// Every empty point of `boards` random boards, both colours: classes and line patterns.
fn threat_classes_agree_with_a_plain_line_scan_on(boards: usize) {
    let mut rng = Rng::new(12);
    for _ in 0..boards {
        let n = rng.range(5, 70) as usize;
        let board = random_board(&mut rng, n);
        for q in board.points().filter(|&q| board.is_empty(q)) {
            for color in [BLACK, WHITE] {
                assert_eq!(
                    board.class(color, q),
                    plain_class(&board, color, q),
                    "{:?}",
                    coords(q)
                );
                assert_eq!(
                    board.line_patterns(color, q).to_vec(),
                    plain_patterns(&board, color, q),
                    "{:?}",
                    coords(q)
                );
            }
        }
    }
}

#[test]
fn named_patterns() {
    // Black: an open three on row 7 (columns 6..8), a closed four on row 3, a split three on row 11.
    let rows = [
        "...............",
        "...............",
        "...............",
        "oxxxx..........",
        "...............",
        "...............",
        "...............",
        "......xxx......",
        "...............",
        "...............",
        "...............",
        "...x.xx........",
        "...............",
        "..........ooo..",
        "...........o...",
    ];
    let board = board_from(&rows);
    assert_eq!(board.class(BLACK, cell(5, 3)), FIVE);
    assert_eq!(board.class(BLACK, cell(5, 7)), FLEX4);
    assert_eq!(board.class(BLACK, cell(9, 7)), FLEX4);
    assert_eq!(board.class(BLACK, cell(4, 7)), FOUR);
    assert_eq!(board.class(BLACK, cell(4, 11)), FLEX4);
    assert_eq!(board.class(BLACK, cell(7, 11)), FOUR);
    assert_eq!(board.class(WHITE, cell(9, 13)), FLEX4);
    assert!(!board.has_five());
}

fn best_move(rows: &[&str], ms: u64) -> (usize, usize) {
    let mut board = board_from(rows);
    let mut searcher = Searcher::new(1 << 20);
    let hard = Duration::from_millis(ms);
    let report = searcher.think(&mut board, Instant::now(), hard / 2, hard);
    coords(report.best.expect("a move"))
}

const EMPTY_ROW: &str = "...............";

fn rows_with(lines: &[(usize, &'static str)]) -> Vec<&'static str> {
    let mut rows = vec![EMPTY_ROW; 15];
    for &(y, row) in lines {
        rows[y] = row;
    }
    rows
}

#[test]
fn takes_an_immediate_five() {
    // Black to move has a broken four x x . x x on row 7 and White has an open four elsewhere.
    let rows = rows_with(&[
        (7, "....xx.xx......"),
        (10, "...oooo........"),
        (11, "...........o..."),
    ]);
    // 4 x, 5 o: White to move? Make counts equal: Black 4 stones, White 5 → add a Black stone far away.
    let mut rows = rows;
    rows[0] = "x..............";
    assert_eq!(best_move(&rows, 50), (6, 7));
}

#[test]
fn blocks_an_opponent_four() {
    // White to move; Black threatens five at (8,7) only.
    let rows = rows_with(&[(7, "....xxxxo......"), (8, "....oo.........")]);
    let rows = {
        let mut r = rows;
        r[8] = "....o.o........";
        r
    };
    assert_eq!(best_move(&rows, 50), (3, 7));
}

#[test]
fn finds_vcfs() {
    // Black to move wins by fours only. 1: a four that is also an open three on the diagonal (then an
    // open four). 2: a four on row 7, a four on column 6 that opens a three on row 8, then an open four.
    // White's corners balance the counts.
    let corners = |mut rows: Vec<&'static str>| {
        rows[0] = "o.............o";
        rows[14] = "o.............o";
        rows
    };
    type Case = (Vec<&'static str>, &'static [(usize, usize)]);
    let cases: [Case; 2] = [
        (
            corners(rows_with(&[
                (7, "..oxxx........."),
                (8, ".......x......."),
                (9, "........x......"),
            ])),
            &[(6, 7)],
        ),
        (
            corners(rows_with(&[
                (7, "o.oxxx........."),
                (8, ".......xx......"),
                (9, "......x........"),
                (10, "......x........"),
                (11, "......o........"),
            ])),
            &[(6, 7)],
        ),
    ];
    for (i, (rows, wins)) in cases.iter().enumerate() {
        let mut board = board_from(rows);
        assert!(!board.has_five());
        let mut searcher = Searcher::new(1 << 20);
        let first = searcher.vcf(&mut board, 10).map(coords);
        assert!(
            first.is_some_and(|m| wins.contains(&m)),
            "case {i}: VCF {first:?}, expected one of {wins:?}"
        );
    }
}

#[test]
fn open_four_stops_without_a_move_agree_with_playing_the_move() {
    // `stops_flex_fours` looks one line up again instead of playing the point: the same answer as
    // playing it and counting the opponent's flex-four points, on every empty point of random boards.
    let mut rng = Rng::new(31);
    let mut checked = 0;
    for _ in 0..300 {
        let n = rng.range(4, 40) as usize;
        let mut board = random_board(&mut rng, n);
        let points: Vec<usize> = board.points().filter(|&q| board.is_empty(q)).collect();
        for blocker in [BLACK, WHITE] {
            let opponent = 3 - blocker;
            if board.count(opponent, FLEX4) == 0 {
                continue;
            }
            for &q in &points {
                let fast = board.stops_flex_fours(blocker, q);
                board.put(q, blocker);
                let played = board.count(opponent, FLEX4) == 0;
                board.remove(q);
                assert_eq!(fast, played, "blocker {blocker} at {:?}", coords(q));
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "only {checked} points checked");
}

#[test]
fn a_take_back_of_an_earlier_stone_leaves_the_board_as_a_rebuild() {
    // Undo restores from a journal of the last stone's changes; removing an earlier stone (the
    // protocol's TAKEBACK) cannot, and must still leave every key and pattern right.
    let mut rng = Rng::new(32);
    for round in 0..50 {
        let mut board = random_board(&mut rng, 30);
        let stones: Vec<usize> = board.points().filter(|&q| !board.is_empty(q)).collect();
        let q = stones[rng.range(0, stones.len() as i64 - 1) as usize];
        board.take_back(q);
        let mut fresh = board.clone();
        fresh.rebuild();
        assert_eq!(snapshot(&board), snapshot(&fresh), "round {round}");
        // And the moves after it still undo right.
        let p = board.points().find(|&p| board.is_empty(p)).unwrap();
        board.play(p);
        board.undo();
        assert_eq!(
            snapshot(&board),
            snapshot(&fresh),
            "round {round}, after a move and its undo"
        );
    }
}

/// A board after `moves` in the openings' notation (`h8i9…`: column letter, row from 1; Black first).
fn board_after(moves: &str) -> Board {
    let mut board = Board::new(15);
    let bytes = moves.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let x = (bytes[i] - b'a') as usize;
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let y: usize = moves[i + 1..i + 1 + digits].parse().unwrap();
        board.play(cell(x, y - 1));
        i += 1 + digits;
    }
    board
}

/// A search of `board` to `depth` (the clock out of the way): its move and score.
fn search_to_depth(board: &mut Board, depth: i32) -> ((usize, usize), i32) {
    let mut searcher = Searcher::new(1 << 20);
    searcher.max_depth = depth;
    let hard = Duration::from_secs(60);
    let report = searcher.think(board, Instant::now(), hard, hard);
    (coords(report.best.expect("a move")), report.score)
}

/// From a game against Rapfi (whose 400 k-node search proves Black's win here): Black's i7 blocks White's
/// four and makes a four of its own, so White must block at g10 at once. A quiescence that stood pat on
/// White's turn there, or let Black block White's next four instead of making its own five, scored the
/// line as White's win, and the search called the whole position lost.
const BLOCK_MAKES_A_FOUR: &str = "n7n8j10j9j8n11m9k11j5h11k8i11j11h10i8h8h9g9m8l8j12g11l9k10j7";

#[test]
fn a_block_that_makes_a_four_is_answered_in_the_quiescence() {
    // White to move after j7: every line loses (Rapfi: mate in 8), none wins.
    let mut board = board_after(BLOCK_MAKES_A_FOUR);
    assert_eq!(board.side, WHITE);
    for depth in 1..=4 {
        let (_, score) = search_to_depth(&mut board, depth);
        assert!(
            score < MATE_BOUND,
            "depth {depth}: White scored {score}, a win it does not have"
        );
    }
    let (_, score) = search_to_depth(&mut board, 4);
    assert!(
        score < -MATE_BOUND,
        "White's loss not seen at depth 4: {score}"
    );
}

#[test]
fn a_four_three_may_be_met_by_a_counter_defence() {
    // Black to move, before j7: White has a four-three point. j7 is neither the point nor a block of
    // its four or three, but it makes the point where Black would block the four a four of Black's (a
    // counter-defence: the block then gains the tempo back), and a double three that wins. A move list
    // cut to the direct defences left j7 out and saw only losses.
    let moves = &BLOCK_MAKES_A_FOUR[..BLOCK_MAKES_A_FOUR.len() - 2];
    let mut board = board_after(moves);
    assert_eq!(board.side, BLACK);
    assert!(board.count(WHITE, FOUR_THREE) > 0);
    let (best, score) = search_to_depth(&mut board, 7);
    assert_eq!(best, (9, 6), "score {score}");
    assert!(score > MATE_BOUND, "Black's win not seen: {score}");
}

#[test]
fn a_four_three_whose_block_is_a_four_is_no_threat() {
    // White's (7,7) makes a four on row 7 (blocked by Black's (3,7), five at (8,7)) and an open three
    // on column 7.
    let mut rows = rows_with(&[
        (7, "...xooo........"),
        (8, ".......ox......"),
        (9, ".......ox......"),
        (11, "........o......"),
    ]);
    let p = cell(7, 7);
    // Black's (8,8), (8,9) and a stone on (8,10): blocking at (8,7) is a four of Black's, so White's
    // threat need not be stopped at once.
    rows[10] = "........x......";
    let mut board = board_from(&rows);
    assert_eq!(board.class(WHITE, p), FOUR_THREE);
    assert!(board.class(BLACK, cell(8, 7)) >= FOUR);
    assert_eq!(board.threat_defences(WHITE, p), None);
    assert!(
        !board.four_three_wins(WHITE),
        "the block is a four: no quick win"
    );
    // Without (8,10) the threat is real: its point, the four's block, the three's blocks, and the
    // counter-defence (8,10) that would make the block a four of Black's.
    rows[10] = EMPTY_ROW;
    let mut board = board_from(&rows);
    assert_eq!(board.class(WHITE, p), FOUR_THREE);
    let defences = board.threat_defences(WHITE, p).expect("a real threat");
    for (x, y) in [(7, 7), (8, 7), (7, 6), (7, 10), (8, 10)] {
        assert!(defences.contains(&cell(x, y)), "({x},{y}) missing");
    }
    // And it wins outright, though Black has a four elsewhere (row 0): Black must block at (8,7),
    // which makes no four of Black's, and cannot stop the three.
    rows[0] = "xxx............";
    let board = board_from(&rows);
    assert!(board.block_fours(BLACK) > 0);
    assert!(board.four_three_wins(WHITE));
}

#[test]
fn a_node_budget_stops_the_search() {
    let mut board = board_after("h8i9j8i8i7");
    let mut searcher = Searcher::new(1 << 20);
    searcher.max_nodes = 5_000;
    let hard = Duration::from_secs(60);
    let report = searcher.think(&mut board, Instant::now(), hard, hard);
    assert!(report.best.is_some());
    assert!(
        (5_000..5_100).contains(&report.nodes),
        "{} nodes for a budget of 5,000",
        report.nodes
    );
}

#[test]
fn the_move_time_is_spent_to_a_small_reserve() {
    use solution::protocol::budget;
    let ms = |d: Duration| d.as_millis() as u64;
    // A turn time and no match clock (the judge's matches send time_left 2^31 - 1): every iteration
    // may start until 35 ms before the end.
    let (soft, hard) = budget(200, 0, Some(2_147_483_647));
    assert_eq!((ms(soft), ms(hard)), (165, 165));
    let (soft, hard) = budget(1_000, 0, None);
    assert_eq!((ms(soft), ms(hard)), (950, 950));
    // Gomocup's fast league (5 s a move, 120 s a game): the clock paces the moves, no iteration
    // starts after half the move's time.
    let (soft, hard) = budget(5_000, 120_000, Some(120_000));
    assert_eq!((ms(soft), ms(hard)), (2_375, 4_750));
    let (soft, hard) = budget(5_000, 120_000, Some(30_000));
    assert_eq!((ms(soft), ms(hard)), (950, 1_900));
    // Nothing left: play at once.
    assert_eq!(
        budget(200, 1_000, Some(100)),
        (Duration::ZERO, Duration::ZERO)
    );
}

#[test]
fn batch_mode_answers_every_board_and_rejects_bad_input() {
    let one = rows_with(&[(7, "....xxxx......."), (8, "....ooo........")]).join("\n");
    let two = rows_with(&[(7, "....xxx.......x"), (8, "....oooo.......")]).join("\n");
    let input = format!("{one}\r\n\r\n\n{two}\n");
    let out = run(EXE, input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0] == "3,7" || lines[0] == "8,7", "{lines:?}");
    assert!(lines[1] == "3,8" || lines[1] == "8,8", "{lines:?}");
    let empty = vec![EMPTY_ROW; 15].join("\n");
    assert_eq!(solution::solve_within(&empty, 10), Ok("7,7\n".to_string()));
    let bad_count = rows_with(&[(7, "xx.............")]).join("\n");
    let five = rows_with(&[(7, "xxxxx.........."), (8, "oooo...........")]).join("\n");
    let short = vec![EMPTY_ROW; 14].join("\n");
    let mut gap = vec![EMPTY_ROW; 15];
    gap[7] = "";
    for bad in [
        bad_count,
        five,
        short,
        gap.join("\n"),
        format!("{empty}\nxx"),
    ] {
        assert_rejects(EXE, bad.as_bytes());
    }
}

/// Sends `command` and returns the next line of the reply.
fn ask(stdin: &mut impl Write, stdout: &mut impl BufRead, command: &str) -> String {
    stdin.write_all(command.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    line.trim_end().to_string()
}

fn is_legal_point(reply: &str, taken: &[&str]) -> bool {
    let parts: Vec<_> = reply.split(',').map(|p| p.parse::<usize>()).collect();
    matches!(parts[..], [Ok(x), Ok(y)] if x < 15 && y < 15) && !taken.contains(&reply)
}

#[test]
fn scripted_piskvork_session() {
    let mut child = Command::new(EXE)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let about = ask(&mut stdin, &mut stdout, "ABOUT\r\n");
    assert!(
        about.starts_with("name=\"") && about.contains("version=\""),
        "{about}"
    );
    assert!(ask(&mut stdin, &mut stdout, "TURN 7,7\n").starts_with("ERROR"));
    assert!(ask(&mut stdin, &mut stdout, "START 3\n").starts_with("ERROR"));
    assert_eq!(ask(&mut stdin, &mut stdout, "\r\n\nSTART 15\r\n"), "OK");
    stdin
        .write_all(b"INFO timeout_turn 60\nINFO timeout_match 100000\nINFO time_left 100000\nINFO max_memory 83886080\nINFO rule 0\nINFO game_type 1\nINFO folder /tmp\nINFO whatever 5\n")
        .unwrap();
    assert_eq!(ask(&mut stdin, &mut stdout, "BEGIN\n"), "7,7");
    let reply = ask(&mut stdin, &mut stdout, "TURN 8,8\n");
    assert!(is_legal_point(&reply, &["7,7", "8,8"]), "{reply}");
    assert!(ask(&mut stdin, &mut stdout, "TURN 8,8\n").starts_with("ERROR"));
    assert!(ask(&mut stdin, &mut stdout, "TURN 15,0\n").starts_with("ERROR"));
    assert!(ask(&mut stdin, &mut stdout, "FOO bar\n").starts_with("UNKNOWN"));
    assert_eq!(
        ask(&mut stdin, &mut stdout, &format!("TAKEBACK {reply}\n")),
        "OK"
    );
    assert_eq!(ask(&mut stdin, &mut stdout, "TAKEBACK 8,8\n"), "OK");
    assert!(ask(&mut stdin, &mut stdout, "TAKEBACK 8,8\n").starts_with("ERROR"));
    // Our four on row 0 (1 = ours): the engine must complete it.
    let board =
        "BOARD\r\n0,0,1\r\n1,0,1\r\n2,0,1\r\n3,0,1\r\n5,5,2\r\n6,6,2\r\n7,7,2\r\n8,8,2\r\nDONE\r\n";
    assert_eq!(ask(&mut stdin, &mut stdout, board), "4,0");
    // Their four: the engine must block it.
    let board = "BOARD\n10,0,1\n5,5,2\n6,6,2\n7,7,2\n8,8,2\n12,14,1\nDONE\n";
    let reply = ask(&mut stdin, &mut stdout, board);
    assert!(reply == "4,4" || reply == "9,9", "{reply}");
    assert_eq!(ask(&mut stdin, &mut stdout, "RESTART\n"), "OK");
    let reply = ask(&mut stdin, &mut stdout, "TURN 0,0\n");
    assert!(is_legal_point(&reply, &["0,0"]), "{reply}");
    stdin.write_all(b"END\n").unwrap();
    drop(stdin);
    let start = Instant::now();
    let status = child.wait().unwrap();
    assert!(status.success() && start.elapsed() < Duration::from_secs(1));
}
