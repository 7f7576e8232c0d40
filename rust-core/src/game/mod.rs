//! A game as a player experiences it: moves with undo and redo, the running
//! score, the move counter and overtime, captured pieces, and the outcome
//! exactly as the rule book decides it.

mod clock;
mod error;
mod outcome;
mod record;
mod referee;
mod snapshot;

pub use clock::{Clock, ClockError, TimeControl};
pub use error::GameError;
pub use outcome::{EndReason, Outcome};
pub use record::RecordError;
pub use snapshot::{Overtime, Snapshot};

use crate::any::AnyPosition;
use crate::error::Error;
use crate::moves::Move;
use crate::types::{Color, Piece, Role, Square};
use crate::variant::Variant;

/// One played move with what it captured and an optional comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// Pieces of the opponent it removed from the board (a ram or
    /// dethronement may remove more than one).
    pub captured: Vec<Piece>,
    /// A comment attached to the move (kept in game records).
    pub comment: Option<String>,
}

/// A game of any variant from its start or from a set-up position.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    start_number: Option<u16>,
    set_up: bool,
    /// `positions[0]` is the start; `positions[i + 1]` follows `plies[i]`.
    positions: Vec<AnyPosition>,
    /// The referee's verdict on each of `positions`.
    verdicts: Vec<Option<Outcome>>,
    plies: Vec<Ply>,
    /// Undone plies, the next one to redo last.
    redo: Vec<Ply>,
    /// Resignation, agreed draw or flag fall, if any.
    declared: Option<Outcome>,
    /// Record tags other than those derived from the game (players, event…).
    tags: Vec<(String, String)>,
}

impl Game {
    /// A new game from the variant's start (`start` picks a Norochess960
    /// set-up, 0–959; `None` means 518, the standard one).
    pub fn new(variant: Variant, start: Option<u16>) -> Result<Game, Error> {
        let position = AnyPosition::start(variant, start)?;
        let start_number = variant
            .start_numbering()
            .map(|numbering| start.unwrap_or(numbering.standard));
        Ok(Game::from_parts(variant, start_number, false, position))
    }

    /// A game from a position text (a set-up or puzzle position).
    pub fn from_position(variant: Variant, text: &str) -> Result<Game, Error> {
        let position = AnyPosition::from_text(variant, text)?;
        Ok(Game::from_parts(variant, None, true, position))
    }

    fn from_parts(
        variant: Variant,
        start_number: Option<u16>,
        set_up: bool,
        position: AnyPosition,
    ) -> Game {
        let mut game = Game {
            variant,
            start_number,
            set_up,
            positions: vec![position],
            verdicts: Vec::new(),
            plies: Vec::new(),
            redo: Vec::new(),
            declared: None,
            tags: Vec::new(),
        };
        let verdict = game.judge_last();
        game.verdicts.push(verdict);
        game
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The Norochess960 start number, if this is a Norochess960 game from its start.
    pub fn start_number(&self) -> Option<u16> {
        self.start_number
    }

    /// Whether the game began from a set-up position rather than the
    /// variant's start.
    pub fn is_set_up(&self) -> bool {
        self.set_up
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &AnyPosition {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &AnyPosition {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// Every position of the game so far, the start first.
    pub fn positions(&self) -> &[AnyPosition] {
        &self.positions
    }

    /// The moves played so far.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The moves played so far, without captures and comments.
    pub fn moves(&self) -> Vec<Move> {
        self.plies.iter().map(|p| p.mv).collect()
    }

    /// The outcome, if the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared
            .or_else(|| self.verdicts.last().copied().flatten())
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::GameOver(outcome));
        }
        let before = *self.position();
        let after = before.play(mv)?;
        let captured = captured_between(&before, &after);
        self.push(
            Ply {
                mv,
                captured,
                comment: None,
            },
            after,
        );
        self.redo.clear();
        Ok(())
    }

    /// Plays a move given in coordinate notation (`e2e4`, `e7e8q`).
    pub fn play_uci(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::GameOver(outcome));
        }
        let mv = self.position().parse_uci(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Plays a move given from/to squares and an optional promotion role, as
    /// a board UI produces it (see [`AnyPosition::move_for`]): a move that
    /// offers no choice ignores `promotion`; a promotion needs it and fails
    /// without it with [`crate::MoveError::PromotionRequired`].
    pub fn play_squares(
        &mut self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::GameOver(outcome));
        }
        let mv = self.position().move_for(from, to, promotion)?;
        self.play(mv)?;
        Ok(mv)
    }

    fn push(&mut self, ply: Ply, after: AnyPosition) {
        self.plies.push(ply);
        self.positions.push(after);
        let verdict = self.judge_last();
        self.verdicts.push(verdict);
    }

    /// Takes back the last move (also after the game ended), or a
    /// resignation, agreed draw or flag fall. Returns whether there was one.
    pub fn undo(&mut self) -> bool {
        // A resignation, agreed draw or flag fall is taken back on its own.
        if self.declared.take().is_some() {
            return true;
        }
        match self.plies.pop() {
            Some(ply) => {
                self.positions.pop();
                self.verdicts.pop();
                self.redo.push(ply);
                true
            }
            None => false,
        }
    }

    /// Replays the last undone move. Returns whether there was one.
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(ply) => {
                match self.position().play(ply.mv) {
                    Ok(after) => self.push(ply, after),
                    Err(_) => self.redo.clear(),
                }
                true
            }
            None => false,
        }
    }

    /// Whether a move can be taken back.
    pub fn can_undo(&self) -> bool {
        !self.plies.is_empty() || self.declared.is_some()
    }

    /// Whether an undone move can be replayed.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Attaches a comment to the last move played.
    pub fn set_comment(&mut self, comment: Option<String>) {
        if let Some(ply) = self.plies.last_mut() {
            ply.comment = comment;
        }
    }

    /// `color` resigns: the opponent wins with the scores as they stand.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.declare(Some(!color), EndReason::Resignation)
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.declare(None, EndReason::Agreement)
    }

    /// `color`'s time ran out. In the Norochess family the opponent wins
    /// whatever the score; in royal games it is a draw if the opponent has
    /// only a king left (it could never checkmate).
    pub fn flag_fall(&mut self, color: Color) -> Result<Outcome, GameError> {
        let position = self.position();
        if self.variant.rules().royal_king && position.has_only_king(!color) {
            self.declare(None, EndReason::TimeoutVsInsufficientMaterial)
        } else {
            self.declare(Some(!color), EndReason::TimeForfeit)
        }
    }

    fn declare(&mut self, winner: Option<Color>, reason: EndReason) -> Result<Outcome, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::GameOver(outcome));
        }
        let outcome = Outcome {
            winner,
            reason,
            scores: self.scores(),
        };
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// Sets a record tag such as `White`, `Black`, `Event` or `Date`
    /// (tags the game derives itself, like `Result`, are ignored).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if record::DERIVED_TAGS.contains(&name) {
            return;
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// A record tag set with [`Game::set_tag`].
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Both scores (White, Black) in the Norochess family.
    pub fn scores(&self) -> Option<(u16, u16)> {
        let p = self.position();
        self.variant
            .rules()
            .capture_points
            .then(|| (p.score(Color::White), p.score(Color::Black)))
    }

    /// The legal moves of the piece on `from` (none once the game is over).
    pub fn moves_from(&self, from: Square) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        self.position()
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from)
            .collect()
    }

    /// The pieces each side has captured so far (`[by White, by Black]`).
    pub fn captured(&self) -> [Vec<Piece>; 2] {
        let mut captured: [Vec<Piece>; 2] = [Vec::new(), Vec::new()];
        for (ply, position) in self.plies.iter().zip(&self.positions) {
            captured[position.turn().index()].extend(ply.captured.iter().copied());
        }
        captured
    }

    /// Everything a board screen needs to draw the current state.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot::of(self)
    }
}

/// The opponent's pieces that disappeared between two positions one ply apart.
fn captured_between(before: &AnyPosition, after: &AnyPosition) -> Vec<Piece> {
    let victim = !before.turn();
    let mut captured = Vec::new();
    for role in Role::ALL {
        let lost = before
            .count(victim, role)
            .saturating_sub(after.count(victim, role));
        for _ in 0..lost {
            captured.push(Piece {
                color: victim,
                role,
            });
        }
    }
    // A swap moves an enemy pawn without removing it: counts are unchanged.
    captured
}
