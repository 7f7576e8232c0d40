package app.norochess.android.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.tween
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.remember
import androidx.compose.ui.geometry.lerp
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.rememberTextMeasurer
import app.norochess.applayer.BoardColours
import app.norochess.applayer.boardColours

/**
 * Board colour themes (Settings; the library's ids in lower case). The colours
 * are the app layer's (`boardColours`, which the iOS app paints with too):
 * explicit, the same in light and dark mode.
 */
enum class BoardTheme {
    BROWN, GREEN, BLUE, GREY;

    private val colours: BoardColours = boardColours(name.lowercase())
    val light = Color(colours.light.toInt())
    val dark = Color(colours.dark.toInt())
    val lastMove = Color(colours.lastMove.toInt())
    val selected = Color(colours.selected.toInt())

    /**
     * The legal-target dot and capture ring: dark enough for 3:1 against every
     * theme's squares (WCAG 1.4.11, non-text contrast), tested in the app layer.
     */
    val targetMark = Color(colours.targetMark.toInt())

    /** The ring around a king in check, and the glow under it. */
    val check = Color(colours.check.toInt())
    val checkGlow = Color(colours.checkGlow.toInt())
}

/** Everything the board draws; a view model fills it from the session's snapshot. */
data class BoardUi(
    val width: Int = 8,
    val height: Int = 8,
    /** Pieces by square name ("e4"). */
    val pieces: Map<String, PieceUi> = emptyMap(),
    /** From and to of the last move. */
    val lastMove: List<String> = emptyList(),
    /** The royal king in check (royal games only). */
    val check: String? = null,
    val selected: String? = null,
    /** Legal targets of the selected piece. */
    val targets: Set<String> = emptySet(),
    /** Where each piece that can move now can go (the screen reader says it on the piece's square). */
    val destinations: Map<String, List<String>> = emptyMap(),
    /** White at the bottom (false: the board is flipped). */
    val whiteAtBottom: Boolean = true,
    /** Face-to-face: this side's pieces are drawn upside down (null: none). */
    val upsideDownWhite: Boolean? = null,
    val showCoordinates: Boolean = true,
    val showDots: Boolean = true,
    val theme: BoardTheme = BoardTheme.BROWN,
    /** Settings' piece style: letters in discs instead of the drawings. */
    val letters: Boolean = false,
    /** False while the computer thinks, in review and after the end. */
    val interactive: Boolean = true,
    /** Squares framed as a problem (the position editor's: a pawn on the back rank, a king in check). */
    val marked: Set<String> = emptySet(),
) {
    fun squareName(file: Int, rank: Int): String = "${'a' + file}${rank + 1}"
}

/** The board's events: a tap on a square, and a drag that begins on a square and ends on one (or off the board). */
interface BoardEvents {
    fun onSquareTap(square: String) {}
    fun onDragBegan(from: String) {}
    /** The drag ended on [to] (`null`: off the board). */
    fun onDragEnded(to: String?) {}
}

/**
 * The board: squares, coordinates on the edge, last move, check marker,
 * legal-target dots, pieces as vectors; tap-tap and drag input. Every square
 * is a screen-reader node ("White knight on g1", "e5, legal move") that can
 * be activated.
 */
@Composable
fun Board(board: BoardUi, events: BoardEvents, modifier: Modifier = Modifier) {
    val strings = LocalStrings.current
    val measurer = rememberTextMeasurer()
    val currentBoard by rememberUpdatedState(board)
    // The gesture handler below lives as long as the board's size; a new
    // game on the same screen (rematch) brings new events, which it must
    // call instead of the first game's.
    val currentEvents by rememberUpdatedState(events)
    var drag by remember { mutableStateOf<Pair<String, Offset>?>(null) }
    // The last move glides from its square to the next (the computer's, the
    // opponent's, review steps), 180 ms scaled by the system's animation
    // setting (Compose reads it: "remove animations" makes it instant). Not
    // when the board first shows, nor a piece the player just dragged there.
    val glide = remember { Animatable(1f) }
    var shownMove by remember { mutableStateOf(board.lastMove) }
    var droppedAt by remember { mutableStateOf<String?>(null) }
    LaunchedEffect(board.lastMove) {
        val dragged = droppedAt != null && droppedAt == board.lastMove.getOrNull(1)
        droppedAt = null
        if (board.lastMove != shownMove && board.lastMove.size == 2 && !dragged) {
            shownMove = board.lastMove
            glide.snapTo(0f)
            glide.animateTo(1f, tween(durationMillis = 180))
        } else {
            shownMove = board.lastMove
            glide.snapTo(1f)
        }
    }
    val w = board.width
    val h = board.height

    fun column(file: Int) = if (currentBoard.whiteAtBottom) file else w - 1 - file
    fun row(rank: Int) = if (currentBoard.whiteAtBottom) h - 1 - rank else rank
    fun squareAt(offset: Offset, size: Size): String? {
        val c = (offset.x / (size.width / w)).toInt()
        val r = (offset.y / (size.height / h)).toInt()
        if (c !in 0 until w || r !in 0 until h) return null
        val file = if (currentBoard.whiteAtBottom) c else w - 1 - c
        val rank = if (currentBoard.whiteAtBottom) h - 1 - r else r
        return currentBoard.squareName(file, rank)
    }

    Box(
        modifier
            .fillMaxWidth()
            .aspectRatio(w.toFloat() / h)
            .testTag("board")
            .pointerInput(w, h) {
                // One gesture handler for tap-tap and drag: a press that moves
                // past the touch slop drags the piece, anything else is a tap.
                awaitEachGesture {
                    val down = awaitFirstDown(requireUnconsumed = false)
                    val size = Size(this.size.width.toFloat(), this.size.height.toFloat())
                    val from = squareAt(down.position, size)
                    var dragging = false
                    while (true) {
                        val event = awaitPointerEvent()
                        val change = event.changes.firstOrNull { it.id == down.id } ?: break
                        if (!change.pressed) {
                            change.consume()
                            if (currentBoard.interactive && from != null) {
                                val to = squareAt(change.position, size)
                                if (!dragging) {
                                    currentEvents.onSquareTap(from)
                                } else {
                                    droppedAt = to
                                    currentEvents.onDragEnded(to)
                                }
                            }
                            break
                        }
                        if (!dragging && from != null && currentBoard.interactive && currentBoard.pieces[from] != null &&
                            (change.position - down.position).getDistance() > viewConfiguration.touchSlop
                        ) {
                            dragging = true
                            currentEvents.onDragBegan(from)
                        }
                        if (dragging) {
                            change.consume()
                            drag = from!! to change.position
                        }
                    }
                    drag = null
                }
            },
    ) {
        Canvas(Modifier.fillMaxSize()) {
            val cw = size.width / w
            val ch = size.height / h
            // Coordinates scale with the squares, not with the font scale.
            val coordinateStyle = TextStyle(fontSize = (cw * 0.2f).toSp(), fontWeight = FontWeight.Bold)
            val theme = board.theme
            for (rank in 0 until h) for (file in 0 until w) {
                val square = board.squareName(file, rank)
                val light = (file + rank) % 2 == 1
                val topLeft = Offset(column(file) * cw, row(rank) * ch)
                drawRect(if (light) theme.light else theme.dark, topLeft, Size(cw, ch))
                if (square in board.lastMove) drawRect(theme.lastMove, topLeft, Size(cw, ch))
                if (square == board.selected) drawRect(theme.selected, topLeft, Size(cw, ch))
                if (square in board.marked) {
                    val inset = cw * 0.05f
                    drawRect(theme.check, topLeft + Offset(inset, inset), Size(cw - 2 * inset, ch - 2 * inset), style = Stroke(cw * 0.08f))
                }
                if (square == board.check) {
                    drawCircle(theme.checkGlow, cw * 0.48f, topLeft + Offset(cw / 2, ch / 2))
                    drawCircle(theme.check, cw * 0.46f, topLeft + Offset(cw / 2, ch / 2), style = Stroke(cw * 0.05f))
                }
                if (board.showCoordinates) {
                    val ink = if (light) theme.dark else theme.light
                    if (column(file) == 0) {
                        drawText(measurer, "${rank + 1}", topLeft + Offset(cw * 0.04f, ch * 0.02f), coordinateStyle.copy(color = ink))
                    }
                    if (row(rank) == h - 1) {
                        val label = measurer.measure("${'a' + file}", coordinateStyle)
                        drawText(
                            measurer, "${'a' + file}",
                            topLeft + Offset(cw - label.size.width - cw * 0.04f, ch - label.size.height - ch * 0.0f),
                            coordinateStyle.copy(color = ink),
                        )
                    }
                }
            }
            fun corner(square: String): Offset {
                val file = square[0] - 'a'
                val rank = square.substring(1).toInt() - 1
                return Offset(column(file) * cw, row(rank) * ch)
            }
            val gliding = board.lastMove.takeIf { it.size == 2 && glide.value < 1f }
            for ((square, piece) in board.pieces) {
                if (drag?.first == square) continue
                val topLeft = if (gliding != null && square == gliding[1]) {
                    lerp(corner(gliding[0]), corner(gliding[1]), glide.value)
                } else {
                    corner(square)
                }
                if (board.letters) {
                    drawLetterPiece(measurer, piece, topLeft, cw, upsideDown = board.upsideDownWhite == piece.white)
                } else {
                    drawPiece(piece, topLeft, cw, upsideDown = board.upsideDownWhite == piece.white)
                }
            }
            if (board.showDots) for (square in board.targets) {
                val file = square[0] - 'a'
                val rank = square.substring(1).toInt() - 1
                val centre = Offset(column(file) * cw + cw / 2, row(rank) * ch + ch / 2)
                if (board.pieces[square] != null) {
                    drawCircle(theme.targetMark, cw * 0.46f, centre, style = Stroke(cw * 0.07f))
                } else {
                    drawCircle(theme.targetMark, cw * 0.16f, centre)
                }
            }
            drag?.let { (from, at) ->
                board.pieces[from]?.let { drawPiece(it, at - Offset(cw * 0.6f, ch * 0.8f), cw * 1.2f) }
            }
        }
        // One screen-reader node per square, laid over the drawing.
        Column(Modifier.fillMaxSize()) {
            for (r in 0 until h) {
                Row(Modifier.weight(1f).fillMaxWidth()) {
                    for (c in 0 until w) {
                        val file = if (board.whiteAtBottom) c else w - 1 - c
                        val rank = if (board.whiteAtBottom) h - 1 - r else r
                        val square = board.squareName(file, rank)
                        val label = squareLabel(
                            strings, square, board.pieces[square], square in board.targets, square == board.check,
                            square in board.lastMove, if (board.interactive) board.destinations[square].orEmpty() else emptyList(),
                        ).let { if (square in board.marked) strings.get(Str.square_problem, it) else it }
                        Box(
                            Modifier.weight(1f).fillMaxSize().testTag("square-$square").semantics {
                                contentDescription = label
                                role = Role.Button
                                selected = square == board.selected
                                onClick(label) {
                                    if (currentBoard.interactive) events.onSquareTap(square)
                                    true
                                }
                            },
                        )
                    }
                }
            }
        }
    }
}

/**
 * "White knight on g1, can go to f3, h3", "e5, legal move", "Black king on
 * e8, in check", "White pawn on e4, last move".
 */
fun squareLabel(
    strings: UiStrings,
    square: String,
    piece: PieceUi?,
    target: Boolean,
    check: Boolean,
    lastMove: Boolean = false,
    goesTo: List<String> = emptyList(),
): String {
    val base = piece?.let { strings.get(Str.square_piece, pieceName(strings, it), square) } ?: square
    val withCheck = if (check) strings.get(Str.square_in_check, base) else base
    val withLast = if (lastMove) strings.get(Str.square_last_move, withCheck) else withCheck
    val withMoves = if (goesTo.isNotEmpty()) strings.get(Str.square_can_go, withLast, goesTo.joinToString(", ")) else withLast
    return if (target) strings.get(Str.square_legal_move, withMoves) else withMoves
}

/** "White knight". */
fun pieceName(strings: UiStrings, piece: PieceUi): String = strings.get(
    when (piece.kind) {
        PieceKind.KING -> if (piece.white) Str.piece_white_king else Str.piece_black_king
        PieceKind.QUEEN -> if (piece.white) Str.piece_white_queen else Str.piece_black_queen
        PieceKind.ROOK -> if (piece.white) Str.piece_white_rook else Str.piece_black_rook
        PieceKind.BISHOP -> if (piece.white) Str.piece_white_bishop else Str.piece_black_bishop
        PieceKind.KNIGHT -> if (piece.white) Str.piece_white_knight else Str.piece_black_knight
        PieceKind.PAWN -> if (piece.white) Str.piece_white_pawn else Str.piece_black_pawn
    },
)
