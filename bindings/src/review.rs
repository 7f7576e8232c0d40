//! Game review, the analysis board and the puzzle composer across the
//! boundary (the app layer's `review`, `analysis_board` and `composer`).
//!
//! - [`GameReviewHandle`]: the review of a game of the library. `run` is
//!   `async`: it evaluates the remaining positions on a thread of its own,
//!   reports progress to a listener, saves into the library as it goes
//!   (every few positions, and when it ends or is cancelled), and resumes
//!   next time from what was saved.
//! - [`AnalysisBoardHandle`]: a position with a variation that never
//!   changes the game, the engine's lines as they deepen (`async`), and the
//!   exact solver near the end (`async`).
//! - [`compose_puzzle`] and [`import_puzzle`] (`async`: the solver proves
//!   them), [`LibraryHandle::my_puzzles`] and the rest of "My puzzles".

use crate::background::{Background, Searches};
use crate::engine::SearchLimits;
use crate::error::{guard, NorochessError, Result};
use crate::game::parse_square;
use crate::library::LibraryHandle;
use crate::types::{lock, MoveInfo, PieceKind};
use norochess_app as app;
use norochess_core::{AnyPosition, Engine, Solver, StopHandle, Variant};
use std::sync::{Arc, Mutex};

pub use app::analysis_board::{AnalysisView, ExactResult, LiveLines};
pub use app::composer::ComposedPuzzle;
pub use app::library::{MyPuzzle, MyPuzzleList, PuzzleOrigin, ReviewStats};
pub use app::review::{
    GraphPoint, Judgement, Moment, MomentKind, MoveReview, ReviewBudget, ReviewProgress,
    ReviewReport, SideSummary,
};

/// Hash table of a review's or an analysis board's engine.
const HASH_MB: usize = 16;

/// Positions evaluated between two saves of a running review.
const SAVE_EVERY: u32 = 8;

impl From<app::ReviewError> for NorochessError {
    fn from(e: app::ReviewError) -> Self {
        NorochessError::invalid_argument(e.to_string())
    }
}

impl From<app::AnalysisBoardError> for NorochessError {
    fn from(e: app::AnalysisBoardError) -> Self {
        let detail = e.to_string();
        match e {
            app::AnalysisBoardError::Move(_) => NorochessError::illegal_move(String::new(), detail),
            app::AnalysisBoardError::Position(_) => NorochessError::InvalidPosition { detail },
            app::AnalysisBoardError::Limits(e) => e.into(),
        }
    }
}

impl From<app::ComposerError> for NorochessError {
    fn from(e: app::ComposerError) -> Self {
        NorochessError::invalid_puzzle(e.to_string())
    }
}

/// Receives a running review's progress. Implemented in Kotlin or Swift;
/// called on the review's thread after each position (post to the main
/// thread and return quickly).
#[uniffi::export(callback_interface)]
pub trait ReviewListener: Send + Sync {
    /// One more position is evaluated.
    fn on_progress(&self, progress: ReviewProgress);
    /// What was reviewed could not be saved into the library (`problem`
    /// says why). The review goes on in memory and tries again at the
    /// next save; every failed save is reported.
    fn on_save_failed(&self, problem: String);
}

/// The review of one game of the library.
#[derive(uniffi::Object)]
pub struct GameReviewHandle {
    review: Arc<Mutex<app::GameReview>>,
    library: Arc<LibraryHandle>,
    game_id: i64,
    notice: Option<String>,
    engine: Arc<Mutex<Engine>>,
    searches: Searches,
}

/// Saves `review` of `game_id`; a failure is logged and returned in words
/// (the review is kept in memory and saved again at the next step).
fn save(library: &LibraryHandle, game_id: i64, review: &app::GameReview) -> Option<String> {
    match library.with_library(|l| l.save_review(game_id, review)) {
        Ok(_) => None,
        Err(e) => {
            log::warn!("the review of game {game_id} could not be saved: {e}");
            Some(format!("The review could not be saved: {e}"))
        }
    }
}

#[uniffi::export]
impl GameReviewHandle {
    /// The review of game `game_id` with `budget` (the default:
    /// `ReviewBudget(nodesPerPosition = 80000)`), resumed from what the
    /// library kept of it.
    #[uniffi::constructor]
    pub fn open(
        library: Arc<LibraryHandle>,
        game_id: i64,
        budget: ReviewBudget,
        now_ms: u64,
    ) -> Result<Arc<GameReviewHandle>> {
        guard("GameReviewHandle.open", || {
            let opened = library.with_library(|l| l.open_review(game_id, budget, now_ms))?;
            Ok(Arc::new(GameReviewHandle {
                review: Arc::new(Mutex::new(opened.review)),
                library,
                game_id,
                notice: opened.notice,
                engine: Arc::new(Mutex::new(Engine::new(HASH_MB))),
                searches: Searches::default(),
            }))
        })
    }

    /// Why the saved review could not be used, if it could not (to show once).
    pub fn notice(&self) -> Option<String> {
        self.notice.clone()
    }

    /// How far the review has come.
    pub fn progress(&self) -> ReviewProgress {
        lock(&self.review).progress()
    }

    /// Everything the review says so far.
    pub fn report(&self) -> ReviewReport {
        lock(&self.review).report()
    }

    /// Evaluates the remaining positions on a thread of its own, telling
    /// `listener` after each and saving as it goes; cancelling the caller's
    /// coroutine or task (or [`GameReviewHandle::cancel`]) stops it within
    /// milliseconds and keeps what was done.
    pub async fn run(&self, listener: Option<Box<dyn ReviewListener>>) -> Result<ReviewProgress> {
        let stop = StopHandle::new();
        let review = self.review.clone();
        let engine = self.engine.clone();
        let library = self.library.clone();
        let game_id = self.game_id;
        let (on_cancel_review, on_cancel_library) = (review.clone(), library.clone());
        let job = Background::start(
            "review",
            &self.searches,
            stop.clone(),
            // A cancelled review is saved; a failure there is logged (the
            // caller has gone) and the next run saves it again.
            Box::new(move || {
                save(&on_cancel_library, game_id, &lock(&on_cancel_review));
            }),
            move || -> Result<ReviewProgress> {
                let mut since_save = 0;
                loop {
                    let Some(mut request) = lock(&review).next_request() else {
                        break;
                    };
                    request.search.stop = stop.clone();
                    let result = request.think(&mut lock(&engine));
                    let mut review = lock(&review);
                    if !review.record(&request, &result)? {
                        break;
                    }
                    since_save += 1;
                    let mut problem = None;
                    if since_save >= SAVE_EVERY {
                        problem = save(&library, game_id, &review);
                        since_save = 0;
                    }
                    if let Some(listener) = &listener {
                        listener.on_progress(review.progress());
                        if let Some(problem) = problem {
                            listener.on_save_failed(problem);
                        }
                    }
                }
                let review = lock(&review);
                if let Some(problem) = save(&library, game_id, &review) {
                    match &listener {
                        Some(listener) => listener.on_save_failed(problem),
                        // Nobody to tell along the way: the run fails.
                        None => return Err(NorochessError::Storage { detail: problem }),
                    }
                }
                Ok(review.progress())
            },
        )?;
        job.await?
    }

    /// Stops a running review (it keeps and saves what it did).
    pub fn cancel(&self) {
        self.searches.cancel_all();
    }
}

/// A position to analyse, with a variation that never changes the game.
#[derive(uniffi::Object)]
pub struct AnalysisBoardHandle {
    board: Mutex<app::AnalysisBoard>,
    engine: Arc<Mutex<Engine>>,
    solver: Arc<Mutex<Solver>>,
    searches: Searches,
}

impl AnalysisBoardHandle {
    /// Runs one touch on the board; a move it played stops the searches of
    /// the position before it.
    fn touch(
        &self,
        what: &'static str,
        step: impl FnOnce(&mut app::AnalysisBoard) -> Result<Option<MoveInfo>>,
    ) -> Result<AnalysisView> {
        guard(what, || {
            let mut board = lock(&self.board);
            if step(&mut board)?.is_some() {
                self.searches.cancel_all();
            }
            Ok(board.view())
        })
    }

    fn wrap(board: app::AnalysisBoard) -> Arc<AnalysisBoardHandle> {
        Arc::new(AnalysisBoardHandle {
            board: Mutex::new(board),
            engine: Arc::new(Mutex::new(Engine::new(HASH_MB))),
            solver: Arc::new(Mutex::new(Solver::new(HASH_MB))),
            searches: Searches::default(),
        })
    }
}

#[uniffi::export]
impl AnalysisBoardHandle {
    /// The board at `plies` moves into game `game_id` of the library.
    #[uniffi::constructor]
    pub fn of_game(
        library: Arc<LibraryHandle>,
        game_id: i64,
        plies: u32,
        now_ms: u64,
    ) -> Result<Arc<AnalysisBoardHandle>> {
        guard("AnalysisBoardHandle.of_game", || {
            let session = library.with_library(|l| l.load(game_id, now_ms))?;
            let board = app::AnalysisBoard::from_game(session.game(), plies as usize)?;
            Ok(AnalysisBoardHandle::wrap(board))
        })
    }

    /// The board at a position text of `game` (a variant id such as
    /// `norochess`), as the editor gives it.
    #[uniffi::constructor]
    pub fn of_position(game: String, position: String) -> Result<Arc<AnalysisBoardHandle>> {
        guard("AnalysisBoardHandle.of_position", || {
            let variant = Variant::parse(game.trim(), None, None)?;
            let position = AnyPosition::from_text(variant, &position).map_err(|e| {
                NorochessError::InvalidPosition {
                    detail: e.to_string(),
                }
            })?;
            Ok(AnalysisBoardHandle::wrap(
                app::AnalysisBoard::from_position(&position)?,
            ))
        })
    }

    /// The board, the variation and where it stands.
    pub fn view(&self) -> AnalysisView {
        lock(&self.board).view()
    }

    /// Plays `text` (any notation) in the variation.
    pub fn play(&self, text: String) -> Result<MoveInfo> {
        guard("AnalysisBoardHandle.play", || {
            Ok(lock(&self.board).play_text(&text)?)
        })
    }

    /// A tap on `square`: selects, deselects, or plays the selected
    /// piece's move there in the variation (a promotion with a choice opens
    /// the picker, `view().input.picker`, instead). Returns the board after
    /// it; a move played stops the running analysis (analyse the new
    /// position).
    pub fn tap(&self, square: String) -> Result<AnalysisView> {
        self.touch("AnalysisBoardHandle.tap", |board| {
            let sq = parse_square(board.position(), &square)?;
            Ok(board.tap(sq)?)
        })
    }

    /// A drag began on `square`: selects its piece.
    pub fn drag_began(&self, square: String) -> Result<AnalysisView> {
        self.touch("AnalysisBoardHandle.drag_began", |board| {
            let sq = parse_square(board.position(), &square)?;
            board.drag_began(sq);
            Ok(None)
        })
    }

    /// The drag ended on `square` (`None`: off the board): plays the move
    /// if it reached a target (as [`Self::tap`]).
    pub fn drag_ended(&self, square: Option<String>) -> Result<AnalysisView> {
        self.touch("AnalysisBoardHandle.drag_ended", |board| {
            let sq = match &square {
                Some(name) => Some(parse_square(board.position(), name)?),
                None => None,
            };
            Ok(board.drag_ended(sq)?)
        })
    }

    /// The player picked `kind` in the open picker: plays the move.
    pub fn choose_piece(&self, kind: PieceKind) -> Result<AnalysisView> {
        self.touch("AnalysisBoardHandle.choose_piece", |board| {
            Ok(board.choose_piece(kind)?)
        })
    }

    /// Closes the picker or drops the selection.
    pub fn cancel_input(&self) -> AnalysisView {
        let mut board = lock(&self.board);
        board.cancel_input();
        board.view()
    }

    /// Takes back the variation's last move; `false` at its start.
    pub fn back(&self) -> bool {
        self.searches.cancel_all();
        lock(&self.board).back()
    }

    /// Takes back the whole variation.
    pub fn reset(&self) {
        self.searches.cancel_all();
        lock(&self.board).reset();
    }

    /// The best `lines` lines (1–16) of the board's position, reported to
    /// `listener` as they deepen; with no limits it runs until cancelled.
    pub async fn analyse(
        &self,
        limits: SearchLimits,
        lines: u32,
        listener: Option<Box<dyn AnalysisListener>>,
    ) -> Result<LiveLines> {
        let request = guard("AnalysisBoardHandle.analyse", || {
            Ok(lock(&self.board).request(lines, limits)?)
        })?;
        let engine = self.engine.clone();
        let job = Background::start(
            "analysis board",
            &self.searches,
            request.search.stop.clone(),
            Box::new(|| {}),
            move || {
                request.think(&mut lock(&engine), &mut |live| {
                    if let Some(listener) = &listener {
                        listener.on_lines(live.clone());
                    }
                })
            },
        )?;
        job.await
    }

    /// The exact result with best play, when the end is near
    /// (`view().exactAvailable`); `None` farther from it.
    pub async fn exact(&self) -> Result<Option<ExactResult>> {
        let Some(request) = lock(&self.board).exact_request() else {
            return Ok(None);
        };
        let solver = self.solver.clone();
        let job = Background::start(
            "exact solver",
            &self.searches,
            StopHandle::new(),
            Box::new(|| {}),
            move || request.think(&mut lock(&solver)),
        )?;
        Ok(Some(job.await?))
    }

    /// Stops the board's searches.
    pub fn cancel(&self) {
        self.searches.cancel_all();
    }
}

/// Receives the analysis board's lines as they deepen (on the search's
/// thread: post to the main thread and return quickly).
#[uniffi::export(callback_interface)]
pub trait AnalysisListener: Send + Sync {
    /// The table of lines changed.
    fn on_lines(&self, lines: LiveLines);
}

/// Composes the puzzle `objective` from the position text `position` of
/// `game`, proven by the exact solver (seconds: on a thread of its own).
#[uniffi::export]
pub async fn compose_puzzle(
    game: String,
    position: String,
    objective: crate::puzzles::PuzzleObjective,
) -> Result<ComposedPuzzle> {
    let variant = Variant::parse(game.trim(), None, None)?;
    let position = AnyPosition::from_text(variant, &position).map_err(|e| {
        NorochessError::InvalidPosition {
            detail: e.to_string(),
        }
    })?;
    let job = Background::start(
        "composer",
        &Searches::default(),
        StopHandle::new(),
        Box::new(|| {}),
        move || app::compose_puzzle(&position, objective).map(|p| ComposedPuzzle::of(&p)),
    )?;
    Ok(job.await??)
}

/// The puzzle in a pasted line, proven again (seconds: on a thread of its
/// own).
#[uniffi::export]
pub async fn import_puzzle(text: String) -> Result<ComposedPuzzle> {
    let job = Background::start(
        "puzzle import",
        &Searches::default(),
        StopHandle::new(),
        Box::new(|| {}),
        move || app::import_puzzle(&text).map(|p| ComposedPuzzle::of(&p)),
    )?;
    Ok(job.await??)
}

/// "My puzzles" and the reviews' statistics, declared here beside the
/// composer and the review.
#[uniffi::export]
impl LibraryHandle {
    /// Keeps the composed or imported puzzle `share_text` (its line) in "My
    /// puzzles"; `false` when it was already there.
    pub fn save_my_puzzle(&self, share_text: String, origin: PuzzleOrigin) -> Result<bool> {
        guard("LibraryHandle.save_my_puzzle", || {
            let puzzle = norochess_core::puzzle::Puzzle::from_line(share_text.trim(), 1)
                .map_err(|e| NorochessError::invalid_puzzle(e.to_string()))?;
            Ok(self.with_library(|l| l.save_my_puzzle(&puzzle, origin))?)
        })
    }

    /// "My puzzles", oldest first, each with its origin and progress; lines
    /// that can no longer be read are named in `unreadable` (say them).
    pub fn my_puzzles(&self) -> Result<MyPuzzleList> {
        guard("LibraryHandle.my_puzzles", || {
            Ok(self.with_library(|l| l.my_puzzle_list())?)
        })
    }

    /// Removes puzzle `id` from "My puzzles"; `false` when it was not there.
    pub fn delete_my_puzzle(&self, id: String) -> Result<bool> {
        guard("LibraryHandle.delete_my_puzzle", || {
            Ok(self.with_library(|l| l.delete_my_puzzle(&id))?)
        })
    }

    /// The reviews summed up for the statistics screen.
    pub fn review_stats(&self) -> Result<ReviewStats> {
        guard("LibraryHandle.review_stats", || {
            Ok(self.with_library(|l| l.review_stats())?)
        })
    }
}
