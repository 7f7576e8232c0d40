//! Norochess puzzles: a position with its move number and both scores, an
//! objective, and a solution proven by the exact solver. See
//! `docs/puzzles.md` for the file format.

mod compose;
mod generate;
mod likeness;
mod motifs;
mod pack;
mod panel;
mod progress;
mod rating;
mod scores;
mod session;
mod stats;
mod themes;
mod verify;

pub use compose::{compose, ComposeError, Composition, MAX_COMPOSED_LINE};
pub use generate::{board_key, deepen_puzzle, generate_puzzles, proof_line, GeneratorOptions};
pub use likeness::{idea_key, MAX_SAME_IDEA};
pub use pack::builtin_pack;
pub use panel::{
    fit_panel_levels, panel_rating, solve_probability, starting_rating, PanelRecord, PANEL_LEVELS,
    PANEL_LEVEL_RATINGS, PANEL_SEEDS, PRIOR_SPREAD, RATING_BOUNDS,
};
pub use progress::PuzzleProgress;
pub use rating::{
    budget_steps_needed, engine_rating_estimate, engine_solves, greedy_solvable,
    later_move_not_biggest_capture, level_solves, points_of,
};
pub use scores::{
    least_reachable_score, max_reachable_score, most_points_in, moves_made, score_bounds,
    score_problems, ScoreBounds, ScoreProblem,
};
pub use session::{Hint, MoveFeedback, PuzzleSession, SessionState};
pub use stats::PackStats;
pub use themes::{tag_themes, ROYAL_GAME_THEMES, THEMES};
pub use verify::{verify_puzzle, VerifyReport};

use crate::any::AnyPosition;
use crate::engine::solver::{Goal, Objective};
use crate::moves::Move;
use crate::variant::Variant;
use std::fmt::Write as _;
use thiserror::Error;

/// The first line of a puzzle file: its format and version. Version 3
/// adds puzzles of the games with a royal king (Ram chess, Frontal chess),
/// whose objective is a mate in N.
pub const FORMAT_HEADER: &str = "# norochess-puzzles 3";

/// The header of the second version (Norochess family only), still read.
pub const FORMAT_HEADER_V2: &str = "# norochess-puzzles 2";

/// The header of the first version (no opponent's move field), still read.
pub const FORMAT_HEADER_V1: &str = "# norochess-puzzles 1";

/// How hard a puzzle is, from the solver's effort and the line length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Rating below 1300.
    Easy,
    /// Rating 1300 to 1699.
    Medium,
    /// Rating 1700 and above.
    Hard,
}

impl Difficulty {
    /// The tier of a rating.
    pub fn of_rating(rating: u16) -> Difficulty {
        match rating {
            0..=1299 => Difficulty::Easy,
            1300..=1699 => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }

    /// `easy`, `medium` or `hard`.
    pub fn id(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The tier whose [`Difficulty::id`] a player typed, in any case
    /// (`easy`, `Hard`), or `None`.
    pub fn from_id(word: &str) -> Option<Difficulty> {
        [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard]
            .into_iter()
            .find(|tier| tier.id().eq_ignore_ascii_case(word))
    }
}

/// A puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Stable identifier (`np0042`).
    pub id: String,
    /// The game: the Norochess family, or (format 3) a game with a royal
    /// king, whose puzzles ask for a mate.
    pub variant: Variant,
    /// The position text, with move number and scores: before the
    /// opponent's move when there is one (`setup`), else the player's.
    pub position: String,
    /// The opponent's move that sets the puzzle (its mistake), in
    /// coordinate notation, played from `position` before the player's
    /// turn, as lichess puzzles begin; `None` when the puzzle starts with
    /// the player to move.
    pub setup: Option<String>,
    /// What the side to move must achieve.
    pub objective: Objective,
    /// The intended line in coordinate notation: the solver's moves and the
    /// best defence, alternating, starting with the side to move.
    pub solution: Vec<String>,
    /// Difficulty rating (400–4000; most between 500 and 2,500).
    pub rating: u16,
    /// Themes such as `overtime` or `last-move-capture`.
    pub themes: Vec<String>,
}

/// A puzzle file or line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A line is malformed.
    #[error("line {line}: {problem}")]
    Line {
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// The file does not start with the format header.
    #[error(
        "line 1: expected the header `{FORMAT_HEADER}` (or `{FORMAT_HEADER_V2}`, `{FORMAT_HEADER_V1}`), found `{0}`"
    )]
    Header(String),
}

impl Puzzle {
    /// The difficulty tier.
    pub fn difficulty(&self) -> Difficulty {
        Difficulty::of_rating(self.rating)
    }

    /// The position given, before the opponent's move if there is one.
    pub fn before(&self) -> Result<AnyPosition, crate::PositionError> {
        AnyPosition::from_text(self.variant, &self.position)
    }

    /// The opponent's setting move, if any, checked for legality.
    pub fn setup_move(&self) -> Result<Option<Move>, String> {
        let Some(text) = &self.setup else {
            return Ok(None);
        };
        let before = self.before().map_err(|e| e.to_string())?;
        before
            .parse_uci(text)
            .map(Some)
            .map_err(|e| format!("opponent's move ({text}): {e}"))
    }

    /// Where the player starts: after the opponent's move, if any.
    pub fn start(&self) -> Result<AnyPosition, String> {
        let before = self.before().map_err(|e| e.to_string())?;
        match self.setup_move()? {
            Some(m) => before.play(m).map_err(|e| e.to_string()),
            None => Ok(before),
        }
    }

    /// Hashes of the positions before the player's start (the position
    /// before the opponent's move), for repetition.
    pub fn start_history(&self) -> Vec<u64> {
        match (&self.setup, self.before()) {
            (Some(_), Ok(before)) => vec![before.hash()],
            _ => Vec::new(),
        }
    }

    /// The objective as the solver proves it (a gain anchored at the start).
    pub fn goal(&self) -> Result<Goal, String> {
        Ok(self.objective.anchored(&self.start()?))
    }

    /// The solution as moves, checked for legality from the start.
    pub fn solution_moves(&self) -> Result<Vec<Move>, String> {
        let mut position = self.start()?;
        let mut moves = Vec::new();
        for (i, text) in self.solution.iter().enumerate() {
            let m = position
                .parse_uci(text)
                .map_err(|e| format!("solution move {} ({text}): {e}", i + 1))?;
            moves.push(m);
            position = position.play(m).map_err(|e| e.to_string())?;
        }
        Ok(moves)
    }

    /// The objective in words with move number and score: "White to play
    /// and win — move 46, score 30–31"; with the move number alone in a
    /// game without points: "White to play and mate in 2 moves — move 31".
    pub fn describe(&self) -> String {
        match self.start() {
            Ok(p) if !self.variant.is_norochess_family() => format!(
                "{} — move {}",
                self.objective.describe(p.turn()),
                p.fullmove_number()
            ),
            Ok(p) => {
                use crate::types::Color;
                format!(
                    "{} — move {}, score {}–{}",
                    self.objective.describe(p.turn()),
                    p.fullmove_number(),
                    p.score(Color::White),
                    p.score(Color::Black)
                )
            }
            Err(_) => self.objective.text(),
        }
    }

    /// One line of the file format.
    pub fn to_line(&self) -> String {
        let mut line = String::new();
        let _ = write!(
            line,
            "{}|{}|{}|{}|{}|{}|{}|{}",
            self.id,
            self.variant.id(),
            self.position,
            self.setup.as_deref().unwrap_or("-"),
            self.objective.text(),
            self.solution.join(" "),
            self.rating,
            self.themes.join(",")
        );
        line
    }

    /// Reads one line of the current file format (`line` is its number,
    /// for errors).
    pub fn from_line(text: &str, line: usize) -> Result<Puzzle, PuzzleError> {
        Puzzle::from_line_of_version(text, line, 3)
    }

    /// Reads one line of format `version` (1: seven fields, no opponent's
    /// move; 2: eight; 3: eight, and games with a royal king too).
    pub fn from_line_of_version(
        text: &str,
        line: usize,
        version: u8,
    ) -> Result<Puzzle, PuzzleError> {
        let error = |problem: String| PuzzleError::Line { line, problem };
        let fields: Vec<&str> = text.split('|').map(str::trim).collect();
        let (id, variant, position, setup, objective, solution, rating, themes) =
            match (version, fields.as_slice()) {
                (1, [id, variant, position, objective, solution, rating, themes]) => (
                    id, variant, position, &"-", objective, solution, rating, themes,
                ),
                (2 | 3, [id, variant, position, setup, objective, solution, rating, themes]) => (
                    id, variant, position, setup, objective, solution, rating, themes,
                ),
                _ => {
                    let names = if version == 1 {
                        "id|variant|position|objective|solution|rating|themes"
                    } else {
                        "id|variant|position|opponent-move|objective|solution|rating|themes"
                    };
                    return Err(error(format!(
                        "expected {} fields separated by `|` ({names}), found {}",
                        names.split('|').count(),
                        fields.len()
                    )));
                }
            };
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(error(format!(
                "bad id `{id}` (letters, digits, - and _ only)"
            )));
        }
        let variant = Variant::parse(variant, None, None).map_err(|e| error(e.to_string()))?;
        if !variant.is_norochess_family() && version < 3 {
            return Err(error(format!(
                "format {version} holds puzzles of the Norochess family, not {} (format 3 does)",
                variant.id()
            )));
        }
        let before = AnyPosition::from_text(variant, position)
            .map_err(|e| error(format!("position: {e}")))?;
        let setup = (*setup != "-").then(|| setup.to_string());
        let start = match &setup {
            Some(text) => {
                let m = before
                    .parse_uci(text)
                    .map_err(|e| error(format!("opponent's move ({text}): {e}")))?;
                before.play(m).map_err(|e| error(e.to_string()))?
            }
            None => before,
        };
        let objective = Objective::parse(objective).ok_or_else(|| {
                error(format!(
                "unknown objective `{objective}` (expected win, win-by K, save, gain K in N or mate in N)"
            ))
            })?;
        // A game with a royal king has no points and no move limit, so its
        // only objective is a mate in N; the Norochess family has no mate.
        if objective.is_mate() == variant.is_norochess_family() {
            return Err(error(if objective.is_mate() {
                format!(
                    "{} has no checkmate: `{}` is no objective there",
                    variant.id(),
                    objective.text()
                )
            } else {
                format!(
                    "a {} puzzle asks for a mate in N, not `{}`",
                    variant.id(),
                    objective.text()
                )
            }));
        }
        let solution: Vec<String> = solution.split_whitespace().map(str::to_string).collect();
        if solution.is_empty() {
            return Err(error("the solution is empty".to_string()));
        }
        let mut position = start;
        for (i, text) in solution.iter().enumerate() {
            let m = position
                .parse_uci(text)
                .map_err(|e| error(format!("solution move {} ({text}): {e}", i + 1)))?;
            position = position.play(m).map_err(|e| error(e.to_string()))?;
        }
        let rating = rating
            .parse::<u16>()
            .ok()
            .filter(|r| (100..=4000).contains(r))
            .ok_or_else(|| {
                error(format!(
                    "rating `{rating}` is not a number from 100 to 4000"
                ))
            })?;
        let themes = themes
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect();
        Ok(Puzzle {
            id: id.to_string(),
            variant,
            position: before.to_text(),
            setup,
            objective,
            solution,
            rating,
            themes,
        })
    }
}

/// Reads a whole puzzle file: the header line, then one puzzle per line
/// (blank lines and `#` comments allowed). Ids must be unique.
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut lines = text.lines().enumerate();
    let version = match lines.next() {
        Some((_, first)) if first.trim() == FORMAT_HEADER => 3,
        Some((_, first)) if first.trim() == FORMAT_HEADER_V2 => 2,
        Some((_, first)) if first.trim() == FORMAT_HEADER_V1 => 1,
        Some((_, first)) => return Err(PuzzleError::Header(first.chars().take(60).collect())),
        None => return Err(PuzzleError::Header(String::new())),
    };
    let mut puzzles: Vec<Puzzle> = Vec::new();
    for (index, line) in lines {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let puzzle = Puzzle::from_line_of_version(trimmed, index + 1, version)?;
        if puzzles.iter().any(|p| p.id == puzzle.id) {
            return Err(PuzzleError::Line {
                line: index + 1,
                problem: format!("duplicate id `{}`", puzzle.id),
            });
        }
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// Writes a puzzle file.
pub fn write_puzzles(puzzles: &[Puzzle]) -> String {
    let mut out = String::from(FORMAT_HEADER);
    out.push('\n');
    out.push_str("# id|variant|position|opponent-move|objective|solution|rating|themes\n");
    for p in puzzles {
        out.push_str(&p.to_line());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tier_is_read_from_its_id_in_any_case() {
        for tier in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
            assert_eq!(Difficulty::from_id(tier.id()), Some(tier));
        }
        assert_eq!(Difficulty::from_id("HARD"), Some(Difficulty::Hard));
        assert_eq!(Difficulty::from_id("fork"), None);
        assert_eq!(Difficulty::from_id(""), None);
    }

    const LINE: &str = "t1|norochess|6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1 w - - 0 47 score=21-19|-|win|c1c8|1200|back-rank";

    /// Black's queen steps into the knight's reach (the opponent's move);
    /// White takes it.
    const WITH_SETUP: &str =
        "t3|norochess|4k3/8/8/8/3q4/4N3/8/4K3 b - - 0 30 score=4-1|d4d5|gain 9 in 1|e3d5|900|";

    #[test]
    fn a_puzzle_can_begin_with_the_opponents_move() {
        let p = Puzzle::from_line(WITH_SETUP, 1).expect("puzzle");
        assert_eq!(p.setup.as_deref(), Some("d4d5"));
        assert_eq!(p.to_line(), WITH_SETUP);
        let start = p.start().expect("start");
        assert_eq!(start.turn(), crate::types::Color::White);
        assert_eq!(start.fullmove_number(), 31);
        assert_eq!(p.start_history(), vec![p.before().expect("before").hash()]);
        assert_eq!(
            p.objective,
            Objective::Gain {
                points: 9,
                moves: 1
            }
        );
        assert_eq!(
            p.describe(),
            "White to play and gain 9 points in one move — move 31, score 4–1"
        );
        let goal = p.goal().expect("goal");
        assert_eq!(goal.objective, Objective::Lead(12));
        assert_eq!(goal.stop_at_ply, Some(62));
        // The opponent's move must be legal where the puzzle starts.
        let bad = WITH_SETUP.replace("|d4d5|", "|d4h1|");
        assert!(Puzzle::from_line(&bad, 4)
            .unwrap_err()
            .to_string()
            .starts_with("line 4: opponent's move (d4h1)"));
    }

    /// Ram chess (format 3): after Black's pawn step White mates in two
    /// with the rooks (the pack's rp0003; the session's tests play it too).
    pub(super) const RAM_MATE: &str = "rp0003|ram|10/10/9k/2N6p/4R5/P5R1p1/8N1/2P3K3/6P3/10 b - - 0 73|j7j5|mate in 2|g5i5 j5j3 e6j6|1590|short,mate,ram-chess";

    #[test]
    fn format_3_holds_mates_of_the_royal_games() {
        let p = Puzzle::from_line(RAM_MATE, 1).expect("a Ram chess puzzle");
        assert_eq!(p.variant.id(), "ram");
        assert_eq!(p.objective, Objective::Mate { moves: 2 });
        assert_eq!(p.to_line(), RAM_MATE);
        assert_eq!(p.describe(), "White to play and mate in 2 moves — move 74");
        // Proven as a win with play stopping after White's second move has
        // been answered (2 × 73 plies played, then four more).
        let goal = p.goal().expect("goal");
        assert_eq!(goal.objective, Objective::Win);
        assert_eq!(goal.stop_at_ply, Some(150));
        let mut solver = crate::engine::solver::Solver::new(8);
        let report = verify_puzzle(
            &p,
            &mut solver,
            crate::engine::solver::SolveLimits::with_nodes(2_000_000),
        );
        assert!(report.ok(), "{:?}", report.problems);
        // A line whose last move does not mate fails.
        let slow = RAM_MATE.replace("e6j6|", "e6e7|");
        let p = Puzzle::from_line(&slow, 1).expect("a legal line");
        let report = verify_puzzle(
            &p,
            &mut solver,
            crate::engine::solver::SolveLimits::with_nodes(2_000_000),
        );
        assert!(!report.ok());
        // The tagger names the game, the mate and the length, no phase.
        let p = Puzzle::from_line(RAM_MATE, 1).expect("a Ram chess puzzle");
        assert_eq!(tag_themes(&p), ["short", "mate", "ram-chess"]);
    }

    #[test]
    fn each_game_keeps_its_own_objectives() {
        // A format 2 reader's header refuses a Ram chess puzzle.
        let v2 = format!("{FORMAT_HEADER_V2}\n{RAM_MATE}\n");
        let err = parse_puzzles(&v2).map(|_| ()).unwrap_err().to_string();
        assert!(
            err.contains("format 2 holds puzzles of the Norochess family"),
            "{err}"
        );
        // Ram chess has no points and no move limit: a mate in N only.
        let err = Puzzle::from_line(&RAM_MATE.replace("|mate in 2|", "|win|"), 3)
            .unwrap_err()
            .to_string();
        assert_eq!(err, "line 3: a ram puzzle asks for a mate in N, not `win`");
        // Norochess has no checkmate.
        let err = Puzzle::from_line(&LINE.replace("|win|", "|mate in 1|"), 4)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "line 4: norochess has no checkmate: `mate in 1` is no objective there"
        );
        assert_eq!(
            Objective::parse("Mate in 3"),
            Some(Objective::Mate { moves: 3 })
        );
        assert_eq!(Objective::parse("mate in 7"), None);
        assert_eq!(Objective::parse("mate in 0"), None);
    }

    #[test]
    fn version_1_files_are_still_read() {
        let v1 = format!("{FORMAT_HEADER_V1}\n{}\n", LINE.replace("|-|win|", "|win|"));
        let puzzles = parse_puzzles(&v1).expect("version 1");
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].setup, None);
        assert_eq!(puzzles[0].to_line(), LINE);
    }

    #[test]
    fn line_round_trips() {
        let p = Puzzle::from_line(LINE, 1);
        assert!(p.is_ok(), "{p:?}");
        if let Ok(p) = p {
            assert_eq!(p.to_line(), LINE);
            assert_eq!(p.difficulty(), Difficulty::Easy);
            assert_eq!(p.describe(), "White to play and win — move 47, score 21–19");
        }
    }

    #[test]
    fn bad_files_name_the_line() {
        let bad = format!(
            "{FORMAT_HEADER}\n{LINE}\nt2|norochess|8/8/8/8/8/8/8/8 w - -|-|win|e2e4|1000|\n"
        );
        let err = parse_puzzles(&bad).map(|_| ()).unwrap_err().to_string();
        assert!(err.starts_with("line 3: solution move 1 (e2e4)"), "{err}");
        let dup = format!("{FORMAT_HEADER}\n{LINE}\n{LINE}\n");
        assert_eq!(
            parse_puzzles(&dup).map(|_| ()).unwrap_err().to_string(),
            "line 3: duplicate id `t1`"
        );
        assert!(parse_puzzles("hello").is_err());
        assert!(Puzzle::from_line("a|b", 7)
            .unwrap_err()
            .to_string()
            .starts_with("line 7: expected 8 fields"));
        assert!(Puzzle::from_line(&LINE.replace("|win|", "|mate|"), 2)
            .unwrap_err()
            .to_string()
            .contains("unknown objective"));
        assert!(Puzzle::from_line(&LINE.replace("|1200|", "|x|"), 2)
            .unwrap_err()
            .to_string()
            .contains("rating"));
    }
}
