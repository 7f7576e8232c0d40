//! A player's puzzle progress: solved and failed puzzles, the current
//! streak and the best one. Stored as a small text so apps can save it
//! after every puzzle.

use std::collections::BTreeSet;

/// Solved and failed puzzles and streaks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleProgress {
    solved: BTreeSet<String>,
    failed: BTreeSet<String>,
    streak: u32,
    best_streak: u32,
}

impl PuzzleProgress {
    /// Records a finished attempt: `clean` means solved without a wrong
    /// move, a move hint or the solution shown.
    pub fn record(&mut self, id: &str, clean: bool) {
        if clean {
            self.solved.insert(id.to_string());
            self.failed.remove(id);
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            if !self.solved.contains(id) {
                self.failed.insert(id.to_string());
            }
            self.streak = 0;
        }
    }

    /// Whether `id` was solved.
    pub fn is_solved(&self, id: &str) -> bool {
        self.solved.contains(id)
    }

    /// Whether `id` was failed and not solved since.
    pub fn is_failed(&self, id: &str) -> bool {
        self.failed.contains(id)
    }

    /// Number of puzzles solved.
    pub fn solved_count(&self) -> usize {
        self.solved.len()
    }

    /// Number of puzzles failed and not solved since.
    pub fn failed_count(&self) -> usize {
        self.failed.len()
    }

    /// Puzzles solved in a row.
    pub fn streak(&self) -> u32 {
        self.streak
    }

    /// The longest streak so far.
    pub fn best_streak(&self) -> u32 {
        self.best_streak
    }

    /// The saved form.
    pub fn to_text(&self) -> String {
        let join = |set: &BTreeSet<String>| set.iter().cloned().collect::<Vec<_>>().join(",");
        format!(
            "norochess-puzzle-progress 1\nstreak {}\nbest {}\nsolved {}\nfailed {}\n",
            self.streak,
            self.best_streak,
            join(&self.solved),
            join(&self.failed)
        )
    }

    /// Reads the saved form; unreadable text gives `None`.
    pub fn from_text(text: &str) -> Option<PuzzleProgress> {
        let mut lines = text.lines();
        if lines.next()?.trim() != "norochess-puzzle-progress 1" {
            return None;
        }
        let mut progress = PuzzleProgress::default();
        for line in lines {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let ids = || {
                value
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
            };
            match key {
                "streak" => progress.streak = value.trim().parse().ok()?,
                "best" => progress.best_streak = value.trim().parse().ok()?,
                "solved" => progress.solved = ids().collect(),
                "failed" => progress.failed = ids().collect(),
                "" => {}
                _ => return None,
            }
        }
        Some(progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streaks_and_round_trip() {
        let mut p = PuzzleProgress::default();
        p.record("a", true);
        p.record("b", true);
        p.record("c", false);
        p.record("d", true);
        assert_eq!(
            (
                p.streak(),
                p.best_streak(),
                p.solved_count(),
                p.failed_count()
            ),
            (1, 2, 3, 1)
        );
        p.record("c", true);
        assert!(!p.is_failed("c") && p.is_solved("c"));
        assert_eq!(PuzzleProgress::from_text(&p.to_text()), Some(p));
        assert_eq!(PuzzleProgress::from_text("garbage"), None);
    }
}
