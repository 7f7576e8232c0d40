//! Baseline opponents for measuring strength: a random mover and a one-ply
//! greedy capturer.

use crate::any::AnyPosition;
use crate::moves::{Move, MoveKind};
use crate::rng::SplitMix64;

/// A uniformly random legal move (`None` without legal moves).
pub fn random_move(position: &AnyPosition, seed: u64) -> Option<Move> {
    let moves = position.legal_moves();
    let n = moves.len() as u64;
    (n > 0).then(|| moves[SplitMix64::new(seed).below(n) as usize])
}

/// The capture of the most valuable piece (ties and quiet positions broken
/// at random); promotions count as the value gained.
pub fn greedy_move(position: &AnyPosition, seed: u64) -> Option<Move> {
    let moves = position.legal_moves();
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
    (n > 0).then(|| candidates[SplitMix64::new(seed).below(n) as usize])
}
