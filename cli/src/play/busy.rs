//! A thinking indicator for work done while the player waits (the solver
//! behind a puzzle): if the work takes longer than a moment, a line such as
//! "The computer is thinking…" is printed while it goes on, so the screen
//! never looks frozen. Quick work prints nothing.

use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long work may take before the indicator shows.
pub const DELAY: Duration = Duration::from_millis(300);

/// Shows `message` after the delay unless dropped first.
pub struct Busy {
    done: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Busy {
    /// Starts the timer; `out` receives the line if the work outlasts `delay`.
    pub fn start<W: Write + Send + 'static>(delay: Duration, message: String, mut out: W) -> Busy {
        let (done, wait) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("norochess-busy".to_string())
            .spawn(move || {
                if let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(delay) {
                    // Nothing to do if the output is gone: the work goes on.
                    let _ = writeln!(out, "{message}").and_then(|()| out.flush());
                }
            })
            .ok();
        Busy {
            done: Some(done),
            thread,
        }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        // Closing the channel ends the wait at once.
        self.done = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// Output shared with the test.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .map_err(|_| std::io::Error::other("poisoned"))?
                .extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn text(shared: &Shared) -> String {
        String::from_utf8(shared.0.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn long_work_shows_the_line_and_quick_work_does_not() {
        let out = Shared::default();
        {
            let _busy = Busy::start(
                Duration::from_millis(30),
                "The computer is thinking…".to_string(),
                out.clone(),
            );
            std::thread::sleep(Duration::from_millis(200));
        }
        assert_eq!(text(&out), "The computer is thinking…\n");
        let quick = Shared::default();
        {
            let _busy = Busy::start(DELAY, "never".to_string(), quick.clone());
        }
        assert_eq!(text(&quick), "");
    }
}
