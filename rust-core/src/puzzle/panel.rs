//! Puzzle ratings from a panel of solvers: the playing levels for people
//! (2 to 5, several seeds each) try every puzzle, and the puzzle's rating
//! is the one that best explains which of them solved it, under the Elo
//! model a player's rating uses (a solver rated `s` solves a puzzle rated
//! `r` with probability `1 / (1 + 10^((r - s) / 400))`).
//!
//! A handful of tries cannot tell apart puzzles every solver finds (or none
//! does), so the estimate starts from a prior: the engine's effort
//! ([`super::rating::engine_rating_estimate`]), with a spread of
//! [`PRIOR_SPREAD`]. The tries move the rating away from it as far as
//! they show, and because the prior differs from puzzle to puzzle, no
//! rating value piles up (the engine's estimate alone is a coarse grid
//! that held 5.5 % of the pack at its 2400 cap).
//!
//! The levels' own ratings ([`PANEL_LEVEL_RATINGS`]) were fitted once,
//! jointly with the built-in pack's ratings ([`fit_panel_levels`], printed
//! by `norochess puzzles rate --calibrate`), and are fixed, so a puzzle's
//! rating depends on the puzzle alone: `generate`, `compose` and `rate`
//! give it the same.

use super::rating::{engine_rating_estimate, level_solves};
use super::Puzzle;
use crate::engine::{Engine, Level};

/// The playing levels on the panel: the noisy ones, whose seeds try
/// differently (levels 6 to 8 search without noise, so their seeds would
/// all try alike). Level 1, which plays 30 % random moves, still tells the
/// easiest puzzles apart; level 5 solved almost exactly what level 4 did.
pub const PANEL_LEVELS: [u8; 4] = [1, 2, 3, 4];

/// The seeds each panel level tries a puzzle with (apart from the seeds
/// `puzzles stats --solvers` checks the tiers with, so that check is not
/// the fit's own data).
pub const PANEL_SEEDS: [u64; 10] = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110];

/// The rating of each level of [`PANEL_LEVELS`] as a puzzle solver, from
/// [`fit_panel_levels`] over the built-in pack (see `docs/puzzles.md`).
pub const PANEL_LEVEL_RATINGS: [f64; 4] = [600.0, 765.0, 1540.0, 1645.0];

/// How far, as one standard deviation of rating, the panel's tries may
/// plausibly move a puzzle from the engine's estimate.
pub const PRIOR_SPREAD: f64 = 350.0;

/// The lowest and highest rating a puzzle is given: the lowest keeps a
/// puzzle every try solves from sinking without end; the highest is the
/// puzzle file's own bound, above every prior the engine's estimate can
/// give (3,560 for a six-move mate it cannot find), so no rating piles up
/// there. (At 2,900 it did: three-move lines no panel level solves have
/// priors up to 3,110.)
pub const RATING_BOUNDS: (f64, f64) = (400.0, 4000.0);

/// The Elo model's slope: ln 10 / 400.
const SLOPE: f64 = std::f64::consts::LN_10 / 400.0;

/// Which panel solvers solved one puzzle: per level of [`PANEL_LEVELS`],
/// how many of the [`PANEL_SEEDS`] played the whole line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PanelRecord {
    /// Solves per panel level.
    pub solved: [u8; PANEL_LEVELS.len()],
}

impl PanelRecord {
    /// Tries per panel level.
    pub const TRIES: u8 = PANEL_SEEDS.len() as u8;

    /// Lets every panel solver try `puzzle`.
    pub fn of(puzzle: &Puzzle, engine: &mut Engine) -> PanelRecord {
        let mut record = PanelRecord::default();
        for (solved, &level) in record.solved.iter_mut().zip(&PANEL_LEVELS) {
            *solved = PANEL_SEEDS
                .iter()
                .filter(|&&seed| level_solves(puzzle, engine, Level::new(level), seed))
                .count() as u8;
        }
        record
    }
}

/// The starting rating of `puzzle`: the engine's estimate
/// ([`engine_rating_estimate`]) moved by what the panel of playing levels
/// made of it ([`super::panel`]), rounded.
pub fn starting_rating(puzzle: &Puzzle, engine: &mut Engine) -> u16 {
    let prior = engine_rating_estimate(puzzle, engine);
    let record = PanelRecord::of(puzzle, engine);
    panel_rating(prior, &record, &PANEL_LEVEL_RATINGS).round() as u16
}

/// The probability a solver rated `solver` solves a puzzle rated `puzzle`.
pub fn solve_probability(solver: f64, puzzle: f64) -> f64 {
    1.0 / (1.0 + (SLOPE * (puzzle - solver)).exp())
}

/// The most likely rating of a puzzle given the engine's estimate `prior`
/// and the panel's `record`, with the levels rated `levels`: the maximum
/// of the posterior (Newton's method on a concave function, so it
/// converges), within [`RATING_BOUNDS`].
pub fn panel_rating(prior: f64, record: &PanelRecord, levels: &[f64; PANEL_LEVELS.len()]) -> f64 {
    let tries = f64::from(PanelRecord::TRIES);
    let variance = PRIOR_SPREAD * PRIOR_SPREAD;
    let mut rating = prior.clamp(RATING_BOUNDS.0, RATING_BOUNDS.1);
    for _ in 0..50 {
        let mut slope = -(rating - prior) / variance;
        let mut curvature = -1.0 / variance;
        for (&solver, &solved) in levels.iter().zip(&record.solved) {
            let p = solve_probability(solver, rating);
            slope += SLOPE * (tries * p - f64::from(solved));
            curvature -= SLOPE * SLOPE * tries * p * (1.0 - p);
        }
        let step = (-slope / curvature).clamp(-300.0, 300.0);
        rating = (rating + step).clamp(RATING_BOUNDS.0, RATING_BOUNDS.1);
        if step.abs() < 0.01 {
            break;
        }
    }
    rating
}

/// Fits the panel levels' ratings jointly with the puzzles': alternately
/// each puzzle's [`panel_rating`] given the levels, then each level's most
/// likely rating given the puzzles. The puzzles' priors fix the scale's
/// origin. `priors[i]` and `records[i]` belong to the same puzzle.
pub fn fit_panel_levels(priors: &[f64], records: &[PanelRecord]) -> [f64; PANEL_LEVELS.len()] {
    let tries = f64::from(PanelRecord::TRIES);
    let mut levels = PANEL_LEVEL_RATINGS;
    let mut ratings: Vec<f64> = priors.to_vec();
    for _ in 0..200 {
        for ((rating, &prior), record) in ratings.iter_mut().zip(priors).zip(records) {
            *rating = panel_rating(prior, record, &levels);
        }
        let mut moved: f64 = 0.0;
        for (index, level) in levels.iter_mut().enumerate() {
            let mut slope = 0.0;
            let mut curvature = -1e-9;
            for (&rating, record) in ratings.iter().zip(records) {
                let p = solve_probability(*level, rating);
                slope += SLOPE * (f64::from(record.solved[index]) - tries * p);
                curvature -= SLOPE * SLOPE * tries * p * (1.0 - p);
            }
            let step = (-slope / curvature).clamp(-200.0, 200.0);
            *level += step;
            moved = moved.max(step.abs());
        }
        if moved < 0.01 {
            break;
        }
    }
    levels
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// The record a panel of solvers rated `levels` gives a puzzle rated
    /// `rating`, each try drawn from `rng` with the model's probability.
    fn drawn_record(rating: f64, levels: &[f64; 4], rng: &mut SplitMix64) -> PanelRecord {
        let mut record = PanelRecord::default();
        for (solved, &level) in record.solved.iter_mut().zip(levels) {
            let p = solve_probability(level, rating);
            *solved = (0..PanelRecord::TRIES)
                .filter(|_| (rng.next_u64() % 1_000_000) as f64 <= p * 1_000_000.0)
                .count() as u8;
        }
        record
    }

    #[test]
    fn solving_lowers_and_failing_raises_the_rating() {
        let levels = PANEL_LEVEL_RATINGS;
        let all = PanelRecord {
            solved: [PanelRecord::TRIES; 4],
        };
        let none = PanelRecord::default();
        let prior = 1500.0;
        let easy = panel_rating(prior, &all, &levels);
        let hard = panel_rating(prior, &none, &levels);
        assert!(easy < prior - 100.0, "{easy}");
        assert!(hard > prior + 100.0, "{hard}");
        // More solves, lower rating, for the same prior.
        let some = PanelRecord {
            solved: [6, 4, 2, 1],
        };
        let rating = panel_rating(prior, &some, &levels);
        assert!(easy < rating && rating < hard, "{easy} {rating} {hard}");
    }

    #[test]
    fn the_prior_separates_puzzles_the_panel_cannot() {
        let levels = PANEL_LEVEL_RATINGS;
        let none = PanelRecord::default();
        let a = panel_rating(2000.0, &none, &levels);
        let b = panel_rating(2300.0, &none, &levels);
        assert!(b - a > 100.0, "{a} {b}");
        assert!(b <= RATING_BOUNDS.1);
    }

    #[test]
    fn the_hardest_priors_stay_apart_below_the_bound() {
        // Three-move lines no panel level solves have priors up to 3,110;
        // under the old bound of 2,900 they all read 2,900.
        let none = PanelRecord::default();
        let a = panel_rating(2900.0, &none, &PANEL_LEVEL_RATINGS);
        let b = panel_rating(3110.0, &none, &PANEL_LEVEL_RATINGS);
        assert!(b - a > 150.0, "{a} {b}");
        assert!(b < RATING_BOUNDS.1, "{b}");
    }

    #[test]
    fn the_joint_fit_finds_the_levels_that_made_the_records() {
        let truth = [1000.0, 1400.0, 1650.0, 1800.0];
        // Puzzles spread over 600..2600, priors equal to their truth.
        let priors: Vec<f64> = (0..2000).map(|i| 600.0 + f64::from(i)).collect();
        let mut rng = SplitMix64::new(29);
        let records: Vec<PanelRecord> = priors
            .iter()
            .map(|&r| drawn_record(r, &truth, &mut rng))
            .collect();
        let fitted = fit_panel_levels(&priors, &records);
        for (f, t) in fitted.iter().zip(&truth) {
            assert!((f - t).abs() < 60.0, "fitted {fitted:?}, truth {truth:?}");
        }
        assert!(fitted.windows(2).all(|w| w[0] < w[1]), "{fitted:?}");
    }
}
