//! Alpha-beta search (PVS with iterative deepening and aspiration windows,
//! quiescence with static exchange and delta pruning (and, in the Norochess
//! family, the transposition table), a transposition table, killer,
//! counter-move, history and continuation-history move ordering, null
//! move, reverse futility, razoring, futility, late-move and static exchange pruning,
//! internal iterative and late-move reductions), generic over the board so each board size gets its own
//! machine code. Nothing is pruned or reduced in the last plies before a
//! Norochess move-limit decision, where every ply can change the result. Game ends are scored exactly as the rule book decides them,
//! including the Norochess move limit and repetition lost by its creator.

use super::eval::{material_value, plies_to_decision, Evaluator, PawnCache};
use super::histories::{MoveHistories, PIECE_KINDS};
use super::terminal::{self, DECIDED, MATE, WIN};
use super::tt::{Bound, Hit, TranspositionTable};
use super::{Line, Score};
use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind, MoveList, MAX_MOVES};
use crate::position::Position;
use crate::types::{Color, Role};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Deepest ply the search reaches (quiescence included).
pub(crate) const MAX_PLY: usize = 96;
const INFINITY: i32 = 1_000_000;
const MATE_BOUND: i32 = MATE - 1_000;
/// Plies the move limit must leave for quiescence to drop captures that
/// lose points in the exchange: closer to a decision, an exchange may be
/// cut short by the end of the game.
const EXCHANGE_HORIZON: u32 = 8;
/// The plies before a Norochess decision in which nothing is pruned or
/// reduced: each side's last two moves. Sparing every node whose depth
/// reaches the decision (the rule before) kept the search from reaching
/// the end until about move 46; SPRT at 40,000 nodes: +7.4 ± 24.0 over
/// 797 games, H1 accepted.
const EXACT_END_PLIES: u32 = 4;
/// Least valuable first, for static exchanges in the Norochess family
/// (royal games use [`Role::ALL`], the royal king last).
const SCORED_EXCHANGE_ORDER: [Role; 6] = [
    Role::Pawn,
    Role::King,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];
/// A royal king in an exchange: it can never be given up.
const ROYAL_KING_EXCHANGE: i32 = 20_000;
/// The static evaluation of a position in check (none is computed).
const NO_EVAL: i32 = -INFINITY;
/// Half-width of the first aspiration window, in centipoints.
const ASPIRATION_WINDOW: i32 = 30;
/// A window wider than this becomes unbounded.
const ASPIRATION_GIVE_UP: i32 = 1_000;
/// Bound of a history entry (far below the killers' ordering scores).
const HISTORY_MAX: i32 = 16_384;

// Move ordering scores, best first. Quiet moves without a rank here are
// ordered by history, below all of them.
const ORDER_TT_MOVE: i32 = 10_000_000;
const ORDER_GOOD_CAPTURE: i32 = 1_000_000;
const ORDER_SPECIAL: i32 = 900_000;
const ORDER_KILLER: i32 = 800_000;
const ORDER_SECOND_KILLER: i32 = 790_000;
const ORDER_COUNTER: i32 = 780_000;
/// Captures that lose points in the exchange (up to [`ORDER_COUNTER`]).
const ORDER_LOSING_CAPTURE: i32 = 700_000;
/// Marks a ply whose move was a null move (no continuation history).
const NO_PIECE_SQUARE: usize = usize::MAX;
/// Centipoints a capture may lose in the exchange per ply of depth before
/// a shallow search skips it.
const EXCHANGE_PRUNE_MARGIN: i32 = 100;
/// Centipoints a capture in quiescence may gain beyond its banked points
/// and material (placement, threats) before delta pruning skips it.
const DELTA_MARGIN: i32 = 200;
/// Razoring asks quiescence at depth ≤ this when the evaluation lies far
/// below alpha.
const RAZOR_MAX_DEPTH: i32 = 3;
/// How far below alpha razoring looks: this many centipoints plus
/// [`RAZOR_MARGIN_PER_DEPTH_SQUARED`] · depth² (set by eye; kept on three
/// self-play runs, +13.7 Elo together, none a decided SPRT; see
/// docs/engine.md).
const RAZOR_MARGIN_BASE: i32 = 200;
/// See [`RAZOR_MARGIN_BASE`].
const RAZOR_MARGIN_PER_DEPTH_SQUARED: i32 = 250;
/// Late-move reduction at depth d for the n-th move: base + ln d · ln n / divisor.
const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
const LMR_DIVISOR: f64 = 2.25;

/// Why a search stops early.
pub(crate) struct Stopper<'a> {
    pub(crate) flag: &'a AtomicBool,
    pub(crate) hard_deadline: Option<Instant>,
    pub(crate) node_limit: Option<u64>,
    /// The state shared by the threads of a Lazy SMP search (`None` for a
    /// search on one thread, which then behaves exactly as before).
    pub(crate) shared: Option<&'a Shared>,
}

/// What the threads of one Lazy SMP search share besides the
/// transposition table.
#[derive(Default)]
pub(crate) struct Shared {
    /// Set by the main thread when it has finished: the helpers stop.
    pub(crate) done: AtomicBool,
    /// Nodes of all threads, each adding its own in blocks of
    /// [`NODE_BLOCK`] (so a node limit counts every thread's nodes).
    pub(crate) nodes: AtomicU64,
}

/// Nodes between two looks at the stop flag, the clock and, in a search
/// on several threads, the shared node count.
pub(crate) const NODE_BLOCK: u64 = 256;

/// One search's working state. Everything is allocated when it is created,
/// never per node.
pub(crate) struct Searcher<'a, G: Geometry> {
    tt: &'a TranspositionTable,
    eval: &'a Evaluator<G>,
    /// This thread's pawn-structure terms, reused across evaluations.
    pawn_cache: PawnCache<G::Bb>,
    stopper: Stopper<'a>,
    pub(crate) nodes: u64,
    pub(crate) seldepth: usize,
    stopped: bool,
    /// Hashes of the game's earlier positions, then of the search path.
    hashes: Vec<u64>,
    /// Index in `hashes` of the root position.
    root_index: usize,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// History, counter-move and continuation tables (see
    /// [`MoveHistories`]): taken from the engine at the start, handed back
    /// by [`Searcher::take_histories`].
    tables: MoveHistories,
    /// The move played at each ply of the current path (`None` for a null
    /// move), for the counter-move table.
    played: [Option<Move>; MAX_PLY],
    /// The piece and destination of the move played at each ply
    /// ([`NO_PIECE_SQUARE`] for a null move), for continuation history.
    played_piece: [usize; MAX_PLY],
    /// The static evaluation at each ply of the current path
    /// ([`NO_EVAL`] in check), to tell whether the mover is improving.
    static_evals: [i32; MAX_PLY],
    pv: Vec<[Option<Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    reductions: [[u8; 64]; 64],
    royal: bool,
    scored: bool,
    /// The last root move of the current depth that completed its search
    /// and proved better than the first (`None` until one does): if the
    /// depth is interrupted, it is still a better answer than the
    /// previous depth's.
    root_improvement: Option<(i32, Move)>,
}

impl<'a, G: Geometry> Searcher<'a, G> {
    pub(crate) fn new(
        tt: &'a TranspositionTable,
        eval: &'a Evaluator<G>,
        stopper: Stopper<'a>,
        history: &[u64],
        root: &Position<G>,
        tables: MoveHistories,
    ) -> Self {
        let mut hashes = Vec::with_capacity(history.len() + MAX_PLY + 2);
        hashes.extend_from_slice(history);
        let root_index = hashes.len();
        hashes.push(root.hash());
        let tables = tables.for_squares(usize::from(G::square_count()));
        let mut reductions = [[0u8; 64]; 64];
        for (depth, row) in reductions.iter_mut().enumerate().skip(1) {
            for (count, r) in row.iter_mut().enumerate().skip(1) {
                *r = (LMR_BASE + (depth as f64).ln() * (count as f64).ln() / LMR_DIVISOR) as u8;
            }
        }
        Searcher {
            tt,
            eval,
            pawn_cache: PawnCache::new(),
            stopper,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            hashes,
            root_index,
            killers: [[None; 2]; MAX_PLY],
            tables,
            played: [None; MAX_PLY],
            played_piece: [NO_PIECE_SQUARE; MAX_PLY],
            static_evals: [NO_EVAL; MAX_PLY],
            pv: vec![[None; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            reductions,
            royal: root.rules().royal_king,
            scored: root.rules().capture_points,
            root_improvement: None,
        }
    }

    /// The move-ordering tables this search learned, for the next search
    /// of the game; the searcher is left with empty ones.
    pub(crate) fn take_histories(&mut self) -> MoveHistories {
        std::mem::take(&mut self.tables)
    }

    /// Whether the search was interrupted (its last result is incomplete).
    pub(crate) fn was_stopped(&self) -> bool {
        self.stopped
    }

    /// A root move that the last (perhaps interrupted) root search proved
    /// better than the move it searched first, with its value: a
    /// completed search of it beat the first move's value or the window.
    pub(crate) fn root_improvement(&self) -> Option<(i32, Move)> {
        self.root_improvement
    }

    /// The transposition-table key: in the Norochess family the scores and
    /// move number change the value, so they are part of the key.
    #[inline]
    fn key(&self, pos: &Position<G>) -> u64 {
        if self.scored {
            let extra = (u64::from(pos.score(Color::White)) << 40)
                | (u64::from(pos.score(Color::Black)) << 20)
                | u64::from(pos.fullmove_number());
            pos.hash() ^ mix(extra)
        } else {
            pos.hash()
        }
    }

    /// Nodes searched so far: this thread's, or in a search on several
    /// threads those of all threads as counted so far.
    pub(crate) fn total_nodes(&self) -> u64 {
        match self.stopper.shared {
            Some(shared) => shared.nodes.load(Ordering::Relaxed) + self.nodes % NODE_BLOCK,
            None => self.nodes,
        }
    }

    /// How full the transposition table is, in thousandths.
    pub(crate) fn hashfull(&self) -> u32 {
        self.tt.permille_used()
    }

    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(limit) = self.stopper.node_limit {
            if self.nodes >= limit {
                self.stopped = true;
                return true;
            }
        }
        if self.nodes & (NODE_BLOCK - 1) == 0 {
            if self.stopper.flag.load(Ordering::Relaxed) {
                self.stopped = true;
            } else if let Some(deadline) = self.stopper.hard_deadline {
                if Instant::now() >= deadline {
                    self.stopped = true;
                }
            }
            if let Some(shared) = self.stopper.shared {
                let total = shared.nodes.fetch_add(NODE_BLOCK, Ordering::Relaxed) + NODE_BLOCK;
                if shared.done.load(Ordering::Relaxed)
                    || self.stopper.node_limit.is_some_and(|limit| total >= limit)
                {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    fn game_end(&self, pos: &Position<G>, _ply: usize) -> Option<i32> {
        terminal::game_end(pos, &self.hashes, self.root_index)
    }

    fn no_moves(&self, pos: &Position<G>, ply: usize, in_check: bool) -> i32 {
        terminal::no_moves(pos, ply, in_check)
    }

    #[inline]
    fn is_tactical(pos: &Position<G>, m: Move) -> bool {
        !matches!(
            m.kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Castle | MoveKind::Swap
        ) || pos.occupied().has(m.to)
    }

    fn piece_value(&self, role: Role) -> i32 {
        material_value(self.scored, role).max(1)
    }

    /// The value of a piece for exchanges: its capture points in the
    /// Norochess family; in royal games the king comes last, priceless.
    #[inline]
    fn exchange_value(&self, role: Role) -> i32 {
        if !self.scored && role == Role::King {
            ROYAL_KING_EXCHANGE
        } else {
            self.piece_value(role)
        }
    }

    /// Static exchange evaluation: whether the capture `m` wins at least
    /// `threshold` when both sides keep recapturing on its square with
    /// their least valuable piece (each free to stop). Only plain
    /// captures are judged; other moves pass.
    fn exchange_at_least(&self, pos: &Position<G>, m: Move, threshold: i32) -> bool {
        if m.kind != MoveKind::Normal {
            return true;
        }
        let (Some(victim), Some(mover)) = (pos.role_at(m.to), pos.role_at(m.from)) else {
            return true;
        };
        let mut swap = self.exchange_value(victim) - threshold;
        if swap < 0 {
            return false;
        }
        swap = self.exchange_value(mover) - swap;
        if swap <= 0 {
            return true;
        }
        let order: &[Role; 6] = if self.scored {
            &SCORED_EXCHANGE_ORDER
        } else {
            &Role::ALL
        };
        let target = m.to;
        let mut occupied = pos.occupied() & !G::Bb::from_square(m.from);
        let all_attackers = |occupied: G::Bb| {
            (pos.attackers(target, Color::White, occupied)
                | pos.attackers(target, Color::Black, occupied))
                & occupied
        };
        let mut attackers = all_attackers(occupied);
        let mut side = pos.turn();
        let mut result = true;
        loop {
            side = !side;
            attackers &= occupied;
            let ours = attackers & pos.pieces_of(side);
            if ours.is_empty() {
                break;
            }
            result = !result;
            let Some((role, from)) = order
                .iter()
                .find_map(|&role| (ours & pos.role_set(role)).first().map(|sq| (role, sq)))
            else {
                break;
            };
            if !self.scored && role == Role::King {
                // A royal king may only take last.
                return if (attackers & !pos.pieces_of(side)).any() {
                    !result
                } else {
                    result
                };
            }
            swap = self.exchange_value(role) - swap;
            if swap < i32::from(result) {
                break;
            }
            occupied &= !G::Bb::from_square(from);
            attackers = all_attackers(occupied);
        }
        result
    }

    fn history_index(&self, color: Color, m: Move) -> usize {
        let squares = usize::from(G::square_count());
        (color.index() * squares + m.from.index()) * squares + m.to.index()
    }

    /// Orders moves: hash move, captures by victim then attacker, promotions,
    /// killers, counter move, captures that lose points (judged only with
    /// `judge_exchanges`: quiescence has dropped them already), then quiet
    /// moves by history.
    fn score_moves(
        &self,
        pos: &Position<G>,
        moves: &MoveList,
        tt_move: Option<Move>,
        ply: usize,
        judge_exchanges: bool,
        scores: &mut ArrayVec<i32, MAX_MOVES>,
    ) {
        // Filled in place: returning the list copied a kilobyte a node.
        scores.clear();
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let counter = self.counter_move(ply);
        let continuation = self.continuation_rows(ply);
        for &m in moves {
            let score = if Some(m) == tt_move {
                ORDER_TT_MOVE
            } else if let Some(victim) = pos
                .role_at(m.to)
                .filter(|_| pos.pieces_of(!pos.turn()).has(m.to))
            {
                let attacker = pos.role_at(m.from).map_or(0, |r| self.piece_value(r));
                let base = if !judge_exchanges || self.exchange_at_least(pos, m, 0) {
                    ORDER_GOOD_CAPTURE
                } else {
                    ORDER_LOSING_CAPTURE
                };
                base + self.piece_value(victim) * 10 - attacker / 10 + promotion_bonus(m)
            } else if !matches!(
                m.kind,
                MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Castle
            ) {
                ORDER_SPECIAL + promotion_bonus(m)
            } else if Some(m) == killers[0] {
                ORDER_KILLER
            } else if Some(m) == killers[1] {
                ORDER_SECOND_KILLER
            } else if Some(m) == counter {
                ORDER_COUNTER
            } else {
                self.tables
                    .history
                    .get(self.history_index(pos.turn(), m))
                    .copied()
                    .unwrap_or(0)
                    + Self::continuation_score(&continuation, pos, m)
            };
            let _ = scores.try_push(score);
        }
    }

    /// The continuation history of the quiet move `m` in the rows of
    /// [`Self::continuation_rows`].
    #[inline]
    fn continuation_score(rows: &[Option<&[i16]>; 2], pos: &Position<G>, m: Move) -> i32 {
        let piece_square = Self::piece_square(pos, m);
        rows.iter()
            .flatten()
            .filter_map(|row| row.get(piece_square))
            .map(|&v| i32::from(v))
            .sum()
    }

    /// The quiet move that last refuted the opponent's move before `ply`.
    #[inline]
    fn counter_move(&self, ply: usize) -> Option<Move> {
        let previous = self.played.get(ply.checked_sub(1)?).copied()??;
        let squares = usize::from(G::square_count());
        self.tables
            .counter_moves
            .get(previous.from.index() * squares + previous.to.index())
            .copied()
            .flatten()
    }

    /// Brings the best remaining move to `index`.
    #[inline]
    fn pick(moves: &mut MoveList, scores: &mut ArrayVec<i32, MAX_MOVES>, index: usize) {
        let mut best = index;
        for j in index + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(index, best);
        scores.swap(index, best);
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        if ply + 1 >= MAX_PLY {
            return;
        }
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[ply] = Some(m);
        if child_len > ply + 1 {
            row[ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        }
        self.pv_len[ply] = child_len;
    }

    /// The principal variation found at the root.
    pub(crate) fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .map_while(|m| *m)
            .collect()
    }

    /// Searches the root: every legal move not in `excluded`, returning the
    /// best value and move (and leaving the line in [`Searcher::root_pv`]).
    pub(crate) fn search_root(
        &mut self,
        pos: &Position<G>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        excluded: &[Move],
        preferred: Option<Move>,
    ) -> Option<(i32, Move)> {
        let original_alpha = alpha;
        self.pv_len[0] = 0;
        self.root_improvement = None;
        let mut moves = pos.legal_moves();
        moves.retain(|m| !excluded.contains(m));
        if moves.is_empty() {
            return None;
        }
        let tt_move = preferred.or_else(|| self.tt.probe(self.key(pos)).and_then(|h| h.best_move));
        let mut scores = ArrayVec::new();
        self.score_moves(pos, &moves, tt_move, 0, true, &mut scores);
        let mut best: Option<(i32, Move)> = None;
        for i in 0..moves.len() {
            Self::pick(&mut moves, &mut scores, i);
            let m = moves[i];
            let mut child = *pos;
            child.play_unchecked(m);
            self.set_played(0, pos, Some(m));
            self.hashes.push(child.hash());
            let value = if i == 0 {
                -self.search(&child, depth - 1, -beta, -alpha, 1, true)
            } else {
                let v = -self.search(&child, depth - 1, -alpha - 1, -alpha, 1, true);
                if v > alpha && v < beta && !self.stopped {
                    -self.search(&child, depth - 1, -beta, -alpha, 1, true)
                } else {
                    v
                }
            };
            self.hashes.pop();
            if self.stopped {
                break;
            }
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, m));
                self.update_pv(0, m);
                if i > 0 && value > original_alpha {
                    self.root_improvement = Some((value, m));
                }
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        if let Some((value, m)) = best {
            if !self.stopped && excluded.is_empty() {
                let bound = Bound::of(value, original_alpha, beta);
                self.tt
                    .store(self.key(pos), Some(m), value, depth, bound, None);
            }
        }
        best
    }

    /// [`Searcher::search_root`] in a narrow window around the previous
    /// depth's value, widened after each fail until the value lies inside
    /// (an aspiration search): most depths then search a smaller tree.
    pub(crate) fn search_root_around(
        &mut self,
        pos: &Position<G>,
        depth: i32,
        previous: Option<i32>,
        excluded: &[Move],
        mut preferred: Option<Move>,
    ) -> Option<(i32, Move)> {
        let Some(previous) = previous.filter(|v| depth >= 4 && v.abs() < DECIDED) else {
            return self.search_root(pos, depth, -INFINITY, INFINITY, excluded, preferred);
        };
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let (value, m) = self.search_root(pos, depth, alpha, beta, excluded, preferred)?;
            if self.stopped {
                return Some((value, m));
            }
            if value <= alpha && alpha > -INFINITY {
                beta = (alpha + beta) / 2;
                alpha = if delta > ASPIRATION_GIVE_UP {
                    -INFINITY
                } else {
                    (value - delta).max(-INFINITY)
                };
            } else if value >= beta && beta < INFINITY {
                preferred = Some(m);
                beta = if delta > ASPIRATION_GIVE_UP {
                    INFINITY
                } else {
                    (value + delta).min(INFINITY)
                };
            } else {
                return Some((value, m));
            }
            delta *= 2;
        }
    }

    /// The value of each root move at `depth` with a full window (for
    /// levels that choose among moves with some randomness).
    pub(crate) fn root_move_values(&mut self, pos: &Position<G>, depth: i32) -> Vec<(Move, i32)> {
        let moves = pos.legal_moves();
        let mut values = Vec::with_capacity(moves.len());
        for &m in &moves {
            let mut child = *pos;
            child.play_unchecked(m);
            self.set_played(0, pos, Some(m));
            self.hashes.push(child.hash());
            let v = -self.search(&child, depth - 1, -INFINITY, INFINITY, 1, true);
            self.hashes.pop();
            if self.stopped {
                break;
            }
            values.push((m, v));
        }
        values
    }

    fn search(
        &mut self,
        pos: &Position<G>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply.min(MAX_PLY - 1)] = ply;
        if let Some(v) = self.game_end(pos, ply) {
            return v;
        }
        let in_check = self.royal && pos.is_check();
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 || ply + 2 >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let key = self.key(pos);
        let hit = self.tt.probe(key);
        let tt_move = hit.and_then(|h| h.best_move);
        if let Some(h) = hit.filter(|h| !pv_node && h.depth >= depth) {
            if let Some(v) = self.table_cutoff(&h, alpha, beta, ply) {
                return v;
            }
        }
        // In the last plies before a Norochess decision, when it lies within
        // this node's depth, every ply counts: no pruning that could hide
        // what happens at the end (with the root's full width, a forced
        // result in the last `EXACT_END_PLIES + 1` plies is always found).
        // Further out the search prunes as anywhere else: sparing every
        // node with the end in reach made the first depth that reaches it
        // cost some 60 times the one before.
        let near_end = self.scored && plies_to_decision(pos) <= (depth as u32).min(EXACT_END_PLIES);
        // The table's copy of the evaluation saves computing it again.
        let static_eval = if in_check {
            NO_EVAL
        } else {
            hit.and_then(|h| h.static_eval)
                .unwrap_or_else(|| self.eval.evaluate_cached(pos, &self.pawn_cache))
        };
        if let Some(slot) = self.static_evals.get_mut(ply) {
            *slot = static_eval;
        }
        // The mover stands better than two plies ago: prune less eagerly
        // below fails high, more eagerly among late quiet moves.
        let improving = !in_check
            && ply >= 2
            && self
                .static_evals
                .get(ply - 2)
                .is_some_and(|&earlier| earlier == NO_EVAL || static_eval > earlier);
        // Reverse futility: far enough above beta that a quiet move by the
        // opponent will not bring it back.
        if !pv_node
            && !in_check
            && !near_end
            && depth <= 6
            && static_eval - (100 * depth - 40 * i32::from(improving)) >= beta
            && static_eval.abs() < DECIDED
        {
            return static_eval;
        }
        // Razoring: so far below alpha at a shallow node that no quiet
        // move will bring it back; quiescence (the captures) decides, and
        // when even they stay below alpha the node fails low. A decided
        // value is not trusted from quiescence, which sees no quiet move.
        if !pv_node
            && !in_check
            && !near_end
            && depth <= RAZOR_MAX_DEPTH
            && static_eval.abs() < DECIDED
            && static_eval + RAZOR_MARGIN_BASE + RAZOR_MARGIN_PER_DEPTH_SQUARED * depth * depth
                < alpha
        {
            let captures_value = self.quiesce(pos, alpha - 1, alpha, ply);
            if self.stopped {
                return 0;
            }
            if captures_value < alpha && captures_value.abs() < DECIDED {
                return captures_value;
            }
        }
        if null_ok
            && !pv_node
            && !in_check
            && !near_end
            && depth >= 3
            && static_eval >= beta
            && !pos.opening_pending()
            && self.has_pieces_beyond_pawns(pos)
        {
            let reduction = 3 + depth / 4;
            let mut child = *pos;
            child.play_null();
            self.set_played(ply, pos, None);
            self.hashes.push(child.hash());
            let v = -self.search(
                &child,
                depth - 1 - reduction,
                -beta,
                -beta + 1,
                ply + 1,
                false,
            );
            self.hashes.pop();
            if self.stopped {
                return 0;
            }
            if v >= beta && v.abs() < DECIDED {
                return v;
            }
        }

        // No stored move at a deep node: search shallower first (internal
        // iterative reduction), the next visit will have one.
        let depth = if depth >= 4 && tt_move.is_none() && !near_end {
            depth - 1
        } else {
            depth
        };
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        if moves.is_empty() {
            return self.no_moves(pos, ply, in_check);
        }
        // The stored move goes first, alone scored: when it cuts the node
        // off, the other moves are never scored (their exchanges and
        // histories looked up). Swapped to the front as `pick` would have
        // put it; the others are scored after its search, with the
        // histories it updated.
        let tt_first = tt_move.and_then(|t| moves.iter().position(|&m| m == t));
        let mut scores = ArrayVec::new();
        match tt_first {
            Some(k) => {
                moves.swap(0, k);
                let _ = scores.try_push(ORDER_TT_MOVE);
            }
            None => self.score_moves(pos, &moves, tt_move, ply, true, &mut scores),
        }
        // Late quiet moves at shallow depth are skipped when far below
        // alpha (futility) or after enough of them (late-move pruning).
        let prune_quiets = !pv_node && !in_check && !near_end && depth <= 6;
        let futile = prune_quiets && depth <= 4 && static_eval + 150 + 100 * depth <= alpha;
        let late_move_count = (3 + depth * depth) / if improving { 1 } else { 2 };
        // Captures losing more than a margin in the exchange are skipped
        // too, unless the move limit may end the game before the exchange.
        let prune_exchanges = prune_quiets
            && (!self.scored || plies_to_decision(pos) > EXCHANGE_HORIZON + depth as u32);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        // Quiet moves searched before the cutoff, to lower their history.
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        for i in 0..moves.len() {
            if tt_first.is_some() && i == 1 {
                self.score_moves(pos, &moves, tt_move, ply, true, &mut scores);
            }
            // The stored move is already in place.
            if tt_first.is_none() || i > 0 {
                Self::pick(&mut moves, &mut scores, i);
            }
            let m = moves[i];
            let tactical = Self::is_tactical(pos, m);
            let prunable = i > 0 && best > -DECIDED;
            if prunable
                && prune_exchanges
                && (ORDER_LOSING_CAPTURE..ORDER_COUNTER).contains(&scores[i])
                && !self.exchange_at_least(pos, m, -EXCHANGE_PRUNE_MARGIN * depth)
            {
                continue;
            }
            let futile_quiet = prunable
                && prune_quiets
                && !tactical
                && (futile || quiets_tried.len() as i32 >= late_move_count);
            if futile_quiet && !self.royal {
                // Without check every later quiet move is as futile: the
                // rest of the list is quiet once history orders it.
                if scores[i] < ORDER_LOSING_CAPTURE {
                    break;
                }
                continue;
            }
            let mut child = *pos;
            child.play_unchecked(m);
            if futile_quiet && !child.is_check() {
                continue;
            }
            self.set_played(ply, pos, Some(m));
            self.hashes.push(child.hash());
            let value = if i == 0 {
                -self.search(&child, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let mut reduction = 0;
                if depth >= 3
                    && i >= 3
                    && !tactical
                    && !in_check
                    && !near_end
                    && (!self.royal || !child.is_check())
                {
                    reduction = i32::from(self.reductions[(depth as usize).min(63)][i.min(63)]);
                    if pv_node {
                        reduction -= 1;
                    }
                    if scores[i] >= ORDER_SECOND_KILLER {
                        reduction -= 1;
                    }
                    reduction = reduction.clamp(0, depth - 2);
                }
                let mut v = -self.search(
                    &child,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if v > alpha && reduction > 0 && !self.stopped {
                    v = -self.search(&child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if v > alpha && v < beta && !self.stopped {
                    v = -self.search(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
                v
            };
            self.hashes.pop();
            if self.stopped {
                return 0;
            }
            if value > best {
                best = value;
                best_move = Some(m);
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, m);
                    if value >= beta {
                        if !tactical {
                            self.reward_quiet(pos, m, depth, ply, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                let _ = quiets_tried.try_push(m);
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        let stored = self.value_to_tt(best, ply);
        let stored_eval = (static_eval != NO_EVAL).then_some(static_eval);
        self.tt
            .store(key, best_move, stored, depth, bound, stored_eval);
        best
    }

    /// A quiet move caused a cutoff: it becomes a killer and the counter
    /// move of the opponent's last move, its history rises and that of the
    /// quiet moves tried before it falls.
    fn reward_quiet(&mut self, pos: &Position<G>, m: Move, depth: i32, ply: usize, tried: &[Move]) {
        let color = pos.turn();
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
        if let Some(Some(previous)) = ply.checked_sub(1).and_then(|p| self.played.get(p)) {
            let squares = usize::from(G::square_count());
            let index = previous.from.index() * squares + previous.to.index();
            if let Some(slot) = self.tables.counter_moves.get_mut(index) {
                *slot = Some(m);
            }
        }
        let bonus = (depth * depth * 16 + depth * 32).min(1_200);
        self.update_history(color, m, bonus);
        self.update_continuation(pos, m, ply, bonus);
        for &quiet in tried {
            self.update_history(color, quiet, -bonus);
            self.update_continuation(pos, quiet, ply, -bonus);
        }
    }

    /// Moves a history entry toward ±[`HISTORY_MAX`]: the closer it is, the
    /// less a bonus moves it, so old results fade instead of saturating.
    #[inline]
    fn update_history(&mut self, color: Color, m: Move, bonus: i32) {
        let index = self.history_index(color, m);
        if let Some(h) = self.tables.history.get_mut(index) {
            *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        }
    }

    #[inline]
    fn set_played(&mut self, ply: usize, pos: &Position<G>, m: Option<Move>) {
        if let Some(slot) = self.played.get_mut(ply) {
            *slot = m;
        }
        let piece_square = m.map_or(NO_PIECE_SQUARE, |m| Self::piece_square(pos, m));
        if let Some(slot) = self.played_piece.get_mut(ply) {
            *slot = piece_square;
        }
    }

    /// The moving piece (colour and role) and its destination, as one index.
    #[inline]
    fn piece_square(pos: &Position<G>, m: Move) -> usize {
        let role = pos.role_at(m.from).map_or(0, Role::index);
        let piece = pos.turn().index() * 6 + role;
        piece * usize::from(G::square_count()) + m.to.index()
    }

    /// Entries in one row of the continuation history: one per moving piece
    /// (colour and role) and destination, the range of [`Self::piece_square`].
    #[inline]
    fn continuation_row_len() -> usize {
        PIECE_KINDS * usize::from(G::square_count())
    }

    /// Where the continuation-history row of the move played `back` plies
    /// before `ply` starts (`None` after a null move or before the root).
    #[inline]
    fn continuation_row_start(&self, ply: usize, back: usize) -> Option<usize> {
        let earlier = *self.played_piece.get(ply.checked_sub(back)?)?;
        if earlier == NO_PIECE_SQUARE {
            return None;
        }
        Some(earlier * Self::continuation_row_len())
    }

    /// The continuation histories of every move at `ply`, indexed by its
    /// [`Self::piece_square`]: after the opponent's last move and after the
    /// mover's own previous one (`None` after a null move or the root).
    /// Looked up once a node rather than once a move.
    #[inline]
    fn continuation_rows(&self, ply: usize) -> [Option<&[i16]>; 2] {
        [1, 2].map(|back| {
            let start = self.continuation_row_start(ply, back)?;
            self.tables
                .continuation
                .get(start..start + Self::continuation_row_len())
        })
    }

    /// Applies a history bonus (or malus) to the continuation entries of `m`.
    #[inline]
    fn update_continuation(&mut self, pos: &Position<G>, m: Move, ply: usize, bonus: i32) {
        let piece_square = Self::piece_square(pos, m);
        for back in [1, 2] {
            let Some(start) = self.continuation_row_start(ply, back) else {
                continue;
            };
            if let Some(entry) = self.tables.continuation.get_mut(start + piece_square) {
                let h = i32::from(*entry);
                *entry = (h + bonus - h * bonus.abs() / HISTORY_MAX) as i16;
            }
        }
    }

    fn has_pieces_beyond_pawns(&self, pos: &Position<G>) -> bool {
        let us = pos.pieces_of(pos.turn());
        let pawns_and_king = pos.role_set(Role::Pawn) | pos.role_set(Role::King);
        (us & !pawns_and_king).any()
    }

    fn quiesce(&mut self, pos: &Position<G>, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply.min(MAX_PLY - 1)] = ply;
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.check_stop() {
            return 0;
        }
        let in_check = self.royal && pos.is_check();
        // In the Norochess family the table answers outside the principal
        // variation (any stored depth covers quiescence) and saves
        // evaluating the node again. (Tested there only: royal games keep
        // a quiescence without the table.)
        let key = self.key(pos);
        let hit = if self.scored {
            self.tt.probe(key)
        } else {
            None
        };
        if let Some(h) = hit.filter(|_| beta - alpha == 1) {
            if let Some(v) = self.table_cutoff(&h, alpha, beta, ply) {
                return v;
            }
        }
        // Quiescence results go to the table at depth 0, never over a
        // searched entry of the same position.
        let may_store = self.scored && hit.is_none_or(|h| h.depth <= 0);
        // Outside check in the Norochess family only captures and
        // promotions are searched, so only those are generated, after the
        // stand-pat cutoff; a royal king's safety needs the full list.
        let tactical_only = !in_check && !self.royal;
        let mut moves = MoveList::new();
        if tactical_only {
            if !pos.has_legal_move() {
                return self.no_moves(pos, ply, in_check);
            }
        } else {
            pos.generate_legal(&mut moves);
            if moves.is_empty() {
                return self.no_moves(pos, ply, in_check);
            }
        }
        let static_eval = if in_check {
            None
        } else {
            Some(
                hit.and_then(|h| h.static_eval)
                    .unwrap_or_else(|| self.eval.evaluate_cached(pos, &self.pawn_cache)),
            )
        };
        let stand_pat = static_eval.unwrap_or(-INFINITY);
        if ply + 1 >= MAX_PLY {
            return stand_pat.max(-INFINITY + 1);
        }
        if stand_pat >= beta {
            if may_store {
                let stored = self.value_to_tt(stand_pat, ply);
                self.tt
                    .store(key, None, stored, 0, Bound::Lower, static_eval);
            }
            return stand_pat;
        }
        let original_alpha = alpha;
        let mut best_move = None;
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        // Captures that lose points in the exchange are dropped unless the
        // move limit may end the game before the exchange does.
        let judge = !in_check && (!self.scored || plies_to_decision(pos) > EXCHANGE_HORIZON);
        if tactical_only {
            pos.generate_tactical(&mut moves);
        }
        if !in_check {
            // Only captures and useful promotions, dropped before ordering
            // so the others cost no sorting.
            moves.retain(|m| {
                Self::is_tactical(pos, *m)
                    && m.promotion()
                        .is_none_or(|role| role == Role::Queen || role == Role::Knight)
                    && (!judge || self.exchange_at_least(pos, *m, 0))
            });
        }
        // Delta pruning: far from a decision, a capture that cannot bring
        // the evaluation up to alpha even with a margin is not played.
        let delta_prune = judge && self.scored;
        let mut scores = ArrayVec::new();
        self.score_moves(pos, &moves, None, ply, !judge, &mut scores);
        for i in 0..moves.len() {
            Self::pick(&mut moves, &mut scores, i);
            let m = moves[i];
            if delta_prune && m.promotion().is_none() {
                if let Some(victim) = pos.role_at(m.to) {
                    let reach = stand_pat + self.eval.capture_gain(pos, victim) + DELTA_MARGIN;
                    if reach <= alpha {
                        best = best.max(reach);
                        continue;
                    }
                }
            }
            let mut child = *pos;
            child.play_unchecked(m);
            self.hashes.push(child.hash());
            let value = match self.game_end(&child, ply + 1) {
                Some(v) => -v,
                None => -self.quiesce(&child, -beta, -alpha, ply + 1),
            };
            self.hashes.pop();
            if self.stopped {
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        if may_store {
            let bound = Bound::of(best, original_alpha, beta);
            let stored = self.value_to_tt(best, ply);
            self.tt.store(key, best_move, stored, 0, bound, static_eval);
        }
        best
    }

    /// The stored value when its bound settles the window (`alpha`,
    /// `beta`): exact, a lower bound at or above beta, or an upper bound at
    /// or below alpha. The caller decides whether the entry is deep enough.
    #[inline]
    fn table_cutoff(&self, hit: &Hit, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let v = self.value_from_tt(hit.value, ply);
        match hit.bound {
            Bound::Exact => Some(v),
            Bound::Lower if v >= beta => Some(v),
            Bound::Upper if v <= alpha => Some(v),
            _ => None,
        }
    }

    /// Mate values are stored relative to the node, not the root.
    fn value_to_tt(&self, value: i32, ply: usize) -> i32 {
        if self.royal && value >= MATE_BOUND {
            value + ply as i32
        } else if self.royal && value <= -MATE_BOUND {
            value - ply as i32
        } else {
            value
        }
    }

    fn value_from_tt(&self, value: i32, ply: usize) -> i32 {
        if self.royal && value >= MATE_BOUND {
            value - ply as i32
        } else if self.royal && value <= -MATE_BOUND {
            value + ply as i32
        } else {
            value
        }
    }

    /// Converts an internal value to the reported score.
    pub(crate) fn score_of(&self, value: i32) -> Score {
        if self.royal && value.abs() >= MATE_BOUND {
            let plies = MATE - value.abs();
            let moves = (plies + 1) / 2;
            Score::Mate(if value > 0 { moves } else { -moves })
        } else if self.scored && value.abs() >= DECIDED {
            let margin = (value - value.signum() * WIN) / 100;
            if value > 0 {
                Score::Won { margin }
            } else {
                Score::Lost { margin }
            }
        } else {
            Score::Centi(value)
        }
    }

    /// A line for reporting.
    pub(crate) fn line(&self, value: i32) -> Line {
        Line {
            score: self.score_of(value),
            pv: self.root_pv(),
        }
    }
}

fn promotion_bonus(m: Move) -> i32 {
    match m.kind {
        MoveKind::Promotion(Role::Queen) => 8_000,
        MoveKind::Promotion(Role::Knight) => 2_000,
        MoveKind::Promotion(_) => 1_000,
        MoveKind::Dethrone => 9_000,
        _ => 0,
    }
}

/// SplitMix64's finaliser: spreads a small number over 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
