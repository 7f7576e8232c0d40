//! The application: views (home, game, puzzle, a saved game), commands and
//! what each prints. It is driven line by line, with the engine's answers
//! and clock ticks coming in between, the same way in a terminal and in a
//! script, so scripts print exactly the screens a player sees.

use super::game_view::GameSession;
use super::puzzle_view::PuzzleView;
use super::screen::Style;
use super::settings::Settings;
use super::store::Store;
use super::text::tokenize;
use super::worker::{Answer, Job, JobKind, Worker};
use norochess_core::puzzle::{builtin_pack, parse_puzzles, Puzzle, PuzzleProgress};
use norochess_core::Game;
use std::path::PathBuf;
use std::time::Instant;

/// How the program was started.
#[derive(Clone, Debug)]
pub struct Config {
    /// Commands come from a script (or a pipe): computer moves are awaited
    /// and reproducible, and time is virtual (`wait MS` advances it).
    pub script: bool,
    /// Unicode symbols (otherwise ASCII only).
    pub unicode: bool,
    /// ANSI colours allowed (a terminal, no `--no-color`, no `NO_COLOR`).
    pub color: bool,
    /// Seed of the computer's choices; `None` picks one per game.
    pub seed: Option<u64>,
    /// Node budget of full-strength searches (level 8 and hints).
    pub engine_nodes: Option<u64>,
    /// Engine hash size in megabytes.
    pub hash_mb: usize,
    /// A puzzle file's text to play instead of the built-in pack.
    pub puzzles: Option<String>,
}

/// Where time comes from: the real clock, or a virtual one for scripts.
enum TimeSource {
    Real(Instant),
    Virtual(u64),
}

/// What is on the screen.
pub(super) enum View {
    Home,
    Game,
    Puzzle(Box<PuzzleView>),
    Archive(Box<super::home::ArchiveView>),
}

/// A question waiting for its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Confirm {
    /// `yes` resigns for this side.
    Resign(norochess_core::Color),
    /// The promotion picker: one of these moves (in coordinates), by the
    /// letter or name of the piece.
    Promotion(Vec<(norochess_core::Role, String)>),
}

/// A search in progress.
#[derive(Clone, Copy, Debug)]
pub(super) struct Thinking {
    pub id: u64,
    pub hint: bool,
    pub stop_requested: bool,
}

/// The program's state.
pub struct App {
    pub(super) cfg: Config,
    pub(super) store: Store,
    pub(super) settings: Settings,
    pub(super) progress: PuzzleProgress,
    pub(super) pack: Vec<Puzzle>,
    pub(super) pack_error: Option<String>,
    pub(super) view: View,
    /// The current game (kept while at home or in puzzles).
    pub(super) game: Option<GameSession>,
    pub(super) confirm: Option<Confirm>,
    pub(super) thinking: Option<Thinking>,
    worker: Worker,
    next_job: u64,
    time: TimeSource,
    out: String,
    quit: bool,
    store_warned: bool,
}

impl App {
    /// A new app; `deliver` receives the engine's answers (on the engine
    /// thread) and should pass them back through [`App::engine_answer`].
    pub fn new<F>(cfg: Config, store_dir: PathBuf, deliver: F) -> App
    where
        F: Fn(Answer) + Send + 'static,
    {
        let store = Store::new(store_dir);
        let settings = store
            .load_settings()
            .map(|t| Settings::from_text(&t))
            .unwrap_or_default();
        let progress = store
            .load_progress()
            .and_then(|t| PuzzleProgress::from_text(&t))
            .unwrap_or_default();
        let pack = match &cfg.puzzles {
            Some(text) => parse_puzzles(text),
            None => builtin_pack(),
        };
        let (pack, pack_error) = match pack {
            Ok(pack) => (pack, None),
            Err(e) => (Vec::new(), Some(e.to_string())),
        };
        let time = if cfg.script {
            TimeSource::Virtual(0)
        } else {
            TimeSource::Real(Instant::now())
        };
        let worker = Worker::start(cfg.hash_mb, deliver);
        App {
            cfg,
            store,
            settings,
            progress,
            pack,
            pack_error,
            view: View::Home,
            game: None,
            confirm: None,
            thinking: None,
            worker,
            next_job: 1,
            time,
            out: String::new(),
            quit: false,
            store_warned: false,
        }
    }

    /// Milliseconds on the app's clock.
    pub(super) fn now(&self) -> u64 {
        match &self.time {
            TimeSource::Real(start) => start.elapsed().as_millis() as u64,
            TimeSource::Virtual(ms) => *ms,
        }
    }

    /// The drawing style.
    pub(super) fn style(&self) -> Style {
        Style {
            unicode: self.cfg.unicode,
            letters: self.settings.letters,
            color: self.cfg.color && self.settings.colour,
            coordinates: self.settings.coordinates,
        }
    }

    /// Text to print, taken.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.out)
    }

    /// Appends a line of output.
    pub(super) fn say(&mut self, text: impl AsRef<str>) {
        let text = text.as_ref();
        if self.cfg.unicode {
            self.out.push_str(text);
        } else {
            self.out.push_str(&asciify(text));
        }
        if !text.ends_with('\n') {
            self.out.push('\n');
        }
    }

    /// Whether `quit` was given.
    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// Whether the engine is working (scripts wait for it).
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The prompt for the next command.
    pub fn prompt(&self) -> String {
        match &self.confirm {
            Some(Confirm::Promotion(_)) => return "promotion> ".to_string(),
            Some(Confirm::Resign(_)) => return "confirm> ".to_string(),
            None => {}
        }
        let place = match &self.view {
            View::Home => "norochess".to_string(),
            View::Game => match &self.game {
                Some(session) if session.game.is_over() => "game over".to_string(),
                Some(session) => {
                    let p = session.game.position();
                    let dots = if p.turn() == norochess_core::Color::White {
                        "."
                    } else {
                        "..."
                    };
                    let thinking = if self.thinking.is_some() {
                        " (thinking)"
                    } else {
                        ""
                    };
                    format!("{}{dots} {}{thinking}", p.fullmove_number(), p.turn())
                }
                None => "norochess".to_string(),
            },
            View::Puzzle(_) => "puzzle".to_string(),
            View::Archive(_) => "review".to_string(),
        };
        format!("{place}> ")
    }

    /// Reports a failure to write the store once.
    pub(super) fn store_failed(&mut self, error: &std::io::Error) {
        if !self.store_warned {
            self.store_warned = true;
            let dir = self.store.dir().display().to_string();
            self.say(format!(
                "Warning: cannot save in {dir}: {error} (use --store PATH to choose another place)"
            ));
        }
    }

    /// Prints the opening screen.
    pub fn start(&mut self) {
        if let Some(text) = self.store.load_current() {
            match Game::from_pgn(&text, None) {
                Ok(game) => {
                    let now = self.now();
                    self.game = Some(GameSession::restore(game, &self.settings, now));
                }
                Err(e) => self.say(format!(
                    "Your unfinished game could not be read ({e}); it stays in {}.",
                    self.store.dir().join("current.pgn").display()
                )),
            }
        }
        self.show_home();
    }

    /// Handles one command line.
    pub fn command(&mut self, line: &str) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return;
        }
        if let Some(confirm) = self.confirm.take() {
            let answer = line.to_ascii_lowercase();
            match confirm {
                Confirm::Resign(color) if matches!(answer.as_str(), "yes" | "y") => {
                    self.resign(color)
                }
                Confirm::Promotion(choices) => {
                    let picked = choices.iter().find(|(role, _)| {
                        answer == role.name() || answer.chars().eq(std::iter::once(role.char()))
                    });
                    match picked {
                        Some((_, uci)) => {
                            let uci = uci.clone();
                            match self.view {
                                View::Puzzle(_) => self.puzzle_move(&uci),
                                _ => self.play_line(&uci),
                            }
                        }
                        None => self.say("No promotion chosen; the move was not played."),
                    }
                }
                Confirm::Resign(_) => self.say("Cancelled."),
            }
            return;
        }
        let words = match tokenize(line) {
            Ok(words) => words,
            Err(e) => {
                self.say(format!("Cannot read that: {e}."));
                return;
            }
        };
        let Some(first) = words.first() else { return };
        let command = first.to_ascii_lowercase();
        let args: Vec<String> = words[1..].to_vec();
        if self.global_command(&command, &args) {
            return;
        }
        match &self.view {
            View::Home => self.say(format!(
                "Unknown command `{first}`. Type `help` for the commands, `new computer` to play."
            )),
            View::Game => self.game_command(&command, &args, line),
            View::Puzzle(_) => self.puzzle_command(&command, &args, line),
            View::Archive(_) => self.archive_command(&command, &args),
        }
    }

    /// Commands that work everywhere. Returns whether `command` was one.
    fn global_command(&mut self, command: &str, args: &[String]) -> bool {
        match command {
            "help" | "?" => self.help(args.first().map(String::as_str)),
            "quit" | "exit" => {
                self.leave_view();
                self.persist();
                self.quit = true;
                self.say("Goodbye. Your unfinished game and progress are saved.");
            }
            "home" | "menu" => {
                self.leave_view();
                self.view = View::Home;
                self.show_home();
            }
            "new" => self.new_game(args),
            "puzzle" | "puzzles" => self.puzzle(args),
            "continue" | "resume" if !matches!(self.view, View::Archive(_)) => self.continue_game(),
            "games" | "open" => {
                if args.is_empty() {
                    self.list_games()
                } else {
                    self.open_game(&args[0])
                }
            }
            "settings" => self.show_settings(),
            "set" => self.set(args),
            "rules" => self.rules(args),
            "clocks" => self.list_clocks(),
            "wait" => self.wait(args),
            _ => return false,
        }
        true
    }

    /// `wait MS`: lets time pass on a script's virtual clock.
    fn wait(&mut self, args: &[String]) {
        let Some(ms) = args.first().and_then(|a| a.parse::<u64>().ok()) else {
            self.say("Usage: wait MILLISECONDS (advances the clock in scripts).");
            return;
        };
        match &mut self.time {
            TimeSource::Virtual(now) => {
                *now += ms;
                self.tick();
            }
            TimeSource::Real(_) => {
                self.say("`wait` is for scripts: in a terminal the clock runs by itself.")
            }
        }
    }

    /// Leaves the current view: pauses the game's clock, cancels the
    /// computer's thinking and records an abandoned puzzle.
    pub(super) fn leave_view(&mut self) {
        self.cancel_thinking();
        let now = self.now();
        if let Some(session) = &mut self.game {
            session.pause_clock(now);
        }
        if let View::Puzzle(_) = self.view {
            self.record_abandoned_puzzle();
        }
    }

    /// Starts a search on the engine thread.
    pub(super) fn think(&mut self, request: norochess_core::SearchRequest, kind: JobKind) {
        let id = self.next_job;
        self.next_job += 1;
        let hint = matches!(kind, JobKind::Hint);
        if self.worker.submit(Job { id, request, kind }) {
            self.thinking = Some(Thinking {
                id,
                hint,
                stop_requested: false,
            });
        } else {
            self.say("The engine is not available.");
        }
    }

    /// Forgets the running search (its answer will be ignored).
    pub(super) fn cancel_thinking(&mut self) {
        if self.thinking.take().is_some() {
            self.worker.stop();
        }
    }

    /// Clears the engine's memory (new game).
    pub(super) fn clear_engine(&mut self) {
        self.cancel_thinking();
        self.worker.clear();
    }

    /// `stop`: the computer moves now.
    pub(super) fn stop_thinking(&mut self) {
        match &mut self.thinking {
            Some(thinking) => {
                thinking.stop_requested = true;
                self.worker.stop();
                self.say("Stopping the computer's search…");
            }
            None => self.say("The computer is not thinking."),
        }
    }

    /// An answer from the engine thread.
    pub fn engine_answer(&mut self, answer: Answer) {
        let Some(thinking) = self.thinking else {
            return;
        };
        if thinking.id != answer.id {
            return;
        }
        self.thinking = None;
        match answer.kind {
            JobKind::Move { .. } => self.computer_moves(answer.result),
            JobKind::Hint => self.hint_answer(answer.result),
        }
    }

    /// Called a few times a second (and after `wait` in scripts): clocks,
    /// flag falls, repeated stop requests.
    pub fn tick(&mut self) {
        if let Some(thinking) = self.thinking {
            if thinking.stop_requested {
                self.worker.stop();
            }
        }
        let now = self.now();
        let flagged = self.game.as_mut().and_then(|s| s.check_flag(now));
        if let Some(color) = flagged {
            self.flag_fell(color);
        }
        self.clock_warnings();
    }
}

/// The ASCII form of the few Unicode characters the screens use.
fn asciify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '…' => out.push_str("..."),
            '–' | '─' => out.push('-'),
            '—' => out.push_str("--"),
            '·' => out.push('|'),
            '◀' => out.push('<'),
            '▶' => out.push('>'),
            '■' => out.push('#'),
            '✓' => out.push('+'),
            '✗' | '×' => out.push('x'),
            '•' => out.push('*'),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// The promotion picker's choices when `text` is a pawn move to the last
/// rank without the new piece (`e8`, `e7e8`, `dxe8`): the legal ones only,
/// as the core answers such a text ([`MoveError::PromotionRequired`]).
///
/// [`MoveError::PromotionRequired`]: norochess_core::MoveError::PromotionRequired
pub(super) fn promotion_choices(
    position: &norochess_core::AnyPosition,
    text: &str,
) -> Vec<(norochess_core::Role, String)> {
    let Err(norochess_core::MoveError::PromotionRequired {
        from, to, choices, ..
    }) = position.parse_move(text.trim())
    else {
        return Vec::new();
    };
    let width = position.width();
    choices
        .into_iter()
        .filter_map(|role| {
            position
                .move_for(from, to, Some(role))
                .ok()
                .map(|m| (role, m.uci(width)))
        })
        .collect()
}

/// The picker's question: `Promote to: queen (q), knight (n)?`
pub(super) fn promotion_question(choices: &[(norochess_core::Role, String)]) -> String {
    let names: Vec<String> = choices
        .iter()
        .map(|(role, _)| format!("{} ({})", role.name(), role.char()))
        .collect();
    format!("Promote to: {}? (anything else cancels)", names.join(", "))
}
