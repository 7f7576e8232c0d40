//! `norochess uci`: the UCI protocol on standard input and output, with the
//! conventions of variant GUIs (cutechess-cli, Fairy-Stockfish): the game is
//! chosen with the `UCI_Variant` option, positions are our position texts
//! (FEN plus `score=W-B` / `opening=pending`), moves are in coordinate
//! notation.
//!
//! The search (and `go perft`) runs on its own thread, so the input is read
//! while it thinks: `isready` is answered at once, and `stop`, `quit`, the
//! end of input, `setoption`, `ucinewgame` and a new `go` stop a running
//! search before they act (a GUI that dies never leaves a search burning a
//! core). Bad input gets `info string error: …` and never stops the
//! program.

use anyhow::Result;
use clap::Args;
use norochess_core::{
    AnyPosition, Blockage, ClockLimits, Engine, Level, Limits, Move, MoveError, SearchInfo,
    SearchRequest, SearchResult, StopHandle, Variant, Zone,
};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Options of `norochess uci`.
#[derive(Args, Debug)]
pub struct UciArgs {
    /// The game to start with (the GUI may change it with UCI_Variant).
    #[arg(long, default_value = "norochess")]
    variant: String,
}

/// Game ids offered in the `UCI_Variant` combo: every game of the core's
/// table, the test-only `plain10` included.
fn variant_ids() -> impl Iterator<Item = &'static str> {
    Variant::records().iter().map(|record| record.id)
}

const MAX_HASH_MB: usize = 4096;
const MAX_MULTIPV: usize = 64;
const MAX_THREADS: usize = norochess_core::MAX_THREADS;

/// Writes one protocol line (a closed standard output is ignored: the GUI is gone).
pub fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn error(message: &str) {
    send(&format!("info string error: {message}"));
}

/// A search running on its own thread.
struct Search {
    /// The thread; a search gives its engine back, perft has none.
    handle: JoinHandle<Option<Engine>>,
    /// The request's stop handle; an infinite search also waits for it
    /// before answering.
    stop: StopHandle,
    /// Set once the thread has printed its `bestmove`.
    answered: Arc<AtomicBool>,
    /// A move to print if the thread dies without answering (none for perft).
    fallback: Option<String>,
    /// Whether the search waits for `stop` (it never ends by itself).
    infinite: bool,
}

/// Parameters of a `go` command.
#[derive(Debug, Default)]
struct Go {
    limits: Limits,
    infinite: bool,
    perft: Option<u32>,
    search_moves: Vec<Move>,
}

struct Session {
    variant_id: String,
    zone: Zone,
    blockage: Blockage,
    start_number: u16,
    hash_mb: usize,
    multipv: usize,
    /// Search threads of the next searches (`Threads`).
    threads: usize,
    level: u8,
    position: AnyPosition,
    /// Hashes of the positions before `position`, oldest first.
    history: Vec<u64>,
    engine: Option<Engine>,
    search: Option<Search>,
    searches: u64,
}

/// Runs the protocol until `quit` or the end of input.
pub fn run(args: &UciArgs) -> Result<()> {
    let id = args.variant.to_ascii_lowercase();
    if !variant_ids().any(|v| v == id) {
        anyhow::bail!("unknown game `{}`", args.variant);
    }
    let variant = Variant::parse(&id, None, None)?;
    let mut session = Session {
        variant_id: id,
        zone: Zone::default(),
        blockage: Blockage::default(),
        start_number: norochess_core::CHESS960.standard,
        hash_mb: norochess_core::DEFAULT_HASH_MB,
        multipv: 1,
        threads: 1,
        level: 0,
        position: AnyPosition::start(variant, None)?,
        history: Vec::new(),
        engine: None,
        search: None,
        searches: 0,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.read_until(b'\n', &mut buffer) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                error(&format!("cannot read input: {e}"));
                break;
            }
        }
        let line = String::from_utf8_lossy(&buffer);
        if !session.handle(&line) {
            break;
        }
    }
    // The GUI is gone or said `quit`: nobody waits for the answer.
    session.finish_search(true);
    Ok(())
}

impl Session {
    fn variant(&self) -> Variant {
        match self.variant_id.as_str() {
            "improved" => Variant::Improved {
                zone: self.zone,
                blockage: self.blockage,
            },
            id => Variant::parse(id, None, None).unwrap_or(Variant::Norochess),
        }
    }

    /// The engine, once no search is using it (a running one is stopped).
    fn engine(&mut self) -> &mut Engine {
        self.finish_search(true);
        let hash_mb = self.hash_mb;
        self.engine.get_or_insert_with(|| Engine::new(hash_mb))
    }

    /// Handles one input line; returns false on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        self.reap();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return true;
        };
        match command {
            "uci" => self.uci(),
            "isready" => send("readyok"),
            "setoption" => {
                self.finish_search(true);
                self.set_option(rest);
            }
            "ucinewgame" => {
                self.finish_search(true);
                self.engine().clear();
                self.start_position();
            }
            "position" => self.set_position(rest),
            "go" => self.go(rest),
            "stop" => self.finish_search(true),
            // Pondering is not offered; a stray ponderhit ends the search.
            "ponderhit" => self.finish_search(true),
            "quit" => {
                self.finish_search(true);
                return false;
            }
            "d" | "display" => self.display(),
            "debug" | "register" => {}
            other => error(&format!("unknown command `{}`", shorten(other))),
        }
        true
    }

    fn uci(&self) {
        send(&format!("id name Norochess {}", env!("CARGO_PKG_VERSION")));
        send("id author the Norochess authors");
        let vars: String = variant_ids().map(|v| format!(" var {v}")).collect();
        send(&format!(
            "option name UCI_Variant type combo default {}{vars}",
            self.variant_id
        ));
        send(&format!(
            "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
            norochess_core::DEFAULT_HASH_MB
        ));
        send(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        send("option name Clear Hash type button");
        send(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        // The game options of the core's table (Improved chess's zone and
        // blockage), named by their ids with a capital (`Zone`, `Blockage`).
        let mut options: Vec<&norochess_core::GameOption> = Vec::new();
        for option in norochess_core::Variant::records()
            .iter()
            .flat_map(|record| record.options)
        {
            if options.iter().any(|o| o.id == option.id) {
                continue;
            }
            options.push(option);
            let values: String = option
                .values
                .iter()
                .map(|v| format!(" var {}", v.id))
                .collect();
            let default = option.values.first().map_or("", |v| v.id);
            send(&format!(
                "option name {} type combo default {default}{values}",
                capitalized(option.id)
            ));
        }
        let starts = norochess_core::CHESS960;
        send(&format!(
            "option name Start type spin default {} min 0 max {}",
            starts.standard,
            starts.count - 1
        ));
        send("option name Level type spin default 0 min 0 max 8");
        send("uciok");
    }

    fn set_option(&mut self, words: &[&str]) {
        let name_at = words.iter().position(|w| w.eq_ignore_ascii_case("name"));
        let value_at = words.iter().position(|w| w.eq_ignore_ascii_case("value"));
        let Some(name_at) = name_at else {
            error("setoption needs `name <option>`");
            return;
        };
        let name_end = value_at.filter(|&v| v > name_at).unwrap_or(words.len());
        let name = words[name_at + 1..name_end].join(" ");
        let value = value_at
            .map(|v| words[v + 1..].join(" "))
            .unwrap_or_default();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let id = value.to_ascii_lowercase();
                if !variant_ids().any(|v| v == id) {
                    error(&format!("unknown variant `{}`", shorten(&value)));
                    return;
                }
                self.variant_id = id;
                self.start_position();
                self.announce_variant();
            }
            "zone" => match Zone::parse(&value.to_ascii_lowercase()) {
                Ok(zone) => {
                    self.zone = zone;
                    self.start_position();
                }
                Err(e) => error(&e.to_string()),
            },
            "blockage" => match Blockage::parse(&value.to_ascii_lowercase()) {
                Ok(blockage) => {
                    self.blockage = blockage;
                    self.start_position();
                }
                Err(e) => error(&e.to_string()),
            },
            "start" => match value.parse::<u16>() {
                Ok(n) if n < norochess_core::CHESS960.count => {
                    self.start_number = n;
                    self.start_position();
                }
                _ => error(&format!(
                    "Start must be a number from 0 to {}",
                    norochess_core::CHESS960.count - 1
                )),
            },
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.finish_search(true);
                    // The old table stays until the new one is had, so a
                    // failure keeps a working engine of the previous size.
                    match Engine::try_new(mb) {
                        Ok(engine) => {
                            self.hash_mb = mb;
                            self.engine = Some(engine);
                        }
                        Err(e) => send(&format!(
                            "info string {e}; the hash stays at {} MB",
                            self.hash_mb
                        )),
                    }
                }
                _ => error(&format!("Hash must be a number from 1 to {MAX_HASH_MB}")),
            },
            "clear hash" => self.engine().clear(),
            "multipv" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_MULTIPV).contains(&n) => self.multipv = n,
                _ => error(&format!("MultiPV must be a number from 1 to {MAX_MULTIPV}")),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => self.threads = n,
                _ => error(&format!("Threads must be a number from 1 to {MAX_THREADS}")),
            },
            "level" => match value.parse::<u8>() {
                Ok(n) if n <= 8 => self.level = n,
                _ => error("Level must be a number from 0 (full strength) to 8"),
            },
            // Options GUIs send whether or not an engine offers them.
            "ponder" | "uci_chess960" | "uci_analysemode" => {}
            _ => error(&format!("unknown option `{}`", shorten(&name))),
        }
    }

    /// Fairy-Stockfish's announcement of a variant, which cutechess-cli reads.
    fn announce_variant(&self) {
        let Ok(start) = AnyPosition::start(self.variant(), Some(self.start_number)) else {
            return;
        };
        let fen: Vec<String> = start
            .to_text()
            .split(' ')
            .filter(|f| !f.contains('='))
            .map(str::to_string)
            .collect();
        send(&format!(
            "info string variant {} files {} ranks {} pocket 0 template fairy startpos {}",
            self.variant_id,
            start.width(),
            start.height(),
            fen.join(" ")
        ));
    }

    fn start_position(&mut self) {
        match AnyPosition::start(self.variant(), Some(self.start_number)) {
            Ok(position) => {
                self.position = position;
                self.history.clear();
            }
            Err(e) => error(&e.to_string()),
        }
    }

    /// `position startpos|fen <text> [moves <m>...]`. A bad position text
    /// keeps the previous position; an illegal move keeps the moves before it.
    fn set_position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let variant = self.variant();
        let position = match setup.split_first() {
            Some((&"startpos", [])) => {
                AnyPosition::start(variant, Some(self.start_number)).map_err(|e| e.to_string())
            }
            Some((&"fen", fields)) if !fields.is_empty() => {
                AnyPosition::from_text(variant, &fields.join(" ")).map_err(|e| e.to_string())
            }
            _ => Err("expected `position startpos` or `position fen <position>`".to_string()),
        };
        let mut position = match position {
            Ok(p) => p,
            Err(e) => {
                error(&format!("{e}; the position is unchanged"));
                return;
            }
        };
        let mut history = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            match read_move(&position, text).and_then(|mv| position.play(mv)) {
                Ok(next) => {
                    history.push(position.hash());
                    position = next;
                }
                Err(e) => {
                    error(&format!(
                        "move {} `{}`: {e}; the position stops before it",
                        i + 1,
                        shorten(text)
                    ));
                    break;
                }
            }
        }
        self.position = position;
        self.history = history;
    }

    fn parse_go(&self, words: &[&str]) -> std::result::Result<Go, String> {
        let mut go = Go::default();
        let mut clock = [None::<u64>; 2];
        let mut increment = [0u64; 2];
        let mut moves_to_go = None;
        let mut i = 0;
        let number = |i: usize| -> std::result::Result<i64, String> {
            let word = words
                .get(i + 1)
                .ok_or_else(|| format!("`{}` needs a number", words[i]))?;
            word.parse::<i64>()
                .map_err(|_| format!("`{} {}` is not a number", words[i], shorten(word)))
        };
        let positive = |n: i64| u64::try_from(n).unwrap_or(0);
        while i < words.len() {
            let mut step = 2;
            match words[i] {
                "depth" => go.limits.depth = Some(positive(number(i)?).clamp(1, 1000) as u32),
                "mate" => {
                    go.limits.depth = Some((positive(number(i)?).clamp(1, 400) * 2) as u32);
                }
                "nodes" => go.limits.nodes = Some(positive(number(i)?).max(1)),
                "movetime" => {
                    go.limits.move_time = Some(Duration::from_millis(positive(number(i)?)))
                }
                "wtime" => clock[0] = Some(positive(number(i)?)),
                "btime" => clock[1] = Some(positive(number(i)?)),
                "winc" => increment[0] = positive(number(i)?),
                "binc" => increment[1] = positive(number(i)?),
                "movestogo" => moves_to_go = Some(positive(number(i)?).clamp(1, 1000) as u32),
                "perft" => go.perft = Some(positive(number(i)?).clamp(1, 20) as u32),
                "infinite" | "ponder" => {
                    go.infinite = true;
                    step = 1;
                }
                "searchmoves" => {
                    // The moves run to the next `go` keyword.
                    step = 1;
                    while let Some(text) = words.get(i + step) {
                        if GO_KEYWORDS.contains(text) {
                            break;
                        }
                        match read_move(&self.position, text) {
                            Ok(mv) => go.search_moves.push(mv),
                            Err(e) => {
                                error(&format!("searchmoves `{}`: {e}; left out", shorten(text)))
                            }
                        }
                        step += 1;
                    }
                }
                other => return Err(format!("unknown go parameter `{}`", shorten(other))),
            }
            i += step;
        }
        let side = self.position.turn().index();
        if let Some(remaining_ms) = clock[side] {
            go.limits.clock = Some(ClockLimits {
                remaining_ms,
                increment_ms: increment[side],
                moves_to_go,
            });
        }
        let limits = go.limits;
        if limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.move_time.is_none()
            && limits.clock.is_none()
        {
            go.infinite = true;
        }
        Ok(go)
    }

    fn go(&mut self, words: &[&str]) {
        let go = match self.parse_go(words) {
            Ok(go) => go,
            Err(e) => {
                error(&e);
                return;
            }
        };
        // A search still running is stopped and answers first.
        self.finish_search(true);
        if let Some(depth) = go.perft {
            self.start_perft(depth);
            return;
        }
        let multipv = self.multipv;
        let level = self.level;
        let limits = Limits {
            threads: self.threads,
            ..go.limits
        };
        let request = SearchRequest {
            history: self.history.clone(),
            multipv,
            search_moves: go.search_moves,
            ..SearchRequest::new(self.position, limits)
        };
        self.searches += 1;
        let seed = self.position.hash() ^ self.searches.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(self.hash_mb));
        let stop = request.stop.clone();
        let answered = Arc::new(AtomicBool::new(false));
        let width = self.position.width();
        let fallback = self
            .position
            .legal_moves()
            .first()
            .map_or("(none)".to_string(), |m| m.uci(width));
        let thread_stop = stop.clone();
        let thread_answered = Arc::clone(&answered);
        let infinite = go.infinite;
        let spawned = std::thread::Builder::new()
            .name("search".to_string())
            .stack_size(16 << 20)
            .spawn(move || {
                let mut progress = |info: &SearchInfo| send(&info_line(info, width));
                let result = if level > 0 {
                    let result = engine.play_at_level(&request, Level::new(level), seed);
                    report_level(&result, width);
                    result
                } else {
                    engine.search(&request, &mut progress)
                };
                // An infinite search answers only when told to stop.
                while infinite && !thread_stop.is_stopped() {
                    std::thread::sleep(Duration::from_millis(2));
                }
                send(&bestmove_line(&result, width));
                thread_answered.store(true, Ordering::Relaxed);
                Some(engine)
            });
        match spawned {
            Ok(handle) => {
                self.search = Some(Search {
                    handle,
                    stop,
                    answered,
                    fallback: Some(fallback),
                    infinite,
                })
            }
            Err(e) => {
                error(&format!("cannot start the search thread: {e}"));
                send(&format!("bestmove {fallback}"));
            }
        }
    }

    /// `go perft N` on its own thread, as a search: the input stays live,
    /// and `stop` (or anything that stops a search) ends it after the root
    /// move being counted. It needs no engine, so a stopped count is left
    /// to finish that root move alone and nothing waits for it.
    fn start_perft(&mut self, depth: u32) {
        let position = self.position;
        let stop = StopHandle::new();
        let thread_stop = stop.clone();
        let answered = Arc::new(AtomicBool::new(false));
        let thread_answered = Arc::clone(&answered);
        let spawned = std::thread::Builder::new()
            .name("perft".to_string())
            .spawn(move || {
                perft(&position, depth, &thread_stop);
                thread_answered.store(true, Ordering::Relaxed);
                None
            });
        match spawned {
            Ok(handle) => {
                self.search = Some(Search {
                    handle,
                    stop,
                    answered,
                    // perft has no `bestmove` to stand in for.
                    fallback: None,
                    infinite: false,
                })
            }
            Err(e) => error(&format!("cannot start the perft thread: {e}")),
        }
    }

    /// Collects a search that has already answered.
    fn reap(&mut self) {
        if self.search.as_ref().is_some_and(|s| s.handle.is_finished()) {
            self.finish_search(false);
        }
    }

    /// Waits for the running search, if any, to answer. With `stop`, or if
    /// the search is infinite, it is stopped first.
    fn finish_search(&mut self, stop: bool) {
        let Some(search) = self.search.take() else {
            return;
        };
        if stop || search.infinite {
            search.stop.stop();
        }
        // A stopped perft is not waited for (it holds no engine and prints
        // nothing more once stopped).
        if search.fallback.is_none() && search.stop.is_stopped() && !search.handle.is_finished() {
            return;
        }
        match search.handle.join() {
            Ok(Some(engine)) => self.engine = Some(engine),
            Ok(None) => {}
            Err(_) => {
                error("the search failed");
                if let Some(fallback) = search
                    .fallback
                    .filter(|_| !search.answered.load(Ordering::Relaxed))
                {
                    send(&format!("bestmove {fallback}"));
                }
                self.engine = Some(Engine::new(self.hash_mb));
            }
        }
    }

    fn display(&self) {
        send(&format!("info string variant {}", self.variant()));
        send(&format!("info string position {}", self.position.to_text()));
        send(&format!(
            "info string {} to move; legal moves: {}",
            self.position.turn().name(),
            self.position.legal_uci().join(" ")
        ));
    }
}

/// A move as UCI programs write it (coordinates), else in any notation
/// [`AnyPosition::parse_move`] reads.
pub(crate) fn read_move(position: &AnyPosition, text: &str) -> Result<Move, MoveError> {
    position
        .parse_uci(text)
        .or_else(|_| position.parse_move(text))
}

/// The words that start a `go` parameter.
const GO_KEYWORDS: [&str; 13] = [
    "depth",
    "mate",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "perft",
    "infinite",
    "ponder",
    "searchmoves",
];

fn info_line(info: &SearchInfo, width: u8) -> String {
    let ms = info.elapsed.as_millis();
    let nps = u128::from(info.nodes) * 1_000_000 / info.elapsed.as_micros().max(1);
    let pv: Vec<String> = info.line.pv.iter().map(|m| m.uci(width)).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {nps} hashfull {} time {ms} pv {}",
        info.depth,
        info.seldepth.max(info.depth),
        info.multipv,
        info.line.score.uci(),
        info.nodes,
        info.hashfull,
        pv.join(" ")
    )
}

/// The one info line of a level move (levels report no progress).
fn report_level(result: &SearchResult, width: u8) {
    if let Some(line) = result.lines.first() {
        let ms = result.elapsed.as_millis();
        let pv: Vec<String> = line.pv.iter().map(|m| m.uci(width)).collect();
        send(&format!(
            "info depth {} score {} nodes {} time {ms} pv {}",
            result.depth.max(1),
            line.score.uci(),
            result.nodes,
            pv.join(" ")
        ));
    }
}

fn bestmove_line(result: &SearchResult, width: u8) -> String {
    let Some(best) = result.best_move else {
        return "bestmove (none)".to_string();
    };
    let ponder = result
        .lines
        .first()
        .filter(|l| l.pv.first() == Some(&best))
        .and_then(|l| l.pv.get(1));
    match ponder {
        Some(p) => format!("bestmove {} ponder {}", best.uci(width), p.uci(width)),
        None => format!("bestmove {}", best.uci(width)),
    }
}

/// Counts the move tree root move by root move, so that `stop` ends it
/// after the root move being counted (without a total line then).
fn perft(position: &AnyPosition, depth: u32, stop: &StopHandle) {
    let width = position.width();
    let mut moves: Vec<(String, Move)> = position
        .legal_moves()
        .into_iter()
        .map(|m| (m.uci(width), m))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    let mut total = 0;
    for (name, mv) in moves {
        if stop.is_stopped() {
            send("info string perft stopped");
            return;
        }
        let count = match position.play(mv) {
            Ok(next) if depth > 1 => next.perft(depth - 1),
            Ok(_) => 1,
            Err(_) => 0,
        };
        if stop.is_stopped() {
            send("info string perft stopped");
            return;
        }
        send(&format!("{name}: {count}"));
        total += count;
    }
    send("");
    send(&format!("Nodes searched: {total}"));
}

/// Input echoed in error messages, cut to a sane length.
fn shorten(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let cut: String = text.chars().take(MAX).collect();
        format!("{cut}…")
    }
}

/// `zone` → `Zone`: a UCI option name from a game option's id.
fn capitalized(id: &str) -> String {
    let mut chars = id.chars();
    chars
        .next()
        .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}
