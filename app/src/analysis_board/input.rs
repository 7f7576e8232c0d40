//! Touches on the analysis board: the same selection, targets and piece
//! picker as a game's board ([`BoardInput`]), a chosen move played at once
//! in the variation. A variation may repeat a position: the analysis board
//! never asks before a repetition (nothing is lost by exploring one).

use super::{AnalysisBoard, AnalysisBoardError};
use crate::board_input::{BoardInputView, InputContext, InputStep};
use crate::board_view::MoveInfo;
use norochess_core::{Move, Role, Square};

/// No move of a variation is asked about before it repeats a position.
fn never(_: Move) -> bool {
    false
}

impl AnalysisBoard {
    /// The moves a touch may choose: every legal move, none once the
    /// variation has ended the game.
    fn input_moves(&self) -> Vec<Move> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        self.game.position().legal_moves()
    }

    /// Runs one touch on the board input and plays the move it chose.
    fn touch(
        &mut self,
        step: impl FnOnce(&mut crate::board_input::BoardInput, InputContext<'_>) -> InputStep,
    ) -> Result<Option<MoveInfo>, AnalysisBoardError> {
        let moves = self.input_moves();
        let position = *self.game.position();
        match step(&mut self.input, InputContext::of(&position, &moves)) {
            InputStep::Play(m) => self.play(m).map(Some),
            InputStep::Nothing | InputStep::Changed => Ok(None),
        }
    }

    /// A tap on `square`: selects, deselects, or plays the selected piece's
    /// move there (the move played, if one was).
    pub fn tap(&mut self, square: Square) -> Result<Option<MoveInfo>, AnalysisBoardError> {
        self.touch(|input, context| input.tap(square, context, never))
    }

    /// A drag began on `square`.
    pub fn drag_began(&mut self, square: Square) {
        // A drag only selects: it never plays.
        let _ = self.touch(|input, context| input.drag_began(square, context));
    }

    /// The drag ended on `square` (`None`: off the board): the move played,
    /// if it reached a target.
    pub fn drag_ended(
        &mut self,
        square: Option<Square>,
    ) -> Result<Option<MoveInfo>, AnalysisBoardError> {
        self.touch(|input, context| input.drag_ended(square, context, never))
    }

    /// The player picked `kind` in the promotion or resurrection picker:
    /// the move played.
    pub fn choose_piece(&mut self, kind: Role) -> Result<Option<MoveInfo>, AnalysisBoardError> {
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
            .view(InputContext::of(self.game.position(), &moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::{AnyPosition, Game, Variant};

    fn square(name: &str) -> Square {
        Square::parse(name, 8, 8).expect("a square of the 8×8 board")
    }

    #[test]
    fn a_tap_selects_and_a_second_tap_plays_in_the_variation() {
        let game = Game::new(Variant::Norochess, None).expect("start");
        let mut board = AnalysisBoard::from_game(&game, 0).expect("board");
        assert_eq!(board.tap(square("e2")).expect("a tap"), None);
        let view = board.input_view();
        assert_eq!(view.selected.as_deref(), Some("e2"));
        assert_eq!(view.targets, ["e3", "e4"]);
        let played = board.tap(square("e4")).expect("a tap").expect("a move");
        assert_eq!(played.san, "e4");
        assert_eq!(board.view().variation.len(), 1);
        assert_eq!(board.input_view(), BoardInputView::default());
        // A drag plays too; back takes it away and forgets any selection.
        board.drag_began(square("e7"));
        let played = board
            .drag_ended(Some(square("e5")))
            .expect("a drop")
            .expect("a move");
        assert_eq!(played.san, "e5");
        board.tap(square("g1")).expect("a tap");
        assert!(board.back());
        assert_eq!(board.input_view().selected, None);
        assert_eq!(game.plies().len(), 0, "the game is untouched");
    }

    #[test]
    fn a_promotion_waits_for_the_picker_then_plays_the_piece_chosen() {
        let position = AnyPosition::from_text(
            Variant::Norochess,
            "7k/4P3/8/8/8/8/8/K7 w - - 0 40 score=10-10",
        )
        .expect("position");
        let mut board = AnalysisBoard::from_position(&position).expect("board");
        board.tap(square("e7")).expect("a tap");
        assert_eq!(
            board.tap(square("e8")).expect("a tap"),
            None,
            "nothing played yet"
        );
        let picker = board.input_view().picker.expect("the picker");
        assert!(picker.choices.len() > 1);
        let played = board
            .choose_piece(Role::Knight)
            .expect("a choice")
            .expect("a move");
        assert!(played.san.contains("=N"), "{}", played.san);
        board.cancel_input();
        assert_eq!(board.input_view().picker, None);
    }
}
