//! POJ 2449 "Remmarguts' Date": the length of the K-th shortest walk from S to T in a directed graph.
//!
//! Input:  `N M`, M edges `A B T` (A→B takes T), then `S T K`.
//! Output: the length, or `-1` if fewer than K walks exist. Walks may repeat vertices and edges; when
//!         S = T the empty walk does not count.
//! Method: h(v) = the exact distance from v to T (Dijkstra on the reversed edges) is the perfect A*
//!         heuristic: admissible (it *is* the remaining cost) and consistent, so taking edge u→v (time w)
//!         costs δ = w + h(v) − h(u) ≥ 0 more than the best walk from u. The lecture's A* pops walks
//!         from S by g + h and answers at T's K-th pop; but every pop pushes a whole out-list and a
//!         vertex may be popped K times, so it may push K·M = 10^8 entries. Such inputs exist: testdata
//!         `04-adversarial-cycle` (a time-1 cycle through S and T whose vertices carry 99,000 side edges
//!         leading far from T) drives it past 2·10^7 pushes and 470 MB on the way to ~10^8, in 64 MiB.
//!         So this file uses Eppstein's method on the same δ, whose cost holds for every input: fix a
//!         shortest-path tree into T; a walk is then the sequence of its non-tree edges ("sidetracks"),
//!         and its length is h(S) + Σ δ. Heap H(v) holds the sidetracks a walk at v may take next; a
//!         persistent leftist heap builds it from H(parent) with O(log M) new nodes (`sidetrack_heaps`).
//!         A best-first search over sidetrack sequences then pops every walk exactly once, in length
//!         order, with ≤ 3 pushes a pop (`kth_walk`), so the K-th pop is the answer.
//!         It is the A*'s own idea (reduced costs δ) made exhaustive, instead of hoping for kind input.
//! Cost:   O(M log M) for Dijkstra and the heaps, O(K log K) for the walks: the densest input (N = 1000,
//!         M = 100,000, K = 1000) ~23 ms, the adversarial cycle ~48 ms, both ~13 MB peak
//!         (benches/benches/poj2449-remmarguts-date.rs, /usr/bin/time).
//! Status: agrees with the textbook A* (Bellman–Ford distances, T popped K times) and with counting walks
//!         by exact length, both in scripts/testgen `poj2449_remmarguts_date`: 3,000 tiny graphs against
//!         both, 3,000 small and 20 large graphs plus the densest against A*, the adversarial family
//!         against counting and its closed form, 15 named edge cases (tests/poj2449-remmarguts-date.rs).
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt::Debug;
use std::io::{self, Read, Write};
use std::ops::RangeBounds;

// ---------------------------------------------------------------- model

const MAX_VERTICES: usize = 1000;
const MAX_EDGES: usize = 100_000;
const MAX_K: usize = 1000;

/// A directed edge `from → to` taking `time`; vertices are 0-based.
#[derive(Clone, Copy)]
struct Edge {
    from: usize,
    to: usize,
    time: u64,
}

/// One input: the graph and the question "K-th shortest walk from `source` to `target`".
struct Query {
    vertices: usize,
    edges: Vec<Edge>,
    source: usize,
    target: usize,
    k: usize,
}

/// The shortest-path tree into the target: `dist[v]` = h(v) (`None` if T is unreachable from v),
/// `parent_edge[v]` = the tree edge leaving v (`None` at T and where T is unreachable), `order` = vertices
/// by increasing h.
struct Tree {
    dist: Vec<Option<u64>>,
    parent_edge: Vec<Option<usize>>,
    order: Vec<usize>,
}

/// Dijkstra from the target over reversed edges.
fn shortest_tree(query: &Query) -> Tree {
    let n = query.vertices;
    let mut into: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, e) in query.edges.iter().enumerate() {
        into[e.to].push(i);
    }
    let mut tree = Tree {
        dist: vec![None; n],
        parent_edge: vec![None; n],
        order: Vec::new(),
    };
    let mut done = vec![false; n];
    let mut queue = BinaryHeap::from([Reverse((0, query.target))]);
    tree.dist[query.target] = Some(0);
    while let Some(Reverse((d, v))) = queue.pop() {
        if std::mem::replace(&mut done[v], true) {
            continue; // a stale entry: v was settled with a smaller distance
        }
        tree.order.push(v);
        for &i in &into[v] {
            let e = query.edges[i];
            let through = d + e.time;
            if tree.dist[e.from].map_or(true, |old| through < old) {
                tree.dist[e.from] = Some(through);
                tree.parent_edge[e.from] = Some(i);
                queue.push(Reverse((through, e.from)));
            }
        }
    }
    tree
}

// ---------------------------------------------------------------- persistent leftist heap

/// Index of a heap node; `NIL` (node 0, rank 0) is the empty heap.
type Node = usize;
const NIL: Node = 0;

/// A sidetrack edge in a heap: its extra cost δ, the vertex it leads to, and the leftist-heap links.
/// Nodes are never changed once made, so heaps share them freely (persistence).
#[derive(Clone, Copy)]
struct HeapNode {
    delta: u64,
    head: usize,
    left: Node,
    right: Node,
    /// Nodes on the right spine (right links down to NIL): NIL has 0, a leaf 1.
    rank: u32,
}

struct Heaps {
    nodes: Vec<HeapNode>,
}

impl Heaps {
    fn new() -> Heaps {
        let nil = HeapNode {
            delta: 0,
            head: 0,
            left: NIL,
            right: NIL,
            rank: 0,
        };
        Heaps { nodes: vec![nil] }
    }

    fn add(&mut self, node: HeapNode) -> Node {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// Melds two heaps into a new root, copying only the nodes on the merge path (the two right spines,
    /// O(log) of each size); `a` and `b` themselves stay valid, unchanged heaps.
    fn merge(&mut self, a: Node, b: Node) -> Node {
        if a == NIL {
            return b;
        }
        if b == NIL {
            return a;
        }
        let (top, other) = if self.nodes[a].delta <= self.nodes[b].delta {
            (a, b)
        } else {
            (b, a)
        };
        let mut node = self.nodes[top];
        node.right = self.merge(node.right, other);
        // Leftist rule: the right spine is the short one, so merges stay logarithmic.
        if self.nodes[node.left].rank < self.nodes[node.right].rank {
            std::mem::swap(&mut node.left, &mut node.right);
        }
        node.rank = self.nodes[node.right].rank + 1;
        self.add(node)
    }
}

// ---------------------------------------------------------------- search

/// H(v) for every vertex, as heap roots keyed by δ: the sidetracks whose tail lies on the tree path
/// v → … → T. These are the sidetracks a walk standing at v can take next: it rides the tree (δ = 0)
/// as far as it likes, then leaves it.
///
/// Persistence: v's tree path is v followed by its parent p's path, so H(v) = own(v) ∪ H(p), with own(v)
/// the sidetracks leaving v itself. `merge` copies the O(log M) nodes it touches instead of relinking
/// them, so H(p) stays whole for p's other children, and all N heaps fit in O(M + N log M) nodes
/// instead of the O(N·M) of N separate heaps.
fn sidetrack_heaps(query: &Query, tree: &Tree, heaps: &mut Heaps) -> Vec<Node> {
    let n = query.vertices;
    // (tail, δ, head) of every non-tree edge between vertices that reach T, sorted so that each tail's
    // sidetracks form an ascending run: a sorted chain is already a valid leftist heap (all ranks 1).
    let mut sidetracks = Vec::new();
    for (i, e) in query.edges.iter().enumerate() {
        if let (Some(du), Some(dv)) = (tree.dist[e.from], tree.dist[e.to]) {
            if tree.parent_edge[e.from] != Some(i) {
                sidetracks.push((e.from, e.time + dv - du, e.to));
            }
        }
    }
    sidetracks.sort_unstable();
    let mut own = vec![NIL; n];
    for &(tail, delta, head) in sidetracks.iter().rev() {
        own[tail] = heaps.add(HeapNode {
            delta,
            head,
            left: own[tail],
            right: NIL,
            rank: 1,
        });
    }
    let mut root = vec![NIL; n];
    for &v in &tree.order {
        // `order` is by distance, so the parent's heap is finished before v's.
        let inherited = tree.parent_edge[v].map_or(NIL, |i| root[query.edges[i].to]);
        root[v] = heaps.merge(own[v], inherited);
    }
    root
}

/// The length of the K-th shortest walk from source to target, not counting the empty walk.
///
/// A walk is its sidetracks e1 … ek in order: e1 from H(S), each next one from H(head of the one before),
/// its length h(S) + δ(e1) + … + δ(ek). These sequences form a tree rooted at the walk with no sidetrack,
/// in which the children of e1 … ek are
///   - e1 … ek' for each heap child ek' of ek's node (same heap, so a valid walk; δ(ek') ≥ δ(ek)), and
///   - e1 … ek e(k+1) with e(k+1) the root of H(head of ek) (the cheapest next sidetrack; δ ≥ 0).
///
/// Each walk has one parent (ek → its parent node in that heap, or e1 … e(k-1) if ek is the root), and a
/// child is never shorter than its parent, so popping from a priority queue (Dijkstra on this tree)
/// yields every walk exactly once, in length order. An entry needs only (length, ek's node): the earlier
/// sidetracks matter only through the length.
fn kth_walk(query: &Query) -> Option<u64> {
    let tree = shortest_tree(query);
    let shortest = tree.dist[query.source]?;
    let mut heaps = Heaps::new();
    let root = sidetrack_heaps(query, &tree, &mut heaps);
    // Walk 1 is the tree path itself (no sidetrack); when S = T that is the empty walk, which must not count.
    let wanted = query.k + usize::from(query.source == query.target);
    if wanted == 1 {
        return Some(shortest);
    }
    // Queue entries: (walk length, heap node of its last sidetrack).
    let mut queue = BinaryHeap::new();
    let first = root[query.source];
    if first != NIL {
        queue.push(Reverse((shortest + heaps.nodes[first].delta, first)));
    }
    let mut walks = 1;
    while let Some(Reverse((length, last))) = queue.pop() {
        walks += 1;
        if walks == wanted {
            return Some(length);
        }
        let node = heaps.nodes[last];
        for alternative in [node.left, node.right] {
            if alternative != NIL {
                queue.push(Reverse((
                    length - node.delta + heaps.nodes[alternative].delta,
                    alternative,
                )));
            }
        }
        let next = root[node.head];
        if next != NIL {
            queue.push(Reverse((length + heaps.nodes[next].delta, next)));
        }
    }
    None
}

// ---------------------------------------------------------------- io

/// The next token as a number in `range`; `Err` says what was expected and what came instead.
fn number<'a>(
    tokens: &mut impl Iterator<Item = &'a str>,
    what: &str,
    range: impl RangeBounds<usize> + Debug,
) -> Result<usize, String> {
    let token = tokens.next().unwrap_or_default();
    match token.parse() {
        Ok(value) if range.contains(&value) => Ok(value),
        _ if token.is_empty() => Err(format!("expected {what}, found end of input")),
        _ => Err(format!("expected {what} in {range:?}, found `{token}`")),
    }
}

/// Reads the graph and the question, checking the limits.
fn parse(input: &str) -> Result<Query, String> {
    let mut tokens = input.split_ascii_whitespace();
    let n = number(&mut tokens, "the vertex count N", 1..=MAX_VERTICES)?;
    let m = number(&mut tokens, "the edge count M", 0..=MAX_EDGES)?;
    let vertex = |tokens: &mut std::str::SplitAsciiWhitespace, what| {
        number(tokens, what, 1..=n).map(|v| v - 1)
    };
    let mut edges = Vec::with_capacity(m);
    for _ in 0..m {
        let from = vertex(&mut tokens, "an edge's start vertex")?;
        let to = vertex(&mut tokens, "an edge's end vertex")?;
        let time = number(&mut tokens, "an edge's time", 1..=u32::MAX as usize)? as u64;
        edges.push(Edge { from, to, time });
    }
    let source = vertex(&mut tokens, "the start S")?;
    let target = vertex(&mut tokens, "the target T")?;
    let k = number(&mut tokens, "K", 1..=MAX_K)?;
    Ok(Query {
        vertices: n,
        edges,
        source,
        target,
        k,
    })
}

/// The whole input in, the answer line out.
pub fn solve(input: &str) -> Result<String, String> {
    let query = parse(input)?;
    Ok(match kth_walk(&query) {
        Some(length) => format!("{length}\n"),
        None => "-1\n".to_string(),
    })
}

/// Reads all of stdin, solves it, writes the answer once; malformed input is exit 1 with one line on stderr.
fn main() {
    let mut input = String::new();
    let answer = match io::stdin().read_to_string(&mut input) {
        Ok(_) => solve(&input),
        Err(_) => Err("expected UTF-8 text on stdin".to_string()),
    };
    let written = answer.and_then(|output| {
        let mut stdout = io::stdout().lock();
        stdout
            .write_all(output.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write the answer: {e}"))
    });
    if let Err(message) = written {
        eprintln!("{message}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str) -> String {
        solve(input).unwrap()
    }

    #[test]
    fn sample() {
        assert_eq!(answer("2 2\n1 2 5\n2 1 4\n1 2 2\n"), "14\n");
    }

    #[test]
    fn merge_keeps_the_minimum_on_top_and_both_inputs_intact() {
        let mut heaps = Heaps::new();
        let leaf = |delta| HeapNode {
            delta,
            head: 0,
            left: NIL,
            right: NIL,
            rank: 1,
        };
        let (a, b) = (heaps.add(leaf(5)), heaps.add(leaf(3)));
        let ab = heaps.merge(a, b);
        assert_eq!(heaps.nodes[ab].delta, 3);
        assert_eq!(heaps.nodes[heaps.nodes[ab].left].delta, 5);
        assert_eq!((heaps.nodes[a].left, heaps.nodes[b].left), (NIL, NIL));
    }

    #[test]
    fn same_source_and_target_skips_the_empty_walk() {
        // A 2-cycle of length 9 through vertex 1: walks 1→1 have lengths 9, 18, 27, …
        assert_eq!(answer("2 2\n1 2 5\n2 1 4\n1 1 1\n"), "9\n");
        assert_eq!(answer("2 2\n1 2 5\n2 1 4\n1 1 3\n"), "27\n");
        assert_eq!(answer("1 0\n1 1 1\n"), "-1\n");
    }
}
