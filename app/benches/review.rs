//! The review and the analysis board where a player waits for them: the
//! default review of a whole 96-ply Norochess game on one core (issue 27
//! asks for under 10 s here; docs/review.md has the figures), and the
//! analysis board's first line (under 200 ms).

use criterion::{criterion_group, criterion_main, Criterion};
use norochess_app::{AnalysisBoard, GameReview, ReviewBudget, SearchLimits};
use norochess_core::{Engine, Game, Limits, SearchRequest, Variant};
use std::hint::black_box;
use std::time::Duration;

/// A whole Norochess game (48 moves each) played by the engine at a small
/// node limit: the same game every run.
fn full_game() -> Game {
    let mut engine = Engine::new(16);
    let mut game = Game::new(Variant::Norochess, None).expect("the start is valid");
    let limits = Limits {
        nodes: Some(2_000),
        ..Limits::default()
    };
    while !game.is_over() {
        let request = SearchRequest::for_game(&game, limits);
        let Some(m) = engine.search(&request, &mut |_| {}).best_move else {
            break;
        };
        game.play(m).expect("the engine's move is legal");
    }
    game
}

fn review_a_game(c: &mut Criterion) {
    let game = full_game();
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    let name = format!(
        "default review of a {}-ply Norochess game (one core)",
        game.plies().len()
    );
    group.bench_function(name, |b| {
        b.iter(|| {
            let mut engine = Engine::new(16);
            let mut review =
                GameReview::new(&game, ReviewBudget::default()).expect("the default budget");
            black_box(review.run(&mut engine, &mut |_| true).expect("reviews"))
        })
    });
    group.finish();
}

fn first_analysis_line(c: &mut Criterion) {
    let game = full_game();
    let board = AnalysisBoard::from_game(&game, 40).expect("a position of the game");
    let mut engine = Engine::new(16);
    c.bench_function("analysis board: first of 3 lines, move 21", |b| {
        b.iter(|| {
            engine.clear();
            let request = board
                .request(3, SearchLimits::default())
                .expect("three lines, no limit");
            let stop = request.search.stop.clone();
            black_box(request.think(&mut engine, &mut |live| {
                if !live.lines.is_empty() {
                    stop.stop();
                }
            }))
        })
    });
}

criterion_group!(benches, review_a_game, first_analysis_line);
criterion_main!(benches);
