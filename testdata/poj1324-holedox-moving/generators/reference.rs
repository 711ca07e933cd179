//! Reference solver of POJ 1324 "Holedox Moving", independent of the model solution: the fewest moves that
//! bring the snake's head to (1, 1), or -1.
//!
//! Usage:  reference < input   (a valid input: lairs, then `0 0 0`)
//! Output: `Case X: Y` per lair: the lines the committed `.ans` files hold.
//! Method: plain BFS over explicit bodies: a body is a `Vec` of 1-based (row, col) cells, head first, and
//!         the visited set is a `HashSet` of those vectors. A move builds the new body literally (new head,
//!         then every block but the tail) after checking the target against the lair, the stones and the
//!         whole old body. No packing, no heuristic.
//! Cost:   up to n·m·3^(L−1) bodies: milliseconds on small lairs, seconds on an open 20×20 one with L = 8.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also
//!         `testgen::poj1324_holedox_moving`'s solver (the generator writes every `.ans` with it, the
//!         problem's tests use it as their oracle); scripts/testgen/tests/generators.rs checks it reproduces
//!         every committed official `.ans`.
use std::collections::{HashSet, VecDeque};
use std::io::{self, Read, Write};

/// One case: lair size, the body head to tail and the stones, all 1-based (row, col).
#[derive(Clone, Debug)]
pub struct Case {
    pub rows: i32,
    pub cols: i32,
    pub body: Vec<(i32, i32)>,
    pub stones: Vec<(i32, i32)>,
}

/// The fewest moves bringing the head to (1,1), or -1.
pub fn fewest_moves(case: &Case) -> i64 {
    let stones: HashSet<(i32, i32)> = case.stones.iter().copied().collect();
    let free = |(r, c): (i32, i32)| {
        r >= 1 && r <= case.rows && c >= 1 && c <= case.cols && !stones.contains(&(r, c))
    };
    let mut seen: HashSet<Vec<(i32, i32)>> = HashSet::new();
    let mut queue: VecDeque<(Vec<(i32, i32)>, i64)> = VecDeque::new();
    seen.insert(case.body.clone());
    queue.push_back((case.body.clone(), 0));
    while let Some((body, moves)) = queue.pop_front() {
        if body[0] == (1, 1) {
            return moves;
        }
        let (hr, hc) = body[0];
        for target in [(hr - 1, hc), (hr + 1, hc), (hr, hc - 1), (hr, hc + 1)] {
            // the tail still occupies its cell when the head moves, so the whole old body is checked
            if !free(target) || body.contains(&target) {
                continue;
            }
            let mut next = vec![target];
            next.extend_from_slice(&body[..body.len() - 1]);
            if seen.insert(next.clone()) {
                queue.push_back((next, moves + 1));
            }
        }
    }
    -1
}

/// Parses an input file (trusted to be well-formed) into cases.
pub fn parse(input: &str) -> Vec<Case> {
    let mut numbers = input
        .split_whitespace()
        .map(|w| w.parse::<i32>().expect("number"));
    let mut next = move || numbers.next().expect("token");
    let mut cases = Vec::new();
    loop {
        let (rows, cols, len) = (next(), next(), next());
        if (rows, cols, len) == (0, 0, 0) {
            return cases;
        }
        let body = (0..len).map(|_| (next(), next())).collect();
        let stones = (0..next()).map(|_| (next(), next())).collect();
        cases.push(Case {
            rows,
            cols,
            body,
            stones,
        });
    }
}

/// The expected output for an input file.
pub fn answer(input: &str) -> String {
    let cases = parse(input);
    let lines = cases
        .iter()
        .enumerate()
        .map(|(i, case)| format!("Case {}: {}\n", i + 1, fewest_moves(case)));
    lines.collect()
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
