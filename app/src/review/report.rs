//! The review as a screen shows it: each move with its cost and mark, the
//! graph, the moments that decided the game and each side's summary, all
//! computed from the positions' evaluations.

use super::judge::{self, Judgement, LOSS_CAP};
use super::{for_white, PositionEval, ReviewProgress};
use crate::board_view::MoveInfo;
use norochess_core::{AnyPosition, Color, Game, Move};

/// What kind of moment decided (or helped decide) the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum MomentKind {
    /// A capture worth more than the move played was there to be made.
    MissedCapture,
    /// The move let the opponent take material.
    MaterialLost,
    /// The move turned an expected win into an expected loss.
    ResultTurned,
    /// Both players' last regular move (48 in Norochess): the scores
    /// that decide the game, or the tie that sends it to overtime.
    RegulationEnd,
    /// The game was decided in overtime by this move.
    OvertimeDecided,
}

/// A moment of the game worth a look, at one move.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Moment {
    /// What kind of moment.
    pub kind: MomentKind,
    /// The position to show: the one after the move (as a move list's
    /// `review_ply`).
    pub review_ply: u32,
    /// Points at stake (the capture missed, the material lost, the
    /// margin), 0 where none.
    pub points: u32,
    /// In words: `Missed Qxd5, which takes 9 points`.
    pub text: String,
}

/// One move of the game, reviewed.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct MoveReview {
    /// The position after the move (1 for the first move), as a move
    /// list's `review_ply`: what tapping it shows.
    pub review_ply: u32,
    /// The move number.
    pub move_number: u32,
    /// Who played it.
    pub mover: Color,
    /// The move played.
    pub played: MoveInfo,
    /// The expected final score difference for White before the move, in
    /// points (positive: White ahead).
    pub before_white: f64,
    /// The same after the move.
    pub after_white: f64,
    /// The points the move cost its player (0 for the best move).
    pub loss: f64,
    /// Its mark.
    pub judgement: Judgement,
    /// The engine's move instead, when it is another.
    pub best: Option<MoveInfo>,
    /// The engine's line from the position before the move, in SAN.
    pub best_line: Vec<String>,
    /// Whether the value after the move is proven (the solver's or the
    /// search's exact result), not an estimate.
    pub proven: bool,
    /// What this move decided.
    pub moments: Vec<Moment>,
    /// `24…Qd4?? Blunder, 9.0 points lost. Best was Nf6.`
    pub text: String,
}

/// A point of the graph: the expected score difference after a move.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct GraphPoint {
    /// The position (0: the start), as a move list's `review_ply`.
    pub review_ply: u32,
    /// The expected final difference for White, in points, within
    /// ±[`LOSS_CAP`].
    pub white_points: f64,
    /// The mark of the move that led here, if marked.
    pub judgement: Option<Judgement>,
}

/// One side's play over the game.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SideSummary {
    /// The side.
    pub side: Color,
    /// Its moves reviewed.
    pub moves: u32,
    /// Average points lost per move (each move counting at most
    /// [`LOSS_CAP`]).
    pub points_lost_per_move: f64,
    /// Accuracy 0–100: the average of [`judge::move_accuracy`].
    pub accuracy: f64,
    /// Inaccuracies.
    pub inaccuracies: u32,
    /// Mistakes.
    pub mistakes: u32,
    /// Blunders.
    pub blunders: u32,
    /// `White: accuracy 87%, 0.6 points lost per move, 1 mistake`.
    pub text: String,
}

/// The whole review.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ReviewReport {
    /// How far the analysis has come.
    pub progress: ReviewProgress,
    /// Every move whose positions before and after are evaluated, in order.
    pub moves: Vec<MoveReview>,
    /// The graph, one point per evaluated position.
    pub graph: Vec<GraphPoint>,
    /// The moments that decided the game, in order.
    pub moments: Vec<Moment>,
    /// White's play, then Black's.
    pub white: SideSummary,
    /// Black's play.
    pub black: SideSummary,
}

/// The report of `game` from `evals` (one per position, `None` where not
/// yet evaluated).
pub(super) fn build(
    game: &Game,
    evals: &[Option<PositionEval>],
    progress: ReviewProgress,
) -> ReviewReport {
    let positions = game.positions();
    let moves: Vec<MoveReview> = game
        .plies()
        .iter()
        .enumerate()
        .filter_map(|(index, ply)| {
            let before = positions.get(index)?;
            let after = positions.get(index + 1)?;
            let eval_before = evals.get(index)?.as_ref()?;
            let eval_after = evals.get(index + 1)?.as_ref()?;
            Some(review_move(
                game,
                index,
                ply.mv,
                (before, eval_before),
                (after, eval_after),
            ))
        })
        .collect();
    let graph = positions
        .iter()
        .zip(evals)
        .enumerate()
        .filter_map(|(index, (position, eval))| {
            let eval = eval.as_ref()?;
            let white = for_white(judge::points_of(eval.score), position.turn());
            let judgement = moves
                .iter()
                .find(|m| m.review_ply as usize == index)
                .map(|m| m.judgement)
                .filter(|j| j.is_marked());
            Some(GraphPoint {
                review_ply: index as u32,
                white_points: white.clamp(-LOSS_CAP, LOSS_CAP),
                judgement,
            })
        })
        .collect();
    let moments = moves.iter().flat_map(|m| m.moments.clone()).collect();
    ReviewReport {
        progress,
        white: summary(Color::White, &moves),
        black: summary(Color::Black, &moves),
        moves,
        graph,
        moments,
    }
}

pub(super) fn review_move(
    game: &Game,
    index: usize,
    played: Move,
    (before, eval_before): (&AnyPosition, &PositionEval),
    (after, eval_after): (&AnyPosition, &PositionEval),
) -> MoveReview {
    let mover = before.turn();
    let value_before = judge::points_of(eval_before.score);
    let value_after = -judge::points_of(eval_after.score);
    let best_move = eval_before.line.first().copied();
    let is_best = best_move == Some(played);
    let loss = if is_best {
        0.0
    } else {
        (value_before - value_after).max(0.0)
    };
    let judgement = judge::judge(is_best, value_before, value_after);
    let best = best_move
        .filter(|&m| m != played)
        .map(|m| MoveInfo::of(before, m));
    let best_line = san_line(before, &eval_before.line);
    let played_info = MoveInfo::of(before, played);
    let review_ply = index as u32 + 1;
    let mut moments = Vec::new();
    if before.variant().rules().capture_points {
        capture_moments(
            (before, played, best_move),
            (after, eval_after),
            judgement,
            review_ply,
            &mut moments,
        );
    }
    if judge::turned_result(value_before, value_after) {
        moments.push(Moment {
            kind: super::MomentKind::ResultTurned,
            review_ply,
            points: 0,
            text: format!(
                "{} turned an expected win ({}) into an expected loss ({})",
                played_info.san,
                signed(value_before),
                signed(value_after)
            ),
        });
    }
    limit_moments(game, index, after, review_ply, &mut moments);
    let text = move_text(
        before,
        &played_info,
        judgement,
        loss,
        best.as_ref(),
        &moments,
    );
    MoveReview {
        review_ply,
        move_number: before.fullmove_number(),
        mover,
        played: played_info,
        before_white: for_white(value_before, mover),
        after_white: for_white(value_after, mover),
        loss,
        judgement,
        best,
        best_line,
        proven: judge::is_proven(eval_after.score),
        moments,
        text,
    }
}

/// Points a move scores for its player.
fn capture_value(position: &AnyPosition, m: Move) -> u32 {
    let mover = position.turn();
    position.play(m).map_or(0, |after| {
        u32::from(after.score(mover).saturating_sub(position.score(mover)))
    })
}

fn capture_moments(
    (before, played, best): (&AnyPosition, Move, Option<Move>),
    (after, eval_after): (&AnyPosition, &PositionEval),
    judgement: Judgement,
    review_ply: u32,
    moments: &mut Vec<Moment>,
) {
    let taken = capture_value(before, played);
    if let Some(best) = best.filter(|_| judgement.is_marked()) {
        let missed = capture_value(before, best);
        if missed > taken {
            moments.push(Moment {
                kind: super::MomentKind::MissedCapture,
                review_ply,
                points: missed,
                text: format!(
                    "Missed {}, which takes {}",
                    before.to_san(best),
                    points_text(missed)
                ),
            });
        }
    }
    if judgement >= Judgement::Mistake {
        if let Some(&reply) = eval_after.line.first() {
            let lost = capture_value(after, reply);
            if lost >= 2 {
                moments.push(Moment {
                    kind: super::MomentKind::MaterialLost,
                    review_ply,
                    points: lost,
                    text: format!(
                        "Allowed {}, losing {}",
                        after.to_san(reply),
                        points_text(lost)
                    ),
                });
            }
        }
    }
}

/// The moments of the move limit: both players' last regular move, and
/// the move that decided the game in overtime.
fn limit_moments(
    game: &Game,
    index: usize,
    after: &AnyPosition,
    review_ply: u32,
    moments: &mut Vec<Moment>,
) {
    let Some(limit) = after.variant().rules().move_limit else {
        return;
    };
    let before_number = game
        .positions()
        .get(index)
        .map_or(0, AnyPosition::fullmove_number);
    let white = after.score(Color::White);
    let black = after.score(Color::Black);
    let is_black_move = after.turn() == Color::White;
    if is_black_move && before_number == limit.regular_moves {
        let standing = match white.cmp(&black) {
            std::cmp::Ordering::Greater => "White leads".to_string(),
            std::cmp::Ordering::Less => "Black leads".to_string(),
            std::cmp::Ordering::Equal => "tied: overtime follows".to_string(),
        };
        moments.push(Moment {
            kind: super::MomentKind::RegulationEnd,
            review_ply,
            points: u32::from(white.abs_diff(black)),
            text: format!(
                "Move {} ends with White {white} – {black} Black, {standing}",
                limit.regular_moves
            ),
        });
    }
    let is_last = index + 1 == game.plies().len();
    if is_last && before_number > limit.regular_moves && game.outcome().is_some() {
        moments.push(Moment {
            kind: super::MomentKind::OvertimeDecided,
            review_ply,
            points: u32::from(white.abs_diff(black)),
            text: format!(
                "Decided in overtime at move {before_number}: White {white} – {black} Black"
            ),
        });
    }
}

fn move_text(
    before: &AnyPosition,
    played: &MoveInfo,
    judgement: Judgement,
    loss: f64,
    best: Option<&MoveInfo>,
    moments: &[Moment],
) -> String {
    let number = before.fullmove_number();
    let dots = if before.turn() == Color::White {
        "."
    } else {
        "…"
    };
    let mut text = format!("{number}{dots}{}{}", played.san, judgement.symbol());
    match judgement {
        Judgement::Best => text.push_str(" Best move."),
        Judgement::Good => text.push_str(&format!(" Good move, {loss:.1} points from the best.")),
        _ => text.push_str(&format!(" {}, {loss:.1} points lost.", judgement.word())),
    }
    if let Some(best) = best.filter(|_| judgement.is_marked()) {
        text.push_str(&format!(" Best was {}.", best.san));
    }
    for moment in moments {
        text.push(' ');
        text.push_str(&moment.text);
        text.push('.');
    }
    text
}

fn summary(side: Color, moves: &[MoveReview]) -> SideSummary {
    let own: Vec<&MoveReview> = moves.iter().filter(|m| m.mover == side).collect();
    let count = own.len() as u32;
    let average = |f: &dyn Fn(&MoveReview) -> f64| {
        if own.is_empty() {
            0.0
        } else {
            own.iter().map(|m| f(m)).sum::<f64>() / own.len() as f64
        }
    };
    let points_lost_per_move = average(&|m| m.loss.min(LOSS_CAP));
    let accuracy = if own.is_empty() {
        100.0
    } else {
        average(&|m| judge::move_accuracy(m.loss))
    };
    let counted = |j: Judgement| own.iter().filter(|m| m.judgement == j).count() as u32;
    let (inaccuracies, mistakes, blunders) = (
        counted(Judgement::Inaccuracy),
        counted(Judgement::Mistake),
        counted(Judgement::Blunder),
    );
    let mut text =
        format!("{side}: accuracy {accuracy:.0}%, {points_lost_per_move:.1} points lost per move");
    for (n, word) in [
        (inaccuracies, "inaccuracy"),
        (mistakes, "mistake"),
        (blunders, "blunder"),
    ] {
        if n > 0 {
            let plural = if n == 1 {
                word.to_string()
            } else if word == "inaccuracy" {
                "inaccuracies".to_string()
            } else {
                format!("{word}s")
            };
            text.push_str(&format!(", {n} {plural}"));
        }
    }
    SideSummary {
        side,
        moves: count,
        points_lost_per_move,
        accuracy,
        inaccuracies,
        mistakes,
        blunders,
        text,
    }
}

/// A line as SAN from `position`, as far as its moves are legal.
pub(crate) fn san_line(position: &AnyPosition, line: &[Move]) -> Vec<String> {
    let mut current = *position;
    let mut sans = Vec::new();
    for &m in line {
        let Ok(next) = current.play(m) else { break };
        sans.push(current.to_san(m));
        current = next;
    }
    sans
}

fn signed(points: f64) -> String {
    format!("{points:+.1}")
}

fn points_text(points: u32) -> String {
    if points == 1 {
        "1 point".to_string()
    } else {
        format!("{points} points")
    }
}
