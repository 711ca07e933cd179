//! The engine: compile each distinct source once, run every case on `jobs` worker threads, judge each run,
//! and hand the results to a `Progress` in name order whatever order they finish in.
//!
//! Parallel runs must not change verdicts. CPU time (not wall time) is what is judged, and a run whose
//! verdict load could have decided — CPU within 10 % of its limit, or stopped by the wall clock with CPU to
//! spare — is run again *alone*: a `RwLock` stands for the machine, every ordinary run holds it shared, the
//! re-run holds it exclusively. A run stopped at its CPU limit is TLE at once: load does not make CPU time.

use crate::checker::{program, Checker, Outcome};
use crate::compile::{self, Artifact, Compiled};
use crate::lang::{Language, Languages};
use crate::problem::{Case, Group, Problem, Rules};
use crate::report::{CaseResult, ProblemResult};
use crate::sandbox::{self, Limits, Output, Scratch, Slot, Stop, Streams};
use crate::verdict::{self, Bounds, Judgement, Run, Verdict};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex, RwLock};
use std::thread;
use std::time::{Duration, Instant};

/// The wall-clock limit's extra time beyond the time limit (and at least 2 × TL).
const WALL_SLACK_MS: u64 = 1000;
/// How much of the end of stderr a run keeps for its note.
const STDERR_TAIL_BYTES: usize = 4096;
/// Contestants' output held in memory at once for checking, by all workers together: a check waits for
/// room, so the judge's own memory stays bounded whatever `-j` and whatever a submission prints (two jobs
/// would otherwise hold two 64 MiB outputs). An output larger than this is checked alone.
const OUTPUT_MEMORY_BYTES: u64 = 64 << 20;
/// The private `/tmp` of a run: room for scratch files, not a way around the memory limit.
const RUN_TMP_MIB: u64 = 16;
/// How often the live line of a case in flight is refreshed.
const TICK: Duration = Duration::from_millis(250);

/// How to judge, beyond what each problem says.
pub struct Options<'a> {
    pub jobs: usize,
    pub tl_mult: f64,
    /// Where compiled artifacts are cached.
    pub cache_dir: PathBuf,
    pub languages: &'a Languages,
    /// The judge's private scratch dir: run outputs, the sandboxes' mount points.
    pub scratch: &'a Scratch,
    /// Stop a problem at its first case that is not AC.
    pub fail_fast: bool,
}

/// Receives results as soon as they can be shown in name order.
pub trait Progress {
    /// A problem's first result is ready (its `cases` still empty); `cases` are the ones that will follow.
    fn problem(&mut self, problem: &ProblemResult, cases: &[Case]);
    fn case(&mut self, problem: &ProblemResult, case: &CaseResult);
    /// The next case to show is still running after `elapsed` (called every quarter second).
    fn waiting(&mut self, _case: &str, _elapsed: Duration) {}
}

/// What to do with a problem's cases once its sources are compiled.
enum Plan {
    Run {
        solution: Artifact,
        /// The compiled checker program of each group that has one.
        checkers: HashMap<Group, Artifact>,
    },
    /// Every case gets this judgement (CE, or JE when the judge could not compile at all).
    Fixed(Judgement),
}

/// Judges every case of `problems`; results in problem order, cases in name order (cases skipped by
/// `--fail-fast` or an interrupt are left out).
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
            Plan::Fixed(judgement) => {
                let case = &problems[pi].cases[ci];
                let rules = problems[pi].settings.rules(case.group);
                let judgement = per_case(judgement);
                shelf.put(pi, ci, Some(unrun(case, &rules, options, &judgement)))
            }
            Plan::Run { .. } => jobs.push((pi, ci)),
        }
    }
    run_all(problems, &plans, &jobs, options, &mut shelf);
    shelf.into_results()
}

/// Results parked until every case before them (in problem, then name order) has been shown.
struct Shelf<'a> {
    problems: &'a [Problem],
    headers: &'a [ProblemResult],
    progress: &'a mut dyn Progress,
    /// Every (problem, case) index pair in report order.
    order: Vec<(usize, usize)>,
    /// `Some(None)`: the case was skipped.
    slots: Vec<Vec<Option<Option<CaseResult>>>>,
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

    /// Parks a result (`None`: skipped), then shows everything that is now next in order.
    fn put(&mut self, pi: usize, ci: usize, result: Option<CaseResult>) {
        self.slots[pi][ci] = Some(result);
        while let Some(&(pi, ci)) = self.order.get(self.shown) {
            let Some(result) = &self.slots[pi][ci] else {
                break;
            };
            if ci == 0 {
                self.progress
                    .problem(&self.headers[pi], &self.problems[pi].cases);
            }
            if let Some(result) = result {
                self.progress.case(&self.headers[pi], result);
            }
            self.shown += 1;
        }
    }

    /// The case shown next, if it is still to come.
    fn next_case(&self) -> Option<(usize, usize)> {
        self.order.get(self.shown).copied()
    }

    fn into_results(self) -> Vec<ProblemResult> {
        let with_cases =
            |(header, cases): (&ProblemResult, Vec<Option<Option<CaseResult>>>)| ProblemResult {
                cases: cases.into_iter().flatten().flatten().collect(),
                ..header.clone()
            };
        self.headers
            .iter()
            .zip(self.slots)
            .map(with_cases)
            .collect()
    }
}

/// Runs `jobs` on `options.jobs` worker threads; results reach `shelf` on this thread as they arrive.
fn run_all(
    problems: &[Problem],
    plans: &[Plan],
    jobs: &[(usize, usize)],
    options: &Options,
    shelf: &mut Shelf,
) {
    let machine = RwLock::new(());
    let next = AtomicUsize::new(0);
    let failed: Vec<AtomicBool> = problems.iter().map(|_| AtomicBool::new(false)).collect();
    let started: Mutex<HashMap<(usize, usize), Instant>> = Mutex::default();
    thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for worker in 0..options.jobs.clamp(1, jobs.len().max(1)) {
            let sender = sender.clone();
            let (next, machine, failed, started) = (&next, &machine, &failed, &started);
            scope.spawn(move || {
                let slot = match options.scratch.slot(&format!("worker-{worker}")) {
                    Ok(slot) => slot,
                    Err(e) => {
                        // No slot, no runs: every job this worker takes is a JE saying why.
                        while let Some(&(pi, ci)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                            let case = &problems[pi].cases[ci];
                            let rules = problems[pi].settings.rules(case.group);
                            let je =
                                Judgement::new(Verdict::JudgeError, format!("scratch dir: {e}"));
                            let _ = sender.send((pi, ci, Some(unrun(case, &rules, options, &je))));
                        }
                        return;
                    }
                };
                while let Some(&(pi, ci)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let skip = sandbox::interrupted()
                        || (options.fail_fast && failed[pi].load(Ordering::SeqCst));
                    let Plan::Run { solution, checkers } = &plans[pi] else {
                        continue;
                    };
                    let result = (!skip).then(|| {
                        started
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .insert((pi, ci), Instant::now());
                        let case_run = CaseRun {
                            problem: &problems[pi],
                            case: &problems[pi].cases[ci],
                            solution,
                            checkers,
                            slot: &slot,
                            output: RefCell::new(None),
                        };
                        case_run.judge(options, machine)
                    });
                    // A run the interrupt killed proves nothing: it is left out, not reported.
                    let result = result.filter(|_| !sandbox::interrupted());
                    if result
                        .as_ref()
                        .is_some_and(|r| r.verdict != Verdict::Accepted)
                    {
                        failed[pi].store(true, Ordering::SeqCst);
                    }
                    if sender.send((pi, ci, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        loop {
            match receiver.recv_timeout(TICK) {
                Ok((pi, ci, result)) => shelf.put(pi, ci, result),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let Some((pi, ci)) = shelf.next_case() else {
                        continue;
                    };
                    let since = started
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get(&(pi, ci))
                        .copied();
                    if let Some(since) = since {
                        let name = &problems[pi].cases[ci].name;
                        shelf.progress.waiting(name, since.elapsed());
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
}

/// Every distinct source (solutions, checker programs) compiled once, on up to `jobs` threads.
fn compile_all(
    problems: &[Problem],
    options: &Options,
) -> HashMap<PathBuf, Result<Compiled, String>> {
    let mut sources = BTreeSet::new();
    for p in problems {
        sources.insert(p.settings.solution.clone());
        for group in Group::ALL {
            if let Checker::Program(path, _) = p.settings.rules(group).checker {
                sources.insert(path);
            }
        }
    }
    let sources: Vec<PathBuf> = sources.into_iter().collect();
    let compiled = Mutex::new(HashMap::new());
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        for thread in 0..options.jobs.clamp(1, sources.len().max(1)) {
            let (compiled, next, sources) = (&compiled, &next, &sources);
            scope.spawn(move || {
                let slot = options.scratch.slot(&format!("compile-{thread}"));
                while let Some(source) = sources.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let outcome = match &slot {
                        Ok(slot) => compile_one(source, options, slot),
                        Err(e) => Err(format!("scratch dir: {e}")),
                    };
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

/// A source through the language table; an executable (a prebuilt checker) runs as it is.
fn compile_one(source: &Path, options: &Options, slot: &Slot) -> Result<Compiled, String> {
    use std::os::unix::fs::PermissionsExt;
    let executable = fs::metadata(source).is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
    let language = match options.languages.for_file(source) {
        Ok(language) => language.clone(),
        Err(_) if executable => Language::native(),
        Err(e) => return Err(e),
    };
    compile::compile(source, &language, &options.cache_dir, slot)
        .map_err(|e| format!("cannot compile {}: {e}", source.display()))
}

/// Run the cases, or give them all CE / JE.
fn plan(problem: &Problem, compiled: &HashMap<PathBuf, Result<Compiled, String>>) -> Plan {
    let lookup = |source: &Path| {
        compiled
            .get(source)
            .cloned()
            .unwrap_or_else(|| Err(format!("{} was not compiled", source.display())))
    };
    let solution = match lookup(&problem.settings.solution) {
        Ok(Compiled::Ready(artifact)) => artifact,
        Ok(Compiled::Error(message)) => {
            return Plan::Fixed(Judgement::new(Verdict::CompileError, message))
        }
        Err(e) => return Plan::Fixed(Judgement::new(Verdict::JudgeError, e)),
    };
    let mut checkers = HashMap::new();
    for group in Group::ALL {
        let Checker::Program(path, _) = problem.settings.rules(group).checker else {
            continue;
        };
        match lookup(&path) {
            Ok(Compiled::Ready(artifact)) => {
                checkers.insert(group, artifact);
            }
            Ok(Compiled::Error(message)) => {
                return Plan::Fixed(Judgement::new(
                    Verdict::JudgeError,
                    format!("the checker does not compile: {message}"),
                ))
            }
            Err(e) => return Plan::Fixed(Judgement::new(Verdict::JudgeError, e)),
        }
    }
    Plan::Run { solution, checkers }
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

/// What each case of a problem that did not compile says: the compiler's message is the problem's
/// (`compile_error`, shown once), each case keeps its first line (5,000 cases must not repeat it all).
fn per_case(judgement: &Judgement) -> Judgement {
    const CHARS: usize = 200;
    if judgement.verdict != Verdict::CompileError {
        return judgement.clone();
    }
    let first = judgement.note.lines().next().unwrap_or("");
    let note = match first.char_indices().nth(CHARS) {
        Some((cut, _)) => format!("{}…", &first[..cut]),
        None => first.to_string(),
    };
    Judgement::new(Verdict::CompileError, note)
}

/// The time limit after `--tl-mult`, at least 1 ms.
pub fn scaled(time_limit_ms: u64, tl_mult: f64) -> u64 {
    ((time_limit_ms as f64 * tl_mult).round() as u64).max(1)
}

/// The sandbox limits for a case: its time limit (scaled), memory limit and output cap.
pub fn limits(time_limit_ms: u64, memory_limit_mb: u64, output_limit_mb: u64) -> Limits {
    Limits {
        cpu_ms: time_limit_ms,
        wall_ms: (2 * time_limit_ms).max(time_limit_ms + WALL_SLACK_MS),
        memory_kib: memory_limit_mb * 1024,
        output_bytes: output_limit_mb * 1024 * 1024,
        tasks: sandbox::DEFAULT_TASKS,
        tmp_mib: RUN_TMP_MIB,
    }
}

/// A run whose verdict the machine's load could have decided, worth repeating alone: its CPU came within
/// 10 % of the limit on either side without being stopped there, or the wall clock stopped it before its
/// CPU reached the limit (starved?). A run stopped at the CPU limit is TLE as it is.
pub fn near_limit(run: &Run, time_limit_ms: u64) -> bool {
    let near = run.cpu_ms * 10 >= time_limit_ms * 9 && run.cpu_ms * 10 <= time_limit_ms * 11;
    match run.stopped {
        Some(Stop::Cpu | Stop::Memory | Stop::Output) => false,
        // With CPU to spare but not idle (a sleeper is not starved): load may have decided it.
        Some(Stop::Wall) => run.cpu_ms < time_limit_ms && run.cpu_ms * 10 >= time_limit_ms,
        None => near,
    }
}

fn unrun(case: &Case, rules: &Rules, options: &Options, judgement: &Judgement) -> CaseResult {
    CaseResult {
        case: case.name.clone(),
        group: case.group,
        time_limit_ms: scaled(rules.time_limit_ms, options.tl_mult),
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
    solution: &'a Artifact,
    checkers: &'a HashMap<Group, Artifact>,
    slot: &'a Slot,
    /// The last run's output, as the judge opened it (the run only ever had a pipe).
    output: RefCell<Option<File>>,
}

impl CaseRun<'_> {
    /// Runs (and re-runs alone if load could have decided the verdict), then judges.
    fn judge(&self, options: &Options, machine: &RwLock<()>) -> CaseResult {
        let rules = self.problem.settings.rules(self.case.group);
        let time_limit_ms = scaled(rules.time_limit_ms, options.tl_mult);
        let limits = limits(time_limit_ms, rules.memory_limit_mb, rules.output_limit_mb);
        let first = {
            let _shared = machine.read().unwrap_or_else(|e| e.into_inner());
            self.run(&limits, rules.memory_limit_mb)
        };
        let (run, rerun) = match first {
            Ok(run) if near_limit(&run, time_limit_ms) => {
                let _alone = machine.write().unwrap_or_else(|e| e.into_inner());
                (self.run(&limits, rules.memory_limit_mb), true)
            }
            other => (other, false),
        };
        let mut result = unrun(
            self.case,
            &rules,
            options,
            &Judgement::new(Verdict::JudgeError, ""),
        );
        result.rerun = rerun;
        let run = match run {
            Ok(run) => run,
            Err(e) => {
                result.note = e;
                return result;
            }
        };
        let bounds = Bounds {
            time_limit_ms,
            memory_limit_kib: rules.memory_limit_mb * 1024,
            output_limit_bytes: limits.output_bytes,
        };
        let judgement = verdict::judge(&run, bounds, || self.check(&rules));
        let _ = fs::remove_file(self.slot.path("out"));
        CaseResult {
            verdict: judgement.verdict,
            cpu_ms: run.cpu_ms,
            wall_ms: run.wall_ms,
            memory_kib: run.memory_kib,
            note: judgement.note,
            ..result
        }
    }

    /// One run of the solution: stdin a sealed copy of the input; stdout drained into a fresh file of the
    /// judge's (the run gets a pipe: it can neither reserve disk through it, nor re-mode, lock or grow it
    /// past the cap), the end of stderr kept in memory.
    fn run(&self, limits: &Limits, memory_mb: u64) -> Result<Run, String> {
        let input = sandbox::sealed_input(&self.case.input)
            .map_err(|e| format!("cannot read the case's input: {e}"))?;
        let (_, out) = self.slot.create("out").map_err(|e| e.to_string())?;
        let streams = Streams {
            stdin: input.into(),
            stdout: Output::File(out.try_clone().map_err(|e| e.to_string())?),
            stderr: Output::Tail(STDERR_TAIL_BYTES),
        };
        let program = self.solution.program(memory_mb, &[], &[]);
        let facts =
            sandbox::run(&program, limits, streams, self.slot).map_err(|e| e.to_string())?;
        *self.output.borrow_mut() = Some(out);
        let (stderr_bytes, output_bytes) = (facts.stderr.bytes, facts.stdout.bytes);
        let tail = String::from_utf8_lossy(&facts.stderr.kept).into_owned();
        Ok(Run::new(facts, tail, stderr_bytes, output_bytes))
    }

    /// The case's checker on its files; a built-in one reads the output through the judge's own descriptor.
    fn check(&self, rules: &Rules) -> Outcome {
        let output = self.slot.path("out");
        if let Checker::Program(_, args) = &rules.checker {
            let Some(checker) = self.checkers.get(&self.case.group) else {
                return Outcome::Failed("the checker was not compiled".into());
            };
            let files = [
                self.case.input.as_path(),
                &output,
                self.case.answer.as_path(),
            ];
            return program::check(checker, args, files, self.slot);
        }
        let Some(mut file) = self.output.borrow_mut().take() else {
            return Outcome::Failed("no output to check".into());
        };
        let answer = match sandbox::read_regular(&self.case.answer) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => return Outcome::Failed(format!("cannot read {e}")),
        };
        let length = file.metadata().map_or(0, |m| m.len());
        let _room = Held::take(length);
        let mut bytes = Vec::with_capacity(length as usize);
        let read = file
            .seek(SeekFrom::Start(0))
            .and_then(|_| file.read_to_end(&mut bytes));
        if let Err(e) = read {
            return Outcome::Failed(format!("cannot read the output: {e}"));
        }
        rules
            .checker
            .check_text(&text_of(bytes), &answer)
            .unwrap_or(Outcome::Failed("no checker".into()))
    }
}

/// Room taken in the output memory budget (`OUTPUT_MEMORY_BYTES`), given back when dropped.
struct Held(u64);

static HELD: Mutex<u64> = Mutex::new(0);
static ROOM: Condvar = Condvar::new();

impl Held {
    /// Waits until `bytes` fit beside what other checks hold (a larger output waits to be alone).
    fn take(bytes: u64) -> Held {
        let bytes = bytes.min(OUTPUT_MEMORY_BYTES);
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        while *held > 0 && *held + bytes > OUTPUT_MEMORY_BYTES {
            held = ROOM.wait(held).unwrap_or_else(|e| e.into_inner());
        }
        *held += bytes;
        Held(bytes)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        *held -= self.0;
        ROOM.notify_all();
    }
}

/// An output as text for the built-in checkers, in place when it is UTF-8. Bytes that are not UTF-8 can
/// match no answer: the text stops shortly after the first of them (shown as U+FFFD), so 60 MiB of them
/// cost 60 MiB, not three times that as replacement characters.
fn text_of(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let mut bytes = e.into_bytes();
            let rest =
                String::from_utf8_lossy(&bytes[valid..bytes.len().min(valid + 64)]).into_owned();
            bytes.truncate(valid);
            bytes.shrink_to_fit();
            let mut text = String::from_utf8(bytes).unwrap_or_default();
            text.push_str(&rest);
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::Exit;

    fn run(stopped: Option<Stop>, cpu_ms: u64) -> Run {
        Run {
            exit: Exit::Code(0),
            stopped,
            cpu_ms,
            wall_ms: cpu_ms,
            memory_kib: 1000,
            stderr_tail: String::new(),
            stderr_bytes: 0,
            output_bytes: 0,
        }
    }

    #[test]
    fn scaled_limits() {
        assert_eq!(scaled(1000, 1.0), 1000);
        assert_eq!(scaled(1000, 2.5), 2500);
        assert_eq!(scaled(3, 0.1), 1);
        let l = limits(300, 64, 64);
        assert_eq!(
            (l.cpu_ms, l.wall_ms, l.memory_kib, l.output_bytes),
            (300, 1300, 65536, 64 << 20)
        );
        assert_eq!(limits(5000, 32, 1).wall_ms, 10000);
    }

    #[test]
    fn a_compile_error_is_whole_once_and_a_line_per_case() {
        let message = format!("a.c:1:1: error: {}\nsecond line\n", "x".repeat(500));
        let case = per_case(&Judgement::new(Verdict::CompileError, message));
        assert!(
            case.note.starts_with("a.c:1:1: error: xxx"),
            "{}",
            case.note
        );
        assert_eq!(case.note.chars().count(), 201);
        let je = Judgement::new(Verdict::JudgeError, "g++ not found\nmore");
        assert_eq!(per_case(&je), je);
    }

    #[test]
    fn output_that_is_not_utf8_stops_soon_after_its_first_bad_byte() {
        assert_eq!(text_of(b"3 2\n".to_vec()), "3 2\n");
        let mut flood = b"3 2\n\xff".to_vec();
        flood.extend(vec![0xfe; 1 << 20]);
        let text = text_of(flood);
        assert!(text.starts_with("3 2\n\u{fffd}"), "{text:?}");
        assert!(text.len() < 1000, "{}", text.len());
    }

    #[test]
    fn only_runs_load_could_have_decided_are_re_run() {
        assert!(!near_limit(&run(None, 899), 1000));
        assert!(near_limit(&run(None, 900), 1000));
        assert!(near_limit(&run(None, 1100), 1000));
        assert!(!near_limit(&run(None, 1101), 1000));
        // Stopped at the CPU limit: TLE, no second wait.
        assert!(!near_limit(&run(Some(Stop::Cpu), 1005), 1000));
        // Stopped by the wall clock with CPU to spare: maybe starved.
        assert!(near_limit(&run(Some(Stop::Wall), 460), 1000));
        assert!(!near_limit(&run(Some(Stop::Wall), 1), 1000));
        assert!(!near_limit(&run(Some(Stop::Memory), 950), 1000));
    }
}
