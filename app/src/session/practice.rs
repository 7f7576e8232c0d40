//! Practice mode against the computer: after each of the person's moves,
//! its mark and the points it cost, as lichess's practice mode does, so a
//! player learns the points game while playing.
//!
//! A mark is the game review's own ([`crate::review`]): the engine
//! evaluates the position before the move and the one after it with the
//! default review budget, and the review's judgement turns the difference
//! into a mark, so a move practice mode calls a blunder is a blunder in
//! the game's review too. As with the computer's move, the session never
//! runs the engine: it hands out a [`PracticeRequest`], the shell runs
//! [`PracticeRequest::think`] off the screen's thread (before it asks for
//! the computer's reply) and hands the answer back to
//! [`GameSession::practice_answer`](super::GameSession::practice_answer).
//! An answer is kept only while the move it judges is still in the game
//! (a takeback drops it).

use crate::review::{Judgement, MoveReview, DEFAULT_REVIEW_NODES};
use norochess_core::{Engine, Game, Limits, SearchRequest, SearchResult, StopHandle};

/// What practice mode says about one of the person's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PracticeFeedback {
    /// The position after the move, as a move list's `review_ply`.
    pub review_ply: u32,
    /// The move's mark.
    pub judgement: Judgement,
    /// The points the move cost, in tenths (`25`: 2.5 points), so the
    /// snapshot compares exactly.
    pub loss_tenths: u32,
    /// The engine's move instead, in SAN, where the move was marked.
    pub best: Option<String>,
    /// The mark after the move: `?!`, `?`, `??` or nothing.
    pub symbol: String,
    /// The short line under the board: `Blunder: 9.0 points lost`, `Best
    /// move`, `Good move`.
    pub headline: String,
    /// The whole sentence: `24…Qd4?? Blunder, 9.0 points lost. Best was
    /// Nf6. Allowed Rxd4, losing 9 points.`
    pub text: String,
}

impl PracticeFeedback {
    /// The feedback of a reviewed move.
    pub(crate) fn of(review: &MoveReview) -> PracticeFeedback {
        let loss = review.loss.max(0.0);
        let headline = if review.judgement.is_marked() {
            format!("{}: {loss:.1} points lost", review.judgement.word())
        } else {
            review.judgement.word().to_string()
        };
        PracticeFeedback {
            review_ply: review.review_ply,
            judgement: review.judgement,
            loss_tenths: (loss * 10.0).round() as u32,
            best: review
                .best
                .as_ref()
                .filter(|_| review.judgement.is_marked())
                .map(|m| m.san.clone()),
            symbol: review.judgement.symbol().to_string(),
            headline,
            text: review.text.clone(),
        }
    }
}

/// One of the person's moves to judge, off the screen's thread.
#[derive(Clone, Debug)]
pub struct PracticeRequest {
    /// The move's index in the game (0 for the first move).
    pub index: usize,
    /// The position before the move, searched for the best it offered.
    pub before: SearchRequest,
    /// The position after it; `None` where the rules ended the game on
    /// the move (its result is exact, nothing to search).
    pub after: Option<SearchRequest>,
    /// The positions' hashes, to drop an answer for a move taken back.
    pub(crate) hashes: (u64, u64),
}

/// The engine's answers to a [`PracticeRequest`].
#[derive(Clone, Debug)]
pub struct PracticeThought {
    /// The search of the position before the move.
    pub before: SearchResult,
    /// The search of the position after it, if one was asked.
    pub after: Option<SearchResult>,
}

impl PracticeRequest {
    /// The request for the move at `index` of `game`; `None` if the game
    /// has no such move.
    pub(crate) fn new(game: &Game, index: usize) -> Option<PracticeRequest> {
        let positions = game.positions();
        let before = *positions.get(index)?;
        let after = *positions.get(index + 1)?;
        let limits = Limits {
            nodes: Some(DEFAULT_REVIEW_NODES),
            ..Limits::default()
        };
        let search = |at: usize| SearchRequest {
            history: positions[..at].iter().map(|p| p.hash()).collect(),
            ..SearchRequest::new(positions[at], limits)
        };
        let final_position = index + 2 == positions.len();
        let after_search =
            (!(final_position && crate::review::ended_by_rules(game))).then(|| search(index + 1));
        let before_search = search(index);
        // One stop handle stops both searches.
        let after_search = after_search.map(|mut s| {
            s.stop = before_search.stop.clone();
            s
        });
        Some(PracticeRequest {
            index,
            before: before_search,
            after: after_search,
            hashes: (before.hash(), after.hash()),
        })
    }

    /// Runs both searches (blocking: a fraction of a second).
    pub fn think(&self, engine: &mut Engine) -> PracticeThought {
        let before = engine.search(&self.before, &mut |_| {});
        let after = self
            .after
            .as_ref()
            .map(|search| engine.search(search, &mut |_| {}));
        PracticeThought { before, after }
    }

    /// Stops it from any thread; its answer is then not kept.
    pub fn stop_handle(&self) -> StopHandle {
        self.before.stop.clone()
    }

    /// Whether it was stopped.
    pub fn is_stopped(&self) -> bool {
        self.before.stop.is_stopped()
    }
}

/// A judged move kept by the session.
#[derive(Clone, Debug)]
pub(crate) struct PracticeMark {
    /// The move's index in the game.
    pub index: usize,
    /// The hashes of the positions before and after it: the mark belongs
    /// to this move only.
    pub hashes: (u64, u64),
    /// What practice mode says.
    pub feedback: PracticeFeedback,
}

impl PracticeMark {
    /// Whether the move it judged is still the game's move at its index.
    pub(crate) fn stands_in(&self, game: &Game) -> bool {
        let positions = game.positions();
        match (positions.get(self.index), positions.get(self.index + 1)) {
            (Some(before), Some(after)) => (before.hash(), after.hash()) == self.hashes,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::GameSession;
    use crate::players::GameSpec;
    use crate::review::Judgement;
    use norochess_core::{Color, Engine, Variant};

    /// Move 30, 20–20: White's queen faces Black's rook on the d-file.
    /// Qxd8 takes the rook (5 points); Qd4 puts the queen where the rook
    /// takes it (9 points).
    const QUEEN_AND_ROOK: &str = "3r2k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 30 score=20-20";

    fn practice_game(practice: bool) -> GameSession {
        let mut spec = GameSpec::against_computer(Variant::Norochess, Color::White, 1);
        spec.position = Some(QUEEN_AND_ROOK.to_string());
        let mut session = GameSession::new(spec).expect("a legal start");
        session.set_practice(practice);
        session
    }

    /// Judges the person's latest move as a shell does.
    fn judge(session: &mut GameSession) -> Option<super::PracticeFeedback> {
        let request = session.request_practice()?;
        assert!(session.snapshot(0).practice_thinking);
        let thought = request.think(&mut Engine::new(4));
        session.practice_answer(&request, &thought)
    }

    #[test]
    fn a_queen_left_to_be_taken_is_a_blunder_with_its_cost_and_the_better_move() {
        let mut session = practice_game(true);
        assert!(session.request_practice().is_none(), "nothing to judge yet");
        session.play_text("Qd4", 0).expect("legal");
        let feedback = judge(&mut session).expect("judged");
        assert_eq!(feedback.judgement, Judgement::Blunder);
        assert!(feedback.loss_tenths >= 90, "{feedback:?}");
        assert_eq!(feedback.best.as_deref(), Some("Qxd8"));
        assert_eq!(feedback.symbol, "??");
        assert!(
            feedback.headline.starts_with("Blunder: "),
            "{}",
            feedback.headline
        );
        assert!(feedback.text.starts_with("30.Qd4??"), "{}", feedback.text);
        let snapshot = session.snapshot(0);
        assert_eq!(snapshot.practice.as_ref(), Some(&feedback));
        assert!(!snapshot.practice_thinking);
        assert_eq!(snapshot.moves[0].mark, "??");
        assert_eq!(snapshot.move_rows[0], "30. Qd4??");
        assert!(
            session.request_practice().is_none(),
            "a move is judged once"
        );
    }

    #[test]
    fn the_best_move_is_marked_best_and_a_takeback_drops_the_mark() {
        let mut session = practice_game(true);
        session.play_text("Qxd8", 0).expect("legal");
        let feedback = judge(&mut session).expect("judged");
        assert_eq!(feedback.judgement, Judgement::Best);
        assert_eq!((feedback.loss_tenths, feedback.best), (0, None));
        assert_eq!(session.snapshot(0).moves[0].mark, "");
        session.takeback(0).expect("a takeback");
        let snapshot = session.snapshot(0);
        assert_eq!(snapshot.practice, None);
        assert!(snapshot.moves.is_empty());
        session.play_text("Qd4", 0).expect("legal");
        assert_eq!(
            session.snapshot(0).practice,
            None,
            "the old mark was of another move"
        );
        assert_eq!(
            judge(&mut session).map(|f| f.judgement),
            Some(Judgement::Blunder)
        );
    }

    #[test]
    fn an_answer_for_a_move_taken_back_meanwhile_is_dropped() {
        let mut session = practice_game(true);
        session.play_text("Qd4", 0).expect("legal");
        let request = session.request_practice().expect("a request");
        let thought = request.think(&mut Engine::new(4));
        session.takeback(0).expect("a takeback");
        session.play_text("Qd2", 0).expect("legal");
        assert_eq!(session.practice_answer(&request, &thought), None);
        assert_eq!(session.snapshot(0).practice, None);
    }

    #[test]
    fn off_by_default_and_never_in_pass_and_play() {
        let mut session = practice_game(false);
        session.play_text("Qd4", 0).expect("legal");
        assert!(session.request_practice().is_none());
        let mut spec = GameSpec::pass_and_play(Variant::Norochess, "Ann", "Bob");
        spec.position = Some(QUEEN_AND_ROOK.to_string());
        let mut friends = GameSession::new(spec).expect("a legal start");
        friends.set_practice(true);
        friends.play_text("Qd4", 0).expect("legal");
        assert!(friends.request_practice().is_none());
        assert!(!friends.practice_active());
    }

    #[test]
    fn switching_practice_off_stops_the_judging() {
        let mut session = practice_game(true);
        session.play_text("Qd4", 0).expect("legal");
        let request = session.request_practice().expect("a request");
        session.set_practice(false);
        assert!(request.is_stopped());
        assert!(!session.snapshot(0).practice_thinking);
    }

    #[test]
    fn a_move_that_ends_the_game_is_judged_by_its_exact_result() {
        // Black's 48th move ends the game: the rook is worth more than the king.
        let mut spec = GameSpec::against_computer(Variant::Norochess, Color::Black, 1);
        spec.position = Some("4k3/8/8/8/8/8/3q4/3RK3 b - - 0 48 score=20-20".to_string());
        let mut session = GameSession::new(spec).expect("a legal start");
        session.set_practice(true);
        session.play_text("Qxe1", 0).expect("legal");
        assert!(session.game().is_over());
        let request = session.request_practice().expect("a request");
        assert!(
            request.after.is_none(),
            "the final position needs no search"
        );
        let thought = request.think(&mut Engine::new(4));
        let feedback = session.practice_answer(&request, &thought).expect("judged");
        assert_eq!(feedback.best.as_deref(), Some("Qxd1"));
        assert_eq!(feedback.loss_tenths, 30, "won by 2 instead of by 5");
        assert_eq!(feedback.judgement, Judgement::Mistake);
    }
}
