//! The `match` subcommand's arguments → `Config`. Pure.

use super::game::Limits;
use super::stats::Sprt;
use std::path::PathBuf;

pub const HELP: &str = "\
judge match: plays two piskvork (Gomocup) engines against each other, fastchess-style

Usage: judge match --engine SPEC --engine SPEC --referee FILE [options]

Engines (the results are the FIRST engine's):
  --engine [NAME=]SPEC a source file (.rs, compiled like a solution: rustc --edition 2021 -O),
                       an executable file, or cmd:COMMAND ARGS (e.g. cmd:pbrain-figrid); NAME
                       (letters, digits, . _ - +) names it in results, else the file or program
  --referee FILE       the game's referee program (a .rs file, an executable or cmd:…),
                       e.g. testdata/gomoku/referee.rs; it alone knows the rules

Games:
  --openings FILE      one opening per line (`h8i9` = Black h8, White i9; an empty line or none
                       = the empty board; lines starting with # are skipped); default: empty board
  --rounds N           opening pairs to play: each opening twice, colours swapped (default: one
                       round per opening in the file); openings repeat in order if N is larger
  --games N            games to play instead (rounded up to whole pairs)
  --concurrency N      games at once (default 1; keep 1 for timed matches on a busy machine)

Clocks and limits (sent to the engines as INFO, enforced on wall time):
  --tc-move MS[,MS]    time per move, INFO timeout_turn (default 1000; 0 = none); a second value
                       is the second engine's (e.g. a slow baseline), else both get the first
  --tc-game MS[,MS]    time per engine per game, INFO timeout_match / time_left (default 0 = none)
  --timemargin MS      grace before a move counts as late (default 50)
  --memory-mb N        INFO max_memory; a larger peak loses (default 350, Gomocup's; 0 = none)
  --info KEY=VALUE     one more INFO line for both engines, `INFO KEY VALUE` (repeatable); it
                       replaces the default of a key the judge sends (game_type 1, rule 0), e.g.
                       --info rule=4 for renju; the referee must be told the same (its own argument)
  A late move, a crash, an illegal or malformed move, or a memory overrun loses the game.

Statistics and output:
  --sprt E0,E1,A,B     GSPRT of H0 Elo=E0 against H1 Elo=E1 (logistic), error rates alpha, beta,
                       on opening pairs (pentanomial); the match stops once decided
  --record FILE        every game as one JSON line: opening, moves, result, reason, times
  --json FILE          the summary as JSON
  --html FILE          a page of the match: the score, Elo, pentanomial counts, SPRT, every game
                       with a board replay (one self-contained file); with --replay, of the
                       recorded games
  --replay FILE        instead of playing: replay every game of a --record file through
                       --referee and check that each ends as recorded (no --engine needed)
  -h, --help           this text

Exit status: 0 the match was played (or every game replayed as recorded), 1 a replayed game
did not end as recorded, 2 an error of the judge or its arguments (unreadable file, an engine
that does not compile, a referee that breaks its protocol).
";

/// What to play and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub engines: [String; 2],
    pub referee: String,
    pub openings: Option<PathBuf>,
    pub rounds: Option<usize>,
    pub concurrency: usize,
    /// The first engine's clock and limits, and the second's.
    pub limits: [Limits; 2],
    /// `--info KEY=VALUE`: INFO lines for both engines, in order.
    pub info: Vec<(String, String)>,
    pub sprt: Option<Sprt>,
    pub record: Option<PathBuf>,
    pub json: Option<PathBuf>,
    /// `--html FILE`: the match's page.
    pub html: Option<PathBuf>,
    /// `--replay`: check a record file instead of playing.
    pub replay: Option<PathBuf>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Help,
    Match(Box<Config>),
}

/// Parses `--flag value` and `--flag=value`.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut engines = Vec::new();
    let mut referee = None;
    let mut config = Config {
        engines: Default::default(),
        referee: String::new(),
        openings: None,
        rounds: None,
        concurrency: 1,
        limits: [Limits {
            move_ms: 1000,
            game_ms: 0,
            margin_ms: 50,
            memory_bytes: 350 << 20,
        }; 2],
        info: Vec::new(),
        sprt: None,
        record: None,
        json: None,
        html: None,
        replay: None,
    };
    let mut rest = crate::cli::Args::new(args);
    while let Some(arg) = rest.next() {
        let flag = arg.flag;
        if flag == "-h" || flag == "--help" {
            return Ok(Command::Help);
        }
        let mut value = || rest.value(&arg);
        match flag {
            "--engine" => engines.push(value()?),
            "--referee" => referee = Some(value()?),
            "--openings" => config.openings = Some(PathBuf::from(value()?)),
            "--rounds" => config.rounds = Some(positive(flag, &value()?)?),
            "--games" => config.rounds = Some((positive(flag, &value()?)? + 1) / 2),
            "--concurrency" => config.concurrency = positive(flag, &value()?)?,
            "--tc-move" => {
                let [first, second] = pair(flag, &value()?)?;
                config.limits[0].move_ms = first;
                config.limits[1].move_ms = second;
            }
            "--tc-game" => {
                let [first, second] = pair(flag, &value()?)?;
                config.limits[0].game_ms = first;
                config.limits[1].game_ms = second;
            }
            "--timemargin" => {
                let margin_ms = number(flag, &value()?)?;
                config
                    .limits
                    .iter_mut()
                    .for_each(|l| l.margin_ms = margin_ms);
            }
            "--memory-mb" => {
                let memory_bytes = number(flag, &value()?)? << 20;
                config
                    .limits
                    .iter_mut()
                    .for_each(|l| l.memory_bytes = memory_bytes);
            }
            "--info" => {
                let pair = info(&value()?)?;
                // A key given again replaces its earlier value: one INFO line per key.
                config.info.retain(|(key, _)| *key != pair.0);
                config.info.push(pair);
            }
            "--sprt" => config.sprt = Some(Sprt::parse(&value()?)?),
            "--record" => config.record = Some(PathBuf::from(value()?)),
            "--json" => config.json = Some(PathBuf::from(value()?)),
            "--html" => config.html = Some(PathBuf::from(value()?)),
            "--replay" => config.replay = Some(PathBuf::from(value()?)),
            _ => return Err(format!("unknown argument `{}`", arg.text)),
        }
    }
    config.engines = match <[String; 2]>::try_from(engines) {
        Ok(engines) => engines,
        Err(found) if !(config.replay.is_some() && found.is_empty()) => {
            return Err(format!(
                "expected --engine twice, got it {} time(s)",
                found.len()
            ))
        }
        Err(_) => Default::default(),
    };
    config.referee = referee.ok_or("expected --referee FILE (the game's rules)")?;
    if config
        .limits
        .iter()
        .any(|l| l.move_ms == 0 && l.game_ms == 0)
    {
        return Err("--tc-move and --tc-game are both 0: a game needs a clock".to_string());
    }
    Ok(Command::Match(Box::new(config)))
}

fn number(flag: &str, text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{flag}: expected a whole number, got `{text}`"))
}

/// `NAME=SPEC` → the name and the spec; a spec without a name (or whose text before `=` is not a plain
/// name, like a path or a command) → `None` and the whole spec.
pub fn split_name(spec: &str) -> (Option<&str>, &str) {
    let plain = |name: &str| {
        !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-+".contains(c))
    };
    match spec.split_once('=') {
        Some((name, rest)) if plain(name) => (Some(name), rest),
        _ => (None, spec),
    }
}

/// `KEY=VALUE` of `--info`: a key of letters, digits and `_` (piskvork keys are case-insensitive, so it
/// is lowered), a value without spaces (an INFO line is `INFO key value`, one line).
fn info(text: &str) -> Result<(String, String), String> {
    let plain_key =
        |k: &str| !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    match text.split_once('=') {
        Some((key, value))
            if plain_key(key) && !value.is_empty() && !value.contains(char::is_whitespace) =>
        {
            Ok((key.to_ascii_lowercase(), value.to_string()))
        }
        _ => Err(format!(
            "--info: expected KEY=VALUE (KEY letters, digits, _; VALUE without spaces), got `{text}`"
        )),
    }
}

/// `MS` for both engines or `MS,MS` for the first and the second.
fn pair(flag: &str, text: &str) -> Result<[u64; 2], String> {
    match text.split_once(',') {
        Some((first, second)) => Ok([number(flag, first)?, number(flag, second)?]),
        None => number(flag, text).map(|both| [both, both]),
    }
}

fn positive(flag: &str, text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "{flag}: expected a positive whole number, got `{text}`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_full_command_line_is_read() {
        let Ok(Command::Match(config)) = parse(&args(
            "--engine a.rs --engine=cmd:pbrain-x --referee r.rs --games 81 --tc-move 100,400 \
             --tc-game 5000 --memory-mb 64 --concurrency 2 --sprt 0,5,0.05,0.1 --json m.json \
             --info rule=1 --info=Rule=4 --info caution_factor=2",
        )) else {
            panic!("not parsed");
        };
        assert_eq!(
            config.engines,
            ["a.rs".to_string(), "cmd:pbrain-x".to_string()]
        );
        assert_eq!(config.rounds, Some(41));
        assert_eq!(config.limits[0].move_ms, 100);
        assert_eq!(config.limits[1].move_ms, 400);
        assert_eq!(config.limits[0].game_ms, 5000);
        assert_eq!(config.limits[1].game_ms, 5000);
        assert_eq!(config.limits[1].memory_bytes, 64 << 20);
        assert_eq!(config.concurrency, 2);
        assert_eq!(config.sprt.map(|s| s.beta), Some(0.1));
        assert_eq!(config.json, Some(PathBuf::from("m.json")));
        let info = |k: &str, v: &str| (k.to_string(), v.to_string());
        assert_eq!(
            config.info,
            [info("rule", "4"), info("caution_factor", "2")],
            "keys are lowered, and a repeated key keeps its last value"
        );
    }

    #[test]
    fn engines_may_be_named() {
        assert_eq!(split_name("seed=cmd:a b"), (Some("seed"), "cmd:a b"));
        assert_eq!(split_name("figrid-1.2=x.rs"), (Some("figrid-1.2"), "x.rs"));
        assert_eq!(split_name("cmd:prog --opt=1"), (None, "cmd:prog --opt=1"));
        assert_eq!(split_name("dir/a=b.rs"), (None, "dir/a=b.rs"));
        assert_eq!(split_name("=x.rs"), (None, "=x.rs"));
    }

    #[test]
    fn mistakes_are_named() {
        let error = |text: &str| parse(&args(text)).unwrap_err();
        assert!(error("--engine a.rs --referee r.rs").contains("--engine twice"));
        assert!(error("--engine a --engine b").contains("--referee"));
        assert!(error("--engine a --engine b --referee r --games 0").contains("positive"));
        assert!(error("--engine a --engine b --referee r --tc-move x").contains("whole number"));
        assert!(error("--engine a --engine b --referee r --tc-move 0").contains("clock"));
        assert!(error("--engine a --engine b --referee r --bogus").contains("unknown"));
        assert!(error("--engine").contains("--engine needs a value"));
        for bad in ["rule", "rule=", "=4", "ru le=4", "rule=4 5", "rule:4"] {
            let mut line = args("--engine a --engine b --referee r --info");
            line.push(bad.to_string());
            assert!(parse(&line).unwrap_err().contains("KEY=VALUE"), "{bad}");
        }
        assert_eq!(parse(&args("--engine a --help")), Ok(Command::Help));
    }
}
