//! `analyse`: the app layer's analysis board from the game on screen (at
//! the position shown), a replayed or reviewed game, a game of the list,
//! or the editor's position. Moves typed there are a variation that never
//! changes the game (`back`, `reset`); the engine's best lines, in points
//! with their depth, are shown as they deepen, and near the end of a game
//! the exact solver's result.
//!
//! [`AnalysisBoard`]: norochess_app::AnalysisBoard

use super::app::{App, View};
use super::review_view::game_at;
use super::screen::{self, Marks};
use super::text::{capitalized, heading};
use super::view_state::{AnalysisScreen, Origin};
use super::worker::Job;
use norochess_app::{AnalysisBoard, EngineLine, ExactResult, LiveLines, SearchLimits};
use norochess_core::{Color, Game};

/// Lines the board shows unless `lines N` says otherwise.
const DEFAULT_LINES: u32 = 3;
/// Most lines `lines N` takes (the app layer allows 16; more do not fit).
const MOST_LINES: u32 = 8;
/// Nodes of an analysis in scripts (reproducible).
const SCRIPT_ANALYSIS_NODES: u64 = 60_000;
/// How long an analysis thinks in a terminal unless stopped.
const TERMINAL_ANALYSIS_MS: u64 = 15_000;
/// Moves of a line shown in line mode.
const LINE_MOVES: usize = 8;
/// Moves of a line shown beside the board in full screen.
pub(super) const PANEL_LINE_MOVES: usize = 4;

/// A line as the board shows it: `+0.35  12. e4 e5 13. Nf3 … (depth 12)`;
/// `depth` is the app layer's text (`depth 12`, or `proven`).
pub(super) fn line_text(line: &EngineLine, game: &Game, depth: &str, most: usize) -> String {
    let position = game.position();
    let mut number = position.fullmove_number();
    let mut words = Vec::new();
    let mut turn = position.turn();
    for (i, m) in line.moves.iter().take(most).enumerate() {
        match (turn, i) {
            (Color::White, _) => words.push(format!("{number}.")),
            (Color::Black, 0) => words.push(format!("{number}…")),
            _ => {}
        }
        words.push(m.san.clone());
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    if line.moves.len() > most {
        words.push("…".to_string());
    }
    format!("{:>8}  {}  ({depth})", line.score.text, words.join(" "))
}

impl App {
    /// `analyse [N]`: the analysis board from the position on screen, or
    /// from the last position of game N of `games`.
    pub(super) fn analyse(&mut self, args: &[String]) {
        let opened = match args.first() {
            Some(which) => self.board_of_listed_game(which),
            None => self.board_on_screen(),
        };
        let (board, origin) = match opened {
            Ok(opened) => opened,
            Err(message) => {
                self.say(message);
                return;
            }
        };
        self.leave_view();
        let origin_text = match &origin {
            Origin::Game(text) => text.clone(),
            Origin::Editor => "the editor's position".to_string(),
        };
        self.view = View::Analysis(Box::new(AnalysisScreen {
            board,
            lines: None,
            printed_depth: 0,
            exact: None,
            line_count: DEFAULT_LINES,
            origin,
            flipped: false,
        }));
        self.say(format!(
            "Analysis board: {origin_text}. Moves you play here are a variation: the game does not change (`back`, `reset`)."
        ));
        self.show_analysis();
        self.start_analysis();
    }

    /// The board at the position on screen.
    fn board_on_screen(&mut self) -> Result<(AnalysisBoard, Origin), String> {
        let (game, plies, what) = match &self.view {
            View::Editor(screen) => {
                let position = screen.editor.check().map_err(|problems| {
                    let texts: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
                    format!(
                        "This position cannot be analysed: {}.",
                        texts.join("; ")
                    )
                })?;
                let board = AnalysisBoard::from_position(&position)
                    .map_err(|e| format!("{}.", capitalized(&e.to_string())))?;
                return Ok((board, Origin::Editor));
            }
            View::Analysis(_) => {
                return Err(
                    "This is the analysis board: `reset` goes back to where it began.".to_string(),
                )
            }
            View::Puzzle(_) => {
                return Err(
                    "Puzzles are solved without the engine: `analyse` works from a game, a replay, a review or the editor."
                        .to_string(),
                )
            }
            View::Archive(view) => (view.game.clone(), view.shown, "the replayed game"),
            View::Review(screen) => {
                let total = screen.review.game().plies().len();
                (
                    screen.review.game().clone(),
                    screen.shown.unwrap_or(total),
                    "the reviewed game",
                )
            }
            View::Game | View::Home => match &self.game {
                Some(session) => {
                    let plies = session
                        .reviewing()
                        .unwrap_or(session.game().plies().len());
                    (session.game().clone(), plies, "the game")
                }
                None => {
                    return Err(
                        "Which position? In a game `analyse` takes the position shown; `analyse N` a game of `games`; `edit` sets one up."
                            .to_string(),
                    )
                }
            },
        };
        let board = AnalysisBoard::from_game(&game, plies)
            .map_err(|e| format!("{}.", capitalized(&e.to_string())))?;
        Ok((board, Origin::Game(where_in(&game, plies, what))))
    }

    /// The board at the last position of game `which` of the list that
    /// the engine can think about (before the move that ended it).
    fn board_of_listed_game(&mut self, which: &str) -> Result<(AnalysisBoard, Origin), String> {
        let Ok(id) = which.parse::<i64>() else {
            return Err(format!(
                "`{which}` is not a game number (`games` lists them); `analyse` alone takes the position on screen."
            ));
        };
        let now = self.now();
        let game = self
            .library
            .load(id, now)
            .map_err(|e| format!("{}.", capitalized(&e.to_string())))?
            .game()
            .clone();
        let total = game.plies().len();
        let mut board = AnalysisBoard::from_game(&game, total)
            .map_err(|e| format!("{}.", capitalized(&e.to_string())))?;
        let mut plies = total;
        if !board.view().can_analyse && total > 0 {
            plies = total - 1;
            board = AnalysisBoard::from_game(&game, plies)
                .map_err(|e| format!("{}.", capitalized(&e.to_string())))?;
        }
        let what = format!("game {id}");
        Ok((board, Origin::Game(where_in(&game, plies, &what))))
    }

    /// Starts the engine on the board's position (the exact solver follows
    /// near the end).
    fn start_analysis(&mut self) {
        self.cancel_thinking();
        let limits = if self.cfg.script {
            SearchLimits {
                nodes: Some(self.cfg.engine_nodes.unwrap_or(SCRIPT_ANALYSIS_NODES)),
                ..SearchLimits::default()
            }
        } else {
            SearchLimits {
                nodes: self.cfg.engine_nodes,
                move_time_ms: Some(TERMINAL_ANALYSIS_MS),
                ..SearchLimits::default()
            }
        };
        let View::Analysis(screen) = &mut self.view else {
            return;
        };
        screen.lines = None;
        screen.exact = None;
        screen.printed_depth = 0;
        if !screen.board.view().can_analyse {
            return;
        }
        match screen.board.request(screen.line_count, limits) {
            Ok(request) => {
                let stop = request.search.stop.clone();
                self.think(Job::Analysis(Box::new(request)), stop);
            }
            Err(e) => self.say(format!("The engine cannot start: {e}.")),
        }
    }

    /// The engine's lines so far (or its last word).
    pub(super) fn analysis_lines(&mut self, live: LiveLines) {
        let full = self.cfg.full_screen;
        let View::Analysis(screen) = &mut self.view else {
            return;
        };
        let finished = live.finished;
        let depth = live.depth;
        let first = live.lines.first().cloned();
        let first_depth = live.depth_texts.first().cloned().unwrap_or_default();
        screen.lines = Some(live);
        if !finished {
            if depth > screen.printed_depth && !full {
                screen.printed_depth = depth;
                if let Some(line) = first {
                    let text = line_text(&line, screen.board.game(), &first_depth, LINE_MOVES);
                    self.say(format!("  {}", text.trim_start()));
                }
            }
            return;
        }
        let exact = screen.board.exact_request();
        if !full {
            let lines = lines_block(screen, LINE_MOVES);
            self.say(lines.join("\n"));
        }
        if let Some(request) = exact {
            self.say("The end is near: the exact solver works out the result…");
            self.submit(Job::Exact(Box::new(request)), None);
        }
    }

    /// The exact solver's answer.
    pub(super) fn exact_answer(&mut self, exact: ExactResult) {
        let View::Analysis(screen) = &mut self.view else {
            return;
        };
        let text = exact_text(&exact);
        screen.exact = Some(exact);
        self.say(text);
    }

    /// Commands of the analysis board; anything else is read as moves.
    pub(super) fn analysis_command(&mut self, command: &str, args: &[String], line: &str) {
        match command {
            "play" | "move" => {
                if args.is_empty() {
                    self.say("Usage: play MOVE (or type the move).");
                } else {
                    self.analysis_moves(&args.join(" "));
                }
            }
            "back" | "undo" | "takeback" => {
                let steps = args
                    .first()
                    .and_then(|a| a.parse::<usize>().ok())
                    .unwrap_or(1);
                let View::Analysis(screen) = &mut self.view else {
                    return;
                };
                let mut taken = 0;
                while taken < steps && screen.board.back() {
                    taken += 1;
                }
                if taken == 0 {
                    self.say("The variation has no moves: this is where the board began.");
                    return;
                }
                self.after_variation_change();
            }
            "reset" => {
                let View::Analysis(screen) = &mut self.view else {
                    return;
                };
                if screen.board.view().variation.is_empty() {
                    self.say("The variation has no moves already.");
                    return;
                }
                screen.board.reset();
                self.after_variation_change();
            }
            "lines" | "multipv" => {
                let count = args.first().and_then(|a| a.parse::<u32>().ok());
                match count {
                    Some(n) if (1..=MOST_LINES).contains(&n) => {
                        if let View::Analysis(screen) = &mut self.view {
                            screen.line_count = n;
                        }
                        self.say(format!(
                            "The engine shows {n} line{}.",
                            if n == 1 { "" } else { "s" }
                        ));
                        self.start_analysis();
                    }
                    _ => self.say(format!("Usage: lines N, from 1 to {MOST_LINES}.")),
                }
            }
            "think" | "go" | "again" => self.start_analysis(),
            "stop" => self.stop_thinking(),
            "flip" => {
                if let View::Analysis(screen) = &mut self.view {
                    screen.flipped = !screen.flipped;
                }
                self.show_analysis();
            }
            "board" | "show" => self.show_analysis(),
            "moves" => {
                let View::Analysis(screen) = &self.view else {
                    return;
                };
                let lines = screen::move_list(screen.board.game(), None);
                let text = if lines.is_empty() {
                    "No moves.".to_string()
                } else {
                    lines.join("\n")
                };
                self.say(text);
            }
            "legal" => {
                let View::Analysis(screen) = &self.view else {
                    return;
                };
                let position = *screen.board.position();
                let from = args
                    .first()
                    .and_then(|s| position.parse_square(&s.to_ascii_lowercase()));
                let mut moves: Vec<String> = position
                    .legal_moves()
                    .into_iter()
                    .filter(|m| from.is_none_or(|sq| m.from == sq))
                    .map(|m| position.to_san(m))
                    .collect();
                moves.sort();
                self.say(format!("Legal moves: {}", moves.join(" ")));
            }
            _ => self.analysis_moves(line),
        }
    }

    /// Plays the moves of `text` in the variation, one by one.
    fn analysis_moves(&mut self, text: &str) {
        let words: Vec<&str> = text
            .split_whitespace()
            .filter(|w| {
                !(w.ends_with('.') && w.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit()))
            })
            .collect();
        let mut played = Vec::new();
        for word in &words {
            let View::Analysis(screen) = &mut self.view else {
                return;
            };
            match screen.board.play_text(word) {
                Ok(info) => played.push(info.san),
                Err(e) => {
                    let mut message = format!("{}.", capitalized(&e.to_string()));
                    if played.is_empty() && words.len() == 1 {
                        message.push_str(&self.did_you_mean(word));
                    }
                    self.say(message);
                    break;
                }
            }
        }
        if played.is_empty() {
            return;
        }
        self.say(format!("Variation: {} played.", played.join(" ")));
        self.after_variation_change();
    }

    /// After the variation changed: the board, and the engine again.
    fn after_variation_change(&mut self) {
        self.cancel_thinking();
        self.show_analysis();
        self.start_analysis();
    }

    /// Prints the analysis board (line mode; the full-screen shell draws it).
    pub(super) fn show_analysis(&mut self) {
        if self.cfg.full_screen {
            return;
        }
        let style = self.style();
        let View::Analysis(screen) = &self.view else {
            return;
        };
        let game = screen.board.game();
        let snapshot = game.snapshot();
        let mut lines = vec![
            heading(
                style,
                &format!("Analysis board · {}", game.variant().display_name()),
            ),
            String::new(),
        ];
        if let Some(bar) = screen::score_bar(&snapshot, style) {
            lines.push(bar);
            lines.push(String::new());
        }
        let marks = Marks::of_snapshot(&snapshot);
        let bottom = if screen.flipped {
            Color::Black
        } else {
            Color::White
        };
        lines.extend(screen::board(&snapshot, bottom, &marks, style));
        lines.push(String::new());
        lines.extend(status_lines(screen));
        lines.push(
            "  Type a move to try it · `back` · `reset` · `lines N` · `stop` · `edit` · `compose` · `home`"
                .to_string(),
        );
        self.say(lines.join("\n"));
    }
}

/// `the game, after 12. Nf3 (move 12 of 30)`.
fn where_in(game: &Game, plies: usize, what: &str) -> String {
    if plies == 0 {
        return format!("{what}, at its start");
    }
    format!(
        "{what}, after {}",
        screen::ply_text(&game_at(game, plies), plies - 1)
    )
}

/// Where the board began, where it stands, the variation.
pub(super) fn status_lines(screen: &AnalysisScreen) -> Vec<String> {
    let view = screen.board.view();
    let from = match &screen.origin {
        Origin::Game(text) => text.as_str(),
        Origin::Editor => "the editor's position",
    };
    let mut lines = vec![format!("  From {from}: {}", view.origin)];
    if view.variation.is_empty() {
        lines.push("  Variation: none yet (type a move to try it)".to_string());
    } else {
        let sans: Vec<&str> = view.variation.iter().map(|m| m.san.as_str()).collect();
        lines.push(format!("  Variation: {}", sans.join(" ")));
        lines.push(format!("  Now: {}", view.status));
    }
    if !view.can_analyse {
        lines.push(format!("  {}", view.status));
    }
    lines
}

/// The engine's table: `Lines for White (to move), in points:` and each
/// line with its depth, then the exact result if there is one.
pub(super) fn lines_block(screen: &AnalysisScreen, most: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let Some(live) = &screen.lines else {
        return lines;
    };
    let game = screen.board.game();
    let turn = game.position().turn();
    let state = if live.finished { "" } else { " (thinking)" };
    lines.push(format!("  Lines for {turn} (to move), in points{state}:"));
    for (i, line) in live.lines.iter().enumerate() {
        let depth = live.depth_texts.get(i).map_or("", String::as_str);
        lines.push(format!(
            "  {}. {}",
            i + 1,
            line_text(line, game, depth, most).trim_start()
        ));
    }
    if let Some(exact) = &screen.exact {
        lines.push(exact_text(exact));
    }
    lines
}

/// `Exact: White wins by 1 · moves that keep it: Qxd5, Qxa4 · line: …`.
fn exact_text(exact: &ExactResult) -> String {
    let mut text = format!("  {}", exact.text);
    if !exact.best_moves.is_empty() {
        text.push_str(&format!(
            " · moves that keep it: {}",
            exact.best_moves.join(", ")
        ));
    }
    if !exact.line.is_empty() {
        text.push_str(&format!(" · line: {}", exact.line.join(" ")));
    }
    text
}
