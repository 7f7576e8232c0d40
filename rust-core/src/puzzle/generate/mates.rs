//! Mate puzzles for the games with a royal king (Ram chess, Frontal chess),
//! in the same spirit as the Norochess puzzles: a source game's own move
//! is the opponent's mistake, after which the player has a forced mate in
//! at most [`MAX_MATE_MOVES`] moves that the opponent could have avoided.
//! The player's move must be the only one that mates in time at every
//! step, and every reply of the defender holds out as long as any can, so
//! the line is as long as the objective says.

use super::GeneratorOptions;
use crate::any::AnyPosition;
use crate::engine::solver::{game_ply, Objective, Proof, SolveLimits, Solver};
use crate::engine::{Engine, Limits, SearchRequest};
use crate::game::Game;
use crate::moves::Move;
use crate::puzzle::Puzzle;

/// The longest mate a puzzle asks for, in the player's moves.
pub(super) const MAX_MATE_MOVES: u8 = 3;
/// The first move number whose opponent's move may set a puzzle.
const FIRST_MOVE: u32 = 6;
/// Node budget of each screening question (is there a mate, could the
/// opponent have avoided it?).
const SCREEN_NODES: u64 = 150_000;
/// Candidates turned into full lines per source game.
pub(super) const MAX_TRIES: usize = 4;
/// Nodes of the engine's choice among equally long defences.
const DEFENCE_NODES: u64 = 20_000;

/// An opponent's move of a source game after which the player mates by
/// force: the ply of the move and the length of the shortest mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MateCandidate {
    /// Index of the opponent's move among the game's plies.
    pub ply: usize,
    /// The player's moves the shortest forced mate takes.
    pub moves: u8,
}

/// The moves of `game` that let the other side mate by force within
/// [`MAX_MATE_MOVES`] moves when some other move would not have: the
/// longest mates first (the better puzzles), then in game order.
pub(super) fn mate_candidates(game: &Game, solver: &mut Solver) -> Vec<MateCandidate> {
    let positions = game.positions();
    let mut found = Vec::new();
    for ply in 0..game.plies().len() {
        let (Some(before), Some(after)) = (positions.get(ply), positions.get(ply + 1)) else {
            break;
        };
        if before.fullmove_number() < FIRST_MOVE || after.legal_moves().is_empty() {
            continue;
        }
        let history = [before.hash()];
        let Some(moves) = shortest_mate(after, &history, solver) else {
            continue;
        };
        if avoidable(before, moves, solver) {
            found.push(MateCandidate { ply, moves });
        }
    }
    found.sort_by_key(|c| (std::cmp::Reverse(c.moves), c.ply));
    found
}

/// The player's moves of the shortest forced mate from `position`, if one
/// takes at most [`MAX_MATE_MOVES`] and is proven within the screen's
/// budget.
fn shortest_mate(position: &AnyPosition, history: &[u64], solver: &mut Solver) -> Option<u8> {
    if mate_proof(position, history, MAX_MATE_MOVES, solver) != Proof::Yes {
        return None;
    }
    (1..MAX_MATE_MOVES)
        .find(|&n| mate_proof(position, history, n, solver) == Proof::Yes)
        .or(Some(MAX_MATE_MOVES))
}

/// The solver's answer to "does the side to move of `position` mate within
/// `moves` moves?", within the screen's budget.
fn mate_proof(position: &AnyPosition, history: &[u64], moves: u8, solver: &mut Solver) -> Proof {
    let goal = Objective::Mate { moves }.anchored(position);
    let limits = goal.limits(SolveLimits::with_nodes(SCREEN_NODES));
    solver.prove(position, history, goal.objective, limits)
}

/// Whether, in `before`, the mover had a move that is proven to escape
/// every mate within `moves` moves of the other side, so the move it
/// played (which does not) was a mistake, not a lost position's last move.
fn avoidable(before: &AnyPosition, moves: u8, solver: &mut Solver) -> bool {
    // "Save" where play stops after the other side's `moves` moves: not
    // being mated by then is worth 0 (a royal game has no points), which
    // saves; a mate is a loss, which does not.
    let stop = game_ply(before) + 1 + 2 * u32::from(moves);
    let limits = SolveLimits::with_nodes(SCREEN_NODES).stopping_at(Some(stop));
    solver.prove(before, &[], Objective::Save, limits) == Proof::Yes
}

/// The puzzle `candidate` sets in `game`: the position before the
/// opponent's move, that move, the objective `mate in N` and a line of the
/// player's only moves and the longest defences; `None` where a step has
/// two mating moves, a move the solver cannot settle, or the line falls
/// short of the mate.
pub(super) fn mate_puzzle(
    game: &Game,
    candidate: MateCandidate,
    options: &GeneratorOptions,
    solver: &mut Solver,
    engine: &mut Engine,
) -> Option<Puzzle> {
    let before = *game.positions().get(candidate.ply)?;
    let mistake = game.plies().get(candidate.ply)?.mv;
    let start = before.play(mistake).ok()?;
    let objective = Objective::Mate {
        moves: candidate.moves,
    };
    let goal = objective.anchored(&start);
    let limits = goal.limits(SolveLimits::with_nodes(options.solve_nodes));
    let mut position = start;
    let mut history = vec![before.hash()];
    let mut line: Vec<Move> = Vec::new();
    for left in (1..=candidate.moves).rev() {
        let key = only_mating_move(&position, &history, limits, solver)?;
        line.push(key);
        history.push(position.hash());
        position = position.play(key).ok()?;
        if position.legal_moves().is_empty() {
            break;
        }
        if left == 1 {
            // The last move did not mate: the line is not the objective's.
            return None;
        }
        let defence = longest_defence(&position, &history, left - 1, solver, engine)?;
        line.push(defence);
        history.push(position.hash());
        position = position.play(defence).ok()?;
    }
    // The line must end in checkmate, after exactly the moves asked for.
    if !(position.legal_moves().is_empty() && position.is_check())
        || line.len() != 2 * usize::from(candidate.moves) - 1
    {
        return None;
    }
    Some(Puzzle {
        id: String::new(),
        variant: before.variant(),
        position: before.to_text(),
        setup: Some(mistake.uci(before.width())),
        objective,
        solution: line.iter().map(|m| m.uci(start.width())).collect(),
        rating: 0,
        themes: Vec::new(),
    })
}

/// The one move of the side to move that mates by the goal's stop, when
/// every other move is proven not to.
fn only_mating_move(
    position: &AnyPosition,
    history: &[u64],
    limits: SolveLimits,
    solver: &mut Solver,
) -> Option<Move> {
    let classified = solver.classify_moves(position, history, Objective::Win, limits);
    if classified.iter().any(|(_, verdict)| verdict.is_none()) {
        return None;
    }
    let mut mating = classified
        .into_iter()
        .filter(|(_, verdict)| *verdict == Some(true))
        .map(|(m, _)| m);
    match (mating.next(), mating.next()) {
        (Some(m), None) => Some(m),
        _ => None,
    }
}

/// A reply of the defender after which the player still needs all
/// `moves_left` moves to mate (none lets a mate come sooner); among such
/// replies the engine's choice, else the first.
fn longest_defence(
    position: &AnyPosition,
    history: &[u64],
    moves_left: u8,
    solver: &mut Solver,
    engine: &mut Engine,
) -> Option<Move> {
    let mut path = history.to_vec();
    path.push(position.hash());
    let holding: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|&r| {
            let Ok(after) = position.play(r) else {
                return false;
            };
            // A mate one move sooner than the objective's must be proven
            // impossible; one the solver cannot settle is not a defence
            // to show.
            moves_left <= 1 || mate_proof(&after, &path, moves_left - 1, solver) == Proof::No
        })
        .collect();
    let request = SearchRequest::new(
        *position,
        Limits {
            nodes: Some(DEFENCE_NODES),
            ..Limits::default()
        },
    );
    engine.clear();
    let choice = engine.search(&request, &mut |_| {}).best_move;
    choice
        .filter(|m| holding.contains(m))
        .or_else(|| holding.first().copied())
}
