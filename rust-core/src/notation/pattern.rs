//! A move as read from text, before it is matched with the legal moves, and
//! how a legal move fits it or not.

use super::write::{captures, Notation};
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Role, Square};

/// Who may make the move a pattern describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mover {
    /// A pawn (no piece letter, or `P`).
    Pawn,
    /// A piece of this role (its letter was given).
    Piece(Role),
    /// Whatever stands on the starting square (coordinates without a letter).
    Any,
}

/// What stood between the starting part and the target square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Separator {
    /// Nothing (`Nf3`, `e2e4`).
    None,
    /// `x` or `:`.
    Capture,
    /// `-`.
    Dash,
    /// `~`, a frontal swap.
    Tilde,
}

/// A move as read from text, before it is matched with the legal moves.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pattern {
    /// Who moves.
    pub(super) mover: Mover,
    /// The starting file, if the text gave one (0 = a).
    pub(super) from_file: Option<u8>,
    /// The starting rank, if the text gave one (0 = 1).
    pub(super) from_rank: Option<u8>,
    /// What stood before the target square.
    pub(super) separator: Separator,
    /// The target square.
    pub(super) to: Square,
    /// The piece a promotion asks for.
    pub(super) promotion: Option<Role>,
    /// Whether `^` (a dethronement) was written.
    pub(super) dethrone: bool,
}

/// Why a move that goes where a pattern says still does not fit it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mismatch {
    /// A promotion letter on a move that does not promote to that piece.
    Promotion,
    /// `^` on a move that is not a dethronement.
    Dethrone,
    /// `x` on a move that takes nothing.
    NothingTaken,
    /// `~` on a move that is not a swap.
    NotSwap,
    /// A pawn move without a file and without `x`, which must be a step
    /// straight ahead.
    NotStep,
}

impl Pattern {
    pub(super) fn full_origin(&self) -> bool {
        self.from_file.is_some() && self.from_rank.is_some()
    }

    /// The notation the text was written in, for suggestions.
    pub(super) fn notation(&self) -> Notation {
        match (self.full_origin(), self.mover, self.separator) {
            (false, _, _) => Notation::San,
            (true, Mover::Any, Separator::None) => Notation::Uci,
            _ => Notation::Long,
        }
    }

    /// Whether `m` is made by the right piece from the right place to the
    /// right square.
    pub(super) fn core_matches<G: Geometry>(&self, pos: &Position<G>, m: Move) -> bool {
        m.to == self.to
            && self.from_file.is_none_or(|f| m.from.file(G::WIDTH) == f)
            && self.from_rank.is_none_or(|r| m.from.rank(G::WIDTH) == r)
            && match self.mover {
                Mover::Pawn => pos.role_at(m.from) == Some(Role::Pawn),
                Mover::Piece(role) => pos.role_at(m.from) == Some(role),
                Mover::Any => true,
            }
    }

    /// What in the pattern does not fit `m`, beyond where it goes.
    pub(super) fn problem<G: Geometry>(&self, pos: &Position<G>, m: Move) -> Option<Mismatch> {
        if let Some(role) = self.promotion {
            if m.kind != MoveKind::Promotion(role) {
                return Some(Mismatch::Promotion);
            }
        }
        if self.dethrone && m.kind != MoveKind::Dethrone {
            return Some(Mismatch::Dethrone);
        }
        match self.separator {
            Separator::Capture if !captures(pos, m) => return Some(Mismatch::NothingTaken),
            Separator::Tilde if m.kind != MoveKind::Swap => return Some(Mismatch::NotSwap),
            _ => {}
        }
        let straight = m.from.file(G::WIDTH) == m.to.file(G::WIDTH)
            && !matches!(m.kind, MoveKind::Ram | MoveKind::Swap);
        if self.mover == Mover::Pawn
            && self.from_file.is_none()
            && matches!(self.separator, Separator::None | Separator::Dash)
            && !straight
        {
            return Some(Mismatch::NotStep);
        }
        None
    }
}
