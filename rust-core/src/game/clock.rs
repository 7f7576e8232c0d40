//! Game clocks for pass-and-play and engine games. Time is always passed in
//! by the caller (milliseconds on any monotonic scale), so the clock has no
//! hidden system time and is fully testable.

use crate::types::Color;
use thiserror::Error;

/// How much time each player gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// A fixed amount for the whole game.
    SuddenDeath {
        /// Time per player.
        base_ms: u64,
    },
    /// A base time plus an increment added after each move.
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
    /// The Norochess tournament shape: a base time for the regular moves with
    /// an increment per move, then a fixed allowance added per overtime move.
    /// Unused time carries over into overtime.
    Norochess {
        /// Time per player at the start.
        base_ms: u64,
        /// Added after each regular move (1 to `regular_moves`).
        increment_ms: u64,
        /// Number of regular moves (48).
        regular_moves: u32,
        /// Added after each overtime move.
        overtime_ms: u64,
    },
}

const SECOND: u64 = 1000;
const MINUTE: u64 = 60 * SECOND;

impl TimeControl {
    /// The rule book's tournament control: 2 hours for 48 moves with 30
    /// seconds per move, then 30 seconds per overtime move.
    pub const NOROCHESS_TOURNAMENT: TimeControl = TimeControl::Norochess {
        base_ms: 120 * MINUTE,
        increment_ms: 30 * SECOND,
        regular_moves: 48,
        overtime_ms: 30 * SECOND,
    };

    /// Presets offered by the apps, with their names.
    pub fn presets() -> Vec<(&'static str, TimeControl)> {
        vec![
            ("Bullet 1+0", TimeControl::SuddenDeath { base_ms: MINUTE }),
            (
                "Blitz 3+2",
                TimeControl::Fischer {
                    base_ms: 3 * MINUTE,
                    increment_ms: 2 * SECOND,
                },
            ),
            (
                "Blitz 5+0",
                TimeControl::SuddenDeath {
                    base_ms: 5 * MINUTE,
                },
            ),
            (
                "Rapid 10+5",
                TimeControl::Fischer {
                    base_ms: 10 * MINUTE,
                    increment_ms: 5 * SECOND,
                },
            ),
            (
                "Rapid 15 delay 10",
                TimeControl::Delay {
                    base_ms: 15 * MINUTE,
                    delay_ms: 10 * SECOND,
                },
            ),
            (
                "Norochess 10 min/48 + 5 s, then 15 s",
                TimeControl::Norochess {
                    base_ms: 10 * MINUTE,
                    increment_ms: 5 * SECOND,
                    regular_moves: 48,
                    overtime_ms: 15 * SECOND,
                },
            ),
            (
                "Norochess 20 min/48 + 10 s, then 10 s",
                TimeControl::Norochess {
                    base_ms: 20 * MINUTE,
                    increment_ms: 10 * SECOND,
                    regular_moves: 48,
                    overtime_ms: 10 * SECOND,
                },
            ),
            (
                "Norochess tournament 2 h/48 + 30 s, then 30 s",
                TimeControl::NOROCHESS_TOURNAMENT,
            ),
        ]
    }

    /// Each player's time at the start.
    pub const fn base_ms(self) -> u64 {
        match self {
            TimeControl::SuddenDeath { base_ms }
            | TimeControl::Fischer { base_ms, .. }
            | TimeControl::Delay { base_ms, .. }
            | TimeControl::Norochess { base_ms, .. } => base_ms,
        }
    }

    /// Time added after a player's `move_number`-th move.
    const fn bonus_after(self, move_number: u32) -> u64 {
        match self {
            TimeControl::SuddenDeath { .. } | TimeControl::Delay { .. } => 0,
            TimeControl::Fischer { increment_ms, .. } => increment_ms,
            TimeControl::Norochess {
                increment_ms,
                regular_moves,
                overtime_ms,
                ..
            } => {
                if move_number <= regular_moves {
                    increment_ms
                } else {
                    overtime_ms
                }
            }
        }
    }

    const fn delay_ms(self) -> u64 {
        match self {
            TimeControl::Delay { delay_ms, .. } => delay_ms,
            _ => 0,
        }
    }
}

/// What a clock refuses to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ClockError {
    /// The clock has not been started.
    #[error("the clock has not been started")]
    NotStarted,
    /// The clock is paused; resume it first.
    #[error("the clock is paused")]
    Paused,
    /// A player's time has run out.
    #[error("{0}'s time has run out")]
    Flagged(Color),
}

/// A two-player chess clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    remaining: [u64; 2],
    moves_made: [u32; 2],
    /// The side whose clock runs, if started.
    running: Option<Color>,
    /// When the current stretch of the running side's turn began (None while paused).
    resumed_at: Option<u64>,
    /// Time the running side used in its turn before the current stretch.
    used_this_turn: u64,
    flagged: Option<Color>,
}

impl Clock {
    /// A stopped clock with both players' base time.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining: [control.base_ms(); 2],
            moves_made: [0; 2],
            running: None,
            resumed_at: None,
            used_this_turn: 0,
            flagged: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Starts `side`'s clock at `now`.
    pub fn start(&mut self, side: Color, now: u64) {
        self.running = Some(side);
        self.resumed_at = Some(now);
        self.used_this_turn = 0;
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running
    }

    /// Whether the clock is paused.
    pub fn is_paused(&self) -> bool {
        self.running.is_some() && self.resumed_at.is_none()
    }

    /// The side whose time ran out, if any (as of the last call that looked).
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    fn used(&self, now: u64) -> u64 {
        let live = self.resumed_at.map_or(0, |t| now.saturating_sub(t));
        (self.used_this_turn + live).saturating_sub(self.control.delay_ms())
    }

    /// `color`'s time left at `now`.
    pub fn remaining(&self, color: Color, now: u64) -> u64 {
        let base = self.remaining[color.index()];
        if self.running == Some(color) {
            base.saturating_sub(self.used(now))
        } else {
            base
        }
    }

    /// Whether `color` is low on time: under 10% of the base time or under
    /// 10 seconds, whichever is more.
    pub fn is_low(&self, color: Color, now: u64) -> bool {
        let threshold = (self.control.base_ms() / 10).max(10 * SECOND);
        self.remaining(color, now) < threshold
    }

    /// Checks for a flag fall at `now`; returns the side whose time is up.
    pub fn check_flag(&mut self, now: u64) -> Option<Color> {
        if self.flagged.is_none() {
            if let Some(side) = self.running {
                if self.remaining(side, now) == 0 {
                    self.flagged = Some(side);
                    self.remaining[side.index()] = 0;
                    self.resumed_at = None;
                }
            }
        }
        self.flagged
    }

    /// The running side completes its move at `now`: its time is charged,
    /// its bonus added, and the other side's clock starts.
    pub fn press(&mut self, now: u64) -> Result<Color, ClockError> {
        if let Some(side) = self.check_flag(now) {
            return Err(ClockError::Flagged(side));
        }
        let side = self.running.ok_or(ClockError::NotStarted)?;
        if self.resumed_at.is_none() {
            return Err(ClockError::Paused);
        }
        let i = side.index();
        self.remaining[i] = self.remaining[i].saturating_sub(self.used(now));
        self.moves_made[i] += 1;
        self.remaining[i] =
            self.remaining[i].saturating_add(self.control.bonus_after(self.moves_made[i]));
        self.start(!side, now);
        Ok(!side)
    }

    /// Pauses the running clock at `now`.
    pub fn pause(&mut self, now: u64) {
        if let Some(t) = self.resumed_at.take() {
            self.used_this_turn += now.saturating_sub(t);
        }
    }

    /// Resumes a paused clock at `now`.
    pub fn resume(&mut self, now: u64) {
        if self.running.is_some() && self.resumed_at.is_none() && self.flagged.is_none() {
            self.resumed_at = Some(now);
        }
    }

    /// Sets `color`'s time left (to restore a saved game's clock, or a
    /// clock after a takeback).
    pub fn set_remaining(&mut self, color: Color, ms: u64) {
        self.remaining[color.index()] = ms;
    }

    /// Moves each side has completed.
    pub fn moves_made(&self, color: Color) -> u32 {
        self.moves_made[color.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fischer_increment_and_switching() {
        let mut clock = Clock::new(TimeControl::Fischer {
            base_ms: 60_000,
            increment_ms: 2_000,
        });
        clock.start(Color::White, 0);
        assert_eq!(clock.remaining(Color::White, 10_000), 50_000);
        assert_eq!(clock.press(10_000), Ok(Color::Black));
        assert_eq!(clock.remaining(Color::White, 99_999), 52_000);
        assert_eq!(clock.remaining(Color::Black, 15_000), 55_000);
    }

    #[test]
    fn delay_is_free_time() {
        let mut clock = Clock::new(TimeControl::Delay {
            base_ms: 60_000,
            delay_ms: 5_000,
        });
        clock.start(Color::White, 0);
        assert_eq!(clock.remaining(Color::White, 4_000), 60_000);
        assert_eq!(clock.press(8_000), Ok(Color::Black));
        assert_eq!(clock.remaining(Color::White, 8_000), 57_000);
    }

    #[test]
    fn norochess_shape_switches_to_overtime_allowance_after_move_48() {
        let control = TimeControl::Norochess {
            base_ms: 600_000,
            increment_ms: 5_000,
            regular_moves: 48,
            overtime_ms: 15_000,
        };
        let mut clock = Clock::new(control);
        clock.start(Color::White, 0);
        let mut now = 0;
        for _ in 0..48 {
            now += 1_000;
            assert!(clock.press(now).is_ok());
            now += 1_000;
            assert!(clock.press(now).is_ok());
        }
        // 48 moves each of 1 s with +5 s: 600 + 48 * 4 = 792 s.
        assert_eq!(clock.remaining(Color::White, now), 792_000);
        now += 1_000;
        assert!(clock.press(now).is_ok());
        assert_eq!(clock.remaining(Color::White, now), 806_000);
    }

    #[test]
    fn pause_stops_time_and_flag_falls() {
        let mut clock = Clock::new(TimeControl::SuddenDeath { base_ms: 10_000 });
        clock.start(Color::White, 0);
        clock.pause(4_000);
        assert!(clock.is_paused());
        assert_eq!(clock.remaining(Color::White, 100_000), 6_000);
        assert_eq!(clock.press(100_000), Err(ClockError::Paused));
        clock.resume(100_000);
        assert_eq!(clock.remaining(Color::White, 103_000), 3_000);
        assert!(clock.is_low(Color::White, 103_000));
        assert_eq!(clock.check_flag(106_000), Some(Color::White));
        assert_eq!(clock.press(107_000), Err(ClockError::Flagged(Color::White)));
    }

    #[test]
    fn unstarted_clock_refuses_a_press() {
        let mut clock = Clock::new(TimeControl::NOROCHESS_TOURNAMENT);
        assert_eq!(clock.press(5), Err(ClockError::NotStarted));
        assert_eq!(TimeControl::presets().len(), 8);
    }
}
