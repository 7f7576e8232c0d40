//! Zobrist keys, generated at compile time from a fixed seed so hashes are
//! identical on every platform and every run (saved games and tests rely on
//! it).

use crate::types::{Piece, Square};

const MAX_SQUARES: usize = 100;

/// SplitMix64: a small, well-mixed generator that is easy to run in `const`.
const fn splitmix(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (next, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; MAX_SQUARES]; 12],
    black_to_move: u64,
    castling: [u64; 16],
    en_passant_file: [u64; 16],
    opening_pending: u64,
}

const fn make_keys() -> Keys {
    let mut state = 0x4e6f_726f_6368_6573; // "Norochess"
    let mut keys = Keys {
        pieces: [[0; MAX_SQUARES]; 12],
        black_to_move: 0,
        castling: [0; 16],
        en_passant_file: [0; 16],
        opening_pending: 0,
    };
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < MAX_SQUARES {
            let (s, k) = splitmix(state);
            state = s;
            keys.pieces[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    let (s, k) = splitmix(state);
    state = s;
    keys.black_to_move = k;
    // Castling keys are XOR-combinations of four per-right keys, so toggling
    // one right is one XOR of the difference.
    let mut rights = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s, k) = splitmix(state);
        state = s;
        rights[i] = k;
        i += 1;
    }
    let mut mask = 0;
    while mask < 16 {
        let mut bit = 0;
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                keys.castling[mask] ^= rights[bit];
            }
            bit += 1;
        }
        mask += 1;
    }
    let mut f = 0;
    while f < 16 {
        let (s, k) = splitmix(state);
        state = s;
        keys.en_passant_file[f] = k;
        f += 1;
    }
    let (_, k) = splitmix(state);
    keys.opening_pending = k;
    keys
}

static KEYS: Keys = make_keys();

/// Key of `piece` standing on `sq`.
#[inline(always)]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()]
        .get(sq.index())
        .copied()
        .unwrap_or(0)
}

/// Key toggled when Black is to move.
#[inline(always)]
pub fn black_to_move() -> u64 {
    KEYS.black_to_move
}

/// Key of a set of castling rights (4-bit mask).
#[inline(always)]
pub fn castling(rights: u8) -> u64 {
    KEYS.castling[usize::from(rights & 15)]
}

/// Key of an en passant possibility on `file`.
#[inline(always)]
pub fn en_passant(file: u8) -> u64 {
    KEYS.en_passant_file[usize::from(file & 15)]
}

/// Key toggled while a Ram/Frontal opening restriction applies.
#[inline(always)]
pub fn opening_pending() -> u64 {
    KEYS.opening_pending
}
