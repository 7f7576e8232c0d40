//! Signals in full screen: SIGTERM and SIGHUP leave like `quit` (the game
//! saved, the terminal given back), SIGTSTP suspends with the terminal
//! given back first, SIGCONT takes the full screen again. The signals
//! arrive on a thread of their own and go to the event loop as messages,
//! so nothing is done inside a signal handler.

use anyhow::{Context, Result};
use signal_hook::consts::{SIGCONT, SIGHUP, SIGTERM, SIGTSTP};
use signal_hook::iterator::Signals;

/// A signal the event loop acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// SIGTERM or SIGHUP: save and leave.
    Leave,
    /// SIGTSTP (`kill -TSTP`; Ctrl-Z comes as a key in raw mode).
    Suspend,
    /// SIGCONT: the program runs again after a stop.
    Resume,
}

/// Starts the thread that passes the signals to `deliver`.
pub fn listen(deliver: impl Fn(Signal) -> bool + Send + 'static) -> Result<()> {
    let mut signals =
        Signals::new([SIGTERM, SIGHUP, SIGTSTP, SIGCONT]).context("cannot listen for signals")?;
    std::thread::Builder::new()
        .name("norochess-signals".to_string())
        .spawn(move || {
            for number in signals.forever() {
                let signal = match number {
                    SIGTSTP => Signal::Suspend,
                    SIGCONT => Signal::Resume,
                    _ => Signal::Leave,
                };
                if !deliver(signal) {
                    return;
                }
            }
        })
        .context("cannot start the signal thread")?;
    Ok(())
}

/// Stops the process as SIGTSTP's default action would (the shell's job
/// control takes over); returns when it is continued (`fg`).
pub fn stop_self() -> Result<()> {
    signal_hook::low_level::emulate_default_handler(SIGTSTP).context("cannot suspend")
}
