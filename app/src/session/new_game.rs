//! A new game as a phone's menu chooses it: who plays (the computer at a
//! level with a colour, possibly drawn at random, or two friends) and the
//! defaults the settings give. The shells pass the choices; the spec, the
//! random colour and the names are made here.

use super::NewGameError;
use crate::game_menu::GameSetup;
use crate::library::Settings;
use crate::players::{BoardMode, GameSpec, Opponent, COMPUTER_LEVELS};
use norochess_core::{Color, SplitMix64, TimeControl};

/// Everything a phone's new-game menu chooses to start a game session.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct NewGame {
    /// The game and its options (a Norochess960 start number in it).
    pub setup: GameSetup,
    /// A set-up position (docs/position-format.md) instead of the start.
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub position_text: Option<String>,
    /// Who plays the other side.
    pub opponent: OpponentChoice,
    /// The clock, if any. It starts at White's first move.
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub clock: Option<TimeControl>,
    /// How a pass-and-play board turns; `None`: the library's setting
    /// (auto-flip without a library).
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub board_mode: Option<BoardMode>,
    /// Seed of the computer's choices and of a random colour, so a game
    /// can be replayed exactly.
    #[cfg_attr(feature = "uniffi", uniffi(default = 1))]
    pub seed: u64,
    /// The person's name against the computer; `None`: the library's
    /// setting (`You` without a library).
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub player_name: Option<String>,
    /// Level 8's node budget per move (makes it repeatable); `None`: it
    /// thinks by time (about 0.7 s, less on a short clock).
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub level8_nodes: Option<u64>,
}

impl NewGame {
    /// The spec of the game, with the defaults `settings` give (the
    /// person's name, the pass-and-play board). Checks the game, its
    /// options and the computer's level; the position is checked when the
    /// session starts.
    pub fn spec(&self, settings: &Settings) -> Result<GameSpec, NewGameError> {
        let variant = self.setup.variant()?;
        let (opponent, names) =
            self.opponent
                .resolve(self.seed, self.player_name.as_deref(), settings)?;
        Ok(GameSpec {
            variant,
            start: self.setup.start_number,
            position: self.position_text.clone(),
            opponent,
            names,
            clock: self.clock,
            board_mode: board_mode_for(self.board_mode, opponent, settings),
            seed: self.seed,
        })
    }
}

/// The person's colour against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ColourChoice {
    /// The person plays White.
    White,
    /// The person plays Black.
    Black,
    /// Drawn from the game's seed (the same seed gives the same colour).
    Random,
}

/// Who plays the other side of a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum OpponentChoice {
    /// The computer at `level` (1 = beginner … 8 = full strength).
    Computer {
        /// 1–8.
        level: u8,
        /// The person's colour.
        colour: ColourChoice,
    },
    /// Two people on one device (pass and play).
    Friend {
        /// White's name.
        white_name: String,
        /// Black's name.
        black_name: String,
    },
}

impl OpponentChoice {
    /// The opponent and both names: against the computer the person's
    /// colour (a random one drawn from `seed`) and the person's name
    /// (`player_name`, or the settings' name) on both sides, of which the
    /// session renames the computer's; in pass and play the friends' names.
    pub fn resolve(
        &self,
        seed: u64,
        player_name: Option<&str>,
        settings: &Settings,
    ) -> Result<(Opponent, [String; 2]), NewGameError> {
        match self {
            OpponentChoice::Computer { level, colour } => {
                if !COMPUTER_LEVELS.contains(level) {
                    return Err(NewGameError::NoSuchLevel { level: *level });
                }
                let human = match colour {
                    ColourChoice::White => Color::White,
                    ColourChoice::Black => Color::Black,
                    ColourChoice::Random if SplitMix64::new(seed).next_u64() & 1 == 0 => {
                        Color::White
                    }
                    ColourChoice::Random => Color::Black,
                };
                let name = player_name.unwrap_or(&settings.player_name).to_string();
                let opponent = Opponent::Computer {
                    human,
                    level: *level,
                };
                Ok((opponent, [name.clone(), name]))
            }
            OpponentChoice::Friend {
                white_name,
                black_name,
            } => Ok((Opponent::Friend, [white_name.clone(), black_name.clone()])),
        }
    }
}

/// How the board of a new game turns: as chosen, or the settings'
/// pass-and-play board between friends and fixed against the computer.
pub fn board_mode_for(
    chosen: Option<BoardMode>,
    opponent: Opponent,
    settings: &Settings,
) -> BoardMode {
    match (chosen, opponent) {
        (Some(mode), _) => mode,
        (None, Opponent::Friend) => settings.pass_and_play_board,
        (None, Opponent::Computer { .. }) => BoardMode::Fixed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_resolve_with_the_settings_defaults() {
        let settings = Settings {
            player_name: "Kim".into(),
            ..Settings::default()
        };
        let computer = OpponentChoice::Computer {
            level: 3,
            colour: ColourChoice::Black,
        };
        let (opponent, names) = computer.resolve(1, None, &settings).unwrap();
        assert_eq!(
            opponent,
            Opponent::Computer {
                human: Color::Black,
                level: 3
            }
        );
        assert_eq!(names, ["Kim", "Kim"]);
        assert_eq!(board_mode_for(None, opponent, &settings), BoardMode::Fixed);
        let friends = OpponentChoice::Friend {
            white_name: "Ann".into(),
            black_name: "Bob".into(),
        };
        let (opponent, names) = friends.resolve(1, Some("ignored"), &settings).unwrap();
        assert_eq!(names, ["Ann", "Bob"]);
        assert_eq!(
            board_mode_for(None, opponent, &settings),
            settings.pass_and_play_board
        );
        let level_9 = OpponentChoice::Computer {
            level: 9,
            colour: ColourChoice::White,
        };
        assert!(matches!(
            level_9.resolve(1, None, &settings),
            Err(NewGameError::NoSuchLevel { level: 9 })
        ));
    }

    #[test]
    fn a_new_game_becomes_a_spec_with_the_settings_defaults() {
        let settings = Settings {
            player_name: "Kim".into(),
            ..Settings::default()
        };
        let game = NewGame {
            setup: GameSetup {
                game: "norochess".into(),
                options: Vec::new(),
                start_number: None,
            },
            position_text: None,
            opponent: OpponentChoice::Computer {
                level: 2,
                colour: ColourChoice::White,
            },
            clock: None,
            board_mode: None,
            seed: 5,
            player_name: None,
            level8_nodes: None,
        };
        let spec = game.spec(&settings).unwrap();
        assert_eq!(spec.names, ["Kim", "Kim"]);
        assert_eq!(spec.board_mode, BoardMode::Fixed);
        assert_eq!(spec.seed, 5);
        let unknown = NewGame {
            setup: GameSetup {
                game: "no-such-game".into(),
                ..game.setup.clone()
            },
            ..game
        };
        assert!(matches!(
            unknown.spec(&settings),
            Err(NewGameError::Setup(_))
        ));
    }

    #[test]
    fn a_random_colour_is_the_seeds_and_both_colours_occur() {
        let settings = Settings::default();
        let random = OpponentChoice::Computer {
            level: 1,
            colour: ColourChoice::Random,
        };
        let colour = |seed| match random.resolve(seed, None, &settings) {
            Ok((Opponent::Computer { human, .. }, _)) => Some(human),
            _ => None,
        };
        assert_eq!(colour(7), colour(7));
        let seen: std::collections::HashSet<_> = (0..16).filter_map(colour).collect();
        assert_eq!(seen.len(), 2);
    }
}
