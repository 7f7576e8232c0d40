//! Compile-time construction of attack tables for any board up to 128
//! squares. Everything here is `const fn`, so the tables are data in the
//! binary: nothing to initialise at start-up and nothing to lock on access.

/// Whether (file, rank) lies on a `w` × `h` board.
const fn on_board(file: i32, rank: i32, w: i32, h: i32) -> bool {
    file >= 0 && file < w && rank >= 0 && rank < h
}

/// For each square, the set reached by one jump of each `(df, dr)`.
pub(super) const fn leaper_table<const N: usize>(
    w: i32,
    h: i32,
    deltas: &[(i32, i32)],
) -> [u128; N] {
    let mut table = [0u128; N];
    let mut sq = 0;
    while sq < N {
        let (f, r) = (sq as i32 % w, sq as i32 / w);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if on_board(nf, nr, w, h) {
                table[sq] |= 1u128 << (nr * w + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// Squares a slider on `sq` reaches along `dirs`, stopping at (and including)
/// the first occupied square.
pub(super) const fn slide(w: i32, h: i32, sq: i32, occupied: u128, dirs: &[(i32, i32)]) -> u128 {
    let mut attacks = 0u128;
    let mut i = 0;
    while i < dirs.len() {
        let (df, dr) = dirs[i];
        let (mut f, mut r) = (sq % w + df, sq / w + dr);
        while on_board(f, r, w, h) {
            let bit = 1u128 << (r * w + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        i += 1;
    }
    attacks
}

/// The eight queen directions.
pub(super) const QUEEN_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// For every pair of squares, the squares strictly between them (`line =
/// false`) or the whole edge-to-edge line through them (`line = true`).
pub(super) const fn pair_table<const N: usize>(w: i32, h: i32, line: bool) -> [[u128; N]; N] {
    let mut table = [[0u128; N]; N];
    let mut a = 0;
    while a < N {
        let mut d = 0;
        while d < QUEEN_DIRS.len() {
            let (df, dr) = QUEEN_DIRS[d];
            let (af, ar) = (a as i32 % w, a as i32 / w);
            let (mut f, mut r) = (af + df, ar + dr);
            let mut passed = 0u128;
            while on_board(f, r, w, h) {
                let b = (r * w + f) as usize;
                table[a][b] = if line {
                    let dirs = [(df, dr), (-df, -dr)];
                    slide(w, h, a as i32, 0, &dirs) | (1u128 << a)
                } else {
                    passed
                };
                passed |= 1u128 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

/// Narrows a table of 128-bit sets to 64 bits (for 8×8 boards).
pub(super) const fn narrow<const N: usize>(table: [u128; N]) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = table[i] as u64;
        i += 1;
    }
    out
}

/// Narrows a square-pair table to 64 bits.
pub(super) const fn narrow_pairs<const N: usize>(table: [[u128; N]; N]) -> [[u64; N]; N] {
    let mut out = [[0u64; N]; N];
    let mut i = 0;
    while i < N {
        out[i] = narrow(table[i]);
        i += 1;
    }
    out
}

/// Every square of a `w` × `h` board with the given file.
pub(super) const fn file_mask(w: i32, h: i32, file: i32) -> u128 {
    let mut mask = 0u128;
    let mut r = 0;
    while r < h {
        mask |= 1u128 << (r * w + file);
        r += 1;
    }
    mask
}

/// Knight jumps.
pub(super) const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// King steps.
pub(super) const KING_DELTAS: [(i32, i32); 8] = QUEEN_DIRS;
/// A white pawn's captures.
pub(super) const WHITE_PAWN_DELTAS: [(i32, i32); 2] = [(-1, 1), (1, 1)];
/// A black pawn's captures.
pub(super) const BLACK_PAWN_DELTAS: [(i32, i32); 2] = [(-1, -1), (1, -1)];
/// Rook directions.
pub(super) const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions.
pub(super) const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
