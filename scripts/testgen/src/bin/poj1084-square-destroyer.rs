//! Writes `testdata/poj1084-square-destroyer/`: the sample, named edge cases and random grids, every
//! answer from the brute-force reference (the statement's table for the complete 4×4 and 5×5 grids).
use testgen::poj1084_square_destroyer::{answer, format_input, random_case, Case};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x1084_5EED;
/// Candidate removal sets the brute force may try per grid before the generator drops the grid.
const BUDGET: u64 = 2_000_000;

fn case(n: usize, removed: &[usize]) -> Case {
    Case {
        n,
        removed: removed.to_vec(),
    }
}

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
    let sample = [case(2, &[]), case(3, &[12, 17, 23])];
    assert_eq!(
        answers(&sample),
        "3\n3\n",
        "reference disagrees with the sample"
    );
    write(&data, "01-sample", &sample);

    let complete: Vec<Case> = (1..=5).map(|n| case(n, &[])).collect();
    write(&data, "02-complete-grids", &complete);
    write(&data, "03-complete-5x5-x100", &vec![case(5, &[]); 100]);
    let all = |n: usize| (1..=2 * n * (n + 1)).rev().collect::<Vec<_>>();
    write(
        &data,
        "04-every-stick-gone",
        &(1..=5).map(|n| case(n, &all(n))).collect::<Vec<_>>(),
    );
    let edges = [
        case(1, &[3]),                                         // the only square already broken
        case(1, &[2, 2]),                                      // a stick listed twice
        case(2, &[4, 6, 7, 9]), // 2x2 without its centre cross: the big square alone
        case(2, &[1, 2, 3, 5, 8, 10, 11, 12]), // 2x2 without its border: only the cross is left
        case(3, &[1, 2, 3, 4, 7, 11, 14, 18, 21, 22, 23, 24]), // 3x3 without its border: the centre
        case(5, &[1, 2, 3, 4, 5, 56, 57, 58, 59, 60]), // 5x5 without top and bottom lines
    ];
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
