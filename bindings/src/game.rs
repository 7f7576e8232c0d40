//! A game the app plays, reviews, saves and restores.

use crate::error::{NorochessError, Result};
use crate::types::PieceKind;
use norochess_core as core;
use norochess_core::{AnyPosition, Square};

/// Why a game ended: the core's `EndReason`, declared for UniFFI by the app layer.
pub use norochess_core::EndReason;

uniffi::use_remote_type!(norochess_app::norochess_core::EndReason);

/// How a game ended, with its sentences as methods: the app layer's record
/// (also a board's `outcome`).
pub use norochess_app::GameResult;

/// The board of one position: the app layer's record (`GameSnapshot` in
/// Kotlin and Swift).
pub use norochess_app::BoardView;

/// Overtime in a Norochess game: the core's `Overtime`, declared for
/// UniFFI by the app layer.
pub use norochess_core::Overtime;

uniffi::use_remote_type!(norochess_app::norochess_core::Overtime);

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
