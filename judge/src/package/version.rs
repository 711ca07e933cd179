//! The versions of the problem package format, and everything that differs between them, in one place:
//! the loader reads any of them (`metadata`, `testdata`), `judge export` writes any of them (`export`).
//!
//! Sources: the format's specifications (legacy, 2023-07-draft, 2025-09) and the tools that read them —
//! problemtools 1.2026 (legacy and 2023-07-draft), BAPCtools 2026 (2025-09 only), DOMjudge's importer (no
//! version: the legacy layout, and `problem.pdf` / `.html` / `.txt` as its only statement).

/// A version of the problem package format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Version {
    /// `legacy` (no `problem_format_version`): `problem_statement/`, `output_validators/`, `validation:`,
    /// `time_multiplier`, `testdata.yaml` with `*_flags` strings; the time limit is the system's (DOMjudge:
    /// `.timelimit`).
    Legacy,
    /// `2023-07-draft`, the one problemtools checks: `statement/` (Markdown or LaTeX), `output_validator/`
    /// holding the validator, `type:`, `limits.time_limit`, `time_multipliers`, `testdata.yaml` with
    /// `*_flags`, `submissions.yaml`.
    Draft2023,
    /// `2023-07` and `2025-09`, the published text (BAPCtools): as the draft, but `output_validator/` is the
    /// validator itself, groups are `test_group.yaml` with `*_args` sequences, and validators are C, C++ or
    /// Python unless they bring `build` / `run` scripts.
    Published2025,
}

/// What the loader tells apart: the legacy layout and keys, or the 2023-07 / 2025-09 ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Legacy,
    Modern,
}

/// The languages (by file extension) a validator may be written in without `build` / `run` scripts.
/// Legacy: those DOMjudge's judgehost builds by itself (C, C++, Java, Python), which the legacy table also
/// has. 2025-09: C, C++ and Python, as the specification says.
const LEGACY_VALIDATOR_EXTENSIONS: [&str; 8] =
    ["c", "cpp", "cc", "cxx", "c++", "java", "py", "py3"];
const PUBLISHED_VALIDATOR_EXTENSIONS: [&str; 7] = ["c", "cpp", "cc", "cxx", "c++", "py", "py3"];

/// Every top-level key of `problem.yaml`, per version; a key of the other version is a warning when read.
const LEGACY_KEYS: [&str; 14] = [
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "author",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "limits",
    "validation",
    "validator_flags",
    "grading",
    "keywords",
];
const MODERN_KEYS: [&str; 15] = [
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "version",
    "credits",
    "source",
    "license",
    "rights_owner",
    "embargo_until",
    "limits",
    "keywords",
    "languages",
    "allow_file_writing",
    "constants",
];

/// The folders at a package's root each version defines (problemtools' list for the draft).
const LEGACY_FOLDERS: [&str; 7] = [
    "problem_statement",
    "attachments",
    "data",
    "include",
    "submissions",
    "input_validators",
    "output_validators",
];
const MODERN_FOLDERS: [&str; 13] = [
    "statement",
    "attachments",
    "solution",
    "data",
    "generators",
    "include",
    "submissions",
    "input_validators",
    "answer_validators",
    "static_validator",
    "output_validator",
    "input_visualizer",
    "output_visualizer",
];

/// The folders of `submissions/` whose expectation the version defines by name (2023-07 adds more through
/// `submissions.yaml`).
const LEGACY_SUBMISSION_FOLDERS: [&str; 5] = [
    "accepted",
    "partially_accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
];

impl Version {
    pub const ALL: [Version; 3] = [Version::Legacy, Version::Draft2023, Version::Published2025];

    /// The version a `problem_format_version` value names (`None`: the key is absent, which is legacy).
    pub fn parse(value: Option<&str>) -> Option<Version> {
        match value {
            None | Some("legacy") => Some(Version::Legacy),
            Some("2023-07-draft") => Some(Version::Draft2023),
            Some("2023-07" | "2025-09" | "2025-09-draft") => Some(Version::Published2025),
            Some(_) => None,
        }
    }

    /// The versions `parse` knows, for messages.
    pub const KNOWN: &'static str = "legacy, 2023-07-draft, 2023-07, 2025-09";

    /// The `problem_format_version` this version is written with.
    pub fn name(self) -> &'static str {
        match self {
            Version::Legacy => "legacy",
            Version::Draft2023 => "2023-07-draft",
            Version::Published2025 => "2025-09",
        }
    }

    pub fn format(self) -> Format {
        match self {
            Version::Legacy => Format::Legacy,
            Version::Draft2023 | Version::Published2025 => Format::Modern,
        }
    }

    /// The top-level keys of `problem.yaml`.
    pub fn problem_keys(self) -> &'static [&'static str] {
        match self.format() {
            Format::Legacy => &LEGACY_KEYS,
            Format::Modern => &MODERN_KEYS,
        }
    }

    /// Whether `key` is a top-level key of some version's `problem.yaml`.
    pub fn any_has_key(key: &str) -> bool {
        LEGACY_KEYS.contains(&key) || MODERN_KEYS.contains(&key)
    }

    /// The default `(ac_to_time_limit, time_limit_to_tle)`: legacy's `time_multiplier` 5 and
    /// `time_safety_margin` 2, 2023-07's 2 and 1.5.
    pub fn default_multipliers(self) -> (f64, f64) {
        match self.format() {
            Format::Legacy => (5.0, 2.0),
            Format::Modern => (2.0, 1.5),
        }
    }

    /// Whether `problem.yaml` may state the time limit (`limits.time_limit`). Legacy may not (problemtools
    /// refuses the key); its systems set it (DOMjudge reads `.timelimit`).
    pub fn states_time_limit(self) -> bool {
        self.format() == Format::Modern
    }

    pub fn statement_dir(self) -> &'static str {
        match self.format() {
            Format::Legacy => "problem_statement",
            Format::Modern => "statement",
        }
    }

    /// The statement file types the version's tools read: legacy LaTeX (problemtools renders no other),
    /// the draft Markdown or LaTeX (problemtools), 2025-09 LaTeX (BAPCtools reads no Markdown, though the
    /// specification allows it).
    pub fn statement_types(self) -> &'static [&'static str] {
        match self {
            Version::Legacy | Version::Published2025 => &["tex"],
            Version::Draft2023 => &["md", "tex"],
        }
    }

    pub fn output_validator_dir(self) -> &'static str {
        match self.format() {
            Format::Legacy => "output_validators",
            Format::Modern => "output_validator",
        }
    }

    /// Whether the output validator folder is the program itself (2025-09), or holds it (legacy: one
    /// program of any name; the draft likewise).
    pub fn output_validator_is_folder(self) -> bool {
        self == Version::Published2025
    }

    /// The name of a test group's configuration file.
    pub fn group_file(self) -> &'static str {
        match self {
            Version::Legacy | Version::Draft2023 => "testdata.yaml",
            Version::Published2025 => "test_group.yaml",
        }
    }

    /// Whether validator arguments are YAML sequences under `*_validator_args` (2025-09) rather than
    /// strings of words under `*_validator_flags` (legacy, the draft).
    pub fn validator_args_are_sequences(self) -> bool {
        self == Version::Published2025
    }

    /// The group file's key for input / output validator arguments.
    pub fn validator_args_key(self, output: bool) -> &'static str {
        match (self.validator_args_are_sequences(), output) {
            (true, false) => "input_validator_args",
            (true, true) => "output_validator_args",
            (false, false) => "input_validator_flags",
            (false, true) => "output_validator_flags",
        }
    }

    /// Whether test groups may only be the folders right below `data/secret/`, and then every one of
    /// them must be a group (2025-09); legacy and the draft nest groups at any depth.
    pub fn flat_groups(self) -> bool {
        self == Version::Published2025
    }

    /// The folders the version defines at a package's root.
    pub fn root_folders(self) -> &'static [&'static str] {
        match self.format() {
            Format::Legacy => &LEGACY_FOLDERS,
            Format::Modern => &MODERN_FOLDERS,
        }
    }

    /// Whether `submissions/<folder>/` is one the version can express: legacy knows its five folders and
    /// has no `submissions.yaml`; 2023-07 takes any folder that file gives a rule.
    pub fn knows_submission_folder(self, folder: &str) -> bool {
        self.format() == Format::Modern || LEGACY_SUBMISSION_FOLDERS.contains(&folder)
    }

    /// Whether `submissions/submissions.yaml` exists in this version.
    pub fn has_submissions_yaml(self) -> bool {
        self.format() == Format::Modern
    }

    /// Whether a validator written in the language of `extension` runs as it is, without `build` / `run`
    /// scripts.
    pub fn runs_validator_language(self, extension: &str) -> bool {
        let extension = extension.to_ascii_lowercase();
        match self {
            // problemtools runs the draft's validators in any language of its table.
            Version::Draft2023 => true,
            Version::Legacy => LEGACY_VALIDATOR_EXTENSIONS.contains(&extension.as_str()),
            Version::Published2025 => PUBLISHED_VALIDATOR_EXTENSIONS.contains(&extension.as_str()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_aliases() {
        for version in Version::ALL {
            assert_eq!(Version::parse(Some(version.name())), Some(version));
        }
        assert_eq!(Version::parse(None), Some(Version::Legacy));
        assert_eq!(
            Version::parse(Some("2023-07")),
            Some(Version::Published2025)
        );
        assert_eq!(Version::parse(Some("2099")), None);
    }

    #[test]
    fn layout_per_version() {
        let layout = |v: Version| {
            (
                v.statement_dir(),
                v.output_validator_dir(),
                v.group_file(),
                v.validator_args_key(false),
            )
        };
        assert_eq!(
            layout(Version::Legacy),
            (
                "problem_statement",
                "output_validators",
                "testdata.yaml",
                "input_validator_flags"
            )
        );
        assert_eq!(
            layout(Version::Draft2023),
            (
                "statement",
                "output_validator",
                "testdata.yaml",
                "input_validator_flags"
            )
        );
        assert_eq!(
            layout(Version::Published2025),
            (
                "statement",
                "output_validator",
                "test_group.yaml",
                "input_validator_args"
            )
        );
    }

    #[test]
    fn validator_languages() {
        assert!(Version::Draft2023.runs_validator_language("rs"));
        assert!(!Version::Published2025.runs_validator_language("rs"));
        assert!(!Version::Published2025.runs_validator_language("java"));
        assert!(Version::Legacy.runs_validator_language("java"));
        assert!(!Version::Legacy.runs_validator_language("rs"));
        assert!(Version::Published2025.runs_validator_language("CPP"));
    }

    #[test]
    fn submission_folders() {
        assert!(!Version::Legacy.knows_submission_folder("slow_accepted"));
        assert!(!Version::Legacy.knows_submission_folder("rejected"));
        assert!(Version::Legacy.knows_submission_folder("run_time_error"));
        assert!(Version::Published2025.knows_submission_folder("slow_accepted"));
    }
}
