//! The special checker of POJ 1475 ("Pushing Boxes"): ties between equally short move strings are all right,
//! so each maze's moves are replayed. Walks (`n s e w`) may not enter rock, leave the maze or step onto the
//! box; pushes (`N S E W`) need the box in that direction and room behind it; the box must end on `T`. Then
//! (pushes, moves) must equal the reference's (found by replaying the reference string too).

use super::notes::{count, layout, lines_of, show};
use super::Outcome;

type Cell = (usize, usize);

const IMPOSSIBLE: &str = "Impossible.";

/// One maze of the input.
struct Maze {
    rows: Vec<Vec<u8>>,
    start: Cell,
    box_cell: Cell,
    target: Cell,
}

impl Maze {
    /// The neighbour of `cell` in `direction` if it is inside the maze and not rock.
    fn step(&self, (row, col): Cell, (dr, dc): (isize, isize)) -> Option<Cell> {
        let row = row.checked_add_signed(dr)?;
        let col = col.checked_add_signed(dc)?;
        (*self.rows.get(row)?.get(col)? != b'#').then_some((row, col))
    }

    /// Plays `moves`; the (pushes, moves) it costs, or the first illegal move.
    fn replay(&self, moves: &str) -> Result<(usize, usize), String> {
        let (mut you, mut box_cell, mut pushes) = (self.start, self.box_cell, 0);
        for (i, step) in moves.chars().enumerate() {
            let direction = match step.to_ascii_lowercase() {
                'n' => (-1, 0),
                's' => (1, 0),
                'e' => (0, 1),
                'w' => (0, -1),
                _ => {
                    return Err(format!(
                        "move {}: {} is not one of N S E W n s e w",
                        i + 1,
                        show(&step.to_string())
                    ))
                }
            };
            let Some(next) = self.step(you, direction) else {
                return Err(format!(
                    "move {} `{step}` walks into rock or off the maze",
                    i + 1
                ));
            };
            if step.is_ascii_lowercase() {
                if next == box_cell {
                    return Err(format!(
                        "move {} `{step}` walks into the box (a push is upper case)",
                        i + 1
                    ));
                }
            } else if next != box_cell {
                return Err(format!(
                    "move {} `{step}` pushes, but the box is not there",
                    i + 1
                ));
            } else {
                let Some(beyond) = self.step(box_cell, direction) else {
                    return Err(format!(
                        "move {} `{step}` pushes the box into rock or off the maze",
                        i + 1
                    ));
                };
                box_cell = beyond;
                pushes += 1;
            }
            you = next;
        }
        if box_cell != self.target {
            let (row, col) = box_cell;
            return Err(format!(
                "the box ends at row {}, column {}, not on the target",
                row + 1,
                col + 1
            ));
        }
        Ok((pushes, moves.chars().count()))
    }
}

/// The mazes up to `0 0` (or the end of the input).
fn parse_mazes(input: &str) -> Result<Vec<Maze>, String> {
    let mut tokens = input.split_ascii_whitespace();
    let mut mazes = Vec::new();
    loop {
        let mut size = || tokens.next().and_then(|t| t.parse::<usize>().ok());
        let (rows, cols) = match (size(), size()) {
            (None, _) | (Some(0), Some(0)) => return Ok(mazes),
            (Some(r), Some(c)) => (r, c),
            _ => return Err(format!("maze {}: bad size", mazes.len() + 1)),
        };
        let number = mazes.len() + 1;
        let mut grid = Vec::new();
        for _ in 0..rows {
            match tokens.next() {
                Some(row) if row.len() == cols && row.bytes().all(|b| b"#.SBT".contains(&b)) => {
                    grid.push(row.as_bytes().to_vec())
                }
                _ => {
                    return Err(format!(
                        "maze {number}: expected {rows} rows of {cols} characters #.SBT"
                    ))
                }
            }
        }
        let find = |wanted: u8| {
            let mut cells = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c)));
            let cell = cells.find(|&(r, c)| grid[r][c] == wanted);
            cell.ok_or(format!("maze {number}: no `{}`", wanted as char))
        };
        let (start, box_cell, target) = (find(b'S')?, find(b'B')?, find(b'T')?);
        mazes.push(Maze {
            rows: grid,
            start,
            box_cell,
            target,
        });
    }
}

/// Splits a report into each maze's answer token, checking the `Maze #k` headers.
fn answers(text: &str, mazes: usize) -> Result<Vec<&str>, String> {
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    let mut found = Vec::new();
    for k in 1..=mazes {
        let Some(part) = tokens.get(3 * k - 3..3 * k) else {
            return Err(format!(
                "output ends early: {} of {} answered",
                found.len(),
                count(mazes, "maze", "mazes")
            ));
        };
        if part[0] != "Maze" || part[1] != format!("#{k}") {
            return Err(format!(
                "expected \"Maze #{k}\", got {}",
                show(&format!("{} {}", part[0], part[1]))
            ));
        }
        found.push(part[2]);
    }
    match tokens.get(3 * mazes) {
        Some(extra) => Err(format!("extra output after maze {mazes}: {}", show(extra))),
        None => Ok(found),
    }
}

/// One maze's answer against the reference's.
fn check_maze(maze: &Maze, got: &str, want: &str) -> Outcome {
    if want == IMPOSSIBLE {
        return match got {
            IMPOSSIBLE => Outcome::Accepted,
            _ => Outcome::Wrong(format!("expected Impossible., got {}", show(got))),
        };
    }
    let (pushes, moves) = match maze.replay(want) {
        Ok(cost) => cost,
        Err(e) => return Outcome::Failed(format!("the reference answer is illegal: {e}")),
    };
    if got == IMPOSSIBLE {
        return Outcome::Wrong(format!(
            "got Impossible., but the reference needs {}",
            count(pushes, "push", "pushes")
        ));
    }
    match maze.replay(got) {
        Err(e) => Outcome::Wrong(e),
        Ok((p, _)) if p > pushes => Outcome::Wrong(format!(
            "not fewest pushes: {}, the reference has {pushes}",
            count(p, "push", "pushes")
        )),
        Ok((p, m)) if p == pushes && m > moves => {
            Outcome::Wrong(format!(
                "not fewest moves: {} with {}, the reference has {moves}",
                count(m, "move", "moves"),
                count(p, "push", "pushes")
            ))
        }
        Ok((p, m)) if (p, m) < (pushes, moves) => Outcome::Failed(format!(
            "({p} pushes, {m} moves) beats the reference's ({pushes}, {moves}): the reference is not optimal"
        )),
        Ok(_) => Outcome::Accepted,
    }
}

/// Checks every maze, then the layout (`Maze #k`, the answer, an empty line; trailing whitespace ignored).
pub fn check(input: &str, output: &str, answer: &str) -> Outcome {
    let mazes = match parse_mazes(input) {
        Ok(mazes) => mazes,
        Err(e) => return Outcome::Failed(format!("input: {e}")),
    };
    let want = match answers(answer, mazes.len()) {
        Ok(want) => want,
        Err(e) => return Outcome::Failed(format!("answer file: {e}")),
    };
    let got = match answers(output, mazes.len()) {
        Ok(got) => got,
        Err(e) => return Outcome::Wrong(e),
    };
    for (k, maze) in mazes.iter().enumerate() {
        match check_maze(maze, got[k], want[k]) {
            Outcome::Accepted => {}
            Outcome::Wrong(note) => return Outcome::Wrong(format!("maze {}: {note}", k + 1)),
            Outcome::Presentation(note) => {
                return Outcome::Presentation(format!("maze {}: {note}", k + 1))
            }
            Outcome::Failed(note) => return Outcome::Failed(format!("maze {}: {note}", k + 1)),
        }
    }
    let canonical: String = got
        .iter()
        .enumerate()
        .map(|(k, a)| format!("Maze #{}\n{a}\n\n", k + 1))
        .collect();
    if lines_of(output).eq(lines_of(&canonical)) {
        Outcome::Accepted
    } else {
        Outcome::Presentation(layout(output, &canonical, false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "1 7\nSB....T\n1 7\nSB..#.T\n7 11\n###########\n#T##......#\n#.#.#..####\n\
                          #....B....#\n#.######..#\n#.....S...#\n###########\n8 4\n....\n.##.\n.#..\n.#..\n\
                          .#.B\n.##S\n....\n###T\n0 0\n";
    const SAMPLE_ANSWER: &str = "Maze #1\nEEEEE\n\nMaze #2\nImpossible.\n\nMaze #3\n\
                                 eennwwWWWWeeeeeesswwwwwwwnNN\n\nMaze #4\nswwwnnnnnneeesssSSS\n\n";

    fn wrong(note: &str) -> Outcome {
        Outcome::Wrong(note.to_string())
    }

    #[test]
    fn the_sample() {
        assert_eq!(
            check(SAMPLE, SAMPLE_ANSWER, SAMPLE_ANSWER),
            Outcome::Accepted
        );
        // No final empty line and CRLF line ends: layout the lines checker would accept too.
        let crlf = SAMPLE_ANSWER.trim_end().replace('\n', "\r\n");
        assert_eq!(check(SAMPLE, &crlf, SAMPLE_ANSWER), Outcome::Accepted);
    }

    #[test]
    fn another_tie_is_accepted() {
        // You walk round the box's corner either way (3 walks), then push it south onto the target.
        let input = "4 4\n....\n.B.S\n.T..\n....\n0 0\n";
        let answer = "Maze #1\nnwwS\n\n";
        assert_eq!(check(input, answer, answer), Outcome::Accepted);
        assert_eq!(check(input, "Maze #1\nwnwS\n\n", answer), Outcome::Accepted);
    }

    #[test]
    fn illegal_moves_are_wrong() {
        let input = "1 7\nSB....T\n0 0\n";
        let answer = "Maze #1\nEEEEE\n\n";
        let got = |moves: &str| check(input, &format!("Maze #1\n{moves}\n\n"), answer);
        assert_eq!(
            got("eEEEE"),
            wrong("maze 1: move 1 `e` walks into the box (a push is upper case)")
        );
        assert_eq!(
            got("n"),
            wrong("maze 1: move 1 `n` walks into rock or off the maze")
        );
        assert_eq!(
            got("EEEEEE"),
            wrong("maze 1: move 6 `E` pushes the box into rock or off the maze")
        );
        assert_eq!(
            got("EEEE"),
            wrong("maze 1: the box ends at row 1, column 6, not on the target")
        );
        assert_eq!(
            got("EEEEx"),
            wrong("maze 1: move 5: \"x\" is not one of N S E W n s e w")
        );
        assert_eq!(
            got("Impossible."),
            wrong("maze 1: got Impossible., but the reference needs 5 pushes")
        );
        let two_rows = "2 4\nSB.T\n....\n0 0\n";
        assert_eq!(
            check(two_rows, "Maze #1\nsE\n\n", "Maze #1\nEE\n\n"),
            wrong("maze 1: move 2 `E` pushes, but the box is not there")
        );
    }

    #[test]
    fn costs_compare_pushes_then_moves() {
        // Box at (2,2) of a 4x4 room, target (1,2) above it; you at (4,2).
        let input = "4 4\n....\n..T.\n..B.\n..S.\n0 0\n";
        let answer = "Maze #1\nN\n\n";
        assert_eq!(check(input, "Maze #1\nN\n\n", answer), Outcome::Accepted);
        assert_eq!(
            check(input, "Maze #1\newN\n\n", answer),
            wrong("maze 1: not fewest moves: 3 moves with 1 push, the reference has 1")
        );
        assert_eq!(
            check(input, "Maze #1\nN\n\n", "Maze #1\newN\n\n"),
            Outcome::Failed("maze 1: (1 pushes, 1 moves) beats the reference's (1, 3): the reference is not optimal".into())
        );
        // Push the box up, back down (from above), up again: 3 pushes where 1 suffices.
        let input = "5 3\n...\n.T.\n.B.\n.S.\n...\n0 0\n";
        let detour = "Maze #1\nNNweenwSSwwnEN\n\n";
        let note = check(input, detour, "Maze #1\nN\n\n");
        assert!(matches!(note, Outcome::Wrong(_)), "{note:?}");
        assert_eq!(
            check(input, "Maze #1\nN\n\n", "Maze #1\nImpossible.\n\n"),
            wrong("maze 1: expected Impossible., got \"N\"")
        );
    }

    #[test]
    fn headers_and_layout() {
        let input = "1 3\nSBT\n0 0\n";
        let answer = "Maze #1\nE\n\n";
        assert_eq!(
            check(input, "Maze #2\nE\n\n", answer),
            wrong("expected \"Maze #1\", got \"Maze #2\"")
        );
        assert_eq!(
            check(input, "", answer),
            wrong("output ends early: 0 of 1 maze answered")
        );
        assert_eq!(
            check(input, "Maze #1\nE\n\nMaze", answer),
            wrong("extra output after maze 1: \"Maze\"")
        );
        assert_eq!(
            check(input, "Maze #1 E\n", answer),
            Outcome::Presentation(
                "differs only in whitespace: line 1: expected \"Maze #1\", got \"Maze #1 E\""
                    .into()
            )
        );
        assert_eq!(
            check(
                "1 3\nSBT\n1 3\nTBS\n0 0\n",
                "Maze #1\nE\nMaze #2\nW\n",
                "Maze #1\nE\n\nMaze #2\nW\n\n"
            ),
            Outcome::Presentation(
                "differs only in whitespace: line 3: expected \"\", got \"Maze #2\"".into()
            )
        );
    }

    #[test]
    fn bad_testdata_is_a_judge_error() {
        assert_eq!(
            check("1 3\nSB\n0 0", "", ""),
            Outcome::Failed("input: maze 1: expected 1 rows of 3 characters #.SBT".into())
        );
        assert_eq!(
            check("1 3\nS.T\n0 0", "", ""),
            Outcome::Failed("input: maze 1: no `B`".into())
        );
        assert_eq!(
            check("1 3\nSBT\n0 0", "Maze #1\nE\n", "Maze #1\nW\n"),
            Outcome::Failed("maze 1: the reference answer is illegal: move 1 `W` walks into rock or off the maze".into())
        );
        assert_eq!(
            check("1 3\nSBT\n0 0", "Maze #1\nE\n", ""),
            Outcome::Failed("answer file: output ends early: 0 of 1 maze answered".into())
        );
    }
}
