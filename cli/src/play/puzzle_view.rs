//! Puzzles: the built-in pack by difficulty with progress and streak, and
//! puzzles from a position of your own (`puzzle fen "…" objective win`).

use super::app::{promotion_choices, promotion_question, App, View};
use super::screen::{self, Marks};
use super::text::{capitalized, heading};
use super::view_state::PuzzleView;
use norochess_app::ratings::Day;
use norochess_app::session::puzzle_run::policy::{daily_puzzle_index, next_puzzle_in_library};
use norochess_app::{
    theme_choices, GameResult, Keeping, PuzzleAttempt, PuzzleFilter, PuzzlePhase, PuzzleRun,
};
use norochess_core::puzzle::{Difficulty, Hint, Puzzle};
use norochess_core::{AnyPosition, Color, Game, Objective, Proof, SolveLimits, Solver, Variant};

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
            Some("mine" | "my") => self.my_puzzles(&args[1..]),
            Some("import" | "paste") => self
                .say("Usage: puzzle import <the shared line> (or paste the line at any prompt)."),
            Some("list") => self.list_puzzles(&args[1..]),
            Some("daily" | "today") => self.daily_puzzle(args.get(1).map(String::as_str)),
            None | Some("next") => {
                let filter = match &self.view {
                    View::Puzzle(view) => view.filter.clone(),
                    _ => PuzzleFilter::any(),
                };
                self.next_puzzle(filter)
            }
            Some("themes") => self.list_themes(args.get(1).map(String::as_str)),
            Some("any" | "all") => self.next_puzzle(PuzzleFilter::any()),
            Some("theme") => self.chosen_puzzles(&args[1..]),
            Some(word) if Difficulty::from_id(word).is_some() => self.chosen_puzzles(args),
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
                    Some(index) => self.open_puzzle(index, PuzzleFilter::any()),
                    None if PuzzleFilter::new(None, Some(&args.join(" "))).is_ok() => {
                        self.chosen_puzzles(args)
                    }
                    None => self.say(format!(
                        "No puzzle or theme `{other}` in the pack ({} puzzles; `puzzle list` and `puzzle themes` show them).",
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

    /// `puzzle daily [YYYY-MM-DD]`: the day's puzzle (today's local date by
    /// default), near the player's rating at the start of that day.
    fn daily_puzzle(&mut self, date: Option<&str>) {
        if self.pack_is_empty() {
            return;
        }
        let day = match date {
            None => local_today(),
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
        let index = match daily_puzzle_index(&self.library, &self.cfg.pack, day) {
            Ok(Some(index)) => index,
            Ok(None) => return,
            Err(e) => {
                self.say(format!("The daily puzzle cannot be chosen: {e}."));
                return;
            }
        };
        self.say(format!(
            "The daily puzzle of {day}: {}.",
            self.cfg.pack[index].id
        ));
        self.open_puzzle(index, PuzzleFilter::any());
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

    /// `puzzle list [TIER] [THEME]`: the pack's puzzles of the choice, in
    /// pack order, with the player's progress.
    fn list_puzzles(&mut self, choice: &[String]) {
        if self.pack_is_empty() {
            return;
        }
        let Some(filter) = self.read_choice(choice) else {
            return;
        };
        let statuses = self.pack_statuses();
        let mut lines = vec![format!("Puzzles: {}:", self.progress_summary())];
        let mut rows = Vec::new();
        for (i, (p, status)) in self.cfg.pack.iter().zip(&statuses).enumerate() {
            if !filter.fits(p) {
                continue;
            }
            rows.push(format!(
                "  {:>3}. {:<8} {:<6} {:>4}  {:<6}  {}",
                i + 1,
                p.id,
                p.difficulty().id(),
                p.rating,
                status.map_or("", PuzzleAttempt::id),
                p.describe()
            ));
        }
        if filter != PuzzleFilter::any() {
            lines.push(format!("{} of them {}:", rows.len(), filter.describe()));
        }
        lines.append(&mut rows);
        lines.push(
            "clean: solved with no wrong move or hint · solved: with help · shown: the solution was shown · failed: left after a wrong move"
                .to_string(),
        );
        lines.push("Open one with `puzzle N` or `puzzle ID`.".to_string());
        self.say(lines.join("\n"));
    }

    /// `puzzle [TIER] [theme] THEME…`: the next puzzle of the tier and the
    /// theme (a theme may be typed with spaces: `discovered attack`), kept
    /// by `next` until another choice.
    fn chosen_puzzles(&mut self, words: &[String]) {
        if let Some(filter) = self.read_choice(words) {
            self.next_puzzle(filter);
        }
    }

    /// The player's choice from `[TIER] [theme] THEME…` (`hard fork`,
    /// `discovered attack`, nothing for every puzzle), read by the app
    /// layer; an unknown theme is said, with where to find the themes.
    fn read_choice(&mut self, words: &[String]) -> Option<PuzzleFilter> {
        let tier = words.first().and_then(|w| Difficulty::from_id(w));
        let theme_words: Vec<&str> = words[usize::from(tier.is_some())..]
            .iter()
            .map(String::as_str)
            .filter(|w| !w.eq_ignore_ascii_case("theme"))
            .collect();
        let theme = (!theme_words.is_empty()).then(|| theme_words.join(" "));
        match PuzzleFilter::new(tier, theme.as_deref()) {
            Ok(filter) => Some(filter),
            Err(e) => {
                self.say(format!(
                    "{}. `puzzle themes` lists them with their counts.",
                    capitalized(&e.to_string())
                ));
                None
            }
        }
    }

    /// `puzzle themes [TIER]`: the pack's themes (of the tier) with how
    /// many puzzles have each and what it means.
    fn list_themes(&mut self, tier_word: Option<&str>) {
        let tier = match tier_word {
            None => None,
            Some(word) => match Difficulty::from_id(word) {
                Some(tier) => Some(tier),
                None => {
                    self.say(format!("`{word}` is not a tier: easy, medium or hard."));
                    return;
                }
            },
        };
        let choices = theme_choices(&self.cfg.pack, tier);
        let of_tier = tier.map_or(String::new(), |t| format!(" ({} puzzles)", t.id()));
        if choices.is_empty() {
            self.say(format!("The pack has no themes{of_tier}."));
            return;
        }
        let mut lines = vec![format!("Puzzle themes{of_tier}:")];
        let width = choices.iter().map(|c| c.id.len()).max().unwrap_or(0);
        lines.extend(
            choices
                .iter()
                .map(|c| format!("  {:<width$}  {:>4}  {}", c.id, c.count, c.meaning)),
        );
        lines.push(
            "Solve them with `puzzle THEME` or `puzzle TIER THEME` (`puzzle hard fork`); `next` keeps to the choice, `puzzle any` ends it."
                .to_string(),
        );
        self.say(lines.join("\n"));
    }

    /// The next puzzle of `filter` by the app layer's one rule: the first
    /// after the current one, in pack order, not yet solved cleanly.
    fn next_puzzle(&mut self, filter: PuzzleFilter) {
        if self.pack_is_empty() {
            return;
        }
        let current = match &self.view {
            View::Puzzle(view) => view.index.and_then(|i| self.cfg.pack.get(i)),
            _ => None,
        }
        .map(|p| p.id.clone());
        match next_puzzle_in_library(&self.library, &self.cfg.pack, &filter, current.as_deref()) {
            Ok(Some(next)) => {
                if next.all_solved_cleanly {
                    self.say(filter.all_solved_text());
                }
                self.open_puzzle(next.index, filter)
            }
            Ok(None) => self.say(filter.none_text()),
            Err(e) => self.say(format!("Puzzle progress cannot be read: {e}.")),
        }
    }

    fn open_puzzle(&mut self, index: usize, filter: PuzzleFilter) {
        let Some(puzzle) = self.cfg.pack.get(index).cloned() else {
            return;
        };
        match PuzzleRun::new(puzzle, Keeping::Kept) {
            Ok(run) => self.enter_puzzle(run, Some(index), filter, false),
            Err(e) => self.say(format!("That puzzle cannot be played: {e}.")),
        }
    }

    pub(super) fn enter_puzzle(
        &mut self,
        run: PuzzleRun,
        index: Option<usize>,
        filter: PuzzleFilter,
        mine: bool,
    ) {
        self.leave_view();
        self.view = View::Puzzle(Box::new(PuzzleView {
            run,
            index,
            filter,
            announced: false,
            flipped: false,
            mine,
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
        match PuzzleRun::new(puzzle, Keeping::NotKept) {
            Ok(run) => self.enter_puzzle(run, None, PuzzleFilter::any(), false),
            Err(e) => self.say(format!("That puzzle cannot be played: {e}.")),
        }
    }

    /// Commands of the puzzle screen.
    pub(super) fn puzzle_command(&mut self, command: &str, args: &[String], line: &str) {
        match command {
            "hint" => self.puzzle_hint(),
            "retry" | "undo" | "takeback" => {
                let View::Puzzle(view) = &mut self.view else { return };
                if view.run.retry() {
                    self.say("Taken back: try again.");
                    self.show_puzzle();
                } else {
                    self.say("There is nothing to retry.");
                }
            }
            "solution" | "solve" => {
                let View::Puzzle(view) = &mut self.view else { return };
                let first = view.run.show_next(&mut self.library);
                if first >= view.run.game().plies().len() {
                    self.say("There is no further move to show.");
                    return;
                }
                let words = moves_from(view.run.game(), first);
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
                let lines = screen::move_list(view.run.game(), None);
                let text = if lines.is_empty() {
                    "No moves yet.".to_string()
                } else {
                    lines.join("\n")
                };
                self.say(text);
            }
            "legal" => {
                let View::Puzzle(view) = &self.view else { return };
                let position = *view.run.game().position();
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
        match view.run.phase() {
            PuzzlePhase::Solved | PuzzlePhase::Left => {
                self.say("Solved! Type `next` for another puzzle.");
                return;
            }
            PuzzlePhase::Wrong => {
                self.say("Type `retry` to take the wrong move back, or `solution`.");
                return;
            }
            PuzzlePhase::Solving => {}
        }
        let position = *view.run.game().position();
        let m = match position.parse_move(line.trim()) {
            Ok(m) => m,
            Err(_) if !promotion_choices(&position, line).is_empty() => {
                let choices = promotion_choices(&position, line);
                self.say(promotion_question(&choices));
                self.confirm = Some(super::app::Confirm::Promotion(choices));
                return;
            }
            Err(e) => {
                let mut message = capitalized(&e.to_string());
                if matches!(e, norochess_core::MoveError::Unreadable { .. }) {
                    let hint = self.did_you_mean(line.trim());
                    message.push_str(&format!(".{hint} Type `help` for the commands"));
                }
                self.say(format!("{message}."));
                return;
            }
        };
        let san = position.to_san(m);
        let played = view.run.play(m, &mut self.library);
        drop(busy);
        let answer = match played {
            Ok(answer) => answer,
            Err(e) => {
                self.say(format!("{e}."));
                return;
            }
        };
        let opponent = !view.run.player();
        let answers = moves_after(view.run.game(), answer.ply + 1);
        let message = if answer.right {
            let mut text = format!("✓ {san} is right.");
            if !answers.is_empty() {
                text.push_str(&format!(" {opponent} answers {answers}."));
            }
            if !answer.solved {
                text.push_str(" Your move.");
            }
            text
        } else {
            format!(
                "✗ {san} is not it: {opponent} answers {answers}, and the objective is out of reach. `retry` to try again, or `solution`."
            )
        };
        self.say(message);
        self.after_puzzle_move();
    }

    /// Prints the screen and, once, how a finished attempt counted (the
    /// run recorded it when it ended).
    fn after_puzzle_move(&mut self) {
        let View::Puzzle(view) = &mut self.view else {
            return;
        };
        let mut note = None;
        if let (Some(end), false) = (view.run.end(), view.announced) {
            view.announced = true;
            let kept = view.run.keeping() == Keeping::Kept;
            let text = match end.kind {
                PuzzleAttempt::Shown => {
                    "The solution was shown: the puzzle does not count as solved.".to_string()
                }
                PuzzleAttempt::Clean if kept => {
                    let (streak, best) = self
                        .library
                        .puzzle_stats()
                        .map_or((0, 0), |s| (s.streak, s.best_streak));
                    format!("Puzzle solved! Streak {streak} (best {best}).")
                }
                PuzzleAttempt::Solved if kept => {
                    "Puzzle solved, with help (the streak starts again).".to_string()
                }
                _ => "Puzzle solved!".to_string(),
            };
            note = Some(match (&end.rating_text, &end.problem) {
                (Some(rating), _) => format!("{text} {rating}."),
                (None, Some(problem)) => {
                    format!("{text} Your puzzle progress was not saved: {problem}.")
                }
                (None, None) => text,
            });
        }
        self.show_puzzle();
        if let Some(note) = note {
            self.say(note);
        }
    }

    /// Leaving a puzzle: the run records an unsolved attempt as shown or
    /// failed (a puzzle only looked at is not recorded).
    pub(super) fn record_abandoned_puzzle(&mut self) {
        let View::Puzzle(view) = &mut self.view else {
            return;
        };
        let id = view.run.puzzle().id.clone();
        let Some(end) = view.run.leave(&mut self.library) else {
            return;
        };
        let text = match (&end.rating_text, &end.problem) {
            (Some(rating), _) => format!("Puzzle {id} not solved: {rating}."),
            (None, Some(problem)) => format!("Your puzzle progress was not saved: {problem}."),
            (None, None) => return,
        };
        self.say(text);
    }

    fn puzzle_hint(&mut self) {
        let View::Puzzle(view) = &mut self.view else {
            return;
        };
        let position = *view.run.game().position();
        match view.run.hint() {
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
        let run = &view.run;
        let puzzle = run.puzzle();
        let game = run.game();
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
            !run.player()
        } else {
            run.player()
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
        let player: Color = run.player();
        lines.push(match run.phase() {
            PuzzlePhase::Solving => format!(
                "  Your move ({player}). `hint` · `solution` · `next` · `flip` · `home` · `help`"
            ),
            PuzzlePhase::Wrong => "  Not solved yet: `retry` · `solution` · `next`".to_string(),
            PuzzlePhase::Solved | PuzzlePhase::Left => {
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

/// Today's date where the player is: the `date` command's local date,
/// else (no `date`, an unreadable answer) the UTC date. The standard
/// library has no time zones, and the daily puzzle is the same all of the
/// player's calendar day (docs/puzzles.md).
fn local_today() -> Day {
    std::process::Command::new("date")
        .arg("+%Y-%m-%d")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| Day::parse(&String::from_utf8_lossy(&out.stdout)))
        .unwrap_or_else(Day::today)
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
pub(super) fn read_objective<'a>(
    words: &mut impl Iterator<Item = &'a String>,
) -> Result<Objective, String> {
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
