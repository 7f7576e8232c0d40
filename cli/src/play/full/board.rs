//! The board widget: squares of 3×1, 5×2 or 7×3 character cells (the
//! largest that fits), rank numbers on the left and file letters below,
//! and the marks: last move, king in check, the selected piece and its
//! legal targets, the keyboard cursor. With colours the marks are square
//! colours; without, they are the characters of line mode around the
//! piece (`[ ]` last move, `! !` check, `( )` selected, `•` and `* *`
//! targets, `> <` the cursor).

use super::picture::BoardPicture;
use norochess_core::{Color as Side, Piece, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

/// Cell sizes, largest first.
pub const CELL_SIZES: [(u16, u16); 3] = [(7, 3), (5, 2), (3, 1)];
/// Columns taken by the rank numbers.
const RANK_COLUMNS: u16 = 3;

/// Where the board sits on the screen, for drawing and for the mouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The top-left corner of the first square.
    pub x: u16,
    /// The top row of the first square.
    pub y: u16,
    /// Cell width and height.
    pub cell: (u16, u16),
    /// Files and ranks.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// The side at the bottom.
    pub bottom: Side,
}

impl Geometry {
    /// Columns and rows the board takes with this cell size (coordinates included).
    pub fn size(cell: (u16, u16), width: u8, height: u8) -> (u16, u16) {
        (
            RANK_COLUMNS + cell.0 * u16::from(width),
            cell.1 * u16::from(height) + 1,
        )
    }

    /// The geometry of a board drawn with its top-left corner at `area`'s.
    pub fn at(area: Rect, cell: (u16, u16), width: u8, height: u8, bottom: Side) -> Geometry {
        Geometry {
            x: area.x + RANK_COLUMNS,
            y: area.y,
            cell,
            width,
            height,
            bottom,
        }
    }

    /// The square at screen column `col` and row `row`, if any.
    pub fn square_at(&self, col: u16, row: u16) -> Option<Square> {
        if col < self.x || row < self.y {
            return None;
        }
        let column = (col - self.x) / self.cell.0;
        let line = (row - self.y) / self.cell.1;
        if column >= u16::from(self.width) || line >= u16::from(self.height) {
            return None;
        }
        let (file, rank) = self.square_of_cell(column as u8, line as u8);
        Some(Square::from_coords(file, rank, self.width))
    }

    /// The file and rank drawn at cell `column`, `line` (from the top left).
    fn square_of_cell(&self, column: u8, line: u8) -> (u8, u8) {
        match self.bottom {
            Side::White => (column, self.height - 1 - line),
            Side::Black => (self.width - 1 - column, line),
        }
    }

    /// The cell (column, line from the top left) where `square` is drawn.
    pub fn cell_of(&self, square: Square) -> (u8, u8) {
        let (file, rank) = (square.file(self.width), square.rank(self.width));
        match self.bottom {
            Side::White => (file, self.height - 1 - rank),
            Side::Black => (self.width - 1 - file, rank),
        }
    }

    /// The square one step from `square` in a screen direction (`dx` right,
    /// `dy` down), staying on the board.
    pub fn step(&self, square: Square, dx: i8, dy: i8) -> Square {
        let (column, line) = self.cell_of(square);
        let column = column.saturating_add_signed(dx).min(self.width - 1);
        let line = line.saturating_add_signed(dy).min(self.height - 1);
        let (file, rank) = self.square_of_cell(column, line);
        Square::from_coords(file, rank, self.width)
    }
}

/// Marks on the board beyond what the snapshot has.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The picked-up piece.
    pub selected: Option<Square>,
    /// Its legal targets.
    pub targets: Vec<Square>,
    /// The keyboard cursor (shown while the board has the focus).
    pub cursor: Option<Square>,
}

/// How pieces and marks are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// Colours on (else marks are characters).
    pub color: bool,
    /// Unicode symbols (else ASCII only).
    pub unicode: bool,
    /// Pieces as letters even with Unicode (the `piece_style` setting).
    pub letters: bool,
    /// File letters and rank numbers (the `coordinates` setting).
    pub coordinates: bool,
    /// The light and dark squares (the `board-theme` setting).
    pub theme: Theme,
}

/// Square colours of a board theme (256-colour indexes), mid-tones so that
/// both the white and the black pieces stand out on every square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Light squares.
    pub light: u8,
    /// Dark squares.
    pub dark: u8,
    /// The last move's squares.
    pub last: u8,
}

impl Theme {
    /// The theme of a `board-theme` value (brown for anything unknown).
    pub fn named(name: &str) -> Theme {
        match name {
            "green" => Theme {
                light: 107,
                dark: 65,
                last: 143,
            },
            "blue" => Theme {
                light: 67,
                dark: 60,
                last: 108,
            },
            "grey" => Theme {
                light: 246,
                dark: 242,
                last: 108,
            },
            _ => Theme {
                light: 137,
                dark: 94,
                last: 65,
            },
        }
    }
}

/// Draws the board with its coordinates.
pub fn draw(
    buf: &mut Buffer,
    geometry: &Geometry,
    board: &BoardPicture,
    marks: &Marks,
    look: Look,
) {
    let snap = &board.snapshot;
    let (cw, ch) = geometry.cell;
    let last: Vec<Square> = snap
        .last_move
        .map(|m| vec![m.from, m.to])
        .unwrap_or_default();
    for line in 0..geometry.height {
        for column in 0..geometry.width {
            let (file, rank) = geometry.square_of_cell(column, line);
            let square = Square::from_coords(file, rank, geometry.width);
            let piece = snap.board.get(square.index()).copied().flatten();
            let light = (file + rank) % 2 == 1;
            let x = geometry.x + u16::from(column) * cw;
            let y = geometry.y + u16::from(line) * ch;
            let cell = Cell {
                square,
                piece,
                light,
                last: last.contains(&square),
                check: snap.check_square == Some(square),
            };
            draw_cell(buf, x, y, (cw, ch), &cell, marks, look);
        }
        // The rank number beside the middle row of the cells.
        let (_, rank) = geometry.square_of_cell(0, line);
        let y = geometry.y + u16::from(line) * ch + ch / 2;
        if look.coordinates {
            buf.set_string(
                geometry.x - RANK_COLUMNS,
                y,
                format!("{:>2}", rank + 1),
                Style::default(),
            );
        }
    }
    if !look.coordinates {
        return;
    }
    let y = geometry.y + u16::from(geometry.height) * ch;
    for column in 0..geometry.width {
        let (file, _) = geometry.square_of_cell(column, 0);
        let x = geometry.x + u16::from(column) * cw + cw / 2;
        buf.set_string(x, y, char::from(b'a' + file).to_string(), Style::default());
    }
}

/// One square's facts.
struct Cell {
    square: Square,
    piece: Option<Piece>,
    light: bool,
    last: bool,
    check: bool,
}

fn draw_cell(
    buf: &mut Buffer,
    x: u16,
    y: u16,
    (cw, ch): (u16, u16),
    cell: &Cell,
    marks: &Marks,
    look: Look,
) {
    let target = marks.targets.contains(&cell.square);
    let selected = marks.selected == Some(cell.square);
    let cursor = marks.cursor == Some(cell.square);
    let glyph = match cell.piece {
        Some(p) => piece_glyph(p, look),
        None if target => if look.unicode { "•" } else { "*" }.to_string(),
        None if look.color => " ".to_string(),
        None => if look.unicode { "·" } else { "." }.to_string(),
    };
    // The picked-up piece shows over the cursor standing on it.
    let (left, right) = if selected {
        ("(", ")")
    } else if cursor {
        (">", "<")
    } else if cell.check {
        ("!", "!")
    } else if target && cell.piece.is_some() {
        ("*", "*")
    } else if cell.last {
        ("[", "]")
    } else {
        (" ", " ")
    };
    let mid_x = x + cw / 2;
    let mid_y = y + ch / 2;
    if !look.color {
        // Marks hug the piece so they read as one token on any cell size.
        for row in y..y + ch {
            buf.set_string(x, row, " ".repeat(usize::from(cw)), Style::default());
        }
        buf.set_string(mid_x - 1, mid_y, left, Style::default());
        buf.set_string(mid_x, mid_y, &glyph, Style::default());
        buf.set_string(mid_x + 1, mid_y, right, Style::default());
        return;
    }
    let background = if selected {
        Color::Indexed(71)
    } else if cursor {
        Color::Indexed(31)
    } else if cell.check {
        Color::Indexed(167)
    } else if target && cell.piece.is_some() {
        Color::Indexed(131)
    } else if cell.last {
        Color::Indexed(look.theme.last)
    } else if cell.light {
        Color::Indexed(look.theme.light)
    } else {
        Color::Indexed(look.theme.dark)
    };
    let base = Style::default().bg(background);
    for row in y..y + ch {
        buf.set_string(x, row, " ".repeat(usize::from(cw)), base);
    }
    let foreground = match cell.piece {
        Some(p) if p.color == Side::White => Color::Indexed(231),
        Some(_) => Color::Indexed(16),
        None => Color::Indexed(230),
    };
    buf.set_string(
        mid_x,
        mid_y,
        &glyph,
        base.fg(foreground).add_modifier(Modifier::BOLD),
    );
}

/// The symbol of a piece: solid shapes told apart by colour, or outlined
/// ones for White without colour, or letters (White upper case).
pub fn piece_glyph(piece: Piece, look: Look) -> String {
    if !look.unicode || look.letters {
        return piece.fen_char().to_string();
    }
    let solid = look.color || piece.color == Side::Black;
    let symbols = if solid {
        ['♚', '♛', '♜', '♝', '♞', '♟']
    } else {
        ['♔', '♕', '♖', '♗', '♘', '♙']
    };
    use norochess_core::Role;
    let index = match piece.role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    symbols[index].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_under_the_mouse_follow_the_orientation() {
        let area = Rect::new(10, 2, 40, 20);
        let white = Geometry::at(area, (3, 1), 8, 8, Side::White);
        // a8 is the top-left cell, h1 the bottom-right one.
        assert_eq!(white.square_at(13, 2), Some(Square::from_coords(0, 7, 8)));
        assert_eq!(
            white.square_at(13 + 23, 9),
            Some(Square::from_coords(7, 0, 8))
        );
        assert_eq!(white.square_at(12, 2), None);
        assert_eq!(white.square_at(13 + 24, 9), None);
        let black = Geometry::at(area, (5, 2), 10, 10, Side::Black);
        assert_eq!(black.square_at(13, 2), Some(Square::from_coords(9, 0, 10)));
        assert_eq!(
            black.square_at(13 + 5, 3),
            Some(Square::from_coords(8, 0, 10))
        );
        assert_eq!(black.square_at(13, 4), Some(Square::from_coords(9, 1, 10)));
    }

    #[test]
    fn the_cursor_moves_in_screen_directions_and_stays_on_the_board() {
        let area = Rect::new(0, 0, 40, 20);
        let e2 = Square::from_coords(4, 1, 8);
        let white = Geometry::at(area, (3, 1), 8, 8, Side::White);
        assert_eq!(white.step(e2, 0, -1), Square::from_coords(4, 2, 8));
        assert_eq!(white.step(e2, 1, 0), Square::from_coords(5, 1, 8));
        let black = Geometry::at(area, (3, 1), 8, 8, Side::Black);
        assert_eq!(black.step(e2, 0, -1), Square::from_coords(4, 0, 8));
        assert_eq!(black.step(e2, 1, 0), Square::from_coords(3, 1, 8));
        let h8 = Square::from_coords(7, 7, 8);
        assert_eq!(white.step(h8, 1, -1), h8);
    }
}
