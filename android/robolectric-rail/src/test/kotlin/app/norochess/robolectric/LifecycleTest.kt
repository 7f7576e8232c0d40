package app.norochess.robolectric

import android.os.Bundle
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.junit4.createEmptyComposeRule
import androidx.compose.ui.test.onNodeWithTag
import app.norochess.android.MainActivity
import app.norochess.android.present.Screen
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.android.controller.ActivityController

/**
 * The Activity's life on a phone: killed in the background and restored
 * from its saved state, closed and started again, and system back.
 */
@RunWith(RobolectricTestRunner::class)
class LifecycleTest {
    @get:Rule val rule = createEmptyComposeRule()

    private fun start(saved: Bundle? = null): ActivityController<MainActivity> =
        Robolectric.buildActivity(MainActivity::class.java)
            .let { if (saved == null) it.setup() else it.setup(saved) }
            .also { rule.waitForIdle() }

    /** A game against level 1 with two moves of each side, on [phone]; its board. */
    private fun twoMoves(phone: Phone): Map<String, *> {
        phone.click("level-1")
        phone.click("start")
        repeat(2) {
            phone.awaitTurn()
            phone.play(phone.legalMoves.first())
        }
        phone.waitUntil { phone.game.lastPly == 4 && !phone.game.thinking }
        return phone.game.board.pieces
    }

    /** Everything the process had is gone: the view model and its library handle too. */
    private fun kill(activity: ActivityController<MainActivity>, saved: Bundle? = null) {
        saved?.let { activity.saveInstanceState(it) }
        activity.pause().stop().destroy()
    }

    @Test
    fun afterProcessDeathTheGameOnScreenComesBackAsItWas() {
        val first = start()
        val phone = Phone(rule) { first.get() }
        val pieces = twoMoves(phone)
        val saved = Bundle()
        kill(first, saved)

        val second = start(saved)
        val again = Phone(rule) { second.get() }
        again.waitUntil { again.app.screen.value == Screen.GAME }
        assertEquals(4, again.game.lastPly)
        assertEquals(pieces, again.game.board.pieces)
        kill(second)
    }

    @Test
    fun closedAndStartedAgainContinueResumesTheExactPosition() {
        val first = start()
        val pieces = twoMoves(Phone(rule) { first.get() })
        kill(first)

        val second = start()
        val again = Phone(rule) { second.get() }
        assertEquals(Screen.HOME, again.app.screen.value)
        rule.onNodeWithTag("continue").assertIsDisplayed()
        again.click("continue")
        assertEquals(Screen.GAME, again.app.screen.value)
        assertEquals(4, again.game.lastPly)
        assertEquals(pieces, again.game.board.pieces)
        kill(second)
    }

    @Test
    fun backFromAGameOpenedFromGamesReturnsToGames() {
        val activity = start()
        val phone = Phone(rule) { activity.get() }
        twoMoves(phone)
        activity.get().onBackPressedDispatcher.onBackPressed()
        phone.settle()
        assertEquals(Screen.HOME, phone.app.screen.value)

        phone.click("nav-games")
        val id = phone.app.games.value.games.first().id
        phone.click("open-$id")
        assertEquals(Screen.GAME, phone.app.screen.value)
        activity.get().onBackPressedDispatcher.onBackPressed()
        phone.settle()
        assertEquals("back to the list it came from", Screen.GAMES, phone.app.screen.value)
        activity.get().onBackPressedDispatcher.onBackPressed()
        phone.settle()
        assertEquals(Screen.HOME, phone.app.screen.value)
        assertTrue("Home lets the system close the app", !activity.get().onBackPressedDispatcher.hasEnabledCallbacks())
        kill(activity)
    }
}
