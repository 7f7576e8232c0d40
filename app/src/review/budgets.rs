//! The review budgets a player chooses from, written once so the three
//! shells offer the same choice with the same words.
//!
//! They are node budgets, not times: the same game gives the same review
//! on every device, and a saved review resumed on another device keeps
//! its meaning. The default is [`DEFAULT_REVIEW_NODES`]; the figures of
//! each on this project's machine are in docs/review.md.

use super::{ReviewBudget, DEFAULT_REVIEW_NODES};

/// Nodes per position of the quick review: a third of the default, still
/// deep enough to see a piece left to be taken.
pub const QUICK_REVIEW_NODES: u64 = 25_000;
/// Nodes per position of the deep review: four times the default.
pub const DEEP_REVIEW_NODES: u64 = 320_000;

/// One budget a review screen offers.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReviewBudgetChoice {
    /// Stable id: `quick`, `standard`, `deep`.
    pub id: String,
    /// The button's word: `Quick`.
    pub label: String,
    /// One line under it: `Blunders and missed captures, fastest`.
    pub detail: String,
    /// The budget to start the review with.
    pub budget: ReviewBudget,
    /// Whether it is the default choice.
    pub is_default: bool,
}

/// The budgets a review screen offers, quickest first; exactly one is the
/// default ([`ReviewBudget::default`]).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn review_budgets() -> Vec<ReviewBudgetChoice> {
    let choice = |id: &str, label: &str, detail: &str, nodes: u64| ReviewBudgetChoice {
        id: id.to_string(),
        label: label.to_string(),
        detail: detail.to_string(),
        budget: ReviewBudget {
            nodes_per_position: Some(nodes),
            ms_per_position: None,
        },
        is_default: nodes == DEFAULT_REVIEW_NODES,
    };
    vec![
        choice(
            "quick",
            "Quick",
            "Blunders and missed captures, fastest",
            QUICK_REVIEW_NODES,
        ),
        choice(
            "standard",
            "Standard",
            "Every mark, a few seconds a game",
            DEFAULT_REVIEW_NODES,
        ),
        choice(
            "deep",
            "Deep",
            "The closest look, about four times longer",
            DEEP_REVIEW_NODES,
        ),
    ]
}

/// The choice with `id`, if there is one.
pub fn review_budget(id: &str) -> Option<ReviewBudgetChoice> {
    review_budgets().into_iter().find(|c| c.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_default_the_library_default_and_budgets_grow() {
        let choices = review_budgets();
        let defaults: Vec<_> = choices.iter().filter(|c| c.is_default).collect();
        assert_eq!(defaults.len(), 1);
        assert_eq!(defaults[0].budget, ReviewBudget::default());
        let nodes: Vec<u64> = choices
            .iter()
            .filter_map(|c| c.budget.nodes_per_position)
            .collect();
        assert_eq!(nodes.len(), choices.len(), "every choice is a node budget");
        assert!(nodes.windows(2).all(|w| w[0] < w[1]), "{nodes:?}");
        assert_eq!(review_budget("deep").map(|c| c.label), Some("Deep".into()));
        assert_eq!(review_budget("slow"), None);
    }
}
