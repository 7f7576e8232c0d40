//! Players for `norochess match`: the built-in engine, and external UCI
//! engines driven as child processes.
//!
//! An engine is given as a SPEC, a kind followed by comma-separated
//! `key=value` settings:
//!
//! - `self:level=N` (1–8), `self:nodes=N`, `self:depth=N`, `self:movetime=MS`
//!   (settings combine; also `hash=MB`, `threads=N` (1–64, Lazy SMP; not
//!   with a level, which searches on one thread), `name=TEXT`);
//! - `uci:cmd=PATH` or `uci:PATH`, with `arg=WORD` (repeatable), `variant=NAME`
//!   (the `UCI_Variant` value; by default the game id when the engine offers
//!   `UCI_Variant`), `option.NAME=VALUE` (repeatable, sent in the order
//!   given, all before `UCI_Variant`: an engine may need one to know the
//!   variant, as Fairy-Stockfish needs `VariantPath`; `option.UCI_Variant=NAME`
//!   is the same as `variant=NAME`), `movetime=MS`,
//!   `nodes=N`, `depth=N`, `timeout=MS` (how long to wait for a move beyond
//!   the move time before the engine forfeits), `fen=full|plain` (`plain`
//!   sends set-up positions without our `score=` / `opening=` fields), `name=TEXT`.
//!
//! - `random` (a uniformly random legal move) and `greedy` (the capture of
//!   the most valuable piece, else random): baselines for strength tests.
//!
//! Values cannot contain commas.

use anyhow::{anyhow, bail, Context, Result};
use norochess_core::{
    Engine, Game, Level, Limits, Move, SearchRequest, Variant, DEFAULT_HASH_MB, MAX_THREADS,
};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use thiserror::Error;

/// How long an external engine may take to start and answer `isready`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// Extra time an external engine gets beyond its move time.
const DEFAULT_GRACE_MS: u64 = 5_000;
/// Time allowed for a move limited only by nodes or depth.
const UNTIMED_MOVE_MS: u64 = 60_000;

/// A parsed engine SPEC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineSpec {
    /// The built-in engine.
    Builtin {
        /// Display name.
        name: String,
        /// Plays like a person of this level (with `play_at_level`).
        level: Option<u8>,
        /// Search limits (none: the match's --movetime, or the level's own).
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<u64>,
        hash_mb: usize,
        /// Search threads (Lazy SMP).
        threads: usize,
    },
    /// A baseline mover: random, or one-ply greedy capturer.
    Baseline {
        /// Display name.
        name: String,
        /// Greedy capturer instead of random mover.
        greedy: bool,
    },
    /// An external UCI engine.
    External {
        name: String,
        command: String,
        args: Vec<String>,
        variant_name: Option<String>,
        options: Vec<(String, String)>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<u64>,
        timeout_ms: Option<u64>,
        plain_fen: bool,
    },
}

impl EngineSpec {
    /// Parses a SPEC (see the module documentation).
    pub fn parse(spec: &str) -> Result<EngineSpec> {
        let (kind, settings) = spec.split_once(':').unwrap_or((spec, ""));
        let mut pairs = Vec::new();
        for (i, item) in settings.split(',').enumerate() {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            match item.split_once('=') {
                Some((key, value)) => pairs.push((key.trim().to_string(), value.to_string())),
                // `uci:/path/to/engine`: a bare first item is the command.
                None if i == 0 && kind == "uci" => pairs.push(("cmd".to_string(), item.into())),
                None => bail!("engine setting `{item}` in `{spec}` needs the form key=value"),
            }
        }
        let number = |key: &str, value: &str| -> Result<u64> {
            value
                .trim()
                .parse::<u64>()
                .map_err(|_| anyhow!("engine setting {key}={value} in `{spec}` is not a number"))
        };
        match kind {
            "self" => {
                let mut name = None;
                let mut level = None;
                let (mut depth, mut nodes, mut movetime) = (None, None, None);
                let mut hash_mb = DEFAULT_HASH_MB;
                let mut threads = 1;
                for (key, value) in &pairs {
                    match key.as_str() {
                        "level" => {
                            let n = number(key, value)?;
                            if !(1..=8).contains(&n) {
                                bail!("level must be from 1 to 8 in `{spec}`");
                            }
                            level = Some(n as u8);
                        }
                        "depth" => depth = Some(number(key, value)?.clamp(1, 80) as u32),
                        "nodes" => nodes = Some(number(key, value)?.max(1)),
                        "movetime" => movetime = Some(number(key, value)?),
                        "hash" => hash_mb = number(key, value)?.clamp(1, 4096) as usize,
                        "threads" => {
                            let n = number(key, value)?;
                            if !(1..=MAX_THREADS as u64).contains(&n) {
                                bail!("threads must be from 1 to {MAX_THREADS} in `{spec}`");
                            }
                            threads = n as usize;
                        }
                        "name" => name = Some(value.clone()),
                        other => bail!(
                            "unknown setting `{other}` for a self engine in `{spec}` \
                             (expected level, nodes, depth, movetime, hash, threads or name)"
                        ),
                    }
                }
                if level.is_some() && threads > 1 {
                    bail!("a level searches on one thread: leave threads out of `{spec}`");
                }
                Ok(EngineSpec::Builtin {
                    name: name.unwrap_or_else(|| spec.to_string()),
                    level,
                    depth,
                    nodes,
                    movetime,
                    hash_mb,
                    threads,
                })
            }
            "uci" => {
                let mut name = None;
                let mut command = None;
                let mut args = Vec::new();
                let mut variant_name = None;
                let mut options = Vec::new();
                let (mut depth, mut nodes, mut movetime, mut timeout_ms) = (None, None, None, None);
                let mut plain_fen = false;
                for (key, value) in &pairs {
                    match key.as_str() {
                        "cmd" => command = Some(value.clone()),
                        "arg" => args.push(value.clone()),
                        "variant" => variant_name = Some(value.clone()),
                        "depth" => depth = Some(number(key, value)?.clamp(1, 1000) as u32),
                        "nodes" => nodes = Some(number(key, value)?.max(1)),
                        "movetime" => movetime = Some(number(key, value)?),
                        "timeout" => timeout_ms = Some(number(key, value)?),
                        "name" => name = Some(value.clone()),
                        "fen" => {
                            plain_fen = match value.as_str() {
                                "plain" => true,
                                "full" => false,
                                _ => bail!("fen must be full or plain in `{spec}`"),
                            }
                        }
                        other => match other.strip_prefix("option.") {
                            Some(option) if option.eq_ignore_ascii_case("UCI_Variant") => {
                                variant_name = Some(value.clone())
                            }
                            Some(option) if !option.is_empty() => {
                                options.push((option.to_string(), value.clone()))
                            }
                            _ => bail!(
                                "unknown setting `{other}` for a uci engine in `{spec}` (expected \
                                 cmd, arg, variant, option.NAME, movetime, nodes, depth, timeout, \
                                 fen or name)"
                            ),
                        },
                    }
                }
                let command =
                    command.ok_or_else(|| anyhow!("a uci engine needs cmd=PATH in `{spec}`"))?;
                Ok(EngineSpec::External {
                    name: name.unwrap_or_else(|| {
                        std::path::Path::new(&command)
                            .file_name()
                            .map_or(command.clone(), |f| f.to_string_lossy().into_owned())
                    }),
                    command,
                    args,
                    variant_name,
                    options,
                    depth,
                    nodes,
                    movetime,
                    timeout_ms,
                    plain_fen,
                })
            }
            "random" | "greedy" if pairs.is_empty() => Ok(EngineSpec::Baseline {
                name: kind.to_string(),
                greedy: kind == "greedy",
            }),
            other => bail!("unknown engine kind `{other}` in `{spec}` (expected self:, uci:, random or greedy)"),
        }
    }

    /// The name for results and records.
    pub fn name(&self) -> &str {
        match self {
            EngineSpec::Builtin { name, .. }
            | EngineSpec::Baseline { name, .. }
            | EngineSpec::External { name, .. } => name,
        }
    }
}

/// Why a player could not give a move: it loses the game.
#[derive(Debug)]
pub enum Forfeit {
    /// No answer in time from a running engine: a loss on time.
    Time(String),
    /// An illegal or unreadable move, or another protocol failure.
    Illegal(String),
    /// The engine exited (or closed its input, or could not be restarted).
    Crash(String),
}

/// A failed exchange with an external engine.
#[derive(Debug, Error)]
pub enum EngineIoError {
    /// The engine is running but said nothing more before the deadline.
    #[error("engine {0} did not answer in time")]
    NoAnswer(String),
    /// The engine's output ended: it has exited.
    #[error("engine {0} has exited")]
    Exited(String),
    /// The engine does not take input any more.
    #[error("engine {name} does not accept input: {source}")]
    Unwritable {
        /// The engine's name.
        name: String,
        /// The write error.
        source: std::io::Error,
    },
}

impl EngineIoError {
    /// The forfeit of an engine that failed this way during a game.
    fn forfeit(self) -> Forfeit {
        match self {
            EngineIoError::NoAnswer(_) => Forfeit::Time(self.to_string()),
            // A closed input is a dead engine in practice (a broken pipe).
            EngineIoError::Exited(_) | EngineIoError::Unwritable { .. } => {
                Forfeit::Crash(self.to_string())
            }
        }
    }
}

/// A player of one side, kept across the games of a worker.
pub enum Player {
    Builtin {
        engine: Engine,
        level: Option<Level>,
        limits: Limits,
    },
    Baseline {
        greedy: bool,
    },
    External {
        spec: Box<EngineSpec>,
        process: Option<UciProcess>,
        variant: Variant,
        limits: Limits,
    },
}

impl Player {
    /// Creates the player (starting an external engine at once, so a wrong
    /// command is reported before any game). `default_movetime` applies to
    /// engines whose SPEC sets no limit.
    pub fn new(spec: &EngineSpec, variant: Variant, default_movetime: u64) -> Result<Player> {
        let limits = |depth: Option<u32>, nodes: Option<u64>, movetime: Option<u64>| {
            let mut limits = Limits {
                depth,
                nodes,
                move_time: movetime.map(Duration::from_millis),
                ..Limits::default()
            };
            if depth.is_none() && nodes.is_none() && movetime.is_none() {
                limits.move_time = Some(Duration::from_millis(default_movetime));
            }
            limits
        };
        match spec {
            EngineSpec::Builtin {
                level,
                depth,
                nodes,
                movetime,
                hash_mb,
                threads,
                ..
            } => Ok(Player::Builtin {
                engine: Engine::new(*hash_mb),
                level: level.map(Level::new),
                // A level plays by its own limits unless the SPEC sets some.
                limits: if level.is_some() {
                    Limits {
                        depth: *depth,
                        nodes: *nodes,
                        move_time: movetime.map(Duration::from_millis),
                        ..Limits::default()
                    }
                } else {
                    Limits {
                        threads: *threads,
                        ..limits(*depth, *nodes, *movetime)
                    }
                },
            }),
            EngineSpec::Baseline { greedy, .. } => Ok(Player::Baseline { greedy: *greedy }),
            EngineSpec::External {
                depth,
                nodes,
                movetime,
                ..
            } => {
                let process = UciProcess::start(spec, variant)?;
                Ok(Player::External {
                    spec: Box::new(spec.clone()),
                    process: Some(process),
                    variant,
                    limits: limits(*depth, *nodes, *movetime),
                })
            }
        }
    }

    /// Prepares for a new game, restarting an external engine that is not
    /// running. `Ok(true)` means the engine had exited by itself since its
    /// last game (a crash between games; it was restarted). An engine that
    /// cannot be made ready forfeits the game.
    pub fn new_game(&mut self) -> std::result::Result<bool, Forfeit> {
        match self {
            Player::Builtin { engine, .. } => {
                engine.clear();
                Ok(false)
            }
            Player::Baseline { .. } => Ok(false),
            Player::External {
                spec,
                process,
                variant,
                ..
            } => {
                // `None` is an engine the match stopped itself (after a loss
                // on time), so only a dead `Some` is a crash.
                let crashed = process.as_mut().is_some_and(|p| !p.is_alive());
                if crashed || process.is_none() {
                    *process = None;
                    let started = UciProcess::start(spec, *variant)
                        .map_err(|e| Forfeit::Crash(format!("cannot restart the engine: {e:#}")))?;
                    *process = Some(started);
                }
                let result = process
                    .as_mut()
                    .map_or(Ok(()), UciProcess::new_game)
                    .map_err(EngineIoError::forfeit);
                if result.is_err() {
                    *process = None;
                }
                result.map(|()| crashed)
            }
        }
    }

    /// The move to play in the current position of `game`.
    pub fn choose(&mut self, game: &Game, seed: u64) -> std::result::Result<Move, Forfeit> {
        match self {
            Player::Builtin {
                engine,
                level,
                limits,
            } => {
                let request = SearchRequest::for_game(game, *limits);
                let result = match level {
                    Some(level) => engine.play_at_level(&request, *level, seed),
                    None => engine.search(&request, &mut |_| {}),
                };
                result
                    .best_move
                    .or_else(|| game.position().legal_moves().first().copied())
                    .ok_or_else(|| Forfeit::Illegal("no move found".to_string()))
            }
            Player::Baseline { greedy } => {
                let position = game.position();
                let choice = if *greedy {
                    norochess_core::baseline::greedy_move(position, seed)
                } else {
                    norochess_core::baseline::random_move(position, seed)
                };
                choice.ok_or_else(|| Forfeit::Illegal("no legal move".to_string()))
            }
            Player::External {
                spec,
                process,
                limits,
                ..
            } => {
                let Some(engine) = process.as_mut() else {
                    return Err(Forfeit::Crash("the engine is not running".to_string()));
                };
                let plain = matches!(
                    **spec,
                    EngineSpec::External {
                        plain_fen: true,
                        ..
                    }
                );
                let timeout_ms = match **spec {
                    EngineSpec::External { timeout_ms, .. } => timeout_ms,
                    EngineSpec::Builtin { .. } | EngineSpec::Baseline { .. } => None,
                };
                let answer = engine.best_move(game, limits, plain, timeout_ms);
                if let Err(Forfeit::Time(_) | Forfeit::Crash(_)) = &answer {
                    // A silent engine is killed, a dead one reaped; either is
                    // started afresh for the next game (and not counted as a
                    // crash again there).
                    *process = None;
                }
                answer
            }
        }
    }
}

/// A running external UCI engine.
pub struct UciProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
}

impl UciProcess {
    /// Starts the engine and completes the handshake: `uci`, the SPEC's
    /// options in their order, `Zone` and `Blockage` for Improved chess
    /// (unless the SPEC sets them), `UCI_Variant` last, `isready`.
    pub fn start(spec: &EngineSpec, variant: Variant) -> Result<UciProcess> {
        let EngineSpec::External {
            name,
            command,
            args,
            variant_name,
            options,
            ..
        } = spec
        else {
            bail!("not an external engine");
        };
        let mut child = Command::new(command)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start engine `{command}`"))?;
        let stdin = child.stdin.take().context("no stdin for the engine")?;
        let stdout = child.stdout.take().context("no stdout for the engine")?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buffer).trim().to_string();
                        if sender.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut process = UciProcess {
            child,
            stdin,
            lines,
            name: name.clone(),
        };
        process.send("uci")?;
        let mut offered = Vec::new();
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = process.next_line(deadline)?;
            if line == "uciok" {
                break;
            }
            if let Some(rest) = line.strip_prefix("option name ") {
                let option = rest.split(" type ").next().unwrap_or(rest).trim();
                offered.push(option.to_ascii_lowercase());
            }
        }
        let offers = |option: &str| offered.iter().any(|o| o == &option.to_ascii_lowercase());
        let variant_value = variant_name.clone().or_else(|| {
            offers("UCI_Variant")
                .then(|| variant.id().to_string())
                .filter(|id| id != "chess")
        });
        for (option, value) in options {
            process.send(&format!("setoption name {option} value {value}"))?;
        }
        let given = |option: &str| options.iter().any(|(o, _)| o.eq_ignore_ascii_case(option));
        if let Some((zone, blockage)) = variant.improved_options() {
            if offers("Zone") && !given("Zone") {
                process.send(&format!("setoption name Zone value {}", zone.id()))?;
            }
            if offers("Blockage") && !given("Blockage") {
                process.send(&format!("setoption name Blockage value {}", blockage.id()))?;
            }
        }
        // Last: an engine may read the variant only from the options above
        // (Fairy-Stockfish knows a variant from a file once `VariantPath`
        // is set, and otherwise silently plays standard chess).
        if let Some(value) = variant_value {
            process.send(&format!("setoption name UCI_Variant value {value}"))?;
        }
        process.ready(Instant::now() + HANDSHAKE_TIMEOUT)?;
        Ok(process)
    }

    fn send(&mut self, line: &str) -> std::result::Result<(), EngineIoError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|source| EngineIoError::Unwritable {
                name: self.name.clone(),
                source,
            })
    }

    fn next_line(&mut self, deadline: Instant) -> std::result::Result<String, EngineIoError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineIoError::NoAnswer(self.name.clone())),
            Err(RecvTimeoutError::Disconnected) => Err(EngineIoError::Exited(self.name.clone())),
        }
    }

    fn ready(&mut self, deadline: Instant) -> std::result::Result<(), EngineIoError> {
        self.send("isready")?;
        while self.next_line(deadline)? != "readyok" {}
        Ok(())
    }

    fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    fn new_game(&mut self) -> std::result::Result<(), EngineIoError> {
        self.send("ucinewgame")?;
        self.ready(Instant::now() + HANDSHAKE_TIMEOUT)
    }

    fn best_move(
        &mut self,
        game: &Game,
        limits: &Limits,
        plain_fen: bool,
        timeout_ms: Option<u64>,
    ) -> std::result::Result<Move, Forfeit> {
        let position = game.position();
        let width = position.width();
        let moves: Vec<String> = game.moves().iter().map(|m| m.uci(width)).collect();
        let standard_start = !game.is_set_up()
            && game
                .start_number()
                .is_none_or(|n| n == norochess_core::CHESS960.standard);
        let mut command = if standard_start {
            "position startpos".to_string()
        } else {
            let text = game.start_position().to_text();
            let text = if plain_fen {
                text.split(' ')
                    .filter(|f| !f.contains('='))
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                text
            };
            format!("position fen {text}")
        };
        if !moves.is_empty() {
            command.push_str(" moves ");
            command.push_str(&moves.join(" "));
        }
        let mut go = "go".to_string();
        if let Some(depth) = limits.depth {
            go.push_str(&format!(" depth {depth}"));
        }
        if let Some(nodes) = limits.nodes {
            go.push_str(&format!(" nodes {nodes}"));
        }
        if let Some(time) = limits.move_time {
            go.push_str(&format!(" movetime {}", time.as_millis()));
        }
        let allowed_ms = match limits.move_time {
            Some(time) => time.as_millis() as u64 + timeout_ms.unwrap_or(DEFAULT_GRACE_MS),
            None => timeout_ms.unwrap_or(UNTIMED_MOVE_MS),
        };
        self.send(&command).map_err(EngineIoError::forfeit)?;
        self.send(&go).map_err(EngineIoError::forfeit)?;
        let deadline = Instant::now() + Duration::from_millis(allowed_ms);
        loop {
            let line = self.next_line(deadline).map_err(EngineIoError::forfeit)?;
            let mut words = line.split_whitespace();
            if words.next() != Some("bestmove") {
                continue;
            }
            let text = words.next().unwrap_or("(none)");
            return crate::uci::read_move(position, text).map_err(|e| {
                Forfeit::Illegal(format!("engine {} played `{text}`: {e}", self.name))
            });
        }
    }
}

impl Drop for UciProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_specs() {
        let spec = EngineSpec::parse("self:level=3").unwrap();
        assert!(matches!(spec, EngineSpec::Builtin { level: Some(3), .. }));
        let spec = EngineSpec::parse(
            "uci:cmd=/usr/bin/fsf,variant=norochess-fsf,option.Hash=64,movetime=50",
        )
        .unwrap();
        match spec {
            EngineSpec::External {
                command,
                variant_name,
                options,
                movetime,
                name,
                ..
            } => {
                assert_eq!(command, "/usr/bin/fsf");
                assert_eq!(variant_name.as_deref(), Some("norochess-fsf"));
                assert_eq!(options, vec![("Hash".to_string(), "64".to_string())]);
                assert_eq!(movetime, Some(50));
                assert_eq!(name, "fsf");
            }
            other => panic!("{other:?}"),
        }
        assert!(EngineSpec::parse("uci:/bin/engine,arg=uci").is_ok());
        // The variant as an option is still sent last, as the variant.
        let spec = EngineSpec::parse("uci:fsf,option.UCI_Variant=noro,option.VariantPath=v.ini");
        match spec.unwrap() {
            EngineSpec::External {
                variant_name,
                options,
                ..
            } => {
                assert_eq!(variant_name.as_deref(), Some("noro"));
                assert_eq!(
                    options,
                    vec![("VariantPath".to_string(), "v.ini".to_string())]
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(EngineSpec::parse("self:level=9").is_err());
        let spec = EngineSpec::parse("self:movetime=100,threads=2").unwrap();
        assert!(matches!(spec, EngineSpec::Builtin { threads: 2, .. }));
        assert!(EngineSpec::parse("self:threads=0").is_err());
        assert!(EngineSpec::parse("self:threads=65").is_err());
        assert!(EngineSpec::parse("self:level=3,threads=2").is_err());
        assert!(EngineSpec::parse("self:speed=3").is_err());
        assert!(EngineSpec::parse("gnu:x").is_err());
        assert!(EngineSpec::parse("uci:").is_err());
    }
}
