//! The games of the rule book, each described as data: one record per game
//! in [`GAMES`] (id, name, description, board, start, rules, options) that
//! the one move generator, the referee and every listing read. Adding a
//! game is adding a record, not writing another engine.

mod chess960;
mod error;
mod kind;
mod options;
mod rule_book;
mod rules;
mod table;

pub use chess960::back_rank;
pub use error::VariantError;
pub use kind::Variant;
pub use options::{Blockage, GameOption, OptionValue, Zone, BLOCKAGE, ZONE};
pub use rule_book::{RuleBlock, RulePage, RuleSection};
pub(crate) use rules::RESURRECTABLE;
pub use rules::{BoardSize, DoubleStep, MoveLimit, ObliqueStep, OpeningRule, PromotionRule, Rules};
pub use table::{GameRecord, Start, StartNumbering, CHESS960, GAMES};

use std::fmt;

impl Variant {
    /// The ids of the rule book's games (without the test-only `plain10`).
    pub const IDS: [&'static str; table::LISTED] = table::LISTED_IDS;

    /// This game's record.
    pub fn record(self) -> &'static GameRecord {
        &table::TABLE[self.slot()]
    }

    /// This game's rule page for players (`docs/rules/ID.md`); a game's
    /// options share one page, which describes them.
    pub fn rule_page(self) -> RulePage {
        let record = self.record();
        RulePage::parse(record.id, record.rule_page)
    }

    /// Every game's record, in menu order, the test-only `plain10` last.
    pub fn records() -> &'static [GameRecord] {
        &table::TABLE
    }

    /// Every game of the rule book with default options (Improved with each
    /// of its six option sets), without the test-only `plain10`.
    pub fn all() -> Vec<Variant> {
        let mut all = Vec::new();
        for record in Variant::records().iter().filter(|r| r.listed) {
            match record.variant {
                Variant::Improved { .. } => {
                    for zone in Zone::ALL {
                        for blockage in Blockage::ALL {
                            all.push(Variant::Improved { zone, blockage });
                        }
                    }
                }
                other => all.push(other),
            }
        }
        all
    }

    /// The short id used everywhere (CLI, bindings, saved games).
    pub const fn id(self) -> &'static str {
        GAMES[self.slot()].id
    }

    /// The name shown to players.
    pub const fn display_name(self) -> &'static str {
        GAMES[self.slot()].name
    }

    /// A one-paragraph description for menus.
    pub const fn description(self) -> &'static str {
        GAMES[self.slot()].description
    }

    /// The board this game is played on.
    pub const fn board_size(self) -> BoardSize {
        GAMES[self.slot()].board
    }

    /// The options this game takes (Improved chess's zone and blockage).
    pub fn options(self) -> &'static [GameOption] {
        self.record().options
    }

    /// How the start positions are numbered, for a game with several
    /// (Norochess960: 0–959, 518 the standard set-up).
    pub const fn start_numbering(self) -> Option<StartNumbering> {
        match GAMES[self.slot()].start {
            Start::Chess960 { numbering, .. } => Some(numbering),
            Start::Fixed(_) => None,
        }
    }

    /// Parses a game id with its options. `zone` and `blockage` are accepted
    /// only for `improved` (where they default to `far-half` and `enemy`).
    pub fn parse(
        id: &str,
        zone: Option<&str>,
        blockage: Option<&str>,
    ) -> Result<Variant, VariantError> {
        let record = Variant::records()
            .iter()
            .find(|r| r.id == id)
            .ok_or_else(|| VariantError::UnknownVariant(id.to_string()))?;
        for (option, given) in [(ZONE, zone), (BLOCKAGE, blockage)] {
            if given.is_some() && !record.options.contains(&option) {
                return Err(VariantError::OptionNotApplicable {
                    option: option.id,
                    variant: id.to_string(),
                });
            }
        }
        Ok(match record.variant {
            Variant::Improved { .. } => Variant::Improved {
                zone: zone.map(Zone::parse).transpose()?.unwrap_or_default(),
                blockage: blockage
                    .map(Blockage::parse)
                    .transpose()?
                    .unwrap_or_default(),
            },
            other => other,
        })
    }

    /// Whether this is one of the Norochess family (scored, non-royal king).
    pub const fn is_norochess_family(self) -> bool {
        GAMES[self.slot()].rules.capture_points
    }

    /// The rules of this game as data: its record's, adjusted by its options.
    pub const fn rules(self) -> Rules {
        let mut rules = GAMES[self.slot()].rules;
        rules.variant = self;
        if let Variant::Improved { zone, blockage } = self {
            rules.oblique = Some(ObliqueStep {
                relative_ranks: zone.relative_ranks(),
                blocked_by_any: matches!(blockage, Blockage::Any),
            });
        }
        rules
    }

    /// The start position text. `start` selects a Norochess960 set-up
    /// (0–959, 518 = standard) and is ignored by the other games.
    pub fn start_text(self, start: Option<u16>) -> Result<String, VariantError> {
        match self.record().start {
            Start::Fixed(text) => Ok(text.to_string()),
            Start::Chess960 { numbering, rest } => {
                let back = back_rank(start.unwrap_or(numbering.standard))?;
                let white: String = back.iter().map(|r| r.upper_char()).collect();
                let black: String = back.iter().map(|r| r.char()).collect();
                Ok(format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white}{rest}"))
            }
        }
    }

    /// Parses a game id with options given by their ids (`zone` →
    /// `seventh`), as a menu built from [`Variant::options`] hands them
    /// back: no caller names an option. Options not given take their
    /// defaults; an option the game does not take is an error.
    pub fn with_options(id: &str, options: &[(&str, &str)]) -> Result<Variant, VariantError> {
        let mut zone = None;
        let mut blockage = None;
        for &(option, value) in options {
            match option {
                o if o == ZONE.id => zone = Some(value),
                o if o == BLOCKAGE.id => blockage = Some(value),
                _ => {
                    return Err(VariantError::UnknownOptionName {
                        option: option.to_string(),
                        variant: id.to_string(),
                    })
                }
            }
        }
        Variant::parse(id, zone, blockage)
    }

    /// The value id of each option this game takes, in [`Variant::options`]
    /// order (`[("zone", "far-half"), ("blockage", "enemy")]`).
    pub fn option_values(self) -> Vec<(&'static str, &'static str)> {
        match self {
            Variant::Improved { zone, blockage } => {
                vec![(ZONE.id, zone.id()), (BLOCKAGE.id, blockage.id())]
            }
            _ => Vec::new(),
        }
    }

    /// The Improved chess options, if any.
    pub const fn improved_options(self) -> Option<(Zone, Blockage)> {
        match self {
            Variant::Improved { zone, blockage } => Some((zone, blockage)),
            _ => None,
        }
    }
}

impl Zone {
    /// Parses an option value.
    pub fn parse(text: &str) -> Result<Zone, VariantError> {
        parse_value(&ZONE, &Zone::ALL, text)
    }
}

impl Blockage {
    /// Parses an option value.
    pub fn parse(text: &str) -> Result<Blockage, VariantError> {
        parse_value(&BLOCKAGE, &Blockage::ALL, text)
    }
}

/// The value of `option` with id `text`; `values` are its values in order.
fn parse_value<T: Copy>(option: &GameOption, values: &[T], text: &str) -> Result<T, VariantError> {
    option
        .position(text)
        .and_then(|i| values.get(i).copied())
        .ok_or_else(|| VariantError::UnknownOption {
            option: option.id,
            value: text.to_string(),
            expected: option.expected,
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_by_id_round_trip_for_every_game() {
        for v in Variant::all() {
            let values = v.option_values();
            assert_eq!(
                values.iter().map(|(o, _)| *o).collect::<Vec<_>>(),
                v.options().iter().map(|o| o.id).collect::<Vec<_>>()
            );
            assert_eq!(Variant::with_options(v.id(), &values), Ok(v));
        }
        assert!(matches!(
            Variant::with_options("improved", &[("colour", "red")]),
            Err(VariantError::UnknownOptionName { .. })
        ));
        assert!(matches!(
            Variant::with_options("ram", &[("zone", "seventh")]),
            Err(VariantError::OptionNotApplicable { .. })
        ));
    }

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
        assert_eq!(
            VariantError::UnknownVariant("xiangqi".into()).to_string(),
            "unknown game `xiangqi` (expected norochess, norochess960, ram, frontal, improved, crab, chess or plain10)"
        );
    }

    #[test]
    fn each_record_sits_at_its_game_s_slot() {
        for (i, record) in GAMES.iter().enumerate() {
            assert_eq!(record.variant.slot(), i, "{}", record.id);
            assert_eq!(record.variant.id(), record.id);
            assert_eq!(record.rules.variant, record.variant, "{}", record.id);
            assert_eq!(Variant::parse(record.id, None, None), Ok(record.variant));
        }
        assert_eq!(Variant::IDS.len(), GAMES.len() - 1);
    }

    #[test]
    fn start_texts_of_every_game() {
        assert_eq!(
            Variant::Norochess960.start_text(None),
            Variant::Norochess.start_text(None)
        );
        assert_eq!(
            Variant::Norochess960.start_text(Some(0)).as_deref(),
            Ok("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1 score=0-0")
        );
        assert_eq!(
            Variant::Ram.start_text(None).as_deref(),
            Ok("1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1 w - - 0 1 opening=pending")
        );
        assert!(Variant::Norochess960.start_text(Some(960)).is_err());
        assert_eq!(Variant::Norochess960.start_numbering(), Some(CHESS960));
        assert_eq!(Variant::Chess.start_numbering(), None);
    }
}
