//! The engine on a background thread, so input keeps working while the
//! computer thinks. It runs the requests a [`norochess_app::GameSession`]
//! hands out and sends back their answers with their tickets; the session
//! decides whether an answer is still current.

use norochess_app::{ComputerRequest, HintRequest, Ticket};
use norochess_core::{Engine, Move, SearchResult};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

/// What the engine is asked to do.
#[derive(Clone, Debug)]
pub enum Job {
    /// The computer's move.
    Move(Box<ComputerRequest>),
    /// A hint for the person to move.
    Hint(Box<HintRequest>),
}

/// What came back.
#[derive(Clone, Debug)]
pub enum Reply {
    /// The move the level chose (`None` when the position has none).
    Move(Option<Move>),
    /// The hint search's result.
    Hint(Box<SearchResult>),
}

/// The answer to a job.
#[derive(Clone, Debug)]
pub struct Answer {
    /// Which job (the app ignores answers to jobs it no longer waits for).
    pub job: u64,
    /// The ticket of the request (the session drops stale ones).
    pub ticket: Ticket,
    /// What the search found.
    pub reply: Reply,
}

enum Message {
    Job(u64, Job),
    Clear,
}

/// The engine thread: jobs go in, answers come out through `deliver`.
pub struct Worker {
    jobs: Option<Sender<Message>>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the engine thread with `engine`; each answer is passed to
    /// `deliver`.
    pub fn start<F>(mut engine: Engine, deliver: F) -> Worker
    where
        F: Fn(Answer) + Send + 'static,
    {
        let (jobs, inbox): (Sender<Message>, Receiver<Message>) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("norochess-engine".to_string())
            .spawn(move || {
                for message in inbox {
                    match message {
                        Message::Clear => engine.clear(),
                        Message::Job(job, Job::Move(request)) => deliver(Answer {
                            job,
                            ticket: request.ticket,
                            reply: Reply::Move(request.think(&mut engine)),
                        }),
                        Message::Job(job, Job::Hint(request)) => deliver(Answer {
                            job,
                            ticket: request.ticket,
                            reply: Reply::Hint(Box::new(request.think(&mut engine))),
                        }),
                    }
                }
            })
            .ok();
        Worker {
            jobs: thread.as_ref().map(|_| jobs),
            thread,
        }
    }

    /// Queues a search under the number `id`. Returns false if the engine
    /// thread is gone.
    pub fn submit(&self, id: u64, job: Job) -> bool {
        self.jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(Message::Job(id, job)).is_ok())
    }

    /// Forgets stored search results (for a new game).
    pub fn clear(&self) {
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(Message::Clear);
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing the channel ends the thread after its current job, which
        // the app has stopped through the request's stop handle.
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
