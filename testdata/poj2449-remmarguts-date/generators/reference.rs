//! Reference solver of POJ 2449 "Remmarguts' Date", independent of the model solution: the length of the
//! K-th shortest nonempty walk from S to T, or -1.
//!
//! Usage:  reference < input   (a valid input: `N M`, M edges `A B T`, `S T K`)
//! Output: one line: what the committed `.ans` files hold.
//! Method: two plain methods, each written from the definition:
//!         - `kth_walk_astar`: the lecture's A*. Distances to T by Bellman–Ford (edge relaxation until
//!           nothing changes), then a priority queue of partial walks from S ordered by g + h; the K-th pop
//!           of T is the answer, a vertex popped K times is not expanded again, and the empty walk (S = T,
//!           g = 0) is not counted.
//!         - `kth_walk_by_counting`: count the walks S→T of each exact length 1, 2, 3, … by dynamic
//!           programming (`ways[len][v]` = walks from S of length `len` ending at v, saturated at K) and stop
//!           when K are counted. Needs no shortest paths at all.
//!         This program runs A*, and counts instead when A* would push more than `ASTAR_BUDGET` partial
//!         walks (graphs built against it: up to K·M pushes, 10^8 on the beyond case).
//! Cost:   the densest official input (N = 1000, M = 100,000, K = 1000): ~0.02 s; the beyond case built
//!         against A*: 2M pushes (~50 MB), then counting, ~0.4 s.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also
//!         `testgen::poj2449_remmarguts_date`'s solver (the generator writes every `.ans` with it, the
//!         problem's tests use it as their oracle); scripts/testgen/tests/generators.rs checks it reproduces
//!         every committed official `.ans`.
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{self, Read, Write};

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
        for (v, &count) in row.iter().enumerate().filter(|&(_, &c)| c > 0) {
            for &(to, time) in &out[v] {
                let later = &mut ways[slot(len + time)][to];
                *later = (*later + count).min(q.k);
            }
        }
    }
    None
}

/// The expected output for an answer.
pub fn answer_line(answer: Option<u64>) -> String {
    match answer {
        Some(length) => format!("{length}\n"),
        None => "-1\n".to_string(),
    }
}

/// Partial walks A* may push before this program counts walks instead.
const ASTAR_BUDGET: u64 = 2_000_000;

/// The query of a valid input.
pub fn parse(input: &str) -> Query {
    let mut numbers = input
        .split_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let mut next = move || numbers.next().expect("another number");
    let (n, m) = (next(), next());
    let edges = (0..m).map(|_| (next(), next(), next() as u64)).collect();
    let (source, target, k) = (next(), next(), next());
    Query {
        n,
        edges,
        source,
        target,
        k,
    }
}

/// The expected output for a valid input: A*'s answer, or counting's past A*'s budget.
pub fn answer(input: &str) -> String {
    let q = parse(input);
    let answer = match kth_walk_astar(&q, ASTAR_BUDGET) {
        Astar::Done { answer, .. } => answer,
        Astar::OverBudget => kth_walk_by_counting(&q, None),
    };
    answer_line(answer)
}

/// Reads a valid input on stdin and writes its expected output once (an invalid one panics).
fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("UTF-8 text on stdin");
    io::stdout()
        .write_all(answer(&input).as_bytes())
        .expect("stdout");
}
