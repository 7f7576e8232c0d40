//! How long and how wide the analysis board of a phone thinks, written once
//! so both phones analyse alike.

use crate::analysis::SearchLimits;

/// Lines the analysis board shows: the best move and two others.
pub const ANALYSIS_BOARD_LINES: u32 = 3;

/// Nodes the analysis board searches a position for before it rests: a few
/// seconds on a phone's core, deep enough for its lines to settle, and no
/// battery burnt on a position left on screen.
pub const ANALYSIS_BOARD_NODES: u64 = 4_000_000;

/// Lines the analysis board asks for ([`ANALYSIS_BOARD_LINES`]).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn analysis_board_lines() -> u32 {
    ANALYSIS_BOARD_LINES
}

/// The limits of the analysis board's search of a position
/// ([`ANALYSIS_BOARD_NODES`], one thread).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn analysis_board_limits() -> SearchLimits {
    SearchLimits {
        nodes: Some(ANALYSIS_BOARD_NODES),
        ..SearchLimits::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis_board::AnalysisBoard;
    use norochess_core::{Game, Variant};

    #[test]
    fn the_phone_limits_make_a_valid_request() {
        let game = Game::new(Variant::Norochess, None).expect("start");
        let board = AnalysisBoard::from_game(&game, 0).expect("board");
        let limits = analysis_board_limits();
        assert_eq!(limits.nodes, Some(ANALYSIS_BOARD_NODES));
        assert!(board.request(analysis_board_lines(), limits).is_ok());
    }
}
