//! A readable rule page for each game (from the project's rule book).

use norochess_core::Variant;

/// The rule page of `variant`.
pub fn page(variant: Variant) -> String {
    let body = match variant {
        Variant::Norochess => NOROCHESS,
        Variant::Norochess960 => NOROCHESS960,
        Variant::Ram => RAM,
        Variant::Frontal => FRONTAL,
        Variant::Improved { .. } => IMPROVED,
        Variant::Crab => CRAB,
        Variant::Chess | Variant::Plain10 => CHESS,
    };
    format!("{}\n\n{}", variant.display_name(), body.trim_end())
}

/// The list of games with their ids.
pub fn index() -> String {
    let mut out = String::from("Rules of each game: `rules GAME` with one of\n");
    for id in Variant::IDS {
        if let Ok(v) = Variant::parse(id, None, None) {
            out.push_str(&format!("  {id:<13} {}\n", v.description()));
        }
    }
    out
}

const NOROCHESS: &str = "\
Chess with a non-royal king, no castling and capture points. Every game ends
with a real score (\"White wins 38–33\") and almost never in a draw.

Pieces move as in chess (pawn double step, en passant, promotion to Q, R, B
or N), but there is no castling and the king is an ordinary piece: no check,
no checkmate. A king may be captured; its side plays on without it.

Each capture scores the value of the captured piece:
  queen 9 · rook 5 · bishop 3 · knight 3 · king 2 · pawn 1
(a promoted piece counts as what it became; en passant scores 1).

Each player has 48 regular moves and at most 12 overtime moves. After each
move the game ends, in this order, if:
  1. a side has no pieces left — it loses at once, whatever the score;
  2. a move creates the third occurrence of a position — its player loses;
  3. the side to move has pieces but no legal move — the higher score wins;
  4. after Black's 48th move, and after each of Black's moves 49 to 60, the
     scores differ — the higher score wins (Black's last capture comes \"with
     impunity\", balancing White's first move);
  5. after Black's 60th move the scores are still equal — a draw.
Resignation and agreed draws are possible as in any game.

The score bar shows both scores, `Move 31 / 48`, and `Overtime 52 / 60` once
the regular moves are over.";

const NOROCHESS960: &str = "\
Norochess from one of the 960 Chess960 set-ups: the back rank shuffled with
the bishops on opposite colours and the king between the rooks, Black
mirroring White. Start 518 is the standard set-up. There is no castling, so
nothing else changes: everything else is Norochess (`rules norochess`).";

const RAM: &str = "\
10×10 chess with a royal king (check, checkmate, stalemate and the usual
draws). Set-up: rook b1, knight c1, bishop d1, queen e1, king f1, bishop g1,
knight h1, rook i1, pawns a2–j2; Black mirrors it on ranks 10 and 9.

- White's first move must be a pawn stepping one square straight forward.
- No castling and no en passant.
- A pawn may step one or two squares forward from any rank.
- A pawn captures diagonally forward, but only pieces, never pawns.
- The ram: a pawn may ram the enemy pawn directly in front of it if another
  enemy pawn stands right beside it (same rank, next file). Both pawns leave
  the board. It is the only way a pawn takes a pawn. Written `exe5`.
- Promotion by resurrection: a pawn reaching the last rank must become one of
  its own piece types that is off the board (fewer than at the start); if
  there is none, it may not move there.";

const FRONTAL: &str = "\
10×10 chess with a royal king and the set-up of Ram chess (`rules ram`).

- White's first pawn move, whenever it is made, may not be a double step.
- No castling and no en passant; pawns step one or two squares from any rank
  and capture diagonally as in chess.
- The frontal swap: a pawn with an enemy pawn directly in front of it may swap
  places with it; nothing is captured. Written `e~e5`.
- Reaching the last rank: if both players have their queen, the move is a
  dethronement — the pawn and the opponent's queen leave the board (`e10^`).
  Otherwise the pawn is resurrected as one of its own pieces that is off the
  board, as in Ram chess. If neither applies, the move is illegal.
- As always with a royal king, no move may leave your own king in check.";

const IMPROVED: &str = "\
Standard chess (castling, en passant, check and all draws) with one extra
pawn move: a pawn in the zone whose square in front is blocked may also step
like a knight to one of the two squares one rank forward and two files
sideways, only onto an empty square and never capturing (written `eg6`).

Options: zone `far-half` (ranks 5–7, the default), `beyond-fifth` (6–7) or
`seventh` (7 only); blockage `enemy` (an enemy piece in front, the default)
or `any` (any piece). Start one with e.g. `new computer improved zone seventh
blockage any`.";

const CRAB: &str = "\
Standard chess with the oblique pawn step of Improved chess allowed from any
rank whenever the square in front is occupied by any piece.";

const CHESS: &str = "\
Standard chess, with castling, en passant, check, checkmate and all draws.";
