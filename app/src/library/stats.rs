//! Statistics a Norochess player cares about: wins, draws and losses per
//! game and per computer level, and the score differential (the
//! tournament tie-break: own minus opponent's final points, summed).
//!
//! Against the computer every figure is the person's. Pass-and-play games
//! have no "own" side, so their row counts White's results and White's
//! differential.

use super::games::GameSummary;
use super::{Library, LibraryError, PuzzleStats};
use crate::players::Opponent;
use norochess_core::Color;

/// Results of one game against one opponent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct StatsRow {
    /// The game (variant id), or `all`.
    pub variant: String,
    /// The computer's level; `None` for pass-and-play games.
    pub level: Option<u8>,
    /// Finished games.
    pub games: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Own minus opponent's final points, summed (games with scores only).
    pub score_differential: i64,
}

/// Everything the statistics screen shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Stats {
    /// Per game and opponent (computer level or pass and play), most played first.
    pub rows: Vec<StatsRow>,
    /// All games against the computer together.
    pub against_computer: StatsRow,
    /// The won game against the computer with the largest margin (the
    /// highest level first on a tie).
    pub best_win: Option<GameSummary>,
    /// The lost game against the computer with the largest margin.
    pub worst_loss: Option<GameSummary>,
    /// Puzzle progress and streaks.
    pub puzzles: PuzzleStats,
}

impl Library {
    /// The statistics of every finished game and the puzzle progress.
    pub fn stats(&self) -> Result<Stats, LibraryError> {
        let finished = self.list(
            &super::GameFilter {
                finished: Some(true),
                ..super::GameFilter::default()
            },
            u32::MAX,
        )?;
        let mut stats = Stats {
            against_computer: StatsRow {
                variant: "all".to_string(),
                ..StatsRow::default()
            },
            puzzles: self.puzzle_stats()?,
            ..Stats::default()
        };
        let mut best: Option<(i64, u8, GameSummary)> = None;
        let mut worst: Option<(i64, GameSummary)> = None;
        for game in finished {
            let (own, level) = match game.opponent {
                Opponent::Computer { human, level } => (human, Some(level)),
                Opponent::Friend => (Color::White, None),
            };
            let winner = match game.result.as_deref() {
                Some("1-0") => Some(Color::White),
                Some("0-1") => Some(Color::Black),
                _ => None,
            };
            let margin = game.scores.map(|s| {
                let (w, b) = (i64::from(s.white), i64::from(s.black));
                if own == Color::White {
                    w - b
                } else {
                    b - w
                }
            });
            let position = stats
                .rows
                .iter()
                .position(|r| r.variant == game.variant && r.level == level);
            let index = match position {
                Some(i) => i,
                None => {
                    stats.rows.push(StatsRow {
                        variant: game.variant.clone(),
                        level,
                        ..StatsRow::default()
                    });
                    stats.rows.len() - 1
                }
            };
            let mut rows = vec![index];
            if level.is_some() {
                rows.push(usize::MAX);
            }
            for i in rows {
                let row = if i == usize::MAX {
                    &mut stats.against_computer
                } else {
                    &mut stats.rows[i]
                };
                row.games += 1;
                match winner {
                    Some(w) if w == own => row.wins += 1,
                    Some(_) => row.losses += 1,
                    None => row.draws += 1,
                }
                row.score_differential += margin.unwrap_or(0);
            }
            if let Some(level) = level {
                let m = margin.unwrap_or(0);
                if winner == Some(own)
                    && best
                        .as_ref()
                        .is_none_or(|(bm, bl, _)| (m, level) > (*bm, *bl))
                {
                    best = Some((m, level, game.clone()));
                }
                if winner == Some(!own) && worst.as_ref().is_none_or(|(wm, _)| m < *wm) {
                    worst = Some((m, game.clone()));
                }
            }
        }
        stats.rows.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then(a.variant.cmp(&b.variant))
                .then(a.level.cmp(&b.level))
        });
        stats.best_win = best.map(|(_, _, g)| g);
        stats.worst_loss = worst.map(|(_, g)| g);
        Ok(stats)
    }
}
