//! When two puzzles are the same idea: the same pawn skeleton (every pawn
//! of both sides on the same square) and the same piece set (how many of
//! each piece each side has). Two such puzzles play alike even when a piece
//! stands elsewhere, as the pack's deep-overtime endgames showed (seven of
//! them were the black queen going to a7 or a8 for the a-pawn). The
//! generator admits at most [`MAX_SAME_IDEA`] puzzles of one idea, and
//! `puzzles stats` reports the largest group.

use super::Puzzle;

/// The most puzzles of one idea a pack may hold.
pub const MAX_SAME_IDEA: usize = 3;

/// The idea of `puzzle` at the player's start: its game, the pawn skeleton
/// (the pawns' squares, rank by rank) and the piece set (the count of
/// every other piece letter of each side). The side to move, the move
/// number and the scores are left out on purpose: the same endgame a move
/// later, or with other scores, is still the same idea. A puzzle whose
/// position does not read is its own idea (its position text).
pub fn idea_key(puzzle: &Puzzle) -> String {
    let Ok(start) = puzzle.start() else {
        return format!("{} {}", puzzle.variant.id(), puzzle.position);
    };
    let text = start.to_text();
    let board = text.split_whitespace().next().unwrap_or_default();
    format!(
        "{} {} {}",
        puzzle.variant.id(),
        pawn_skeleton(board),
        piece_set(board)
    )
}

/// The pawns of a board field (`rnbqkbnr/pppppppp/8/...`): every rank with
/// the files of its pawns (`P` for White's, `p` for Black's), other pieces
/// read as empty squares. Works for any board width (a 10-wide rank has a
/// `10` in it).
fn pawn_skeleton(board: &str) -> String {
    board
        .split('/')
        .map(|rank| {
            let mut file = 0usize;
            let mut digits = 0usize;
            let mut pawns = String::new();
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    digits = digits * 10 + d as usize;
                    continue;
                }
                file += digits;
                digits = 0;
                if c == 'P' || c == 'p' {
                    pawns.push(c);
                    pawns.push_str(&file.to_string());
                }
                if c.is_ascii_alphabetic() {
                    file += 1;
                }
            }
            pawns
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The pieces other than pawns of a board field, counted per letter in a
/// fixed order: `B1K1N1Q1R2b2k1r1`.
fn piece_set(board: &str) -> String {
    let mut letters: Vec<char> = board
        .chars()
        .filter(|c| c.is_ascii_alphabetic() && *c != 'P' && *c != 'p')
        .collect();
    letters.sort_unstable();
    let mut out = String::new();
    let mut i = 0;
    while let Some(&letter) = letters.get(i) {
        let run = letters[i..].iter().take_while(|&&c| c == letter).count();
        out.push(letter);
        out.push_str(&run.to_string());
        i += run;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solver::Objective;
    use crate::variant::Variant;

    fn puzzle(id: &str, position: &str) -> Puzzle {
        Puzzle {
            id: id.to_string(),
            variant: Variant::Norochess,
            position: position.to_string(),
            setup: None,
            objective: Objective::Win,
            solution: Vec::new(),
            rating: 1000,
            themes: Vec::new(),
        }
    }

    #[test]
    fn the_skeleton_keeps_the_pawns_and_their_files() {
        assert_eq!(
            pawn_skeleton("8/pp6/8/3P4/8/8/5PPP/8"),
            "/p0p1//P3///P5P6P7/"
        );
        // Other pieces are empty squares for the skeleton.
        assert_eq!(pawn_skeleton("k7/1p6/8/8/8/8/8/K6Q"), "/p1//////");
        // A 10-wide rank with `10` in it.
        assert_eq!(pawn_skeleton("10/p8P"), "/p0P9");
    }

    #[test]
    fn the_piece_set_counts_every_piece_but_pawns() {
        assert_eq!(
            piece_set("r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R"),
            "K1Q1R2k1q1r2"
        );
    }

    #[test]
    fn the_same_pawns_and_pieces_elsewhere_are_one_idea() {
        // The black queen on a7 or on a8 against the a-pawn: one idea.
        let a7 = puzzle("a", "6k1/q7/8/P7/8/8/5PPP/6K1 b - - 0 55 score=30-30");
        let a8 = puzzle("b", "q5k1/8/8/P7/8/8/5PPP/6K1 b - - 0 56 score=31-30");
        assert_eq!(idea_key(&a7), idea_key(&a8));
        // Another pawn on another file, or another piece: another idea.
        let pawn_moved = puzzle("c", "6k1/q7/8/1P6/8/8/5PPP/6K1 b - - 0 55 score=30-30");
        let rook = puzzle("d", "6k1/r7/8/P7/8/8/5PPP/6K1 b - - 0 55 score=30-30");
        assert_ne!(idea_key(&a7), idea_key(&pawn_moved));
        assert_ne!(idea_key(&a7), idea_key(&rook));
    }
}
