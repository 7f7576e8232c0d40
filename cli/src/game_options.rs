//! The command-line options of Improved chess (`--zone`, `--blockage`),
//! shared by the commands that take a game.

use clap::Args;
use norochess_core::{Variant, VariantError};

/// `--zone` and `--blockage`.
#[derive(Args, Debug, Clone, Default)]
pub struct GameOptionArgs {
    /// Improved chess zone: far-half, beyond-fifth or seventh.
    #[arg(long)]
    pub zone: Option<String>,
    /// Improved chess blockage: enemy or any.
    #[arg(long)]
    pub blockage: Option<String>,
}

impl GameOptionArgs {
    /// The game `id` with these options.
    pub fn variant(&self, id: &str) -> Result<Variant, VariantError> {
        Variant::parse(id, self.zone.as_deref(), self.blockage.as_deref())
    }

    /// Whether either option was given.
    pub fn any(&self) -> bool {
        self.zone.is_some() || self.blockage.is_some()
    }
}
