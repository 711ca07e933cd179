//! The engine: compile each distinct source once, run every case on `jobs` worker threads, judge each run,
//! and hand the results to a `Progress` in name order whatever order they finish in.
//!
//! Parallel runs must not change verdicts. CPU time (not wall time) is what is judged, and a run that comes
//! within 10 % of its time limit — or was stopped — is run again *alone*: a `RwLock` stands for the machine,
//! every ordinary run holds it shared, the re-run holds it exclusively, so no other run is in flight.

use crate::checker::{program, Checker, Outcome};
use crate::compile::{self, Compiled};
use crate::problem::{Case, Problem};
use crate::report::{CaseResult, ProblemResult};
use crate::sandbox::{self, Exit, Limits, Run};
use crate::verdict::{self, Bounds, Judgement, Verdict};
use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, RwLock};
use std::thread;
use std::time::Duration;

/// How long an external checker may take on one case.
const CHECKER_TIMEOUT: Duration = Duration::from_secs(10);
/// The watchdog's extra wall time beyond the time limit (and at least 2 × TL).
const WALL_SLACK_MS: u64 = 1000;

/// How to judge, beyond what each problem says.
#[derive(Clone, Debug)]
pub struct Options {
    pub jobs: usize,
    pub tl_mult: f64,
    /// Where compiled binaries are cached.
    pub cache_dir: PathBuf,
    /// Where outputs are written while being checked.
    pub scratch_dir: PathBuf,
}

/// The name of a judge's scratch dir (`Options::scratch_dir`) in the temp dir: `judge-<pid>`.
pub fn scratch_name(pid: u32) -> String {
    format!("judge-{pid}")
}

/// The pid of the judge a scratch dir name belongs to; `None` for any other name.
pub fn scratch_owner(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("judge-")?;
    let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    all_digits.then(|| digits.parse().ok()).flatten()
}

/// Receives results as soon as they can be shown in name order.
pub trait Progress {
    /// A problem's first result is ready (its `cases` still empty); `cases` are the ones that will follow.
    fn problem(&mut self, problem: &ProblemResult, cases: &[Case]);
    fn case(&mut self, problem: &ProblemResult, case: &CaseResult);
}

/// What to do with a problem's cases once its sources are compiled.
enum Plan {
    Run {
        exe: PathBuf,
        checker_exe: Option<PathBuf>,
    },
    /// Every case gets this judgement (CE, or JE when the judge could not compile at all).
    Fixed(Judgement),
}

/// Judges every case of `problems`; results in problem order, cases in name order.
pub fn judge(
    problems: &[Problem],
    options: &Options,
    progress: &mut dyn Progress,
) -> Vec<ProblemResult> {
    let compiled = compile_all(problems, options);
    let plans: Vec<Plan> = problems.iter().map(|p| plan(p, &compiled)).collect();
    let headers: Vec<ProblemResult> = problems
        .iter()
        .zip(&plans)
        .map(|(p, plan)| header(p, plan, options))
        .collect();
    let mut shelf = Shelf::new(problems, &headers, progress);
    let mut jobs = Vec::new();
    for (pi, ci) in shelf.order.clone() {
        match &plans[pi] {
            Plan::Fixed(judgement) => shelf.put(pi, ci, unrun(&problems[pi].cases[ci], judgement)),
            Plan::Run { .. } => jobs.push((pi, ci)),
        }
    }
    run_all(problems, &plans, &jobs, options, |pi, ci, result| {
        shelf.put(pi, ci, result)
    });
    shelf.into_results()
}

/// Results parked until every case before them (in problem, then name order) has been shown.
struct Shelf<'a> {
    problems: &'a [Problem],
    headers: &'a [ProblemResult],
    progress: &'a mut dyn Progress,
    /// Every (problem, case) index pair in report order.
    order: Vec<(usize, usize)>,
    slots: Vec<Vec<Option<CaseResult>>>,
    /// How many of `order` have been shown.
    shown: usize,
}

impl<'a> Shelf<'a> {
    fn new(
        problems: &'a [Problem],
        headers: &'a [ProblemResult],
        progress: &'a mut dyn Progress,
    ) -> Shelf<'a> {
        let order = problems
            .iter()
            .enumerate()
            .flat_map(|(pi, p)| (0..p.cases.len()).map(move |ci| (pi, ci)))
            .collect();
        let slots = problems.iter().map(|p| vec![None; p.cases.len()]).collect();
        Shelf {
            problems,
            headers,
            progress,
            order,
            slots,
            shown: 0,
        }
    }

    /// Parks a result, then shows everything that is now next in order.
    fn put(&mut self, pi: usize, ci: usize, result: CaseResult) {
        self.slots[pi][ci] = Some(result);
        while let Some(&(pi, ci)) = self.order.get(self.shown) {
            let Some(result) = &self.slots[pi][ci] else {
                break;
            };
            if ci == 0 {
                self.progress
                    .problem(&self.headers[pi], &self.problems[pi].cases);
            }
            self.progress.case(&self.headers[pi], result);
            self.shown += 1;
        }
    }

    fn into_results(self) -> Vec<ProblemResult> {
        let with_cases =
            |(header, cases): (&ProblemResult, Vec<Option<CaseResult>>)| ProblemResult {
                cases: cases.into_iter().flatten().collect(),
                ..header.clone()
            };
        self.headers
            .iter()
            .zip(self.slots)
            .map(with_cases)
            .collect()
    }
}

/// Runs `jobs` on `options.jobs` worker threads; `done` sees each result on this thread as it arrives.
fn run_all(
    problems: &[Problem],
    plans: &[Plan],
    jobs: &[(usize, usize)],
    options: &Options,
    mut done: impl FnMut(usize, usize, CaseResult),
) {
    let machine = RwLock::new(());
    let next = AtomicUsize::new(0);
    let _ = fs::create_dir_all(&options.scratch_dir);
    thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for worker in 0..options.jobs.clamp(1, jobs.len().max(1)) {
            let sender = sender.clone();
            let (next, machine) = (&next, &machine);
            let output = options.scratch_dir.join(format!("worker-{worker}.out"));
            scope.spawn(move || {
                while let Some(&(pi, ci)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let Plan::Run { exe, checker_exe } = &plans[pi] else {
                        continue;
                    };
                    let (problem, case) = (&problems[pi], &problems[pi].cases[ci]);
                    let case_run = CaseRun {
                        problem,
                        case,
                        exe,
                        checker_exe,
                        output: &output,
                    };
                    let result = case_run.judge(options.tl_mult, machine);
                    if sender.send((pi, ci, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for (pi, ci, result) in receiver {
            done(pi, ci, result);
        }
    });
    let _ = fs::remove_dir_all(&options.scratch_dir);
}

/// Every distinct source (solutions, `.rs` checkers) compiled once, on up to `jobs` threads.
fn compile_all(
    problems: &[Problem],
    options: &Options,
) -> HashMap<PathBuf, Result<Compiled, String>> {
    let mut sources = BTreeSet::new();
    for p in problems {
        sources.insert(p.settings.solution.clone());
        if let Checker::Program(path) = &p.settings.checker {
            if path.extension().is_some_and(|e| e == "rs") {
                sources.insert(path.clone());
            }
        }
    }
    let sources: Vec<PathBuf> = sources.into_iter().collect();
    let compiled = Mutex::new(HashMap::new());
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        for _ in 0..options.jobs.clamp(1, sources.len().max(1)) {
            scope.spawn(|| {
                while let Some(source) = sources.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let outcome = compile::compile(source, &options.cache_dir)
                        .map_err(|e| format!("cannot compile {}: {e}", source.display()));
                    compiled
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(source.clone(), outcome);
                }
            });
        }
    });
    compiled.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Run the cases, or give them all CE / JE.
fn plan(problem: &Problem, compiled: &HashMap<PathBuf, Result<Compiled, String>>) -> Plan {
    let lookup = |source: &Path| {
        compiled
            .get(source)
            .cloned()
            .unwrap_or_else(|| Err(format!("{} was not compiled", source.display())))
    };
    let exe = match lookup(&problem.settings.solution) {
        Ok(Compiled::Binary(exe)) => exe,
        Ok(Compiled::Error(message)) => {
            return Plan::Fixed(Judgement::new(Verdict::CompileError, message))
        }
        Err(e) => return Plan::Fixed(Judgement::new(Verdict::JudgeError, e)),
    };
    let checker_exe = match &problem.settings.checker {
        Checker::Program(path) if path.extension().is_some_and(|e| e == "rs") => match lookup(path)
        {
            Ok(Compiled::Binary(exe)) => Some(exe),
            Ok(Compiled::Error(message)) => {
                return Plan::Fixed(Judgement::new(
                    Verdict::JudgeError,
                    format!("the checker does not compile: {message}"),
                ))
            }
            Err(e) => return Plan::Fixed(Judgement::new(Verdict::JudgeError, e)),
        },
        Checker::Program(path) => Some(path.clone()),
        _ => None,
    };
    Plan::Run { exe, checker_exe }
}

fn header(problem: &Problem, plan: &Plan, options: &Options) -> ProblemResult {
    let s = &problem.settings;
    let compile_error = match plan {
        Plan::Fixed(Judgement {
            verdict: Verdict::CompileError,
            note,
        }) => Some(note.clone()),
        _ => None,
    };
    ProblemResult {
        name: problem.name.clone(),
        solution: s.solution_label.clone(),
        time_limit_ms: scaled(s.time_limit_ms, options.tl_mult),
        memory_limit_mb: s.memory_limit_mb,
        checker: s.checker.to_string(),
        compile_error,
        cases: Vec::new(),
    }
}

/// The time limit after `--tl-mult`, at least 1 ms.
pub fn scaled(time_limit_ms: u64, tl_mult: f64) -> u64 {
    ((time_limit_ms as f64 * tl_mult).round() as u64).max(1)
}

/// The sandbox limits for a problem's time limit (scaled), memory limit and output cap.
pub fn limits(time_limit_ms: u64, memory_limit_mb: u64, output_limit_mb: u64) -> Limits {
    Limits {
        cpu_ms: time_limit_ms,
        wall_ms: (2 * time_limit_ms).max(time_limit_ms + WALL_SLACK_MS),
        memory_kib: memory_limit_mb * 1024,
        output_bytes: output_limit_mb * 1024 * 1024,
    }
}

/// A run worth repeating alone: its CPU time came within 10 % of the limit (or past it), or the wall-clock
/// watchdog stopped it — on a loaded machine a CPU-bound program can be starved past the wall limit with
/// half its CPU time left, which is exactly the verdict parallelism must not decide.
pub fn near_limit(run: &Run, time_limit_ms: u64) -> bool {
    run.exit == Exit::TimeLimit || run.cpu_ms * 10 >= time_limit_ms * 9
}

fn unrun(case: &Case, judgement: &Judgement) -> CaseResult {
    CaseResult {
        case: case.name.clone(),
        verdict: judgement.verdict,
        cpu_ms: 0,
        wall_ms: 0,
        memory_kib: 0,
        note: judgement.note.clone(),
        rerun: false,
    }
}

/// One case to run: where everything is.
struct CaseRun<'a> {
    problem: &'a Problem,
    case: &'a Case,
    exe: &'a Path,
    checker_exe: &'a Option<PathBuf>,
    output: &'a Path,
}

impl CaseRun<'_> {
    /// Runs (and re-runs alone if near the limit), then judges.
    fn judge(&self, tl_mult: f64, machine: &RwLock<()>) -> CaseResult {
        let s = &self.problem.settings;
        let time_limit_ms = scaled(s.time_limit_ms, tl_mult);
        let limits = limits(time_limit_ms, s.memory_limit_mb, s.output_limit_mb);
        let run_once = || sandbox::run(self.exe, &self.case.input, self.output, &limits);
        let first = {
            let _shared = machine.read().unwrap_or_else(|e| e.into_inner());
            run_once()
        };
        let (run, rerun) = match first {
            Ok(run) if near_limit(&run, time_limit_ms) => {
                let _alone = machine.write().unwrap_or_else(|e| e.into_inner());
                (run_once(), true)
            }
            other => (other, false),
        };
        let mut result = unrun(self.case, &Judgement::new(Verdict::JudgeError, ""));
        result.rerun = rerun;
        let run = match run {
            Ok(run) => run,
            Err(e) => {
                // The sandbox's error already says "cannot run <exe>: <why>".
                result.note = e.to_string();
                return result;
            }
        };
        let bounds = Bounds {
            time_limit_ms,
            memory_limit_kib: s.memory_limit_mb * 1024,
            output_limit_bytes: limits.output_bytes,
        };
        let judgement = verdict::judge(&run, bounds, || self.check());
        let _ = fs::remove_file(self.output);
        CaseResult {
            verdict: judgement.verdict,
            cpu_ms: run.cpu_ms,
            wall_ms: run.wall_ms,
            memory_kib: run.memory_kib,
            note: judgement.note,
            ..result
        }
    }

    /// The problem's checker on this case's files.
    fn check(&self) -> Outcome {
        if let Some(checker) = self.checker_exe {
            let files = [
                self.case.input.as_path(),
                self.output,
                self.case.answer.as_path(),
            ];
            return program::check(
                checker,
                files,
                &self.output.with_extension("checker"),
                CHECKER_TIMEOUT,
            );
        }
        let read = |path: &Path| {
            fs::read(path)
                .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
                .map_err(|e| format!("cannot read {}: {e}", path.display()))
        };
        let (input, output, answer) = match (
            read(&self.case.input),
            read(self.output),
            read(&self.case.answer),
        ) {
            (Ok(i), Ok(o), Ok(a)) => (i, o, a),
            (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return Outcome::Failed(e),
        };
        self.problem
            .settings
            .checker
            .check_text(&input, &output, &answer)
            .unwrap_or(Outcome::Failed("no checker".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(exit: Exit, cpu_ms: u64) -> Run {
        Run {
            exit,
            cpu_ms,
            wall_ms: cpu_ms,
            memory_kib: 1000,
            stderr_tail: String::new(),
            stderr_bytes: 0,
        }
    }

    #[test]
    fn scratch_names_carry_the_judges_pid() {
        assert_eq!(scratch_name(4242), "judge-4242");
        assert_eq!(scratch_owner("judge-4242"), Some(4242));
        for other in [
            "judge-",
            "judge-12a",
            "judge-+1",
            "judge-config-1-x",
            "x-12",
            "judge-99999999999",
        ] {
            assert_eq!(scratch_owner(other), None, "{other}");
        }
    }

    #[test]
    fn scaled_limits() {
        assert_eq!(scaled(1000, 1.0), 1000);
        assert_eq!(scaled(1000, 2.5), 2500);
        assert_eq!(scaled(3, 0.1), 1);
        assert_eq!(
            limits(300, 64, 64),
            Limits {
                cpu_ms: 300,
                wall_ms: 1300,
                memory_kib: 65536,
                output_bytes: 64 << 20
            }
        );
        assert_eq!(limits(5000, 32, 1).wall_ms, 10000);
    }

    #[test]
    fn near_limit_means_cpu_within_ten_percent_or_stopped() {
        assert!(!near_limit(&run(Exit::Code(0), 899), 1000));
        assert!(near_limit(&run(Exit::Code(0), 900), 1000));
        assert!(near_limit(&run(Exit::Code(0), 1500), 1000));
        assert!(near_limit(&run(Exit::TimeLimit, 1003), 1000));
        assert!(near_limit(&run(Exit::TimeLimit, 460), 1000));
        assert!(!near_limit(&run(Exit::Signal(11), 2), 1000));
    }
}
