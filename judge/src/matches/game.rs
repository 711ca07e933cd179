//! One game: two piskvork engines and the referee, the clocks, and how the game ended.
//!
//! The judge knows no rules: the referee program (one process per game, the line protocol of
//! `MATCHES.md`) places the opening, and judges every move `ok` / `illegal` / `win` / `draw`. The judge
//! forwards what the engines say, keeps their clocks on wall time, and turns a late move, a crash, a
//! malformed reply or a memory overrun into a loss with its reason. The engine whose turn it is not is
//! frozen (every process of it stopped), so wall time is fair: a hostile engine cannot spend the
//! machine's cores while its opponent's clock runs, nor think on its opponent's time.

use super::engine_process::{Launch, Process, Received};
use std::time::{Duration, Instant};

/// The clocks and limits of one engine (each engine of a match may have its own clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time for one move (piskvork `timeout_turn`), 0 = none.
    pub move_ms: u64,
    /// Time for all of an engine's moves in a game (`timeout_match`), 0 = none.
    pub game_ms: u64,
    /// Grace above either clock before a move counts as late (pipes, scheduling on a busy machine).
    pub margin_ms: u64,
    /// `max_memory`, enforced on the engine's peak resident memory after each move; 0 = none.
    pub memory_bytes: u64,
}

/// The time an engine gets to answer `START` (loading tables, a Python interpreter).
const START_MS: u64 = 10_000;
/// Time the referee gets for any reply: it is trusted code, so a slow one is the judge's error.
const REFEREE_MS: u64 = 10_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    fn index(self) -> usize {
        self as usize
    }

    fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "Black",
            Colour::White => "White",
        }
    }
}

/// Who won a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Colour),
    Draw,
}

impl Outcome {
    /// PGN-style result: Black's score first.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Win(Colour::Black) => "1-0",
            Outcome::Win(Colour::White) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

/// Everything about a finished game: enough to replay it through the referee.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The board's size, as the referee placed the opening (0 when it said something else than a number).
    pub size: usize,
    pub opening: String,
    /// The opening's stones as the referee placed them, Black first.
    pub opening_moves: Vec<String>,
    /// The engines' legal moves after the opening, in order (the side to move after the opening first).
    pub moves: Vec<String>,
    /// Wall time of each of those moves, and of a final illegal or late one.
    pub move_ms: Vec<u64>,
    /// The colour that played `moves[0]`.
    pub first_mover: Colour,
    pub outcome: Outcome,
    pub reason: String,
}

/// The two engines, by colour, the referee, and the match's extra INFO keys (`--info`).
pub struct Players<'a> {
    pub black: &'a Launch,
    pub white: &'a Launch,
    pub referee: &'a Launch,
    pub info: &'a [(String, String)],
}

/// A player in a game: its process (if it started) and its clock.
struct Seat {
    process: Process,
    used_ms: u64,
    started: bool,
    limits: Limits,
}

/// Plays one game from `opening`, `limits[0]` Black's and `limits[1]` White's. `Err` is the judge's own
/// failure (a program that cannot be started, a referee that rejects the opening or breaks its protocol);
/// whatever an engine does is in the `Record`.
pub fn play(opening: &str, players: &Players, limits: &[Limits; 2]) -> Result<Record, String> {
    let mut referee = Process::spawn(players.referee, 0).map_err(|e| e.to_string())?;
    let (size, opening_moves) = place_opening(&mut referee, opening)?;
    let first_mover = if opening_moves.len() % 2 == 0 {
        Colour::Black
    } else {
        Colour::White
    };
    let mut record = Record {
        size: size.parse().unwrap_or(0),
        opening: opening.to_string(),
        opening_moves,
        moves: Vec::new(),
        move_ms: Vec::new(),
        first_mover,
        outcome: Outcome::Draw,
        reason: String::new(),
    };
    let mut seats = Vec::new();
    for (colour, launch) in [
        (Colour::Black, players.black),
        (Colour::White, players.white),
    ] {
        let limits = limits[colour.index()];
        let process = Process::spawn(launch, limits.memory_bytes).map_err(|e| e.to_string())?;
        seats.push(Seat {
            process,
            used_ms: 0,
            started: false,
            limits,
        });
        let info = info_lines(&limits, players.info);
        if let Err(reason) = start_engine(&mut seats[colour.index()].process, &size, &info) {
            return Ok(finish(record, Outcome::Win(colour.other()), reason));
        }
        // Until its first turn: its opponent starts on a machine it does not share.
        seats[colour.index()].process.freeze();
    }
    let mut mover = first_mover;
    loop {
        let seat = &mut seats[mover.index()];
        let request = move_request(seat, &record, mover);
        let (text, elapsed_ms) = match ask_move(seat, &request) {
            Ok(answer) => answer,
            Err((reason, elapsed_ms)) => {
                record.move_ms.push(elapsed_ms);
                return Ok(finish(record, Outcome::Win(mover.other()), reason));
            }
        };
        record.move_ms.push(elapsed_ms);
        seat.used_ms += elapsed_ms;
        if let Some(reason) = over_limits(seat, elapsed_ms) {
            return Ok(finish(record, Outcome::Win(mover.other()), reason));
        }
        let verdict = ask(&mut referee, &format!("move {text}"))?;
        let (word, detail) = verdict.split_once(' ').unwrap_or((&verdict, ""));
        match word {
            "ok" => record.moves.push(text),
            "win" => {
                record.moves.push(text);
                return Ok(finish(record, Outcome::Win(mover), "five".to_string()));
            }
            "draw" => {
                record.moves.push(text);
                return Ok(finish(record, Outcome::Draw, "board full".to_string()));
            }
            "illegal" => {
                // The referee's detail may quote the move back.
                let reason = format!("illegal move `{}`: {}", shown(&text), shown(detail));
                return Ok(finish(record, Outcome::Win(mover.other()), reason));
            }
            _ => {
                return Err(format!(
                    "referee: expected ok, illegal, win or draw, got `{verdict}`"
                ))
            }
        }
        mover = mover.other();
    }
}

fn finish(mut record: Record, outcome: Outcome, reason: String) -> Record {
    record.outcome = outcome;
    record.reason = reason;
    record
}

/// Sends the opening; returns the board size line's argument and the opening's stones.
fn place_opening(referee: &mut Process, opening: &str) -> Result<(String, Vec<String>), String> {
    let size_line = ask(referee, &format!("opening {opening}"))?;
    let size = match size_line.split_once(' ') {
        Some(("size", size)) => size.to_string(),
        Some(("error", reason)) => return Err(format!("opening `{opening}`: {reason}")),
        _ => return Err(format!("referee: expected `size N`, got `{size_line}`")),
    };
    let moves_line = wait_line(referee, REFEREE_MS)?;
    let mut words = moves_line.split_whitespace();
    if words.next() != Some("moves") {
        return Err(format!("referee: expected `moves …`, got `{moves_line}`"));
    }
    Ok((size, words.map(str::to_string).collect()))
}

/// One line to the referee, its one-line reply.
fn ask(referee: &mut Process, line: &str) -> Result<String, String> {
    referee
        .send(line)
        .map_err(|e| format!("referee: cannot send `{line}`: {e}"))?;
    wait_line(referee, REFEREE_MS)
}

fn wait_line(referee: &mut Process, wait_ms: u64) -> Result<String, String> {
    match referee.receive(Instant::now() + Duration::from_millis(wait_ms)) {
        Received::Line(line) => Ok(line),
        Received::Closed => Err(format!("referee ended ({})", referee.exit_description())),
        Received::TimedOut => Err(format!("referee: no reply within {wait_ms} ms")),
    }
}

/// The INFO lines that stay fixed for a game: the clocks and memory, then `game_type 1` and `rule 0`
/// unless `extra` (`--info`) gives those keys, then the rest of `extra` in order.
fn info_lines(limits: &Limits, extra: &[(String, String)]) -> Vec<String> {
    let mut keys = vec![
        ("timeout_turn", limits.move_ms.to_string()),
        ("timeout_match", limits.game_ms.to_string()),
        ("max_memory", limits.memory_bytes.to_string()),
    ];
    for (key, default) in [("game_type", "1"), ("rule", "0")] {
        if !extra.iter().any(|(k, _)| k == key) {
            keys.push((key, default.to_string()));
        }
    }
    keys.extend(extra.iter().map(|(k, v)| (k.as_str(), v.clone())));
    keys.iter()
        .map(|(key, value)| format!("INFO {key} {value}"))
        .collect()
}

/// `START`, then the INFO lines. `Err` is the engine's loss reason.
fn start_engine(engine: &mut Process, size: &str, info: &[String]) -> Result<(), String> {
    let sent = engine.send(&format!("START {size}"));
    let deadline = Instant::now() + Duration::from_millis(START_MS);
    let reply = match sent.map(|()| next_reply(engine, deadline)) {
        Err(_) | Ok(Received::Closed) => {
            return Err(format!("crashed at START ({})", engine.exit_description()))
        }
        Ok(Received::TimedOut) => {
            return Err(format!(
                "no reply to START within {START_MS} ms (a piskvork engine answers each command on a line of its \
                 own and flushes it; a program that reads all its input first waits forever)"
            ))
        }
        Ok(Received::Line(line)) => line,
    };
    if reply != "OK" {
        return Err(format!("answered `{}` to START {size}", shown(&reply)));
    }
    for line in info {
        engine
            .send(line)
            .map_err(|_| format!("crashed after START ({})", engine.exit_description()))?;
    }
    Ok(())
}

/// The lines that ask `seat` for a move: `BEGIN` on an empty board, `BOARD` with every stone the first
/// time it moves otherwise, `TURN` with the opponent's last move after that.
fn move_request(seat: &mut Seat, record: &Record, mover: Colour) -> Vec<String> {
    let all: Vec<&String> = record.opening_moves.iter().chain(&record.moves).collect();
    if seat.started {
        return vec![format!("TURN {}", all.last().map_or("", |m| m.as_str()))];
    }
    seat.started = true;
    if all.is_empty() {
        return vec!["BEGIN".to_string()];
    }
    let mut lines = vec!["BOARD".to_string()];
    for (index, stone) in all.iter().enumerate() {
        // Stones alternate from Black's first; 1 = the mover's own, 2 = the opponent's.
        let colour = if index % 2 == 0 {
            Colour::Black
        } else {
            Colour::White
        };
        lines.push(format!("{stone},{}", if colour == mover { 1 } else { 2 }));
    }
    lines.push("DONE".to_string());
    lines
}

/// Sends `time_left` and the request; the engine's answer and its wall time, or the loss reason and the
/// time spent.
fn ask_move(seat: &mut Seat, request: &[String]) -> Result<(String, u64), (String, u64)> {
    let limits = seat.limits;
    let time_left = if limits.game_ms > 0 {
        limits.game_ms.saturating_sub(seat.used_ms)
    } else {
        // No game clock: piskvork managers send a huge value rather than none.
        i32::MAX as u64
    };
    let mut allowed_ms = match (limits.move_ms, limits.game_ms) {
        (0, _) => time_left,
        (turn, 0) => turn,
        (turn, _) => turn.min(time_left),
    };
    allowed_ms = allowed_ms.saturating_add(limits.margin_ms);
    let engine = &mut seat.process;
    let crashed = |engine: &mut Process| format!("crashed ({})", engine.exit_description());
    // What it wrote after its last answer, before it is asked again (a second move, a guess at the next
    // one), is no answer to this request: taken as one, it would be a move made before the opponent's
    // was known, on no clock. Its asides may come any time.
    loop {
        match engine.receive(Instant::now()) {
            Received::Line(line) if is_aside(&line) => continue,
            Received::Line(line) => {
                let reason = format!(
                    "wrote more than one answer: `{}` came when no move was asked (a piskvork engine \
                     answers each request with one line)",
                    shown(&line)
                );
                return Err((reason, 0));
            }
            Received::Closed => return Err((crashed(engine), 0)),
            Received::TimedOut => break,
        }
    }
    engine.thaw();
    if engine.send(&format!("INFO time_left {time_left}")).is_err() {
        return Err((crashed(engine), 0));
    }
    let started = Instant::now();
    for line in request {
        if engine.send(line).is_err() {
            return Err((crashed(engine), 0));
        }
    }
    let reply = next_reply(engine, started + Duration::from_millis(allowed_ms));
    // Its turn is over (whatever the reply): frozen until the next one.
    engine.freeze();
    // Up to the moment the move reached the judge, not the moment this thread got to it.
    let answered = match reply {
        Received::Line(_) => engine.last_arrival().unwrap_or_else(Instant::now),
        _ => Instant::now(),
    };
    let elapsed_ms = answered.saturating_duration_since(started).as_millis() as u64;
    match reply {
        Received::Line(text) => Ok((text, elapsed_ms)),
        Received::Closed => Err((crashed(engine), elapsed_ms)),
        Received::TimedOut => Err((
            format!("time forfeit: no move within {allowed_ms} ms (limit and margin)"),
            elapsed_ms,
        )),
    }
}

/// The next line that is not a `MESSAGE`/`DEBUG` aside or empty.
fn next_reply(engine: &mut Process, deadline: Instant) -> Received {
    loop {
        match engine.receive(deadline) {
            Received::Line(line) if is_aside(&line) => continue,
            other => return other,
        }
    }
}

fn is_aside(line: &str) -> bool {
    line.is_empty() || line.starts_with("MESSAGE") || line.starts_with("DEBUG")
}

/// What an engine said, as a loss reason quotes it: its first 60 characters, and how long it was past
/// them (a line may be 64 KiB: a reason is read on a terminal and kept in every record).
fn shown(text: &str) -> String {
    const SHOWN_CHARS: usize = 60;
    match text.char_indices().nth(SHOWN_CHARS) {
        Some((cut, _)) => format!("{}… ({} bytes)", &text[..cut], text.len()),
        None => text.to_string(),
    }
}

/// A loss reason if the move that took `elapsed_ms` broke the game clock or the memory limit.
fn over_limits(seat: &Seat, elapsed_ms: u64) -> Option<String> {
    let limits = &seat.limits;
    if limits.move_ms > 0 && elapsed_ms > limits.move_ms + limits.margin_ms {
        return Some(format!(
            "time forfeit: move took {elapsed_ms} ms, limit {} ms",
            limits.move_ms
        ));
    }
    if limits.game_ms > 0 && seat.used_ms > limits.game_ms + limits.margin_ms {
        return Some(format!(
            "time forfeit: game clock {} ms used of {} ms",
            seat.used_ms, limits.game_ms
        ));
    }
    let peak_kib = seat.process.peak_memory_kib();
    if limits.memory_bytes > 0 && peak_kib * 1024 > limits.memory_bytes {
        return Some(format!(
            "memory: peak {} MiB over the limit {} MiB",
            peak_kib / 1024,
            limits.memory_bytes >> 20
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asides_and_blank_lines_are_skipped() {
        assert!(is_aside("MESSAGE thinking"));
        assert!(is_aside("DEBUG depth 5"));
        assert!(is_aside(""));
        assert!(!is_aside("7,7"));
        assert!(!is_aside("UNKNOWN"));
    }

    #[test]
    fn info_lines_take_the_extra_keys_and_their_values_replace_the_defaults() {
        let limits = Limits {
            move_ms: 200,
            game_ms: 0,
            margin_ms: 50,
            memory_bytes: 1 << 20,
        };
        let fixed = [
            "INFO timeout_turn 200",
            "INFO timeout_match 0",
            "INFO max_memory 1048576",
        ];
        let plain = info_lines(&limits, &[]);
        assert_eq!(plain[..3], fixed);
        assert_eq!(plain[3..], ["INFO game_type 1", "INFO rule 0"]);
        let extra = [
            ("rule".to_string(), "4".to_string()),
            ("caution_factor".to_string(), "2".to_string()),
        ];
        let renju = info_lines(&limits, &extra);
        assert_eq!(renju[..3], fixed);
        assert_eq!(
            renju[3..],
            ["INFO game_type 1", "INFO rule 4", "INFO caution_factor 2"]
        );
    }

    #[test]
    fn what_an_engine_said_is_quoted_short() {
        assert_eq!(shown("7,7"), "7,7");
        let long = "x".repeat(70_000);
        assert_eq!(shown(&long), format!("{}… (70000 bytes)", "x".repeat(60)));
        // Cut between characters, never inside one.
        let wide = "é".repeat(100);
        assert_eq!(shown(&wide), format!("{}… (200 bytes)", "é".repeat(60)));
    }

    #[test]
    fn results_read_black_first() {
        assert_eq!(Outcome::Win(Colour::Black).result(), "1-0");
        assert_eq!(Outcome::Win(Colour::White).result(), "0-1");
        assert_eq!(Outcome::Draw.result(), "1/2-1/2");
    }
}
