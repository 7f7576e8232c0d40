//! The 10×10 board: `u128` sets holding squares 0..100, with sliders computed
//! by the obstruction-difference method (no large tables, so it stays small
//! in a phone's cache).

use super::build::{
    file_mask, leaper_table, pair_table, slide, BLACK_PAWN_DELTAS, KING_DELTAS, KNIGHT_DELTAS,
    WHITE_PAWN_DELTAS,
};
use super::Geometry;
use crate::types::{Color, Role, Square};

/// The 10×10 board of Ram and Frontal chess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board10;

const N: usize = 100;
const W: i32 = 10;

static KNIGHT: [u128; N] = leaper_table::<N>(W, W, &KNIGHT_DELTAS);
static KING: [u128; N] = leaper_table::<N>(W, W, &KING_DELTAS);
static PAWN: [[u128; N]; 2] = [
    leaper_table::<N>(W, W, &WHITE_PAWN_DELTAS),
    leaper_table::<N>(W, W, &BLACK_PAWN_DELTAS),
];
static BETWEEN: [[u128; N]; N] = pair_table::<N>(W, W, false);
static LINE: [[u128; N]; N] = pair_table::<N>(W, W, true);

/// The two halves of one line through a square: below it (lower indices) and
/// above it, the square itself excluded.
#[derive(Clone, Copy)]
struct LineHalves {
    lower: u128,
    upper: u128,
}

/// Line directions, each pointing toward higher square indices: rank, file,
/// diagonal, anti-diagonal.
const LINE_DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

const fn line_halves() -> [[LineHalves; 4]; N] {
    let mut table = [[LineHalves { lower: 0, upper: 0 }; 4]; N];
    let mut sq = 0;
    while sq < N {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = LINE_DIRS[d];
            table[sq][d] = LineHalves {
                upper: slide(W, W, sq as i32, 0, &[(df, dr)]),
                lower: slide(W, W, sq as i32, 0, &[(-df, -dr)]),
            };
            d += 1;
        }
        sq += 1;
    }
    table
}

static HALVES: [[LineHalves; 4]; N] = line_halves();

/// Attacks along one line: from the nearest blocker below to the nearest
/// blocker above, both included.
#[inline(always)]
fn line_attacks(halves: &LineHalves, occupied: u128) -> u128 {
    let lower = occupied & halves.lower;
    let upper = occupied & halves.upper;
    let nearest_below = 1u128 << (127 - (lower | 1).leading_zeros());
    let span = upper ^ upper.wrapping_sub(nearest_below);
    span & (halves.lower | halves.upper)
}

impl Geometry for Board10 {
    type Bb = u128;
    type Roles = [Option<Role>; 100];
    const NO_ROLES: Self::Roles = [None; 100];
    const WIDTH: u8 = 10;
    const HEIGHT: u8 = 10;
    const ALL: u128 = (1u128 << 100) - 1;
    const FILE_FIRST: u128 = file_mask(W, W, 0);
    const FILE_LAST: u128 = file_mask(W, W, 9);

    #[inline(always)]
    fn rank(rank: u8) -> u128 {
        if rank < 10 {
            0x3ffu128 << (10 * u32::from(rank))
        } else {
            0
        }
    }
    #[inline(always)]
    fn file(file: u8) -> u128 {
        if file < 10 {
            Self::FILE_FIRST << u32::from(file)
        } else {
            0
        }
    }
    #[inline(always)]
    fn knight_attacks(sq: Square) -> u128 {
        KNIGHT.get(sq.index()).copied().unwrap_or(0)
    }
    #[inline(always)]
    fn king_attacks(sq: Square) -> u128 {
        KING.get(sq.index()).copied().unwrap_or(0)
    }
    #[inline(always)]
    fn pawn_attacks(color: Color, sq: Square) -> u128 {
        PAWN[color.index()].get(sq.index()).copied().unwrap_or(0)
    }
    #[inline(always)]
    fn rook_attacks(sq: Square, occupied: u128) -> u128 {
        match HALVES.get(sq.index()) {
            Some(h) => line_attacks(&h[0], occupied) | line_attacks(&h[1], occupied),
            None => 0,
        }
    }
    #[inline(always)]
    fn bishop_attacks(sq: Square, occupied: u128) -> u128 {
        match HALVES.get(sq.index()) {
            Some(h) => line_attacks(&h[2], occupied) | line_attacks(&h[3], occupied),
            None => 0,
        }
    }
    #[inline(always)]
    fn between(a: Square, b: Square) -> u128 {
        BETWEEN
            .get(a.index())
            .and_then(|row| row.get(b.index()))
            .copied()
            .unwrap_or(0)
    }
    #[inline(always)]
    fn line(a: Square, b: Square) -> u128 {
        LINE.get(a.index())
            .and_then(|row| row.get(b.index()))
            .copied()
            .unwrap_or(0)
    }
}
