//! The one-time import of the terminal app's earlier file store:
//! `current.pgn` (the unfinished game), `games/game-NNNN.pgn`,
//! `puzzles.txt` and `settings.txt`. The files are left where they are.
//! Everything is written in one transaction together with the `imports`
//! row that records it, so an import cut short (the app killed) leaves
//! nothing and runs again whole, and a finished one never runs twice.
//! Only regular files are read: a FIFO or device never blocks start-up.
//! Streaks start again after the import (the old file kept only the sets
//! of solved and failed puzzles).

use super::puzzles::{insert_rated_attempt, start_rating};
use super::settings::write_setting;
use super::{Library, LibraryError, OpenNotice, PuzzleAttempt, Settings};
use crate::session::GameSession;
use crate::unix_time::unix_now;
use norochess_core::Game;
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use std::path::{Path, PathBuf};

const SOURCE: &str = "terminal-file-store";

/// What the old store holds, read before the import's transaction.
#[derive(Default)]
struct FileStore {
    /// Games, with whether each is the old `current.pgn`.
    games: Vec<(GameSession, bool)>,
    /// `key value` lines of `settings.txt`, if it was read.
    settings: Option<Vec<(String, String)>>,
    /// Solved and failed puzzle ids of `puzzles.txt`, if it was read.
    progress: Option<(Vec<String>, Vec<String>)>,
    /// Files that could not be read.
    skipped: Vec<String>,
}

fn already_imported(conn: &Connection) -> Result<bool, LibraryError> {
    let done: Option<String> = conn
        .query_row(
            "SELECT source FROM imports WHERE source = ?1",
            [SOURCE],
            |r| r.get(0),
        )
        .optional()?;
    Ok(done.is_some())
}

/// The text of `path` if it is a regular file that reads as UTF-8; `Err`
/// with the reason otherwise (a FIFO is never opened: it would block).
fn read_regular(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".to_string());
    }
    std::fs::read_to_string(path).map_err(|e| e.to_string())
}

fn skipped(path: &Path, why: &str) -> String {
    format!("{} ({why})", path.display())
}

fn read_store(folder: &Path) -> FileStore {
    let current = folder.join("current.pgn");
    let games_dir = folder.join("games");
    let progress = folder.join("puzzles.txt");
    let settings = folder.join("settings.txt");
    let mut store = FileStore::default();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&games_dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let read = |path: &Path, is_current: bool, store: &mut FileStore| match read_game(path) {
        Ok(session) => store.games.push((session, is_current)),
        Err(why) => store.skipped.push(skipped(path, &why)),
    };
    for file in &files {
        read(file, false, &mut store);
    }
    if current.exists() {
        read(&current, true, &mut store);
    }
    if settings.exists() {
        match read_regular(&settings) {
            Ok(text) => {
                store.settings = Some(
                    text.lines()
                        .filter_map(|l| l.trim().split_once(' '))
                        .map(|(k, v)| (k.to_string(), v.trim().to_string()))
                        .collect(),
                )
            }
            Err(why) => store.skipped.push(skipped(&settings, &why)),
        }
    }
    if progress.exists() {
        match read_regular(&progress).and_then(|text| {
            read_progress(&text).ok_or_else(|| "not a puzzle progress file".to_string())
        }) {
            Ok(ids) => store.progress = Some(ids),
            Err(why) => store.skipped.push(skipped(&progress, &why)),
        }
    }
    store
}

/// Imports the file store in `folder` if it has one and it was not imported
/// before. Returns what to tell the player.
pub(crate) fn import_file_store(
    library: &mut Library,
    folder: &Path,
) -> Result<Option<OpenNotice>, LibraryError> {
    let names = ["current.pgn", "games", "puzzles.txt", "settings.txt"];
    if !names.iter().any(|n| folder.join(n).exists()) {
        return Ok(None);
    }
    // Checked once without a lock (every later start), and again inside the
    // transaction (two windows starting at once import once).
    if already_imported(&library.conn)? {
        return Ok(None);
    }
    let store = read_store(folder);
    let tx = library
        .conn
        .transaction_with_behavior(TransactionBehavior::Immediate)?;
    if already_imported(&tx)? {
        return Ok(None);
    }
    if let Some(lines) = &store.settings {
        for (key, value) in lines {
            // A value the new settings refuse keeps its default.
            let mut checked = Settings::default();
            if checked.set(key, value).is_err() {
                continue;
            }
            if let Some(key) = Settings::canonical_key(key) {
                write_setting(&tx, key, &checked.get(key).unwrap_or_default())?;
            }
        }
    }
    let tiers = tiers_of_builtin_pack();
    let tier = |id: &str| {
        tiers
            .iter()
            .find(|(p, _)| p == id)
            .map_or("unknown", |(_, t)| *t)
    };
    if let Some((solved, failed)) = &store.progress {
        let now = unix_now();
        for (ids, attempt) in [
            (solved, PuzzleAttempt::Clean),
            (failed, PuzzleAttempt::Failed),
        ] {
            for id in ids {
                let tier = tier(id);
                insert_rated_attempt(&tx, id, tier, start_rating(id, tier), attempt, now)?;
            }
        }
    }
    let mut current_id = None;
    let mut imported = 0;
    for (mut session, is_current) in store.games {
        let unfinished = !session.game().is_over();
        let receipt = Library::write_game_in(&tx, &mut session)?;
        imported += 1;
        if is_current && unfinished {
            current_id = Some(receipt.id);
        }
    }
    // Only the old `current.pgn` is the game to continue.
    tx.execute("DELETE FROM current_game", [])?;
    if let Some(id) = current_id {
        tx.execute(
            "INSERT INTO current_game (slot, game_id) VALUES (1, ?1)",
            [id],
        )?;
    }
    let settings = store.settings.is_some();
    let puzzle_progress = store.progress.is_some();
    tx.execute(
        "INSERT INTO imports (source, at, detail) VALUES (?1, ?2, ?3)",
        params![
            SOURCE,
            unix_now(),
            format!(
                "{imported} games{}{} from {}",
                if settings { ", settings" } else { "" },
                if puzzle_progress {
                    ", puzzle progress"
                } else {
                    ""
                },
                folder.display()
            )
        ],
    )?;
    tx.commit()?;
    Ok(Some(OpenNotice::Imported {
        games: imported,
        settings,
        puzzle_progress,
        skipped: store.skipped,
    }))
}

fn read_game(path: &Path) -> Result<GameSession, String> {
    let text = read_regular(path)?;
    if text.trim().is_empty() {
        return Err("empty".to_string());
    }
    let game = Game::from_pgn(&text, None).map_err(|e| e.to_string())?;
    Ok(GameSession::restore(game, Vec::new(), 0))
}

/// The old progress file: solved and failed puzzle ids.
fn read_progress(text: &str) -> Option<(Vec<String>, Vec<String>)> {
    let mut lines = text.lines();
    if lines.next()?.trim() != "norochess-puzzle-progress 1" {
        return None;
    }
    let mut solved = Vec::new();
    let mut failed = Vec::new();
    for line in lines {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let ids = value
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        match key {
            "solved" => solved = ids.collect(),
            "failed" => failed = ids.collect(),
            _ => {}
        }
    }
    Some((solved, failed))
}

fn tiers_of_builtin_pack() -> Vec<(String, &'static str)> {
    norochess_core::puzzle::builtin_pack()
        .map(|pack| {
            pack.into_iter()
                .map(|p| {
                    let tier = p.difficulty().id();
                    (p.id, tier)
                })
                .collect()
        })
        .unwrap_or_default()
}
