//! Puzzle progress: every attempt is kept; what a screen shows (solved,
//! solved cleanly, shown, streaks, per tier) is counted from them.
//!
//! A streak counts puzzles solved cleanly one after another (no wrong move,
//! no hint, no solution shown); any other attempt ends it.

use super::{unix_now, Library, LibraryError};
use rusqlite::params;

/// How an attempt at a puzzle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
}

impl Library {
    /// Records an attempt at puzzle `puzzle_id` of `tier`.
    pub fn record_puzzle_attempt(
        &mut self,
        puzzle_id: &str,
        tier: &str,
        attempt: PuzzleAttempt,
    ) -> Result<(), LibraryError> {
        self.conn.execute(
            "INSERT INTO puzzle_attempts (puzzle_id, tier, outcome, at) VALUES (?1, ?2, ?3, ?4)",
            params![puzzle_id, tier, attempt.id(), unix_now()],
        )?;
        Ok(())
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
        Ok(stats)
    }
}
