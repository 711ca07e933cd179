//! The small TOML subset the language table (`languages.toml`, or `--languages FILE`) is written in: one
//! `key = value` per line, `#` comments, and values that are double-quoted strings (escapes
//! `\" \\ \n \t \r \u{XXXX}`-style `\uXXXX`), integers (`1_000`), floats (`1e-6`, `0.5`) and booleans, and
//! `[name]` table headers (one level: the keys after a header belong to that table). No arrays, dotted keys
//! or multi-line strings: the table needs none. Problems are packages, read by `yaml.rs`.
//! Errors carry the 1-based line so the caller can name `file:line`.

/// One value of the subset.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    String(String),
    Integer(i64),
    Float(f64),
    Boolean(bool),
}

impl Value {
    /// The type's name as TOML calls it, for "expected an integer, found a string" messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::String(_) => "a string",
            Value::Integer(_) => "an integer",
            Value::Float(_) => "a float",
            Value::Boolean(_) => "a boolean",
        }
    }
}

/// `key = value`, the table it is in (`None` before any header) and the line it sits on.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub table: Option<String>,
    pub key: String,
    pub value: Value,
    pub line: usize,
}

/// A syntax error at a 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub message: String,
}

/// Parses a whole document into its entries in file order; a repeated key or table is an error.
pub fn parse(text: &str) -> Result<Vec<Entry>, Error> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut table: Option<String> = None;
    let mut tables: Vec<(String, usize)> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let fail = |message: String| Error { line, message };
        let content = raw.trim_start_matches('\u{feff}').trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        if let Some(header) = content.strip_prefix('[') {
            let name = table_name(header).map_err(fail)?;
            if let Some((_, first)) = tables.iter().find(|(t, _)| *t == name) {
                return Err(fail(format!(
                    "table [{name}] repeated (first on line {first})"
                )));
            }
            tables.push((name.clone(), line));
            table = Some(name);
            continue;
        }
        let Some((key, rest)) = content.split_once('=') else {
            return Err(fail(format!("expected `key = value`, found `{content}`")));
        };
        let key = parse_key(key.trim()).map_err(fail)?;
        let value = parse_value(rest.trim()).map_err(fail)?;
        if let Some(first) = entries.iter().find(|e| e.key == key && e.table == table) {
            return Err(fail(format!(
                "key `{key}` repeated (first on line {})",
                first.line
            )));
        }
        entries.push(Entry {
            table: table.clone(),
            key,
            value,
            line,
        });
    }
    Ok(entries)
}

/// The name in a `[name]` header (the text after `[`), with an optional comment after the `]`.
fn table_name(header: &str) -> Result<String, String> {
    let Some((name, rest)) = header.split_once(']') else {
        return Err("a table header needs a closing `]`".into());
    };
    if name.starts_with('[') {
        return Err("arrays of tables are not part of the supported TOML subset".into());
    }
    end_of_line(rest.trim())?;
    parse_key(name.trim())
}

/// A bare key (`a-z A-Z 0-9 _ -`) or a quoted one.
fn parse_key(key: &str) -> Result<String, String> {
    if key.starts_with('"') {
        return match parse_string(key)? {
            (s, "") => Ok(s),
            _ => Err(format!("unexpected text after the key {key}")),
        };
    }
    let bare = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if key.is_empty() || !key.chars().all(bare) {
        return Err(format!("invalid key `{key}`"));
    }
    Ok(key.to_string())
}

/// A value followed by nothing but an optional comment.
fn parse_value(text: &str) -> Result<Value, String> {
    if text.starts_with('"') {
        let (s, rest) = parse_string(text)?;
        end_of_line(rest)?;
        return Ok(Value::String(s));
    }
    let (token, rest) = match text.find('#') {
        Some(hash) => (text[..hash].trim_end(), &text[hash..]),
        None => (text, ""),
    };
    end_of_line(rest)?;
    match token {
        "" => Err("missing value after `=`".into()),
        "true" => Ok(Value::Boolean(true)),
        "false" => Ok(Value::Boolean(false)),
        _ => parse_number(token),
    }
}

/// Integers first (so `64` stays an integer), then floats; `_` separates digits in both.
fn parse_number(token: &str) -> Result<Value, String> {
    let digits = token.replace('_', "");
    let numeric = |c: char| c.is_ascii_digit() || "+-.eE".contains(c);
    if token.starts_with('_') || token.ends_with('_') || !digits.chars().all(numeric) {
        return Err(format!(
            "expected a string in double quotes, a number or a boolean, found `{token}`"
        ));
    }
    let unsigned = digits.trim_start_matches(['+', '-']);
    match digits.parse::<i64>() {
        Ok(n) => return Ok(Value::Integer(n)),
        // All digits but too many: an integer out of range, not a float (as TOML says).
        Err(_) if !unsigned.is_empty() && unsigned.bytes().all(|b| b.is_ascii_digit()) => {
            return Err(format!("`{token}` is too large for an integer"))
        }
        Err(_) => {}
    }
    match digits.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(Value::Float(x)),
        _ => Err(format!("`{token}` is not a valid number")),
    }
}

/// A basic string starting at `text[0] == '"'`; returns it and the text after the closing quote.
fn parse_string(text: &str) -> Result<(String, &str), String> {
    let mut out = String::new();
    let mut chars = text.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((out, &text[i + 1..])),
            '\\' => {
                let escaped = match chars.next().map(|(_, e)| e) {
                    Some('"') => '"',
                    Some('\\') => '\\',
                    Some('n') => '\n',
                    Some('t') => '\t',
                    Some('r') => '\r',
                    Some('u') => {
                        let hex: String = (0..4)
                            .filter_map(|_| chars.next().map(|(_, h)| h))
                            .collect();
                        u32::from_str_radix(&hex, 16)
                            .ok()
                            .and_then(char::from_u32)
                            .ok_or_else(|| format!("invalid escape `\\u{hex}`"))?
                    }
                    Some(other) => return Err(format!("invalid escape `\\{other}` in a string")),
                    None => break,
                };
                out.push(escaped);
            }
            _ => out.push(c),
        }
    }
    Err("unterminated string: a closing `\"` is missing".into())
}

/// After a value only whitespace or a `#` comment may follow.
fn end_of_line(rest: &str) -> Result<(), String> {
    let rest = rest.trim_start();
    if rest.is_empty() || rest.starts_with('#') {
        Ok(())
    } else {
        Err(format!("unexpected text after the value: `{rest}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str) -> Vec<(String, Value, usize)> {
        parse(text)
            .unwrap()
            .into_iter()
            .map(|e| (e.key, e.value, e.line))
            .collect()
    }

    fn error(text: &str) -> (usize, String) {
        let e = parse(text).unwrap_err();
        (e.line, e.message)
    }

    #[test]
    fn every_value_type_with_comments_and_blank_lines() {
        let text = "# limits\n\nsolution = \"a/b.rs\"  # where\ntime_limit_ms = 1_000\n\
                    eps = 1e-6\nratio = 0.5\nstrict = true\nloose=false\n";
        assert_eq!(
            values(text),
            vec![
                ("solution".into(), Value::String("a/b.rs".into()), 3),
                ("time_limit_ms".into(), Value::Integer(1000), 4),
                ("eps".into(), Value::Float(1e-6), 5),
                ("ratio".into(), Value::Float(0.5), 6),
                ("strict".into(), Value::Boolean(true), 7),
                ("loose".into(), Value::Boolean(false), 8),
            ]
        );
    }

    #[test]
    fn string_escapes_and_hash_inside_a_string() {
        let text = "title = \"say \\\"hi\\\" # not a comment\\t\\u00e9\\\\\"\r\n";
        assert_eq!(
            values(text),
            vec![(
                "title".into(),
                Value::String("say \"hi\" # not a comment\té\\".into()),
                1
            )]
        );
    }

    #[test]
    fn keys_belong_to_the_table_above_them() {
        let entries = parse("a = 1\n[beyond] # comment\na = 2\n[x]\nb = 3\n").unwrap();
        let tables: Vec<(Option<&str>, &str)> = entries
            .iter()
            .map(|e| (e.table.as_deref(), e.key.as_str()))
            .collect();
        assert_eq!(
            tables,
            [(None, "a"), (Some("beyond"), "a"), (Some("x"), "b")]
        );
    }

    #[test]
    fn negative_numbers_and_quoted_keys() {
        assert_eq!(
            values("\"odd key\" = -3\nx = -2.5"),
            vec![
                ("odd key".into(), Value::Integer(-3), 1),
                ("x".into(), Value::Float(-2.5), 2)
            ]
        );
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            error("a = 1\nb = \"open\n"),
            (2, "unterminated string: a closing `\"` is missing".into())
        );
        assert_eq!(
            error("\n\nno equals here"),
            (3, "expected `key = value`, found `no equals here`".into())
        );
        assert_eq!(
            error("[[table]]"),
            (
                1,
                "arrays of tables are not part of the supported TOML subset".into()
            )
        );
        assert_eq!(
            error("[a]\n[a]"),
            (2, "table [a] repeated (first on line 1)".into())
        );
        assert_eq!(
            error("[a"),
            (1, "a table header needs a closing `]`".into())
        );
        assert_eq!(
            error("a = 1\na = 2"),
            (2, "key `a` repeated (first on line 1)".into())
        );
        assert_eq!(error("a ="), (1, "missing value after `=`".into()));
        assert_eq!(
            error("a = \"x\" y"),
            (1, "unexpected text after the value: `y`".into())
        );
        assert_eq!(
            error("checker = tokens"),
            (
                1,
                "expected a string in double quotes, a number or a boolean, found `tokens`".into()
            )
        );
        assert_eq!(error("bad key = 1"), (1, "invalid key `bad key`".into()));
        assert_eq!(
            error("a = 99999999999999999999"),
            (
                1,
                "`99999999999999999999` is too large for an integer".into()
            )
        );
        assert_eq!(
            error("a = 1.2.3"),
            (1, "`1.2.3` is not a valid number".into())
        );
        assert_eq!(
            error("a = \"\\q\""),
            (1, "invalid escape `\\q` in a string".into())
        );
    }
}
