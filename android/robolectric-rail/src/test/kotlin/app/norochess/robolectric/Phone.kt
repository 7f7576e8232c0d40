package app.norochess.robolectric

import androidx.activity.ComponentActivity
import androidx.compose.ui.test.SemanticsNodeInteraction
import androidx.compose.ui.test.junit4.ComposeTestRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onLast
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.lifecycle.ViewModelProvider
import app.norochess.android.AppViewModel
import app.norochess.android.present.AppController
import app.norochess.android.ui.GameUi
import app.norochess.applayer.MoveInfo

/**
 * The test's hands on the phone: the running Activity's [AppController]
 * (read to know what the screen shows, never to act) and taps through the
 * Compose test rule on the real screens.
 */
class Phone(private val rule: ComposeTestRule, private val activity: () -> ComponentActivity) {
    /** The view model's controller of the Activity on screen now. */
    val app: AppController get() = ViewModelProvider(activity())[AppViewModel::class.java].app

    /** The game screen's state. */
    val game: GameUi get() = app.game.value!!.ui.value

    /** The live game's legal moves, from the session. */
    val legalMoves: List<MoveInfo> get() = app.game.value!!.model.state.snapshot.board.legalMoves

    /** A tap on the element tagged [tag], scrolled into view first when it is in a scrolling column. */
    fun click(tag: String) {
        scrollAndTap(rule.onNodeWithTag(tag, useUnmergedTree = true))
    }

    /** A tap on the button that says [text] (the one of the dialog on top, when the screen has one too). */
    fun press(text: String) {
        scrollAndTap(rule.onAllNodesWithText(text).onLast())
    }

    private fun scrollAndTap(node: SemanticsNodeInteraction) {
        try {
            node.performScrollTo()
        } catch (_: AssertionError) {
            // Not in a scrolling container: already on screen.
        }
        node.performClick()
        rule.waitForIdle()
    }

    /** A tap on [square] of the board. */
    fun tap(square: String) {
        rule.onNodeWithTag("square-$square").performClick()
        rule.waitForIdle()
    }

    /** Waits (the main looper runs) until [condition] holds. */
    fun waitUntil(millis: Long = 30_000, condition: () -> Boolean) = rule.waitUntil(millis, condition)

    /** The person's turn, with nothing in flight: the board takes taps. */
    fun awaitTurn() = waitUntil { game.result != null || (game.board.interactive && !game.thinking) }

    /** Plays [move] by two taps (and the picker's first choice when a promotion asks). */
    fun play(move: MoveInfo) {
        val ply = game.lastPly
        tap(move.from)
        check(move.to in game.board.targets) { "no dot on ${move.to} after tapping ${move.from}" }
        tap(move.to)
        game.picker?.let { click("pick-${it.choices.first().piece.kind.letter}") }
        waitUntil(5_000) { game.lastPly > ply || game.result != null }
    }
}

/** A string of the app's strings.xml, as the Activity reads it. */
fun ComponentActivity.text(name: String): String =
    getString(resources.getIdentifier(name, "string", packageName))
