//! The engine on a background thread, so input keeps working while the
//! computer thinks. It runs the requests the app layer hands out (the
//! computer's move and hints from a [`norochess_app::GameSession`], a game
//! review's positions, the analysis board's lines and exact result, the
//! composer's proof) and sends back their answers; the app layer decides
//! whether an answer is still current.

use norochess_app::session::{PracticeRequest, PracticeThought};
use norochess_app::{
    compose_puzzle, import_puzzle, AnalysisRequest, ComposerError, ComputerRequest, ExactRequest,
    ExactResult, HintRequest, LiveLines, PuzzleOrigin, ReviewRequest, Ticket,
};
use norochess_core::puzzle::Puzzle;
use norochess_core::{AnyPosition, Engine, Move, Objective, SearchResult, Solver};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

/// Hash size of the exact solver of the analysis board, in megabytes.
const SOLVER_HASH_MB: usize = 16;

/// What the engine is asked to do.
#[derive(Clone, Debug)]
pub enum Job {
    /// The computer's move.
    Move(Box<ComputerRequest>),
    /// A hint for the person to move.
    Hint(Box<HintRequest>),
    /// One position of a game review.
    Review(Box<ReviewRequest>),
    /// The analysis board's lines (reported as they deepen).
    Analysis(Box<AnalysisRequest>),
    /// The exact solver's result near the end of a game.
    Exact(Box<ExactRequest>),
    /// Prove a puzzle from a position and an objective.
    Compose(Box<AnyPosition>, Objective),
    /// Prove a pasted puzzle line again.
    Import(String),
    /// Practice mode: judge the person's move.
    Practice(Box<PracticeRequest>),
}

/// What came back.
#[derive(Clone, Debug)]
pub enum Reply {
    /// The move the level chose (`None` when the position has none).
    Move(Ticket, Option<Move>),
    /// The hint search's result.
    Hint(Ticket, Box<SearchResult>),
    /// A review position's search, with its request (the review records
    /// the answer against it).
    Review(Box<ReviewRequest>, Box<SearchResult>),
    /// The analysis board's lines so far; `finished` once the search ended
    /// (earlier reports keep the job running).
    Lines(Box<LiveLines>),
    /// The exact solver's answer.
    Exact(Box<ExactResult>),
    /// A composed or imported puzzle, or why it is not one.
    Puzzle(PuzzleOrigin, Box<Result<Puzzle, ComposerError>>),
    /// Practice mode's searches, with their request.
    Practice(Box<PracticeRequest>, Box<PracticeThought>),
}

impl Reply {
    /// Whether more answers of the same job follow (a live report of the
    /// analysis board).
    pub fn is_progress(&self) -> bool {
        matches!(self, Reply::Lines(live) if !live.finished)
    }
}

/// The answer to a job.
#[derive(Clone, Debug)]
pub struct Answer {
    /// Which job (the app ignores answers to jobs it no longer waits for).
    pub job: u64,
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

/// Runs `job` with the thread's engine (and its solver, made on first use)
/// and hands every answer to `deliver`.
fn run(
    job: u64,
    work: Job,
    engine: &mut Engine,
    solver: &mut Option<Solver>,
    deliver: &dyn Fn(Answer),
) {
    let reply = match work {
        Job::Move(request) => Reply::Move(request.ticket, request.think(engine)),
        Job::Hint(request) => Reply::Hint(request.ticket, Box::new(request.think(engine))),
        Job::Review(request) => {
            let result = request.think(engine);
            Reply::Review(request, Box::new(result))
        }
        Job::Analysis(request) => {
            let mut last_depth = 0;
            let live = request.think(engine, &mut |live| {
                // One report per line and depth arrives; the app is told
                // when a depth's first line is in.
                if live.depth != last_depth {
                    last_depth = live.depth;
                    deliver(Answer {
                        job,
                        reply: Reply::Lines(Box::new(live.clone())),
                    });
                }
            });
            Reply::Lines(Box::new(live))
        }
        Job::Exact(request) => {
            let solver = solver.get_or_insert_with(|| Solver::new(SOLVER_HASH_MB));
            Reply::Exact(Box::new(request.think(solver)))
        }
        Job::Compose(position, objective) => Reply::Puzzle(
            PuzzleOrigin::Composed,
            Box::new(compose_puzzle(&position, objective)),
        ),
        Job::Import(text) => Reply::Puzzle(PuzzleOrigin::Imported, Box::new(import_puzzle(&text))),
        Job::Practice(request) => {
            let thought = request.think(engine);
            Reply::Practice(request, Box::new(thought))
        }
    };
    deliver(Answer { job, reply });
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
                let mut solver = None;
                for message in inbox {
                    match message {
                        Message::Clear => engine.clear(),
                        Message::Job(job, work) => {
                            run(job, work, &mut engine, &mut solver, &deliver)
                        }
                    }
                }
            })
            .ok();
        Worker {
            jobs: thread.as_ref().map(|_| jobs),
            thread,
        }
    }

    /// Queues a job under the number `id`. Returns false if the engine
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
