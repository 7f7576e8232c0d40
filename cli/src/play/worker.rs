//! The computer's thinking on a background thread, so input keeps working
//! and `stop` can interrupt a search.

use norochess_core::{Engine, Level, SearchRequest, SearchResult, StopHandle};
use std::cell::RefCell;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

/// What the engine is asked to do.
#[derive(Clone, Debug)]
pub enum JobKind {
    /// Choose the computer's move the way a player of this level would.
    Move {
        /// The playing level.
        level: Level,
        /// Seed of the level's choices (so a game replays).
        seed: u64,
    },
    /// Find the best move for a hint.
    Hint,
}

/// One search.
#[derive(Clone, Debug)]
pub struct Job {
    /// Answers carry the id of their job, so stale answers are ignored.
    pub id: u64,
    /// The position, history and limits.
    pub request: SearchRequest,
    /// Move or hint.
    pub kind: JobKind,
}

/// The answer to a job.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The job's id.
    pub id: u64,
    /// Move or hint.
    pub kind: JobKind,
    /// What the search found.
    pub result: SearchResult,
}

enum Message {
    Job(Box<Job>),
    Clear,
}

/// The engine thread: jobs go in, answers come out through `answers`.
pub struct Worker {
    jobs: Option<Sender<Message>>,
    /// The cancellation shared by every job submitted since the last stop.
    stop: RefCell<StopHandle>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the engine thread; each answer is passed to `deliver`.
    pub fn start<F>(hash_mb: usize, deliver: F) -> Worker
    where
        F: Fn(Answer) + Send + 'static,
    {
        let mut engine = Engine::new(hash_mb);
        let (jobs, inbox): (Sender<Message>, Receiver<Message>) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("norochess-engine".to_string())
            .spawn(move || {
                for message in inbox {
                    match message {
                        Message::Clear => engine.clear(),
                        Message::Job(job) => {
                            let result = match &job.kind {
                                JobKind::Move { level, seed } => {
                                    engine.play_at_level(&job.request, *level, *seed)
                                }
                                JobKind::Hint => engine.search(&job.request, &mut |_| {}),
                            };
                            deliver(Answer {
                                id: job.id,
                                kind: job.kind,
                                result,
                            });
                        }
                    }
                }
            })
            .ok();
        Worker {
            jobs: thread.as_ref().map(|_| jobs),
            stop: RefCell::new(StopHandle::new()),
            thread,
        }
    }

    /// Queues a search. Returns false if the engine thread is gone.
    pub fn submit(&self, mut job: Job) -> bool {
        job.request.stop = self.stop.borrow().clone();
        self.jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(Message::Job(Box::new(job))).is_ok())
    }

    /// Forgets stored search results (for a new game).
    pub fn clear(&self) {
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(Message::Clear);
        }
    }

    /// Asks the running search, and any still queued, to answer now with
    /// their best move so far. Jobs submitted later are not affected.
    pub fn stop(&self) {
        self.stop.replace(StopHandle::new()).stop();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop.borrow().stop();
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
