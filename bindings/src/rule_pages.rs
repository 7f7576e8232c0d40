//! Each game's rule page, for the Rules screens: the core's own types
//! (`docs/rules/ID.md`, parsed by `norochess_core::RulePage`), declared to
//! UniFFI as remote types so no copy or conversion is written here.

use crate::error::{guard, Result};
use norochess_core as core;
pub use norochess_core::{RuleBlock, RulePage, RuleSection};

/// A game's rule page: its title, the summary and the sections.
#[uniffi::remote(Record)]
pub struct RulePage {
    /// The game's id (`norochess`).
    pub game: String,
    /// The page's title (the game's name).
    pub title: String,
    /// What the game is, in one paragraph.
    pub summary: String,
    /// The sections, in reading order.
    pub sections: Vec<RuleSection>,
}

/// One section of a rule page.
#[uniffi::remote(Record)]
pub struct RuleSection {
    /// The section's heading.
    pub heading: String,
    /// Its paragraphs, lists and tables, in order.
    pub blocks: Vec<RuleBlock>,
}

/// A paragraph, a bullet list or a table.
#[uniffi::remote(Enum)]
pub enum RuleBlock {
    /// Running text.
    Paragraph {
        /// The paragraph's text.
        text: String,
    },
    /// A list of points.
    Bullets {
        /// The items, in order.
        items: Vec<String>,
    },
    /// A table with a header row.
    Table {
        /// The column headings.
        header: Vec<String>,
        /// The rows, each as wide as the header.
        rows: Vec<Vec<String>>,
    },
}

/// The rule page of the game with id `game_id` (one of the ids of
/// [`crate::variants`]; a game's options share its page).
#[uniffi::export]
pub fn rule_page(game_id: String) -> Result<RulePage> {
    guard("rule_page", || {
        // Test-only games (plain10) never reach the apps.
        if !core::Variant::IDS.contains(&game_id.as_str()) {
            return Err(core::VariantError::UnknownVariant(game_id).into());
        }
        Ok(core::Variant::parse(&game_id, None, None)?.rule_page())
    })
}
