//! Game clocks. Time is passed in by the app as milliseconds of a monotonic
//! clock (Android `SystemClock.elapsedRealtime()`, iOS
//! `ProcessInfo.processInfo.systemUptime * 1000`), so the core has no
//! hidden timer and a restored game continues exactly.

use norochess_core as core;

/// How much time each player gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum TimeControl {
    /// A fixed amount for the whole game.
    SuddenDeath {
        /// Time per player, in milliseconds.
        base_ms: u64,
    },
    /// A base time plus an increment after each move.
    Fischer {
        /// Time per player at the start.
        base_ms: u64,
        /// Added after each move.
        increment_ms: u64,
    },
    /// A base time; each move the clock starts only after a delay.
    Delay {
        /// Time per player at the start.
        base_ms: u64,
        /// Free thinking time at the start of each move.
        delay_ms: u64,
    },
    /// The Norochess tournament shape, scaled as the app likes: a base time
    /// for the regular moves with an increment, then a fixed allowance per
    /// overtime move.
    Norochess {
        /// Time per player at the start.
        base_ms: u64,
        /// Added after each regular move.
        increment_ms: u64,
        /// Number of regular moves (48).
        regular_moves: u32,
        /// Added after each overtime move.
        overtime_ms: u64,
    },
}

impl From<TimeControl> for core::TimeControl {
    fn from(t: TimeControl) -> Self {
        match t {
            TimeControl::SuddenDeath { base_ms } => core::TimeControl::SuddenDeath { base_ms },
            TimeControl::Fischer {
                base_ms,
                increment_ms,
            } => core::TimeControl::Fischer {
                base_ms,
                increment_ms,
            },
            TimeControl::Delay { base_ms, delay_ms } => {
                core::TimeControl::Delay { base_ms, delay_ms }
            }
            TimeControl::Norochess {
                base_ms,
                increment_ms,
                regular_moves,
                overtime_ms,
            } => core::TimeControl::Norochess {
                base_ms,
                increment_ms,
                regular_moves,
                overtime_ms,
            },
        }
    }
}

impl From<core::TimeControl> for TimeControl {
    fn from(t: core::TimeControl) -> Self {
        match t {
            core::TimeControl::SuddenDeath { base_ms } => TimeControl::SuddenDeath { base_ms },
            core::TimeControl::Fischer {
                base_ms,
                increment_ms,
            } => TimeControl::Fischer {
                base_ms,
                increment_ms,
            },
            core::TimeControl::Delay { base_ms, delay_ms } => {
                TimeControl::Delay { base_ms, delay_ms }
            }
            core::TimeControl::Norochess {
                base_ms,
                increment_ms,
                regular_moves,
                overtime_ms,
            } => TimeControl::Norochess {
                base_ms,
                increment_ms,
                regular_moves,
                overtime_ms,
            },
        }
    }
}

/// A named time control for the clock menu.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TimeControlPreset {
    /// What the menu shows (`Blitz 3+2`).
    pub name: String,
    /// The control.
    pub control: TimeControl,
}

/// The presets the apps offer, including scaled Norochess tournament controls.
#[uniffi::export]
pub fn time_control_presets() -> Vec<TimeControlPreset> {
    core::TimeControl::presets()
        .into_iter()
        .map(|(name, control)| TimeControlPreset {
            name: name.into(),
            control: control.into(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_cross_the_boundary_and_back() {
        let presets = time_control_presets();
        assert_eq!(presets.len(), 8);
        for preset in presets {
            let core_control = core::TimeControl::from(preset.control);
            assert_eq!(
                TimeControl::from(core_control),
                preset.control,
                "{}",
                preset.name
            );
        }
    }
}
