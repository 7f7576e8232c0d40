//! Game review: every position of a game evaluated by the engine within a
//! budget, and from those evaluations each move's cost in points, its mark
//! ([`Judgement`]), the better move, the moments that decided the game,
//! the graph of the expected score difference and each side's accuracy.
//!
//! A review is made one position at a time so a shell can run it on its
//! own thread, show progress after each step, stop it, save what is done
//! ([`GameReview::saved_text`], kept in the library with the game) and
//! resume it later ([`GameReview::resume`]): a request
//! ([`GameReview::next_request`]) is searched wherever the shell likes and
//! its answer handed back ([`GameReview::record`]).

mod budgets;
mod judge;
mod report;
mod saved;
#[cfg(test)]
mod tests;

pub use budgets::{
    review_budget, review_budgets, ReviewBudgetChoice, DEEP_REVIEW_NODES, QUICK_REVIEW_NODES,
};
pub use judge::{
    is_proven, judge, move_accuracy, points_of, turned_result, Judgement, ACCURACY_SCALE,
    BLUNDER_POINTS, INACCURACY_POINTS, LOSS_CAP, MATE_POINTS, MISTAKE_POINTS, RESULT_POINTS,
};
pub(crate) use report::san_line;
pub use report::{GraphPoint, Moment, MomentKind, MoveReview, ReviewReport, SideSummary};

use norochess_core::{
    AnyPosition, Color, EndReason, Engine, Game, Limits, Move, Score, SearchRequest, SearchResult,
};
use std::time::Duration;
use thiserror::Error;

/// Nodes per position of the default review: about 35 ms a position on
/// one core here, so a whole game of 48 moves each takes a few seconds
/// (measured by `benches/review.rs`, docs/review.md).
pub const DEFAULT_REVIEW_NODES: u64 = 80_000;

/// How much the engine thinks about each position of a review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReviewBudget {
    /// Nodes per position: the same nodes give the same review on any
    /// device (the default).
    pub nodes_per_position: Option<u64>,
    /// Milliseconds per position, for a budget chosen in time (results
    /// then depend on the device's speed).
    pub ms_per_position: Option<u64>,
}

impl Default for ReviewBudget {
    /// [`DEFAULT_REVIEW_NODES`] per position.
    fn default() -> ReviewBudget {
        ReviewBudget {
            nodes_per_position: Some(DEFAULT_REVIEW_NODES),
            ms_per_position: None,
        }
    }
}

impl ReviewBudget {
    /// A budget of `total_ms` for a game of `positions` positions, split
    /// evenly (at least 10 ms each, so every search completes a depth).
    pub fn for_game_time(total_ms: u64, positions: usize) -> ReviewBudget {
        let each = total_ms / (positions.max(1) as u64);
        ReviewBudget {
            nodes_per_position: None,
            ms_per_position: Some(each.max(10)),
        }
    }

    fn limits(self) -> Limits {
        Limits {
            nodes: self.nodes_per_position,
            move_time: self.ms_per_position.map(Duration::from_millis),
            ..Limits::default()
        }
    }

    fn check(self) -> Result<(), ReviewError> {
        match (self.nodes_per_position, self.ms_per_position) {
            (None, None) => Err(ReviewError::NoBudget),
            (Some(0), _) | (_, Some(0)) => Err(ReviewError::NoBudget),
            _ => Ok(()),
        }
    }
}

/// Why a review cannot go on.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReviewError {
    /// The budget has neither nodes nor time, or a zero.
    #[error("a review needs a budget of nodes or milliseconds per position above zero")]
    NoBudget,
    /// An answer for a position the review does not have.
    #[error("position {index} is not in this game of {positions} positions")]
    NoSuchPosition {
        /// The position asked about.
        index: u32,
        /// How many the game has.
        positions: u32,
    },
    /// The engine gave no score (a position without moves that the game
    /// did not end on).
    #[error("the engine gave no score for position {index}")]
    NoScore {
        /// The position.
        index: u32,
    },
    /// Saved review text that cannot be read.
    #[error("saved review, line {line}: {problem}")]
    Saved {
        /// Line number, from 1.
        line: u32,
        /// What is wrong.
        problem: String,
    },
}

/// What the engine found for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PositionEval {
    /// The position's hash, to notice a game that changed under a saved
    /// review.
    pub hash: u64,
    /// The score for the side to move.
    pub score: Score,
    /// The engine's line, its best move first (empty where the game ended).
    pub line: Vec<Move>,
    /// Depth reached (0 where the game ended).
    pub depth: u32,
}

/// How far a review has come.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReviewProgress {
    /// Positions evaluated.
    pub analysed: u32,
    /// Positions in the game (moves + 1).
    pub total: u32,
    /// Whether every position is evaluated.
    pub complete: bool,
    /// `Analysing: 40 of 97 positions`, or `Review complete`.
    pub text: String,
}

/// One position to search, off the screen's thread.
#[derive(Debug, Clone)]
pub struct ReviewRequest {
    /// Which position of the game (0: the start).
    pub index: u32,
    /// The search.
    pub search: SearchRequest,
}

impl ReviewRequest {
    /// Runs the search (blocking).
    pub fn think(&self, engine: &mut Engine) -> SearchResult {
        engine.search(&self.search, &mut |_| {})
    }

    /// Stops it from any thread; its answer is then not recorded.
    pub fn stop(&self) {
        self.search.stop.stop();
    }
}

/// The review of one game: the game, and the evaluations found so far.
#[derive(Debug, Clone)]
pub struct GameReview {
    game: Game,
    budget: ReviewBudget,
    evals: Vec<Option<PositionEval>>,
}

impl GameReview {
    /// A new review of `game` (finished or not) with nothing evaluated
    /// but the final position of a game the rules ended.
    pub fn new(game: &Game, budget: ReviewBudget) -> Result<GameReview, ReviewError> {
        budget.check()?;
        let mut evals = vec![None; game.positions().len()];
        if let Some(last) = evals.last_mut() {
            *last = final_eval(game);
        }
        Ok(GameReview {
            game: game.clone(),
            budget,
            evals,
        })
    }

    /// A review of `game` that keeps what `saved` (from
    /// [`GameReview::saved_text`]) found for the same positions; a
    /// position that is no longer the game's (a takeback, another line)
    /// is evaluated again.
    pub fn resume(
        game: &Game,
        budget: ReviewBudget,
        saved: &str,
    ) -> Result<GameReview, ReviewError> {
        let mut review = GameReview::new(game, budget)?;
        for (index, eval) in saved::read(saved, game)? {
            if let Some(slot) = review.evals.get_mut(index) {
                if slot.is_none() {
                    *slot = Some(eval);
                }
            }
        }
        Ok(review)
    }

    /// The game reviewed.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The budget per position.
    pub fn budget(&self) -> ReviewBudget {
        self.budget
    }

    /// How far the review has come.
    pub fn progress(&self) -> ReviewProgress {
        let total = self.evals.len() as u32;
        let analysed = self.evals.iter().filter(|e| e.is_some()).count() as u32;
        let complete = analysed == total;
        let text = if complete {
            "Review complete".to_string()
        } else {
            format!("Analysing: {analysed} of {total} positions")
        };
        ReviewProgress {
            analysed,
            total,
            complete,
            text,
        }
    }

    /// The next position to search, the earliest not yet evaluated, or
    /// `None` when the review is complete.
    pub fn next_request(&self) -> Option<ReviewRequest> {
        let index = self.evals.iter().position(Option::is_none)?;
        let positions = self.game.positions();
        let position = *positions.get(index)?;
        let search = SearchRequest {
            history: positions[..index].iter().map(AnyPosition::hash).collect(),
            ..SearchRequest::new(position, self.budget.limits())
        };
        Some(ReviewRequest {
            index: index as u32,
            search,
        })
    }

    /// Keeps the engine's answer to `request`; `Ok(false)` when the
    /// request was stopped (its answer is not a real evaluation) and
    /// nothing was kept.
    pub fn record(
        &mut self,
        request: &ReviewRequest,
        result: &SearchResult,
    ) -> Result<bool, ReviewError> {
        if request.search.stop.is_stopped() {
            return Ok(false);
        }
        let index = request.index;
        let positions = self.evals.len() as u32;
        let position = self
            .game
            .positions()
            .get(index as usize)
            .ok_or(ReviewError::NoSuchPosition { index, positions })?;
        let best = result.lines.first().ok_or(ReviewError::NoScore { index })?;
        let eval = PositionEval {
            hash: position.hash(),
            score: best.score,
            line: best.pv.clone(),
            depth: result.depth,
        };
        if let Some(slot) = self.evals.get_mut(index as usize) {
            *slot = Some(eval);
        }
        Ok(true)
    }

    /// Evaluates every remaining position with `engine`, calling `progress`
    /// after each; it stops early when `progress` answers `false`.
    pub fn run(
        &mut self,
        engine: &mut Engine,
        progress: &mut dyn FnMut(&ReviewProgress) -> bool,
    ) -> Result<ReviewProgress, ReviewError> {
        while let Some(request) = self.next_request() {
            let result = request.think(engine);
            self.record(&request, &result)?;
            if !progress(&self.progress()) {
                break;
            }
        }
        Ok(self.progress())
    }

    /// What the evaluations so far say about every move and each side.
    pub fn report(&self) -> ReviewReport {
        report::build(&self.game, &self.evals, self.progress())
    }

    /// The evaluations as text, to be kept with the game and resumed.
    pub fn saved_text(&self) -> String {
        saved::write(&self.game, &self.evals)
    }
}

/// The review of the move at `index` of `game` from the engine's answers
/// for the positions before and after it (`after: None` where the game
/// ended by the rules on that move: its result is exact). Practice mode
/// marks each of the person's moves with it, so a mark means the same in
/// a game and in its review. `None` when the move is not in the game or
/// a search gave no score.
pub(crate) fn review_one_move(
    game: &Game,
    index: usize,
    before: &SearchResult,
    after: Option<&SearchResult>,
) -> Option<MoveReview> {
    let positions = game.positions();
    let played = game.plies().get(index)?.mv;
    let position_before = positions.get(index)?;
    let position_after = positions.get(index + 1)?;
    let eval_of = |position: &AnyPosition, result: &SearchResult| {
        result.lines.first().map(|best| PositionEval {
            hash: position.hash(),
            score: best.score,
            line: best.pv.clone(),
            depth: result.depth,
        })
    };
    let eval_before = eval_of(position_before, before)?;
    let eval_after = match after {
        Some(result) => eval_of(position_after, result)?,
        // Only the final position has an exact result of its own.
        None if index + 2 == positions.len() => final_eval(game)?,
        None => return None,
    };
    Some(report::review_move(
        game,
        index,
        played,
        (position_before, &eval_before),
        (position_after, &eval_after),
    ))
}

/// Whether the game ended by the rules on its last move, so that its
/// final position needs no search ([`review_one_move`] with `after: None`).
pub(crate) fn ended_by_rules(game: &Game) -> bool {
    final_eval(game).is_some()
}

/// The evaluation of the final position of a game the rules ended: its
/// result, exactly. A resignation, an agreement or a fallen flag left a
/// position the engine still has to judge.
fn final_eval(game: &Game) -> Option<PositionEval> {
    let outcome = game.outcome()?;
    if matches!(
        outcome.reason,
        EndReason::Resignation
            | EndReason::Agreement
            | EndReason::TimeForfeit
            | EndReason::TimeoutVsInsufficientMaterial
    ) {
        return None;
    }
    let position = game.position();
    let turn = position.turn();
    let margin = i32::from(position.score(turn)) - i32::from(position.score(!turn));
    let royal = position.variant().rules().royal_king;
    let score = match outcome.winner {
        None => Score::Centi(0),
        Some(_) if royal => Score::Mate(if outcome.winner == Some(turn) { 1 } else { -1 }),
        Some(winner) if winner == turn => Score::Won { margin },
        Some(_) => Score::Lost { margin },
    };
    Some(PositionEval {
        hash: position.hash(),
        score,
        line: Vec::new(),
        depth: 0,
    })
}

/// `points` for the side `turn`, seen from White.
pub(crate) fn for_white(points: f64, turn: Color) -> f64 {
    match turn {
        Color::White => points,
        Color::Black => -points,
    }
}
