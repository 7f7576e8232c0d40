//! The full-screen shell's state and input: which part has the focus, the
//! board's cursor and picked-up piece, the command line, the message log.
//! Keys and mouse clicks become the commands of line mode (a move on the
//! board is sent as `e2e4`, choosing a move in the list as `back 3`), so
//! the [`App`] stays the only brain.

use super::super::app::{
    App, View, ANALYSIS_COMMANDS, EDITOR_COMMANDS, GAME_COMMANDS, GLOBAL_COMMANDS, PUZZLE_COMMANDS,
    REPLAY_COMMANDS, REVIEW_COMMANDS,
};
use super::super::home::terminal_settings;
use super::super::text::echo_text;
use super::board::{Geometry, Look, Marks, Theme};
use super::line::CommandLine;
use super::move_rows::{move_rows, BLACK_COLUMN};
use super::picture::{self, Picture};
use norochess_core::Square;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

/// Lines kept in the message log.
const LOG_LINES: usize = 1000;

/// One line of the message log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The text.
    pub text: String,
    /// A command sent (after its prompt), not the app's answer.
    pub echo: bool,
}

/// The home screen's title and the start of its last line, which bound
/// its text in the log.
const HOME_TITLE: &str = "play in the terminal";
const HOME_LAST_LINE: &str = "Example: new computer";

/// Where keys go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// Arrows move the cursor, Enter picks up and plays.
    Board,
    /// Typing, history, completion.
    Command,
    /// Arrows choose a move to review.
    Moves,
}

/// Whether to go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep running.
    Go,
    /// `quit` was given: leave.
    Quit,
}

/// Where things were drawn last, for the mouse.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hits {
    /// The board.
    pub board: Option<Geometry>,
    /// The move list's rows, and the first full move shown in them.
    pub moves: Option<(Rect, usize)>,
    /// The message log.
    pub log: Option<Rect>,
    /// The command line.
    pub command: Option<Rect>,
    /// The review's graph: a click shows the position of its column.
    pub graph: Option<Rect>,
}

/// The shell.
pub struct Shell {
    /// Where keys go.
    pub focus: Focus,
    /// The command line.
    pub line: CommandLine,
    /// What the app said, line by line.
    pub log: Vec<LogLine>,
    /// Lines scrolled back from the end of the log.
    pub log_scroll: usize,
    /// The first row of the move list when the wheel scrolled it (else
    /// the list follows the move shown).
    pub moves_first: Option<usize>,
    /// The keyboard cursor on the board.
    pub cursor: Option<Square>,
    /// The picked-up piece.
    pub selected: Option<Square>,
    /// The square a mouse press started on (a drag, or the first click).
    drag_from: Option<Square>,
    /// The press was on the piece already picked up (a click puts it down).
    press_on_selected: bool,
    /// A short line in place of the key help (completion choices, notes).
    pub note: Option<String>,
    /// Ctrl-C was pressed once: another one leaves.
    ctrl_c: bool,
    /// The puzzle pack summary, read after each command.
    pub progress: Option<String>,
    /// The board (size, side at the bottom) the cursor belongs to.
    board_size: Option<(u8, u8, norochess_core::Color)>,
    /// The title of the view last drawn (a new one gives the board the keys).
    title: String,
    /// Where things were drawn.
    pub hits: Hits,
    /// Colours allowed (a terminal, no `--no-color`, no `NO_COLOR`).
    color_allowed: bool,
    /// How to draw: `--ascii`, colours and the board settings.
    pub look: Look,
    /// Legal targets are shown (the `legal-dots` setting).
    dots: bool,
    /// The engine is searching (the key help shows a spinner instead).
    pub thinking: bool,
    /// What the engine is doing, for the key help.
    pub busy: Option<&'static str>,
    /// The spinner's step, advanced by the clock tick.
    pub spinner: usize,
}

impl Shell {
    /// A shell with the command line focused.
    pub fn new(color: bool, unicode: bool) -> Shell {
        Shell {
            focus: Focus::Command,
            line: CommandLine::default(),
            log: Vec::new(),
            log_scroll: 0,
            moves_first: None,
            cursor: None,
            selected: None,
            drag_from: None,
            press_on_selected: false,
            note: None,
            ctrl_c: false,
            progress: None,
            board_size: None,
            title: String::new(),
            hits: Hits::default(),
            color_allowed: color,
            look: Look {
                color,
                unicode,
                letters: false,
                coordinates: true,
                theme: Theme::named("brown"),
            },
            dots: true,
            thinking: false,
            busy: None,
            spinner: 0,
        }
    }

    /// The picture of the app now, with the shell's focus fixed up for it
    /// (no board: the command line has the keys).
    pub fn picture(&mut self, app: &App) -> Picture {
        // The settings can change with `set` at any time.
        let style = app.style();
        self.look = Look {
            color: self.color_allowed && app.settings.terminal_colour,
            unicode: style.unicode,
            letters: style.letters,
            coordinates: style.coordinates,
            theme: Theme::named(&app.settings.board_theme),
        };
        self.dots = app.settings.legal_dots;
        self.thinking = app.is_thinking();
        self.busy = app.busy_text();
        let picture = picture::of(app, self.progress.as_deref());
        match &picture.board {
            Some(board) => {
                let size = (board.snapshot.width, board.snapshot.height);
                let key = (size.0, size.1, board.bottom);
                if self.board_size.is_none() || self.title != picture.title {
                    // A board appeared, or another game or puzzle is on it:
                    // the arrows move on it; typing still goes to the
                    // command line.
                    self.focus = Focus::Board;
                }
                if self.board_size != Some(key) || self.cursor.is_none() {
                    self.board_size = Some(key);
                    self.selected = None;
                    // The king's pawn of the side at the bottom: where a game starts.
                    let rank = match board.bottom {
                        norochess_core::Color::White => 1,
                        norochess_core::Color::Black => size.1 - 2,
                    };
                    self.cursor = Some(Square::from_coords(size.0 / 2, rank, size.0));
                }
                if !board.live {
                    self.selected = None;
                }
            }
            None => {
                self.board_size = None;
                self.selected = None;
                if self.focus != Focus::Command {
                    self.focus = Focus::Command;
                }
            }
        }
        self.title.clone_from(&picture.title);
        picture
    }

    /// The marks of the board: the picked-up piece, its targets, the cursor.
    pub fn marks(&self, picture: &Picture) -> Marks {
        let targets = match (&picture.board, self.selected) {
            (Some(board), Some(from)) if self.dots => board
                .snapshot
                .legal_moves
                .iter()
                .filter(|m| m.from == from)
                .map(|m| m.to)
                .collect(),
            _ => Vec::new(),
        };
        let targets = targets
            .into_iter()
            .chain(picture.marked.iter().copied())
            .collect();
        Marks {
            selected: self.selected,
            targets,
            cursor: if self.focus == Focus::Board {
                self.cursor
            } else {
                None
            },
        }
    }

    /// Appends what the app said to the log (and follows it).
    pub fn collect(&mut self, app: &mut App) {
        let output = app.take_output();
        if output.is_empty() {
            return;
        }
        self.log.extend(output.lines().map(|text| LogLine {
            text: text.to_string(),
            echo: false,
        }));
        if self.log.len() > LOG_LINES {
            let extra = self.log.len() - LOG_LINES;
            self.log.drain(..extra);
        }
        self.log_scroll = 0;
    }

    /// Sends a command line to the app, as line mode would, `echo`ing it
    /// in the log after the prompt.
    pub fn send(&mut self, app: &mut App, line: &str, echo: bool) -> Flow {
        let was_home = matches!(app.view, View::Home);
        if echo {
            self.log.push(LogLine {
                text: format!("{}{}", app.prompt(), echo_text(line.trim())),
                echo: true,
            });
        }
        app.command(line);
        if was_home && !matches!(app.view, View::Home) {
            self.drop_home_screens();
        }
        self.after_command(app);
        self.select_for_legal(app, line);
        if app.wants_quit() {
            Flow::Quit
        } else {
            Flow::Go
        }
    }

    /// Takes the home screen's text out of the log when a game, a puzzle
    /// or a replay starts: it is no news there. What was said around it
    /// (warnings, the commands) stays.
    fn drop_home_screens(&mut self) {
        let mut inside = false;
        self.log.retain(|line| {
            if line.echo {
                inside = false;
                return true;
            }
            if line.text.contains(HOME_TITLE) {
                inside = true;
            }
            let keep = !inside;
            if inside && line.text.trim_start().starts_with(HOME_LAST_LINE) {
                inside = false;
            }
            keep
        });
    }

    /// After the app changed: the log, the puzzle progress, and the focus
    /// for a question (the promotion picker, resign?).
    pub fn after_command(&mut self, app: &mut App) {
        self.selected = None;
        self.moves_first = None;
        self.progress = match &app.view {
            View::Puzzle(view) if view.index.is_some() => Some(app.progress_summary()),
            _ => None,
        };
        self.collect(app);
        if app.confirm.is_some() {
            self.focus = Focus::Command;
        }
    }

    /// `legal SQUARE` picks that piece up on the board, so its targets
    /// show there (the app prints only the sentence in full screen).
    fn select_for_legal(&mut self, app: &App, line: &str) {
        let mut words = line.split_whitespace();
        let (Some(command), Some(square), None) = (words.next(), words.next(), words.next()) else {
            return;
        };
        if !command.eq_ignore_ascii_case("legal") {
            return;
        }
        // Through the shell's own picture, so a board just drawn for the
        // first time does not reset the selection afterwards.
        let picture = self.picture(app);
        let Some(board) = picture.board.filter(|b| b.live) else {
            return;
        };
        let (width, height) = (board.snapshot.width, board.snapshot.height);
        let Some(square) = Square::parse(&square.to_ascii_lowercase(), width, height) else {
            return;
        };
        if board.snapshot.legal_moves.iter().any(|m| m.from == square) {
            self.selected = Some(square);
            self.cursor = Some(square);
        }
    }

    /// A key.
    pub fn key(&mut self, app: &mut App, key: KeyEvent) -> Flow {
        if key.kind == KeyEventKind::Release {
            return Flow::Go;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c')) {
            return self.ctrl_c(app);
        }
        self.ctrl_c = false;
        self.note = None;
        let picture = self.picture(app);
        match key.code {
            KeyCode::PageUp => {
                self.log_scroll = self.log_scroll.saturating_add(5);
                return Flow::Go;
            }
            KeyCode::PageDown => {
                self.log_scroll = self.log_scroll.saturating_sub(5);
                return Flow::Go;
            }
            _ => {}
        }
        match self.focus {
            Focus::Board => self.board_key(app, &picture, key),
            Focus::Moves => self.moves_key(app, &picture, key),
            Focus::Command => self.command_key(app, &picture, key),
        }
    }

    /// Ctrl-C: the first stops the computer's thought (like `stop`), a
    /// second one leaves with the game saved.
    fn ctrl_c(&mut self, app: &mut App) -> Flow {
        if self.ctrl_c {
            return self.send(app, "quit", true);
        }
        self.ctrl_c = true;
        self.line.clear();
        if app.is_thinking() {
            self.send(app, "stop", true);
        }
        self.note = Some("Ctrl-C again leaves (your game is saved); so does `quit`.".to_string());
        Flow::Go
    }

    fn board_key(&mut self, app: &mut App, picture: &Picture, key: KeyEvent) -> Flow {
        let Some(geometry) = self.hits.board else {
            self.focus = Focus::Command;
            return self.command_key(app, picture, key);
        };
        let step = |dx: i8, dy: i8, shell: &mut Shell| {
            if let Some(cursor) = shell.cursor {
                shell.cursor = Some(geometry.step(cursor, dx, dy));
            }
        };
        match key.code {
            KeyCode::Left => step(-1, 0, self),
            KeyCode::Right => step(1, 0, self),
            KeyCode::Up => step(0, -1, self),
            KeyCode::Down => step(0, 1, self),
            KeyCode::Enter | KeyCode::Char(' ') => {
                if let Some(cursor) = self.cursor {
                    return self.press(app, picture, cursor);
                }
            }
            KeyCode::Esc => {
                if self.selected.take().is_none()
                    && picture.reviewable
                    && picture.shown < picture.moves.len()
                {
                    return self.review(app, picture, picture.moves.len());
                }
            }
            KeyCode::Tab => {
                self.focus = if picture.moves.is_empty() {
                    Focus::Command
                } else {
                    Focus::Moves
                }
            }
            KeyCode::BackTab => self.focus = Focus::Command,
            _ => {
                self.focus = Focus::Command;
                return self.command_key(app, picture, key);
            }
        }
        Flow::Go
    }

    fn moves_key(&mut self, app: &mut App, picture: &Picture, key: KeyEvent) -> Flow {
        let total = picture.moves.len();
        let shown = picture.shown;
        let target = match key.code {
            KeyCode::Left => shown.saturating_sub(1),
            KeyCode::Right => (shown + 1).min(total),
            KeyCode::Up => shown.saturating_sub(2),
            KeyCode::Down => (shown + 2).min(total),
            KeyCode::Home => 0,
            KeyCode::End => total,
            KeyCode::Esc => {
                self.focus = Focus::Board;
                total
            }
            KeyCode::Enter | KeyCode::Tab => {
                self.focus = Focus::Command;
                return Flow::Go;
            }
            KeyCode::BackTab => {
                self.focus = Focus::Board;
                return Flow::Go;
            }
            _ => {
                self.focus = Focus::Command;
                return self.command_key(app, picture, key);
            }
        };
        if !picture.reviewable {
            self.note = Some("The moves of a puzzle cannot be reviewed.".to_string());
            return Flow::Go;
        }
        self.review(app, picture, target)
    }

    fn command_key(&mut self, app: &mut App, picture: &Picture, key: KeyEvent) -> Flow {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('a') if ctrl => self.line.home(),
            KeyCode::Char('e') if ctrl => self.line.end(),
            KeyCode::Char('u') if ctrl => self.line.delete_to_start(),
            KeyCode::Char('w') if ctrl => self.line.delete_word(),
            KeyCode::Char(c) if !ctrl => self.line.insert(c),
            KeyCode::Backspace => self.line.backspace(),
            KeyCode::Delete => self.line.delete(),
            KeyCode::Left => self.line.move_by(-1),
            KeyCode::Right => self.line.move_by(1),
            KeyCode::Home => self.line.home(),
            KeyCode::End => self.line.end(),
            KeyCode::Up => self.line.previous(),
            KeyCode::Down => self.line.next(),
            KeyCode::Tab if self.line.is_empty() && picture.board.is_some() => {
                self.focus = Focus::Board;
            }
            KeyCode::Tab => {
                let matches = self.line.complete(&completions(app, picture));
                if matches.len() > 1 {
                    self.note = Some(matches.join(" "));
                } else if matches.is_empty() {
                    self.note = Some("No command or legal move starts like that.".to_string());
                }
            }
            KeyCode::BackTab if picture.board.is_some() => {
                self.focus = if picture.moves.is_empty() {
                    Focus::Board
                } else {
                    Focus::Moves
                };
            }
            KeyCode::Esc => {
                if self.line.is_empty() && picture.board.is_some() {
                    self.focus = Focus::Board;
                } else {
                    self.line.clear();
                }
            }
            KeyCode::Enter => {
                let text = self.line.take();
                if text.trim().is_empty() {
                    if picture.board.is_some() && app.confirm.is_none() {
                        self.focus = Focus::Board;
                    }
                    return Flow::Go;
                }
                return self.send(app, &text, true);
            }
            _ => {}
        }
        Flow::Go
    }

    /// Enter or a click on `square`: pick up a piece that can move, play
    /// the picked-up piece to a target, or put it down.
    fn press(&mut self, app: &mut App, picture: &Picture, square: Square) -> Flow {
        let Some(board) = &picture.board else {
            return Flow::Go;
        };
        if !board.live {
            self.note = Some(not_live(picture));
            return Flow::Go;
        }
        let width = board.snapshot.width;
        let moves = &board.snapshot.legal_moves;
        if let Some(from) = self.selected {
            if moves.iter().any(|m| m.from == from && m.to == square) {
                let text = format!("{}{}", from.name(width), square.name(width));
                self.selected = None;
                return self.send(app, &text, true);
            }
        }
        if self.selected == Some(square) {
            self.selected = None;
        } else if moves.iter().any(|m| m.from == square) {
            self.selected = Some(square);
        } else {
            self.selected = None;
            let has_piece = board
                .snapshot
                .board
                .get(square.index())
                .copied()
                .flatten()
                .is_some();
            if has_piece {
                self.note = Some(format!(
                    "The piece on {} cannot move now.",
                    square.name(width)
                ));
            }
        }
        Flow::Go
    }

    /// Shows the position after `target` plies with the review commands.
    fn review(&mut self, app: &mut App, picture: &Picture, target: usize) -> Flow {
        let total = picture.moves.len();
        let shown = picture.shown;
        let command = if target == shown {
            return Flow::Go;
        } else if target >= total {
            "last".to_string()
        } else if target == 0 {
            "first".to_string()
        } else if target < shown {
            format!("back {}", shown - target)
        } else {
            format!("forward {}", target - shown)
        };
        // `last` is `live` in a game; the replay view knows `last` too.
        let command = match (&app.view, command.as_str()) {
            (View::Game, "last") => "live".to_string(),
            _ => command,
        };
        self.send(app, &command, false)
    }

    /// A mouse event.
    pub fn mouse(&mut self, app: &mut App, event: MouseEvent) -> Flow {
        let picture = self.picture(app);
        let (col, row) = (event.column, event.row);
        let on_board = self.hits.board.and_then(|g| g.square_at(col, row));
        match event.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                self.ctrl_c = false;
                self.note = None;
                if let Some(square) = on_board {
                    self.focus = Focus::Board;
                    self.cursor = Some(square);
                    self.press_on_selected = self.selected == Some(square);
                    if self.selected.is_some() && !self.press_on_selected {
                        let flow = self.press(app, &picture, square);
                        if self.selected.is_some() {
                            self.drag_from = self.selected;
                        }
                        return flow;
                    }
                    if !self.press_on_selected {
                        let flow = self.press(app, &picture, square);
                        self.drag_from = self.selected;
                        return flow;
                    }
                    self.drag_from = Some(square);
                } else if let Some(ply) = graph_ply(self.hits.graph, &picture, col, row) {
                    return self.send(app, &format!("ply {ply}"), false);
                } else if let Some(ply) = self.ply_at(&picture, col, row) {
                    self.focus = Focus::Moves;
                    if picture.reviewable {
                        return self.review(app, &picture, ply + 1);
                    }
                } else if self.hits.command.is_some_and(|r| contains(r, col, row)) {
                    self.focus = Focus::Command;
                }
            }
            MouseEventKind::Drag(MouseButton::Left) => {
                if let (Some(_), Some(square)) = (self.drag_from, on_board) {
                    self.cursor = Some(square);
                }
            }
            MouseEventKind::Up(MouseButton::Left) => {
                let from = self.drag_from.take();
                let toggle = std::mem::take(&mut self.press_on_selected);
                let held = from.filter(|f| self.selected == Some(*f));
                match (held, on_board) {
                    // Dropped on another square: play there if it is a target.
                    (Some(from), Some(square)) if square != from => {
                        return self.press(app, &picture, square);
                    }
                    // A click on the piece already picked up puts it down.
                    (Some(_), Some(_)) if toggle => self.selected = None,
                    _ => {}
                }
            }
            MouseEventKind::ScrollUp | MouseEventKind::ScrollDown
                if self.hits.moves.is_some_and(|(r, _)| contains(r, col, row)) =>
            {
                let first = self.hits.moves.map_or(0, |(_, first)| first);
                self.moves_first = Some(if event.kind == MouseEventKind::ScrollUp {
                    first.saturating_sub(3)
                } else {
                    first + 3
                });
            }
            MouseEventKind::ScrollUp if self.hits.log.is_some_and(|r| contains(r, col, row)) => {
                self.log_scroll = self.log_scroll.saturating_add(3);
            }
            MouseEventKind::ScrollDown if self.hits.log.is_some_and(|r| contains(r, col, row)) => {
                self.log_scroll = self.log_scroll.saturating_sub(3);
            }
            _ => {}
        }
        Flow::Go
    }

    /// The move of the list under the mouse.
    fn ply_at(&self, picture: &Picture, col: u16, row: u16) -> Option<usize> {
        let (rect, first_row) = self.hits.moves?;
        if !contains(rect, col, row) {
            return None;
        }
        let rows = move_rows(&picture.moves);
        let (white, black) = rows.get(first_row + usize::from(row - rect.y))?;
        if col >= rect.x + BLACK_COLUMN {
            black.or(*white)
        } else {
            white.or(*black)
        }
    }
}

/// The position the review graph's column under the mouse leads to.
fn graph_ply(graph: Option<Rect>, picture: &Picture, col: u16, row: u16) -> Option<usize> {
    let rect = graph.filter(|r| contains(*r, col, row))?;
    let plies = picture.graph_plies.as_ref()?;
    plies.get(usize::from(col - rect.x)).copied()
}

fn contains(rect: Rect, col: u16, row: u16) -> bool {
    col >= rect.x && col < rect.x + rect.width && row >= rect.y && row < rect.y + rect.height
}

/// Why the board does not take a piece now.
fn not_live(picture: &Picture) -> String {
    if picture.shown < picture.moves.len() && picture.reviewable {
        "You are reviewing: Esc returns to the game.".to_string()
    } else {
        "No move to make now.".to_string()
    }
}

/// Words after a command: the options of `new`, `puzzle` and `resign`,
/// and the values of settings.
/// Argument words of the commands; the games, their options and option
/// values come from the core's table ([`menu_words`]).
const ARGUMENT_WORDS: [&str; 42] = [
    "quick",
    "standard",
    "deep",
    "import",
    "mine",
    "empty",
    "share",
    "computer",
    "friend",
    "level",
    "white",
    "black",
    "random",
    "clock",
    "names",
    "fen",
    "start",
    "noflip",
    "easy",
    "medium",
    "hard",
    "list",
    "daily",
    "objective",
    "win",
    "win-by",
    "save",
    "gain",
    "yes",
    "next",
    "on",
    "off",
    "classic",
    "letters",
    "fixed",
    "auto-flip",
    "face-to-face",
    "my-side",
    "brown",
    "green",
    "blue",
    "grey",
];

/// Every game id, option id and option value id of the new-game menu,
/// so a game added to the core's table completes without a change here.
fn menu_words() -> Vec<String> {
    let mut words = Vec::new();
    for game in norochess_app::game_menu::variants() {
        for option in game.options {
            words.extend(option.choices.into_iter().map(|c| c.id));
            words.push(option.id);
        }
        words.push(game.id);
    }
    words
}

/// What Tab completes: the commands of the view and every legal move in
/// SAN, long notation and coordinates.
pub fn completions(app: &App, picture: &Picture) -> Vec<String> {
    let view: &[&str] = match app.view {
        View::Home => &[],
        View::Game => &GAME_COMMANDS,
        View::Puzzle(_) => &PUZZLE_COMMANDS,
        View::Archive(_) => &REPLAY_COMMANDS,
        View::Review(_) => &REVIEW_COMMANDS,
        View::Analysis(_) => &ANALYSIS_COMMANDS,
        View::Editor(_) => &EDITOR_COMMANDS,
    };
    let mut words: Vec<String> = GLOBAL_COMMANDS
        .iter()
        .chain(view)
        .chain(&ARGUMENT_WORDS)
        .map(|c| c.to_string())
        .collect();
    words.extend(menu_words());
    words.extend(terminal_settings().map(|(key, _)| key.to_string()));
    if let Some(board) = picture.board.as_ref().filter(|b| b.live) {
        let width = board.snapshot.width;
        let position = match &app.view {
            View::Puzzle(view) => Some(*view.run.game().position()),
            View::Analysis(screen) => Some(*screen.board.position()),
            _ => app.game.as_ref().map(|s| *s.game().position()),
        };
        for m in &board.snapshot.legal_moves {
            words.push(m.uci(width));
            if let Some(position) = &position {
                words.push(position.to_long(*m));
                words.push(position.to_san(*m));
            }
        }
    }
    words
}
