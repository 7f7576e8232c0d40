//! The home screen, help, the games list and replaying a saved game,
//! settings, rules and the clock list.

use super::app::{App, View};
use super::game_view::{heading, GameSession};
use super::rules;
use super::screen;
use super::settings::KEYS;
use super::text::{clock_id, clock_name};
use norochess_core::{Color, Game, TimeControl, Variant};
use std::path::PathBuf;

/// A saved game opened from the games list.
pub struct ArchiveView {
    pub game: Game,
    pub path: PathBuf,
    /// Plies shown.
    pub shown: usize,
    pub flipped: bool,
}

/// One line of the games list.
fn describe_record(game: &Game, dash: &str) -> String {
    let date = game.tag("Date").unwrap_or("????.??.??");
    let white = game.tag("White").unwrap_or("White");
    let black = game.tag("Black").unwrap_or("Black");
    let result = match game.outcome() {
        Some(outcome) => {
            let who = match outcome.winner {
                Some(color) => format!("{color} wins"),
                None => "Draw".to_string(),
            };
            let score = outcome
                .scores
                .map(|(w, b)| format!(" {w}{dash}{b}"))
                .unwrap_or_default();
            format!("{who}{score} ({})", outcome.reason.description())
        }
        None => {
            let score = game
                .scores()
                .map(|(w, b)| format!(", {w}{dash}{b}"))
                .unwrap_or_default();
            format!(
                "unfinished at move {}{score}",
                game.position().fullmove_number()
            )
        }
    };
    let _ = dash;
    format!(
        "{date} · {} · {white} vs {black} · {result}",
        game.variant().display_name()
    )
}

impl App {
    /// Prints the home screen.
    pub(super) fn show_home(&mut self) {
        let style = self.style();
        let dash = style.dash();
        let mut lines = vec![
            heading(style, "Norochess — play in the terminal"),
            String::new(),
        ];
        if let Some(session) = &self.game {
            if !session.game.is_over() {
                lines.push(format!("  continue       {}", session.summary(dash)));
            }
        }
        lines.push(
            "  new computer   play the computer: [game] [level 1-8] [white|black|random] [clock …]"
                .to_string(),
        );
        lines.push("  new friend     pass and play: [game] [clock …] [names A B]".to_string());
        let pack = if self.pack.is_empty() {
            "(the built-in pack is empty; try `puzzle fen \"…\"`)".to_string()
        } else {
            format!(
                "{} of {} solved, streak {} (best {})",
                self.pack
                    .iter()
                    .filter(|p| self.progress.is_solved(&p.id))
                    .count(),
                self.pack.len(),
                self.progress.streak(),
                self.progress.best_streak()
            )
        };
        let source = if self.cfg.puzzles.is_some() {
            "your puzzle file"
        } else {
            "the built-in pack"
        };
        lines.push(format!("  puzzle         puzzles from {source}: {pack}"));
        let count = self.store.game_files().len();
        lines.push(format!("  games          your games ({count} in the list)"));
        lines.push("  settings · rules · clocks · help · quit".to_string());
        lines.push(String::new());
        lines.push(
            "  Games: norochess (the default), norochess960 [start N|random], ram, frontal,"
                .to_string(),
        );
        lines.push("         improved [zone Z] [blockage B], crab, chess".to_string());
        lines.push(format!(
            "  Example: new computer norochess level 4 white {} new friend ram clock norochess-10",
            style.long_dash()
        ));
        self.say(lines.join("\n"));
    }

    /// `help [topic]`.
    pub(super) fn help(&mut self, topic: Option<&str>) {
        let text = match (topic, &self.view) {
            (Some("new"), _) => HELP_NEW,
            (Some("puzzle" | "puzzles"), _) | (None, View::Puzzle(_)) => HELP_PUZZLE,
            (Some("game" | "moves"), _) | (None, View::Game) => HELP_GAME,
            (None, View::Archive(_)) => HELP_REVIEW,
            _ => HELP_HOME,
        };
        self.say(text.trim_end());
    }

    /// `games`: the list of saved games.
    pub(super) fn list_games(&mut self) {
        let dash = self.style().dash();
        let mut lines = vec!["Your games (newest first):".to_string()];
        if let Some(session) = &self.game {
            if !session.game.is_over() {
                lines.push(format!(
                    "   current  {}  (`continue`)",
                    session.summary(dash)
                ));
            }
        }
        let files = self.store.game_files();
        for (number, path) in files.iter().enumerate().rev() {
            let line = match self.store.read_game(path).map(|t| Game::from_pgn(&t, None)) {
                Some(Ok(game)) => describe_record(&game, dash),
                Some(Err(e)) => format!("(unreadable: {e})"),
                None => "(unreadable)".to_string(),
            };
            lines.push(format!("  {:>3}.  {line}", number + 1));
        }
        if lines.len() == 1 {
            lines.push("  (none yet)".to_string());
        } else if !files.is_empty() {
            lines.push("Open one with `games N` to replay it move by move.".to_string());
        }
        self.say(lines.join("\n"));
    }

    /// `games N`: opens a saved game.
    pub(super) fn open_game(&mut self, which: &str) {
        let files = self.store.game_files();
        let Some(path) = which
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| files.get(i))
        else {
            self.say(format!(
                "There is no game `{which}` in the list (`games` shows the numbers)."
            ));
            return;
        };
        let game = match self.store.read_game(path).map(|t| Game::from_pgn(&t, None)) {
            Some(Ok(game)) => game,
            Some(Err(e)) => {
                self.say(format!("That game cannot be read: {e}."));
                return;
            }
            None => {
                self.say("That game cannot be read.");
                return;
            }
        };
        self.leave_view();
        self.view = View::Archive(Box::new(ArchiveView {
            game,
            path: path.clone(),
            shown: 0,
            flipped: false,
        }));
        self.show_archive();
    }

    /// Commands while replaying a saved game.
    pub(super) fn archive_command(&mut self, command: &str, args: &[String]) {
        let View::Archive(view) = &mut self.view else {
            return;
        };
        let total = view.game.plies().len();
        let steps = args
            .first()
            .and_then(|a| a.parse::<usize>().ok())
            .unwrap_or(1);
        match command {
            "forward" | "f" | "next" => view.shown = (view.shown + steps).min(total),
            "back" | "b" => view.shown = view.shown.saturating_sub(steps),
            "first" | "start" => view.shown = 0,
            "last" | "end" | "live" => view.shown = total,
            "flip" => view.flipped = !view.flipped,
            "board" | "show" => {}
            "moves" => {
                let lines = screen::move_list(&view.game, Some(view.shown));
                if lines.is_empty() {
                    self.say("No moves.");
                } else {
                    self.say(lines.join("\n"));
                }
                return;
            }
            "export" | "pgn" => {
                let record = view.game.to_pgn();
                self.write_record(&record, args.first());
                return;
            }
            "continue" | "resume" => {
                if view.game.is_over() {
                    self.say("This game is finished; `rematch` is for the current game, `new` starts another.");
                    return;
                }
                self.resume_archived();
                return;
            }
            _ => {
                self.say("Replaying a saved game: `forward`, `back`, `first`, `last`, `moves`, `flip`, `export`, `continue` (unfinished games), `home`.");
                return;
            }
        }
        self.show_archive();
    }

    /// Makes an unfinished saved game the current one again.
    fn resume_archived(&mut self) {
        let View::Archive(view) = std::mem::replace(&mut self.view, View::Home) else {
            return;
        };
        let now = self.now();
        if let Some(mut current) = self.game.take() {
            if !current.game.is_over() && !current.game.plies().is_empty() {
                let record = current.record(now);
                if let Err(e) = self.store.archive(&record, current.archived.as_deref()) {
                    self.store_failed(&e);
                }
            }
        }
        if let Err(e) = self.store.unarchive(&view.path) {
            self.store_failed(&e);
        }
        self.game = Some(GameSession::restore(view.game, &self.settings, now));
        self.persist();
        self.continue_game();
    }

    fn show_archive(&mut self) {
        let style = self.style();
        let View::Archive(view) = &self.view else {
            return;
        };
        let total = view.game.plies().len();
        let mut game = view.game.clone();
        while game.plies().len() > view.shown {
            if !game.undo() {
                break;
            }
        }
        let snapshot = game.snapshot();
        let white = view.game.tag("White").unwrap_or("White");
        let black = view.game.tag("Black").unwrap_or("Black");
        let mut lines = vec![
            heading(
                style,
                &format!(
                    "Replay · {} · {} · {white} vs {black}",
                    view.game.tag("Date").unwrap_or("?"),
                    view.game.variant().display_name()
                ),
            ),
            String::new(),
        ];
        let bottom = if view.flipped {
            Color::Black
        } else {
            Color::White
        };
        lines.extend(screen::game_panel(&snapshot, bottom, style));
        if view.shown > 0 {
            lines.push(format!(
                "  Moves: {}",
                screen::recent_moves(&view.game, view.shown, 6)
            ));
        }
        lines.push(format!("  Ply {} of {total}", view.shown));
        if view.shown == total {
            match view.game.outcome() {
                Some(outcome) => lines.push(format!(
                    "  {}",
                    screen::result_line(&view.game, &outcome, style)
                )),
                None => lines.push("  Unfinished game: `continue` to play it on.".to_string()),
            }
        }
        lines.push(
            "  `forward` · `back` · `first` · `last` · `moves` · `export` · `home`".to_string(),
        );
        self.say(lines.join("\n"));
    }

    /// `settings`.
    pub(super) fn show_settings(&mut self) {
        let mut lines = vec![format!(
            "Settings (change with `set KEY VALUE`; kept in {}):",
            self.store.dir().display()
        )];
        for (key, about) in KEYS {
            lines.push(format!(
                "  {key:<15} {:<14} {about}",
                self.settings.get(key)
            ));
        }
        self.say(lines.join("\n"));
    }

    /// `set KEY VALUE`.
    pub(super) fn set(&mut self, args: &[String]) {
        let [key, rest @ ..] = args else {
            self.show_settings();
            return;
        };
        if rest.is_empty() {
            self.say(format!(
                "Usage: set {key} VALUE (`settings` lists the keys)."
            ));
            return;
        }
        let value = rest.join(" ");
        match self.settings.set(key, &value) {
            Ok(()) => {
                if let Err(e) = self.store.save_settings(&self.settings.to_text()) {
                    self.store_failed(&e);
                }
                let key = key.to_ascii_lowercase();
                self.say(format!("{key} is now {}.", self.settings.get(&key)));
            }
            Err(e) => self.say(format!("Cannot set that: {e}.")),
        }
    }

    /// `rules [game]`.
    pub(super) fn rules(&mut self, args: &[String]) {
        let variant = match args.first() {
            Some(id) => match Variant::parse(&id.to_ascii_lowercase(), None, None) {
                Ok(v) => Some(v),
                Err(e) => {
                    self.say(format!("{e}."));
                    return;
                }
            },
            None => match (&self.view, &self.game) {
                (View::Game, Some(session)) => Some(session.game.variant()),
                (View::Puzzle(p), _) => Some(p.session.puzzle().variant),
                _ => None,
            },
        };
        match variant {
            Some(v) => {
                let page = rules::page(v);
                self.say(page);
            }
            None => self.say(rules::index().trim_end()),
        }
    }

    /// `clocks`: the time controls on offer.
    pub(super) fn list_clocks(&mut self) {
        let mut lines = vec!["Clocks (use the number or the id after `clock`):".to_string()];
        for (i, (_, control)) in TimeControl::presets().into_iter().enumerate() {
            lines.push(format!(
                "  {:>2}. {:<14} {}",
                i + 1,
                clock_id(control),
                clock_name(control)
            ));
        }
        lines.push(
            "  or minutes+seconds per move, e.g. `clock 5+3`; `clock none` for no clock."
                .to_string(),
        );
        self.say(lines.join("\n"));
    }
}

const HELP_HOME: &str = "
Commands (type them at the prompt; words in [brackets] are optional):
  new computer [game] [level 1-8] [white|black|random] [clock C] [fen \"…\"]
                          play the computer (`help new` for every option)
  new friend [game] [clock C] [names A B] [noflip] [fen \"…\"]
                          pass and play at one keyboard
  continue                back to your unfinished game (saved after every move)
  puzzle [next|easy|medium|hard|ID|list]   puzzles from the built-in pack
  puzzle fen \"<position>\" [objective win|win-by K|save]   a puzzle of your own
  games, games N          your games; replay one move by move
  settings, set KEY VALUE board and play settings
  rules [game]            the rules of each game
  clocks                  the time controls
  home, help, quit
In a game, `help` lists the game commands.";

const HELP_NEW: &str = "
new computer [game] [options]  /  new friend [game] [options]
  game               norochess (default), norochess960, ram, frontal, improved, crab, chess
  level N            1 (beginner) to 8 (full strength), against the computer
  white|black|random your colour against the computer
  clock C            a clock from `clocks` (number, id such as norochess-10, or 5+3)
  start N|random     Norochess960 set-up number (518 is the standard one)
  zone Z, blockage B Improved chess options (far-half|beyond-fifth|seventh, enemy|any)
  fen \"<position>\"   start from a position (with move number and score=W-B)
  names A B          players' names in pass and play
  noflip             pass and play: keep White at the bottom
  seed N             make the computer's choices reproducible
Examples: new computer norochess level 4 white
          new friend ram clock norochess-10 names Ann Bob";

const HELP_GAME: &str = "
Moves: type a move in any notation: SAN (e4, Nf3, exd5, e8=Q), long (Ng1-f3),
or coordinates (g1f3, e7e8q). Special moves: exe5 (ram), e~e5 (swap), e10^
(dethronement). In pass and play several moves may be typed on one line.
Board marks: [ ] last move, ! ! king in check, ( ) selected piece, • targets.
Game commands:
  undo (takeback)    take back your last move (and the computer's reply)
  redo               replay a move taken back
  hint               the engine's best move and the expected result in points
  legal [SQUARE]     all legal moves, or where the piece on SQUARE can go
  flip               turn the board
  moves              the move list
  back [N], forward [N], first, live   review earlier positions
  resign [yes]       resign (asks to confirm unless `yes`)
  draw, accept, decline   draw offers in pass and play
  stop               make the computer move now
  save, export [FILE] save the game; print or write its record (PGN)
  rematch            play again (after the game)
  rules, home, help, quit";

const HELP_PUZZLE: &str = "
Puzzles: find the move that meets the objective (win, win by K, or avoid
losing) with the move number and score shown; the opponent answers.
  <move>             your move, in any notation
  hint               first the piece to move, then the move
  retry              take back a wrong move and try again
  solution           play the next move of the solution
  next               the next puzzle (`puzzle easy|medium|hard` picks a tier)
  puzzle list        the pack with your progress
  flip, legal [SQUARE], moves, rules, home, help";

const HELP_REVIEW: &str = "
Replaying a saved game:
  forward [N], back [N], first, last   step through the moves
  moves              the move list
  flip               turn the board
  export [FILE]      print or write the record (PGN)
  continue           play an unfinished game on
  home, help";
