//! `judge match`: two game engines play each other over a set of openings, as fastchess and cutechess-cli
//! run chess matches, for games whose engines speak the Gomocup piskvork protocol (see `judge/MATCHES.md`).
//!
//! args (`cli`) → programs (`engine_process::prepare`) → games on `--concurrency` worker threads
//! (`game::play`) → the tally, live lines, records and summary, in the main thread (`report`, `stats`).
//! Only `engine_process` touches the OS; the rules live in the referee program, not here.

pub mod cli;
pub mod engine_process;
pub mod game;
pub mod replay;
pub mod report;
pub mod stats;

use cli::{Command, Config};
use engine_process::Launch;
use game::{Colour, Players};
use report::{Game, Tally};
use stats::Decision;
use std::env;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Runs the subcommand; returns the exit code (0 played, 2 the judge's or the arguments' error).
pub fn main(args: &[String]) -> i32 {
    engine_process::install_interrupt_handler();
    let config = match cli::parse(args) {
        Ok(Command::Help) => {
            print!("{}", cli::HELP);
            return 0;
        }
        Ok(Command::Match(config)) => config,
        Err(e) => {
            eprintln!("judge match: {e}\nrun `judge match --help` for usage");
            return 2;
        }
    };
    let played = match &config.replay {
        Some(records) => replay_all(records, &config, args),
        None => run(&config, args).map(|()| 0),
    };
    match played {
        Ok(code) => code,
        Err(e) => {
            eprintln!("judge match: error: {e}");
            2
        }
    }
}

/// The two engines and the referee, ready to start.
struct Programs {
    engines: [Launch; 2],
    referee: Launch,
}

fn run(config: &Config, args: &[String]) -> Result<(), String> {
    let openings = read_openings(config.openings.as_deref())?;
    let mut record = open_output(config.record.as_deref(), "record")?;
    let mut json = open_output(config.json.as_deref(), "JSON")?;
    let mut html = open_output(config.html.as_deref(), "HTML page")?;
    let mut games = Vec::new();
    let programs = prepare_programs(config)?;
    let rounds = config.rounds.unwrap_or(openings.len());
    let total_games = rounds * 2;
    let names = [
        programs.engines[0].name.clone(),
        programs.engines[1].name.clone(),
    ];
    let mut tally = Tally::new(names.clone());
    let time_control = time_control_text(config);
    println!(
        "Match {} vs {}: {total_games} games ({rounds} openings, colours swapped), {time_control}",
        names[0], names[1]
    );
    let next_game = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, finished) = mpsc::channel::<Result<Game, String>>();
    let mut failure = None;
    thread::scope(|scope| {
        for _ in 0..config.concurrency.min(total_games) {
            let sender = sender.clone();
            let (next_game, stop, programs, openings) = (&next_game, &stop, &programs, &openings);
            scope.spawn(move || loop {
                let number = next_game.fetch_add(1, Ordering::SeqCst);
                if number >= total_games || stop.load(Ordering::SeqCst) {
                    break;
                }
                let opening = &openings[(number / 2) % openings.len()];
                let result = play_game(number, opening, programs, config);
                if sender.send(result).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for result in finished {
            let game = match result {
                Ok(game) => game,
                Err(e) => {
                    // The judge's own failure: no more games; those in flight end by themselves.
                    stop.store(true, Ordering::SeqCst);
                    failure.get_or_insert(e);
                    continue;
                }
            };
            let pair_done = tally.add(&game);
            print!("{}", report::live_line(&game, total_games, &tally));
            let _ = io::stdout().flush();
            if let Some(file) = record.as_mut() {
                if let Err(e) = file.write_all(report::record_line(&game, &names).as_bytes()) {
                    failure.get_or_insert(format!("cannot write the record: {e}"));
                }
            }
            if let (true, Some(sprt)) = (pair_done, &config.sprt) {
                if sprt.decide(tally.llr(sprt)) != Decision::Continue {
                    stop.store(true, Ordering::SeqCst);
                }
            }
            if html.is_some() {
                games.push(game);
            }
        }
    });
    print!(
        "\n{}",
        report::summary(&tally, config.sprt.as_ref(), &time_control)
    );
    if let Some(file) = json.as_mut() {
        let text = report::summary_json(&tally, config.sprt.as_ref(), &time_control);
        file.write_all(text.as_bytes())
            .map_err(|e| format!("cannot write the JSON summary: {e}"))?;
    }
    if let Some(file) = html.as_mut() {
        let mut command = vec!["match".to_string()];
        command.extend_from_slice(args);
        let text = crate::report::html::matches::render(&crate::report::html::matches::Played {
            command: &crate::report::html::command_line("judge", &command),
            tally: &tally,
            sprt: config.sprt.as_ref(),
            time_control: &time_control,
            games: &games,
        });
        file.write_all(text.as_bytes())
            .map_err(|e| format!("cannot write the HTML page: {e}"))?;
    }
    failure.map_or(Ok(()), Err)
}

/// `--replay`: every game of a record file through the referee; exit code 0 if all end as recorded, 1 if
/// not (each disagreement printed); `Err` for the judge's own failures.
fn replay_all(records: &Path, config: &Config, args: &[String]) -> Result<i32, String> {
    let text = fs::read_to_string(records)
        .map_err(|e| format!("{}: cannot read the record: {e}", records.display()))?;
    let mut html = open_output(config.html.as_deref(), "HTML page")?;
    let referee = engine_process::prepare(&config.referee, &target_dir().join("judge-cache"))?;
    let mut disagreements = Vec::new();
    let mut games = 0;
    let mut replayed: Vec<Game> = Vec::new();
    // The match's two engines, the first one's (whose results they are) first.
    let mut names: Option<[String; 2]> = None;
    for (number, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        games += 1;
        let checked = replay::parse_record(line).and_then(|game| {
            let size =
                replay::replay(&referee, &game).map_err(|e| format!("game {}: {e}", game.game))?;
            // The first engine is Black in the odd games (the first of each opening pair).
            let odd = game.game.parse::<usize>().map_or(true, |n| n % 2 == 1);
            let [first, _] = names.get_or_insert_with(|| match odd {
                true => [game.black.clone(), game.white.clone()],
                false => [game.white.clone(), game.black.clone()],
            });
            replayed.extend(replay::game(&game, size, first));
            Ok(())
        });
        if let Err(e) = checked {
            disagreements.push(format!("{}:{}: {e}", records.display(), number + 1));
        }
    }
    if let (Some(file), Some(names)) = (html.as_mut(), names) {
        let mut tally = Tally::new(names);
        for game in &replayed {
            tally.add(game);
        }
        let mut command = vec!["match".to_string()];
        command.extend_from_slice(args);
        let text = crate::report::html::matches::render(&crate::report::html::matches::Played {
            command: &crate::report::html::command_line("judge", &command),
            tally: &tally,
            sprt: None,
            time_control: &format!("replayed from {}", records.display()),
            games: &replayed,
        });
        file.write_all(text.as_bytes())
            .map_err(|e| format!("cannot write the HTML page: {e}"))?;
    }
    println!(
        "Replayed {games} games: {} as recorded, {} not",
        games - disagreements.len(),
        disagreements.len()
    );
    for disagreement in &disagreements {
        println!("{disagreement}");
    }
    Ok(i32::from(!disagreements.is_empty()))
}

/// Game `number` of the match: round `number / 2`, the first engine Black in the even game.
fn play_game(
    number: usize,
    opening: &str,
    programs: &Programs,
    config: &Config,
) -> Result<Game, String> {
    let first_engine = if number % 2 == 0 {
        Colour::Black
    } else {
        Colour::White
    };
    let [first, second] = &programs.engines;
    let (black, white) = match first_engine {
        Colour::Black => (first, second),
        Colour::White => (second, first),
    };
    let players = Players {
        black,
        white,
        referee: &programs.referee,
        info: &config.info,
    };
    let [mine, theirs] = config.limits;
    let limits = match first_engine {
        Colour::Black => [mine, theirs],
        Colour::White => [theirs, mine],
    };
    let record =
        game::play(opening, &players, &limits).map_err(|e| format!("game {}: {e}", number + 1))?;
    Ok(Game {
        number,
        first_engine,
        record,
    })
}

fn prepare_programs(config: &Config) -> Result<Programs, String> {
    let cache_dir = target_dir().join("judge-cache");
    let prepare = |spec: &str| {
        let (name, spec) = cli::split_name(spec);
        let mut launch = engine_process::prepare(spec, &cache_dir)?;
        if let Some(name) = name {
            launch.name = name.to_string();
        }
        Ok::<Launch, String>(launch)
    };
    let [first, second] = &config.engines;
    let mut engines = [prepare(first)?, prepare(second)?];
    if engines[0].name == engines[1].name {
        // Self-play (two builds of one name): results must still say which is which.
        engines[0].name.push_str("#1");
        engines[1].name.push_str("#2");
    }
    let referee = engine_process::prepare(&config.referee, &cache_dir)?;
    Ok(Programs { engines, referee })
}

/// The openings file's lines (without `#` comments and blank lines), or one empty opening without a file.
fn read_openings(path: Option<&Path>) -> Result<Vec<String>, String> {
    let Some(path) = path else {
        return Ok(vec![String::new()]);
    };
    let text = fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read the openings: {e}", path.display()))?;
    let openings: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect();
    if openings.is_empty() {
        return Err(format!("{}: no openings in the file", path.display()));
    }
    Ok(openings)
}

/// Creates an output file before any game is played, so a bad path costs nothing.
fn open_output(path: Option<&Path>, kind: &str) -> Result<Option<File>, String> {
    path.map(|path| {
        File::create(path).map_err(|e| format!("{}: cannot write the {kind}: {e}", path.display()))
    })
    .transpose()
}

fn time_control_text(config: &Config) -> String {
    let [first, second] = &config.limits;
    let clock =
        |limits: &game::Limits| format!("{} ms/move, {} ms/game", limits.move_ms, limits.game_ms);
    let clocks = if first == second {
        clock(first)
    } else {
        format!("{} against {}", clock(first), clock(second))
    };
    format!(
        "{clocks}, margin {} ms, {} MiB, concurrency {}",
        first.margin_ms,
        first.memory_bytes >> 20,
        config.concurrency
    )
}

/// `$CARGO_TARGET_DIR` if set, else `<workspace>/target`: where the judge caches compiled programs.
fn target_dir() -> PathBuf {
    match env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => {
            let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
            manifest.parent().unwrap_or(manifest).join("target")
        }
    }
}
