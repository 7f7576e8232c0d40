//! Questions a session asks the engine (the computer's move, a hint) and
//! the tickets that tie each answer to the position it was asked about.
//!
//! A session never runs the engine itself: it hands out a request, the
//! shell runs [`ComputerRequest::think`] on a thread of its own, and the
//! session accepts the answer only if its ticket is still the current one.
//! Anything that changes the game (a takeback, a resignation, a new game)
//! stops the request's search and makes its ticket stale.

use crate::analysis::EngineScore;
use crate::board_view::MoveInfo;
use norochess_core::{Color, Engine, Level, Move, Score, SearchRequest, SearchResult, StopHandle};

/// Identifies the game state a request was made for; an answer carrying an
/// older ticket is dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ticket(pub(crate) u64);

impl Ticket {
    /// The ticket as a number (for the bindings).
    pub fn value(self) -> u64 {
        self.0
    }

    /// A ticket from [`Ticket::value`].
    pub fn from_value(value: u64) -> Ticket {
        Ticket(value)
    }
}

/// The computer's turn, to be thought about off the screen's thread.
#[derive(Clone, Debug)]
pub struct ComputerRequest {
    /// The state it was asked about.
    pub ticket: Ticket,
    /// The search (its `stop` handle cancels it from any thread).
    pub search: SearchRequest,
    /// The level to play at.
    pub level: Level,
    /// Seed of the level's choices.
    pub seed: u64,
}

impl ComputerRequest {
    /// Runs the search (blocking) and returns the move the level chose.
    pub fn think(&self, engine: &mut Engine) -> Option<Move> {
        engine
            .play_at_level(&self.search, self.level, self.seed)
            .best_move
    }

    /// Stops the search from any thread.
    pub fn stop_handle(&self) -> StopHandle {
        self.search.stop.clone()
    }
}

/// A hint search, to be run off the screen's thread.
#[derive(Clone, Debug)]
pub struct HintRequest {
    /// The state it was asked about.
    pub ticket: Ticket,
    /// The search.
    pub search: SearchRequest,
}

impl HintRequest {
    /// Runs the search (blocking).
    pub fn think(&self, engine: &mut Engine) -> SearchResult {
        engine.search(&self.search, &mut |_| {})
    }
}

/// What a hint says: the move and the result expected with best play
/// (`SessionHint` in Kotlin and Swift).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
#[cfg_attr(feature = "uniffi", uniffi(name = "SessionHint"))]
pub struct HintAnswer {
    /// The suggested move, in every notation.
    pub suggested: MoveInfo,
    /// The engine's score for the person (the side to move).
    pub score: Option<EngineScore>,
    /// The expectation in words: `expected result +2.50 points for White`,
    /// `White wins by 3 with best play`.
    pub expectation: String,
    /// The sentence a screen shows: `Nf3 (Ng1-f3) — expected result …`.
    pub text: String,
}

/// The expected result of a hint in words.
pub(crate) fn expectation(score: Option<Score>, turn: Color, points_game: bool) -> String {
    match score {
        Some(Score::Centi(cp)) if points_game => format!(
            "expected result {:+.2} points for {turn}",
            f64::from(cp) / 100.0
        ),
        Some(Score::Centi(cp)) => format!("evaluation {:+.2} for {turn}", f64::from(cp) / 100.0),
        Some(Score::Won { margin }) => format!("{turn} wins by {margin} with best play"),
        Some(Score::Lost { margin }) => format!("{turn} loses by {} with best play", -margin),
        Some(Score::Mate(n)) if n > 0 => format!("{turn} mates in {n}"),
        Some(Score::Mate(n)) => format!("{turn} is mated in {}", -n),
        None => "no evaluation".to_string(),
    }
}

/// What became of the computer's turn (`ComputerMove` in Kotlin and
/// Swift).
///
/// [`GameSession::computer_answer`](super::GameSession::computer_answer)
/// gives the first three, and `Cancelled` for a request the caller
/// cancelled ([`GameSession::cancel_pending`](super::GameSession::cancel_pending))
/// whose search still answered. `NotComputersTurn` is the caller's to
/// say: it asked while
/// [`GameSession::request_computer_move`](super::GameSession::request_computer_move)
/// had no request for it; so is `Cancelled` when it gave up waiting and
/// no answer came ([`GameSession::cancel_computer_move`](super::GameSession::cancel_computer_move)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
#[cfg_attr(feature = "uniffi", uniffi(name = "ComputerMove"))]
pub enum ComputerAnswer {
    /// The move was played (and, in a shell with a library, saved).
    Played {
        /// The move, described in the position it was played in.
        played: MoveInfo,
        /// It with its number: `12... Nf6`.
        text: String,
    },
    /// The game changed while the computer thought (a takeback, a
    /// resignation, a flag fall, a new game): the answer was dropped.
    Stale,
    /// The position has no move for the computer; nothing was played.
    NoMove,
    /// It is not the computer's turn (pass and play, the person's turn, or
    /// the game is over): nothing was searched.
    NotComputersTurn,
    /// The caller stopped the search: nothing was played.
    Cancelled,
}
