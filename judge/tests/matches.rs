//! `judge match` end to end: tiny piskvork engines (tests/fixtures/engines/first_empty.rs, as a source file,
//! and compiled once here and run as `cmd:` with its modes `slow`, `crash`, `hog`, `illegal`, `garbage`)
//! play short matches refereed by a small fixture referee;
//! the results, loss reasons, records, replays of the records and the SPRT stop are checked against games
//! worked out by hand (two first-empty-point engines: Black makes five on a diagonal at its 31st move from
//! the empty board, White on a diagonal from the opening h8 — both 61 moves, checked by a separate
//! simulation).
//!
//! Whole matches of many games, and the Gomoku engine against the seed's AI, are in the full run
//! (`-- --include-ignored`).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/engines")
        .join(name);
    path.to_string_lossy().into_owned()
}

/// The first-empty-point engine in one of its modes, as a command: `MODE=cmd:<binary> MODE`.
fn variant(mode: &str) -> String {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    let binary = BINARY.get_or_init(|| {
        // Under target/, not /tmp: the sandbox gives every program a /tmp of its own, hiding one there.
        let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join("matches-first_empty");
        let status = Command::new("rustc")
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&binary)
            .arg(fixture("first_empty.rs"))
            .status()
            .expect("rustc runs");
        assert!(status.success(), "first_empty.rs does not compile");
        binary
    });
    format!("{mode}=cmd:{} {mode}", binary.display())
}

/// A scratch folder of this test process.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-matches-{}-{test}", std::process::id()));
    fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

struct Played {
    code: i32,
    stdout: String,
    summary: String,
    records: Vec<String>,
}

/// Plays engine spec `first` against `second` on `openings` (one per line; `""` = no openings file); extra
/// arguments follow.
fn play(test: &str, first: &str, second: &str, openings: &str, extra: &[&str]) -> Played {
    let dir = scratch(test);
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    command.arg("match");
    if !openings.is_empty() {
        let openings_file = dir.join("openings.txt");
        fs::write(&openings_file, openings).unwrap();
        command.arg("--openings").arg(&openings_file);
    }
    let (json, record) = (dir.join("summary.json"), dir.join("games.jsonl"));
    let output = command
        .args(["--engine", first, "--engine", second])
        .args(["--referee", &fixture("referee.rs")])
        .arg("--json")
        .arg(&json)
        .arg("--record")
        .arg(&record)
        .args(extra)
        .output()
        .expect("judge runs");
    let played = Played {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        summary: fs::read_to_string(&json).unwrap_or_default(),
        records: fs::read_to_string(&record)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect(),
    };
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(
        played.code,
        0,
        "judge match failed:\n{}\n{}",
        played.stdout,
        String::from_utf8_lossy(&output.stderr)
    );
    played
}

#[test]
fn the_same_engine_wins_with_the_winning_colour_of_each_opening() {
    // Empty board: Black wins; h8: White wins. Each pair is a win and a loss: pentanomial [0, 0, 2, 0, 0].
    let played = play(
        "self",
        &fixture("first_empty.rs"),
        &fixture("first_empty.rs"),
        "\n# comment\nh8\n",
        &["--rounds", "2"],
    );
    // The blank line is skipped, so both rounds play h8 (openings cycle): White wins all four games.
    assert!(
        played
            .summary
            .contains("\"games\":4,\"wins\":2,\"draws\":0,\"losses\":2"),
        "{}",
        played.summary
    );
    assert!(
        played.summary.contains("\"pentanomial\":[0, 0, 2, 0, 0]"),
        "{}",
        played.summary
    );
    assert_eq!(played.records.len(), 4);
    for record in &played.records {
        assert!(record.contains("\"opening\":\"h8\""), "{record}");
        assert!(record.contains("\"opening_moves\":[\"7,7\"]"), "{record}");
        assert!(record.contains("\"moves\":[\"0,0\",\"1,0\","), "{record}");
        assert!(
            record.contains("\"result\":\"0-1\",\"reason\":\"five\""),
            "{record}"
        );
    }
    assert!(
        played.stdout.contains("Ptnml(0-2): [0, 0, 2, 0, 0]"),
        "{}",
        played.stdout
    );
    assert!(
        played.stdout.contains("first_empty#1 vs first_empty#2"),
        "{}",
        played.stdout
    );
}

#[test]
fn an_empty_board_starts_with_begin_and_black_wins() {
    // Without --openings the match plays the empty board: BEGIN, then Black (first empty point) wins.
    let played = play(
        "empty",
        &fixture("first_empty.rs"),
        &fixture("first_empty.rs"),
        "",
        &["--games", "2"],
    );
    assert!(
        played
            .summary
            .contains("\"games\":2,\"wins\":1,\"draws\":0,\"losses\":1"),
        "{}",
        played.summary
    );
    for record in &played.records {
        assert!(
            record.contains("\"opening_moves\":[],\"moves\":[\"0,0\",\"1,0\","),
            "{record}"
        );
        assert!(
            record.contains("\"result\":\"1-0\",\"reason\":\"five\""),
            "{record}"
        );
    }
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn late_crashed_illegal_and_malformed_moves_lose_with_their_reason() {
    let slow = play(
        "slow",
        &fixture("first_empty.rs"),
        &variant("slow"),
        "h8\n",
        &["--tc-move", "500", "--timemargin", "50"],
    );
    assert!(
        slow.summary.contains("\"wins\":2,\"draws\":0,\"losses\":0"),
        "{}",
        slow.summary
    );
    assert!(
        slow.summary
            .contains("\"losses_by_reason\":{\"time forfeit\":2}"),
        "{}",
        slow.summary
    );
    assert!(
        slow.summary.contains("\"pentanomial\":[0, 0, 0, 0, 1]"),
        "{}",
        slow.summary
    );

    let crash = play(
        "crash",
        &fixture("first_empty.rs"),
        &variant("crash"),
        "h8\n",
        &[],
    );
    assert!(
        crash
            .summary
            .contains("\"losses_by_reason\":{\"crashed\":2}"),
        "{}",
        crash.summary
    );
    assert!(
        crash
            .records
            .iter()
            .all(|r| r.contains("crashed (exit code 3)")),
        "{:?}",
        crash.records
    );

    // `illegal` always answers 7,7, which the opening h8 already holds.
    let illegal = play(
        "illegal",
        &variant("illegal"),
        &fixture("first_empty.rs"),
        "h8\n",
        &[],
    );
    assert!(
        illegal
            .summary
            .contains("\"wins\":0,\"draws\":0,\"losses\":2"),
        "{}",
        illegal.summary
    );
    assert!(
        illegal
            .records
            .iter()
            .all(|r| r.contains("illegal move `7,7`: occupied")),
        "{:?}",
        illegal.records
    );

    let garbage = play(
        "garbage",
        &fixture("first_empty.rs"),
        &variant("garbage"),
        "h8\n",
        &[],
    );
    assert!(
        garbage
            .summary
            .contains("\"losses_by_reason\":{\"illegal move\":2}"),
        "{}",
        garbage.summary
    );
    assert!(
        garbage
            .records
            .iter()
            .all(|r| r.contains("illegal move `hello`")),
        "{:?}",
        garbage.records
    );
}

#[test]
fn an_engine_over_the_memory_limit_loses() {
    let hog = play(
        "hog",
        &fixture("first_empty.rs"),
        &variant("hog"),
        "h8\n",
        &["--memory-mb", "64"],
    );
    assert!(
        hog.summary.contains("\"wins\":2,\"draws\":0,\"losses\":0"),
        "{}",
        hog.summary
    );
    // However the limit bites (an allocation that fails, the sandbox stopping it, the peak measured after
    // the move), the reason says so.
    for record in &hog.records {
        assert!(
            record.contains("crashed") || record.contains("memory"),
            "{record}"
        );
    }
}

#[test]
fn an_sprt_stops_the_match_once_decided() {
    // Every pair 2-0, and H1 is 400 Elo: the LLR passes the upper bound (2.94) at the fifth pair (2.39
    // after four, 2.99 after five; by an independent maximisation in Python), long before 40 rounds.
    let played = play(
        "sprt",
        &fixture("first_empty.rs"),
        &variant("garbage"),
        "h8\n",
        &["--rounds", "40", "--sprt", "0,400,0.05,0.05"],
    );
    assert!(
        played.summary.contains("\"decision\":\"H1\""),
        "{}",
        played.summary
    );
    // Decided at the tenth game; the one worker may have taken the eleventh before the decision reached it
    // (a game already running is finished and counted).
    assert!(
        (10..=11).contains(&played.records.len()),
        "{} games played",
        played.records.len()
    );
    assert!(played.stdout.contains("H1 accepted"), "{}", played.stdout);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn records_replay_through_the_referee_and_a_tampered_one_does_not() {
    let played = play(
        "replayed",
        &fixture("first_empty.rs"),
        &variant("garbage"),
        "h8\ni9\n",
        &[],
    );
    let dir = scratch("replay");
    let replay = |records: &[String]| {
        let file = dir.join("games.jsonl");
        fs::write(&file, records.join("\n")).unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(["match", "--replay"])
            .arg(&file)
            .args(["--referee", &fixture("referee.rs")])
            .output()
            .expect("judge runs");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        (output.status.code(), stdout)
    };
    let (code, stdout) = replay(&played.records);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("Replayed 4 games: 4 as recorded, 0 not"),
        "{stdout}"
    );
    // A game where first_empty moved first now claims a first move the opening already holds.
    let mut tampered = played.records.clone();
    let moved = tampered
        .iter()
        .position(|r| r.contains("\"moves\":[\""))
        .expect("a game with moves");
    tampered[moved] = tampered[moved].replacen("\"moves\":[\"", "\"moves\":[\"7,7\",\"", 1);
    let (code, stdout) = replay(&tampered);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("referee says `illegal occupied`"),
        "{stdout}"
    );
}

/// The repository's own Gomoku engine against the seed's AI, as the README's one command plays it, cut to
/// one opening pair: the engine wins both games by five. Generous clocks (300 ms a move and a 500 ms
/// margin for the engine, 5 s for the seed): this checks results on a busy CI machine, not speed.
#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn the_gomoku_engine_beats_the_seeds_ai() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let file = |path: &str| workspace.join(path).to_string_lossy().into_owned();
    let openings = fs::read_to_string(workspace.join("testdata/gomoku/openings-15.txt")).unwrap();
    let first_opening = openings.lines().find(|l| !l.trim().is_empty()).unwrap();
    let dir = scratch("gomoku");
    let openings_file = dir.join("openings.txt");
    fs::write(&openings_file, first_opening).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("match")
        .args([
            "--engine",
            &format!("engine={}", file("problems/gomoku/src/main.rs")),
        ])
        .args([
            "--engine",
            &format!("seed={}", file("scripts/gomoku-seed/seed.rs")),
        ])
        .args(["--referee", &file("testdata/gomoku/referee.rs")])
        .arg("--openings")
        .arg(&openings_file)
        .args(["--tc-move", "300,5000", "--timemargin", "500"])
        .output()
        .expect("judge runs");
    let _ = fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("Games: 2, Wins: 2, Losses: 0, Draws: 0"),
        "{stdout}"
    );
    assert!(
        stdout.contains("seed: ") && stdout.contains("lost by five 2"),
        "{stdout}"
    );
}

#[test]
fn concurrent_games_give_the_same_results() {
    let played = play(
        "concurrent",
        &fixture("first_empty.rs"),
        &fixture("first_empty.rs"),
        "h8\ni9\n",
        &["--concurrency", "2"],
    );
    assert!(played.summary.contains("\"games\":4"), "{}", played.summary);
    assert_eq!(played.records.len(), 4);
}
