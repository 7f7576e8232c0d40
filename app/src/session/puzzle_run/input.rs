//! The puzzle run's board input: the same [`BoardInput`] as a game's,
//! against the moves the player may make while the run waits for one.
//! A touch only chooses the move; the shell plays it with
//! [`PuzzleRun::play`], which may run the solver (off the main thread).

use norochess_core::{Move, Role, Square};

use super::{PuzzlePhase, PuzzleRun};
use crate::board_input::{BoardInput, BoardInputView, InputContext, InputStep};

/// Puzzles never ask before a repetition: the solution decides.
fn never(_: Move) -> bool {
    false
}

impl PuzzleRun {
    fn input_moves(&self) -> Vec<Move> {
        if self.phase() != PuzzlePhase::Solving {
            return Vec::new();
        }
        self.game().position().legal_moves()
    }

    fn touch(
        &mut self,
        step: impl FnOnce(&mut BoardInput, InputContext<'_>) -> InputStep,
    ) -> Option<Move> {
        let moves = self.input_moves();
        let position = *self.game().position();
        match step(&mut self.input, InputContext::of(&position, &moves)) {
            InputStep::Play(mv) => Some(mv),
            InputStep::Nothing | InputStep::Changed => None,
        }
    }

    /// A tap on `square`: selects, deselects, or returns the move to play.
    pub fn tap(&mut self, square: Square) -> Option<Move> {
        self.touch(|input, context| input.tap(square, context, never))
    }

    /// A drag began on `square`.
    pub fn drag_began(&mut self, square: Square) {
        self.touch(|input, context| input.drag_began(square, context));
    }

    /// The drag ended on `square` (`None`: off the board): the move to play,
    /// if it reached a target.
    pub fn drag_ended(&mut self, square: Option<Square>) -> Option<Move> {
        self.touch(|input, context| input.drag_ended(square, context, never))
    }

    /// The player picked `kind` in the picker: the move to play.
    pub fn choose_piece(&mut self, kind: Role) -> Option<Move> {
        self.touch(|input, context| input.choose_piece(kind, context, never))
    }

    /// The player closed the picker or tapped away.
    pub fn cancel_input(&mut self) {
        self.input.cancel();
    }

    /// What the board draws of the player's input now.
    pub fn input_view(&self) -> BoardInputView {
        let moves = self.input_moves();
        self.input
            .view(InputContext::of(self.game().position(), &moves))
    }
}
