//! A Markdown statement as LaTeX the format's tools render: pandoc's LaTeX body (`pandoc -t latex`)
//! brought into the subset the format guarantees ("LaTeX environment and supported subset", 2025-09) and
//! that problemtools' template (lualatex, plasTeX) and BAPCtools' class (pdflatex) both compile, with
//! `\problemname` first. Pure: text in, text out.
//!
//! - Headings: `\section*{Input}` (pandoc's `\hypertarget` and `\label` go: neither template loads
//!   hyperref, and the tools number nothing).
//! - Tables: pandoc's `longtable` with booktabs rules becomes a `tabular` with `\hline`s (neither template
//!   loads longtable or booktabs). A table pandoc gave column widths (`p{...}`) is refused: pandoc is run
//!   with a wide `--columns` so that plain tables get none.
//! - `\tightlist` (defined in pandoc's own template only) goes.
//! - Characters pdflatex's UTF-8 input does not know (−, ≤, ≥, ≠, →, ·) become math, outside verbatim.
//! - The statement is untrusted: every control sequence outside verbatim must be one of the subset's (text
//!   commands, the environments, math symbols), so `\input`, `\write`, `\catcode`, `\directlua` and the
//!   like never reach a LaTeX run; `^^` (TeX's way to spell any character) is refused too.

/// pandoc's LaTeX for a statement, as the format's LaTeX; `title` is the problem's name (plain text).
pub fn from_pandoc(tex: &str, title: &str) -> Result<String, String> {
    let mut out = String::new();
    let (escaped, plain) = (text(title), title);
    if escaped != plain {
        // Legacy tools take the name from \problemname; a formatted one needs its plain form said.
        out.push_str(&format!("%% plainproblemname: {plain}\n"));
    }
    out.push_str(&format!("\\problemname{{{escaped}}}\n\n"));
    let mut verbatim = false;
    for line in tex.lines() {
        if verbatim {
            out.push_str(line);
            out.push('\n');
            verbatim = !line.trim_start().starts_with("\\end{verbatim}");
            continue;
        }
        let trimmed = line.trim();
        if trimmed.starts_with("\\begin{verbatim}") {
            verbatim = true;
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let rewritten = match trimmed {
            "\\tightlist" | "\\endhead" | "\\endfirsthead" | "\\endfoot" | "\\endlastfoot" => {
                continue
            }
            "\\toprule" | "\\midrule" | "\\bottomrule" => "\\hline".to_string(),
            "\\end{longtable}" => "\\end{tabular}\n\\end{center}".to_string(),
            _ if trimmed.starts_with("\\hypertarget{") && trimmed.ends_with("{%") => continue,
            _ if trimmed.starts_with("\\def\\labelenum") => continue,
            _ if trimmed.starts_with("\\begin{longtable}") => tabular(trimmed)?,
            _ if heading(trimmed).is_some() => heading(trimmed).unwrap_or_default(),
            _ => symbols(line),
        };
        out.push_str(&rewritten);
        out.push('\n');
    }
    check(&out)?;
    Ok(out)
}

/// Plain text as LaTeX text: the ten special characters escaped, the unknown symbols as math.
pub fn text(plain: &str) -> String {
    let mut out = String::new();
    for c in plain.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    symbols(&out)
}

/// Characters pdflatex's UTF-8 input has no definition for, as math (which lualatex typesets the same).
fn symbols(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            '−' => out.push_str("\\ensuremath{-}"),
            '≤' => out.push_str("\\ensuremath{\\le}"),
            '≥' => out.push_str("\\ensuremath{\\ge}"),
            '≠' => out.push_str("\\ensuremath{\\neq}"),
            '→' => out.push_str("\\ensuremath{\\rightarrow}"),
            '·' => out.push_str("\\ensuremath{\\cdot}"),
            _ => out.push(c),
        }
    }
    out
}

/// `\section{Input}\label{input}}` (pandoc's, closing its `\hypertarget`) → `\section*{Input}`.
fn heading(line: &str) -> Option<String> {
    let level = ["\\section{", "\\subsection{", "\\subsubsection{"]
        .into_iter()
        .find(|start| line.starts_with(start))?;
    let title = braced(&line[level.len() - 1..])?;
    Some(format!(
        "{}*{{{}}}",
        &level[..level.len() - 1],
        symbols(title)
    ))
}

/// The text inside the balanced braces `s` starts with.
fn braced(s: &str) -> Option<&str> {
    let mut depth = 0usize;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(&s[1..i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// `\begin{longtable}[]{@{}lll@{}}` → `\begin{tabular}{lll}`, centred (as a display, apart from the text).
fn tabular(line: &str) -> Result<String, String> {
    let spec = line
        .strip_prefix("\\begin{longtable}[]{@{}")
        .and_then(|rest| rest.strip_suffix("@{}}"))
        .filter(|spec| !spec.is_empty() && spec.chars().all(|c| matches!(c, 'l' | 'c' | 'r')));
    match spec {
        Some(spec) => Ok(format!("\\begin{{center}}\n\\begin{{tabular}}{{{spec}}}")),
        None => Err(format!(
            "a table pandoc set as `{line}`: only tables of plain l/c/r columns are written (shorten its rows)"
        )),
    }
}

/// Control words allowed outside verbatim: the format's LaTeX subset, what pandoc writes for Markdown,
/// and the math of statements.
const ALLOWED: &[&str] = &[
    // structure and text
    "problemname",
    "section",
    "subsection",
    "subsubsection",
    "begin",
    "end",
    "item",
    "texttt",
    "textbf",
    "textit",
    "emph",
    "underline",
    "textsc",
    "noindent",
    "hline",
    "url",
    "href",
    "includegraphics",
    "ldots",
    "dots",
    "textellipsis",
    "textless",
    "textgreater",
    "textbackslash",
    "textasciitilde",
    "textasciicircum",
    "textbar",
    "textquotesingle",
    "textquotedbl",
    "textemdash",
    "textendash",
    "ensuremath",
    "footnote",
    "linebreak",
    "newline",
    "par",
    "quad",
    "qquad",
    "small",
    "large",
    "tt",
    "bf",
    "it",
    // math
    "le",
    "leq",
    "ge",
    "geq",
    "neq",
    "ne",
    "times",
    "cdot",
    "cdots",
    "ddots",
    "vdots",
    "pm",
    "mp",
    "div",
    "rightarrow",
    "leftarrow",
    "Rightarrow",
    "Leftarrow",
    "leftrightarrow",
    "iff",
    "to",
    "mapsto",
    "frac",
    "dfrac",
    "tfrac",
    "sqrt",
    "sum",
    "prod",
    "min",
    "max",
    "log",
    "ln",
    "lg",
    "exp",
    "gcd",
    "bmod",
    "pmod",
    "mod",
    "binom",
    "choose",
    "lfloor",
    "rfloor",
    "lceil",
    "rceil",
    "langle",
    "rangle",
    "left",
    "right",
    "big",
    "Big",
    "mid",
    "vert",
    "lvert",
    "rvert",
    "infty",
    "in",
    "notin",
    "ni",
    "subset",
    "subseteq",
    "supset",
    "supseteq",
    "cup",
    "cap",
    "setminus",
    "emptyset",
    "forall",
    "exists",
    "neg",
    "land",
    "lor",
    "oplus",
    "otimes",
    "wedge",
    "vee",
    "approx",
    "equiv",
    "sim",
    "simeq",
    "cong",
    "propto",
    "circ",
    "bullet",
    "star",
    "ast",
    "prime",
    "mathrm",
    "mathbf",
    "mathit",
    "mathcal",
    "mathbb",
    "text",
    "textrm",
    "operatorname",
    "lbrace",
    "rbrace",
    "over",
    "alpha",
    "beta",
    "gamma",
    "delta",
    "epsilon",
    "varepsilon",
    "zeta",
    "eta",
    "theta",
    "iota",
    "kappa",
    "lambda",
    "mu",
    "nu",
    "xi",
    "pi",
    "rho",
    "sigma",
    "tau",
    "upsilon",
    "phi",
    "varphi",
    "chi",
    "psi",
    "omega",
    "Gamma",
    "Delta",
    "Theta",
    "Lambda",
    "Xi",
    "Pi",
    "Sigma",
    "Phi",
    "Psi",
    "Omega",
];

/// Environments `\begin` may open.
const ENVIRONMENTS: &[&str] = &[
    "itemize",
    "enumerate",
    "description",
    "verbatim",
    "tabular",
    "center",
    "quote",
    "quotation",
];

/// Refuses what could make a LaTeX run do more than typeset: a control sequence outside the subset, an
/// environment outside it, `^^` (TeX's spelling of any character), `\includegraphics` of a path.
fn check(tex: &str) -> Result<(), String> {
    let mut verbatim = false;
    for (number, line) in tex.lines().enumerate() {
        let at = |what: String| format!("LaTeX line {}: {what}", number + 1);
        if verbatim {
            verbatim = !line.trim_start().starts_with("\\end{verbatim}");
            continue;
        }
        // A comment runs to the end of the line (after an unescaped %).
        let code = uncommented(line);
        if code.contains("^^") {
            return Err(at("`^^` (a character spelt in hex) is not written".into()));
        }
        let bytes = code.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] != b'\\' {
                i += 1;
                continue;
            }
            let start = i + 1;
            let mut end = start;
            while end < bytes.len() && bytes[end].is_ascii_alphabetic() {
                end += 1;
            }
            if end == start {
                // A control symbol: `\\`, `\{`, `\ `, `\(` … are harmless; skip the character after.
                i = start + code[start..].chars().next().map_or(0, char::len_utf8);
                continue;
            }
            let word = &code[start..end];
            if !ALLOWED.contains(&word) {
                return Err(at(format!(
                    "`\\{word}` is outside the LaTeX subset a statement may use"
                )));
            }
            let argument = braced(&code[end..]).filter(|_| code[end..].starts_with('{'));
            match (word, argument) {
                ("begin", Some(environment)) => {
                    if !ENVIRONMENTS.contains(&environment) {
                        return Err(at(format!(
                            "the environment `{environment}` is outside the subset a statement may use"
                        )));
                    }
                    verbatim = environment == "verbatim";
                }
                ("includegraphics", Some(file)) if !super::valid_file_name(file) => {
                    return Err(at(format!(
                        "`\\includegraphics{{{file}}}`: an image must be a file of the statement folder"
                    )));
                }
                _ => {}
            }
            i = end;
            if verbatim {
                break;
            }
        }
    }
    Ok(())
}

/// A line up to its first unescaped `%`.
fn uncommented(line: &str) -> &str {
    let bytes = line.as_bytes();
    let mut backslashes = 0;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'%' if backslashes % 2 == 0 => return &line[..i],
            b'\\' => backslashes += 1,
            _ => backslashes = 0,
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pandoc_headings_tables_and_lists_become_the_subset() {
        let pandoc = "Intro \\texttt{x\\ y}, 1 ≤ n, a − b.\n\n\\begin{itemize}\n\\tightlist\n\\item\n  one\n\\end{itemize}\n\n\
                      \\begin{longtable}[]{@{}lr@{}}\n\\toprule\nmove & cells \\\\\n\\midrule\n\\endhead\nA & 1 3 \\\\\n\\bottomrule\n\\end{longtable}\n\n\
                      \\hypertarget{input}{%\n\\section{Input}\\label{input}}\n\nOne line.\n\n\\begin{verbatim}\n1 − 2 \\input{x}\n\\end{verbatim}\n";
        let tex = from_pandoc(pandoc, "Eight").unwrap();
        assert_eq!(
            tex,
            "\\problemname{Eight}\n\n\
             Intro \\texttt{x\\ y}, 1 \\ensuremath{\\le} n, a \\ensuremath{-} b.\n\n\\begin{itemize}\n\\item\n  one\n\\end{itemize}\n\n\
             \\begin{center}\n\\begin{tabular}{lr}\n\\hline\nmove & cells \\\\\n\\hline\nA & 1 3 \\\\\n\\hline\n\\end{tabular}\n\\end{center}\n\n\
             \\section*{Input}\n\nOne line.\n\n\\begin{verbatim}\n1 − 2 \\input{x}\n\\end{verbatim}\n"
        );
    }

    #[test]
    fn titles_are_escaped_and_keep_a_plain_form() {
        assert_eq!(
            from_pandoc("", "Go capture (9 × 9)").unwrap(),
            "\\problemname{Go capture (9 × 9)}\n\n"
        );
        assert_eq!(
            from_pandoc("", "A & B_2 50%").unwrap(),
            "%% plainproblemname: A & B_2 50%\n\\problemname{A \\& B\\_2 50\\%}\n\n"
        );
    }

    #[test]
    fn commands_outside_the_subset_are_refused() {
        let refused = |body: &str| from_pandoc(body, "T").unwrap_err();
        assert_eq!(
            refused("x $\\input{/etc/passwd}$\n"),
            "LaTeX line 3: `\\input` is outside the LaTeX subset a statement may use"
        );
        assert!(refused("\\immediate\\write18{ls}\n").contains("`\\immediate`"));
        assert!(refused("$^^5cinput$\n").contains("`^^`"));
        assert!(refused("\\begin{filecontents}{a}\n").contains("`filecontents`"));
        assert!(
            refused("\\includegraphics{/etc/x.png}\n").contains("a file of the statement folder")
        );
        assert!(refused("\\begin{longtable}[]{@{}>{\\raggedright}p{1cm}@{}}\n").contains("l/c/r"));
        // Escaped specials, comments and control symbols pass; verbatim is not looked into.
        assert!(from_pandoc(
            "50\\% \\$ \\\\ \\{ % \\input in a comment\n\\(x \\le y\\)\n",
            "T"
        )
        .is_ok());
        assert!(from_pandoc("\\begin{verbatim}\n\\input{x}\n\\end{verbatim}\n", "T").is_ok());
    }
}
