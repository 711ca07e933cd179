//! The gomoku match referee (`testdata/gomoku/referee.rs`), compiled with rustc the way the judge does and
//! driven through its protocol. (The tactical testdata's output validator is tested with the others, in
//! output_validators.rs.)
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A point (x, y).
type Point = (usize, usize);

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/gomoku")
}

/// An executable in a temp folder of its own, removed on drop.
struct Built {
    dir: PathBuf,
    exe: PathBuf,
}

impl Drop for Built {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Compiles `testdata/gomoku/<name>.rs` into a fresh temp folder.
fn compile(name: &str) -> Built {
    // One folder per call: the tests run in parallel and must not overwrite each other's executable.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("gomoku-{name}-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let exe = dir.join(name);
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let status = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-D", "warnings", "-o"])
        .arg(&exe)
        .arg(testdata().join(format!("{name}.rs")))
        .status()
        .expect("rustc runs");
    assert!(status.success(), "{name}.rs does not compile cleanly");
    Built { dir, exe }
}

/// Feeds `input` to the referee and returns its output lines.
fn referee(built: &Built, input: &str) -> Vec<String> {
    referee_with(built, &[], input)
}

/// The same, the referee started with `args` (`--rule N`).
fn referee_with(built: &Built, args: &[&str], input: &str) -> Vec<String> {
    let mut child = Command::new(&built.exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the referee starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().expect("the referee ends");
    assert!(
        out.status.success(),
        "the referee's exit status on {input:?}"
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn referee_follows_the_protocol() {
    let exe = compile("referee");
    let cases: &[(&str, &[&str])] = &[
        // An opening from the shared file: Black i11 = 8,10, White i8 = 8,7, …
        (
            "opening i11i8k7j7\n",
            &["size 15", "moves 8,10 8,7 10,6 9,6"],
        ),
        ("opening\nmove 7,7\n", &["size 15", "moves", "ok"]),
        (
            "opening \r\nmove 7,7\r\n\r\nmove 7,7\n",
            &["size 15", "moves", "ok", "illegal 7,7 is occupied"],
        ),
        (
            "opening\nmove 15,0\n",
            &["size 15", "moves", "illegal 15,0 is off the 15x15 board"],
        ),
        (
            "opening\nmove pass\n",
            &[
                "size 15",
                "moves",
                "illegal expected a move X,Y, got \"pass\"",
            ],
        ),
        (
            "opening\nmove -1,3\n",
            &[
                "size 15",
                "moves",
                "illegal expected a move X,Y, got \"-1,3\"",
            ],
        ),
        ("move 1,1\n", &["error a move before any opening"]),
        ("opening a1a1\n", &["error the opening plays 0,0 twice"]),
        (
            "opening a1b1a2b2a3b3a4b4a5\n",
            &["error the opening is already decided at 0,4"],
        ),
        (
            "opening p1\n",
            &["error expected a column a-o at offset 0 of the opening"],
        ),
        (
            "opening a16\n",
            &["error row 16 at offset 1 is off the board"],
        ),
        (
            "opening a\n",
            &["error expected a row 1-15 at offset 1 of the opening"],
        ),
        ("", &[]),
    ];
    for (input, expected) in cases {
        assert_eq!(referee(&exe, input), *expected, "{input:?}");
    }
}

#[test]
fn referee_sees_fives_overlines_and_the_side_to_move() {
    let exe = compile("referee");
    // White's moves come from the opening parity: after a1 (Black), White plays first here.
    let white_five = "opening a1\nmove 1,1\nmove 14,14\nmove 2,2\nmove 14,12\nmove 3,3\nmove 14,10\nmove 4,4\nmove 14,8\nmove 5,5\nmove 6,6\n";
    assert_eq!(
        referee(&exe, white_five),
        [
            "size 15",
            "moves 0,0",
            "ok",
            "ok",
            "ok",
            "ok",
            "ok",
            "ok",
            "ok",
            "ok",
            "win",
            "error the game is over"
        ]
    );
    // Black fills the gap of x x . x x x: six in a row wins in freestyle.
    let overline = "opening a1n1b1n3d1n5e1n7f1n9\nmove 2,0\n";
    assert_eq!(referee(&exe, overline)[2], "win");
    // Four in a row is not five.
    let four = "opening a1n1b1n3c1n5\nmove 3,0\n";
    assert_eq!(referee(&exe, four)[2], "ok");
}

#[test]
fn referee_honours_the_rule_argument() {
    let exe = compile("referee");
    // Black fills the gap of x x . x x x: six in a row. Freestyle: a win; standard: a move; renju: a foul.
    let overline = "opening a1n1b1n3d1n5e1n7f1n9\nmove 2,0\n";
    assert_eq!(referee_with(&exe, &["--rule", "0"], overline)[2], "win");
    assert_eq!(referee_with(&exe, &["--rule", "1"], overline)[2], "ok");
    assert_eq!(
        referee_with(&exe, &["--rule=4"], overline)[2],
        "illegal 2,0 is forbidden for Black (renju): an overline"
    );
    // White's six wins under renju, not under standard.
    let white_six = "opening a1a15b1b15n1d15n3e15n5f15n7\nmove 2,14\n";
    assert_eq!(referee_with(&exe, &["--rule", "4"], white_six)[2], "win");
    assert_eq!(referee_with(&exe, &["--rule", "1"], white_six)[2], "ok");
    // Black's f8 g8 and h6 h7: h8 (7,7) makes two open threes.
    let double_three = "opening f8a1g8a3h6a5h7o15\nmove 7,7\n";
    assert_eq!(
        referee_with(&exe, &["--rule", "4"], double_three)[2],
        "illegal 7,7 is forbidden for Black (renju): a double three"
    );
    assert_eq!(referee_with(&exe, &["--rule", "1"], double_three)[2], "ok");
    // A renju opening that holds a Black foul is refused.
    assert_eq!(
        referee_with(&exe, &["--rule", "4"], "opening f8a1g8a3h6a5h7o15h8\n"),
        ["error the opening's black 7,7 is forbidden: a double three"]
    );
    // A bad argument: exit 1 with one line on stderr.
    for args in [&["--rule", "2"][..], &["--rule"], &["rule=4"]] {
        let out = Command::new(&exe.exe)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    }
}

#[test]
fn referee_calls_a_full_board_a_draw() {
    let exe = compile("referee");
    // Black where (x + 2y) mod 4 < 2: rows read x x o o …, columns alternate, both diagonals read
    // x o o x x o o …, so no colour ever has three in a row; 113 black points, 112 white.
    let (black, white): (Vec<Point>, Vec<Point>) = (0..15)
        .flat_map(|y| (0..15).map(move |x| (x, y)))
        .partition(|&(x, y)| (x + 2 * y) % 4 < 2);
    assert_eq!((black.len(), white.len()), (113, 112));
    let mut input = String::from("opening\n");
    for k in 0..225 {
        let (x, y) = if k % 2 == 0 {
            black[k / 2]
        } else {
            white[k / 2]
        };
        input.push_str(&format!("move {x},{y}\n"));
    }
    let out = referee(&exe, &input);
    assert_eq!(out.len(), 2 + 225);
    assert!(out[2..226].iter().all(|l| l == "ok"), "{out:?}");
    assert_eq!(out[226], "draw");
}
