//! One game on screen: the game, who plays each side, the clock, and the
//! policies a player expects.
//!
//! - **The computer's turn.** [`GameSession::request_computer_move`] hands
//!   out a request with a [`Ticket`]; [`GameSession::computer_answer`]
//!   plays the answer only if the ticket is still current. A takeback,
//!   resignation, flag fall or new game stops the search and makes the
//!   ticket stale, so a late answer is dropped, never played.
//! - **Takeback.** Against the computer it goes back to the person's last
//!   turn (taking back the computer's reply and the person's move, or only
//!   the person's move while the computer thinks); in pass and play one
//!   move. A resignation or agreed draw is taken back on its own, keeping
//!   every move; a loss on time is final. A setting can forbid takebacks.
//! - **Resign** always resigns the person who asked: against the computer
//!   the person (also while the computer thinks), in pass and play the side
//!   to move unless another side is named. Draw offers are for pass and play.
//! - **The clock**: see [`clock`](self::clock) (starts at White's first
//!   move, pauses in review and in the background, times restored on
//!   takeback, flag fall per the rule book).
//! - **Review** shows any earlier position while the game goes on.

mod clock;
mod computer;
mod input;
mod new_game;
mod practice;
pub mod puzzle_run;
mod snapshot;
mod start_check;

use crate::analysis::EngineScore;
use crate::board_view::{BoardView, MoveInfo};
pub use crate::result::GameResult;
use crate::save_state::SaveState;
pub use computer::{ComputerAnswer, ComputerRequest, HintAnswer, HintRequest, Ticket};
pub use new_game::{board_mode_for, ColourChoice, NewGame, OpponentChoice};
use practice::PracticeMark;
pub use practice::{PracticeFeedback, PracticeRequest, PracticeThought};
pub use puzzle_run::{
    theme_choices, AttemptEnd, AttemptLog, Help, Keeping, MoveAnswer, NextPuzzleInfo,
    PuzzleFeedback, PuzzleFilter, PuzzleFilterError, PuzzleHint, PuzzleInfo, PuzzlePhase,
    PuzzleRun, PuzzleRunError, PuzzleThemeChoice,
};
pub use snapshot::{
    move_counter, ClockView, CounterKind, MoveCounter, MoveListEntry, SessionSnapshot,
};
pub use start_check::{check_start, NewGameError};

use crate::board_input::BoardInput;
use crate::players::{BoardMode, GameSpec, Opponent, Orientation, Player};
use clock::SessionClock;
use norochess_core::{
    ClockLimits, Color, EndReason, Game, GameError, Level, Limits, Move, Outcome, Role,
    SearchRequest, SearchResult, Snapshot, Square, StopHandle, TimeControl,
};
use std::time::Duration;
use thiserror::Error;

/// Why a session refused an action.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SessionError {
    /// The game refused the move or action (illegal move, game over…).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The session refused an action a screen offered (a button it should
    /// have greyed out); the reason is data for the screen.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The ply asked for in review is beyond the game.
    #[error("there is no position after {ply} moves (the game has {plies})")]
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// Plies in the game.
        plies: usize,
    },
}

/// What the session refused to do, as data: a screen may grey a button or
/// explain it in its own words (the message is the English sentence).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Refusal {
    /// The person tried to move (or asked for a hint) on the computer's turn.
    #[error("it is the computer's turn")]
    ComputerToMove,
    /// Takebacks are switched off in the settings.
    #[error("takebacks are switched off in the settings")]
    TakebackDisabled,
    /// There is no move of the person's to take back.
    #[error("there is no move to take back")]
    NothingToTakeBack,
    /// A game lost on time cannot be taken back.
    #[error("the game was lost on time; it cannot be taken back")]
    LostOnTime,
    /// There is no taken-back move to replay.
    #[error("there is no move to replay")]
    NothingToRedo,
    /// Draw offers are made between two people (pass and play).
    #[error("draw offers are for pass and play; against the computer, play on or resign")]
    DrawOfferNeedsAFriend,
    /// There is no draw offer to answer (or the side answering made it).
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    /// Hints are switched off in the settings.
    #[error("hints are switched off in the settings")]
    HintsDisabled,
}

/// How the computer's searches are limited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct EngineSettings {
    /// Node budget of level 8 (makes it reproducible; `None`: its own time).
    pub level8_nodes: Option<u64>,
    /// Whether the computer manages its time by the game clock.
    pub use_clock: bool,
}

/// What a takeback undoes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TakebackKind {
    /// A resignation or agreed draw, keeping every move.
    Withdraw,
    /// Moves, as the opponent policy says.
    Moves,
}

/// Where a saved session lives in the library.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Saved {
    /// Row id in the library.
    pub id: Option<i64>,
    /// The revision the session was read or last saved at.
    pub revision: i64,
    /// A hash of what was read or last saved (record and clock history):
    /// a save with nothing changed writes nothing, so a window that only
    /// looks never bumps the revision under the window that plays.
    pub fingerprint: Option<u64>,
}

/// A game being played.
#[derive(Clone, Debug)]
pub struct GameSession {
    spec: GameSpec,
    game: Game,
    clock: Option<SessionClock>,
    /// Bumped by every change of the game: tickets of older requests are stale.
    generation: u64,
    pending_move: Option<(Ticket, StopHandle)>,
    pending_hint: Option<(Ticket, StopHandle)>,
    /// The computer-move request the caller cancelled last
    /// ([`GameSession::cancel_pending`]): its answer, should its search
    /// still name a move, is `Cancelled`, not `Stale` (the game did not
    /// change; the caller stopped it).
    cancelled_move: Option<Ticket>,
    review: Option<usize>,
    draw_offer: Option<Color>,
    flipped: bool,
    orientation: Orientation,
    takeback_allowed: bool,
    hints_allowed: bool,
    /// Plies taken back by each takeback, the last one last (for redo).
    redo_steps: Vec<usize>,
    /// The person's selection, picker and question on the board.
    input: BoardInput,
    /// Practice mode: the person's moves are judged (from the settings).
    practice: bool,
    /// The person's moves practice mode judged, in the order judged.
    practice_marks: Vec<PracticeMark>,
    /// The move being judged and the searches' stop handle.
    pending_practice: Option<(usize, StopHandle)>,
    pub(crate) saved: Saved,
    /// Whether the last change reached the library (set by the caller
    /// that saves: the session does not know its library).
    save_state: SaveState,
}

/// Tags the session writes into the record, beside the game's own.
pub(crate) mod tags {
    pub const MODE: &str = "Mode";
    pub const LEVEL: &str = "Level";
    pub const PLAYER_COLOR: &str = "PlayerColor";
    pub const SEED: &str = "Seed";
    pub const TIME_CONTROL: &str = "TimeControl";
    pub const WHITE_CLOCK: &str = "WhiteClock";
    pub const BLACK_CLOCK: &str = "BlackClock";
    pub const BOARD_MODE: &str = "BoardMode";
    /// Written by earlier versions of the terminal app (`0` = fixed board).
    pub const AUTO_FLIP: &str = "AutoFlip";
}

impl GameSession {
    /// A new game as `spec` says. A Norochess960 game from the start
    /// without a start number gets a random set-up drawn from the spec's
    /// seed (so a seeded script gets the same one every time); the number
    /// is kept in the spec, so a rematch plays the same set-up.
    /// A position already decided, past the last move or with scores no
    /// game reaches is refused ([`check_start`]).
    pub fn new(spec: GameSpec) -> Result<GameSession, NewGameError> {
        let mut spec = spec;
        if spec.start.is_some() && spec.position.is_some() {
            return Err(NewGameError::StartAndPosition);
        }
        if spec.start.is_none() && spec.position.is_none() {
            spec.start = random_start(spec.variant, spec.seed);
        }
        let game = match &spec.position {
            Some(text) => Game::from_position(spec.variant, text)?,
            None => Game::new(spec.variant, spec.start)?,
        };
        check_start(&game)?;
        let mut session = GameSession::with_game(spec, game);
        session.write_tags();
        if let Some(date) = crate::texts::today() {
            session.game.set_tag("Date", &date);
        }
        Ok(session)
    }

    fn with_game(spec: GameSpec, game: Game) -> GameSession {
        let clock = spec.clock.map(|c| SessionClock::new(c, &game));
        GameSession {
            spec,
            game,
            clock,
            generation: 0,
            pending_move: None,
            pending_hint: None,
            cancelled_move: None,
            review: None,
            draw_offer: None,
            flipped: false,
            orientation: Orientation::MySide,
            takeback_allowed: true,
            hints_allowed: true,
            redo_steps: Vec::new(),
            input: BoardInput::new(),
            practice: false,
            practice_marks: Vec::new(),
            pending_practice: None,
            saved: Saved::default(),
            save_state: SaveState::NoLibrary,
        }
    }

    /// A session from a saved record (its tags say who plays and the
    /// clock) and the clock times at each position (`clock_history`, as
    /// [`GameSession::clock_history`] gave them). The clock starts paused,
    /// as after the app was in the background.
    pub fn restore(game: Game, clock_history: Vec<[u64; 2]>, now: u64) -> GameSession {
        let opponent = if game.tag(tags::MODE) == Some("computer") {
            Opponent::Computer {
                human: match game.tag(tags::PLAYER_COLOR) {
                    Some("black") => Color::Black,
                    _ => Color::White,
                },
                level: game
                    .tag(tags::LEVEL)
                    .and_then(|l| l.parse::<u8>().ok())
                    .unwrap_or(4)
                    .clamp(1, 8),
            }
        } else {
            Opponent::Friend
        };
        let clock = game
            .tag(tags::TIME_CONTROL)
            .and_then(|t| crate::texts::parse_clock(t).ok().flatten());
        let board_mode = game
            .tag(tags::BOARD_MODE)
            .and_then(BoardMode::from_id)
            .unwrap_or(match (opponent, game.tag(tags::AUTO_FLIP)) {
                (Opponent::Friend, Some("0")) => BoardMode::Fixed,
                (Opponent::Friend, _) => BoardMode::AutoFlip,
                _ => BoardMode::Fixed,
            });
        let name = |tag: &str, color: Color| {
            game.tag(tag)
                .map_or_else(|| color.name().to_string(), str::to_string)
        };
        let spec = GameSpec {
            variant: game.variant(),
            start: game.start_number(),
            position: game.is_set_up().then(|| game.start_position().to_text()),
            opponent,
            names: [name("White", Color::White), name("Black", Color::Black)],
            clock,
            board_mode,
            seed: game
                .tag(tags::SEED)
                .and_then(|s| s.parse().ok())
                .unwrap_or(1),
        };
        let mut history = clock_history;
        if let Some(control) = clock {
            // The times at the last save (the record's clock tags) include
            // the thinking time spent since the position was reached; the
            // history has the times of the earlier positions.
            let plies = game.plies().len();
            let base = control.base_ms();
            let time = |tag: &str| game.tag(tag).and_then(|t| t.parse::<u64>().ok());
            let last = history.get(plies).copied().unwrap_or([base, base]);
            let saved = [
                time(tags::WHITE_CLOCK).unwrap_or(last[0]),
                time(tags::BLACK_CLOCK).unwrap_or(last[1]),
            ];
            let keep = (plies + 1).min(history.len());
            history.truncate(keep);
            if history.len() == plies + 1 {
                history[plies] = saved;
            } else {
                history.push(saved);
            }
        }
        let mut session = GameSession::with_game(spec, game);
        if let Some(control) = clock {
            session.clock = Some(SessionClock::restore(control, &session.game, history, now));
        }
        session
    }

    /// Writes the session's tags into the record (players, mode, clock).
    fn write_tags(&mut self) {
        let players = self.spec.players();
        self.game.set_tag("White", &players[0].name);
        self.game.set_tag("Black", &players[1].name);
        match self.spec.opponent {
            Opponent::Computer { human, level } => {
                self.game.set_tag(tags::MODE, "computer");
                self.game.set_tag(tags::LEVEL, &level.to_string());
                self.game.set_tag(
                    tags::PLAYER_COLOR,
                    if human == Color::White {
                        "white"
                    } else {
                        "black"
                    },
                );
            }
            Opponent::Friend => self.game.set_tag(tags::MODE, "friend"),
        }
        self.game.set_tag(tags::SEED, &self.spec.seed.to_string());
        self.game
            .set_tag(tags::BOARD_MODE, self.spec.board_mode.id());
        if let Some(control) = self.spec.clock {
            self.game
                .set_tag(tags::TIME_CONTROL, &crate::texts::clock_id(control));
        }
    }

    /// How the game was set up.
    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// White's and Black's players.
    pub fn players(&self) -> [Player; 2] {
        self.spec.players()
    }

    /// The library row of this game, once saved.
    pub fn library_id(&self) -> Option<i64> {
        self.saved.id
    }

    /// The library revision this session was read or last saved at (0 before
    /// its first save).
    pub fn saved_revision(&self) -> i64 {
        self.saved.revision
    }

    /// Sets whether takebacks and hints are allowed (from the settings).
    pub fn set_policies(&mut self, takeback_allowed: bool, hints_allowed: bool) {
        self.takeback_allowed = takeback_allowed;
        self.hints_allowed = hints_allowed;
    }

    /// Switches practice mode on or off (the `practice` setting). It
    /// judges the person's moves against the computer only; switched off,
    /// the marks already given stay in the move list.
    pub fn set_practice(&mut self, on: bool) {
        self.practice = on;
        if !on {
            self.cancel_practice();
        }
    }

    /// Whether practice mode judges this game's moves now.
    pub fn practice_active(&self) -> bool {
        self.practice && matches!(self.spec.opponent, Opponent::Computer { .. })
    }

    /// Practice mode's next question: the person's latest move, not yet
    /// judged nor being judged; `None` when practice mode is off, in pass
    /// and play, or when there is nothing to judge. Ask it after each of
    /// the person's moves, before the computer's reply.
    pub fn request_practice(&mut self) -> Option<PracticeRequest> {
        if !self.practice_active() {
            return None;
        }
        let Opponent::Computer { human, .. } = self.spec.opponent else {
            return None;
        };
        let positions = self.game.positions();
        let index = (0..self.game.plies().len())
            .rev()
            .find(|&i| positions.get(i).is_some_and(|p| p.turn() == human))?;
        let judged = self
            .practice_marks
            .iter()
            .any(|m| m.index == index && m.stands_in(&self.game));
        let judging = self
            .pending_practice
            .as_ref()
            .is_some_and(|(i, stop)| *i == index && !stop.is_stopped());
        if judged || judging {
            return None;
        }
        let request = PracticeRequest::new(&self.game, index)?;
        if let Some((_, stop)) = self
            .pending_practice
            .replace((index, request.stop_handle()))
        {
            stop.stop();
        }
        Some(request)
    }

    /// Keeps practice mode's answer to `request`, if the move it judged is
    /// still in the game and the search was not stopped; returns what it
    /// says.
    pub fn practice_answer(
        &mut self,
        request: &PracticeRequest,
        thought: &PracticeThought,
    ) -> Option<PracticeFeedback> {
        if self
            .pending_practice
            .as_ref()
            .is_some_and(|(i, _)| *i == request.index)
        {
            self.pending_practice = None;
        }
        if request.is_stopped() {
            return None;
        }
        let mark = PracticeMark {
            index: request.index,
            hashes: request.hashes,
            feedback: PracticeFeedback::of(&crate::review::review_one_move(
                &self.game,
                request.index,
                &thought.before,
                thought.after.as_ref(),
            )?),
        };
        if !mark.stands_in(&self.game) {
            return None;
        }
        self.practice_marks.retain(|m| m.index != mark.index);
        let feedback = mark.feedback.clone();
        self.practice_marks.push(mark);
        Some(feedback)
    }

    /// Stops judging a move (the shell gave up waiting).
    pub fn cancel_practice(&mut self) {
        if let Some((_, stop)) = self.pending_practice.take() {
            stop.stop();
        }
    }

    /// Practice mode's mark of the move at `index`, if it still stands.
    fn practice_mark(&self, index: usize) -> Option<&PracticeFeedback> {
        self.practice_marks
            .iter()
            .rev()
            .find(|m| m.index == index && m.stands_in(&self.game))
            .map(|m| &m.feedback)
    }

    /// Sets which side is at the bottom against the computer (from the settings).
    pub fn set_orientation(&mut self, orientation: Orientation) {
        self.orientation = orientation;
    }

    /// Whether it is the computer's turn in a game still going.
    pub fn computer_to_move(&self) -> bool {
        !self.game.is_over() && self.spec.opponent.computer() == Some(self.game.position().turn())
    }

    /// Whether a computer move has been asked for and not yet answered.
    pub fn thinking(&self) -> bool {
        self.pending_move.is_some() || self.pending_hint.is_some()
    }

    /// Something changed the game: outstanding searches are stopped and
    /// their tickets become stale.
    fn changed(&mut self) {
        self.generation += 1;
        // Whatever was selected belonged to the position before.
        self.input.clear();
        for (_, stop) in [self.pending_move.take(), self.pending_hint.take()]
            .into_iter()
            .flatten()
        {
            stop.stop();
        }
        self.redo_steps.clear();
    }

    /// Checks the clock at `now`; a flag fall ends the game and is returned.
    pub fn tick(&mut self, now: u64) -> Option<Outcome> {
        if self.game.is_over() {
            return None;
        }
        let flagged = self.clock.as_mut()?.check_flag(now)?;
        let outcome = self.game.flag_fall(flagged).ok()?;
        self.changed();
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        Some(outcome)
    }

    /// The person plays `mv` at `now`.
    pub fn play(&mut self, mv: Move, now: u64) -> Result<(), SessionError> {
        self.tick(now);
        if let Some(outcome) = self.game.outcome() {
            return Err(GameError::GameOver(outcome).into());
        }
        if self.computer_to_move() {
            return Err(SessionError::Refused(Refusal::ComputerToMove));
        }
        self.play_unchecked(mv, now)
    }

    fn play_unchecked(&mut self, mv: Move, now: u64) -> Result<(), SessionError> {
        let mover = self.game.position().turn();
        self.game.play(mv)?;
        self.changed();
        if self.review.take().is_some() {
            if let Some(clock) = &mut self.clock {
                clock.set_pause(Some(false), None, false, now);
            }
        }
        if let Some(clock) = &mut self.clock {
            clock.moved(&self.game, now);
        }
        if self.draw_offer == Some(!mover) {
            // The offer stood for one move of the other side: declined by playing on.
            self.draw_offer = None;
        }
        Ok(())
    }

    /// Whether playing `mv` now would create the third occurrence of a
    /// position and so lose the game at once (the Norochess family's
    /// repetition rule): a screen asks "play it anyway?" first. `false`
    /// for an illegal move and in games where repetition is a draw.
    pub fn move_loses_by_repetition(&self, mv: Move) -> bool {
        input::loses_by_repetition(&self.game, mv)
    }

    /// The person plays a move given in any notation (`Nf3`, `g1f3`, `Ng1-f3`).
    pub fn play_text(&mut self, text: &str, now: u64) -> Result<Move, SessionError> {
        let mv = self
            .game
            .position()
            .parse_move(text)
            .map_err(GameError::from)?;
        self.play(mv, now)?;
        Ok(mv)
    }

    /// The person plays from one square to another, as a board produces it;
    /// `promotion` chooses among promotions, resurrections and dethronements.
    pub fn play_squares(
        &mut self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
        now: u64,
    ) -> Result<Move, SessionError> {
        let mv = self.move_between(from, to, promotion)?;
        self.play(mv, now)?;
        Ok(mv)
    }

    /// The legal move from `from` to `to` with the promotion choice; a
    /// missing choice is an error listing the choices.
    pub fn move_between(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, SessionError> {
        let mv = self
            .game
            .position()
            .move_for(from, to, promotion)
            .map_err(GameError::from)?;
        Ok(mv)
    }

    /// The computer's turn: a request to think about, or `None` when it is
    /// not the computer's turn. Asking again before the answer returns the
    /// same ticket.
    pub fn request_computer_move(
        &mut self,
        settings: EngineSettings,
        now: u64,
    ) -> Option<ComputerRequest> {
        self.tick(now);
        if !self.computer_to_move() {
            return None;
        }
        let Opponent::Computer { level, .. } = self.spec.opponent else {
            return None;
        };
        let mut limits = Limits::default();
        if level >= Level::MAX.number() {
            limits.nodes = settings.level8_nodes;
        }
        if settings.use_clock {
            if let Some(clock) = &self.clock {
                let turn = self.game.position().turn();
                limits.clock = Some(ClockLimits {
                    remaining_ms: clock.remaining(now)[turn.index()],
                    increment_ms: increment(clock.control()),
                    moves_to_go: None,
                });
            }
        }
        let ticket = Ticket(self.generation);
        let mut search = SearchRequest::for_game(&self.game, limits);
        match &self.pending_move {
            Some((t, stop)) if *t == ticket => search.stop = stop.clone(),
            _ => self.pending_move = Some((ticket, search.stop.clone())),
        }
        Some(ComputerRequest {
            ticket,
            search,
            level: Level::new(level),
            seed: mix(self.spec.seed, self.game.plies().len() as u64),
        })
    }

    /// The computer's answer to the request with `ticket`: played if the
    /// ticket is current, dropped if the game changed since.
    pub fn computer_answer(
        &mut self,
        ticket: Ticket,
        mv: Option<Move>,
        now: u64,
    ) -> Result<ComputerAnswer, SessionError> {
        if self.cancelled_move == Some(ticket) {
            return Ok(ComputerAnswer::Cancelled);
        }
        if ticket != Ticket(self.generation) || !self.computer_to_move() {
            return Ok(ComputerAnswer::Stale);
        }
        self.pending_move = None;
        let Some(mv) = mv else {
            return Ok(ComputerAnswer::NoMove);
        };
        let position = *self.game.position();
        let san = position.to_san(mv);
        let dots = if position.turn() == Color::White {
            "."
        } else {
            "..."
        };
        let text = format!("{}{dots} {san}", position.fullmove_number());
        self.tick(now);
        if self.game.is_over() {
            return Ok(ComputerAnswer::Stale);
        }
        self.play_unchecked(mv, now)?;
        Ok(ComputerAnswer::Played {
            played: MoveInfo::of(&position, mv),
            text,
        })
    }

    /// The caller gave up waiting for the computer's move with `ticket`
    /// (a cancelled coroutine or task): its search is stopped and the
    /// session no longer counts as thinking. Asking again starts a fresh
    /// search; without this the next request would reuse the stopped one.
    pub fn cancel_computer_move(&mut self, ticket: Ticket) {
        if self
            .pending_move
            .as_ref()
            .is_some_and(|(t, _)| *t == ticket)
        {
            self.cancel_pending();
        }
    }

    /// Stops every search asked for and not yet answered, and makes their
    /// tickets stale: an answer that still arrives (a search stopped before
    /// it began answers at once with some legal move) is dropped, never
    /// played, and a computer move's answer is `Cancelled`. The game itself
    /// does not change.
    pub fn cancel_pending(&mut self) {
        if let Some((ticket, _)) = &self.pending_move {
            self.cancelled_move = Some(*ticket);
        }
        let mut any = false;
        for (_, stop) in [self.pending_move.take(), self.pending_hint.take()]
            .into_iter()
            .flatten()
        {
            stop.stop();
            any = true;
        }
        if any {
            self.generation += 1;
        }
    }

    /// The caller gave up waiting for the hint with `ticket`: its search is
    /// stopped and the session no longer counts as thinking.
    pub fn cancel_hint(&mut self, ticket: Ticket) {
        if self
            .pending_hint
            .as_ref()
            .is_some_and(|(t, _)| *t == ticket)
        {
            self.cancel_pending();
        }
    }

    /// A hint for the person to move, searched with `limits`.
    pub fn request_hint(&mut self, limits: Limits) -> Result<HintRequest, SessionError> {
        if !self.hints_allowed {
            return Err(SessionError::Refused(Refusal::HintsDisabled));
        }
        if let Some(outcome) = self.game.outcome() {
            return Err(GameError::GameOver(outcome).into());
        }
        if self.computer_to_move() {
            return Err(SessionError::Refused(Refusal::ComputerToMove));
        }
        let ticket = Ticket(self.generation);
        let search = SearchRequest::for_game(&self.game, limits);
        self.pending_hint = Some((ticket, search.stop.clone()));
        Ok(HintRequest { ticket, search })
    }

    /// The answer to a hint request, or `None` if the game changed since
    /// (or there is no legal move).
    pub fn hint_answer(&mut self, ticket: Ticket, result: &SearchResult) -> Option<HintAnswer> {
        if ticket != Ticket(self.generation) {
            return None;
        }
        if self
            .pending_hint
            .as_ref()
            .is_some_and(|(t, _)| *t == ticket)
        {
            self.pending_hint = None;
        }
        let mv = result.best_move?;
        let position = self.game.position();
        let turn = position.turn();
        let suggested = MoveInfo::of(position, mv);
        let score = result.score();
        let expectation = computer::expectation(
            score,
            turn,
            self.game.variant().rules().move_limit.is_some(),
        );
        let text = format!("{} ({}) — {expectation}", suggested.san, suggested.long);
        Some(HintAnswer {
            suggested,
            score: score.map(|s| EngineScore::of(s, turn)),
            expectation,
            text,
        })
    }

    /// Plies in the game made by the person (against the computer) or by
    /// anyone (pass and play).
    fn person_plies(&self) -> usize {
        match self.spec.opponent {
            Opponent::Friend => self.game.plies().len(),
            Opponent::Computer { human, .. } => {
                let positions = self.game.positions();
                positions[..positions.len().saturating_sub(1)]
                    .iter()
                    .filter(|p| p.turn() == human)
                    .count()
            }
        }
    }

    /// Whether a takeback is possible now.
    pub fn can_takeback(&self) -> bool {
        self.takeback_kind().is_ok()
    }

    /// What a takeback would do now, or why the policy refuses it.
    fn takeback_kind(&self) -> Result<TakebackKind, SessionError> {
        if !self.takeback_allowed {
            return Err(SessionError::Refused(Refusal::TakebackDisabled));
        }
        match self.game.outcome().map(|o| o.reason) {
            Some(EndReason::TimeForfeit | EndReason::TimeoutVsInsufficientMaterial) => {
                Err(SessionError::Refused(Refusal::LostOnTime))
            }
            Some(EndReason::Resignation | EndReason::Agreement) => Ok(TakebackKind::Withdraw),
            _ if self.person_plies() == 0 => Err(SessionError::Refused(Refusal::NothingToTakeBack)),
            _ => Ok(TakebackKind::Moves),
        }
    }

    /// Takes back as the policy says; returns the number of moves taken
    /// back (0 when a resignation or agreed draw was withdrawn).
    pub fn takeback(&mut self, now: u64) -> Result<usize, SessionError> {
        if self.takeback_kind()? == TakebackKind::Withdraw {
            self.game.undo();
            self.changed();
            self.after_jump(now);
            return Ok(0);
        }
        let mut undone = 0;
        match self.spec.opponent {
            Opponent::Friend => {
                if self.game.undo() {
                    undone = 1;
                }
            }
            Opponent::Computer { human, .. } => {
                // Back to the person's last turn: at least one of the
                // person's moves, and the person to move.
                let mut took_persons = false;
                while !(took_persons && self.game.position().turn() == human) {
                    let mover_was_person = self
                        .game
                        .positions()
                        .len()
                        .checked_sub(2)
                        .and_then(|i| self.game.positions().get(i))
                        .is_some_and(|p| p.turn() == human);
                    if !self.game.undo() {
                        break;
                    }
                    undone += 1;
                    took_persons |= mover_was_person;
                }
            }
        }
        self.changed();
        self.redo_steps.push(undone);
        self.after_jump(now);
        Ok(undone)
    }

    /// Replays the moves of the last takeback.
    pub fn redo(&mut self, now: u64) -> Result<usize, SessionError> {
        let steps = self
            .redo_steps
            .pop()
            .ok_or(SessionError::Refused(Refusal::NothingToRedo))?;
        let mut redone = 0;
        for _ in 0..steps {
            if self.game.redo() {
                redone += 1;
            }
        }
        let rest = std::mem::take(&mut self.redo_steps);
        self.changed();
        self.redo_steps = rest;
        self.after_jump(now);
        Ok(redone)
    }

    /// After a takeback or redo: clocks, review and offers follow the game.
    fn after_jump(&mut self, now: u64) {
        self.review = None;
        self.draw_offer = None;
        if let Some(clock) = &mut self.clock {
            clock.set_pause(Some(false), None, self.game.is_over(), now);
            clock.rebuild(&self.game, now);
        }
    }

    /// Resigns for the person who asked: against the computer the person
    /// (whoever is to move, also while the computer thinks); in pass and
    /// play `by`, or the side to move.
    pub fn resign(&mut self, by: Option<Color>, now: u64) -> Result<Outcome, SessionError> {
        self.tick(now);
        let loser = self.resigner(by);
        let outcome = self.game.resign(loser)?;
        self.changed();
        self.game_ended(now);
        Ok(outcome)
    }

    /// The side [`GameSession::resign`] would resign for, so a screen can
    /// ask "Resign as Black?" first: against the computer the person, in
    /// pass and play `by` or the side to move.
    pub fn resigner(&self, by: Option<Color>) -> Color {
        match self.spec.opponent {
            Opponent::Computer { human, .. } => human,
            Opponent::Friend => by.unwrap_or(self.game.position().turn()),
        }
    }

    fn game_ended(&mut self, now: u64) {
        self.draw_offer = None;
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
    }

    /// `by` (the side to move if `None`) offers a draw (pass and play).
    pub fn offer_draw(&mut self, by: Option<Color>) -> Result<(), SessionError> {
        if self.spec.opponent != Opponent::Friend {
            return Err(SessionError::Refused(Refusal::DrawOfferNeedsAFriend));
        }
        if let Some(outcome) = self.game.outcome() {
            return Err(GameError::GameOver(outcome).into());
        }
        self.draw_offer = Some(by.unwrap_or(self.game.position().turn()));
        Ok(())
    }

    /// The other side accepts the draw offer: the game is drawn.
    pub fn accept_draw(&mut self, now: u64) -> Result<Outcome, SessionError> {
        if self.draw_offer.is_none() {
            return Err(SessionError::Refused(Refusal::NoDrawOffer));
        }
        self.tick(now);
        let outcome = self.game.agree_draw()?;
        self.changed();
        self.game_ended(now);
        Ok(outcome)
    }

    /// The other side declines the draw offer.
    pub fn decline_draw(&mut self) -> Result<(), SessionError> {
        self.draw_offer
            .take()
            .map(|_| ())
            .ok_or(SessionError::Refused(Refusal::NoDrawOffer))
    }

    /// Shows the position after `ply` moves while the game goes on (the
    /// clock pauses); `None` or the live ply returns to the live game.
    pub fn review(&mut self, ply: Option<usize>, now: u64) -> Result<(), SessionError> {
        let plies = self.game.plies().len();
        let ply = match ply {
            Some(p) if p > plies => return Err(SessionError::NoSuchPly { ply: p, plies }),
            Some(p) if p < plies => Some(p),
            _ => None,
        };
        self.review = ply;
        self.input.clear();
        let over = self.game.is_over();
        if let Some(clock) = &mut self.clock {
            clock.set_pause(Some(ply.is_some()), None, over, now);
        }
        Ok(())
    }

    /// One move back (`-1`) or forward (`+1`) in review.
    pub fn review_step(&mut self, delta: i64, now: u64) -> Result<(), SessionError> {
        let plies = self.game.plies().len();
        let current = self.review.unwrap_or(plies) as i64;
        let target = (current + delta).clamp(0, plies as i64) as usize;
        self.review(Some(target), now)
    }

    /// The app went to the background (`true`) or came back (`false`): the
    /// clock pauses and resumes.
    pub fn set_background(&mut self, background: bool, now: u64) {
        let over = self.game.is_over();
        if let Some(clock) = &mut self.clock {
            clock.set_pause(None, Some(background), over, now);
        }
    }

    /// Turns the board round.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
    }

    /// The side drawn at the bottom.
    fn bottom(&self) -> Color {
        let base = match (self.spec.opponent, self.spec.board_mode) {
            (Opponent::Computer { .. }, _) if self.orientation == Orientation::White => {
                Color::White
            }
            (Opponent::Computer { human, .. }, _) => human,
            (Opponent::Friend, BoardMode::AutoFlip) => self.game.position().turn(),
            (Opponent::Friend, _) => Color::White,
        };
        if self.flipped {
            !base
        } else {
            base
        }
    }

    /// The game as it stood after `plies` moves.
    pub fn game_at(&self, plies: usize) -> Game {
        let mut game = self.game.clone();
        while game.plies().len() > plies {
            if !game.undo() {
                break;
            }
        }
        // A declared result belongs to the end of the game, not to review.
        if plies < self.game.plies().len() {
            while game.outcome().is_some_and(|o| is_declared(o.reason)) && game.undo() {}
        }
        game
    }

    /// The board after `plies` moves (review).
    pub fn snapshot_at(&self, plies: usize) -> Snapshot {
        self.game_at(plies.min(self.game.plies().len())).snapshot()
    }

    /// Everything a game screen draws, at `now`.
    pub fn snapshot(&self, now: u64) -> SessionSnapshot {
        let positions = self.game.positions();
        let on_board = self.review.unwrap_or(self.game.plies().len());
        let moves: Vec<MoveListEntry> = self
            .game
            .plies()
            .iter()
            .zip(positions)
            .enumerate()
            .map(|(ply, (played, before))| {
                let number = before.fullmove_number();
                let side = before.turn();
                MoveListEntry {
                    ply: u32::try_from(ply).unwrap_or(u32::MAX),
                    review_ply: u32::try_from(ply + 1).unwrap_or(u32::MAX),
                    is_current: ply + 1 == on_board,
                    number,
                    side,
                    san: before.to_san(played.mv),
                    mark: self
                        .practice_mark(ply)
                        .map(|f| f.symbol.clone())
                        .unwrap_or_default(),
                    spoken: format!(
                        "Move {number}, {side}: {}",
                        crate::spoken::spoken_move(before, played.mv)
                    ),
                }
            })
            .collect();
        let result = GameResult::of(&self.game);
        let live = self.game.snapshot();
        let overtime = live.overtime.is_some();
        let final_moves = live
            .regular_moves_left
            .is_some_and(|left| left > 0 && left <= 5)
            && live.overtime.is_none();
        // The live board is drawn unless the player reviews an earlier one
        // (only then is a game rebuilt and a second core snapshot made).
        let reviewed = self.review.map(|ply| self.game_at(ply));
        let shown = reviewed.as_ref().unwrap_or(&self.game);
        let board = match &reviewed {
            Some(game) => game.snapshot(),
            None => live,
        };
        let [white, black] = self.players();
        let to_move = self.game.position().turn();
        let over = self.game.is_over();
        let computer_to_move = self.computer_to_move();
        let thinking = self.thinking();
        let status_text = match (&result, self.review) {
            (_, Some(ply)) => format!("Reviewing move {ply} of {}", self.game.plies().len()),
            (Some(r), None) => r.headline(),
            (None, None) if computer_to_move && thinking => "Computer is thinking…".to_string(),
            (None, None) if computer_to_move => "Computer to move".to_string(),
            (None, None) => {
                let check = if board.check_square.is_some() {
                    " — check!"
                } else {
                    ""
                };
                let name = match to_move {
                    Color::White => white.name.trim(),
                    Color::Black => black.name.trim(),
                };
                match self.spec.opponent {
                    // A friend left unnamed is only the colour ("Black to move", not "Black to move ()").
                    Opponent::Friend if !name.is_empty() => {
                        format!("{} to move ({name}){check}", to_move.name())
                    }
                    _ => format!("{} to move{check}", to_move.name()),
                }
            }
        };
        let announcement = match self.review {
            None => self
                .game
                .plies()
                .last()
                .and_then(|ply| snapshot::announcement(ply.mv.kind)),
            Some(_) => None,
        };
        let counter = snapshot::move_counter(&board);
        let who = self.spec.opponent.versus(&white.name, &black.name);
        let can_move = self.review.is_none() && !over && !computer_to_move;
        let mut board_view = BoardView::of_snapshot(shown, &board);
        let upside_down = (self.spec.board_mode == BoardMode::FaceToFace
            && self.spec.opponent == Opponent::Friend)
            .then_some(!self.bottom());
        // The live board's last move already carries its words.
        let move_announcement = match self.review {
            None => spoken_last_move(
                !to_move,
                board_view.last_move.as_ref(),
                announcement.as_deref(),
                result.as_ref(),
            ),
            Some(_) => None,
        };
        if !can_move {
            board_view.legal_moves.clear();
        }
        SessionSnapshot {
            title: format!("{} · {who}", self.game.variant().display_name()),
            pass_and_play: self.spec.opponent == Opponent::Friend,
            can_move,
            move_rows: snapshot::move_rows(&moves),
            status_text,
            score_text: board.scores.map(crate::board_view::score_bar_text),
            move_counter_text: counter.as_ref().map(|c| c.text.clone()),
            moves_left_text: counter.and_then(|c| c.moves_left_text),
            announcement,
            move_announcement,
            reviewing: self
                .review
                .map(|ply| u32::try_from(ply).unwrap_or(u32::MAX)),
            ply_count: u32::try_from(self.game.plies().len()).unwrap_or(u32::MAX),
            moves,
            white,
            black,
            to_move,
            computer_to_move,
            thinking,
            clock: self.clock.as_ref().map(|c| {
                let [white_ms, black_ms] = c.remaining(now);
                ClockView {
                    white_ms,
                    black_ms,
                    white_text: crate::texts::format_time(white_ms),
                    black_text: crate::texts::format_time(black_ms),
                    running: c.running(),
                    white_low: c.is_low(Color::White, now),
                    black_low: c.is_low(Color::Black, now),
                    paused: c.is_paused(),
                }
            }),
            result_text: result.map(|r| r.sentence()),
            result,
            can_takeback: self.can_takeback(),
            can_redo: !self.redo_steps.is_empty(),
            can_hint: self.hints_allowed && !self.game.is_over() && !self.computer_to_move(),
            can_resign: !over,
            can_offer_draw: self.spec.opponent == Opponent::Friend && !over,
            draw_offer: self.draw_offer,
            bottom: self.bottom(),
            upside_down,
            draw_answer_upside_down: match (self.draw_offer, upside_down) {
                (Some(offerer), Some(far)) => offerer != far,
                _ => false,
            },
            prompts_upside_down: upside_down == Some(to_move),
            final_moves,
            overtime,
            save_state: self.save_state.clone(),
            game_id: self.library_id(),
            input: self.input_view(),
            practice: self.latest_practice(),
            practice_thinking: self.pending_practice.is_some(),
            board: board_view,
        }
    }

    /// What practice mode said about the person's latest move, while that
    /// move is still one of the last two (until the person moves again).
    fn latest_practice(&self) -> Option<PracticeFeedback> {
        let Opponent::Computer { human, .. } = self.spec.opponent else {
            return None;
        };
        let positions = self.game.positions();
        let index = (0..self.game.plies().len())
            .rev()
            .take(2)
            .find(|&i| positions.get(i).is_some_and(|p| p.turn() == human))?;
        self.practice_mark(index).cloned()
    }

    /// The number of plies shown while reviewing (`None`: the live game).
    pub fn reviewing(&self) -> Option<usize> {
        self.review
    }

    /// The game as far as the screen shows it: the live game, or its first
    /// plies in review.
    pub fn shown_game(&self) -> Game {
        match self.review {
            Some(ply) => self.game_at(ply),
            None => self.game.clone(),
        }
    }

    /// The core's snapshot of the position on screen (the reviewed one in
    /// review), for a shell that draws the core's board itself (the
    /// terminal).
    pub fn shown_board(&self) -> Snapshot {
        match self.review {
            Some(ply) => self.snapshot_at(ply),
            None => self.game.snapshot(),
        }
    }

    /// Whether the last change reached the library, as the caller that
    /// saves it said with [`Self::set_save_state`].
    pub fn save_state(&self) -> &SaveState {
        &self.save_state
    }

    /// Records the answer of the last save (the autosave's
    /// [`SaveState::after`]), which the snapshot shows.
    pub fn set_save_state(&mut self, state: SaveState) {
        self.save_state = state;
    }

    /// The same game again: against the computer with colours swapped, in
    /// pass and play with the players swapped; a new seed.
    pub fn rematch(&self, seed: u64) -> Result<GameSession, NewGameError> {
        let mut spec = self.spec.clone();
        match &mut spec.opponent {
            Opponent::Computer { human, .. } => *human = !*human,
            Opponent::Friend => spec.names.swap(0, 1),
        }
        spec.seed = seed;
        let mut session = GameSession::new(spec)?;
        session.set_policies(self.takeback_allowed, self.hints_allowed);
        session.orientation = self.orientation;
        session.practice = self.practice;
        Ok(session)
    }

    /// The clock times at each position (White's, Black's), for saving.
    pub fn clock_history(&self) -> Vec<[u64; 2]> {
        self.clock
            .as_ref()
            .map(|c| c.history().to_vec())
            .unwrap_or_default()
    }

    /// The time control, if any.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.clock.as_ref().map(SessionClock::control)
    }

    /// The record (PGN-style text with every tag), clocks as of `now`.
    pub fn record(&mut self, now: u64) -> String {
        if let Some(clock) = &self.clock {
            let remaining = clock.remaining(now);
            self.game
                .set_tag(tags::WHITE_CLOCK, &remaining[0].to_string());
            self.game
                .set_tag(tags::BLACK_CLOCK, &remaining[1].to_string());
        }
        self.game.to_pgn()
    }

    /// Sets a record tag (event, site, a player's name…).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        self.game.set_tag(name, value);
    }
}

/// Whether a result was declared (resignation, agreement, flag fall)
/// rather than reached on the board.
fn is_declared(reason: EndReason) -> bool {
    matches!(
        reason,
        EndReason::Resignation
            | EndReason::Agreement
            | EndReason::TimeForfeit
            | EndReason::TimeoutVsInsufficientMaterial
    )
}

/// Increment (or delay) per move of a time control, for time management.
fn increment(control: TimeControl) -> u64 {
    match control {
        TimeControl::Fischer { increment_ms, .. } | TimeControl::Norochess { increment_ms, .. } => {
            increment_ms
        }
        TimeControl::Delay { delay_ms, .. } => delay_ms,
        TimeControl::SuddenDeath { .. } => 0,
    }
}

/// A random start number for a variant that numbers its set-ups
/// (Norochess960: 0–959), from `seed`; `None` for the other games.
pub fn random_start(variant: norochess_core::Variant, seed: u64) -> Option<u16> {
    let count = variant.start_numbering()?.count;
    u16::try_from(mix(seed, 960) % u64::from(count)).ok()
}

/// A random side for the person against the computer (`new computer
/// random`), from `seed`.
pub fn random_side(seed: u64) -> Color {
    if mix(seed, 2) % 2 == 1 {
        Color::Black
    } else {
        Color::White
    }
}

/// Mixes a seed with a number, so the choices made from one seed (each
/// computer move, a random colour or start, a rematch's seed) differ yet
/// replay exactly.
pub fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A duration in whole milliseconds (for callers that measure with `Instant`).
pub fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests;

/// What a screen reader says after the live game's last move (`last`,
/// played by `mover`): `Black played knight f6, captures bishop`, with what
/// the move did and the result when it ended the game.
fn spoken_last_move(
    mover: Color,
    last: Option<&crate::board_view::MoveInfo>,
    announcement: Option<&str>,
    result: Option<&GameResult>,
) -> Option<String> {
    let mut text = format!("{mover} played {}", last?.spoken);
    for more in announcement
        .map(str::to_string)
        .into_iter()
        .chain(result.map(GameResult::sentence))
    {
        text.push_str(". ");
        text.push_str(&more);
    }
    Some(text)
}
