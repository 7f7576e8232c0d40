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

/// The most search threads a phone's analysis uses. Lazy SMP was measured
/// here at two threads against one (+66.8 ± 49.2 Elo over 200 games at
/// 100 ms a move, docs/engine.md); each further helper gains less and
/// heats the phone, so four is the ceiling.
pub const MAX_PHONE_THREADS: u32 = 4;

/// The search threads of a device that reports `reported_cores`
/// processors (Android's `availableProcessors()`, iOS's
/// `activeProcessorCount`): half of them, so the interface and the system
/// keep the rest (and on a phone with big and little cores, half are the
/// little ones), at least one, at most [`MAX_PHONE_THREADS`]. An 8-core
/// phone analyses on 4, a 6-core on 3, a 4-core on 2, a 2-core on 1.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn default_search_threads(reported_cores: u32) -> u32 {
    (reported_cores / 2).clamp(1, MAX_PHONE_THREADS)
}

/// The limits of the analysis board's search of a position on a device
/// that reports `reported_cores` processors: [`ANALYSIS_BOARD_NODES`] in
/// all, on [`default_search_threads`] (more threads reach the same nodes
/// sooner; the lines may differ from run to run, as Lazy SMP's do).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn analysis_board_limits(reported_cores: u32) -> SearchLimits {
    SearchLimits {
        nodes: Some(ANALYSIS_BOARD_NODES),
        threads: default_search_threads(reported_cores),
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
        for cores in [0, 1, 2, 6, 8, 64, u32::MAX] {
            let limits = analysis_board_limits(cores);
            assert_eq!(limits.nodes, Some(ANALYSIS_BOARD_NODES));
            assert_eq!(limits.threads, default_search_threads(cores));
            assert!(board.request(analysis_board_lines(), limits).is_ok());
        }
    }

    #[test]
    fn a_phone_analyses_on_half_its_cores_up_to_four() {
        let threads: Vec<u32> = [0, 1, 2, 3, 4, 6, 8, 10, 12]
            .into_iter()
            .map(default_search_threads)
            .collect();
        assert_eq!(threads, [1, 1, 1, 1, 2, 3, 4, 4, 4]);
    }
}
