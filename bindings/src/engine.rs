//! What the engine's searches say across the boundary: limits, scores,
//! lines and progress reports of the session's hint and analysis
//! ([`crate::GameSessionHandle::hint`], [`crate::GameSessionHandle::analyse`]).

use norochess_core as core;
use norochess_core::AnyPosition;
use std::sync::atomic::{AtomicBool, Ordering};

/// When a search stops, and on how many threads: the app layer's record.
pub use norochess_app::SearchLimits;

/// The engine's clock in a game with a clock: the core's `ClockLimits`,
/// declared for UniFFI by the app layer (`EngineClock` in Kotlin and Swift).
pub use norochess_core::ClockLimits as EngineClock;

uniffi::use_remote_type!(norochess_app::norochess_core::ClockLimits);

/// Scores, lines, progress reports and the answer of a search: the app
/// layer's records.
pub use norochess_app::{EngineLine, EngineScore, ScoreKind, SearchOutcome, SearchProgress};

/// Receives the progress of a search. Implemented in Kotlin or Swift.
///
/// Called on the searching thread, after each completed depth: post to the
/// main thread to update the screen, and return quickly. A failure
/// (exception) is logged and the search goes on without further reports.
#[uniffi::export(callback_interface)]
pub trait SearchListener: Send + Sync {
    /// One more depth is done.
    fn on_progress(&self, progress: SearchProgress) -> std::result::Result<(), ListenerError>;
}

/// A failure of a [`SearchListener`] implemented in Kotlin or Swift.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum ListenerError {
    /// The listener could not take the report.
    #[error("search listener failed: {reason}")]
    Failed {
        /// What went wrong.
        reason: String,
    },
}

impl From<uniffi::UnexpectedUniFFICallbackError> for ListenerError {
    fn from(e: uniffi::UnexpectedUniFFICallbackError) -> Self {
        ListenerError::Failed { reason: e.reason }
    }
}

/// Reports one completed depth to `listener`, if any; after a listener
/// failure (an exception in Kotlin or Swift) the search goes on without
/// further reports.
pub(crate) fn report(
    listener: &Option<Box<dyn SearchListener>>,
    failed: &AtomicBool,
    position: &AnyPosition,
    info: &core::SearchInfo,
) {
    let Some(listener) = listener else { return };
    if failed.load(Ordering::Relaxed) {
        return;
    }
    if let Err(e) = listener.on_progress(SearchProgress::of(position, info)) {
        log::warn!("{e}; no more progress reports for this search");
        failed.store(true, Ordering::Relaxed);
    }
}
