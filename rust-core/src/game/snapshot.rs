//! A complete, self-contained picture of a game at one moment, so a user
//! interface draws it without any game logic of its own.

use super::{Game, Outcome};
use crate::moves::Move;
use crate::types::{Color, Piece, Square};
use crate::variant::Variant;

/// Overtime state of a Norochess game: "Overtime 52 / 60".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overtime {
    /// The current move number (49–60).
    pub move_number: u32,
    /// The last possible move (60).
    pub last_move: u32,
}

/// What a board screen draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The game.
    pub variant: Variant,
    /// Board width (8 or 10).
    pub width: u8,
    /// Board height (8 or 10).
    pub height: u8,
    /// The piece on each square, indexed by [`Square::index`] (a1 = 0,
    /// b1 = 1, …, rank by rank).
    pub board: Vec<Option<Piece>>,
    /// The side to move.
    pub turn: Color,
    /// The legal moves (empty once the game is over).
    pub legal_moves: Vec<Move>,
    /// The last move played, for highlighting.
    pub last_move: Option<Move>,
    /// The square of the king in check (royal games only).
    pub check_square: Option<Square>,
    /// Both scores (White, Black) in the Norochess family.
    pub scores: Option<(u16, u16)>,
    /// The current move number ("Move 31").
    pub move_number: u32,
    /// The regular move count ("/ 48") in the Norochess family.
    pub regular_moves: Option<u32>,
    /// Moves the side to move has left up to and including move 48 (0 in
    /// overtime), in the Norochess family.
    pub regular_moves_left: Option<u32>,
    /// Overtime state, while in overtime.
    pub overtime: Option<Overtime>,
    /// Pieces captured by White and by Black (`[white's, black's]`).
    pub captured: [Vec<Piece>; 2],
    /// Capture points of those pieces (`[white's, black's]`).
    pub captured_points: [u32; 2],
    /// The outcome, once the game has ended.
    pub outcome: Option<Outcome>,
    /// The current position as text.
    pub position_text: String,
    /// Number of moves played.
    pub ply_count: usize,
    /// Whether takeback is possible.
    pub can_undo: bool,
    /// Whether an undone move can be replayed.
    pub can_redo: bool,
}

impl Snapshot {
    pub(super) fn of(game: &Game) -> Snapshot {
        let position = game.position();
        let squares = u16::from(position.width()) * u16::from(position.height());
        let mut board = vec![None; usize::from(squares)];
        for (sq, piece) in position.pieces() {
            if let Some(slot) = board.get_mut(sq.index()) {
                *slot = Some(piece);
            }
        }
        let outcome = game.outcome();
        let rules = game.variant().rules();
        let move_number = position.fullmove_number();
        let limit = rules.move_limit;
        let captured = game.captured();
        let points = |pieces: &[Piece]| {
            pieces
                .iter()
                .map(|p| u32::from(p.role.capture_points()))
                .sum()
        };
        Snapshot {
            variant: game.variant(),
            width: position.width(),
            height: position.height(),
            board,
            turn: position.turn(),
            legal_moves: if outcome.is_some() {
                Vec::new()
            } else {
                position.legal_moves()
            },
            last_move: game.plies().last().map(|p| p.mv),
            check_square: if position.is_check() {
                position.king_square(position.turn())
            } else {
                None
            },
            scores: game.scores(),
            move_number,
            regular_moves: limit.map(|l| l.regular_moves),
            regular_moves_left: limit.map(|l| (l.regular_moves + 1).saturating_sub(move_number)),
            overtime: limit
                .filter(|l| move_number > l.regular_moves)
                .map(|l| Overtime {
                    move_number: move_number.min(l.last_move),
                    last_move: l.last_move,
                }),
            captured_points: [points(&captured[0]), points(&captured[1])],
            captured,
            outcome,
            position_text: position.to_text(),
            ply_count: game.plies().len(),
            can_undo: game.can_undo(),
            can_redo: game.can_redo(),
        }
    }
}
