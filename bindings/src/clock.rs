//! Game clocks. Time is passed in by the app as milliseconds of a monotonic
//! clock (Android `SystemClock.elapsedRealtime()`, iOS
//! `ProcessInfo.processInfo.systemUptime * 1000`), so the core has no
//! hidden timer and a restored game continues exactly.

use crate::error::{guard, NorochessError, Result};
use crate::types::{lock, Side};
use norochess_core as core;
use std::sync::{Arc, Mutex};

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

/// The rule book's tournament control: 2 hours for 48 moves with 30
/// seconds per move, then 30 seconds per overtime move.
#[uniffi::export]
pub fn norochess_tournament_control() -> TimeControl {
    core::TimeControl::NOROCHESS_TOURNAMENT.into()
}

/// The clock as the screen draws it at one moment.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClockState {
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// Whose clock runs (`None` before the start).
    pub running: Option<Side>,
    /// Whether the clock is paused.
    pub paused: bool,
    /// The side whose time ran out, if any.
    pub flagged: Option<Side>,
    /// Whether White is low on time (under a tenth of the base or 10 s).
    pub white_low: bool,
    /// Whether Black is low on time.
    pub black_low: bool,
    /// Moves White has completed on this clock.
    pub white_moves: u32,
    /// Moves Black has completed on this clock.
    pub black_moves: u32,
}

/// A two-player game clock. Thread-safe.
#[derive(uniffi::Object)]
pub struct ClockHandle {
    clock: Mutex<core::Clock>,
}

#[uniffi::export]
impl ClockHandle {
    /// A stopped clock with both players' base time.
    #[uniffi::constructor]
    pub fn new(control: TimeControl) -> Result<Arc<ClockHandle>> {
        guard("ClockHandle.new", || {
            let control = core::TimeControl::from(control);
            if control.base_ms() == 0 {
                return Err(NorochessError::invalid_argument(
                    "a time control needs a base time above zero",
                ));
            }
            if let core::TimeControl::Norochess {
                regular_moves: 0, ..
            } = control
            {
                return Err(NorochessError::invalid_argument(
                    "a Norochess time control needs at least one regular move",
                ));
            }
            Ok(Arc::new(ClockHandle {
                clock: Mutex::new(core::Clock::new(control)),
            }))
        })
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        lock(&self.clock).control().into()
    }

    /// Starts `side`'s clock at `now_ms`.
    pub fn start(&self, side: Side, now_ms: u64) -> Result<()> {
        guard("ClockHandle.start", || {
            lock(&self.clock).start(side.into(), now_ms);
            Ok(())
        })
    }

    /// The running side completes its move at `now_ms`: its time is
    /// charged, its bonus added, and the opponent's clock starts. Returns
    /// the side whose clock now runs. Fails if the clock was not started,
    /// is paused, or a flag has fallen.
    pub fn press(&self, now_ms: u64) -> Result<Side> {
        guard("ClockHandle.press", || {
            Ok(lock(&self.clock).press(now_ms)?.into())
        })
    }

    /// Pauses the running clock at `now_ms`.
    pub fn pause(&self, now_ms: u64) -> Result<()> {
        guard("ClockHandle.pause", || {
            lock(&self.clock).pause(now_ms);
            Ok(())
        })
    }

    /// Resumes a paused clock at `now_ms`.
    pub fn resume(&self, now_ms: u64) -> Result<()> {
        guard("ClockHandle.resume", || {
            lock(&self.clock).resume(now_ms);
            Ok(())
        })
    }

    /// Checks for a flag fall at `now_ms`: the side whose time is up, if
    /// any (then call `GameHandle.flagFall`).
    pub fn check_flag(&self, now_ms: u64) -> Result<Option<Side>> {
        guard("ClockHandle.check_flag", || {
            Ok(lock(&self.clock).check_flag(now_ms).map(Side::from))
        })
    }

    /// Sets `side`'s time left (restoring a saved game, or after a takeback).
    pub fn set_remaining(&self, side: Side, ms: u64) -> Result<()> {
        guard("ClockHandle.set_remaining", || {
            lock(&self.clock).set_remaining(side.into(), ms);
            Ok(())
        })
    }

    /// The clock at `now_ms`, for drawing (call it from a UI timer).
    pub fn state(&self, now_ms: u64) -> Result<ClockState> {
        guard("ClockHandle.state", || {
            let clock = lock(&self.clock);
            let white = core::Color::White;
            let black = core::Color::Black;
            Ok(ClockState {
                white_ms: clock.remaining(white, now_ms),
                black_ms: clock.remaining(black, now_ms),
                running: clock.running().map(Side::from),
                paused: clock.is_paused(),
                flagged: clock.flagged().map(Side::from),
                white_low: clock.is_low(white, now_ms),
                black_low: clock.is_low(black, now_ms),
                white_moves: clock.moves_made(white),
                black_moves: clock.moves_made(black),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presses_switch_sides_and_errors_are_typed() {
        let clock = ClockHandle::new(TimeControl::Fischer {
            base_ms: 60_000,
            increment_ms: 1_000,
        })
        .unwrap();
        assert!(matches!(clock.press(0), Err(NorochessError::Clock { .. })));
        clock.start(Side::White, 0).unwrap();
        assert_eq!(clock.press(5_000).unwrap(), Side::Black);
        let state = clock.state(5_000).unwrap();
        assert_eq!((state.white_ms, state.black_ms), (56_000, 60_000));
        assert!(ClockHandle::new(TimeControl::SuddenDeath { base_ms: 0 }).is_err());
        assert_eq!(time_control_presets().len(), 8);
    }
}
