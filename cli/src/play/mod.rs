//! `norochess play`: the whole app in a terminal — play the computer, pass
//! and play, puzzles, continuing the unfinished game, the games list,
//! statistics, settings and rules.
//!
//! It is a line-based program: after each action it prints a screen (the
//! board with coordinates and the last move marked, the Norochess score bar,
//! captured pieces, clocks, whose turn or the result). In a terminal the
//! computer thinks on a background thread while input stays live (`stop`
//! makes it move now) and clocks tick. With `--script FILE`, or when
//! standard input is not a terminal, the same commands are read from the
//! file or pipe and the same screens printed as plain text: the computer's
//! moves are awaited and reproducible (fixed seed, node-limited searches)
//! and clocks run on virtual time advanced by `wait MS`.
//!
//! When standard input and output are both a terminal (and `--line` is not
//! given) the same app runs full screen instead ([`full`]): the board is
//! drawn live and takes the mouse and the arrow keys, the score, clocks,
//! move list and messages sit beside it, and a command line at the bottom
//! takes every command of line mode.

mod analysis_view;
mod app;
mod archive;
mod busy;
mod composer_view;
mod editor_view;
mod full;
mod game_screen;
mod game_view;
mod home;
mod input;
mod new_game;
mod pasted_line;
mod puzzle_file;
mod puzzle_view;
mod review_graph;
mod review_view;
mod rules;
mod screen;
mod stats;
mod text;
mod view_state;
mod worker;

use anyhow::{Context, Result};
use app::{App, Config, Storage};
use clap::Args;
use norochess_app::Library;
use norochess_core::puzzle::builtin_pack;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;
use worker::Answer;

/// Options of `norochess play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Read commands from FILE (`-` for standard input) and print the
    /// screens as plain text; without it, commands come from the terminal
    /// (or from standard input when it is not a terminal, as a script).
    #[arg(long, value_name = "FILE")]
    script: Option<String>,
    /// Folder of the library (norochess.db: games, puzzle progress and
    /// settings) [default: the user's data directory, e.g.
    /// ~/.local/share/norochess]. Files of earlier versions found there are
    /// imported once.
    #[arg(long, value_name = "PATH")]
    store: Option<PathBuf>,
    /// ASCII only: pieces as letters (White upper case), no Unicode symbols.
    #[arg(long)]
    ascii: bool,
    /// Never use colours (they are used only when the output is a terminal
    /// and NO_COLOR is not set).
    #[arg(long)]
    no_color: bool,
    /// Line mode in a terminal: one screen of text after each command (for
    /// screen readers and terminals without full-screen support) instead of
    /// the full-screen board.
    #[arg(long)]
    line: bool,
    /// Seed of the computer's choices [default: 1 in scripts, random in a
    /// terminal].
    #[arg(long)]
    seed: Option<u64>,
    /// Node budget of full-strength searches (level 8 and hints), which
    /// makes them reproducible [default in scripts: 150000 for level 8,
    /// 50000 for hints].
    #[arg(long, value_name = "N")]
    engine_nodes: Option<u64>,
    /// Play the puzzles of this file (the format of docs/puzzles.md, as
    /// `norochess puzzles generate` writes it) instead of the built-in pack.
    #[arg(long, value_name = "FILE")]
    puzzles: Option<PathBuf>,
    /// Engine hash table size in megabytes.
    #[arg(long, default_value_t = 16, value_name = "MB")]
    hash: usize,
}

/// What the terminal loop waits for.
enum Event {
    Line(Result<String, input::NotText>),
    EndOfInput,
    Engine(Answer),
}

/// Runs `norochess play`.
pub fn run(args: &PlayArgs) -> Result<()> {
    let stdin_is_terminal = std::io::stdin().is_terminal();
    let script = args.script.is_some() || !stdin_is_terminal;
    let full_screen = !script && !args.line && std::io::stdout().is_terminal();
    let color = !script
        && !args.no_color
        && std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let (pack, own_puzzles) = match &args.puzzles {
        // Its message already names the cause: the chain is not printed
        // again under it.
        Some(path) => (
            puzzle_file::read(path).map_err(|e| anyhow::anyhow!(e.to_string()))?,
            true,
        ),
        // A damaged built-in pack leaves puzzles of your own (`puzzle fen`).
        None => (builtin_pack().unwrap_or_default(), false),
    };
    let config = Config {
        script,
        unicode: !args.ascii,
        seed: args.seed.or(script.then_some(1)),
        engine_nodes: args.engine_nodes,
        hash_mb: args.hash.clamp(1, 4096),
        pack,
        own_puzzles,
        // The full-screen shell paints its own colours; the app's text
        // (messages, home, lists) stays plain there.
        color: color && !full_screen,
        full_screen,
    };
    let folder = args.store.clone().unwrap_or_else(default_dir);
    let storage = open_library(&folder)?;
    if script {
        let lines: Box<dyn BufRead> = match args.script.as_deref() {
            None | Some("-") => Box::new(std::io::stdin().lock()),
            Some(file) => Box::new(std::io::BufReader::new(
                std::fs::File::open(file).with_context(|| format!("cannot read {file}"))?,
            )),
        };
        run_script(config, storage, lines)
    } else if full_screen {
        full::run(config, storage, color)
    } else {
        run_terminal(config, storage)
    }
}

/// The default library folder: `<data dir>/norochess` (for example
/// `~/.local/share/norochess` on Linux).
fn default_dir() -> PathBuf {
    dirs::data_dir()
        .or_else(dirs::home_dir)
        .unwrap_or_else(|| PathBuf::from("."))
        .join("norochess")
}

/// Opens the library in `folder`; if that fails (no permission, a newer
/// version's database, a full disk) the program still runs, on a library
/// in memory, and says why at the start.
fn open_library(folder: &std::path::Path) -> Result<Storage> {
    match Library::open(folder) {
        Ok(library) => Ok(Storage {
            library,
            unavailable: None,
        }),
        Err(e) => Ok(Storage {
            library: Library::in_memory().context("cannot open a library in memory")?,
            unavailable: Some(e.to_string()),
        }),
    }
}

fn print(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Scripts: each command is echoed after the prompt, as a player would see
/// it typed, and the computer's answers are awaited.
fn run_script(config: Config, storage: Storage, lines: Box<dyn BufRead>) -> Result<()> {
    let (answers, inbox) = mpsc::channel::<Answer>();
    let mut app = App::new(config, storage, move |answer| {
        let _ = answers.send(answer);
    });
    app.start();
    print(&app.take_output())?;
    let mut lines = lines;
    while let Some(line) = input::next_line(&mut *lines).context("cannot read the script")? {
        let line = match line {
            Ok(line) => line,
            Err(not_text) => {
                print(&format!(
                    "{}{}\n",
                    app.prompt(),
                    not_text.lossy.replace('\u{fffd}', "?")
                ))?;
                app.not_text(&not_text);
                print(&app.take_output())?;
                continue;
            }
        };
        print(&format!(
            "{}{}\n",
            app.prompt(),
            text::echo_text(line.trim_end())
        ))?;
        app.command(&line);
        print(&app.take_output())?;
        while app.is_thinking() {
            match inbox.recv() {
                Ok(answer) => app.engine_answer(answer),
                Err(_) => break,
            }
            print(&app.take_output())?;
        }
        if app.wants_quit() {
            break;
        }
    }
    if !app.wants_quit() {
        // The script ended: nobody is there to answer a question.
        app.leave();
    }
    let _ = app.take_output();
    Ok(())
}

/// A terminal: lines are read on their own thread, so the engine's answers
/// and clock ticks arrive while the player is typing.
fn run_terminal(config: Config, storage: Storage) -> Result<()> {
    let (events, inbox) = mpsc::channel::<Event>();
    let engine_events = events.clone();
    let mut app = App::new(config, storage, move |answer| {
        let _ = engine_events.send(Event::Engine(answer));
    });
    std::thread::Builder::new()
        .name("norochess-input".to_string())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut lines = stdin.lock();
            while let Ok(Some(line)) = input::next_line(&mut lines) {
                if events.send(Event::Line(line)).is_err() {
                    return;
                }
            }
            let _ = events.send(Event::EndOfInput);
        })
        .context("cannot start the input thread")?;
    app.start();
    print(&app.take_output())?;
    print(&app.prompt())?;
    loop {
        let event = inbox.recv_timeout(Duration::from_millis(200));
        match event {
            Ok(Event::Line(line)) => {
                match line {
                    Ok(line) => app.command(&line),
                    Err(not_text) => app.not_text(&not_text),
                }
                let output = app.take_output();
                print(&output)?;
                if app.wants_quit() {
                    break;
                }
                print(&app.prompt())?;
            }
            Ok(Event::Engine(answer)) => {
                app.engine_answer(answer);
                let output = app.take_output();
                if !output.is_empty() {
                    print(&format!("\n{output}"))?;
                    print(&app.prompt())?;
                }
            }
            Ok(Event::EndOfInput) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                app.leave();
                print(&format!("\n{}", app.take_output()))?;
                break;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                app.tick();
                let output = app.take_output();
                if !output.is_empty() {
                    print(&format!("\n{output}"))?;
                    print(&app.prompt())?;
                }
            }
        }
    }
    Ok(())
}
