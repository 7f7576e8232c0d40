//! Chess960 start positions by number (Scharnagl's numbering, 0–959, where
//! 518 is the standard set-up), used by Norochess960.

use super::error::VariantError;
use super::table::CHESS960;
use crate::types::Role;

/// The eight two-knight placements among five free squares, in numbering order.
const KNIGHT_PLACEMENTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank, a-file first, for start position `number`.
pub fn back_rank(number: u16) -> Result<[Role; 8], VariantError> {
    if number >= CHESS960.count {
        return Err(VariantError::StartNumberOutOfRange(number));
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = usize::from(number);
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let queen = n % 6;
    n /= 6;
    place_on_nth_free(&mut rank, queen, Role::Queen);
    let (first, second) = KNIGHT_PLACEMENTS[n % 10];
    // Place the later knight first so the earlier index still counts the
    // same free squares.
    place_on_nth_free(&mut rank, second, Role::Knight);
    place_on_nth_free(&mut rank, first, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_on_nth_free(&mut rank, 0, role);
    }
    let mut out = [Role::Pawn; 8];
    for (slot, role) in out.iter_mut().zip(rank) {
        *slot = role.unwrap_or(Role::Pawn);
    }
    Ok(out)
}

fn place_on_nth_free(rank: &mut [Option<Role>; 8], n: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(n) {
        *slot = Some(role);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(number: u16) -> String {
        back_rank(number)
            .map(|r| r.iter().map(|x| x.upper_char()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn known_numbers() {
        assert_eq!(letters(518), "RNBQKBNR");
        assert_eq!(letters(0), "BBQNNRKR");
        assert_eq!(letters(959), "RKRNNQBB");
        assert!(back_rank(960).is_err());
    }

    #[test]
    fn all_960_are_distinct_and_valid() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let rank = back_rank(n).unwrap_or([Role::Pawn; 8]);
            assert!(seen.insert(rank), "duplicate set-up {n}");
            let pos = |role: Role| {
                rank.iter()
                    .enumerate()
                    .filter(move |(_, r)| **r == role)
                    .map(|(i, _)| i)
            };
            let bishops: Vec<usize> = pos(Role::Bishop).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(
                bishops[0] % 2,
                bishops[1] % 2,
                "bishops on one colour in {n}"
            );
            let rooks: Vec<usize> = pos(Role::Rook).collect();
            let king: Vec<usize> = pos(Role::King).collect();
            assert_eq!((rooks.len(), king.len()), (2, 1));
            assert!(
                rooks[0] < king[0] && king[0] < rooks[1],
                "king not between rooks in {n}"
            );
        }
    }
}
