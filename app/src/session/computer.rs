//! Questions a session asks the engine (the computer's move, a hint) and
//! the tickets that tie each answer to the position it was asked about.
//!
//! A session never runs the engine itself: it hands out a request, the
//! shell runs [`ComputerRequest::think`] on a thread of its own, and the
//! session accepts the answer only if its ticket is still the current one.
//! Anything that changes the game (a takeback, a resignation, a new game)
//! stops the request's search and makes its ticket stale.

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

/// What a hint says: the move and the result expected with best play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintAnswer {
    /// The move.
    pub mv: Move,
    /// It in SAN (`Nf3`).
    pub san: String,
    /// It in long notation (`Ng1-f3`).
    pub long: String,
    /// The engine's score for the side to move.
    pub score: Option<Score>,
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

/// What became of the computer's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComputerAnswer {
    /// The move was played: its SAN with the move number (`12... Nf6`).
    Played {
        /// The move.
        mv: Move,
        /// `12... Nf6`.
        text: String,
    },
    /// The answer was for a position that is no longer on the board (after
    /// a takeback, resignation or new game): dropped.
    Stale,
    /// The engine found no move (the position has none); nothing was played.
    NoMove,
}
