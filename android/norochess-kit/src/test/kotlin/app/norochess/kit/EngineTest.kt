package app.norochess.kit

import app.norochess.core.EngineHandle
import app.norochess.core.GameHandle
import app.norochess.core.GameSetup
import app.norochess.core.GameVariant
import app.norochess.core.ScoreKind
import app.norochess.core.SearchLimits
import app.norochess.core.SearchListener
import app.norochess.core.SearchProgress
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

class EngineTest {
    private val engine = EngineHandle(16u)

    @Test
    fun `the engine answers within its time limit and the answer can be played`() {
        val game = newGame(GameVariant.NOROCHESS)
        game.playText("e4")
        val reports = CopyOnWriteArrayList<SearchProgress>()
        val listener = object : SearchListener {
            override fun onProgress(progress: SearchProgress) {
                reports.add(progress)
            }
        }
        val started = System.nanoTime()
        val outcome = engine.bestMove(game, SearchLimits(moveTimeMs = 300u), listener)
        val elapsedMs = (System.nanoTime() - started) / 1_000_000
        assertTrue(elapsedMs < 1_500, "took $elapsedMs ms")
        assertFalse(outcome.wasStopped)
        assertEquals(1u, outcome.plyCount)
        val best = outcome.bestMove!!
        assertTrue(reports.isNotEmpty())
        assertEquals(outcome.depth, reports.last().depth)
        assertEquals(best.san, outcome.lines.first().moves.first().san)

        assertEquals(best.san, game.playText(best.uci).san)
        assertEquals(best.san, game.snapshot().lastMove!!.san)
    }

    @Test
    fun `a search on another thread is cancelled with stop`() {
        val game = newGame(GameVariant.FRONTAL)
        val firstReport = CountDownLatch(1)
        val listener = object : SearchListener {
            override fun onProgress(progress: SearchProgress) = firstReport.countDown()
        }
        val pool = Executors.newSingleThreadExecutor()
        try {
            // No limits: analysis runs until stopped.
            val running = pool.submit<app.norochess.core.SearchOutcome> {
                engine.analyse(game, SearchLimits(), 2u, listener)
            }
            assertTrue(firstReport.await(10, TimeUnit.SECONDS))
            val stoppedAt = System.nanoTime()
            engine.stop()
            val outcome = running.get(5, TimeUnit.SECONDS)
            val stopMs = (System.nanoTime() - stoppedAt) / 1_000_000
            assertTrue(stopMs < 1_000, "stop took $stopMs ms")
            assertTrue(outcome.wasStopped)
            assertNotNull(outcome.bestMove)
            assertEquals(2, outcome.lines.size)
        } finally {
            pool.shutdownNow()
        }
    }

    @Test
    fun `hints, levels and proven results`() {
        val game = newGame(GameVariant.CHESS)
        val hint = engine.hint(game, 150u)
        assertTrue(hint.suggested.san.isNotEmpty())
        assertNotNull(hint.score)
        for (level in 1..8) {
            val outcome = engine.playAtLevel(game, level.toUByte(), 7u, SearchLimits(moveTimeMs = 100u))
            assertNotNull(outcome.bestMove, "level $level")
        }
        // Norochess: capturing the last black piece wins at once, by the final margin.
        val end = GameHandle.fromPosition(GameSetup(GameVariant.NOROCHESS), "7k/8/8/8/8/8/8/K6R w - - 0 40 score=30-20")
        val outcome = engine.bestMove(end, SearchLimits(depth = 4u), null)
        assertEquals("Rxh8", outcome.bestMove!!.san)
        val score = outcome.lines.first().score
        assertEquals(ScoreKind.WIN, score.kind)
        assertEquals("wins by 12", score.text)
        // Two search threads (Lazy SMP) find the same proven result.
        val twoThreads = engine.bestMove(end, SearchLimits(depth = 4u, threads = 2u), null)
        assertEquals("Rxh8", twoThreads.bestMove!!.san)
        assertEquals("wins by 12", twoThreads.lines.first().score.text)
    }

    @Test
    fun `a failing listener does not break the search`() {
        val game = newGame(GameVariant.NOROCHESS)
        var calls = 0
        val listener = object : SearchListener {
            override fun onProgress(progress: SearchProgress) {
                calls++
                throw IllegalStateException("the screen is gone")
            }
        }
        val outcome = engine.bestMove(game, SearchLimits(depth = 4u), listener)
        assertNotNull(outcome.bestMove)
        assertEquals(1, calls)
    }
}
