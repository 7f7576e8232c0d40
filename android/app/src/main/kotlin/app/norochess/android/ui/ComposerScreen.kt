@file:OptIn(ExperimentalLayoutApi::class)

package app.norochess.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.input.KeyboardType
import androidx.compose.ui.unit.dp

/** An objective the composer offers (the app layer's words). */
data class ObjectiveUi(val id: String, val label: String, val detail: String, val asksPoints: Boolean, val asksMoves: Boolean)

/** Everything the composer shows. */
data class ComposerUi(
    /** Where the position stands: `Move 48, White to play, score 18–20`. */
    val position: String = "",
    val board: BoardUi = BoardUi(interactive = false),
    val objectives: List<ObjectiveUi> = emptyList(),
    val objectiveId: String = "win",
    /** N and M as typed. */
    val points: String = "1",
    val moves: String = "1",
    /** Why N or M cannot be used (the app layer's sentence). */
    val numbersProblem: String? = null,
    val proving: Boolean = false,
    /** The proven puzzle: its description and solution in SAN. */
    val description: String? = null,
    val solution: String? = null,
    /** Why the position and objective are not a puzzle (the solver's reason). */
    val reason: String? = null,
    /** What Save answered: kept in My puzzles, or already there. */
    val saved: String? = null,
)

/** What the player does in the composer. */
interface ComposerEvents {
    fun onObjective(id: String) {}
    fun onPoints(text: String) {}
    fun onMoves(text: String) {}
    fun onProve() {}
    fun onCancelProof() {}
    fun onSave() {}
    fun onShare() {}
    fun onHome() {}
}

@Composable
fun ComposerScreen(state: ComposerUi, events: ComposerEvents) {
    val s = LocalStrings.current
    Scaffold(topBar = { NorochessTopBar(s.get(Str.composer_title), events::onHome, Str.action_back) }) { padding ->
        BoardWithPanel(padding, boardShare = 0.45f, board = { Board(state.board, object : BoardEvents {}) }) {
            ComposerPanel(state, events)
        }
    }
}

@Composable
private fun ColumnScope.ComposerPanel(state: ComposerUi, events: ComposerEvents) {
    val s = LocalStrings.current
    Text(state.position, style = MaterialTheme.typography.titleSmall)
    ChoiceChips(s.get(Str.composer_objective), state.objectives.map { it.id to it.label }, state.objectiveId, "objective", events::onObjective)
    val chosen = state.objectives.firstOrNull { it.id == state.objectiveId }
    chosen?.let { Text(it.detail, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant) }
    if (chosen != null && (chosen.asksPoints || chosen.asksMoves)) {
        Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            if (chosen.asksPoints) ComposerNumber(s.get(Str.composer_points), state.points, "objective-points", Modifier.weight(1f), events::onPoints)
            if (chosen.asksMoves) ComposerNumber(s.get(Str.composer_moves), state.moves, "objective-moves", Modifier.weight(1f), events::onMoves)
        }
    }
    state.numbersProblem?.let { Text(it, color = MaterialTheme.colorScheme.error, modifier = Modifier.testTag("objective-problem")) }
    Row(horizontalArrangement = Arrangement.spacedBy(8.dp), verticalAlignment = Alignment.CenterVertically) {
        if (state.proving) {
            CircularProgressIndicator(Modifier.size(20.dp), strokeWidth = 2.dp)
            Text(s.get(Str.composer_proving), style = MaterialTheme.typography.bodyLarge)
            OutlinedButton(onClick = events::onCancelProof, modifier = Modifier.testTag("compose-cancel")) { Text(s.get(Str.action_cancel)) }
        } else {
            Button(onClick = events::onProve, enabled = state.numbersProblem == null, modifier = Modifier.testTag("compose-prove")) {
                Text(s.get(Str.composer_prove))
            }
        }
    }
    state.reason?.let {
        Surface(color = MaterialTheme.colorScheme.errorContainer, shape = RoundedCornerShape(8.dp), modifier = Modifier.fillMaxWidth()) {
            Column(Modifier.padding(10.dp).semantics(mergeDescendants = true) { liveRegion = LiveRegionMode.Polite }) {
                Text(s.get(Str.composer_not_a_puzzle), style = MaterialTheme.typography.titleMedium, color = MaterialTheme.colorScheme.onErrorContainer)
                Text(it, color = MaterialTheme.colorScheme.onErrorContainer, modifier = Modifier.testTag("compose-reason"))
            }
        }
    }
    state.solution?.let { solution ->
        Surface(color = MaterialTheme.colorScheme.secondaryContainer, shape = RoundedCornerShape(8.dp), modifier = Modifier.fillMaxWidth()) {
            Column(Modifier.padding(10.dp).semantics(mergeDescendants = true) { liveRegion = LiveRegionMode.Polite }) {
                Text(s.get(Str.composer_proven), style = MaterialTheme.typography.titleMedium)
                state.description?.let { Text(it, style = MaterialTheme.typography.bodyLarge) }
                Text(s.get(Str.composer_solution, solution), style = MaterialTheme.typography.bodyLarge, modifier = Modifier.testTag("compose-solution"))
            }
        }
        FlowRow(horizontalArrangement = Arrangement.spacedBy(6.dp)) {
            Button(onClick = events::onSave, modifier = Modifier.testTag("compose-save")) { Text(s.get(Str.composer_save)) }
            FilledTonalButton(onClick = events::onShare, modifier = Modifier.testTag("compose-share")) { Text(s.get(Str.action_share)) }
        }
        state.saved?.let { Text(it, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("compose-saved")) }
    }
}

@Composable
private fun ComposerNumber(label: String, value: String, tag: String, modifier: Modifier, onChange: (String) -> Unit) {
    OutlinedTextField(
        value = value,
        onValueChange = onChange,
        label = { Text(label) },
        singleLine = true,
        keyboardOptions = KeyboardOptions(keyboardType = KeyboardType.Number),
        modifier = modifier.testTag(tag),
    )
}

// ---------------------------------------------------------------- My puzzles

/** A puzzle of My puzzles: the app layer's description and status line. */
data class MyPuzzleRowUi(val id: String, val description: String, val status: String)

/** The My puzzles screen: the list, the lines that could not be read, the import by paste. */
data class MyPuzzlesUi(
    val puzzles: List<MyPuzzleRowUi> = emptyList(),
    /** Lines of the library that could not be read, in the app layer's words. */
    val unreadable: List<String> = emptyList(),
    val importText: String = "",
    val importing: Boolean = false,
    /** What the last import said: kept, or why not. */
    val importMessage: String? = null,
    val importFailed: Boolean = false,
    /** The puzzle whose deletion waits for confirmation. */
    val confirmDelete: String? = null,
)

interface MyPuzzlesEvents {
    fun onSolve(id: String) {}
    fun onDeletePuzzle(id: String) {}
    fun onDeletePuzzleAnswer(confirm: Boolean) {}
    fun onImportText(text: String) {}
    fun onImport() {}
    /** A new position in the editor, to compose a puzzle from. */
    fun onNewPuzzle() {}
    /** Back to where My puzzles was opened from (the puzzle screen). */
    fun onLeaveMyPuzzles() {}
}

@Composable
fun MyPuzzlesScreen(state: MyPuzzlesUi, events: MyPuzzlesEvents) {
    val s = LocalStrings.current
    Scaffold(topBar = { NorochessTopBar(s.get(Str.my_puzzles_title), events::onLeaveMyPuzzles, Str.action_back) }) { padding ->
        Column(
            Modifier.fillMaxSize().padding(padding).verticalScroll(rememberScrollState()).padding(12.dp),
            horizontalAlignment = Alignment.CenterHorizontally,
        ) {
            Column(Modifier.widthIn(max = 640.dp).fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                for (line in state.unreadable) {
                    Surface(color = MaterialTheme.colorScheme.errorContainer, shape = RoundedCornerShape(8.dp), modifier = Modifier.fillMaxWidth()) {
                        Text(
                            s.get(Str.my_puzzles_unreadable, line),
                            color = MaterialTheme.colorScheme.onErrorContainer,
                            modifier = Modifier.padding(8.dp).testTag("my-puzzles-unreadable"),
                        )
                    }
                }
                if (state.puzzles.isEmpty()) Text(s.get(Str.my_puzzles_empty), style = MaterialTheme.typography.bodyLarge)
                for (puzzle in state.puzzles) {
                    Surface(color = MaterialTheme.colorScheme.surfaceContainer, shape = RoundedCornerShape(8.dp), modifier = Modifier.fillMaxWidth().testTag("my-puzzle-${puzzle.id}")) {
                        Column(Modifier.padding(10.dp)) {
                            Text(puzzle.description, style = MaterialTheme.typography.titleSmall)
                            Text(puzzle.status, style = MaterialTheme.typography.bodyMedium, color = MaterialTheme.colorScheme.onSurfaceVariant)
                            Row(horizontalArrangement = Arrangement.spacedBy(6.dp)) {
                                Button(onClick = { events.onSolve(puzzle.id) }, modifier = Modifier.testTag("solve-${puzzle.id}")) { Text(s.get(Str.my_puzzles_solve)) }
                                OutlinedButton(onClick = { events.onDeletePuzzle(puzzle.id) }, modifier = Modifier.testTag("delete-puzzle-${puzzle.id}")) {
                                    Text(s.get(Str.action_delete))
                                }
                            }
                        }
                    }
                }
                FilledTonalButton(onClick = events::onNewPuzzle, modifier = Modifier.testTag("new-puzzle")) { Text(s.get(Str.my_puzzles_new)) }
                SectionTitle(s.get(Str.my_puzzles_import))
                OutlinedTextField(
                    value = state.importText,
                    onValueChange = events::onImportText,
                    label = { Text(s.get(Str.my_puzzles_paste)) },
                    modifier = Modifier.fillMaxWidth().testTag("import-text"),
                )
                Row(horizontalArrangement = Arrangement.spacedBy(8.dp), verticalAlignment = Alignment.CenterVertically) {
                    Button(onClick = events::onImport, enabled = !state.importing && state.importText.isNotBlank(), modifier = Modifier.testTag("import")) {
                        Text(s.get(Str.my_puzzles_import_action))
                    }
                    if (state.importing) CircularProgressIndicator(Modifier.size(20.dp), strokeWidth = 2.dp)
                }
                state.importMessage?.let {
                    Text(
                        it,
                        color = if (state.importFailed) MaterialTheme.colorScheme.error else MaterialTheme.colorScheme.onSurface,
                        modifier = Modifier.testTag("import-message").semantics { liveRegion = LiveRegionMode.Polite },
                    )
                }
            }
        }
    }
    state.confirmDelete?.let {
        androidx.compose.material3.AlertDialog(
            onDismissRequest = { events.onDeletePuzzleAnswer(false) },
            title = { Text(s.get(Str.my_puzzles_delete_title)) },
            text = { Text(s.get(Str.my_puzzles_delete_text)) },
            confirmButton = { Button(onClick = { events.onDeletePuzzleAnswer(true) }, modifier = Modifier.testTag("delete-puzzle-confirm")) { Text(s.get(Str.action_delete)) } },
            dismissButton = { androidx.compose.material3.TextButton(onClick = { events.onDeletePuzzleAnswer(false) }) { Text(s.get(Str.action_cancel)) } },
        )
    }
}
