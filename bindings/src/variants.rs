//! The games the apps offer, with their names, descriptions and options:
//! the app layer's menu (`norochess_app::game_menu`), built from the
//! core's table, so a game added there shows in every shell's menu.

pub use norochess_app::game_menu::{
    GameSetup, OptionChoice, OptionSetting, VariantInfo, VariantOption,
};

/// Every game of the rule book, in menu order, with names, descriptions
/// and options.
#[uniffi::export]
pub fn variants() -> Vec<VariantInfo> {
    norochess_app::game_menu::variants()
}
