//! POJ 1376 "Robot": the fewest one-second commands that take a round robot between two crossings, or -1.
//!
//! Input:  blocks `M N`, M rows of N squares (`0` free, `1` blocked), `B1 B2 E1 E2 dir`; `0 0` ends.
//! Output: one line per block: the least number of seconds, `-1` if the start or destination crossing is not
//!         one the robot may stand on or the destination cannot be reached, `0` if start = destination.
//! Method: BFS over (crossing, heading); the commands are `GO 1|2|3` and `TURN left|right`. The robot (1.6 m
//!         wide) may stand on the north-west corner of square (r, c) iff 1 ≤ r ≤ M−1, 1 ≤ c ≤ N−1 and the
//!         four squares around it are free; `GO n` must stand on every crossing it passes through.
//!         Every command costs exactly one second, so BFS layers *are* the distances. A* is not the better
//!         tool here: the graph has at most 51·51·4 = 10,404 states and BFS finishes it in O(states); an
//!         admissible heuristic (⌈Δrow/3⌉ + ⌈Δcol/3⌉, + 1 when both differ: a `GO` changes one coordinate
//!         by ≤ 3, and changing both takes a turn) would save part of a graph that costs microseconds, at
//!         the price of a priority queue and a proof.
//! Cost:   per block O(M·N): 4 headings × 5 commands per crossing. 0.3 ms for an open 50×50 store corner
//!         to corner (benches/benches/poj1376-robot.rs); testdata official/11-many-large-blocks (60 blocks
//!         of 50×50) runs in 0.01 s user CPU, 2.2 MiB peak (`/usr/bin/time`).
//! Status: agrees with a plain (row, col, heading) BFS reference (scripts/testgen/src/poj1376_robot.rs) on
//!         20,000 random blocks, every testdata answer, the sample and named edge cases
//!         (tests/poj1376-robot.rs).
use std::collections::VecDeque;
use std::fmt::Debug;
use std::io::{self, Read, Write};
use std::ops::RangeBounds;

// ---------------------------------------------------------------- model

/// Unit steps of the four headings in (row, column), clockwise, so `TURN right` is +1 and `TURN left` is +3.
const STEP: [(isize, isize); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
const HEADING_NAMES: [&str; 4] = ["north", "east", "south", "west"];
const MAX_SIDE: usize = 50;

/// The crossings of an M×N store: an (M+1)×(N+1) array, row-major, of where the robot may stand.
struct Store {
    columns: usize,
    standable: Vec<bool>,
}

impl Store {
    /// `blocked` is the M×N square grid, row-major.
    fn new(rows: usize, cols: usize, blocked: &[bool]) -> Store {
        let columns = cols + 1;
        let mut standable = vec![false; (rows + 1) * columns];
        for r in 1..rows {
            for c in 1..cols {
                let around = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)];
                standable[r * columns + c] =
                    around.iter().all(|&(sr, sc)| !blocked[sr * cols + sc]);
            }
        }
        Store { columns, standable }
    }

    /// The crossing at (row, col) if the robot may stand there (coordinates off the grid: never).
    fn crossing(&self, row: usize, col: usize) -> Option<usize> {
        let index = row.checked_mul(self.columns)?.checked_add(col)?;
        (col < self.columns && self.standable.get(index) == Some(&true)).then_some(index)
    }

    /// The crossings `GO 1`, `GO 2`, `GO 3` reach from `crossing`, up to the first one the robot may not
    /// stand on: a longer `GO` passes through every shorter one's crossing.
    /// The border crossings are never standable, so the walk stops before it could leave the array.
    fn goes(&self, crossing: usize, heading: usize) -> impl Iterator<Item = usize> + '_ {
        let (dr, dc) = STEP[heading];
        let offset = dr * self.columns as isize + dc;
        (1..=3)
            .map(move |n| crossing.wrapping_add_signed(n * offset))
            .take_while(move |&to| self.standable[to])
    }
}

// ---------------------------------------------------------------- search

/// Outcome of one block.
#[derive(Debug, PartialEq)]
enum Answer {
    Seconds(u32),
    Unreachable,
}

/// BFS from (start, heading) until any heading at `destination`; both must be standable crossings.
/// State index = crossing · 4 + heading.
fn least_seconds(store: &Store, start: usize, heading: usize, destination: usize) -> Answer {
    if start == destination {
        return Answer::Seconds(0);
    }
    let mut seconds = vec![u32::MAX; store.standable.len() * 4];
    let mut queue = VecDeque::from([start * 4 + heading]);
    seconds[start * 4 + heading] = 0;
    while let Some(state) = queue.pop_front() {
        let (crossing, heading) = (state / 4, state % 4);
        let turns = [(heading + 1) % 4, (heading + 3) % 4].map(|h| crossing * 4 + h);
        let goes = store.goes(crossing, heading).map(|to| to * 4 + heading);
        // `IntoIterator::into_iter`: by value in every edition (2015 and 2018's `turns.into_iter()` iterates
        // references).
        for next in IntoIterator::into_iter(turns).chain(goes) {
            if seconds[next] == u32::MAX {
                seconds[next] = seconds[state] + 1;
                if next / 4 == destination {
                    return Answer::Seconds(seconds[next]);
                }
                queue.push_back(next);
            }
        }
    }
    Answer::Unreachable
}

// ---------------------------------------------------------------- io

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

/// Reads one block after its `M N` and answers it.
fn answer_block<'a>(
    tokens: &mut impl Iterator<Item = &'a str>,
    rows: usize,
    cols: usize,
) -> Result<Answer, String> {
    let mut blocked = Vec::with_capacity(rows * cols);
    for _ in 0..rows * cols {
        match tokens.next().unwrap_or_default() {
            "0" => blocked.push(false),
            "1" => blocked.push(true),
            word => return Err(format!("expected a square (0 or 1), found `{word}`")),
        }
    }
    let store = Store::new(rows, cols, &blocked);
    let mut corner = |what| -> Result<Option<usize>, String> {
        let row = number(tokens, what, 0..)?;
        let col = number(tokens, what, 0..)?;
        Ok(store.crossing(row, col))
    };
    let (start, destination) = (
        corner("the start `B1 B2`")?,
        corner("the destination `E1 E2`")?,
    );
    let word = tokens.next().unwrap_or_default();
    let Some(heading) = HEADING_NAMES.iter().position(|&name| name == word) else {
        return Err(format!(
            "expected north, south, east or west, found `{word}`"
        ));
    };
    Ok(match (start, destination) {
        (Some(start), Some(destination)) => least_seconds(&store, start, heading, destination),
        _ => Answer::Unreachable, // the spec fixes an unstandable start or destination to -1
    })
}

/// Answers every block of `input` up to the `0 0` line (tokens after it are ignored).
pub fn solve(input: &str) -> Result<String, String> {
    let mut tokens = input.split_ascii_whitespace();
    let mut output = String::new();
    loop {
        let rows = number(&mut tokens, "the row count M (0 to end)", 0..=MAX_SIDE)?;
        let cols = number(&mut tokens, "the column count N (0 to end)", 0..=MAX_SIDE)?;
        if (rows, cols) == (0, 0) {
            return Ok(output);
        }
        if rows == 0 || cols == 0 {
            return Err(format!(
                "expected M and N in 1..={MAX_SIDE}, found {rows} {cols}"
            ));
        }
        match answer_block(&mut tokens, rows, cols)? {
            Answer::Seconds(seconds) => output += &format!("{seconds}\n"),
            Answer::Unreachable => output += "-1\n",
        }
    }
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

    fn open_store(rows: usize, cols: usize) -> Store {
        Store::new(rows, cols, &vec![false; rows * cols])
    }

    #[test]
    fn only_interior_crossings_clear_of_blocks_are_standable() {
        // 3×3 store, centre square blocked: its four corners are out, as is the whole border.
        let mut blocked = vec![false; 9];
        blocked[4] = true;
        let store = Store::new(3, 3, &blocked);
        let mut crossings = (0..4).flat_map(|r| (0..4).map(move |c| (r, c)));
        assert!(crossings.all(|(r, c)| store.crossing(r, c).is_none()));
        let store = open_store(3, 3);
        assert!(store.crossing(1, 1).is_some() && store.crossing(2, 2).is_some());
        assert!(
            store.crossing(0, 1).is_none()
                && store.crossing(3, 2).is_none()
                && store.crossing(1, 9).is_none()
        );
    }

    #[test]
    fn go_stops_at_the_first_crossing_it_may_not_stand_on() {
        // 1 row of crossings (store 2×7): squares (0,3) blocked cuts crossings (1,3) and (1,4).
        let mut blocked = vec![false; 14];
        blocked[3] = true;
        let store = Store::new(2, 7, &blocked);
        let from = store.crossing(1, 1).unwrap();
        assert_eq!(store.goes(from, 1).count(), 1); // east: (1,2) yes, (1,3) no, so no GO 2 to (1,4) either
        let from = store.crossing(1, 5).unwrap();
        assert_eq!(store.goes(from, 1).count(), 1); // east: (1,6) yes, (1,7) is the border
        assert_eq!(store.goes(from, 3).count(), 0); // west: (1,4) no
    }

    #[test]
    fn turning_and_going_each_cost_one_second() {
        let store = open_store(6, 6);
        let at = |r, c| store.crossing(r, c).unwrap();
        assert_eq!(
            least_seconds(&store, at(1, 1), 1, at(1, 4)),
            Answer::Seconds(1)
        ); // GO 3 east
        assert_eq!(
            least_seconds(&store, at(1, 1), 1, at(1, 5)),
            Answer::Seconds(2)
        ); // GO 3, GO 1
        assert_eq!(
            least_seconds(&store, at(1, 1), 3, at(1, 2)),
            Answer::Seconds(3)
        ); // two turns, GO 1
        assert_eq!(
            least_seconds(&store, at(1, 1), 0, at(4, 4)),
            Answer::Seconds(4)
        ); // turn, GO 3, turn, GO 3
    }
}
