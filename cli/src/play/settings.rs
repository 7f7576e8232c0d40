//! Player settings, saved as `key value` lines.

use super::text::{clock_id, parse_clock};
use norochess_core::TimeControl;

/// The settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Pieces as letters instead of chess symbols.
    pub letters: bool,
    /// Colours in a terminal.
    pub colour: bool,
    /// Coordinates around the board.
    pub coordinates: bool,
    /// Pass and play: turn the board toward the side to move.
    pub autoflip: bool,
    /// Ask before resigning.
    pub confirm_resign: bool,
    /// Hints allowed in games.
    pub hints: bool,
    /// Default level against the computer.
    pub level: u8,
    /// Default clock.
    pub clock: Option<TimeControl>,
    /// The player's name in records.
    pub name: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            letters: false,
            colour: true,
            coordinates: true,
            autoflip: true,
            confirm_resign: true,
            hints: true,
            level: 3,
            clock: None,
            name: "You".to_string(),
        }
    }
}

/// The keys with a short explanation, in display order.
pub const KEYS: [(&str, &str); 9] = [
    ("pieces", "symbols or letters"),
    ("colour", "on or off (colours in a terminal)"),
    ("coordinates", "on or off"),
    (
        "autoflip",
        "on or off (pass and play: board turns to the side to move)",
    ),
    ("confirm-resign", "on or off"),
    ("hints", "on or off"),
    ("level", "1-8, the default level against the computer"),
    ("clock", "none or a clock from `clocks`, the default clock"),
    ("name", "your name in game records"),
];

fn on_off(value: bool) -> &'static str {
    if value {
        "on"
    } else {
        "off"
    }
}

fn parse_on_off(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" | "1" => Ok(true),
        "off" | "no" | "false" | "0" => Ok(false),
        other => Err(format!("`{other}` is not on or off")),
    }
}

impl Settings {
    /// The value of `key` as text.
    pub fn get(&self, key: &str) -> String {
        match key {
            "pieces" => (if self.letters { "letters" } else { "symbols" }).to_string(),
            "colour" => on_off(self.colour).to_string(),
            "coordinates" => on_off(self.coordinates).to_string(),
            "autoflip" => on_off(self.autoflip).to_string(),
            "confirm-resign" => on_off(self.confirm_resign).to_string(),
            "hints" => on_off(self.hints).to_string(),
            "level" => self.level.to_string(),
            "clock" => self.clock.map_or("none".to_string(), clock_id),
            "name" => self.name.clone(),
            _ => String::new(),
        }
    }

    /// Sets `key` to `value`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let key = match key.to_ascii_lowercase().as_str() {
            "color" => "colour".to_string(),
            "coords" => "coordinates".to_string(),
            other => other.to_string(),
        };
        match key.as_str() {
            "pieces" => {
                self.letters = match value.to_ascii_lowercase().as_str() {
                    "letters" | "ascii" => true,
                    "symbols" | "unicode" => false,
                    other => return Err(format!("`{other}` is not symbols or letters")),
                }
            }
            "colour" => self.colour = parse_on_off(value)?,
            "coordinates" => self.coordinates = parse_on_off(value)?,
            "autoflip" => self.autoflip = parse_on_off(value)?,
            "confirm-resign" => self.confirm_resign = parse_on_off(value)?,
            "hints" => self.hints = parse_on_off(value)?,
            "level" => {
                self.level = value
                    .parse::<u8>()
                    .ok()
                    .filter(|l| (1..=8).contains(l))
                    .ok_or_else(|| format!("level `{value}` is not a number from 1 to 8"))?
            }
            "clock" => self.clock = parse_clock(value)?,
            "name" => {
                let name = value.trim();
                if name.is_empty() {
                    return Err("the name is empty".to_string());
                }
                self.name = name.to_string();
            }
            other => {
                return Err(format!(
                    "unknown setting `{other}` (settings: {})",
                    KEYS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
                ))
            }
        }
        Ok(())
    }

    /// The saved form.
    pub fn to_text(&self) -> String {
        let mut out = String::from("norochess-play-settings 1\n");
        for (key, _) in KEYS {
            out.push_str(&format!("{key} {}\n", self.get(key)));
        }
        out
    }

    /// Reads the saved form; unknown or bad lines are skipped.
    pub fn from_text(text: &str) -> Settings {
        let mut settings = Settings::default();
        for line in text.lines().skip(1) {
            if let Some((key, value)) = line.split_once(' ') {
                let _ = settings.set(key, value);
            }
        }
        settings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut s = Settings::default();
        s.set("pieces", "letters").unwrap();
        s.set("level", "6").unwrap();
        s.set("clock", "norochess-10").unwrap();
        s.set("name", "Ann Lee").unwrap();
        assert_eq!(Settings::from_text(&s.to_text()), s);
        assert!(s.set("level", "9").is_err());
        assert!(s.set("volume", "3").is_err());
    }
}
