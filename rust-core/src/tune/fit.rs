//! Fitting the weights to game results (Texel's method).
//!
//! The error of a weight set is the mean over positions of
//! `(result − sigmoid(K · eval))²`, with `eval` the static evaluation from
//! White's side and `result` White's result (1, ½, 0). `K` is fitted once
//! for the starting weights ([`fit_scale`]); then a local search moves one
//! integer weight at a time by its step, keeps a move that lowers the
//! error (and doubles that weight's step, trying the same direction first
//! next time) and halves the step of a weight that moved neither way. It
//! ends when a whole pass changes nothing with every step at 1, after
//! `max_passes` passes or at the deadline. Every error evaluates the real
//! [`Evaluator`], so the nonlinear terms (the material-weight schedule, the
//! positional divisor) are fitted as they play.

use crate::any::AnyPosition;
use crate::engine::eval::Evaluator;
use crate::engine::eval_params::{EvalParams, PARAMS};
use crate::geometry::{Board10, Board8};
use crate::types::Color;
use std::time::Instant;

/// A position with its game's result for White (1, 0.5, 0; any fraction
/// in between is accepted).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The position.
    pub position: AnyPosition,
    /// White's result.
    pub result: f64,
}

/// One evaluator per board for a weight set.
struct Evaluators {
    eight: Evaluator<Board8>,
    ten: Evaluator<Board10>,
}

impl Evaluators {
    fn new(params: &EvalParams) -> Evaluators {
        Evaluators {
            eight: Evaluator::with_params(params),
            ten: Evaluator::with_params(params),
        }
    }

    /// The static evaluation from White's side.
    fn white(&self, position: &AnyPosition) -> i32 {
        let (value, turn) = match position {
            AnyPosition::Eight(p) => (self.eight.evaluate(p), p.turn()),
            AnyPosition::Ten(p) => (self.ten.evaluate(p), p.turn()),
        };
        if turn == Color::White {
            value
        } else {
            -value
        }
    }
}

/// The static evaluation of `position` from White's side under `params`.
pub fn white_eval(params: &EvalParams, position: &AnyPosition) -> i32 {
    Evaluators::new(params).white(position)
}

fn sigmoid(scale: f64, eval: i32) -> f64 {
    1.0 / (1.0 + (-scale * f64::from(eval)).exp())
}

/// The mean squared error of `params` on `samples` with sigmoid scale
/// `scale` (0 for no samples).
pub fn mean_error(samples: &[Sample], params: &EvalParams, scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let evaluators = Evaluators::new(params);
    let total: f64 = samples
        .iter()
        .map(|s| {
            let miss = s.result - sigmoid(scale, evaluators.white(&s.position));
            miss * miss
        })
        .sum();
    total / samples.len() as f64
}

/// The sigmoid scale `K` (per centipoint) that best fits `params`'
/// evaluations to the results: a golden-section search on `ln K` over
/// [1e-5, 1e-1].
pub fn fit_scale(samples: &[Sample], params: &EvalParams) -> f64 {
    let evaluators = Evaluators::new(params);
    let evals: Vec<(i32, f64)> = samples
        .iter()
        .map(|s| (evaluators.white(&s.position), s.result))
        .collect();
    let error = |ln_scale: f64| -> f64 {
        let scale = ln_scale.exp();
        evals
            .iter()
            .map(|&(e, r)| (r - sigmoid(scale, e)).powi(2))
            .sum::<f64>()
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (1e-5f64.ln(), 1e-1f64.ln());
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut error_a, mut error_b) = (error(a), error(b));
    for _ in 0..80 {
        if error_a < error_b {
            high = b;
            (b, error_b) = (a, error_a);
            a = high - ratio * (high - low);
            error_a = error(a);
        } else {
            low = a;
            (a, error_a) = (b, error_b);
            b = low + ratio * (high - low);
            error_b = error(b);
        }
    }
    ((low + high) / 2.0).exp()
}

/// How to fit.
#[derive(Clone, Debug, PartialEq)]
pub struct FitConfig {
    /// Indices ([`PARAMS`] order) of the weights to move; the others stay.
    pub tuned: Vec<usize>,
    /// A fixed sigmoid scale, or `None` to fit it for the starting weights.
    pub scale: Option<f64>,
    /// Most passes over the tuned weights.
    pub max_passes: usize,
    /// Stop (after the weight being tried) once this instant has passed.
    pub deadline: Option<Instant>,
}

/// Progress after each pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitProgress {
    /// Passes done.
    pub pass: usize,
    /// Error evaluations done (each over the whole training set).
    pub evaluations: usize,
    /// The training error now.
    pub train_error: f64,
    /// Weights changed in this pass.
    pub changed: usize,
}

/// The outcome of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitReport {
    /// The sigmoid scale used.
    pub scale: f64,
    /// The fitted weights.
    pub params: EvalParams,
    /// Training error of the starting weights.
    pub train_before: f64,
    /// Training error of the fitted weights.
    pub train_after: f64,
    /// Held-out error of the starting weights.
    pub held_before: f64,
    /// Held-out error of the fitted weights.
    pub held_after: f64,
    /// Passes done.
    pub passes: usize,
    /// Error evaluations done.
    pub evaluations: usize,
    /// Whether the search converged (a pass without change, all steps 1).
    pub converged: bool,
}

/// Fits the `config.tuned` weights of `start` to `train`, reporting the
/// error on `held_out` (positions of other games) before and after.
pub fn fit(
    train: &[Sample],
    held_out: &[Sample],
    start: &EvalParams,
    config: &FitConfig,
    progress: &mut dyn FnMut(&FitProgress),
) -> FitReport {
    let scale = config.scale.unwrap_or_else(|| fit_scale(train, start));
    let error = |params: &EvalParams| mean_error(train, params, scale);
    let tuned: Vec<usize> = config
        .tuned
        .iter()
        .copied()
        .filter(|&i| PARAMS.get(i).is_some_and(|p| p.min < p.max))
        .collect();
    let range = |i: usize| PARAMS.get(i).map_or(1, |p| p.max - p.min);
    let mut steps: Vec<i32> = tuned.iter().map(|&i| (range(i) / 32).max(1)).collect();
    let mut directions = vec![1; tuned.len()];
    let mut current = *start;
    let train_before = error(&current);
    let mut best = train_before;
    let mut evaluations = 1;
    let (mut passes, mut converged) = (0, false);
    let out_of_time = || config.deadline.is_some_and(|d| Instant::now() >= d);
    while passes < config.max_passes && !out_of_time() {
        passes += 1;
        let mut changed = 0;
        for (j, &index) in tuned.iter().enumerate() {
            if out_of_time() {
                break;
            }
            let value = current.get(index).unwrap_or(0);
            let mut improved = false;
            for direction in [directions[j], -directions[j]] {
                let mut candidate = current;
                candidate.set(index, value + direction * steps[j]);
                if candidate == current {
                    continue;
                }
                let candidate_error = error(&candidate);
                evaluations += 1;
                if candidate_error < best {
                    (best, current, directions[j]) = (candidate_error, candidate, direction);
                    improved = true;
                    break;
                }
            }
            steps[j] = if improved {
                changed += 1;
                (steps[j] * 2).min((range(index) / 4).max(1))
            } else {
                (steps[j] / 2).max(1)
            };
        }
        progress(&FitProgress {
            pass: passes,
            evaluations,
            train_error: best,
            changed,
        });
        if changed == 0 && steps.iter().all(|&s| s == 1) {
            converged = true;
            break;
        }
    }
    FitReport {
        scale,
        params: current,
        train_before,
        train_after: best,
        held_before: mean_error(held_out, start, scale),
        held_after: mean_error(held_out, &current, scale),
        passes,
        evaluations,
        converged,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::variant::Variant;

    /// Positions of random Norochess playouts, 8 to 40 plies deep.
    fn random_positions(count: usize) -> Vec<AnyPosition> {
        let mut rng = SplitMix64::new(5);
        let mut positions = Vec::new();
        while positions.len() < count {
            let Ok(mut pos) = AnyPosition::start(Variant::Norochess, None) else {
                return positions;
            };
            let plies = 8 + rng.below(33);
            for _ in 0..plies {
                let moves = pos.legal_moves();
                let Some(&mv) = moves.get(rng.below(moves.len() as u64) as usize) else {
                    break;
                };
                match pos.play(mv) {
                    Ok(next) => pos = next,
                    Err(_) => break,
                }
            }
            positions.push(pos);
        }
        positions
    }

    /// Samples labelled with the exact win probability under `params`.
    fn labelled(params: &EvalParams, scale: f64) -> Vec<Sample> {
        random_positions(160)
            .into_iter()
            .map(|position| Sample {
                position,
                result: sigmoid(scale, white_eval(params, &position)),
            })
            .collect()
    }

    #[test]
    fn the_scale_fit_recovers_the_scale_of_the_labels() {
        let samples = labelled(&EvalParams::NOROCHESS, 0.004);
        let scale = fit_scale(&samples, &EvalParams::NOROCHESS);
        assert!((scale / 0.004 - 1.0).abs() < 0.02, "scale {scale}");
    }

    #[test]
    fn the_fit_moves_a_weight_to_the_one_that_made_the_labels() {
        let mut target = EvalParams::NOROCHESS;
        target.mobility_knight = 13;
        target.threat_pawn = 60;
        let samples = labelled(&target, 0.004);
        let (train, held_out) = samples.split_at(120);
        let names = ["mobility_knight", "threat_pawn"];
        let config = FitConfig {
            tuned: names
                .iter()
                .filter_map(|n| EvalParams::index_of(n))
                .collect(),
            scale: Some(0.004),
            max_passes: 60,
            deadline: None,
        };
        let report = fit(
            train,
            held_out,
            &EvalParams::NOROCHESS,
            &config,
            &mut |_| {},
        );
        let fitted = report.params;
        assert!((fitted.mobility_knight - 13).abs() <= 1, "{fitted:?}");
        assert!((fitted.threat_pawn - 60).abs() <= 4, "{fitted:?}");
        assert!(
            report.train_after < report.train_before / 10.0,
            "{report:?}"
        );
        assert!(report.held_after < report.held_before, "{report:?}");
        // Untuned weights stay.
        assert_eq!(
            fitted.mobility_bishop,
            EvalParams::NOROCHESS.mobility_bishop
        );
    }
}
