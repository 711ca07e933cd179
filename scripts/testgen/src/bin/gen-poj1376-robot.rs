//! Writes `testdata/poj1376-robot/`: the sample, named edge cases, large stores and random files, every
//! answer from the reference BFS in `testgen::poj1376_robot`.
//! Beyond POJ: blocks whose start or destination crossing the robot may not stand on (on the border, off
//! the grid, touching a blocked square). POJ's data has none; accepted solutions print a finite number or
//! read outside the grid there, and the project answers `-1`. A case is official exactly when every block
//! has standable crossings, which `main` asserts for the named cases and uses to sort the random files.
//! Run: `cargo run --release -p testgen --bin gen-poj1376-robot [ROOT]`.

use testgen::poj1376_robot::{
    answer, crossings_standable, random_block, render, Block, SAMPLE_IN, SAMPLE_OUT,
};
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
    // Official exactly when every block is inside POJ's data: the group follows from the blocks.
    let write = |name: &str, blocks: &[Block]| {
        let input = render(blocks);
        match blocks.iter().all(crossings_standable) {
            true => data.official(name, &input, &answer(&input)),
            false => data.beyond(name, &input, &answer(&input)),
        }
    };
    let official = |name: &str, blocks: &[Block]| {
        assert!(blocks.iter().all(crossings_standable), "{name}");
        write(name, blocks);
    };
    let beyond = |name: &str, blocks: &[Block]| {
        assert!(!blocks.iter().all(crossings_standable), "{name}");
        write(name, blocks);
    };

    assert_eq!(
        answer(SAMPLE_IN),
        SAMPLE_OUT,
        "reference must reproduce the sample"
    );
    data.official("01-sample", SAMPLE_IN, SAMPLE_OUT);

    let room = ["....", "....", "....", "...."];
    official(
        "02-start-equals-destination",
        &[block(&room, (2, 2), (2, 2), "west")],
    );
    beyond(
        "start-on-the-border",
        &[
            block(&room, (0, 2), (2, 2), "north"), // border row
            block(&room, (2, 4), (2, 2), "north"), // border column
        ],
    );
    beyond(
        "start-off-the-grid",
        &[block(&room, (9, 9), (2, 2), "north")],
    );
    beyond(
        "start-crossing-blocked",
        &[
            block(&["#...", "....", "....", "...."], (1, 1), (2, 2), "east"), // touches a blocked square
            block(&["#...", "....", "....", "...."], (1, 1), (1, 1), "east"), // invalid, start = destination
        ],
    );
    beyond(
        "destination-not-standable",
        &[
            block(&room, (2, 2), (4, 4), "south"),
            block(&room, (1, 1), (1, 0), "south"),
            block(&["....", "....", "...#", "...."], (1, 1), (3, 3), "south"),
        ],
    );
    official(
        "05-zero-and-one-second",
        &[
            block(&["......"; 2], (1, 1), (1, 1), "north"),
            block(&["......"; 2], (1, 1), (1, 4), "east"), // GO 3
            block(&["......"; 2], (1, 5), (1, 2), "west"), // GO 3
            block(&["......"; 2], (1, 2), (1, 1), "north"), // turn, GO 1
        ],
    );
    official(
        "06-pass-through",
        &[
            block(&["..#...", "......"], (1, 1), (1, 4), "east"), // GO 3 would pass (1,2)..(1,3)
            block(&["......", "..#...", "......"], (1, 1), (1, 4), "east"), // detour blocked: 1 row of crossings
            block(
                &["......", "......", "...#..", "......", "......"],
                (2, 1),
                (2, 5),
                "east",
            ),
        ],
    );
    official(
        "07-unreachable",
        &[
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
        ],
    );
    beyond(
        "full-grids-start-not-standable",
        &[
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
        ],
    );
    official(
        "09-open-50x50",
        &[
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
        ],
    );
    official(
        "10-serpentine",
        &[
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
        ],
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
    official("11-many-large-blocks", &big);

    // Random files: those with a block past POJ's data go beyond; as many official files again are drawn
    // from the same distribution with such blocks left out, so the official group keeps 12.
    let size = |file: usize| match file {
        1..=4 => (8, 6, 30),
        5..=8 => (20, 8, 20),
        _ => (50, 5, 8),
    };
    let mut rng = Rng::new(SEED);
    let mut moved = Vec::new();
    for file in 1..=12 {
        let (max_side, density, blocks) = size(file);
        let blocks: Vec<Block> = (0..blocks)
            .map(|_| random_block(&mut rng, max_side, density))
            .collect();
        if blocks.iter().all(crossings_standable) {
            write(&format!("random/{file:02}"), &blocks);
        } else {
            write(
                &format!("random-with-unstandable-crossings/{file:02}"),
                &blocks,
            );
            moved.push(file);
        }
    }
    for (k, file) in moved.into_iter().enumerate() {
        let (max_side, density, blocks) = size(file);
        let blocks: Vec<Block> =
            std::iter::repeat_with(|| random_block(&mut rng, max_side, density))
                .filter(crossings_standable)
                .take(blocks)
                .collect();
        official(&format!("random/{:02}", 13 + k), &blocks);
    }
}
