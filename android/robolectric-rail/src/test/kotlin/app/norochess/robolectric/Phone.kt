package app.norochess.robolectric

import android.os.Looper
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
import org.robolectric.Shadows.shadowOf

/**
 * The test's hands on the phone: the running Activity's [AppController]
 * (read to know what the screen shows, never to act) and taps through the
 * Compose test rule on the real screens.
 */
class Phone(private val rule: ComposeTestRule, private val activity: () -> ComponentActivity) {
    /** The view model's controller of the Activity on screen now. */
    val app: AppController get() = ViewModelProvider(activity())[AppViewModel::class.java].app

    /**
     * Whether waiting for the screen to settle also waits for the library's
     * thread (the app's saves and reads); a test of a slow disk turns it off.
     */
    var waitForLibrary = true

    /** Whether the library's thread has nothing queued or running (true once the Activity is gone). */
    private val libraryIdle: Boolean
        get() {
            // A destroyed Activity's view model is gone: asking for it would make a new one.
            val shown = runCatching { activity() }.getOrNull() ?: return true
            return shown.isDestroyed || app.libraryIdle
        }

    /**
     * Waits until the screen has settled: the library's thread has done what
     * was asked (unless [waitForLibrary] is off) and the main looper has run
     * its answers. Robolectric's idling does not see the app's own thread, so
     * the test waits for it here.
     */
    fun settle() {
        if (waitForLibrary) {
            rule.waitUntil(30_000) {
                // The answers the library's thread posts to the main looper run here.
                shadowOf(Looper.getMainLooper()).idle()
                libraryIdle
            }
        }
        rule.waitForIdle()
    }

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
        settle()
    }

    /** A tap on [square] of the board. */
    fun tap(square: String) {
        rule.onNodeWithTag("square-$square").performClick()
        settle()
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
