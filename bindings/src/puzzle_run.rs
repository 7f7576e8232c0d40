//! One puzzle attempt for the phone apps: the app layer's
//! [`norochess_app::PuzzleRun`] behind a lock, with the next and daily
//! policies. Every rule (how an attempt counts, when it is recorded, which
//! puzzle is next, which is the day's) is the app layer's; this file only
//! declares it (docs/puzzles.md).
//!
//! **Threads.** `play`, `playText`, `hint`, `showNext` and `leave` may run
//! the exact solver (or wait for a move that runs it): call them off the
//! main thread (a Kotlin coroutine on `Dispatchers.Default`, a Swift
//! detached task). The reading calls (`snapshot`, `phase`, `end`, `puzzle`,
//! `player`, `objectiveText`) never wait: they answer from the run as the
//! last finished call left it.
//!
//! **One run, one puzzle.** The attempt is recorded by the run itself, under
//! its own puzzle, so a move still being judged when the player goes on to
//! the next puzzle is recorded under the puzzle it was played in, never the
//! next one. A shell keeps the run it asked and ignores answers of a run it
//! no longer shows.

use crate::error::{guard, NorochessError, Result};
use crate::game::{choose_move, parse_square, BoardView};
use crate::library::LibraryHandle;
use crate::puzzles::{pack, PuzzleDifficulty, PuzzleInfo};
use crate::types::{lock, MoveInfo, PieceKind, Side};
use norochess_app::session::puzzle_run::{played_since, policy};
use norochess_app::BoardInputView;
use norochess_app::{
    AttemptEnd, AttemptLog, Keeping, Library, LibraryError, PuzzleAttempt, PuzzlePhase,
    PuzzleRunError, RatedAttempt,
};
use norochess_core::puzzle::Puzzle;
use std::sync::{Arc, Mutex};

/// The answer to the player's move, and a hint: the app layer's enums.
pub use norochess_app::{PuzzleFeedback, PuzzleHint};

/// The puzzle that comes next: the app layer's record (`NextPuzzle` in
/// Kotlin and Swift).
pub use norochess_app::NextPuzzleInfo as NextPuzzle;

impl From<PuzzleRunError> for NorochessError {
    fn from(e: PuzzleRunError) -> Self {
        match e {
            PuzzleRunError::Unplayable { problem, .. } => NorochessError::invalid_puzzle(problem),
            PuzzleRunError::NotWaiting { .. } => NorochessError::game_over(e.to_string()),
            PuzzleRunError::Move(e) => e.into(),
            PuzzleRunError::Game(e) => e.into(),
        }
    }
}

/// The library as an [`AttemptLog`]: locked only for the write, so reading
/// the library never waits for a move being judged.
struct LockedLibrary<'a>(&'a LibraryHandle);

impl AttemptLog for LockedLibrary<'_> {
    fn record_attempt(
        &mut self,
        puzzle: &Puzzle,
        attempt: PuzzleAttempt,
    ) -> std::result::Result<RatedAttempt, LibraryError> {
        self.0
            .with_library(|library: &mut Library| library.record_attempt(puzzle, attempt))
    }
}

/// What the reading calls answer without waiting for a running move.
struct RunView {
    snapshot: BoardView,
    phase: PuzzlePhase,
    end: Option<AttemptEnd>,
    input: BoardInputView,
}

impl RunView {
    fn of(run: &norochess_app::PuzzleRun) -> RunView {
        RunView {
            snapshot: BoardView::of(run.game()),
            phase: run.phase(),
            end: run.end().cloned(),
            input: run.input_view(),
        }
    }
}

/// One attempt at one puzzle: the board, the player's moves with their
/// feedback, retry, hints, the solution step by step, and the attempt
/// recorded in the library once, when it ends (see the module notes on
/// threads).
///
/// A run holds the solver's table (16 MB): keep one per puzzle on screen,
/// call `leave` when the player goes elsewhere, and free it (Kotlin
/// `close()`, Swift releases it with the last reference).
#[derive(uniffi::Object)]
pub struct PuzzleRun {
    info: PuzzleInfo,
    library: Arc<LibraryHandle>,
    run: Mutex<norochess_app::PuzzleRun>,
    view: Mutex<RunView>,
}

impl PuzzleRun {
    fn start(puzzle: Puzzle, library: Arc<LibraryHandle>) -> Result<Arc<PuzzleRun>> {
        let info = PuzzleInfo::of(&puzzle)?;
        let run = norochess_app::PuzzleRun::new(puzzle, Keeping::Kept)?;
        let view = RunView::of(&run);
        Ok(Arc::new(PuzzleRun {
            info,
            library,
            run: Mutex::new(run),
            view: Mutex::new(view),
        }))
    }

    /// Runs `body` on the run and the library, then refreshes what the
    /// reading calls see.
    fn act<T>(
        &self,
        what: &str,
        body: impl FnOnce(&mut norochess_app::PuzzleRun, &mut LockedLibrary<'_>) -> Result<T>,
    ) -> Result<T> {
        guard(what, || {
            let mut run = lock(&self.run);
            let result = body(&mut run, &mut LockedLibrary(&self.library));
            *lock(&self.view) = RunView::of(&run);
            result
        })
    }

    /// The player's move `m`, judged and described.
    fn judge(
        run: &mut norochess_app::PuzzleRun,
        log: &mut LockedLibrary<'_>,
        m: norochess_core::Move,
    ) -> Result<PuzzleFeedback> {
        let answer = run.play(m, log)?;
        PuzzleFeedback::of(run.game(), answer)
            .ok_or_else(|| NorochessError::internal("the puzzle move was not played"))
    }
}

impl PuzzleRun {
    /// Runs a touch on the board input. A touch while a move is being
    /// judged (the solver holds the run) is ignored rather than waited
    /// for: the main thread never blocks on the solver.
    fn touch(
        &self,
        what: &str,
        body: impl FnOnce(&mut norochess_app::PuzzleRun) -> Result<Option<norochess_core::Move>>,
    ) -> Result<Option<MoveInfo>> {
        guard(what, || {
            let Ok(mut run) = self.run.try_lock() else {
                return Ok(None);
            };
            let position = *run.game().position();
            let chosen = body(&mut run)?;
            *lock(&self.view) = RunView::of(&run);
            Ok(chosen.map(|m| MoveInfo::of(&position, m)))
        })
    }
}

/// The pack's puzzle `puzzle_id`, or why there is none.
fn pack_puzzle(puzzle_id: &str) -> Result<Puzzle> {
    let pack = pack()?;
    let id = puzzle_id.trim();
    pack.iter().find(|p| p.id == id).cloned().ok_or_else(|| {
        let range = match (pack.first(), pack.last()) {
            (Some(first), Some(last)) => {
                format!("{} puzzles, {} to {}", pack.len(), first.id, last.id)
            }
            _ => "it is empty".to_string(),
        };
        NorochessError::invalid_puzzle(format!(
            "there is no puzzle `{puzzle_id}` in the built-in pack ({range})"
        ))
    })
}

#[uniffi::export]
impl PuzzleRun {
    /// Starts an attempt at the built-in puzzle `puzzle_id` (`np1042`),
    /// recorded in `library` when it ends. Quick: the solver runs only when
    /// moves are played.
    #[uniffi::constructor]
    pub fn new(puzzle_id: String, library: Arc<LibraryHandle>) -> Result<Arc<PuzzleRun>> {
        guard("PuzzleRun.new", || {
            PuzzleRun::start(pack_puzzle(&puzzle_id)?, library)
        })
    }

    /// Starts an attempt at a puzzle given as one line of the puzzle format
    /// (version 2, `id|variant|position|opponent-move|objective|solution|rating|themes`,
    /// or version 1 without the opponent's move; docs/puzzles.md): a shared
    /// puzzle, recorded under its id like a pack puzzle. Its moves are
    /// checked for legality, not re-proven.
    #[uniffi::constructor]
    pub fn from_line(line: String, library: Arc<LibraryHandle>) -> Result<Arc<PuzzleRun>> {
        guard("PuzzleRun.from_line", || {
            let line = line.trim();
            // Seven fields are the first version's line; anything else is
            // read (and its errors reported) as the current version.
            let version = if line.split('|').count() == 7 { 1 } else { 2 };
            let puzzle = Puzzle::from_line_of_version(line, 1, version).map_err(|e| {
                let problem = match e {
                    norochess_core::puzzle::PuzzleError::Line { problem, .. } => problem,
                    other => other.to_string(),
                };
                NorochessError::invalid_puzzle(format!("cannot read the puzzle: {problem}"))
            })?;
            PuzzleRun::start(puzzle, library)
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

    /// The objective in words: `White to play and win — move 48, score
    /// 13–13`.
    pub fn objective_text(&self) -> String {
        self.info.objective_text.clone()
    }

    /// The board to draw, as for a game. Never waits.
    pub fn snapshot(&self) -> BoardView {
        lock(&self.view).snapshot.clone()
    }

    /// Where the attempt stands. Never waits.
    pub fn phase(&self) -> PuzzlePhase {
        lock(&self.view).phase
    }

    /// How the attempt ended (and what it did to the rating), once it has.
    /// Never waits.
    pub fn end(&self) -> Option<AttemptEnd> {
        lock(&self.view).end.clone()
    }

    /// What the board draws of the player's input (selection, targets,
    /// the picker). Never waits.
    pub fn input(&self) -> BoardInputView {
        lock(&self.view).input.clone()
    }

    /// A tap on the square named `square`: selects or deselects, or
    /// returns the move it chose, which the shell then plays with `play`
    /// (off the main thread). A promotion with a choice opens the picker
    /// (`input().picker`) instead. Ignored while a move is being judged.
    pub fn tap(&self, square: String) -> Result<Option<MoveInfo>> {
        self.touch("PuzzleRun.tap", |run| {
            let sq = parse_square(run.game().position(), &square)?;
            Ok(run.tap(sq))
        })
    }

    /// A drag began on `square`: selects its piece.
    pub fn drag_began(&self, square: String) -> Result<()> {
        self.touch("PuzzleRun.drag_began", |run| {
            let sq = parse_square(run.game().position(), &square)?;
            run.drag_began(sq);
            Ok(None)
        })
        .map(|_| ())
    }

    /// The drag ended on `square` (`None`: off the board): the move chosen,
    /// if it reached a target (play it with `play`).
    pub fn drag_ended(&self, square: Option<String>) -> Result<Option<MoveInfo>> {
        self.touch("PuzzleRun.drag_ended", |run| {
            let sq = match &square {
                Some(name) => Some(parse_square(run.game().position(), name)?),
                None => None,
            };
            Ok(run.drag_ended(sq))
        })
    }

    /// The player picked `kind` in the open picker: the move chosen.
    pub fn choose_piece(&self, kind: PieceKind) -> Result<Option<MoveInfo>> {
        self.touch("PuzzleRun.choose_piece", |run| Ok(run.choose_piece(kind)))
    }

    /// Closes the picker or drops the selection.
    pub fn cancel_input(&self) -> Result<()> {
        self.touch("PuzzleRun.cancel_input", |run| {
            run.cancel_input();
            Ok(None)
        })
        .map(|_| ())
    }

    /// Plays the player's move from `from` to `to` (`promotion` as for a
    /// game) and judges it. Solving the puzzle records the attempt. May run
    /// the solver: call off the main thread.
    pub fn play(
        &self,
        from: String,
        to: String,
        promotion: Option<PieceKind>,
    ) -> Result<PuzzleFeedback> {
        self.act("PuzzleRun.play", |run, log| {
            let phase = run.phase();
            if phase != PuzzlePhase::Solving {
                return Err(PuzzleRunError::NotWaiting { phase }.into());
            }
            let m = choose_move(run.game().position(), &from, &to, promotion)?;
            PuzzleRun::judge(run, log, m)
        })
    }

    /// Plays the player's move in any notation the core reads (`Qf5`,
    /// `c2f5`) and judges it as `play` does. May run the solver.
    pub fn play_text(&self, text: String) -> Result<PuzzleFeedback> {
        self.act("PuzzleRun.play_text", |run, log| {
            let phase = run.phase();
            if phase != PuzzlePhase::Solving {
                return Err(PuzzleRunError::NotWaiting { phase }.into());
            }
            let m = run.game().position().parse_move(text.trim())?;
            PuzzleRun::judge(run, log, m)
        })
    }

    /// After a wrong move: takes it and its refutation back. Returns
    /// whether there was something to take back.
    pub fn retry(&self) -> Result<bool> {
        self.act("PuzzleRun.retry", |run, _| Ok(run.retry()))
    }

    /// The next hint (the piece, then the move); `None` unless the run
    /// waits for a move. May run the solver.
    pub fn hint(&self) -> Result<Option<PuzzleHint>> {
        self.act("PuzzleRun.hint", |run, _| {
            let Some(hint) = run.hint() else {
                return Ok(None);
            };
            PuzzleHint::of(run.game().position(), hint)
                .map(Some)
                .ok_or_else(|| NorochessError::internal("the hinted square is empty"))
        })
    }

    /// "Show solution", one step: takes back a wrong move, then plays the
    /// next right move and the opponent's answer. Returns the moves played
    /// (empty once over). Reaching the end records the attempt as shown.
    /// May run the solver.
    pub fn show_next(&self) -> Result<Vec<MoveInfo>> {
        self.act("PuzzleRun.show_next", |run, log| {
            let first = run.show_next(log);
            Ok(played_since(run.game(), first))
        })
    }

    /// The player leaves the puzzle (next puzzle, another screen): an
    /// unsolved attempt is recorded as shown or failed, one only looked at
    /// is not. Returns how it ended, if this call ended it. Waits for a move
    /// being judged: call off the main thread.
    pub fn leave(&self) -> Result<Option<AttemptEnd>> {
        self.act("PuzzleRun.leave", |run, log| Ok(run.leave(log).cloned()))
    }
}

/// The player's choice of puzzles (a tier, a theme, both or neither) and a
/// theme a menu offers: the app layer's records.
pub use norochess_app::{PuzzleFilter, PuzzleThemeChoice};

/// `filter` as the app layer reads it: the theme as a player types it, an
/// unknown theme refused by name.
fn read_filter(filter: &PuzzleFilter) -> Result<PuzzleFilter> {
    PuzzleFilter::new(filter.tier, filter.theme.as_deref())
        .map_err(|e| NorochessError::invalid_puzzle(e.to_string()))
}

/// The puzzle that comes next (docs/puzzles.md): the first after
/// `current_id` in pack order, wrapping round, that `filter` keeps (a tier,
/// a theme, both or neither), not yet solved cleanly; from the top of the
/// pack when `current_id` is `None`. `None` when the pack has no puzzle of
/// the choice ([`puzzle_filter_none_text`] says so). An unknown theme is an
/// error naming it.
#[uniffi::export]
pub fn next_puzzle(
    library: Arc<LibraryHandle>,
    filter: PuzzleFilter,
    current_id: Option<String>,
) -> Result<Option<NextPuzzle>> {
    guard("next_puzzle", || {
        let pack = pack()?;
        let filter = read_filter(&filter)?;
        let next = library.with_library(|library: &mut Library| {
            policy::next_puzzle_in_library(library, pack, &filter, current_id.as_deref())
        })?;
        match next {
            Some(next) => Ok(NextPuzzle::of(pack, next)?),
            None => Ok(None),
        }
    })
}

/// The themes a puzzle menu offers for `tier` (every tier when `None`): the
/// built-in pack's themes in the tagger's order, each with its name, its
/// meaning and how many puzzles of the tier have it; themes no such puzzle
/// has are left out.
#[uniffi::export]
pub fn puzzle_theme_choices(tier: Option<PuzzleDifficulty>) -> Result<Vec<PuzzleThemeChoice>> {
    guard("puzzle_theme_choices", || {
        Ok(norochess_app::theme_choices(pack()?, tier))
    })
}

/// The choice after the player picks `tier` (`None`: every tier): the
/// theme is kept when the pack has puzzles of it in that tier, else
/// dropped, so the theme menu always shows its choice.
#[uniffi::export]
pub fn puzzle_filter_with_tier(
    filter: PuzzleFilter,
    tier: Option<PuzzleDifficulty>,
) -> Result<PuzzleFilter> {
    guard("puzzle_filter_with_tier", || {
        Ok(read_filter(&filter)?.with_tier(pack()?, tier))
    })
}

/// The built-in puzzles the choice keeps, in pack order: the puzzle list
/// narrowed to the player's tier and theme.
#[uniffi::export]
pub fn chosen_builtin_puzzles(filter: PuzzleFilter) -> Result<Vec<PuzzleInfo>> {
    guard("chosen_builtin_puzzles", || {
        read_filter(&filter)?
            .chosen(pack()?)
            .into_iter()
            .map(|p| Ok(PuzzleInfo::of(p)?))
            .collect()
    })
}

/// `filter` in words for a title: `puzzles`, `hard fork puzzles`.
#[uniffi::export]
pub fn puzzle_filter_text(filter: PuzzleFilter) -> Result<String> {
    guard(
        "puzzle_filter_text",
        || Ok(read_filter(&filter)?.describe()),
    )
}

/// What to say when [`next_puzzle`] finds none: `The pack has no hard pin
/// puzzles.`
#[uniffi::export]
pub fn puzzle_filter_none_text(filter: PuzzleFilter) -> Result<String> {
    guard("puzzle_filter_none_text", || {
        Ok(read_filter(&filter)?.none_text())
    })
}

/// What to say when [`next_puzzle`] answers with `all_solved_cleanly`:
/// every puzzle of the choice is solved cleanly and they come round again.
#[uniffi::export]
pub fn puzzle_filter_all_solved_text(filter: PuzzleFilter) -> Result<String> {
    guard("puzzle_filter_all_solved_text", || {
        Ok(read_filter(&filter)?.all_solved_text())
    })
}
