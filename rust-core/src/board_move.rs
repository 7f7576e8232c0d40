//! Moves as a board produces them: a piece taken from one square and put on
//! another, and for a pawn reaching the last rank the piece it becomes. The
//! one place that turns "from, to, promotion" into a legal move, for
//! [`crate::Game`], the bindings and the terminal app.

use crate::any::AnyPosition;
use crate::error::MoveError;
use crate::moves::Move;
use crate::types::{Role, Square};

impl AnyPosition {
    /// The legal moves from `from` to `to`: none, one, or one per piece a
    /// promoting pawn may become (in the order of [`Role::PROMOTIONS`]).
    pub fn moves_between(&self, from: Square, to: Square) -> Vec<Move> {
        self.legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .collect()
    }

    /// The legal move from `from` to `to`, with `promotion` choosing what a
    /// pawn reaching the last rank becomes. A move without choices (one
    /// candidate that is no promotion, such as a dethronement) ignores
    /// `promotion`; a promotion among several needs it and otherwise gives
    /// [`MoveError::PromotionRequired`] with the choices; a piece that is
    /// not among them gives [`MoveError::Illegal`].
    pub fn move_for(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, MoveError> {
        let candidates = self.moves_between(from, to);
        let text = format!("{}{}", self.square_name(from), self.square_name(to));
        let choices: Vec<Role> = candidates.iter().filter_map(|m| m.promotion()).collect();
        let names = |roles: &[Role]| {
            roles
                .iter()
                .map(|r| r.name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match (promotion, candidates.as_slice(), choices.as_slice()) {
            (_, [], _) => Err(MoveError::Illegal {
                text,
                reason: "no legal move joins those squares".to_string(),
            }),
            (_, [only], []) | (None, [only], _) => Ok(*only),
            (None, _, several) => Err(MoveError::PromotionRequired {
                reason: format!("choose a promotion: {}", names(several)),
                text,
                from,
                to,
                choices: several.to_vec(),
            }),
            (Some(role), _, offered) => candidates
                .iter()
                .copied()
                .find(|m| m.promotion() == Some(role))
                .ok_or_else(|| MoveError::Illegal {
                    reason: format!(
                        "the pawn cannot become a {} here; choose a promotion: {}",
                        role.name(),
                        names(offered)
                    ),
                    text,
                }),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{AnyPosition, MoveError, MoveKind, Role, Variant};

    fn position(variant: Variant, text: &str) -> AnyPosition {
        match AnyPosition::from_text(variant, text) {
            Ok(p) => p,
            Err(e) => panic!("{text}: {e}"),
        }
    }

    #[test]
    fn a_promotion_needs_its_piece_and_other_moves_do_not() {
        let pos = position(Variant::Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let sq = |name: &str| pos.parse_square(name).expect("a square of the board");
        assert_eq!(pos.moves_between(sq("a7"), sq("a8")).len(), 4);
        assert!(matches!(
            pos.move_for(sq("a7"), sq("a8"), None),
            Err(MoveError::PromotionRequired { ref choices, .. }) if choices[..] == Role::PROMOTIONS
        ));
        assert_eq!(
            pos.move_for(sq("a7"), sq("a8"), Some(Role::Knight))
                .map(|m| m.kind),
            Ok(MoveKind::Promotion(Role::Knight))
        );
        assert!(matches!(
            pos.move_for(sq("a7"), sq("a8"), Some(Role::King)),
            Err(MoveError::Illegal { .. })
        ));
        // An ordinary move ignores the piece.
        assert!(pos.move_for(sq("e1"), sq("e2"), Some(Role::Queen)).is_ok());
        assert!(matches!(
            pos.move_for(sq("e1"), sq("e3"), None),
            Err(MoveError::Illegal { .. })
        ));
    }

    #[test]
    fn a_single_resurrection_must_still_be_the_piece_asked_for() {
        // Ram chess: White has lost only its queen, so e9-e10 brings it back.
        let pos = position(
            Variant::Ram,
            "1rnb2bnrk/4P5/10/10/10/10/10/10/10/1RNB1KBNR1 w - - 0 1",
        );
        let sq = |name: &str| pos.parse_square(name).expect("a square of the board");
        assert_eq!(
            pos.move_for(sq("e9"), sq("e10"), None).map(|m| m.kind),
            Ok(MoveKind::Promotion(Role::Queen))
        );
        assert!(matches!(
            pos.move_for(sq("e9"), sq("e10"), Some(Role::Rook)),
            Err(MoveError::Illegal { .. })
        ));
    }
}
