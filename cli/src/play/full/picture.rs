//! What the full-screen shell draws, read from the app's state at one
//! moment: the board of the view (game, puzzle or replayed game) with its
//! marks, the lines beside it (score, move counter, clocks, captured
//! pieces, whose turn or the result) and the move list. Nothing here
//! decides anything about the game: every value comes from the session's
//! snapshot, the puzzle session or the saved game.

use super::super::analysis_view::{lines_block, status_lines, PANEL_LINE_MOVES};
use super::super::app::{App, View, Work};
use super::super::editor_view::{editor_snapshot, fields_line, problem_lines, problem_squares};
use super::super::game_screen::variant_title;
use super::super::puzzle_view::opponent_played;
use super::super::review_graph::graph;
use super::super::review_view::{game_at, scale_text};
use super::super::screen::{self, CounterTone, Style};
use norochess_app::texts::clock_name;
use norochess_app::{GameResult, Opponent, PlayerKind, PuzzlePhase};
use norochess_core::{Color, Game, Snapshot};

/// `1 moment`, `3 moments`.
fn counted(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The review graph's columns beside the board (it must not wrap in the
/// panel of an 80-column screen).
const GRAPH_COLUMNS: usize = 40;

/// How a line beside the board should stand out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Ordinary text.
    Plain,
    /// Bold: the score, the result.
    Strong,
    /// Yellow: few regular moves left.
    Warn,
    /// Red: low time, check.
    Alert,
    /// Magenta: overtime.
    Overtime,
    /// Dim: help text.
    Dim,
}

/// One line beside the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoLine {
    /// The text.
    pub text: String,
    /// How it stands out.
    pub tone: Tone,
}

impl InfoLine {
    fn new(text: impl Into<String>, tone: Tone) -> InfoLine {
        InfoLine {
            text: text.into(),
            tone,
        }
    }
}

/// One move of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedMove {
    /// Its index in the game (0 for the first move).
    pub ply: usize,
    /// Its move number.
    pub number: u32,
    /// Who played it.
    pub color: Color,
    /// SAN.
    pub san: String,
}

/// The board of a view.
#[derive(Clone, Debug)]
pub struct BoardPicture {
    /// The position shown (live or reviewed).
    pub snapshot: Snapshot,
    /// The side at the bottom.
    pub bottom: Color,
    /// Whether the person may pick up pieces now (their turn, live, not over).
    pub live: bool,
}

/// Everything the shell draws for one frame.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The title line.
    pub title: String,
    /// The board, in the game, puzzle and replay views.
    pub board: Option<BoardPicture>,
    /// The lines beside the board.
    pub info: Vec<InfoLine>,
    /// The move list.
    pub moves: Vec<ListedMove>,
    /// The number of plies shown (the position after that many moves).
    pub shown: usize,
    /// Whether choosing a move in the list reviews that position.
    pub reviewable: bool,
    /// The command line's prompt.
    pub prompt: String,
    /// On the review: the first line beside the board is the graph, and
    /// each of its columns leads to this position (a click shows it).
    pub graph_plies: Option<Vec<usize>>,
    /// Squares marked like targets: the editor's problems.
    pub marked: Vec<norochess_core::Square>,
}

/// The picture of the app's current view. `progress` is the puzzle pack
/// summary, which the shell reads from the library only when something
/// changed.
pub fn of(app: &App, progress: Option<&str>) -> Picture {
    let style = Style {
        color: false,
        ..app.style()
    };
    let mut picture = match &app.view {
        View::Home => Picture {
            title: "Norochess — home".to_string(),
            board: None,
            info: Vec::new(),
            moves: Vec::new(),
            shown: 0,
            reviewable: false,
            prompt: String::new(),
            graph_plies: None,
            marked: Vec::new(),
        },
        View::Game => game(app, style),
        View::Puzzle(_) => puzzle(app, style, progress),
        View::Archive(_) => archive(app, style),
        View::Review(_) => review(app, style),
        View::Analysis(_) => analysis(app, style),
        View::Editor(_) => editor(app, style),
    };
    picture.prompt = app.prompt();
    if !style.unicode {
        picture.title = picture.title.replace(['—', '·'], "-");
    }
    picture
}

fn game(app: &App, style: Style) -> Picture {
    let Some(session) = &app.game else {
        return of_nothing();
    };
    let snap = session.snapshot(app.now());
    let friend = session.spec().opponent == Opponent::Friend;
    let name = |color: Color| snap.player(color).name.clone();
    let mut title = variant_title(session.game());
    if friend {
        title.push_str(" · pass and play");
    }
    if name(Color::White) != "White" || name(Color::Black) != "Black" {
        title.push_str(&format!(
            " · {} vs {}",
            name(Color::White),
            name(Color::Black)
        ));
    }
    let board = session.shown_board();
    let mut info = score_lines(&board, style);
    // Until a save succeeds (or the copy is exported) the screen says the
    // game is not in the library.
    if let Some(mark) = app.unsaved_mark() {
        title.push_str(" · NOT SAVED");
        info.insert(0, InfoLine::new(mark, Tone::Alert));
    }
    if let (Some(clock), Some(control)) = (&snap.clock, session.time_control()) {
        let paused = if clock.paused && snap.result.is_none() {
            " (paused)"
        } else {
            ""
        };
        info.push(InfoLine::new(
            format!("Clock {}{paused}", clock_name(control)),
            Tone::Dim,
        ));
        for color in Color::ALL {
            let running = clock.running == Some(color);
            let mut text = format!("  {:<6} {:>8}", color.name(), clock.text(color));
            if running {
                text.push_str(if style.unicode { " ◀" } else { " <" });
            }
            let tone = match (clock.is_low(color), running) {
                (true, _) => Tone::Alert,
                (false, true) => Tone::Strong,
                (false, false) => Tone::Plain,
            };
            info.push(InfoLine::new(text, tone));
        }
    }
    info.extend(captured(&board, style));
    let shown = snap.reviewing.unwrap_or(snap.ply_count) as usize;
    let live = snap.reviewing.is_none() && snap.result.is_none() && !snap.computer_to_move;
    match (&snap.result, &snap.result_text, snap.reviewing) {
        (Some(result), Some(text), None) => {
            let verdict = match (friend, result.winner) {
                (false, Some(w)) if snap.player(w).kind != PlayerKind::Person => {
                    " (the computer wins)"
                }
                (false, Some(_)) => " (you win!)",
                _ => "",
            };
            let mark = if style.unicode { "■" } else { "#" };
            info.push(InfoLine::new(
                format!("{mark} {text}{verdict}"),
                Tone::Strong,
            ));
            info.push(InfoLine::new(
                "rematch · review in the move list · export · home",
                Tone::Dim,
            ));
        }
        (_, _, Some(_)) => {
            let at = match shown {
                0 => "the start position".to_string(),
                n => format!("after {}", screen::ply_text(session.game(), n - 1)),
            };
            info.push(InfoLine::new(format!("Reviewing {at}"), Tone::Warn));
            info.push(InfoLine::new(
                format!("ply {shown} of {} · Esc or `live` returns", snap.ply_count),
                Tone::Dim,
            ));
        }
        _ => {
            let thinking = app.work() == Some(Work::Move);
            let status = screen::turn_status(&snap, friend, thinking, style);
            info.push(InfoLine::new(status, Tone::Strong));
            if snap.board.check_square.is_some() {
                info.push(InfoLine::new("Check!", Tone::Alert));
            }
            if let Some(offer) = snap.draw_offer {
                info.push(InfoLine::new(
                    format!("{offer} offers a draw: accept · decline"),
                    Tone::Warn,
                ));
            }
            if let Some(practice) = &snap.practice {
                let tone = if practice.judgement.is_marked() {
                    Tone::Warn
                } else {
                    Tone::Plain
                };
                info.push(InfoLine::new(
                    format!("Practice: {}", practice.headline),
                    tone,
                ));
            }
        }
    }
    let moves = snap
        .moves
        .iter()
        .map(|m| ListedMove {
            ply: m.ply as usize,
            number: m.number,
            color: m.side,
            // Practice mode's mark follows the move (`?!`, `?`, `??`).
            san: format!("{}{}", m.san, m.mark),
        })
        .collect();
    Picture {
        title,
        board: Some(BoardPicture {
            snapshot: board,
            bottom: snap.bottom,
            live,
        }),
        info,
        moves,
        shown,
        reviewable: true,
        prompt: String::new(),
        graph_plies: None,
        marked: Vec::new(),
    }
}

fn puzzle(app: &App, style: Style, progress: Option<&str>) -> Picture {
    let View::Puzzle(view) = &app.view else {
        return of_nothing();
    };
    let run = &view.run;
    let puzzle = run.puzzle();
    let game = run.game();
    let snapshot = game.snapshot();
    let title = view.title(app.cfg.pack.len());
    // What the opponent just played (its mistake), then the objective.
    let mut info: Vec<InfoLine> = opponent_played(puzzle)
        .map(|played| InfoLine::new(played, Tone::Plain))
        .into_iter()
        .collect();
    info.push(InfoLine::new(puzzle.describe(), Tone::Strong));
    info.extend(score_lines(&snapshot, style));
    info.extend(captured(&snapshot, style));
    if let Some(result) = GameResult::of(game) {
        info.push(InfoLine::new(result.sentence(), Tone::Strong));
    }
    let player = run.player();
    let phase = run.phase();
    info.push(match phase {
        PuzzlePhase::Solving => InfoLine::new(format!("Your move ({player})"), Tone::Strong),
        PuzzlePhase::Wrong => InfoLine::new("Not solved yet: retry · solution · next", Tone::Warn),
        PuzzlePhase::Solved | PuzzlePhase::Left => {
            InfoLine::new("Solved! next · home", Tone::Strong)
        }
    });
    info.push(InfoLine::new(
        "hint · solution · next · flip · home",
        Tone::Dim,
    ));
    if let (Some(progress), Some(_)) = (progress, view.index) {
        info.push(InfoLine::new(format!("Progress: {progress}"), Tone::Dim));
    }
    let bottom = if view.flipped { !player } else { player };
    let live = phase == PuzzlePhase::Solving && snapshot.turn == player;
    let moves = listed(game);
    let shown = moves.len();
    Picture {
        title,
        board: Some(BoardPicture {
            snapshot,
            bottom,
            live,
        }),
        info,
        moves,
        shown,
        reviewable: false,
        prompt: String::new(),
        graph_plies: None,
        marked: Vec::new(),
    }
}

fn archive(app: &App, style: Style) -> Picture {
    let View::Archive(view) = &app.view else {
        return of_nothing();
    };
    let total = view.game.plies().len();
    let game = view.shown_game();
    let snapshot = game.snapshot();
    let (white, black) = view.names();
    let title = format!(
        "Replay · {} · {} · {white} vs {black}",
        view.game.tag("Date").unwrap_or("?"),
        view.game.variant().display_name()
    );
    let mut info = score_lines(&snapshot, style);
    info.extend(captured(&snapshot, style));
    info.push(InfoLine::new(
        format!("Ply {} of {total}", view.shown),
        Tone::Plain,
    ));
    if view.shown == total {
        match GameResult::of(&view.game) {
            Some(result) => info.push(InfoLine::new(result.sentence(), Tone::Strong)),
            None => info.push(InfoLine::new(
                "Unfinished game: `continue` plays it on",
                Tone::Plain,
            )),
        }
    }
    info.push(InfoLine::new("flip · export · home", Tone::Dim));
    Picture {
        title,
        board: Some(BoardPicture {
            snapshot,
            bottom: if view.flipped {
                Color::Black
            } else {
                Color::White
            },
            live: false,
        }),
        info,
        moves: listed(&view.game),
        shown: view.shown,
        reviewable: true,
        prompt: String::new(),
        graph_plies: None,
        marked: Vec::new(),
    }
}

/// The review: the position shown (the end on the summary), the graph
/// with its marks, each side's summary and the move's review.
fn review(app: &App, style: Style) -> Picture {
    let View::Review(screen) = &app.view else {
        return of_nothing();
    };
    let game = screen.review.game();
    let total = game.plies().len();
    let shown = screen.shown.unwrap_or(total);
    let snapshot = game_at(game, shown).snapshot();
    let (white, black) = screen.names();
    let title = format!(
        "Review of game {} · {} · {white} vs {black}",
        screen.game_id,
        game.variant().display_name()
    );
    let report = &screen.report;
    // The graph first, on a row of its own the mouse can find.
    let g = graph(
        &report.graph,
        game,
        GRAPH_COLUMNS,
        screen.shown,
        style.unicode,
    );
    let mut info = Vec::new();
    let graph_plies = (!g.line.is_empty()).then(|| g.plies.clone());
    if !g.line.is_empty() {
        info.push(InfoLine::new(g.line, Tone::Plain));
        info.push(InfoLine::new(g.marks, Tone::Warn));
    }
    info.push(InfoLine::new(
        format!(
            "{} review · {} · ±{}",
            screen.budget,
            report.progress.text,
            scale_text(g.scale)
        ),
        Tone::Dim,
    ));
    info.extend(score_lines(&snapshot, style));
    let marked = report
        .moves
        .iter()
        .filter(|m| m.judgement.is_marked())
        .count();
    match screen.shown {
        // Both sides on the summary; a move's review needs the room.
        None => info.extend([
            InfoLine::new(report.white.text.clone(), Tone::Plain),
            InfoLine::new(report.black.text.clone(), Tone::Plain),
            InfoLine::new(
                format!(
                    "{} · {} (in the messages) · goto MOVE · next",
                    counted(report.moments.len(), "moment"),
                    counted(marked, "marked move")
                ),
                Tone::Dim,
            ),
        ]),
        Some(0) => info.push(InfoLine::new("The start position", Tone::Strong)),
        Some(ply) => match screen.move_at(ply) {
            Some(m) => info.push(InfoLine::new(
                m.text.clone(),
                if m.judgement.is_marked() {
                    Tone::Warn
                } else {
                    Tone::Strong
                },
            )),
            None => info.push(InfoLine::new("Not reviewed yet", Tone::Dim)),
        },
    }
    Picture {
        title,
        board: Some(BoardPicture {
            snapshot,
            bottom: if screen.flipped {
                Color::Black
            } else {
                Color::White
            },
            live: false,
        }),
        info,
        moves: listed(game),
        shown,
        reviewable: true,
        prompt: String::new(),
        graph_plies,
        marked: Vec::new(),
    }
}

/// The analysis board: the variation's position (pieces can be played),
/// where it began, the engine's lines and the exact result.
fn analysis(app: &App, style: Style) -> Picture {
    let View::Analysis(screen) = &app.view else {
        return of_nothing();
    };
    let game = screen.board.game();
    let view = screen.board.view();
    let snapshot = game.snapshot();
    let mut info = score_lines(&snapshot, style);
    info.extend(
        status_lines(screen)
            .into_iter()
            .map(|l| InfoLine::new(l.trim_start().to_string(), Tone::Plain)),
    );
    let block = lines_block(screen, PANEL_LINE_MOVES);
    if block.is_empty() && view.can_analyse {
        info.push(InfoLine::new("The engine is starting…", Tone::Dim));
    }
    for (i, line) in block.into_iter().enumerate() {
        let tone = if i == 0 { Tone::Dim } else { Tone::Strong };
        info.push(InfoLine::new(line.trim_start().to_string(), tone));
    }
    info.push(InfoLine::new(
        "a move tries it · back · reset · lines N · stop · edit · compose",
        Tone::Dim,
    ));
    let moves = listed(game);
    let shown = moves.len();
    Picture {
        title: format!("Analysis board · {}", game.variant().display_name()),
        board: Some(BoardPicture {
            snapshot,
            bottom: if screen.flipped {
                Color::Black
            } else {
                Color::White
            },
            live: view.can_analyse,
        }),
        info,
        moves,
        shown,
        reviewable: false,
        prompt: String::new(),
        graph_plies: None,
        marked: Vec::new(),
    }
}

/// The position editor: its board, fields and problems.
fn editor(app: &App, _style: Style) -> Picture {
    let View::Editor(screen) = &app.view else {
        return of_nothing();
    };
    let editor = &screen.editor;
    let mut info = vec![
        InfoLine::new(fields_line(editor), Tone::Strong),
        InfoLine::new(format!("Position: {}", editor.to_text()), Tone::Plain),
    ];
    let problems = problem_lines(editor);
    let playable = editor.is_playable();
    for (i, line) in problems.into_iter().enumerate() {
        let tone = match (playable, i) {
            (true, _) => Tone::Strong,
            (false, 0) => Tone::Warn,
            (false, _) => Tone::Alert,
        };
        info.push(InfoLine::new(line.trim_start().to_string(), tone));
    }
    info.push(InfoLine::new(
        "put Qd5 · remove d5 · clear · turn · move · score · start · fen",
        Tone::Dim,
    ));
    Picture {
        title: format!("Position editor · {}", editor.variant().display_name()),
        board: Some(BoardPicture {
            snapshot: editor_snapshot(editor),
            bottom: if screen.flipped {
                Color::Black
            } else {
                Color::White
            },
            live: false,
        }),
        info,
        moves: Vec::new(),
        shown: 0,
        reviewable: false,
        prompt: String::new(),
        graph_plies: None,
        marked: problem_squares(editor),
    }
}

/// A game view without a game (it goes home on the next command).
fn of_nothing() -> Picture {
    Picture {
        title: "Norochess".to_string(),
        board: None,
        info: Vec::new(),
        moves: Vec::new(),
        shown: 0,
        reviewable: false,
        prompt: String::new(),
        graph_plies: None,
        marked: Vec::new(),
    }
}

/// `White 19 – 15 Black` and the move counter (Norochess family), or the
/// move number alone.
fn score_lines(snapshot: &Snapshot, style: Style) -> Vec<InfoLine> {
    let mut lines = Vec::new();
    if let Some((white, black)) = snapshot.scores {
        lines.push(InfoLine::new(
            format!("White {white} {} {black} Black", style.dash()),
            Tone::Strong,
        ));
    }
    match screen::counter(snapshot, style) {
        Some((text, tone)) => lines.push(InfoLine::new(
            text,
            match tone {
                CounterTone::Plain => Tone::Plain,
                CounterTone::FewLeft | CounterTone::LastMove => Tone::Warn,
                CounterTone::Overtime => Tone::Overtime,
            },
        )),
        // Outside the family the number matters only while playing.
        None if snapshot.outcome.is_none() => lines.push(InfoLine::new(
            format!("Move {}", snapshot.move_number),
            Tone::Plain,
        )),
        None => {}
    }
    lines
}

/// `White took: ♛ ♞  (12 points)`, one line per side that took something.
fn captured(snapshot: &Snapshot, style: Style) -> Vec<InfoLine> {
    screen::captured_lines(snapshot, style)
        .into_iter()
        .map(|l| {
            let text = l
                .trim_start()
                .replace("Captured by White:", "White took:")
                .replace("Captured by Black:", "Black took:");
            InfoLine::new(text, Tone::Plain)
        })
        .collect()
}

/// The moves of a game for the list.
fn listed(game: &Game) -> Vec<ListedMove> {
    let positions = game.positions();
    game.san_moves()
        .into_iter()
        .enumerate()
        .filter_map(|(ply, san)| {
            let position = positions.get(ply)?;
            Some(ListedMove {
                ply,
                number: position.fullmove_number(),
                color: position.turn(),
                san,
            })
        })
        .collect()
}
