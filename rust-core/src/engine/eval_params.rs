//! The evaluation's weights as data: one named integer per weight, one set
//! per family of games, and the bounds a tuner may move each one within.
//!
//! [`EvalParams::ROYAL`] serves the games with a royal king (chess, Crab,
//! Improved), [`EvalParams::NOROCHESS`] the capture-points games. Ram and
//! Frontal chess have sets of their own ([`EvalParams::RAM`],
//! [`EvalParams::FRONTAL`]): a 10×10 board, rams, swaps and resurrection
//! promotion reward other weights than chess does.
//! Divisions of the hand-set evaluation are kept as per-mille or percent
//! factors whose defaults give exactly the old integer results.

use crate::variant::Variant;

/// Declares [`EvalParams`] with its fields in order, [`PARAMS`] (their
/// names and bounds) and the conversions to and from a plain array.
macro_rules! eval_params {
    ($($(#[doc = $doc:literal])* $name:ident: $min:literal..=$max:literal,)*) => {
        /// Every weight of the static evaluation, in centipoints unless
        /// the field says otherwise.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct EvalParams {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        /// How many parameters [`EvalParams`] has.
        pub const PARAM_COUNT: usize = [$(stringify!($name),)*].len();

        /// The tunable parameters in field order: name and bounds.
        pub const PARAMS: &[ParamInfo] = &[
            $(ParamInfo { name: stringify!($name), min: $min, max: $max },)*
        ];

        impl EvalParams {
            /// The values in [`PARAMS`] order.
            pub fn values(&self) -> [i32; PARAM_COUNT] {
                [$(self.$name,)*]
            }

            /// The parameters from values in [`PARAMS`] order.
            pub fn from_values(values: [i32; PARAM_COUNT]) -> EvalParams {
                let [$($name,)*] = values;
                EvalParams { $($name,)* }
            }
        }
    };
}

/// A tunable parameter's name and the bounds it stays within.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamInfo {
    /// The field name.
    pub name: &'static str,
    /// Smallest allowed value.
    pub min: i32,
    /// Largest allowed value.
    pub max: i32,
}

eval_params! {
    /// Material of a pawn on the board.
    value_pawn: 0..=400,
    /// Material of a knight.
    value_knight: 0..=1200,
    /// Material of a bishop.
    value_bishop: 0..=1200,
    /// Material of a rook.
    value_rook: 0..=2000,
    /// Material of a queen.
    value_queen: 0..=3000,
    /// Material of a king (0 for a royal king, which is priceless).
    value_king: 0..=1000,
    /// Knight placement per step of centrality.
    knight_centre: -10..=20,
    /// Knight placement constant.
    knight_offset: -60..=40,
    /// Bishop placement per step of centrality.
    bishop_centre: -10..=20,
    /// Bishop placement constant.
    bishop_offset: -60..=40,
    /// Rook on the seventh (last but one) rank.
    rook_seventh: -20..=80,
    /// Queen placement per step of centrality.
    queen_centre: -10..=20,
    /// Queen placement constant.
    queen_offset: -60..=40,
    /// Pawn bonus per square of advance, squared.
    pawn_advance_sq: -5..=20,
    /// Central-file pawn bonus per square of advance (up to the cap).
    pawn_central: -10..=40,
    /// Squares of advance the central-file bonus counts at most.
    pawn_central_cap: 0..=8,
    /// King placement per step of centrality.
    king_centre: -10..=20,
    /// King placement constant.
    king_offset: -60..=40,
    /// King bonus on its home rank.
    king_home: -40..=60,
    /// King penalty per rank away from home (up to three).
    king_advance: -20..=40,
    /// Knight mobility per square reached (not own-occupied).
    mobility_knight: -5..=20,
    /// Bishop mobility per square.
    mobility_bishop: -5..=20,
    /// Rook mobility per square.
    mobility_rook: -5..=20,
    /// Queen mobility per square.
    mobility_queen: -5..=20,
    /// Penalty per extra pawn on a file.
    doubled_pawn: -20..=60,
    /// Penalty per pawn without pawns of its side on the neighbouring files.
    isolated_pawn: -20..=60,
    /// Passed pawn bonus per relative rank, squared.
    passed_rank_sq: -2..=15,
    /// Share of the passed-pawn bonus left when the pawn cannot promote
    /// (percent).
    passed_blocked_pct: 0..=100,
    /// Threat: an enemy piece attacked by a pawn.
    threat_pawn: -20..=120,
    /// ...plus this share of the piece's material (per mille).
    threat_pawn_permille: 0..=500,
    /// Threat: an enemy rook or queen attacked by a knight or bishop.
    threat_minor_on_heavy: -20..=150,
    /// Threat: an enemy piece attacked and not defended.
    threat_hanging: -20..=100,
    /// ...plus this share of the piece's material (per mille).
    threat_hanging_permille: 0..=500,
    /// Bonus of the side to move.
    tempo: -20..=60,
    /// Rook on a file without pawns.
    rook_open_file: -20..=80,
    /// Rook on a file without pawns of its side (but with enemy ones).
    rook_semi_open_file: -20..=80,
    /// Two bishops or more.
    bishop_pair: -20..=120,
    /// Per pawn defended by a pawn of its side.
    pawn_supported: -20..=40,
    /// Per pawn with a pawn of its side beside it on its rank.
    pawn_phalanx: -20..=40,
    /// Threat: an enemy queen attacked by a rook.
    threat_rook_on_queen: -20..=150,
    /// Capture-points games: share of the material that counts with no
    /// moves left (percent).
    material_weight_base: 0..=100,
    /// Capture-points games: share added over the horizon (percent).
    material_weight_span: 0..=150,
    /// Capture-points games: plies to the decision over which the share
    /// grows from the base to base + span.
    material_weight_horizon: 1..=120,
    /// Capture-points games: positional terms count `weight / this` (the
    /// material weight as a percent divided by it).
    positional_divisor: 10..=400,
    /// Games with a move limit: what Black's edge is worth at the decision.
    /// Black moves last before every decision, and that move (a capture,
    /// as a rule) cannot be answered.
    black_edge: 0..=800,
    /// Games with a move limit: Black's edge a whole game (96 plies) or more
    /// before the decision; it moves in a straight line to `black_edge`.
    black_edge_far: -400..=800,
}

impl EvalParams {
    /// Royal games (chess, Crab, Improved; the start of the Ram and Frontal
    /// fits): centipawns, the king sheltering at home.
    pub const ROYAL: EvalParams = EvalParams {
        value_pawn: 100,
        value_knight: 320,
        value_bishop: 330,
        value_rook: 500,
        value_queen: 900,
        value_king: 0,
        knight_centre: 4,
        knight_offset: -20,
        bishop_centre: 2,
        bishop_offset: -8,
        rook_seventh: 15,
        queen_centre: 1,
        queen_offset: 0,
        pawn_advance_sq: 2,
        pawn_central: 6,
        pawn_central_cap: 3,
        king_centre: 0,
        king_offset: 0,
        king_home: 10,
        king_advance: 10,
        mobility_knight: 4,
        mobility_bishop: 4,
        mobility_rook: 2,
        mobility_queen: 1,
        doubled_pawn: 12,
        isolated_pawn: 10,
        passed_rank_sq: 3,
        passed_blocked_pct: 25,
        threat_pawn: 30,
        threat_pawn_permille: 125,
        threat_minor_on_heavy: 40,
        threat_hanging: 10,
        threat_hanging_permille: 100,
        tempo: 10,
        rook_open_file: 0,
        rook_semi_open_file: 0,
        bishop_pair: 0,
        pawn_supported: 0,
        pawn_phalanx: 0,
        threat_rook_on_queen: 0,
        material_weight_base: 15,
        material_weight_span: 45,
        material_weight_horizon: 40,
        positional_divisor: 60,
        black_edge: 0,
        black_edge_far: 0,
    };

    /// The Norochess family (capture points), fitted by `norochess tune
    /// fit` in rounds (see docs/tuning.md): to 318,260 positions of 6,000
    /// self-play games of the hand-set weights (seed 2026), then to those
    /// and 354,118 positions of 6,000 games of that set (seed 2027); round
    /// 4 added six terms; round 5 added Black's edge and fitted every
    /// weight again to 672,556 positions of 12,000 games of session 30's
    /// engine (seeds 3031 and 3032). The hand-set start: the royal values
    /// with material at its capture points and the non-royal king drawn to
    /// the centre.
    pub const NOROCHESS: EvalParams = EvalParams {
        value_pawn: 87,
        value_knight: 319,
        value_bishop: 350,
        value_rook: 624,
        value_queen: 1197,
        value_king: 301,
        knight_centre: 5,
        knight_offset: 0,
        bishop_centre: -1,
        bishop_offset: 19,
        rook_seventh: 42,
        queen_centre: 0,
        queen_offset: 33,
        pawn_advance_sq: 0,
        pawn_central: 4,
        pawn_central_cap: 6,
        king_centre: 5,
        king_offset: -19,
        king_home: -10,
        king_advance: -16,
        mobility_knight: 0,
        mobility_bishop: 4,
        mobility_rook: 3,
        mobility_queen: 1,
        doubled_pawn: 22,
        isolated_pawn: 14,
        passed_rank_sq: 1,
        passed_blocked_pct: 25,
        threat_pawn: 50,
        threat_pawn_permille: 0,
        threat_minor_on_heavy: 52,
        threat_hanging: 43,
        threat_hanging_permille: 0,
        tempo: 7,
        rook_open_file: 26,
        rook_semi_open_file: 21,
        bishop_pair: 28,
        pawn_supported: 17,
        pawn_phalanx: 8,
        threat_rook_on_queen: 32,
        material_weight_base: 55,
        material_weight_span: 74,
        material_weight_horizon: 4,
        positional_divisor: 132,
        black_edge: 198,
        black_edge_far: 145,
    };

    /// Ram chess, fitted by `norochess tune fit` (see docs/tuning.md) to
    /// 286,966 positions of 3,000 self-play games played with the royal
    /// set (seed 3031), starting from [`EvalParams::ROYAL`].
    pub const RAM: EvalParams = EvalParams {
        value_pawn: 148,
        value_knight: 272,
        value_bishop: 369,
        value_rook: 480,
        value_queen: 1050,
        knight_centre: 4,
        knight_offset: -53,
        bishop_centre: 0,
        bishop_offset: -15,
        rook_seventh: -8,
        queen_centre: 0,
        queen_offset: 40,
        pawn_advance_sq: 1,
        pawn_central: 3,
        pawn_central_cap: 0,
        king_centre: -2,
        king_offset: 0,
        king_home: -28,
        king_advance: -20,
        mobility_knight: 4,
        mobility_bishop: 3,
        mobility_rook: 5,
        mobility_queen: -1,
        doubled_pawn: 39,
        isolated_pawn: 16,
        passed_rank_sq: 2,
        passed_blocked_pct: 100,
        threat_pawn: 20,
        threat_pawn_permille: 0,
        threat_minor_on_heavy: 33,
        threat_hanging: 47,
        threat_hanging_permille: 0,
        tempo: 7,
        // The king's value and the capture-points terms cannot change a
        // royal evaluation: the royal set's, unfitted. The file, pair,
        // pawn-chain and rook-on-queen terms were fitted for Norochess
        // only: the royal set's 0 leaves them out.
        ..EvalParams::ROYAL
    };

    /// Frontal chess, fitted by `norochess tune fit` (see docs/tuning.md)
    /// to 271,945 positions of 3,000 self-play games played with the royal
    /// set (seed 3041), starting from [`EvalParams::ROYAL`].
    pub const FRONTAL: EvalParams = EvalParams {
        value_pawn: 117,
        value_knight: 212,
        value_bishop: 320,
        value_rook: 552,
        value_queen: 1197,
        knight_centre: 5,
        knight_offset: -16,
        bishop_centre: 0,
        bishop_offset: 26,
        rook_seventh: -13,
        queen_centre: 2,
        queen_offset: -36,
        pawn_advance_sq: 1,
        pawn_central: 3,
        pawn_central_cap: 0,
        king_centre: 3,
        king_offset: 0,
        king_home: -40,
        king_advance: -8,
        mobility_knight: 3,
        mobility_bishop: 2,
        mobility_rook: 2,
        mobility_queen: 1,
        doubled_pawn: -2,
        isolated_pawn: 12,
        passed_rank_sq: 3,
        passed_blocked_pct: 100,
        threat_pawn: -1,
        threat_pawn_permille: 0,
        threat_minor_on_heavy: 20,
        threat_hanging: 46,
        threat_hanging_permille: 0,
        tempo: 7,
        // The king's value and the capture-points terms cannot change a
        // royal evaluation: the royal set's, unfitted. The file, pair,
        // pawn-chain and rook-on-queen terms were fitted for Norochess
        // only: the royal set's 0 leaves them out.
        ..EvalParams::ROYAL
    };

    /// The set a game plays with: its own fitted set where it has one
    /// (Ram, Frontal), otherwise its family's ([`EvalParams::NOROCHESS`]
    /// for the capture-points games, [`EvalParams::ROYAL`] for the rest).
    pub const fn for_variant(variant: Variant) -> &'static EvalParams {
        match variant {
            Variant::Ram => &EvalParams::RAM,
            Variant::Frontal => &EvalParams::FRONTAL,
            Variant::Norochess | Variant::Norochess960 => &EvalParams::NOROCHESS,
            Variant::Improved { .. } | Variant::Crab | Variant::Chess | Variant::Plain10 => {
                &EvalParams::ROYAL
            }
        }
    }

    /// The value of parameter `index` ([`PARAMS`] order), if there is one.
    pub fn get(&self, index: usize) -> Option<i32> {
        self.values().get(index).copied()
    }

    /// Sets parameter `index` to `value` clamped to its bounds; false if
    /// there is no such parameter.
    pub fn set(&mut self, index: usize, value: i32) -> bool {
        let (Some(info), mut values) = (PARAMS.get(index), self.values()) else {
            return false;
        };
        values[index] = value.clamp(info.min, info.max);
        *self = EvalParams::from_values(values);
        true
    }

    /// The index of the parameter called `name`.
    pub fn index_of(name: &str) -> Option<usize> {
        PARAMS.iter().position(|p| p.name == name)
    }

    /// Whether every value lies within its bounds.
    pub fn in_bounds(&self) -> bool {
        self.values()
            .iter()
            .zip(PARAMS)
            .all(|(v, p)| (p.min..=p.max).contains(v))
    }

    /// The set as a Rust literal (`EvalParams { ... }`), for pasting into
    /// the source.
    pub fn to_rust_literal(&self) -> String {
        let mut text = String::from("EvalParams {\n");
        for (info, value) in PARAMS.iter().zip(self.values()) {
            text.push_str(&format!("    {}: {},\n", info.name, value));
        }
        text.push('}');
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sets_are_within_bounds_and_round_trip() {
        for set in [
            EvalParams::ROYAL,
            EvalParams::NOROCHESS,
            EvalParams::RAM,
            EvalParams::FRONTAL,
        ] {
            assert!(set.in_bounds());
            assert_eq!(EvalParams::from_values(set.values()), set);
        }
        assert_eq!(PARAMS.len(), PARAM_COUNT);
    }

    #[test]
    fn set_clamps_and_get_reads_back() {
        let mut p = EvalParams::NOROCHESS;
        let i = EvalParams::index_of("mobility_rook").unwrap_or(usize::MAX);
        assert!(p.set(i, 7));
        assert_eq!((p.get(i), p.mobility_rook), (Some(7), 7));
        assert!(p.set(i, 10_000));
        assert_eq!(p.mobility_rook, 20);
        assert!(!p.set(PARAM_COUNT, 1));
    }
}
