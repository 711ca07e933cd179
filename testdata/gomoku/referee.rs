//! Gomoku referee: 15×15 rules for the judge's matches (freestyle, standard or renju), one process per game.
//!
//! Usage:  `referee [--rule N]`, N the Gomocup rule: 0 freestyle (five or more wins; the default), 1 standard
//!         (exactly five wins, an overline does not), 4 renju (Black wins by exactly five and loses by a
//!         forbidden move: an overline, a double four or a double three; White wins by five or more).
//! Input:  lines from the judge: `opening <text>` (moves like `h8i9`, column a–o, row 1–15, Black first;
//!         empty text = empty board), then `move <text>` (an engine's answer, `X,Y`, 0-based).
//! Output: one line per command, flushed: `size 15` + `moves X,Y …` or `error <reason>` for an opening;
//!         `ok`, `illegal <reason>` (a malformed, off-board, occupied or forbidden move: the mover loses),
//!         `win` (a five under the rule) or `draw` (full board) for a move.
//! Method: a 15×15 board; a move is checked (well-formed, on the board, empty, not forbidden), placed, and
//!         the four lines through it are measured. Renju fouls (module `renju`) by the rules' definitions,
//!         plainly: a four is a point whose stone would make exactly five with the move, counted once for a
//!         straight four; a three is a line where one more stone makes a straight four (two such points, an
//!         exact five each way) whose point is itself not forbidden, decided recursively with the move on
//!         the board. A five wins even when it also makes a forbidden shape.
//! Cost:   O(1) a move; a double three's recursion visits a few points per level.
//! Status: tested by driving the compiled referee (scripts/testgen/tests/gomoku_referee.rs); its renju
//!         fouls agree with the engine's pattern tables on random positions and hand-made ones
//!         (problems/gomoku/tests/gomoku.rs) and with the PyPI `renju` referee (scripts/check-gomoku-renju).
use std::io::{self, BufRead, Write};

const N: usize = 15;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Black,
    White,
}

/// The Gomocup rules this referee knows (`INFO rule` numbers).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rule {
    Freestyle,
    Standard,
    Renju,
}

impl Rule {
    fn from_number(number: &str) -> Option<Rule> {
        match number {
            "0" => Some(Rule::Freestyle),
            "1" => Some(Rule::Standard),
            "4" => Some(Rule::Renju),
            _ => None,
        }
    }

    /// Whether a run of `length` stones of `side` through the move wins.
    fn wins(self, side: Cell, length: usize) -> bool {
        match (self, side) {
            (Rule::Freestyle, _) | (Rule::Renju, Cell::White) => length >= 5,
            _ => length == 5,
        }
    }
}

/// The rules of renju's forbidden moves, on a board where `board[y][x]` is a point.
pub mod renju {
    use super::{Cell, N};

    pub type Board = [[Cell; N]; N];
    const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

    /// Why a black move is forbidden.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Foul {
        Overline,
        DoubleFour,
        DoubleThree,
    }

    impl Foul {
        pub fn name(self) -> &'static str {
            match self {
                Foul::Overline => "an overline",
                Foul::DoubleFour => "a double four",
                Foul::DoubleThree => "a double three",
            }
        }
    }

    /// The point `k` steps from `(x, y)` along `(dx, dy)`, if on the board.
    fn step((x, y): (usize, usize), (dx, dy): (i32, i32), k: i32) -> Option<(usize, usize)> {
        let (cx, cy) = (x as i32 + k * dx, y as i32 + k * dy);
        let on = |v: i32| (0..N as i32).contains(&v);
        (on(cx) && on(cy)).then_some((cx as usize, cy as usize))
    }

    /// Black stones in a row through the black stone on `p` along `d`.
    pub fn run(board: &Board, p: (usize, usize), d: (i32, i32)) -> usize {
        let colour = board[p.1][p.0];
        let way = |sign: i32| {
            (1..N as i32)
                .take_while(|&k| step(p, d, sign * k).is_some_and(|(x, y)| board[y][x] == colour))
                .count()
        };
        1 + way(1) + way(-1)
    }

    /// The empty points along `d` within 4 of `p` where a black stone would make exactly five together with
    /// the black stone on `p` (the run through `p` becomes five), in order along the line.
    fn completions(board: &mut Board, p: (usize, usize), d: (i32, i32)) -> Vec<i32> {
        let mut found = Vec::new();
        for k in -4..=4 {
            let Some((x, y)) = step(p, d, k) else {
                continue;
            };
            if k == 0 || board[y][x] != Cell::Empty {
                continue;
            }
            board[y][x] = Cell::Black;
            if run(board, p, d) == 5 {
                found.push(k);
            }
            board[y][x] = Cell::Empty;
        }
        found
    }

    /// Fours the black stone on `p` makes along `d`: a straight four (two completions five apart, the four
    /// stones between) is one four; otherwise each completion is one (two in `X.XXX.X`).
    fn fours(board: &mut Board, p: (usize, usize), d: (i32, i32)) -> usize {
        match completions(board, p, d)[..] {
            [a, b] if b - a == 5 => 1,
            ref points => points.len(),
        }
    }

    fn is_straight_four(board: &mut Board, p: (usize, usize), d: (i32, i32)) -> bool {
        matches!(completions(board, p, d)[..], [a, b] if b - a == 5)
    }

    /// Whether the black stone on `p` makes a three along `d`: some empty point within 4 of it along `d`
    /// turns the line into a straight four through `p`, and that point is not itself forbidden.
    fn is_three(board: &mut Board, p: (usize, usize), d: (i32, i32)) -> bool {
        for k in (-4..=4).filter(|&k| k != 0) {
            let Some((x, y)) = step(p, d, k) else {
                continue;
            };
            if board[y][x] != Cell::Empty {
                continue;
            }
            board[y][x] = Cell::Black;
            let straight = is_straight_four(board, p, d);
            board[y][x] = Cell::Empty;
            if straight && foul(board, (x, y)).is_none() {
                return true;
            }
        }
        false
    }

    /// Whether Black may not play the empty point `p`: a five (exactly five in some line) is never
    /// forbidden; an overline, two or more fours, or two or more threes are.
    pub fn foul(board: &mut Board, p: (usize, usize)) -> Option<Foul> {
        let (x, y) = p;
        board[y][x] = Cell::Black;
        let runs: Vec<usize> = DIRECTIONS.iter().map(|&d| run(board, p, d)).collect();
        let result = if runs.contains(&5) {
            None
        } else if runs.iter().any(|&r| r > 5) {
            Some(Foul::Overline)
        } else {
            let fours: Vec<usize> = DIRECTIONS.iter().map(|&d| fours(board, p, d)).collect();
            if fours.iter().sum::<usize>() >= 2 {
                Some(Foul::DoubleFour)
            } else {
                // A line that is a four is not also a three.
                let threes = DIRECTIONS
                    .iter()
                    .zip(&fours)
                    .filter(|&(&d, &f)| f == 0 && is_three(board, p, d))
                    .count();
                (threes >= 2).then_some(Foul::DoubleThree)
            }
        };
        board[y][x] = Cell::Empty;
        result
    }
}

/// What a placed stone did to the game.
#[derive(PartialEq, Eq, Debug)]
enum Placed {
    GoesOn,
    Five,
    Full,
    Forbidden(renju::Foul),
}

struct Game {
    rule: Rule,
    board: renju::Board,
    stones: usize,
    over: bool,
}

impl Game {
    fn new(rule: Rule) -> Game {
        Game {
            rule,
            board: [[Cell::Empty; N]; N],
            stones: 0,
            over: false,
        }
    }

    /// Places the side to move's stone at an empty, on-board point (a renju foul is not placed).
    fn place(&mut self, x: usize, y: usize) -> Placed {
        // Black moves when the counts are equal (`is_multiple_of` is newer than the workspace's Rust 1.70).
        let side = if self.stones & 1 == 0 {
            Cell::Black
        } else {
            Cell::White
        };
        if self.rule == Rule::Renju && side == Cell::Black {
            if let Some(foul) = renju::foul(&mut self.board, (x, y)) {
                return Placed::Forbidden(foul);
            }
        }
        self.board[y][x] = side;
        self.stones += 1;
        let rule = self.rule;
        let five = [(1, 0), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&d| rule.wins(side, renju::run(&self.board, (x, y), d)));
        if five {
            Placed::Five
        } else if self.stones == N * N {
            Placed::Full
        } else {
            Placed::GoesOn
        }
    }
}

/// Parses an opening like `h8i9` into 0-based (X, Y) points.
fn parse_opening(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let bytes = text.as_bytes();
    let mut points = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let column = bytes[i];
        if !(b'a'..=b'o').contains(&column) {
            return Err(format!(
                "expected a column a-o at offset {i} of the opening"
            ));
        }
        let start = i + 1;
        let mut end = start;
        while end < bytes.len() && bytes[end].is_ascii_digit() && end - start < 2 {
            end += 1;
        }
        let row: usize = text[start..end]
            .parse()
            .map_err(|_| format!("expected a row 1-15 at offset {start} of the opening"))?;
        if !(1..=N).contains(&row) {
            return Err(format!("row {row} at offset {start} is off the board"));
        }
        points.push(((column - b'a') as usize, row - 1));
        i = end;
    }
    Ok(points)
}

/// Parses an engine's move `X,Y`; `None` if malformed.
fn parse_move(text: &str) -> Option<(usize, usize)> {
    let (x, y) = text.split_once(',')?;
    let digits = |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(x) || !digits(y) {
        return None;
    }
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// Sets up the opening; the reply lines.
fn opening(game: &mut Game, text: &str) -> String {
    *game = Game::new(game.rule);
    let points = match parse_opening(text) {
        Ok(points) => points,
        Err(reason) => return format!("error {reason}"),
    };
    let mut shown = Vec::new();
    for &(x, y) in &points {
        if game.board[y][x] != Cell::Empty {
            game.over = true;
            return format!("error the opening plays {x},{y} twice");
        }
        match game.place(x, y) {
            Placed::GoesOn => {}
            Placed::Forbidden(foul) => {
                game.over = true;
                return format!(
                    "error the opening's black {x},{y} is forbidden: {}",
                    foul.name()
                );
            }
            _ => {
                game.over = true;
                return format!("error the opening is already decided at {x},{y}");
            }
        }
        shown.push(format!(" {x},{y}"));
    }
    format!("size {N}\nmoves{}", shown.concat())
}

/// Referees one move; the reply line.
fn play(game: &mut Game, text: &str) -> String {
    if game.over {
        return "error the game is over".to_string();
    }
    let Some((x, y)) = parse_move(text) else {
        game.over = true;
        return format!("illegal expected a move X,Y, got {text:?}");
    };
    if x >= N || y >= N {
        game.over = true;
        return format!("illegal {x},{y} is off the 15x15 board");
    }
    if game.board[y][x] != Cell::Empty {
        game.over = true;
        return format!("illegal {x},{y} is occupied");
    }
    match game.place(x, y) {
        Placed::GoesOn => "ok".to_string(),
        Placed::Five => {
            game.over = true;
            "win".to_string()
        }
        Placed::Full => {
            game.over = true;
            "draw".to_string()
        }
        Placed::Forbidden(foul) => {
            game.over = true;
            format!(
                "illegal {x},{y} is forbidden for Black (renju): {}",
                foul.name()
            )
        }
    }
}

/// The rule from the command line: none, or `--rule N` (also `--rule=N`).
fn rule_argument(args: &[String]) -> Result<Rule, String> {
    let number = match args {
        [] => return Ok(Rule::Freestyle),
        [flag, number] if flag == "--rule" => number.as_str(),
        [flag] if flag.starts_with("--rule=") => &flag["--rule=".len()..],
        _ => return Err(format!("expected no argument or --rule N, got {args:?}")),
    };
    Rule::from_number(number).ok_or_else(|| {
        format!("expected --rule 0 (freestyle), 1 (standard) or 4 (renju), got {number:?}")
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rule = rule_argument(&args).unwrap_or_else(|message| {
        eprintln!("referee: {message}");
        std::process::exit(1);
    });
    let mut game = Game::new(rule);
    let mut started = false;
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else {
            break;
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let reply = match command {
            "opening" => {
                started = true;
                opening(&mut game, rest.trim())
            }
            "move" if started => play(&mut game, rest.trim()),
            "move" => "error a move before any opening".to_string(),
            _ => format!("error unknown command {command:?}: expected opening or move"),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
