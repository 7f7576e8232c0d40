//! The position text format (see `docs/position-format.md`): the six FEN
//! fields, then optional `name=value` fields (`score=W-B`,
//! `opening=pending`). Parsing checks that the position can occur in its
//! game; printing is canonical, so print → parse → print is the identity.

use super::{Position, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE};
use crate::bitboard::Bitboard;
use crate::error::PositionError;
use crate::geometry::Geometry;
use crate::types::{Color, Piece, Role, Square};
use crate::variant::{OpeningRule, PromotionRule, Rules};
use std::fmt::Write as _;

/// Highest score the text format accepts (far above any reachable score);
/// playing on never exceeds it, so every position prints readably.
pub(super) const MAX_SCORE: u16 = 9999;

/// Highest move counter the text format accepts; counters stop there.
pub(super) const MAX_COUNTER: u32 = 1_000_000;

/// One whitespace-separated field with the column (from 1) where it starts.
#[derive(Clone, Copy)]
struct Field<'a> {
    text: &'a str,
    column: usize,
}

/// The board field of a position text for a `width` × `height` board with
/// `piece_at` on each square: ranks from the top separated by `/`, pieces
/// by their letter, runs of empty squares as one number. The position
/// editor writes its board with it before the position reader has a
/// position to give.
pub fn board_field(width: u8, height: u8, piece_at: impl Fn(Square) -> Option<Piece>) -> String {
    let mut text = String::with_capacity(96);
    for rank in (0..height).rev() {
        let mut empty = 0;
        for file in 0..width {
            match piece_at(Square::from_coords(file, rank, width)) {
                Some(piece) => {
                    if empty > 0 {
                        let _ = write!(text, "{empty}");
                        empty = 0;
                    }
                    text.push(piece.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

fn split_fields(text: &str) -> Vec<Field<'_>> {
    let mut fields = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (column, (byte, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (true, Some((s, col))) => {
                fields.push(Field {
                    text: &text[s..byte],
                    column: col + 1,
                });
                start = None;
            }
            (false, None) => start = Some((byte, column)),
            _ => {}
        }
    }
    if let Some((s, col)) = start {
        fields.push(Field {
            text: &text[s..],
            column: col + 1,
        });
    }
    fields
}

fn syntax(field: &'static str, column: usize, problem: impl Into<String>) -> PositionError {
    PositionError::Syntax {
        field,
        column,
        problem: problem.into(),
    }
}

impl<G: Geometry> Position<G> {
    /// Reads a position text for a game with `rules`.
    pub fn from_text(text: &str, rules: Rules) -> Result<Self, PositionError> {
        let fields = split_fields(text);
        let mut iter = fields.iter().copied().peekable();
        let board = iter.next().ok_or(PositionError::Empty)?;
        let mut pos = Position::empty(rules);
        pos.parse_board(board)?;
        let turn = iter
            .next()
            .ok_or(PositionError::MissingField("side-to-move"))?;
        pos.turn = match turn.text {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(syntax(
                    "side-to-move",
                    turn.column,
                    format!("expected `w` or `b`, found `{other}`"),
                ))
            }
        };
        let castling = iter.next().ok_or(PositionError::MissingField("castling"))?;
        pos.parse_castling(castling)?;
        let ep = iter
            .next()
            .ok_or(PositionError::MissingField("en passant"))?;
        pos.parse_en_passant(ep)?;
        if let Some(halfmove) = iter.next_if(|f| !f.text.contains('=')) {
            pos.halfmove_clock = parse_number(halfmove, "halfmove clock")?;
            let fullmove = iter
                .next_if(|f| !f.text.contains('='))
                .ok_or(PositionError::MissingField("fullmove number"))?;
            pos.fullmove_number = parse_number(fullmove, "fullmove number")?;
            if pos.fullmove_number == 0 {
                return Err(syntax(
                    "fullmove number",
                    fullmove.column,
                    "the move number starts at 1",
                ));
            }
        }
        let mut seen_score = false;
        for field in iter {
            let Some((name, value)) = field.text.split_once('=') else {
                return Err(syntax(
                    "extra",
                    field.column,
                    format!("expected `name=value`, found `{}`", field.text),
                ));
            };
            match name {
                "score" if seen_score => return Err(syntax("score", field.column, "given twice")),
                "score" => {
                    seen_score = true;
                    pos.parse_score(value, field.column)?;
                }
                "opening" if pos.opening_pending => {
                    return Err(syntax("opening", field.column, "given twice"))
                }
                "opening" => pos.parse_opening(value, field.column)?,
                other => {
                    return Err(syntax(
                        "extra",
                        field.column,
                        format!("unknown field `{other}` (expected `score` or `opening`)"),
                    ))
                }
            }
        }
        pos.validate()?;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn parse_board(&mut self, field: Field<'_>) -> Result<(), PositionError> {
        let width = G::WIDTH;
        let mut rank = G::HEIGHT;
        let mut file = 0u8;
        let mut number: Option<(u32, usize)> = None;
        let mut rank_start = field.column;
        // A sentinel '/' closes the last rank like the others.
        let chars = field.text.chars().chain(std::iter::once('/'));
        for (i, c) in chars.enumerate() {
            let column = field.column + i;
            if let Some(d) = c.to_digit(10) {
                let (n, start) = number.unwrap_or((0, column));
                number = Some((n * 10 + d, start));
                if n * 10 + d > u32::from(width) {
                    return Err(syntax(
                        "board",
                        start,
                        format!("a run of empty squares longer than the {width} files"),
                    ));
                }
                continue;
            }
            if let Some((n, start)) = number.take() {
                if n == 0 {
                    return Err(syntax("board", start, "a run of 0 empty squares"));
                }
                file += n as u8;
                if file > width {
                    return Err(syntax(
                        "board",
                        start,
                        format!("rank {rank} has more than {width} squares"),
                    ));
                }
            }
            if c == '/' {
                if rank == 0 {
                    return Err(syntax(
                        "board",
                        column,
                        format!("more than {} ranks", G::HEIGHT),
                    ));
                }
                if file != width {
                    return Err(syntax(
                        "board",
                        rank_start,
                        format!("rank {rank} has {file} squares, expected {width}"),
                    ));
                }
                rank -= 1;
                file = 0;
                rank_start = column + 1;
                continue;
            }
            let Some(piece) = Piece::from_fen_char(c) else {
                return Err(syntax(
                    "board",
                    column,
                    format!("`{c}` is not a piece letter (PNBRQK or pnbrqk) or a number"),
                ));
            };
            if rank == 0 {
                return Err(syntax(
                    "board",
                    column,
                    format!("more than {} ranks", G::HEIGHT),
                ));
            }
            if file >= width {
                return Err(syntax(
                    "board",
                    column,
                    format!("rank {rank} has more than {width} squares"),
                ));
            }
            self.put(piece, Square::from_coords(file, rank - 1, width));
            file += 1;
        }
        if rank != 0 {
            return Err(syntax(
                "board",
                field.column,
                format!("{} ranks, expected {}", G::HEIGHT - rank, G::HEIGHT),
            ));
        }
        Ok(())
    }

    fn parse_castling(&mut self, field: Field<'_>) -> Result<(), PositionError> {
        if field.text == "-" {
            return Ok(());
        }
        if !self.rules.castling {
            return Err(syntax(
                "castling",
                field.column,
                format!("{} has no castling; write `-`", self.rules.variant.id()),
            ));
        }
        for (i, c) in field.text.chars().enumerate() {
            let column = field.column + i;
            let (right, color, rook_file) = match c {
                'K' => (WHITE_KING_SIDE, Color::White, 7),
                'Q' => (WHITE_QUEEN_SIDE, Color::White, 0),
                'k' => (BLACK_KING_SIDE, Color::Black, 7),
                'q' => (BLACK_QUEEN_SIDE, Color::Black, 0),
                other => {
                    return Err(syntax(
                        "castling",
                        column,
                        format!("`{other}` is not one of K, Q, k, q or -"),
                    ))
                }
            };
            if self.castling & right != 0 {
                return Err(syntax("castling", column, format!("`{c}` given twice")));
            }
            let rank = G::relative_rank(color, 0);
            let king = Square::from_coords(4, rank, G::WIDTH);
            let rook = Square::from_coords(rook_file, rank, G::WIDTH);
            if self.piece_at(king)
                != Some(Piece {
                    color,
                    role: Role::King,
                })
            {
                return Err(syntax(
                    "castling",
                    column,
                    format!("`{c}` needs the {color} king on {}", G::square_name(king)),
                ));
            }
            if self.piece_at(rook)
                != Some(Piece {
                    color,
                    role: Role::Rook,
                })
            {
                return Err(syntax(
                    "castling",
                    column,
                    format!("`{c}` needs a {color} rook on {}", G::square_name(rook)),
                ));
            }
            self.castling |= right;
        }
        Ok(())
    }

    fn parse_en_passant(&mut self, field: Field<'_>) -> Result<(), PositionError> {
        if field.text == "-" {
            return Ok(());
        }
        if !self.rules.en_passant {
            return Err(syntax(
                "en passant",
                field.column,
                format!("{} has no en passant; write `-`", self.rules.variant.id()),
            ));
        }
        let sq = G::parse_square(field.text).ok_or_else(|| {
            syntax(
                "en passant",
                field.column,
                format!("`{}` is not a square", field.text),
            )
        })?;
        let us = self.turn;
        let expected_rank = G::relative_rank(us, G::HEIGHT - 3);
        let name = G::square_name(sq);
        if sq.rank(G::WIDTH) != expected_rank {
            return Err(syntax(
                "en passant",
                field.column,
                format!(
                    "{name} is not on rank {} where a pawn that just stepped two squares passed",
                    expected_rank + 1
                ),
            ));
        }
        let width = i32::from(G::WIDTH);
        let toward_them = if us == Color::White { width } else { -width };
        let at = |delta: i32| Square((i32::from(sq.0) + delta) as u8);
        let pawn = Piece {
            color: !us,
            role: Role::Pawn,
        };
        if self.piece_at(sq).is_some() || self.piece_at(at(toward_them)).is_some() {
            return Err(syntax(
                "en passant",
                field.column,
                format!("{name} and the square behind it must be empty"),
            ));
        }
        if self.piece_at(at(-toward_them)) != Some(pawn) {
            return Err(syntax(
                "en passant",
                field.column,
                format!(
                    "no {pawn} on {} that could just have passed {name}",
                    G::square_name(at(-toward_them))
                ),
            ));
        }
        self.ep_square = Some(sq);
        Ok(())
    }

    fn parse_score(&mut self, value: &str, column: usize) -> Result<(), PositionError> {
        if !self.rules.capture_points {
            return Err(syntax(
                "score",
                column,
                format!("{} has no capture points", self.rules.variant.id()),
            ));
        }
        let parse = |part: &str| {
            part.parse::<u16>()
                .ok()
                .filter(|&n| n <= MAX_SCORE && !part.starts_with('+'))
        };
        match value.split_once('-').and_then(|(w, b)| Some((parse(w)?, parse(b)?))) {
            Some((white, black)) => {
                self.scores = [white, black];
                Ok(())
            }
            None => Err(syntax(
                "score",
                column,
                format!("expected `score=W-B` with two numbers from 0 to {MAX_SCORE}, found `score={value}`"),
            )),
        }
    }

    fn parse_opening(&mut self, value: &str, column: usize) -> Result<(), PositionError> {
        if value != "pending" {
            return Err(syntax(
                "opening",
                column,
                format!("expected `opening=pending`, found `opening={value}`"),
            ));
        }
        match self.rules.opening {
            OpeningRule::None => {
                return Err(syntax(
                    "opening",
                    column,
                    format!("{} has no opening restriction", self.rules.variant.id()),
                ))
            }
            OpeningRule::FirstMoveSinglePawnStep if self.turn == Color::Black => {
                return Err(syntax(
                    "opening",
                    column,
                    "in Ram chess the first-move restriction can only apply with White to move",
                ))
            }
            _ => {}
        }
        self.opening_pending = true;
        Ok(())
    }

    /// Checks that the pieces could stand like this in this game.
    fn validate(&self) -> Result<(), PositionError> {
        let back_ranks = G::rank(0) | G::rank(G::HEIGHT - 1);
        if let Some(sq) = (self.by_role[Role::Pawn.index()] & back_ranks).first() {
            return Err(PositionError::Illegal(format!(
                "pawn on {}: pawns cannot stand on the first or last rank",
                G::square_name(sq)
            )));
        }
        for color in Color::ALL {
            let pawns = self.count(color, Role::Pawn);
            let max_pawns = u32::from(self.rules.start_counts[Role::Pawn.index()]);
            if pawns > max_pawns {
                return Err(PositionError::Illegal(format!(
                    "{color} has {pawns} pawns; at most {max_pawns}"
                )));
            }
            // Pieces beyond the start set can only come from promoted pawns.
            let mut promoted = 0;
            for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                let count = self.count(color, role);
                let start = u32::from(self.rules.start_counts[role.index()]);
                if count > start && self.rules.promotion != PromotionRule::Free {
                    return Err(PositionError::Illegal(format!(
                        "{color} has {count} {}s; in {} promotion only brings back lost pieces, so at most {start}",
                        role.name(),
                        self.rules.variant.id()
                    )));
                }
                promoted += count.saturating_sub(start);
            }
            if promoted > max_pawns - pawns {
                return Err(PositionError::Illegal(format!(
                    "{color} has {promoted} pieces beyond the start set but only {} missing pawns to have promoted",
                    max_pawns - pawns
                )));
            }
            let kings = self.count(color, Role::King);
            if self.rules.royal_king && kings != 1 {
                return Err(PositionError::Illegal(format!(
                    "{color} has {kings} kings; this game needs exactly one"
                )));
            }
            if kings > 1 {
                return Err(PositionError::Illegal(format!(
                    "{color} has {kings} kings; at most one"
                )));
            }
        }
        if self.rules.royal_king {
            let waiting = !self.turn;
            if let Some(king) = self.king_square(waiting) {
                if self.is_attacked(king, self.turn) {
                    return Err(PositionError::Illegal(format!(
                        "{waiting} is not to move but its king on {} is in check",
                        G::square_name(king)
                    )));
                }
            }
        }
        Ok(())
    }

    /// The canonical position text.
    pub fn to_text(&self) -> String {
        let mut text = board_field(G::WIDTH, G::HEIGHT, |sq| self.piece_at(sq));
        text.push(' ');
        text.push(self.turn.fen_char());
        text.push(' ');
        if self.castling == 0 {
            text.push('-');
        } else {
            for (bit, c) in [
                (WHITE_KING_SIDE, 'K'),
                (WHITE_QUEEN_SIDE, 'Q'),
                (BLACK_KING_SIDE, 'k'),
                (BLACK_QUEEN_SIDE, 'q'),
            ] {
                if self.castling & bit != 0 {
                    text.push(c);
                }
            }
        }
        text.push(' ');
        match self.ep_square {
            Some(sq) => text.push_str(&G::square_name(sq)),
            None => text.push('-'),
        }
        let _ = write!(text, " {} {}", self.halfmove_clock, self.fullmove_number);
        if self.rules.capture_points {
            let _ = write!(text, " score={}-{}", self.scores[0], self.scores[1]);
        }
        if self.opening_pending {
            text.push_str(" opening=pending");
        }
        text
    }
}

fn parse_number(field: Field<'_>, name: &'static str) -> Result<u32, PositionError> {
    if !field.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(syntax(
            name,
            field.column,
            format!("expected a number, found `{}`", field.text),
        ));
    }
    field
        .text
        .parse::<u32>()
        .ok()
        .filter(|&n| n <= MAX_COUNTER)
        .ok_or_else(|| syntax(name, field.column, format!("`{}` is too large", field.text)))
}

#[cfg(test)]
mod tests {
    use crate::{AnyPosition, PositionError, Variant};

    fn error(variant: Variant, text: &str) -> PositionError {
        match AnyPosition::from_text(variant, text) {
            Ok(p) => panic!("{text} was accepted as {}", p.to_text()),
            Err(e) => e,
        }
    }

    #[test]
    fn start_positions_print_everything_that_applies() {
        let text = |v: Variant| {
            AnyPosition::start(v, None)
                .map(|p| p.to_text())
                .unwrap_or_default()
        };
        assert_eq!(
            text(Variant::Norochess),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score=0-0"
        );
        assert_eq!(
            text(Variant::Ram),
            "1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1 w - - 0 1 opening=pending"
        );
        assert_eq!(
            text(Variant::Chess),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }

    #[test]
    fn text_round_trips_and_defaults_are_filled_in() {
        let cases = [
            (Variant::Norochess, "8/8/8/8/8/8/8/4k2K b - - 7 52 score=30-31", None),
            (Variant::Norochess, "8/8/8/8/8/8/8/4k2K b - -", Some("8/8/8/8/8/8/8/4k2K b - - 0 1 score=0-0")),
            (Variant::Frontal, "1rnbqkbnr1/pppppppppp/10/10/10/10/10/5N4/PPPPPPPPPP/1RNBQKB1R1 b - - 1 1 opening=pending", None),
            (Variant::Chess, "r3k2r/8/8/8/3pP3/8/8/R3K2R b Kq e3 0 1", None),
        ];
        for (variant, text, canonical) in cases {
            let printed = AnyPosition::from_text(variant, text).map(|p| p.to_text());
            assert_eq!(printed.as_deref(), Ok(canonical.unwrap_or(text)), "{text}");
        }
    }

    #[test]
    fn errors_name_the_field_and_column() {
        let cases: [(Variant, &str, &str); 21] = [
            (Variant::Norochess, "", "empty"),
            (Variant::Norochess, "8/8/8/8/8/8/8/8", "side-to-move field is missing"),
            (Variant::Norochess, "8/8/8/8/8/8/8/4X2K w - - 0 1", "board field, character 16: `X` is not a piece letter"),
            (Variant::Norochess, "8/8/8/8/8/8/8/4k2K2 w - - 0 1", "more than 8 squares"),
            (Variant::Norochess, "8/8/8/8/8/8/4k2K w - - 0 1", "7 ranks, expected 8"),
            (Variant::Norochess, "8/8/8/8/8/8/8/8/8 w - - 0 1", "more than 8 ranks"),
            (Variant::Norochess, "8/8/8/8/8/8/8/8/K w - - 0 1", "board field, character 17: more than 8 ranks"),
            (Variant::Ram, "11/10/10/10/10/10/10/10/10/4k4K w - - 0 1", "longer than the 10 files"),
            (Variant::Norochess, "8/8/8/8/8/8/8/4k2K x - - 0 1", "side-to-move field, character 20: expected `w` or `b`"),
            (Variant::Norochess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "norochess has no castling"),
            (Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "needs a White rook on h1"),
            (Variant::Chess, "4k3/8/8/8/8/8/8/R3K2R w KK - 0 1", "`K` given twice"),
            (Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "no black pawn on e5"),
            (Variant::Ram, "1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1 w - a3 0 1", "ram has no en passant"),
            (Variant::Norochess, "8/8/8/8/8/8/8/4k2K w - - 0 0", "starts at 1"),
            (Variant::Norochess, "8/8/8/8/8/8/8/4k2K w - - 0 1 score=3", "expected `score=W-B`"),
            (Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 score=3-1", "chess has no capture points"),
            (Variant::Ram, "1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1 b - - 0 1 opening=pending", "only apply with White to move"),
            (Variant::Norochess, "8/8/8/8/8/8/8/4k2K w - - 0 1 colour=red", "unknown field `colour`"),
            (Variant::Chess, "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "Black is not to move but its king on e8 is in check"),
            (Variant::Norochess, "P7/8/8/8/8/8/8/4k2K w - - 0 1", "pawn on a8"),
        ];
        for (variant, text, expected) in cases {
            let message = error(variant, text).to_string();
            assert!(
                message.contains(expected),
                "{text}: got `{message}`, expected it to mention `{expected}`"
            );
        }
    }

    #[test]
    fn impossible_material_is_rejected() {
        assert!(
            error(Variant::Chess, "4k3/8/8/8/8/8/PPPPPPPP/3QKQ2 w - - 0 1")
                .to_string()
                .contains("1 pieces beyond the start set but only 0 missing pawns")
        );
        assert!(AnyPosition::from_text(Variant::Chess, "4k3/8/8/8/8/8/8/3QKQQQ w - - 0 1").is_ok());
        assert!(
            error(Variant::Ram, "10/10/10/10/10/10/10/10/10/3QQKQ3 w - - 0 1")
                .to_string()
                .contains("only brings back lost pieces")
        );
        assert!(error(Variant::Chess, "4k3/8/8/8/8/8/8/4K1K1 w - - 0 1")
            .to_string()
            .contains("2 kings"));
        assert!(error(Variant::Chess, "8/8/8/8/8/8/8/4K3 w - - 0 1")
            .to_string()
            .contains("Black has 0 kings"));
        assert!(AnyPosition::from_text(Variant::Norochess, "8/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
    }

    #[test]
    fn odd_input_never_panics() {
        for text in [
            "/",
            "//////////",
            "9",
            "0",
            "é/ü w - - 0 1",
            "8/8/8/8/8/8/8/8 w - - 99999999999 1",
            "8/8/8/8/8/8/8/8 w - - 0 1 =",
            "\u{0}",
        ] {
            for variant in Variant::all() {
                let _ = AnyPosition::from_text(variant, text);
            }
        }
    }
}
