@file:OptIn(ExperimentalLayoutApi::class)

package app.norochess.android.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.gestures.detectHorizontalDragGestures
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.height
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.dp

/** A move's mark in a review (the app layer's judgement), as the screens colour it. */
enum class Mark { NONE, INACCURACY, MISTAKE, BLUNDER }

/** A point of the review graph: the expected final difference for White after [ply], in points. */
data class GraphPointUi(val ply: Int, val points: Float, val mark: Mark = Mark.NONE)

/**
 * One reviewed move of the move list: [label] is its SAN with its mark
 * (`Qd4??`), [spoken] the app layer's sentence about it (what TalkBack reads:
 * `24…Qd4?? Blunder, 9.0 points lost. Best was Nf6.`).
 */
data class ReviewMoveUi(val ply: Int, val number: Int, val white: Boolean, val label: String, val spoken: String, val mark: Mark)

/** A moment that decided the game, at the position after a move. */
data class MomentUi(val ply: Int, val text: String)

/** A review budget the player can choose (the app layer's words). */
data class BudgetUi(val id: String, val label: String, val detail: String)

/** Everything the review screen shows. */
data class ReviewUi(
    /** The game's title (the games list's). */
    val title: String = "",
    val budgets: List<BudgetUi> = emptyList(),
    val budgetId: String = "",
    /** The app layer's progress line: `Analysing: 12 of 97 positions`, `Review complete`. */
    val progressText: String = "",
    /** 0–1. */
    val progress: Float = 0f,
    val complete: Boolean = false,
    val running: Boolean = false,
    /** Whether part of the game is reviewed already (Resume rather than Start). */
    val started: Boolean = false,
    /** What could not be done: a saved review that could not be used, a save that failed. */
    val notices: List<String> = emptyList(),
    val graph: List<GraphPointUi> = emptyList(),
    /** The graph's range either side of zero, in points (the app layer's). */
    val graphLimit: Float = 20f,
    /** Positions of the game (the graph's width): the start and one after each move. */
    val positions: Int = 1,
    /** The position on the board (0: the start). */
    val selectedPly: Int = 0,
    val board: BoardUi = BoardUi(interactive = false),
    /** The app layer's sentence about the move that led to the board, if it is reviewed. */
    val moveText: String? = null,
    /** The engine's line instead, in SAN. */
    val bestLine: String? = null,
    val whiteSummary: String = "",
    val blackSummary: String = "",
    val moments: List<MomentUi> = emptyList(),
    val moves: List<ReviewMoveUi> = emptyList(),
)

/** What the player does on the review screen. */
interface ReviewEvents {
    fun onBudget(id: String) {}
    fun onStartReview() {}
    fun onCancelReview() {}
    /** Show the position after [ply] (0: the start). */
    fun onSelectPly(ply: Int) {}
    /** Open the analysis board at the position on the board. */
    fun onAnalyse() {}
    fun onHome() {}
}

/** The colour of a mark on the graph and the move list: the same hue, lighter in dark mode. */
fun markColour(mark: Mark, dark: Boolean): Color = when (mark) {
    Mark.NONE -> Color.Unspecified
    Mark.INACCURACY -> if (dark) Color(0xFFE8C547) else Color(0xFF9A7B00)
    Mark.MISTAKE -> if (dark) Color(0xFFFFA64D) else Color(0xFFB85C00)
    Mark.BLUNDER -> if (dark) Color(0xFFFF8A80) else Color(0xFFC62828)
}

@Composable
private fun isDark(): Boolean = MaterialTheme.colorScheme.surface.luminanceBelowHalf()

private fun Color.luminanceBelowHalf(): Boolean = (0.2126f * red + 0.7152f * green + 0.0722f * blue) < 0.5f

@Composable
fun ReviewScreen(state: ReviewUi, events: ReviewEvents) {
    val s = LocalStrings.current
    Scaffold(topBar = { NorochessTopBar(s.get(Str.review_title), events::onHome, Str.action_back) }) { padding ->
        BoardWithPanel(
            padding,
            boardShare = 0.55f,
            board = { Board(state.board, object : BoardEvents {}) },
            above = {
                Column(Modifier.widthIn(max = 640.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) { ReviewHeading(state, events) }
            },
        ) { beside ->
            if (beside) ReviewHeading(state, events)
            MoveVerdict(state)
            ReviewDetails(state, events)
        }
    }
}

/** The title, the review's run and its graph: above the board in portrait, heading the panel beside it in landscape. */
@Composable
private fun ColumnScope.ReviewHeading(state: ReviewUi, events: ReviewEvents) {
    Text(state.title, style = MaterialTheme.typography.titleSmall)
    ReviewRunCard(state, events)
    if (state.graph.size >= 2) ReviewGraph(state, events::onSelectPly)
}

/** The budget, the progress and Start / Resume / Cancel; the notices under them. */
@Composable
private fun ReviewRunCard(state: ReviewUi, events: ReviewEvents) {
    val s = LocalStrings.current
    Card(Modifier.fillMaxWidth()) {
        Column(Modifier.padding(12.dp), verticalArrangement = Arrangement.spacedBy(6.dp)) {
            Text(
                state.progressText,
                style = MaterialTheme.typography.titleMedium,
                modifier = Modifier.testTag("review-progress").semantics { liveRegion = LiveRegionMode.Polite },
            )
            if (!state.complete) {
                LinearProgressIndicator(progress = { state.progress }, modifier = Modifier.fillMaxWidth())
                if (!state.running) {
                    ChoiceChips(s.get(Str.review_budget), state.budgets.map { it.id to it.label }, state.budgetId, "budget", events::onBudget)
                    state.budgets.firstOrNull { it.id == state.budgetId }?.let {
                        Text(it.detail, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
                    }
                    Button(onClick = events::onStartReview, modifier = Modifier.testTag("review-start")) {
                        Text(s.get(if (state.started) Str.review_resume else Str.review_start))
                    }
                } else {
                    OutlinedButton(onClick = events::onCancelReview, modifier = Modifier.testTag("review-cancel")) {
                        Text(s.get(Str.action_cancel))
                    }
                }
            }
            for (notice in state.notices) {
                Surface(color = MaterialTheme.colorScheme.errorContainer, shape = RoundedCornerShape(8.dp), modifier = Modifier.fillMaxWidth()) {
                    Text(
                        notice,
                        color = MaterialTheme.colorScheme.onErrorContainer,
                        modifier = Modifier.padding(8.dp).testTag("review-notice"),
                    )
                }
            }
        }
    }
}

/**
 * The graph of the expected final score difference over the game, White
 * up, within ±[ReviewUi.graphLimit]; marked moves as dots in their mark's
 * colour, the position on the board as a vertical line. A tap or a drag
 * along it shows that position. For screen readers it is one node saying
 * what it is; the move list under it reads every move with its mark.
 */
@Composable
fun ReviewGraph(state: ReviewUi, onSelect: (Int) -> Unit) {
    val s = LocalStrings.current
    val dark = isDark()
    val select by rememberUpdatedState(onSelect)
    val positions = state.positions.coerceAtLeast(2)
    val lineColour = MaterialTheme.colorScheme.primary
    val axis = MaterialTheme.colorScheme.outline
    val whiteArea = if (dark) Color(0x33FFFFFF) else Color(0xFFFFFFFF)
    val blackArea = if (dark) Color(0xFF000000) else Color(0xFF3A3530)
    val cursor = MaterialTheme.colorScheme.tertiary
    val description = s.get(Str.review_graph_description, state.graph.size - 1)
    // Which side is up: White's advantage above the middle line, Black's below.
    val measurer = rememberTextMeasurer()
    val labelStyle = MaterialTheme.typography.labelSmall
    val whiteLabel = s.get(Str.review_graph_white)
    val blackLabel = s.get(Str.review_graph_black)
    fun plyAt(x: Float, width: Float) = ((x / width) * (positions - 1) + 0.5f).toInt().coerceIn(0, positions - 1)
    Canvas(
        Modifier.fillMaxWidth().height(120.dp).testTag("review-graph")
            .semantics { contentDescription = description }
            .pointerInput(positions) { detectTapGestures { select(plyAt(it.x, size.width.toFloat())) } }
            .pointerInput(positions) {
                detectHorizontalDragGestures { change, _ -> select(plyAt(change.position.x, size.width.toFloat())) }
            },
    ) {
        val limit = state.graphLimit
        fun x(ply: Int) = size.width * ply / (positions - 1)
        fun y(points: Float) = size.height * (0.5f - points.coerceIn(-limit, limit) / (2 * limit))
        // Black's half below, White's above, the advantage as the area between.
        drawRect(blackArea, Offset(0f, 0f), size)
        val points = state.graph.sortedBy { it.ply }
        val area = Path().apply {
            moveTo(x(points.first().ply), size.height)
            for (p in points) lineTo(x(p.ply), y(p.points))
            lineTo(x(points.last().ply), size.height)
            close()
        }
        drawPath(area, whiteArea)
        drawLine(axis, Offset(0f, size.height / 2), Offset(size.width, size.height / 2), strokeWidth = 2f)
        val line = Path().apply {
            moveTo(x(points.first().ply), y(points.first().points))
            for (p in points.drop(1)) lineTo(x(p.ply), y(p.points))
        }
        drawPath(line, lineColour, style = Stroke(width = 3f))
        drawLine(cursor, Offset(x(state.selectedPly), 0f), Offset(x(state.selectedPly), size.height), strokeWidth = 3f)
        for (p in points) if (p.mark != Mark.NONE) {
            drawCircle(markColour(p.mark, dark), 7f, Offset(x(p.ply), y(p.points)))
            drawCircle(axis, 7f, Offset(x(p.ply), y(p.points)), style = Stroke(1.5f))
        }
        val top = measurer.measure(whiteLabel, labelStyle.copy(color = if (dark) Color(0xFFEBE1D9) else Color(0xFFF5ECE3)))
        drawText(top, topLeft = Offset(6f, 4f))
        val bottom = measurer.measure(blackLabel, labelStyle.copy(color = if (dark) Color(0xFFD1C5B4) else Color(0xFF3A3530)))
        drawText(bottom, topLeft = Offset(6f, size.height - bottom.size.height - 4f))
    }
}

/** The app layer's sentence about the move on the board, and the engine's line instead. */
@Composable
private fun MoveVerdict(state: ReviewUi) {
    val s = LocalStrings.current
    state.moveText?.let {
        Text(it, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.padding(top = 6.dp).testTag("review-move-text"))
    }
    state.bestLine?.let {
        Text(s.get(Str.review_best_line, it), style = MaterialTheme.typography.bodyMedium, color = MaterialTheme.colorScheme.onSurfaceVariant)
    }
}

/** Each side's summary, the moments that decided the game, the move list with marks, Analyse. */
@Composable
private fun ReviewDetails(state: ReviewUi, events: ReviewEvents) {
    val s = LocalStrings.current
    val dark = isDark()
    FilledTonalButton(onClick = events::onAnalyse, modifier = Modifier.testTag("review-analyse")) { Text(s.get(Str.action_analyse)) }
    if (state.whiteSummary.isNotEmpty()) {
        SectionTitle(s.get(Str.review_summary))
        Text(state.whiteSummary, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.testTag("summary-white"))
        Text(state.blackSummary, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.testTag("summary-black"))
    }
    if (state.moments.isNotEmpty()) {
        SectionTitle(s.get(Str.review_moments))
        for ((index, moment) in state.moments.withIndex()) {
            Text(
                moment.text,
                style = MaterialTheme.typography.bodyLarge,
                fontWeight = if (moment.ply == state.selectedPly) FontWeight.Bold else FontWeight.Normal,
                modifier = Modifier.fillMaxWidth().clickable { events.onSelectPly(moment.ply) }
                    .padding(vertical = 6.dp).testTag("moment-$index"),
            )
        }
    }
    if (state.moves.isNotEmpty()) {
        SectionTitle(s.get(Str.review_moves))
        FlowRow(Modifier.fillMaxWidth().testTag("review-moves"), horizontalArrangement = Arrangement.spacedBy(2.dp)) {
            for (move in state.moves) {
                val here = move.ply == state.selectedPly
                Row(verticalAlignment = Alignment.CenterVertically) {
                    if (move.white) Text(
                            "${move.number}.",
                            style = MaterialTheme.typography.bodyMedium,
                            // The move's sentence says its number: not read twice.
                            modifier = Modifier.padding(start = 4.dp).clearAndSetSemantics {},
                        )
                    Text(
                        move.label,
                        style = MaterialTheme.typography.bodyMedium,
                        fontWeight = if (here || move.mark != Mark.NONE) FontWeight.Bold else FontWeight.Normal,
                        color = if (move.mark == Mark.NONE) Color.Unspecified else markColour(move.mark, dark),
                        modifier = Modifier
                            .background(if (here) MaterialTheme.colorScheme.primaryContainer else Color.Transparent, RoundedCornerShape(4.dp))
                            .clickable { events.onSelectPly(move.ply) }
                            .semantics {
                                contentDescription = move.spoken
                                selected = here
                            }
                            .padding(horizontal = 4.dp, vertical = 3.dp)
                            .testTag("review-move-${move.ply}"),
                    )
                }
            }
        }
    }
}
