//! The position editor across the boundary (the app layer's
//! `PositionEditor`): a screen places and removes pieces by square name,
//! sets the side to move, the move number and the scores, and draws
//! [`EditorView`], whose problems say why a position cannot be played. A
//! position leaves the editor only through [`PositionEditorHandle::checked_position`],
//! which never hands over one the rules refuse or that is already decided.

use crate::error::{guard, NorochessError, Result};
use crate::types::{lock, Piece, Side};
use norochess_app as app;
use norochess_core::{Square, Variant};
use std::sync::{Arc, Mutex};

pub use app::editor::{CastlingRights, EditorProblem, EditorView, ProblemView};

impl From<app::EditError> for NorochessError {
    fn from(e: app::EditError) -> Self {
        let detail = e.to_string();
        match e {
            app::EditError::OffBoard { .. } => NorochessError::invalid_argument(detail),
            app::EditError::NoStartNumbers { .. } | app::EditError::Variant(_) => {
                NorochessError::invalid_variant(detail)
            }
            app::EditError::Position(_) => NorochessError::InvalidPosition { detail },
        }
    }
}

/// A position being set up.
#[derive(uniffi::Object)]
pub struct PositionEditorHandle {
    editor: Mutex<app::PositionEditor>,
}

impl PositionEditorHandle {
    fn wrap(editor: app::PositionEditor) -> Arc<PositionEditorHandle> {
        Arc::new(PositionEditorHandle {
            editor: Mutex::new(editor),
        })
    }

    fn square(&self, name: &str) -> Result<Square> {
        let editor = lock(&self.editor);
        editor.parse_square(name.trim()).ok_or_else(|| {
            NorochessError::invalid_square(
                name,
                format!(
                    "`{name}` is not a square of the {}×{} board",
                    editor.width(),
                    editor.height()
                ),
            )
        })
    }
}

#[uniffi::export]
impl PositionEditorHandle {
    /// The start of `game` (a game id such as `norochess`), or of
    /// Norochess960's start `chess960_start`.
    #[uniffi::constructor]
    pub fn start(game: String, chess960_start: Option<u16>) -> Result<Arc<PositionEditorHandle>> {
        guard("PositionEditorHandle.start", || {
            let variant = Variant::parse(game.trim(), None, None)?;
            Ok(Self::wrap(app::PositionEditor::start(
                variant,
                chess960_start,
            )?))
        })
    }

    /// An empty board of `game`.
    #[uniffi::constructor]
    pub fn empty(game: String) -> Result<Arc<PositionEditorHandle>> {
        guard("PositionEditorHandle.empty", || {
            let variant = Variant::parse(game.trim(), None, None)?;
            Ok(Self::wrap(app::PositionEditor::new(variant)))
        })
    }

    /// The position text `position` of `game` (a game's position, to edit).
    #[uniffi::constructor]
    pub fn of_position(game: String, position: String) -> Result<Arc<PositionEditorHandle>> {
        guard("PositionEditorHandle.of_position", || {
            let variant = Variant::parse(game.trim(), None, None)?;
            Ok(Self::wrap(app::PositionEditor::from_text(
                variant, &position,
            )?))
        })
    }

    /// Everything the editor screen draws.
    pub fn view(&self) -> EditorView {
        lock(&self.editor).view()
    }

    /// Puts `piece` on `square` (replacing what was there).
    pub fn place(&self, square: String, piece: Piece) -> Result<EditorView> {
        guard("PositionEditorHandle.place", || {
            let square = self.square(&square)?;
            let mut editor = lock(&self.editor);
            editor.place(square, piece)?;
            Ok(editor.view())
        })
    }

    /// Empties `square`.
    pub fn remove(&self, square: String) -> Result<EditorView> {
        guard("PositionEditorHandle.remove", || {
            let square = self.square(&square)?;
            let mut editor = lock(&self.editor);
            editor.remove(square)?;
            Ok(editor.view())
        })
    }

    /// Empties the board.
    pub fn clear(&self) -> EditorView {
        let mut editor = lock(&self.editor);
        editor.clear();
        editor.view()
    }

    /// Back to the game's start (Norochess960: start `chess960_start`).
    pub fn reset_to_start(&self, chess960_start: Option<u16>) -> Result<EditorView> {
        guard("PositionEditorHandle.reset_to_start", || {
            let mut editor = lock(&self.editor);
            editor.reset_to_start(chess960_start)?;
            Ok(editor.view())
        })
    }

    /// The side to move.
    pub fn set_turn(&self, side: Side) -> EditorView {
        let mut editor = lock(&self.editor);
        editor.set_turn(side);
        editor.view()
    }

    /// The move number.
    pub fn set_move_number(&self, move_number: u32) -> EditorView {
        let mut editor = lock(&self.editor);
        editor.set_move_number(move_number);
        editor.view()
    }

    /// A side's score.
    pub fn set_score(&self, side: Side, score: u16) -> EditorView {
        let mut editor = lock(&self.editor);
        editor.set_score(side, score);
        editor.view()
    }

    /// Castling rights (standard chess).
    pub fn set_castling(&self, castling: CastlingRights) -> EditorView {
        let mut editor = lock(&self.editor);
        editor.set_castling(castling);
        editor.view()
    }

    /// The en passant square, or none.
    pub fn set_en_passant(&self, square: Option<String>) -> Result<EditorView> {
        guard("PositionEditorHandle.set_en_passant", || {
            let square = square.map(|s| self.square(&s)).transpose()?;
            let mut editor = lock(&self.editor);
            editor.set_en_passant(square)?;
            Ok(editor.view())
        })
    }

    /// Ram and Frontal chess: whether the opening restriction still applies.
    pub fn set_opening_pending(&self, pending: bool) -> EditorView {
        let mut editor = lock(&self.editor);
        editor.set_opening_pending(pending);
        editor.view()
    }

    /// The position text to play, analyse or compose from; an error
    /// listing every problem when it cannot be played.
    pub fn checked_position(&self) -> Result<String> {
        let editor = lock(&self.editor);
        match editor.check() {
            Ok(position) => Ok(position.to_text()),
            Err(problems) => Err(NorochessError::InvalidPosition {
                detail: problems
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            }),
        }
    }
}
