//! What a screen shows of an engine search: the limits a shell asks for,
//! scores in words and numbers, lines as moves in every notation, the
//! progress after each depth and the final answer. Made from the core's
//! search types in one place, for the session's hint and analysis.

use crate::board_view::MoveInfo;
use norochess_core::{
    AnyPosition, ClockLimits, Color, Limits, Line, Score, SearchInfo, SearchResult, MAX_THREADS,
};
use std::time::Duration;
use thiserror::Error;

/// The most lines an analysis shows at once.
pub const MAX_LINES: u32 = 16;

/// When a search stops: the first limit reached wins. With no limit at
/// all it runs until cancelled (analysis mode). Also how many
/// threads it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SearchLimits {
    /// Maximum depth in plies.
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub depth: Option<u32>,
    /// Maximum nodes (a node limit alone makes the search repeatable).
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub nodes: Option<u64>,
    /// Time for this move, in milliseconds.
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub move_time_ms: Option<u64>,
    /// The engine's clock, for time management in clock games.
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub clock: Option<ClockLimits>,
    /// Search threads, 1–64 (Lazy SMP: helpers search the same position
    /// and share the hash table; phones have 6–8 cores). 1 by default,
    /// the only number that makes a node-limited search repeatable.
    /// The computer opponent's levels always search on one thread.
    #[cfg_attr(feature = "uniffi", uniffi(default = 1))]
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

/// How long a hint thinks, in milliseconds: long enough to find a good
/// move, short enough that asking feels instant.
pub const HINT_MOVE_TIME_MS: u64 = 1_000;

/// The limits of a hint on a phone ([`HINT_MOVE_TIME_MS`], one thread, as
/// the game's opponent searches), written once for both phones.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn hint_limits() -> SearchLimits {
    SearchLimits {
        move_time_ms: Some(HINT_MOVE_TIME_MS),
        ..SearchLimits::default()
    }
}

/// Why a search was not started: its limits or its number of lines are
/// out of range (the shell asked for something no search can do).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SearchLimitsError {
    /// A depth, node or time limit of zero (a search that could not begin).
    #[error("search limits must be above zero (leave a limit out instead)")]
    Zero,
    /// More threads than the engine runs, or none.
    #[error("{threads} search threads: ask for 1 to {MAX_THREADS}")]
    Threads {
        /// The number asked for.
        threads: u32,
    },
    /// More lines than an analysis shows, or none.
    #[error("{lines} lines of analysis: ask for 1 to {MAX_LINES}")]
    Lines {
        /// The number asked for.
        lines: u32,
    },
}

impl SearchLimits {
    /// Refuses limits that no search can keep: a zero limit (a search
    /// that stops before it starts) or a thread count outside 1–64.
    pub fn check(&self) -> Result<(), SearchLimitsError> {
        if self.depth == Some(0) || self.nodes == Some(0) || self.move_time_ms == Some(0) {
            return Err(SearchLimitsError::Zero);
        }
        let most = u32::try_from(MAX_THREADS).unwrap_or(u32::MAX);
        if !(1..=most).contains(&self.threads) {
            return Err(SearchLimitsError::Threads {
                threads: self.threads,
            });
        }
        Ok(())
    }
}

/// Checks the number of analysis lines (1 to [`MAX_LINES`]) and gives it
/// as the engine counts it.
pub fn check_lines(lines: u32) -> Result<usize, SearchLimitsError> {
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(SearchLimitsError::Lines { lines });
    }
    Ok(lines as usize)
}

impl From<SearchLimits> for Limits {
    fn from(l: SearchLimits) -> Self {
        Limits {
            depth: l.depth,
            nodes: l.nodes,
            move_time: l.move_time_ms.map(Duration::from_millis),
            clock: l.clock,
            threads: l.threads as usize,
        }
    }
}

/// What kind of evaluation a score is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
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
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct EngineScore {
    /// What kind of score it is.
    pub kind: ScoreKind,
    /// Its number (see [`ScoreKind`]).
    pub value: i32,
    /// The side the score is for (the side to move).
    pub side: Color,
    /// As the engine writes it: `+4.50`, `mate in 3`, `wins by 5`,
    /// `loses by 2`.
    pub text: String,
}

impl EngineScore {
    /// The engine's `score` for `side`, the side to move.
    pub fn of(score: Score, side: Color) -> EngineScore {
        let (kind, value) = match score {
            Score::Centi(v) => (ScoreKind::Estimate, v),
            Score::Mate(n) => (ScoreKind::Mate, n),
            Score::Won { margin } => (ScoreKind::Win, margin),
            Score::Lost { margin } => (ScoreKind::Loss, margin),
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
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct EngineLine {
    /// The score for the side to move.
    pub score: EngineScore,
    /// The moves, the one to play first.
    pub moves: Vec<MoveInfo>,
}

impl EngineLine {
    /// The engine's `line` from `position`, described move by move. A
    /// move that does not play (a line from a stale table) ends it there:
    /// what comes after it would describe a position that cannot occur.
    pub fn of(position: &AnyPosition, line: &Line) -> EngineLine {
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
}

/// Progress of a running search, reported after each completed depth.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
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

impl SearchProgress {
    /// The engine's report `info` of a search from `position`.
    pub fn of(position: &AnyPosition, info: &SearchInfo) -> SearchProgress {
        SearchProgress {
            depth: info.depth,
            seldepth: info.seldepth,
            line_number: u32::try_from(info.multipv).unwrap_or(u32::MAX),
            line: EngineLine::of(position, &info.line),
            nodes: info.nodes,
            elapsed_ms: millis(info.elapsed),
        }
    }
}

/// The answer of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
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

impl SearchOutcome {
    /// The engine's `result` of a search from `position`, asked when the
    /// game had `ply_count` plies; `was_stopped` if cancelling ended it.
    pub fn of(
        position: &AnyPosition,
        result: &SearchResult,
        was_stopped: bool,
        ply_count: u32,
    ) -> SearchOutcome {
        SearchOutcome {
            best_move: result.best_move.map(|m| MoveInfo::of(position, m)),
            lines: result
                .lines
                .iter()
                .map(|l| EngineLine::of(position, l))
                .collect(),
            depth: result.depth,
            nodes: result.nodes,
            elapsed_ms: millis(result.elapsed),
            was_stopped,
            ply_count,
        }
    }
}

/// A duration in whole milliseconds (a search never lasts the 584 million
/// years past which this saturates).
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::{Game, Variant};

    fn start() -> AnyPosition {
        *Game::new(Variant::Norochess, None)
            .expect("Norochess starts")
            .position()
    }

    #[test]
    fn zero_limits_and_thread_counts_out_of_range_are_refused() {
        assert_eq!(SearchLimits::default().check(), Ok(()));
        let zero_depth = SearchLimits {
            depth: Some(0),
            ..SearchLimits::default()
        };
        assert_eq!(zero_depth.check(), Err(SearchLimitsError::Zero));
        let no_threads = SearchLimits {
            threads: 0,
            ..SearchLimits::default()
        };
        assert_eq!(
            no_threads.check(),
            Err(SearchLimitsError::Threads { threads: 0 })
        );
        let too_many = SearchLimits {
            threads: 65,
            ..SearchLimits::default()
        };
        assert!(too_many.check().is_err());
        assert_eq!(check_lines(1), Ok(1));
        assert_eq!(check_lines(16), Ok(16));
        assert_eq!(check_lines(0), Err(SearchLimitsError::Lines { lines: 0 }));
        assert!(check_lines(17).unwrap_err().to_string().contains("1 to 16"));
    }

    #[test]
    fn a_hint_thinks_a_second_on_one_thread() {
        let limits = hint_limits();
        assert_eq!(limits.check(), Ok(()));
        assert_eq!(limits.move_time_ms, Some(HINT_MOVE_TIME_MS));
        assert_eq!(
            (limits.depth, limits.nodes, limits.threads),
            (None, None, 1)
        );
    }

    #[test]
    fn limits_become_the_cores_with_milliseconds_as_a_duration() {
        let limits = Limits::from(SearchLimits {
            depth: Some(3),
            move_time_ms: Some(250),
            threads: 2,
            ..SearchLimits::default()
        });
        assert_eq!(limits.depth, Some(3));
        assert_eq!(limits.move_time, Some(Duration::from_millis(250)));
        assert_eq!(limits.threads, 2);
        assert_eq!(limits.nodes, None);
    }

    #[test]
    fn scores_keep_their_kind_number_and_text() {
        let won = EngineScore::of(Score::Won { margin: 5 }, Color::White);
        assert_eq!((won.kind, won.value), (ScoreKind::Win, 5));
        assert_eq!(won.text, Score::Won { margin: 5 }.to_string());
        let estimate = EngineScore::of(Score::Centi(-120), Color::Black);
        assert_eq!(estimate.kind, ScoreKind::Estimate);
        assert_eq!((estimate.value, estimate.side), (-120, Color::Black));
    }

    #[test]
    fn a_line_is_described_until_a_move_that_does_not_play() {
        let position = start();
        let e4 = position.parse_move("e4").expect("e4");
        let after = position.play(e4).expect("e4 plays");
        let d5 = after.parse_move("d5").expect("d5");
        // e4 again from the start is not a move of the position after d5.
        let line = Line {
            score: Score::Centi(30),
            pv: vec![e4, d5, e4],
        };
        let described = EngineLine::of(&position, &line);
        let sans: Vec<&str> = described.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["e4", "d5"]);
        assert_eq!(described.score.side, Color::White);
    }

    #[test]
    fn an_outcome_and_a_report_describe_the_engines_answer() {
        let position = start();
        let e4 = position.parse_move("e4").expect("e4");
        let line = Line {
            score: Score::Centi(30),
            pv: vec![e4],
        };
        let result = SearchResult {
            best_move: Some(e4),
            lines: vec![line.clone()],
            depth: 4,
            nodes: 1000,
            elapsed: Duration::from_millis(12),
        };
        let outcome = SearchOutcome::of(&position, &result, true, 7);
        assert_eq!(outcome.best_move.map(|m| m.uci), Some("e2e4".to_string()));
        assert_eq!(outcome.lines.len(), 1);
        assert_eq!((outcome.elapsed_ms, outcome.ply_count), (12, 7));
        assert!(outcome.was_stopped);
        let info = SearchInfo {
            depth: 4,
            seldepth: 6,
            multipv: 2,
            line,
            nodes: 1000,
            elapsed: Duration::from_millis(12),
            hashfull: 0,
        };
        let progress = SearchProgress::of(&position, &info);
        assert_eq!((progress.line_number, progress.seldepth), (2, 6));
        assert_eq!(progress.line.moves.len(), 1);
    }
}
