//! In the last moves of a Norochess game the engine never misses a forced
//! win that lies within its search horizon. The reference is an exhaustive
//! search that uses only the game referee ([`Game`]), independent of the
//! engine's own game-end code.

use norochess_core::{
    Color, Engine, Game, Limits, Move, Score, SearchRequest, SplitMix64, Variant,
};

/// Bounds on the game value for the side to move: -1 loss, 0 draw, 1 win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bounds {
    low: i8,
    high: i8,
}

fn exhaustive(game: &mut Game, depth: u32) -> Bounds {
    if let Some(outcome) = game.outcome() {
        let v = match outcome.winner {
            None => 0,
            Some(w) if w == game.position().turn() => 1,
            Some(_) => -1,
        };
        return Bounds { low: v, high: v };
    }
    if depth == 0 {
        return Bounds { low: -1, high: 1 };
    }
    let mut bounds = Bounds { low: -1, high: -1 };
    for m in game.position().legal_moves() {
        if game.play(m).is_err() {
            continue;
        }
        let child = exhaustive(game, depth - 1);
        game.undo();
        bounds.low = bounds.low.max(-child.high);
        bounds.high = bounds.high.max(-child.low);
        if bounds.low == 1 {
            break;
        }
    }
    bounds
}

fn plies_to_decision(game: &Game) -> u32 {
    let p = game.position();
    let n = p.fullmove_number();
    let own = if p.turn() == Color::White { 2 } else { 1 };
    2 * 48u32.saturating_sub(n).min(60) + own
}

/// End positions from random games: fullmove 47–48, at most `max_plies`
/// plies before the move limit can decide.
fn end_positions(count: usize, max_plies: u32) -> Vec<Game> {
    let mut rng = SplitMix64::new(0x5eed_1234_abcd_0001);
    let mut found = Vec::new();
    let mut attempts = 0;
    while found.len() < count && attempts < 50 * count {
        attempts += 1;
        let mut game = Game::new(Variant::Norochess, None).expect("start");
        let target = 2 * 48 - (rng.next_u64() % u64::from(max_plies)) as usize;
        while game.outcome().is_none() && game.plies().len() + 1 < target {
            let moves = game.position().legal_moves();
            let m: Move = moves[(rng.next_u64() % moves.len() as u64) as usize];
            if game.play(m).is_err() {
                break;
            }
        }
        let p = game.position();
        // Only positions where the side to move is not already ahead: a
        // win has to be earned by captures.
        let behind_or_level = p.score(p.turn()) <= p.score(!p.turn());
        if game.outcome().is_none() && plies_to_decision(&game) <= max_plies && behind_or_level {
            found.push(game);
        }
    }
    found
}

fn check_forced_wins(count: usize, max_plies: u32, min_wins: usize, threads: usize) {
    let mut engine = Engine::new(4);
    let mut wins = 0;
    let games = end_positions(count, max_plies);
    assert_eq!(games.len(), count, "not enough end positions found");
    for mut game in games {
        let horizon = plies_to_decision(&game);
        let truth = exhaustive(&mut game, horizon);
        let request = SearchRequest::for_game(
            &game,
            Limits {
                depth: Some(horizon + 1),
                threads,
                ..Limits::default()
            },
        );
        let result = engine.search(&request, &mut |_| {});
        let text = game.position().to_text();
        if truth.low == 1 {
            wins += 1;
            let best = result.best_move.expect("a move");
            assert!(
                matches!(result.score(), Some(Score::Won { .. })),
                "{text}: engine does not see the win: {:?}",
                result.score()
            );
            game.play(best).expect("legal");
            let after = exhaustive(&mut game, horizon - 1);
            assert_eq!(
                after.high, -1,
                "{text}: engine's move {best:?} does not keep the forced win"
            );
        } else if truth.high == -1 {
            assert!(
                matches!(result.score(), Some(Score::Lost { .. })),
                "{text}: engine misses its forced loss"
            );
        }
    }
    eprintln!("{count} positions, {wins} forced wins checked");
    assert!(
        wins >= min_wins,
        "the test set should hold at least {min_wins} forced wins, found {wins}"
    );
}

#[test]
fn engine_finds_every_forced_win_in_the_last_three_plies() {
    check_forced_wins(16, 3, 3, 1);
}

#[test]
fn two_threads_find_every_forced_win_in_the_last_three_plies() {
    // Lazy SMP: the helper's results reach the main thread through the
    // shared table and must not spoil its proofs.
    check_forced_wins(16, 3, 3, 2);
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn engine_finds_every_forced_win_in_the_last_five_plies() {
    check_forced_wins(40, 5, 8, 1);
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn two_threads_find_every_forced_win_in_the_last_five_plies() {
    check_forced_wins(40, 5, 8, 2);
}
