//! The seed's AI (`scripts/gomoku-seed/seed.rs`), compiled with rustc and driven through piskvork: the
//! protocol replies, the moves the spec fixes (centre first, a five when there is one), and a whole
//! seed-against-seed game refereed by `testdata/gomoku/referee.rs` that ends in a win or a draw.
//! The seed is an opponent for engine matches, not a judged program: compiled twice here, it is checked in
//! the full run (`cargo test --workspace --release -- --include-ignored`).
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `source` compiled into `dir` as `name`.
fn compile(source: &str, dir: &Path, name: &str) -> PathBuf {
    let exe = dir.join(name);
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let status = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-D", "warnings", "-o"])
        .arg(&exe)
        .arg(root().join(source))
        .status()
        .expect("rustc runs");
    assert!(status.success(), "{source} does not compile cleanly");
    exe
}

/// A process spoken to a line at a time.
struct Talker {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Talker {
    fn start(exe: &Path) -> Talker {
        let mut child = Command::new(exe)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the program starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Talker {
            child,
            input,
            output,
        }
    }

    fn say(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the program reads");
    }

    fn ask(&mut self, line: &str) -> String {
        self.say(line);
        let mut reply = String::new();
        self.output
            .read_line(&mut reply)
            .expect("the program answers");
        reply.trim().to_string()
    }
}

impl Drop for Talker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn seed_speaks_piskvork_and_plays_the_fixed_moves() {
    let dir = std::env::temp_dir().join(format!("gomoku-seed-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let seed = compile("scripts/gomoku-seed/seed.rs", &dir, "seed");
    let referee = compile("testdata/gomoku/referee.rs", &dir, "referee");

    let mut engine = Talker::start(&seed);
    assert_eq!(
        engine.ask("START 20"),
        "ERROR only size 15 is supported, not 20"
    );
    assert_eq!(engine.ask("START 15"), "OK");
    engine.say("INFO timeout_turn 1000");
    assert_eq!(engine.ask("BEGIN"), "7,7");
    assert!(engine.ask("ABOUT").starts_with("name=\"seed\""));
    assert!(engine.ask("YIELD").starts_with("UNKNOWN"));
    assert_eq!(engine.ask("RESTART"), "OK");
    // Four own stones 3..6 on row 0 and four of the opponent's on row 1: the seed makes five, at the first
    // five point in row-major order (2,0 before 7,0).
    for line in [
        "BOARD", "3,0,1", "4,0,1", "5,0,1", "6,0,1", "3,1,2", "4,1,2", "5,1,2",
    ] {
        engine.say(line);
    }
    engine.say("6,1,2");
    assert_eq!(engine.ask("DONE"), "2,0");
    // TURN after TAKEBACK: the taken-back point is free again.
    assert_eq!(engine.ask("TAKEBACK 2,0"), "OK");
    assert_ne!(engine.ask("TURN 2,0"), "2,0");
    engine.say("END");
    assert!(engine.child.wait().unwrap().success());

    // A whole game, seed against seed, from the first shared opening.
    let mut judge = Talker::start(&referee);
    assert_eq!(judge.ask("opening i11i8k7j7"), "size 15");
    let mut reply = String::new();
    judge.output.read_line(&mut reply).unwrap();
    let mut history: Vec<String> = reply.split_whitespace().skip(1).map(String::from).collect();
    let mut players = [Talker::start(&seed), Talker::start(&seed)];
    for player in &mut players {
        assert_eq!(player.ask("START 15"), "OK");
    }
    let verdict = loop {
        let side = history.len() % 2;
        let player = &mut players[side];
        player.say("BOARD");
        for (k, point) in history.iter().enumerate() {
            player.say(&format!("{point},{}", if k % 2 == side { 1 } else { 2 }));
        }
        let point = player.ask("DONE");
        let verdict = judge.ask(&format!("move {point}"));
        history.push(point);
        if verdict != "ok" {
            break verdict;
        }
    };
    assert!(
        verdict == "win" || verdict == "draw",
        "{verdict} after {history:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn seed_unit_tests_pass() {
    let dir = std::env::temp_dir().join(format!("gomoku-seed-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("seed-tests");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let status = Command::new(rustc)
        .args(["--edition", "2021", "-O", "--test", "-D", "warnings", "-o"])
        .arg(&exe)
        .arg(root().join("scripts/gomoku-seed/seed.rs"))
        .status()
        .expect("rustc runs");
    assert!(status.success(), "seed.rs does not compile as a test");
    let out = Command::new(&exe).output().expect("the seed's tests run");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
