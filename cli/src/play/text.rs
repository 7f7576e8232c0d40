//! Small text helpers of `norochess play`: command words and seeds.

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
}
