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
    let game = Game::new(variant, None).ok()?;
    engine.clear();
    play_out(game, engine, seed)
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
