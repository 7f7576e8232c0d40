//! The database schema, as migrations applied in order (the version lives
//! in SQLite's `user_version`). A migration is never edited once released:
//! a change is a new migration at the end.

use rusqlite_migration::{Migrations, M};

/// Every migration, oldest first.
pub(crate) fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(
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
        ),
        // Glicko-2 puzzle ratings (`crate::ratings`). Attempts recorded before
        // this migration are not replayed: the rating starts with the first
        // attempt after it.
        M::up(
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
        ),
    ])
}

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid() {
        assert!(super::migrations().validate().is_ok());
    }
}
