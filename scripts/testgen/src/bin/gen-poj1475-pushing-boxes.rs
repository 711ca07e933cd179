//! Writes testdata/poj1475-pushing-boxes: the sample, named mazes and random files, answers from the reference
//! (`testgen::poj1475_pushing_boxes::cheapest`); `testdata/poj1475-pushing-boxes/output_validator/validate.cpp` compares
//! (pushes, moves) with them. Every maze is inside POJ's format (r, c ≤ 20), so every case is `official/`.
use testgen::poj1475_pushing_boxes::{answer, cheapest, input, random_grid, Grid, SAMPLE_IN};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 1475;

/// Whether the box passes some cell twice in the reference's answer.
fn box_revisits(grid: &Grid, moves: &str) -> bool {
    let (mut r, mut c) = grid
        .rows
        .iter()
        .enumerate()
        .find_map(|(r, row)| {
            row.iter()
                .position(|&b| b == b'B')
                .map(|c| (r as i32, c as i32))
        })
        .unwrap();
    let mut seen = vec![(r, c)];
    for m in moves.bytes().filter(u8::is_ascii_uppercase) {
        match m {
            b'N' => r -= 1,
            b'S' => r += 1,
            b'E' => c += 1,
            _ => c -= 1,
        }
        if seen.contains(&(r, c)) {
            return true;
        }
        seen.push((r, c));
    }
    false
}

/// The first random maze (from `rng`) whose optimal answer pushes the box over a cell twice.
fn find_revisit(rng: &mut Rng) -> Grid {
    loop {
        let g = random_grid(rng, 5, 6, 30);
        if let Some(moves) = cheapest(&g) {
            if box_revisits(&g, &moves) {
                return g;
            }
        }
    }
}

fn main() {
    let data = Testdata::open("poj1475-pushing-boxes");
    let sample = answer(SAMPLE_IN);
    assert_eq!(
        sample.lines().filter(|l| *l == "Impossible.").count(),
        1,
        "the sample's maze 2 is impossible"
    );
    data.official("01-sample", SAMPLE_IN, &sample);
    let mut rng = Rng::new(SEED);
    let revisit = find_revisit(&mut rng);
    let grid = Grid::from_rows;
    let named: &[(&str, Grid)] = &[
        ("02-box-revisits-a-cell", revisit),
        (
            "03-target-walled-off",
            grid(&["S...#", ".B..#", "....#", "#####", "...T."]),
        ),
        ("04-box-in-a-corner", grid(&["B...", "..S.", "...T"])),
        ("05-you-walled-off", grid(&["S#....", "##.B..", "....T."])),
        ("06-one-row", grid(&["T..B...S"])),
        ("07-one-column", grid(&["S", ".", "B", ".", ".", "T"])),
        ("08-one-by-three", grid(&["SBT"])),
    ];
    for (name, g) in named {
        let text = input(std::slice::from_ref(g));
        data.official(name, &text, &answer(&text));
    }
    let mut open = vec![vec![b'.'; 20]; 20];
    open[0][0] = b'S';
    open[10][9] = b'B';
    open[19][19] = b'T';
    let text = input(&[Grid { rows: open }]);
    data.official("09-open-20x20", &text, &answer(&text));
    for file in 1..=10 {
        let grids: Vec<Grid> = (0..30)
            .map(|_| {
                let size = if file <= 5 { 8 } else { 20 };
                let (h, w) = (rng.range(1, size) as usize, rng.range(3, size) as usize);
                let rock_pct = rng.range(0, 35) as u64;
                random_grid(&mut rng, h, w, rock_pct)
            })
            .collect();
        let text = input(&grids);
        data.official(&format!("random/{file:02}"), &text, &answer(&text));
    }
}
