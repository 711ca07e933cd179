//! Reference solver of POJ 1376 "Robot", independent of the model solution: the least number of seconds
//! from the start crossing to the destination, or -1.
//!
//! Usage:  reference < input   (a valid input: blocks, then `0 0`)
//! Output: one line per block: the lines the committed `.ans` files hold (-1 also for a start or
//!         destination the robot cannot stand on, which only the beyond group has).
//! Method: plain BFS over explicit states (row, col, heading vector) in a `HashMap`, every rule checked
//!         straight from the square grid at the moment it is needed: no precomputed tables, no packed
//!         indices. Headings are vectors and turns are rotations; `GO n` checks each of the n crossings it
//!         walks over.
//! Cost:   ≤ 4·51·51 states a block: milliseconds for a 50×50 store.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also `testgen::poj1376_robot`'s
//!         solver (the generator writes every `.ans` with it, the problem's tests use it as their oracle);
//!         scripts/testgen/tests/generators.rs checks it reproduces every committed official `.ans`.
use std::collections::{HashMap, VecDeque};
use std::io::{self, Read, Write};

/// One block: the square grid (`true` = blocked), start and destination crossings as given (may be
/// invalid), and the start heading's word.
#[derive(Clone, Debug)]
pub struct Block {
    pub blocked: Vec<Vec<bool>>,
    pub start: (usize, usize),
    pub destination: (usize, usize),
    pub heading: &'static str,
}

/// Whether the robot may stand on the north-west corner of square (r, c): inside the store's interior
/// crossings and clear of all four squares that touch it.
pub fn can_stand(blocked: &[Vec<bool>], r: i64, c: i64) -> bool {
    let (m, n) = (blocked.len() as i64, blocked[0].len() as i64);
    if r < 1 || r > m - 1 || c < 1 || c > n - 1 {
        return false;
    }
    for (sr, sc) in [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)] {
        if blocked[sr as usize][sc as usize] {
            return false;
        }
    }
    true
}

/// Whether the robot may stand on both the start and the destination crossing: POJ's data has only such
/// blocks (accepted solutions answer others differently, or read outside the grid).
pub fn crossings_standable(block: &Block) -> bool {
    let standable = |(r, c): (usize, usize)| can_stand(&block.blocked, r as i64, c as i64);
    standable(block.start) && standable(block.destination)
}

/// The least number of seconds for one block, -1 if unreachable or start/destination invalid.
pub fn least_seconds(block: &Block) -> i64 {
    let grid = &block.blocked;
    let (sr, sc) = (block.start.0 as i64, block.start.1 as i64);
    let (er, ec) = (block.destination.0 as i64, block.destination.1 as i64);
    if !can_stand(grid, sr, sc) || !can_stand(grid, er, ec) {
        return -1;
    }
    let heading: (i64, i64) = match block.heading {
        "north" => (-1, 0),
        "south" => (1, 0),
        "east" => (0, 1),
        "west" => (0, -1),
        other => panic!("bad heading {}", other),
    };
    let mut dist: HashMap<(i64, i64, (i64, i64)), i64> = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert((sr, sc, heading), 0);
    queue.push_back((sr, sc, heading));
    while let Some((r, c, (dr, dc))) = queue.pop_front() {
        let d = dist[&(r, c, (dr, dc))];
        if (r, c) == (er, ec) {
            return d;
        }
        let mut next = vec![(r, c, (dc, -dr)), (r, c, (-dc, dr))]; // turn right, turn left
        for n in 1..=3 {
            // GO n: every crossing from 1 to n metres ahead must be standable
            if (1..=n).all(|k| can_stand(grid, r + k * dr, c + k * dc)) {
                next.push((r + n * dr, c + n * dc, (dr, dc)));
            }
        }
        for state in next {
            if let std::collections::hash_map::Entry::Vacant(slot) = dist.entry(state) {
                slot.insert(d + 1);
                queue.push_back(state);
            }
        }
    }
    -1
}

/// Parses an input file (trusted to be well-formed) into blocks.
pub fn parse(input: &str) -> Vec<Block> {
    let mut words = input.split_whitespace();
    let num = |words: &mut std::str::SplitWhitespace| -> usize {
        words.next().expect("token").parse().expect("number")
    };
    let mut blocks = Vec::new();
    loop {
        let (m, n) = (num(&mut words), num(&mut words));
        if m == 0 && n == 0 {
            return blocks;
        }
        let blocked = (0..m)
            .map(|_| (0..n).map(|_| num(&mut words) == 1).collect())
            .collect();
        let start = (num(&mut words), num(&mut words));
        let destination = (num(&mut words), num(&mut words));
        let heading = match words.next().expect("heading") {
            "north" => "north",
            "south" => "south",
            "east" => "east",
            "west" => "west",
            other => panic!("bad heading {}", other),
        };
        blocks.push(Block {
            blocked,
            start,
            destination,
            heading,
        });
    }
}

/// The expected output for an input file: one line per block.
pub fn answer(input: &str) -> String {
    parse(input)
        .iter()
        .map(|b| format!("{}\n", least_seconds(b)))
        .collect()
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
