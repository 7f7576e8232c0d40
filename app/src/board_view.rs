//! The board as a phone screen draws it: pieces on named squares, the
//! legal moves in every notation, the last move, captures and the result.
//! Made from a core [`Game`] in one place, for the game session's snapshot,
//! a reviewed position and a puzzle's board.

use crate::game_menu::GameSetup;
use crate::result::{GameResult, Scores};
use norochess_core::{
    AnyPosition, Color, Game, Move, MoveKind, Overtime, Piece, Role, Snapshot, Square,
};

/// A move of a particular position, in every notation the apps show.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct MoveInfo {
    /// The square the piece leaves (`e2`).
    pub from: String,
    /// The square it goes to (for rams and swaps the enemy pawn's square).
    pub to: String,
    /// The piece a promotion or resurrection creates: what `play(from, to,
    /// promotion)` takes back.
    pub promotion: Option<Role>,
    /// What kind of move it is.
    pub kind: MoveKind,
    /// Whether it removes enemy material (capture, en passant, ram,
    /// dethronement): for the capture sound.
    pub is_capture: bool,
    /// Standard algebraic notation (`Nf3`, `exe5` for a ram, `e~e5` for a
    /// swap, `e10^` for a dethronement).
    pub san: String,
    /// Long algebraic notation (`Ng1-f3`).
    pub long: String,
    /// Coordinates (`g1f3`, `e7e8q`): stable text for saving and replaying.
    pub uci: String,
    /// In words for screen readers (`knight f6, captures bishop`), which
    /// read SAN letter by letter ([`crate::spoken`]).
    pub spoken: String,
}

impl MoveInfo {
    /// Describes the legal move `m` of `position`.
    pub fn of(position: &AnyPosition, m: Move) -> MoveInfo {
        let width = position.width();
        let is_capture = position.is_capture(m);
        MoveInfo {
            from: m.from.name(width),
            to: m.to.name(width),
            promotion: m.promotion(),
            kind: m.kind,
            is_capture,
            san: position.to_san(m),
            long: position.to_long(m),
            uci: m.uci(width),
            spoken: crate::spoken::spoken_move(position, m),
        }
    }
}

/// A piece on its square, ready to be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct PlacedPiece {
    /// The square's name (`e4`, `j10`).
    pub square: String,
    /// File from 0 (`a`) to width − 1.
    pub file: u32,
    /// Rank from 0 (rank 1) to height − 1.
    pub rank: u32,
    /// The piece.
    pub piece: Piece,
}

/// Everything a phone's board draws of one position of a game
/// (`GameSnapshot` in Kotlin and Swift).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
#[cfg_attr(feature = "uniffi", uniffi(name = "GameSnapshot"))]
pub struct BoardView {
    /// The game and its options.
    pub setup: GameSetup,
    /// Board width (8 or 10).
    pub width: u32,
    /// Board height (8 or 10).
    pub height: u32,
    /// Every piece on the board with its square.
    pub pieces: Vec<PlacedPiece>,
    /// The side to move.
    pub turn: Color,
    /// The legal moves (none once the game is over; in a session's
    /// snapshot none while the person may not move).
    pub legal_moves: Vec<MoveInfo>,
    /// The last move played, for highlighting.
    pub last_move: Option<MoveInfo>,
    /// The square of a king in check (royal games only).
    pub check_square: Option<String>,
    /// Both scores, in the Norochess family.
    pub scores: Option<Scores>,
    /// The score bar's text in the Norochess family: `19 – 15`.
    pub score_text: Option<String>,
    /// The current move number (`Move 31`).
    pub move_number: u32,
    /// The regular number of moves (`/ 48`), in the Norochess family.
    pub regular_moves: Option<u32>,
    /// Moves the side to move has left up to move 48 (0 in overtime), in
    /// the Norochess family.
    pub regular_moves_left: Option<u32>,
    /// Overtime (`Overtime 52 / 60`), while in overtime.
    pub overtime: Option<Overtime>,
    /// Pieces White has captured.
    pub captured_by_white: Vec<Piece>,
    /// Pieces Black has captured.
    pub captured_by_black: Vec<Piece>,
    /// The capture points of White's captures, in games where captures
    /// score (`None` in the others, which show no `+0`).
    pub captured_points_white: Option<u32>,
    /// The capture points of Black's captures, where captures score.
    pub captured_points_black: Option<u32>,
    /// The result, once the game has ended.
    pub outcome: Option<GameResult>,
    /// The position as text (docs/position-format.md).
    pub position_text: String,
    /// Moves played so far (plies).
    pub ply_count: u32,
    /// Whether a move can be taken back.
    pub can_undo: bool,
    /// Whether a taken-back move can be replayed.
    pub can_redo: bool,
}

/// The score bar: White's score first, `19 – 15`.
pub(crate) fn score_bar_text((white, black): (u16, u16)) -> String {
    format!("{white} – {black}")
}

impl BoardView {
    /// The board of `game`'s current position.
    pub fn of(game: &Game) -> BoardView {
        BoardView::of_snapshot(game, &game.snapshot())
    }

    /// The board of `game`'s current position, from its core snapshot `s`
    /// (`game.snapshot()`) when the caller has made one already.
    pub fn of_snapshot(game: &Game, s: &Snapshot) -> BoardView {
        let position = game.position();
        let width = s.width;
        let pieces = s
            .board
            .iter()
            .enumerate()
            .filter_map(|(i, piece)| {
                let square = Square(u8::try_from(i).ok()?);
                piece.map(|piece| PlacedPiece {
                    square: square.name(width),
                    file: u32::from(square.file(width)),
                    rank: u32::from(square.rank(width)),
                    piece,
                })
            })
            .collect();
        let last_move = match (game.plies().last(), game.positions().iter().rev().nth(1)) {
            (Some(ply), Some(before)) => Some(MoveInfo::of(before, ply.mv)),
            _ => None,
        };
        let [by_white, by_black] = s.captured.clone();
        BoardView {
            setup: GameSetup::of(game.variant(), game.start_number()),
            width: u32::from(s.width),
            height: u32::from(s.height),
            pieces,
            turn: s.turn,
            legal_moves: s
                .legal_moves
                .iter()
                .map(|&m| MoveInfo::of(position, m))
                .collect(),
            last_move,
            check_square: s.check_square.map(|sq| sq.name(width)),
            scores: Scores::from_pair(s.scores),
            score_text: s.scores.map(score_bar_text),
            move_number: s.move_number,
            regular_moves: s.regular_moves,
            regular_moves_left: s.regular_moves_left,
            overtime: s.overtime,
            captured_by_white: by_white,
            captured_by_black: by_black,
            captured_points_white: s.scores.map(|_| s.captured_points[0]),
            captured_points_black: s.scores.map(|_| s.captured_points[1]),
            outcome: GameResult::of(game),
            position_text: s.position_text.clone(),
            ply_count: u32::try_from(s.ply_count).unwrap_or(u32::MAX),
            can_undo: s.can_undo,
            can_redo: s.can_redo,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::Variant;

    /// A game of `variant` after `moves` (SAN).
    fn after(variant: Variant, moves: &[&str]) -> Game {
        let mut game = Game::new(variant, None).expect("the game starts");
        for text in moves {
            let mv = game
                .position()
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
        }
        game
    }

    #[test]
    fn a_capture_shows_as_the_last_move_and_in_the_captures() {
        let view = BoardView::of(&after(Variant::Norochess, &["e4", "d5", "exd5"]));
        let last = view.last_move.expect("a last move");
        assert_eq!((last.from.as_str(), last.to.as_str()), ("e4", "d5"));
        assert_eq!(last.kind, MoveKind::Normal);
        assert!(last.is_capture);
        assert_eq!(last.san, "exd5");
        assert_eq!(view.pieces.len(), 31);
        assert_eq!(
            view.captured_by_white,
            vec![Piece {
                color: Color::Black,
                role: Role::Pawn
            }]
        );
        assert_eq!(view.captured_points_white, Some(1));
        assert_eq!(view.captured_points_black, Some(0));
        assert_eq!(view.scores, Some(Scores { white: 1, black: 0 }));
        assert_eq!(view.score_text.as_deref(), Some("1 – 0"));
        assert_eq!(view.turn, Color::Black);
        assert_eq!(view.ply_count, 3);
    }

    #[test]
    fn the_start_has_every_piece_on_its_named_square_and_no_result() {
        let game = Game::new(Variant::Norochess, None).expect("Norochess starts");
        let view = BoardView::of(&game);
        assert_eq!(view.pieces.len(), 32);
        let a1 = view.pieces.iter().find(|p| p.square == "a1").expect("a1");
        assert_eq!((a1.file, a1.rank), (0, 0));
        assert_eq!(
            a1.piece,
            Piece {
                color: Color::White,
                role: Role::Rook
            }
        );
        assert_eq!(view.legal_moves.len(), 20);
        assert!(view.outcome.is_none());
        assert_eq!(view.regular_moves, Some(48));
    }

    #[test]
    fn games_without_points_show_no_capture_points() {
        let view = BoardView::of(&after(Variant::Chess, &["e4", "d5", "exd5"]));
        assert_eq!(
            view.captured_by_white.len(),
            1,
            "the captured pawn is shown"
        );
        assert_eq!(view.captured_points_white, None, "but no points");
        assert_eq!(view.scores, None);
    }
}
