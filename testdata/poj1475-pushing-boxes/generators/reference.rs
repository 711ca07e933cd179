//! Reference solver of POJ 1475 "Pushing Boxes", independent of the model solution: for each maze, a move
//! string with the fewest pushes and, among those, the fewest moves, or `Impossible.`.
//!
//! Usage:  reference < input   (a valid input: mazes, then `0 0`)
//! Output: `Maze #k`, the moves or `Impossible.`, an empty line, per maze: what the committed `.ans` files
//!         hold. Where several strings tie, any is right (the output validator replays it and compares its
//!         cost); this one is the first the search below finishes with.
//! Method: Dijkstra over every single step of the full state (box cell, your cell), cost (pushes, moves)
//!         compared lexicographically: a walk costs (0, 1), a push (1, 1). Slower than the solution's
//!         push-state search (160,000 states instead of 1,600) but with nothing to get wrong: no macro
//!         edges, no side encoding.
//! Cost:   ≤ (r·c)² states a maze: a few milliseconds for an open 20×20 one.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also
//!         `testgen::poj1475_pushing_boxes`'s solver (the generator writes every `.ans` with it, the
//!         problem's tests use it as their oracle); scripts/testgen/tests/generators.rs checks it reproduces
//!         every committed official `.ans`.
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{self, Read, Write};

/// Row and column offsets of `n s e w`.
const STEPS: [(u8, i32, i32); 4] = [(b'n', -1, 0), (b's', 1, 0), (b'e', 0, 1), (b'w', 0, -1)];

/// One maze as its rows of `# . S B T`.
#[derive(Clone, Debug)]
pub struct Grid {
    pub rows: Vec<Vec<u8>>,
}

impl Grid {
    /// The maze drawn as rows of `# . S B T`.
    pub fn from_rows(rows: &[&str]) -> Grid {
        Grid {
            rows: rows.iter().map(|r| r.as_bytes().to_vec()).collect(),
        }
    }

    fn height(&self) -> i32 {
        self.rows.len() as i32
    }
    fn width(&self) -> i32 {
        self.rows[0].len() as i32
    }
    fn find(&self, what: u8) -> (i32, i32) {
        for (r, row) in self.rows.iter().enumerate() {
            if let Some(c) = row.iter().position(|&b| b == what) {
                return (r as i32, c as i32);
            }
        }
        panic!("maze has no {}", what as char)
    }
    fn free(&self, (r, c): (i32, i32)) -> bool {
        r >= 0
            && c >= 0
            && r < self.height()
            && c < self.width()
            && self.rows[r as usize][c as usize] != b'#'
    }
    fn index(&self, (r, c): (i32, i32)) -> usize {
        (r * self.width() + c) as usize
    }
    fn cell(&self, index: usize) -> (i32, i32) {
        (index as i32 / self.width(), index as i32 % self.width())
    }

    /// The maze as input text: `r c` and its rows.
    pub fn to_input(&self) -> String {
        let mut text = format!("{} {}\n", self.height(), self.width());
        for row in &self.rows {
            text.push_str(std::str::from_utf8(row).unwrap());
            text.push('\n');
        }
        text
    }
}

/// Parses the mazes of a whole input (trusted to be well-formed), up to `0 0`.
pub fn parse(input: &str) -> Vec<Grid> {
    let mut tokens = input.split_whitespace();
    let mut grids = Vec::new();
    loop {
        let r: usize = tokens.next().unwrap().parse().unwrap();
        let c: usize = tokens.next().unwrap().parse().unwrap();
        if r == 0 && c == 0 {
            return grids;
        }
        let rows = (0..r)
            .map(|_| tokens.next().unwrap().as_bytes().to_vec())
            .collect();
        grids.push(Grid { rows });
    }
}

/// The fewest-pushes-then-fewest-moves sequence (`NSEW` pushes, `nsew` walks), or `None` if impossible.
pub fn cheapest(grid: &Grid) -> Option<String> {
    let cells = (grid.height() * grid.width()) as usize;
    let key = |boxc: (i32, i32), you: (i32, i32)| grid.index(boxc) * cells + grid.index(you);
    let mut best = vec![(u32::MAX, u32::MAX); cells * cells];
    let mut came_from: Vec<Option<(usize, u8)>> = vec![None; cells * cells];
    let start = key(grid.find(b'B'), grid.find(b'S'));
    let target = grid.find(b'T');
    best[start] = (0, 0);
    let mut heap = BinaryHeap::from([Reverse(((0u32, 0u32), start))]);
    while let Some(Reverse((cost, state))) = heap.pop() {
        if cost > best[state] {
            continue;
        }
        let (boxc, you) = (grid.cell(state / cells), grid.cell(state % cells));
        if boxc == target {
            let mut letters = Vec::new();
            let mut at = state;
            while let Some((prev, letter)) = came_from[at] {
                letters.push(letter);
                at = prev;
            }
            letters.reverse();
            return Some(String::from_utf8(letters).unwrap());
        }
        for &(letter, dr, dc) in &STEPS {
            let stepped = (you.0 + dr, you.1 + dc);
            if !grid.free(stepped) {
                continue;
            }
            let (next, letter, next_cost) = if stepped == boxc {
                let pushed = (boxc.0 + dr, boxc.1 + dc);
                if !grid.free(pushed) {
                    continue;
                }
                (
                    key(pushed, stepped),
                    letter.to_ascii_uppercase(),
                    (cost.0 + 1, cost.1 + 1),
                )
            } else {
                (key(boxc, stepped), letter, (cost.0, cost.1 + 1))
            };
            if next_cost < best[next] {
                best[next] = next_cost;
                came_from[next] = Some((state, letter));
                heap.push(Reverse((next_cost, next)));
            }
        }
    }
    None
}

/// Replays `moves` on the maze: `Ok((pushes, moves))` if every move is legal and the box ends on `T`.
pub fn replay(grid: &Grid, moves: &str) -> Result<(u32, u32), String> {
    let (mut you, mut boxc) = (grid.find(b'S'), grid.find(b'B'));
    let mut pushes = 0;
    for (i, letter) in moves.bytes().enumerate() {
        let &(_, dr, dc) = STEPS
            .iter()
            .find(|s| s.0 == letter.to_ascii_lowercase())
            .ok_or(format!(
                "move {i}: `{}` is not a move letter",
                letter as char
            ))?;
        let stepped = (you.0 + dr, you.1 + dc);
        if !grid.free(stepped) {
            return Err(format!("move {i}: walks into rock or out of the maze"));
        }
        let push = letter.is_ascii_uppercase();
        if push != (stepped == boxc) {
            return Err(format!(
                "move {i}: `{}` but the box is {}there",
                letter as char,
                if push { "not " } else { "" }
            ));
        }
        if push {
            let pushed = (boxc.0 + dr, boxc.1 + dc);
            if !grid.free(pushed) {
                return Err(format!("move {i}: the box cannot move there"));
            }
            boxc = pushed;
            pushes += 1;
        }
        you = stepped;
    }
    if boxc != grid.find(b'T') {
        return Err("the box does not end on the target".to_string());
    }
    Ok((pushes, moves.len() as u32))
}

/// The expected output for a whole input, in the problem's format.
pub fn answer(input: &str) -> String {
    let mut out = String::new();
    for (k, grid) in parse(input).iter().enumerate() {
        let moves = cheapest(grid).unwrap_or_else(|| "Impossible.".to_string());
        out.push_str(&format!("Maze #{}\n{moves}\n\n", k + 1));
    }
    out
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
