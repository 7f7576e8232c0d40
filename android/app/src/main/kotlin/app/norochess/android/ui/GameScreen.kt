@file:OptIn(ExperimentalLayoutApi::class, ExperimentalMaterial3Api::class)

package app.norochess.android.ui

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.horizontalScroll
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ExperimentalLayoutApi
import androidx.compose.foundation.layout.FlowRow
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.RowScope
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.heightIn
import androidx.compose.foundation.layout.navigationBars
import androidx.compose.foundation.layout.windowInsetsPadding
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.Spacer
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.lazy.LazyRow
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.lazy.rememberLazyListState
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.material3.TopAppBarDefaults
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.rotate
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.text.style.TextOverflow
import androidx.compose.foundation.border
import androidx.compose.ui.unit.Density
import androidx.compose.ui.unit.dp

/** A player's clock. */
data class ClockUi(val text: String, val running: Boolean, val low: Boolean)

/** One side's bar: name, clock, the pieces this side captured and their points. */
data class PlayerUi(
    val name: String,
    val white: Boolean,
    val captured: List<PieceUi> = emptyList(),
    /** Their capture points, in games where captures score (`null`: none shown, never "+0"). */
    val capturedPoints: Int? = null,
    val clock: ClockUi? = null,
    val toMove: Boolean = false,
    /** Face-to-face: this player sits across the table, so the whole bar is turned toward them. */
    val upsideDown: Boolean = false,
)

/** The Norochess score bar. */
data class ScoreUi(
    val white: Int,
    val black: Int,
    /** The app layer's score bar text: "19 – 15". */
    val text: String,
    /** The app layer's move counter: "Move 31 / 48", or "Overtime 52 / 60" in overtime (null: no move limit). */
    val counter: String? = null,
    /** Regular moves left for the side to move, shown near the end (null: not shown). */
    val movesLeft: Int? = null,
    val overtime: Boolean = false,
)

/**
 * One move in the move list: its SAN, drawn, and its words ([spoken]), read by
 * screen readers instead of the letters; [ply] is the position after it (what a
 * tap reviews), [current] whether that position is on the board (all from the app layer).
 */
data class MoveCell(val san: String, val ply: Int, val spoken: String = san, val current: Boolean = false)
data class MoveRowUi(val number: Int, val white: MoveCell?, val black: MoveCell?)

/** One button of the picker: the piece and its label from the app layer (`Queen (9)`, or `Queen` in chess). */
data class PickerChoiceUi(val piece: PieceUi, val label: String)

/** The promotion / resurrection picker: its title and only the choices the rules allow (all from the app layer). */
data class PickerUi(val title: String, val choices: List<PickerChoiceUi>)

/** Practice mode's verdict on the player's last move: the short line under the board and the whole sentence (what TalkBack reads). */
data class PracticeUi(val headline: String, val text: String)

/** The result sheet. */
data class ResultUi(val headline: String, val reason: String)

/** Everything the game screen shows. */
data class GameUi(
    val title: String,
    val board: BoardUi,
    val top: PlayerUi,
    val bottom: PlayerUi,
    val score: ScoreUi? = null,
    /** "White to move", "Black is thinking…", "Reviewing move 12". */
    val status: String = "",
    val moves: List<MoveRowUi> = emptyList(),
    /** The ply on the board while reviewing (null: live). */
    val reviewPly: Int? = null,
    val lastPly: Int = 0,
    val thinking: Boolean = false,
    val hint: String? = null,
    /** A dethronement or another event to announce. */
    val announcement: String? = null,
    /** The live game's last move in words, for TalkBack ("Black played knight f6, captures bishop"). */
    val spokenMove: String? = null,
    /** Practice mode: the verdict on the player's last move, and whether it is being judged now. */
    val practice: PracticeUi? = null,
    val practiceJudging: Boolean = false,
    val picker: PickerUi? = null,
    val confirmResign: Boolean = false,
    /** The move just chosen would repeat a position a third time and lose: the question's text (play it anyway?). */
    val repetitionQuestion: String? = null,
    /** Pass and play: the side that offered a draw, waiting for the other's answer. */
    val drawOfferedByWhite: Boolean? = null,
    /** Face-to-face: the player who must answer the draw offer sits across, so the dialog is turned toward them. */
    val drawAnswerUpsideDown: Boolean = false,
    /** Face to face: the picker, the resign and repetition questions are turned toward the side to move, across the table. */
    val promptsUpsideDown: Boolean = false,
    val result: ResultUi? = null,
    val showResult: Boolean = false,
    val passAndPlay: Boolean = false,
    val canHint: Boolean = false,
    val canTakeBack: Boolean = false,
    val canResign: Boolean = true,
    val canOfferDraw: Boolean = false,
)

/** What the player does on the game screen. */
interface GameEvents : BoardEvents {
    fun onPick(piece: PieceKind) {}
    fun onPickCancel() {}
    fun onMoveTap(ply: Int) {}
    fun onReviewStep(delta: Int) {}
    fun onLive() {}
    fun onHint() {}
    fun onTakeBack() {}
    fun onResign() {}
    fun onResignAnswer(confirm: Boolean) {}
    fun onRepetitionAnswer(play: Boolean) {}
    fun onOfferDraw() {}
    fun onDrawAnswer(accept: Boolean) {}
    fun onFlip() {}
    fun onRematch() {}
    fun onReview() {}
    /** The game's review in points (the review screen). */
    fun onGameReview() {}
    /** The analysis board at the position on the board. */
    fun onAnalyse() {}
    fun onShare() {}
    fun onHome() {}
}


@Composable
fun GameScreen(state: GameUi, events: GameEvents) {
    val s = LocalStrings.current
    Scaffold(
        topBar = {
            // A bar of its own rather than Material's TopAppBar, whose title gets
            // one line's height: icons for Home and Flip leave the title the width
            // it needs, and at large font scales it takes two lines and the bar grows.
            Surface(color = MaterialTheme.colorScheme.surface) {
                Row(
                    Modifier.fillMaxWidth().windowInsetsPadding(TopAppBarDefaults.windowInsets)
                        .heightIn(min = TopAppBarDefaults.TopAppBarExpandedHeight).padding(horizontal = 4.dp),
                    verticalAlignment = Alignment.CenterVertically,
                ) {
                    IconButton(onClick = events::onHome, modifier = Modifier.testTag("game-home")) {
                        Icon(BarIcons.back, contentDescription = s.get(Str.action_home))
                    }
                    Text(
                        state.title,
                        maxLines = 2,
                        overflow = TextOverflow.Ellipsis,
                        style = MaterialTheme.typography.titleMedium,
                        modifier = Modifier.weight(1f).padding(horizontal = 8.dp, vertical = 4.dp).semantics { heading() },
                    )
                    IconButton(onClick = events::onFlip, modifier = Modifier.testTag("flip")) {
                        Icon(BarIcons.flip, contentDescription = s.get(Str.action_flip))
                    }
                }
            }
        },
        bottomBar = { GameActionBar(state, events) },
    ) { padding ->
        BoxWithConstraints(Modifier.fillMaxSize().padding(padding)) {
            val screenWidth = maxWidth
            val screenHeight = maxHeight
            if (screenWidth > screenHeight) {
                Row(Modifier.fillMaxSize().padding(8.dp), horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                    Column(Modifier.width(screenHeight - 16.dp)) {
                        Board(state.board, events)
                    }
                    // The players stay at the top and bottom, beside their sides of the board.
                    Column(Modifier.weight(1f).fillMaxSize(), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                        PlayerBar(state.top)
                        Column(
                            Modifier.weight(1f).verticalScroll(rememberScrollState()),
                            verticalArrangement = Arrangement.spacedBy(8.dp),
                        ) {
                            GamePanel(state, events)
                        }
                        PlayerBar(state.bottom)
                    }
                }
            } else {
                Column(
                    Modifier.fillMaxSize().verticalScroll(rememberScrollState()).padding(horizontal = 8.dp),
                    verticalArrangement = Arrangement.spacedBy(6.dp),
                    horizontalAlignment = Alignment.CenterHorizontally,
                ) {
                    // Tablets: the board stays within the screen's height.
                    val boardWidth = minOf(screenWidth - 16.dp, screenHeight * 0.62f)
                    Column(Modifier.widthIn(max = boardWidth), verticalArrangement = Arrangement.spacedBy(6.dp)) {
                        PlayerBar(state.top)
                        Board(state.board, events)
                        PlayerBar(state.bottom)
                    }
                    Column(Modifier.widthIn(max = 640.dp), verticalArrangement = Arrangement.spacedBy(6.dp)) {
                        GamePanel(state, events)
                    }
                }
            }
        }
    }
    GameDialogs(state, events)
}


@Composable
private fun GamePanel(state: GameUi, events: GameEvents) {
    val s = LocalStrings.current
    state.score?.let { ScoreBar(it) }
    Row(verticalAlignment = Alignment.CenterVertically) {
        Text(
            state.status,
            style = MaterialTheme.typography.titleMedium,
            modifier = Modifier.weight(1f).testTag("status").semantics { liveRegion = LiveRegionMode.Polite },
        )
        // Not drawn (1 dp beside the status, so nothing moves): a live region TalkBack reads
        // whenever a move is played, the computer's too.
        state.spokenMove?.let { spoken ->
            Box(
                Modifier.size(1.dp).testTag("spoken-move").semantics {
                    contentDescription = spoken
                    liveRegion = LiveRegionMode.Polite
                },
            )
        }
        if (state.thinking) {
            CircularProgressIndicator(
                Modifier.size(20.dp).semantics { contentDescription = s.get(Str.thinking) }.testTag("thinking"),
                strokeWidth = 2.dp,
            )
        }
    }
    if (state.practiceJudging) {
        Text(s.get(Str.practice_judging), style = MaterialTheme.typography.bodyMedium, modifier = Modifier.testTag("practice-judging"))
    } else {
        state.practice?.let { practice ->
            Surface(
                color = MaterialTheme.colorScheme.surfaceVariant,
                shape = RoundedCornerShape(8.dp),
                modifier = Modifier.fillMaxWidth().testTag("practice").semantics(mergeDescendants = true) {
                    contentDescription = practice.text
                    liveRegion = LiveRegionMode.Polite
                },
            ) {
                Text(practice.headline, Modifier.padding(10.dp), style = MaterialTheme.typography.bodyLarge)
            }
        }
    }
    state.announcement?.let { Banner(it, MaterialTheme.colorScheme.tertiaryContainer, "announcement") }
    state.hint?.let { Banner(it, MaterialTheme.colorScheme.secondaryContainer, "hint") }
    MoveList(state, events)
}

/**
 * The game's actions in one bar fixed at the bottom of the screen, never
 * scrolled away (at font scale 2 Resign and Take back were below the fold):
 * review back and forward (and back to the live game), then hint, takeback,
 * draw offer and resign; after the result, rematch and share.
 */
@Composable
private fun GameActionBar(state: GameUi, events: GameEvents) {
    val s = LocalStrings.current
    // The bar's labels grow with the font scale up to 1.5 times: beyond that,
    // five labels a row would break inside words on a phone.
    val density = LocalDensity.current
    CompositionLocalProvider(LocalDensity provides Density(density.density, minOf(density.fontScale, 1.5f))) {
        Surface(color = MaterialTheme.colorScheme.surfaceContainer, modifier = Modifier.testTag("action-bar")) {
            Row(
                Modifier.fillMaxWidth().windowInsetsPadding(WindowInsets.navigationBars).padding(horizontal = 4.dp, vertical = 4.dp),
                horizontalArrangement = Arrangement.spacedBy(2.dp),
                verticalAlignment = Alignment.CenterVertically,
            ) {
                val reviewing = state.reviewPly != null
                // Review steps as arrows (their labels for screen readers), the rest in words.
                Action("◀", state.lastPly > 0 && (state.reviewPly ?: state.lastPly) > 0, s.get(Str.action_back), 0.6f) {
                    events.onReviewStep(-1)
                }
                Action("▶", reviewing, s.get(Str.action_forward), 0.6f) { events.onReviewStep(1) }
                if (reviewing) Action(s.get(Str.action_live), true, onClick = events::onLive)
                if (state.result == null) {
                    if (!state.passAndPlay) Action(s.get(Str.action_hint), state.canHint, onClick = events::onHint)
                    Action(s.get(Str.action_takeback), state.canTakeBack, onClick = events::onTakeBack)
                    if (state.passAndPlay) Action(s.get(Str.action_offer_draw), state.canOfferDraw, onClick = events::onOfferDraw)
                    Action(s.get(Str.action_resign), state.canResign, onClick = events::onResign)
                } else {
                    Action(s.get(Str.action_rematch), true, onClick = events::onRematch)
                    Action(s.get(Str.action_share), true, onClick = events::onShare)
                }
            }
        }
    }
}

/**
 * One action of the bar: a share of its width ([weight]), its label on up
 * to two lines; [spoken] is what a screen reader says when the label is a symbol.
 */
@Composable
private fun RowScope.Action(label: String, enabled: Boolean, spoken: String? = null, weight: Float = 1f, onClick: () -> Unit) {
    TextButton(
        onClick = onClick,
        enabled = enabled,
        modifier = Modifier.weight(weight).heightIn(min = 48.dp)
            .then(if (spoken != null) Modifier.semantics { contentDescription = spoken } else Modifier),
        contentPadding = PaddingValues(horizontal = 2.dp, vertical = 4.dp),
    ) {
        Text(label, maxLines = 2, overflow = TextOverflow.Ellipsis, textAlign = TextAlign.Center, style = MaterialTheme.typography.labelLarge)
    }
}

@Composable
private fun Banner(text: String, colour: Color, tag: String) {
    Surface(color = colour, shape = RoundedCornerShape(8.dp), modifier = Modifier.fillMaxWidth().testTag(tag)) {
        Text(text, Modifier.padding(10.dp).semantics { liveRegion = LiveRegionMode.Polite }, style = MaterialTheme.typography.bodyLarge)
    }
}

/** Both scores large, the move counter, moves left near the end, the overtime badge. */
@Composable
fun ScoreBar(score: ScoreUi) {
    val s = LocalStrings.current
    val final = !score.overtime && score.movesLeft != null
    Surface(
        color = MaterialTheme.colorScheme.surfaceVariant,
        shape = RoundedCornerShape(12.dp),
        modifier = Modifier.fillMaxWidth().testTag("scorebar"),
    ) {
        FlowRow(
            Modifier.padding(horizontal = 12.dp, vertical = 6.dp),
            horizontalArrangement = Arrangement.SpaceBetween,
        ) {
            Text(
                score.text,
                style = MaterialTheme.typography.headlineMedium,
                fontWeight = FontWeight.Bold,
                modifier = Modifier.align(Alignment.CenterVertically)
                    .semantics { contentDescription = s.get(Str.score_description, score.white, score.black) },
            )
            Column(Modifier.align(Alignment.CenterVertically), horizontalAlignment = Alignment.End) {
                val counter = score.counter
                if (score.overtime && counter != null) {
                    Surface(color = MaterialTheme.colorScheme.tertiary, shape = RoundedCornerShape(6.dp)) {
                        Text(
                            counter,
                            color = MaterialTheme.colorScheme.onTertiary,
                            fontWeight = FontWeight.Bold,
                            modifier = Modifier.padding(horizontal = 8.dp, vertical = 2.dp).testTag("overtime"),
                        )
                    }
                } else if (counter != null) {
                    Text(
                        counter,
                        style = MaterialTheme.typography.titleMedium,
                        color = if (final) MaterialTheme.colorScheme.error else Color.Unspecified,
                        fontWeight = if (final) FontWeight.Bold else FontWeight.Normal,
                    )
                }
                score.movesLeft?.takeIf { !score.overtime }?.let {
                    Text(
                        s.plural(Plu.moves_left, it, it),
                        style = MaterialTheme.typography.bodySmall,
                        color = MaterialTheme.colorScheme.error,
                    )
                }
            }
        }
    }
}

/** Name, clock and captured pieces with their points. */
@Composable
fun PlayerBar(player: PlayerUi) {
    val s = LocalStrings.current
    Row(
        Modifier.fillMaxWidth()
            .then(if (player.upsideDown) Modifier.rotate(180f) else Modifier)
            .testTag(if (player.white) "player-white" else "player-black"),
        verticalAlignment = Alignment.CenterVertically,
        horizontalArrangement = Arrangement.spacedBy(6.dp),
    ) {
        Box(
            Modifier.size(14.dp)
                .background(if (player.white) Color(0xFFF5F5F5) else Color(0xFF222222), RoundedCornerShape(7.dp))
                .border(1.dp, Color(0xFF777777), RoundedCornerShape(7.dp)),
        )
        Column(Modifier.weight(1f)) {
            Text(
                player.name,
                style = MaterialTheme.typography.titleSmall,
                fontWeight = if (player.toMove) FontWeight.Bold else FontWeight.Normal,
                maxLines = 1,
            )
            if (player.captured.isNotEmpty()) {
                val names = player.captured.joinToString { pieceName(s, it) }
                // On a fixed light tray: black and white pieces stay readable in dark mode.
                Row(
                    Modifier.horizontalScroll(rememberScrollState())
                        .background(Color(0xFFE3D7C1), RoundedCornerShape(6.dp))
                        .padding(horizontal = 4.dp, vertical = 1.dp)
                        .semantics(mergeDescendants = true) {
                            contentDescription = player.capturedPoints?.let { s.get(Str.captured_description, names, it) }
                                ?: s.get(Str.captured_description_unscored, names)
                        },
                    verticalAlignment = Alignment.CenterVertically,
                ) {
                    for (piece in player.captured) PieceImage(piece, Modifier.size(18.dp))
                    player.capturedPoints?.let { points ->
                        Text(
                            s.get(Str.captured_points, points),
                            style = MaterialTheme.typography.labelMedium,
                            color = Color(0xFF2A2A2A),
                            modifier = Modifier.padding(start = 4.dp),
                        )
                    }
                }
            }
        }
        player.clock?.let { clock ->
            val colours = MaterialTheme.colorScheme
            Surface(
                color = when {
                    clock.low -> colours.errorContainer
                    clock.running -> colours.primaryContainer
                    else -> colours.surfaceVariant
                },
                shape = RoundedCornerShape(8.dp),
                modifier = Modifier.testTag(if (player.white) "clock-white" else "clock-black"),
            ) {
                Text(
                    clock.text,
                    style = MaterialTheme.typography.titleLarge,
                    fontWeight = if (clock.running) FontWeight.Bold else FontWeight.Normal,
                    color = if (clock.low) colours.onErrorContainer else colours.onSurface,
                    modifier = Modifier.padding(horizontal = 10.dp, vertical = 2.dp).semantics {
                        contentDescription = s.get(if (clock.low) Str.clock_low_description else Str.clock_description, clock.text)
                    },
                )
            }
        }
    }
}

/** The move list in SAN, scrolled to the move on the board; tapping a move reviews the position after it. */
@Composable
private fun MoveList(state: GameUi, events: GameEvents) {
    val list = rememberLazyListState()
    val currentRow = state.moves.indexOfFirst { it.white?.current == true || it.black?.current == true }
    LaunchedEffect(state.moves.size, currentRow) { if (currentRow >= 0) list.animateScrollToItem(currentRow) }
    if (state.moves.isEmpty()) {
        Text(LocalStrings.current.get(Str.no_moves_yet), style = MaterialTheme.typography.bodyMedium)
        return
    }
    LazyRow(
        state = list,
        modifier = Modifier.fillMaxWidth().testTag("moves"),
        horizontalArrangement = Arrangement.spacedBy(2.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        items(state.moves, key = { it.number }) { row ->
            Row(verticalAlignment = Alignment.CenterVertically) {
                // Each move's words already say its number: the number is not read twice.
                Text("${row.number}.", style = MaterialTheme.typography.bodyMedium, modifier = Modifier.padding(start = 6.dp).clearAndSetSemantics {})
                for (cell in listOfNotNull(row.white, row.black)) {
                    val here = cell.current
                    Text(
                        cell.san,
                        style = MaterialTheme.typography.bodyMedium,
                        fontWeight = if (here) FontWeight.Bold else FontWeight.Normal,
                        modifier = Modifier
                            .background(if (here) MaterialTheme.colorScheme.primaryContainer else Color.Transparent, RoundedCornerShape(4.dp))
                            .clickable { events.onMoveTap(cell.ply) }
                            .semantics {
                                contentDescription = cell.spoken
                                selected = here
                            }
                            .padding(horizontal = 4.dp, vertical = 2.dp)
                            .testTag("move-${cell.ply}"),
                    )
                }
            }
        }
    }
}

@Composable
private fun GameDialogs(state: GameUi, events: GameEvents) {
    val s = LocalStrings.current
    // Face to face, what the side to move is asked faces it across the table.
    val facing = if (state.promptsUpsideDown) Modifier.rotate(180f) else Modifier
    state.picker?.let { PiecePickerDialog(it, events::onPick, events::onPickCancel, facing) }
    if (state.confirmResign) {
        AlertDialog(
            modifier = facing.testTag("resign-dialog"),
            onDismissRequest = { events.onResignAnswer(false) },
            title = { Text(s.get(Str.resign_title)) },
            text = { Text(s.get(Str.resign_text)) },
            confirmButton = { Button(onClick = { events.onResignAnswer(true) }) { Text(s.get(Str.action_resign)) } },
            dismissButton = { TextButton(onClick = { events.onResignAnswer(false) }) { Text(s.get(Str.action_cancel)) } },
        )
    }
    state.repetitionQuestion?.let { question ->
        AlertDialog(
            modifier = facing,
            onDismissRequest = { events.onRepetitionAnswer(false) },
            title = { Text(s.get(Str.repetition_title)) },
            text = { Text(question) },
            confirmButton = {
                Button(onClick = { events.onRepetitionAnswer(true) }, modifier = Modifier.testTag("repetition-play")) {
                    Text(s.get(Str.action_play_anyway))
                }
            },
            dismissButton = {
                TextButton(onClick = { events.onRepetitionAnswer(false) }, modifier = Modifier.testTag("repetition-cancel")) {
                    Text(s.get(Str.action_cancel))
                }
            },
        )
    }
    state.drawOfferedByWhite?.let { white ->
        AlertDialog(
            modifier = (if (state.drawAnswerUpsideDown) Modifier.rotate(180f) else Modifier).testTag("draw-offer"),
            onDismissRequest = { events.onDrawAnswer(false) },
            title = { Text(s.get(if (white) Str.draw_offer_white else Str.draw_offer_black)) },
            text = { Text(s.get(Str.draw_offer_text)) },
            confirmButton = { Button(onClick = { events.onDrawAnswer(true) }) { Text(s.get(Str.action_accept)) } },
            dismissButton = { TextButton(onClick = { events.onDrawAnswer(false) }) { Text(s.get(Str.action_decline)) } },
        )
    }
    val result = state.result
    if (result != null && state.showResult) {
        AlertDialog(
            onDismissRequest = events::onReview,
            title = {
                Text(
                    result.headline,
                    textAlign = TextAlign.Center,
                    modifier = Modifier.fillMaxWidth().semantics { heading() }.testTag("result-headline"),
                )
            },
            text = {
                Column(horizontalAlignment = Alignment.CenterHorizontally, modifier = Modifier.fillMaxWidth()) {
                    Text(result.reason, textAlign = TextAlign.Center, modifier = Modifier.testTag("result-reason"))
                }
            },
            confirmButton = {
                FlowRow(horizontalArrangement = Arrangement.spacedBy(4.dp)) {
                    TextButton(onClick = events::onHome) { Text(s.get(Str.action_home)) }
                    TextButton(onClick = events::onShare) { Text(s.get(Str.action_share)) }
                    TextButton(onClick = events::onReview) { Text(s.get(Str.action_review)) }
                    TextButton(onClick = events::onGameReview, modifier = Modifier.testTag("result-game-review")) { Text(s.get(Str.action_game_review)) }
                    TextButton(onClick = events::onAnalyse, modifier = Modifier.testTag("result-analyse")) { Text(s.get(Str.action_analyse)) }
                    Button(onClick = events::onRematch) { Text(s.get(Str.action_rematch)) }
                }
            },
        )
    }
}

/** The promotion / resurrection picker, on the game and the puzzle screens: one button per choice, named by its label. */
@Composable
fun PiecePickerDialog(picker: PickerUi, onPick: (PieceKind) -> Unit, onCancel: () -> Unit, modifier: Modifier = Modifier) {
    val s = LocalStrings.current
    AlertDialog(
        modifier = modifier.testTag("picker-dialog"),
        onDismissRequest = onCancel,
        title = { Text(picker.title) },
        text = {
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                for (choice in picker.choices) {
                    Surface(
                        onClick = { onPick(choice.piece.kind) },
                        shape = RoundedCornerShape(8.dp),
                        color = Color(0xFFB58863),
                        modifier = Modifier.size(56.dp).semantics { contentDescription = choice.label }
                            .testTag("pick-${choice.piece.kind.letter}"),
                    ) {
                        PieceImage(choice.piece, Modifier.padding(4.dp).fillMaxSize())
                    }
                }
            }
        },
        confirmButton = {},
        dismissButton = { TextButton(onClick = onCancel) { Text(s.get(Str.action_cancel)) } },
    )
}
