//! A puzzle's starting rating, from the engine: how deep it must search to
//! find every move of the line, how long the line is, how many captures
//! tempt the player away from the key move, and whether the key move is
//! quiet. The tiers follow from the rating (see `Difficulty`), and
//! `puzzles stats --solvers` checks them against weak solvers.

use super::Puzzle;
use crate::any::AnyPosition;
use crate::engine::solver::Objective;
use crate::engine::{Engine, Limits, SearchRequest};
use crate::game::Game;
use crate::moves::Move;

/// The deepest search tried when rating; a line it misses counts one more.
const MAX_RATING_DEPTH: u32 = 7;

/// Points `m` scores for the side playing it (what it captures, at its
/// value by the rules; a promotion alone scores nothing).
pub fn points_of(position: &AnyPosition, m: Move) -> u16 {
    let us = position.turn();
    position.play(m).map_or(0, |after| {
        after.score(us).saturating_sub(position.score(us))
    })
}

/// Whether taking the most points solves the puzzle: at every step the
/// line's move captures, and no legal move scores more.
pub fn greedy_solvable(puzzle: &Puzzle) -> bool {
    let (Ok(mut position), Ok(moves)) = (puzzle.start(), puzzle.solution_moves()) else {
        return false;
    };
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            let gained = points_of(&position, m);
            let most = position
                .legal_moves()
                .into_iter()
                .map(|other| points_of(&position, other))
                .max()
                .unwrap_or(0);
            if gained == 0 || gained < most {
                return false;
            }
        }
        match position.play(m) {
            Ok(next) => position = next,
            Err(_) => return false,
        }
    }
    true
}

/// The game on the board where the player starts (after the opponent's
/// move), with its history.
pub fn game_at_start(puzzle: &Puzzle) -> Option<Game> {
    let mut game = Game::from_position(puzzle.variant, &puzzle.position).ok()?;
    if let Ok(Some(m)) = puzzle.setup_move() {
        game.play(m).ok()?;
    }
    Some(game)
}

/// Whether an engine limited to `limits` per move plays every move of the
/// player's line (the engine is cleared before each search, so the answer
/// depends on the puzzle and the limits only).
pub fn engine_solves(puzzle: &Puzzle, engine: &mut Engine, limits: Limits) -> bool {
    let (Some(mut game), Ok(moves)) = (game_at_start(puzzle), puzzle.solution_moves()) else {
        return false;
    };
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            engine.clear();
            let request = SearchRequest::for_game(&game, limits);
            if engine.search(&request, &mut |_| {}).best_move != Some(m) {
                return false;
            }
        }
        if game.play(m).is_err() {
            return false;
        }
    }
    true
}

/// The shallowest search depth (1 to 7, or 8 when none) at which the
/// engine plays the player's move at every step of the line.
pub fn depth_needed(puzzle: &Puzzle, engine: &mut Engine) -> u32 {
    let (Some(mut game), Ok(moves)) = (game_at_start(puzzle), puzzle.solution_moves()) else {
        return MAX_RATING_DEPTH + 1;
    };
    let mut needed = 1;
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            let found = (needed..=MAX_RATING_DEPTH).find(|&depth| {
                engine.clear();
                let request = SearchRequest::for_game(
                    &game,
                    Limits {
                        depth: Some(depth),
                        ..Limits::default()
                    },
                );
                engine.search(&request, &mut |_| {}).best_move == Some(m)
            });
            needed = found.unwrap_or(MAX_RATING_DEPTH + 1);
            if found.is_none() {
                break;
            }
        }
        if game.play(m).is_err() {
            break;
        }
    }
    needed
}

/// The starting rating of `puzzle` (600 to 2400).
pub fn starting_rating(puzzle: &Puzzle, engine: &mut Engine) -> u16 {
    let depth = depth_needed(puzzle, engine);
    let player_moves = puzzle.solution.len().div_ceil(2) as f64;
    let (tempting, quiet) = match (puzzle.start(), puzzle.solution_moves()) {
        (Ok(start), Ok(moves)) => match moves.first() {
            Some(&key) => {
                let tempting = start
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| m != key && points_of(&start, m) > 0)
                    .count();
                (tempting.min(6) as f64, points_of(&start, key) == 0)
            }
            None => (0.0, false),
        },
        _ => (0.0, false),
    };
    let objective = match puzzle.objective {
        Objective::Save => 80.0,
        Objective::WinBy(_) => 40.0,
        _ => 0.0,
    };
    let rating = 600.0
        + 150.0 * f64::from(depth - 1)
        + 110.0 * (player_moves - 1.0)
        + 35.0 * tempting
        + if quiet { 120.0 } else { 0.0 }
        + objective;
    rating.clamp(600.0, 2400.0).round() as u16
}
