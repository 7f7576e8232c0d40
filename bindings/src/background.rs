//! Searches on a thread of their own, awaited as a future.
//!
//! UniFFI exports `async` functions as Kotlin `suspend` and Swift `async`
//! functions and polls their Rust futures from the caller's executor, so
//! no async runtime is needed here: a search runs on a dedicated
//! `std::thread` and hands its answer to a one-shot slot that the future
//! waits on. When the caller's coroutine or task is cancelled, UniFFI drops
//! the future; [`Background`]'s `Drop` then stops the search (the engine
//! checks its stop handle every few thousand nodes, so the thread ends
//! within milliseconds) and runs the caller's clean-up. UniFFI's Swift
//! async calls are not dropped on `Task.cancel`, so a session can also
//! cancel its searches explicitly ([`Searches::cancel_all`]): the search
//! stops, the clean-up runs, and the awaiting call returns at once.

use crate::error::{NorochessError, Result};
use crate::types::lock;
use norochess_core::StopHandle;
use std::future::Future;
use std::panic::{self, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// How a running search is cancelled: by dropping its future (a cancelled
/// Kotlin coroutine) or explicitly ([`Searches::cancel_all`], which Swift
/// needs: UniFFI's Swift async calls do not react to `Task.cancel`).
/// Whichever comes first stops the search and runs the clean-up, once.
pub(crate) struct Cancel {
    stop: StopHandle,
    on_cancel: Mutex<Option<Box<dyn FnOnce() + Send>>>,
    cancelled: AtomicBool,
    what: &'static str,
}

impl Cancel {
    /// Stops the search and runs the clean-up, unless the answer was taken
    /// already (or it was cancelled before).
    pub(crate) fn cancel(&self) {
        let on_cancel = lock(&self.on_cancel).take();
        if let Some(on_cancel) = on_cancel {
            log::debug!(
                "{}: cancelled by the caller; stopping the search",
                self.what
            );
            self.cancelled.store(true, Ordering::SeqCst);
            self.stop.stop();
            on_cancel();
        }
    }

    /// The answer is being taken: a later cancel changes nothing.
    fn disarm(&self) {
        lock(&self.on_cancel).take();
    }

    /// Whether the search was cancelled before its answer was taken (its
    /// answer is then the best so far, and must not be used as a move).
    pub(crate) fn was_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }
}

/// The searches a session runs, so they can all be cancelled at once.
#[derive(Default)]
pub(crate) struct Searches {
    running: Mutex<Vec<Arc<Cancel>>>,
}

impl Searches {
    /// Cancels every search still running.
    pub(crate) fn cancel_all(&self) {
        let running = std::mem::take(&mut *lock(&self.running));
        for search in running {
            search.cancel();
        }
    }

    fn add(&self, cancel: &Arc<Cancel>) {
        let mut running = lock(&self.running);
        // Forget searches that ended (their clean-up was taken).
        running.retain(|c| lock(&c.on_cancel).is_some());
        running.push(cancel.clone());
    }
}

/// A search running on its own thread; awaiting it gives the answer.
/// Dropping it before the answer stops the search and runs `on_cancel`.
pub(crate) struct Background<T> {
    slot: Arc<Mutex<Slot<T>>>,
    cancel: Arc<Cancel>,
    what: &'static str,
}

impl<T: Send + 'static> Background<T> {
    /// Starts `work` on a new thread, registered in `searches`. `stop` must
    /// be the stop handle of the search `work` runs; `on_cancel` runs if the
    /// search is cancelled (its future dropped, or `searches` cancelled)
    /// before the answer is taken.
    pub(crate) fn start(
        what: &'static str,
        searches: &Searches,
        stop: StopHandle,
        on_cancel: Box<dyn FnOnce() + Send>,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Background<T>> {
        let slot = Arc::new(Mutex::new(Slot {
            value: None,
            closed: false,
            waker: None,
        }));
        // Registered before the thread starts: the search may report
        // progress at once, and a cancel_all prompted by that report must
        // find it (registered after the spawn, a cancel in between was
        // missed and a search without limits ran on).
        let cancel = Arc::new(Cancel {
            stop,
            on_cancel: Mutex::new(Some(on_cancel)),
            cancelled: AtomicBool::new(false),
            what,
        });
        searches.add(&cancel);
        let sender = Sender(slot.clone());
        let spawned = std::thread::Builder::new()
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
            });
        if let Err(e) = spawned {
            // No search runs: forget it, so a later cancel_all runs no
            // clean-up for it.
            cancel.disarm();
            return Err(NorochessError::internal(format!(
                "{what}: cannot start a search thread: {e}"
            )));
        }
        Ok(Background { slot, cancel, what })
    }

    /// The search's cancel cell, to ask after the answer whether it was
    /// cancelled meanwhile.
    pub(crate) fn cancel_cell(&self) -> Arc<Cancel> {
        self.cancel.clone()
    }
}

impl<T> Future for Background<T> {
    type Output = Result<T>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Result<T>> {
        let mut slot = lock(&self.slot);
        if let Some(value) = slot.value.take() {
            drop(slot);
            self.cancel.disarm();
            return Poll::Ready(Ok(value));
        }
        if slot.closed {
            drop(slot);
            self.cancel.disarm();
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
        self.cancel.cancel();
    }
}
