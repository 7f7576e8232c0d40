package app.norochess.robolectric

import android.os.Looper
import androidx.compose.ui.test.junit4.createAndroidComposeRule
import app.norochess.android.MainActivity
import app.norochess.android.present.Screen
import app.norochess.android.ui.Mark
import app.norochess.android.ui.PieceKind
import app.norochess.android.ui.PieceUi
import app.norochess.applayer.GameSetup
import app.norochess.applayer.NewGame
import app.norochess.applayer.OpponentChoice
import app.norochess.core.GameSessionHandle
import app.norochess.core.LibraryHandle
import java.io.File
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.Shadows.shadowOf

/**
 * A game's review on the phone, with the app's own library thread and main
 * looper (the desktop rail runs the library inline): opened from Games, run
 * with the quick budget to the end, a move of the list shown on the board,
 * saved into the library (a second connection reads it back).
 */
@RunWith(RobolectricTestRunner::class)
class ReviewTest {
    @get:Rule val rule = createAndroidComposeRule<MainActivity>()
    private val phone = Phone(rule) { rule.activity }

    private fun library() = LibraryHandle.open(File(rule.activity.filesDir, "library").path)

    /** Waits for [condition], running the main looper's posts (the review's progress, the library's answers). */
    private fun until(condition: () -> Boolean) = phone.waitUntil(60_000) {
        shadowOf(Looper.getMainLooper()).idle()
        condition()
    }

    @Test
    fun aReviewRunsToItsEndOnThePhoneAndIsSaved() {
        // 1. e4 e6 2. Nf3 Qg5?? 3. Nxg5, written into the app's library by a second connection.
        val id = library().use { library ->
            GameSessionHandle(
                NewGame(GameSetup("norochess"), null, OpponentChoice.Friend("Ann", "Bob"), null, null, 3uL, null, null),
                library,
            ).use { session ->
                for (move in listOf("e4", "e6", "Nf3", "Qg5", "Nxg5")) session.playText(move, 0uL)
                session.saveNow(0uL)
                requireNotNull(session.snapshot(0uL).gameId)
            }
        }
        phone.click("nav-games")
        phone.click("review-$id")
        assertEquals(Screen.REVIEW, phone.app.screen.value)
        val review = phone.app.review.value!!
        until { review.ui.value.budgets.isNotEmpty() && review.ui.value.progressText.isNotEmpty() }
        phone.click("budget-quick")
        phone.click("review-start")
        until { review.ui.value.complete && !review.ui.value.running }
        val ui = review.ui.value
        assertEquals(6, ui.graph.size)
        assertEquals(Mark.BLUNDER, ui.moves.first { it.ply == 4 }.mark)
        phone.click("review-move-4")
        until { review.ui.value.board.pieces["g5"] == PieceUi(false, PieceKind.QUEEN) }
        assertTrue(review.ui.value.moveText!!.contains("Blunder"))
        // Saved as it went: another connection sees the whole review.
        library().use { assertEquals(1u, it.reviewStats().friendGamesReviewed) }
        phone.click("top-back")
        assertEquals(Screen.GAMES, phone.app.screen.value)
        assertNull("the review is freed", phone.app.review.value)
    }
}
