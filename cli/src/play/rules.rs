//! The `rules` command: each game's rule page from the core (the rule book
//! in `docs/rules/`, the same words the phone apps show), with the options
//! written as this terminal's commands take them.

use norochess_core::Variant;

/// How wide the page's lines are: line mode prints them as they are, and
/// the full screen's message pane wraps them again to its own width.
const PAGE_WIDTH: usize = 78;

/// The rule page of `variant`, as text for the message pane, followed by
/// how to start the game with its options here.
pub fn page(variant: Variant) -> String {
    let page = variant.rule_page().to_text();
    let mut text = page
        .trim_end()
        .lines()
        .map(|line| wrap(line, PAGE_WIDTH))
        .collect::<Vec<_>>()
        .join("\n");
    let record = variant.record();
    if !record.options.is_empty() {
        text.push_str("\n\nHere, choose them after the game's id:");
        for option in record.options {
            let ids: Vec<&str> = option.values.iter().map(|v| v.id).collect();
            text.push_str(&format!("\n  {} {}", option.id, ids.join("|")));
        }
        let example: Vec<String> = record
            .options
            .iter()
            .filter_map(|o| o.values.last().map(|v| format!("{} {}", o.id, v.id)))
            .collect();
        text.push_str(&format!(
            "\n  e.g. `new computer {} {}`",
            record.id,
            example.join(" ")
        ));
    }
    text
}

/// `line` broken at spaces into lines of at most `width` characters (a
/// longer word stays whole); a list item's lines hang under its text.
fn wrap(line: &str, width: usize) -> String {
    let indent = if line.starts_with("- ") { "  " } else { "" };
    let mut out = String::new();
    let mut current = String::new();
    for word in line.split(' ').filter(|w| !w.is_empty()) {
        let needed = current.chars().count() + 1 + word.chars().count();
        if !current.is_empty() && needed > width {
            out.push_str(&current);
            out.push('\n');
            current = format!("{indent}{word}");
        } else {
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
    }
    out.push_str(&current);
    out
}

/// The list of games with their ids.
pub fn index() -> String {
    let mut out = String::from("Rules of each game: `rules GAME` with one of\n");
    for id in Variant::IDS {
        if let Ok(v) = Variant::parse(id, None, None) {
            out.push_str(&format!("  {id:<13} {}\n", v.description()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_game_has_its_page_here() {
        for id in Variant::IDS {
            let variant = Variant::parse(id, None, None).ok();
            let text = variant.map(page).unwrap_or_default();
            let name = variant.map(|v| v.display_name()).unwrap_or_default();
            assert!(text.starts_with(name), "{id}: {text}");
            assert!(text.lines().count() > 8, "{id}: {text}");
        }
    }

    #[test]
    fn lines_are_wrapped_and_list_items_hang() {
        let text = Variant::parse("norochess", None, None)
            .map(page)
            .unwrap_or_default();
        assert!(
            text.lines().all(|l| l.chars().count() <= PAGE_WIDTH),
            "{text}"
        );
        assert!(text.contains("\n- No pieces left: "), "{text}");
        assert!(text.contains("\n  "), "{text}");
        assert_eq!(wrap("- aa bb cc", 7), "- aa bb\n  cc");
    }

    #[test]
    fn options_are_written_as_commands() {
        let text = Variant::parse("improved", None, None)
            .map(page)
            .unwrap_or_default();
        assert!(
            text.contains("  zone far-half|beyond-fifth|seventh"),
            "{text}"
        );
        assert!(
            text.contains("`new computer improved zone seventh blockage any`"),
            "{text}"
        );
    }
}
