//! The review's graph as text: one line of blocks for the expected final
//! score difference over the game (White above the middle, Black below),
//! a line under it with the marked moves, and a line of move numbers.
//! A long game is drawn in columns of several positions each, so the
//! graph keeps to the width given. Everything drawn comes from the app
//! layer's [`GraphPoint`]s; this module only lays them out.

use super::stats::{ASCII_BLOCKS, BLOCKS};
use norochess_app::{GraphPoint, Judgement};
use norochess_core::Game;

/// The graph, line by line, and what its columns stand for.
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    /// The blocks.
    pub line: String,
    /// Under each column, the worst mark of its moves (`i`, `m`, `B`), and
    /// `^` under the position shown when it is not marked.
    pub marks: String,
    /// Move numbers every ten columns.
    pub ruler: String,
    /// The range drawn either side of the middle, in points.
    pub scale: f64,
    /// The position each column leads to (its last), for a click on it.
    pub plies: Vec<usize>,
}

/// The letter of a mark under the graph.
pub fn mark_letter(judgement: Judgement) -> Option<char> {
    match judgement {
        Judgement::Inaccuracy => Some('i'),
        Judgement::Mistake => Some('m'),
        Judgement::Blunder => Some('B'),
        Judgement::Best | Judgement::Good => None,
    }
}

/// The graph of `points` (positions of `game`) in at most `width`
/// columns; `shown` is the position to point at.
pub fn graph(
    points: &[GraphPoint],
    game: &Game,
    width: usize,
    shown: Option<usize>,
    unicode: bool,
) -> Graph {
    let blocks = if unicode { &BLOCKS } else { &ASCII_BLOCKS };
    let columns = points.len().min(width.max(1));
    // Whole points either side, at least one: an even game sits in the
    // middle and a small edge still shows.
    let scale = points
        .iter()
        .map(|p| p.white_points.abs())
        .fold(1.0_f64, f64::max)
        .ceil();
    let positions = game.positions();
    let mut line = String::new();
    let mut marks = String::new();
    let mut ruler = String::new();
    let mut plies = Vec::with_capacity(columns);
    for column in 0..columns {
        let first = column * points.len() / columns;
        let end = ((column + 1) * points.len() / columns).max(first + 1);
        let bucket = &points[first..end.min(points.len())];
        let value = bucket.last().map_or(0.0, |p| p.white_points);
        plies.push(bucket.last().map_or(0, |p| p.review_ply as usize));
        let level = ((value + scale) / (2.0 * scale) * blocks.len() as f64).floor();
        let index = (level.max(0.0) as usize).min(blocks.len() - 1);
        line.push(blocks[index]);
        let worst = bucket.iter().filter_map(|p| p.judgement).max();
        let here = shown.is_some_and(|ply| bucket.iter().any(|p| p.review_ply as usize == ply));
        marks.push(match worst.and_then(mark_letter) {
            Some(letter) => letter,
            None if here => '^',
            None => ' ',
        });
        if column % 10 == 0 && ruler.chars().count() <= column {
            let number = bucket
                .first()
                .and_then(|p| positions.get(p.review_ply as usize))
                .map_or(0, |p| p.fullmove_number());
            while ruler.chars().count() < column {
                ruler.push(' ');
            }
            ruler.push_str(&number.to_string());
        }
    }
    Graph {
        line,
        marks: marks.trim_end().to_string(),
        ruler,
        scale,
        plies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::Variant;

    fn point(ply: u32, white_points: f64, judgement: Option<Judgement>) -> GraphPoint {
        GraphPoint {
            review_ply: ply,
            white_points,
            judgement,
        }
    }

    /// A game of `plies` moves: each time the first legal move that keeps
    /// the game going.
    fn game(plies: usize) -> Game {
        let mut game = Game::new(Variant::Norochess, None).expect("start");
        while game.plies().len() < plies {
            let moves = game.position().legal_moves();
            let next = moves.into_iter().find_map(|m| {
                let mut next = game.clone();
                (next.play(m).is_ok() && !next.is_over()).then_some(next)
            });
            game = next.expect("a move that keeps the game going");
        }
        game
    }

    #[test]
    fn an_even_game_sits_in_the_middle_and_the_sides_go_up_and_down() {
        let points = [
            point(0, 0.0, None),
            point(1, 4.0, None),
            point(2, -4.0, Some(Judgement::Blunder)),
        ];
        let g = graph(&points, &game(2), 80, None, true);
        assert_eq!(g.line, "▅█▁");
        assert_eq!(g.marks, "  B");
        assert_eq!(g.ruler, "1");
        assert_eq!(g.scale, 4.0);
        assert_eq!(g.plies, [0, 1, 2]);
        let ascii = graph(&points, &game(2), 80, Some(1), false);
        assert_eq!(ascii.line, "=#_");
        assert_eq!(ascii.marks, " ^B");
    }

    #[test]
    fn a_long_game_keeps_to_the_width_and_keeps_its_worst_marks() {
        let points: Vec<GraphPoint> = (0..=40)
            .map(|ply| {
                let mark = (ply == 17).then_some(Judgement::Mistake);
                point(ply, f64::from(ply) / 10.0, mark)
            })
            .collect();
        let g = graph(&points, &game(40), 20, None, true);
        assert_eq!(g.line.chars().count(), 20);
        assert_eq!(g.marks.chars().filter(|&c| c == 'm').count(), 1);
        assert_eq!(g.ruler, "1         11");
        assert_eq!(g.plies.len(), 20);
        assert_eq!(g.plies.last(), Some(&40));
    }

    #[test]
    fn no_points_draw_nothing() {
        let g = graph(&[], &game(0), 80, None, true);
        assert_eq!(g.line, "");
        assert_eq!(g.marks, "");
    }
}
