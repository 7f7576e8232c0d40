//! The objectives a composer screen offers, with their words and the
//! numbers each asks for, written once so the three shells offer the same
//! choice and refuse the same numbers.

use norochess_core::Objective;

/// Most moves a "gain" objective may ask for (what the puzzle format reads).
pub const MAX_GAIN_MOVES: u8 = 6;

/// One objective the composer offers.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ObjectiveChoice {
    /// Stable id: `win`, `win-by`, `save`, `gain`.
    pub id: String,
    /// The chip's word: `Win by N`.
    pub label: String,
    /// One line under it: `Win with a final margin of at least N points`.
    pub detail: String,
    /// Whether it asks for a number of points (N).
    pub asks_points: bool,
    /// Whether it asks for a number of moves (M).
    pub asks_moves: bool,
}

/// The objectives the composer offers, in the order shown: win, win by N,
/// save the game (a draw or better), gain N points in M moves.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn composer_objectives() -> Vec<ObjectiveChoice> {
    let choice = |id: &str, label: &str, detail: &str, points: bool, moves: bool| ObjectiveChoice {
        id: id.to_string(),
        label: label.to_string(),
        detail: detail.to_string(),
        asks_points: points,
        asks_moves: moves,
    };
    vec![
        choice("win", "Win", "Force a win, by any margin", false, false),
        choice(
            "win-by",
            "Win by N",
            "Win with a final margin of at least N points",
            true,
            false,
        ),
        choice(
            "save",
            "Save the game",
            "Avoid losing: a draw or better",
            false,
            false,
        ),
        choice(
            "gain",
            "Gain N in M moves",
            "Gain N points more than the opponent within M moves",
            true,
            true,
        ),
    ]
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl ObjectiveChoice {
    /// The objective with `points` (N) and `moves` (M) where it asks for
    /// them, or `None` when a number is out of range ([`Self::problem`]
    /// says why).
    pub fn objective(&self, points: u32, moves: u32) -> Option<Objective> {
        if self.problem(points, moves).is_some() {
            return None;
        }
        // In range: checked by `problem`.
        let points = u16::try_from(points).ok()?;
        let moves = u8::try_from(moves).ok()?;
        match self.id.as_str() {
            "win" => Some(Objective::Win),
            "win-by" => Some(Objective::WinBy(points)),
            "save" => Some(Objective::Save),
            "gain" => Some(Objective::Gain { points, moves }),
            _ => None,
        }
    }

    /// Why `points` or `moves` cannot be used (`N must be at least 1`), or
    /// `None` when they can (numbers a choice does not ask for are ignored).
    pub fn problem(&self, points: u32, moves: u32) -> Option<String> {
        if self.asks_points && (points == 0 || points > u32::from(u16::MAX)) {
            return Some(format!(
                "N must be a number of points from 1 to {}",
                u16::MAX
            ));
        }
        if self.asks_moves && !(1..=u32::from(MAX_GAIN_MOVES)).contains(&moves) {
            return Some(format!(
                "M must be a number of moves from 1 to {MAX_GAIN_MOVES}"
            ));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(id: &str) -> ObjectiveChoice {
        composer_objectives()
            .into_iter()
            .find(|c| c.id == id)
            .expect("an offered objective")
    }

    #[test]
    fn every_choice_makes_the_objective_its_id_names() {
        for c in composer_objectives() {
            let objective = c.objective(3, 2).expect("numbers in range");
            // The id is the objective's text form without its numbers.
            assert!(
                objective.text().starts_with(&c.id),
                "{} {}",
                c.id,
                objective.text()
            );
            assert_eq!(Objective::parse(&objective.text()), Some(objective));
        }
        assert_eq!(choice("win-by").objective(4, 0), Some(Objective::WinBy(4)));
        assert_eq!(
            choice("gain").objective(5, 2),
            Some(Objective::Gain {
                points: 5,
                moves: 2
            })
        );
    }

    #[test]
    fn numbers_out_of_range_are_refused_with_a_reason() {
        let win_by = choice("win-by");
        assert_eq!(win_by.objective(0, 1), None);
        assert!(win_by.problem(0, 1).expect("refused").starts_with("N must"));
        let gain = choice("gain");
        assert!(gain.problem(3, 7).expect("refused").starts_with("M must"));
        assert!(gain.problem(3, 0).is_some());
        assert_eq!(gain.problem(3, 6), None);
        // Numbers a choice does not ask for do not matter.
        assert_eq!(choice("win").problem(0, 0), None);
        assert_eq!(choice("save").objective(0, 0), Some(Objective::Save));
    }
}
