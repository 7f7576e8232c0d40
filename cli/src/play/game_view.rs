//! The game screen's commands: starting, saving and continuing a game,
//! moves, the computer's turn and hints on the engine thread, takeback,
//! review, resignation, draws and the clock. Every decision about the game
//! is the [`GameSession`]'s; this module turns commands into its calls and
//! its answers into lines.

use super::app::{promotion_choices, promotion_question, App, Confirm, View};
use super::screen;
use super::text::{capitalized, time_seed};
use super::worker::Job;
use norochess_app::session::mix;
use norochess_app::session::{PracticeRequest, PracticeThought};
use norochess_app::texts::move_event;
use norochess_app::{
    ComputerAnswer, EngineSettings, GameSession, LibraryError, Opponent, SaveReceipt,
};
use norochess_core::{Color, Limits, Move, SearchResult};
use std::path::Path;
use std::time::Duration;

/// What a copy another window moved on can still do.
const STALE_ADVICE: &str = "This window's copy is kept on screen only: `save` keeps it as a new game, `export FILE` writes it to a file";

/// Node budget of level 8 in scripts (reproducible, a second or two).
const SCRIPT_LEVEL8_NODES: u64 = 150_000;
/// Node budget of a hint in scripts, and in a terminal with its time limit.
const SCRIPT_HINT_NODES: u64 = 50_000;
const TERMINAL_HINT_NODES: u64 = 400_000;

impl App {
    /// Puts a new session on the screen: the previous game stays in the
    /// library, the new one is saved, and the computer moves if it opens.
    pub(super) fn begin_game(&mut self, session: GameSession) {
        self.leave_view();
        self.set_aside_current();
        self.stale = false;
        self.save_error = None;
        self.exported_at = None;
        self.clear_engine();
        let mut session = self.with_policies(session);
        session.set_tag("Event", "Casual game");
        session.set_tag("Site", "norochess play");
        self.game = Some(session);
        self.begun_here = true;
        self.low_warned = [false; 2];
        self.view = View::Game;
        self.persist();
        self.show_game();
        self.computer_turn();
    }

    /// Before another game replaces the current one: an unfinished game
    /// with moves stays in the games list; one without moves is dropped
    /// if this window began it and no other window played on it since (a
    /// game read from the library may be on another window's screen, just
    /// begun there: dropping it would take that window's game away).
    /// A copy that cannot be saved where it was (another window moved it
    /// on) is kept as a new game rather than lost.
    fn set_aside_current(&mut self) {
        let now = self.now();
        let stale = std::mem::take(&mut self.stale);
        self.save_error = None;
        self.exported_at = None;
        let Some(mut session) = self.game.take() else {
            return;
        };
        let begun_here = std::mem::take(&mut self.begun_here);
        if session.game().plies().is_empty() {
            if let (true, Some(id)) = (begun_here, session.library_id()) {
                match self.library.delete(id, session.saved_revision()) {
                    // Gone already, or another window's game now: kept.
                    Ok(()) | Err(LibraryError::NoSuchGame(_) | LibraryError::Conflict { .. }) => {}
                    Err(e) => self.say(format!("Cannot remove the empty game {id}: {e}.")),
                }
            }
            return;
        }
        if stale {
            match self.library.save_as_new(&mut session, now) {
                Ok(receipt) => self.say(format!(
                    "This window's copy of the game was kept as a new game ({}) in the games list.",
                    receipt.id
                )),
                Err(e) => self.say(format!(
                    "This window's copy of the game could not be kept ({e}); it is gone from this window."
                )),
            }
            return;
        }
        if session.game().is_over() {
            return;
        }
        match self.library.save(&mut session, now) {
            Ok(_) => self.say("Your unfinished game was filed in the games list (`games`)."),
            Err(e) => self.say(format!(
                "Your unfinished game could not be filed ({e}); it is gone from this window."
            )),
        }
    }

    /// Saves the current game in the library. A failure is said every
    /// time, with what the player can do, and the screen is marked until
    /// a save succeeds; a copy another window moved on is never written
    /// over it.
    pub(super) fn persist(&mut self) -> bool {
        match self.try_persist() {
            Ok(_) => true,
            Err(message) => {
                self.say(format!("Not saved: {message}."));
                false
            }
        }
    }

    /// [`App::persist`] without the message (`quit` asks instead).
    pub(super) fn persist_quietly(&mut self) -> bool {
        self.try_persist().is_ok()
    }

    /// The save, and on failure what to tell the player.
    fn try_persist(&mut self) -> Result<Option<SaveReceipt>, String> {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return Ok(None);
        };
        if self.stale {
            let message = self
                .save_error
                .clone()
                .unwrap_or_else(|| STALE_ADVICE.to_string());
            return Err(message);
        }
        match self.library.save(session, now) {
            Ok(receipt) => {
                self.save_error = None;
                Ok(Some(receipt))
            }
            Err(e) => {
                let message = match &e {
                    LibraryError::Conflict { .. } => {
                        self.stale = true;
                        format!("{e}. {STALE_ADVICE}")
                    }
                    LibraryError::NoSuchGame(id) => {
                        self.stale = true;
                        format!("game {id} was removed from the library by another window. {STALE_ADVICE}")
                    }
                    e if e.is_disk_full() => "the disk is full. Free some space and type `save` to try again, or `export FILE` to keep the game in a file on another disk".to_string(),
                    e => format!("{e}. Type `save` to try again, or `export FILE` to keep the game in a file"),
                };
                self.save_error = Some(message.clone());
                Err(message)
            }
        }
    }

    /// What the screen shows while the game on it is not saved.
    pub(super) fn unsaved_mark(&self) -> Option<String> {
        if self.save_error.is_none() || self.exported_current() {
            return None;
        }
        Some(if self.stale {
            "NOT SAVED: another window moved this game on · `save` keeps this copy as a new game · `export FILE`".to_string()
        } else {
            "NOT SAVED · `save` tries again · `export FILE` keeps a copy".to_string()
        })
    }

    /// Whether the game on screen stands as it was last exported to a file.
    pub(super) fn exported_current(&self) -> bool {
        let now = self
            .game
            .as_ref()
            .map(|s| (s.game().plies().len(), s.game().is_over()));
        now.is_some() && self.exported_at == now
    }

    /// `continue`: back to the unfinished game.
    pub(super) fn continue_game(&mut self) {
        if self.game.is_none() {
            let now = self.now();
            match self.library.current(now) {
                Ok(Some(session)) => {
                    self.game = Some(self.with_policies(session));
                    self.begun_here = false;
                }
                Ok(None) => {
                    self.say("There is no unfinished game. Start one with `new computer` or `new friend`.");
                    return;
                }
                Err(e) => {
                    self.say(format!("Your unfinished game could not be read: {e}."));
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
            session.set_background(false, now);
        }
        self.show_game();
        if self.thinking.is_none() {
            self.computer_turn();
        }
    }

    /// How the computer's searches are limited here: reproducible node
    /// budgets in scripts, the game clock in a terminal.
    fn engine_settings(&self) -> EngineSettings {
        EngineSettings {
            level8_nodes: self
                .cfg
                .engine_nodes
                .or(self.cfg.script.then_some(SCRIPT_LEVEL8_NODES)),
            use_clock: !self.cfg.script,
        }
    }

    /// Starts the computer's search if it is its turn.
    pub(super) fn computer_turn(&mut self) {
        if !matches!(self.view, View::Game) || self.thinking.is_some() {
            return;
        }
        // Practice mode judges the person's move before the reply.
        if let Some(request) = self.game.as_mut().and_then(|s| s.request_practice()) {
            let stop = request.stop_handle();
            self.think(Job::Practice(Box::new(request)), stop);
            return;
        }
        self.computer_reply();
    }

    /// Practice mode's judgement of the person's move, then the
    /// computer's reply (also when `stop` cut the judging short).
    pub(super) fn practice_answer(&mut self, request: &PracticeRequest, thought: &PracticeThought) {
        let Some(session) = &mut self.game else {
            return;
        };
        let stopped = request.is_stopped();
        if let Some(feedback) = session.practice_answer(request, thought) {
            self.say(format!("Practice: {}", feedback.text));
        } else if stopped {
            self.say("Practice: this move was not judged.");
        }
        if stopped {
            self.computer_reply();
        } else {
            self.computer_turn();
        }
    }

    /// Asks the session for the computer's move and runs it.
    fn computer_reply(&mut self) {
        if !matches!(self.view, View::Game) || self.thinking.is_some() {
            return;
        }
        let settings = self.engine_settings();
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        let Some(request) = session.request_computer_move(settings, now) else {
            return;
        };
        self.say("The computer is thinking… (type `stop` to make it move now)");
        let stop = request.stop_handle();
        self.think(Job::Move(Box::new(request)), stop);
    }

    /// The computer's answer arrived: the session plays it if it is still
    /// current.
    pub(super) fn computer_moves(&mut self, ticket: norochess_app::Ticket, mv: Option<Move>) {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        match session.computer_answer(ticket, mv, now) {
            Ok(ComputerAnswer::Played { text, .. }) => {
                let last = session.game().plies().len().saturating_sub(1);
                let event = move_event(session.game(), last);
                self.say(format!("Computer plays {text}."));
                if let Some(event) = event {
                    self.say(event);
                }
                self.persist();
                self.show_game();
            }
            Ok(ComputerAnswer::Stale) => self.computer_turn(),
            Ok(ComputerAnswer::NoMove) => self.say("The computer has no move to play."),
            // The session never answers these: they are what a caller says
            // when it asked on no one's turn or gave up waiting, and this
            // shell does neither here (it asked, and the thinker answered).
            Ok(ComputerAnswer::NotComputersTurn | ComputerAnswer::Cancelled) => {}
            Err(e) => self.say(format!("The computer's move failed: {e}.")),
        }
    }

    /// Commands of the game screen.
    pub(super) fn game_command(&mut self, command: &str, args: &[String], line: &str) {
        if self.game.is_none() {
            self.view = View::Home;
            self.show_home();
            return;
        }
        match command {
            "undo" | "takeback" | "take" => self.undo(args),
            "redo" => self.redo(),
            "flip" => {
                if let Some(s) = &mut self.game {
                    s.flip();
                }
                self.show_game();
            }
            "hint" => self.game_hint(),
            "resign" => self.resign_command(args),
            "draw" | "offer" => self.draw_command(),
            "accept" => self.accept_draw(),
            "decline" => self.decline_draw(),
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
    /// pass and play. A move that would repeat a position a third time,
    /// and so lose, is asked about first (the `confirm-repetition` setting).
    pub(super) fn play_line(&mut self, line: &str) {
        self.play_moves(line, false);
    }

    /// `yes` to the repetition question: the move is played.
    pub(super) fn play_repetition(&mut self, uci: &str) {
        self.play_moves(uci, true);
    }

    /// [`App::play_line`]; `repetition_confirmed` plays a losing repetition
    /// without asking.
    fn play_moves(&mut self, line: &str, repetition_confirmed: bool) {
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
        let snapshot = session.snapshot(self.now());
        if let Some(result) = snapshot.result_text {
            self.say(format!(
                "The game is over: {result}. `undo` takes moves back; or `rematch`, `new`, `home`."
            ));
            return;
        }
        if snapshot.reviewing.is_some() {
            self.say("You are reviewing earlier moves: type `live` to return to the game first.");
            return;
        }
        let against_computer = session.spec().opponent != Opponent::Friend;
        if let Some(thinking) = &self.thinking {
            if thinking.work == super::app::Work::Move {
                self.say("The computer is thinking: wait for its move, or type `stop` to make it move now.");
                return;
            }
            self.cancel_thinking();
        }
        if against_computer && words.len() > 1 {
            self.say("One move at a time against the computer.");
            return;
        }
        let mut played = 0;
        let first_ply = self.game.as_ref().map_or(0, |s| s.game().plies().len());
        let mut question = None;
        for word in &words {
            let now = self.now();
            let Some(session) = &mut self.game else {
                return;
            };
            if session.game().is_over() {
                break;
            }
            let position = *session.game().position();
            let mv = match position.parse_move(word) {
                Ok(mv) => mv,
                Err(e) => {
                    let choices = promotion_choices(&position, word);
                    if words.len() == 1 && !choices.is_empty() {
                        self.say(promotion_question(&choices));
                        self.confirm = Some(Confirm::Promotion(choices));
                        return;
                    }
                    let mut message = capitalized(&e.to_string());
                    if matches!(e, norochess_core::MoveError::Unreadable { .. }) {
                        // A word with a digit is a move with a bad square
                        // (`Ke9`), never a misspelt command.
                        let move_like = word.bytes().any(|b| b.is_ascii_digit());
                        let hint = if words.len() == 1 && !move_like {
                            self.did_you_mean(word)
                        } else {
                            String::new()
                        };
                        message.push_str(&format!(".{hint} Type `help` for the commands"));
                    }
                    if words.len() > 1 {
                        message = format!("Move {} ({word}): {message}", played + 1);
                    }
                    self.say(format!("{message}."));
                    break;
                }
            };
            if self.settings.confirm_repetition
                && !repetition_confirmed
                && session.move_loses_by_repetition(mv)
            {
                let mover = position.turn();
                question = Some(format!(
                    "{} repeats a position for the third time: {mover} would lose at once. Type `yes` to play it anyway, anything else to choose another move (`set confirm-repetition off` stops asking).",
                    position.to_san(mv)
                ));
                self.confirm = Some(Confirm::Repetition(mv.uci(position.width())));
                break;
            }
            if let Err(e) = session.play(mv, now) {
                self.say(format!("{}.", capitalized(&e.to_string())));
                break;
            }
            played += 1;
        }
        if played == 0 {
            if let Some(question) = question {
                self.say(question);
            }
            return;
        }
        self.persist();
        let Some(session) = &self.game else { return };
        let plies = session.game().plies().len();
        let events: Vec<String> = (first_ply..plies)
            .filter_map(|ply| move_event(session.game(), ply))
            .collect();
        if let Some(question) = question {
            // Pass and play: the moves before the question stand.
            for event in events {
                self.say(event);
            }
            self.show_game();
            self.say(question);
        } else if session.computer_to_move() {
            let last = screen::ply_text(session.game(), plies - 1);
            self.say(format!("You play {last}."));
            for event in events {
                self.say(event);
            }
            self.computer_turn();
        } else {
            for event in events {
                self.say(event);
            }
            self.show_game();
        }
    }

    /// `undo [N]`: the session's takeback policy, N times (one move each
    /// in pass and play; against the computer back to the person's
    /// previous turn each time).
    fn undo(&mut self, args: &[String]) {
        let times = match args.first() {
            None => 1,
            Some(text) => match text.parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => {
                    self.say(format!(
                        "`{text}` is not a number of moves to take back (`undo` or `undo 3`)."
                    ));
                    return;
                }
            },
        };
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        let mut result = session.takeback(now);
        for _ in 1..times {
            let Ok(undone) = result else { break };
            // A withdrawn resignation or draw counts as one step; stop
            // when nothing is left to take back.
            match session.takeback(now) {
                Ok(more) => result = Ok(undone + more),
                Err(_) => break,
            }
        }
        match result {
            Ok(undone) => {
                // The session stopped the search; its answer will be stale.
                self.cancel_thinking();
                self.low_warned = [false; 2];
                self.persist();
                if undone == 0 {
                    self.say("The game goes on: the resignation or draw is taken back.");
                } else {
                    self.say(format!(
                        "Took back {undone} move{}.",
                        if undone == 1 { "" } else { "s" }
                    ));
                }
                self.show_game();
                self.computer_turn();
            }
            Err(e) => self.say(format!("{}.", capitalized(&e.to_string()))),
        }
    }

    /// `redo`: replays the moves of the last takeback.
    fn redo(&mut self) {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        match session.redo(now) {
            Ok(0) => self.say("Nothing to redo."),
            Ok(redone) => {
                self.cancel_thinking();
                self.low_warned = [false; 2];
                self.persist();
                self.say(format!(
                    "Replayed {redone} move{}.",
                    if redone == 1 { "" } else { "s" }
                ));
                self.show_game();
                self.computer_turn();
            }
            Err(e) => self.say(format!("{}.", capitalized(&e.to_string()))),
        }
    }

    fn game_hint(&mut self) {
        if self.thinking.is_some() {
            self.say("The computer is already thinking.");
            return;
        }
        let nodes = self.cfg.engine_nodes.unwrap_or(if self.cfg.script {
            SCRIPT_HINT_NODES
        } else {
            TERMINAL_HINT_NODES
        });
        let limits = Limits {
            nodes: Some(nodes),
            move_time: (!self.cfg.script).then(|| Duration::from_secs(3)),
            ..Limits::default()
        };
        let Some(session) = &mut self.game else {
            return;
        };
        match session.request_hint(limits) {
            Ok(request) => {
                self.say("Looking for a hint… (`stop` to cut it short)");
                let stop = request.search.stop.clone();
                self.think(Job::Hint(Box::new(request)), stop);
            }
            Err(e) => self.say(format!("{}.", capitalized(&e.to_string()))),
        }
    }

    /// The hint search answered (dropped if the game changed since).
    pub(super) fn hint_answer(&mut self, ticket: norochess_app::Ticket, result: &SearchResult) {
        let Some(session) = &mut self.game else {
            return;
        };
        match session.hint_answer(ticket, result) {
            Some(hint) => self.say(format!("Hint: {}.", hint.text)),
            None if result.best_move.is_none() => self.say("No hint: there is no legal move."),
            None => {}
        }
    }

    fn resign_command(&mut self, args: &[String]) {
        let Some(session) = &self.game else { return };
        if session.game().is_over() {
            self.say("The game is already over.");
            return;
        }
        let mut by = None;
        let mut confirmed = !self.settings.confirm_resign;
        for arg in args {
            match arg.to_ascii_lowercase().as_str() {
                "yes" | "y" | "!" => confirmed = true,
                "white" => by = Some(Color::White),
                "black" => by = Some(Color::Black),
                other => {
                    self.say(format!("`resign {other}`? Use `resign`, `resign yes` or, in pass and play, `resign white|black`."));
                    return;
                }
            }
        }
        if confirmed {
            self.resign(by);
        } else {
            let color = session.resigner(by);
            self.confirm = Some(Confirm::Resign(by));
            self.say(format!(
                "Resign as {color}? Type `yes` to confirm, anything else to play on."
            ));
        }
    }

    /// Resigns for the person who asked (the session decides which side).
    pub(super) fn resign(&mut self, by: Option<Color>) {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        match session.resign(by, now) {
            Ok(_) => {
                self.cancel_thinking();
                self.persist();
                self.show_game();
            }
            Err(e) => self.say(format!("{}.", capitalized(&e.to_string()))),
        }
    }

    /// `draw`: offers a draw, or accepts the other side's standing offer.
    fn draw_command(&mut self) {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        let snapshot = session.snapshot(now);
        let turn = snapshot.to_move;
        if snapshot.draw_offer == Some(!turn) {
            self.accept_draw();
            return;
        }
        match session.offer_draw(None) {
            Ok(()) => {
                let name = |c: Color| snapshot.player(c).name.clone();
                let message = format!(
                    "{} ({turn}) offers a draw. {} ({}): type `accept` or `decline`.",
                    name(turn),
                    name(!turn),
                    !turn
                );
                self.say(message);
            }
            Err(e) => self.say(format!("{}.", capitalized(&e.to_string()))),
        }
    }

    fn accept_draw(&mut self) {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        match session.accept_draw(now) {
            Ok(_) => {
                self.persist();
                self.show_game();
            }
            Err(e) => self.say(format!(
                "{} (offer one with `draw`).",
                capitalized(&e.to_string())
            )),
        }
    }

    fn decline_draw(&mut self) {
        let Some(session) = &mut self.game else {
            return;
        };
        match session.decline_draw() {
            Ok(()) => self.say("Draw declined; play on."),
            Err(e) => self.say(format!("{}.", capitalized(&e.to_string()))),
        }
    }

    /// The clock of the side to move ran out (the session ended the game).
    pub(super) fn flag_fell(&mut self) {
        self.cancel_thinking();
        let Some(session) = &self.game else {
            return;
        };
        // The clock runs only for the side to move, so that side flagged.
        let flagged = session.game().position().turn();
        self.persist();
        self.say(format!("{flagged}'s time is up."));
        if matches!(self.view, View::Game) {
            self.show_game();
        }
    }

    /// Low-time warnings, from the tick: once per side.
    pub(super) fn clock_warnings(&mut self) {
        if !matches!(self.view, View::Game) {
            return;
        }
        let Some(session) = &self.game else {
            return;
        };
        let Some(clock) = session.snapshot(self.now()).clock else {
            return;
        };
        let Some(side) = clock.running else {
            return;
        };
        if clock.is_low(side) && !self.low_warned[side.index()] {
            self.low_warned[side.index()] = true;
            self.say(format!("{side} is low on time: {} left.", clock.text(side)));
        }
    }

    /// `save`: always says what happened. A stale copy is saved as a new
    /// game; an unchanged game is checked against the library (another
    /// window may have moved it on since).
    fn save(&mut self) {
        let now = self.now();
        let path = self
            .library
            .path()
            .map_or_else(|| "memory".to_string(), |p| p.display().to_string());
        let Some(session) = &mut self.game else {
            self.say("There is no game to save.");
            return;
        };
        if self.stale {
            match self.library.save_as_new(session, now) {
                Ok(receipt) => {
                    self.stale = false;
                    self.save_error = None;
                    self.say(format!(
                        "Saved this window's copy as a new game ({}) in {path}; the other window's game is unchanged.",
                        receipt.id
                    ));
                }
                Err(e) => {
                    let message = if e.is_disk_full() {
                        "the disk is full. Free some space and type `save` again, or `export FILE`"
                            .to_string()
                    } else {
                        format!("{e}. Type `save` to try again, or `export FILE`")
                    };
                    self.save_error = Some(message.clone());
                    self.say(format!("Not saved: {message}."));
                }
            }
            return;
        }
        let receipt = match self.try_persist() {
            Ok(Some(receipt)) => receipt,
            Ok(None) => return self.say("There is no game to save."),
            Err(message) => return self.say(format!("Not saved: {message}.")),
        };
        if !receipt.written {
            let found = self.library.summary(receipt.id).map(|s| s.revision);
            if !matches!(found, Ok(revision) if revision == receipt.revision) {
                self.stale = true;
                let message = format!("game {} was changed or removed by another window since this window read it. {STALE_ADVICE}", receipt.id);
                self.save_error = Some(message.clone());
                self.say(format!("Not saved: {message}."));
                return;
            }
        }
        self.say(format!(
            "Saved in {path} as game {} (the game is saved after every move; `continue` brings it back).",
            receipt.id
        ));
    }

    pub(super) fn export(&mut self, args: &[String]) {
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        let record = session.record(now);
        self.write_record(&record, args, true);
    }

    /// Prints a record, or writes it to a file (`FILE [--force]`): never
    /// onto the library's own files, and onto an existing file only when
    /// asked to (`yes`, or `--force`). `current` says whether it is the
    /// current game's record.
    pub(super) fn write_record(&mut self, record: &str, args: &[String], current: bool) {
        let force = args.iter().any(|a| a == "--force");
        let Some(file) = args.iter().find(|a| *a != "--force") else {
            self.say(record.trim_end());
            return;
        };
        if self.is_library_file(Path::new(file)) {
            self.say(format!(
                "{file} is one of the library's own files: nothing was written. Choose another file name."
            ));
            return;
        }
        let exists = std::fs::symlink_metadata(file).is_ok();
        if exists && !force {
            self.say(format!(
                "{file} already exists. Type `yes` to replace it, anything else keeps it (or `export {file} --force`)."
            ));
            self.confirm = Some(super::app::Confirm::Overwrite {
                file: file.clone(),
                record: record.to_string(),
                current,
            });
            return;
        }
        if exists {
            self.replace_file(file, record, current);
            return;
        }
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(file)
            .and_then(|mut f| std::io::Write::write_all(&mut f, record.as_bytes()));
        match written {
            Ok(()) => {
                self.say(format!("Wrote the game record to {file}."));
                self.note_export(current);
            }
            Err(e) => self.say(format!("Cannot write {file}: {e}.")),
        }
    }

    /// Replaces `file` with `record`: written beside it, then renamed over
    /// it, so the old file stays whole if writing fails.
    pub(super) fn replace_file(&mut self, file: &str, record: &str, current: bool) {
        if self.is_library_file(Path::new(file)) {
            self.say(format!(
                "{file} is one of the library's own files: nothing was written."
            ));
            return;
        }
        let target = Path::new(file);
        let name = target
            .file_name()
            .map_or_else(|| "export".into(), |n| n.to_string_lossy().into_owned());
        let temp = target.with_file_name(format!(".{name}.norochess-{}", std::process::id()));
        let written = std::fs::write(&temp, record).and_then(|()| std::fs::rename(&temp, target));
        match written {
            Ok(()) => {
                self.say(format!("Replaced {file} with the game record."));
                self.note_export(current);
            }
            Err(e) => {
                let _ = std::fs::remove_file(&temp);
                self.say(format!("Cannot write {file}: {e}; it was left as it was."));
            }
        }
    }

    fn note_export(&mut self, current: bool) {
        if current {
            self.exported_at = self
                .game
                .as_ref()
                .map(|s| (s.game().plies().len(), s.game().is_over()));
        }
    }

    /// Whether `file` is (or would be) the library's database, its journal
    /// files or a backup of it.
    fn is_library_file(&self, file: &Path) -> bool {
        let Some(db) = self.library.path() else {
            return false;
        };
        let (Some(folder), Some(db_name)) = (db.parent(), db.file_name()) else {
            return false;
        };
        let Ok(folder) = folder.canonicalize() else {
            return false;
        };
        let target = file.canonicalize().ok().or_else(|| {
            let parent = file
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            Some(parent.canonicalize().ok()?.join(file.file_name()?))
        });
        let Some(target) = target else {
            return false;
        };
        let db_name = db_name.to_string_lossy();
        target.parent() == Some(folder.as_path())
            && target
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(db_name.as_ref()))
    }

    fn moves(&mut self) {
        let Some(session) = &self.game else { return };
        let reviewing = session.reviewing();
        let lines = screen::move_list(session.game(), reviewing);
        if lines.is_empty() {
            self.say("No moves yet.");
        } else {
            self.say(lines.join("\n"));
        }
    }

    /// `back [N]`, `forward [N]`, `first`, `live`: review while the game goes on.
    fn review(&mut self, command: &str, args: &[String]) {
        let steps = match args.first() {
            None => 1,
            Some(text) => match text.parse::<u32>() {
                Ok(n) => i64::from(n),
                Err(_) => {
                    self.say(format!("`{text}` is not a number of moves."));
                    return;
                }
            },
        };
        let now = self.now();
        let Some(session) = &mut self.game else {
            return;
        };
        let before = session.reviewing();
        let result = match command {
            "back" => session.review_step(-steps, now),
            "forward" => session.review_step(steps, now),
            "first" => session.review(Some(0), now),
            _ => session.review(None, now),
        };
        if let Err(e) = result {
            self.say(format!("{}.", capitalized(&e.to_string())));
            return;
        }
        let after = session.reviewing();
        let plies = session.game().plies().len();
        self.say(review_message(before, after, plies));
        self.show_game();
    }

    fn legal(&mut self, args: &[String]) {
        let Some(session) = &self.game else { return };
        let position = *session.game().position();
        if session.game().is_over() {
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
        let moves = session.game().moves_from(square);
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
        let snapshot = session.game().snapshot();
        let marks = screen::Marks {
            selected: Some(square),
            targets: moves.iter().map(|m| m.to).collect(),
            ..screen::Marks::default()
        };
        let bottom = session.snapshot(self.now()).bottom;
        // Full screen marks the targets on its own board.
        if !self.cfg.full_screen {
            let board = screen::board(&snapshot, bottom, &marks, self.style());
            self.say(board.join("\n"));
        }
        self.say(description);
    }

    /// `rematch`: the session's rematch (colours or players swapped), with
    /// a seed of its own.
    fn rematch(&mut self) {
        let Some(session) = &self.game else {
            self.say("There is no game to replay.");
            return;
        };
        if !session.game().is_over() {
            self.say("Finish this game first (or `resign`), or start a `new` one.");
            return;
        }
        let seed = self
            .cfg
            .seed
            .map_or_else(time_seed, |s| mix(s, session.spec().seed));
        match session.rematch(seed) {
            Ok(next) => self.begin_game(next),
            Err(e) => self.say(format!("Cannot start the rematch: {e}.")),
        }
    }
}

/// What a review command did, in words: every `back`, `forward`, `first`,
/// `last` and `live` says where it went, also when it could not move.
fn review_message(before: Option<usize>, after: Option<usize>, plies: usize) -> String {
    match (before, after) {
        (None, None) => "This is the live game already.".to_string(),
        (Some(_), None) => "Back to the live game.".to_string(),
        (before, Some(ply)) => {
            let stayed = if before == Some(ply) {
                if ply == 0 {
                    "Already at the start. "
                } else {
                    "No further. "
                }
            } else {
                ""
            };
            format!(
                "{stayed}Showing the position after {ply} of {plies} moves; `live` returns to the game."
            )
        }
    }
}
