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
       judge export --help                      write packages in another version of the format (for
                                                BAPCtools, DOMjudge, Kattis), as folders and zips
       judge stress --help                      random inputs until your file fails, then the smallest
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
  --html FILE       a page to look at: submissions × cases, each failing case's input, expected and
                    received output (one self-contained file: no network needed to open it)
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
    /// `judge stress --help`.
    StressHelp,
    /// `judge stress`: random inputs until the solution fails, then the smallest failing one.
    Stress(StressConfig),
    /// `judge export --help`.
    ExportHelp,
    /// `judge export`: packages written in another version of the format.
    Export(ExportConfig),
}

pub const EXPORT_HELP: &str = "\
judge export: each problem package written in another version of the format, for the tools that read
only that one

usage: judge export [PROBLEM...] --to VERSION --out DIR [--zip]

  --to VERSION    legacy         DOMjudge's importer, and Kattis / problemtools: problem_statement/ with
                                 the statement as LaTeX and rendered as problem.pdf and problem.html
                                 (DOMjudge shows only those), output_validators/<name>/, testdata.yaml,
                                 the time limit in .timelimit (DOMjudge's file; legacy's problem.yaml
                                 cannot state one)
                  2023-07-draft  Kattis / problemtools: the version the packages here are written in
                                 (Markdown statement), renamed, links resolved, the notes left out
                  2025-09        BAPCtools: the statement as LaTeX, test_group.yaml, the output
                                 validator folder as the program, Rust validators with build scripts
  --out DIR       where each package goes, as DIR/<name> (its name in [a-z0-9]+: go-capture becomes
                  gocapture); an earlier export there is replaced
  --zip           also DIR/<name>.zip, the package's files at the archive's root, as DOMjudge's and
                  Kattis' importers take it
  --testdata DIR  where PROBLEM names are looked up (default: <workspace>/testdata); no PROBLEM: all

What a version cannot hold is left out and said (this project's notes, README.md; submissions folders
legacy has no rule for, and submissions.yaml). Every version is a contest copy, which holds canonical
input only: it leaves out every layout group, a test group whose own testdata.yaml gives the input
validators the flag `layout` (CR LF, tabs, runs of blanks: the free layouts a package shows solutions
cope with), one line each, and with them every submission that submissions.yaml judges on their cases
alone. The statement's LaTeX comes from pandoc, the PDF and HTML
from problemtools' problem2pdf and problem2html, where they are installed (on PATH): where one is
missing, the package is still written, what is missing is said, and the exit code is 1.

exit code: 0 every package written whole · 1 written, with parts missing (a tool not installed or
failing) · 2 an error: usage, a package the judge cannot read, or one the version cannot express
";

/// `judge export`'s command line.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportConfig {
    pub testdata: PathBuf,
    pub problems: Vec<String>,
    pub options: crate::export::Options,
}

pub const STRESS_HELP: &str = "\
judge stress: random inputs until your solution fails, then the smallest input where it still fails

usage: judge stress PROBLEM --solution FILE [OPTIONS]
       judge stress --generator GEN --reference REF [--validator VAL] [--checker CHK] --solution FILE [OPTIONS]

The first form takes a problem package of the testdata dir (or its path): inputs come from its
generators/random.rs, the expected answers from its generators/reference.rs (an independent solver), the
validity of every input from its input validators, and the verdict from its output validator (or the
default one), under its time and memory limits. Any of the four can be replaced by your own program with
the options below. The second form is for any other problem: you give the programs.

Your FILE is compiled and run as `judge PROBLEM --solution FILE` runs it (same sandbox, limits and
language table; a POJ or HDU problem's old-compiler dialect aside: a stress test hunts wrong answers, and
the judge's official run reports compile errors), so wrong answers, crashes and time limits are all found. Sizes grow over the run
(small inputs first); once an input fails, it is shrunk: cases, lines and tokens dropped, numbers lowered,
board cells blanked, smaller generator sizes tried, as long as it still fails the same way and the
validators accept it. The smallest failing input is shown beside the expected and received output and
saved with its expected answer.

programs (any language of the table, by extension):
  --solution FILE    the program under test
  --generator GEN    prints one input: run as `GEN SEED SIZE` (SEED a 64-bit number, SIZE 1 to 100: tiny
                     to the problem's limits); the same SEED and SIZE must print the same input
  --reference REF    your trusted (brute-force) solver: input on stdin, the expected answer on stdout
  --validator VAL    input validator (Kattis: exit 42 valid, 43 invalid); without one, every input the
                     reference answers counts as valid while shrinking
  --checker CHK      output validator (Kattis: `CHK input answer feedback_dir < output`, exit 42 / 43),
                     for problems with many right answers; default: tokens compared

options:
  --seconds N        stop looking after N seconds (default 30); shrinking takes its own time
  --seed N           the run's seed (default: from the clock, printed): the same seed gives the same run
  --max-size N       the largest SIZE given to the generator, 1 to 100 (default 100): for a slow reference
  --save FILE        where the smallest failing input goes (default stress/<problem>-<seed>.in), its
                     expected answer beside it (.ans)
  --time-limit S     time limit in seconds (default: the package's; 1 without one)
  --memory MIB       memory limit (default: the package's; 1024 without one)
  -j N               parallel runs, 1 to 256 (default: the number of CPUs)
  --testdata DIR     where PROBLEM names are looked up (default: <workspace>/testdata)
  --languages FILE   the language table (default: judge/languages.toml, built in)
  --html FILE        a page of the run: the smallest failing input beside the expected and received
                     output, how it shrank, the command that repeats it
  -h, --help         this text

exit code: 0 no failure found in the time · 1 a failure found (saved) · 2 the tool could not run: a
program does not compile, a generator crashed or printed an input the validator rejects, the reference
crashed or disagreed with itself, the checker failed (its message names the program, and the input is
saved) · 130 (Ctrl-C) or 143 (SIGTERM) interrupted, after the summary so far (while shrinking: the smallest
failing input so far is saved)
";

/// `judge stress`'s command line.
#[derive(Clone, Debug, PartialEq)]
pub struct StressConfig {
    pub testdata: PathBuf,
    /// The package, by name or path; `None` for the generic form.
    pub problem: Option<String>,
    pub solution: PathBuf,
    pub generator: Option<PathBuf>,
    pub reference: Option<PathBuf>,
    pub validator: Option<PathBuf>,
    pub checker: Option<PathBuf>,
    pub seconds: f64,
    pub seed: Option<u64>,
    pub max_size: u64,
    pub save: Option<PathBuf>,
    pub time_limit_ms: Option<u64>,
    pub memory_mib: Option<u64>,
    pub jobs: usize,
    pub languages: Option<PathBuf>,
    /// `--html FILE`: the run's page.
    pub html: Option<PathBuf>,
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
    /// `--html FILE`: the page of the run.
    pub html: Option<PathBuf>,
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
        html: None,
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
    if args.first().is_some_and(|a| a == "stress") {
        return parse_stress(&args[1..], config.testdata, config.jobs);
    }
    if args.first().is_some_and(|a| a == "export") {
        return parse_export(&args[1..], config.testdata);
    }
    let validate = args.first().is_some_and(|a| a == "validate");
    let mut args = Args(args[usize::from(validate)..].iter());
    while let Some(arg) = args.next() {
        match arg.flag {
            "-h" | "--help" => return Ok(Command::Help),
            "--testdata" => config.testdata = PathBuf::from(args.value(&arg)?),
            "--case" => config.case_pattern = Some(args.value(&arg)?),
            "-j" | "--jobs" => config.jobs = jobs(&args.value(&arg)?)?,
            "--tl-mult" => {
                config.tl_mult = number(&args.value(&arg)?)
                    .filter(|&x| x > 0.0 && x <= MAX_TL_MULT)
                    .ok_or("--tl-mult needs a number > 0 and ≤ 1000")?
            }
            "--wall-mult" => {
                config.wall_mult = number(&args.value(&arg)?)
                    .filter(|&x| (1.0..=MAX_TL_MULT).contains(&x))
                    .ok_or("--wall-mult needs a number from 1 to 1000")?
            }
            "--json" => config.json = Some(PathBuf::from(args.value(&arg)?)),
            "--junit" => config.junit = Some(PathBuf::from(args.value(&arg)?)),
            "--html" => config.html = Some(PathBuf::from(args.value(&arg)?)),
            "--list" => config.list = arg.switch()?,
            "--solution" => config.solution = Some(PathBuf::from(args.value(&arg)?)),
            "--strict" => config.strict = arg.switch()?,
            "--fail-fast" => config.fail_fast = arg.switch()?,
            "--cases" => config.cases = arg.switch()?,
            "--show" => config.show = arg.switch()?,
            "--no-dialect" => config.no_dialect = arg.switch()?,
            "--keep" => config.keep = Some(PathBuf::from(args.value(&arg)?)),
            "--languages" => config.languages = Some(PathBuf::from(args.value(&arg)?)),
            "--require-isolation" => config.require_isolation = arg.switch()?,
            "--" => {
                arg.switch()?;
                config.problems.extend(args.0.by_ref().cloned())
            }
            _ if arg.is_option() => return Err(format!("unknown option `{}`", arg.text)),
            _ => config.problems.push(arg.text.to_string()),
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

/// `judge export`'s arguments (after `export`).
fn parse_export(args: &[String], default_testdata: PathBuf) -> Result<Command, String> {
    let mut testdata = default_testdata;
    let (mut problems, mut to, mut out, mut zip) = (Vec::new(), None, None, false);
    let mut args = Args(args.iter());
    while let Some(arg) = args.next() {
        match arg.flag {
            "-h" | "--help" => return Ok(Command::ExportHelp),
            "--to" => {
                let name = args.value(&arg)?;
                let version = crate::package::Version::ALL
                    .into_iter()
                    .find(|v| v.name() == name)
                    .ok_or(format!(
                        "--to {name}: a version is legacy, 2023-07-draft or 2025-09"
                    ))?;
                to = Some(version);
            }
            "--out" => out = Some(PathBuf::from(args.value(&arg)?)),
            "--testdata" => testdata = PathBuf::from(args.value(&arg)?),
            "--zip" => zip = arg.switch()?,
            "--" => {
                arg.switch()?;
                problems.extend(args.0.by_ref().cloned())
            }
            _ if arg.is_option() => {
                return Err(format!(
                    "unknown option `{}` (judge export --help)",
                    arg.text
                ))
            }
            _ => problems.push(arg.text.to_string()),
        }
    }
    let to = to.ok_or("judge export needs --to legacy, 2023-07-draft or 2025-09")?;
    let out = out.ok_or("judge export needs --out DIR: where the packages go")?;
    Ok(Command::Export(ExportConfig {
        testdata,
        problems,
        options: crate::export::Options { to, out, zip },
    }))
}

/// `judge stress`'s arguments (after `stress`).
fn parse_stress(
    args: &[String],
    default_testdata: PathBuf,
    default_jobs: usize,
) -> Result<Command, String> {
    let mut config = StressConfig {
        testdata: default_testdata,
        problem: None,
        solution: PathBuf::new(),
        generator: None,
        reference: None,
        validator: None,
        checker: None,
        seconds: 30.0,
        seed: None,
        max_size: 100,
        save: None,
        time_limit_ms: None,
        memory_mib: None,
        jobs: default_jobs,
        languages: None,
        html: None,
    };
    let mut solution = None;
    let mut problems = Vec::new();
    let mut args = Args(args.iter());
    while let Some(arg) = args.next() {
        let mut path = || args.value(&arg).map(|text| Some(PathBuf::from(text)));
        match arg.flag {
            "-h" | "--help" => return Ok(Command::StressHelp),
            "--solution" => solution = path()?,
            "--generator" => config.generator = path()?,
            "--reference" => config.reference = path()?,
            "--validator" => config.validator = path()?,
            "--checker" => config.checker = path()?,
            "--save" => config.save = path()?,
            "--testdata" => config.testdata = PathBuf::from(args.value(&arg)?),
            "--languages" => config.languages = path()?,
            "--html" => config.html = path()?,
            "--seconds" => {
                config.seconds = number(&args.value(&arg)?)
                    .filter(|&x| x > 0.0 && x <= 1e6)
                    .ok_or("--seconds needs a number > 0")?
            }
            "--seed" => {
                config.seed = Some(
                    args.value(&arg)?
                        .parse()
                        .map_err(|_| "--seed needs a whole number from 0 to 2^64 - 1")?,
                )
            }
            "--max-size" => {
                config.max_size = args
                    .value(&arg)?
                    .parse()
                    .ok()
                    .filter(|n| (1..=100).contains(n))
                    .ok_or("--max-size needs a whole number from 1 to 100")?
            }
            "--time-limit" => {
                let seconds = number(&args.value(&arg)?)
                    .filter(|&x| x > 0.0 && x <= 3600.0)
                    .ok_or("--time-limit needs a number of seconds > 0 and ≤ 3600")?;
                config.time_limit_ms = Some(((seconds * 1000.0).round() as u64).max(1));
            }
            "--memory" => {
                config.memory_mib = Some(
                    args.value(&arg)?
                        .parse()
                        .ok()
                        .filter(|n| (1..=1 << 20).contains(n))
                        .ok_or("--memory needs a whole number of MiB from 1")?,
                )
            }
            "-j" | "--jobs" => config.jobs = jobs(&args.value(&arg)?)?,
            _ if arg.is_option() => {
                return Err(format!("judge stress: unknown option `{}`", arg.text))
            }
            _ => problems.push(arg.text.to_string()),
        }
    }
    config.solution = solution.ok_or("judge stress needs --solution FILE: the program to test")?;
    match problems.as_slice() {
        [] => {
            if config.generator.is_none() || config.reference.is_none() {
                return Err(
                    "judge stress needs a PROBLEM, or --generator GEN and --reference REF".into(),
                );
            }
        }
        [one] => config.problem = Some(one.clone()),
        _ => return Err("judge stress tests one PROBLEM at a time".into()),
    }
    Ok(Command::Stress(config))
}

/// The walk over a command line that the judge, `export` and `stress` share: each argument split into its
/// flag and a value given with it (`--json=r.json`, `-j4`), an option's value taken from there or else
/// from the next argument; `judge match` walks its own with it too.
pub(crate) struct Args<'a>(std::slice::Iter<'a, String>);

/// One argument: its text, its flag (the text before a `--flag=`'s `=`, or `-j` of `-j4`), and the value
/// given with it.
pub(crate) struct Arg<'a> {
    pub(crate) text: &'a str,
    pub(crate) flag: &'a str,
    inline: Option<&'a str>,
}

impl<'a> Args<'a> {
    pub(crate) fn new(args: &'a [String]) -> Self {
        Args(args.iter())
    }

    pub(crate) fn next(&mut self) -> Option<Arg<'a>> {
        let text = self.0.next()?.as_str();
        let (flag, inline) = match text.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ if text.starts_with("-j") && text.len() > 2 => ("-j", Some(&text[2..])),
            _ => (text, None),
        };
        Some(Arg { text, flag, inline })
    }

    /// The value of the option `arg`: the one given with it, else the next argument.
    pub(crate) fn value(&mut self, arg: &Arg) -> Result<String, String> {
        arg.inline
            .map(str::to_string)
            .or_else(|| self.0.next().cloned())
            .ok_or(format!("{} needs a value", arg.flag))
    }
}

impl Arg<'_> {
    /// `true` for a switch given bare, an error for one given a value (`--list=yes`).
    fn switch(&self) -> Result<bool, String> {
        match self.inline {
            None => Ok(true),
            Some(_) => Err(format!("{} takes no value", self.flag)),
        }
    }

    /// Whether it is an option rather than a PROBLEM (a lone `-` is a name).
    fn is_option(&self) -> bool {
        self.flag.starts_with('-') && self.flag.len() > 1
    }
}

/// `-j N`'s value.
fn jobs(text: &str) -> Result<usize, String> {
    Ok(number(text)
        .filter(|&n| (1.0..=MAX_RUNS as f64).contains(&n) && n.fract() == 0.0)
        .ok_or("-j needs a whole number from 1 to 256")? as usize)
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
                html: None,
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
            "--html",
            "r.html",
            "--list",
            "p1",
            "p2",
        ]);
        assert_eq!(c.testdata, PathBuf::from("td"));
        assert_eq!(c.case_pattern.as_deref(), Some("random/*"));
        assert_eq!((c.jobs, c.tl_mult, c.list), (3, 2.5, true));
        assert_eq!(
            (c.json, c.junit, c.html),
            (
                Some("r.json".into()),
                Some("r.xml".into()),
                Some("r.html".into())
            )
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
    fn export_arguments() {
        let export = |args: &[&str]| {
            let mut all = vec!["export"];
            all.extend_from_slice(args);
            parse_args(&all)
        };
        let Ok(Command::Export(c)) =
            export(&["go", "eight", "--to", "2025-09", "--out=x", "--zip"])
        else {
            panic!("{:?}", export(&["go", "--to", "2025-09", "--out=x"]));
        };
        assert_eq!(c.problems, ["go", "eight"]);
        assert_eq!(
            c.options,
            crate::export::Options {
                to: crate::package::Version::Published2025,
                out: "x".into(),
                zip: true
            }
        );
        assert_eq!(export(&["--help"]), Ok(Command::ExportHelp));
        assert_eq!(
            export(&["--to", "2023-07", "--out", "x"]),
            Err("--to 2023-07: a version is legacy, 2023-07-draft or 2025-09".into())
        );
        assert_eq!(
            export(&["--out", "x"]),
            Err("judge export needs --to legacy, 2023-07-draft or 2025-09".into())
        );
        assert_eq!(
            export(&["--to", "legacy"]),
            Err("judge export needs --out DIR: where the packages go".into())
        );
    }

    #[test]
    fn stress_arguments() {
        let stress = |args: &[&str]| {
            let mut all = vec!["stress"];
            all.extend_from_slice(args);
            parse_args(&all)
        };
        let Ok(Command::Stress(c)) = stress(&["go", "--solution", "a.c", "--seed=7", "-j1"]) else {
            panic!("{:?}", stress(&["go", "--solution", "a.c"]));
        };
        assert_eq!(c.problem.as_deref(), Some("go"));
        assert_eq!(
            (c.seed, c.jobs, c.seconds, c.max_size),
            (Some(7), 1, 30.0, 100)
        );
        assert_eq!(c.solution, PathBuf::from("a.c"));
        let Ok(Command::Stress(c)) = stress(&[
            "--generator",
            "g.py",
            "--reference",
            "r.py",
            "--solution",
            "s.cpp",
            "--time-limit",
            "0.5",
            "--max-size",
            "10",
            "--save",
            "x.in",
            "--html=s.html",
        ]) else {
            panic!("the generic form");
        };
        assert_eq!(
            (c.problem, c.time_limit_ms, c.max_size, c.html),
            (None, Some(500), 10, Some("s.html".into()))
        );
        assert_eq!(stress(&["--help"]), Ok(Command::StressHelp));
        assert_eq!(
            stress(&["go"]),
            Err("judge stress needs --solution FILE: the program to test".into())
        );
        assert_eq!(
            stress(&["--solution", "s.c", "--generator", "g.c"]),
            Err("judge stress needs a PROBLEM, or --generator GEN and --reference REF".into())
        );
        assert_eq!(
            stress(&["go", "--solution", "a.c", "--max-size", "101"]),
            Err("--max-size needs a whole number from 1 to 100".into())
        );
        assert_eq!(
            stress(&["go", "--solution", "a.c", "--strict"]),
            Err("judge stress: unknown option `--strict`".into())
        );
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
