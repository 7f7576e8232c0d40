//! Static evaluation, in centipoints from the side to move's point of view.
//!
//! Royal games count material, piece placement, mobility and pawn structure
//! in centipawns. The Norochess family estimates the final margin: the
//! score difference already banked, plus the material on the board weighted
//! by how much game is left to turn it into captures.

use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};
use std::marker::PhantomData;

/// Piece values in centipawns for royal games (the king is priceless).
pub(crate) const ROYAL_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// A piece's material value: its capture points in centipoints in the
/// Norochess family, its centipawn value in royal games (the king 0).
pub(crate) fn material_value(capture_points: bool, role: Role) -> i32 {
    if capture_points {
        i32::from(role.capture_points()) * 100
    } else {
        ROYAL_VALUES[role.index()]
    }
}

/// Evaluations are kept inside this bound so decided results stay above them.
pub(crate) const EVAL_LIMIT: i32 = 50_000;

/// Placement tables built once per search for the board's shape.
pub(crate) struct Evaluator<G: Geometry> {
    /// `placement[color][role][square]` in centipoints.
    placement: [[[i16; 100]; 6]; 2],
    /// `front_span[color][square]`: squares ahead on the pawn's file.
    front_span: [Vec<G::Bb>; 2],
    /// `side_span[color][square]`: squares ahead on the neighbouring files.
    side_span: [Vec<G::Bb>; 2],
    _board: PhantomData<G>,
}

impl<G: Geometry> Evaluator<G> {
    pub(crate) fn new(royal_king: bool) -> Self {
        let mut placement = [[[0i16; 100]; 6]; 2];
        let (w, h) = (i32::from(G::WIDTH), i32::from(G::HEIGHT));
        for sq in 0..(w * h) {
            let (file, rank) = (sq % w, sq / w);
            // Twice the distance from the centre, so even boards stay integral.
            let from_centre = (2 * file - (w - 1)).abs() + (2 * rank - (h - 1)).abs();
            let centrality = (w + h - 2) - from_centre;
            for color in Color::ALL {
                let relative = if color == Color::White {
                    rank
                } else {
                    h - 1 - rank
                };
                let table = &mut placement[color.index()];
                let s = sq as usize;
                table[Role::Knight.index()][s] = (centrality * 4 - 20) as i16;
                table[Role::Bishop.index()][s] = (centrality * 2 - 8) as i16;
                table[Role::Rook.index()][s] = if relative == h - 2 { 15 } else { 0 };
                table[Role::Queen.index()][s] = centrality as i16;
                let advance = relative - 1;
                let central_file = if (file - (w - 1) / 2).abs() <= 1 {
                    6
                } else {
                    0
                };
                table[Role::Pawn.index()][s] =
                    (advance * advance * 2 + central_file * advance.min(3)) as i16;
                table[Role::King.index()][s] = if royal_king {
                    // Early on the royal king wants shelter at home.
                    (if relative == 0 {
                        10
                    } else {
                        -10 * relative.min(3)
                    }) as i16
                } else {
                    (centrality - 6) as i16
                };
            }
        }
        let span = |files: fn(u8) -> G::Bb| {
            [Color::White, Color::Black].map(|color| {
                (0..G::square_count())
                    .map(|sq| ahead::<G>(Square(sq), color) & files(Square(sq).file(G::WIDTH)))
                    .collect()
            })
        };
        Evaluator {
            placement,
            front_span: span(G::file),
            side_span: span(neighbour_files::<G>),
            _board: PhantomData,
        }
    }

    /// The evaluation of `pos` for its side to move.
    pub(crate) fn evaluate(&self, pos: &Position<G>) -> i32 {
        let rules = pos.rules();
        let mut white = self.side_terms(pos, Color::White);
        let mut black = self.side_terms(pos, Color::Black);
        let white_threats = self.threats(pos, Color::White, &white, &black);
        let black_threats = self.threats(pos, Color::Black, &black, &white);
        white.positional += white_threats;
        black.positional += black_threats;
        let value = if rules.capture_points {
            let banked =
                100 * (i32::from(pos.score(Color::White)) - i32::from(pos.score(Color::Black)));
            let weight = material_weight(pos);
            banked
                + ((white.material - black.material) * weight) / 100
                + (white.positional - black.positional) * weight / 60
        } else {
            white.material - black.material + white.positional - black.positional
        };
        let tempo = 10;
        let relative = if pos.turn() == Color::White {
            value
        } else {
            -value
        };
        (relative + tempo).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    fn side_terms(&self, pos: &Position<G>, color: Color) -> SideTerms<G::Bb> {
        let rules = pos.rules();
        let own = pos.pieces_of(color);
        let occupied = pos.occupied();
        let mut material = 0;
        let mut positional = 0;
        let (mut attacks, mut pawn_attacks, mut minor_attacks) =
            (G::Bb::EMPTY, G::Bb::EMPTY, G::Bb::EMPTY);
        let table = &self.placement[color.index()];
        for role in Role::ALL {
            let set = pos.piece_set(Piece { color, role });
            let value = material_value(rules.capture_points, role);
            material += value * set.count() as i32;
            for sq in set.squares() {
                positional += i32::from(table[role.index()][sq.index()]);
                let reach = match role {
                    Role::Knight => G::knight_attacks(sq),
                    Role::Bishop => G::bishop_attacks(sq, occupied),
                    Role::Rook => G::rook_attacks(sq, occupied),
                    Role::Queen => G::queen_attacks(sq, occupied),
                    Role::King => G::king_attacks(sq),
                    Role::Pawn => G::pawn_attacks(color, sq),
                };
                attacks |= reach;
                if matches!(role, Role::Knight | Role::Bishop) {
                    minor_attacks |= reach;
                }
                if role == Role::Pawn {
                    pawn_attacks |= reach;
                }
                positional += match role {
                    Role::Knight | Role::Bishop => 4 * (reach & !own).count() as i32,
                    Role::Rook => 2 * (reach & !own).count() as i32,
                    Role::Queen => (reach & !own).count() as i32,
                    _ => 0,
                };
            }
        }
        positional += self.pawn_structure(pos, color);
        SideTerms {
            material,
            positional,
            attacks,
            pawn_attacks,
            minor_attacks,
        }
    }

    /// What `color`'s attacks threaten: enemy pieces attacked by pawns,
    /// rooks and queens attacked by knights and bishops, and pieces
    /// attacked but not defended. Quiescence resolves the mover's
    /// captures; this is what a quiet position still holds.
    fn threats(
        &self,
        pos: &Position<G>,
        color: Color,
        ours: &SideTerms<G::Bb>,
        theirs: &SideTerms<G::Bb>,
    ) -> i32 {
        let rules = pos.rules();
        let value = |role: Role| material_value(rules.capture_points, role);
        let mut enemy = pos.pieces_of(!color);
        if rules.royal_king {
            enemy &= !pos.role_set(Role::King);
        }
        let pawns = pos.role_set(Role::Pawn);
        let heavy = pos.role_set(Role::Rook) | pos.role_set(Role::Queen);
        let mut total = 0;
        for sq in (enemy & !pawns & ours.pawn_attacks).squares() {
            total += 30 + pos.role_at(sq).map_or(0, value) / 8;
        }
        total += 40 * (enemy & heavy & ours.minor_attacks).count() as i32;
        for sq in (enemy & ours.attacks & !theirs.attacks).squares() {
            total += 10 + pos.role_at(sq).map_or(0, value) / 10;
        }
        total
    }

    fn pawn_structure(&self, pos: &Position<G>, color: Color) -> i32 {
        let pawns = pos.piece_set(Piece {
            color,
            role: Role::Pawn,
        });
        if pawns.is_empty() {
            return 0;
        }
        let enemy_pawns = pos.piece_set(Piece {
            color: !color,
            role: Role::Pawn,
        });
        let mut value = 0;
        for file in 0..G::WIDTH {
            let on_file = (pawns & G::file(file)).count() as i32;
            if on_file == 0 {
                continue;
            }
            if on_file > 1 {
                value -= 12 * (on_file - 1);
            }
            if (pawns & neighbour_files::<G>(file)).is_empty() {
                value -= 10 * on_file;
            }
        }
        let rules = pos.rules();
        // Which enemy pawns can stop a pawn: in Frontal chess a pawn straight
        // ahead is swapped past, so only those beside that can take it. (In
        // Ram chess only a pawn straight ahead can, but counting just that
        // one scored 47.8% in 600 A/B games, so Ram keeps the usual span.)
        let (front, side) = if rules.swap {
            (false, true)
        } else {
            (true, true)
        };
        // A resurrection game with nothing to resurrect closes the last rank.
        let promotes = pos.can_promote(color);
        for sq in pawns.squares() {
            let span_of = |spans: &[Vec<G::Bb>; 2]| {
                spans[color.index()]
                    .get(sq.index())
                    .copied()
                    .unwrap_or(G::Bb::EMPTY)
            };
            let mut stoppers = G::Bb::EMPTY;
            if front {
                stoppers |= span_of(&self.front_span);
            }
            if side {
                stoppers |= span_of(&self.side_span);
            }
            if (enemy_pawns & stoppers).is_empty() {
                let relative = i32::from(G::relative_rank(color, sq.rank(G::WIDTH)));
                let bonus = relative * relative * 3;
                value += if promotes { bonus } else { bonus / 4 };
            }
        }
        value
    }
}

struct SideTerms<B> {
    material: i32,
    positional: i32,
    /// Squares the side's pieces attack.
    attacks: B,
    /// Squares its pawns attack.
    pawn_attacks: B,
    /// Squares its knights and bishops attack.
    minor_attacks: B,
}

/// How much board material counts toward the final margin (percent): a lot
/// with many moves left, little when the end is near.
pub(crate) fn material_weight<G: Geometry>(pos: &Position<G>) -> i32 {
    let left = plies_to_decision(pos);
    15 + (45 * left.min(40) / 40) as i32
}

/// Plies until the next point where the Norochess move limit can end the
/// game (after Black's 48th move, then after each overtime Black move).
pub(crate) fn plies_to_decision<G: Geometry>(pos: &Position<G>) -> u32 {
    let Some(limit) = pos.rules().move_limit else {
        return u32::MAX;
    };
    let number = pos.fullmove_number();
    let target = number.max(limit.regular_moves).min(limit.last_move);
    let own_ply = if pos.turn() == Color::White { 2 } else { 1 };
    2 * target.saturating_sub(number) + own_ply
}

/// The squares on ranks ahead of `sq` for `color`.
fn ahead<G: Geometry>(sq: Square, color: Color) -> G::Bb {
    let rank = sq.rank(G::WIDTH);
    let mut front = G::Bb::EMPTY;
    for r in 0..G::HEIGHT {
        let is_ahead = match color {
            Color::White => r > rank,
            Color::Black => r < rank,
        };
        if is_ahead {
            front |= G::rank(r);
        }
    }
    front
}

/// The files beside `file`.
fn neighbour_files<G: Geometry>(file: u8) -> G::Bb {
    G::west(G::file(file)) | G::east(G::file(file))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Board10;
    use crate::variant::Variant;

    /// White's evaluation of a 10×10 position with a White pawn on e6 and a
    /// Black pawn on `black_pawn_rank8` (a rank-8 FEN row).
    fn white_pawn_value(variant: Variant, black_pawn_rank8: &str) -> i32 {
        let text = format!("5k4/10/{black_pawn_rank8}/10/4P5/10/10/10/10/5K4 w - - 0 1");
        let pos = Position::<Board10>::from_text(&text, variant.rules()).expect("valid position");
        Evaluator::<Board10>::new(true).evaluate(&pos)
    }

    #[test]
    fn frontal_pawns_swap_past_a_pawn_straight_ahead() {
        // In Frontal chess e6 swaps past e8 but d8 can take it.
        let in_front = white_pawn_value(Variant::Frontal, "4p5");
        let beside = white_pawn_value(Variant::Frontal, "3p6");
        assert!(in_front > beside + 50, "{in_front} vs {beside}");
    }

    #[test]
    fn a_closed_last_rank_devalues_passed_pawns() {
        // With every piece type still on the board a Ram pawn cannot
        // promote, so its passed-pawn bonus mostly goes.
        let full = "1rnbqkbnr1/10/10/10/4P5/10/10/10/10/1RNBQKBNR1 w - - 0 1";
        let missing_rook = "1rnbqkbnr1/10/10/10/4P5/10/10/10/10/2NBQKBNR1 w - - 0 1";
        let rules = Variant::Ram.rules();
        let eval = Evaluator::<Board10>::new(true);
        let pawn = |text: &str| {
            let pos = Position::<Board10>::from_text(text, rules).expect("valid position");
            let terms = eval.pawn_structure(&pos, Color::White);
            (pos.can_promote(Color::White), terms)
        };
        let (closed, closed_value) = pawn(full);
        let (open, open_value) = pawn(missing_rook);
        assert!(!closed && open);
        assert!(
            open_value > closed_value + 30,
            "{open_value} vs {closed_value}"
        );
    }
}
