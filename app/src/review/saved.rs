//! The text a review is kept as in the library: a header, then one line
//! per evaluated position, `index hash depth score line…`, with the score
//! as `c-150` (an estimate, hundredths of a point), `w3` / `l-2` (a proven
//! win or loss with its margin) or `m4` (a royal game's mate), and the
//! line in coordinates. A line whose hash is not the game's position at
//! that index belongs to another game and is skipped.

use super::{PositionEval, ReviewError};
use norochess_core::{AnyPosition, Game, Move, Score};
use std::fmt::Write as _;

/// The first line of a saved review.
pub const HEADER: &str = "# norochess-review 1";

pub(super) fn write(game: &Game, evals: &[Option<PositionEval>]) -> String {
    let mut text = String::from(HEADER);
    text.push('\n');
    for (index, (eval, position)) in evals.iter().zip(game.positions()).enumerate() {
        let Some(eval) = eval else { continue };
        let _ = write!(
            text,
            "{index} {:016x} {} {}",
            eval.hash,
            eval.depth,
            score_token(eval.score)
        );
        let width = position.width();
        for m in &eval.line {
            text.push(' ');
            text.push_str(&m.uci(width));
        }
        text.push('\n');
    }
    text
}

fn score_token(score: Score) -> String {
    match score {
        Score::Centi(cp) => format!("c{cp}"),
        Score::Won { margin } => format!("w{margin}"),
        Score::Lost { margin } => format!("l{margin}"),
        Score::Mate(n) => format!("m{n}"),
    }
}

fn parse_score(token: &str) -> Option<Score> {
    let (kind, number) = token.split_at_checked(1)?;
    let n: i32 = number.parse().ok()?;
    match kind {
        "c" => Some(Score::Centi(n)),
        "w" => Some(Score::Won { margin: n }),
        "l" => Some(Score::Lost { margin: n }),
        "m" => Some(Score::Mate(n)),
        _ => None,
    }
}

/// The evaluations in `text` that belong to `game`'s positions.
pub(super) fn read(text: &str, game: &Game) -> Result<Vec<(usize, PositionEval)>, ReviewError> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, first)) if first.trim() == HEADER => {}
        Some((_, first)) => {
            return Err(ReviewError::Saved {
                line: 1,
                problem: format!("expected `{HEADER}`, found `{}`", first.trim()),
            })
        }
        None => return Ok(Vec::new()),
    }
    let mut found = Vec::new();
    for (number, line) in lines {
        let line_number = number as u32 + 1;
        let problem = |problem: &str| ReviewError::Saved {
            line: line_number,
            problem: problem.to_string(),
        };
        if line.trim().is_empty() {
            continue;
        }
        let mut fields = line.split_whitespace();
        let index: usize = fields
            .next()
            .and_then(|f| f.parse().ok())
            .ok_or_else(|| problem("expected a position number"))?;
        let hash = fields
            .next()
            .and_then(|f| u64::from_str_radix(f, 16).ok())
            .ok_or_else(|| problem("expected a position hash"))?;
        let depth: u32 = fields
            .next()
            .and_then(|f| f.parse().ok())
            .ok_or_else(|| problem("expected a depth"))?;
        let score = fields
            .next()
            .and_then(parse_score)
            .ok_or_else(|| problem("expected a score such as c-150, w3, l-2 or m4"))?;
        let Some(position) = game.positions().get(index) else {
            continue;
        };
        if position.hash() != hash {
            continue;
        }
        let line = read_line(position, fields)
            .ok_or_else(|| problem("the engine's line is not legal in this position"))?;
        found.push((
            index,
            PositionEval {
                hash,
                score,
                line,
                depth,
            },
        ));
    }
    Ok(found)
}

fn read_line<'a>(
    position: &AnyPosition,
    moves: impl Iterator<Item = &'a str>,
) -> Option<Vec<Move>> {
    let mut current = *position;
    let mut line = Vec::new();
    for text in moves {
        let m = current.parse_uci(text).ok()?;
        current = current.play(m).ok()?;
        line.push(m);
    }
    Some(line)
}
