//! What a match prints and writes: the tally of finished games, a live line per game, the fastchess-style
//! summary, a JSON line per game (replayable) and the JSON summary. Pure.

use super::game::{Colour, Outcome, Record};
use super::stats::{self, Decision, EloEstimate, Pentanomial, Sprt, Wdl};
use crate::report::json::string;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One finished game and its place in the match.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// 0-based; games 2k and 2k+1 are round k, the same opening with colours swapped.
    pub number: usize,
    /// The colour the first engine played.
    pub first_engine: Colour,
    pub record: Record,
}

impl Game {
    pub fn round(&self) -> usize {
        self.number / 2
    }

    /// The first engine's points: 1, ½ or 0.
    pub fn first_points(&self) -> f64 {
        match self.record.outcome {
            Outcome::Draw => 0.5,
            Outcome::Win(colour) if colour == self.first_engine => 1.0,
            Outcome::Win(_) => 0.0,
        }
    }
}

/// The running totals, from the first engine's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub names: [String; 2],
    pub wdl: Wdl,
    pub pentanomial: Pentanomial,
    /// Games lost by each engine, by the kind of reason ("five", "time forfeit", …).
    pub losses_by_reason: [BTreeMap<String, u64>; 2],
    pub draws_by_reason: BTreeMap<String, u64>,
    /// Moves each engine played (legal or not) and their summed wall time.
    pub moves: [u64; 2],
    pub move_ms: [u64; 2],
    /// The first engine's points in each round with one game finished, waiting for the other.
    half_rounds: BTreeMap<usize, f64>,
}

impl Tally {
    pub fn new(names: [String; 2]) -> Tally {
        Tally {
            names,
            ..Tally::default()
        }
    }

    /// Counts a finished game; `true` if it completed its opening pair.
    pub fn add(&mut self, game: &Game) -> bool {
        let points = game.first_points();
        let (wdl, record) = (&mut self.wdl, &game.record);
        let class = reason_class(&record.reason).to_string();
        match record.outcome {
            Outcome::Draw => {
                wdl.draws += 1;
                *self.draws_by_reason.entry(class).or_default() += 1;
            }
            Outcome::Win(winner) => {
                let loser = usize::from(winner == game.first_engine);
                if loser == 1 {
                    wdl.wins += 1;
                } else {
                    wdl.losses += 1;
                }
                *self.losses_by_reason[loser].entry(class).or_default() += 1;
            }
        }
        for (index, &ms) in record.move_ms.iter().enumerate() {
            let colour = if index % 2 == 0 {
                record.first_mover
            } else {
                other(record.first_mover)
            };
            let engine = usize::from(colour != game.first_engine);
            self.moves[engine] += 1;
            self.move_ms[engine] += ms;
        }
        match self.half_rounds.remove(&game.round()) {
            Some(earlier) => {
                self.pentanomial[stats::pentanomial_index(earlier, points)] += 1;
                true
            }
            None => {
                self.half_rounds.insert(game.round(), points);
                false
            }
        }
    }

    /// Elo with its interval: from the pairs once there are any (the paired error), else game by game.
    pub fn elo(&self) -> Option<EloEstimate> {
        let (mean, variance) = stats::pentanomial_score(&self.pentanomial)
            .or_else(|| stats::trinomial_score(&self.wdl))?;
        if variance > 0.0 {
            Some(stats::elo_interval(mean, variance))
        } else {
            stats::wilson_elo_interval(self.wdl.points(), self.wdl.games() as f64)
        }
    }

    pub fn llr(&self, sprt: &Sprt) -> f64 {
        if self.pentanomial.iter().sum::<u64>() > 0 {
            sprt.llr_pentanomial(&self.pentanomial)
        } else {
            sprt.llr_trinomial(&self.wdl)
        }
    }

    fn average_move_ms(&self, engine: usize) -> f64 {
        self.move_ms[engine] as f64 / self.moves[engine].max(1) as f64
    }
}

fn other(colour: Colour) -> Colour {
    match colour {
        Colour::Black => Colour::White,
        Colour::White => Colour::Black,
    }
}

/// The kind of a loss reason: its text before any detail (`time forfeit: …` → `time forfeit`).
pub fn reason_class(reason: &str) -> &str {
    let end = reason.find([':', '(', '`']).unwrap_or(reason.len());
    reason[..end].trim()
}

/// The line printed as a game ends.
pub fn live_line(game: &Game, total_games: usize, tally: &Tally) -> String {
    let record = &game.record;
    let (black, white) = colour_names(game, &tally.names);
    let how = match record.outcome {
        Outcome::Win(colour) => format!("{} wins", colour.name()),
        Outcome::Draw => "draw".to_string(),
    };
    let wdl = &tally.wdl;
    format!(
        "Finished game {}/{} ({black} vs {white}, opening {}): {} {{{how}: {}}}, {} moves; \
         {} W {} D {} L {}, {:.1}/{}\n",
        game.number + 1,
        total_games,
        shown_opening(&record.opening),
        record.outcome.result(),
        record.reason,
        record.move_ms.len(),
        tally.names[0],
        wdl.wins,
        wdl.draws,
        wdl.losses,
        wdl.points(),
        wdl.games(),
    )
}

fn shown_opening(opening: &str) -> &str {
    if opening.is_empty() {
        "(empty board)"
    } else {
        opening
    }
}

fn colour_names<'a>(game: &Game, names: &'a [String; 2]) -> (&'a str, &'a str) {
    match game.first_engine {
        Colour::Black => (&names[0], &names[1]),
        Colour::White => (&names[1], &names[0]),
    }
}

/// Infinite Elo (a score of 0 or 1) shows as `inf`.
fn elo_text(value: f64) -> String {
    if value.is_finite() {
        format!("{value:.2}")
    } else if value > 0.0 {
        "+inf".to_string()
    } else {
        "-inf".to_string()
    }
}

/// The fastchess-style block printed at the end (and the SPRT line when there is one).
pub fn summary(tally: &Tally, sprt: Option<&Sprt>, time_control: &str) -> String {
    let wdl = &tally.wdl;
    let mut out = format!(
        "Results of {} vs {} ({time_control}):\n",
        tally.names[0], tally.names[1]
    );
    if let Some(elo) = tally.elo() {
        // At a score of 0 or 1 the Elo and an end of the interval are infinite: no ± then.
        let error = elo.error();
        let plus_minus = if elo.elo.is_finite() && error.is_finite() {
            format!(" +/- {error:.2}")
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "Elo: {}{plus_minus} [{}, {}] (95 %, {}), LOS: {:.2} %, DrawRatio: {:.2} %",
            elo_text(elo.elo),
            elo_text(elo.lower),
            elo_text(elo.upper),
            interval_kind(tally),
            stats::los(wdl) * 100.0,
            wdl.draws as f64 * 100.0 / wdl.games().max(1) as f64,
        );
    }
    let _ = writeln!(
        out,
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({:.2} %)",
        wdl.games(),
        wdl.wins,
        wdl.losses,
        wdl.draws,
        wdl.points(),
        wdl.points() * 100.0 / wdl.games().max(1) as f64
    );
    let _ = writeln!(out, "Ptnml(0-2): {:?}", tally.pentanomial);
    if let Some(sprt) = sprt {
        let (lower, upper) = sprt.bounds();
        let llr = tally.llr(sprt);
        let _ = writeln!(
            out,
            "LLR: {llr:.2} ({lower:.2}, {upper:.2}) [{:.2}, {:.2}]{}",
            sprt.elo0,
            sprt.elo1,
            match sprt.decide(llr) {
                Decision::H0 => " H0 accepted",
                Decision::H1 => " H1 accepted",
                Decision::Continue => "",
            }
        );
    }
    for engine in 0..2 {
        let _ = writeln!(
            out,
            "{}: {:.1} ms a move over {} moves; lost by {}",
            tally.names[engine],
            tally.average_move_ms(engine),
            tally.moves[engine],
            reasons_text(&tally.losses_by_reason[engine])
        );
    }
    out
}

/// Which distribution the interval came from (see `Tally::elo`).
fn interval_kind(tally: &Tally) -> &'static str {
    let pairs = stats::pentanomial_score(&tally.pentanomial);
    match pairs.or_else(|| stats::trinomial_score(&tally.wdl)) {
        Some((_, variance)) if variance <= 0.0 => "Wilson, all outcomes alike",
        _ if pairs.is_some() => "pentanomial",
        _ => "trinomial",
    }
}

fn reasons_text(reasons: &BTreeMap<String, u64>) -> String {
    if reasons.is_empty() {
        return "nothing".to_string();
    }
    let parts: Vec<String> = reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    parts.join(", ")
}

/// One game as a JSON line (`--record`): enough to replay it through the referee.
pub fn record_line(game: &Game, names: &[String; 2]) -> String {
    let record = &game.record;
    let (black, white) = colour_names(game, names);
    let strings = |items: &[String]| -> String {
        let quoted: Vec<String> = items.iter().map(|s| string(s)).collect();
        format!("[{}]", quoted.join(","))
    };
    let times: Vec<String> = record.move_ms.iter().map(u64::to_string).collect();
    format!(
        "{{\"game\":{},\"round\":{},\"opening\":{},\"black\":{},\"white\":{},\"opening_moves\":{},\
         \"moves\":{},\"move_ms\":[{}],\"result\":{},\"reason\":{}}}\n",
        game.number + 1,
        game.round() + 1,
        string(&record.opening),
        string(black),
        string(white),
        strings(&record.opening_moves),
        strings(&record.moves),
        times.join(","),
        string(record.outcome.result()),
        string(&record.reason),
    )
}

/// A JSON number; infinity (not JSON) as null.
fn number(value: f64) -> String {
    if value.is_finite() {
        format!("{value:.4}")
    } else {
        "null".to_string()
    }
}

fn reasons_json(reasons: &BTreeMap<String, u64>) -> String {
    let parts: Vec<String> = reasons
        .iter()
        .map(|(r, n)| format!("{}:{n}", string(r)))
        .collect();
    format!("{{{}}}", parts.join(","))
}

/// The summary as JSON (`--json`).
pub fn summary_json(tally: &Tally, sprt: Option<&Sprt>, time_control: &str) -> String {
    let wdl = &tally.wdl;
    let elo = tally.elo();
    let sprt_json = sprt.map_or("null".to_string(), |sprt| {
        let llr = tally.llr(sprt);
        let (lower, upper) = sprt.bounds();
        format!(
            "{{\"elo0\":{},\"elo1\":{},\"alpha\":{},\"beta\":{},\"llr\":{},\"lower\":{},\"upper\":{},\
             \"decision\":{}}}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            number(llr),
            number(lower),
            number(upper),
            string(match sprt.decide(llr) {
                Decision::H0 => "H0",
                Decision::H1 => "H1",
                Decision::Continue => "none",
            })
        )
    });
    let engines: Vec<String> = (0..2)
        .map(|e| {
            format!(
                "{{\"name\":{},\"moves\":{},\"average_move_ms\":{},\"losses_by_reason\":{}}}",
                string(&tally.names[e]),
                tally.moves[e],
                number(tally.average_move_ms(e)),
                reasons_json(&tally.losses_by_reason[e])
            )
        })
        .collect();
    format!(
        "{{\"engines\":[{}],\"time_control\":{},\"games\":{},\"wins\":{},\"draws\":{},\"losses\":{},\
         \"points\":{},\"score\":{},\"elo\":{},\"elo_lower\":{},\"elo_upper\":{},\"los\":{},\
         \"pentanomial\":{:?},\"draws_by_reason\":{},\"sprt\":{}}}\n",
        engines.join(","),
        string(time_control),
        wdl.games(),
        wdl.wins,
        wdl.draws,
        wdl.losses,
        wdl.points(),
        number(wdl.points() / wdl.games().max(1) as f64),
        elo.map_or("null".to_string(), |e| number(e.elo)),
        elo.map_or("null".to_string(), |e| number(e.lower)),
        elo.map_or("null".to_string(), |e| number(e.upper)),
        number(stats::los(wdl)),
        tally.pentanomial,
        reasons_json(&tally.draws_by_reason),
        sprt_json,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(number: usize, first_engine: Colour, outcome: Outcome, reason: &str) -> Game {
        Game {
            number,
            first_engine,
            record: Record {
                size: 15,
                opening: "h8".to_string(),
                opening_moves: vec!["7,7".to_string()],
                moves: vec!["8,8".to_string(), "9,9".to_string()],
                move_ms: vec![10, 30],
                first_mover: Colour::White,
                outcome,
                reason: reason.to_string(),
            },
        }
    }

    #[test]
    fn pairs_fill_the_pentanomial_when_both_games_end() {
        let mut tally = Tally::new(["a".to_string(), "b".to_string()]);
        // Round 0: a wins as Black, then loses as White: 1 point in the pair (index 2).
        assert!(!tally.add(&game(0, Colour::Black, Outcome::Win(Colour::Black), "five")));
        assert!(tally.add(&game(1, Colour::White, Outcome::Win(Colour::Black), "five")));
        // Round 1, its games finishing in reverse order: a draw and a win, 1½ points (index 3).
        assert!(!tally.add(&game(
            3,
            Colour::White,
            Outcome::Win(Colour::White),
            "time forfeit: x"
        )));
        assert!(tally.add(&game(2, Colour::Black, Outcome::Draw, "board full")));
        assert_eq!(tally.pentanomial, [0, 0, 1, 1, 0]);
        assert_eq!(
            tally.wdl,
            Wdl {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(tally.losses_by_reason[1].get("time forfeit"), Some(&1));
        assert_eq!(tally.losses_by_reason[0].get("five"), Some(&1));
        // White moved first (10 ms) in every game; a was White in games 1 and 3.
        assert_eq!(tally.moves, [4, 4]);
        assert_eq!(tally.move_ms, [80, 80]);
    }

    #[test]
    fn reasons_are_classed_by_their_head() {
        assert_eq!(reason_class("five"), "five");
        assert_eq!(reason_class("illegal move `7,7`: occupied"), "illegal move");
        assert_eq!(reason_class("crashed (exit code 101)"), "crashed");
        assert_eq!(
            reason_class("time forfeit: move took 300 ms"),
            "time forfeit"
        );
    }

    #[test]
    fn a_record_line_holds_the_whole_game() {
        let line = record_line(
            &game(1, Colour::White, Outcome::Win(Colour::Black), "five"),
            &["a".to_string(), "b".to_string()],
        );
        assert_eq!(
            line,
            "{\"game\":2,\"round\":1,\"opening\":\"h8\",\"black\":\"b\",\"white\":\"a\",\
             \"opening_moves\":[\"7,7\"],\"moves\":[\"8,8\",\"9,9\"],\"move_ms\":[10,30],\
             \"result\":\"1-0\",\"reason\":\"five\"}\n"
        );
    }
}
