@file:OptIn(ExperimentalLayoutApi::class)

package app.norochess.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp

/** One of the engine's lines: its score as the engine writes it (points), its moves in SAN, its depth (the app layer's `depth 14` or `proven`). */
data class EngineLineUi(val score: String, val moves: String, val depth: String = "")

/** Everything the analysis board shows. */
data class AnalysisUi(
    /** Where the analysis began: `Move 30, White to play, score 21–19`. */
    val origin: String = "",
    /** Where the board stands now (or the result the variation reached). */
    val status: String = "",
    val board: BoardUi = BoardUi(),
    /** The variation played on the board, in SAN (empty: the position itself). */
    val variation: String = "",
    val lines: List<EngineLineUi> = emptyList(),
    val thinking: Boolean = false,
    /** The exact solver's result near the end, and its line. */
    val exact: String? = null,
    val exactLine: String? = null,
    val solving: Boolean = false,
    val canBack: Boolean = false,
    /** The piece picker of a promotion or resurrection on the board. */
    val picker: PickerUi? = null,
    /** What could not be done (a search that failed). */
    val problem: String? = null,
)

/** What the player does on the analysis board. */
interface AnalysisEvents : BoardEvents {
    fun onPick(piece: PieceKind) {}
    fun onPickCancel() {}
    /** Takes back the variation's last move. */
    fun onVariationBack() {}
    /** Takes back the whole variation. */
    fun onVariationReset() {}
    /** The position on the board in the editor. */
    fun onEdit() {}
    /** A puzzle composed from the position on the board. */
    fun onCompose() {}
    fun onHome() {}
}

@Composable
fun AnalysisScreen(state: AnalysisUi, events: AnalysisEvents) {
    val s = LocalStrings.current
    state.picker?.let { PiecePickerDialog(it, events::onPick, events::onPickCancel) }
    Scaffold(topBar = { NorochessTopBar(s.get(Str.analysis_title), events::onHome, Str.action_back) }) { padding ->
        BoardWithPanel(
            padding,
            boardShare = 0.55f,
            board = { Board(state.board, events) },
            above = { Text(state.origin, style = MaterialTheme.typography.titleSmall, modifier = Modifier.widthIn(max = 640.dp).fillMaxWidth()) },
        ) { beside ->
            // Beside the board the panel heads with the origin; in portrait it stands above the board.
            AnalysisPanel(state, events, origin = beside)
        }
    }
}

@Composable
private fun ColumnScope.AnalysisPanel(state: AnalysisUi, events: AnalysisEvents, origin: Boolean = true) {
    val s = LocalStrings.current
    if (origin) Text(state.origin, style = MaterialTheme.typography.titleSmall)
    Text(state.status, style = MaterialTheme.typography.titleMedium, modifier = Modifier.testTag("analysis-status"))
    Text(
        if (state.variation.isEmpty()) s.get(Str.analysis_no_variation) else s.get(Str.analysis_variation, state.variation),
        style = MaterialTheme.typography.bodyMedium,
        modifier = Modifier.testTag("analysis-variation"),
    )
    FlowRow(horizontalArrangement = Arrangement.spacedBy(6.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        OutlinedButton(onClick = events::onVariationBack, enabled = state.canBack, modifier = Modifier.testTag("variation-back")) {
            Text(s.get(Str.action_back))
        }
        OutlinedButton(onClick = events::onVariationReset, enabled = state.canBack, modifier = Modifier.testTag("variation-reset")) {
            Text(s.get(Str.analysis_reset))
        }
        FilledTonalButton(onClick = events::onEdit, modifier = Modifier.testTag("analysis-edit")) { Text(s.get(Str.action_edit_position)) }
        FilledTonalButton(onClick = events::onCompose, enabled = state.board.interactive, modifier = Modifier.testTag("analysis-compose")) {
            Text(s.get(Str.action_compose))
        }
    }
    Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        SectionTitle(s.get(Str.analysis_lines))
        if (state.thinking) {
            CircularProgressIndicator(
                Modifier.padding(top = 8.dp).size(18.dp).semantics { contentDescription = s.get(Str.analysis_thinking) },
                strokeWidth = 2.dp,
            )
        }
    }
    if (state.lines.isEmpty() && !state.thinking) Text(s.get(Str.analysis_no_lines), style = MaterialTheme.typography.bodyMedium)
    for ((index, line) in state.lines.withIndex()) {
        Row(
            Modifier.fillMaxWidth().testTag("line-$index").semantics(mergeDescendants = true) {},
            horizontalArrangement = Arrangement.spacedBy(8.dp),
        ) {
            Column(Modifier.width(80.dp)) {
                Text(line.score, style = MaterialTheme.typography.titleMedium, fontWeight = FontWeight.Bold)
                Text(line.depth, style = MaterialTheme.typography.labelSmall, color = MaterialTheme.colorScheme.onSurfaceVariant)
            }
            Text(line.moves, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.weight(1f))
        }
    }
    if (state.exact != null || state.solving) {
        Surface(color = MaterialTheme.colorScheme.secondaryContainer, shape = RoundedCornerShape(8.dp), modifier = Modifier.fillMaxWidth()) {
            Column(Modifier.padding(10.dp).testTag("analysis-exact").semantics(mergeDescendants = true) { liveRegion = LiveRegionMode.Polite }) {
                Text(state.exact ?: s.get(Str.analysis_solving), style = MaterialTheme.typography.titleMedium)
                state.exactLine?.let { Text(it, style = MaterialTheme.typography.bodyMedium) }
            }
        }
    }
    state.problem?.let { Text(it, color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("analysis-problem")) }
}
