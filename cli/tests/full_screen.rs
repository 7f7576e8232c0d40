//! `norochess play` full screen in a real pseudo-terminal: the binary runs
//! in a detached tmux session, keys are sent with `send-keys` and the
//! screen read with `capture-pane`. It plays a move with the arrow keys
//! and Enter, types a move, resizes the window (and below 80×24), stops
//! the computer's thought with Ctrl-C and leaves with a second Ctrl-C,
//! then checks that the library kept the game. SIGTERM and SIGHUP leave
//! with the game saved and the terminal's modes given back; Ctrl-Z
//! suspends with the terminal given back and `fg` draws the screen again.
//!
//! tmux is needed (`scripts/install-tools.sh` installs it); without it the
//! test says so and passes without running.

use norochess_app::Library;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux session with the program, killed at the end.
struct Tmux {
    name: String,
    store: PathBuf,
}

impl Tmux {
    fn start(name: &str, width: u16, height: u16, args: &str) -> Tmux {
        Tmux::start_after(name, width, height, args, "")
    }

    /// [`Tmux::start`], with `after` run by the shell once the program
    /// has ended (before it waits).
    fn start_after(name: &str, width: u16, height: u16, args: &str, after: &str) -> Tmux {
        let name = format!("norochess-test-{}-{name}", std::process::id());
        let store = std::env::temp_dir().join(&name);
        let _ = std::fs::remove_dir_all(&store);
        // NO_COLOR: the marks of the board are characters the capture shows.
        // The shell stays after the program so its last words can be read.
        let command = format!(
            "NO_COLOR=1 {} play --store {} {args}; echo '[exited]'; {after} sleep 60",
            env!("CARGO_BIN_EXE_norochess"),
            store.display()
        );
        Tmux::session(name, store, width, height, &command)
    }

    /// An interactive shell with job control (for Ctrl-Z and `fg`); the
    /// program is started by typing [`Tmux::program`] into it.
    fn shell(name: &str, width: u16, height: u16) -> Tmux {
        let name = format!("norochess-test-{}-{name}", std::process::id());
        let store = std::env::temp_dir().join(&name);
        let _ = std::fs::remove_dir_all(&store);
        Tmux::session(name, store, width, height, "bash --norc --noprofile -i")
    }

    /// The command line that starts the program on this session's library.
    fn program(&self) -> String {
        format!(
            "NO_COLOR=1 {} play --store {}",
            env!("CARGO_BIN_EXE_norochess"),
            self.store.display()
        )
    }

    fn session(name: String, store: PathBuf, width: u16, height: u16, command: &str) -> Tmux {
        let status = Command::new("tmux")
            .args(["new-session", "-d", "-s", &name, "-x"])
            .arg(width.to_string())
            .arg("-y")
            .arg(height.to_string())
            .arg(command)
            .status()
            .expect("tmux runs");
        assert!(status.success(), "tmux new-session failed");
        Tmux { name, store }
    }

    fn keys(&self, keys: &[&str]) {
        let status = Command::new("tmux")
            .args(["send-keys", "-t", &self.name])
            .args(keys)
            .status()
            .expect("tmux send-keys");
        assert!(status.success());
    }

    /// Typed text, sent literally.
    fn text(&self, text: &str) {
        let status = Command::new("tmux")
            .args(["send-keys", "-l", "-t", &self.name, text])
            .status()
            .expect("tmux send-keys");
        assert!(status.success());
    }

    fn resize(&self, width: u16, height: u16) {
        let status = Command::new("tmux")
            .args(["resize-window", "-t", &self.name, "-x"])
            .arg(width.to_string())
            .arg("-y")
            .arg(height.to_string())
            .status()
            .expect("tmux resize-window");
        assert!(status.success());
    }

    /// The terminal's modes tmux keeps for the pane: the alternate screen
    /// and the four mouse reporting modes, as `0`/`1` each.
    fn modes(&self) -> String {
        let output = Command::new("tmux")
            .args(["display-message", "-p", "-t", &self.name])
            .arg("alternate #{alternate_on} mouse #{mouse_standard_flag}#{mouse_button_flag}#{mouse_any_flag}#{mouse_sgr_flag}")
            .output()
            .expect("tmux display-message");
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    }

    /// The process id of the program: the child of the pane's shell.
    fn program_pid(&self) -> String {
        let output = Command::new("tmux")
            .args(["display-message", "-p", "-t", &self.name, "#{pane_pid}"])
            .output()
            .expect("tmux display-message");
        let shell = String::from_utf8_lossy(&output.stdout).trim().to_string();
        let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children"))
            .expect("the shell's children are listed");
        children
            .split_whitespace()
            .next()
            .expect("the program runs under the shell")
            .to_string()
    }

    fn screen(&self) -> String {
        let output = Command::new("tmux")
            .args(["capture-pane", "-p", "-t", &self.name])
            .output()
            .expect("tmux capture-pane");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Waits (up to 20 s) for the screen to satisfy `ready`.
    fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited 20 s for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.name])
            .status();
        let _ = std::fs::remove_dir_all(&self.store);
    }
}

fn tmux_available() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn keyboard_and_typed_moves_a_resize_and_ctrl_c_in_a_real_terminal() {
    if !tmux_available() {
        eprintln!("SKIPPED: tmux is not installed (scripts/install-tools.sh installs it); the full-screen pty test did not run");
        return;
    }
    // Level 8 with a node budget it never reaches: it thinks until stopped.
    let tmux = Tmux::start("play", 100, 30, "--seed 1 --engine-nodes 100000000000");
    tmux.wait_for("the home screen", |s| s.contains("norochess>"));
    tmux.text("new computer norochess level 8 white");
    tmux.keys(&["Enter"]);
    let board = tmux.wait_for("the board", |s| s.contains("1. White>"));
    assert!(board.contains("White 0 – 0 Black"), "{board}");
    assert!(board.contains("♖"), "{board}");

    // Keyboard: the board has the keys when it appears; pick up the e2
    // pawn under the cursor, up two squares, play.
    tmux.keys(&["Enter"]);
    tmux.wait_for("the pawn picked up", |s| {
        s.contains(">♙<") || s.contains("(♙)")
    });
    tmux.keys(&["Up", "Up", "Enter"]);
    // The spinner may be drawn a frame before the message log: wait for
    // all three, not the first.
    tmux.wait_for("the computer thinking after 1. e4", |s| {
        s.contains("thinking…") && s.contains("1. White> e2e4") && s.contains("You play 1. e4.")
    });

    // Ctrl-C stops the thought: the computer moves at once.
    tmux.keys(&["C-c"]);
    let stopped = tmux.wait_for("the computer's move", |s| {
        s.contains("Computer plays 1...")
            && s.contains("Ctrl-C again leaves")
            && s.contains("Stopping the computer's search")
    });
    assert!(stopped.contains("Ctrl-C again leaves"), "{stopped}");
    assert!(
        stopped.contains("Stopping the computer's search"),
        "{stopped}"
    );

    // A typed move.
    tmux.text("d4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the typed move", |s| s.contains("You play 2. d4."));
    tmux.keys(&["C-c"]);
    tmux.wait_for("the second computer move", |s| {
        s.contains("Computer plays 2...")
    });

    // Resizes: the smallest size still has everything, smaller ones say so.
    tmux.resize(80, 24);
    let small = tmux.wait_for("the 80×24 layout", |s| {
        s.lines().count() <= 24 && s.contains("Moves") && s.contains("3. White>")
    });
    assert!(small.contains("2. d4"), "{small}");
    tmux.resize(60, 20);
    tmux.wait_for("the too-small message", |s| {
        s.contains("The terminal is 60×20: Norochess needs at least 80×24")
    });
    tmux.resize(120, 40);
    tmux.wait_for("the large layout", |s| {
        s.contains("Moves") && s.contains("3. White>")
    });

    // The Ctrl-C that stopped the computer's second move is still the
    // last key: a second one leaves, with the game saved.
    tmux.keys(&["C-c"]);
    let end = tmux.wait_for("the program to end", |s| s.contains("[exited]"));
    assert!(
        end.contains("Goodbye. Your game and progress are saved."),
        "{end}"
    );
    let library = Library::open(&tmux.store).expect("the library opens");
    let game = library
        .current(0)
        .expect("the library reads")
        .expect("the unfinished game is kept");
    assert_eq!(game.game().plies().len(), 4);
}

/// A friend game with 1. e4 played, as far as the library is concerned.
fn start_a_game(tmux: &Tmux) {
    tmux.wait_for("the home screen", |s| s.contains("norochess>"));
    tmux.text("new friend");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the board", |s| s.contains("1. White>"));
    tmux.text("e4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Black to move", |s| s.contains("1... Black>"));
}

/// The alternate screen and some mouse reporting are on (tmux keeps the
/// last mouse mode set, crossterm sets several).
fn assert_full_screen_modes(tmux: &Tmux) {
    let modes = tmux.modes();
    assert!(
        modes.starts_with("alternate 1 mouse ") && !modes.ends_with("0000"),
        "{modes}"
    );
}

#[test]
fn sigterm_and_sighup_save_the_game_and_give_the_terminal_back() {
    if !tmux_available() {
        eprintln!("SKIPPED: tmux is not installed (scripts/install-tools.sh installs it); the signal test did not run");
        return;
    }
    for signal in ["TERM", "HUP"] {
        // `stty -a` after the program shows whether raw mode was left.
        let tmux = Tmux::start_after(&signal.to_lowercase(), 100, 40, "", "stty -a;");
        start_a_game(&tmux);
        assert_full_screen_modes(&tmux);
        let status = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(tmux.program_pid())
            .status()
            .expect("kill runs");
        assert!(status.success());
        let end = tmux.wait_for("the program to end", |s| s.contains("[exited]"));
        assert!(
            end.contains("Goodbye. Your game and progress are saved."),
            "SIG{signal}:\n{end}"
        );
        assert_eq!(tmux.modes(), "alternate 0 mouse 0000", "SIG{signal}");
        let settings = tmux.wait_for("stty's answer", |s| s.contains("icanon"));
        // Raw mode clears these three (stty shows `-icanon` then).
        let flags: Vec<&str> = settings.split_whitespace().collect();
        for cooked in ["icanon", "echo", "isig"] {
            assert!(
                flags.contains(&cooked),
                "SIG{signal}: no `{cooked}`:\n{settings}"
            );
        }
        let library = Library::open(&tmux.store).expect("the library opens");
        let game = library
            .current(0)
            .expect("the library reads")
            .expect("the unfinished game is kept");
        assert_eq!(game.game().plies().len(), 1, "SIG{signal}");
    }
}

#[test]
fn ctrl_z_suspends_with_the_terminal_given_back_and_fg_draws_the_screen_again() {
    if !tmux_available() {
        eprintln!("SKIPPED: tmux is not installed (scripts/install-tools.sh installs it); the suspend test did not run");
        return;
    }
    let tmux = Tmux::shell("suspend", 100, 40);
    tmux.wait_for("the shell's prompt", |s| s.contains("bash-"));
    tmux.text(&tmux.program());
    tmux.keys(&["Enter"]);
    start_a_game(&tmux);
    tmux.keys(&["C-z"]);
    let stopped = tmux.wait_for("the shell's job control", |s| s.contains("Stopped"));
    assert!(!stopped.contains("1... Black>"), "{stopped}");
    assert_eq!(tmux.modes(), "alternate 0 mouse 0000");
    tmux.text("fg");
    tmux.keys(&["Enter"]);
    let again = tmux.wait_for("the screen drawn again", |s| {
        s.contains("1... Black>") && s.contains("Moves")
    });
    assert!(again.contains("e4"), "{again}");
    assert_full_screen_modes(&tmux);
    tmux.text("quit");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the goodbye", |s| {
        s.contains("Goodbye. Your game and progress are saved.")
    });
}

#[test]
fn a_pasted_page_is_one_paste_echoed_shortened() {
    if !tmux_available() {
        eprintln!("SKIPPED: tmux is not installed (scripts/install-tools.sh installs it); the paste test did not run");
        return;
    }
    let tmux = Tmux::start("paste", 100, 30, "");
    tmux.wait_for("the home screen", |s| s.contains("norochess>"));
    let long = "a".repeat(5000);
    let status = Command::new("tmux")
        .args(["set-buffer", "-b", &tmux.name, &long])
        .status()
        .expect("tmux set-buffer");
    assert!(status.success());
    // `-p`: as a terminal pastes, in bracketed-paste brackets when the
    // program asked for them.
    let started = Instant::now();
    let status = Command::new("tmux")
        .args([
            "paste-buffer",
            "-p",
            "-d",
            "-b",
            &tmux.name,
            "-t",
            &tmux.name,
        ])
        .status()
        .expect("tmux paste-buffer");
    assert!(status.success());
    tmux.keys(&["Enter"]);
    let answer = tmux.wait_for("the answer to the long line", |s| {
        s.contains("That line is 5000 characters long")
    });
    let took = started.elapsed();
    assert!(
        answer.contains(&format!("norochess> {}… (5000 characters)", "a".repeat(60))),
        "{answer}"
    );
    // One paste is one event and one drawing; key by key it took over a
    // minute here. The bound leaves room for a busy machine.
    assert!(took < Duration::from_secs(10), "the paste took {took:?}");
}
