//! Bounds on the points lead where play stops, for the exact solver's
//! questions that stop a few plies ahead (a puzzle's "gain N in M").
//!
//! A few plies before the stop, and when no game can end before it, the
//! side to move's lead at the stop lies within a range read off the board:
//! it gains at most what it can capture (the first capture among the pieces
//! it attacks now, later ones at most the opponent's most valuable pieces),
//! and loses at most the most valuable of its own pieces. A threshold
//! outside that range is answered without a search. One ply before the stop
//! the range is exact: the side to move takes the best piece it attacks.
//!
//! The range only holds when nothing but points can decide: no side can lose
//! all its pieces, nobody can be left without a legal move, no threefold
//! repetition can arise and the move limit is not reached. Each is ruled
//! out from counts (pieces, free squares next to them, the plies since the
//! last irreversible move), never assumed; where one cannot be ruled out,
//! there is no bound and the search goes on as before.

use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::types::{Color, Role};
use crate::variant::Rules;

/// How many plies before the stop a bound is tried. Further away the sums
/// of the most valuable pieces are too loose to decide anything.
pub(super) const MAX_PLIES: u32 = 6;

/// The least and the most the side to move of `pos` can lead by, in points,
/// where play stops `plies` plies from now (`plies` ≥ 1), provided nothing
/// but points can decide the game before then ([`only_points_decide`],
/// which the caller asks only when the range would settle its question);
/// `None` outside the Norochess family's plain rules.
pub(super) fn lead_range<G: Geometry>(pos: &Position<G>, plies: u32) -> Option<(i32, i32)> {
    if plies == 0 || !plain_points_game(pos.rules()) {
        return None;
    }
    let us = pos.turn();
    let lead = pos.lead();
    let first = best_capture(pos, us);
    if plies == 1 {
        // Our move and then the stop: the best piece we attack is taken.
        return Some((lead + first, lead + first));
    }
    let our_plies = plies.div_ceil(2);
    let their_plies = plies / 2;
    let gain = first + most_valuable(pos, !us, our_plies - 1, our_plies - 1);
    let loss = most_valuable(pos, us, their_plies, their_plies);
    Some((lead - loss, lead + gain))
}

/// Whether nothing but points can decide the game of `pos` within `plies`
/// plies (`plies` ≥ 1): no side can lose its last piece or be left without
/// a move, no threefold repetition can arise and the move limit is not
/// reached. `path` holds the hashes of the game's positions up to and
/// including `pos`; `stop` is the game ply where play stops (0 is White's
/// first move).
pub(super) fn only_points_decide<G: Geometry>(
    pos: &Position<G>,
    path: &[u64],
    plies: u32,
    stop: u32,
) -> bool {
    // The move limit ends a game only at White's turn after Black's last
    // regular move; a stop before that ply never meets it.
    let Some(limit) = pos.rules().move_limit else {
        return false;
    };
    if plies == 0 || stop >= 2 * limit.regular_moves {
        return false;
    }
    let us = pos.turn();
    let them = !us;
    pos.pieces_of(them).count() > plies.div_ceil(2)
        && pos.pieces_of(us).count() > plies / 2
        && never_blocked(pos, us, them, plies)
        && no_repetition(pos, path, plies)
}

/// Whether the rules are the Norochess family's with the standard moves
/// the bounds reason about (no ram, swap, oblique step or castling).
fn plain_points_game(rules: &Rules) -> bool {
    rules.capture_points
        && !rules.royal_king
        && !rules.castling
        && !rules.ram
        && !rules.swap
        && rules.oblique.is_none()
        && rules.pawn_captures_pawns
}

/// Points of the most valuable piece of `them` that `us` attacks (an en
/// passant capture counts a pawn), 0 when none.
fn best_capture<G: Geometry>(pos: &Position<G>, us: Color) -> i32 {
    let occupied = pos.occupied();
    let enemy = pos.pieces_of(!us);
    for role in BY_VALUE {
        for sq in (pos.role_set(role) & enemy).squares() {
            if pos.attackers(sq, us, occupied).any() {
                return i32::from(role.capture_points());
            }
        }
    }
    let our_pawns = pos.role_set(Role::Pawn) & pos.pieces_of(us);
    match pos.ep_square() {
        Some(ep) if (G::pawn_attacks(!us, ep) & our_pawns).any() => 1,
        _ => 0,
    }
}

/// Roles from the most points to the least.
const BY_VALUE: [Role; 6] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::King,
    Role::Pawn,
];

/// The sum of the `count` largest capture values among `side`'s pieces, a
/// pawn within `promotion_moves` moves of the last rank counted as the
/// queen it may become.
fn most_valuable<G: Geometry>(
    pos: &Position<G>,
    side: Color,
    count: u32,
    promotion_moves: u32,
) -> i32 {
    if count == 0 {
        return 0;
    }
    let own = pos.pieces_of(side);
    let promoting =
        (pos.role_set(Role::Pawn) & own & near_promotion::<G>(side, promotion_moves)).count();
    let mut left = count;
    let mut sum = 0;
    for role in BY_VALUE {
        let pieces = (pos.role_set(role) & own).count();
        let pieces = match role {
            Role::Queen => pieces + promoting,
            Role::Pawn => pieces - promoting,
            _ => pieces,
        };
        let taken = pieces.min(left);
        sum += i32::from(role.capture_points()) * taken as i32;
        left -= taken;
        if left == 0 {
            break;
        }
    }
    sum
}

/// Squares from which a pawn of `side` promotes within `moves` moves.
fn near_promotion<G: Geometry>(side: Color, moves: u32) -> G::Bb {
    let last = u32::from(G::HEIGHT) - 1;
    let mut squares = G::Bb::EMPTY;
    for relative in last.saturating_sub(moves).max(1)..last {
        // `relative` < HEIGHT, which is a u8.
        squares |= G::rank(G::relative_rank(side, relative as u8));
    }
    squares
}

/// Whether neither side can be left without a legal move at any of its
/// turns before the stop. Only a piece other than a pawn is counted: one
/// that can step to a square next to it (or jump, for a knight) keeps a
/// move through any move of the opponent unless it is taken, and each move
/// of its own side fills at most one of those squares (and the piece that
/// moved is not counted on). So a side that must move `j` more times before
/// its last turn, while the other side captures up to `c` pieces, keeps a
/// move if `c + j + 1` of its pieces have at least `j + 1` free squares.
fn never_blocked<G: Geometry>(pos: &Position<G>, us: Color, them: Color, plies: u32) -> bool {
    // Our turns are at offsets 0, 2, …, below `plies`; before the last one
    // we move `j` times and the opponent captures up to `j` pieces.
    let j = (plies - 1) / 2;
    if mobile_pieces(pos, us, j + 1) < 2 * j + 1 {
        return false;
    }
    if plies < 2 {
        return true;
    }
    // Theirs at offsets 1, 3, …: before the last one they move `j` times
    // and we capture up to `j + 1` pieces.
    let j = (plies - 2) / 2;
    mobile_pieces(pos, them, j + 1) >= 2 * j + 2
}

/// How many pieces of `side` other than pawns have at least `free` squares
/// they could step to (not holding a piece of their own side).
fn mobile_pieces<G: Geometry>(pos: &Position<G>, side: Color, free: u32) -> u32 {
    let own = pos.pieces_of(side);
    let occupied = pos.occupied();
    let mut mobile = 0;
    for role in [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ] {
        for sq in (pos.role_set(role) & own).squares() {
            let steps = match role {
                Role::Knight => G::knight_attacks(sq),
                Role::Bishop => G::king_attacks(sq) & G::bishop_attacks(sq, occupied),
                Role::Rook => G::king_attacks(sq) & G::rook_attacks(sq, occupied),
                _ => G::king_attacks(sq),
            };
            if (steps & !own).count() >= free {
                mobile += 1;
            }
        }
    }
    mobile
}

/// Whether no threefold repetition can arise within `plies` plies. A
/// position recurs at the earliest four plies later (each side must move a
/// piece away and back), so a third occurrence needs eight plies since the
/// last capture or pawn move, or, within four plies, a position already
/// twice in that stretch of the game.
fn no_repetition<G: Geometry>(pos: &Position<G>, path: &[u64], plies: u32) -> bool {
    let reversible = pos.halfmove_clock();
    if reversible + plies < 8 {
        return true;
    }
    if plies > 4 {
        return false;
    }
    let Some(last) = path.len().checked_sub(1) else {
        return true;
    };
    let window = &path[last - (reversible as usize).min(last)..];
    !window
        .iter()
        .enumerate()
        .any(|(i, hash)| window[i + 1..].contains(hash))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::any::AnyPosition;
    use crate::geometry::Board8;
    use crate::variant::Variant;

    fn position(text: &str) -> Position<Board8> {
        match AnyPosition::from_text(Variant::Norochess, text) {
            Ok(AnyPosition::Eight(p)) => p,
            other => panic!("not an 8×8 test position: {other:?}"),
        }
    }

    #[test]
    fn one_ply_before_the_stop_the_best_attacked_piece_is_the_lead() {
        // The knight attacks the queen and a pawn; White leads by 3.
        let p = position("rnb1kbnr/pppp1ppp/8/3q4/8/2N5/PPPPPPPP/R1BQKBNR w - - 0 10 score=4-1");
        let ply = crate::engine::solver::game_ply(&AnyPosition::Eight(p));
        assert!(only_points_decide(&p, &[p.hash()], 2, ply + 2));
        assert_eq!(lead_range(&p, 1), Some((12, 12)));
        // Two plies: Black answers, and may take the queen back (9 points).
        let (low, high) = lead_range(&p, 2).expect("a bound");
        assert_eq!(high, 12);
        assert_eq!(low, 3 - 9);
    }

    #[test]
    fn no_bound_where_a_side_could_lose_its_last_piece_or_the_limit_comes() {
        let lone = position("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 10 score=20-30");
        assert!(!only_points_decide(&lone, &[lone.hash()], 2, 20));
        let p = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 48 score=0-0");
        let ply = crate::engine::solver::game_ply(&AnyPosition::Eight(p));
        assert!(!only_points_decide(&p, &[p.hash()], 2, ply + 2));
    }

    #[test]
    fn a_side_with_few_free_pieces_might_be_blocked() {
        // White's rook and bishop are boxed in by their own pawns.
        let boxed = position("7k/6pp/8/8/8/8/PPP5/RB6 w - - 0 10 score=5-5");
        assert!(!never_blocked(&boxed, Color::White, Color::Black, 1));
        let open = position("r6k/6pp/8/8/3N4/8/PP6/R3K3 w - - 0 10 score=5-5");
        assert!(never_blocked(&open, Color::White, Color::Black, 1));
        // Four plies ask three of White's pieces to have two free squares;
        // the rook has one.
        assert!(never_blocked(&open, Color::White, Color::Black, 2));
        assert!(!never_blocked(&open, Color::White, Color::Black, 4));
    }

    #[test]
    fn a_position_twice_in_the_stretch_allows_a_repetition() {
        let p = position("r3k3/8/8/8/8/8/8/R3K3 w - - 6 20 score=5-5");
        let fresh = [1, 2, 3, 4, 5, 6, p.hash()];
        assert!(no_repetition(&p, &fresh, 2));
        let repeated = [1, 2, 3, 1, 5, 6, p.hash()];
        assert!(!no_repetition(&p, &repeated, 2));
        assert!(!no_repetition(&p, &fresh, 6));
        let early = position("r3k3/8/8/8/8/8/8/R3K3 w - - 1 20 score=5-5");
        assert!(no_repetition(&early, &repeated, 6));
    }

    #[test]
    fn a_pawn_about_to_promote_counts_as_a_queen() {
        let p = position("4k3/1P6/8/8/8/8/8/4K2R b - - 0 10 score=0-0");
        assert_eq!(most_valuable(&p, Color::White, 1, 0), 5);
        assert_eq!(most_valuable(&p, Color::White, 1, 1), 9);
        assert_eq!(most_valuable(&p, Color::White, 2, 1), 14);
    }
}
