//! Reading moves: one forgiving parser for SAN, long algebraic notation and
//! coordinates, and the strict coordinate reader of the UCI protocol.

use super::explain::{ambiguity, castling_problem, explain};
use super::pattern::{Mover, Pattern, Separator};
use super::write::is_king_side;
use crate::error::MoveError;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Role, Square};

/// Finds the legal move of `pos` written as `text` in any notation: SAN,
/// long algebraic or coordinates, including the special forms of Ram and
/// Frontal chess, and common sloppy input (missing `x`, any `+ # ! ?`
/// annotations, `0-0`, lowercase piece letters, promotion without `=`,
/// `-` or `x` between squares, a leading move number).
///
/// Unreadable text gives [`MoveError::Unreadable`]; a readable move that is
/// not legal (or not a single legal move) gives [`MoveError::Illegal`] with a
/// reason a player can act on: which pieces can go where, the candidates of
/// an ambiguous move. A pawn move to the last rank without the piece, where
/// there is a choice, gives [`MoveError::PromotionRequired`] with the choices.
pub fn parse_move<G: Geometry>(pos: &Position<G>, text: &str) -> Result<Move, MoveError> {
    let shown = text.trim();
    let unreadable = |problem: String| MoveError::Unreadable {
        text: shown.to_string(),
        problem,
    };
    let illegal = |reason: String| MoveError::Illegal {
        text: shown.to_string(),
        reason,
    };
    let cleaned = clean(text).map_err(unreadable)?;
    if cleaned.is_empty() {
        return Err(unreadable(if shown.is_empty() {
            "no move given".to_string()
        } else {
            "there is no move in it, only annotations or a move number".to_string()
        }));
    }
    let legal = pos.legal_moves();
    if let Some(king_side) = castling_side(&cleaned) {
        return legal
            .iter()
            .copied()
            .find(|&m| m.kind == MoveKind::Castle && is_king_side(m) == king_side)
            .ok_or_else(|| illegal(castling_problem(pos, &legal, king_side)));
    }
    let patterns = read_patterns::<G>(&cleaned).map_err(|e| match e {
        ReadError::Unreadable(problem) => unreadable(problem),
        ReadError::Illegal(reason) => illegal(reason),
    })?;
    let mut reasons = Vec::new();
    for pattern in &patterns {
        let core: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| pattern.core_matches(pos, m))
            .collect();
        let fitting: Vec<Move> = core
            .iter()
            .copied()
            .filter(|&m| pattern.problem(pos, m).is_none())
            .collect();
        match fitting.as_slice() {
            [m] => return Ok(*m),
            [] => {
                if let Some(m) = castling_onto_rook(pos, &legal, pattern) {
                    return Ok(m);
                }
                reasons.push(explain(pos, &legal, pattern, &core));
            }
            several => {
                let reason = ambiguity(pos, shown, pattern, several);
                return Err(match promotion_choices(several) {
                    Some((from, to, choices)) => MoveError::PromotionRequired {
                        text: shown.to_string(),
                        from,
                        to,
                        choices,
                        reason,
                    },
                    None => illegal(reason),
                });
            }
        }
    }
    let reason = match reasons.as_slice() {
        [first, second, ..] => format!("{first}; read as a bishop move: {second}"),
        [only] => only.clone(),
        [] => "it matches no legal move".to_string(),
    };
    Err(illegal(reason))
}

/// The squares and pieces of `moves` when they are the promotions of one
/// pawn to one square (the text said all but the piece).
fn promotion_choices(moves: &[Move]) -> Option<(Square, Square, Vec<Role>)> {
    let first = moves.first()?;
    let choices: Option<Vec<Role>> = moves
        .iter()
        .map(|m| {
            m.promotion()
                .filter(|_| m.from == first.from && m.to == first.to)
        })
        .collect();
    Some((first.from, first.to, choices?))
}

/// Removes white space, annotations (`+ # ! ?`, `e.p.`) and a leading move
/// number, and maps a few Unicode forms (`×`, dashes, figurines) to ASCII.
/// Anything else outside ASCII is an error.
fn clean(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_whitespace() {
            continue;
        }
        let mapped = match c {
            '×' => 'x',
            '‐' | '‑' | '‒' | '–' | '—' | '−' => '-',
            '…' => {
                out.push_str("...");
                continue;
            }
            '♔' | '♚' => 'K',
            '♕' | '♛' => 'Q',
            '♖' | '♜' => 'R',
            '♗' | '♝' => 'B',
            '♘' | '♞' => 'N',
            '♙' | '♟' => 'P',
            other => other,
        };
        if !mapped.is_ascii() {
            return Err(format!("unexpected character `{c}`"));
        }
        out.push(mapped);
    }
    // A leading move number: `12.`, `12...`.
    let digits = out.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && out.as_bytes().get(digits) == Some(&b'.') {
        out = out
            .get(digits..)
            .unwrap_or_default()
            .trim_start_matches('.')
            .to_string();
    } else if out.starts_with("...") {
        out = out.trim_start_matches('.').to_string();
    }
    loop {
        let before = out.len();
        while out.ends_with(['+', '#', '!', '?']) {
            out.pop();
        }
        for suffix in ["e.p.", "e.p", "ep"] {
            if let Some(stripped) = out.strip_suffix(suffix) {
                if stripped.ends_with(|c: char| c.is_ascii_digit()) {
                    out.truncate(stripped.len());
                    break;
                }
            }
        }
        if out.len() == before {
            return Ok(out);
        }
    }
}

/// `Some(true)` for king-side castling (`O-O`, `0-0`, `OO`), `Some(false)`
/// for queen side.
fn castling_side(text: &str) -> Option<bool> {
    let normal: String = text
        .chars()
        .map(|c| {
            if c == '0' {
                'O'
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    match normal.as_str() {
        "O-O" | "OO" => Some(true),
        "O-O-O" | "OOO" => Some(false),
        _ => None,
    }
}

/// What reading the text into patterns found wrong.
enum ReadError {
    /// The text is no move in any notation.
    Unreadable(String),
    /// The text is a move no rule allows (a pawn becoming a king).
    Illegal(String),
}

/// Reads the text (cleaned, ASCII, not castling) into one pattern, or two
/// when a lowercase `b` may be the b-file or a bishop (the pawn reading
/// comes first).
fn read_patterns<G: Geometry>(text: &str) -> Result<Vec<Pattern>, ReadError> {
    let unreadable = |problem: &str| ReadError::Unreadable(problem.to_string());
    let mut rest = text.as_bytes();
    let mut dethrone = false;
    if let [head @ .., b'^'] = rest {
        rest = head;
        dethrone = true;
    }
    let mut promotion_letter = None;
    match rest {
        [head @ .., b'(', letter, b')'] if letter.is_ascii_alphabetic() => {
            promotion_letter = Some(*letter);
            rest = head;
        }
        [.., b')'] | [.., b'('] => {
            return Err(unreadable(
                "expected a promotion piece in brackets such as e8(Q)",
            ))
        }
        [head @ .., letter] if letter.is_ascii_alphabetic() => {
            match head {
                [before @ .., b'=' | b'/'] => rest = before,
                [.., digit] if digit.is_ascii_digit() => rest = head,
                _ => {
                    return Err(unreadable(
                        "expected the move to end with its target square, as in Nf3, e4 or e2e4",
                    ))
                }
            }
            promotion_letter = Some(*letter);
        }
        [.., b'=' | b'/'] => {
            return Err(unreadable(
                "`=` must be followed by the piece the pawn becomes (Q, R, B or N)",
            ))
        }
        _ => {}
    }
    if let [.., b'^'] = rest {
        return Err(unreadable(
            "`^` (a dethronement) comes last, after the target square, as in e10^",
        ));
    }
    let promotion = match promotion_letter {
        None => None,
        Some(letter) => match Role::from_char(char::from(letter)) {
            Some(Role::King) | Some(Role::Pawn) => {
                return Err(ReadError::Illegal(format!(
                    "a pawn cannot become a {}; it can become a queen, rook, bishop or knight",
                    Role::from_char(char::from(letter)).map_or("king", Role::name)
                )))
            }
            Some(role) => Some(role),
            None => {
                return Err(ReadError::Unreadable(format!(
                    "`{}` is not a piece a pawn can become (Q, R, B or N)",
                    char::from(letter)
                )))
            }
        },
    };
    let digits = rest.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    let Some(file_at) = rest.len().checked_sub(digits + 1) else {
        return Err(unreadable(if digits == 0 {
            "expected a move such as e4, Nf3, exd5, e8=Q, O-O or e2e4"
        } else {
            "the target square needs its file letter, as in f3"
        }));
    };
    if digits == 0 {
        return Err(unreadable(
            "expected the move to end with its target square, as in Nf3, e4 or e2e4",
        ));
    }
    let (prefix, square) = rest.split_at(file_at);
    let square_text = String::from_utf8_lossy(square).to_ascii_lowercase();
    let to = match square.first() {
        Some(c) if c.is_ascii_alphabetic() => G::parse_square(&square_text).ok_or_else(|| {
            ReadError::Unreadable(format!(
                "`{square_text}` is not a square of this board (a1 to {})",
                G::square_name(Square(G::square_count().saturating_sub(1)))
            ))
        })?,
        _ => {
            return Err(unreadable(
                "the target square needs its file letter, as in f3",
            ))
        }
    };
    let (prefix, separator) = match prefix {
        [head @ .., b'x' | b'X' | b':'] => (head, Separator::Capture),
        [head @ .., b'-'] => (head, Separator::Dash),
        [head @ .., b'~'] => (head, Separator::Tilde),
        _ => (prefix, Separator::None),
    };
    let pattern = |mover: Option<Role>, origin: &[u8]| -> Option<Pattern> {
        let (from_file, from_rank) = read_origin::<G>(origin)?;
        let mover = match mover {
            Some(Role::Pawn) => Mover::Pawn,
            Some(role) => Mover::Piece(role),
            None if from_file.is_some() && from_rank.is_some() => Mover::Any,
            None => Mover::Pawn,
        };
        Some(Pattern {
            mover,
            from_file,
            from_rank,
            separator,
            to,
            promotion,
            dethrone,
        })
    };
    let mut patterns = Vec::new();
    match prefix.split_first() {
        None => patterns.extend(pattern(None, prefix)),
        Some((&first, after)) => {
            let role = Role::from_char(char::from(first));
            let is_file = first.is_ascii_lowercase() && first - b'a' < G::WIDTH;
            match role {
                Some(role) if first.is_ascii_uppercase() || !is_file => {
                    patterns.extend(pattern(Some(role), after));
                }
                Some(role) => {
                    let square_first = pattern(None, prefix);
                    // A text that starts with a whole square (`b3b5`,
                    // `b3-b5`) is a move from that square: reading it as a
                    // bishop's would play another piece than the one named.
                    let whole_square = square_first.is_some_and(|p| p.full_origin());
                    patterns.extend(square_first);
                    if !whole_square {
                        patterns.extend(pattern(Some(role), after));
                    }
                }
                None => patterns.extend(pattern(None, prefix)),
            }
        }
    }
    if patterns.is_empty() {
        return Err(ReadError::Unreadable(format!(
            "`{}` before the target square is not a piece letter (K, Q, R, B, N), a file, a rank or a square of this board",
            String::from_utf8_lossy(prefix)
        )));
    }
    Ok(patterns)
}

/// Reads an optional file and an optional rank (`g`, `1`, `g1`, or nothing).
fn read_origin<G: Geometry>(bytes: &[u8]) -> Option<(Option<u8>, Option<u8>)> {
    let (file, rest) = match bytes.split_first() {
        Some((&c, rest)) if c.is_ascii_alphabetic() => {
            let file = c.to_ascii_lowercase() - b'a';
            if file >= G::WIDTH {
                return None;
            }
            (Some(file), rest)
        }
        _ => (None, bytes),
    };
    if rest.is_empty() {
        return Some((file, None));
    }
    if rest.len() > 2 || rest.first() == Some(&b'0') || !rest.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let rank = rest.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
    (1..=G::HEIGHT)
        .contains(&rank)
        .then(|| (file, Some(rank - 1)))
}

/// Castling written as the king taking its own rook (`e1h1`, `Ke1xh1`).
fn castling_onto_rook<G: Geometry>(
    pos: &Position<G>,
    legal: &[Move],
    pattern: &Pattern,
) -> Option<Move> {
    let (Some(file), Some(rank)) = (pattern.from_file, pattern.from_rank) else {
        return None;
    };
    let from = Square::from_coords(file, rank, G::WIDTH);
    let ours = |sq: Square, role: Role| {
        pos.piece_at(sq)
            .is_some_and(|p| p.color == pos.turn() && p.role == role)
    };
    if !matches!(pattern.mover, Mover::Any | Mover::Piece(Role::King))
        || !ours(from, Role::King)
        || !ours(pattern.to, Role::Rook)
        || pattern.promotion.is_some()
        || pattern.dethrone
    {
        return None;
    }
    legal.iter().copied().find(|&m| {
        m.kind == MoveKind::Castle
            && m.from == from
            && m.to.rank(G::WIDTH) == pattern.to.rank(G::WIDTH)
            && is_king_side(m) == (pattern.to.0 > from.0)
    })
}

/// Splits coordinate notation into from, to and promotion role.
pub(crate) fn parse_coordinates(
    text: &str,
    width: u8,
    height: u8,
) -> Result<(Square, Square, Option<Role>), MoveError> {
    let unreadable = |problem: &str| MoveError::Unreadable {
        text: text.to_string(),
        problem: problem.to_string(),
    };
    if !text.is_ascii() || text.len() < 4 {
        return Err(unreadable("expected two squares such as e2e4"));
    }
    let bytes = text.as_bytes();
    // The second square starts at the second letter.
    let split = bytes
        .iter()
        .skip(1)
        .position(u8::is_ascii_alphabetic)
        .map(|i| i + 1)
        .ok_or_else(|| unreadable("expected two squares such as e2e4"))?;
    let from = Square::parse(&text[..split], width, height).ok_or_else(|| {
        unreadable(&format!(
            "`{}` is not a square on this board",
            &text[..split]
        ))
    })?;
    let rest = &text[split..];
    let digits_end = rest
        .bytes()
        .skip(1)
        .position(|b| !b.is_ascii_digit())
        .map_or(rest.len(), |i| i + 1);
    let to = Square::parse(&rest[..digits_end], width, height).ok_or_else(|| {
        unreadable(&format!(
            "`{}` is not a square on this board",
            &rest[..digits_end]
        ))
    })?;
    let promotion = match &rest[digits_end..] {
        "" => None,
        p if p.len() == 1 => match p.chars().next().and_then(Role::from_char) {
            Some(role) if role != Role::Pawn && role != Role::King => Some(role),
            _ => return Err(unreadable("the promotion letter must be q, r, b or n")),
        },
        _ => return Err(unreadable("unexpected characters after the squares")),
    };
    Ok((from, to, promotion))
}
