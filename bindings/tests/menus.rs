//! The menus' data through the bindings: games, rule pages, puzzles and
//! clocks as the phones list them.

use norochess_ffi::*;

#[test]
fn every_game_of_the_menu_has_its_page() {
    for info in variants() {
        let page = rule_page(info.id.clone()).ok();
        assert_eq!(
            page.map(|p| p.title),
            Some(info.name.clone()),
            "{}",
            info.id
        );
    }
}

#[test]
fn an_unknown_or_test_only_game_is_an_error() {
    assert!(rule_page("plain10".into()).is_err());
    assert!(rule_page("draughts".into()).is_err());
}

#[test]
fn the_builtin_pack_reads_with_every_tier() {
    let all = builtin_puzzles().unwrap();
    assert!(all.iter().any(|p| p.difficulty == PuzzleDifficulty::Hard));
    for info in &all {
        if info.opponent_move.is_none() {
            assert_eq!(info.position_before_text, info.position_text, "{}", info.id);
        }
        assert_eq!(info.solution.len(), info.solution_san.len(), "{}", info.id);
    }
}

#[test]
fn every_game_is_listed_once_with_its_options() {
    let all = variants();
    let ids: Vec<&str> = all.iter().map(|v| v.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "norochess",
            "norochess960",
            "ram",
            "frontal",
            "improved",
            "crab",
            "chess"
        ]
    );
    assert_eq!(ids, norochess_core::Variant::IDS);
    let improved = &all[4];
    assert_eq!(improved.options.len(), 2);
    assert_eq!(improved.options[0].choices.len(), 3);
    assert_eq!(improved.options[0].choices[0].name, "Ranks 5, 6 and 7");
    assert!(improved.options[0].choices[0].is_default);
    assert_eq!(improved.options[1].name, "Blocked by");
    assert!(all[1].start_numbers == Some(960) && all[0].start_numbers.is_none());
    assert!(all[2].board_size == 10 && all[0].has_scores && !all[0].royal_king);
}

#[test]
fn the_clock_menu_offers_every_preset_once() {
    let presets = time_control_presets();
    assert_eq!(presets.len(), 8);
    let names: std::collections::HashSet<&str> = presets.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names.len(), presets.len());
    assert!(presets.iter().any(|p| matches!(
        p.control,
        TimeControl::Norochess {
            regular_moves: 48,
            ..
        }
    )));
}
