//! Seeded self-play for tuning data.
//!
//! Each game starts with `opening_plies` uniformly random legal plies (an
//! opening that ends the game is drawn again), then the engine plays both
//! sides on one thread within `nodes` nodes per move, with its table
//! cleared at the start of the game: a node limit on one thread makes the
//! search, and so the whole game, a function of the seed.
//!
//! Kept positions ("quiet" ones): those the engine moved from (none of the
//! random opening), where the move it chose is neither a capture nor a
//! promotion, the ply before was not a capture (no recapture pending), and
//! the search did not prove a result (a proven position says nothing about
//! the weights). Each keeps the game's result and final score difference.

use super::record::TuneRecord;
use crate::engine::{Engine, Limits, Score, SearchRequest};
use crate::error::Error;
use crate::game::Game;
use crate::rng::SplitMix64;
use crate::types::Color;
use crate::variant::Variant;

/// How to generate data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateConfig {
    /// The game played.
    pub variant: Variant,
    /// Random plies at the start of each game.
    pub opening_plies: usize,
    /// Node budget of each engine move.
    pub nodes: u64,
}

/// The seeds of `games` games from the run's `seed`: game `i` is played
/// from the `i`-th, whatever the other games do.
pub fn game_seeds(seed: u64, games: usize) -> impl Iterator<Item = u64> {
    let mut rng = SplitMix64::new(seed);
    (0..games).map(move |_| rng.next_u64())
}

/// Plays game number `game` from `seed` with `engine` (cleared first) and
/// returns its quiet positions; none if the game cannot be played out.
pub fn play_game(
    config: &GenerateConfig,
    engine: &mut Engine,
    game: u32,
    seed: u64,
) -> Result<Vec<TuneRecord>, Error> {
    let mut rng = SplitMix64::new(seed);
    let start_number = config
        .variant
        .start_numbering()
        .map(|numbering| rng.below(u64::from(numbering.count)) as u16);
    let mut played = random_opening(config, start_number, &mut rng)?;
    engine.clear();
    // (position text, kept) of each engine ply, in order.
    let mut candidates = Vec::new();
    while !played.is_over() {
        let request = SearchRequest::for_game(
            &played,
            Limits {
                nodes: Some(config.nodes),
                threads: 1,
                ..Limits::default()
            },
        );
        let result = engine.search(&request, &mut |_| {});
        let Some(mv) = result.best_move else {
            break;
        };
        let previous_captured = played
            .plies()
            .last()
            .is_some_and(|ply| !ply.captured.is_empty());
        let text = played.position().to_text();
        if played.play(mv).is_err() {
            break;
        }
        let captured = played
            .plies()
            .last()
            .is_some_and(|ply| !ply.captured.is_empty());
        let estimate = matches!(result.score(), Some(Score::Centi(_)));
        let quiet = !captured && mv.promotion().is_none() && !previous_captured && estimate;
        if quiet {
            candidates.push(text);
        }
    }
    let Some(outcome) = played.outcome() else {
        return Ok(Vec::new());
    };
    let white_half_points = match outcome.winner {
        Some(Color::White) => 2,
        Some(Color::Black) => 0,
        None => 1,
    };
    let score_diff = outcome
        .scores
        .map_or(0, |(white, black)| i32::from(white) - i32::from(black));
    Ok(candidates
        .into_iter()
        .map(|position| TuneRecord {
            position,
            white_half_points,
            score_diff,
            game,
        })
        .collect())
}

/// A game after `config.opening_plies` random plies that has not ended
/// (drawn again up to 100 times).
fn random_opening(
    config: &GenerateConfig,
    start_number: Option<u16>,
    rng: &mut SplitMix64,
) -> Result<Game, Error> {
    let mut tries = 0;
    loop {
        let mut game = Game::new(config.variant, start_number)?;
        while game.plies().len() < config.opening_plies && !game.is_over() {
            let moves = game.position().legal_moves();
            let Some(&mv) = moves.get(rng.below(moves.len() as u64) as usize) else {
                break;
            };
            if game.play(mv).is_err() {
                break;
            }
        }
        tries += 1;
        if !game.is_over() || tries >= 100 {
            return Ok(game);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(seed: u64) -> Vec<TuneRecord> {
        let config = GenerateConfig {
            variant: Variant::Norochess,
            opening_plies: 6,
            nodes: 200,
        };
        let mut engine = Engine::new(1);
        let mut records = Vec::new();
        for (game, game_seed) in game_seeds(seed, 2).enumerate() {
            let played = play_game(&config, &mut engine, game as u32, game_seed);
            records.extend(played.unwrap_or_default());
        }
        records
    }

    #[test]
    fn the_same_seed_gives_the_same_records() {
        let first = run(11);
        assert!(first.len() > 20, "{} records", first.len());
        assert_eq!(first, run(11));
        assert_ne!(first, run(12));
        // Both games are there, each with one result.
        for game in 0..2 {
            let results: Vec<_> = first
                .iter()
                .filter(|r| r.game == game)
                .map(|r| (r.white_half_points, r.score_diff))
                .collect();
            assert!(!results.is_empty());
            assert!(results.iter().all(|r| *r == results[0]));
        }
    }
}
