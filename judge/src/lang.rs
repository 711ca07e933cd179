//! The language table (`judge/languages.toml`, or the user's `--languages FILE`): which commands compile
//! and run a source file, chosen by its extension. Pure: reading the table and filling in placeholders.
//! Finding the tools on this machine is `compile`'s business.

use crate::toml::{self, Value};
use std::path::Path;

/// The table the judge ships with.
pub const BUILTIN: &str = include_str!("../languages.toml");

/// The dialects of the real judges this workspace's problems come from: their languages and how they
/// compile them, as far as the facts are known (each file says which are and which are not).
pub const DIALECTS: [(&str, &str, &str); 2] = [
    ("poj", "POJ", include_str!("../dialects/poj.toml")),
    ("hdu", "HDU", include_str!("../dialects/hdu.toml")),
];

/// A real judge's dialect: its display name and its language table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dialect {
    pub name: String,
    pub languages: Languages,
}

impl Dialect {
    /// The built-in dialect of the judge whose name starts `source` (`POJ 1077` → POJ), if there is one.
    pub fn of_source(source: &str) -> Option<Dialect> {
        let word = source.split_whitespace().next()?.to_lowercase();
        let (key, name, text) = DIALECTS.iter().find(|(key, _, _)| *key == word)?;
        let languages = Languages::parse(text, &format!("judge/dialects/{key}.toml")).ok()?;
        Some(Dialect {
            name: name.to_string(),
            languages,
        })
    }

    /// The language names it accepts, for "POJ accepts C, C++ and Java".
    pub fn accepted(&self) -> String {
        let names: Vec<&str> = self.languages.0.iter().map(|l| l.name.as_str()).collect();
        names.join(", ")
    }
}

/// One language: its commands as words, placeholders not yet filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language {
    pub name: String,
    pub extensions: Vec<String>,
    pub compile: Option<Vec<String>>,
    pub run: Vec<String>,
    pub home: Option<Vec<String>>,
    pub version: Option<Vec<String>>,
    pub visible: Vec<String>,
    pub data_cap: bool,
    /// The name a single source file is compiled under, whatever the user called it: a judge's rule, such
    /// as POJ's `Main.java` (its public class must be `Main`).
    pub file: Option<String>,
    /// The compiler keeps to one CPU (gcc, g++, py_compile), so it may compile beside a timed run; a
    /// compiler that may use several (javac's JVM, rustc's code generation) never does (`schedule`).
    pub one_cpu_compile: bool,
}

impl Language {
    /// A prebuilt executable (a testlib checker compiled elsewhere): run as it is.
    pub fn native() -> Language {
        Language {
            name: "native".into(),
            extensions: Vec::new(),
            compile: None,
            run: vec!["{src}".into()],
            home: None,
            version: None,
            visible: Vec::new(),
            data_cap: true,
            file: None,
            one_cpu_compile: false,
        }
    }
}

impl Language {
    /// A program folder with the format's `build` / `run` scripts: `build` (if there) runs in the folder,
    /// then `run` is the program.
    pub fn scripts(build: bool) -> Language {
        Language {
            name: "build/run scripts".into(),
            extensions: Vec::new(),
            compile: build.then(|| vec!["/bin/sh".into(), "{dir}/build".into()]),
            run: vec!["{dir}/run".into()],
            home: None,
            version: Some(vec!["/bin/sh".into(), "-c".into(), "echo build/run".into()]),
            visible: Vec::new(),
            data_cap: true,
            file: None,
            one_cpu_compile: false,
        }
    }
}

/// The whole table, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Languages(pub Vec<Language>);

const KEYS: [&str; 9] = [
    "extensions",
    "compile",
    "run",
    "home",
    "version",
    "visible",
    "data_cap",
    "file",
    "one_cpu_compile",
];

impl Languages {
    pub fn builtin() -> Languages {
        Languages::parse(BUILTIN, "judge/languages.toml").expect("the built-in table parses")
    }

    /// The table's text → languages; every mistake names `file:line`.
    pub fn parse(text: &str, file: &str) -> Result<Languages, String> {
        let entries = toml::parse(text).map_err(|e| format!("{file}:{}: {}", e.line, e.message))?;
        let mut languages: Vec<Language> = Vec::new();
        let mut errors = Vec::new();
        for entry in &entries {
            let at = format!("{file}:{}", entry.line);
            let Some(name) = &entry.table else {
                errors.push(format!("{at}: `{}` outside a [language] table", entry.key));
                continue;
            };
            if languages.last().map(|l| &l.name) != Some(name) {
                languages.push(Language {
                    name: name.clone(),
                    extensions: Vec::new(),
                    compile: None,
                    run: Vec::new(),
                    home: None,
                    version: None,
                    visible: Vec::new(),
                    data_cap: true,
                    file: None,
                    one_cpu_compile: false,
                });
            }
            let language = languages.last_mut().expect("pushed above");
            let words = |v: &str| v.split_whitespace().map(String::from).collect::<Vec<_>>();
            match (entry.key.as_str(), &entry.value) {
                ("extensions", Value::String(v)) => language.extensions = words(v),
                ("compile", Value::String(v)) => language.compile = Some(words(v)),
                ("run", Value::String(v)) => language.run = words(v),
                ("home", Value::String(v)) => language.home = Some(words(v)),
                ("version", Value::String(v)) => language.version = Some(words(v)),
                ("visible", Value::String(v)) => language.visible = words(v),
                ("file", Value::String(v)) => language.file = Some(v.clone()),
                ("data_cap", Value::Boolean(b)) => language.data_cap = *b,
                ("one_cpu_compile", Value::Boolean(b)) => language.one_cpu_compile = *b,
                (key @ ("data_cap" | "one_cpu_compile"), other) => errors.push(format!(
                    "{at}: `{key}` must be true or false, found {}",
                    other.type_name()
                )),
                (key, other) if KEYS.contains(&key) => errors.push(format!(
                    "{at}: `{key}` must be a string, found {}",
                    other.type_name()
                )),
                (key, _) => errors.push(format!(
                    "{at}: unknown key `{key}` (known keys: {})",
                    KEYS.join(", ")
                )),
            }
        }
        for language in &languages {
            if language.run.is_empty() || language.extensions.is_empty() {
                errors.push(format!(
                    "{file}: [{}] needs `extensions` and `run`",
                    language.name
                ));
            }
        }
        if errors.is_empty() {
            Ok(Languages(languages))
        } else {
            Err(errors.join("\n"))
        }
    }

    /// The language of `source`, by its extension.
    pub fn for_file(&self, source: &Path) -> Result<&Language, String> {
        // `.CPP` is C++ too: file systems on Windows and macOS hand names over in any case.
        let extension = source
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        self.0
            .iter()
            .find(|l| l.extensions.contains(&extension))
            .ok_or_else(|| {
                let known: Vec<&str> = self
                    .0
                    .iter()
                    .flat_map(|l| l.extensions.iter().map(String::as_str))
                    .collect();
                format!(
                    "{}: no language for the extension `.{extension}` (known: .{})",
                    source.display(),
                    known.join(" .")
                )
            })
    }
}

/// The values of the placeholders of one compile or run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Values {
    pub src: String,
    /// Every source file of the program in its language (one, or a folder's): `{files}`.
    pub files: Vec<String>,
    pub dir: String,
    pub stem: String,
    pub home: String,
    pub memory_mb: u64,
}

impl Values {
    /// The stack a program is given: the memory limit, at most 1 GiB (a JVM refuses more).
    pub fn stack_mb(&self) -> u64 {
        self.memory_mb.clamp(1, 1024)
    }
}

/// `words` with every placeholder filled in; the word `{files}` becomes one word per source file.
pub fn fill(words: &[String], values: &Values) -> Vec<String> {
    words
        .iter()
        .flat_map(|word| match word.as_str() {
            "{files}" => values.files.clone(),
            _ => vec![word.clone()],
        })
        .map(|word| {
            word.replace("{src}", &values.src)
                .replace("{dir}", &values.dir)
                .replace("{stem}", &values.stem)
                .replace("{home}", &values.home)
                .replace("{memory_mb}", &values.memory_mb.to_string())
                .replace("{stack_mb}", &values.stack_mb().to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_table_has_the_judges_languages() {
        let table = Languages::builtin();
        let names: Vec<&str> = table.0.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["rust", "c", "cpp", "python", "java"]);
        let cpp = table.for_file(Path::new("/x/eight.cpp")).unwrap();
        assert_eq!(
            cpp.compile.as_ref().unwrap().join(" "),
            "g++ -O2 -std=gnu++17 -o {dir}/program {files}"
        );
        assert!(!table.for_file(Path::new("Main.java")).unwrap().data_cap);
        let one_cpu = |file: &str| table.for_file(Path::new(file)).unwrap().one_cpu_compile;
        assert!(one_cpu("a.c") && one_cpu("a.cc") && one_cpu("a.py"));
        assert!(!one_cpu("Main.java") && !one_cpu("a.rs"));
        assert_eq!(
            table.for_file(Path::new("a.pas")).unwrap_err(),
            "a.pas: no language for the extension `.pas` (known: .rs .c .cpp .cc .cxx .py .py3 .java)"
        );
    }

    #[test]
    fn the_dialects_parse_and_are_found_by_source() {
        for (key, _, text) in DIALECTS {
            Languages::parse(text, key).unwrap_or_else(|e| panic!("{e}"));
        }
        let poj = Dialect::of_source("POJ 1077").unwrap();
        assert_eq!(poj.name, "POJ");
        assert!(
            poj.languages.for_file(Path::new("a.py")).is_err(),
            "POJ has no Python"
        );
        let java = poj.languages.for_file(Path::new("Eight.java")).unwrap();
        assert_eq!(java.file.as_deref(), Some("Main.java"));
        assert!(Dialect::of_source("Kattis").is_none());
        assert!(Dialect::of_source("").is_none());
    }

    #[test]
    fn placeholders_are_filled() {
        let values = Values {
            src: "/box/Main.java".into(),
            files: vec!["/box/Main.java".into(), "/box/Kattio.java".into()],
            dir: "/box".into(),
            stem: "Main".into(),
            home: String::new(),
            memory_mb: 4096,
        };
        let words: Vec<String> = [
            "java",
            "-Xmx{memory_mb}m",
            "-Xss{stack_mb}m",
            "-cp",
            "{dir}",
            "{stem}",
            "{files}",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            fill(&words, &values).join(" "),
            "java -Xmx4096m -Xss1024m -cp /box Main /box/Main.java /box/Kattio.java"
        );
    }

    #[test]
    fn mistakes_name_the_line() {
        let text =
            "x = 1\n[go]\nextensions = \"go\"\nrun = 3\nspeed = \"fast\"\ndata_cap = \"no\"\n";
        assert_eq!(
            Languages::parse(text, "l.toml").unwrap_err(),
            "l.toml:1: `x` outside a [language] table\n\
             l.toml:4: `run` must be a string, found an integer\n\
             l.toml:5: unknown key `speed` (known keys: extensions, compile, run, home, version, visible, data_cap, file, one_cpu_compile)\n\
             l.toml:6: `data_cap` must be true or false, found a string\n\
             l.toml: [go] needs `extensions` and `run`"
        );
    }
}
