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

/// Evaluations are kept inside this bound so decided results stay above them.
pub(crate) const EVAL_LIMIT: i32 = 50_000;

/// Placement tables built once per search for the board's shape.
pub(crate) struct Evaluator<G: Geometry> {
    /// `placement[color][role][square]` in centipoints.
    placement: [[[i16; 100]; 6]; 2],
    /// `passed_span[color][square]`: squares ahead on the pawn's file and
    /// the neighbouring files, where an enemy pawn stops it being passed.
    passed_span: [Vec<G::Bb>; 2],
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
        let passed_span = [Color::White, Color::Black].map(|color| {
            (0..G::square_count())
                .map(|sq| passed_span::<G>(Square(sq), color))
                .collect()
        });
        Evaluator {
            placement,
            passed_span,
            _board: PhantomData,
        }
    }

    /// The evaluation of `pos` for its side to move.
    pub(crate) fn evaluate(&self, pos: &Position<G>) -> i32 {
        let rules = pos.rules();
        let white = self.side_terms(pos, Color::White);
        let black = self.side_terms(pos, Color::Black);
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

    fn side_terms(&self, pos: &Position<G>, color: Color) -> SideTerms {
        let rules = pos.rules();
        let own = pos.pieces_of(color);
        let occupied = pos.occupied();
        let mut material = 0;
        let mut positional = 0;
        let table = &self.placement[color.index()];
        for role in Role::ALL {
            let set = pos.piece_set(Piece { color, role });
            let value = if rules.capture_points {
                i32::from(role.capture_points()) * 100
            } else {
                ROYAL_VALUES[role.index()]
            };
            material += value * set.count() as i32;
            for sq in set.squares() {
                positional += i32::from(table[role.index()][sq.index()]);
                positional += match role {
                    Role::Knight => 4 * (G::knight_attacks(sq) & !own).count() as i32,
                    Role::Bishop => 4 * (G::bishop_attacks(sq, occupied) & !own).count() as i32,
                    Role::Rook => 2 * (G::rook_attacks(sq, occupied) & !own).count() as i32,
                    Role::Queen => (G::queen_attacks(sq, occupied) & !own).count() as i32,
                    _ => 0,
                };
            }
        }
        positional += self.pawn_structure(pos, color);
        SideTerms {
            material,
            positional,
        }
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
            let neighbours = G::west(G::file(file)) | G::east(G::file(file));
            if (pawns & neighbours).is_empty() {
                value -= 10 * on_file;
            }
        }
        for sq in pawns.squares() {
            let span = self.passed_span[color.index()]
                .get(sq.index())
                .copied()
                .unwrap_or(G::Bb::EMPTY);
            if (enemy_pawns & span).is_empty() {
                let relative = i32::from(G::relative_rank(color, sq.rank(G::WIDTH)));
                value += relative * relative * 3;
            }
        }
        value
    }
}

struct SideTerms {
    material: i32,
    positional: i32,
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

fn passed_span<G: Geometry>(sq: Square, color: Color) -> G::Bb {
    let file = sq.file(G::WIDTH);
    let rank = sq.rank(G::WIDTH);
    let mut front = G::Bb::EMPTY;
    for r in 0..G::HEIGHT {
        let ahead = match color {
            Color::White => r > rank,
            Color::Black => r < rank,
        };
        if ahead {
            front |= G::rank(r);
        }
    }
    let mut files = G::file(file);
    if file > 0 {
        files |= G::file(file - 1);
    }
    if file + 1 < G::WIDTH {
        files |= G::file(file + 1);
    }
    front & files
}
