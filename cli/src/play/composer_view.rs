//! The puzzle composer and "My puzzles": `compose [objective]` proves a
//! puzzle from the position on screen (the editor's, the analysis
//! board's, a game's) with the app layer's composer on the engine thread,
//! saves it to My puzzles and prints the one line to share; `puzzle import
//! <line>` (or a pasted line) proves a shared puzzle again and keeps it;
//! `puzzle mine` lists them with their progress, solves one like a puzzle
//! of the pack, shares or deletes one.

use super::app::{App, View};
use super::puzzle_view::read_objective;
use super::review_view::game_at;
use super::worker::Job;
use norochess_app::{ComposedPuzzle, ComposerError, Keeping, PuzzleOrigin, PuzzleRun};
use norochess_core::puzzle::Puzzle;
use norochess_core::{AnyPosition, Objective};

impl App {
    /// `compose [objective …]`: proves the puzzle of the position on
    /// screen (off the prompt's thread: the solver takes seconds).
    pub(super) fn compose(&mut self, args: &[String]) {
        let mut words = args.iter();
        let objective = if args.is_empty() {
            Objective::Win
        } else {
            match read_objective(&mut words) {
                Ok(objective) => objective,
                Err(e) => {
                    self.say(e);
                    return;
                }
            }
        };
        if let Some(extra) = words.next() {
            self.say(format!(
                "`{extra}` after the objective is not understood: `compose win`, `compose win-by 3`, `compose save`, `compose gain 5 in 2`."
            ));
            return;
        }
        let position = match self.position_to_compose() {
            Ok(position) => position,
            Err(message) => {
                self.say(message);
                return;
            }
        };
        if self.thinking.is_some() {
            // The board's analysis (or another search) gives way.
            self.cancel_thinking();
        }
        self.say(format!(
            "The solver is proving \"{}\" from this position (seconds near the end of a game; `stop` stops waiting)…",
            objective.describe(position.turn())
        ));
        self.submit(Job::Compose(Box::new(position), objective), None);
    }

    /// The position on screen that a puzzle would start from.
    fn position_to_compose(&self) -> Result<AnyPosition, String> {
        match &self.view {
            View::Editor(screen) => screen.editor.check().map_err(|problems| {
                let texts: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
                format!("This position cannot be a puzzle: {}.", texts.join("; "))
            }),
            View::Analysis(screen) => Ok(*screen.board.position()),
            View::Archive(view) => Ok(*view.shown_game().position()),
            View::Review(screen) => {
                let total = screen.review.game().plies().len();
                Ok(*game_at(screen.review.game(), screen.shown.unwrap_or(total)).position())
            }
            View::Game => match &self.game {
                Some(session) => Ok(*session.shown_game().position()),
                None => Err("There is no game on screen.".to_string()),
            },
            View::Home | View::Puzzle(_) => Err(
                "Compose from a position: `edit` sets one up (or `analyse`, a game, a review); then `compose [objective]`."
                    .to_string(),
            ),
        }
    }

    /// Writes a shared line to a new file (never over an existing one).
    fn write_share_file(&mut self, file: &str, line: &str) {
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(file)
            .and_then(|mut f| std::io::Write::write_all(&mut f, line.as_bytes()));
        match written {
            Ok(()) => self.say(format!(
                "Wrote the puzzle's line to {file}: `puzzle import {file}` reads it on any copy of Norochess."
            )),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => self.say(format!(
                "{file} already exists: nothing was written. Choose another file name."
            )),
            Err(e) => self.say(format!("Cannot write {file}: {e}.")),
        }
    }

    /// `puzzle import <line|FILE>` or a pasted line: proves it again (off
    /// the prompt's thread) and keeps it in My puzzles.
    pub(super) fn import_line(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            self.say("Usage: puzzle import <the shared line> (or paste the line at any prompt).");
            return;
        }
        // A file holding the line (a copy from a full screen may be cut
        // into several lines; a file keeps it whole).
        let from_file;
        let text = if !text.contains('|') {
            match std::fs::read_to_string(text) {
                Ok(read) => {
                    from_file = read;
                    from_file.as_str()
                }
                Err(e) => {
                    self.say(format!(
                        "`{text}` is neither a shared puzzle line nor a file that can be read ({e})."
                    ));
                    return;
                }
            }
        } else {
            text
        };
        if self.thinking.is_some() {
            self.cancel_thinking();
        }
        self.say("The solver is checking the pasted puzzle…");
        self.submit(Job::Import(text.to_string()), None);
    }

    /// The solver's answer to `compose` or an import.
    pub(super) fn puzzle_proved(
        &mut self,
        origin: PuzzleOrigin,
        result: Result<Puzzle, ComposerError>,
    ) {
        self.say_proof(origin, result);
        // A game on screen whose computer gave way to the solver moves on.
        self.computer_turn();
    }

    fn say_proof(&mut self, origin: PuzzleOrigin, result: Result<Puzzle, ComposerError>) {
        let puzzle = match result {
            Ok(puzzle) => puzzle,
            Err(e) => {
                let text = match origin {
                    PuzzleOrigin::Composed => format!("Not a puzzle: {e}."),
                    PuzzleOrigin::Imported => format!("Not imported: {e}."),
                };
                self.say(text);
                return;
            }
        };
        let shown = ComposedPuzzle::of(&puzzle);
        let mut lines = vec![
            format!(
                "{} {}: {}",
                match origin {
                    PuzzleOrigin::Composed => "Proven! Puzzle",
                    PuzzleOrigin::Imported => "Proven again: puzzle",
                },
                shown.id,
                shown.description
            ),
            format!("Solution: {}", shown.solution.join(" ")),
        ];
        match self.library.save_my_puzzle(&puzzle, origin) {
            Ok(true) => lines.push(
                match origin {
                    PuzzleOrigin::Composed => "Saved to My puzzles (`puzzle mine` lists them).",
                    PuzzleOrigin::Imported => {
                        "Imported into My puzzles (`puzzle mine` lists them)."
                    }
                }
                .to_string(),
            ),
            Ok(false) => {
                lines.push("It is already in My puzzles (`puzzle mine` lists them).".to_string())
            }
            Err(e) => lines.push(format!("It could NOT be saved to My puzzles: {e}.")),
        }
        if origin == PuzzleOrigin::Composed {
            lines.push(format!(
                "Share it: paste this line into `puzzle import` on any copy of Norochess (`puzzle mine share {} FILE` writes it to a file):",
                shown.id
            ));
            lines.push(shown.share_text);
        }
        self.say(lines.join("\n"));
    }

    /// `puzzle mine [N|ID] | delete N | share N`.
    pub(super) fn my_puzzles(&mut self, args: &[String]) {
        let list = match self.library.my_puzzle_list() {
            Ok(list) => list,
            Err(e) => {
                self.say(format!("My puzzles cannot be read: {e}."));
                return;
            }
        };
        let words: Vec<String> = args.iter().map(|a| a.to_ascii_lowercase()).collect();
        let file = args.get(2).filter(|_| words[0] == "share");
        let (action, which) = match words.as_slice() {
            [] => ("list", None),
            [action, which] if matches!(action.as_str(), "delete" | "remove" | "share") => {
                (action.as_str(), Some(which.as_str()))
            }
            [action, which, _] if action == "share" => (action.as_str(), Some(which.as_str())),
            [which] => ("solve", Some(which.as_str())),
            _ => {
                self.say(
                    "Usage: puzzle mine [N] · puzzle mine delete N · puzzle mine share N [FILE]",
                );
                return;
            }
        };
        for problem in &list.unreadable {
            self.say(format!("A puzzle of My puzzles cannot be read: {problem}."));
        }
        let Some(which) = which else {
            let mut lines = vec!["My puzzles:".to_string()];
            for (i, mine) in list.puzzles.iter().enumerate() {
                lines.push(format!(
                    "  {:>3}. {}  {}",
                    i + 1,
                    mine.puzzle.id,
                    mine.puzzle.description
                ));
                lines.push(format!("        {}", mine.status_text));
            }
            if list.puzzles.is_empty() {
                lines.push(
                    "  (none yet: `edit` a position, then `compose`; or `puzzle import <line>`)"
                        .to_string(),
                );
            } else {
                lines.push(
                    "`puzzle mine N` solves one · `puzzle mine share N` prints its line · `puzzle mine delete N` removes it"
                        .to_string(),
                );
            }
            self.say(lines.join("\n"));
            return;
        };
        let index = which
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .filter(|&i| i < list.puzzles.len())
            .or_else(|| {
                list.puzzles
                    .iter()
                    .position(|m| m.puzzle.id.eq_ignore_ascii_case(which))
            });
        let Some(index) = index else {
            self.say(format!(
                "There is no puzzle `{which}` in My puzzles ({} kept; `puzzle mine` lists them).",
                list.puzzles.len()
            ));
            return;
        };
        let mine = &list.puzzles[index];
        let id = mine.puzzle.id.clone();
        match action {
            "share" => match file {
                Some(file) => {
                    let line = format!("{}\n", mine.puzzle.share_text);
                    self.write_share_file(file, &line);
                }
                None => {
                    let text = format!(
                        "Paste this line into `puzzle import` on any copy of Norochess:\n{}",
                        mine.puzzle.share_text
                    );
                    self.say(text);
                }
            },
            "delete" | "remove" => match self.library.delete_my_puzzle(&id) {
                Ok(true) => self.say(format!("Puzzle {id} was removed from My puzzles.")),
                Ok(false) => self.say(format!("Puzzle {id} was already gone.")),
                Err(e) => self.say(format!("Puzzle {id} could not be removed: {e}.")),
            },
            _ => {
                let puzzle = match Puzzle::from_line(&mine.puzzle.share_text, 1) {
                    Ok(puzzle) => puzzle,
                    Err(e) => {
                        self.say(format!("Puzzle {id} cannot be read: {e}."));
                        return;
                    }
                };
                match PuzzleRun::new(puzzle, Keeping::Kept) {
                    Ok(run) => {
                        self.enter_puzzle(run, None, norochess_app::PuzzleFilter::any(), true)
                    }
                    Err(e) => self.say(format!("That puzzle cannot be played: {e}.")),
                }
            }
        }
    }
}
