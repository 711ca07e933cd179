//! Own problem "Go Capture (9x9)": `K.O.` if a new stone captures, `Suicide` if it dies, else `Safe`.
//!
//! Input:  nine rows of `.`/`O`/`X`, then `x y c` (row, column, colour).
//! Output: one of the three words.
//! Method: place the stone; flood-fill each opponent group next to it (an explicit stack, so a snake of 80
//!         stones needs no call depth) and capture if one has no liberty left; only then flood the stone's
//!         own group for suicide. Groups and liberties are 81-bit sets, so a group that touches the new
//!         stone on two sides is filled once and its stones are counted once.
//! Cost:   O(81) per flood: one per group to check the input's promise, then at most five for the move;
//!         ~10 µs a board.
//! Status: agrees with a union-find reference (scripts/testgen/src/go_capture.rs) on verdict and number
//!         of captured stones for 100,000 random legal positions biased to ataris and surrounded points
//!         (27% K.O., 13% Suicide, 60% Safe), and on the named cases (tests/go-capture.rs).
use std::fmt::Debug;
use std::io::{self, Read, Write};
use std::ops::RangeBounds;

// ---------------------------------------------------------------- model

const SIZE: usize = 9;

#[derive(Clone, Copy, PartialEq, Debug)]
enum Colour {
    Black, // `X`
    White, // `O`
}

impl Colour {
    fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Point {
    Empty,
    Stone(Colour),
}

/// Points indexed `row * 9 + column`; a set of points is a `u128` with that bit layout (bits 0..81).
struct Board {
    points: [Point; SIZE * SIZE],
}

/// The orthogonal neighbours of `at` that are on the board.
fn neighbours(at: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (at / SIZE, at % SIZE);
    // `then` (lazy) where the eager `at - SIZE` or `at - 1` would underflow.
    let up = (row > 0).then(|| at - SIZE);
    let down = (row + 1 < SIZE).then_some(at + SIZE);
    let left = (column > 0).then(|| at - 1);
    let right = (column + 1 < SIZE).then_some(at + 1);
    // `IntoIterator::into_iter`, not `[…].into_iter()`: by value in every edition (2015 and 2018 iterate an
    // array's references there).
    IntoIterator::into_iter([up, down, left, right]).flatten()
}

/// A group of stones of one colour and its liberties, both as point sets.
struct Group {
    stones: u128,
    liberties: u128,
}

// ---------------------------------------------------------------- search

/// The group containing the stone at `start`: flood fill with an explicit stack (depth-first order).
fn group_at(board: &Board, start: usize) -> Group {
    let colour = board.points[start];
    let mut group = Group {
        stones: 1 << start,
        liberties: 0,
    };
    let mut stack = vec![start];
    while let Some(point) = stack.pop() {
        for next in neighbours(point) {
            let bit = 1u128 << next;
            if board.points[next] == Point::Empty {
                group.liberties |= bit;
            } else if board.points[next] == colour && group.stones & bit == 0 {
                group.stones |= bit;
                stack.push(next);
            }
        }
    }
    group
}

/// What placing a stone does.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Verdict {
    /// Opponent groups lose their last liberty; `stones` counts each captured stone once.
    Capture {
        stones: u32,
    },
    /// No capture, and the stone's own group has no liberty.
    Suicide,
    Safe,
}

/// Places `colour` at the empty point `at` and judges the move: capture first, then suicide.
fn play(board: &mut Board, at: usize, colour: Colour) -> Verdict {
    board.points[at] = Point::Stone(colour);
    let mut flooded = 0u128; // opponent stones already in a filled group: never fill a group twice
    let mut captured = 0u128;
    for next in neighbours(at) {
        if board.points[next] == Point::Stone(colour.opponent()) && flooded & 1 << next == 0 {
            let group = group_at(board, next);
            flooded |= group.stones;
            if group.liberties == 0 {
                captured |= group.stones;
            }
        }
    }
    if captured != 0 {
        Verdict::Capture {
            stones: captured.count_ones(),
        }
    } else if group_at(board, at).liberties == 0 {
        Verdict::Suicide
    } else {
        Verdict::Safe
    }
}

// ---------------------------------------------------------------- io

/// Reads the nine rows and the move `x y c`, checking the promises: `Err` says what was expected.
fn parse(input: &str) -> Result<(Board, usize, Colour), String> {
    let mut lines = input.lines();
    let mut board = Board {
        points: [Point::Empty; SIZE * SIZE],
    };
    for row in 0..SIZE {
        let line = lines.next().unwrap_or_default().trim_end();
        match line.bytes().map(point).collect::<Option<Vec<Point>>>() {
            Some(points) if points.len() == SIZE => {
                board.points[row * SIZE..][..SIZE].copy_from_slice(&points);
            }
            _ => {
                return Err(format!(
                    "expected board row {row}: 9 of `.XO`, found `{line}`"
                ))
            }
        }
    }
    let mut tokens = lines.flat_map(str::split_whitespace);
    let row = number(&mut tokens, "the row x", 0..SIZE)?;
    let column = number(&mut tokens, "the column y", 0..SIZE)?;
    let colour = match tokens.next().unwrap_or_default() {
        "X" => Colour::Black,
        "O" => Colour::White,
        other => return Err(format!("expected the colour `X` or `O`, found `{other}`")),
    };
    if let Some(extra) = tokens.next() {
        return Err(format!(
            "expected end of input after the move, found `{extra}`"
        ));
    }
    let at = row * SIZE + column;
    if board.points[at] != Point::Empty {
        return Err(format!(
            "expected an empty point, found a stone at {row} {column}"
        ));
    }
    if let Some(dead) = group_without_liberty(&board) {
        let (row, column) = (dead / SIZE, dead % SIZE);
        return Err(format!(
            "expected every group to have a liberty, the one at {row} {column} has none"
        ));
    }
    Ok((board, at, colour))
}

fn point(symbol: u8) -> Option<Point> {
    match symbol {
        b'.' => Some(Point::Empty),
        b'X' => Some(Point::Stone(Colour::Black)),
        b'O' => Some(Point::Stone(Colour::White)),
        _ => None,
    }
}

/// The next token as a number in `range`; `Err` says what was expected and what came instead.
fn number<'a>(
    tokens: &mut impl Iterator<Item = &'a str>,
    what: &str,
    range: impl RangeBounds<usize> + Debug,
) -> Result<usize, String> {
    let token = tokens.next().unwrap_or_default();
    match token.parse() {
        Ok(value) if range.contains(&value) => Ok(value),
        _ if token.is_empty() => Err(format!("expected {what}, found end of input")),
        _ => Err(format!("expected {what} in {range:?}, found `{token}`")),
    }
}

/// A stone whose group has no liberty, if any: each group is filled once.
fn group_without_liberty(board: &Board) -> Option<usize> {
    let mut checked = 0u128;
    for at in 0..SIZE * SIZE {
        if board.points[at] != Point::Empty && checked & 1 << at == 0 {
            let group = group_at(board, at);
            if group.liberties == 0 {
                return Some(at);
            }
            checked |= group.stones;
        }
    }
    None
}

/// The verdict for one input (board and move).
pub fn check(input: &str) -> Result<Verdict, String> {
    let (mut board, at, colour) = parse(input)?;
    Ok(play(&mut board, at, colour))
}

/// The output line for one input.
pub fn solve(input: &str) -> Result<String, String> {
    let word = match check(input)? {
        Verdict::Capture { .. } => "K.O.",
        Verdict::Suicide => "Suicide",
        Verdict::Safe => "Safe",
    };
    Ok(format!("{word}\n"))
}

/// Reads all of stdin, solves it, writes the answer once; malformed input is exit 1 with one line on stderr.
fn main() {
    let mut input = String::new();
    let answer = match io::stdin().read_to_string(&mut input) {
        Ok(_) => solve(&input),
        Err(_) => Err("expected UTF-8 text on stdin".to_string()),
    };
    let written = answer.and_then(|output| {
        let mut stdout = io::stdout().lock();
        stdout
            .write_all(output.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write the answer: {e}"))
    });
    if let Err(message) = written {
        eprintln!("{message}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        let mut board = Board {
            points: [Point::Empty; 81],
        };
        let symbols = rows.bytes().filter(|b| !b.is_ascii_whitespace());
        for (at, symbol) in symbols.enumerate() {
            board.points[at] = match symbol {
                b'X' => Point::Stone(Colour::Black),
                b'O' => Point::Stone(Colour::White),
                _ => Point::Empty,
            };
        }
        board
    }

    #[test]
    fn corners_and_edges_have_two_and_three_neighbours() {
        assert_eq!(neighbours(0).count(), 2);
        assert_eq!(neighbours(80).count(), 2);
        assert_eq!(neighbours(4).count(), 3);
        assert_eq!(neighbours(40).collect::<Vec<_>>(), [31, 49, 39, 41]);
    }

    #[test]
    fn flood_fill_finds_stones_and_liberties() {
        let rows = ".XX......\n.X.......\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n";
        let group = group_at(&board(rows), 1);
        assert_eq!(group.stones, 1 << 1 | 1 << 2 | 1 << 10);
        assert_eq!(group.liberties.count_ones(), 5); // (0,0) (0,3) (1,0) (1,2) (2,1)
    }

    #[test]
    fn a_group_touching_the_stone_twice_is_captured_once() {
        // White's five stones wrap around (1,2) on three sides; black there takes their last liberty.
        let rows = "XOOOX....\nXO.OX....\n.XXX.....\n.........\n.........\n.........\n.........\n.........\n.........\n";
        let verdict = play(&mut board(rows), 11, Colour::Black);
        assert_eq!(verdict, Verdict::Capture { stones: 5 });
    }
}
