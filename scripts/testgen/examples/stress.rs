//! Writes the stress inputs behind the issues' whole-process speed targets that testdata cannot hold, as
//! judge problems whose limits *are* the targets, so `scripts/bench-whole` measures them with the judge:
//! - Eight: all 9! = 362,880 boards in one file, ≤ 1 s and ≤ 32 MiB (HDU's memory limit);
//! - Rotation Game: 300 random boards in one file (POJ allows 30), ≤ 210 ms: 10× faster than the
//!   lecture's C++ IDA*, which takes ~2.1 s on such a file;
//! - Pushing Boxes: 100 open 20×20 mazes, half with the target sealed off (every push state explored),
//!   under POJ's 2 s.
//!
//! Answers come from the references, as for testdata. Usage: `stress ROOT` (a folder to write into).
use std::fs;
use std::path::Path;
use testgen::rng::Rng;
use testgen::{
    poj1077_eight as eight, poj1475_pushing_boxes as boxes, poj2286_rotation_game as rotation,
};

/// One stress problem: the solution crate it runs and the limits that are its target.
struct Stress<'a> {
    name: &'a str,
    solution: &'a str,
    time_limit_ms: u32,
    memory_limit_mb: u32,
    checker: &'a str,
}

impl Stress<'_> {
    /// Writes `ROOT/<name>/problem.toml` and the single case `all.in` / `all.ans`.
    fn write(&self, root: &Path, input: &str, answer: &str) {
        let dir = root.join(self.name);
        fs::create_dir_all(&dir).expect("create the stress folder");
        let problems = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../problems");
        let problems = problems.canonicalize().expect("problems/");
        let toml = format!(
            "solution = \"{}/{}/src/main.rs\"\ntime_limit_ms = {}\nmemory_limit_mb = {}\nchecker = \"{}\"\n",
            problems.display(),
            self.solution,
            self.time_limit_ms,
            self.memory_limit_mb,
            self.checker
        );
        fs::write(dir.join("problem.toml"), toml).expect("write problem.toml");
        fs::write(dir.join("all.in"), input).expect("write all.in");
        fs::write(dir.join("all.ans"), answer).expect("write all.ans");
    }
}

fn main() {
    let root = std::env::args().nth(1).expect("usage: stress ROOT");
    let root = Path::new(&root);

    let boards = eight::all_boards();
    let distances = eight::Distances::new();
    let answer: String = boards.iter().map(|b| distances.answer(b) + "\n").collect();
    let eight = Stress {
        name: "eight-all-boards",
        solution: "hdu1043-eight",
        time_limit_ms: 1000,
        memory_limit_mb: 32,
        checker: "eight",
    };
    eight.write(root, &eight::format_input(&boards), &answer);

    let mut rng = Rng::new(0x2286);
    let boards: Vec<_> = (0..300).map(|_| rotation::random_board(&mut rng)).collect();
    let input = rotation::format_input(&boards);
    let rotation_game = Stress {
        name: "rotation-300-boards",
        solution: "poj2286-rotation-game",
        time_limit_ms: 210,
        memory_limit_mb: 146,
        checker: "lines",
    };
    rotation_game.write(root, &input, &rotation::solve(&input));

    let input = boxes::input(&(0..100).map(open_maze).collect::<Vec<_>>());
    let pushing_boxes = Stress {
        name: "boxes-100-open-mazes",
        solution: "poj1475-pushing-boxes",
        time_limit_ms: 2000,
        memory_limit_mb: 128,
        checker: "boxes",
    };
    pushing_boxes.write(root, &input, &boxes::answer(&input));
}

/// An open 20×20 maze, you in a corner and the box in the middle; odd `k`: the target in the far corner,
/// even `k`: the same corner walled off, so the search must exhaust every push state to say `Impossible.`.
fn open_maze(k: usize) -> boxes::Grid {
    let mut rows = vec![vec![b'.'; 20]; 20];
    rows[0][0] = b'S';
    rows[10][10] = b'B';
    rows[19][19] = b'T';
    if k % 2 == 0 {
        rows[18][18] = b'#';
        rows[18][19] = b'#';
        rows[19][18] = b'#';
    }
    boxes::Grid { rows }
}
