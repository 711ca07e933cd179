//! Writes `testdata/poj1376-robot/`: the sample, named edge cases, large stores and random files, every
//! answer from the reference BFS in `testgen::poj1376_robot`.
//! Run: `cargo run --release -p testgen --bin poj1376-robot [ROOT]`.

use testgen::poj1376_robot::{answer, random_block, render, Block, SAMPLE_IN, SAMPLE_OUT};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x1376_0001;

/// A block from rows of `.` (free) and `#` (blocked).
fn block(
    rows: &[&str],
    start: (usize, usize),
    destination: (usize, usize),
    heading: &'static str,
) -> Block {
    let blocked = rows
        .iter()
        .map(|row| row.bytes().map(|b| b == b'#').collect())
        .collect();
    Block {
        blocked,
        start,
        destination,
        heading,
    }
}

fn open(m: usize, n: usize) -> Vec<Vec<bool>> {
    vec![vec![false; n]; m]
}

/// A 50×50 serpentine: walls of squares every 4th row, each open (2 squares wide) at alternate ends, so the
/// crossings form one long winding corridor.
fn serpentine() -> Vec<Vec<bool>> {
    let mut grid = open(50, 50);
    for (k, r) in (3..50).step_by(4).enumerate() {
        for (c, square) in grid[r].iter_mut().enumerate() {
            *square = if k % 2 == 0 { c < 47 } else { c > 2 };
        }
    }
    grid
}

fn main() {
    let data = Testdata::open("poj1376-robot");
    let case = |name: &str, input: &str| data.case(name, input, &answer(input));

    assert_eq!(
        answer(SAMPLE_IN),
        SAMPLE_OUT,
        "reference must reproduce the sample"
    );
    case("01-sample", SAMPLE_IN);

    let room = ["....", "....", "....", "...."];
    case(
        "02-start-equals-destination",
        &render(&[block(&room, (2, 2), (2, 2), "west")]),
    );
    case(
        "03-invalid-start",
        &render(&[
            block(&room, (0, 2), (2, 2), "north"), // border row
            block(&room, (2, 4), (2, 2), "north"), // border column
            block(&room, (9, 9), (2, 2), "north"), // off the grid
            block(&["#...", "....", "....", "...."], (1, 1), (2, 2), "east"), // touches a blocked square
            block(&["#...", "....", "....", "...."], (1, 1), (1, 1), "east"), // invalid, start = destination
        ]),
    );
    case(
        "04-invalid-destination",
        &render(&[
            block(&room, (2, 2), (4, 4), "south"),
            block(&room, (1, 1), (1, 0), "south"),
            block(&["....", "....", "...#", "...."], (1, 1), (3, 3), "south"),
        ]),
    );
    case(
        "05-zero-and-one-second",
        &render(&[
            block(&["......"; 2], (1, 1), (1, 1), "north"),
            block(&["......"; 2], (1, 1), (1, 4), "east"), // GO 3
            block(&["......"; 2], (1, 5), (1, 2), "west"), // GO 3
            block(&["......"; 2], (1, 2), (1, 1), "north"), // turn, GO 1
        ]),
    );
    case(
        "06-pass-through",
        &render(&[
            block(&["..#...", "......"], (1, 1), (1, 4), "east"), // GO 3 would pass (1,2)..(1,3)
            block(&["......", "..#...", "......"], (1, 1), (1, 4), "east"), // detour blocked: 1 row of crossings
            block(
                &["......", "......", "...#..", "......", "......"],
                (2, 1),
                (2, 5),
                "east",
            ),
        ]),
    );
    case(
        "07-unreachable",
        &render(&[
            block(
                &["..#..", "..#..", "..#..", "..#.."],
                (1, 1),
                (2, 4),
                "north",
            ),
            block(
                &["......", "......", "######", "......", "......"],
                (1, 1),
                (4, 4),
                "south",
            ),
        ]),
    );
    case(
        "08-full-grids",
        &render(&[
            Block {
                blocked: vec![vec![true; 50]; 50],
                start: (1, 1),
                destination: (49, 49),
                heading: "east",
            },
            Block {
                blocked: vec![vec![true; 50]; 50],
                start: (25, 25),
                destination: (25, 25),
                heading: "east",
            },
            Block {
                blocked: open(1, 1),
                start: (0, 0),
                destination: (0, 0),
                heading: "north",
            },
            Block {
                blocked: open(1, 50),
                start: (0, 1),
                destination: (0, 5),
                heading: "east",
            },
        ]),
    );
    case(
        "09-open-50x50",
        &render(&[
            Block {
                blocked: open(50, 50),
                start: (1, 1),
                destination: (49, 49),
                heading: "north",
            },
            Block {
                blocked: open(50, 50),
                start: (49, 49),
                destination: (1, 1),
                heading: "south",
            },
            Block {
                blocked: open(50, 50),
                start: (25, 25),
                destination: (24, 26),
                heading: "west",
            },
        ]),
    );
    case(
        "10-serpentine",
        &render(&[
            Block {
                blocked: serpentine(),
                start: (1, 1),
                destination: (49, 1),
                heading: "west",
            },
            Block {
                blocked: serpentine(),
                start: (49, 48),
                destination: (1, 1),
                heading: "north",
            },
        ]),
    );
    // The largest file the limits invite: 60 blocks of 50×50, half open, half serpentine, far corners.
    let big: Vec<Block> = (0..60)
        .map(|k| Block {
            blocked: if k % 2 == 0 {
                open(50, 50)
            } else {
                serpentine()
            },
            start: (1, 1),
            destination: (49, if k % 2 == 0 { 49 } else { 1 }),
            heading: ["north", "east", "south", "west"][k % 4],
        })
        .collect();
    case("11-many-large-blocks", &render(&big));

    let mut rng = Rng::new(SEED);
    for file in 1..=12 {
        let (max_side, density, blocks) = match file {
            1..=4 => (8, 6, 30),
            5..=8 => (20, 8, 20),
            _ => (50, 5, 8),
        };
        let blocks: Vec<Block> = (0..blocks)
            .map(|_| random_block(&mut rng, max_side, density))
            .collect();
        case(&format!("random/{file:02}"), &render(&blocks));
    }
}
