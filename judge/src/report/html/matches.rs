//! The page of a match: the score, Elo with its interval, the pentanomial counts, the SPRT's state, each
//! engine's time per move and losses; every game with its opening, result and reason; and a board
//! replay — an SVG board, stones numbered, first / back / forward / last and the arrow keys — ending on
//! the winning five, or on the illegal move (a renju foul) that lost, marked.
//!
//! The judge knows no rules (the referee does): the page reads moves as piskvork's `X,Y` points on the
//! board the referee set up, finds the five as the longest line through the winning stone, and takes the
//! point of an illegal move from the referee's reason (`illegal move `7,7`: a double three`).

use super::{escape, page};
use crate::matches::game::{Colour, Outcome};
use crate::matches::report::{self, Game, Tally};
use crate::matches::stats::{Decision, Sprt};
use std::fmt::Write;

/// A finished (or stopped) match.
pub struct Played<'a> {
    pub command: &'a str,
    pub tally: &'a Tally,
    pub sprt: Option<&'a Sprt>,
    pub time_control: &'a str,
    /// The games, in any order.
    pub games: &'a [Game],
}

type Point = (usize, usize);

/// A game as the replay draws it: every stone in order (the opening's first), the illegal move's point
/// and the winning five, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub size: usize,
    pub opening: usize,
    pub stones: Vec<Point>,
    pub illegal: Option<Point>,
    pub five: Vec<Point>,
}

/// A piskvork point `X,Y` on a board of `size`.
fn point(text: &str, size: usize) -> Option<Point> {
    let (x, y) = text.trim().split_once(',')?;
    let (x, y) = (x.trim().parse().ok()?, y.trim().parse().ok()?);
    (x < size && y < size).then_some((x, y))
}

/// The board of a game; `None` when its moves are not points of its board (another game's referee).
pub fn board(game: &Game) -> Option<Board> {
    let r = &game.record;
    let size = r.size;
    if size == 0 || size > 64 {
        return None;
    }
    let stones: Vec<Point> = r
        .opening_moves
        .iter()
        .chain(&r.moves)
        .map(|m| point(m, size))
        .collect::<Option<_>>()?;
    let illegal = r
        .reason
        .strip_prefix("illegal move `")
        .and_then(|rest| rest.split_once('`'))
        .and_then(|(text, _)| point(text, size));
    let five = if r.reason == "five" {
        five(size, &stones)
    } else {
        Vec::new()
    };
    Some(Board {
        size,
        opening: r.opening_moves.len(),
        stones,
        illegal,
        five,
    })
}

/// The longest line of the last stone's colour through it (Black's stones are the even ones), when it
/// is five or more long.
pub fn five(size: usize, stones: &[Point]) -> Vec<Point> {
    let Some(&last) = stones.last() else {
        return Vec::new();
    };
    let mut colour = vec![vec![None; size]; size];
    for (i, &(x, y)) in stones.iter().enumerate() {
        colour[y][x] = Some(i % 2);
    }
    let mine = Some((stones.len() - 1) % 2);
    let at = |x: i64, y: i64| {
        (0..size as i64).contains(&x)
            && (0..size as i64).contains(&y)
            && colour[y as usize][x as usize] == mine
    };
    let mut best = Vec::new();
    for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
        let (mut x, mut y) = (last.0 as i64, last.1 as i64);
        while at(x - dx, y - dy) {
            (x, y) = (x - dx, y - dy);
        }
        let mut line = Vec::new();
        while at(x, y) {
            line.push((x as usize, y as usize));
            (x, y) = (x + dx, y + dy);
        }
        if line.len() > best.len() {
            best = line;
        }
    }
    if best.len() >= 5 {
        best
    } else {
        Vec::new()
    }
}

/// The page.
pub fn render(m: &Played) -> String {
    let t = m.tally;
    let title = format!("judge match: {} vs {}", t.names[0], t.names[1]);
    let mut body = format!(
        "<h1>{}</h1>\n<p class=\"muted mono\">{}</p>\n<p class=\"muted\">{}</p>\n",
        escape(&title),
        escape(m.command),
        escape(m.time_control)
    );
    body += &score(m);
    let mut games: Vec<&Game> = m.games.iter().collect();
    games.sort_by_key(|g| g.number);
    let boards: Vec<Option<Board>> = games.iter().map(|g| board(g)).collect();
    body += "<div class=\"play\">\n<section class=\"replay\">\n<h2>replay</h2>\n";
    body += &board_svg(boards.iter().flatten().next().map_or(15, |b| b.size));
    body += "<p class=\"controls\"><button id=\"first\" title=\"first (Home)\">|◀ first</button> \
             <button id=\"back\" title=\"back (←)\">◀ back</button> \
             <button id=\"forward\" title=\"forward (→)\">forward ▶</button> \
             <button id=\"last\" title=\"last (End)\">last ▶|</button></p>\n\
             <p id=\"where\" class=\"mono\" aria-live=\"polite\"></p><p id=\"end\"></p>\n\
             <p class=\"muted\">stones are numbered in the order played, the opening's paler; the last move \
             is ringed; a line runs through the winning five; × marks the illegal move (a renju foul) that \
             lost. Keys: ← → Home End.</p>\n</section>\n";
    body += &games_table(&games, &boards, &t.names);
    body += "</div>\n";
    let mut data = String::from("var GAMES=[");
    for b in &boards {
        data += &match b {
            Some(b) => game_data(b),
            None => "null".to_string(),
        };
        data.push(',');
    }
    data += "];\n";
    page(&title, STYLE, &body, &(data + SCRIPT))
}

/// The score, Elo, pentanomial counts, SPRT and each engine's figures.
fn score(m: &Played) -> String {
    let t = m.tally;
    let wdl = &t.wdl;
    let games = wdl.games().max(1) as f64;
    let mut out = format!(
        "<p class=\"score\"><b>{}</b> {} wins · {} draws · {} losses · {:.1} of {} points ({:.1} %)</p>\n",
        escape(&t.names[0]),
        wdl.wins,
        wdl.draws,
        wdl.losses,
        wdl.points(),
        wdl.games(),
        wdl.points() * 100.0 / games
    );
    if let Some(elo) = t.elo() {
        let show = |v: f64| {
            if v.is_finite() {
                format!("{v:.1}")
            } else if v > 0.0 {
                "+∞".into()
            } else {
                "−∞".into()
            }
        };
        let _ = writeln!(
            out,
            "<p class=\"score\">Elo <b>{}</b> [{}, {}] (95 %) · LOS {:.1} %</p>",
            show(elo.elo),
            show(elo.lower),
            show(elo.upper),
            crate::matches::stats::los(wdl) * 100.0
        );
    }
    out += "<div class=\"figures\">\n";
    out += &pentanomial(&t.pentanomial);
    if let Some(sprt) = m.sprt {
        out += &sprt_gauge(sprt, t.llr(sprt));
    }
    out += "<table class=\"list\"><tr><th>engine</th><th class=\"n\">moves</th><th class=\"n\">ms a move</th><th>lost by</th></tr>\n";
    for e in 0..2 {
        let reasons: Vec<String> = t.losses_by_reason[e]
            .iter()
            .map(|(r, n)| format!("{} {n}", escape(r)))
            .collect();
        let _ = writeln!(
            out,
            "<tr><td class=\"mono\">{}</td><td class=\"n\">{}</td><td class=\"n\">{:.1}</td><td>{}</td></tr>",
            escape(&t.names[e]),
            t.moves[e],
            t.move_ms[e] as f64 / t.moves[e].max(1) as f64,
            if reasons.is_empty() { "nothing".to_string() } else { reasons.join(", ") }
        );
    }
    out += "</table>\n</div>\n";
    let _ = writeln!(
        out,
        "<details><summary>the summary as printed</summary><pre>{}</pre></details>",
        escape(&report::summary(t, m.sprt, m.time_control))
    );
    out
}

/// Opening pairs by the first engine's points: a bar each for 0, ½, 1, 1½, 2.
fn pentanomial(counts: &[u64; 5]) -> String {
    let most = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let mut out = String::from(
        "<svg class=\"ptnml\" viewBox=\"0 0 200 96\" width=\"200\" height=\"96\" role=\"img\">\
         <title>opening pairs by the first engine's points in the pair</title>",
    );
    for (i, (&n, label)) in counts.iter().zip(["0", "½", "1", "1½", "2"]).enumerate() {
        let h = 56.0 * n as f64 / most;
        let x = 10.0 + i as f64 * 38.0;
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{:.1}\" width=\"28\" height=\"{h:.1}\"/><text x=\"{:.0}\" y=\"{:.1}\">{n}</text>\
             <text x=\"{:.0}\" y=\"92\">{label}</text>",
            72.0 - h,
            x + 14.0,
            68.0 - h,
            x + 14.0
        );
    }
    out += "</svg>\n";
    format!("<figure class=\"ptnml\">{out}<figcaption>opening pairs by the first engine's points</figcaption></figure>\n")
}

/// The LLR between its bounds, and the decision.
fn sprt_gauge(sprt: &Sprt, llr: f64) -> String {
    let (lower, upper) = sprt.bounds();
    let share = ((llr - lower) / (upper - lower)).clamp(0.0, 1.0);
    let decision = match sprt.decide(llr) {
        Decision::H0 => "H0 accepted",
        Decision::H1 => "H1 accepted",
        Decision::Continue => "undecided",
    };
    format!(
        "<div class=\"sprt\"><p>SPRT [{}, {}]: LLR {llr:.2} in ({lower:.2}, {upper:.2}): <b>{decision}</b></p>\
         <svg viewBox=\"0 0 220 18\" width=\"220\" height=\"18\" role=\"img\"><title>the LLR between the bounds</title>\
         <rect class=\"track\" x=\"0\" y=\"6\" width=\"220\" height=\"6\"/><rect class=\"knob\" x=\"{:.1}\" y=\"1\" width=\"4\" height=\"16\"/></svg></div>\n",
        sprt.elo0,
        sprt.elo1,
        share * 216.0
    )
}

/// The board: lines, coordinates (columns a…, rows 1… from the top, as the openings file names them),
/// star points; stones come from the script.
fn board_svg(size: usize) -> String {
    let cell = 30.0;
    let span = cell * (size + 1) as f64;
    let mut out = format!(
        "<svg id=\"board\" viewBox=\"0 0 {span} {span}\" role=\"img\"><title>the board</title><rect class=\"wood\" width=\"{span}\" height=\"{span}\"/><g class=\"grid\">"
    );
    let end = cell * size as f64;
    for i in 1..=size {
        let at = cell * i as f64;
        let _ = write!(out, "<path d=\"M{cell} {at}H{end}M{at} {cell}V{end}\"/>");
    }
    out += "</g><g class=\"coords\">";
    for i in 0..size {
        let at = cell * (i + 1) as f64;
        let column = if i < 26 {
            char::from(b'a' + i as u8).to_string()
        } else {
            i.to_string()
        };
        let _ = write!(
            out,
            "<text x=\"{at}\" y=\"14\">{column}</text><text x=\"12\" y=\"{:.0}\">{}</text>",
            at + 4.0,
            i + 1
        );
    }
    out += "</g>";
    if size == 15 {
        for (x, y) in [(3, 3), (11, 3), (7, 7), (3, 11), (11, 11)] {
            let _ = write!(
                out,
                "<circle class=\"star\" cx=\"{}\" cy=\"{}\" r=\"3\"/>",
                cell * (x + 1) as f64,
                cell * (y + 1) as f64
            );
        }
    }
    out += "<g id=\"under\"></g><g id=\"stones\"></g><g id=\"marks\"></g></svg>\n";
    out
}

/// The games, one row each; a row with a board opens its replay.
fn games_table(games: &[&Game], boards: &[Option<Board>], names: &[String; 2]) -> String {
    let mut out = String::from(
        "<section class=\"games\">\n<h2>games</h2>\n<div class=\"scroll list-box\"><table class=\"list\" id=\"games\">\
         <tr><th class=\"n\">#</th><th>opening</th><th>Black</th><th>White</th><th>result</th><th>reason</th><th class=\"n\">moves</th></tr>\n",
    );
    for (i, (game, board)) in games.iter().zip(boards).enumerate() {
        let r = &game.record;
        let (black, white) = match game.first_engine {
            Colour::Black => (&names[0], &names[1]),
            Colour::White => (&names[1], &names[0]),
        };
        let winner = match r.outcome {
            Outcome::Win(Colour::Black) => "Black wins",
            Outcome::Win(Colour::White) => "White wins",
            Outcome::Draw => "draw",
        };
        let _ = writeln!(
            out,
            "<tr data-i=\"{i}\"{}><td class=\"n\">{}</td><td class=\"mono\">{}</td><td>{}</td><td>{}</td>\
             <td>{} {}</td><td class=\"reason\">{}</td><td class=\"n\">{}</td></tr>",
            if board.is_some() { " tabindex=\"0\" class=\"has\"" } else { "" },
            game.number + 1,
            escape(if r.opening.is_empty() { "(empty board)" } else { &r.opening }),
            escape(black),
            escape(white),
            r.outcome.result(),
            winner,
            escape(&r.reason),
            r.moves.len()
        );
    }
    out += "</table></div>\n</section>\n";
    out
}

/// A board as the script's data: numbers only, so nothing a program wrote reaches the script.
fn game_data(b: &Board) -> String {
    let points = |ps: &[Point]| {
        let items: Vec<String> = ps.iter().map(|(x, y)| format!("[{x},{y}]")).collect();
        format!("[{}]", items.join(","))
    };
    format!(
        "{{n:{},o:{},s:{},f:{},i:{}}}",
        b.size,
        b.opening,
        points(&b.stones),
        points(&b.five),
        b.illegal
            .map_or("null".to_string(), |(x, y)| format!("[{x},{y}]"))
    )
}

const STYLE: &str = r#"
.score{font-size:16px;margin:6px 0}
.figures{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start;margin:8px 0}
figure.ptnml{margin:0}figure.ptnml figcaption{font-size:12px;color:#5c6670}.ptnml rect{fill:#2f6fd0}.ptnml text{font-size:11px;text-anchor:middle;fill:#3b444c}
.sprt svg .track{fill:#dde1e4}.sprt svg .knob{fill:#cf3b3b}.sprt p{margin:0 0 4px}
.play{display:grid;grid-template-columns:minmax(300px,560px) minmax(0,1fr);gap:20px;align-items:start}
#board{width:100%;height:auto;display:block;max-width:560px}
#board .wood{fill:#e9c887}#board .grid path{stroke:#6b5330;stroke-width:1}#board .star{fill:#6b5330}
#board .coords text{font-size:11px;fill:#4a3a20;text-anchor:middle}
#board .b{fill:#1b1b1b}#board .w{fill:#fafafa;stroke:#444;stroke-width:1}
#board text.n{font-size:11px;text-anchor:middle;font-weight:600}#board text.nb{fill:#fff}#board text.nw{fill:#111}
#board .op{opacity:.8}#board .last{fill:none;stroke:#e0322f;stroke-width:2.5}
#board .five{stroke:#e0322f;stroke-width:6;stroke-linecap:round}#board .ring{fill:none;stroke:#e0322f;stroke-width:2}
#board .foul{stroke:#e0322f;stroke-width:4;stroke-linecap:round}
.controls button{margin:2px 2px 2px 0}
#end{font-weight:600}
.list-box{max-height:70vh;overflow-y:auto}
#games tr.has{cursor:pointer}#games tr.on td{background:#fff3c4}#games td.reason{white-space:normal;min-width:16em}
#games td.mono{white-space:normal;word-break:break-all;min-width:8em}
@media (max-width:900px){.play{grid-template-columns:minmax(0,1fr)}}
"#;

const SCRIPT: &str = r##""use strict";
(function(){
var stones=document.getElementById("stones"),marks=document.getElementById("marks"),under=document.getElementById("under");
var where=document.getElementById("where"),end=document.getElementById("end"),rows=document.querySelectorAll("#games tr[data-i]");
var game=null,row=null,k=0,C=30;
// The board's own namespace: the page names no address, not even the SVG one.
var NS=document.getElementById("board").namespaceURI;
function svg(tag,attrs,text){var e=document.createElementNS(NS,tag);for(var a in attrs)e.setAttribute(a,attrs[a]);if(text!=null)e.textContent=text;return e;}
function name(p){return String.fromCharCode(97+p[0])+(p[1]+1);}
function draw(){
  stones.textContent="";marks.textContent="";under.textContent="";
  if(!game){where.textContent="no board for this game";return;}
  for(var i=0;i<k;i++){
    var p=game.s[i],x=C*(p[0]+1),y=C*(p[1]+1),black=i%2===0;
    var g=svg("g",{"class":i<game.o?"op":""});
    g.appendChild(svg("circle",{cx:x,cy:y,r:13.5,"class":black?"b":"w"}));
    g.appendChild(svg("text",{x:x,y:y+4,"class":"n "+(black?"nb":"nw")},String(i+1)));
    stones.appendChild(g);
  }
  var total=game.s.length,at=k===total;
  if(k>0){var q=game.s[k-1];marks.appendChild(svg("circle",{cx:C*(q[0]+1),cy:C*(q[1]+1),r:15.5,"class":"last"}));}
  if(at&&game.f.length){
    // The line runs under the stones and out past both ends, so their numbers stay readable.
    var a=game.f[0],b=game.f[game.f.length-1],dx=(b[0]-a[0])/(game.f.length-1),dy=(b[1]-a[1])/(game.f.length-1);
    under.appendChild(svg("line",{x1:C*(a[0]+1-0.7*dx),y1:C*(a[1]+1-0.7*dy),x2:C*(b[0]+1+0.7*dx),y2:C*(b[1]+1+0.7*dy),"class":"five"}));
    game.f.forEach(function(p){marks.appendChild(svg("circle",{cx:C*(p[0]+1),cy:C*(p[1]+1),r:15.5,"class":"ring five-stone"}));});
  }
  if(at&&game.i){
    var fx=C*(game.i[0]+1),fy=C*(game.i[1]+1);
    marks.appendChild(svg("path",{d:"M"+(fx-10)+" "+(fy-10)+"L"+(fx+10)+" "+(fy+10)+"M"+(fx+10)+" "+(fy-10)+"L"+(fx-10)+" "+(fy+10),"class":"foul"}));
  }
  var text="move "+k+" of "+total;
  if(k>0){var m=game.s[k-1];text+=" · "+((k-1)%2===0?"Black ":"White ")+m[0]+","+m[1]+" ("+name(m)+")"+(k<=game.o?" · opening":"");}
  where.textContent=text;
  end.textContent=at?row.querySelector("td:nth-child(5)").textContent+": "+row.querySelector("td.reason").textContent+(game.i?" (marked ×)":""):"";
}
function open(r){
  if(row)row.classList.remove("on");
  row=r;row.classList.add("on");game=GAMES[+r.dataset.i];k=game?game.s.length:0;draw();
}
function go(to){if(!game)return;k=Math.max(0,Math.min(game.s.length,to));draw();}
document.getElementById("first").onclick=function(){go(0);};
document.getElementById("back").onclick=function(){go(k-1);};
document.getElementById("forward").onclick=function(){go(k+1);};
document.getElementById("last").onclick=function(){go(Infinity);};
rows.forEach(function(r){
  r.addEventListener("click",function(){open(r);});
  r.addEventListener("keydown",function(e){if(e.key==="Enter"){open(r);}});
});
document.addEventListener("keydown",function(e){
  if(e.target.tagName==="INPUT"||e.target.tagName==="SELECT")return;
  var to={ArrowLeft:k-1,ArrowRight:k+1,Home:0,End:Infinity}[e.key];
  if(to!==undefined){e.preventDefault();go(to);}
});
var first=document.querySelector("#games tr.has");
if(first)open(first);else where.textContent="no game to replay";
})();"##;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::game::Record;
    use crate::matches::stats::Wdl;

    fn game(number: usize, moves: &[&str], outcome: Outcome, reason: &str) -> Game {
        Game {
            number,
            first_engine: Colour::Black,
            record: Record {
                size: 15,
                opening: "h8".into(),
                opening_moves: vec!["7,7".into()],
                moves: moves.iter().map(|m| m.to_string()).collect(),
                move_ms: vec![5; moves.len()],
                first_mover: Colour::White,
                outcome,
                reason: reason.into(),
            },
        }
    }

    #[test]
    fn the_five_is_the_longest_line_through_the_last_stone() {
        // Black 7,7 8,7 9,7 10,7 then 11,7 wins; White's stones in between on row 8.
        let stones = [
            (7, 7),
            (0, 0),
            (8, 7),
            (0, 1),
            (9, 7),
            (0, 2),
            (10, 7),
            (0, 3),
            (11, 7),
        ];
        assert_eq!(
            five(15, &stones),
            vec![(7, 7), (8, 7), (9, 7), (10, 7), (11, 7)]
        );
        // Four in a row is no five.
        assert_eq!(five(15, &stones[..7]), Vec::<Point>::new());
        // A diagonal up to the board's edge.
        let diagonal = [
            (0, 14),
            (5, 5),
            (1, 13),
            (5, 6),
            (2, 12),
            (5, 7),
            (3, 11),
            (5, 8),
            (4, 10),
        ];
        assert_eq!(five(15, &diagonal).len(), 5);
    }

    #[test]
    fn a_board_reads_points_and_the_illegal_move() {
        let moves = [
            "0,0", "8,7", "0,1", "9,7", "0,2", "10,7", "0,3", "11,7", "1,1", "6,7",
        ];
        let won = game(0, &moves, Outcome::Win(Colour::Black), "five");
        let b = board(&won).unwrap();
        assert_eq!((b.size, b.opening, b.stones.len()), (15, 1, 11));
        // The opening's 7,7 is Black's, and so is the last stone, 6,7: an overline of six, all marked.
        assert_eq!(
            b.five,
            vec![(6, 7), (7, 7), (8, 7), (9, 7), (10, 7), (11, 7)]
        );
        let foul = game(
            1,
            &["0,0"],
            Outcome::Win(Colour::White),
            "illegal move `7,8`: a double three",
        );
        assert_eq!(board(&foul).unwrap().illegal, Some((7, 8)));
        let off = game(2, &["15,0"], Outcome::Draw, "board full");
        assert_eq!(board(&off), None);
    }

    #[test]
    fn the_page_lists_games_escapes_names_and_feeds_the_script_numbers() {
        let mut tally = Tally::new(["<b>engine</b>".into(), "seed".into()]);
        let games = vec![
            game(
                1,
                &["0,0"],
                Outcome::Win(Colour::White),
                "illegal move `<x>`: expected X,Y",
            ),
            game(
                0,
                &["0,0", "8,7", "0,1", "9,7", "0,2", "10,7", "0,3", "11,7"],
                Outcome::Win(Colour::Black),
                "five",
            ),
        ];
        for g in &games {
            tally.add(g);
        }
        assert_eq!(
            tally.wdl,
            Wdl {
                wins: 1,
                draws: 0,
                losses: 1
            }
        );
        let html = render(&Played {
            command: "judge match …",
            tally: &tally,
            sprt: None,
            time_control: "100 ms/move",
            games: &games,
        });
        assert!(!html.contains("<b>engine</b>") && html.contains("&lt;b&gt;engine&lt;/b&gt;"));
        assert!(html.contains("illegal move `&lt;x&gt;`: expected X,Y"));
        // Game 1 first (sorted by number), its five in the data.
        let first_row = html.find("<tr data-i=\"0\"").unwrap();
        assert!(html[first_row..]
            .starts_with("<tr data-i=\"0\" tabindex=\"0\" class=\"has\"><td class=\"n\">1</td>"));
        assert!(html.contains("f:[[7,7],[8,7],[9,7],[10,7],[11,7]]"));
        assert_eq!(html.matches("<tr data-i=").count(), 2);
        assert!(html.contains("id=\"board\" viewBox=\"0 0 480 480\""));
    }
}
