package app.norochess.android.ui

import androidx.compose.foundation.Canvas
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.StrokeJoin
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.drawscope.rotate
import androidx.compose.ui.graphics.drawscope.translate
import androidx.compose.ui.text.TextMeasurer
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight

/**
 * The six kinds of piece that every game of the app uses, with the letter
 * the "letters" piece style draws. What a piece is worth is the app
 * layer's (the picker's labels, the captured points of the snapshot).
 */
enum class PieceKind(val letter: Char) {
    KING('K'), QUEEN('Q'), ROOK('R'), BISHOP('B'), KNIGHT('N'), PAWN('P'),
}

/** A piece as the screens draw it. */
data class PieceUi(val white: Boolean, val kind: PieceKind)

/**
 * The piece drawings' colours. They are explicit, never taken from the
 * Material theme, so pieces look the same in light and dark mode and stay
 * readable on every board theme.
 */
object PieceColours {
    val whiteFill = Color(0xFFFBFAF5)
    val whiteLine = Color(0xFF1B1B1B)
    val blackFill = Color(0xFF2A2A2A)
    val blackLine = Color(0xFF0A0A0A)
    val blackDetail = Color(0xFFE8E4DA)
}

/** One piece drawn as vectors, filling [modifier]'s square box. */
@Composable
fun PieceImage(piece: PieceUi, modifier: Modifier = Modifier, upsideDown: Boolean = false) {
    Canvas(modifier) { drawPiece(piece, Offset.Zero, size.minDimension, upsideDown) }
}

/** The "letters" piece style: a disc in the piece's colour with its letter (K Q R B N P). */
fun DrawScope.drawLetterPiece(measurer: TextMeasurer, piece: PieceUi, topLeft: Offset, side: Float, upsideDown: Boolean = false) {
    val centre = topLeft + Offset(side / 2, side / 2)
    val fill = if (piece.white) PieceColours.whiteFill else PieceColours.blackFill
    val ink = if (piece.white) PieceColours.whiteLine else PieceColours.blackDetail
    drawCircle(fill, side * 0.4f, centre)
    drawCircle(PieceColours.whiteLine, side * 0.4f, centre, style = Stroke(side * 0.035f))
    val style = TextStyle(color = ink, fontSize = (side * 0.45f).toSp(), fontWeight = FontWeight.Bold)
    val layout = measurer.measure(piece.kind.letter.toString(), style)
    val at = centre - Offset(layout.size.width / 2f, layout.size.height / 2f)
    if (upsideDown) rotate(180f, pivot = centre) { drawText(layout, topLeft = at) } else drawText(layout, topLeft = at)
}

/** Draws [piece] in the square of side [side] whose top left corner is [topLeft]. */
fun DrawScope.drawPiece(piece: PieceUi, topLeft: Offset, side: Float, upsideDown: Boolean = false) {
    translate(topLeft.x, topLeft.y) {
        if (upsideDown) {
            rotate(180f, pivot = Offset(side / 2, side / 2)) { drawPieceAtOrigin(piece, side) }
        } else {
            drawPieceAtOrigin(piece, side)
        }
    }
}

private fun DrawScope.drawPieceAtOrigin(piece: PieceUi, s: Float) {
    val fill = if (piece.white) PieceColours.whiteFill else PieceColours.blackFill
    val line = if (piece.white) PieceColours.whiteLine else PieceColours.blackLine
    val detail = if (piece.white) PieceColours.whiteLine else PieceColours.blackDetail
    val outline = Stroke(width = s * 0.035f, join = StrokeJoin.Round, cap = StrokeCap.Round)
    val thin = Stroke(width = s * 0.025f, join = StrokeJoin.Round, cap = StrokeCap.Round)
    fun p(vararg xy: Float): Path = Path().apply {
        moveTo(xy[0] * s, xy[1] * s)
        var i = 2
        while (i < xy.size) { lineTo(xy[i] * s, xy[i + 1] * s); i += 2 }
        close()
    }
    fun shape(path: Path) {
        drawPath(path, fill)
        drawPath(path, line, style = outline)
    }
    fun circle(cx: Float, cy: Float, r: Float) {
        drawCircle(fill, r * s, Offset(cx * s, cy * s))
        drawCircle(line, r * s, Offset(cx * s, cy * s), style = outline)
    }
    fun detailLine(x1: Float, y1: Float, x2: Float, y2: Float) =
        drawLine(detail, Offset(x1 * s, y1 * s), Offset(x2 * s, y2 * s), strokeWidth = thin.width, cap = StrokeCap.Round)
    fun base() = shape(roundRect(0.2f * s, 0.8f * s, 0.6f * s, 0.1f * s, 0.03f * s))

    when (piece.kind) {
        PieceKind.PAWN -> {
            base()
            shape(p(0.3f, 0.8f, 0.42f, 0.52f, 0.58f, 0.52f, 0.7f, 0.8f))
            shape(roundRect(0.34f * s, 0.47f * s, 0.32f * s, 0.08f * s, 0.04f * s))
            circle(0.5f, 0.35f, 0.13f)
        }
        PieceKind.ROOK -> {
            base()
            shape(p(0.3f, 0.8f, 0.33f, 0.4f, 0.67f, 0.4f, 0.7f, 0.8f))
            shape(
                p(
                    0.24f, 0.4f, 0.24f, 0.17f, 0.35f, 0.17f, 0.35f, 0.25f, 0.445f, 0.25f, 0.445f, 0.17f,
                    0.555f, 0.17f, 0.555f, 0.25f, 0.65f, 0.25f, 0.65f, 0.17f, 0.76f, 0.17f, 0.76f, 0.4f,
                ),
            )
            detailLine(0.34f, 0.5f, 0.66f, 0.5f)
        }
        PieceKind.BISHOP -> {
            base()
            shape(p(0.34f, 0.8f, 0.42f, 0.62f, 0.58f, 0.62f, 0.66f, 0.8f))
            val mitre = Path().apply {
                moveTo(0.5f * s, 0.17f * s)
                cubicTo(0.74f * s, 0.32f * s, 0.72f * s, 0.56f * s, 0.62f * s, 0.64f * s)
                lineTo(0.38f * s, 0.64f * s)
                cubicTo(0.28f * s, 0.56f * s, 0.26f * s, 0.32f * s, 0.5f * s, 0.17f * s)
                close()
            }
            shape(mitre)
            circle(0.5f, 0.13f, 0.05f)
            detailLine(0.44f, 0.46f, 0.58f, 0.32f)
        }
        PieceKind.KNIGHT -> {
            base()
            val head = Path().apply {
                moveTo(0.28f * s, 0.8f * s)
                lineTo(0.74f * s, 0.8f * s)
                cubicTo(0.78f * s, 0.56f * s, 0.76f * s, 0.3f * s, 0.56f * s, 0.18f * s)
                lineTo(0.52f * s, 0.1f * s)
                lineTo(0.46f * s, 0.19f * s)
                cubicTo(0.36f * s, 0.24f * s, 0.26f * s, 0.36f * s, 0.18f * s, 0.5f * s)
                lineTo(0.22f * s, 0.6f * s)
                lineTo(0.32f * s, 0.56f * s)
                lineTo(0.44f * s, 0.48f * s)
                cubicTo(0.4f * s, 0.6f * s, 0.3f * s, 0.68f * s, 0.28f * s, 0.8f * s)
                close()
            }
            shape(head)
            drawCircle(detail, 0.035f * s, Offset(0.43f * s, 0.3f * s))
            detailLine(0.6f, 0.26f, 0.68f, 0.5f)
        }
        PieceKind.QUEEN -> {
            base()
            shape(p(0.28f, 0.8f, 0.22f, 0.3f, 0.36f, 0.56f, 0.5f, 0.24f, 0.64f, 0.56f, 0.78f, 0.3f, 0.72f, 0.8f))
            circle(0.22f, 0.26f, 0.05f)
            circle(0.5f, 0.19f, 0.05f)
            circle(0.78f, 0.26f, 0.05f)
            detailLine(0.31f, 0.7f, 0.69f, 0.7f)
        }
        PieceKind.KING -> {
            base()
            shape(p(0.28f, 0.8f, 0.24f, 0.44f, 0.4f, 0.36f, 0.6f, 0.36f, 0.76f, 0.44f, 0.72f, 0.8f))
            shape(p(0.46f, 0.36f, 0.46f, 0.25f, 0.39f, 0.25f, 0.39f, 0.18f, 0.46f, 0.18f, 0.46f, 0.1f, 0.54f, 0.1f, 0.54f, 0.18f, 0.61f, 0.18f, 0.61f, 0.25f, 0.54f, 0.25f, 0.54f, 0.36f))
            detailLine(0.31f, 0.7f, 0.69f, 0.7f)
            detailLine(0.3f, 0.52f, 0.7f, 0.52f)
        }
    }
}

private fun roundRect(x: Float, y: Float, w: Float, h: Float, r: Float): Path = Path().apply {
    addRoundRect(
        androidx.compose.ui.geometry.RoundRect(
            androidx.compose.ui.geometry.Rect(Offset(x, y), Size(w, h)),
            androidx.compose.ui.geometry.CornerRadius(r, r),
        ),
    )
}
