package app.norochess.rail

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.click
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.runComposeUiTest
import app.norochess.android.present.LibraryThread
import app.norochess.android.present.ReviewController
import app.norochess.android.present.Screen
import app.norochess.android.ui.Mark
import app.norochess.android.ui.PieceKind
import app.norochess.android.ui.PieceUi
import app.norochess.applayer.GameSetup
import app.norochess.applayer.NewGame
import app.norochess.applayer.OpponentChoice
import app.norochess.applayer.ReviewReport
import app.norochess.core.GameReviewHandle
import app.norochess.core.GameSessionHandle
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.cancel
import kotlinx.coroutines.withContext

/**
 * The review of a short game with a planted blunder, run to completion
 * with the quick budget through the screen; the graph tapped shows that
 * move's position; then the analysis board of that position: a variation
 * played and taken back, the game unchanged.
 */
@OptIn(ExperimentalTestApi::class)
class ReviewFlowTest {
    /** Pass and play: 1. e4 e6 2. Nf3 Qg5?? 3. Nxg5 (the queen left to the knight). */
    private fun blunderGame(h: Harness): Long {
        val session = GameSessionHandle(
            NewGame(GameSetup("norochess"), null, OpponentChoice.Friend("Ann", "Bob"), null, null, 3uL, null, null),
            h.library,
        )
        for (move in listOf("e4", "e6", "Nf3", "Qg5", "Nxg5")) session.playText(move, h.now)
        val id = assertNotNull(session.snapshot(h.now).gameId)
        session.saveNow(h.now)
        session.close()
        return id
    }

    @Test
    fun aQuickReviewToTheEndThenTheGraphAndTheAnalysisBoard() = runComposeUiTest {
        Harness(null).use { h ->
            val id = blunderGame(h)
            h.show(this)
            click("nav-games")
            click("review-$id")
            assertEquals(Screen.REVIEW, h.app.screen.value)
            val review = assertNotNull(h.app.review.value)
            val ui = { review.ui.value }
            waitUntil(timeoutMillis = 10_000) { ui().progressText.isNotEmpty() }
            assertEquals(listOf("quick", "standard", "deep"), ui().budgets.map { it.id })
            click("budget-quick")
            assertEquals("quick", ui().budgetId)
            // Started and cancelled at once: it stops and keeps what it did (maybe nothing yet)...
            runOnIdle {
                review.onStartReview()
                review.onCancelReview()
            }
            waitUntil(timeoutMillis = 30_000) { !ui().running }
            assertTrue(ui().notices.isEmpty(), ui().notices.toString())
            // ...and Start (or Resume, when part of it was done) runs it to its end.
            if (!ui().complete) click("review-start")
            waitUntil(timeoutMillis = 60_000) { ui().complete && !ui().running }
            assertEquals("Review complete", ui().progressText)
            onNodeWithTag("review-progress").assertIsDisplayed()
            assertEquals(6, ui().graph.size, "the start and a point after each of the 5 moves")
            // The queen left to the knight is marked, in the graph and the move list.
            val queen = ui().moves.first { it.ply == 4 }
            assertEquals(Mark.BLUNDER, queen.mark, queen.spoken)
            assertTrue(queen.label == "Qg5??", queen.label)
            assertEquals(Mark.BLUNDER, ui().graph.first { it.ply == 4 }.mark)
            assertTrue(ui().whiteSummary.startsWith("White"), ui().whiteSummary)
            assertTrue(ui().blackSummary.contains("1 blunder"), ui().blackSummary)
            assertTrue(ui().moments.isNotEmpty(), "the queen lost is a moment")

            // The graph tapped at its second position of five steps: the board after 1...e6.
            onNodeWithTag("review-graph").performScrollTo().performTouchInput {
                click(Offset(width * 2f / 5f, height / 2f))
            }
            waitUntil(timeoutMillis = 10_000) { ui().selectedPly == 2 && ui().board.pieces["e6"] != null }
            assertEquals(PieceUi(false, PieceKind.PAWN), ui().board.pieces["e6"])
            assertNull(ui().board.pieces["f3"], "the knight has not moved yet")
            assertEquals(listOf("e7", "e6"), ui().board.lastMove)
            assertTrue(ui().moveText!!.contains("e6"), ui().moveText!!)
            // A moment tapped shows its move.
            click("moment-0")
            assertEquals(review.ui.value.moments[0].ply, ui().selectedPly)
            // The move list reads each move with its mark.
            click("review-move-4")
            waitUntil(timeoutMillis = 10_000) { ui().board.pieces["g5"] == PieceUi(false, PieceKind.QUEEN) }
            onNodeWithTag("review-move-text").performScrollTo().assertIsDisplayed()
            assertTrue(ui().moveText!!.contains("Blunder"), ui().moveText!!)

            // The analysis board at that position: a variation played and taken back.
            click("review-analyse")
            waitUntil(timeoutMillis = 10_000) { h.app.screen.value == Screen.ANALYSIS && h.app.analysis.value != null }
            val analysis = assertNotNull(h.app.analysis.value)
            val board = { analysis.ui.value }
            waitUntil(timeoutMillis = 30_000) { board().lines.isNotEmpty() }
            assertTrue(board().lines.first().depth.isNotEmpty(), "each line's depth, in the app layer's words")
            assertTrue(board().lines.first().moves.startsWith("Nxg5"), board().lines.first().moves)
            tapSquare("f3")
            assertEquals("f3", board().board.selected)
            tapSquare("g5")
            assertEquals("Nxg5", board().variation)
            assertEquals(PieceUi(true, PieceKind.KNIGHT), board().board.pieces["g5"])
            onNodeWithTag("analysis-variation").assertIsDisplayed()
            click("variation-back")
            assertEquals("", board().variation)
            assertEquals(PieceUi(false, PieceKind.QUEEN), board().board.pieces["g5"])
            // The game is as it was.
            val game = h.library.load(id, h.now)
            assertEquals(5u, game.snapshot(h.now).plyCount)
            game.close()
            click("top-back")
            assertEquals(Screen.REVIEW, h.app.screen.value)
            assertNull(h.app.analysis.value, "the analysis board is freed, its search stopped")
            click("top-back")
            assertEquals(Screen.GAMES, h.app.screen.value)
            // The library kept the review: opened again, it is complete without running.
            click("review-$id")
            val again = assertNotNull(h.app.review.value)
            waitUntil(timeoutMillis = 10_000) { again.ui.value.complete }
            assertEquals(6, again.ui.value.graph.size)
            assertTrue(!again.ui.value.running)
            click("top-back")

            // Statistics: the reviews section, the app layer's words.
            click("nav-stats")
            val stats = assertNotNull(h.app.stats.value.reviewText)
            assertEquals(h.library.reviewStats().text, stats)
            onNodeWithTag("stats-review").performScrollTo().assertIsDisplayed()
        }
    }

    /**
     * Cancel right after Start, before the review's coroutine has run at all (the "main" thread is held meanwhile):
     * the screen must still learn that the review stopped. The coroutine cancelled before it started never ran its
     * finally, and the screen showed the review running for ever (ReviewFlowTest timed out about one run in three).
     */
    @Test
    fun cancelledBeforeItRanTheReviewStillStops() = onOwnMainThread { h, id, scope, main ->
        val review = ReviewController(h.library, id, "review", scope, { h.app.settings }, { h.now }, LibraryThread.inline(), { _, _ -> }, {})
        waitFor { review.ui.value.progressText.isNotEmpty() }
        val held = CountDownLatch(1)
        main.execute { held.await() }
        review.onStartReview()
        review.onCancelReview()
        assertTrue(review.ui.value.running, "started")
        held.countDown()
        waitFor { !review.ui.value.running }
        assertTrue(!review.ui.value.complete, "cancelled before it analysed anything")
    }

    /**
     * Reads of the report overlap: each progress asks for one. A read taken while the review ran, answered only after
     * the read that saw its end, must not show the finished review as unfinished again (it did, for good: the
     * Robolectric ReviewTest timed out waiting for the end on a busy machine). Here every read that finds the review
     * unfinished is held until the finished one is on the screen.
     */
    @Test
    fun aLateAnswerFromWhileTheReviewRanDoesNotUndoItsEnd() = onOwnMainThread { h, id, scope, main ->
        val holding = AtomicBoolean(false)
        val held = AtomicInteger()
        val answered = AtomicInteger()
        val gate = CompletableDeferred<Unit>()
        val reader: suspend (GameReviewHandle) -> ReviewReport = { handle ->
            val report = withContext(Dispatchers.IO) { handle.report() }
            if (holding.get() && !report.progress.complete) {
                held.incrementAndGet()
                gate.await()
                answered.incrementAndGet()
            }
            report
        }
        val review = ReviewController(
            h.library, id, "review", scope, { h.app.settings }, { h.now }, LibraryThread.inline(), { _, _ -> }, {},
            readReport = reader,
        )
        waitFor { review.ui.value.progressText.isNotEmpty() }
        holding.set(true)
        main.submit { review.onStartReview() }.get()
        waitFor { review.ui.value.complete && !review.ui.value.running }
        assertTrue(held.get() > 0, "some reads found the review unfinished")
        gate.complete(Unit)
        waitFor { answered.get() == held.get() }
        // The held reads resumed on the main thread; once it has run what was queued, they have published or not.
        main.submit {}.get()
        assertTrue(review.ui.value.complete, "still complete after the late answers: ${review.ui.value.progressText}")
        assertTrue(!review.ui.value.running)
        assertEquals(6, review.ui.value.graph.size)
    }

    /**
     * Runs [test] on the planted-blunder game with a "main" thread of its own (a single-thread executor) and a
     * coroutine scope on it, as the phone's controllers have; both are stopped afterwards.
     */
    private fun onOwnMainThread(test: (h: Harness, id: Long, scope: CoroutineScope, main: ExecutorService) -> Unit) {
        Harness(null).use { h ->
            val id = blunderGame(h)
            val main = Executors.newSingleThreadExecutor()
            val scope = CoroutineScope(SupervisorJob() + main.asCoroutineDispatcher())
            try {
                test(h, id, scope, main)
            } finally {
                scope.cancel()
                main.shutdownNow()
            }
        }
    }

    private fun waitFor(condition: () -> Boolean) {
        val deadline = System.currentTimeMillis() + 20_000
        while (!condition()) {
            check(System.currentTimeMillis() < deadline) { "still not so after 20 s" }
            Thread.sleep(20)
        }
    }
}
