//! Bit sets of squares. 8×8 boards use `u64`, 10×10 boards use `u128`
//! (squares 0..100, the upper 28 bits always clear), so the hot path is
//! monomorphised per board size and 8×8 games pay no 128-bit cost.

use crate::types::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// Operations the move generator needs from a square set.
pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const EMPTY: Self;

    /// The set holding only `sq`.
    fn from_square(sq: Square) -> Self;

    /// Whether no square is set.
    fn is_empty(self) -> bool;

    /// Whether any square is set.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }

    /// Number of squares set.
    fn count(self) -> u32;

    /// The lowest square; meaningless on the empty set.
    fn lsb(self) -> Square;

    /// The set without its lowest square.
    fn without_lsb(self) -> Self;

    /// The set folded into 64 bits, for hashing (not reversible on 10×10).
    fn fold64(self) -> u64;

    /// Whether `sq` is in the set.
    #[inline]
    fn has(self, sq: Square) -> bool {
        (self & Self::from_square(sq)).any()
    }

    /// Whether more than one square is set.
    #[inline]
    fn more_than_one(self) -> bool {
        self.without_lsb().any()
    }

    /// Iterates over the squares, lowest first.
    #[inline]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }

    /// The lowest square, or `None` for the empty set.
    #[inline]
    fn first(self) -> Option<Square> {
        self.any().then(|| self.lsb())
    }
}

/// Implements [`Bitboard`] for an unsigned integer type: the same bit
/// operations serve `u64` (8×8) and `u128` (10×10).
macro_rules! integer_bitboard {
    ($int:ty) => {
        impl Bitboard for $int {
            const EMPTY: Self = 0;
            #[inline]
            fn from_square(sq: Square) -> Self {
                (1 as $int) << sq.0
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lsb(self) -> Square {
                Square(self.trailing_zeros() as u8)
            }
            #[inline]
            fn without_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn fold64(self) -> u64 {
                // The high half (empty for u64) turned so its files do not
                // cancel the low half's.
                let wide = self as u128;
                (wide as u64) ^ ((wide >> 64) as u64).rotate_left(32)
            }
        }
    };
}

integer_bitboard!(u64);
integer_bitboard!(u128);

/// Iterator over the squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B>(B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            let sq = self.0.lsb();
            self.0 = self.0.without_lsb();
            Some(sq)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bitboard> ExactSizeIterator for Squares<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_lowest_first_for_both_widths() {
        let small: u64 = (1 << 3) | (1 << 60);
        assert_eq!(
            small.squares().collect::<Vec<_>>(),
            vec![Square(3), Square(60)]
        );
        let large: u128 = (1 << 0) | (1 << 99);
        assert_eq!(
            large.squares().collect::<Vec<_>>(),
            vec![Square(0), Square(99)]
        );
        assert!(large.more_than_one());
        assert!(!(1u128 << 99).more_than_one());
        assert_eq!(0u64.first(), None);
    }
}
