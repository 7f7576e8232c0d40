//! What can be wrong with a game id, an option or a start number.

use thiserror::Error;

/// A game id, option or start number that does not exist.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    /// The game id is not one of the rule book's.
    #[error("unknown game `{0}` (expected {ids})", ids = super::table::id_list())]
    UnknownVariant(String),
    /// An option has a value it does not take.
    #[error("unknown {option} `{value}` (expected {expected})")]
    UnknownOption {
        /// The option's name.
        option: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        expected: &'static str,
    },
    /// An option was given for a game that has no such option.
    #[error("option {option} does not apply to {variant}")]
    OptionNotApplicable {
        /// The option's name.
        option: &'static str,
        /// The game given.
        variant: String,
    },
    /// An option id that no game of the table has.
    #[error("{variant} has no option `{option}`")]
    UnknownOptionName {
        /// The option id given.
        option: String,
        /// The game given.
        variant: String,
    },
    /// A Norochess960 start number outside 0–959.
    #[error("Norochess960 start number {0} is out of range (0 to 959)")]
    StartNumberOutOfRange(u16),
}
