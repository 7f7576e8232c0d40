//! Each game's rule page, written for players in `docs/rules/` and compiled
//! into the core, so every shell (terminal, Android, iOS) shows the same
//! words and a new game's page comes with its record in the table.
//!
//! The pages use a small subset of Markdown, which [`RulePage::parse`]
//! reads: a `# ` title, an opening paragraph (the summary), `## ` sections,
//! paragraphs, `- ` bullet lists and `|` tables. Inline marks are not used
//! on the pages (shells draw plain text), except backticks, which are
//! dropped.

/// A game's rule page: a title, a summary and sections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulePage {
    /// The game's id (`norochess`).
    pub game: String,
    /// The page's title (the game's name).
    pub title: String,
    /// The paragraph that says what the game is, before the first section.
    pub summary: String,
    /// The sections, in reading order.
    pub sections: Vec<RuleSection>,
}

/// One section of a rule page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSection {
    /// The section's heading (`Capture points`).
    pub heading: String,
    /// Its paragraphs, lists and tables, in order.
    pub blocks: Vec<RuleBlock>,
}

/// A paragraph, a bullet list or a table of a rule section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleBlock {
    /// Running text.
    Paragraph {
        /// The paragraph's text, its lines joined by spaces.
        text: String,
    },
    /// A list of points, each one sentence or a few.
    Bullets {
        /// The items, in order.
        items: Vec<String>,
    },
    /// A table with a header row.
    Table {
        /// The column headings.
        header: Vec<String>,
        /// The rows, each with as many cells as the header.
        rows: Vec<Vec<String>>,
    },
}

impl RulePage {
    /// Reads the page of game `game` from its Markdown `source`. Every line
    /// means something (an unknown line is text), so this never fails; the
    /// core's tests check that each page has a title, a summary and sections.
    pub fn parse(game: &str, source: &str) -> RulePage {
        let mut page = RulePage {
            game: game.to_string(),
            title: String::new(),
            summary: String::new(),
            sections: Vec::new(),
        };
        let mut reader = BlockReader::default();
        for line in source.lines() {
            let line = line.trim_end();
            if let Some(title) = line.strip_prefix("# ") {
                reader.finish(&mut page);
                page.title = plain(title);
            } else if let Some(heading) = line.strip_prefix("## ") {
                reader.finish(&mut page);
                page.sections.push(RuleSection {
                    heading: plain(heading),
                    blocks: Vec::new(),
                });
            } else {
                reader.line(line, &mut page);
            }
        }
        reader.finish(&mut page);
        page
    }

    /// The page as plain text: the title, the summary, then each section
    /// with its heading, lists as `- ` lines and tables in aligned columns.
    /// Lines are not wrapped: the shell wraps them to its width.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n\n{}\n", self.title, self.summary);
        for section in &self.sections {
            out.push('\n');
            out.push_str(&section.heading);
            out.push('\n');
            for block in &section.blocks {
                match block {
                    RuleBlock::Paragraph { text } => {
                        out.push_str(text);
                        out.push('\n');
                    }
                    RuleBlock::Bullets { items } => {
                        for item in items {
                            out.push_str("- ");
                            out.push_str(item);
                            out.push('\n');
                        }
                    }
                    RuleBlock::Table { header, rows } => table_text(header, rows, &mut out),
                }
            }
        }
        out
    }
}

/// Writes a table in columns padded to their widest cell.
fn table_text(header: &[String], rows: &[Vec<String>], out: &mut String) {
    let columns = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate().take(columns) {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        let mut line = String::from("  ");
        for (i, cell) in row.iter().enumerate().take(columns) {
            line.push_str(cell);
            if i + 1 < columns {
                let pad = widths[i] - cell.chars().count() + 2;
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// Text without the Markdown marks the pages allow (backticks).
fn plain(text: &str) -> String {
    text.replace('`', "").trim().to_string()
}

/// The block being read: the lines of a paragraph, a list or a table, kept
/// until a blank line or another kind of block ends it.
#[derive(Default)]
struct BlockReader {
    paragraph: Vec<String>,
    bullets: Vec<String>,
    table: Vec<Vec<String>>,
}

impl BlockReader {
    fn line(&mut self, line: &str, page: &mut RulePage) {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            self.finish(page);
        } else if let Some(item) = trimmed.strip_prefix("- ") {
            self.finish_paragraph(page);
            self.finish_table(page);
            self.bullets.push(plain(item));
        } else if trimmed.starts_with('|') {
            self.finish_paragraph(page);
            self.finish_bullets(page);
            let cells: Vec<String> = trimmed.trim_matches('|').split('|').map(plain).collect();
            // The row under the header (`|---|---|`) only marks it.
            if !cells
                .iter()
                .all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-' || ch == ':'))
            {
                self.table.push(cells);
            }
        } else if line.starts_with("  ") && !self.bullets.is_empty() {
            // An indented line continues the last item.
            if let Some(last) = self.bullets.last_mut() {
                last.push(' ');
                last.push_str(&plain(trimmed));
            }
        } else {
            self.finish_bullets(page);
            self.finish_table(page);
            self.paragraph.push(plain(trimmed));
        }
    }

    fn finish(&mut self, page: &mut RulePage) {
        self.finish_paragraph(page);
        self.finish_bullets(page);
        self.finish_table(page);
    }

    fn finish_paragraph(&mut self, page: &mut RulePage) {
        if self.paragraph.is_empty() {
            return;
        }
        let text = std::mem::take(&mut self.paragraph).join(" ");
        match page.sections.last_mut() {
            Some(section) => section.blocks.push(RuleBlock::Paragraph { text }),
            None if page.summary.is_empty() => page.summary = text,
            None => {
                page.summary.push(' ');
                page.summary.push_str(&text);
            }
        }
    }

    fn finish_bullets(&mut self, page: &mut RulePage) {
        if !self.bullets.is_empty() {
            let items = std::mem::take(&mut self.bullets);
            push_block(page, RuleBlock::Bullets { items });
        }
    }

    fn finish_table(&mut self, page: &mut RulePage) {
        if self.table.is_empty() {
            return;
        }
        let mut rows = std::mem::take(&mut self.table);
        let header = rows.remove(0);
        for row in &mut rows {
            row.resize(header.len(), String::new());
        }
        push_block(page, RuleBlock::Table { header, rows });
    }
}

/// Adds `block` to the last section, or opens an untitled one for a list or
/// table that comes before the first heading.
fn push_block(page: &mut RulePage, block: RuleBlock) {
    match page.sections.last_mut() {
        Some(section) => section.blocks.push(block),
        None => page.sections.push(RuleSection {
            heading: String::new(),
            blocks: vec![block],
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Variant, GAMES};

    #[test]
    fn every_game_of_the_table_has_a_full_rule_page() {
        for record in GAMES.iter() {
            let page = record.variant.rule_page();
            assert_eq!(page.game, record.id);
            assert_eq!(
                page.title,
                record.name.split(" (").next().unwrap_or(""),
                "{}",
                record.id
            );
            assert!(page.summary.len() > 40, "{}: no summary", record.id);
            assert!(!page.sections.is_empty(), "{}: no sections", record.id);
            for section in &page.sections {
                assert!(
                    !section.heading.is_empty(),
                    "{}: untitled section",
                    record.id
                );
                assert!(
                    !section.blocks.is_empty(),
                    "{}: empty section {}",
                    record.id,
                    section.heading
                );
            }
            assert!(!page.to_text().contains('`'), "{}", record.id);
        }
    }

    #[test]
    fn the_norochess_page_carries_the_points_table_and_the_end_of_the_game() {
        let page = Variant::Norochess.rule_page();
        let points = page
            .sections
            .iter()
            .find(|s| s.heading == "Capture points")
            .and_then(|s| {
                s.blocks.iter().find_map(|b| match b {
                    RuleBlock::Table { header, rows } => Some((header.clone(), rows.clone())),
                    _ => None,
                })
            });
        let (header, rows) = points.unwrap_or_default();
        assert_eq!(header, ["Piece taken", "Points"]);
        let values: Vec<(&str, &str)> = rows
            .iter()
            .map(|r| (r[0].as_str(), r[1].as_str()))
            .collect();
        assert_eq!(
            values,
            [
                ("Queen", "9"),
                ("Rook", "5"),
                ("Bishop", "3"),
                ("Knight", "3"),
                ("King", "2"),
                ("Pawn", "1")
            ]
        );
        let text = page.to_text();
        assert!(text.contains("after Black's 48th move"), "{text}");
        assert!(text.contains("  Queen        9\n"), "{text}");
    }

    #[test]
    fn games_with_options_share_their_page() {
        let improved = Variant::parse("improved", Some("seventh"), Some("any")).ok();
        assert_eq!(
            improved.map(|v| v.rule_page().game).as_deref(),
            Some("improved")
        );
    }

    #[test]
    fn the_reader_handles_lists_tables_and_continued_items() {
        let page = RulePage::parse(
            "x",
            "# X\n\nWhat it is,\nin two lines.\n\n## Moves\n\n- one\n  continued `a1`\n- two\nAfter.\n\n| a | b |\n|---|---|\n| 1 |\n",
        );
        assert_eq!(page.summary, "What it is, in two lines.");
        assert_eq!(
            page.sections[0].blocks,
            [
                RuleBlock::Bullets {
                    items: vec!["one continued a1".into(), "two".into()]
                },
                RuleBlock::Paragraph {
                    text: "After.".into()
                },
                RuleBlock::Table {
                    header: vec!["a".into(), "b".into()],
                    rows: vec![vec!["1".into(), String::new()]]
                },
            ]
        );
    }
}
