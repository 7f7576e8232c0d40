//! One game on screen, with the app layer's policies (`norochess-app`'s
//! `GameSession`): whose turn it is, the computer's moves with stale
//! answers dropped, takeback, resignation, draw offers, the clock, review,
//! rematch and autosave into a [`LibraryHandle`].
//!
//! A screen draws [`SessionSnapshot`] and forwards taps; it keeps no game
//! logic. Every change of the game (a person's move, the computer's move,
//! a takeback, a resignation, a draw, a flag fall) is saved into the
//! attached library within the same call; a failed save never loses the
//! move in memory and shows in [`SessionSnapshot::save_state`].
//!
//! **Engine calls cannot freeze a screen.** [`GameSessionHandle::computer_move`],
//! [`GameSessionHandle::hint`] and [`GameSessionHandle::analyse`] are
//! `async` (Kotlin `suspend`, Swift `async`): the search runs on a thread
//! of its own, and cancelling the caller's coroutine or task stops it
//! within milliseconds.
//!
//! Time is the caller's monotonic clock in milliseconds (`nowMs`), as
//! everywhere in these bindings.

use crate::background::{Background, Searches};
use crate::engine::{SearchLimits, SearchListener, SearchOutcome};
use crate::error::{guard, NorochessError, Result};
use crate::game::{choose_move, parse_square, BoardView, GameResult};
use crate::library::LibraryHandle;
use crate::types::{lock, MoveInfo, PieceKind, Side};
use norochess_app as app;
use norochess_core as core;
use norochess_core::{Engine, SearchRequest};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Hash table of a session's engine: right for phones.
const SESSION_HASH_MB: usize = 16;

pub use app::BoardMode;
pub use app::{ColourChoice, OpponentChoice};

/// Everything needed to start a game session: the app layer's record.
pub use app::NewGame;

pub use app::MoveListEntry;

pub use app::SaveState;

/// Everything a game screen draws: the app layer's record.
pub use app::SessionSnapshot;

/// What became of a computer move: the app layer's enum (`ComputerMove`
/// in Kotlin and Swift).
pub use app::ComputerAnswer as ComputerMove;

/// A hint for the person to move: the app layer's record (`SessionHint`
/// in Kotlin and Swift).
pub use app::HintAnswer as SessionHint;

/// The state behind a session handle's lock.
struct State {
    session: app::GameSession,
    library: Option<Arc<LibraryHandle>>,
    engine_settings: app::EngineSettings,
}

impl State {
    /// Saves into the attached library after a change; a failure is kept
    /// in `save` and never undoes the change.
    fn autosave(&mut self, now: u64) {
        let Some(library) = &self.library else {
            return;
        };
        let saved = SaveState::after(library.save_session(&mut self.session, now));
        if let SaveState::Failed { detail } = &saved {
            log::warn!("autosave failed: {detail}");
        }
        self.session.set_save_state(saved);
    }
}

/// A game being played: the session with its policies, its engine, and
/// the library it saves into. Thread-safe; every method but the `async`
/// searches returns within milliseconds.
#[derive(uniffi::Object)]
pub struct GameSessionHandle {
    state: Arc<Mutex<State>>,
    pub(crate) engine: Arc<Mutex<Engine>>,
    searches: Searches,
}

impl GameSessionHandle {
    /// Wraps a session (new, loaded or a rematch) with its library.
    pub(crate) fn wrap(
        session: app::GameSession,
        library: Option<Arc<LibraryHandle>>,
        engine: Option<Arc<Mutex<Engine>>>,
        engine_settings: app::EngineSettings,
    ) -> Arc<GameSessionHandle> {
        let mut session = session;
        session.set_save_state(SaveState::opened(
            library.is_some(),
            session.library_id(),
            session.saved_revision(),
        ));
        Arc::new(GameSessionHandle {
            state: Arc::new(Mutex::new(State {
                session,
                library,
                engine_settings,
            })),
            engine: engine.unwrap_or_else(|| Arc::new(Mutex::new(Engine::new(SESSION_HASH_MB)))),
            searches: Searches::default(),
        })
    }

    /// Whether no search holds the session's engine (a cancelled search
    /// has really stopped): for tests and diagnostics, not exported.
    pub fn engine_is_idle(&self) -> bool {
        self.engine.try_lock().is_ok()
    }

    /// Runs a change of the game and saves it if it succeeded.
    fn change<T>(
        &self,
        what: &str,
        now: u64,
        body: impl FnOnce(&mut app::GameSession) -> Result<T>,
    ) -> Result<T> {
        guard(what, || {
            let mut state = lock(&self.state);
            let value = body(&mut state.session)?;
            state.autosave(now);
            Ok(value)
        })
    }
}

impl GameSessionHandle {
    /// Runs a touch on the board; saves if it played a move.
    fn touch(
        &self,
        what: &str,
        now: u64,
        body: impl FnOnce(&mut app::GameSession) -> Result<Option<core::Move>>,
    ) -> Result<Option<MoveInfo>> {
        guard(what, || {
            let mut state = lock(&self.state);
            let before = *state.session.game().position();
            let played = body(&mut state.session)?;
            if played.is_some() {
                state.autosave(now);
            }
            Ok(played.map(|mv| MoveInfo::of(&before, mv)))
        })
    }
}

/// The result of a game that has just ended (a resignation, an agreed draw).
fn result_of(session: &app::GameSession) -> Result<GameResult> {
    GameResult::of(session.game())
        .ok_or_else(|| NorochessError::internal("the game ended but has no result".to_string()))
}

#[uniffi::export]
impl GameSessionHandle {
    /// A new game as `game` says, saved into `library` after every change
    /// if one is given (its settings also give the defaults: the player's
    /// name, the pass-and-play board, whether takebacks and hints are
    /// allowed).
    #[uniffi::constructor]
    pub fn new(game: NewGame, library: Option<Arc<LibraryHandle>>) -> Result<Arc<Self>> {
        guard("GameSessionHandle.new", || {
            let settings = match &library {
                Some(l) => l.settings_now()?,
                None => app::Settings::default(),
            };
            let spec = game.spec(&settings)?;
            let mut session = app::GameSession::new(spec)?;
            session.set_policies(settings.takeback, settings.hints);
            session.set_orientation(settings.orientation);
            session.set_practice(settings.practice);
            log::debug!("new session: {:?}", game.opponent);
            Ok(GameSessionHandle::wrap(
                session,
                library,
                None,
                app::EngineSettings {
                    level8_nodes: game.level8_nodes,
                    use_clock: game.clock.is_some(),
                },
            ))
        })
    }

    /// Everything the game screen draws at `now_ms`. Never fails.
    pub fn snapshot(&self, now_ms: u64) -> SessionSnapshot {
        lock(&self.state).session.snapshot(now_ms)
    }

    /// The live game after `ply` moves (0 = the start), without changing
    /// what the screen reviews.
    pub fn snapshot_at(&self, ply: u32) -> Result<BoardView> {
        guard("GameSessionHandle.snapshot_at", || {
            let state = lock(&self.state);
            let played = state.session.game().plies().len();
            if ply as usize > played {
                return Err(NorochessError::invalid_argument(format!(
                    "move {ply} does not exist: the game has {played} moves"
                )));
            }
            Ok(BoardView::of(&state.session.game_at(ply as usize)))
        })
    }

    /// The person plays from `from` to `to` at `now_ms`, as a board
    /// produces it (`promotion` chooses on the last rank). Refused on the
    /// computer's turn. Leaves review. Saved.
    pub fn play(
        &self,
        from: String,
        to: String,
        promotion: Option<PieceKind>,
        now_ms: u64,
    ) -> Result<MoveInfo> {
        self.change("GameSessionHandle.play", now_ms, |session| {
            let before = *session.game().position();
            let mv = choose_move(&before, &from, &to, promotion)?;
            session.play(mv, now_ms)?;
            Ok(MoveInfo::of(&before, mv))
        })
    }

    /// A tap on the square named `square` at `now_ms`: selects, deselects,
    /// or moves the selected piece there; a move that needs a choice opens
    /// the picker or the repetition question (`snapshot().input`) instead.
    /// Returns the move played, if one was. Saved.
    pub fn tap(&self, square: String, now_ms: u64) -> Result<Option<MoveInfo>> {
        self.touch("GameSessionHandle.tap", now_ms, |session| {
            let sq = parse_square(session.game().position(), &square)?;
            Ok(session.tap(sq, now_ms)?)
        })
    }

    /// A drag began on `square`: selects its piece.
    pub fn drag_began(&self, square: String) -> Result<()> {
        self.touch("GameSessionHandle.drag_began", 0, |session| {
            let sq = parse_square(session.game().position(), &square)?;
            session.drag_began(sq);
            Ok(None)
        })
        .map(|_| ())
    }

    /// The drag ended on `square` (`None`: off the board) at `now_ms`:
    /// the move played if it reached a target (as [`Self::tap`]).
    pub fn drag_ended(&self, square: Option<String>, now_ms: u64) -> Result<Option<MoveInfo>> {
        self.touch("GameSessionHandle.drag_ended", now_ms, |session| {
            let sq = match &square {
                Some(name) => Some(parse_square(session.game().position(), name)?),
                None => None,
            };
            Ok(session.drag_ended(sq, now_ms)?)
        })
    }

    /// The person picked `kind` in the open picker: the move played.
    pub fn choose_piece(&self, kind: PieceKind, now_ms: u64) -> Result<Option<MoveInfo>> {
        self.touch("GameSessionHandle.choose_piece", now_ms, |session| {
            Ok(session.choose_piece(kind, now_ms)?)
        })
    }

    /// The person plays the move of the open repetition question anyway.
    pub fn confirm_repetition(&self, now_ms: u64) -> Result<Option<MoveInfo>> {
        self.touch("GameSessionHandle.confirm_repetition", now_ms, |session| {
            Ok(session.confirm_repetition(now_ms)?)
        })
    }

    /// Closes the picker or the question, or drops the selection: nothing
    /// is played.
    pub fn cancel_input(&self) {
        lock(&self.state).session.cancel_input();
    }

    /// Whether a move that loses by repetition is asked about first (the
    /// `confirmRepetition` setting).
    pub fn set_ask_before_repetition(&self, ask: bool) {
        lock(&self.state).session.set_ask_before_repetition(ask);
    }

    /// The person plays a move written in any notation (`Nf3`, `g1f3`,
    /// `Ng1-f3`) at `now_ms`. Saved.
    pub fn play_text(&self, text: String, now_ms: u64) -> Result<MoveInfo> {
        self.change("GameSessionHandle.play_text", now_ms, |session| {
            let before = *session.game().position();
            let mv = session.play_text(&text, now_ms)?;
            Ok(MoveInfo::of(&before, mv))
        })
    }

    /// Takes back as the policy says (against the computer: back to the
    /// person's last turn, also while it thinks; in pass and play one
    /// move; a resignation or agreed draw on its own). Returns the moves
    /// taken back. Saved.
    pub fn takeback(&self, now_ms: u64) -> Result<u32> {
        self.change("GameSessionHandle.takeback", now_ms, |session| {
            Ok(session.takeback(now_ms)? as u32)
        })
    }

    /// Replays the moves of the last takeback. Saved.
    pub fn redo(&self, now_ms: u64) -> Result<u32> {
        self.change("GameSessionHandle.redo", now_ms, |session| {
            Ok(session.redo(now_ms)? as u32)
        })
    }

    /// Resigns for the person who asked: against the computer the person
    /// (also while it thinks); in pass and play `by`, or the side to move.
    /// Saved.
    pub fn resign(&self, by: Option<Side>, now_ms: u64) -> Result<GameResult> {
        self.change("GameSessionHandle.resign", now_ms, |session| {
            session.resign(by, now_ms)?;
            result_of(session)
        })
    }

    /// `by` (the side to move if `None`) offers a draw (pass and play).
    pub fn offer_draw(&self, by: Option<Side>) -> Result<()> {
        guard("GameSessionHandle.offer_draw", || {
            Ok(lock(&self.state).session.offer_draw(by)?)
        })
    }

    /// The other side accepts the draw offer: the game is drawn. Saved.
    pub fn accept_draw(&self, now_ms: u64) -> Result<GameResult> {
        self.change("GameSessionHandle.accept_draw", now_ms, |session| {
            session.accept_draw(now_ms)?;
            result_of(session)
        })
    }

    /// The other side declines the draw offer.
    pub fn decline_draw(&self) -> Result<()> {
        guard("GameSessionHandle.decline_draw", || {
            Ok(lock(&self.state).session.decline_draw()?)
        })
    }

    /// Shows the position after `ply` moves while the game goes on (the
    /// clock pauses); `None` or the live ply returns to the live game.
    pub fn review(&self, ply: Option<u32>, now_ms: u64) -> Result<()> {
        guard("GameSessionHandle.review", || {
            Ok(lock(&self.state)
                .session
                .review(ply.map(|p| p as usize), now_ms)?)
        })
    }

    /// One move back (`-1`) or forward (`+1`) in review; forward past the
    /// last move returns to the live game.
    pub fn review_step(&self, delta: i32, now_ms: u64) -> Result<()> {
        guard("GameSessionHandle.review_step", || {
            Ok(lock(&self.state)
                .session
                .review_step(i64::from(delta), now_ms)?)
        })
    }

    /// The app went to the background (`true`) or came back (`false`): the
    /// clock pauses and resumes. Going to the background also saves.
    pub fn set_background(&self, background: bool, now_ms: u64) {
        let mut state = lock(&self.state);
        state.session.set_background(background, now_ms);
        if background && state.session.library_id().is_some() {
            state.autosave(now_ms);
        }
    }

    /// Turns the board round.
    pub fn flip(&self) {
        lock(&self.state).session.flip();
    }

    /// Checks the clock at `now_ms` (call it a few times a second while a
    /// clock runs): a flag fall ends the game, is saved and is returned.
    /// Never fails.
    pub fn tick(&self, now_ms: u64) -> Option<GameResult> {
        let mut state = lock(&self.state);
        state.session.tick(now_ms)?;
        state.autosave(now_ms);
        GameResult::of(state.session.game())
    }

    /// The same game again: against the computer with colours swapped, in
    /// pass and play with the players swapped; `seed` for the computer's
    /// choices. Saved into the same library (from its first change), with
    /// the same engine.
    pub fn rematch(&self, seed: u64) -> Result<Arc<GameSessionHandle>> {
        guard("GameSessionHandle.rematch", || {
            let state = lock(&self.state);
            let session = state.session.rematch(seed)?;
            Ok(GameSessionHandle::wrap(
                session,
                state.library.clone(),
                Some(self.engine.clone()),
                state.engine_settings,
            ))
        })
    }

    /// Applies changed settings to this game: takebacks and hints allowed,
    /// the board's orientation, practice mode (switched off, a move being
    /// judged is dropped). Call it after the player changed a setting
    /// while the game is open; a new or opened game reads them itself.
    pub fn apply_settings(&self, settings: app::Settings) {
        let mut state = lock(&self.state);
        state
            .session
            .set_policies(settings.takeback, settings.hints);
        state.session.set_orientation(settings.orientation);
        state.session.set_practice(settings.practice);
    }

    /// The game's record (PGN-style text with every tag, clocks as of
    /// `now_ms`), for sharing.
    pub fn record(&self, now_ms: u64) -> String {
        lock(&self.state).session.record(now_ms)
    }

    /// Saves now (after a failed save, or before leaving the screen) and
    /// says how it went. Never fails; without a library it does nothing.
    pub fn save_now(&self, now_ms: u64) -> SaveState {
        let mut state = lock(&self.state);
        state.autosave(now_ms);
        state.session.save_state().clone()
    }

    /// Stops every search this session runs (computer move, hint,
    /// analysis) within milliseconds; each call returns at once:
    /// `computerMove` with `Cancelled` (nothing played), `hint` with
    /// `None`, `analyse` with its best so far (`wasStopped`). Never fails.
    ///
    /// Kotlin need not call it (cancelling the coroutine does the same).
    /// Swift must: UniFFI's Swift `async` calls do not react to
    /// `Task.cancel`, so NorochessKit wraps each call in
    /// `withTaskCancellationHandler { … } onCancel: { session.cancelSearches() }`.
    pub fn cancel_searches(&self) {
        // The session's pending requests too: a search asked for whose
        // thread has not registered yet would otherwise be missed, and its
        // answer played.
        lock(&self.state).session.cancel_pending();
        self.searches.cancel_all();
    }

    /// The computer's move: searched on a thread of its own, then played at
    /// once if the game has not changed meanwhile (a takeback or
    /// resignation while it thinks makes the answer stale: dropped), and
    /// saved. Cancelling the caller's coroutine or task stops the search
    /// within milliseconds and leaves the game as it was.
    pub async fn computer_move(&self, now_ms: u64) -> Result<ComputerMove> {
        let started = Instant::now();
        let (request, practice, state) = {
            let state_arc = self.state.clone();
            let mut state = lock(&self.state);
            let settings = state.engine_settings;
            let request = guard("GameSessionHandle.computer_move", || {
                Ok(state.session.request_computer_move(settings, now_ms))
            })?;
            // Practice mode judges the person's move first, on the same
            // thread, and the mark is in the snapshot before the reply.
            let practice = request
                .as_ref()
                .and_then(|_| state.session.request_practice());
            (request, practice, state_arc)
        };
        let Some(request) = request else {
            return Ok(ComputerMove::NotComputersTurn);
        };
        let ticket = request.ticket;
        let engine = self.engine.clone();
        let cancel_state = state.clone();
        let practice_state = state.clone();
        let computer_stop = request.stop_handle();
        let practice_stop = practice.as_ref().map(|p| p.stop_handle());
        // The practice searches do not count on the computer's clock.
        let practice_ms = Arc::new(AtomicU64::new(0));
        let practice_time = practice_ms.clone();
        let started_search = Background::start(
            "computer move",
            &self.searches,
            computer_stop,
            Box::new(move || {
                let mut state = lock(&cancel_state);
                if let Some(stop) = practice_stop {
                    stop.stop();
                }
                state.session.cancel_practice();
                state.session.cancel_computer_move(ticket);
            }),
            move || {
                if let Some(practice) = practice {
                    let judging = Instant::now();
                    let thought = practice.think(&mut lock(&engine));
                    lock(&practice_state)
                        .session
                        .practice_answer(&practice, &thought);
                    practice_time.store(app::session::millis(judging.elapsed()), Ordering::Relaxed);
                }
                request.think(&mut lock(&engine))
            },
        );
        // Without a thread the request is abandoned, or the session would
        // show "thinking" for ever.
        let search = started_search.inspect_err(|_| {
            lock(&state).session.cancel_computer_move(ticket);
        })?;
        let cancel = search.cancel_cell();
        let mv = search.await?;
        if cancel.was_cancelled() {
            return Ok(ComputerMove::Cancelled);
        }
        // The clock is charged for the time the computer thought, not for
        // practice mode's judging of the person's move.
        let thought_ms = app::session::millis(started.elapsed())
            .saturating_sub(practice_ms.load(Ordering::Relaxed));
        let now = now_ms.saturating_add(thought_ms);
        guard("GameSessionHandle.computer_move", || {
            let mut state = lock(&state);
            let answer = state.session.computer_answer(ticket, mv, now)?;
            if matches!(answer, ComputerMove::Played { .. }) {
                state.autosave(now);
            }
            Ok(answer)
        })
    }

    /// A hint for the person to move, searched within `limits` on a thread
    /// of its own (give a limit: with none the search runs until
    /// cancelled). `None` if the game changed meanwhile. Cancelling the
    /// caller's coroutine or task stops the search.
    pub async fn hint(&self, limits: SearchLimits) -> Result<Option<SessionHint>> {
        let request = guard("GameSessionHandle.hint", || {
            limits.check()?;
            Ok(lock(&self.state).session.request_hint(limits.into())?)
        })?;
        let ticket = request.ticket;
        let engine = self.engine.clone();
        let cancel_state = self.state.clone();
        let stop = request.search.stop.clone();
        let search = Background::start(
            "hint",
            &self.searches,
            stop,
            Box::new(move || lock(&cancel_state).session.cancel_hint(ticket)),
            move || request.think(&mut lock(&engine)),
        )
        .inspect_err(|_| lock(&self.state).session.cancel_hint(ticket))?;
        let cancel = search.cancel_cell();
        let result = search.await?;
        if cancel.was_cancelled() {
            return Ok(None);
        }
        guard("GameSessionHandle.hint", || {
            Ok(lock(&self.state).session.hint_answer(ticket, &result))
        })
    }

    /// Analysis of the position on screen (the reviewed one in review):
    /// the best `lines` lines (1–16), each reported to `listener` as it
    /// deepens, on a thread of its own. With no limits it runs until the
    /// caller's coroutine or task is cancelled.
    pub async fn analyse(
        &self,
        limits: SearchLimits,
        lines: u32,
        listener: Option<Box<dyn SearchListener>>,
    ) -> Result<SearchOutcome> {
        let (request, ply_count) = guard("GameSessionHandle.analyse", || {
            let lines = app::analysis::check_lines(lines)?;
            limits.check()?;
            let state = lock(&self.state);
            let game = state.session.shown_game();
            if let Some(outcome) = game.outcome() {
                return Err(core::GameError::GameOver(outcome).into());
            }
            let mut request = SearchRequest::for_game(&game, limits.into());
            request.multipv = lines;
            Ok((request, game.plies().len() as u32))
        })?;
        let engine = self.engine.clone();
        let position = request.position;
        let stop = request.stop.clone();
        let search = Background::start(
            "analysis",
            &self.searches,
            stop.clone(),
            Box::new(|| {}),
            move || {
                let failed = AtomicBool::new(false);
                let mut progress = |info: &core::SearchInfo| {
                    crate::engine::report(&listener, &failed, &position, info);
                };
                lock(&engine).search(&request, &mut progress)
            },
        )?;
        let result = search.await?;
        Ok(SearchOutcome::of(
            &position,
            &result,
            stop.is_stopped(),
            ply_count,
        ))
    }
}

/// The library's games as sessions: declared here, beside the session
/// handle they make, so the library module needs no session.
#[uniffi::export]
impl LibraryHandle {
    /// The game `game_id` as a session to continue or review (its clock
    /// paused as after the background), saving into this library.
    pub fn load(self: Arc<Self>, game_id: i64, now_ms: u64) -> Result<Arc<GameSessionHandle>> {
        guard("LibraryHandle.load", || {
            let session = self.with_library(|library| library.load(game_id, now_ms))?;
            session_of_library(&self, session)
        })
    }

    /// The unfinished game to continue ("Continue" on the home screen), if any.
    pub fn current(self: Arc<Self>, now_ms: u64) -> Result<Option<Arc<GameSessionHandle>>> {
        guard("LibraryHandle.current", || {
            let session = self.with_library(|library| library.current(now_ms))?;
            session.map(|s| session_of_library(&self, s)).transpose()
        })
    }
}

/// A saved game's session with the library's policies, saving into it.
fn session_of_library(
    library: &Arc<LibraryHandle>,
    mut session: app::GameSession,
) -> Result<Arc<GameSessionHandle>> {
    let settings = library.settings_now()?;
    session.set_policies(settings.takeback, settings.hints);
    session.set_orientation(settings.orientation);
    session.set_practice(settings.practice);
    let use_clock = session.time_control().is_some();
    Ok(GameSessionHandle::wrap(
        session,
        Some(library.clone()),
        None,
        app::EngineSettings {
            level8_nodes: None,
            use_clock,
        },
    ))
}
