//! What the engine's searches say across the boundary: limits, scores,
//! lines and progress reports of the session's hint and analysis
//! ([`crate::GameSessionHandle::hint`], [`crate::GameSessionHandle::analyse`]).

use crate::error::{NorochessError, Result};
use crate::types::{MoveInfo, Side};
use norochess_core as core;
use norochess_core::AnyPosition;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// When a search stops: the first limit reached wins. With no limit at
/// all it runs until cancelled (analysis mode). Also how many
/// threads it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct SearchLimits {
    /// Maximum depth in plies.
    #[uniffi(default = None)]
    pub depth: Option<u32>,
    /// Maximum nodes (a node limit alone makes the search repeatable).
    #[uniffi(default = None)]
    pub nodes: Option<u64>,
    /// Time for this move, in milliseconds.
    #[uniffi(default = None)]
    pub move_time_ms: Option<u64>,
    /// The engine's clock, for time management in clock games.
    #[uniffi(default = None)]
    pub clock: Option<EngineClock>,
    /// Search threads, 1–64 (Lazy SMP: helpers search the same position
    /// and share the hash table; phones have 6–8 cores). 1 by default,
    /// the only number that makes a node-limited search repeatable.
    /// The computer opponent's levels always search on one thread.
    #[uniffi(default = 1)]
    pub threads: u32,
}

impl Default for SearchLimits {
    /// No limit, one thread.
    fn default() -> SearchLimits {
        SearchLimits {
            depth: None,
            nodes: None,
            move_time_ms: None,
            clock: None,
            threads: 1,
        }
    }
}

/// The engine's clock in a game with a clock: the core's `ClockLimits`,
/// declared for UniFFI by the app layer (`EngineClock` in Kotlin and Swift).
pub use norochess_core::ClockLimits as EngineClock;

uniffi::use_remote_type!(norochess_app::norochess_core::ClockLimits);

impl From<SearchLimits> for core::Limits {
    fn from(l: SearchLimits) -> Self {
        core::Limits {
            depth: l.depth,
            nodes: l.nodes,
            move_time: l.move_time_ms.map(Duration::from_millis),
            clock: l.clock,
            threads: l.threads as usize,
        }
    }
}

/// What kind of evaluation a score is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum ScoreKind {
    /// An estimate: `value` is in hundredths of a point (the expected
    /// final margin in the Norochess family; centipawns in royal games).
    Estimate,
    /// Royal games: mate in `value` moves (negative: being mated).
    Mate,
    /// Norochess family: a proven win by `value` points.
    Win,
    /// Norochess family: a proven loss; `value` is the final margin
    /// (negative).
    Loss,
}

/// A search score, from the point of view of the side to move.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct EngineScore {
    /// What kind of score it is.
    pub kind: ScoreKind,
    /// Its number (see [`ScoreKind`]).
    pub value: i32,
    /// The side the score is for (the side to move).
    pub side: Side,
    /// As the engine writes it: `+4.50`, `mate in 3`, `wins by 5`,
    /// `loses by 2`.
    pub text: String,
}

impl EngineScore {
    pub(crate) fn of(score: core::Score, side: Side) -> EngineScore {
        let (kind, value) = match score {
            core::Score::Centi(v) => (ScoreKind::Estimate, v),
            core::Score::Mate(n) => (ScoreKind::Mate, n),
            core::Score::Won { margin } => (ScoreKind::Win, margin),
            core::Score::Lost { margin } => (ScoreKind::Loss, margin),
        };
        EngineScore {
            kind,
            value,
            side,
            text: score.to_string(),
        }
    }
}

/// A line the engine expects, with its score.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct EngineLine {
    /// The score for the side to move.
    pub score: EngineScore,
    /// The moves, the one to play first.
    pub moves: Vec<MoveInfo>,
}

pub(crate) fn line_of(position: &AnyPosition, line: &core::Line) -> EngineLine {
    let mut moves = Vec::with_capacity(line.pv.len());
    let mut current = *position;
    for &m in &line.pv {
        let Ok(next) = current.play(m) else { break };
        moves.push(MoveInfo::of(&current, m));
        current = next;
    }
    EngineLine {
        score: EngineScore::of(line.score, position.turn()),
        moves,
    }
}

/// Progress of a running search, reported after each completed depth.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SearchProgress {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line (1 = best) in a multi-line analysis.
    pub line_number: u32,
    /// The line found.
    pub line: EngineLine,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began, in milliseconds.
    pub elapsed_ms: u64,
}

/// The answer of a search.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SearchOutcome {
    /// The move to play (`None` only if the position has no legal move).
    pub best_move: Option<MoveInfo>,
    /// The best lines, best first (one unless several were asked for; may
    /// be empty for a very short or low-level search).
    pub lines: Vec<EngineLine>,
    /// Deepest completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time used, in milliseconds.
    pub elapsed_ms: u64,
    /// Whether cancelling ended the search.
    pub was_stopped: bool,
    /// The game's ply count when the search began: if the game has moved
    /// on since (a takeback), the answer is stale.
    pub ply_count: u32,
}

/// Receives the progress of a search. Implemented in Kotlin or Swift.
///
/// Called on the searching thread, after each completed depth: post to the
/// main thread to update the screen, and return quickly. A failure
/// (exception) is logged and the search goes on without further reports.
#[uniffi::export(callback_interface)]
pub trait SearchListener: Send + Sync {
    /// One more depth is done.
    fn on_progress(&self, progress: SearchProgress) -> std::result::Result<(), ListenerError>;
}

/// A failure of a [`SearchListener`] implemented in Kotlin or Swift.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum ListenerError {
    /// The listener could not take the report.
    #[error("search listener failed: {reason}")]
    Failed {
        /// What went wrong.
        reason: String,
    },
}

impl From<uniffi::UnexpectedUniFFICallbackError> for ListenerError {
    fn from(e: uniffi::UnexpectedUniFFICallbackError) -> Self {
        ListenerError::Failed { reason: e.reason }
    }
}

const MAX_LINES: u32 = 16;

/// Reports one completed depth to `listener`, if any; after a listener
/// failure (an exception in Kotlin or Swift) the search goes on without
/// further reports.
pub(crate) fn report(
    listener: &Option<Box<dyn SearchListener>>,
    failed: &AtomicBool,
    position: &AnyPosition,
    info: &core::SearchInfo,
) {
    let Some(listener) = listener else { return };
    if failed.load(Ordering::Relaxed) {
        return;
    }
    let progress = SearchProgress {
        depth: info.depth,
        seldepth: info.seldepth,
        line_number: info.multipv as u32,
        line: line_of(position, &info.line),
        nodes: info.nodes,
        elapsed_ms: info.elapsed.as_millis() as u64,
    };
    if let Err(e) = listener.on_progress(progress) {
        log::warn!("{e}; no more progress reports for this search");
        failed.store(true, Ordering::Relaxed);
    }
}

/// Checks the number of analysis lines (1–16).
pub(crate) fn check_lines(lines: u32) -> Result<()> {
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(NorochessError::invalid_argument(format!(
            "{lines} lines of analysis: ask for 1 to {MAX_LINES}"
        )));
    }
    Ok(())
}

pub(crate) fn check_limits(limits: &SearchLimits) -> Result<()> {
    if limits.depth == Some(0) || limits.nodes == Some(0) || limits.move_time_ms == Some(0) {
        return Err(NorochessError::invalid_argument(
            "search limits must be above zero (leave a limit out instead)",
        ));
    }
    if !(1..=core::MAX_THREADS as u32).contains(&limits.threads) {
        return Err(NorochessError::invalid_argument(format!(
            "{} search threads: ask for 1 to {}",
            limits.threads,
            core::MAX_THREADS
        )));
    }
    Ok(())
}
