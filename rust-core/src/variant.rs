//! The games of the rule book, each described as data: board size, set-up and
//! a [`Rules`] record that the one move generator consults. Adding a game is
//! adding a row here, not writing another engine.

use crate::error::VariantError;
use crate::types::Role;
use std::fmt;

/// Which ranks of Improved chess let a blocked pawn step obliquely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Zone {
    /// Ranks 5, 6 and 7 (the default).
    #[default]
    FarHalf,
    /// Ranks 6 and 7.
    BeyondFifth,
    /// Rank 7 only.
    Seventh,
}

impl Zone {
    /// All zones, in the order of the rule book.
    pub const ALL: [Zone; 3] = [Zone::FarHalf, Zone::BeyondFifth, Zone::Seventh];

    /// The option value (`far-half`, `beyond-fifth`, `seventh`).
    pub const fn id(self) -> &'static str {
        match self {
            Zone::FarHalf => "far-half",
            Zone::BeyondFifth => "beyond-fifth",
            Zone::Seventh => "seventh",
        }
    }

    /// Parses an option value.
    pub fn parse(text: &str) -> Result<Zone, VariantError> {
        Zone::ALL
            .into_iter()
            .find(|z| z.id() == text)
            .ok_or_else(|| VariantError::UnknownOption {
                option: "zone",
                value: text.to_string(),
                expected: "far-half, beyond-fifth or seventh",
            })
    }

    /// Bit `r` set for each relative rank `r` (0 = own back rank) in the zone.
    const fn relative_ranks(self) -> u16 {
        match self {
            Zone::FarHalf => 0b111_0000,
            Zone::BeyondFifth => 0b110_0000,
            Zone::Seventh => 0b100_0000,
        }
    }
}

/// What blocks a pawn in Improved chess, allowing its oblique step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Blockage {
    /// An enemy piece or pawn stands in front (the default).
    #[default]
    Enemy,
    /// Any piece or pawn stands in front.
    Any,
}

impl Blockage {
    /// Both blockage rules.
    pub const ALL: [Blockage; 2] = [Blockage::Enemy, Blockage::Any];

    /// The option value (`enemy`, `any`).
    pub const fn id(self) -> &'static str {
        match self {
            Blockage::Enemy => "enemy",
            Blockage::Any => "any",
        }
    }

    /// Parses an option value.
    pub fn parse(text: &str) -> Result<Blockage, VariantError> {
        Blockage::ALL
            .into_iter()
            .find(|b| b.id() == text)
            .ok_or_else(|| VariantError::UnknownOption {
                option: "blockage",
                value: text.to_string(),
                expected: "enemy or any",
            })
    }
}

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

/// Board sizes the engine supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSize {
    /// 8×8, `u64` bitboards.
    Eight,
    /// 10×10, `u128` bitboards.
    Ten,
}

/// How far pawns may step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoubleStep {
    /// Two squares from the pawn's starting rank only (chess).
    FromStartRank,
    /// Two squares from any rank when both squares are empty (Ram, Frontal).
    FromAnyRank,
}

/// What a pawn reaching the last rank becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromotionRule {
    /// Queen, rook, bishop or knight, freely.
    Free,
    /// Only a type with fewer pieces on the board than at the start (Ram).
    Resurrection,
    /// Dethronement while both queens are on the board, else resurrection
    /// (Frontal).
    DethroneOrResurrection,
}

/// A restriction on White's opening play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    /// None.
    None,
    /// White's first move must be a single pawn step (Ram).
    FirstMoveSinglePawnStep,
    /// White's first pawn move may not be a double step (Frontal).
    FirstPawnMoveNotDouble,
}

/// Improved/Crab chess's oblique pawn step, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ObliqueStep {
    /// Bit `r` set for each relative rank `r` (0 = own back rank) where the
    /// step is allowed.
    pub relative_ranks: u16,
    /// Whether any piece in front counts as a blockage (else only enemies).
    pub blocked_by_any: bool,
}

/// The Norochess family's fixed game length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveLimit {
    /// Regular moves per player (48): after Black's move this many, the higher score wins.
    pub regular_moves: u32,
    /// Last possible move per player (60): a tie after Black's move this many is a draw.
    pub last_move: u32,
}

/// Everything the move generator and the referee need to know about a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The game these rules belong to.
    pub variant: Variant,
    /// Whether check, checkmate and stalemate exist.
    pub royal_king: bool,
    /// Whether standard chess castling exists.
    pub castling: bool,
    /// Whether en passant exists.
    pub en_passant: bool,
    /// Whether captures score points and a side without pieces loses (the
    /// Norochess family).
    pub capture_points: bool,
    /// How far pawns step.
    pub double_step: DoubleStep,
    /// Whether pawns capture pawns diagonally (not in Ram chess).
    pub pawn_captures_pawns: bool,
    /// Ram chess's ram.
    pub ram: bool,
    /// Frontal chess's swap.
    pub swap: bool,
    /// The promotion policy.
    pub promotion: PromotionRule,
    /// The opening restriction.
    pub opening: OpeningRule,
    /// Improved/Crab chess's oblique step.
    pub oblique: Option<ObliqueStep>,
    /// How many of each role a side has at the start (resurrection limits),
    /// indexed by [`Role::index`].
    pub start_counts: [u8; 6],
    /// The fixed game length, in the Norochess family.
    pub move_limit: Option<MoveLimit>,
}

const CHESS_COUNTS: [u8; 6] = [8, 2, 2, 2, 1, 1];
const TEN_COUNTS: [u8; 6] = [10, 2, 2, 2, 1, 1];

const CHESS_RULES: Rules = Rules {
    variant: Variant::Chess,
    royal_king: true,
    castling: true,
    en_passant: true,
    capture_points: false,
    double_step: DoubleStep::FromStartRank,
    pawn_captures_pawns: true,
    ram: false,
    swap: false,
    promotion: PromotionRule::Free,
    opening: OpeningRule::None,
    oblique: None,
    start_counts: CHESS_COUNTS,
    move_limit: None,
};

const NOROCHESS_RULES: Rules = Rules {
    variant: Variant::Norochess,
    royal_king: false,
    castling: false,
    capture_points: true,
    move_limit: Some(MoveLimit {
        regular_moves: 48,
        last_move: 60,
    }),
    ..CHESS_RULES
};

const PLAIN10_RULES: Rules = Rules {
    variant: Variant::Plain10,
    castling: false,
    en_passant: false,
    double_step: DoubleStep::FromAnyRank,
    start_counts: TEN_COUNTS,
    ..CHESS_RULES
};

/// The 10×10 set-up shared by Ram, Frontal and `plain10`.
const TEN_START: &str = "1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1 w - - 0 1";
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const NOROCHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

impl Variant {
    /// The ids of the rule book's games (without the test-only `plain10`).
    pub const IDS: [&'static str; 7] = [
        "norochess",
        "norochess960",
        "ram",
        "frontal",
        "improved",
        "crab",
        "chess",
    ];

    /// Every game of the rule book with default options (Improved with each
    /// of its six option sets), without the test-only `plain10`.
    pub fn all() -> Vec<Variant> {
        let mut all = vec![
            Variant::Norochess,
            Variant::Norochess960,
            Variant::Ram,
            Variant::Frontal,
        ];
        for zone in Zone::ALL {
            for blockage in Blockage::ALL {
                all.push(Variant::Improved { zone, blockage });
            }
        }
        all.extend([Variant::Crab, Variant::Chess]);
        all
    }

    /// The short id used everywhere (CLI, bindings, saved games).
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Norochess => "norochess",
            Variant::Norochess960 => "norochess960",
            Variant::Ram => "ram",
            Variant::Frontal => "frontal",
            Variant::Improved { .. } => "improved",
            Variant::Crab => "crab",
            Variant::Chess => "chess",
            Variant::Plain10 => "plain10",
        }
    }

    /// The name shown to players.
    pub const fn display_name(self) -> &'static str {
        match self {
            Variant::Norochess => "Norochess",
            Variant::Norochess960 => "Norochess960",
            Variant::Ram => "Ram chess",
            Variant::Frontal => "Frontal chess",
            Variant::Improved { .. } => "Improved chess",
            Variant::Crab => "Crab chess",
            Variant::Chess => "Chess",
            Variant::Plain10 => "Plain 10×10 (test rule set)",
        }
    }

    /// Parses a game id with its options. `zone` and `blockage` are accepted
    /// only for `improved` (where they default to `far-half` and `enemy`).
    pub fn parse(
        id: &str,
        zone: Option<&str>,
        blockage: Option<&str>,
    ) -> Result<Variant, VariantError> {
        let variant = match id {
            "norochess" => Variant::Norochess,
            "norochess960" => Variant::Norochess960,
            "ram" => Variant::Ram,
            "frontal" => Variant::Frontal,
            "improved" => Variant::Improved {
                zone: zone.map(Zone::parse).transpose()?.unwrap_or_default(),
                blockage: blockage
                    .map(Blockage::parse)
                    .transpose()?
                    .unwrap_or_default(),
            },
            "crab" => Variant::Crab,
            "chess" => Variant::Chess,
            "plain10" => Variant::Plain10,
            other => return Err(VariantError::UnknownVariant(other.to_string())),
        };
        if !matches!(variant, Variant::Improved { .. }) {
            if zone.is_some() {
                return Err(VariantError::OptionNotApplicable {
                    option: "zone",
                    variant: id.to_string(),
                });
            }
            if blockage.is_some() {
                return Err(VariantError::OptionNotApplicable {
                    option: "blockage",
                    variant: id.to_string(),
                });
            }
        }
        Ok(variant)
    }

    /// The board this game is played on.
    pub const fn board_size(self) -> BoardSize {
        match self {
            Variant::Ram | Variant::Frontal | Variant::Plain10 => BoardSize::Ten,
            _ => BoardSize::Eight,
        }
    }

    /// Whether this is one of the Norochess family (scored, non-royal king).
    pub const fn is_norochess_family(self) -> bool {
        matches!(self, Variant::Norochess | Variant::Norochess960)
    }

    /// The rules of this game as data.
    pub const fn rules(self) -> Rules {
        match self {
            Variant::Norochess | Variant::Norochess960 => Rules {
                variant: self,
                ..NOROCHESS_RULES
            },
            Variant::Chess => CHESS_RULES,
            Variant::Plain10 => PLAIN10_RULES,
            Variant::Ram => Rules {
                variant: self,
                pawn_captures_pawns: false,
                ram: true,
                promotion: PromotionRule::Resurrection,
                opening: OpeningRule::FirstMoveSinglePawnStep,
                ..PLAIN10_RULES
            },
            Variant::Frontal => Rules {
                variant: self,
                swap: true,
                promotion: PromotionRule::DethroneOrResurrection,
                opening: OpeningRule::FirstPawnMoveNotDouble,
                ..PLAIN10_RULES
            },
            Variant::Improved { zone, blockage } => Rules {
                variant: self,
                oblique: Some(ObliqueStep {
                    relative_ranks: zone.relative_ranks(),
                    blocked_by_any: matches!(blockage, Blockage::Any),
                }),
                ..CHESS_RULES
            },
            Variant::Crab => Rules {
                variant: self,
                oblique: Some(ObliqueStep {
                    relative_ranks: 0xffff,
                    blocked_by_any: true,
                }),
                ..CHESS_RULES
            },
        }
    }

    /// The start position text. `start` selects a Norochess960 set-up
    /// (0–959, 518 = standard) and is ignored by the other games.
    pub fn start_text(self, start: Option<u16>) -> Result<String, VariantError> {
        Ok(match self {
            Variant::Norochess => format!("{NOROCHESS_START} score=0-0"),
            Variant::Norochess960 => {
                let number = start.unwrap_or(518);
                let back = crate::chess960::back_rank(number)?;
                let white: String = back.iter().map(|r| r.upper_char()).collect();
                let black: String = back.iter().map(|r| r.char()).collect();
                format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w - - 0 1 score=0-0")
            }
            Variant::Ram | Variant::Frontal => format!("{TEN_START} opening=pending"),
            Variant::Plain10 => TEN_START.to_string(),
            Variant::Chess | Variant::Improved { .. } | Variant::Crab => CHESS_START.to_string(),
        })
    }

    /// The Improved chess options, if any.
    pub const fn improved_options(self) -> Option<(Zone, Blockage)> {
        match self {
            Variant::Improved { zone, blockage } => Some((zone, blockage)),
            _ => None,
        }
    }

    /// A one-paragraph description for menus.
    pub const fn description(self) -> &'static str {
        match self {
            Variant::Norochess => "Chess with a non-royal king and capture points; after 48 moves each the higher score wins, with up to 12 overtime moves on a tie.",
            Variant::Norochess960 => "Norochess from one of the 960 shuffled Chess960 set-ups.",
            Variant::Ram => "10×10 chess where pawns take pawns only by ramming, and promote only to pieces they have lost.",
            Variant::Frontal => "10×10 chess where facing pawns may swap places and a pawn reaching the last rank dethrones the enemy queen.",
            Variant::Improved { .. } => "Chess where a blocked pawn in the zone may step obliquely like a knight.",
            Variant::Crab => "Chess where a blocked pawn on any rank may step obliquely like a knight.",
            Variant::Chess => "Standard chess.",
            Variant::Plain10 => "Test-only 10×10 rule set used to check move generation against an independent engine.",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Improved { zone, blockage } => {
                write!(
                    f,
                    "improved (zone {}, blockage {})",
                    zone.id(),
                    blockage.id()
                )
            }
            other => f.write_str(other.id()),
        }
    }
}

/// The roles a resurrection may bring back: non-pawn, non-king roles.
pub(crate) const RESURRECTABLE: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_id_and_option() {
        for v in Variant::all() {
            let (zone, blockage) = match v.improved_options() {
                Some((z, b)) => (Some(z.id()), Some(b.id())),
                None => (None, None),
            };
            assert_eq!(Variant::parse(v.id(), zone, blockage), Ok(v));
        }
        assert_eq!(
            Variant::parse("improved", None, None),
            Ok(Variant::Improved {
                zone: Zone::FarHalf,
                blockage: Blockage::Enemy
            })
        );
        assert!(matches!(
            Variant::parse("xiangqi", None, None),
            Err(VariantError::UnknownVariant(_))
        ));
        assert!(matches!(
            Variant::parse("improved", Some("eighth"), None),
            Err(VariantError::UnknownOption { option: "zone", .. })
        ));
        assert!(matches!(
            Variant::parse("chess", None, Some("any")),
            Err(VariantError::OptionNotApplicable {
                option: "blockage",
                ..
            })
        ));
        assert_eq!(Variant::all().len(), 12);
    }
}
