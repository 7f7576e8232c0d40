//! The command line of the full-screen shell: editing (cursor, words),
//! history (up and down) and completion of the last word (Tab) from a list
//! the app gives (its commands and the legal moves in every notation).

/// Lines kept in the history.
const HISTORY: usize = 200;

/// A line being edited, with the lines sent before.
#[derive(Clone, Debug, Default)]
pub struct CommandLine {
    chars: Vec<char>,
    cursor: usize,
    history: Vec<String>,
    /// Where up/down is in the history (`None`: the line being typed).
    browsing: Option<usize>,
    /// The line being typed when browsing started.
    draft: String,
}

impl CommandLine {
    /// The text.
    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// The cursor, in characters from the start.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// Types a character at the cursor.
    pub fn insert(&mut self, c: char) {
        self.chars.insert(self.cursor, c);
        self.cursor += 1;
    }

    /// Deletes the character before the cursor.
    pub fn backspace(&mut self) {
        if self.cursor > 0 {
            self.cursor -= 1;
            self.chars.remove(self.cursor);
        }
    }

    /// Deletes the character under the cursor.
    pub fn delete(&mut self) {
        if self.cursor < self.chars.len() {
            self.chars.remove(self.cursor);
        }
    }

    /// Moves the cursor by `delta` characters.
    pub fn move_by(&mut self, delta: isize) {
        self.cursor = self
            .cursor
            .saturating_add_signed(delta)
            .min(self.chars.len());
    }

    /// The cursor to the start.
    pub fn home(&mut self) {
        self.cursor = 0;
    }

    /// The cursor to the end.
    pub fn end(&mut self) {
        self.cursor = self.chars.len();
    }

    /// Deletes the word before the cursor (Ctrl-W).
    pub fn delete_word(&mut self) {
        let mut start = self.cursor;
        while start > 0 && self.chars[start - 1] == ' ' {
            start -= 1;
        }
        while start > 0 && self.chars[start - 1] != ' ' {
            start -= 1;
        }
        self.chars.drain(start..self.cursor);
        self.cursor = start;
    }

    /// Deletes everything before the cursor (Ctrl-U).
    pub fn delete_to_start(&mut self) {
        self.chars.drain(..self.cursor);
        self.cursor = 0;
    }

    /// Empties the line.
    pub fn clear(&mut self) {
        self.chars.clear();
        self.cursor = 0;
        self.browsing = None;
    }

    /// Takes the line to send: it goes into the history (not twice in a row).
    pub fn take(&mut self) -> String {
        let text = self.text();
        self.clear();
        let trimmed = text.trim();
        if !trimmed.is_empty() && self.history.last().map(String::as_str) != Some(trimmed) {
            self.history.push(trimmed.to_string());
            if self.history.len() > HISTORY {
                self.history.remove(0);
            }
        }
        text
    }

    /// The previous line of the history (up).
    pub fn previous(&mut self) {
        let index = match self.browsing {
            None if self.history.is_empty() => return,
            None => {
                self.draft = self.text();
                self.history.len() - 1
            }
            Some(0) => 0,
            Some(i) => i - 1,
        };
        self.browsing = Some(index);
        let line = self.history[index].clone();
        self.set(&line);
    }

    /// The next line of the history (down), then the line being typed.
    pub fn next(&mut self) {
        let Some(index) = self.browsing else { return };
        if index + 1 < self.history.len() {
            self.browsing = Some(index + 1);
            let line = self.history[index + 1].clone();
            self.set(&line);
        } else {
            self.browsing = None;
            let draft = std::mem::take(&mut self.draft);
            self.set(&draft);
        }
    }

    fn set(&mut self, text: &str) {
        self.chars = text.chars().collect();
        self.cursor = self.chars.len();
    }

    /// Completes the word before the cursor from `words` (case does not
    /// matter): one match is written out (with a space after a command),
    /// several are completed to their common start. Returns the matches.
    pub fn complete(&mut self, words: &[String]) -> Vec<String> {
        let mut start = self.cursor;
        while start > 0 && self.chars[start - 1] != ' ' {
            start -= 1;
        }
        let typed: String = self.chars[start..self.cursor].iter().collect();
        let lower = typed.to_lowercase();
        let mut matches: Vec<String> = words
            .iter()
            .filter(|w| w.to_lowercase().starts_with(&lower))
            .cloned()
            .collect();
        matches.sort();
        matches.dedup();
        let replacement = match matches.as_slice() {
            [] => return matches,
            [only] => {
                // A command or option word (all letters, unlike moves) is
                // followed by what comes after it.
                if only.chars().all(|c| c.is_ascii_lowercase()) {
                    format!("{only} ")
                } else {
                    only.clone()
                }
            }
            [first, rest @ ..] => {
                let mut common: Vec<char> = first.chars().collect();
                for word in rest {
                    let same = common
                        .iter()
                        .zip(word.chars())
                        .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
                        .count();
                    common.truncate(same);
                }
                if common.len() <= typed.chars().count() {
                    return matches;
                }
                common.into_iter().collect()
            }
        };
        self.chars.splice(start..self.cursor, replacement.chars());
        self.cursor = start + replacement.chars().count();
        matches
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(text: &str) -> CommandLine {
        let mut line = CommandLine::default();
        text.chars().for_each(|c| line.insert(c));
        line
    }

    #[test]
    fn editing_moves_the_cursor_and_deletes_words() {
        let mut line = typed("new computer ram");
        line.delete_word();
        assert_eq!(line.text(), "new computer ");
        line.move_by(-10);
        line.insert('!');
        assert_eq!(line.text(), "new! computer ");
        line.backspace();
        line.delete();
        assert_eq!(line.text(), "newcomputer ");
        line.delete_to_start();
        assert_eq!((line.text().as_str(), line.cursor()), ("computer ", 0));
        line.move_by(-5);
        line.end();
        assert_eq!(line.cursor(), 9);
    }

    #[test]
    fn history_goes_back_and_returns_to_the_draft() {
        let mut line = typed("e4");
        assert_eq!(line.take(), "e4");
        line.insert('x');
        line.take();
        line.insert('x');
        line.take();
        line.insert('N');
        line.previous();
        assert_eq!(line.text(), "x");
        line.previous();
        assert_eq!(line.text(), "e4");
        line.previous();
        assert_eq!(line.text(), "e4");
        line.next();
        line.next();
        assert_eq!(line.text(), "N");
    }

    #[test]
    fn completion_writes_one_match_and_the_common_start_of_several() {
        let words: Vec<String> = ["resign", "rematch", "redo", "Nf3", "Nh3", "e4", "e3"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let mut line = typed("resi");
        assert_eq!(line.complete(&words), vec!["resign"]);
        assert_eq!(line.text(), "resign ");
        let mut line = typed("re");
        assert_eq!(line.complete(&words).len(), 3);
        assert_eq!(line.text(), "re");
        let mut line = typed("nf");
        line.complete(&words);
        assert_eq!(line.text(), "Nf3");
        let mut line = typed("n");
        assert_eq!(line.complete(&words), vec!["Nf3", "Nh3"]);
        assert_eq!(line.text(), "n");
        let mut line = typed("zz");
        assert!(line.complete(&words).is_empty());
        assert_eq!(line.text(), "zz");
    }
}
