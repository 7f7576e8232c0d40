package app.norochess.robolectric

import android.os.Looper
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.assert
import androidx.compose.ui.test.assertContentDescriptionEquals
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.junit4.createAndroidComposeRule
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithTag
import androidx.lifecycle.Lifecycle
import app.norochess.android.MainActivity
import java.time.Duration
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.Shadows.shadowOf

/**
 * Two players on one phone, face to face, with the 1-minute clock: the
 * platform's clock (SystemClock, moved by the test) drives the game's.
 */
@RunWith(RobolectricTestRunner::class)
class PassAndPlayTest {
    @get:Rule val rule = createAndroidComposeRule<MainActivity>()
    private val phone = Phone(rule) { rule.activity }

    private fun elapse(seconds: Long) {
        shadowOf(Looper.getMainLooper()).idleFor(Duration.ofSeconds(seconds))
        phone.settle()
    }

    /** "0:05.1" in tenths of a second. */
    private fun tenths(clock: String): Int {
        val (minutes, seconds) = clock.split(":")
        return minutes.toInt() * 600 + (seconds.toDouble() * 10).toInt()
    }

    @Test
    fun faceToFaceWithAClockTalkBackADrawOfferAndFlagFall() {
        phone.click("opponent-FRIEND")
        phone.click("clock-0") // the first preset: 1 minute
        phone.click("board-mode-FACE_TO_FACE")
        phone.click("start")
        assertTrue(phone.game.passAndPlay)
        assertTrue("Black's whole bar faces Black", phone.game.top.upsideDown)
        assertFalse(phone.game.bottom.upsideDown)

        // TalkBack: squares name their piece, the targets and the last move;
        // the move is said in words through a polite live region.
        // A piece of the side to move says where it can go.
        rule.onNode(
            SemanticsMatcher("the g1 knight's label") { node ->
                node.config.getOrNull(SemanticsProperties.ContentDescription)?.singleOrNull()
                    ?.let { it.startsWith("White knight on g1, can go to ") && "f3" in it && "h3" in it } == true
            },
        ).assertExists()
        phone.tap("e2")
        rule.onNodeWithContentDescription("e4, legal move").assertExists()
        phone.tap("e4")
        rule.onNodeWithTag("spoken-move", useUnmergedTree = true)
            .assertContentDescriptionEquals("White played pawn e4")
            .assert(SemanticsMatcher.expectValue(SemanticsProperties.LiveRegion, LiveRegionMode.Polite))
        rule.onNodeWithContentDescription("White pawn on e4, last move").assertExists()
        assertTrue("Black, to move across the table, is asked facing them", phone.game.promptsUpsideDown)
        phone.tap("g8")
        phone.tap("f6")
        rule.onNodeWithTag("spoken-move", useUnmergedTree = true).assertContentDescriptionEquals("Black played knight f6")
        assertEquals(2, phone.game.lastPly)
        assertFalse(phone.game.promptsUpsideDown)
        // The move list is read as words, not as the letters of its SAN.
        rule.onNodeWithTag("move-1", useUnmergedTree = true).assertContentDescriptionEquals("Move 1, White: pawn e4")
        rule.onNodeWithTag("move-2", useUnmergedTree = true).assertContentDescriptionEquals("Move 1, Black: knight f6")
            .assert(SemanticsMatcher.expectValue(SemanticsProperties.Selected, true))

        // White's clock runs on the platform's clock; 55 s later it is low.
        elapse(55)
        phone.waitUntil(5_000) { phone.game.bottom.clock?.low == true }
        rule.onNodeWithTag("clock-white").assertIsDisplayed()

        // In the background the clock stops: a call or the home button costs no time.
        val before = phone.game.bottom.clock!!.text
        rule.activityRule.scenario.moveToState(Lifecycle.State.CREATED)
        elapse(30)
        rule.activityRule.scenario.moveToState(Lifecycle.State.RESUMED)
        phone.settle()
        // (The text shown is at most one 200 ms tick old: 30 s would be 300 tenths.)
        val lost = tenths(before) - tenths(phone.game.bottom.clock!!.text)
        assertTrue("no time lost in the background: $before, then ${phone.game.bottom.clock!!.text}", lost in 0..2)
        assertNull(phone.game.result)

        // A draw offer, turned toward the player who answers, declined.
        phone.press(rule.activity.text("action_offer_draw"))
        assertEquals(true, phone.game.drawOfferedByWhite)
        assertTrue("Black answers across the table", phone.game.drawAnswerUpsideDown)
        phone.press(rule.activity.text("action_decline"))
        assertNull(phone.game.drawOfferedByWhite)

        // The flag falls.
        elapse(10)
        phone.waitUntil(5_000) { phone.game.result != null }
        assertTrue(phone.game.result!!.headline, phone.game.result!!.headline.startsWith("Black wins"))
        rule.onNodeWithTag("result-headline").assertIsDisplayed()
    }
}
