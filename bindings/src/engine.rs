//! The engine: the computer opponent, hints and analysis.
//!
//! **Threads.** A search runs on the thread that calls it and takes as
//! long as its limits allow: call [`EngineHandle::best_move`],
//! [`EngineHandle::play_at_level`], [`EngineHandle::hint`] and
//! [`EngineHandle::analyse`] off the main thread (a Kotlin coroutine on
//! `Dispatchers.Default`, a Swift `Task.detached`). [`EngineHandle::stop`]
//! may be called from any thread, the main one included: the running search
//! returns its best move so far within milliseconds, and so does every
//! search already called that is still waiting for the engine. One engine
//! runs one search at a time; a second call waits for the first to finish.

use crate::error::{guard, NorochessError, Result};
use crate::game::GameHandle;
use crate::types::{lock, MoveInfo, Side};
use norochess_core as core;
use norochess_core::{AnyPosition, Engine, Level, SearchRequest, StopHandle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// When a search stops: the first limit reached wins. With no limit at
/// all it runs until [`EngineHandle::stop`] (analysis mode). Also how many
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
    /// Levels ([`EngineHandle::play_at_level`], the computer opponent)
    /// always search on one thread.
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

/// The engine's clock in a game with a clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct EngineClock {
    /// The engine's time left, in milliseconds.
    pub remaining_ms: u64,
    /// Its increment per move, in milliseconds.
    pub increment_ms: u64,
    /// Moves to the next time control, if known.
    #[uniffi(default = None)]
    pub moves_to_go: Option<u32>,
}

impl From<SearchLimits> for core::Limits {
    fn from(l: SearchLimits) -> Self {
        core::Limits {
            depth: l.depth,
            nodes: l.nodes,
            move_time: l.move_time_ms.map(Duration::from_millis),
            clock: l.clock.map(|c| core::ClockLimits {
                remaining_ms: c.remaining_ms,
                increment_ms: c.increment_ms,
                moves_to_go: c.moves_to_go,
            }),
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
        score: EngineScore::of(line.score, position.turn().into()),
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
    /// Whether [`EngineHandle::stop`] ended the search.
    pub was_stopped: bool,
    /// The game's ply count when the search began: if the game has moved
    /// on since (a takeback), the answer is stale.
    pub ply_count: u32,
}

/// A hint for the player to move.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Hint {
    /// The suggested move.
    pub suggested: MoveInfo,
    /// The expected result (in the Norochess family the expected final
    /// margin in points), for the player to move.
    pub score: Option<EngineScore>,
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

/// The engine with its hash table. Thread-safe; see the module notes on
/// threads: searches block the calling thread, [`EngineHandle::stop`] does not.
#[derive(uniffi::Object)]
pub struct EngineHandle {
    engine: Mutex<Engine>,
    /// Shared by every search called since the last [`EngineHandle::stop`].
    stop: Mutex<StopHandle>,
}

const MAX_HASH_MB: u32 = 1024;
const MAX_LINES: u32 = 16;

impl EngineHandle {
    fn run(
        &self,
        game: &GameHandle,
        limits: SearchLimits,
        lines: u32,
        listener: Option<Box<dyn SearchListener>>,
        level: Option<(Level, u64)>,
    ) -> Result<SearchOutcome> {
        let game = game.game();
        if let Some(outcome) = game.outcome() {
            return Err(core::GameError::GameOver(outcome).into());
        }
        let position = *game.position();
        let mut request = SearchRequest::for_game(&game, limits.into());
        request.multipv = lines as usize;
        request.stop = lock(&self.stop).clone();
        let ply_count = game.plies().len() as u32;
        drop(game);
        let listener_failed = AtomicBool::new(false);
        let mut progress = |info: &core::SearchInfo| {
            report(&listener, &listener_failed, &position, info);
        };
        let mut engine = lock(&self.engine);
        log::debug!(
            "search: {} lines, {:?}, level {:?}",
            lines,
            request.limits,
            level.map(|(l, _)| l.number())
        );
        let result = match level {
            Some((level, seed)) => engine.play_at_level(&request, level, seed),
            None => engine.search(&request, &mut progress),
        };
        let was_stopped = request.stop.is_stopped();
        drop(engine);
        let outcome = SearchOutcome {
            best_move: result.best_move.map(|m| MoveInfo::of(&position, m)),
            lines: result.lines.iter().map(|l| line_of(&position, l)).collect(),
            depth: result.depth,
            nodes: result.nodes,
            elapsed_ms: result.elapsed.as_millis() as u64,
            was_stopped,
            ply_count,
        };
        log::debug!(
            "search done: {:?} depth {} nodes {} in {} ms{}",
            outcome.best_move.as_ref().map(|m| &m.san),
            outcome.depth,
            outcome.nodes,
            outcome.elapsed_ms,
            if was_stopped { " (stopped)" } else { "" }
        );
        Ok(outcome)
    }
}

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

#[uniffi::export]
impl EngineHandle {
    /// An engine with a hash table of `hash_mb` megabytes (1–1024; 16 is
    /// right for phones).
    #[uniffi::constructor]
    pub fn new(hash_mb: u32) -> Result<Arc<EngineHandle>> {
        guard("EngineHandle.new", || {
            if !(1..=MAX_HASH_MB).contains(&hash_mb) {
                return Err(NorochessError::invalid_argument(format!(
                    "hash size {hash_mb} MB is out of range (1 to {MAX_HASH_MB})"
                )));
            }
            Ok(Arc::new(EngineHandle {
                engine: Mutex::new(Engine::new(hash_mb as usize)),
                stop: Mutex::new(StopHandle::new()),
            }))
        })
    }

    /// The best move of `game`'s current position within `limits`, with
    /// progress reports to `listener`. Blocks: call off the main thread.
    pub fn best_move(
        &self,
        game: Arc<GameHandle>,
        limits: SearchLimits,
        listener: Option<Box<dyn SearchListener>>,
    ) -> Result<SearchOutcome> {
        guard("EngineHandle.best_move", || {
            check_limits(&limits)?;
            self.run(&game, limits, 1, listener, None)
        })
    }

    /// The move a player of `level` (1 = beginner … 8 = full strength)
    /// would choose: the computer opponent. `seed` makes the choice
    /// repeatable; `limits` may cap the time (level 8 thinks 0.7 s by
    /// default). Blocks: call off the main thread.
    pub fn play_at_level(
        &self,
        game: Arc<GameHandle>,
        level: u8,
        seed: u64,
        limits: SearchLimits,
    ) -> Result<SearchOutcome> {
        guard("EngineHandle.play_at_level", || {
            if !(1..=8).contains(&level) {
                return Err(NorochessError::invalid_argument(format!(
                    "level {level} does not exist (1 to 8)"
                )));
            }
            check_limits(&limits)?;
            self.run(&game, limits, 1, None, Some((Level::new(level), seed)))
        })
    }

    /// A hint for the player to move: the engine's move after
    /// `move_time_ms` of thought, with the expected result. Blocks: call
    /// off the main thread.
    pub fn hint(&self, game: Arc<GameHandle>, move_time_ms: u64) -> Result<Hint> {
        guard("EngineHandle.hint", || {
            let limits = SearchLimits {
                move_time_ms: Some(move_time_ms),
                ..SearchLimits::default()
            };
            check_limits(&limits)?;
            let outcome = self.run(&game, limits, 1, None, None)?;
            let suggested = outcome
                .best_move
                .ok_or_else(|| NorochessError::game_over("there is no legal move to suggest"))?;
            Ok(Hint {
                suggested,
                score: outcome.lines.into_iter().next().map(|l| l.score),
            })
        })
    }

    /// Analysis: the best `lines` lines (1–16) of `game`'s position, each
    /// reported to `listener` as it deepens. With no limits it runs until
    /// [`EngineHandle::stop`]. Blocks: call off the main thread.
    pub fn analyse(
        &self,
        game: Arc<GameHandle>,
        limits: SearchLimits,
        lines: u32,
        listener: Option<Box<dyn SearchListener>>,
    ) -> Result<SearchOutcome> {
        guard("EngineHandle.analyse", || {
            check_lines(lines)?;
            check_limits(&limits)?;
            self.run(&game, limits, lines, listener, None)
        })
    }

    /// Stops the running search, if any, and the searches already called
    /// that wait for it, from any thread: each returns its best move so far
    /// within milliseconds. Searches called after this are not affected.
    pub fn stop(&self) {
        log::debug!("stop requested");
        std::mem::take(&mut *lock(&self.stop)).stop();
    }

    /// Forgets what earlier searches learnt (for a new game). Waits for a
    /// running search to finish.
    pub fn clear(&self) -> Result<()> {
        guard("EngineHandle.clear", || {
            lock(&self.engine).clear();
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{GameSetup, GameVariant};
    use std::thread;

    fn norochess() -> Arc<GameHandle> {
        GameHandle::new(GameSetup {
            variant: GameVariant::Norochess,
            zone: None,
            blockage: None,
            start_number: None,
        })
        .unwrap()
    }

    struct Count(Arc<std::sync::atomic::AtomicU32>);
    impl SearchListener for Count {
        fn on_progress(&self, _: SearchProgress) -> std::result::Result<(), ListenerError> {
            self.0.fetch_add(1, Ordering::SeqCst);
            Ok(())
        }
    }

    #[test]
    fn searches_report_progress_and_can_be_stopped() {
        let engine = EngineHandle::new(8).unwrap();
        let game = norochess();
        let count = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let limits = SearchLimits {
            depth: Some(3),
            ..SearchLimits::default()
        };
        let out = engine
            .best_move(game.clone(), limits, Some(Box::new(Count(count.clone()))))
            .unwrap();
        assert!(out.best_move.is_some() && !out.was_stopped);
        assert_eq!(out.depth, 3);
        assert_eq!(count.load(Ordering::SeqCst), 3);

        let searcher = {
            let engine = engine.clone();
            let game = game.clone();
            let count = count.clone();
            thread::spawn(move || {
                engine.analyse(
                    game,
                    SearchLimits::default(),
                    1,
                    Some(Box::new(Count(count))),
                )
            })
        };
        while count.load(Ordering::SeqCst) < 5 {
            thread::sleep(Duration::from_millis(5));
        }
        engine.stop();
        let out = searcher.join().unwrap().unwrap();
        assert!(out.was_stopped && out.best_move.is_some());
        assert!(matches!(
            engine.play_at_level(game.clone(), 9, 1, SearchLimits::default()),
            Err(NorochessError::InvalidArgument { .. })
        ));
        let hint = engine.hint(game, 50).unwrap();
        assert!(!hint.suggested.san.is_empty());
    }

    #[test]
    fn threads_are_passed_through_and_checked() {
        let engine = EngineHandle::new(8).unwrap();
        let game = norochess();
        let two = SearchLimits {
            depth: Some(4),
            threads: 2,
            ..SearchLimits::default()
        };
        assert_eq!(core::Limits::from(two).threads, 2);
        let out = engine.best_move(game.clone(), two, None).unwrap();
        assert!(out.best_move.is_some() && !out.was_stopped);
        assert_eq!(out.depth, 4);
        for threads in [0, 65] {
            let bad = SearchLimits {
                threads,
                ..SearchLimits::default()
            };
            assert!(matches!(
                engine.best_move(game.clone(), bad, None),
                Err(NorochessError::InvalidArgument { .. })
            ));
        }
        // An unlimited analysis on two threads stops when asked.
        let searcher = {
            let (engine, game) = (engine.clone(), game.clone());
            thread::spawn(move || {
                let limits = SearchLimits {
                    threads: 2,
                    ..SearchLimits::default()
                };
                engine.analyse(game, limits, 1, None)
            })
        };
        thread::sleep(Duration::from_millis(200));
        let asked = std::time::Instant::now();
        engine.stop();
        let out = searcher.join().unwrap().unwrap();
        assert!(out.was_stopped && out.best_move.is_some());
        assert!(asked.elapsed() < Duration::from_secs(1));
    }

    #[test]
    fn stop_also_ends_a_search_waiting_for_the_engine() {
        // A hint asked while the analysis runs waits for the engine; one
        // tap on "stop" must end both, or the hint would run to its limit
        // (and an unlimited analysis queued behind would never end).
        let engine = EngineHandle::new(8).unwrap();
        let game = norochess();
        let count = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let analysis = {
            let (engine, game, count) = (engine.clone(), game.clone(), count.clone());
            thread::spawn(move || {
                engine.analyse(
                    game,
                    SearchLimits::default(),
                    1,
                    Some(Box::new(Count(count))),
                )
            })
        };
        while count.load(Ordering::SeqCst) < 3 {
            thread::sleep(Duration::from_millis(5));
        }
        let queued = {
            let (engine, game) = (engine.clone(), game.clone());
            thread::spawn(move || {
                let asked = std::time::Instant::now();
                let out = engine.analyse(game, SearchLimits::default(), 1, None);
                (out, asked.elapsed())
            })
        };
        thread::sleep(Duration::from_millis(100));
        engine.stop();
        assert!(analysis.join().unwrap().unwrap().was_stopped);
        let (out, took) = queued.join().unwrap();
        let out = out.unwrap();
        assert!(out.was_stopped && out.best_move.is_some());
        assert!(took < Duration::from_secs(2), "took {took:?}");
        // The next search is not stopped.
        let limits = SearchLimits {
            depth: Some(2),
            ..SearchLimits::default()
        };
        assert!(!engine.best_move(game, limits, None).unwrap().was_stopped);
    }
}
