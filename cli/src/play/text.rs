//! Small text helpers of `norochess play`: command words, long lines,
//! screen titles, messages made sentences, and seeds. Every screen uses
//! them, so they live here rather than in one screen the others import.

use super::screen::Style;

/// The longest command line read (in characters): commands, moves and
/// even a position with its quotes are far shorter, so a longer line is a
/// paste gone wrong and is refused rather than echoed and parsed.
pub const MAX_LINE_CHARS: usize = 500;

/// How much of a long line an echo shows.
const ECHO_CHARS: usize = 60;

/// `line` as an echo shows it: whole up to [`MAX_LINE_CHARS`], else its
/// start and its length (`abc… (5000 characters)`), so a pasted page
/// does not fill the screen.
pub fn echo_text(line: &str) -> String {
    let count = line.chars().count();
    if count <= MAX_LINE_CHARS {
        return line.to_string();
    }
    let start: String = line.chars().take(ECHO_CHARS).collect();
    format!("{start}… ({count} characters)")
}

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

/// A screen's title line.
pub fn heading(style: Style, title: &str) -> String {
    if style.unicode {
        style.bold(&format!("── {title} ──"))
    } else {
        format!("== {title} ==")
    }
}

/// A message with its first letter in upper case (core and session
/// messages start in lower case to fit inside sentences). One starting
/// with a move or square (`e4 is not a legal move here`) is left as it is.
pub fn capitalized(text: &str) -> String {
    let first_word = text.split_whitespace().next().unwrap_or("");
    if first_word.chars().any(|c| c.is_ascii_digit()) {
        return text.to_string();
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A seed from the time of day, for games outside scripts.
pub fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
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
    fn a_long_line_is_echoed_shortened() {
        assert_eq!(echo_text("e4"), "e4");
        let long = "x".repeat(5000);
        let echo = echo_text(&long);
        assert!(echo.ends_with("… (5000 characters)"), "{echo}");
        assert_eq!(
            echo.chars().count(),
            ECHO_CHARS + "… (5000 characters)".chars().count()
        );
    }
}
