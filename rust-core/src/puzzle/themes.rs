//! The themes of a puzzle, read from its line by rules, never set by hand:
//! what a player would call the idea (fork, sacrifice, quiet move, ...),
//! the phase of the game, the objective and how the game ends.

use super::motifs::motifs_of;
use super::rating::{game_at_start, points_of};
use super::Puzzle;
use crate::any::{with_position, AnyPosition};
use crate::bitboard::Bitboard;
use crate::engine::solver::Objective;
use crate::game::EndReason;
use crate::moves::{Move, MoveKind};
use crate::types::{Color, Role, Square};

/// Every theme the tagger gives, with what it means, in words a player
/// reads in the apps' theme menus (plain text: no markup).
pub const THEMES: [(&str, &str); 31] = [
    ("middlegame", "the puzzle starts before move 45"),
    (
        "run-in",
        "the puzzle starts at moves 45 to 48, before the move limit",
    ),
    ("overtime", "the puzzle starts after move 48, in overtime"),
    ("points", "gain a number of points within a few moves"),
    ("margin", "win the game by at least a given margin"),
    ("save", "avoid losing the game: a draw or better"),
    ("comeback", "win or save from behind on points"),
    ("one-move", "one move to find"),
    ("short", "two moves to find"),
    ("long-line", "three or more moves to find"),
    ("quiet-move", "the key move captures nothing"),
    (
        "sacrifice",
        "a piece moved by the player is taken at once, and the line still gains",
    ),
    (
        "fork",
        "one move attacks two valuable pieces (or a piece and the king); a later move takes one",
    ),
    (
        "pin",
        "the key move pins a piece to a more valuable one behind it, and the line takes one of them",
    ),
    (
        "skewer",
        "the key move attacks a valuable piece with a lesser one behind it, and the line takes the one behind",
    ),
    (
        "discovered-attack",
        "the key move steps out of a friendly line piece's way, and the line takes what it then attacks",
    ),
    (
        "trap",
        "the key move leaves an enemy piece attacked with every move onto an attacked square, and the line takes it",
    ),
    (
        "hanging-piece",
        "the key move takes a piece worth 3 or more that cannot be taken back",
    ),
    (
        "king-hunt",
        "the line captures the king (2 points, the king is not royal)",
    ),
    ("big-capture", "the line takes the queen"),
    ("promotion", "the line promotes a pawn"),
    (
        "underpromotion",
        "the line promotes to a rook, bishop or knight",
    ),
    (
        "last-move-capture",
        "Black takes with the last move of the game, with impunity",
    ),
    ("extinction", "the line takes the opponent's last piece"),
    (
        "repetition-trap",
        "the line ends with the opponent creating a threefold repetition, which loses",
    ),
    ("blockade", "the game ends with a side that cannot move"),
    (
        "resurrection",
        "a pawn comes back as a lost piece (Ram and Frontal chess)",
    ),
    (
        "dethronement",
        "a pawn reaching the last rank removes the enemy queen (Frontal chess)",
    ),
    ("mate", "checkmate the royal king within a few moves"),
    (
        "ram-chess",
        "a Ram chess puzzle: 10x10, pawns ram pawns, a pawn on the last rank comes back as a lost piece",
    ),
    (
        "frontal-chess",
        "a Frontal chess puzzle: 10x10, pawns swap places head on, a pawn on the last rank can dethrone the queen",
    ),
];

/// The themes only the games with a royal king give (their rules or
/// their objective): choosing one of them is asking for those games'
/// puzzles.
pub const ROYAL_GAME_THEMES: [&str; 5] = [
    "resurrection",
    "dethronement",
    "mate",
    "ram-chess",
    "frontal-chess",
];

/// The theme that names a game other than Norochess, so a player can ask
/// for its puzzles from the same menu (`None` for the Norochess family,
/// whose puzzles are the pack's main run).
fn game_theme(variant: crate::variant::Variant) -> Option<&'static str> {
    match variant.id() {
        "ram" => Some("ram-chess"),
        "frontal" => Some("frontal-chess"),
        _ => None,
    }
}

/// The themes of `puzzle`, in the order of [`THEMES`].
pub fn tag_themes(puzzle: &Puzzle) -> Vec<String> {
    let mut found: Vec<&str> = Vec::new();
    let (Ok(start), Ok(moves), Some(mut game)) = (
        puzzle.start(),
        puzzle.solution_moves(),
        game_at_start(puzzle),
    ) else {
        return Vec::new();
    };
    let player = start.turn();
    let n = start.fullmove_number();
    // The phases are the Norochess move limit's; a game with a royal king
    // has none, and its puzzles are named by their game instead.
    if puzzle.variant.is_norochess_family() {
        found.push(match n {
            0..=44 => "middlegame",
            45..=48 => "run-in",
            _ => "overtime",
        });
    } else if let Some(theme) = game_theme(puzzle.variant) {
        found.push(theme);
    }
    match puzzle.objective {
        Objective::Gain { .. } | Objective::Lead(_) => found.push("points"),
        Objective::WinBy(_) => found.push("margin"),
        Objective::Save => found.push("save"),
        Objective::Mate { .. } => found.push("mate"),
        Objective::Win => {}
    }
    let behind = start.score(player) < start.score(!player);
    if behind && !matches!(puzzle.objective, Objective::Gain { .. }) {
        found.push("comeback");
    }
    found.push(match moves.len().div_ceil(2) {
        1 => "one-move",
        2 => "short",
        _ => "long-line",
    });
    let quiet = |m: Move| {
        if puzzle.variant.is_norochess_family() {
            points_of(&start, m) == 0
        } else {
            // No points in a royal game: a move is quiet when it takes nothing.
            !start.is_capture(m)
        }
    };
    if moves.first().is_some_and(|&m| quiet(m)) {
        found.push("quiet-move");
    }
    let mut position = start;
    // Where a piece that attacks two targets stands, until the player's
    // next move shows whether it takes one.
    let mut fork_square = None;
    // The squares of the pieces the key move's motifs are about, followed
    // when the defender moves one, until a later move of the player's
    // takes one.
    let mut motifs = moves
        .first()
        .map(|&m| motifs_of(&start, m))
        .unwrap_or_default();
    for (i, &m) in moves.iter().enumerate() {
        let ours = i % 2 == 0;
        if ours {
            let victim = position.piece_at(m.to).filter(|p| p.color != player);
            if victim.is_some_and(|p| p.role == Role::King) {
                found.push("king-hunt");
            }
            if victim.is_some_and(|p| p.role == Role::Queen) || m.kind == MoveKind::Dethrone {
                found.push("big-capture");
            }
            if let MoveKind::Promotion(role) = m.kind {
                found.push("promotion");
                if role != Role::Queen {
                    found.push("underpromotion");
                }
                if position.variant().rules().promotion != crate::variant::PromotionRule::Free {
                    found.push("resurrection");
                }
            }
            if m.kind == MoveKind::Dethrone {
                found.push("dethronement");
            }
            if i == 0 && is_hanging_capture(&position, m, moves.get(1).copied()) {
                found.push("hanging-piece");
            }
            if fork_square.is_some_and(|sq| sq == m.from) && points_of(&position, m) >= 2 {
                found.push("fork");
            }
            if i > 0 && points_of(&position, m) > 0 {
                let takes = |squares: &[Square]| squares.contains(&m.to);
                for (squares, theme) in [
                    (&motifs.pinned, "pin"),
                    (&motifs.skewered, "skewer"),
                    (&motifs.discovered, "discovered-attack"),
                    (&motifs.trapped, "trap"),
                ] {
                    if takes(squares) {
                        found.push(theme);
                    }
                }
            }
            fork_square = position
                .play(m)
                .ok()
                .filter(|after| forks(after, m.to, player) >= 2)
                .map(|_| m.to);
        } else {
            if i > 0 && m.to == moves[i - 1].to && points_of(&position, m) >= 3 {
                found.push("sacrifice");
            }
            // A piece the motifs are about moved: follow it.
            for squares in [
                &mut motifs.pinned,
                &mut motifs.skewered,
                &mut motifs.discovered,
                &mut motifs.trapped,
            ] {
                for sq in squares.iter_mut().filter(|sq| **sq == m.from) {
                    *sq = m.to;
                }
            }
        }
        if game.play(m).is_err() {
            break;
        }
        match position.play(m) {
            Ok(next) => position = next,
            Err(_) => break,
        }
        if ours
            && i + 1 == moves.len()
            && player == Color::Black
            && game.outcome().is_some()
            && moves.last().is_some_and(|&last| {
                game.positions()
                    .len()
                    .checked_sub(2)
                    .and_then(|k| game.positions().get(k))
                    .is_some_and(|p| points_of(p, last) > 0)
            })
        {
            found.push("last-move-capture");
        }
    }
    if let Some(outcome) = game.outcome() {
        match outcome.reason {
            EndReason::NoPiecesLeft => found.push("extinction"),
            EndReason::RepetitionLoss => found.push("repetition-trap"),
            EndReason::Blocked => found.push("blockade"),
            _ => {}
        }
    }
    THEMES
        .iter()
        .filter(|(name, _)| found.contains(name))
        .map(|(name, _)| name.to_string())
        .collect()
}

/// Whether `m` takes a piece worth 3 or more that the defender's reply
/// does not take back.
fn is_hanging_capture(position: &AnyPosition, m: Move, reply: Option<Move>) -> bool {
    points_of(position, m) >= 3 && reply.is_none_or(|r| r.to != m.to)
}

/// How many enemy pieces worth 3 or more, or the king, the piece standing
/// on `square` attacks in `position` (the opponent to move).
fn forks(position: &AnyPosition, square: crate::types::Square, player: Color) -> usize {
    with_position!(position, p => {
        let occupied = p.occupied();
        p.pieces_of(!player)
            .squares()
            .filter(|&target| {
                p.role_at(target).is_some_and(|role| {
                    role == Role::King || role.capture_points() >= 3
                }) && p.attackers(target, player, occupied).has(square)
            })
            .count()
    })
}
