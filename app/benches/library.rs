//! The library's speed where a player feels it: saving a move (after every
//! move, so it must never be noticed) and opening a big library to list the
//! latest games (the Games screen at launch).

use criterion::{criterion_group, criterion_main, Criterion};
use norochess_app::{GameFilter, GameSession, GameSpec, Library};
use norochess_core::{SplitMix64, TimeControl, Variant};
use std::hint::black_box;

fn new_game() -> GameSession {
    let mut spec = GameSpec::pass_and_play(Variant::Norochess, "Ann", "Bob");
    spec.clock = Some(TimeControl::NOROCHESS_TOURNAMENT);
    GameSession::new(spec).expect("the start is valid")
}

/// Plays one random legal move (a new game when this one is over).
fn random_move(session: &mut GameSession, rng: &mut SplitMix64, now: u64) {
    if session.game().is_over() {
        *session = new_game();
    }
    let moves = session.game().position().legal_moves();
    let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
    session.play(mv, now).expect("legal");
}

fn save_a_move(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut library = Library::open(dir.path()).expect("opens");
    let mut session = new_game();
    let mut rng = SplitMix64::new(1);
    let mut now = 0;
    c.bench_function("play and save a move (WAL, one transaction)", |b| {
        b.iter(|| {
            now += 1000;
            random_move(&mut session, &mut rng, now);
            black_box(library.save(&mut session, now).expect("saves"));
        })
    });
}

fn open_and_list(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary folder");
    {
        let mut library = Library::open(dir.path()).expect("opens");
        let mut rng = SplitMix64::new(2);
        for _ in 0..10_000 {
            let mut session = new_game();
            for ply in 0..60 {
                random_move(&mut session, &mut rng, ply * 1000);
            }
            library.save(&mut session, 60_000).expect("saves");
        }
    }
    let path = dir.path().join(norochess_app::library::DATABASE_FILE);
    c.bench_function(
        "open a library of 10,000 games and list the latest 50",
        |b| {
            b.iter(|| {
                let library = Library::open_file(&path).expect("opens");
                black_box(library.list(&GameFilter::default(), 50).expect("lists"))
            })
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = save_a_move, open_and_list
}
criterion_main!(benches);
