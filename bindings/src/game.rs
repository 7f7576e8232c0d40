//! A game the app plays, reviews, saves and restores.

use crate::error::{NorochessError, Result};
use crate::types::{MoveInfo, Piece, PieceKind, PlacedPiece, Scores, Side};
use crate::variants::GameSetup;
use norochess_core as core;
use norochess_core::{AnyPosition, Game, Square};

/// Why a game ended: the core's `EndReason`, declared for UniFFI by the app layer.
pub use norochess_core::EndReason;

uniffi::use_remote_type!(norochess_app::norochess_core::EndReason);

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameOutcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The reason's stable id for saved games (`move-limit`).
    pub reason_id: String,
    /// The reason in words (`move limit`).
    pub reason_text: String,
    /// Final scores in the Norochess family.
    pub scores: Option<Scores>,
    /// The result without the reason: `White wins 38-33`, `Draw`.
    pub headline: String,
    /// The record's result token: `1-0`, `0-1`, `1/2-1/2`.
    pub result_token: String,
}

impl From<core::Outcome> for GameOutcome {
    fn from(o: core::Outcome) -> Self {
        GameOutcome {
            winner: o.winner,
            reason: o.reason,
            reason_id: o.reason.id().into(),
            reason_text: o.reason.description().into(),
            scores: Scores::from_pair(o.scores),
            headline: o.headline(),
            result_token: o.result_token().into(),
        }
    }
}

/// Overtime in a Norochess game: "Overtime 52 / 60".
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct OvertimeInfo {
    /// The current move (49–60).
    pub move_number: u32,
    /// The last possible move (60).
    pub last_move: u32,
}

/// Everything a game screen draws, taken at one moment. The app keeps no
/// game logic of its own: it draws this and forwards taps.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameSnapshot {
    /// The game and its options.
    pub setup: GameSetup,
    /// Board width (8 or 10).
    pub width: u32,
    /// Board height (8 or 10).
    pub height: u32,
    /// Every piece on the board with its square.
    pub pieces: Vec<PlacedPiece>,
    /// The side to move.
    pub turn: Side,
    /// The legal moves (none once the game is over).
    pub legal_moves: Vec<MoveInfo>,
    /// The last move played, for highlighting.
    pub last_move: Option<MoveInfo>,
    /// The square of a king in check (royal games only).
    pub check_square: Option<String>,
    /// Both scores, in the Norochess family (the score bar's `19 – 15`).
    pub scores: Option<Scores>,
    /// The current move number (`Move 31`).
    pub move_number: u32,
    /// The regular number of moves (`/ 48`), in the Norochess family.
    pub regular_moves: Option<u32>,
    /// Moves the side to move has left up to move 48 (0 in overtime), in
    /// the Norochess family: mark the last few.
    pub regular_moves_left: Option<u32>,
    /// Overtime (`Overtime 52 / 60`), while in overtime.
    pub overtime: Option<OvertimeInfo>,
    /// Pieces White has captured.
    pub captured_by_white: Vec<Piece>,
    /// Pieces Black has captured.
    pub captured_by_black: Vec<Piece>,
    /// The capture points of White's captures.
    pub captured_points_white: u32,
    /// The capture points of Black's captures.
    pub captured_points_black: u32,
    /// The outcome, once the game has ended.
    pub outcome: Option<GameOutcome>,
    /// The current position as text (docs/position-format.md).
    pub position_text: String,
    /// Moves played so far (plies).
    pub ply_count: u32,
    /// Whether a move can be taken back.
    pub can_undo: bool,
    /// Whether a taken-back move can be replayed.
    pub can_redo: bool,
}

/// What a move to the last rank offers: the pieces a player may choose
/// (promotion or resurrection), or a dethronement, which is announced and
/// not chosen.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PromotionChoices {
    /// The pieces to choose from, strongest first. Empty for a move that
    /// does not promote. In Ram and Frontal chess only pieces the player
    /// has lost (a resurrection).
    pub choices: Vec<PieceKind>,
    /// Whether the choices are a resurrection (Ram, Frontal) rather than a
    /// free promotion.
    pub is_resurrection: bool,
    /// Whether the move is a Frontal dethronement: the pawn and the
    /// opponent's queen leave the board. Nothing to choose.
    pub is_dethronement: bool,
}

pub(crate) fn parse_square(position: &AnyPosition, name: &str) -> Result<Square> {
    position.parse_square(name.trim()).ok_or_else(|| {
        NorochessError::invalid_square(
            name,
            format!(
                "`{name}` is not a square of the {w}×{h} board (a1 to {last})",
                w = position.width(),
                h = position.height(),
                last = Square(position.width() * position.height() - 1).name(position.width())
            ),
        )
    })
}

/// Everything a screen draws of `game` (also the board of a puzzle session).
pub(crate) fn snapshot_of(game: &Game) -> GameSnapshot {
    let s = game.snapshot();
    let position = game.position();
    let width = s.width;
    let pieces = s
        .board
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let sq = Square(i as u8);
            p.map(|piece| PlacedPiece {
                square: sq.name(width),
                file: u32::from(sq.file(width)),
                rank: u32::from(sq.rank(width)),
                piece: piece.into(),
            })
        })
        .collect();
    let last_move = match (game.plies().last(), game.positions().iter().rev().nth(1)) {
        (Some(ply), Some(before)) => Some(MoveInfo::of(before, ply.mv)),
        _ => None,
    };
    let [by_white, by_black] = s.captured;
    GameSnapshot {
        setup: GameSetup::of(game.variant(), game.start_number()),
        width: u32::from(s.width),
        height: u32::from(s.height),
        pieces,
        turn: s.turn,
        legal_moves: s
            .legal_moves
            .iter()
            .map(|&m| MoveInfo::of(position, m))
            .collect(),
        last_move,
        check_square: s.check_square.map(|sq| sq.name(width)),
        scores: Scores::from_pair(s.scores),
        move_number: s.move_number,
        regular_moves: s.regular_moves,
        regular_moves_left: s.regular_moves_left,
        overtime: s.overtime.map(|o| OvertimeInfo {
            move_number: o.move_number,
            last_move: o.last_move,
        }),
        captured_by_white: by_white.into_iter().map(Piece::from).collect(),
        captured_by_black: by_black.into_iter().map(Piece::from).collect(),
        captured_points_white: s.captured_points[0],
        captured_points_black: s.captured_points[1],
        outcome: s.outcome.map(GameOutcome::from),
        position_text: s.position_text,
        ply_count: s.ply_count as u32,
        can_undo: s.can_undo,
        can_redo: s.can_redo,
    }
}

/// The legal move `from`–`to` of `position` as a board produces it, with
/// `promotion` choosing among several last-rank moves (ignored otherwise).
/// The core resolves it ([`AnyPosition::move_for`]); this says it in the
/// apps' words.
pub(crate) fn choose_move(
    position: &AnyPosition,
    from: &str,
    to: &str,
    promotion: Option<PieceKind>,
) -> Result<core::Move> {
    // `candidates` says precisely why no move joins the squares.
    let candidates = candidates(position, from, to)?;
    let Some(first) = candidates.first() else {
        return Err(NorochessError::illegal_move(
            format!("{from}-{to}"),
            format!("{from}-{to} is not a legal move here"),
        ));
    };
    let names = |roles: &[core::Role]| {
        roles
            .iter()
            .map(|r| r.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let role = promotion;
    position
        .move_for(first.from, first.to, role)
        .map_err(|e| match e {
            core::MoveError::PromotionRequired { choices, .. } => {
                NorochessError::PromotionRequired {
                    move_text: format!("{from}-{to}"),
                    choices: choices.to_vec(),
                    detail: format!(
                        "{from}-{to} reaches the last rank: choose one of {}",
                        names(&choices)
                    ),
                }
            }
            _ => {
                let choices: Vec<core::Role> =
                    candidates.iter().filter_map(|m| m.promotion()).collect();
                NorochessError::illegal_move(
                    format!("{from}-{to}"),
                    format!(
                        "{from}-{to} cannot become a {}: the choices are {}",
                        role.map_or("piece", core::Role::name),
                        names(&choices)
                    ),
                )
            }
        })
}

/// The legal moves joining `from` and `to` (several for a promotion).
pub(crate) fn candidates(position: &AnyPosition, from: &str, to: &str) -> Result<Vec<core::Move>> {
    let from_sq = parse_square(position, from)?;
    let to_sq = parse_square(position, to)?;
    let found = position.moves_between(from_sq, to_sq);
    if found.is_empty() {
        let reason = match position.piece_at(from_sq) {
            None => format!("there is no piece on {from}"),
            Some(p) if p.color != position.turn() => {
                format!("the {p} on {from} is not {}'s", position.turn())
            }
            Some(p) => format!("the {p} on {from} cannot go to {to}"),
        };
        return Err(NorochessError::illegal_move(
            format!("{from}-{to}"),
            format!("{from}-{to} is not a legal move here: {reason}"),
        ));
    }
    Ok(found)
}
