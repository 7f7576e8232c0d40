//! One puzzle attempt on screen, from the first look to its end, with the
//! one rule of how an attempt counts (docs/puzzles.md, "How an attempt
//! counts"):
//!
//! - **clean** ([`PuzzleAttempt::Clean`]): solved with no wrong move, no
//!   hint of any kind (the piece hint included) and the solution not shown;
//! - **with help** ([`PuzzleAttempt::Solved`], id `solved`): solved after a
//!   wrong move or a hint, the solution not shown;
//! - **solution shown** ([`PuzzleAttempt::Shown`]): at least one step of the
//!   solution was shown, whether the puzzle then ends solved or is left;
//! - **failed** ([`PuzzleAttempt::Failed`]): left unsolved after a wrong
//!   move or a hint (help was taken, so it was a real try). A puzzle left
//!   untouched (only looked at) is not recorded.
//!
//! A run records its attempt in the library exactly once: when it is solved
//! ([`PuzzleRun::play`] or [`PuzzleRun::show_next`]) or when the player
//! leaves ([`PuzzleRun::leave`]); afterwards it takes no more moves. Each
//! run belongs to one puzzle, so an answer judged for one puzzle can only
//! ever be recorded under that puzzle: a shell that starts the next puzzle
//! while a move is being judged gets a new run, and the old run's answer
//! goes to the old puzzle.
//!
//! The policies of which puzzle comes next and which is the day's puzzle are
//! in [`policy`].

mod feedback;
pub mod filter;
mod info;
mod input;
pub mod policy;
#[cfg(test)]
mod tests;

pub use feedback::{played_since, MoveAnswer, PuzzleFeedback, PuzzleHint};
pub use filter::{theme_choices, PuzzleFilter, PuzzleFilterError, PuzzleThemeChoice};
pub use info::{NextPuzzleInfo, PuzzleInfo};

use crate::library::{Library, LibraryError, PuzzleAttempt, RatedAttempt};
use norochess_core::puzzle::{Hint, Puzzle, PuzzleError, PuzzleSession, SessionState};
use norochess_core::{Color, Game, GameError, Move, MoveError};
use thiserror::Error;

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PuzzlePhase {
    /// Waiting for the player's move.
    Solving,
    /// The last move was wrong and its refutation is on the board:
    /// [`PuzzleRun::retry`] takes them back, [`PuzzleRun::show_next`] shows
    /// the right move, [`PuzzleRun::leave`] gives up.
    Wrong,
    /// The puzzle is solved; the attempt is recorded.
    Solved,
    /// The player left the puzzle unsolved; the attempt, if there was one,
    /// is recorded.
    Left,
}

/// Whether a run's attempt goes to the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keeping {
    /// A puzzle of the pack (or of the player's puzzle file): the attempt is
    /// recorded and rated.
    Kept,
    /// A puzzle made up on the spot (a position of your own): nothing is
    /// recorded.
    NotKept,
}

/// The help taken so far in a run: what decides how a solve counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Help {
    /// A move was wrong (the refutation was played).
    pub wrong_move: bool,
    /// A hint was given (the piece or the move).
    pub hint: bool,
    /// At least one step of the solution was shown.
    pub shown: bool,
}

impl Help {
    /// How the attempt counts if it ends solved now.
    pub fn solved_kind(self) -> PuzzleAttempt {
        if self.shown {
            PuzzleAttempt::Shown
        } else if self.wrong_move || self.hint {
            PuzzleAttempt::Solved
        } else {
            PuzzleAttempt::Clean
        }
    }

    /// How the attempt counts if the player leaves it unsolved now; `None`
    /// when nothing was tried (a puzzle only looked at is not recorded).
    pub fn left_kind(self) -> Option<PuzzleAttempt> {
        if self.shown {
            Some(PuzzleAttempt::Shown)
        } else if self.wrong_move || self.hint {
            Some(PuzzleAttempt::Failed)
        } else {
            None
        }
    }
}

/// How an attempt ended and what recording it did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct AttemptEnd {
    /// How the attempt counts.
    pub kind: PuzzleAttempt,
    /// Whether it was written to the library (`false` for a puzzle that is
    /// not kept, or when writing failed: see `problem`).
    pub recorded: bool,
    /// What it did to the player's puzzle rating, `Puzzle rating 1563 ±
    /// 290 (+63)`, when it was recorded.
    pub rating_text: Option<String>,
    /// The player's puzzle rating after the attempt, rounded, when it was
    /// recorded.
    pub rating_after: Option<i32>,
    /// The change of the rounded rating (`+12`, `-8`), 0 when not recorded.
    pub rating_change: i32,
    /// Why the attempt could not be saved, if it could not.
    pub problem: Option<String>,
}

/// Where a puzzle's attempt is written: the library, or a stand-in that
/// takes the library's lock only for the write (the bindings).
pub trait AttemptLog {
    /// Records `attempt` at `puzzle` and rates it.
    fn record_attempt(
        &mut self,
        puzzle: &Puzzle,
        attempt: PuzzleAttempt,
    ) -> Result<RatedAttempt, LibraryError>;
}

impl AttemptLog for Library {
    fn record_attempt(
        &mut self,
        puzzle: &Puzzle,
        attempt: PuzzleAttempt,
    ) -> Result<RatedAttempt, LibraryError> {
        // The puzzle's own rating (pack or puzzle file) is where a puzzle
        // never rated before starts.
        self.record_rated_puzzle_attempt(
            &puzzle.id,
            puzzle.difficulty().id(),
            puzzle.rating,
            attempt,
        )
    }
}

/// Why a run refused an action.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleRunError {
    /// The puzzle cannot be played (its position, opponent's move or
    /// solution does not read).
    #[error("{problem}")]
    Unplayable {
        /// The puzzle.
        id: String,
        /// Why, naming the puzzle (`puzzle np1042: …`).
        problem: String,
    },
    /// A move was given while the run does not wait for one.
    #[error("{}", waiting_text(*phase))]
    NotWaiting {
        /// Where the run stands.
        phase: PuzzlePhase,
    },
    /// The move text does not read as a move of this position.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The game refused the move.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// Why a run in `phase` takes no move.
fn waiting_text(phase: PuzzlePhase) -> &'static str {
    match phase {
        PuzzlePhase::Solving => "the puzzle waits for a move",
        PuzzlePhase::Wrong => "the last move was wrong: retry takes it back before the next try",
        PuzzlePhase::Solved => "the puzzle is solved: no more moves",
        PuzzlePhase::Left => "the puzzle was left: start it again for a new attempt",
    }
}

/// One attempt at one puzzle: the board for the side to move, the player's
/// moves judged against the proven solution, the opponent's answers, retry,
/// hints (the piece, then the move), the solution step by step, and the
/// attempt recorded once when it ends.
#[derive(Debug)]
pub struct PuzzleRun {
    session: PuzzleSession,
    keeping: Keeping,
    help: Help,
    left: bool,
    end: Option<AttemptEnd>,
    /// The player's selection and picker on the board.
    input: crate::board_input::BoardInput,
}

impl PuzzleRun {
    /// Starts an attempt at `puzzle` with the solver's default budget.
    pub fn new(puzzle: Puzzle, keeping: Keeping) -> Result<PuzzleRun, PuzzleRunError> {
        let id = puzzle.id.clone();
        let session = PuzzleSession::new(puzzle).map_err(|e| PuzzleRunError::Unplayable {
            id,
            problem: match e {
                // One puzzle has no file lines to count.
                PuzzleError::Line { problem, .. } => problem,
                other => other.to_string(),
            },
        })?;
        Ok(PuzzleRun {
            session,
            keeping,
            help: Help::default(),
            left: false,
            end: None,
            // The solution decides about repetitions: never ask.
            input: crate::board_input::BoardInput::default(),
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        self.session.puzzle()
    }

    /// The game on the board: the puzzle's start (after the opponent's
    /// setting move, if any) and the moves played since.
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    /// The side the player plays (orient the board for it).
    pub fn player(&self) -> Color {
        self.session.player()
    }

    /// Whether the attempt is recorded when it ends.
    pub fn keeping(&self) -> Keeping {
        self.keeping
    }

    /// Where the run stands.
    pub fn phase(&self) -> PuzzlePhase {
        if self.left {
            return PuzzlePhase::Left;
        }
        match self.session.state() {
            SessionState::Solving => PuzzlePhase::Solving,
            SessionState::Wrong => PuzzlePhase::Wrong,
            SessionState::Solved => PuzzlePhase::Solved,
        }
    }

    /// The help taken so far.
    pub fn help(&self) -> Help {
        self.help
    }

    /// How the attempt ended, once it has.
    pub fn end(&self) -> Option<&AttemptEnd> {
        self.end.as_ref()
    }

    /// Plays the player's move `m` and judges it. A right move is answered
    /// by the opponent; a wrong one by its refutation. Solving the puzzle
    /// ends the attempt and records it in `log`. May run the exact solver
    /// (a second or more).
    pub fn play(
        &mut self,
        m: Move,
        log: &mut dyn AttemptLog,
    ) -> Result<MoveAnswer, PuzzleRunError> {
        let phase = self.phase();
        if phase != PuzzlePhase::Solving {
            return Err(PuzzleRunError::NotWaiting { phase });
        }
        let ply = self.game().plies().len();
        self.input.clear();
        let feedback = self.session.play(m)?;
        let right = matches!(
            feedback,
            norochess_core::puzzle::MoveFeedback::Correct { .. }
        );
        // A move the core accepts can still end the game short of the
        // objective: the session is then Wrong, and that is a wrong move.
        if self.session.state() == SessionState::Wrong {
            self.help.wrong_move = true;
        }
        let solved = self.session.state() == SessionState::Solved;
        if solved {
            self.finish(self.help.solved_kind(), log);
        }
        Ok(MoveAnswer {
            right: right && self.session.state() != SessionState::Wrong,
            solved,
            ply,
        })
    }

    /// Plays the player's move written in any notation the core reads
    /// (`Qf5`, `c2f5`) and judges it as [`PuzzleRun::play`] does.
    pub fn play_text(
        &mut self,
        text: &str,
        log: &mut dyn AttemptLog,
    ) -> Result<MoveAnswer, PuzzleRunError> {
        let phase = self.phase();
        if phase != PuzzlePhase::Solving {
            return Err(PuzzleRunError::NotWaiting { phase });
        }
        let m = self.game().position().parse_move(text.trim())?;
        self.play(m, log)
    }

    /// After a wrong move: takes it and its refutation back to try again.
    /// Returns whether there was something to take back. The wrong move
    /// still counts: the attempt can no longer be clean.
    pub fn retry(&mut self) -> bool {
        self.input.clear();
        self.phase() == PuzzlePhase::Wrong && self.session.retry()
    }

    /// The next hint: the first shows the piece to move, the next the move.
    /// Either makes the attempt one with help. `None` unless the run waits
    /// for a move. May run the solver (off the intended line).
    pub fn hint(&mut self) -> Option<Hint> {
        if self.phase() != PuzzlePhase::Solving {
            return None;
        }
        let hint = self.session.hint()?;
        self.help.hint = true;
        Some(hint)
    }

    /// "Show solution", one step at a time: takes back a wrong move if there
    /// is one, then plays the next right move and the opponent's answer.
    /// Returns the index of the first ply played; the moves are the game's
    /// plies from there (none once the run is over). The attempt counts as
    /// solution shown; reaching the end records it.
    pub fn show_next(&mut self, log: &mut dyn AttemptLog) -> usize {
        if matches!(self.phase(), PuzzlePhase::Solved | PuzzlePhase::Left) {
            return self.game().plies().len();
        }
        self.input.clear();
        if self.session.state() == SessionState::Wrong {
            self.session.retry();
        }
        let ply = self.game().plies().len();
        if !self.session.show_next().is_empty() {
            self.help.shown = true;
        }
        if self.session.state() == SessionState::Solved {
            self.finish(self.help.solved_kind(), log);
        }
        ply
    }

    /// The player leaves the puzzle (the next puzzle, another screen, the
    /// app closing). An unsolved attempt is recorded as solution shown or
    /// failed ([`Help::left_kind`]); one only looked at is not recorded.
    /// Returns how it ended, if this call ended it. Afterwards the run takes
    /// no more moves.
    pub fn leave(&mut self, log: &mut dyn AttemptLog) -> Option<&AttemptEnd> {
        if self.end.is_some() || self.left {
            return None;
        }
        self.left = true;
        let kind = self.help.left_kind()?;
        self.finish(kind, log);
        self.end.as_ref()
    }

    /// Ends the attempt as `kind` and records it, once.
    fn finish(&mut self, kind: PuzzleAttempt, log: &mut dyn AttemptLog) {
        if self.end.is_some() {
            return;
        }
        let mut end = AttemptEnd {
            kind,
            recorded: false,
            rating_text: None,
            rating_after: None,
            rating_change: 0,
            problem: None,
        };
        if self.keeping == Keeping::Kept {
            match log.record_attempt(self.session.puzzle(), kind) {
                Ok(rated) => {
                    end.recorded = true;
                    end.rating_text = Some(rated.text());
                    end.rating_after = Some(rated.player_after.rounded());
                    end.rating_change = rated.change();
                }
                Err(e) => end.problem = Some(e.to_string()),
            }
        }
        self.end = Some(end);
    }
}
