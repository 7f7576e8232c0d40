//! What happens when the reader of our output goes away.
//!
//! Rust starts a program with SIGPIPE ignored, so writing to a pipe whose
//! reader has closed it (`norochess replay --json game.pgn | head`) returns
//! an error, and `println!` panics on it: the user saw a panic and a stack
//! trace for an ordinary shell pipeline. The commands that print a
//! report (perft, bench, replay, solve, puzzles, tune) take the signal's
//! default instead and end quietly, as `cat` does.
//!
//! `play`, `uci` and `match` keep SIGPIPE ignored and handle the write
//! error themselves: a UCI session whose GUI has gone still ends with
//! success at the end of its input, and a match writes to its engines'
//! pipes, where an engine that dies must come back as a write error (a
//! crash the match counts), not end the match.

/// Lets SIGPIPE end the program quietly when its output is closed.
#[cfg(unix)]
pub fn end_quietly_when_output_closes() {
    // SAFETY: `signal` with `SIG_DFL` installs no handler of ours; it
    // only sets the disposition back to the system's default, which is
    // sound at any point of the program.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Elsewhere there is no SIGPIPE; a closed output stays a write error.
#[cfg(not(unix))]
pub fn end_quietly_when_output_closes() {}
