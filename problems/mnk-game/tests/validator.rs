//! The input validator (testdata/mnk-game/input_validators/validate.rs): every committed case passes with
//! its group's flags, and a table of real mistakes a test author could make is rejected with a message
//! that says where.
#[allow(dead_code)]
#[path = "../../../testdata/mnk-game/input_validators/validate.rs"]
mod validate;

use std::fs;

use testgen::validator::{committed_cases, problem_dir};

const PROBLEM: &str = "mnk-game";

#[test]
fn every_committed_case_passes_with_its_groups_flags() {
    let cases = committed_cases(PROBLEM);
    // Both secret groups must hold cases, so that a moved or emptied folder cannot pass by being empty.
    let secret = problem_dir(PROBLEM).join("data/secret");
    for group in ["official", "beyond"] {
        let folder = secret.join(group);
        assert!(
            cases.iter().any(|(path, _)| path.starts_with(&folder)),
            "no cases in {group}"
        );
    }
    for (path, flags) in cases {
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(
            validate::validate(&text, &flags),
            Ok(()),
            "{}",
            path.display()
        );
    }
}

#[test]
fn eight_by_eight_boards_are_valid() {
    let empty = format!("1\n8 8 5\n{}", "........\n".repeat(8));
    assert_eq!(validate::validate(&empty, &[]), Ok(()));
    assert_eq!(validate::validate("1\n1 8 8\nxo.xo.xo\n", &[]), Ok(()));
}

#[test]
fn real_mistakes_are_rejected_saying_where() {
    let eight_rows = "........\n".repeat(8);
    let nine_wide = format!("1\n8 9 5\n{}", ".........\n".repeat(8));
    let nine_tall = format!("1\n9 8 5\n{}", "........\n".repeat(9));
    let k_too_long = format!("1\n8 8 9\n{eight_rows}");
    for (what, input, says) in [
        ("empty file", "", "the number of cases T"),
        ("T = 0", "0\n", "T in 1..=100"),
        ("T = 101", "101\n", "T in 1..=100"),
        ("T with a sign", "+1\n1 1 1\n.\n", "line 1, token 1"),
        ("T with a leading zero", "01\n1 1 1\n.\n", "line 1, token 1"),
        ("m = 0", "1\n0 3 3\n", "m in 1..=8"),
        ("n = 9", &nine_wide, "n in 1..=8"),
        ("m = 9", &nine_tall, "m in 1..=8"),
        ("k = 0", "1\n3 3 0\n...\n...\n...\n", "line 2, token 3"),
        (
            "k > max(m, n)",
            &k_too_long,
            "k (at most max(m, n)) in 1..=8",
        ),
        ("short row", "1\n3 3 3\n...\n..\n...\n", "line 4, token 1"),
        ("long row", "1\n3 3 3\n...\n....\n...\n", "row 2"),
        ("capital X", "1\n3 3 3\n...\n.X.\n...\n", "`.xo`"),
        (
            "a row split by a space",
            "1\n3 3 3\n...\n. .\n...\n",
            "row 2",
        ),
        ("one row missing", "1\n3 3 3\n...\n...\n", "end of input"),
        ("a case missing", "2\n1 1 1\n.\n", "case 2's m"),
        ("o moved first", "1\n3 3 3\no..\n...\n...\n", "0 x and 1 o"),
        ("x two ahead", "1\n3 3 3\nx.x\n...\n...\n", "2 x and 0 o"),
        ("x has won", "1\n3 3 3\nxxx\noo.\n...\n", "3 x in a row"),
        (
            "o has won on a diagonal",
            "1\n3 3 3\noxx\nxo.\n..o\n",
            "3 o in a row",
        ),
        ("full board", "1\n1 2 2\nxo\n", "full board"),
        ("trailing token", "1\n1 1 1\n.\nextra\n", "line 4, token 1"),
    ] {
        // Said the same in any layout; the plain one (no flag) rejects them too.
        assert!(validate::validate(input, &[]).is_err(), "{what}");
        match validate::validate(input, &["layout"]) {
            Ok(()) => panic!("{what}: accepted {input:?}"),
            Err(message) => assert!(
                message.contains(says),
                "{what}: {message:?} should say {says:?}"
            ),
        }
    }
}

#[test]
fn the_statements_free_layout_only_where_the_group_passes_layout() {
    let plain = "2\n1 1 1\n.\n2 2 2\nx.\n..\n";
    for flags in [&[][..], &["beyond"]] {
        assert_eq!(validate::validate(plain, flags), Ok(()));
    }
    for (free, says) in [
        (plain.replace('\n', "\r\n"), "found '\\r'"),
        (plain.replace(' ', "\t"), "found '\\t'"),
        (plain.replace("\n2 2 2", "\n\n2 2 2"), "a blank line"),
        (plain.replace("1 1 1", "1  1 1"), "a second space"),
        (plain.trim_end().to_string(), "at the end of the input"),
        (format!(" {plain}"), "found a space"),
    ] {
        let message = validate::validate(&free, &[]).unwrap_err();
        assert!(
            message.contains(says),
            "{free:?}: {message:?} should say {says:?}"
        );
        for flags in [&["layout"][..], &["beyond", "layout"]] {
            assert_eq!(validate::validate(&free, flags), Ok(()), "{free:?}");
        }
    }
}

#[test]
fn unknown_flags_are_refused() {
    assert!(validate::validate("1\n1 1 1\n.\n", &["strict"]).is_err());
    assert_eq!(validate::validate("1\n1 1 1\n.\n", &["beyond"]), Ok(()));
}
