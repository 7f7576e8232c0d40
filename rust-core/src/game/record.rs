//! Game records: PGN-style text with tags (`Variant`, `Start`, `FEN`,
//! `Result`, `Score`, `Termination`, players…) and SAN movetext with
//! comments. Import accepts moves in any notation the core reads.

use super::{EndReason, Game};
use crate::error::Error;
use crate::types::Color;
use crate::variant::Variant;
use std::fmt::Write as _;
use thiserror::Error as ThisError;

/// Tags the game writes itself from its state; user tags of these names are ignored.
pub(super) const DERIVED_TAGS: [&str; 9] = [
    "Result",
    "Variant",
    "Zone",
    "Blockage",
    "Start",
    "FEN",
    "SetUp",
    "Score",
    "Termination",
];

/// The Seven Tag Roster's tags other than `Result`, written first, `?` when unset.
const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// A game record (PGN-style text or bare movetext) that cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq, ThisError)]
pub enum RecordError {
    /// The text is malformed (an unclosed tag or comment, a bad tag).
    #[error("line {line}: {problem}")]
    Syntax {
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// A move cannot be read or is illegal at its point in the game.
    #[error("move {move_number}{dots} {text}: {reason}", dots = if *black { "..." } else { "." })]
    BadMove {
        /// The full-move number of the move.
        move_number: u32,
        /// Whether it is Black's move.
        black: bool,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        reason: String,
    },
    /// The record's result contradicts how the rules end the game.
    #[error("the record says {claimed} but the game ended: {actual}")]
    ResultMismatch {
        /// The result token of the record.
        claimed: String,
        /// The outcome by the rules.
        actual: String,
    },
    /// The tags name an unknown game or an impossible set-up.
    #[error(transparent)]
    Setup(#[from] Error),
}

/// One element of movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Move { text: String, line: usize },
    Comment(String),
    Result(String),
}

impl Game {
    /// The moves in SAN.
    pub fn san_moves(&self) -> Vec<String> {
        self.plies
            .iter()
            .zip(&self.positions)
            .map(|(ply, pos)| pos.to_san(ply.mv))
            .collect()
    }

    /// The moves in long algebraic notation (`Ng1-f3`).
    pub fn long_moves(&self) -> Vec<String> {
        self.plies
            .iter()
            .zip(&self.positions)
            .map(|(ply, pos)| pos.to_long(ply.mv))
            .collect()
    }

    /// The game as PGN-style text.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{escaped}\"]");
        };
        for name in ROSTER {
            tag(name, self.tag(name).unwrap_or("?"));
        }
        let outcome = self.outcome();
        tag("Result", outcome.map_or("*", |o| o.result_token()));
        tag("Variant", self.variant.id());
        if let Some((zone, blockage)) = self.variant.improved_options() {
            tag("Zone", zone.id());
            tag("Blockage", blockage.id());
        }
        if let Some(number) = self.start_number {
            tag("Start", &number.to_string());
            // Other tools do not read `Start`: the standard tags carry the
            // same start (the six FEN fields, without our `score=`).
            let text = self.start_position().to_text();
            let fen: Vec<&str> = text.split_whitespace().take(6).collect();
            tag("SetUp", "1");
            tag("FEN", &fen.join(" "));
        }
        if self.set_up {
            tag("SetUp", "1");
            tag("FEN", &self.start_position().to_text());
        }
        if let Some((white, black)) = self.scores() {
            tag("Score", &format!("{white}-{black}"));
        }
        if let Some(outcome) = outcome {
            tag("Termination", outcome.reason.description());
        }
        for (name, value) in &self.tags {
            if !ROSTER.contains(&name.as_str()) {
                tag(name, value);
            }
        }
        out.push('\n');
        let mut words = Vec::new();
        for (i, (ply, position)) in self.plies.iter().zip(&self.positions).enumerate() {
            let number = position.fullmove_number();
            if position.turn() == Color::White {
                words.push(format!("{number}."));
            } else if i == 0 {
                words.push(format!("{number}..."));
            }
            words.push(position.to_san(ply.mv));
            if let Some(comment) = &ply.comment {
                words.push(format!("{{{}}}", comment.replace('}', ")")));
            }
        }
        words.push(outcome.map_or("*", |o| o.result_token()).to_string());
        let mut line_len = 0;
        for word in words {
            if line_len > 0 && line_len + 1 + word.len() > 79 {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(&word);
            line_len += word.len();
        }
        out.push('\n');
        out
    }

    /// Reads a record: optional tags, then movetext in any notation the core
    /// reads (SAN, long algebraic, coordinates; move numbers, comments, NAGs
    /// and a result token optional; variations are skipped). Without a
    /// `Variant` tag the game is `default_variant` (Norochess if `None`).
    pub fn from_pgn(text: &str, default_variant: Option<Variant>) -> Result<Game, RecordError> {
        let (tags, body_start) = parse_tags(text)?;
        let get = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let variant = match get("Variant") {
            Some(id) => Variant::parse(&id.to_ascii_lowercase(), get("Zone"), get("Blockage"))
                .map_err(Error::from)?,
            None => default_variant.unwrap_or(Variant::Norochess),
        };
        // A numbered Norochess960 start also writes its FEN for other
        // tools; the number is what identifies it.
        let numbered = variant.start_numbering().is_some() && get("Start").is_some();
        let mut game = match get("FEN").filter(|_| !numbered) {
            Some(fen) => Game::from_position(variant, fen)?,
            None => {
                let start = match get("Start") {
                    Some(n) => Some(n.trim().parse::<u16>().map_err(|_| RecordError::Syntax {
                        line: 1,
                        problem: format!("Start tag `{n}` is not a number from 0 to 959"),
                    })?),
                    None => None,
                };
                Game::new(variant, start)?
            }
        };
        for (name, value) in &tags {
            game.set_tag(name, value);
        }
        let claimed = game.play_movetext_from(&text[body_start..], line_of(text, body_start))?;
        let claimed = claimed.or_else(|| get("Result").map(str::to_string));
        game.apply_claimed_result(claimed.as_deref(), get("Termination"))?;
        Ok(game)
    }

    /// Plays movetext (move numbers, comments, NAGs, variations and a
    /// result token allowed) from the current position. Returns the result
    /// token, if any.
    pub fn play_movetext(&mut self, text: &str) -> Result<Option<String>, RecordError> {
        self.play_movetext_from(text, 1)
    }

    fn play_movetext_from(
        &mut self,
        text: &str,
        first_line: usize,
    ) -> Result<Option<String>, RecordError> {
        for token in tokenize(text, first_line)? {
            match token {
                Token::Comment(comment) => {
                    if !self.plies.is_empty() {
                        let comment = comment.trim();
                        self.set_comment((!comment.is_empty()).then(|| comment.to_string()));
                    }
                }
                Token::Result(result) => return Ok(Some(result)),
                Token::Move { text, .. } => {
                    let position = *self.position();
                    let bad_move = |reason: String| RecordError::BadMove {
                        move_number: position.fullmove_number(),
                        black: position.turn() == Color::Black,
                        text: text.clone(),
                        reason,
                    };
                    if let Some(outcome) = self.outcome() {
                        return Err(bad_move(format!("the game was already over ({outcome})")));
                    }
                    let mv = position
                        .parse_move(&text)
                        .map_err(|e| bad_move(move_reason(&e)))?;
                    self.play(mv).map_err(|e| bad_move(e.to_string()))?;
                }
            }
        }
        Ok(None)
    }

    /// Makes the game end as the record says when the rules have not ended it
    /// (resignation, agreement, time), and rejects a contradicting result.
    fn apply_claimed_result(
        &mut self,
        claimed: Option<&str>,
        termination: Option<&str>,
    ) -> Result<(), RecordError> {
        let Some(claimed) = claimed.filter(|c| *c != "*") else {
            return Ok(());
        };
        let claimed = if claimed == "½-½" {
            "1/2-1/2"
        } else {
            claimed
        };
        if let Some(outcome) = self.outcome() {
            if outcome.result_token() != claimed {
                return Err(RecordError::ResultMismatch {
                    claimed: claimed.to_string(),
                    actual: outcome.to_string(),
                });
            }
            return Ok(());
        }
        let reason = termination.and_then(|t| {
            [
                EndReason::TimeForfeit,
                EndReason::TimeoutVsInsufficientMaterial,
                EndReason::Agreement,
                EndReason::Resignation,
            ]
            .into_iter()
            .find(|r| r.description().eq_ignore_ascii_case(t.trim()))
        });
        let result = match (claimed, reason) {
            ("1-0", Some(EndReason::TimeForfeit)) => self.flag_fall(Color::Black),
            ("0-1", Some(EndReason::TimeForfeit)) => self.flag_fall(Color::White),
            ("1-0", _) => self.resign(Color::Black),
            ("0-1", _) => self.resign(Color::White),
            ("1/2-1/2", _) => self.agree_draw(),
            (other, _) => {
                return Err(RecordError::Syntax {
                    line: 1,
                    problem: format!("unknown result `{other}`"),
                })
            }
        };
        result.map(|_| ()).map_err(|e| RecordError::ResultMismatch {
            claimed: claimed.to_string(),
            actual: e.to_string(),
        })
    }
}

/// A move error as a reason, without repeating the move text.
fn move_reason(error: &crate::error::MoveError) -> String {
    match error {
        crate::error::MoveError::Unreadable { problem, .. } => problem.clone(),
        crate::error::MoveError::Illegal { reason, .. }
        | crate::error::MoveError::PromotionRequired { reason, .. } => reason.clone(),
    }
}

fn line_of(text: &str, byte: usize) -> usize {
    text.get(..byte).map_or(1, |t| t.matches('\n').count() + 1)
}

/// Reads the tag pairs at the top; returns them and where the movetext starts.
fn parse_tags(text: &str) -> Result<(Vec<(String, String)>, usize), RecordError> {
    let mut tags = Vec::new();
    let mut rest = 0;
    let bytes = text.as_bytes();
    loop {
        while rest < bytes.len() && bytes[rest].is_ascii_whitespace() {
            rest += 1;
        }
        if bytes.get(rest) != Some(&b'[') {
            return Ok((tags, rest));
        }
        let line = line_of(text, rest);
        let syntax = |problem: &str| RecordError::Syntax {
            line,
            problem: problem.to_string(),
        };
        let inner_start = rest + 1;
        // Find the closing bracket outside the quoted value.
        let mut in_quotes = false;
        let mut escaped = false;
        let mut end = None;
        for (offset, c) in text[inner_start..].char_indices() {
            match c {
                '\n' if !in_quotes => break,
                '\\' if in_quotes && !escaped => {
                    escaped = true;
                    continue;
                }
                '"' if !escaped => in_quotes = !in_quotes,
                ']' if !in_quotes => {
                    end = Some(inner_start + offset);
                    break;
                }
                _ => {}
            }
            escaped = false;
        }
        let end = end.ok_or_else(|| syntax("tag not closed with `]`"))?;
        let inner = text[inner_start..end].trim();
        let (name, value) = inner
            .split_once(char::is_whitespace)
            .ok_or_else(|| syntax("tag needs a name and a quoted value"))?;
        let value = value.trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(syntax(&format!("bad tag name `{name}`")));
        }
        let unquoted = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| syntax(&format!("the value of tag {name} must be in double quotes")))?;
        tags.push((
            name.to_string(),
            unquoted.replace("\\\"", "\"").replace("\\\\", "\\"),
        ));
        rest = end + 1;
    }
}

fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// Splits movetext into moves, comments and the result.
fn tokenize(text: &str, first_line: usize) -> Result<Vec<Token>, RecordError> {
    let mut tokens = Vec::new();
    let mut line = first_line;
    let mut chars = text.chars().peekable();
    let mut variation_depth = 0usize;
    let mut variation_line = line;
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '{' => {
                let start = line;
                let mut comment = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(ch) => {
                            if ch == '\n' {
                                line += 1;
                            }
                            comment.push(ch);
                        }
                        None => {
                            return Err(RecordError::Syntax {
                                line: start,
                                problem: "comment not closed with `}`".to_string(),
                            })
                        }
                    }
                }
                if variation_depth == 0 {
                    tokens.push(Token::Comment(comment));
                }
            }
            ';' => {
                let mut comment = String::new();
                for ch in chars.by_ref() {
                    if ch == '\n' {
                        line += 1;
                        break;
                    }
                    comment.push(ch);
                }
                if variation_depth == 0 {
                    tokens.push(Token::Comment(comment));
                }
            }
            '(' => {
                if variation_depth == 0 {
                    variation_line = line;
                }
                variation_depth += 1;
            }
            ')' => {
                variation_depth =
                    variation_depth
                        .checked_sub(1)
                        .ok_or_else(|| RecordError::Syntax {
                            line,
                            problem: "`)` without a variation to close".to_string(),
                        })?;
            }
            _ => {
                let mut word = String::from(c);
                while let Some(&next) = chars.peek() {
                    if next.is_whitespace() || matches!(next, '{' | '}' | '(' | ')' | ';') {
                        break;
                    }
                    word.push(next);
                    chars.next();
                }
                if variation_depth > 0 || word.starts_with('$') {
                    continue;
                }
                if is_result(&word) {
                    tokens.push(Token::Result(word));
                    continue;
                }
                let without_number = strip_move_number(&word);
                if !without_number.is_empty() {
                    tokens.push(Token::Move {
                        text: without_number.to_string(),
                        line,
                    });
                }
            }
        }
    }
    if variation_depth > 0 {
        return Err(RecordError::Syntax {
            line: variation_line,
            problem: "variation not closed with `)`".to_string(),
        });
    }
    Ok(tokens)
}

/// `12.e4` → `e4`, `12...` → ``, `e4` → `e4`, `0-0` → `0-0`.
fn strip_move_number(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let dots = word.bytes().skip(digits).take_while(|&b| b == b'.').count();
    if digits > 0 && digits == word.len() {
        // A move number written without its dot (`1 e4 e5 2 Nf3`).
        ""
    } else if digits > 0 && dots > 0 {
        &word[digits + dots..]
    } else if digits == 0 && dots > 0 && word.bytes().all(|b| b == b'.') {
        ""
    } else {
        word
    }
}
