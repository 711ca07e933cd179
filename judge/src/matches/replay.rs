//! `judge match --replay FILE --referee SPEC`: plays every recorded game (`--record`) again through the
//! referee and checks that it ends as recorded, proving the records are complete and replayable.

use super::engine_process::{Launch, Process, Received};
use super::game::{Colour, Outcome, Record};
use super::report::Game;
use std::time::{Duration, Instant};

/// What a record line holds that a replay and a page need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub game: String,
    pub opening: String,
    pub black: String,
    pub white: String,
    pub opening_moves: Vec<String>,
    pub moves: Vec<String>,
    pub move_ms: Vec<u64>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    pub reason: String,
}

/// Reads the fields a replay needs from one record line (the format `report::record_line` writes).
pub fn parse_record(line: &str) -> Result<Recorded, String> {
    let text = |key: &str| -> Result<String, String> {
        let at = value_start(line, key)?;
        parse_string(&line[at..]).map(|(s, _)| s)
    };
    let list = |key: &str| -> Result<Vec<String>, String> {
        let at = value_start(line, key)?;
        parse_strings(&line[at..])
    };
    let game_at = value_start(line, "game")?;
    let game: String = line[game_at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let ms_at = value_start(line, "move_ms")?;
    let ms_list = line[ms_at..]
        .strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .ok_or("expected an array of numbers")?
        .0;
    let move_ms = ms_list
        .split(',')
        .filter(|n| !n.trim().is_empty())
        .map(|n| n.trim().parse().map_err(|_| format!("bad move time `{n}`")))
        .collect::<Result<_, _>>()?;
    Ok(Recorded {
        game,
        opening: text("opening")?,
        black: text("black")?,
        white: text("white")?,
        opening_moves: list("opening_moves")?,
        moves: list("moves")?,
        move_ms,
        result: text("result")?,
        reason: text("reason")?,
    })
}

/// A recorded game as the match's reports hold it, on a board of `size`; `first` is the first engine's
/// name (the match's results are its). `None` for a record whose number or result is not one.
pub fn game(recorded: &Recorded, size: usize, first: &str) -> Option<Game> {
    let number = recorded.game.parse::<usize>().ok()?.checked_sub(1)?;
    let outcome = match recorded.result.as_str() {
        "1-0" => Outcome::Win(Colour::Black),
        "0-1" => Outcome::Win(Colour::White),
        "1/2-1/2" => Outcome::Draw,
        _ => return None,
    };
    let first_engine = if recorded.black == first {
        Colour::Black
    } else {
        Colour::White
    };
    Some(Game {
        number,
        first_engine,
        record: Record {
            size,
            opening: recorded.opening.clone(),
            opening_moves: recorded.opening_moves.clone(),
            moves: recorded.moves.clone(),
            move_ms: recorded.move_ms.clone(),
            first_mover: if recorded.opening_moves.len() % 2 == 0 {
                Colour::Black
            } else {
                Colour::White
            },
            outcome,
            reason: recorded.reason.clone(),
        },
    })
}

/// Where the value of `"key":` starts.
fn value_start(line: &str, key: &str) -> Result<usize, String> {
    let pattern = format!("\"{key}\":");
    line.find(&pattern)
        .map(|at| at + pattern.len())
        .ok_or_else(|| format!("no \"{key}\" in the record"))
}

/// A JSON string at the start of `text`: its value and the bytes it took.
fn parse_string(text: &str) -> Result<(String, usize), String> {
    let mut chars = text.char_indices();
    if chars.next().map(|(_, c)| c) != Some('"') {
        return Err("expected a string".to_string());
    }
    let mut value = String::new();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Ok((value, at + 1)),
            '\\' => match chars.next().map(|(_, c)| c) {
                Some('n') => value.push('\n'),
                Some('r') => value.push('\r'),
                Some('t') => value.push('\t'),
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).map(|(_, c)| c).collect();
                    let code = u32::from_str_radix(&hex, 16).map_err(|_| "bad \\u escape")?;
                    value.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                }
                Some(other) => value.push(other),
                None => break,
            },
            c => value.push(c),
        }
    }
    Err("unterminated string".to_string())
}

/// A JSON array of strings at the start of `text`.
fn parse_strings(text: &str) -> Result<Vec<String>, String> {
    let mut rest = text.strip_prefix('[').ok_or("expected an array")?;
    let mut items = Vec::new();
    loop {
        rest = rest.trim_start_matches([',', ' ']);
        if rest.starts_with(']') {
            return Ok(items);
        }
        let (item, used) = parse_string(rest)?;
        items.push(item);
        rest = &rest[used..];
    }
}

/// Replays one game; `Err` says where the referee disagrees with the record. `Ok` holds the board's size
/// as the referee set it up (0 if it said no number).
pub fn replay(referee: &Launch, game: &Recorded) -> Result<usize, String> {
    let mut process = Process::spawn(referee, 0).map_err(|e| e.to_string())?;
    let mut ask = |line: Option<&str>| -> Result<String, String> {
        if let Some(line) = line {
            process
                .send(line)
                .map_err(|e| format!("referee: cannot send `{line}`: {e}"))?;
        }
        match process.receive(Instant::now() + Duration::from_secs(10)) {
            Received::Line(reply) => Ok(reply),
            _ => Err(format!(
                "referee: no reply to `{}`",
                line.unwrap_or("opening")
            )),
        }
    };
    let size = ask(Some(&format!("opening {}", game.opening)))?;
    let Some(size) = size.strip_prefix("size ") else {
        return Err(format!("opening: the referee says `{size}`"));
    };
    let size = size.trim().parse().unwrap_or(0);
    // The opening's second line: its stones.
    let placed = ask(None)?;
    let stones: Vec<&str> = placed.split_whitespace().skip(1).collect();
    if stones != game.opening_moves {
        return Err(format!(
            "opening placed as `{placed}`, recorded {:?}",
            game.opening_moves
        ));
    }
    for (index, text) in game.moves.iter().enumerate() {
        let verdict = ask(Some(&format!("move {text}")))?;
        let last = index + 1 == game.moves.len();
        let expected = match game.reason.as_str() {
            "five" if last => "win",
            "board full" if last => "draw",
            _ => "ok",
        };
        if verdict != expected {
            return Err(format!(
                "move {} `{text}`: referee says `{verdict}`, expected `{expected}`",
                index + 1
            ));
        }
    }
    Ok(size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::report::record_line;

    #[test]
    fn a_written_record_reads_back() {
        let game = Game {
            number: 4,
            first_engine: Colour::Black,
            record: Record {
                size: 15,
                opening: "h8".to_string(),
                opening_moves: vec!["7,7".to_string()],
                moves: vec!["8,8".to_string(), "a \"quoted\"\tmove\\".to_string()],
                move_ms: vec![3, 4],
                first_mover: Colour::White,
                outcome: Outcome::Win(Colour::Black),
                reason: "illegal move `x`: expected X,Y".to_string(),
            },
        };
        let line = record_line(&game, &["a".to_string(), "b".to_string()]);
        let read = parse_record(&line).unwrap();
        assert_eq!(read.game, "5");
        assert_eq!(read.opening, "h8");
        assert_eq!(read.opening_moves, ["7,7"]);
        assert_eq!(read.moves, ["8,8", "a \"quoted\"\tmove\\"]);
        assert_eq!(read.reason, "illegal move `x`: expected X,Y");
        assert_eq!((read.black.as_str(), read.white.as_str()), ("a", "b"));
        assert_eq!(
            (&read.move_ms[..], read.result.as_str()),
            (&[3, 4][..], "1-0")
        );
        // Back to the game it was: its number, which colour the first engine had, the board's size.
        assert_eq!(super::game(&read, 15, "a"), Some(game.clone()));
        assert!(parse_record("{\"game\":1}").is_err());
    }
}
