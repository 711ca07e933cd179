//! Writes `testdata/poj1084-square-destroyer/`: the sample, named edge cases and random grids, every
//! answer from the brute-force reference (the statement's table for the complete 4×4 and 5×5 grids).
//! Beyond POJ: a removed stick listed twice (no real test repeats one) and 100 complete 5×5 grids in one
//! file (accepted solutions take many seconds on it; the real data is small).
use testgen::poj1084_square_destroyer::{
    answer, edge_cases, format_input, random_case, Case, SAMPLE_IN, SAMPLE_OUT,
};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x1084_5EED;
/// Candidate removal sets the brute force may try per grid before the generator drops the grid.
const BUDGET: u64 = 2_000_000;

fn answers(cases: &[Case]) -> String {
    let lines: Vec<String> = cases
        .iter()
        .map(|c| answer(c, u64::MAX).expect("unbounded").to_string())
        .collect();
    lines.join("\n") + "\n"
}

/// Writes the case `name` (its group first: `official/…` or `beyond/…`).
fn write(data: &Testdata, name: &str, cases: &[Case]) {
    data.case(name, &format_input(cases), &answers(cases));
}

fn main() {
    let data = Testdata::open("poj1084-square-destroyer");
    let sample = [Case::new(2, &[]), Case::new(3, &[12, 17, 23])];
    assert_eq!(format_input(&sample), SAMPLE_IN, "the statement's sample");
    assert_eq!(
        answers(&sample),
        SAMPLE_OUT,
        "reference disagrees with the sample"
    );
    write(&data, "official/01-sample", &sample);

    let complete: Vec<Case> = (1..=5).map(|n| Case::new(n, &[])).collect();
    write(&data, "official/02-complete-grids", &complete);
    write(
        &data,
        "beyond/huge-100-complete-5x5-grids",
        &vec![Case::new(5, &[]); 100],
    );
    let all = |n: usize| (1..=2 * n * (n + 1)).rev().collect::<Vec<_>>();
    write(
        &data,
        "official/04-every-stick-gone",
        &(1..=5).map(|n| Case::new(n, &all(n))).collect::<Vec<_>>(),
    );
    // A stick listed twice is outside the real data: that edge case goes beyond, alone.
    let (repeated, edges): (Vec<_>, Vec<_>) = edge_cases().into_iter().partition(|(_, case, _)| {
        (1..case.removed.len()).any(|i| case.removed[i..].contains(&case.removed[i - 1]))
    });
    for (group, name, edges) in [
        ("official", "05-edge-cases", edges),
        ("beyond", "a-stick-listed-twice", repeated),
    ] {
        assert!(!edges.is_empty(), "no edge case for {name}");
        let wanted: Vec<String> = edges.iter().map(|e| e.2.to_string()).collect();
        let cases: Vec<Case> = edges.into_iter().map(|(_, case, _)| case).collect();
        assert_eq!(answers(&cases), wanted.join("\n") + "\n", "edge cases");
        write(&data, &format!("{group}/{name}"), &cases);
    }

    let mut rng = Rng::new(SEED);
    for file in 1..=12 {
        let mut cases = Vec::new();
        while cases.len() < 40 {
            let percent = rng.range(3, 60) as u64;
            let candidate = random_case(&mut rng, 5, percent);
            if answer(&candidate, BUDGET).is_some() {
                cases.push(candidate);
            }
        }
        write(&data, &format!("official/random/{file:02}"), &cases);
    }
}
