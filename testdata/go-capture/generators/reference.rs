//! Reference solver of "Go capture", independent of the model solution: says whether the new stone captures
//! (`K.O.`), dies by suicide (`Suicide`) or neither (`Safe`).
//!
//! Usage:  reference < input   (a valid input: nine rows, then `x y c`)
//! Output: the line the committed `.ans` files hold.
//! Method: union-find instead of flood fill: after the stone is placed, every pair of equal neighbouring
//!         stones is merged, every empty point marks the roots of the stones around it as having a liberty,
//!         and the verdict reads those marks (capture first, then suicide).
//! Cost:   81 points; microseconds.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also `testgen::go_capture`'s
//!         solver (the generator writes every `.ans` with it, the problem's tests use it as their oracle);
//!         scripts/testgen/tests/generators.rs checks it reproduces every committed official `.ans`.
use std::io::{self, Read, Write};

/// The side of the board.
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

/// Union-find over the 81 points of a board: a root per group, and whether that group has a liberty.
pub struct Groups {
    parent: Vec<usize>,
    pub has_liberty: Vec<bool>,
}

impl Groups {
    /// The groups of `rows` (`.` empty, any other byte a stone of that colour) and their liberties.
    pub fn of(rows: &[[u8; N]; N]) -> Groups {
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

    /// The root of `x`'s group (with path compression of `x` itself).
    pub fn find(&mut self, x: usize) -> usize {
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

/// The points next to (r, c) on the board.
pub fn adjacent(r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
    let up = r.checked_sub(1).map(|a| (a, c));
    let down = (r + 1 < N).then_some((r + 1, c));
    let left = c.checked_sub(1).map(|b| (r, b));
    let right = (c + 1 < N).then_some((r, c + 1));
    // `IntoIterator::into_iter`, not `[…].into_iter()`: by value in every edition (2015 and 2018 iterate an
    // array's references there).
    IntoIterator::into_iter([up, down, left, right]).flatten()
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

/// Reads a valid input on stdin and writes its expected output once (an invalid one panics).
fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("UTF-8 text on stdin");
    io::stdout()
        .write_all(answer(&input).as_bytes())
        .expect("stdout");
}
