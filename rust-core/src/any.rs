//! A position of any game, whatever its board size: the entry point for
//! callers that choose the game at run time (CLI, bindings, saved games).

use crate::error::{Error, MoveError};
use crate::geometry::{Board10, Board8, Geometry};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::{BoardSize, Variant};

/// A position on whichever board its game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    /// An 8×8 game.
    Eight(Position<Board8>),
    /// A 10×10 game.
    Ten(Position<Board10>),
}

/// Runs `$body` with `$p` bound to the inner position, whatever its board:
/// the one dispatch from a run-time board to the generic code.
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::any::AnyPosition::Eight($p) => $body,
            $crate::any::AnyPosition::Ten($p) => $body,
        }
    };
}
pub(crate) use with_position;

impl AnyPosition {
    /// The start position of `variant` (`start` picks a Norochess960 set-up).
    pub fn start(variant: Variant, start: Option<u16>) -> Result<Self, Error> {
        let text = variant.start_text(start)?;
        Ok(Self::from_text(variant, &text)?)
    }

    /// Reads a position text for `variant`.
    pub fn from_text(variant: Variant, text: &str) -> Result<Self, crate::error::PositionError> {
        let rules = variant.rules();
        Ok(match variant.board_size() {
            BoardSize::Eight => AnyPosition::Eight(Position::from_text(text, rules)?),
            BoardSize::Ten => AnyPosition::Ten(Position::from_text(text, rules)?),
        })
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        with_position!(self, p => p.rules().variant)
    }

    /// The canonical position text.
    pub fn to_text(&self) -> String {
        with_position!(self, p => p.to_text())
    }

    /// Number of files.
    pub fn width(&self) -> u8 {
        match self {
            AnyPosition::Eight(_) => Board8::WIDTH,
            AnyPosition::Ten(_) => Board10::WIDTH,
        }
    }

    /// Number of ranks.
    pub fn height(&self) -> u8 {
        match self {
            AnyPosition::Eight(_) => Board8::HEIGHT,
            AnyPosition::Ten(_) => Board10::HEIGHT,
        }
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        with_position!(self, p => p.legal_moves().to_vec())
    }

    /// The legal moves in coordinate notation, sorted (handy for tests and
    /// diagnostics).
    pub fn legal_uci(&self) -> Vec<String> {
        let width = self.width();
        let mut moves: Vec<String> = self
            .legal_moves()
            .into_iter()
            .map(|m| m.uci(width))
            .collect();
        moves.sort();
        moves
    }

    /// Leaf count of the legal move tree to `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        with_position!(self, p => p.perft(depth))
    }

    /// Leaf counts per root move, with the moves in coordinate notation.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let width = self.width();
        with_position!(self, p => p.divide(depth))
            .into_iter()
            .map(|(m, n)| (m.uci(width), n))
            .collect()
    }

    /// Finds the legal move written in coordinate notation (`e2e4`, `e7e8q`,
    /// `a9a10` on 10×10).
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to, promotion) =
            crate::notation::parse_coordinates(text, self.width(), self.height())?;
        self.legal_moves()
            .into_iter()
            .find(|m| m.from == from && m.to == to && m.promotion() == promotion)
            .ok_or_else(|| MoveError::Illegal {
                text: text.to_string(),
                reason: "no legal move joins those squares".to_string(),
            })
    }

    /// The legal move `m` in SAN (`Nf3`, `exd6`, `e8=Q`, `O-O`, `exe5`,
    /// `e~e5`, `e10^`), with `+`/`#` in games with a royal king.
    pub fn to_san(&self, m: Move) -> String {
        with_position!(self, p => crate::notation::to_san(p, m))
    }

    /// The legal move `m` in long algebraic notation (`Ng1-f3`, `Nc6xd4`,
    /// `e7-e8=Q`, `O-O`, `e4xe5`, `e4~e5`, `e9-e10^`).
    pub fn to_long(&self, m: Move) -> String {
        with_position!(self, p => crate::notation::to_long(p, m))
    }

    /// Finds the legal move written as `text` in SAN, long algebraic or
    /// coordinate notation, forgiving common sloppiness (see
    /// [`crate::parse_move`]).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        with_position!(self, p => crate::notation::parse_move(p, text))
    }

    /// Plays a legal move.
    pub fn play(&self, m: Move) -> Result<Self, MoveError> {
        Ok(match self {
            AnyPosition::Eight(p) => AnyPosition::Eight(p.play(m)?),
            AnyPosition::Ten(p) => AnyPosition::Ten(p.play(m)?),
        })
    }
}
