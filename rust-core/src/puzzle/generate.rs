//! The puzzle generator: self-play games of varied strength, positions near
//! the move limit and in overtime, kept when the solver proves exactly one
//! first move that meets the objective, the solution is not trivial and the
//! whole puzzle passes the strict verification (`verify_puzzle`).

use super::{score_problems, verify_puzzle, Puzzle};
use crate::any::AnyPosition;
use crate::engine::baseline::greedy_move;
use crate::engine::solver::{GameValue, Objective, SolveLimits, Solver};
use crate::engine::{Engine, Level, Limits, SearchRequest};
use crate::game::{EndReason, Game};
use crate::moves::{Move, MoveKind};
use crate::rng::SplitMix64;
use crate::types::{Color, Role};
use crate::variant::Variant;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// Settings of a generator run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorOptions {
    /// How many puzzles to find.
    pub count: usize,
    /// Seed of the self-play games (the same seed gives the same puzzles).
    pub seed: u64,
    /// Prefix of the ids (`np`).
    pub id_prefix: String,
    /// Number of the first id.
    pub first_number: usize,
    /// Node budget of each solver question.
    pub solve_nodes: u64,
    /// Longest time a kept puzzle may take to verify.
    pub max_verify_time: Duration,
    /// Longest solution, in plies.
    pub max_line: usize,
}

impl Default for GeneratorOptions {
    fn default() -> Self {
        GeneratorOptions {
            count: 10,
            seed: 1,
            id_prefix: "np".to_string(),
            first_number: 1,
            solve_nodes: 2_000_000,
            max_verify_time: Duration::from_millis(1000),
            max_line: 9,
        }
    }
}

/// Finds puzzles; `found` is called with each one as it is accepted.
pub fn generate_puzzles(options: &GeneratorOptions, found: &mut dyn FnMut(&Puzzle)) -> Vec<Puzzle> {
    let mut rng = SplitMix64::new(options.seed);
    let mut engine = Engine::new(8);
    let mut solver = Solver::new(32);
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    let limits = SolveLimits {
        nodes: options.solve_nodes,
    };
    while puzzles.len() < options.count {
        let Some(game) = self_play(&mut engine, &mut rng) else {
            break;
        };
        for position in game.positions().iter().skip(80) {
            if puzzles.len() >= options.count {
                break;
            }
            if !seen.insert((
                position.hash(),
                position.fullmove_number(),
                position.score(Color::White),
                position.score(Color::Black),
            )) {
                continue;
            }
            if !near_decision(position) {
                continue;
            }
            for variation in score_variations(position) {
                if puzzles.len() >= options.count {
                    break;
                }
                let id = format!(
                    "{}{:04}",
                    options.id_prefix,
                    options.first_number + puzzles.len()
                );
                if let Some(puzzle) = consider(&variation, id, &mut solver, limits, options) {
                    found(&puzzle);
                    puzzles.push(puzzle);
                }
            }
        }
    }
    puzzles
}

/// A self-play game between two random levels, to its end.
fn self_play(engine: &mut Engine, rng: &mut SplitMix64) -> Option<Game> {
    let mut game = Game::new(Variant::Norochess, None).ok()?;
    let levels = [
        Level::new(2 + (rng.next_u64() % 5) as u8),
        Level::new(2 + (rng.next_u64() % 5) as u8),
    ];
    engine.clear();
    while game.outcome().is_none() {
        let level = levels[game.position().turn().index()];
        let request = SearchRequest::for_game(
            &game,
            Limits {
                nodes: Some(30_000),
                ..Limits::default()
            },
        );
        let Some(m) = engine
            .play_at_level(&request, level, rng.next_u64())
            .best_move
        else {
            break;
        };
        if game.play(m).is_err() {
            break;
        }
    }
    Some(game)
}

/// The position as played and, near the limit, the same board with level
/// scores: a tie at move 48 sends the game into overtime, which makes for
/// different puzzles on the same pieces. The level copy raises the lower
/// score, which may give a side more points than the opponent's missing
/// material is worth; such copies cannot come from a game and are dropped
/// (12 puzzles of the first pack were such copies).
fn score_variations(position: &AnyPosition) -> Vec<AnyPosition> {
    let mut variations = vec![*position];
    let (white, black) = (position.score(Color::White), position.score(Color::Black));
    if white != black {
        let level = white.max(black);
        let text = position.to_text();
        if let Some((board, _)) = text.split_once(" score=") {
            if let Ok(p) = AnyPosition::from_text(
                position.variant(),
                &format!("{board} score={level}-{level}"),
            ) {
                variations.push(p);
            }
        }
    }
    variations.retain(|p| score_problems(p).is_empty());
    variations
}

/// Whether the move limit can decide the game within a few plies (or the
/// game is in overtime), where puzzles are exact and quick to prove.
fn near_decision(position: &AnyPosition) -> bool {
    let n = position.fullmove_number();
    let own = if position.turn() == Color::White {
        2
    } else {
        1
    };
    n > 48 || 2 * 48u32.saturating_sub(n) + own <= 6
}

/// Turns a position into a puzzle if it makes a good one.
fn consider(
    position: &AnyPosition,
    id: String,
    solver: &mut Solver,
    limits: SolveLimits,
    options: &GeneratorOptions,
) -> Option<Puzzle> {
    if position.legal_moves().len() < 2 {
        return None;
    }
    let started = Instant::now();
    let value = solver.value(position, &[], limits)?;
    let ahead = position.score(position.turn()) > position.score(!position.turn());
    let candidates: &[Objective] = &match value {
        GameValue::Win(m) if m >= 2 && ahead => [Objective::WinBy(m as u16), Objective::Win],
        GameValue::Win(m) if m >= 2 => [Objective::Win, Objective::WinBy(m as u16)],
        GameValue::Win(_) => [Objective::Win, Objective::Win],
        GameValue::Draw => [Objective::Save, Objective::Save],
        GameValue::Loss(_) => return None,
    };
    let mut chosen = None;
    for &objective in candidates {
        let classified = solver.classify_moves(position, &[], objective, limits);
        if classified.iter().any(|(_, v)| v.is_none()) {
            return None;
        }
        let achieving: Vec<Move> = classified
            .iter()
            .filter(|(_, v)| *v == Some(true))
            .map(|(m, _)| *m)
            .collect();
        if achieving.len() == 1 {
            chosen = Some((objective, achieving[0]));
            break;
        }
    }
    let (objective, first) = chosen?;
    let line = solution_line(position, first, objective, solver, limits, options.max_line)?;
    let player_moves = line.len().div_ceil(2);
    let obvious = greedy_move(position, 0).is_some_and(|g| {
        let capture = position
            .piece_at(first.to)
            .is_some_and(|p| p.color != position.turn());
        capture && same_gain(position, g, first)
    });
    if player_moves == 1 && obvious {
        return None;
    }
    let nodes_used = solver.nodes().max(1);
    let themes = themes(position, &line, objective);
    let rating = rating(player_moves, nodes_used, objective, started.elapsed());
    let puzzle = Puzzle {
        id,
        variant: position.variant(),
        position: position.to_text(),
        objective,
        solution: line.iter().map(|m| m.uci(position.width())).collect(),
        rating,
        themes,
    };
    let report = verify_puzzle(&puzzle, solver, limits);
    (report.ok() && report.elapsed <= options.max_verify_time).then_some(puzzle)
}

/// Whether two captures take pieces of the same value.
fn same_gain(position: &AnyPosition, a: Move, b: Move) -> bool {
    let value = |m: Move| {
        position
            .piece_at(m.to)
            .map_or(0, |p| p.role.capture_points())
    };
    value(a) == value(b)
}

/// The intended line: unique moves of the solver's side, the best defence
/// in between; it stops where the game ends, the best defence is not
/// proven, or the solver's side has several ways to go on (or one the
/// solver cannot tell from an unproven alternative).
fn solution_line(
    start: &AnyPosition,
    first: Move,
    objective: Objective,
    solver: &mut Solver,
    limits: SolveLimits,
    max_line: usize,
) -> Option<Vec<Move>> {
    let mut line = vec![first];
    let mut history = vec![start.hash()];
    let mut position = start.play(first).ok()?;
    let mut game_like = Game::from_position(start.variant(), &start.to_text()).ok()?;
    game_like.play(first).ok()?;
    while line.len() < max_line && game_like.outcome().is_none() {
        // Defender: the reply with the best exact value for it, which the
        // strict verification demands (an engine's search can pick a reply
        // that loses by more). Unproven values end the line here.
        let values = solver.move_values(&position, &history, limits);
        if values.iter().any(|(_, v)| v.is_none()) {
            break;
        }
        let Some(reply) = values
            .iter()
            .filter_map(|(m, v)| v.map(|v| (*m, v)))
            .max_by_key(|(_, v)| value_rank(*v))
            .map(|(m, _)| m)
        else {
            break;
        };
        history.push(position.hash());
        position = position.play(reply).ok()?;
        game_like.play(reply).ok()?;
        if game_like.outcome().is_some() {
            // The defence ends the game: the line ends with the solver's
            // last move, not the defender's.
            line.push(reply);
            break;
        }
        let classified = solver.classify_moves(&position, &history, objective, limits);
        let achieving: Vec<Move> = classified
            .iter()
            .filter(|(_, v)| *v == Some(true))
            .map(|(m, _)| *m)
            .collect();
        if achieving.len() != 1 || classified.iter().any(|(_, v)| v.is_none()) {
            break;
        }
        line.push(reply);
        line.push(achieving[0]);
        history.push(position.hash());
        position = position.play(achieving[0]).ok()?;
        game_like.play(achieving[0]).ok()?;
    }
    // A line never ends on a defender move.
    if line.len() % 2 == 0 {
        line.pop();
    }
    Some(line)
}

/// Orders game values from worst to best for the side they belong to.
fn value_rank(value: GameValue) -> i64 {
    match value {
        GameValue::Win(m) => 1_000_000 + i64::from(m),
        GameValue::Draw => 0,
        GameValue::Loss(m) => -1_000_000 + i64::from(m),
    }
}

fn themes(start: &AnyPosition, line: &[Move], objective: Objective) -> Vec<String> {
    let mut themes = Vec::new();
    let mut add = |t: &str| {
        if !themes.iter().any(|x| x == t) {
            themes.push(t.to_string());
        }
    };
    if start.fullmove_number() > 48 {
        add("overtime");
    }
    match objective {
        Objective::Save => add("save"),
        Objective::WinBy(_) => add("margin"),
        Objective::Win => {}
    }
    let mut game = match Game::from_position(start.variant(), &start.to_text()) {
        Ok(g) => g,
        Err(_) => return themes,
    };
    let solver_side = start.turn();
    for (i, &m) in line.iter().enumerate() {
        let position = *game.position();
        let victim = position
            .piece_at(m.to)
            .filter(|p| p.color != position.turn());
        if i % 2 == 0 {
            if victim.is_some_and(|p| p.role == Role::King) {
                add("king-hunt");
            }
            if matches!(m.kind, MoveKind::Promotion(_)) {
                add("promotion");
            }
            if m.promotion().is_some_and(|r| r != Role::Queen) {
                add("underpromotion");
            }
            if victim.is_none() && i == 0 {
                add("quiet-move");
            }
        }
        if game.play(m).is_err() {
            break;
        }
        if i + 1 == line.len()
            && i % 2 == 0
            && victim.is_some()
            && solver_side == Color::Black
            && position.fullmove_number() >= 48
        {
            add("last-move-capture");
        }
    }
    if let Some(outcome) = game.outcome() {
        match outcome.reason {
            EndReason::NoPiecesLeft => add("extinction"),
            EndReason::RepetitionLoss => add("repetition-trap"),
            EndReason::Blocked => add("blockade"),
            _ => {}
        }
    }
    if line.len() >= 5 {
        add("long-line");
    }
    themes
}

/// A rating from the line length and the solver's effort.
fn rating(player_moves: usize, nodes: u64, objective: Objective, _elapsed: Duration) -> u16 {
    let effort = (nodes as f64).log10().max(0.0);
    let base = 350.0 + 330.0 * player_moves as f64 + 130.0 * effort;
    let bonus = match objective {
        Objective::Save => 120.0,
        Objective::WinBy(_) => 80.0,
        Objective::Win => 0.0,
    };
    (base + bonus).clamp(600.0, 2400.0) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_score_copies_stay_within_the_missing_material() {
        // White leads 30–3 with Black's queen, a rook and two pawns gone
        // (at most 32 points) but only a knight of White's (3 points): the
        // 30–30 copy would give Black points it cannot have scored.
        let p = AnyPosition::from_text(
            Variant::Norochess,
            "rnb1kbn1/pppppp2/8/8/8/8/PPPPPPPP/R1BQKBNR w - - 0 47 score=30-3",
        )
        .expect("position");
        let variations = score_variations(&p);
        assert_eq!(variations, vec![p]);
        // With enough White material missing, the copy is kept.
        let q = AnyPosition::from_text(
            Variant::Norochess,
            "rnb1kbn1/pppppp2/8/8/8/8/PPPPPPPP/4K3 w - - 0 47 score=30-3",
        )
        .expect("position");
        let variations = score_variations(&q);
        assert_eq!(variations.len(), 2);
        assert_eq!(variations[1].score(Color::Black), 30);
    }
}
