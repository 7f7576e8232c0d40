//! Who plays a game and how it is set up.

use norochess_core::{Color, TimeControl, Variant};

/// Who plays the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "uniffi",
    derive(uniffi::Enum),
    uniffi(name = "SavedOpponent")
)]
pub enum Opponent {
    /// The computer; the person plays `human`.
    Computer {
        /// The person's colour.
        human: Color,
        /// The computer's level, 1–8.
        level: u8,
    },
    /// Two people on one device (pass and play).
    Friend,
}

/// The computer's levels, weakest first (level 8 thinks by time).
pub const COMPUTER_LEVELS: std::ops::RangeInclusive<u8> = 1..=8;

/// The computer's levels, weakest first: what a level picker offers, so
/// no shell writes the range down.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn computer_levels() -> Vec<u8> {
    COMPUTER_LEVELS.collect()
}

impl Opponent {
    /// Who plays whom, the one phrase every title uses: `vs the computer
    /// (level 4)` against the computer, `Ann vs Bob` in pass and play.
    /// Callers add the person's side where the board does not show it.
    pub fn versus(self, white: &str, black: &str) -> String {
        match self {
            Opponent::Computer { level, .. } => format!("vs the computer (level {level})"),
            Opponent::Friend => {
                // A friend's name left empty is said as the colour, as the
                // player's bar says it ("You vs Black", not "You vs ").
                let named = |name: &str, colour: &'static str| {
                    let name = name.trim();
                    if name.is_empty() {
                        colour.to_string()
                    } else {
                        name.to_string()
                    }
                };
                format!("{} vs {}", named(white, "White"), named(black, "Black"))
            }
        }
    }

    /// The computer's colour, in games against it.
    pub fn computer(self) -> Option<Color> {
        match self {
            Opponent::Computer { human, .. } => Some(!human),
            Opponent::Friend => None,
        }
    }
}

/// How a pass-and-play board is turned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum BoardMode {
    /// White at the bottom (against the computer: the person's side).
    #[default]
    Fixed,
    /// The side to move at the bottom, turned after each move.
    AutoFlip,
    /// White at the bottom and Black's pieces drawn upside down, for two
    /// players sitting face to face.
    FaceToFace,
}

impl BoardMode {
    /// A stable identifier for saved games and settings (`auto-flip`).
    pub const fn id(self) -> &'static str {
        match self {
            BoardMode::Fixed => "fixed",
            BoardMode::AutoFlip => "auto-flip",
            BoardMode::FaceToFace => "face-to-face",
        }
    }

    /// Parses [`BoardMode::id`].
    pub fn from_id(id: &str) -> Option<BoardMode> {
        [BoardMode::Fixed, BoardMode::AutoFlip, BoardMode::FaceToFace]
            .into_iter()
            .find(|m| m.id() == id)
    }
}

/// Which side is at the bottom against the computer (a setting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Orientation {
    /// The person's side.
    #[default]
    MySide,
    /// Always White.
    White,
}

/// What kind of player a side is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PlayerKind {
    /// A person at the device.
    Person,
    /// The computer at a level, 1–8.
    Computer {
        /// Its level.
        level: u8,
    },
}

/// One side's player as a screen shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Player {
    /// The name (a person's name, or "Computer (level 4)").
    pub name: String,
    /// Person or computer.
    pub kind: PlayerKind,
}

// Exported under the record's own name: a renamed record (`uniffi(name)`)
// would need the same name here, or the generator cannot find the type.
#[cfg_attr(feature = "uniffi", uniffi::export)]
impl Player {
    /// The computer's level, if the computer plays this side.
    pub fn computer_level(&self) -> Option<u8> {
        match self.kind {
            PlayerKind::Computer { level } => Some(level),
            PlayerKind::Person => None,
        }
    }
}

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// The game.
    pub variant: Variant,
    /// The Norochess960 start number (0–959; 518 is the standard set-up);
    /// `None` in a game from the start is a random set-up drawn from
    /// `seed` ([`crate::GameSession::new`] fills it in).
    pub start: Option<u16>,
    /// A set-up position (the text of docs/position-format.md) instead of
    /// the start.
    pub position: Option<String>,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// Player names, White's then Black's (a computer side's name is
    /// replaced by "Computer (level N)").
    pub names: [String; 2],
    /// The clock, if any.
    pub clock: Option<TimeControl>,
    /// How a pass-and-play board turns.
    pub board_mode: BoardMode,
    /// Seed of the computer's choices (levels 1–5 use it), so a game can be
    /// replayed exactly.
    pub seed: u64,
}

impl GameSpec {
    /// A game of `variant` against the computer.
    pub fn against_computer(variant: Variant, human: Color, level: u8) -> GameSpec {
        GameSpec {
            variant,
            start: None,
            position: None,
            opponent: Opponent::Computer {
                human,
                level: level.clamp(1, 8),
            },
            names: ["You".to_string(), "You".to_string()],
            clock: None,
            board_mode: BoardMode::Fixed,
            seed: 1,
        }
    }

    /// A pass-and-play game of `variant` between two named players.
    pub fn pass_and_play(variant: Variant, white: &str, black: &str) -> GameSpec {
        GameSpec {
            variant,
            start: None,
            position: None,
            opponent: Opponent::Friend,
            names: [white.to_string(), black.to_string()],
            clock: None,
            board_mode: BoardMode::AutoFlip,
            seed: 1,
        }
    }

    /// The player of each side, White's first.
    pub fn players(&self) -> [Player; 2] {
        let player = |color: Color| match self.opponent {
            Opponent::Computer { human, level } if human != color => Player {
                name: format!("Computer (level {level})"),
                kind: PlayerKind::Computer { level },
            },
            _ => Player {
                name: self.names[color.index()].clone(),
                kind: PlayerKind::Person,
            },
        };
        [player(Color::White), player(Color::Black)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_friend_left_unnamed_is_said_as_the_colour() {
        assert_eq!(Opponent::Friend.versus("Ann", "Bob"), "Ann vs Bob");
        assert_eq!(Opponent::Friend.versus("You", ""), "You vs Black");
        assert_eq!(Opponent::Friend.versus(" ", "Bob"), "White vs Bob");
    }
}
