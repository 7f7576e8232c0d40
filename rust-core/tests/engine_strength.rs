//! The engine beats the baseline opponents. Long: run in release with
//! `cargo test --release -- --ignored`.

use norochess_core::{baseline, Color, Engine, Game, Limits, SearchRequest, Variant};

/// Plays one game; returns the engine's result (1 win, 0.5 draw, 0 loss).
fn play(
    variant: Variant,
    engine_color: Color,
    opponent: fn(&norochess_core::AnyPosition, u64) -> Option<norochess_core::Move>,
    seed: u64,
) -> f64 {
    let mut engine = Engine::new(8);
    let mut game = Game::new(variant, None).expect("start");
    let mut ply = 0u64;
    while game.outcome().is_none() && ply < 400 {
        let mv = if game.position().turn() == engine_color {
            let request = SearchRequest::for_game(
                &game,
                Limits {
                    nodes: Some(15_000),
                    ..Limits::default()
                },
            );
            engine.search(&request, &mut |_| {}).best_move
        } else {
            opponent(game.position(), seed.wrapping_mul(1000).wrapping_add(ply))
        };
        let Some(mv) = mv else { break };
        game.play(mv).expect("legal move");
        ply += 1;
    }
    match game.outcome().and_then(|o| o.winner) {
        Some(c) if c == engine_color => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

fn score(
    variant: Variant,
    games: u64,
    opponent: fn(&norochess_core::AnyPosition, u64) -> Option<norochess_core::Move>,
) -> f64 {
    let total: f64 = (0..games)
        .map(|g| {
            play(
                variant,
                if g % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                opponent,
                g + 1,
            )
        })
        .sum();
    total / games as f64
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn engine_beats_random_and_greedy_in_norochess_ram_and_frontal() {
    for variant in [Variant::Norochess, Variant::Ram, Variant::Frontal] {
        let vs_random = score(variant, 6, baseline::random_move);
        let vs_greedy = score(variant, 6, baseline::greedy_move);
        eprintln!("{variant}: vs random {vs_random:.2}, vs greedy {vs_greedy:.2}");
        assert_eq!(vs_random, 1.0, "{variant} vs random");
        assert!(vs_greedy >= 0.95, "{variant} vs greedy: {vs_greedy}");
    }
}
