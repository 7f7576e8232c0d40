package app.norochess.robolectric

import android.graphics.Bitmap
import android.graphics.BitmapFactory
import android.graphics.Canvas
import androidx.compose.ui.test.junit4.createAndroidComposeRule
import app.norochess.android.MainActivity
import java.io.File
import kotlin.math.abs
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * The main screens as Android itself draws them (Robolectric's native
 * graphics: the platform's Skia and fonts on the JVM), compared with the
 * goldens in android/robolectric-rail/src/test/goldens the way the desktop
 * rail compares its own: a screen fails when more than 24 pixels differ by
 * more than 8/255 in a channel. NOROCHESS_UPDATE_GOLDENS=1 rewrites them.
 */
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class ScreenshotTest {
    @get:Rule val rule = createAndroidComposeRule<MainActivity>()
    private val phone = Phone(rule) { rule.activity }

    private fun check(name: String) {
        phone.settle()
        // The window drawn onto a bitmap by the platform's own drawing code
        // (Compose's captureToImage waits for a frame Robolectric never draws).
        val root = rule.activity.window.decorView
        val shot = Bitmap.createBitmap(root.width, root.height, Bitmap.Config.ARGB_8888)
        root.draw(Canvas(shot))
        val reports = File(System.getProperty("norochess.rail.reports"), "screenshots").apply { mkdirs() }
        File(reports, "$name.png").outputStream().use { shot.compress(Bitmap.CompressFormat.PNG, 100, it) }
        val golden = File(System.getProperty("norochess.rail.goldens"), "$name.png")
        if (System.getenv("NOROCHESS_UPDATE_GOLDENS") == "1" || !golden.exists() && System.getenv("CI") == null) {
            golden.parentFile.mkdirs()
            File(reports, "$name.png").copyTo(golden, overwrite = true)
            return
        }
        assertTrue("no golden $golden (NOROCHESS_UPDATE_GOLDENS=1 draws it)", golden.exists())
        val expected = golden.readBytes().let { BitmapFactory.decodeByteArray(it, 0, it.size) }
        assertTrue("$name: ${shot.width}x${shot.height}, golden ${expected.width}x${expected.height}",
            shot.width == expected.width && shot.height == expected.height)
        var differing = 0
        for (y in 0 until shot.height) for (x in 0 until shot.width) {
            val a = shot.getPixel(x, y)
            val b = expected.getPixel(x, y)
            if ((0..24 step 8).any { shift -> abs((a shr shift and 0xff) - (b shr shift and 0xff)) > 8 }) differing++
        }
        assertTrue("$name: $differing pixels differ from the golden (see ${reports.path})", differing <= 24)
    }

    /** Two players, fixed moves: the same pixels on every run (the computer's choices vary). */
    private fun aFewMoves() {
        phone.click("opponent-FRIEND")
        phone.click("start")
        for (move in listOf("e2e4", "e7e5", "g1f3", "b8c6", "f1c4")) {
            phone.tap(move.substring(0, 2))
            phone.tap(move.substring(2, 4))
        }
        phone.tap("g8")
        phone.waitUntil { phone.game.lastPly == 5 }
    }

    @Test
    fun home() = check("home-light")

    @Test
    @Config(qualifiers = "+night")
    fun homeDark() = check("home-dark")

    @Test
    fun game() {
        aFewMoves()
        check("game-light")
    }

    @Test
    @Config(qualifiers = "+night")
    fun gameDark() {
        aFewMoves()
        check("game-dark")
    }

    @Test
    @Config(qualifiers = "+land")
    fun gameLandscape() {
        aFewMoves()
        check("game-landscape")
    }

    @Test
    @Config(fontScale = 2.0f)
    fun gameAtFontScale2() {
        aFewMoves()
        check("game-font2")
    }

    @Test
    fun ramChess10x10() {
        phone.click("game-ram")
        phone.click("opponent-FRIEND")
        phone.click("start")
        phone.tap("e2")
        check("game-ram-10x10")
    }
}
