//! Explaining a move that cannot be played: why no legal move fits the text
//! (or several do), in words a player can act on.

use super::pattern::{Mismatch, Mover, Pattern};
use super::write::{file_char, write_move, Notation};
use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Color, Role, Square};
use crate::variant::{OpeningRule, PromotionRule};

/// Joins alternatives: `a`, `a or b`, `a, b or c`.
fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The moves written in `notation`, without repeats.
fn written<G: Geometry>(pos: &Position<G>, moves: &[Move], notation: Notation) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for &m in moves {
        let text = write_move(pos, m, notation);
        if !out.contains(&text) {
            out.push(text);
        }
    }
    out
}

/// Distinct target squares of `moves`, sorted by file then rank.
fn destinations<G: Geometry>(moves: &[Move]) -> String {
    let mut squares: Vec<Square> = moves.iter().map(|m| m.to).collect();
    squares.sort_by_key(|s| (s.file(G::WIDTH), s.rank(G::WIDTH)));
    squares.dedup();
    squares
        .iter()
        .map(|&s| G::square_name(s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The reason for several legal moves fitting the text.
pub(super) fn ambiguity<G: Geometry>(
    pos: &Position<G>,
    text: &str,
    pattern: &Pattern,
    candidates: &[Move],
) -> String {
    let mut sorted = candidates.to_vec();
    sorted.sort_by_key(|m| (m.from.file(G::WIDTH), m.from.rank(G::WIDTH)));
    let choices = either(&written(pos, &sorted, pattern.notation()));
    let first = candidates.first().copied();
    let all_promotions = candidates.iter().all(|m| {
        m.promotion().is_some()
            && Some(m.from) == first.map(|f| f.from)
            && Some(m.to) == first.map(|f| f.to)
    });
    if all_promotions {
        if pos.rules().promotion == PromotionRule::Free {
            format!("say what the pawn becomes: {choices}")
        } else {
            format!("say which lost piece the pawn brings back: {choices}")
        }
    } else {
        format!("{text} is ambiguous: {choices}")
    }
}

/// The reason no legal move fits `pattern`; `core` are the legal moves that
/// go where it says, made by the piece it says.
pub(super) fn explain<G: Geometry>(
    pos: &Position<G>,
    legal: &[Move],
    pattern: &Pattern,
    core: &[Move],
) -> String {
    let us = pos.turn();
    let notation = pattern.notation();
    let target = G::square_name(pattern.to);
    if legal.is_empty() {
        return no_moves_at_all(pos);
    }
    if let Some(&first) = core.first() {
        let suggestion = either(&written(pos, core, notation));
        let problem = pattern.problem(pos, first);
        return match problem {
            Some(Mismatch::Promotion) => {
                let wanted = pattern.promotion.map_or("piece", Role::name);
                if core.iter().any(|m| m.kind == MoveKind::Dethrone) {
                    format!(
                        "both queens are on the board, so a pawn reaching the last rank dethrones the {} queen instead of promoting: {suggestion}",
                        (!us).lowercase_name()
                    )
                } else if core.iter().any(|m| m.promotion().is_some()) {
                    let extra = if pos.rules().promotion == PromotionRule::Free {
                        String::new()
                    } else {
                        format!(" ({us} can only bring back a piece it has lost)")
                    };
                    format!("the pawn cannot become a {wanted} here{extra}; it can become: {suggestion}")
                } else {
                    format!("only a pawn reaching the last rank promotes; write {suggestion}")
                }
            }
            Some(Mismatch::Dethrone) => format!(
                "`^` marks a dethronement, which only a pawn reaching the last rank makes while both queens are on the board; write {suggestion}"
            ),
            Some(Mismatch::NothingTaken) if first.kind == MoveKind::Swap => {
                format!("a swap takes nothing; write {suggestion}")
            }
            Some(Mismatch::NothingTaken) => {
                format!("there is nothing to take on {target}; write {suggestion}")
            }
            Some(Mismatch::NotSwap) => format!(
                "`~` marks a frontal swap of two facing pawns, and this is not one; write {suggestion}"
            ),
            Some(Mismatch::NotStep) | None => {
                format!("no pawn can step to {target}; did you mean {suggestion}?")
            }
        };
    }
    if pattern.mover != Mover::Pawn
        && pos.opening_pending()
        && us == Color::White
        && pos.rules().opening == OpeningRule::FirstMoveSinglePawnStep
    {
        return "White's first move in Ram chess must be a pawn stepping one square straight ahead"
            .to_string();
    }
    if pattern.full_origin() {
        return explain_from_square(pos, legal, pattern);
    }
    let role = match pattern.mover {
        Mover::Piece(role) => role,
        _ => Role::Pawn,
    };
    let place = match (pattern.from_file, pattern.from_rank) {
        (Some(file), _) => format!(" on the {}-file", file_char(file)),
        (None, Some(rank)) => format!(" on rank {}", u32::from(rank) + 1),
        (None, None) => String::new(),
    };
    let in_place = |sq: Square| {
        pattern.from_file.is_none_or(|f| sq.file(G::WIDTH) == f)
            && pattern.from_rank.is_none_or(|r| sq.rank(G::WIDTH) == r)
    };
    let pieces: Vec<Square> = pos
        .pieces_of(us)
        .squares()
        .filter(|&sq| pos.role_at(sq) == Some(role))
        .collect();
    let placed: Vec<Square> = pieces.iter().copied().filter(|&sq| in_place(sq)).collect();
    let name = role.name();
    if placed.is_empty() {
        return format!("{us} has no {name}{place}");
    }
    let to_target: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            m.to == pattern.to && pos.role_at(m.from) == Some(role) && m.kind != MoveKind::Castle
        })
        .collect();
    if !to_target.is_empty() {
        // The disambiguation named the wrong piece.
        return format!(
            "no {name}{place} can reach {target}; write {}",
            either(&written(pos, &to_target, notation))
        );
    }
    let mut reason = format!("no {name}{place} can reach {target}");
    if let Some(hint) = hint(pos, pattern, role, &placed) {
        reason.push_str(&hint);
    }
    let role_moves: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| in_place(m.from) && pos.role_at(m.from) == Some(role))
        .collect();
    if role_moves.is_empty() {
        match placed.as_slice() {
            [only] => reason.push_str(&format!(
                "; the {name} on {} cannot move",
                G::square_name(*only)
            )),
            _ => reason.push_str(&format!("; no {name}{place} can move")),
        }
    } else if role == Role::Pawn {
        let mut sorted = role_moves.clone();
        sorted.sort_by_key(|m| {
            (
                m.from.file(G::WIDTH),
                m.to.file(G::WIDTH),
                m.to.rank(G::WIDTH),
            )
        });
        reason.push_str(&format!(
            "; pawn moves: {}",
            written(pos, &sorted, notation).join(", ")
        ));
    } else if let [only] = placed.as_slice() {
        reason.push_str(&format!(
            "; the {name} on {} can go to {}",
            G::square_name(*only),
            destinations::<G>(&role_moves)
        ));
    } else {
        reason.push_str(&format!(
            "; {name}s{place} can go to {}",
            destinations::<G>(&role_moves)
        ));
    }
    let others: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to == pattern.to)
        .collect();
    if !others.is_empty() {
        reason.push_str(&format!(
            "; moves to {target}: {}",
            written(pos, &others, notation).join(", ")
        ));
    }
    reason
}

/// Why the side to move has no move at all.
fn no_moves_at_all<G: Geometry>(pos: &Position<G>) -> String {
    let us = pos.turn();
    if pos.rules().royal_king {
        if pos.is_check() {
            format!("there are no legal moves: {us} is checkmated")
        } else {
            format!("there are no legal moves: {us} is stalemated")
        }
    } else if pos.has_extinct_side() {
        "there are no legal moves: a side has no pieces left".to_string()
    } else {
        format!("there are no legal moves: {us} is blocked")
    }
}

/// The reason for a move written from a square (`g1f4`, `Ng1-f4`).
fn explain_from_square<G: Geometry>(
    pos: &Position<G>,
    legal: &[Move],
    pattern: &Pattern,
) -> String {
    let us = pos.turn();
    let (Some(file), Some(rank)) = (pattern.from_file, pattern.from_rank) else {
        return "it matches no legal move".to_string();
    };
    let from = Square::from_coords(file, rank, G::WIDTH);
    let from_name = G::square_name(from);
    let target = G::square_name(pattern.to);
    let Some(piece) = pos.piece_at(from) else {
        return format!("there is no piece on {from_name}");
    };
    if piece.color != us {
        return format!("{from_name} holds a {piece}, but {us} is to move");
    }
    let expected = match pattern.mover {
        Mover::Pawn => Some(Role::Pawn),
        Mover::Piece(role) => Some(role),
        Mover::Any => None,
    };
    if let Some(role) = expected.filter(|&r| r != piece.role) {
        return format!(
            "the piece on {from_name} is a {}, not a {}",
            piece.role.name(),
            role.name()
        );
    }
    let moves: Vec<Move> = legal.iter().copied().filter(|m| m.from == from).collect();
    let name = piece.role.name();
    let mut reason = if moves.is_empty() {
        format!("the {name} on {from_name} cannot move")
    } else if piece.role == Role::Pawn {
        format!(
            "the pawn on {from_name} cannot go to {target}; it can play {}",
            either(&written(pos, &moves, pattern.notation()))
        )
    } else {
        format!(
            "the {name} on {from_name} cannot go to {target}; it can go to {}",
            destinations::<G>(&moves)
        )
    };
    let one = Pattern {
        mover: Mover::Piece(piece.role),
        ..*pattern
    };
    if let Some(hint) = hint(pos, &one, piece.role, &[from]) {
        reason.push_str(&hint);
    }
    reason
}

/// A short explanation of a rule that stops the pieces on `from` reaching
/// the pattern's target, when one applies.
fn hint<G: Geometry>(
    pos: &Position<G>,
    pattern: &Pattern,
    role: Role,
    from: &[Square],
) -> Option<String> {
    let us = pos.turn();
    let rules = pos.rules();
    let to = pattern.to;
    let own_on_target = pos.piece_at(to).is_some_and(|p| p.color == us);
    if own_on_target {
        return Some(format!(" (a {} piece stands there)", us.lowercase_name()));
    }
    if role != Role::Pawn {
        let occupied = pos.occupied();
        let reaches = from.iter().any(|&sq| match role {
            Role::Knight => G::knight_attacks(sq).has(to),
            Role::Bishop => G::bishop_attacks(sq, occupied).has(to),
            Role::Rook => G::rook_attacks(sq, occupied).has(to),
            Role::Queen => G::queen_attacks(sq, occupied).has(to),
            Role::King => G::king_attacks(sq).has(to),
            Role::Pawn => false,
        });
        if reaches && rules.royal_king {
            return Some(if role == Role::King {
                " (the king would be in check there)".to_string()
            } else {
                format!(" without leaving the {} king in check", us.lowercase_name())
            });
        }
        return None;
    }
    let forward = |sq: Square, steps: u8| -> Option<Square> {
        let rank = i32::from(sq.rank(G::WIDTH))
            + if us == Color::White {
                i32::from(steps)
            } else {
                -i32::from(steps)
            };
        u8::try_from(rank)
            .ok()
            .filter(|&r| r < G::HEIGHT)
            .map(|r| Square::from_coords(sq.file(G::WIDTH), r, G::WIDTH))
    };
    let last_rank = G::relative_rank(us, G::HEIGHT - 1);
    let enemy_pawn_on_target = pos
        .piece_at(to)
        .is_some_and(|p| p.color != us && p.role == Role::Pawn);
    if !rules.pawn_captures_pawns
        && enemy_pawn_on_target
        && from
            .iter()
            .any(|&sq| sq.file(G::WIDTH) != to.file(G::WIDTH))
    {
        return Some(
            " (in Ram chess a pawn takes a pawn only by ramming it head-on, with another enemy pawn beside it)"
                .to_string(),
        );
    }
    if rules.ram && enemy_pawn_on_target && from.iter().any(|&sq| forward(sq, 1) == Some(to)) {
        return Some(
            " (a ram needs another enemy pawn directly beside the ramming pawn)".to_string(),
        );
    }
    if to.rank(G::WIDTH) == last_rank && rules.promotion != PromotionRule::Free {
        let lost = crate::variant::RESURRECTABLE
            .iter()
            .any(|&r| pos.count(us, r) < u32::from(rules.start_counts[r.index()]));
        let queens =
            pos.count(Color::White, Role::Queen) > 0 && pos.count(Color::Black, Role::Queen) > 0;
        let dethrones = rules.promotion == PromotionRule::DethroneOrResurrection && queens;
        if !lost && !dethrones {
            return Some(format!(
                " ({us} has lost no piece to bring back, so no pawn may enter the last rank)"
            ));
        }
    }
    if rules.opening == OpeningRule::FirstMoveSinglePawnStep
        && pos.opening_pending()
        && us == Color::White
    {
        return Some(
            " (White's first move in Ram chess must be a pawn stepping one square straight ahead)"
                .to_string(),
        );
    }
    if rules.opening == OpeningRule::FirstPawnMoveNotDouble
        && pos.opening_pending()
        && us == Color::White
        && from.iter().any(|&sq| forward(sq, 2) == Some(to))
    {
        return Some(
            " (White's first pawn move in Frontal chess may not be a double step)".to_string(),
        );
    }
    None
}

/// The reason castling to `king_side` is not possible.
pub(super) fn castling_problem<G: Geometry>(
    pos: &Position<G>,
    legal: &[Move],
    king_side: bool,
) -> String {
    let us = pos.turn();
    let side = if king_side { "king side" } else { "queen side" };
    if legal.is_empty() {
        return no_moves_at_all(pos);
    }
    if !pos.rules().castling {
        return format!("{} has no castling", pos.rules().variant.display_name());
    }
    let right = match (us, king_side) {
        (Color::White, true) => 1,
        (Color::White, false) => 2,
        (Color::Black, true) => 4,
        (Color::Black, false) => 8,
    };
    if pos.castling_rights() & right == 0 {
        format!("{us} may no longer castle {side}")
    } else if pos.is_check() {
        format!("{us} is in check, and a king in check may not castle")
    } else {
        format!(
            "to castle {side} the squares between king and rook must be empty, and the king may not pass through or land on an attacked square"
        )
    }
}
