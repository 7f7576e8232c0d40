//! Move notation: coordinates (UCI), standard algebraic notation (SAN) and
//! the long algebraic notation of published Norochess games, with the special
//! moves of Ram and Frontal chess, and one forgiving parser that reads them
//! all (see `docs/notation.md`).
//!
//! | move | SAN | long | UCI |
//! |---|---|---|---|
//! | knight move | `Nf3` | `Ng1-f3` | `g1f3` |
//! | capture | `Nxd4`, `exd5` | `Nc6xd4`, `e4xd5` | `c6d4` |
//! | promotion | `e8=Q` | `e7-e8=Q` | `e7e8q` |
//! | castling | `O-O`, `O-O-O` | `O-O`, `O-O-O` | `e1g1`, `e1c1` |
//! | ram (Ram chess) | `exe5` | `e4xe5` | `e4e5` |
//! | swap (Frontal) | `e~e5` | `e4~e5` | `e4e5` |
//! | dethronement (Frontal) | `e10^`, `dxe10^` | `e9-e10^`, `d9xe10^` | `e9e10` |
//! | oblique step (Improved, Crab) | `eg6` | `e5-g6` | `e5g6` |
//!
//! In games with a royal king SAN and long moves end in `+` (check) or `#`
//! (checkmate); the Norochess family has no check and never marks it.
//!
//! Three concerns, one file each: `write` (a legal move as text), `read`
//! (text as a legal move, through a `pattern`), `explain` (why a text is
//! no legal move, in words a player can act on).

mod explain;
mod pattern;
mod read;
mod write;

pub(crate) use read::parse_coordinates;
pub use read::parse_move;
pub use write::{to_long, to_san, to_uci, write_move, Notation};

#[cfg(test)]
mod tests;
