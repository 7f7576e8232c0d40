//! `norochess play` full screen in a real pseudo-terminal: the binary runs
//! in a detached tmux session, keys are sent with `send-keys` and the
//! screen read with `capture-pane`. It plays a move with the arrow keys
//! and Enter, types a move, resizes the window (and below 80×24), stops
//! the computer's thought with Ctrl-C and leaves with a second Ctrl-C,
//! then checks that the library kept the game.
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
        let name = format!("norochess-test-{}-{name}", std::process::id());
        let store = std::env::temp_dir().join(&name);
        let _ = std::fs::remove_dir_all(&store);
        // NO_COLOR: the marks of the board are characters the capture shows.
        // The shell stays after the program so its last words can be read.
        let command = format!(
            "NO_COLOR=1 {} play --store {} {args}; echo '[exited]'; sleep 60",
            env!("CARGO_BIN_EXE_norochess"),
            store.display()
        );
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
