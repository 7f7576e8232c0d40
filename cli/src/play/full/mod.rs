//! Full-screen mode of `norochess play` (ratatui on crossterm), used when
//! standard input and output are a terminal: the board takes the mouse
//! (click a piece and a target, or drag) and the keyboard (arrows and
//! Enter), the score, move counter, clocks, captured pieces and move list
//! sit beside it, the app's messages under it, and a command line with
//! history and completion takes every command of line mode.
//!
//! The [`App`] underneath is the one line mode runs: the shell only draws
//! its state ([`picture`]) and turns keys and clicks into its commands
//! ([`shell`]). Ctrl-C stops the computer's thought like `stop`; a second
//! Ctrl-C, like `quit`, leaves with the game saved. SIGTERM and SIGHUP
//! leave the same way; Ctrl-Z (and SIGTSTP) suspends with the terminal
//! given back, and the screen is drawn again on `fg`.

mod board;
mod draw;
mod line;
mod move_rows;
mod picture;
mod shell;
#[cfg(unix)]
mod signals;
#[cfg(test)]
mod tests;

use super::app::{App, Config, Storage};
use super::worker::Answer;
use anyhow::{Context, Result};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event as TermEvent,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::Terminal;
use shell::{Flow, Shell};
use std::io::Write;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How often the clocks are redrawn when nothing else happens.
const TICK: Duration = Duration::from_millis(100);

/// What the loop waits for.
enum Event {
    Terminal(TermEvent),
    Engine(Answer),
    InputGone,
    #[cfg(unix)]
    Signal(signals::Signal),
}

/// The terminal in full-screen mode; dropping it gives the terminal back
/// as it was (also when the program fails).
struct Screen {
    terminal: Terminal<CrosstermBackend<std::io::Stdout>>,
}

impl Screen {
    fn open() -> Result<Screen> {
        enable_raw_mode().context("cannot switch the terminal to raw mode")?;
        let mut out = std::io::stdout();
        if let Err(e) = execute!(
            out,
            EnterAlternateScreen,
            EnableMouseCapture,
            EnableBracketedPaste
        ) {
            let _ = disable_raw_mode();
            return Err(e).context("cannot open the full screen");
        }
        let terminal = Terminal::new(CrosstermBackend::new(out));
        match terminal {
            Ok(terminal) => Ok(Screen { terminal }),
            Err(e) => {
                restore();
                Err(e).context("cannot draw on the terminal")
            }
        }
    }
}

impl Screen {
    /// Gives the terminal back and stops the process (Ctrl-Z); when it is
    /// continued, takes the full screen again.
    fn suspend(&mut self) -> Result<()> {
        restore();
        let _ = self.terminal.show_cursor();
        #[cfg(unix)]
        signals::stop_self()?;
        self.resume()
    }

    /// Full screen again after a stop (also one by SIGSTOP, which cannot
    /// be caught: SIGCONT comes then): raw mode, the alternate screen and
    /// the mouse, and everything drawn anew.
    fn resume(&mut self) -> Result<()> {
        enable_raw_mode().context("cannot switch the terminal to raw mode")?;
        execute!(
            std::io::stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            EnableBracketedPaste
        )
        .context("cannot open the full screen")?;
        self.terminal.clear().context("cannot draw on the terminal")
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
        let _ = self.terminal.show_cursor();
    }
}

/// Leaves full screen, mouse capture, bracketed paste and raw mode.
fn restore() {
    let _ = execute!(
        std::io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen
    );
    let _ = disable_raw_mode();
}

/// Runs the app full screen until `quit` (or two Ctrl-C). What the app
/// said last (the goodbye and whether the game was saved) is printed on
/// the ordinary screen afterwards.
pub fn run(config: Config, storage: Storage, color: bool) -> Result<()> {
    let unicode = config.unicode;
    let (events, inbox) = mpsc::channel::<Event>();
    let engine_events = events.clone();
    let mut app = App::new(config, storage, move |answer| {
        let _ = engine_events.send(Event::Engine(answer));
    });
    let mut shell = Shell::new(color, unicode);
    let mut screen = Screen::open()?;
    #[cfg(unix)]
    {
        let signal_events = events.clone();
        signals::listen(move |signal| signal_events.send(Event::Signal(signal)).is_ok())?;
    }
    std::thread::Builder::new()
        .name("norochess-keys".to_string())
        .spawn(move || loop {
            match event::read() {
                Ok(ev) => {
                    if events.send(Event::Terminal(ev)).is_err() {
                        return;
                    }
                }
                Err(_) => {
                    let _ = events.send(Event::InputGone);
                    return;
                }
            }
        })
        .context("cannot start the input thread")?;
    app.start();
    shell.after_command(&mut app);
    let mut last_tick = Instant::now();
    loop {
        let picture = shell.picture(&app);
        let mut hits = shell.hits;
        screen
            .terminal
            .draw(|frame| hits = draw::frame(frame, &shell, &picture))
            .context("cannot draw on the terminal")?;
        shell.hits = hits;
        let flow = match inbox.recv_timeout(TICK) {
            Ok(Event::Terminal(TermEvent::Key(key)))
                if key.code == event::KeyCode::Char('z')
                    && key.modifiers.contains(event::KeyModifiers::CONTROL)
                    && key.kind != event::KeyEventKind::Release =>
            {
                screen.suspend()?;
                Flow::Go
            }
            Ok(Event::Terminal(TermEvent::Key(key))) => {
                // Slow commands (the puzzle solver) keep this thread busy:
                // say so before the app gets the key.
                if key.code == event::KeyCode::Enter
                    && shell.focus == shell::Focus::Command
                    && !shell.line.is_empty()
                {
                    shell.note = Some(working(unicode));
                    let picture = shell.picture(&app);
                    let _ = screen
                        .terminal
                        .draw(|frame| hits = draw::frame(frame, &shell, &picture));
                    shell.note = None;
                }
                shell.key(&mut app, key)
            }
            Ok(Event::Terminal(TermEvent::Mouse(mouse))) => shell.mouse(&mut app, mouse),
            Ok(Event::Terminal(TermEvent::Paste(text))) => {
                text.chars()
                    .filter(|c| !c.is_control())
                    .for_each(|c| shell.line.insert(c));
                Flow::Go
            }
            Ok(Event::Terminal(_)) => Flow::Go,
            Ok(Event::Engine(answer)) => {
                app.engine_answer(answer);
                shell.after_command(&mut app);
                Flow::Go
            }
            Ok(Event::InputGone) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                // Nobody is left to answer `quit`'s question.
                app.leave();
                shell.after_command(&mut app);
                Flow::Quit
            }
            #[cfg(unix)]
            Ok(Event::Signal(signals::Signal::Leave)) => {
                // Saved and gone whatever `quit` answers: no one may be
                // there to answer a question.
                shell.send(&mut app, "quit", false);
                Flow::Quit
            }
            #[cfg(unix)]
            Ok(Event::Signal(signals::Signal::Suspend)) => {
                screen.suspend()?;
                Flow::Go
            }
            #[cfg(unix)]
            Ok(Event::Signal(signals::Signal::Resume)) => {
                screen.resume()?;
                Flow::Go
            }
            Err(mpsc::RecvTimeoutError::Timeout) => Flow::Go,
        };
        if flow == Flow::Quit {
            break;
        }
        // Ticks also while events keep coming (mouse motion is reported
        // continuously), so flags fall and warnings come on time.
        if last_tick.elapsed() >= TICK {
            last_tick = Instant::now();
            app.tick();
            shell.collect(&mut app);
            shell.spinner = shell.spinner.wrapping_add(1);
        }
    }
    drop(screen);
    // The goodbye, on the ordinary screen where it stays. After SIGHUP the
    // terminal may be gone: the game is saved, so a failed write is not
    // an error of the program.
    if let Some(last) = shell.log.last() {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", last.text).and_then(|()| out.flush());
    }
    Ok(())
}

fn working(unicode: bool) -> String {
    if unicode {
        "Working…".to_string()
    } else {
        "Working...".to_string()
    }
}
