//! Snapshot tests of the full-screen mode: the app is driven with the
//! commands and keys a player uses (on virtual time, with the script
//! seed, so every run is the same), drawn on ratatui's test backend, and
//! the screen's text compared with `snapshots/NAME.txt`.
//!
//! After a deliberate change of the screens, write the new snapshots with
//! `UPDATE_SNAPSHOTS=1 cargo test -p norochess-cli full::` and read the
//! diff before committing it.

use super::super::app::{App, Config, Storage};
use super::super::worker::Answer;
use super::draw;
use super::shell::{Focus, Shell};
use norochess_app::Library;
use norochess_core::puzzle::{builtin_pack, Puzzle};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::Terminal;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver};

/// An app as a script runs it (virtual time, seed 1) with a full-screen
/// shell without colours, so that every mark is a character.
struct Harness {
    app: App,
    shell: Shell,
    answers: Receiver<Answer>,
}

impl Harness {
    fn new(unicode: bool) -> Harness {
        Harness::with_pack(unicode, builtin_pack().unwrap_or_default())
    }

    /// A harness whose puzzles are `pack` instead of the built-in pack.
    fn with_pack(unicode: bool, pack: Vec<Puzzle>) -> Harness {
        let library = Library::in_memory().expect("a library in memory");
        Harness::with_library(unicode, pack, library)
    }

    /// A harness on `library` (a file another window may share).
    fn with_library(unicode: bool, pack: Vec<Puzzle>, library: Library) -> Harness {
        let config = Config {
            script: true,
            unicode,
            color: false,
            seed: Some(1),
            engine_nodes: None,
            hash_mb: 1,
            pack,
            own_puzzles: false,
            full_screen: true,
        };
        let storage = Storage {
            library,
            unavailable: None,
        };
        let (send, answers) = mpsc::channel();
        let mut app = App::new(config, storage, move |answer| {
            let _ = send.send(answer);
        });
        app.start();
        let mut shell = Shell::new(false, unicode);
        shell.after_command(&mut app);
        // The home screen's text counts the built-in pack, which grows
        // and shrinks: the snapshots keep to what each test does.
        shell.log.clear();
        Harness {
            app,
            shell,
            answers,
        }
    }

    /// Types a command line and waits for the computer, as scripts do.
    fn command(&mut self, line: &str) {
        self.shell.send(&mut self.app, line, true);
        self.settle();
    }

    fn settle(&mut self) {
        while self.app.is_thinking() {
            let Ok(answer) = self.answers.recv() else {
                break;
            };
            self.app.engine_answer(answer);
            self.shell.after_command(&mut self.app);
        }
    }

    /// Presses keys (drawing first, so the board's place is known).
    fn keys(&mut self, keys: &[KeyCode]) {
        for &code in keys {
            self.screen(80, 24);
            self.shell
                .key(&mut self.app, KeyEvent::new(code, KeyModifiers::NONE));
            self.settle();
        }
    }

    /// A mouse button event over the middle of `square` (`e2`) on an
    /// 80×24 screen.
    fn mouse(&mut self, kind: MouseEventKind, square: &str) {
        self.screen(80, 24);
        let geometry = self.shell.hits.board.expect("a board on the screen");
        let square = norochess_core::Square::parse(square, geometry.width, geometry.height)
            .expect("a square");
        let (column, line) = geometry.cell_of(square);
        let event = MouseEvent {
            kind,
            column: geometry.x + u16::from(column) * geometry.cell.0 + geometry.cell.0 / 2,
            row: geometry.y + u16::from(line) * geometry.cell.1,
            modifiers: KeyModifiers::NONE,
        };
        self.shell.mouse(&mut self.app, event);
        self.settle();
    }

    /// Everything the message log holds, one line each.
    fn log_text(&self) -> String {
        let lines: Vec<&str> = self.shell.log.iter().map(|l| l.text.as_str()).collect();
        lines.join("\n")
    }

    /// The screen at this size, as text.
    fn screen(&mut self, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
        let picture = self.shell.picture(&self.app);
        let mut hits = self.shell.hits;
        let shell = &self.shell;
        terminal
            .draw(|frame| hits = draw::frame(frame, shell, &picture))
            .expect("drawing on the test backend");
        self.shell.hits = hits;
        let buffer = terminal.backend().buffer();
        let area = buffer.area;
        let mut text = String::new();
        for y in 0..area.height {
            let mut line = String::new();
            for x in 0..area.width {
                line.push_str(buffer[(x, y)].symbol());
            }
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    }
}

/// Compares `screen` with the snapshot `name` (or writes it with
/// `UPDATE_SNAPSHOTS=1`).
fn assert_snapshot(name: &str, screen: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("src/play/full/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("snapshot folder");
        std::fs::write(&path, screen).expect("snapshot written");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == screen,
        "the screen differs from {} (UPDATE_SNAPSHOTS=1 rewrites it):\n--- expected\n{expected}\n--- got\n{screen}",
        path.display()
    );
}

#[test]
fn a_game_with_a_clock_and_a_piece_picked_up_with_the_keyboard() {
    let mut h = Harness::new(true);
    h.command("new computer norochess level 1 white clock norochess-10");
    h.command("e4");
    h.command("Bxa6");
    h.command("wait 7300");
    // The board has the keys when it appears: the cursor from e2 to the
    // knight on g1, pick it up.
    h.keys(&[
        KeyCode::Down,
        KeyCode::Right,
        KeyCode::Right,
        KeyCode::Enter,
    ]);
    assert_eq!(h.shell.focus, Focus::Board);
    assert_snapshot("game_clock_80x24", &h.screen(80, 24));
    assert_snapshot("game_clock_120x40", &h.screen(120, 40));
}

#[test]
fn a_move_played_with_the_keyboard_is_the_coordinate_move() {
    let mut h = Harness::new(true);
    h.command("new friend norochess");
    h.keys(&[KeyCode::Enter, KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    assert!(
        h.shell
            .log
            .iter()
            .any(|l| l.echo && l.text == "1. White> e2e4"),
        "{:?}",
        h.shell.log
    );
    let screen = h.screen(80, 24);
    assert!(screen.contains("1. >e4"), "{screen}");
}

#[test]
fn overtime_is_marked() {
    let mut h = Harness::new(true);
    h.command("new friend norochess fen \"r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w - - 0 50 score=20-20\" names Ann Bob");
    h.command("Kf1 Kf8");
    assert_snapshot("overtime_80x24", &h.screen(80, 24));
}

#[test]
fn a_puzzle_of_your_own() {
    let mut h = Harness::new(true);
    h.command("puzzle fen \"6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1 w - - 0 47 score=21-19\" objective win");
    assert_snapshot("puzzle_80x24", &h.screen(80, 24));
}

#[test]
fn a_puzzle_that_starts_with_the_opponents_move() {
    let puzzle = Puzzle::from_line(
        "g1|norochess|3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 29 score=10-10|d8d5|gain 9 in 1|d1d5|1000|",
        1,
    )
    .expect("the puzzle reads");
    let mut h = Harness::with_pack(true, vec![puzzle]);
    h.command("puzzle");
    assert_snapshot("puzzle_opponent_80x24", &h.screen(80, 24));
}

#[test]
fn a_result_with_the_king_in_check() {
    let mut h = Harness::new(true);
    h.command("new friend chess");
    h.command("f3 e5 g4 Qh4#");
    assert_snapshot("result_80x24", &h.screen(80, 24));
}

#[test]
fn a_ten_by_ten_board_in_ascii() {
    let mut h = Harness::new(false);
    h.command("new friend ram");
    h.command("e3 e8");
    assert_snapshot("ram_ascii_80x24", &h.screen(80, 24));
    assert_snapshot("ram_ascii_100x50", &h.screen(100, 50));
}

#[test]
fn a_small_terminal_is_told_so() {
    let mut h = Harness::new(true);
    h.command("new friend norochess");
    assert_snapshot("small_60x20", &h.screen(60, 20));
}

#[test]
fn choosing_a_move_in_the_list_reviews_that_position() {
    let mut h = Harness::new(true);
    h.command("new friend norochess");
    h.command("e4 e5 Nf3 Nc6");
    h.keys(&[KeyCode::Tab, KeyCode::Left]);
    let screen = h.screen(80, 24);
    assert!(screen.contains("Reviewing after 2. Nf3"), "{screen}");
    h.keys(&[KeyCode::Esc]);
    let screen = h.screen(80, 24);
    assert!(screen.contains("White to move"), "{screen}");
}

#[test]
fn the_mouse_plays_by_two_clicks_and_by_dragging() {
    let mut h = Harness::new(true);
    h.command("new friend norochess noflip");
    let left = MouseButton::Left;
    h.mouse(MouseEventKind::Down(left), "e2");
    h.mouse(MouseEventKind::Up(left), "e2");
    assert!(h.screen(80, 24).contains("(♙)"), "the pawn is picked up");
    h.mouse(MouseEventKind::Down(left), "e4");
    h.mouse(MouseEventKind::Up(left), "e4");
    // A drag of the g8 knight to f6.
    h.mouse(MouseEventKind::Down(left), "g8");
    h.mouse(MouseEventKind::Drag(left), "g7");
    h.mouse(MouseEventKind::Drag(left), "f6");
    h.mouse(MouseEventKind::Up(left), "f6");
    // A click on a piece picked up puts it down again.
    h.mouse(MouseEventKind::Down(left), "d2");
    h.mouse(MouseEventKind::Up(left), "d2");
    h.mouse(MouseEventKind::Down(left), "d2");
    h.mouse(MouseEventKind::Up(left), "d2");
    assert_eq!(h.shell.selected, None);
    let sent: Vec<&String> = h
        .shell
        .log
        .iter()
        .filter(|l| l.echo)
        .map(|l| &l.text)
        .collect();
    assert_eq!(
        sent[sent.len() - 2..],
        [
            &"1. White> e2e4".to_string(),
            &"1... Black> g8f6".to_string()
        ]
    );
    assert!(h.screen(80, 24).contains("1. e4       >Nf6"));
}

#[test]
fn a_promotion_on_the_board_asks_for_the_piece_on_the_command_line() {
    let mut h = Harness::new(true);
    h.command("new friend norochess noflip fen \"4k3/P7/8/8/8/8/8/4K3 w - - 0 40 score=10-10\"");
    h.mouse(MouseEventKind::Down(MouseButton::Left), "a7");
    h.mouse(MouseEventKind::Up(MouseButton::Left), "a7");
    h.mouse(MouseEventKind::Down(MouseButton::Left), "a8");
    h.mouse(MouseEventKind::Up(MouseButton::Left), "a8");
    assert_eq!(h.shell.focus, Focus::Command);
    let screen = h.screen(80, 24);
    assert!(screen.contains("Promote to: queen (q)"), "{screen}");
    assert!(screen.contains("promotion>"), "{screen}");
    h.keys(&[KeyCode::Char('n'), KeyCode::Enter]);
    let screen = h.screen(80, 24);
    assert!(screen.contains("40. >a8=N"), "{screen}");
}

#[test]
fn the_wheel_scrolls_the_move_list() {
    let mut h = Harness::new(true);
    h.command("new friend norochess noflip");
    h.command(
        "e4 e5 Nf3 Nc6 Bc4 Bc5 d3 d6 c3 Nf6 b4 Bb6 a4 a6 h3 h6 g3 g6 Nbd2 Kd7 Qe2 Qe7 a5 Ba7",
    );
    let screen = h.screen(80, 24);
    assert!(!screen.contains("   1. e4"), "{screen}");
    assert!(screen.contains("  12. a5       >Ba7"), "{screen}");
    let (rect, _) = h.shell.hits.moves.expect("a move list");
    let event = MouseEvent {
        kind: MouseEventKind::ScrollUp,
        column: rect.x + 2,
        row: rect.y + 1,
        modifiers: KeyModifiers::NONE,
    };
    h.shell.mouse(&mut h.app, event);
    let screen = h.screen(80, 24);
    assert!(screen.contains("   1. e4       e5"), "{screen}");
}

#[test]
fn legal_picks_the_piece_up_on_the_board() {
    let mut h = Harness::new(true);
    h.command("new friend norochess noflip");
    h.command("legal g1");
    let screen = h.screen(80, 24);
    assert!(screen.contains("(♘)"), "{screen}");
    assert!(
        screen.contains("The white knight on g1 can move to"),
        "{screen}"
    );
    // No second board in the messages.
    assert_eq!(screen.matches(" a  b  c  d").count(), 1, "{screen}");
}

#[test]
fn the_board_settings_apply_at_once() {
    let mut h = Harness::new(true);
    h.command("new friend norochess noflip");
    h.command("set pieces letters");
    h.command("set coordinates off");
    h.command("set legal-dots off");
    h.keys(&[KeyCode::Esc, KeyCode::Enter]);
    let screen = h.screen(80, 24);
    assert!(screen.contains("  P  P  P  P (P) P  P  P"), "{screen}");
    assert!(!screen.contains(" a  b  c"), "{screen}");
    assert!(!screen.contains('•'), "{screen}");
}

#[test]
fn a_tall_narrow_terminal_gets_the_narrow_layout_and_wide_characters_wrap_by_width() {
    let mut h = Harness::new(true);
    h.command("new friend norochess");
    h.command("e4");
    // Emoji and fullwidth letters take two columns each: the message
    // wraps by columns and loses no letter.
    h.command("😀😀😀😀 Ｔｙｐｅ");
    for (name, width, height) in [
        ("wide_narrow_60x40", 60, 40),
        ("wide_80x24", 80, 24),
        ("wide_120x40", 120, 40),
    ] {
        let screen = h.screen(width, height);
        assert!(!screen.contains("The terminal is"), "{name}:\n{screen}");
        assert!(screen.contains("1... Black>"), "{name}:\n{screen}");
        // "Ty" was all that was left of "Type" before.
        assert!(screen.contains("Type `help`"), "{name}:\n{screen}");
        assert!(screen.contains("Cannot"), "{name}:\n{screen}");
        assert_snapshot(name, &screen);
    }
    // Below 24 lines: still refused.
    assert!(h.screen(60, 23).contains("The terminal is 60×23"));
}

#[test]
fn the_key_help_of_a_replay_names_only_keys_that_work_there() {
    let mut h = Harness::new(true);
    h.command("new friend norochess");
    h.command("e4 e5");
    let screen = h.screen(80, 24);
    assert!(screen.contains("pick up and play"), "{screen}");
    h.command("games 1");
    h.shell.focus = Focus::Board;
    let screen = h.screen(80, 24);
    assert!(!screen.contains("pick up"), "{screen}");
    assert!(!screen.contains("click or drag"), "{screen}");
    assert!(
        screen.contains("Tab: the moves (←→ step through them)"),
        "{screen}"
    );
}

#[test]
fn the_home_screens_text_leaves_the_messages_when_a_game_starts() {
    let mut h = Harness::new(true);
    h.command("home");
    assert!(h.screen(80, 24).contains("play in the terminal"));
    h.command("new friend norochess");
    let screen = h.screen(80, 24);
    assert!(!screen.contains("play in the terminal"), "{screen}");
    assert!(!screen.contains("play the computer:"), "{screen}");
    // The commands typed stay.
    assert!(
        screen.contains("norochess> new friend norochess"),
        "{screen}"
    );
}

/// Issue 28, 1 in full screen: after another window moved the same game,
/// the screen is marked NOT SAVED until a save, and `quit` asks before the
/// screen closes.
#[test]
fn a_stale_copy_is_marked_and_quit_asks_before_the_screen_closes() {
    let folder = std::env::temp_dir().join(format!("norochess-full-stale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let library = Library::open(&folder).expect("the library opens");
    let mut h = Harness::with_library(true, Vec::new(), library);
    h.command("new friend");
    h.command("e4");
    // The other window plays Black's answer in the same game.
    let mut other = Library::open(&folder).expect("a second window opens");
    let mut session = other.current(0).expect("readable").expect("a game");
    session.play_text("e5", 0).expect("a legal move");
    other.save(&mut session, 0).expect("saved");
    h.command("c5");
    let screen = h.screen(100, 30);
    assert!(screen.contains("NOT SAVED"), "{screen}");
    h.command("quit");
    assert!(!h.app.wants_quit(), "quit asks first");
    let log: Vec<&str> = h.shell.log.iter().map(|l| l.text.as_str()).collect();
    assert!(
        log.iter().any(|l| l.contains("Your game is NOT saved")),
        "{log:#?}"
    );
    h.command("stay");
    assert!(!h.app.wants_quit());
    h.command("save");
    let screen = h.screen(100, 30);
    assert!(!screen.contains("NOT SAVED"), "{screen}");
    h.command("quit");
    assert!(h.app.wants_quit());
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn the_statistics_fill_the_messages_at_home() {
    let pack: Vec<Puzzle> = [
        "np1001|norochess|r1b4r/1p1pn3/pQ1k4/P1p3K1/2P1P1R1/1Pq5/R7/8 w - - 1 38 score=10-16|a2e2|gain 3 in 2|d6c6 g4g3 c3g3|1580|",
        "np1002|norochess|r7/pQ3b2/7p/1B3p1p/PP6/8/1b1N1P2/1R2K3 b - - 2 33 score=26-16|f7d5|gain 3 in 1|b7d5|720|",
        "np1003|norochess|r7/4n2p/5p2/p1q5/5p2/6P1/2qrP1bP/RR6 w - - 2 48 score=19-28|g3f4|win-by 13|c2b1|690|",
    ]
    .iter()
    .zip(1..)
    .map(|(line, number)| Puzzle::from_line(line, number).expect("the puzzle reads"))
    .collect();
    let mut h = Harness::with_pack(true, pack);
    h.command("new friend norochess names Ann Bob");
    h.command("e4 e5");
    h.command("Nf3");
    h.command("resign yes");
    for line in ["puzzle", "d6c6", "c3g3", "next", "b7d5", "next", "solution"] {
        h.command(line);
    }
    h.command("home");
    h.command("stats");
    let screen = h.screen(80, 24);
    assert!(screen.contains("Norochess · pass and play"), "{screen}");
    assert!(screen.contains("History of the last 3 puzzles"), "{screen}");
    assert_snapshot("stats_80x24", &screen);
}

/// A friend game with a planted blunder (5...Qxg2), reviewed with the
/// quick budget: the board at the move shown, the graph with its marks,
/// both sides and the move's review beside it.
#[test]
fn the_review_screen_shows_the_graph_and_the_move_under_review() {
    let mut h = Harness::new(true);
    h.command("new friend norochess");
    h.command("e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2");
    h.command("review quick");
    // The summary is news: it goes to the messages.
    let log = h.log_text();
    assert!(log.contains("B 5…Qxg2?? Blunder"), "{log}");
    assert!(log.contains("Moments that decided the game"), "{log}");
    h.command("goto 5...");
    let screen = h.screen(80, 24);
    assert!(screen.contains("Review of game 1"), "{screen}");
    assert!(screen.contains("5…Qxg2?? Blunder"), "{screen}");
    assert_snapshot("review_80x24", &screen);
    // A click on the graph shows the position of its column (the
    // terminal's tap): the eighth column is the position after 4.Nxe5.
    let graph = h.shell.hits.graph.expect("the graph on the screen");
    assert_eq!(graph.width, 11);
    let event = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: graph.x + 7,
        row: graph.y,
        modifiers: KeyModifiers::NONE,
    };
    h.shell.mouse(&mut h.app, event);
    let screen = h.screen(80, 24);
    assert!(screen.contains("4.Nxe5"), "{screen}");
    assert!(screen.contains("4. >Nxe5"), "{screen}");
    h.command("goto 5...");
    // The move list steps through the review like a replay.
    h.keys(&[KeyCode::Tab, KeyCode::Left]);
    let screen = h.screen(80, 24);
    assert!(screen.contains("5.Nxf7 Good move"), "{screen}");
    assert!(screen.contains("5. >Nxf7"), "{screen}");
}

#[test]
fn a_review_pauses_with_stop_and_resumes_where_it_was() {
    let mut h = Harness::new(true);
    h.command("new friend norochess");
    h.command("e4 e5 Nf3 Nc6");
    h.shell.send(&mut h.app, "review quick", true);
    // Two positions evaluated, the third on the engine thread: `stop`
    // (what Ctrl-C sends) cuts it short and nothing of it is kept.
    for _ in 0..2 {
        let answer = h.answers.recv().expect("an answer");
        h.app.engine_answer(answer);
        h.shell.after_command(&mut h.app);
    }
    assert!(h.app.is_thinking());
    h.shell.send(&mut h.app, "stop", true);
    h.settle();
    let log = h.log_text();
    assert!(
        log.contains("Review paused (Analysing: 2 of 5 positions); `review` resumes it."),
        "{log}"
    );
    h.command("home");
    h.command("review 1 quick");
    let log = h.log_text();
    assert!(
        log.contains("Reviewing game 1, quick (blunders and missed captures, fastest): Analysing: 2 of 5 positions."),
        "{log}"
    );
    assert!(
        log.contains("Review complete; it is kept with the game."),
        "{log}"
    );
}

/// The analysis board near the end: the engine's lines in points with
/// their depth, the exact solver's result, a variation.
#[test]
fn the_analysis_screen_shows_lines_depth_and_the_exact_result() {
    let mut h = Harness::new(true);
    h.command("edit fen \"7k/pppppppp/8/3n4/8/8/8/3Q3K w - - 0 48 score=28-30\"");
    let editor = h.screen(80, 24);
    assert!(editor.contains("This position can be played"), "{editor}");
    assert_snapshot("editor_80x24", &editor);
    h.command("analyse");
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Lines for White (to move), in points:"),
        "{screen}"
    );
    assert!(screen.contains("Exact: White wins by 1"), "{screen}");
    assert_snapshot("analysis_80x24", &screen);
    // A move on the board is a variation: the board takes it.
    h.mouse(MouseEventKind::Down(MouseButton::Left), "d1");
    h.mouse(MouseEventKind::Up(MouseButton::Left), "d1");
    h.mouse(MouseEventKind::Down(MouseButton::Left), "d5");
    h.mouse(MouseEventKind::Up(MouseButton::Left), "d5");
    let screen = h.screen(80, 24);
    assert!(screen.contains("Variation: Qxd5"), "{screen}");
}

#[test]
fn the_editor_marks_the_squares_of_its_problems_on_the_board() {
    let mut h = Harness::new(true);
    h.command("edit empty");
    h.command("put Kh1 ke8 Pa8");
    let screen = h.screen(80, 24);
    assert!(screen.contains("*♙*"), "{screen}");
    assert!(
        screen.contains("The white pawn on a8 cannot stand there"),
        "{screen}"
    );
    h.command("play");
    assert!(
        h.log_text()
            .contains("This position cannot be played: the white pawn on a8"),
        "{}",
        h.log_text()
    );
}

#[test]
fn practice_mode_marks_the_moves_in_the_list_and_says_the_last_one() {
    let mut h = Harness::new(true);
    h.command("set practice on");
    h.command("new computer norochess level 1 white seed 3");
    h.command("e4");
    h.command("Qh5");
    let screen = h.screen(80, 24);
    // 2.Qh5 lets 2...dxe4 take a pawn: an inaccuracy (2.4 points lost) by
    // the search that razors, a mistake by the one before; either way the
    // move list carries the mark and the status line names it.
    assert!(screen.contains("Qh5?! "), "{screen}");
    assert!(screen.contains("Practice: Inaccuracy"), "{screen}");
}
