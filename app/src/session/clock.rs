//! The clock of a session: when it runs and what it shows across
//! takebacks.
//!
//! The policy, written once for every shell:
//! - it starts at White's first move (White's time does not run before it),
//!   then switches on each move;
//! - it pauses while the player reviews an earlier position and while the
//!   app is in the background, and runs again when both are over;
//! - a takeback sets both clocks back to the times they showed when the
//!   position the game returns to was first reached (time spent on the
//!   moves taken back is given back), and the side to move's clock runs
//!   from the takeback on;
//! - a flag fall ends the game as the rule book says ([`Game::flag_fall`]).

use norochess_core::{Clock, Color, Game, TimeControl};

/// Why the clock is paused (it runs only when none applies).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pauses {
    /// The player reviews an earlier position.
    pub review: bool,
    /// The app is in the background (or the game screen is not shown).
    pub background: bool,
}

impl Pauses {
    fn any(self) -> bool {
        self.review || self.background
    }
}

/// A session's clock with the times at every earlier position.
#[derive(Clone, Debug)]
pub(crate) struct SessionClock {
    control: TimeControl,
    clock: Clock,
    /// Both sides' time left when the game had `i` plies.
    history: Vec<[u64; 2]>,
    pauses: Pauses,
}

/// Clock presses that lead to `game`'s current position from move 1, so a
/// clock for a set-up or resumed position knows which move it is at (the
/// Norochess control's increment changes after move 48).
fn presses(game: &Game) -> u32 {
    let p = game.position();
    2 * p.fullmove_number().saturating_sub(1) + u32::from(p.turn() == Color::Black)
}

/// A clock at `game`'s current move with the given times, running for the
/// side to move from `now`.
fn clock_at(control: TimeControl, game: &Game, remaining: [u64; 2], now: u64) -> Clock {
    let mut clock = Clock::new(control);
    clock.start(Color::White, now);
    for _ in 0..presses(game) {
        // A fresh clock with full times cannot be flagged or paused here.
        let _ = clock.press(now);
    }
    clock.set_remaining(Color::White, remaining[0]);
    clock.set_remaining(Color::Black, remaining[1]);
    clock
}

impl SessionClock {
    /// A clock for a new game (not running until White's first move).
    pub fn new(control: TimeControl, game: &Game) -> SessionClock {
        let base = control.base_ms();
        SessionClock {
            control,
            clock: Clock::new(control),
            history: vec![[base, base]; game.plies().len() + 1],
            pauses: Pauses::default(),
        }
    }

    /// A clock restored from a saved game: the times at each position
    /// (`history`, one per ply plus the start; missing ones repeat the
    /// last), paused as the app starts in the background of a restore.
    pub fn restore(
        control: TimeControl,
        game: &Game,
        mut history: Vec<[u64; 2]>,
        now: u64,
    ) -> SessionClock {
        let base = control.base_ms();
        let wanted = game.plies().len() + 1;
        let last = history.last().copied().unwrap_or([base, base]);
        history.resize(wanted, last);
        let mut clock = SessionClock {
            control,
            clock: Clock::new(control),
            history,
            pauses: Pauses {
                review: false,
                background: true,
            },
        };
        clock.rebuild(game, now);
        clock
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Whether the clock has started (White has made a move).
    pub fn started(&self) -> bool {
        self.clock.running().is_some()
    }

    /// The side whose time runs now (`None` before the first move, while
    /// paused and after the end).
    pub fn running(&self) -> Option<Color> {
        if self.clock.is_paused() || self.clock.flagged().is_some() {
            None
        } else {
            self.clock.running()
        }
    }

    /// Whether a pause applies.
    pub fn is_paused(&self) -> bool {
        self.pauses.any()
    }

    /// Both sides' time left at `now`.
    pub fn remaining(&self, now: u64) -> [u64; 2] {
        [
            self.clock.remaining(Color::White, now),
            self.clock.remaining(Color::Black, now),
        ]
    }

    /// Whether `color` is low on time at `now`.
    pub fn is_low(&self, color: Color, now: u64) -> bool {
        self.clock.is_low(color, now)
    }

    /// The times at each position so far (for saving).
    pub fn history(&self) -> &[[u64; 2]] {
        &self.history
    }

    /// A move was played at `now`; `game` is the game after it.
    pub fn moved(&mut self, game: &Game, now: u64) {
        if !self.started() {
            // The first move: White's time did not run before it.
            let mut before = game.clone();
            before.undo();
            self.clock = clock_at(self.control, &before, self.current_times(), now);
        }
        // A move can arrive while paused (the computer's answer while the
        // app is in the background): the press needs a running clock, and
        // the pauses are applied again below. A flag is checked by
        // `check_flag` before any move is accepted.
        self.clock.resume(now);
        let _ = self.clock.press(now);
        let plies = game.plies().len();
        self.history.truncate(plies);
        let times = self.remaining(now);
        self.history.resize(plies + 1, times);
        if game.is_over() || self.pauses.any() {
            self.clock.pause(now);
        }
    }

    fn current_times(&self) -> [u64; 2] {
        let base = self.control.base_ms();
        self.history.last().copied().unwrap_or([base, base])
    }

    /// The game went back (takeback) or forward (redo) to `game`'s position:
    /// the times of that position, running for the side to move from `now`.
    pub fn rebuild(&mut self, game: &Game, now: u64) {
        let plies = game.plies().len();
        let base = self.control.base_ms();
        // After a redo the positions replayed have no times any more: they
        // keep the latest times known.
        let times = self
            .history
            .get(plies)
            .or(self.history.last())
            .copied()
            .unwrap_or([base, base]);
        self.history.truncate(plies + 1);
        self.history.resize(plies + 1, times);
        if plies == 0 {
            self.clock = Clock::new(self.control);
            return;
        }
        self.clock = clock_at(self.control, game, times, now);
        if game.is_over() || self.pauses.any() {
            self.clock.pause(now);
        }
    }

    /// Sets a pause reason and pauses or resumes accordingly.
    pub fn set_pause(
        &mut self,
        review: Option<bool>,
        background: Option<bool>,
        game_over: bool,
        now: u64,
    ) {
        if let Some(r) = review {
            self.pauses.review = r;
        }
        if let Some(b) = background {
            self.pauses.background = b;
        }
        if self.pauses.any() || game_over {
            self.clock.pause(now);
        } else {
            self.clock.resume(now);
        }
    }

    /// The side whose time ran out at `now`, if any (only while running).
    pub fn check_flag(&mut self, now: u64) -> Option<Color> {
        if self.running().is_none() {
            return self.clock.flagged();
        }
        self.clock.check_flag(now)
    }

    /// Stops the clock at the end of the game.
    pub fn stop(&mut self, now: u64) {
        self.clock.pause(now);
    }
}
