//! What a review screen draws beside the report's texts: each mark's
//! symbol and word, and the range of the graph, so the shells draw the same
//! marks and scale the graph alike.

use crate::review::{Judgement, LOSS_CAP};

/// The mark printed after a move: `?!`, `?`, `??`, or nothing.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn judgement_symbol(judgement: Judgement) -> String {
    judgement.symbol().to_string()
}

/// The word a screen shows for a mark: `Best move`, `Inaccuracy`, …
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn judgement_word(judgement: Judgement) -> String {
    judgement.word().to_string()
}

/// The review graph's range either side of zero, in points: the graph's
/// points (`GraphPoint::white_points`) lie within ± this.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn review_graph_limit() -> f64 {
    LOSS_CAP
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_moves_have_a_symbol_and_every_move_a_word() {
        assert_eq!(judgement_symbol(Judgement::Blunder), "??");
        assert_eq!(judgement_symbol(Judgement::Inaccuracy), "?!");
        assert_eq!(judgement_symbol(Judgement::Best), "");
        assert_eq!(judgement_word(Judgement::Mistake), "Mistake");
        assert!(review_graph_limit() > 0.0);
    }
}
