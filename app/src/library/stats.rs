//! Statistics a Norochess player cares about: wins, draws and losses per
//! game and per computer level, the score differential (the tournament
//! tie-break: own minus opponent's final points, summed) and its average,
//! and the best wins.
//!
//! Against the computer every figure is the person's. Pass-and-play games
//! have no "own" side, so their row counts White's results and White's
//! differential.

use super::games::GameSummary;
use super::{Library, LibraryError, PuzzleStats};
use crate::players::Opponent;
use norochess_core::Color;

/// How many wins [`Stats::best_wins`] lists at most.
pub const BEST_WINS: usize = 5;

/// The variant id of the rows that add up every game.
const ALL_GAMES: &str = "all";

/// Results of one game against one opponent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct StatsRow {
    /// The game (variant id), or `all`.
    pub variant: String,
    /// The computer's level; `None` for pass-and-play games.
    pub level: Option<u8>,
    /// Finished games.
    pub games: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Own minus opponent's final points, summed (games with scores only).
    pub score_differential: i64,
    /// Finished games with final scores (the Norochess family): what
    /// [`StatsRow::average_margin`] divides by.
    pub scored_games: u32,
}

#[cfg_attr(feature = "uniffi", uniffi::export)]
impl StatsRow {
    /// The average points margin per scored game (own minus opponent's
    /// final points); `None` when no game of the row has scores (chess,
    /// or nothing finished yet).
    pub fn average_margin(&self) -> Option<f64> {
        (self.scored_games > 0)
            .then(|| self.score_differential as f64 / f64::from(self.scored_games))
    }
}

impl StatsRow {
    /// An empty row of `variant` against `level` (`None`: pass and play).
    fn new(variant: &str, level: Option<u8>) -> StatsRow {
        StatsRow {
            variant: variant.to_string(),
            level,
            ..StatsRow::default()
        }
    }

    /// Counts one finished game.
    fn add(&mut self, game: &Finished) {
        self.games += 1;
        match game.outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
        if let Some(margin) = game.margin {
            self.score_differential += margin;
            self.scored_games += 1;
        }
    }
}

/// Everything the statistics screen shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct Stats {
    /// Per game and opponent (computer level or pass and play), most played first.
    pub rows: Vec<StatsRow>,
    /// All games against the computer together.
    pub against_computer: StatsRow,
    /// All pass-and-play games together (White's results).
    pub pass_and_play: StatsRow,
    /// The won game against the computer with the largest margin (the
    /// highest level first on a tie).
    pub best_win: Option<GameSummary>,
    /// The lost game against the computer with the largest margin.
    pub worst_loss: Option<GameSummary>,
    /// Up to [`BEST_WINS`] wins against the computer, the strongest
    /// opponent first: the highest level, then the largest margin, then
    /// the most recent.
    pub best_wins: Vec<GameSummary>,
    /// Puzzle progress and streaks.
    pub puzzles: PuzzleStats,
}

/// How a finished game went for the person (White in pass and play).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Win,
    Draw,
    Loss,
}

/// What the statistics need of one finished game.
struct Finished {
    /// The computer's level; `None` in pass and play.
    level: Option<u8>,
    outcome: Outcome,
    /// Own minus opponent's final points, for games with scores.
    margin: Option<i64>,
}

impl Finished {
    /// The facts of `game` from the person's side (White's in pass and play).
    fn of(game: &GameSummary) -> Finished {
        let (own, level) = match game.opponent {
            Opponent::Computer { human, level } => (human, Some(level)),
            Opponent::Friend => (Color::White, None),
        };
        let winner = match game.result.as_deref() {
            Some("1-0") => Some(Color::White),
            Some("0-1") => Some(Color::Black),
            _ => None,
        };
        let outcome = match winner {
            Some(w) if w == own => Outcome::Win,
            Some(_) => Outcome::Loss,
            None => Outcome::Draw,
        };
        let margin = game.scores.map(|s| {
            let (w, b) = (i64::from(s.white), i64::from(s.black));
            if own == Color::White {
                w - b
            } else {
                b - w
            }
        });
        Finished {
            level,
            outcome,
            margin,
        }
    }
}

/// The games against the computer that stand out, gathered game by game.
#[derive(Default)]
struct Highlights {
    /// (margin, level, game) of the biggest win so far.
    best: Option<(i64, u8, GameSummary)>,
    /// (margin, game) of the biggest loss so far.
    worst: Option<(i64, GameSummary)>,
    /// (level, margin, when, game) of every win.
    wins: Vec<(u8, i64, i64, GameSummary)>,
}

impl Highlights {
    /// Takes note of `game` (a game against the computer at `level`).
    fn note(&mut self, game: &GameSummary, facts: &Finished, level: u8) {
        let margin = facts.margin.unwrap_or(0);
        match facts.outcome {
            Outcome::Win => {
                let better = self
                    .best
                    .as_ref()
                    .is_none_or(|(m, l, _)| (margin, level) > (*m, *l));
                if better {
                    self.best = Some((margin, level, game.clone()));
                }
                self.wins
                    .push((level, margin, game.updated_at, game.clone()));
            }
            Outcome::Loss => {
                if self.worst.as_ref().is_none_or(|(m, _)| margin < *m) {
                    self.worst = Some((margin, game.clone()));
                }
            }
            Outcome::Draw => {}
        }
    }

    /// The best wins, the strongest opponent first, at most [`BEST_WINS`].
    fn best_wins(&mut self) -> Vec<GameSummary> {
        let mut wins = std::mem::take(&mut self.wins);
        wins.sort_by_key(|w| std::cmp::Reverse((w.0, w.1, w.2, w.3.id)));
        wins.into_iter()
            .take(BEST_WINS)
            .map(|(_, _, _, game)| game)
            .collect()
    }
}

impl Stats {
    /// The row of `variant` against `level`, made if it is new.
    fn row(&mut self, variant: &str, level: Option<u8>) -> &mut StatsRow {
        let position = self
            .rows
            .iter()
            .position(|r| r.variant == variant && r.level == level);
        let index = match position {
            Some(i) => i,
            None => {
                self.rows.push(StatsRow::new(variant, level));
                self.rows.len() - 1
            }
        };
        &mut self.rows[index]
    }

    /// Counts one finished game in its row and in its total.
    fn add(&mut self, game: &GameSummary, facts: &Finished) {
        self.row(&game.variant, facts.level).add(facts);
        match facts.level {
            Some(_) => self.against_computer.add(facts),
            None => self.pass_and_play.add(facts),
        }
    }

    /// Most played first, then by game and level.
    fn sort_rows(&mut self) {
        self.rows.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then(a.variant.cmp(&b.variant))
                .then(a.level.cmp(&b.level))
        });
    }
}

impl Library {
    /// The statistics of every finished game and the puzzle progress.
    pub fn stats(&self) -> Result<Stats, LibraryError> {
        let finished = self.list(
            &super::GameFilter {
                finished: Some(true),
                ..super::GameFilter::default()
            },
            u32::MAX,
        )?;
        let mut stats = Stats {
            against_computer: StatsRow::new(ALL_GAMES, None),
            pass_and_play: StatsRow::new(ALL_GAMES, None),
            puzzles: self.puzzle_stats()?,
            ..Stats::default()
        };
        let mut highlights = Highlights::default();
        for game in finished {
            let facts = Finished::of(&game);
            stats.add(&game, &facts);
            if let Some(level) = facts.level {
                highlights.note(&game, &facts, level);
            }
        }
        stats.sort_rows();
        stats.best_wins = highlights.best_wins();
        stats.best_win = highlights.best.map(|(_, _, g)| g);
        stats.worst_loss = highlights.worst.map(|(_, g)| g);
        Ok(stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::GameSpec;
    use crate::session::{EngineSettings, GameSession};
    use norochess_core::Variant;

    /// A Norochess game one move before the end (move 48, `white`–`black`).
    fn last_move(white: u32, black: u32) -> String {
        format!("4k3/8/8/8/8/8/8/4K3 w - - 0 48 score={white}-{black}")
    }

    /// Saves a finished game against the computer at `level`, the person
    /// White, ending `white`–`black` on the move limit.
    fn against_computer(library: &mut Library, level: u8, white: u32, black: u32) {
        let mut spec = GameSpec::against_computer(Variant::Norochess, Color::White, level);
        spec.position = Some(last_move(white, black));
        let mut session = GameSession::new(spec).unwrap();
        session.play_text("Kd1", 0).unwrap();
        let request = session
            .request_computer_move(EngineSettings::default(), 0)
            .unwrap();
        let reply = session.game().position().parse_move("Kd8").unwrap();
        session
            .computer_answer(request.ticket, Some(reply), 0)
            .unwrap();
        assert!(session.game().is_over());
        library.save(&mut session, 0).unwrap();
    }

    /// Saves a finished pass-and-play game of `variant` that White resigns.
    fn resigned_by_white(library: &mut Library, variant: Variant) {
        let spec = GameSpec::pass_and_play(variant, "Ann", "Bob");
        let mut session = GameSession::new(spec).unwrap();
        session.play_text("e4", 0).unwrap();
        session.resign(Some(Color::White), 0).unwrap();
        library.save(&mut session, 0).unwrap();
    }

    #[test]
    fn an_empty_library_has_no_rows_and_no_average() {
        let library = Library::in_memory().unwrap();
        let stats = library.stats().unwrap();
        assert!(stats.rows.is_empty());
        assert!(stats.best_wins.is_empty());
        assert_eq!(stats.against_computer.games, 0);
        assert_eq!(stats.against_computer.average_margin(), None);
        assert_eq!(stats.pass_and_play.average_margin(), None);
    }

    #[test]
    fn the_average_margin_counts_only_games_with_scores() {
        let mut library = Library::in_memory().unwrap();
        against_computer(&mut library, 2, 38, 33);
        against_computer(&mut library, 2, 30, 32);
        resigned_by_white(&mut library, Variant::Chess);
        resigned_by_white(&mut library, Variant::Norochess);
        let stats = library.stats().unwrap();
        let computer = &stats.against_computer;
        assert_eq!((computer.games, computer.scored_games), (2, 2));
        assert_eq!(computer.score_differential, 3);
        assert_eq!(computer.average_margin(), Some(1.5));
        let friends = &stats.pass_and_play;
        assert_eq!(
            (friends.games, friends.losses, friends.scored_games),
            (2, 2, 1),
            "a chess game has no scores"
        );
        assert_eq!(friends.average_margin(), Some(0.0));
        let chess = stats.rows.iter().find(|r| r.variant == "chess").unwrap();
        assert_eq!(
            (chess.level, chess.games, chess.average_margin()),
            (None, 1, None)
        );
    }

    #[test]
    fn best_wins_put_the_highest_level_first_then_the_margin() {
        let mut library = Library::in_memory().unwrap();
        against_computer(&mut library, 2, 40, 10);
        against_computer(&mut library, 5, 31, 30);
        against_computer(&mut library, 5, 35, 30);
        against_computer(&mut library, 7, 20, 25);
        for _ in 0..4 {
            against_computer(&mut library, 1, 33, 30);
        }
        let stats = library.stats().unwrap();
        let wins: Vec<(Option<u8>, i64)> = stats
            .best_wins
            .iter()
            .map(|g| {
                let level = match g.opponent {
                    Opponent::Computer { level, .. } => Some(level),
                    Opponent::Friend => None,
                };
                let s = g.scores.unwrap();
                (level, i64::from(s.white) - i64::from(s.black))
            })
            .collect();
        assert_eq!(
            wins,
            [
                (Some(5), 5),
                (Some(5), 1),
                (Some(2), 30),
                (Some(1), 3),
                (Some(1), 3)
            ]
        );
        assert_eq!(stats.best_wins.len(), BEST_WINS);
        // The biggest win is still the largest margin, the loss the worst.
        let best = stats.best_win.and_then(|g| g.scores).unwrap();
        assert_eq!((best.white, best.black), (40, 10));
        let worst = stats.worst_loss.and_then(|g| g.scores).unwrap();
        assert_eq!((worst.white, worst.black), (20, 25));
    }
}
