//! The judge's page: per problem, its submissions (expectation met or not, slowest case, a chart of case
//! times and memory against the limits), then the grid of submissions × cases — the letters of each
//! verdict, its CPU time, a bar of that time against the limit, group bands over the columns — whose
//! failing cells open the case: its input, expected and received output with the first difference
//! marked, the validator's message, the end of stderr. Filters: only failures, one group.
//!
//! Sizes stay bounded: a failing cell's texts share a budget (`TEXT_BUDGET`) over at most
//! `DETAILED_PER_ROW` failing cells per submission; the others keep their verdict and message.

use super::text::texts_of;
use super::{class, escape, page};
use crate::report::{percent, CaseResult, ProblemResult};
use crate::verdict::{mib, Verdict};
use std::collections::HashMap;
use std::fmt::Write;

/// Bytes of inputs, answers, outputs and stderr the whole page may carry.
const TEXT_BUDGET: usize = 384 << 10;
/// Each text's share of the budget stays within these.
const TEXT_MAX: usize = 4096;
const TEXT_MIN: usize = 256;
/// Failing cells of one submission whose texts are shown (the first ones, in case order).
const DETAILED_PER_ROW: usize = 8;
/// A validator's message longer than this is cut.
const NOTE_MAX: usize = 2000;

/// One judge run, as the reports see it.
pub struct Judged<'a> {
    /// The command line, as typed.
    pub command: &'a str,
    pub results: &'a [ProblemResult],
    /// Each problem's cases in order, the columns of its grid (cases a stopped submission never ran
    /// among them); a problem missing here gets the cases its results name.
    pub cases: &'a [(String, Vec<String>)],
    /// The judge's own errors.
    pub errors: &'a [String],
    pub isolation: &'a str,
    /// The summary's closing words (`21 of 22 example submissions got what their folder expects`).
    pub totals: &'a str,
    pub exit_code: i32,
}

/// The page.
pub fn render(run: &Judged) -> String {
    let problems = by_problem(run.results);
    let names: Vec<&str> = problems.iter().map(|(name, _)| *name).collect();
    let title = match names.as_slice() {
        [one] => format!("judge: {one}"),
        _ => format!("judge: {} problems", names.len()),
    };
    let mut body = format!("<header>\n<h1>{}</h1>\n", escape(&title));
    let good = run.exit_code == 0;
    let _ = write!(
        body,
        "<p><span class=\"status {}\">exit code {}</span> {}</p>\n<p class=\"muted mono\">{}</p>\n\
         <p class=\"muted\">sandbox: {}</p>\n",
        if good { "ok" } else { "bad" },
        run.exit_code,
        escape(run.totals.trim_end()).replace('\n', "<br>"),
        escape(run.command),
        escape(run.isolation),
    );
    if !run.errors.is_empty() {
        body += "<h3>The judge's errors</h3>\n<pre>";
        for e in run.errors {
            body += &escape(e);
            body.push('\n');
        }
        body += "</pre>\n";
    }
    body += &legend();
    body += "</header>\n";
    let budget = text_budget(run.results);
    for (p, (name, results)) in problems.iter().enumerate() {
        let columns = columns(name, results, run.cases);
        body += &problem(p, name, results, &columns, budget);
    }
    body += "<dialog id=\"case\"><form method=\"dialog\"><button>close</button></form>\
             <div id=\"case-body\"></div></dialog>\n";
    let script = SCRIPT.replace("DETAILED", &DETAILED_PER_ROW.to_string());
    page(&title, STYLE, &body, &script)
}

/// Results grouped by problem, in their order.
fn by_problem(results: &[ProblemResult]) -> Vec<(&str, Vec<&ProblemResult>)> {
    let mut problems: Vec<(&str, Vec<&ProblemResult>)> = Vec::new();
    for r in results {
        match problems.iter_mut().find(|(name, _)| *name == r.name) {
            Some((_, rows)) => rows.push(r),
            None => problems.push((&r.name, vec![r])),
        }
    }
    problems
}

/// The grid's columns: the problem's cases as given, then any case a result names that is not there.
fn columns(name: &str, results: &[&ProblemResult], cases: &[(String, Vec<String>)]) -> Vec<String> {
    let mut columns: Vec<String> = cases
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, c)| c.clone())
        .unwrap_or_default();
    for r in results {
        for c in &r.cases {
            if !columns.contains(&c.case) {
                columns.push(c.case.clone());
            }
        }
    }
    columns
}

/// Each text's share of the budget: the budget over the texts of every detailed failing cell.
fn text_budget(results: &[ProblemResult]) -> usize {
    let detailed: usize = results
        .iter()
        .map(|r| {
            r.cases
                .iter()
                .filter(|c| c.excerpt.is_some())
                .count()
                .min(DETAILED_PER_ROW)
        })
        .sum();
    (TEXT_BUDGET / (4 * detailed.max(1))).clamp(TEXT_MIN, TEXT_MAX)
}

fn legend() -> String {
    let mut out = String::from("<p class=\"legend\">");
    for v in Verdict::ALL {
        let _ = write!(
            out,
            "<span class=\"item\"><span class=\"key {}\">{}</span> {}</span> ",
            class(v),
            v.code(),
            meaning(v)
        );
    }
    out += "<span class=\"item\"><span class=\"key skip\">·</span> not run (stopped at the first \
            failure)</span><br>a cell shows the verdict and the CPU ms, its shading the share of the time \
            limit; click one that is not AC for its case</p>\n";
    out
}

fn meaning(v: Verdict) -> &'static str {
    match v {
        Verdict::Accepted => "accepted",
        Verdict::WrongAnswer => "wrong answer",
        Verdict::PresentationError => "presentation",
        Verdict::TimeLimit => "time limit",
        Verdict::MemoryLimit => "memory limit",
        Verdict::OutputLimit => "output limit",
        Verdict::RuntimeError => "run-time error",
        Verdict::CompileError => "compile error",
        Verdict::JudgeError => "judge error",
        Verdict::Undecided => "undecided (too loaded)",
    }
}

/// One problem's section: its limits, submissions table, filters, grid and the texts of failing cells.
fn problem(
    p: usize,
    name: &str,
    results: &[&ProblemResult],
    columns: &[String],
    budget: usize,
) -> String {
    let first = results[0];
    let mut out = format!(
        "<section class=\"problem\" id=\"p{p}\">\n<h2>{}</h2>\n<p class=\"muted\">time limit {} ms ({}) · \
         memory {} MiB · {} · {} cases</p>\n",
        escape(name),
        first.time_limit_ms,
        escape(&first.time_limit_from),
        first.memory_limit_mb,
        escape(&first.checker),
        columns.len()
    );
    if let Some(dialect) = &first.dialect {
        let _ = writeln!(out, "<p class=\"muted\">{}</p>", escape(dialect));
    }
    out += &submissions(results, columns);
    out += &filters(columns);
    out += &grid(p, results, columns);
    for (s, r) in results.iter().enumerate() {
        let failing = r.cases.iter().filter(|c| c.verdict != Verdict::Accepted);
        for (k, c) in failing.enumerate() {
            let j = columns.iter().position(|n| *n == c.case).unwrap_or(0);
            let texts = k < DETAILED_PER_ROW;
            let _ = writeln!(
                out,
                "<template id=\"d{p}-{s}-{j}\">{}</template>",
                detail(c, texts, budget)
            );
        }
    }
    out += "</section>\n";
    out
}

/// The submissions table: expectation, verdicts, slowest case, memory, and the chart of every case.
fn submissions(results: &[&ProblemResult], columns: &[String]) -> String {
    let expectations = results.iter().any(|r| r.expectation.is_some() || r.example);
    let mut out =
        String::from("<div class=\"scroll\"><table class=\"list subs\">\n<tr><th>submission</th>");
    if expectations {
        out += "<th>expected</th><th>met</th>";
    }
    out += "<th>official</th><th>beyond</th><th class=\"n\">slowest</th><th class=\"n\">memory</th>\
            <th title=\"each case's CPU time (bars) and peak memory (line), against the limits\">cases: time ▮ memory ─</th></tr>\n";
    for r in results {
        let _ = write!(out, "<tr><td class=\"mono\">{}</td>", escape(&r.solution));
        if expectations {
            let (mark, why) = match (&r.expectation, &r.unmet) {
                (None, _) => (
                    "<span class=\"status warn\">not checked</span>".to_string(),
                    "",
                ),
                (Some(_), None) => ("<span class=\"status ok\">✓ yes</span>".to_string(), ""),
                (Some(_), Some(why)) => (
                    "<span class=\"status bad\">✗ no</span>".to_string(),
                    why.as_str(),
                ),
            };
            let _ = write!(
                out,
                "<td data-h=\"expected\">{}</td><td data-h=\"met\">{mark}{}</td>",
                escape(r.expectation.as_deref().unwrap_or("–")),
                if why.is_empty() {
                    String::new()
                } else {
                    format!("<div class=\"why\">{}</div>", escape(why))
                }
            );
        }
        for group in crate::package::Group::ALL {
            match r.group(group) {
                Some(g) => {
                    let _ = write!(
                        out,
                        "<td data-h=\"{}\"><span class=\"v {}\">{}</span> {}/{}</td>",
                        group.name(),
                        class(g.verdict),
                        g.verdict.code(),
                        g.passed,
                        g.cases
                    );
                }
                None => {
                    let _ = write!(out, "<td data-h=\"{}\">–</td>", group.name());
                }
            }
        }
        let slowest = r.cases.iter().max_by_key(|c| c.cpu_ms);
        let peak = r.cases.iter().map(|c| c.memory_kib).max().unwrap_or(0);
        let _ = write!(
            out,
            "<td class=\"n\" data-h=\"slowest\">{}</td><td class=\"n\" data-h=\"memory\">{}</td><td>{}",
            slowest.map_or("–".into(), |c| format!(
                "{} ms ({} %)",
                c.cpu_ms,
                percent(c.cpu_ms, c.time_limit_ms)
            )),
            mib(peak),
            chart(r, columns)
        );
        if let Some(error) = &r.compile_error {
            let _ = write!(
                out,
                "<details><summary>compile error</summary><pre>{}</pre></details>",
                escape(error)
            );
        }
        if let Some(error) = &r.judge_error {
            let _ = write!(out, "<div class=\"why\">{}</div>", escape(error));
        }
        out += "</td></tr>\n";
    }
    out += "</table></div>\n";
    out
}

/// A small chart of one submission: a bar per case, its CPU time against the time limit (full height),
/// coloured by class of verdict; a line of its peak memory against the memory limit.
fn chart(r: &ProblemResult, columns: &[String]) -> String {
    const W: f64 = 180.0;
    const H: f64 = 30.0;
    let n = columns.len().max(1) as f64;
    let step = W / n;
    let mut bars: [String; 3] = Default::default();
    let mut memory = String::new();
    for c in &r.cases {
        let Some(j) = columns.iter().position(|n| *n == c.case) else {
            continue;
        };
        let x = j as f64 * step;
        let share = (c.cpu_ms as f64 / c.time_limit_ms.max(1) as f64).min(1.0);
        let height = (share * (H - 2.0)).max(1.0);
        let kind = match c.verdict {
            Verdict::Accepted => 0,
            Verdict::TimeLimit | Verdict::MemoryLimit | Verdict::OutputLimit => 1,
            _ => 2,
        };
        let _ = write!(
            bars[kind],
            "M{x:.1} {H}v-{height:.1}h{:.1}v{height:.1}z",
            (step * 0.8).max(0.5)
        );
        let used = c.memory_kib as f64 / (r.memory_limit_mb.max(1) * 1024) as f64;
        let y = H - used.min(1.0) * (H - 2.0);
        let _ = write!(
            memory,
            "{}{:.1} {y:.1}",
            if memory.is_empty() { "M" } else { "L" },
            x + step * 0.4
        );
    }
    let mut svg = format!(
        "<svg class=\"chart\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" height=\"{H}\" role=\"img\">\
         <title>CPU time of each case against the {} ms limit (top line); peak memory against {} MiB</title>\
         <path class=\"lim\" d=\"M0 1.5H{W}\"/>",
        r.time_limit_ms, r.memory_limit_mb
    );
    for (kind, d) in ["ok", "lim-hit", "fail"].iter().zip(&bars) {
        if !d.is_empty() {
            let _ = write!(svg, "<path class=\"{kind}\" d=\"{d}\"/>");
        }
    }
    if !memory.is_empty() {
        let _ = write!(svg, "<path class=\"mem\" d=\"{memory}\"/>");
    }
    svg += "</svg>";
    svg
}

/// The group path of a case: its name without the last part (`secret/official` of `secret/official/07`).
fn group_of(case: &str) -> &str {
    case.rsplit_once('/').map_or("", |(group, _)| group)
}

fn filters(columns: &[String]) -> String {
    let mut groups: Vec<String> = Vec::new();
    for c in columns {
        let parts: Vec<&str> = group_of(c).split('/').filter(|p| !p.is_empty()).collect();
        for depth in 1..=parts.len() {
            let g = parts[..depth].join("/");
            if !groups.contains(&g) {
                groups.push(g);
            }
        }
    }
    let mut out = String::from(
        "<p class=\"filters\"><label><input type=\"checkbox\" class=\"only-fail\"> only failures</label> \
         <label>group <select class=\"group\"><option value=\"\">all</option>",
    );
    for g in &groups {
        let _ = write!(out, "<option>{}</option>", escape(g));
    }
    out += "</select></label></p>\n";
    out
}

/// The grid: band rows for the group folders, a row of case names, a row per submission.
fn grid(p: usize, results: &[&ProblemResult], columns: &[String]) -> String {
    let paths: Vec<Vec<&str>> = columns
        .iter()
        .map(|c| group_of(c).split('/').filter(|p| !p.is_empty()).collect())
        .collect();
    let depth = paths.iter().map(Vec::len).max().unwrap_or(0);
    let failing: Vec<bool> = columns
        .iter()
        .map(|name| {
            results.iter().any(|r| {
                r.cases
                    .iter()
                    .any(|c| c.case == *name && c.verdict != Verdict::Accepted)
            })
        })
        .collect();
    let mut out = format!("<div class=\"scroll\"><table class=\"grid\" data-p=\"{p}\">\n<thead>\n");
    for level in 0..depth {
        out += "<tr class=\"band\"><th class=\"corner\"></th>";
        let key = |j: usize| paths[j].get(..=level).map(|parts| parts.join("/"));
        let mut j = 0;
        while j < columns.len() {
            let start = j;
            let this = key(j);
            while j < columns.len() && key(j) == this {
                j += 1;
            }
            let label = this.as_ref().map_or("", |_| paths[start][level]);
            let _ = write!(
                out,
                "<th colspan=\"{}\" data-from=\"{start}\" data-to=\"{}\" class=\"b{}\">{}</th>",
                j - start,
                j - 1,
                if this.is_some() { " named" } else { "" },
                escape(label)
            );
        }
        out += "</tr>\n";
    }
    out += "<tr class=\"names\"><th class=\"corner\">submission \\ case</th>";
    for (j, name) in columns.iter().enumerate() {
        let short = name.rsplit('/').next().unwrap_or(name);
        let starts_band = j > 0 && group_of(&columns[j - 1]) != group_of(name);
        let _ = write!(
            out,
            "<th data-c=\"{j}\" data-g=\"{}\" data-f=\"{}\" title=\"{}\"{}><span>{}</span></th>",
            escape(group_of(name)),
            u8::from(failing[j]),
            escape(name),
            if starts_band { " class=\"edge\"" } else { "" },
            escape(short)
        );
    }
    out += "</tr>\n</thead>\n<tbody>\n";
    for (s, r) in results.iter().enumerate() {
        let by_name: HashMap<&str, &CaseResult> =
            r.cases.iter().map(|c| (c.case.as_str(), c)).collect();
        let mark = match (&r.expectation, &r.unmet) {
            (None, _) => "",
            (Some(_), None) => {
                "<span class=\"met\" title=\"got what its folder expects\">✓</span> "
            }
            (Some(_), Some(_)) => {
                "<span class=\"unmet\" title=\"did not get what its folder expects\">✗</span> "
            }
        };
        let _ = write!(
            out,
            "<tr data-s=\"{s}\" data-tl=\"{}\" data-ml=\"{}\" data-f=\"{}\"><th scope=\"row\" title=\"{}\">{mark}{}</th>",
            r.time_limit_ms,
            r.memory_limit_mb,
            u8::from(r.cases.iter().any(|c| c.verdict != Verdict::Accepted)),
            escape(&r.solution),
            escape(&r.solution)
        );
        for (j, name) in columns.iter().enumerate() {
            let edge = j > 0 && group_of(&columns[j - 1]) != group_of(name);
            out += &cell(j, by_name.get(name.as_str()).copied(), edge);
        }
        out += "</tr>\n";
    }
    out += "</tbody>\n</table></div>\n";
    out
}

/// One cell: the verdict's letters, the CPU ms, a shade rising with the share of the time limit.
fn cell(j: usize, case: Option<&CaseResult>, edge: bool) -> String {
    let edge = if edge { " edge" } else { "" };
    let Some(c) = case else {
        return format!("<td class=\"skip{edge}\" data-c=\"{j}\">·</td>");
    };
    let share = percent(c.cpu_ms, c.time_limit_ms).min(100);
    let shade = if share > 0 {
        format!(" style=\"--t:{share}%\"")
    } else {
        String::new()
    };
    let ms = if c.cpu_ms >= 10_000 {
        format!("{}s", c.cpu_ms / 1000)
    } else {
        c.cpu_ms.to_string()
    };
    format!(
        "<td class=\"{}{edge}\" data-c=\"{j}\" data-m=\"{}\" tabindex=\"0\"{shade}>{}<small>{ms}</small></td>",
        class(c.verdict),
        c.memory_kib,
        c.verdict.code()
    )
}

/// What opens under a cell that is not AC: the figures, the validator's message and, for the first
/// failing cells of a submission, the texts with the first difference marked.
fn detail(c: &CaseResult, texts: bool, budget: usize) -> String {
    let mut out = String::new();
    if texts {
        let _ = writeln!(
            out,
            "<p>wall time {} ms{}</p>",
            c.wall_ms,
            if c.rerun {
                " · re-run alone (its first run was near the limit, or stopped by the wall clock)"
            } else {
                ""
            }
        );
    }
    if !c.note.is_empty() {
        let note = super::text::head(&c.note, NOTE_MAX, usize::MAX);
        let cut = if note.len() < c.note.len() { "…" } else { "" };
        let _ = write!(
            out,
            "<h3>{}</h3>\n<pre class=\"note\">{}{cut}</pre>\n",
            if c.verdict == Verdict::WrongAnswer || c.verdict == Verdict::PresentationError {
                "the validator's message"
            } else {
                "why"
            },
            escape(note)
        );
    }
    // Past the first failing cases of a submission, the script says where the texts are.
    if let (Some(e), true) = (&c.excerpt, texts) {
        out += &texts_of(e, budget);
    }
    out
}

const STYLE: &str = r#"
.legend{font-size:12.5px;color:#4a545e}.legend .item{white-space:nowrap}.key{display:inline-block;min-width:2.4em;text-align:center;font-weight:700;border-radius:3px;padding:0 3px;margin-left:4px}
.subs td{vertical-align:top}.subs td[data-h=expected]{white-space:normal;min-width:8em;max-width:16em}
.chart{display:block}.chart .lim{stroke:#8a949c;stroke-dasharray:3 2;stroke-width:1}.chart .ok{fill:#3f9a55}.chart .lim-hit{fill:#d69e00}.chart .fail{fill:#cf3b3b}
.chart .mem{fill:none;stroke:#2f6fd0;stroke-width:1.2}
.filters{margin:8px 0 4px}.filters label{margin-right:14px}
table.grid{font-size:11px;line-height:1.15}
.grid th,.grid td{border:1px solid #e0e3e6;padding:0}
.grid td{min-width:34px;height:30px;text-align:center;font-weight:700;cursor:pointer;background-image:linear-gradient(to top,rgba(0,0,0,.16) var(--t,0%),transparent var(--t,0%))}
.grid td small{display:block;font-weight:400;font-size:9.5px;opacity:.85}
.grid td.skip{cursor:default;font-weight:400}
.grid .edge{border-left:2px solid #7d8790}
.grid tbody th{position:sticky;left:0;z-index:1;background:#fff;text-align:left;font-weight:600;padding:0 8px;max-width:24em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:12px;font-family:ui-monospace,"DejaVu Sans Mono",monospace;border-right:2px solid #aab2b9}
.grid .corner{position:sticky;left:0;z-index:2;background:#fff;font-weight:400;color:#5c6670;text-align:left;padding:0 8px;border-right:2px solid #aab2b9}
.grid .band th{font-weight:600;font-size:11.5px;padding:2px 4px;text-align:left;white-space:nowrap}
.grid .band th.named{background:#eef1f4;border-left:2px solid #7d8790}
.grid .names th[data-c]{height:96px;vertical-align:bottom;padding:3px 0;font-weight:400;color:#3b444c}
.grid .names th[data-c] span{writing-mode:vertical-rl;transform:rotate(180deg);display:inline-block;max-height:92px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:10.5px}
.met{color:#0b5a1e}.unmet{color:#b01515}
dialog{max-width:min(1100px,96vw);width:96vw;max-height:92vh;border:1px solid #aab2b9;border-radius:6px;padding:10px 14px}
dialog::backdrop{background:rgba(20,24,28,.45)}dialog form{float:right}
@media (max-width:700px){
.grid tbody th,.grid .corner{max-width:9em;min-width:9em;white-space:normal;overflow-wrap:anywhere;font-size:10.5px;line-height:1.2;padding:2px 4px}
.subs,.subs tbody,.subs tr,.subs td{display:block;white-space:normal}.subs tr:first-child{display:none}
.subs tr{border:1px solid #dde1e4;border-radius:4px;margin:0 0 8px;padding:4px 6px}.subs td{border:0;padding:1px 0;text-align:left}
.subs td.mono{font-weight:600}.subs td[data-h]::before{content:attr(data-h) ": ";color:#5c6670}}
"#;

const SCRIPT: &str = r#""use strict";
(function(){
var dialog=document.getElementById("case"),body=document.getElementById("case-body");
function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;return e;}
function open(td){
  var tr=td.parentNode,table=tr.closest("table"),j=td.dataset.c,p=table.dataset.p,s=tr.dataset.s;
  var head=table.querySelector("tr.names th[data-c='"+j+"']");
  var verdict=td.classList[0];
  body.textContent="";
  var h=el("h2");
  h.appendChild(el("span","v status "+verdict,verdict==="skip"?"not run":verdict));
  h.appendChild(document.createTextNode(" "+head.title));
  body.appendChild(h);
  body.appendChild(el("p","mono",tr.querySelector("th").title));
  if(verdict==="skip"){body.appendChild(el("p",null,"Not run: the submission stopped at its first failure, as a judge stops."));}
  else{
    var ms=td.querySelector("small").textContent,kib=+td.dataset.m;
    body.appendChild(el("p",null,"CPU "+ms+(ms.slice(-1)==="s"?"":" ms")+" of "+tr.dataset.tl+" ms · peak memory "+(kib/1024).toFixed(1)+" MiB of "+tr.dataset.ml+" MiB"));
    var t=document.getElementById("d"+p+"-"+s+"-"+j);
    if(t)body.appendChild(t.content.cloneNode(true));
    if(verdict!=="AC"&&!(t&&t.content.querySelector(".side")))body.appendChild(el("p","muted","(the input and the outputs are kept for the first DETAILED failing cases of each submission, and where the judge could keep them: not for interactive problems)"));
  }
  dialog.showModal();
}
document.addEventListener("click",function(e){
  if(e.target===dialog){dialog.close();return;}
  var td=e.target.closest("table.grid td[data-c]");
  if(td)open(td);
});
document.addEventListener("keydown",function(e){
  var td=e.target.closest&&e.target.closest("table.grid td[data-c]");
  if(td&&(e.key==="Enter"||e.key===" ")){e.preventDefault();open(td);}
});
function filter(section){
  var only=section.querySelector(".only-fail").checked,group=section.querySelector(".group").value;
  var table=section.querySelector("table.grid"),show=[];
  table.querySelectorAll("tr.names th[data-c]").forEach(function(th){
    var ok=(!group||(th.dataset.g+"/").indexOf(group+"/")===0)&&(!only||th.dataset.f==="1");
    show[+th.dataset.c]=ok;th.hidden=!ok;
  });
  table.querySelectorAll("tbody tr").forEach(function(tr){
    tr.hidden=only&&tr.dataset.f!=="1";
    tr.querySelectorAll("td").forEach(function(td){td.hidden=!show[+td.dataset.c];});
  });
  table.querySelectorAll("tr.band th[data-from]").forEach(function(b){
    var n=0;for(var j=+b.dataset.from;j<=+b.dataset.to;j++)if(show[j])n++;
    b.hidden=n===0;if(n)b.colSpan=n;
  });
}
document.querySelectorAll("section.problem").forEach(function(section){
  section.querySelector(".only-fail").addEventListener("change",function(){filter(section);});
  section.querySelector(".group").addEventListener("change",function(){filter(section);});
});
})();"#;

#[cfg(test)]
mod tests {
    use super::super::super::tests::{case, problem};
    use super::*;
    use crate::report::Excerpt;

    fn run<'a>(results: &'a [ProblemResult], cases: &'a [(String, Vec<String>)]) -> String {
        render(&Judged {
            command: "judge p --html r.html",
            results,
            cases,
            errors: &[],
            isolation: "namespaces",
            totals: "1 of 2 example submissions got what their folder expects\n",
            exit_code: 1,
        })
    }

    fn excerpt(answer: &str, output: &str) -> Option<Box<Excerpt>> {
        Some(Box::new(Excerpt {
            input: "3\n1 2 3\n".into(),
            answer: answer.into(),
            output: output.into(),
            stderr: "panicked at src/main.rs:3\n".into(),
            input_bytes: 8,
            answer_bytes: answer.len() as u64,
            output_bytes: output.len() as u64,
        }))
    }

    #[test]
    fn one_cell_per_submission_and_case_with_skipped_cases_shown() {
        let mut wa = case(
            "secret/official/02",
            Verdict::WrongAnswer,
            4,
            "line 1: expected 6, found 7",
        );
        wa.excerpt = excerpt("6\n", "7\n");
        let mut stopped = problem("p", vec![case("sample/1", Verdict::Accepted, 3, ""), wa]);
        stopped.solution = "wrong_answer/off-by-one.c".into();
        stopped.expectation = Some("WA".into());
        stopped.skipped = 1;
        let all = problem(
            "p",
            vec![
                case("sample/1", Verdict::Accepted, 3, ""),
                case("secret/official/02", Verdict::Accepted, 500, ""),
                case("secret/beyond/03", Verdict::Accepted, 1000, ""),
            ],
        );
        let columns = vec![(
            "p".to_string(),
            vec![
                "sample/1".to_string(),
                "secret/official/02".to_string(),
                "secret/beyond/03".to_string(),
            ],
        )];
        let html = run(&[stopped, all], &columns);
        assert_eq!(html.matches("\" data-c=\"").count(), 6);
        assert_eq!(html.matches("<td class=\"skip").count(), 1);
        assert!(html.contains(
            "<td class=\"WA edge\" data-c=\"1\" data-m=\"2048\" tabindex=\"0\">WA<small>4</small></td>"
        ));
        // The time bar: 500 ms of 1000, and a full one at the limit.
        assert!(html.contains("style=\"--t:50%\">AC<small>500</small>"));
        assert!(html.contains("style=\"--t:100%\">AC<small>1000</small>"));
        // Group bands: sample, then secret over official and beyond.
        assert!(html.contains("<th colspan=\"1\" data-from=\"0\" data-to=\"0\" class=\"b named\">sample</th><th colspan=\"2\" data-from=\"1\" data-to=\"2\" class=\"b named\">secret</th>"));
        assert!(html.contains("data-from=\"1\" data-to=\"1\" class=\"b named\">official</th>"));
        // The failing cell's texts, the first difference marked on both sides.
        assert!(html.contains("<template id=\"d0-0-1\">"));
        assert!(html.contains("<pre><span class=\"d\"><mark>6</mark></span></pre>"));
        assert!(html.contains("<pre><span class=\"d\"><mark>7</mark></span></pre>"));
        assert!(html.contains("first difference: line 1"));
        assert!(html.contains("line 1: expected 6, found 7"));
        assert!(html.contains("panicked at src/main.rs:3"));
        assert!(html.contains("<span class=\"status ok\">✓ yes</span>") || html.contains("✗"));
        assert!(html.contains("exit code 1"));
    }

    #[test]
    fn hostile_names_and_texts_stay_text() {
        let mut c = case(
            "secret/<img src=x onerror=alert(1)>",
            Verdict::WrongAnswer,
            1,
            "</pre><script>x</script>",
        );
        c.excerpt = excerpt("\u{202e}cba\n", "<b>\n");
        let mut p = problem("<p>\"'&", vec![c]);
        p.solution = "a\u{202e}gpj.exe".into();
        let html = run(&[p], &[]);
        for raw in ["<img", "<script>x", "<b>", "\u{202e}", "<p>\"'&"] {
            assert!(!html.contains(raw), "{raw:?} reached the page raw");
        }
        assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"));
        assert!(html.contains("a\\u{202e}gpj.exe"));
    }

    #[test]
    fn a_big_package_page_stays_under_two_megabytes() {
        // 43 submissions × 82 cases, every case failing with 4 KiB texts: the worst a package can give.
        let columns: Vec<String> = (0..82)
            .map(|i| format!("secret/group{}/case-{i:02}", i / 20))
            .collect();
        let text = "1 2 3 4 5 6 7 8 9 10\n".repeat(200);
        let results: Vec<ProblemResult> = (0..43)
            .map(|s| {
                let cases = columns
                    .iter()
                    .map(|name| {
                        let mut c = case(
                            name,
                            Verdict::WrongAnswer,
                            123,
                            &"the validator says no: line 1 token 3. ".repeat(3),
                        );
                        c.excerpt = Some(Box::new(Excerpt {
                            input: text[..4096].into(),
                            answer: text[..4096].into(),
                            output: text[1..4097].into(),
                            stderr: text[..4096].into(),
                            input_bytes: 1 << 20,
                            answer_bytes: 1 << 20,
                            output_bytes: 1 << 20,
                        }));
                        c
                    })
                    .collect();
                let mut p = problem("big", cases);
                p.solution = format!("wrong_answer/submission-{s:02}.cpp");
                p
            })
            .collect();
        let html = run(&results, &[("big".to_string(), columns)]);
        assert_eq!(html.matches("<td class=\"WA").count(), 43 * 82);
        // Measured: 1,857,575 bytes (the texts' budget, the notes and the grid take most of it).
        assert!(html.len() < 2_000_000, "{} bytes", html.len());
    }
}
