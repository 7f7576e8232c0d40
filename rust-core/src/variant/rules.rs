//! The rule data a game is made of: what the one move generator and the
//! referee consult instead of code per game.

use super::kind::Variant;
use crate::types::Role;

/// Board sizes the engine supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSize {
    /// 8×8, `u64` bitboards.
    Eight,
    /// 10×10, `u128` bitboards.
    Ten,
}

/// How far pawns may step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoubleStep {
    /// Two squares from the pawn's starting rank only (chess).
    FromStartRank,
    /// Two squares from any rank when both squares are empty (Ram, Frontal).
    FromAnyRank,
}

/// What a pawn reaching the last rank becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromotionRule {
    /// Queen, rook, bishop or knight, freely.
    Free,
    /// Only a type with fewer pieces on the board than at the start (Ram).
    Resurrection,
    /// Dethronement while both queens are on the board, else resurrection
    /// (Frontal).
    DethroneOrResurrection,
}

/// A restriction on White's opening play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    /// None.
    None,
    /// White's first move must be a single pawn step (Ram).
    FirstMoveSinglePawnStep,
    /// White's first pawn move may not be a double step (Frontal).
    FirstPawnMoveNotDouble,
}

/// Improved/Crab chess's oblique pawn step, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ObliqueStep {
    /// Bit `r` set for each relative rank `r` (0 = own back rank) where the
    /// step is allowed.
    pub relative_ranks: u16,
    /// Whether any piece in front counts as a blockage (else only enemies).
    pub blocked_by_any: bool,
}

/// The Norochess family's fixed game length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveLimit {
    /// Regular moves per player (48): after Black's move this many, the higher score wins.
    pub regular_moves: u32,
    /// Last possible move per player (60): a tie after Black's move this many is a draw.
    pub last_move: u32,
}

/// Everything the move generator and the referee need to know about a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The game these rules belong to.
    pub variant: Variant,
    /// Whether check, checkmate and stalemate exist.
    pub royal_king: bool,
    /// Whether standard chess castling exists.
    pub castling: bool,
    /// Whether en passant exists.
    pub en_passant: bool,
    /// Whether captures score points and a side without pieces loses (the
    /// Norochess family).
    pub capture_points: bool,
    /// How far pawns step.
    pub double_step: DoubleStep,
    /// Whether pawns capture pawns diagonally (not in Ram chess).
    pub pawn_captures_pawns: bool,
    /// Ram chess's ram.
    pub ram: bool,
    /// Frontal chess's swap.
    pub swap: bool,
    /// The promotion policy.
    pub promotion: PromotionRule,
    /// The opening restriction.
    pub opening: OpeningRule,
    /// Improved/Crab chess's oblique step.
    pub oblique: Option<ObliqueStep>,
    /// How many of each role a side has at the start (resurrection limits),
    /// indexed by [`Role::index`].
    pub start_counts: [u8; 6],
    /// The fixed game length, in the Norochess family.
    pub move_limit: Option<MoveLimit>,
}

/// The roles a resurrection may bring back: non-pawn, non-king roles.
pub(crate) const RESURRECTABLE: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
