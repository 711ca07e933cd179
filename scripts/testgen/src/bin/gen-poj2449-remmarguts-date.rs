//! Writes `testdata/poj2449-remmarguts-date/`: the sample, named edge cases, random graphs, the densest input
//! and one built against the A* method. Answers come from the A* reference, checked against walk counting
//! wherever that is cheap; the adversarial input (~10^8 A* pushes) takes its answer from counting alone.
//! Beyond POJ: that adversarial input, built against the A* every accepted solution uses (the real data
//! evidently has nothing like it); the densest input stays official: it is inside the constraints.
use testgen::poj2449_remmarguts_date::{
    adversarial_cycle, answer_line, densest, edge_cases, format_input, kth_walk,
    kth_walk_by_counting, random_query, Query,
};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x2449_5EED;

/// Writes the official case `name` answered by A*; small graphs are answered by counting walks too, and
/// must agree.
fn write(data: &Testdata, name: &str, q: &Query) -> Option<u64> {
    let answer = kth_walk(q);
    if q.n <= 50 && q.edges.len() <= 200 {
        assert_eq!(
            kth_walk_by_counting(q, None),
            answer,
            "references disagree on {name}"
        );
    }
    data.official(name, &format_input(q), &answer_line(answer));
    answer
}

fn main() {
    let data = Testdata::open("poj2449-remmarguts-date");
    let sample = Query::new(2, &[(1, 2, 5), (2, 1, 4)], 1, 2, 2);
    assert_eq!(write(&data, "01-sample", &sample), Some(14));

    for (i, (name, q, want)) in edge_cases().iter().enumerate() {
        let answer = write(&data, &format!("02-edge/{:02}-{name}", i + 1), q);
        assert_eq!(answer, *want, "reference vs hand on {name}");
    }

    let mut rng = Rng::new(SEED);
    write(&data, "03-densest", &densest(&mut rng));
    let adversarial = adversarial_cycle(&mut rng, 1000, 80, 100_000, 1000);
    let answer = kth_walk_by_counting(&adversarial, None);
    assert_eq!(answer, Some(79 + 999 * 80), "the construction's answer");
    data.beyond(
        "adversarial-cycle-against-astar",
        &format_input(&adversarial),
        &answer_line(answer),
    );

    for i in 1..=12 {
        write(
            &data,
            &format!("random/{i:02}"),
            &random_query(&mut rng, 12, 40, 20, 100),
        );
    }
    for i in 13..=20 {
        write(
            &data,
            &format!("random/{i:02}"),
            &random_query(&mut rng, 1000, 3000, 100, 1000),
        );
    }
}
