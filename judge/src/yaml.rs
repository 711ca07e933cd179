//! The YAML subset problem packages are written in (`problem.yaml`, `testdata.yaml` / `test_group.yaml`,
//! `submissions.yaml`): block mappings and sequences by indentation, `[a, b]` and `{k: v}` flow
//! collections (over several lines too), plain, `'single'` and `"double"` quoted scalars (a plain scalar may
//! go on over more-indented lines), `|` and `>` block scalars, `#` comments, one document (`---` allowed).
//! Anchors, aliases, tags, complex keys and several documents are outside the subset and refused with a
//! message saying so. Every node keeps its 1-based line, so the loader can name `file:line`.
//!
//! Scalars stay text (with whether they were quoted): the loader decides what a key's value must be, the way
//! the format's own readers (PyYAML) would type it.

use std::collections::{HashMap, HashSet};

/// A parsed node and the line it starts on.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub line: usize,
    pub value: Value,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `~`, `null` or nothing at all.
    Null,
    Scalar {
        text: String,
        quoted: bool,
    },
    Seq(Vec<Node>),
    /// Keys in file order, each with its line.
    Map(Vec<(Key, Node)>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    pub text: String,
    pub line: usize,
}

/// A syntax error at a 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub message: String,
}

impl Node {
    /// The value of `key` in a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|(k, _)| k.text == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text of a scalar (quoted or not); `None` for null and collections.
    pub fn text(&self) -> Option<&str> {
        match &self.value {
            Value::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        self.value == Value::Null
    }

    /// A number as YAML 1.1 readers type it (`1`, `-2.5`, `1e-6`, `1_000`, `.5`); a quoted scalar is a string.
    pub fn number(&self) -> Option<f64> {
        match &self.value {
            Value::Scalar {
                text,
                quoted: false,
            } => {
                let plain = text.replace('_', "");
                let lower = plain.to_ascii_lowercase();
                match lower.trim_start_matches(['+', '-']) {
                    ".inf" => Some(if lower.starts_with('-') {
                        f64::NEG_INFINITY
                    } else {
                        f64::INFINITY
                    }),
                    // Rust would read `inf`, `nan` and `infinity`; YAML does not.
                    "inf" | "infinity" | "nan" | ".nan" | "" => None,
                    _ => plain.parse::<f64>().ok(),
                }
            }
            _ => None,
        }
    }

    /// A boolean as YAML 1.1 readers (PyYAML, which the format's reference tools use) type it.
    pub fn boolean(&self) -> Option<bool> {
        match &self.value {
            Value::Scalar {
                text,
                quoted: false,
            } => match text.to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" => Some(true),
                "false" | "no" | "off" => Some(false),
                _ => None,
            },
            _ => None,
        }
    }

    /// What the node is, for "expected a number, found a mapping" messages.
    pub fn kind(&self) -> &'static str {
        match &self.value {
            Value::Null => "nothing",
            Value::Scalar { .. } => "a scalar",
            Value::Seq(_) => "a sequence",
            Value::Map(_) => "a mapping",
        }
    }
}

/// One physical line: its number, indentation, the text after the indentation without a trailing comment,
/// and the raw line (block scalars keep `#` as text).
struct Line<'a> {
    number: usize,
    indent: usize,
    content: String,
    raw: &'a str,
}

/// Parses one document.
pub fn parse(text: &str) -> Result<Node, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    let mut started = false;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let fail = |message: &str| Error {
            line: number,
            message: message.to_string(),
        };
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let body = raw.trim_start_matches(' ');
        if body.starts_with('\t') {
            return Err(fail(
                "a tab in the indentation (YAML indents with spaces only)",
            ));
        }
        let content = strip_comment(body).trim_end().to_string();
        if !started && content.starts_with('%') {
            continue; // a directive (`%YAML 1.2`) before the document
        }
        if content == "---" || content.starts_with("--- ") {
            if started || !lines.is_empty() {
                return Err(fail("a second document (`---`): one document a file"));
            }
            started = true;
            let rest = content[3..].trim();
            if !rest.is_empty() {
                return Err(fail(
                    "content after `---`: start the document on the next line",
                ));
            }
            continue;
        }
        if content == "..." {
            break;
        }
        lines.push(Line {
            number,
            indent: raw.len() - body.len(),
            content,
            raw,
        });
    }
    let mut parser = Parser {
        lines,
        pos: 0,
        depth: 0,
    };
    parser.skip_blank();
    if parser.pos == parser.lines.len() {
        return Ok(Node {
            line: 1,
            value: Value::Null,
        });
    }
    let indent = parser.lines[parser.pos].indent;
    let node = parser.block(indent)?;
    parser.skip_blank();
    if let Some(line) = parser.lines.get(parser.pos) {
        return Err(Error {
            line: line.number,
            message: format!("unexpected `{}` (check the indentation)", line.content),
        });
    }
    Ok(node)
}

/// The line without its comment: `#` at the start or after a space, outside quotes.
fn strip_comment(body: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match quote {
            Some('"') if c == '\\' => {
                chars.next();
            }
            Some(q) if c == q => {
                // `''` inside single quotes is an escaped quote.
                if q == '\'' && chars.peek().is_some_and(|&(_, n)| n == '\'') {
                    chars.next();
                } else {
                    quote = None;
                }
            }
            Some(_) => {}
            None if c == '#' && previous.is_whitespace() => return &body[..i],
            // A quote opens a quoted scalar only where a scalar can start.
            None if (c == '"' || c == '\'') && ": -[{,?".contains(previous) => quote = Some(c),
            None => {}
        }
        previous = c;
    }
    body
}

struct Parser<'a> {
    lines: Vec<Line<'a>>,
    pos: usize,
    /// How many collections deep the parse is now (bounded: a hostile file must not overflow the stack).
    depth: usize,
}

/// The deepest nesting of collections the reader follows; the format's files need four or five.
const MAX_DEPTH: usize = 64;

fn too_deep(line: usize) -> Error {
    Error {
        line,
        message: format!("collections nested more than {MAX_DEPTH} deep"),
    }
}

impl Parser<'_> {
    fn skip_blank(&mut self) {
        while self.pos < self.lines.len() && self.lines[self.pos].content.is_empty() {
            self.pos += 1;
        }
    }

    fn fail<T>(&self, line: usize, message: impl Into<String>) -> Result<T, Error> {
        Err(Error {
            line,
            message: message.into(),
        })
    }

    /// A block collection (or a lone scalar) whose first line is at `pos` with indentation `indent`.
    fn block(&mut self, indent: usize) -> Result<Node, Error> {
        if self.depth == MAX_DEPTH {
            return Err(too_deep(self.lines[self.pos].number));
        }
        self.depth += 1;
        let node = self.block_at(indent);
        self.depth -= 1;
        node
    }

    fn block_at(&mut self, indent: usize) -> Result<Node, Error> {
        let first = &self.lines[self.pos];
        if is_item(&first.content) {
            self.sequence(indent)
        } else if split_key(&first.content).is_some() {
            self.mapping(indent)
        } else {
            let (number, content) = (first.number, first.content.clone());
            self.pos += 1;
            self.scalar_value(&content, number, indent)
        }
    }

    fn sequence(&mut self, indent: usize) -> Result<Node, Error> {
        let start = self.lines[self.pos].number;
        let mut items = Vec::new();
        loop {
            self.skip_blank();
            let Some(line) = self.lines.get(self.pos) else {
                break;
            };
            if line.indent < indent || (line.indent == indent && !is_item(&line.content)) {
                break;
            }
            if line.indent > indent {
                return self.fail(line.number, "more indented than the sequence's items");
            }
            let number = line.number;
            let rest = line.content[1..].trim_start().to_string();
            // Column of what follows `- `: a mapping inside an item lines up there.
            let column = indent + (line.content.len() - rest.len());
            if rest.is_empty() {
                self.pos += 1;
                items.push(self.nested(indent, number)?);
            } else if is_item(&rest) || split_key(&rest).is_some() {
                // `- key: value` (or `- - x`): the item is a block starting mid-line.
                self.lines[self.pos].content = rest;
                self.lines[self.pos].indent = column;
                items.push(self.block(column)?);
            } else {
                self.pos += 1;
                items.push(self.scalar_value(&rest, number, indent)?);
            }
        }
        Ok(Node {
            line: start,
            value: Value::Seq(items),
        })
    }

    fn mapping(&mut self, indent: usize) -> Result<Node, Error> {
        let start = self.lines[self.pos].number;
        let mut entries: Vec<(Key, Node)> = Vec::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        loop {
            self.skip_blank();
            let Some(line) = self.lines.get(self.pos) else {
                break;
            };
            if line.indent < indent {
                break;
            }
            let number = line.number;
            if line.indent > indent {
                return self.fail(number, "more indented than the keys around it");
            }
            let Some((key, rest)) = split_key(&line.content) else {
                if is_item(&line.content) {
                    return self.fail(number, "a sequence item where a `key: value` was expected");
                }
                return self.fail(
                    number,
                    format!("expected `key: value`, found `{}`", line.content),
                );
            };
            let key = key?;
            let rest = rest.to_string();
            // A set of the keys so far, not a scan of them: a file of 100,000 keys is read in linear time.
            if let Some(first) = seen.insert(key.clone(), number) {
                return self.fail(
                    number,
                    format!("key `{key}` repeated (first on line {first})"),
                );
            }
            self.pos += 1;
            let value = if rest.is_empty() {
                self.nested(indent, number)?
            } else {
                self.scalar_value(&rest, number, indent)?
            };
            entries.push((
                Key {
                    text: key,
                    line: number,
                },
                value,
            ));
        }
        Ok(Node {
            line: start,
            value: Value::Map(entries),
        })
    }

    /// The value after `key:` or `-` with nothing on the line: a more indented block, a sequence at the
    /// same indentation (`key:` then `- item`), or null.
    fn nested(&mut self, indent: usize, number: usize) -> Result<Node, Error> {
        self.skip_blank();
        match self.lines.get(self.pos) {
            Some(next) if next.indent > indent => {
                let inner = next.indent;
                self.block(inner)
            }
            Some(next)
                if next.indent == indent && is_item(&next.content) && !self.in_sequence(indent) =>
            {
                self.sequence(indent)
            }
            _ => Ok(Node {
                line: number,
                value: Value::Null,
            }),
        }
    }

    /// Whether the line before `pos` at `indent` is a sequence item (then a `- ` at the same indentation is
    /// its sibling, not a nested sequence).
    fn in_sequence(&self, indent: usize) -> bool {
        self.lines[..self.pos]
            .iter()
            .rev()
            .find(|l| !l.content.is_empty() && l.indent <= indent)
            .is_some_and(|l| l.indent == indent && is_item(&l.content))
    }

    /// A value written after `key:` or `- ` on line `number`: a flow collection, a quoted or plain scalar
    /// (either may go on over the following more-indented lines), or a block scalar.
    fn scalar_value(&mut self, text: &str, number: usize, indent: usize) -> Result<Node, Error> {
        let node = |value| {
            Ok(Node {
                line: number,
                value,
            })
        };
        match text.chars().next() {
            Some('&') | Some('*') => {
                return self.fail(number, "anchors and aliases (`&`, `*`) are not supported")
            }
            Some('!') => return self.fail(number, "tags (`!`) are not supported"),
            Some('|') | Some('>') => return self.block_scalar(text, number, indent),
            Some('[') | Some('{') => {
                let mut flow = text.to_string();
                // Each line is scanned once as it is added (not the whole collection again per line).
                let mut balance = Balance::default();
                balance.feed(text);
                while !balance.closed() {
                    let Some(next) = self.lines.get(self.pos) else {
                        return self.fail(number, format!("unclosed `{}`", &text[..1]));
                    };
                    flow.push(' ');
                    flow.push_str(&next.content);
                    balance.feed(" ");
                    balance.feed(&next.content);
                    self.pos += 1;
                }
                let mut reader = Flow {
                    text: &flow,
                    at: 0,
                    line: number,
                    depth: 0,
                };
                let value = reader.value()?;
                reader.spaces();
                if reader.at != reader.text.len() {
                    return self.fail(number, "text after the closing bracket");
                }
                return Ok(value);
            }
            _ => {}
        }
        let mut full = text.to_string();
        // A scalar goes on over more-indented lines (folded with single spaces).
        while let Some(next) = self.lines.get(self.pos) {
            if next.content.is_empty() || next.indent <= indent {
                break;
            }
            full.push(' ');
            full.push_str(&next.content);
            self.pos += 1;
        }
        match full.chars().next() {
            Some(q @ ('"' | '\'')) => {
                let (value, used) = quoted(&full, q).map_err(|message| Error {
                    line: number,
                    message,
                })?;
                if !full[used..].trim().is_empty() {
                    return self.fail(number, "text after the closing quote");
                }
                node(Value::Scalar {
                    text: value,
                    quoted: true,
                })
            }
            _ => node(plain(&full)),
        }
    }

    /// `|` (lines kept) or `>` (lines folded), with an optional chomping indicator `-` or `+`.
    fn block_scalar(&mut self, header: &str, number: usize, indent: usize) -> Result<Node, Error> {
        let literal = header.starts_with('|');
        let chomp = header[1..].trim();
        if !matches!(chomp, "" | "-" | "+") {
            return self.fail(
                number,
                format!("block scalar header `{header}` not supported (use |, |-, |+, >, >-, >+)"),
            );
        }
        // The block's lines: every following line more indented than its key, or blank; the first
        // non-blank one sets how much indentation is cut from all of them.
        let mut body: Vec<&str> = Vec::new();
        let mut inner: Option<usize> = None;
        while let Some(next) = self.lines.get(self.pos) {
            let blank = next.raw.trim().is_empty();
            if !blank && next.indent <= indent {
                break;
            }
            if blank {
                body.push("");
            } else {
                let cut = *inner.get_or_insert(next.indent);
                if next.indent < cut {
                    return self.fail(
                        next.number,
                        "less indented than the block scalar's first line",
                    );
                }
                body.push(&next.raw[cut..]);
            }
            self.pos += 1;
        }
        let mut text = if literal {
            body.join("\n")
        } else {
            let mut folded = String::new();
            for (i, line) in body.iter().enumerate() {
                if i > 0 {
                    folded.push(if line.is_empty() || body[i - 1].is_empty() {
                        '\n'
                    } else {
                        ' '
                    });
                }
                folded.push_str(line);
            }
            folded
        };
        let content_end = text.trim_end_matches('\n').len();
        match chomp {
            "-" => text.truncate(content_end),
            "+" => text.push('\n'),
            _ => {
                text.truncate(content_end);
                if content_end > 0 {
                    text.push('\n');
                }
            }
        }
        Ok(Node {
            line: number,
            value: Value::Scalar { text, quoted: true },
        })
    }
}

/// `- x` or a lone `-`.
fn is_item(content: &str) -> bool {
    content == "-" || content.starts_with("- ")
}

/// `key: rest` → (key, rest); a quoted key is unquoted. `None` when the line holds no `key:`.
fn split_key(content: &str) -> Option<(Result<String, Error>, &str)> {
    if content.starts_with('"') || content.starts_with('\'') {
        let q = content.chars().next()?;
        let (key, used) = quoted(content, q).ok()?;
        let rest = content[used..].trim_start().strip_prefix(':')?;
        return (rest.is_empty() || rest.starts_with(' ')).then(|| (Ok(key), rest.trim()));
    }
    if content.starts_with(['[', '{', '|', '>', '&', '*', '!']) {
        return None;
    }
    let at = content
        .match_indices(':')
        .map(|(i, _)| i)
        .find(|&i| content[i + 1..].is_empty() || content[i + 1..].starts_with(' '))?;
    let key = content[..at].trim_end();
    if key.is_empty() {
        return None;
    }
    if key.starts_with('?') {
        return Some((
            Err(Error {
                line: 0,
                message: "complex keys (`?`) are not supported".into(),
            }),
            "",
        ));
    }
    Some((Ok(key.to_string()), content[at + 1..].trim()))
}

/// A plain scalar: `~`, `null` and nothing are null; the rest is text.
fn plain(text: &str) -> Value {
    let text = text.trim();
    match text {
        "" | "~" | "null" | "Null" | "NULL" => Value::Null,
        _ => Value::Scalar {
            text: text.to_string(),
            quoted: false,
        },
    }
}

/// A quoted scalar at the start of `text` (which starts with `q`): its value and the bytes used.
fn quoted(text: &str, q: char) -> Result<(String, usize), String> {
    let mut value = String::new();
    let mut chars = text.char_indices().skip(1).peekable();
    while let Some((i, c)) = chars.next() {
        if c == q {
            if q == '\'' && chars.peek().is_some_and(|&(_, n)| n == '\'') {
                chars.next();
                value.push('\'');
                continue;
            }
            return Ok((value, i + 1));
        }
        if q == '"' && c == '\\' {
            let Some((_, e)) = chars.next() else { break };
            match e {
                'n' => value.push('\n'),
                't' => value.push('\t'),
                'r' => value.push('\r'),
                '0' => value.push('\0'),
                '"' | '\\' | '/' | ' ' => value.push(e),
                'u' | 'x' | 'U' => {
                    let width = match e {
                        'x' => 2,
                        'u' => 4,
                        _ => 8,
                    };
                    let hex: String = (0..width)
                        .filter_map(|_| chars.next().map(|(_, h)| h))
                        .collect();
                    let code = u32::from_str_radix(&hex, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or(format!("bad escape `\\{e}{hex}`"))?;
                    value.push(code);
                }
                other => {
                    return Err(format!(
                        "unknown escape `\\{other}` in a double-quoted string"
                    ))
                }
            }
            continue;
        }
        value.push(c);
    }
    Err(format!("unterminated string: a closing `{q}` is missing"))
}

/// Whether every `[`/`{` outside quotes is closed, over text fed a line at a time.
#[derive(Default)]
struct Balance {
    depth: i64,
    quote: Option<char>,
    /// A `\` inside double quotes was the last character fed: the next one is escaped.
    escaped: bool,
}

impl Balance {
    fn feed(&mut self, text: &str) {
        for c in text.chars() {
            if self.escaped {
                self.escaped = false;
                continue;
            }
            match self.quote {
                Some('"') if c == '\\' => self.escaped = true,
                Some(q) if c == q => self.quote = None,
                Some(_) => {}
                None => match c {
                    '"' | '\'' => self.quote = Some(c),
                    '[' | '{' => self.depth += 1,
                    ']' | '}' => self.depth -= 1,
                    _ => {}
                },
            }
        }
    }

    fn closed(&self) -> bool {
        self.depth <= 0
    }
}

/// A flow collection (`[a, b]`, `{k: v}`) read character by character.
struct Flow<'a> {
    text: &'a str,
    /// A byte offset into `text`, always at a character boundary.
    at: usize,
    line: usize,
    depth: usize,
}

impl Flow<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn fail<T>(&self, message: &str) -> Result<T, Error> {
        Err(Error {
            line: self.line,
            message: message.to_string(),
        })
    }

    fn spaces(&mut self) {
        while let Some(c) = self.peek().filter(|c| c.is_whitespace()) {
            self.at += c.len_utf8();
        }
    }

    fn value(&mut self) -> Result<Node, Error> {
        if self.depth == MAX_DEPTH {
            return Err(too_deep(self.line));
        }
        self.depth += 1;
        let node = self.value_at();
        self.depth -= 1;
        node
    }

    fn value_at(&mut self) -> Result<Node, Error> {
        self.spaces();
        let line = self.line;
        let node = |value| Ok(Node { line, value });
        match self.peek() {
            Some('[') => {
                self.at += 1;
                let mut items = Vec::new();
                loop {
                    self.spaces();
                    if self.peek() == Some(']') {
                        self.at += 1;
                        return node(Value::Seq(items));
                    }
                    items.push(self.value()?);
                    self.spaces();
                    match self.peek() {
                        Some(',') => self.at += 1,
                        Some(']') => {}
                        _ => return self.fail("expected `,` or `]` in a flow sequence"),
                    }
                }
            }
            Some('{') => {
                self.at += 1;
                let mut entries: Vec<(Key, Node)> = Vec::new();
                let mut seen: HashSet<String> = HashSet::new();
                loop {
                    self.spaces();
                    if self.peek() == Some('}') {
                        self.at += 1;
                        return node(Value::Map(entries));
                    }
                    let key = match self.value()?.value {
                        Value::Scalar { text, .. } => text,
                        _ => return self.fail("a flow mapping key must be a scalar"),
                    };
                    self.spaces();
                    if self.peek() != Some(':') {
                        return self.fail("expected `:` after a key in a flow mapping");
                    }
                    self.at += 1;
                    let value = self.value()?;
                    if !seen.insert(key.clone()) {
                        return self.fail(&format!("key `{key}` repeated"));
                    }
                    entries.push((Key { text: key, line }, value));
                    self.spaces();
                    match self.peek() {
                        Some(',') => self.at += 1,
                        Some('}') => {}
                        _ => return self.fail("expected `,` or `}` in a flow mapping"),
                    }
                }
            }
            Some(q @ ('"' | '\'')) => {
                let (text, used) =
                    quoted(&self.text[self.at..], q).map_err(|message| Error { line, message })?;
                self.at += used;
                node(Value::Scalar { text, quoted: true })
            }
            _ => {
                let start = self.at;
                while let Some(c) = self.peek() {
                    let key_colon = c == ':'
                        && self.text[self.at + 1..]
                            .chars()
                            .next()
                            .map_or(true, char::is_whitespace);
                    if matches!(c, ',' | ']' | '}') || key_colon {
                        break;
                    }
                    self.at += c.len_utf8();
                }
                let text = &self.text[start..self.at];
                node(plain(text))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(text: &str) -> Value {
        Value::Scalar {
            text: text.into(),
            quoted: false,
        }
    }

    fn texts(node: &Node) -> Vec<String> {
        match &node.value {
            Value::Seq(items) => items
                .iter()
                .map(|i| i.text().unwrap_or("~").to_string())
                .collect(),
            _ => panic!("not a sequence: {node:?}"),
        }
    }

    #[test]
    fn a_problem_yaml() {
        let doc = parse(
            "# comment\nproblem_format_version: 2023-07-draft\nname: 'Eight: the 8-puzzle'\nsource: POJ 1077 # trailing\n\
             limits:\n  time_limit: 1.0\n  memory: 64\n  time_multipliers:\n    ac_to_time_limit: 1.5\n\
             keywords: [search, \"A*\"]\nvalidator_flags:\n",
        )
        .unwrap();
        assert_eq!(
            doc.get("problem_format_version").unwrap().text(),
            Some("2023-07-draft")
        );
        assert_eq!(doc.get("name").unwrap().text(), Some("Eight: the 8-puzzle"));
        assert_eq!(doc.get("source").unwrap().value, scalar("POJ 1077"));
        let limits = doc.get("limits").unwrap();
        assert_eq!(limits.line, 6);
        assert_eq!(limits.get("time_limit").unwrap().number(), Some(1.0));
        assert_eq!(limits.get("memory").unwrap().line, 7);
        let multipliers = limits.get("time_multipliers").unwrap();
        assert_eq!(
            multipliers.get("ac_to_time_limit").unwrap().number(),
            Some(1.5)
        );
        assert_eq!(texts(doc.get("keywords").unwrap()), ["search", "A*"]);
        assert!(doc.get("validator_flags").unwrap().is_null());
    }

    #[test]
    fn sequences_of_mappings_and_same_indent_sequences() {
        let doc = parse("credits:\n  authors:\n  - Ada\n  - name: Bob\n    email: b@x\nargs:\n  - - 1\n    - 2\n").unwrap();
        let authors = doc.get("credits").unwrap().get("authors").unwrap();
        let Value::Seq(items) = &authors.value else {
            panic!()
        };
        assert_eq!(items[0].text(), Some("Ada"));
        assert_eq!(items[1].get("email").unwrap().text(), Some("b@x"));
        let Value::Seq(args) = &doc.get("args").unwrap().value else {
            panic!()
        };
        assert_eq!(texts(&args[0]), ["1", "2"]);
    }

    #[test]
    fn scalars_quotes_and_blocks() {
        let doc = parse(
            "a: \"tab\\there \\\"q\\\" \\u00e9\"\nb: 'it''s # not a comment'\nc: it's plain\nd: ~\ne: yes\n\
             f: |\n  line one\n    indented\n\n  last\ng: >-\n  folded\n  text\nh: two\n  lines\nflags: float_tolerance 1e-6\n",
        )
        .unwrap();
        assert_eq!(doc.get("a").unwrap().text(), Some("tab\there \"q\" é"));
        assert_eq!(doc.get("b").unwrap().text(), Some("it's # not a comment"));
        assert_eq!(doc.get("c").unwrap().text(), Some("it's plain"));
        assert!(doc.get("d").unwrap().is_null());
        assert_eq!(doc.get("e").unwrap().boolean(), Some(true));
        assert_eq!(
            doc.get("f").unwrap().text(),
            Some("line one\n  indented\n\nlast\n")
        );
        assert_eq!(doc.get("g").unwrap().text(), Some("folded text"));
        assert_eq!(doc.get("h").unwrap().text(), Some("two lines"));
        assert_eq!(
            doc.get("flags").unwrap().text(),
            Some("float_tolerance 1e-6")
        );
        assert_eq!(parse("x: '5'").unwrap().get("x").unwrap().number(), None);
        assert_eq!(
            parse("x: 1_000").unwrap().get("x").unwrap().number(),
            Some(1000.0)
        );
        assert_eq!(parse("x: inf").unwrap().get("x").unwrap().number(), None);
    }

    #[test]
    fn flow_collections_over_lines() {
        let doc = parse("m: {name: val, flags: [a, 'b c']}\ns: [1,\n  2, 3]\ne: []\n").unwrap();
        let m = doc.get("m").unwrap();
        assert_eq!(m.get("name").unwrap().text(), Some("val"));
        assert_eq!(texts(m.get("flags").unwrap()), ["a", "b c"]);
        assert_eq!(texts(doc.get("s").unwrap()), ["1", "2", "3"]);
        assert_eq!(doc.get("e").unwrap().value, Value::Seq(vec![]));
    }

    #[test]
    fn documents_and_empty_files() {
        assert!(parse("").unwrap().is_null());
        assert!(parse("# only a comment\n\n").unwrap().is_null());
        assert_eq!(
            parse("---\na: 1\n...\n")
                .unwrap()
                .get("a")
                .unwrap()
                .number(),
            Some(1.0)
        );
        assert_eq!(
            parse("\u{feff}a: 1\r\nb: 2\r\n")
                .unwrap()
                .get("b")
                .unwrap()
                .text(),
            Some("2")
        );
    }

    #[test]
    fn errors_name_the_line() {
        let error = |text: &str| {
            let e = parse(text).unwrap_err();
            format!("{}: {}", e.line, e.message)
        };
        assert_eq!(
            error("a: 1\na: 2\n"),
            "2: key `a` repeated (first on line 1)"
        );
        assert_eq!(
            error("a:\n\tb: 1\n"),
            "2: a tab in the indentation (YAML indents with spaces only)"
        );
        assert_eq!(
            error("a: &x 1\n"),
            "1: anchors and aliases (`&`, `*`) are not supported"
        );
        assert_eq!(error("a: !!str 1\n"), "1: tags (`!`) are not supported");
        assert_eq!(
            error("a: 1\n---\nb: 2\n"),
            "2: a second document (`---`): one document a file"
        );
        assert_eq!(
            error("a: \"open\n"),
            "1: unterminated string: a closing `\"` is missing"
        );
        assert_eq!(error("a: [1, 2\n"), "1: unclosed `[`");
        let deep_flow = format!("a: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(error(&deep_flow), "1: collections nested more than 64 deep");
        let deep_block: String = (0..1000)
            .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
            .collect();
        assert_eq!(
            error(&deep_block),
            "65: collections nested more than 64 deep"
        );
        assert_eq!(
            error("a:\n  b: 1\n c: 2\n"),
            "3: more indented than the keys around it"
        );
        assert_eq!(
            error("a: 1\njust text\n"),
            "2: expected `key: value`, found `just text`"
        );
        assert_eq!(
            error("a:\n  - 1\n  b: 2\n"),
            "3: more indented than the keys around it"
        );
        assert_eq!(
            error("- 1\nb: 2\n"),
            "2: unexpected `b: 2` (check the indentation)"
        );
    }
}
