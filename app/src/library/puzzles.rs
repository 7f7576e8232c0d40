//! Puzzle progress: every attempt is kept; what a screen shows (solved,
//! solved cleanly, shown, streaks, per tier) is counted from them.
//!
//! A streak counts puzzles solved cleanly one after another (no wrong move,
//! no hint, no solution shown); any other attempt ends it.
//!
//! Each attempt also rates the player and the puzzle (Glicko-2, see
//! [`crate::ratings`]) in the same transaction as the attempt itself, so a
//! rating never disagrees with the attempts that made it.

use super::{Library, LibraryError};
use crate::ratings::{self, Day, Rating};
use crate::unix_time::unix_now;
use norochess_core::puzzle::Puzzle;
use rusqlite::{params, OptionalExtension};
use std::sync::OnceLock;

/// How many of the latest rated attempts [`PuzzleStats::rating_history`]
/// carries (a chart's worth; [`Library::rating_history`] gives more).
pub const STATS_HISTORY: u32 = 100;

/// How an attempt at a puzzle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PuzzleAttempt {
    /// Solved with no wrong move, hint or solution.
    Clean,
    /// Solved after a wrong move or a hint.
    Solved,
    /// The solution was shown.
    Shown,
    /// Given up (left without solving).
    Failed,
}

impl PuzzleAttempt {
    /// A stable id (`clean`, `solved`, `shown`, `failed`).
    pub const fn id(self) -> &'static str {
        match self {
            PuzzleAttempt::Clean => "clean",
            PuzzleAttempt::Solved => "solved",
            PuzzleAttempt::Shown => "shown",
            PuzzleAttempt::Failed => "failed",
        }
    }

    /// Parses [`PuzzleAttempt::id`].
    pub fn from_id(id: &str) -> Option<PuzzleAttempt> {
        [
            PuzzleAttempt::Clean,
            PuzzleAttempt::Solved,
            PuzzleAttempt::Shown,
            PuzzleAttempt::Failed,
        ]
        .into_iter()
        .find(|a| a.id() == id)
    }
}

/// Progress in one tier (`easy`, `medium`, `hard`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PuzzleTierStats {
    /// The tier.
    pub tier: String,
    /// Puzzles attempted.
    pub attempted: u32,
    /// Puzzles solved (cleanly or not), not counting those shown.
    pub solved: u32,
    /// Puzzles solved cleanly at least once.
    pub solved_cleanly: u32,
}

/// Puzzle progress as a screen shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PuzzleStats {
    /// Different puzzles attempted.
    pub attempted: u32,
    /// Different puzzles solved (with or without help), not counting shown.
    pub solved: u32,
    /// Different puzzles solved cleanly at least once.
    pub solved_cleanly: u32,
    /// Different puzzles whose solution was shown and never solved.
    pub shown: u32,
    /// Clean solves in a row, up to the last attempt.
    pub streak: u32,
    /// The longest run of clean solves.
    pub best_streak: u32,
    /// Per tier, in the order easy, medium, hard (then any other).
    pub tiers: Vec<PuzzleTierStats>,
    /// The player's puzzle rating, rounded (1500 before any attempt).
    pub rating: i32,
    /// Its deviation, rounded (350 before any attempt; the smaller, the
    /// surer).
    pub deviation: i32,
    /// Rated attempts so far.
    pub rated_attempts: u32,
    /// The latest [`STATS_HISTORY`] rated attempts, oldest first.
    pub rating_history: Vec<RatingPoint>,
}

/// One rated attempt: the player's rating after it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct RatingPoint {
    /// When (seconds since 1970).
    pub at_unix_seconds: i64,
    /// The puzzle.
    pub puzzle_id: String,
    /// How the attempt ended (only [`PuzzleAttempt::Clean`] is a win).
    pub outcome: PuzzleAttempt,
    /// The player's rating after the attempt, rounded.
    pub rating: i32,
    /// Its deviation after the attempt, rounded.
    pub deviation: i32,
}

/// What one attempt did to the ratings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedAttempt {
    /// The player's rating before the attempt.
    pub player_before: Rating,
    /// The player's rating after it.
    pub player_after: Rating,
    /// The puzzle's rating before the attempt.
    pub puzzle_before: Rating,
    /// The puzzle's rating after it.
    pub puzzle_after: Rating,
}

impl RatedAttempt {
    /// The player's rating change, rounded (`+12`, `-8`): the difference of
    /// the rounded ratings, so it adds up with what the screen showed.
    pub fn change(&self) -> i32 {
        self.player_after.rounded() - self.player_before.rounded()
    }

    /// `Puzzle rating 1563 ± 290 (+63)` (a minus sign `−` for a loss, `±0`
    /// for no change).
    pub fn text(&self) -> String {
        let change = self.change();
        let sign = match change.signum() {
            1 => '+',
            -1 => '−',
            _ => '±',
        };
        format!(
            "Puzzle rating {} ({sign}{})",
            self.player_after.text(),
            change.unsigned_abs()
        )
    }
}

/// The pack rating of each built-in puzzle, parsed once.
fn builtin_ratings() -> &'static [(String, u16)] {
    static RATINGS: OnceLock<Vec<(String, u16)>> = OnceLock::new();
    RATINGS.get_or_init(|| {
        norochess_core::puzzle::builtin_pack()
            .map(|pack| pack.into_iter().map(|p| (p.id, p.rating)).collect())
            .unwrap_or_default()
    })
}

/// The starting rating of a puzzle known only by id and tier: its built-in
/// pack rating, else the middle of its tier.
fn starting_rating(puzzle_id: &str, tier: &str) -> u16 {
    if let Some((_, rating)) = builtin_ratings().iter().find(|(id, _)| id == puzzle_id) {
        return *rating;
    }
    match tier {
        "medium" => 1500,
        "hard" => 1900,
        _ => 1000,
    }
}

impl Library {
    /// Records an attempt at puzzle `puzzle_id` of `tier` and rates it. A
    /// puzzle of the built-in pack starts at its pack rating, any other at
    /// the middle of its tier; [`Library::record_rated_puzzle_attempt`]
    /// takes the rating of a puzzle from a file.
    pub fn record_puzzle_attempt(
        &mut self,
        puzzle_id: &str,
        tier: &str,
        attempt: PuzzleAttempt,
    ) -> Result<RatedAttempt, LibraryError> {
        let start = starting_rating(puzzle_id, tier);
        self.record_rated_puzzle_attempt(puzzle_id, tier, start, attempt)
    }

    /// Records an attempt at a puzzle whose pack (or file) rating is
    /// `pack_rating`, which is its starting rating if it was never rated.
    /// The attempt, both new ratings and the history row are written in one
    /// transaction.
    pub fn record_rated_puzzle_attempt(
        &mut self,
        puzzle_id: &str,
        tier: &str,
        pack_rating: u16,
        attempt: PuzzleAttempt,
    ) -> Result<RatedAttempt, LibraryError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let rated = insert_rated_attempt(&tx, puzzle_id, tier, pack_rating, attempt, unix_now())?;
        tx.commit()?;
        Ok(rated)
    }
}

/// Starting rating of a puzzle never rated (its pack's, by id or tier).
pub(crate) fn start_rating(puzzle_id: &str, tier: &str) -> u16 {
    starting_rating(puzzle_id, tier)
}

/// Records and rates one attempt inside the caller's transaction (the
/// one-time import records many in one).
pub(crate) fn insert_rated_attempt(
    tx: &rusqlite::Connection,
    puzzle_id: &str,
    tier: &str,
    pack_rating: u16,
    attempt: PuzzleAttempt,
    now: i64,
) -> Result<RatedAttempt, LibraryError> {
    {
        tx.execute(
            "INSERT INTO puzzle_attempts (puzzle_id, tier, outcome, at) VALUES (?1, ?2, ?3, ?4)",
            params![puzzle_id, tier, attempt.id(), now],
        )?;
        let attempt_id = tx.last_insert_rowid();
        let player_before = player_rating(tx)?;
        let puzzle_before = tx
            .query_row(
                "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle_id = ?1",
                [puzzle_id],
                rating_from_row,
            )
            .optional()?
            .unwrap_or_else(|| Rating::new_puzzle(pack_rating));
        let (player_after, puzzle_after) = ratings::rate_attempt(
            player_before,
            puzzle_before,
            attempt == PuzzleAttempt::Clean,
        );
        tx.execute(
            "INSERT INTO puzzle_player_rating (slot, rating, deviation, volatility)
             VALUES (1, ?1, ?2, ?3)
             ON CONFLICT (slot) DO UPDATE SET rating = ?1, deviation = ?2, volatility = ?3",
            params![
                player_after.rating,
                player_after.deviation,
                player_after.volatility
            ],
        )?;
        tx.execute(
            "INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (puzzle_id) DO UPDATE SET rating = ?2, deviation = ?3, volatility = ?4",
            params![
                puzzle_id,
                puzzle_after.rating,
                puzzle_after.deviation,
                puzzle_after.volatility
            ],
        )?;
        tx.execute(
            "INSERT INTO puzzle_rating_history
                 (attempt_id, puzzle_id, outcome, at, rating, deviation)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                attempt_id,
                puzzle_id,
                attempt.id(),
                now,
                player_after.rating,
                player_after.deviation
            ],
        )?;
        Ok(RatedAttempt {
            player_before,
            player_after,
            puzzle_before,
            puzzle_after,
        })
    }
}

impl Library {
    /// The player's puzzle rating now (the start values before any
    /// attempt).
    pub fn puzzle_rating(&self) -> Result<Rating, LibraryError> {
        Ok(self
            .conn
            .query_row(
                "SELECT rating, deviation, volatility FROM puzzle_player_rating WHERE slot = 1",
                [],
                rating_from_row,
            )
            .optional()?
            .unwrap_or_else(Rating::new_player))
    }

    /// A puzzle's rating (`None`: never attempted since ratings began; it
    /// then starts at its pack rating).
    pub fn rating_of_puzzle(&self, puzzle_id: &str) -> Result<Option<Rating>, LibraryError> {
        Ok(self
            .conn
            .query_row(
                "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle_id = ?1",
                [puzzle_id],
                rating_from_row,
            )
            .optional()?)
    }

    /// The latest `limit` rated attempts, oldest first (a chart's order).
    pub fn rating_history(&self, limit: u32) -> Result<Vec<RatingPoint>, LibraryError> {
        let mut statement = self.conn.prepare_cached(
            "SELECT at, puzzle_id, outcome, rating, deviation FROM puzzle_rating_history
             ORDER BY id DESC LIMIT ?1",
        )?;
        let mut points = statement
            .query_map([limit], |r| {
                Ok(RatingPoint {
                    at_unix_seconds: r.get(0)?,
                    puzzle_id: r.get(1)?,
                    outcome: PuzzleAttempt::from_id(&r.get::<_, String>(2)?)
                        .unwrap_or(PuzzleAttempt::Failed),
                    rating: r.get::<_, f64>(3)?.round() as i32,
                    deviation: r.get::<_, f64>(4)?.round() as i32,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        points.reverse();
        Ok(points)
    }

    /// The daily puzzle of `day` from `pack`: one near the player's rating
    /// as it stood at the start of that day (00:00 UTC), so solving puzzles
    /// during the day does not change it ([`ratings::daily_puzzle`]).
    /// `None` for an empty pack.
    pub fn daily_puzzle(&self, pack: &[Puzzle], day: Day) -> Result<Option<Puzzle>, LibraryError> {
        let rating = self
            .conn
            .query_row(
                "SELECT rating FROM puzzle_rating_history WHERE at < ?1 ORDER BY id DESC LIMIT 1",
                [day.start_unix()],
                |r| r.get::<_, f64>(0),
            )
            .optional()?
            .unwrap_or(ratings::PLAYER_START_RATING);
        Ok(ratings::daily_puzzle(pack, day, rating).cloned())
    }

    /// The best result reached on `puzzle_id` (clean beats solved beats
    /// shown beats failed), if it was ever attempted.
    pub fn puzzle_status(&self, puzzle_id: &str) -> Result<Option<PuzzleAttempt>, LibraryError> {
        let mut statement = self
            .conn
            .prepare_cached("SELECT outcome FROM puzzle_attempts WHERE puzzle_id = ?1")?;
        let outcomes = statement
            .query_map([puzzle_id], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        let rank = |a: PuzzleAttempt| match a {
            PuzzleAttempt::Clean => 3,
            PuzzleAttempt::Solved => 2,
            PuzzleAttempt::Shown => 1,
            PuzzleAttempt::Failed => 0,
        };
        Ok(outcomes
            .iter()
            .filter_map(|o| PuzzleAttempt::from_id(o))
            .max_by_key(|a| rank(*a)))
    }

    /// Progress over every puzzle.
    pub fn puzzle_stats(&self) -> Result<PuzzleStats, LibraryError> {
        let mut statement = self
            .conn
            .prepare_cached("SELECT puzzle_id, tier, outcome FROM puzzle_attempts ORDER BY id")?;
        let attempts = statement
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut stats = PuzzleStats::default();
        // Per puzzle: (tier, solved, clean, shown).
        let mut puzzles: std::collections::BTreeMap<String, (String, bool, bool, bool)> =
            std::collections::BTreeMap::new();
        let mut run = 0;
        for (id, tier, outcome) in attempts {
            let attempt = PuzzleAttempt::from_id(&outcome).unwrap_or(PuzzleAttempt::Failed);
            let entry = puzzles.entry(id).or_insert((tier, false, false, false));
            match attempt {
                PuzzleAttempt::Clean => {
                    entry.1 = true;
                    entry.2 = true;
                    run += 1;
                }
                PuzzleAttempt::Solved => {
                    entry.1 = true;
                    run = 0;
                }
                PuzzleAttempt::Shown => {
                    entry.3 = true;
                    run = 0;
                }
                PuzzleAttempt::Failed => run = 0,
            }
            stats.best_streak = stats.best_streak.max(run);
        }
        stats.streak = run;
        for (tier, solved, clean, shown) in puzzles.values() {
            stats.attempted += 1;
            stats.solved += u32::from(*solved);
            stats.solved_cleanly += u32::from(*clean);
            stats.shown += u32::from(*shown && !*solved);
            let position = stats.tiers.iter().position(|t| &t.tier == tier);
            let row = match position {
                Some(i) => &mut stats.tiers[i],
                None => {
                    stats.tiers.push(PuzzleTierStats {
                        tier: tier.clone(),
                        ..PuzzleTierStats::default()
                    });
                    let last = stats.tiers.len() - 1;
                    &mut stats.tiers[last]
                }
            };
            row.attempted += 1;
            row.solved += u32::from(*solved);
            row.solved_cleanly += u32::from(*clean);
        }
        let order = |t: &str| match t {
            "easy" => 0,
            "medium" => 1,
            "hard" => 2,
            _ => 3,
        };
        stats.tiers.sort_by(|a, b| {
            order(&a.tier)
                .cmp(&order(&b.tier))
                .then(a.tier.cmp(&b.tier))
        });
        let rating = self.puzzle_rating()?;
        stats.rating = rating.rounded();
        stats.deviation = rating.rounded_deviation();
        stats.rated_attempts =
            self.conn
                .query_row("SELECT count(*) FROM puzzle_rating_history", [], |r| {
                    r.get(0)
                })?;
        stats.rating_history = self.rating_history(STATS_HISTORY)?;
        Ok(stats)
    }
}

/// The player's rating inside a transaction.
fn player_rating(tx: &rusqlite::Connection) -> Result<Rating, LibraryError> {
    Ok(tx
        .query_row(
            "SELECT rating, deviation, volatility FROM puzzle_player_rating WHERE slot = 1",
            [],
            rating_from_row,
        )
        .optional()?
        .unwrap_or_else(Rating::new_player))
}

/// A rating from the columns `rating, deviation, volatility`.
fn rating_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Rating> {
    Ok(Rating {
        rating: row.get(0)?,
        deviation: row.get(1)?,
        volatility: row.get(2)?,
    })
}
