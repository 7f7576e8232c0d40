//! Which game is played: the value that names a game of the rule book with
//! its options. Everything else about a game is in its record
//! ([`super::GameRecord`]).

use super::options::{Blockage, Zone};

/// A game of the rule book (plus the test-only `plain10`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Norochess: non-royal king, capture points, fixed length.
    Norochess,
    /// Norochess from a Chess960 set-up.
    Norochess960,
    /// Ram chess, 10×10.
    Ram,
    /// Frontal chess, 10×10.
    Frontal,
    /// Improved chess with its zone and blockage options.
    Improved {
        /// Where the oblique step is allowed.
        zone: Zone,
        /// What counts as a blocked pawn.
        blockage: Blockage,
    },
    /// Crab chess: the oblique step from any rank, blocked by anything.
    Crab,
    /// Standard chess.
    Chess,
    /// Test-only 10×10 rule set of `shared/oracle/perft.txt`.
    Plain10,
}

impl Variant {
    /// The index of this game's record in [`super::GAMES`]. The one `match`
    /// over the games: the compiler asks for an arm here when a game is added.
    pub(super) const fn slot(self) -> usize {
        match self {
            Variant::Norochess => 0,
            Variant::Norochess960 => 1,
            Variant::Ram => 2,
            Variant::Frontal => 3,
            Variant::Improved { .. } => 4,
            Variant::Crab => 5,
            Variant::Chess => 6,
            Variant::Plain10 => 7,
        }
    }
}
