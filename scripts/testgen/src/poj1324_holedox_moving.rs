//! Reference solver for `poj1324-holedox-moving` (independent of `problems/poj1324-holedox-moving/src/main.rs`).
//!
//! Plain BFS over explicit bodies: a body is a `Vec` of 1-based (row, col) cells, head first, and the
//! visited set is a `HashSet` of those vectors. A move builds the new body literally (new head, then every
//! block but the tail) after checking the target against the lair, the stones and the whole old body.
//! No packing, no heuristic: fine on small lairs, and slow but sure (seconds) on a 20×20 one.
//! Also: a random case generator shared by the integration test and `src/bin/gen-poj1324-holedox-moving.rs`.

use crate::rng::Rng;
use std::collections::{HashSet, VecDeque};

/// The statement's sample and its output.
pub const SAMPLE_IN: &str = "5 6 4
4 1
4 2
3 2
3 1
3
2 3
3 3
3 4

4 4 4
2 3
1 3
1 4
2 4
4
2 1
2 2
3 4
4 2

0 0 0
";
pub const SAMPLE_OUT: &str = "Case 1: 9\nCase 2: -1\n";

/// One case: lair size, the body head to tail and the stones, all 1-based (row, col).
#[derive(Clone, Debug)]
pub struct Case {
    pub rows: i32,
    pub cols: i32,
    pub body: Vec<(i32, i32)>,
    pub stones: Vec<(i32, i32)>,
}

/// Renders cases as an input file, a blank line between cases and `0 0 0` at the end.
pub fn render(cases: &[Case]) -> String {
    let mut text = String::new();
    for case in cases {
        text += &format!("{} {} {}\n", case.rows, case.cols, case.body.len());
        for (r, c) in &case.body {
            text += &format!("{r} {c}\n");
        }
        text += &format!("{}\n", case.stones.len());
        for (r, c) in &case.stones {
            text += &format!("{r} {c}\n");
        }
        text += "\n";
    }
    text + "0 0 0\n"
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

/// A random case: sides in `1..=max_side`, a body of up to `max_len` blocks laid as a random self-avoiding
/// walk (shorter if the walk gets stuck, at least 2 blocks), stones on free cells at `density_percent`.
/// `None` when the lair has room for no 2-block body (1×1).
pub fn random_case(
    rng: &mut Rng,
    max_side: i32,
    max_len: usize,
    density_percent: u64,
) -> Option<Case> {
    let rows = rng.range(1, max_side as i64) as i32;
    let cols = rng.range(1, max_side as i64) as i32;
    if rows * cols < 2 {
        return None;
    }
    let want = rng.range(2, max_len as i64) as usize;
    let mut body = vec![(
        rng.range(1, rows as i64) as i32,
        rng.range(1, cols as i64) as i32,
    )];
    while body.len() < want {
        let (r, c) = *body.last().unwrap();
        let options: Vec<(i32, i32)> = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
            .into_iter()
            .filter(|&(r, c)| r >= 1 && r <= rows && c >= 1 && c <= cols && !body.contains(&(r, c)))
            .collect();
        if options.is_empty() {
            break;
        }
        body.push(*rng.pick(&options));
    }
    if body.len() < 2 {
        return None;
    }
    let mut stones = Vec::new();
    for r in 1..=rows {
        for c in 1..=cols {
            if !body.contains(&(r, c)) && rng.chance(density_percent, 100) {
                stones.push((r, c));
            }
        }
    }
    rng.shuffle(&mut stones);
    Some(Case {
        rows,
        cols,
        body,
        stones,
    })
}
