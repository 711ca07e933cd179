//! `--html FILE`: one self-contained page for people to look at — the judge's grid of submissions ×
//! cases (`judge`), a stress run's smallest failing input (`stress`), a match with its board replay
//! (`matches`). Pure functions of the same data the other reports take, returning a `String`; only the
//! commands' shells write the file.
//!
//! Self-contained means it opens from a USB stick on a machine without a network: CSS, SVG and a little
//! JavaScript inline, no font, image or script fetched, and a Content-Security-Policy that forbids any
//! fetch should a later change forget. Everything that comes from a program or a package (names, notes,
//! inputs, outputs) is untrusted text: `escape` makes it text, and makes invisible characters visible.

pub mod judge;
pub mod matches;
pub mod stress;
pub mod text;

use crate::verdict::Verdict;
use std::fmt::Write;

/// No fetch of any kind: the page's own inline style and script, and `data:` images at most.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; \
                      img-src data:; base-uri 'none'; form-action 'none'";

/// The style every page shares: system fonts only, verdict colours, tables that scroll sideways on a
/// phone rather than squeezing their letters.
const STYLE: &str = r#"
*{box-sizing:border-box}
body{margin:0;padding:12px 16px 40px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1d2125;background:#fff}
h1{font-size:20px;margin:4px 0 6px}h2{font-size:17px;margin:26px 0 6px;border-bottom:1px solid #d0d4d8;padding-bottom:3px}
h3{font-size:14px;margin:14px 0 4px}
p{margin:4px 0}
code,pre,.mono{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12.5px}
pre{margin:2px 0 8px;padding:6px 8px;background:#f5f6f7;border:1px solid #dde1e4;border-radius:4px;overflow:auto;max-height:24em;white-space:pre}
pre.note,pre.wrap{white-space:pre-wrap;overflow-wrap:anywhere}
.muted{color:#5c6670}
.status{display:inline-block;padding:2px 8px;border-radius:10px;font-weight:600}
.ok{background:#d3f2da;color:#0b5a1e}.bad{background:#fad4d4;color:#8b1212}.warn{background:#fde7b3;color:#6e4b00}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse}
.facts td,.facts th{padding:2px 10px 2px 0;text-align:left;vertical-align:top}
.list{margin:6px 0}.list th,.list td{padding:3px 8px;border-bottom:1px solid #e4e7ea;text-align:left;white-space:nowrap}
.list th{background:#f1f3f5;font-weight:600}.list td.n,.list th.n{text-align:right}
.v{font-weight:700}
.AC{background:#d3f2da;color:#0b5a1e}.WA,.PE{background:#fad4d4;color:#8b1212}
.TLE,.MLE,.OLE{background:#fde7b3;color:#6e4b00}.RE{background:#f8d3ea;color:#7d1052}
.CE,.JE,.UD{background:#e4d9f7;color:#4a2386}.skip{background:#f3f4f5;color:#8a949c}
.esc{color:#b00;font-weight:600}
.side{display:grid;grid-template-columns:1fr 1fr;gap:8px}.side>div{min-width:0}
pre .d{background:#fff3c4;display:inline-block;min-width:100%}pre mark{background:#ffb0b0;color:inherit}
.diff{font-weight:600;margin-top:8px}pre .cut{color:#98a1a9}pre mark.end{background:#ffd6d6;font-style:italic}
.why{white-space:normal;max-width:40em;font-size:12.5px;color:#8b1212}
button{font:inherit;padding:4px 10px;border:1px solid #b9c0c7;border-radius:4px;background:#f6f7f8;cursor:pointer}
button:focus-visible,td:focus-visible{outline:2px solid #1f6feb;outline-offset:-2px}
@media (max-width:700px){body{padding:8px 8px 32px}.side{grid-template-columns:1fr}h1{font-size:18px}}
"#;

/// A whole page: `title` (escaped here), the page's own extra `style`, its `body` (markup), its `script`.
pub fn page(title: &str, style: &str, body: &str, script: &str) -> String {
    let mut out =
        String::with_capacity(body.len() + STYLE.len() + style.len() + script.len() + 512);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}{style}</style>\n</head>\n<body>\n{body}\n",
        escape(title)
    );
    if !script.is_empty() {
        let _ = write!(out, "<script>\n{script}\n</script>\n");
    }
    out += "</body>\n</html>\n";
    out
}

/// `s` as HTML text, safe in element content and in quoted attribute values alike: `< > & " '` as
/// entities, and every character that would be invisible or would reorder what is shown around it — C0
/// and C1 controls but the newline and tab, bidirectional overrides and isolates (a name that reads
/// backwards), zero-width characters, line and paragraph separators — written out as `\u{202e}`, as the
/// terminal reports show them. `\r` shows as `\r`: a stray carriage return is often the bug.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' | '\t' => out.push(c),
            '\r' => out.push_str("\\r"),
            c if invisible(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// Characters a reader cannot see, or that reorder the text around them.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}'
            | '\u{feff}' | '\u{fff9}'..='\u{fffb}')
}

/// The CSS class of a verdict: its code (`AC`, `TLE`, …), which the style colours.
pub fn class(verdict: Verdict) -> &'static str {
    verdict.code()
}

/// `<span class="v WA">WA</span>`: the letters always, the colour besides.
pub fn badge(verdict: Verdict) -> String {
    format!(
        "<span class=\"v status {}\">{}</span>",
        class(verdict),
        verdict.code()
    )
}

/// `1.5 KiB`, `12.0 MiB`, `87 bytes`.
pub fn size(bytes: u64) -> String {
    match bytes {
        0..=1023 => format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" }),
        1024..=1_048_575 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
    }
}

/// A command line as a shell would take it back: `program` then each argument, quoted where needed.
pub fn command_line(program: &str, args: &[String]) -> String {
    let mut out = program.to_string();
    for arg in args {
        out.push(' ');
        let plain = !arg.is_empty()
            && arg
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c));
        if plain {
            out += arg;
        } else {
            out += &format!("'{}'", arg.replace('\'', "'\\''"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_makes_markup_and_invisible_characters_text() {
        assert_eq!(
            escape("<script>alert('x&y')</script> \"q\""),
            "&lt;script&gt;alert(&#39;x&amp;y&#39;)&lt;/script&gt; &quot;q&quot;"
        );
        assert_eq!(
            escape("a\u{202e}b\u{2066}c\u{200b}d\u{2028}e\u{1b}[2J\u{9b}f\r\n\tg"),
            "a\\u{202e}b\\u{2066}c\\u{200b}d\\u{2028}e\\u{1b}[2J\\u{9b}f\\r\n\tg"
        );
        assert_eq!(escape("é 日本 ←"), "é 日本 ←");
    }

    #[test]
    fn a_page_forbids_every_fetch_and_escapes_its_title() {
        let html = page("<b>", ".x{}", "<p>body</p>", "var a=1;");
        assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
        assert!(html.contains(&format!("content=\"{POLICY}\"")));
        assert!(html.contains("<title>&lt;b&gt;</title>"));
        assert!(html.contains("<script>\nvar a=1;\n</script>"));
        assert!(!page("t", "", "", "").contains("<script"));
        for fetch in ["http:", "https:", "<link", " src="] {
            assert!(!html.contains(fetch), "{fetch}");
        }
    }

    #[test]
    fn a_command_line_quotes_what_a_shell_would_split() {
        let args: Vec<String> = ["poj1077", "--html", "my page.html", "it's", ""]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            command_line("judge", &args),
            "judge poj1077 --html 'my page.html' 'it'\\''s' ''"
        );
    }

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(
            (size(1), size(87), size(1536), size(5 << 20)),
            (
                "1 byte".into(),
                "87 bytes".into(),
                "1.5 KiB".into(),
                "5.0 MiB".into()
            )
        );
    }
}
