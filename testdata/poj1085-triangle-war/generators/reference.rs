//! Reference solver of POJ 1085 "Triangle War", independent of the model solution: the winner of each game
//! with perfect play from the position after its moves.
//!
//! Usage:  reference < input   (a valid input: the count of games, then each game's m and m segments)
//! Output: `Game k: A wins.` or `Game k: B wins.` per game: the lines the committed `.ans` files hold.
//! Method: plain memoised minimax without any pruning: `best(drawn)` is the mover's future triangles minus
//!         the opponent's, taken over every undrawn segment, memoised over all 2^18 drawn sets. The board is
//!         derived from the nine triangles as dot triples (segments = their sides, sorted), not copied from
//!         the solution's tables.
//! Cost:   at most 2^18 positions, shared by all games of a file: ~0.1 s for any input.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`. It is also `testgen::poj1085_triangle_war`'s
//!         solver (the generator writes every `.ans` with it, the problem's tests use it as their oracle);
//!         scripts/testgen/tests/generators.rs checks it reproduces every committed official `.ans`.
use std::io::{self, Read, Write};

/// A segment as (lower dot, higher dot), dots numbered 1..=10 from the top.
pub type Segment = (u8, u8);

/// The nine small triangles by their corner dots (from the problem statement).
const TRIANGLE_DOTS: [[u8; 3]; 9] = [
    [1, 2, 3],
    [2, 4, 5],
    [2, 3, 5],
    [3, 5, 6],
    [4, 7, 8],
    [4, 5, 8],
    [5, 8, 9],
    [5, 6, 9],
    [6, 9, 10],
];

/// The board: the 18 segments (every side of every triangle, sorted) and each triangle as segment ids.
pub struct Board {
    pub segments: Vec<Segment>,
    pub triangles: Vec<[usize; 3]>,
}

impl Board {
    pub fn new() -> Board {
        let mut segments: Vec<Segment> = TRIANGLE_DOTS
            .iter()
            .flat_map(|&[a, b, c]| [(a, b), (a, c), (b, c)])
            .collect();
        segments.sort();
        segments.dedup();
        assert_eq!(segments.len(), 18);
        let id = |s: Segment| segments.iter().position(|&t| t == s).unwrap();
        let triangles = TRIANGLE_DOTS
            .iter()
            .map(|&[a, b, c]| [id((a, b)), id((a, c)), id((b, c))])
            .collect();
        Board {
            segments,
            triangles,
        }
    }

    /// The id of segment `s`, if it is one of the 18.
    pub fn id(&self, s: Segment) -> Option<usize> {
        self.segments.iter().position(|&t| t == s)
    }

    fn complete_triangles(&self, drawn: u32) -> i32 {
        let complete = |t: &&[usize; 3]| t.iter().all(|&s| drawn & (1 << s) != 0);
        self.triangles.iter().filter(complete).count() as i32
    }

    /// Triangles that drawing segment `s` completes.
    pub fn gain(&self, drawn: u32, s: usize) -> i32 {
        self.complete_triangles(drawn | 1 << s) - self.complete_triangles(drawn)
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

/// Who draws each move and the score after a sequence of moves.
pub struct Replay {
    pub drawn: u32,
    /// true when A is to move
    pub a_to_move: bool,
    pub a_triangles: i32,
    pub b_triangles: i32,
    /// the longest run of consecutive moves by one player (1 + extra turns)
    pub longest_run: usize,
}

pub fn replay(board: &Board, moves: &[Segment]) -> Replay {
    let mut r = Replay {
        drawn: 0,
        a_to_move: true,
        a_triangles: 0,
        b_triangles: 0,
        longest_run: 0,
    };
    let mut run = 0;
    for &m in moves {
        let s = board.id(m).expect("not a segment");
        assert!(r.drawn & (1 << s) == 0, "segment drawn twice");
        let gain = board.gain(r.drawn, s);
        r.drawn |= 1 << s;
        run += 1;
        r.longest_run = r.longest_run.max(run);
        if gain > 0 {
            if r.a_to_move {
                r.a_triangles += gain;
            } else {
                r.b_triangles += gain;
            }
        } else {
            r.a_to_move = !r.a_to_move;
            run = 0;
        }
    }
    r
}

/// The memoised minimax over drawn sets.
pub struct Reference {
    pub board: Board,
    memo: Vec<Option<i8>>,
}

impl Reference {
    pub fn new() -> Reference {
        Reference {
            board: Board::new(),
            memo: vec![None; 1 << 18],
        }
    }

    /// With `drawn` on the board: the mover's triangles from now on minus the opponent's, both perfect.
    pub fn best(&mut self, drawn: u32) -> i32 {
        if drawn == (1 << 18) - 1 {
            return 0;
        }
        if let Some(v) = self.memo[drawn as usize] {
            return v as i32;
        }
        let mut best = i32::MIN;
        for s in 0..18 {
            if drawn & (1 << s) != 0 {
                continue;
            }
            let gain = self.board.gain(drawn, s);
            let v = if gain > 0 {
                gain + self.best(drawn | 1 << s)
            } else {
                -self.best(drawn | 1 << s)
            };
            best = best.max(v);
        }
        self.memo[drawn as usize] = Some(best as i8);
        best
    }

    /// 'A' or 'B': the winner with perfect play from the position after `moves`.
    pub fn winner(&mut self, moves: &[Segment]) -> char {
        let r = replay(&self.board, moves);
        let future = self.best(r.drawn);
        let (a_future, b_future) = if r.a_to_move {
            (future, 0)
        } else {
            (0, future)
        };
        if r.a_triangles - r.b_triangles + a_future - b_future > 0 {
            'A'
        } else {
            'B'
        }
    }

    /// The expected output for `games`.
    pub fn answer(&mut self, games: &[Vec<Segment>]) -> String {
        let mut out = String::new();
        for (k, g) in games.iter().enumerate() {
            out += &format!("Game {}: {} wins.\n", k + 1, self.winner(g));
        }
        out
    }
}

impl Default for Reference {
    fn default() -> Self {
        Reference::new()
    }
}

/// The games of a whole input file (trusted to be valid).
pub fn parse(text: &str) -> Vec<Vec<Segment>> {
    let mut numbers = text.split_whitespace().map(|t| t.parse::<usize>().unwrap());
    let mut next = move || numbers.next().expect("another number");
    let games = next();
    (0..games)
        .map(|_| {
            let m = next();
            (0..m).map(|_| (next() as u8, next() as u8)).collect()
        })
        .collect()
}

/// Reads a valid input on stdin and writes its expected output once (an invalid one panics).
fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("UTF-8 text on stdin");
    io::stdout()
        .write_all(Reference::new().answer(&parse(&input)).as_bytes())
        .expect("stdout");
}
