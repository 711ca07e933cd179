//! `problem.yaml` written in another version of the format: the keys each version names differently
//! (legacy's `validation`, `author`, `source_url`, `time_multiplier`; 2023-07's `type`, `credits`,
//! `time_multipliers`, `time_limit`), the rest carried over as it is. Pure: the parsed file and what the
//! loader made of it in, the new text and what could not be said out.

use super::yaml_out::{self, scalar};
use crate::package::metadata::PLAIN_LIMIT_KEYS;
use crate::package::{Format, Metadata, Version};
use crate::yaml::{self, Node, Value};

/// The new `problem.yaml` and the keys it leaves out (said, never silently).
pub struct Translated {
    pub text: String,
    pub left_out: Vec<String>,
}

/// `text` (the package's problem.yaml, read by the loader as `meta`) written as `to`. `time_limit_s` is
/// the package's fixed time limit, if it has one (problem.yaml's or `.timelimit`'s); `custom_output`,
/// whether it has an output validator.
pub fn translate(
    text: &str,
    meta: &Metadata,
    time_limit_s: Option<f64>,
    custom_output: bool,
    to: Version,
) -> Result<Translated, String> {
    let doc = yaml::parse(text).map_err(|e| format!("problem.yaml:{}: {}", e.line, e.message))?;
    let from = meta.version;
    let mut out = format!(
        "# problem.yaml ({}) written as {} by `judge export`.\n",
        from.name(),
        to.name()
    );
    let mut left_out = Vec::new();
    let line =
        |out: &mut String, key: &str, value: String| out.push_str(&format!("{key}: {value}\n"));
    line(&mut out, "problem_format_version", to.name().to_string());
    // What kind of problem: legacy says it in `validation`, 2023-07 in `type`.
    let mut types = problem_types(&doc, meta);
    match to.format() {
        Format::Legacy => {
            types.retain(|t| t == "scoring");
            if let Some(t) = types.first() {
                line(&mut out, "type", t.clone());
            }
        }
        Format::Modern => match types.len() {
            0 => {}
            1 => line(&mut out, "type", types[0].clone()),
            _ => line(&mut out, "type", yaml_out::flow_seq(&types)),
        },
    }
    if let Some(name) = doc.get("name") {
        match (&name.value, to.format()) {
            (Value::Map(_), Format::Legacy) => line(
                &mut out,
                "name",
                scalar(meta.name.as_deref().unwrap_or_default()),
            ),
            _ => out.push_str(&yaml_out::entry("name", name, 0)),
        }
    }
    if let Some(uuid) = doc.get("uuid") {
        out.push_str(&yaml_out::entry("uuid", uuid, 0));
    }
    credits(&doc, from, to, &mut out);
    source(&doc, from, to, &mut out);
    for key in ["license", "rights_owner"] {
        if let Some(node) = doc.get(key) {
            out.push_str(&yaml_out::entry(key, node, 0));
        }
    }
    if to.format() == Format::Legacy && (custom_output || meta.interactive || meta.multi_pass) {
        let mut validation = String::from("custom");
        if meta.interactive {
            validation.push_str(" interactive");
        }
        if meta.multi_pass {
            validation.push_str(" multi-pass");
        }
        out.push_str(&format!("validation: {validation}\n"));
    }
    if to.format() == Format::Legacy && !meta.validator_flags.is_empty() {
        out.push_str(&format!(
            "validator_flags: {}\n",
            scalar(&meta.validator_flags.join(" "))
        ));
    }
    out.push_str(&limits(&doc, meta, time_limit_s, to, &mut left_out));
    if let Some(keywords) = doc.get("keywords") {
        let words = crate::package::metadata::words(keywords);
        if !words.is_empty() {
            match to.format() {
                Format::Legacy => line(&mut out, "keywords", scalar(&words.join(" "))),
                Format::Modern => line(&mut out, "keywords", yaml_out::flow_seq(&words)),
            }
        }
    }
    // The keys only the 2023-07 versions have (the loader's list), carried over word for word; `credits`
    // is translated above.
    let legacy = Version::Legacy.problem_keys();
    let modern_only = Version::Draft2023.problem_keys().iter();
    for &key in modern_only.filter(|k| !legacy.contains(k) && **k != "credits") {
        let Some(node) = doc.get(key) else { continue };
        match to.format() {
            Format::Modern => out.push_str(&yaml_out::entry(key, node, 0)),
            Format::Legacy => {
                left_out.push(format!("problem.yaml: `{key}` (legacy has no such key)"))
            }
        }
    }
    if let Some(grading) = doc.get("grading").filter(|g| !g.is_null()) {
        match to.format() {
            Format::Legacy => out.push_str(&yaml_out::entry("grading", grading, 0)),
            Format::Modern => left_out.push(
                "problem.yaml: `grading` (legacy's scoring settings; 2023-07 has none)".into(),
            ),
        }
    }
    if from.format() == Format::Legacy
        && to.format() == Format::Modern
        && !meta.validator_flags.is_empty()
    {
        // Said where it goes: the export writes them into every test group's output validator arguments.
        left_out.push(format!(
            "problem.yaml: `validator_flags: {}` (moved into the test groups' output validator arguments)",
            meta.validator_flags.join(" ")
        ));
    }
    Ok(Translated {
        text: out,
        left_out,
    })
}

/// The problem's types as 2023-07 words (`pass-fail` left implicit).
fn problem_types(doc: &Node, meta: &Metadata) -> Vec<String> {
    let mut types: Vec<String> = doc
        .get("type")
        .map(crate::package::metadata::words)
        .unwrap_or_default()
        .into_iter()
        .filter(|t| t != "pass-fail")
        .collect();
    let legacy_validation = doc
        .get("validation")
        .and_then(Node::text)
        .unwrap_or_default();
    if legacy_validation.split_whitespace().any(|w| w == "score")
        && !types.iter().any(|t| t == "scoring")
    {
        types.push("scoring".into());
    }
    for (flag, word) in [
        (meta.interactive, "interactive"),
        (meta.multi_pass, "multi-pass"),
    ] {
        if flag && !types.iter().any(|t| t == word) {
            types.push(word.into());
        }
    }
    types
}

/// Who made it: legacy's `author` string, 2023-07's `credits`.
fn credits(doc: &Node, from: Version, to: Version, out: &mut String) {
    match (from.format(), to.format()) {
        (Format::Legacy, Format::Legacy) | (Format::Modern, Format::Modern) => {
            let key = if to.format() == Format::Legacy {
                "author"
            } else {
                "credits"
            };
            if let Some(node) = doc.get(key) {
                out.push_str(&yaml_out::entry(key, node, 0));
            }
        }
        (Format::Legacy, Format::Modern) => {
            if let Some(author) = doc.get("author").and_then(Node::text) {
                // Legacy separates authors by `,` or `and`.
                let names: Vec<String> = author
                    .split(',')
                    .flat_map(|part| part.split(" and "))
                    .map(|name| name.trim().to_string())
                    .filter(|name| !name.is_empty())
                    .collect();
                if !names.is_empty() {
                    out.push_str(&format!(
                        "credits:\n  authors: {}\n",
                        yaml_out::flow_seq(&names)
                    ));
                }
            }
        }
        (Format::Modern, Format::Legacy) => {
            let Some(credits) = doc.get("credits") else {
                return;
            };
            let authors = credits.get("authors").unwrap_or(credits);
            let names: Vec<String> = match &authors.value {
                Value::Scalar { text, .. } => vec![text.clone()],
                Value::Seq(items) => items
                    .iter()
                    .filter_map(|p| p.text().or_else(|| p.get("name").and_then(Node::text)))
                    .map(String::from)
                    .collect(),
                Value::Map(_) => authors
                    .get("name")
                    .and_then(Node::text)
                    .map(String::from)
                    .into_iter()
                    .collect(),
                Value::Null => Vec::new(),
            };
            if !names.is_empty() {
                out.push_str(&format!("author: {}\n", scalar(&names.join(", "))));
            }
        }
    }
}

/// Where it comes from: legacy's `source` and `source_url` strings, 2023-07's `source` string, map or list.
fn source(doc: &Node, from: Version, to: Version, out: &mut String) {
    let Some(source) = doc.get("source").filter(|s| !s.is_null()) else {
        return;
    };
    match (from.format(), to.format()) {
        (Format::Modern, Format::Modern) => out.push_str(&yaml_out::entry("source", source, 0)),
        (Format::Legacy, Format::Legacy) => {
            out.push_str(&yaml_out::entry("source", source, 0));
            if let Some(url) = doc.get("source_url") {
                out.push_str(&yaml_out::entry("source_url", url, 0));
            }
        }
        (Format::Legacy, Format::Modern) => {
            let name = source.text().unwrap_or_default();
            match doc.get("source_url").and_then(Node::text) {
                Some(url) => out.push_str(&format!(
                    "source:\n  name: {}\n  url: {}\n",
                    scalar(name),
                    scalar(url)
                )),
                None => out.push_str(&format!("source: {}\n", scalar(name))),
            }
        }
        (Format::Modern, Format::Legacy) => {
            let first = match &source.value {
                Value::Seq(items) => items.first(),
                _ => Some(source),
            };
            let Some(first) = first else { return };
            let name = first
                .text()
                .or_else(|| first.get("name").and_then(Node::text));
            if let Some(name) = name {
                out.push_str(&format!("source: {}\n", scalar(name)));
            }
            if let Some(url) = first.get("url").and_then(Node::text) {
                out.push_str(&format!("source_url: {}\n", scalar(url)));
            }
        }
    }
}

/// The `limits` map: the time margins under each version's names, the time limit where the version
/// states one, the other limits as the source states them.
fn limits(
    doc: &Node,
    meta: &Metadata,
    time_limit_s: Option<f64>,
    to: Version,
    left_out: &mut Vec<String>,
) -> String {
    let mut lines = Vec::new();
    let source = doc.get("limits");
    if let Some(seconds) = time_limit_s.filter(|_| to.states_time_limit()) {
        lines.push(format!("time_limit: {}", yaml_out::number(seconds)));
    }
    let margins = (meta.ac_to_time_limit, meta.time_limit_to_tle);
    match to.format() {
        // Legacy's defaults (5, 2) are not 2023-07's: written always, so the margins stay the package's.
        Format::Legacy => {
            lines.push(format!("time_multiplier: {}", yaml_out::number(margins.0)));
            lines.push(format!(
                "time_safety_margin: {}",
                yaml_out::number(margins.1)
            ));
        }
        Format::Modern if margins != to.default_multipliers() => {
            lines.push("time_multipliers:".into());
            lines.push(format!(
                "  ac_to_time_limit: {}",
                yaml_out::number(margins.0)
            ));
            lines.push(format!(
                "  time_limit_to_tle: {}",
                yaml_out::number(margins.1)
            ));
        }
        Format::Modern => {}
    }
    if let Some(resolution) = source.and_then(|l| l.get("time_resolution")) {
        match to.format() {
            Format::Modern => lines.push(
                yaml_out::entry("time_resolution", resolution, 0)
                    .trim_end()
                    .to_string(),
            ),
            Format::Legacy => left_out
                .push("problem.yaml: `limits.time_resolution` (legacy has no such key)".into()),
        }
    }
    for key in PLAIN_LIMIT_KEYS {
        if let Some(node) = source.and_then(|l| l.get(key)) {
            lines.push(yaml_out::entry(key, node, 0).trim_end().to_string());
        }
    }
    if meta.multi_pass && source.and_then(|l| l.get("validation_passes")).is_some() {
        lines.push(format!("validation_passes: {}", meta.validation_passes));
    }
    if lines.is_empty() {
        return String::new();
    }
    let mut text = String::from("limits:\n");
    for line in lines {
        text.push_str("  ");
        text.push_str(&line);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::package::metadata;

    const DRAFT: &str = "# notes\nproblem_format_version: 2023-07-draft\nname: \"Go capture (9 × 9)\"\n\
                         uuid: 7c5625a1-0264-490e-860b-5bae245612e9\nsource:\n  name: POJ 1077\n  url: http://poj.org/problem?id=1077\n\
                         license: educational\nrights_owner: the authors\nlimits:\n  time_limit: 1\n  memory: 64\n";

    fn translated(text: &str, to: Version, custom: bool) -> Translated {
        let (meta, _) = metadata::parse(text, "problem.yaml").unwrap();
        let seconds = meta.time_limit_ms.map(|ms| ms as f64 / 1000.0);
        translate(text, &meta, seconds, custom, to).unwrap()
    }

    #[test]
    fn draft_to_2025() {
        let out = translated(DRAFT, Version::Published2025, true);
        assert_eq!(
            out.text,
            "# problem.yaml (2023-07-draft) written as 2025-09 by `judge export`.\n\
             problem_format_version: 2025-09\nname: \"Go capture (9 × 9)\"\nuuid: 7c5625a1-0264-490e-860b-5bae245612e9\n\
             source:\n  name: POJ 1077\n  url: http://poj.org/problem?id=1077\nlicense: educational\nrights_owner: the authors\n\
             limits:\n  time_limit: 1\n  memory: 64\n"
        );
        assert!(out.left_out.is_empty());
        // What the loader reads back is what it read.
        let (back, warnings) = metadata::parse(&out.text, "out").unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(back.version, Version::Published2025);
        assert_eq!((back.time_limit_ms, back.memory_mib), (Some(1000), 64));
        assert_eq!(back.source.as_deref(), Some("POJ 1077"));
    }

    #[test]
    fn draft_to_legacy() {
        let out = translated(DRAFT, Version::Legacy, true);
        assert_eq!(
            out.text,
            "# problem.yaml (2023-07-draft) written as legacy by `judge export`.\n\
             problem_format_version: legacy\nname: \"Go capture (9 × 9)\"\nuuid: 7c5625a1-0264-490e-860b-5bae245612e9\n\
             source: POJ 1077\nsource_url: \"http://poj.org/problem?id=1077\"\nlicense: educational\nrights_owner: the authors\n\
             validation: custom\nlimits:\n  time_multiplier: 2\n  time_safety_margin: 1.5\n  memory: 64\n"
        );
        let (back, warnings) = metadata::parse(&out.text, "out").unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(back.custom_validation);
        assert_eq!(
            (
                back.ac_to_time_limit,
                back.time_limit_to_tle,
                back.time_limit_ms
            ),
            (2.0, 1.5, None)
        );
    }

    #[test]
    fn legacy_to_2025_and_back() {
        let legacy = "name: Guess\nauthor: Ada and Bob, Cy\nsource: NWERC\nsource_url: https://x.example\n\
                      validation: custom interactive\nkeywords: search games\nlimits:\n  time_multiplier: 3\n  memory: 512\n";
        let out = translated(legacy, Version::Published2025, true);
        assert_eq!(
            out.text,
            "# problem.yaml (legacy) written as 2025-09 by `judge export`.\n\
             problem_format_version: 2025-09\ntype: interactive\nname: Guess\ncredits:\n  authors: [Ada, Bob, Cy]\n\
             source:\n  name: NWERC\n  url: \"https://x.example\"\n\
             limits:\n  time_multipliers:\n    ac_to_time_limit: 3\n    time_limit_to_tle: 2\n  memory: 512\nkeywords: [search, games]\n"
        );
        let back = translated(&out.text, Version::Legacy, true);
        assert!(
            back.text.contains("author: \"Ada, Bob, Cy\"\n"),
            "{}",
            back.text
        );
        assert!(
            back.text.contains("validation: custom interactive\n"),
            "{}",
            back.text
        );
        assert!(
            back.text
                .contains("source: NWERC\nsource_url: \"https://x.example\"\n"),
            "{}",
            back.text
        );
        assert!(
            back.text
                .contains("time_multiplier: 3\n  time_safety_margin: 2\n"),
            "{}",
            back.text
        );
        assert!(
            back.text.contains("keywords: search games\n"),
            "{}",
            back.text
        );
    }

    #[test]
    fn keys_a_version_lacks_are_said() {
        let draft = "problem_format_version: 2023-07-draft\nname: A\nallow_file_writing: true\nlimits:\n  time_resolution: 0.5\n";
        let out = translated(draft, Version::Legacy, false);
        assert_eq!(
            out.left_out,
            [
                "problem.yaml: `limits.time_resolution` (legacy has no such key)",
                "problem.yaml: `allow_file_writing` (legacy has no such key)",
            ]
        );
        assert!(!out.text.contains("validation"), "{}", out.text);
    }
}
