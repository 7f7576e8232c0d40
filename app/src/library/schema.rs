//! The database schema, as migrations applied in order (the version lives
//! in SQLite's `user_version`, migration N bringing it to N). A migration is
//! never edited once released: a change is a new migration at the end.
//!
//! Two windows may open a new or older library at the same moment: the
//! migrations run inside one `BEGIN IMMEDIATE` transaction, which the
//! second window waits for (the busy timeout), and then it finds the
//! schema current and changes nothing.

use rusqlite::{Connection, TransactionBehavior};
use thiserror::Error;

/// Why the schema could not be brought up to date (one line, no SQL).
#[derive(Debug, Error)]
pub enum MigrationError {
    /// The database is newer than this version of the app.
    #[error("schema {found} is newer than this version knows ({known})")]
    Newer {
        /// Its schema version.
        found: i64,
        /// The newest this version knows.
        known: i64,
    },
    /// SQLite refused a step.
    #[error(
        "cannot bring the schema to version {version}: {}",
        super::sqlite_text(source)
    )]
    Step {
        /// The version being reached (0: reading the current one).
        version: i64,
        /// Why.
        source: rusqlite::Error,
    },
}

impl MigrationError {
    /// The SQLite error behind it, if any.
    pub(crate) fn sqlite(&self) -> Option<&rusqlite::Error> {
        match self {
            MigrationError::Step { source, .. } => Some(source),
            MigrationError::Newer { .. } => None,
        }
    }
}

/// The newest schema version this app knows.
pub(crate) fn latest() -> i64 {
    MIGRATIONS.len() as i64
}

fn user_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA user_version", [], |row| row.get(0))
}

/// Brings `conn`'s schema to [`latest`], every missing migration in one
/// `BEGIN IMMEDIATE` transaction (nothing is written when it is current).
pub(crate) fn migrate(conn: &mut Connection) -> Result<(), MigrationError> {
    let step = |version: i64| move |source| MigrationError::Step { version, source };
    let known = latest();
    let found = user_version(conn).map_err(step(0))?;
    if found > known {
        return Err(MigrationError::Newer { found, known });
    }
    if found == known {
        return Ok(());
    }
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(step(found + 1))?;
    // Another window may have migrated while this one waited for the lock.
    let found = user_version(&tx).map_err(step(0))?;
    if found > known {
        return Err(MigrationError::Newer { found, known });
    }
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        let version = index as i64 + 1;
        tx.execute_batch(sql).map_err(step(version))?;
        tx.pragma_update(None, "user_version", version)
            .map_err(step(version))?;
    }
    tx.commit().map_err(step(known))
}

/// Applies the first `count` migrations only (tests of older libraries).
#[cfg(test)]
pub(crate) fn apply_first(conn: &Connection, count: usize) -> rusqlite::Result<()> {
    for sql in &MIGRATIONS[..count] {
        conn.execute_batch(sql)?;
    }
    conn.pragma_update(None, "user_version", count as i64)
}

/// Every migration, oldest first.
const MIGRATIONS: &[&str] = &[
    "
        -- Every game, finished or not. `record` is the PGN-style text with
        -- all tags; the other columns repeat what lists, filters and
        -- statistics need, so they never parse records.
        CREATE TABLE games (
            id            INTEGER PRIMARY KEY,
            -- Bumped by every save: a writer that read an older revision
            -- gets a conflict instead of overwriting (two windows).
            revision      INTEGER NOT NULL DEFAULT 1,
            variant       TEXT NOT NULL,
            setup         TEXT NOT NULL,
            mode          TEXT NOT NULL CHECK (mode IN ('computer', 'friend')),
            level         INTEGER,
            human_color   TEXT CHECK (human_color IN ('white', 'black')),
            white_name    TEXT NOT NULL,
            black_name    TEXT NOT NULL,
            time_control  TEXT,
            -- Clock times at every position: 'w/b,w/b,...' in milliseconds.
            clock_history TEXT NOT NULL DEFAULT '',
            record        TEXT NOT NULL,
            plies         INTEGER NOT NULL,
            move_number   INTEGER NOT NULL,
            white_score   INTEGER,
            black_score   INTEGER,
            finished      INTEGER NOT NULL DEFAULT 0,
            result        TEXT,
            end_reason    TEXT,
            created_at    INTEGER NOT NULL,
            updated_at    INTEGER NOT NULL
        );
        CREATE INDEX games_by_update ON games (updated_at DESC, id DESC);
        CREATE INDEX games_finished ON games (finished, variant, mode, level);

        -- The game the app continues at launch (at most one row).
        CREATE TABLE current_game (
            slot    INTEGER PRIMARY KEY CHECK (slot = 1),
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE
        );

        CREATE TABLE settings (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;

        -- Every puzzle attempt, in order: progress, streaks and tiers are
        -- computed from it.
        CREATE TABLE puzzle_attempts (
            id        INTEGER PRIMARY KEY,
            puzzle_id TEXT NOT NULL,
            tier      TEXT NOT NULL,
            outcome   TEXT NOT NULL CHECK (outcome IN ('clean', 'solved', 'shown', 'failed')),
            at        INTEGER NOT NULL
        );
        CREATE INDEX puzzle_attempts_by_puzzle ON puzzle_attempts (puzzle_id);

        -- One-time imports already done (the terminal app's file store).
        CREATE TABLE imports (
            source TEXT PRIMARY KEY,
            at     INTEGER NOT NULL,
            detail TEXT NOT NULL
        ) WITHOUT ROWID;
        ",
    // Glicko-2 puzzle ratings (`crate::ratings`). Attempts recorded before
    // this migration are not replayed: the rating starts with the first
    // attempt after it.
    "
        -- The player's puzzle rating (at most one row; none: the start values).
        CREATE TABLE puzzle_player_rating (
            slot       INTEGER PRIMARY KEY CHECK (slot = 1),
            rating     REAL NOT NULL,
            deviation  REAL NOT NULL,
            volatility REAL NOT NULL
        );

        -- Each attempted puzzle's rating (none: its pack rating with the
        -- start deviation).
        CREATE TABLE puzzle_ratings (
            puzzle_id  TEXT PRIMARY KEY,
            rating     REAL NOT NULL,
            deviation  REAL NOT NULL,
            volatility REAL NOT NULL
        ) WITHOUT ROWID;

        -- One row per rated attempt: the player's rating after it.
        CREATE TABLE puzzle_rating_history (
            id         INTEGER PRIMARY KEY,
            attempt_id INTEGER NOT NULL REFERENCES puzzle_attempts (id) ON DELETE CASCADE,
            puzzle_id  TEXT NOT NULL,
            outcome    TEXT NOT NULL CHECK (outcome IN ('clean', 'solved', 'shown', 'failed')),
            at         INTEGER NOT NULL,
            rating     REAL NOT NULL,
            deviation  REAL NOT NULL
        );
        CREATE INDEX puzzle_rating_history_by_time ON puzzle_rating_history (at, id);
        ",
    // Game ids are never reused (AUTOINCREMENT): a window holding a deleted
    // game's id must not overwrite a new game that got the same id. The
    // current-game row refers to `games`, so it is copied out while the
    // table is rebuilt (dropping `games` would cascade to it).
    "
        CREATE TABLE current_game_copy AS SELECT slot, game_id FROM current_game;
        DROP TABLE current_game;
        CREATE TABLE games_new (
            id            INTEGER PRIMARY KEY AUTOINCREMENT,
            revision      INTEGER NOT NULL DEFAULT 1,
            variant       TEXT NOT NULL,
            setup         TEXT NOT NULL,
            mode          TEXT NOT NULL CHECK (mode IN ('computer', 'friend')),
            level         INTEGER,
            human_color   TEXT CHECK (human_color IN ('white', 'black')),
            white_name    TEXT NOT NULL,
            black_name    TEXT NOT NULL,
            time_control  TEXT,
            clock_history TEXT NOT NULL DEFAULT '',
            record        TEXT NOT NULL,
            plies         INTEGER NOT NULL,
            move_number   INTEGER NOT NULL,
            white_score   INTEGER,
            black_score   INTEGER,
            finished      INTEGER NOT NULL DEFAULT 0,
            result        TEXT,
            end_reason    TEXT,
            created_at    INTEGER NOT NULL,
            updated_at    INTEGER NOT NULL
        );
        INSERT INTO games_new SELECT id, revision, variant, setup, mode, level, human_color,
            white_name, black_name, time_control, clock_history, record, plies, move_number,
            white_score, black_score, finished, result, end_reason, created_at, updated_at
            FROM games;
        DROP TABLE games;
        ALTER TABLE games_new RENAME TO games;
        CREATE INDEX games_by_update ON games (updated_at DESC, id DESC);
        CREATE INDEX games_finished ON games (finished, variant, mode, level);
        CREATE TABLE current_game (
            slot    INTEGER PRIMARY KEY CHECK (slot = 1),
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE
        );
        INSERT INTO current_game SELECT slot, game_id FROM current_game_copy
            WHERE game_id IN (SELECT id FROM games);
        DROP TABLE current_game_copy;
        ",
    // Reviews of games (docs/review.md): the engine's evaluations as text,
    // resumable, with each side's summary for statistics; and the puzzles
    // the player composed or imported, in the puzzle file format.
    "
        CREATE TABLE game_reviews (
            game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            positions      INTEGER NOT NULL,
            analysed       INTEGER NOT NULL,
            data           TEXT NOT NULL,
            white_accuracy REAL NOT NULL,
            black_accuracy REAL NOT NULL,
            white_loss     REAL NOT NULL,
            black_loss     REAL NOT NULL,
            white_moves    INTEGER NOT NULL,
            black_moves    INTEGER NOT NULL,
            updated_at     INTEGER NOT NULL
        );
        CREATE TABLE my_puzzles (
            id         TEXT PRIMARY KEY,
            line       TEXT NOT NULL,
            origin     TEXT NOT NULL CHECK (origin IN ('composed', 'imported')),
            created_at INTEGER NOT NULL
        );
        CREATE INDEX my_puzzles_by_time ON my_puzzles (created_at, id);
        ",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_database_reaches_the_latest_version_and_a_second_run_writes_nothing() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn).unwrap();
        assert_eq!(user_version(&conn).unwrap(), latest());
        let changes = conn.total_changes();
        migrate(&mut conn).unwrap();
        assert_eq!(conn.total_changes(), changes);
    }

    #[test]
    fn version_two_keeps_its_games_and_current_game_and_never_reuses_an_id() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("PRAGMA foreign_keys = ON;").unwrap();
        for sql in &MIGRATIONS[..2] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 2).unwrap();
        let insert = "INSERT INTO games (variant, setup, mode, white_name, black_name, record, plies, move_number, created_at, updated_at) VALUES ('norochess', 'norochess', 'friend', 'A', 'B', '', 0, 1, 0, 0)";
        conn.execute(insert, []).unwrap();
        conn.execute(insert, []).unwrap();
        conn.execute("INSERT INTO current_game (slot, game_id) VALUES (1, 2)", [])
            .unwrap();
        migrate(&mut conn).unwrap();
        let current: i64 = conn
            .query_row("SELECT game_id FROM current_game", [], |r| r.get(0))
            .unwrap();
        assert_eq!(current, 2);
        conn.execute("DELETE FROM games WHERE id = 2", []).unwrap();
        conn.execute(insert, []).unwrap();
        assert_eq!(conn.last_insert_rowid(), 3, "id 2 must not come back");
    }

    #[test]
    fn a_newer_schema_is_refused_in_one_line() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "user_version", latest() + 1)
            .unwrap();
        let e = migrate(&mut conn).unwrap_err();
        assert!(matches!(e, MigrationError::Newer { .. }));
        assert!(!e.to_string().contains('\n'));
    }
}
