@file:OptIn(ExperimentalLayoutApi::class)

package app.norochess.android.ui

import androidx.compose.foundation.border
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Surface
import androidx.compose.material3.Switch
import androidx.compose.foundation.selection.toggleable
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.role
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.input.KeyboardType
import androidx.compose.ui.unit.dp

/** Everything the position editor shows. */
data class EditorUi(
    /** The games whose positions can be set up (id to name), and the one being edited. */
    val games: List<Pair<String, String>> = emptyList(),
    val gameId: String = "norochess",
    /** The board: the pieces placed, the editor's problem squares framed. */
    val board: BoardUi = BoardUi(),
    /** The pieces the palette offers, White's then Black's (the app layer's `editorPalette()`). */
    val palette: List<PieceUi> = emptyList(),
    /** The palette's piece placed by a tap on the board; null: a tap removes. */
    val tool: PieceUi? = PieceUi(true, PieceKind.PAWN),
    val whiteToMove: Boolean = true,
    /** As typed. */
    val moveNumber: String = "1",
    val hasScores: Boolean = true,
    val whiteScore: String = "0",
    val blackScore: String = "0",
    /** Games with numbered starts (Norochess960): how many, and the number typed for Start position. */
    val startNumbers: Int? = null,
    val startNumber: String = "",
    /** Games with castling: the four rights (White king side, White queen side, Black king side, Black queen side). */
    val castling: List<Boolean>? = null,
    /** Ram and Frontal chess: whether White's opening restriction still applies (null: the game has none). */
    val openingPending: Boolean? = null,
    /** The app layer's sentences saying why the position cannot be played. */
    val problems: List<String> = emptyList(),
    /** The position can be analysed, composed from and played. */
    val playable: Boolean = false,
)

/** What the player does in the editor. A tap on a square places the palette's piece there (or removes). */
interface EditorEvents : BoardEvents {
    fun onGame(id: String) {}
    fun onTool(piece: PieceUi?) {}
    fun onClear() {}
    fun onStartPosition() {}
    fun onStartNumber(text: String) {}
    fun onTurn(white: Boolean) {}
    fun onMoveNumber(text: String) {}
    fun onScore(white: Boolean, text: String) {}
    /** Castling right [index] (as [EditorUi.castling]) allowed or not. */
    fun onCastling(index: Int, allowed: Boolean) {}
    fun onOpeningPending(pending: Boolean) {}
    fun onAnalyse() {}
    fun onCompose() {}
    fun onPlay() {}
    fun onHome() {}
}

@Composable
fun EditorScreen(state: EditorUi, events: EditorEvents) {
    val s = LocalStrings.current
    Scaffold(topBar = { NorochessTopBar(s.get(Str.editor_title), events::onHome, Str.action_back) }) { padding ->
        BoxWithConstraints(Modifier.fillMaxSize().padding(padding)) {
            val screenWidth = maxWidth
            val screenHeight = maxHeight
            if (screenWidth > screenHeight) {
                Row(Modifier.fillMaxSize().padding(8.dp), horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                    Column(Modifier.width(screenHeight - 16.dp).verticalScroll(rememberScrollState())) {
                        Board(state.board, events)
                        EditorProblems(state)
                    }
                    Column(Modifier.weight(1f).verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                        Palette(state, events)
                        EditorForm(state, events)
                    }
                }
            } else {
                Column(
                    Modifier.fillMaxSize().verticalScroll(rememberScrollState()).padding(horizontal = 8.dp),
                    verticalArrangement = Arrangement.spacedBy(8.dp),
                    horizontalAlignment = Alignment.CenterHorizontally,
                ) {
                    Column(Modifier.widthIn(max = 640.dp), verticalArrangement = Arrangement.spacedBy(6.dp)) { Palette(state, events) }
                    Column(Modifier.widthIn(max = minOf(screenWidth - 16.dp, screenHeight * 0.55f))) {
                        Board(state.board, events)
                    }
                    Column(Modifier.widthIn(max = 640.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                        EditorProblems(state)
                        EditorForm(state, events)
                    }
                }
            }
        }
    }
}

/** Both sides' pieces and the eraser: the chosen one is framed. */
@Composable
private fun Palette(state: EditorUi, events: EditorEvents) {
    val s = LocalStrings.current
    for (white in listOf(true, false)) {
        Row(horizontalArrangement = Arrangement.spacedBy(4.dp), verticalAlignment = Alignment.CenterVertically) {
            for (piece in state.palette.filter { it.white == white }) {
                val kind = piece.kind
                PaletteButton(state.tool == piece, pieceName(s, piece), "tool-${if (white) "w" else "b"}${kind.letter}", { events.onTool(piece) }) {
                    PieceImage(piece, Modifier.fillMaxSize().padding(3.dp))
                }
            }
            if (!white) {
                PaletteButton(state.tool == null, s.get(Str.editor_remove), "tool-remove", { events.onTool(null) }) {
                    Text("✕", style = MaterialTheme.typography.titleLarge, modifier = Modifier.align(Alignment.Center))
                }
            }
        }
    }
}

@Composable
private fun PaletteButton(chosen: Boolean, label: String, tag: String, onClick: () -> Unit, content: @Composable androidx.compose.foundation.layout.BoxScope.() -> Unit) {
    Surface(
        onClick = onClick,
        shape = RoundedCornerShape(6.dp),
        color = if (chosen) MaterialTheme.colorScheme.primaryContainer else Color(0xFFD8C3A0),
        modifier = Modifier.size(44.dp)
            .then(if (chosen) Modifier.border(3.dp, MaterialTheme.colorScheme.primary, RoundedCornerShape(6.dp)) else Modifier)
            .semantics {
                contentDescription = label
                role = Role.RadioButton
                selected = chosen
            }
            .testTag(tag),
    ) {
        Box(Modifier.fillMaxSize(), content = content)
    }
}

/** Why the position cannot be played, under the board (its squares are framed on it). */
@Composable
private fun EditorProblems(state: EditorUi) {
    for ((index, problem) in state.problems.withIndex()) {
        Text(
            problem,
            color = MaterialTheme.colorScheme.error,
            style = MaterialTheme.typography.bodyMedium,
            modifier = Modifier.padding(top = 4.dp).testTag("editor-problem-$index"),
        )
    }
}

@Composable
private fun ColumnScope.EditorForm(state: EditorUi, events: EditorEvents) {
    val s = LocalStrings.current
    FlowRow(horizontalArrangement = Arrangement.spacedBy(6.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        Button(onClick = events::onAnalyse, enabled = state.playable, modifier = Modifier.testTag("editor-analyse")) { Text(s.get(Str.action_analyse)) }
        Button(onClick = events::onCompose, enabled = state.playable, modifier = Modifier.testTag("editor-compose")) { Text(s.get(Str.action_compose)) }
        Button(onClick = events::onPlay, enabled = state.playable, modifier = Modifier.testTag("editor-play")) { Text(s.get(Str.action_play_from_here)) }
    }
    ChoiceChips(s.get(Str.editor_to_move), listOf(true to s.get(Str.colour_white), false to s.get(Str.colour_black)), state.whiteToMove, "turn", events::onTurn)
    Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        NumberField(s.get(Str.editor_move_number), state.moveNumber, "move-number", Modifier.weight(1f), events::onMoveNumber)
        if (state.hasScores) {
            NumberField(s.get(Str.editor_white_score), state.whiteScore, "score-white", Modifier.weight(1f)) { events.onScore(true, it) }
            NumberField(s.get(Str.editor_black_score), state.blackScore, "score-black", Modifier.weight(1f)) { events.onScore(false, it) }
        }
    }
    state.castling?.let { rights ->
        Text(s.get(Str.editor_castling), style = MaterialTheme.typography.labelLarge)
        val labels = listOf(Str.castling_white_king, Str.castling_white_queen, Str.castling_black_king, Str.castling_black_queen)
        FlowRow(horizontalArrangement = Arrangement.spacedBy(12.dp)) {
            for ((index, allowed) in rights.withIndex()) {
                SwitchRow(s.get(labels[index]), allowed, "castling-$index") { events.onCastling(index, it) }
            }
        }
    }
    state.openingPending?.let { pending ->
        SwitchRow(s.get(Str.editor_opening_pending), pending, "opening-pending", events::onOpeningPending)
    }
    FlowRow(horizontalArrangement = Arrangement.spacedBy(6.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        OutlinedButton(onClick = events::onClear, modifier = Modifier.testTag("editor-clear")) { Text(s.get(Str.editor_clear)) }
        OutlinedButton(onClick = events::onStartPosition, modifier = Modifier.testTag("editor-start")) { Text(s.get(Str.editor_start_position)) }
    }
    state.startNumbers?.let { count ->
        NumberField(s.get(Str.label_start_number, count - 1), state.startNumber, "editor-start-number", Modifier.fillMaxWidth(), events::onStartNumber)
    }
    ChoiceChips(s.get(Str.label_game), state.games, state.gameId, "editor-game", events::onGame)
}

/** A switch with its label, one screen-reader node that toggles. */
@Composable
private fun SwitchRow(label: String, checked: Boolean, tag: String, onChange: (Boolean) -> Unit) {
    Row(
        Modifier.toggleable(value = checked, role = Role.Switch, onValueChange = onChange).padding(vertical = 2.dp).testTag(tag),
        verticalAlignment = Alignment.CenterVertically,
        horizontalArrangement = Arrangement.spacedBy(6.dp),
    ) {
        Switch(checked = checked, onCheckedChange = null)
        Text(label, style = MaterialTheme.typography.bodyMedium)
    }
}

@Composable
private fun NumberField(label: String, value: String, tag: String, modifier: Modifier, onChange: (String) -> Unit) {
    OutlinedTextField(
        value = value,
        onValueChange = onChange,
        label = { Text(label) },
        singleLine = true,
        keyboardOptions = KeyboardOptions(keyboardType = KeyboardType.Number),
        modifier = modifier.testTag(tag),
    )
}
