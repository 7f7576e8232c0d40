//! The `stats` command: the statistics screen of the phone apps, as text.
//! Every figure comes from the library ([`Library::stats`]); this module
//! only lays them out: results per game and opponent with the score
//! differential and its average, the best wins, the puzzle rating with a
//! sparkline of its history, and progress per tier.
//!
//! [`Library::stats`]: norochess_app::Library::stats

use super::app::App;
use super::screen::Style;
use super::text::heading;
use norochess_app::texts::date;
use norochess_app::{GameSummary, Opponent, PuzzleStats, ReviewStats, Stats, StatsRow};
use norochess_core::Variant;

/// The sparkline's blocks, lowest to highest.
pub(super) const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
/// The ASCII sparkline's characters, lowest to highest (`--ascii`).
pub(super) const ASCII_BLOCKS: [char; 8] = ['_', '.', ':', '-', '=', '+', '*', '#'];
/// How many of the latest ratings the sparkline draws: one line, well
/// inside an 80-column screen (the library keeps more).
const SPARK_POINTS: usize = 50;
/// The narrowest the label column of the results table gets.
const LABEL_WIDTH: usize = 20;

/// A part of the statistics screen: a title and its lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Section {
    /// The title (`Results`, `Puzzles`).
    pub title: String,
    /// The lines under it, indented.
    pub lines: Vec<String>,
}

impl App {
    /// `stats`: the statistics screen from the library.
    pub(super) fn show_stats(&mut self) {
        let stats = match self.library.stats() {
            Ok(stats) => stats,
            Err(e) => {
                self.say(format!("The statistics cannot be read: {e}."));
                return;
            }
        };
        let review = match self.library.review_stats() {
            Ok(reviews) => review_section(&reviews),
            Err(e) => Section {
                title: "Review accuracy".to_string(),
                lines: vec![format!("  The reviews cannot be read: {e}.")],
            },
        };
        let text = screen(&stats, self.style(), Some(review));
        self.say(text);
    }
}

/// The whole screen: the title, results, best wins, puzzles and, when
/// given, the review accuracy section.
pub(super) fn screen(stats: &Stats, style: Style, review: Option<Section>) -> String {
    let mut sections = vec![results(stats)];
    sections.extend(best_wins(stats));
    sections.push(puzzles(&stats.puzzles, style));
    sections.extend(review_accuracy(review));
    let mut lines = vec![heading(style, "Statistics")];
    for section in sections {
        lines.push(String::new());
        lines.push(style.bold(&section.title));
        lines.extend(section.lines);
    }
    lines.join("\n")
}

/// The place of the "Review accuracy" section (each side's accuracy from
/// the game reviews the library keeps), after the puzzles; a section
/// without lines is left out.
pub(super) fn review_accuracy(section: Option<Section>) -> Option<Section> {
    section.filter(|s| !s.lines.is_empty())
}

/// The "Review accuracy" section from the library's sums of the complete
/// reviews: the player's accuracy against the computer and the computer's
/// (the app layer's sentence), and the pass-and-play games reviewed.
pub(super) fn review_section(reviews: &ReviewStats) -> Section {
    let mut lines = vec![format!("  {}.", reviews.text)];
    if reviews.friend_games_reviewed > 0 {
        let n = reviews.friend_games_reviewed;
        lines.push(format!(
            "  Pass and play: {n} game{} reviewed.",
            if n == 1 { "" } else { "s" }
        ));
    }
    if reviews.games_reviewed == 0 && reviews.friend_games_reviewed == 0 {
        lines.push("  `review` after a game (or `review N` for game N of `games`).".to_string());
    }
    Section {
        title: "Review accuracy".to_string(),
        lines,
    }
}

/// Wins, draws and losses per game and opponent, with the totals.
fn results(stats: &Stats) -> Section {
    let mut section = Section {
        title: "Results".to_string(),
        lines: Vec::new(),
    };
    if stats.rows.is_empty() {
        section.lines.push(
            "  No finished games yet: `new computer` or `new friend` to play one.".to_string(),
        );
        return section;
    }
    let labels: Vec<String> = stats.rows.iter().map(row_label).collect();
    let width = labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(LABEL_WIDTH);
    section.lines.push(table_header(width));
    for (row, label) in stats.rows.iter().zip(&labels) {
        section.lines.push(table_row(label, row, width));
    }
    let totals = totals(stats);
    if !totals.is_empty() {
        section.lines.push(format!("  {}", "─".repeat(width + 39)));
        for (label, row) in totals {
            section.lines.push(table_row(label, row, width));
        }
    }
    section.lines.push(
        "  Points: your final points minus the opponent's (pass and play: White's).".to_string(),
    );
    section
}

/// The total rows worth a line: against the computer and pass and play,
/// each when it adds up more than one row.
fn totals(stats: &Stats) -> Vec<(&'static str, &StatsRow)> {
    let computer_rows = stats.rows.iter().filter(|r| r.level.is_some()).count();
    let friend_rows = stats.rows.len() - computer_rows;
    let mut totals = Vec::new();
    if computer_rows > 1 {
        totals.push(("Against the computer", &stats.against_computer));
    }
    if friend_rows > 1 {
        totals.push(("Pass and play", &stats.pass_and_play));
    }
    totals
}

/// The column titles of the results table.
fn table_header(width: usize) -> String {
    format!(
        "  {:<width$} {:>5} {:>4} {:>4} {:>4} {:>7} {:>9}",
        "", "Games", "W", "D", "L", "Points", "Per game"
    )
}

/// One line of the results table.
fn table_row(label: &str, row: &StatsRow, width: usize) -> String {
    let average = row.average_margin();
    let (points, per_game) = match average {
        Some(average) => (signed(row.score_differential), signed_average(average)),
        None => ("–".to_string(), "–".to_string()),
    };
    format!(
        "  {label:<width$} {:>5} {:>4} {:>4} {:>4} {points:>7} {per_game:>9}",
        row.games, row.wins, row.draws, row.losses
    )
}

/// `Norochess · level 4`, `Ram chess · pass and play`.
fn row_label(row: &StatsRow) -> String {
    let who = match row.level {
        Some(level) => format!("level {level}"),
        None => "pass and play".to_string(),
    };
    format!("{} · {who}", game_name(&row.variant))
}

/// The game's name for players, or its id if the core no longer has it.
fn game_name(variant: &str) -> String {
    Variant::parse(variant, None, None)
        .map(|v| v.display_name().to_string())
        .unwrap_or_else(|_| variant.to_string())
}

/// The best wins against the computer, the biggest win when it is not the
/// first of them, and the worst loss; nothing without games against the
/// computer.
fn best_wins(stats: &Stats) -> Option<Section> {
    if stats.against_computer.games == 0 {
        return None;
    }
    let mut lines: Vec<String> = stats
        .best_wins
        .iter()
        .map(|g| format!("  {}", game_line(g)))
        .collect();
    if lines.is_empty() {
        lines.push("  No wins against the computer yet.".to_string());
    }
    let first = stats.best_wins.first().map(|g| g.id);
    if let Some(biggest) = stats.best_win.as_ref().filter(|g| Some(g.id) != first) {
        lines.push(format!("  Biggest win: {}", game_line(biggest)));
    }
    if let Some(worst) = &stats.worst_loss {
        lines.push(format!("  Worst loss:  {}", game_line(worst)));
    }
    Some(Section {
        title: "Best wins (the highest level first)".to_string(),
        lines,
    })
}

/// `2026.11.30  Norochess · level 5 · White wins 35–30 · move limit`.
fn game_line(game: &GameSummary) -> String {
    let who = match game.opponent {
        Opponent::Computer { level, .. } => format!("level {level}"),
        Opponent::Friend => "pass and play".to_string(),
    };
    format!(
        "{}  {} · {who} · {}",
        date(game.updated_at),
        game_name(&game.variant),
        game.result_line
    )
}

/// The puzzle rating, its history, progress and each tier.
fn puzzles(puzzles: &PuzzleStats, style: Style) -> Section {
    let mut section = Section {
        title: "Puzzles".to_string(),
        lines: Vec::new(),
    };
    if puzzles.attempted == 0 && puzzles.rated_attempts == 0 {
        section.lines.push(
            "  No puzzles tried yet: `puzzle` starts one, `puzzle daily` picks today's."
                .to_string(),
        );
        return section;
    }
    section.lines.push(format!(
        "  Rating {} ± {} after {} rated puzzle{}",
        puzzles.rating,
        puzzles.deviation,
        puzzles.rated_attempts,
        plural(puzzles.rated_attempts)
    ));
    section.lines.extend(history_lines(puzzles, style));
    section.lines.push(progress_line(puzzles));
    section.lines.extend(puzzles.tiers.iter().map(|t| {
        format!(
            "  {:<8} {} of {} solved, {} cleanly",
            tier_name(&t.tier),
            t.solved,
            t.attempted,
            t.solved_cleanly
        )
    }));
    section
}

/// The latest ratings: the first, last, lowest and highest of them, and
/// their sparkline under that; nothing with fewer than two.
fn history_lines(puzzles: &PuzzleStats, style: Style) -> Vec<String> {
    let history = &puzzles.rating_history;
    let start = history.len().saturating_sub(SPARK_POINTS);
    let ratings: Vec<i32> = history[start..].iter().map(|p| p.rating).collect();
    let (Some(first), Some(last)) = (ratings.first(), ratings.last()) else {
        return Vec::new();
    };
    let (Some(low), Some(high)) = (ratings.iter().min(), ratings.iter().max()) else {
        return Vec::new();
    };
    if ratings.len() < 2 {
        return Vec::new();
    }
    let arrow = if style.unicode { "→" } else { "->" };
    vec![
        format!(
            "  History of the last {} puzzles: {first} {arrow} {last}, low {low}, high {high}",
            ratings.len()
        ),
        format!("  {}", sparkline(&ratings, style.unicode)),
    ]
}

/// `Solved 8 of 10 tried, 6 cleanly, 1 shown; streak 2 (best 4)`.
fn progress_line(puzzles: &PuzzleStats) -> String {
    let shown = if puzzles.shown > 0 {
        format!(", {} shown", puzzles.shown)
    } else {
        String::new()
    };
    format!(
        "  Solved {} of {} tried, {} cleanly{shown}; streak {} (best {})",
        puzzles.solved,
        puzzles.attempted,
        puzzles.solved_cleanly,
        puzzles.streak,
        puzzles.best_streak
    )
}

/// `Easy` for `easy`: the tier's id with a capital.
fn tier_name(tier: &str) -> String {
    let mut chars = tier.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One character per value, as high as the value between the lowest and
/// the highest: the blocks `▁▂▃▄▅▆▇█`, or `_.:-=+*#` in ASCII. Equal
/// values draw a level line in the middle; no values, an empty string.
pub(super) fn sparkline(values: &[i32], unicode: bool) -> String {
    let blocks = if unicode { &BLOCKS } else { &ASCII_BLOCKS };
    let (Some(low), Some(high)) = (values.iter().min(), values.iter().max()) else {
        return String::new();
    };
    let span = i64::from(*high) - i64::from(*low);
    let top = blocks.len() as i64 - 1;
    values
        .iter()
        .map(|&v| {
            let level = if span == 0 {
                top / 2
            } else {
                ((i64::from(v) - i64::from(*low)) * top + span / 2) / span
            };
            blocks[level.clamp(0, top) as usize]
        })
        .collect()
}

/// `+17`, `−3` or `0`.
fn signed(n: i64) -> String {
    match n.signum() {
        1 => format!("+{n}"),
        -1 => format!("−{}", n.unsigned_abs()),
        _ => "0".to_string(),
    }
}

/// `+2.5`, `−0.3` or `0.0`, to one decimal.
fn signed_average(x: f64) -> String {
    let text = format!("{:.1}", x.abs());
    if text == "0.0" {
        text
    } else if x > 0.0 {
        format!("+{text}")
    } else {
        format!("−{text}")
    }
}

/// `s` unless `n` is one.
fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_app::{PuzzleTierStats, RatingPoint};

    const PLAIN: Style = Style {
        unicode: true,
        letters: false,
        color: false,
        coordinates: true,
    };

    #[test]
    fn a_sparkline_spans_the_blocks_from_lowest_to_highest() {
        assert_eq!(sparkline(&[1500, 1600, 1550, 1400], true), "▅█▆▁");
        assert_eq!(sparkline(&[0, 1, 2, 3, 4, 5, 6, 7], true), "▁▂▃▄▅▆▇█");
        assert_eq!(sparkline(&[0, 1, 2, 3, 4, 5, 6, 7], false), "_.:-=+*#");
    }

    #[test]
    fn a_flat_or_empty_sparkline_and_extreme_values_do_not_fail() {
        assert_eq!(sparkline(&[1500, 1500, 1500], true), "▄▄▄");
        assert_eq!(sparkline(&[1500], false), "-");
        assert_eq!(sparkline(&[], true), "");
        assert_eq!(sparkline(&[i32::MIN, 0, i32::MAX], true), "▁▅█");
    }

    #[test]
    fn an_ascii_sparkline_is_ascii() {
        let line = sparkline(&[1500, 1512, 1490, 1530, 1601, 1580], false);
        assert!(line.is_ascii(), "{line}");
        assert_eq!(line.chars().count(), 6);
    }

    #[test]
    fn an_empty_library_gets_friendly_lines_not_empty_tables() {
        let text = screen(&Stats::default(), PLAIN, None);
        assert!(text.contains("No finished games yet"), "{text}");
        assert!(text.contains("No puzzles tried yet"), "{text}");
        assert!(!text.contains("Games    W"), "{text}");
        assert!(!text.contains("Best wins"), "{text}");
    }

    #[test]
    fn results_and_puzzles_are_laid_out() {
        let row = StatsRow {
            variant: "norochess".to_string(),
            level: Some(4),
            games: 3,
            wins: 2,
            draws: 0,
            losses: 1,
            score_differential: 7,
            scored_games: 3,
        };
        let chess = StatsRow {
            variant: "chess".to_string(),
            level: None,
            games: 1,
            losses: 1,
            ..StatsRow::default()
        };
        let history: Vec<RatingPoint> = [1500, 1540, 1520]
            .into_iter()
            .map(|rating| RatingPoint {
                at_unix_seconds: 0,
                puzzle_id: "p".to_string(),
                outcome: norochess_app::PuzzleAttempt::Clean,
                rating,
                deviation: 200,
            })
            .collect();
        let stats = Stats {
            rows: vec![row.clone(), chess],
            against_computer: row,
            puzzles: PuzzleStats {
                attempted: 3,
                solved: 2,
                solved_cleanly: 2,
                rating: 1520,
                deviation: 200,
                rated_attempts: 3,
                tiers: vec![PuzzleTierStats {
                    tier: "easy".to_string(),
                    attempted: 3,
                    solved: 2,
                    solved_cleanly: 2,
                }],
                rating_history: history,
                ..PuzzleStats::default()
            },
            ..Stats::default()
        };
        let text = screen(&stats, PLAIN, None);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines.contains(&"  Norochess · level 4       3    2    0    1      +7      +2.3"),
            "{text}"
        );
        assert!(
            lines.contains(&"  Chess · pass and play     1    0    0    1       –         –"),
            "{text}"
        );
        assert!(
            lines.contains(&"  No wins against the computer yet."),
            "{text}"
        );
        assert!(
            lines.contains(&"  Rating 1520 ± 200 after 3 rated puzzles"),
            "{text}"
        );
        assert!(
            lines.contains(&"  History of the last 3 puzzles: 1500 → 1520, low 1500, high 1540"),
            "{text}"
        );
        assert!(lines.contains(&"  ▁█▅"), "{text}");
        assert!(
            lines.contains(&"  Easy     2 of 3 solved, 2 cleanly"),
            "{text}"
        );
    }

    #[test]
    fn the_review_accuracy_section_comes_last_when_given() {
        let review = Section {
            title: "Review accuracy".to_string(),
            lines: vec!["  White 91% · Black 84%".to_string()],
        };
        let text = screen(&Stats::default(), PLAIN, Some(review));
        assert!(
            text.ends_with("Review accuracy\n  White 91% · Black 84%"),
            "{text}"
        );
        let without = screen(&Stats::default(), PLAIN, None);
        assert!(!without.contains("Review accuracy"), "{without}");
    }

    #[test]
    fn signs_are_written_out() {
        assert_eq!(signed(17), "+17");
        assert_eq!(signed(-3), "−3");
        assert_eq!(signed(0), "0");
        assert_eq!(signed_average(2.26), "+2.3");
        assert_eq!(signed_average(-0.04), "0.0");
        assert_eq!(signed_average(-1.5), "−1.5");
    }
}
