//! What a touch on the board means: tap-tap and drag selection, the legal
//! targets of the selected piece, the promotion (or resurrection) picker
//! with only the pieces the rules allow, and the question before a move
//! that loses by repetition.
//!
//! Written once here so the terminal, Android and iOS agree; each shell
//! forwards taps and draws [`BoardInputView`]. The machine knows nothing
//! of sessions or puzzles: the owner passes the moves the player may make
//! now, and plays the move a step hands back.

use norochess_core::{AnyPosition, Color, Move, MoveKind, Role, Rules, Square};

/// The promotion or resurrection picker: the move waiting for a choice.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PiecePicker {
    /// The moving pawn's square (`e7`).
    pub from: String,
    /// The promotion square (`e8`).
    pub to: String,
    /// Whose pawn promotes (the picker draws that side's pieces).
    pub side: Color,
    /// The pieces the rules allow, strongest first, each with its label.
    pub choices: Vec<PieceChoice>,
    /// Ram and Frontal chess: the choices are lost pieces coming back.
    pub is_resurrection: bool,
    /// The picker's title: `Choose a piece` or `Bring back a piece`.
    pub title: String,
}

/// One button of the picker.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PieceChoice {
    /// The piece.
    pub kind: Role,
    /// Its button text: `Queen (9)` in games with capture points, `Queen`
    /// in the others.
    pub label: String,
}

/// The question before a move that would bring about the same position a
/// third time, which loses at once in the Norochess family.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct RepetitionQuestion {
    /// The move's squares.
    pub from: String,
    /// The move's target square.
    pub to: String,
    /// The question in words.
    pub text: String,
}

/// Everything the board draws of the player's input.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct BoardInputView {
    /// The selected square, if a piece is selected.
    pub selected: Option<String>,
    /// Where the selected piece can go (dots on the board).
    pub targets: Vec<String>,
    /// Open while the player chooses a promotion or resurrection piece.
    pub picker: Option<PiecePicker>,
    /// Open while the player decides on a move that loses by repetition.
    pub repetition_question: Option<RepetitionQuestion>,
}

/// What a touch did, for the owner: play a move, or only redraw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputStep {
    /// Nothing changed (a tap on an empty square with nothing selected,
    /// a tap while a question is open).
    Nothing,
    /// The selection, picker or question changed: redraw.
    Changed,
    /// Play this move (legal now: it came from the moves passed in).
    Play(Move),
}

/// What the machine needs to know about the position for one touch.
#[derive(Clone, Copy)]
pub struct InputContext<'a> {
    /// The moves the player may make now (empty on the opponent's or the
    /// computer's turn, in review and after the end).
    pub moves: &'a [Move],
    /// The board's width, for square names.
    pub width: u8,
    /// The rules of the game (promotion kind, capture points).
    pub rules: Rules,
    /// The side to move.
    pub side: Color,
}

impl<'a> InputContext<'a> {
    /// The context of `position` with `moves` the moves the player may make.
    pub fn of(position: &AnyPosition, moves: &'a [Move]) -> InputContext<'a> {
        InputContext {
            moves,
            width: position.width(),
            rules: position.variant().rules(),
            side: position.turn(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Open {
    Picker { from: Square, to: Square },
    Question(Move),
}

/// The selection state machine. One per board on screen.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardInput {
    selected: Option<Square>,
    open: Option<Open>,
    /// Ask before a move that loses by repetition (the `confirmRepetition`
    /// setting); off: such a move is played at once.
    pub ask_before_repetition: bool,
}

impl BoardInput {
    /// A machine with nothing selected that asks before a losing repetition.
    pub fn new() -> BoardInput {
        BoardInput {
            ask_before_repetition: true,
            ..BoardInput::default()
        }
    }

    /// Forgets the selection, the picker and the question (after a move by
    /// the other side, a takeback, a review step, a new puzzle).
    pub fn clear(&mut self) {
        self.selected = None;
        self.open = None;
    }

    /// A tap on `square`: select, reselect, deselect, or move the selected
    /// piece there. `repeats` says whether a move loses by repetition.
    pub fn tap(
        &mut self,
        square: Square,
        context: InputContext<'_>,
        repeats: impl Fn(Move) -> bool,
    ) -> InputStep {
        if self.open.is_some() {
            return InputStep::Nothing;
        }
        if let Some(from) = self.selected {
            if square == from {
                self.selected = None;
                return InputStep::Changed;
            }
            if has_move(context.moves, from, square) {
                return self.reach(from, square, context, repeats);
            }
        }
        self.select(square, context.moves)
    }

    /// A drag began on `square`: selects its piece (never deselects).
    pub fn drag_began(&mut self, square: Square, context: InputContext<'_>) -> InputStep {
        if self.open.is_some() || self.selected == Some(square) {
            return InputStep::Nothing;
        }
        if !context.moves.iter().any(|m| m.from == square) {
            return InputStep::Nothing;
        }
        self.selected = Some(square);
        InputStep::Changed
    }

    /// The drag ended on `square` (`None`: off the board): a move if it is a
    /// target of the selected piece, else the piece stays selected.
    pub fn drag_ended(
        &mut self,
        square: Option<Square>,
        context: InputContext<'_>,
        repeats: impl Fn(Move) -> bool,
    ) -> InputStep {
        match (self.selected, square, &self.open) {
            (Some(from), Some(to), None) if to != from && has_move(context.moves, from, to) => {
                self.reach(from, to, context, repeats)
            }
            _ => InputStep::Nothing,
        }
    }

    /// The player picked `kind` in the picker.
    pub fn choose_piece(
        &mut self,
        kind: Role,
        context: InputContext<'_>,
        repeats: impl Fn(Move) -> bool,
    ) -> InputStep {
        let Some(Open::Picker { from, to }) = self.open.clone() else {
            return InputStep::Nothing;
        };
        let chosen = context
            .moves
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to && m.promotion() == Some(kind));
        match chosen {
            Some(mv) => {
                self.open = None;
                self.confirm_or_play(mv, repeats)
            }
            None => InputStep::Nothing,
        }
    }

    /// The player plays the move of the repetition question anyway.
    pub fn confirm_repetition(&mut self) -> InputStep {
        match self.open.take() {
            Some(Open::Question(mv)) => {
                self.selected = None;
                InputStep::Play(mv)
            }
            other => {
                self.open = other;
                InputStep::Nothing
            }
        }
    }

    /// The player closed the picker or answered no to the question: nothing
    /// is played and the selection goes.
    pub fn cancel(&mut self) -> InputStep {
        if self.open.is_none() && self.selected.is_none() {
            return InputStep::Nothing;
        }
        self.clear();
        InputStep::Changed
    }

    /// What the board draws. A selection the moves no longer allow (the
    /// turn passed, a review began) is not drawn.
    pub fn view(&self, context: InputContext<'_>) -> BoardInputView {
        let width = context.width;
        let targets = |from: Square| {
            let mut out: Vec<String> = Vec::new();
            for m in context.moves.iter().filter(|m| m.from == from) {
                let name = m.to.name(width);
                if !out.contains(&name) {
                    out.push(name);
                }
            }
            out
        };
        let selected = self
            .selected
            .filter(|&s| context.moves.iter().any(|m| m.from == s));
        let picker = match &self.open {
            Some(Open::Picker { from, to }) => Some(picker(*from, *to, context)),
            _ => None,
        };
        let repetition_question = match &self.open {
            Some(Open::Question(mv)) => Some(RepetitionQuestion {
                from: mv.from.name(width),
                to: mv.to.name(width),
                text: "This move repeats the position a third time, and that loses the game. \
                       Play it anyway?"
                    .to_string(),
            }),
            _ => None,
        };
        BoardInputView {
            selected: selected.map(|s| s.name(width)),
            targets: selected.map(targets).unwrap_or_default(),
            picker,
            repetition_question,
        }
    }

    fn select(&mut self, square: Square, moves: &[Move]) -> InputStep {
        let had = self.selected.take();
        if moves.iter().any(|m| m.from == square) {
            self.selected = Some(square);
            return InputStep::Changed;
        }
        if had.is_some() {
            InputStep::Changed
        } else {
            InputStep::Nothing
        }
    }

    /// The selected piece reached `to`: a picker when there is a choice,
    /// else the move (after the question, if it repeats).
    fn reach(
        &mut self,
        from: Square,
        to: Square,
        context: InputContext<'_>,
        repeats: impl Fn(Move) -> bool,
    ) -> InputStep {
        let candidates: Vec<Move> = context
            .moves
            .iter()
            .copied()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        let promotions = candidates
            .iter()
            .filter(|m| m.promotion().is_some())
            .count();
        if promotions > 1 {
            self.open = Some(Open::Picker { from, to });
            return InputStep::Changed;
        }
        // One candidate: a plain move, a dethronement (announced after the
        // move, nothing to choose) or the only piece a resurrection allows.
        match candidates.first() {
            Some(&mv) => self.confirm_or_play(mv, repeats),
            None => InputStep::Nothing,
        }
    }

    fn confirm_or_play(&mut self, mv: Move, repeats: impl Fn(Move) -> bool) -> InputStep {
        if self.ask_before_repetition && repeats(mv) {
            self.open = Some(Open::Question(mv));
            return InputStep::Changed;
        }
        self.selected = None;
        InputStep::Play(mv)
    }
}

fn has_move(moves: &[Move], from: Square, to: Square) -> bool {
    moves.iter().any(|m| m.from == from && m.to == to)
}

fn picker(from: Square, to: Square, context: InputContext<'_>) -> PiecePicker {
    let mut kinds: Vec<Role> = context
        .moves
        .iter()
        .filter(|m| m.from == from && m.to == to)
        .filter_map(|m| match m.kind {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        })
        .collect();
    kinds.sort_by_key(|role| std::cmp::Reverse(strength(*role)));
    kinds.dedup();
    let is_resurrection = !matches!(context.rules.promotion, norochess_core::PromotionRule::Free);
    let choices = kinds
        .into_iter()
        .map(|kind| PieceChoice {
            kind,
            label: piece_label(kind, context.rules.capture_points),
        })
        .collect();
    PiecePicker {
        from: from.name(context.width),
        to: to.name(context.width),
        side: context.side,
        choices,
        is_resurrection,
        title: if is_resurrection {
            "Bring back a piece"
        } else {
            "Choose a piece"
        }
        .to_string(),
    }
}

/// Strongest first: queen, rook, bishop, knight, king, pawn.
fn strength(role: Role) -> u8 {
    match role {
        Role::Queen => 6,
        Role::Rook => 5,
        Role::Bishop => 4,
        Role::Knight => 3,
        Role::King => 2,
        Role::Pawn => 1,
    }
}

/// `Queen (9)` where captures score, `Queen` elsewhere.
pub fn piece_label(kind: Role, capture_points: bool) -> String {
    let lower = kind.name();
    let name = match lower.chars().next() {
        Some(first) => first.to_uppercase().chain(lower.chars().skip(1)).collect(),
        None => String::new(),
    };
    if capture_points {
        format!("{name} ({})", kind.capture_points())
    } else {
        name
    }
}

#[cfg(test)]
mod tests;
