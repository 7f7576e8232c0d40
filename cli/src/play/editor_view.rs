//! `edit`: the app layer's position editor for any game (8×8 and 10×10):
//! place and remove pieces, clear, the side to move, the move number,
//! both scores, castling, en passant, a Norochess960 start or any game's
//! start, a pasted position; the board and the editor's problems are
//! shown after each change, and `play`, `analyse` and `compose` refuse a
//! position the editor does not accept (illegal or already decided).

use super::app::{App, View};
use super::screen::{self, Marks};
use super::text::heading;
use super::view_state::EditorScreen;
use norochess_app::session::random_start;
use norochess_app::{CastlingRights, GameSession, PositionEditor};
use norochess_core::{Color, Game, Piece, Snapshot, Square, Variant};

/// The editor's board as a snapshot the board drawing takes (nothing to
/// play: no legal moves, no last move).
pub(super) fn editor_snapshot(editor: &PositionEditor) -> Snapshot {
    let (width, height) = (editor.width(), editor.height());
    let mut board = Vec::with_capacity(usize::from(width) * usize::from(height));
    for rank in 0..height {
        for file in 0..width {
            board.push(editor.piece_at(Square::from_coords(file, rank, width)));
        }
    }
    Snapshot {
        variant: editor.variant(),
        width,
        height,
        board,
        turn: editor.turn(),
        legal_moves: Vec::new(),
        last_move: None,
        check_square: None,
        scores: None,
        move_number: editor.move_number(),
        regular_moves: None,
        regular_moves_left: None,
        overtime: None,
        captured: [Vec::new(), Vec::new()],
        captured_points: [0, 0],
        outcome: None,
        position_text: editor.to_text(),
        ply_count: 0,
        can_undo: false,
        can_redo: false,
    }
}

/// The squares the editor's problems are about, to mark on the board.
pub(super) fn problem_squares(editor: &PositionEditor) -> Vec<Square> {
    editor
        .problems()
        .iter()
        .flat_map(|p| p.squares())
        .filter_map(|name| editor.parse_square(&name))
        .collect()
}

/// The fields beside the board: `White to move · move 48 · score 36–38`.
pub(super) fn fields_line(editor: &PositionEditor) -> String {
    let view = editor.view();
    let mut text = format!("{} to move · move {}", view.turn, view.move_number);
    if let Some(scores) = view.scores {
        text.push_str(&format!(" · score {}–{}", scores.white, scores.black));
    }
    if view.has_opening_rule && view.opening_pending {
        text.push_str(" · opening rule pending");
    }
    if let Some(number) = view.setup.start_number {
        text.push_str(&format!(" · start {number}"));
    }
    text
}

/// The castling letters `KQkq` (or `-`) as rights.
fn read_castling(text: &str) -> Option<CastlingRights> {
    let mut rights = CastlingRights::NONE;
    if text == "-" || text.eq_ignore_ascii_case("none") {
        return Some(rights);
    }
    for letter in text.chars() {
        let (color, king_side) = match letter {
            'K' => (Color::White, true),
            'Q' => (Color::White, false),
            'k' => (Color::Black, true),
            'q' => (Color::Black, false),
            _ => return None,
        };
        rights.set(color, king_side, true);
    }
    Some(rights)
}

/// A piece and square: `Qd5` (White upper case), `kj10`.
fn read_placement(word: &str, editor: &PositionEditor) -> Result<(Piece, Square), String> {
    let mut chars = word.chars();
    let piece = chars
        .next()
        .and_then(Piece::from_fen_char)
        .ok_or_else(|| {
            format!("`{word}` is not a piece and a square: a letter K Q R B N P (White) or k q r b n p (Black), then the square, e.g. Qd5 or ke8")
        })?;
    let square_name = chars.as_str().to_ascii_lowercase();
    let square = editor.parse_square(&square_name).ok_or_else(|| {
        format!(
            "`{square_name}` is not a square of the {}×{} board",
            editor.width(),
            editor.height()
        )
    })?;
    Ok((piece, square))
}

impl App {
    /// `edit`: the editor on the position on screen; `edit new|empty
    /// [game]`, `edit GAME`, `edit fen "…" [game]`.
    pub(super) fn edit(&mut self, args: &[String]) {
        let editor = match self.editor_for(args) {
            Ok(editor) => editor,
            Err(message) => {
                self.say(message);
                return;
            }
        };
        self.leave_view();
        self.view = View::Editor(Box::new(EditorScreen {
            editor,
            flipped: false,
        }));
        self.say("Position editor: `put Qd5`, `remove d5`, `clear`, `turn black`, `move 48`, `score 18 20`, `start`, `fen \"…\"`; then `play`, `analyse` or `compose`.");
        self.show_editor();
    }

    fn editor_for(&self, args: &[String]) -> Result<PositionEditor, String> {
        let words: Vec<String> = args.iter().map(|a| a.to_ascii_lowercase()).collect();
        let game_word = |word: Option<&String>| -> Result<Variant, String> {
            match word {
                None => Ok(self.shown_variant().unwrap_or(Variant::Norochess)),
                Some(id) => Variant::parse(id, None, None).map_err(|e| format!("{e}.")),
            }
        };
        match words.first().map(String::as_str) {
            None => self.editor_on_screen(),
            Some("new" | "start") => PositionEditor::start(game_word(words.get(1))?, None)
                .map_err(|e| format!("{e}.")),
            Some("empty" | "blank") => Ok(PositionEditor::new(game_word(words.get(1))?)),
            Some("fen" | "position") => {
                let Some(text) = args.get(1) else {
                    return Err("Usage: edit fen \"<position>\" [game]".to_string());
                };
                let variant = game_word(words.get(2))?;
                PositionEditor::from_text(variant, text)
                    .map_err(|e| format!("Cannot read that position: {e}."))
            }
            Some(id) if Variant::IDS.contains(&id) => {
                PositionEditor::start(game_word(words.first())?, None).map_err(|e| format!("{e}."))
            }
            Some(other) => Err(format!(
                "`edit {other}`? `edit` takes the position on screen; `edit new [game]`, `edit empty [game]` or `edit fen \"…\" [game]` start elsewhere."
            )),
        }
    }

    /// The game of the view on screen, if one is.
    fn shown_variant(&self) -> Option<Variant> {
        match &self.view {
            View::Editor(screen) => Some(screen.editor.variant()),
            View::Analysis(screen) => Some(screen.board.game().variant()),
            View::Archive(view) => Some(view.game.variant()),
            View::Review(screen) => Some(screen.review.game().variant()),
            View::Puzzle(view) => Some(view.run.puzzle().variant),
            View::Game | View::Home => self.game.as_ref().map(|s| s.game().variant()),
        }
    }

    /// The editor on the position on screen (the start of Norochess at home
    /// without a game).
    fn editor_on_screen(&self) -> Result<PositionEditor, String> {
        let position = match &self.view {
            View::Editor(_) => {
                return Err("This is the editor: `edit new [game]` starts from a game's start, `clear` empties the board.".to_string())
            }
            View::Analysis(screen) => *screen.board.position(),
            View::Archive(view) => *view.shown_game().position(),
            View::Review(screen) => {
                let total = screen.review.game().plies().len();
                let game = super::review_view::game_at(
                    screen.review.game(),
                    screen.shown.unwrap_or(total),
                );
                *game.position()
            }
            View::Puzzle(view) => *view.run.game().position(),
            View::Game | View::Home => match &self.game {
                Some(session) => *session.shown_game().position(),
                None => {
                    return PositionEditor::start(Variant::Norochess, None)
                        .map_err(|e| format!("{e}."))
                }
            },
        };
        Ok(PositionEditor::from_position(&position))
    }

    /// Commands of the editor.
    pub(super) fn editor_command(&mut self, command: &str, args: &[String]) {
        let seed = self.cfg.seed.unwrap_or_else(super::text::time_seed);
        let View::Editor(screen) = &mut self.view else {
            return;
        };
        let editor = &mut screen.editor;
        let first = args.first().map(|a| a.to_ascii_lowercase());
        let result: Result<String, String> = match command {
            "put" | "place" | "add" => {
                if args.is_empty() {
                    Err("Usage: put Qd5 [ke8 …] (White upper case, Black lower case)".to_string())
                } else {
                    let mut placed = Vec::new();
                    let mut error = None;
                    for word in args {
                        match read_placement(word, editor) {
                            Ok((piece, square)) => match editor.place(square, piece) {
                                Ok(_) => placed.push(word.clone()),
                                Err(e) => {
                                    error = Some(format!("{e}"));
                                    break;
                                }
                            },
                            Err(e) => {
                                error = Some(e);
                                break;
                            }
                        }
                    }
                    match (error, placed.is_empty()) {
                        (Some(e), true) => Err(format!("{e}.")),
                        (Some(e), false) => Err(format!("Placed {}; then: {e}.", placed.join(" "))),
                        (None, _) => Ok(format!("Placed {}.", placed.join(" "))),
                    }
                }
            }
            "remove" | "rm" | "del" | "delete" => {
                if args.is_empty() {
                    Err("Usage: remove d5 [e4 …]".to_string())
                } else {
                    let mut removed = Vec::new();
                    let mut error = None;
                    for word in args {
                        let name = word.to_ascii_lowercase();
                        match editor.parse_square(&name).map(|sq| editor.remove(sq)) {
                            Some(Ok(Some(_))) => removed.push(name),
                            Some(Ok(None)) => {
                                error = Some(format!("{name} is empty"));
                                break;
                            }
                            Some(Err(e)) => {
                                error = Some(e.to_string());
                                break;
                            }
                            None => {
                                error = Some(format!("`{name}` is not a square of this board"));
                                break;
                            }
                        }
                    }
                    match error {
                        Some(e) => Err(format!("{}.", super::text::capitalized(&e))),
                        None => Ok(format!("Removed the piece on {}.", removed.join(", "))),
                    }
                }
            }
            "clear" => {
                editor.clear();
                Ok("The board is empty.".to_string())
            }
            "turn" | "side" | "tomove" => match first.as_deref() {
                Some("white" | "w") => {
                    editor.set_turn(Color::White);
                    Ok("White to move.".to_string())
                }
                Some("black" | "b") => {
                    editor.set_turn(Color::Black);
                    Ok("Black to move.".to_string())
                }
                _ => Err("Usage: turn white|black".to_string()),
            },
            "move" | "number" => match first.as_deref().map(str::parse::<u32>) {
                Some(Ok(n)) if n >= 1 => {
                    editor.set_move_number(n);
                    Ok(format!("Move {n}."))
                }
                _ => Err("Usage: move N (the move number, from 1)".to_string()),
            },
            "halfmove" | "halfmoves" => match first.as_deref().map(str::parse::<u32>) {
                Some(Ok(n)) => {
                    editor.set_halfmove_clock(n);
                    Ok(format!(
                        "{n} half-moves since the last capture or pawn move."
                    ))
                }
                _ => Err("Usage: halfmove N".to_string()),
            },
            "score" | "scores" => {
                let numbers: Vec<Option<u16>> =
                    args.iter().map(|a| a.parse::<u16>().ok()).collect();
                match numbers.as_slice() {
                    [Some(white), Some(black)] => {
                        editor.set_score(Color::White, *white);
                        editor.set_score(Color::Black, *black);
                        Ok(format!("Score {white}–{black}."))
                    }
                    _ => Err("Usage: score WHITE BLACK, e.g. score 18 20".to_string()),
                }
            }
            "castling" => match args.first().and_then(|a| read_castling(a)) {
                Some(rights) => {
                    editor.set_castling(rights);
                    Ok(format!("Castling {}.", args[0]))
                }
                None => Err("Usage: castling KQkq (or any of those letters, or -)".to_string()),
            },
            "ep" | "enpassant" | "en-passant" => match first.as_deref() {
                Some("-" | "none") => editor
                    .set_en_passant(None)
                    .map(|()| "No en passant square.".to_string())
                    .map_err(|e| format!("{e}.")),
                Some(name) => match editor.parse_square(name) {
                    Some(square) => editor
                        .set_en_passant(Some(square))
                        .map(|()| format!("En passant square {name}."))
                        .map_err(|e| format!("{e}.")),
                    None => Err(format!("`{name}` is not a square of this board.")),
                },
                None => Err("Usage: ep SQUARE (or ep -)".to_string()),
            },
            "opening" => match first.as_deref() {
                Some("pending" | "on" | "yes") => {
                    editor.set_opening_pending(true);
                    Ok("The opening rule still applies.".to_string())
                }
                Some("done" | "off" | "no") => {
                    editor.set_opening_pending(false);
                    Ok("The opening rule no longer applies.".to_string())
                }
                _ => Err("Usage: opening pending|done (Ram and Frontal chess)".to_string()),
            },
            "start" | "reset" => {
                let variant = editor.variant();
                let number = match first.as_deref() {
                    None => Ok(None),
                    Some("random") => Ok(random_start(variant, seed)),
                    Some(n) => n
                        .parse::<u16>()
                        .map(Some)
                        .map_err(|_| format!("`{n}` is not a start number (0–959) or `random`.")),
                };
                match number {
                    Ok(number) => editor
                        .reset_to_start(number)
                        .map(|()| match number {
                            Some(n) => format!("The start position number {n}."),
                            None => "The start position.".to_string(),
                        })
                        .map_err(|e| format!("{}.", super::text::capitalized(&e.to_string()))),
                    Err(e) => Err(e),
                }
            }
            "fen" | "position" | "text" => match args.first() {
                None => Ok(format!("Position: {}", editor.to_text())),
                Some(text) => match PositionEditor::from_text(editor.variant(), text) {
                    Ok(read) => {
                        *editor = read;
                        Ok("Position read.".to_string())
                    }
                    Err(e) => Err(format!("Cannot read that position: {e}.")),
                },
            },
            "game" | "variant" => match first.as_deref().map(|id| Variant::parse(id, None, None)) {
                Some(Ok(variant)) => PositionEditor::start(variant, None)
                    .map(|start| {
                        *editor = start;
                        format!("{}: its start position.", variant.display_name())
                    })
                    .map_err(|e| format!("{e}.")),
                Some(Err(e)) => Err(format!("{e}.")),
                None => {
                    Err("Usage: game ID (norochess, ram, chess …): that game's start".to_string())
                }
            },
            "flip" => {
                screen.flipped = !screen.flipped;
                Ok(String::new())
            }
            "board" | "show" | "check" => Ok(String::new()),
            "play" => {
                self.play_from_editor(args);
                return;
            }
            _ => {
                let hint = self.did_you_mean(command);
                self.say(format!("Unknown command `{command}`.{hint} In the editor: put, remove, clear, turn, move, score, castling, ep, start, fen, game, flip; then play, analyse, compose, home (`help` for more)."));
                return;
            }
        };
        match result {
            Ok(message) => {
                if !message.is_empty() {
                    self.say(message);
                }
                self.show_editor();
            }
            Err(message) => self.say(message),
        }
    }

    /// `play [computer|friend] [level N] [white|black] [clock C] [names A B]`
    /// from the editor's position, if the editor accepts it.
    fn play_from_editor(&mut self, args: &[String]) {
        let View::Editor(screen) = &self.view else {
            return;
        };
        let editor = screen.editor.clone();
        let position = match editor.check() {
            Ok(position) => position,
            Err(problems) => {
                let texts: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
                self.say(format!(
                    "This position cannot be played: {}.",
                    texts.join("; ")
                ));
                return;
            }
        };
        let mut spec = match self.parse_spec(args) {
            Ok(spec) => spec,
            Err(e) => {
                self.say(format!(
                    "{e}. `play` takes the options of `new` (`help new`)."
                ));
                return;
            }
        };
        spec.variant = editor.variant();
        spec.start = None;
        spec.position = Some(position.to_text());
        match GameSession::new(spec) {
            Ok(session) => self.begin_game(session),
            Err(e) => self.say(format!("Cannot start that game: {e}.")),
        }
    }

    /// Prints the editor (line mode; the full-screen shell draws it).
    pub(super) fn show_editor(&mut self) {
        if self.cfg.full_screen {
            // The panel says whether it can be played; the problems are
            // news, and go to the messages too.
            let View::Editor(screen) = &self.view else {
                return;
            };
            if !screen.editor.is_playable() {
                let lines = problem_lines(&screen.editor);
                self.say(lines.join("\n"));
            }
            return;
        }
        let style = self.style();
        let View::Editor(screen) = &self.view else {
            return;
        };
        let editor = &screen.editor;
        let snapshot = editor_snapshot(editor);
        let bottom = if screen.flipped {
            Color::Black
        } else {
            Color::White
        };
        let marks = Marks {
            targets: problem_squares(editor),
            ..Marks::default()
        };
        let title = Game::from_position(editor.variant(), &editor.to_text()).map_or_else(
            |_| editor.variant().display_name().to_string(),
            |g| super::game_screen::variant_title(&g),
        );
        let mut lines = vec![
            heading(style, &format!("Position editor · {title}")),
            String::new(),
            format!("  {}", fields_line(editor)),
            String::new(),
        ];
        lines.extend(screen::board(&snapshot, bottom, &marks, style));
        lines.push(String::new());
        lines.push(format!("  Position: {}", editor.to_text()));
        lines.extend(problem_lines(editor));
        lines.push(
            "  put Qd5 · remove d5 · clear · turn black · move 48 · score 18 20 · start · fen \"…\" · play · analyse · compose · home"
                .to_string(),
        );
        self.say(lines.join("\n"));
    }
}

/// Whether the position can be played, or each of its problems.
pub(super) fn problem_lines(editor: &PositionEditor) -> Vec<String> {
    let problems = editor.view().problems;
    if problems.is_empty() {
        return vec![
            "  This position can be played: `play [computer|friend …]`, `analyse`, `compose [objective]`."
                .to_string(),
        ];
    }
    let mut lines = vec![
        "  This position cannot be played (marked * * on the board where it is about a square):"
            .to_string(),
    ];
    lines.extend(
        problems
            .iter()
            .map(|p| format!("  - {}", super::text::capitalized(&p.text))),
    );
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_and_castling_letters_read() {
        let editor = PositionEditor::new(Variant::Norochess);
        let (piece, square) = read_placement("Qd5", &editor).expect("reads");
        assert_eq!(
            piece.to_string(),
            Piece::from_fen_char('Q').expect("queen").to_string()
        );
        assert_eq!(editor.square_name(square), "d5");
        assert!(read_placement("Xd5", &editor).is_err());
        assert!(
            read_placement("Qj10", &editor).is_err(),
            "off the 8×8 board"
        );
        let ram = PositionEditor::new(Variant::parse("ram", None, None).expect("ram"));
        assert!(read_placement("kj10", &ram).is_ok());
        let rights = read_castling("Kq").expect("reads");
        assert!(rights.white_king_side && rights.black_queen_side);
        assert!(!rights.white_queen_side && !rights.black_king_side);
        assert_eq!(read_castling("-"), Some(CastlingRights::NONE));
        assert_eq!(read_castling("X"), None);
    }

    #[test]
    fn the_snapshot_holds_the_editors_pieces() {
        let editor = PositionEditor::start(Variant::Norochess, None).expect("start");
        let snapshot = editor_snapshot(&editor);
        assert_eq!(snapshot.board.iter().flatten().count(), 32);
        assert_eq!(fields_line(&editor), "White to move · move 1 · score 0–0");
    }
}
