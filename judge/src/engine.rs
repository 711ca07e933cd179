//! The engine executes jobs (`plan`): compile each distinct source once and run every case, on the same
//! `jobs` worker threads (`schedule` says which task next: a job's cases start once its own programs are
//! compiled), check each run, and hand the results to a `Progress` in job and case order, whatever order
//! they finish in.
//!
//! Parallel runs must not change verdicts. CPU time (not wall time) is what is judged, and a run whose
//! verdict load could have decided — CPU within 10 % of its limit, or stopped by the wall clock with CPU to
//! spare — is run again *alone*: a `RwLock` stands for the machine, every ordinary run holds it shared, the
//! re-run holds it exclusively. A run stopped at its CPU limit is TLE at once: load does not make CPU time.
//!
//! A job that stops at its first failure (an example submission, or `--fail-fast`) skips the cases after
//! it; cases after it that already ran are left out of its report, so the report does not depend on timing.

use crate::checker::{self, interactive, program, Outcome};
use crate::compile::{self, Artifact, Compiled};
use crate::lang::{Dialect, Language, Languages};
use crate::package::{Constants, Expectation};
use crate::plan::{self, CaseSpec, Check, Job};
use crate::report::{CaseResult, Excerpt, ProblemResult};
use crate::sandbox::{self, Limits, Output, Scratch, Slot, Stop};
use crate::schedule::{JobShape, Schedule, Task};
use crate::source;
use crate::sys;
use crate::verdict::{self, Bounds, Judgement, Run, Verdict};
use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{self, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard, RwLock};
use std::thread;
use std::time::{Duration, Instant};

/// How much wider the wall clock is when a run it stopped with CPU to spare is re-run alone.
const WALL_RETRY_MULT: u64 = 3;
/// How much of the end of stderr a run keeps for its note.
const STDERR_TAIL_BYTES: usize = 4096;
/// How many times the engine has run in this judge: each run's scratch slots get fresh names.
static CALLS: AtomicUsize = AtomicUsize::new(0);
/// How often the live line of a case in flight is refreshed.
const TICK: Duration = Duration::from_millis(250);

/// How to execute, beyond what the jobs say.
pub struct Options<'a> {
    pub jobs: usize,
    /// Where compiled artifacts are cached.
    pub cache_dir: PathBuf,
    pub languages: &'a Languages,
    /// The judge's private scratch dir: run outputs, the sandboxes' mount points.
    pub scratch: &'a Scratch,
    /// `--show`: keep the beginning of a failing case's output, answer and stderr for the report.
    pub show: bool,
    /// `--keep DIR`: write every case's output and the end of its stderr to
    /// `DIR/<problem>/<submission>/<case>.out` / `.err`.
    pub keep: Option<PathBuf>,
}

/// Receives results as soon as they can be shown in order.
pub trait Progress {
    /// A job's first result is ready (its `cases` still empty); `cases` are the ones that may follow.
    fn job(&mut self, job: &ProblemResult, cases: &[CaseSpec]);
    fn case(&mut self, job: &ProblemResult, case: &CaseResult);
    /// Every case of the job that will be shown has been.
    fn done(&mut self, _job: &ProblemResult) {}
    /// The next case to show is still running after `elapsed` (called every quarter second).
    fn waiting(&mut self, _case: &str, _elapsed: Duration) {}
}

/// What to do with a job's cases once its sources are compiled.
enum Plan {
    Run {
        solution: Artifact,
        validator: Option<Artifact>,
    },
    /// Every case gets this judgement (CE, or JE when the judge could not compile at all).
    Fixed(Judgement),
}

/// Executes `jobs`; one result per job, its cases in order (cases skipped after a stopping failure, or by
/// an interrupt, are left out and counted). Each distinct program is compiled once, on the same workers as
/// the runs: a job's cases start as soon as its own programs are compiled (`schedule`).
pub fn judge(jobs: &[Job], options: &Options, progress: &mut dyn Progress) -> Vec<ProblemResult> {
    let programs = programs_of(jobs);
    let index: HashMap<ProgramKey, usize> = programs
        .iter()
        .enumerate()
        .map(|(n, p)| (p.key(), n))
        .collect();
    let shapes = jobs
        .iter()
        .map(|job| JobShape {
            needs: job_programs(job).iter().map(|p| index[&p.key()]).collect(),
            cases: job.cases.len(),
            stops_at_first_failure: job.stop_at_first_failure,
            speculate: job
                .expectation
                .as_ref()
                .map_or(true, Expectation::passes_every_case),
        })
        .collect();
    let headers: Vec<ProblemResult> = jobs.iter().map(|j| header(j, None)).collect();
    let mut shelf = Shelf::new(jobs, headers, progress);
    let languages: Vec<Option<Language>> = programs.iter().map(|p| p.language(options)).collect();
    let one_cpu = languages
        .iter()
        .map(|l| {
            l.as_ref()
                .is_some_and(|l| l.compile.is_none() || l.one_cpu_compile)
        })
        .collect();
    let schedule = Schedule::new(one_cpu, shapes);
    let mut toolchains: Vec<&Language> = Vec::new();
    for language in languages.iter().flatten() {
        if !toolchains.contains(&language) {
            toolchains.push(language);
        }
    }
    run_all(jobs, &programs, &toolchains, schedule, options, &mut shelf);
    shelf.into_results()
}

/// Results parked until every case before them (in job, then case order) has been shown.
struct Shelf<'a> {
    jobs: &'a [Job],
    headers: Vec<ProblemResult>,
    progress: &'a mut dyn Progress,
    /// Every (job, case) index pair in report order.
    order: Vec<(usize, usize)>,
    /// `Some(None)`: the case was skipped.
    slots: Vec<Vec<Option<Option<CaseResult>>>>,
    /// The case index a stopping job stopped at, once shown.
    stopped: Vec<Option<usize>>,
    /// How many of `order` have been shown.
    shown: usize,
}

impl<'a> Shelf<'a> {
    fn new(
        jobs: &'a [Job],
        headers: Vec<ProblemResult>,
        progress: &'a mut dyn Progress,
    ) -> Shelf<'a> {
        let order = jobs
            .iter()
            .enumerate()
            .flat_map(|(ji, j)| (0..j.cases.len()).map(move |ci| (ji, ci)))
            .collect();
        Shelf {
            jobs,
            headers,
            progress,
            order,
            slots: jobs.iter().map(|j| vec![None; j.cases.len()]).collect(),
            stopped: vec![None; jobs.len()],
            shown: 0,
        }
    }

    /// Parks a result (`None`: skipped), then shows everything that is now next in order.
    fn put(&mut self, ji: usize, ci: usize, result: Option<CaseResult>) {
        self.slots[ji][ci] = Some(result);
        while let Some(&(ji, ci)) = self.order.get(self.shown) {
            let Some(result) = &self.slots[ji][ci] else {
                break;
            };
            if ci == 0 {
                self.progress.job(&self.headers[ji], &self.jobs[ji].cases);
            }
            if self.stopped[ji].is_some() {
                // After a stopping failure: not part of the report, however it ended.
                self.slots[ji][ci] = Some(None);
            } else if let Some(result) = result {
                self.progress.case(&self.headers[ji], result);
                if self.jobs[ji].stop_at_first_failure && result.verdict != Verdict::Accepted {
                    self.stopped[ji] = Some(ci);
                }
            }
            self.shown += 1;
            if ci + 1 == self.jobs[ji].cases.len() {
                let done = self.result(ji);
                self.progress.done(&done);
            }
        }
    }

    /// The case shown next, if it is still to come.
    fn next_case(&self) -> Option<(usize, usize)> {
        self.order.get(self.shown).copied()
    }

    /// Job `ji`'s result from what is parked.
    fn result(&self, ji: usize) -> ProblemResult {
        let cases: Vec<CaseResult> = self.slots[ji].iter().flatten().flatten().cloned().collect();
        let mut result = ProblemResult {
            skipped: self.jobs[ji].cases.len() - cases.len(),
            cases,
            ..self.headers[ji].clone()
        };
        if let Some(expectation) = &self.jobs[ji].expectation {
            let judged: Vec<(&str, Verdict)> = result
                .cases
                .iter()
                .map(|c| (c.case.as_str(), c.verdict))
                .collect();
            result.unmet = expectation.broken(&judged);
        }
        result
    }

    fn into_results(self) -> Vec<ProblemResult> {
        (0..self.jobs.len()).map(|ji| self.result(ji)).collect()
    }
}

/// What the workers share: the schedule, what is compiled so far, and each job's plan once decided.
struct Tasks {
    schedule: Schedule,
    compiled: CompiledPrograms,
    plans: Vec<Option<Arc<Plan>>>,
}

fn lock(tasks: &Mutex<Tasks>) -> MutexGuard<'_, Tasks> {
    tasks.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a worker tells the engine's thread: a job's header once its plan is known, a case's result.
enum Note {
    Header(usize, ProblemResult),
    Case(usize, usize, Option<CaseResult>),
}

/// Compiles `programs` and runs the jobs' cases on `options.jobs` worker threads, as `schedule` hands the
/// tasks out; results reach `shelf` on this thread as they arrive. The `toolchains` are probed at once,
/// each on a thread of its own beside the first compiles, not one after another as compiles reach them
/// (a JVM's `-version` and a version manager's shim take a good part of a second each).
fn run_all(
    jobs: &[Job],
    programs: &[Program],
    toolchains: &[&Language],
    mut schedule: Schedule,
    options: &Options,
    shelf: &mut Shelf,
) {
    if !toolchains.is_empty() {
        schedule.probing();
    }
    let pool = Pool {
        jobs,
        programs,
        options,
        machine: RwLock::new(()),
        tasks: Mutex::new(Tasks {
            schedule,
            compiled: HashMap::new(),
            plans: vec![None; jobs.len()],
        }),
        wake: Condvar::new(),
        first_failure: jobs.iter().map(|_| AtomicUsize::new(usize::MAX)).collect(),
        started: Mutex::default(),
        call: CALLS.fetch_add(1, Ordering::Relaxed),
    };
    thread::scope(|scope| {
        if !toolchains.is_empty() {
            let pool = &pool;
            scope.spawn(move || {
                thread::scope(|probes| {
                    for &language in toolchains {
                        probes.spawn(move || compile::probe(language));
                    }
                });
                lock(&pool.tasks).schedule.probed();
                pool.wake.notify_all();
            });
        }
        let (sender, receiver) = mpsc::channel();
        let tasks_total = programs.len() + jobs.iter().map(|j| j.cases.len()).sum::<usize>();
        for worker in 0..options.jobs.clamp(1, tasks_total.max(1)) {
            let (pool, sender) = (&pool, sender.clone());
            scope.spawn(move || pool.work(worker, sender));
        }
        drop(sender);
        loop {
            match receiver.recv_timeout(TICK) {
                Ok(Note::Header(ji, header)) => shelf.headers[ji] = header,
                Ok(Note::Case(ji, ci, result)) => shelf.put(ji, ci, result),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let Some((ji, ci)) = shelf.next_case() else {
                        continue;
                    };
                    let since = pool.started_at(ji, ci);
                    if let Some(since) = since {
                        shelf
                            .progress
                            .waiting(&jobs[ji].cases[ci].name, since.elapsed());
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
}

/// What `run_all`'s workers share: the work, the schedule and what it has decided so far.
struct Pool<'a> {
    jobs: &'a [Job],
    programs: &'a [Program],
    options: &'a Options<'a>,
    /// Held shared by every compile and run; a run re-run alone holds it exclusively.
    machine: RwLock<()>,
    tasks: Mutex<Tasks>,
    /// Notified whenever the schedule may have a task for a waiting worker.
    wake: Condvar,
    /// The first failing case of each stopping job so far: later cases of it are skipped.
    first_failure: Vec<AtomicUsize>,
    /// When each case's run started (for the progress line of a case still running).
    started: Mutex<HashMap<(usize, usize), Instant>>,
    /// This call's number: its scratch slots' names.
    call: usize,
}

impl Pool<'_> {
    /// One worker: takes tasks until the schedule is finished, compiles in a slot of its own and runs
    /// cases in another (with a peer slot beside it for an interactor), and sends what it learns.
    fn work(&self, worker: usize, sender: mpsc::Sender<Note>) {
        let name = format!("run-{}-worker-{worker}", self.call);
        let scratch = self.options.scratch;
        let slots = scratch.slot(&name).and_then(|run| {
            let peer = scratch.slot_beside(&format!("{name}-peer"), &run)?;
            Ok((run, peer))
        });
        let mut compile_slot = None;
        while let Some(task) = self.next_task() {
            match task {
                Task::Compile(n) => {
                    let slot = compile_slot.get_or_insert_with(|| {
                        scratch.slot(&format!("compile-{}-{worker}", self.call))
                    });
                    self.compile(n, slot, &sender);
                }
                Task::Run { job, case } => {
                    let result = self.run(job, case, &slots);
                    self.case_done(job, case, result.as_ref());
                    if sender.send(Note::Case(job, case, result)).is_err() {
                        return;
                    }
                }
            }
        }
    }

    /// The next task, waiting while none is ready; `None` once every task is done.
    fn next_task(&self) -> Option<Task> {
        let mut guard = lock(&self.tasks);
        loop {
            if let Some(task) = guard.schedule.take() {
                return Some(task);
            }
            if guard.schedule.finished() {
                return None;
            }
            guard = self.wake.wait(guard).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Compiles program `n`, then plans each job whose programs are now all compiled: its header goes
    /// out, and either its cases are handed out or (a compile error, a missing program) every case gets
    /// its fixed verdict at once.
    fn compile(&self, n: usize, slot: &io::Result<Slot>, sender: &mpsc::Sender<Note>) {
        let program = &self.programs[n];
        let outcome = match slot {
            // Shared like a run's hold: a run re-run alone has the machine to itself.
            Ok(slot) => {
                let _shared = self.machine.read().unwrap_or_else(|e| e.into_inner());
                compile_one(program, self.options, slot)
            }
            Err(e) => Err(format!("scratch dir: {e}")),
        };
        let mut guard = lock(&self.tasks);
        guard.compiled.insert(program.key(), outcome);
        for ji in guard.schedule.compiled(n) {
            let job = &self.jobs[ji];
            let plan = plan(job, &guard.compiled);
            let _ = sender.send(Note::Header(ji, header(job, Some(&plan))));
            match &plan {
                Plan::Fixed(judgement) => {
                    let judgement = per_case(judgement);
                    for (ci, case) in job.cases.iter().enumerate() {
                        let _ = sender.send(Note::Case(ji, ci, Some(unrun(case, &judgement))));
                    }
                    guard.schedule.fix(ji);
                }
                Plan::Run { .. } => guard.schedule.run(ji),
            }
            guard.plans[ji] = Some(Arc::new(plan));
        }
        self.wake.notify_all();
    }

    /// Judges case `ci` of job `ji` in this worker's `slots`; `None` if it is skipped (its job stopped
    /// at an earlier failing case) or the interrupt killed it (a run that proves nothing).
    fn run(&self, ji: usize, ci: usize, slots: &io::Result<(Slot, Slot)>) -> Option<CaseResult> {
        let job = &self.jobs[ji];
        let plan = lock(&self.tasks).plans[ji].clone();
        match (slots, plan.as_deref()) {
            (
                Ok((slot, peer)),
                Some(Plan::Run {
                    solution,
                    validator,
                }),
            ) => {
                if sandbox::interrupted() || self.first_failure[ji].load(Ordering::SeqCst) < ci {
                    return None;
                }
                self.started
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert((ji, ci), Instant::now());
                let case_run = CaseRun {
                    job,
                    options: self.options,
                    spec: &job.cases[ci],
                    solution,
                    validator: validator.as_ref(),
                    slot,
                    peer,
                };
                let result = case_run.judge(&self.machine);
                (!sandbox::interrupted()).then_some(result)
            }
            // No slot, no runs: every case this worker takes is a JE saying why.
            (Err(e), _) => {
                let je = Judgement::new(Verdict::JudgeError, format!("scratch dir: {e}"));
                Some(unrun(&job.cases[ci], &je))
            }
            // Only a planned, running job's cases are handed out.
            (Ok(_), _) => None,
        }
    }

    /// Case `ci` of job `ji` has ended with `result`: a stopping job skips its cases after a failure,
    /// and the schedule may hand out what waited for it.
    fn case_done(&self, ji: usize, ci: usize, result: Option<&CaseResult>) {
        let failed = result.is_some_and(|r| r.verdict != Verdict::Accepted);
        if failed && self.jobs[ji].stop_at_first_failure {
            self.first_failure[ji].fetch_min(ci, Ordering::SeqCst);
        }
        lock(&self.tasks).schedule.case_done(ji);
        self.wake.notify_all();
    }

    /// When case `ci` of job `ji` started running, if it has.
    fn started_at(&self, ji: usize, ci: usize) -> Option<Instant> {
        self.started
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&(ji, ci))
            .copied()
    }
}

/// The output validator source of a job, if it has one.
fn validator_source(job: &Job) -> Option<&Path> {
    job.cases.iter().find_map(|c| match &c.check {
        Check::Program { source, .. } => Some(source.as_path()),
        _ => None,
    })
}

/// One program to compile: its source, the dialect it is compiled in (`None`: the judge's own table), and
/// the package's `include/` folder whose files join a submission's.
struct Program {
    source: PathBuf,
    /// The package whose rule for links its files obey (`plan::package_of`).
    package: Option<PathBuf>,
    dialect: Option<Arc<Dialect>>,
    include: Option<PathBuf>,
    /// The package's constants, replaced in its validators and example submissions.
    constants: Constants,
}

impl Program {
    fn key(&self) -> ProgramKey {
        key(&self.source, &self.dialect, &self.include)
    }

    /// Its language, as its compile will take it; `None` where it cannot be told (it will not compile,
    /// and is taken to use several CPUs: `schedule`).
    fn language(&self, options: &Options) -> Option<Language> {
        let table = self
            .dialect
            .as_ref()
            .map_or(options.languages, |d| &d.languages);
        source::read(&self.source, table, self.package.as_deref())
            .ok()
            .map(|source| source.language)
    }
}

/// A compiled program: its path, the name of its dialect, its include folder.
type ProgramKey = (PathBuf, Option<String>, Option<PathBuf>);

fn key(source: &Path, dialect: &Option<Arc<Dialect>>, include: &Option<PathBuf>) -> ProgramKey {
    (
        source.to_path_buf(),
        dialect.as_ref().map(|d| d.name.clone()),
        include.clone(),
    )
}

type CompiledPrograms = HashMap<ProgramKey, Result<Compiled, String>>;

/// The programs a job runs: its submission (in its dialect, with the package's included files), and its
/// output validator if it has one.
fn job_programs(job: &Job) -> Vec<Program> {
    let mut programs = vec![Program {
        source: job.source.clone(),
        package: plan::package_of(&job.source, &job.package_dir).map(Path::to_path_buf),
        dialect: job.dialect.clone(),
        include: job.include.clone(),
        constants: match job.example {
            true => job.constants.clone(),
            false => Vec::new(),
        },
    }];
    programs.extend(validator_source(job).map(|v| Program {
        source: v.to_path_buf(),
        package: plan::package_of(v, &job.package_dir).map(Path::to_path_buf),
        dialect: None,
        include: None,
        constants: job.constants.clone(),
    }));
    programs
}

/// Every distinct program `jobs` run, each once, in the order the jobs first need them.
fn programs_of(jobs: &[Job]) -> Vec<Program> {
    let mut seen = std::collections::HashSet::new();
    jobs.iter()
        .flat_map(job_programs)
        .filter(|p| seen.insert(p.key()))
        .collect()
}

/// Compiles every program `jobs` will run, ahead of judging them: their runs then find them cached.
pub fn compile_jobs(jobs: &[Job], options: &Options) {
    compile_programs(&programs_of(jobs), options);
}

/// Compiles `sources` with the judge's own table (a package's `constants` replaced in them; those in
/// `package_dir` obeying its rule for links), on up to `jobs` threads.
pub fn compile_sources(
    sources: &[PathBuf],
    constants: &Constants,
    package_dir: &Path,
    options: &Options,
) -> HashMap<PathBuf, Result<Compiled, String>> {
    let programs: Vec<Program> = sources
        .iter()
        .map(|s| Program {
            source: s.clone(),
            package: plan::package_of(s, package_dir).map(Path::to_path_buf),
            dialect: None,
            include: None,
            constants: constants.clone(),
        })
        .collect();
    compile_programs(&programs, options)
        .into_iter()
        .map(|((path, _, _), outcome)| (path, outcome))
        .collect()
}

/// Compiles each program on up to `jobs` threads.
fn compile_programs(programs: &[Program], options: &Options) -> CompiledPrograms {
    let compiled = Mutex::new(HashMap::new());
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        for thread in 0..options.jobs.clamp(1, programs.len().max(1)) {
            let (compiled, next) = (&compiled, &next);
            scope.spawn(move || {
                let call = CALLS.fetch_add(1, Ordering::Relaxed);
                let slot = options.scratch.slot(&format!("compile-{call}-{thread}"));
                while let Some(program) = programs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let outcome = match &slot {
                        Ok(slot) => compile_one(program, options, slot),
                        Err(e) => Err(format!("scratch dir: {e}")),
                    };
                    compiled
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(program.key(), outcome);
                }
            });
        }
    });
    compiled.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// A program (a file, or a package's program folder, with the package's included files) through the
/// language table; an executable (a prebuilt validator) runs as it is.
fn compile_one(program: &Program, options: &Options, slot: &Slot) -> Result<Compiled, String> {
    let table = program
        .dialect
        .as_ref()
        .map_or(options.languages, |d| &d.languages);
    let path = &program.source;
    let mut source = source::read(path, table, program.package.as_deref())?;
    if let Some(include) = &program.include {
        source = source::with_included(source, include)?;
    }
    let source = source::with_constants(source, &program.constants)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    compile::compile_source(&source, &options.cache_dir, slot).map_err(|e| {
        format!(
            "cannot compile {}: {e} (install it, or change [{}] in the language table and pass it with --languages FILE)",
            path.display(),
            source.language.name
        )
    })
}

/// Run the cases, or give them all CE / JE.
fn plan(job: &Job, compiled: &CompiledPrograms) -> Plan {
    let lookup = |source: &Path, dialect: &Option<Arc<Dialect>>, include: &Option<PathBuf>| {
        compiled
            .get(&key(source, dialect, include))
            .cloned()
            .unwrap_or_else(|| Err(format!("{} was not compiled", source.display())))
    };
    let solution = match lookup(&job.source, &job.dialect, &job.include) {
        Ok(Compiled::Ready(artifact)) => artifact,
        Ok(Compiled::Error(message)) => {
            return Plan::Fixed(Judgement::new(Verdict::CompileError, message))
        }
        Err(e) => return Plan::Fixed(Judgement::new(Verdict::JudgeError, e)),
    };
    let validator = match validator_source(job).map(|v| lookup(v, &None, &None)) {
        None => None,
        Some(Ok(Compiled::Ready(artifact))) => Some(artifact),
        Some(Ok(Compiled::Error(message))) => {
            return Plan::Fixed(Judgement::new(
                Verdict::JudgeError,
                format!("the output validator does not compile: {message}"),
            ))
        }
        Some(Err(e)) => return Plan::Fixed(Judgement::new(Verdict::JudgeError, e)),
    };
    Plan::Run {
        solution,
        validator,
    }
}

/// What each case of a job that did not compile says: the compiler's message is the job's
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

/// A job's header; `plan` once known (a CE or JE is the job's).
fn header(job: &Job, plan: Option<&Plan>) -> ProblemResult {
    let fixed = |verdict: Verdict| match plan {
        Some(Plan::Fixed(j)) if j.verdict == verdict => Some(j.note.clone()),
        _ => None,
    };
    ProblemResult {
        name: job.package.clone(),
        solution: job.submission.clone(),
        time_limit_ms: job.time_limit_ms,
        time_limit_from: job.time_limit_from.clone(),
        memory_limit_mb: job.memory_mib,
        checker: job.checker.clone(),
        dialect: job.dialect_note.clone(),
        example: job.example,
        expectation: job.expectation.as_ref().map(|e| e.summary()),
        unmet: None,
        compile_error: fixed(Verdict::CompileError),
        judge_error: fixed(Verdict::JudgeError),
        cases: Vec::new(),
        skipped: 0,
    }
}

/// Judges one case of `job` with compiled programs, outside a whole engine run (`judge stress` judges
/// each random input this way): the same runs, re-runs, checks and verdict rules as every case.
pub fn judge_case(
    job: &Job,
    spec: &CaseSpec,
    solution: &Artifact,
    validator: Option<&Artifact>,
    options: &Options,
    slots: (&Slot, &Slot),
) -> CaseResult {
    let case_run = CaseRun {
        job,
        options,
        spec,
        solution,
        validator,
        slot: slots.0,
        peer: slots.1,
    };
    case_run.judge(&RwLock::new(()))
}

/// A run whose verdict the machine's load could have decided, worth repeating alone: its CPU came within
/// 10 % of the limit on either side without being stopped there, or the wall clock stopped it before its
/// CPU reached the limit while it (or the interactor it talks to) still wanted a CPU. A run stopped at
/// the CPU limit is TLE as it is, and so is one the wall clock found asleep (blocked on a pipe, in
/// `sleep`): however much CPU it had used, more time would not have ended it.
pub fn near_limit(run: &Run, limits: &Limits) -> bool {
    let time_limit_ms = limits.cpu_ms;
    let near = run.cpu_ms * 10 >= time_limit_ms * 9 && run.cpu_ms * 10 <= time_limit_ms * 11;
    match run.stopped {
        Some(Stop::Cpu | Stop::Memory | Stop::Output) => false,
        Some(Stop::Wall) => starved(run, limits),
        None => near,
    }
}

/// How much of a failing case's output and answer `--show` keeps.
const EXCERPT_BYTES: u64 = 4096;

/// The beginnings of the input, the output and the answer (each open file read from its start), with
/// their sizes, and the stderr's end.
fn excerpt(files: &CaseFiles, output: &File, stderr: &str) -> Excerpt {
    let head = |file: &File| match checker::read_from_start(file, EXCERPT_BYTES) {
        Ok(bytes) => {
            let size = file.metadata().map_or(0, |m| m.len());
            (String::from_utf8_lossy(&bytes).into_owned(), size)
        }
        Err(_) => Default::default(),
    };
    let (output, output_bytes) = head(output);
    let (input, input_bytes) = head(&files.input);
    let (answer, answer_bytes) = head(&files.answer);
    Excerpt {
        input,
        answer,
        output,
        stderr: stderr.to_string(),
        input_bytes,
        answer_bytes,
        output_bytes,
    }
}

/// A run the wall clock stopped before its CPU reached the limit while a thread of it (or of the
/// interactor it talks to) still wanted a CPU, or after the machine had kept it waiting for a CPU so
/// long that its own time (the wall time less that wait) was within the case's wall clock `limits`: the
/// machine, not the program, decided when it ended. One the clock found asleep after its own full wall
/// time is not (TLE), whatever share of its CPU limit it had used.
pub fn starved(run: &Run, limits: &Limits) -> bool {
    // A run the judge ended itself (an interactor's verdict came first) was never measured: no wait.
    let own_ms = run.wall_ms.saturating_sub(run.waited_ms);
    let lost_its_time = run.waited_ms > 0 && own_ms < limits.wall_ms;
    run.stopped == Some(Stop::Wall)
        && run.cpu_ms < limits.cpu_ms
        && (run.runnable_at_wall || lost_its_time)
}

fn unrun(case: &CaseSpec, judgement: &Judgement) -> CaseResult {
    CaseResult {
        case: case.name.clone(),
        group: case.group,
        time_limit_ms: case.limits.cpu_ms,
        verdict: judgement.verdict,
        cpu_ms: 0,
        wall_ms: 0,
        memory_kib: 0,
        note: judgement.note.clone(),
        rerun: false,
        excerpt: None,
    }
}

/// One case to run: where everything is.
struct CaseRun<'a> {
    job: &'a Job,
    options: &'a Options<'a>,
    spec: &'a CaseSpec,
    solution: &'a Artifact,
    validator: Option<&'a Artifact>,
    /// The worker's slot, for the submission's run; `peer` for the program beside it (an interactor).
    slot: &'a Slot,
    peer: &'a Slot,
}

/// One run of the submission on a case: the case's input, or on a multi-pass problem the input the
/// validator wrote for this pass, with the feedback folder the passes share.
struct Pass<'p> {
    input: PassInput<'p>,
    feedback: Option<&'p program::Feedback>,
}

/// Where a pass's input is.
#[derive(Clone, Copy)]
enum PassInput<'p> {
    /// The case's own input file.
    Case,
    /// A file of the judge's: the previous pass's `nextpass.in`, moved into the slot.
    Written(&'p Path),
}

/// A pass's input and the case's answer, open: every use of them (the run's stdin, the checker, the
/// report's excerpt) reads these descriptors from their start, never the files' paths again.
struct CaseFiles {
    input: File,
    answer: File,
}

/// Opens the case file `path` of `spec`: a package's under its rule for links, checked on the descriptor
/// (`package::open_inside`); one of the judge's own (a stress test's) as a regular file.
fn open_case_file(spec: &CaseSpec, path: &Path) -> Result<File, String> {
    match &spec.package_dir {
        Some(root) => crate::package::open_inside(root, path),
        None => sandbox::open_regular(path).map_err(|e| format!("cannot read the case: {e}")),
    }
}

impl CaseRun<'_> {
    /// Judges the case: one pass, or on a multi-pass problem as many as the output validator asks for.
    fn judge(&self, machine: &RwLock<()>) -> CaseResult {
        match &self.spec.check {
            Check::Program {
                passes,
                interactive,
                ..
            } if *passes > 1 => self.judge_passes(machine, *passes, *interactive),
            _ => {
                let only = Pass {
                    input: PassInput::Case,
                    feedback: None,
                };
                self.judge_pass(machine, &only)
            }
        }
    }

    /// A multi-pass case: pass after pass while the output validator accepts and writes the next input
    /// (`nextpass.in`), at most `passes`. Every pass is judged as a case is; the first that is not
    /// accepted, or the last, is the case's verdict, with the CPU, wall and memory of its slowest pass (the
    /// limits hold for each pass).
    fn judge_passes(&self, machine: &RwLock<()>, passes: u32, interactive: bool) -> CaseResult {
        // The validator's slot: beside the submission's for an interactor, the submission's own otherwise.
        let slot = if interactive { self.peer } else { self.slot };
        let failed = |note: String| unrun(self.spec, &Judgement::new(Verdict::JudgeError, note));
        let mut feedback = match program::Feedback::first(slot) {
            Ok(feedback) => feedback,
            Err(e) => return failed(format!("cannot make the feedback folder: {e}")),
        };
        let mut input: Option<PathBuf> = None;
        let (mut cpu_ms, mut wall_ms, mut memory_kib) = (0, 0, 0);
        let mut pass = 1;
        loop {
            let this = Pass {
                input: input.as_deref().map_or(PassInput::Case, PassInput::Written),
                feedback: Some(&feedback),
            };
            let mut result = self.judge_pass(machine, &this);
            cpu_ms = cpu_ms.max(result.cpu_ms);
            wall_ms = wall_ms.max(result.wall_ms);
            memory_kib = memory_kib.max(result.memory_kib);
            let next = match feedback.take_next_input(slot) {
                Ok(next) => next,
                Err(e) => return failed(format!("pass {pass}: cannot read nextpass.in: {e}")),
            };
            let judge_error = match (result.verdict, next) {
                (Verdict::Accepted, Some(next)) if pass < passes => {
                    input = Some(next);
                    feedback = match feedback.next(slot) {
                        Ok(next) => next,
                        Err(e) => return failed(format!("cannot make the feedback folder: {e}")),
                    };
                    pass += 1;
                    continue;
                }
                (Verdict::Accepted, Some(_)) => Some(format!(
                    "the output validator asked for pass {} (nextpass.in), past the problem's \
                     validation_passes: {passes}",
                    pass + 1
                )),
                (Verdict::WrongAnswer | Verdict::PresentationError, Some(_)) => Some(format!(
                    "pass {pass}: the output validator wrote nextpass.in but did not accept (the format: \
                     a next pass only after exit code 42)"
                )),
                _ => None,
            };
            match judge_error {
                Some(note) => {
                    result.verdict = Verdict::JudgeError;
                    result.note = note;
                }
                None if pass > 1 => {
                    result.note = format!("pass {pass} of at most {passes}: {}", result.note)
                }
                None => {}
            }
            return CaseResult {
                cpu_ms,
                wall_ms,
                memory_kib,
                ..result
            };
        }
    }

    /// Runs one pass (and re-runs it alone if load could have decided the verdict), then judges. CPU time
    /// is the verdict: a run the wall clock stopped with CPU to spare is re-run alone with up to three times
    /// the wall clock while it wants a CPU (asleep past its own wall clock, it is stopped there: TLE); if
    /// even that cannot finish it, the machine was too loaded to tell (UD), never a TLE.
    fn judge_pass(&self, machine: &RwLock<()>, pass: &Pass) -> CaseResult {
        let limits = &self.spec.limits;
        let files = match self.open_files(pass) {
            Ok(files) => files,
            Err(e) => return unrun(self.spec, &Judgement::new(Verdict::JudgeError, e)),
        };
        let first = {
            let _shared = machine.read().unwrap_or_else(|e| e.into_inner());
            self.run(limits, pass, &files)
        };
        let (ran, rerun) = match first {
            Ok((run, ran)) if near_limit(&run, limits) && !ran.decided_by_interactor() => {
                let wider = Limits {
                    wall_patience_ms: limits.wall_ms.saturating_mul(WALL_RETRY_MULT - 1),
                    ..limits.clone()
                };
                let _alone = machine.write().unwrap_or_else(|e| e.into_inner());
                (self.run(&wider, pass, &files), true)
            }
            other => (other, false),
        };
        let mut result = unrun(self.spec, &Judgement::new(Verdict::JudgeError, ""));
        result.rerun = rerun;
        let (run, ran) = match ran {
            Ok(ran) => ran,
            Err(e) => {
                result.note = e;
                return result;
            }
        };
        let bounds = Bounds {
            time_limit_ms: limits.cpu_ms,
            memory_limit_kib: limits.memory_kib,
            output_limit_bytes: limits.output_bytes,
        };
        let kept = match &ran {
            Ran::Output(output) => output.try_clone().ok(),
            Ran::Interacted { .. } => None,
        };
        let judgement = if starved(&run, limits) && !ran.decided_by_interactor() {
            Judgement::new(
                Verdict::Undecided,
                format!(
                    "the wall clock stopped it after {} ms with only {} ms of CPU (limit {} ms), even re-run \
                     alone: the machine is too loaded to tell; judge it again on a quieter machine, or with \
                     --wall-mult",
                    run.wall_ms, run.cpu_ms, limits.cpu_ms
                ),
            )
        } else {
            let spec = self.spec;
            match ran {
                Ran::Output(output) => verdict::judge(&run, bounds, || {
                    checker::check(
                        &spec.check,
                        output,
                        &files.input,
                        &files.answer,
                        self.validator,
                        self.slot,
                        pass.feedback,
                    )
                }),
                Ran::Interacted { interactor, first } => {
                    interactive::decide(interactor, first, |outcome| {
                        verdict::judge(&run, bounds, || outcome)
                    })
                }
            }
        };
        if let (Some(dir), Some(mut out)) = (
            &self.options.keep,
            kept.as_ref().and_then(|f| f.try_clone().ok()),
        ) {
            if let Err(e) = self.keep(dir, &mut out, &run.stderr_tail) {
                result.note = format!("--keep: {e}; ");
            }
        }
        let excerpt = match kept {
            Some(out) if self.options.show && judgement.verdict != Verdict::Accepted => {
                Some(Box::new(excerpt(&files, &out, &run.stderr_tail)))
            }
            _ => None,
        };
        CaseResult {
            verdict: judgement.verdict,
            cpu_ms: run.cpu_ms,
            wall_ms: run.wall_ms,
            memory_kib: run.memory_kib,
            note: result.note.clone() + &judgement.note,
            excerpt,
            ..result
        }
    }

    /// The pass's input and the case's answer, each opened once for the whole pass (see `CaseFiles`).
    fn open_files(&self, pass: &Pass) -> Result<CaseFiles, String> {
        let input = match pass.input {
            PassInput::Case => open_case_file(self.spec, &self.spec.input)?,
            PassInput::Written(path) => sandbox::open_regular(path)
                .map_err(|e| format!("cannot read the pass's input: {e}"))?,
        };
        Ok(CaseFiles {
            input,
            answer: open_case_file(self.spec, &self.spec.answer)?,
        })
    }

    /// `--keep`: the case's output and the end of its stderr, where the user asked.
    fn keep(&self, dir: &Path, output: &mut File, stderr: &str) -> std::io::Result<()> {
        // An example submission by its folder and name (`accepted/a.cc`); the user's own file by its name.
        let label = Path::new(&self.job.submission);
        let who = match self.job.expectation {
            Some(_) => label.to_path_buf(),
            None => PathBuf::from(label.file_name().unwrap_or(label.as_os_str())),
        };
        let base = dir.join(&self.job.package).join(who).join(&self.spec.name);
        if let Some(parent) = base.parent() {
            fs::create_dir_all(parent)?;
        }
        output.seek(SeekFrom::Start(0))?;
        let mut kept = File::create(base.with_extension("out"))?;
        std::io::copy(output, &mut kept)?;
        fs::write(base.with_extension("err"), stderr)
    }

    /// One run of the submission: stdin a sealed copy of the input; stdout drained into a fresh file of the
    /// judge's (the run gets a pipe: it can neither reserve disk through it, nor re-mode, lock or grow it
    /// past the cap), the end of stderr kept in memory. On an interactive problem, the run talks to the
    /// interactor instead.
    fn run(&self, limits: &Limits, pass: &Pass, files: &CaseFiles) -> Result<(Run, Ran), String> {
        if let Check::Program {
            interactive: true,
            args,
            limits: interactor_limits,
            ..
        } = &self.spec.check
        {
            let interactor = self.validator.ok_or("the interactor was not compiled")?;
            let fresh;
            let feedback = match pass.feedback {
                Some(feedback) => {
                    feedback
                        .restart()
                        .map_err(|e| format!("cannot empty the feedback folder: {e}"))?;
                    feedback
                }
                None => {
                    fresh = program::Feedback::first(self.peer)
                        .map_err(|e| format!("cannot make the feedback folder: {e}"))?;
                    &fresh
                }
            };
            let case = interactive::Case {
                submission: self.solution,
                interactor,
                files: [&files.input, &files.answer],
                args,
                limits,
                interactor_limits,
                feedback,
                allow_file_writing: self.job.allow_file_writing,
            };
            let done = interactive::run(&case, self.slot, self.peer)
                .map_err(|e| format!("cannot run the interaction: {e}"))?;
            let facts = done.submission;
            let (stderr_bytes, tail) = (
                facts.stderr.bytes,
                String::from_utf8_lossy(&facts.stderr.kept).into_owned(),
            );
            let output_bytes = facts.stdout.bytes;
            let ran = Ran::Interacted {
                interactor: done.interactor,
                first: done.interactor_first,
            };
            return Ok((Run::new(facts, tail, stderr_bytes, output_bytes), ran));
        }
        // Copied, not read whole: a pass's input may be the validator's `nextpass.in`, as large as its output
        // limit.
        let mut input = &files.input;
        let input = input
            .seek(SeekFrom::Start(0))
            .and_then(|_| sys::sealed_copy("input", input))
            .map_err(|e| format!("cannot read the case's input: {e}"))?;
        let (out_path, out) = self.slot.create("out").map_err(|e| e.to_string())?;
        // The name goes at once: the file lives on through the judge's descriptor only.
        let _ = fs::remove_file(&out_path);
        let stdout = Output::File(out.try_clone().map_err(|e| e.to_string())?);
        let stderr = Output::Tail(STDERR_TAIL_BYTES);
        let memory_mb = limits.memory_kib / 1024;
        let program = self
            .solution
            .submission(memory_mb, self.job.allow_file_writing);
        // Exactly `sandbox::run`, unless the slot is kept warm (a stress test's).
        let facts = sandbox::run_input(&program, limits, Some(input), stdout, stderr, self.slot)
            .map_err(|e| e.to_string())?;
        let (stderr_bytes, output_bytes) = (facts.stderr.bytes, facts.stdout.bytes);
        let tail = String::from_utf8_lossy(&facts.stderr.kept).into_owned();
        Ok((
            Run::new(facts, tail, stderr_bytes, output_bytes),
            Ran::Output(out),
        ))
    }
}

/// What a run left to check: its output, or (interactive) the interactor's verdict and whether the
/// interactor ended first.
enum Ran {
    Output(File),
    Interacted { interactor: Outcome, first: bool },
}

impl Ran {
    /// An interactor's WA given before the submission's output ended is the verdict, whatever the
    /// submission's run shows (it was stopped then): nothing to re-run, nothing the load could decide.
    fn decided_by_interactor(&self) -> bool {
        matches!(
            self,
            Ran::Interacted {
                interactor: Outcome::Wrong(_),
                first: true
            }
        )
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
            runnable_at_wall: false,
            waited_ms: 0,
        }
    }

    /// Stopped by the wall clock after `cpu_ms`, with a thread still wanting a CPU or all asleep.
    /// Stopped by the wall clock (2 s, `LIMITS`) after `cpu_ms`, with a thread still wanting a CPU or
    /// all asleep, having waited `waited_ms` for a CPU.
    fn wall(cpu_ms: u64, runnable: bool, waited_ms: u64) -> Run {
        Run {
            runnable_at_wall: runnable,
            waited_ms,
            wall_ms: 2050,
            ..run(Some(Stop::Wall), cpu_ms)
        }
    }

    const LIMITS: Limits = Limits {
        cpu_ms: 1000,
        wall_ms: 2000,
        wall_patience_ms: 0,
        memory_kib: 1 << 20,
        output_bytes: 1 << 20,
        drain_past_cap: true,
        tasks: 256,
        tmp_mib: 16,
    };

    #[test]
    fn only_runs_load_could_have_decided_are_re_run() {
        assert!(!near_limit(&run(None, 899), &LIMITS));
        assert!(near_limit(&run(None, 900), &LIMITS));
        assert!(near_limit(&run(None, 1100), &LIMITS));
        assert!(!near_limit(&run(None, 1101), &LIMITS));
        // Stopped at the CPU limit: TLE, no second wait.
        assert!(!near_limit(&run(Some(Stop::Cpu), 1005), &LIMITS));
        // Stopped by the wall clock with CPU to spare, still runnable: maybe starved, however little
        // CPU it got (a submission waiting on a starved interactor got none). Asleep after its own full
        // wall time: TLE, however much CPU. Asleep, but kept waiting for a CPU for part of it (a slow
        // start on a loaded machine, then its own 1 s sleep): maybe starved.
        assert!(near_limit(&wall(460, true, 0), &LIMITS));
        assert!(near_limit(&wall(1, true, 0), &LIMITS));
        assert!(!near_limit(&wall(460, false, 0), &LIMITS));
        assert!(!near_limit(&wall(1, false, 40), &LIMITS));
        assert!(near_limit(&wall(1, false, 900), &LIMITS));
        assert!(!near_limit(&run(Some(Stop::Memory), 950), &LIMITS));
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
    fn a_wall_stop_with_cpu_to_spare_is_undecided_but_a_sleeper_is_tle() {
        assert!(starved(&wall(460, true, 0), &LIMITS));
        assert!(starved(&wall(20, true, 0), &LIMITS), "waiting for a CPU");
        assert!(
            !starved(&wall(460, false, 0), &LIMITS),
            "computed, then blocked: TLE"
        );
        assert!(!starved(&wall(20, false, 0), &LIMITS), "a sleeper: TLE");
        assert!(
            starved(&wall(20, false, 300), &LIMITS),
            "asleep, but 300 ms of its 2 s were the machine's"
        );
        assert!(
            !starved(&wall(1000, true, 0), &LIMITS),
            "CPU at the limit: TLE"
        );
        assert!(!starved(&run(Some(Stop::Cpu), 460), &LIMITS));
        assert!(!starved(&run(None, 460), &LIMITS));
    }
}
