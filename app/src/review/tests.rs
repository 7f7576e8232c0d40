use super::*;
use norochess_core::{Game, Role, Variant};

const NODES: u64 = 3_000;

fn budget() -> ReviewBudget {
    ReviewBudget {
        nodes_per_position: Some(NODES),
        ms_per_position: None,
    }
}

/// The engine's move in `game` at a node limit (repeatable).
fn engine_move(engine: &mut Engine, game: &Game) -> Move {
    let limits = Limits {
        nodes: Some(NODES),
        ..Limits::default()
    };
    let result = engine.search(&SearchRequest::for_game(game, limits), &mut |_| {});
    result.best_move.expect("the game is not over")
}

fn points_taken(position: &AnyPosition, m: Move) -> u16 {
    let mover = position.turn();
    position.play(m).expect("legal").score(mover) - position.score(mover)
}

/// A middlegame at move 30 (from an engine game at this budget, with
/// both queens put back), Norochess scores 29–29, White to move.
const MOVE_30: &str = "3qb1k1/2R2p2/7p/3p2p1/3P4/2PB3P/P5r1/3Q2K1 w - - 0 30 score=29-29";

/// A Norochess game from [`MOVE_30`] with two planted errors: White puts
/// its queen where Black can take it, and Black answers with a quiet move
/// instead of taking it; then the engine plays 8 more moves. Returns the
/// game and the plies of the two errors.
fn game_with_planted_errors() -> (Game, usize, usize) {
    let mut engine = Engine::new(4);
    let mut game = Game::from_position(Variant::Norochess, MOVE_30).expect("position");
    let position = *game.position();
    let queen_gift = position
        .legal_moves()
        .into_iter()
        .filter(|m| {
            position
                .piece_at(m.from)
                .is_some_and(|p| p.role == Role::Queen)
                && points_taken(&position, *m) == 0
        })
        .find(|&m| {
            let after = position.play(m).expect("legal");
            after
                .legal_moves()
                .into_iter()
                .any(|reply| reply.to == m.to && points_taken(&after, reply) == 9)
        })
        .expect("White's queen can be put where Black takes it");
    let blunder_ply = game.plies().len();
    game.play(queen_gift).expect("legal");
    let position = *game.position();
    let quiet = position
        .legal_moves()
        .into_iter()
        .find(|&m| {
            points_taken(&position, m) == 0
                && position.play(m).is_ok_and(|after| {
                    // White's queen must not be taken by the quiet move either.
                    after.count(Color::White, Role::Queen) == 1
                })
        })
        .expect("Black has a quiet move");
    let miss_ply = game.plies().len();
    game.play(quiet).expect("legal");
    for _ in 0..8 {
        let m = engine_move(&mut engine, &game);
        game.play(m).expect("legal");
    }
    (game, blunder_ply, miss_ply)
}

fn reviewed(game: &Game) -> GameReview {
    let mut review = GameReview::new(game, budget()).expect("budget");
    let mut engine = Engine::new(4);
    let progress = review.run(&mut engine, &mut |_| true).expect("review");
    assert!(progress.complete);
    review
}

#[test]
fn a_planted_queen_blunder_and_a_missed_capture_are_marked() {
    let (game, blunder_ply, miss_ply) = game_with_planted_errors();
    let report = reviewed(&game).report();
    assert_eq!(report.moves.len(), game.plies().len());
    let blunder = &report.moves[blunder_ply];
    assert_eq!(blunder.judgement, Judgement::Blunder, "{}", blunder.text);
    assert!(blunder.loss >= BLUNDER_POINTS, "{}", blunder.text);
    assert!(blunder.best.is_some());
    let lost = blunder
        .moments
        .iter()
        .find(|m| m.kind == MomentKind::MaterialLost)
        .unwrap_or_else(|| panic!("no material lost: {}", blunder.text));
    assert_eq!(lost.points, 9, "{}", lost.text);
    let miss = &report.moves[miss_ply];
    assert_eq!(miss.mover, Color::Black);
    assert!(miss.judgement >= Judgement::Mistake, "{}", miss.text);
    let missed = miss
        .moments
        .iter()
        .find(|m| m.kind == MomentKind::MissedCapture)
        .unwrap_or_else(|| panic!("no missed capture: {}", miss.text));
    assert_eq!(missed.points, 9, "{}", missed.text);
    assert!(missed.text.contains("9 points"), "{}", missed.text);
    assert!(report.white.blunders >= 1);
    assert!(report.black.mistakes + report.black.blunders >= 1);
    assert!(report.white.accuracy < 100.0 && report.white.accuracy > 0.0);
    assert_eq!(report.graph.len(), game.positions().len());
    assert_eq!(
        report.graph[blunder_ply + 1].judgement,
        Some(Judgement::Blunder)
    );
    assert!(report
        .moments
        .iter()
        .any(|m| m.review_ply == blunder_ply as u32 + 1));
}

#[test]
fn the_review_is_the_same_twice_under_a_node_limit() {
    let (game, _, _) = game_with_planted_errors();
    let first = reviewed(&game);
    let second = reviewed(&game);
    assert_eq!(first.saved_text(), second.saved_text());
    assert_eq!(first.report(), second.report());
}

#[test]
fn a_stopped_review_resumes_from_its_saved_text_to_the_same_report() {
    let (game, _, _) = game_with_planted_errors();
    let whole = reviewed(&game);
    let mut part = GameReview::new(&game, budget()).expect("budget");
    let mut engine = Engine::new(4);
    let mut steps = 0;
    let progress = part
        .run(&mut engine, &mut |_| {
            steps += 1;
            steps < 10
        })
        .expect("review");
    assert_eq!(progress.analysed, 10);
    assert!(!progress.complete);
    assert_eq!(
        progress.text,
        format!("Analysing: 10 of {} positions", progress.total)
    );
    let saved = part.saved_text();
    let mut resumed = GameReview::resume(&game, budget(), &saved).expect("resume");
    assert_eq!(resumed.progress().analysed, 10);
    let partial = resumed.report();
    assert_eq!(partial.moves.len(), 9);
    let mut engine = Engine::new(4);
    resumed.run(&mut engine, &mut |_| true).expect("review");
    // Searches after the stop start from a fresh hash table in both
    // cases only where nothing was carried over: compare the judgements,
    // which a node-limited search gives the same for the same position.
    assert_eq!(resumed.progress().analysed, whole.progress().analysed);
    assert_eq!(
        resumed.report().moves[..9],
        whole.report().moves[..9],
        "the resumed part is kept as it was"
    );
}

#[test]
fn a_stopped_request_is_not_recorded() {
    let game = Game::new(Variant::Norochess, None).expect("start");
    let mut review = GameReview::new(&game, budget()).expect("budget");
    let request = review.next_request().expect("one position");
    request.stop();
    let mut engine = Engine::new(1);
    let result = request.think(&mut engine);
    assert_eq!(review.record(&request, &result), Ok(false));
    assert_eq!(review.progress().analysed, 0);
}

#[test]
fn a_saved_review_of_another_line_is_evaluated_again() {
    let (game, _, _) = game_with_planted_errors();
    let whole = reviewed(&game);
    let mut other = game.clone();
    other.undo();
    other.undo();
    let position = *other.position();
    let different = position
        .legal_moves()
        .into_iter()
        .find(|&m| Some(m) != game.plies().get(other.plies().len()).map(|p| p.mv))
        .expect("another move");
    other.play(different).expect("legal");
    let resumed = GameReview::resume(&other, budget(), &whole.saved_text()).expect("resume");
    let progress = resumed.progress();
    assert_eq!(progress.total as usize, other.positions().len());
    assert_eq!(progress.analysed as usize, other.positions().len() - 1);
    assert_eq!(
        resumed.next_request().map(|r| r.index),
        Some(progress.total - 1)
    );
}

#[test]
fn damaged_saved_text_is_an_error_naming_the_line() {
    let game = Game::new(Variant::Norochess, None).expect("start");
    let error = GameReview::resume(&game, budget(), "hello").expect_err("not a review");
    assert!(
        matches!(error, ReviewError::Saved { line: 1, .. }),
        "{error}"
    );
    let hash = game.position().hash();
    let text = format!("{}\n0 {hash:016x} 5 q77\n", saved::HEADER);
    let error = GameReview::resume(&game, budget(), &text).expect_err("bad score");
    assert!(error.to_string().contains("line 2"), "{error}");
    let text = format!("{}\n0 {hash:016x} 5 c10 e2e5\n", saved::HEADER);
    let error = GameReview::resume(&game, budget(), &text).expect_err("illegal line");
    assert!(error.to_string().contains("not legal"), "{error}");
}

#[test]
fn a_budget_of_nothing_is_refused() {
    let game = Game::new(Variant::Norochess, None).expect("start");
    let none = ReviewBudget {
        nodes_per_position: None,
        ms_per_position: None,
    };
    assert_eq!(
        GameReview::new(&game, none).err(),
        Some(ReviewError::NoBudget)
    );
    let zero = ReviewBudget {
        nodes_per_position: Some(0),
        ms_per_position: None,
    };
    assert_eq!(
        GameReview::new(&game, zero).err(),
        Some(ReviewError::NoBudget)
    );
    assert_eq!(
        ReviewBudget::for_game_time(3_000, 97).ms_per_position,
        Some(30)
    );
}

#[test]
fn the_end_of_a_game_the_rules_decided_needs_no_search() {
    // A game played to its move-48 end by the engine at a tiny budget.
    let mut engine = Engine::new(4);
    let mut game = Game::new(Variant::Norochess, None).expect("start");
    while !game.is_over() {
        let limits = Limits {
            nodes: Some(300),
            ..Limits::default()
        };
        let result = engine.search(&SearchRequest::for_game(&game, limits), &mut |_| {});
        let Some(m) = result.best_move else { break };
        game.play(m).expect("legal");
    }
    let outcome = game.outcome().expect("over");
    assert!(
        matches!(
            outcome.reason,
            EndReason::MoveLimit | EndReason::OvertimeExhausted
        ),
        "{outcome:?}"
    );
    let review = GameReview::new(&game, budget()).expect("budget");
    let progress = review.progress();
    assert_eq!(progress.analysed, 1, "the final position is the result");
    assert_eq!(review.next_request().map(|r| r.index), Some(0));
    // A small budget, yet one that lets every search finish its first
    // depth: a node limit below that leaves no scored line (`NoScore`),
    // and 200, used here before, did so once the engine kept its move
    // ordering from search to search. The review's own budgets start at
    // 25,000 nodes.
    let mut full = GameReview::new(
        &game,
        ReviewBudget {
            nodes_per_position: Some(2_000),
            ms_per_position: None,
        },
    )
    .expect("budget");
    full.run(&mut engine, &mut |_| true).expect("review");
    let report = full.report();
    let end = report
        .moments
        .iter()
        .find(|m| m.kind == MomentKind::RegulationEnd)
        .expect("move 48 is a moment");
    assert_eq!(end.review_ply, 96);
    assert!(
        end.text.starts_with("Move 48 ends with White"),
        "{}",
        end.text
    );
    let last = report.moves.last().expect("moves");
    assert!(last.proven, "the final position is the exact result");
}
