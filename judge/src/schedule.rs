//! Which task a worker of the engine takes next: compiles and case runs share one pool of workers, so a
//! job's cases start as soon as its own programs are compiled (not after every program of the run), and
//! the other programs compile while they run. Pure: tasks and their ends in, the next task out.
//!
//! Preference, each in report (or need) order: a case that is surely judged (a job that does not stop at
//! its first failure, or the next case of one with no case in flight); then a compile; then a speculative
//! case, the next case of a stopping job while an earlier one is in flight. Speculation is a bet that the
//! earlier case passes; it is placed only on jobs expected to pass every case: for a job expected to fail
//! (a `time_limit_exceeded/` example) it would hold a core up to the limit for a run the report leaves out.
//! Which task runs when never changes a verdict: the engine reports a stopping job only up to its first
//! failure, whatever else ran.
//!
//! A compile may run beside a timed run only if it keeps to one CPU: as many workers as CPUs give each
//! task a CPU, and a compiler that uses several (javac's JVM, rustc's code generation) would take the
//! run's from it — a starved run looks like a sleeping one, or comes near its limit. So the compiles that
//! may use several CPUs (all but the language table's `one_cpu_compile` ones) are handed out first, side
//! by side, and no run starts until every one of them has ended; the one-CPU compiles follow, beside runs.
//! The toolchains' probes (`javac -version`'s JVM, a version manager's shim) are host commands that may
//! use several CPUs too: no run starts until they have ended either (`probing`).

/// A worker's next task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Compile program `n` of the engine's list.
    Compile(usize),
    /// Run case `case` of job `job`.
    Run { job: usize, case: usize },
}

/// What the schedule needs to know of a job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobShape {
    /// The programs (indices into the compile list) its runs need.
    pub needs: Vec<usize>,
    pub cases: usize,
    pub stops_at_first_failure: bool,
    /// Whether its next case may start while an earlier one is in flight (see the module's header).
    pub speculate: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Some program it needs is not compiled yet.
    Waiting,
    /// Compiled; the engine is deciding whether its cases run.
    Ready,
    /// Its cases are handed out from `next_case` on.
    Running,
    /// Its cases are not run (a compile error): nothing to hand out.
    Fixed,
}

struct JobState {
    shape: JobShape,
    stage: Stage,
    next_case: usize,
    in_flight: usize,
}

impl JobState {
    fn has_cases_left(&self) -> bool {
        self.stage == Stage::Running && self.next_case < self.shape.cases
    }
}

/// The state of one engine run's tasks.
pub struct Schedule {
    /// Per program: whether its compiler keeps to one CPU.
    one_cpu: Vec<bool>,
    started: Vec<bool>,
    compiled: Vec<bool>,
    compiling: usize,
    /// How many of the compiles in flight may use several CPUs: no run starts while one is.
    compiling_several: usize,
    /// The toolchains are being probed: no run starts until they are.
    probing: bool,
    jobs: Vec<JobState>,
}

impl Schedule {
    /// `one_cpu`: per program, whether its compiler keeps to one CPU.
    pub fn new(one_cpu: Vec<bool>, jobs: Vec<JobShape>) -> Schedule {
        let programs = one_cpu.len();
        let mut schedule = Schedule {
            one_cpu,
            started: vec![false; programs],
            compiled: vec![false; programs],
            compiling: 0,
            compiling_several: 0,
            probing: false,
            jobs: jobs
                .into_iter()
                .map(|shape| JobState {
                    shape,
                    stage: Stage::Waiting,
                    next_case: 0,
                    in_flight: 0,
                })
                .collect(),
        };
        schedule.mark_ready();
        schedule
    }

    /// The next task, taken (`None`: nothing to do now; see `finished`).
    pub fn take(&mut self) -> Option<Task> {
        let sure = |j: &JobState| !j.shape.stops_at_first_failure || j.in_flight == 0;
        let take = |j: &JobState| j.has_cases_left() && sure(j);
        // No run starts beside a compile or a probe that may use several CPUs.
        let runs = self.compiling_several == 0 && !self.probing;
        if let Some(task) = runs.then(|| self.take_case(take)).flatten() {
            return Some(task);
        }
        if let Some(n) = self.take_compile() {
            return Some(Task::Compile(n));
        }
        runs.then(|| self.take_case(|j| j.has_cases_left() && j.shape.speculate))
            .flatten()
    }

    /// The next program to compile: those whose compiler may use several CPUs first (so none is left
    /// once runs start), each kind in list order.
    fn take_compile(&mut self) -> Option<usize> {
        let unstarted = |one_cpu: bool| {
            (0..self.started.len()).find(|&n| !self.started[n] && self.one_cpu[n] == one_cpu)
        };
        let n = unstarted(false).or_else(|| unstarted(true))?;
        self.started[n] = true;
        self.compiling += 1;
        if !self.one_cpu[n] {
            self.compiling_several += 1;
        }
        Some(n)
    }

    fn take_case(&mut self, eligible: impl Fn(&JobState) -> bool) -> Option<Task> {
        let (job, state) = self
            .jobs
            .iter_mut()
            .enumerate()
            .find(|(_, j)| eligible(j))?;
        state.next_case += 1;
        state.in_flight += 1;
        Some(Task::Run {
            job,
            case: state.next_case - 1,
        })
    }

    /// Program `n` is compiled (or failed to): the jobs that now have every program they need, for the
    /// engine to `run` or `fix`.
    pub fn compiled(&mut self, n: usize) -> Vec<usize> {
        self.compiled[n] = true;
        self.compiling -= 1;
        if !self.one_cpu[n] {
            self.compiling_several -= 1;
        }
        self.mark_ready()
    }

    fn mark_ready(&mut self) -> Vec<usize> {
        let compiled = &self.compiled;
        let mut ready = Vec::new();
        for (i, job) in self.jobs.iter_mut().enumerate() {
            if job.stage == Stage::Waiting && job.shape.needs.iter().all(|&n| compiled[n]) {
                job.stage = Stage::Ready;
                ready.push(i);
            }
        }
        ready
    }

    /// The toolchains are being probed, beside the compiles: no run starts until `probed`.
    pub fn probing(&mut self) {
        self.probing = true;
    }

    /// Every toolchain is probed: runs may start.
    pub fn probed(&mut self) {
        self.probing = false;
    }

    /// Job `job`'s cases are to run.
    pub fn run(&mut self, job: usize) {
        self.jobs[job].stage = Stage::Running;
    }

    /// Job `job`'s cases are not run (the engine gives them their fixed verdict itself).
    pub fn fix(&mut self, job: usize) {
        self.jobs[job].stage = Stage::Fixed;
    }

    /// A case of `job` handed out by `take` has ended (or was skipped).
    pub fn case_done(&mut self, job: usize) {
        self.jobs[job].in_flight -= 1;
    }

    /// Every task is done: no compile left or in flight, every job decided, every case handed out.
    pub fn finished(&self) -> bool {
        self.started.iter().all(|&s| s)
            && self.compiling == 0
            && !self.probing
            && self.jobs.iter().all(|j| match j.stage {
                Stage::Waiting | Stage::Ready => false,
                Stage::Running => j.next_case == j.shape.cases,
                Stage::Fixed => true,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(needs: &[usize], cases: usize, stops: bool, speculate: bool) -> JobShape {
        JobShape {
            needs: needs.to_vec(),
            cases,
            stops_at_first_failure: stops,
            speculate,
        }
    }

    fn run(job: usize, case: usize) -> Task {
        Task::Run { job, case }
    }

    #[test]
    fn a_job_runs_as_soon_as_its_own_programs_are_compiled() {
        // Job 0 needs programs 0 and 2 (its solution, the validator), job 1 needs 1 and 2.
        let mut s = Schedule::new(
            vec![true; 3],
            vec![job(&[0, 2], 2, false, true), job(&[1, 2], 1, false, true)],
        );
        assert_eq!(s.take(), Some(Task::Compile(0)));
        assert_eq!(s.take(), Some(Task::Compile(1)));
        assert_eq!(s.compiled(0), Vec::<usize>::new());
        assert_eq!(s.take(), Some(Task::Compile(2)));
        assert_eq!(s.take(), None);
        assert!(!s.finished());
        assert_eq!(s.compiled(2), vec![0]);
        s.run(0);
        // A job that does not stop at its first failure runs its cases side by side.
        assert_eq!(s.take(), Some(run(0, 0)));
        assert_eq!(s.take(), Some(run(0, 1)));
        assert_eq!(s.take(), None);
        assert_eq!(s.compiled(1), vec![1]);
        s.fix(1);
        assert_eq!(s.take(), None);
        assert!(s.finished());
    }

    #[test]
    fn finished_once_every_compile_ended_and_every_case_was_handed_out() {
        let mut s = Schedule::new(vec![true; 1], vec![job(&[0], 1, false, true)]);
        assert_eq!(s.take(), Some(Task::Compile(0)));
        assert!(!s.finished());
        assert_eq!(s.compiled(0), vec![0]);
        assert!(!s.finished(), "a ready job is not decided yet");
        s.run(0);
        assert_eq!(s.take(), Some(run(0, 0)));
        assert!(s.finished());
        s.case_done(0);
        assert!(s.finished());
    }

    #[test]
    fn surely_judged_cases_come_before_compiles_and_compiles_before_speculation() {
        // Jobs 0 and 1 stop at their first failure; 0 is expected to pass (speculates), 1 is not.
        let mut s = Schedule::new(
            vec![true; 3],
            vec![
                job(&[0], 3, true, true),
                job(&[0], 2, true, false),
                job(&[1], 1, true, true),
            ],
        );
        assert_eq!(s.take(), Some(Task::Compile(0)));
        assert_eq!(s.compiled(0), vec![0, 1]);
        s.run(0);
        s.run(1);
        assert_eq!(s.take(), Some(run(0, 0)));
        assert_eq!(s.take(), Some(run(1, 0)));
        assert_eq!(s.take(), Some(Task::Compile(1)));
        assert_eq!(s.take(), Some(Task::Compile(2)));
        // Job 0 expects to pass: its next case is worth starting beside the first; job 1's is not.
        assert_eq!(s.take(), Some(run(0, 1)));
        assert_eq!(s.take(), Some(run(0, 2)));
        assert_eq!(s.take(), None);
        s.case_done(1);
        assert_eq!(
            s.take(),
            Some(run(1, 1)),
            "no case of job 1 in flight: sure"
        );
        assert_eq!(s.take(), None);
    }

    #[test]
    fn a_compile_that_may_use_several_cpus_goes_first_and_no_run_starts_beside_it() {
        // Program 1 (rustc) may use several CPUs; 0 and 2 (g++) keep to one. Job 0 needs 0, job 1 needs 2.
        let mut s = Schedule::new(
            vec![true, false, true],
            vec![job(&[0], 2, false, true), job(&[2], 1, false, true)],
        );
        assert_eq!(
            s.take(),
            Some(Task::Compile(1)),
            "first, whatever its place"
        );
        assert_eq!(s.take(), Some(Task::Compile(0)));
        assert_eq!(s.compiled(0), vec![0]);
        s.run(0);
        assert_eq!(s.take(), Some(Task::Compile(2)), "no run beside rustc");
        assert_eq!(s.take(), None);
        assert_eq!(s.compiled(1), Vec::<usize>::new());
        assert_eq!(s.take(), Some(run(0, 0)), "rustc has ended: runs start");
        assert_eq!(s.take(), Some(run(0, 1)));
        assert_eq!(s.compiled(2), vec![1]);
        s.run(1);
        assert_eq!(s.take(), Some(run(1, 0)));
        assert!(s.finished());
    }

    #[test]
    fn no_run_starts_while_the_toolchains_are_probed() {
        let mut s = Schedule::new(vec![true; 2], vec![job(&[0], 1, false, true)]);
        s.probing();
        assert_eq!(s.take(), Some(Task::Compile(0)), "compiles go on");
        assert_eq!(s.compiled(0), vec![0]);
        s.run(0);
        assert_eq!(s.take(), Some(Task::Compile(1)));
        assert_eq!(s.take(), None, "no run beside a probe");
        assert!(!s.finished());
        s.probed();
        assert_eq!(s.take(), Some(run(0, 0)));
        s.compiled(1);
        assert!(s.finished());
    }
}
