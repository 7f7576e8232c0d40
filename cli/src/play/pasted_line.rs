//! A line the player typed or pasted that carries a shared puzzle: the
//! puzzle line itself (`id|game|position|…`), or `puzzle import <line>`
//! taken as typed. The prompt asks here before it splits a line into
//! words, so this module depends on no screen.

/// Whether `line` is a shared puzzle line (the puzzle file format:
/// `id|game|position|…`) rather than a command.
pub(super) fn looks_like_puzzle_line(line: &str) -> bool {
    let fields: Vec<&str> = line.trim().split('|').collect();
    fields.len() >= 7
        && !fields[0].is_empty()
        && !fields[0].contains(char::is_whitespace)
        && !fields[1].contains(char::is_whitespace)
}

/// The text after `puzzle import` (or `puzzle paste`) in `line`, as
/// typed: the tokenizer would split the shared line at its spaces.
pub(super) fn import_text(line: &str) -> Option<&str> {
    let rest = line.trim_start();
    let (first, rest) = rest.split_once(char::is_whitespace)?;
    if !matches!(first.to_ascii_lowercase().as_str(), "puzzle" | "puzzles") {
        return None;
    }
    let rest = rest.trim_start();
    let (second, rest) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    matches!(second.to_ascii_lowercase().as_str(), "import" | "paste").then_some(rest.trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_line_is_told_from_a_command() {
        assert!(looks_like_puzzle_line(
            "my-1a2b3c4d|norochess|7k/8/8/3n4/8/8/8/3Q3K w - - 0 48 score=36-38||win|d1d5|1500|"
        ));
        assert!(!looks_like_puzzle_line("new computer"));
        assert!(!looks_like_puzzle_line("a|b|c"));
        assert!(!looks_like_puzzle_line("new game|x|y|z|w|v|u"));
    }

    #[test]
    fn the_imported_line_is_taken_as_typed() {
        assert_eq!(import_text("puzzle import a|b c|d"), Some("a|b c|d"));
        assert_eq!(import_text("  Puzzle  IMPORT   x y "), Some("x y "));
        assert_eq!(import_text("puzzle import"), Some(""));
        assert_eq!(import_text("puzzle mine"), None);
        assert_eq!(import_text("import x"), None);
    }
}
