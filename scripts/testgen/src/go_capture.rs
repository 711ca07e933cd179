//! Reference solver for `go-capture` (independent of `problems/go-capture/src/main.rs`).
//!
//! Union-find instead of flood fill: after the stone is placed, every pair of equal neighbouring stones is
//! merged, every empty point marks the roots of the stones around it as having a liberty, and the verdict
//! reads those marks. Also the random legal positions the tests and testdata use (biased toward groups in
//! atari and fully surrounded points) and the input format.
use crate::rng::Rng;

pub const N: usize = 9;

/// A position: rows of b'.', b'X', b'O', and the move (row, column, colour).
#[derive(Clone, Debug)]
pub struct Position {
    pub rows: [[u8; N]; N],
    pub row: usize,
    pub column: usize,
    pub colour: u8,
}

/// The reference's verdict: `("K.O.", captured stones)`, `("Suicide", 0)` or `("Safe", 0)`.
pub type Outcome = (&'static str, u32);

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

/// Union-find over the 81 points of a board: a root per group, and whether that group has a liberty.
struct Groups {
    parent: Vec<usize>,
    has_liberty: Vec<bool>,
}

impl Groups {
    fn of(rows: &[[u8; N]; N]) -> Groups {
        let mut g = Groups {
            parent: (0..N * N).collect(),
            has_liberty: vec![false; N * N],
        };
        for r in 0..N {
            for c in 0..N {
                if r + 1 < N && rows[r][c] != b'.' && rows[r][c] == rows[r + 1][c] {
                    g.union(r * N + c, (r + 1) * N + c);
                }
                if c + 1 < N && rows[r][c] != b'.' && rows[r][c] == rows[r][c + 1] {
                    g.union(r * N + c, r * N + c + 1);
                }
            }
        }
        for r in 0..N {
            for c in 0..N {
                if rows[r][c] == b'.' {
                    for (nr, nc) in adjacent(r, c) {
                        if rows[nr][nc] != b'.' {
                            let root = g.find(nr * N + nc);
                            g.has_liberty[root] = true;
                        }
                    }
                }
            }
        }
        g
    }

    fn find(&mut self, x: usize) -> usize {
        let mut root = x;
        while self.parent[root] != root {
            root = self.parent[root];
        }
        self.parent[x] = root;
        root
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        self.parent[ra] = rb;
    }
}

fn adjacent(r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
    let up = r.checked_sub(1).map(|a| (a, c));
    let down = (r + 1 < N).then_some((r + 1, c));
    let left = c.checked_sub(1).map(|b| (r, b));
    let right = (c + 1 < N).then_some((r, c + 1));
    [up, down, left, right].into_iter().flatten()
}

/// Every group on the board has at least one liberty.
pub fn is_legal(rows: &[[u8; N]; N]) -> bool {
    let mut g = Groups::of(rows);
    (0..N * N).all(|p| {
        rows[p / N][p % N] == b'.' || {
            let root = g.find(p);
            g.has_liberty[root]
        }
    })
}

/// The verdict for a position (the board must be legal and the point empty).
pub fn outcome(p: &Position) -> Outcome {
    let mut rows = p.rows;
    rows[p.row][p.column] = p.colour;
    let opponent = if p.colour == b'X' { b'O' } else { b'X' };
    let mut g = Groups::of(&rows);
    let mut dead_roots = Vec::new();
    for (r, c) in adjacent(p.row, p.column) {
        if rows[r][c] == opponent {
            let root = g.find(r * N + c);
            if !g.has_liberty[root] && !dead_roots.contains(&root) {
                dead_roots.push(root);
            }
        }
    }
    if !dead_roots.is_empty() {
        let captured = (0..N * N)
            .filter(|&q| rows[q / N][q % N] == opponent && dead_roots.contains(&g.find(q)))
            .count();
        return ("K.O.", captured as u32);
    }
    let own = g.find(p.row * N + p.column);
    if g.has_liberty[own] {
        ("Safe", 0)
    } else {
        ("Suicide", 0)
    }
}

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

/// The position written as an input (nine rows, then `x y c`); panics on anything else.
pub fn parse(text: &str) -> Position {
    let lines: Vec<&str> = text.lines().collect();
    let mut rows = [[b'.'; N]; N];
    for (r, row) in rows.iter_mut().enumerate() {
        row.copy_from_slice(lines[r].trim_end().as_bytes());
    }
    let words: Vec<&str> = lines[N].split_whitespace().collect();
    Position {
        rows,
        row: words[0].parse().unwrap(),
        column: words[1].parse().unwrap(),
        colour: words[2].as_bytes()[0],
    }
}

/// The expected output for an input.
pub fn answer(text: &str) -> String {
    format!("{}\n", outcome(&parse(text)).0)
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
