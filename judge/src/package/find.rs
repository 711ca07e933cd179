//! Finding the packages to judge from what a person types: a folder of the testdata dir (`poj1077-eight`),
//! any start of one (`poj1077`), a word or number inside one (`eight`, `1077`, `rotation`), or the path of a
//! package folder anywhere (`~/contest/hello`). A miss suggests the closest names.

use std::fs;
use std::path::{Path, PathBuf};

/// The package folders `names` ask for (every package of `testdata` when empty), and an error for each name
/// that finds none or several.
pub fn packages(testdata: &Path, names: &[String]) -> (Vec<PathBuf>, Vec<String>) {
    let all = match all_packages(testdata) {
        Ok(all) => all,
        Err(e) if names.is_empty() => return (Vec::new(), vec![e]),
        Err(_) => Vec::new(),
    };
    if names.is_empty() {
        return (all, Vec::new());
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut errors = Vec::new();
    for name in names {
        match named(testdata, &all, name) {
            Ok(dir) if dirs.contains(&dir) => {}
            Ok(dir) => dirs.push(dir),
            Err(e) => errors.push(e),
        }
    }
    (dirs, errors)
}

/// Whether `dir` is a package folder.
pub fn is_package(dir: &Path) -> bool {
    dir.join("problem.yaml").is_file()
}

/// The non-hidden folders of `testdata`, in name order.
fn all_packages(testdata: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = fs::read_dir(testdata)
        .map_err(|e| format!("{}: cannot read the testdata dir: {e}", testdata.display()))?;
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_dir() && !folder_name(p).starts_with('.'))
        .collect();
    dirs.sort();
    Ok(dirs)
}

fn folder_name(path: &Path) -> String {
    path.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

/// The one folder `name` means.
fn named(testdata: &Path, all: &[PathBuf], name: &str) -> Result<PathBuf, String> {
    let path = Path::new(name);
    // `.`, `..` and anything with a slash can only be a path; a bare name is a path when the testdata dir
    // has no folder of that name.
    let only_a_path = name.contains('/') || matches!(name, "." | "..");
    if is_package(path) && (only_a_path || !testdata.join(name).is_dir()) {
        return fs::canonicalize(path).map_err(|e| format!("{name}: {e}"));
    }
    if only_a_path && path.is_dir() {
        return Err(format!(
            "{name}: not a problem package (a package folder has a problem.yaml)"
        ));
    }
    if testdata.join(name).is_dir() {
        return Ok(testdata.join(name));
    }
    let names: Vec<String> = all.iter().map(|p| folder_name(p)).collect();
    let wanted = name.to_lowercase();
    // The first rule that finds anything decides: a start of the name, then a whole word, then any part.
    let rules: [&dyn Fn(&str) -> bool; 3] = [
        &|n| n.starts_with(&wanted),
        &|n| words(n).contains(&wanted),
        &|n| n.contains(&wanted),
    ];
    for rule in rules {
        let hits: Vec<&String> = names.iter().filter(|n| rule(&n.to_lowercase())).collect();
        match hits.as_slice() {
            [] => continue,
            [one] => return Ok(testdata.join(one)),
            many => {
                let list: Vec<&str> = many.iter().map(|n| n.as_str()).collect();
                return Err(format!(
                    "`{name}` names several problems: {} (say which)",
                    list.join(", ")
                ));
            }
        }
    }
    let hint = suggestions(&wanted, &names);
    let hint = if hint.is_empty() {
        format!(" (problems there: {})", names.join(", "))
    } else {
        format!(" (did you mean {}?)", hint.join(" or "))
    };
    let what = if path.is_dir() {
        format!(
            "`{name}` is a folder without problem.yaml, and no problem in {} is named so",
            testdata.display()
        )
    } else {
        format!("no problem `{name}` in {}", testdata.display())
    };
    Err(format!("{what}{hint}"))
}

/// A folder name's words: `poj1077-eight` → poj, 1077, eight (letters and digits apart).
fn words(name: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    for c in name.chars() {
        let boundary = current
            .chars()
            .last()
            .is_some_and(|last| last.is_ascii_digit() != c.is_ascii_digit());
        if (!c.is_alphanumeric() || boundary) && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        if c.is_alphanumeric() {
            current.push(c);
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// The names whose whole or one word is within a few edits of `wanted`, closest first.
fn suggestions(wanted: &str, names: &[String]) -> Vec<String> {
    let mut close: Vec<(usize, &String)> = names
        .iter()
        .filter_map(|n| {
            let lower = n.to_lowercase();
            let best = std::iter::once(lower.clone())
                .chain(words(&lower))
                .map(|w| edit_distance(wanted, &w))
                .min()?;
            let allowed = 2.max(wanted.chars().count() / 3);
            (best <= allowed).then_some((best, n))
        })
        .collect();
    close.sort();
    let best = close.first().map(|(d, _)| *d);
    close
        .into_iter()
        .filter(|(d, _)| Some(*d) == best)
        .map(|(_, n)| n.clone())
        .collect()
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Vec<PathBuf> {
        [
            "hdu1043-eight",
            "poj1077-eight",
            "poj1084-square-destroyer",
            "poj2286-rotation-game",
        ]
        .iter()
        .map(|n| PathBuf::from("/nonexistent/t").join(n))
        .collect()
    }

    fn find(name: &str) -> Result<String, String> {
        named(Path::new("/nonexistent/t"), &all(), name).map(|p| folder_name(&p))
    }

    #[test]
    fn names_numbers_and_words() {
        assert_eq!(find("poj1077"), Ok("poj1077-eight".into()));
        assert_eq!(find("1077"), Ok("poj1077-eight".into()));
        assert_eq!(find("rotation"), Ok("poj2286-rotation-game".into()));
        assert_eq!(find("Square"), Ok("poj1084-square-destroyer".into()));
        assert_eq!(
            find("eight"),
            Err("`eight` names several problems: hdu1043-eight, poj1077-eight (say which)".into())
        );
        assert_eq!(
            find("poj10"),
            Err("`poj10` names several problems: poj1077-eight, poj1084-square-destroyer (say which)".into())
        );
    }

    #[test]
    fn misses_get_suggestions() {
        assert_eq!(
            find("eigth"),
            Err("no problem `eigth` in /nonexistent/t (did you mean hdu1043-eight or poj1077-eight?)".into())
        );
        assert_eq!(
            find("poj1077-eigth"),
            Err(
                "no problem `poj1077-eigth` in /nonexistent/t (did you mean poj1077-eight?)".into()
            )
        );
        assert_eq!(
            find("rotaton"),
            Err(
                "no problem `rotaton` in /nonexistent/t (did you mean poj2286-rotation-game?)"
                    .into()
            )
        );
        assert!(find("zzzzzz")
            .unwrap_err()
            .contains("(problems there: hdu1043-eight, poj1077-eight"));
    }

    #[test]
    fn words_split_letters_from_digits() {
        assert_eq!(words("poj1077-eight"), ["poj", "1077", "eight"]);
        assert_eq!(words("go-capture"), ["go", "capture"]);
    }
}
