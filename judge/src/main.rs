//! The judge's shell: arguments → config → problems → engine → reports → exit code
//! (0 every counted case AC, 1 some counted case not AC, 2 the judge's own error — which wins; 128 + the
//! signal when interrupted, after the summary of what finished). The same binary is the sandbox's helper (`--sandbox-helper`, see `sandbox`).

use judge::cli::{self, Command, Config};
use judge::lang::Languages;
use judge::problem::Group;
use judge::report::{self, json, junit, live::Printer, table, ProblemResult};
use judge::sandbox::{self, Isolation, Scratch};
use judge::verdict::Verdict;
use judge::{compile, engine, problem};
use std::env;
use std::ffi::OsString;
use std::fs;
use std::io::{self, IsTerminal, Write};
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
    let args: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if args.first().is_some_and(|first| first == "match") {
        process::exit(judge::matches::main(&args[1..]));
    }
    sandbox::install_interrupt_handler();
    process::exit(judge_all(&args));
}

fn judge_all(args: &[String]) -> i32 {
    let workspace = workspace_root();
    let cpus = thread::available_parallelism().map_or(1, |n| n.get());
    let config = match cli::parse(args, workspace.join("testdata"), cpus) {
        Ok(Command::Help) => {
            say(cli::HELP);
            return 0;
        }
        Ok(Command::Judge(config)) => config,
        Err(e) => {
            eprintln!("judge: {e}\nrun with --help for usage");
            return 2;
        }
    };
    // A report that cannot be written is found out before minutes of judging, not after them.
    let unwritable: Vec<String> = [(&config.json, "JSON"), (&config.junit, "JUnit")]
        .into_iter()
        .filter_map(|(path, kind)| Some((path.as_ref()?, kind)))
        .filter_map(|(path, kind)| {
            let created = fs::File::create(path);
            created.err().map(|e| cannot_write(path, kind, e))
        })
        .collect();
    if !unwritable.is_empty() {
        return finish(&unwritable, 2);
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
    let cache_dir = target_dir(&workspace).join("judge-cache");
    compile::remove_stale_work_dirs(&cache_dir);
    let testdata = absolute(&config.testdata);
    let own_solution = config.solution.as_deref().map(absolute);
    let (mut problems, mut errors) = problem::select(
        &testdata,
        &config.problems,
        config.case_pattern.as_deref(),
        own_solution.as_deref(),
    );
    if let Some(typed) = &config.solution {
        // Reports name the file as the user wrote it.
        for problem in &mut problems {
            problem.settings.solution_label = typed.display().to_string();
        }
    }
    if problems.is_empty() && errors.is_empty() {
        say(&format!(
            "no problems in {}: nothing to judge\n",
            testdata.display()
        ));
        return 0;
    }
    if config.list {
        say(&report::listing(&problems));
        return finish(&errors, 0);
    }
    let isolation = match scratch.slot("probe") {
        Ok(slot) => sandbox::isolation(&slot).clone(),
        Err(e) => Isolation::None(format!("no scratch slot: {e}")),
    };
    let accounting = if sandbox::kernel_accounting() {
        "cgroups"
    } else {
        "sampled from /proc every 5 ms (no cgroups here)"
    };
    let isolation_text = match &isolation {
        Isolation::Namespaces => format!("namespaces; accounting: {accounting}"),
        Isolation::None(why) => {
            // Never silently less safe: said once, loudly, before any result.
            eprintln!(
                "judge: WARNING: runs are NOT isolated ({why}): a submission can read and change files \
                 the judge can, and signal it; only process groups and rlimits contain it"
            );
            if config.require_isolation {
                return finish(&["--require-isolation: no sandbox here".into()], 2);
            }
            format!("none: {why}; accounting: {accounting}")
        }
    };
    let options = engine::Options {
        jobs: config.jobs,
        tl_mult: config.tl_mult,
        cache_dir,
        languages: &languages,
        scratch: &scratch,
        fail_fast: config.fail_fast,
    };
    let terminal = io::stdout().is_terminal();
    // no-color.org: only a non-empty NO_COLOR turns colour off.
    let colour = terminal && env::var_os("NO_COLOR").map_or(true, |v| v.is_empty());
    let results = engine::judge(&problems, &options, &mut Printer::new(colour, terminal));
    if !results.is_empty() {
        say(&format!("\n{}", table::render(&results, colour)));
    }
    write_reports(&config, &results, &mut errors, &isolation_text);
    if sandbox::interrupted() {
        say("interrupted: the summary covers the cases that finished\n");
        let _ = finish(&errors, 0);
        return sandbox::interrupted_exit_code();
    }
    finish(&errors, exit_code(&results, config.strict))
}

/// `--languages FILE`, or the table built in.
fn read_languages(path: Option<&Path>) -> Result<Languages, String> {
    let Some(path) = path else {
        return Ok(Languages::builtin());
    };
    let text =
        fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
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

/// Writes to stdout; a closed pipe (`judge | head`) ends the judge quietly.
fn say(text: &str) {
    let mut out = io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        sandbox::stop_quietly();
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

/// 0 all counted cases AC, 1 some not, 2 some case could not be judged (JE). Counted: the official cases,
/// and with `--strict` the beyond cases too.
fn exit_code(results: &[ProblemResult], strict: bool) -> i32 {
    let verdicts = || {
        results
            .iter()
            .flat_map(|p| &p.cases)
            .filter(|c| strict || c.group == Group::Official)
            .map(|c| c.verdict)
    };
    if verdicts().any(|v| v == Verdict::JudgeError) {
        2
    } else if verdicts().all(|v| v == Verdict::Accepted) {
        0
    } else {
        1
    }
}

/// Prints the judge's own errors last, where they are seen; any of them makes the exit code 2.
fn finish(errors: &[String], code: i32) -> i32 {
    for line in errors.iter().flat_map(|e| e.lines()) {
        eprintln!("judge: error: {line}");
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
