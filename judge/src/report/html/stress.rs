//! The page of a stress run: what ran against what, the command that repeats it, and — when the file
//! failed — the smallest failing input beside the expected and received output (the first difference
//! marked), the end of stderr, and how the input shrank: its size at every step kept, each new start
//! marked.

use super::text::{head, texts_of};
use super::{badge, escape, page, size};
use crate::report::{CaseResult, Excerpt};
use std::fmt::Write;

/// Bytes of each text the page shows (the smallest input is usually far smaller).
const TEXT_BYTES: usize = 16 << 10;
/// Bytes of what the run printed, at most.
const SAID_BYTES: usize = 64 << 10;
/// Points of the shrinking chart, at most (steps between are skipped evenly; starts are all kept).
const CHART_POINTS: usize = 1500;

/// One step of shrinking — a new start (a failing input shrinking begins from) or a smaller candidate
/// kept — and the input's measures there, those the shrinker lowers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub start: bool,
    pub lines: usize,
    pub tokens: usize,
    /// Board cells that are not the background (0 for an input that is no board).
    pub cells: usize,
    pub bytes: usize,
}

/// A stress run, for its page.
#[derive(Clone, Debug, Default)]
pub struct Stressed {
    pub problem: String,
    /// What ran: (`solution`, `dfs.c`), (`generator`, `generators/random.rs`), …
    pub facts: Vec<(String, String)>,
    /// `None` when the run stopped before it chose one.
    pub seed: Option<u64>,
    pub found: Option<Found>,
    /// What the run printed besides progress, errors included.
    pub said: String,
}

/// The smallest failing input and how it was found.
#[derive(Clone, Debug)]
pub struct Found {
    pub input: String,
    /// The reference's answer to it.
    pub answer: String,
    /// The solution's run on it (its excerpt holds the received output and stderr).
    pub result: CaseResult,
    /// The command that prints the failing input as first found (`generators/random.rs 1234 5`).
    pub first_by: String,
    pub first_index: u64,
    pub first_input_bytes: usize,
    /// Where the input and its answer were saved; `None`: they could not be.
    pub saved: Option<(String, String)>,
    pub tried: u64,
    pub search_ms: u64,
    pub shrink_tried: usize,
    pub shrink_kept: usize,
    pub shrink_ms: u64,
    pub stopped: Option<String>,
    pub steps: Vec<Step>,
}

/// The page; `repeat` is the command line that repeats the run (its seed given).
pub fn render(run: &Stressed, repeat: &str, exit_code: i32) -> String {
    let title = format!("judge stress: {}", run.problem);
    let (class, status) = match (exit_code, &run.found) {
        (_, Some(_)) => ("bad", "a failing input found"),
        (0, None) => ("ok", "no failure found"),
        _ => ("warn", "the run could not finish"),
    };
    let mut body = format!(
        "<h1>{}</h1>\n<p><span class=\"status {class}\">{status}</span> exit code {exit_code}</p>\n\
         <table class=\"facts\">",
        escape(&title)
    );
    for (label, value) in &run.facts {
        let _ = write!(
            body,
            "<tr><th>{}</th><td class=\"mono\">{}</td></tr>",
            escape(label),
            escape(value)
        );
    }
    if let Some(seed) = run.seed {
        let _ = write!(body, "<tr><th>seed</th><td class=\"mono\">{seed}</td></tr>");
    }
    let _ = write!(
        body,
        "</table>\n<h3>repeat the run</h3>\n<pre class=\"wrap\">{}</pre>\n",
        escape(repeat)
    );
    if let Some(found) = &run.found {
        body += &found_section(found);
    }
    if !run.said.trim().is_empty() {
        let said = head(&run.said, SAID_BYTES, usize::MAX);
        let _ = writeln!(
            body,
            "<details{}><summary>what the run printed</summary><pre>{}</pre></details>",
            if run.found.is_none() { " open" } else { "" },
            escape(said)
        );
    }
    page(&title, STYLE, &body, "")
}

/// The arguments that repeat a run: the same, its seed given (`--seed N` in place of any), without
/// `--html` (a repeat need not overwrite the page).
pub fn repeat(args: &[String], seed: Option<u64>) -> Vec<String> {
    let mut out = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" | "--html" => {
                args.next();
            }
            a if a.starts_with("--seed=") || a.starts_with("--html=") => {}
            _ => out.push(arg.clone()),
        }
    }
    if let Some(seed) = seed {
        out.extend(["--seed".to_string(), seed.to_string()]);
    }
    out
}

fn found_section(f: &Found) -> String {
    let r = &f.result;
    let shrunk = f.shrink_kept > 0;
    let mut out = format!(
        "<h2>{} smallest failing input: {} lines, {}</h2>\n",
        badge(r.verdict),
        f.input.lines().count(),
        size(f.input.len() as u64)
    );
    if !r.note.is_empty() {
        let _ = writeln!(out, "<pre class=\"note\">{}</pre>", escape(&r.note));
    }
    let _ = writeln!(
        out,
        "<p>CPU {} ms of {} ms · peak memory {:.1} MiB · first found as input #{} ({}{}), made by <code>{}</code></p>",
        r.cpu_ms,
        r.time_limit_ms,
        r.memory_kib as f64 / 1024.0,
        f.first_index + 1,
        size(f.first_input_bytes as u64),
        if shrunk { ", then shrunk" } else { "" },
        escape(&f.first_by)
    );
    let received = r.excerpt.as_deref().cloned().unwrap_or_default();
    let excerpt = Excerpt {
        input: f.input.clone(),
        answer: f.answer.clone(),
        input_bytes: f.input.len() as u64,
        answer_bytes: f.answer.len() as u64,
        ..received
    };
    out += &texts_of(&excerpt, TEXT_BYTES);
    out += &match &f.saved {
        Some((input, answer)) => format!(
            "<p>saved: <code>{}</code> (expected answer: <code>{}</code>)</p>\n",
            escape(input),
            escape(answer)
        ),
        None => "<p class=\"why\">NOT saved (the run's errors say why): copy the input above</p>\n"
            .into(),
    };
    let _ = writeln!(
        out,
        "<h3>how it was found and shrunk</h3>\n<p>search: {} inputs in {:.1} s · shrinking: {} candidates \
         tried, {} kept, {:.1} s{}</p>",
        f.tried,
        f.search_ms as f64 / 1000.0,
        f.shrink_tried,
        f.shrink_kept,
        f.shrink_ms as f64 / 1000.0,
        f.stopped
            .as_ref()
            .map_or(String::new(), |why| format!(" · stopped early: {}", escape(why)))
    );
    if !f.steps.is_empty() {
        out += &shrink_chart(&f.steps);
    }
    out
}

/// The measures of the input at each step kept, one line each on a shared log scale; a dot marks
/// each start.
fn shrink_chart(steps: &[Step]) -> String {
    const W: f64 = 640.0;
    const H: f64 = 160.0;
    const LEFT: f64 = 58.0;
    const BOTTOM: f64 = 22.0;
    type Measure = fn(&Step) -> usize;
    let measures: [(&str, Measure); 4] = [
        ("bytes", |s| s.bytes),
        ("tokens", |s| s.tokens),
        ("lines", |s| s.lines),
        ("board cells", |s| s.cells),
    ];
    let every = ((steps.len() + CHART_POINTS - 1) / CHART_POINTS).max(1);
    let shown: Vec<(usize, &Step)> = steps
        .iter()
        .enumerate()
        .filter(|&(i, s)| i % every == 0 || i + 1 == steps.len() || s.start)
        .collect();
    let log = |n: usize| (n.max(1) as f64).log2();
    let all = || steps.iter().flat_map(|s| measures.map(|(_, f)| f(s)));
    let (most, least) = (
        all().max().unwrap_or(1).max(1),
        all().filter(|&n| n > 0).min().unwrap_or(1),
    );
    let (top, bottom) = (log(most), log(least).min(log(most) - 1.0));
    let x = |i: usize| LEFT + (W - LEFT - 8.0) * i as f64 / (steps.len().max(2) - 1) as f64;
    let y = |n: usize| 8.0 + (H - BOTTOM - 8.0) * (top - log(n)) / (top - bottom);
    let mut svg = format!(
        "<svg class=\"shrink\" viewBox=\"0 0 {W} {H}\" role=\"img\"><title>the input's measures at each \
         of the {} steps kept while shrinking</title><path class=\"axis\" d=\"M{LEFT} 4V{}H{}\"/>\
         <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{most}</text>\
         <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{least}</text>\
         <text x=\"{LEFT}\" y=\"{}\">step 1</text><text x=\"{}\" y=\"{}\" text-anchor=\"end\">step {}</text>",
        steps.len(),
        H - BOTTOM,
        W - 4.0,
        LEFT - 6.0,
        y(most) + 4.0,
        LEFT - 6.0,
        y(least) + 4.0,
        H - 6.0,
        W - 8.0,
        H - 6.0,
        steps.len()
    );
    let mut legend = String::from("<p class=\"legend\">");
    for (k, (name, measure)) in measures.iter().enumerate() {
        if steps.iter().all(|s| measure(s) == 0) {
            continue;
        }
        let mut line = String::new();
        let mut dots = String::new();
        for &(i, step) in &shown {
            let (px, py) = (x(i), y(measure(step)));
            let pen = if line.is_empty() || step.start {
                "M"
            } else {
                "L"
            };
            let _ = write!(line, "{pen}{px:.1} {py:.1}");
            if step.start {
                let _ = write!(dots, "<circle cx=\"{px:.1}\" cy=\"{py:.1}\" r=\"3\"/>");
            }
        }
        let _ = write!(svg, "<g class=\"m{k}\"><path d=\"{line}\"/>{dots}</g>");
        let (first, last) = (
            steps.first().map_or(0, measure),
            steps.last().map_or(0, measure),
        );
        let _ = write!(
            legend,
            "<span class=\"item\"><span class=\"swatch m{k}\"></span>{name} {first} → {last}</span> "
        );
    }
    svg += "</svg>\n";
    legend += "· log scale; a dot starts the shrinking of another failing input of the run</p>\n";
    svg + &legend
}

const STYLE: &str = r#"
.facts th{color:#5c6670;font-weight:400}
h2 .status{font-size:15px;vertical-align:1px}
.shrink{width:100%;max-width:640px;height:auto;display:block;margin-top:6px}
.shrink text{font-size:11px;fill:#5c6670}.shrink .axis{stroke:#aab2b9;fill:none}.shrink path{fill:none;stroke-width:1.6}
.m0 path{stroke:#cf3b3b}.m1 path{stroke:#2f6fd0}.m2 path{stroke:#3f9a55}.m3 path{stroke:#a05cc8}
.m0 circle{fill:#cf3b3b}.m1 circle{fill:#2f6fd0}.m2 circle{fill:#3f9a55}.m3 circle{fill:#a05cc8}
.legend{font-size:12.5px;color:#4a545e}.legend .item{white-space:nowrap;margin-right:10px}
.swatch{display:inline-block;width:14px;height:3px;vertical-align:middle;margin-right:4px}
.swatch.m0{background:#cf3b3b}.swatch.m1{background:#2f6fd0}.swatch.m2{background:#3f9a55}.swatch.m3{background:#a05cc8}
"#;

#[cfg(test)]
mod tests {
    use super::super::super::tests::case;
    use super::*;
    use crate::verdict::Verdict;

    fn found() -> Found {
        let mut result = case(
            "stress",
            Verdict::WrongAnswer,
            3,
            "line 2: expected 5, found <4>",
        );
        result.excerpt = Some(Box::new(Excerpt {
            output: "1\n4\n".into(),
            output_bytes: 4,
            stderr: "debug: i=2\n".into(),
            ..Excerpt::default()
        }));
        Found {
            input: "2\n1 2\n2 3\n".into(),
            answer: "1\n5\n".into(),
            result,
            first_by: "generators/random.rs 77 12".into(),
            first_index: 40,
            first_input_bytes: 900,
            saved: Some(("stress/p-7.in".into(), "stress/p-7.ans".into())),
            tried: 41,
            search_ms: 1200,
            shrink_tried: 300,
            shrink_kept: 3,
            shrink_ms: 2100,
            stopped: None,
            steps: [(true, 900), (false, 400), (true, 700), (false, 10)]
                .map(|(start, bytes)| Step {
                    start,
                    lines: 3,
                    tokens: bytes / 3,
                    cells: 0,
                    bytes,
                })
                .to_vec(),
        }
    }

    #[test]
    fn a_failure_shows_input_difference_and_shrinking() {
        let run = Stressed {
            problem: "p".into(),
            facts: vec![("solution".into(), "mine.c".into())],
            seed: Some(7),
            found: Some(found()),
            said: "input #41 fails\n".into(),
        };
        let html = render(&run, "judge stress p --solution mine.c --seed 7", 1);
        assert!(
            html.contains("<span class=\"status bad\">a failing input found</span> exit code 1")
        );
        assert!(
            html.contains("<pre class=\"wrap\">judge stress p --solution mine.c --seed 7</pre>")
        );
        assert!(html.contains("smallest failing input: 3 lines, 10 bytes"));
        assert!(html.contains("first difference: line 2"));
        assert!(html.contains("<span class=\"d\"><mark>5</mark></span>"));
        assert!(html.contains("<span class=\"d\"><mark>4</mark></span>"));
        assert!(html.contains("expected 5, found &lt;4&gt;"));
        assert!(html.contains("debug: i=2"));
        assert!(html.contains("<code>generators/random.rs 77 12</code>"));
        // Two starts, a dot on each measure's line (bytes, tokens, lines; no board), the scale's ends.
        assert_eq!(html.matches("<circle").count(), 6);
        assert!(html.contains(">900</text>") && html.contains(">3</text>"));
        assert!(html.contains("bytes 900 → 10</span>") && !html.contains("board cells"));
    }

    #[test]
    fn the_repeat_command_gives_the_seed() {
        let args: Vec<String> = [
            "stress",
            "p",
            "--seed=3",
            "--solution",
            "a.c",
            "--html",
            "x.html",
            "-j2",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            repeat(&args, Some(42)),
            ["stress", "p", "--solution", "a.c", "-j2", "--seed", "42"]
        );
    }

    #[test]
    fn nothing_found_says_what_the_run_printed() {
        let run = Stressed {
            problem: "p".into(),
            said: "no failure in 1,234 inputs\n".into(),
            ..Stressed::default()
        };
        let html = render(&run, "judge stress p --solution a.c --seed 0", 0);
        assert!(html.contains("<span class=\"status ok\">no failure found</span>"));
        assert!(html.contains("<details open><summary>what the run printed</summary><pre>no failure in 1,234 inputs\n</pre>"));
    }
}
