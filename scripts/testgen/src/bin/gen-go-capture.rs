//! Writes testdata/go-capture/: the sample and the named positions, then 40 random legal positions (biased
//! toward groups in atari and surrounded points); every answer from the union-find reference. No judge hosts
//! the problem, so its format is the project's own and every case is `official/`.
use testgen::go_capture::{answer, input, outcome, random_position, NAMED_CASES};
use testgen::rng::Rng;
use testgen::testdata::Testdata;

const SEED: u64 = 0x90_ca97;

fn main() {
    let data = Testdata::open("go-capture");
    for (name, text, word, stones) in NAMED_CASES {
        assert_eq!(
            outcome(&testgen::go_capture::parse(text)),
            (word, stones),
            "{name}"
        );
        data.official(name, text, &answer(text));
    }
    let mut rng = Rng::new(SEED);
    for k in 1..=40 {
        let text = input(&random_position(&mut rng));
        data.official(&format!("random/{k:02}"), &text, &answer(&text));
    }
}
