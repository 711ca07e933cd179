//! The command line, the contract other tools rely on: arguments → `Config`. Pure: the defaults that depend
//! on the machine (testdata dir, CPU count) come in as arguments.

use std::path::PathBuf;

/// The most runs in flight at once (`-j`).
pub const MAX_RUNS: usize = 256;

pub const HELP: &str = "\
judge: a local online judge for ICPC / Kattis problem packages, in a sandbox

usage: judge [OPTIONS] [PROBLEM...]             judge every example submission of each problem (all of
                                                the testdata dir when none is named): each must get what
                                                its folder expects (accepted/, wrong_answer/, …)
       judge PROBLEM --solution FILE [OPTIONS]  judge your own file (C, C++, Rust, Python, Java, by its
                                                extension), every case shown
       judge validate [PROBLEM...]              run the input validators on every input
       judge match --help                       play engines against each other
       (with cargo: cargo run --release -p judge -- ARGS)

A PROBLEM is a problem package folder: its path (./hello, ~/contest/a), or the name of a folder of the
testdata dir, or any start, word or number of one (poj1077, eight, 1077).

options:
  --solution FILE   judge FILE instead of the problem's example submissions (one PROBLEM)
  --strict          with --solution: the exit code also counts the beyond cases (this project's demands
                    past the real judge); by default only the official ones
  --fail-fast       stop at the first case that is not AC (example submissions always do: their verdict
                    is their first failure, as problemtools and DOMjudge judge them)
  --cases           show every case of every submission (default: only with --solution)
  --show            under each failing case, its expected answer and your output side by side, and the
                    end of its stderr
  --keep DIR        keep every case's output and stderr as DIR/<problem>/<submission>/<case>.out / .err
  --case PATTERN    only cases whose name matches (a glob over `secret/official/07`: * any run of
                    characters, ? one)
  --testdata DIR    where PROBLEM names are looked up (default: <workspace>/testdata)
  -j N              parallel runs, 1 to 256 (default: the number of CPUs)
  --tl-mult X       scale every time limit, 0 < X <= 1000 (CPU and wall clock alike)
  --wall-mult X     give runs X times more wall-clock time, 1 <= X <= 1000, the CPU limit unchanged: for a
                    loaded machine, where a run starved of CPU would otherwise be stopped by the clock
  --languages FILE  the language table (default: judge/languages.toml, built in); it then applies to
                    every problem, the real judges' dialects included
  --no-dialect      compile with the judge's own table even where the problem's real judge has a dialect
                    here (judge/dialects/: POJ, HDU — their languages, flags and Java's Main rule)
  --require-isolation  exit 2 if runs cannot be sandboxed in namespaces here
  --json FILE       machine-readable report
  --junit FILE      JUnit XML report for CI dashboards
  --list            list problems, cases and submissions, run nothing
  -h, --help        this text

Compiled programs are cached in <workspace>/target/judge-cache (the workspace the judge was built in, or
$CARGO_TARGET_DIR/judge-cache); where that is missing or not writable (an installed judge, another
user), in $XDG_CACHE_HOME/judge, else ~/.cache/judge.

exit code: 0 all as expected (every example submission got what its folder expects; with --solution,
every counted case AC) · 1 not so · 2 the judge's own error (usage, an unreadable or invalid package, a
missing toolchain, a validator that failed) · 130 (Ctrl-C) or 143 (SIGTERM) interrupted, after the summary
of what finished · 141 stdout closed (judge | head)
";

/// The largest `--tl-mult`: time limits times this must stay far inside a `u64` (see problem.rs).
pub const MAX_TL_MULT: f64 = 1000.0;

/// What the judge was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Help,
    Judge(Config),
    /// `judge validate`: the input validators on every input of the named problems.
    Validate(Config),
}

/// A parsed command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub testdata: PathBuf,
    /// Problem folder names; empty means all.
    pub problems: Vec<String>,
    pub case_pattern: Option<String>,
    pub jobs: usize,
    pub tl_mult: f64,
    pub json: Option<PathBuf>,
    pub junit: Option<PathBuf>,
    pub list: bool,
    pub solution: Option<PathBuf>,
    pub strict: bool,
    pub fail_fast: bool,
    /// `--cases`: every case's line, also when judging example submissions.
    pub cases: bool,
    /// `--show`: answer and output side by side under a failing case.
    pub show: bool,
    /// `--no-dialect`: the judge's own table even where a problem's real judge has a dialect.
    pub no_dialect: bool,
    /// `--keep DIR`: every case's output and stderr kept there.
    pub keep: Option<PathBuf>,
    pub wall_mult: f64,
    pub languages: Option<PathBuf>,
    pub require_isolation: bool,
}

/// Parses the arguments after the program name. Options take their value as the next argument or after
/// `=` (`--json=r.json`, `-j4`); `--` ends the options.
pub fn parse(
    args: &[String],
    default_testdata: PathBuf,
    default_jobs: usize,
) -> Result<Command, String> {
    let mut config = Config {
        testdata: default_testdata,
        problems: Vec::new(),
        case_pattern: None,
        jobs: default_jobs.clamp(1, MAX_RUNS),
        tl_mult: 1.0,
        json: None,
        junit: None,
        list: false,
        solution: None,
        strict: false,
        fail_fast: false,
        cases: false,
        show: false,
        no_dialect: false,
        keep: None,
        wall_mult: 1.0,
        languages: None,
        require_isolation: false,
    };
    let validate = args.first().is_some_and(|a| a == "validate");
    let mut args = args.iter().skip(usize::from(validate));
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value.to_string())),
            _ if arg.starts_with("-j") && arg.len() > 2 => ("-j", Some(arg[2..].to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| args.next().cloned())
                .ok_or(format!("{flag} needs a value"))
        };
        match flag {
            "-h" | "--help" => return Ok(Command::Help),
            "--testdata" => config.testdata = PathBuf::from(value()?),
            "--case" => config.case_pattern = Some(value()?),
            "-j" | "--jobs" => {
                config.jobs = number(&value()?)
                    .filter(|&n| (1.0..=MAX_RUNS as f64).contains(&n) && n.fract() == 0.0)
                    .ok_or("-j needs a whole number from 1 to 256")?
                    as usize
            }
            "--tl-mult" => {
                config.tl_mult = number(&value()?)
                    .filter(|&x| x > 0.0 && x <= MAX_TL_MULT)
                    .ok_or("--tl-mult needs a number > 0 and ≤ 1000")?
            }
            "--wall-mult" => {
                config.wall_mult = number(&value()?)
                    .filter(|&x| (1.0..=MAX_TL_MULT).contains(&x))
                    .ok_or("--wall-mult needs a number from 1 to 1000")?
            }
            "--json" => config.json = Some(PathBuf::from(value()?)),
            "--junit" => config.junit = Some(PathBuf::from(value()?)),
            "--list" => config.list = true,
            "--solution" => config.solution = Some(PathBuf::from(value()?)),
            "--strict" => config.strict = true,
            "--fail-fast" => config.fail_fast = true,
            "--cases" => config.cases = true,
            "--show" => config.show = true,
            "--no-dialect" => config.no_dialect = true,
            "--keep" => config.keep = Some(PathBuf::from(value()?)),
            "--languages" => config.languages = Some(PathBuf::from(value()?)),
            "--require-isolation" => config.require_isolation = true,
            "--" => config.problems.extend(args.by_ref().cloned()),
            _ if flag.starts_with('-') && flag.len() > 1 => {
                return Err(format!("unknown option `{arg}`"))
            }
            _ => config.problems.push(arg.clone()),
        }
        let switch = matches!(
            flag,
            "-h" | "--help"
                | "--list"
                | "--"
                | "--strict"
                | "--fail-fast"
                | "--cases"
                | "--show"
                | "--no-dialect"
                | "--require-isolation"
        );
        if inline.is_some() && switch {
            return Err(format!("{flag} takes no value"));
        }
    }
    if config.solution.is_some() && config.problems.len() != 1 {
        return Err("--solution judges one file on one PROBLEM: name exactly one".into());
    }
    if validate {
        if config.solution.is_some() {
            return Err(
                "judge validate checks a problem's inputs: --solution has no place there".into(),
            );
        }
        return Ok(Command::Validate(config));
    }
    Ok(Command::Judge(config))
}

fn number(text: &str) -> Option<f64> {
    text.parse::<f64>().ok().filter(|x| x.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_args(args: &[&str]) -> Result<Command, String> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        parse(&args, PathBuf::from("/w/testdata"), 2)
    }

    fn config(args: &[&str]) -> Config {
        match parse_args(args) {
            Ok(Command::Judge(config)) => config,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn defaults() {
        assert_eq!(
            config(&[]),
            Config {
                testdata: "/w/testdata".into(),
                problems: vec![],
                case_pattern: None,
                jobs: 2,
                tl_mult: 1.0,
                json: None,
                junit: None,
                list: false,
                solution: None,
                strict: false,
                fail_fast: false,
                cases: false,
                show: false,
                no_dialect: false,
                keep: None,
                wall_mult: 1.0,
                languages: None,
                require_isolation: false,
            }
        );
        assert!(
            matches!(parse_args(&["validate", "hello"]), Ok(Command::Validate(c)) if c.problems == ["hello"])
        );
        assert_eq!(config(&["--wall-mult", "3", "--cases"]).wall_mult, 3.0);
        assert_eq!(
            parse_args(&["--wall-mult", "0.5"]),
            Err("--wall-mult needs a number from 1 to 1000".into())
        );
    }

    #[test]
    fn judging_your_own_file() {
        let c = config(&[
            "poj1077",
            "--solution",
            "~/eight.cpp",
            "--strict",
            "--fail-fast",
        ]);
        assert_eq!(c.solution, Some("~/eight.cpp".into()));
        assert!(c.strict && c.fail_fast);
        assert_eq!(
            parse_args(&["--solution", "a.cpp"]),
            Err("--solution judges one file on one PROBLEM: name exactly one".into())
        );
        assert_eq!(
            parse_args(&["--strict=1"]),
            Err("--strict takes no value".into())
        );
        let c = config(&["--languages=l.toml", "--require-isolation"]);
        assert_eq!(c.languages, Some("l.toml".into()));
        assert!(c.require_isolation);
    }

    #[test]
    fn every_option() {
        let c = config(&[
            "--testdata",
            "td",
            "--case",
            "random/*",
            "-j",
            "3",
            "--tl-mult",
            "2.5",
            "--json",
            "r.json",
            "--junit",
            "r.xml",
            "--list",
            "p1",
            "p2",
        ]);
        assert_eq!(c.testdata, PathBuf::from("td"));
        assert_eq!(c.case_pattern.as_deref(), Some("random/*"));
        assert_eq!((c.jobs, c.tl_mult, c.list), (3, 2.5, true));
        assert_eq!(
            (c.json, c.junit),
            (Some("r.json".into()), Some("r.xml".into()))
        );
        assert_eq!(c.problems, vec!["p1", "p2"]);
    }

    #[test]
    fn inline_values_and_double_dash() {
        let c = config(&["-j4", "--json=out.json", "a", "--", "--weird-name"]);
        assert_eq!((c.jobs, c.json), (4, Some("out.json".into())));
        assert_eq!(c.problems, vec!["a", "--weird-name"]);
    }

    #[test]
    fn help_and_errors() {
        assert_eq!(parse_args(&["p", "-h"]), Ok(Command::Help));
        assert_eq!(parse_args(&["--help"]), Ok(Command::Help));
        assert_eq!(
            parse_args(&["--frobnicate"]),
            Err("unknown option `--frobnicate`".into())
        );
        assert_eq!(parse_args(&["--json"]), Err("--json needs a value".into()));
        assert_eq!(
            parse_args(&["-j", "0"]),
            Err("-j needs a whole number from 1 to 256".into())
        );
        assert_eq!(
            parse_args(&["-j", "257"]),
            Err("-j needs a whole number from 1 to 256".into())
        );
        assert_eq!(
            parse_args(&["-j", "1.5"]),
            Err("-j needs a whole number from 1 to 256".into())
        );
        assert_eq!(
            parse_args(&["--tl-mult", "-1"]),
            Err("--tl-mult needs a number > 0 and ≤ 1000".into())
        );
        assert_eq!(
            parse_args(&["--tl-mult", "1e300"]),
            Err("--tl-mult needs a number > 0 and ≤ 1000".into())
        );
        assert_eq!(
            parse_args(&["--tl-mult", "x"]),
            Err("--tl-mult needs a number > 0 and ≤ 1000".into())
        );
        assert_eq!(
            parse_args(&["--list=yes"]),
            Err("--list takes no value".into())
        );
    }
}
