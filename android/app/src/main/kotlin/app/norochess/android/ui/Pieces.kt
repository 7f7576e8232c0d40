package app.norochess.android.ui

import androidx.compose.foundation.Canvas
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.CornerRadius
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.RoundRect
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
import app.norochess.applayer.PathStep
import app.norochess.applayer.PieceShape
import app.norochess.applayer.pieceDrawing
import app.norochess.applayer.piecePalette
import app.norochess.applayer.PieceKind as AppPieceKind

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
 * The piece drawings' colours, from the app layer's palette (the iOS app
 * paints with the same one). They are explicit, never taken from the
 * Material theme, so pieces look the same in light and dark mode and stay
 * readable on every board theme.
 */
object PieceColours {
    private val palette = piecePalette()
    val whiteFill = Color(palette.whiteFill.toInt())
    val whiteLine = Color(palette.whiteLine.toInt())
    val blackFill = Color(palette.blackFill.toInt())
    val blackLine = Color(palette.blackLine.toInt())
    val blackDetail = Color(palette.blackDetail.toInt())
    val outlineWidth = palette.outlineWidth
    val detailWidth = palette.detailWidth
}

/** The app layer's drawing of each kind of piece (shapes in a unit square), read once. */
private val drawings: Map<PieceKind, List<PieceShape>> = PieceKind.entries.associateWith { kind ->
    pieceDrawing(AppPieceKind.entries.first { it.name == kind.name })
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

/** Paints the app layer's shapes of [piece] in a square of side [s] at the origin. */
private fun DrawScope.drawPieceAtOrigin(piece: PieceUi, s: Float) {
    val fill = if (piece.white) PieceColours.whiteFill else PieceColours.blackFill
    val line = if (piece.white) PieceColours.whiteLine else PieceColours.blackLine
    val detail = if (piece.white) PieceColours.whiteLine else PieceColours.blackDetail
    val outline = Stroke(width = s * PieceColours.outlineWidth, join = StrokeJoin.Round, cap = StrokeCap.Round)
    fun body(path: Path) {
        drawPath(path, fill)
        drawPath(path, line, style = outline)
    }
    for (shape in drawings.getValue(piece.kind)) {
        when (shape) {
            is PieceShape.Body -> body(
                Path().apply {
                    for (step in shape.steps) {
                        when (step) {
                            is PathStep.MoveTo -> moveTo(step.x * s, step.y * s)
                            is PathStep.LineTo -> lineTo(step.x * s, step.y * s)
                            is PathStep.CubicTo -> cubicTo(step.x1 * s, step.y1 * s, step.x2 * s, step.y2 * s, step.x * s, step.y * s)
                            PathStep.Close -> close()
                        }
                    }
                },
            )
            is PieceShape.RoundedBox -> body(
                Path().apply {
                    addRoundRect(RoundRect(Rect(Offset(shape.x * s, shape.y * s), Size(shape.width * s, shape.height * s)), CornerRadius(shape.corner * s)))
                },
            )
            is PieceShape.Disc -> {
                drawCircle(fill, shape.radius * s, Offset(shape.x * s, shape.y * s))
                drawCircle(line, shape.radius * s, Offset(shape.x * s, shape.y * s), style = outline)
            }
            is PieceShape.DetailLine -> drawLine(
                detail, Offset(shape.x1 * s, shape.y1 * s), Offset(shape.x2 * s, shape.y2 * s),
                strokeWidth = s * PieceColours.detailWidth, cap = StrokeCap.Round,
            )
            is PieceShape.DetailDot -> drawCircle(detail, shape.radius * s, Offset(shape.x * s, shape.y * s))
        }
    }
}
