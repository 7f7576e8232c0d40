package app.norochess.rail

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.runComposeUiTest
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** Practice mode switched on in Settings: the player's move against the computer gets its verdict under the board. */
@OptIn(ExperimentalTestApi::class)
class PracticeFlowTest {
    @Test
    fun aMoveAgainstTheComputerIsJudgedInPracticeMode() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            click("nav-settings")
            click("setting-practice")
            assertTrue(h.app.settings.practice)
            assertTrue(h.library.settings().practice, "kept in the library")
            click("nav-play")
            click("level-1")
            click("start")
            tapSquare("d2")
            tapSquare("d4")
            waitUntil(timeoutMillis = 30_000) { h.game.practice != null && !h.game.practiceJudging && !h.game.thinking }
            val practice = assertNotNull(h.game.practice)
            val snapshot = h.app.game.value!!.session.snapshot(h.now)
            assertEquals(snapshot.practice?.headline, practice.headline)
            assertEquals(snapshot.practice?.text, practice.text)
            onNodeWithTag("practice", useUnmergedTree = true).performScrollTo().assertIsDisplayed()
            // The move list shows the move with its mark (none for a good move).
            assertEquals("d4" + snapshot.moves.first().mark, h.game.moves.first().white?.san)
        }
    }
}
