//! Records as `export` writes them for other tools: a Norochess960 game
//! also carries its start position as the standard `SetUp`/`FEN` tags
//! (the core's record names it only by its `Start` number, which other
//! tools do not read).

use norochess_core::{Game, Variant};

/// `record` (the game's own record) with `[SetUp "1"]` and `[FEN "…"]`
/// added for a Norochess960 game from a numbered start.
pub fn for_other_tools(game: &Game, record: &str) -> String {
    if game.variant() != Variant::Norochess960 || game.is_set_up() {
        return record.to_string();
    }
    // The six standard FEN fields, without our own `score=` field.
    let fen = game
        .start_position()
        .to_text()
        .split_whitespace()
        .take(6)
        .collect::<Vec<_>>()
        .join(" ");
    let tags = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n");
    // After the `Start` tag (a numbered start always has one), else after
    // `Variant`.
    let anchor = ["[Start ", "[Variant "]
        .into_iter()
        .find_map(|tag| {
            let at = record.find(&format!("\n{tag}"))? + 1;
            record[at..].find('\n').map(|end| at + end + 1)
        })
        .unwrap_or(0);
    format!("{}{tags}{}", &record[..anchor], &record[anchor..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_norochess960_record_carries_its_start_as_fen() {
        let mut game = Game::new(Variant::Norochess960, Some(0)).unwrap();
        let e4 = game.position().parse_move("e4").unwrap();
        game.play(e4).unwrap();
        let record = for_other_tools(&game, &game.to_pgn());
        assert!(record.contains("[Start \"0\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1\"]\n"), "{record}");
        // It still reads back as the same game.
        let back = Game::from_pgn(&record, None).unwrap();
        assert_eq!(back.position().to_text(), game.position().to_text());
        // Other games are left as they are.
        let chess = Game::new(Variant::Norochess, None).unwrap();
        assert_eq!(for_other_tools(&chess, &chess.to_pgn()), chess.to_pgn());
    }
}
