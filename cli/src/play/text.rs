//! Small text helpers of `norochess play`: command words, clock names,
//! times and dates.

use norochess_core::TimeControl;

/// Splits a command line into words; double quotes keep spaces inside a
/// word (`fen "6k1/5ppp/… w - - 0 47 score=21-19"`).
pub fn tokenize(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut word = String::new();
        if c == '"' {
            chars.next();
            let mut closed = false;
            for ch in chars.by_ref() {
                if ch == '"' {
                    closed = true;
                    break;
                }
                word.push(ch);
            }
            if !closed {
                return Err("a quote `\"` is not closed".to_string());
            }
        } else {
            while let Some(&ch) = chars.peek() {
                if ch.is_whitespace() {
                    break;
                }
                word.push(ch);
                chars.next();
            }
        }
        words.push(word);
    }
    Ok(words)
}

/// A short id for a time control, usable after `clock`: `1+0`, `3+2`,
/// `15d10`, `norochess-10`.
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

/// A readable name of a time control.
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

/// Reads a clock choice: a preset's number (from `clocks`), its id, the
/// first word of its name (`bullet`, `blitz`, `rapid`), or `M+S` minutes
/// plus seconds per move. `None` for `none`/`off`.
pub fn parse_clock(text: &str) -> Result<Option<TimeControl>, String> {
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
    Err(format!(
        "unknown clock `{text}`: type `clocks` for the list (a number, an id such as norochess-10, or minutes+seconds such as 5+3)"
    ))
}

/// A clock time: `1:05:00`, `4:32`, `0:07.3` (tenths under ten seconds).
pub fn format_time(ms: u64) -> String {
    let tenths = ms / 100;
    let seconds = ms / 1000;
    if seconds >= 3600 {
        format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        )
    } else if seconds >= 10 {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    } else {
        format!("0:{:02}.{}", seconds, tenths % 10)
    }
}

/// Today's date as PGN writes it (`2025.11.29`), in UTC.
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((seconds / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a calendar date (proleptic Gregorian).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// A seed from the time of day, for games outside scripts.
pub fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// Mixes a seed with a number (the ply count), so each computer move has
/// its own reproducible seed.
pub fn mix(seed: u64, n: u64) -> u64 {
    let mut x = seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_quotes() {
        assert_eq!(
            tokenize(r#"new friend fen "8/8 w - - 0 47"  x"#).unwrap(),
            vec!["new", "friend", "fen", "8/8 w - - 0 47", "x"]
        );
        assert!(tokenize("fen \"open").is_err());
    }

    #[test]
    fn clocks_by_number_id_word_and_custom() {
        for (i, (_, control)) in TimeControl::presets().into_iter().enumerate() {
            assert_eq!(parse_clock(&(i + 1).to_string()), Ok(Some(control)));
            assert_eq!(parse_clock(&clock_id(control)), Ok(Some(control)));
        }
        assert_eq!(parse_clock("none"), Ok(None));
        assert_eq!(
            parse_clock("5+3"),
            Ok(Some(TimeControl::Fischer {
                base_ms: 300_000,
                increment_ms: 3000
            }))
        );
        assert!(parse_clock("soon").is_err());
    }

    #[test]
    fn times_and_dates() {
        assert_eq!(format_time(272_000), "4:32");
        assert_eq!(format_time(7_300), "0:07.3");
        assert_eq!(format_time(3_900_000), "1:05:00");
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_421), (2025, 11, 29));
    }
}
