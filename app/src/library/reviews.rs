//! Reviews kept with their games: the engine's evaluations as text (so a
//! stopped review resumes where it was) and each side's summary, which
//! statistics read without parsing anything.
//!
//! Two windows may review the same game: a save never replaces a review
//! that has evaluated more of the same game (the write is conditional),
//! so the longer work survives whichever window saves last.

use super::{Library, LibraryError};
use crate::review::{GameReview, ReviewBudget};
use crate::unix_time::unix_now;
use rusqlite::OptionalExtension;

/// A review opened from the library.
#[derive(Debug)]
pub struct OpenedReview {
    /// The review, with what was saved of it.
    pub review: GameReview,
    /// Why the saved evaluations were not used (they could not be read),
    /// to be told; the review then starts again.
    pub notice: Option<String>,
}

/// The reviews of the player's games, summed up for statistics.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReviewStats {
    /// Games against the computer with a complete review.
    pub games_reviewed: u32,
    /// The player's average accuracy in them, 0–100 (each game counted
    /// by its moves).
    pub your_accuracy: f64,
    /// The player's average points lost per move in them.
    pub your_points_lost: f64,
    /// The computer's average accuracy in the same games.
    pub computer_accuracy: f64,
    /// Pass-and-play games with a complete review.
    pub friend_games_reviewed: u32,
    /// `Reviewed 4 games against the computer: your accuracy 81%, 0.7
    /// points lost per move (the computer: 90%)`, or that none are.
    pub text: String,
}

impl Library {
    /// Keeps `review` of game `game_id`. Returns `false` (and writes
    /// nothing) when the library holds a review of the same game that has
    /// evaluated more; [`LibraryError::NoSuchGame`] when the game is gone.
    pub fn save_review(&mut self, game_id: i64, review: &GameReview) -> Result<bool, LibraryError> {
        let progress = review.progress();
        let report = review.report();
        let exists: Option<i64> = self
            .conn
            .query_row("SELECT id FROM games WHERE id = ?1", [game_id], |r| {
                r.get(0)
            })
            .optional()?;
        if exists.is_none() {
            return Err(LibraryError::NoSuchGame(game_id));
        }
        let changed = self.conn.execute(
            "INSERT INTO game_reviews (game_id, positions, analysed, data, white_accuracy,
                 black_accuracy, white_loss, black_loss, white_moves, black_moves, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
             ON CONFLICT (game_id) DO UPDATE SET
                 positions = excluded.positions, analysed = excluded.analysed,
                 data = excluded.data, white_accuracy = excluded.white_accuracy,
                 black_accuracy = excluded.black_accuracy, white_loss = excluded.white_loss,
                 black_loss = excluded.black_loss, white_moves = excluded.white_moves,
                 black_moves = excluded.black_moves, updated_at = excluded.updated_at
             WHERE excluded.positions > game_reviews.positions
                OR (excluded.positions = game_reviews.positions
                    AND excluded.analysed >= game_reviews.analysed)",
            rusqlite::params![
                game_id,
                progress.total,
                progress.analysed,
                review.saved_text(),
                report.white.accuracy,
                report.black.accuracy,
                report.white.points_lost_per_move,
                report.black.points_lost_per_move,
                report.white.moves,
                report.black.moves,
                unix_now(),
            ],
        )?;
        Ok(changed == 1)
    }

    /// The saved evaluations of game `game_id`'s review, if any.
    pub fn review_text(&self, game_id: i64) -> Result<Option<String>, LibraryError> {
        Ok(self
            .conn
            .query_row(
                "SELECT data FROM game_reviews WHERE game_id = ?1",
                [game_id],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// The review of game `game_id` with `budget`, resumed from what was
    /// saved of it.
    pub fn open_review(
        &self,
        game_id: i64,
        budget: ReviewBudget,
        now: u64,
    ) -> Result<OpenedReview, LibraryError> {
        let session = self.load(game_id, now)?;
        let game = session.game();
        let fresh = || GameReview::new(game, budget).map_err(LibraryError::Review);
        let Some(text) = self.review_text(game_id)? else {
            return Ok(OpenedReview {
                review: fresh()?,
                notice: None,
            });
        };
        match GameReview::resume(game, budget, &text) {
            Ok(review) => Ok(OpenedReview {
                review,
                notice: None,
            }),
            Err(error) => Ok(OpenedReview {
                review: fresh()?,
                notice: Some(format!(
                    "The saved review of this game could not be read ({error}); it starts again."
                )),
            }),
        }
    }

    /// The complete reviews summed up: the player's accuracy against the
    /// computer, the computer's, and how many pass-and-play games were
    /// reviewed.
    pub fn review_stats(&self) -> Result<ReviewStats, LibraryError> {
        let (games, your_moves, your_accuracy, your_loss, computer_accuracy): (
            u32,
            i64,
            f64,
            f64,
            f64,
        ) = self.conn.query_row(
            "SELECT COUNT(*),
                 COALESCE(SUM(CASE g.human_color WHEN 'white' THEN r.white_moves ELSE r.black_moves END), 0),
                 COALESCE(SUM(CASE g.human_color WHEN 'white' THEN r.white_accuracy * r.white_moves
                     ELSE r.black_accuracy * r.black_moves END), 0),
                 COALESCE(SUM(CASE g.human_color WHEN 'white' THEN r.white_loss * r.white_moves
                     ELSE r.black_loss * r.black_moves END), 0),
                 COALESCE(SUM(CASE g.human_color WHEN 'white' THEN r.black_accuracy * r.black_moves
                     ELSE r.white_accuracy * r.white_moves END)
                     / NULLIF(SUM(CASE g.human_color WHEN 'white' THEN r.black_moves
                     ELSE r.white_moves END), 0), 0)
             FROM game_reviews r JOIN games g ON g.id = r.game_id
             WHERE g.mode = 'computer' AND r.analysed = r.positions",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )?;
        let friend_games: u32 = self.conn.query_row(
            "SELECT COUNT(*) FROM game_reviews r JOIN games g ON g.id = r.game_id
             WHERE g.mode = 'friend' AND r.analysed = r.positions",
            [],
            |r| r.get(0),
        )?;
        let moves = your_moves.max(1) as f64;
        let (your_accuracy, your_points_lost) = if your_moves > 0 {
            (your_accuracy / moves, your_loss / moves)
        } else {
            (0.0, 0.0)
        };
        let text = if games == 0 {
            "No game against the computer reviewed yet".to_string()
        } else {
            format!(
                "Reviewed {games} game{} against the computer: your accuracy {your_accuracy:.0}%, {your_points_lost:.1} points lost per move (the computer: {computer_accuracy:.0}%)",
                if games == 1 { "" } else { "s" }
            )
        };
        Ok(ReviewStats {
            games_reviewed: games,
            your_accuracy,
            your_points_lost,
            computer_accuracy,
            friend_games_reviewed: friend_games,
            text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameSession, GameSpec};
    use norochess_core::{Color, Engine, Variant};
    use tempfile::tempdir;

    fn budget() -> ReviewBudget {
        ReviewBudget {
            nodes_per_position: Some(500),
            ms_per_position: None,
        }
    }

    /// A game against the computer, 6 moves each, saved.
    fn saved_game(library: &mut Library) -> i64 {
        let spec = GameSpec::against_computer(Variant::Norochess, Color::White, 3);
        let mut session = GameSession::new(spec).expect("new game");
        for (mine, reply) in [("e4", "e5"), ("Nf3", "Nc6"), ("Bb5", "a6")] {
            session.play_text(mine, 0).expect("legal");
            let request = session
                .request_computer_move(crate::session::EngineSettings::default(), 0)
                .expect("the computer's turn");
            let reply = session.game().position().parse_move(reply).expect("legal");
            session
                .computer_answer(request.ticket, Some(reply), 0)
                .expect("answer");
        }
        library.save(&mut session, 0).expect("saved").id
    }

    fn analysed(review: &mut GameReview, steps: usize) {
        let mut engine = Engine::new(1);
        let mut done = 0;
        review
            .run(&mut engine, &mut |_| {
                done += 1;
                done < steps
            })
            .expect("review");
    }

    #[test]
    fn a_saved_review_resumes_and_a_shorter_one_from_another_window_never_replaces_it() {
        let folder = tempdir().expect("folder");
        let mut first = Library::open(folder.path()).expect("library");
        let mut second = Library::open(folder.path()).expect("library");
        let id = saved_game(&mut first);
        let mut long = first.open_review(id, budget(), 0).expect("open").review;
        analysed(&mut long, 5);
        let mut short = second.open_review(id, budget(), 0).expect("open").review;
        analysed(&mut short, 2);
        assert!(first.save_review(id, &long).expect("save"));
        assert!(
            !second.save_review(id, &short).expect("save"),
            "kept the longer"
        );
        let reopened = second.open_review(id, budget(), 0).expect("open");
        assert_eq!(reopened.notice, None);
        assert_eq!(reopened.review.progress().analysed, 5);
        let mut review = reopened.review;
        analysed(&mut review, 100);
        assert!(review.progress().complete);
        assert!(second.save_review(id, &review).expect("save"));
        // Killed and opened again: the complete review is there.
        drop((first, second));
        let library = Library::open(folder.path()).expect("library");
        let again = library.open_review(id, budget(), 0).expect("open").review;
        assert!(again.progress().complete);
        assert_eq!(again.report(), review.report());
    }

    #[test]
    fn statistics_count_complete_reviews_from_the_players_side() {
        let mut library = Library::in_memory().expect("library");
        assert_eq!(library.review_stats().expect("stats").games_reviewed, 0);
        assert_eq!(
            library.review_stats().expect("stats").text,
            "No game against the computer reviewed yet"
        );
        let id = saved_game(&mut library);
        let mut review = library.open_review(id, budget(), 0).expect("open").review;
        analysed(&mut review, 3);
        library.save_review(id, &review).expect("save");
        assert_eq!(
            library.review_stats().expect("stats").games_reviewed,
            0,
            "incomplete"
        );
        analysed(&mut review, 100);
        library.save_review(id, &review).expect("save");
        let stats = library.review_stats().expect("stats");
        let report = review.report();
        assert_eq!(stats.games_reviewed, 1);
        assert!((stats.your_accuracy - report.white.accuracy).abs() < 1e-9);
        assert!((stats.computer_accuracy - report.black.accuracy).abs() < 1e-9);
        assert!(
            stats
                .text
                .starts_with("Reviewed 1 game against the computer"),
            "{}",
            stats.text
        );
    }

    #[test]
    fn a_review_goes_with_its_game_and_cannot_be_saved_for_a_missing_one() {
        let mut library = Library::in_memory().expect("library");
        let id = saved_game(&mut library);
        let mut review = library.open_review(id, budget(), 0).expect("open").review;
        analysed(&mut review, 2);
        library.save_review(id, &review).expect("save");
        let revision = library.summary(id).expect("summary").revision;
        library.delete(id, revision).expect("delete");
        assert_eq!(library.review_text(id).expect("read"), None);
        assert!(matches!(
            library.save_review(id, &review),
            Err(LibraryError::NoSuchGame(_))
        ));
    }

    #[test]
    fn unreadable_saved_evaluations_start_the_review_again_and_say_so() {
        let mut library = Library::in_memory().expect("library");
        let id = saved_game(&mut library);
        library
            .conn
            .execute(
                "INSERT INTO game_reviews VALUES (?1, 7, 3, 'garbage', 0, 0, 0, 0, 0, 0, 0)",
                [id],
            )
            .expect("insert");
        let opened = library.open_review(id, budget(), 0).expect("open");
        assert_eq!(opened.review.progress().analysed, 0);
        let notice = opened.notice.expect("a notice");
        assert!(notice.contains("could not be read"), "{notice}");
    }
}
