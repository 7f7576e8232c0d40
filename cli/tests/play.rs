//! `norochess play` driven by scripts: the same commands a player types,
//! the same screens printed as plain text, a library in a temporary
//! directory.

use norochess_app::session::random_start;
use norochess_app::{GameFilter, Library, PuzzleAttempt};
use norochess_core::puzzle::builtin_pack;
use norochess_core::{AnyPosition, Color, Game, Objective, SolveLimits, Solver, Variant};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A library folder removed at the end of the test.
struct TempStore(PathBuf);

impl TempStore {
    fn new(name: &str) -> TempStore {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!(
            "norochess-play-test-{}-{name}-{n}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        TempStore(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    /// The library the program kept there.
    fn library(&self) -> Library {
        Library::open(&self.0).expect("the library opens")
    }
}

impl Drop for TempStore {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `norochess play --store STORE <extra> --script -` with `script` on
/// standard input; returns standard output.
fn play_with(store: &TempStore, extra: &[&str], script: &str) -> String {
    play_bytes(store, extra, script.as_bytes())
}

/// [`play_with`] with any bytes as input.
fn play_bytes(store: &TempStore, extra: &[&str], script: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_norochess"))
        .arg("play")
        .arg("--store")
        .arg(store.path())
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the norochess binary starts");
    child.stdin.take().unwrap().write_all(script).unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "exit {:?}\nstderr: {}\nstdout: {stdout}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn play(store: &TempStore, script: &str) -> String {
    play_with(store, &["--script", "-"], script)
}

/// The output after the last echo of `command` at a prompt.
fn after<'a>(output: &'a str, command: &str) -> &'a str {
    let marker = format!("> {command}\n");
    let start = output
        .rfind(&marker)
        .unwrap_or_else(|| panic!("`{command}` not in the output:\n{output}"));
    &output[start + marker.len()..]
}

/// Whether a line is a prompt with the command echoed after it.
fn is_prompt(line: &str) -> bool {
    let Some((place, _)) = line.split_once("> ") else {
        return false;
    };
    if matches!(
        place,
        "norochess"
            | "game over"
            | "puzzle"
            | "review"
            | "game review"
            | "analysis"
            | "editor"
            | "promotion"
            | "confirm"
            | "quit"
    ) {
        return true;
    }
    let place = place.trim_end_matches(" (thinking)");
    let Some((number, side)) = place.split_once(' ') else {
        return false;
    };
    matches!(side, "White" | "Black")
        && number
            .trim_end_matches('.')
            .bytes()
            .all(|b| b.is_ascii_digit())
        && number.ends_with('.')
}

/// The output of `command` only (up to the next prompt).
fn answer_to<'a>(output: &'a str, command: &str) -> &'a str {
    up_to_prompt(after(output, command))
}

/// The output of the first `command` only, where it is typed more than once.
fn first_answer_to<'a>(output: &'a str, command: &str) -> &'a str {
    let marker = format!("> {command}\n");
    let start = output
        .find(&marker)
        .unwrap_or_else(|| panic!("`{command}` not in the output:\n{output}"));
    up_to_prompt(&output[start + marker.len()..])
}

/// `rest` up to the next prompt.
fn up_to_prompt(rest: &str) -> &str {
    let mut end = 0;
    for line in rest.split_inclusive('\n') {
        if is_prompt(line) {
            break;
        }
        end += line.len();
    }
    &rest[..end]
}

const NEAR_THE_END: &str = "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w - - 0 47 score=20-19";

#[test]
fn a_pass_and_play_game_near_move_48_ends_on_the_move_limit() {
    let store = TempStore::new("friend");
    let output = play(
        &store,
        &format!(
            "new friend norochess fen \"{NEAR_THE_END}\" names Ann Bob\n\
             Ra1-d1\nRd8\nRxd8\nKxd8\nmoves\ngames\n"
        ),
    );
    let first = answer_to(&output, "new friend norochess fen \"r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w - - 0 47 score=20-19\" names Ann Bob");
    assert!(first.contains("White: Ann · Black: Bob"), "{first}");
    assert!(
        first.contains("White 20 – 19 Black      Move 47 / 48  (2 moves left)"),
        "{first}"
    );
    assert!(first.contains("White to move (Ann)"), "{first}");
    // Coordinates on the edge.
    assert!(first.contains("      a  b  c  d  e  f  g  h\n"), "{first}");
    assert!(
        first.contains("   8  ♜  ·  ·  ·  ♚  ·  ·  ♜  8\n"),
        "{first}"
    );
    let black_move = answer_to(&output, "Ra1-d1");
    // Pass and play turns the board to the side to move; the last move is marked.
    assert!(
        black_move.contains("      h  g  f  e  d  c  b  a\n"),
        "{black_move}"
    );
    assert!(
        black_move.contains("   1  ♖  ·  ·  ♔ [♖] ·  · [·] 1\n"),
        "{black_move}"
    );
    assert!(black_move.contains("Black to move (Bob)"), "{black_move}");
    let last_regular = answer_to(&output, "Rd8");
    assert!(
        last_regular.contains("Move 48 / 48  (last regular move)"),
        "{last_regular}"
    );
    let capture = answer_to(&output, "Rxd8");
    assert!(capture.contains("White 25 – 19 Black"), "{capture}");
    assert!(
        capture.contains("Captured by White: ♜  (5 points)"),
        "{capture}"
    );
    let end = answer_to(&output, "Kxd8");
    assert!(
        end.contains("White 25 – 24 Black      Move 48 / 48 (final)"),
        "{end}"
    );
    assert!(
        end.contains("■ White wins 25–24 — higher score after move 48"),
        "{end}"
    );
    assert!(end.contains("`rematch`"), "{end}");
    let moves = answer_to(&output, "moves");
    assert!(moves.contains("47.  Rd1       Rd8"), "{moves}");
    assert!(moves.contains("48.  Rxd8      Kxd8"), "{moves}");
    let games = answer_to(&output, "games");
    assert!(
        games.contains("Norochess · Ann vs Bob · White wins 25–24 (move limit)"),
        "{games}"
    );
    // The finished game is in the games list; nothing is left to continue.
    assert_eq!(store.library().current_id().unwrap(), None);
    assert_eq!(store.library().game_count().unwrap(), 1);
    let again = play(&store, "continue\n");
    assert!(after(&again, "continue").contains("There is no unfinished game"));
}

#[test]
fn when_black_wins_the_winners_score_comes_first() {
    let store = TempStore::new("black-wins");
    let fen = "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w - - 0 48 score=38-39";
    let output = play(
        &store,
        &format!("new friend norochess fen \"{fen}\" names Ann Bob\nKf1\nKf8\ngames\n"),
    );
    let end = answer_to(&output, "Kf8");
    assert!(
        end.contains("■ Black wins 39–38 — higher score after move 48"),
        "{end}"
    );
    let games = answer_to(&output, "games");
    assert!(
        games.contains("Norochess · Ann vs Bob · Black wins 39–38 (move limit)"),
        "{games}"
    );
}

#[test]
fn equal_scores_after_move_48_go_to_overtime() {
    let store = TempStore::new("overtime");
    let fen = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 48 score=20-20";
    let output = play(
        &store,
        &format!("new friend noflip fen \"{fen}\"\nKf1 Kf8\nRxa8+\nKe7\n"),
    );
    let overtime = answer_to(&output, "Kf1 Kf8");
    assert!(
        overtime.contains("White 20 – 20 Black      ▶ Overtime 49 / 60 ◀"),
        "{overtime}"
    );
    // White's capture alone does not end the game: Black moves last.
    let capture = answer_to(&output, "Rxa8+");
    assert!(
        capture.contains("White 25 – 20 Black      ▶ Overtime 49 / 60 ◀"),
        "{capture}"
    );
    assert!(capture.contains("Black to move"), "{capture}");
    let end = answer_to(&output, "Ke7");
    assert!(
        end.contains("White 25 – 20 Black      Overtime 49 / 60 (final)"),
        "{end}"
    );
    assert!(
        end.contains("■ White wins 25–20 — higher score after move 49"),
        "{end}"
    );
}

/// A legal move picked by a fixed rule, so the game is the same every time.
fn pick(game: &Game, ply: usize) -> String {
    let position = *game.position();
    let mut moves: Vec<String> = position
        .legal_moves()
        .into_iter()
        .map(|m| position.to_san(m))
        .collect();
    moves.sort();
    // Prefer captures now and then, so the scores move.
    let captures: Vec<&String> = moves.iter().filter(|m| m.contains('x')).collect();
    if ply % 3 == 0 && !captures.is_empty() {
        return captures[ply % captures.len()].clone();
    }
    moves[(ply * 7 + 3) % moves.len()].clone()
}

#[test]
fn a_whole_game_from_the_start_played_by_script_moves() {
    let mut game = Game::new(Variant::Norochess, None).unwrap();
    let mut moves = Vec::new();
    while !game.is_over() {
        let san = pick(&game, moves.len());
        let m = game.position().parse_move(&san).unwrap();
        game.play(m).unwrap();
        moves.push(san);
    }
    let outcome = game.outcome().unwrap();
    let (white, black) = outcome.scores.unwrap();
    let store = TempStore::new("whole");
    // White's and Black's moves one line each, as two players would type them.
    let mut script = String::from("new friend noflip\n");
    for m in &moves {
        script.push_str(m);
        script.push('\n');
    }
    script.push_str("export\n");
    let output = play(&store, &script);
    assert!(!output.contains("not a legal move"), "{output}");
    let end = answer_to(&output, moves.last().unwrap());
    // The winner's score comes first.
    let (who, first, second) = match outcome.winner {
        Some(Color::Black) => ("Black wins".to_string(), black, white),
        Some(color) => (format!("{color} wins"), white, black),
        None => ("Draw".to_string(), white, black),
    };
    assert!(
        end.contains(&format!("■ {who} {first}–{second} — ")),
        "expected {outcome}:\n{end}"
    );
    // The exported record replays to the same result.
    let record = answer_to(&output, "export");
    let replayed = Game::from_pgn(record, None).unwrap();
    assert_eq!(replayed.outcome(), Some(outcome));
    assert_eq!(replayed.plies().len(), moves.len());
}

#[test]
fn a_repetition_ends_a_short_game_from_the_start() {
    let store = TempStore::new("repetition");
    // The move that loses is asked about first (`yes` plays it).
    let output = play(
        &store,
        "new friend\nNf3 Nf6 Ng1 Ng8\nNf3 Nf6 Ng1\nNg8\nyes\n",
    );
    let end = answer_to(&output, "yes");
    assert!(
        end.contains("■ White wins 0–0 — Black repeated the position a third time"),
        "{end}"
    );
}

#[test]
fn against_the_computer_with_a_seed_is_reproducible_and_takes_back_two_moves() {
    let script = "new computer norochess level 1 white seed 7\ne4\nd4\nundo\nmoves\nhint\nNf3\n";
    let first_store = TempStore::new("computer-a");
    let first = play(&first_store, script);
    let second_store = TempStore::new("computer-b");
    let second = play(&second_store, script);
    assert_eq!(first, second, "the same seed gives the same game");
    assert!(
        first.contains("White: You · Black: Computer (level 1)"),
        "{first}"
    );
    let reply = answer_to(&first, "e4");
    assert!(reply.contains("You play 1. e4."), "{reply}");
    assert!(reply.contains("Computer plays 1... "), "{reply}");
    assert!(reply.contains("White to move — your move"), "{reply}");
    let undo = answer_to(&first, "undo");
    assert!(undo.starts_with("Took back 2 moves."), "{undo}");
    assert!(undo.contains("Move 2 / 48"), "{undo}");
    let moves = answer_to(&first, "moves");
    assert_eq!(moves.lines().count(), 1, "{moves}");
    assert!(moves.trim_start().starts_with("1.  e4"), "{moves}");
    let hint = answer_to(&first, "hint");
    assert!(hint.contains("Hint: "), "{hint}");
    assert!(hint.contains("expected result"), "{hint}");
    assert!(hint.contains("points for White"), "{hint}");
    // Playing Black: the computer opens.
    let black_store = TempStore::new("computer-black");
    let output = play(&black_store, "new computer level 2 black seed 3\n");
    assert!(output.contains("Computer plays 1. "), "{output}");
    assert!(output.contains("Black to move — your move"), "{output}");
}

#[test]
fn full_strength_is_node_limited_and_reproducible_in_scripts() {
    let script = "new computer level 8 white\ne4\nd4\n";
    let a = TempStore::new("level8-a");
    let b = TempStore::new("level8-b");
    assert_eq!(play(&a, script), play(&b, script));
}

#[test]
fn the_promotion_picker_offers_only_what_the_rules_allow() {
    let store = TempStore::new("promotion");
    // Ram chess: White lacks a bishop and a knight, so only they can come back.
    let output = play(
        &store,
        "new friend ram noflip fen \"5k4/P9/10/10/10/10/10/10/10/1RN1QKB1R1 w - - 0 30\"\n\
         a10\nq\na10\nn\n",
    );
    assert!(
        output.contains("promotion> q\nNo promotion chosen; the move was not played."),
        "{output}"
    );
    let picked = answer_to(&output, "n");
    assert!(picked.contains("Moves: 30. a10=N"), "{picked}");
    assert!(
        picked.contains("  10 [♘] ·  ·  ·  ·  ♚  ·  ·  ·  ·  10\n"),
        "{picked}"
    );
    assert!(
        answer_to(&output, "a10").starts_with("Promote to: bishop (b), knight (n)?"),
        "{output}"
    );
}

#[test]
fn a_ram_game_with_a_ram() {
    let store = TempStore::new("ram");
    let output = play(
        &store,
        "new friend ram noflip\ne4\ne3\ne7\ne5\nd7\ne6\nd6\nlegal e6\nexe7\n",
    );
    let first = answer_to(&output, "new friend ram noflip");
    assert!(
        first.contains("      a  b  c  d  e  f  g  h  i  j\n"),
        "{first}"
    );
    assert!(
        first.contains("  10  ·  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  ·  10\n"),
        "{first}"
    );
    let refused = answer_to(&output, "e4");
    assert!(
        refused.contains("e4 is not a legal move here: no pawn can reach e4"),
        "{refused}"
    );
    let legal = answer_to(&output, "legal e6");
    assert!(legal.contains("(♙)"), "{legal}");
    assert!(
        legal.contains("The white pawn on e6 can move to e7 (exe7)."),
        "{legal}"
    );
    let ram = answer_to(&output, "exe7");
    // Both pawns leave the board: e6 and e7 are empty and marked.
    assert!(
        ram.contains("   7  ·  ·  ·  · [·] ·  ·  ·  ·  ·  7\n"),
        "{ram}"
    );
    assert!(
        ram.contains("   6  ·  ·  ·  ♟ [·] ·  ·  ·  ·  ·  6\n"),
        "{ram}"
    );
    assert!(ram.contains("Captured by White: ♟\n"), "{ram}");
    assert!(ram.contains("2. e5 d7 3. e6 d6 4. exe7"), "{ram}");
}

#[test]
fn puzzles_from_the_built_in_pack() {
    let pack = builtin_pack().expect("the built-in pack reads");
    let Some(puzzle) = pack.first() else {
        eprintln!("the built-in pack is empty: skipping (the custom puzzle test still runs)");
        return;
    };
    let store = TempStore::new("pack");
    // The player's moves of the intended line, in coordinates.
    let mut script = String::from("puzzle\n");
    for m in puzzle.solution.iter().step_by(2) {
        script.push_str(m);
        script.push('\n');
    }
    script.push_str("puzzle list\n");
    let output = play(&store, &script);
    let opened = answer_to(&output, "puzzle");
    assert!(
        opened.contains(&format!("Puzzle {} · 1 of {}", puzzle.id, pack.len())),
        "{opened}"
    );
    assert!(opened.contains(&puzzle.describe()), "{opened}");
    // A puzzle that starts with the opponent's move says what it played,
    // and the move is marked on the board as the last one.
    if let Some(m) = puzzle.setup_move().unwrap() {
        let before = puzzle.before().unwrap();
        let played = format!("{} played {} — ", before.turn(), before.to_san(m));
        assert!(opened.contains(&played), "{opened}");
        assert!(opened.contains("  Moves: "), "{opened}");
    }
    assert!(
        output.contains("Puzzle solved! Streak 1 (best 1)."),
        "{output}"
    );
    assert_eq!(
        store.library().puzzle_status(&puzzle.id).unwrap(),
        Some(PuzzleAttempt::Clean)
    );
    let list = answer_to(&output, "puzzle list");
    assert!(list.contains("clean"), "{list}");
    // Progress survives a restart: the next puzzle is another one.
    if pack.len() > 1 {
        let output = play(&store, "puzzle\n");
        assert!(
            output.contains(&format!("Puzzle {} · 2 of", pack[1].id)),
            "{output}"
        );
    }
}

#[test]
fn puzzles_of_a_theme_and_a_tier_and_next_keeps_to_them() {
    let pack = builtin_pack().expect("the built-in pack reads");
    let has = |p: &norochess_core::puzzle::Puzzle, theme: &str| p.themes.iter().any(|t| t == theme);
    let forks: Vec<_> = pack.iter().filter(|p| has(p, "fork")).collect();
    let hard_pins: Vec<_> = pack
        .iter()
        .filter(|p| has(p, "pin") && p.difficulty().id() == "hard")
        .collect();
    assert!(forks.len() >= 2, "the pack has forks");
    let store = TempStore::new("themes");
    let output = play(
        &store,
        concat!(
            "puzzle themes\n",
            "puzzle fork\n",
            "next\n",
            "puzzle hard pin\n",
            "puzzle discovered attack\n",
            "puzzle zwischenzug\n",
            "puzzle themes hard\n",
            "puzzle list hard fork\n",
            "puzzle any\n",
        ),
    );
    let themes = answer_to(&output, "puzzle themes");
    assert!(themes.starts_with("Puzzle themes:"), "{themes}");
    let fork_line = themes
        .lines()
        .find(|l| l.trim_start().starts_with("fork "))
        .expect("a fork line");
    assert!(
        fork_line.contains(&format!(" {}  one move attacks two", forks.len())),
        "{fork_line}"
    );
    assert!(
        !themes.contains("resurrection"),
        "an empty theme is not offered: {themes}"
    );
    // The first fork, then `next` gives the second fork, not the next
    // puzzle of the pack; the title says what `next` keeps to.
    let first = answer_to(&output, "puzzle fork");
    assert!(
        first.contains(&format!("Puzzle {} ·", forks[0].id)),
        "{first}"
    );
    assert!(first.contains("next: fork puzzles"), "{first}");
    let second = answer_to(&output, "next");
    assert!(
        second.contains(&format!("Puzzle {} ·", forks[1].id)),
        "{second}"
    );
    let hard_pin = answer_to(&output, "puzzle hard pin");
    match hard_pins.first() {
        Some(p) => assert!(
            hard_pin.contains(&format!("Puzzle {} ·", p.id)),
            "{hard_pin}"
        ),
        None => assert!(
            hard_pin.contains("The pack has no hard pin puzzles."),
            "{hard_pin}"
        ),
    }
    let discovered = answer_to(&output, "puzzle discovered attack");
    assert!(
        discovered.contains("next: discovered attack puzzles"),
        "{discovered}"
    );
    let unknown = answer_to(&output, "puzzle zwischenzug");
    assert!(
        unknown.contains("No puzzle or theme `zwischenzug`"),
        "{unknown}"
    );
    let hard = answer_to(&output, "puzzle themes hard");
    assert!(hard.starts_with("Puzzle themes (hard puzzles):"), "{hard}");
    let listed = answer_to(&output, "puzzle list hard fork");
    let hard_forks: Vec<_> = forks
        .iter()
        .filter(|p| p.difficulty().id() == "hard")
        .collect();
    assert!(
        listed.contains(&format!("{} of them hard fork puzzles:", hard_forks.len())),
        "{listed}"
    );
    for p in &hard_forks {
        assert!(listed.contains(&format!(" {:<8} hard", p.id)), "{listed}");
    }
    let rows = listed
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains(" hard "))
        .count();
    assert_eq!(rows, hard_forks.len(), "{listed}");
    let any = answer_to(&output, "puzzle any");
    assert!(!any.contains("next:"), "{any}");
}

#[test]
fn the_daily_puzzle_and_the_puzzle_rating() {
    let pack = builtin_pack().expect("the built-in pack reads");
    if pack.is_empty() {
        eprintln!("the built-in pack is empty: skipping");
        return;
    }
    let day = norochess_app::ratings::Day::new(2026, 11, 30).unwrap();
    // A new player's daily puzzle: the rating at the start of the day is
    // the start rating, whatever the library.
    let daily = Library::in_memory()
        .unwrap()
        .daily_puzzle(&pack, day)
        .unwrap()
        .expect("a daily puzzle");
    let store = TempStore::new("daily");
    let mut script = String::from("home\npuzzle daily 2026-02-30\npuzzle daily 2026-11-30\n");
    for m in daily.solution.iter().step_by(2) {
        script.push_str(m);
        script.push('\n');
    }
    script.push_str("home\n");
    let output = play(&store, &script);
    // The first `home` (answer_to finds the last).
    let home = output.split("> home\n").nth(1).unwrap_or_default();
    assert!(home.contains("· Puzzle rating 1500 ± 350"), "{home}");
    assert!(home.contains("`puzzle daily`"), "{home}");
    assert!(
        answer_to(&output, "puzzle daily 2026-02-30").contains("`2026-02-30` is not a date"),
        "{output}"
    );
    let opened = answer_to(&output, "puzzle daily 2026-11-30");
    assert!(
        opened.contains(&format!("The daily puzzle of 2026-11-30: {}.", daily.id)),
        "{opened}"
    );
    assert!(
        opened.contains(&format!("Puzzle {} ·", daily.id)),
        "{opened}"
    );
    // The puzzle screen shows the rating with the progress.
    assert!(opened.contains("Puzzle rating 1500 ± 350"), "{opened}");
    let rating = store.library().puzzle_rating().unwrap();
    assert!(rating.rating > 1500.0, "{rating:?}");
    let solved = format!(
        "Puzzle solved! Streak 1 (best 1). Puzzle rating {} (+",
        rating.text()
    );
    assert!(output.contains(&solved), "{output}");
    let home = output.rsplit("> home\n").next().unwrap_or_default();
    assert!(
        home.contains(&format!("· Puzzle rating {}", rating.text())),
        "{home}"
    );
    let history = store.library().rating_history(10).unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].puzzle_id, daily.id);
    assert_eq!(history[0].outcome, PuzzleAttempt::Clean);
}

#[test]
fn puzzles_from_a_file_with_progress_streak_and_tiers() {
    let store = TempStore::new("puzzle-file");
    let file = store.path().with_extension("puzzles.txt");
    std::fs::write(
        &file,
        "# norochess-puzzles 2\n\
         t1|norochess|6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1 w - - 0 47 score=21-19|-|win|c1c8|1200|back-rank\n\
         t7|norochess|2r5/2q2p2/3b3r/p4p2/2nk2pp/p7/P1Q1RPPP/4KB1R w - - 0 48 score=13-13|-|win|c2f5 d6h2 f5g4|1829|\n",
    )
    .unwrap();
    let file_arg = file.display().to_string();
    let args = ["--puzzles", file_arg.as_str(), "--script", "-"];
    let output = play_with(
        &store,
        &args,
        "puzzle\nRc8\nnext\nhint\nhint\nQxf5\nQg4\nhome\n",
    );
    let first = answer_to(&output, "puzzle");
    assert!(
        first.contains("Puzzle t1 · 1 of 2 · easy (1200)"),
        "{first}"
    );
    assert!(
        first.contains("White to play and win — move 47, score 21–19"),
        "{first}"
    );
    assert!(
        answer_to(&output, "Rc8").contains("Puzzle solved! Streak 1 (best 1)."),
        "{output}"
    );
    let second = answer_to(&output, "next");
    assert!(
        second.contains("Puzzle t7 · 2 of 2 · hard (1829)"),
        "{second}"
    );
    assert!(
        second.contains("White to play and win — move 48, score 13–13"),
        "{second}"
    );
    assert!(
        answer_to(&output, "Qxf5").contains("✓ Qxf5 is right. Black answers Bxh2. Your move."),
        "{output}"
    );
    // The move hint was used: solved, but the streak starts again.
    assert!(
        answer_to(&output, "Qg4").contains("Puzzle solved, with help (the streak starts again)."),
        "{output}"
    );
    // Solved with help counts as solved, not as solved cleanly.
    assert!(
        answer_to(&output, "home").contains(
            "puzzles from your puzzle file: 2 of 2 solved (1 cleanly), streak 0 (best 1)"
        ),
        "{output}"
    );
    // After a restart the one not solved cleanly comes first; tiers pick
    // their own.
    let output = play_with(&store, &args, "puzzle\npuzzle easy\npuzzle list\n");
    assert!(
        answer_to(&output, "puzzle").contains("Puzzle t7"),
        "{output}"
    );
    let easy = answer_to(&output, "puzzle easy");
    assert!(
        easy.starts_with(
            "You have solved every one of the easy puzzles cleanly; here they come again."
        ),
        "{easy}"
    );
    assert!(easy.contains("Puzzle t1"), "{easy}");
    let list = answer_to(&output, "puzzle list");
    assert!(list.contains("t1       easy   1200  clean"), "{list}");
    assert!(list.contains("t7       hard   1829  solved"), "{list}");
    let _ = std::fs::remove_file(&file);
}

/// The one rule of docs/puzzles.md: any hint, the piece hint included,
/// makes a solve one with help (the terminal used to count it as clean).
#[test]
fn a_puzzle_solved_after_the_piece_hint_is_solved_with_help() {
    let store = TempStore::new("puzzle-piece-hint");
    let file = store.path().with_extension("puzzles.txt");
    std::fs::write(
        &file,
        "# norochess-puzzles 2\n\
         t1|norochess|6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1 w - - 0 47 score=21-19|-|win|c1c8|1200|back-rank\n",
    )
    .unwrap();
    let file_arg = file.display().to_string();
    let args = ["--puzzles", file_arg.as_str(), "--script", "-"];
    let output = play_with(&store, &args, "puzzle\nhint\nRc8\npuzzle list\n");
    assert!(
        answer_to(&output, "hint").contains("Hint: move your rook on c1"),
        "{output}"
    );
    assert!(
        answer_to(&output, "Rc8").contains("Puzzle solved, with help (the streak starts again)."),
        "{output}"
    );
    let list = answer_to(&output, "puzzle list");
    assert!(list.contains("t1       easy   1200  solved"), "{list}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_puzzle_that_starts_with_the_opponents_mistake() {
    // Black's 29...Qd5 leaves the queen to the rook: White gains 9 points.
    let store = TempStore::new("opponent-move");
    let file = store.path().with_extension("gain.txt");
    std::fs::write(
        &file,
        "# norochess-puzzles 2\n\
         g1|norochess|3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 29 score=10-10|d8d5|gain 9 in 1|d1d5|1000|\n",
    )
    .unwrap();
    let file_arg = file.display().to_string();
    let args = ["--puzzles", file_arg.as_str(), "--script", "-"];
    let output = play_with(&store, &args, "puzzle\nh3\nretry\nRxd5\n");
    let opened = answer_to(&output, "puzzle");
    assert!(
        opened.contains(
            "Black played Qd5 — White to play and gain 9 points in one move — move 30, score 10–10"
        ),
        "{opened}"
    );
    // The opponent's move is on the board as the last move, and in the list.
    assert!(
        opened.contains("   5  ·  ·  · [♛] ·  ·  ·  ·  5\n"),
        "{opened}"
    );
    assert!(opened.contains("Moves: 29... Qd5"), "{opened}");
    assert!(opened.contains("Your move (White)."), "{opened}");
    assert!(
        answer_to(&output, "h3").contains("✗ h3 is not it"),
        "{output}"
    );
    // Retry takes back the wrong move, never the opponent's.
    let retried = answer_to(&output, "retry");
    assert!(retried.contains("Moves: 29... Qd5"), "{retried}");
    assert!(!retried.contains("h3"), "{retried}");
    let solved = answer_to(&output, "Rxd5");
    assert!(solved.contains("✓ Rxd5 is right."), "{solved}");
    assert!(
        solved.contains("Puzzle solved, with help (the streak starts again)."),
        "{solved}"
    );
    assert!(solved.contains("White 19 – 10 Black"), "{solved}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_puzzle_of_your_own_to_gain_points() {
    let store = TempStore::new("custom-gain");
    let fen = "6k1/5ppp/8/3q4/8/8/5PPP/3R2K1 w - - 1 30 score=10-10";
    let output = play(
        &store,
        &format!(
            "puzzle fen \"{fen}\" objective gain 9 in 7\npuzzle fen \"{fen}\" objective gain 9 in 1\nRxd5\n"
        ),
    );
    assert!(
        answer_to(
            &output,
            &format!("puzzle fen \"{fen}\" objective gain 9 in 7")
        )
        .starts_with("`gain 9 in 7` is not a gain"),
        "{output}"
    );
    let opened = answer_to(
        &output,
        &format!("puzzle fen \"{fen}\" objective gain 9 in 1"),
    );
    assert!(
        opened.contains("White to play and gain 9 points in one move — move 30, score 10–10"),
        "{opened}"
    );
    assert!(!opened.contains(" played "), "{opened}");
    assert!(
        answer_to(&output, "Rxd5").contains("Puzzle solved!"),
        "{output}"
    );
}

const PUZZLE: &str = "6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1 w - - 0 47 score=21-19";

#[test]
fn a_puzzle_of_your_own_with_hints_a_wrong_move_retry_and_solution() {
    // A failing move and a winning one, from the solver.
    let position = AnyPosition::from_text(Variant::Norochess, PUZZLE).unwrap();
    let mut solver = Solver::new(8);
    let classified = solver.classify_moves(
        &position,
        &[],
        Objective::Win,
        SolveLimits::with_nodes(5_000_000),
    );
    let wrong = classified
        .iter()
        .find(|(_, ok)| *ok == Some(false))
        .map(|(m, _)| position.to_san(*m))
        .expect("some move fails");
    let store = TempStore::new("custom");
    let output = play(
        &store,
        &format!(
            "puzzle fen \"{PUZZLE}\" objective win\nhint\nhint\n{wrong}\nretry\nRc8\nsolution\n"
        ),
    );
    let opened = answer_to(&output, &format!("puzzle fen \"{PUZZLE}\" objective win"));
    assert!(
        opened.contains("White to play and win — move 47, score 21–19"),
        "{opened}"
    );
    assert!(
        opened.contains("White 21 – 19 Black      Move 47 / 48  (2 moves left)"),
        "{opened}"
    );
    assert!(
        answer_to(&output, "hint").contains("Hint: play Rc8."),
        "the second hint names the move:\n{output}"
    );
    assert!(
        output.contains("Hint: move your rook on c1 (`hint` again for the move)."),
        "{output}"
    );
    let refuted = answer_to(&output, &wrong);
    assert!(
        refuted.contains(&format!("✗ {wrong} is not it: Black answers ")),
        "{refuted}"
    );
    assert!(answer_to(&output, "retry").starts_with("Taken back: try again."));
    let right = answer_to(&output, "Rc8");
    assert!(right.contains("✓ Rc8 is right. Black answers "), "{right}");
    let shown = answer_to(&output, "solution");
    assert!(shown.starts_with("Solution: 48. "), "{shown}");
    assert!(
        shown.contains("The solution was shown: the puzzle does not count as solved."),
        "{shown}"
    );
    // A position where the objective cannot be met is refused. (This test
    // used move 60, a position already over, which is now refused as such.)
    let output = play(
        &store,
        "puzzle fen \"4k3/8/8/8/8/8/8/4K3 w - - 0 48 score=0-30\" objective win\n",
    );
    assert!(output.contains("is not possible here"), "{output}");
}

#[test]
fn continue_after_a_restart_restores_the_game_exactly() {
    let store = TempStore::new("continue");
    play(
        &store,
        "new friend norochess clock norochess-10 names Ann Bob\ne4 d5\nexd5\nwait 7000\nquit\n",
    );
    let library = store.library();
    let id = library.current_id().unwrap().expect("an unfinished game");
    let saved = library.record(id).unwrap();
    drop(library);
    assert!(saved.contains("[Mode \"friend\"]"), "{saved}");
    assert!(saved.contains("[TimeControl \"norochess-10\"]"), "{saved}");
    assert!(saved.contains("1. e4 d5 2. exd5 *"), "{saved}");
    let output = play(&store, "continue\nQxd5\nquit\n");
    let restored = answer_to(&output, "continue");
    assert!(restored.contains("White: Ann · Black: Bob"), "{restored}");
    assert!(
        restored.contains("White 1 – 0 Black      Move 2 / 48"),
        "{restored}"
    );
    assert!(restored.contains("Moves: 1. e4 d5 2. exd5"), "{restored}");
    assert!(restored.contains("Black to move (Bob)"), "{restored}");
    // White's clock got its increments; Black's 7 seconds of thinking
    // before the quit were saved with the game and stay spent.
    assert!(
        restored.contains("White 10:10   Black 9:58 ◀"),
        "{restored}"
    );
    let home = play(&store, "home\n");
    assert!(
        home.contains("continue       Norochess pass and play, Ann vs Bob, move 3, 1–1"),
        "{home}"
    );
    // Against the computer, with the computer to move after the restart.
    let store = TempStore::new("continue-computer");
    let first = play(&store, "new computer level 1 black seed 5\nquit\n");
    let second = play(&store, "continue\n");
    assert!(first.contains("Computer plays 1. "), "{first}");
    assert!(second.contains("Black to move — your move"), "{second}");
    assert!(!second.contains("Computer plays"), "{second}");
}

#[test]
fn bad_moves_get_helpful_errors() {
    let store = TempStore::new("errors");
    let output = play(&store, "new friend\nNd4\nhello\nNf9\n");
    assert!(
        answer_to(&output, "Nd4").starts_with(
            "Nd4 is not a legal move here: no knight can reach d4; knights can go to a3, c3, f3, h3"
        ),
        "{output}"
    );
    assert!(
        answer_to(&output, "hello").starts_with("Cannot read move `hello`"),
        "{output}"
    );
    assert!(
        answer_to(&output, "hello").contains("Type `help` for the commands."),
        "{output}"
    );
    assert!(
        answer_to(&output, "Nf9").contains("`f9` is not a square of this board"),
        "{output}"
    );
}

#[test]
fn clocks_run_on_virtual_time_and_a_flag_fall_ends_the_game() {
    let store = TempStore::new("clock");
    let output = play(
        &store,
        "new friend noflip clock 1+0\ne4 e5\nwait 30000\nNf3\nwait 55000\nwait 10000\nNc6\n",
    );
    assert!(
        answer_to(&output, "Nf3").contains("Clock (Bullet 1+0): White 0:30   Black 1:00 ◀"),
        "{output}"
    );
    assert!(
        answer_to(&output, "wait 55000").contains("Black is low on time: 0:05.0 left."),
        "{output}"
    );
    let flag = answer_to(&output, "wait 10000");
    assert!(flag.starts_with("Black's time is up."), "{flag}");
    assert!(
        flag.contains("■ White wins 0–0 — Black ran out of time"),
        "{flag}"
    );
    assert!(
        answer_to(&output, "Nc6").starts_with("The game is over"),
        "{output}"
    );
}

#[test]
fn resign_asks_first_and_draws_are_offered_and_accepted() {
    let store = TempStore::new("resign");
    let output = play(
        &store,
        "new friend\ne4\nresign\nno\nresign\nyes\nundo\nresign yes\nnew friend\ndraw\ndecline\ndraw\naccept\ngames\n",
    );
    assert!(
        output.contains("Resign as Black? Type `yes` to confirm"),
        "{output}"
    );
    assert!(
        answer_to(&output, "no").starts_with("Cancelled."),
        "{output}"
    );
    assert!(
        answer_to(&output, "yes").contains("■ White wins 0–0 — Black resigned"),
        "{output}"
    );
    // Taking back a resignation keeps the moves.
    let undo = answer_to(&output, "undo");
    assert!(
        undo.starts_with("The game goes on: the resignation or draw is taken back."),
        "{undo}"
    );
    assert!(undo.contains("Moves: 1. e4"), "{undo}");
    assert!(undo.contains("Black to move"), "{undo}");
    assert!(
        answer_to(&output, "decline").starts_with("Draw declined"),
        "{output}"
    );
    assert!(
        answer_to(&output, "accept").contains("■ Draw 0–0 — draw agreed"),
        "{output}"
    );
    let games = answer_to(&output, "games");
    assert!(games.contains("Draw 0–0 (agreement)"), "{games}");
    assert!(games.contains("White wins 0–0 (resignation)"), "{games}");
}

#[test]
fn games_are_listed_replayed_and_exported() {
    let store = TempStore::new("games");
    let record = store.path().join("exported.pgn");
    let output = play(
        &store,
        &format!(
            "new friend\ne4 e5 Qh5 Nc6\nnew friend chess\nf3 e5 g4 Qh4#\ngames\ngames 2\nforward 4\nexport {}\ngames 1\ncontinue\nmoves\n",
            record.display()
        ),
    );
    assert!(
        output.contains("Your unfinished game was filed in the games list"),
        "{output}"
    );
    let mate = answer_to(&output, "f3 e5 g4 Qh4#");
    assert!(mate.contains("!♔!"), "the king in check is marked:\n{mate}");
    assert!(mate.contains("■ Black wins — checkmate"), "{mate}");
    let games = answer_to(&output, "games");
    assert!(games.contains("2.  "), "{games}");
    assert!(
        games.contains("Chess · White vs Black · Black wins (checkmate)"),
        "{games}"
    );
    assert!(
        games.contains("Norochess · White vs Black · unfinished at move 3"),
        "{games}"
    );
    let replay = answer_to(&output, "forward 4");
    assert!(replay.contains("Ply 4 of 4"), "{replay}");
    assert!(replay.contains("Black wins — checkmate"), "{replay}");
    let exported = std::fs::read_to_string(&record).unwrap();
    assert!(exported.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{exported}");
    // The unfinished game is played on from the list.
    let moves = answer_to(&output, "moves");
    assert!(moves.contains("2.  Qh5       Nc6"), "{moves}");
}

#[test]
fn an_older_unfinished_game_says_continue_resumes_it_and_a_finished_one_says_it_is_over() {
    let store = TempStore::new("resume-hint");
    let output = play(
        &store,
        "new friend\ne4 e5\nnew friend chess\nf3 e5 g4 Qh4#\ngames\ngames 2\ncontinue\ngames 1\n",
    );
    let games = answer_to(&output, "games");
    assert!(
        games.contains("unfinished at move 2, 0–0  (`games 1`, then `continue`)"),
        "{games}"
    );
    let finished = answer_to(&output, "continue");
    assert!(
        finished.starts_with("This game is finished: it cannot be played on."),
        "{finished}"
    );
    assert!(!finished.contains("rematch"), "{finished}");
    let replay = answer_to(&output, "games 1");
    assert!(replay.contains("Ply 0 of 2"), "{replay}");
    assert!(
        replay.contains("Unfinished game: `continue` plays it on from the end."),
        "{replay}"
    );
}

#[test]
fn redo_forward_and_live_always_say_what_happened() {
    let store = TempStore::new("say-what-happened");
    let output = play(
        &store,
        "new friend\ne4 e5 Nf3 Nc6\nredo\nlive\nforward\nback 2\nforward\nlive\nundo 3\nredo\nredo\n",
    );
    assert!(
        first_answer_to(&output, "redo").starts_with("There is no move to replay."),
        "{output}"
    );
    let first_live = first_answer_to(&output, "live");
    assert!(
        first_live.starts_with("This is the live game already."),
        "{first_live}"
    );
    assert!(
        first_answer_to(&output, "forward").starts_with("This is the live game already."),
        "{output}"
    );
    assert!(
        answer_to(&output, "live").starts_with("Back to the live game."),
        "{output}"
    );
    assert!(
        answer_to(&output, "back 2")
            .starts_with("Showing the position after 2 of 4 moves; `live` returns to the game."),
        "{output}"
    );
    let undo = answer_to(&output, "undo 3");
    assert!(undo.starts_with("Took back 3 moves."), "{undo}");
    assert!(undo.contains("Move 1 / 48"), "{undo}");
    let replayed = after(&output, "undo 3");
    assert!(
        first_answer_to(replayed, "redo").starts_with("Replayed 1 move."),
        "{replayed}"
    );
}

#[test]
fn a_move_to_a_square_off_the_board_gets_a_move_error_not_a_command_hint() {
    let store = TempStore::new("ke9");
    let output = play(&store, "new friend\nKe9\n");
    let answer = answer_to(&output, "Ke9");
    assert!(!answer.contains("Did you mean"), "{answer}");
    assert!(answer.contains("Ke9"), "{answer}");
}

#[test]
fn standard_input_without_a_terminal_is_a_script_and_ascii_is_plain() {
    let script = "new friend noflip\ne4\nquit\n";
    let a = TempStore::new("stdin-a");
    let b = TempStore::new("stdin-b");
    assert_eq!(play_with(&a, &[], script), play(&b, script));
    let c = TempStore::new("ascii");
    let output = play_with(&c, &["--ascii", "--script", "-"], script);
    assert!(output.is_ascii(), "{output}");
    assert!(
        output.contains("   8  r  n  b  q  k  b  n  r  8\n"),
        "{output}"
    );
    assert!(
        output.contains("   4  .  .  .  . [P] .  .  .  4\n"),
        "{output}"
    );
    assert!(output.contains("White 0 - 0 Black"), "{output}");
}

#[test]
fn settings_rules_and_help() {
    let store = TempStore::new("settings");
    let output = play(
        &store,
        "set pieces letters\nset level 9\nrules ram\nhelp\nclocks\n",
    );
    assert!(output.contains("pieces is now letters."), "{output}");
    assert!(
        output.contains("Cannot set that: `9` is not a value for level: it takes 1-8"),
        "{output}"
    );
    assert!(
        output.contains("A ram removes both pawns from the board."),
        "{output}"
    );
    assert!(output.contains("new computer [game]"), "{output}");
    assert!(output.contains("norochess-10"), "{output}");
    // Settings are kept.
    let output = play(&store, "settings\nnew friend\n");
    assert!(
        output
            .lines()
            .any(|l| l.split_whitespace().take(2).eq(["pieces", "letters"])),
        "{output}"
    );
    assert!(
        output.contains("   8  r  n  b  q  k  b  n  r  8\n"),
        "{output}"
    );
}

#[test]
fn a_second_window_on_the_same_library_is_reported_never_overwritten() {
    use std::io::{BufRead, BufReader, Read};
    let store = TempStore::new("two-windows");
    // The first window plays a move and stays open.
    let mut first = Command::new(env!("CARGO_BIN_EXE_norochess"))
        .arg("play")
        .arg("--store")
        .arg(store.path())
        .args(["--script", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the norochess binary starts");
    let mut input = first.stdin.take().unwrap();
    let mut output = BufReader::new(first.stdout.take().unwrap());
    input.write_all(b"new friend\ne4\n").unwrap();
    input.flush().unwrap();
    let mut seen = String::new();
    while !seen.contains("Black to move") {
        let mut line = String::new();
        assert!(output.read_line(&mut line).unwrap() > 0, "{seen}");
        seen.push_str(&line);
    }
    // A second window continues the same game and saves a move.
    let second = play(&store, "continue\ne5\nquit\n");
    assert!(
        second.contains("Goodbye. Your game and progress are saved."),
        "{second}"
    );
    // The first window's next move is not saved over it, and it says so.
    input.write_all(b"d5\nquit\n").unwrap();
    drop(input);
    let mut rest = String::new();
    output.read_to_string(&mut rest).unwrap();
    assert!(first.wait().unwrap().success());
    let moved = answer_to(&rest, "d5");
    assert!(
        moved.starts_with("Not saved: game 1 was changed by another window"),
        "{moved}"
    );
    // `quit` asks before leaving an unsaved copy (the end of the input
    // then leaves: nobody is there to answer).
    assert!(
        answer_to(&rest, "quit")
            .starts_with("Your game is NOT saved (game 1 was changed by another window"),
        "{rest}"
    );
    let library = store.library();
    let record = library.record(1).unwrap();
    assert!(record.contains("1. e4 e5 *"), "{record}");
}

#[test]
fn the_earlier_file_store_is_imported_once_with_a_notice() {
    let store = TempStore::new("import");
    std::fs::create_dir_all(store.path()).unwrap();
    std::fs::write(
        store.path().join("current.pgn"),
        "[White \"Ann\"]\n[Black \"Bob\"]\n[Mode \"friend\"]\n\n1. e4 e5 *\n",
    )
    .unwrap();
    std::fs::write(
        store.path().join("settings.txt"),
        "norochess-play-settings 1\npieces letters\n",
    )
    .unwrap();
    let output = play(&store, "continue\n");
    assert!(
        output.starts_with("Imported 1 game and your settings from the earlier files"),
        "{output}"
    );
    let restored = answer_to(&output, "continue");
    assert!(restored.contains("Moves: 1. e4 e5"), "{restored}");
    assert!(restored.contains("White to move (Ann)"), "{restored}");
    assert!(
        restored.contains("   8  r  n  b  q  k  b  n  r  8\n"),
        "the imported setting draws letters:\n{restored}"
    );
    // Once only: the next start says nothing about it.
    let again = play(&store, "quit\n");
    assert!(!again.contains("Imported"), "{again}");
}

// Issue 14: defects of the line mode.

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_session_goes_on() {
    let store = TempStore::new("not-utf8");
    let output = play_bytes(
        &store,
        &["--script", "-"],
        b"new friend noflip\nab\xffc\ne4\n",
    );
    assert!(
        output.contains(
            "> ab?c\nThat line is not UTF-8 text (byte 0xff at column 3); it was ignored.\n"
        ),
        "{output}"
    );
    assert!(
        answer_to(&output, "e4").contains("Black to move"),
        "{output}"
    );
}

#[test]
fn numbers_are_checked() {
    let store = TempStore::new("numbers");
    let output = play(
        &store,
        "new friend clock 1+0\ne4 e5\nwait 18446744073709551615\nwait -1\nback 99999999999\ngames 99999999999999999999\n",
    );
    assert!(
        answer_to(&output, "wait 18446744073709551615")
            .starts_with("`18446744073709551615` is not a wait: give 0 to 86400000 milliseconds"),
        "{output}"
    );
    assert!(
        answer_to(&output, "wait -1").starts_with("`-1` is not a wait"),
        "{output}"
    );
    assert!(
        answer_to(&output, "back 99999999999")
            .starts_with("`99999999999` is not a number of moves."),
        "{output}"
    );
    assert!(
        answer_to(&output, "games 99999999999999999999").starts_with("There is no game"),
        "{output}"
    );
    // The clocks did not move.
    assert!(!output.contains("time is up"), "{output}");
}

#[test]
fn set_color_off_works() {
    let store = TempStore::new("color");
    let output = play(&store, "set color off\nset colour purple\n");
    assert!(
        answer_to(&output, "set color off").starts_with("colour is now off."),
        "{output}"
    );
    assert!(
        answer_to(&output, "set colour purple")
            .starts_with("Cannot set that: `purple` is not a value for colour: it takes on or off"),
        "{output}"
    );
}

#[test]
fn a_puzzle_of_your_own_must_have_a_move_to_find_and_a_positive_margin() {
    let store = TempStore::new("custom-refused");
    let over = "4k3/8/8/8/8/8/8/4K3 w - - 0 61 score=0-30";
    let output = play(
        &store,
        &format!(
            "puzzle fen \"{over}\" objective win\npuzzle fen \"{PUZZLE}\" objective win-by -5\npuzzle fen \"{PUZZLE}\" objective win-by 0\n"
        ),
    );
    let refused = answer_to(&output, &format!("puzzle fen \"{over}\" objective win"));
    assert!(
        refused.starts_with("That position is already over (Black wins 30–0 — "),
        "{refused}"
    );
    assert!(
        answer_to(
            &output,
            &format!("puzzle fen \"{PUZZLE}\" objective win-by -5")
        )
        .starts_with("`-5` is not a margin to win by"),
        "{output}"
    );
    assert!(
        answer_to(
            &output,
            &format!("puzzle fen \"{PUZZLE}\" objective win-by 0")
        )
        .starts_with("`0` is not a margin to win by"),
        "{output}"
    );
    assert!(!output.contains("Puzzle ·"), "{output}");
}

#[test]
fn a_solution_shown_is_not_counted_as_solved() {
    let pack = builtin_pack().expect("the built-in pack reads");
    let Some(puzzle) = pack.first() else {
        return;
    };
    let store = TempStore::new("shown");
    let mut script = String::from("puzzle\n");
    for _ in 0..puzzle.solution.len().div_ceil(2) {
        script.push_str("solution\n");
    }
    script.push_str("home\npuzzle list\n");
    let output = play(&store, &script);
    assert!(
        output.contains("The solution was shown: the puzzle does not count as solved."),
        "{output}"
    );
    assert!(
        answer_to(&output, "home").contains(&format!(
            "0 of {} solved (0 cleanly, 1 shown), streak 0 (best 0)",
            pack.len()
        )),
        "{output}"
    );
    let list = answer_to(&output, "puzzle list");
    assert!(
        list.contains(&format!(
            "{:<8} {:<6} {:>4}  shown",
            puzzle.id,
            puzzle.difficulty().id(),
            puzzle.rating
        )),
        "{list}"
    );
    assert_eq!(
        store.library().puzzle_status(&puzzle.id).unwrap(),
        Some(PuzzleAttempt::Shown)
    );
}

#[test]
fn a_puzzle_file_without_a_playable_puzzle_is_an_error_naming_file_and_line() {
    let store = TempStore::new("empty-puzzles");
    let file = store.path().with_extension("empty.txt");
    std::fs::write(
        &file,
        "# norochess-puzzles 1\nt1|norochess|not a position|win|c1c8|1200|\n",
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_norochess"))
        .arg("play")
        .arg("--store")
        .arg(store.path())
        .arg("--puzzles")
        .arg(&file)
        .args(["--script", "-"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    let named = format!("{}: line 2: ", file.display());
    assert!(stderr.contains(&named), "{stderr}");
    assert_eq!(stderr.matches("line 2").count(), 1, "said once: {stderr}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn home_says_what_norochess_is_and_mistyped_commands_get_a_suggestion() {
    let store = TempStore::new("home");
    let output = play(&store, "neww\nnew friend\nhitn\n");
    let home: Vec<&str> = output.lines().skip(2).take(3).collect();
    assert_eq!(
        home,
        [
            "  Norochess is chess where every capture scores: Q 9, R 5, B 3, N 3, K 2, P 1.",
            "  There is no check: the king is an ordinary piece and can be captured.",
            "  After move 48 the higher score wins (equal scores play on to move 60).",
        ],
        "{output}"
    );
    assert!(
        answer_to(&output, "neww").starts_with("Unknown command `neww`. Did you mean `new`?"),
        "{output}"
    );
    assert!(
        answer_to(&output, "hitn").contains("Did you mean `hint`?"),
        "{output}"
    );
}

#[test]
fn the_clock_starts_at_whites_first_move() {
    let store = TempStore::new("clock-start");
    let output = play(&store, "new friend noflip clock 1+0\nwait 30000\ne4\n");
    assert!(
        answer_to(&output, "new friend noflip clock 1+0").contains("White 1:00   Black 1:00\n"),
        "no side's time runs before White's first move:\n{output}"
    );
    assert!(
        answer_to(&output, "e4").contains("Clock (Bullet 1+0): White 1:00   Black 1:00 ◀"),
        "{output}"
    );
}

#[test]
fn norochess960_random_and_no_start_mean_a_random_set_up_shown_and_recorded() {
    let store = TempStore::new("960-random");
    let output = play(
        &store,
        "new computer norochess960 random\nnew friend norochess960\ne4\nexport\n",
    );
    // The app layer draws the set-up from the script's seed (1).
    let expected = random_start(Variant::Norochess960, 1).unwrap();
    assert_ne!(expected, 518);
    let title = format!("Norochess960 (start {expected})");
    let computer = answer_to(&output, "new computer norochess960 random");
    assert!(computer.contains(&title), "{computer}");
    // `random` is the set-up, not the colour: the person plays White.
    assert!(computer.contains("White to move — your move"), "{computer}");
    let friend = answer_to(&output, "new friend norochess960");
    assert!(friend.contains(&title), "{friend}");
    let record = answer_to(&output, "export");
    assert!(
        record.contains(&format!("[Start \"{expected}\"]")),
        "{record}"
    );
    let games = store
        .library()
        .list(&GameFilter::default(), 10)
        .expect("the games list reads");
    assert!(
        games
            .iter()
            .all(|g| g.setup == format!("norochess960:{expected}")),
        "{games:?}"
    );
    // The standard set-up says its number too.
    let standard = TempStore::new("960-518");
    let output = play(&standard, "new friend norochess960 start 518\n");
    assert!(output.contains("Norochess960 (start 518)"), "{output}");
    // Another seed, another set-up, the same every run.
    let seeded = TempStore::new("960-seed");
    let output = play_with(
        &seeded,
        &["--seed", "7", "--script", "-"],
        "new friend norochess960\n",
    );
    let seven = random_start(Variant::Norochess960, 7).unwrap();
    assert!(
        output.contains(&format!("Norochess960 (start {seven})")),
        "{output}"
    );
}

#[test]
fn a_position_already_decided_or_impossible_is_refused_as_a_new_game() {
    let store = TempStore::new("decided");
    let empty = "8/8/8/8/8/8/8/4K3 w - - 0 1 score=0-0";
    let past = "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R b - - 0 70 score=20-19";
    let impossible = "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w - - 0 20 score=999-0";
    let commands = [
        format!("new friend fen \"{empty}\""),
        format!("new computer fen \"{past}\""),
        format!("new friend fen \"{impossible}\""),
    ];
    let output = play(&store, &format!("{}\n", commands.join("\n")));
    let refused = answer_to(&output, &commands[0]);
    assert!(
        refused.starts_with("Cannot start that game: that position is already over (White wins 0–0 — Black has no pieces left)"),
        "{refused}"
    );
    let refused = answer_to(&output, &commands[1]);
    assert!(
        refused
            .starts_with("Cannot start that game: move 70 is past the last move of the game (60)"),
        "{refused}"
    );
    let refused = answer_to(&output, &commands[2]);
    assert!(
        refused.starts_with(
            "Cannot start that game: White has 999 points, but the Black material missing from the board is worth at most 39"
        ),
        "{refused}"
    );
    // Nothing was started, nothing saved as a result: no board follows.
    for command in &commands {
        assert_eq!(answer_to(&output, command).lines().count(), 1, "{output}");
    }
    assert_eq!(store.library().game_count().unwrap(), 0);
}

#[test]
fn a_frontal_dethronement_is_put_into_words() {
    let store = TempStore::new("dethrone");
    let fen = "4r4k/3P6/10/10/10/q9/10/10/10/1Q7K w - - 0 1";
    let computer = play(
        &store,
        &format!("new computer frontal fen \"{fen}\"\nd10^\n"),
    );
    let answer = answer_to(&computer, "d10^");
    assert!(answer.starts_with("You play 1. d10^.\nDethronement: White's pawn reached d10 while both queens were on the board, so the pawn leaves the board and takes Black's queen with it"), "{answer}");
    let friend = play(
        &store,
        &format!("new friend frontal fen \"{fen}\"\ndxe10^\n"),
    );
    let answer = answer_to(&friend, "dxe10^");
    assert!(
        answer.contains("takes Black's queen and the rook it captured with it"),
        "{answer}"
    );
}

#[test]
fn a_move_that_repeats_a_position_a_third_time_is_asked_about_first() {
    let store = TempStore::new("repetition");
    let shuffle = "new friend noflip\nNf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1\n";
    let output = play(&store, &format!("{shuffle}Ng8\nno\nNg8\nyes\n"));
    let asked = first_answer_to(&output, "Ng8");
    assert!(
        asked.starts_with("Ng8 repeats a position for the third time: Black would lose at once. Type `yes` to play it anyway"),
        "{asked}"
    );
    assert!(
        output.contains("confirm> no\nNot played: choose another move.\n"),
        "{output}"
    );
    let lost = answer_to(&output, "yes");
    assert!(
        lost.contains("■ White wins 0–0 — Black repeated the position a third time"),
        "{lost}"
    );
    // In a line of several moves the ones before the question stand.
    let several = TempStore::new("repetition-line");
    let output = play(
        &several,
        "new friend noflip\nNf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8\n",
    );
    let answer = answer_to(&output, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert!(answer.contains("Move 4 / 48"), "{answer}");
    assert!(
        answer.contains("Ng8 repeats a position for the third time"),
        "{answer}"
    );
    // The setting turns the question off.
    let off = TempStore::new("repetition-off");
    let output = play(&off, &format!("set confirm-repetition off\n{shuffle}Ng8\n"));
    let lost = answer_to(&output, "Ng8");
    assert!(!lost.contains("repeats a position"), "{lost}");
    assert!(
        lost.contains("Black repeated the position a third time"),
        "{lost}"
    );
}

#[test]
fn a_line_of_5000_characters_is_echoed_shortened_and_refused() {
    let store = TempStore::new("long-line");
    let long = "x".repeat(5000);
    let output = play(&store, &format!("new friend\n{long}\n"));
    let echo = format!("1. White> {}… (5000 characters)\n", "x".repeat(60));
    let start = output.find(&echo).unwrap_or_else(|| panic!("{output}"));
    let answer = up_to_prompt(&output[start + echo.len()..]);
    assert_eq!(
        answer,
        "That line is 5000 characters long: commands and moves are short (at most 500), so it was not read.\n"
    );
    assert!(!output.contains(&long), "the line is never printed whole");
}

#[test]
fn settings_that_do_nothing_in_a_terminal_are_not_offered() {
    let store = TempStore::new("phone-settings");
    let output = play(
        &store,
        "settings\nset sounds off\nset haptics off\nset pass-and-play-board face-to-face\nset pass-and-play-board fixed\n",
    );
    let listed = answer_to(&output, "settings");
    assert!(listed.contains("confirm-resign"), "{listed}");
    for phone_only in ["sounds", "haptics", "face-to-face"] {
        assert!(!listed.contains(phone_only), "{listed}");
    }
    assert!(listed.contains("fixed or auto-flip"), "{listed}");
    assert!(
        answer_to(&output, "set sounds off").starts_with("`sounds` is a setting of the phone apps")
    );
    assert!(answer_to(&output, "set haptics off")
        .starts_with("`haptics` is a setting of the phone apps"));
    assert!(answer_to(&output, "set pass-and-play-board face-to-face")
        .starts_with("face-to-face turns the pieces for two players across a phone or tablet"));
    assert!(answer_to(&output, "set pass-and-play-board fixed")
        .starts_with("pass-and-play-board is now fixed."));
    let settings = store.library().settings().unwrap();
    assert!(settings.sounds && settings.haptics, "nothing was stored");
}

#[test]
fn the_help_of_the_program_says_what_it_is() {
    let output = Command::new(env!("CARGO_BIN_EXE_norochess"))
        .arg("--help")
        .output()
        .expect("the norochess binary starts");
    let help = String::from_utf8(output.stdout).unwrap();
    let first = help.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("Norochess, chess where every capture scores"),
        "{help}"
    );
    assert!(!first.contains("as they land"), "{help}");
}

#[test]
fn a_norochess960_export_carries_setup_and_fen() {
    let store = TempStore::new("960");
    let output = play(&store, "new friend norochess960 start 0\ne4\nexport\n");
    let record = answer_to(&output, "export");
    assert!(record.contains("[Variant \"norochess960\"]"), "{record}");
    assert!(
        record.contains(
            "[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1\"]"
        ),
        "{record}"
    );
    let game = Game::from_pgn(record, None).unwrap();
    assert_eq!(game.plies().len(), 1);
}

#[test]
fn a_folder_that_cannot_be_used_is_said_and_quit_does_not_claim_a_save() {
    let store = TempStore::new("unusable");
    // A file where the folder should be: the library cannot be made there.
    std::fs::write(store.path(), "not a folder").unwrap();
    let inside = TempStore(store.path().join("library"));
    let output = play(&inside, "new friend\ne4\nquit\n");
    assert!(
        output.starts_with("Warning: cannot create the folder "),
        "{output}"
    );
    assert!(
        answer_to(&output, "quit")
            .starts_with("Goodbye. Nothing was kept: cannot create the folder"),
        "{output}"
    );
    assert!(!output.contains("are saved"), "{output}");
    let _ = std::fs::remove_file(store.path());
}

#[test]
fn stats_show_a_finished_pass_and_play_game_and_say_so_when_empty() {
    let store = TempStore::new("stats");
    let output = play(
        &store,
        "stats\nnew friend norochess names Ann Bob\ne4 e5\nNf3\nresign yes\nstats\nhome\nhelp\n",
    );
    let empty = first_answer_to(&output, "stats");
    assert!(
        empty.contains("  No finished games yet: `new computer` or `new friend` to play one."),
        "{empty}"
    );
    assert!(empty.contains("  No puzzles tried yet"), "{empty}");
    assert!(!empty.contains("Per game"), "no empty table: {empty}");
    // Black resigned at move 2: White's (Ann's) win, 0–0 on points.
    let stats = answer_to(&output, "stats");
    let lines: Vec<&str> = stats.lines().collect();
    assert_eq!(lines.first(), Some(&"── Statistics ──"), "{stats}");
    let header = lines
        .iter()
        .position(|l| l.ends_with("Games    W    D    L  Points  Per game"));
    let row = header
        .and_then(|i| lines.get(i + 1))
        .copied()
        .unwrap_or_default();
    assert_eq!(
        row.split_whitespace().collect::<Vec<_>>(),
        [
            "Norochess",
            "·",
            "pass",
            "and",
            "play",
            "1",
            "1",
            "0",
            "0",
            "0",
            "0.0"
        ],
        "{stats}"
    );
    assert!(
        lines.contains(
            &"  Points: your final points minus the opponent's (pass and play: White's)."
        ),
        "{stats}"
    );
    // No games against the computer: no best wins to show.
    assert!(!stats.contains("Best wins"), "{stats}");
    assert!(stats.contains("  No puzzles tried yet"), "{stats}");
    let help = answer_to(&output, "help");
    assert!(
        help.contains("  stats                   your statistics"),
        "{help}"
    );
    let home = output.lines().take(20).collect::<Vec<_>>().join("\n");
    assert!(home.contains("  stats          your results"), "{home}");
}

#[test]
fn stats_in_ascii_draw_the_puzzle_rating_history_with_ascii_characters() {
    let store = TempStore::new("stats-ascii");
    let file = store.path().with_extension("puzzles.txt");
    std::fs::write(
        &file,
        "# norochess-puzzles 2\n\
         np1001|norochess|r1b4r/1p1pn3/pQ1k4/P1p3K1/2P1P1R1/1Pq5/R7/8 w - - 1 38 score=10-16|a2e2|gain 3 in 2|d6c6 g4g3 c3g3|1580|\n\
         np1002|norochess|r7/pQ3b2/7p/1B3p1p/PP6/8/1b1N1P2/1R2K3 b - - 2 33 score=26-16|f7d5|gain 3 in 1|b7d5|720|\n\
         np1003|norochess|r7/4n2p/5p2/p1q5/5p2/6P1/2qrP1bP/RR6 w - - 2 48 score=19-28|g3f4|win-by 13|c2b1|690|\n",
    )
    .unwrap();
    let file_arg = file.display().to_string();
    let output = play_with(
        &store,
        &["--ascii", "--puzzles", &file_arg, "--script", "-"],
        "puzzle\nd6c6\nc3g3\nnext\nb7d5\nnext\nsolution\nstats\n",
    );
    let _ = std::fs::remove_file(&file);
    assert!(output.is_ascii(), "{output}");
    let stats = answer_to(&output, "stats");
    let lines: Vec<&str> = stats.lines().collect();
    assert_eq!(lines.first(), Some(&"== Statistics =="), "{stats}");
    let history: Vec<i32> = store
        .library()
        .rating_history(10)
        .unwrap()
        .iter()
        .map(|p| p.rating)
        .collect();
    let [first, second, last] = history[..] else {
        panic!("three rated attempts: {history:?}")
    };
    // Two clean solves raise the rating, a solution shown lowers it.
    assert!(first < second && last < first, "{history:?}");
    let label =
        format!("  History of the last 3 puzzles: {first} -> {last}, low {last}, high {second}");
    let at = lines.iter().position(|l| *l == label);
    assert!(at.is_some(), "{label}\n{stats}");
    assert_eq!(at.and_then(|i| lines.get(i + 1)), Some(&"  ##_"), "{stats}");
    let rating = store.library().puzzle_rating().unwrap();
    assert!(
        lines.contains(
            &format!(
                "  Rating {} +/- {} after 3 rated puzzles",
                rating.rounded(),
                rating.rounded_deviation()
            )
            .as_str()
        ),
        "{stats}"
    );
    assert!(
        lines.contains(&"  Solved 2 of 3 tried, 2 cleanly, 1 shown; streak 0 (best 2)"),
        "{stats}"
    );
    assert!(
        lines.contains(&"  Easy     1 of 2 solved, 1 cleanly"),
        "{stats}"
    );
    assert!(
        lines.contains(&"  Medium   1 of 1 solved, 1 cleanly"),
        "{stats}"
    );
}

/// A pass-and-play game with a planted blunder: 5...Qxg2 leaves the rook
/// on h8 and misses the knight on f7.
const BLUNDER_GAME: &str = "new friend norochess\ne4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2\n";

#[test]
fn a_game_is_reviewed_in_points_the_same_on_every_run_and_kept() {
    let script =
        format!("{BLUNDER_GAME}review quick\ngoto 5...\nnext\nprevious\nsummary\nreview\nstats\n");
    let store = TempStore::new("review");
    let output = play(&store, &script);
    let review = answer_to(&output, "review quick");
    assert!(
        review.contains("Reviewing game 1, quick (blunders and missed captures, fastest): Analysing: 0 of 11 positions."),
        "{review}"
    );
    assert!(
        review.contains("Review complete; it is kept with the game."),
        "{review}"
    );
    assert!(review.contains("Quick review: Review complete"), "{review}");
    // The graph: one line of blocks, the marks under it, move numbers.
    let graph = review
        .lines()
        .find(|l| l.starts_with("  ") && l.trim().chars().all(|c| "▁▂▃▄▅▆▇█".contains(c)))
        .unwrap_or_else(|| panic!("no graph line in\n{review}"));
    assert_eq!(graph.trim().chars().count(), 11, "{graph}");
    assert!(
        review.contains("(move numbers; i inaccuracy, m mistake, B blunder)"),
        "{review}"
    );
    assert!(review.contains("Black: accuracy"), "{review}");
    assert!(review.contains("1 blunder"), "{review}");
    assert!(review.contains("Moments that decided the game"), "{review}");
    assert!(
        review.contains("5… Qxg2??: Missed Kxf7, which takes 3 points"),
        "{review}"
    );
    assert!(
        review.contains("5… Qxg2??: Allowed Nxh8, losing 5 points"),
        "{review}"
    );
    assert!(
        review.contains("B 5…Qxg2?? Blunder, 8.7 points lost. Best was Kxf7."),
        "{review}"
    );
    // A move and its review, with the position it led to.
    let blunder = answer_to(&output, "goto 5...");
    assert!(
        blunder.contains("5…Qxg2?? Blunder, 8.7 points lost."),
        "{blunder}"
    );
    assert!(blunder.contains("Expected for White:"), "{blunder}");
    assert!(
        blunder.contains("   2  ♙  ♙  ♙  ♙  ·  ♙ [♛] ♙  2"),
        "{blunder}"
    );
    assert!(blunder.contains("Ply 10 of 10"), "{blunder}");
    let next = answer_to(&output, "next");
    assert!(next.contains("No marked move after this one."), "{next}");
    let previous = answer_to(&output, "previous");
    assert!(previous.contains("4.Nxe5?! Inaccuracy"), "{previous}");
    // Kept with the game: asked again, it is read back, not redone.
    let again = answer_to(&output, "review");
    assert!(
        again.contains("The review of game 1 is complete (kept with the game)."),
        "{again}"
    );
    let stats = answer_to(&output, "stats");
    assert!(stats.contains("Review accuracy"), "{stats}");
    assert!(stats.contains("Pass and play: 1 game reviewed."), "{stats}");
    // Node budgets: another run, another library, the same review.
    let other = TempStore::new("review-again");
    let second = play(&other, &script);
    assert_eq!(answer_to(&second, "review quick"), review);
    // `--ascii` draws the graph in ASCII.
    let ascii = TempStore::new("review-ascii");
    let plain = play_with(&ascii, &["--script", "-", "--ascii"], &script);
    let plain_review = answer_to(&plain, "review quick");
    assert!(plain_review.is_ascii(), "{plain_review}");
    assert!(
        plain_review.contains("B 5...Qxg2?? Blunder, 8.7 points lost."),
        "{plain_review}"
    );
}

#[test]
fn a_review_of_a_game_against_the_computer_counts_in_statistics() {
    let store = TempStore::new("review-stats");
    let output = play(
        &store,
        "new computer norochess level 1 white seed 7\ne4\nNf3\nresign yes\nreview 1 quick\nhome\nstats\nreview 9\nreview slow\n",
    );
    let review = answer_to(&output, "review 1 quick");
    assert!(review.contains("Review complete"), "{review}");
    assert!(review.contains("White: accuracy"), "{review}");
    let stats = answer_to(&output, "stats");
    assert!(
        stats.contains("Reviewed 1 game against the computer: your accuracy"),
        "{stats}"
    );
    let missing = answer_to(&output, "review 9");
    assert!(missing.contains("Game 9 cannot be reviewed"), "{missing}");
    let budget = answer_to(&output, "review slow");
    assert!(
        budget.contains("`slow` is neither a game number (`games` lists them) nor a review budget (quick, standard, deep)."),
        "{budget}"
    );
}

#[test]
fn the_analysis_board_plays_variations_that_never_change_the_game() {
    let store = TempStore::new("analyse");
    let output = play(
        &store,
        "new friend norochess\ne4 e5\nanalyse\nNf3 Nc6\nback\nreset\nlines 2\nhome\ncontinue\n",
    );
    let opened = answer_to(&output, "analyse");
    assert!(
        opened.contains("Analysis board: the game, after 1... e5."),
        "{opened}"
    );
    assert!(
        opened.contains("Lines for White (to move), in points:"),
        "{opened}"
    );
    assert!(opened.contains("  3. "), "three lines: {opened}");
    assert!(opened.contains("(depth "), "{opened}");
    let variation = answer_to(&output, "Nf3 Nc6");
    assert!(
        variation.contains("Variation: Nf3 Nc6 played."),
        "{variation}"
    );
    assert!(variation.contains("Variation: Nf3 Nc6\n"), "{variation}");
    assert!(
        variation.contains("Now: Move 3, White to play, score 0–0"),
        "{variation}"
    );
    let back = answer_to(&output, "back");
    assert!(back.contains("Variation: Nf3\n"), "{back}");
    let reset = answer_to(&output, "reset");
    assert!(reset.contains("Variation: none yet"), "{reset}");
    let lines = answer_to(&output, "lines 2");
    assert!(lines.contains("  2. "), "{lines}");
    assert!(!lines.contains("  3. "), "{lines}");
    // The game is where it was: move 2, White to move, two moves played.
    let game = answer_to(&output, "continue");
    assert!(game.contains("Moves: 1. e4 e5"), "{game}");
    assert!(output.contains("2. White> "), "{output}");
    let library = store.library();
    let list = library.list_all(&GameFilter::default(), 10).expect("list");
    assert_eq!(list.games.len(), 1);
    assert_eq!(list.games[0].move_number, 2);
}

/// A legal version of the composer's one-answer position: move 48, White
/// two points behind, and only Qxd5 wins (the scores fit the material
/// missing from the board, as the editor checks).
const ONE_ANSWER: &str = "7k/pppppppp/8/3n4/8/8/8/3Q3K w - - 0 48 score=28-30";

#[test]
fn near_the_end_the_analysis_board_gives_the_exact_result() {
    let store = TempStore::new("exact");
    let output = play(&store, &format!("edit fen \"{ONE_ANSWER}\"\nanalyse\n"));
    let board = answer_to(&output, "analyse");
    assert!(
        board.contains("Analysis board: the editor's position."),
        "{board}"
    );
    assert!(
        board.contains("The end is near: the exact solver works out the result…"),
        "{board}"
    );
    assert!(
        board.contains("Exact: White wins by 1 · moves that keep it: Qxd5"),
        "{board}"
    );
}

#[test]
fn the_editor_names_what_is_impossible_and_refuses_to_go_on() {
    let store = TempStore::new("editor");
    let output = play(
        &store,
        "edit fen \"7k/8/8/3n4/8/8/8/3Q3K w - - 0 48 score=18-20\"\nplay\ncompose win\nanalyse\n\
         clear\nput Kh1 Pa8 ke8\nedit new ram\nput Qj10\nremove e1\nstart\nturn black\nscore 1 0\n",
    );
    let opened = first_answer_to(
        &output,
        "edit fen \"7k/8/8/3n4/8/8/8/3Q3K w - - 0 48 score=18-20\"",
    );
    assert!(
        opened.contains("This position cannot be played"),
        "{opened}"
    );
    assert!(
        opened.contains("White has 18 points, but it must have captured the black pieces missing from the board, worth at least 36"),
        "{opened}"
    );
    for command in ["play", "compose win", "analyse"] {
        let refused = answer_to(&output, command);
        assert!(
            refused.contains("White has 18 points, but it must have captured"),
            "`{command}` went on: {refused}"
        );
    }
    let pawn = answer_to(&output, "put Kh1 Pa8 ke8");
    assert!(
        pawn.contains(
            "The white pawn on a8 cannot stand there: pawns never stand on the first or last rank"
        ),
        "{pawn}"
    );
    // The square of a problem is marked on the board.
    assert!(pawn.contains("   8 *♙* ·  ·  ·  ♚  ·  ·  ·  8"), "{pawn}");
    let ram = answer_to(&output, "edit new ram");
    assert!(ram.contains("Position editor · Ram chess"), "{ram}");
    assert!(ram.contains("  10 "), "a 10×10 board: {ram}");
    assert!(ram.contains("This position can be played"), "{ram}");
    assert!(answer_to(&output, "put Qj10").contains("Placed Qj10."));
    let start = answer_to(&output, "start");
    assert!(start.contains("This position can be played"), "{start}");
    let scores = answer_to(&output, "score 1 0");
    assert!(scores.contains("cannot be played"), "{scores}");
}

#[test]
fn a_position_from_the_editor_is_played_against_a_friend() {
    let store = TempStore::new("editor-play");
    let output = play(
        &store,
        &format!("edit fen \"{ONE_ANSWER}\"\nplay friend\nQxd5\nKg8\n"),
    );
    let game = answer_to(&output, "play friend");
    assert!(game.contains("White 28 – 30 Black"), "{game}");
    let end = answer_to(&output, "Kg8");
    assert!(end.contains("White wins 31–30"), "{end}");
}

#[test]
fn a_composed_puzzle_is_shared_imported_by_another_library_and_solved() {
    let composer = TempStore::new("compose");
    let output = play(
        &composer,
        &format!("edit fen \"{ONE_ANSWER}\"\ncompose win\npuzzle mine\n"),
    );
    let composed = answer_to(&output, "compose win");
    assert!(composed.contains("Proven! Puzzle my-"), "{composed}");
    assert!(
        composed.contains("White to play and win — move 48, score 28–30"),
        "{composed}"
    );
    assert!(composed.contains("Solution: Qxd5\n"), "{composed}");
    assert!(composed.contains("Saved to My puzzles"), "{composed}");
    let share = composed
        .lines()
        .skip_while(|l| !l.starts_with("Share it:"))
        .nth(1)
        .unwrap_or_else(|| panic!("no share line in\n{composed}"))
        .to_string();
    assert!(
        share.starts_with("my-") && share.contains("|win|d1d5|"),
        "{share}"
    );
    let mine = answer_to(&output, "puzzle mine");
    assert!(mine.contains("Composed · not tried yet"), "{mine}");
    // Another copy of the app: the line typed after `puzzle import`, then
    // pasted alone (proven again both times, kept once).
    let friend = TempStore::new("import");
    let imported = play(
        &friend,
        &format!("puzzle import {share}\n{share}\npuzzle mine\npuzzle mine 1\nQxd5\npuzzle mine\n"),
    );
    let first = answer_to(&imported, &format!("puzzle import {share}"));
    assert!(first.contains("Proven again: puzzle my-"), "{first}");
    assert!(first.contains("Imported into My puzzles"), "{first}");
    let pasted = answer_to(&imported, &share);
    assert!(pasted.contains("It is already in My puzzles"), "{pasted}");
    let solving = answer_to(&imported, "puzzle mine 1");
    assert!(solving.contains("── My puzzle my-"), "{solving}");
    let solved = answer_to(&imported, "Qxd5");
    assert!(solved.contains("✓ Qxd5 is right."), "{solved}");
    assert!(solved.contains("Puzzle solved!"), "{solved}");
    let progress = answer_to(&imported, "puzzle mine");
    assert!(progress.contains("Imported · solved cleanly"), "{progress}");
    let library = friend.library();
    assert_eq!(library.my_puzzles().expect("My puzzles").0.len(), 1);
}

#[test]
fn a_pasted_line_that_is_not_a_sound_puzzle_is_refused_with_why() {
    let store = TempStore::new("import-bad");
    let output = play(
        &store,
        "puzzle import my-1|norochess|7k/pppppppp/8/3n4/8/8/8/3Q3K w - - 0 48 score=28-30|-|win|h1g1|600|\npuzzle mine\n",
    );
    assert!(
        output.contains("Not imported: the puzzle does not hold"),
        "{output}"
    );
    assert!(
        answer_to(&output, "puzzle mine").contains("(none yet"),
        "{output}"
    );
}

#[test]
fn a_puzzle_shared_through_a_file_is_imported_from_it() {
    let composer = TempStore::new("share-file");
    std::fs::create_dir_all(composer.path()).expect("folder");
    let file = composer.path().join("shared.txt");
    let file_name = file.to_string_lossy().to_string();
    let output = play(
        &composer,
        &format!(
            "edit fen \"{ONE_ANSWER}\"\ncompose win\npuzzle mine share 1 {file_name}\npuzzle mine share 1 {file_name}\n"
        ),
    );
    let written = first_answer_to(&output, &format!("puzzle mine share 1 {file_name}"));
    assert!(written.contains("Wrote the puzzle's line to"), "{written}");
    let again = answer_to(&output, &format!("puzzle mine share 1 {file_name}"));
    assert!(
        again.contains("already exists: nothing was written"),
        "{again}"
    );
    let line = std::fs::read_to_string(&file).expect("the file");
    assert!(line.starts_with("my-") && line.ends_with('\n'), "{line}");
    let friend = TempStore::new("import-file");
    let imported = play(
        &friend,
        &format!("puzzle import {file_name}\npuzzle mine\n"),
    );
    assert!(
        answer_to(&imported, &format!("puzzle import {file_name}"))
            .contains("Imported into My puzzles"),
        "{imported}"
    );
    assert!(answer_to(&imported, "puzzle mine").contains("Imported · not tried yet"));
}

#[test]
fn two_winning_first_moves_are_not_a_puzzle_and_the_solver_says_so() {
    let store = TempStore::new("compose-two");
    let output = play(
        &store,
        "edit fen \"7k/pppppppp/8/3n4/n7/8/5PPP/3Q3K w - - 0 48 score=25-27\"\ncompose win\npuzzle mine\n",
    );
    let refused = answer_to(&output, "compose win");
    assert!(
        refused.contains("Not a puzzle: 2 first moves meet the objective (Qxa4, Qxd5): a puzzle needs exactly one."),
        "{refused}"
    );
    assert!(
        answer_to(&output, "puzzle mine").contains("(none yet"),
        "{output}"
    );
}

#[test]
fn a_replayed_game_is_reviewed_and_a_listed_game_analysed() {
    let store = TempStore::new("replay-review");
    let output = play(
        &store,
        "new friend norochess\ne4 d5\nhome\ngames 1\nreview quick\nhome\nanalyse 1\nanalyse 7\n",
    );
    let review = answer_to(&output, "review quick");
    assert!(review.contains("Reviewing game 1, quick"), "{review}");
    assert!(review.contains("Review complete"), "{review}");
    let board = answer_to(&output, "analyse 1");
    assert!(
        board.contains("Analysis board: game 1, after 1... d5."),
        "{board}"
    );
    assert!(
        board.contains("Lines for White (to move), in points:"),
        "{board}"
    );
    let missing = answer_to(&output, "analyse 7");
    assert!(
        missing.contains("There is no game 7 in the library."),
        "{missing}"
    );
}

#[test]
fn practice_mode_judges_each_move_before_the_computer_replies() {
    let store = TempStore::new("practice");
    let output = play(
        &store,
        "set practice on\nnew computer norochess level 1 white seed 3\ne4\nQh5\nQxh7\nundo\nset practice off\nNf3\n",
    );
    let first = answer_to(&output, "e4");
    // 1.e4 is the best move or within a tenth of a point of it, never
    // marked.
    assert!(
        first.contains("Practice: 1.e4 Best move.")
            || first.contains("Practice: 1.e4 Good move, 0.0 points from the best."),
        "{first}"
    );
    // Judged before the computer's reply.
    let judged = first.find("Practice:").expect("judged");
    let reply = first.find("Computer plays").expect("a reply");
    assert!(judged < reply, "{first}");
    let blunder = answer_to(&output, "Qxh7");
    assert!(blunder.contains("Practice: 3.Qxh7?? Blunder"), "{blunder}");
    assert!(
        blunder.contains("Allowed Rxh7, losing 9 points."),
        "{blunder}"
    );
    let off = answer_to(&output, "Nf3");
    assert!(!off.contains("Practice:"), "{off}");
}
