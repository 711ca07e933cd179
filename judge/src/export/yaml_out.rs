//! Writing the YAML the export produces (`problem.yaml`, test group files): scalars plain where every
//! reader types them as the same string, double-quoted otherwise; a parsed `Node` written back in block
//! style. Pure; what it writes, `crate::yaml` reads back to the same values (tests).

use crate::yaml::{Node, Value};

/// A string as a YAML scalar that reads back as that string.
pub fn scalar(text: &str) -> String {
    if plain_is_safe(text) {
        text.to_string()
    } else {
        quoted(text)
    }
}

/// Plain only for words of letters, digits, spaces inside and `-_.()`, and not a word YAML 1.1 readers
/// would type as something else (a boolean, null, a number).
fn plain_is_safe(text: &str) -> bool {
    let first_ok = text.chars().next().is_some_and(|c| c.is_alphanumeric());
    let chars_ok = text.chars().all(|c| {
        c.is_alphanumeric()
            || matches!(c, ' ' | '-' | '_' | '.' | '(' | ')')
            || (!c.is_ascii() && !c.is_control() && !c.is_whitespace())
    });
    let typed = matches!(
        text.to_ascii_lowercase().as_str(),
        "true" | "false" | "yes" | "no" | "on" | "off" | "null" | "y" | "n"
    ) || text.replace('_', "").parse::<f64>().is_ok();
    first_ok && chars_ok && !typed && !text.ends_with(' ')
}

/// A double-quoted scalar, escaped.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A number as YAML writes it: whole numbers without a fraction.
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// `[a, b, c]`.
pub fn flow_seq(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|i| scalar(i)).collect();
    format!("[{}]", items.join(", "))
}

/// `key: value` at `indent` spaces, a collection below it in block style; ends with a newline.
pub fn entry(key: &str, node: &Node, indent: usize) -> String {
    let pad = " ".repeat(indent);
    match &node.value {
        Value::Null => format!("{pad}{key}:\n"),
        Value::Scalar {
            text,
            quoted: was_quoted,
        } => {
            // A quoted scalar keeps its quotes (`"2"` is a string, 2 a number); a plain one stays plain
            // where it reads back the same.
            let value = if *was_quoted || !is_plain_word(text) {
                quoted(text)
            } else {
                text.clone()
            };
            format!("{pad}{key}: {value}\n")
        }
        Value::Seq(items) if items.iter().all(|i| i.text().is_some()) => {
            let words: Vec<String> = items
                .iter()
                .filter_map(|i| i.text().map(String::from))
                .collect();
            format!("{pad}{key}: {}\n", flow_seq(&words))
        }
        Value::Seq(items) => {
            let mut out = format!("{pad}{key}:\n");
            for item in items {
                // A map item: its first key on the dash's line, the rest under it.
                let body = match &item.value {
                    Value::Map(entries) => entries
                        .iter()
                        .map(|(k, v)| entry(&k.text, v, indent + 4))
                        .collect::<String>(),
                    _ => entry("x", item, 0)["x: ".len()..].to_string(),
                };
                let body = body.strip_prefix(&" ".repeat(indent + 4)).unwrap_or(&body);
                out.push_str(&format!("{pad}  - {body}"));
            }
            out
        }
        Value::Map(entries) => {
            let mut out = format!("{pad}{key}:\n");
            for (k, v) in entries {
                out.push_str(&entry(&k.text, v, indent + 2));
            }
            out
        }
    }
}

/// A plain scalar the source wrote that reads back the same when written plain again: numbers, booleans
/// and simple words keep their (typed) form.
fn is_plain_word(text: &str) -> bool {
    !text.is_empty()
        && !text.contains(": ")
        && !text.contains(" #")
        && !text.starts_with(|c: char| "-?:,[]{}#&*!|>'\"%@`".contains(c) || c.is_whitespace())
        && !text.ends_with(|c: char| c.is_whitespace() || c == ':')
        && !text.contains(['\n', '\t', '{', '}', '[', ']', ','])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml;

    #[test]
    fn scalars_read_back_as_written() {
        for text in [
            "Eight",
            "Go capture (9 × 9)",
            "m,n,k-game: the exact value",
            "yes",
            "1",
            "1e3",
            "a \"quote\" \\ and\nnewline",
            "http://poj.org/problem?id=1077",
            "",
            " lead",
        ] {
            let doc = yaml::parse(&format!("k: {}\n", scalar(text))).unwrap();
            let node = doc.get("k").unwrap();
            assert_eq!(node.text(), Some(text), "{text:?} as {}", scalar(text));
            assert!(
                node.number().is_none() && node.boolean().is_none(),
                "{text:?} stays a string"
            );
        }
        assert_eq!(scalar("Eight"), "Eight");
        assert_eq!(scalar("yes"), "\"yes\"");
    }

    #[test]
    fn nodes_are_written_back_in_block_style() {
        let text = "source:\n  - name: NWERC 2024\n    url: https://x.example\n  - SWERC\nmemory: 64\nname: \"2\"\nlist: [a, b]\n";
        let doc = yaml::parse(text).unwrap();
        let mut out = String::new();
        let crate::yaml::Value::Map(entries) = &doc.value else {
            panic!()
        };
        for (key, node) in entries {
            out.push_str(&entry(&key.text, node, 0));
        }
        assert_eq!(
            out,
            "source:\n  - name: NWERC 2024\n    url: https://x.example\n  - SWERC\nmemory: 64\nname: \"2\"\nlist: [a, b]\n"
        );
        assert!(yaml::parse(&out).is_ok());
        assert_eq!(number(1.5), "1.5");
        assert_eq!(number(20.0), "20");
    }
}
