//! The judge's shell: arguments → config → packages → plan → engine → reports → exit code (0 all as
//! expected, 1 not, 2 the judge's own error — which wins; 128 + the signal when interrupted, after the
//! summary of what finished). The same binary is the sandbox's helper (`--sandbox-helper`, see `sandbox`).

use judge::checker::notes::visible;
use judge::cli::{self, Command, Config};
use judge::lang::Languages;
use judge::package::{self, find, Group, Package};
use judge::plan::{self, Job, Selection};
use judge::report::{self, html, json, junit, live::Printer, table, ProblemResult};
use judge::sandbox::{self, Isolation, Scratch};
use judge::verdict::Verdict;
use judge::{compile, engine, validate};
use std::env;
use std::ffi::OsString;
use std::fs;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process;
use std::thread;

fn main() {
    let args: Vec<OsString> = env::args_os().skip(1).collect();
    if args
        .first()
        .is_some_and(|first| first == sandbox::HELPER_FLAG)
    {
        sandbox::helper_main(&args[1..]);
    }
    // A new empty session keyring nobody may use, for the judge and everything it starts: should the kernel
    // refuse a sandbox one of its own (its user's key quota full), the sandbox keeps this one, never the
    // login's keyring the judge was started with and the keys its user keeps there.
    let _ = judge::sys::join_inert_session_keyring();
    let args: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if args.first().is_some_and(|first| first == "match") {
        process::exit(judge::matches::main(&args[1..]));
    }
    sandbox::install_interrupt_handler();
    process::exit(run(&args));
}

fn run(args: &[String]) -> i32 {
    let workspace = workspace_root();
    let cpus = thread::available_parallelism().map_or(1, |n| n.get());
    let (config, validating) = match cli::parse(args, workspace.join("testdata"), cpus) {
        Ok(Command::Help) => {
            sandbox::print_or_stop(cli::HELP);
            return 0;
        }
        Ok(Command::Judge(config)) => (config, false),
        Ok(Command::Validate(config)) => (config, true),
        Ok(Command::StressHelp) => {
            sandbox::print_or_stop(cli::STRESS_HELP);
            return 0;
        }
        Ok(Command::Stress(config)) => return stress(&config, &workspace, args),
        Ok(Command::ExportHelp) => {
            sandbox::print_or_stop(cli::EXPORT_HELP);
            return 0;
        }
        Ok(Command::Export(config)) => return export(&config),
        Err(e) => {
            eprintln!("judge: {e}\nrun with --help for usage");
            return 2;
        }
    };
    // A report that cannot be written is found out before minutes of judging, not after them.
    let unwritable: Vec<String> = [
        (&config.json, "JSON"),
        (&config.junit, "JUnit"),
        (&config.html, "HTML"),
    ]
    .into_iter()
    .filter_map(|(path, kind)| Some((path.as_ref()?, kind)))
    .filter_map(|(path, kind)| {
        fs::File::create(path)
            .err()
            .map(|e| cannot_write(path, kind, e))
    })
    .collect();
    if !unwritable.is_empty() {
        return finish(&unwritable, 2);
    }
    let languages = match read_languages(config.languages.as_deref()) {
        Ok(languages) => languages,
        Err(e) => return finish(&[e], 2),
    };
    let (packages, mut errors) = load_packages(&config);
    if sandbox::interrupted() {
        let _ = finish(&errors, 0);
        return sandbox::interrupted_exit_code();
    }
    // A --case that selects nothing judges nothing: said (by load_packages), and nothing is run.
    let selects = |p: &Package| {
        let pattern = config.case_pattern.as_deref().unwrap_or("*");
        p.cases
            .iter()
            .any(|c| judge::glob::matches(pattern, &c.name))
    };
    if !packages.is_empty() && !packages.iter().any(selects) {
        return finish(&errors, 2);
    }
    if packages.is_empty() && errors.is_empty() {
        sandbox::print_or_stop(&format!(
            "no problems in {}: nothing to judge\n",
            config.testdata.display()
        ));
        return 0;
    }
    if config.list {
        sandbox::print_or_stop(&report::listing(&packages));
        return finish(&errors, 0);
    }
    remove_stale_scratch_dirs();
    sandbox::remove_stale_cgroups();
    let scratch = match Scratch::create(&env::temp_dir()) {
        Ok(scratch) => scratch,
        Err(e) => return finish(&[format!("cannot make a scratch dir: {e}")], 2),
    };
    sandbox::remove_on_exit(scratch.path());
    let cache_dir = match cache_dir(&workspace) {
        Ok(dir) => dir,
        Err(e) => return finish(&[e], 2),
    };
    compile::remove_stale_work_dirs(&cache_dir);
    let isolation = match isolation(&scratch, config.require_isolation) {
        Ok(text) => text,
        Err(code) => return finish(&["--require-isolation: no sandbox here".into()], code),
    };
    let options = engine::Options {
        jobs: config.jobs,
        cache_dir,
        languages: &languages,
        scratch: &scratch,
        // The page shows a failing case's texts whether or not the terminal does.
        show: config.show || config.html.is_some(),
        keep: config.keep.as_deref().map(absolute),
    };
    if validating {
        let code = validate::run(&packages, &options, &mut |text| {
            sandbox::print_or_stop(text)
        });
        return finish(&errors, code);
    }
    let terminal = io::stdout().is_terminal();
    // no-color.org: only a non-empty NO_COLOR turns colour off.
    let colour = terminal && env::var_os("NO_COLOR").map_or(true, |v| v.is_empty());
    let cases = config.cases || config.solution.is_some();
    let mut printer = Printer::new(colour, terminal, cases, config.show);
    let results = judge(&packages, &config, &options, &mut printer, &mut errors);
    if !results.is_empty() {
        sandbox::print_or_stop(&format!("\n{}", table::render(&results, colour)));
    }
    write_reports(&config, &results, &mut errors, &isolation);
    let code = exit_code(&results, config.strict);
    if let Some(path) = &config.html {
        let page = html_page(
            args, &config, &packages, &results, &errors, &isolation, code,
        );
        if let Err(e) = fs::write(path, page) {
            errors.push(cannot_write(path, "HTML", e));
        }
    }
    if sandbox::interrupted() {
        sandbox::print_or_stop("interrupted: the summary covers the cases that finished\n");
        let _ = finish(&errors, 0);
        return sandbox::interrupted_exit_code();
    }
    finish(&errors, code)
}

/// `--html`: the page, from what the other reports take, the cases of each package (a stopped
/// submission's grid row shows those it never ran) and the exit status the run ends with.
fn html_page(
    args: &[String],
    config: &Config,
    packages: &[Package],
    results: &[ProblemResult],
    errors: &[String],
    isolation: &str,
    code: i32,
) -> String {
    let pattern = config.case_pattern.as_deref().unwrap_or("*");
    let cases: Vec<(String, Vec<String>)> = packages
        .iter()
        .map(|p| {
            let names = p.cases.iter().map(|c| c.name.clone());
            let selected = names.filter(|name| judge::glob::matches(pattern, name));
            (p.name.clone(), selected.collect())
        })
        .collect();
    let exit_code = if sandbox::interrupted() {
        sandbox::interrupted_exit_code()
    } else if errors.is_empty() {
        code
    } else {
        2
    };
    html::judge::render(&html::judge::Judged {
        command: &html::command_line("judge", args),
        results,
        cases: &cases,
        errors,
        isolation,
        totals: &table::totals(results, ""),
        exit_code,
    })
}

/// `judge stress`: the language table, compile cache and sandbox of judging, then the stress run (and
/// its page, with `--html`).
fn stress(config: &cli::StressConfig, workspace: &Path, args: &[String]) -> i32 {
    if let Some(path) = &config.html {
        if let Err(e) = fs::File::create(path) {
            return finish(&[cannot_write(path, "HTML", e)], 2);
        }
    }
    let languages = match read_languages(config.languages.as_deref()) {
        Ok(languages) => languages,
        Err(e) => return finish(&[e], 2),
    };
    remove_stale_scratch_dirs();
    sandbox::remove_stale_cgroups();
    let scratch = match Scratch::create(&env::temp_dir()) {
        Ok(scratch) => scratch,
        Err(e) => return finish(&[format!("cannot make a scratch dir: {e}")], 2),
    };
    // A second Ctrl-C or a closed stdout ends the judge without unwinding: the scratch dir goes then too.
    sandbox::remove_on_exit(scratch.path());
    let cache_dir = match cache_dir(workspace) {
        Ok(dir) => dir,
        Err(e) => return finish(&[e], 2),
    };
    compile::remove_stale_work_dirs(&cache_dir);
    if let Err(code) = isolation(&scratch, false) {
        return code;
    }
    let options = engine::Options {
        jobs: config.jobs,
        cache_dir,
        languages: &languages,
        scratch: &scratch,
        show: true,
        keep: None,
    };
    let terminal = io::stdout().is_terminal();
    let colour = terminal && env::var_os("NO_COLOR").map_or(true, |v| v.is_empty());
    let mut screen = judge::stress::Screen::new(terminal, colour);
    if config.html.is_some() {
        screen.page = Some(Default::default());
    }
    let code = judge::stress::run(config, &options, &mut screen);
    if let (Some(path), Some(page)) = (&config.html, &screen.page) {
        let repeat = html::stress::repeat(args, page.seed);
        let text = html::stress::render(page, &html::command_line("judge", &repeat), code);
        if let Err(e) = fs::write(path, text) {
            return finish(&[cannot_write(path, "HTML", e)], 2);
        }
    }
    code
}

/// `judge export`: each named package read by the loader, then written in the asked version.
fn export(config: &cli::ExportConfig) -> i32 {
    let (dirs, mut errors) = find::packages(&absolute(&config.testdata), &config.problems);
    let tools = judge::export::Tools::find(&env::var("PATH").unwrap_or_default());
    let options = &config.options;
    let mut incomplete = false;
    for dir in dirs {
        let package = match package::load(&dir) {
            Ok(package) => package,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        for warning in &package.warnings {
            eprintln!("judge: warning: {warning}");
        }
        match judge::export::export(&package, options, &tools) {
            Ok(report) => {
                let zip = report
                    .zip
                    .as_ref()
                    .map_or(String::new(), |z| format!(" and {}", z.display()));
                let mut text = format!(
                    "{} → {}{zip} ({})\n",
                    package.name,
                    report.dir.display(),
                    options.to.name()
                );
                for (label, lines) in [("left out", &report.left_out), ("made", &report.made)] {
                    for line in lines.iter() {
                        text.push_str(&format!("  {label}: {line}\n"));
                    }
                }
                for line in &report.missing {
                    text.push_str(&format!("  MISSING: {line}\n"));
                }
                incomplete |= !report.missing.is_empty();
                sandbox::print_or_stop(&text);
            }
            Err(e) => errors.push(e),
        }
    }
    let code = if incomplete { 1 } else { 0 };
    finish(&errors, code)
}

/// Finds and reads the packages the command line names; each package's warnings are printed once, its
/// errors collected.
fn load_packages(config: &Config) -> (Vec<Package>, Vec<String>) {
    let (dirs, mut errors) = find::packages(&absolute(&config.testdata), &config.problems);
    let mut packages = Vec::new();
    for dir in dirs {
        match package::load(&dir) {
            Ok(package) => {
                // A package's names and texts are in its warnings and errors: shown, never obeyed.
                for warning in &package.warnings {
                    eprintln!("judge: warning: {}", visible(warning));
                }
                packages.push(package);
            }
            Err(e) => errors.push(e),
        }
    }
    if let Some(pattern) = &config.case_pattern {
        let any = packages.iter().any(|p| {
            p.cases
                .iter()
                .any(|c| judge::glob::matches(pattern, &c.name))
        });
        if !any && !packages.is_empty() {
            let example = packages[0]
                .cases
                .first()
                .map_or("secret/1".into(), |c| c.name.clone());
            errors.push(format!(
                "--case {pattern}: no case matches (case names are paths below data/, like `{example}`: try `--case '*{pattern}*'`)"
            ));
        }
    }
    (packages, errors)
}

/// The sandbox's description for the reports; `Err(2)` when `--require-isolation` cannot be met.
fn isolation(scratch: &Scratch, required: bool) -> Result<String, i32> {
    let isolation = match scratch.slot("probe") {
        Ok(slot) => sandbox::isolation(&slot).clone(),
        Err(e) => Isolation::None(format!("no scratch slot: {e}")),
    };
    let accounting = if sandbox::kernel_accounting() {
        "cgroups"
    } else {
        "sampled from /proc every 5 ms (no cgroups here)"
    };
    match &isolation {
        Isolation::Namespaces => Ok(format!("namespaces; accounting: {accounting}")),
        Isolation::None(why) => {
            // Never silently less safe: said once, loudly, before any result.
            eprintln!(
                "judge: WARNING: runs are NOT isolated ({why}): a submission can read and change files \
                 the judge can, and signal it; only process groups and rlimits contain it"
            );
            if required {
                return Err(2);
            }
            Ok(format!("none: {why}; accounting: {accounting}"))
        }
    }
}

/// Judges the packages: first the accepted submissions of those whose time limit must be derived (then
/// the limit), then everything else. Results in package, then submission order.
fn judge(
    packages: &[Package],
    config: &Config,
    options: &engine::Options,
    printer: &mut Printer,
    errors: &mut Vec<String>,
) -> Vec<ProblemResult> {
    let own = config
        .solution
        .as_deref()
        .map(|path| (absolute(path), path.display().to_string()));
    if let Some((path, typed)) = &own {
        // A source file or a program folder in a language of the table, or a program built elsewhere.
        if !path.exists() {
            errors.push(format!("--solution {typed}: no such file or folder"));
            return Vec::new();
        }
        if let Err(e) = judge::source::read(path, options.languages, None) {
            errors.push(format!(
                "--solution {e}; or give a language table that has it: --languages FILE"
            ));
            return Vec::new();
        }
    }
    let selection = Selection {
        solution: own,
        case_pattern: config.case_pattern.clone(),
        tl_mult: config.tl_mult,
        wall_mult: config.wall_mult,
        fail_fast: config.fail_fast,
        // A table of the user's own is theirs for every problem.
        dialects: !config.no_dialect && config.languages.is_none(),
    };
    let examples = Selection {
        solution: None,
        ..selection.clone()
    };
    let widest = packages
        .iter()
        .flat_map(|p| &p.submissions)
        .map(|s| s.program.label.chars().count())
        .max();
    printer.widths(widest.unwrap_or(0).saturating_sub("submissions/".len()));
    // Phase 1: where a package states no time limit, its accepted submissions run under a cap, and the
    // slowest of them sets the limit (problemtools' rule).
    let mut limits: Vec<Option<(u64, String)>> =
        packages.iter().map(plan::stated_time_limit).collect();
    let mut done: Vec<(usize, ProblemResult)> = Vec::new();
    let deriving: Vec<(usize, Job)> = packages
        .iter()
        .enumerate()
        .filter(|(i, _)| limits[*i].is_none())
        .flat_map(|(i, p)| {
            let mut jobs = plan::jobs(
                p,
                &examples,
                plan::DERIVING_CAP_MS,
                "deriving the time limit",
            );
            jobs.retain(|j| j.submission.starts_with("accepted/"));
            runnable(p, jobs, options.languages)
                .into_iter()
                .map(move |j| (i, j))
        })
        .collect();
    if !deriving.is_empty() {
        let jobs: Vec<Job> = deriving.iter().map(|(_, j)| j.clone()).collect();
        let results = if selection.solution.is_some() {
            sandbox::print_or_stop(
                "deriving time limits from the packages' accepted submissions …\n",
            );
            engine::judge(&jobs, options, &mut Quiet)
        } else {
            engine::judge(&jobs, options, printer)
        };
        let unstated: Vec<usize> = (0..packages.len())
            .filter(|&i| limits[i].is_none())
            .collect();
        for i in unstated {
            let package = &packages[i];
            let own: Vec<&ProblemResult> = deriving
                .iter()
                .zip(&results)
                .filter(|((pi, _), _)| *pi == i)
                .map(|(_, r)| r)
                .collect();
            let slowest = own
                .iter()
                .flat_map(|r| &r.cases)
                .filter(|c| c.verdict == Verdict::Accepted)
                .map(|c| c.cpu_ms)
                .max();
            let Some(slowest) = slowest else {
                errors.push(format!(
                    "{}: no time limit: problem.yaml states none and no accepted submission ran to derive it from",
                    package.dir.display()
                ));
                continue;
            };
            let ms = plan::derived_time_limit(slowest, package);
            let from = format!(
                "derived: slowest accepted {slowest} ms × {} → {} s",
                package.meta.ac_to_time_limit,
                ms as f64 / 1000.0
            );
            sandbox::print_or_stop(&format!("{}: time limit {from}\n", package.name));
            limits[i] = Some((ms, from.clone()));
            if selection.solution.is_none() {
                let scaled = plan::scaled(ms, config.tl_mult);
                for r in own {
                    let mut r = r.clone();
                    (r.time_limit_ms, r.time_limit_from) = (scaled, from.clone());
                    r.cases.iter_mut().for_each(|c| c.time_limit_ms = scaled);
                    done.push((i, r));
                }
            }
        }
    }
    // Phase 2: everything else, under the stated or derived limits.
    let mut jobs: Vec<(usize, Job)> = Vec::new();
    for (i, package) in packages.iter().enumerate() {
        let Some((ms, from)) = &limits[i] else {
            continue;
        };
        let mut own = plan::jobs(package, &selection, *ms, from);
        if selection.solution.is_none() {
            own.retain(|j| {
                !done
                    .iter()
                    .any(|(di, r)| *di == i && r.solution == j.submission)
            });
            own = runnable(package, own, options.languages);
        }
        jobs.extend(own.into_iter().map(|j| (i, j)));
    }
    let plain: Vec<Job> = jobs.iter().map(|(_, j)| j.clone()).collect();
    let results = engine::judge(&plain, options, printer);
    done.extend(jobs.iter().map(|(i, _)| *i).zip(results));
    // Package order, then each package's submissions in name order (the accepted ones came first anyway).
    done.sort_by(|(a, ra), (b, rb)| (a, &ra.solution).cmp(&(b, &rb.solution)));
    done.into_iter().map(|(_, r)| r).collect()
}

/// The jobs whose submission the judge can compile; the others are said once per package (one line, not
/// one per case).
fn runnable(package: &Package, jobs: Vec<Job>, languages: &Languages) -> Vec<Job> {
    // A probe for the language alone: a program that breaks a rule of its package (a link out of it) is
    // judged, and each of its cases is a JE naming the file.
    let (keep, skip): (Vec<Job>, Vec<Job>) = jobs
        .into_iter()
        .partition(|j| judge::source::read(&j.source, languages, None).is_ok());
    if !skip.is_empty() {
        let names: Vec<&str> = skip.iter().map(|j| j.submission.as_str()).collect();
        eprintln!(
            "judge: {}: {} not judged: no language for them in the language table: {}",
            package.name,
            judge::checker::notes::count(skip.len(), "submission", "submissions"),
            names.join(", ")
        );
    }
    keep
}

/// The progress of runs nobody watches (deriving a time limit before judging the user's file).
struct Quiet;

impl engine::Progress for Quiet {
    fn job(&mut self, _: &ProblemResult, _: &[plan::CaseSpec]) {}
    fn case(&mut self, _: &ProblemResult, _: &report::CaseResult) {}
}

/// `--languages FILE`, or the table built in.
fn read_languages(path: Option<&Path>) -> Result<Languages, String> {
    let Some(path) = path else {
        return Ok(Languages::builtin());
    };
    // A regular file of at most 1 MiB: `--languages /dev/zero` once read until the kernel killed the judge.
    let text = package::read_text(path)?;
    Languages::parse(&text, &path.display().to_string())
}

/// Removes the scratch dirs of judges that are gone. An interrupted judge ends from its signal handler,
/// where walking and removing a folder tree is not safe, so its dir stays behind until the next judge.
fn remove_stale_scratch_dirs() {
    let Ok(entries) = fs::read_dir(env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let owner = entry.file_name().to_str().and_then(sandbox::scratch_owner);
        // Only real folders (never through a link someone planted) of judges no longer running.
        let real_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if real_dir && owner.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// `--json` and `--junit`; a file that cannot be written is the judge's error.
fn write_reports(
    config: &Config,
    results: &[ProblemResult],
    errors: &mut Vec<String>,
    isolation: &str,
) {
    if let Some(path) = &config.json {
        if let Err(e) = fs::write(path, json::render(results, errors, isolation)) {
            errors.push(cannot_write(path, "JSON", e));
        }
    }
    if let Some(path) = &config.junit {
        if let Err(e) = fs::write(path, junit::render(results)) {
            errors.push(cannot_write(path, "JUnit", e));
        }
    }
}

fn cannot_write(path: &Path, kind: &str, e: io::Error) -> String {
    format!("{}: cannot write the {kind} report: {e}", path.display())
}

/// 2 some case could not be judged (JE) or decided (UD); else 1 when an example submission did not get what its folder
/// expects, or (a file of the user's) a counted case is not AC — the official ones, with `--strict` the
/// beyond ones too; else 0.
fn exit_code(results: &[ProblemResult], strict: bool) -> i32 {
    let all = || results.iter().flat_map(|p| &p.cases);
    // A case the judge could not judge (JE) or decide (UD, too loaded) makes every other verdict moot.
    if all().any(|c| matches!(c.verdict, Verdict::JudgeError | Verdict::Undecided)) {
        return 2;
    }
    let failed = results.iter().any(|p| match &p.expectation {
        Some(_) => p.unmet.is_some(),
        // In a folder the format does not know: judged, not checked (a warning said so).
        None if p.example => false,
        None => p
            .cases
            .iter()
            .any(|c| (strict || c.group == Group::Official) && c.verdict != Verdict::Accepted),
    });
    i32::from(failed)
}

/// Prints the judge's own errors last, where they are seen; any of them makes the exit code 2.
fn finish(errors: &[String], code: i32) -> i32 {
    for line in errors.iter().flat_map(|e| e.lines()) {
        eprintln!("judge: error: {}", visible(line));
    }
    if errors.is_empty() {
        code
    } else {
        2
    }
}

/// The workspace this judge was built in: the parent of the judge crate.
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Where compiled programs are cached: `<target dir>/judge-cache` of the workspace the judge was built in,
/// while it is there and writable; else the per-user cache the platform names (`$XDG_CACHE_HOME/judge`,
/// else `~/.cache/judge`) — a judge installed with `cargo install`, run by another user, or whose
/// workspace moved or became read-only.
fn cache_dir(workspace: &Path) -> Result<PathBuf, String> {
    let writable = |dir: &Path| {
        fs::create_dir_all(dir).is_ok() && {
            let probe = dir.join(format!(".write-test-{}", process::id()));
            let ok = fs::write(&probe, b"").is_ok();
            let _ = fs::remove_file(&probe);
            ok
        }
    };
    let own = target_dir(workspace).join("judge-cache");
    if writable(&own) {
        return Ok(own);
    }
    let user = match env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => absolute(Path::new(&dir)).join("judge"),
        None => match env::var_os("HOME").filter(|v| !v.is_empty()) {
            Some(home) => PathBuf::from(home).join(".cache/judge"),
            None => env::temp_dir().join(format!("judge-cache-{}", judge::sys::user_and_group().0)),
        },
    };
    if writable(&user) {
        Ok(user)
    } else {
        Err(format!(
            "no writable compile cache: neither {} nor {} (set XDG_CACHE_HOME to a folder of yours)",
            own.display(),
            user.display()
        ))
    }
}

/// `$CARGO_TARGET_DIR` if set (as cargo reads it), else `<workspace>/target`.
fn target_dir(workspace: &Path) -> PathBuf {
    match env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => absolute(Path::new(&dir)),
        _ => workspace.join("target"),
    }
}

fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        env::current_dir()
            .map(|cwd| cwd.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    }
}
