//! The incrementally kept hash and scores always equal a from-scratch
//! recomputation, along random games of every game.

use norochess_core::{Board10, Board8, BoardSize, Color, Geometry, Position, SplitMix64, Variant};

fn random_games<G: Geometry>(variant: Variant, games: usize, seed: u64) -> usize {
    let mut rng = SplitMix64::new(seed);
    let start_text = variant.start_text(None).expect("start text");
    let start = Position::<G>::from_text(&start_text, variant.rules()).expect("start position");
    let mut plies = 0;
    for _ in 0..games {
        let mut pos = start;
        for _ in 0..150 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            let mover = pos.turn();
            let opponent_material_before = pos.material_points(!mover);
            let score_before = pos.score(mover);
            let other_score_before = pos.score(!mover);
            pos.play_unchecked(m);
            plies += 1;
            assert_eq!(
                pos.hash(),
                pos.compute_hash(),
                "{variant}: hash drifted after {m:?} in {}",
                pos.to_text()
            );
            if variant.rules().capture_points {
                let captured = opponent_material_before - pos.material_points(!mover);
                assert_eq!(
                    u32::from(pos.score(mover)),
                    u32::from(score_before) + captured,
                    "{variant}: score drifted after {m:?} in {}",
                    pos.to_text()
                );
                assert_eq!(pos.score(!mover), other_score_before);
            } else {
                assert_eq!((pos.score(Color::White), pos.score(Color::Black)), (0, 0));
            }
            // The text of every position reached reads back to the same position.
            let reread = Position::<G>::from_text(&pos.to_text(), variant.rules()).expect("reread");
            assert_eq!(
                reread,
                pos,
                "{variant}: text round trip of {}",
                pos.to_text()
            );
        }
    }
    plies
}

#[test]
fn hash_and_scores_match_recomputation_in_every_game() {
    let mut variants = Variant::all();
    variants.push(Variant::Plain10);
    for (i, variant) in variants.into_iter().enumerate() {
        let seed = 0x9e37_79b9_7f4a_7c15 ^ (i as u64 + 1);
        let plies = match variant.board_size() {
            BoardSize::Eight => random_games::<Board8>(variant, 40, seed),
            BoardSize::Ten => random_games::<Board10>(variant, 40, seed),
        };
        assert!(plies > 1000, "{variant}: only {plies} plies played");
    }
}
