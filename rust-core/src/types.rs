//! The small value types every other module speaks in: colours, piece roles,
//! pieces and squares.

use std::fmt;
use std::ops::Not;

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first, from ranks 1 and 2.
    White = 0,
    /// The side that moves second, from the last two ranks.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: the index used in per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of the side to move (`w` or `b`).
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `White` or `Black`, as shown to players.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// `white` or `black`, for use inside sentences.
    pub const fn lowercase_name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind of a piece, independent of its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King (royal or not, depending on the game).
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may normally promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// Index into per-role arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter used in FEN and UCI (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The uppercase letter used in SAN (`N B R Q K`; `P` for the pawn).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Parses a piece letter in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The English name (`knight`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// Capture points in the Norochess family (Q9 R5 B3 N3 K2 P1).
    #[inline]
    pub const fn capture_points(self) -> u16 {
        match self {
            Role::Pawn => 1,
            Role::Knight => 3,
            Role::Bishop => 3,
            Role::Rook => 5,
            Role::Queen => 9,
            Role::King => 2,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: uppercase for White, lowercase for Black.
    pub const fn fen_char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Parses a FEN piece letter.
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }

    /// Index 0..12 used by hashing tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.role.index()
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.lowercase_name(), self.role.name())
    }
}

/// A square index, `rank * width + file`, valid for the board it belongs to.
///
/// Squares do not know their board's width; use [`crate::Geometry`] (or the
/// helpers on a position) to name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The raw index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square on `file` and `rank` (both from 0) of a board `width` files wide.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8, width: u8) -> Square {
        Square(rank * width + file)
    }

    /// File (0 = a) on a board `width` files wide.
    #[inline]
    pub const fn file(self, width: u8) -> u8 {
        self.0 % width
    }

    /// Rank (0 = rank 1) on a board `width` files wide.
    #[inline]
    pub const fn rank(self, width: u8) -> u8 {
        self.0 / width
    }

    /// The algebraic name, e.g. `e4` or `j10`, on a board `width` files wide.
    pub fn name(self, width: u8) -> String {
        format!(
            "{}{}",
            char::from(b'a' + self.file(width)),
            self.rank(width) + 1
        )
    }

    /// Parses an algebraic square name (`e4`, `j10`) on a `width` × `height` board.
    pub fn parse(text: &str, width: u8, height: u8) -> Option<Square> {
        let bytes = text.as_bytes();
        let (&file_byte, rank_bytes) = bytes.split_first()?;
        if !file_byte.is_ascii_lowercase() || rank_bytes.is_empty() || rank_bytes.len() > 2 {
            return None;
        }
        let file = file_byte - b'a';
        if rank_bytes[0] == b'0' || !rank_bytes.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let rank = rank_bytes
            .iter()
            .fold(0u8, |acc, d| acc * 10 + (d - b'0'))
            .checked_sub(1)?;
        (file < width && rank < height).then(|| Square::from_coords(file, rank, width))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_both_boards() {
        for (w, h) in [(8u8, 8u8), (10, 10)] {
            for i in 0..w * h {
                let sq = Square(i);
                assert_eq!(Square::parse(&sq.name(w), w, h), Some(sq));
            }
        }
        assert_eq!(Square::parse("j10", 10, 10), Some(Square(99)));
        assert_eq!(Square::parse("i9", 8, 8), None);
        assert_eq!(Square::parse("a0", 8, 8), None);
        assert_eq!(Square::parse("a01", 10, 10), None);
        assert_eq!(Square::parse("", 8, 8), None);
        assert_eq!(Square::parse("a", 8, 8), None);
        assert_eq!(Square::parse("a100", 10, 10), None);
    }

    #[test]
    fn capture_points_follow_the_rule_book() {
        let points: Vec<u16> = Role::ALL.iter().map(|r| r.capture_points()).collect();
        assert_eq!(points, vec![1, 3, 3, 5, 9, 2]);
    }
}
