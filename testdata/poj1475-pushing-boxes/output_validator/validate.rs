//! Output validator of POJ 1475 "Pushing Boxes": replays each maze's move string and compares its cost.
//!
//! Usage:  validate INPUT ANSWER FEEDBACK_DIR [official|beyond] < OUTPUT   (the ICPC problem package
//!         format's output validator interface; no flag is `official`)
//! Exit:   42 accepted; 43 wrong answer (a layout-only difference in `beyond` mode included: the interface
//!         has no presentation error, so its note says "differs only in whitespace"); anything else (1) a
//!         judge error: bad testdata or usage.
//! Note:   a rejection's reason, one line, goes to FEEDBACK_DIR/judgemessage.txt (created or overwritten):
//!         the first wrong maze and why. A judge error's goes there too, and to stderr. Nothing is written
//!         to stdout.
//! Rule:   per maze, `Maze #k`, then `Impossible.` exactly when the reference says so, or a move string:
//!         lower case `n s e w` walks (not into rock, off the maze or onto the box), upper case `N S E W`
//!         pushes (the box must be there and the cell behind it free); the box must end on `T`, with the
//!         fewest pushes and, among those, the fewest moves: (pushes, moves) equal to the reference's. Any
//!         tie is accepted. A string that beats the reference is the testdata's fault: a judge error.
//! Modes:  `official` is the statement's rule, which POJ's special judge applies: the output is read as
//!         tokens (`Maze`, `#k`, the answer), so the empty line after each maze and other whitespace do not
//!         matter. `beyond` is this project's demand: the same, and the lines laid out exactly as the
//!         statement prints them (`Maze #k`, the answer, an empty line; trailing whitespace and CR
//!         ignored), else rejected as a presentation error.
//! Status: std only, compiles alone with `rustc --edition 2021 -O`; tested by
//!         scripts/testgen/tests/output_validators.rs, which compiles it and runs it on crafted outputs.
use std::fmt::Write as _;
use std::fs;
use std::io::Read;
use std::path::Path;

type Cell = (usize, usize);

const IMPOSSIBLE: &str = "Impossible.";

/// What the validator says, with its one-line note; the interface rejects a presentation error as wrong (43).
enum Verdict {
    Accepted,
    Wrong(String),
    Presentation(String),
    Failed(String),
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Official,
    Beyond,
}

/// `s` in double quotes, invisible characters escaped (`\t`, `\r`, `\u{a0}`), cut after 60 characters.
fn show(s: &str) -> String {
    let mut out = String::from("\"");
    for (i, c) in s.chars().enumerate() {
        if i == 60 {
            out.push('…');
            break;
        }
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            ' ' => out.push(' '),
            c if c.is_control() || c.is_whitespace() || c == '\u{fffd}' || c == '\u{feff}' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `1 push`, `2 pushes`: a count with its noun in the right number.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One maze of the input.
struct Maze {
    rows: Vec<Vec<u8>>,
    start: Cell,
    box_cell: Cell,
    target: Cell,
}

impl Maze {
    /// The neighbour of `cell` in `direction` if it is inside the maze and not rock.
    fn step(&self, (row, col): Cell, (dr, dc): (isize, isize)) -> Option<Cell> {
        let row = row.checked_add_signed(dr)?;
        let col = col.checked_add_signed(dc)?;
        (*self.rows.get(row)?.get(col)? != b'#').then_some((row, col))
    }

    /// Plays `moves`; the (pushes, moves) it costs, or the first illegal move.
    fn replay(&self, moves: &str) -> Result<(usize, usize), String> {
        let (mut you, mut box_cell, mut pushes) = (self.start, self.box_cell, 0);
        for (i, step) in moves.chars().enumerate() {
            let direction = match step.to_ascii_lowercase() {
                'n' => (-1, 0),
                's' => (1, 0),
                'e' => (0, 1),
                'w' => (0, -1),
                _ => {
                    let step = show(&step.to_string());
                    return Err(format!(
                        "move {}: {step} is not one of N S E W n s e w",
                        i + 1
                    ));
                }
            };
            let Some(next) = self.step(you, direction) else {
                return Err(format!(
                    "move {} `{step}` walks into rock or off the maze",
                    i + 1
                ));
            };
            if step.is_ascii_lowercase() {
                if next == box_cell {
                    return Err(format!(
                        "move {} `{step}` walks into the box (a push is upper case)",
                        i + 1
                    ));
                }
            } else if next != box_cell {
                return Err(format!(
                    "move {} `{step}` pushes, but the box is not there",
                    i + 1
                ));
            } else {
                let Some(behind) = self.step(box_cell, direction) else {
                    return Err(format!(
                        "move {} `{step}` pushes the box into rock or off the maze",
                        i + 1
                    ));
                };
                box_cell = behind;
                pushes += 1;
            }
            you = next;
        }
        if box_cell != self.target {
            let (row, col) = box_cell;
            return Err(format!(
                "the box ends at row {}, column {}, not on the target",
                row + 1,
                col + 1
            ));
        }
        Ok((pushes, moves.chars().count()))
    }
}

/// The mazes up to `0 0` (or the end of the input).
fn parse_mazes(input: &str) -> Result<Vec<Maze>, String> {
    let mut tokens = input.split_ascii_whitespace();
    let mut mazes = Vec::new();
    loop {
        let mut size = || tokens.next().and_then(|t| t.parse::<usize>().ok());
        let (rows, cols) = match (size(), size()) {
            (None, _) | (Some(0), Some(0)) => return Ok(mazes),
            (Some(r), Some(c)) => (r, c),
            _ => return Err(format!("maze {}: bad size", mazes.len() + 1)),
        };
        let number = mazes.len() + 1;
        let mut grid = Vec::with_capacity(rows);
        for _ in 0..rows {
            match tokens.next() {
                Some(row) if row.len() == cols && row.bytes().all(|b| b"#.SBT".contains(&b)) => {
                    grid.push(row.as_bytes().to_vec())
                }
                _ => {
                    return Err(format!(
                        "maze {number}: expected {rows} rows of {cols} of #.SBT"
                    ))
                }
            }
        }
        let find = |wanted: u8| {
            let mut cells = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c)));
            let cell = cells.find(|&(r, c)| grid[r][c] == wanted);
            cell.ok_or(format!("maze {number}: no `{}`", wanted as char))
        };
        let (start, box_cell, target) = (find(b'S')?, find(b'B')?, find(b'T')?);
        mazes.push(Maze {
            rows: grid,
            start,
            box_cell,
            target,
        });
    }
}

/// Splits a report into each maze's answer token, checking the `Maze #k` headers.
fn answers(text: &str, mazes: usize) -> Result<Vec<&str>, String> {
    let mut tokens = text.split_ascii_whitespace();
    let mut found = Vec::with_capacity(mazes);
    for k in 1..=mazes {
        let (Some(maze), Some(number), Some(answer)) =
            (tokens.next(), tokens.next(), tokens.next())
        else {
            let answered = count(found.len(), "maze", "mazes");
            return Err(format!("output ends early: {answered} of {mazes} answered"));
        };
        if maze != "Maze" || number != format!("#{k}") {
            let got = show(&format!("{maze} {number}"));
            return Err(format!("expected \"Maze #{k}\", got {got}"));
        }
        found.push(answer);
    }
    match tokens.next() {
        Some(extra) => Err(format!("extra output after maze {mazes}: {}", show(extra))),
        None => Ok(found),
    }
}

/// One maze's answer against the reference's.
fn check_maze(maze: &Maze, got: &str, want: &str) -> Verdict {
    if want == IMPOSSIBLE {
        return match got {
            IMPOSSIBLE => Verdict::Accepted,
            _ => Verdict::Wrong(format!("expected Impossible., got {}", show(got))),
        };
    }
    let (pushes, moves) = match maze.replay(want) {
        Ok(cost) => cost,
        Err(e) => return Verdict::Failed(format!("the reference answer is illegal: {e}")),
    };
    if got == IMPOSSIBLE {
        let needs = count(pushes, "push", "pushes");
        return Verdict::Wrong(format!("got Impossible., but the reference needs {needs}"));
    }
    match maze.replay(got) {
        Err(e) => Verdict::Wrong(e),
        Ok((p, _)) if p > pushes => Verdict::Wrong(format!(
            "not fewest pushes: {}, the reference has {pushes}",
            count(p, "push", "pushes")
        )),
        Ok((p, m)) if p == pushes && m > moves => Verdict::Wrong(format!(
            "not fewest moves: {} with {}, the reference has {moves}",
            count(m, "move", "moves"),
            count(p, "push", "pushes")
        )),
        Ok((p, m)) if (p, m) < (pushes, moves) => Verdict::Failed(format!(
            "({p} pushes, {m} moves) beats the reference's ({pushes}, {moves}): the reference is not optimal"
        )),
        Ok(_) => Verdict::Accepted,
    }
}

/// The lines of `text` with trailing whitespace (CR too) cut and trailing empty lines dropped.
fn lines_of(text: &str) -> impl Iterator<Item = &str> {
    let kept = text.trim_end_matches(|c: char| c.is_ascii_whitespace());
    let count = if kept.is_empty() { 0 } else { usize::MAX };
    kept.split('\n')
        .take(count)
        .map(|l| l.trim_end_matches(|c: char| c.is_ascii_whitespace()))
}

/// Beyond mode's layout: the output's lines against the statement's (`Maze #k`, the answer, an empty line).
fn layout(output: &str, answers: &[&str]) -> Verdict {
    let canonical: String = answers
        .iter()
        .enumerate()
        .map(|(k, a)| format!("Maze #{}\n{a}\n\n", k + 1))
        .collect();
    let mut got = lines_of(output);
    let mut want = lines_of(&canonical);
    for line in 1.. {
        match (got.next(), want.next()) {
            (None, None) => return Verdict::Accepted,
            (g, w) if g == w => {}
            (g, w) => {
                let (g, w) = (show(g.unwrap_or("")), show(w.unwrap_or("")));
                return Verdict::Presentation(format!(
                    "differs only in whitespace: line {line}: expected {w}, got {g}"
                ));
            }
        }
    }
    Verdict::Accepted
}

/// Checks every maze, then (in beyond mode) the layout.
fn check(mode: Mode, input: &str, output: &str, answer: &str) -> Verdict {
    let mazes = match parse_mazes(input) {
        Ok(mazes) => mazes,
        Err(e) => return Verdict::Failed(format!("input: {e}")),
    };
    let want = match answers(answer, mazes.len()) {
        Ok(want) => want,
        Err(e) => return Verdict::Failed(format!("answer file: {e}")),
    };
    let got = match answers(output, mazes.len()) {
        Ok(got) => got,
        Err(e) => return Verdict::Wrong(e),
    };
    for (k, maze) in mazes.iter().enumerate() {
        match check_maze(maze, got[k], want[k]) {
            Verdict::Accepted => {}
            Verdict::Wrong(note) => return Verdict::Wrong(format!("maze {}: {note}", k + 1)),
            Verdict::Presentation(note) => {
                return Verdict::Presentation(format!("maze {}: {note}", k + 1))
            }
            Verdict::Failed(note) => return Verdict::Failed(format!("maze {}: {note}", k + 1)),
        }
    }
    match mode {
        Mode::Official => Verdict::Accepted,
        Mode::Beyond => layout(output, &got),
    }
}

/// The mode the flags name: none or `official`, or `beyond`.
fn mode(flags: &[String]) -> Result<Mode, String> {
    match flags {
        [] => Ok(Mode::Official),
        [flag] if flag == "official" => Ok(Mode::Official),
        [flag] if flag == "beyond" => Ok(Mode::Beyond),
        _ => Err(format!(
            "unknown flags {flags:?}: none (official), or one of official, beyond"
        )),
    }
}

/// The verdict for the command line `args` (without the program name) and the team's `output`.
fn run(args: &[String], output: &str) -> Verdict {
    if args.len() < 3 {
        return Verdict::Failed(
            "usage: validate INPUT ANSWER FEEDBACK_DIR [official|beyond] < OUTPUT".to_string(),
        );
    }
    let mode = match mode(&args[3..]) {
        Ok(mode) => mode,
        Err(e) => return Verdict::Failed(e),
    };
    let mut texts = Vec::with_capacity(2);
    for path in &args[..2] {
        match fs::read(path) {
            Ok(bytes) => texts.push(String::from_utf8_lossy(&bytes).into_owned()),
            Err(e) => return Verdict::Failed(format!("cannot read {path}: {e}")),
        }
    }
    check(mode, &texts[0], output, &texts[1])
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut output = Vec::new();
    let verdict = match std::io::stdin().read_to_end(&mut output) {
        Ok(_) => run(&args, &String::from_utf8_lossy(&output)),
        Err(e) => Verdict::Failed(format!("cannot read the output on stdin: {e}")),
    };
    let (code, note) = match verdict {
        Verdict::Accepted => std::process::exit(42),
        Verdict::Wrong(note) | Verdict::Presentation(note) => (43, note),
        Verdict::Failed(note) => (1, note),
    };
    // The reason goes to the feedback folder; a judge error (or a folder that cannot take it) also to stderr.
    let written = match args.get(2) {
        Some(dir) => fs::write(Path::new(dir).join("judgemessage.txt"), format!("{note}\n")),
        None => Ok(()),
    };
    match written {
        Ok(()) if code == 43 => {}
        Ok(()) => eprintln!("{note}"),
        Err(e) => {
            eprintln!("cannot write judgemessage.txt ({e}): {note}");
            std::process::exit(1);
        }
    }
    std::process::exit(code);
}
