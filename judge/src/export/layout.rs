//! The layout groups, which no export keeps: a contest copy hands teams canonical input only (BAPCtools'
//! rule, which warns of every input with a CR, a tab, a leading blank, a run of blanks or no final
//! newline, and the ICPC norm). A **layout group** is a test group whose own `testdata.yaml` /
//! `test_group.yaml` gives the input validators the flag `layout`: its cases show that a solution copes
//! with the free layouts the statement or the package allows, and every other input is in the plain
//! layout. The export leaves each such group out, all of it, said in one line; and with it every example
//! submission a rule of `submissions.yaml` judges on the left-out cases alone (`secret/beyond/layout:
//! required: [WA]`), since the copy has nothing left to judge that rule on, and its folder's verdict may
//! well have come from those cases (poj1568's `%c` readers, which only CR LF breaks). Pure: paths and
//! texts in (`canonical` reads through the function it is given), what to leave out out.

use super::groups::{self, Source};
use super::SourceFile;
use crate::package::expectations::{self, path_matches, selects};
use std::path::Path;

/// The flag that marks a layout group.
pub const FLAG: &str = "layout";

/// Why a layout group is left out, as the log says it.
pub const WHY: &str = "a contest copy holds canonical input only";

/// The layout groups among the test group files `sources` (their folders below the package: `data/…`),
/// outermost only: a group inside a layout group goes with it.
pub fn groups(sources: &[Source]) -> Result<Vec<String>, String> {
    let mut found = Vec::new();
    for source in sources {
        if groups::gives_input_validators(source, FLAG)? {
            found.push(source.dir.to_string());
        }
    }
    found.sort();
    let outermost = found
        .iter()
        .filter(|dir| !found.iter().any(|outer| below(dir, outer)))
        .cloned()
        .collect();
    Ok(outermost)
}

/// The package's files as a contest copy holds them: without its layout groups, the groups left with no
/// case, and the submissions judged on the layout groups alone.
#[derive(Debug, PartialEq)]
pub struct Canonical {
    pub files: Vec<SourceFile>,
    /// Each left out, with why.
    pub left_out: Vec<String>,
    /// `submissions.yaml` without the entries of the left-out submissions, where it had some.
    pub submissions_yaml: Option<String>,
}

/// The contest copy of the package of `files`. `submissions` are its example submissions' paths below
/// `submissions/` (`wrong_answer/a.c`); `read` reads a text file (its test group files and
/// `submissions.yaml`).
pub fn canonical(
    files: Vec<SourceFile>,
    submissions: &[String],
    read: impl Fn(&Path) -> Result<String, String>,
) -> Result<Canonical, String> {
    let mut texts: Vec<(String, String, &str)> = Vec::new();
    for file in &files {
        let name = file.rel.rsplit('/').next().unwrap_or_default();
        if !matches!(name, "testdata.yaml" | "test_group.yaml") || !file.rel.starts_with("data/") {
            continue;
        }
        let dir = file.rel[..file.rel.len() - name.len() - 1].to_string();
        texts.push((dir, read(&file.path)?, name));
    }
    let sources: Vec<Source> = texts
        .iter()
        .map(|(dir, text, _)| Source { dir, text })
        .collect();
    let dirs = groups(&sources)?;
    if dirs.is_empty() {
        return Ok(Canonical {
            files,
            left_out: Vec::new(),
            submissions_yaml: None,
        });
    }
    let in_layout = |rel: &str| dirs.iter().any(|dir| below(rel, dir));
    let cases = |layout: bool| -> Vec<String> {
        files
            .iter()
            .filter(|f| in_layout(&f.rel) == layout)
            .filter_map(|f| f.rel.strip_prefix("data/")?.strip_suffix(".in"))
            .map(str::to_string)
            .collect()
    };
    let (kept, gone) = (cases(false), cases(true));
    let mut left_out = said_of_groups(&dirs, &gone, &texts);
    let empty = emptied(&dirs, &kept, &texts);
    left_out.extend(
        empty
            .iter()
            .map(|dir| format!("{dir}/ (no case left: it held only layout groups)")),
    );
    let mut submissions_yaml = None;
    let mut gone_submissions: Vec<String> = Vec::new();
    if let Some(yaml) = files
        .iter()
        .find(|f| f.rel == "submissions/submissions.yaml")
    {
        let text = read(&yaml.path)?;
        let found = self::submissions(&text, &yaml.rel, submissions, &kept, &gone)?;
        for (path, why) in found.submissions {
            left_out.push(format!("submissions/{path} ({why})"));
            gone_submissions.push(format!("submissions/{path}"));
        }
        if !found.globs.is_empty() {
            submissions_yaml = Some(without_entries(&text, &found.globs));
        }
    }
    let files = files
        .into_iter()
        .filter(|f| !in_layout(&f.rel))
        .filter(|f| !empty.iter().any(|dir| below(&f.rel, dir)))
        .filter(|f| {
            !gone_submissions
                .iter()
                .any(|path| f.rel == *path || below(&f.rel, path))
        })
        .collect();
    Ok(Canonical {
        files,
        left_out,
        submissions_yaml,
    })
}

/// The log's line for each layout group `dirs`: how many of the left-out cases `gone` it held, and which
/// of its test group files (`texts`: folder, text, file name) made it one.
fn said_of_groups(
    dirs: &[String],
    gone: &[String],
    texts: &[(String, String, &str)],
) -> Vec<String> {
    let mut said = Vec::new();
    for dir in dirs {
        let count = gone
            .iter()
            .filter(|case| below(&format!("data/{case}"), dir))
            .count();
        let file = texts
            .iter()
            .find(|(d, _, _)| d == dir)
            .map_or("testdata.yaml", |(_, _, name)| name);
        said.push(format!(
            "{dir}/ ({count} case{}: a layout group, its {file} gives the input validators `{FLAG}`; {WHY})",
            if count == 1 { "" } else { "s" },
        ));
    }
    said
}

/// The secret groups (folders of a test group file in `texts`) that held layout groups `dirs` and none of
/// the cases `kept`: no group of the copy.
fn emptied(dirs: &[String], kept: &[String], texts: &[(String, String, &str)]) -> Vec<String> {
    let mut empty = Vec::new();
    for (dir, _, _) in texts {
        let holds_layout = dirs.iter().any(|d| below(d, dir));
        let holds_cases = kept.iter().any(|case| below(&format!("data/{case}"), dir));
        if holds_layout && !holds_cases && dir.starts_with("data/secret/") {
            empty.push(dir.clone());
        }
    }
    empty
}

/// Whether `path` lies below the folder `dir` (both `/`-separated, below the package).
pub fn below(path: &str, dir: &str) -> bool {
    path.strip_prefix(dir)
        .is_some_and(|rest| rest.starts_with('/'))
}

/// The example submissions to leave out with the cases `left_out` (names below `data/`:
/// `secret/beyond/layout/tabs`; `kept`: the other cases), and the globs of `submissions.yaml` (`text`, the
/// file `file`) that name only those submissions. `submissions` are the paths below `submissions/`
/// (`wrong_answer/a.c`; a folder's path for a folder). Each left-out submission comes with why: the line of
/// the rule that takes it out.
pub fn submissions(
    text: &str,
    file: &str,
    submissions: &[String],
    kept: &[String],
    left_out: &[String],
) -> Result<LeftOut, String> {
    let yaml = expectations::parse_yaml(text, file)?;
    let matches = |glob: &str, path: &str| {
        let parts: Vec<&str> = path.split('/').collect();
        (1..=parts.len()).any(|n| path_matches(glob, &parts[..n].join("/")))
    };
    let mut gone: Vec<(String, String)> = Vec::new();
    for (glob, rule) in &yaml.entries {
        let Some(cases) = &rule.cases else { continue };
        // A rule on cases the copy leaves out, and on no other.
        let selected = |names: &[String]| names.iter().any(|case| selects(cases, case));
        if !selected(left_out) || selected(kept) {
            continue;
        }
        for path in submissions.iter().filter(|p| matches(glob, p)) {
            if !gone.iter().any(|(p, _)| p == path) {
                let why = format!(
                    "{} judges it on `{cases}`, which this copy leaves out",
                    rule.origin
                );
                gone.push((path.clone(), why));
            }
        }
    }
    let mut globs: Vec<String> = Vec::new();
    for (glob, _) in &yaml.entries {
        let mut matched = submissions.iter().filter(|p| matches(glob, p)).peekable();
        let only_gone =
            matched.peek().is_some() && matched.all(|p| gone.iter().any(|(g, _)| g == p));
        if only_gone && !globs.contains(glob) {
            globs.push(glob.clone());
        }
    }
    Ok(LeftOut {
        submissions: gone,
        globs,
    })
}

/// What `submissions` leaves out.
#[derive(Debug, Default, PartialEq)]
pub struct LeftOut {
    /// Each submission's path below `submissions/`, with why.
    pub submissions: Vec<(String, String)>,
    /// The globs of `submissions.yaml` that name only those.
    pub globs: Vec<String>,
}

/// `submissions.yaml`'s text without the top-level entries `globs` (a block: its key line at column 0
/// and every line indented below it; the comments above stay).
pub fn without_entries(text: &str, globs: &[String]) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in text.split_inclusive('\n') {
        let top = !line.starts_with([' ', '\t', '#', '\n', '\r']);
        if top {
            let key = line.split(':').next().unwrap_or("").trim();
            let key = key.trim_matches(['\'', '"']);
            skipping = globs.iter().any(|g| g == key);
        }
        if !skipping {
            out.push_str(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const YAML: &str = "# Rules.\nwrong_answer/crlf.c:\n  secret/official:\n    permitted: [AC]\n  secret/beyond/layout:\n    required: [WA]\n\
                        wrong_answer/slow.c:\n  secret:\n    required: [WA]\n";

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_layout_group_is_one_whose_own_file_passes_layout() {
        let sources = [
            Source {
                dir: "data/secret/beyond",
                text: "input_validator_flags: beyond\n",
            },
            Source {
                dir: "data/secret/beyond/layout",
                text: "input_validator_flags: beyond layout\n",
            },
            Source {
                dir: "data/secret/beyond/layout/deep",
                text: "input_validator_flags: layout\n",
            },
            Source {
                dir: "data/secret/official/x",
                text: "input_validator_args:\n  v: [layout]\n",
            },
            Source {
                dir: "data/secret/layouts",
                text: "output_validator_flags: layout\n",
            },
        ];
        assert_eq!(
            groups(&sources).unwrap(),
            ["data/secret/beyond/layout", "data/secret/official/x"]
        );
    }

    #[test]
    fn a_submission_judged_on_left_out_cases_alone_goes_with_them() {
        let subs = strings(&[
            "wrong_answer/crlf.c",
            "wrong_answer/slow.c",
            "accepted/a.rs",
        ]);
        let kept = strings(&["sample/1", "secret/official/1", "secret/beyond/big"]);
        let left_out = strings(&["secret/beyond/layout/tabs"]);
        let found = submissions(YAML, "submissions.yaml", &subs, &kept, &left_out).unwrap();
        assert_eq!(
            found.submissions,
            [(
                "wrong_answer/crlf.c".to_string(),
                "submissions.yaml:5 judges it on `secret/beyond/layout`, which this copy leaves out"
                    .to_string()
            )]
        );
        assert_eq!(found.globs, ["wrong_answer/crlf.c"]);
        assert_eq!(
            without_entries(YAML, &found.globs),
            "# Rules.\nwrong_answer/slow.c:\n  secret:\n    required: [WA]\n"
        );
        // Nothing left out: nothing goes.
        let none = submissions(YAML, "submissions.yaml", &subs, &kept, &[]).unwrap();
        assert_eq!(none, LeftOut::default());
    }

    #[test]
    fn the_contest_copy_leaves_layout_groups_emptied_groups_and_their_submissions_out() {
        let file = |rel: &str| SourceFile {
            rel: rel.to_string(),
            path: rel.into(),
            executable: false,
        };
        let files = vec![
            file("data/sample/1.in"),
            file("data/secret/official/1.in"),
            file("data/secret/beyond/testdata.yaml"),
            file("data/secret/beyond/layout/testdata.yaml"),
            file("data/secret/beyond/layout/tabs.in"),
            file("data/secret/beyond/layout/tabs.ans"),
            file("submissions/accepted/a.rs"),
            file("submissions/wrong_answer/crlf.c"),
            file("submissions/submissions.yaml"),
        ];
        let read = |path: &Path| match path.to_str().unwrap_or_default() {
            "data/secret/beyond/testdata.yaml" => Ok("input_validator_flags: beyond\n".to_string()),
            "data/secret/beyond/layout/testdata.yaml" => {
                Ok("input_validator_flags: layout\n".to_string())
            }
            "submissions/submissions.yaml" => Ok(
                "wrong_answer/crlf.c:\n  secret/beyond/layout:\n    required: [WA]\n".to_string(),
            ),
            other => Err(format!("{other}: not read")),
        };
        let subs = strings(&["accepted/a.rs", "wrong_answer/crlf.c"]);
        let copy = canonical(files, &subs, read).unwrap();
        let kept: Vec<&str> = copy.files.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(
            kept,
            [
                "data/sample/1.in",
                "data/secret/official/1.in",
                "submissions/accepted/a.rs",
                "submissions/submissions.yaml"
            ]
        );
        assert_eq!(
            copy.left_out,
            [
                "data/secret/beyond/layout/ (1 case: a layout group, its testdata.yaml gives the input \
                 validators `layout`; a contest copy holds canonical input only)",
                "data/secret/beyond/ (no case left: it held only layout groups)",
                "submissions/wrong_answer/crlf.c (submissions/submissions.yaml:2 judges it on \
                 `secret/beyond/layout`, which this copy leaves out)",
            ]
        );
        assert_eq!(copy.submissions_yaml.as_deref(), Some(""));
        // No layout group: every file stays, and nothing but the group files is read.
        let plain = vec![
            file("data/secret/1.in"),
            file("submissions/submissions.yaml"),
        ];
        let copy = canonical(plain.clone(), &subs, read).unwrap();
        assert_eq!((copy.files, copy.left_out), (plain, Vec::<String>::new()));
    }
}
