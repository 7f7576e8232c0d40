//! Fuzzes the game-record reader: any text must import or fail with an
//! error; an imported game must export and import back to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use norochess_core::{Game, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for variant in [Variant::Norochess, Variant::Ram] {
        if let Ok(game) = Game::from_pgn(text, Some(variant)) {
            let exported = game.to_pgn();
            let again = Game::from_pgn(&exported, None);
            assert!(again.is_ok(), "export does not import: {exported}");
            if let Ok(again) = again {
                assert_eq!(again.moves(), game.moves());
                assert_eq!(again.outcome(), game.outcome());
                assert_eq!(again.to_pgn(), exported);
            }
        }
    }
});
