//! The new-game menu as data: every listed game of the core's table with
//! its name, description and options, and the set-up a menu hands back
//! (the game's id and an id for each chosen option value).
//!
//! Shells draw the option lists they are given and pass the ids back, so a
//! game added to the core's table appears in every shell's menu, options
//! included, without a shell change. Random choices (a Norochess960 start
//! without a number) are made by the session from its seed, never by a
//! shell. The clock menu's presets ([`time_control_presets`]) are the
//! core's, named here once for every shell.

use norochess_core::{BoardSize, TimeControl, Variant, VariantError};
use thiserror::Error;

/// One option chosen in the menu: its id and the id of its value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OptionSetting {
    /// The option's id (`zone`), from [`VariantOption::id`].
    pub option: String,
    /// The chosen value's id (`seventh`), from [`OptionChoice::id`].
    pub value: String,
}

/// Which game to play with its options: what a new-game menu chooses and
/// what a game on screen reports.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameSetup {
    /// The game's id in the core's table (`norochess`, `improved`).
    pub game: String,
    /// Values for the game's options; an option not given takes its
    /// default. For a game on screen: every option with its value.
    #[cfg_attr(feature = "uniffi", uniffi(default = []))]
    pub options: Vec<OptionSetting>,
    /// The start position's number, for a game with numbered starts
    /// (Norochess960: 0–959, 518 the standard set-up). `None`: a new
    /// session draws one from its seed.
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub start_number: Option<u16>,
}

/// Why a set-up names no playable game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The id or an option is not the table's.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A start number for a game whose start is fixed.
    #[error("a start number applies only to games with numbered starts, not to {game}")]
    NoStartNumbers {
        /// The game given.
        game: String,
    },
}

impl GameSetup {
    /// The set-up of `game` with its default options.
    pub fn new(game: &str) -> GameSetup {
        GameSetup {
            game: game.to_string(),
            options: Vec::new(),
            start_number: None,
        }
    }

    /// The set-up of a core variant, every option written out.
    pub fn of(variant: Variant, start_number: Option<u16>) -> GameSetup {
        GameSetup {
            game: variant.id().to_string(),
            options: variant
                .option_values()
                .into_iter()
                .map(|(option, value)| OptionSetting {
                    option: option.to_string(),
                    value: value.to_string(),
                })
                .collect(),
            start_number,
        }
    }

    /// The core's variant, checking every option and the start number.
    pub fn variant(&self) -> Result<Variant, SetupError> {
        let options: Vec<(&str, &str)> = self
            .options
            .iter()
            .map(|o| (o.option.as_str(), o.value.as_str()))
            .collect();
        let variant = Variant::with_options(self.game.trim(), &options)?;
        match (self.start_number, variant.start_numbering()) {
            (Some(_), None) => Err(SetupError::NoStartNumbers {
                game: variant.id().to_string(),
            }),
            (Some(n), Some(numbering)) if n >= numbering.count => {
                Err(VariantError::StartNumberOutOfRange(n).into())
            }
            _ => Ok(variant),
        }
    }
}

/// One value of a game option, for a picker.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct OptionChoice {
    /// The value's id in saved games and records (`far-half`).
    pub id: String,
    /// What a player reads (`Ranks 5, 6 and 7`).
    pub name: String,
    /// Whether this is the default.
    pub is_default: bool,
}

/// A game option with its values (Improved chess's zone and blockage).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct VariantOption {
    /// The option's id (`zone`, `blockage`).
    pub id: String,
    /// Its name for players (`Zone`).
    pub name: String,
    /// Its values, in the rule book's order, the default first.
    pub choices: Vec<OptionChoice>,
}

/// A game as a menu shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct VariantInfo {
    /// Its id everywhere (CLI, records, saved games, [`GameSetup::game`]).
    pub id: String,
    /// Its name for players (`Ram chess`).
    pub name: String,
    /// A one-paragraph description.
    pub description: String,
    /// Board width and height (8 or 10).
    pub board_size: u32,
    /// Whether captures score points and the game has a fixed length
    /// (the Norochess family: show the score bar).
    pub has_scores: bool,
    /// Whether the king is royal (check and checkmate exist).
    pub royal_king: bool,
    /// How many numbered start positions the game has (Norochess960: 960),
    /// `None` for a fixed start.
    pub start_numbers: Option<u16>,
    /// The standard start's number (Norochess960: 518).
    pub standard_start: Option<u16>,
    /// The game's options, in menu order (only Improved chess has any).
    pub options: Vec<VariantOption>,
}

/// Every game the menus offer, in the table's order.
pub fn variants() -> Vec<VariantInfo> {
    Variant::records()
        .iter()
        .filter(|record| record.listed)
        .map(|record| info(record.variant))
        .collect()
}

/// The menu entry of `variant`.
pub fn info(variant: Variant) -> VariantInfo {
    let rules = variant.rules();
    let options = variant
        .options()
        .iter()
        .map(|option| VariantOption {
            id: option.id.to_string(),
            name: option.name.to_string(),
            choices: option
                .values
                .iter()
                .enumerate()
                .map(|(i, value)| OptionChoice {
                    id: value.id.to_string(),
                    name: value.label.to_string(),
                    is_default: i == 0,
                })
                .collect(),
        })
        .collect();
    let numbering = variant.start_numbering();
    VariantInfo {
        id: variant.id().to_string(),
        name: variant.display_name().to_string(),
        description: variant.description().to_string(),
        board_size: match variant.board_size() {
            BoardSize::Eight => 8,
            BoardSize::Ten => 10,
        },
        has_scores: rules.capture_points,
        royal_king: rules.royal_king,
        start_numbers: numbering.map(|n| n.count),
        standard_start: numbering.map(|n| n.standard),
        options,
    }
}

/// A named time control for the clock menu.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct TimeControlPreset {
    /// What the menu shows (`Blitz 3+2`).
    pub name: String,
    /// The control.
    pub control: TimeControl,
}

/// The clock menu's presets, in menu order, including scaled Norochess
/// tournament controls.
pub fn time_control_presets() -> Vec<TimeControlPreset> {
    TimeControl::presets()
        .into_iter()
        .map(|(name, control)| TimeControlPreset {
            name: name.into(),
            control,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_menu_has_the_cores_presets_by_name() {
        let presets = time_control_presets();
        assert_eq!(presets.len(), TimeControl::presets().len());
        let blitz = presets
            .iter()
            .find(|p| p.name == "Blitz 3+2")
            .expect("Blitz 3+2 is offered");
        assert!(matches!(blitz.control, TimeControl::Fischer { .. }));
    }

    #[test]
    fn the_menu_is_the_tables_listed_games_with_their_options() {
        let ids: Vec<String> = variants().into_iter().map(|v| v.id).collect();
        let table: Vec<&str> = Variant::records()
            .iter()
            .filter(|r| r.listed)
            .map(|r| r.id)
            .collect();
        assert_eq!(ids, table);
        assert!(!ids.iter().any(|id| id == "plain10"), "test-only game");
        let improved = info(Variant::parse("improved", None, None).unwrap());
        let option_ids: Vec<&str> = improved.options.iter().map(|o| o.id.as_str()).collect();
        assert_eq!(option_ids, ["zone", "blockage"]);
        assert!(improved.options[0].choices[0].is_default);
        let n960 = info(Variant::Norochess960);
        assert_eq!(
            (n960.start_numbers, n960.standard_start),
            (Some(960), Some(518))
        );
    }

    #[test]
    fn every_choice_a_menu_can_make_is_a_playable_setup() {
        for game in variants() {
            assert_eq!(
                GameSetup::new(&game.id).variant().map(|v| v.id()),
                Ok(game.id.as_str())
            );
            for option in &game.options {
                for choice in &option.choices {
                    let setup = GameSetup {
                        options: vec![OptionSetting {
                            option: option.id.clone(),
                            value: choice.id.clone(),
                        }],
                        ..GameSetup::new(&game.id)
                    };
                    let variant = setup.variant().unwrap();
                    assert!(variant
                        .option_values()
                        .contains(&(option.id.as_str(), choice.id.as_str())));
                    assert_eq!(GameSetup::of(variant, None).variant(), Ok(variant));
                }
            }
        }
    }

    #[test]
    fn start_numbers_are_checked() {
        let mut setup = GameSetup::new("norochess960");
        setup.start_number = Some(959);
        assert!(setup.variant().is_ok());
        setup.start_number = Some(960);
        assert_eq!(
            setup.variant(),
            Err(SetupError::Variant(VariantError::StartNumberOutOfRange(
                960
            )))
        );
        let mut chess = GameSetup::new("chess");
        chess.start_number = Some(1);
        assert!(matches!(
            chess.variant(),
            Err(SetupError::NoStartNumbers { .. })
        ));
        assert!(matches!(
            GameSetup::new("nope").variant(),
            Err(SetupError::Variant(VariantError::UnknownVariant(_)))
        ));
    }
}
