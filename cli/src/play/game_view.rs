//! Games against the computer and pass-and-play games: starting,
//! continuing, moves, the computer's replies, takebacks, review, hints,
//! resignation, draws, clocks and the game screen.

use super::app::{promotion_choices, promotion_question, App, Confirm, View};
use super::screen::{self, Marks};
use super::settings::Settings;
use super::text::{clock_id, clock_name, format_time, mix, parse_clock, time_seed, today};
use super::worker::JobKind;
use norochess_core::{
    Clock, ClockLimits, Color, EndReason, Game, GameError, Level, Limits, Move, Score,
    SearchRequest, SearchResult, TimeControl, Variant,
};
use std::path::PathBuf;
use std::time::Duration;

/// Who plays the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The computer; the player has `human`.
    Computer {
        /// The player's colour.
        human: Color,
        /// The computer's level, 1–8.
        level: u8,
    },
    /// Two people at one keyboard.
    Friend,
}

/// Everything needed to start a game.
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub variant: Variant,
    pub start: Option<u16>,
    pub fen: Option<String>,
    pub opponent: Opponent,
    pub names: [String; 2],
    pub clock: Option<TimeControl>,
    pub autoflip: bool,
    pub seed: u64,
}

/// A game being played.
#[derive(Debug)]
pub struct GameSession {
    pub game: Game,
    pub opponent: Opponent,
    pub autoflip: bool,
    pub flipped: bool,
    pub clock: Option<Clock>,
    /// Both clocks' time left when the game had `i` plies (for takebacks).
    pub times: Vec<[u64; 2]>,
    /// The number of plies shown while reviewing.
    pub review: Option<usize>,
    pub seed: u64,
    /// The game's file in the games list, once it is there.
    pub archived: Option<PathBuf>,
    pub draw_offer: Option<Color>,
    low_warned: [bool; 2],
}

/// Clock presses that lead to `game`'s current position from move 1, so a
/// clock for a set-up position knows which move it is at.
fn presses(game: &Game) -> u32 {
    let p = game.position();
    2 * p.fullmove_number().saturating_sub(1) + u32::from(p.turn() == Color::Black)
}

/// A clock at the game's current move, with the given times left, running
/// for the side to move from `now`.
fn synced_clock(control: TimeControl, game: &Game, remaining: [u64; 2], now: u64) -> Clock {
    let mut clock = Clock::new(control);
    clock.start(Color::White, now);
    for _ in 0..presses(game) {
        let _ = clock.press(now);
    }
    clock.set_remaining(Color::White, remaining[0]);
    clock.set_remaining(Color::Black, remaining[1]);
    clock
}

impl GameSession {
    fn new(game: Game, spec: &GameSpec, now: u64) -> GameSession {
        let clock = spec.clock.map(|control| {
            let base = control.base_ms();
            synced_clock(control, &game, [base, base], now)
        });
        let mut session = GameSession {
            game,
            opponent: spec.opponent,
            autoflip: spec.autoflip,
            flipped: false,
            clock,
            times: Vec::new(),
            review: None,
            seed: spec.seed,
            archived: None,
            draw_offer: None,
            low_warned: [false; 2],
        };
        session.times = vec![session.remaining(now); session.game.plies().len() + 1];
        session
    }

    /// A session from a saved record and its own tags (`Mode`, `Level`,
    /// `PlayerColor`, `Seed`, `TimeControl`, `WhiteClock`, `BlackClock`,
    /// `AutoFlip`). Its clock starts paused.
    pub fn restore(game: Game, settings: &Settings, now: u64) -> GameSession {
        let opponent = if game.tag("Mode") == Some("computer") {
            Opponent::Computer {
                human: match game.tag("PlayerColor") {
                    Some("black") => Color::Black,
                    _ => Color::White,
                },
                level: game
                    .tag("Level")
                    .and_then(|l| l.parse::<u8>().ok())
                    .unwrap_or(settings.level)
                    .clamp(1, 8),
            }
        } else {
            Opponent::Friend
        };
        let control = game
            .tag("TimeControl")
            .and_then(|t| parse_clock(t).ok().flatten());
        let seed = game
            .tag("Seed")
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(time_seed);
        let autoflip = game.tag("AutoFlip") != Some("0");
        let clock = control.map(|control| {
            let base = control.base_ms();
            let time = |tag: &str| game.tag(tag).and_then(|t| t.parse().ok()).unwrap_or(base);
            let mut clock = synced_clock(
                control,
                &game,
                [time("WhiteClock"), time("BlackClock")],
                now,
            );
            clock.pause(now);
            clock
        });
        let mut session = GameSession {
            game,
            opponent,
            autoflip,
            flipped: false,
            clock,
            times: Vec::new(),
            review: None,
            seed,
            archived: None,
            draw_offer: None,
            low_warned: [false; 2],
        };
        session.times = vec![session.remaining(now); session.game.plies().len() + 1];
        session
    }

    fn remaining(&self, now: u64) -> [u64; 2] {
        match &self.clock {
            Some(clock) => [
                clock.remaining(Color::White, now),
                clock.remaining(Color::Black, now),
            ],
            None => [0, 0],
        }
    }

    /// The computer's colour, in games against it.
    pub fn computer(&self) -> Option<Color> {
        match self.opponent {
            Opponent::Computer { human, .. } => Some(!human),
            Opponent::Friend => None,
        }
    }

    /// Whether it is the computer's turn in a game still going.
    pub fn computer_to_move(&self) -> bool {
        !self.game.is_over() && self.computer() == Some(self.game.position().turn())
    }

    /// The name of a side's player.
    pub fn name(&self, color: Color) -> String {
        let tag = if color == Color::White {
            "White"
        } else {
            "Black"
        };
        self.game
            .tag(tag)
            .map_or_else(|| color.name().to_string(), str::to_string)
    }

    /// Plays a move and presses the clock.
    pub fn play(&mut self, m: Move, now: u64) -> Result<(), GameError> {
        self.game.play(m)?;
        if let Some(clock) = &mut self.clock {
            let _ = clock.press(now);
            if self.game.is_over() {
                clock.pause(now);
            }
        }
        self.draw_offer = None;
        self.review = None;
        let plies = self.game.plies().len();
        self.times.truncate(plies);
        while self.times.len() < plies {
            self.times.push(self.remaining(now));
        }
        self.times.push(self.remaining(now));
        Ok(())
    }

    /// After a takeback or redo: the clock as it was at this move.
    fn resync_clock(&mut self, now: u64) {
        let plies = self.game.plies().len();
        let current = self.remaining(now);
        let times = self.times.get(plies).copied().unwrap_or(current);
        self.times.truncate(plies + 1);
        if let Some(clock) = &self.clock {
            let control = clock.control();
            let mut fresh = synced_clock(control, &self.game, times, now);
            if self.game.is_over() {
                fresh.pause(now);
            }
            self.clock = Some(fresh);
        }
        self.low_warned = [false; 2];
    }

    /// Pauses the clock (leaving the game screen).
    pub fn pause_clock(&mut self, now: u64) {
        if let Some(clock) = &mut self.clock {
            clock.pause(now);
        }
    }

    /// Resumes the clock (back on the game screen).
    pub fn resume_clock(&mut self, now: u64) {
        if self.game.is_over() {
            return;
        }
        if let Some(clock) = &mut self.clock {
            clock.resume(now);
        }
    }

    /// A side whose time just ran out in a game still going.
    pub fn check_flag(&mut self, now: u64) -> Option<Color> {
        if self.game.is_over() {
            return None;
        }
        self.clock.as_mut()?.check_flag(now)
    }

    /// The side to warn about low time, once per side.
    fn low_time_warning(&mut self, now: u64) -> Option<Color> {
        let clock = self.clock.as_ref()?;
        let side = clock.running()?;
        if self.game.is_over() || clock.is_paused() || self.low_warned[side.index()] {
            return None;
        }
        if clock.is_low(side, now) {
            self.low_warned[side.index()] = true;
            return Some(side);
        }
        None
    }

    /// The side drawn at the bottom.
    pub fn bottom(&self, turn: Color) -> Color {
        let base = match self.opponent {
            Opponent::Computer { human, .. } => human,
            Opponent::Friend if self.autoflip => turn,
            Opponent::Friend => Color::White,
        };
        if self.flipped {
            !base
        } else {
            base
        }
    }

    /// Writes the session's own tags (clock times as of `now`).
    fn update_tags(&mut self, now: u64) {
        let remaining = self.remaining(now);
        if self.clock.is_some() {
            self.game.set_tag("WhiteClock", &remaining[0].to_string());
            self.game.set_tag("BlackClock", &remaining[1].to_string());
        }
    }

    /// The record as saved.
    pub fn record(&mut self, now: u64) -> String {
        self.update_tags(now);
        self.game.to_pgn()
    }

    /// A one-line description for menus: `Norochess vs the computer (level
    /// 4), move 12, 5–3`.
    pub fn summary(&self, dash: &str) -> String {
        let who = match self.opponent {
            Opponent::Computer { level, human } => {
                format!("vs the computer (level {level}, you play {human})")
            }
            Opponent::Friend => format!(
                "pass and play, {} vs {}",
                self.name(Color::White),
                self.name(Color::Black)
            ),
        };
        let p = self.game.position();
        let score = self
            .game
            .scores()
            .map(|(w, b)| format!(", {w}{dash}{b}"))
            .unwrap_or_default();
        format!(
            "{} {who}, move {}{score}",
            self.game.variant().display_name(),
            p.fullmove_number()
        )
    }

    /// Withdraws a resignation or an agreed draw, keeping every move (the
    /// core's `Game::undo` would also take back the last move). Returns
    /// whether there was one.
    fn withdraw_declaration(&mut self) -> bool {
        let declared = self
            .game
            .outcome()
            .is_some_and(|o| matches!(o.reason, EndReason::Resignation | EndReason::Agreement));
        if !declared {
            return false;
        }
        let game = &self.game;
        let fresh = if game.is_set_up() {
            Game::from_position(game.variant(), &game.start_position().to_text())
        } else {
            Game::new(game.variant(), game.start_number())
        };
        let Ok(mut fresh) = fresh else {
            return false;
        };
        for name in RECORD_TAGS {
            if let Some(value) = game.tag(name) {
                fresh.set_tag(name, value);
            }
        }
        for ply in game.plies() {
            if fresh.play(ply.mv).is_err() {
                return false;
            }
            fresh.set_comment(ply.comment.clone());
        }
        self.game = fresh;
        true
    }

    /// The game as it stood after `plies` plies.
    pub fn game_at(&self, plies: usize) -> Game {
        let mut game = self.game.clone();
        while game.plies().len() > plies {
            if !game.undo() {
                break;
            }
        }
        game
    }
}

/// The record tags `norochess play` writes.
const RECORD_TAGS: [&str; 14] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Mode",
    "Level",
    "PlayerColor",
    "AutoFlip",
    "Seed",
    "TimeControl",
    "WhiteClock",
    "BlackClock",
];

/// Words that name a game.
const GAME_IDS: [&str; 7] = Variant::IDS;

impl App {
    /// `new computer …` / `new friend …`.
    pub(super) fn new_game(&mut self, args: &[String]) {
        if args.is_empty() {
            self.help(Some("new"));
            return;
        }
        match self.parse_spec(args) {
            Ok(spec) => self.begin_game(spec),
            Err(e) => self.say(format!("{e}. Type `help new` for the options.")),
        }
    }

    fn parse_spec(&self, args: &[String]) -> Result<GameSpec, String> {
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
        let mut level = self.settings.level;
        let mut colour: Option<String> = None;
        let mut clock = self.settings.clock;
        let mut names: Option<[String; 2]> = None;
        let mut autoflip = self.settings.autoflip;
        let mut seed = self.cfg.seed;
        let value = |name: &str, words: &mut dyn Iterator<Item = &str>| {
            words
                .next()
                .map(str::to_string)
                .ok_or_else(|| format!("`{name}` needs a value"))
        };
        while let Some(word) = words.next() {
            let lower = word.to_ascii_lowercase();
            match lower.as_str() {
                id if GAME_IDS.contains(&id) => variant_id = Some(id.to_string()),
                "level" | "lvl" => {
                    let v = value("level", &mut words)?;
                    level = v
                        .parse::<u8>()
                        .ok()
                        .filter(|l| (1..=8).contains(l))
                        .ok_or_else(|| format!("level `{v}` is not a number from 1 to 8"))?;
                }
                "white" | "black" | "random" => colour = Some(lower),
                "clock" => clock = parse_clock(&value("clock", &mut words)?)?,
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
                "autoflip" => autoflip = true,
                "noflip" | "no-autoflip" => autoflip = false,
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
        let start = match start.as_deref() {
            None => None,
            Some(_) if variant != Variant::Norochess960 => {
                return Err("`start` is for norochess960".to_string())
            }
            Some("random") => Some((mix(seed, 960) % 960) as u16),
            Some(n) => Some(
                n.parse::<u16>()
                    .ok()
                    .filter(|n| *n < 960)
                    .ok_or_else(|| format!("start `{n}` is not a number from 0 to 959"))?,
            ),
        };
        if fen.is_some() && start.is_some() {
            return Err("give either `start` or `fen`, not both".to_string());
        }
        let opponent = if friend {
            if colour.is_some() {
                return Err("colours are for games against the computer".to_string());
            }
            Opponent::Friend
        } else {
            let human = match colour.as_deref() {
                Some("black") => Color::Black,
                Some("random") if mix(seed, 2) % 2 == 1 => Color::Black,
                _ => Color::White,
            };
            Opponent::Computer { human, level }
        };
        let names = match (names, opponent) {
            (Some(names), _) => names,
            (None, Opponent::Friend) => ["White".to_string(), "Black".to_string()],
            (None, Opponent::Computer { human, level }) => {
                let me = self.settings.name.clone();
                let computer = format!("Computer (level {level})");
                if human == Color::White {
                    [me, computer]
                } else {
                    [computer, me]
                }
            }
        };
        Ok(GameSpec {
            variant,
            start,
            fen,
            opponent,
            names,
            clock,
            autoflip,
            seed,
        })
    }

    /// Starts a game from its spec.
    pub(super) fn begin_game(&mut self, spec: GameSpec) {
        let game = match &spec.fen {
            Some(fen) => Game::from_position(spec.variant, fen),
            None => Game::new(spec.variant, spec.start),
        };
        let mut game = match game {
            Ok(game) => game,
            Err(e) => {
                self.say(format!("Cannot start that game: {e}."));
                return;
            }
        };
        self.set_aside_current();
        self.leave_view();
        self.clear_engine();
        game.set_tag("Event", "Casual game");
        game.set_tag("Site", "norochess play");
        game.set_tag("Date", &today());
        game.set_tag("White", &spec.names[0]);
        game.set_tag("Black", &spec.names[1]);
        match spec.opponent {
            Opponent::Computer { human, level } => {
                game.set_tag("Mode", "computer");
                game.set_tag("Level", &level.to_string());
                game.set_tag("PlayerColor", human.lowercase_name());
            }
            Opponent::Friend => {
                game.set_tag("Mode", "friend");
                game.set_tag("AutoFlip", if spec.autoflip { "1" } else { "0" });
            }
        }
        game.set_tag("Seed", &spec.seed.to_string());
        if let Some(control) = spec.clock {
            game.set_tag("TimeControl", &clock_id(control));
        }
        let now = self.now();
        self.game = Some(GameSession::new(game, &spec, now));
        self.view = View::Game;
        self.persist();
        self.show_game();
        self.computer_turn();
    }

    /// Files an unfinished game with moves in the games list before another
    /// one replaces it.
    fn set_aside_current(&mut self) {
        let now = self.now();
        let Some(mut session) = self.game.take() else {
            return;
        };
        if session.game.is_over() || session.game.plies().is_empty() {
            return;
        }
        let record = session.record(now);
        match self.store.archive(&record, session.archived.as_deref()) {
            Ok(_) => self.say("Your unfinished game was filed in the games list (`games`)."),
            Err(e) => self.store_failed(&e),
        }
    }

    /// Saves the current game: the unfinished one to `current.pgn`, a
    /// finished one to the games list.
    pub(super) fn persist(&mut self) {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        let record = session.record(now);
        let result = if session.game.is_over() {
            match self.store.archive(&record, session.archived.as_deref()) {
                Ok(path) => {
                    session.archived = Some(path);
                    self.store.clear_current()
                }
                Err(e) => Err(e),
            }
        } else {
            let unfiled = match session.archived.take() {
                Some(path) => self.store.unarchive(&path),
                None => Ok(()),
            };
            unfiled.and_then(|()| self.store.save_current(&record).map(|_| ()))
        };
        if let Err(e) = result {
            self.store_failed(&e);
        }
    }

    /// `continue`: back to the unfinished game.
    pub(super) fn continue_game(&mut self) {
        if self.game.is_none() {
            match self.store.load_current().map(|t| Game::from_pgn(&t, None)) {
                Some(Ok(game)) => {
                    let now = self.now();
                    self.game = Some(GameSession::restore(game, &self.settings, now));
                }
                Some(Err(e)) => {
                    self.say(format!("Your unfinished game could not be read: {e}."));
                    return;
                }
                None => {
                    self.say("There is no unfinished game. Start one with `new computer` or `new friend`.");
                    return;
                }
            }
        }
        if !matches!(self.view, View::Game) {
            self.leave_view();
        }
        self.view = View::Game;
        let now = self.now();
        if let Some(session) = &mut self.game {
            session.resume_clock(now);
        }
        self.show_game();
        if self.thinking.is_none() {
            self.computer_turn();
        }
    }

    /// Starts the computer's search if it is its turn.
    pub(super) fn computer_turn(&mut self) {
        let Some(session) = &self.game else { return };
        if !session.computer_to_move() || !matches!(self.view, View::Game) {
            return;
        }
        let Opponent::Computer { level, .. } = session.opponent else {
            return;
        };
        let now = self.now();
        let mut limits = Limits::default();
        if level >= 8 {
            if let Some(nodes) = self.cfg.engine_nodes {
                limits.nodes = Some(nodes);
            } else if self.cfg.script {
                limits.nodes = Some(150_000);
            }
        }
        if !self.cfg.script {
            if let Some(clock) = &session.clock {
                let turn = session.game.position().turn();
                let increment_ms = match clock.control() {
                    TimeControl::Fischer { increment_ms, .. }
                    | TimeControl::Norochess { increment_ms, .. } => increment_ms,
                    TimeControl::Delay { delay_ms, .. } => delay_ms,
                    TimeControl::SuddenDeath { .. } => 0,
                };
                limits.clock = Some(ClockLimits {
                    remaining_ms: clock.remaining(turn, now),
                    increment_ms,
                    moves_to_go: None,
                });
            }
        }
        let request = SearchRequest::for_game(&session.game, limits);
        let seed = mix(session.seed, session.game.plies().len() as u64);
        self.say("The computer is thinking… (type `stop` to make it move now)");
        self.think(
            request,
            JobKind::Move {
                level: Level::new(level),
                seed,
            },
        );
    }

    /// The computer's answer arrived.
    pub(super) fn computer_moves(&mut self, result: SearchResult) {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        if !session.computer_to_move() {
            return;
        }
        let Some(m) = result.best_move else { return };
        let san = session.game.position().to_san(m);
        let number = session.game.position().fullmove_number();
        let dots = if session.game.position().turn() == Color::White {
            "."
        } else {
            "..."
        };
        if let Err(e) = session.play(m, now) {
            self.say(format!("The computer's move failed: {e}."));
            return;
        }
        self.say(format!("Computer plays {number}{dots} {san}."));
        self.persist();
        self.show_game();
    }

    /// Commands of the game screen.
    pub(super) fn game_command(&mut self, command: &str, args: &[String], line: &str) {
        if self.game.is_none() {
            self.view = View::Home;
            self.show_home();
            return;
        }
        match command {
            "undo" | "takeback" | "take" => self.undo(),
            "redo" => self.redo(),
            "flip" => {
                if let Some(s) = &mut self.game {
                    s.flipped = !s.flipped;
                }
                self.show_game();
            }
            "hint" => self.game_hint(),
            "resign" => self.resign_command(args),
            "draw" | "offer" => self.draw_command(),
            "accept" => self.accept_draw(),
            "decline" => {
                if let Some(s) = &mut self.game {
                    if s.draw_offer.take().is_some() {
                        self.say("Draw declined; play on.");
                        return;
                    }
                }
                self.say("There is no draw offer.");
            }
            "save" => self.save(),
            "export" | "pgn" => self.export(args),
            "moves" => self.moves(),
            "back" | "forward" | "live" | "first" | "last" => self.review(command, args),
            "stop" => self.stop_thinking(),
            "legal" => self.legal(args),
            "board" | "show" | "screen" => self.show_game(),
            "rematch" => self.rematch(),
            "retry" | "solution" | "next" => self.say(format!(
                "`{command}` is for puzzles. Type `help` for the game commands."
            )),
            _ => self.play_line(line),
        }
    }

    /// A line of move text: one move against the computer, one or more in
    /// pass and play.
    pub(super) fn play_line(&mut self, line: &str) {
        let words: Vec<&str> = line
            .split_whitespace()
            .filter(|w| {
                !(w.ends_with('.') && w.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit()))
            })
            .collect();
        if words.is_empty() {
            return;
        }
        self.tick();
        let Some(session) = &self.game else { return };
        if let Some(outcome) = session.game.outcome() {
            let result = screen::result_line(&session.game, &outcome, self.style());
            self.say(format!(
                "The game is over: {result}. `undo` takes moves back; or `rematch`, `new`, `home`."
            ));
            return;
        }
        if session.review.is_some() {
            self.say("You are reviewing earlier moves: type `live` to return to the game first.");
            return;
        }
        let computer = session.computer();
        if let Some(thinking) = self.thinking {
            if !thinking.hint {
                self.say("The computer is thinking: wait for its move, or type `stop` to make it move now.");
                return;
            }
            self.cancel_thinking();
        }
        if computer.is_some() && words.len() > 1 {
            self.say("One move at a time against the computer.");
            return;
        }
        let now = self.now();
        let mut played = 0;
        for word in &words {
            let Some(session) = &mut self.game else {
                return;
            };
            if session.game.is_over() {
                break;
            }
            let parsed = session.game.position().parse_move(word);
            let m = match parsed {
                Ok(m) => m,
                Err(e) => {
                    let choices = promotion_choices(session.game.position(), word);
                    if words.len() == 1 && !choices.is_empty() {
                        self.say(promotion_question(&choices));
                        self.confirm = Some(Confirm::Promotion(choices));
                        return;
                    }
                    let mut message = capitalized(&e.to_string());
                    if matches!(e, norochess_core::MoveError::Unreadable { .. }) {
                        message.push_str(". Type `help` for the commands");
                    }
                    if words.len() > 1 {
                        message = format!("Move {} ({word}): {message}", played + 1);
                    }
                    self.say(format!("{message}."));
                    break;
                }
            };
            if let Err(e) = session.play(m, now) {
                self.say(format!("{e}."));
                break;
            }
            played += 1;
        }
        if played == 0 {
            return;
        }
        self.persist();
        let Some(session) = &self.game else { return };
        if session.computer_to_move() {
            let last = screen::ply_text(&session.game, session.game.plies().len() - 1);
            self.say(format!("You play {last}."));
            self.computer_turn();
        } else {
            self.show_game();
        }
    }

    fn undo(&mut self) {
        let now = self.now();
        let hint_or_move = self.thinking.is_some();
        self.cancel_thinking();
        let Some(session) = &mut self.game else {
            return;
        };
        if session.withdraw_declaration() {
            session.review = None;
            session.resync_clock(now);
            self.persist();
            self.say("The game goes on: the resignation or draw is taken back.");
            self.show_game();
            self.computer_turn();
            return;
        }
        let mut undone = 0;
        match session.computer() {
            Some(computer) => loop {
                if !session.game.undo() {
                    break;
                }
                undone += 1;
                if session.game.position().turn() != computer {
                    break;
                }
            },
            None => {
                if session.game.undo() {
                    undone += 1;
                }
            }
        }
        session.review = None;
        session.draw_offer = None;
        if undone == 0 {
            self.say("Nothing to take back.");
            if hint_or_move {
                // The search was cancelled: start it again.
                self.computer_turn();
            }
            return;
        }
        session.resync_clock(now);
        self.persist();
        self.say(format!(
            "Took back {undone} move{}.",
            if undone == 1 { "" } else { "s" }
        ));
        self.show_game();
        self.computer_turn();
    }

    fn redo(&mut self) {
        if self.thinking.is_some_and(|t| !t.hint) {
            self.say("The computer is thinking; `stop` it or `undo` first.");
            return;
        }
        self.cancel_thinking();
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        let mut redone = 0;
        while session.game.redo() {
            redone += 1;
            match session.computer() {
                Some(computer) if session.game.position().turn() == computer => continue,
                _ => break,
            }
        }
        if redone == 0 {
            self.say("Nothing to redo.");
            return;
        }
        session.review = None;
        session.resync_clock(now);
        self.persist();
        self.show_game();
        self.computer_turn();
    }

    fn game_hint(&mut self) {
        let Some(session) = &self.game else { return };
        if !self.settings.hints {
            self.say("Hints are off (`set hints on`).");
            return;
        }
        if session.game.is_over() {
            self.say("The game is over.");
            return;
        }
        if self.thinking.is_some() {
            self.say("The computer is already thinking.");
            return;
        }
        if session.computer_to_move() {
            self.say("It is the computer's turn.");
            return;
        }
        let nodes = self
            .cfg
            .engine_nodes
            .unwrap_or(if self.cfg.script { 50_000 } else { 400_000 });
        let limits = Limits {
            nodes: Some(nodes),
            move_time: (!self.cfg.script).then(|| Duration::from_secs(3)),
            ..Limits::default()
        };
        let request = SearchRequest::for_game(&session.game, limits);
        self.say("Looking for a hint… (`stop` to cut it short)");
        self.think(request, JobKind::Hint);
    }

    /// The hint search answered.
    pub(super) fn hint_answer(&mut self, result: SearchResult) {
        let Some(session) = &self.game else { return };
        let Some(m) = result.best_move else {
            self.say("No hint: there is no legal move.");
            return;
        };
        let position = session.game.position();
        let turn = position.turn();
        let san = position.to_san(m);
        let family = session.game.variant().is_norochess_family();
        let expectation = match result.score() {
            Some(Score::Centi(cp)) if family => format!(
                "expected result {:+.2} points for {turn}",
                f64::from(cp) / 100.0
            ),
            Some(Score::Centi(cp)) => {
                format!("evaluation {:+.2} for {turn}", f64::from(cp) / 100.0)
            }
            Some(Score::Won { margin }) => format!("{turn} wins by {margin} with best play"),
            Some(Score::Lost { margin }) => {
                format!("{turn} loses by {} with best play", -margin)
            }
            Some(Score::Mate(n)) if n > 0 => format!("{turn} mates in {n}"),
            Some(Score::Mate(n)) => format!("{turn} is mated in {}", -n),
            None => "no evaluation".to_string(),
        };
        let long = position.to_long(m);
        self.say(format!(
            "Hint: {san} ({long}) {} {expectation}.",
            self.style().long_dash()
        ));
    }

    fn resign_command(&mut self, args: &[String]) {
        let Some(session) = &self.game else { return };
        if session.game.is_over() {
            self.say("The game is already over.");
            return;
        }
        let mut color = match session.computer() {
            Some(computer) => !computer,
            None => session.game.position().turn(),
        };
        let mut confirmed = !self.settings.confirm_resign;
        for arg in args {
            match arg.to_ascii_lowercase().as_str() {
                "yes" | "y" | "!" => confirmed = true,
                "white" if session.computer().is_none() => color = Color::White,
                "black" if session.computer().is_none() => color = Color::Black,
                other => {
                    self.say(format!("`resign {other}`? Use `resign`, `resign yes` or, in pass and play, `resign white|black`."));
                    return;
                }
            }
        }
        if confirmed {
            self.resign(color);
        } else {
            self.confirm = Some(Confirm::Resign(color));
            self.say(format!(
                "Resign as {color}? Type `yes` to confirm, anything else to play on."
            ));
        }
    }

    /// `color` resigns.
    pub(super) fn resign(&mut self, color: Color) {
        self.cancel_thinking();
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        match session.game.resign(color) {
            Ok(_) => {
                session.pause_clock(now);
                self.persist();
                self.show_game();
            }
            Err(e) => self.say(format!("{e}.")),
        }
    }

    fn draw_command(&mut self) {
        let Some(session) = &mut self.game else {
            return;
        };
        if session.game.is_over() {
            self.say("The game is already over.");
            return;
        }
        if session.computer().is_some() {
            self.say("The computer does not take draw offers: play on, or `resign`.");
            return;
        }
        let turn = session.game.position().turn();
        if session.draw_offer == Some(!turn) {
            self.accept_draw();
            return;
        }
        session.draw_offer = Some(turn);
        let message = format!(
            "{} ({turn}) offers a draw. {} ({}): type `accept` or `decline`.",
            session.name(turn),
            session.name(!turn),
            !turn
        );
        self.say(message);
    }

    fn accept_draw(&mut self) {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        if session.draw_offer.take().is_none() {
            self.say("There is no draw offer to accept (offer one with `draw`).");
            return;
        }
        match session.game.agree_draw() {
            Ok(_) => {
                session.pause_clock(now);
                self.persist();
                self.show_game();
            }
            Err(e) => self.say(format!("{e}.")),
        }
    }

    /// The clock of `color` ran out.
    pub(super) fn flag_fell(&mut self, color: Color) {
        self.cancel_thinking();
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        if session.game.flag_fall(color).is_ok() {
            session.pause_clock(now);
            self.persist();
            self.say(format!("{color}'s time is up."));
            if matches!(self.view, View::Game) {
                self.show_game();
            }
        }
    }

    /// Low-time warnings, from the tick.
    pub(super) fn clock_warnings(&mut self) {
        let now = self.now();
        if !matches!(self.view, View::Game) {
            return;
        }
        let Some(session) = &mut self.game else {
            return;
        };
        if let Some(side) = session.low_time_warning(now) {
            let left = session.clock.as_ref().map_or(0, |c| c.remaining(side, now));
            self.say(format!(
                "{side} is low on time: {} left.",
                format_time(left)
            ));
        }
    }

    fn save(&mut self) {
        self.persist();
        let Some(session) = &self.game else { return };
        match &session.archived {
            Some(path) => self.say(format!(
                "The game is in your games list: {}",
                path.display()
            )),
            None => self.say(format!(
                "Saved to {} (the game is saved after every move; `continue` brings it back).",
                self.store.dir().join("current.pgn").display()
            )),
        }
    }

    fn export(&mut self, args: &[String]) {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        let record = session.record(now);
        self.write_record(&record, args.first());
    }

    /// Prints a record, or writes it to a file.
    pub(super) fn write_record(&mut self, record: &str, file: Option<&String>) {
        match file {
            Some(file) => match std::fs::write(file, record) {
                Ok(()) => self.say(format!("Wrote the game record to {file}.")),
                Err(e) => self.say(format!("Cannot write {file}: {e}.")),
            },
            None => self.say(record.trim_end()),
        }
    }

    fn moves(&mut self) {
        let Some(session) = &self.game else { return };
        let lines = screen::move_list(&session.game, session.review);
        if lines.is_empty() {
            self.say("No moves yet.");
        } else {
            self.say(lines.join("\n"));
        }
    }

    fn review(&mut self, command: &str, args: &[String]) {
        let Some(session) = &mut self.game else {
            return;
        };
        let total = session.game.plies().len();
        let current = session.review.unwrap_or(total);
        let steps = args
            .first()
            .and_then(|a| a.parse::<usize>().ok())
            .unwrap_or(1);
        let shown = match command {
            "back" => current.saturating_sub(steps),
            "forward" => (current + steps).min(total),
            "first" => 0,
            _ => total,
        };
        session.review = (shown < total).then_some(shown);
        self.show_game();
    }

    fn legal(&mut self, args: &[String]) {
        let Some(session) = &self.game else { return };
        let position = *session.game.position();
        if session.game.is_over() {
            self.say("The game is over: no legal moves.");
            return;
        }
        let Some(square_text) = args.first() else {
            let mut moves: Vec<String> = position
                .legal_moves()
                .into_iter()
                .map(|m| position.to_san(m))
                .collect();
            moves.sort();
            self.say(format!(
                "Legal moves ({}): {}",
                moves.len(),
                moves.join(" ")
            ));
            return;
        };
        let Some(square) = position.parse_square(&square_text.to_ascii_lowercase()) else {
            self.say(format!("`{square_text}` is not a square of this board."));
            return;
        };
        let Some(piece) = position.piece_at(square) else {
            self.say(format!("There is no piece on {square_text}."));
            return;
        };
        let moves = session.game.moves_from(square);
        let name = position.square_name(square);
        let mut targets: Vec<String> = moves.iter().map(|m| position.square_name(m.to)).collect();
        targets.dedup();
        let description = if moves.is_empty() {
            format!("The {piece} on {name} cannot move now.")
        } else {
            let san: Vec<String> = moves.iter().map(|m| position.to_san(*m)).collect();
            format!(
                "The {piece} on {name} can move to {} ({}).",
                targets.join(", "),
                san.join(" ")
            )
        };
        let snapshot = session.game.snapshot();
        let marks = Marks {
            selected: Some(square),
            targets: moves.iter().map(|m| m.to).collect(),
            ..Marks::default()
        };
        let board = screen::board(
            &snapshot,
            session.bottom(snapshot.turn),
            &marks,
            self.style(),
        );
        self.say(board.join("\n"));
        self.say(description);
    }

    fn rematch(&mut self) {
        let Some(session) = &self.game else {
            self.say("There is no game to replay.");
            return;
        };
        if !session.game.is_over() {
            self.say("Finish this game first (or `resign`), or start a `new` one.");
            return;
        }
        let game = &session.game;
        let fen = game.is_set_up().then(|| game.start_position().to_text());
        let opponent = match session.opponent {
            Opponent::Computer { human, level } => Opponent::Computer {
                human: !human,
                level,
            },
            Opponent::Friend => Opponent::Friend,
        };
        let spec = GameSpec {
            variant: game.variant(),
            start: game.start_number(),
            fen,
            opponent,
            names: [session.name(Color::Black), session.name(Color::White)],
            clock: session.clock.as_ref().map(Clock::control),
            autoflip: session.autoflip,
            seed: self
                .cfg
                .seed
                .map_or_else(time_seed, |s| mix(s, session.seed)),
        };
        self.begin_game(spec);
    }

    /// Prints the game screen.
    pub(super) fn show_game(&mut self) {
        let text = self.game_screen();
        self.say(text);
    }

    fn game_screen(&self) -> String {
        let Some(session) = &self.game else {
            return String::new();
        };
        let style = self.style();
        let now = self.now();
        let total = session.game.plies().len();
        let shown = session.review.unwrap_or(total);
        let view = if shown < total {
            session.game_at(shown)
        } else {
            session.game.clone()
        };
        let snapshot = view.snapshot();
        let mut lines = Vec::new();
        let white = session.name(Color::White);
        let black = session.name(Color::Black);
        let mode = match session.opponent {
            Opponent::Computer { .. } => String::new(),
            Opponent::Friend => " · pass and play".to_string(),
        };
        let variant = variant_title(&session.game);
        let players = if white == "White" && black == "Black" {
            String::new()
        } else {
            format!(" · White: {white} · Black: {black}")
        };
        lines.push(heading(style, &format!("{variant}{mode}{players}")));
        lines.push(String::new());
        lines.extend(screen::game_panel(
            &snapshot,
            session.bottom(snapshot.turn),
            style,
        ));
        if shown > 0 {
            lines.push(format!(
                "  Moves: {}   ([ ] marks the last move)",
                screen::recent_moves(&session.game, shown, 6)
            ));
        }
        if let Some(clock) = &session.clock {
            let side = |color: Color| {
                let left = clock.remaining(color, now);
                let mut text = format!("{color} {}", format_time(left));
                if clock.running() == Some(color) && !session.game.is_over() {
                    text.push_str(if style.unicode { " ◀" } else { " <" });
                    if clock.is_low(color, now) {
                        text.push_str(" low!");
                    }
                }
                text
            };
            lines.push(format!(
                "  Clock ({}): {}   {}",
                clock_name(clock.control()),
                side(Color::White),
                side(Color::Black)
            ));
        }
        if let Some(outcome) = view.outcome().filter(|_| shown == total) {
            let result = screen::result_line(&session.game, &outcome, style);
            let verdict = match (session.computer(), outcome.winner) {
                (Some(computer), Some(winner)) if winner == computer => " (the computer wins)",
                (Some(_), Some(_)) => " (you win!)",
                _ => "",
            };
            lines.push(style.bold(&format!(
                "  {} {result}{verdict}",
                if style.unicode { "■" } else { "#" }
            )));
            lines.push("  `rematch` · `back` to review · `moves` · `export` · `home`".to_string());
        } else if shown < total {
            let at = match shown {
                0 => String::new(),
                n => screen::ply_text(&session.game, n - 1),
            };
            lines.push(format!(
                "  Reviewing: {} (ply {shown} of {total}) {} `back`, `forward`, `live` to return",
                if at.is_empty() {
                    "the start position".to_string()
                } else {
                    format!("after {at}")
                },
                style.long_dash()
            ));
        } else {
            let turn = snapshot.turn;
            let check = if snapshot.check_square.is_some() {
                format!(" {} check!", style.long_dash())
            } else {
                String::new()
            };
            let status = match session.computer() {
                Some(computer) if computer == turn => format!(
                    "{turn} to move (the computer){check}{}",
                    if self.thinking.is_some_and(|t| !t.hint) {
                        " — thinking…"
                    } else {
                        ""
                    }
                ),
                Some(_) => format!("{turn} to move {} your move{check}", style.long_dash()),
                None if session.name(turn) == turn.name() => format!("{turn} to move{check}"),
                None => format!("{turn} to move ({}){check}", session.name(turn)),
            };
            lines.push(format!("  {status}"));
            if let Some(offer) = session.draw_offer {
                lines.push(format!("  {offer} offers a draw: `accept` or `decline`"));
            }
            lines.push(match session.computer() {
                Some(_) => "  Type a move (e4, Nf3, e2e4) or: undo · hint · flip · moves · resign · home · help",
                None => "  Type a move (e4, Nf3, e2e4) or: undo · hint · draw · flip · moves · resign · home · help",
            }.to_string());
        }
        lines.join("\n")
    }
}

/// A screen's title line.
pub fn heading(style: super::screen::Style, title: &str) -> String {
    if style.unicode {
        style.bold(&format!("── {title} ──"))
    } else {
        format!("== {title} ==")
    }
}

/// A core message starting with `cannot` with its first letter in upper
/// case (messages starting with a move are left as they are).
pub fn capitalized(text: &str) -> String {
    if !text.starts_with("cannot") {
        return text.to_string();
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The game's name with its options: `Norochess960 (start 765)`,
/// `Improved chess (zone seventh, blockage any)`.
pub fn variant_title(game: &Game) -> String {
    let name = game.variant().display_name();
    match (game.start_number(), game.variant().improved_options()) {
        (Some(n), _) if n != 518 => format!("{name} (start {n})"),
        (_, Some((zone, blockage))) => {
            format!("{name} (zone {}, blockage {})", zone.id(), blockage.id())
        }
        _ => name.to_string(),
    }
}
