//! The puzzle generator, after lichess's (ornicar/lichess-puzzler): source
//! games are played by the engine at varied strength; in each, the moves
//! that threw points away are tried, worst first, and the first that sets a
//! sound puzzle is kept, so a game gives at most one. A puzzle begins with
//! that mistake (the opponent's move), then asks for the one move that
//! punishes it.
//!
//! Every game is played and analysed on its own, from a seed drawn from the
//! run's seed and the game's number, with a fresh engine and solver table,
//! so a run gives the same puzzles whatever the number of threads.

pub(crate) mod analyse;
mod deepen;
mod mates;
mod selfplay;

pub use deepen::deepen_puzzle;

use super::likeness::{idea_key, MAX_SAME_IDEA};
use super::panel::starting_rating;
use super::rating::greedy_solvable;
use super::themes::tag_themes;
use super::{verify_puzzle, Puzzle};
use crate::engine::solver::{SolveLimits, Solver};
use crate::engine::Engine;
use crate::game::Game;
use crate::rng::SplitMix64;
use crate::variant::Variant;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The line that proves `objective` after the player's `first` move from
/// `start` (`history`: the hashes of the positions before it), as the
/// generator, the composer, `puzzles verify` and `solve --objective` see
/// it: the player's only moves and the defender's best replies (exact
/// values) in between, up to `max_line` plies. It stops where the game
/// ends, where play stops for the objective, where a best defence is not
/// proven, or where the player has several ways to go on. `None` when
/// `first` is not legal.
pub fn proof_line(
    start: &crate::any::AnyPosition,
    history: &[u64],
    first: crate::moves::Move,
    objective: crate::engine::solver::Objective,
    solver: &mut Solver,
    limits: SolveLimits,
    max_line: usize,
) -> Option<Vec<crate::moves::Move>> {
    analyse::solution_line(start, history, first, objective, solver, limits, max_line)
}

/// Settings of a generator run.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratorOptions {
    /// How many puzzles to find.
    pub count: usize,
    /// Seed of the run (the same seed gives the same puzzles).
    pub seed: u64,
    /// Prefix of the ids (`np`).
    pub id_prefix: String,
    /// Number of the first id.
    pub first_number: usize,
    /// Node budget of each solver question.
    pub solve_nodes: u64,
    /// Most solver nodes a kept puzzle may take to verify (a count, not a
    /// time, so that a run finds the same puzzles on any machine and under
    /// any load; 1,200,000 nodes take about 0.6 s on one core here).
    pub max_verify_nodes: u64,
    /// Longest solution, in plies.
    pub max_line: usize,
    /// The game of the source games.
    pub variant: Variant,
    /// Threads playing and analysing games.
    pub threads: usize,
    /// Most source games to play before giving up.
    pub max_games: usize,
    /// Largest share of puzzles solved by taking the most points at every
    /// step (the rest of such finds are dropped).
    pub max_greedy_share: f64,
    /// Start boards already taken (by an earlier run's pack, see
    /// [`board_key`]): a puzzle on one of them is not admitted.
    pub avoid_boards: Vec<String>,
    /// The ideas of an earlier run's pack ([`idea_key`], one entry per
    /// puzzle): they count toward the cap of [`MAX_SAME_IDEA`] puzzles of
    /// one idea.
    pub avoid_ideas: Vec<String>,
    /// Only puzzles whose opponent's move is made at these move numbers
    /// (both included), as `(first, last)`: to fill a stretch of the game
    /// the pack lacks (moves 49 to 52, or 15 to 24, before the first move
    /// a run looks at by default). `None`: every phase from move 25.
    pub moves: Option<(u32, u32)>,
    /// Only puzzles from deep overtime (move 53 on). Few games get there:
    /// a source game level after move 48 has its overtime played again by
    /// other levels (up to 12 versions) until one reaches move 53, and the
    /// rest are dropped before any analysis.
    pub deep_overtime_only: bool,
    /// Only puzzles of at least this many player moves. From 3 on, the
    /// middlegame's screen looks for three-move gains only (see
    /// `analyse::screen_long_gain`), and shorter lines are dropped.
    pub min_moves: u8,
    /// Only lines in which a later player move (the second, third, ...) is
    /// not the biggest capture on the board: a line whose later moves all
    /// take the most points asks only for its first move. A line turned
    /// away here leaves the source game's other candidates to be tried.
    pub ask_later_move: bool,
}

impl Default for GeneratorOptions {
    fn default() -> Self {
        GeneratorOptions {
            count: 10,
            seed: 1,
            id_prefix: "np".to_string(),
            first_number: 1,
            solve_nodes: 2_000_000,
            max_verify_nodes: 1_200_000,
            max_line: 9,
            variant: Variant::Norochess,
            threads: 1,
            max_games: 100_000,
            max_greedy_share: 0.12,
            deep_overtime_only: false,
            min_moves: 1,
            ask_later_move: false,
            avoid_boards: Vec::new(),
            avoid_ideas: Vec::new(),
            moves: None,
        }
    }
}

impl GeneratorOptions {
    /// Whether an opponent's move at move number `n` may set a puzzle
    /// ([`GeneratorOptions::moves`]; without a range, from move 25 on).
    pub fn allows_move(&self, n: u32) -> bool {
        match self.moves {
            Some((first, last)) => (first..=last).contains(&n),
            None => n >= analyse::FIRST_MOVE,
        }
    }
}

/// Finds puzzles; `found` is called with each one as it is accepted, in
/// the order of the pack.
pub fn generate_puzzles(options: &GeneratorOptions, found: &mut dyn FnMut(&Puzzle)) -> Vec<Puzzle> {
    let mut pack = Pack::new(options);
    let threads = options.threads.max(1);
    let batch = threads * 4;
    let mut next_game = 0;
    while pack.puzzles.len() < options.count && next_game < options.max_games {
        let end = (next_game + batch).min(options.max_games);
        for candidate in play_batch(options, next_game..end, threads)
            .into_iter()
            .flatten()
        {
            if pack.puzzles.len() >= options.count {
                break;
            }
            if let Some(puzzle) = pack.admit(candidate) {
                found(puzzle);
            }
        }
        next_game = end;
    }
    pack.puzzles
}

/// Plays and analyses the games of `games` on `threads` threads; the
/// results come back in game order.
fn play_batch(
    options: &GeneratorOptions,
    games: std::ops::Range<usize>,
    threads: usize,
) -> Vec<Option<Puzzle>> {
    let first = games.start;
    let results: Mutex<Vec<Option<Puzzle>>> = Mutex::new(vec![None; games.len()]);
    let next = AtomicUsize::new(games.start);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut engine = Engine::new(8);
                let mut solver = Solver::new(4);
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= games.end {
                        break;
                    }
                    let puzzle = puzzle_of_game(options, game, &mut engine, &mut solver);
                    if let Ok(mut results) = results.lock() {
                        results[game - first] = puzzle;
                    }
                }
            });
        }
    });
    results.into_inner().unwrap_or_default()
}

/// `game` played again from its first position at move number `from` by
/// levels drawn from `seed`, up to [`OVERTIME_BRANCHES`] versions, until
/// one makes a move at move number `target`; `None` when the game never
/// got to `from` or no version gets there.
fn replay_until(
    game: &Game,
    from: u32,
    target: u32,
    seed: u64,
    engine: &mut Engine,
) -> Option<Game> {
    let branch = game
        .positions()
        .iter()
        .position(|p| p.fullmove_number() == from)?;
    let mut branch_rng = SplitMix64::new(seed);
    (0..OVERTIME_BRANCHES)
        .filter_map(|_| {
            let prefix = selfplay::prefix(game, branch)?;
            selfplay::play_out(prefix, engine, branch_rng.next_u64())
        })
        .find(|g| reaches(g, target))
}

/// Whether a move of `game` is made at move number `n` or later. The
/// final position does not count: a game that ends after Black's 48th
/// move ends on move number 49 with no move made there.
fn reaches(game: &Game, n: u32) -> bool {
    game.positions()
        .iter()
        .take(game.plies().len())
        .any(|p| p.fullmove_number() >= n)
}

/// The seed of source game `game` of a run.
fn game_seed(run_seed: u64, game: usize) -> u64 {
    let mut rng = SplitMix64::new(run_seed ^ (game as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    rng.next_u64()
}

/// Positions screened per phase of a source game.
const SCREENED_POSITIONS: usize = 24;
/// Full analyses per source game.
const MAX_ANALYSES: usize = 10;
/// Node budget of each question of the quick screen near the move limit
/// (is the opponent's move a proven mistake?).
const RESULT_SCREEN_NODES: u64 = 300_000;
/// Versions of a game played again from a branch point: its overtime in
/// a deep-overtime run, or the moves before a `--moves` range.
const OVERTIME_BRANCHES: usize = 12;
/// How many moves before a `moves` range a game that does not reach the
/// range is played again from.
const RANGE_BRANCH_LEAD: u32 = 6;
/// One-move gains tried per phase when no two-move gain made a puzzle.
const ONE_MOVE_TRIES: usize = 3;

/// The puzzle of one source game, verified, tagged and rated. The phases
/// of the game are tried in an order drawn from the seed (deep overtime
/// first when the game got there, as such games are rare; else the
/// middlegame or the run-in to the move limit first, half the time each),
/// and within a phase its positions in a random order.
fn puzzle_of_game(
    options: &GeneratorOptions,
    game_number: usize,
    engine: &mut Engine,
    solver: &mut Solver,
) -> Option<Puzzle> {
    use analyse::{Phase, Screen};
    let seed = game_seed(options.seed, game_number);
    let game = selfplay::self_play(options.variant, engine, seed)?;
    if !options.variant.is_norochess_family() {
        return mate_puzzle_of_game(&game, options, engine, solver);
    }
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let reaches_53 = |g: &Game| reaches(g, 53);
    let game = if options.deep_overtime_only && !reaches_53(&game) {
        // A game level after move 48 goes on; its overtime is played again
        // from there by other levels until one version gets to move 53.
        replay_until(&game, 49, 53, seed ^ 0x0be7, engine)?
    } else {
        game
    };
    let game = match options.moves {
        // A range the game does not reach (move 49 on needs a tie after
        // move 48): the game is played again from some moves before it by
        // other levels until one version gets there; without one, no
        // puzzle from this game.
        Some((first, _)) if !reaches(&game, first) => {
            let from = first.saturating_sub(RANGE_BRANCH_LEAD).max(1);
            replay_until(&game, from, first, seed ^ 0x4952, engine)?
        }
        _ => game,
    };
    let deep_overtime = reaches_53(&game);
    if options.deep_overtime_only && !deep_overtime {
        return None;
    }
    let phases = match rng.below(100) {
        _ if deep_overtime => [Phase::Overtime, Phase::RunIn, Phase::Middlegame],
        0..=49 => [Phase::Middlegame, Phase::RunIn, Phase::Overtime],
        _ => [Phase::RunIn, Phase::Overtime, Phase::Middlegame],
    };
    let mut analyses = 0;
    let phases = if options.deep_overtime_only {
        &phases[..1]
    } else {
        &phases[..]
    };
    for &phase in phases {
        let mut indices: Vec<usize> = (0..game.plies().len())
            .filter(|&i| {
                let n = game.positions()[i].fullmove_number();
                phase.holds(n) && options.allows_move(n)
            })
            .collect();
        shuffle(&mut indices, &mut rng);
        let mut one_move_gains = Vec::new();
        for &index in indices.iter().take(SCREENED_POSITIONS) {
            let Some(so_far) = selfplay::prefix(&game, index) else {
                continue;
            };
            let played = game.plies()[index].mv;
            if phase != Phase::Middlegame && !result_at_stake(so_far.position()) {
                continue;
            }
            let history: Vec<u64> = so_far.positions().iter().map(|p| p.hash()).collect();
            let mut moves = analyse::plausible_moves(&so_far, Some(played), engine);
            if phase != Phase::Middlegame {
                solver.clear();
                let kept = analyse::screen_results(
                    &so_far,
                    &move_list(&moves),
                    solver,
                    RESULT_SCREEN_NODES,
                );
                moves.retain(|(m, _)| kept.contains(m));
            }
            for (mistake, glance) in moves {
                if analyses >= MAX_ANALYSES {
                    return None;
                }
                if phase == Phase::Middlegame {
                    if !analyse::engine_suspects(&so_far, mistake, glance, engine) {
                        continue;
                    }
                    let Ok(start) = so_far.position().play(mistake) else {
                        continue;
                    };
                    solver.clear();
                    if options.min_moves >= 3 {
                        if !analyse::screen_long_gain(&start, &history, solver) {
                            continue;
                        }
                    } else {
                        match analyse::screen_gain(&start, &history, solver) {
                            Some(Screen::TwoMoveGain) => {}
                            // A one-move line has no later move to ask.
                            Some(Screen::OneMoveGain) if options.ask_later_move => continue,
                            Some(Screen::OneMoveGain) => {
                                one_move_gains.push((index, mistake));
                                continue;
                            }
                            None => continue,
                        }
                    }
                }
                analyses += 1;
                if let Some(puzzle) = finish(&so_far, mistake, options, engine, solver) {
                    return Some(puzzle);
                }
            }
        }
        for (index, mistake) in one_move_gains.into_iter().take(ONE_MOVE_TRIES) {
            let Some(so_far) = selfplay::prefix(&game, index) else {
                continue;
            };
            analyses += 1;
            if let Some(puzzle) = finish(&so_far, mistake, options, engine, solver) {
                return Some(puzzle);
            }
        }
    }
    None
}

/// The mate puzzle of one source game of a game with a royal king: its
/// moves that allowed a forced mate, longest mates first, each made into a
/// line until one passes the same checks as every puzzle.
fn mate_puzzle_of_game(
    game: &Game,
    options: &GeneratorOptions,
    engine: &mut Engine,
    solver: &mut Solver,
) -> Option<Puzzle> {
    solver.clear();
    let candidates = mates::mate_candidates(game, solver);
    for candidate in candidates.into_iter().take(mates::MAX_TRIES) {
        solver.clear();
        let Some(puzzle) = mates::mate_puzzle(game, candidate, options, solver, engine) else {
            continue;
        };
        if let Some(puzzle) = accepted(puzzle, options, engine, solver) {
            return Some(puzzle);
        }
    }
    None
}

/// The puzzle the opponent's `mistake` sets in the current position of
/// `so_far`, verified strictly within the time allowed, tagged and rated.
fn finish(
    so_far: &Game,
    mistake: crate::moves::Move,
    options: &GeneratorOptions,
    engine: &mut Engine,
    solver: &mut Solver,
) -> Option<Puzzle> {
    solver.clear();
    let puzzle = analyse::puzzle_from_mistake(so_far, mistake, solver, options)?;
    accepted(puzzle, options, engine, solver)
}

/// `puzzle` verified strictly within the nodes allowed, kept or not by the
/// greedy share, then tagged and rated.
fn accepted(
    mut puzzle: Puzzle,
    options: &GeneratorOptions,
    engine: &mut Engine,
    solver: &mut Solver,
) -> Option<Puzzle> {
    solver.clear();
    let report = verify_puzzle(
        &puzzle,
        solver,
        SolveLimits::with_nodes(options.solve_nodes),
    );
    if !report.ok() || report.nodes > options.max_verify_nodes {
        return None;
    }
    // Most puzzles that taking the most points solves are turned away
    // here, where the game can still give a better one; the pack's cap
    // keeps the rest under its share.
    if greedy_solvable(&puzzle) && !lucky(&puzzle, options.max_greedy_share) {
        return None;
    }
    puzzle.themes = tag_themes(&puzzle);
    puzzle.rating = starting_rating(&puzzle, engine);
    Some(puzzle)
}

/// A draw with chance `share`, decided by the puzzle's position (so a run
/// stays reproducible).
fn lucky(puzzle: &Puzzle, share: f64) -> bool {
    let hash = puzzle.before().map_or(0, |p| p.hash());
    let draw = SplitMix64::new(hash).next_u64() % 1000;
    (draw as f64) < share * 1000.0
}

/// Whether the result can still turn near the move limit: neither side
/// leads by 10 points or more (a position already decided makes no
/// puzzle, and proving that costs the solver most).
fn result_at_stake(position: &crate::any::AnyPosition) -> bool {
    use crate::types::Color;
    let lead = i32::from(position.score(Color::White)) - i32::from(position.score(Color::Black));
    lead.abs() < 10
}

fn move_list(moves: &[(crate::moves::Move, i32)]) -> Vec<crate::moves::Move> {
    moves.iter().map(|(m, _)| *m).collect()
}

/// Shuffles `items` in place (Fisher–Yates) from `rng`.
fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// The pack being assembled: ids in order, one puzzle per board, at most
/// [`MAX_SAME_IDEA`] per idea, and a cap on puzzles that taking the most
/// points solves. Nothing depends on the count asked for, so the first K
/// puzzles of a run are the run of K.
struct Pack<'a> {
    options: &'a GeneratorOptions,
    puzzles: Vec<Puzzle>,
    boards: HashSet<String>,
    ideas: HashMap<String, usize>,
    greedy: usize,
}

impl<'a> Pack<'a> {
    fn new(options: &'a GeneratorOptions) -> Pack<'a> {
        Pack {
            options,
            puzzles: Vec::new(),
            boards: options.avoid_boards.iter().cloned().collect(),
            ideas: options
                .avoid_ideas
                .iter()
                .fold(HashMap::new(), |mut ideas, idea| {
                    *ideas.entry(idea.clone()).or_insert(0) += 1;
                    ideas
                }),
            greedy: 0,
        }
    }

    /// Adds `puzzle` unless its board is already in the pack, its idea
    /// is there [`MAX_SAME_IDEA`] times, or the greedy share is full;
    /// returns it as added, with its id.
    fn admit(&mut self, mut puzzle: Puzzle) -> Option<&Puzzle> {
        let board = board_key(&puzzle);
        if self.boards.contains(&board) {
            return None;
        }
        let idea = idea_key(&puzzle);
        if self.ideas.get(&idea).copied().unwrap_or(0) >= MAX_SAME_IDEA {
            return None;
        }
        let greedy = greedy_solvable(&puzzle);
        if greedy {
            // A share of the pack so far (plus one), not of the count asked
            // for, so that every prefix of a run keeps it: a run cut short
            // is the run of that many puzzles.
            let allowed = self.options.max_greedy_share * (self.puzzles.len() + 1) as f64 + 1.0;
            if (self.greedy + 1) as f64 > allowed {
                return None;
            }
            self.greedy += 1;
        }
        self.boards.insert(board);
        *self.ideas.entry(idea).or_insert(0) += 1;
        puzzle.id = format!(
            "{}{:04}",
            self.options.id_prefix,
            self.options.first_number + self.puzzles.len()
        );
        self.puzzles.push(puzzle);
        self.puzzles.last()
    }
}

/// The board a player sees at the start (pieces and side to move), without
/// move number or scores: two puzzles with the same key repeat a board.
pub fn board_key(puzzle: &Puzzle) -> String {
    match puzzle.start() {
        Ok(start) => {
            let text = start.to_text();
            let mut fields = text.split_whitespace();
            format!(
                "{} {}",
                fields.next().unwrap_or_default(),
                fields.next().unwrap_or_default()
            )
        }
        Err(_) => puzzle.position.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solver::Objective;

    fn puzzle(position: &str) -> Puzzle {
        Puzzle {
            id: String::new(),
            variant: Variant::Norochess,
            position: position.to_string(),
            setup: None,
            objective: Objective::Win,
            solution: vec!["a7a6".to_string()],
            rating: 1000,
            themes: Vec::new(),
        }
    }

    /// The same pawns and pieces, the black queen on another square each
    /// time: one idea on four boards.
    const SAME_IDEA: [&str; 4] = [
        "6k1/q7/8/P7/8/8/5PPP/6K1 b - - 0 55 score=30-30",
        "q5k1/8/8/P7/8/8/5PPP/6K1 b - - 0 55 score=30-30",
        "6k1/8/q7/P7/8/8/5PPP/6K1 b - - 0 55 score=30-30",
        "6k1/8/8/P7/q7/8/5PPP/6K1 b - - 0 55 score=30-30",
    ];

    #[test]
    fn an_idea_is_admitted_at_most_three_times_and_ids_follow() {
        let options = GeneratorOptions {
            first_number: 7001,
            ..GeneratorOptions::default()
        };
        let mut pack = Pack::new(&options);
        let admitted: Vec<Option<String>> = SAME_IDEA
            .iter()
            .map(|p| pack.admit(puzzle(p)).map(|p| p.id.clone()))
            .collect();
        assert_eq!(
            admitted,
            vec![
                Some("np7001".to_string()),
                Some("np7002".to_string()),
                Some("np7003".to_string()),
                None
            ]
        );
        // The same board twice is refused, whatever the idea count.
        let mut fresh = Pack::new(&options);
        assert!(fresh.admit(puzzle(SAME_IDEA[0])).is_some());
        assert!(fresh.admit(puzzle(SAME_IDEA[0])).is_none());
    }

    #[test]
    fn an_earlier_packs_ideas_count_toward_the_cap() {
        let earlier: Vec<String> = SAME_IDEA[..2]
            .iter()
            .map(|p| idea_key(&puzzle(p)))
            .collect();
        let options = GeneratorOptions {
            avoid_ideas: earlier,
            ..GeneratorOptions::default()
        };
        let mut pack = Pack::new(&options);
        assert!(pack.admit(puzzle(SAME_IDEA[2])).is_some());
        assert!(pack.admit(puzzle(SAME_IDEA[3])).is_none());
    }

    #[test]
    fn a_game_reaches_a_move_only_with_a_move_made_there() {
        let mut game = Game::new(Variant::Norochess, None).expect("a new game");
        for text in ["e2e4", "e7e5"] {
            let m = game.position().parse_uci(text).expect("a legal move");
            game.play(m).expect("played");
        }
        // Two moves made at move 1; the position after them is at move 2,
        // with no move made there yet.
        assert_eq!(game.position().fullmove_number(), 2);
        assert!(reaches(&game, 1));
        assert!(!reaches(&game, 2));
    }

    #[test]
    fn a_move_range_keeps_to_its_moves() {
        let options = GeneratorOptions {
            moves: Some((49, 52)),
            ..GeneratorOptions::default()
        };
        assert!(!options.allows_move(48));
        assert!(options.allows_move(49) && options.allows_move(52));
        assert!(!options.allows_move(53));
        assert!(GeneratorOptions::default().allows_move(30));
    }

    #[test]
    fn a_run_starts_at_move_25_unless_its_range_starts_earlier() {
        assert!(!GeneratorOptions::default().allows_move(24));
        assert!(GeneratorOptions::default().allows_move(25));
        let opening = GeneratorOptions {
            moves: Some((15, 24)),
            ..GeneratorOptions::default()
        };
        assert!(opening.allows_move(15) && opening.allows_move(24));
        assert!(!opening.allows_move(14) && !opening.allows_move(25));
    }
}
