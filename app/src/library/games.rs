//! Games in the library: save after every move, load, the current game,
//! lists with filters, delete, export.

use super::{Library, LibraryError};
use crate::players::Opponent;
use crate::result::Scores;
use crate::session::GameSession;
use crate::unix_time::unix_now;
use norochess_core::{Color, Game};
use rusqlite::{params, Connection, OptionalExtension, Row, TransactionBehavior};
use std::hash::{Hash, Hasher};

/// What a save did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveReceipt {
    /// The game's row.
    pub id: i64,
    /// Its revision after the save.
    pub revision: i64,
    /// Whether the row was created by this save.
    pub created: bool,
    /// Whether anything was written (a session unchanged since it was read
    /// or saved writes nothing).
    pub written: bool,
}

/// The games a list shows, and the rows that could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameList {
    /// The games, latest first.
    pub games: Vec<GameSummary>,
    /// Ids of rows left out because they could not be read (a damaged or
    /// foreign row never hides the rest of the list).
    pub unreadable: Vec<i64>,
}

/// Which opponent a list shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum OpponentFilter {
    /// Games against the computer (at any level, or at `level`).
    Computer {
        /// Only this level.
        level: Option<u8>,
    },
    /// Pass-and-play games.
    Friend,
}

/// Which games a list shows (every field `None`: all).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameFilter {
    /// Finished (`true`) or unfinished (`false`) games only.
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub finished: Option<bool>,
    /// Only this game (a variant id such as `ram`).
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub variant: Option<String>,
    /// Only this opponent.
    #[cfg_attr(feature = "uniffi", uniffi(default = None))]
    pub opponent: Option<OpponentFilter>,
}

/// A game as a list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GameSummary {
    /// The game's row.
    pub id: i64,
    /// Variant id (`norochess`).
    pub variant: String,
    /// The set-up (`norochess960:518`, `improved:far-half:enemy`, or the variant id).
    pub setup: String,
    /// The opponent.
    pub opponent: Opponent,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Time control id, if any.
    pub time_control: Option<String>,
    /// Plies played.
    pub plies: u32,
    /// The move number reached.
    pub move_number: u32,
    /// Scores in the Norochess family.
    pub scores: Option<Scores>,
    /// Whether the game has ended.
    pub finished: bool,
    /// `1-0`, `0-1`, `1/2-1/2` once finished.
    pub result: Option<String>,
    /// End reason id (`move-limit`) once finished.
    pub end_reason: Option<String>,
    /// When the game was started (seconds since 1970).
    pub created_at: i64,
    /// When it was last saved.
    pub updated_at: i64,
    /// Its revision.
    pub revision: i64,
    /// One line for menus: `Norochess vs the computer (level 4), you play
    /// white, move 12, 5–3, unfinished` ([`GameSummary::describe`]).
    pub description: String,
    /// The list row's first line: `Norochess · vs the computer (level 4),
    /// you played white`, `Ram chess · Ann vs Bob` ([`GameSummary::title_text`]).
    pub title: String,
    /// The list row's second line: `Black wins 39–38 · move limit`,
    /// `Unfinished, move 12, 5–3` ([`GameSummary::result_line_text`]).
    pub result_line: String,
}

impl GameSummary {
    /// The game's name for players (`Ram chess`), or its id if the table
    /// no longer has it.
    fn display_name(&self) -> String {
        norochess_core::Variant::parse(&self.variant, None, None)
            .map(|v| v.display_name().to_string())
            .unwrap_or_else(|_| self.variant.clone())
    }

    /// The list row's first line: the game and who played it.
    pub fn title_text(&self) -> String {
        let versus = self.opponent.versus(&self.white, &self.black);
        let side = match self.opponent {
            Opponent::Computer { human, .. } => format!(", you played {}", human.lowercase_name()),
            Opponent::Friend => String::new(),
        };
        format!("{} · {versus}{side}", self.display_name())
    }

    /// The list row's second line: the result with the winner's score
    /// first and why it ended, or how far an unfinished game got.
    pub fn result_line_text(&self) -> String {
        let winner = match self.result.as_deref() {
            Some("1-0") => Some(Color::White),
            Some("0-1") => Some(Color::Black),
            _ => None,
        };
        let score = self
            .scores
            .map(|s| crate::result::scores_text(winner, s.pair()));
        if !self.finished {
            return match score {
                Some(score) => format!("Unfinished, move {}, {score}", self.move_number),
                None => format!("Unfinished, move {}", self.move_number),
            };
        }
        let who = match winner {
            Some(color) => format!("{color} wins"),
            None => "Draw".to_string(),
        };
        let reason = self
            .end_reason
            .as_deref()
            .and_then(norochess_core::EndReason::from_id)
            .map(|r| r.description().to_string());
        [Some(who), score]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
            + &reason.map(|r| format!(" · {r}")).unwrap_or_default()
    }

    /// One line for menus: `Norochess vs the computer (level 4), you play
    /// white, move 12, 5–3, White won`.
    pub fn describe(&self) -> String {
        let name = self.display_name();
        let versus = self.opponent.versus(&self.white, &self.black);
        let who = match self.opponent {
            Opponent::Computer { human, .. } => {
                format!("{versus}, you play {}", human.lowercase_name())
            }
            Opponent::Friend => versus,
        };
        let score = self
            .scores
            .map(|s| format!(", {}–{}", s.white, s.black))
            .unwrap_or_default();
        let state = match self.result.as_deref() {
            Some("1-0") => ", White won",
            Some("0-1") => ", Black won",
            Some(_) => ", drawn",
            None => ", unfinished",
        };
        format!("{name} {who}, move {}{score}{state}", self.move_number)
    }
}

const SUMMARY_COLUMNS: &str = "id, variant, setup, mode, level, human_color, white_name, black_name, time_control, plies, move_number, white_score, black_score, finished, result, end_reason, created_at, updated_at, revision";

fn summary_from_row(row: &Row<'_>) -> rusqlite::Result<GameSummary> {
    let mode: String = row.get(3)?;
    let level: Option<u8> = row.get(4)?;
    let human: Option<String> = row.get(5)?;
    let opponent = if mode == "computer" {
        Opponent::Computer {
            human: if human.as_deref() == Some("black") {
                Color::Black
            } else {
                Color::White
            },
            level: level.unwrap_or(1),
        }
    } else {
        Opponent::Friend
    };
    let white_score: Option<u16> = row.get(11)?;
    let black_score: Option<u16> = row.get(12)?;
    let mut summary = GameSummary {
        id: row.get(0)?,
        variant: row.get(1)?,
        setup: row.get(2)?,
        opponent,
        white: row.get(6)?,
        black: row.get(7)?,
        time_control: row.get(8)?,
        plies: row.get(9)?,
        move_number: row.get(10)?,
        scores: Scores::from_pair(white_score.zip(black_score)),
        finished: row.get(13)?,
        result: row.get(14)?,
        end_reason: row.get(15)?,
        created_at: row.get(16)?,
        updated_at: row.get(17)?,
        revision: row.get(18)?,
        description: String::new(),
        title: String::new(),
        result_line: String::new(),
    };
    summary.description = summary.describe();
    summary.title = summary.title_text();
    summary.result_line = summary.result_line_text();
    Ok(summary)
}

/// `norochess960:518`, `improved:far-half:enemy`, `ram`.
fn setup_id(game: &Game) -> String {
    let variant = game.variant();
    let mut id = variant.id().to_string();
    // Each option's value, in the table's order: `improved:seventh:any`.
    for (_, value) in variant.option_values() {
        id.push(':');
        id.push_str(value);
    }
    if let Some(n) = game.start_number() {
        id.push_str(&format!(":{n}"));
    }
    id
}

/// Clock history as stored: `w/b,w/b,…`.
fn history_text(history: &[[u64; 2]]) -> String {
    history
        .iter()
        .map(|[w, b]| format!("{w}/{b}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// What a save compares against the last one: record and clock history.
fn fingerprint(record: &str, history: &str) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    record.hash(&mut hasher);
    history.hash(&mut hasher);
    hasher.finish()
}

fn parse_history(text: &str) -> Vec<[u64; 2]> {
    text.split(',')
        .filter_map(|pair| {
            let (w, b) = pair.split_once('/')?;
            Some([w.parse().ok()?, b.parse().ok()?])
        })
        .collect()
}

impl Library {
    /// Saves `session` in one transaction: a new row the first time, then
    /// an update that fails with [`LibraryError::Conflict`] if another
    /// writer saved the game since this session read it (or
    /// [`LibraryError::NoSuchGame`] if it was deleted). An unfinished game
    /// becomes the current one; a finished one stops being current. A
    /// session unchanged since it was read or saved writes nothing.
    pub fn save(
        &mut self,
        session: &mut GameSession,
        now: u64,
    ) -> Result<SaveReceipt, LibraryError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let (receipt, print) = write_game(&tx, session, now)?;
        tx.commit()?;
        // Only a committed save moves the session on: after a failed
        // commit (a full disk) it saves the same revision again.
        session.saved.id = Some(receipt.id);
        session.saved.revision = receipt.revision;
        session.saved.fingerprint = Some(print);
        Ok(receipt)
    }

    /// Saves `session` as a new game, whatever row it was read from (a
    /// window's copy that another window moved on or deleted).
    pub fn save_as_new(
        &mut self,
        session: &mut GameSession,
        now: u64,
    ) -> Result<SaveReceipt, LibraryError> {
        let saved = session.saved;
        session.saved = Default::default();
        let result = self.save(session, now);
        if result.is_err() {
            session.saved = saved;
        }
        result
    }
}

/// The save of [`Library::save`] inside the caller's transaction: what it
/// did and the fingerprint of what it wrote. The session is not changed:
/// the caller records both once the transaction is committed.
fn write_game(
    tx: &Connection,
    session: &mut GameSession,
    now: u64,
) -> Result<(SaveReceipt, u64), LibraryError> {
    {
        let record = session.record(now);
        let game = session.game();
        let (mode, level, human) = match session.spec().opponent {
            Opponent::Computer { human, level } => (
                "computer",
                Some(level),
                Some(if human == Color::White {
                    "white"
                } else {
                    "black"
                }),
            ),
            Opponent::Friend => ("friend", None, None),
        };
        let players = session.players();
        let scores = game.scores();
        let outcome = game.outcome();
        let plies = game.plies().len() as i64;
        let move_number = game.position().fullmove_number();
        let time_control = session.time_control().map(crate::texts::clock_id);
        let history = history_text(&session.clock_history());
        let setup = setup_id(game);
        let variant = game.variant().id().to_string();
        let finished = outcome.is_some();
        let result = outcome.map(|o| o.result_token());
        let reason = outcome.map(|o| o.reason.id());
        let at = unix_now();
        let saved = session.saved;
        let print = fingerprint(&record, &history);
        if let (Some(id), Some(previous)) = (saved.id, saved.fingerprint) {
            if previous == print {
                let receipt = SaveReceipt {
                    id,
                    revision: saved.revision,
                    created: false,
                    written: false,
                };
                return Ok((receipt, print));
            }
        }
        let receipt = match saved.id {
            None => {
                tx.execute(
                    "INSERT INTO games (revision, variant, setup, mode, level, human_color, white_name, black_name, time_control, clock_history, record, plies, move_number, white_score, black_score, finished, result, end_reason, created_at, updated_at)
                     VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?18)",
                    params![variant, setup, mode, level, human, players[0].name, players[1].name, time_control, history, record, plies, move_number, scores.map(|s| s.0), scores.map(|s| s.1), finished, result, reason, at],
                )?;
                SaveReceipt {
                    id: tx.last_insert_rowid(),
                    revision: 1,
                    created: true,
                    written: true,
                }
            }
            Some(id) => {
                let changed = tx.execute(
                    "UPDATE games SET revision = revision + 1, white_name = ?3, black_name = ?4, clock_history = ?5, record = ?6, plies = ?7, move_number = ?8, white_score = ?9, black_score = ?10, finished = ?11, result = ?12, end_reason = ?13, updated_at = ?14
                     WHERE id = ?1 AND revision = ?2",
                    params![id, saved.revision, players[0].name, players[1].name, history, record, plies, move_number, scores.map(|s| s.0), scores.map(|s| s.1), finished, result, reason, at],
                )?;
                if changed == 0 {
                    return Err(missed_write(tx, id, saved.revision)?);
                }
                SaveReceipt {
                    id,
                    revision: saved.revision + 1,
                    created: false,
                    written: true,
                }
            }
        };
        if finished {
            tx.execute("DELETE FROM current_game WHERE game_id = ?1", [receipt.id])?;
        } else {
            tx.execute(
                "INSERT INTO current_game (slot, game_id) VALUES (1, ?1)
                 ON CONFLICT (slot) DO UPDATE SET game_id = excluded.game_id",
                [receipt.id],
            )?;
        }
        Ok((receipt, print))
    }
}

impl Library {
    /// Saves imported sessions inside the import's transaction.
    pub(crate) fn write_game_in(
        tx: &Connection,
        session: &mut GameSession,
    ) -> Result<SaveReceipt, LibraryError> {
        write_game(tx, session, 0).map(|(receipt, _)| receipt)
    }

    /// The game `id`, ready to play on (its clock paused until the screen
    /// shows it: [`GameSession::set_background`]).
    pub fn load(&self, id: i64, now: u64) -> Result<GameSession, LibraryError> {
        let row: Option<(String, String, i64)> = self
            .conn
            .query_row(
                "SELECT record, clock_history, revision FROM games WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        let (record, history, revision) = row.ok_or(LibraryError::NoSuchGame(id))?;
        let game = Game::from_pgn(&record, None)
            .map_err(|source| LibraryError::BadRecord { id, source })?;
        let mut session = GameSession::restore(game, parse_history(&history), now);
        session.saved.id = Some(id);
        session.saved.revision = revision;
        // What this session would save now, so that saving it unchanged
        // writes nothing.
        let print = fingerprint(
            &session.record(now),
            &history_text(&session.clock_history()),
        );
        session.saved.fingerprint = Some(print);
        Ok(session)
    }

    /// The game to continue (the last unfinished game played), if any.
    pub fn current(&self, now: u64) -> Result<Option<GameSession>, LibraryError> {
        match self.current_id()? {
            Some(id) => self.load(id, now).map(Some),
            None => Ok(None),
        }
    }

    /// The row of the game to continue.
    pub fn current_id(&self) -> Result<Option<i64>, LibraryError> {
        Ok(self
            .conn
            .query_row("SELECT game_id FROM current_game WHERE slot = 1", [], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// Forgets which game to continue (the game itself stays in the list).
    pub fn clear_current(&mut self) -> Result<(), LibraryError> {
        self.conn.execute("DELETE FROM current_game", [])?;
        Ok(())
    }

    /// Makes game `id` the one to continue (a resumed older game), if it is
    /// still in the library.
    pub fn make_current(&mut self, id: i64) -> Result<(), LibraryError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let exists: Option<i64> = tx
            .query_row("SELECT id FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()?;
        if exists.is_none() {
            return Err(LibraryError::NoSuchGame(id));
        }
        tx.execute(
            "INSERT INTO current_game (slot, game_id) VALUES (1, ?1)
             ON CONFLICT (slot) DO UPDATE SET game_id = excluded.game_id",
            [id],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The latest games first, as `filter` says, at most `limit` (rows
    /// that cannot be read are left out: [`Library::list_all`] names them).
    pub fn list(&self, filter: &GameFilter, limit: u32) -> Result<Vec<GameSummary>, LibraryError> {
        Ok(self.list_all(filter, limit)?.games)
    }

    /// [`Library::list`] with the ids of the rows that could not be read.
    pub fn list_all(&self, filter: &GameFilter, limit: u32) -> Result<GameList, LibraryError> {
        let mut sql = format!("SELECT {SUMMARY_COLUMNS} FROM games WHERE 1 = 1");
        let mut values: Vec<rusqlite::types::Value> = Vec::new();
        if let Some(finished) = filter.finished {
            sql.push_str(" AND finished = ?");
            values.push(i64::from(finished).into());
        }
        if let Some(variant) = &filter.variant {
            sql.push_str(" AND variant = ?");
            values.push(variant.clone().into());
        }
        match filter.opponent {
            Some(OpponentFilter::Friend) => sql.push_str(" AND mode = 'friend'"),
            Some(OpponentFilter::Computer { level }) => {
                sql.push_str(" AND mode = 'computer'");
                if let Some(level) = level {
                    sql.push_str(" AND level = ?");
                    values.push(i64::from(level).into());
                }
            }
            None => {}
        }
        sql.push_str(" ORDER BY updated_at DESC, id DESC LIMIT ?");
        values.push(i64::from(limit).into());
        let mut statement = self.conn.prepare_cached(&sql)?;
        let mut rows = statement.query(rusqlite::params_from_iter(values))?;
        let mut list = GameList::default();
        while let Some(row) = rows.next()? {
            match summary_from_row(row) {
                Ok(summary) => list.games.push(summary),
                // A row of the wrong shape (written by hand, or by a newer
                // version) is skipped; its id is still readable.
                Err(_) => list.unreadable.push(row.get(0).unwrap_or(0)),
            }
        }
        Ok(list)
    }

    /// One game's list entry.
    pub fn summary(&self, id: i64) -> Result<GameSummary, LibraryError> {
        self.conn
            .query_row(
                &format!("SELECT {SUMMARY_COLUMNS} FROM games WHERE id = ?1"),
                [id],
                summary_from_row,
            )
            .optional()?
            .ok_or(LibraryError::NoSuchGame(id))
    }

    /// Number of games in the library.
    pub fn game_count(&self) -> Result<u64, LibraryError> {
        let n: i64 = self
            .conn
            .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// The record of game `id` (PGN-style text with every tag), to share or
    /// export.
    pub fn record(&self, id: i64) -> Result<String, LibraryError> {
        self.conn
            .query_row("SELECT record FROM games WHERE id = ?1", [id], |r| r.get(0))
            .optional()?
            .ok_or(LibraryError::NoSuchGame(id))
    }

    /// Deletes game `id` if it is still at `revision`, the one the caller
    /// read: a game another window played on since is never deleted
    /// ([`LibraryError::Conflict`]).
    pub fn delete(&mut self, id: i64, revision: i64) -> Result<(), LibraryError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let n = tx.execute(
            "DELETE FROM games WHERE id = ?1 AND revision = ?2",
            [id, revision],
        )?;
        if n == 0 {
            return Err(missed_write(&tx, id, revision)?);
        }
        tx.commit()?;
        Ok(())
    }
}

/// Why a write conditional on revision `expected` of game `id` changed no
/// row: another window saved it since (`Conflict`, with the revision found)
/// or removed it (`NoSuchGame`).
fn missed_write(tx: &Connection, id: i64, expected: i64) -> Result<LibraryError, LibraryError> {
    let found: Option<i64> = tx
        .query_row("SELECT revision FROM games WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .optional()?;
    Ok(match found {
        Some(found) => LibraryError::Conflict {
            id,
            expected,
            found,
        },
        None => LibraryError::NoSuchGame(id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_history_round_trips() {
        let h = vec![[600_000, 600_000], [595_000, 600_000]];
        assert_eq!(parse_history(&history_text(&h)), h);
        assert!(parse_history("").is_empty());
    }
}
