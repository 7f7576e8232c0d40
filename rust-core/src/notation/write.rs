//! Writing moves: coordinates (UCI), SAN and long algebraic notation.

use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Role, Square};

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

/// The letter of file `file` (0 = `a`).
pub(super) fn file_char(file: u8) -> char {
    char::from(b'a'.saturating_add(file))
}

/// Whether the castling move `m` goes to the king side.
pub(super) fn is_king_side(m: Move) -> bool {
    m.to.0 > m.from.0
}

/// `O-O` or `O-O-O` for the castling move `m`.
fn castle_text(m: Move) -> &'static str {
    if is_king_side(m) {
        "O-O"
    } else {
        "O-O-O"
    }
}

/// Whether `m` takes something (for `x`): en passant, a ram, or a move onto
/// an enemy piece.
pub(super) fn captures<G: Geometry>(pos: &Position<G>, m: Move) -> bool {
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
