@file:OptIn(ExperimentalMaterial3Api::class, ExperimentalLayoutApi::class)

package app.norochess.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.height
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.Card
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.ListItem
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Slider
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import app.norochess.core.RuleBlock
import app.norochess.core.RulePage
import app.norochess.core.rulePage
import app.norochess.core.variants
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.dp

// ---------------------------------------------------------------- Games

/** The library's own filters: finished or not, against the computer or a friend. */
enum class GamesFilter { ALL, UNFINISHED, FINISHED, COMPUTER, FRIEND }

data class GameRowUi(
    val id: Long,
    /** The app layer's title: "Norochess · vs the computer (level 4), you played white". */
    val title: String,
    val date: String,
    /** The app layer's result line: "Black wins 33–38 · resignation" or "Unfinished, move 12, 5–3". */
    val result: String,
)

data class GamesUi(
    val filter: GamesFilter = GamesFilter.ALL,
    val games: List<GameRowUi> = emptyList(),
    /** The game whose deletion waits for confirmation. */
    val confirmDelete: Long? = null,
)

interface GamesEvents {
    fun onFilter(filter: GamesFilter) {}
    fun onOpen(id: Long) {}
    fun onShare(id: Long) {}
    fun onDelete(id: Long) {}
    fun onDeleteAnswer(confirm: Boolean) {}
    /** The game's review (a finished or unfinished game). */
    fun onReviewGame(id: Long) {}
    fun onHome() {}
}

@Composable
fun GamesScreen(state: GamesUi, events: GamesEvents) {
    val s = LocalStrings.current
    Scaffold(topBar = { NorochessTopBar(s.get(Str.nav_games), events::onHome) }) { padding ->
        Column(Modifier.fillMaxSize().padding(padding).padding(horizontal = 12.dp)) {
            ChoiceChips(
                s.get(Str.label_show),
                listOf(
                    GamesFilter.ALL to s.get(Str.filter_all),
                    GamesFilter.UNFINISHED to s.get(Str.filter_unfinished),
                    GamesFilter.FINISHED to s.get(Str.filter_finished),
                    GamesFilter.COMPUTER to s.get(Str.filter_computer),
                    GamesFilter.FRIEND to s.get(Str.filter_friend),
                ),
                state.filter, "filter", events::onFilter,
            )
            if (state.games.isEmpty()) {
                Text(s.get(Str.games_empty), Modifier.padding(vertical = 24.dp), style = MaterialTheme.typography.bodyLarge)
            }
            LazyColumn(Modifier.fillMaxWidth()) {
                items(state.games, key = { it.id }) { game ->
                    ListItem(
                        headlineContent = { Text(game.title) },
                        supportingContent = { Text("${game.result}\n${game.date}") },
                        trailingContent = {
                            Row {
                                TextButton(onClick = { events.onShare(game.id) }) { Text(s.get(Str.action_share)) }
                                TextButton(onClick = { events.onDelete(game.id) }, modifier = Modifier.testTag("delete-${game.id}")) {
                                    Text(s.get(Str.action_delete))
                                }
                            }
                        },
                        modifier = Modifier.testTag("game-${game.id}").semantics(mergeDescendants = false) {},
                    )
                    Row(Modifier.padding(start = 16.dp)) {
                        TextButton(onClick = { events.onOpen(game.id) }, modifier = Modifier.testTag("open-${game.id}")) {
                            Text(s.get(Str.action_replay))
                        }
                        TextButton(onClick = { events.onReviewGame(game.id) }, modifier = Modifier.testTag("review-${game.id}")) {
                            Text(s.get(Str.action_game_review))
                        }
                    }
                    HorizontalDivider()
                }
            }
        }
    }
    state.confirmDelete?.let {
        AlertDialog(
            onDismissRequest = { events.onDeleteAnswer(false) },
            title = { Text(s.get(Str.delete_title)) },
            text = { Text(s.get(Str.delete_text)) },
            confirmButton = { Button(onClick = { events.onDeleteAnswer(true) }) { Text(s.get(Str.action_delete)) } },
            dismissButton = { TextButton(onClick = { events.onDeleteAnswer(false) }) { Text(s.get(Str.action_cancel)) } },
        )
    }
}

// ---------------------------------------------------------------- Statistics

data class StatsRowUi(val label: String, val wins: Int, val draws: Int, val losses: Int, val differential: Int)

data class StatsUi(
    val rows: List<StatsRowUi> = emptyList(),
    val puzzlesSolved: Int = 0,
    val puzzleRating: Int? = null,
    val puzzleDeviation: Int = 0,
    /** The player's rating after each rated attempt, oldest first. */
    val ratingHistory: List<Int> = emptyList(),
    val bestStreak: Int = 0,
    /** "Norochess · against level 4 · 1-0 · 41–12" */
    val bestWin: String? = null,
    /** The reviews summed up (the app layer's text: accuracy, points lost per move, or that none is reviewed yet). */
    val reviewText: String? = null,
)

@Composable
fun StatsScreen(state: StatsUi, onHome: () -> Unit) {
    val s = LocalStrings.current
    Scaffold(topBar = { NorochessTopBar(s.get(Str.nav_stats), onHome) }) { padding ->
        Column(
            Modifier.fillMaxSize().padding(padding).verticalScroll(rememberScrollState()).padding(12.dp),
            verticalArrangement = Arrangement.spacedBy(8.dp),
        ) {
            if (state.rows.isEmpty()) Text(s.get(Str.stats_empty), style = MaterialTheme.typography.bodyLarge)
            for (row in state.rows) {
                Card(Modifier.fillMaxWidth().widthIn(max = 640.dp)) {
                    Column(Modifier.padding(12.dp)) {
                        Text(row.label, style = MaterialTheme.typography.titleMedium)
                        FlowRow(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.SpaceBetween) {
                            // The three numbers with their legend under them ("won / drawn / lost").
                            Column(
                                Modifier.align(Alignment.CenterVertically).semantics(mergeDescendants = true) {
                                    contentDescription = s.get(Str.stats_wdl_description, row.wins, row.draws, row.losses)
                                },
                            ) {
                                Text(
                                    s.get(Str.stats_wdl, row.wins, row.draws, row.losses),
                                    style = MaterialTheme.typography.headlineSmall,
                                    fontWeight = FontWeight.Bold,
                                )
                                Text(
                                    s.get(Str.stats_wdl_legend),
                                    style = MaterialTheme.typography.labelMedium,
                                    color = MaterialTheme.colorScheme.onSurfaceVariant,
                                )
                            }
                            Text(
                                s.get(Str.stats_differential, signed(row.differential)),
                                style = MaterialTheme.typography.titleMedium,
                                modifier = Modifier.align(Alignment.CenterVertically),
                            )
                        }
                    }
                }
            }
            state.bestWin?.let { Text(s.get(Str.stats_best_win, it), style = MaterialTheme.typography.bodyLarge) }
            state.reviewText?.let {
                SectionTitle(s.get(Str.stats_review))
                Text(it, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.testTag("stats-review"))
            }
            SectionTitle(s.get(Str.nav_puzzles))
            Text(s.plural(Plu.puzzles_solved, state.puzzlesSolved, state.puzzlesSolved))
            state.puzzleRating?.let { Text(s.get(Str.puzzle_rating_deviation, it, state.puzzleDeviation), style = MaterialTheme.typography.titleMedium) }
            if (state.ratingHistory.size >= 2) RatingChart(state.ratingHistory)
            Text(s.get(Str.stats_best_streak, state.bestStreak))
        }
    }
}

/**
 * The puzzle rating after each attempt, as a line, with its axes: the
 * highest and lowest rating at the left, the first and the last attempt
 * under it.
 */
@Composable
private fun RatingChart(points: List<Int>) {
    val s = LocalStrings.current
    val colour = MaterialTheme.colorScheme.primary
    val grid = MaterialTheme.colorScheme.outlineVariant
    val ink = MaterialTheme.colorScheme.onSurfaceVariant
    val measurer = rememberTextMeasurer()
    val labelStyle = MaterialTheme.typography.labelSmall.copy(color = ink)
    val description = s.get(Str.rating_history_description, points.size, points.first(), points.last())
    val lastAttempt = s.get(Str.rating_axis_attempt, points.size)
    val firstAttempt = s.get(Str.rating_axis_attempt, 1)
    Canvas(Modifier.fillMaxWidth().widthIn(max = 640.dp).height(140.dp).semantics { contentDescription = description }.testTag("rating-chart")) {
        val highest = points.max()
        val lowest = points.min()
        val low = lowest - 20
        val high = highest + 20
        val top = measurer.measure("$highest", labelStyle)
        val bottom = measurer.measure("$lowest", labelStyle)
        val left = maxOf(top.size.width, bottom.size.width) + 6f
        val under = measurer.measure(lastAttempt, labelStyle)
        val plotHeight = size.height - under.size.height - 4f
        fun y(r: Int) = plotHeight * (1f - (r - low).toFloat() / (high - low))
        // Axes, and the two ratings they are labelled with.
        drawLine(grid, Offset(left, 0f), Offset(left, plotHeight), strokeWidth = 2f)
        drawLine(grid, Offset(left, plotHeight), Offset(size.width, plotHeight), strokeWidth = 2f)
        drawText(top, topLeft = Offset(0f, (y(highest) - top.size.height / 2f).coerceAtLeast(0f)))
        drawText(bottom, topLeft = Offset(0f, (y(lowest) - bottom.size.height / 2f).coerceAtMost(plotHeight - bottom.size.height)))
        drawText(measurer.measure(firstAttempt, labelStyle), topLeft = Offset(left, plotHeight + 4f))
        drawText(under, topLeft = Offset(size.width - under.size.width, plotHeight + 4f))
        val step = (size.width - left) / (points.size - 1)
        for (i in 1 until points.size) {
            drawLine(
                colour, Offset(left + (i - 1) * step, y(points[i - 1])), Offset(left + i * step, y(points[i])),
                strokeWidth = 5f, cap = StrokeCap.Round,
            )
        }
    }
}

private fun signed(n: Int) = if (n > 0) "+$n" else if (n < 0) "\u2212${-n}" else "0"

// ---------------------------------------------------------------- Rules

/**
 * The Rules screen: every game of the core's table with its rule page
 * (`rulePage`, the rule book of `docs/rules/`), so a new game needs no
 * change here and the terminal and iOS show the same words.
 */
@Composable
fun RulesScreen(pages: List<RulePage>, selected: Int, onSelect: (Int) -> Unit, onHome: () -> Unit) {
    val s = LocalStrings.current
    Scaffold(topBar = { NorochessTopBar(s.get(Str.nav_rules), onHome) }) { padding ->
        Column(Modifier.fillMaxSize().padding(padding).verticalScroll(rememberScrollState()).padding(12.dp)) {
            ChoiceChips(s.get(Str.label_game), pages.indices.map { it to pages[it].title }, selected, "rules", onSelect)
            val page = pages.getOrNull(selected) ?: return@Column
            SectionTitle(page.title)
            RuleText(page.summary)
            for (section in page.sections) {
                Text(
                    section.heading,
                    style = MaterialTheme.typography.titleMedium,
                    modifier = Modifier.padding(top = 12.dp, bottom = 2.dp).semantics { heading() },
                )
                for (block in section.blocks) RuleBlockView(block)
            }
        }
    }
}

@Composable
private fun RuleText(text: String) {
    Text(text, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.padding(vertical = 4.dp).widthIn(max = 640.dp))
}

@Composable
private fun RuleBlockView(block: RuleBlock) {
    when (block) {
        is RuleBlock.Paragraph -> RuleText(block.text)
        is RuleBlock.Bullets -> for (item in block.items) {
            Row(Modifier.padding(vertical = 2.dp).widthIn(max = 640.dp)) {
                Text("\u2022", style = MaterialTheme.typography.bodyLarge, modifier = Modifier.padding(end = 8.dp))
                Text(item, style = MaterialTheme.typography.bodyLarge)
            }
        }
        is RuleBlock.Table -> Column(Modifier.padding(vertical = 4.dp).widthIn(max = 360.dp)) {
            for ((index, row) in (listOf(block.header) + block.rows).withIndex()) {
                Row(Modifier.fillMaxWidth().padding(vertical = 2.dp)) {
                    for (cell in row) {
                        Text(
                            cell,
                            style = if (index == 0) MaterialTheme.typography.labelLarge else MaterialTheme.typography.bodyLarge,
                            modifier = Modifier.weight(1f),
                        )
                    }
                }
                if (index == 0) HorizontalDivider()
            }
        }
    }
}

// ---------------------------------------------------------------- Settings

data class SettingsUi(
    val theme: BoardTheme = BoardTheme.BROWN,
    val letters: Boolean = false,
    val playerName: String = "",
    val coordinates: Boolean = true,
    val legalDots: Boolean = true,
    val autoFlip: Boolean = true,
    val confirmResign: Boolean = true,
    val confirmRepetition: Boolean = true,
    val sounds: Boolean = true,
    val haptics: Boolean = true,
    val hints: Boolean = true,
    /** Practice mode: after each of the player's moves against the computer, its mark and the points it cost. */
    val practice: Boolean = false,
    val defaultLevel: Int = 4,
    /** The computer's levels, weakest first (the app layer's). */
    val levels: List<Int>,
    /** Clock presets by id and name; "" is no clock. */
    val clocks: List<Pair<String, String>> = emptyList(),
    val defaultClock: String = "",
)

@Composable
fun SettingsScreen(state: SettingsUi, onChange: (SettingsUi) -> Unit, onHome: () -> Unit) {
    val s = LocalStrings.current
    Scaffold(topBar = { NorochessTopBar(s.get(Str.nav_settings), onHome) }) { padding ->
        Column(Modifier.fillMaxSize().padding(padding).verticalScroll(rememberScrollState()).padding(12.dp)) {
            ChoiceChips(
                s.get(Str.label_board_theme),
                listOf(
                    BoardTheme.BROWN to s.get(Str.theme_brown),
                    BoardTheme.GREEN to s.get(Str.theme_green),
                    BoardTheme.BLUE to s.get(Str.theme_blue),
                    BoardTheme.GREY to s.get(Str.theme_grey),
                ),
                state.theme, "theme",
            ) { onChange(state.copy(theme = it)) }
            ChoiceChips(
                s.get(Str.label_piece_style),
                listOf(false to s.get(Str.piece_style_drawn), true to s.get(Str.piece_style_letters)),
                state.letters, "piece-style",
            ) { onChange(state.copy(letters = it)) }
            OutlinedTextField(
                value = state.playerName,
                onValueChange = { onChange(state.copy(playerName = it)) },
                label = { Text(s.get(Str.setting_player_name)) },
                singleLine = true,
                modifier = Modifier.fillMaxWidth().padding(vertical = 4.dp).testTag("player-name"),
            )
            Toggle(s.get(Str.setting_coordinates), state.coordinates, "coordinates") { onChange(state.copy(coordinates = it)) }
            Toggle(s.get(Str.setting_legal_dots), state.legalDots, "dots") { onChange(state.copy(legalDots = it)) }
            Toggle(s.get(Str.setting_auto_flip), state.autoFlip, "auto-flip") { onChange(state.copy(autoFlip = it)) }
            Toggle(s.get(Str.setting_confirm_resign), state.confirmResign, "confirm-resign") { onChange(state.copy(confirmResign = it)) }
            Toggle(s.get(Str.setting_confirm_repetition), state.confirmRepetition, "confirm-repetition") { onChange(state.copy(confirmRepetition = it)) }
            Toggle(s.get(Str.setting_hints), state.hints, "hints") { onChange(state.copy(hints = it)) }
            Toggle(s.get(Str.setting_practice), state.practice, "practice") { onChange(state.copy(practice = it)) }
            Toggle(s.get(Str.setting_sounds), state.sounds, "sounds") { onChange(state.copy(sounds = it)) }
            Toggle(s.get(Str.setting_haptics), state.haptics, "haptics") { onChange(state.copy(haptics = it)) }
            Text(s.get(Str.setting_default_level, state.defaultLevel), style = MaterialTheme.typography.labelLarge, modifier = Modifier.padding(top = 8.dp))
            Slider(
                value = state.defaultLevel.toFloat(),
                onValueChange = { onChange(state.copy(defaultLevel = it.toInt())) },
                valueRange = state.levels.first().toFloat()..state.levels.last().toFloat(),
                steps = (state.levels.size - 2).coerceAtLeast(0),
                modifier = Modifier.testTag("default-level"),
            )
            ChoiceChips(s.get(Str.setting_default_clock), listOf("" to s.get(Str.clock_none)) + state.clocks, state.defaultClock, "default-clock") {
                onChange(state.copy(defaultClock = it))
            }
            Text(s.get(Str.setting_dark_mode_note), style = MaterialTheme.typography.bodySmall, modifier = Modifier.padding(top = 12.dp))
        }
    }
}

@Composable
private fun Toggle(label: String, checked: Boolean, tag: String, onChange: (Boolean) -> Unit) {
    Row(Modifier.fillMaxWidth().padding(vertical = 2.dp), verticalAlignment = Alignment.CenterVertically) {
        Text(label, Modifier.weight(1f), style = MaterialTheme.typography.bodyLarge)
        Switch(checked = checked, onCheckedChange = onChange, modifier = Modifier.testTag("setting-$tag").semantics { contentDescription = label })
    }
}

/**
 * The rule page of every game of the menu, in menu order, from the core. A
 * page the core cannot give (never for a game of its own menu) is left out
 * rather than crashing the screen.
 */
fun rulePages(): List<RulePage> = variants().mapNotNull { runCatching { rulePage(it.id) }.getOrNull() }
