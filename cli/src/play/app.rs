//! The application: views (home, game, puzzle, a saved game), commands and
//! what each prints. It is driven line by line, with the engine's answers
//! and clock ticks coming in between, the same way in a terminal and in a
//! script, so scripts print exactly the screens a player sees.
//!
//! Games, progress and settings live in a [`Library`]; the game on screen
//! is a [`GameSession`], which makes every decision about the game. This
//! module only routes commands and keeps what the screen needs.

use super::screen::Style;
use super::text::{tokenize, MAX_LINE_CHARS};
use super::view_state::{AnalysisScreen, ArchiveView, EditorScreen, PuzzleView, ReviewScreen};
use super::worker::{Answer, Job, Reply, Worker};
use norochess_app::library::PieceStyle;
use norochess_app::{GameSession, Library, Settings};
use norochess_core::puzzle::Puzzle;
use norochess_core::StopHandle;
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
    /// The puzzles to play: a file's, or the built-in pack.
    pub pack: Vec<Puzzle>,
    /// Whether the puzzles come from a file given with `--puzzles`.
    pub own_puzzles: bool,
    /// The full-screen shell draws the board, score and clocks itself:
    /// the game, puzzle and replay screens are not printed as text.
    pub full_screen: bool,
}

/// The library the app keeps its games in, and why it may be a temporary one.
pub struct Storage {
    /// The library.
    pub library: Library,
    /// Why the library on disk could not be used (then `library` is in
    /// memory and nothing outlives the program).
    pub unavailable: Option<String>,
}

/// Commands everywhere, for "did you mean".
pub(super) const GLOBAL_COMMANDS: [&str; 19] = [
    "help", "quit", "home", "new", "puzzle", "continue", "games", "stats", "settings", "set",
    "rules", "clocks", "wait", "exit", "review", "analyse", "analyze", "edit", "compose",
];
/// Commands of the game screen.
pub(super) const GAME_COMMANDS: [&str; 22] = [
    "undo", "redo", "flip", "hint", "resign", "draw", "accept", "decline", "save", "export",
    "moves", "back", "forward", "live", "first", "last", "stop", "legal", "board", "rematch",
    "takeback", "offer",
];
/// Commands of the puzzle screen.
pub(super) const PUZZLE_COMMANDS: [&str; 9] = [
    "hint", "retry", "solution", "next", "skip", "flip", "board", "moves", "legal",
];
/// Commands while replaying a saved game.
pub(super) const REPLAY_COMMANDS: [&str; 8] = [
    "forward", "back", "first", "last", "moves", "flip", "export", "continue",
];
/// Commands of the review screen.
pub(super) const REVIEW_COMMANDS: [&str; 13] = [
    "goto", "ply", "next", "previous", "forward", "back", "first", "last", "summary", "moves",
    "flip", "stop", "board",
];
/// Commands of the analysis board.
pub(super) const ANALYSIS_COMMANDS: [&str; 10] = [
    "play", "back", "reset", "lines", "think", "stop", "flip", "moves", "board", "legal",
];
/// Commands of the position editor.
pub(super) const EDITOR_COMMANDS: [&str; 16] = [
    "put", "remove", "clear", "turn", "move", "score", "start", "fen", "castling", "ep", "flip",
    "board", "play", "game", "halfmove", "opening",
];

/// The longest `wait` (a day): longer ones are refused rather than
/// letting the virtual clock run to the end of its range.
const MAX_WAIT_MS: u64 = 86_400_000;

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
    Archive(Box<ArchiveView>),
    Review(Box<ReviewScreen>),
    Analysis(Box<AnalysisScreen>),
    Editor(Box<EditorScreen>),
}

/// What the engine thread is doing for the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Work {
    /// The computer's move.
    Move,
    /// A hint.
    Hint,
    /// A game review's positions.
    Review,
    /// The analysis board's lines.
    Analysis,
    /// The exact solver on the analysis board.
    Exact,
    /// Proving a composed or imported puzzle.
    Proof,
    /// Practice mode judging the person's move.
    Practice,
}

/// A question waiting for its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Confirm {
    /// `yes` resigns (for this side in pass and play, if one was named).
    Resign(Option<norochess_core::Color>),
    /// The promotion picker: one of these moves (in coordinates), by the
    /// letter or name of the piece.
    Promotion(Vec<(norochess_core::Role, String)>),
    /// `yes` plays this move (in coordinates), which repeats a position a
    /// third time and loses.
    Repetition(String),
    /// `quit` with a game that is not saved: `export FILE`, `discard` or
    /// stay.
    Quit,
    /// `export FILE` onto an existing file: `yes` replaces it.
    Overwrite {
        /// The file.
        file: String,
        /// What to write.
        record: String,
        /// Whether it is the current game's record (an export of it lifts
        /// the unsaved mark).
        current: bool,
    },
}

/// A search in progress on the engine thread.
#[derive(Clone, Debug)]
pub(super) struct Thinking {
    /// The job's number (answers to other jobs are ignored).
    pub job: u64,
    /// What it is.
    pub work: Work,
    /// Stops the search (it then answers with its best move so far); the
    /// solver's work has none and runs to its end.
    pub stop: Option<StopHandle>,
}

/// The program's state.
pub struct App {
    pub(super) cfg: Config,
    pub(super) library: Library,
    /// Why the library is only in memory, if it is.
    pub(super) library_unavailable: Option<String>,
    pub(super) settings: Settings,
    pub(super) view: View,
    /// The current game (kept while at home or in puzzles).
    pub(super) game: Option<GameSession>,
    pub(super) confirm: Option<Confirm>,
    pub(super) thinking: Option<Thinking>,
    /// The last failed save, reported by `quit` (cleared by a good save).
    pub(super) save_error: Option<String>,
    /// The game on screen is a stale copy: another window moved it on or
    /// removed it, so it can only be saved as a new game.
    pub(super) stale: bool,
    /// The current game was begun in this window (not read from the
    /// library): only such a game, still without moves, is dropped when
    /// another replaces it. One read from the library may be on another
    /// window's screen, just begun there.
    pub(super) begun_here: bool,
    /// The plies and whether it was over when the unsaved game was last
    /// exported to a file: while it stands so, the screen mark is off and
    /// `quit` does not ask (a further move brings both back).
    pub(super) exported_at: Option<(usize, bool)>,
    /// Low-time warnings already given, per side (once each).
    pub(super) low_warned: [bool; 2],
    worker: Worker,
    next_job: u64,
    time: TimeSource,
    out: String,
    quit: bool,
}

impl App {
    /// A new app; `deliver` receives the engine's answers (on the engine
    /// thread) and should pass them back through [`App::engine_answer`].
    pub fn new<F>(cfg: Config, storage: Storage, deliver: F) -> App
    where
        F: Fn(Answer) + Send + 'static,
    {
        let Storage {
            library,
            unavailable,
        } = storage;
        let mut settings_error = None;
        let settings = library.settings().unwrap_or_else(|e| {
            settings_error = Some(e.to_string());
            Settings::default()
        });
        let time = if cfg.script {
            TimeSource::Virtual(0)
        } else {
            TimeSource::Real(Instant::now())
        };
        // `--hash` is the player's choice: too much for this machine gets
        // the default size and a word, never an abort.
        let (engine, hash_problem) = match norochess_core::Engine::try_new(cfg.hash_mb) {
            Ok(engine) => (engine, None),
            Err(e) => (
                norochess_core::Engine::new(norochess_core::DEFAULT_HASH_MB),
                Some(e),
            ),
        };
        let worker = Worker::start(engine, deliver);
        let mut app = App {
            cfg,
            library,
            library_unavailable: unavailable,
            settings,
            view: View::Home,
            game: None,
            confirm: None,
            thinking: None,
            save_error: None,
            stale: false,
            begun_here: false,
            exported_at: None,
            low_warned: [false; 2],
            worker,
            next_job: 1,
            time,
            out: String::new(),
            quit: false,
        };
        if let Some(e) = hash_problem {
            app.say(format!(
                "The engine uses {} MB of hash: {e}.",
                norochess_core::DEFAULT_HASH_MB
            ));
        }
        if let Some(e) = settings_error {
            app.say(format!(
                "Your settings could not be read ({e}); the defaults are used."
            ));
        }
        app
    }

    /// Milliseconds on the app's clock.
    pub(super) fn now(&self) -> u64 {
        match &self.time {
            TimeSource::Real(start) => norochess_app::session::millis(start.elapsed()),
            TimeSource::Virtual(ms) => *ms,
        }
    }

    /// The drawing style.
    pub(super) fn style(&self) -> Style {
        Style {
            unicode: self.cfg.unicode,
            letters: self.settings.piece_style == PieceStyle::Letters,
            color: self.cfg.color && self.settings.terminal_colour,
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
            Some(Confirm::Resign(_) | Confirm::Repetition(_) | Confirm::Overwrite { .. }) => {
                return "confirm> ".to_string()
            }
            Some(Confirm::Quit) => return "quit> ".to_string(),
            None => {}
        }
        let place = match &self.view {
            View::Home => "norochess".to_string(),
            View::Game => match &self.game {
                Some(session) if session.game().is_over() => "game over".to_string(),
                Some(session) => {
                    let p = session.game().position();
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
            View::Review(_) => "game review".to_string(),
            View::Analysis(_) => "analysis".to_string(),
            View::Editor(_) => "editor".to_string(),
        };
        format!("{place}> ")
    }

    /// Prints the opening screen: what the library has to say (a recovered
    /// or imported store), then home with the unfinished game.
    pub fn start(&mut self) {
        if let Some(problem) = self.library_unavailable.clone() {
            self.say(format!(
                "Warning: {problem}. Games and progress are kept only until you quit (use --store PATH to choose another folder)."
            ));
        }
        let notices: Vec<String> = self.library.notices().iter().map(|n| n.message()).collect();
        for notice in notices {
            self.say(notice);
        }
        let now = self.now();
        match self.library.current(now) {
            Ok(Some(session)) => {
                self.game = Some(self.with_policies(session));
                self.begun_here = false;
            }
            Ok(None) => {}
            Err(e) => self.say(format!("Your unfinished game could not be read: {e}.")),
        }
        self.show_home();
    }

    /// A session with the takeback and hint policies of the settings.
    pub(super) fn with_policies(&self, mut session: GameSession) -> GameSession {
        session.set_policies(self.settings.takeback, self.settings.hints);
        session.set_practice(self.settings.practice);
        session.set_orientation(self.settings.orientation);
        session
    }

    /// Handles one command line.
    pub fn command(&mut self, line: &str) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return;
        }
        let length = line.chars().count();
        if length > MAX_LINE_CHARS {
            self.say(format!(
                "That line is {length} characters long: commands and moves are short (at most {MAX_LINE_CHARS}), so it was not read."
            ));
            return;
        }
        if let Some(confirm) = self.confirm.take() {
            self.answer(confirm, line);
            return;
        }
        // A shared puzzle keeps its spaces and bars: it is read as typed.
        if let Some(text) = super::pasted_line::import_text(line) {
            self.import_line(text);
            return;
        }
        if super::pasted_line::looks_like_puzzle_line(line) {
            self.import_line(line);
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
            View::Home => {
                let hint = self.did_you_mean(&command);
                self.say(format!(
                    "Unknown command `{first}`.{hint} Type `help` for the commands, `new computer` to play."
                ))
            }
            View::Game => self.game_command(&command, &args, line),
            View::Puzzle(_) => self.puzzle_command(&command, &args, line),
            View::Archive(_) => self.archive_command(&command, &args),
            View::Review(_) => self.review_command(&command, &args),
            View::Analysis(_) => self.analysis_command(&command, &args, line),
            View::Editor(_) => self.editor_command(&command, &args),
        }
    }

    /// ` Did you mean `hint`?` when `word` is close to a command of this
    /// view (empty otherwise).
    pub(super) fn did_you_mean(&self, word: &str) -> String {
        let view: &[&str] = match self.view {
            View::Home => &[],
            View::Game => &GAME_COMMANDS,
            View::Puzzle(_) => &PUZZLE_COMMANDS,
            View::Archive(_) => &REPLAY_COMMANDS,
            View::Review(_) => &REVIEW_COMMANDS,
            View::Analysis(_) => &ANALYSIS_COMMANDS,
            View::Editor(_) => &EDITOR_COMMANDS,
        };
        let commands: Vec<&str> = GLOBAL_COMMANDS.iter().chain(view).copied().collect();
        norochess_app::texts::closest(word, &commands)
            .map(|c| format!(" Did you mean `{c}`?"))
            .unwrap_or_default()
    }

    /// The thinking indicator for work done on this thread while the
    /// player waits (the solver behind puzzles): in a terminal a line after
    /// 300 ms. Scripts, which no one watches, keep their screens the same
    /// from run to run.
    pub(super) fn busy(&self) -> Option<super::busy::Busy> {
        // A full-screen terminal must not get stray lines: its shell shows
        // its own indicator before each command.
        if self.cfg.script || self.cfg.full_screen {
            return None;
        }
        let message = if self.cfg.unicode {
            "The computer is thinking…"
        } else {
            "The computer is thinking..."
        };
        Some(super::busy::Busy::start(
            super::busy::DELAY,
            message.to_string(),
            std::io::stdout(),
        ))
    }

    /// A line that is not UTF-8 text: said so, and nothing else happens
    /// (a question waiting for its answer keeps waiting).
    pub fn not_text(&mut self, line: &super::input::NotText) {
        self.say(line.message());
    }

    /// The answer to a question (resign? which promotion?).
    fn answer(&mut self, confirm: Confirm, line: &str) {
        let answer = line.to_ascii_lowercase();
        match confirm {
            Confirm::Resign(by) if matches!(answer.as_str(), "yes" | "y") => self.resign(by),
            Confirm::Resign(_) => self.say("Cancelled."),
            Confirm::Repetition(uci) if matches!(answer.as_str(), "yes" | "y") => {
                self.play_repetition(&uci)
            }
            Confirm::Repetition(_) => self.say("Not played: choose another move."),
            Confirm::Quit => self.answer_quit(line),
            Confirm::Overwrite {
                file,
                record,
                current,
            } => {
                if matches!(answer.as_str(), "yes" | "y") {
                    self.replace_file(&file, &record, current);
                } else {
                    self.say(format!("{file} was left as it was; nothing was written."));
                }
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
        }
    }

    /// Commands that work everywhere. Returns whether `command` was one.
    fn global_command(&mut self, command: &str, args: &[String]) -> bool {
        match command {
            "help" | "?" => self.help(args.first().map(String::as_str)),
            "quit" | "exit" => self.quit(),
            "home" | "menu" => {
                self.leave_view();
                self.view = View::Home;
                self.show_home();
            }
            "new" => self.new_game(args),
            "puzzle" | "puzzles" => self.puzzle(args),
            "continue" | "resume" if !matches!(self.view, View::Archive(_)) => self.continue_game(),
            "games" | "open" => match args.first() {
                None => self.list_games(),
                Some(which) => self.open_game(which),
            },
            "stats" | "statistics" => self.show_stats(),
            "settings" => self.show_settings(),
            "set" => self.set(args),
            "rules" => self.rules(args),
            "clocks" => self.list_clocks(),
            "wait" => self.wait(args),
            "review" => self.review_game(args),
            "analyse" | "analyze" | "analysis" => self.analyse(args),
            "edit" | "editor" => self.edit(args),
            "compose" => self.compose(args),
            _ => return false,
        }
        true
    }

    /// `quit`: saves the game and says whether that worked. A game that
    /// cannot be saved is not left behind unasked: `export FILE`,
    /// `discard` or stay.
    fn quit(&mut self) {
        self.leave_view();
        if self.game.is_some() && !self.persist_quietly() && !self.exported_current() {
            let reason = self.save_error.clone().unwrap_or_default();
            self.say(format!(
                "Your game is NOT saved ({reason}). Type `export FILE` to keep it in a file, `discard` to quit without it, or anything else to stay."
            ));
            self.confirm = Some(Confirm::Quit);
            return;
        }
        self.goodbye();
    }

    /// Leaves without asking (the input is gone: nobody can answer), with
    /// the same last save and goodbye as `quit`.
    pub fn leave(&mut self) {
        self.confirm = None;
        self.leave_view();
        self.persist_quietly();
        self.goodbye();
    }

    /// The answer to `quit`'s question about an unsaved game.
    fn answer_quit(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["discard" | "quit" | "exit"] => self.goodbye(),
            ["export" | "pgn", ..] if words.len() > 1 => {
                let args: Vec<String> = words[1..].iter().map(|w| w.to_string()).collect();
                self.export(&args);
                if self.exported_current() && self.confirm.is_none() {
                    self.goodbye();
                }
            }
            _ => self.say("Staying: the game is still on screen (`save`, `export FILE`)."),
        }
    }

    /// The goodbye line, and the program may end.
    fn goodbye(&mut self) {
        let had_game = self.game.is_some();
        self.quit = true;
        if let Some(problem) = &self.library_unavailable {
            let message = format!("Goodbye. Nothing was kept: {problem}.");
            self.say(message);
        } else if let Some(error) = self.save_error.clone() {
            let kept = if self.exported_current() {
                " (you exported it to a file)"
            } else {
                ""
            };
            self.say(format!("Goodbye. Your game was NOT saved{kept}: {error}."));
        } else if had_game {
            self.say("Goodbye. Your game and progress are saved.");
        } else {
            self.say("Goodbye. Your progress is saved.");
        }
    }

    /// `wait MS`: lets time pass on a script's virtual clock.
    fn wait(&mut self, args: &[String]) {
        let ms = match args.first().map(|a| (a, a.parse::<u64>())) {
            Some((_, Ok(ms))) if ms <= MAX_WAIT_MS => ms,
            Some((text, _)) => {
                self.say(format!(
                    "`{text}` is not a wait: give 0 to {MAX_WAIT_MS} milliseconds (a day)."
                ));
                return;
            }
            None => {
                self.say("Usage: wait MILLISECONDS (advances the clock in scripts).");
                return;
            }
        };
        match &mut self.time {
            TimeSource::Virtual(now) => {
                // A day at a time cannot reach the end of u64 in any script.
                *now = now.saturating_add(ms);
                self.tick();
            }
            TimeSource::Real(_) => {
                self.say("`wait` is for scripts: in a terminal the clock runs by itself.")
            }
        }
    }

    /// Leaves the current view: the game's clock pauses (as an app in the
    /// background), the computer's thinking stops and an abandoned puzzle is
    /// recorded.
    pub(super) fn leave_view(&mut self) {
        self.cancel_thinking();
        let now = self.now();
        if let Some(session) = &mut self.game {
            session.set_background(true, now);
        }
        if let View::Puzzle(_) = self.view {
            self.record_abandoned_puzzle();
        }
        if let View::Review(_) = self.view {
            self.save_review_progress();
        }
    }

    /// Starts a search on the engine thread.
    pub(super) fn think(&mut self, job: Job, stop: StopHandle) {
        self.submit(job, Some(stop));
    }

    /// Starts a job on the engine thread; `stop` cuts it short (`None`:
    /// it cannot be, and `stop` only stops waiting for it).
    pub(super) fn submit(&mut self, job: Job, stop: Option<StopHandle>) {
        let id = self.next_job;
        self.next_job += 1;
        let work = match &job {
            Job::Move(_) => Work::Move,
            Job::Hint(_) => Work::Hint,
            Job::Review(_) => Work::Review,
            Job::Analysis(_) => Work::Analysis,
            Job::Exact(_) => Work::Exact,
            Job::Compose(..) | Job::Import(_) => Work::Proof,
            Job::Practice(_) => Work::Practice,
        };
        if self.worker.submit(id, job) {
            self.thinking = Some(Thinking {
                job: id,
                work,
                stop,
            });
        } else {
            self.say("The engine is not available.");
        }
    }

    /// What the engine thread is doing, if anything.
    pub(super) fn work(&self) -> Option<Work> {
        self.thinking.as_ref().map(|t| t.work)
    }

    /// The key help's line while the engine works (full screen).
    pub fn busy_text(&self) -> Option<&'static str> {
        Some(match self.work()? {
            Work::Move | Work::Hint => {
                "The computer is thinking · Ctrl-C or `stop` makes it move now"
            }
            Work::Review => "Reviewing · Ctrl-C or `stop` pauses (`review` resumes)",
            Work::Analysis => "The engine is analysing · Ctrl-C or `stop` stops it",
            Work::Exact => "The solver is working out the exact result · `stop` leaves it",
            Work::Proof => "The solver is proving the puzzle · `stop` leaves it",
            Work::Practice => "Practice mode is judging your move · `stop` skips it",
        })
    }

    /// Stops the running search and forgets it (its answer is ignored).
    pub(super) fn cancel_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            if let Some(stop) = thinking.stop {
                stop.stop();
            }
        }
    }

    /// Clears the engine's memory (new game).
    pub(super) fn clear_engine(&mut self) {
        self.cancel_thinking();
        self.worker.clear();
    }

    /// `stop`: the computer moves now (or the hint answers now).
    pub(super) fn stop_thinking(&mut self) {
        let Some(thinking) = &self.thinking else {
            self.say("The computer is not thinking.");
            return;
        };
        match (&thinking.stop, thinking.work) {
            (Some(stop), Work::Review) => {
                stop.stop();
                self.say("Pausing the review…");
            }
            (Some(stop), Work::Analysis) => {
                stop.stop();
                self.say("Stopping the analysis…");
            }
            (Some(stop), Work::Practice) => {
                stop.stop();
                self.say("Skipping practice mode's judgement of your move…");
            }
            (Some(stop), _) => {
                stop.stop();
                self.say("Stopping the computer's search…");
            }
            (None, _) => {
                // The solver cannot be interrupted: its answer is dropped.
                self.thinking = None;
                self.say("Stopped waiting for the solver: its answer will be ignored.");
                self.computer_turn();
            }
        }
    }

    /// An answer from the engine thread.
    pub fn engine_answer(&mut self, answer: Answer) {
        if self.thinking.as_ref().map(|t| t.job) != Some(answer.job) {
            return;
        }
        if !answer.reply.is_progress() {
            self.thinking = None;
        }
        match answer.reply {
            Reply::Move(ticket, mv) => self.computer_moves(ticket, mv),
            Reply::Hint(ticket, result) => self.hint_answer(ticket, &result),
            Reply::Review(request, result) => self.review_answer(&request, &result),
            Reply::Lines(live) => self.analysis_lines(*live),
            Reply::Exact(exact) => self.exact_answer(*exact),
            Reply::Puzzle(origin, result) => self.puzzle_proved(origin, *result),
            Reply::Practice(request, thought) => self.practice_answer(&request, &thought),
        }
    }

    /// Called a few times a second (and after `wait` in scripts): flag
    /// falls and low-time warnings.
    pub fn tick(&mut self) {
        let now = self.now();
        let flag = self.game.as_mut().and_then(|s| s.tick(now));
        if flag.is_some() {
            self.flag_fell();
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
            '±' => out.push_str("+/-"),
            '−' => out.push('-'),
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
/// as the core's move reader names them.
pub(super) fn promotion_choices(
    position: &norochess_core::AnyPosition,
    text: &str,
) -> Vec<(norochess_core::Role, String)> {
    let width = position.width();
    match position.parse_move(text.trim()) {
        Err(norochess_core::MoveError::PromotionRequired {
            from, to, choices, ..
        }) => choices
            .into_iter()
            .filter_map(|role| {
                let mv = position.move_for(from, to, Some(role)).ok()?;
                Some((role, mv.uci(width)))
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The picker's question: `Promote to: queen (q), knight (n)?`
pub(super) fn promotion_question(choices: &[(norochess_core::Role, String)]) -> String {
    let names: Vec<String> = choices
        .iter()
        .map(|(role, _)| format!("{} ({})", role.name(), role.char()))
        .collect();
    format!("Promote to: {}? (anything else cancels)", names.join(", "))
}

#[cfg(test)]
mod tests {
    #[test]
    fn ascii_output_writes_plus_minus_and_minus_signs_out() {
        assert_eq!(
            super::asciify("Puzzle rating 1500 ± 350 (−12)"),
            "Puzzle rating 1500 +/- 350 (-12)"
        );
    }
}
