//! What a pack holds, counted: how many puzzles per tier, phase, objective
//! and line length; how many taking the most points solves; repeated
//! boards; impossible scores; themes. `puzzles stats` prints it and the
//! README and `docs/puzzles.md` quote it.

use super::generate::board_key;
use super::likeness::{idea_key, MAX_SAME_IDEA};
use super::rating::{greedy_solvable, later_move_not_biggest_capture};
use super::{score_problems, Difficulty, Puzzle};
use crate::engine::solver::Objective;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

/// Counts over a pack.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PackStats {
    /// Puzzles.
    pub total: usize,
    /// Puzzles of the Norochess family (Norochess, Norochess960): the ones
    /// the phases below count, and the base of [`PackStats::family_percent`].
    pub norochess_family: usize,
    /// Per tier: easy, medium, hard.
    pub tiers: [usize; 3],
    /// Starting before move 45.
    pub before_move_45: usize,
    /// Starting at moves 45 to 52.
    pub moves_45_to_52: usize,
    /// Starting at move 53 or later.
    pub from_move_53: usize,
    /// Starting at moves 49 to 52 (early overtime, a part of 45 to 52).
    pub moves_49_to_52: usize,
    /// Lines of two or more player moves.
    pub multi_move: usize,
    /// Lines of two or more player moves where a later player move is not
    /// the biggest capture on the board.
    pub later_not_biggest: usize,
    /// The largest group of one idea (pawn skeleton and piece set): its
    /// size and its puzzles' ids.
    pub largest_idea: Vec<String>,
    /// Ideas held by more than [`MAX_SAME_IDEA`] puzzles.
    pub ideas_over_cap: usize,
    /// The rating value the most puzzles hold, and how many.
    pub most_common_rating: (u16, usize),
    /// Per objective kind: win, win-by, save, gain, mate.
    pub objectives: [usize; 5],
    /// Per number of player moves (1, 2, 3, 4+).
    pub lengths: [usize; 4],
    /// Beginning with the opponent's move.
    pub with_opponent_move: usize,
    /// Solved by taking the most points at every step.
    pub greedy: usize,
    /// Puzzles whose start board (pieces and side to move) an earlier
    /// puzzle already has.
    pub repeated_boards: usize,
    /// Puzzles with a score no game can reach.
    pub impossible_scores: usize,
    /// Player behind on points at the start (a comeback).
    pub from_behind: usize,
    /// Lowest and highest rating.
    pub rating_range: (u16, u16),
    /// Puzzles per theme.
    pub themes: BTreeMap<String, usize>,
    /// Puzzles per variant id.
    pub variants: BTreeMap<String, usize>,
}

impl PackStats {
    /// Lines of three or more player moves (issue 30 asks for a quarter of
    /// the pack).
    pub fn three_or_more_moves(&self) -> usize {
        self.lengths[2] + self.lengths[3]
    }

    /// Counts `puzzles`.
    pub fn of(puzzles: &[Puzzle]) -> PackStats {
        let mut stats = PackStats {
            total: puzzles.len(),
            rating_range: (u16::MAX, 0),
            ..PackStats::default()
        };
        let mut boards = HashSet::new();
        let mut ideas: HashMap<String, Vec<String>> = HashMap::new();
        let mut ratings: BTreeMap<u16, usize> = BTreeMap::new();
        for puzzle in puzzles {
            ideas
                .entry(idea_key(puzzle))
                .or_default()
                .push(puzzle.id.clone());
            *ratings.entry(puzzle.rating).or_default() += 1;
            if puzzle.variant.is_norochess_family() {
                stats.norochess_family += 1;
            }
            if puzzle.solution.len() > 1 {
                stats.multi_move += 1;
                if later_move_not_biggest_capture(puzzle) {
                    stats.later_not_biggest += 1;
                }
            }
            stats.tiers[match puzzle.difficulty() {
                Difficulty::Easy => 0,
                Difficulty::Medium => 1,
                Difficulty::Hard => 2,
            }] += 1;
            stats.objectives[match puzzle.objective {
                Objective::Win => 0,
                Objective::WinBy(_) => 1,
                Objective::Save => 2,
                Objective::Gain { .. } | Objective::Lead(_) => 3,
                Objective::Mate { .. } => 4,
            }] += 1;
            stats.lengths[puzzle.solution.len().div_ceil(2).clamp(1, 4) - 1] += 1;
            if puzzle.setup.is_some() {
                stats.with_opponent_move += 1;
            }
            if greedy_solvable(puzzle) {
                stats.greedy += 1;
            }
            if !boards.insert(board_key(puzzle)) {
                stats.repeated_boards += 1;
            }
            let positions = [puzzle.before().ok(), puzzle.start().ok()];
            if positions
                .iter()
                .flatten()
                .any(|p| !score_problems(p).is_empty())
            {
                stats.impossible_scores += 1;
            }
            // The phases are the Norochess move limit's: a game with a
            // royal king has none.
            let family_start = puzzle
                .variant
                .is_norochess_family()
                .then(|| puzzle.start().ok())
                .flatten();
            if let Some(start) = family_start {
                if (49..=52).contains(&start.fullmove_number()) {
                    stats.moves_49_to_52 += 1;
                }
                match start.fullmove_number() {
                    0..=44 => stats.before_move_45 += 1,
                    45..=52 => stats.moves_45_to_52 += 1,
                    _ => stats.from_move_53 += 1,
                }
                if start.score(start.turn()) < start.score(!start.turn()) {
                    stats.from_behind += 1;
                }
            }
            stats.rating_range.0 = stats.rating_range.0.min(puzzle.rating);
            stats.rating_range.1 = stats.rating_range.1.max(puzzle.rating);
            for theme in &puzzle.themes {
                *stats.themes.entry(theme.clone()).or_default() += 1;
            }
            *stats
                .variants
                .entry(puzzle.variant.id().to_string())
                .or_default() += 1;
        }
        if puzzles.is_empty() {
            stats.rating_range = (0, 0);
        }
        stats.ideas_over_cap = ideas.values().filter(|g| g.len() > MAX_SAME_IDEA).count();
        // The largest group; among equals, the one whose first puzzle comes
        // first in the pack, so the report is the same on every run.
        stats.largest_idea = ideas
            .into_values()
            .max_by(|a, b| {
                a.len()
                    .cmp(&b.len())
                    .then_with(|| b.first().cmp(&a.first()))
            })
            .unwrap_or_default();
        stats.most_common_rating = ratings
            .into_iter()
            .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0)))
            .unwrap_or((0, 0));
        stats
    }

    /// `part` of the pack as a percentage.
    pub fn percent(&self, part: usize) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            100.0 * part as f64 / self.total as f64
        }
    }

    /// `part` of the pack's Norochess family puzzles as a percentage: the
    /// base of the phase and objective shares, which a pack's puzzles of
    /// other games do not dilute.
    pub fn family_percent(&self, part: usize) -> f64 {
        if self.norochess_family == 0 {
            0.0
        } else {
            100.0 * part as f64 / self.norochess_family as f64
        }
    }

    /// The counts as lines of text.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let pct = |n: usize| format!("{n} ({:.1} %)", self.percent(n));
        let family = |n: usize| format!("{n} ({:.1} %)", self.family_percent(n));
        let _ = writeln!(out, "puzzles: {}", self.total);
        let _ = writeln!(
            out,
            "variants: {}",
            self.variants
                .iter()
                .map(|(v, n)| format!("{v} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let _ = writeln!(
            out,
            "tiers: easy {}, medium {}, hard {}; ratings {}–{}",
            pct(self.tiers[0]),
            pct(self.tiers[1]),
            pct(self.tiers[2]),
            self.rating_range.0,
            self.rating_range.1
        );
        let _ = writeln!(
            out,
            "Norochess family: {}; its starts: before move 45 {}, moves 45–52 {}, move 53 or later {}",
            self.norochess_family,
            family(self.before_move_45),
            family(self.moves_45_to_52),
            family(self.from_move_53)
        );
        let _ = writeln!(
            out,
            "objectives: win {}, win-by {}, save {}, gain {} (of the family); mate {}",
            family(self.objectives[0]),
            family(self.objectives[1]),
            family(self.objectives[2]),
            family(self.objectives[3]),
            self.objectives[4]
        );
        let _ = writeln!(
            out,
            "player moves: 1: {}, 2: {}, 3: {}, 4+: {}; 3 or more: {}",
            self.lengths[0],
            self.lengths[1],
            self.lengths[2],
            self.lengths[3],
            pct(self.three_or_more_moves())
        );
        let _ = writeln!(
            out,
            "lines of 2+ moves where a later move is not the biggest capture: {} of {} ({:.1} %)",
            self.later_not_biggest,
            self.multi_move,
            if self.multi_move == 0 {
                0.0
            } else {
                100.0 * self.later_not_biggest as f64 / self.multi_move as f64
            }
        );
        let _ = writeln!(out, "moves 49–52: {}", self.moves_49_to_52);
        let _ = writeln!(
            out,
            "largest idea (pawn skeleton and piece set): {} puzzles ({}); ideas over {MAX_SAME_IDEA}: {}",
            self.largest_idea.len(),
            self.largest_idea.join(" "),
            self.ideas_over_cap
        );
        let _ = writeln!(
            out,
            "most common rating: {} held by {}",
            self.most_common_rating.0,
            pct(self.most_common_rating.1)
        );
        let _ = writeln!(
            out,
            "begin with the opponent's move: {}; from behind on points: {}",
            pct(self.with_opponent_move),
            pct(self.from_behind)
        );
        let _ = writeln!(
            out,
            "solved by taking the most points at every step: {}",
            pct(self.greedy)
        );
        let _ = writeln!(out, "repeated boards: {}", pct(self.repeated_boards));
        let _ = writeln!(out, "impossible scores: {}", self.impossible_scores);
        let _ = writeln!(
            out,
            "themes: {}",
            self.themes
                .iter()
                .map(|(t, n)| format!("{t} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        out
    }
}
