//! The shrinker: a failing input made as small as it will go while it still fails. Pure: the input is
//! text, and whether a candidate still fails (and stays valid) is the caller's question, asked of a batch
//! of candidates at once (`Oracle`) so the caller can run a batch in parallel; the answer is the first
//! candidate of the batch, in order, that keeps the failure, so a run is the same whatever the parallelism.
//!
//! Method: delta debugging (Zeller & Hildebrandt's ddmin, greedy form) over the input's own structure,
//! pass by pass, each pass trying big reductions before small ones and resuming where it was after a
//! success; the passes repeat until none finds anything (a fixpoint: no single candidate of any pass still
//! fails). The passes, in order:
//! 1. case blocks: a file of cases (a leading count, or blocks up to a terminator) loses runs of cases,
//!    its leading count lowered to match;
//! 2. lines: runs of lines go, with variants that lower a count in the header line above them
//!    (`N M` above M edge lines);
//! 3. tokens: runs of tokens of a line go, with variants that lower the count in front of them (the
//!    line's first token, or a count alone on the line above);
//! 4. board cells: characters of board rows (`..XO.`) become the board's background character;
//! 5. integers: each integer is lowered toward 0 (0, 1, then by a half, a quarter, …, one).
//!
//! Every accepted candidate is strictly smaller in `weight` (lines, tokens, board cells, the integers'
//! magnitude, bytes, compared in that order), so shrinking ends. Candidates already asked about are not
//! asked again.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};

/// What the caller says about a batch of candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The candidate at this index (the first, in order, that does) still fails and is valid.
    Keeps(usize),
    /// None of them does.
    NoneKeeps,
    /// Stop shrinking now (interrupted, or a program failed): keep what was found so far.
    Stop,
}

/// Asked about batches of candidates, in order.
pub trait Oracle {
    fn first_keeping(&mut self, candidates: &[String]) -> Answer;
}

impl<F: FnMut(&[String]) -> Answer> Oracle for F {
    fn first_keeping(&mut self, candidates: &[String]) -> Answer {
        self(candidates)
    }
}

/// What shrinking found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    pub input: String,
    /// Candidates asked about.
    pub tried: usize,
    /// Candidates that kept the failure (each became the new smallest).
    pub kept: usize,
    /// The oracle said to stop before the fixpoint.
    pub stopped: bool,
}

/// The part of `weight` that only the structural passes (cases, lines, tokens, board cells) lower.
pub type Outline = (usize, usize, usize);

/// Shrinks `input`, asking `oracle` about up to `batch` candidates at a time. With a `rival` (the outline
/// of the smallest input found from another start), shrinking gives up once the structural passes have
/// run and left the input no smaller in outline than it: lowering integers could then win only on their
/// magnitude, at the price of a search that costs most of a shrink (a run for every halving).
pub fn shrink(
    input: &str,
    oracle: &mut dyn Oracle,
    batch: usize,
    rival: Option<Outline>,
) -> Shrunk {
    let mut state = Shrinking {
        current: input.to_string(),
        asked: HashSet::new(),
        tried: 0,
        kept: 0,
        stopped: false,
        batch: batch.max(1),
    };
    state.asked.insert(fingerprint(input));
    let passes: [Pass; 5] = [
        block_candidates,
        line_candidates,
        token_candidates,
        board_candidates,
        integer_candidates,
    ];
    loop {
        let before = state.kept;
        for (i, pass) in passes.into_iter().enumerate() {
            state.run(pass, oracle);
            if state.stopped {
                return state.into_shrunk();
            }
            let structural_done = i + 1 == passes.len() - 1;
            if structural_done && rival.is_some_and(|rival| outline(&state.current) >= rival) {
                return state.into_shrunk();
            }
        }
        if state.kept == before {
            return state.into_shrunk();
        }
    }
}

struct Shrinking {
    current: String,
    /// Fingerprints of every candidate asked about (and of the input): not asked again.
    asked: HashSet<u64>,
    tried: usize,
    kept: usize,
    stopped: bool,
    batch: usize,
}

impl Shrinking {
    /// One pass to its end: its candidates in order, a batch at a time; after a success the pass's
    /// candidates are made again from the new input and it goes on from the same place (what came before
    /// was tried on a larger input already).
    fn run(&mut self, pass: Pass, oracle: &mut dyn Oracle) {
        let mut cursor = 0;
        loop {
            let base = weight(&self.current);
            let mut fresh: Vec<(usize, String)> = Vec::new();
            let mut at = 0;
            let (asked, batch) = (&mut self.asked, self.batch);
            // Only the candidates from `cursor` on are made, and only a batch of them: all of a pass's at
            // once are n copies of the input (n lines, or 30 values for each of n integers): 1.3 GB for
            // 3,000 lines of two numbers, past any machine's memory for ten times that.
            pass(&self.current, &mut |make| {
                if at >= cursor {
                    let candidate = make();
                    // Only strictly smaller ones: that is what makes shrinking end.
                    if weight(&candidate) < base && asked.insert(fingerprint(&candidate)) {
                        fresh.push((at, candidate));
                    }
                }
                at += 1;
                fresh.len() < batch
            });
            if fresh.is_empty() {
                return;
            }
            self.tried += fresh.len();
            let texts: Vec<String> = fresh.iter().map(|(_, c)| c.clone()).collect();
            match oracle.first_keeping(&texts) {
                Answer::Keeps(i) if i < fresh.len() => {
                    self.kept += 1;
                    cursor = fresh[i].0;
                    self.current = fresh.swap_remove(i).1;
                }
                Answer::Keeps(_) | Answer::NoneKeeps => cursor = at,
                Answer::Stop => {
                    self.stopped = true;
                    return;
                }
            }
        }
    }

    fn into_shrunk(self) -> Shrunk {
        Shrunk {
            input: self.current,
            tried: self.tried,
            kept: self.kept,
            stopped: self.stopped,
        }
    }
}

fn fingerprint(text: &str) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// How big an input is, compared in order: non-empty lines, tokens, board cells that are not the
/// background, the sum of the integers' magnitudes, bytes. Smaller is simpler.
pub fn weight(input: &str) -> (usize, usize, usize, u128, usize) {
    let text = Text::parse(input);
    let lines = text.lines.iter().filter(|l| !l.trim().is_empty()).count();
    let tokens: Vec<&str> = input.split_ascii_whitespace().collect();
    let magnitude = tokens
        .iter()
        .filter_map(|t| integer(t))
        .map(|v| v.unsigned_abs())
        .fold(0u128, |a, b| a.saturating_add(b));
    let cells = match background(&text) {
        Some(bg) => board_cells(&text, bg).len(),
        None => 0,
    };
    (lines, tokens.len(), cells, magnitude, input.len())
}

/// `weight`'s first three: non-empty lines, tokens, board cells.
pub fn outline(input: &str) -> Outline {
    let (lines, tokens, cells, _, _) = weight(input);
    (lines, tokens, cells)
}

/// An input as lines (without their `\n`), and whether it ends with one.
#[derive(Clone, Debug)]
struct Text {
    lines: Vec<String>,
    newline_at_end: bool,
}

impl Text {
    fn parse(input: &str) -> Text {
        let newline_at_end = input.ends_with('\n');
        let body = input.strip_suffix('\n').unwrap_or(input);
        let lines = if input.is_empty() {
            Vec::new()
        } else {
            body.split('\n').map(String::from).collect()
        };
        Text {
            lines,
            newline_at_end,
        }
    }

    fn render(&self) -> String {
        let mut out = self.lines.join("\n");
        if self.newline_at_end && !self.lines.is_empty() {
            out.push('\n');
        }
        out
    }

    /// Without lines `from..to`.
    fn without(&self, from: usize, to: usize) -> Text {
        let mut lines = self.lines[..from].to_vec();
        lines.extend_from_slice(&self.lines[to..]);
        Text {
            lines,
            newline_at_end: self.newline_at_end,
        }
    }
}

/// The byte ranges of a line's tokens (runs of non-whitespace).
fn token_ranges(line: &str) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut start = None;
    for (i, b) in line.bytes().enumerate() {
        match (b.is_ascii_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                ranges.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        ranges.push((s, line.len()));
    }
    ranges
}

fn integer(token: &str) -> Option<i128> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse().ok()
}

/// What kind of token: an integer, a word of letters, or anything else (a board row, punctuation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Integer,
    Word,
    Other,
}

/// The kinds of a line's tokens: lines of the same shape (`3 3 3`, `win`) often begin the same kind of
/// block.
fn shape(line: &str) -> Vec<Kind> {
    line.split_ascii_whitespace()
        .map(|t| {
            if integer(t).is_some() {
                Kind::Integer
            } else if t.bytes().all(|b| b.is_ascii_alphabetic()) {
                Kind::Word
            } else {
                Kind::Other
            }
        })
        .collect()
}

/// A line that is one integer, and its value.
fn lone_integer(line: &str) -> Option<i128> {
    let mut tokens = line.split_ascii_whitespace();
    match (tokens.next(), tokens.next()) {
        (Some(t), None) => integer(t),
        _ => None,
    }
}

/// `line` with its token `index` replaced by `value`.
fn with_token(line: &str, index: usize, value: &str) -> String {
    let (from, to) = token_ranges(line)[index];
    format!("{}{value}{}", &line[..from], &line[to..])
}

/// `line` without its tokens `from..to` and the whitespace before them (after them, for a line's first
/// tokens).
fn without_tokens(line: &str, from: usize, to: usize) -> String {
    let ranges = token_ranges(line);
    let (cut_from, cut_to) = if from > 0 {
        (ranges[from - 1].1, ranges[to - 1].1)
    } else if to < ranges.len() {
        (ranges[0].0, ranges[to].0)
    } else {
        (ranges[0].0, ranges[to - 1].1)
    };
    format!("{}{}", &line[..cut_from], &line[cut_to..])
}

/// Chunk sizes for `n` items, ddmin's: n/2, n/4, …, 1 (n itself when `whole`).
fn chunk_sizes(n: usize, whole: bool) -> Vec<usize> {
    let mut sizes = Vec::new();
    let mut k = if whole { n } else { n / 2 };
    while k >= 1 {
        if sizes.last() != Some(&k) {
            sizes.push(k);
        }
        k /= 2;
    }
    sizes
}

/// The cases of a file of cases: the line holding their count (if the file starts with one) and the
/// first line of each block. Blocks start with lines of the first block's shape; with a leading count
/// that finds another number of blocks, blocks of equal length are tried when the lines divide evenly.
struct Blocks {
    count_line: Option<usize>,
    starts: Vec<usize>,
}

fn blocks(text: &Text) -> Option<Blocks> {
    let lines = &text.lines;
    let count = lines.first().and_then(|l| lone_integer(l));
    let count_line = count.filter(|&t| t >= 1 && lines.len() > 1).map(|_| 0);
    let body = count_line.map_or(0, |_| 1);
    let first = (body..lines.len()).find(|&i| !lines[i].trim().is_empty())?;
    let first_shape = shape(&lines[first]);
    let mut starts: Vec<usize> = (first..lines.len())
        .filter(|&i| shape(&lines[i]) == first_shape)
        .collect();
    if let (Some(_), Some(t)) = (count_line, count) {
        let body_lines = lines.len() - body;
        let t = t as usize;
        if starts.len() != t && t >= 2 && body_lines % t == 0 {
            let length = body_lines / t;
            starts = (0..t).map(|i| body + i * length).collect();
        }
    }
    (starts.len() >= 2).then_some(Blocks { count_line, starts })
}

/// A pass: offers its candidates in order, each as a function that makes it, while `Offer` says to go on.
type Pass = fn(&str, Offer);
/// Takes a candidate's maker (called only for the candidates wanted); false: stop offering.
type Offer<'a> = &'a mut dyn FnMut(&dyn Fn() -> String) -> bool;

/// Pass 1: runs of case blocks removed, the leading count lowered by as many.
fn block_candidates(input: &str, offer: Offer) {
    let text = Text::parse(input);
    let Some(found) = blocks(&text) else {
        return;
    };
    let n = found.starts.len();
    let end_of = |i: usize| found.starts.get(i).copied().unwrap_or(text.lines.len());
    for k in chunk_sizes(n, false) {
        for first in (0..n).step_by(k) {
            let last = (first + k).min(n);
            let removed = last - first;
            let cut = || text.without(found.starts[first], end_of(last));
            if let Some(line) = found.count_line {
                let t = lone_integer(&text.lines[line]).unwrap_or(0);
                if t > removed as i128 {
                    let fixed = || {
                        let mut fixed = cut();
                        fixed.lines[line] =
                            with_token(&text.lines[line], 0, &(t - removed as i128).to_string());
                        fixed.render()
                    };
                    if !offer(&fixed) {
                        return;
                    }
                }
            }
            if !offer(&|| cut().render()) {
                return;
            }
        }
    }
}

/// Pass 2: runs of lines removed; variants lower an integer of the header line above them (the nearest
/// line of another shape) by the number of lines removed.
fn line_candidates(input: &str, offer: Offer) {
    let text = Text::parse(input);
    let n = text.lines.len();
    let headers = headers(&text);
    for k in chunk_sizes(n, false) {
        for first in (0..n).step_by(k) {
            let last = (first + k).min(n);
            let cut = || text.without(first, last);
            if !offer(&|| cut().render()) {
                return;
            }
            if let Some(h) = headers[first] {
                let removed = (last - first) as i128;
                for (index, token) in text.lines[h].split_ascii_whitespace().enumerate() {
                    if let Some(v) = integer(token).filter(|&v| v >= removed) {
                        let fixed = || {
                            let mut fixed = cut();
                            fixed.lines[h] =
                                with_token(&text.lines[h], index, &(v - removed).to_string());
                            fixed.render()
                        };
                        if !offer(&fixed) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// For each line, its header: the nearest non-blank line above it of another shape. In one sweep (a line
/// of the same shape as the non-blank line above shares its header), not a search back from each line.
fn headers(text: &Text) -> Vec<Option<usize>> {
    let shapes: Vec<Vec<Kind>> = text.lines.iter().map(|l| shape(l)).collect();
    let mut headers = Vec::with_capacity(text.lines.len());
    let mut above: Option<usize> = None;
    for (i, line) in text.lines.iter().enumerate() {
        let header = match above {
            Some(p) if shapes[p] != shapes[i] => Some(p),
            Some(p) => headers[p],
            None => None,
        };
        headers.push(header);
        if !line.trim().is_empty() {
            above = Some(i);
        }
    }
    headers
}

/// Pass 3: runs of tokens of a line removed; variants lower the count in front of them: the line's first
/// token when it counts the others, or a line above holding only the count of this line's tokens.
fn token_candidates(input: &str, offer: Offer) {
    let text = Text::parse(input);
    for (l, line) in text.lines.iter().enumerate() {
        let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
        let n = tokens.len();
        if n == 0 {
            continue;
        }
        let counted_by_first = n >= 2 && integer(tokens[0]) == Some(n as i128 - 1);
        let counted_above = l > 0 && lone_integer(&text.lines[l - 1]) == Some(n as i128);
        for k in chunk_sizes(n, n > 1) {
            for first in (0..n).step_by(k) {
                let last = (first + k).min(n);
                let removed = (last - first) as i128;
                let cut = || without_tokens(line, first, last);
                let plain = || {
                    let mut plain = text.clone();
                    plain.lines[l] = cut();
                    plain
                };
                if counted_by_first && first >= 1 {
                    let fixed = || {
                        let mut fixed = plain();
                        fixed.lines[l] =
                            with_token(&cut(), 0, &(n as i128 - 1 - removed).to_string());
                        fixed.render()
                    };
                    if !offer(&fixed) {
                        return;
                    }
                }
                if counted_above {
                    let fixed = || {
                        let mut fixed = plain();
                        fixed.lines[l - 1] =
                            with_token(&text.lines[l - 1], 0, &(n as i128 - removed).to_string());
                        fixed.render()
                    };
                    if !offer(&fixed) {
                        return;
                    }
                }
                if !offer(&|| plain().render()) {
                    return;
                }
            }
        }
    }
}

/// The board's background: the most common character that is not a letter or digit in the tokens that
/// look like board rows (not integers, at least two characters); `None` without such tokens.
fn background(text: &Text) -> Option<u8> {
    let mut counts = [0usize; 256];
    for line in &text.lines {
        for token in line.split_ascii_whitespace() {
            if token.len() >= 2 && integer(token).is_none() {
                for b in token.bytes().filter(|b| b.is_ascii_punctuation()) {
                    counts[b as usize] += 1;
                }
            }
        }
    }
    let (best, &n) = counts
        .iter()
        .enumerate()
        .max_by_key(|&(b, n)| (n, 255 - b))?;
    (n > 0).then_some(best as u8)
}

/// The (line, byte) places of board cells that are not the background: in board rows, the tokens of two
/// or more characters made only of the characters seen in tokens that hold the background (a row full of
/// stones is a row too; a word like `lose` is not).
fn board_cells(text: &Text, background: u8) -> Vec<(usize, usize)> {
    let rows = |line: &str| -> Vec<(usize, usize)> {
        token_ranges(line)
            .into_iter()
            .filter(|&(from, to)| to - from >= 2 && integer(&line[from..to]).is_none())
            .collect()
    };
    let mut alphabet = [false; 256];
    for line in &text.lines {
        for (from, to) in rows(line) {
            let token = &line.as_bytes()[from..to];
            if token.contains(&background) {
                token.iter().for_each(|&b| alphabet[b as usize] = true);
            }
        }
    }
    let mut cells = Vec::new();
    for (l, line) in text.lines.iter().enumerate() {
        for (from, to) in rows(line) {
            let bytes = line.as_bytes();
            if bytes[from..to]
                .iter()
                .all(|&b| alphabet[b as usize] && b.is_ascii())
            {
                cells.extend(
                    (from..to)
                        .filter(|&i| bytes[i] != background)
                        .map(|i| (l, i)),
                );
            }
        }
    }
    cells
}

/// Pass 4: runs of board cells made background.
fn board_candidates(input: &str, offer: Offer) {
    let text = Text::parse(input);
    let Some(bg) = background(&text) else {
        return;
    };
    let cells = board_cells(&text, bg);
    for k in chunk_sizes(cells.len(), true) {
        for first in (0..cells.len()).step_by(k) {
            let blanked = || {
                let mut lines: Vec<Vec<u8>> =
                    text.lines.iter().map(|l| l.as_bytes().to_vec()).collect();
                for &(l, i) in &cells[first..(first + k).min(cells.len())] {
                    lines[l][i] = bg;
                }
                Text {
                    lines: lines
                        .into_iter()
                        .map(|l| String::from_utf8(l).unwrap_or_default())
                        .collect(),
                    newline_at_end: text.newline_at_end,
                }
                .render()
            };
            if !offer(&blanked) {
                return;
            }
        }
    }
}

/// Pass 5: each integer lowered toward 0: to 0, to ±1, then by half of it, a quarter, …, one: big steps
/// first, so that a value that must stay above some threshold gets there in a logarithmic number of
/// steps, not one by one.
fn integer_candidates(input: &str, offer: Offer) {
    let text = Text::parse(input);
    for (l, line) in text.lines.iter().enumerate() {
        for (index, token) in line.split_ascii_whitespace().enumerate() {
            let Some(v) = integer(token) else { continue };
            let sign = v.signum();
            let mut values = vec![0, sign];
            let mut step = v / 2;
            while step != 0 {
                values.push(v - step);
                step /= 2;
            }
            values.retain(|c| c.unsigned_abs() < v.unsigned_abs());
            values.dedup();
            for value in values {
                let lowered = || {
                    let mut lowered = text.clone();
                    lowered.lines[l] = with_token(line, index, &value.to_string());
                    lowered.render()
                };
                if !offer(&lowered) {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shrinks with a plain predicate, one candidate at a time or in batches.
    fn shrink_by(input: &str, batch: usize, keeps: impl Fn(&str) -> bool) -> Shrunk {
        let mut oracle = |candidates: &[String]| match candidates.iter().position(|c| keeps(c)) {
            Some(i) => Answer::Keeps(i),
            None => Answer::NoneKeeps,
        };
        shrink(input, &mut oracle, batch, None)
    }

    #[test]
    fn texts_keep_their_layout() {
        for input in ["", "a\n", "a\nb", "a  b\r\n\nc\n"] {
            assert_eq!(Text::parse(input).render(), input);
        }
        assert_eq!(without_tokens("1  2 3", 1, 2), "1 3");
        assert_eq!(without_tokens("1  2 3", 0, 1), "2 3");
        assert_eq!(without_tokens(" 1 2", 0, 2), " ");
        assert_eq!(with_token("3 12 17", 1, "5"), "3 5 17");
    }

    #[test]
    fn weight_orders_lines_then_tokens_then_cells_then_magnitudes() {
        assert!(weight("1\n2\n") > weight("1 2\n"));
        assert!(weight("1 2\n") > weight("9\n"));
        assert!(weight("..X\n") > weight("...\n"));
        assert!(weight("10 3\n") > weight("9 3\n"));
        assert_eq!(weight("-4 4\n").3, 8);
    }

    #[test]
    fn a_start_no_smaller_in_shape_than_its_rival_keeps_its_integers() {
        // The "bug": a pair summing past 1000. Alone, the pair's integers are lowered to the boundary.
        let fails = |c: &str| {
            let v: Vec<i64> = c
                .split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect();
            v.len() == 2 && v[0] + v[1] > 1000
        };
        let mut oracle = |candidates: &[String]| match candidates.iter().position(|c| fails(c)) {
            Some(i) => Answer::Keeps(i),
            None => Answer::NoneKeeps,
        };
        let alone = shrink("900 800\n", &mut oracle, 1, None);
        assert_eq!(weight(&alone.input).3, 1001, "{alone:?}");
        // Against a rival of the same outline (one line, two tokens), integers are not worth the runs.
        let rivalled = shrink("900 800\n", &mut oracle, 1, Some(outline("5 996\n")));
        assert_eq!(rivalled.input, "900 800\n");
        assert!(rivalled.tried < alone.tried / 4, "{rivalled:?} {alone:?}");
        // Against a larger rival, the start is shrunk to the end.
        let larger = shrink("900 800\n", &mut oracle, 1, Some(outline("5 996 1\n")));
        assert_eq!(larger, alone);
    }

    #[test]
    fn a_case_file_keeps_the_one_failing_case_and_its_count() {
        // Cases are `n` then n numbers; the "bug": a case holding 7 fails.
        let mut input = String::from("50\n");
        for i in 0..50 {
            input += &format!("3\n{} {} {}\n", i % 5, if i == 31 { 7 } else { 1 }, 2);
        }
        let valid = |text: &str| {
            let lines: Vec<&str> = text.lines().collect();
            let t: usize = match lines.first().and_then(|l| l.parse().ok()) {
                Some(t) => t,
                None => return false,
            };
            t >= 1
                && lines.len() == 1 + 2 * t
                && lines[1..].chunks(2).all(|c| {
                    let n: usize = c[0].parse().unwrap_or(0);
                    n >= 1 && c[1].split(' ').count() == n
                })
        };
        let shrunk = shrink_by(&input, 1, |c| {
            valid(c) && c.split_whitespace().skip(1).any(|t| t == "7")
        });
        assert_eq!(shrunk.input, "1\n1\n7\n");
        assert!(!shrunk.stopped);
        // A batch answer picks the first that keeps it: the same result, fewer rounds.
        let batched = shrink_by(&input, 4, |c| {
            valid(c) && c.split_whitespace().skip(1).any(|t| t == "7")
        });
        assert_eq!(batched.input, shrunk.input);
    }

    #[test]
    fn a_graph_loses_edges_with_its_edge_count() {
        // `N M`, M edges, then `S T K`; "fails" while the edge 3 -> 3 and S = T = 3 stay.
        let input = "4 5\n1 2 5\n2 3 4\n3 3 9\n3 4 1\n4 1 2\n3 3 2\n";
        let valid = |text: &str| {
            let lines: Vec<Vec<i64>> = text
                .lines()
                .map(|l| l.split(' ').map(|t| t.parse().unwrap_or(-1)).collect())
                .collect();
            let (n, m) = match lines.first().map(|l| l.as_slice()) {
                Some(&[n, m]) => (n, m),
                _ => return false,
            };
            n >= 1
                && lines.len() as i64 == m + 2
                && lines[1..].iter().all(|l| {
                    l.len() == 3 && l[0] >= 1 && l[0] <= n && l[1] >= 1 && l[1] <= n && l[2] >= 1
                })
        };
        let fails = |text: &str| {
            valid(text)
                && text
                    .lines()
                    .skip(1)
                    .filter(|l| l.starts_with("3 3 "))
                    .count()
                    == 2
        };
        let shrunk = shrink_by(input, 2, fails);
        assert_eq!(shrunk.input, "3 1\n3 3 1\n3 3 1\n");
    }

    #[test]
    fn an_array_shrinks_to_its_one_negative_number() {
        // Kadane starting its best at 0: any array of negatives fails.
        let input = "6\n-3 -1 -4 -1 -5 -9\n";
        let valid = |text: &str| {
            let mut lines = text.lines();
            let n: usize = match lines.next().and_then(|l| l.parse().ok()) {
                Some(n) => n,
                None => return false,
            };
            let numbers: Vec<i64> = lines
                .next()
                .unwrap_or("")
                .split(' ')
                .filter_map(|t| t.parse().ok())
                .collect();
            n >= 1 && numbers.len() == n && lines.next().is_none()
        };
        let fails = |text: &str| {
            valid(text)
                && text
                    .lines()
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .all(|t| t.starts_with('-'))
        };
        assert_eq!(shrink_by(input, 1, fails).input, "1\n-1\n");
    }

    #[test]
    fn a_board_loses_every_stone_it_does_not_need() {
        let input = "X.O.\nOXXO\n.OX.\n0 1 X\n";
        // Fails while the O at row 1, column 0 and the X at row 1, column 1 are there.
        let fails = |text: &str| {
            let rows: Vec<&str> = text.lines().collect();
            rows.len() == 4 && rows[1].starts_with("OX") && rows[3] == "0 1 X"
        };
        let shrunk = shrink_by(input, 3, fails);
        assert_eq!(shrunk.input, "....\nOX..\n....\n0 1 X\n");
    }

    #[test]
    fn blocks_end_at_a_terminator_too() {
        // Grids `R C` + R rows, ended by `0 0`: the failing grid holds a `#`.
        let input = "1 3\n...\n2 2\n.#\n..\n1 1\n.\n0 0\n";
        let valid = |text: &str| {
            let lines: Vec<&str> = text.lines().collect();
            let mut at = 0;
            loop {
                let Some(header) = lines.get(at) else {
                    return false;
                };
                let size: Vec<usize> = header.split(' ').filter_map(|t| t.parse().ok()).collect();
                match size.as_slice() {
                    [0, 0] => return at + 1 == lines.len(),
                    &[r, c] if r >= 1 && c >= 1 => {
                        let rows = lines.get(at + 1..at + 1 + r);
                        if !rows.is_some_and(|rows| rows.iter().all(|row| row.len() == c)) {
                            return false;
                        }
                        at += 1 + r;
                    }
                    _ => return false,
                }
            }
        };
        let fails = |text: &str| valid(text) && text.contains('#') && text.starts_with("2 2\n");
        let shrunk = shrink_by(input, 1, fails);
        assert_eq!(shrunk.input, "2 2\n.#\n..\n0 0\n");
    }

    #[test]
    fn a_stop_keeps_the_smallest_so_far_and_nothing_is_asked_twice() {
        let mut asked: Vec<String> = Vec::new();
        let mut oracle = |candidates: &[String]| {
            for c in candidates {
                assert!(!asked.contains(c), "asked twice: {c:?}");
                asked.push(c.clone());
            }
            if asked.len() >= 3 {
                Answer::Stop
            } else {
                Answer::NoneKeeps
            }
        };
        let shrunk = shrink("5\n1 2 3 4 5\n", &mut oracle, 1, None);
        assert!(shrunk.stopped);
        assert_eq!(shrunk.input, "5\n1 2 3 4 5\n");
        assert_eq!(shrunk.tried, 3);
    }

    #[test]
    fn an_integer_above_a_threshold_comes_down_to_it_in_few_steps() {
        let shrunk = shrink_by("1\n2000000000 1999999999\n", 1, |c| {
            let sum: i64 = c
                .split_whitespace()
                .skip(1)
                .map(|t| t.parse::<i64>().unwrap())
                .sum();
            c.starts_with("1\n") && c.split_whitespace().count() == 3 && sum > i32::MAX as i64
        });
        // The first number as low as the second lets it: a local minimum, as greedy shrinking finds.
        assert_eq!(shrunk.input, "1\n147483649 1999999999\n");
        assert!(shrunk.tried < 2000, "{} candidates", shrunk.tried);
    }

    #[test]
    fn nothing_smaller_fails_so_nothing_changes() {
        let shrunk = shrink_by("7\n", 2, |c| c == "7\n");
        assert_eq!((shrunk.input.as_str(), shrunk.kept), ("7\n", 0));
        assert!(shrunk.tried >= 3, "{shrunk:?}");
    }
}
