//! Writes `testdata/poj2449-remmarguts-date/`: the sample, named edge cases, random graphs, the densest input
//! and one built against the A* method. Answers come from the A* reference, checked against walk counting
//! wherever that is cheap; the adversarial input (~10^8 A* pushes) takes its answer from counting alone.
use testgen::poj2449_remmarguts_date::{
    adversarial_cycle, answer_line, densest, format_input, kth_walk_astar, kth_walk_by_counting,
    random_query, Astar, Query,
};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x2449_5EED;

fn query(n: usize, edges: &[(usize, usize, u64)], source: usize, target: usize, k: usize) -> Query {
    Query {
        n,
        edges: edges.to_vec(),
        source,
        target,
        k,
    }
}

fn astar(q: &Query) -> Option<u64> {
    match kth_walk_astar(q, u64::MAX) {
        Astar::Done { answer, .. } => answer,
        Astar::OverBudget => unreachable!("no budget"),
    }
}

/// Writes a case answered by A*; small graphs are answered by counting walks too, and must agree.
fn write(data: &Testdata, name: &str, q: &Query) -> Option<u64> {
    let answer = astar(q);
    if q.n <= 50 && q.edges.len() <= 200 {
        assert_eq!(
            kth_walk_by_counting(q, None),
            answer,
            "references disagree on {name}"
        );
    }
    data.case(name, &format_input(q), &answer_line(answer));
    answer
}

fn main() {
    let data = Testdata::open("poj2449-remmarguts-date");
    let cycle = [(1, 2, 5), (2, 1, 4)];
    assert_eq!(
        write(&data, "01-sample", &query(2, &cycle, 1, 2, 2)),
        Some(14)
    );

    let diamond = [(1, 2, 1), (1, 3, 2), (2, 4, 1), (3, 4, 2), (2, 3, 1)];
    let edges: [(&str, Query); 13] = [
        (
            "unreachable-target",
            query(3, &[(1, 2, 1), (3, 2, 1)], 1, 3, 1),
        ),
        ("zero-edges", query(2, &[], 1, 2, 1)),
        ("zero-edges-s-is-t", query(1, &[], 1, 1, 1)),
        (
            "s-is-t-without-cycle",
            query(3, &[(1, 2, 1), (2, 3, 1)], 1, 1, 1),
        ),
        ("s-is-t-on-cycle", query(2, &cycle, 1, 1, 1)),
        ("s-is-t-k1000", query(2, &cycle, 2, 2, 1000)),
        ("shortest-path", query(4, &diamond, 1, 4, 1)),
        ("fewer-than-k-walks", query(4, &diamond, 1, 4, 4)),
        (
            "self-loop-on-target",
            query(2, &[(1, 2, 3), (2, 2, 7)], 1, 2, 3),
        ),
        ("self-loop-s-is-t", query(1, &[(1, 1, 3)], 1, 1, 4)),
        (
            "parallel-edges",
            query(2, &[(1, 2, 5), (1, 2, 5), (1, 2, 6)], 1, 2, 2),
        ),
        (
            "dead-end-cycle",
            query(
                4,
                &[(1, 2, 1), (2, 4, 1), (4, 2, 1), (1, 3, 4), (3, 3, 9)],
                1,
                3,
                2,
            ),
        ),
        (
            "through-target-and-back",
            query(2, &[(1, 2, 2), (2, 1, 3)], 1, 2, 3),
        ),
    ];
    for (i, (name, q)) in edges.iter().enumerate() {
        write(&data, &format!("02-edge/{:02}-{name}", i + 1), q);
    }

    let mut rng = Rng::new(SEED);
    write(&data, "03-densest", &densest(&mut rng));
    let adversarial = adversarial_cycle(&mut rng, 1000, 80, 100_000, 1000);
    let answer = kth_walk_by_counting(&adversarial, None);
    assert_eq!(answer, Some(79 + 999 * 80), "the construction's answer");
    data.case(
        "04-adversarial-cycle",
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
