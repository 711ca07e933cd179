//! The stress programs of every package (`testdata/<name>/generators/random.rs` and `reference.rs`), held to
//! what `judge stress` relies on. Each is compiled alone, as the judge compiles it (`rustc --edition 2021
//! -O`, here with `-D warnings`), then:
//! - `reference` on every committed sample and official input prints the committed `.ans`, byte for byte
//!   (the same solver wrote them inside testgen, so this proves the standalone program is that solver);
//! - `random SEED SIZE`, over a spread of seeds and sizes, prints an input the package's input validator
//!   accepts with no flag (the official group's), the same bytes for the same arguments, and one the
//!   reference answers; a bad argument is a usage error.
//!
//! gomoku has no stress programs yet (it is being rewritten).
//!
//! Compiling three programs of each package is the cost: the packages' checks are in the full run
//! (`cargo test --workspace --release -- --include-ignored`); the default run keeps the checks of the
//! folder's shape.
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// Compiles `testdata/<problem>/<source>` alone; the binary's path.
fn compile(problem: &str, source: &str) -> PathBuf {
    let source_path = testdata().join(problem).join(source);
    let stem = source.replace(['/', '.'], "-");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("stress-{problem}-{stem}"));
    let out = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-D", "warnings", "-o"])
        .arg(&exe)
        .arg(&source_path)
        .output()
        .expect("rustc runs");
    assert!(
        out.status.success(),
        "{} does not compile alone: {}",
        source_path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// Runs `exe args…` with `input` on stdin.
fn run(exe: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    // A program may stop reading early; a closed pipe is then not the test's concern.
    let _ = child.stdin.take().expect("piped").write_all(input);
    child.wait_with_output().expect("the program's output")
}

/// The three programs of a package.
struct Programs {
    problem: &'static str,
    random: PathBuf,
    reference: PathBuf,
    validator: PathBuf,
}

impl Programs {
    fn compile(problem: &'static str) -> Programs {
        Programs {
            problem,
            random: compile(problem, "generators/random.rs"),
            reference: compile(problem, "generators/reference.rs"),
            validator: compile(problem, "input_validators/validate.rs"),
        }
    }

    /// The reference's output on `input`; it must succeed quietly.
    fn reference(&self, input: &str, what: &str) -> String {
        let out = run(&self.reference, &[], input.as_bytes());
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{}: reference on {what}: {} {}",
            self.problem,
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("the answer is UTF-8")
    }

    /// The reference reproduces every committed sample and official answer (at least `at_least` cases),
    /// but those whose name starts with one of `skipped`.
    fn assert_reference_reproduces_testdata(&self, at_least: usize, skipped: &[&str]) {
        let mut cases = testgen::harness::testdata_cases(&format!("{}/data/sample", self.problem));
        cases.extend(testgen::harness::testdata_cases(&format!(
            "{}/data/secret/official",
            self.problem
        )));
        assert!(
            cases.len() >= at_least,
            "{}: only {} cases",
            self.problem,
            cases.len()
        );
        for case in cases {
            let leaf = case.name.rsplit('/').next().unwrap_or(&case.name);
            if skipped.iter().any(|prefix| leaf.starts_with(prefix)) {
                continue;
            }
            let output = self.reference(&case.input, &case.name);
            assert!(
                output == case.answer,
                "{}: the reference's output on {} differs from the committed .ans",
                self.problem,
                case.name
            );
        }
    }

    /// `random SEED SIZE` for every seed and size: valid (no flag) and deterministic; the reference answers
    /// the first seed's input of each size in `answered`.
    fn assert_random_inputs_are_valid(&self, seeds: &[u64], sizes: &[u64], answered: &[u64]) {
        for &size in sizes {
            for &seed in seeds {
                let args = [seed.to_string(), size.to_string()];
                let args = [args[0].as_str(), args[1].as_str()];
                let first = run(&self.random, &args, b"");
                assert!(
                    first.status.success() && first.stderr.is_empty(),
                    "{}: random {seed} {size}: {} {}",
                    self.problem,
                    first.status,
                    String::from_utf8_lossy(&first.stderr)
                );
                let again = run(&self.random, &args, b"");
                assert!(
                    first.stdout == again.stdout,
                    "{}: random {seed} {size} printed different bytes on a second run",
                    self.problem
                );
                let verdict = run(&self.validator, &[], &first.stdout);
                assert_eq!(
                    verdict.status.code(),
                    Some(42),
                    "{}: random {seed} {size} is rejected by the input validator: {}\n{}",
                    self.problem,
                    String::from_utf8_lossy(&verdict.stderr),
                    String::from_utf8_lossy(&first.stdout)
                        .chars()
                        .take(2000)
                        .collect::<String>()
                );
                if answered.contains(&size) && seed == seeds[0] {
                    let input = String::from_utf8(first.stdout).expect("UTF-8");
                    self.reference(&input, &format!("random {seed} {size}"));
                }
            }
        }
    }

    /// Bad arguments: exit 2, one line on stderr, nothing on stdout.
    fn assert_random_rejects_bad_arguments(&self) {
        for args in [
            &[][..],
            &["1"],
            &["1", "0"],
            &["1", "101"],
            &["x", "5"],
            &["1", "5", "7"],
        ] {
            let out = run(&self.random, args, b"");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                out.status.code() == Some(2)
                    && out.stdout.is_empty()
                    && stderr.lines().count() == 1,
                "{}: random {args:?}: {} {stderr:?}",
                self.problem,
                out.status
            );
        }
    }
}

/// Seeds and sizes every package's generator is run on.
const SEEDS: [u64; 4] = [1, 2, 3, 0xDEAD_BEEF_0000_0001];
const SIZES: [u64; 10] = [1, 2, 3, 5, 10, 20, 40, 60, 80, 100];

/// The whole check of one package; `answered`: sizes whose first random input the reference must answer.
fn check(problem: &'static str, at_least: usize, answered: &[u64]) {
    let programs = Programs::compile(problem);
    programs.assert_random_rejects_bad_arguments();
    programs.assert_random_inputs_are_valid(&SEEDS, &SIZES, answered);
    programs.assert_reference_reproduces_testdata(at_least, &[]);
}

#[test]
fn every_package_but_the_two_being_rewritten_has_its_stress_programs() {
    let being_rewritten = ["gomoku"];
    for entry in fs::read_dir(testdata()).expect("testdata/") {
        let package = entry.expect("an entry").path();
        let name = package.file_name().unwrap().to_string_lossy().to_string();
        if !package.join("problem.yaml").exists() || being_rewritten.contains(&name.as_str()) {
            continue;
        }
        for program in ["random.rs", "reference.rs"] {
            assert!(
                package.join("generators").join(program).is_file(),
                "testdata/{name}/generators/{program} is missing"
            );
        }
    }
}

#[test]
fn hdu1043_holds_a_byte_identical_copy_of_poj1077s_reference() {
    let read = |problem: &str| {
        let path = testdata().join(problem).join("generators/reference.rs");
        fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    assert!(
        read("poj1077-eight") == read("hdu1043-eight"),
        "testdata/hdu1043-eight/generators/reference.rs differs from poj1077-eight's: copy it again"
    );
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn poj1077_eight() {
    check("poj1077-eight", 37, &[1, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn hdu1043_eight() {
    check("hdu1043-eight", 6, &[1, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn go_capture() {
    check("go-capture", 48, &[1, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn poj1568_winning_move() {
    check("poj1568-winning-move", 14, &[1, 40, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn jinhua_chess() {
    check("jinhua-chess", 13, &[1, 40, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn poj1085_triangle_war() {
    check("poj1085-triangle-war", 11, &[1, 40, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn poj1376_robot() {
    check("poj1376-robot", 20, &[1, 40, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn poj1324_holedox_moving() {
    check("poj1324-holedox-moving", 22, &[1, 40, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn poj1475_pushing_boxes() {
    check("poj1475-pushing-boxes", 19, &[1, 40, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn poj2286_rotation_game() {
    check("poj2286-rotation-game", 15, &[1, 40, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn poj2449_remmarguts_date() {
    check("poj2449-remmarguts-date", 35, &[1, 40, 100]);
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn mnk_game() {
    let programs = Programs::compile("mnk-game");
    programs.assert_random_rejects_bad_arguments();
    programs.assert_random_inputs_are_valid(&SEEDS, &SIZES, &[1, 40, 100]);
    // Not re-solved: the `theorem-` cases (published values of empty boards, past any plain search) and
    // the random files with up to 14 empty cells on big boards (minutes of the plain minimax; the same
    // source, included in testgen, wrote their answers).
    programs.assert_reference_reproduces_testdata(
        20,
        &["theorem-", "random-04", "random-05", "random-06"],
    );
}

#[test]
#[ignore = "the full run: cargo test --workspace --release -- --include-ignored"]
fn poj1084_square_destroyer() {
    check("poj1084-square-destroyer", 16, &[1, 40, 100]);
}
