//! Moves in words, for screen readers: `knight f6, captures bishop`
//! instead of `Nxf6`, which TalkBack and VoiceOver would read letter by
//! letter. Written once here; every `MoveInfo` carries it and the session's
//! snapshot announces the last move with it.

use norochess_core::{AnyPosition, Move, MoveKind, Role};

/// The legal move `mv` of `before` in words: the piece, where it goes, and
/// what it does there (`pawn e4`, `knight f6, captures bishop`, `pawn e8,
/// becomes a queen, check`, `king castles king side`, `pawn rams the pawn
/// on e6`, `pawn swaps with the pawn on a7`, `pawn a10, dethrones the
/// queen`).
pub fn spoken_move(before: &AnyPosition, mv: Move) -> String {
    let width = before.width();
    let to = mv.to.name(width);
    let mover = before.piece_at(mv.from).map_or(Role::Pawn, |p| p.role);
    let captured = before
        .piece_at(mv.to)
        .filter(|p| p.color != before.turn())
        .map(|p| p.role);
    let mut words = match mv.kind {
        MoveKind::Castle => {
            let side = if mv.to.file(width) > mv.from.file(width) {
                "king"
            } else {
                "queen"
            };
            format!("king castles {side} side")
        }
        MoveKind::Ram => format!("pawn rams the pawn on {to}"),
        MoveKind::Swap => format!("pawn swaps with the pawn on {to}"),
        MoveKind::EnPassant => format!("pawn {to}, captures pawn en passant"),
        MoveKind::Dethrone => match captured {
            Some(role) => format!("pawn {to}, captures {}, dethrones the queen", role.name()),
            None => format!("pawn {to}, dethrones the queen"),
        },
        MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promotion(_) => {
            let mut words = format!("{} {to}", mover.name());
            if let Some(role) = captured {
                words.push_str(&format!(", captures {}", role.name()));
            }
            if let MoveKind::Promotion(role) = mv.kind {
                words.push_str(&format!(", becomes a {}", role.name()));
            }
            words
        }
    };
    if before.play(mv).is_ok_and(|after| after.is_check()) {
        words.push_str(", check");
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use norochess_core::Variant;

    fn spoken(variant: Variant, position: &str, text: &str) -> String {
        let before =
            AnyPosition::from_text(variant, position).unwrap_or_else(|e| panic!("{position}: {e}"));
        let mv = before
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        spoken_move(&before, mv)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

    #[test]
    fn moves_read_as_words() {
        assert_eq!(spoken(Variant::Norochess, START, "e4"), "pawn e4");
        assert_eq!(spoken(Variant::Norochess, START, "Nf3"), "knight f3");
        let capture = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2";
        assert_eq!(
            spoken(Variant::Norochess, capture, "exd5"),
            "pawn d5, captures pawn"
        );
        let promotion = "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=10-12";
        assert_eq!(
            spoken(Variant::Norochess, promotion, "a8=N"),
            "pawn a8, becomes a knight"
        );
    }

    #[test]
    fn check_and_castling_are_said_in_royal_games() {
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(
            spoken(Variant::Chess, castle, "O-O"),
            "king castles king side"
        );
        assert_eq!(
            spoken(Variant::Chess, castle, "O-O-O"),
            "king castles queen side"
        );
        let check = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(spoken(Variant::Chess, check, "Ra8"), "rook a8, check");
    }
}
