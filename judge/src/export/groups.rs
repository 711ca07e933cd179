//! Test group configuration in another version: legacy and the draft's `testdata.yaml` (validator
//! arguments as strings of words under `*_validator_flags`, groups at any depth) and 2025-09's
//! `test_group.yaml` (sequences under `*_validator_args`; groups only right below `data/secret/`, and then
//! every folder there is one; a deeper group's settings go into a `<case>.yaml` beside each of its cases,
//! where 2025-09 lets one case say them). Pure: the files' texts in, the new files' texts out.

use super::yaml_out::{flow_seq, scalar};
use crate::package::metadata;
use crate::package::testdata::{input_args, ValidatorArgs};
use crate::package::Version;
use crate::yaml::{self, Value};

/// A group configuration file of the source package.
pub struct Source<'a> {
    /// Its folder below the package: `data`, `data/secret/beyond`.
    pub dir: &'a str,
    pub text: &'a str,
}

/// What one configuration sets (unset: inherited).
#[derive(Clone, Default, Debug, PartialEq)]
struct Settings {
    input: Option<ValidatorArgs>,
    output: Option<Vec<String>>,
    /// Leading comment lines, kept.
    comment: String,
    /// Keys this judge does not translate (scoring, grading): said when the version changes.
    other: Vec<String>,
}

/// The written files: `(path below the package, text)`, and what was left out.
pub struct Written {
    pub files: Vec<(String, String)>,
    pub left_out: Vec<String>,
}

/// The configuration files for `to`. `sources` are the package's (`from` tells their form), `secret_dirs`
/// every folder right below `data/secret/` (by name), `secret_has_cases` whether cases lie directly in it,
/// `legacy_flags` legacy's problem-wide `validator_flags` (which come before every group's) when `to` has
/// no such key and they must go into the groups. `cases` names every case below `data/` (`data/sample/1`).
pub fn translate(
    sources: &[Source],
    from: Version,
    to: Version,
    secret_dirs: &[String],
    secret_has_cases: bool,
    legacy_flags: &[String],
    cases: &[String],
) -> Result<Written, String> {
    let same_form = from.validator_args_are_sequences() == to.validator_args_are_sequences()
        && from.flat_groups() == to.flat_groups()
        && legacy_flags.is_empty();
    let mut left_out = Vec::new();
    if same_form {
        // Nothing to translate: the files as they are, under the version's name.
        let files = sources
            .iter()
            .map(|s| (format!("{}/{}", s.dir, to.group_file()), s.text.to_string()))
            .collect();
        return Ok(Written { files, left_out });
    }
    let mut parsed = Vec::new();
    for source in sources {
        let settings = settings(source)?;
        for key in &settings.other {
            left_out.push(format!(
                "{}/{}: `{key}` (not carried into {})",
                source.dir,
                from.group_file(),
                to.name()
            ));
        }
        parsed.push((source.dir.to_string(), settings));
    }
    let find = |dir: &str| {
        parsed
            .iter()
            .find(|(d, _)| d == dir)
            .map(|(_, s)| s.clone())
    };
    // Where configurations may go: legacy and the draft anywhere, 2025-09 in sample/, secret/ and the
    // groups right below secret/.
    let mut targets: Vec<String> = Vec::new();
    // 2025-09: the folders configured below its groups, whose settings each of their cases says itself.
    let mut nested: Vec<String> = Vec::new();
    if to.flat_groups() {
        for (dir, _) in &parsed {
            let depth = dir.split('/').count();
            let allowed = dir == "data"
                || dir == "data/sample"
                || dir == "data/secret"
                || (depth == 3 && dir.starts_with("data/secret/"));
            if !allowed {
                nested.push(dir.clone());
            }
        }
        let grouped = parsed
            .iter()
            .any(|(d, _)| d.split('/').count() == 3 && d.starts_with("data/secret/"));
        if grouped && secret_has_cases {
            return Err(format!(
                "data/secret/: cases beside test groups, which {} cannot express",
                to.name()
            ));
        }
        // `data/` itself too, where the source configures it: BAPCtools reads it for the cases it makes
        // up (its generic valid and invalid outputs, which lie in no group of ours).
        if parsed.iter().any(|(d, _)| d == "data") {
            targets.push("data".into());
        }
        targets.push("data/sample".into());
        targets.push("data/secret".into());
        if grouped {
            targets.extend(secret_dirs.iter().map(|d| format!("data/secret/{d}")));
        }
    } else {
        targets = parsed.iter().map(|(d, _)| d.clone()).collect();
        if !legacy_flags.is_empty() {
            for dir in ["data/sample", "data/secret"] {
                if !targets.iter().any(|t| t == dir) {
                    targets.push(dir.into());
                }
            }
        }
    }
    let mut files = Vec::new();
    // The settings in force for a folder: its own, else its nearest ancestor's, key by key.
    let in_force = |dir: &str| {
        let mut effective = Settings::default();
        let mut ancestry: Vec<String> = Vec::new();
        let mut path = String::new();
        for part in dir.split('/') {
            path = if path.is_empty() {
                part.to_string()
            } else {
                format!("{path}/{part}")
            };
            ancestry.push(path.clone());
        }
        for ancestor in &ancestry {
            if let Some(own) = find(ancestor) {
                effective.input = own.input.or(effective.input);
                effective.output = own.output.or(effective.output);
                if ancestor == dir {
                    effective.comment = own.comment;
                }
            }
        }
        let output = match (&effective.output, legacy_flags.is_empty()) {
            (output, true) => output.clone(),
            (output, false) => Some([legacy_flags, output.as_deref().unwrap_or_default()].concat()),
        };
        write(
            &effective.comment,
            effective.input.as_ref(),
            output.as_deref(),
            to,
            dir,
        )
    };
    for dir in targets {
        let text = in_force(&dir)?;
        // sample/ and secret/ get a file only when it sets something; a 2025-09 group always (the file is
        // what makes the folder a group).
        let top = dir == "data/sample" || dir == "data/secret";
        if !(top && to.flat_groups() && text == "{}\n") {
            files.push((format!("{dir}/{}", to.group_file()), text));
        }
    }
    for case in cases {
        // The deepest configured folder above the case, if it lies below a group.
        let Some(dir) = nested
            .iter()
            .filter(|d| case.starts_with(&format!("{d}/")))
            .max_by_key(|d| d.len())
        else {
            continue;
        };
        files.push((format!("{case}.yaml"), in_force(dir)?));
    }
    Ok(Written { files, left_out })
}

/// Whether the file gives the input validators (all, or one by name) the argument `word`.
pub fn gives_input_validators(source: &Source, word: &str) -> Result<bool, String> {
    Ok(match settings(source)?.input {
        None | Some(ValidatorArgs::None) => false,
        Some(ValidatorArgs::All(args)) => args.iter().any(|a| a == word),
        Some(ValidatorArgs::ByName(named)) => {
            named.iter().any(|(_, args)| args.iter().any(|a| a == word))
        }
    })
}

/// Reads one configuration file.
fn settings(source: &Source) -> Result<Settings, String> {
    let file = source.dir;
    let doc =
        yaml::parse(source.text).map_err(|e| format!("{file}: line {}: {}", e.line, e.message))?;
    let comment: String = source
        .text
        .lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut settings = Settings {
        comment,
        ..Settings::default()
    };
    let Value::Map(entries) = &doc.value else {
        return Ok(settings);
    };
    for (key, node) in entries {
        match key.text.as_str() {
            "input_validator_flags" | "input_validator_args" => {
                settings.input =
                    Some(input_args(node).map_err(|e| format!("{file}: line {}: {e}", key.line))?)
            }
            "output_validator_flags" | "output_validator_args" => {
                settings.output = Some(match &node.value {
                    Value::Map(_) => node.get("flags").map(metadata::words).unwrap_or_default(),
                    _ => metadata::words(node),
                })
            }
            _ if node.is_null() => {}
            other => settings.other.push(other.to_string()),
        }
    }
    Ok(settings)
}

/// One configuration file's text in `to`'s form.
fn write(
    comment: &str,
    input: Option<&ValidatorArgs>,
    output: Option<&[String]>,
    to: Version,
    dir: &str,
) -> Result<String, String> {
    let mut text = comment.to_string();
    let words = |args: &[String]| -> Result<String, String> {
        if to.validator_args_are_sequences() {
            return Ok(flow_seq(args));
        }
        if let Some(arg) = args
            .iter()
            .find(|a| a.is_empty() || a.contains(char::is_whitespace))
        {
            return Err(format!(
                "{dir}: the argument {arg:?} cannot be one of {}'s space-separated flags",
                to.name()
            ));
        }
        Ok(scalar(&args.join(" ")))
    };
    match input {
        None | Some(ValidatorArgs::None) => {}
        Some(ValidatorArgs::All(args)) => {
            text.push_str(&format!("{}: {}\n", to.validator_args_key(false), words(args)?))
        }
        Some(ValidatorArgs::ByName(named)) if to.validator_args_are_sequences() => {
            text.push_str(&format!("{}:\n", to.validator_args_key(false)));
            for (name, args) in named {
                text.push_str(&format!("  {}: {}\n", scalar(name), flow_seq(args)));
            }
        }
        Some(ValidatorArgs::ByName(named)) => match named.as_slice() {
            [(name, args)] => text.push_str(&format!(
                "{}:\n  name: {}\n  flags: {}\n",
                to.validator_args_key(false),
                scalar(name),
                words(args)?
            )),
            _ => {
                return Err(format!(
                    "{dir}: input validator arguments for several validators by name, which {} cannot express",
                    to.name()
                ))
            }
        },
    }
    if let Some(args) = output {
        text.push_str(&format!(
            "{}: {}\n",
            to.validator_args_key(true),
            words(args)?
        ));
    }
    if text.lines().all(|l| l.starts_with('#')) {
        // An empty file is no YAML mapping to BAPCtools (it skips the group's cases, saying it cannot
        // parse it): a group with nothing to set says so.
        text.push_str("{}\n");
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BEYOND: &str = "# This project's demands past the real judge.\ninput_validator_flags: beyond\noutput_validator_flags: beyond\n";

    #[test]
    fn the_whole_datas_configuration_stays_in_data_in_2025() {
        let sources = [Source {
            dir: "data",
            text: "output_validator_flags: case_sensitive\n",
        }];
        let written = translate(
            &sources,
            Version::Draft2023,
            Version::Published2025,
            &["official".to_string()],
            false,
            &[],
            &[],
        )
        .unwrap();
        let paths: Vec<&str> = written.files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            paths,
            [
                "data/test_group.yaml",
                "data/sample/test_group.yaml",
                "data/secret/test_group.yaml"
            ]
        );
        for (_, text) in &written.files {
            assert_eq!(text, "output_validator_args: [case_sensitive]\n");
        }
    }

    #[test]
    fn draft_groups_in_2025() {
        let sources = [Source {
            dir: "data/secret/beyond",
            text: BEYOND,
        }];
        let dirs = ["beyond".to_string(), "official".to_string()];
        let written = translate(
            &sources,
            Version::Draft2023,
            Version::Published2025,
            &dirs,
            false,
            &[],
            &[],
        )
        .unwrap();
        assert_eq!(
            written.files,
            [
                (
                    "data/secret/beyond/test_group.yaml".to_string(),
                    "# This project's demands past the real judge.\ninput_validator_args: [beyond]\noutput_validator_args: [beyond]\n".to_string()
                ),
                ("data/secret/official/test_group.yaml".to_string(), "{}\n".to_string()),
            ]
        );
        // Back to the draft's form.
        let back_sources = [Source {
            dir: "data/secret/beyond",
            text: &written.files[0].1,
        }];
        let back = translate(
            &back_sources,
            Version::Published2025,
            Version::Legacy,
            &dirs,
            false,
            &[],
            &[],
        )
        .unwrap();
        assert_eq!(
            back.files,
            [(
                "data/secret/beyond/testdata.yaml".to_string(),
                "# This project's demands past the real judge.\ninput_validator_flags: beyond\noutput_validator_flags: beyond\n".to_string()
            )]
        );
    }

    #[test]
    fn same_form_is_copied_and_legacy_flags_move_into_groups() {
        let sources = [Source {
            dir: "data/secret/beyond",
            text: BEYOND,
        }];
        let copied = translate(
            &sources,
            Version::Draft2023,
            Version::Legacy,
            &[],
            false,
            &[],
            &[],
        )
        .unwrap();
        assert_eq!(
            copied.files,
            [(
                "data/secret/beyond/testdata.yaml".to_string(),
                BEYOND.to_string()
            )]
        );
        let flags = ["float_tolerance".to_string(), "1e-6".to_string()];
        let moved = translate(
            &[],
            Version::Legacy,
            Version::Published2025,
            &[],
            true,
            &flags,
            &[],
        )
        .unwrap();
        assert_eq!(
            moved.files,
            [
                (
                    "data/sample/test_group.yaml".to_string(),
                    "output_validator_args: [float_tolerance, \"1e-6\"]\n".to_string()
                ),
                (
                    "data/secret/test_group.yaml".to_string(),
                    "output_validator_args: [float_tolerance, \"1e-6\"]\n".to_string()
                ),
            ]
        );
    }

    #[test]
    fn a_group_below_a_group_is_said_by_each_of_its_cases_in_2025() {
        let sources = [
            Source {
                dir: "data/secret/beyond",
                text: BEYOND,
            },
            Source {
                dir: "data/secret/beyond/layout",
                text: "# Free layout.\ninput_validator_flags: beyond layout\n",
            },
        ];
        let cases = [
            "data/sample/1",
            "data/secret/beyond/huge",
            "data/secret/beyond/layout/crlf",
            "data/secret/beyond/layout/more/tabs",
        ]
        .map(String::from);
        let written = translate(
            &sources,
            Version::Draft2023,
            Version::Published2025,
            &["beyond".to_string()],
            false,
            &[],
            &cases,
        )
        .unwrap();
        let case_files: Vec<_> = written
            .files
            .iter()
            .filter(|(path, _)| !path.ends_with("test_group.yaml"))
            .collect();
        // The layout group's own args, the output args inherited from beyond/.
        let text = "# Free layout.\ninput_validator_args: [beyond, layout]\noutput_validator_args: [beyond]\n";
        assert_eq!(
            case_files,
            [
                &(
                    "data/secret/beyond/layout/crlf.yaml".to_string(),
                    text.to_string()
                ),
                &(
                    "data/secret/beyond/layout/more/tabs.yaml".to_string(),
                    text.to_string()
                ),
            ]
        );
    }

    #[test]
    fn what_2025_cannot_express_is_an_error() {
        let beside = [Source {
            dir: "data/secret/a",
            text: "input_validator_flags: x\n",
        }];
        let err = translate(
            &beside,
            Version::Legacy,
            Version::Published2025,
            &["a".into()],
            true,
            &[],
            &[],
        )
        .err()
        .unwrap();
        assert!(err.contains("cases beside test groups"), "{err}");
        let spaced = [Source {
            dir: "data/secret/a",
            text: "input_validator_args: [\"two words\"]\n",
        }];
        let err = translate(
            &spaced,
            Version::Published2025,
            Version::Legacy,
            &[],
            false,
            &[],
            &[],
        )
        .err()
        .unwrap();
        assert!(err.contains("\"two words\""), "{err}");
    }
}
