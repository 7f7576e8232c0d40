@file:OptIn(ExperimentalLayoutApi::class)

package app.norochess.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.unit.dp

/** One option of a game (Improved chess's zone), as the core lists it: id, name and its values (id to label). */
data class GameOptionUi(
    val id: String,
    val name: String,
    val choices: List<Pair<String, String>>,
)

/** A game of the menu, as the core lists it. */
data class GameChoice(
    val id: String,
    val name: String,
    val tenByTen: Boolean = false,
    /** Games with numbered starts (Norochess960): how many (0 until this), typed or random. */
    val startNumbers: Int? = null,
    /** The game's options, drawn as the core gives them. */
    val options: List<GameOptionUi> = emptyList(),
)

enum class Opponent { COMPUTER, FRIEND }
enum class ColourChoice { WHITE, BLACK, RANDOM }
enum class BoardMode { FIXED, AUTO_FLIP, FACE_TO_FACE }

/** The new-game form. */
data class NewGameUi(
    val games: List<GameChoice>,
    val gameId: String,
    /** Norochess960's start number as typed ("" = random). */
    val startNumber: String = "",
    /** The chosen value id of each option by option id; an option not here takes its first (default) value. */
    val optionValues: Map<String, String> = emptyMap(),
    val opponent: Opponent = Opponent.COMPUTER,
    /** The computer's levels, weakest first (the app layer's). */
    val levels: List<Int>,
    val level: Int = 4,
    val colour: ColourChoice = ColourChoice.WHITE,
    val whiteName: String = "",
    val blackName: String = "",
    /** Clock presets by id and name; "" is no clock. */
    val clocks: List<Pair<String, String>> = emptyList(),
    val clockId: String = "",
    val boardMode: BoardMode = BoardMode.AUTO_FLIP,
) {
    val game: GameChoice get() = games.first { it.id == gameId }
}

data class HomeUi(
    /** The unfinished game ("Norochess against the computer, move 12"), if any. */
    val continueText: String? = null,
    val newGame: NewGameUi,
    /** "Puzzles solved: 12 of 320 · streak 3". */
    val puzzleText: String? = null,
)

interface HomeEvents {
    fun onContinue() {}
    fun onNewGame(form: NewGameUi) {}
    fun onStart() {}
    fun onPuzzles() {}
    fun onGames() {}
    fun onStats() {}
    fun onRules() {}
    /** The position editor, on the form's game. */
    fun onEditor() {}
    fun onSettings() {}
}

@Composable
fun HomeScreen(state: HomeUi, events: HomeEvents) {
    val s = LocalStrings.current
    Scaffold(topBar = { NorochessTopBar(s.get(Str.app_name), null) }) { padding ->
        Column(
            Modifier.fillMaxSize().padding(padding).verticalScroll(rememberScrollState()).padding(12.dp),
            horizontalAlignment = Alignment.CenterHorizontally,
        ) {
            Column(Modifier.widthIn(max = 640.dp).fillMaxWidth(), verticalArrangement = Arrangement.spacedBy(10.dp)) {
                state.continueText?.let { text ->
                    Card(Modifier.fillMaxWidth()) {
                        Column(Modifier.padding(12.dp).fillMaxWidth(), horizontalAlignment = Alignment.End) {
                            Text(text, Modifier.fillMaxWidth(), style = MaterialTheme.typography.bodyLarge)
                            Button(onClick = events::onContinue, modifier = Modifier.testTag("continue")) {
                                Text(s.get(Str.action_continue))
                            }
                        }
                    }
                }
                NewGameCard(state.newGame, events)
                // Puzzles, Games, Statistics and Settings are in the navigation bar; the rules from here.
                FlowRow(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    FilledTonalButton(onClick = events::onRules, modifier = Modifier.testTag("nav-rules")) { Text(s.get(Str.nav_rules)) }
                    FilledTonalButton(onClick = events::onEditor, modifier = Modifier.testTag("nav-editor")) { Text(s.get(Str.action_set_up_position)) }
                }
                state.puzzleText?.let { Text(it, style = MaterialTheme.typography.bodyMedium) }
            }
        }
    }
}

@Composable
private fun NewGameCard(form: NewGameUi, events: HomeEvents) {
    val s = LocalStrings.current
    Card(Modifier.fillMaxWidth()) {
        Column(Modifier.padding(12.dp), verticalArrangement = Arrangement.spacedBy(4.dp)) {
            SectionTitle(s.get(Str.new_game))
            ChoiceChips(s.get(Str.label_game), form.games.map { it.id to it.name }, form.gameId, "game") {
                events.onNewGame(form.copy(gameId = it))
            }
            val game = form.game
            if (game.startNumbers != null) {
                OutlinedTextField(
                    value = form.startNumber,
                    onValueChange = { text -> events.onNewGame(form.copy(startNumber = text.filter(Char::isDigit).take(3))) },
                    label = { Text(s.get(Str.label_start_number, game.startNumbers - 1)) },
                    placeholder = { Text(s.get(Str.start_number_random)) },
                    singleLine = true,
                    modifier = Modifier.fillMaxWidth().testTag("start-number"),
                )
            }
            for (option in game.options) {
                val chosen = form.optionValues[option.id] ?: option.choices.first().first
                ChoiceChips(option.name, option.choices, chosen, option.id) {
                    events.onNewGame(form.copy(optionValues = form.optionValues + (option.id to it)))
                }
            }
            ChoiceChips(
                s.get(Str.label_opponent),
                listOf(Opponent.COMPUTER to s.get(Str.opponent_computer), Opponent.FRIEND to s.get(Str.opponent_friend)),
                form.opponent, "opponent",
            ) { events.onNewGame(form.copy(opponent = it)) }
            if (form.opponent == Opponent.COMPUTER) {
                ChoiceChips(s.get(Str.label_level), form.levels.map { it to "$it" }, form.level, "level") {
                    events.onNewGame(form.copy(level = it))
                }
                ChoiceChips(
                    s.get(Str.label_colour),
                    listOf(
                        ColourChoice.WHITE to s.get(Str.colour_white),
                        ColourChoice.BLACK to s.get(Str.colour_black),
                        ColourChoice.RANDOM to s.get(Str.colour_random),
                    ),
                    form.colour, "colour",
                ) { events.onNewGame(form.copy(colour = it)) }
            } else {
                OutlinedTextField(
                    value = form.whiteName,
                    onValueChange = { events.onNewGame(form.copy(whiteName = it)) },
                    label = { Text(s.get(Str.label_white_name)) },
                    singleLine = true,
                    modifier = Modifier.fillMaxWidth().testTag("white-name"),
                )
                OutlinedTextField(
                    value = form.blackName,
                    onValueChange = { events.onNewGame(form.copy(blackName = it)) },
                    label = { Text(s.get(Str.label_black_name)) },
                    singleLine = true,
                    modifier = Modifier.fillMaxWidth().testTag("black-name"),
                )
                ChoiceChips(
                    s.get(Str.label_board_mode),
                    listOf(
                        BoardMode.AUTO_FLIP to s.get(Str.board_mode_auto_flip),
                        BoardMode.FACE_TO_FACE to s.get(Str.board_mode_face_to_face),
                        BoardMode.FIXED to s.get(Str.board_mode_fixed),
                    ),
                    form.boardMode, "board-mode",
                ) { events.onNewGame(form.copy(boardMode = it)) }
            }
            ChoiceChips(s.get(Str.label_clock), listOf("" to s.get(Str.clock_none)) + form.clocks, form.clockId, "clock") {
                events.onNewGame(form.copy(clockId = it))
            }
            Button(onClick = events::onStart, modifier = Modifier.fillMaxWidth().padding(top = 8.dp).testTag("start")) {
                Text(s.get(Str.action_start))
            }
        }
    }
}
