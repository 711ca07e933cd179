#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

mod validator;

use testgen::harness::{assert_rejects, assert_solve_rejects, assert_solves_testdata};
use testgen::poj2449_remmarguts_date::{self as reference, Astar, Query};
use testgen::rng::Rng;

fn solve(q: &Query) -> String {
    solution::solve(&reference::format_input(q)).expect("valid input")
}

#[test]
fn sample() {
    assert_eq!(
        solution::solve("2 2\n1 2 5\n2 1 4\n1 2 2\n").unwrap(),
        "14\n"
    );
}

/// The generator's edge cases (answers worked out by hand), and two more on the same graphs.
#[test]
fn named_edge_cases() {
    let diamond = [(1, 2, 1), (1, 3, 2), (2, 4, 1), (3, 4, 2), (2, 3, 1)];
    let parallel = [(1, 2, 5), (1, 2, 5), (1, 2, 6)];
    let more = [
        (
            "three-paths-in-a-dag",
            Query::new(4, &diamond, 1, 4, 3),
            Some(4),
        ),
        (
            "parallel-edges-third",
            Query::new(2, &parallel, 1, 2, 3),
            Some(6),
        ),
    ];
    for (what, q, want) in reference::edge_cases().into_iter().chain(more) {
        assert_eq!(solve(&q), reference::answer_line(want), "{what}");
        assert_eq!(reference::kth_walk(&q), want, "A* reference: {what}");
        let counted = reference::kth_walk_by_counting(&q, None);
        assert_eq!(counted, want, "counting reference: {what}");
    }
}

#[test]
fn tiny_graphs_match_walk_counting_and_astar() {
    let mut rng = Rng::new(2449);
    let mut found = 0;
    for _ in 0..3000 {
        let q = reference::random_query(&mut rng, 5, 9, 6, 30);
        let want = reference::kth_walk_by_counting(&q, None);
        assert_eq!(reference::kth_walk(&q), want, "A* vs counting on {q:?}");
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
        let want = reference::kth_walk(&q);
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
            reference::answer_line(reference::kth_walk(&q)),
            "n={} m={}",
            q.n,
            q.edges.len()
        );
    }
    let q = reference::densest(&mut rng);
    assert_eq!(
        solve(&q),
        reference::answer_line(reference::kth_walk(&q)),
        "densest"
    );
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

/// Every committed testdata case (answers from the generator's references) is answered the same, the
/// 100,000-edge adversarial cycle included.
#[test]
fn agrees_with_every_testdata_answer() {
    assert_solves_testdata("poj2449-remmarguts-date", 30, solution::solve);
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
        assert_solve_rejects(solution::solve, what, input);
    }
}

#[test]
fn binary_exits_1_with_one_line_on_garbage() {
    for input in [&b"\xff\xfe garbage"[..], b"2 1\n1 2\n"] {
        assert_rejects(env!("CARGO_BIN_EXE_poj2449-remmarguts-date"), input);
    }
}
