//! The special checker of POJ 1077 / HDU 1043 ("Eight"): many move strings are right, so each output line is
//! replayed on its board. A line must solve its board (or say `unsolvable` exactly when the reference does)
//! with as few moves as the reference line; fewer than the reference means the testdata is wrong (JE).

use super::notes::{count, lines_of, show, trimmed_lines};
use super::Outcome;

/// A board row by row, 0 the blank.
type Board = [u8; 9];

const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const UNSOLVABLE: &str = "unsolvable";

/// The input's boards: 9 tokens each, `1`..`8` and `x`, any whitespace.
fn parse_boards(input: &str) -> Result<Vec<Board>, String> {
    let tokens: Vec<&str> = input.split_ascii_whitespace().collect();
    if tokens.len() % 9 != 0 {
        return Err(format!("{} tokens, not a multiple of 9", tokens.len()));
    }
    let board = |(k, tiles): (usize, &[&str])| {
        let mut board = [0u8; 9];
        for (cell, tile) in board.iter_mut().zip(tiles) {
            *cell = match *tile {
                "x" => 0,
                t => t
                    .parse()
                    .ok()
                    .filter(|&t| (1..=8).contains(&t))
                    .ok_or(format!("board {}: bad tile `{t}`", k + 1))?,
            };
        }
        let mut seen = board;
        seen.sort_unstable();
        if seen != [0, 1, 2, 3, 4, 5, 6, 7, 8] {
            return Err(format!(
                "board {} is not a permutation of 1..8 and x",
                k + 1
            ));
        }
        Ok(board)
    };
    tokens.chunks(9).enumerate().map(board).collect()
}

/// Plays `moves` (the direction the blank goes) on `board`; `Err` names the first illegal move.
fn replay(mut board: Board, moves: &str) -> Result<Board, String> {
    for (i, step) in moves.chars().enumerate() {
        let blank = board.iter().position(|&t| t == 0).unwrap_or(0);
        let (row, col) = (blank / 3, blank % 3);
        let target = match step {
            'u' if row > 0 => blank - 3,
            'd' if row < 2 => blank + 3,
            'l' if col > 0 => blank - 1,
            'r' if col < 2 => blank + 1,
            'u' | 'd' | 'l' | 'r' => {
                return Err(format!(
                    "move {} `{step}` takes the blank off the board",
                    i + 1
                ))
            }
            other => {
                return Err(format!(
                    "move {}: {} is not one of u d l r",
                    i + 1,
                    show(&other.to_string())
                ))
            }
        };
        board.swap(blank, target);
    }
    Ok(board)
}

/// `123/456/78x`.
fn render(board: &Board) -> String {
    let tile = |t: &u8| if *t == 0 { 'x' } else { char::from(b'0' + t) };
    board
        .chunks(3)
        .map(|row| row.iter().map(tile).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

fn moves(line: &str) -> String {
    count(line.len(), "move", "moves")
}

/// One board's line against the reference line.
fn check_board(board: &Board, got: &str, want: &str) -> Outcome {
    if want == UNSOLVABLE {
        return match got {
            UNSOLVABLE => Outcome::Accepted,
            _ => Outcome::Wrong(format!("expected unsolvable, got {}", show(got))),
        };
    }
    match replay(*board, want) {
        Ok(end) if end == GOAL => {}
        _ => {
            return Outcome::Failed(format!(
                "the reference line {} does not solve the board",
                show(want)
            ))
        }
    }
    if got == UNSOLVABLE {
        return Outcome::Wrong(format!(
            "got unsolvable, but the reference solves it in {}",
            moves(want)
        ));
    }
    match replay(*board, got) {
        Err(illegal) => Outcome::Wrong(illegal),
        Ok(end) if end != GOAL => Outcome::Wrong(format!(
            "after {} the board is {}, not the goal",
            moves(got),
            render(&end)
        )),
        Ok(_) if got.len() > want.len() => Outcome::Wrong(format!(
            "not shortest: {}, the reference has {}",
            moves(got),
            want.len()
        )),
        Ok(_) if got.len() < want.len() => Outcome::Failed(format!(
            "{} beat the reference's {}: the reference answer is not shortest",
            moves(got),
            want.len()
        )),
        Ok(_) => Outcome::Accepted,
    }
}

/// Checks every board; the first failing board decides, its number in the note.
pub fn check(input: &str, output: &str, answer: &str) -> Outcome {
    let boards = match parse_boards(input) {
        Ok(boards) => boards,
        Err(e) => return Outcome::Failed(format!("input: {e}")),
    };
    // One line past the boards is enough to say "extra lines": millions of them are never collected.
    let got: Vec<&str> = lines_of(output).take(boards.len() + 1).collect();
    let want = trimmed_lines(answer);
    if want.len() > boards.len() {
        return Outcome::Failed(format!(
            "the answer has {} for {}",
            count(want.len(), "line", "lines"),
            count(boards.len(), "board", "boards")
        ));
    }
    if got.len() > boards.len() {
        return Outcome::Wrong(format!(
            "extra lines: {} for {}",
            count(lines_of(output).count(), "line", "lines"),
            count(boards.len(), "board", "boards")
        ));
    }
    for (k, board) in boards.iter().enumerate() {
        let want_line = want.get(k).map_or("", |l| l.trim());
        let Some(got_line) = got
            .get(k)
            .map(|l| l.trim())
            .or(want_line.is_empty().then_some(""))
        else {
            return Outcome::Wrong(format!(
                "output ends early: {} for {}",
                count(got.len(), "line", "lines"),
                count(boards.len(), "board", "boards")
            ));
        };
        match check_board(board, got_line, want_line) {
            Outcome::Accepted => {}
            Outcome::Wrong(note) => return Outcome::Wrong(format!("line {}: {note}", k + 1)),
            Outcome::Presentation(note) => {
                return Outcome::Presentation(format!("line {}: {note}", k + 1))
            }
            Outcome::Failed(note) => return Outcome::Failed(format!("board {}: {note}", k + 1)),
        }
    }
    Outcome::Accepted
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "2  3  4  1  5  x  7  6  8\n";
    const SAMPLE_ANSWER: &str = "ullddrurdllurdruldr\n";

    fn wrong(note: &str) -> Outcome {
        Outcome::Wrong(note.to_string())
    }

    #[test]
    fn the_sample_and_another_shortest_answer() {
        assert_eq!(
            check(SAMPLE, SAMPLE_ANSWER, SAMPLE_ANSWER),
            Outcome::Accepted
        );
        assert_eq!(check("1 2 3 4 5 x 7 8 6", "d", "d\n"), Outcome::Accepted);
        // Half way round the 12-move cycle of the bottom-right 2x2 block: both directions back are shortest.
        let board = replay(GOAL, "uldrul").unwrap();
        let input: String = board
            .iter()
            .map(|&t| if t == 0 { "x ".into() } else { format!("{t} ") })
            .collect();
        assert_eq!(check(&input, "druldr\n", "rdlurd\n"), Outcome::Accepted);
        assert_eq!(check(&input, "rdlurd\n", "rdlurd\n"), Outcome::Accepted);
    }

    #[test]
    fn many_boards_with_goal_and_unsolvable() {
        let input = "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 8 7 x\n1 2 3 4 5 6 7 x 8\n";
        let answer = "\nunsolvable\nr\n";
        assert_eq!(check(input, answer, answer), Outcome::Accepted);
        assert_eq!(
            check(input, "  \nunsolvable  \r\nr", answer),
            Outcome::Accepted
        );
        assert_eq!(
            check(input, "\nunsolvable\nd\n", answer),
            wrong("line 3: move 1 `d` takes the blank off the board")
        );
        assert_eq!(
            check(input, "\nr\nr\n", answer),
            wrong("line 2: expected unsolvable, got \"r\"")
        );
        assert_eq!(
            check(input, "\nunsolvable\nunsolvable\n", answer),
            wrong("line 3: got unsolvable, but the reference solves it in 1 move")
        );
        assert_eq!(
            check(input, "\nunsolvable\n", answer),
            wrong("output ends early: 2 lines for 3 boards")
        );
        assert_eq!(
            check(input, "\nunsolvable\nr\nr\n", answer),
            wrong("extra lines: 4 lines for 3 boards")
        );
    }

    #[test]
    fn a_missing_last_empty_line_for_the_goal_is_fine() {
        assert_eq!(
            check("1 2 3 4 5 6 7 x 8 1 2 3 4 5 6 7 8 x", "r", "r\n\n"),
            Outcome::Accepted
        );
    }

    #[test]
    fn replay_wrong_end_longer_and_shorter() {
        let input = "1 2 3 4 5 6 7 x 8";
        assert_eq!(
            check(input, "l\n", "r\n"),
            wrong("line 1: after 1 move the board is 123/456/x78, not the goal")
        );
        assert_eq!(
            check(input, "rlr\n", "r\n"),
            wrong("line 1: not shortest: 3 moves, the reference has 1")
        );
        assert_eq!(
            check(input, "r?\n", "r\n"),
            wrong("line 1: move 2: \"?\" is not one of u d l r")
        );
        assert_eq!(
            check(input, "r\n", "rlr\n"),
            Outcome::Failed(
                "board 1: 1 move beat the reference's 3: the reference answer is not shortest"
                    .into()
            )
        );
        assert_eq!(
            check(input, "r\n", "l\n"),
            Outcome::Failed("board 1: the reference line \"l\" does not solve the board".into())
        );
    }

    #[test]
    fn bad_input_is_a_judge_error() {
        assert_eq!(
            check("1 2 3", "", ""),
            Outcome::Failed("input: 3 tokens, not a multiple of 9".into())
        );
        assert_eq!(
            check("1 2 3 4 5 6 7 8 9", "", ""),
            Outcome::Failed("input: board 1: bad tile `9`".into())
        );
        assert_eq!(
            check("1 1 3 4 5 6 7 8 x", "", ""),
            Outcome::Failed("input: board 1 is not a permutation of 1..8 and x".into())
        );
        assert_eq!(
            check("1 2 3 4 5 6 7 8 x", "", "a\nb\n"),
            Outcome::Failed("the answer has 2 lines for 1 board".into())
        );
    }

    #[test]
    fn render_and_replay() {
        assert_eq!(render(&GOAL), "123/456/78x");
        assert_eq!(replay([1, 2, 3, 4, 5, 6, 7, 0, 8], "r"), Ok(GOAL));
        assert_eq!(
            replay(GOAL, "d"),
            Err("move 1 `d` takes the blank off the board".into())
        );
    }
}
