//! The English texts a screen shows beside a game, made once here so the
//! terminal app and both phone apps say the same thing: clock names and
//! times, dates, "did you mean", what a special move did (why a game ended
//! is [`crate::GameResult`]'s own).

use norochess_core::{Color, Game, MoveKind, Role, TimeControl};

/// A short id for a time control, used in saved games and commands: `1+0`,
/// `3+2`, `15d10`, `norochess-10`, `tournament`.
pub fn clock_id(control: TimeControl) -> String {
    let minutes = |ms: u64| {
        if ms % 60_000 == 0 {
            (ms / 60_000).to_string()
        } else {
            format!("{}s", ms / 1000)
        }
    };
    match control {
        TimeControl::SuddenDeath { base_ms } => format!("{}+0", minutes(base_ms)),
        TimeControl::Fischer {
            base_ms,
            increment_ms,
        } => format!("{}+{}", minutes(base_ms), increment_ms / 1000),
        TimeControl::Delay { base_ms, delay_ms } => {
            format!("{}d{}", minutes(base_ms), delay_ms / 1000)
        }
        TimeControl::Norochess { base_ms, .. } => {
            if control == TimeControl::NOROCHESS_TOURNAMENT {
                "tournament".to_string()
            } else {
                format!("norochess-{}", minutes(base_ms))
            }
        }
    }
}

/// A readable name of a time control: the preset's name, or `5 min + 3 s
/// per move`.
pub fn clock_name(control: TimeControl) -> String {
    TimeControl::presets()
        .into_iter()
        .find(|(_, c)| *c == control)
        .map(|(name, _)| name.to_string())
        .unwrap_or_else(|| match control {
            TimeControl::Fischer {
                base_ms,
                increment_ms,
            } => format!(
                "{} min + {} s per move",
                base_ms / 60_000,
                increment_ms / 1000
            ),
            other => clock_id(other),
        })
}

/// Why a clock text was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown clock `{text}`: a preset's number, an id such as norochess-10, or minutes+seconds such as 5+3")]
pub struct ClockTextError {
    /// The text that was given.
    pub text: String,
}

/// Reads a clock choice: a preset's number (1 for the first), its id, the
/// first word of its name (`bullet`, `blitz`, `rapid`), or `M+S` minutes
/// plus seconds per move. `None` for `none`/`off`.
pub fn parse_clock(text: &str) -> Result<Option<TimeControl>, ClockTextError> {
    let text = text.trim().to_ascii_lowercase();
    if matches!(text.as_str(), "none" | "off" | "no") {
        return Ok(None);
    }
    let presets = TimeControl::presets();
    if let Ok(n) = text.parse::<usize>() {
        if let Some((_, control)) = n.checked_sub(1).and_then(|i| presets.get(i)) {
            return Ok(Some(*control));
        }
    }
    if let Some((_, control)) = presets.iter().find(|(_, c)| clock_id(*c) == text) {
        return Ok(Some(*control));
    }
    if let Some((_, control)) = presets.iter().find(|(name, _)| {
        name.split_whitespace()
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case(&text))
    }) {
        return Ok(Some(*control));
    }
    if let Some((m, s)) = text.split_once('+') {
        if let (Ok(m), Ok(s)) = (m.trim().parse::<u64>(), s.trim().parse::<u64>()) {
            if (1..=600).contains(&m) && s <= 600 {
                return Ok(Some(if s == 0 {
                    TimeControl::SuddenDeath {
                        base_ms: m * 60_000,
                    }
                } else {
                    TimeControl::Fischer {
                        base_ms: m * 60_000,
                        increment_ms: s * 1000,
                    }
                }));
            }
        }
    }
    Err(ClockTextError { text })
}

/// A clock time: `1:05:00`, `4:32`, `0:07.3` (tenths under ten seconds).
pub fn format_time(ms: u64) -> String {
    let seconds = ms / 1000;
    if seconds >= 3600 {
        format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            (seconds / 60) % 60,
            seconds % 60
        )
    } else if seconds >= 10 {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    } else {
        format!("0:{:02}.{}", seconds, (ms / 100) % 10)
    }
}

/// A calendar date (UTC) as records and lists write it: `2026.11.30`,
/// from seconds since 1970 (as [`crate::GameSummary`] stores them).
pub fn date(unix_seconds: i64) -> String {
    let (y, m, d) = civil_from_days(unix_seconds.div_euclid(86_400));
    format!("{y:04}.{m:02}.{d:02}")
}

/// What move `ply` of `game` did, in words, when its notation alone does
/// not say it: a Frontal chess dethronement (`c10^`) takes the pawn and the
/// opponent's queen off the board. `None` for every other move.
pub fn move_event(game: &Game, ply: usize) -> Option<String> {
    let played = game.plies().get(ply)?;
    let before = game.positions().get(ply)?;
    let after = game.positions().get(ply + 1)?;
    match played.mv.kind {
        MoveKind::Dethrone => {
            let mover = before.turn();
            let square = before.square_name(played.mv.to);
            // Whatever the pawn captured on the last rank goes too.
            let mut taken: Vec<&str> = played
                .captured
                .iter()
                .map(|p| p.role.name())
                .filter(|&name| name != Role::Queen.name())
                .collect();
            taken.sort_unstable();
            let also = if taken.is_empty() {
                String::new()
            } else {
                format!(" and the {} it captured", taken.join(" and "))
            };
            // Points only where captures score (not in Frontal chess as
            // the rule book has it today).
            let points = after.score(mover).saturating_sub(before.score(mover));
            let scored = if game.variant().rules().capture_points && points > 0 {
                format!(" (+{points} for {mover})")
            } else {
                String::new()
            };
            Some(format!(
                "Dethronement: {mover}'s pawn reached {square} while both queens were on the board, so the pawn leaves the board and takes {}'s queen{also} with it{scored}.",
                !mover
            ))
        }
        _ => None,
    }
}

/// The word of `candidates` closest to `word`, for "did you mean `hint`?"
/// answers to a mistyped command: at most two letters changed, added or
/// removed (one for words of one or two letters, which are too short to
/// guess from).
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let word = word.to_ascii_lowercase();
    let limit = if word.chars().count() <= 2 { 1 } else { 2 };
    candidates
        .iter()
        .map(|c| (distance(&word, c), *c))
        .filter(|(d, _)| *d > 0 && *d <= limit)
        .min()
        .map(|(_, c)| c)
}

/// Today's date as a record writes it (`2026.11.30`), from the system clock.
pub(crate) fn today() -> Option<String> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_secs();
    let (y, m, d) = civil_from_days(i64::try_from(secs / 86_400).ok()?);
    Some(format!("{y:04}.{m:02}.{d:02}"))
}

/// Days since 1970-01-01 to a calendar date (Howard Hinnant's algorithm).
pub(crate) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Edit distance, for "did you mean".
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let current = row[j + 1];
            row[j + 1] = (previous + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            previous = current;
        }
    }
    row[b.len()]
}

/// "White" or "Black".
pub fn side_name(color: Color) -> &'static str {
    color.name()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dethronement_is_put_into_words() {
        let start = "4r4k/3P6/10/10/10/q9/10/10/10/1Q7K w - - 0 1";
        let mut game = Game::from_position(norochess_core::Variant::Frontal, start).unwrap();
        let m = game.position().parse_move("d10^").unwrap();
        game.play(m).unwrap();
        let said = move_event(&game, 0).expect("a dethronement is described");
        assert!(
            said == "Dethronement: White's pawn reached d10 while both queens were on the board, so the pawn leaves the board and takes Black's queen with it.",
            "{said}"
        );
        let mut game = Game::from_position(norochess_core::Variant::Frontal, start).unwrap();
        let m = game.position().parse_move("dxe10^").unwrap();
        game.play(m).unwrap();
        let said = move_event(&game, 0).expect("a dethronement is described");
        assert!(
            said.contains("takes Black's queen and the rook it captured with it"),
            "{said}"
        );
        // An ordinary move needs no words beyond its notation.
        let mut game = Game::new(norochess_core::Variant::Frontal, None).unwrap();
        let m = game.position().legal_moves()[0];
        game.play(m).unwrap();
        assert_eq!(move_event(&game, 0), None);
    }

    #[test]
    fn clocks_by_number_id_word_and_custom() {
        let presets = TimeControl::presets();
        assert_eq!(parse_clock("1"), Ok(Some(presets[0].1)));
        assert_eq!(
            parse_clock("tournament"),
            Ok(Some(TimeControl::NOROCHESS_TOURNAMENT))
        );
        assert_eq!(parse_clock("off"), Ok(None));
        assert_eq!(
            parse_clock("5+3"),
            Ok(Some(TimeControl::Fischer {
                base_ms: 300_000,
                increment_ms: 3000
            }))
        );
        assert!(parse_clock("5+x").is_err());
        for (_, control) in presets {
            assert_eq!(parse_clock(&clock_id(control)), Ok(Some(control)));
        }
        assert_eq!(format_time(3_900_000), "1:05:00");
        assert_eq!(format_time(272_000), "4:32");
        assert_eq!(format_time(7_300), "0:07.3");
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(closest("hitn", &["hint", "help", "new"]), Some("hint"));
        assert_eq!(closest("neww", &["hint", "help", "new"]), Some("new"));
        assert_eq!(closest("e4", &["hint", "help", "new"]), None);
        assert_eq!(closest("xyzzy", &["hint", "help", "new"]), None);
        assert_eq!(date(1_764_460_800), "2025.11.30");
    }
}
