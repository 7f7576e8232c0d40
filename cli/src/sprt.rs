//! The sequential probability ratio test that `norochess match --sprt` uses
//! as its stop rule: play on until the results favour one of two
//! hypotheses about the Elo difference, H0 `elo = elo0` or H1 `elo = elo1`,
//! with error rates `alpha` (accepting H1 when H0 holds) and `beta`
//! (accepting H0 when H1 holds).
//!
//! The statistic is the generalized log-likelihood ratio (GSPRT) of
//! fishtest and fastchess with Elo in logistic units: the results are a
//! multinomial sample (the trinomial model counts games as 0, ½ or 1; the
//! pentanomial model counts the two games of an opening, colours swapped,
//! as 0, ¼, ½, ¾ or 1), and the LLR compares the most likely distributions
//! whose expected score is that of `elo0` and that of `elo1`
//! (`1 / (1 + 10^(-elo/400))`). Those maximum-likelihood distributions are
//! exact (M. Van den Bergh, "Comments on Normalized Elo", proposition 1.1),
//! not the normal approximation. Empty outcome classes count as 0.001, as in
//! fishtest and fastchess, so the LLR exists from the first result on.
//!
//! The test stops when the LLR leaves `(ln(beta/(1-alpha)), ln((1-beta)/alpha))`.

use thiserror::Error;

/// The weight given to an outcome that has not occurred (fishtest's and
/// fastchess's regularization): without it one lopsided result would make
/// the maximum-likelihood distributions degenerate.
const EMPTY_CLASS_WEIGHT: f64 = 1e-3;

/// A wrong `--sprt` setting.
#[derive(Debug, Error, PartialEq)]
pub enum SprtError {
    /// An item that is not `key=value`.
    #[error("SPRT setting `{0}` needs the form key=value")]
    NotKeyValue(String),
    /// A key this test does not know.
    #[error("unknown SPRT setting `{0}` (expected elo0, elo1, alpha, beta or model)")]
    UnknownKey(String),
    /// A value that is not a finite number.
    #[error("SPRT setting {key}={value} is not a number")]
    NotANumber {
        /// The setting.
        key: String,
        /// Its text.
        value: String,
    },
    /// `elo0` or `elo1` is missing.
    #[error("the SPRT needs elo0 and elo1 (e.g. elo0=0,elo1=5)")]
    MissingElo,
    /// The hypotheses are in the wrong order or equal.
    #[error("the SPRT needs elo0 < elo1 (got {elo0} and {elo1})")]
    EloOrder {
        /// The Elo difference of H0.
        elo0: f64,
        /// The Elo difference of H1.
        elo1: f64,
    },
    /// An Elo difference so large that its expected score rounds to 0 or 1.
    #[error("the SPRT Elo difference {0} is out of range")]
    EloRange(f64),
    /// Error rates outside (0, 1), or summing to 1 or more.
    #[error(
        "alpha and beta must be between 0 and 1 with alpha + beta < 1 (got {alpha} and {beta})"
    )]
    ErrorRates {
        /// The chance of accepting H1 when H0 holds.
        alpha: f64,
        /// The chance of accepting H0 when H1 holds.
        beta: f64,
    },
    /// A model other than trinomial or pentanomial.
    #[error("the SPRT model must be trinomial or pentanomial (got `{0}`)")]
    Model(String),
}

/// How results are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Each game: loss, draw or win.
    Trinomial,
    /// Each pair of games from one opening (colours swapped): 0 to 2 points
    /// in half-point steps. The two games of a pair are correlated through
    /// their opening, which the trinomial model ignores (it overstates the
    /// variance, so its tests run longer).
    Pentanomial,
}

impl Model {
    /// The model's name as written in `--sprt`.
    pub fn name(self) -> &'static str {
        match self {
            Model::Trinomial => "trinomial",
            Model::Pentanomial => "pentanomial",
        }
    }
}

/// What the test concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR reached the upper bound: the difference is `elo1` rather than `elo0`.
    H1,
    /// The LLR reached the lower bound: the difference is `elo0` rather than `elo1`.
    H0,
    /// The LLR is still between the bounds.
    Continue,
}

/// A parsed `--sprt` setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0 (logistic units).
    pub elo0: f64,
    /// The Elo difference of H1 (logistic units).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
    /// How results are counted.
    pub model: Model,
}

impl Sprt {
    /// Parses `elo0=E0,elo1=E1[,alpha=A][,beta=B][,model=trinomial|pentanomial]`
    /// (alpha and beta 0.05, model pentanomial by default).
    pub fn parse(text: &str) -> Result<Sprt, SprtError> {
        let (mut elo0, mut elo1) = (None, None);
        let (mut alpha, mut beta) = (0.05, 0.05);
        let mut model = Model::Pentanomial;
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| SprtError::NotKeyValue(item.to_string()))?;
            let (key, value) = (key.trim(), value.trim());
            let number = || {
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| SprtError::NotANumber {
                        key: key.to_string(),
                        value: value.to_string(),
                    })
            };
            match key {
                "elo0" => elo0 = Some(number()?),
                "elo1" => elo1 = Some(number()?),
                "alpha" => alpha = number()?,
                "beta" => beta = number()?,
                "model" => {
                    model = match value {
                        "trinomial" => Model::Trinomial,
                        "pentanomial" => Model::Pentanomial,
                        other => return Err(SprtError::Model(other.to_string())),
                    }
                }
                other => return Err(SprtError::UnknownKey(other.to_string())),
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err(SprtError::MissingElo);
        };
        if elo0 >= elo1 {
            return Err(SprtError::EloOrder { elo0, elo1 });
        }
        for elo in [elo0, elo1] {
            let score = logistic_score(elo);
            if score <= 0.0 || score >= 1.0 {
                return Err(SprtError::EloRange(elo));
            }
        }
        let rate = |x: f64| x > 0.0 && x < 1.0;
        if !rate(alpha) || !rate(beta) || alpha + beta >= 1.0 {
            return Err(SprtError::ErrorRates { alpha, beta });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        })
    }

    /// The lower bound `ln(beta / (1 - alpha))`: at or below it, H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound `ln((1 - beta) / alpha)`: at or above it, H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The verdict for a log-likelihood ratio.
    pub fn verdict(&self, llr: f64) -> Verdict {
        if llr >= self.upper_bound() {
            Verdict::H1
        } else if llr <= self.lower_bound() {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// The LLR of games counted as losses, draws and wins (trinomial model).
    pub fn llr_trinomial(&self, losses: u64, draws: u64, wins: u64) -> f64 {
        self.llr(&[0.0, 0.5, 1.0], &[losses, draws, wins])
    }

    /// The LLR of pairs of games counted by their points for the first
    /// engine: `pairs[k]` pairs scored `k` half-points (0 to 4; a loss and
    /// a win count the same as two draws).
    pub fn llr_pentanomial(&self, pairs: &[u64; 5]) -> f64 {
        self.llr(&[0.0, 0.25, 0.5, 0.75, 1.0], pairs)
    }

    /// The LLR of a sample in which `counts[i]` results scored `scores[i]`
    /// (a fraction of the most a result can score).
    fn llr(&self, scores: &[f64], counts: &[u64]) -> f64 {
        if counts.iter().all(|&c| c == 0) {
            return 0.0;
        }
        let weights: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { EMPTY_CLASS_WEIGHT } else { c as f64 })
            .collect();
        let total: f64 = weights.iter().sum();
        let observed: Vec<f64> = weights.iter().map(|w| w / total).collect();
        let h0 = most_likely(scores, &observed, logistic_score(self.elo0));
        let h1 = most_likely(scores, &observed, logistic_score(self.elo1));
        total
            * observed
                .iter()
                .zip(h0.iter().zip(&h1))
                .map(|(p, (q0, q1))| p * (q1.ln() - q0.ln()))
                .sum::<f64>()
    }
}

/// The expected score of an Elo difference in logistic units.
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The distribution over `scores` with expected score `mean` that is most
/// likely to have produced the observed frequencies `observed` (all
/// positive, summing to 1). By Lagrange it is `observed[i] / (1 + theta
/// (scores[i] - mean))`, with `theta` the root of
/// `sum observed[i] (scores[i] - mean) / (1 + theta (scores[i] - mean))`,
/// a decreasing function on the interval where every denominator is
/// positive, found by bisection. `mean` must lie strictly between the
/// smallest and the largest score.
fn most_likely(scores: &[f64], observed: &[f64], mean: f64) -> Vec<f64> {
    let lowest = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let slope = |theta: f64| -> f64 {
        scores
            .iter()
            .zip(observed)
            .map(|(a, p)| p * (a - mean) / (1.0 + theta * (a - mean)))
            .sum()
    };
    // The open interval where every 1 + theta (a - mean) is positive; the
    // function runs from +infinity to -infinity across it.
    let (mut low, mut high) = (-1.0 / (highest - mean), -1.0 / (lowest - mean));
    // Bisect until the interval stops shrinking in floating point.
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if slope(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let theta = 0.5 * (low + high);
    scores
        .iter()
        .zip(observed)
        .map(|(a, p)| p / (1.0 + theta * (a - mean)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard() -> Sprt {
        Sprt::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05").unwrap()
    }

    #[test]
    fn parses_the_fishtest_form() {
        let sprt = standard();
        assert_eq!(sprt.elo0, 0.0);
        assert_eq!(sprt.elo1, 5.0);
        assert_eq!(sprt.model, Model::Pentanomial);
        assert_eq!(Sprt::parse("elo0=-1.5,elo1=3").unwrap().alpha, 0.05);
        assert_eq!(
            Sprt::parse("elo0=0,elo1=5,model=trinomial").unwrap().model,
            Model::Trinomial
        );
        assert_eq!(Sprt::parse("elo1=5"), Err(SprtError::MissingElo));
        assert!(matches!(
            Sprt::parse("elo0=5,elo1=5"),
            Err(SprtError::EloOrder { .. })
        ));
        assert!(matches!(
            Sprt::parse("elo0=0,elo1=5,alpha=0.6,beta=0.4"),
            Err(SprtError::ErrorRates { .. })
        ));
        assert!(matches!(
            Sprt::parse("elo0=0,elo1=5,beta=0"),
            Err(SprtError::ErrorRates { .. })
        ));
        assert!(matches!(
            Sprt::parse("elo0=x,elo1=5"),
            Err(SprtError::NotANumber { .. })
        ));
        assert!(matches!(
            Sprt::parse("elo0=nan,elo1=5"),
            Err(SprtError::NotANumber { .. })
        ));
        assert!(matches!(
            Sprt::parse("elo0=0,elo1=1e9"),
            Err(SprtError::EloRange(_))
        ));
        assert!(matches!(
            Sprt::parse("elo0=0,elo1=5,gamma=1"),
            Err(SprtError::UnknownKey(_))
        ));
        assert!(matches!(
            Sprt::parse("elo0=0,elo1=5,model=binomial"),
            Err(SprtError::Model(_))
        ));
        assert!(matches!(
            Sprt::parse("elo0"),
            Err(SprtError::NotKeyValue(_))
        ));
    }

    #[test]
    fn bounds_are_wald_s() {
        let sprt = standard();
        // ln(0.05 / 0.95) and ln(0.95 / 0.05).
        assert!((sprt.lower_bound() + 2.944_438_979_166_44).abs() < 1e-12);
        assert!((sprt.upper_bound() - 2.944_438_979_166_44).abs() < 1e-12);
        assert_eq!(sprt.verdict(3.0), Verdict::H1);
        assert_eq!(sprt.verdict(-3.0), Verdict::H0);
        assert_eq!(sprt.verdict(0.0), Verdict::Continue);
    }

    // Reference values from an independent calculation (a Python script
    // that maximises the multinomial likelihood under each hypothesis with
    // Nelder-Mead instead of solving for the Lagrange multiplier), with the
    // same 0.001 weight for empty classes. The last digits are the script's
    // precision, hence the tolerance.
    #[test]
    fn trinomial_llr_matches_an_independent_calculation() {
        let sprt = |elo0: f64, elo1: f64| Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model: Model::Trinomial,
        };
        for (elo0, elo1, [losses, draws, wins], expected) in [
            (0.0, 3.0, [4063, 8620, 4307], 2.991_288_808_3),
            (0.0, 5.0, [30, 20, 50], 0.346_988_383_8),
            (0.0, 5.0, [10, 0, 12], 0.026_505_334_9),
            // Twenty wins: at most ln(s1/s0) per win, whatever the normal
            // approximation (over 1000 here) says.
            (0.0, 5.0, [0, 0, 20], 0.285_751_945_6),
        ] {
            let llr = sprt(elo0, elo1).llr_trinomial(losses, draws, wins);
            assert!(
                (llr - expected).abs() < 1e-6,
                "{losses}/{draws}/{wins}: {llr}"
            );
        }
    }

    #[test]
    fn pentanomial_llr_matches_an_independent_calculation() {
        let sprt = |elo0: f64, elo1: f64| Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model: Model::Pentanomial,
        };
        for (elo0, elo1, pairs, expected) in [
            (0.0, 5.0, [10, 40, 100, 45, 15], 0.392_859_496_9),
            (-5.0, 5.0, [0, 3, 10, 4, 2], 0.443_315_127_0),
            (0.0, 5.0, [5, 0, 2, 0, 40], 0.521_143_120_3),
        ] {
            let llr = sprt(elo0, elo1).llr_pentanomial(&pairs);
            assert!((llr - expected).abs() < 1e-6, "{pairs:?}: {llr}");
        }
        // Losing every pair points the other way by the same amount.
        let mirrored = sprt(-5.0, 5.0).llr_pentanomial(&[2, 4, 10, 3, 0]);
        assert!((mirrored + 0.443_315_127_0).abs() < 1e-6, "{mirrored}");
    }

    #[test]
    fn no_results_give_no_evidence() {
        let sprt = standard();
        assert_eq!(sprt.llr_trinomial(0, 0, 0), 0.0);
        assert_eq!(sprt.llr_pentanomial(&[0; 5]), 0.0);
    }
}
