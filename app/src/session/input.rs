//! The game session's board input: taps and drags on the board, driven by
//! the shells, decided by [`BoardInput`] against the moves the person may
//! make now.

use norochess_core::{Move, Role, Square};

use super::{GameSession, SessionError};
use crate::board_input::{BoardInputView, InputContext, InputStep};

impl GameSession {
    /// Whether the board input asks before a move that loses by
    /// repetition (the `confirmRepetition` setting).
    pub fn set_ask_before_repetition(&mut self, ask: bool) {
        self.input.ask_before_repetition = ask;
    }

    /// The moves a touch may make now: none on the computer's turn, in
    /// review and after the end.
    fn input_moves(&self) -> Vec<Move> {
        if self.review.is_some() || self.game.is_over() || self.computer_to_move() {
            return Vec::new();
        }
        self.game.position().legal_moves()
    }

    /// Runs one touch on the board input and plays the move it hands back
    /// at `now`. Returns the move played, if any.
    fn touch(
        &mut self,
        now: u64,
        step: impl FnOnce(&mut GameSession, InputContext<'_>) -> InputStep,
    ) -> Result<Option<Move>, SessionError> {
        let moves = self.input_moves();
        let context = InputContext::of(self.game.position(), &moves);
        match step(self, context) {
            InputStep::Play(mv) => {
                self.play(mv, now)?;
                Ok(Some(mv))
            }
            InputStep::Nothing | InputStep::Changed => Ok(None),
        }
    }

    /// A tap on `square` at `now`: select, deselect, or move there (after
    /// the picker or the repetition question, if one is needed).
    pub fn tap(&mut self, square: Square, now: u64) -> Result<Option<Move>, SessionError> {
        self.touch(now, |session, context| {
            let GameSession { input, game, .. } = session;
            input.tap(square, context, |mv| loses_by_repetition(game, mv))
        })
    }

    /// A drag began on `square`.
    pub fn drag_began(&mut self, square: Square) {
        let _ = self.touch(0, |session, context| {
            session.input.drag_began(square, context)
        });
    }

    /// The drag ended on `square` (`None`: off the board) at `now`.
    pub fn drag_ended(
        &mut self,
        square: Option<Square>,
        now: u64,
    ) -> Result<Option<Move>, SessionError> {
        self.touch(now, |session, context| {
            let GameSession { input, game, .. } = session;
            input.drag_ended(square, context, |mv| loses_by_repetition(game, mv))
        })
    }

    /// The person picked `kind` in the promotion or resurrection picker.
    pub fn choose_piece(&mut self, kind: Role, now: u64) -> Result<Option<Move>, SessionError> {
        self.touch(now, |session, context| {
            let GameSession { input, game, .. } = session;
            input.choose_piece(kind, context, |mv| loses_by_repetition(game, mv))
        })
    }

    /// The person plays the move of the repetition question anyway.
    pub fn confirm_repetition(&mut self, now: u64) -> Result<Option<Move>, SessionError> {
        self.touch(now, |session, _| session.input.confirm_repetition())
    }

    /// The person closed the picker, answered no, or tapped away.
    pub fn cancel_input(&mut self) {
        self.input.cancel();
    }

    /// What the board draws of the person's input now.
    pub fn input_view(&self) -> BoardInputView {
        let moves = self.input_moves();
        self.input
            .view(InputContext::of(self.game.position(), &moves))
    }
}

/// Whether `mv` would bring about a position the third time and lose.
pub(super) fn loses_by_repetition(game: &norochess_core::Game, mv: Move) -> bool {
    let mut trial = game.clone();
    trial.play(mv).is_ok()
        && trial
            .outcome()
            .is_some_and(|o| o.reason == norochess_core::EndReason::RepetitionLoss)
}
