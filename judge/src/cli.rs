//! The command line, the contract other tools rely on: arguments → `Config`. Pure: the defaults that depend
//! on the machine (testdata dir, CPU count) come in as arguments.

use crate::sandbox::MAX_RUNS;
use std::path::PathBuf;

pub const HELP: &str = "\
judge: compiles each solution as an online judge would and runs it on its testdata

usage: cargo run --release -p judge -- [OPTIONS] [PROBLEM...]
       no PROBLEM: every folder under the testdata dir

options:
  --testdata DIR    default: <workspace>/testdata
  --case PATTERN    only cases whose name matches (a glob: * any characters, ? one)
  -j N              parallel runs, 1 to 256 (default: the number of CPUs)
  --tl-mult X       scale every time limit, 0 < X ≤ 1000
  --json FILE       machine-readable report
  --junit FILE      JUnit XML report for CI dashboards
  --list            list problems and cases, run nothing
  -h, --help        this text

exit code: 0 every case AC · 1 some case not AC · 2 the judge's own error (usage, unreadable testdata, bad config)
";

/// The largest `--tl-mult`: time limits times this must stay far inside a `u64` (see problem.rs).
pub const MAX_TL_MULT: f64 = 1000.0;

/// What the judge was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Help,
    Judge(Config),
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
    };
    let mut args = args.iter();
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
            "--json" => config.json = Some(PathBuf::from(value()?)),
            "--junit" => config.junit = Some(PathBuf::from(value()?)),
            "--list" => config.list = true,
            "--" => config.problems.extend(args.by_ref().cloned()),
            _ if flag.starts_with('-') && flag.len() > 1 => {
                return Err(format!("unknown option `{arg}`"))
            }
            _ => config.problems.push(arg.clone()),
        }
        if inline.is_some() && matches!(flag, "-h" | "--help" | "--list" | "--") {
            return Err(format!("{flag} takes no value"));
        }
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
            }
        );
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
