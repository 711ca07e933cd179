//! Writes `testdata/poj1084-square-destroyer/`: the sample, named edge cases and random grids, every
//! answer from the brute-force reference (the statement's table for the complete 4×4 and 5×5 grids).
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
    write(&data, "01-sample", &sample);

    let complete: Vec<Case> = (1..=5).map(|n| Case::new(n, &[])).collect();
    write(&data, "02-complete-grids", &complete);
    write(&data, "03-complete-5x5-x100", &vec![Case::new(5, &[]); 100]);
    let all = |n: usize| (1..=2 * n * (n + 1)).rev().collect::<Vec<_>>();
    write(
        &data,
        "04-every-stick-gone",
        &(1..=5).map(|n| Case::new(n, &all(n))).collect::<Vec<_>>(),
    );
    let edges: Vec<Case> = edge_cases().into_iter().map(|(_, case, _)| case).collect();
    let wanted: Vec<String> = edge_cases().iter().map(|e| e.2.to_string()).collect();
    assert_eq!(answers(&edges), wanted.join("\n") + "\n", "edge cases");
    write(&data, "05-edge-cases", &edges);

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
        write(&data, &format!("random/{file:02}"), &cases);
    }
}
