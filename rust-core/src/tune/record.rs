//! The data file's line format: `position;result;score difference;game`.
//!
//! `result` is the game's result for White (`1`, `0.5` or `0`), the score
//! difference is White's final score less Black's (0 outside the Norochess
//! family), `game` numbers the source game from 0 (the fitter holds out
//! whole games).

use crate::error::PositionError;
use std::fmt;
use thiserror::Error;

/// One position of a self-play game with that game's end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TuneRecord {
    /// The position text (with move number and scores in the Norochess
    /// family).
    pub position: String,
    /// The game's result for White in half points: 2 won, 1 drawn, 0 lost.
    pub white_half_points: u8,
    /// White's final score less Black's.
    pub score_diff: i32,
    /// The source game's number.
    pub game: u32,
}

impl TuneRecord {
    /// The result for White as a fraction: 1, 0.5 or 0.
    pub fn result(&self) -> f64 {
        f64::from(self.white_half_points) / 2.0
    }

    /// Reads line `line` (counted from 1, for the error) of a data file.
    pub fn parse(line: usize, text: &str) -> Result<TuneRecord, TuneDataError> {
        let fields: Vec<&str> = text.trim().split(';').map(str::trim).collect();
        let [position, result, diff, game] = fields[..] else {
            return Err(TuneDataError::Fields {
                line,
                found: fields.len(),
            });
        };
        if position.is_empty() {
            return Err(TuneDataError::Position {
                line,
                source: PositionError::Empty,
            });
        }
        let white_half_points = match result {
            "1" => 2,
            "0.5" => 1,
            "0" => 0,
            _ => {
                return Err(TuneDataError::Result {
                    line,
                    text: result.to_string(),
                })
            }
        };
        let number = |what: &'static str, text: &str| TuneDataError::Number {
            line,
            what,
            text: text.to_string(),
        };
        Ok(TuneRecord {
            position: position.to_string(),
            white_half_points,
            score_diff: diff.parse().map_err(|_| number("score difference", diff))?,
            game: game.parse().map_err(|_| number("game number", game))?,
        })
    }
}

impl fmt::Display for TuneRecord {
    /// The record as one line of a data file (without the line break).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = match self.white_half_points {
            2 => "1",
            1 => "0.5",
            _ => "0",
        };
        write!(
            f,
            "{};{};{};{}",
            self.position, result, self.score_diff, self.game
        )
    }
}

/// A line of a data file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TuneDataError {
    /// Not four `;`-separated fields.
    #[error(
        "line {line}: expected 4 fields `position;result;score difference;game`, found {found}"
    )]
    Fields {
        /// The line, from 1.
        line: usize,
        /// How many fields it has.
        found: usize,
    },
    /// The result is not `1`, `0.5` or `0`.
    #[error("line {line}: result `{text}` is not 1, 0.5 or 0")]
    Result {
        /// The line, from 1.
        line: usize,
        /// The field.
        text: String,
    },
    /// The score difference or the game number is not an integer.
    #[error("line {line}: {what} `{text}` is not an integer")]
    Number {
        /// The line, from 1.
        line: usize,
        /// Which field.
        what: &'static str,
        /// The field.
        text: String,
    },
    /// The position text cannot be read for the game.
    #[error("line {line}: position: {source}")]
    Position {
        /// The line, from 1.
        line: usize,
        /// Why.
        source: PositionError,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips_through_its_line() {
        let record = TuneRecord {
            position: "8/8/8/8/8/8/8/K6k w - - 0 50 score=30-28".to_string(),
            white_half_points: 1,
            score_diff: -3,
            game: 17,
        };
        assert_eq!(TuneRecord::parse(1, &record.to_string()), Ok(record));
    }

    #[test]
    fn bad_lines_name_their_line_and_field() {
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 50";
        assert_eq!(
            TuneRecord::parse(3, &format!("{fen};1;2")),
            Err(TuneDataError::Fields { line: 3, found: 3 })
        );
        assert!(matches!(
            TuneRecord::parse(4, &format!("{fen};win;2;0")),
            Err(TuneDataError::Result { line: 4, .. })
        ));
        assert!(matches!(
            TuneRecord::parse(5, &format!("{fen};1;x;0")),
            Err(TuneDataError::Number {
                line: 5,
                what: "score difference",
                ..
            })
        ));
        assert!(matches!(
            TuneRecord::parse(6, ";1;2;0"),
            Err(TuneDataError::Position { line: 6, .. })
        ));
    }
}
