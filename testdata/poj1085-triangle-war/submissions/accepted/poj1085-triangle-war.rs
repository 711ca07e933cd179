//! POJ 1085 "Triangle War": who wins a half-played game of dots-and-triangles when both play perfectly.
//!
//! Input:  T, then per game m (6..=18) and m segments `i j`.
//! Output: `Game k: A wins.` or `Game k: B wins.` per game.
//! Method: replay the moves (score and whose turn), then negamax with alpha-beta over the set of drawn
//!         segments, asked only "does the mover win?" with a null window, and a transposition table over all
//!         2^18 sets that keeps each result as an exact value or a bound.
//! Cost:   ≤ 2^18 sets × 18 moves for the whole file, shared by all games; a 512 KiB table.
//! Status: agrees with a plain memoised minimax (scripts/testgen/src/poj1085_triangle_war.rs) on the
//!         samples, on every set of ≥ 6 drawn segments (249,528 games), 20,000 random games (m = 6..=18)
//!         and 5,000 games full of extra-turn chains (tests/poj1085-triangle-war.rs); 100,000 games of
//!         m = 6 in one file take 0.05 s user CPU, 7 MiB.
use std::fmt::Debug;
use std::io::{self, Read, Write};
use std::ops::RangeBounds;

// ---------------------------------------------------------------- model

/// The 18 segments as (lower dot, higher dot); a set of drawn segments is an 18-bit mask in this order.
#[rustfmt::skip]
const SEGMENTS: [(usize, usize); 18] = [
    (1, 2), (1, 3), (2, 3), (2, 4), (2, 5), (3, 5), (3, 6), (4, 5), (5, 6),
    (4, 7), (4, 8), (5, 8), (5, 9), (6, 9), (6, 10), (7, 8), (8, 9), (9, 10),
];
const ALL_DRAWN: u32 = (1 << 18) - 1;

/// The 9 small triangles, each as the mask of its three sides (triangle 1-2-3 = segments 1-2, 1-3, 2-3, …).
const TRIANGLES: [u32; 9] = [
    sides([0, 1, 2]),    // 1-2-3
    sides([3, 4, 7]),    // 2-4-5
    sides([2, 4, 5]),    // 2-3-5
    sides([5, 6, 8]),    // 3-5-6
    sides([9, 10, 15]),  // 4-7-8
    sides([7, 10, 11]),  // 4-5-8
    sides([11, 12, 16]), // 5-8-9
    sides([8, 12, 13]),  // 5-6-9
    sides([13, 14, 17]), // 6-9-10
];

const fn sides(segments: [u32; 3]) -> u32 {
    (1 << segments[0]) | (1 << segments[1]) | (1 << segments[2])
}

/// How many triangles drawing `segment` completes when `drawn` is already on the board (0, 1 or 2).
fn completed_by(drawn: u32, segment: usize) -> i32 {
    let after = drawn | 1 << segment;
    let closes = |&&sides: &&u32| sides >> segment & 1 == 1 && after & sides == sides;
    TRIANGLES.iter().filter(closes).count() as i32
}

/// Triangles not yet owned by anybody: the most the score difference can still change by.
fn open_triangles(drawn: u32) -> i32 {
    TRIANGLES.iter().filter(|&&t| drawn & t != t).count() as i32
}

// ---------------------------------------------------------------- search

/// What a table entry knows about a set's value (the mover's future triangles minus the opponent's).
#[derive(Clone, Copy, PartialEq)]
enum Bound {
    Unknown,
    Exact,
    AtLeast,
    AtMost,
}

#[derive(Clone, Copy)]
struct Entry {
    bound: Bound,
    value: i8,
}

/// Alpha-beta search whose transposition table outlives one game: every game of a file shares it.
struct Search {
    table: Vec<Entry>,
}

impl Search {
    fn new() -> Search {
        let unknown = Entry {
            bound: Bound::Unknown,
            value: 0,
        };
        Search {
            table: vec![unknown; 1 << 18],
        }
    }

    /// Fail-soft negamax: the exact value if it lies strictly inside (alpha, beta); otherwise a value
    /// ≤ alpha that bounds it from above, or a value ≥ beta that bounds it from below.
    fn value(&mut self, drawn: u32, mut alpha: i32, beta: i32) -> i32 {
        if drawn == ALL_DRAWN {
            return 0;
        }
        if let Some(known) = self.probe(drawn, alpha, beta) {
            return known;
        }
        // The open triangles bound the value; the second test is the textbook "already owns 5" cut-off.
        let open = open_triangles(drawn);
        if open <= alpha {
            return open;
        }
        if -open >= beta {
            return -open;
        }
        let alpha_at_entry = alpha;
        let mut best = -open - 1;
        // Move ordering: segments that complete a triangle first, they most often raise alpha at once.
        'moves: for scoring_pass in [true, false] {
            for segment in (0..18).filter(|&s| drawn >> s & 1 == 0) {
                let gained = completed_by(drawn, segment);
                if (gained > 0) != scoring_pass {
                    continue;
                }
                let next = drawn | 1 << segment;
                let score = if gained > 0 {
                    // Completing a triangle keeps the turn: same mover, window shifted by the gain.
                    gained + self.value(next, alpha - gained, beta - gained)
                } else {
                    -self.value(next, -beta, -alpha)
                };
                best = best.max(score);
                alpha = alpha.max(score);
                if alpha >= beta {
                    break 'moves; // beta cut-off: the opponent will never allow this position
                }
            }
        }
        self.store(drawn, best, alpha_at_entry, beta);
        best
    }

    /// A stored result that settles the question for this window, if there is one.
    fn probe(&self, drawn: u32, alpha: i32, beta: i32) -> Option<i32> {
        let entry = self.table[drawn as usize];
        let known = entry.value as i32;
        match entry.bound {
            Bound::Exact => Some(known),
            Bound::AtLeast if known >= beta => Some(known),
            Bound::AtMost if known <= alpha => Some(known),
            _ => None,
        }
    }

    /// Keeps `best`, searched with the window (alpha, beta), as what it proves about the value.
    fn store(&mut self, drawn: u32, best: i32, alpha: i32, beta: i32) {
        let bound = match best {
            b if b <= alpha => Bound::AtMost,
            b if b >= beta => Bound::AtLeast,
            _ => Bound::Exact,
        };
        let value = best as i8;
        self.table[drawn as usize] = Entry { bound, value };
    }

    /// Does the mover end with more triangles, leading by `lead` now? Totals are never tied (9 is odd),
    /// so this asks "value ≥ 1 - lead" with the null window (-lead, 1 - lead).
    fn mover_wins(&mut self, drawn: u32, lead: i32) -> bool {
        self.value(drawn, -lead, 1 - lead) >= 1 - lead
    }
}

// ---------------------------------------------------------------- io

#[derive(Clone, Copy, PartialEq)]
enum Player {
    A,
    B,
}

/// A game after its given moves: the drawn set, whose turn it is, and A's triangles minus B's.
struct Position {
    drawn: u32,
    mover: Player,
    a_lead: i32,
}

/// Reads one game (m and its m segments) and replays it by the rules.
fn read_game<'a>(
    tokens: &mut impl Iterator<Item = &'a str>,
    game: usize,
) -> Result<Position, String> {
    let moves = number(tokens, &format!("the move count m of game {game}"), 6..=18)?;
    let mut position = Position {
        drawn: 0,
        mover: Player::A,
        a_lead: 0,
    };
    for _ in 0..moves {
        let what = format!("a segment `i j` in game {game}");
        let ends = (
            number(tokens, &what, 1..=10)?,
            number(tokens, &what, 1..=10)?,
        );
        let segment = SEGMENTS
            .iter()
            .position(|&s| s == ends || s == (ends.1, ends.0))
            .ok_or_else(|| {
                format!("expected one of the 18 segments in game {game}, found {ends:?}")
            })?;
        if position.drawn >> segment & 1 == 1 {
            return Err(format!("segment {ends:?} drawn twice in game {game}"));
        }
        let gained = completed_by(position.drawn, segment);
        position.drawn |= 1 << segment;
        match (gained, position.mover) {
            (0, Player::A) => position.mover = Player::B,
            (0, Player::B) => position.mover = Player::A,
            (_, Player::A) => position.a_lead += gained,
            (_, Player::B) => position.a_lead -= gained,
        }
    }
    Ok(position)
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

/// Solves every game of the input; `Err` names the first malformed token.
pub fn solve(input: &str) -> Result<String, String> {
    let mut tokens = input.split_ascii_whitespace();
    let games = number(&mut tokens, "the number of games", 0..)?;
    let mut search = Search::new();
    let mut output = String::new();
    for game in 1..=games {
        let position = read_game(&mut tokens, game)?;
        let lead = if position.mover == Player::A {
            position.a_lead
        } else {
            -position.a_lead
        };
        let mover_wins = search.mover_wins(position.drawn, lead);
        let a_wins = mover_wins == (position.mover == Player::A);
        output += &format!("Game {game}: {} wins.\n", if a_wins { 'A' } else { 'B' });
    }
    if let Some(extra) = tokens.next() {
        return Err(format!(
            "expected end of input after {games} games, found `{extra}`"
        ));
    }
    Ok(output)
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

    #[test]
    fn every_triangle_is_three_segments_of_its_three_dots() {
        for triangle in TRIANGLES {
            let mut dots: Vec<usize> = (0..18)
                .filter(|&s| triangle >> s & 1 == 1)
                .flat_map(|s| [SEGMENTS[s].0, SEGMENTS[s].1])
                .collect();
            dots.sort();
            dots.dedup();
            assert_eq!(
                (triangle.count_ones(), dots.len()),
                (3, 3),
                "{triangle:018b}"
            );
        }
    }

    #[test]
    fn a_segment_closes_at_most_two_triangles() {
        assert_eq!(completed_by(ALL_DRAWN & !(1 << 4), 4), 2); // 2-5 closes 2-4-5 and 2-3-5
        assert_eq!(completed_by(0b11, 2), 1); // 2-3 after 1-2, 1-3
        assert_eq!(completed_by(0, 2), 0);
    }

    #[test]
    fn the_empty_board_is_lost_by_three() {
        let mut search = Search::new();
        assert_eq!(search.value(0, -10, 10), -3);
        assert!(!search.mover_wins(0, 0));
        assert!(search.mover_wins(0, 4)); // leading by 4 (impossible in play) turns it around
    }

    #[test]
    fn extra_turn_keeps_the_mover() {
        let input = "1\n6\n1 2\n1 3\n2 3\n2 4\n2 5\n4 5\n";
        let position = read_game(&mut input.split_ascii_whitespace().skip(1), 1).unwrap();
        // A: 1-2; B: 1-3; A: 2-3 (+1), 2-4; B: 2-5; A: 4-5 (+1) and draws again
        assert!(position.mover == Player::A);
        assert_eq!(position.a_lead, 2);
    }
}
