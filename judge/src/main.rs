//! The judge's shell: arguments → config → problems → engine → reports → exit code
//! (0 every case AC, 1 some case not AC, 2 the judge's own error — which wins).

use judge::cli::{self, Command, Config};
use judge::report::{self, json, junit, live::Printer, table, ProblemResult};
use judge::verdict::Verdict;
use judge::{compile, engine, problem, sandbox};
use std::env;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process;
use std::thread;

fn main() {
    sandbox::install_interrupt_handler();
    sandbox::adopt_orphans();
    process::exit(judge_all());
}

fn judge_all() -> i32 {
    let args: Vec<String> = env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let workspace = workspace_root();
    let cpus = thread::available_parallelism().map_or(1, |n| n.get());
    let config = match cli::parse(&args, workspace.join("testdata"), cpus) {
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
    remove_stale_scratch_dirs();
    let cache_dir = target_dir(&workspace).join("judge-cache");
    compile::remove_stale_work_dirs(&cache_dir);
    let testdata = absolute(&config.testdata);
    let (problems, mut errors) =
        problem::select(&testdata, &config.problems, config.case_pattern.as_deref());
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
    let options = engine::Options {
        jobs: config.jobs,
        tl_mult: config.tl_mult,
        cache_dir,
        scratch_dir: env::temp_dir().join(engine::scratch_name(process::id())),
    };
    let colour = io::stdout().is_terminal() && env::var_os("NO_COLOR").is_none();
    let results = engine::judge(&problems, &options, &mut Printer::new(colour));
    if !results.is_empty() {
        say(&format!("\n{}", table::render(&results, colour)));
    }
    write_reports(&config, &results, &mut errors);
    finish(&errors, exit_code(&results))
}

/// Removes the scratch dirs of judges that are gone. An interrupted judge ends from its signal handler,
/// where walking and removing a folder tree is not safe, so its dir stays behind until the next judge.
fn remove_stale_scratch_dirs() {
    let Ok(entries) = fs::read_dir(env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let owner = entry.file_name().to_str().and_then(engine::scratch_owner);
        if owner.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// Writes to stdout; a closed pipe (`judge | head`) is not worth a panic.
fn say(text: &str) {
    let _ = io::stdout().lock().write_all(text.as_bytes());
}

/// `--json` and `--junit`; a file that cannot be written is the judge's error.
fn write_reports(config: &Config, results: &[ProblemResult], errors: &mut Vec<String>) {
    if let Some(path) = &config.json {
        if let Err(e) = fs::write(path, json::render(results, errors)) {
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

/// 0 all AC, 1 some case not AC, 2 some case could not be judged (JE).
fn exit_code(results: &[ProblemResult]) -> i32 {
    let verdicts = || results.iter().flat_map(|p| &p.cases).map(|c| c.verdict);
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
