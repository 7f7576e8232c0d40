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
use crate::clock::TimeControl;
use crate::engine::{line_of, EngineScore, SearchLimits, SearchListener, SearchOutcome};
use crate::error::{guard, NorochessError, Result};
use crate::game::{candidates, choose_move, parse_square, snapshot_of, EndReason, GameOutcome};
use crate::game::{GameSnapshot, PromotionChoices};
use crate::library::LibraryHandle;
use crate::types::{lock, MoveInfo, PieceKind, Scores, Side};
use crate::variants::GameSetup;
use norochess_app as app;
use norochess_core as core;
use norochess_core::{Engine, SearchRequest};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Hash table of a session's engine: right for phones.
const SESSION_HASH_MB: usize = 16;

pub use app::BoardMode;
pub use app::{BoardInputView, ColourChoice, OpponentChoice};

/// Everything needed to start a game session.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct NewGame {
    /// The game and its options (a Norochess960 start number in it).
    pub setup: GameSetup,
    /// A set-up position (docs/position-format.md) instead of the start.
    #[uniffi(default = None)]
    pub position_text: Option<String>,
    /// Who plays the other side.
    pub opponent: OpponentChoice,
    /// The clock, if any. It starts at White's first move.
    #[uniffi(default = None)]
    pub clock: Option<TimeControl>,
    /// How a pass-and-play board turns; `None`: the library's setting
    /// (auto-flip without a library).
    #[uniffi(default = None)]
    pub board_mode: Option<BoardMode>,
    /// Seed of the computer's choices and of a random colour, so a game
    /// can be replayed exactly.
    #[uniffi(default = 1)]
    pub seed: u64,
    /// The person's name against the computer; `None`: the library's
    /// setting (`You` without a library).
    #[uniffi(default = None)]
    pub player_name: Option<String>,
    /// Level 8's node budget per move (makes it repeatable); `None`: it
    /// thinks by time (about 0.7 s, less on a short clock).
    #[uniffi(default = None)]
    pub level8_nodes: Option<u64>,
}

/// One side's player as a screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PlayerInfo {
    /// The name (a person's, or `Computer (level 4)`).
    pub name: String,
    /// The computer's level, if the computer plays this side.
    pub computer_level: Option<u8>,
}

impl From<&app::Player> for PlayerInfo {
    fn from(p: &app::Player) -> Self {
        PlayerInfo {
            name: p.name.clone(),
            computer_level: match p.kind {
                app::PlayerKind::Computer { level } => Some(level),
                app::PlayerKind::Person => None,
            },
        }
    }
}

/// The clocks as a screen shows them.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SessionClock {
    /// White's time left in milliseconds.
    pub white_ms: u64,
    /// Black's time left in milliseconds.
    pub black_ms: u64,
    /// White's time as shown: `4:32`, `1:05:00`, `0:07.3`.
    pub white_text: String,
    /// Black's time as shown.
    pub black_text: String,
    /// The side whose time runs (none before White's first move, while
    /// paused and after the end).
    pub running: Option<Side>,
    /// White is low on time (warn).
    pub white_low: bool,
    /// Black is low on time (warn).
    pub black_low: bool,
    /// Paused (review or background).
    pub paused: bool,
}

/// How a game ended, as data (for translations) and in English.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SessionResult {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: EndReason,
    /// The reason's stable id (`move-limit`).
    pub reason_id: String,
    /// Final scores in the Norochess family.
    pub scores: Option<Scores>,
    /// The number of the last move played (`after move 48`).
    pub decided_at_move: Option<u32>,
    /// The side that made the last move.
    pub last_mover: Option<Side>,
    /// `White wins 38–33`.
    pub headline: String,
    /// `higher score after move 48`.
    pub reason_text: String,
    /// The result dialog's sentence: `White wins 38–33 — higher score after move 48`.
    pub text: String,
}

impl From<app::GameResult> for SessionResult {
    fn from(r: app::GameResult) -> Self {
        SessionResult {
            winner: r.winner,
            reason: r.reason,
            reason_id: r.reason.id().to_string(),
            scores: Scores::from_pair(r.scores),
            decided_at_move: r.decided_at_move,
            last_mover: r.last_mover,
            headline: r.headline(),
            reason_text: r.reason_text(),
            text: r.sentence(),
        }
    }
}

pub use app::MoveListEntry;

pub use app::SaveState;

/// Everything a game screen draws, at one moment. The screen keeps no game
/// logic: whose turn it is, what may be done, every text and the clocks
/// come from here.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SessionSnapshot {
    /// The position shown: the live one, or the reviewed one. Its
    /// `legalMoves` are the moves the person may make now: none in
    /// review, on the computer's turn or after the end.
    pub board: GameSnapshot,
    /// The number of moves shown while reviewing (`None`: the live game).
    pub reviewing: Option<u32>,
    /// Moves played in the live game.
    pub ply_count: u32,
    /// The move list.
    pub moves: Vec<MoveListEntry>,
    /// The move list as rows: `1. e4 e5`, `2. Nf3` (`1… e5` when the game
    /// began with Black to move).
    pub move_rows: Vec<String>,
    /// White's player.
    pub white: PlayerInfo,
    /// Black's player.
    pub black: PlayerInfo,
    /// The side to move in the live game.
    pub to_move: Side,
    /// Whether the computer is to move in the live game.
    pub computer_to_move: bool,
    /// Whether a computer move or hint is being searched (show the
    /// thinking indicator).
    pub thinking: bool,
    /// Whether the person may move now (the board takes input).
    pub can_move: bool,
    /// The clocks, if the game has one.
    pub clock: Option<SessionClock>,
    /// The result, once the game has ended.
    pub result: Option<SessionResult>,
    /// The result dialog's sentence (`White wins 38–33 — higher score after move 48`).
    pub result_text: Option<String>,
    /// One line under the board: `White to move`, `Computer is thinking…`,
    /// `Reviewing move 12`, or the result's headline.
    pub status_text: String,
    /// The score bar in the Norochess family: `19 – 15`.
    pub score_text: Option<String>,
    /// The move counter in the Norochess family: `Move 31 / 48`, or
    /// `Overtime 52 / 60` in overtime.
    pub move_counter_text: Option<String>,
    /// `3 moves left`, `last regular move`: in the last five regular moves
    /// (show it beside the counter).
    pub moves_left_text: Option<String>,
    /// The game screen's title: `Norochess · vs the computer (level 4)`,
    /// `Ram chess · Ann vs Bob`.
    pub title: String,
    /// Two people share the device: hints give way to draw offers, and a
    /// resignation names the side that resigns.
    pub pass_and_play: bool,
    /// Overtime: show the counter as a distinct badge.
    pub overtime: bool,
    /// The last few regular moves before the move limit: mark the counter.
    pub final_moves: bool,
    /// What the last move did, if it needs saying (a ram, a swap, a
    /// dethronement).
    pub announcement: Option<String>,
    /// Whether takeback is possible now.
    pub can_takeback: bool,
    /// Whether a taken-back move can be replayed.
    pub can_redo: bool,
    /// Whether a hint can be asked for now.
    pub can_hint: bool,
    /// Whether resigning is possible now (the game goes on).
    pub can_resign: bool,
    /// Whether a draw can be offered (pass and play, game going on).
    pub can_offer_draw: bool,
    /// A draw offered by this side, waiting for an answer.
    pub draw_offer: Option<Side>,
    /// The side drawn at the bottom of the board.
    pub bottom: Side,
    /// Face-to-face mode: the pieces of this side (at the top) are drawn
    /// upside down.
    pub upside_down: Option<Side>,
    /// Whether the last change reached the library.
    pub save_state: SaveState,
    /// The game's id in the library, once saved.
    pub game_id: Option<i64>,
    /// The person's selection, its targets, and the open promotion picker
    /// or repetition question: the board draws these.
    pub input: BoardInputView,
}

/// What became of a computer move.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum ComputerMove {
    /// The move was played (and saved).
    Played {
        /// The move.
        played: MoveInfo,
        /// It with its number: `12… Nf6`.
        text: String,
    },
    /// The game changed while the computer thought (a takeback, a
    /// resignation, a flag fall): the answer was dropped.
    Stale,
    /// The position has no move for the computer; nothing was played.
    NoMove,
    /// It is not the computer's turn (pass and play, the person's turn, or
    /// the game is over): nothing was searched.
    NotComputersTurn,
    /// [`GameSessionHandle::cancel_searches`] stopped the search: nothing
    /// was played.
    Cancelled,
}

/// A hint for the person to move.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SessionHint {
    /// The suggested move.
    pub suggested: MoveInfo,
    /// The engine's score for the person.
    pub score: Option<EngineScore>,
    /// The expected result in words: `expected result +2.50 points for
    /// White`, `White wins by 3 with best play`.
    pub expectation: String,
    /// The line a screen shows: `Nf3 (Ng1-f3) — expected result …`.
    pub text: String,
}

/// The state behind a session handle's lock.
struct State {
    session: app::GameSession,
    library: Option<Arc<LibraryHandle>>,
    save: SaveState,
    engine_settings: app::EngineSettings,
}

impl State {
    /// Saves into the attached library after a change; a failure is kept
    /// in `save` and never undoes the change.
    fn autosave(&mut self, now: u64) {
        let Some(library) = &self.library else {
            return;
        };
        self.save = SaveState::after(library.save_session(&mut self.session, now));
        if let SaveState::Failed { detail } = &self.save {
            log::warn!("autosave failed: {detail}");
        }
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
        let save = SaveState::opened(
            library.is_some(),
            session.library_id(),
            session.saved_revision(),
        );
        Arc::new(GameSessionHandle {
            state: Arc::new(Mutex::new(State {
                session,
                library,
                save,
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

/// The spec of a new game, with defaults from the settings.
fn spec_of(game: &NewGame, settings: &app::Settings) -> Result<app::GameSpec> {
    let variant = game.setup.variant()?;
    let (opponent, names) =
        game.opponent
            .resolve(game.seed, game.player_name.as_deref(), settings)?;
    Ok(app::GameSpec {
        variant,
        start: game.setup.start_number,
        position: game.position_text.clone(),
        opponent,
        names,
        clock: game.clock,
        board_mode: app::session::board_mode_for(game.board_mode, opponent, settings),
        seed: game.seed,
    })
}

fn snapshot_of_state(state: &State, now: u64) -> SessionSnapshot {
    let session = &state.session;
    let s = session.snapshot(now);
    let game = session.game();
    let mut board = match s.reviewing {
        Some(ply) => snapshot_of(&session.game_at(ply)),
        None => snapshot_of(game),
    };
    if !s.can_move {
        board.legal_moves.clear();
    }
    SessionSnapshot {
        reviewing: s.reviewing.map(|p| p as u32),
        ply_count: s.ply_count as u32,
        move_rows: s.move_rows,
        moves: s.moves,
        white: PlayerInfo::from(&s.players[0]),
        black: PlayerInfo::from(&s.players[1]),
        to_move: s.to_move,
        computer_to_move: s.computer_to_move,
        thinking: s.thinking,
        can_move: s.can_move,
        clock: s.clock.map(|c| SessionClock {
            white_ms: c.remaining_ms[0],
            black_ms: c.remaining_ms[1],
            white_text: app::texts::format_time(c.remaining_ms[0]),
            black_text: app::texts::format_time(c.remaining_ms[1]),
            running: c.running,
            white_low: c.low[0],
            black_low: c.low[1],
            paused: c.paused,
        }),
        result_text: s.result_text,
        result: s.result.map(SessionResult::from),
        status_text: s.status_text,
        score_text: s.score_text,
        move_counter_text: s.move_counter_text,
        moves_left_text: s.moves_left_text,
        title: s.title,
        pass_and_play: s.pass_and_play,
        overtime: board.overtime.is_some(),
        final_moves: s.final_moves,
        announcement: s.announcement,
        can_takeback: s.can_takeback,
        can_redo: s.can_redo,
        can_hint: s.can_hint,
        can_resign: !game.is_over(),
        can_offer_draw: s.can_offer_draw,
        draw_offer: s.draw_offer,
        bottom: s.bottom,
        upside_down: s.upside_down,
        save_state: state.save.clone(),
        game_id: session.library_id(),
        input: s.input,
        board,
    }
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
            let spec = spec_of(&game, &settings)?;
            let mut session = app::GameSession::new(spec)?;
            session.set_policies(settings.takeback, settings.hints);
            session.set_orientation(settings.orientation);
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
        snapshot_of_state(&lock(&self.state), now_ms)
    }

    /// The live game after `ply` moves (0 = the start), without changing
    /// what the screen reviews.
    pub fn snapshot_at(&self, ply: u32) -> Result<GameSnapshot> {
        guard("GameSessionHandle.snapshot_at", || {
            let state = lock(&self.state);
            let played = state.session.game().plies().len();
            if ply as usize > played {
                return Err(NorochessError::invalid_argument(format!(
                    "move {ply} does not exist: the game has {played} moves"
                )));
            }
            Ok(snapshot_of(&state.session.game_at(ply as usize)))
        })
    }

    /// What the move `from`–`to` offers on the last rank: the pieces to
    /// choose from (the promotion picker shows exactly these), or a
    /// dethronement (announced, not chosen).
    pub fn promotion_choices(&self, from: String, to: String) -> Result<PromotionChoices> {
        guard("GameSessionHandle.promotion_choices", || {
            let state = lock(&self.state);
            let game = state.session.game();
            let candidates = candidates(game.position(), &from, &to)?;
            let choices: Vec<PieceKind> = candidates.iter().filter_map(|m| m.promotion()).collect();
            let resurrection =
                !matches!(game.variant().rules().promotion, core::PromotionRule::Free);
            Ok(PromotionChoices {
                is_resurrection: resurrection && !choices.is_empty(),
                is_dethronement: candidates
                    .iter()
                    .any(|m| m.kind == core::MoveKind::Dethrone),
                choices,
            })
        })
    }

    /// The squares the piece on `from` can move to now (empty on the
    /// computer's turn, in review and after the end).
    pub fn legal_targets(&self, from: String) -> Result<Vec<String>> {
        guard("GameSessionHandle.legal_targets", || {
            let state = lock(&self.state);
            let game = state.session.game();
            let position = game.position();
            let square = parse_square(position, &from)?;
            if state.session.computer_to_move() || game.is_over() {
                return Ok(Vec::new());
            }
            let mut targets: Vec<String> = Vec::new();
            for m in game.moves_from(square) {
                let name = m.to.name(position.width());
                if !targets.contains(&name) {
                    targets.push(name);
                }
            }
            Ok(targets)
        })
    }

    /// Whether the move `from`–`to` (`promotion` as for [`Self::play`])
    /// would create the third occurrence of a position, which loses at
    /// once in the Norochess family: ask "play it anyway?" before playing
    /// it (unless the player turned the warning off). `false` where
    /// repetition is a draw. An error if there is no such move.
    pub fn move_loses_by_repetition(
        &self,
        from: String,
        to: String,
        promotion: Option<PieceKind>,
    ) -> Result<bool> {
        guard("GameSessionHandle.move_loses_by_repetition", || {
            let state = lock(&self.state);
            let before = *state.session.game().position();
            let mv = choose_move(&before, &from, &to, promotion)?;
            Ok(state.session.move_loses_by_repetition(mv))
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
    pub fn resign(&self, by: Option<Side>, now_ms: u64) -> Result<GameOutcome> {
        self.change("GameSessionHandle.resign", now_ms, |session| {
            Ok(session.resign(by, now_ms)?.into())
        })
    }

    /// `by` (the side to move if `None`) offers a draw (pass and play).
    pub fn offer_draw(&self, by: Option<Side>) -> Result<()> {
        guard("GameSessionHandle.offer_draw", || {
            Ok(lock(&self.state).session.offer_draw(by)?)
        })
    }

    /// The other side accepts the draw offer: the game is drawn. Saved.
    pub fn accept_draw(&self, now_ms: u64) -> Result<GameOutcome> {
        self.change("GameSessionHandle.accept_draw", now_ms, |session| {
            Ok(session.accept_draw(now_ms)?.into())
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
    pub fn tick(&self, now_ms: u64) -> Option<GameOutcome> {
        let mut state = lock(&self.state);
        let outcome = state.session.tick(now_ms)?;
        state.autosave(now_ms);
        Some(outcome.into())
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
        state.save.clone()
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
        let (request, state) = {
            let state_arc = self.state.clone();
            let mut state = lock(&self.state);
            let settings = state.engine_settings;
            let request = guard("GameSessionHandle.computer_move", || {
                Ok(state.session.request_computer_move(settings, now_ms))
            })?;
            (request, state_arc)
        };
        let Some(request) = request else {
            return Ok(ComputerMove::NotComputersTurn);
        };
        let ticket = request.ticket;
        let engine = self.engine.clone();
        let cancel_state = state.clone();
        let started_search = Background::start(
            "computer move",
            &self.searches,
            request.stop_handle(),
            Box::new(move || lock(&cancel_state).session.cancel_computer_move(ticket)),
            move || request.think(&mut lock(&engine)),
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
        // The clock is charged for the time the computer thought.
        let now = now_ms.saturating_add(app::session::millis(started.elapsed()));
        guard("GameSessionHandle.computer_move", || {
            let mut state = lock(&state);
            let before = *state.session.game().position();
            let answer = state.session.computer_answer(ticket, mv, now)?;
            Ok(match answer {
                app::ComputerAnswer::Played { mv, text } => {
                    state.autosave(now);
                    ComputerMove::Played {
                        played: MoveInfo::of(&before, mv),
                        text,
                    }
                }
                app::ComputerAnswer::Stale => ComputerMove::Stale,
                app::ComputerAnswer::NoMove => ComputerMove::NoMove,
            })
        })
    }

    /// A hint for the person to move, searched within `limits` on a thread
    /// of its own (give a limit: with none the search runs until
    /// cancelled). `None` if the game changed meanwhile. Cancelling the
    /// caller's coroutine or task stops the search.
    pub async fn hint(&self, limits: SearchLimits) -> Result<Option<SessionHint>> {
        let request = guard("GameSessionHandle.hint", || {
            crate::engine::check_limits(&limits)?;
            Ok(lock(&self.state).session.request_hint(limits.into())?)
        })?;
        let ticket = request.ticket;
        let position = request.search.position;
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
            let mut state = lock(&self.state);
            let Some(answer) = state.session.hint_answer(ticket, &result) else {
                return Ok(None);
            };
            Ok(Some(SessionHint {
                suggested: MoveInfo::of(&position, answer.mv),
                score: answer.score.map(|s| EngineScore::of(s, position.turn())),
                expectation: answer.expectation,
                text: answer.text,
            }))
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
            crate::engine::check_lines(lines)?;
            crate::engine::check_limits(&limits)?;
            let state = lock(&self.state);
            let s = state.session.snapshot(0);
            let game = match s.reviewing {
                Some(ply) => state.session.game_at(ply),
                None => state.session.game().clone(),
            };
            if let Some(outcome) = game.outcome() {
                return Err(core::GameError::GameOver(outcome).into());
            }
            let mut request = SearchRequest::for_game(&game, limits.into());
            request.multipv = lines as usize;
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
        Ok(SearchOutcome {
            best_move: result.best_move.map(|m| MoveInfo::of(&position, m)),
            lines: result.lines.iter().map(|l| line_of(&position, l)).collect(),
            depth: result.depth,
            nodes: result.nodes,
            elapsed_ms: result.elapsed.as_millis() as u64,
            was_stopped: stop.is_stopped(),
            ply_count,
        })
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
