//! Reference for `poj1376-robot` (independent of `problems/poj1376-robot/src/main.rs`): the plain BFS over
//! (row, col, heading) is the package's reference program, `testdata/poj1376-robot/generators/reference.rs`,
//! included here. Also what only the generator and the tests need: the input format, and a random block
//! generator shared by the integration test and `src/bin/gen-poj1376-robot.rs`.

use crate::rng::Rng;

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/poj1376-robot/generators/reference.rs"]
mod reference;

use reference::can_stand;
pub use reference::{answer, crossings_standable, least_seconds, parse, Block};

/// The statement's sample and its output.
pub const SAMPLE_IN: &str = "9 10
0 0 0 0 0 0 1 0 0 0
0 0 0 0 0 0 0 0 1 0
0 0 0 1 0 0 0 0 0 0
0 0 1 0 0 0 0 0 0 0
0 0 0 0 0 0 1 0 0 0
0 0 0 0 0 1 0 0 0 0
0 0 0 1 1 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0
1 0 0 0 0 0 0 0 1 0
7 2 2 7 south
0 0
";
pub const SAMPLE_OUT: &str = "12\n";

/// Renders blocks as an input file, `0 0` at the end.
pub fn render(blocks: &[Block]) -> String {
    let mut text = String::new();
    for block in blocks {
        let (m, n) = (block.blocked.len(), block.blocked[0].len());
        text += &format!("{m} {n}\n");
        for row in &block.blocked {
            let cells: Vec<&str> = row.iter().map(|&b| if b { "1" } else { "0" }).collect();
            text += &cells.join(" ");
            text += "\n";
        }
        let ((b1, b2), (e1, e2)) = (block.start, block.destination);
        text += &format!("{b1} {b2} {e1} {e2} {}\n", block.heading);
    }
    text + "0 0\n"
}

/// A random block: an M×N store (sides in `1..=max_side`) with blocked squares at `density_percent`; start and
/// destination are usually standable crossings, sometimes any crossing (0..=M, 0..=N), sometimes equal.
pub fn random_block(rng: &mut Rng, max_side: usize, density_percent: u64) -> Block {
    let m = rng.range(1, max_side as i64) as usize;
    let n = rng.range(1, max_side as i64) as usize;
    let blocked: Vec<Vec<bool>> = (0..m)
        .map(|_| (0..n).map(|_| rng.chance(density_percent, 100)).collect())
        .collect();
    let standable: Vec<(usize, usize)> = (0..=m)
        .flat_map(|r| (0..=n).map(move |c| (r, c)))
        .filter(|&(r, c)| can_stand(&blocked, r as i64, c as i64))
        .collect();
    let crossing = |rng: &mut Rng| {
        if standable.is_empty() || rng.chance(1, 10) {
            (
                rng.below(m as u64 + 1) as usize,
                rng.below(n as u64 + 1) as usize,
            )
        } else {
            *rng.pick(&standable)
        }
    };
    let start = crossing(rng);
    let destination = if rng.chance(1, 20) {
        start
    } else {
        crossing(rng)
    };
    let heading = *rng.pick(&["north", "south", "east", "west"]);
    Block {
        blocked,
        start,
        destination,
        heading,
    }
}
