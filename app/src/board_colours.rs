//! The board's colour themes (the `board_theme` setting), described once
//! for every shell. Colours are explicit `0xAARRGGBB` values, the same in
//! light and dark mode, so the board never follows the system theme and
//! the phones cannot disagree about what "green" looks like.

/// The colours one board theme paints with.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct BoardColours {
    /// The settings id (`brown`, `green`, `blue`, `grey`).
    pub id: String,
    /// Light squares.
    pub light: u32,
    /// Dark squares.
    pub dark: u32,
    /// Laid over the last move's two squares (translucent).
    pub last_move: u32,
    /// Laid over the selected square (translucent).
    pub selected: u32,
    /// The legal-target dot and capture ring (translucent black).
    pub target_mark: u32,
    /// The ring around a king in check (the chess family).
    pub check: u32,
    /// The glow under that ring (translucent).
    pub check_glow: u32,
    /// Laid over a hint's squares (translucent).
    pub hinted: u32,
}

/// The settings ids of the themes, in the order Settings offers them.
pub const BOARD_THEME_IDS: [&str; 4] = ["brown", "green", "blue", "grey"];

/// Every theme, in the order Settings offers them.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn board_themes() -> Vec<BoardColours> {
    BOARD_THEME_IDS.iter().map(|id| board_colours(id)).collect()
}

/// The theme whose settings id is `id`; brown for an id this version does
/// not know (a setting written by a newer version).
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn board_colours(id: &str) -> BoardColours {
    let (id, light, dark, last_move, selected) = match id {
        "green" => ("green", 0xFFEE_EED2, 0xFF76_9656, 0xB3F7_EC74, 0xCCBA_CA2B),
        "blue" => ("blue", 0xFFDE_E3E6, 0xFF8C_A2AD, 0xB39B_C700, 0xCC6F_A8DC),
        "grey" => ("grey", 0xFFE0_E0E0, 0xFF9E_9E9E, 0xB3C5_D86D, 0xCCFF_EB3B),
        _ => ("brown", 0xFFF0_D9B5, 0xFFB5_8863, 0xB3CD_D26A, 0xCCF6_F669),
    };
    BoardColours {
        id: id.to_string(),
        light,
        dark,
        last_move,
        selected,
        // 60 % black: 3:1 against every theme's dark squares (WCAG 1.4.11,
        // non-text contrast); a third black gave about 2:1 on brown.
        target_mark: 0x9900_0000,
        check: 0xFFB7_1C1C,
        check_glow: 0xCCE5_3935,
        hinted: 0x998C_CCF2,
    }
}

/// `colour` laid over `under` (both `0xAARRGGBB`, `under` opaque): what
/// the eye sees.
pub fn over(colour: u32, under: u32) -> u32 {
    let alpha = f64::from(colour >> 24) / 255.0;
    let mix = |shift: u32| {
        let top = f64::from((colour >> shift) & 0xFF);
        let bottom = f64::from((under >> shift) & 0xFF);
        // In 0..=255 by construction.
        ((top * alpha + bottom * (1.0 - alpha)).round() as u32) << shift
    };
    0xFF00_0000 | mix(16) | mix(8) | mix(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece_art::contrast;

    #[test]
    fn every_id_has_its_own_theme_and_an_unknown_one_is_brown() {
        let themes = board_themes();
        assert_eq!(
            themes.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(),
            BOARD_THEME_IDS
        );
        for (i, a) in themes.iter().enumerate() {
            for b in &themes[i + 1..] {
                assert_ne!((a.light, a.dark), (b.light, b.dark));
            }
        }
        assert_eq!(board_colours("walnut"), board_colours("brown"));
    }

    #[test]
    fn target_dots_stand_out_on_both_squares_of_every_theme() {
        for theme in board_themes() {
            let last_move = [
                over(theme.last_move, theme.light),
                over(theme.last_move, theme.dark),
            ];
            for square in [theme.light, theme.dark].into_iter().chain(last_move) {
                let dot = over(theme.target_mark, square);
                assert!(
                    contrast(dot, square) >= 3.0,
                    "{}: a dot on {square:08X} is {:.2}:1",
                    theme.id,
                    contrast(dot, square)
                );
            }
            assert!(
                contrast(theme.light, theme.dark) >= 1.5,
                "{}: squares apart",
                theme.id
            );
        }
    }
}
