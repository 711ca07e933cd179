//! Writes the stress inputs behind the issues' whole-process speed targets that testdata cannot hold, as
//! problem packages whose limits *are* the targets, so `scripts/bench-whole` measures them with the judge:
//! - Eight: all 9! = 362,880 boards in one file, ≤ 1 s and ≤ 32 MiB (HDU's memory limit);
//! - Rotation Game: 300 random boards in one file (POJ allows 30), ≤ 210 ms: 10× faster than the
//!   lecture's C++ IDA*, which takes ~2.1 s on such a file;
//! - Pushing Boxes: 100 open 20×20 mazes, half with the target sealed off (every push state explored),
//!   under POJ's 2 s.
//!
//! Each package (`ROOT/<name>/`) holds `problem.yaml` (the limits), the single case
//! `data/secret/all.in` / `.ans`, the solution crate's `main.rs` as its one accepted submission, and the
//! testdata package's output validator with its `beyond` flags (the strict check: shortest answers, exact
//! layout), or none: the default validator. Answers come from the references, as for testdata.
//! Usage: `stress ROOT` (a folder to write into).
use std::fs;
use std::path::{Path, PathBuf};
use testgen::rng::Rng;
use testgen::{
    poj1077_eight as eight, poj1475_pushing_boxes as boxes, poj2286_rotation_game as rotation,
};

/// How a stress package checks its answer.
enum Validator<'a> {
    /// The judge's default validator: tokens compared.
    Default,
    /// `testdata/<problem>/output_validator/validate.rs`, run with these flags.
    Package { problem: &'a str, flags: &'a str },
}

/// One stress problem: the solution crate it runs, the limits that are its target, its validator.
struct Stress<'a> {
    name: &'a str,
    solution: &'a str,
    time_limit_ms: u32,
    memory_mib: u32,
    validator: Validator<'a>,
}

impl Stress<'_> {
    /// Writes the package `ROOT/<name>/` around the single case `all.in` / `all.ans`.
    fn write(&self, root: &Path, input: &str, answer: &str) {
        let dir = root.join(self.name);
        // A package left by an earlier run may hold a validator this one no longer has.
        if dir.exists() {
            fs::remove_dir_all(&dir).expect("remove the old stress package");
        }
        let secret = dir.join("data/secret");
        let accepted = dir.join("submissions/accepted");
        for folder in [&secret, &accepted] {
            fs::create_dir_all(folder).expect("create the stress package");
        }
        fs::write(dir.join("problem.yaml"), self.problem_yaml()).expect("write problem.yaml");
        fs::write(secret.join("all.in"), input).expect("write all.in");
        fs::write(secret.join("all.ans"), answer).expect("write all.ans");
        let main_rs = workspace()
            .join("problems")
            .join(self.solution)
            .join("src/main.rs");
        let submission = accepted.join(format!("{}.rs", self.solution));
        fs::copy(&main_rs, submission).expect("copy the solution's main.rs");
        if let Validator::Package { problem, flags } = self.validator {
            let source = workspace()
                .join("testdata")
                .join(problem)
                .join("output_validator/validate.rs");
            fs::create_dir(dir.join("output_validator")).expect("create output_validator/");
            fs::copy(source, dir.join("output_validator/validate.rs"))
                .expect("copy the output validator");
            let flags = format!("output_validator_flags: {flags}\n");
            fs::write(secret.join("testdata.yaml"), flags).expect("write testdata.yaml");
        }
    }

    /// The package's `problem.yaml`: its name and limits.
    fn problem_yaml(&self) -> String {
        // f64's Display gives the shortest exact form: 1000 ms → `1`, 210 ms → `0.21`.
        format!(
            "# A stress package written by scripts/testgen/examples/stress.rs: its limits are an issue's target.\n\
             problem_format_version: 2023-07-draft\n\
             name: {}\n\
             limits:\n  time_limit: {}\n  memory: {}\n",
            self.name,
            f64::from(self.time_limit_ms) / 1000.0,
            self.memory_mib
        )
    }
}

/// The workspace's root folder.
fn workspace() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().expect("the workspace root")
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
        memory_mib: 32,
        validator: Validator::Package {
            problem: "hdu1043-eight",
            flags: "beyond",
        },
    };
    eight.write(root, &eight::format_input(&boards), &answer);

    let mut rng = Rng::new(0x2286);
    let boards: Vec<_> = (0..300).map(|_| rotation::random_board(&mut rng)).collect();
    let input = rotation::format_input(&boards);
    let rotation_game = Stress {
        name: "rotation-300-boards",
        solution: "poj2286-rotation-game",
        time_limit_ms: 210,
        memory_mib: 146,
        validator: Validator::Default,
    };
    rotation_game.write(root, &input, &rotation::solve(&input));

    let input = boxes::input(&(0..100).map(open_maze).collect::<Vec<_>>());
    let pushing_boxes = Stress {
        name: "boxes-100-open-mazes",
        solution: "poj1475-pushing-boxes",
        time_limit_ms: 2000,
        memory_mib: 128,
        validator: Validator::Package {
            problem: "poj1475-pushing-boxes",
            flags: "beyond",
        },
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
