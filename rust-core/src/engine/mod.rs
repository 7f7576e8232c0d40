//! The engine: the opponent on the phone, the source of hints and analysis,
//! and the tool that makes and checks puzzles.
//!
//! In the Norochess family it plays for the actual result: first win, draw
//! or loss, then the final margin; its evaluation is the expected final
//! margin in points. In royal games it plays for mate as usual.

pub mod baseline;
pub(crate) mod eval;
pub mod eval_params;
mod histories;
mod level;
mod search;
pub mod solver;
mod terminal;
mod tt;

pub use level::Level;

use crate::any::AnyPosition;
use crate::game::Game;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;
use eval::Evaluator;
use histories::MoveHistories;
use search::{Searcher, Shared, Stopper};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use terminal::DECIDED;
use tt::TranspositionTable;

/// Default transposition table size for phones, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// A search score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An estimate: centipawns in royal games; in the Norochess family the
    /// expected final margin in hundredths of a point.
    Centi(i32),
    /// Royal games: mate in this many moves (negative: being mated).
    Mate(i32),
    /// Norochess family: a proven win with this final margin (points, for
    /// the side to move).
    Won {
        /// Final score difference for the side to move.
        margin: i32,
    },
    /// Norochess family: a proven loss with this final margin.
    Lost {
        /// Final score difference for the side to move (usually negative).
        margin: i32,
    },
}

impl Score {
    /// The score as UCI prints it: `cp N` or `mate N` (proven Norochess
    /// results as `cp` of the final margin).
    pub fn uci(self) -> String {
        match self {
            Score::Centi(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
            Score::Won { margin } | Score::Lost { margin } => format!("cp {}", margin * 100),
        }
    }

    /// A number for ordering and display: centipoints, with proven results
    /// and mates beyond any estimate.
    pub fn sort_key(self) -> i32 {
        match self {
            Score::Centi(cp) => cp,
            Score::Mate(n) if n > 0 => 1_000_000 - n,
            Score::Mate(n) => -1_000_000 - n,
            Score::Won { margin } => 500_000 + margin,
            Score::Lost { margin } => -500_000 + margin,
        }
    }
}

impl fmt::Display for Score {
    /// `+4.50`, `-0.30`, `mate in 3`, `wins by 5`, `loses by 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centi(cp) => write!(f, "{:+.2}", f64::from(cp) / 100.0),
            Score::Mate(n) if n > 0 => write!(f, "mate in {n}"),
            Score::Mate(n) => write!(f, "mated in {}", -n),
            Score::Won { margin } => write!(f, "wins by {margin}"),
            Score::Lost { margin } => write!(f, "loses by {}", -margin),
        }
    }
}

/// A principal variation with its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The score for the side to move.
    pub score: Score,
    /// The moves, first the move to play.
    pub pv: Vec<Move>,
}

/// Clock state for time management.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockLimits {
    /// Time left for the side to move, in milliseconds.
    pub remaining_ms: u64,
    /// Increment per move, in milliseconds.
    pub increment_ms: u64,
    /// Moves to the next time control, if known.
    pub moves_to_go: Option<u32>,
}

/// Most threads one search may use.
pub const MAX_THREADS: usize = 64;

/// When a search stops (the first limit reached wins), and how many
/// threads it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes (a node limit alone makes a search on one thread
    /// deterministic). On several threads it caps their nodes together.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub move_time: Option<Duration>,
    /// The clock, for time management.
    pub clock: Option<ClockLimits>,
    /// Search threads (Lazy SMP), 1 by default: the caller's thread, and
    /// as many helpers less one that search the same position and share
    /// the transposition table; the answer is the caller's thread's. 0
    /// counts as 1 and more than [`MAX_THREADS`] as that many. Only one
    /// thread gives repeatable results. Levels ([`Engine::play_at_level`])
    /// always search on one thread.
    pub threads: usize,
}

impl Default for Limits {
    /// No limit, one thread.
    fn default() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            move_time: None,
            clock: None,
            threads: 1,
        }
    }
}

/// What to search.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// The position to search.
    pub position: AnyPosition,
    /// Hashes of the game's earlier positions, oldest first (for repetitions).
    pub history: Vec<u64>,
    /// When to stop.
    pub limits: Limits,
    /// Number of best lines to find (1 for play, more for analysis).
    pub multipv: usize,
    /// Consider only these moves at the root (UCI `searchmoves`); empty, or
    /// none of them legal, means every legal move. Levels ignore it.
    pub search_moves: Vec<Move>,
    /// This request's cancellation: keep a clone and stop it from any
    /// thread, before or during the search. A request whose handle is
    /// already stopped answers at once with the first legal move.
    pub stop: StopHandle,
}

impl SearchRequest {
    /// A request for `position` with no earlier history and one line.
    pub fn new(position: AnyPosition, limits: Limits) -> SearchRequest {
        SearchRequest {
            position,
            history: Vec::new(),
            limits,
            multipv: 1,
            search_moves: Vec::new(),
            stop: StopHandle::new(),
        }
    }

    /// A request for the current position of `game`, with its history.
    pub fn for_game(game: &Game, limits: Limits) -> SearchRequest {
        let positions = game.positions();
        let earlier = positions.len().saturating_sub(1);
        SearchRequest {
            history: positions[..earlier].iter().map(AnyPosition::hash).collect(),
            ..SearchRequest::new(*game.position(), limits)
        }
    }
}

/// Progress of a running search, reported after each completed depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line (1 = best).
    pub multipv: usize,
    /// The line found.
    pub line: Line,
    /// Nodes searched so far (on several threads, by all of them, as
    /// counted so far).
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// How full the transposition table is, in thousandths (UCI `hashfull`).
    pub hashfull: u32,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` if the position has no legal move).
    pub best_move: Option<Move>,
    /// The best lines, best first (one unless multi-PV was asked for).
    pub lines: Vec<Line>,
    /// Deepest completed depth.
    pub depth: u32,
    /// Nodes searched (on several threads, by all of them).
    pub nodes: u64,
    /// Time used.
    pub elapsed: Duration,
}

impl SearchResult {
    /// The score of the best line.
    pub fn score(&self) -> Option<Score> {
        self.lines.first().map(|l| l.score)
    }
}

/// Cancels one search request from any thread. Clones share the request:
/// once stopped it stays stopped, so a stop that arrives before the search
/// begins is not lost (each request gets its own handle).
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// A handle that has not been stopped.
    pub fn new() -> StopHandle {
        StopHandle::default()
    }

    /// Asks the search to stop; it returns its best move so far within
    /// milliseconds (at once if it has not started).
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was requested.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A search engine with its transposition table. Searches run on the
/// caller's thread (with helper threads when [`Limits::threads`] asks for
/// them); stop one from another through its request's
/// [`SearchRequest::stop`] handle.
pub struct Engine {
    tt: TranspositionTable,
    /// The move ordering the last search learned, for the next search of
    /// the game (main thread only; helpers start afresh).
    histories: MoveHistories,
    /// The game the table and the ordering were learned in (`None` when
    /// empty). Positions of two games can look alike and hash alike (Ram and
    /// Frontal chess start from the same board), but the rules and weights
    /// that valued them differ, so another game's search starts afresh.
    learned_in: Option<Variant>,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("hash_bytes", &self.tt.bytes())
            .finish()
    }
}

/// The memory for a hash table could not be reserved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot reserve {megabytes} MB for the hash table: not enough memory")]
pub struct HashAllocError {
    /// The size asked for.
    pub megabytes: usize,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_HASH_MB)
    }
}

impl Engine {
    /// An engine with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: TranspositionTable::new(hash_mb),
            histories: MoveHistories::default(),
            learned_in: None,
        }
    }

    /// An engine with a transposition table of about `hash_mb` megabytes,
    /// or [`HashAllocError`] when that memory cannot be reserved (a size
    /// the user chose: UCI `Hash`, `play --hash`).
    pub fn try_new(hash_mb: usize) -> Result<Engine, HashAllocError> {
        TranspositionTable::try_new(hash_mb)
            .map(|tt| Engine {
                tt,
                histories: MoveHistories::default(),
                learned_in: None,
            })
            .ok_or(HashAllocError { megabytes: hash_mb })
    }

    /// Forgets all stored search results and learned move ordering (for
    /// a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.histories.clear();
        self.learned_in = None;
    }

    /// Clears what was learned in another game than `position`'s, then
    /// marks the table as learned in this one.
    fn start_search_of(&mut self, position: &AnyPosition) {
        let variant = position.variant();
        if self.learned_in.is_some_and(|learned| learned != variant) {
            self.clear();
        }
        self.learned_in = Some(variant);
        self.tt.new_search();
    }

    /// Memory used by the transposition table, in bytes.
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Searches with the given limits, calling `progress` after each depth,
    /// until a limit is reached or `request.stop` is stopped.
    pub fn search(
        &mut self,
        request: &SearchRequest,
        progress: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.start_search_of(&request.position);
        match &request.position {
            AnyPosition::Eight(p) => self.search_board(p, request, progress),
            AnyPosition::Ten(p) => self.search_board(p, request, progress),
        }
    }

    /// Searches and picks a move the way a player of `level` would.
    pub fn play_at_level(
        &mut self,
        request: &SearchRequest,
        level: Level,
        seed: u64,
    ) -> SearchResult {
        self.start_search_of(&request.position);
        match &request.position {
            AnyPosition::Eight(p) => level::choose(self, p, request, level, seed),
            AnyPosition::Ten(p) => level::choose(self, p, request, level, seed),
        }
    }

    fn search_board<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        request: &SearchRequest,
        progress: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let started = Instant::now();
        let limits = request.limits;
        let (soft, hard) = time_budget(pos, &limits);
        let evaluator = Evaluator::<G>::new(pos.rules().variant);
        let stopper = |shared| Stopper {
            flag: &request.stop.0,
            hard_deadline: hard.map(|h| started + h),
            node_limit: limits.nodes,
            shared,
        };
        let plan = Plan {
            started,
            soft,
            max_depth: limits
                .depth
                .unwrap_or(search::MAX_PLY as u32 - 8)
                .clamp(1, search::MAX_PLY as u32 - 8),
            left_out: left_out(pos, request),
        };
        let tables = std::mem::take(&mut self.histories);
        let tt = &self.tt;
        let threads = limits.threads.clamp(1, MAX_THREADS);
        if threads == 1 {
            let mut searcher =
                Searcher::new(tt, &evaluator, stopper(None), &request.history, pos, tables);
            let result = deepen(&mut searcher, pos, request, &plan, progress);
            self.histories = searcher.take_histories();
            return result;
        }
        // Lazy SMP: helpers search the same root at staggered depths and
        // fill the shared table; the caller's thread searches as it would
        // alone (finding their results in the table) and gives the answer.
        let shared = Shared::default();
        let (result, tables) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .filter_map(|id| {
                    let (evaluator, plan, shared) = (&evaluator, &plan, &shared);
                    let stopper = stopper(Some(shared));
                    std::thread::Builder::new()
                        .stack_size(HELPER_STACK)
                        .spawn_scoped(scope, move || {
                            let mut searcher = Searcher::new(
                                tt,
                                evaluator,
                                stopper,
                                &request.history,
                                pos,
                                MoveHistories::default(),
                            );
                            help(&mut searcher, pos, id, plan);
                            searcher.nodes
                        })
                        // A helper that cannot start is done without.
                        .ok()
                })
                .collect();
            // Ends the helpers when the main thread is done, also if it
            // panics (the scope waits for them before passing the panic on).
            let finish = Finish(&shared.done);
            let mut searcher = Searcher::new(
                tt,
                &evaluator,
                stopper(Some(&shared)),
                &request.history,
                pos,
                tables,
            );
            let mut result = deepen(&mut searcher, pos, request, &plan, progress);
            let tables = searcher.take_histories();
            drop(finish);
            for helper in helpers {
                result.nodes += helper.join().unwrap_or(0);
            }
            result.elapsed = started.elapsed();
            (result, tables)
        });
        self.histories = tables;
        result
    }
}

/// Sets its flag when dropped: the end of the main thread's search.
struct Finish<'a>(&'a AtomicBool);

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Stack of a helper thread: the search recurses deeply in long endgames
/// (the terminal's and the bindings' search threads have the same).
const HELPER_STACK: usize = 16 << 20;

/// What the threads of one search share about its course.
struct Plan {
    started: Instant,
    /// Do not start another depth after this.
    soft: Option<Duration>,
    max_depth: u32,
    /// Moves left out of the request's `search_moves`.
    left_out: Vec<Move>,
}

/// Moves left out of the request (UCI `searchmoves`): none when it names
/// no legal move.
fn left_out<G: Geometry>(pos: &Position<G>, request: &SearchRequest) -> Vec<Move> {
    let legal = pos.legal_moves();
    let mut left_out: Vec<Move> = legal
        .iter()
        .filter(|m| !request.search_moves.contains(m))
        .copied()
        .collect();
    if left_out.len() == legal.len() {
        left_out.clear();
    }
    left_out
}

/// The caller's thread: iterative deepening with multi-PV and progress
/// reports, until a limit or a proven result.
fn deepen<G: Geometry>(
    searcher: &mut Searcher<'_, G>,
    pos: &Position<G>,
    request: &SearchRequest,
    plan: &Plan,
    progress: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let started = plan.started;
    let multipv = request.multipv.max(1);
    let legal = pos.legal_moves();
    // Moves left out of the request are treated as already found lines.
    let left_out = &plan.left_out;
    let mut result = SearchResult {
        best_move: legal.iter().find(|m| !left_out.contains(m)).copied(),
        lines: Vec::new(),
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    let mut previous_best: Option<Move> = None;
    let mut previous_value: Option<i32> = None;
    for depth in 1..=plan.max_depth {
        let mut lines: Vec<(i32, Line)> = Vec::new();
        let mut excluded = left_out.clone();
        for index in 0..multipv {
            let (preferred, around) = if index == 0 {
                (previous_best, previous_value)
            } else {
                (None, None)
            };
            let found =
                searcher.search_root_around(pos, depth as i32, around, &excluded, preferred);
            let Some((value, mv)) = found else {
                break;
            };
            if searcher.was_stopped() {
                // An interrupted depth still answers when a move finished
                // its search and beat the one searched first.
                if index == 0 && multipv == 1 && depth > 1 {
                    if let Some((value, mv)) = searcher.root_improvement() {
                        let line = searcher.line(value);
                        if line.pv.first() == Some(&mv) {
                            result.best_move = Some(mv);
                            result.lines = vec![line];
                        }
                    }
                }
                break;
            }
            excluded.push(mv);
            let line = searcher.line(value);
            progress(&SearchInfo {
                depth,
                seldepth: searcher.seldepth as u32,
                multipv: index + 1,
                line: line.clone(),
                nodes: searcher.total_nodes(),
                elapsed: started.elapsed(),
                hashfull: searcher.hashfull(),
            });
            lines.push((value, line));
        }
        if searcher.was_stopped() && depth > 1 {
            break;
        }
        if let Some((value, line)) = lines.first() {
            previous_best = line.pv.first().copied();
            previous_value = Some(*value);
            result.best_move = previous_best;
            result.depth = depth;
            result.lines = lines.iter().map(|(_, l)| l.clone()).collect();
            // A decided result needs no deeper search (see
            // `PROVEN_RESULT_DEPTH` for how far it is a proof).
            if value.abs() >= DECIDED && multipv == 1 && depth >= PROVEN_RESULT_DEPTH {
                break;
            }
        }
        if searcher.was_stopped() {
            break;
        }
        if let Some(soft) = plan.soft {
            if started.elapsed() >= soft {
                break;
            }
        }
    }
    result.nodes = searcher.nodes;
    result.elapsed = started.elapsed();
    result
}

/// Which depths helper `id` skips (Stockfish 9's Lazy SMP schedule): with
/// `(size, phase)` taken by the helper's number, depth `d` is skipped when
/// `(d + phase) / size` is odd, so the helpers spread over the depths
/// around the main thread's instead of repeating its work.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// A helper thread: iterative deepening on the first line only, on its own
/// schedule of depths, until the main thread is done or a limit is
/// reached. Its results reach the main thread through the table.
fn help<G: Geometry>(searcher: &mut Searcher<'_, G>, pos: &Position<G>, id: usize, plan: &Plan) {
    let slot = (id.max(1) - 1) % SKIP_SIZE.len();
    let (size, phase) = (SKIP_SIZE[slot], SKIP_PHASE[slot]);
    let mut previous_best = None;
    let mut previous_value = None;
    for depth in 1..=plan.max_depth {
        if ((depth + phase) / size) % 2 == 1 {
            continue;
        }
        let found = searcher.search_root_around(
            pos,
            depth as i32,
            previous_value,
            &plan.left_out,
            previous_best,
        );
        if searcher.was_stopped() {
            break;
        }
        let Some((value, mv)) = found else {
            break;
        };
        previous_best = Some(mv);
        previous_value = Some(value);
        if value.abs() >= DECIDED && depth >= PROVEN_RESULT_DEPTH {
            break;
        }
    }
}

/// Depth from which a decided value (a forced game end) ends the search.
/// Searching on could only find a quicker mate or, when the result comes
/// before the move limit (extinction, repetition), a larger margin. A
/// result by the Norochess move limit is a proof only within the last
/// `EXACT_END_PLIES + 1` plies, which are searched unpruned; further out
/// the pruning can hide a defence. Searching on there until the proof
/// did not gain (docs/engine.md, "Where the depth went in the last
/// moves"), so the first decided depth still ends the search.
const PROVEN_RESULT_DEPTH: u32 = 2;

/// The soft budget (do not start another depth after it) and the hard one
/// (stop at once).
fn time_budget<G: Geometry>(
    pos: &Position<G>,
    limits: &Limits,
) -> (Option<Duration>, Option<Duration>) {
    let mut soft = None;
    let mut hard = None;
    // A fixed time per move is used to its end: a depth cut short still
    // answers when it found a better move (see `deepen`).
    let mut soft_share = 1.0;
    if let Some(move_time) = limits.move_time {
        soft = Some(move_time);
        hard = Some(move_time);
    }
    if let Some(clock) = limits.clock {
        let moves_left = clock
            .moves_to_go
            .unwrap_or_else(|| match pos.rules().move_limit {
                Some(limit) => {
                    let n = pos.fullmove_number();
                    if n <= limit.regular_moves {
                        limit.regular_moves + 1 - n
                    } else {
                        (limit.last_move + 1).saturating_sub(n).max(1)
                    }
                }
                None => 30,
            });
        let remaining = clock.remaining_ms.saturating_sub(50);
        let share = remaining / u64::from(moves_left.max(1) + 1) + clock.increment_ms * 3 / 4;
        let cap = remaining / 3;
        let soft_ms = share.min(cap).max(1);
        let hard_ms = (soft_ms * 3).min(cap.max(1));
        soft = Some(soft.map_or(Duration::from_millis(soft_ms), |s: Duration| {
            s.min(Duration::from_millis(soft_ms))
        }));
        hard = Some(hard.map_or(Duration::from_millis(hard_ms), |h: Duration| {
            h.min(Duration::from_millis(hard_ms))
        }));
        // On a clock, time not spent now is there for later moves.
        soft_share = 0.6;
    }
    (soft.map(|s| s.mul_f64(soft_share)), hard)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn the_move_ordering_learned_by_a_search_is_kept_until_clear() {
        let game = Game::new(Variant::Norochess, None).expect("start");
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let mut engine = Engine::new(1);
        engine.search(&SearchRequest::for_game(&game, limits), &mut |_| {});
        assert!(engine.histories.history.iter().any(|&h| h != 0));
        assert!(engine.histories.continuation.iter().any(|&h| h != 0));
        engine.clear();
        assert!(engine.histories.history.iter().all(|&h| h == 0));
        assert!(engine.histories.continuation.iter().all(|&h| h == 0));
    }

    #[test]
    fn two_threads_hand_the_main_threads_ordering_back_too() {
        let game = Game::new(Variant::Ram, None).expect("start");
        let limits = Limits {
            depth: Some(6),
            threads: 2,
            ..Limits::default()
        };
        let mut engine = Engine::new(1);
        engine.search(&SearchRequest::for_game(&game, limits), &mut |_| {});
        assert_eq!(engine.histories.history.len(), 2 * 100 * 100);
        assert!(engine.histories.history.iter().any(|&h| h != 0));
    }
}
