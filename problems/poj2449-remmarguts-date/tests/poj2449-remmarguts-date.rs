#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use testgen::poj2449_remmarguts_date::{self as reference, Astar, Query};
use testgen::rng::Rng;

fn solve(q: &Query) -> String {
    solution::solve(&reference::format_input(q)).expect("valid input")
}

fn astar(q: &Query) -> Option<u64> {
    match reference::kth_walk_astar(q, u64::MAX) {
        Astar::Done { answer, .. } => answer,
        Astar::OverBudget => unreachable!("no budget"),
    }
}

fn query(n: usize, edges: &[(usize, usize, u64)], source: usize, target: usize, k: usize) -> Query {
    Query {
        n,
        edges: edges.to_vec(),
        source,
        target,
        k,
    }
}

#[test]
fn sample() {
    assert_eq!(
        solution::solve("2 2\n1 2 5\n2 1 4\n1 2 2\n").unwrap(),
        "14\n"
    );
}

#[test]
fn named_edge_cases() {
    let cycle = [(1, 2, 5), (2, 1, 4)];
    let diamond = [(1, 2, 1), (1, 3, 2), (2, 4, 1), (3, 4, 2), (2, 3, 1)];
    let table: Vec<(&str, Query, &str)> = vec![
        (
            "unreachable target",
            query(3, &[(1, 2, 1), (3, 2, 1)], 1, 3, 1),
            "-1",
        ),
        ("zero edges, S != T", query(2, &[], 1, 2, 1), "-1"),
        (
            "zero edges, S = T: the empty walk does not count",
            query(1, &[], 1, 1, 1),
            "-1",
        ),
        (
            "S = T without cycles",
            query(3, &[(1, 2, 1), (2, 3, 1)], 1, 1, 1),
            "-1",
        ),
        (
            "S = T on a cycle: first lap",
            query(2, &cycle, 1, 1, 1),
            "9",
        ),
        (
            "S = T on a cycle: 1000th lap",
            query(2, &cycle, 2, 2, 1000),
            "9000",
        ),
        (
            "K = 1 is the shortest path",
            query(4, &diamond, 1, 4, 1),
            "2",
        ),
        ("three paths in a DAG", query(4, &diamond, 1, 4, 3), "4"),
        (
            "fewer than K walks in a DAG",
            query(4, &diamond, 1, 4, 4),
            "-1",
        ),
        (
            "self-loop on the target",
            query(2, &[(1, 2, 3), (2, 2, 7)], 1, 2, 3),
            "17",
        ),
        (
            "self-loop with S = T",
            query(1, &[(1, 1, 3)], 1, 1, 4),
            "12",
        ),
        (
            "parallel edges count separately",
            query(2, &[(1, 2, 5), (1, 2, 5), (1, 2, 6)], 1, 2, 2),
            "5",
        ),
        (
            "parallel edges, third",
            query(2, &[(1, 2, 5), (1, 2, 5), (1, 2, 6)], 1, 2, 3),
            "6",
        ),
        (
            "a cycle that cannot reach T",
            query(
                4,
                &[(1, 2, 1), (2, 4, 1), (4, 2, 1), (1, 3, 4), (3, 3, 9)],
                1,
                3,
                2,
            ),
            "13",
        ),
        (
            "walks through T and back",
            query(2, &[(1, 2, 2), (2, 1, 3)], 1, 2, 3),
            "12",
        ),
    ];
    for (what, q, want) in table {
        assert_eq!(solve(&q).trim(), want, "{what}");
        assert_eq!(
            reference::answer_line(astar(&q)).trim(),
            want,
            "A* reference: {what}"
        );
        let counted = reference::kth_walk_by_counting(&q, None);
        assert_eq!(
            reference::answer_line(counted).trim(),
            want,
            "counting reference: {what}"
        );
    }
}

#[test]
fn tiny_graphs_match_walk_counting_and_astar() {
    let mut rng = Rng::new(2449);
    let mut found = 0;
    for _ in 0..3000 {
        let q = reference::random_query(&mut rng, 5, 9, 6, 30);
        let want = reference::kth_walk_by_counting(&q, None);
        assert_eq!(astar(&q), want, "A* vs counting on {q:?}");
        assert_eq!(solve(&q), reference::answer_line(want), "{q:?}");
        found += usize::from(want.is_some());
    }
    assert!(
        (1000..2900).contains(&found),
        "{found} of 3000 have an answer"
    );
}

#[test]
fn small_graphs_match_astar() {
    let mut rng = Rng::new(0x2449);
    let mut found = 0;
    for _ in 0..3000 {
        let q = reference::random_query(&mut rng, 40, 120, 100, 300);
        let want = astar(&q);
        assert_eq!(solve(&q), reference::answer_line(want), "{q:?}");
        found += usize::from(want.is_some());
    }
    assert!(
        (1000..2900).contains(&found),
        "{found} of 3000 have an answer"
    );
}

#[test]
fn large_graphs_match_astar() {
    let mut rng = Rng::new(2_449_000);
    for _ in 0..20 {
        let q = reference::random_query(&mut rng, 1000, 20_000, 100, 1000);
        assert_eq!(
            solve(&q),
            reference::answer_line(astar(&q)),
            "n={} m={}",
            q.n,
            q.edges.len()
        );
    }
    let q = reference::densest(&mut rng);
    assert_eq!(solve(&q), reference::answer_line(astar(&q)), "densest");
}

#[test]
fn adversarial_cycle_drives_astar_to_k_times_m_but_not_the_solution() {
    let mut rng = Rng::new(7);
    let (n, cycle, m, k) = (200, 20, 20_000, 200);
    let q = reference::adversarial_cycle(&mut rng, n, cycle, m, k);
    let Astar::Done { answer, pushes } = reference::kth_walk_astar(&q, u64::MAX) else {
        unreachable!("no budget")
    };
    let worst = (k * m) as u64;
    assert!(pushes * 10 > worst * 9, "A* pushed {pushes}, K·M = {worst}");
    assert_eq!(answer, Some((cycle - 1 + (k - 1) * cycle) as u64));
    assert_eq!(reference::kth_walk_by_counting(&q, None), answer);
    assert_eq!(solve(&q), reference::answer_line(answer));
}

#[test]
fn malformed_input_is_an_error() {
    let bad = [
        ("empty", ""),
        ("letters", "two two"),
        ("no vertices", "0 0\n1 1 1\n"),
        ("too many vertices", "1001 0\n1 1 1\n"),
        ("too many edges", "2 100001\n"),
        ("missing edge", "2 2\n1 2 5\n1 2 2\n"),
        ("vertex out of range", "2 1\n1 3 5\n1 2 1\n"),
        ("vertex zero", "2 1\n0 2 5\n1 2 1\n"),
        ("zero time", "2 1\n1 2 0\n1 2 1\n"),
        ("negative time", "2 1\n1 2 -5\n1 2 1\n"),
        ("K zero", "2 1\n1 2 5\n1 2 0\n"),
        ("K too large", "2 1\n1 2 5\n1 2 1001\n"),
        ("missing K", "2 1\n1 2 5\n1 2\n"),
        ("source out of range", "2 1\n1 2 5\n3 2 1\n"),
    ];
    for (what, input) in bad {
        assert!(solution::solve(input).is_err(), "{what}");
    }
}

#[test]
fn binary_exits_1_with_one_line_on_garbage() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    for input in [&b"\xff\xfe garbage"[..], b"2 1\n1 2\n"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_poj2449-remmarguts-date"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty());
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
}
