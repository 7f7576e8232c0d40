//! The analysis board: a position from a game (or set up in the editor)
//! with its history, moves played on it as a variation that never changes
//! the game, the engine's best lines as they deepen, and for the last moves
//! of a game the exact solver's result.
//!
//! The engine runs wherever the shell runs [`AnalysisRequest::think`]; its
//! reports, one line at a time, are gathered by [`LiveLines`] into the
//! table a screen shows.

use crate::analysis::{
    check_lines, EngineLine, EngineScore, ScoreKind, SearchLimits, SearchLimitsError,
    SearchProgress,
};
use crate::board_input::{BoardInput, BoardInputView};
use crate::board_view::{BoardView, MoveInfo};
use norochess_core::{
    AnyPosition, Engine, Game, GameError, Move, SearchRequest, SolveLimits, Solver,
};
use thiserror::Error;

mod input;
mod live;
pub use live::{
    analysis_board_limits, analysis_board_lines, default_search_threads, ANALYSIS_BOARD_LINES,
    ANALYSIS_BOARD_NODES, MAX_PHONE_THREADS,
};

/// Plies to the end of the game from which the exact solver is asked too
/// (a few seconds at most on a phone; farther it rarely settles).
pub const EXACT_PLIES: u32 = 6;

/// Solver nodes for the exact result.
pub const EXACT_NODES: u64 = 3_000_000;

/// Why the analysis board refused something.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AnalysisBoardError {
    /// A move that is not legal here.
    #[error("{0}")]
    Move(String),
    /// The position cannot be read.
    #[error("the position cannot be set up: {0}")]
    Position(String),
    /// Search limits out of range.
    #[error(transparent)]
    Limits(#[from] SearchLimitsError),
}

impl From<GameError> for AnalysisBoardError {
    fn from(e: GameError) -> AnalysisBoardError {
        AnalysisBoardError::Move(e.to_string())
    }
}

/// The board, the variation and where it stands, for drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct AnalysisView {
    /// The board now (the variation's last position).
    pub board: BoardView,
    /// The moves of the variation played from the analysed position.
    pub variation: Vec<MoveInfo>,
    /// Where the variation began: `Move 30, White to play, score 21–19`.
    pub origin: String,
    /// Where the board stands: `Move 31, Black to play, score 24–19`, or
    /// the result when the variation ended the game.
    pub status: String,
    /// Whether the engine and the solver have something to think about
    /// (the game is not over on the board).
    pub can_analyse: bool,
    /// Whether the exact solver is worth asking (the end is near).
    pub exact_available: bool,
    /// The selection, its targets and the piece picker of the player's
    /// touches ([`AnalysisBoard::tap`]).
    pub input: BoardInputView,
}

/// The analysis board.
#[derive(Debug, Clone)]
pub struct AnalysisBoard {
    /// The game up to the analysed position, then the variation.
    game: Game,
    /// Plies of `game` that belong to the game analysed (not the variation).
    origin_plies: usize,
    /// The player's touches on the board (selection, picker).
    input: BoardInput,
}

impl AnalysisBoard {
    /// The board at `plies` moves into `game` (clamped to its length),
    /// the game's earlier positions kept for repetitions. A result the
    /// game ended with (a resignation, a flag) is not carried over.
    pub fn from_game(game: &Game, plies: usize) -> Result<AnalysisBoard, AnalysisBoardError> {
        let fresh = if game.is_set_up() {
            Game::from_position(game.variant(), &game.start_position().to_text())
        } else {
            Game::new(game.variant(), game.start_number())
        };
        let mut prefix = fresh.map_err(|e| AnalysisBoardError::Position(e.to_string()))?;
        for ply in game.plies().iter().take(plies) {
            prefix.play(ply.mv)?;
        }
        let origin_plies = prefix.plies().len();
        Ok(AnalysisBoard {
            game: prefix,
            origin_plies,
            input: BoardInput::default(),
        })
    }

    /// The board at `position`, with no earlier history.
    pub fn from_position(position: &AnyPosition) -> Result<AnalysisBoard, AnalysisBoardError> {
        let game = Game::from_position(position.variant(), &position.to_text())
            .map_err(|e| AnalysisBoardError::Position(e.to_string()))?;
        Ok(AnalysisBoard {
            game,
            origin_plies: 0,
            input: BoardInput::default(),
        })
    }

    /// The position on the board.
    pub fn position(&self) -> &AnyPosition {
        self.game.position()
    }

    /// The game with the variation.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays `text` (any notation) in the variation.
    pub fn play_text(&mut self, text: &str) -> Result<MoveInfo, AnalysisBoardError> {
        let position = *self.game.position();
        let m = position
            .parse_move(text)
            .map_err(|e| AnalysisBoardError::Move(e.to_string()))?;
        self.play(m)
    }

    /// Plays `m` in the variation.
    pub fn play(&mut self, m: Move) -> Result<MoveInfo, AnalysisBoardError> {
        let position = *self.game.position();
        self.game.play(m)?;
        self.input.clear();
        Ok(MoveInfo::of(&position, m))
    }

    /// Takes back the variation's last move; `false` at its start.
    pub fn back(&mut self) -> bool {
        if self.game.plies().len() <= self.origin_plies {
            return false;
        }
        self.input.clear();
        self.game.undo()
    }

    /// Takes back the whole variation.
    pub fn reset(&mut self) {
        while self.back() {}
    }

    /// The board for drawing.
    pub fn view(&self) -> AnalysisView {
        let positions = self.game.positions();
        let origin = positions
            .get(self.origin_plies)
            .copied()
            .unwrap_or(*self.game.position());
        let mut variation = Vec::new();
        for (index, ply) in self.game.plies().iter().enumerate().skip(self.origin_plies) {
            if let Some(before) = positions.get(index) {
                variation.push(MoveInfo::of(before, ply.mv));
            }
        }
        let status = match self.game.outcome() {
            Some(_) => crate::result::GameResult::of(&self.game)
                .map_or_else(|| standing(self.game.position()), |r| r.sentence()),
            None => standing(self.game.position()),
        };
        AnalysisView {
            board: BoardView::of(&self.game),
            variation,
            origin: standing(&origin),
            status,
            can_analyse: self.game.outcome().is_none(),
            exact_available: self.exact_available(),
            input: self.input_view(),
        }
    }

    /// Whether the end is near enough for the exact solver.
    fn exact_available(&self) -> bool {
        let position = self.game.position();
        let Some(limit) = position.variant().rules().move_limit else {
            return false;
        };
        if self.game.outcome().is_some() {
            return false;
        }
        let ply = 2 * position.fullmove_number().saturating_sub(1)
            + u32::from(position.turn() == norochess_core::Color::Black);
        let last_ply = 2 * limit.last_move;
        let regular_end = 2 * limit.regular_moves;
        let to_end = if ply < regular_end {
            regular_end - ply
        } else {
            last_ply.saturating_sub(ply)
        };
        to_end <= EXACT_PLIES
    }

    /// A search of the board's position for `lines` best lines (1–16).
    pub fn request(
        &self,
        lines: u32,
        limits: SearchLimits,
    ) -> Result<AnalysisRequest, AnalysisBoardError> {
        limits.check()?;
        let multipv = check_lines(lines)?;
        let mut search = SearchRequest::for_game(&self.game, limits.into());
        search.multipv = multipv;
        Ok(AnalysisRequest {
            position: *self.game.position(),
            search,
        })
    }

    /// The exact solver's question for the board's position, when the end
    /// is near ([`EXACT_PLIES`]).
    pub fn exact_request(&self) -> Option<ExactRequest> {
        if !self.exact_available() {
            return None;
        }
        let positions = self.game.positions();
        let earlier = positions.len().saturating_sub(1);
        Some(ExactRequest {
            position: *self.game.position(),
            history: positions[..earlier].iter().map(AnyPosition::hash).collect(),
        })
    }
}

/// `Move 30, White to play, score 21–19`.
fn standing(position: &AnyPosition) -> String {
    let turn = position.turn();
    let mut text = format!("Move {}, {turn} to play", position.fullmove_number());
    if position.variant().rules().capture_points {
        text.push_str(&format!(
            ", score {}–{}",
            position.score(norochess_core::Color::White),
            position.score(norochess_core::Color::Black)
        ));
    }
    text
}

/// A search of the analysis board, to run off the screen's thread.
#[derive(Debug, Clone)]
pub struct AnalysisRequest {
    /// The position searched.
    pub position: AnyPosition,
    /// The search (its stop handle cancels it from any thread).
    pub search: SearchRequest,
}

impl AnalysisRequest {
    /// Runs the search, calling `progress` with the table of lines after
    /// each report; returns the final table.
    pub fn think(&self, engine: &mut Engine, progress: &mut dyn FnMut(&LiveLines)) -> LiveLines {
        let mut live = LiveLines::new(self.search.multipv);
        let result = engine.search(&self.search, &mut |info| {
            live.update(SearchProgress::of(&self.position, info));
            progress(&live);
        });
        live.finish(&self.position, &result);
        live
    }
}

/// The best lines as they deepen: the engine reports one line at a time
/// (line 1, 2, … at each depth), and a screen shows the table.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct LiveLines {
    /// The lines, best first.
    pub lines: Vec<EngineLine>,
    /// The depth of each line.
    pub depths: Vec<u32>,
    /// What a screen writes beside each line: `depth 14`, or `proven` for
    /// an exact result (whose depth is only how far the proof went).
    pub depth_texts: Vec<String>,
    /// The deepest completed depth of line 1.
    pub depth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub elapsed_ms: u64,
    /// Whether the search has ended.
    pub finished: bool,
}

impl LiveLines {
    /// An empty table for `count` lines.
    pub fn new(count: usize) -> LiveLines {
        LiveLines {
            lines: Vec::with_capacity(count),
            depths: Vec::with_capacity(count),
            depth_texts: Vec::with_capacity(count),
            depth: 0,
            nodes: 0,
            elapsed_ms: 0,
            finished: false,
        }
    }

    /// Takes one report. A line is its first move: a report replaces the
    /// line that starts with the same move; a new first move takes a free
    /// row or, in a full table, the row of the oldest depth and lowest
    /// score (the line the new depth has not confirmed). While a new
    /// depth comes in, the table holds lines of two depths; it is kept
    /// best first by score, so a line of the new depth that fell below an
    /// older one is never shown above it.
    pub fn update(&mut self, progress: SearchProgress) {
        self.nodes = progress.nodes;
        self.elapsed_ms = progress.elapsed_ms;
        if progress.line_number <= 1 {
            self.depth = progress.depth;
        }
        let first = progress.line.moves.first().map(|m| m.uci.clone());
        let same = first.as_ref().and_then(|first| {
            self.lines
                .iter()
                .position(|l| l.moves.first().map(|m| &m.uci) == Some(first))
        });
        let row = match same {
            Some(row) => Some(row),
            // Line numbers count up within a depth: past the table's end
            // the table is not full yet.
            None if progress.line_number as usize > self.lines.len() => None,
            None => self
                .lines
                .iter()
                .zip(&self.depths)
                .enumerate()
                .min_by_key(|(_, (line, depth))| (**depth, score_rank(&line.score)))
                .map(|(row, _)| row),
        };
        match row {
            Some(row) => {
                self.lines[row] = progress.line;
                self.depths[row] = progress.depth;
            }
            None => {
                self.lines.push(progress.line);
                self.depths.push(progress.depth);
            }
        }
        self.arrange();
    }

    /// Best first by score for the side to move (the deeper line first
    /// on equal scores), and the depth texts for the new order.
    fn arrange(&mut self) {
        let mut rows: Vec<(EngineLine, u32)> =
            self.lines.drain(..).zip(self.depths.drain(..)).collect();
        rows.sort_by_key(|(line, depth)| std::cmp::Reverse((score_rank(&line.score), *depth)));
        self.depth_texts = rows
            .iter()
            .map(|(line, depth)| match line.score.kind {
                ScoreKind::Win | ScoreKind::Loss => "proven".to_string(),
                ScoreKind::Estimate | ScoreKind::Mate => format!("depth {depth}"),
            })
            .collect();
        (self.lines, self.depths) = rows.into_iter().unzip();
    }

    /// The final answer of the search replaces the table.
    pub fn finish(&mut self, position: &AnyPosition, result: &norochess_core::SearchResult) {
        if !result.lines.is_empty() {
            self.lines = result
                .lines
                .iter()
                .map(|l| EngineLine::of(position, l))
                .collect();
            self.depths = vec![result.depth; self.lines.len()];
            self.depth = result.depth;
            self.arrange();
        }
        self.nodes = result.nodes;
        self.elapsed_ms = u64::try_from(result.elapsed.as_millis()).unwrap_or(u64::MAX);
        self.finished = true;
    }
}

/// A score as one number, larger is better for the side it is for: a
/// proven win (larger margins higher), a mate (sooner higher), estimates,
/// then being mated and a proven loss.
fn score_rank(score: &EngineScore) -> i64 {
    const RESULT: i64 = 1_000_000_000;
    let value = i64::from(score.value);
    match score.kind {
        ScoreKind::Win => 2 * RESULT + value,
        ScoreKind::Mate if value > 0 => RESULT - value,
        ScoreKind::Mate => -RESULT - value,
        ScoreKind::Estimate => value,
        ScoreKind::Loss => -2 * RESULT + value,
    }
}

/// The exact solver's question about a position near the end.
#[derive(Debug, Clone)]
pub struct ExactRequest {
    position: AnyPosition,
    history: Vec<u64>,
}

/// The exact result of a position with best play, and the moves that keep
/// it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ExactResult {
    /// `White wins by 3 with best play`, or that the solver could not
    /// settle it.
    pub text: String,
    /// Whether it was settled.
    pub proven: bool,
    /// The moves that keep the best result, in SAN.
    pub best_moves: Vec<String>,
    /// A principal line, in SAN.
    pub line: Vec<String>,
}

impl ExactRequest {
    /// Asks the solver (blocking; seconds at most at [`EXACT_NODES`]).
    pub fn think(&self, solver: &mut Solver) -> ExactResult {
        let limits = SolveLimits::with_nodes(EXACT_NODES);
        let turn = self.position.turn();
        let Some(value) = solver.value(&self.position, &self.history, limits) else {
            return ExactResult {
                text: "The solver could not settle this position in its budget".to_string(),
                proven: false,
                best_moves: Vec::new(),
                line: Vec::new(),
            };
        };
        let best_moves = solver
            .move_values(&self.position, &self.history, limits)
            .into_iter()
            .filter(|(_, v)| *v == Some(value))
            .map(|(m, _)| self.position.to_san(m))
            .collect();
        let line = solver.principal_line(&self.position, &self.history, 12, limits);
        ExactResult {
            text: format!("Exact: {}", value.describe(turn)),
            proven: true,
            best_moves,
            line: crate::review::san_line(&self.position, &line),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::Variant;

    fn limits(nodes: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        }
    }

    #[test]
    fn a_variation_never_changes_the_game_and_goes_back_to_its_start() {
        let mut game = Game::new(Variant::Norochess, None).expect("start");
        for text in ["e4", "e5", "Nf3", "Nc6"] {
            game.play_uci(&game.position().parse_move(text).expect("legal").uci(8))
                .expect("legal");
        }
        let mut board = AnalysisBoard::from_game(&game, 2).expect("board");
        assert_eq!(board.position(), &game.positions()[2]);
        assert_eq!(board.play_text("d4").expect("legal").san, "d4");
        board.play_text("exd4").expect("legal");
        let view = board.view();
        assert_eq!(
            view.variation
                .iter()
                .map(|m| m.san.as_str())
                .collect::<Vec<_>>(),
            ["d4", "exd4"]
        );
        assert!(
            view.origin.starts_with("Move 2, White to play, score 0–0"),
            "{}",
            view.origin
        );
        assert!(view.status.contains("score 0–1"), "{}", view.status);
        assert_eq!(game.plies().len(), 4, "the game is untouched");
        assert!(board.back());
        board.reset();
        assert!(!board.back(), "the game's own moves are not taken back");
        assert_eq!(board.position(), &game.positions()[2]);
        let error = board.play_text("Ke3").expect_err("illegal");
        assert!(matches!(error, AnalysisBoardError::Move(_)));
    }

    #[test]
    fn several_lines_come_best_first_and_the_first_arrives_early() {
        let game = Game::new(Variant::Norochess, None).expect("start");
        let board = AnalysisBoard::from_game(&game, 0).expect("board");
        let request = board.request(3, limits(20_000)).expect("request");
        let mut engine = Engine::new(4);
        let mut first_report: Option<LiveLines> = None;
        let lines = request.think(&mut engine, &mut |live| {
            if first_report.is_none() {
                first_report = Some(live.clone());
            }
        });
        let first = first_report.expect("a report before the end");
        assert_eq!(first.lines.len(), 1);
        assert!(!first.finished);
        assert!(lines.finished);
        assert_eq!(lines.lines.len(), 3);
        let keys: Vec<i32> = lines.lines.iter().map(|l| l.score.value).collect();
        assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{keys:?}");
        let firsts: Vec<&str> = lines
            .lines
            .iter()
            .map(|l| l.moves[0].san.as_str())
            .collect();
        assert_eq!(firsts.len(), 3);
        assert!(
            firsts[0] != firsts[1] && firsts[1] != firsts[2],
            "{firsts:?}"
        );
        assert!(board.request(0, limits(10)).is_err());
    }

    /// Line `number` of a depth, starting with `first` (from the start
    /// position), of `score`.
    fn report(
        number: u32,
        depth: u32,
        first: &str,
        score: norochess_core::Score,
    ) -> SearchProgress {
        let start = Game::new(Variant::Norochess, None).expect("start");
        let position = *start.position();
        let m = position.parse_move(first).expect("a legal first move");
        SearchProgress {
            depth,
            seldepth: depth,
            line_number: number,
            line: EngineLine {
                score: EngineScore::of(score, norochess_core::Color::White),
                moves: vec![MoveInfo::of(&position, m)],
            },
            nodes: 0,
            elapsed_ms: 0,
        }
    }

    #[test]
    fn a_table_of_two_depths_stays_best_first_and_proofs_say_so() {
        use norochess_core::Score;
        let mut live = LiveLines::new(3);
        let firsts = |live: &LiveLines| -> Vec<String> {
            live.lines.iter().map(|l| l.moves[0].san.clone()).collect()
        };
        live.update(report(1, 7, "e4", Score::Centi(40)));
        live.update(report(2, 7, "d4", Score::Centi(14)));
        live.update(report(3, 7, "Nf3", Score::Centi(-30)));
        // Depth 8's first line (e4 again) falls below depth 7's second.
        live.update(report(1, 8, "e4", Score::Centi(12)));
        assert_eq!(firsts(&live), ["d4", "e4", "Nf3"]);
        assert_eq!(live.depths, [7, 8, 7]);
        assert_eq!(live.depth, 8);
        // Depth 8's second line is a new move: it takes the row of the
        // line depth 8 has not confirmed with the lowest score (Nf3).
        live.update(report(2, 8, "c4", Score::Centi(20)));
        assert_eq!(firsts(&live), ["c4", "d4", "e4"]);
        live.update(report(3, 8, "d4", Score::Centi(5)));
        assert_eq!(firsts(&live), ["c4", "e4", "d4"]);
        assert_eq!(live.depths, [8, 8, 8]);
        live.update(report(1, 88, "c4", Score::Won { margin: 3 }));
        assert_eq!(live.lines[0].score.kind, ScoreKind::Win);
        assert_eq!(live.depth_texts, ["proven", "depth 8", "depth 8"]);
        let ranks: Vec<i64> = [
            Score::Won { margin: 5 },
            Score::Won { margin: 1 },
            Score::Mate(1),
            Score::Mate(4),
            Score::Centi(300),
            Score::Centi(-300),
            Score::Mate(-4),
            Score::Mate(-1),
            Score::Lost { margin: -1 },
            Score::Lost { margin: -6 },
        ]
        .into_iter()
        .map(|s| score_rank(&EngineScore::of(s, norochess_core::Color::White)))
        .collect();
        assert!(ranks.windows(2).all(|w| w[0] > w[1]), "{ranks:?}");
    }

    #[test]
    fn near_the_end_the_solver_gives_the_exact_result() {
        let position = AnyPosition::from_text(
            Variant::Norochess,
            "7k/8/8/3n4/n7/8/8/3Q3K w - - 0 48 score=18-20",
        )
        .expect("position");
        let board = AnalysisBoard::from_position(&position).expect("board");
        assert!(board.view().exact_available);
        let exact = board
            .exact_request()
            .expect("near the end")
            .think(&mut Solver::new(16));
        assert!(exact.proven);
        assert_eq!(exact.text, "Exact: White wins by 1");
        let mut best = exact.best_moves.clone();
        best.sort();
        assert_eq!(best, ["Qxa4", "Qxd5"]);
        let far = AnalysisBoard::from_game(&Game::new(Variant::Norochess, None).expect("start"), 0)
            .expect("board");
        assert!(far.exact_request().is_none());
        assert!(!far.view().exact_available);
    }
}
