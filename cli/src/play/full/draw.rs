//! The full-screen layout and drawing: a title row; the board with the
//! message log under it and the score, clocks, captured pieces and move
//! list beside it (or, on a tall narrow terminal, everything under the
//! board); the key help and the command line at the bottom. The board
//! takes the largest cells that fit. Below 80×24 only the narrow layout
//! is drawn, when the board fits it (a tall terminal at least 50 columns
//! wide); a smaller terminal gets a clear message instead.

use super::board::{self, Geometry, Look, CELL_SIZES};
use super::move_rows::{move_rows, BLACK_COLUMN};
use super::picture::{Picture, Tone};
use super::shell::{Focus, Hits, Shell};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The smallest terminal the full-screen mode always draws in.
pub const MIN_SIZE: (u16, u16) = (80, 24);
/// The narrowest terminal drawn at all: below 80 columns only with
/// everything under the board, so each half under it keeps 25 columns.
pub const NARROW_MIN_WIDTH: u16 = 50;
/// Rows under the board the narrow layout needs (the panels and messages).
const UNDER_ROWS: u16 = 12;
/// The narrowest panel beside the board.
const PANEL_WIDTH: u16 = 34;

/// The parts of the screen.
#[derive(Clone, Copy, Debug)]
struct Areas {
    title: Rect,
    board: Option<(Rect, (u16, u16))>,
    info: Rect,
    moves: Rect,
    log: Rect,
    help: Rect,
    command: Rect,
}

/// Draws a frame and returns where things are, for the mouse.
pub fn frame(frame: &mut Frame, shell: &Shell, picture: &Picture) -> Hits {
    let area = frame.area();
    let buf = frame.buffer_mut();
    if !fits(area, picture) {
        return too_small(buf, area, shell, picture);
    }
    let areas = layout(area, picture);
    let look = shell.look;
    title(buf, areas.title, &picture.title, look);
    let mut hits = Hits::default();
    if let (Some((rect, cell)), Some(board)) = (areas.board, &picture.board) {
        let geometry = Geometry::at(
            rect,
            cell,
            board.snapshot.width,
            board.snapshot.height,
            board.bottom,
        );
        board::draw(buf, &geometry, board, &shell.marks(picture), look);
        hits.board = Some(geometry);
    }
    info(buf, areas.info, picture, look);
    // The review's graph is the first line of the panel, under its title.
    if let Some(plies) = &picture.graph_plies {
        if areas.info.height >= 2 {
            let width = u16::try_from(plies.len()).unwrap_or(u16::MAX);
            hits.graph = Some(Rect::new(
                areas.info.x + 1,
                areas.info.y + 1,
                width.min(areas.info.width.saturating_sub(1)),
                1,
            ));
        }
    }
    hits.moves = move_list(buf, areas.moves, shell, picture, look);
    log(buf, areas.log, shell, look);
    hits.log = Some(areas.log);
    help(buf, areas.help, shell, picture, look);
    let cursor = command(buf, areas.command, shell, picture);
    hits.command = Some(areas.command);
    if shell.focus == Focus::Command {
        frame.set_cursor_position(cursor);
    }
    hits
}

/// Whether the screen can be drawn at this size: always from 80×24; below
/// 80 columns (from [`NARROW_MIN_WIDTH`]) when the board fits with
/// everything under it.
fn fits(area: Rect, picture: &Picture) -> bool {
    if area.width >= MIN_SIZE.0 && area.height >= MIN_SIZE.1 {
        return true;
    }
    if area.width < NARROW_MIN_WIDTH || area.height < MIN_SIZE.1 {
        return false;
    }
    let body = (area.width, area.height - 3);
    picture.board.as_ref().is_none_or(|board| {
        CELL_SIZES.iter().any(|&cell| {
            let (w, h) = Geometry::size(cell, board.snapshot.width, board.snapshot.height);
            w < body.0 && h + 1 + UNDER_ROWS <= body.1
        })
    })
}

/// Where everything goes on a screen that [`fits`].
fn layout(area: Rect, picture: &Picture) -> Areas {
    let title = Rect::new(area.x, area.y, area.width, 1);
    let help = Rect::new(area.x, area.bottom() - 2, area.width, 1);
    let command = Rect::new(area.x, area.bottom() - 1, area.width, 1);
    let body = Rect::new(area.x, area.y + 1, area.width, area.height - 3);
    let empty = Rect::new(body.x, body.y, 0, 0);
    let Some(board) = &picture.board else {
        return Areas {
            title,
            board: None,
            info: empty,
            moves: empty,
            log: body,
            help,
            command,
        };
    };
    let (files, ranks) = (board.snapshot.width, board.snapshot.height);
    let beside = CELL_SIZES.iter().position(|&cell| {
        let (w, h) = Geometry::size(cell, files, ranks);
        w + 2 + PANEL_WIDTH <= body.width && h + 1 + 5 <= body.height
    });
    let under = CELL_SIZES.iter().position(|&cell| {
        let (w, h) = Geometry::size(cell, files, ranks);
        w < body.width && h + 1 + UNDER_ROWS <= body.height
    });
    // Larger cells win (a lower index); beside on a tie, as screens are wide.
    let use_under = match (beside, under) {
        (Some(b), Some(u)) => u < b,
        (None, Some(_)) => true,
        _ => false,
    };
    let index = if use_under { under } else { beside }.unwrap_or(CELL_SIZES.len() - 1);
    let cell = CELL_SIZES[index];
    let (bw, bh) = Geometry::size(cell, files, ranks);
    let board_rect = Rect::new(body.x + 1, body.y + 1, bw, bh);
    if use_under {
        let below = body.y + 1 + bh + 1;
        let rest = body.bottom().saturating_sub(below);
        let half = body.width / 2;
        let info_height = (info_rows(picture, body.width - half) + 1).min(rest / 2);
        return Areas {
            title,
            board: Some((board_rect, cell)),
            moves: Rect::new(body.x, below, half, rest),
            info: Rect::new(body.x + half, below, body.width - half, info_height),
            log: Rect::new(
                body.x + half,
                below + info_height,
                body.width - half,
                rest - info_height,
            ),
            help,
            command,
        };
    }
    // The move list under the board (its rows are as narrow as the
    // board); the game's lines and the messages, which need the width,
    // beside it.
    let left = bw + 2;
    let moves_top = body.y + 1 + bh;
    let right = Rect::new(body.x + left, body.y, body.width - left, body.height);
    let info_height = (info_rows(picture, right.width) + 1).min(right.height / 2 + 2);
    Areas {
        title,
        board: Some((board_rect, cell)),
        moves: Rect::new(
            body.x,
            moves_top,
            left,
            body.bottom().saturating_sub(moves_top),
        ),
        info: Rect::new(right.x, right.y, right.width, info_height),
        log: Rect::new(
            right.x,
            right.y + info_height,
            right.width,
            right.height - info_height,
        ),
        help,
        command,
    }
}

/// The rows the lines beside the board take in a panel `width` wide,
/// long ones wrapped (the panel's text starts one column in).
fn info_rows(picture: &Picture, width: u16) -> u16 {
    let width = usize::from(width.saturating_sub(1)).max(1);
    let rows: usize = picture
        .info
        .iter()
        .map(|l| l.text.width().div_ceil(width).max(1))
        .sum();
    u16::try_from(rows).unwrap_or(u16::MAX)
}

fn title(buf: &mut Buffer, area: Rect, text: &str, look: Look) {
    let style = if look.color {
        Style::default()
            .add_modifier(Modifier::BOLD)
            .bg(Color::Indexed(236))
            .fg(Color::Indexed(230))
    } else {
        Style::default()
    };
    buf.set_style(area, style);
    let rule = if look.unicode { "──" } else { "==" };
    buf.set_stringn(
        area.x,
        area.y,
        format!("{rule} {text} {rule}"),
        usize::from(area.width),
        style,
    );
}

/// A block with a title, plain without colours.
fn block(name: &str, focused: bool, look: Look) -> Block<'static> {
    let name = if focused {
        format!(" {name} ● ")
    } else {
        format!(" {name} ")
    };
    let name = if look.unicode {
        name
    } else {
        name.replace('●', "*")
    };
    let block = Block::default().borders(Borders::TOP).title(name);
    let block = if look.unicode {
        block
    } else {
        block.border_set(ratatui::symbols::border::Set {
            horizontal_top: "-",
            ..ratatui::symbols::border::PLAIN
        })
    };
    if look.color && focused {
        block.border_style(Style::default().fg(Color::Indexed(74)))
    } else {
        block
    }
}

fn tone_style(tone: Tone, look: Look) -> Style {
    if !look.color {
        return Style::default();
    }
    match tone {
        Tone::Plain => Style::default(),
        Tone::Strong => Style::default().add_modifier(Modifier::BOLD),
        Tone::Warn => Style::default()
            .fg(Color::Yellow)
            .add_modifier(Modifier::BOLD),
        Tone::Alert => Style::default()
            .fg(Color::LightRed)
            .add_modifier(Modifier::BOLD),
        Tone::Overtime => Style::default()
            .fg(Color::LightMagenta)
            .add_modifier(Modifier::BOLD),
        Tone::Dim => Style::default().fg(Color::Indexed(245)),
    }
}

fn info(buf: &mut Buffer, area: Rect, picture: &Picture, look: Look) {
    if area.height == 0 {
        return;
    }
    let lines: Vec<Line> = picture
        .info
        .iter()
        .map(|l| Line::from(Span::styled(l.text.clone(), tone_style(l.tone, look))))
        .collect();
    let inner = Rect::new(
        area.x + 1,
        area.y,
        area.width.saturating_sub(1),
        area.height,
    );
    ratatui::widgets::Widget::render(
        Paragraph::new(lines)
            .block(block("Game", false, look))
            .wrap(Wrap { trim: false }),
        inner,
        buf,
    );
}

/// Draws the move list, the move shown highlighted and kept in view.
/// Returns the rows' area and the first row shown.
fn move_list(
    buf: &mut Buffer,
    area: Rect,
    shell: &Shell,
    picture: &Picture,
    look: Look,
) -> Option<(Rect, usize)> {
    if area.height < 2 {
        return None;
    }
    let focused = shell.focus == Focus::Moves;
    let outer = Rect::new(
        area.x + 1,
        area.y,
        area.width.saturating_sub(1),
        area.height,
    );
    let block = block("Moves", focused, look);
    let inner = block.inner(outer);
    ratatui::widgets::Widget::render(block, outer, buf);
    let rows = move_rows(&picture.moves);
    if rows.is_empty() {
        buf.set_string(
            inner.x,
            inner.y,
            "No moves yet.",
            tone_style(Tone::Dim, look),
        );
        return Some((inner, 0));
    }
    let current = picture.shown.checked_sub(1);
    let current_row = current
        .and_then(|ply| {
            rows.iter()
                .position(|(w, b)| *w == Some(ply) || *b == Some(ply))
        })
        .unwrap_or(0);
    let height = usize::from(inner.height);
    let last_first = rows.len().saturating_sub(height);
    // The move shown stays in view unless the wheel scrolled the list.
    let first = match shell.moves_first {
        Some(first) => first.min(last_first),
        None => (current_row + 1).saturating_sub(height).min(last_first),
    };
    let highlight = if look.color {
        Style::default()
            .bg(Color::Indexed(24))
            .fg(Color::Indexed(231))
    } else {
        Style::default().add_modifier(Modifier::REVERSED)
    };
    for (offset, (white, black)) in rows.iter().skip(first).take(height).enumerate() {
        let y = inner.y + offset as u16;
        let number = white
            .or(*black)
            .and_then(|i| picture.moves.get(i))
            .map_or(0, |m| m.number);
        buf.set_string(inner.x, y, format!("{number:>4}."), Style::default());
        for (ply, x) in [(white, inner.x + 6), (black, inner.x + BLACK_COLUMN)] {
            let text = match ply.and_then(|i| picture.moves.get(i)) {
                Some(m) => m.san.clone(),
                None => "…".to_string(),
            };
            let text = if look.unicode {
                text
            } else {
                text.replace('…', "...")
            };
            let mark = *ply == current && current.is_some();
            // Without colours the shown move also gets a `>` so that it
            // reads without reverse video (screen readers, captures).
            let text = if mark && !look.color {
                format!(">{text}")
            } else {
                text
            };
            let style = if mark { highlight } else { Style::default() };
            if x < inner.right() {
                buf.set_stringn(x, y, text, usize::from(inner.right() - x), style);
            }
        }
    }
    Some((inner, first))
}

/// Splits `text` into lines of at most `width` columns, at spaces when it
/// can. Columns, not characters: an emoji or a fullwidth letter takes two.
fn wrap(text: &str, width: usize) -> Vec<String> {
    // Indented lines (lists) keep their indent on every piece.
    let indent = text.len() - text.trim_start_matches(' ').len();
    if indent > 0 && indent + 8 < width {
        let pad = " ".repeat(indent);
        return wrap(&text[indent..], width - indent)
            .into_iter()
            .map(|l| format!("{pad}{l}"))
            .collect();
    }
    if width == 0 {
        return Vec::new();
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut count = 0;
    for word in text.split(' ') {
        let length = word.width();
        if count > 0 && count + 1 + length > width {
            lines.push(std::mem::take(&mut line));
            count = 0;
        }
        if count > 0 {
            line.push(' ');
            count += 1;
        }
        for c in word.chars() {
            let columns = c.width().unwrap_or(0);
            if count > 0 && count + columns > width {
                lines.push(std::mem::take(&mut line));
                count = 0;
            }
            line.push(c);
            count += columns;
        }
    }
    lines.push(line);
    lines
}

fn log(buf: &mut Buffer, area: Rect, shell: &Shell, look: Look) {
    if area.height < 2 || area.width < 4 {
        return;
    }
    let block = block("Messages", false, look);
    let inner = block.inner(area);
    ratatui::widgets::Widget::render(block, area, buf);
    let width = usize::from(inner.width.saturating_sub(1));
    let lines: Vec<(String, bool)> = shell
        .log
        .iter()
        .flat_map(|l| {
            wrap(l.text.trim_end(), width)
                .into_iter()
                .map(move |piece| (piece, l.echo))
        })
        .collect();
    // The commands sent stand out from what the app answered.
    let echo_style = if look.color {
        Style::default()
            .fg(Color::Indexed(74))
            .add_modifier(Modifier::BOLD)
    } else {
        Style::default()
    };
    let height = usize::from(inner.height);
    let scroll = shell.log_scroll.min(lines.len().saturating_sub(height));
    let end = lines.len() - scroll;
    let start = end.saturating_sub(height);
    for (offset, (line, echo)) in lines[start..end].iter().enumerate() {
        let style = if *echo { echo_style } else { Style::default() };
        buf.set_stringn(inner.x + 1, inner.y + offset as u16, line, width, style);
    }
    if scroll > 0 {
        let more = format!(" ↓ {scroll} more ");
        let more = if look.unicode {
            more
        } else {
            more.replace('↓', "v")
        };
        let x = inner.right().saturating_sub(more.chars().count() as u16);
        buf.set_string(x, area.y, more, tone_style(Tone::Warn, look));
    }
}

fn help(buf: &mut Buffer, area: Rect, shell: &Shell, picture: &Picture, look: Look) {
    let text = match (&shell.note, shell.focus) {
        (Some(note), _) => note.clone(),
        // Something moves while the computer thinks: the screen is not frozen.
        (None, _) if shell.thinking => {
            let frames: &[char] = if look.unicode {
                &['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
            } else {
                &['|', '/', '-', '\\']
            };
            let frame = frames[shell.spinner % frames.len()];
            let busy = shell
                .busy
                .unwrap_or("The computer is thinking · Ctrl-C or `stop` makes it move now");
            format!("{frame} {busy}")
        }
        (None, Focus::Board) if picture.board.as_ref().is_some_and(|b| b.live) => {
            "Arrows, Enter: pick up and play · mouse: click or drag · Tab: moves · type".to_string()
        }
        // A replay, a review, a finished game: no piece can be picked up.
        (None, Focus::Board) if picture.reviewable => {
            "Tab: the moves (←→ step through them) · Esc: the last position · type a command"
                .to_string()
        }
        (None, Focus::Board) => "Tab: the command line · type a command".to_string(),
        (None, Focus::Moves) => {
            "←→ one move · ↑↓ two · Home/End · Esc: the game · Tab: command line".to_string()
        }
        (None, Focus::Command) if picture.board.is_some() => {
            "Enter sends · ↑↓ history · Tab completes, or to the board · Ctrl-C stop/quit"
                .to_string()
        }
        (None, Focus::Command) => {
            "Enter sends · ↑↓ history · Tab completes · PgUp/PgDn scroll · `quit` leaves"
                .to_string()
        }
    };
    let text = if look.unicode {
        text
    } else {
        text.replace("←→", "Left/Right")
            .replace("↑↓", "Up/Down")
            .replace('·', "|")
    };
    let tone = if shell.note.is_some() {
        Tone::Warn
    } else {
        Tone::Dim
    };
    buf.set_stringn(
        area.x + 1,
        area.y,
        text,
        usize::from(area.width.saturating_sub(1)),
        tone_style(tone, look),
    );
}

/// The command line; returns where the terminal's cursor goes.
fn command(buf: &mut Buffer, area: Rect, shell: &Shell, picture: &Picture) -> (u16, u16) {
    let prompt = &picture.prompt;
    let prompt_width = u16::try_from(prompt.width()).unwrap_or(u16::MAX);
    buf.set_stringn(
        area.x,
        area.y,
        prompt,
        usize::from(area.width),
        Style::default().add_modifier(Modifier::BOLD),
    );
    let room = usize::from(area.width.saturating_sub(prompt_width.saturating_add(1)));
    let text: Vec<char> = shell.line.text().chars().collect();
    let cursor = shell.line.cursor().min(text.len());
    // Long lines scroll so that the cursor stays visible (in columns:
    // wide characters take two). Counted back from the cursor, so a long
    // pasted line costs only the room on screen.
    let mut skip = cursor;
    let mut before = 0;
    while skip > 0 {
        let columns = text[skip - 1].width().unwrap_or(0);
        if before + columns + 1 > room {
            break;
        }
        before += columns;
        skip -= 1;
    }
    let mut used = 0;
    let shown: String = text[skip..]
        .iter()
        .take_while(|c| {
            used += c.width().unwrap_or(0);
            used <= room
        })
        .collect();
    buf.set_string(area.x + prompt_width, area.y, shown, Style::default());
    let before = u16::try_from(before).unwrap_or(u16::MAX);
    (
        area.x.saturating_add(prompt_width).saturating_add(before),
        area.y,
    )
}

/// The screen of a terminal too small to play in.
fn too_small(buf: &mut Buffer, area: Rect, shell: &Shell, picture: &Picture) -> Hits {
    let text = format!(
        "The terminal is {}×{}: Norochess needs at least {}×{} (or {} columns and enough lines for the board with everything under it). Make the window larger, or run `norochess play --line` for line mode. Ctrl-C twice or `quit` leaves (your game is saved).",
        area.width, area.height, MIN_SIZE.0, MIN_SIZE.1, NARROW_MIN_WIDTH
    );
    let text = if shell.look.unicode {
        text
    } else {
        text.replace('×', "x")
    };
    let body = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1));
    let lines = wrap(&text, usize::from(area.width.saturating_sub(2)));
    for (offset, line) in lines.iter().take(usize::from(body.height)).enumerate() {
        buf.set_string(area.x + 1, area.y + offset as u16, line, Style::default());
    }
    let mut hits = Hits::default();
    if area.height > 0 {
        let line = Rect::new(area.x, area.bottom() - 1, area.width, 1);
        command(buf, line, shell, picture);
        hits.command = Some(line);
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_at_spaces_and_splits_long_words() {
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 4), vec![""]);
    }

    #[test]
    fn wrapping_counts_columns_so_wide_characters_take_two() {
        // Each of these takes two columns: four fit in eight.
        assert_eq!(wrap("😀😀😀😀😀", 8), vec!["😀😀😀😀", "😀"]);
        assert_eq!(wrap("Ｔｙｐｅ help", 9), vec!["Ｔｙｐｅ", "help"]);
        for line in wrap(
            "`😀😀😀` is not a command. Type `help` for the commands",
            20,
        ) {
            assert!(line.width() <= 20, "{line}");
        }
    }
}
