//! The games the apps offer, with their names, descriptions and options.

use crate::error::{NorochessError, Result};
use norochess_core as core;

/// The games of the rule book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum GameVariant {
    /// Norochess (`norochess`): non-royal king, capture points, 48 moves
    /// plus up to 12 overtime moves.
    Norochess,
    /// Norochess from a Chess960 set-up (`norochess960`, start number 0–959).
    Norochess960,
    /// Ram chess (`ram`), 10×10.
    Ram,
    /// Frontal chess (`frontal`), 10×10.
    Frontal,
    /// Improved chess (`improved`) with a zone and a blockage option.
    Improved,
    /// Crab chess (`crab`).
    Crab,
    /// Standard chess (`chess`).
    Chess,
}

impl GameVariant {
    const ALL: [GameVariant; 7] = [
        GameVariant::Norochess,
        GameVariant::Norochess960,
        GameVariant::Ram,
        GameVariant::Frontal,
        GameVariant::Improved,
        GameVariant::Crab,
        GameVariant::Chess,
    ];

    fn core_default(self) -> core::Variant {
        match self {
            GameVariant::Norochess => core::Variant::Norochess,
            GameVariant::Norochess960 => core::Variant::Norochess960,
            GameVariant::Ram => core::Variant::Ram,
            GameVariant::Frontal => core::Variant::Frontal,
            GameVariant::Improved => core::Variant::Improved {
                zone: core::Zone::default(),
                blockage: core::Blockage::default(),
            },
            GameVariant::Crab => core::Variant::Crab,
            GameVariant::Chess => core::Variant::Chess,
        }
    }
}

/// Improved chess's options: the core's `Zone` and `Blockage`, declared
/// for UniFFI by the app layer.
pub use norochess_core::{Blockage, Zone};

uniffi::use_remote_type!(norochess_app::norochess_core::Zone);
uniffi::use_remote_type!(norochess_app::norochess_core::Blockage);

/// Which game to play, with its options: what "Play the computer" and
/// "Pass and play" choose.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameSetup {
    /// The game.
    pub variant: GameVariant,
    /// Improved chess's zone (`None`: the default, far half). Only for Improved.
    #[uniffi(default = None)]
    pub zone: Option<Zone>,
    /// Improved chess's blockage rule (`None`: the default, enemy). Only for Improved.
    #[uniffi(default = None)]
    pub blockage: Option<Blockage>,
    /// Norochess960's start position, 0–959 (518 is the standard set-up).
    /// Only for Norochess960 games from the start. `None`: a new session
    /// (`GameSessionHandle`) draws a random set-up from its seed; a bare
    /// `GameHandle` starts from 518.
    #[uniffi(default = None)]
    pub start_number: Option<u16>,
}

impl GameSetup {
    /// The core's variant for this set-up, checking that each option applies.
    pub(crate) fn core_variant(&self) -> Result<core::Variant> {
        let id = self.variant.core_default().id();
        let zone = self.zone.map(|z| z.id());
        let blockage = self.blockage.map(|b| b.id());
        let variant = core::Variant::parse(id, zone, blockage)?;
        if self.start_number.is_some() && variant.start_numbering().is_none() {
            return Err(NorochessError::invalid_variant(format!(
                "a start number applies only to norochess960, not to {id}"
            )));
        }
        if let (Some(n), Some(numbering)) = (self.start_number, variant.start_numbering()) {
            if n >= numbering.count {
                return Err(core::VariantError::StartNumberOutOfRange(n).into());
            }
        }
        Ok(variant)
    }

    /// The set-up of a core variant (without a start number).
    pub(crate) fn of(variant: core::Variant, start_number: Option<u16>) -> GameSetup {
        let (zone, blockage) = match variant.improved_options() {
            Some((z, b)) => (Some(z), Some(b)),
            None => (None, None),
        };
        // The FFI enum names the same games as the core's ids; `plain10`
        // is test-only and never reaches the bindings.
        let game = GameVariant::ALL
            .into_iter()
            .find(|g| g.core_default().id() == variant.id())
            .unwrap_or(GameVariant::Chess);
        GameSetup {
            variant: game,
            zone,
            blockage,
            start_number,
        }
    }
}

/// One value of a game option, for a picker.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct OptionChoice {
    /// The value's id in saved games and records (`far-half`).
    pub id: String,
    /// What a player reads (`Ranks 5, 6 and 7`).
    pub name: String,
    /// Whether this is the default.
    pub is_default: bool,
}

/// A game option with its values (Improved chess's zone and blockage).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct VariantOption {
    /// The option's id (`zone`, `blockage`).
    pub id: String,
    /// Its name for players (`Zone`).
    pub name: String,
    /// Its values, in the rule book's order.
    pub choices: Vec<OptionChoice>,
}

/// A game as a menu shows it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct VariantInfo {
    /// The game.
    pub variant: GameVariant,
    /// Its id everywhere (CLI, records, saved games): `norochess`, `ram`…
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
    /// Whether the game takes a start number (Norochess960: 0–959, 518 standard).
    pub has_start_number: bool,
    /// The game's options (only Improved chess has any).
    pub options: Vec<VariantOption>,
}

/// Every game of the rule book, in menu order, with names, descriptions
/// and options.
#[uniffi::export]
pub fn variants() -> Vec<VariantInfo> {
    GameVariant::ALL.into_iter().map(variant_info).collect()
}

/// The menu entry of one game.
fn variant_info(variant: GameVariant) -> VariantInfo {
    let core_variant = variant.core_default();
    let rules = core_variant.rules();
    // Names, labels and defaults come from the core's record of the game.
    let options = core_variant
        .options()
        .iter()
        .map(|option| VariantOption {
            id: option.id.into(),
            name: option.name.into(),
            choices: option
                .values
                .iter()
                .enumerate()
                .map(|(i, value)| OptionChoice {
                    id: value.id.into(),
                    name: value.label.into(),
                    is_default: i == 0,
                })
                .collect(),
        })
        .collect();
    VariantInfo {
        variant,
        id: core_variant.id().into(),
        name: core_variant.display_name().into(),
        description: core_variant.description().into(),
        board_size: match core_variant.board_size() {
            core::BoardSize::Eight => 8,
            core::BoardSize::Ten => 10,
        },
        has_scores: rules.capture_points,
        royal_king: rules.royal_king,
        has_start_number: core_variant.start_numbering().is_some(),
        options,
    }
}
