//! Puzzles: the built-in pack by difficulty with progress and streak, and
//! puzzles from a position of your own (`puzzle fen "…" objective win`).

use super::app::{promotion_choices, promotion_question, App, View};
use super::game_screen::heading;
use super::screen::{self, Marks};
use norochess_app::ratings::Day;
use norochess_app::{GameResult, PuzzleAttempt};
use norochess_core::puzzle::{Difficulty, Hint, MoveFeedback, Puzzle, PuzzleSession, SessionState};
use norochess_core::{AnyPosition, Color, Game, Objective, Proof, SolveLimits, Solver, Variant};

/// A puzzle on the screen.
pub struct PuzzleView {
    pub session: PuzzleSession,
    /// Where it is in the pack (`None` for a puzzle of your own).
    pub index: Option<usize>,
    /// The tier `next` keeps to.
    pub tier: Option<Difficulty>,
    /// Whether progress has been recorded for this attempt.
    pub recorded: bool,
    /// A wrong move or a move hint was used.
    pub helped: bool,
    /// The solution was shown (then the puzzle does not count as solved).
    pub shown: bool,
    pub flipped: bool,
}

impl PuzzleView {
    /// The screen's title: `Puzzle np1042 · 42 of 640 · easy (1090)`.
    pub fn title(&self, pack_len: usize) -> String {
        let puzzle = self.session.puzzle();
        match self.index {
            Some(i) => format!(
                "Puzzle {} · {} of {pack_len} · {} ({})",
                puzzle.id,
                i + 1,
                puzzle.difficulty().id(),
                puzzle.rating
            ),
            None => "Your puzzle".to_string(),
        }
    }
}

/// What the opponent played to set the puzzle, if it did: `Black played
/// Rxd4`.
pub fn opponent_played(puzzle: &Puzzle) -> Option<String> {
    let before = puzzle.before().ok()?;
    let m = puzzle.setup_move().ok()??;
    Some(format!("{} played {}", before.turn(), before.to_san(m)))
}

/// Node budget of the solver for puzzles of your own.
const CUSTOM_NODES: u64 = 5_000_000;

impl App {
    /// `puzzle [next|easy|medium|hard|list|ID|N]`, `puzzle fen "…" [objective …]`.
    pub(super) fn puzzle(&mut self, args: &[String]) {
        let first = args.first().map(|a| a.to_ascii_lowercase());
        match first.as_deref() {
            Some("fen" | "position") => self.custom_puzzle(&args[1..]),
            Some("list") => self.list_puzzles(),
            Some("daily" | "today") => self.daily_puzzle(args.get(1).map(String::as_str)),
            None | Some("next") => {
                let tier = match &self.view {
                    View::Puzzle(view) => view.tier,
                    _ => None,
                };
                self.next_puzzle(tier)
            }
            Some("easy") => self.next_puzzle(Some(Difficulty::Easy)),
            Some("medium") => self.next_puzzle(Some(Difficulty::Medium)),
            Some("hard") => self.next_puzzle(Some(Difficulty::Hard)),
            Some(other) => {
                let by_id = self
                    .cfg
                    .pack
                    .iter()
                    .position(|p| p.id.eq_ignore_ascii_case(other));
                let by_number = other
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .filter(|i| *i < self.cfg.pack.len());
                match by_id.or(by_number) {
                    Some(index) => self.open_puzzle(index, None),
                    None => self.say(format!(
                        "No puzzle `{other}` in the pack ({} puzzles; `puzzle list` shows them).",
                        self.cfg.pack.len()
                    )),
                }
            }
        }
    }

    fn pack_is_empty(&mut self) -> bool {
        if !self.cfg.pack.is_empty() {
            return false;
        }
        self.say(
            "The puzzle pack has no puzzles. Try a position of your own: puzzle fen \"<position with move number and score>\" objective win",
        );
        true
    }

    /// The library's best result on each puzzle of the pack.
    fn pack_statuses(&mut self) -> Vec<Option<PuzzleAttempt>> {
        let mut problem = None;
        let statuses = self
            .cfg
            .pack
            .iter()
            .map(|p| {
                self.library.puzzle_status(&p.id).unwrap_or_else(|e| {
                    problem = Some(e.to_string());
                    None
                })
            })
            .collect();
        if let Some(e) = problem {
            self.say(format!("Puzzle progress cannot be read: {e}."));
        }
        statuses
    }

    /// `Puzzle rating 1512 ± 87` (the player's Glicko-2 rating and
    /// deviation), or why it cannot be read.
    pub(super) fn rating_text(&self) -> String {
        match self.library.puzzle_rating() {
            Ok(rating) => format!("Puzzle rating {}", rating.text()),
            Err(e) => format!("The puzzle rating cannot be read: {e}"),
        }
    }

    /// `puzzle daily [YYYY-MM-DD]`: the day's puzzle (today, UTC, by
    /// default), near the player's rating at the start of that day.
    fn daily_puzzle(&mut self, date: Option<&str>) {
        if self.pack_is_empty() {
            return;
        }
        let day = match date {
            None => Day::today(),
            Some(text) => match Day::parse(text) {
                Some(day) => day,
                None => {
                    self.say(format!(
                        "`{text}` is not a date: `puzzle daily` or `puzzle daily YYYY-MM-DD`."
                    ));
                    return;
                }
            },
        };
        let chosen = match self.library.daily_puzzle(&self.cfg.pack, day) {
            Ok(chosen) => chosen,
            Err(e) => {
                self.say(format!("The daily puzzle cannot be chosen: {e}."));
                return;
            }
        };
        let Some(index) = chosen.and_then(|p| self.cfg.pack.iter().position(|q| q.id == p.id))
        else {
            return;
        };
        self.say(format!(
            "The daily puzzle of {day}: {}.",
            self.cfg.pack[index].id
        ));
        self.open_puzzle(index, None);
    }

    /// `12 of 40 solved (9 cleanly, 2 shown), streak 3 (best 5) · Puzzle
    /// rating 1512 ± 87`.
    pub(super) fn progress_summary(&mut self) -> String {
        if self.cfg.pack.is_empty() {
            return "(no puzzles; try `puzzle fen \"…\"`)".to_string();
        }
        let statuses = self.pack_statuses();
        let count = |wanted: &[PuzzleAttempt]| {
            statuses
                .iter()
                .filter(|s| s.is_some_and(|s| wanted.contains(&s)))
                .count()
        };
        let solved = count(&[PuzzleAttempt::Clean, PuzzleAttempt::Solved]);
        let clean = count(&[PuzzleAttempt::Clean]);
        let shown = count(&[PuzzleAttempt::Shown]);
        let (streak, best) = match self.library.puzzle_stats() {
            Ok(stats) => (stats.streak, stats.best_streak),
            Err(_) => (0, 0),
        };
        let shown = if shown > 0 {
            format!(", {shown} shown")
        } else {
            String::new()
        };
        format!(
            "{solved} of {} solved ({clean} cleanly{shown}), streak {streak} (best {best}) · {}",
            self.cfg.pack.len(),
            self.rating_text()
        )
    }

    fn list_puzzles(&mut self) {
        if self.pack_is_empty() {
            return;
        }
        let statuses = self.pack_statuses();
        let mut lines = vec![format!("Puzzles: {}:", self.progress_summary())];
        for (i, (p, status)) in self.cfg.pack.iter().zip(&statuses).enumerate() {
            lines.push(format!(
                "  {:>3}. {:<8} {:<6} {:>4}  {:<6}  {}",
                i + 1,
                p.id,
                p.difficulty().id(),
                p.rating,
                status.map_or("", PuzzleAttempt::id),
                p.describe()
            ));
        }
        lines.push(
            "clean: solved with no wrong move or hint · solved: with help · shown: the solution was shown · failed: left after a wrong move"
                .to_string(),
        );
        lines.push("Open one with `puzzle N` or `puzzle ID`.".to_string());
        self.say(lines.join("\n"));
    }

    /// The next unsolved puzzle after the current one (of `tier`, if given).
    fn next_puzzle(&mut self, tier: Option<Difficulty>) {
        if self.pack_is_empty() {
            return;
        }
        let after = match &self.view {
            View::Puzzle(view) => view.index.map_or(0, |i| i + 1),
            _ => 0,
        };
        let n = self.cfg.pack.len();
        let statuses = self.pack_statuses();
        let fits = |p: &Puzzle| tier.is_none_or(|t| p.difficulty() == t);
        // Not yet solved cleanly: one solved with help is worth another try.
        let unsolved = (0..n)
            .map(|k| (after + k) % n)
            .find(|&i| fits(&self.cfg.pack[i]) && statuses[i] != Some(PuzzleAttempt::Clean));
        let any = (0..n)
            .map(|k| (after + k) % n)
            .find(|&i| fits(&self.cfg.pack[i]));
        match unsolved.or(any) {
            Some(index) => {
                if unsolved.is_none() {
                    self.say("You have solved every puzzle of this kind; here they come again.");
                }
                self.open_puzzle(index, tier)
            }
            None => self.say(format!(
                "The pack has no {} puzzles.",
                tier.map_or("", |t| t.id())
            )),
        }
    }

    fn open_puzzle(&mut self, index: usize, tier: Option<Difficulty>) {
        let puzzle = self.cfg.pack[index].clone();
        match PuzzleSession::new(puzzle) {
            Ok(session) => self.enter_puzzle(session, Some(index), tier),
            Err(e) => self.say(format!("That puzzle cannot be played: {e}.")),
        }
    }

    fn enter_puzzle(
        &mut self,
        session: PuzzleSession,
        index: Option<usize>,
        tier: Option<Difficulty>,
    ) {
        self.leave_view();
        self.view = View::Puzzle(Box::new(PuzzleView {
            session,
            index,
            tier,
            recorded: false,
            helped: false,
            shown: false,
            flipped: false,
        }));
        self.show_puzzle();
    }

    /// `puzzle fen "<position>" [objective win|win-by K|save|gain K in N] [variant norochess960]`.
    fn custom_puzzle(&mut self, args: &[String]) {
        let Some(text) = args.first() else {
            self.say("Usage: puzzle fen \"<position>\" [objective win|win-by K|save|gain K in N]");
            return;
        };
        let mut objective = None;
        let mut variant = Variant::Norochess;
        let mut rest = args[1..].iter();
        while let Some(word) = rest.next() {
            match word.to_ascii_lowercase().as_str() {
                "objective" => match read_objective(&mut rest) {
                    Ok(o) => objective = Some(o),
                    Err(e) => {
                        self.say(e);
                        return;
                    }
                },
                "variant" | "game" => match rest.next().map(|v| Variant::parse(v, None, None)) {
                    Some(Ok(v)) if v.is_norochess_family() => variant = v,
                    _ => {
                        self.say("Puzzles are for norochess and norochess960.");
                        return;
                    }
                },
                other => {
                    self.say(format!(
                        "`{other}` is not an option of `puzzle fen` (objective, variant)."
                    ));
                    return;
                }
            }
        }
        let position = match AnyPosition::from_text(variant, text) {
            Ok(p) => p,
            Err(e) => {
                self.say(format!("Cannot read that position: {e}."));
                return;
            }
        };
        if let Some(result) = Game::from_position(variant, text)
            .ok()
            .as_ref()
            .and_then(GameResult::of)
        {
            self.say(format!(
                "That position is already over ({}): a puzzle needs a move to find.",
                result.sentence()
            ));
            return;
        }
        let limits = SolveLimits::with_nodes(CUSTOM_NODES);
        let busy = self.busy();
        let mut solver = Solver::new(16);
        let objective = match objective {
            Some(o) => o,
            None => match solver.value(&position, &[], limits) {
                Some(norochess_core::GameValue::Win(_)) => Objective::Win,
                Some(_) => Objective::Save,
                None => {
                    self.say("The solver could not work this position out; give an objective or a position nearer the end of the game.");
                    return;
                }
            },
        };
        // A gain counts from this position, and play stops after its moves.
        let goal = objective.anchored(&position);
        let limits = goal.limits(limits);
        match solver.prove(&position, &[], goal.objective, limits) {
            Proof::Yes => {}
            Proof::No => {
                self.say(format!(
                    "{} is not possible here: the solver proves it cannot be done.",
                    objective.describe(position.turn())
                ));
                return;
            }
            Proof::Unknown => {
                self.say("The solver could not prove the objective within its budget; try a position nearer the end of the game.");
                return;
            }
        }
        // A gain's line ends with the player's last move of the objective:
        // after it nothing is counted (the solver's line would go on).
        let plies = match objective {
            Objective::Gain { moves, .. } => 2 * usize::from(moves) - 1,
            _ => 24,
        };
        let line = solver.principal_line(&position, &[], plies, limits);
        drop(busy);
        if line.is_empty() {
            self.say("There is no move to find in that position.");
            return;
        }
        let width = position.width();
        let puzzle = Puzzle {
            id: "custom".to_string(),
            variant,
            position: position.to_text(),
            setup: None,
            objective,
            solution: line.iter().map(|m| m.uci(width)).collect(),
            rating: 1500,
            themes: Vec::new(),
        };
        match PuzzleSession::new(puzzle) {
            Ok(session) => self.enter_puzzle(session, None, None),
            Err(e) => self.say(format!("That puzzle cannot be played: {e}.")),
        }
    }

    /// Commands of the puzzle screen.
    pub(super) fn puzzle_command(&mut self, command: &str, args: &[String], line: &str) {
        match command {
            "hint" => self.puzzle_hint(),
            "retry" | "undo" | "takeback" => {
                let View::Puzzle(view) = &mut self.view else { return };
                if view.session.retry() {
                    self.say("Taken back: try again.");
                    self.show_puzzle();
                } else {
                    self.say("There is nothing to retry.");
                }
            }
            "solution" | "solve" => {
                let View::Puzzle(view) = &mut self.view else { return };
                if view.session.state() == SessionState::Wrong {
                    view.session.retry();
                }
                let before = view.session.game().plies().len();
                let played = view.session.show_next();
                view.shown = true;
                if played.is_empty() {
                    self.say("There is no further move to show.");
                    return;
                }
                let words = moves_from(view.session.game(), before);
                self.say(format!("Solution: {words}"));
                self.after_puzzle_move();
            }
            "next" | "skip" => self.puzzle(&[]),
            "flip" => {
                if let View::Puzzle(view) = &mut self.view {
                    view.flipped = !view.flipped;
                }
                self.show_puzzle();
            }
            "board" | "show" | "screen" => self.show_puzzle(),
            "moves" => {
                let View::Puzzle(view) = &self.view else { return };
                let lines = screen::move_list(view.session.game(), None);
                let text = if lines.is_empty() {
                    "No moves yet.".to_string()
                } else {
                    lines.join("\n")
                };
                self.say(text);
            }
            "legal" => {
                let View::Puzzle(view) = &self.view else { return };
                let position = *view.session.game().position();
                let mut moves: Vec<String> = position
                    .legal_moves()
                    .into_iter()
                    .filter(|m| {
                        args.first()
                            .and_then(|s| position.parse_square(&s.to_ascii_lowercase()))
                            .is_none_or(|sq| m.from == sq)
                    })
                    .map(|m| position.to_san(m))
                    .collect();
                moves.sort();
                self.say(format!("Legal moves: {}", moves.join(" ")));
            }
            "resign" | "draw" | "redo" | "rematch" | "export" | "save" | "stop" | "back"
            | "forward" => self.say(format!(
                "`{command}` is for games. Puzzle commands: hint, retry, solution, next, flip, home."
            )),
            _ => self.puzzle_move(line),
        }
    }

    pub(super) fn puzzle_move(&mut self, line: &str) {
        // The solver checks the move and finds the answer.
        let busy = self.busy();
        let View::Puzzle(view) = &mut self.view else {
            return;
        };
        match view.session.state() {
            SessionState::Solved => {
                self.say("Solved! Type `next` for another puzzle.");
                return;
            }
            SessionState::Wrong => {
                self.say("Type `retry` to take the wrong move back, or `solution`.");
                return;
            }
            SessionState::Solving => {}
        }
        let position = *view.session.game().position();
        let m = match position.parse_move(line.trim()) {
            Ok(m) => m,
            Err(_) if !promotion_choices(&position, line).is_empty() => {
                let choices = promotion_choices(&position, line);
                self.say(promotion_question(&choices));
                self.confirm = Some(super::app::Confirm::Promotion(choices));
                return;
            }
            Err(e) => {
                let mut message = super::game_view::capitalized(&e.to_string());
                if matches!(e, norochess_core::MoveError::Unreadable { .. }) {
                    let hint = self.did_you_mean(line.trim());
                    message.push_str(&format!(".{hint} Type `help` for the commands"));
                }
                self.say(format!("{message}."));
                return;
            }
        };
        let san = position.to_san(m);
        let before = view.session.game().plies().len();
        let played = view.session.play(m);
        drop(busy);
        let feedback = match played {
            Ok(feedback) => feedback,
            Err(e) => {
                self.say(format!("{e}."));
                return;
            }
        };
        let player = view.session.player();
        let opponent = !player;
        let answers = moves_after(view.session.game(), before + 1);
        let message = match feedback {
            MoveFeedback::Correct { solved, .. } => {
                let mut text = format!("✓ {san} is right.");
                if !answers.is_empty() {
                    text.push_str(&format!(" {opponent} answers {answers}."));
                }
                if !solved {
                    text.push_str(" Your move.");
                }
                text
            }
            MoveFeedback::Wrong { .. } => {
                view.helped = true;
                format!(
                    "✗ {san} is not it: {opponent} answers {answers}, and the objective is out of reach. `retry` to try again, or `solution`."
                )
            }
        };
        self.say(message);
        self.after_puzzle_move();
    }

    /// Records a finished puzzle and prints the screen.
    fn after_puzzle_move(&mut self) {
        let View::Puzzle(view) = &mut self.view else {
            return;
        };
        let mut note = None;
        if view.session.state() == SessionState::Solved && !view.recorded {
            view.recorded = true;
            let attempt = if view.shown {
                PuzzleAttempt::Shown
            } else if view.session.solved_cleanly() && !view.helped {
                PuzzleAttempt::Clean
            } else {
                PuzzleAttempt::Solved
            };
            let pack_puzzle = view.index.is_some();
            let puzzle = view.session.puzzle();
            let (id, tier, rating) = (puzzle.id.clone(), puzzle.difficulty().id(), puzzle.rating);
            let mut rated = None;
            if pack_puzzle {
                // The pack's (or the puzzle file's) rating is where a puzzle
                // never rated before starts.
                match self
                    .library
                    .record_rated_puzzle_attempt(&id, tier, rating, attempt)
                {
                    Ok(r) => rated = Some(r),
                    Err(e) => self.say(format!("Your puzzle progress was not saved: {e}.")),
                }
            }
            let text = match attempt {
                PuzzleAttempt::Shown => {
                    "The solution was shown: the puzzle does not count as solved.".to_string()
                }
                PuzzleAttempt::Clean if pack_puzzle => {
                    let (streak, best) = self
                        .library
                        .puzzle_stats()
                        .map_or((0, 0), |s| (s.streak, s.best_streak));
                    format!("Puzzle solved! Streak {streak} (best {best}).")
                }
                PuzzleAttempt::Solved if pack_puzzle => {
                    "Puzzle solved, with help (the streak starts again).".to_string()
                }
                _ => "Puzzle solved!".to_string(),
            };
            note = Some(match rated {
                Some(rated) => format!("{text} {}.", rated.text()),
                None => text,
            });
        }
        self.show_puzzle();
        if let Some(note) = note {
            self.say(note);
        }
    }

    /// Leaving a puzzle unsolved: after the solution was shown it counts
    /// as shown, after a wrong move or a move hint as failed; a puzzle only
    /// looked at is not recorded.
    pub(super) fn record_abandoned_puzzle(&mut self) {
        let View::Puzzle(view) = &mut self.view else {
            return;
        };
        if view.recorded || !(view.helped || view.shown) {
            return;
        }
        view.recorded = true;
        if view.index.is_none() {
            return;
        }
        let attempt = if view.shown {
            PuzzleAttempt::Shown
        } else {
            PuzzleAttempt::Failed
        };
        let puzzle = view.session.puzzle();
        let (id, tier, rating) = (puzzle.id.clone(), puzzle.difficulty().id(), puzzle.rating);
        match self
            .library
            .record_rated_puzzle_attempt(&id, tier, rating, attempt)
        {
            Ok(rated) => {
                let text = format!("Puzzle {id} not solved: {}.", rated.text());
                self.say(text);
            }
            Err(e) => self.say(format!("Your puzzle progress was not saved: {e}.")),
        }
    }

    fn puzzle_hint(&mut self) {
        let View::Puzzle(view) = &mut self.view else {
            return;
        };
        let position = *view.session.game().position();
        match view.session.hint() {
            Some(Hint::Piece(square)) => {
                let piece = position
                    .piece_at(square)
                    .map_or("piece".to_string(), |p| p.role.name().to_string());
                self.say(format!(
                    "Hint: move your {piece} on {} (`hint` again for the move).",
                    position.square_name(square)
                ));
            }
            Some(Hint::Move(m)) => {
                view.helped = true;
                self.say(format!("Hint: play {}.", position.to_san(m)));
            }
            None => self.say("No hint now (`retry` after a wrong move, `next` after solving)."),
        }
    }

    /// Prints the puzzle screen.
    pub(super) fn show_puzzle(&mut self) {
        if self.cfg.full_screen {
            // The full-screen shell draws this view from the app's state.
            return;
        }
        let style = self.style();
        let View::Puzzle(view) = &self.view else {
            return;
        };
        let session = &view.session;
        let puzzle = session.puzzle();
        let game = session.game();
        let snapshot = game.snapshot();
        let title = view.title(self.cfg.pack.len());
        let mut lines = vec![heading(style, &title), String::new()];
        lines.push(match opponent_played(puzzle) {
            Some(played) => format!("  {played} — {}", style.bold(&puzzle.describe())),
            None => format!("  {}", style.bold(&puzzle.describe())),
        });
        if let Some(bar) = screen::score_bar(&snapshot, style) {
            lines.push(bar);
        }
        lines.push(String::new());
        let marks = Marks {
            last_move: snapshot
                .last_move
                .map(|m| vec![m.from, m.to])
                .unwrap_or_default(),
            ..Marks::default()
        };
        let bottom = if view.flipped {
            !session.player()
        } else {
            session.player()
        };
        lines.extend(screen::board(&snapshot, bottom, &marks, style));
        lines.push(String::new());
        if !game.plies().is_empty() {
            lines.push(format!(
                "  Moves: {}",
                screen::recent_moves(game, game.plies().len(), 8)
            ));
        }
        if let Some(result) = GameResult::of(game) {
            lines.push(format!("  {}", result.sentence()));
        }
        let player: Color = session.player();
        lines.push(match session.state() {
            SessionState::Solving => format!(
                "  Your move ({player}). `hint` · `solution` · `next` · `flip` · `home` · `help`"
            ),
            SessionState::Wrong => "  Not solved yet: `retry` · `solution` · `next`".to_string(),
            SessionState::Solved => {
                "  Solved. `next` for another puzzle, `home` for the menu.".to_string()
            }
        });
        let pack_puzzle = view.index.is_some();
        if pack_puzzle {
            let progress = self.progress_summary();
            lines.push(format!("  Progress: {progress}"));
        }
        self.say(lines.join("\n"));
    }
}

/// The moves of `game` from ply `from` on, in SAN.
fn moves_after(game: &norochess_core::Game, from: usize) -> String {
    let san = game.san_moves();
    san.get(from..).map(|s| s.join(" ")).unwrap_or_default()
}

/// The moves from ply `from` with move numbers.
fn moves_from(game: &norochess_core::Game, from: usize) -> String {
    let total = game.plies().len();
    screen::recent_moves(game, total, total.saturating_sub(from))
        .trim_start_matches("… ")
        .to_string()
}

/// The objective after `objective`: `win`, `save` (or `draw`), `win-by
/// K` with K a whole number of points from 1 (no sign: a margin is never
/// negative), or `gain K in N`: K points from 1 gained within N moves,
/// 1 to 6.
fn read_objective<'a>(words: &mut impl Iterator<Item = &'a String>) -> Result<Objective, String> {
    let usage =
        "(win, win-by K with K from 1 to 65535, save, or gain K in N with N from 1 to 6 moves)";
    let Some(word) = words.next() else {
        return Err(format!("`objective` needs a value {usage}."));
    };
    let lower = word.to_ascii_lowercase();
    let margin = match lower.as_str() {
        "win" => return Ok(Objective::Win),
        "save" | "draw" => return Ok(Objective::Save),
        "gain" => {
            let rest: Vec<&String> = words.take(3).collect();
            let text = format!(
                "gain {}",
                rest.iter()
                    .map(|w| w.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            return Objective::parse(&text)
                .filter(|o| matches!(o, Objective::Gain { .. }))
                .ok_or_else(|| format!("`{}` is not a gain {usage}.", text.trim_end()));
        }
        "win-by" | "winby" => match words.next() {
            Some(k) => k.clone(),
            None => return Err(format!("`win-by` needs a margin {usage}.")),
        },
        other => match other
            .strip_prefix("win-by-")
            .or_else(|| other.strip_prefix("winby-"))
        {
            Some(k) => k.to_string(),
            None => return Err(format!("Unknown objective `{word}` {usage}.")),
        },
    };
    match margin.parse::<u16>() {
        Ok(k) if k > 0 && margin.bytes().all(|b| b.is_ascii_digit()) => Ok(Objective::WinBy(k)),
        _ => Err(format!("`{margin}` is not a margin to win by {usage}.")),
    }
}
