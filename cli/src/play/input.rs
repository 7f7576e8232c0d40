//! Reading command lines as bytes, so one line that is not UTF-8 text (a
//! stray byte from a terminal or a file in another encoding) is answered
//! with a message instead of ending the program.

use std::io::{self, BufRead};

/// A line that is not UTF-8 text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotText {
    /// The line with each bad byte shown as `�` (to echo it).
    pub lossy: String,
    /// The first bad byte.
    pub byte: u8,
    /// Its position in the line, from 1.
    pub column: usize,
}

impl NotText {
    /// What to tell the player.
    pub fn message(&self) -> String {
        format!(
            "That line is not UTF-8 text (byte 0x{:02x} at column {}); it was ignored.",
            self.byte, self.column
        )
    }
}

/// Reads the next line without its line ending: `None` at the end of the
/// input, `Some(Err(_))` for a line that is not UTF-8 text.
pub fn next_line(reader: &mut dyn BufRead) -> io::Result<Option<Result<String, NotText>>> {
    let mut bytes = Vec::new();
    if reader.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Ok(Some(String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        NotText {
            lossy: String::from_utf8_lossy(bytes).into_owned(),
            byte: bytes.get(at).copied().unwrap_or(0),
            column: at + 1,
        }
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_byte_spoils_only_its_line() {
        let mut input: &[u8] = b"e4\r\nab\xffc\nquit";
        assert_eq!(next_line(&mut input).unwrap(), Some(Ok("e4".to_string())));
        let bad = next_line(&mut input).unwrap().unwrap().unwrap_err();
        assert_eq!((bad.byte, bad.column), (0xff, 3));
        assert_eq!(bad.lossy, "ab\u{fffd}c");
        assert_eq!(next_line(&mut input).unwrap(), Some(Ok("quit".to_string())));
        assert_eq!(next_line(&mut input).unwrap(), None);
    }
}
