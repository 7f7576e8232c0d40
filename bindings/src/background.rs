//! Searches on a thread of their own, awaited as a future.
//!
//! UniFFI exports `async` functions as Kotlin `suspend` and Swift `async`
//! functions and polls their Rust futures from the caller's executor, so
//! no async runtime is needed here: a search runs on a dedicated
//! `std::thread` and hands its answer to a one-shot slot that the future
//! waits on. When the caller's coroutine or task is cancelled, UniFFI drops
//! the future; [`Background`]'s `Drop` then stops the search (the engine
//! checks its stop handle every few thousand nodes, so the thread ends
//! within milliseconds) and runs the caller's clean-up.

use crate::error::{NorochessError, Result};
use crate::types::lock;
use norochess_core::StopHandle;
use std::future::Future;
use std::panic::{self, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

/// Stack of a search thread: the search recurses deeply in long endgames
/// (the terminal app's search threads use the same size).
const SEARCH_STACK: usize = 16 << 20;

/// The answer slot shared by the search thread and the future.
struct Slot<T> {
    value: Option<T>,
    /// The search thread has finished (with or without an answer).
    closed: bool,
    waker: Option<Waker>,
}

/// Puts the search thread's answer into the slot, and closes it when the
/// thread ends in any way (also by a panic), so the future never waits
/// forever.
struct Sender<T>(Arc<Mutex<Slot<T>>>);

impl<T> Sender<T> {
    fn send(&self, value: T) {
        let mut slot = lock(&self.0);
        slot.value = Some(value);
        if let Some(waker) = slot.waker.take() {
            waker.wake();
        }
    }
}

impl<T> Drop for Sender<T> {
    fn drop(&mut self) {
        let mut slot = lock(&self.0);
        slot.closed = true;
        if let Some(waker) = slot.waker.take() {
            waker.wake();
        }
    }
}

/// A search running on its own thread; awaiting it gives the answer.
/// Dropping it before the answer stops the search and runs `on_cancel`.
pub(crate) struct Background<T> {
    slot: Arc<Mutex<Slot<T>>>,
    stop: StopHandle,
    on_cancel: Option<Box<dyn FnOnce() + Send>>,
    what: &'static str,
}

impl<T: Send + 'static> Background<T> {
    /// Starts `work` on a new thread. `stop` must be the stop handle of the
    /// search `work` runs; `on_cancel` runs (on the dropping thread) if the
    /// future is dropped before the answer arrives.
    pub(crate) fn start(
        what: &'static str,
        stop: StopHandle,
        on_cancel: Box<dyn FnOnce() + Send>,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Background<T>> {
        let slot = Arc::new(Mutex::new(Slot {
            value: None,
            closed: false,
            waker: None,
        }));
        let sender = Sender(slot.clone());
        std::thread::Builder::new()
            .name(format!("norochess {what}"))
            .stack_size(SEARCH_STACK)
            .spawn(move || {
                // A panic in the search must not take the app down: it
                // closes the slot (the sender is dropped) and the awaiting
                // call reports an internal error.
                if let Ok(value) = panic::catch_unwind(AssertUnwindSafe(work)) {
                    sender.send(value);
                } else {
                    log::error!("{what}: the search thread panicked");
                }
            })
            .map_err(|e| {
                NorochessError::internal(format!("{what}: cannot start a search thread: {e}"))
            })?;
        Ok(Background {
            slot,
            stop,
            on_cancel: Some(on_cancel),
            what,
        })
    }
}

impl<T> Future for Background<T> {
    type Output = Result<T>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Result<T>> {
        let mut slot = lock(&self.slot);
        if let Some(value) = slot.value.take() {
            drop(slot);
            // Answered: nothing to cancel any more.
            self.on_cancel = None;
            return Poll::Ready(Ok(value));
        }
        if slot.closed {
            drop(slot);
            self.on_cancel = None;
            return Poll::Ready(Err(NorochessError::internal(format!(
                "internal error in {}: the search thread ended without an answer",
                self.what
            ))));
        }
        slot.waker = Some(cx.waker().clone());
        Poll::Pending
    }
}

impl<T> Drop for Background<T> {
    fn drop(&mut self) {
        if let Some(on_cancel) = self.on_cancel.take() {
            log::debug!(
                "{}: cancelled by the caller; stopping the search",
                self.what
            );
            self.stop.stop();
            on_cancel();
        }
    }
}
