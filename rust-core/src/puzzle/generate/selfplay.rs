//! Source games: a self-play game between two levels drawn from the game's
//! seed, each move searched within a fixed node budget.

use crate::engine::{Engine, Level, Limits, SearchRequest};
use crate::game::Game;
use crate::rng::SplitMix64;
use crate::variant::Variant;

/// Nodes of each move of a source game.
const PLAY_NODES: u64 = 20_000;

/// Plays one source game from `seed`: two levels from 2 to 6, at most one
/// apart (so the game stays close to the move limit, where a mistake
/// decides it), drawn from the seed, each move searched within a fixed node
/// budget, to the end.
pub(super) fn self_play(variant: Variant, engine: &mut Engine, seed: u64) -> Option<Game> {
    let game = Game::new(variant, start_number(variant, seed)).ok()?;
    engine.clear();
    play_out(game, engine, seed)
}

/// The start of a source game of `variant` from `seed`: for a game with
/// many starts (Norochess960), one drawn from the seed, apart from the
/// levels' stream (so a Norochess run still plays the games it played
/// before); `None` (the one start) for the others.
pub(super) fn start_number(variant: Variant, seed: u64) -> Option<u16> {
    variant.start_numbering().map(|numbering| {
        let draw = SplitMix64::new(seed ^ 0x0960).next_u64() % u64::from(numbering.count.max(1));
        u16::try_from(draw).unwrap_or(numbering.standard)
    })
}

/// Plays `game` on to its end between two levels drawn from `seed`.
pub(super) fn play_out(mut game: Game, engine: &mut Engine, seed: u64) -> Option<Game> {
    let mut rng = SplitMix64::new(seed);
    let first = 2 + (rng.next_u64() % 5) as u8;
    let second = match rng.next_u64() % 3 {
        0 => first.saturating_sub(1).max(2),
        1 => first,
        _ => (first + 1).min(6),
    };
    let levels = [Level::new(first), Level::new(second)];
    while game.outcome().is_none() {
        let level = levels[game.position().turn().index()];
        let request = SearchRequest::for_game(
            &game,
            Limits {
                nodes: Some(PLAY_NODES),
                ..Limits::default()
            },
        );
        let m = engine
            .play_at_level(&request, level, rng.next_u64())
            .best_move?;
        game.play(m).ok()?;
    }
    Some(game)
}

/// The game's first `plies` plies, replayed.
pub(super) fn prefix(game: &Game, plies: usize) -> Option<Game> {
    let first = game.positions().first()?;
    let mut replay = Game::from_position(first.variant(), &first.to_text()).ok()?;
    for ply in game.plies().iter().take(plies) {
        replay.play(ply.mv).ok()?;
    }
    Some(replay)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn norochess960_source_games_start_from_many_starts() {
        let starts: HashSet<Option<u16>> = (0..40)
            .map(|seed| start_number(Variant::Norochess960, seed))
            .collect();
        assert!(starts.len() > 30, "{starts:?}");
        assert!(starts.iter().all(|s| s.is_some_and(|n| n < 960)));
        // The same seed, the same start; Norochess has only one.
        assert_eq!(
            start_number(Variant::Norochess960, 7),
            start_number(Variant::Norochess960, 7)
        );
        assert_eq!(start_number(Variant::Norochess, 7), None);
    }
}
