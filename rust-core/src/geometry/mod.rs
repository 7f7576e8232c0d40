//! Board shapes and their attack tables. Each shape is a zero-sized type
//! implementing [`Geometry`], so move generation is compiled once per board
//! size with the right bitboard width and the tables inlined.

mod board10;
mod board8;
mod build;
mod magics8;

pub use board10::Board10;
pub use board8::Board8;

use crate::bitboard::Bitboard;
use crate::types::{Color, Role, Square};

/// A board shape: its size, its bitboard type and its attack tables.
pub trait Geometry:
    Copy + Clone + Default + std::fmt::Debug + PartialEq + Eq + Send + Sync + 'static
{
    /// The square-set type (`u64` for 8×8, `u128` for 10×10).
    type Bb: Bitboard;
    /// A role per square, `[Option<Role>; N]` for the board's N squares:
    /// sized to the board so 8×8 positions copy no 10×10 table.
    type Roles: Copy
        + std::fmt::Debug
        + PartialEq
        + Eq
        + Send
        + Sync
        + AsRef<[Option<Role>]>
        + AsMut<[Option<Role>]>
        + 'static;
    /// Every square empty.
    const NO_ROLES: Self::Roles;
    /// Number of files.
    const WIDTH: u8;
    /// Number of ranks.
    const HEIGHT: u8;
    /// Every square of the board.
    const ALL: Self::Bb;
    /// The a-file.
    const FILE_FIRST: Self::Bb;
    /// The last file (h or j).
    const FILE_LAST: Self::Bb;

    /// Number of squares.
    #[inline]
    fn square_count() -> u8 {
        Self::WIDTH * Self::HEIGHT
    }

    /// All squares of rank `rank` (0-based).
    fn rank(rank: u8) -> Self::Bb;
    /// All squares of file `file` (0-based).
    fn file(file: u8) -> Self::Bb;

    /// Squares a knight on `sq` attacks.
    fn knight_attacks(sq: Square) -> Self::Bb;
    /// Squares a king on `sq` attacks.
    fn king_attacks(sq: Square) -> Self::Bb;
    /// Squares a pawn of `color` on `sq` attacks (its two forward diagonals).
    fn pawn_attacks(color: Color, sq: Square) -> Self::Bb;
    /// Squares a rook on `sq` attacks given the occupied squares.
    fn rook_attacks(sq: Square, occupied: Self::Bb) -> Self::Bb;
    /// Squares a bishop on `sq` attacks given the occupied squares.
    fn bishop_attacks(sq: Square, occupied: Self::Bb) -> Self::Bb;
    /// Squares strictly between `a` and `b` if they share a line, else empty.
    fn between(a: Square, b: Square) -> Self::Bb;
    /// The whole line (edge to edge) through `a` and `b`, or empty if none.
    fn line(a: Square, b: Square) -> Self::Bb;

    /// Squares a queen on `sq` attacks given the occupied squares.
    #[inline]
    fn queen_attacks(sq: Square, occupied: Self::Bb) -> Self::Bb {
        Self::rook_attacks(sq, occupied) | Self::bishop_attacks(sq, occupied)
    }

    /// Shifts a set one rank forward from `color`'s point of view.
    #[inline]
    fn forward(color: Color, bb: Self::Bb) -> Self::Bb {
        match color {
            Color::White => (bb << u32::from(Self::WIDTH)) & Self::ALL,
            Color::Black => bb >> u32::from(Self::WIDTH),
        }
    }

    /// Shifts a set one rank backward from `color`'s point of view.
    #[inline]
    fn backward(color: Color, bb: Self::Bb) -> Self::Bb {
        Self::forward(!color, bb)
    }

    /// Shifts a set one file toward the a-file, dropping the a-file.
    #[inline]
    fn west(bb: Self::Bb) -> Self::Bb {
        (bb & !Self::FILE_FIRST) >> 1
    }

    /// Shifts a set one file away from the a-file, dropping the last file.
    #[inline]
    fn east(bb: Self::Bb) -> Self::Bb {
        (bb & !Self::FILE_LAST) << 1
    }

    /// The rank (0-based) that is `relative` ranks from `color`'s own back rank.
    #[inline]
    fn relative_rank(color: Color, relative: u8) -> u8 {
        match color {
            Color::White => relative,
            Color::Black => Self::HEIGHT - 1 - relative,
        }
    }

    /// The square's algebraic name on this board.
    fn square_name(sq: Square) -> String {
        sq.name(Self::WIDTH)
    }

    /// Parses an algebraic square name on this board.
    fn parse_square(text: &str) -> Option<Square> {
        Square::parse(text, Self::WIDTH, Self::HEIGHT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bitboard;
    use crate::rng::SplitMix64;

    /// Slow reference slider used to check both fast implementations.
    fn slow_slide(w: i32, h: i32, sq: i32, occ: u128, dirs: &[(i32, i32)]) -> u128 {
        let mut attacks = 0u128;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (sq % w + df, sq / w + dr);
            while (0..w).contains(&f) && (0..h).contains(&r) {
                let bit = 1u128 << (r * w + f);
                attacks |= bit;
                if occ & bit != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        attacks
    }

    const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

    #[test]
    fn sliders_match_reference_on_8x8() {
        let mut rng = SplitMix64::new(0x1234_5678_9abc_def1);
        for _ in 0..2000 {
            let occ = rng.next_u64() & rng.next_u64();
            for sq in 0..64u8 {
                let s = Square(sq);
                assert_eq!(
                    u128::from(Board8::rook_attacks(s, occ)),
                    slow_slide(8, 8, sq.into(), occ.into(), &ROOK_DIRS)
                );
                assert_eq!(
                    u128::from(Board8::bishop_attacks(s, occ)),
                    slow_slide(8, 8, sq.into(), occ.into(), &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn sliders_match_reference_on_10x10() {
        let mut rng = SplitMix64::new(0x0fed_cba9_8765_4321);
        for _ in 0..2000 {
            let occ = ((u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64()))
                & (u128::from(rng.next_u64()) << 50 | u128::from(rng.next_u64()))
                & Board10::ALL;
            for sq in 0..100u8 {
                let s = Square(sq);
                assert_eq!(
                    Board10::rook_attacks(s, occ),
                    slow_slide(10, 10, sq.into(), occ, &ROOK_DIRS)
                );
                assert_eq!(
                    Board10::bishop_attacks(s, occ),
                    slow_slide(10, 10, sq.into(), occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn leapers_and_lines_on_10x10() {
        let a1 = Square(0);
        let j10 = Square(99);
        assert_eq!(Board10::knight_attacks(a1).count(), 2);
        assert_eq!(Board10::king_attacks(Square(55)).count(), 8);
        assert_eq!(Board10::between(a1, j10).count(), 8);
        assert_eq!(Board10::line(a1, Square(11)).count(), 10);
        assert!(Board10::line(a1, Square(12)).is_empty());
        assert_eq!(Board10::pawn_attacks(Color::White, Square(9)), 1u128 << 18);
        assert_eq!(Board10::pawn_attacks(Color::Black, Square(10)), 1u128 << 1);
        assert_eq!(Board8::pawn_attacks(Color::White, Square(8)), 1u64 << 17);
    }
}
