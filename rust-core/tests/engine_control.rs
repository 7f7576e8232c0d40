//! Search control: node-limited searches are deterministic, a stop from
//! another thread returns quickly, limits are respected, multi-PV works.

use norochess_core::{AnyPosition, Engine, Game, Level, Limits, SearchRequest, Variant};
use std::time::{Duration, Instant};

fn request(variant: Variant, limits: Limits) -> SearchRequest {
    let game = Game::new(variant, None).expect("start");
    SearchRequest::for_game(&game, limits)
}

#[test]
fn node_limited_search_is_deterministic() {
    for variant in [Variant::Norochess, Variant::Ram, Variant::Chess] {
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        let a = Engine::new(4).search(&request(variant, limits), &mut |_| {});
        let b = Engine::new(4).search(&request(variant, limits), &mut |_| {});
        assert_eq!(
            (a.best_move, a.nodes, a.lines),
            (b.best_move, b.nodes, b.lines),
            "{variant}"
        );
        assert!(a.nodes <= 20_000 + 1, "{variant}: {} nodes", a.nodes);
    }
}

#[test]
fn a_cleared_engine_searches_as_a_new_one() {
    // The engine keeps its table and its move ordering (history, counter
    // moves, continuation history) from one search to the next of a game;
    // `clear` (a new game) forgets both, and the search is then exactly a
    // new engine's: analysis and puzzle checks stay reproducible.
    let mut game = Game::new(Variant::Norochess, None).expect("start");
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let mut engine = Engine::new(4);
    let first = engine.search(&SearchRequest::for_game(&game, limits), &mut |_| {});
    let reply = first.best_move.expect("a move");
    game.play(reply).expect("legal");
    let next = SearchRequest::for_game(&game, limits);
    let fresh = Engine::new(4).search(&next, &mut |_| {});
    engine.clear();
    let cleared = engine.search(&next, &mut |_| {});
    assert_eq!(
        (cleared.best_move, cleared.nodes, &cleared.lines),
        (fresh.best_move, fresh.nodes, &fresh.lines)
    );
}

#[test]
fn a_search_of_another_game_starts_afresh() {
    // Ram and Frontal chess start from the same board, so their positions
    // hash alike; what one game's search stored must not steer the other's
    // (another game's values, moves and evaluations). An engine that
    // searched Frontal chess then searches Ram chess as a new engine does.
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let frontal = Game::new(Variant::Frontal, None).expect("start");
    let ram = Game::new(Variant::Ram, None).expect("start");
    assert_eq!(
        frontal.position().to_text(),
        ram.position().to_text(),
        "the two games no longer start alike: pick two that do"
    );
    let ram_request = SearchRequest::for_game(&ram, limits);
    let fresh = Engine::new(4).search(&ram_request, &mut |_| {});
    let mut engine = Engine::new(4);
    engine.search(&SearchRequest::for_game(&frontal, limits), &mut |_| {});
    let after_frontal = engine.search(&ram_request, &mut |_| {});
    assert_eq!(
        (
            after_frontal.best_move,
            after_frontal.nodes,
            &after_frontal.lines
        ),
        (fresh.best_move, fresh.nodes, &fresh.lines)
    );
}

#[test]
fn one_thread_searches_the_benchs_tree_however_asked() {
    // Node counts of the start positions in `norochess bench` (depth 8,
    // 16 MB): one thread, asked for or by default (0 counts as 1), searches
    // exactly that tree. A change to the search changes these numbers on
    // purpose; `norochess bench` prints the new ones.
    for (variant, nodes) in [(Variant::Norochess, 13_788), (Variant::Ram, 21_704)] {
        for threads in [0, 1] {
            let limits = Limits {
                depth: Some(8),
                threads,
                ..Limits::default()
            };
            let result = Engine::new(16).search(&request(variant, limits), &mut |_| {});
            assert_eq!(result.nodes, nodes, "{variant}, threads {threads}");
            assert_eq!(result.depth, 8);
        }
    }
    assert_eq!(Limits::default().threads, 1);
}

#[test]
fn two_threads_honour_node_depth_and_time_limits() {
    // Nodes: all threads' nodes together, each thread looking at the
    // shared count every 256 nodes.
    let limits = Limits {
        nodes: Some(50_000),
        threads: 2,
        ..Limits::default()
    };
    let result = Engine::new(4).search(&request(Variant::Norochess, limits), &mut |_| {});
    assert!(result.best_move.is_some());
    assert!(
        (50_000..=50_000 + 2 * 512).contains(&result.nodes),
        "{} nodes",
        result.nodes
    );
    // Depth: the main thread's depth, every depth reported once.
    let mut depths = Vec::new();
    let limits = Limits {
        depth: Some(5),
        threads: 2,
        ..Limits::default()
    };
    let result = Engine::new(4).search(&request(Variant::Chess, limits), &mut |info| {
        depths.push(info.depth)
    });
    assert_eq!(result.depth, 5);
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    // Time.
    let started = Instant::now();
    let limits = Limits {
        move_time: Some(Duration::from_millis(200)),
        threads: 2,
        ..Limits::default()
    };
    let result = Engine::new(4).search(&request(Variant::Frontal, limits), &mut |_| {});
    assert!(result.best_move.is_some());
    assert!(
        started.elapsed() < Duration::from_millis(400),
        "took {:?}",
        started.elapsed()
    );
    // More threads than the most allowed are that many; a stopped request
    // still answers at once.
    let req = request(
        Variant::Norochess,
        Limits {
            threads: 1000,
            ..Limits::default()
        },
    );
    req.stop.stop();
    let started = Instant::now();
    assert!(Engine::new(4).search(&req, &mut |_| {}).best_move.is_some());
    assert!(started.elapsed() < Duration::from_millis(500));
}

fn stop_latency(threads: usize) {
    let mut engine = Engine::new(4);
    let req = request(
        Variant::Norochess,
        Limits {
            threads,
            ..Limits::default()
        },
    );
    let stop = req.stop.clone();
    let searcher = std::thread::spawn(move || {
        let result = engine.search(&req, &mut |_| {});
        (result, Instant::now())
    });
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    stop.stop();
    let (result, finished) = searcher.join().expect("search thread");
    assert!(result.best_move.is_some(), "a stopped search still answers");
    let latency = finished.saturating_duration_since(asked);
    assert!(
        latency < Duration::from_millis(50),
        "{threads} threads: stop took {latency:?}"
    );
}

#[test]
fn stop_from_another_thread_returns_within_50_ms() {
    stop_latency(1);
}

#[test]
fn stop_ends_a_search_on_two_threads_within_50_ms() {
    stop_latency(2);
}

#[test]
fn stop_before_the_search_starts_is_kept() {
    // An unlimited search whose request was stopped before it began (a tap
    // on "stop" while the search was still queued) answers at once.
    let mut engine = Engine::new(4);
    let req = request(Variant::Norochess, Limits::default());
    req.stop.stop();
    let started = Instant::now();
    let result = engine.search(&req, &mut |_| {});
    assert!(result.best_move.is_some(), "a stopped search still answers");
    assert!(started.elapsed() < Duration::from_millis(50));
    let level = engine.play_at_level(&req, Level::new(8), 1);
    assert!(level.best_move.is_some());
    assert!(started.elapsed() < Duration::from_millis(100));
    // Another request on the same engine is not affected.
    let fresh = request(
        Variant::Norochess,
        Limits {
            depth: Some(3),
            ..Limits::default()
        },
    );
    assert_eq!(engine.search(&fresh, &mut |_| {}).depth, 3);
}

#[test]
fn move_time_and_depth_limits_are_respected() {
    let mut engine = Engine::new(4);
    let started = Instant::now();
    let result = engine.search(
        &request(
            Variant::Frontal,
            Limits {
                move_time: Some(Duration::from_millis(200)),
                ..Limits::default()
            },
        ),
        &mut |_| {},
    );
    assert!(
        started.elapsed() < Duration::from_millis(400),
        "took {:?}",
        started.elapsed()
    );
    assert!(result.best_move.is_some());
    let mut depths = Vec::new();
    let result = engine.search(
        &request(
            Variant::Chess,
            Limits {
                depth: Some(4),
                ..Limits::default()
            },
        ),
        &mut |info| depths.push(info.depth),
    );
    assert_eq!(result.depth, 4);
    assert_eq!(depths, vec![1, 2, 3, 4]);
}

#[test]
fn level_8_answers_within_a_second() {
    let mut engine = Engine::default();
    let started = Instant::now();
    let result = engine.play_at_level(
        &request(Variant::Norochess, Limits::default()),
        Level::MAX,
        1,
    );
    assert!(result.best_move.is_some());
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn multipv_returns_distinct_lines_best_first() {
    let position = AnyPosition::start(Variant::Norochess, None).expect("start");
    let mut engine = Engine::new(4);
    let req = SearchRequest {
        multipv: 3,
        ..SearchRequest::new(
            position,
            Limits {
                depth: Some(3),
                ..Limits::default()
            },
        )
    };
    let result = engine.search(&req, &mut |_| {});
    assert_eq!(result.lines.len(), 3);
    let firsts: Vec<_> = result.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let keys: Vec<i32> = result.lines.iter().map(|l| l.score.sort_key()).collect();
    assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{keys:?}");
}

#[test]
fn search_moves_restrict_the_root_and_hashfull_grows() {
    let position = AnyPosition::start(Variant::Norochess, None).expect("start");
    let only: Vec<_> = ["a2a3", "h2h4"]
        .iter()
        .map(|t| position.parse_uci(t).expect("legal"))
        .collect();
    let req = SearchRequest {
        multipv: 3,
        search_moves: only.clone(),
        ..SearchRequest::new(
            position,
            Limits {
                depth: Some(4),
                ..Limits::default()
            },
        )
    };
    let mut hashfull = Vec::new();
    let result = Engine::new(1).search(&req, &mut |info| hashfull.push(info.hashfull));
    // Three lines were asked for, but only two moves may be searched.
    assert_eq!(result.lines.len(), 2);
    assert!(result.lines.iter().all(|l| only.contains(&l.pv[0])));
    assert!(only.contains(&result.best_move.expect("a move")));
    assert!(hashfull.windows(2).all(|w| w[0] <= w[1]), "{hashfull:?}");
    assert!(
        hashfull.last().is_some_and(|&h| h > 0 && h <= 1000),
        "{hashfull:?}"
    );
}
