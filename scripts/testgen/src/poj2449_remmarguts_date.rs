//! Reference for `poj2449-remmarguts-date` (independent of `problems/poj2449-remmarguts-date/src/main.rs`):
//! the lecture's A* and walk counting by exact length are the package's reference program,
//! `testdata/poj2449-remmarguts-date/generators/reference.rs`, included here. Also what only the generator
//! and the tests need: the named edge cases, the input format, random, densest and adversarial graphs.

use crate::rng::Rng;

// Its `fn main` is the standalone program's, unused here.
#[allow(dead_code)]
#[path = "../../../testdata/poj2449-remmarguts-date/generators/reference.rs"]
mod reference;

pub use reference::{
    answer, answer_line, distances_to_target, kth_walk, kth_walk_astar, kth_walk_by_counting,
    parse, Astar, Query,
};

/// Named edge cases: (case name, query, the answer worked out by hand).
pub fn edge_cases() -> [(&'static str, Query, Option<u64>); 13] {
    let query = Query::new;
    let cycle = [(1, 2, 5), (2, 1, 4)];
    let diamond = [(1, 2, 1), (1, 3, 2), (2, 4, 1), (3, 4, 2), (2, 3, 1)];
    [
        (
            "unreachable-target",
            query(3, &[(1, 2, 1), (3, 2, 1)], 1, 3, 1),
            None,
        ),
        ("zero-edges", query(2, &[], 1, 2, 1), None),
        // The empty walk does not count.
        ("zero-edges-s-is-t", query(1, &[], 1, 1, 1), None),
        (
            "s-is-t-without-cycle",
            query(3, &[(1, 2, 1), (2, 3, 1)], 1, 1, 1),
            None,
        ),
        // S = T on a cycle: the first lap, then the 1000th.
        ("s-is-t-on-cycle", query(2, &cycle, 1, 1, 1), Some(9)),
        ("s-is-t-k1000", query(2, &cycle, 2, 2, 1000), Some(9000)),
        // K = 1 is the shortest path; a DAG has only three walks from 1 to 4.
        ("shortest-path", query(4, &diamond, 1, 4, 1), Some(2)),
        ("fewer-than-k-walks", query(4, &diamond, 1, 4, 4), None),
        (
            "self-loop-on-target",
            query(2, &[(1, 2, 3), (2, 2, 7)], 1, 2, 3),
            Some(17),
        ),
        (
            "self-loop-s-is-t",
            query(1, &[(1, 1, 3)], 1, 1, 4),
            Some(12),
        ),
        // Parallel edges count separately.
        (
            "parallel-edges",
            query(2, &[(1, 2, 5), (1, 2, 5), (1, 2, 6)], 1, 2, 2),
            Some(5),
        ),
        // A cycle that cannot reach T.
        (
            "dead-end-cycle",
            query(
                4,
                &[(1, 2, 1), (2, 4, 1), (4, 2, 1), (1, 3, 4), (3, 3, 9)],
                1,
                3,
                2,
            ),
            Some(13),
        ),
        (
            "through-target-and-back",
            query(2, &[(1, 2, 2), (2, 1, 3)], 1, 2, 3),
            Some(12),
        ),
    ]
}

/// The input text of `q` in the statement's format.
pub fn format_input(q: &Query) -> String {
    let mut text = format!("{} {}\n", q.n, q.edges.len());
    for &(a, b, t) in &q.edges {
        text.push_str(&format!("{a} {b} {t}\n"));
    }
    text.push_str(&format!("{} {} {}\n", q.source, q.target, q.k));
    text
}

/// A random query: n in 1..=max_n, m in 0..=max_m, times 1..=max_time, k in 1..=max_k; S = T a quarter of
/// the time. Self-loops and parallel edges come up naturally on small n.
pub fn random_query(
    rng: &mut Rng,
    max_n: usize,
    max_m: usize,
    max_time: u64,
    max_k: usize,
) -> Query {
    let n = rng.range(1, max_n as i64) as usize;
    let m = rng.range(0, max_m as i64) as usize;
    let vertex = |rng: &mut Rng| rng.range(1, n as i64) as usize;
    let edges = (0..m)
        .map(|_| {
            (
                vertex(rng),
                vertex(rng),
                rng.range(1, max_time as i64) as u64,
            )
        })
        .collect();
    let source = vertex(rng);
    let target = if rng.chance(1, 4) {
        source
    } else {
        vertex(rng)
    };
    let k = rng.range(1, max_k as i64) as usize;
    Query {
        n,
        edges,
        source,
        target,
        k,
    }
}

/// The densest input the limits allow: n = 1000, m = 100,000 random edges, K = 1000.
pub fn densest(rng: &mut Rng) -> Query {
    let n = 1000;
    let edges = (0..100_000)
        .map(|_| {
            (
                rng.range(1, 1000) as usize,
                rng.range(1, 1000) as usize,
                rng.range(1, 100) as u64,
            )
        })
        .collect();
    Query {
        n,
        edges,
        source: 1,
        target: n,
        k: 1000,
    }
}

/// A graph that drives A* to its K·M worst case. Vertices 1..=`cycle` form a cycle of time-1 edges with
/// S = 1, T = `cycle`, so the K shortest walks go round it up to K−1 times and every cycle vertex is popped
/// K times. The other vertices form a chain of time-100 edges ending in T, and every cycle vertex has
/// ~(m − n)/`cycle` side edges into the first tenth of the chain: each is pushed at every pop, yet leads
/// so far from T (≥ 90 · 100 per chain vertex) that no walk through it is among the K shortest when
/// (K−1)·`cycle` < 0.9 · 100 · (n − `cycle`). The answer is `cycle` − 1 + (K−1)·`cycle`.
pub fn adversarial_cycle(rng: &mut Rng, n: usize, cycle: usize, m: usize, k: usize) -> Query {
    let mut edges: Vec<(usize, usize, u64)> = (1..=cycle).map(|v| (v, v % cycle + 1, 1)).collect();
    edges.extend((cycle + 1..n).map(|v| (v, v + 1, 100)));
    edges.push((n, cycle, 100));
    let entry = (n - cycle) / 10;
    while edges.len() < m {
        let from = rng.range(1, cycle as i64) as usize;
        let to = cycle + rng.range(1, entry as i64) as usize;
        edges.push((from, to, rng.range(1, 100) as u64));
    }
    rng.shuffle(&mut edges);
    Query {
        n,
        edges,
        source: 1,
        target: cycle,
        k,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample() {
        let q = Query::new(2, &[(1, 2, 5), (2, 1, 4)], 1, 2, 2);
        assert_eq!(
            kth_walk_astar(&q, u64::MAX),
            Astar::Done {
                answer: Some(14),
                pushes: 4
            }
        );
        assert_eq!(kth_walk_by_counting(&q, None), Some(14));
    }

    #[test]
    fn both_methods_skip_the_empty_walk_and_see_dead_ends() {
        let cycle = Query::new(2, &[(1, 2, 5), (2, 1, 4)], 1, 1, 3);
        let path = Query::new(3, &[(1, 2, 5), (2, 3, 4)], 1, 1, 1);
        for (q, want) in [(cycle, Some(27)), (path, None)] {
            assert!(
                matches!(kth_walk_astar(&q, u64::MAX), Astar::Done { answer, .. } if answer == want)
            );
            assert_eq!(kth_walk_by_counting(&q, None), want);
        }
    }
}
