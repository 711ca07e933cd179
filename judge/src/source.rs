//! A program's source as the problem package format has it: one file, or a folder of files. A folder with a
//! `build` or `run` script is built and run by them; otherwise its files are compiled together by their
//! language (the extension of its source files: headers and other files ride along), its entry point chosen
//! as the format's language list says (`main.py`, the class with `main`, …). Pure but for reading the files.

use crate::lang::{Language, Languages};
use crate::package::MAX_DEPTH;
use std::collections::HashMap;
use std::fs;
use std::path::Path;

/// A program's files (names relative to its folder, `/`-separated) and how to build it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub files: Vec<(String, Vec<u8>)>,
    /// The entry file: the one the run command names (`{src}`, `{stem}`).
    pub main: String,
    pub language: Language,
}

/// At most this many files, and this many bytes in all, make one program; its folders are walked through
/// at most `MAX_ENTRIES` files and folders.
const MAX_FILES: usize = 200;
const MAX_ENTRIES: usize = 1000;
const MAX_BYTES: u64 = 64 << 20;

/// Reads the program at `path` (a file or a folder) and finds its language in `languages`; an executable
/// file of no extension is a prebuilt program, run as it is. A program of a package gives the package's
/// folder as `package`: each of its files obeys the package's rule for links (`package::inside`).
pub fn read(path: &Path, languages: &Languages, package: Option<&Path>) -> Result<Source, String> {
    if !path.is_dir() {
        let name = file_name(path)?;
        let bytes = read_file(path, package)?;
        let language = match languages.for_file(path) {
            // The format tells Python 2 from 3 by the `#!` line; this judge has no Python 2.
            Ok(language) if python2(&bytes) => {
                return Err(format!(
                    "{}: a Python 2 program (its #! line), and the language table has no Python 2 ([{}] is Python 3)",
                    path.display(),
                    language.name
                ))
            }
            Ok(language) => language.clone(),
            // An executable of no extension is a prebuilt program (a validator); with an extension of no
            // language (`.sh`, `.ml`) it is a source this table cannot build.
            Err(_) if executable(path) && path.extension().is_none() => Language::native(),
            Err(e) => return Err(e),
        };
        // A judge's rule for the file's name (POJ compiles every Java file as Main.java).
        let name = language.file.clone().unwrap_or(name);
        return Ok(Source {
            files: vec![(name.clone(), bytes)],
            main: name,
            language,
        });
    }
    if let Some(root) = package {
        crate::package::inside(root, path)?;
    }
    let files = collect(path, package)?;
    if files.is_empty() {
        return Err(format!("{}: an empty program folder", path.display()));
    }
    let folder = file_name(path)?;
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    if names.contains(&"build") || names.contains(&"run") {
        return Ok(Source {
            main: "run".into(),
            language: Language::scripts(names.contains(&"build")),
            files,
        });
    }
    let language = language_of(&names, languages)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .clone();
    let main = entry(&files, &language, &folder).ok_or_else(|| {
        format!(
            "{}: no {} source file to run",
            path.display(),
            language.name
        )
    })?;
    Ok(Source {
        files,
        main,
        language,
    })
}

/// `source` with a package's included files (its `include/` folder), as the format adds them to every
/// submission before compiling: those of `include/<language>/` (the format's code for the language), else
/// of `include/default/`, folders and all; an included file replaces the submission's file of the same
/// name, and one named as the language's entry point (`main`, `Main`, `__main__`) is the program's
/// entry: a driver. Every included file obeys the package's rule for links (`package::inside`).
pub fn with_included(mut source: Source, include: &Path) -> Result<Source, String> {
    let code = format_code(&source.language.name);
    let Some(dir) = [include.join(code), include.join("default")]
        .into_iter()
        .find(|dir| dir.is_dir())
    else {
        return Ok(source);
    };
    let package = include.parent().unwrap_or(include);
    crate::package::inside(package, &dir)?;
    let included = collect(&dir, Some(package))?;
    for (name, bytes) in included {
        let is_entry = source
            .language
            .extensions
            .iter()
            .any(|e| name.to_lowercase().ends_with(&format!(".{e}")))
            && matches!(
                Path::new(&name).file_stem().and_then(|s| s.to_str()),
                Some("main" | "Main" | "__main__")
            );
        if is_entry {
            source.main = name.clone();
        }
        source.files.retain(|(own, _)| *own != name);
        source.files.push((name, bytes));
    }
    source.files.sort();
    Ok(source)
}

/// `source` with 2025-09's constant sequences (`{{name}}`, `{{name.variant}}`) replaced by their text in
/// every UTF-8 file; a sequence of no constant stays as it is. Each sequence of the file is replaced once,
/// left to right, and a constant's text is never searched for sequences itself (the format replaces the
/// sequences of the files: `c0: "{{c1}}{{c1}}"` stands for that text, not for 2^40 copies of `c40`). The
/// program may hold no more than `MAX_BYTES` once replaced (a constant of a megabyte named a thousand
/// times): past it, an error naming the file.
pub fn with_constants(
    mut source: Source,
    constants: &[(String, String)],
) -> Result<Source, String> {
    if constants.is_empty() {
        return Ok(source);
    }
    let table: HashMap<&str, &str> = constants
        .iter()
        .map(|(name, text)| (name.as_str(), text.as_str()))
        .collect();
    let mut total: u64 = source.files.iter().map(|(_, b)| b.len() as u64).sum();
    for (name, bytes) in &mut source.files {
        let Ok(text) = std::str::from_utf8(bytes) else {
            continue;
        };
        if !text.contains("{{") {
            continue;
        }
        let others = total - bytes.len() as u64;
        let replaced = replace_constants(text, &table, MAX_BYTES.saturating_sub(others))
            .ok_or_else(|| {
                format!(
                    "over {} MiB once the constants in {name} are replaced: not a program",
                    MAX_BYTES >> 20
                )
            })?;
        total = others + replaced.len() as u64;
        *bytes = replaced.into_bytes();
    }
    Ok(source)
}

/// `text` with each `{{name}}` of `table` replaced by its text, in one pass over `text`; `None` once the
/// result would pass `max_bytes`.
fn replace_constants(text: &str, table: &HashMap<&str, &str>, max_bytes: u64) -> Option<String> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
    let mut replaced = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        let inside = &rest[open + 2..];
        let name = &inside[..inside.find(|c| !is_name(c)).unwrap_or(inside.len())];
        match table.get(name) {
            Some(value) if inside[name.len()..].starts_with("}}") => {
                replaced.push_str(&rest[..open]);
                replaced.push_str(value);
                rest = &inside[name.len() + 2..];
            }
            // Not a sequence here; one may start at the next brace (`{{{n}}}`).
            _ => {
                replaced.push_str(&rest[..open + 1]);
                rest = &rest[open + 1..];
            }
        }
        if replaced.len() as u64 > max_bytes {
            return None;
        }
    }
    replaced.push_str(rest);
    (replaced.len() as u64 <= max_bytes).then_some(replaced)
}

/// The format's code for a language of the judge's table (its languages appendix): the table's name,
/// but for Python, which the format calls `python3`.
fn format_code(name: &str) -> &str {
    match name {
        "python" => "python3",
        other => other,
    }
}

/// The one language whose extensions the folder's files have (files of no language, such as headers,
/// are not counted); C beside C++ is C++ (a C++ program may include a C file).
fn language_of<'a>(names: &[&str], languages: &'a Languages) -> Result<&'a Language, String> {
    let mut found: Vec<&Language> = Vec::new();
    for name in names {
        if let Ok(language) = languages.for_file(Path::new(name)) {
            if !found.iter().any(|l| l.name == language.name) {
                found.push(language);
            }
        }
    }
    if found.len() == 2
        && found.iter().any(|l| l.name == "c")
        && found.iter().any(|l| l.name == "cpp")
    {
        found.retain(|l| l.name == "cpp");
    }
    match found.as_slice() {
        [one] => Ok(one),
        [] => Err(format!(
            "no file of a known language among {}",
            names.join(", ")
        )),
        many => Err(format!(
            "files of several languages ({}): one program, one language",
            many.iter()
                .map(|l| l.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The entry file among `files` of `language`: named like the folder, else `main`, else (Java) the one that
/// has `static void main`, else the first.
fn entry(files: &[(String, Vec<u8>)], language: &Language, folder: &str) -> Option<String> {
    let own: Vec<&(String, Vec<u8>)> = files
        .iter()
        .filter(|(name, _)| {
            language
                .extensions
                .iter()
                .any(|e| name.to_lowercase().ends_with(&format!(".{e}")))
        })
        .collect();
    let stem = |name: &str| {
        Path::new(name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
    };
    let named = |wanted: &str| own.iter().find(|(n, _)| stem(n).as_deref() == Some(wanted));
    let with_main = || {
        own.iter().find(|(_, bytes)| {
            let text = String::from_utf8_lossy(bytes);
            text.contains("static void main") || text.contains("fn main(")
        })
    };
    named(folder)
        .or_else(|| named("main"))
        .or_else(|| named("Main"))
        .or_else(|| named("__main__"))
        .or_else(with_main)
        .or(own.first())
        .map(|(name, _)| name.clone())
}

/// Every regular file below `dir`, by its path below it, in name order; dot-files skipped as the format
/// says; with a `package`, each obeys its rule for links. Bounded: at most `MAX_FILES` files of
/// `MAX_BYTES` in all, `MAX_ENTRIES` files and folders seen (folders of links to folders would otherwise
/// multiply the walk), `MAX_DEPTH` levels (a symlink loop, `sub -> .`, stops there).
fn collect(dir: &Path, package: Option<&Path>) -> Result<Vec<(String, Vec<u8>)>, String> {
    let too_many = || {
        format!(
            "{}: more than {MAX_FILES} files, {MAX_ENTRIES} files and folders or {} MiB: not a program",
            dir.display(),
            MAX_BYTES >> 20
        )
    };
    let (mut files, mut bytes, mut seen) = (Vec::new(), 0, 0);
    let mut folders = vec![(dir.to_path_buf(), String::new())];
    while let Some((folder, prefix)) = folders.pop() {
        if prefix.matches('/').count() >= MAX_DEPTH {
            return Err(format!(
                "{}: folders nested more than {MAX_DEPTH} deep (a symlink loop?)",
                folder.display()
            ));
        }
        let entries =
            fs::read_dir(&folder).map_err(|e| format!("{}: cannot read: {e}", folder.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            if let Some(root) = package {
                crate::package::inside(root, &path)?;
            }
            seen += 1;
            let relative = format!("{prefix}{name}");
            if path.is_dir() {
                folders.push((path, format!("{relative}/")));
            } else {
                let content = read_file(&path, package)?;
                bytes += content.len() as u64;
                files.push((relative, content));
            }
            if files.len() > MAX_FILES || seen > MAX_ENTRIES || bytes > MAX_BYTES {
                return Err(too_many());
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The bytes of the program's file `path`; a package's by the package's rule for links, checked on the
/// descriptor read (`package::read_inside`).
fn read_file(path: &Path, package: Option<&Path>) -> Result<Vec<u8>, String> {
    match package {
        Some(root) => crate::package::read_inside(root, path),
        None => crate::sandbox::read_regular(path).map_err(|e| e.to_string()),
    }
}

/// Whether a file's `#!` line names Python 2, which is how the format tells `.py` files apart.
fn python2(bytes: &[u8]) -> bool {
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    first.starts_with(b"#!") && String::from_utf8_lossy(first).contains("python2")
}

fn file_name(path: &Path) -> Result<String, String> {
    path.file_name()
        .and_then(|n| n.to_str())
        .map(String::from)
        .ok_or_else(|| format!("{}: the file name is not UTF-8", path.display()))
}

fn executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> (String, Vec<u8>) {
        (name.to_string(), text.as_bytes().to_vec())
    }

    #[test]
    fn a_folder_is_one_language_and_headers_ride_along() {
        let table = Languages::builtin();
        assert_eq!(
            language_of(&["validate.cc", "validate.h"], &table)
                .unwrap()
                .name,
            "cpp"
        );
        assert_eq!(
            language_of(&["a.c", "b.cpp", "x.h"], &table).unwrap().name,
            "cpp"
        );
        assert_eq!(
            language_of(&["a.py", "B.java"], &table).unwrap_err(),
            "files of several languages (python, java): one program, one language"
        );
        assert!(language_of(&["notes.txt"], &table)
            .unwrap_err()
            .starts_with("no file of a known language"));
    }

    #[test]
    fn python_2_is_told_by_its_first_line() {
        assert!(python2(b"#!/usr/bin/env python2\nprint 1\n"));
        assert!(!python2(b"#!/usr/bin/env python3\n"));
        assert!(!python2(b"print('python2')\n"));
    }

    #[test]
    fn constants_are_replaced_once_from_the_files_text() {
        let constants: Vec<(String, String)> = [
            ("n", "5"),
            ("n.value", "5"),
            ("n.tex", "5{,}0"),
            ("c0", "{{c1}}{{c1}}"),
            ("c1", "x"),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        let table: HashMap<&str, &str> = constants
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let replace = |text: &str| replace_constants(text, &table, 1 << 20).unwrap();
        assert_eq!(replace("n={{n}} {{n.value}} {{n.tex}}"), "n=5 5 5{,}0");
        // A constant's text is not searched again.
        assert_eq!(replace("{{c0}}"), "{{c1}}{{c1}}");
        assert_eq!(replace("{{{n}}}"), "{5}");
        for kept in ["{{m}}", "{{n.other}}", "{{ n }}", "{{n}", "{{", "}}{{n"] {
            assert_eq!(replace(kept), kept.replace("{{n}}", "5"));
        }
        assert_eq!(replace_constants("{{n}}{{n}}", &table, 1), None);
        let program = Source {
            files: vec![file("a.py", "print({{n}}) # {{c0}}\n"), file("b.bin", "")],
            main: "a.py".into(),
            language: Languages::builtin()
                .for_file(Path::new("a.py"))
                .unwrap()
                .clone(),
        };
        let done = with_constants(program, &constants).unwrap();
        assert_eq!(done.files[0].1, b"print(5) # {{c1}}{{c1}}\n");
    }

    #[test]
    fn the_entry_point() {
        let table = Languages::builtin();
        let python = table.for_file(Path::new("x.py")).unwrap();
        let files = [
            file("helper.py", ""),
            file("main.py", ""),
            file("solve.py", ""),
        ];
        assert_eq!(entry(&files, python, "guess").as_deref(), Some("main.py"));
        let files = [file("helper.py", ""), file("guess.py", "")];
        assert_eq!(entry(&files, python, "guess").as_deref(), Some("guess.py"));
        let java = table.for_file(Path::new("x.java")).unwrap();
        let files = [
            file("Kattio.java", "class Kattio {}"),
            file("Sol.java", "public static void main(String[] a)"),
        ];
        assert_eq!(
            entry(&files, java, "different").as_deref(),
            Some("Sol.java")
        );
    }
}
