//! The tactical motifs a puzzle's key move sets up, read from the board
//! after it: a pin or a skewer along the line of the piece that moved, an
//! attack discovered by moving out of a friendly line piece's way, and an
//! enemy piece left with nowhere safe to go. The tagger names a motif only
//! when the line then cashes it in (a later move of the player's takes the
//! piece it was about), so a pin the solution never uses is not a "pin".
//!
//! Values are capture points (the king is worth 2 in the Norochess family),
//! so a pin or a skewer is about points, not about the king's safety.

use crate::any::{with_position, AnyPosition};
use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::Position;
use crate::types::{Color, Role, Square};

/// A piece worth this much or more is worth a motif (a knight or a bishop).
const MOTIF_POINTS: u16 = 3;

/// What the key move set up; each square is where the piece the motif is
/// about stands after the key move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Motifs {
    /// Pins: the pinned piece and the more valuable piece behind it.
    pub pinned: Vec<Square>,
    /// Skewers: the less valuable piece behind the one attacked.
    pub skewered: Vec<Square>,
    /// Pieces a friendly line piece attacks once the moved piece left its
    /// line.
    pub discovered: Vec<Square>,
    /// Attacked enemy pieces whose every move lands on an attacked square.
    pub trapped: Vec<Square>,
}

/// The motifs `m` (the player's key move from `before`) sets up.
pub(super) fn motifs_of(before: &AnyPosition, m: Move) -> Motifs {
    let Ok(after) = before.play(m) else {
        return Motifs::default();
    };
    let player = before.turn();
    with_position!(&after, p => {
        let mut motifs = Motifs::default();
        line_motifs(p, m.to, player, &mut motifs);
        motifs.discovered = discovered(p, m, player);
        motifs.trapped = trapped(p, player);
        motifs
    })
}

/// The capture points of the piece on `sq`.
fn value<G: Geometry>(p: &Position<G>, sq: Square) -> u16 {
    p.role_at(sq).map_or(0, Role::capture_points)
}

/// The squares a line piece of `role` on `sq` attacks over `occupied`;
/// empty for a piece that does not slide.
fn line_attacks<G: Geometry>(role: Role, sq: Square, occupied: G::Bb) -> G::Bb {
    match role {
        Role::Rook => G::rook_attacks(sq, occupied),
        Role::Bishop => G::bishop_attacks(sq, occupied),
        Role::Queen => G::queen_attacks(sq, occupied),
        _ => G::Bb::EMPTY,
    }
}

/// Pins and skewers by the line piece on `from`: an enemy piece it
/// attacks with another enemy piece right behind it on the same line.
fn line_motifs<G: Geometry>(p: &Position<G>, from: Square, player: Color, motifs: &mut Motifs) {
    let Some(role) = p.role_at(from) else {
        return;
    };
    let occupied = p.occupied();
    let enemy = p.pieces_of(!player);
    let seen = line_attacks::<G>(role, from, occupied);
    for front in (seen & enemy).squares() {
        // What the piece would see with `front` gone: only squares beyond
        // it on its line are new.
        let beyond = line_attacks::<G>(role, from, occupied ^ G::Bb::from_square(front)) & !seen;
        let Some(behind) = (beyond & enemy).first() else {
            continue;
        };
        let (front_value, behind_value) = (value(p, front), value(p, behind));
        if behind_value > front_value && behind_value >= MOTIF_POINTS {
            motifs.pinned.push(front);
            motifs.pinned.push(behind);
        } else if front_value > behind_value && front_value >= MOTIF_POINTS {
            motifs.skewered.push(behind);
        }
    }
}

/// Enemy pieces worth a motif that a friendly line piece attacks through
/// the square `m` left.
fn discovered<G: Geometry>(p: &Position<G>, m: Move, player: Color) -> Vec<Square> {
    let occupied = p.occupied();
    let enemy = p.pieces_of(!player);
    let mut targets = Vec::new();
    for from in p.pieces_of(player).squares() {
        if from == m.to {
            continue;
        }
        let Some(role) = p.role_at(from) else {
            continue;
        };
        for target in (line_attacks::<G>(role, from, occupied) & enemy).squares() {
            if value(p, target) >= MOTIF_POINTS && G::between(from, target).has(m.from) {
                targets.push(target);
            }
        }
    }
    targets
}

/// Enemy pieces worth a motif that the player attacks and whose every
/// move (the opponent is to move) lands on a square the player attacks.
fn trapped<G: Geometry>(p: &Position<G>, player: Color) -> Vec<Square> {
    let moves = p.legal_moves();
    p.pieces_of(!player)
        .squares()
        .filter(|&sq| value(p, sq) >= MOTIF_POINTS && p.is_attacked(sq, player))
        .filter(|&sq| {
            moves.iter().filter(|m| m.from == sq).all(|m| {
                let mut next = *p;
                next.play_unchecked(*m);
                next.is_attacked(m.to, player)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn motifs(text: &str, m: &str) -> (AnyPosition, Motifs) {
        let position = AnyPosition::from_text(Variant::Norochess, text).expect("position");
        let key = position.parse_move(m).expect("legal key move");
        (position, motifs_of(&position, key))
    }

    fn square(position: &AnyPosition, name: &str) -> Square {
        position.parse_square(name).expect("a square")
    }

    #[test]
    fn a_bishop_pins_a_knight_to_the_rook_behind_it() {
        let (p, found) = motifs("4k3/8/5r2/4n3/8/8/8/B3K3 w - - 0 30 score=40-40", "Bd4");
        assert_eq!(found.pinned, [square(&p, "e5"), square(&p, "f6")]);
        assert!(found.skewered.is_empty());
    }

    #[test]
    fn a_rook_skewers_the_queen_to_the_knight_behind_it() {
        let (p, found) = motifs("4k3/8/8/n2q4/8/8/8/4K2R w - - 0 30 score=40-40", "Rh5");
        assert_eq!(found.skewered, [square(&p, "a5")]);
        assert!(found.pinned.is_empty());
    }

    #[test]
    fn moving_out_of_the_line_discovers_the_rooks_attack() {
        let (p, found) = motifs("4k3/8/8/8/q7/8/N7/R3K3 w - - 0 30 score=40-40", "Nc3");
        assert_eq!(found.discovered, [square(&p, "a4")]);
    }

    #[test]
    fn a_knight_on_the_rim_with_every_square_covered_is_trapped() {
        // The knight on a8 can only go to b6 (the c5 pawn takes there) or
        // c7 (the e5 bishop's): the rook's arrival on the a-file traps it.
        let (p, found) = motifs("n3k3/8/8/2P1B3/8/8/4K3/7R w - - 0 30 score=40-40", "Ra1");
        assert_eq!(found.trapped, [square(&p, "a8")]);
        // With the bishop elsewhere, c7 is a way out.
        let (_, free) = motifs("n3k3/8/8/2P5/8/8/4K1B1/7R w - - 0 30 score=40-40", "Ra1");
        assert!(free.trapped.is_empty(), "{free:?}");
    }
}
