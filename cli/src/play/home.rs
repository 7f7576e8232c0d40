//! The home screen, help, settings, rules and the clock list.

use super::app::{App, View};
use super::rules;
use super::text::heading;
use norochess_app::library::SETTING_KEYS;
use norochess_app::texts::{clock_id, clock_name};
use norochess_app::{GameSession, LibraryError, Opponent, Settings};
use norochess_core::{Color, TimeControl, Variant};

/// One line for the unfinished game: `Norochess pass and play, Ann vs Bob,
/// move 3, 1–1`.
fn describe_session(session: &GameSession) -> String {
    let game = session.game();
    let players = session.players();
    let opponent = session.spec().opponent;
    let versus = opponent.versus(
        &players[Color::White.index()].name,
        &players[Color::Black.index()].name,
    );
    let who = match opponent {
        Opponent::Computer { human, .. } => {
            format!("{versus}, you play {}", human.lowercase_name())
        }
        Opponent::Friend => format!("pass and play, {versus}"),
    };
    let score = game
        .scores()
        .map(|(w, b)| format!(", {w}–{b}"))
        .unwrap_or_default();
    format!(
        "{} {who}, move {}{score}",
        game.variant().display_name(),
        game.position().fullmove_number()
    )
}

impl App {
    /// Prints the home screen.
    pub(super) fn show_home(&mut self) {
        let style = self.style();
        let mut lines = vec![
            heading(style, "Norochess — play in the terminal"),
            String::new(),
        ];
        lines.extend(ABOUT.iter().map(|l| format!("  {l}")));
        lines.push(String::new());
        if let Some(session) = &self.game {
            if !session.game().is_over() {
                lines.push(format!("  continue       {}", describe_session(session)));
            }
        }
        lines.push(
            "  new computer   play the computer: [game] [level 1-8] [white|black|random] [clock …]"
                .to_string(),
        );
        lines.push("  new friend     pass and play: [game] [clock …] [names A B]".to_string());
        let source = if self.cfg.own_puzzles {
            "your puzzle file"
        } else {
            "the built-in pack"
        };
        lines.push(format!(
            "  puzzle         puzzles from {source}: {}",
            self.progress_summary()
        ));
        lines.push(
            "                 `puzzle daily` for today's puzzle, picked near your rating"
                .to_string(),
        );
        let count = match self.library.game_count() {
            Ok(n) => format!("{n} in the list"),
            Err(e) => format!("the list cannot be read: {e}"),
        };
        lines.push(format!("  games          your games ({count})"));
        lines
            .push("  stats          your results, best wins and puzzle rating history".to_string());
        lines.push(
            "  review · analyse · edit · compose · settings · rules · clocks · help · quit"
                .to_string(),
        );
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
            (Some("review"), _) | (None, View::Review(_)) => {
                let text = HELP_GAME_REVIEW.replace("{marks}", &review_marks_text());
                self.say(text.trim_end());
                return;
            }
            (Some("analyse" | "analyze" | "analysis"), _) | (None, View::Analysis(_)) => {
                HELP_ANALYSIS
            }
            (Some("edit" | "editor" | "compose"), _) | (None, View::Editor(_)) => HELP_EDITOR,
            (None, View::Archive(_)) => HELP_REVIEW,
            _ => HELP_HOME,
        };
        self.say(text.trim_end());
    }

    /// `settings`: the settings a terminal uses (not the phones' sounds
    /// and haptics).
    pub(super) fn show_settings(&mut self) {
        let place = match self.library.path() {
            Some(path) => format!("kept in {}", path.display()),
            None => "kept until you quit".to_string(),
        };
        let width = SETTING_KEYS.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
        let mut lines = vec![format!("Settings (change with `set KEY VALUE`; {place}):")];
        for (key, about) in terminal_settings() {
            let value = self.settings.get(key).unwrap_or_default();
            let about = if key == BOARD_KEY {
                TERMINAL_BOARD_MODES
            } else {
                about
            };
            lines.push(format!("  {key:<width$}  {value:<14} {about}"));
        }
        self.say(lines.join("\n"));
    }

    /// `set KEY VALUE`: checked and saved by the library.
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
        let canonical = Settings::canonical_key(key);
        if let Some(phone_only) = canonical.filter(|k| PHONE_ONLY_KEYS.contains(k)) {
            self.say(format!(
                "`{phone_only}` is a setting of the phone apps: a terminal has none. `settings` lists the terminal's."
            ));
            return;
        }
        if canonical == Some(BOARD_KEY) && value.trim().eq_ignore_ascii_case("face-to-face") {
            self.say(format!(
                "face-to-face turns the pieces for two players across a phone or tablet; in a terminal {BOARD_KEY} is {TERMINAL_BOARD_MODES}."
            ));
            return;
        }
        match self.library.set_setting(key, &value) {
            Ok(settings) => {
                self.settings = settings;
                let (takeback, hints) = (self.settings.takeback, self.settings.hints);
                let orientation = self.settings.orientation;
                let practice = self.settings.practice;
                if let Some(session) = &mut self.game {
                    session.set_policies(takeback, hints);
                    session.set_orientation(orientation);
                    session.set_practice(practice);
                }
                let name = Settings::canonical_key(key).unwrap_or(key.as_str());
                let now = self.settings.get(name).unwrap_or_default();
                self.say(format!("{name} is now {now}."));
            }
            Err(LibraryError::Settings(e)) => self.say(format!("Cannot set that: {e}.")),
            Err(e) => self.say(format!("The setting was not saved: {e}.")),
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
                (View::Game, Some(session)) => Some(session.game().variant()),
                (View::Puzzle(p), _) => Some(p.run.puzzle().variant),
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

/// The marks of a review in points, from the app layer's thresholds.
fn review_marks_text() -> String {
    use norochess_app::review::{BLUNDER_POINTS, INACCURACY_POINTS, MISTAKE_POINTS};
    format!(
        "A move is an inaccuracy (i, ?!) from {INACCURACY_POINTS} point lost, a mistake (m, ?)\nfrom {MISTAKE_POINTS} or when it turns a win into a loss, a blunder (B, ??) from {BLUNDER_POINTS}."
    )
}

/// What Norochess is, in three lines at the top of home.
const ABOUT: [&str; 3] = [
    "Norochess is chess where every capture scores: Q 9, R 5, B 3, N 3, K 2, P 1.",
    "There is no check: the king is an ordinary piece and can be captured.",
    "After move 48 the higher score wins (equal scores play on to move 60).",
];

/// Settings of the phone apps that do nothing in a terminal: not listed,
/// and `set` says so.
pub(super) const PHONE_ONLY_KEYS: [&str; 2] = ["sounds", "haptics"];
/// The pass-and-play board setting, whose face-to-face mode is the
/// phones' only.
const BOARD_KEY: &str = "pass-and-play-board";
/// What the pass-and-play board takes in a terminal.
const TERMINAL_BOARD_MODES: &str = "fixed or auto-flip";

/// The settings a terminal uses, in display order.
pub(super) fn terminal_settings() -> impl Iterator<Item = (&'static str, &'static str)> {
    SETTING_KEYS
        .into_iter()
        .filter(|(key, _)| !PHONE_ONLY_KEYS.contains(key))
}

const HELP_HOME: &str = "
Commands (type them at the prompt; words in [brackets] are optional):
  new computer [game] [level 1-8] [white|black|random] [clock C] [fen \"…\"]
                          play the computer (`help new` for every option)
  new friend [game] [clock C] [names A B] [noflip] [fen \"…\"]
                          pass and play at one keyboard
  continue                back to your unfinished game (saved after every move)
  puzzle [next|easy|medium|hard|ID|list]   puzzles from the built-in pack
  puzzle [TIER] THEME     puzzles of a theme (`puzzle fork`, `puzzle hard pin`);
                          `puzzle themes` lists them, `puzzle any` ends the choice
  puzzle fen \"<position>\" [objective win|win-by K|save|gain K in N]
                          a puzzle of your own
  puzzle import <line>    import a shared puzzle (pasting the line works too)
  puzzle mine [N]         My puzzles with your progress; solve one
  games, games N          your games; replay one move by move
  review [N] [quick|standard|deep]
                          review a game move by move in points (the game on
                          screen, or game N of `games`)
  analyse [N]             the analysis board at the position on screen (or at
                          the end of game N): the engine's lines, variations
  edit [new|empty] [game] the position editor (the position on screen, a
                          game's start, an empty board; `edit fen \"…\"`)
  compose [objective]     prove a puzzle from the position on screen
  stats                   your statistics: results per game and level, best
                          wins, puzzle rating and its history, review accuracy
  settings, set KEY VALUE board and play settings
  rules [game]            the rules of each game
  clocks                  the time controls
  home, help, quit
In a game, `help` lists the game commands.";

const HELP_NEW: &str = "
new computer [game] [options]  /  new friend [game] [options]
  game               norochess (default), norochess960, ram, frontal, improved, crab, chess
  level N            1 (beginner) to 8 (full strength), against the computer
  white|black|random your colour against the computer (`side random` in
                     Norochess960, where `random` alone is the set-up)
  clock C            a clock from `clocks` (number, id such as norochess-10, or 5+3)
  start N|random     Norochess960 set-up number (518 is the standard one;
                     without it the set-up is random)
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
  next               the next puzzle of your choice (`puzzle easy|medium|hard`
                     picks a tier, `puzzle fork` or `puzzle hard pin` a theme)
  puzzle themes [TIER] the pack's themes with their counts
  puzzle list [TIER] [THEME]  the pack (or the puzzles of a tier and theme)
                     with your progress
  puzzle daily [DATE] the day's puzzle near your rating (today, or YYYY-MM-DD)
  puzzle import LINE import a shared puzzle line (pasting the line works too);
                     the solver proves it again, then it is in My puzzles
  puzzle mine [N]    My puzzles with your progress; `puzzle mine N` solves one,
                     `puzzle mine share N` prints its line, `delete N` removes it
  flip, legal [SQUARE], moves, rules, home, help";

/// The review's help; `{marks}` is replaced by the app layer's thresholds.
const HELP_GAME_REVIEW: &str = "
Reviewing a game (`review [N] [quick|standard|deep]`): every position is
evaluated in points of the final score difference; the review runs on the
engine thread (`stop` pauses it, `review` resumes it where the library kept
it). {marks}
  goto MOVE          a move and its review: `goto 24` (White's), `goto 24...`
  ply N              the position after N moves of either side (a click on
                     the graph in full screen)
  next, previous     the next or previous marked move
  forward [N], back [N], first, last   step through the positions
  summary            the graph, both sides, the moments and the marked moves
  analyse            the analysis board at the position shown
  edit, compose      the editor, a puzzle from the position shown
  moves, flip, stop, home, help";

const HELP_ANALYSIS: &str = "
The analysis board: moves you play are a variation; the game never changes.
The engine shows its best lines in points, each with its depth, as it
thinks; near the end of a game the exact solver adds the proven result.
  <move>, play MOVE  try a move (several in a row work too)
  back [N], reset    take back the variation's moves, or all of them
  lines N            how many lines the engine shows (1-8)
  think, stop        think again, or stop thinking
  legal [SQUARE], moves, flip
  edit               the editor on the position on the board
  compose [objective] prove a puzzle from it
  home, help";

const HELP_EDITOR: &str = "
The position editor (8x8 and 10x10 games): every change is checked, and the
problems are listed; `play`, `analyse` and `compose` refuse a position the
rules do not allow or that is already decided.
  put Qd5 [ke8 ...]  place pieces (White upper case, Black lower case)
  remove d5 [e4 ...] take pieces off
  clear              empty the board
  turn white|black   the side to move
  move N             the move number (the Norochess family ends at 48, or 60)
  score W B          both scores (checked against the material captured)
  castling KQkq|-, ep SQUARE|-, halfmove N, opening pending|done
  start [N|random]   the game's start (a Norochess960 number, or random)
  fen \"<position>\"   a pasted position; `fen` alone prints it
  game ID            another game's start (norochess, ram, chess ...)
  play [computer|friend] [level N] [white|black] [clock C]   play from here
  analyse, compose [objective]   the analysis board, a puzzle from here
  flip, board, home, help";

const HELP_REVIEW: &str = "
Replaying a saved game:
  forward [N], back [N], first, last   step through the moves
  moves              the move list
  flip               turn the board
  export [FILE]      print or write the record (PGN)
  continue           play an unfinished game on
  review             review this game in points (`help review`)
  analyse, edit      the analysis board or the editor at the position shown
  home, help";
