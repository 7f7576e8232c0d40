//! Move notation: coordinates (UCI), standard algebraic notation (SAN) and
//! the long algebraic notation of published Norochess games, with the special
//! moves of Ram and Frontal chess, and one forgiving parser that reads them
//! all (see `docs/notation.md`).
//!
//! | move | SAN | long | UCI |
//! |---|---|---|---|
//! | knight move | `Nf3` | `Ng1-f3` | `g1f3` |
//! | capture | `Nxd4`, `exd5` | `Nc6xd4`, `e4xd5` | `c6d4` |
//! | promotion | `e8=Q` | `e7-e8=Q` | `e7e8q` |
//! | castling | `O-O`, `O-O-O` | `O-O`, `O-O-O` | `e1g1`, `e1c1` |
//! | ram (Ram chess) | `exe5` | `e4xe5` | `e4e5` |
//! | swap (Frontal) | `e~e5` | `e4~e5` | `e4e5` |
//! | dethronement (Frontal) | `e10^`, `dxe10^` | `e9-e10^`, `d9xe10^` | `e9e10` |
//! | oblique step (Improved, Crab) | `eg6` | `e5-g6` | `e5g6` |
//!
//! In games with a royal king SAN and long moves end in `+` (check) or `#`
//! (checkmate); the Norochess family has no check and never marks it.

use crate::bitboard::Bitboard;
use crate::error::MoveError;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Color, Role, Square};
use crate::variant::{OpeningRule, PromotionRule};

/// The notations moves are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic notation: `Nf3`, `exd6`, `e8=Q`, `O-O`.
    San,
    /// Long algebraic notation: `Ng1-f3`, `Nc6xd4`, `e7-e8=Q`, `O-O`.
    Long,
    /// Coordinates as in the UCI protocol: `g1f3`, `e7e8q`, `e1g1`.
    Uci,
}

impl Notation {
    /// All notations.
    pub const ALL: [Notation; 3] = [Notation::San, Notation::Long, Notation::Uci];

    /// The short id (`san`, `long`, `uci`).
    pub const fn id(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Long => "long",
            Notation::Uci => "uci",
        }
    }

    /// Parses a short id.
    pub fn parse(id: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.id() == id)
    }
}

/// Writes the legal move `m` of `pos` in `notation`.
pub fn write_move<G: Geometry>(pos: &Position<G>, m: Move, notation: Notation) -> String {
    match notation {
        Notation::San => to_san(pos, m),
        Notation::Long => to_long(pos, m),
        Notation::Uci => to_uci(pos, m),
    }
}

/// The legal move `m` of `pos` in coordinates: `e2e4`, `e7e8q`, `a9a10`;
/// castling as the king's move `e1g1`; rams, swaps and dethronements as plain
/// square pairs (`e4e5`, `e9e10`).
pub fn to_uci<G: Geometry>(_pos: &Position<G>, m: Move) -> String {
    m.uci(G::WIDTH)
}

/// The legal move `m` of `pos` in SAN: `Nf3`, `Nbd2`, `exd6`, `e8=Q`,
/// `O-O`, `exe5` (ram), `e~e5` (swap), `e10^` (dethronement), `eg6`
/// (oblique step), with `+` or `#` in games with a royal king.
pub fn to_san<G: Geometry>(pos: &Position<G>, m: Move) -> String {
    let legal = pos.legal_moves();
    let mut text = san_body(pos, m, &legal);
    text.push_str(check_mark(pos, m));
    text
}

/// The legal move `m` of `pos` in long algebraic notation: `Ng1-f3`,
/// `Nc6xd4`, `d2-d4`, `e7-e8=Q`, `O-O`, `e4xe5` (ram), `e4~e5` (swap),
/// `e9-e10^` (dethronement), with `+` or `#` in games with a royal king.
pub fn to_long<G: Geometry>(pos: &Position<G>, m: Move) -> String {
    let mut text = long_body(pos, m);
    text.push_str(check_mark(pos, m));
    text
}

/// Finds the legal move of `pos` written as `text` in any notation: SAN,
/// long algebraic or coordinates, including the special forms of Ram and
/// Frontal chess, and common sloppy input (missing `x`, any `+ # ! ?`
/// annotations, `0-0`, lowercase piece letters, promotion without `=`,
/// `-` or `x` between squares, a leading move number).
///
/// Unreadable text gives [`MoveError::Unreadable`]; a readable move that is
/// not legal (or not a single legal move) gives [`MoveError::Illegal`] with a
/// reason a player can act on: which pieces can go where, the candidates of
/// an ambiguous move, the choices of a promotion.
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
            several => return Err(illegal(ambiguity(pos, shown, pattern, several))),
        }
    }
    let reason = match reasons.as_slice() {
        [first, second, ..] => format!("{first}; read as a bishop move: {second}"),
        [only] => only.clone(),
        [] => "it matches no legal move".to_string(),
    };
    Err(illegal(reason))
}

// ---------------------------------------------------------------------------
// Printing

fn file_char(file: u8) -> char {
    char::from(b'a'.saturating_add(file))
}

fn is_king_side(m: Move) -> bool {
    m.to.0 > m.from.0
}

fn castle_text(m: Move) -> &'static str {
    if is_king_side(m) {
        "O-O"
    } else {
        "O-O-O"
    }
}

/// Whether `m` takes something (for `x`): en passant, a ram, or a move onto
/// an enemy piece.
fn captures<G: Geometry>(pos: &Position<G>, m: Move) -> bool {
    match m.kind {
        MoveKind::EnPassant | MoveKind::Ram => true,
        MoveKind::Castle | MoveKind::Swap => false,
        _ => pos.piece_at(m.to).is_some_and(|p| p.color != pos.turn()),
    }
}

/// `=Q` for a promotion, `^` for a dethronement, else nothing.
fn ending(m: Move) -> String {
    match m.kind {
        MoveKind::Promotion(role) => format!("={}", role.upper_char()),
        MoveKind::Dethrone => "^".to_string(),
        _ => String::new(),
    }
}

/// `+` or `#` after `m` in games with a royal king.
fn check_mark<G: Geometry>(pos: &Position<G>, m: Move) -> &'static str {
    if !pos.rules().royal_king {
        return "";
    }
    let mut after = *pos;
    after.play_unchecked(m);
    if !after.is_check() {
        ""
    } else if after.legal_moves().is_empty() {
        "#"
    } else {
        "+"
    }
}

/// SAN without the check mark; `legal` are the legal moves of `pos`.
fn san_body<G: Geometry>(pos: &Position<G>, m: Move, legal: &[Move]) -> String {
    if m.kind == MoveKind::Castle {
        return castle_text(m).to_string();
    }
    let role = pos.role_at(m.from).unwrap_or(Role::Pawn);
    let to = G::square_name(m.to);
    let from_file = m.from.file(G::WIDTH);
    let mut text = String::new();
    if role == Role::Pawn {
        let file = file_char(from_file);
        if m.kind == MoveKind::Swap {
            text.push(file);
            text.push('~');
        } else if captures(pos, m) {
            text.push(file);
            text.push('x');
        } else if from_file != m.to.file(G::WIDTH) {
            // The oblique step of Improved and Crab chess.
            text.push(file);
        }
    } else {
        text.push(role.upper_char());
        let rivals: Vec<Square> = legal
            .iter()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && o.kind != MoveKind::Castle
                    && pos.role_at(o.from) == Some(role)
            })
            .map(|o| o.from)
            .collect();
        if !rivals.is_empty() {
            let rank = m.from.rank(G::WIDTH);
            if rivals.iter().all(|r| r.file(G::WIDTH) != from_file) {
                text.push(file_char(from_file));
            } else if rivals.iter().all(|r| r.rank(G::WIDTH) != rank) {
                text.push_str(&(u32::from(rank) + 1).to_string());
            } else {
                text.push_str(&G::square_name(m.from));
            }
        }
        if captures(pos, m) {
            text.push('x');
        }
    }
    text.push_str(&to);
    text.push_str(&ending(m));
    text
}

/// Long algebraic notation without the check mark.
fn long_body<G: Geometry>(pos: &Position<G>, m: Move) -> String {
    if m.kind == MoveKind::Castle {
        return castle_text(m).to_string();
    }
    let mut text = String::new();
    match pos.role_at(m.from) {
        Some(Role::Pawn) | None => {}
        Some(role) => text.push(role.upper_char()),
    }
    text.push_str(&G::square_name(m.from));
    text.push(if m.kind == MoveKind::Swap {
        '~'
    } else if captures(pos, m) {
        'x'
    } else {
        '-'
    });
    text.push_str(&G::square_name(m.to));
    text.push_str(&ending(m));
    text
}

// ---------------------------------------------------------------------------
// Reading

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

/// Who may make the move a pattern describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mover {
    /// A pawn (no piece letter, or `P`).
    Pawn,
    /// A piece of this role (its letter was given).
    Piece(Role),
    /// Whatever stands on the starting square (coordinates without a letter).
    Any,
}

/// What stood between the starting part and the target square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Separator {
    None,
    /// `x` or `:`.
    Capture,
    /// `-`.
    Dash,
    /// `~`, a frontal swap.
    Tilde,
}

/// A move as read from text, before it is matched with the legal moves.
#[derive(Clone, Copy, Debug)]
struct Pattern {
    mover: Mover,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    separator: Separator,
    to: Square,
    promotion: Option<Role>,
    dethrone: bool,
}

/// Why a move that goes where a pattern says still does not fit it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mismatch {
    /// A promotion letter on a move that does not promote to that piece.
    Promotion,
    /// `^` on a move that is not a dethronement.
    Dethrone,
    /// `x` on a move that takes nothing.
    NothingTaken,
    /// `~` on a move that is not a swap.
    NotSwap,
    /// A pawn move without a file and without `x`, which must be a step
    /// straight ahead.
    NotStep,
}

enum ReadError {
    Unreadable(String),
    Illegal(String),
}

impl Pattern {
    fn full_origin(&self) -> bool {
        self.from_file.is_some() && self.from_rank.is_some()
    }

    /// The notation the text was written in, for suggestions.
    fn notation(&self) -> Notation {
        match (self.full_origin(), self.mover, self.separator) {
            (false, _, _) => Notation::San,
            (true, Mover::Any, Separator::None) => Notation::Uci,
            _ => Notation::Long,
        }
    }

    /// Whether `m` is made by the right piece from the right place to the
    /// right square.
    fn core_matches<G: Geometry>(&self, pos: &Position<G>, m: Move) -> bool {
        m.to == self.to
            && self.from_file.is_none_or(|f| m.from.file(G::WIDTH) == f)
            && self.from_rank.is_none_or(|r| m.from.rank(G::WIDTH) == r)
            && match self.mover {
                Mover::Pawn => pos.role_at(m.from) == Some(Role::Pawn),
                Mover::Piece(role) => pos.role_at(m.from) == Some(role),
                Mover::Any => true,
            }
    }

    /// What in the pattern does not fit `m`, beyond where it goes.
    fn problem<G: Geometry>(&self, pos: &Position<G>, m: Move) -> Option<Mismatch> {
        if let Some(role) = self.promotion {
            if m.kind != MoveKind::Promotion(role) {
                return Some(Mismatch::Promotion);
            }
        }
        if self.dethrone && m.kind != MoveKind::Dethrone {
            return Some(Mismatch::Dethrone);
        }
        match self.separator {
            Separator::Capture if !captures(pos, m) => return Some(Mismatch::NothingTaken),
            Separator::Tilde if m.kind != MoveKind::Swap => return Some(Mismatch::NotSwap),
            _ => {}
        }
        let straight = m.from.file(G::WIDTH) == m.to.file(G::WIDTH)
            && !matches!(m.kind, MoveKind::Ram | MoveKind::Swap);
        if self.mover == Mover::Pawn
            && self.from_file.is_none()
            && matches!(self.separator, Separator::None | Separator::Dash)
            && !straight
        {
            return Some(Mismatch::NotStep);
        }
        None
    }
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

// ---------------------------------------------------------------------------
// Explaining

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
fn ambiguity<G: Geometry>(
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
fn explain<G: Geometry>(
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
fn castling_problem<G: Geometry>(pos: &Position<G>, legal: &[Move], king_side: bool) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::any::AnyPosition;
    use crate::variant::Variant;

    fn position(variant: Variant, text: &str) -> AnyPosition {
        match AnyPosition::from_text(variant, text) {
            Ok(p) => p,
            Err(e) => panic!("{text}: {e}"),
        }
    }

    /// The one legal move written `uci` in coordinates.
    fn uci_move(pos: &AnyPosition, uci: &str) -> Move {
        match pos.parse_uci(uci) {
            Ok(m) => m,
            Err(e) => panic!("{uci}: {e} in {}", pos.to_text()),
        }
    }

    /// Asserts the three forms of the move `uci` and that each reads back.
    fn forms(pos: &AnyPosition, uci: &str, san: &str, long: &str) {
        let m = uci_move(pos, uci);
        assert_eq!(pos.to_san(m), san, "SAN of {uci}");
        assert_eq!(pos.to_long(m), long, "long form of {uci}");
        assert_eq!(m.uci(pos.width()), uci);
        for text in [san, long, uci] {
            assert_eq!(pos.parse_move(text), Ok(m), "reading {text}");
        }
    }

    /// Asserts that every text reads as the move `uci`.
    fn reads(pos: &AnyPosition, uci: &str, texts: &[&str]) {
        let m = uci_move(pos, uci);
        for text in texts {
            assert_eq!(pos.parse_move(text), Ok(m), "reading {text}");
        }
    }

    /// The error message for `text`, which must not be read.
    fn error(pos: &AnyPosition, text: &str) -> String {
        match pos.parse_move(text) {
            Ok(m) => panic!("{text} was read as {}", m.uci(pos.width())),
            Err(e) => e.to_string(),
        }
    }

    fn assert_error(pos: &AnyPosition, text: &str, expected: &[&str]) {
        let message = error(pos, text);
        for part in expected {
            assert!(
                message.contains(part),
                "{text}: got `{message}`, expected it to mention `{part}`"
            );
        }
    }

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
    }

    /// What the random games met, so that the test knows it covered the
    /// special moves.
    #[derive(Default)]
    struct Seen {
        kinds: Vec<&'static str>,
        positions: usize,
        moves: usize,
    }

    impl Seen {
        fn note(&mut self, what: &'static str) {
            if !self.kinds.contains(&what) {
                self.kinds.push(what);
            }
        }
    }

    fn kind_name(kind: MoveKind) -> &'static str {
        match kind {
            MoveKind::Normal => "normal",
            MoveKind::DoubleStep => "double step",
            MoveKind::EnPassant => "en passant",
            MoveKind::Promotion(_) => "promotion",
            MoveKind::Castle => "castle",
            MoveKind::Ram => "ram",
            MoveKind::Swap => "swap",
            MoveKind::Dethrone => "dethrone",
        }
    }

    /// Plays random games from `start`; at every position every legal move
    /// must print in each notation, differently from the other moves, and
    /// read back as itself.
    fn round_trip_games<G: Geometry>(
        start: Position<G>,
        rng: &mut Rng,
        games: usize,
        plies: usize,
        seen: &mut Seen,
    ) {
        for _ in 0..games {
            let mut pos = start;
            for _ in 0..plies {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    seen.note(if pos.is_check() {
                        "checkmate"
                    } else {
                        "no moves"
                    });
                    break;
                }
                seen.positions += 1;
                for notation in Notation::ALL {
                    let mut texts: Vec<String> = Vec::with_capacity(legal.len());
                    for &m in &legal {
                        let text = write_move(&pos, m, notation);
                        assert_eq!(
                            parse_move(&pos, &text),
                            Ok(m),
                            "{} `{text}` in {} ({})",
                            notation.id(),
                            pos.to_text(),
                            pos.rules().variant
                        );
                        assert!(
                            !texts.contains(&text),
                            "two moves print as {text} in {}",
                            pos.to_text()
                        );
                        if notation == Notation::San {
                            seen.note(kind_name(m.kind));
                            let pawn = pos.role_at(m.from) == Some(Role::Pawn);
                            if pawn
                                && matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(_))
                                && m.from.file(G::WIDTH) != m.to.file(G::WIDTH)
                                && pos.piece_at(m.to).is_none()
                            {
                                seen.note("oblique");
                            }
                            if text.len() > 2
                                && text.as_bytes()[1..]
                                    .iter()
                                    .all(|b| b.is_ascii_alphanumeric())
                                && text.as_bytes()[1].is_ascii_digit()
                                && !pawn
                            {
                                seen.note("rank disambiguation");
                            }
                            if text.ends_with('#') {
                                seen.note("#");
                            } else if text.ends_with('+') {
                                seen.note("+");
                            }
                            if !pos.rules().royal_king {
                                assert!(!text.ends_with(['+', '#']), "{text}");
                            }
                        }
                        texts.push(text);
                    }
                }
                seen.moves += legal.len();
                // Prefer the rare moves now and then, so that the games
                // meet them.
                let special: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| {
                        let oblique = pos.role_at(m.from) == Some(Role::Pawn)
                            && m.from.file(G::WIDTH) != m.to.file(G::WIDTH)
                            && pos.piece_at(m.to).is_none();
                        oblique || !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
                    })
                    .collect();
                let m = if !special.is_empty() && rng.below(2) == 0 {
                    special[rng.below(special.len())]
                } else {
                    legal[rng.below(legal.len())]
                };
                pos.play_unchecked(m);
            }
        }
    }

    #[test]
    fn every_legal_move_round_trips_in_random_games_of_every_variant() {
        let mut variants = Variant::all();
        variants.push(Variant::Plain10);
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut seen_by_variant = Vec::new();
        for variant in variants {
            let starts: &[Option<u16>] = if variant == Variant::Norochess960 {
                &[Some(0), Some(518), Some(959)]
            } else {
                &[None]
            };
            let mut seen = Seen::default();
            for &start in starts {
                let games = if variant == Variant::Norochess960 {
                    4
                } else {
                    12
                };
                match AnyPosition::start(variant, start) {
                    Ok(AnyPosition::Eight(p)) => {
                        round_trip_games(p, &mut rng, games, 120, &mut seen)
                    }
                    Ok(AnyPosition::Ten(p)) => round_trip_games(p, &mut rng, games, 160, &mut seen),
                    Err(e) => panic!("{variant}: {e}"),
                }
            }
            seen_by_variant.push((variant, seen));
        }
        for (variant, seen) in &seen_by_variant {
            eprintln!(
                "{variant}: {} positions, {} moves, met {:?}",
                seen.positions, seen.moves, seen.kinds
            );
            let mut expected = vec!["normal", "double step", "promotion"];
            match variant {
                Variant::Ram => expected.extend(["ram", "+"]),
                Variant::Frontal => expected.extend(["swap", "dethrone", "+"]),
                Variant::Chess => expected.extend(["castle", "en passant", "+", "#"]),
                Variant::Crab | Variant::Improved { .. } => {
                    expected.extend(["castle", "en passant", "+", "oblique"])
                }
                Variant::Norochess | Variant::Norochess960 => expected.push("en passant"),
                Variant::Plain10 => expected.push("+"),
            }
            for kind in expected {
                assert!(seen.kinds.contains(&kind), "{variant}: no {kind} met");
            }
        }
    }

    const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn ordinary_moves_in_all_three_notations() {
        let pos = position(Variant::Chess, CHESS_START);
        forms(&pos, "g1f3", "Nf3", "Ng1-f3");
        forms(&pos, "e2e4", "e4", "e2-e4");
        forms(&pos, "e2e3", "e3", "e2-e3");
        let pos = position(
            Variant::Chess,
            "r1bqkbnr/pppp1ppp/8/4p3/3nP3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4",
        );
        forms(&pos, "f3d4", "Nxd4", "Nf3xd4");
        forms(&pos, "f3e5", "Nxe5", "Nf3xe5");
        let pos = position(
            Variant::Chess,
            "r1bqkbnr/pppp1ppp/8/4p3/3nP3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 4",
        );
        let _ = pos;
        let pos = position(
            Variant::Chess,
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
        );
        forms(&pos, "e4d5", "exd5", "e4xd5");
        // On 10×10 the ranks go to 10.
        let pos = position(
            Variant::Plain10,
            "5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1",
        );
        forms(&pos, "a9a10q", "a10=Q+", "a9-a10=Q+");
        forms(&pos, "a9a10n", "a10=N", "a9-a10=N");
    }

    #[test]
    fn en_passant_castling_and_promotion() {
        let pos = position(Variant::Chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        forms(&pos, "e5d6", "exd6", "e5xd6");
        reads(
            &pos,
            "e5d6",
            &["exd6e.p.", "exd6 e.p.", "exd6ep", "ed6", "e5-d6", "exd6+"],
        );
        let pos = position(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        forms(&pos, "e1g1", "O-O", "O-O");
        forms(&pos, "e1c1", "O-O-O", "O-O-O");
        reads(
            &pos,
            "e1g1",
            &["0-0", "o-o", "OO", "O-O+", "Ke1-g1", "e1h1", "Kg1"],
        );
        reads(&pos, "e1c1", &["0-0-0", "O-O-O!", "e1a1", "Kc1"]);
        let black = position(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        reads(&black, "e8g8", &["O-O", "e8g8", "0-0"]);
        reads(&black, "e8c8", &["O-O-O", "e8c8"]);
        let pos = position(Variant::Chess, "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        forms(&pos, "e7e8q", "e8=Q", "e7-e8=Q");
        forms(&pos, "e7e8n", "e8=N", "e7-e8=N");
        forms(&pos, "e7d8r", "exd8=R", "e7xd8=R");
        reads(
            &pos,
            "e7e8q",
            &[
                "e8Q", "e8q", "e8=q", "e8(Q)", "e8/Q", "e7e8Q", "e7-e8q", "Pe8=Q",
            ],
        );
        reads(
            &pos,
            "e7d8b",
            &["exd8=B", "exd8b", "ed8B", "e7xd8b", "e7d8b"],
        );
    }

    #[test]
    fn ram_swap_dethronement_and_resurrection() {
        // Ram chess: e4 rams e5 (the black pawn on d4 stands beside it).
        let pos = position(Variant::Ram, "5k4/10/10/10/10/4p5/3pP5/10/10/5K4 w - - 0 1");
        forms(&pos, "e4e5", "exe5", "e4xe5");
        reads(&pos, "e4e5", &["ee5", "e4-e5", "Pe4xe5"]);
        assert_error(&pos, "e5", &["no pawn can step to e5; did you mean exe5?"]);
        // Frontal chess: the facing pawns swap.
        let pos = position(
            Variant::Frontal,
            "5k4/10/10/10/10/4p5/4P5/10/10/5K4 w - - 0 1",
        );
        forms(&pos, "e4e5", "e~e5", "e4~e5");
        reads(&pos, "e4e5", &["~e5", "e4-e5"]);
        assert_error(&pos, "e5", &["did you mean e~e5?"]);
        assert_error(&pos, "exe5", &["a swap takes nothing; write e~e5"]);
        assert_error(&pos, "e4xe5", &["a swap takes nothing; write e4~e5"]);
        // Frontal chess, both queens on the board: the pawn dethrones.
        let pos = position(
            Variant::Frontal,
            "4r4k/3P6/10/10/10/q9/10/10/10/1Q7K w - - 0 1",
        );
        forms(&pos, "d9d10", "d10^", "d9-d10^");
        forms(&pos, "d9e10", "dxe10^", "d9xe10^");
        reads(&pos, "d9d10", &["d10", "d9d10", "d10^+"]);
        reads(&pos, "d9e10", &["dxe10", "de10", "d9-e10"]);
        assert_error(
            &pos,
            "d10=Q",
            &[
                "both queens are on the board",
                "dethrones the black queen",
                "d10^",
            ],
        );
        assert_error(&pos, "d9d10q", &["d9d10"]);
        // The white queen is lost: a resurrection instead.
        let pos = position(
            Variant::Frontal,
            "10/4P5/9k/10/10/q9/10/10/10/1RNB2BN1K w - - 0 1",
        );
        forms(&pos, "e9e10q", "e10=Q", "e9-e10=Q");
        forms(&pos, "e9e10r", "e10=R", "e9-e10=R");
        assert_error(
            &pos,
            "e10",
            &["say which lost piece the pawn brings back: e10=Q or e10=R"],
        );
        assert_error(&pos, "e9e10", &["e9e10q or e9e10r"]);
        assert_error(
            &pos,
            "e10=N",
            &[
                "cannot become a knight here",
                "White can only bring back a piece it has lost",
                "e10=Q or e10=R",
            ],
        );
        assert_error(
            &pos,
            "e10^",
            &["`^` marks a dethronement", "e10=Q or e10=R"],
        );
        // Ram chess with a single lost piece: nothing to choose.
        let pos = position(
            Variant::Ram,
            "10/4P5/9k/10/10/10/10/10/10/1RNB2BNRK w - - 0 1",
        );
        forms(&pos, "e9e10q", "e10=Q", "e9-e10=Q");
        reads(&pos, "e9e10q", &["e10", "e9e10", "e10q"]);
        // Ram chess with nothing lost: the pawn may not enter the last rank.
        let pos = position(
            Variant::Ram,
            "1rnbqkbnr1/P9/10/10/10/10/10/10/10/1RNBQKBNR1 w - - 0 1",
        );
        assert_error(&pos, "a10", &["no pawn can reach a10", "lost no piece"]);
        assert_error(&pos, "axb10=N", &["lost no piece"]);
        // Ram chess: pawns take pawns only by ramming.
        let pos = position(
            Variant::Ram,
            "5k4/10/10/10/10/3pp5/3pP5/10/10/5K4 w - - 0 1",
        );
        assert_error(&pos, "exd5", &["ramming"]);
        reads(&pos, "e4e5", &["exe5"]);
    }

    #[test]
    fn oblique_steps_of_improved_chess() {
        let variant = Variant::Improved {
            zone: crate::variant::Zone::FarHalf,
            blockage: crate::variant::Blockage::Enemy,
        };
        let pos = position(variant, "4k3/8/4p3/4P3/8/8/8/4K3 w - - 0 1");
        forms(&pos, "e5g6", "eg6", "e5-g6");
        forms(&pos, "e5c6", "ec6", "e5-c6");
        assert_error(&pos, "g6", &["no pawn can step to g6; did you mean eg6?"]);
        let pos = position(Variant::Crab, "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1");
        forms(&pos, "e7g8q", "eg8=Q+", "e7-g8=Q+");
        forms(&pos, "e7d8q", "exd8=Q+", "e7xd8=Q+");
    }

    #[test]
    fn san_disambiguates_by_file_then_rank_then_square() {
        let pos = position(Variant::Chess, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        forms(&pos, "b1d2", "Nbd2", "Nb1-d2");
        forms(&pos, "f1d2", "Nfd2", "Nf1-d2");
        forms(&pos, "f1g3", "Ng3", "Nf1-g3");
        assert_error(&pos, "Nd2", &["Nd2 is ambiguous: Nbd2 or Nfd2"]);
        assert_error(&pos, "N1d2", &["N1d2 is ambiguous: Nbd2 or Nfd2"]);
        reads(&pos, "b1d2", &["Nb1d2", "nbd2", "b1d2"]);
        let pos = position(Variant::Chess, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
        forms(&pos, "a1a3", "R1a3", "Ra1-a3");
        forms(&pos, "a5a3", "R5a3", "Ra5-a3");
        assert_error(&pos, "Ra3", &["Ra3 is ambiguous: R1a3 or R5a3"]);
        assert_error(&pos, "Raa3", &["Raa3 is ambiguous: R1a3 or R5a3"]);
        let pos = position(Variant::Chess, "8/8/3Q4/8/3Q1Q2/8/8/K6k w - - 0 1");
        forms(&pos, "d4e5", "Qd4e5", "Qd4-e5");
        forms(&pos, "f4e5", "Qfe5", "Qf4-e5");
        forms(&pos, "d6e5", "Q6e5", "Qd6-e5");
        assert_error(&pos, "Qe5", &["Qe5 is ambiguous: Qd4e5, Q6e5 or Qfe5"]);
        assert_error(&pos, "Qde5", &["Qde5 is ambiguous: Qd4e5 or Q6e5"]);
        // Pawn captures always name their file; the king needs nothing.
        let pos = position(
            Variant::Norochess,
            "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1 score=0-0",
        );
        forms(&pos, "c4d5", "cxd5", "c4xd5");
        forms(&pos, "e4d5", "exd5", "e4xd5");
        assert_error(&pos, "xd5", &["xd5 is ambiguous: cxd5 or exd5"]);
        // Two queens; no check in Norochess, so Qhh8 has no `+`.
        let pos = position(
            Variant::Norochess,
            "4k3/8/8/8/8/8/4K3/Q6Q w - - 0 1 score=0-0",
        );
        forms(&pos, "a1d1", "Qad1", "Qa1-d1");
        forms(&pos, "h1d1", "Qhd1", "Qh1-d1");
        forms(&pos, "h1h8", "Qhh8", "Qh1-h8");
        forms(&pos, "a1h8", "Qah8", "Qa1-h8");
    }

    #[test]
    fn a_pinned_piece_needs_no_disambiguation() {
        let pos = position(Variant::Chess, "4k3/8/8/4b3/8/2N5/8/K5N1 w - - 0 1");
        forms(&pos, "g1e2", "Ne2", "Ng1-e2");
        assert_error(
            &pos,
            "Nce2",
            &["no knight on the c-file can reach e2; write Ne2"],
        );
        assert_error(&pos, "Nc3e2", &["the knight on c3 cannot move"]);
    }

    #[test]
    fn check_and_mate_marks_only_where_the_king_is_royal() {
        let fools_mate = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
        let pos = position(Variant::Chess, fools_mate);
        forms(&pos, "d8h4", "Qh4#", "Qd8-h4#");
        reads(&pos, "d8h4", &["Qh4", "Qh4+", "Qh4#!!", "Qd8h4"]);
        let pos = position(
            Variant::Norochess,
            &format!("{} score=0-0", fools_mate.replace("KQkq", "-")),
        );
        forms(&pos, "d8h4", "Qh4", "Qd8-h4");
        reads(&pos, "d8h4", &["Qh4#", "Qh4+"]);
        let pos = position(Variant::Chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        forms(&pos, "a1a8", "Ra8+", "Ra1-a8+");
        let pos = position(
            Variant::Norochess,
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 score=0-0",
        );
        forms(&pos, "a1a8", "Ra8", "Ra1-a8");
        // Ram chess is royal: a ram that uncovers a line gives check.
        let pos = position(
            Variant::Ram,
            "4k5/10/10/10/10/4p5/3pP5/10/4R5/5K4 w - - 0 1",
        );
        forms(&pos, "e4e5", "exe5+", "e4xe5+");
    }

    #[test]
    fn sloppy_input() {
        let pos = position(Variant::Chess, CHESS_START);
        reads(
            &pos,
            "g1f3",
            &[
                "nf3", "Nf3", "NF3", "Ngf3", "Ng1f3", "Ng1-f3", "N g1 f3", "g1-f3", "g1f3",
                "1. Nf3", "1.Nf3!?", "Nf3?", "♘f3", "Ng1–f3",
            ],
        );
        reads(
            &pos,
            "e2e4",
            &[
                "e4", "E4", "e2e4", "E2E4", "e2-e4", "Pe4", "pe4", "e4!", " e4 ", "ee4",
            ],
        );
        reads(&pos, "b1c3", &["Nc3", "nc3", "b1c3", "b1-c3"]);
        reads(&pos, "b2b4", &["b4", "b2b4", "bb4"]);
        let pos = position(
            Variant::Chess,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        );
        reads(&pos, "d1h5", &["qh5", "Qh5", "Qd1h5", "Qh5++", "2.Qh5"]);
        reads(&pos, "e1e2", &["ke2", "Ke2", "e1e2", "Ke1-e2"]);
        let black = position(Variant::Chess, &CHESS_START.replace(" w ", " b "));
        reads(&black, "e7e5", &["e5", "1...e5", "1… e5", "e7e5"]);
        // `b` is a file when a pawn can make the move, else a bishop.
        let pos = position(Variant::Chess, "4k3/8/8/8/8/2n5/1P6/4BK2 w - - 0 1");
        reads(&pos, "b2c3", &["bxc3", "bc3", "b2xc3", "b2c3"]);
        reads(&pos, "e1c3", &["Bxc3", "Bc3", "Be1xc3"]);
        let pos = position(Variant::Chess, "4k3/8/8/8/8/2n5/8/4BK2 w - - 0 1");
        reads(&pos, "e1c3", &["bxc3", "bc3", "Bxc3", "b×c3"]);
        let pos = position(Variant::Chess, "4k3/8/8/8/8/8/8/1B2K3 w - - 0 1");
        reads(&pos, "b1d3", &["bd3", "Bd3"]);
    }

    #[test]
    fn a_coordinate_move_is_never_read_as_another_piece_s_move() {
        let mut pos = AnyPosition::start(Variant::Norochess, None).expect("start");
        for uci in ["b2b3", "h7h6", "e2e3", "h6h5", "f1d3", "h5h4"] {
            pos = pos.play(uci_move(&pos, uci)).expect("legal");
        }
        // `b3b5` names the b3 pawn, which cannot go there; the bishop on d3
        // that can reach b5 is not the piece the text names.
        assert_error(
            &pos,
            "b3b5",
            &["the pawn on b3 cannot go to b5; it can play b3b4"],
        );
        assert_error(&pos, "b3-b5", &["the pawn on b3 cannot go to b5"]);
        reads(&pos, "d3b5", &["Bb5", "bb5", "d3b5"]);
    }

    #[test]
    fn helpful_errors() {
        let pos = position(Variant::Chess, CHESS_START);
        assert_error(&pos, "Nf4", &["Nf4 is not a legal move here: no knight can reach f4; knights can go to a3, c3, f3, h3"]);
        assert_error(
            &pos,
            "Nbd2",
            &[
                "no knight on the b-file can reach d2",
                "a white piece stands there",
            ],
        );
        assert_error(&pos, "Ngd2", &["no knight on the g-file can reach d2"]);
        assert_error(
            &pos,
            "Ke2",
            &["no king can reach e2 (a white piece stands there); the king on e1 cannot move"],
        );
        assert_error(
            &pos,
            "Qh5",
            &["no queen can reach h5; the queen on d1 cannot move"],
        );
        assert_error(
            &pos,
            "e5",
            &["no pawn can reach e5; pawn moves: a3, a4, b3"],
        );
        assert_error(&pos, "exd3", &["no pawn on the e-file can reach d3"]);
        assert_error(
            &pos,
            "e2e5",
            &["the pawn on e2 cannot go to e5; it can play e2e3 or e2e4"],
        );
        assert_error(
            &pos,
            "g1g3",
            &["the knight on g1 cannot go to g3; it can go to f3, h3"],
        );
        assert_error(
            &pos,
            "Bg1f3",
            &["the piece on g1 is a knight, not a bishop"],
        );
        assert_error(&pos, "e3e4", &["there is no piece on e3"]);
        assert_error(
            &pos,
            "e7e5",
            &["e7 holds a black pawn, but White is to move"],
        );
        assert_error(&pos, "Nxf3", &["there is nothing to take on f3; write Nf3"]);
        assert_error(
            &pos,
            "e4=Q",
            &["only a pawn reaching the last rank promotes; write e4"],
        );
        assert_error(
            &pos,
            "O-O",
            &["to castle king side the squares between king and rook must be empty"],
        );
        assert_error(&pos, "e4^", &["`^` marks a dethronement"]);
        assert_error(&pos, "e2~e4", &["`~` marks a frontal swap"]);
        let pos = position(Variant::Chess, "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        assert_error(&pos, "O-O", &["White may no longer castle king side"]);
        let pos = position(
            Variant::Norochess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w - - 0 1 score=0-0",
        );
        assert_error(&pos, "O-O", &["Norochess has no castling"]);
        // A pinned knight and a king that would walk into check.
        let pos = position(Variant::Chess, "4k3/4r3/8/8/8/8/r3N3/4K3 w - - 0 1");
        assert_error(&pos, "Nc3", &["no knight can reach c3 without leaving the white king in check; the knight on e2 cannot move"]);
        assert_error(&pos, "Kd2", &["no king can reach d2 (the king would be in check there); the king on e1 can go to d1, f1, f2"]);
        // Promotions need a piece.
        let pos = position(Variant::Chess, "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert_error(
            &pos,
            "e8",
            &["say what the pawn becomes: e8=Q, e8=R, e8=B or e8=N"],
        );
        assert_error(&pos, "e7-e8", &["e7-e8=Q, e7-e8=R, e7-e8=B or e7-e8=N"]);
        assert_error(&pos, "e8=K", &["a pawn cannot become a king"]);
        // Ram chess's first move.
        let pos = match AnyPosition::start(Variant::Ram, None) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        assert_error(
            &pos,
            "Nf3",
            &["White's first move in Ram chess must be a pawn stepping one square"],
        );
        assert_error(&pos, "e4", &["no pawn can reach e4 (White's first move in Ram chess must be a pawn stepping one square"]);
        let pos = match AnyPosition::start(Variant::Frontal, None) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        assert_error(&pos, "e4", &["may not be a double step"]);
        // No moves at all.
        let pos = position(Variant::Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_error(
            &pos,
            "Kg8",
            &["there are no legal moves: Black is stalemated"],
        );
        // Unreadable text.
        let unreadable = [
            ("", "no move given"),
            ("!?", "only annotations"),
            ("hello", "expected the move to end with its target square"),
            ("Zf3", "`Z` before the target square is not a piece letter"),
            ("Nf9", "`f9` is not a square of this board (a1 to h8)"),
            ("Nk3", "`k3` is not a square"),
            ("e8=", "must be followed by the piece"),
            ("e8=X", "`X` is not a piece a pawn can become"),
            ("é4", "unexpected character `é`"),
            ("44", "needs its file letter"),
            ("e2e4e6", "is not a piece letter"),
            ("e10^^", "comes last"),
        ];
        for (text, expected) in unreadable {
            match pos_parse(&position(Variant::Chess, CHESS_START), text) {
                Err(MoveError::Unreadable { problem, .. }) => {
                    assert!(
                        problem.contains(expected),
                        "{text}: got `{problem}`, expected `{expected}`"
                    )
                }
                other => panic!("{text}: expected unreadable, got {other:?}"),
            }
        }
        let ten = position(
            Variant::Plain10,
            "5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1",
        );
        match pos_parse(&ten, "a11") {
            Err(MoveError::Unreadable { problem, .. }) => {
                assert!(problem.contains("(a1 to j10)"), "{problem}")
            }
            other => panic!("{other:?}"),
        }
    }

    fn pos_parse(pos: &AnyPosition, text: &str) -> Result<Move, MoveError> {
        pos.parse_move(text)
    }

    #[test]
    fn never_panics_on_any_input() {
        let positions = [
            position(Variant::Chess, CHESS_START),
            position(Variant::Chess, "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1"),
            position(
                Variant::Frontal,
                "4r4k/3P6/10/10/10/q9/10/10/10/1Q7K w - - 0 1",
            ),
            position(
                Variant::Ram,
                "1rnbqkbnr1/P9/10/10/10/10/10/10/10/1RNBQKBNR1 w - - 0 1",
            ),
            position(Variant::Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        ];
        let alphabet: Vec<char> = "abcdehijkxX0123456789-=~^+#!?()/:.KQRBNPkqrbnpOo é×♘–…\u{0}"
            .chars()
            .collect();
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let len = rng.below(9);
            let text: String = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            for pos in &positions {
                if let Ok(m) = pos.parse_move(&text) {
                    assert!(pos.legal_moves().contains(&m), "{text}");
                }
            }
        }
        let long = "N".repeat(10_000) + "f3";
        for text in [
            long.as_str(),
            "99999999999999999999",
            "a99999999999",
            "O-O-O-O",
            "0-0-0-0-0",
            "(",
            ")",
            "()",
            "e8()",
            "=Q",
            "^",
            "x",
            "xx",
            "1.",
            "...",
            "1...",
            "e.p.",
            "ep",
        ] {
            for pos in &positions {
                let _ = pos.parse_move(text);
            }
        }
    }
}
