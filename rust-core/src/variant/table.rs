//! The table of games: one record per game with everything that names,
//! describes, sets up and rules it. Every [`Variant`] method and every
//! listing (errors, bindings, the terminal app, UCI) reads it, so adding a
//! game is adding a record here (see `CONTRIBUTING.md`).

use super::kind::Variant;
use super::options::{Blockage, GameOption, Zone, BLOCKAGE, ZONE};
use super::rules::{
    BoardSize, DoubleStep, MoveLimit, ObliqueStep, OpeningRule, PromotionRule, Rules,
};

/// How a game's start positions are numbered, where it has several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StartNumbering {
    /// How many start positions there are (numbered from 0).
    pub count: u16,
    /// The number used when none is given.
    pub standard: u16,
}

/// Chess960's numbering (Scharnagl's, 0–959; 518 is the standard set-up),
/// which Norochess960 uses.
pub const CHESS960: StartNumbering = StartNumbering {
    count: 960,
    standard: 518,
};

/// Where a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// Always the same position text.
    Fixed(&'static str),
    /// A Chess960 back rank by number (see [`crate::chess960_back_rank`]),
    /// the pawns in front, then `rest` (the fields after the board).
    Chess960 {
        /// How the set-ups are numbered.
        numbering: StartNumbering,
        /// The position text after the board (side to move onwards).
        rest: &'static str,
    },
}

/// Everything about one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameRecord {
    /// The game with its default options.
    pub variant: Variant,
    /// The short id used everywhere (CLI, bindings, saved games).
    pub id: &'static str,
    /// The name shown to players.
    pub name: &'static str,
    /// A one-paragraph description for menus.
    pub description: &'static str,
    /// The board it is played on.
    pub board: BoardSize,
    /// Its start position.
    pub start: Start,
    /// Its rules with the default options (the options adjust them, see
    /// [`Variant::rules`]).
    pub rules: Rules,
    /// The options it takes, in the order a menu shows them.
    pub options: &'static [GameOption],
    /// Whether menus and listings offer it (not the test-only `plain10`).
    pub listed: bool,
    /// Its rule page for players, in the Markdown subset of
    /// [`super::RulePage::parse`]: the file `docs/rules/ID.md`.
    pub rule_page: &'static str,
}

const CHESS_COUNTS: [u8; 6] = [8, 2, 2, 2, 1, 1];
const TEN_COUNTS: [u8; 6] = [10, 2, 2, 2, 1, 1];

const CHESS_RULES: Rules = Rules {
    variant: Variant::Chess,
    royal_king: true,
    castling: true,
    en_passant: true,
    capture_points: false,
    double_step: DoubleStep::FromStartRank,
    pawn_captures_pawns: true,
    ram: false,
    swap: false,
    promotion: PromotionRule::Free,
    opening: OpeningRule::None,
    oblique: None,
    start_counts: CHESS_COUNTS,
    move_limit: None,
};

const NOROCHESS_RULES: Rules = Rules {
    variant: Variant::Norochess,
    royal_king: false,
    castling: false,
    capture_points: true,
    move_limit: Some(MoveLimit {
        regular_moves: 48,
        last_move: 60,
    }),
    ..CHESS_RULES
};

const PLAIN10_RULES: Rules = Rules {
    variant: Variant::Plain10,
    castling: false,
    en_passant: false,
    double_step: DoubleStep::FromAnyRank,
    start_counts: TEN_COUNTS,
    ..CHESS_RULES
};

const IMPROVED_DEFAULT: Variant = Variant::Improved {
    zone: Zone::FarHalf,
    blockage: Blockage::Enemy,
};

/// The 10×10 set-up shared by Ram, Frontal and `plain10`.
macro_rules! ten_start {
    () => {
        "1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1 w - - 0 1"
    };
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Every game, in menu order, the test-only `plain10` last. A record's
/// index is its game's `Variant::slot`.
pub const GAMES: [GameRecord; 8] = [
    GameRecord {
        variant: Variant::Norochess,
        id: "norochess",
        name: "Norochess",
        description: "Chess with a non-royal king and capture points; after 48 moves each the higher score wins, with up to 12 overtime moves on a tie.",
        board: BoardSize::Eight,
        start: Start::Fixed("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 score=0-0"),
        rules: NOROCHESS_RULES,
        options: &[],
        listed: true,
        rule_page: include_str!("../../../docs/rules/norochess.md"),
    },
    GameRecord {
        variant: Variant::Norochess960,
        id: "norochess960",
        name: "Norochess960",
        description: "Norochess from one of the 960 shuffled Chess960 set-ups.",
        board: BoardSize::Eight,
        start: Start::Chess960 {
            numbering: CHESS960,
            rest: " w - - 0 1 score=0-0",
        },
        rules: Rules {
            variant: Variant::Norochess960,
            ..NOROCHESS_RULES
        },
        options: &[],
        listed: true,
        rule_page: include_str!("../../../docs/rules/norochess960.md"),
    },
    GameRecord {
        variant: Variant::Ram,
        id: "ram",
        name: "Ram chess",
        description: "10×10 chess where pawns take pawns only by ramming, and promote only to pieces they have lost.",
        board: BoardSize::Ten,
        start: Start::Fixed(concat!(ten_start!(), " opening=pending")),
        rules: Rules {
            variant: Variant::Ram,
            pawn_captures_pawns: false,
            ram: true,
            promotion: PromotionRule::Resurrection,
            opening: OpeningRule::FirstMoveSinglePawnStep,
            ..PLAIN10_RULES
        },
        options: &[],
        listed: true,
        rule_page: include_str!("../../../docs/rules/ram.md"),
    },
    GameRecord {
        variant: Variant::Frontal,
        id: "frontal",
        name: "Frontal chess",
        description: "10×10 chess where facing pawns may swap places and a pawn reaching the last rank dethrones the enemy queen.",
        board: BoardSize::Ten,
        start: Start::Fixed(concat!(ten_start!(), " opening=pending")),
        rules: Rules {
            variant: Variant::Frontal,
            swap: true,
            promotion: PromotionRule::DethroneOrResurrection,
            opening: OpeningRule::FirstPawnMoveNotDouble,
            ..PLAIN10_RULES
        },
        options: &[],
        listed: true,
        rule_page: include_str!("../../../docs/rules/frontal.md"),
    },
    GameRecord {
        variant: IMPROVED_DEFAULT,
        id: "improved",
        name: "Improved chess",
        description: "Chess where a blocked pawn in the zone may step obliquely like a knight.",
        board: BoardSize::Eight,
        start: Start::Fixed(CHESS_START),
        rules: Rules {
            variant: IMPROVED_DEFAULT,
            oblique: Some(ObliqueStep {
                relative_ranks: Zone::FarHalf.relative_ranks(),
                blocked_by_any: false,
            }),
            ..CHESS_RULES
        },
        options: &[ZONE, BLOCKAGE],
        listed: true,
        rule_page: include_str!("../../../docs/rules/improved.md"),
    },
    GameRecord {
        variant: Variant::Crab,
        id: "crab",
        name: "Crab chess",
        description: "Chess where a blocked pawn on any rank may step obliquely like a knight.",
        board: BoardSize::Eight,
        start: Start::Fixed(CHESS_START),
        rules: Rules {
            variant: Variant::Crab,
            oblique: Some(ObliqueStep {
                relative_ranks: 0xffff,
                blocked_by_any: true,
            }),
            ..CHESS_RULES
        },
        options: &[],
        listed: true,
        rule_page: include_str!("../../../docs/rules/crab.md"),
    },
    GameRecord {
        variant: Variant::Chess,
        id: "chess",
        name: "Chess",
        description: "Standard chess.",
        board: BoardSize::Eight,
        start: Start::Fixed(CHESS_START),
        rules: CHESS_RULES,
        options: &[],
        listed: true,
        rule_page: include_str!("../../../docs/rules/chess.md"),
    },
    GameRecord {
        variant: Variant::Plain10,
        id: "plain10",
        name: "Plain 10×10 (test rule set)",
        description: "Test-only 10×10 rule set used to check move generation against an independent engine.",
        board: BoardSize::Ten,
        start: Start::Fixed(ten_start!()),
        rules: PLAIN10_RULES,
        options: &[],
        listed: false,
        rule_page: include_str!("../../../docs/rules/plain10.md"),
    },
];

/// The records as a static, for callers that keep a reference.
pub(super) static TABLE: [GameRecord; GAMES.len()] = GAMES;

/// How many games menus list.
pub(super) const LISTED: usize = {
    let mut count = 0;
    let mut i = 0;
    while i < GAMES.len() {
        if GAMES[i].listed {
            count += 1;
        }
        i += 1;
    }
    count
};

/// The ids of the listed games, in menu order.
pub(super) const LISTED_IDS: [&str; LISTED] = {
    let mut ids = [""; LISTED];
    let (mut i, mut n) = (0, 0);
    while i < GAMES.len() {
        if GAMES[i].listed {
            ids[n] = GAMES[i].id;
            n += 1;
        }
        i += 1;
    }
    ids
};

/// Every id, as an error message lists them: `norochess, …, chess or plain10`.
pub(super) fn id_list() -> String {
    let ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
    match ids.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        _ => ids.concat(),
    }
}
