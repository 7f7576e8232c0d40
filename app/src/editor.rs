//! The position editor: set up any position of any game (8×8 and 10×10)
//! by placing and removing pieces and choosing the side to move, the move
//! number, both scores, castling rights, the en passant square and the
//! Ram/Frontal opening restriction, or start from a game's start position
//! (a numbered one in Norochess960).
//!
//! The editor holds whatever the player has set up, possible or not, so a
//! half-made position can be drawn and fixed one step at a time. It never
//! hands out a position the rules refuse: [`PositionEditor::check`] says
//! *every* reason it can find why the position cannot occur, in words a
//! player understands ([`EditorProblem`]), and returns a position only
//! when the core's reader accepts it and the game in it is not already
//! over (a Norochess side without pieces, scores that differ after move
//! 48, checkmate, no legal move…). The core's reader stays the final
//! judge: the editor's own checks exist to find all problems at once and
//! to name them, and some of them (scores against the moves played, the
//! half-move clock, bishops on one colour) are stricter than the reader.
//!
//! Pure logic without I/O; squares are the core's [`Square`] indexes, as
//! everywhere in the app layer (the shells name them, see
//! [`PositionEditor::parse_square`]).

use crate::board_view::PlacedPiece;
use crate::game_menu::GameSetup;
use crate::result::{GameResult, Scores};
use norochess_core::puzzle::{most_points_in, moves_made, score_bounds};
use norochess_core::{
    chess960_back_rank, AnyPosition, Bitboard, Board10, Board8, BoardSize, Color, Game, Geometry,
    OpeningRule, Piece, PositionError, PromotionRule, Role, Rules, Square, Variant, VariantError,
};
use std::fmt::Write as _;
use thiserror::Error;

/// The text format's limit on both move counters (docs/position-format.md);
/// the editor names it rather than letting the reader reject the text.
const MAX_COUNTER: u32 = 1_000_000;

/// The roles a pawn can become, for counting promoted pieces.
const PIECE_ROLES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// Which castling moves are still allowed (chess, Improved and Crab chess;
/// the other games have none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct CastlingRights {
    /// White may castle king side (`K`: king e1, rook h1).
    pub white_king_side: bool,
    /// White may castle queen side (`Q`: king e1, rook a1).
    pub white_queen_side: bool,
    /// Black may castle king side (`k`: king e8, rook h8).
    pub black_king_side: bool,
    /// Black may castle queen side (`q`: king e8, rook a8).
    pub black_queen_side: bool,
}

impl CastlingRights {
    /// No castling at all.
    pub const NONE: CastlingRights = CastlingRights {
        white_king_side: false,
        white_queen_side: false,
        black_king_side: false,
        black_queen_side: false,
    };

    /// Every castling right (the chess start).
    pub const ALL: CastlingRights = CastlingRights {
        white_king_side: true,
        white_queen_side: true,
        black_king_side: true,
        black_queen_side: true,
    };

    /// Whether `color` may castle on the king side (`king_side`) or the
    /// queen side.
    pub fn get(self, color: Color, king_side: bool) -> bool {
        match (color, king_side) {
            (Color::White, true) => self.white_king_side,
            (Color::White, false) => self.white_queen_side,
            (Color::Black, true) => self.black_king_side,
            (Color::Black, false) => self.black_queen_side,
        }
    }

    /// Allows or forbids one castling move.
    pub fn set(&mut self, color: Color, king_side: bool, allowed: bool) {
        let right = match (color, king_side) {
            (Color::White, true) => &mut self.white_king_side,
            (Color::White, false) => &mut self.white_queen_side,
            (Color::Black, true) => &mut self.black_king_side,
            (Color::Black, false) => &mut self.black_queen_side,
        };
        *right = allowed;
    }

    /// Whether no castling right is set.
    pub fn is_empty(self) -> bool {
        self == CastlingRights::NONE
    }

    /// The rights of the core's mask (K=1, Q=2, k=4, q=8).
    fn from_mask(mask: u8) -> CastlingRights {
        CastlingRights {
            white_king_side: mask & 1 != 0,
            white_queen_side: mask & 2 != 0,
            black_king_side: mask & 4 != 0,
            black_queen_side: mask & 8 != 0,
        }
    }

    /// Each right with its side and wing, in the text format's `KQkq` order.
    fn each(self) -> [(Color, bool, bool, char); 4] {
        [
            (Color::White, true, self.white_king_side, 'K'),
            (Color::White, false, self.white_queen_side, 'Q'),
            (Color::Black, true, self.black_king_side, 'k'),
            (Color::Black, false, self.black_queen_side, 'q'),
        ]
    }

    /// The castling field of the position text: `KQkq`, `Kq` or `-`.
    fn text(self) -> String {
        let letters: String = self
            .each()
            .into_iter()
            .filter(|&(_, _, allowed, _)| allowed)
            .map(|(_, _, _, letter)| letter)
            .collect();
        if letters.is_empty() {
            "-".to_string()
        } else {
            letters
        }
    }
}

/// Why an edit could not be made or an editor could not be created. These
/// are mistakes of the caller (a square off the board, a start number that
/// does not exist); what is wrong with the position itself is an
/// [`EditorProblem`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EditError {
    /// A square index beyond the board (shells pass indexes or names; a
    /// stale index from the other board size must not panic).
    #[error("square {index} is not on the {width}×{height} board")]
    OffBoard {
        /// The index given.
        index: u32,
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
    },
    /// A start number for a game whose start is fixed (as the new-game
    /// menu refuses it: a number that changes nothing is a mistake).
    #[error("a start number applies only to games with numbered starts, not to {game}")]
    NoStartNumbers {
        /// The game's id.
        game: String,
    },
    /// A start number out of range (Norochess960: 0–959).
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A position text the core cannot read, given to
    /// [`PositionEditor::from_text`].
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// One reason why the position on the editor cannot occur in its game, or
/// is already decided, as data (square names, sides, numbers) with the
/// English sentence as its message. A screen lists the sentences and may
/// mark [`EditorProblem::squares`] on the board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum EditorProblem {
    /// A pawn on the first or last rank (it would have promoted, and it
    /// cannot have started there).
    #[error("the {} pawn on {square} cannot stand there: pawns never stand on the first or last rank", .side.lowercase_name())]
    PawnOnBackRank {
        /// The pawn's square (`e8`).
        square: String,
        /// Whose pawn it is.
        side: Color,
    },
    /// More pawns than a side starts with.
    #[error("{side} has {count} pawns, but a side has at most {most}")]
    TooManyPawns {
        /// The side.
        side: Color,
        /// Its pawns on the board.
        count: u32,
        /// The pawns it starts with.
        most: u32,
    },
    /// Ram and Frontal chess: more pieces of a kind than at the start,
    /// where a promotion only brings back a lost piece.
    #[error("{side} has {count} {role}s, but in {game} a promotion only brings back a lost piece, so a side has at most {}", plural(*.most, .role.name()))]
    MoreThanStartSet {
        /// The side.
        side: Color,
        /// The kind of piece.
        role: Role,
        /// How many it has.
        count: u32,
        /// How many it starts with.
        most: u32,
        /// The game's name.
        game: String,
    },
    /// More pieces beyond the start set than missing pawns: every extra
    /// piece is a promoted pawn.
    #[error("{side} has {extras}, which only promoted pawns can be, but {}", missing_pawns_text(*.missing_pawns))]
    TooManyPromoted {
        /// The side.
        side: Color,
        /// The pieces beyond the start set, in words (`2 extra queens and
        /// 1 extra bishop on light squares`).
        extras: String,
        /// How many pieces that is.
        promoted: u32,
        /// The side's pawns missing from the board.
        missing_pawns: u32,
    },
    /// More than one king of a side.
    #[error("{side} has {count} kings, but a side has only one")]
    TooManyKings {
        /// The side.
        side: Color,
        /// Its kings on the board.
        count: u32,
    },
    /// Games with a royal king: a side without its king.
    #[error("{side} has no king: in {game} each side must have its king on the board")]
    NoKing {
        /// The side.
        side: Color,
        /// The game's name.
        game: String,
    },
    /// The Norochess family: a side without pieces has lost, so the game
    /// would be over already.
    #[error("{side} has no pieces: in {game} a side without pieces has lost, so the game would already be over")]
    NoPieces {
        /// The side.
        side: Color,
        /// The game's name.
        game: String,
    },
    /// Games with a royal king: the side not to move is in check, which
    /// its own last move cannot have left.
    #[error("{side} is not to move, but its king on {square} is in check: no move can have left it there")]
    WaitingSideInCheck {
        /// The side in check.
        side: Color,
        /// Its king's square.
        square: String,
    },
    /// A castling right in a game without castling.
    #[error("{game} has no castling")]
    CastlingNotInGame {
        /// The game's name.
        game: String,
    },
    /// A castling right without the king and that rook on their home
    /// squares.
    #[error("{side} may castle {} only with its king on {king_square} and a rook on {rook_square}", wing(*.king_side))]
    CastlingNeedsPieces {
        /// The side.
        side: Color,
        /// King side (else queen side).
        king_side: bool,
        /// The king's home square (`e1`).
        king_square: String,
        /// The rook's home square (`h1`).
        rook_square: String,
    },
    /// An en passant square in a game without en passant.
    #[error("{game} has no en passant")]
    EnPassantNotInGame {
        /// The game's name.
        game: String,
    },
    /// An en passant square on a rank no pawn of the side not to move can
    /// just have passed.
    #[error("{square} cannot be the en passant square: with {side} to move it must be on rank {rank}, which a pawn stepping two squares passes")]
    EnPassantWrongRank {
        /// The square given.
        square: String,
        /// The side to move.
        side: Color,
        /// The rank it must be on (6 or 3, from 1).
        rank: u32,
    },
    /// An en passant square, or the square the pawn came from, occupied.
    #[error("{square} cannot be the en passant square: a pawn has just passed over it from {start}, so both must be empty")]
    EnPassantNotEmpty {
        /// The square given.
        square: String,
        /// The pawn's start square behind it.
        start: String,
    },
    /// An en passant square with no pawn in front of it that could just
    /// have passed it.
    #[error("{square} cannot be the en passant square: there is no {} pawn on {pawn_square} that could just have passed it", .side.lowercase_name())]
    EnPassantNoPawn {
        /// The square given.
        square: String,
        /// Where the pawn would stand.
        pawn_square: String,
        /// Whose pawn it would be (the side not to move).
        side: Color,
    },
    /// A move number outside the game: 0, or past the Norochess family's
    /// last move (60), or past the text format's limit.
    #[error("move {number} is not a move of {game}: moves run from 1 to {last}")]
    MoveNumberOutOfRange {
        /// The move number given.
        number: u32,
        /// The last move there can be.
        last: u32,
        /// The game's name.
        game: String,
    },
    /// More half-moves since the last capture or pawn move than have been
    /// played by this move number.
    #[error("{clock} half-moves since the last capture or pawn move are more than the {plies} half-moves played by this move number")]
    HalfmoveClockTooHigh {
        /// The clock given.
        clock: u32,
        /// The half-moves played before this position.
        plies: u32,
    },
    /// Scores in a game without capture points.
    #[error("{game} has no capture points, so both scores must be 0")]
    ScoresWithoutPoints {
        /// The game's name.
        game: String,
    },
    /// A score higher than the opponent's material missing from the
    /// board can be worth (the core's `score_bounds`).
    #[error("{side} has {score} points, but the {} material missing from the board is worth at most {max}", (!*.side).lowercase_name())]
    ScoreTooHigh {
        /// The side.
        side: Color,
        /// Its score.
        score: u32,
        /// The most it can have scored.
        max: u32,
    },
    /// A score lower than the opponent's pieces missing from the board are
    /// worth: in the Norochess family a piece leaves the board only by
    /// being captured, and every capture scores.
    #[error("{side} has {score} points, but it must have captured the {} pieces missing from the board, worth at least {min}", (!*.side).lowercase_name())]
    ScoreTooLow {
        /// The side.
        side: Color,
        /// Its score.
        score: u32,
        /// The least it can have scored.
        min: u32,
    },
    /// A score that the side's moves so far cannot have made: a move
    /// scores at most 9 points.
    #[error("{side} has {score} points after {}, but a move scores at most 9 points", plural(*.moves, "move"))]
    ScoreTooEarly {
        /// The side.
        side: Color,
        /// Its score.
        score: u32,
        /// The moves it has made by this move number.
        moves: u32,
    },
    /// The opening restriction in a game that has none.
    #[error("{game} has no opening restriction")]
    OpeningRuleNotInGame {
        /// The game's name.
        game: String,
    },
    /// Ram chess: the first-move restriction with Black to move (White has
    /// moved, so it is used up).
    #[error("in {game} the first-move restriction can only apply with White to move")]
    OpeningRuleNeedsWhiteToMove {
        /// The game's name.
        game: String,
    },
    /// The game in this position is already over (no legal move, checkmate,
    /// the move limit with different scores…): there is nothing to play.
    #[error("the game is already over in this position: {}", .result.sentence())]
    AlreadyDecided {
        /// How it ended.
        result: GameResult,
    },
    /// The core refuses the position for a reason the editor does not
    /// check itself (the core's `impossible position` errors).
    #[error("the rules refuse this position: {reason}")]
    Refused {
        /// The core's reason.
        reason: String,
    },
    /// The core cannot read the editor's text (a field it does not
    /// accept); the editor writes only readable texts, so this names a
    /// disagreement between the two rather than a player's mistake.
    #[error("the position text cannot be read: {detail}")]
    Unreadable {
        /// The core's message.
        detail: String,
    },
}

impl From<PositionError> for EditorProblem {
    /// The core reader's refusal as a problem: its impossible positions
    /// are [`EditorProblem::Refused`], its unreadable texts
    /// [`EditorProblem::Unreadable`].
    fn from(error: PositionError) -> EditorProblem {
        match error {
            PositionError::Illegal(reason) => EditorProblem::Refused { reason },
            error @ (PositionError::Empty
            | PositionError::MissingField(_)
            | PositionError::Syntax { .. }) => EditorProblem::Unreadable {
                detail: error.to_string(),
            },
        }
    }
}

impl EditorProblem {
    /// The squares the problem is about, for a screen to mark on the board
    /// (empty when it is about no square in particular).
    pub fn squares(&self) -> Vec<String> {
        match self {
            EditorProblem::PawnOnBackRank { square, .. }
            | EditorProblem::WaitingSideInCheck { square, .. }
            | EditorProblem::EnPassantWrongRank { square, .. } => vec![square.clone()],
            EditorProblem::CastlingNeedsPieces {
                king_square,
                rook_square,
                ..
            } => vec![king_square.clone(), rook_square.clone()],
            EditorProblem::EnPassantNotEmpty { square, start } => {
                vec![square.clone(), start.clone()]
            }
            EditorProblem::EnPassantNoPawn {
                square,
                pawn_square,
                ..
            } => vec![square.clone(), pawn_square.clone()],
            _ => Vec::new(),
        }
    }
}

/// One problem as a screen lists it: the data, the sentence and the
/// squares to mark.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ProblemView {
    /// The problem as data.
    pub problem: EditorProblem,
    /// The sentence to show.
    pub text: String,
    /// The squares to mark on the board.
    pub squares: Vec<String>,
}

impl From<EditorProblem> for ProblemView {
    fn from(problem: EditorProblem) -> ProblemView {
        ProblemView {
            text: problem.to_string(),
            squares: problem.squares(),
            problem,
        }
    }
}

/// Everything an editor screen draws: the board, the fields, which fields
/// the game has, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct EditorView {
    /// The game, with its options and, when the board is exactly one of
    /// its numbered starts, that start's number.
    pub setup: GameSetup,
    /// Board width (8 or 10).
    pub width: u32,
    /// Board height (8 or 10).
    pub height: u32,
    /// Every piece with its square.
    pub pieces: Vec<PlacedPiece>,
    /// The side to move.
    pub turn: Color,
    /// The move number.
    pub move_number: u32,
    /// The last move number the game can have (60 in the Norochess
    /// family), for the move number's picker.
    pub last_move: u32,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// Both scores, where captures score (or where scores were set though
    /// the game has none, so the screen shows what is wrong).
    pub scores: Option<Scores>,
    /// Castling rights.
    pub castling: CastlingRights,
    /// The en passant square, if any.
    pub en_passant: Option<String>,
    /// Ram/Frontal: the opening restriction still applies.
    pub opening_pending: bool,
    /// Whether the game has capture points (show the score fields).
    pub has_scores: bool,
    /// Whether the game has castling (show the castling boxes).
    pub has_castling: bool,
    /// Whether the game has en passant (offer an en passant square).
    pub has_en_passant: bool,
    /// Whether the game has an opening restriction (Ram, Frontal).
    pub has_opening_rule: bool,
    /// The position text as it stands.
    pub position_text: String,
    /// Everything wrong with the position; empty when it can be played.
    pub problems: Vec<ProblemView>,
    /// Whether the position can be played (no problems).
    pub is_playable: bool,
}

/// A position being set up: a board of the game's size with whatever the
/// player has placed, and the position's other fields. Plain data; every
/// edit is allowed and [`PositionEditor::check`] judges the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionEditor {
    variant: Variant,
    width: u8,
    height: u8,
    /// `board[square index]`, `width * height` squares.
    board: Vec<Option<Piece>>,
    turn: Color,
    castling: CastlingRights,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    move_number: u32,
    scores: [u16; 2],
    opening_pending: bool,
}

impl PositionEditor {
    /// An empty board of `variant`'s size, White to move at move 1, scores
    /// 0–0, no castling, no en passant square.
    pub fn new(variant: Variant) -> PositionEditor {
        let (width, height) = board_dimensions(variant.board_size());
        PositionEditor {
            variant,
            width,
            height,
            board: vec![None; usize::from(width) * usize::from(height)],
            turn: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            move_number: 1,
            scores: [0, 0],
            opening_pending: false,
        }
    }

    /// The editor holding `position`, every field of it (so
    /// `from_position(p).to_text() == p.to_text()`).
    pub fn from_position(position: &AnyPosition) -> PositionEditor {
        let mut editor = PositionEditor::new(position.variant());
        for (square, piece) in position.pieces() {
            if let Some(slot) = editor.board.get_mut(square.index()) {
                *slot = Some(piece);
            }
        }
        let (castling, en_passant) = match position {
            AnyPosition::Eight(p) => (p.castling_rights(), p.ep_square()),
            AnyPosition::Ten(p) => (p.castling_rights(), p.ep_square()),
        };
        editor.turn = position.turn();
        editor.castling = CastlingRights::from_mask(castling);
        editor.en_passant = en_passant;
        editor.halfmove_clock = position.halfmove_clock();
        editor.move_number = position.fullmove_number();
        editor.scores = [position.score(Color::White), position.score(Color::Black)];
        editor.opening_pending = position.opening_pending();
        editor
    }

    /// The editor holding `variant`'s start position; `chess960_start`
    /// picks a numbered start (Norochess960: 0–959, `None` the standard
    /// 518) and is refused for a game with one start.
    pub fn start(
        variant: Variant,
        chess960_start: Option<u16>,
    ) -> Result<PositionEditor, EditError> {
        if chess960_start.is_some() && variant.start_numbering().is_none() {
            return Err(EditError::NoStartNumbers {
                game: variant.id().to_string(),
            });
        }
        let text = variant.start_text(chess960_start)?;
        Ok(PositionEditor::from_position(&AnyPosition::from_text(
            variant, &text,
        )?))
    }

    /// The editor holding the position `text` of `variant` (a pasted
    /// position), if the core can read it.
    pub fn from_text(variant: Variant, text: &str) -> Result<PositionEditor, EditError> {
        Ok(PositionEditor::from_position(&AnyPosition::from_text(
            variant, text,
        )?))
    }

    /// Replaces everything with `variant`'s start (see
    /// [`PositionEditor::start`]); on an error nothing changes.
    pub fn reset_to_start(&mut self, chess960_start: Option<u16>) -> Result<(), EditError> {
        *self = PositionEditor::start(self.variant, chess960_start)?;
        Ok(())
    }

    // --- edits ---

    /// Puts `piece` on `square`, replacing what stood there (returned).
    pub fn place(&mut self, square: Square, piece: Piece) -> Result<Option<Piece>, EditError> {
        let slot = self.slot(square)?;
        Ok(slot.replace(piece))
    }

    /// Takes the piece off `square` (returned; `None` if it was empty).
    pub fn remove(&mut self, square: Square) -> Result<Option<Piece>, EditError> {
        let slot = self.slot(square)?;
        Ok(slot.take())
    }

    /// Empties the board. The castling rights and the en passant square
    /// go too (they are about pieces that are gone); the side to move, the
    /// move number and the scores stay.
    pub fn clear(&mut self) {
        self.board.iter_mut().for_each(|slot| *slot = None);
        self.castling = CastlingRights::NONE;
        self.en_passant = None;
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, turn: Color) {
        self.turn = turn;
    }

    /// Sets the move number (any number: [`PositionEditor::check`] says
    /// whether the game has it).
    pub fn set_move_number(&mut self, move_number: u32) {
        self.move_number = move_number;
    }

    /// Sets the half-moves since the last capture or pawn move.
    pub fn set_halfmove_clock(&mut self, halfmove_clock: u32) {
        self.halfmove_clock = halfmove_clock;
    }

    /// Sets `color`'s score (checked against the material by
    /// [`PositionEditor::check`]).
    pub fn set_score(&mut self, color: Color, score: u16) {
        self.scores[color.index()] = score;
    }

    /// Sets the castling rights.
    pub fn set_castling(&mut self, castling: CastlingRights) {
        self.castling = castling;
    }

    /// Sets the en passant square (the square a pawn of the side not to
    /// move has just passed with a double step), or none.
    pub fn set_en_passant(&mut self, square: Option<Square>) -> Result<(), EditError> {
        if let Some(square) = square {
            self.slot(square)?;
        }
        self.en_passant = square;
        Ok(())
    }

    /// Sets whether the Ram/Frontal opening restriction still applies.
    pub fn set_opening_pending(&mut self, pending: bool) {
        self.opening_pending = pending;
    }

    // --- what is on the editor ---

    /// The game.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Number of files (8 or 10).
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Number of ranks (8 or 10).
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The piece on `square` (`None` for an empty square or one off the
    /// board).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.get(square.index()).copied().flatten()
    }

    /// Every piece with its square, lowest square first, as the board
    /// draws them.
    pub fn pieces(&self) -> Vec<PlacedPiece> {
        self.occupied()
            .map(|(square, piece)| PlacedPiece {
                square: self.square_name(square),
                file: u32::from(square.file(self.width)),
                rank: u32::from(square.rank(self.width)),
                piece,
            })
            .collect()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The move number.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// `color`'s score.
    pub fn score(&self, color: Color) -> u16 {
        self.scores[color.index()]
    }

    /// The castling rights.
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant square, if any.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Whether the Ram/Frontal opening restriction still applies.
    pub fn opening_pending(&self) -> bool {
        self.opening_pending
    }

    /// The name of `square` on this board (`e4`, `j10`).
    pub fn square_name(&self, square: Square) -> String {
        square.name(self.width)
    }

    /// The square called `name` on this board, if there is one (how the
    /// shells turn the names they show into squares).
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        Square::parse(name.trim(), self.width, self.height)
    }

    /// The number of the game's numbered start the editor holds exactly
    /// (Norochess960: 0–959), if it holds one.
    pub fn start_number(&self) -> Option<u16> {
        let numbering = self.variant.start_numbering()?;
        // The white back rank picks the one candidate; the whole text must
        // then be that start's (pawns, Black, side to move, counters).
        let back: Vec<Option<Role>> = (0..self.width)
            .map(|file| {
                self.piece_at(Square::from_coords(file, 0, self.width))
                    .filter(|p| p.color == Color::White)
                    .map(|p| p.role)
            })
            .collect();
        let text = self.to_text();
        (0..numbering.count).find(|&number| {
            chess960_back_rank(number).is_ok_and(|rank| {
                rank.iter().map(|&r| Some(r)).eq(back.iter().copied())
                    && self.variant.start_text(Some(number)).as_deref() == Ok(text.as_str())
            })
        })
    }

    /// The position text of what is on the editor, in the core's format
    /// (docs/position-format.md). Every field is written as it is set,
    /// possible or not (a score in chess too), so the core's reader judges
    /// exactly what the player sees.
    pub fn to_text(&self) -> String {
        let mut text = self.board_text();
        let en_passant = self
            .en_passant
            .map_or_else(|| "-".to_string(), |sq| self.square_name(sq));
        let _ = write!(
            text,
            " {} {} {en_passant} {} {}",
            self.turn.fen_char(),
            self.castling.text(),
            self.halfmove_clock,
            self.move_number
        );
        if self.rules().capture_points || self.scores != [0, 0] {
            let _ = write!(text, " score={}-{}", self.scores[0], self.scores[1]);
        }
        if self.opening_pending {
            text.push_str(" opening=pending");
        }
        text
    }

    /// The board field of the position text (the core's writer).
    fn board_text(&self) -> String {
        norochess_core::board_field(self.width, self.height, |sq| self.piece_at(sq))
    }

    // --- judging ---

    /// The position, if it can be played: the core's reader accepts it
    /// and the game in it is not already over. Otherwise every problem
    /// found (see [`PositionEditor::problems`]).
    pub fn check(&self) -> Result<AnyPosition, Vec<EditorProblem>> {
        self.judge().map(|(position, _)| position)
    }

    /// A game from the position, if it can be played (see
    /// [`PositionEditor::check`]).
    pub fn to_game(&self) -> Result<Game, Vec<EditorProblem>> {
        self.judge().map(|(_, game)| game)
    }

    /// Everything wrong with the position; empty when it can be played.
    ///
    /// Problems with the pieces, the fields and the scores are all listed
    /// together. Some need a position the core reads, so they come only
    /// once others are fixed: a score above what the missing material is
    /// worth needs pieces the reader accepts (the core's bound is made for
    /// a position); the reader's own refusals
    /// ([`EditorProblem::Refused`], [`EditorProblem::Unreadable`]) and
    /// [`EditorProblem::AlreadyDecided`] (the referee judges a game) come
    /// only when nothing else is wrong.
    pub fn problems(&self) -> Vec<EditorProblem> {
        self.judge().err().unwrap_or_default()
    }

    /// Whether the position can be played.
    pub fn is_playable(&self) -> bool {
        self.judge().is_ok()
    }

    /// Everything an editor screen draws.
    pub fn view(&self) -> EditorView {
        let rules = self.rules();
        let problems = self.problems();
        EditorView {
            setup: GameSetup::of(self.variant, self.start_number()),
            width: u32::from(self.width),
            height: u32::from(self.height),
            pieces: self.pieces(),
            turn: self.turn,
            move_number: self.move_number,
            last_move: last_move(&rules),
            halfmove_clock: self.halfmove_clock,
            scores: (rules.capture_points || self.scores != [0, 0]).then_some(Scores {
                white: u32::from(self.scores[0]),
                black: u32::from(self.scores[1]),
            }),
            castling: self.castling,
            en_passant: self.en_passant.map(|sq| self.square_name(sq)),
            opening_pending: self.opening_pending,
            has_scores: rules.capture_points,
            has_castling: rules.castling,
            has_en_passant: rules.en_passant,
            has_opening_rule: rules.opening != OpeningRule::None,
            position_text: self.to_text(),
            is_playable: problems.is_empty(),
            problems: problems.into_iter().map(ProblemView::from).collect(),
        }
    }

    /// The one judgement behind `check`, `to_game` and `problems`: the
    /// editor's own checks, then the core's reader, the scores against the
    /// material and the referee.
    fn judge(&self) -> Result<(AnyPosition, Game), Vec<EditorProblem>> {
        let mut problems = Vec::new();
        self.check_pieces(&mut problems);
        self.check_castling(&mut problems);
        self.check_en_passant(&mut problems);
        self.check_counters(&mut problems);
        self.check_scores(&mut problems);
        self.check_opening(&mut problems);
        if !problems.is_empty() {
            // The reader would stop at its first error, which the editor's
            // own checks have already named in their words.
            return Err(problems);
        }
        let text = self.to_text();
        let position = AnyPosition::from_text(self.variant, &text)
            .map_err(|e| vec![EditorProblem::from(e)])?;
        let game = Game::from_position(self.variant, &text).map_err(|e| {
            vec![EditorProblem::Refused {
                reason: e.to_string(),
            }]
        })?;
        if let Some(mut result) = GameResult::of(&game) {
            // A set-up position has no last move: the move that ended the
            // game is the one before this move number (Black's, with White
            // to move), which the result's sentence names.
            if self.turn == Color::White && self.move_number > 1 {
                result.decided_at_move = Some(self.move_number - 1);
                result.last_mover = Some(Color::Black);
            }
            return Err(vec![EditorProblem::AlreadyDecided { result }]);
        }
        Ok((position, game))
    }

    /// Pawns on the back ranks, too many pawns, pieces beyond what
    /// promotions explain, kings, sides without pieces, and the side not to
    /// move in check.
    fn check_pieces(&self, problems: &mut Vec<EditorProblem>) {
        let rules = self.rules();
        let game = self.game_name();
        for (square, piece) in self.occupied() {
            let rank = square.rank(self.width);
            if piece.role == Role::Pawn && (rank == 0 || rank + 1 == self.height) {
                problems.push(EditorProblem::PawnOnBackRank {
                    square: self.square_name(square),
                    side: piece.color,
                });
            }
        }
        for side in Color::ALL {
            let count = |role: Role| self.count(side, role);
            let start = |role: Role| u32::from(rules.start_counts[role.index()]);
            let pawns = count(Role::Pawn);
            if pawns > start(Role::Pawn) {
                problems.push(EditorProblem::TooManyPawns {
                    side,
                    count: pawns,
                    most: start(Role::Pawn),
                });
            }
            if rules.promotion == PromotionRule::Free {
                let extras = self.promoted_pieces(side, &rules);
                let promoted: u32 = extras.iter().map(|(n, _)| n).sum();
                let missing_pawns = start(Role::Pawn).saturating_sub(pawns);
                if promoted > missing_pawns {
                    let words: Vec<String> = extras.into_iter().map(|(_, w)| w).collect();
                    problems.push(EditorProblem::TooManyPromoted {
                        side,
                        extras: join_words(&words),
                        promoted,
                        missing_pawns,
                    });
                }
            } else {
                // Resurrection only brings lost pieces back: the start set
                // is the most of each kind, and no pawn is spent.
                for role in PIECE_ROLES.into_iter().rev() {
                    if count(role) > start(role) {
                        problems.push(EditorProblem::MoreThanStartSet {
                            side,
                            role,
                            count: count(role),
                            most: start(role),
                            game: game.clone(),
                        });
                    }
                }
            }
            let kings = count(Role::King);
            if kings > 1 {
                problems.push(EditorProblem::TooManyKings { side, count: kings });
            }
            if rules.royal_king && kings == 0 {
                problems.push(EditorProblem::NoKing {
                    side,
                    game: game.clone(),
                });
            }
            if rules.capture_points && self.occupied().all(|(_, p)| p.color != side) {
                problems.push(EditorProblem::NoPieces {
                    side,
                    game: game.clone(),
                });
            }
        }
        if rules.royal_king {
            let waiting = !self.turn;
            let kings: Vec<Square> = self
                .occupied()
                .filter(|&(_, p)| {
                    p == Piece {
                        color: waiting,
                        role: Role::King,
                    }
                })
                .map(|(sq, _)| sq)
                .collect();
            if let [king] = kings.as_slice() {
                if self.attacked(*king, self.turn) {
                    problems.push(EditorProblem::WaitingSideInCheck {
                        side: waiting,
                        square: self.square_name(*king),
                    });
                }
            }
        }
    }

    /// The pieces of `side` beyond its start set, each of which is a
    /// promoted pawn, as (how many, in words). Where promotion is free,
    /// two bishops on squares of one colour are one promoted bishop too:
    /// every start set has its bishops on both colours.
    fn promoted_pieces(&self, side: Color, rules: &Rules) -> Vec<(u32, String)> {
        let mut extras = Vec::new();
        for role in PIECE_ROLES.into_iter().rev() {
            let start = u32::from(rules.start_counts[role.index()]);
            if role == Role::Bishop && start == 2 {
                for (light, colour) in [(true, "light"), (false, "dark")] {
                    let on_colour = self
                        .occupied()
                        .filter(|&(sq, p)| {
                            p == Piece { color: side, role } && is_light(sq, self.width) == light
                        })
                        .count();
                    let extra = u32::try_from(on_colour)
                        .unwrap_or(u32::MAX)
                        .saturating_sub(1);
                    if extra > 0 {
                        extras.push((
                            extra,
                            format!(
                                "{extra} extra {} on {colour} squares",
                                plural_word(extra, "bishop")
                            ),
                        ));
                    }
                }
                continue;
            }
            let extra = self.count(side, role).saturating_sub(start);
            if extra > 0 {
                extras.push((
                    extra,
                    format!("{extra} extra {}", plural_word(extra, role.name())),
                ));
            }
        }
        extras
    }

    /// Castling rights in a game without castling, or without the king
    /// and rook on their home squares.
    fn check_castling(&self, problems: &mut Vec<EditorProblem>) {
        if self.castling.is_empty() {
            return;
        }
        if !self.rules().castling {
            problems.push(EditorProblem::CastlingNotInGame {
                game: self.game_name(),
            });
            return;
        }
        for (side, king_side, allowed, _) in self.castling.each() {
            if !allowed {
                continue;
            }
            let rank = if side == Color::White {
                0
            } else {
                self.height - 1
            };
            // Castling exists only on 8×8 boards: king on e, rooks on a and h.
            let king = Square::from_coords(4, rank, self.width);
            let rook = Square::from_coords(if king_side { 7 } else { 0 }, rank, self.width);
            let has =
                |sq: Square, role: Role| self.piece_at(sq) == Some(Piece { color: side, role });
            if !has(king, Role::King) || !has(rook, Role::Rook) {
                problems.push(EditorProblem::CastlingNeedsPieces {
                    side,
                    king_side,
                    king_square: self.square_name(king),
                    rook_square: self.square_name(rook),
                });
            }
        }
    }

    /// An en passant square where no pawn of the side not to move can just
    /// have passed.
    fn check_en_passant(&self, problems: &mut Vec<EditorProblem>) {
        let Some(square) = self.en_passant else {
            return;
        };
        if !self.rules().en_passant {
            problems.push(EditorProblem::EnPassantNotInGame {
                game: self.game_name(),
            });
            return;
        }
        let us = self.turn;
        // With White to move a black pawn passed rank 6 (from 7 to 5).
        let expected = match us {
            Color::White => self.height - 3,
            Color::Black => 2,
        };
        let (file, rank) = (square.file(self.width), square.rank(self.width));
        if rank != expected {
            problems.push(EditorProblem::EnPassantWrongRank {
                square: self.square_name(square),
                side: us,
                rank: u32::from(expected) + 1,
            });
            return;
        }
        let (start_rank, pawn_rank) = match us {
            Color::White => (rank + 1, rank - 1),
            Color::Black => (rank - 1, rank + 1),
        };
        let start = Square::from_coords(file, start_rank, self.width);
        let pawn = Square::from_coords(file, pawn_rank, self.width);
        if self.piece_at(square).is_some() || self.piece_at(start).is_some() {
            problems.push(EditorProblem::EnPassantNotEmpty {
                square: self.square_name(square),
                start: self.square_name(start),
            });
        }
        if self.piece_at(pawn)
            != Some(Piece {
                color: !us,
                role: Role::Pawn,
            })
        {
            problems.push(EditorProblem::EnPassantNoPawn {
                square: self.square_name(square),
                pawn_square: self.square_name(pawn),
                side: !us,
            });
        }
    }

    /// The move number within the game, and the half-move clock within the
    /// half-moves played.
    fn check_counters(&self, problems: &mut Vec<EditorProblem>) {
        let last = last_move(&self.rules());
        if !(1..=last).contains(&self.move_number) {
            problems.push(EditorProblem::MoveNumberOutOfRange {
                number: self.move_number,
                last,
                game: self.game_name(),
            });
        }
        let plies = self
            .moves_made(Color::White)
            .saturating_add(self.moves_made(Color::Black));
        let most = plies.min(MAX_COUNTER);
        if self.halfmove_clock > most {
            problems.push(EditorProblem::HalfmoveClockTooHigh {
                clock: self.halfmove_clock,
                plies: most,
            });
        }
    }

    /// Scores only where captures score; each score within what the moves
    /// made can have scored, and between the least and the most the
    /// opponent's missing material is worth (the core's `score_bounds`,
    /// on the editor's own board, so it holds on a board the reader would
    /// refuse for another reason).
    fn check_scores(&self, problems: &mut Vec<EditorProblem>) {
        let rules = self.rules();
        if !rules.capture_points {
            if self.scores != [0, 0] {
                problems.push(EditorProblem::ScoresWithoutPoints {
                    game: self.game_name(),
                });
            }
            return;
        }
        // The core's rule (the verifier's, the composer's and the
        // generator's), on the editor's own counts: it holds on a board the
        // position reader would refuse for another reason.
        for side in Color::ALL {
            let score = self.scores[side.index()];
            let moves = self.moves_made(side);
            if u32::from(score) > most_points_in(moves) {
                problems.push(EditorProblem::ScoreTooEarly {
                    side,
                    score: u32::from(score),
                    moves,
                });
            }
            let bounds = score_bounds(&rules.start_counts, |role| self.count(!side, role));
            if score < bounds.least {
                problems.push(EditorProblem::ScoreTooLow {
                    side,
                    score: u32::from(score),
                    min: u32::from(bounds.least),
                });
            }
            if score > bounds.most {
                problems.push(EditorProblem::ScoreTooHigh {
                    side,
                    score: u32::from(score),
                    max: u32::from(bounds.most),
                });
            }
        }
    }

    /// The opening restriction only in Ram and Frontal chess, and in Ram
    /// chess only with White to move.
    fn check_opening(&self, problems: &mut Vec<EditorProblem>) {
        if !self.opening_pending {
            return;
        }
        match self.rules().opening {
            OpeningRule::None => problems.push(EditorProblem::OpeningRuleNotInGame {
                game: self.game_name(),
            }),
            OpeningRule::FirstMoveSinglePawnStep if self.turn == Color::Black => {
                problems.push(EditorProblem::OpeningRuleNeedsWhiteToMove {
                    game: self.game_name(),
                })
            }
            _ => {}
        }
    }

    // --- helpers ---

    fn rules(&self) -> Rules {
        self.variant.rules()
    }

    fn game_name(&self) -> String {
        self.variant.display_name().to_string()
    }

    /// The board's slot of `square`, or the error for a square off it.
    fn slot(&mut self, square: Square) -> Result<&mut Option<Piece>, EditError> {
        let (width, height) = (u32::from(self.width), u32::from(self.height));
        self.board
            .get_mut(square.index())
            .ok_or(EditError::OffBoard {
                index: u32::from(square.0),
                width,
                height,
            })
    }

    /// Every piece with its square, lowest square first.
    fn occupied(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board.iter().enumerate().filter_map(|(i, slot)| {
            let piece = (*slot)?;
            Some((Square(u8::try_from(i).ok()?), piece))
        })
    }

    fn count(&self, color: Color, role: Role) -> u32 {
        let n = self
            .occupied()
            .filter(|&(_, p)| p == Piece { color, role })
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// The moves `side` has made by the editor's move number and side to
    /// move (White has made one more when Black is to move).
    fn moves_made(&self, side: Color) -> u32 {
        moves_made(self.move_number, self.turn, side)
    }

    /// Whether `by` attacks `target`, by the core's attack tables (the
    /// attacks that give check are the chess ones in every game).
    fn attacked(&self, target: Square, by: Color) -> bool {
        match self.variant.board_size() {
            BoardSize::Eight => attacked::<Board8>(&self.board, target, by),
            BoardSize::Ten => attacked::<Board10>(&self.board, target, by),
        }
    }
}

/// Width and height of a board size.
fn board_dimensions(size: BoardSize) -> (u8, u8) {
    match size {
        BoardSize::Eight => (Board8::WIDTH, Board8::HEIGHT),
        BoardSize::Ten => (Board10::WIDTH, Board10::HEIGHT),
    }
}

/// The last move number a game can have: 60 in the Norochess family, the
/// text format's limit elsewhere.
fn last_move(rules: &Rules) -> u32 {
    rules
        .move_limit
        .map_or(MAX_COUNTER, |limit| limit.last_move)
}

/// Whether `square` is a light square (h1 is light).
fn is_light(square: Square, width: u8) -> bool {
    (square.file(width) + square.rank(width)) % 2 == 1
}

/// Whether a piece of `by` on `board` attacks `target`, on the board
/// shape `G` the board has.
fn attacked<G: Geometry>(board: &[Option<Piece>], target: Square, by: Color) -> bool {
    let squares = || {
        board.iter().enumerate().filter_map(|(i, slot)| {
            let piece = (*slot)?;
            Some((Square(u8::try_from(i).ok()?), piece))
        })
    };
    let mut occupied = G::Bb::EMPTY;
    for (square, _) in squares() {
        occupied |= G::Bb::from_square(square);
    }
    squares()
        .filter(|(_, piece)| piece.color == by)
        .any(|(from, piece)| {
            let attacks = match piece.role {
                Role::Pawn => G::pawn_attacks(by, from),
                Role::Knight => G::knight_attacks(from),
                Role::Bishop => G::bishop_attacks(from, occupied),
                Role::Rook => G::rook_attacks(from, occupied),
                Role::Queen => G::queen_attacks(from, occupied),
                Role::King => G::king_attacks(from),
            };
            attacks.has(target)
        })
}

/// `word` for `n` things: `bishop`, `bishops`.
fn plural_word(n: u32, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

/// `1 move`, `2 moves`, `0 moves`.
fn plural(n: u32, word: &str) -> String {
    format!("{n} {}", plural_word(n, word))
}

/// The end of the promoted-pieces sentence: how many pawns are missing.
fn missing_pawns_text(n: u32) -> String {
    match n {
        0 => "none of its pawns is missing".to_string(),
        1 => "only 1 of its pawns is missing".to_string(),
        n => format!("only {n} of its pawns are missing"),
    }
}

/// `king side` or `queen side`.
fn wing(king_side: bool) -> &'static str {
    if king_side {
        "king side"
    } else {
        "queen side"
    }
}

/// `a`, `a and b`, `a, b and c`.
fn join_words(words: &[String]) -> String {
    match words.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// The pieces an editor screen offers to place, in the order its palette
/// shows them: White's king down to the pawn, then Black's. Every game of
/// the family has the same six kinds on both board sizes, so one palette
/// serves them all, and both phones offer the same one.
#[cfg_attr(feature = "uniffi", uniffi::export)]
pub fn editor_palette() -> Vec<Piece> {
    Color::ALL
        .iter()
        .flat_map(|&color| {
            Role::ALL
                .iter()
                .rev()
                .map(move |&role| Piece { color, role })
        })
        .collect()
}

#[cfg(test)]
mod tests;
