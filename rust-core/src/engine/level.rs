//! Playing levels for people, from beginner (1) to full strength (8). Low
//! levels look only a few plies ahead and choose among moves with noise and
//! the occasional random move, so beginners can win; high levels search
//! deeper under node or time limits.

use super::histories::MoveHistories;
use super::search::{Searcher, Stopper};
use super::{Engine, Evaluator, SearchRequest, SearchResult};
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::Position;
use std::time::{Duration, Instant};

/// A playing level from 1 (beginner) to 8 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Style {
    /// Search depth for choosing among root moves with noise (levels 1–5).
    noisy_depth: Option<u32>,
    /// Noise added to each root move's value, in centipoints (± this much).
    noise: i32,
    /// Chance in percent of playing a random legal move.
    random_percent: u64,
    /// Node limit of a normal search (levels 6–7).
    nodes: Option<u64>,
    /// Time per move of a normal search when the caller gives none (level 8).
    move_time: Option<Duration>,
}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(8);

    /// The level `n` (clamped to 1–8).
    pub fn new(n: u8) -> Level {
        Level(n.clamp(1, 8))
    }

    /// The level's number.
    pub fn number(self) -> u8 {
        self.0
    }

    fn style(self) -> Style {
        let noisy = |depth, noise, random_percent| Style {
            noisy_depth: Some(depth),
            noise,
            random_percent,
            nodes: None,
            move_time: None,
        };
        match self.0 {
            1 => noisy(1, 400, 30),
            2 => noisy(1, 200, 12),
            3 => noisy(2, 120, 6),
            4 => noisy(3, 60, 2),
            5 => noisy(4, 25, 0),
            6 => Style {
                noisy_depth: None,
                noise: 0,
                random_percent: 0,
                nodes: Some(60_000),
                move_time: None,
            },
            7 => Style {
                noisy_depth: None,
                noise: 0,
                random_percent: 0,
                nodes: Some(250_000),
                move_time: None,
            },
            _ => Style {
                noisy_depth: None,
                noise: 0,
                random_percent: 0,
                nodes: None,
                move_time: Some(Duration::from_millis(700)),
            },
        }
    }
}

/// A small deterministic generator (xorshift*), so a seed replays a game.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x2545_f491_4f6c_dd1d | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

pub(super) fn choose<G: Geometry>(
    engine: &mut Engine,
    pos: &Position<G>,
    request: &SearchRequest,
    level: Level,
    seed: u64,
) -> SearchResult {
    let style = level.style();
    let Some(depth) = style.noisy_depth else {
        let mut limits = request.limits;
        if limits.nodes.is_none() {
            limits.nodes = style.nodes;
        }
        if limits.move_time.is_none()
            && limits.clock.is_none()
            && limits.nodes.is_none()
            && limits.depth.is_none()
        {
            limits.move_time = style.move_time;
        }
        // Levels are measured on one thread (and levels 6 and 7 replay).
        limits.threads = 1;
        let leveled = SearchRequest {
            limits,
            ..request.clone()
        };
        return engine.search_board(pos, &leveled, &mut |_| {});
    };
    let started = Instant::now();
    let mut rng = Rng::new(seed);
    let moves = pos.legal_moves();
    let mut result = SearchResult {
        best_move: None,
        lines: Vec::new(),
        depth,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    if moves.is_empty() {
        return result;
    }
    if rng.below(100) < style.random_percent {
        result.best_move = moves.get(rng.below(moves.len() as u64) as usize).copied();
        result.elapsed = started.elapsed();
        return result;
    }
    let evaluator = Evaluator::<G>::new(pos.rules().variant);
    let stopper = Stopper {
        flag: &request.stop.0,
        hard_deadline: None,
        node_limit: request.limits.nodes,
        shared: None,
    };
    // A fresh ordering memory: a level's choice depends on the position,
    // not on what the engine searched before.
    let mut searcher = Searcher::new(
        &engine.tt,
        &evaluator,
        stopper,
        &request.history,
        pos,
        MoveHistories::default(),
    );
    let values = searcher.root_move_values(pos, depth as i32);
    let mut best: Option<(i32, Move, i32)> = None;
    for (m, value) in values {
        let noisy = if value.abs() >= super::terminal::DECIDED {
            value
        } else {
            value + (rng.below(2 * style.noise as u64 + 1) as i32 - style.noise)
        };
        if best.is_none_or(|(b, _, _)| noisy > b) {
            best = Some((noisy, m, value));
        }
    }
    if let Some((_, m, value)) = best {
        result.best_move = Some(m);
        result.lines = vec![super::Line {
            score: searcher.score_of(value),
            pv: vec![m],
        }];
    } else {
        result.best_move = moves.first().copied();
    }
    result.nodes = searcher.nodes;
    result.elapsed = started.elapsed();
    result
}
