//! A game the app plays, reviews, saves and restores.

use crate::error::{guard, NorochessError, Result};
use crate::types::{lock, MoveInfo, Piece, PieceKind, PlacedPiece, Scores, Side};
use crate::variants::{GameSetup, GameVariant};
use norochess_core as core;
use norochess_core::{AnyPosition, Game, Square};
use std::sync::{Arc, Mutex};

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum EndReason {
    /// Norochess: a side has no pieces left and loses at once.
    NoPiecesLeft,
    /// Norochess: the player whose move created a threefold repetition loses.
    RepetitionLoss,
    /// Norochess: the side to move has pieces but no legal move; the score decides.
    Blocked,
    /// Norochess: after Black's 48th move or an overtime move the scores differ.
    MoveLimit,
    /// Norochess: the scores are still equal after Black's 60th move: a draw.
    OvertimeExhausted,
    /// Royal games: checkmate.
    Checkmate,
    /// Royal games: stalemate.
    Stalemate,
    /// Royal games: threefold repetition.
    Repetition,
    /// Royal games: fifty moves each without a capture or pawn move.
    FiftyMoves,
    /// Royal games: neither side can checkmate.
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A player's time ran out.
    TimeForfeit,
    /// A player's time ran out but the opponent could never win (royal games).
    TimeoutVsInsufficientMaterial,
}

impl From<core::EndReason> for EndReason {
    fn from(r: core::EndReason) -> Self {
        use core::EndReason as R;
        match r {
            R::NoPiecesLeft => EndReason::NoPiecesLeft,
            R::RepetitionLoss => EndReason::RepetitionLoss,
            R::Blocked => EndReason::Blocked,
            R::MoveLimit => EndReason::MoveLimit,
            R::OvertimeExhausted => EndReason::OvertimeExhausted,
            R::Checkmate => EndReason::Checkmate,
            R::Stalemate => EndReason::Stalemate,
            R::Repetition => EndReason::Repetition,
            R::FiftyMoves => EndReason::FiftyMoves,
            R::InsufficientMaterial => EndReason::InsufficientMaterial,
            R::Resignation => EndReason::Resignation,
            R::Agreement => EndReason::Agreement,
            R::TimeForfeit => EndReason::TimeForfeit,
            R::TimeoutVsInsufficientMaterial => EndReason::TimeoutVsInsufficientMaterial,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameOutcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The reason's stable id for saved games (`move-limit`).
    pub reason_id: String,
    /// The reason in words (`move limit`).
    pub reason_text: String,
    /// Final scores in the Norochess family.
    pub scores: Option<Scores>,
    /// The result without the reason: `White wins 38-33`, `Draw`.
    pub headline: String,
    /// The record's result token: `1-0`, `0-1`, `1/2-1/2`.
    pub result_token: String,
}

impl From<core::Outcome> for GameOutcome {
    fn from(o: core::Outcome) -> Self {
        GameOutcome {
            winner: o.winner.map(Side::from),
            reason: o.reason.into(),
            reason_id: o.reason.id().into(),
            reason_text: o.reason.description().into(),
            scores: Scores::from_pair(o.scores),
            headline: o.headline(),
            result_token: o.result_token().into(),
        }
    }
}

/// Overtime in a Norochess game: "Overtime 52 / 60".
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct OvertimeInfo {
    /// The current move (49–60).
    pub move_number: u32,
    /// The last possible move (60).
    pub last_move: u32,
}

/// Everything a game screen draws, taken at one moment. The app keeps no
/// game logic of its own: it draws this and forwards taps.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameSnapshot {
    /// The game and its options.
    pub setup: GameSetup,
    /// Board width (8 or 10).
    pub width: u32,
    /// Board height (8 or 10).
    pub height: u32,
    /// Every piece on the board with its square.
    pub pieces: Vec<PlacedPiece>,
    /// The side to move.
    pub turn: Side,
    /// The legal moves (none once the game is over).
    pub legal_moves: Vec<MoveInfo>,
    /// The last move played, for highlighting.
    pub last_move: Option<MoveInfo>,
    /// The square of a king in check (royal games only).
    pub check_square: Option<String>,
    /// Both scores, in the Norochess family (the score bar's `19 – 15`).
    pub scores: Option<Scores>,
    /// The current move number (`Move 31`).
    pub move_number: u32,
    /// The regular number of moves (`/ 48`), in the Norochess family.
    pub regular_moves: Option<u32>,
    /// Moves the side to move has left up to move 48 (0 in overtime), in
    /// the Norochess family: mark the last few.
    pub regular_moves_left: Option<u32>,
    /// Overtime (`Overtime 52 / 60`), while in overtime.
    pub overtime: Option<OvertimeInfo>,
    /// Pieces White has captured.
    pub captured_by_white: Vec<Piece>,
    /// Pieces Black has captured.
    pub captured_by_black: Vec<Piece>,
    /// The capture points of White's captures.
    pub captured_points_white: u32,
    /// The capture points of Black's captures.
    pub captured_points_black: u32,
    /// The outcome, once the game has ended.
    pub outcome: Option<GameOutcome>,
    /// The current position as text (docs/position-format.md).
    pub position_text: String,
    /// Moves played so far (plies).
    pub ply_count: u32,
    /// Whether a move can be taken back.
    pub can_undo: bool,
    /// Whether a taken-back move can be replayed.
    pub can_redo: bool,
}

/// What a move to the last rank offers: the pieces a player may choose
/// (promotion or resurrection), or a dethronement, which is announced and
/// not chosen.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PromotionChoices {
    /// The pieces to choose from, strongest first. Empty for a move that
    /// does not promote. In Ram and Frontal chess only pieces the player
    /// has lost (a resurrection).
    pub choices: Vec<PieceKind>,
    /// Whether the choices are a resurrection (Ram, Frontal) rather than a
    /// free promotion.
    pub is_resurrection: bool,
    /// Whether the move is a Frontal dethronement: the pawn and the
    /// opponent's queen leave the board. Nothing to choose.
    pub is_dethronement: bool,
}

/// One game: moves, undo/redo, review, records, resignation and draws.
///
/// Thread-safe: every method takes an internal lock for a few
/// microseconds, so it may be called from any thread. Engine searches copy
/// what they need and do not hold it.
#[derive(uniffi::Object)]
pub struct GameHandle {
    game: Mutex<Game>,
}

impl GameHandle {
    fn wrap(game: Game) -> Arc<GameHandle> {
        log::debug!("new {} game", game.variant());
        Arc::new(GameHandle {
            game: Mutex::new(game),
        })
    }

    /// A copy of the game as it stands (for searches and reviews).
    pub(crate) fn game(&self) -> Game {
        lock(&self.game).clone()
    }
}

pub(crate) fn parse_square(position: &AnyPosition, name: &str) -> Result<Square> {
    position.parse_square(name.trim()).ok_or_else(|| {
        NorochessError::invalid_square(
            name,
            format!(
                "`{name}` is not a square of the {w}×{h} board (a1 to {last})",
                w = position.width(),
                h = position.height(),
                last = Square(position.width() * position.height() - 1).name(position.width())
            ),
        )
    })
}

/// Everything a screen draws of `game` (also the board of a puzzle session).
pub(crate) fn snapshot_of(game: &Game) -> GameSnapshot {
    let s = game.snapshot();
    let position = game.position();
    let width = s.width;
    let pieces = s
        .board
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let sq = Square(i as u8);
            p.map(|piece| PlacedPiece {
                square: sq.name(width),
                file: u32::from(sq.file(width)),
                rank: u32::from(sq.rank(width)),
                piece: piece.into(),
            })
        })
        .collect();
    let last_move = match (game.plies().last(), game.positions().iter().rev().nth(1)) {
        (Some(ply), Some(before)) => Some(MoveInfo::of(before, ply.mv)),
        _ => None,
    };
    let [by_white, by_black] = s.captured;
    GameSnapshot {
        setup: GameSetup::of(game.variant(), game.start_number()),
        width: u32::from(s.width),
        height: u32::from(s.height),
        pieces,
        turn: s.turn.into(),
        legal_moves: s
            .legal_moves
            .iter()
            .map(|&m| MoveInfo::of(position, m))
            .collect(),
        last_move,
        check_square: s.check_square.map(|sq| sq.name(width)),
        scores: Scores::from_pair(s.scores),
        move_number: s.move_number,
        regular_moves: s.regular_moves,
        regular_moves_left: s.regular_moves_left,
        overtime: s.overtime.map(|o| OvertimeInfo {
            move_number: o.move_number,
            last_move: o.last_move,
        }),
        captured_by_white: by_white.into_iter().map(Piece::from).collect(),
        captured_by_black: by_black.into_iter().map(Piece::from).collect(),
        captured_points_white: s.captured_points[0],
        captured_points_black: s.captured_points[1],
        outcome: s.outcome.map(GameOutcome::from),
        position_text: s.position_text,
        ply_count: s.ply_count as u32,
        can_undo: s.can_undo,
        can_redo: s.can_redo,
    }
}

fn game_over(game: &Game) -> Option<NorochessError> {
    game.outcome().map(|o| core::GameError::GameOver(o).into())
}

#[uniffi::export]
impl GameHandle {
    /// A new game from the start of `setup`'s game (a Norochess960 game
    /// from `setup.start_number`, 518 if none).
    #[uniffi::constructor]
    pub fn new(setup: GameSetup) -> Result<Arc<GameHandle>> {
        guard("GameHandle.new", || {
            let variant = setup.core_variant()?;
            Ok(GameHandle::wrap(Game::new(variant, setup.start_number)?))
        })
    }

    /// A game from a position text (a set-up or puzzle position with move
    /// number and scores, docs/position-format.md).
    #[uniffi::constructor]
    pub fn from_position(setup: GameSetup, position_text: String) -> Result<Arc<GameHandle>> {
        guard("GameHandle.from_position", || {
            if setup.start_number.is_some() {
                return Err(NorochessError::invalid_variant(
                    "a start number and a position text cannot both be given",
                ));
            }
            let variant = setup.core_variant()?;
            Ok(GameHandle::wrap(Game::from_position(
                variant,
                &position_text,
            )?))
        })
    }

    /// A game from a record (PGN-style text as [`GameHandle::to_record`]
    /// writes it, or bare movetext in any notation). Without a `Variant`
    /// tag the game is `default_setup`'s (Norochess if `None`).
    #[uniffi::constructor]
    pub fn from_record(
        record: String,
        default_setup: Option<GameSetup>,
    ) -> Result<Arc<GameHandle>> {
        guard("GameHandle.from_record", || {
            let default = default_setup
                .map(|s| s.core_variant())
                .transpose()
                .map_err(|e| NorochessError::invalid_record(e.to_string()))?;
            Ok(GameHandle::wrap(Game::from_pgn(&record, default)?))
        })
    }

    /// Everything the game screen draws.
    pub fn snapshot(&self) -> Result<GameSnapshot> {
        guard("GameHandle.snapshot", || Ok(snapshot_of(&lock(&self.game))))
    }

    /// The game as it was after `ply` moves (0 = the start), for reviewing
    /// the move list without changing the game.
    pub fn snapshot_at(&self, ply: u32) -> Result<GameSnapshot> {
        guard("GameHandle.snapshot_at", || {
            let mut game = self.game();
            let played = game.plies().len();
            let ply = ply as usize;
            if ply > played {
                return Err(NorochessError::invalid_argument(format!(
                    "move {ply} does not exist: the game has {played} moves"
                )));
            }
            for _ in ply..played {
                game.undo();
            }
            Ok(snapshot_of(&game))
        })
    }

    /// The squares the piece on `from` can move to, each once (empty if no
    /// piece of the side to move stands there, or the game is over).
    pub fn legal_targets(&self, from: String) -> Result<Vec<String>> {
        guard("GameHandle.legal_targets", || {
            let game = lock(&self.game);
            let position = game.position();
            let from = parse_square(position, &from)?;
            let mut targets: Vec<String> = Vec::new();
            for m in game.moves_from(from) {
                let name = m.to.name(position.width());
                if !targets.contains(&name) {
                    targets.push(name);
                }
            }
            Ok(targets)
        })
    }

    /// What the move `from`–`to` offers on the last rank: the pieces to
    /// choose from (a promotion picker shows exactly these), or a
    /// dethronement. Fails if no legal move joins the squares.
    pub fn promotion_choices(&self, from: String, to: String) -> Result<PromotionChoices> {
        guard("GameHandle.promotion_choices", || {
            let game = lock(&self.game);
            if let Some(e) = game_over(&game) {
                return Err(e);
            }
            let position = game.position();
            let candidates = candidates(position, &from, &to)?;
            let choices: Vec<PieceKind> = candidates
                .iter()
                .filter_map(|m| m.promotion().map(PieceKind::from))
                .collect();
            let resurrection =
                !matches!(game.variant().rules().promotion, core::PromotionRule::Free);
            Ok(PromotionChoices {
                is_resurrection: resurrection && !choices.is_empty(),
                is_dethronement: candidates
                    .iter()
                    .any(|m| m.kind == core::MoveKind::Dethrone),
                choices,
            })
        })
    }

    /// Plays the move from `from` to `to`, as a board produces it. A move
    /// to the last rank with several choices needs `promotion` (one of
    /// [`GameHandle::promotion_choices`]); other moves ignore it. Returns
    /// the move played.
    pub fn play(&self, from: String, to: String, promotion: Option<PieceKind>) -> Result<MoveInfo> {
        guard("GameHandle.play", || {
            let mut game = lock(&self.game);
            if let Some(e) = game_over(&game) {
                return Err(e);
            }
            let before = *game.position();
            let chosen = choose_move(&before, &from, &to, promotion)?;
            game.play(chosen)?;
            let info = MoveInfo::of(&before, chosen);
            log::debug!("played {}", info.san);
            Ok(info)
        })
    }

    /// Plays a move written in any notation the core reads: SAN (`Nf3`,
    /// `exe5`, `e~e5`, `e10^`), long algebraic (`Ng1-f3`) or coordinates
    /// (`g1f3`, `e7e8q`). Returns the move played.
    pub fn play_text(&self, text: String) -> Result<MoveInfo> {
        guard("GameHandle.play_text", || {
            let mut game = lock(&self.game);
            if let Some(e) = game_over(&game) {
                return Err(e);
            }
            let before = *game.position();
            let m = before.parse_move(&text)?;
            game.play(m)?;
            Ok(MoveInfo::of(&before, m))
        })
    }

    /// Takes back the last move (also one that ended the game); a
    /// resignation, agreed draw or flag fall is taken back on its own.
    /// Returns whether there was something to take back.
    pub fn undo(&self) -> Result<bool> {
        guard("GameHandle.undo", || Ok(lock(&self.game).undo()))
    }

    /// Replays the last move taken back. Returns whether there was one.
    pub fn redo(&self) -> Result<bool> {
        guard("GameHandle.redo", || Ok(lock(&self.game).redo()))
    }

    /// `side` resigns: the opponent wins, with the scores as they stand.
    pub fn resign(&self, side: Side) -> Result<GameOutcome> {
        guard("GameHandle.resign", || {
            Ok(lock(&self.game).resign(side.into())?.into())
        })
    }

    /// The players agree to a draw.
    pub fn agree_draw(&self) -> Result<GameOutcome> {
        guard("GameHandle.agree_draw", || {
            Ok(lock(&self.game).agree_draw()?.into())
        })
    }

    /// `side`'s time ran out (see `ClockHandle.checkFlag`): the opponent
    /// wins, or in a royal game it is a draw if the opponent has only a king.
    pub fn flag_fall(&self, side: Side) -> Result<GameOutcome> {
        guard("GameHandle.flag_fall", || {
            Ok(lock(&self.game).flag_fall(side.into())?.into())
        })
    }

    /// The outcome, once the game has ended.
    pub fn outcome(&self) -> Result<Option<GameOutcome>> {
        guard("GameHandle.outcome", || {
            Ok(lock(&self.game).outcome().map(GameOutcome::from))
        })
    }

    /// The moves so far in SAN (`e4`, `Nf3`, `exe5`), for the move list.
    pub fn san_moves(&self) -> Result<Vec<String>> {
        guard("GameHandle.san_moves", || Ok(lock(&self.game).san_moves()))
    }

    /// The moves so far in long algebraic notation (`e2-e4`, `Ng1-f3`).
    pub fn long_moves(&self) -> Result<Vec<String>> {
        guard(
            "GameHandle.long_moves",
            || Ok(lock(&self.game).long_moves()),
        )
    }

    /// The moves so far in coordinates (`e2e4`), for saving and replaying.
    pub fn uci_moves(&self) -> Result<Vec<String>> {
        guard("GameHandle.uci_moves", || {
            let game = lock(&self.game);
            let width = game.position().width();
            Ok(game.moves().into_iter().map(|m| m.uci(width)).collect())
        })
    }

    /// The game as a record (PGN-style text with the tags `Variant`,
    /// `Start`, `FEN`, `Result`, `Score`, `Termination` and the players'),
    /// for sharing and saving. [`GameHandle::from_record`] reads it back.
    pub fn to_record(&self) -> Result<String> {
        guard("GameHandle.to_record", || Ok(lock(&self.game).to_pgn()))
    }

    /// Sets a record tag such as `White`, `Black`, `Event` or `Date` (tags
    /// the game derives itself, like `Result`, are ignored).
    pub fn set_tag(&self, name: String, value: String) -> Result<()> {
        guard("GameHandle.set_tag", || {
            lock(&self.game).set_tag(&name, &value);
            Ok(())
        })
    }

    /// A tag set with [`GameHandle::set_tag`] or read from a record.
    pub fn tag(&self, name: String) -> Result<Option<String>> {
        guard("GameHandle.tag", || {
            Ok(lock(&self.game).tag(&name).map(str::to_string))
        })
    }

    /// The game and its options.
    pub fn setup(&self) -> Result<GameSetup> {
        guard("GameHandle.setup", || {
            let game = lock(&self.game);
            Ok(GameSetup::of(game.variant(), game.start_number()))
        })
    }

    /// The game's kind (`GameVariant.NOROCHESS`…).
    pub fn variant(&self) -> Result<GameVariant> {
        Ok(self.setup()?.variant)
    }
}

/// The legal move `from`–`to` of `position` as a board produces it, with
/// `promotion` choosing among several last-rank moves (ignored otherwise).
/// The core resolves it ([`AnyPosition::move_for`]); this says it in the
/// apps' words.
pub(crate) fn choose_move(
    position: &AnyPosition,
    from: &str,
    to: &str,
    promotion: Option<PieceKind>,
) -> Result<core::Move> {
    // `candidates` says precisely why no move joins the squares.
    let candidates = candidates(position, from, to)?;
    let Some(first) = candidates.first() else {
        return Err(NorochessError::illegal_move(
            format!("{from}-{to}"),
            format!("{from}-{to} is not a legal move here"),
        ));
    };
    let names = |roles: &[core::Role]| {
        roles
            .iter()
            .map(|r| r.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let role = promotion.map(core::Role::from);
    position
        .move_for(first.from, first.to, role)
        .map_err(|e| match e {
            core::MoveError::PromotionRequired { choices, .. } => {
                NorochessError::PromotionRequired {
                    move_text: format!("{from}-{to}"),
                    choices: choices.iter().map(|&r| PieceKind::from(r)).collect(),
                    detail: format!(
                        "{from}-{to} reaches the last rank: choose one of {}",
                        names(&choices)
                    ),
                }
            }
            _ => {
                let choices: Vec<core::Role> =
                    candidates.iter().filter_map(|m| m.promotion()).collect();
                NorochessError::illegal_move(
                    format!("{from}-{to}"),
                    format!(
                        "{from}-{to} cannot become a {}: the choices are {}",
                        role.map_or("piece", core::Role::name),
                        names(&choices)
                    ),
                )
            }
        })
}

/// The legal moves joining `from` and `to` (several for a promotion).
pub(crate) fn candidates(position: &AnyPosition, from: &str, to: &str) -> Result<Vec<core::Move>> {
    let from_sq = parse_square(position, from)?;
    let to_sq = parse_square(position, to)?;
    let found = position.moves_between(from_sq, to_sq);
    if found.is_empty() {
        let reason = match position.piece_at(from_sq) {
            None => format!("there is no piece on {from}"),
            Some(p) if p.color != position.turn() => {
                format!("the {p} on {from} is not {}'s", position.turn())
            }
            Some(p) => format!("the {p} on {from} cannot go to {to}"),
        };
        return Err(NorochessError::illegal_move(
            format!("{from}-{to}"),
            format!("{from}-{to} is not a legal move here: {reason}"),
        ));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(variant: GameVariant) -> GameSetup {
        GameSetup {
            variant,
            zone: None,
            blockage: None,
            start_number: None,
        }
    }

    #[test]
    fn plays_and_describes_moves() {
        let game = GameHandle::new(setup(GameVariant::Norochess)).unwrap();
        assert_eq!(game.legal_targets("e2".into()).unwrap(), ["e3", "e4"]);
        let m = game.play("e2".into(), "e4".into(), None).unwrap();
        assert_eq!(
            (m.san.as_str(), m.kind),
            ("e4", crate::MoveKind::DoubleStep)
        );
        let m = game.play_text("d5".into()).unwrap();
        assert_eq!(m.long, "d7-d5");
        let m = game.play_text("exd5".into()).unwrap();
        assert!(m.is_capture);
        let s = game.snapshot().unwrap();
        assert_eq!(s.scores, Some(Scores { white: 1, black: 0 }));
        assert_eq!(s.last_move.unwrap().san, "exd5");
        assert_eq!(s.ply_count, 3);
        assert_eq!(game.snapshot_at(1).unwrap().ply_count, 1);
        assert!(game.snapshot_at(4).is_err());
        assert!(game.undo().unwrap());
        assert!(game.redo().unwrap());
        assert_eq!(game.san_moves().unwrap(), ["e4", "d5", "exd5"]);
    }

    #[test]
    fn illegal_input_gives_typed_errors() {
        let game = GameHandle::new(setup(GameVariant::Chess)).unwrap();
        assert!(matches!(
            game.play("e2".into(), "e5".into(), None),
            Err(NorochessError::IllegalMove { move_text, detail }) if move_text == "e2-e5" && detail.contains("cannot go to e5")
        ));
        assert!(matches!(
            game.legal_targets("z9".into()),
            Err(NorochessError::InvalidSquare { square, detail }) if square == "z9" && detail.contains("a1 to h8")
        ));
        assert!(matches!(
            game.play_text("Qh9".into()),
            Err(NorochessError::IllegalMove { move_text, .. }) if move_text == "Qh9"
        ));
        game.resign(Side::White).unwrap();
        assert!(matches!(
            game.play_text("e4".into()),
            Err(NorochessError::GameOver { detail: m }) if m.contains("Black wins")
        ));
    }

    #[test]
    fn promotions_need_and_check_a_choice() {
        let game = GameHandle::from_position(
            setup(GameVariant::Norochess),
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=10-12".into(),
        )
        .unwrap();
        let offer = game.promotion_choices("a7".into(), "a8".into()).unwrap();
        assert_eq!(offer.choices.len(), 4);
        assert!(!offer.is_resurrection && !offer.is_dethronement);
        assert!(matches!(
            game.play("a7".into(), "a8".into(), None),
            Err(NorochessError::PromotionRequired { choices, detail, .. })
                if detail.contains("queen, rook, bishop, knight") && choices.len() == 4
        ));
        let m = game
            .play("a7".into(), "a8".into(), Some(PieceKind::Knight))
            .unwrap();
        assert_eq!(m.san, "a8=N");
    }
}
