//! POJ 1324 "Holedox Moving": the fewest moves that bring a snake's head to the exit (1,1) of the lair.
//!
//! Input:  cases `n m L`, L body cells head to tail, `K`, K stone cells; `0 0 0` ends.
//! Output: `Case X: Y` per case: the fewest moves, `-1` if impossible, `0` if the head starts on the exit.
//! Method: A* over packed bodies. A body is its head cell plus the L−1 directions from each block to the
//!         next, 2 bits each: ≤ 400·4^7 = 6,553,600 states, so the closed set is a bitset of ≤ 800 KiB.
//!         h(body) = BFS distance from the exit to the head over stone-free cells, ignoring the body.
//!         Admissible: every move takes the head one step through stone-free cells, so at least h moves
//!         remain; the body only forbids more. If h(start) = ∞ the answer is −1 with no search at all.
//!         Two stacks for a heap: on a grid two neighbouring cells' distances differ by exactly 1 (the
//!         grid is bipartite), so a move changes f = g + h by 0 (head toward the exit) or +2 (away). The open
//!         list is the level being expanded (f) and the next one (f + 2). h is consistent, so levels are
//!         expanded in increasing f and a body is closed when it joins the current level: at its least f.
//!         Why A* and not BFS: h is exact for the head alone and only the 8 blocks of body make it short,
//!         so A* closes a few bodies per move of the answer; BFS closes every body nearer than the answer
//!         (up to 634,896 in an open 20×20 lair: 0.9 s and 80 MB for the `Vec`-based reference).
//!         Rule of a move: the head may not enter a stone or any body cell, the tail's included (the tail
//!         leaves during the move, not before it).
//! Cost:   ≤ 4 successors of ≤ L cells each per closed body; an open 20×20 corner-to-corner case closes 38.
//!         Worst found: hill-climbing 20×20 lairs for the most closed bodies stalls at 9,883, a -1 with the
//!         exit in the head's reach (testdata official/11-hill-climbed): a snake that can never turn round
//!         closes every body it can reach, and a region without room for a U-turn stays small. 100 hard
//!         20×20 cases (testdata beyond/huge-100-hard-20x20-lairs): 45 ms
//!         (benches/benches/poj1324-holedox-moving.rs), 0.02 s user CPU, 3.5 MiB peak (`/usr/bin/time`).
//! Status: agrees with a plain BFS over `Vec` bodies (scripts/testgen/src/poj1324_holedox_moving.rs) on
//!         10,000 random lairs up to 7×7 with L ≤ 8, every testdata answer, the sample and named edge cases
//!         (tests/poj1324-holedox-moving.rs).
use std::fmt::Debug;
use std::io::{self, Read, Write};
use std::ops::RangeBounds;

// ---------------------------------------------------------------- model

const MAX_SIDE: usize = 20;
const MAX_BLOCKS: usize = 8;
const UNREACHABLE: u32 = u32::MAX;
/// Directions 0 up, 1 right, 2 down, 3 left as (row, col) steps; the opposite of `d` is `d ^ 2`.
const STEP: [(isize, isize); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

/// A lair, the snake's length, and every cell's distance to the exit (cell 0) ignoring the body.
struct Lair {
    rows: usize,
    cols: usize,
    blocks: usize,
    stone: Vec<bool>,
    to_exit: Vec<u32>,
}

/// A packed body, L = `blocks`:
/// ```text
///   bit  31 ..   2(L−1) | 2(L−1)−1 .. 2(L−1)−2 | … | 3 .. 2    | 1 .. 0
///        head cell r·m+c | dir(L−2)             | … | dir(1)    | dir(0)
/// ```
/// where dir(i) is the direction from block i to block i+1 (block 0 is the head). A move prepends a direction
/// at the bottom and the tail's falls off the top: `(dirs << 2 | back) & mask`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Body(u32);

impl Lair {
    fn new(rows: usize, cols: usize, blocks: usize, stone: Vec<bool>) -> Lair {
        let mut lair = Lair {
            rows,
            cols,
            blocks,
            stone,
            to_exit: vec![UNREACHABLE; rows * cols],
        };
        if !lair.stone[0] {
            // BFS from the exit over stone-free cells
            lair.to_exit[0] = 0;
            let mut queue = vec![0];
            let mut next = 0;
            while let Some(&cell) = queue.get(next) {
                next += 1;
                for dir in 0..4 {
                    match lair.step(cell, dir) {
                        Some(to) if !lair.stone[to] && lair.to_exit[to] == UNREACHABLE => {
                            lair.to_exit[to] = lair.to_exit[cell] + 1;
                            queue.push(to);
                        }
                        _ => {}
                    }
                }
            }
        }
        lair
    }

    /// The neighbour of `cell` in direction `dir`, if inside the lair.
    fn step(&self, cell: usize, dir: usize) -> Option<usize> {
        let (r, c) = (cell / self.cols, cell % self.cols);
        let r = r
            .checked_add_signed(STEP[dir].0)
            .filter(|&r| r < self.rows)?;
        let c = c
            .checked_add_signed(STEP[dir].1)
            .filter(|&c| c < self.cols)?;
        Some(r * self.cols + c)
    }

    fn dir_bits(&self) -> u32 {
        2 * (self.blocks as u32 - 1)
    }

    /// Number of distinct packed bodies: cells · 4^(L−1).
    fn bodies(&self) -> usize {
        (self.rows * self.cols) << self.dir_bits()
    }

    fn head(&self, body: Body) -> usize {
        (body.0 >> self.dir_bits()) as usize
    }

    /// Packs cells given head to tail; `None` unless consecutive cells are neighbours.
    fn pack(&self, cells: &[usize]) -> Option<Body> {
        let mut dirs = 0;
        for (i, pair) in cells.windows(2).enumerate() {
            let dir = (0..4).find(|&d| self.step(pair[0], d) == Some(pair[1]))?;
            dirs |= (dir as u32) << (2 * i);
        }
        Some(Body((cells[0] as u32) << self.dir_bits() | dirs))
    }

    /// The body's cells, head first; only the first `blocks` entries are meaningful.
    fn cells(&self, body: Body) -> [usize; MAX_BLOCKS] {
        let mut cells = [self.head(body); MAX_BLOCKS];
        for i in 1..self.blocks {
            let dir = (body.0 >> (2 * (i - 1))) as usize & 3;
            let (dr, dc) = STEP[dir];
            cells[i] = cells[i - 1].wrapping_add_signed(dr * self.cols as isize + dc);
        }
        cells
    }

    /// The bodies one move away: the head steps onto a stone-free cell no block occupies, tail included.
    fn moves(&self, body: Body) -> impl Iterator<Item = Body> + '_ {
        let cells = self.cells(body);
        let mask = (1u32 << self.dir_bits()) - 1;
        (0..4).filter_map(move |dir| {
            let to = self.step(cells[0], dir)?;
            if self.stone[to] || cells[..self.blocks].contains(&to) {
                return None;
            }
            let back = (dir ^ 2) as u32; // from the new head to the old one
            Some(Body(
                (to as u32) << self.dir_bits() | ((body.0 << 2 | back) & mask),
            ))
        })
    }
}

// ---------------------------------------------------------------- search

/// Outcome of one case.
#[derive(Debug, PartialEq)]
enum Answer {
    Moves(u32),
    Impossible,
}

/// The closed set: one bit per packed body.
struct Bitset(Vec<u64>);

impl Bitset {
    /// Sets the bit; true if it was clear.
    fn insert(&mut self, i: u32) -> bool {
        let (word, bit) = (i as usize / 64, 1u64 << (i % 64));
        let was_clear = self.0[word] & bit == 0;
        self.0[word] |= bit;
        was_clear
    }
}

/// A* from `start` until the head reaches the exit, the open list as two f levels (see the header).
fn fewest_moves(lair: &Lair, start: Body) -> Answer {
    let h = |body: Body| lair.to_exit[lair.head(body)];
    let mut f = match h(start) {
        0 => return Answer::Moves(0),
        UNREACHABLE => return Answer::Impossible,
        h => h,
    };
    let mut closed = Bitset(vec![0; (lair.bodies() + 63) / 64]);
    closed.insert(start.0);
    let (mut level, mut next_level) = (vec![start], Vec::new());
    while !level.is_empty() {
        while let Some(body) = level.pop() {
            let g = f - h(body);
            for child in lair.moves(body) {
                if h(child) > h(body) {
                    next_level.push(child); // f + 2: not final yet, it may still show up on this level
                } else if h(child) == 0 {
                    return Answer::Moves(g + 1); // f is the least open f, so g + 1 is optimal
                } else if closed.insert(child.0) {
                    level.push(child);
                }
            }
        }
        f += 2;
        std::mem::swap(&mut level, &mut next_level);
        level.retain(|body| closed.insert(body.0)); // drops the ones closed below f and the duplicates
    }
    Answer::Impossible
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

/// A 1-based `r c` inside the lair, as a 0-based cell index.
fn cell<'a>(
    tokens: &mut impl Iterator<Item = &'a str>,
    (rows, cols): (usize, usize),
    what: &str,
) -> Result<usize, String> {
    let r = number(tokens, what, 1..=rows)?;
    let c = number(tokens, what, 1..=cols)?;
    Ok((r - 1) * cols + c - 1)
}

/// Reads one case after its `n m L` line: the body and the stones.
fn read_case<'a>(
    tokens: &mut impl Iterator<Item = &'a str>,
    (rows, cols): (usize, usize),
    blocks: usize,
) -> Result<(Lair, Body), String> {
    let mut cells = Vec::with_capacity(blocks);
    for _ in 0..blocks {
        cells.push(cell(tokens, (rows, cols), "a body cell `r c`")?);
    }
    let mut stone = vec![false; rows * cols];
    for _ in 0..number(tokens, "the stone count K", 0..)? {
        stone[cell(tokens, (rows, cols), "a stone cell `r c`")?] = true;
    }
    let distinct = cells
        .iter()
        .enumerate()
        .all(|(i, cell)| !cells[..i].contains(cell));
    if !distinct || cells.iter().any(|&cell| stone[cell]) {
        return Err("expected a body of distinct cells free of stones".to_string());
    }
    let lair = Lair::new(rows, cols, blocks, stone);
    let body = lair
        .pack(&cells)
        .ok_or("expected each body block next to the one before it")?;
    Ok((lair, body))
}

/// Answers every case of `input` up to the `0 0 0` line (tokens after it are ignored).
pub fn solve(input: &str) -> Result<String, String> {
    let mut tokens = input.split_ascii_whitespace();
    let mut output = String::new();
    for case in 1.. {
        let rows = number(&mut tokens, "the row count n (0 to end)", 0..=MAX_SIDE)?;
        let cols = number(&mut tokens, "the column count m (0 to end)", 0..=MAX_SIDE)?;
        let blocks = number(&mut tokens, "the snake length L (0 to end)", 0..=MAX_BLOCKS)?;
        if (rows, cols, blocks) == (0, 0, 0) {
            break;
        }
        if rows == 0 || cols == 0 || blocks < 2 {
            return Err(format!(
                "expected 1 ≤ n, m ≤ 20 and 2 ≤ L ≤ 8, found {rows} {cols} {blocks}"
            ));
        }
        let (lair, body) = read_case(&mut tokens, (rows, cols), blocks)?;
        match fewest_moves(&lair, body) {
            Answer::Moves(moves) => output += &format!("Case {case}: {moves}\n"),
            Answer::Impossible => output += &format!("Case {case}: -1\n"),
        }
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

    fn lair(rows: usize, cols: usize, blocks: usize, stones: &[usize]) -> Lair {
        let mut stone = vec![false; rows * cols];
        stones.iter().for_each(|&s| stone[s] = true);
        Lair::new(rows, cols, blocks, stone)
    }

    #[test]
    fn exit_distances_go_around_stones() {
        // 3×3, stones at (0,1) and (1,1): the right column is reached round the bottom.
        let lair = lair(3, 3, 2, &[1, 4]);
        assert_eq!(
            lair.to_exit,
            [0, UNREACHABLE, 6, 1, UNREACHABLE, 5, 2, 3, 4]
        );
    }

    #[test]
    fn packing_round_trips() {
        let lair = lair(4, 5, 6, &[]);
        let cells = [7, 12, 13, 8, 3, 2]; // head (1,2) down, right, up, up, left
        let body = lair.pack(&cells).unwrap();
        assert_eq!(lair.head(body), 7);
        assert_eq!(body.0 & 0x3ff, 0b11_00_00_01_10);
        assert_eq!(&lair.cells(body)[..6], &cells);
        assert_eq!(lair.pack(&[7, 9]), None); // not neighbours
        assert_eq!(lair.pack(&[4, 5]), None); // (0,4) and (1,0) are not neighbours across the edge
    }

    #[test]
    fn the_head_may_not_enter_the_tails_cell() {
        // A 2×2 ring: the only free neighbour of the head is the tail's cell, so no move at all.
        let lair = lair(2, 2, 4, &[]);
        let body = lair.pack(&[0, 1, 3, 2]).unwrap();
        assert_eq!(lair.moves(body).count(), 0);
        assert_eq!(
            fewest_moves(&lair, lair.pack(&[2, 3, 1, 0]).unwrap()),
            Answer::Impossible
        );
        // with L = 3 on the same ring the tail's cell is free: the head moves there, onto the exit
        let lair = self::lair(2, 2, 3, &[]);
        assert_eq!(
            fewest_moves(&lair, lair.pack(&[2, 3, 1]).unwrap()),
            Answer::Moves(1)
        );
    }

    #[test]
    fn moves_push_the_old_head_direction_and_drop_the_tail() {
        let lair = lair(3, 3, 3, &[]);
        let body = lair.pack(&[4, 5, 8]).unwrap(); // centre, right, down-right
        let mut next: Vec<_> = lair
            .moves(body)
            .map(|b| lair.cells(b)[..3].to_vec())
            .collect();
        next.sort();
        assert_eq!(next, [vec![1, 4, 5], vec![3, 4, 5], vec![7, 4, 5]]);
    }
}
