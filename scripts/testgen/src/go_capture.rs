//! Reference for `go-capture` (independent of `problems/go-capture/src/main.rs`): the union-find solver is
//! the package's reference program, `testdata/go-capture/generators/reference.rs`, included here. Also what
//! only the generator and the tests need: the named positions, the input format, and the random legal
//! positions (biased toward groups in atari and fully surrounded points) the committed cases come from.
use crate::rng::Rng;

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/go-capture/generators/reference.rs"]
mod reference;

use reference::{adjacent, Groups};
pub use reference::{answer, is_legal, outcome, parse, Outcome, Position, N};

/// Named positions: (case name, input, the verdict worked out by hand, captured stones).
pub const NAMED_CASES: [(&str, &str, &str, u32); 8] = [
    (
        "01-sample",
        ".........\n.........\n...O.....\n..O.O....\n..XOX....\n...X.....\n.........\n.........\n.........\n3 3 X\n",
        "K.O.",
        1,
    ),
    // The white stone in the corner has one liberty, (1,0).
    (
        "02-corner-capture",
        "OX.......\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n1 0 X\n",
        "K.O.",
        1,
    ),
    // Four white stones, each in atari at the centre: one black stone takes all four.
    (
        "03-four-groups-at-once",
        ".........\n.........\n....X....\n...XOX...\n..XO.OX..\n...XOX...\n....X....\n.........\n.........\n4 4 X\n",
        "K.O.",
        4,
    ),
    // Black at (0,0) has no liberty of its own but takes the last one of the white stone at (0,1).
    (
        "04-suicide-but-captures",
        ".OX......\nOX.......\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n0 0 X\n",
        "K.O.",
        1,
    ),
    // Black at (0,0) joins (0,1): the two stones have no liberty and white keeps all of its own.
    (
        "05-true-suicide",
        ".XO......\nOO.......\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n0 0 X\n",
        "Suicide",
        0,
    ),
    // Black at (0,0) touches only stones, but joins (0,1), which has liberties.
    (
        "06-safe-by-connection",
        ".X.......\nO........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n0 0 X\n",
        "Safe",
        0,
    ),
    // A 31-stone black snake winds through white walls; its one liberty is (7,4).
    ("07-snake-captured", SNAKE_WHITE, "K.O.", 31),
    ("08-snake-suicide", SNAKE_BLACK, "Suicide", 0),
];

const SNAKE_WHITE: &str =
    "OXXXXXXXO\nOOOOOOOXO\nOXXXXXXXO\nOXOOOOOOO\nOXXXXXXXO\nOOOOOOOXO\nOXXXXXXXO\nOOOO.OOOO\n....O....\n7 4 O\n";
const SNAKE_BLACK: &str =
    "OXXXXXXXO\nOOOOOOOXO\nOXXXXXXXO\nOXOOOOOOO\nOXXXXXXXO\nOOOOOOOXO\nOXXXXXXXO\nOOOO.OOOO\n....O....\n7 4 X\n";

/// The input file for a position.
pub fn input(p: &Position) -> String {
    let mut out = String::new();
    for row in &p.rows {
        out += std::str::from_utf8(row).unwrap();
        out.push('\n');
    }
    out += &format!("{} {} {}\n", p.row, p.column, p.colour as char);
    out
}

/// A random legal position. Stones are scattered at a random density, groups without a liberty lose
/// stones until every group has one, then the board is packed with stones that keep it legal (which
/// leaves many groups in atari); the move goes, most of the time, to the last liberty of a group in atari
/// or to a point whose neighbours are all stones.
pub fn random_position(rng: &mut Rng) -> Position {
    let mut rows = [[b'.'; N]; N];
    let density = rng.range(20, 90) as u64;
    let black = rng.range(30, 70) as u64;
    for row in rows.iter_mut() {
        for point in row.iter_mut() {
            if rng.chance(density, 100) {
                *point = if rng.chance(black, 100) { b'X' } else { b'O' };
            }
        }
    }
    make_legal(rng, &mut rows);
    for _ in 0..rng.range(0, 40) {
        let (row, column) = (rng.below(N as u64) as usize, rng.below(N as u64) as usize);
        let colour = if rng.chance(black, 100) { b'X' } else { b'O' };
        let p = Position {
            rows,
            row,
            column,
            colour,
        };
        // A stone that neither captures nor dies leaves every group with a liberty.
        if rows[row][column] == b'.' && outcome(&p).0 == "Safe" {
            rows[row][column] = colour;
        }
    }
    let (row, column) = pick_target(rng, &rows);
    let colour = if rng.chance(1, 2) { b'X' } else { b'O' };
    Position {
        rows,
        row,
        column,
        colour,
    }
}

/// Removes random stones of liberty-less groups until none is left (each removal frees a liberty).
fn make_legal(rng: &mut Rng, rows: &mut [[u8; N]; N]) {
    loop {
        let mut g = Groups::of(rows);
        let dead: Vec<usize> = (0..N * N)
            .filter(|&p| {
                rows[p / N][p % N] != b'.' && {
                    let root = g.find(p);
                    !g.has_liberty[root]
                }
            })
            .collect();
        if dead.is_empty() {
            return;
        }
        let p = *rng.pick(&dead);
        rows[p / N][p % N] = b'.';
    }
}

/// An empty point: 40% the last liberty of a group in atari, 30% a point surrounded by stones, else any.
fn pick_target(rng: &mut Rng, rows: &[[u8; N]; N]) -> (usize, usize) {
    let empty: Vec<(usize, usize)> = (0..N * N)
        .map(|p| (p / N, p % N))
        .filter(|&(r, c)| rows[r][c] == b'.')
        .collect();
    let surrounded: Vec<(usize, usize)> = empty
        .iter()
        .copied()
        .filter(|&(r, c)| adjacent(r, c).all(|(a, b)| rows[a][b] != b'.'))
        .collect();
    let atari: Vec<(usize, usize)> = empty
        .iter()
        .copied()
        .filter(|&(r, c)| {
            let mut walled = *rows;
            walled[r][c] = b'#'; // a wall: a group whose last liberty this was now has none
            let mut g = Groups::of(&walled);
            adjacent(r, c).any(|(a, b)| {
                let root = g.find(a * N + b);
                rows[a][b] != b'.' && !g.has_liberty[root]
            })
        })
        .collect();
    let roll = rng.below(10);
    if roll < 4 && !atari.is_empty() {
        *rng.pick(&atari)
    } else if roll < 7 && !surrounded.is_empty() {
        *rng.pick(&surrounded)
    } else {
        *rng.pick(&empty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_cases_are_legal_and_worked_out_right() {
        for (name, text, word, stones) in NAMED_CASES {
            let p = parse(text);
            assert_eq!(input(&p), text, "{name}");
            assert!(
                is_legal(&p.rows) && p.rows[p.row][p.column] == b'.',
                "{name}"
            );
            assert_eq!(outcome(&p), (word, stones), "{name}");
        }
    }

    #[test]
    fn random_positions_are_legal_with_an_empty_target() {
        let mut rng = Rng::new(9);
        for _ in 0..300 {
            let p = random_position(&mut rng);
            assert!(is_legal(&p.rows));
            assert_eq!(p.rows[p.row][p.column], b'.');
        }
    }
}
