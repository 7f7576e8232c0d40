@file:OptIn(ExperimentalLayoutApi::class)

package app.norochess.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.selection.selectableGroup
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.ColorScheme
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.Icon
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.RadioButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp

enum class Feedback { CORRECT, WRONG, SOLVED }

/** Which puzzles Next takes: the whole pack, one difficulty, or today's puzzle. */
enum class PuzzleSet { ALL, EASY, MEDIUM, HARD, DAILY }

/** A theme the picker offers: the app layer's id, name, meaning and how many puzzles of the chosen tier have it. */
data class ThemeChoiceUi(val id: String, val name: String, val count: Int, val meaning: String)

data class PuzzleUi(
    /** "Puzzle 12 · medium". */
    val title: String,
    /** "White to play and win — move 46, score 30–31". */
    val objective: String,
    /** What the opponent just played to set the puzzle ("Black played Rxd4"), if it did. */
    val opponentMove: String? = null,
    val board: BoardUi,
    val feedback: Feedback? = null,
    /** The words under the feedback: the move and the reply, or the refutation. */
    val feedbackText: String? = null,
    val hint: String? = null,
    val solved: Int = 0,
    val total: Int = 0,
    val streak: Int = 0,
    val bestStreak: Int = 0,
    val canRetry: Boolean = false,
    val canShowSolution: Boolean = true,
    val canNext: Boolean = true,
    val set: PuzzleSet = PuzzleSet.ALL,
    /** "Puzzle rating 1563 ± 290", and after an attempt the change ("(+63)"). */
    val rating: String? = null,
    /** Open while the player chooses the piece of a promotion (the same picker as the game screen's). */
    val picker: PickerUi? = null,
    /** The themes of the chosen tier the picker offers (the app layer's, only those with puzzles). */
    val themes: List<ThemeChoiceUi> = emptyList(),
    /** The chosen theme's id (`null`: any theme). */
    val theme: String? = null,
    /** The chosen theme's name for the picker's button (`null`: any theme). */
    val themeName: String? = null,
    /** The choice in the app layer's words ("hard fork puzzles"), shown as what Next takes; `null` for the daily puzzle. */
    val filterText: String? = null,
    /** The picker's title: the themes of which puzzles ("Themes of the hard puzzles"). */
    val themeMenuTitle: String = "",
    /** Whether the theme picker is open. */
    val themeMenuOpen: Boolean = false,
    /** The app layer's sentence about the choice: none in the pack, or all solved cleanly and coming round again. */
    val notice: String? = null,
)

interface PuzzleEvents : BoardEvents {
    fun onPick(piece: PieceKind) {}
    fun onPickCancel() {}
    fun onHint() {}
    fun onRetry() {}
    fun onSolution() {}
    fun onNext() {}
    fun onSet(set: PuzzleSet) {}
    /** Opens or closes the theme picker. */
    fun onThemeMenu(open: Boolean) {}
    /** A theme chosen in the picker (`null`: any theme). */
    fun onTheme(id: String?) {}
    fun onMyPuzzles() {}
    fun onHome() {}
}

@Composable
fun PuzzleScreen(state: PuzzleUi, events: PuzzleEvents) {
    val s = LocalStrings.current
    state.picker?.let { PiecePickerDialog(it, events::onPick, events::onPickCancel) }
    if (state.themeMenuOpen) ThemePickerDialog(state, events)
    Scaffold(topBar = { NorochessTopBar(state.title, events::onHome) }) { padding ->
        BoxWithConstraints(Modifier.fillMaxSize().padding(padding)) {
            val screenWidth = maxWidth
            val screenHeight = maxHeight
            if (screenWidth > screenHeight) {
                Row(Modifier.fillMaxSize().padding(8.dp), horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                    Column(Modifier.width(screenHeight - 16.dp)) { Board(state.board, events) }
                    Column(Modifier.weight(1f).verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                        PuzzlePanel(state, events)
                    }
                }
            } else {
                Column(
                    Modifier.fillMaxSize().verticalScroll(rememberScrollState()).padding(8.dp),
                    verticalArrangement = Arrangement.spacedBy(8.dp),
                    horizontalAlignment = Alignment.CenterHorizontally,
                ) {
                    PuzzleHeading(state)
                    Column(Modifier.widthIn(max = minOf(screenWidth, screenHeight * 0.62f))) { Board(state.board, events) }
                    Column(Modifier.widthIn(max = 640.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                        PuzzlePanel(state, events, objective = false)
                    }
                }
            }
        }
    }
}

/** The opponent's move that set the puzzle (the board marks it as the last move), then the objective. */
@Composable
private fun PuzzleHeading(state: PuzzleUi) {
    Column(Modifier.fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(2.dp)) {
        state.opponentMove?.let {
            Text(it, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.testTag("opponent-move"))
        }
        Text(state.objective, style = MaterialTheme.typography.titleMedium, modifier = Modifier.testTag("objective"))
    }
}

/** A move's feedback box: background and text colours, at least 4.5:1 in light and dark mode. */
fun feedbackColours(feedback: Feedback, scheme: ColorScheme): Pair<Color, Color> = when (feedback) {
    // The scheme's error container and its text: the plain error colour is a light pink in dark mode.
    Feedback.WRONG -> scheme.errorContainer to scheme.onErrorContainer
    Feedback.CORRECT, Feedback.SOLVED -> Color(0xFF2E7D32) to Color.White
}

@Composable
private fun PuzzlePanel(state: PuzzleUi, events: PuzzleEvents, objective: Boolean = true) {
    val s = LocalStrings.current
    if (objective) PuzzleHeading(state)
    state.feedback?.let { feedback ->
        val title = when (feedback) {
            Feedback.CORRECT -> s.get(Str.puzzle_correct)
            Feedback.WRONG -> s.get(Str.puzzle_wrong)
            Feedback.SOLVED -> s.get(Str.puzzle_solved)
        }
        val (background, text) = feedbackColours(feedback, MaterialTheme.colorScheme)
        Surface(
            color = background,
            contentColor = text,
            shape = RoundedCornerShape(8.dp),
            modifier = Modifier.fillMaxWidth().testTag("feedback").semantics { liveRegion = LiveRegionMode.Polite },
        ) {
            Column(Modifier.padding(10.dp)) {
                Text(title, style = MaterialTheme.typography.titleMedium)
                state.feedbackText?.let { Text(it) }
            }
        }
    }
    state.hint?.let {
        Surface(color = MaterialTheme.colorScheme.secondaryContainer, shape = RoundedCornerShape(8.dp), modifier = Modifier.fillMaxWidth()) {
            Text(it, Modifier.padding(10.dp).testTag("puzzle-hint"))
        }
    }
    state.notice?.let {
        Surface(color = MaterialTheme.colorScheme.primaryContainer, shape = RoundedCornerShape(8.dp), modifier = Modifier.fillMaxWidth()) {
            Text(it, Modifier.padding(10.dp).testTag("puzzle-notice").semantics { liveRegion = LiveRegionMode.Polite })
        }
    }
    FlowRow(horizontalArrangement = Arrangement.spacedBy(6.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
        FilledTonalButton(onClick = events::onHint, enabled = state.feedback != Feedback.SOLVED) { Text(s.get(Str.action_hint)) }
        FilledTonalButton(onClick = events::onRetry, enabled = state.canRetry) { Text(s.get(Str.action_retry)) }
        FilledTonalButton(onClick = events::onSolution, enabled = state.canShowSolution) { Text(s.get(Str.action_solution)) }
        Button(onClick = events::onNext, enabled = state.canNext) { Text(s.get(Str.action_next)) }
        FilledTonalButton(onClick = events::onMyPuzzles, modifier = Modifier.testTag("my-puzzles")) { Text(s.get(Str.my_puzzles_title)) }
    }
    Text(
        s.get(Str.puzzle_progress, state.solved, state.total) + " · " +
            s.plural(Plu.puzzle_streak, state.streak, state.streak) + " · " +
            s.get(Str.puzzle_best_streak, state.bestStreak),
        style = MaterialTheme.typography.bodyMedium,
        modifier = Modifier.testTag("puzzle-progress"),
    )
    state.rating?.let { Text(it, style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("puzzle-rating")) }
    ChoiceChips(
        s.get(Str.label_puzzles),
        listOf(
            PuzzleSet.ALL to s.get(Str.puzzle_set_all),
            PuzzleSet.EASY to s.get(Str.puzzle_set_easy),
            PuzzleSet.MEDIUM to s.get(Str.puzzle_set_medium),
            PuzzleSet.HARD to s.get(Str.puzzle_set_hard),
            PuzzleSet.DAILY to s.get(Str.puzzle_set_daily),
        ),
        state.set, "set", events::onSet,
    )
    ThemeChooser(state, events)
}

/** The theme Next keeps to, beside the tier: a button opening the picker, and the choice in the app layer's words. */
@Composable
private fun ThemeChooser(state: PuzzleUi, events: PuzzleEvents) {
    val s = LocalStrings.current
    val daily = state.set == PuzzleSet.DAILY
    Column(Modifier.fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(2.dp)) {
        Text(s.get(Str.label_theme), style = MaterialTheme.typography.labelLarge, modifier = Modifier.padding(top = 4.dp))
        OutlinedButton(onClick = { events.onThemeMenu(true) }, enabled = !daily, modifier = Modifier.testTag("theme-menu")) {
            Text(state.themeName ?: s.get(Str.puzzle_theme_any))
            Icon(BarIcons.dropDown, contentDescription = null)
        }
        if (!daily) {
            state.filterText?.let {
                Text(
                    s.get(Str.puzzle_next_from, it),
                    style = MaterialTheme.typography.bodyMedium,
                    modifier = Modifier.testTag("puzzle-filter"),
                )
            }
        }
    }
}

/** The theme picker: any theme, then the chosen tier's themes with their counts and meanings, one to pick. */
@Composable
private fun ThemePickerDialog(state: PuzzleUi, events: PuzzleEvents) {
    val s = LocalStrings.current
    AlertDialog(
        modifier = Modifier.testTag("theme-dialog"),
        onDismissRequest = { events.onThemeMenu(false) },
        title = { Text(state.themeMenuTitle) },
        text = {
            Column(Modifier.verticalScroll(rememberScrollState()).selectableGroup()) {
                ThemeRow(s.get(Str.puzzle_theme_any), null, null, selected = state.theme == null, tag = "theme-any") { events.onTheme(null) }
                for (choice in state.themes) {
                    ThemeRow(
                        choice.name,
                        s.plural(Plu.theme_puzzles, choice.count, choice.count),
                        choice.meaning,
                        selected = state.theme == choice.id,
                        tag = "theme-${choice.id}",
                    ) { events.onTheme(choice.id) }
                }
            }
        },
        confirmButton = {},
        dismissButton = { TextButton(onClick = { events.onThemeMenu(false) }) { Text(s.get(Str.action_cancel)) } },
    )
}

/** One choice of the theme picker: a radio button, the name and count, the meaning under them. */
@Composable
private fun ThemeRow(name: String, count: String?, meaning: String?, selected: Boolean, tag: String, onClick: () -> Unit) {
    Row(
        Modifier.fillMaxWidth()
            .selectable(selected = selected, role = Role.RadioButton, onClick = onClick)
            .padding(vertical = 6.dp)
            .testTag(tag),
        verticalAlignment = Alignment.Top,
    ) {
        RadioButton(selected = selected, onClick = null)
        Column(Modifier.weight(1f).padding(start = 8.dp)) {
            Row {
                Text(name, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.weight(1f))
                count?.let { Text(it, style = MaterialTheme.typography.bodyMedium, color = MaterialTheme.colorScheme.onSurfaceVariant) }
            }
            meaning?.let { Text(it, style = MaterialTheme.typography.bodySmall, color = MaterialTheme.colorScheme.onSurfaceVariant) }
        }
    }
}
