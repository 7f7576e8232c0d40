package app.norochess.robolectric

import android.Manifest
import android.content.pm.PackageManager
import android.os.VibratorManager
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.junit4.createAndroidComposeRule
import androidx.compose.ui.test.onNodeWithTag
import app.norochess.android.MainActivity
import app.norochess.android.present.Screen
import kotlin.random.Random
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotSame
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.Shadows.shadowOf

/**
 * A game against the computer on Android's framework: the real MainActivity,
 * AndroidX Compose 1.7 (the version the app ships), the host Rust library.
 */
@RunWith(RobolectricTestRunner::class)
class GameTest {
    @get:Rule val rule = createAndroidComposeRule<MainActivity>()
    private val phone = Phone(rule) { rule.activity }

    @Test
    fun aWholeGameByTapsWithHapticsThenRematchAndMoreMovesByTaps() {
        val app = phone.app
        assertTrue("haptics are on by default", app.settings.haptics)
        assertTrue("sounds are on by default", app.settings.sounds)
        phone.click("level-1")
        phone.click("start")
        assertEquals(Screen.GAME, app.screen.value)
        val random = Random(11)
        var turns = 0
        while (true) {
            phone.awaitTurn()
            if (phone.game.result != null) break
            val moves = phone.legalMoves
            val captures = moves.filter { it.isCapture }
            phone.play(captures.ifEmpty { moves }.let { it[random.nextInt(it.size)] })
            turns++
        }
        assertTrue("a real game: $turns moves of ours", turns >= 10)
        rule.onNodeWithTag("result-headline").assertIsDisplayed()
        // Every move buzzed through the platform's vibrator, which needs VIBRATE
        // (a SecurityException on a device without it: the first move crashed).
        val vibrator = rule.activity.getSystemService(VibratorManager::class.java)!!.defaultVibrator
        assertTrue("the moves vibrated", shadowOf(vibrator).milliseconds > 0)
        val info = rule.activity.packageManager.getPackageInfo(rule.activity.packageName, PackageManager.GET_PERMISSIONS)
        assertTrue("VIBRATE in the merged manifest", Manifest.permission.VIBRATE in info.requestedPermissions.orEmpty())

        // Rematch: a new session on the same screen. The board must take the
        // new game's taps (the gesture handler outlives the first controller).
        val before = app.game.value
        phone.press(rule.activity.text("action_rematch"))
        assertNotSame(before, app.game.value)
        phone.waitUntil { phone.game.lastPly == 1 && !phone.game.thinking }
        assertFalse("colours swapped: the person plays Black", phone.game.board.whiteAtBottom)
        repeat(3) {
            phone.awaitTurn()
            val ply = phone.game.lastPly
            phone.play(phone.legalMoves.first())
            assertTrue("the rematch's board took the move", phone.game.lastPly > ply)
        }
        assertTrue(phone.game.lastPly >= 6)
    }
}
