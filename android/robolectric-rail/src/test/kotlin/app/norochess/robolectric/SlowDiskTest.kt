package app.norochess.robolectric

import androidx.compose.ui.test.assertIsOff
import androidx.compose.ui.test.assertIsOn
import androidx.compose.ui.test.junit4.createAndroidComposeRule
import androidx.compose.ui.test.onNodeWithTag
import app.norochess.android.MainActivity
import app.norochess.android.present.Mapping
import app.norochess.android.present.Screen
import app.norochess.android.ui.GamesFilter
import app.norochess.core.LibraryHandle
import java.io.File
import java.util.concurrent.CountDownLatch
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner

/**
 * The library's file is written off the main thread: with the library's
 * thread held (a disk that does not answer), taps on the board and a
 * settings switch still return at once and the screen answers the switch,
 * nothing reaches the file until the thread runs again, and then everything
 * lands in the order it was done. A second connection to the same file (as
 * another window would open) is the witness of what was written.
 */
@RunWith(RobolectricTestRunner::class)
class SlowDiskTest {
    @get:Rule val rule = createAndroidComposeRule<MainActivity>()
    private val phone = Phone(rule) { rule.activity }

    /** Holds the library's thread until the returned latch is released; the test stops waiting for it meanwhile. */
    private fun holdTheDisk(): CountDownLatch {
        val gate = CountDownLatch(1)
        phone.waitForLibrary = false
        phone.app.disk.run { gate.await() }
        return gate
    }

    private fun release(gate: CountDownLatch) {
        gate.countDown()
        phone.waitForLibrary = true
        phone.settle()
    }

    @Test
    fun movesAndSettingsAreWrittenOffTheMainThreadInTheOrderMade() {
        val witness = LibraryHandle.open(File(rule.activity.filesDir, "library").path)
        val unfinished = Mapping.filter(GamesFilter.UNFINISHED)

        phone.click("opponent-FRIEND")
        phone.click("start")
        val gate = holdTheDisk()
        phone.tap("e2")
        phone.tap("e4")
        assertTrue("nothing is written while the disk is held", witness.list(unfinished, 5u).isEmpty())
        release(gate)
        assertEquals(1, phone.game.lastPly)
        val saved = witness.list(unfinished, 5u).single()
        assertEquals("the move was saved once the thread ran", 1u, witness.load(saved.id, 0u).snapshot(0u).plyCount)

        phone.click("game-home")
        phone.click("nav-settings")
        assertEquals(Screen.SETTINGS, phone.app.screen.value)
        val before = witness.settings()
        rule.onNodeWithTag("setting-sounds", useUnmergedTree = true).let { if (before.sounds) it.assertIsOn() else it.assertIsOff() }
        val held = holdTheDisk()
        phone.click("setting-sounds")
        phone.click("setting-haptics")
        // The switches answer at once; the file has not changed.
        rule.onNodeWithTag("setting-sounds", useUnmergedTree = true).let { if (before.sounds) it.assertIsOff() else it.assertIsOn() }
        assertEquals(before, witness.settings())
        release(held)
        val after = witness.settings()
        assertEquals(!before.sounds, after.sounds)
        assertEquals(!before.haptics, after.haptics)
        assertFalse(phone.app.settings.sounds == before.sounds)
        witness.close()
    }
}
