package app.norochess.kit

import app.norochess.applayer.computerLevels
import app.norochess.applayer.ColourChoice
import app.norochess.applayer.ComputerMove
import app.norochess.core.GameSessionHandle
import app.norochess.applayer.GameSetup
import app.norochess.applayer.NewGame
import app.norochess.applayer.OpponentChoice
import app.norochess.applayer.ScoreKind
import app.norochess.applayer.SearchLimits
import app.norochess.core.SearchListener
import app.norochess.applayer.SearchOutcome
import app.norochess.applayer.SearchProgress
import app.norochess.applayer.Side
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.concurrent.CopyOnWriteArrayList

/** The session's engine calls across the boundary: limits, listeners, scores, cancellation. */
class EngineTest {
    private fun millisSince(start: Long) = (System.nanoTime() - start) / 1_000_000

    /** A listener that completes [first] with the first report it receives. */
    private class FirstReport : SearchListener {
        val first = CompletableDeferred<SearchProgress>()
        override fun onProgress(progress: SearchProgress) {
            first.complete(progress)
        }
    }

    @Test
    fun `an analysis answers within its time limit and the answer can be played`() {
        runBlocking {
            val session = friends("norochess")
            session.playText("e4", 0u)
            val reports = CopyOnWriteArrayList<SearchProgress>()
            val listener = object : SearchListener {
                override fun onProgress(progress: SearchProgress) {
                    reports.add(progress)
                }
            }
            val started = System.nanoTime()
            val outcome = session.analyse(SearchLimits(moveTimeMs = 300u), 1u, listener)
            assertTrue(millisSince(started) < 1_500, "took ${millisSince(started)} ms")
            assertFalse(outcome.wasStopped)
            assertEquals(1u, outcome.plyCount)
            val best = outcome.bestMove!!
            assertTrue(reports.isNotEmpty())
            assertEquals(outcome.depth, reports.last().depth)
            assertEquals(best.san, outcome.lines.first().moves.first().san)
            assertEquals(Side.BLACK, outcome.lines.first().score.side)

            assertEquals(best.san, session.playText(best.uci, 0u).san)
            assertEquals(best.san, session.snapshot(0u).board.lastMove!!.san)
        }
    }

    @Test
    fun `cancelling the analysing coroutine frees the engine at once`() {
        runBlocking {
            val session = friends("frontal")
            val listener = FirstReport()
            // No limits: the analysis runs until cancelled.
            val analysis = launch(Dispatchers.Default) { session.analyse(SearchLimits(), 2u, listener) }
            withTimeout(10_000) { listener.first.await() }
            val cancelled = System.nanoTime()
            analysis.cancelAndJoin()
            // A depth-1 analysis waits for the engine: it answers once the cancelled search let go of it.
            session.analyse(SearchLimits(depth = 1u), 1u, null)
            val freed = millisSince(cancelled)
            assertTrue(freed < 1_000, "engine free $freed ms after cancel")
        }
    }

    @Test
    fun `cancelSearches ends an analysis with its best so far`() {
        runBlocking {
            val session = friends("frontal")
            val listener = FirstReport()
            val analysis = async(Dispatchers.Default) { session.analyse(SearchLimits(), 2u, listener) }
            withTimeout(10_000) { listener.first.await() }
            val stoppedAt = System.nanoTime()
            session.cancelSearches()
            val outcome: SearchOutcome = withTimeout(5_000) { analysis.await() }
            assertTrue(millisSince(stoppedAt) < 1_000, "stop took ${millisSince(stoppedAt)} ms")
            assertTrue(outcome.wasStopped)
            assertNotNull(outcome.bestMove)
            assertEquals(2, outcome.lines.size)
        }
    }

    @Test
    fun `hints with limits, every level and proven results`() {
        runBlocking {
            val chess = friends("chess")
            val hint = chess.hint(SearchLimits(moveTimeMs = 150u))!!
            assertTrue(hint.suggested.san.isNotEmpty())
            assertNotNull(hint.score)
            assertTrue(hint.text.startsWith(hint.suggested.san), hint.text)
            assertTrue(chess.hint(SearchLimits(depth = 2u, threads = 2u)) != null)

            assertEquals((1..8).toList(), computerLevels().map { it.toInt() }, "the levels a picker offers")
            for (level in computerLevels().map { it.toInt() }) {
                // The computer plays White; level 8 with a node budget to stay quick.
                val session = GameSessionHandle(
                    NewGame(
                        setup = GameSetup("chess"),
                        opponent = OpponentChoice.Computer(level.toUByte(), ColourChoice.BLACK),
                        seed = 7uL,
                        level8Nodes = 20_000uL,
                    ),
                    null,
                )
                val answer = session.computerMove(0u)
                assertTrue(answer is ComputerMove.Played, "level $level: $answer")
                assertEquals("Computer (level $level)", session.snapshot(0u).white.name)
                assertEquals(level.toUByte(), session.snapshot(0u).white.computerLevel())
            }

            // Norochess: capturing the last black piece wins at once, by the final margin.
            val end = friends("norochess", "7k/8/8/8/8/8/8/K6R w - - 0 40 score=30-20")
            val outcome = end.analyse(SearchLimits(depth = 4u), 1u, null)
            assertEquals("Rxh8", outcome.bestMove!!.san)
            val score = outcome.lines.first().score
            assertEquals(ScoreKind.WIN, score.kind)
            assertEquals("wins by 12", score.text)
            // Two search threads (Lazy SMP) find the same proven result.
            val twoThreads = end.analyse(SearchLimits(depth = 4u, threads = 2u), 1u, null)
            assertEquals("Rxh8", twoThreads.bestMove!!.san)
            assertEquals("wins by 12", twoThreads.lines.first().score.text)
            val proven = end.hint(SearchLimits(depth = 4u))!!
            assertEquals("Rxh8", proven.suggested.san)
            assertEquals(ScoreKind.WIN, proven.score!!.kind)
        }
    }

    @Test
    fun `a failing listener does not break the search`() {
        runBlocking {
            val session = friends("norochess")
            var calls = 0
            val listener = object : SearchListener {
                override fun onProgress(progress: SearchProgress) {
                    calls++
                    throw IllegalStateException("the screen is gone")
                }
            }
            val outcome = session.analyse(SearchLimits(depth = 4u), 1u, listener)
            assertNotNull(outcome.bestMove)
            assertEquals(1, calls)
        }
    }
}
