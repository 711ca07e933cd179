//! The output validators (`testdata/<name>/output_validator/validate.cpp`) in the ICPC problem package
//! format's interface, compiled with g++ as a judge compiles them (here `g++ -O2 -std=gnu++17 -Wall -Wextra
//! -Werror`; without g++ every test says so and passes without running) and run as `validate INPUT ANSWER
//! FEEDBACK_DIR [flags] < OUTPUT` on crafted outputs: exit 42 accepted, 43 wrong answer with the reason in
//! `FEEDBACK_DIR/judgemessage.txt`, anything else a judge error. The cases are those of the testlib
//! checkers these replaced, with the interface's verdicts: a presentation error is a wrong answer. Each
//! validator also accepts every reference answer committed beside it (Eight and Pushing Boxes in both modes,
//! Gomoku each right move of each board), and HDU 1043's copy of POJ 1077's validator stays byte-equal.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// A validator's verdict as a judge reads it: the exit code, and the judge message of a rejection or error.
#[derive(Debug, PartialEq)]
enum Verdict {
    Ac,
    Wa(String),
    Je(String),
}

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// Compiles `testdata/<problem>/output_validator/validate.cpp` once per test run; the binary's path, or
/// `None` (said once on stderr) where g++ is not installed.
fn compiled(
    problem: &'static str,
    slot: &'static OnceLock<Option<PathBuf>>,
) -> Option<&'static Path> {
    slot.get_or_init(|| {
        if let Err(e) = Command::new("g++").arg("--version").output() {
            static SAID: OnceLock<()> = OnceLock::new();
            SAID.get_or_init(|| {
                // Straight to stderr: the test harness captures `eprintln!` of a passing test.
                let _ = writeln!(
                    std::io::stderr(),
                    "output validators NOT TESTED: g++ cannot run ({e}); install g++ to test them"
                );
            });
            return None;
        }
        let exe =
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("output-validator-{problem}"));
        let source = testdata()
            .join(problem)
            .join("output_validator/validate.cpp");
        let out = Command::new("g++")
            .args(["-O2", "-std=gnu++17", "-Wall", "-Wextra", "-Werror", "-o"])
            .arg(&exe)
            .arg(&source)
            .output()
            .expect("g++ runs");
        assert!(
            out.status.success(),
            "{} does not compile cleanly: {}",
            source.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        Some(exe)
    })
    .as_deref()
}

fn eight() -> Option<&'static Path> {
    static EXE: OnceLock<Option<PathBuf>> = OnceLock::new();
    compiled("poj1077-eight", &EXE)
}

fn boxes() -> Option<&'static Path> {
    static EXE: OnceLock<Option<PathBuf>> = OnceLock::new();
    compiled("poj1475-pushing-boxes", &EXE)
}

fn gomoku() -> Option<&'static Path> {
    static EXE: OnceLock<Option<PathBuf>> = OnceLock::new();
    compiled("gomoku", &EXE)
}

/// A fresh folder for one run.
fn scratch() -> PathBuf {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "output-validator-run-{}-{}",
        std::process::id(),
        CALLS.fetch_add(1, Ordering::Relaxed)
    ));
    fs::create_dir_all(dir.join("feedback")).unwrap();
    dir
}

/// Runs `validator INPUT ANSWER FEEDBACK_DIR args… < output` on files holding `input` and `answer`. Checks
/// the interface on the way: nothing on stdout; a rejection's reason (one line) only in judgemessage.txt;
/// no judge message for an accepted output; a judge error's reason in judgemessage.txt and on stderr.
fn run(validator: &Path, input: &str, output: &str, answer: &str, args: &[&str]) -> Verdict {
    let dir = scratch();
    let (input_path, answer_path, feedback) =
        (dir.join("in"), dir.join("ans"), dir.join("feedback"));
    fs::write(&input_path, input).unwrap();
    fs::write(&answer_path, answer).unwrap();
    let mut child = Command::new(validator)
        .arg(&input_path)
        .arg(&answer_path)
        .arg(&feedback)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A validator may stop reading early; a closed pipe is then not the test's concern.
    let _ = child.stdin.take().unwrap().write_all(output.as_bytes());
    let out = child.wait_with_output().unwrap();
    let message = fs::read_to_string(feedback.join("judgemessage.txt")).ok();
    fs::remove_dir_all(&dir).unwrap();
    let stderr = String::from_utf8(out.stderr).expect("the note is UTF-8");
    assert!(
        out.stdout.is_empty(),
        "stdout: {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    let note = |message: Option<String>| {
        let message = message.expect("a judgemessage.txt");
        assert_eq!(
            message.lines().count(),
            1,
            "one line of judge message: {message:?}"
        );
        message.trim_end().to_string()
    };
    match out.status.code() {
        Some(42) => {
            assert_eq!((message, stderr), (None, String::new()), "accepted quietly");
            Verdict::Ac
        }
        Some(43) => {
            assert_eq!(
                stderr, "",
                "a rejection's reason goes to judgemessage.txt only"
            );
            Verdict::Wa(note(message))
        }
        _ => {
            let note = note(message);
            assert_eq!(stderr.trim_end(), note, "a judge error is on stderr too");
            Verdict::Je(note)
        }
    }
}

/// The verdicts of both modes.
fn both(validator: &Path, input: &str, output: &str, answer: &str) -> [Verdict; 2] {
    ["official", "beyond"].map(|mode| run(validator, input, output, answer, &[mode]))
}

fn wa(note: &str) -> Verdict {
    Verdict::Wa(note.to_string())
}

fn je(note: &str) -> Verdict {
    Verdict::Je(note.to_string())
}

/// Every committed case of `problem` with its reference answer as the output.
fn assert_accepts_references(validator: &Path, problem: &str) {
    let cases = testgen::harness::testdata_cases(problem);
    assert!(cases.len() >= 10, "only {} cases in {problem}", cases.len());
    for case in cases {
        for mode in ["official", "beyond"] {
            let verdict = run(validator, &case.input, &case.answer, &case.answer, &[mode]);
            assert_eq!(
                verdict,
                Verdict::Ac,
                "{problem}/{} in {mode} mode",
                case.name
            );
        }
    }
}

#[test]
fn hdu1043_holds_a_byte_identical_copy_of_poj1077s_validator() {
    let read = |problem: &str| {
        let path = testdata()
            .join(problem)
            .join("output_validator/validate.cpp");
        fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    assert!(
        read("poj1077-eight") == read("hdu1043-eight"),
        "testdata/hdu1043-eight/output_validator/validate.cpp differs from poj1077-eight's: copy it again"
    );
}

mod eight {
    use super::*;

    const ONE_MOVE: &str = "1 2 3 4 5 6 7 x 8\n";

    #[test]
    fn the_sample_and_every_committed_answer_are_accepted() {
        let Some(eight) = eight() else { return };
        let sample = "2  3  4  1  5  x  7  6  8\n";
        let answer = "ullddrurdllurdruldr\n";
        assert_eq!(
            both(eight, sample, answer, answer),
            [Verdict::Ac, Verdict::Ac]
        );
        assert_accepts_references(eight, "poj1077-eight");
        assert_accepts_references(eight, "hdu1043-eight");
    }

    #[test]
    fn a_valid_longer_string_is_official_ac_and_beyond_wa() {
        let Some(eight) = eight() else { return };
        assert_eq!(
            both(eight, ONE_MOVE, "rlr\n", "r\n"),
            [
                Verdict::Ac,
                wa("line 1: not shortest: 3 moves, the reference has 1 (the real judge would accept it)")
            ]
        );
        // The sample solved the long way round: 19 + 12 moves of a 2x2 cycle and back.
        let sample = "2 3 4 1 5 x 7 6 8\n";
        let long = "ullddrurdllurdruldr".to_string() + "uldrulrdlurd" + "\n";
        let [official, beyond] = both(eight, sample, &long, "ullddrurdllurdruldr\n");
        assert_eq!(official, Verdict::Ac);
        assert!(matches!(beyond, Verdict::Wa(ref n) if n.contains("not shortest: 31 moves")));
    }

    #[test]
    fn another_shortest_string_is_accepted() {
        let Some(eight) = eight() else { return };
        // Half way round the 12-move cycle of the bottom-right 2x2 block: both ways back are shortest.
        let input = "1 2 3 4 x 8 7 6 5\n";
        assert_eq!(
            both(eight, input, "druldr\n", "rdlurd\n"),
            [Verdict::Ac, Verdict::Ac]
        );
    }

    #[test]
    fn illegal_or_unfinished_moves_are_wrong_in_both_modes() {
        let Some(eight) = eight() else { return };
        for (output, note) in [
            ("d\n", "line 1: move 1 `d` takes the blank off the board"),
            ("r?\n", "line 1: move 2: \"?\" is not one of u d l r"),
            (
                "l\n",
                "line 1: after 1 move the board is 123/456/x78, not the goal",
            ),
            ("R\n", "line 1: move 1: \"R\" is not one of u d l r"),
            ("", "output ends early: 0 lines for 1 boards"),
        ] {
            assert_eq!(
                both(eight, ONE_MOVE, output, "r\n"),
                [wa(note), wa(note)],
                "{output:?}"
            );
        }
    }

    #[test]
    fn unsolvable_exactly_for_unsolvable_boards() {
        let Some(eight) = eight() else { return };
        let input = "1 2 3 4 5 6 8 7 x\n";
        let answer = "unsolvable\n";
        assert_eq!(
            both(eight, input, "unsolvable\r\n", answer),
            [Verdict::Ac, Verdict::Ac]
        );
        // Nothing printed for it (as some accepted POJ solutions do) is wrong in both modes.
        let note = "line 1: the board is unsolvable, got \"\"";
        let two = format!("{input}{ONE_MOVE}");
        assert_eq!(
            both(eight, &two, "\nr\n", "unsolvable\nr\n"),
            [wa(note), wa(note)]
        );
        let note = "output ends early: 0 lines for 1 boards";
        assert_eq!(both(eight, input, "\n", answer), [wa(note), wa(note)]);
        let note = "line 1: the board is unsolvable, got \"Unsolvable\"";
        assert_eq!(
            both(eight, input, "Unsolvable\n", answer),
            [wa(note), wa(note)]
        );
        let note = "line 1: got unsolvable, but the reference solves it in 1 move";
        assert_eq!(
            both(eight, ONE_MOVE, "unsolvable\n", "r\n"),
            [wa(note), wa(note)]
        );
    }

    #[test]
    fn many_boards_a_line_each() {
        let Some(eight) = eight() else { return };
        let input = "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 8 7 x\n1 2 3 4 5 6 7 x 8\n";
        let answer = "\nunsolvable\nr\n";
        assert_eq!(
            both(eight, input, "  \nunsolvable  \r\nr", answer),
            [Verdict::Ac, Verdict::Ac]
        );
        let note = "extra lines: 4 lines for 3 boards";
        assert_eq!(
            both(eight, input, "\nunsolvable\nr\nr\n", answer),
            [wa(note), wa(note)]
        );
        let note = "output ends early: 2 lines for 3 boards";
        assert_eq!(
            both(eight, input, "\nunsolvable\n", answer),
            [wa(note), wa(note)]
        );
        // The goal last: its empty line may be missing.
        let input = "1 2 3 4 5 6 7 x 8 1 2 3 4 5 6 7 8 x";
        assert_eq!(both(eight, input, "r", "r\n\n"), [Verdict::Ac, Verdict::Ac]);
    }

    #[test]
    fn a_wrong_reference_or_usage_is_a_judge_error() {
        let Some(eight) = eight() else { return };
        let note = "board 1: 1 move beat the reference's 3: the reference is not shortest";
        assert_eq!(both(eight, ONE_MOVE, "r\n", "rlr\n"), [je(note), je(note)]);
        let note = "board 1: the reference line \"l\" does not solve the board";
        assert_eq!(both(eight, ONE_MOVE, "r\n", "l\n"), [je(note), je(note)]);
        let note = "input: board 1: bad tile \"9\"";
        assert_eq!(
            both(eight, "1 2 3 4 5 6 7 8 9", "", ""),
            [je(note), je(note)]
        );
        assert_eq!(
            run(eight, ONE_MOVE, "r\n", "r\n", &["strict"]),
            je("unknown flags [\"strict\"]: none (official), or one of official, beyond")
        );
        // No mode: official.
        assert_eq!(run(eight, ONE_MOVE, "rlr\n", "r\n", &[]), Verdict::Ac);
        // The default validator's flags (BAPCtools checks answers with them) change nothing.
        let strict = ["space_change_sensitive", "case_sensitive"];
        assert_eq!(run(eight, ONE_MOVE, "rlr\n", "r\n", &strict), Verdict::Ac);
        assert_eq!(
            run(
                eight,
                ONE_MOVE,
                "rlr\n",
                "r\n",
                &["case_sensitive", "beyond"]
            ),
            run(eight, ONE_MOVE, "rlr\n", "r\n", &["beyond"])
        );
    }
}

mod boxes {
    use super::*;

    const SAMPLE: &str = "1 7\nSB....T\n1 7\nSB..#.T\n7 11\n###########\n#T##......#\n#.#.#..####\n\
                          #....B....#\n#.######..#\n#.....S...#\n###########\n8 4\n....\n.##.\n.#..\n.#..\n\
                          .#.B\n.##S\n....\n###T\n0 0\n";
    const SAMPLE_ANSWER: &str = "Maze #1\nEEEEE\n\nMaze #2\nImpossible.\n\nMaze #3\n\
                                 eennwwWWWWeeeeeesswwwwwwwnNN\n\nMaze #4\nswwwnnnnnneeesssSSS\n\n";

    #[test]
    fn the_sample_and_every_committed_answer_are_accepted() {
        let Some(boxes) = boxes() else { return };
        assert_eq!(
            both(boxes, SAMPLE, SAMPLE_ANSWER, SAMPLE_ANSWER),
            [Verdict::Ac, Verdict::Ac]
        );
        // CR LF and no final empty line: trailing whitespace is not layout.
        let crlf = SAMPLE_ANSWER.trim_end().replace('\n', "\r\n");
        assert_eq!(
            both(boxes, SAMPLE, &crlf, SAMPLE_ANSWER),
            [Verdict::Ac, Verdict::Ac]
        );
        assert_accepts_references(boxes, "poj1475-pushing-boxes");
    }

    #[test]
    fn another_tie_is_accepted() {
        let Some(boxes) = boxes() else { return };
        // You walk round the box's corner either way (3 walks), then push it south onto the target.
        let input = "4 4\n....\n.B.S\n.T..\n....\n0 0\n";
        let answer = "Maze #1\nnwwS\n\n";
        assert_eq!(
            both(boxes, input, "Maze #1\nwnwS\n\n", answer),
            [Verdict::Ac, Verdict::Ac]
        );
    }

    /// The interface has no presentation error: beyond rejects a layout-only difference as wrong (43),
    /// and its note says so.
    #[test]
    fn layout_only_differences_are_official_ac_and_beyond_wa() {
        let Some(boxes) = boxes() else { return };
        let input = "1 3\nSBT\n1 3\nTBS\n0 0\n";
        let answer = "Maze #1\nE\n\nMaze #2\nW\n\n";
        assert_eq!(
            both(boxes, input, "Maze #1\nE\nMaze #2\nW\n", answer),
            [
                Verdict::Ac,
                wa("differs only in whitespace: line 3: expected \"\", got \"Maze #2\"")
            ]
        );
        assert_eq!(
            both(boxes, input, "Maze #1 E Maze #2 W", answer),
            [
                Verdict::Ac,
                wa("differs only in whitespace: line 1: expected \"Maze #1\", got \"Maze #1 E Maze #2 W\"")
            ]
        );
    }

    #[test]
    fn illegal_moves_are_wrong_in_both_modes() {
        let Some(boxes) = boxes() else { return };
        let input = "1 7\nSB....T\n0 0\n";
        let answer = "Maze #1\nEEEEE\n\n";
        for (moves, note) in [
            (
                "eEEEE",
                "maze 1: move 1 `e` walks into the box (a push is upper case)",
            ),
            ("n", "maze 1: move 1 `n` walks into rock or off the maze"),
            (
                "EEEEEE",
                "maze 1: move 6 `E` pushes the box into rock or off the maze",
            ),
            (
                "EEEE",
                "maze 1: the box ends at row 1, column 6, not on the target",
            ),
            (
                "EEEEx",
                "maze 1: move 5: \"x\" is not one of N S E W n s e w",
            ),
            (
                "Impossible.",
                "maze 1: got Impossible., but the reference needs 5 pushes",
            ),
        ] {
            let output = format!("Maze #1\n{moves}\n\n");
            assert_eq!(
                both(boxes, input, &output, answer),
                [wa(note), wa(note)],
                "{moves}"
            );
        }
        let note = "maze 1: move 2 `E` pushes, but the box is not there";
        let two_rows = "2 4\nSB.T\n....\n0 0\n";
        assert_eq!(
            both(boxes, two_rows, "Maze #1\nsE\n\n", "Maze #1\nEE\n\n"),
            [wa(note), wa(note)]
        );
    }

    #[test]
    fn more_pushes_or_moves_are_wrong_in_both_modes() {
        let Some(boxes) = boxes() else { return };
        // Box at (3,2) of a 5x3 room, target (2,2) above it, you below it.
        let input = "5 3\n...\n.T.\n.B.\n.S.\n...\n0 0\n";
        let answer = "Maze #1\nN\n\n";
        let note = "maze 1: not fewest moves: 3 moves with 1 push, the reference has 1";
        assert_eq!(
            both(boxes, input, "Maze #1\newN\n\n", answer),
            [wa(note), wa(note)]
        );
        // Up, back down from above, up again: 3 pushes where 1 suffices.
        let [official, beyond] = both(boxes, input, "Maze #1\nNwnneSwsseN\n\n", answer);
        assert!(
            matches!(official, Verdict::Wa(ref n) if n.contains("not fewest pushes")),
            "{official:?}"
        );
        assert_eq!(official, beyond);
        let note = "maze 1: expected Impossible., got \"N\"";
        assert_eq!(
            both(boxes, input, answer, "Maze #1\nImpossible.\n\n"),
            [wa(note), wa(note)]
        );
    }

    #[test]
    fn headers_and_counts() {
        let Some(boxes) = boxes() else { return };
        let input = "1 3\nSBT\n0 0\n";
        let answer = "Maze #1\nE\n\n";
        let note = "expected \"Maze #1\", got \"Maze #2\"";
        assert_eq!(
            both(boxes, input, "Maze #2\nE\n\n", answer),
            [wa(note), wa(note)]
        );
        let note = "output ends early: 0 mazes of 1 answered";
        assert_eq!(both(boxes, input, "", answer), [wa(note), wa(note)]);
        let note = "extra output after maze 1: \"Maze\"";
        assert_eq!(
            both(boxes, input, "Maze #1\nE\n\nMaze", answer),
            [wa(note), wa(note)]
        );
    }

    #[test]
    fn a_wrong_reference_or_usage_is_a_judge_error() {
        let Some(boxes) = boxes() else { return };
        let input = "4 4\n....\n..T.\n..B.\n..S.\n0 0\n";
        let note = "maze 1: (1 pushes, 1 moves) beats the reference's (1, 3): the reference is not optimal";
        assert_eq!(
            both(boxes, input, "Maze #1\nN\n\n", "Maze #1\newN\n\n"),
            [je(note), je(note)]
        );
        let note = "input: maze 1: no `B`";
        assert_eq!(both(boxes, "1 3\nS.T\n0 0", "", ""), [je(note), je(note)]);
        assert_eq!(
            run(boxes, input, "", "", &["official", "extra"]),
            je("unknown flags [\"official\", \"extra\"]: none (official), or one of official, beyond")
        );
        // The default validator's flags (BAPCtools checks answers with them) change nothing.
        let (row, east) = ("1 3\nSBT\n0 0\n", "Maze #1\nE\n\n");
        let strict = ["case_sensitive", "space_change_sensitive", "beyond"];
        assert_eq!(run(boxes, row, east, east, &strict), Verdict::Ac);
        // No flag: official, which reads the output as tokens.
        let answer = "Maze #1\nN\n\n";
        assert_eq!(run(boxes, input, "Maze #1 N", answer, &[]), Verdict::Ac);
    }
}

mod gomoku {
    use super::*;

    /// Two empty boards: the validator counts boards, it does not read them.
    fn two_boards() -> String {
        let board = ".".repeat(15) + "\n";
        format!("{}\n{}", board.repeat(15), board.repeat(15))
    }

    const ANSWER: &str = "3,4 7,7\n0,14\n";

    #[test]
    fn a_right_move_is_accepted_whatever_the_blank_lines() {
        let Some(gomoku) = gomoku() else { return };
        let input = two_boards();
        for output in [
            "7,7\n0,14\n",
            "3,4\r\n\r\n0,14",
            "\n  3,4\t\n\n0,14 \n\n",
            "07,7\n0,14\n",
        ] {
            assert_eq!(
                run(gomoku, &input, output, ANSWER, &[]),
                Verdict::Ac,
                "{output:?}"
            );
        }
        assert_eq!(
            run(gomoku, &input, "7,7\n0,14\n", ANSWER, &["official"]),
            Verdict::Ac
        );
    }

    #[test]
    fn a_legal_but_wrong_move_is_rejected_naming_the_board() {
        let Some(gomoku) = gomoku() else { return };
        let input = two_boards();
        for (output, note) in [
            (
                "7,7\n0,13\n",
                "board 2: 0,13 is not a right move (right: 0,14)",
            ),
            (
                "0,14\n3,4\n",
                "board 1: 0,14 is not a right move (right: 3,4 7,7)",
            ),
            // Off the board: it parses, and is simply not a right move.
            (
                "7,7\n0,99\n",
                "board 2: 0,99 is not a right move (right: 0,14)",
            ),
        ] {
            assert_eq!(
                run(gomoku, &input, output, ANSWER, &[]),
                wa(note),
                "{output:?}"
            );
        }
    }

    #[test]
    fn a_malformed_line_is_wrong() {
        let Some(gomoku) = gomoku() else { return };
        let input = two_boards();
        for (output, got) in [
            ("7,7\n0 14\n", "\"0 14\""),
            ("7,7\n0,14,1\n", "\"0,14,1\""),
            ("7,7\n007,14\n", "\"007,14\""),
            ("7,7\n+0,14\n", "\"+0,14\""),
            ("7,7\n0,\n", "\"0,\""),
            ("7,7\n(0,14)\n", "\"(0,14)\""),
        ] {
            let note = format!("board 2: expected a move X,Y, got {got}");
            assert_eq!(
                run(gomoku, &input, output, ANSWER, &[]),
                Verdict::Wa(note),
                "{output:?}"
            );
        }
    }

    #[test]
    fn too_few_or_too_many_lines_are_wrong() {
        let Some(gomoku) = gomoku() else { return };
        let input = two_boards();
        let cases = [
            ("7,7\n", "board 2: no move (expected one of 0,14)"),
            ("", "board 1: no move (expected one of 3,4 7,7)"),
            ("7,7\n0,14\n1,1\n", "3 moves for 2 boards"),
        ];
        for (output, note) in cases {
            assert_eq!(
                run(gomoku, &input, output, ANSWER, &[]),
                wa(note),
                "{output:?}"
            );
        }
    }

    #[test]
    fn bad_testdata_or_usage_is_a_judge_error() {
        let Some(gomoku) = gomoku() else { return };
        let input = two_boards();
        assert_eq!(
            run(gomoku, &input, "7,7\n0,14\n", "3,4 7;7\n0,14\n", &[]),
            je("bad answer move \"7;7\"")
        );
        assert_eq!(
            run(gomoku, &input, "7,7\n", "3,4 7,7\n", &[]),
            je("2 boards but 1 answer lines")
        );
        assert_eq!(
            run(gomoku, &input, "7,7\n0,14\n", ANSWER, &["beyond"]),
            je("unknown flags [\"beyond\"]: none, or official (the only mode)")
        );
        // The default validator's flags (BAPCtools checks answers with them) change nothing.
        assert_eq!(
            run(
                gomoku,
                &input,
                "7,7\n0,14\n",
                ANSWER,
                &["case_sensitive", "space_change_sensitive"]
            ),
            run(gomoku, &input, "7,7\n0,14\n", ANSWER, &[])
        );
    }

    /// Each right move of each board of every committed case, one output per move position: output `j`
    /// plays the `j`-th right move of each board (its last one where it has fewer).
    #[test]
    fn every_right_move_of_every_committed_case_is_accepted() {
        let Some(gomoku) = gomoku() else { return };
        let cases = testgen::harness::testdata_cases("gomoku");
        assert!(cases.len() >= 10, "only {} cases in gomoku", cases.len());
        for case in cases {
            let right: Vec<Vec<&str>> = case
                .answer
                .lines()
                .map(|line| line.split_whitespace().collect())
                .collect();
            let most = right.iter().map(Vec::len).max().unwrap_or(0);
            assert!(most > 0, "gomoku/{}: no right move", case.name);
            for j in 0..most {
                let output: String = right
                    .iter()
                    .map(|moves| format!("{}\n", moves[j.min(moves.len() - 1)]))
                    .collect();
                assert_eq!(
                    run(gomoku, &case.input, &output, &case.answer, &[]),
                    Verdict::Ac,
                    "gomoku/{}: {output:?}",
                    case.name
                );
            }
        }
    }
}

/// The interface itself: too few arguments, or a feedback folder that cannot take the judge message, is a
/// judge error (neither 42 nor 43), reported on stderr.
#[test]
fn usage_and_feedback_folder_errors_are_judge_errors() {
    let (Some(eight), Some(boxes), Some(gomoku)) = (eight(), boxes(), gomoku()) else {
        return;
    };
    let dir = scratch();
    let input = dir.join("in");
    fs::write(&input, "1 2 3 4 5 6 7 x 8\n").unwrap();
    for (validator, args) in [
        (eight, vec![input.clone(), input.clone()]),
        (boxes, vec![input.clone()]),
        (gomoku, vec![input.clone(), input.clone()]),
        (
            eight,
            vec![input.clone(), input.clone(), dir.join("no-such-folder")],
        ),
        (
            gomoku,
            vec![input.clone(), input.clone(), dir.join("no-such-folder")],
        ),
    ] {
        let out = Command::new(validator)
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let code = out.status.code();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!matches!(code, Some(42 | 43)), "{args:?}: exit {code:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(out.stdout.is_empty());
    }
    fs::remove_dir_all(&dir).unwrap();
}
