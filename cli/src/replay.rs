//! `norochess replay`: reads a game record (PGN-style tags optional, or bare
//! movetext in any notation the core reads) and prints it move by move with
//! the running score and the outcome.

use crate::game_options::GameOptionArgs;
use anyhow::{bail, Context, Result};
use clap::Args;
use norochess_core::{Color, Game, Variant};
use serde_json::{json, Value};
use std::io::Read;

/// Options of `norochess replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Game id when the record has no Variant tag: norochess, norochess960,
    /// ram, frontal, improved, crab, chess or plain10.
    #[arg(long)]
    variant: Option<String>,
    #[command(flatten)]
    options: GameOptionArgs,
    /// Norochess960 start position number (0-959) when the record has no Start or FEN tag.
    #[arg(long)]
    start: Option<u16>,
    /// Start position text when the record has no FEN tag (FEN plus
    /// optional score=W-B / opening=pending).
    #[arg(long)]
    fen: Option<String>,
    /// Print one JSON document instead of the move table.
    #[arg(long)]
    json: bool,
    /// The record file, or `-` for standard input.
    file: String,
}

/// One full move (White's and Black's plies) of the replay.
struct FullMove {
    number: u32,
    white: Option<(String, String)>,
    black: Option<(String, String)>,
    /// Scores (White, Black) after the last ply of this full move.
    scores: Option<(u16, u16)>,
}

/// Runs the replay.
pub fn run(args: &ReplayArgs) -> Result<()> {
    let text = read_input(&args.file)?;
    let game = load(args, &text)?;
    if args.json {
        let document = to_json(&game);
        println!("{}", serde_json::to_string_pretty(&document)?);
    } else {
        print!("{}", table(&game));
    }
    Ok(())
}

fn read_input(file: &str) -> Result<String> {
    let mut bytes = Vec::new();
    if file == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
    } else {
        bytes = std::fs::read(file).with_context(|| format!("cannot read {file}"))?;
    }
    let text = String::from_utf8(bytes).context("the record is not UTF-8 text")?;
    Ok(text.trim_start_matches('\u{feff}').to_string())
}

/// Reads the record. Command-line settings apply where the record is silent:
/// `--variant` (with its options) without a `Variant` tag, `--fen` without a
/// `FEN` tag, `--start` without `Start` or `FEN` tags.
pub fn load(args: &ReplayArgs, text: &str) -> Result<Game> {
    let default_variant = match &args.variant {
        Some(id) => Some(args.options.variant(&id.to_ascii_lowercase())?),
        None if args.options.any() => {
            bail!("--zone and --blockage need --variant improved")
        }
        None => None,
    };
    if args.start.is_some() && args.fen.is_some() {
        bail!("give either --start or --fen, not both");
    }
    let tags = tag_names(text);
    let has = |name: &str| tags.iter().any(|t| t == name);
    if let (Some(cli), true) = (default_variant, has("Variant")) {
        eprintln!("note: the record's Variant tag applies, not --variant {cli}");
    }
    // The core reads the FEN and Start tags only from the record itself, so
    // command-line values become tags put in front of it (on its first line,
    // so the line numbers of errors stay right).
    let mut prefix = String::new();
    if let Some(fen) = &args.fen {
        if has("FEN") {
            eprintln!("note: the record's FEN tag applies, not --fen");
        } else {
            prefix.push_str(&format!("[FEN \"{}\"] ", escape_tag(fen)));
        }
    }
    if let Some(start) = args.start {
        let variant = default_variant.unwrap_or(Variant::Norochess);
        if !has("Variant") && variant.start_numbering().is_none() {
            bail!("--start applies only to norochess960");
        }
        if !has("Start") && !has("FEN") {
            prefix.push_str(&format!("[Start \"{start}\"] "));
        }
    }
    let record = format!("{prefix}{text}");
    Game::from_pgn(&record, default_variant).map_err(|e| anyhow::anyhow!("{e}"))
}

fn escape_tag(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The names of the tags at the top of a record (a lenient scan: the core
/// reports malformed tags itself).
fn tag_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text.trim_start();
    while let Some(inner) = rest.strip_prefix('[') {
        let mut in_quotes = false;
        let mut escaped = false;
        let mut end = None;
        for (i, c) in inner.char_indices() {
            match c {
                '\\' if in_quotes && !escaped => {
                    escaped = true;
                    continue;
                }
                '"' if !escaped => in_quotes = !in_quotes,
                ']' if !in_quotes => {
                    end = Some(i);
                    break;
                }
                '\n' if !in_quotes => break,
                _ => {}
            }
            escaped = false;
        }
        let Some(end) = end else { break };
        if let Some(name) = inner[..end].split_whitespace().next() {
            names.push(name.to_string());
        }
        rest = inner[end + 1..].trim_start();
    }
    names
}

/// The game's plies grouped by full move, in SAN and coordinates.
fn full_moves(game: &Game) -> Vec<FullMove> {
    let mut rows: Vec<FullMove> = Vec::new();
    let positions = game.positions();
    for (i, ply) in game.plies().iter().enumerate() {
        let before = &positions[i];
        let after = &positions[i + 1];
        let san = before.to_san(ply.mv);
        let uci = ply.mv.uci(before.width());
        let scores = game
            .scores()
            .map(|_| (after.score(Color::White), after.score(Color::Black)));
        let number = before.fullmove_number();
        match before.turn() {
            Color::White => rows.push(FullMove {
                number,
                white: Some((san, uci)),
                black: None,
                scores,
            }),
            Color::Black => match rows.last_mut() {
                Some(row) if row.number == number && row.black.is_none() => {
                    row.black = Some((san, uci));
                    row.scores = scores;
                }
                _ => rows.push(FullMove {
                    number,
                    white: None,
                    black: Some((san, uci)),
                    scores,
                }),
            },
        }
    }
    rows
}

/// The last line: `White wins 38-33`, `In progress 19-15`,
/// `White wins (checkmate)`, `In progress`.
pub fn outcome_text(game: &Game) -> String {
    match (game.outcome(), game.scores()) {
        (Some(outcome), Some(_)) => outcome.headline(),
        (Some(outcome), None) => outcome.to_string(),
        (None, Some((white, black))) => format!("In progress {white}-{black}"),
        (None, None) => "In progress".to_string(),
    }
}

/// The move table followed by the outcome line.
fn table(game: &Game) -> String {
    let rows = full_moves(game);
    let longest = game.san_moves().iter().map(String::len).max().unwrap_or(0);
    let width = (longest + 2).max(8);
    let mut out = String::new();
    for row in &rows {
        let white = row.white.as_ref().map_or("...", |(san, _)| san.as_str());
        let black = row.black.as_ref().map_or("", |(san, _)| san.as_str());
        let mut line = format!("{:>3}. {white:<width$}", row.number);
        match row.scores {
            Some((w, b)) => line.push_str(&format!("{black:<width$} {w}-{b}")),
            None => line.push_str(black),
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&outcome_text(game));
    out.push('\n');
    out
}

fn scores_json(scores: Option<(u16, u16)>) -> Value {
    match scores {
        Some((white, black)) => json!({ "white": white, "black": black }),
        None => Value::Null,
    }
}

/// The replay as one JSON document.
fn to_json(game: &Game) -> Value {
    let variant = game.variant();
    let moves: Vec<Value> = full_moves(game)
        .into_iter()
        .map(|row| {
            let side = |m: &Option<(String, String)>| match m {
                Some((san, uci)) => json!({ "san": san, "uci": uci }),
                None => Value::Null,
            };
            json!({
                "number": row.number,
                "white": side(&row.white),
                "black": side(&row.black),
                "scores": scores_json(row.scores),
            })
        })
        .collect();
    let outcome = game.outcome();
    let (zone, blockage) = match variant.improved_options() {
        Some((z, b)) => (json!(z.id()), json!(b.id())),
        None => (Value::Null, Value::Null),
    };
    json!({
        "variant": variant.id(),
        "variant_name": variant.display_name(),
        "zone": zone,
        "blockage": blockage,
        "start_number": game.start_number(),
        "start_position": game.start_position().to_text(),
        "moves": moves,
        "plies": game.plies().len(),
        "final_position": game.position().to_text(),
        "final_scores": scores_json(game.scores()),
        "outcome": {
            "over": outcome.is_some(),
            "winner": outcome.and_then(|o| o.winner).map(Color::lowercase_name),
            "reason": outcome.map(|o| o.reason.id()),
            "reason_text": outcome.map(|o| o.reason.description()),
            "result": outcome.map_or("*", |o| o.result_token()),
            "text": outcome_text(game),
        },
    })
}
