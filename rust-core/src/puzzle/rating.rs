//! The engine's look at a puzzle, the start of its rating: how many nodes
//! it must search to find every move of the line, how long the line is,
//! how many captures tempt the player away from the key move, and whether
//! the key move is quiet; and whether an engine or a playing level solves
//! it. The rating itself comes from a panel of playing levels
//! (`super::panel`); the tiers follow from it (see `Difficulty`), and
//! `puzzles stats --solvers` checks them against the playing levels.

use super::Puzzle;
use crate::any::AnyPosition;
use crate::engine::solver::Objective;
use crate::engine::{Engine, Level, Limits, SearchRequest};
use crate::game::Game;
use crate::moves::Move;

/// Points `m` scores for the side playing it (what it captures, at its
/// value by the rules; a promotion alone scores nothing).
pub fn points_of(position: &AnyPosition, m: Move) -> u16 {
    let us = position.turn();
    position.play(m).map_or(0, |after| {
        after.score(us).saturating_sub(position.score(us))
    })
}

/// For each of the player's moves in the line, whether it is the biggest
/// capture on the board: it captures, and no legal move scores more.
/// `None` when the line does not play.
fn biggest_capture_steps(puzzle: &Puzzle) -> Option<Vec<bool>> {
    let start = puzzle.start().ok()?;
    let moves = puzzle.solution_moves().ok()?;
    line_biggest_capture_steps(&start, &moves)
}

/// [`biggest_capture_steps`] of the line `moves` played from `start` (the
/// player to move): one entry per player move.
fn line_biggest_capture_steps(start: &AnyPosition, moves: &[Move]) -> Option<Vec<bool>> {
    let mut position = *start;
    let mut steps = Vec::with_capacity(moves.len().div_ceil(2));
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            steps.push(is_biggest_capture(&position, m));
        }
        position = position.play(m).ok()?;
    }
    Some(steps)
}

/// Whether `m` is the biggest capture on the board: it captures, and no
/// legal move of `position` scores more.
pub(crate) fn is_biggest_capture(position: &AnyPosition, m: Move) -> bool {
    let gained = points_of(position, m);
    gained > 0
        && position
            .legal_moves()
            .into_iter()
            .all(|other| points_of(position, other) <= gained)
}

/// Whether taking the most points solves the puzzle: at every step the
/// line's move captures, and no legal move scores more.
pub fn greedy_solvable(puzzle: &Puzzle) -> bool {
    biggest_capture_steps(puzzle).is_some_and(|steps| steps.iter().all(|&biggest| biggest))
}

/// Whether a later move of the player's line (the second, third, ...) is
/// something other than the biggest capture on the board: it captures
/// nothing, or a legal move takes more points. `false` for a one-move
/// line, or a line that does not play. A line whose later moves all take
/// the most points there is asks only for its first move.
pub fn later_move_not_biggest_capture(puzzle: &Puzzle) -> bool {
    biggest_capture_steps(puzzle).is_some_and(|steps| asks_a_later_move(&steps))
}

/// [`later_move_not_biggest_capture`] of a line not yet made a puzzle:
/// `moves` played from `start`, the player to move there.
pub(crate) fn line_asks_a_later_move(start: &AnyPosition, moves: &[Move]) -> bool {
    line_biggest_capture_steps(start, moves).is_some_and(|steps| asks_a_later_move(&steps))
}

fn asks_a_later_move(steps: &[bool]) -> bool {
    steps.iter().skip(1).any(|&biggest| !biggest)
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

/// Whether a playing level for people (`Level`, 1 to 8), choosing with
/// `seed`, plays every move of the player's line: the yardstick the tiers
/// are checked against.
pub fn level_solves(puzzle: &Puzzle, engine: &mut Engine, level: Level, seed: u64) -> bool {
    let (Some(mut game), Ok(moves)) = (game_at_start(puzzle), puzzle.solution_moves()) else {
        return false;
    };
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            engine.clear();
            let request = SearchRequest::for_game(&game, Limits::default());
            let choice = engine.play_at_level(&request, level, seed ^ i as u64);
            if choice.best_move != Some(m) {
                return false;
            }
        }
        if game.play(m).is_err() {
            return false;
        }
    }
    true
}

/// The node budgets tried when rating, smallest first: 64, 128, … 262,144.
const RATING_BUDGETS: [u64; 13] = [
    64, 128, 256, 512, 1_024, 2_048, 4_096, 8_192, 16_384, 32_768, 65_536, 131_072, 262_144,
];

/// How many doublings of the engine's node budget, from 64 nodes a move,
/// the line needs before the engine plays every player move of it (0 to
/// 12; 13 when 262,144 nodes do not find it). The engine is cleared before
/// each search, so the answer depends on the puzzle only.
pub fn budget_steps_needed(puzzle: &Puzzle, engine: &mut Engine) -> u32 {
    RATING_BUDGETS
        .iter()
        .position(|&nodes| {
            engine_solves(
                puzzle,
                engine,
                Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
            )
        })
        .map_or(RATING_BUDGETS.len() as u32, |i| i as u32)
}

/// The engine's estimate of how hard `puzzle` is, the prior of its
/// rating ([`super::panel::panel_rating`]): 600, plus 140 for each doubling
/// of the engine's budget the line needs beyond 64 nodes a move, 150 per
/// player move beyond the first, 40 per tempting capture among the other
/// moves (up to 6), 150 when the key move captures nothing, 100 for `save`
/// and 50 for `win-by`. Not capped: the panel's tries decide how far it
/// holds.
pub fn engine_rating_estimate(puzzle: &Puzzle, engine: &mut Engine) -> f64 {
    let steps = f64::from(budget_steps_needed(puzzle, engine));
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
        Objective::Save => 100.0,
        Objective::WinBy(_) => 50.0,
        _ => 0.0,
    };
    600.0
        + 140.0 * steps
        + 150.0 * (player_moves - 1.0)
        + 40.0 * tempting
        + if quiet { 150.0 } else { 0.0 }
        + objective
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::builtin_pack;

    /// np1140 (retired): after the rook to b7, the queen's fork on c6 and
    /// the rook taken on b7, the biggest capture there.
    const NP1140: &str = "np1140|norochess|1r2R3/2pr4/8/2Q3p1/2PP4/1P3p1P/5P1P/4R3 b - - 0 43 \
        score=28-16|b8b7|gain 3 in 2|c5c6 d7d4 c6b7|944|middlegame";

    fn line_of(puzzle: &Puzzle, ucis: &[&str]) -> (AnyPosition, Vec<Move>) {
        let start = puzzle.start().expect("the start plays");
        let mut position = start;
        let mut moves = Vec::new();
        for uci in ucis {
            let m = position.parse_uci(uci).expect("a legal move");
            position = position.play(m).expect("it plays");
            moves.push(m);
        }
        (start, moves)
    }

    #[test]
    fn a_later_move_taking_less_than_the_board_offers_is_asked() {
        let puzzle = Puzzle::from_line(NP1140, 1).expect("np1140 reads");
        let (start, taken) = line_of(&puzzle, &["c5c6", "d7d4", "c6b7"]);
        assert!(!line_asks_a_later_move(&start, &taken));
        // The pawn on c7 instead of the rook on b7: not the biggest capture.
        let (start, pawn) = line_of(&puzzle, &["c5c6", "d7d4", "c6c7"]);
        assert!(line_asks_a_later_move(&start, &pawn));
        // A one-move line has no later move.
        let (start, first) = line_of(&puzzle, &["c5c6"]);
        assert!(!line_asks_a_later_move(&start, &first));
    }

    #[test]
    fn the_line_check_agrees_with_the_puzzle_check_over_the_pack() {
        let pack = builtin_pack().expect("the built-in pack reads");
        let mut asked = 0;
        for puzzle in &pack {
            let start = puzzle.start().expect("the start plays");
            let moves = puzzle.solution_moves().expect("the line reads");
            let by_line = line_asks_a_later_move(&start, &moves);
            assert_eq!(
                by_line,
                later_move_not_biggest_capture(puzzle),
                "{}",
                puzzle.id
            );
            asked += usize::from(by_line);
        }
        assert!(asked > 0 && asked < pack.len());
    }
}
