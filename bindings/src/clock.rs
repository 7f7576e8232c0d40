//! Game clocks. Time is passed in by the app as milliseconds of a monotonic
//! clock (Android `SystemClock.elapsedRealtime()`, iOS
//! `ProcessInfo.processInfo.systemUptime * 1000`), so the core has no
//! hidden timer and a restored game continues exactly.

pub use norochess_core::TimeControl;

// The app layer declares the core's time control for UniFFI (its settings
// hold one); the bindings use the same converters.
uniffi::use_remote_type!(norochess_app::norochess_core::TimeControl);

/// A named time control for the clock menu: the app layer's record.
pub use norochess_app::TimeControlPreset;

/// The presets the apps offer, including scaled Norochess tournament controls.
#[uniffi::export]
pub fn time_control_presets() -> Vec<TimeControlPreset> {
    norochess_app::game_menu::time_control_presets()
}
