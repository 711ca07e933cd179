//! Match statistics as fastchess and fishtest report them: Elo with a 95 % interval from the trinomial
//! (per game) or pentanomial (per opening pair) score distribution, LOS, and a GSPRT log-likelihood ratio.
//!
//! Pure functions over counts; every formula is the normal approximation of the mean score:
//! - Elo of a score `s` (logistic): `-400 log10(1/s - 1)`.
//! - Interval: `s ± 1.96 σ`, where `σ²` is the variance of the mean score (per-game or per-pair outcomes),
//!   each end mapped to Elo; `±` is half the interval's width, as fastchess prints it.
//!   When every outcome is alike (no variance: 80 wins of 80) the Wilson score interval of the games'
//!   points is used instead, so a one-sided match still gets a finite bound ("Elo ≥ 527").
//! - LOS (likelihood of superiority): `Φ((W - L) / sqrt(W + L))`, draws carrying no information.
//! - GSPRT (Van den Bergh's generalised SPRT, as fishtest): `LLR = (s1 - s0)(2s - s0 - s1) / (2σ²)` with
//!   `s0`, `s1` the scores of the logistic `elo0`, `elo1`; stop at `ln(β/(1-α))` (H0) or `ln((1-β)/α)` (H1).
//!
//! Status: unit tests below against values computed independently (Python's `math.erf`, `math.log10`).

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points of the first engine: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }
}

/// Opening pairs by the first engine's points in the pair, in half points: index 0 = lost both (0 points),
/// 1 = ½, 2 = 1 (win + loss or two draws), 3 = 1½, 4 = won both.
pub type Pentanomial = [u64; 5];

/// The index of a pair in the pentanomial from the points of its two games (each 0, ½ or 1).
pub fn pentanomial_index(first: f64, second: f64) -> usize {
    ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize
}

/// An Elo difference with its 95 % interval; infinite at a score of 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub lower: f64,
    pub upper: f64,
}

impl EloEstimate {
    /// Half the interval's width: the `±` fastchess prints.
    pub fn error(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

/// The two-sided 95 % quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Logistic Elo difference of a score in [0, 1] (±∞ at the ends).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The score expected at an Elo difference (inverse of `elo_from_score`).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Mean and variance of the mean of outcomes `values[i]` seen `counts[i]` times; `None` without any
/// outcome.
fn mean_and_variance(values: &[f64], counts: &[f64]) -> Option<(f64, f64)> {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return None;
    }
    let mean = values.iter().zip(counts).map(|(x, c)| x * c).sum::<f64>() / n;
    let spread = values
        .iter()
        .zip(counts)
        .map(|(x, c)| c * (x - mean) * (x - mean))
        .sum::<f64>()
        / n;
    Some((mean, spread / n))
}

const GAME_SCORES: [f64; 3] = [0.0, 0.5, 1.0];
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

fn trinomial_counts(wdl: &Wdl) -> [f64; 3] {
    [wdl.losses as f64, wdl.draws as f64, wdl.wins as f64]
}

/// Mean score per game and the variance of that mean, game by game.
pub fn trinomial_score(wdl: &Wdl) -> Option<(f64, f64)> {
    mean_and_variance(&GAME_SCORES, &trinomial_counts(wdl))
}

/// Mean score per game and the variance of that mean, opening pair by opening pair (the pairs' games are
/// correlated through their opening, so this is the honest error of a paired match).
pub fn pentanomial_score(pairs: &Pentanomial) -> Option<(f64, f64)> {
    mean_and_variance(&PAIR_SCORES, &pairs.map(|c| c as f64))
}

/// The Elo and its 95 % interval from a mean score and the variance of that mean.
pub fn elo_interval(mean: f64, variance_of_mean: f64) -> EloEstimate {
    let half_width = Z95 * variance_of_mean.max(0.0).sqrt();
    EloEstimate {
        elo: elo_from_score(mean),
        lower: elo_from_score(mean - half_width),
        upper: elo_from_score(mean + half_width),
    }
}

/// The Elo interval from the Wilson score interval of `points` out of `games` (each game 0, ½ or 1): for a
/// match whose outcomes are all alike (80 wins of 80), where the normal interval has no width at all.
pub fn wilson_elo_interval(points: f64, games: f64) -> Option<EloEstimate> {
    if games <= 0.0 {
        return None;
    }
    let p = points / games;
    let z2 = Z95 * Z95;
    let centre = p + z2 / (2.0 * games);
    let radius = Z95 * (p * (1.0 - p) / games + z2 / (4.0 * games * games)).sqrt();
    let scale = 1.0 + z2 / games;
    // At a score of 0 or 1 the far end of the interval is the end itself, whatever rounding says.
    let lower = if p <= 0.0 {
        0.0
    } else {
        (centre - radius) / scale
    };
    let upper = if p >= 1.0 {
        1.0
    } else {
        (centre + radius) / scale
    };
    Some(EloEstimate {
        elo: elo_from_score(p),
        lower: elo_from_score(lower),
        upper: elo_from_score(upper),
    })
}

/// Likelihood of superiority of the first engine, in [0, 1]; ½ without decisive games.
pub fn los(wdl: &Wdl) -> f64 {
    let decisive = (wdl.wins + wdl.losses) as f64;
    if decisive == 0.0 {
        return 0.5;
    }
    let lead = wdl.wins as f64 - wdl.losses as f64;
    0.5 * (1.0 + erf(lead / (2.0 * decisive).sqrt()))
}

/// The error function, Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7): std has none.
pub fn erf(x: f64) -> f64 {
    const P: f64 = 0.327_591_1;
    const A: [f64; 5] = [
        0.254_829_592,
        -0.284_496_736,
        1.421_413_741,
        -1.453_152_027,
        1.061_405_429,
    ];
    let t = 1.0 / (1.0 + P * x.abs());
    let poly = A.iter().rev().fold(0.0, |acc, a| acc * t + a) * t;
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

/// A sequential probability ratio test: H0 "Elo = elo0" against H1 "Elo = elo1" (logistic Elo).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The LLR fell to the lower bound: H0 accepted (not better than elo0).
    H0,
    /// The LLR rose to the upper bound: H1 accepted (at least elo1).
    H1,
    /// Neither bound reached: play on.
    Continue,
}

impl Sprt {
    /// Parses `elo0,elo1,alpha,beta`.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let numbers: Vec<f64> = text
            .split(',')
            .map(|part| part.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| {
                format!("--sprt: expected elo0,elo1,alpha,beta (numbers), got `{text}`")
            })?;
        let [elo0, elo1, alpha, beta] = numbers[..] else {
            return Err(format!(
                "--sprt: expected 4 numbers elo0,elo1,alpha,beta, got `{text}`"
            ));
        };
        let probability = |p: f64| p > 0.0 && p < 0.5;
        if !(elo0 < elo1 && elo0.is_finite() && elo1.is_finite()) {
            return Err(format!("--sprt: expected elo0 < elo1, got `{text}`"));
        }
        if !(probability(alpha) && probability(beta)) {
            return Err(format!(
                "--sprt: expected 0 < alpha, beta < 0.5, got `{text}`"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR's stopping bounds (lower: accept H0, upper: accept H1).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// LLR of the pair outcomes. An outcome never seen counts 1e-3, so that every outcome has some
    /// probability under both hypotheses.
    pub fn llr_pentanomial(&self, pairs: &Pentanomial) -> f64 {
        self.llr(&PAIR_SCORES, &pairs.map(regularised))
    }

    /// LLR of the game outcomes (for matches without complete pairs), regularised the same way.
    pub fn llr_trinomial(&self, wdl: &Wdl) -> f64 {
        self.llr(
            &GAME_SCORES,
            &trinomial_counts(wdl).map(|c| regularised(c as u64)),
        )
    }

    /// The generalised LLR: the log-likelihood of the outcomes under the most likely distribution of mean
    /// score s1, less the same under mean s0, each found exactly (`log_likelihood_at`). The normal
    /// approximation `(s1 - s0)(2s - s0 - s1) / 2σ²` is what it tends to over many pairs, but on a few
    /// alike pairs σ² is nearly zero and it decided after one pair (one lost pair: H0 for [0, 25]).
    fn llr(&self, values: &[f64], counts: &[f64]) -> f64 {
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        match (
            log_likelihood_at(values, counts, s1),
            log_likelihood_at(values, counts, s0),
        ) {
            (Some(l1), Some(l0)) => l1 - l0,
            _ => 0.0,
        }
    }

    pub fn decide(&self, llr: f64) -> Decision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        }
    }
}

/// The largest log-likelihood `Σ n_i ln p_i` of outcomes `values[i]` seen `counts[i]` times over the
/// distributions `p` of mean `score`, which must lie strictly between the least and greatest outcome.
/// By Lagrange, `p_i = f_i / (1 + λ (x_i - score))` with `f_i` the observed frequencies and `λ` the one
/// root of `Σ f_i (x_i - score) / (1 + λ (x_i - score)) = 0` where every denominator is positive: that sum
/// falls as `λ` grows, so bisection finds it. `None` without any outcome or with `score` out of range.
fn log_likelihood_at(values: &[f64], counts: &[f64], score: f64) -> Option<f64> {
    let n: f64 = counts.iter().sum();
    let seen = || values.iter().zip(counts).filter(|(_, c)| **c > 0.0);
    let low = seen().map(|(x, _)| x - score).fold(f64::INFINITY, f64::min);
    let high = seen()
        .map(|(x, _)| x - score)
        .fold(f64::NEG_INFINITY, f64::max);
    if n <= 0.0 || low >= 0.0 || high <= 0.0 {
        return None;
    }
    // Denominators stay positive for λ in (-1/high, -1/low).
    let slope = |lambda: f64| -> f64 {
        seen()
            .map(|(x, c)| c / n * (x - score) / (1.0 + lambda * (x - score)))
            .sum()
    };
    let (mut below, mut above) = (-1.0 / high, -1.0 / low);
    for _ in 0..200 {
        let middle = 0.5 * (below + above);
        if slope(middle) > 0.0 {
            below = middle;
        } else {
            above = middle;
        }
    }
    let lambda = 0.5 * (below + above);
    Some(
        seen()
            .map(|(x, c)| c * (c / n / (1.0 + lambda * (x - score))).ln())
            .sum(),
    )
}

fn regularised(count: u64) -> f64 {
    if count == 0 {
        1e-3
    } else {
        count as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not within {tolerance} of {expected}"
        );
    }

    #[test]
    fn elo_of_a_score_is_the_logistic_inverse() {
        // -400 log10(1/0.7 - 1) and -400 log10(1/0.76 - 1), by Python.
        close(elo_from_score(0.5), 0.0, 1e-12);
        close(elo_from_score(0.7), 147.190_714_117_837_76, 1e-9);
        close(elo_from_score(0.76), 200.240_940_227_674_1, 1e-9);
        close(elo_from_score(0.3), -147.190_714_117_837_76, 1e-9);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        close(score_from_elo(147.190_714_117_837_76), 0.7, 1e-12);
    }

    #[test]
    fn trinomial_interval_of_60_20_20() {
        // s = 0.7; per-game variance (60·0.3² + 20·0.2² + 20·0.7²)/100 = 0.16, so σ = 0.04;
        // Elo of 0.7 ∓ 1.96·0.04, by Python: 86.2250, 218.2518.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let (mean, variance) = trinomial_score(&wdl).unwrap();
        close(mean, 0.7, 1e-12);
        close(variance, 0.0016, 1e-12);
        let estimate = elo_interval(mean, variance);
        close(estimate.elo, 147.190_714, 1e-5);
        close(estimate.lower, 86.225_015, 1e-5);
        close(estimate.upper, 218.251_778, 1e-5);
        close(estimate.error(), (218.251_778 - 86.225_015) / 2.0, 1e-5);
        assert_eq!(trinomial_score(&Wdl::default()), None);
    }

    #[test]
    fn wilson_bounds_a_one_sided_match() {
        // 80 wins of 80: Wilson's lower end 80 / (80 + 1.96²) = 0.954182, Elo 527.4375 (by Python);
        // 0 of 40: upper end 0.087622, Elo -407.0255.
        let all_won = wilson_elo_interval(80.0, 80.0).unwrap();
        assert_eq!(all_won.elo, f64::INFINITY);
        assert_eq!(all_won.upper, f64::INFINITY);
        close(all_won.lower, 527.437_521_98, 1e-5);
        let all_lost = wilson_elo_interval(0.0, 40.0).unwrap();
        assert_eq!(all_lost.lower, f64::NEG_INFINITY);
        close(all_lost.upper, -407.025_523_715, 1e-5);
        assert_eq!(wilson_elo_interval(0.0, 0.0), None);
    }

    #[test]
    fn pentanomial_interval_and_llr() {
        // Pairs [2, 3, 10, 15, 10]: mean 0.675, per-pair variance 0.0725; by Python: Elo 126.9682 in
        // [64.3464, 198.7608]; LLR for elo0 0, elo1 10 = 0.859616 (each likelihood maximised by
        // Nelder-Mead over the distributions of that mean; the normal approximation says 1.332).
        let pairs = [2, 3, 10, 15, 10];
        let (mean, variance) = pentanomial_score(&pairs).unwrap();
        close(mean, 0.675, 1e-12);
        close(variance, 0.0725 / 40.0, 1e-12);
        let estimate = elo_interval(mean, variance);
        close(estimate.elo, 126.968_165, 1e-5);
        close(estimate.lower, 64.346_444, 1e-5);
        close(estimate.upper, 198.760_816, 1e-5);
        let sprt = Sprt::parse("0,10,0.05,0.05").unwrap();
        // No count is zero, so the regularisation changes nothing here.
        close(sprt.llr_pentanomial(&pairs), 0.859_616_389, 1e-6);
        assert_eq!(sprt.decide(0.86), Decision::Continue);
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let sprt = Sprt::parse("0, 5, 0.05, 0.05").unwrap();
        let (lower, upper) = sprt.bounds();
        close(lower, -2.944_438_979_166_44, 1e-12);
        close(upper, 2.944_438_979_166_44, 1e-12);
        assert_eq!(sprt.decide(3.0), Decision::H1);
        assert_eq!(sprt.decide(-3.0), Decision::H0);
        // Against [0, 100], a clearly stronger engine (40 pairs won twice) passes and a clearly weaker one
        // fails: LLR 9.878878, -13.148125, and -32.868546 for 100 lost games (by Python, as above).
        let wide = Sprt::parse("0,100,0.05,0.05").unwrap();
        close(wide.llr_pentanomial(&[0, 0, 0, 0, 40]), 9.878_877_515, 1e-6);
        close(
            wide.llr_pentanomial(&[40, 0, 0, 0, 0]),
            -13.148_124_576,
            1e-6,
        );
        let trinomial = Wdl {
            wins: 0,
            draws: 0,
            losses: 100,
        };
        close(wide.llr_trinomial(&trinomial), -32.868_545_547, 1e-6);
        assert_eq!(wide.decide(9.88), Decision::H1);
        assert_eq!(wide.decide(-13.15), Decision::H0);
        for bad in [
            "0,5,0.05",
            "5,0,0.05,0.05",
            "0,5,0,0.05",
            "0,5,0.05,0.6",
            "a,b,c,d",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn one_pair_decides_nothing() {
        // The normal approximation saw no variance in one alike pair and decided at once (one lost pair
        // "proved" H0 for [0, 25]). By the same independent maximisation in Python: -0.074696 for a lost
        // pair, +0.069502 for a won one, 0.571533 for 40 won pairs against [0, 5]; games (trinomial):
        // 100 losses -1.449471 against [0, 5], 20 losses, 30 draws, 50 wins 1.177401 against [0, 10].
        let sprt = Sprt::parse("0,25,0.05,0.05").unwrap();
        close(sprt.llr_pentanomial(&[1, 0, 0, 0, 0]), -0.074_696_048, 1e-6);
        close(sprt.llr_pentanomial(&[0, 0, 0, 0, 1]), 0.069_502_093, 1e-6);
        let sprt = Sprt::parse("0,5,0.05,0.05").unwrap();
        close(sprt.llr_pentanomial(&[0, 0, 0, 0, 40]), 0.571_532_673, 1e-6);
        let wdl = |losses, draws, wins| Wdl {
            wins,
            draws,
            losses,
        };
        close(sprt.llr_trinomial(&wdl(100, 0, 0)), -1.449_470_802, 1e-6);
        let sprt = Sprt::parse("0,10,0.05,0.05").unwrap();
        close(sprt.llr_trinomial(&wdl(20, 30, 50)), 1.177_401_082, 1e-6);
        let sprt = Sprt::parse("0,400,0.05,0.05").unwrap();
        close(sprt.llr_pentanomial(&[0, 0, 0, 0, 4]), 2.391_426_997, 1e-6);
        close(sprt.llr_pentanomial(&[0, 0, 0, 0, 5]), 2.989_265_954, 1e-6);
        assert_eq!(
            sprt.decide(sprt.llr_pentanomial(&[0, 0, 0, 0, 1])),
            Decision::Continue
        );
    }

    #[test]
    fn los_and_erf_match_python() {
        close(erf(0.0), 0.0, 1e-7);
        close(erf(1.0), 0.842_700_792_949_714_9, 2e-7);
        close(erf(0.5), 0.520_499_877_813_046_5, 2e-7);
        close(erf(-2.0), -0.995_322_265_018_952_7, 2e-7);
        // 0.5 (1 + erf(10 / sqrt(20))) and 0.5 (1 + erf(10 / sqrt(100))), by Python.
        let decisive = |wins, losses| Wdl {
            wins,
            draws: 7,
            losses,
        };
        close(los(&decisive(10, 0)), 0.999_217_298_870_998_7, 2e-7);
        close(los(&decisive(30, 20)), 0.921_350_396_457_484_8, 2e-7);
        close(los(&decisive(5, 5)), 0.5, 2e-7);
        close(los(&Wdl::default()), 0.5, 1e-12);
    }

    #[test]
    fn pairs_are_indexed_by_half_points() {
        assert_eq!(pentanomial_index(0.0, 0.0), 0);
        assert_eq!(pentanomial_index(0.5, 0.0), 1);
        assert_eq!(pentanomial_index(1.0, 0.0), 2);
        assert_eq!(pentanomial_index(0.5, 0.5), 2);
        assert_eq!(pentanomial_index(1.0, 0.5), 3);
        assert_eq!(pentanomial_index(1.0, 1.0), 4);
    }
}
