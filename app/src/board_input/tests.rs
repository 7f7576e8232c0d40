use super::*;
use norochess_core::{AnyPosition, Variant};

struct Board {
    position: AnyPosition,
    moves: Vec<Move>,
    rules: Rules,
}

fn board(variant: Variant, text: &str) -> Board {
    let position = AnyPosition::from_text(variant, text).expect("test position");
    let moves = position.legal_moves();
    Board {
        position,
        moves,
        rules: variant.rules(),
    }
}

impl Board {
    fn context(&self) -> InputContext<'_> {
        InputContext {
            moves: &self.moves,
            width: self.position.width(),
            rules: self.rules,
            side: Color::White,
        }
    }

    fn square(&self, name: &str) -> Square {
        Square::parse(name, self.position.width(), self.position.height()).expect("square name")
    }
}

fn never(_: Move) -> bool {
    false
}

#[test]
fn tap_selects_shows_targets_and_a_second_tap_on_a_target_plays() {
    let b = board(Variant::Norochess, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    let mut input = BoardInput::new();
    assert_eq!(
        input.tap(b.square("e2"), b.context(), never),
        InputStep::Changed
    );
    let view = input.view(b.context());
    assert_eq!(view.selected.as_deref(), Some("e2"));
    assert_eq!(view.targets, vec!["e3".to_string(), "e4".to_string()]);
    match input.tap(b.square("e4"), b.context(), never) {
        InputStep::Play(mv) => assert_eq!(mv.uci(8), "e2e4"),
        other => panic!("expected a move, got {other:?}"),
    }
    assert_eq!(input.view(b.context()), BoardInputView::default());
}

#[test]
fn tapping_the_selected_square_deselects_and_another_piece_reselects() {
    let b = board(Variant::Norochess, "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
    let mut input = BoardInput::new();
    input.tap(b.square("e2"), b.context(), never);
    assert_eq!(
        input.tap(b.square("d2"), b.context(), never),
        InputStep::Changed
    );
    assert_eq!(input.view(b.context()).selected.as_deref(), Some("d2"));
    assert_eq!(
        input.tap(b.square("d2"), b.context(), never),
        InputStep::Changed
    );
    assert_eq!(input.view(b.context()).selected, None);
    // An empty square with nothing selected changes nothing.
    assert_eq!(
        input.tap(b.square("a5"), b.context(), never),
        InputStep::Nothing
    );
    // An empty square that is not a target drops the selection.
    input.tap(b.square("e2"), b.context(), never);
    assert_eq!(
        input.tap(b.square("a5"), b.context(), never),
        InputStep::Changed
    );
    assert_eq!(input.view(b.context()).selected, None);
}

#[test]
fn no_moves_means_nothing_can_be_selected() {
    let b = board(Variant::Norochess, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    let mut input = BoardInput::new();
    let none: Vec<Move> = Vec::new();
    let context = InputContext {
        moves: &none,
        ..b.context()
    };
    assert_eq!(
        input.tap(b.square("e2"), context, never),
        InputStep::Nothing
    );
    // A selection made before the turn passed is not drawn afterwards.
    input.tap(b.square("e2"), b.context(), never);
    assert_eq!(input.view(context), BoardInputView::default());
}

#[test]
fn a_promotion_opens_the_picker_with_labels_and_the_choice_plays() {
    let b = board(Variant::Norochess, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let mut input = BoardInput::new();
    input.tap(b.square("e7"), b.context(), never);
    assert_eq!(
        input.tap(b.square("e8"), b.context(), never),
        InputStep::Changed
    );
    let picker = input.view(b.context()).picker.expect("picker open");
    assert_eq!(picker.title, "Choose a piece");
    assert!(!picker.is_resurrection);
    assert_eq!(picker.choices[0].kind, Role::Queen);
    assert_eq!(picker.choices[0].label, "Queen (9)");
    // Taps on the board wait while the picker is open.
    assert_eq!(
        input.tap(b.square("e1"), b.context(), never),
        InputStep::Nothing
    );
    match input.choose_piece(Role::Knight, b.context(), never) {
        InputStep::Play(mv) => assert_eq!(mv.uci(8), "e7e8n"),
        other => panic!("expected a move, got {other:?}"),
    }
    assert_eq!(input.view(b.context()), BoardInputView::default());
}

#[test]
fn chess_labels_have_no_points_and_a_cancelled_picker_plays_nothing() {
    let b = board(Variant::Chess, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let mut input = BoardInput::new();
    input.tap(b.square("e7"), b.context(), never);
    input.tap(b.square("e8"), b.context(), never);
    let picker = input.view(b.context()).picker.expect("picker open");
    let labels: Vec<&str> = picker.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["Queen", "Rook", "Bishop", "Knight"]);
    assert_eq!(input.cancel(), InputStep::Changed);
    assert_eq!(input.view(b.context()), BoardInputView::default());
    // A piece the rules do not offer is refused.
    input.tap(b.square("e7"), b.context(), never);
    input.tap(b.square("e8"), b.context(), never);
    assert_eq!(
        input.choose_piece(Role::King, b.context(), never),
        InputStep::Nothing
    );
    assert!(input.view(b.context()).picker.is_some());
}

#[test]
fn a_repeating_move_asks_first_and_plays_only_when_confirmed() {
    let b = board(Variant::Norochess, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    let repeats = |mv: Move| mv.uci(8) == "e1d1";
    let mut input = BoardInput::new();
    input.tap(b.square("e1"), b.context(), repeats);
    assert_eq!(
        input.tap(b.square("d1"), b.context(), repeats),
        InputStep::Changed
    );
    let question = input.view(b.context()).repetition_question.expect("asked");
    assert_eq!((question.from.as_str(), question.to.as_str()), ("e1", "d1"));
    assert_eq!(input.cancel(), InputStep::Changed);
    assert_eq!(input.view(b.context()), BoardInputView::default());

    input.tap(b.square("e1"), b.context(), repeats);
    input.tap(b.square("d1"), b.context(), repeats);
    match input.confirm_repetition() {
        InputStep::Play(mv) => assert_eq!(mv.uci(8), "e1d1"),
        other => panic!("expected a move, got {other:?}"),
    }
    assert_eq!(input.confirm_repetition(), InputStep::Nothing);

    // With the setting off the move is played at once.
    let mut quick = BoardInput {
        ask_before_repetition: false,
        ..BoardInput::new()
    };
    quick.tap(b.square("e1"), b.context(), repeats);
    assert!(matches!(
        quick.tap(b.square("d1"), b.context(), repeats),
        InputStep::Play(_)
    ));
}

#[test]
fn a_drag_selects_and_dropping_on_a_target_plays() {
    let b = board(Variant::Norochess, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    let mut input = BoardInput::new();
    assert_eq!(
        input.drag_began(b.square("e2"), b.context()),
        InputStep::Changed
    );
    // Dropping off the board or on a non-target keeps the piece selected.
    assert_eq!(
        input.drag_ended(None, b.context(), never),
        InputStep::Nothing
    );
    assert_eq!(
        input.drag_ended(Some(b.square("e5")), b.context(), never),
        InputStep::Nothing
    );
    assert_eq!(input.view(b.context()).selected.as_deref(), Some("e2"));
    // A drag never deselects.
    assert_eq!(
        input.drag_began(b.square("e2"), b.context()),
        InputStep::Nothing
    );
    match input.drag_ended(Some(b.square("e3")), b.context(), never) {
        InputStep::Play(mv) => assert_eq!(mv.uci(8), "e2e3"),
        other => panic!("expected a move, got {other:?}"),
    }
    // A drag from an empty square selects nothing.
    assert_eq!(
        input.drag_began(b.square("a4"), b.context()),
        InputStep::Nothing
    );
}
