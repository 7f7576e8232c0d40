//! The exact solver: proves what the side to move can force, to the real end
//! of the game, with no evaluation at all. Norochess games end at a known
//! move, so positions near the end can be solved outright.
//!
//! Each question is a threshold test ("can the side to move reach a value of
//! at least t?") answered Yes, No or Unknown by a depth-first proof search
//! with iterative deepening, a transposition table of proven results,
//! enhanced transposition cutoffs and capture-first move ordering. A node
//! budget turns an unfinished proof into "not proven", never a guess.

mod points_bound;

use super::terminal::{self, DECIDED, WIN};
use super::tt::{Bound, TranspositionTable};
use crate::any::{with_position, AnyPosition};
use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::types::Color;

/// What a puzzle asks of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Force a win.
    Win,
    /// Force a win with a final margin of at least this many points.
    WinBy(u16),
    /// Avoid losing: force a draw or better.
    Save,
    /// Gain at least `points` more than the opponent within `moves` moves
    /// of the side to move and the opponent's answers (captures are points
    /// kept for good, so a gain is banked). A puzzle's objective; the
    /// solver proves it as [`Objective::Lead`] with a stop ply in
    /// [`SolveLimits`] (see `Puzzle::goal`).
    Gain {
        /// Points gained over the opponent.
        points: u16,
        /// Moves of the side to move.
        moves: u8,
    },
    /// Be at least this many points ahead (negative: at most this many
    /// behind) where play stops, at [`SolveLimits::stop_at_ply`], or win
    /// the game before. What [`Objective::Gain`] becomes once anchored at a
    /// puzzle's start; never written in a puzzle file.
    Lead(i16),
    /// Checkmate the opponent within `moves` moves of the side to move: a
    /// puzzle of a game with a royal king (Ram chess, Frontal chess). The
    /// solver proves it as [`Objective::Win`] with play stopping after the
    /// player's last move and the opponent's turn to answer it, where only
    /// a checkmate is a win (see [`Objective::anchored`]).
    Mate {
        /// Moves of the side to move, the mating move included.
        moves: u8,
    },
}

impl Objective {
    /// The smallest internal value that meets the objective.
    fn threshold(self) -> i32 {
        match self {
            Objective::Win => DECIDED,
            Objective::WinBy(k) => WIN + 100 * i32::from(k),
            Objective::Save => 0,
            // A gain is only meaningful anchored at its start (`Lead`);
            // unanchored, it asks for no more than a win.
            Objective::Gain { .. } => DECIDED,
            Objective::Lead(k) => 100 * i32::from(k),
            // Unanchored, a mate at any distance.
            Objective::Mate { .. } => DECIDED,
        }
    }

    /// The text form: `win`, `win-by 3`, `save`.
    pub fn text(self) -> String {
        match self {
            Objective::Win => "win".to_string(),
            Objective::WinBy(k) => format!("win-by {k}"),
            Objective::Save => "save".to_string(),
            Objective::Gain { points, moves } => format!("gain {points} in {moves}"),
            Objective::Lead(k) => format!("lead {k}"),
            Objective::Mate { moves } => format!("mate in {moves}"),
        }
    }

    /// Whether the objective belongs to a game with a royal king (a mate)
    /// rather than to the Norochess family (points and results).
    pub fn is_mate(self) -> bool {
        matches!(self, Objective::Mate { .. })
    }

    /// Parses `win`, `win-by K` (also `win-by-K`, `winby K`), `save`,
    /// `gain K in N` (K from 1, N from 1 to 6) or `mate in N` (N from 1 to
    /// 6).
    pub fn parse(text: &str) -> Option<Objective> {
        let text = text.trim().to_ascii_lowercase();
        match text.as_str() {
            "win" => Some(Objective::Win),
            "save" | "draw" => Some(Objective::Save),
            other if other.starts_with("gain") => {
                let rest = other.strip_prefix("gain")?;
                let (points, moves) = rest.split_once(" in ")?;
                let points = points.trim().parse::<u16>().ok().filter(|&k| k > 0)?;
                let moves = moves
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (1..=6).contains(n))?;
                Some(Objective::Gain { points, moves })
            }
            other if other.starts_with("mate in ") => other
                .strip_prefix("mate in ")?
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=6).contains(n))
                .map(|moves| Objective::Mate { moves }),
            other => {
                let rest = other
                    .strip_prefix("win-by")
                    .or_else(|| other.strip_prefix("winby"))?;
                // `win-by-3` joins with one hyphen; `win-by -3` is a
                // negative margin, which is no objective.
                let number = rest.strip_prefix('-').unwrap_or(rest).trim();
                number
                    .parse::<u16>()
                    .ok()
                    .filter(|&k| k > 0)
                    .map(Objective::WinBy)
            }
        }
    }

    /// The objective as the solver proves it from `start`, where the
    /// puzzle begins: a gain becomes a lead over the opponent's score at
    /// the start plus the points, counted where the side to move has made
    /// its moves and the opponent has answered the last one.
    pub fn anchored(self, start: &AnyPosition) -> Goal {
        match self {
            Objective::Gain { points, moves } => {
                let lead = start.lead();
                let target =
                    (lead + i32::from(points)).clamp(-i32::from(i16::MAX), i32::from(i16::MAX));
                Goal {
                    objective: Objective::Lead(target as i16),
                    stop_at_ply: Some(game_ply(start) + 2 * u32::from(moves)),
                }
            }
            Objective::Mate { moves } => Goal {
                objective: Objective::Win,
                stop_at_ply: Some(game_ply(start) + 2 * u32::from(moves)),
            },
            other => Goal {
                objective: other,
                stop_at_ply: None,
            },
        }
    }

    /// The objective in words for `color` ("White to play and win by 3").
    pub fn describe(self, color: Color) -> String {
        match self {
            Objective::Win => format!("{color} to play and win"),
            Objective::WinBy(k) => format!("{color} to play and win by {k} or more"),
            Objective::Save => format!("{color} to play and avoid losing"),
            Objective::Gain { points, moves: 1 } => {
                format!("{color} to play and gain {points} points in one move")
            }
            Objective::Gain { points, moves } => {
                format!("{color} to play and gain {points} points in {moves} moves")
            }
            Objective::Lead(k) if k >= 0 => format!("{color} to play and lead by {k}"),
            Objective::Lead(k) => format!("{color} to play and trail by at most {}", -k),
            Objective::Mate { moves: 1 } => format!("{color} to play and mate in one move"),
            Objective::Mate { moves } => format!("{color} to play and mate in {moves} moves"),
        }
    }
}

/// What the solver proves for a puzzle: its objective anchored at the
/// puzzle's start (see [`Objective::anchored`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The objective for the player, as a threshold the solver tests.
    pub objective: Objective,
    /// Where play stops and the points are counted (`None`: the game's end).
    pub stop_at_ply: Option<u32>,
}

impl Goal {
    /// `limits` with this goal's stop.
    pub fn limits(&self, limits: SolveLimits) -> SolveLimits {
        limits.stopping_at(self.stop_at_ply)
    }
}

/// The proven value of a position for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameValue {
    /// The side to move wins with this final margin (its score minus the opponent's).
    Win(i32),
    /// Neither side can force a win.
    Draw,
    /// The side to move loses with this final margin.
    Loss(i32),
    /// Play stops at [`SolveLimits::stop_at_ply`] with the game still on
    /// and the side to move this many points ahead (negative: behind).
    Points(i32),
}

impl GameValue {
    fn from_internal(value: i32) -> GameValue {
        if value >= DECIDED {
            GameValue::Win((value - WIN) / 100)
        } else if value <= -DECIDED {
            GameValue::Loss((value + WIN) / 100)
        } else {
            GameValue::Draw
        }
    }

    /// Describes the value for a side to move of `color`: `White wins by 3`.
    pub fn describe(self, color: Color) -> String {
        match self {
            GameValue::Win(m) => format!("{color} wins by {m}"),
            GameValue::Loss(m) => format!("{} wins by {}", !color, -m),
            GameValue::Draw => "Draw".to_string(),
            GameValue::Points(d) if d >= 0 => format!("{color} ahead by {d} when play stops"),
            GameValue::Points(d) => format!("{color} behind by {} when play stops", -d),
        }
    }

    /// The solver's internal value (the inverse of `from_internal`).
    fn internal(self) -> i32 {
        match self {
            GameValue::Win(m) => WIN + 100 * m,
            GameValue::Draw => 0,
            GameValue::Loss(m) => -WIN + 100 * m,
            GameValue::Points(d) => 100 * d,
        }
    }

    /// The value for the other side.
    pub fn negated(self) -> GameValue {
        match self {
            GameValue::Win(x) => GameValue::Loss(-x),
            GameValue::Loss(x) => GameValue::Win(-x),
            GameValue::Draw => GameValue::Draw,
            GameValue::Points(d) => GameValue::Points(-d),
        }
    }

    /// Orders values from worst to best for their owner.
    pub fn rank(self) -> i64 {
        match self {
            GameValue::Win(m) => 1_000_000 + i64::from(m),
            GameValue::Draw => 0,
            GameValue::Points(d) => i64::from(d),
            GameValue::Loss(m) => -1_000_000 + i64::from(m),
        }
    }

    /// Whether this value meets `objective`.
    pub fn meets(self, objective: Objective) -> bool {
        self.internal() >= objective.threshold()
    }
}

/// The answer to one threshold question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The side to move can reach the threshold.
    Yes,
    /// It cannot.
    No,
    /// Not decided within the node budget.
    Unknown,
}

/// Limits of the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveLimits {
    /// Total node budget over all the questions of one call.
    pub nodes: u64,
    /// Where play stops and the points are counted, as a ply of the whole
    /// game (0 is White's first move; see [`game_ply`]); `None`: to the
    /// real end of the game.
    pub stop_at_ply: Option<u32>,
}

impl SolveLimits {
    /// To the end of the game, within `nodes` nodes.
    pub const fn with_nodes(nodes: u64) -> SolveLimits {
        SolveLimits {
            nodes,
            stop_at_ply: None,
        }
    }

    /// The same limits with play stopping at `ply`.
    pub const fn stopping_at(self, ply: Option<u32>) -> SolveLimits {
        SolveLimits {
            nodes: self.nodes,
            stop_at_ply: ply,
        }
    }
}

impl Default for SolveLimits {
    fn default() -> Self {
        SolveLimits::with_nodes(20_000_000)
    }
}

/// The ply of the whole game at which `position` stands: 0 before White's
/// first move, 1 before Black's, and so on.
pub fn game_ply(position: &AnyPosition) -> u32 {
    ply_from(position.fullmove_number(), position.turn())
}

fn ply_from(fullmove: u32, turn: Color) -> u32 {
    2 * fullmove.saturating_sub(1) + u32::from(turn == Color::Black)
}

/// The exact solver, with its own proof table.
pub struct Solver {
    tt: TranspositionTable,
    nodes: u64,
    node_limit: u64,
    stop_at_ply: Option<u32>,
    /// Whether questions that stop a few plies ahead use the points bounds
    /// (off only in the test that checks they never change an answer).
    points_bounds: bool,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(32)
    }
}

impl Solver {
    /// A solver with a proof table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Solver {
        Solver {
            tt: TranspositionTable::new(hash_mb),
            nodes: 0,
            node_limit: u64::MAX,
            stop_at_ply: None,
            points_bounds: true,
        }
    }

    /// Forgets every proven result (a fresh table gives answers that do
    /// not depend on earlier questions, for reproducible runs).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn begin(&mut self, limits: SolveLimits) {
        self.nodes = 0;
        self.node_limit = limits.nodes;
        self.stop_at_ply = limits.stop_at_ply;
    }

    /// Whether the side to move of `position` can meet `objective`.
    /// `history` holds the hashes of the game's earlier positions.
    pub fn prove(
        &mut self,
        position: &AnyPosition,
        history: &[u64],
        objective: Objective,
        limits: SolveLimits,
    ) -> Proof {
        self.begin(limits);
        with_position!(position, p => self.prove_threshold(p, history, objective.threshold()))
    }

    /// The exact value of `position`, or `None` if not proven within the budget.
    pub fn value(
        &mut self,
        position: &AnyPosition,
        history: &[u64],
        limits: SolveLimits,
    ) -> Option<GameValue> {
        self.begin(limits);
        with_position!(position, p => self.exact_value(p, history))
    }

    /// For each legal move: whether it meets `objective` (`Some(true)`),
    /// fails it (`Some(false)`) or is unproven (`None`).
    pub fn classify_moves(
        &mut self,
        position: &AnyPosition,
        history: &[u64],
        objective: Objective,
        limits: SolveLimits,
    ) -> Vec<(Move, Option<bool>)> {
        self.begin(limits);
        with_position!(position, p => self.classify(p, history, objective.threshold()))
    }

    /// Whether playing `m` meets `objective` (`None` if unproven or illegal).
    pub fn move_meets(
        &mut self,
        position: &AnyPosition,
        history: &[u64],
        m: Move,
        objective: Objective,
        limits: SolveLimits,
    ) -> Option<bool> {
        self.begin(limits);
        let after = position.play(m).ok()?;
        let mut path = history.to_vec();
        path.push(position.hash());
        let answer =
            with_position!(&after, p => self.prove_threshold(p, &path, 1 - objective.threshold()));
        match answer {
            Proof::No => Some(true),
            Proof::Yes => Some(false),
            Proof::Unknown => None,
        }
    }

    /// The exact value of each legal move (`None` where unproven), for the
    /// side that plays it.
    pub fn move_values(
        &mut self,
        position: &AnyPosition,
        history: &[u64],
        limits: SolveLimits,
    ) -> Vec<(Move, Option<GameValue>)> {
        self.begin(limits);
        with_position!(position, p => {
            let mut path = history.to_vec();
            path.push(p.hash());
            p.legal_moves()
                .into_iter()
                .map(|m| {
                    let mut child = *p;
                    child.play_unchecked(m);
                    let value = self.exact_value(&child, &path).map(GameValue::negated);
                    (m, value)
                })
                .collect()
        })
    }

    /// Compares every other legal move with `reference` for the side to
    /// move: `Some(true)` where a move is proven to do strictly better for
    /// it than `reference` (a larger exact value), `Some(false)` where it is
    /// proven not to, `None` where unproven. `None` overall when `reference`
    /// is not legal or its own value is not proven. Puzzle verification
    /// uses it to check that a defender's reply is a best defence.
    pub fn better_moves_than(
        &mut self,
        position: &AnyPosition,
        history: &[u64],
        reference: Move,
        limits: SolveLimits,
    ) -> Option<Vec<(Move, Option<bool>)>> {
        self.begin(limits);
        with_position!(position, p => {
            let moves = p.legal_moves();
            if !moves.contains(&reference) {
                return None;
            }
            let mut path = history.to_vec();
            path.push(p.hash());
            let mut child = *p;
            child.play_unchecked(reference);
            // The opponent's exact value after the reference move: another
            // move is better for us exactly when the opponent cannot reach
            // that value after it. One threshold question per move, far
            // cheaper than an exact value of each.
            let opponent = self.exact_value(&child, &path)?.internal();
            Some(
                moves
                    .into_iter()
                    .filter(|&m| m != reference)
                    .map(|m| {
                        let mut child = *p;
                        child.play_unchecked(m);
                        let verdict = match self.prove_threshold(&child, &path, opponent) {
                            Proof::No => Some(true),
                            Proof::Yes => Some(false),
                            Proof::Unknown => None,
                        };
                        (m, verdict)
                    })
                    .collect(),
            )
        })
    }

    fn classify<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        history: &[u64],
        threshold: i32,
    ) -> Vec<(Move, Option<bool>)> {
        let mut path = history.to_vec();
        path.push(pos.hash());
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = *pos;
                child.play_unchecked(m);
                let verdict = match self.prove_threshold(&child, &path, 1 - threshold) {
                    Proof::No => Some(true),
                    Proof::Yes => Some(false),
                    Proof::Unknown => None,
                };
                (m, verdict)
            })
            .collect()
    }

    fn exact_value<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        history: &[u64],
    ) -> Option<GameValue> {
        let at_least = |solver: &mut Solver, t: i32| solver.prove_threshold(pos, history, t);
        if self.stop_at_ply.is_some() {
            return self.exact_value_with_stop(pos, history);
        }
        let (low, high) = match at_least(self, DECIDED) {
            Proof::Yes => (-500, 500),
            Proof::Unknown => return None,
            Proof::No => match at_least(self, 0) {
                Proof::Yes => return Some(GameValue::Draw),
                Proof::Unknown => return None,
                Proof::No => (-500, 500),
            },
        };
        let winning = at_least(self, DECIDED) == Proof::Yes;
        let base = if winning { WIN } else { -WIN };
        // Binary search for the largest margin m with value >= base + 100 m.
        let (mut lo, mut hi) = (low, high);
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2;
            match at_least(self, base + 100 * mid) {
                Proof::Yes => lo = mid,
                Proof::No => hi = mid - 1,
                Proof::Unknown => return None,
            }
        }
        Some(GameValue::from_internal(base + 100 * lo))
    }

    /// The exact value when play stops at a ply: a decided game (won or
    /// lost before the stop, with its margin) or the points difference
    /// where play stops, each found by binary search on thresholds.
    fn exact_value_with_stop<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        history: &[u64],
    ) -> Option<GameValue> {
        let (base, make): (i32, fn(i32) -> GameValue) =
            match self.prove_threshold(pos, history, DECIDED) {
                Proof::Unknown => return None,
                Proof::Yes => (WIN, GameValue::Win),
                Proof::No => match self.prove_threshold(pos, history, 1 - DECIDED) {
                    Proof::Unknown => return None,
                    Proof::Yes => (0, GameValue::Points),
                    Proof::No => (-WIN, GameValue::Loss),
                },
            };
        // A move scores at most 9 points (a queen, or a pawn promoted to
        // one), so where play stops the lead is within 9 a ply of today's.
        let (mut lo, mut hi) = (-500, 500);
        if base == 0 {
            let lead = pos.lead();
            let plies = self.stop_at_ply.map_or(0, |stop| {
                stop.saturating_sub(ply_from(pos.fullmove_number(), pos.turn()))
            });
            let span = 9 * i32::try_from(plies).unwrap_or(500) + 1;
            lo = (lead - span).max(-500);
            hi = (lead + span).min(500);
        }
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2;
            match self.prove_threshold(pos, history, base + 100 * mid) {
                Proof::Yes => lo = mid,
                Proof::No => hi = mid - 1,
                Proof::Unknown => return None,
            }
        }
        Some(make(lo))
    }

    /// Iterative deepening on one threshold question.
    fn prove_threshold<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        history: &[u64],
        threshold: i32,
    ) -> Proof {
        let mut path = Vec::with_capacity(history.len() + 128);
        path.extend_from_slice(history);
        path.push(pos.hash());
        let mut horizon = plies_to_last_end(pos);
        if let Some(stop) = self.stop_at_ply {
            let ply = ply_from(pos.fullmove_number(), pos.turn());
            horizon = horizon.min(stop.saturating_sub(ply)).max(1);
        }
        for depth in 1..=horizon {
            match self.search(pos, &mut path, depth, threshold) {
                Proof::Unknown if self.nodes < self.node_limit => continue,
                other => return other,
            }
        }
        Proof::Unknown
    }

    fn key<G: Geometry>(&self, pos: &Position<G>, threshold: i32) -> u64 {
        let extra = (u64::from(pos.score(Color::White)) << 40)
            | (u64::from(pos.score(Color::Black)) << 20)
            | u64::from(pos.fullmove_number());
        let key = pos.hash() ^ mix(extra) ^ mix(0x7400_0000_0000_0000 ^ threshold as u32 as u64);
        match self.stop_at_ply {
            // Results depend on where play stops.
            Some(stop) => key ^ mix(0x5700_0000_0000_0000 ^ u64::from(stop)),
            None => key,
        }
    }

    fn store<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        threshold: i32,
        proof: Proof,
        depth: u32,
        best: Option<Move>,
    ) {
        let value = match proof {
            Proof::Yes => 1,
            Proof::No => -1,
            Proof::Unknown => 0,
        };
        let (depth, bound) = match proof {
            Proof::Unknown => (depth as i32, Bound::Upper),
            _ => (1000, Bound::Exact),
        };
        self.tt
            .store(self.key(pos, threshold), best, value, depth, bound, None);
    }

    fn probe<G: Geometry>(
        &self,
        pos: &Position<G>,
        threshold: i32,
        depth: u32,
    ) -> (Option<Proof>, Option<Move>) {
        match self.tt.probe(self.key(pos, threshold)) {
            Some(hit) => {
                let proof = match (hit.bound, hit.value) {
                    (Bound::Exact, 1) => Some(Proof::Yes),
                    (Bound::Exact, -1) => Some(Proof::No),
                    (Bound::Upper, _) if hit.depth >= depth as i32 => Some(Proof::Unknown),
                    _ => None,
                };
                (proof, hit.best_move)
            }
            None => (None, None),
        }
    }

    fn search<G: Geometry>(
        &mut self,
        pos: &Position<G>,
        path: &mut Vec<u64>,
        depth: u32,
        threshold: i32,
    ) -> Proof {
        if let Some(value) = terminal::game_end(pos, path, 0) {
            return if value >= threshold {
                Proof::Yes
            } else {
                Proof::No
            };
        }
        if let Some(stop) = self.stop_at_ply {
            if ply_from(pos.fullmove_number(), pos.turn()) >= stop {
                return if 100 * pos.lead() >= threshold {
                    Proof::Yes
                } else {
                    Proof::No
                };
            }
        }
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            return Proof::Unknown;
        }
        if let Some(proof) = self.bounded(pos, path, threshold) {
            return proof;
        }
        // A position that already occurred depends on the path; its result
        // is not stored.
        let path_dependent = terminal::earlier_occurrences(pos, path).0 > 0;
        let (cached, tt_move) = self.probe(pos, threshold, depth);
        if let Some(proof) = cached {
            if !path_dependent {
                return proof;
            }
        }
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        if moves.is_empty() {
            let value = terminal::no_moves(pos, 0, pos.is_check());
            return if value >= threshold {
                Proof::Yes
            } else {
                Proof::No
            };
        }
        if depth == 0 {
            return Proof::Unknown;
        }
        order(pos, &mut moves, tt_move);
        let child_threshold = 1 - threshold;
        // Enhanced transposition cutoff: a child already proven lost for
        // the opponent settles this node without searching. One ply from
        // the horizon the children are searched as cheaply as probed.
        for &m in moves.iter().take(if depth > 1 { usize::MAX } else { 0 }) {
            let mut child = *pos;
            child.play_unchecked(m);
            if let (Some(Proof::No), _) = self.probe(&child, child_threshold, 0) {
                if !path_dependent {
                    self.store(pos, threshold, Proof::Yes, depth, Some(m));
                }
                return Proof::Yes;
            }
        }
        let mut unknown = false;
        for &m in &moves {
            let mut child = *pos;
            child.play_unchecked(m);
            path.push(child.hash());
            let answer = self.search(&child, path, depth - 1, child_threshold);
            path.pop();
            match answer {
                Proof::No => {
                    if !path_dependent {
                        self.store(pos, threshold, Proof::Yes, depth, Some(m));
                    }
                    return Proof::Yes;
                }
                Proof::Unknown => unknown = true,
                Proof::Yes => {}
            }
            if self.nodes >= self.node_limit {
                return Proof::Unknown;
            }
        }
        let result = if unknown { Proof::Unknown } else { Proof::No };
        if !path_dependent {
            self.store(pos, threshold, result, depth, None);
        }
        result
    }

    /// The answer the points bounds give without a search, if any: a few
    /// plies before the stop, a threshold above the most the side to move
    /// can lead by is out of reach, one at or below the least is met. The
    /// counts that show nothing but points can decide are the dearer part,
    /// so they are taken only when the range settles the threshold.
    fn bounded<G: Geometry>(
        &self,
        pos: &Position<G>,
        path: &[u64],
        threshold: i32,
    ) -> Option<Proof> {
        let stop = self.stop_at_ply.filter(|_| self.points_bounds)?;
        let plies = stop.checked_sub(ply_from(pos.fullmove_number(), pos.turn()))?;
        if plies > points_bound::MAX_PLIES {
            return None;
        }
        let (low, high) = points_bound::lead_range(pos, plies)?;
        let proof = if 100 * high < threshold {
            Proof::No
        } else if 100 * low >= threshold {
            Proof::Yes
        } else {
            return None;
        };
        points_bound::only_points_decide(pos, path, plies, stop).then_some(proof)
    }

    /// A principal line from `position`: the side to move plays moves that
    /// keep its exact value, the defender the reply that leaves the least.
    pub fn principal_line(
        &mut self,
        position: &AnyPosition,
        history: &[u64],
        max_plies: usize,
        limits: SolveLimits,
    ) -> Vec<Move> {
        let mut line = Vec::new();
        let mut current = *position;
        let mut hashes = history.to_vec();
        for _ in 0..max_plies {
            let values = self.move_values(&current, &hashes, limits);
            let best = values
                .iter()
                .filter_map(|(m, v)| v.map(|v| (*m, v)))
                .max_by_key(|(_, v)| v.rank());
            let Some((m, _)) = best else { break };
            line.push(m);
            hashes.push(current.hash());
            let Ok(next) = current.play(m) else { break };
            current = next;
            let ended = with_position!(&current, p => terminal::game_end(p, &hashes_with(&hashes, p.hash()), 0).is_some());
            if ended || current.legal_moves().is_empty() {
                break;
            }
        }
        line
    }
}

fn hashes_with(hashes: &[u64], last: u64) -> Vec<u64> {
    let mut all = hashes.to_vec();
    all.push(last);
    all
}

/// Plies until the game must have ended (after Black's last overtime move);
/// a generous cap for games without a move limit.
fn plies_to_last_end<G: Geometry>(pos: &Position<G>) -> u32 {
    match pos.rules().move_limit {
        Some(limit) => {
            let n = pos.fullmove_number();
            let own = if pos.turn() == Color::White { 2 } else { 1 };
            (2 * limit.last_move.saturating_sub(n) + own).clamp(1, 120)
        }
        None => 64,
    }
}

/// Hash move first, then captures by victim value, then the rest.
fn order<G: Geometry>(pos: &Position<G>, moves: &mut MoveList, first: Option<Move>) {
    let enemy = pos.pieces_of(!pos.turn());
    moves.sort_unstable_by_key(|m| {
        if Some(*m) == first {
            return -100_000;
        }
        let victim = if enemy.has(m.to) {
            pos.role_at(m.to)
                .map_or(0, |r| i32::from(r.capture_points()))
        } else {
            0
        };
        let promotion = m.promotion().map_or(0, |r| i32::from(r.capture_points()));
        -(victim * 100 + promotion * 10)
    });
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod objective_tests {
    use super::Objective;

    #[test]
    fn objectives_read_as_written_and_a_negative_margin_is_refused() {
        assert_eq!(Objective::parse("win"), Some(Objective::Win));
        assert_eq!(Objective::parse("win-by 3"), Some(Objective::WinBy(3)));
        assert_eq!(Objective::parse("win-by-3"), Some(Objective::WinBy(3)));
        assert_eq!(Objective::parse("winby 3"), Some(Objective::WinBy(3)));
        assert_eq!(Objective::parse("save"), Some(Objective::Save));
        assert_eq!(Objective::parse("win-by -5"), None);
        assert_eq!(Objective::parse("win-by--5"), None);
        assert_eq!(Objective::parse("win-by 0"), None);
    }
}

#[cfg(test)]
mod stop_tests {
    use super::*;
    use crate::variant::Variant;

    fn position(text: &str) -> AnyPosition {
        AnyPosition::from_text(Variant::Norochess, text).expect("test position")
    }

    #[test]
    fn play_stops_at_the_ply_and_counts_the_points() {
        // White's knight takes the undefended queen; Black has nothing back.
        let p = position("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 30 score=4-1");
        let ply = game_ply(&p);
        assert_eq!(ply, 58);
        let mut solver = Solver::new(1);
        let limits = SolveLimits::with_nodes(100_000).stopping_at(Some(ply + 2));
        assert_eq!(solver.value(&p, &[], limits), Some(GameValue::Points(12)));
        let goal = Objective::Gain {
            points: 9,
            moves: 1,
        }
        .anchored(&p);
        assert_eq!(goal.objective, Objective::Lead(12));
        assert_eq!(goal.stop_at_ply, Some(60));
        let classified = solver.classify_moves(&p, &[], goal.objective, goal.limits(limits));
        let winners: Vec<String> = classified
            .iter()
            .filter(|(_, v)| *v == Some(true))
            .map(|(m, _)| p.to_san(*m))
            .collect();
        assert_eq!(winners, vec!["Nxd5".to_string()]);
        assert!(classified.iter().all(|(_, v)| v.is_some()));
    }
}

#[cfg(test)]
mod bound_tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::variant::Variant;

    /// Positions of random games from the start (captures preferred half
    /// the time, so material thins out), with the hashes before each.
    fn random_positions(seed: u64, count: usize) -> Vec<(AnyPosition, Vec<u64>)> {
        let mut rng = SplitMix64::new(seed);
        let mut found = Vec::new();
        while found.len() < count {
            let Ok(mut position) = AnyPosition::start(Variant::Norochess, None) else {
                return found;
            };
            let mut history = Vec::new();
            let plies = 16 + rng.below(50);
            for _ in 0..plies {
                let moves = position.legal_moves();
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| position.is_capture(m))
                    .collect();
                let pool = if !captures.is_empty() && rng.below(2) == 0 {
                    captures
                } else {
                    moves
                };
                if pool.is_empty() {
                    break;
                }
                let m = pool[rng.below(pool.len() as u64) as usize];
                let Ok(next) = position.play(m) else { break };
                history.push(position.hash());
                position = next;
                if position.legal_moves().is_empty() {
                    break;
                }
            }
            if !position.legal_moves().is_empty() {
                found.push((position, history));
            }
        }
        found
    }

    /// Values with and without the bounds on random positions, for every
    /// stop in `plies`, and the "gain 3 in 2" classification of every move:
    /// the answers both proved must be equal, at least `min_compared` values
    /// must be proved by both, and the bounds must save nodes.
    fn assert_bounds_agree(
        positions: usize,
        plies: std::ops::RangeInclusive<u32>,
        nodes: u64,
        min_compared: usize,
    ) {
        let mut bounded = Solver::new(8);
        let mut plain = Solver::new(8);
        plain.points_bounds = false;
        let (mut compared, mut bounded_nodes, mut plain_nodes) = (0, 0, 0);
        for (position, history) in random_positions(2026, positions) {
            let ply = game_ply(&position);
            for stop in plies.clone() {
                let limits = SolveLimits::with_nodes(nodes).stopping_at(Some(ply + stop));
                bounded.clear();
                plain.clear();
                let fast = bounded.value(&position, &history, limits);
                bounded_nodes += bounded.nodes();
                let slow = plain.value(&position, &history, limits);
                plain_nodes += plain.nodes();
                if let (Some(fast), Some(slow)) = (fast, slow) {
                    assert_eq!(
                        fast,
                        slow,
                        "{} stopping after {stop} plies",
                        position.to_text()
                    );
                    compared += 1;
                }
                assert!(slow.is_none() || fast.is_some(), "the bounds lost a proof");
            }
            let goal = Objective::Gain {
                points: 3,
                moves: 2,
            }
            .anchored(&position);
            let limits = goal.limits(SolveLimits::with_nodes(nodes));
            let fast = bounded.classify_moves(&position, &history, goal.objective, limits);
            let slow = plain.classify_moves(&position, &history, goal.objective, limits);
            for ((m, a), (_, b)) in fast.iter().zip(&slow) {
                if let (Some(a), Some(b)) = (a, b) {
                    assert_eq!(a, b, "{} {}", position.to_text(), m.uci(8));
                }
            }
        }
        assert!(
            compared >= min_compared,
            "only {compared} values proven by both"
        );
        assert!(
            bounded_nodes < plain_nodes,
            "{bounded_nodes} nodes with bounds, {plain_nodes} without"
        );
    }

    #[test]
    fn the_points_bounds_never_change_an_answer() {
        assert_bounds_agree(40, 1..=3, 400_000, 100);
    }

    /// The same four to six plies from the stop, where the bounds are
    /// looser and lean on the repetition and mobility counts (release
    /// build: about 10 s).
    #[test]
    #[ignore = "long: run with --release -- --ignored"]
    fn the_points_bounds_never_change_an_answer_further_from_the_stop() {
        assert_bounds_agree(30, 4..=6, 1_000_000, 30);
    }
}
