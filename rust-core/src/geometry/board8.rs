//! The 8×8 board: `u64` sets, magic-bitboard sliders, all tables built at
//! compile time.

use super::build::{
    file_mask, leaper_table, narrow, narrow_pairs, pair_table, slide, BISHOP_DIRS,
    BLACK_PAWN_DELTAS, KING_DELTAS, KNIGHT_DELTAS, ROOK_DIRS, WHITE_PAWN_DELTAS,
};
use super::magics8::{BISHOP_MAGICS, ROOK_MAGICS};
use super::Geometry;
use crate::types::{Color, Role, Square};

/// The standard 8×8 board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board8;

const N: usize = 64;

static KNIGHT: [u64; N] = narrow(leaper_table::<N>(8, 8, &KNIGHT_DELTAS));
static KING: [u64; N] = narrow(leaper_table::<N>(8, 8, &KING_DELTAS));
static PAWN: [[u64; N]; 2] = [
    narrow(leaper_table::<N>(8, 8, &WHITE_PAWN_DELTAS)),
    narrow(leaper_table::<N>(8, 8, &BLACK_PAWN_DELTAS)),
];
static BETWEEN: [[u64; N]; N] = narrow_pairs(pair_table::<N>(8, 8, false));
static LINE: [[u64; N]; N] = narrow_pairs(pair_table::<N>(8, 8, true));

/// Where one square's entries live in a shared attack table.
#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    multiplier: u64,
    shift: u32,
    offset: usize,
}

/// The relevant occupancy mask: the slider's rays without their last square.
const fn relevant_mask(sq: i32, dirs: &[(i32, i32)]) -> u64 {
    let mut mask = 0u64;
    let mut i = 0;
    while i < dirs.len() {
        let (df, dr) = dirs[i];
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        i += 1;
    }
    mask
}

const fn magic_entries(multipliers: &[u64; N], dirs: &[(i32, i32)]) -> ([Magic; N], usize) {
    let mut entries = [Magic {
        mask: 0,
        multiplier: 0,
        shift: 0,
        offset: 0,
    }; N];
    let mut offset = 0;
    let mut sq = 0;
    while sq < N {
        let mask = relevant_mask(sq as i32, dirs);
        let bits = mask.count_ones();
        entries[sq] = Magic {
            mask,
            multiplier: multipliers[sq],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    (entries, offset)
}

const fn attack_table<const SIZE: usize>(entries: &[Magic; N], dirs: &[(i32, i32)]) -> [u64; SIZE] {
    let mut table = [0u64; SIZE];
    let mut sq = 0;
    while sq < N {
        let m = entries[sq];
        // Carry-Rippler enumeration of every subset of the mask.
        let mut subset = 0u64;
        loop {
            let attacks = slide(8, 8, sq as i32, subset as u128, dirs) as u64;
            let index = m.offset + (subset.wrapping_mul(m.multiplier) >> m.shift) as usize;
            if table[index] != 0 && table[index] != attacks {
                panic!("magic multiplier collides");
            }
            table[index] = attacks;
            subset = subset.wrapping_sub(m.mask) & m.mask;
            if subset == 0 {
                break;
            }
        }
        sq += 1;
    }
    table
}

const ROOK_ENTRIES: ([Magic; N], usize) = magic_entries(&ROOK_MAGICS, &ROOK_DIRS);
const BISHOP_ENTRIES: ([Magic; N], usize) = magic_entries(&BISHOP_MAGICS, &BISHOP_DIRS);
static ROOK_MAGIC: [Magic; N] = ROOK_ENTRIES.0;
static BISHOP_MAGIC: [Magic; N] = BISHOP_ENTRIES.0;
// Building the rook table in const takes a few seconds of compile time.
#[allow(long_running_const_eval)]
static ROOK_ATTACKS: [u64; ROOK_ENTRIES.1] = attack_table(&ROOK_ENTRIES.0, &ROOK_DIRS);
static BISHOP_ATTACKS: [u64; BISHOP_ENTRIES.1] = attack_table(&BISHOP_ENTRIES.0, &BISHOP_DIRS);

#[inline(always)]
fn magic_index(m: &Magic, occupied: u64) -> usize {
    m.offset + ((occupied & m.mask).wrapping_mul(m.multiplier) >> m.shift) as usize
}

impl Geometry for Board8 {
    type Bb = u64;
    type Roles = [Option<Role>; 64];
    const NO_ROLES: Self::Roles = [None; 64];
    const WIDTH: u8 = 8;
    const HEIGHT: u8 = 8;
    const ALL: u64 = u64::MAX;
    const FILE_FIRST: u64 = file_mask(8, 8, 0) as u64;
    const FILE_LAST: u64 = file_mask(8, 8, 7) as u64;

    #[inline(always)]
    fn rank(rank: u8) -> u64 {
        0xffu64 << (8 * u32::from(rank & 7))
    }
    #[inline(always)]
    fn file(file: u8) -> u64 {
        Self::FILE_FIRST << u32::from(file & 7)
    }
    #[inline(always)]
    fn knight_attacks(sq: Square) -> u64 {
        KNIGHT[sq.index() & 63]
    }
    #[inline(always)]
    fn king_attacks(sq: Square) -> u64 {
        KING[sq.index() & 63]
    }
    #[inline(always)]
    fn pawn_attacks(color: Color, sq: Square) -> u64 {
        PAWN[color.index()][sq.index() & 63]
    }
    #[inline(always)]
    fn rook_attacks(sq: Square, occupied: u64) -> u64 {
        let m = &ROOK_MAGIC[sq.index() & 63];
        ROOK_ATTACKS
            .get(magic_index(m, occupied))
            .copied()
            .unwrap_or(0)
    }
    #[inline(always)]
    fn bishop_attacks(sq: Square, occupied: u64) -> u64 {
        let m = &BISHOP_MAGIC[sq.index() & 63];
        BISHOP_ATTACKS
            .get(magic_index(m, occupied))
            .copied()
            .unwrap_or(0)
    }
    #[inline(always)]
    fn between(a: Square, b: Square) -> u64 {
        BETWEEN[a.index() & 63][b.index() & 63]
    }
    #[inline(always)]
    fn line(a: Square, b: Square) -> u64 {
        LINE[a.index() & 63][b.index() & 63]
    }
}
