//! Baseline opponents for measuring strength: a random mover and a one-ply
//! greedy capturer.

use crate::any::AnyPosition;
use crate::moves::{Move, MoveKind};

/// A small deterministic generator (SplitMix64).
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A uniformly random legal move (`None` without legal moves).
pub fn random_move(position: &AnyPosition, seed: u64) -> Option<Move> {
    let moves = position.legal_moves();
    let mut state = seed;
    let n = moves.len() as u64;
    (n > 0).then(|| moves[(next(&mut state) % n) as usize])
}

/// The capture of the most valuable piece (ties and quiet positions broken
/// at random); promotions count as the value gained.
pub fn greedy_move(position: &AnyPosition, seed: u64) -> Option<Move> {
    let moves = position.legal_moves();
    let mut state = seed;
    let gain = |m: &Move| -> i32 {
        let victim = position
            .piece_at(m.to)
            .filter(|p| p.color != position.turn())
            .map_or(0, |p| i32::from(p.role.capture_points()) * 10);
        let extra = match m.kind {
            MoveKind::EnPassant | MoveKind::Ram => 10,
            MoveKind::Dethrone => 90,
            MoveKind::Promotion(role) => i32::from(role.capture_points()) * 10 - 10,
            _ => 0,
        };
        victim + extra
    };
    let best = moves.iter().map(gain).max()?;
    let candidates: Vec<Move> = moves.iter().copied().filter(|m| gain(m) == best).collect();
    let n = candidates.len() as u64;
    (n > 0).then(|| candidates[(next(&mut state) % n) as usize])
}
