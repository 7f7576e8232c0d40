//! Turning one mistake of a source game into a puzzle: the player (the
//! side that can punish it) must have exactly one move that keeps the
//! objective, clearly better than the runner-up, and the mistake must really
//! have cost the mover. Near the move limit the objective is the game's
//! result, proven to the end; earlier it is a gain of points within a few
//! moves, proven by a search that stops there and counts the points (captured
//! points are kept for good, so a gain is a gain).

use super::GeneratorOptions;
use crate::any::AnyPosition;
use crate::engine::solver::{game_ply, GameValue, Objective, Proof, SolveLimits, Solver};
use crate::engine::{Engine, Limits, Score, SearchRequest};
use crate::game::Game;
use crate::moves::Move;
use crate::puzzle::rating::{is_biggest_capture, line_asks_a_later_move};
use crate::puzzle::Puzzle;
use crate::types::Color;

/// The longest gain a middlegame puzzle asks for, in the player's moves.
const MAX_GAIN_MOVES: u8 = 3;
/// How much more a longer gain must take than every shorter one: its last
/// move must add points (a line that only keeps them has many last moves).
const LONGER_GAIN: i32 = 1;
/// The smallest gain worth a puzzle, and the margin the key move must keep
/// over every other move (for gains and `win-by`).
const CLEAR_MARGIN: i32 = 3;

/// Plies before the game's last possible end within which the exact
/// objectives (win, win-by, save) are tried first.
const EXACT_PLIES: u32 = 8;

/// The first move at which a run looks for puzzles unless `--moves` asks
/// for earlier ones: before it, most self-play games are still level and
/// a mistake seldom loses points within three moves.
pub(super) const FIRST_MOVE: u32 = 25;
/// Node budget of the quick screen of each position.
const SCREEN_NODES: u64 = 300_000;

/// Where in the game a puzzle starts, by the move number of the position
/// before the opponent's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// Moves before 45 (from 25 on unless a `--moves` range starts
    /// earlier): gains of points.
    Middlegame,
    /// Moves 45 to 52: the run-in to the move limit and early overtime.
    RunIn,
    /// Move 53 or later: deep overtime.
    Overtime,
}

impl Phase {
    /// Whether a position at move `n` belongs to the phase.
    pub fn holds(self, n: u32) -> bool {
        match self {
            Phase::Middlegame => n < 45,
            Phase::RunIn => (45..53).contains(&n),
            Phase::Overtime => n >= 53,
        }
    }
}

/// What the quick screen found after an opponent's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Screen {
    /// Two moves gain at least 3 more points than one move does.
    TwoMoveGain,
    /// One move gains 3 points or more.
    OneMoveGain,
}

/// Moves a careless player could make from the current position of
/// `game`: the one `played` there (if given) and those a one-ply search
/// (with its capture search) rates within 1.5 points of its best, which
/// look fine at a glance; best looking first, at most eight.
pub(super) fn plausible_moves(
    game: &Game,
    played: Option<Move>,
    engine: &mut Engine,
) -> Vec<(Move, i32)> {
    let legal = game.position().legal_moves();
    let mut request = SearchRequest::for_game(
        game,
        Limits {
            depth: Some(1),
            ..Limits::default()
        },
    );
    request.multipv = legal.len().max(1);
    engine.clear();
    let result = engine.search(&request, &mut |_| {});
    let scored: Vec<(Move, i32)> = result
        .lines
        .iter()
        .filter_map(|l| l.pv.first().map(|&m| (m, value(l.score))))
        .collect();
    let score_of = |m: Move| scored.iter().find(|(x, _)| *x == m).map(|(_, v)| *v);
    let mut moves: Vec<(Move, i32)> = played
        .and_then(|m| score_of(m).map(|v| (m, v)))
        .into_iter()
        .collect();
    if let Some(&(_, best)) = scored.first() {
        for &(m, v) in &scored {
            if moves.len() >= 8 {
                break;
            }
            if v >= best - 150 && !moves.iter().any(|(x, _)| *x == m) {
                moves.push((m, v));
            }
        }
    }
    moves
}

/// Nodes of the engine's look at the position after a plausible move.
const SUSPECT_NODES: u64 = 3_000;

/// Whether the engine, looking a little deeper after `mistake` (which a
/// one-ply search scored `glance` for the mover), finds it at least 1.5
/// points worse than it looked: a cheap sign of a tactic, before the
/// solver's proof.
pub(super) fn engine_suspects(
    game: &Game,
    mistake: Move,
    glance: i32,
    engine: &mut Engine,
) -> bool {
    let mut after = game.clone();
    if after.play(mistake).is_err() || after.outcome().is_some() {
        return false;
    }
    engine.clear();
    let request = SearchRequest::for_game(
        &after,
        Limits {
            nodes: Some(SUSPECT_NODES),
            ..Limits::default()
        },
    );
    match engine.search(&request, &mut |_| {}).score() {
        Some(score) => value(score).saturating_add(glance) >= 150,
        None => false,
    }
}

/// A search score in hundredths of a point; proven results count as very
/// large.
fn value(score: Score) -> i32 {
    match score {
        Score::Centi(c) => c,
        Score::Won { margin } => 100_000 + margin.clamp(-500, 500),
        Score::Lost { margin } => -100_000 + margin.clamp(-500, 500),
        Score::Mate(n) if n > 0 => 100_000,
        Score::Mate(_) => -100_000,
    }
}

/// Near the move limit, the quick screen: which of `moves` (the
/// opponent's, from the current position of `game`) are proven mistakes
/// within `nodes` per question: after the move the side to move does not
/// lose, and the mover had a move with a better proven result.
pub(super) fn screen_results(
    game: &Game,
    moves: &[Move],
    solver: &mut Solver,
    nodes: u64,
) -> Vec<Move> {
    let before = *game.position();
    let mut history: Vec<u64> = game.positions().iter().map(AnyPosition::hash).collect();
    history.pop();
    let limits = SolveLimits::with_nodes(nodes);
    let Some(best) = solver.value(&before, &history, limits) else {
        return Vec::new();
    };
    history.push(before.hash());
    moves
        .iter()
        .copied()
        .filter(|&m| {
            let Ok(start) = before.play(m) else {
                return false;
            };
            match solver.value(&start, &history, limits) {
                Some(value @ (GameValue::Win(_) | GameValue::Draw)) => {
                    value.negated().rank() < best.rank()
                }
                _ => false,
            }
        })
        .collect()
}

/// The quick screen for a gain after the opponent's move: one move's best
/// gain, then whether two moves gain 3 more. `history` holds the hashes
/// of the positions before `start`.
pub(super) fn screen_gain(
    start: &AnyPosition,
    history: &[u64],
    solver: &mut Solver,
) -> Option<Screen> {
    let lead = start.lead();
    let ply = game_ply(start);
    let base = SolveLimits::with_nodes(SCREEN_NODES);
    let one = match solver.value(start, history, base.stopping_at(Some(ply + 2)))? {
        GameValue::Points(d) => d - lead,
        _ => return None,
    };
    let target = lead + one.max(0) + CLEAR_MARGIN;
    let two = solver.prove(
        start,
        history,
        Objective::Lead(i16::try_from(target).ok()?),
        base.stopping_at(Some(ply + 4)),
    );
    if two == Proof::Yes {
        Some(Screen::TwoMoveGain)
    } else if one >= CLEAR_MARGIN {
        Some(Screen::OneMoveGain)
    } else {
        None
    }
}

/// The quick screen of [`GeneratorOptions::min_moves`] 3: whether, after
/// the opponent's move, three moves gain at least 3 points and at least 1
/// more than one or two moves do (a candidate for a three-move gain).
pub(super) fn screen_long_gain(start: &AnyPosition, history: &[u64], solver: &mut Solver) -> bool {
    let lead = start.lead();
    let ply = game_ply(start);
    let base = SolveLimits::with_nodes(SCREEN_NODES);
    let mut shorter = CLEAR_MARGIN - LONGER_GAIN;
    for moves in 1..=2 {
        match solver.value(start, history, base.stopping_at(Some(ply + 2 * moves))) {
            Some(GameValue::Points(d)) => shorter = shorter.max(d - lead),
            _ => return false,
        }
    }
    let Ok(target) = i16::try_from(lead + shorter + LONGER_GAIN) else {
        return false;
    };
    solver.prove(
        start,
        history,
        Objective::Lead(target),
        base.stopping_at(Some(ply + 6)),
    ) == Proof::Yes
}

/// The puzzle set by the opponent's move played from
/// `game.positions()[index]`, if it makes a sound one (not yet verified,
/// rated or tagged).
pub(super) fn puzzle_from_mistake(
    game: &Game,
    mistake: Move,
    solver: &mut Solver,
    options: &GeneratorOptions,
) -> Option<Puzzle> {
    let positions = game.positions();
    let before = *game.position();
    let start = before.play(mistake).ok()?;
    let mut after = game.clone();
    after.play(mistake).ok()?;
    if after.outcome().is_some() || start.legal_moves().len() < 2 {
        return None;
    }
    let history_before: Vec<u64> = positions[..positions.len() - 1]
        .iter()
        .map(AnyPosition::hash)
        .collect();
    let mut history_start = history_before.clone();
    history_start.push(before.hash());
    let base = SolveLimits::with_nodes(options.solve_nodes);
    let context = Context {
        before: &before,
        mistake,
        start: &start,
        history_before: &history_before,
        history_start: &history_start,
        base,
    };
    let exact = if plies_to_last_end(&start) <= EXACT_PLIES || start.fullmove_number() >= 53 {
        exact_objective(&context, solver)
    } else {
        None
    };
    let candidates = match exact {
        Some(found) => vec![found],
        None => gain_objectives(&context, solver, options.min_moves),
    };
    let (objective, line) = candidates.into_iter().find_map(|(objective, first)| {
        let goal = objective.anchored(&start);
        let line = solution_line(
            &start,
            &history_start,
            first,
            goal.objective,
            solver,
            goal.limits(base),
            options.max_line,
        )?;
        // A gain puzzle plays its whole idea: as many moves as it asks for,
        // unless the game ends first; else a shorter gain is tried.
        let played = line.len().div_ceil(2);
        if let Objective::Gain { moves, .. } = objective {
            if played < usize::from(moves) && !ends_game(&before, mistake, &line) {
                return None;
            }
        }
        let long_enough = played >= usize::from(options.min_moves);
        let asks_enough = !options.ask_later_move || line_asks_a_later_move(&start, &line);
        (long_enough && asks_enough).then_some((objective, line))
    })?;
    let width = before.width();
    Some(Puzzle {
        id: String::new(),
        variant: before.variant(),
        position: before.to_text(),
        setup: Some(mistake.uci(width)),
        objective,
        solution: line.iter().map(|m| m.uci(width)).collect(),
        rating: 1500,
        themes: Vec::new(),
    })
}

/// The positions around a mistake.
struct Context<'a> {
    before: &'a AnyPosition,
    mistake: Move,
    start: &'a AnyPosition,
    history_before: &'a [u64],
    history_start: &'a [u64],
    base: SolveLimits,
}

/// Plies until the game must have ended after Black's 48th move (or, in
/// overtime, 0): where the exact solver proves results quickly.
fn plies_to_last_end(position: &AnyPosition) -> u32 {
    let limit = match position.variant().rules().move_limit {
        Some(limit) => limit.regular_moves,
        None => return u32::MAX,
    };
    let n = position.fullmove_number();
    if n > limit {
        return 0;
    }
    let own = if position.turn() == Color::White {
        2
    } else {
        1
    };
    2 * (limit - n) + own
}

/// Near the move limit: `win` when exactly one move wins, else `win-by K`
/// when exactly one move wins by the best margin K ≥ 4 and every other
/// move wins by at most K − 3, else `save` when exactly one move avoids
/// losing (a draw is the best there is, or the player is behind on points).
/// The mistake must have changed the mover's proven result.
fn exact_objective(context: &Context, solver: &mut Solver) -> Option<(Objective, Move)> {
    let value = solver.value(context.start, context.history_start, context.base)?;
    let mut candidates: Vec<Objective> = match value {
        GameValue::Win(m) if m >= 4 => vec![Objective::Win, Objective::WinBy(m as u16)],
        GameValue::Win(_) => vec![Objective::Win],
        GameValue::Draw => vec![Objective::Save],
        GameValue::Loss(_) | GameValue::Points(_) => return None,
    };
    // Behind on points, the first question is not losing: when exactly one
    // move avoids defeat, that is the puzzle (half the time, drawn from the
    // position, so that comebacks also appear as wins).
    let start = context.start;
    let behind = start.score(start.turn()) < start.score(!start.turn());
    if behind && value != GameValue::Draw && start.hash() % 2 == 0 {
        candidates.insert(0, Objective::Save);
    }
    let compared = solver.better_moves_than(
        context.before,
        context.history_before,
        context.mistake,
        context.base,
    )?;
    if !compared.iter().any(|(_, better)| *better == Some(true)) {
        return None;
    }
    for objective in candidates {
        let Some(first) = only_move(context, solver, objective, context.base) else {
            continue;
        };
        if let Objective::WinBy(k) = objective {
            let runner_up = Objective::WinBy(k.saturating_sub(CLEAR_MARGIN as u16 - 1).max(1));
            if only_move(context, solver, runner_up, context.base) != Some(first) {
                continue;
            }
        }
        return Some((objective, first));
    }
    None
}

/// Earlier: a gain of points, as the puzzles it could be, longest first.
/// The exact gain within one, two and three moves; a number of moves is a
/// candidate when its gain is at least 3 and beats every shorter one's by at
/// least [`LONGER_GAIN`] (the last move must add points), exactly one first
/// move reaches it, every other first move gains at least 3 less, and the
/// mover could have kept 3 more points by another move than its mistake.
/// The caller keeps the first candidate whose line is all only moves; none
/// shorter than `min_moves` is offered.
fn gain_objectives(
    context: &Context,
    solver: &mut Solver,
    min_moves: u8,
) -> Vec<(Objective, Move)> {
    let start = context.start;
    let lead = start.lead();
    let ply = game_ply(start);
    let stop = |moves: u8| context.base.stopping_at(Some(ply + 2 * u32::from(moves)));
    let mut gains = Vec::new();
    for moves in 1..=MAX_GAIN_MOVES {
        match solver.value(start, context.history_start, stop(moves)) {
            Some(GameValue::Points(d)) => gains.push(d - lead),
            // A game won or lost within the moves is a result, not a gain;
            // an unproven value ends the search for longer lines too.
            _ => break,
        }
    }
    let mut candidates = Vec::new();
    for (index, &gain) in gains.iter().enumerate().rev() {
        let shorter_best = gains[..index].iter().copied().max();
        if gain < CLEAR_MARGIN || shorter_best.is_some_and(|best| gain < best + LONGER_GAIN) {
            continue;
        }
        let (Ok(moves), Ok(points)) = (u8::try_from(index + 1), u16::try_from(gain)) else {
            continue;
        };
        if moves < min_moves {
            continue;
        }
        let objective = Objective::Gain { points, moves };
        if let Some(first) = gain_key_move(context, solver, lead, gain, objective) {
            candidates.push((objective, first));
        }
    }
    candidates
}

/// The only first move meeting `objective`, a gain of `gain` points, when
/// every other gains at least 3 less and the mistake cost the mover 3
/// points.
fn gain_key_move(
    context: &Context,
    solver: &mut Solver,
    lead: i32,
    gain: i32,
    objective: Objective,
) -> Option<Move> {
    let goal = objective.anchored(context.start);
    let limits = goal.limits(context.base);
    let first = only_move(context, solver, goal.objective, limits)?;
    let runner_up = Objective::Lead(i16::try_from(lead + gain - (CLEAR_MARGIN - 1)).ok()?);
    if only_move(context, solver, runner_up, limits) != Some(first) {
        return None;
    }
    // The mistake: from the position before it, with play stopping at the
    // same ply, the mover could have ended at least 3 points better.
    let mover_lead = -(lead + gain);
    let could = Objective::Lead(i16::try_from(mover_lead + CLEAR_MARGIN).ok()?);
    if solver.prove(context.before, context.history_before, could, limits) != Proof::Yes {
        return None;
    }
    Some(first)
}

/// The single move of the player that meets `objective` (every move
/// proven), if there is exactly one.
fn only_move(
    context: &Context,
    solver: &mut Solver,
    objective: Objective,
    limits: SolveLimits,
) -> Option<Move> {
    single_way_on(
        context.start,
        context.history_start,
        objective,
        solver,
        limits,
    )
}

/// Whether the mistake and the line end the game.
fn ends_game(before: &AnyPosition, mistake: Move, line: &[Move]) -> bool {
    let Ok(mut game) = Game::from_position(before.variant(), &before.to_text()) else {
        return false;
    };
    for &m in std::iter::once(&mistake).chain(line) {
        if game.play(m).is_err() {
            return false;
        }
    }
    game.outcome().is_some()
}

/// The intended line: the player's unique moves and the defender's best
/// replies in between; it stops where the game ends, where play stops for
/// the objective, where a best defence is not proven, or where the player
/// has several ways to go on after every best defence. Among equally good
/// defences the line takes one after which the player has a single way on
/// that is not the biggest capture on the board, else one after which the
/// player has a single way on at all (the last in move order first). It
/// never ends on a defender's move.
pub(crate) fn solution_line(
    start: &AnyPosition,
    history: &[u64],
    first: Move,
    objective: Objective,
    solver: &mut Solver,
    limits: SolveLimits,
    max_line: usize,
) -> Option<Vec<Move>> {
    let mut line = vec![first];
    let mut history = history.to_vec();
    history.push(start.hash());
    let mut position = start.play(first).ok()?;
    let mut game = Game::from_position(start.variant(), &start.to_text()).ok()?;
    game.play(first).ok()?;
    let stop = limits.stop_at_ply;
    while line.len() < max_line && game.outcome().is_none() {
        // The defender's reply must leave the player a move before the stop.
        if stop.is_some_and(|s| game_ply(&position) + 1 >= s) {
            break;
        }
        let values = solver.move_values(&position, &history, limits);
        if values.iter().any(|(_, v)| v.is_none()) {
            break;
        }
        let Some(best) = values.iter().filter_map(|(_, v)| v.map(|v| v.rank())).max() else {
            break;
        };
        let defences = values
            .iter()
            .rev()
            .filter(|(_, v)| v.is_some_and(|v| v.rank() == best))
            .map(|(m, _)| *m)
            .take(MAX_DEFENCES_TRIED);
        let mut history_after = history.clone();
        history_after.push(position.hash());
        // A defence after which the player's single way on is not simply
        // the biggest capture makes the better puzzle (the defender is
        // indifferent between them); failing that, the first that leaves a
        // single way.
        let mut next = None;
        for reply in defences {
            let mut after = game.clone();
            if after.play(reply).is_err() || after.outcome().is_some() {
                continue;
            }
            let Ok(replied) = position.play(reply) else {
                continue;
            };
            if let Some(key) = single_way_on(&replied, &history_after, objective, solver, limits) {
                let asks_more = !is_biggest_capture(&replied, key);
                if next.is_none() || asks_more {
                    next = Some((reply, replied, after, key));
                }
                if asks_more {
                    break;
                }
            }
        }
        let Some((reply, replied, after, key)) = next else {
            break;
        };
        line.push(reply);
        line.push(key);
        history = history_after;
        history.push(replied.hash());
        position = replied.play(key).ok()?;
        game = after;
        game.play(key).ok()?;
    }
    Some(line)
}

/// Most equally good defences tried for one that leaves the player a single
/// way on, and one whose way on is not the biggest capture (each costs a
/// classification of the player's moves).
const MAX_DEFENCES_TRIED: usize = 4;

/// The player's only move that meets `objective` from `position`, when every
/// move is proven and exactly one meets it.
fn single_way_on(
    position: &AnyPosition,
    history: &[u64],
    objective: Objective,
    solver: &mut Solver,
    limits: SolveLimits,
) -> Option<Move> {
    let classified = solver.classify_moves(position, history, objective, limits);
    if classified.iter().any(|(_, v)| v.is_none()) {
        return None;
    }
    let mut achieving = classified
        .iter()
        .filter(|(_, v)| *v == Some(true))
        .map(|(m, _)| *m);
    let key = achieving.next()?;
    achieving.next().is_none().then_some(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// np7368's board before the opponent's move (the rook to a6): Black's
    /// quiet bishop move to c4 lines up on the rook on f1, which falls, and
    /// the knight on h3 after it.
    const BEFORE: &str = "R7/4bb1p/2p4p/5p2/p2P4/4P1PN/P6P/3K1R2 w - - 2 40 score=30-21";

    /// The puzzle the opponent's move `mistake` sets on the board `before`.
    fn puzzle_after(before: &str, mistake: &str, options: &GeneratorOptions) -> Option<Puzzle> {
        let game = Game::from_position(Variant::Norochess, before).expect("the board reads");
        let mistake = game.position().parse_uci(mistake).expect("a legal move");
        let mut solver = Solver::new(16);
        puzzle_from_mistake(&game, mistake, &mut solver, options)
    }

    fn asking(min_moves: u8, ask_later_move: bool) -> GeneratorOptions {
        GeneratorOptions {
            min_moves,
            ask_later_move,
            ..GeneratorOptions::default()
        }
    }

    const THREE_IN_THREE: Objective = Objective::Gain {
        points: 3,
        moves: 3,
    };

    #[test]
    fn the_long_line_mode_asks_for_the_three_move_gain() {
        let puzzle = puzzle_after(BEFORE, "a8a6", &asking(3, false)).expect("a puzzle");
        assert_eq!(puzzle.objective, THREE_IN_THREE);
        assert_eq!(puzzle.solution, ["f7c4", "a6c6", "c4f1", "c6h6", "f1h3"]);
    }

    #[test]
    fn the_default_mode_takes_the_same_longest_gain() {
        let puzzle = puzzle_after(BEFORE, "a8a6", &GeneratorOptions::default()).expect("a puzzle");
        // The same longest line: the mode only drops shorter ones.
        assert_eq!(puzzle.objective, THREE_IN_THREE);
    }

    #[test]
    fn asking_a_later_move_turns_away_a_line_of_biggest_captures() {
        // np7368's line takes the rook on f1 and then the knight on h3,
        // each the biggest capture there: only its first move asks
        // anything.
        assert!(puzzle_after(BEFORE, "a8a6", &asking(3, true)).is_none());
    }

    #[test]
    fn asking_a_later_move_keeps_a_line_whose_later_move_is_not_the_biggest_capture() {
        // np8101 (the fifteenth run): after c4c5 the queen on c1 goes to
        // b2; when the queen on a4 answers on b3, Black takes the rook on
        // a1, not the bigger capture of the queen on b3, which the a2 pawn
        // would take back.
        let before = "r1b2b2/3p3p/1p2kp2/p7/QPPpP1N1/3P4/P3BP2/RNq5 w - - 0 26 score=13-12";
        let puzzle = puzzle_after(before, "c4c5", &asking(2, true)).expect("a puzzle");
        assert_eq!(puzzle.solution, ["c1b2", "a4b3", "b2a1"]);
        assert!(crate::puzzle::later_move_not_biggest_capture(&puzzle));
    }
}
