//! Drawing: the board with coordinates and marks, the Norochess score bar,
//! captured pieces, clocks and result lines. Everything is plain text;
//! colours are added only when the output is a terminal.

use norochess_core::{Color, Game, Piece, Role, Snapshot, Square};

/// How to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Unicode symbols, dashes and dots (otherwise ASCII only).
    pub unicode: bool,
    /// Pieces as letters (`K Q R B N P`, Black lowercase) even in Unicode.
    pub letters: bool,
    /// ANSI colours.
    pub color: bool,
    /// File letters and rank numbers around the board.
    pub coordinates: bool,
}

impl Style {
    /// `–` or `-`.
    pub fn dash(self) -> &'static str {
        if self.unicode {
            "–"
        } else {
            "-"
        }
    }

    /// `—` or `--`.
    pub fn long_dash(self) -> &'static str {
        if self.unicode {
            "—"
        } else {
            "--"
        }
    }

    /// Bold text when colours are on.
    pub fn bold(self, text: &str) -> String {
        if self.color {
            format!("\x1b[1m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// Text in a colour (an ANSI code such as `31` for red) when colours are on.
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// The glyph of a piece.
    pub fn piece(self, piece: Piece) -> String {
        if self.letters || !self.unicode {
            return piece.fen_char().to_string();
        }
        // With colours both sides use the solid shapes, told apart by colour;
        // without, White's are the outlined ones.
        let solid = self.color || piece.color == Color::Black;
        let c = match (piece.role, solid) {
            (Role::King, false) => '♔',
            (Role::Queen, false) => '♕',
            (Role::Rook, false) => '♖',
            (Role::Bishop, false) => '♗',
            (Role::Knight, false) => '♘',
            (Role::Pawn, false) => '♙',
            (Role::King, true) => '♚',
            (Role::Queen, true) => '♛',
            (Role::Rook, true) => '♜',
            (Role::Bishop, true) => '♝',
            (Role::Knight, true) => '♞',
            (Role::Pawn, true) => '♟',
        };
        c.to_string()
    }
}

/// Squares to mark on the board.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The last move's from and to squares: `[ ]`.
    pub last_move: Vec<Square>,
    /// The king in check: `! !`.
    pub check: Option<Square>,
    /// A selected piece: `( )`.
    pub selected: Option<Square>,
    /// Where the selected piece can go: `•` on empty squares, `* *` around pieces.
    pub targets: Vec<Square>,
}

impl Marks {
    /// The last move and a king in check of `snapshot`, nothing selected.
    pub fn of_snapshot(snapshot: &Snapshot) -> Marks {
        Marks {
            last_move: snapshot
                .last_move
                .map(|m| vec![m.from, m.to])
                .unwrap_or_default(),
            check: snapshot.check_square,
            ..Marks::default()
        }
    }
}

/// The snapshot's board, `bottom` side nearest the player, one string per
/// line.
pub fn board(snapshot: &Snapshot, bottom: Color, marks: &Marks, style: Style) -> Vec<String> {
    let (cells, width, height) = (&snapshot.board, snapshot.width, snapshot.height);
    let files: Vec<u8> = if bottom == Color::White {
        (0..width).collect()
    } else {
        (0..width).rev().collect()
    };
    let ranks: Vec<u8> = if bottom == Color::White {
        (0..height).rev().collect()
    } else {
        (0..height).collect()
    };
    let margin = "  ";
    let file_line = {
        let mut line = format!("{margin}   ");
        for &f in &files {
            line.push(' ');
            line.push(char::from(b'a' + f));
            line.push(' ');
        }
        line.trim_end().to_string()
    };
    let mut lines = Vec::new();
    if style.coordinates {
        lines.push(file_line.clone());
    }
    for &r in &ranks {
        let mut line = String::from(margin);
        if style.coordinates {
            line.push_str(&format!("{:>2} ", r + 1));
        } else {
            line.push_str("   ");
        }
        for &f in &files {
            let sq = Square::from_coords(f, r, width);
            let piece = cells.get(sq.index()).copied().flatten();
            line.push_str(&cell(sq, piece, (f + r) % 2 == 1, marks, style));
        }
        if style.coordinates {
            line.push_str(&format!(" {}", r + 1));
        }
        lines.push(line.trim_end().to_string());
    }
    if style.coordinates {
        lines.push(file_line);
    }
    lines
}

/// One square, three characters wide: left mark, glyph, right mark.
fn cell(sq: Square, piece: Option<Piece>, light: bool, marks: &Marks, style: Style) -> String {
    let target = marks.targets.contains(&sq);
    let (left, right) = if marks.selected == Some(sq) {
        ("(", ")")
    } else if marks.check == Some(sq) {
        ("!", "!")
    } else if marks.last_move.contains(&sq) {
        ("[", "]")
    } else if target && piece.is_some() {
        ("*", "*")
    } else {
        (" ", " ")
    };
    let glyph = match piece {
        Some(p) => style.piece(p),
        None if target => (if style.unicode { "•" } else { "*" }).to_string(),
        None if style.color => " ".to_string(),
        None => (if style.unicode { "·" } else { "." }).to_string(),
    };
    if !style.color {
        return format!("{left}{glyph}{right}");
    }
    // Mid-tone squares, so that both the white and the black glyphs stand
    // out (contrast 3:1 or better on every square).
    let background = if marks.check == Some(sq) {
        "48;5;167"
    } else if marks.selected == Some(sq) || marks.last_move.contains(&sq) {
        "48;5;65"
    } else if light {
        "48;5;137"
    } else {
        "48;5;94"
    };
    let foreground = match piece {
        Some(p) if p.color == Color::White => "1;38;5;231",
        _ => "1;38;5;16",
    };
    let marker = format!("\x1b[0;{background};1;38;5;16m");
    format!("{marker}{left}\x1b[0;{background};{foreground}m{glyph}{marker}{right}\x1b[0m")
}

/// How the move counter should stand out.
/// The terminal's line for the side to move, written once for the line
/// and the full-screen shell: `White to move — your move` against the
/// computer, `White to move (Ann)` in pass and play, `Black to move (the
/// computer) — thinking…`. The check is the caller's (inline or its own
/// line).
pub fn turn_status(
    snap: &norochess_app::SessionSnapshot,
    friend: bool,
    thinking: bool,
    style: Style,
) -> String {
    let turn = snap.to_move;
    let name = &snap.player(turn).name;
    if snap.computer_to_move {
        let thinking = match (thinking, style.unicode) {
            (false, _) => "",
            (true, true) => " — thinking…",
            (true, false) => " -- thinking...",
        };
        format!("{turn} to move (the computer){thinking}")
    } else if !friend {
        format!("{turn} to move {} your move", style.long_dash())
    } else if name == turn.name() {
        format!("{turn} to move")
    } else {
        format!("{turn} to move ({name})")
    }
}

/// How the counter is drawn: the app layer's kinds (plain, few left,
/// last regular move, overtime).
pub use norochess_app::session::CounterKind as CounterTone;

/// The move counter of the Norochess family, plain text and its tone:
/// `Move 31 / 48`, `Move 46 / 48  (3 moves left)`, `▶ Overtime 52 / 60 ◀`,
/// `Move 48 / 48 (final)`. `None` outside the family.
pub fn counter(snapshot: &Snapshot, style: Style) -> Option<(String, CounterTone)> {
    snapshot.scores?;
    // The words are the app layer's, as on the phones; the terminal only
    // frames overtime and puts the moves left beside the counter.
    let counter = norochess_app::session::move_counter(snapshot)?;
    let text = match (counter.kind, counter.moves_left_text) {
        (CounterTone::Overtime, _) => format!(
            "{} {} {}",
            if style.unicode { "▶" } else { ">>" },
            counter.text,
            if style.unicode { "◀" } else { "<<" },
        ),
        (_, Some(left)) => format!("{}  ({left})", counter.text),
        (_, None) => counter.text,
    };
    Some((text, counter.kind))
}

/// The Norochess score bar: `White 19 – 15 Black    Move 31 / 48`, with
/// `Overtime 52 / 60` in overtime and the moves left near move 48.
pub fn score_bar(snapshot: &Snapshot, style: Style) -> Option<String> {
    let (white, black) = snapshot.scores?;
    let scores = style.bold(&format!("{white} {} {black}", style.dash()));
    let (text, tone) = counter(snapshot, style)?;
    let counter = match tone {
        CounterTone::Plain => text,
        CounterTone::FewLeft => style.paint("33", &text),
        CounterTone::LastMove => style.paint("1;33", &text),
        CounterTone::Overtime => style.paint("1;35", &text),
    };
    Some(format!("  White {scores} Black      {counter}"))
}

/// The middle of a game screen: the score bar (or the move number), the
/// board with the last move and a king in check marked, and the captured
/// pieces.
pub fn game_panel(snapshot: &Snapshot, bottom: Color, style: Style) -> Vec<String> {
    let mut lines = vec![
        score_bar(snapshot, style).unwrap_or_else(|| format!("  Move {}", snapshot.move_number)),
        String::new(),
    ];
    let marks = Marks::of_snapshot(snapshot);
    lines.extend(board(snapshot, bottom, &marks, style));
    lines.push(String::new());
    lines.extend(captured_lines(snapshot, style));
    lines
}

/// `Captured by White: ♛ ♞ ♟  (13 points)`, one line per side.
pub fn captured_lines(snapshot: &Snapshot, style: Style) -> Vec<String> {
    let mut lines = Vec::new();
    for color in Color::ALL {
        let mut pieces = snapshot.captured[color.index()].clone();
        if pieces.is_empty() {
            continue;
        }
        pieces.sort_by_key(|p| std::cmp::Reverse((p.role.capture_points(), p.role.index())));
        let glyphs: Vec<String> = pieces.iter().map(|p| style.piece(*p)).collect();
        let points = snapshot.captured_points[color.index()];
        let mut line = format!("  Captured by {color}: {}", glyphs.join(" "));
        if snapshot.scores.is_some() {
            line.push_str(&format!(
                "  ({points} point{})",
                if points == 1 { "" } else { "s" }
            ));
        }
        lines.push(line);
    }
    lines
}

/// The last few moves in SAN with move numbers: `… 30. Nf3 Nc6 31. e4`.
/// `upto` limits them to the first `upto` plies (for review).
pub fn recent_moves(game: &Game, upto: usize, count: usize) -> String {
    let san = game.san_moves();
    let positions = game.positions();
    let upto = upto.min(san.len());
    let first = upto.saturating_sub(count);
    let mut words = Vec::new();
    if first > 0 {
        words.push("…".to_string());
    }
    for i in first..upto {
        let position = &positions[i];
        if position.turn() == Color::White {
            words.push(format!("{}.", position.fullmove_number()));
        } else if i == first {
            words.push(format!("{}...", position.fullmove_number()));
        }
        words.push(san[i].clone());
    }
    words.join(" ")
}

/// One ply with its number: `12. e4` or `12... e5`.
pub fn ply_text(game: &Game, index: usize) -> String {
    let positions = game.positions();
    let (Some(position), Some(san)) = (positions.get(index), game.san_moves().get(index).cloned())
    else {
        return String::new();
    };
    let dots = if position.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots} {san}", position.fullmove_number())
}

/// The whole move list, one full move a line, `>` before the move shown
/// when reviewing.
pub fn move_list(game: &Game, shown: Option<usize>) -> Vec<String> {
    let san = game.san_moves();
    let positions = game.positions();
    let mut lines = Vec::new();
    let mut line = String::new();
    for (i, text) in san.iter().enumerate() {
        let position = &positions[i];
        let mark = if shown == Some(i + 1) { ">" } else { " " };
        if position.turn() == Color::White {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line = format!("{:>5}. {mark}{text:<9}", position.fullmove_number());
        } else {
            if line.is_empty() {
                line = format!("{:>5}.  {:<9}", position.fullmove_number(), "...");
            }
            line.push_str(&format!("{mark}{text}"));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}
