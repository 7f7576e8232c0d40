//! Puzzle ratings: Glickman's Glicko-2 for the player and for each puzzle,
//! and the daily puzzle.
//!
//! Every attempt is one game between the player and the puzzle, rated as a
//! rating period of its own (so the rating moves after every puzzle, as
//! players expect). A puzzle solved cleanly is a win for the player; a
//! puzzle solved with help (a wrong move or a hint), a solution shown or a
//! puzzle given up is a loss. Help counts as a loss because the rating
//! estimates which puzzles the player solves *alone*, and because progress
//! already counts a puzzle as solved only when it was solved cleanly.
//!
//! Starting values: the player 1500 ± 350 (Glickman's defaults for an
//! unknown player), volatility 0.06; a puzzle starts at its pack rating
//! (the generator's estimate) ± [`PUZZLE_START_DEVIATION`], so the first
//! players' results move it, but less than a new player's.
//!
//! Implementation of "Example of the Glicko-2 system" (Mark E. Glickman,
//! 2022 revision of the 2012 paper), tested against its worked example.

use norochess_core::puzzle::Puzzle;

/// The player's rating before any attempt.
pub const PLAYER_START_RATING: f64 = 1500.0;
/// The player's deviation before any attempt.
pub const PLAYER_START_DEVIATION: f64 = 350.0;
/// The volatility every rating starts with (Glickman's suggestion).
pub const START_VOLATILITY: f64 = 0.06;
/// A puzzle's deviation before any attempt: its pack rating is an estimate
/// of the generator, so it is less certain than a rating from play but
/// more than nothing.
pub const PUZZLE_START_DEVIATION: f64 = 150.0;
/// The system constant τ, which bounds how fast volatility changes
/// (Glickman: 0.3 to 1.2; 0.5 is in the middle of what he advises).
pub const TAU: f64 = 0.5;
/// The smallest deviation kept after an update: without a floor a player
/// of thousands of attempts would stop moving at all.
pub const MIN_DEVIATION: f64 = 30.0;

/// Glicko-2's factor between the Glicko scale and its internal scale.
const SCALE: f64 = 173.7178;
/// The convergence tolerance of the volatility iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;
/// Iterations allowed to the volatility search: it converges in a handful;
/// the bound only guards against a non-finite input looping forever.
const MAX_ITERATIONS: u32 = 100;

/// A Glicko-2 rating on the usual (Glicko) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 is an average newcomer).
    pub rating: f64,
    /// The rating deviation: about 95% of the time the true strength is
    /// within two deviations of the rating.
    pub deviation: f64,
    /// The volatility: how erratic the results have been.
    pub volatility: f64,
}

impl Rating {
    /// The player's rating before any attempt.
    pub const fn new_player() -> Rating {
        Rating {
            rating: PLAYER_START_RATING,
            deviation: PLAYER_START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }

    /// A puzzle's rating before any attempt, from its pack rating.
    pub fn new_puzzle(pack_rating: u16) -> Rating {
        Rating {
            rating: f64::from(pack_rating),
            deviation: PUZZLE_START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }

    /// The rating rounded as a screen shows it.
    pub fn rounded(&self) -> i32 {
        round(self.rating)
    }

    /// The deviation rounded as a screen shows it.
    pub fn rounded_deviation(&self) -> i32 {
        round(self.deviation)
    }

    /// `1512 ± 87`.
    pub fn text(&self) -> String {
        format!("{} ± {}", self.rounded(), self.rounded_deviation())
    }
}

/// Rounds to the nearest whole number; values outside `i32` (which the
/// update never produces) are saturated.
fn round(x: f64) -> i32 {
    // `as` saturates and maps NaN to 0, which is the safe answer here.
    x.round() as i32
}

/// The rating after one rating period against `games`: each the
/// opponent's rating before the period and the score (1 win, 0.5 draw, 0
/// loss). With no games only the deviation grows (step 6 of the paper).
pub fn update(player: Rating, games: &[(Rating, f64)]) -> Rating {
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            deviation: phi_star * SCALE,
            ..player
        };
    }
    // Steps 3 and 4: the estimated variance and the improvement.
    let mut inverse_v = 0.0;
    let mut sum = 0.0;
    for (opponent, score) in games {
        let mu_j = (opponent.rating - 1500.0) / SCALE;
        let phi_j = opponent.deviation / SCALE;
        let g = g(phi_j);
        let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
        inverse_v += g * g * e * (1.0 - e);
        sum += g * (score - e);
    }
    let v = 1.0 / inverse_v;
    let delta = v * sum;
    // Step 5: the new volatility (the Illinois algorithm of the paper).
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        let mut n = 0;
        while f(a - k * TAU) < 0.0 && n < MAX_ITERATIONS {
            k += 1.0;
            n += 1;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut n = 0;
    while (big_b - big_a).abs() > EPSILON && n < MAX_ITERATIONS {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        n += 1;
    }
    let new_sigma = (big_a / 2.0).exp();
    // Steps 6 to 8: the new deviation and rating.
    let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
    let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let new_mu = mu + new_phi * new_phi * sum;
    let updated = Rating {
        rating: new_mu * SCALE + 1500.0,
        deviation: new_phi * SCALE,
        volatility: new_sigma,
    };
    // A non-finite result (only from non-finite input) keeps the old rating
    // rather than storing NaN for good.
    if updated.rating.is_finite() && updated.deviation.is_finite() && new_sigma.is_finite() {
        updated
    } else {
        player
    }
}

/// Glicko-2's g(φ), which discounts a result against an uncertain opponent.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// Both ratings after one attempt: the player won (`solved_cleanly`) or
/// lost against the puzzle. Each is updated from the other's rating before
/// the attempt; deviations keep to [`MIN_DEVIATION`]..the start values.
pub fn rate_attempt(player: Rating, puzzle: Rating, solved_cleanly: bool) -> (Rating, Rating) {
    let score = if solved_cleanly { 1.0 } else { 0.0 };
    let mut new_player = update(player, &[(puzzle, score)]);
    let mut new_puzzle = update(puzzle, &[(player, 1.0 - score)]);
    new_player.deviation = new_player
        .deviation
        .clamp(MIN_DEVIATION, PLAYER_START_DEVIATION);
    new_puzzle.deviation = new_puzzle
        .deviation
        .clamp(MIN_DEVIATION, PLAYER_START_DEVIATION);
    (new_player, new_puzzle)
}

/// A calendar day, for the daily puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    year: i32,
    month: u8,
    day: u8,
}

/// A date that does not exist (`2026-02-30`) or is out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{year:04}-{month:02}-{day:02} is not a date")]
pub struct DayError {
    /// The year given.
    pub year: i32,
    /// The month given.
    pub month: u32,
    /// The day given.
    pub day: u32,
}

impl Day {
    /// The day `year-month-day` (years 1 to 9999).
    pub fn new(year: i32, month: u32, day: u32) -> Result<Day, DayError> {
        let error = DayError { year, month, day };
        if !(1..=9999).contains(&year) || !(1..=12).contains(&month) {
            return Err(error);
        }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        if !(1..=days).contains(&day) {
            return Err(error);
        }
        // Both fit in a u8: month ≤ 12, day ≤ 31.
        Ok(Day {
            year,
            month: month as u8,
            day: day as u8,
        })
    }

    /// Parses `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.trim().splitn(3, '-');
        let year = parts.next()?.parse().ok()?;
        let month = parts.next()?.parse().ok()?;
        let day = parts.next()?.parse().ok()?;
        Day::new(year, month, day).ok()
    }

    /// The day (UTC) of `unix_seconds`.
    pub fn from_unix(unix_seconds: i64) -> Day {
        let (y, m, d) = crate::texts::civil_from_days(unix_seconds.div_euclid(86_400));
        // Years outside 1..=9999 cannot come from a real clock; clamp so the
        // answer is still a day.
        let year = i32::try_from(y.clamp(1, 9999)).unwrap_or(1970);
        Day {
            year,
            month: m as u8,
            day: d as u8,
        }
    }

    /// Today (UTC) by the system clock.
    pub fn today() -> Day {
        Day::from_unix(crate::unix_time::unix_now())
    }

    /// Seconds since 1970 at the start (00:00 UTC) of the day.
    pub fn start_unix(&self) -> i64 {
        days_from_civil(
            i64::from(self.year),
            u32::from(self.month),
            u32::from(self.day),
        ) * 86_400
    }

    /// The year.
    pub fn year(&self) -> i32 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(&self) -> u32 {
        u32::from(self.month)
    }

    /// The day of the month, 1 to 31.
    pub fn day(&self) -> u32 {
        u32::from(self.day)
    }
}

impl std::fmt::Display for Day {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// A calendar date to days since 1970-01-01 (Howard Hinnant's algorithm,
/// the inverse of `texts::civil_from_days`).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// How many puzzles nearest the player's rating the daily puzzle is drawn
/// from: enough that the days vary, few enough that it stays near.
pub const DAILY_CANDIDATES: usize = 24;

/// The daily puzzle of `day` from `pack` for a player rated `rating`: one
/// of the [`DAILY_CANDIDATES`] Norochess-family puzzles whose pack rating is nearest
/// `rating` (ties by id), picked by a hash of `YYYY-MM-DD`. The same day,
/// pack and rating give the same puzzle on every device (FNV-1a, not
/// std's hasher, whose output may change between Rust versions). `None`
/// for an empty pack.
pub fn daily_puzzle(pack: &[Puzzle], day: Day, rating: f64) -> Option<&Puzzle> {
    // The day's puzzle is one of the game the app is for, never a mate of
    // Ram or Frontal chess.
    let mut nearest: Vec<&Puzzle> = pack
        .iter()
        .filter(|p| p.variant.is_norochess_family())
        .collect();
    nearest.sort_by(|a, b| {
        (f64::from(a.rating) - rating)
            .abs()
            .total_cmp(&(f64::from(b.rating) - rating).abs())
            .then_with(|| a.id.cmp(&b.id))
    });
    nearest.truncate(DAILY_CANDIDATES);
    // Drawn in id order, so the pick depends on the set, not on the ties.
    nearest.sort_by(|a, b| a.id.cmp(&b.id));
    if nearest.is_empty() {
        return None;
    }
    let hash = fnv1a(day.to_string().as_bytes());
    let index = usize::try_from(hash % nearest.len() as u64).unwrap_or(0);
    nearest.get(index).copied()
}

/// FNV-1a, 64 bits: a tiny hash with a fixed, published definition.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn glickmans_worked_example() {
        // "Example of the Glicko-2 system", section "Example calculation":
        // a 1500 ± 200 player (σ 0.06, τ 0.5) beats a 1400 ± 30 player and
        // loses to 1550 ± 100 and 1700 ± 300: 1464.06 ± 151.52, σ' 0.05999.
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = update(
            player,
            &[
                (opponent(1400.0, 30.0), 1.0),
                (opponent(1550.0, 100.0), 0.0),
                (opponent(1700.0, 300.0), 0.0),
            ],
        );
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(close(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let after = update(player, &[]);
        assert_eq!(after.rating, 1500.0);
        assert!(after.deviation > 200.0 && after.deviation < 201.0);
    }

    #[test]
    fn a_clean_solve_raises_the_player_and_lowers_the_puzzle() {
        let (player, puzzle) = rate_attempt(Rating::new_player(), Rating::new_puzzle(1200), true);
        assert!(
            player.rating > 1500.0 && player.deviation < 350.0,
            "{player:?}"
        );
        assert!(puzzle.rating < 1200.0, "{puzzle:?}");
        // The new player's result moves the puzzle less than the puzzle's
        // moves the player: the puzzle's deviation is smaller.
        assert!(1200.0 - puzzle.rating < player.rating - 1500.0);
        let (player, puzzle) = rate_attempt(Rating::new_player(), Rating::new_puzzle(1200), false);
        assert!(player.rating < 1500.0, "{player:?}");
        assert!(puzzle.rating > 1200.0, "{puzzle:?}");
    }

    #[test]
    fn non_finite_input_keeps_the_old_rating() {
        let player = Rating::new_player();
        let nan = Rating {
            rating: f64::NAN,
            deviation: 100.0,
            volatility: 0.06,
        };
        assert_eq!(update(player, &[(nan, 1.0)]), player);
    }

    #[test]
    fn days_are_checked_and_written_as_iso_dates() {
        assert_eq!(Day::new(2026, 11, 30).unwrap().to_string(), "2026-11-30");
        assert!(Day::new(2026, 2, 29).is_err());
        assert!(Day::new(2028, 2, 29).is_ok());
        assert!(Day::new(2026, 13, 1).is_err());
        assert_eq!(Day::parse("2026-11-30"), Day::new(2026, 11, 30).ok());
        assert_eq!(Day::parse("2026-11"), None);
        let day = Day::new(2026, 11, 30).unwrap();
        assert_eq!(Day::from_unix(day.start_unix()), day);
        assert_eq!(Day::from_unix(day.start_unix() + 86_399), day);
        assert_eq!(Day::from_unix(0).to_string(), "1970-01-01");
    }

    #[test]
    fn the_daily_puzzle_depends_on_the_day_only_and_is_near_the_rating() {
        let pack = norochess_core::puzzle::builtin_pack().unwrap();
        let day = Day::new(2026, 11, 30).unwrap();
        let first = daily_puzzle(&pack, day, 1500.0).unwrap();
        // The same day gives the same puzzle, also from a shuffled pack.
        let mut reversed = pack.clone();
        reversed.reverse();
        assert_eq!(daily_puzzle(&reversed, day, 1500.0).unwrap().id, first.id);
        // Different days give different puzzles over a month.
        let ids: std::collections::BTreeSet<_> = (1..=30)
            .map(|d| {
                let day = Day::new(2026, 11, d).unwrap();
                daily_puzzle(&pack, day, 1500.0).unwrap().id.clone()
            })
            .collect();
        assert!(ids.len() > 10, "{ids:?}");
        // Never a mate of Ram or Frontal chess, whatever the day.
        let royal: Vec<Puzzle> = pack
            .iter()
            .filter(|p| !p.variant.is_norochess_family())
            .cloned()
            .collect();
        assert!(!royal.is_empty());
        assert!(daily_puzzle(&royal, day, 1500.0).is_none());
        // It is among the puzzles nearest the rating.
        for rating in [700.0, 1200.0, 1500.0, 2100.0] {
            let chosen = daily_puzzle(&pack, day, rating).unwrap();
            assert!(chosen.variant.is_norochess_family(), "{}", chosen.id);
            let mut distances: Vec<f64> = pack
                .iter()
                .filter(|p| p.variant.is_norochess_family())
                .map(|p| (f64::from(p.rating) - rating).abs())
                .collect();
            distances.sort_by(f64::total_cmp);
            let limit = distances[DAILY_CANDIDATES - 1];
            assert!((f64::from(chosen.rating) - rating).abs() <= limit);
        }
        assert!(daily_puzzle(&[], day, 1500.0).is_none());
    }
}
