//! Writes `testdata/poj1324-holedox-moving/`: the sample, named edge cases drawn as maps, the hardest 20×20
//! lairs found for the A* solution, and random files; every answer from the plain BFS reference in
//! `testgen::poj1324_holedox_moving`.
//! Beyond POJ: 100 hard 20×20 lairs in one file (accepted solutions take many seconds on it; the real data
//! is small).
//! Run: `cargo run --release -p testgen --bin gen-poj1324-holedox-moving [ROOT]`.

use testgen::poj1324_holedox_moving::{
    answer, fewest_moves, random_case, render, Case, SAMPLE_IN, SAMPLE_OUT,
};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x1324_0001;

/// A case drawn as a map: `#` stone, `.` free, `0`..`7` the body blocks from the head (`0`).
fn map(rows: &[&str]) -> Case {
    let mut body = vec![(0, 0); 8];
    let mut len = 0;
    let mut stones = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let cell = (r as i32 + 1, c as i32 + 1);
            match ch {
                '#' => stones.push(cell),
                '0'..='7' => {
                    let block = ch as usize - '0' as usize;
                    body[block] = cell;
                    len = len.max(block + 1);
                }
                _ => assert_eq!(ch, '.', "bad map character"),
            }
        }
    }
    body.truncate(len);
    Case {
        rows: rows.len() as i32,
        cols: rows[0].len() as i32,
        body,
        stones,
    }
}

/// An open 20×20 lair with an L-block body lying along the bottom row from the far corner.
fn open_far_corner(len: usize) -> Case {
    let body = (0..len as i32).map(|i| (20, 20 - i)).collect();
    Case {
        rows: 20,
        cols: 20,
        body,
        stones: Vec::new(),
    }
}

/// The two 20×20 lairs that made the A* solution close the most bodies, found by hill-climbing (random stone
/// toggles and body moves, keeping any change that did not lower the count) from random lairs:
/// TRAP (answer -1 although the exit is in reach of the head alone: the snake roams but can never turn back
/// into the exit's pocket, so every reachable body is closed) and DETOUR (a long way round).
const TRAP: [&str; 20] = [
    "7#....#...#....##...",
    "6.##..#...#...#.....",
    "5432#.........#...##",
    "#.01#...#...##......",
    "........#.......#...",
    "###...#..###...#....",
    "......#.#.......##.#",
    "...#.#.#.....#...#..",
    "....#.....##.#..#.#.",
    "##...#...#..#......#",
    "..#..#..#...#..#....",
    "..#..###.......#...#",
    ".......#..#...#..#..",
    "#...#..###.....##...",
    ".....##...#.#....#..",
    "..#....#...#.#...#..",
    "...#...#..##....#..#",
    "..#.......#....#.#..",
    ".#...#...#.#......##",
    "#....#.....#.#......",
];
const DETOUR: [&str; 20] = [
    "7#...#........#....#",
    "6#210##...#...##....",
    "543......#......##..",
    ".#..#...#...#.......",
    "#..#.#..##..#.#....#",
    "###....#....##..#.#.",
    "...#...#...#..##.#.#",
    ".#..#.##......##....",
    ".....#...#..##......",
    "...##.....##.....##.",
    "..#.##..##..##..#..#",
    "#.....#...#....#....",
    ".....#....#...#.....",
    "..##..#......##.....",
    "....###.#...#..###.#",
    "#...#..#......#....#",
    "......#...##.#......",
    ".#.#........##..##..",
    "..#.#...#.......#...",
    "..#......##....###..",
];

fn main() {
    let data = Testdata::open("poj1324-holedox-moving");
    let case = |name: &str, cases: &[Case]| {
        let input = render(cases);
        data.official(name, &input, &answer(&input));
    };

    assert_eq!(
        answer(SAMPLE_IN),
        SAMPLE_OUT,
        "reference must reproduce the sample"
    );
    data.official("01-sample", SAMPLE_IN, SAMPLE_OUT);

    case(
        "02-head-on-exit",
        &[
            map(&["01...", ".....", "....."]),
            map(&["0765", "1234"]), // full lair, no move possible, still 0
            map(&["01", "##"]),
        ],
    );
    case(
        "03-tail-cell-rule",
        &[
            map(&["32", "01"]), // the head's only free neighbour is the tail's cell: -1
            map(&[".2", "01"]), // L = 3: that cell is free, 1 move
            map(&["1.", "0."]), // L = 2, the tail on the exit: round the ring, 3 moves
            map(&["10", ".."]), // the same from the side
        ],
    );
    case(
        "04-exit-cut-off",
        &[
            map(&["#..", "...", ".10"]),            // the exit is a stone
            map(&[".#..", "##..", "....", "..10"]), // walled off by stones
            map(&[".#.........", "#0123456..."]),   // the exit is a cell of its own
        ],
    );
    case(
        "05-trapped-by-its-own-body",
        &[
            map(&["...43210."]),                    // corridor, heading away, cannot turn
            map(&["12...", "0####", "....."]),      // goes down and into a dead end
            map(&["1076", "2345"]),                 // full lair, the head boxed in
            map(&["....", "#2##", "#10#", "####"]), // the neck closes the pocket
        ],
    );
    case(
        "06-full-lairs",
        &[
            map(&["###", "012"]),
            map(&["10", "23", "54", "67"]),
            map(&["76543210"]),
            map(&["0", "1", "2", "3", "4", "5", "6", "7"]),
        ],
    );
    // The serpentine gives the longest answers: the head walks the whole winding corridor.
    let serpentine: Vec<String> = (0..20)
        .map(|r| match r % 4 {
            1 => "###################.".to_string(),
            3 => ".###################".to_string(),
            _ => "....................".to_string(),
        })
        .collect();
    let mut far = serpentine;
    far[19] = "............76543210".to_string();
    let far = map(&far.iter().map(String::as_str).collect::<Vec<_>>());
    case(
        "07-corridors",
        &[
            map(&[
                "....................",
                "###################.",
                "76543210............",
            ]),
            map(&["........01234567...."]), // straight to the exit
            map(&["........76543210...."]), // away from it: -1
            map(&[
                "...", "...", "...", "...", "...", "...", "...", "...", "...", "...", "...", "...",
                "...", "...", "..0", "..1", "..2", "..3", "..4", "..5",
            ]),
            far.clone(),
        ],
    );
    case(
        "08-open-20x20",
        &(2..=8).map(open_far_corner).collect::<Vec<_>>(),
    );
    let spaced = "1 3 2\r\n1 2\r\n1 3\r\n0\r\n\r\n\r\n3 3 2\n\n3 3\n3 2\n\n1\n2 2\n\n\n0 0 0\n";
    data.official("layout/09-blank-lines", spaced, &answer(spaced));

    case("11-hill-climbed", &[map(&TRAP), map(&DETOUR)]);

    // The largest file: 100 cases of 20×20 lairs, the hard ones repeated (the reference solves each once).
    let hard = [open_far_corner(8), far, map(&TRAP), map(&DETOUR)];
    let many: Vec<Case> = (0..100).map(|i| hard[i % hard.len()].clone()).collect();
    let moves: Vec<i64> = hard.iter().map(fewest_moves).collect();
    let lines = (0..many.len()).map(|i| format!("Case {}: {}\n", i + 1, moves[i % hard.len()]));
    data.beyond(
        "huge-100-hard-20x20-lairs",
        &render(&many),
        &lines.collect::<String>(),
    );

    let mut rng = Rng::new(SEED);
    for file in 1..=12 {
        let (max_side, density, count) = match file {
            1..=4 => (6, 15, 30),
            5..=8 => (9, 20, 20),
            _ => (12, 25, 10),
        };
        let cases: Vec<Case> =
            std::iter::from_fn(|| Some(random_case(&mut rng, max_side, 8, density)))
                .flatten()
                .take(count)
                .collect();
        case(&format!("random/{file:02}"), &cases);
    }
}
