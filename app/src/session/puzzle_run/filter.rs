//! Which puzzles the player asked for: a tier, a theme, both or neither
//! (docs/puzzles.md, "Choosing puzzles"). One meaning for every shell: the
//! filter decides which pack puzzles `next` may give, which themes a menu
//! offers (only those the chosen tier holds, with their counts) and what the
//! screen says of the choice.

use norochess_core::puzzle::{Difficulty, Puzzle, ROYAL_GAME_THEMES, THEMES};
use thiserror::Error;

/// The player's choice of puzzles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PuzzleFilter {
    /// Only this tier (`None`: every tier).
    pub tier: Option<Difficulty>,
    /// Only puzzles with this theme, one of the tagger's ids (`fork`,
    /// `discovered-attack`; `None`: any theme).
    pub theme: Option<String>,
}

/// Why a filter cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleFilterError {
    /// The theme is not one the tagger gives.
    #[error("no puzzle theme `{theme}` (the themes are {known})")]
    UnknownTheme {
        /// The theme asked for.
        theme: String,
        /// The themes there are, comma separated.
        known: String,
    },
}

impl PuzzleFilter {
    /// Every puzzle of the pack.
    pub fn any() -> PuzzleFilter {
        PuzzleFilter::default()
    }

    /// A filter of `tier` and `theme`. The theme is read without regard to
    /// case, and with spaces for dashes (`Discovered attack`), as a player
    /// types it; an unknown theme is refused with the list of known ones.
    pub fn new(
        tier: Option<Difficulty>,
        theme: Option<&str>,
    ) -> Result<PuzzleFilter, PuzzleFilterError> {
        let theme = match theme.map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(asked) => Some(theme_id(asked).ok_or_else(|| {
                PuzzleFilterError::UnknownTheme {
                    theme: asked.to_string(),
                    known: THEMES
                        .iter()
                        .map(|(id, _)| *id)
                        .collect::<Vec<_>>()
                        .join(", "),
                }
            })?),
        };
        Ok(PuzzleFilter { tier, theme })
    }

    /// Whether `puzzle` is one the player asked for. The puzzles of a game
    /// other than Norochess (the mates of Ram and Frontal chess) come only
    /// when asked for by a theme that only those games give (their game's
    /// name, `mate`, `resurrection`, `dethronement`): the run of puzzles,
    /// and every theme the Norochess puzzles share, stay on the game the
    /// app is for.
    pub fn fits(&self, puzzle: &Puzzle) -> bool {
        let other_games_asked = self
            .theme
            .as_deref()
            .is_some_and(|theme| ROYAL_GAME_THEMES.contains(&theme));
        (puzzle.variant.is_norochess_family() || other_games_asked)
            && self.tier.is_none_or(|t| puzzle.difficulty() == t)
            && self
                .theme
                .as_ref()
                .is_none_or(|theme| puzzle.themes.iter().any(|t| t == theme))
    }

    /// The choice in words, for titles and messages: `puzzles`, `hard
    /// puzzles`, `fork puzzles`, `hard discovered attack puzzles`.
    pub fn describe(&self) -> String {
        let mut words = Vec::new();
        if let Some(tier) = self.tier {
            words.push(tier.id().to_string());
        }
        if let Some(theme) = &self.theme {
            words.push(theme.replace('-', " "));
        }
        words.push("puzzles".to_string());
        words.join(" ")
    }

    /// The choice after the player picks `tier` (`None`: every tier): the
    /// theme is kept when `pack` has puzzles of it in that tier, and
    /// otherwise dropped (any theme), so a menu always shows the theme
    /// chosen among those it offers ([`theme_choices`]) and `next` always
    /// has a puzzle to give.
    pub fn with_tier(&self, pack: &[Puzzle], tier: Option<Difficulty>) -> PuzzleFilter {
        let kept = PuzzleFilter {
            tier,
            theme: self.theme.clone(),
        };
        if kept.theme.is_none() || pack.iter().any(|p| kept.fits(p)) {
            kept
        } else {
            PuzzleFilter { tier, theme: None }
        }
    }

    /// The puzzles of `pack` the choice keeps, in pack order: a list
    /// narrowed to the choice.
    pub fn chosen<'a>(&self, pack: &'a [Puzzle]) -> Vec<&'a Puzzle> {
        pack.iter().filter(|p| self.fits(p)).collect()
    }

    /// What to say when the pack holds no puzzle of the choice:
    /// `The pack has no hard pin puzzles.`
    pub fn none_text(&self) -> String {
        format!("The pack has no {}.", self.describe())
    }

    /// What to say when every puzzle of the choice is already solved
    /// cleanly, so they come round again.
    pub fn all_solved_text(&self) -> String {
        format!(
            "You have solved every one of the {} cleanly; here they come again.",
            self.describe()
        )
    }
}

/// The tagger's id of the theme a player typed (`Discovered attack`,
/// `FORK`), or `None` if there is no such theme.
fn theme_id(asked: &str) -> Option<String> {
    let wanted = asked.trim().to_ascii_lowercase().replace([' ', '_'], "-");
    THEMES
        .iter()
        .find(|(id, _)| *id == wanted)
        .map(|(id, _)| (*id).to_string())
}

/// A theme a menu can offer, with how many puzzles of the chosen tier have
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PuzzleThemeChoice {
    /// The tagger's id (`discovered-attack`): what a [`PuzzleFilter`]
    /// takes.
    pub id: String,
    /// Its name for a menu: `Discovered attack`.
    pub name: String,
    /// What it means (docs/puzzles.md, "Themes").
    pub meaning: String,
    /// How many puzzles of the tier have it.
    pub count: u32,
}

/// The themes of `pack`'s puzzles of `tier` (every tier when `None`), in
/// the tagger's order (phase, objective, length, then the ideas), each
/// with its count; themes no such puzzle has are left out, so a menu never
/// offers an empty choice.
pub fn theme_choices(pack: &[Puzzle], tier: Option<Difficulty>) -> Vec<PuzzleThemeChoice> {
    THEMES
        .iter()
        .filter_map(|(id, meaning)| {
            // Counted as the choice would give them (the other games'
            // puzzles only under their own themes).
            let choice = PuzzleFilter {
                tier,
                theme: Some((*id).to_string()),
            };
            let count = pack.iter().filter(|p| choice.fits(p)).count();
            (count > 0).then(|| PuzzleThemeChoice {
                id: (*id).to_string(),
                name: theme_name(id),
                meaning: (*meaning).to_string(),
                count: u32::try_from(count).unwrap_or(u32::MAX),
            })
        })
        .collect()
}

/// `discovered-attack` → `Discovered attack`.
fn theme_name(id: &str) -> String {
    let words = id.replace('-', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::puzzle::builtin_pack;

    #[test]
    fn the_other_games_mates_come_only_when_asked_for() {
        let pack = builtin_pack().expect("the built-in pack reads");
        let ram = pack
            .iter()
            .find(|p| p.variant.id() == "ram")
            .expect("the pack has Ram chess puzzles");
        let frontal = pack
            .iter()
            .find(|p| p.variant.id() == "frontal")
            .expect("the pack has Frontal chess puzzles");
        let length = ram.themes.first().cloned().expect("a length theme");
        for (filter, fits_ram, fits_frontal) in [
            (PuzzleFilter::any(), false, false),
            (
                PuzzleFilter::new(None, Some(&length)).expect("a theme"),
                false,
                false,
            ),
            (
                PuzzleFilter::new(None, Some("Ram chess")).expect("a theme"),
                true,
                false,
            ),
            (
                PuzzleFilter::new(None, Some("frontal-chess")).expect("a theme"),
                false,
                true,
            ),
            (
                PuzzleFilter::new(None, Some("mate")).expect("a theme"),
                true,
                true,
            ),
        ] {
            assert_eq!(filter.fits(ram), fits_ram, "{filter:?}");
            assert_eq!(filter.fits(frontal), fits_frontal, "{filter:?}");
        }
        // The menu counts them under their own themes only.
        let choices = theme_choices(&pack, None);
        let count = |id: &str| choices.iter().find(|c| c.id == id).map_or(0, |c| c.count);
        let games = |id: &str| pack.iter().filter(|p| p.variant.id() == id).count() as u32;
        assert_eq!(count("ram-chess"), games("ram"));
        assert_eq!(count("frontal-chess"), games("frontal"));
        assert_eq!(count("mate"), games("ram") + games("frontal"));
        let family_with = |theme: &str| {
            pack.iter()
                .filter(|p| p.variant.is_norochess_family() && p.themes.iter().any(|t| t == theme))
                .count() as u32
        };
        assert_eq!(count(&length), family_with(&length));
    }

    #[test]
    fn a_theme_is_read_as_a_player_types_it() {
        let filter = PuzzleFilter::new(Some(Difficulty::Hard), Some(" Discovered attack "))
            .expect("a known theme");
        assert_eq!(filter.theme.as_deref(), Some("discovered-attack"));
        assert_eq!(filter.describe(), "hard discovered attack puzzles");
        assert_eq!(
            PuzzleFilter::new(None, Some("FORK")).map(|f| f.theme),
            Ok(Some("fork".to_string()))
        );
        assert_eq!(PuzzleFilter::new(None, Some("")), Ok(PuzzleFilter::any()));
        assert_eq!(PuzzleFilter::any().describe(), "puzzles");
    }

    #[test]
    fn an_unknown_theme_is_refused_with_the_known_ones() {
        match PuzzleFilter::new(None, Some("zwischenzug")) {
            Err(PuzzleFilterError::UnknownTheme { theme, known }) => {
                assert_eq!(theme, "zwischenzug");
                assert!(known.contains("fork") && known.contains("repetition-trap"));
                let text = PuzzleFilterError::UnknownTheme { theme, known }.to_string();
                assert!(text.starts_with("no puzzle theme `zwischenzug`"), "{text}");
            }
            other => panic!("expected an unknown theme, got {other:?}"),
        }
    }

    #[test]
    fn a_filter_keeps_the_tier_and_the_theme_together() {
        let pack = builtin_pack().expect("the built-in pack reads");
        let filter = PuzzleFilter::new(Some(Difficulty::Easy), Some("fork")).expect("a theme");
        let kept: Vec<&Puzzle> = pack.iter().filter(|p| filter.fits(p)).collect();
        assert!(!kept.is_empty());
        for p in &kept {
            assert_eq!(p.difficulty(), Difficulty::Easy, "{}", p.id);
            assert!(p.themes.iter().any(|t| t == "fork"), "{}", p.id);
        }
        let forks = pack
            .iter()
            .filter(|p| p.themes.iter().any(|t| t == "fork"))
            .count();
        assert!(kept.len() < forks, "some forks are not easy");
    }

    #[test]
    fn the_menu_offers_only_themes_with_puzzles_counted_in_the_tier() {
        let pack = builtin_pack().expect("the built-in pack reads");
        let all = theme_choices(&pack, None);
        let hard = theme_choices(&pack, Some(Difficulty::Hard));
        assert!(all.iter().all(|c| c.count > 0));
        assert!(hard.iter().all(|c| c.count > 0));
        let fork = all
            .iter()
            .find(|c| c.id == "fork")
            .expect("forks in the pack");
        assert_eq!(fork.name, "Fork");
        let counted = pack
            .iter()
            .filter(|p| p.themes.iter().any(|t| t == "fork"))
            .count();
        assert_eq!(fork.count as usize, counted);
        let discovered = all
            .iter()
            .find(|c| c.id == "discovered-attack")
            .expect("discovered attacks in the pack");
        assert_eq!(discovered.name, "Discovered attack");
        // The tagger's order is kept, and a theme absent from the pack
        // (`resurrection` needs Ram or Frontal chess) is not offered.
        let order: Vec<usize> = all
            .iter()
            .filter_map(|c| THEMES.iter().position(|(id, _)| *id == c.id))
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]));
        assert!(all.iter().all(|c| c.id != "resurrection"));
        for choice in &hard {
            let in_all = all
                .iter()
                .find(|c| c.id == choice.id)
                .expect("a pack theme");
            assert!(choice.count <= in_all.count, "{}", choice.id);
        }
    }

    #[test]
    fn a_new_tier_keeps_the_theme_only_where_it_has_puzzles() {
        let pack = builtin_pack().expect("the built-in pack reads");
        let forks = PuzzleFilter::new(None, Some("fork")).expect("a theme");
        let hard_forks = forks.with_tier(&pack, Some(Difficulty::Hard));
        assert_eq!(hard_forks.tier, Some(Difficulty::Hard));
        assert_eq!(hard_forks.theme.as_deref(), Some("fork"));
        // A theme the tier lacks is dropped: pick one absent from the
        // easy tier, if the pack has such a theme.
        let easy = theme_choices(&pack, Some(Difficulty::Easy));
        let all = theme_choices(&pack, None);
        if let Some(missing) = all.iter().find(|c| easy.iter().all(|e| e.id != c.id)) {
            let chosen = PuzzleFilter::new(None, Some(&missing.id)).expect("a theme");
            let moved = chosen.with_tier(&pack, Some(Difficulty::Easy));
            assert_eq!(
                moved,
                PuzzleFilter::new(Some(Difficulty::Easy), None).expect("no theme")
            );
        }
        // A theme no puzzle has is dropped whatever the tier.
        let none = PuzzleFilter::new(None, Some("resurrection")).expect("a theme");
        assert_eq!(none.with_tier(&pack, None).theme, None);
        // The chosen list is the pack's puzzles of the choice, in order.
        let chosen = hard_forks.chosen(&pack);
        assert!(!chosen.is_empty());
        assert!(chosen.iter().all(|p| hard_forks.fits(p)));
        assert!(chosen.windows(2).all(|w| {
            let at = |id: &str| pack.iter().position(|p| p.id == id);
            at(&w[0].id) < at(&w[1].id)
        }));
    }

    #[test]
    fn menu_meanings_are_plain_text() {
        for (id, meaning) in THEMES {
            assert!(!meaning.contains('`'), "{id}: {meaning}");
        }
    }

    #[test]
    fn messages_name_the_choice() {
        let filter = PuzzleFilter::new(Some(Difficulty::Hard), Some("pin")).expect("a theme");
        assert_eq!(filter.none_text(), "The pack has no hard pin puzzles.");
        assert_eq!(
            filter.all_solved_text(),
            "You have solved every one of the hard pin puzzles cleanly; here they come again."
        );
    }
}
