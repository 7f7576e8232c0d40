//! The player's settings (APP.md's list), typed, stored as key/value rows.

use super::{Library, LibraryError};
use crate::players::{BoardMode, COMPUTER_LEVELS};
use crate::texts::{clock_id, parse_clock};
use norochess_core::TimeControl;
use rusqlite::params;
use thiserror::Error;

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum PieceStyle {
    /// Chess figures.
    #[default]
    Classic,
    /// Letters (K Q R B N P), White upper case.
    Letters,
}

pub use crate::players::Orientation;

/// Every setting, with the defaults of a new install.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Settings {
    /// Board colours: `brown`, `green`, `blue` or `grey`.
    pub board_theme: String,
    /// Piece style.
    pub piece_style: PieceStyle,
    /// Coordinates on the board's edge.
    pub coordinates: bool,
    /// Dots on the legal targets of a selected piece.
    pub legal_dots: bool,
    /// How a pass-and-play board turns.
    pub pass_and_play_board: BoardMode,
    /// Which side is at the bottom against the computer.
    pub orientation: Orientation,
    /// Ask before resigning.
    pub confirm_resign: bool,
    /// Ask before a move that repeats a position a third time, which
    /// loses in the Norochess family.
    #[cfg_attr(feature = "uniffi", uniffi(default = true))]
    pub confirm_repetition: bool,
    /// Sounds on move, capture and game end.
    pub sounds: bool,
    /// Haptics on move, capture and game end.
    pub haptics: bool,
    /// Hints allowed in games.
    pub hints: bool,
    /// Takebacks allowed in games.
    pub takeback: bool,
    /// Practice mode against the computer: after each of the person's
    /// moves, its mark and the points it cost (off by default).
    #[cfg_attr(feature = "uniffi", uniffi(default = false))]
    pub practice: bool,
    /// Default level against the computer (1–8).
    pub default_level: u8,
    /// Default clock (none: untimed).
    pub default_clock: Option<TimeControl>,
    /// The player's name in records.
    pub player_name: String,
    /// Colours in a terminal (the terminal app).
    pub terminal_colour: bool,
}

/// The settings of a new library: what a screen shows when the library's
/// own cannot be read, so no shell writes the defaults down.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn default_settings() -> Settings {
    Settings::default()
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            board_theme: "brown".to_string(),
            piece_style: PieceStyle::Classic,
            coordinates: true,
            legal_dots: true,
            pass_and_play_board: BoardMode::AutoFlip,
            orientation: Orientation::MySide,
            confirm_resign: true,
            confirm_repetition: true,
            sounds: true,
            haptics: true,
            hints: true,
            takeback: true,
            practice: false,
            default_level: 3,
            default_clock: None,
            player_name: "You".to_string(),
            terminal_colour: true,
        }
    }
}

/// The board themes offered.
pub const BOARD_THEMES: [&str; 4] = ["brown", "green", "blue", "grey"];

/// Each key with what it takes, in display order.
pub const SETTING_KEYS: [(&str, &str); 17] = [
    ("board-theme", "brown, green, blue or grey"),
    ("pieces", "classic or letters"),
    ("coordinates", "on or off"),
    (
        "legal-dots",
        "on or off (dots on a selected piece's targets)",
    ),
    ("pass-and-play-board", "fixed, auto-flip or face-to-face"),
    ("orientation", "my-side or white (against the computer)"),
    ("confirm-resign", "on or off"),
    (
        "confirm-repetition",
        "on or off (ask before a move that repeats a position a third time and loses)",
    ),
    ("sounds", "on or off"),
    ("haptics", "on or off"),
    ("hints", "on or off"),
    ("takeback", "on or off"),
    (
        "practice",
        "on or off (against the computer: each of your moves marked, with the points it cost)",
    ),
    ("level", "1-8, the default level against the computer"),
    (
        "clock",
        "none or a clock such as norochess-10, the default clock",
    ),
    ("name", "your name in game records"),
    ("colour", "on or off (colours in a terminal)"),
];

/// Older names still understood (the terminal app's earlier keys).
const ALIASES: [(&str, &str); 3] = [
    ("autoflip", "pass-and-play-board"),
    ("color", "colour"),
    ("piece-style", "pieces"),
];

/// Why a setting was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingsError {
    /// No setting has this name.
    #[error("there is no setting `{key}`{}", suggestion.as_ref().map(|s| format!("; did you mean `{s}`?")).unwrap_or_default())]
    UnknownKey {
        /// The name given.
        key: String,
        /// The closest name, if one is close.
        suggestion: Option<String>,
    },
    /// The value does not fit the setting.
    #[error("`{value}` is not a value for {key}: it takes {expected}")]
    BadValue {
        /// The setting.
        key: String,
        /// The value given.
        value: String,
        /// What it takes.
        expected: String,
    },
}

fn on_off(value: bool) -> &'static str {
    if value {
        "on"
    } else {
        "off"
    }
}

impl Settings {
    /// The current name of `key` (`color` is `colour`), if it is a setting.
    pub fn canonical_key(key: &str) -> Option<&'static str> {
        canonical(key)
    }

    /// The value of `key` as text (`None` for an unknown key).
    pub fn get(&self, key: &str) -> Option<String> {
        let key = canonical(key)?;
        Some(match key {
            "board-theme" => self.board_theme.clone(),
            "pieces" => match self.piece_style {
                PieceStyle::Classic => "classic".to_string(),
                PieceStyle::Letters => "letters".to_string(),
            },
            "coordinates" => on_off(self.coordinates).to_string(),
            "legal-dots" => on_off(self.legal_dots).to_string(),
            "pass-and-play-board" => self.pass_and_play_board.id().to_string(),
            "orientation" => match self.orientation {
                Orientation::MySide => "my-side".to_string(),
                Orientation::White => "white".to_string(),
            },
            "confirm-resign" => on_off(self.confirm_resign).to_string(),
            "confirm-repetition" => on_off(self.confirm_repetition).to_string(),
            "sounds" => on_off(self.sounds).to_string(),
            "haptics" => on_off(self.haptics).to_string(),
            "hints" => on_off(self.hints).to_string(),
            "takeback" => on_off(self.takeback).to_string(),
            "practice" => on_off(self.practice).to_string(),
            "level" => self.default_level.to_string(),
            "clock" => self.default_clock.map_or("none".to_string(), clock_id),
            "name" => self.player_name.clone(),
            "colour" => on_off(self.terminal_colour).to_string(),
            _ => return None,
        })
    }

    /// Sets `key` from text, checking the value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), SettingsError> {
        let canonical_key = canonical(key).ok_or_else(|| SettingsError::UnknownKey {
            key: key.to_string(),
            suggestion: SETTING_KEYS
                .iter()
                .map(|(k, _)| (crate::texts::distance(key, k), *k))
                .filter(|(d, _)| *d <= 2)
                .min()
                .map(|(_, k)| k.to_string()),
        })?;
        let expected = SETTING_KEYS
            .iter()
            .find(|(k, _)| *k == canonical_key)
            .map_or("", |(_, e)| e);
        let bad = || SettingsError::BadValue {
            key: canonical_key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        };
        let trimmed = value.trim();
        let lower = trimmed.to_ascii_lowercase();
        let flag = || match lower.as_str() {
            "on" | "yes" | "true" | "1" => Ok(true),
            "off" | "no" | "false" | "0" => Ok(false),
            _ => Err(bad()),
        };
        match canonical_key {
            "board-theme" => {
                if !BOARD_THEMES.contains(&lower.as_str()) {
                    return Err(bad());
                }
                self.board_theme = lower;
            }
            "pieces" => {
                self.piece_style = match lower.as_str() {
                    "classic" | "symbols" => PieceStyle::Classic,
                    "letters" => PieceStyle::Letters,
                    _ => return Err(bad()),
                }
            }
            "coordinates" => self.coordinates = flag()?,
            "legal-dots" => self.legal_dots = flag()?,
            "pass-and-play-board" => {
                // `autoflip on|off` from earlier versions.
                self.pass_and_play_board = match (BoardMode::from_id(&lower), flag()) {
                    (Some(mode), _) => mode,
                    (None, Ok(true)) => BoardMode::AutoFlip,
                    (None, Ok(false)) => BoardMode::Fixed,
                    (None, Err(_)) => return Err(bad()),
                }
            }
            "orientation" => {
                self.orientation = match lower.as_str() {
                    "my-side" => Orientation::MySide,
                    "white" => Orientation::White,
                    _ => return Err(bad()),
                }
            }
            "confirm-resign" => self.confirm_resign = flag()?,
            "confirm-repetition" => self.confirm_repetition = flag()?,
            "sounds" => self.sounds = flag()?,
            "haptics" => self.haptics = flag()?,
            "hints" => self.hints = flag()?,
            "takeback" => self.takeback = flag()?,
            "practice" => self.practice = flag()?,
            "level" => match lower.parse::<u8>() {
                Ok(n) if COMPUTER_LEVELS.contains(&n) => self.default_level = n,
                _ => return Err(bad()),
            },
            "clock" => self.default_clock = parse_clock(&lower).map_err(|_| bad())?,
            "name" => {
                let name: String = trimmed.chars().filter(|c| !c.is_control()).collect();
                if name.is_empty() || name.chars().count() > 40 || name.contains('"') {
                    return Err(bad());
                }
                self.player_name = name;
            }
            "colour" => self.terminal_colour = flag()?,
            _ => return Err(bad()),
        }
        Ok(())
    }
}

/// The key's current name (aliases resolved), if it is one.
fn canonical(key: &str) -> Option<&'static str> {
    let key = key.trim().to_ascii_lowercase();
    if let Some((k, _)) = SETTING_KEYS.iter().find(|(k, _)| *k == key) {
        return Some(k);
    }
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == key)
        .map(|(_, k)| *k)
}

impl Library {
    /// The settings (defaults for anything never set; a stored value that
    /// no longer parses is replaced by its default).
    pub fn settings(&self) -> Result<Settings, LibraryError> {
        read_settings(&self.conn)
    }

    /// Sets one setting from text and saves it; returns the new settings.
    /// Only this key is written, inside the write transaction that also
    /// reads the others back: two windows setting different keys never
    /// revert each other.
    pub fn set_setting(&mut self, key: &str, value: &str) -> Result<Settings, LibraryError> {
        // The value is checked (and put in its canonical form) alone.
        let mut checked = Settings::default();
        checked.set(key, value)?;
        let canonical_key = canonical(key).ok_or_else(|| SettingsError::UnknownKey {
            key: key.to_string(),
            suggestion: None,
        })?;
        let stored = checked.get(canonical_key).unwrap_or_default();
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        write_setting(&tx, canonical_key, &stored)?;
        let settings = read_settings(&tx)?;
        tx.commit()?;
        Ok(settings)
    }
}

impl Library {
    /// Sets several settings from text in one write transaction (each
    /// checked alone, only these keys written); returns the new settings.
    pub fn set_settings(&mut self, changes: &[(&str, String)]) -> Result<Settings, LibraryError> {
        let mut stored = Vec::with_capacity(changes.len());
        for (key, value) in changes {
            let mut checked = Settings::default();
            checked.set(key, value)?;
            if let Some(canonical_key) = canonical(key) {
                stored.push((
                    canonical_key,
                    checked.get(canonical_key).unwrap_or_default(),
                ));
            }
        }
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        for (key, value) in &stored {
            write_setting(&tx, key, value)?;
        }
        let settings = read_settings(&tx)?;
        tx.commit()?;
        Ok(settings)
    }
}

/// Writes one setting inside the caller's transaction.
pub(crate) fn write_setting(
    tx: &rusqlite::Connection,
    key: &str,
    value: &str,
) -> Result<(), LibraryError> {
    tx.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![key, value],
    )?;
    Ok(())
}

/// The settings as stored (defaults for anything never set; a stored value
/// that no longer parses keeps its default).
fn read_settings(conn: &rusqlite::Connection) -> Result<Settings, LibraryError> {
    let mut settings = Settings::default();
    let mut statement = conn.prepare_cached("SELECT key, value FROM settings")?;
    let rows = statement.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
    for row in rows {
        let (key, value) = row?;
        // An unknown or unreadable stored value keeps its default: a
        // newer version may have written keys this one does not know.
        let _ = settings.set(&key, &value);
    }
    Ok(settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_round_trips_and_bad_values_are_refused() {
        let settings = Settings::default();
        for (key, _) in SETTING_KEYS {
            let value = settings.get(key).unwrap_or_default();
            let mut copy = settings.clone();
            assert_eq!(copy.set(key, &value), Ok(()), "{key} = {value}");
            assert_eq!(copy, settings);
        }
        let mut s = Settings::default();
        assert!(matches!(
            s.set("level", "9"),
            Err(SettingsError::BadValue { .. })
        ));
        assert!(matches!(
            s.set("colour", "purple"),
            Err(SettingsError::BadValue { .. })
        ));
        let err = s.set("cordinates", "on").unwrap_err();
        assert_eq!(
            err.to_string(),
            "there is no setting `cordinates`; did you mean `coordinates`?"
        );
        assert_eq!(s.set("color", "off"), Ok(()));
        assert!(!s.terminal_colour);
        assert_eq!(s.set("autoflip", "off"), Ok(()));
        assert_eq!(s.pass_and_play_board, BoardMode::Fixed);
        assert_eq!(s.set("clock", "norochess-10"), Ok(()));
        assert_eq!(s.get("clock").as_deref(), Some("norochess-10"));
        assert!(
            !Settings::default().practice,
            "practice mode is off by default"
        );
        assert_eq!(s.set("practice", "on"), Ok(()));
        assert!(s.practice);
    }
}
