//! Puzzles: the built-in pack, puzzle sessions and the player's progress
//! (docs/puzzles.md).
//!
//! - [`builtin_puzzles`] (and [`puzzles_by_difficulty`]) list the pack
//!   embedded in the core as [`PuzzleInfo`] records, for the puzzle menu.
//! - [`PuzzleSessionHandle`] is one puzzle being solved: the board to draw
//!   (the same [`GameSnapshot`] as a game), the player's moves answered
//!   with [`PuzzleFeedback`] (right, with the opponent's automatic reply,
//!   or wrong, with the refutation played on the board), `retry`, two-step
//!   hints ([`PuzzleHint`]) and "show solution" one step at a time.
//! - [`PuzzleProgressHandle`] keeps solved and failed puzzles and streaks,
//!   saved as a small text after every puzzle.
//!
//! **Threads.** A player's move is checked by the core's exact solver when
//! it leaves the intended line (another move that also achieves the
//! objective is accepted), and a wrong move's refutation is proven the same
//! way: [`PuzzleSessionHandle::play`], [`PuzzleSessionHandle::play_text`],
//! [`PuzzleSessionHandle::hint`] and [`PuzzleSessionHandle::show_next`] may
//! take a second or more (a wrong move is proven wrong and its refutation
//! found within the core's node budget), so call them off the main thread (a Kotlin
//! coroutine on `Dispatchers.Default`, a Swift `Task.detached`). Two of
//! them on one session run one after the other. The reading calls
//! (`snapshot`, `state`, `solvedCleanly`, `player`, `puzzle`,
//! `objectiveText`) never wait for a running move: they answer from the
//! session as the last finished call left it, so the board can be drawn
//! on the main thread at any time.

use crate::error::{guard, NorochessError, Result};
use crate::game::{choose_move, snapshot_of, GameSnapshot};
use crate::types::{lock, MoveInfo, PieceKind, Side};
use crate::variants::{GameSetup, GameVariant};
use norochess_core as core;
use norochess_core::puzzle::{
    builtin_pack, Difficulty, Hint, MoveFeedback, Puzzle, PuzzleError, PuzzleProgress,
    PuzzleSession, SessionState,
};
use norochess_core::{Game, Objective};
use once_cell::sync::Lazy;
use std::sync::{Arc, Mutex};

/// How hard a puzzle is: its rating's tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PuzzleDifficulty {
    /// Rating below 1300 (`easy`).
    Easy,
    /// Rating 1300 to 1699 (`medium`).
    Medium,
    /// Rating 1700 and above (`hard`).
    Hard,
}

impl From<Difficulty> for PuzzleDifficulty {
    fn from(d: Difficulty) -> Self {
        match d {
            Difficulty::Easy => PuzzleDifficulty::Easy,
            Difficulty::Medium => PuzzleDifficulty::Medium,
            Difficulty::Hard => PuzzleDifficulty::Hard,
        }
    }
}

/// What the player (the side to move at the start) must achieve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PuzzleObjective {
    /// Force a win (`win`).
    Win,
    /// Force a win with a final margin of at least `margin` points (`win-by K`).
    WinBy {
        /// The smallest final margin that counts, in points.
        margin: u32,
    },
    /// Avoid losing: force a draw or better (`save`).
    Save,
    /// Gain at least `points` more than the opponent within `moves` of the
    /// player's moves and the opponent's answers (`gain 5 in 2`): a
    /// middlegame puzzle, where captured points are kept for good.
    Gain {
        /// Points to gain over the opponent.
        points: u32,
        /// The player's moves to do it in.
        moves: u32,
    },
}

impl From<Objective> for PuzzleObjective {
    fn from(o: Objective) -> Self {
        match o {
            Objective::Win => PuzzleObjective::Win,
            Objective::WinBy(k) => PuzzleObjective::WinBy {
                margin: u32::from(k),
            },
            Objective::Save => PuzzleObjective::Save,
            Objective::Gain { points, moves } => PuzzleObjective::Gain {
                points: u32::from(points),
                moves: u32::from(moves),
            },
            // The solver's form of a gain, never written in a puzzle file:
            // a lead to keep is shown as the nearest objective, never a panic.
            Objective::Lead(k) if k > 0 => PuzzleObjective::Win,
            Objective::Lead(_) => PuzzleObjective::Save,
        }
    }
}

/// One puzzle, for the puzzle menu and the puzzle screen's title.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PuzzleInfo {
    /// Stable identifier (`np1042`): what progress is kept under.
    pub id: String,
    /// The game (`GameVariant.NOROCHESS` or `NOROCHESS960`).
    pub variant: GameVariant,
    /// The game's id (`norochess`, `norochess960`).
    pub variant_id: String,
    /// The player's start position as text, with move number and both
    /// scores (docs/position-format.md): after the opponent's move, if the
    /// puzzle has one. A session's first snapshot shows this position.
    pub position_text: String,
    /// The position before the opponent's move (the same as
    /// `position_text` when the puzzle has no opponent's move).
    pub position_before_text: String,
    /// The opponent's move that sets the puzzle (its mistake), played from
    /// `position_before_text` before the player's turn, as lichess puzzles
    /// begin: a session's first snapshot has it as its last move. `None`
    /// when the puzzle starts with the player to move.
    pub opponent_move: Option<MoveInfo>,
    /// The side the player plays: the side to move at the start (orient
    /// the board for it).
    pub player: Side,
    /// What the player must achieve.
    pub objective: PuzzleObjective,
    /// The objective as the puzzle file writes it: `win`, `win-by 3`,
    /// `save`, `gain 5 in 2`.
    pub objective_id: String,
    /// The objective in words, with move number and score: `White to play
    /// and win — move 46, score 30–31`, `White to play and gain 5 points
    /// in 2 moves — move 33, score 23–27`.
    pub objective_text: String,
    /// The difficulty tier.
    pub difficulty: PuzzleDifficulty,
    /// The tier's id: `easy`, `medium` or `hard`.
    pub difficulty_id: String,
    /// The difficulty rating (about 600–2400).
    pub rating: u32,
    /// Themes such as `overtime`, `last-move-capture`, `king-hunt`
    /// (docs/puzzles.md lists them).
    pub themes: Vec<String>,
    /// How many moves the player has to find (the length of the solution
    /// in the player's moves).
    pub player_moves: u32,
    /// The intended line in coordinates (`c2f5`, `e7e8q`): the player's
    /// moves and the best defence, alternating, starting with the player.
    /// A spoiler: for reviews after solving, not for the puzzle screen.
    pub solution: Vec<String>,
    /// The same line in SAN (`Qf5`, `Bxh2`), for showing the solution.
    pub solution_san: Vec<String>,
}

/// The record of one puzzle (its solution in SAN is worked out here).
pub(crate) fn info_of(puzzle: &Puzzle) -> Result<PuzzleInfo> {
    let invalid = |problem: String| {
        NorochessError::invalid_puzzle(format!("puzzle {}: {problem}", puzzle.id))
    };
    let before = puzzle.before().map_err(|e| invalid(e.to_string()))?;
    let opponent_move = puzzle
        .setup_move()
        .map_err(invalid)?
        .map(|m| MoveInfo::of(&before, m));
    let start = puzzle.start().map_err(invalid)?;
    let moves = puzzle.solution_moves().map_err(invalid)?;
    let mut solution_san = Vec::with_capacity(moves.len());
    let mut position = start;
    for &m in &moves {
        solution_san.push(position.to_san(m));
        position = position.play(m).map_err(|e| invalid(e.to_string()))?;
    }
    let difficulty = puzzle.difficulty();
    Ok(PuzzleInfo {
        id: puzzle.id.clone(),
        variant: GameSetup::of(puzzle.variant, None).variant,
        variant_id: puzzle.variant.id().to_string(),
        position_text: start.to_text(),
        position_before_text: before.to_text(),
        opponent_move,
        player: start.turn().into(),
        objective: puzzle.objective.into(),
        objective_id: puzzle.objective.text(),
        objective_text: puzzle.describe(),
        difficulty: difficulty.into(),
        difficulty_id: difficulty.id().to_string(),
        rating: u32::from(puzzle.rating),
        themes: puzzle.themes.clone(),
        player_moves: puzzle.solution.len().div_ceil(2) as u32,
        solution: puzzle.solution.clone(),
        solution_san,
    })
}

/// The built-in pack, read once (the text is embedded in the library).
static PACK: Lazy<std::result::Result<Vec<Puzzle>, PuzzleError>> = Lazy::new(builtin_pack);

/// The built-in pack, or why it cannot be read.
pub(crate) fn pack() -> Result<&'static [Puzzle]> {
    PACK.as_ref().map(Vec::as_slice).map_err(|e| {
        NorochessError::invalid_puzzle(format!("the built-in puzzle pack cannot be read: {e}"))
    })
}

/// The built-in puzzles, in pack order (easy and hard mixed; the app
/// sorts or filters, or uses [`puzzles_by_difficulty`]). Reads the pack
/// once and proves nothing: quick enough for the main thread.
#[uniffi::export]
pub fn builtin_puzzles() -> Result<Vec<PuzzleInfo>> {
    guard("builtin_puzzles", || pack()?.iter().map(info_of).collect())
}

/// The built-in puzzles of one difficulty tier, in pack order.
#[uniffi::export]
pub fn puzzles_by_difficulty(difficulty: PuzzleDifficulty) -> Result<Vec<PuzzleInfo>> {
    guard("puzzles_by_difficulty", || {
        pack()?
            .iter()
            .filter(|p| PuzzleDifficulty::from(p.difficulty()) == difficulty)
            .map(info_of)
            .collect()
    })
}

/// Where a puzzle session stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PuzzleState {
    /// Waiting for the player's move.
    Solving,
    /// The last move was wrong and its refutation is on the board:
    /// [`PuzzleSessionHandle::retry`] takes them back (or
    /// [`PuzzleSessionHandle::show_next`] shows the right move).
    Wrong,
    /// The objective is achieved.
    Solved,
}

impl From<SessionState> for PuzzleState {
    fn from(s: SessionState) -> Self {
        match s {
            SessionState::Solving => PuzzleState::Solving,
            SessionState::Wrong => PuzzleState::Wrong,
            SessionState::Solved => PuzzleState::Solved,
        }
    }
}

/// The answer to the player's move.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum PuzzleFeedback {
    /// The move achieves the objective (the intended move, or another the
    /// solver proves just as good).
    Correct {
        /// The player's move.
        played: MoveInfo,
        /// The opponent's answer, already on the board (`None` when the
        /// puzzle is solved or the game ended with the move).
        reply: Option<MoveInfo>,
        /// Whether the puzzle is now solved.
        solved: bool,
    },
    /// The move lets the objective slip: the opponent's refutation (the
    /// best defence and what follows, a few moves) is on the board. The
    /// session is now [`PuzzleState::Wrong`]: `retry` to try again.
    Wrong {
        /// The player's move.
        played: MoveInfo,
        /// The refuting line, starting with the opponent's answer.
        refutation: Vec<MoveInfo>,
    },
}

/// A hint: the first asks show the piece to move, the next the move.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum PuzzleHint {
    /// Move the piece on `square` (highlight it).
    Piece {
        /// The piece's square (`c2`).
        square: String,
        /// What kind of piece it is ("move your queen").
        kind: PieceKind,
    },
    /// Play this move. Taking this hint means the puzzle no longer counts
    /// as solved cleanly.
    Move {
        /// The move to play.
        suggested: MoveInfo,
    },
}

/// What the reading calls of a session answer without waiting for a
/// running move.
struct SessionView {
    snapshot: GameSnapshot,
    state: PuzzleState,
    solved_cleanly: bool,
}

impl SessionView {
    fn of(session: &PuzzleSession) -> SessionView {
        SessionView {
            snapshot: snapshot_of(session.game()),
            state: session.state().into(),
            solved_cleanly: session.solved_cleanly(),
        }
    }
}

/// One puzzle being solved: the board, the player's moves with their
/// feedback, retries, hints and the solution step by step.
///
/// Thread-safe. `play`, `playText`, `hint` and `showNext` may run the exact
/// solver: call them off the main thread. The other calls never wait for
/// them (see the module notes).
///
/// A session holds the solver's table (16 MB): keep one per puzzle screen
/// and free it when the screen goes (Kotlin `close()` or `use`, Swift
/// releases it with the last reference).
#[derive(uniffi::Object)]
pub struct PuzzleSessionHandle {
    info: PuzzleInfo,
    session: Mutex<PuzzleSession>,
    view: Mutex<SessionView>,
}

/// The problem of a puzzle error, without the file's line number (one
/// puzzle has no lines to count).
fn puzzle_problem(e: PuzzleError) -> String {
    match e {
        PuzzleError::Line { problem, .. } => problem,
        other => other.to_string(),
    }
}

/// The moves played in `game` from ply `start` on, described.
fn moves_since(game: &Game, start: usize) -> Vec<MoveInfo> {
    let positions = game.positions();
    game.plies()
        .iter()
        .enumerate()
        .skip(start)
        .filter_map(|(i, ply)| positions.get(i).map(|p| MoveInfo::of(p, ply.mv)))
        .collect()
}

/// Fails unless the session waits for the player's move.
fn check_waiting(session: &PuzzleSession) -> Result<()> {
    match session.state() {
        SessionState::Solving => Ok(()),
        SessionState::Wrong => Err(NorochessError::game_over(
            "the last move was wrong: retry takes it back before the next try",
        )),
        SessionState::Solved => Err(NorochessError::game_over(
            "the puzzle is solved: no more moves",
        )),
    }
}

/// Plays the player's legal move `m` and describes the answer.
fn play_move(session: &mut PuzzleSession, m: core::Move) -> Result<PuzzleFeedback> {
    let start = session.game().plies().len();
    let feedback = session.play(m)?;
    let mut moves = moves_since(session.game(), start).into_iter();
    let played = moves
        .next()
        .ok_or_else(|| NorochessError::internal("the puzzle move was not played"))?;
    log::debug!("puzzle move {}: {:?}", played.san, session.state());
    Ok(match feedback {
        MoveFeedback::Correct { solved, .. } => PuzzleFeedback::Correct {
            played,
            reply: moves.next(),
            solved,
        },
        MoveFeedback::Wrong { .. } => PuzzleFeedback::Wrong {
            played,
            refutation: moves.collect(),
        },
    })
}

impl PuzzleSessionHandle {
    fn start(puzzle: Puzzle) -> Result<Arc<PuzzleSessionHandle>> {
        let info = info_of(&puzzle)?;
        let id = puzzle.id.clone();
        let session = PuzzleSession::new(puzzle)
            .map_err(|e| NorochessError::invalid_puzzle(puzzle_problem(e)))?;
        log::debug!("puzzle {id}: {}", info.objective_text);
        let view = SessionView::of(&session);
        Ok(Arc::new(PuzzleSessionHandle {
            info,
            session: Mutex::new(session),
            view: Mutex::new(view),
        }))
    }

    /// Runs `body` on the session and refreshes what the reading calls see.
    fn act<T>(&self, what: &str, body: impl FnOnce(&mut PuzzleSession) -> Result<T>) -> Result<T> {
        guard(what, || {
            let mut session = lock(&self.session);
            let result = body(&mut session);
            *lock(&self.view) = SessionView::of(&session);
            result
        })
    }
}

#[uniffi::export]
impl PuzzleSessionHandle {
    /// Starts the built-in puzzle `puzzle_id` (`np1042`, from
    /// [`builtin_puzzles`]). Quick: the solver runs only when moves are
    /// played.
    #[uniffi::constructor]
    pub fn new(puzzle_id: String) -> Result<Arc<PuzzleSessionHandle>> {
        guard("PuzzleSessionHandle.new", || {
            let pack = pack()?;
            let id = puzzle_id.trim();
            let puzzle = pack.iter().find(|p| p.id == id).ok_or_else(|| {
                let range = match (pack.first(), pack.last()) {
                    (Some(first), Some(last)) => {
                        format!("{} puzzles, {} to {}", pack.len(), first.id, last.id)
                    }
                    _ => "it is empty".to_string(),
                };
                NorochessError::invalid_puzzle(format!(
                    "there is no puzzle `{puzzle_id}` in the built-in pack ({range})"
                ))
            })?;
            PuzzleSessionHandle::start(puzzle.clone())
        })
    }

    /// Starts a puzzle given as one line of the puzzle format, version 2
    /// (`id|variant|position|opponent-move|objective|solution|rating|themes`,
    /// docs/puzzles.md; `-` for no opponent's move) or version 1 (seven
    /// fields, no opponent's move): a shared or home-made puzzle. Its
    /// opponent's move and solution are checked for legality, not
    /// re-proven.
    #[uniffi::constructor]
    pub fn from_line(line: String) -> Result<Arc<PuzzleSessionHandle>> {
        guard("PuzzleSessionHandle.from_line", || {
            let line = line.trim();
            // Seven fields are the first version's line; anything else is
            // read (and its errors reported) as the current version.
            let version = if line.split('|').count() == 7 { 1 } else { 2 };
            let puzzle = Puzzle::from_line_of_version(line, 1, version).map_err(|e| {
                NorochessError::invalid_puzzle(format!(
                    "cannot read the puzzle: {}",
                    puzzle_problem(e)
                ))
            })?;
            PuzzleSessionHandle::start(puzzle)
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> PuzzleInfo {
        self.info.clone()
    }

    /// The side the player plays (orient the board for it).
    pub fn player(&self) -> Side {
        self.info.player
    }

    /// The objective in words, for the top of the screen: `White to play
    /// and win — move 48, score 13–13`.
    pub fn objective_text(&self) -> String {
        self.info.objective_text.clone()
    }

    /// The board to draw, as for a game (pieces, legal moves, last move,
    /// scores, move number…). Never waits for a running move.
    pub fn snapshot(&self) -> GameSnapshot {
        lock(&self.view).snapshot.clone()
    }

    /// Where the session stands. Never waits for a running move.
    pub fn state(&self) -> PuzzleState {
        lock(&self.view).state
    }

    /// Whether the puzzle is solved without a wrong move, a move hint or
    /// the solution shown: what [`PuzzleProgressHandle::record`] takes as
    /// `clean`.
    pub fn solved_cleanly(&self) -> bool {
        lock(&self.view).solved_cleanly
    }

    /// Plays the player's move from `from` to `to`, as a board produces it
    /// (`promotion` as for `GameHandle.play`), and answers it: correct,
    /// with the opponent's reply played, or wrong, with the refutation
    /// played. May run the solver: call off the main thread.
    pub fn play(
        &self,
        from: String,
        to: String,
        promotion: Option<PieceKind>,
    ) -> Result<PuzzleFeedback> {
        self.act("PuzzleSessionHandle.play", |session| {
            check_waiting(session)?;
            let m = choose_move(session.game().position(), &from, &to, promotion)?;
            play_move(session, m)
        })
    }

    /// Plays the player's move written in any notation the core reads
    /// (`Qf5`, `c2f5`, `Qc2-f5`) and answers it as [`Self::play`] does. May
    /// run the solver: call off the main thread.
    pub fn play_text(&self, text: String) -> Result<PuzzleFeedback> {
        self.act("PuzzleSessionHandle.play_text", |session| {
            check_waiting(session)?;
            let m = session.game().position().parse_move(&text)?;
            play_move(session, m)
        })
    }

    /// After a wrong move: takes it and its refutation back to try again.
    /// Returns whether there was something to take back.
    pub fn retry(&self) -> Result<bool> {
        self.act("PuzzleSessionHandle.retry", |session| Ok(session.retry()))
    }

    /// The next hint: the first call shows the piece to move, the second
    /// the move itself (which makes the solve no longer clean). `None`
    /// unless the session waits for a move. May run the solver (off the
    /// intended line): call off the main thread.
    pub fn hint(&self) -> Result<Option<PuzzleHint>> {
        self.act("PuzzleSessionHandle.hint", |session| {
            let Some(hint) = session.hint() else {
                return Ok(None);
            };
            let position = session.game().position();
            Ok(Some(match hint {
                Hint::Piece(square) => PuzzleHint::Piece {
                    square: square.name(position.width()),
                    kind: position
                        .piece_at(square)
                        .map(|p| PieceKind::from(p.role))
                        .ok_or_else(|| NorochessError::internal("the hinted square is empty"))?,
                },
                Hint::Move(m) => PuzzleHint::Move {
                    suggested: MoveInfo::of(position, m),
                },
            }))
        })
    }

    /// "Show solution", one step at a time: takes back a wrong move if
    /// there is one, then plays the next correct move and the opponent's
    /// answer. Returns the moves played (empty once solved). The solve no
    /// longer counts as clean. May run the solver: call off the main thread.
    pub fn show_next(&self) -> Result<Vec<MoveInfo>> {
        self.act("PuzzleSessionHandle.show_next", |session| {
            if session.state() == SessionState::Wrong {
                session.retry();
            }
            let start = session.game().plies().len();
            session.show_next();
            Ok(moves_since(session.game(), start))
        })
    }
}

/// A player's puzzle progress: solved and failed puzzles, the current
/// streak and the best one. Save [`PuzzleProgressHandle::to_text`] after
/// every puzzle and read it back with [`PuzzleProgressHandle::from_text`].
///
/// Thread-safe; every call is quick.
#[derive(uniffi::Object)]
pub struct PuzzleProgressHandle {
    progress: Mutex<PuzzleProgress>,
}

const PROGRESS_HEADER: &str = "norochess-puzzle-progress 1";

#[uniffi::export]
impl PuzzleProgressHandle {
    /// No puzzles played yet.
    #[uniffi::constructor]
    pub fn new() -> Arc<PuzzleProgressHandle> {
        Arc::new(PuzzleProgressHandle {
            progress: Mutex::new(PuzzleProgress::default()),
        })
    }

    /// Progress saved by [`PuzzleProgressHandle::to_text`].
    #[uniffi::constructor]
    pub fn from_text(text: String) -> Result<Arc<PuzzleProgressHandle>> {
        guard("PuzzleProgressHandle.from_text", || {
            let progress = PuzzleProgress::from_text(&text).ok_or_else(|| {
                let first = text.lines().next().unwrap_or("").trim();
                NorochessError::invalid_progress(if first == PROGRESS_HEADER {
                    "the saved puzzle progress cannot be read: expected lines `streak N`, \
                     `best N`, `solved ids` and `failed ids` after the header"
                        .to_string()
                } else {
                    format!(
                        "the saved puzzle progress cannot be read: expected `{PROGRESS_HEADER}` \
                         on the first line, found `{}`",
                        first.chars().take(40).collect::<String>()
                    )
                })
            })?;
            Ok(Arc::new(PuzzleProgressHandle {
                progress: Mutex::new(progress),
            }))
        })
    }

    /// Records a finished attempt at `puzzle_id`: `clean` when it was
    /// solved cleanly (`PuzzleSessionHandle.solvedCleanly`), which adds to
    /// the streak; otherwise (solved with help, or given up after a wrong
    /// move) the streak starts again.
    pub fn record(&self, puzzle_id: String, clean: bool) -> Result<()> {
        guard("PuzzleProgressHandle.record", || {
            let id = puzzle_id.trim();
            if id.is_empty()
                || !id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                return Err(NorochessError::invalid_argument(format!(
                    "`{puzzle_id}` is not a puzzle id (letters, digits, - and _ only)"
                )));
            }
            lock(&self.progress).record(id, clean);
            Ok(())
        })
    }

    /// Whether `puzzle_id` was solved cleanly (a tick in the menu).
    pub fn is_solved(&self, puzzle_id: String) -> bool {
        lock(&self.progress).is_solved(puzzle_id.trim())
    }

    /// Whether `puzzle_id` was failed and not solved since.
    pub fn is_failed(&self, puzzle_id: String) -> bool {
        lock(&self.progress).is_failed(puzzle_id.trim())
    }

    /// Puzzles solved cleanly in a row.
    pub fn streak(&self) -> u32 {
        lock(&self.progress).streak()
    }

    /// The longest streak so far.
    pub fn best_streak(&self) -> u32 {
        lock(&self.progress).best_streak()
    }

    /// How many puzzles were solved.
    pub fn solved_count(&self) -> u32 {
        lock(&self.progress).solved_count() as u32
    }

    /// How many puzzles were failed and not solved since.
    pub fn failed_count(&self) -> u32 {
        lock(&self.progress).failed_count() as u32
    }

    /// The saved form: a few lines of text to store after every puzzle.
    pub fn to_text(&self) -> String {
        lock(&self.progress).to_text()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A known sound puzzle: White wins with 1. Qf5 (c2f5).
    const LINE: &str = "t7|norochess|2r5/2q2p2/3b3r/p4p2/2nk2pp/p7/P1Q1RPPP/4KB1R w - - 0 48 score=13-13|-|win|c2f5 d6h2 f5g4|1829|";

    /// A puzzle that starts with the opponent's mistake: Black's 29...Qd5
    /// puts the queen where the rook takes it, and White gains 9 points.
    const GAIN: &str = "g1|norochess|3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 29 score=10-10|d8d5|gain 9 in 1|d1d5|1000|";

    #[test]
    fn the_intended_line_solves_the_puzzle() {
        let session = PuzzleSessionHandle::from_line(LINE.into()).unwrap();
        let info = session.puzzle();
        assert_eq!(
            (info.id.as_str(), info.player_moves, info.rating),
            ("t7", 2, 1829)
        );
        assert_eq!(info.difficulty, PuzzleDifficulty::Hard);
        assert_eq!(info.objective, PuzzleObjective::Win);
        assert_eq!(
            session.objective_text(),
            "White to play and win — move 48, score 13–13"
        );
        assert_eq!(session.snapshot().move_number, 48);
        let feedback = session.play("c2".into(), "f5".into(), None).unwrap();
        let PuzzleFeedback::Correct {
            played,
            reply: Some(reply),
            solved: false,
        } = feedback
        else {
            panic!("{feedback:?}")
        };
        assert_eq!((played.uci.as_str(), reply.uci.as_str()), ("c2f5", "d6h2"));
        assert_eq!(session.snapshot().last_move.unwrap().uci, "d6h2");
        let feedback = session.play_text("f5g4".into()).unwrap();
        assert!(matches!(
            feedback,
            PuzzleFeedback::Correct { solved: true, .. }
        ));
        assert_eq!(session.state(), PuzzleState::Solved);
        assert!(session.solved_cleanly());
        assert!(matches!(
            session.play_text("a2a4".into()),
            Err(NorochessError::GameOver { detail: m }) if m.contains("solved")
        ));
    }

    #[test]
    fn wrong_moves_hints_and_the_solution() {
        let session = PuzzleSessionHandle::from_line(LINE.into()).unwrap();
        assert!(matches!(
            session.hint().unwrap(),
            Some(PuzzleHint::Piece { ref square, kind: PieceKind::Queen }) if square == "c2"
        ));
        let feedback = session.play_text("h3".into()).unwrap();
        let PuzzleFeedback::Wrong { refutation, .. } = feedback else {
            panic!("{feedback:?}")
        };
        assert!(!refutation.is_empty());
        assert_eq!(session.state(), PuzzleState::Wrong);
        assert!(session.play_text("c2f5".into()).is_err());
        assert!(session.retry().unwrap());
        assert_eq!(session.snapshot().ply_count, 0);
        let hint = session.hint().unwrap();
        assert!(matches!(hint, Some(PuzzleHint::Piece { .. })), "{hint:?}");
        let hint = session.hint().unwrap();
        assert!(
            matches!(hint, Some(PuzzleHint::Move { ref suggested }) if suggested.uci == "c2f5"),
            "{hint:?}"
        );
        let shown = session.show_next().unwrap();
        assert_eq!(
            shown.iter().map(|m| m.uci.as_str()).collect::<Vec<_>>(),
            ["c2f5", "d6h2"]
        );
        session.show_next().unwrap();
        assert_eq!(session.state(), PuzzleState::Solved);
        assert!(!session.solved_cleanly());
    }

    #[test]
    fn a_puzzle_starts_after_the_opponents_move() {
        let session = PuzzleSessionHandle::from_line(GAIN.into()).unwrap();
        let info = session.puzzle();
        assert_eq!(
            info.objective,
            PuzzleObjective::Gain {
                points: 9,
                moves: 1
            }
        );
        assert_eq!(info.objective_id, "gain 9 in 1");
        assert_eq!(
            info.objective_text,
            "White to play and gain 9 points in one move — move 30, score 10–10"
        );
        assert_eq!(info.player, Side::White);
        assert_eq!(
            info.position_before_text,
            "3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 29 score=10-10"
        );
        let opponent = info.opponent_move.clone().unwrap();
        assert_eq!(
            (opponent.uci.as_str(), opponent.san.as_str()),
            ("d8d5", "Qd5")
        );
        assert_eq!(info.solution_san, ["Rxd5"]);
        // The first snapshot is the player's start, the opponent's move
        // last on the board.
        let first = session.snapshot();
        assert_eq!(first.position_text, info.position_text);
        assert_eq!(first.turn, Side::White);
        assert_eq!(first.ply_count, 1);
        assert_eq!(first.last_move, Some(opponent.clone()));
        // A wrong move is taken back to the start, never the opponent's move.
        let feedback = session.play_text("h3".into()).unwrap();
        assert!(
            matches!(feedback, PuzzleFeedback::Wrong { .. }),
            "{feedback:?}"
        );
        assert!(session.retry().unwrap());
        let again = session.snapshot();
        assert_eq!(again.position_text, info.position_text);
        assert_eq!(again.last_move, Some(opponent));
        let feedback = session.play_text("Rxd5".into()).unwrap();
        assert!(
            matches!(
                feedback,
                PuzzleFeedback::Correct {
                    solved: true,
                    reply: None,
                    ..
                }
            ),
            "{feedback:?}"
        );
        assert_eq!(session.state(), PuzzleState::Solved);
        assert!(!session.solved_cleanly());
    }

    #[test]
    fn lines_of_the_first_format_still_start() {
        let old = LINE.replace("|-|", "|");
        let session = PuzzleSessionHandle::from_line(old).unwrap();
        let info = session.puzzle();
        assert_eq!(info.opponent_move, None);
        assert_eq!(info.position_text, info.position_before_text);
        assert_eq!(session.snapshot().ply_count, 0);
        assert_eq!(session.snapshot().last_move, None);
    }

    #[test]
    fn unknown_and_malformed_puzzles_and_progress() {
        assert!(matches!(
            PuzzleSessionHandle::new("nope".into()),
            Err(NorochessError::InvalidPuzzle { detail: m }) if m.contains("no puzzle `nope`")
        ));
        assert!(matches!(
            PuzzleSessionHandle::from_line("a|b".into()),
            Err(NorochessError::InvalidPuzzle { detail: m }) if m.starts_with("cannot read the puzzle: expected 8 fields")
        ));
        let progress = PuzzleProgressHandle::new();
        progress.record("t7".into(), true).unwrap();
        progress.record("t8".into(), false).unwrap();
        assert!(progress.record("a,b".into(), true).is_err());
        let back = PuzzleProgressHandle::from_text(progress.to_text()).unwrap();
        assert_eq!(
            (back.solved_count(), back.failed_count(), back.best_streak()),
            (1, 1, 1)
        );
        assert!(back.is_solved("t7".into()) && back.is_failed("t8".into()));
        assert!(matches!(
            PuzzleProgressHandle::from_text("hello".into()),
            Err(NorochessError::InvalidProgress { detail: m }) if m.contains("found `hello`")
        ));
    }

    #[test]
    fn the_builtin_pack_reads_and_starts() {
        let all = builtin_puzzles().unwrap();
        let hard = puzzles_by_difficulty(PuzzleDifficulty::Hard).unwrap();
        assert!(hard.len() <= all.len());
        if let Some(first) = all.first() {
            let session = PuzzleSessionHandle::new(first.id.clone()).unwrap();
            assert_eq!(session.puzzle(), *first);
        }
        // Every puzzle's session starts at its player's position, with the
        // opponent's move, if any, as the last move on the board.
        for info in &all {
            let snapshot = PuzzleSessionHandle::new(info.id.clone())
                .unwrap()
                .snapshot();
            assert_eq!(snapshot.position_text, info.position_text, "{}", info.id);
            assert_eq!(snapshot.turn, info.player, "{}", info.id);
            assert_eq!(snapshot.last_move, info.opponent_move, "{}", info.id);
            assert_eq!(
                snapshot.ply_count,
                u32::from(info.opponent_move.is_some()),
                "{}",
                info.id
            );
            if info.opponent_move.is_none() {
                assert_eq!(info.position_before_text, info.position_text);
            }
        }
    }
}
