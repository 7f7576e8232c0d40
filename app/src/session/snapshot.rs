//! Everything a game screen draws, in one record made by the session.

use crate::board_view::BoardView;
use crate::players::Player;
use crate::result::GameResult;
use crate::save_state::SaveState;
use norochess_core::{Color, EndReason, MoveKind, Snapshot};

/// The clocks as a screen shows them (`SessionClock` in Kotlin and Swift).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
#[cfg_attr(feature = "uniffi", uniffi(name = "SessionClock"))]
pub struct ClockView {
    /// White's time left in milliseconds.
    pub white_ms: u64,
    /// Black's time left in milliseconds.
    pub black_ms: u64,
    /// White's time as shown: `4:32`, `1:05:00`, `0:07.3`.
    pub white_text: String,
    /// Black's time as shown.
    pub black_text: String,
    /// The side whose time is running (none before White's first move,
    /// while paused and after the end).
    pub running: Option<Color>,
    /// White is low on time (under 10% of the base or 10 s): warn.
    pub white_low: bool,
    /// Black is low on time: warn.
    pub black_low: bool,
    /// Whether the clock is paused (review or background).
    pub paused: bool,
}

impl ClockView {
    /// Time left, White's then Black's, in milliseconds.
    pub fn remaining(&self) -> [u64; 2] {
        [self.white_ms, self.black_ms]
    }

    /// Whether `side` is low on time.
    pub fn is_low(&self, side: Color) -> bool {
        match side {
            Color::White => self.white_low,
            Color::Black => self.black_low,
        }
    }

    /// `side`'s time as shown.
    pub fn text(&self, side: Color) -> &str {
        match side {
            Color::White => &self.white_text,
            Color::Black => &self.black_text,
        }
    }
}

/// One move of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct MoveListEntry {
    /// Its index in the game (0 for the first move).
    pub ply: u32,
    /// What a tap on it asks for: `review(review_ply)` shows the position
    /// after it (`ply + 1`).
    pub review_ply: u32,
    /// Whether the position after it is the one on the board (the live
    /// game's last move, or the move reviewed): the move to highlight and
    /// scroll to.
    pub is_current: bool,
    /// The move number (`12` for `12. e4` and `12... e5`).
    pub number: u32,
    /// The side that played it.
    pub side: Color,
    /// The move in SAN.
    pub san: String,
    /// Practice mode's mark of the move (`?!`, `?`, `??`), empty where it
    /// was not judged or not marked: drawn after the SAN.
    pub mark: String,
    /// The move as a screen reader says it, with its number and side
    /// (`Move 12, White: knight f6, captures bishop`): SAN would be read
    /// letter by letter.
    pub spoken: String,
}

/// Everything a game screen draws, at one moment. The screen keeps no game
/// logic: whose turn it is, what may be done, every text and the clocks
/// come from here.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct SessionSnapshot {
    /// The position shown: the live one, or the reviewed one. Its
    /// `legal_moves` are the moves the person may make now: none in
    /// review, on the computer's turn or after the end.
    pub board: BoardView,
    /// The number of moves shown while reviewing (`None`: the live game).
    pub reviewing: Option<u32>,
    /// Moves played in the live game.
    pub ply_count: u32,
    /// The move list.
    pub moves: Vec<MoveListEntry>,
    /// The move list as rows: `1. e4 e5`, `2. Nf3` (`1… e5` when the game
    /// began with Black to move).
    pub move_rows: Vec<String>,
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// The side to move in the live game.
    pub to_move: Color,
    /// Whether the computer is to move in the live game.
    pub computer_to_move: bool,
    /// Whether a computer move or hint has been asked for and not answered
    /// (show the thinking indicator).
    pub thinking: bool,
    /// Whether the person may move now (the live game, going on, and not
    /// the computer's turn): the board takes input.
    pub can_move: bool,
    /// The clocks, if the game has one.
    pub clock: Option<ClockView>,
    /// The result, once the game has ended.
    pub result: Option<GameResult>,
    /// The result dialog's sentence (`White wins 38–33 — higher score after move 48`).
    pub result_text: Option<String>,
    /// One line under the board: `White to move`, `White to move (Ann)` in
    /// pass and play, `Computer is thinking…`, `Reviewing move 12 of 30`,
    /// or the result's headline.
    pub status_text: String,
    /// The score bar in the Norochess family: `19 – 15`.
    pub score_text: Option<String>,
    /// The move counter in the Norochess family: `Move 31 / 48`, or
    /// `Overtime 52 / 60` in overtime.
    pub move_counter_text: Option<String>,
    /// `3 moves left`, `last regular move`: in the last five regular moves
    /// (shown beside the counter).
    pub moves_left_text: Option<String>,
    /// The game screen's title: `Norochess · vs the computer (level 4)`,
    /// `Ram chess · Ann vs Bob`.
    pub title: String,
    /// Whether two people share the device (pass and play): hints give way
    /// to draw offers, and a resignation names the side that resigns.
    pub pass_and_play: bool,
    /// Overtime in the position shown: draw the counter as a distinct badge.
    pub overtime: bool,
    /// The last few regular moves before the move limit (5 or fewer left):
    /// screens mark the move counter.
    pub final_moves: bool,
    /// What the live game's last move did, if it needs saying (a ram, a
    /// swap, a dethronement), for the screen and for screen readers.
    pub announcement: Option<String>,
    /// What a screen reader says after the live game's last move (a live
    /// region on Android, an announcement on iOS): `Black played knight
    /// f6, captures bishop`, then what the move did and the result if it
    /// ended the game. `None` before the first move and in review.
    pub move_announcement: Option<String>,
    /// Whether takeback is possible now (a move of the person's to take
    /// back, and takebacks allowed).
    pub can_takeback: bool,
    /// Whether a taken-back move can be replayed.
    pub can_redo: bool,
    /// Whether a hint can be asked for now.
    pub can_hint: bool,
    /// Whether resigning is possible now (the game goes on).
    pub can_resign: bool,
    /// Whether the side to move can offer a draw (pass and play).
    pub can_offer_draw: bool,
    /// A draw offered by this side, waiting for an answer.
    pub draw_offer: Option<Color>,
    /// Face to face: the player who must answer the draw offer sits across
    /// the table, so the question is turned toward them.
    pub draw_answer_upside_down: bool,
    /// Face to face: the side to move sits across the table, so what the
    /// board asks it (the promotion or resurrection picker, the resign
    /// confirmation, the repetition question) is turned toward it.
    pub prompts_upside_down: bool,
    /// The side drawn at the bottom of the board.
    pub bottom: Color,
    /// Face-to-face mode: the pieces of this side (at the top) are drawn
    /// upside down.
    pub upside_down: Option<Color>,
    /// Whether the last change reached the library.
    pub save_state: SaveState,
    /// The game's id in the library, once saved.
    pub game_id: Option<i64>,
    /// The person's selection, its targets, the open picker or question
    /// ([`crate::board_input`]): the board draws it.
    pub input: crate::board_input::BoardInputView,
    /// Practice mode's word on the person's latest move (its mark, the
    /// points it cost, the better move), until the person moves again;
    /// `None` with practice mode off, in pass and play or before the
    /// engine has judged it.
    pub practice: Option<super::PracticeFeedback>,
    /// Whether practice mode is judging the person's latest move now.
    pub practice_thinking: bool,
}

impl SessionSnapshot {
    /// The player of `side`.
    pub fn player(&self, side: Color) -> &Player {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// `1. e4 e5`, `2. Nf3`, with `1… e5` for a first move by Black.
pub(crate) fn move_rows(moves: &[MoveListEntry]) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        match (m.side, rows.last_mut()) {
            (Color::Black, Some(row)) if i > 0 => {
                row.push(' ');
                row.push_str(&m.san);
                row.push_str(&m.mark);
            }
            (Color::Black, _) => rows.push(format!("{}… {}{}", m.number, m.san, m.mark)),
            (Color::White, _) => rows.push(format!("{}. {}{}", m.number, m.san, m.mark)),
        }
    }
    rows
}

/// How a move counter is drawn: plain, marked as the last few regular
/// moves, the last one, or overtime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum CounterKind {
    /// An ordinary move, or the game has ended.
    Plain,
    /// Two to five regular moves left.
    FewLeft,
    /// The last regular move.
    LastMove,
    /// In overtime.
    Overtime,
}

/// The move counter of a game with a move limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveCounter {
    /// `Move 31 / 48`, `Overtime 52 / 60`; after the end the last move
    /// played, `Move 48 / 48 (final)`.
    pub text: String,
    /// `3 moves left`, `last regular move`, in the last five regular moves.
    pub moves_left_text: Option<String>,
    /// How to draw it.
    pub kind: CounterKind,
}

/// The move counter of `board`; `None` in games without a move limit.
pub fn move_counter(board: &Snapshot) -> Option<MoveCounter> {
    let regular = board.regular_moves?;
    if let Some(outcome) = board.outcome {
        // The last move played, not the one that would come next: a game
        // ended by Black's move shows that move, one ended by a
        // declaration (resignation, agreement, time) the move it came on.
        let declared = matches!(
            outcome.reason,
            EndReason::Resignation
                | EndReason::Agreement
                | EndReason::TimeForfeit
                | EndReason::TimeoutVsInsufficientMaterial
        );
        let last = if board.turn == Color::White && !declared {
            board.move_number.saturating_sub(1).max(1)
        } else {
            board.move_number
        };
        let text = if last > regular {
            let limit = board
                .variant
                .rules()
                .move_limit
                .map_or(last, |l| l.last_move);
            format!("Overtime {last} / {limit} (final)")
        } else {
            format!("Move {last} / {regular} (final)")
        };
        return Some(MoveCounter {
            text,
            moves_left_text: None,
            kind: CounterKind::Plain,
        });
    }
    if let Some(o) = board.overtime {
        return Some(MoveCounter {
            text: format!("Overtime {} / {}", o.move_number, o.last_move),
            moves_left_text: None,
            kind: CounterKind::Overtime,
        });
    }
    let (moves_left_text, kind) = match board.regular_moves_left {
        Some(1) => (Some("last regular move".to_string()), CounterKind::LastMove),
        Some(left @ 2..=5) => (Some(format!("{left} moves left")), CounterKind::FewLeft),
        _ => (None, CounterKind::Plain),
    };
    Some(MoveCounter {
        text: format!("Move {} / {regular}", board.move_number),
        moves_left_text,
        kind,
    })
}

/// What a move of `kind` does that its notation does not say.
pub(crate) fn announcement(kind: MoveKind) -> Option<String> {
    match kind {
        MoveKind::Dethrone => {
            Some("Dethronement: the pawn and the queen leave the board".to_string())
        }
        MoveKind::Ram => Some("Ram: both pawns leave the board".to_string()),
        MoveKind::Swap => Some("Swap: the pawns change places".to_string()),
        _ => None,
    }
}
