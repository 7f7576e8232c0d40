//! The games list from the library, and replaying a saved game move by
//! move (an unfinished one can be played on).

use super::app::{App, View};
use super::screen;
use super::text::{capitalized, heading};
use super::view_state::ArchiveView;
use norochess_app::texts::date;
use norochess_app::{scores_text, GameFilter, GameResult, GameSummary};
use norochess_core::{Color, EndReason, Variant};

/// How many games `games` lists.
const LIST_LIMIT: u32 = 200;

/// One line of the games list:
/// `2026.11.30 · Norochess · Ann vs Bob · White wins 25–24 (move limit)`.
fn describe(summary: &GameSummary) -> String {
    let variant = Variant::parse(&summary.variant, None, None)
        .map(|v| v.display_name().to_string())
        .unwrap_or_else(|_| summary.variant.clone());
    let scores = |sep: &str| {
        summary
            .scores
            .map(|s| format!("{sep}{}–{}", s.white, s.black))
            .unwrap_or_default()
    };
    let result = match summary.result.as_deref() {
        Some(token) => {
            let (who, winner) = match token {
                "1-0" => ("White wins", Some(Color::White)),
                "0-1" => ("Black wins", Some(Color::Black)),
                _ => ("Draw", None),
            };
            // The winner's score first, as the result on the game screen.
            let scores = |sep: &str| {
                summary
                    .scores
                    .map(|s| format!("{sep}{}", scores_text(winner, s.pair())))
                    .unwrap_or_default()
            };
            let reason = summary
                .end_reason
                .as_deref()
                .and_then(EndReason::from_id)
                .map(|r| format!(" ({})", r.description()))
                .unwrap_or_default();
            format!("{who}{}{reason}", scores(" "))
        }
        None => format!("unfinished at move {}{}", summary.move_number, scores(", ")),
    };
    format!(
        "{} · {variant} · {} vs {} · {result}",
        date(summary.created_at),
        summary.white,
        summary.black
    )
}

impl App {
    /// `games`: the library's games, newest first.
    pub(super) fn list_games(&mut self) {
        let (games, unreadable) = match self.library.list_all(&GameFilter::default(), LIST_LIMIT) {
            Ok(list) => (list.games, list.unreadable),
            Err(e) => {
                self.say(format!("The games list cannot be read: {e}."));
                return;
            }
        };
        let current = self.library.current_id().ok().flatten();
        let mut lines = vec!["Your games (newest first):".to_string()];
        for summary in &games {
            let mark = if Some(summary.id) == current {
                "  (current: `continue`)".to_string()
            } else if !summary.finished {
                // An older unfinished game can be resumed too.
                format!("  (`games {}`, then `continue`)", summary.id)
            } else {
                String::new()
            };
            lines.push(format!("  {:>3}.  {}{mark}", summary.id, describe(summary)));
        }
        if !unreadable.is_empty() {
            let ids: Vec<String> = unreadable.iter().map(i64::to_string).collect();
            lines.push(format!(
                "  (left out, cannot be read: game {})",
                ids.join(", ")
            ));
        }
        if games.is_empty() {
            lines.push("  (none yet)".to_string());
        } else {
            lines.push("Open one with `games N` to replay it move by move.".to_string());
        }
        self.say(lines.join("\n"));
    }

    /// `games N`: opens a saved game.
    pub(super) fn open_game(&mut self, which: &str) {
        let Ok(id) = which.parse::<i64>() else {
            self.say(format!(
                "There is no game `{which}` in the list (`games` shows the numbers)."
            ));
            return;
        };
        let now = self.now();
        let game = match self.library.load(id, now) {
            Ok(session) => session.game().clone(),
            Err(e) => {
                self.say(format!("{}.", capitalized(&e.to_string())));
                return;
            }
        };
        self.leave_view();
        self.view = View::Archive(Box::new(ArchiveView {
            id,
            game,
            shown: 0,
            flipped: false,
        }));
        self.show_archive();
    }

    /// Commands while replaying a saved game.
    pub(super) fn archive_command(&mut self, command: &str, args: &[String]) {
        let steps = match args.first().map(|a| a.parse::<usize>()) {
            None => 1,
            Some(Ok(n)) => n,
            Some(Err(_)) if matches!(command, "export" | "pgn") => 1,
            Some(Err(_)) => {
                self.say(format!("`{}` is not a number of moves.", args[0]));
                return;
            }
        };
        let View::Archive(view) = &mut self.view else {
            return;
        };
        let total = view.game.plies().len();
        match command {
            "forward" | "f" | "next" => view.shown = view.shown.saturating_add(steps).min(total),
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
                // A numbered Norochess960 start carries SetUp/FEN for other tools.
                let record = view.game.to_pgn();
                self.write_record(&record, args, false);
                return;
            }
            "continue" | "resume" => {
                if view.game.is_over() {
                    self.say("This game is finished: it cannot be played on. `new` starts another game, `home` goes back.");
                    return;
                }
                let id = view.id;
                self.resume_archived(id);
                return;
            }
            _ => {
                let hint = self.did_you_mean(command);
                self.say(format!("Unknown command `{command}`.{hint} Replaying a saved game: `forward`, `back`, `first`, `last`, `moves`, `flip`, `export`, `continue` (unfinished games), `home`."));
                return;
            }
        }
        self.show_archive();
    }

    /// Makes an unfinished saved game the current one again.
    fn resume_archived(&mut self, id: i64) {
        let now = self.now();
        let session = match self.library.load(id, now) {
            Ok(session) => session,
            Err(e) => {
                self.say(format!("{}.", capitalized(&e.to_string())));
                return;
            }
        };
        self.view = View::Home;
        if self.game.as_ref().and_then(|s| s.library_id()) != Some(id) {
            self.leave_view();
            self.clear_engine();
            self.persist();
            self.game = Some(self.with_policies(session));
            self.begun_here = false;
            self.stale = false;
            self.save_error = None;
            self.exported_at = None;
            self.low_warned = [false; 2];
            // It becomes the game `continue` brings back (its row is not
            // rewritten: nothing in it changed).
            if let Err(e) = self.library.make_current(id) {
                self.say(format!("It could not be made the game to continue: {e}."));
            }
        }
        self.continue_game();
    }

    fn show_archive(&mut self) {
        if self.cfg.full_screen {
            // The full-screen shell draws this view from the app's state.
            return;
        }
        let style = self.style();
        let View::Archive(view) = &self.view else {
            return;
        };
        let total = view.game.plies().len();
        let game = view.shown_game();
        let snapshot = game.snapshot();
        let (white, black) = view.names();
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
            match GameResult::of(&view.game) {
                Some(result) => lines.push(format!("  {}", result.sentence())),
                None => lines.push("  Unfinished game: `continue` to play it on.".to_string()),
            }
        }
        if view.shown < total && !view.game.is_over() {
            lines.push("  Unfinished game: `continue` plays it on from the end.".to_string());
        }
        lines.push(
            "  `forward` · `back` · `first` · `last` · `moves` · `export` · `home`".to_string(),
        );
        self.say(lines.join("\n"));
    }
}
