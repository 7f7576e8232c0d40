use super::*;
use crate::players::GameSpec;
use crate::result::Scores;
use crate::session::GameSession;
use norochess_core::{Color, TimeControl, Variant};

fn friends() -> GameSession {
    let mut spec = GameSpec::pass_and_play(Variant::Norochess, "Ann", "Bob");
    spec.clock = Some(TimeControl::Fischer {
        base_ms: 300_000,
        increment_ms: 2_000,
    });
    GameSession::new(spec).unwrap()
}

#[test]
fn a_game_saved_after_every_move_comes_back_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(dir.path()).unwrap();
    let mut session = friends();
    for (i, mv) in ["e4", "e5", "Nf3", "Nc6"].iter().enumerate() {
        session.play_text(mv, i as u64 * 10_000).unwrap();
        let receipt = library.save(&mut session, i as u64 * 10_000).unwrap();
        assert_eq!(receipt.revision, i as i64 + 1);
    }
    drop(library);
    let library = Library::open(dir.path()).unwrap();
    let restored = library.current(0).unwrap().unwrap();
    assert_eq!(restored.game().san_moves(), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(restored.players()[0].name, "Ann");
    let clock = restored.snapshot(0).clock.unwrap();
    assert_eq!(clock.remaining(), [294_000, 284_000]);
    assert_eq!(library.integrity_check().unwrap(), Ok(()));
    let list = library.list(&GameFilter::default(), 50).unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].plies, 4);
    assert!(
        list[0]
            .describe()
            .starts_with("Norochess Ann vs Bob, move 3, 0–0, unfinished"),
        "{}",
        list[0].describe()
    );
    assert_eq!(list[0].title, "Norochess · Ann vs Bob");
    assert_eq!(list[0].result_line, "Unfinished, move 3, 0–0");
}

#[test]
fn a_second_writer_gets_a_conflict_not_a_silent_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = Library::open(dir.path()).unwrap();
    let mut session = friends();
    session.play_text("e4", 0).unwrap();
    first.save(&mut session, 0).unwrap();

    // A second window opens the same game.
    let mut second = Library::open(dir.path()).unwrap();
    let mut other = second.current(0).unwrap().unwrap();
    other.play_text("c5", 0).unwrap();
    second.save(&mut other, 0).unwrap();

    session.play_text("e5", 0).unwrap();
    let err = first.save(&mut session, 0).unwrap_err();
    assert!(
        matches!(
            err,
            LibraryError::Conflict {
                expected: 1,
                found: 2,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("changed by another window"));
    // The library still holds the second window's move.
    let id = other.library_id().unwrap();
    assert_eq!(first.load(id, 0).unwrap().game().san_moves(), ["e4", "c5"]);
}

#[test]
fn finished_games_leave_the_current_slot_and_count_in_stats() {
    let mut library = Library::in_memory().unwrap();
    let mut spec = GameSpec::against_computer(Variant::Norochess, Color::White, 3);
    spec.position = Some("4k3/8/8/8/8/8/8/4K3 w - - 0 48 score=38-33".to_string());
    let mut session = GameSession::new(spec.clone()).unwrap();
    session.play_text("Kd1", 0).unwrap();
    library.save(&mut session, 0).unwrap();
    assert_eq!(library.current_id().unwrap(), session.library_id());
    session.resign(None, 0).unwrap();
    library.save(&mut session, 0).unwrap();
    assert_eq!(library.current_id().unwrap(), None);

    let mut won = GameSession::new(spec).unwrap();
    won.play_text("Kd1", 0).unwrap();
    // The computer's reply, given as its answer.
    let request = won
        .request_computer_move(crate::session::EngineSettings::default(), 0)
        .unwrap();
    let reply = won.game().position().parse_move("Kd8").unwrap();
    won.computer_answer(request.ticket, Some(reply), 0).unwrap();
    library.save(&mut won, 0).unwrap();
    let stats = library.stats().unwrap();
    assert_eq!(stats.rows.len(), 1);
    let row = &stats.rows[0];
    assert_eq!(
        (row.level, row.games, row.wins, row.draws, row.losses),
        (Some(3), 2, 1, 0, 1)
    );
    assert_eq!(
        row.score_differential, 10,
        "+5 in the win and +5 in the resigned game"
    );
    assert_eq!(
        stats.best_win.as_ref().and_then(|g| g.scores),
        Some(Scores {
            white: 38,
            black: 33
        })
    );
    assert!(stats.worst_loss.is_some());
    let finished = library
        .list(
            &GameFilter {
                finished: Some(true),
                opponent: Some(OpponentFilter::Computer { level: Some(3) }),
                ..GameFilter::default()
            },
            10,
        )
        .unwrap();
    assert_eq!(finished.len(), 2);
    let lines: Vec<&str> = finished.iter().map(|g| g.result_line.as_str()).collect();
    assert!(
        lines.contains(&"Black wins 33–38 · resignation"),
        "the winner's score first, then why: {lines:?}"
    );
    assert!(
        finished[0]
            .title
            .starts_with("Norochess · vs the computer (level 3), you played white"),
        "{}",
        finished[0].title
    );
    let id = finished[0].id;
    assert!(library.record(id).unwrap().contains("[Result "));
    library.delete(id, 1).unwrap();
    assert!(matches!(
        library.delete(id, 1),
        Err(LibraryError::NoSuchGame(_))
    ));
}

#[test]
fn puzzle_progress_tells_solved_cleanly_and_shown_apart() {
    let mut library = Library::in_memory().unwrap();
    library
        .record_puzzle_attempt("np1", "easy", PuzzleAttempt::Clean)
        .unwrap();
    library
        .record_puzzle_attempt("np2", "easy", PuzzleAttempt::Clean)
        .unwrap();
    library
        .record_puzzle_attempt("np3", "hard", PuzzleAttempt::Shown)
        .unwrap();
    library
        .record_puzzle_attempt("np4", "medium", PuzzleAttempt::Solved)
        .unwrap();
    library
        .record_puzzle_attempt("np5", "medium", PuzzleAttempt::Clean)
        .unwrap();
    let stats = library.puzzle_stats().unwrap();
    assert_eq!(
        (
            stats.attempted,
            stats.solved,
            stats.solved_cleanly,
            stats.shown
        ),
        (5, 4, 3, 1)
    );
    assert_eq!((stats.streak, stats.best_streak), (1, 2));
    let tiers: Vec<_> = stats
        .tiers
        .iter()
        .map(|t| (t.tier.as_str(), t.solved))
        .collect();
    assert_eq!(tiers, [("easy", 2), ("medium", 2), ("hard", 0)]);
    assert_eq!(
        library.puzzle_status("np3").unwrap(),
        Some(PuzzleAttempt::Shown)
    );
    assert_eq!(library.puzzle_status("nope").unwrap(), None);
}

#[test]
fn settings_are_typed_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(dir.path()).unwrap();
    assert_eq!(library.settings().unwrap(), Settings::default());
    library.set_setting("level", "6").unwrap();
    library.set_setting("clock", "tournament").unwrap();
    assert!(matches!(
        library.set_setting("level", "0"),
        Err(LibraryError::Settings(SettingsError::BadValue { .. }))
    ));
    drop(library);
    let library = Library::open(dir.path()).unwrap();
    let settings = library.settings().unwrap();
    assert_eq!(settings.default_level, 6);
    assert_eq!(
        settings.default_clock,
        Some(TimeControl::NOROCHESS_TOURNAMENT)
    );
}

#[test]
fn a_damaged_database_is_moved_aside_never_deleted() {
    for (name, damage) in [
        ("random bytes", DamageKind::Random),
        ("truncated", DamageKind::Truncated),
    ] {
        let dir = tempfile::tempdir().unwrap();
        {
            let mut library = Library::open(dir.path()).unwrap();
            for _ in 0..30 {
                let mut s = friends();
                s.play_text("e4", 0).unwrap();
                library.save(&mut s, 0).unwrap();
            }
            // Fold the journal into the file, so damage to the file is
            // damage to the games.
            library
                .conn
                .execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
                .unwrap();
        }
        let path = dir.path().join(DATABASE_FILE);
        let bytes = std::fs::read(&path).unwrap();
        let damaged = match damage {
            DamageKind::Random => {
                let mut rng = norochess_core::SplitMix64::new(7);
                (0..bytes.len())
                    .map(|_| rng.next_u64() as u8)
                    .collect::<Vec<u8>>()
            }
            DamageKind::Truncated => bytes[..bytes.len() / 3].to_vec(),
        };
        std::fs::write(&path, &damaged).unwrap();
        let library = Library::open(dir.path()).unwrap();
        let notice = library.notices().first().cloned();
        let Some(OpenNotice::Recovered { backup, .. }) = notice else {
            panic!("{name}: no recovery notice: {:?}", library.notices());
        };
        assert_eq!(
            std::fs::read(&backup).unwrap(),
            damaged,
            "{name}: the backup is the damaged file"
        );
        assert!(library.notices()[0]
            .message()
            .contains("nothing was deleted"));
        assert_eq!(library.game_count().unwrap(), 0);
    }
}

enum DamageKind {
    Random,
    Truncated,
}

#[test]
fn the_terminal_apps_files_are_imported_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut old = friends();
    old.play_text("d4", 0).unwrap();
    let record = old.record(0);
    std::fs::write(dir.path().join("current.pgn"), &record).unwrap();
    std::fs::create_dir(dir.path().join("games")).unwrap();
    let mut finished = friends();
    finished.resign(None, 0).unwrap();
    std::fs::write(dir.path().join("games/game-0001.pgn"), finished.record(0)).unwrap();
    std::fs::write(dir.path().join("games/game-0002.pgn"), "garbage").unwrap();
    // A FIFO would block a read forever: it is skipped, never opened.
    #[cfg(unix)]
    {
        let fifo = dir.path().join("games/game-0003.pgn");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    }
    std::fs::write(
        dir.path().join("settings.txt"),
        "level 5\nautoflip off\npieces letters\n",
    )
    .unwrap();
    // Progress on the first three puzzles of the pack, whatever their ids.
    let pack = norochess_core::puzzle::builtin_pack().unwrap();
    let [a, b, c] = [&pack[0], &pack[1], &pack[2]];
    std::fs::write(
        dir.path().join("puzzles.txt"),
        format!(
            "norochess-puzzle-progress 1\nstreak 1\nbest 2\nsolved {},{}\nfailed {}\n",
            a.id, b.id, c.id
        ),
    )
    .unwrap();

    let library = Library::open(dir.path()).unwrap();
    let notice = library.notices().first().cloned();
    let Some(OpenNotice::Imported { games, skipped, .. }) = notice.clone() else {
        panic!("{:?}", library.notices());
    };
    assert_eq!(games, 2);
    assert_eq!(skipped.len(), if cfg!(unix) { 2 } else { 1 }, "{skipped:?}");
    assert!(
        notice.is_some_and(|n| n
            .message()
            .starts_with("Imported 2 games, your settings and your puzzle progress")),
        "{:?}",
        library.notices()
    );
    let current = library.current(0).unwrap().unwrap();
    assert_eq!(current.game().san_moves(), ["d4"]);
    let settings = library.settings().unwrap();
    assert_eq!(settings.default_level, 5);
    assert_eq!(settings.piece_style, PieceStyle::Letters);
    let stats = library.puzzle_stats().unwrap();
    assert_eq!((stats.solved_cleanly, stats.attempted), (2, 3));
    // Each imported attempt keeps its puzzle's tier in the pack.
    for tier in &stats.tiers {
        let expected = [a, b, c]
            .iter()
            .filter(|p| p.difficulty().id() == tier.tier)
            .count();
        assert_eq!(tier.attempted as usize, expected, "{tier:?}");
    }
    assert_eq!(
        library.puzzle_status(&c.id).unwrap(),
        Some(PuzzleAttempt::Failed)
    );
    drop(library);
    // Never twice.
    let library = Library::open(dir.path()).unwrap();
    assert!(library.notices().is_empty());
    assert_eq!(library.game_count().unwrap(), 2);
    assert!(
        dir.path().join("current.pgn").exists(),
        "the old files stay"
    );
}

#[test]
fn the_newest_schema_version_is_known() {
    let library = Library::in_memory().unwrap();
    let version: i64 = library
        .conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, schema::latest());
}

#[test]
fn a_library_of_the_first_schema_keeps_its_attempts_and_starts_rating() {
    let pack = norochess_core::puzzle::builtin_pack().unwrap();
    let (old_one, new_one) = (&pack[0], &pack[1]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(DATABASE_FILE);
    {
        // A database as the first release left it: schema 1 and attempts.
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        schema::apply_first(&conn, 1).unwrap();
        conn.execute(
            "INSERT INTO puzzle_attempts (puzzle_id, tier, outcome, at) VALUES (?1, ?2, 'clean', 1)",
            [&old_one.id, old_one.difficulty().id()],
        )
        .unwrap();
    }
    let mut library = Library::open_file(&path).unwrap();
    let stats = library.puzzle_stats().unwrap();
    assert_eq!(
        (stats.solved_cleanly, stats.rating, stats.deviation),
        (1, 1500, 350)
    );
    assert!(stats.rating_history.is_empty());
    let rated = library
        .record_puzzle_attempt(&new_one.id, new_one.difficulty().id(), PuzzleAttempt::Clean)
        .unwrap();
    assert!(rated.change() > 0);
    assert_eq!(library.puzzle_stats().unwrap().rated_attempts, 1);
}

#[test]
fn each_attempt_rates_the_player_and_the_puzzle() {
    let mut library = Library::in_memory().unwrap();
    let pack = norochess_core::puzzle::builtin_pack().unwrap();
    let puzzle = &pack[0];
    let tier = puzzle.difficulty().id();
    assert_eq!(library.rating_of_puzzle(&puzzle.id).unwrap(), None);
    let won = library
        .record_puzzle_attempt(&puzzle.id, tier, PuzzleAttempt::Clean)
        .unwrap();
    // A built-in puzzle starts at its pack rating.
    assert_eq!(won.puzzle_before.rating, f64::from(puzzle.rating));
    assert_eq!(
        won.puzzle_before.deviation,
        crate::ratings::PUZZLE_START_DEVIATION
    );
    assert_eq!(won.player_before, crate::ratings::Rating::new_player());
    assert!(won.player_after.rating > 1500.0);
    assert_eq!(
        won.text(),
        format!(
            "Puzzle rating {} (+{})",
            won.player_after.text(),
            won.change()
        )
    );
    assert!(won.puzzle_after.rating < f64::from(puzzle.rating));
    assert_eq!(library.puzzle_rating().unwrap(), won.player_after);
    assert_eq!(
        library.rating_of_puzzle(&puzzle.id).unwrap(),
        Some(won.puzzle_after)
    );
    // Help, a solution shown and a failure are all losses.
    let mut rating = won.player_after.rating;
    for attempt in [
        PuzzleAttempt::Solved,
        PuzzleAttempt::Shown,
        PuzzleAttempt::Failed,
    ] {
        let lost = library
            .record_puzzle_attempt(&puzzle.id, tier, attempt)
            .unwrap();
        assert_eq!(lost.player_before.rating, rating);
        assert!(lost.player_after.rating < rating, "{attempt:?}");
        assert!(lost.text().contains(" (−"), "{}", lost.text());
        assert!(lost.puzzle_after.rating > lost.puzzle_before.rating);
        rating = lost.player_after.rating;
    }
    // A puzzle from a file starts at the rating it is given.
    let file = library
        .record_rated_puzzle_attempt("mine1", "hard", 2000, PuzzleAttempt::Clean)
        .unwrap();
    assert_eq!(file.puzzle_before.rating, 2000.0);
    let stats = library.puzzle_stats().unwrap();
    assert_eq!(stats.rated_attempts, 5);
    assert_eq!(stats.rating, file.player_after.rounded());
    assert_eq!(stats.deviation, file.player_after.rounded_deviation());
    let outcomes: Vec<_> = stats.rating_history.iter().map(|p| p.outcome).collect();
    assert_eq!(
        outcomes,
        [
            PuzzleAttempt::Clean,
            PuzzleAttempt::Solved,
            PuzzleAttempt::Shown,
            PuzzleAttempt::Failed,
            PuzzleAttempt::Clean
        ]
    );
    assert_eq!(
        stats.rating_history.last().map(|p| p.rating),
        Some(stats.rating)
    );
    let latest = library.rating_history(2).unwrap();
    assert_eq!(latest.len(), 2);
    assert_eq!(latest[1].puzzle_id, "mine1");
    assert_eq!(library.stats().unwrap().puzzles, stats);
}

#[test]
fn the_daily_puzzle_stays_the_same_all_day() {
    use crate::ratings::Day;
    let mut library = Library::in_memory().unwrap();
    let pack = norochess_core::puzzle::builtin_pack().unwrap();
    let today = Day::today();
    let before = library.daily_puzzle(&pack, today).unwrap().unwrap();
    // Solving puzzles today moves the rating but not today's puzzle,
    // which follows the rating at the start of the day.
    for p in pack.iter().take(5) {
        library
            .record_puzzle_attempt(&p.id, p.difficulty().id(), PuzzleAttempt::Clean)
            .unwrap();
    }
    let after = library.daily_puzzle(&pack, today).unwrap().unwrap();
    assert_eq!(before.id, after.id);
    assert_eq!(library.daily_puzzle(&[], today).unwrap(), None);
}

#[test]
fn an_import_of_only_games_says_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("games")).unwrap();
    let library = Library::open(dir.path()).unwrap();
    assert_eq!(
        library.notices()[0].message(),
        "Imported 0 games from the earlier files (they were left in place)."
    );
}

#[test]
fn a_session_saved_unchanged_writes_nothing() {
    let mut library = Library::in_memory().unwrap();
    let mut session = friends();
    session.play_text("d4", 0).unwrap();
    library.save(&mut session, 0).unwrap();
    let id = session.library_id().unwrap();
    let mut looking = library.load(id, 0).unwrap();
    let receipt = library.save(&mut looking, 0).unwrap();
    assert!(!receipt.written);
    assert_eq!(library.summary(id).unwrap().revision, 1);
    // The window that plays is not disturbed.
    session.play_text("d5", 0).unwrap();
    assert!(library.save(&mut session, 0).unwrap().written);
}

#[test]
fn a_delete_of_a_game_played_on_since_is_refused() {
    let mut library = Library::in_memory().unwrap();
    let mut session = friends();
    library.save(&mut session, 0).unwrap();
    let id = session.library_id().unwrap();
    session.play_text("d4", 0).unwrap();
    library.save(&mut session, 0).unwrap();
    assert!(matches!(
        library.delete(id, 1),
        Err(LibraryError::Conflict { found: 2, .. })
    ));
    assert_eq!(library.game_count().unwrap(), 1);
    library.delete(id, 2).unwrap();
    // A new game never gets the deleted one's id.
    let mut next = friends();
    library.save(&mut next, 0).unwrap();
    assert_ne!(next.library_id(), Some(id));
}

#[test]
fn setting_one_key_keeps_the_others_another_window_set() {
    let dir = tempfile::tempdir().unwrap();
    let mut one = Library::open(dir.path()).unwrap();
    let mut two = Library::open(dir.path()).unwrap();
    let _ = one.settings().unwrap();
    let _ = two.settings().unwrap();
    one.set_setting("level", "5").unwrap();
    let after = two.set_setting("pieces", "letters").unwrap();
    assert_eq!(after.default_level, 5);
    assert_eq!(one.settings().unwrap().piece_style, PieceStyle::Letters);
}

#[test]
fn a_malformed_row_is_skipped_and_named_not_fatal_to_the_list() {
    let mut library = Library::in_memory().unwrap();
    let mut session = friends();
    library.save(&mut session, 0).unwrap();
    let mut other = friends();
    library.save(&mut other, 0).unwrap();
    let bad = other.library_id().unwrap();
    library
        .conn
        .execute("UPDATE games SET plies = 'many' WHERE id = ?1", [bad])
        .unwrap();
    let list = library.list_all(&GameFilter::default(), 10).unwrap();
    assert_eq!(list.games.len(), 1);
    assert_eq!(list.unreadable, vec![bad]);
}

#[test]
fn a_zero_length_database_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(DATABASE_FILE);
    let file = std::fs::File::create(&path).unwrap();
    let long_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(60);
    file.set_modified(long_ago).unwrap();
    drop(file);
    let library = Library::open_file(&path).unwrap();
    assert!(
        matches!(library.notices(), [OpenNotice::EmptyFile { .. }]),
        "{:?}",
        library.notices()
    );
    drop(library);
    assert!(Library::open_file(&path).unwrap().notices().is_empty());
}

#[test]
fn a_full_disk_is_said_as_such_in_one_line() {
    let e = LibraryError::Sqlite(rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL),
        Some("database or disk is full".to_string()),
    ));
    assert!(e.is_disk_full());
    assert_eq!(
        e.to_string(),
        "the library could not be read or written: the disk is full"
    );
}

#[test]
fn a_summary_keeps_every_option_of_its_set_up() {
    let mut library = Library::in_memory().unwrap();
    let variant = Variant::parse("improved", Some("seventh"), Some("any")).unwrap();
    let mut session = GameSession::new(GameSpec::pass_and_play(variant, "Ann", "Bob")).unwrap();
    session.play_text("e4", 0).unwrap();
    library.save(&mut session, 0).unwrap();
    let mut n960 = GameSpec::pass_and_play(Variant::Norochess960, "Ann", "Bob");
    n960.start = Some(7);
    let mut other = GameSession::new(n960).unwrap();
    other.play_text("e4", 0).unwrap();
    library.save(&mut other, 0).unwrap();
    let mut setups: Vec<String> = library
        .list(&GameFilter::default(), 10)
        .unwrap()
        .into_iter()
        .map(|g| g.setup)
        .collect();
    setups.sort();
    assert_eq!(setups, ["improved:seventh:any", "norochess960:7"]);
}

/// Two windows opening a library that does not exist yet, at the same
/// moment: neither may take the other's new database for a damaged one
/// and move it aside (SQLite answers `PRAGMA journal_mode = WAL` with the
/// old mode while the other connection holds the lock).
#[test]
fn two_first_opens_at_once_never_move_a_database_aside() {
    for attempt in 0..60 {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().to_path_buf();
        let start = std::sync::Arc::new(std::sync::Barrier::new(2));
        let open = |folder: std::path::PathBuf, start: std::sync::Arc<std::sync::Barrier>| {
            std::thread::spawn(move || {
                start.wait();
                let library = Library::open(&folder).map_err(|e| e.to_string())?;
                Ok::<Vec<OpenNotice>, String>(library.notices().to_vec())
            })
        };
        let one = open(folder.clone(), start.clone());
        let two = open(folder.clone(), start);
        for handle in [one, two] {
            let notices = handle.join().expect("the opening thread ends");
            let notices = notices.unwrap_or_else(|e| panic!("attempt {attempt}: {e}"));
            assert!(
                !notices
                    .iter()
                    .any(|n| matches!(n, OpenNotice::Recovered { .. })),
                "attempt {attempt}: a new database was moved aside: {notices:?}"
            );
        }
        let aside: Vec<_> = std::fs::read_dir(&folder)
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().contains(".damaged-"))
            .collect();
        assert!(aside.is_empty(), "attempt {attempt}: {aside:?}");
    }
}
