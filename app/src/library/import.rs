//! The one-time import of the terminal app's earlier file store:
//! `current.pgn` (the unfinished game), `games/game-NNNN.pgn`,
//! `puzzles.txt` and `settings.txt`. The files are left where they are; an
//! `imports` row makes sure it happens once. Streaks start again after the
//! import (the old file kept only the sets of solved and failed puzzles).

use super::{unix_now, Library, LibraryError, OpenNotice, PuzzleAttempt};
use crate::session::GameSession;
use norochess_core::Game;
use rusqlite::{params, OptionalExtension};
use std::path::Path;

const SOURCE: &str = "terminal-file-store";

/// Imports the file store in `folder` if it has one and it was not imported
/// before. Returns what to tell the player.
pub(crate) fn import_file_store(
    library: &mut Library,
    folder: &Path,
) -> Result<Option<OpenNotice>, LibraryError> {
    let current = folder.join("current.pgn");
    let games_dir = folder.join("games");
    let progress = folder.join("puzzles.txt");
    let settings = folder.join("settings.txt");
    if ![&current, &games_dir, &progress, &settings]
        .iter()
        .any(|p| p.exists())
    {
        return Ok(None);
    }
    let done: Option<String> = library
        .conn
        .query_row(
            "SELECT source FROM imports WHERE source = ?1",
            [SOURCE],
            |r| r.get(0),
        )
        .optional()?;
    if done.is_some() {
        return Ok(None);
    }

    let mut skipped = Vec::new();
    let mut imported = 0;
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&games_dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut sessions = Vec::new();
    for file in &files {
        match read_game(file) {
            Some(session) => sessions.push((session, false)),
            None => skipped.push(file.display().to_string()),
        }
    }
    if current.exists() {
        match read_game(&current) {
            Some(session) => sessions.push((session, true)),
            None => skipped.push(current.display().to_string()),
        }
    }
    let mut settings_lines = Vec::new();
    if let Ok(text) = std::fs::read_to_string(&settings) {
        settings_lines = text
            .lines()
            .filter_map(|l| l.trim().split_once(' '))
            .map(|(k, v)| (k.to_string(), v.trim().to_string()))
            .collect();
    } else if settings.exists() {
        skipped.push(settings.display().to_string());
    }
    let (solved, failed) = match std::fs::read_to_string(&progress) {
        Ok(text) => read_progress(&text).unwrap_or_else(|| {
            skipped.push(progress.display().to_string());
            (Vec::new(), Vec::new())
        }),
        Err(_) => {
            if progress.exists() {
                skipped.push(progress.display().to_string());
            }
            (Vec::new(), Vec::new())
        }
    };

    let mut new_settings = library.settings()?;
    for (key, value) in &settings_lines {
        // A value the new settings refuse keeps its default.
        let _ = new_settings.set(key, value);
    }
    library.save_settings(&new_settings)?;
    let tiers = tiers_of_builtin_pack();
    let tier = |id: &str| {
        tiers
            .iter()
            .find(|(p, _)| p == id)
            .map_or("unknown", |(_, t)| *t)
    };
    for id in &solved {
        library.record_puzzle_attempt(id, tier(id), PuzzleAttempt::Clean)?;
    }
    for id in &failed {
        library.record_puzzle_attempt(id, tier(id), PuzzleAttempt::Failed)?;
    }
    let mut current_id = None;
    for (mut session, is_current) in sessions {
        let unfinished = !session.game().is_over();
        library.save(&mut session, 0)?;
        imported += 1;
        if is_current && unfinished {
            current_id = session.library_id();
        }
    }
    // Only the old `current.pgn` is the game to continue.
    library.clear_current()?;
    if let Some(id) = current_id {
        library.conn.execute(
            "INSERT INTO current_game (slot, game_id) VALUES (1, ?1)",
            [id],
        )?;
    }
    library.conn.execute(
        "INSERT INTO imports (source, at, detail) VALUES (?1, ?2, ?3)",
        params![
            SOURCE,
            unix_now(),
            format!("{imported} games from {}", folder.display())
        ],
    )?;
    Ok(Some(OpenNotice::Imported {
        games: imported,
        skipped,
    }))
}

fn read_game(path: &Path) -> Option<GameSession> {
    let text = std::fs::read_to_string(path).ok()?;
    if text.trim().is_empty() {
        return None;
    }
    let game = Game::from_pgn(&text, None).ok()?;
    Some(GameSession::restore(game, Vec::new(), 0))
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
