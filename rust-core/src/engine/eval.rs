//! Static evaluation, in centipoints from the side to move's point of view.
//!
//! Royal games count material, piece placement, mobility and pawn structure
//! in centipawns. The Norochess family estimates the final margin: the
//! score difference already banked, plus the material on the board weighted
//! by how much game is left to turn it into captures.

use super::eval_params::EvalParams;
use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};
use crate::variant::Variant;
use std::cell::Cell;
use std::marker::PhantomData;

/// A piece's material value: its capture points in centipoints in the
/// Norochess family, its centipawn value in royal games (the royal
/// weights' material, the king 0).
pub(crate) fn material_value(capture_points: bool, role: Role) -> i32 {
    if capture_points {
        i32::from(role.capture_points()) * 100
    } else {
        role_value(&EvalParams::ROYAL, role)
    }
}

/// Evaluations are kept inside this bound so decided results stay above them.
pub(crate) const EVAL_LIMIT: i32 = 50_000;

/// Placement tables built once per search for the board's shape, and the
/// weights they and the other terms were built from.
pub(crate) struct Evaluator<G: Geometry> {
    /// The weights.
    params: EvalParams,
    /// Material by [`Role::index`], from the weights.
    values: [i32; 6],
    /// `placement[color][role][square]` in centipoints.
    placement: [[[i16; 100]; 6]; 2],
    /// `front_span[color][square]`: squares ahead on the pawn's file.
    front_span: [Vec<G::Bb>; 2],
    /// `side_span[color][square]`: squares ahead on the neighbouring files.
    side_span: [Vec<G::Bb>; 2],
    _board: PhantomData<G>,
}

/// A direct-mapped table of pawn-structure terms already computed, by
/// pawn placement: the pawns change in few moves, and the terms took a
/// fourteenth of the search's time computed afresh at every evaluation.
/// Each entry keeps its whole key (both sides' pawns and what else the
/// terms depend on), so a hit is always the value computing would give.
/// One per searching thread.
pub(crate) struct PawnCache<B> {
    entries: Box<[Cell<PawnEntry<B>>]>,
}

/// One remembered pawn-structure evaluation.
#[derive(Clone, Copy, Default)]
struct PawnEntry<B> {
    white: B,
    black: B,
    /// [`PAWN_ENTRY_FILLED`] and the flags of [`pawn_flags`].
    flags: u8,
    /// The terms of White and Black.
    terms: [i32; 2],
}

/// Entries in a [`PawnCache`] (a power of two).
const PAWN_CACHE_ENTRIES: usize = 16384;
/// Marks an entry that holds a computed value.
const PAWN_ENTRY_FILLED: u8 = 0x80;

/// What the pawn-structure terms depend on besides the pawns: whether
/// each side could promote now, and whether pawns swap (Frontal chess).
fn pawn_flags<G: Geometry>(pos: &Position<G>) -> u8 {
    u8::from(pos.can_promote(Color::White))
        | u8::from(pos.can_promote(Color::Black)) << 1
        | u8::from(pos.rules().swap) << 2
        | PAWN_ENTRY_FILLED
}

impl<B: Bitboard> PawnCache<B> {
    /// An empty cache.
    pub(crate) fn new() -> Self {
        PawnCache {
            entries: (0..PAWN_CACHE_ENTRIES)
                .map(|_| Cell::new(PawnEntry::default()))
                .collect(),
        }
    }

    fn slot(&self, white: B, black: B) -> Option<&Cell<PawnEntry<B>>> {
        let mixed = white.fold64().wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ black.fold64().wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        let index = (mixed >> 32) as usize & (PAWN_CACHE_ENTRIES - 1);
        self.entries.get(index)
    }
}

impl<G: Geometry> Evaluator<G> {
    /// The evaluator with the weights the game plays with
    /// ([`EvalParams::for_variant`]).
    pub(crate) fn new(variant: Variant) -> Self {
        Self::with_params(EvalParams::for_variant(variant))
    }

    /// The evaluator with the given weights.
    pub(crate) fn with_params(params: &EvalParams) -> Self {
        let p = params;
        let mut placement = [[[0i16; 100]; 6]; 2];
        let (w, h) = (i32::from(G::WIDTH), i32::from(G::HEIGHT));
        for sq in 0..(w * h) {
            let (file, rank) = (sq % w, sq / w);
            // Twice the distance from the centre, so even boards stay integral.
            let from_centre = (2 * file - (w - 1)).abs() + (2 * rank - (h - 1)).abs();
            let centrality = (w + h - 2) - from_centre;
            for color in Color::ALL {
                let relative = if color == Color::White {
                    rank
                } else {
                    h - 1 - rank
                };
                let table = &mut placement[color.index()];
                let s = sq as usize;
                table[Role::Knight.index()][s] =
                    (centrality * p.knight_centre + p.knight_offset) as i16;
                table[Role::Bishop.index()][s] =
                    (centrality * p.bishop_centre + p.bishop_offset) as i16;
                table[Role::Rook.index()][s] = if relative == h - 2 {
                    p.rook_seventh as i16
                } else {
                    0
                };
                table[Role::Queen.index()][s] =
                    (centrality * p.queen_centre + p.queen_offset) as i16;
                let advance = relative - 1;
                let central_file = if (file - (w - 1) / 2).abs() <= 1 {
                    p.pawn_central
                } else {
                    0
                };
                table[Role::Pawn.index()][s] = (advance * advance * p.pawn_advance_sq
                    + central_file * advance.min(p.pawn_central_cap))
                    as i16;
                // A royal king wants shelter at home early on (home bonus,
                // penalty per rank away); a non-royal one the centre.
                let shelter = if relative == 0 {
                    p.king_home
                } else {
                    -p.king_advance * relative.min(3)
                };
                table[Role::King.index()][s] =
                    (centrality * p.king_centre + p.king_offset + shelter) as i16;
            }
        }
        let span = |files: fn(u8) -> G::Bb| {
            [Color::White, Color::Black].map(|color| {
                (0..G::square_count())
                    .map(|sq| ahead::<G>(Square(sq), color) & files(Square(sq).file(G::WIDTH)))
                    .collect()
            })
        };
        Evaluator {
            params: *params,
            values: Role::ALL.map(|role| role_value(params, role)),
            placement,
            front_span: span(G::file),
            side_span: span(neighbour_files::<G>),
            _board: PhantomData,
        }
    }

    /// The evaluation of `pos` for its side to move.
    pub(crate) fn evaluate(&self, pos: &Position<G>) -> i32 {
        self.evaluate_using(pos, None)
    }

    /// The evaluation of `pos` for its side to move, its pawn-structure
    /// terms taken from (and kept in) `cache`: the same value, faster.
    pub(crate) fn evaluate_cached(&self, pos: &Position<G>, cache: &PawnCache<G::Bb>) -> i32 {
        self.evaluate_using(pos, Some(cache))
    }

    fn evaluate_using(&self, pos: &Position<G>, cache: Option<&PawnCache<G::Bb>>) -> i32 {
        let rules = pos.rules();
        let mut white = self.side_terms(pos, Color::White);
        let mut black = self.side_terms(pos, Color::Black);
        let [white_pawns, black_pawns] = match cache {
            Some(cache) => self.pawn_terms(pos, cache),
            None => [
                self.pawn_structure(pos, Color::White),
                self.pawn_structure(pos, Color::Black),
            ],
        };
        white.positional += white_pawns;
        black.positional += black_pawns;
        let white_threats = self.threats(pos, Color::White, &white, &black);
        let black_threats = self.threats(pos, Color::Black, &black, &white);
        white.positional += white_threats;
        black.positional += black_threats;
        let value = if rules.capture_points {
            let banked =
                100 * (i32::from(pos.score(Color::White)) - i32::from(pos.score(Color::Black)));
            let p = &self.params;
            // Both terms depend on the distance to the decision: found once.
            let left = plies_to_decision(pos);
            let weight = self.material_weight(left);
            banked - self.black_edge(left)
                + ((white.material - black.material) * weight) / 100
                + (white.positional - black.positional) * weight / p.positional_divisor.max(1)
        } else {
            white.material - black.material + white.positional - black.positional
        };
        let tempo = self.params.tempo;
        let relative = if pos.turn() == Color::White {
            value
        } else {
            -value
        };
        (relative + tempo).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// How much taking a `victim` in `pos` raises the mover's evaluation,
    /// leaving aside what the move changes in placement and threats: the
    /// points banked plus the victim's material at the weight the board's
    /// material has here (capture-points games), or its material (royal
    /// games). Quiescence skips a capture that cannot lift the evaluation
    /// to alpha even with this and a margin.
    pub(crate) fn capture_gain(&self, pos: &Position<G>, victim: Role) -> i32 {
        if pos.rules().capture_points {
            100 * i32::from(victim.capture_points())
                + self.value(victim) * self.material_weight(plies_to_decision(pos)) / 100
        } else {
            self.value(victim)
        }
    }

    /// How much the board's material counts toward the final margin in a
    /// capture-points game (percent): a lot with many moves left, little
    /// near the end.
    /// `left`: plies to the decision ([`plies_to_decision`]).
    fn material_weight(&self, left: u32) -> i32 {
        let p = &self.params;
        let horizon = p.material_weight_horizon.max(1);
        let left = left.min(horizon as u32) as i32;
        p.material_weight_base + p.material_weight_span * left / horizon
    }

    /// Black's edge from moving last before each decision of the move
    /// limit, in centipoints: `black_edge_far` a whole game or more before
    /// the decision, `black_edge` at it, in a straight line between.
    /// Self-play shows the edge (White scores about a third); without a
    /// term for it the fit read the colour's share of every result as noise
    /// in the other weights.
    /// `left`: plies to the decision ([`plies_to_decision`]).
    fn black_edge(&self, left: u32) -> i32 {
        let p = &self.params;
        let left = left.min(BLACK_EDGE_SPAN) as i32;
        let span = BLACK_EDGE_SPAN as i32;
        p.black_edge + (p.black_edge_far - p.black_edge) * left / span
    }

    /// The material value of `role` under these weights.
    fn value(&self, role: Role) -> i32 {
        self.values[role.index()]
    }

    /// `color`'s material, placement, mobility and rook files, and the
    /// squares its pieces attack. One loop a role, so no piece pays for a
    /// test of its role; the pawns' attacks are found as one set.
    fn side_terms(&self, pos: &Position<G>, color: Color) -> SideTerms<G::Bb> {
        let p = &self.params;
        let own = pos.pieces_of(color);
        let free = !own;
        let occupied = pos.occupied();
        let table = &self.placement[color.index()];
        let set = |role| pos.piece_set(Piece { color, role });
        let placement = |role: Role, sq: Square| i32::from(table[role.index()][sq.index()]);
        let mut material = 0;
        for role in Role::ALL {
            material += self.value(role) * set(role).count() as i32;
        }
        let mut positional = 0;

        let pawns = pos.role_set(Role::Pawn);
        let own_pawns = pawns & own;
        for sq in own_pawns.squares() {
            positional += placement(Role::Pawn, sq);
        }
        let advanced = G::forward(color, own_pawns);
        let pawn_attacks = G::west(advanced) | G::east(advanced);

        let mut minor_attacks = G::Bb::EMPTY;
        for sq in set(Role::Knight).squares() {
            let reach = G::knight_attacks(sq);
            minor_attacks |= reach;
            positional +=
                placement(Role::Knight, sq) + p.mobility_knight * (reach & free).count() as i32;
        }
        let bishops = set(Role::Bishop);
        for sq in bishops.squares() {
            let reach = G::bishop_attacks(sq, occupied);
            minor_attacks |= reach;
            positional +=
                placement(Role::Bishop, sq) + p.mobility_bishop * (reach & free).count() as i32;
        }

        let mut rook_attacks = G::Bb::EMPTY;
        for sq in set(Role::Rook).squares() {
            let reach = G::rook_attacks(sq, occupied);
            rook_attacks |= reach;
            positional +=
                placement(Role::Rook, sq) + p.mobility_rook * (reach & free).count() as i32;
            let file = G::file(sq.file(G::WIDTH));
            if (pawns & file).is_empty() {
                positional += p.rook_open_file;
            } else if (own_pawns & file).is_empty() {
                positional += p.rook_semi_open_file;
            }
        }

        let mut attacks = pawn_attacks | minor_attacks | rook_attacks;
        for sq in set(Role::Queen).squares() {
            let reach = G::queen_attacks(sq, occupied);
            attacks |= reach;
            positional +=
                placement(Role::Queen, sq) + p.mobility_queen * (reach & free).count() as i32;
        }
        for sq in set(Role::King).squares() {
            attacks |= G::king_attacks(sq);
            positional += placement(Role::King, sq);
        }

        if bishops.count() >= 2 {
            positional += p.bishop_pair;
        }
        SideTerms {
            material,
            positional,
            attacks,
            pawn_attacks,
            minor_attacks,
            rook_attacks,
        }
    }

    /// What `color`'s attacks threaten: enemy pieces attacked by pawns,
    /// rooks and queens attacked by knights and bishops, and pieces
    /// attacked but not defended. Quiescence resolves the mover's
    /// captures; this is what a quiet position still holds.
    fn threats(
        &self,
        pos: &Position<G>,
        color: Color,
        ours: &SideTerms<G::Bb>,
        theirs: &SideTerms<G::Bb>,
    ) -> i32 {
        let rules = pos.rules();
        let p = &self.params;
        let value = |role: Role| self.value(role);
        let mut enemy = pos.pieces_of(!color);
        if rules.royal_king {
            enemy &= !pos.role_set(Role::King);
        }
        let pawns = pos.role_set(Role::Pawn);
        let heavy = pos.role_set(Role::Rook) | pos.role_set(Role::Queen);
        let mut total = 0;
        for sq in (enemy & !pawns & ours.pawn_attacks).squares() {
            total +=
                p.threat_pawn + pos.role_at(sq).map_or(0, value) * p.threat_pawn_permille / 1000;
        }
        total += p.threat_minor_on_heavy * (enemy & heavy & ours.minor_attacks).count() as i32;
        total += p.threat_rook_on_queen
            * (enemy & pos.role_set(Role::Queen) & ours.rook_attacks).count() as i32;
        for sq in (enemy & ours.attacks & !theirs.attacks).squares() {
            total += p.threat_hanging
                + pos.role_at(sq).map_or(0, value) * p.threat_hanging_permille / 1000;
        }
        total
    }

    /// The pawn-structure terms of White and Black, from the cache when
    /// this placement was met before.
    fn pawn_terms(&self, pos: &Position<G>, cache: &PawnCache<G::Bb>) -> [i32; 2] {
        let white = pos.piece_set(Piece {
            color: Color::White,
            role: Role::Pawn,
        });
        let black = pos.piece_set(Piece {
            color: Color::Black,
            role: Role::Pawn,
        });
        let flags = pawn_flags(pos);
        let slot = cache.slot(white, black);
        if let Some(entry) = slot.map(Cell::get) {
            if entry.flags == flags && entry.white == white && entry.black == black {
                return entry.terms;
            }
        }
        let terms = [
            self.pawn_structure(pos, Color::White),
            self.pawn_structure(pos, Color::Black),
        ];
        if let Some(slot) = slot {
            slot.set(PawnEntry {
                white,
                black,
                flags,
                terms,
            });
        }
        terms
    }

    fn pawn_structure(&self, pos: &Position<G>, color: Color) -> i32 {
        let pawns = pos.piece_set(Piece {
            color,
            role: Role::Pawn,
        });
        if pawns.is_empty() {
            return 0;
        }
        let enemy_pawns = pos.piece_set(Piece {
            color: !color,
            role: Role::Pawn,
        });
        let mut value = 0;
        for file in 0..G::WIDTH {
            let on_file = (pawns & G::file(file)).count() as i32;
            if on_file == 0 {
                continue;
            }
            if on_file > 1 {
                value -= self.params.doubled_pawn * (on_file - 1);
            }
            if (pawns & neighbour_files::<G>(file)).is_empty() {
                value -= self.params.isolated_pawn * on_file;
            }
        }
        let beside = G::west(pawns) | G::east(pawns);
        let defended = G::forward(color, beside);
        value += self.params.pawn_supported * (pawns & defended).count() as i32;
        value += self.params.pawn_phalanx * (pawns & beside).count() as i32;
        let rules = pos.rules();
        // Which enemy pawns can stop a pawn: in Frontal chess a pawn straight
        // ahead is swapped past, so only those beside that can take it. (In
        // Ram chess only a pawn straight ahead can, but counting just that
        // one scored 47.8% in 600 A/B games, so Ram keeps the usual span.)
        let (front, side) = if rules.swap {
            (false, true)
        } else {
            (true, true)
        };
        // A resurrection game with nothing to resurrect closes the last rank.
        let promotes = pos.can_promote(color);
        for sq in pawns.squares() {
            let span_of = |spans: &[Vec<G::Bb>; 2]| {
                spans[color.index()]
                    .get(sq.index())
                    .copied()
                    .unwrap_or(G::Bb::EMPTY)
            };
            let mut stoppers = G::Bb::EMPTY;
            if front {
                stoppers |= span_of(&self.front_span);
            }
            if side {
                stoppers |= span_of(&self.side_span);
            }
            if (enemy_pawns & stoppers).is_empty() {
                let relative = i32::from(G::relative_rank(color, sq.rank(G::WIDTH)));
                let bonus = relative * relative * self.params.passed_rank_sq;
                value += if promotes {
                    bonus
                } else {
                    bonus * self.params.passed_blocked_pct / 100
                };
            }
        }
        value
    }
}

/// The material value of `role` in `params`.
fn role_value(params: &EvalParams, role: Role) -> i32 {
    match role {
        Role::Pawn => params.value_pawn,
        Role::Knight => params.value_knight,
        Role::Bishop => params.value_bishop,
        Role::Rook => params.value_rook,
        Role::Queen => params.value_queen,
        Role::King => params.value_king,
    }
}

struct SideTerms<B> {
    material: i32,
    positional: i32,
    /// Squares the side's pieces attack.
    attacks: B,
    /// Squares its pawns attack.
    pawn_attacks: B,
    /// Squares its knights and bishops attack.
    minor_attacks: B,
    /// Squares its rooks attack.
    rook_attacks: B,
}

/// Plies over which Black's edge changes: a regular Norochess game.
const BLACK_EDGE_SPAN: u32 = 96;

/// Plies until the next point where the Norochess move limit can end the
/// game (after Black's 48th move, then after each overtime Black move).
pub(crate) fn plies_to_decision<G: Geometry>(pos: &Position<G>) -> u32 {
    let Some(limit) = pos.rules().move_limit else {
        return u32::MAX;
    };
    let number = pos.fullmove_number();
    let target = number.max(limit.regular_moves).min(limit.last_move);
    let own_ply = if pos.turn() == Color::White { 2 } else { 1 };
    2 * target.saturating_sub(number) + own_ply
}

/// The squares on ranks ahead of `sq` for `color`.
fn ahead<G: Geometry>(sq: Square, color: Color) -> G::Bb {
    let rank = sq.rank(G::WIDTH);
    let mut front = G::Bb::EMPTY;
    for r in 0..G::HEIGHT {
        let is_ahead = match color {
            Color::White => r > rank,
            Color::Black => r < rank,
        };
        if is_ahead {
            front |= G::rank(r);
        }
    }
    front
}

/// The files beside `file`.
fn neighbour_files<G: Geometry>(file: u8) -> G::Bb {
    G::west(G::file(file)) | G::east(G::file(file))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Board10, Board8};
    use crate::moves::{Move, MoveKind, MoveList};
    use crate::variant::{BoardSize, Variant};
    use crate::SplitMix64;

    /// Calls `visit` at every position of `games` random games of
    /// `variant` (160 plies at most each), drawn from `seed`.
    fn along_random_games<G: Geometry>(
        variant: Variant,
        seed: u64,
        games: usize,
        mut visit: impl FnMut(&Position<G>),
    ) {
        let mut rng = SplitMix64::new(seed);
        let text = variant.start_text(None).unwrap_or_default();
        let Ok(start) = Position::<G>::from_text(&text, variant.rules()) else {
            panic!("{variant}: start position");
        };
        for _ in 0..games {
            let mut pos = start;
            for _ in 0..160 {
                visit(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            }
        }
    }

    /// Along random games, the evaluation with the pawn cache equals the
    /// one without, and the cache is hit.
    fn cached_equals_uncached<G: Geometry>(variant: Variant, seed: u64) -> usize {
        let eval = Evaluator::<G>::new(variant);
        let cache = PawnCache::new();
        let mut hits = 0;
        along_random_games::<G>(variant, seed, 20, |pos| {
            let pawns = |color| {
                pos.piece_set(Piece {
                    color,
                    role: Role::Pawn,
                })
            };
            let (white, black) = (pawns(Color::White), pawns(Color::Black));
            let stored = cache.slot(white, black).map(Cell::get);
            if stored
                .is_some_and(|e| e.white == white && e.black == black && e.flags == pawn_flags(pos))
            {
                hits += 1;
            }
            assert_eq!(
                eval.evaluate_cached(pos, &cache),
                eval.evaluate(pos),
                "{variant}: {}",
                pos.to_text()
            );
        });
        hits
    }

    /// Along random games, the pawns' attacks that `side_terms` finds as
    /// one set are the union of each pawn's own, on the board's edges too.
    fn pawn_attack_sets_match<G: Geometry>(variant: Variant, seed: u64) {
        let eval = Evaluator::<G>::new(variant);
        along_random_games::<G>(variant, seed, 10, |pos| {
            for color in Color::ALL {
                let pawns = pos.piece_set(Piece {
                    color,
                    role: Role::Pawn,
                });
                let each = pawns
                    .squares()
                    .fold(G::Bb::EMPTY, |set, sq| set | G::pawn_attacks(color, sq));
                let terms = eval.side_terms(pos, color);
                assert!(
                    terms.pawn_attacks == each,
                    "{variant} {color:?}: {}",
                    pos.to_text()
                );
                assert!(
                    (terms.attacks & each) == each,
                    "{variant}: {}",
                    pos.to_text()
                );
            }
        });
    }

    #[test]
    fn pawn_attacks_found_as_a_set_are_each_pawns_attacks() {
        for (i, variant) in Variant::all().into_iter().enumerate() {
            let seed = 0x9a_77ac + i as u64;
            match variant.board_size() {
                BoardSize::Eight => pawn_attack_sets_match::<Board8>(variant, seed),
                BoardSize::Ten => pawn_attack_sets_match::<Board10>(variant, seed),
            }
        }
    }

    #[test]
    fn the_pawn_cache_never_changes_an_evaluation() {
        for (i, variant) in Variant::all().into_iter().enumerate() {
            let seed = 0xca_c4e0 + i as u64;
            let hits = match variant.board_size() {
                BoardSize::Eight => cached_equals_uncached::<Board8>(variant, seed),
                BoardSize::Ten => cached_equals_uncached::<Board10>(variant, seed),
            };
            assert!(hits > 0, "{variant}: the cache was never hit");
        }
    }

    #[test]
    fn a_captures_gain_is_what_the_evaluation_gains_within_the_delta_margin() {
        // White's knight on e3 takes the undefended queen on d5, at move 20
        // (material at its middlegame weight) and at move 47 (near the end,
        // where the board's material counts little and the points a lot).
        for (fullmove, kind) in [(20, "middlegame"), (47, "near the end")] {
            let text = format!("r3k3/pp6/8/3q4/8/4N3/PP6/R3K3 w - - 0 {fullmove} score=4-1");
            let rules = Variant::Norochess.rules();
            let pos = Position::<Board8>::from_text(&text, rules).expect("valid position");
            let eval = Evaluator::<Board8>::new(Variant::Norochess);
            let mut moves = MoveList::new();
            pos.generate_legal(&mut moves);
            let take = Move {
                from: Square(20),
                to: Square(35),
                kind: MoveKind::Normal,
            };
            assert!(moves.contains(&take), "{kind}: Nxd5 is legal");
            let mut after = pos;
            after.play_unchecked(take);
            let gained = -eval.evaluate(&after) - eval.evaluate(&pos);
            let predicted = eval.capture_gain(&pos, Role::Queen);
            assert!(
                (gained - predicted).abs() < 200,
                "{kind}: gained {gained}, predicted {predicted}"
            );
            assert!(predicted >= 900, "{kind}: the queen's 9 points at least");
        }
    }

    #[test]
    fn each_file_pair_structure_and_rook_term_counts_what_it_names() {
        // White: a rook on the open a-file (attacking the queen on a8), one
        // on the h-file with only Black's h7 pawn, both bishops, pawns d4
        // and e4 side by side, d4 defended by e3. Black has none of these.
        let text = "q3k3/7p/8/8/3PP3/4P3/8/R1B1KB1R w - - 0 1";
        let expected = [
            ("rook_open_file", 1),
            ("rook_semi_open_file", 1),
            ("bishop_pair", 1),
            ("pawn_supported", 1),
            ("pawn_phalanx", 2),
            ("threat_rook_on_queen", 1),
        ];
        for (name, count) in expected {
            assert_eq!(change_with_weight(text, name), 40 * count, "{name}");
        }
    }

    #[test]
    fn blacks_edge_runs_in_a_straight_line_from_a_game_out_to_the_decision() {
        // One board at three distances from the decision after Black's
        // 48th move: 96 plies (the start's), 48 and 1.
        let board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R";
        let cases = [
            (format!("{board} w - - 0 1 score=0-0"), 100),
            (format!("{board} w - - 0 25 score=0-0"), 150),
            // 200 + (100 - 200) * 1 / 96, rounded toward zero.
            (format!("{board} b - - 0 48 score=0-0"), 199),
        ];
        for (text, edge) in cases {
            let pos =
                Position::<Board8>::from_text(&text, Variant::Norochess.rules()).expect("valid");
            let white_view = |params: &EvalParams| {
                let value = Evaluator::<Board8>::with_params(params).evaluate(&pos);
                if pos.turn() == Color::White {
                    value
                } else {
                    -value
                }
            };
            let without = EvalParams {
                black_edge: 0,
                black_edge_far: 0,
                ..EvalParams::NOROCHESS
            };
            let with = EvalParams {
                black_edge: 200,
                black_edge_far: 100,
                ..without
            };
            assert_eq!(white_view(&without) - white_view(&with), edge, "{text}");
        }
        // Games without a move limit have no decision to move last before.
        let chess =
            Position::<Board8>::from_text(&format!("{board} w - - 0 1"), Variant::Chess.rules())
                .expect("valid");
        let edged = EvalParams {
            black_edge: 200,
            black_edge_far: 100,
            ..EvalParams::ROYAL
        };
        assert_eq!(
            Evaluator::<Board8>::with_params(&edged).evaluate(&chess),
            Evaluator::<Board8>::with_params(&EvalParams::ROYAL).evaluate(&chess)
        );
    }

    /// How much White's evaluation of `text` (a chess position) changes
    /// when the weight `name` goes from 0 to 40, the rest ROYAL.
    fn change_with_weight(text: &str, name: &str) -> i32 {
        let pos = Position::<Board8>::from_text(text, Variant::Chess.rules()).expect("valid");
        let index = EvalParams::index_of(name).expect("a parameter");
        let mut weighted = EvalParams::ROYAL;
        assert!(weighted.set(index, 0));
        let without = Evaluator::<Board8>::with_params(&weighted).evaluate(&pos);
        assert!(weighted.set(index, 40));
        let with = Evaluator::<Board8>::with_params(&weighted).evaluate(&pos);
        with - without
    }

    /// White's evaluation of a 10×10 position with a White pawn on e6 and a
    /// Black pawn on `black_pawn_rank8` (a rank-8 FEN row).
    fn white_pawn_value(variant: Variant, black_pawn_rank8: &str) -> i32 {
        let text = format!("5k4/10/{black_pawn_rank8}/10/4P5/10/10/10/10/5K4 w - - 0 1");
        let pos = Position::<Board10>::from_text(&text, variant.rules()).expect("valid position");
        Evaluator::<Board10>::with_params(&EvalParams::ROYAL).evaluate(&pos)
    }

    #[test]
    fn frontal_pawns_swap_past_a_pawn_straight_ahead() {
        // In Frontal chess e6 swaps past e8 but d8 can take it.
        let in_front = white_pawn_value(Variant::Frontal, "4p5");
        let beside = white_pawn_value(Variant::Frontal, "3p6");
        assert!(in_front > beside + 50, "{in_front} vs {beside}");
    }

    #[test]
    fn a_closed_last_rank_devalues_passed_pawns() {
        // With every piece type still on the board a Ram pawn cannot
        // promote, so its passed-pawn bonus mostly goes.
        let full = "1rnbqkbnr1/10/10/10/4P5/10/10/10/10/1RNBQKBNR1 w - - 0 1";
        let missing_rook = "1rnbqkbnr1/10/10/10/4P5/10/10/10/10/2NBQKBNR1 w - - 0 1";
        let rules = Variant::Ram.rules();
        let eval = Evaluator::<Board10>::with_params(&EvalParams::ROYAL);
        let pawn = |text: &str| {
            let pos = Position::<Board10>::from_text(text, rules).expect("valid position");
            let terms = eval.pawn_structure(&pos, Color::White);
            (pos.can_promote(Color::White), terms)
        };
        let (closed, closed_value) = pawn(full);
        let (open, open_value) = pawn(missing_rook);
        assert!(!closed && open);
        assert!(
            open_value > closed_value + 30,
            "{open_value} vs {closed_value}"
        );
    }
}
