//! `review`: a game of the library analysed move by move by the app
//! layer's [`GameReview`], one position at a time on the engine thread
//! (progress shown, `stop` pauses, `review` resumes from what the library
//! kept), then the review screen: the graph of the expected score
//! difference, each side's summary, the moments that decided the game and
//! the marked moves; `goto MOVE` shows a position with its move's review.
//!
//! [`GameReview`]: norochess_app::GameReview

use super::app::{App, View};
use super::review_graph::{graph, mark_letter};
use super::screen::{self, Marks};
use super::text::{capitalized, heading};
use super::view_state::ReviewScreen;
use super::worker::Job;
use norochess_app::review::review_budget;
use norochess_app::{review_budgets, MoveReview, ReviewBudgetChoice, ReviewRequest};
use norochess_core::{Color, Game, SearchResult};

/// Positions evaluated between two saves of a running review.
const SAVE_EVERY: u32 = 8;
/// Positions between two progress lines in line mode.
const PROGRESS_EVERY: u32 = 10;
/// The graph's width in line mode (a screen of 80 columns).
const GRAPH_WIDTH: usize = 72;

/// `1 point`, `4 points`: the graph's range.
pub(super) fn scale_text(scale: f64) -> String {
    if scale == 1.0 {
        "1 point".to_string()
    } else {
        format!("{scale} points")
    }
}

/// `24. Nf3` or `24… Qd4`: a reviewed move with its number.
pub(super) fn move_label(m: &MoveReview) -> String {
    let dots = if m.mover == Color::White { "." } else { "…" };
    format!(
        "{}{dots} {}{}",
        m.move_number,
        m.played.san,
        m.judgement.symbol()
    )
}

/// The plies after `number`'s move by `side` in `game` (the position
/// that move led to), if the game has it.
pub(super) fn ply_of_move(game: &Game, number: u32, side: Color) -> Option<usize> {
    game.positions()
        .iter()
        .take(game.plies().len())
        .position(|p| p.fullmove_number() == number && p.turn() == side)
        .map(|index| index + 1)
}

/// Reads `24`, `24.`, `24...`, `24…`, `24b`, `24w` and `24 black` as a
/// move number and side (White unless said).
pub(super) fn read_move_number(args: &[String]) -> Option<(u32, Color)> {
    let first = args.first()?.to_ascii_lowercase();
    let digits: String = first.chars().take_while(char::is_ascii_digit).collect();
    let number = digits.parse::<u32>().ok()?;
    let rest = &first[digits.len()..];
    let side = match (rest, args.get(1).map(|a| a.to_ascii_lowercase())) {
        ("..." | "…" | "b", _) => Color::Black,
        ("" | "." | "w", Some(word)) if word == "black" || word == "b" || word == "..." => {
            Color::Black
        }
        ("" | "." | "w", _) => Color::White,
        _ => return None,
    };
    Some((number, side))
}

impl App {
    /// `review [N] [quick|standard|deep]`: reviews game N of `games`, or
    /// the game on screen, resuming what the library kept of it.
    pub(super) fn review_game(&mut self, args: &[String]) {
        let mut id = None;
        let mut choice: Option<ReviewBudgetChoice> = None;
        for arg in args {
            let lower = arg.to_ascii_lowercase();
            if let Ok(n) = lower.parse::<i64>() {
                id = Some(n);
            } else if let Some(found) = review_budget(&lower) {
                choice = Some(found);
            } else {
                let ids: Vec<String> = review_budgets().into_iter().map(|c| c.id).collect();
                self.say(format!(
                    "`{arg}` is neither a game number (`games` lists them) nor a review budget ({}).",
                    ids.join(", ")
                ));
                return;
            }
        }
        let Some(choice) = choice.or_else(|| review_budgets().into_iter().find(|c| c.is_default))
        else {
            self.say("No review budget is offered.");
            return;
        };
        let id = match id {
            Some(id) => id,
            None => match self.game_to_review() {
                Ok(id) => id,
                Err(message) => {
                    self.say(message);
                    return;
                }
            },
        };
        if matches!(&self.view, View::Review(screen) if screen.game_id == id)
            && self.work() == Some(super::app::Work::Review)
        {
            self.say("The review is running: `stop` pauses it.");
            return;
        }
        // What this window found so far is kept before the library's copy
        // is read back.
        self.save_review_progress();
        let now = self.now();
        let opened = match self.library.open_review(id, choice.budget, now) {
            Ok(opened) => opened,
            Err(e) => {
                // Whatever is on screen stays there.
                self.say(format!(
                    "Game {id} cannot be reviewed: {}.",
                    capitalized(&e.to_string())
                ));
                return;
            }
        };
        self.leave_view();
        if let Some(notice) = opened.notice {
            self.say(notice);
        }
        let report = opened.review.report();
        let progress = report.progress.clone();
        self.view = View::Review(Box::new(ReviewScreen {
            game_id: id,
            review: opened.review,
            report,
            budget: choice.label.clone(),
            shown: None,
            flipped: false,
            unsaved: 0,
        }));
        if progress.complete {
            self.say(format!(
                "The review of game {id} is complete (kept with the game)."
            ));
            self.show_review(true);
            return;
        }
        self.say(format!(
            "Reviewing game {id}, {} ({}): {}. `stop` pauses; `review` resumes it later.",
            choice.label.to_lowercase(),
            choice.detail.to_lowercase(),
            progress.text
        ));
        // A fresh hash table, as the phones' review has: the same game and
        // budget then give the same review in every shell.
        self.clear_engine();
        self.next_review_step();
    }

    /// The library's number of the game on screen (saved first, so its
    /// latest moves are reviewed), or why there is none.
    fn game_to_review(&mut self) -> Result<i64, String> {
        match &self.view {
            View::Archive(view) => return Ok(view.id),
            View::Review(screen) => return Ok(screen.game_id),
            _ => {}
        }
        let Some(session) = &self.game else {
            return Err(
                "Which game? `review N` reviews game N of `games`; in a game, `review` alone reviews it."
                    .to_string(),
            );
        };
        if session.game().plies().is_empty() {
            return Err("This game has no moves yet: there is nothing to review.".to_string());
        }
        if self.stale {
            return Err(
                "This window's copy of the game is not the library's (another window moved it on): `save` keeps it as a new game, which can then be reviewed."
                    .to_string(),
            );
        }
        self.persist();
        self.game
            .as_ref()
            .and_then(|s| s.library_id())
            .ok_or_else(|| {
                "This game is not in the library (it could not be saved), so it cannot be reviewed."
                    .to_string()
            })
    }

    /// Sends the review's next position to the engine, or finishes.
    fn next_review_step(&mut self) {
        let View::Review(screen) = &self.view else {
            return;
        };
        match screen.review.next_request() {
            Some(request) => {
                let stop = request.search.stop.clone();
                self.think(Job::Review(Box::new(request)), stop);
            }
            None => self.review_finished(),
        }
    }

    /// The engine's answer for one position of the review.
    pub(super) fn review_answer(&mut self, request: &ReviewRequest, result: &SearchResult) {
        let View::Review(screen) = &mut self.view else {
            // The review was left: what it found was saved then.
            return;
        };
        match screen.review.record(request, result) {
            Ok(true) => {
                screen.unsaved += 1;
                screen.report = screen.review.report();
            }
            Ok(false) => {
                // `stop`: the search was cut short and nothing was kept.
                let text = screen.report.progress.text.clone();
                self.save_review_progress();
                self.say(format!("Review paused ({text}); `review` resumes it."));
                self.show_review(true);
                return;
            }
            Err(e) => {
                self.save_review_progress();
                self.say(format!("The review stopped: {e}."));
                return;
            }
        }
        let progress = screen.report.progress.clone();
        if progress.complete {
            self.review_finished();
            return;
        }
        if screen.unsaved >= SAVE_EVERY {
            self.save_review_progress();
        }
        if progress.analysed % PROGRESS_EVERY == 0 && !self.cfg.full_screen {
            self.say(format!("{}…", progress.text));
        }
        self.next_review_step();
    }

    fn review_finished(&mut self) {
        self.save_review_progress();
        self.say("Review complete; it is kept with the game.");
        self.show_review(true);
    }

    /// Saves what the review on screen found since its last save. A
    /// failure is said each time; the review goes on in this window.
    pub(super) fn save_review_progress(&mut self) {
        let View::Review(screen) = &mut self.view else {
            return;
        };
        if screen.unsaved == 0 {
            return;
        }
        let id = screen.game_id;
        // `false`: another window kept a longer review of the same game,
        // which stays; this one's work is not lost from the screen.
        match self.library.save_review(id, &screen.review) {
            Ok(_) => screen.unsaved = 0,
            Err(e) => self.say(format!(
                "The review of game {id} could not be saved ({e}); it goes on in this window, and `review` later starts from its last save."
            )),
        }
    }

    /// Commands of the review screen.
    pub(super) fn review_command(&mut self, command: &str, args: &[String]) {
        let View::Review(screen) = &mut self.view else {
            return;
        };
        let total = screen.review.game().plies().len();
        let shown = screen.shown.unwrap_or(total);
        let steps = args
            .first()
            .and_then(|a| a.parse::<usize>().ok())
            .unwrap_or(1);
        let target = match command {
            "goto" | "go" | "move" => {
                let Some((number, side)) = read_move_number(args) else {
                    self.say("Usage: goto MOVE, e.g. `goto 24` (White's 24th move) or `goto 24...` (Black's); `first` is the start.");
                    return;
                };
                match ply_of_move(screen.review.game(), number, side) {
                    Some(ply) => ply,
                    None => {
                        self.say(format!("The game has no move {number} for {side}."));
                        return;
                    }
                }
            }
            "ply" => match args.first().map(|a| a.parse::<usize>()) {
                Some(Ok(ply)) if ply <= total => ply,
                _ => {
                    self.say(format!(
                        "Usage: ply N, the position after N moves of either side (0 to {total})."
                    ));
                    return;
                }
            },
            "forward" | "f" => (shown + steps).min(total),
            "back" | "b" => shown.saturating_sub(steps),
            "first" | "start" => 0,
            "last" | "end" | "live" => total,
            "next" | "previous" | "prev" => {
                let marked = screen
                    .report
                    .moves
                    .iter()
                    .filter(|m| m.judgement.is_marked())
                    .map(|m| m.review_ply as usize);
                let found = if command == "next" {
                    marked.filter(|&p| screen.shown.is_none_or(|s| p > s)).min()
                } else {
                    marked.filter(|&p| p < shown).max()
                };
                match found {
                    Some(ply) => ply,
                    None => {
                        self.say(format!(
                            "No marked move {} this one.",
                            if command == "next" { "after" } else { "before" }
                        ));
                        return;
                    }
                }
            }
            "summary" | "report" => {
                screen.shown = None;
                self.show_review(true);
                return;
            }
            "flip" => {
                screen.flipped = !screen.flipped;
                shown
            }
            "board" | "show" => shown,
            "moves" => {
                let lines = screen::move_list(screen.review.game(), Some(shown));
                let text = if lines.is_empty() {
                    "No moves.".to_string()
                } else {
                    lines.join("\n")
                };
                self.say(text);
                return;
            }
            "stop" => {
                self.stop_thinking();
                return;
            }
            _ => {
                let hint = self.did_you_mean(command);
                self.say(format!("Unknown command `{command}`.{hint} In a review: `goto MOVE`, `next`, `previous`, `forward`, `back`, `summary`, `analyse`, `home`."));
                return;
            }
        };
        if let View::Review(screen) = &mut self.view {
            screen.shown = Some(target);
        }
        self.show_review(false);
    }

    /// Prints the review screen: the summary (`summary` true, also in full
    /// screen, where it goes to the messages) or the position shown with
    /// its move's review (line mode; the full-screen shell draws it).
    pub(super) fn show_review(&mut self, summary: bool) {
        let View::Review(screen) = &self.view else {
            return;
        };
        let style = self.style();
        let full = self.cfg.full_screen;
        if full && !summary {
            return;
        }
        let game = screen.review.game();
        let report = &screen.report;
        let (white, black) = screen.names();
        let mut lines = Vec::new();
        if !full {
            lines.push(heading(
                style,
                &format!(
                    "Review of game {} · {} · {white} vs {black}",
                    screen.game_id,
                    game.variant().display_name()
                ),
            ));
            lines.push(String::new());
        }
        let shown = if summary { None } else { screen.shown };
        if let Some(ply) = shown {
            let snapshot = game_at(game, ply).snapshot();
            let bottom = if screen.flipped {
                Color::Black
            } else {
                Color::White
            };
            if let Some(bar) = screen::score_bar(&snapshot, style) {
                lines.push(bar);
                lines.push(String::new());
            }
            let marks = Marks::of_snapshot(&snapshot);
            lines.extend(screen::board(&snapshot, bottom, &marks, style));
            lines.push(String::new());
        }
        lines.push(format!(
            "  {} review: {}",
            screen.budget, report.progress.text
        ));
        lines.extend(graph_lines(screen, shown, style.unicode));
        lines.push(format!("  {}", report.white.text));
        lines.push(format!("  {}", report.black.text));
        match shown {
            Some(ply) => lines.extend(position_lines(screen, ply)),
            None => lines.extend(summary_lines(screen)),
        }
        self.say(lines.join("\n"));
    }
}

/// `game` after its first `plies` moves.
pub(super) fn game_at(game: &Game, plies: usize) -> Game {
    let mut shown = game.clone();
    while shown.plies().len() > plies {
        if !shown.undo() {
            break;
        }
    }
    shown
}

/// The graph with its legend, the position `shown` pointed at.
pub(super) fn graph_lines(
    screen: &ReviewScreen,
    shown: Option<usize>,
    unicode: bool,
) -> Vec<String> {
    let points = &screen.report.graph;
    if points.is_empty() {
        return vec!["  (no position evaluated yet)".to_string()];
    }
    let g = graph(points, screen.review.game(), GRAPH_WIDTH, shown, unicode);
    vec![
        format!(
            "  Expected final score difference: White above the middle, Black below (±{})",
            scale_text(g.scale)
        ),
        format!("  {}", g.line),
        format!("  {}", g.marks),
        format!(
            "  {}  (move numbers; i inaccuracy, m mistake, B blunder)",
            g.ruler
        ),
    ]
    .into_iter()
    .map(|l| l.trim_end().to_string())
    .collect()
}

/// The moments that decided the game and the marked moves.
fn summary_lines(screen: &ReviewScreen) -> Vec<String> {
    let report = &screen.report;
    let mut lines = vec![String::new(), "  Moments that decided the game".to_string()];
    if report.moments.is_empty() {
        lines.push("    None found so far.".to_string());
    }
    for moment in &report.moments {
        let at = screen
            .move_at(moment.review_ply as usize)
            .map(|m| format!("{}: ", move_label(m)))
            .unwrap_or_default();
        lines.push(format!("    {at}{}", moment.text));
    }
    lines.push(String::new());
    lines.push("  Marked moves (points lost, the better move)".to_string());
    let marked: Vec<&MoveReview> = report
        .moves
        .iter()
        .filter(|m| m.judgement.is_marked())
        .collect();
    if marked.is_empty() {
        lines.push("    None: no move lost a pawn's worth or more.".to_string());
    }
    for m in marked {
        let letter = mark_letter(m.judgement).unwrap_or(' ');
        lines.push(format!("    {letter} {}", m.text));
    }
    lines.push(String::new());
    lines.push(
        "  `goto MOVE` (24, or 24... for Black) shows a move and its review · `next`/`previous` marked move · `analyse` · `home`"
            .to_string(),
    );
    lines
}

/// The review of the move that led to the position after `ply` plies.
fn position_lines(screen: &ReviewScreen, ply: usize) -> Vec<String> {
    let total = screen.review.game().plies().len();
    let mut lines = vec![String::new()];
    if ply == 0 {
        lines.push("  The start position.".to_string());
    } else {
        match screen.move_at(ply) {
            Some(m) => {
                lines.push(format!("  {}", m.text));
                let proven = if m.proven { " (proven)" } else { "" };
                lines.push(format!(
                    "  Expected for White: {:+.1} before, {:+.1} after{proven}",
                    m.before_white, m.after_white
                ));
                if !m.best_line.is_empty() {
                    lines.push(format!(
                        "  The engine's line before the move: {}",
                        m.best_line.join(" ")
                    ));
                }
            }
            None => lines.push(format!(
                "  {} is not reviewed yet.",
                screen::ply_text(screen.review.game(), ply - 1)
            )),
        }
    }
    lines.push(format!(
        "  Ply {ply} of {total} · `next`/`previous` marked move · `forward`/`back` · `goto MOVE` · `summary` · `analyse` here"
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::Variant;

    #[test]
    fn move_numbers_read_with_their_side() {
        let words =
            |text: &str| -> Vec<String> { text.split_whitespace().map(str::to_string).collect() };
        assert_eq!(read_move_number(&words("24")), Some((24, Color::White)));
        assert_eq!(read_move_number(&words("24.")), Some((24, Color::White)));
        assert_eq!(read_move_number(&words("24...")), Some((24, Color::Black)));
        assert_eq!(read_move_number(&words("24…")), Some((24, Color::Black)));
        assert_eq!(read_move_number(&words("24b")), Some((24, Color::Black)));
        assert_eq!(
            read_move_number(&words("24 black")),
            Some((24, Color::Black))
        );
        assert_eq!(read_move_number(&words("x")), None);
        assert_eq!(read_move_number(&words("24x")), None);
        assert_eq!(read_move_number(&[]), None);
    }

    #[test]
    fn a_move_number_finds_the_position_it_led_to() {
        let mut game = Game::new(Variant::Norochess, None).expect("start");
        for text in ["e4", "e5", "Nf3"] {
            let m = game.position().parse_move(text).expect("legal");
            game.play(m).expect("legal");
        }
        assert_eq!(ply_of_move(&game, 1, Color::White), Some(1));
        assert_eq!(ply_of_move(&game, 1, Color::Black), Some(2));
        assert_eq!(ply_of_move(&game, 2, Color::White), Some(3));
        assert_eq!(ply_of_move(&game, 2, Color::Black), None);
        assert_eq!(game_at(&game, 1).plies().len(), 1);
    }
}
