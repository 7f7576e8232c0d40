//! The game screen, drawn from the session's [`SessionSnapshot`]: title,
//! score bar, board, captured pieces, recent moves, clocks, and whose turn
//! it is or the result.
//!
//! [`SessionSnapshot`]: norochess_app::SessionSnapshot

use super::app::App;
use super::screen;
use super::text::heading;
use norochess_app::texts::clock_name;
use norochess_app::{Opponent, PlayerKind};
use norochess_core::{Color, Game};

impl App {
    /// Prints the game screen.
    pub(super) fn show_game(&mut self) {
        if self.cfg.full_screen {
            // The full-screen shell draws this view from the app's state.
            return;
        }
        let text = self.game_screen();
        self.say(text);
    }

    fn game_screen(&self) -> String {
        let Some(session) = &self.game else {
            return String::new();
        };
        let style = self.style();
        let snap = session.snapshot(self.now());
        let game = session.game();
        let total = snap.ply_count as usize;
        let shown = snap.reviewing.map_or(total, |ply| ply as usize);
        let friend = session.spec().opponent == Opponent::Friend;
        let name = |color: Color| snap.player(color).name.clone();
        let mut lines = Vec::new();
        let mode = if friend { " · pass and play" } else { "" };
        let players = if name(Color::White) == "White" && name(Color::Black) == "Black" {
            String::new()
        } else {
            format!(
                " · White: {} · Black: {}",
                name(Color::White),
                name(Color::Black)
            )
        };
        lines.push(heading(
            style,
            &format!("{}{mode}{players}", variant_title(game)),
        ));
        lines.push(String::new());
        lines.extend(screen::game_panel(
            &session.shown_board(),
            snap.bottom,
            style,
        ));
        if shown > 0 {
            lines.push(format!(
                "  Moves: {}   ([ ] marks the last move)",
                screen::recent_moves(game, shown, 6)
            ));
        }
        if let (Some(clock), Some(control)) = (&snap.clock, session.time_control()) {
            let side = |color: Color| {
                let mut text = format!("{color} {}", clock.text(color));
                if clock.running == Some(color) {
                    text.push_str(if style.unicode { " ◀" } else { " <" });
                    if clock.is_low(color) {
                        text.push_str(" low!");
                    }
                }
                text
            };
            let paused = if clock.paused && snap.result.is_none() {
                " (paused)"
            } else {
                ""
            };
            lines.push(format!(
                "  Clock ({}): {}   {}{paused}",
                clock_name(control),
                side(Color::White),
                side(Color::Black)
            ));
        }
        match (&snap.result, &snap.result_text, snap.reviewing) {
            (Some(result), Some(text), None) => {
                let computer_won = result
                    .winner
                    .map(|w| snap.player(w).kind != PlayerKind::Person);
                let verdict = match (friend, computer_won) {
                    (false, Some(true)) => " (the computer wins)",
                    (false, Some(false)) => " (you win!)",
                    _ => "",
                };
                lines.push(style.bold(&format!(
                    "  {} {text}{verdict}",
                    if style.unicode { "■" } else { "#" }
                )));
                lines.push(
                    "  `rematch` · `back` to review · `moves` · `export` · `home`".to_string(),
                );
            }
            (_, _, Some(_)) => {
                let at = match shown {
                    0 => "the start position".to_string(),
                    n => format!("after {}", screen::ply_text(game, n - 1)),
                };
                lines.push(format!(
                    "  Reviewing: {at} (ply {shown} of {total}) {} `back`, `forward`, `live` to return",
                    style.long_dash()
                ));
            }
            _ => {
                let check = if snap.board.check_square.is_some() {
                    format!(" {} check!", style.long_dash())
                } else {
                    String::new()
                };
                let thinking = self.work() == Some(super::app::Work::Move);
                let status = screen::turn_status(&snap, friend, thinking, style);
                lines.push(format!("  {status}{check}"));
                if let Some(offer) = snap.draw_offer {
                    lines.push(format!("  {offer} offers a draw: `accept` or `decline`"));
                }
                lines.push(if friend {
                    "  Type a move (e4, Nf3, e2e4) or: undo · hint · draw · flip · moves · resign · home · help"
                } else {
                    "  Type a move (e4, Nf3, e2e4) or: undo · hint · flip · moves · resign · home · help"
                }.to_string());
            }
        }
        if let Some(mark) = self.unsaved_mark() {
            lines.insert(1, style.bold(&format!("  {mark}")));
        }
        lines.join("\n")
    }
}

/// The game's name with its options: `Norochess960 (start 765)`,
/// `Improved chess (zone seventh, blockage any)`.
pub fn variant_title(game: &Game) -> String {
    let name = game.variant().display_name();
    match (game.start_number(), game.variant().improved_options()) {
        (Some(n), _) => format!("{name} (start {n})"),
        (_, Some((zone, blockage))) => {
            format!("{name} (zone {}, blockage {})", zone.id(), blockage.id())
        }
        _ => name.to_string(),
    }
}
