//! Reference solvers for `poj2449-remmarguts-date` (independent of `problems/poj2449-remmarguts-date/src/main.rs`).
//!
//! Two plain methods, each written from the definition:
//! - [`kth_walk_astar`]: the lecture's A*. Distances to T by Bellman–Ford (edge relaxation until nothing
//!   changes), then a priority queue of partial walks from S ordered by g + h; the K-th pop of T is the
//!   answer, a vertex popped K times is not expanded again, and the empty walk (S = T, g = 0) is not counted.
//! - [`kth_walk_by_counting`]: count the walks S→T of each exact length 1, 2, 3, … by dynamic programming
//!   (`ways[len][v]` = walks from S of length `len` ending at v, saturated at K) and stop when K are counted.
//!   Needs no shortest paths at all; fit for small lengths (tiny graphs, or answers known to be short).

use crate::rng::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One input: vertices 1..=n, edges `(from, to, time)`, and the question (source, target, k).
#[derive(Clone, Debug)]
pub struct Query {
    pub n: usize,
    pub edges: Vec<(usize, usize, u64)>,
    pub source: usize,
    pub target: usize,
    pub k: usize,
}

impl Query {
    /// A query from its parts, edges as `(from, to, time)`.
    pub fn new(
        n: usize,
        edges: &[(usize, usize, u64)],
        source: usize,
        target: usize,
        k: usize,
    ) -> Query {
        Query {
            n,
            edges: edges.to_vec(),
            source,
            target,
            k,
        }
    }
}

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

/// Outcome of the A* reference: the answer and how many partial walks it pushed, or a give-up.
#[derive(Debug, PartialEq, Eq)]
pub enum Astar {
    Done { answer: Option<u64>, pushes: u64 },
    OverBudget,
}

/// Distance from every vertex to `target` (index 1..=n; `None` = cannot reach it), by Bellman–Ford.
pub fn distances_to_target(q: &Query) -> Vec<Option<u64>> {
    let mut dist = vec![None; q.n + 1];
    dist[q.target] = Some(0);
    let mut changed = true;
    while changed {
        changed = false;
        for &(from, to, time) in &q.edges {
            if let Some(d) = dist[to] {
                if dist[from].map_or(true, |old| d + time < old) {
                    dist[from] = Some(d + time);
                    changed = true;
                }
            }
        }
    }
    dist
}

/// The textbook A* for the K-th shortest walk; gives up after `max_pushes` pushed partial walks.
pub fn kth_walk_astar(q: &Query, max_pushes: u64) -> Astar {
    let h = distances_to_target(q);
    let mut out: Vec<Vec<(usize, u64)>> = vec![Vec::new(); q.n + 1];
    for &(from, to, time) in &q.edges {
        out[from].push((to, time));
    }
    let Some(h_source) = h[q.source] else {
        return Astar::Done {
            answer: None,
            pushes: 0,
        };
    };
    let mut popped = vec![0usize; q.n + 1];
    let mut open = BinaryHeap::from([Reverse((h_source, 0u64, q.source))]);
    let mut pushes = 1;
    let mut arrivals = 0;
    while let Some(Reverse((_f, g, v))) = open.pop() {
        popped[v] += 1;
        if v == q.target && g > 0 {
            arrivals += 1;
            if arrivals == q.k {
                return Astar::Done {
                    answer: Some(g),
                    pushes,
                };
            }
        }
        // A later prefix P at v is useless: the K earlier ones, each followed by whatever nonempty
        // continuation P takes, already give K distinct nonempty walks no longer than P's.
        if popped[v] > q.k {
            continue;
        }
        for &(to, time) in &out[v] {
            if let Some(h_to) = h[to] {
                open.push(Reverse((g + time + h_to, g + time, to)));
                pushes += 1;
                if pushes > max_pushes {
                    return Astar::OverBudget;
                }
            }
        }
    }
    Astar::Done {
        answer: None,
        pushes,
    }
}

/// The answer of [`kth_walk_astar`] without a budget.
pub fn kth_walk(q: &Query) -> Option<u64> {
    match kth_walk_astar(q, u64::MAX) {
        Astar::Done { answer, .. } => answer,
        Astar::OverBudget => unreachable!("no budget"),
    }
}

/// The K-th shortest nonempty walk by counting walks of each exact length, up to `max_length`
/// (`None` = the bound below, which makes the answer exact).
///
/// Why the default bound (K+1)·n·w_max suffices: if some cycle C lies on a walk from S to T, going round
/// it 0..K−1 times gives K distinct walks no longer than 2(n−1)·w_max + (K−1)·n·w_max; if none does,
/// every walk S→T is a path of at most (n−1)·w_max. Needs every edge time ≥ 1.
pub fn kth_walk_by_counting(q: &Query, max_length: Option<u64>) -> Option<u64> {
    let w_max = q.edges.iter().map(|e| e.2).max()?;
    assert!(
        q.edges.iter().all(|e| e.2 >= 1),
        "counting needs positive times"
    );
    let bound = max_length.unwrap_or((q.k as u64 + 1) * q.n as u64 * w_max);
    let mut out: Vec<Vec<(usize, u64)>> = vec![Vec::new(); q.n + 1];
    for &(from, to, time) in &q.edges {
        out[from].push((to, time));
    }
    // ways[len % window][v]: walks from S of length exactly len ending at v, capped at K. A walk of length
    // len is extended forward into rows len+1..=len+w_max, so w_max + 1 rows are live at a time.
    let window = w_max + 1;
    let slot = |len: u64| (len % window) as usize;
    let mut ways = vec![vec![0usize; q.n + 1]; window as usize];
    ways[0][q.source] = 1;
    let mut counted = 0;
    for len in 0..=bound {
        let row = std::mem::replace(&mut ways[slot(len)], vec![0; q.n + 1]);
        if len > 0 {
            counted += row[q.target];
            if counted >= q.k {
                return Some(len);
            }
        }
        for (v, &count) in row.iter().enumerate().filter(|(_, &c)| c > 0) {
            for &(to, time) in &out[v] {
                let later = &mut ways[slot(len + time)][to];
                *later = (*later + count).min(q.k);
            }
        }
    }
    None
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

/// The expected output for an answer.
pub fn answer_line(answer: Option<u64>) -> String {
    match answer {
        Some(length) => format!("{length}\n"),
        None => "-1\n".to_string(),
    }
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
