//! `new computer …` / `new friend …`: the words of the command read into a
//! [`GameSpec`] (the app layer starts the game from it).

use super::app::App;
use super::text::time_seed;
use norochess_app::session::random_side;
use norochess_app::texts::parse_clock;
use norochess_app::{BoardMode, GameSpec, Opponent};
use norochess_core::{Color, Variant};

impl App {
    /// `new computer …` / `new friend …`.
    pub(super) fn new_game(&mut self, args: &[String]) {
        if args.is_empty() {
            self.help(Some("new"));
            return;
        }
        match self.parse_spec(args) {
            Ok(spec) => match norochess_app::GameSession::new(spec) {
                Ok(session) => self.begin_game(session),
                Err(e) => self.say(format!("Cannot start that game: {e}.")),
            },
            Err(e) => self.say(format!("{e}. Type `help new` for the options.")),
        }
    }

    /// The game the words describe, with the settings' defaults for
    /// anything not given.
    pub(super) fn parse_spec(&self, args: &[String]) -> Result<GameSpec, String> {
        let mut words = args.iter().map(|w| w.as_str()).peekable();
        let mut friend = false;
        match words.peek().map(|w| w.to_ascii_lowercase()) {
            Some(w) if matches!(w.as_str(), "computer" | "cpu" | "engine" | "ai") => {
                words.next();
            }
            Some(w) if matches!(w.as_str(), "friend" | "pass" | "local" | "human") => {
                friend = true;
                words.next();
            }
            _ => {}
        }
        let mut variant_id: Option<String> = None;
        let mut zone = None;
        let mut blockage = None;
        let mut start: Option<String> = None;
        let mut fen = None;
        let mut level = self.settings.default_level;
        let mut colour: Option<String> = None;
        let mut clock = self.settings.default_clock;
        let mut names: Option<[String; 2]> = None;
        let mut board_mode = self.settings.pass_and_play_board;
        let mut seed = self.cfg.seed;
        let mut random_word = false;
        let value = |name: &str, words: &mut dyn Iterator<Item = &str>| {
            words
                .next()
                .map(str::to_string)
                .ok_or_else(|| format!("`{name}` needs a value"))
        };
        while let Some(word) = words.next() {
            let lower = word.to_ascii_lowercase();
            match lower.as_str() {
                id if Variant::IDS.contains(&id) => variant_id = Some(id.to_string()),
                "level" | "lvl" => {
                    let v = value("level", &mut words)?;
                    level = v
                        .parse::<u8>()
                        .ok()
                        .filter(|l| (1..=8).contains(l))
                        .ok_or_else(|| format!("level `{v}` is not a number from 1 to 8"))?;
                }
                "white" | "black" => colour = Some(lower),
                // In Norochess960 a bare `random` is the set-up (checked
                // below, once the game is known); `side random` is the colour.
                "random" => random_word = true,
                "side" | "colour" | "color" => {
                    let v = value("side", &mut words)?.to_ascii_lowercase();
                    if !matches!(v.as_str(), "white" | "black" | "random") {
                        return Err(format!("side `{v}` is not white, black or random"));
                    }
                    colour = Some(v);
                }
                "clock" => {
                    clock = parse_clock(&value("clock", &mut words)?)
                        .map_err(|e| format!("{e} (`clocks` lists them)"))?
                }
                "noclock" => clock = None,
                "start" => start = Some(value("start", &mut words)?),
                "zone" => zone = Some(value("zone", &mut words)?),
                "blockage" => blockage = Some(value("blockage", &mut words)?),
                "fen" | "position" => fen = Some(value("fen", &mut words)?),
                "names" => {
                    let white = value("names", &mut words)?;
                    let black = value("names", &mut words)?;
                    names = Some([white, black]);
                }
                "autoflip" => board_mode = BoardMode::AutoFlip,
                "noflip" | "no-autoflip" | "fixed" => board_mode = BoardMode::Fixed,
                "seed" => {
                    let v = value("seed", &mut words)?;
                    seed = Some(
                        v.parse()
                            .map_err(|_| format!("seed `{v}` is not a number"))?,
                    );
                }
                _ => return Err(format!("`{word}` is not an option of `new`")),
            }
        }
        let variant_id = variant_id.unwrap_or_else(|| "norochess".to_string());
        let variant = Variant::parse(&variant_id, zone.as_deref(), blockage.as_deref())
            .map_err(|e| e.to_string())?;
        let seed = seed.unwrap_or_else(time_seed);
        let numbered = variant.start_numbering().is_some();
        if random_word {
            if numbered {
                if start.is_some() {
                    return Err("give either `random` or `start`, not both".to_string());
                }
                start = Some("random".to_string());
            } else if colour.is_none() {
                colour = Some("random".to_string());
            }
        }
        // No start number (or `random`): the session draws the set-up
        // from the seed.
        if fen.is_some() && start.is_some() {
            return Err("give either `start` or `fen`, not both".to_string());
        }
        let start = match start.as_deref() {
            None => None,
            Some(_) if !numbered => return Err("`start` is for norochess960".to_string()),
            Some("random") => None,
            Some(n) => Some(
                n.parse::<u16>()
                    .ok()
                    .filter(|n| *n < 960)
                    .ok_or_else(|| format!("start `{n}` is not a number from 0 to 959"))?,
            ),
        };
        let opponent = if friend {
            if colour.is_some() {
                return Err("colours are for games against the computer".to_string());
            }
            Opponent::Friend
        } else {
            let human = match colour.as_deref() {
                Some("black") => Color::Black,
                Some("random") => random_side(seed),
                _ => Color::White,
            };
            Opponent::Computer { human, level }
        };
        let names = names.unwrap_or_else(|| match opponent {
            Opponent::Friend => ["White".to_string(), "Black".to_string()],
            // The computer's side is named by the session.
            Opponent::Computer { .. } => {
                let me = self.settings.player_name.clone();
                [me.clone(), me]
            }
        });
        Ok(GameSpec {
            variant,
            start,
            position: fen,
            opponent,
            names,
            clock,
            board_mode,
            seed,
        })
    }
}
