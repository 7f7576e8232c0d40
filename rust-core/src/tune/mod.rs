//! Texel-style tuning of the evaluation weights ([`crate::EvalParams`]).
//!
//! Three parts, all pure (the caller reads and writes files):
//! - [`record`]: one text line per position (position text, the game's
//!   result for White, the final score difference, the game number) and
//!   its typed parse errors;
//! - [`generate`]: seeded self-play games (random opening plies, then the
//!   engine on one thread at a fixed node budget per move, so the same seed
//!   gives the same records) reduced to quiet positions;
//! - [`fit`]: the sigmoid scale `K` and a local search over the integer
//!   weights that minimises the mean squared error between
//!   `sigmoid(K · eval)` and the results.

pub mod fit;
pub mod generate;
pub mod record;

pub use fit::{fit, fit_scale, mean_error, FitConfig, FitProgress, FitReport, Sample};
pub use generate::{game_seeds, play_game, GenerateConfig};
pub use record::{TuneDataError, TuneRecord};
