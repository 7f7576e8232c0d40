package app.norochess.kit

import app.norochess.applayer.EndReason
import app.norochess.applayer.GameSetup
import app.norochess.applayer.Scores
import app.norochess.applayer.Side
import app.norochess.applayer.TimeControl
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class NorochessGameTest {
    @Test
    fun `a Norochess game with a clock runs into overtime and ends drawn after move 60`() {
        // Quiet moves are found on a session without a clock (trying a move and
        // taking it back) and played, one second each, on the clock game.
        val finder = friends("norochess")
        val game = friends(
            "norochess",
            clock = TimeControl.Norochess(baseMs = 600_000u, incrementMs = 5_000u, regularMoves = 48u, overtimeMs = 15_000u),
        )
        val seen = mutableSetOf(positionKey(finder.snapshot(0u).board.positionText))
        var now = 0uL
        var sawOvertime = false
        while (game.snapshot(now).result == null) {
            val before = game.snapshot(now)
            if (before.board.moveNumber == 46u && before.toMove == Side.WHITE) {
                assertEquals("Move 46 / 48", before.moveCounterText)
                assertTrue(before.finalMoves)
                assertEquals("0 – 0", before.scoreText)
            }
            if (before.board.moveNumber == 52u && before.toMove == Side.BLACK) {
                assertEquals("Overtime 52 / 60", before.moveCounterText)
                assertTrue(before.overtime)
                sawOvertime = true
            }
            val move = playQuietMove(finder, seen)
            now += 1_000uL
            game.play(move.from, move.to, move.promotion, now)
            if (before.board.moveNumber == 48u && before.toMove == Side.BLACK) {
                // After Black's 48th move with level scores the game goes on.
                val after = game.snapshot(now)
                assertNull(after.result)
                // 48 moves of 1 s with +5 s each: 600 + 48 × 4 = 792 s; White's
                // first move, which starts the clock, took no time: 793 s.
                assertEquals(793_000uL, after.clock!!.whiteMs)
                assertEquals(792_000uL, after.clock!!.blackMs)
            }
        }
        assertTrue(sawOvertime)
        val end = game.snapshot(now)
        val result = end.result!!
        assertEquals(EndReason.OVERTIME_EXHAUSTED, result.reason)
        assertNull(result.winner)
        assertEquals(Scores(0u, 0u), result.scores)
        assertEquals(120u, end.plyCount)
        assertEquals("Draw 0–0 — scores still equal after move 60", end.resultText)
        // 12 overtime moves each earned 15 s for 1 s used.
        assertEquals(793_000uL + 12uL * 14_000uL, end.clock!!.whiteMs)
        assertEquals(792_000uL + 12uL * 14_000uL, end.clock!!.blackMs)
        assertEquals(null, end.clock!!.running)

        // The record carries the whole game.
        val record = game.record(now)
        assertTrue(record.contains("[Variant \"norochess\"]"), record)
        assertTrue(record.contains("[White \"Ann\"]"), record)
        assertTrue(record.contains("[Termination \"overtime exhausted\"]"), record)
        assertEquals(60, end.moveRows.size)

        // Review without changing the game, then take back into play again.
        assertEquals(49u, game.snapshotAt(96u).overtime!!.moveNumber)
        assertEquals(1u, game.takeback(now))
        assertNull(game.snapshot(now).result)
        assertTrue(game.snapshot(now).canRedo)
        assertEquals(1u, game.redo(now))
        assertFalse(game.snapshot(now).canRedo)
        assertEquals(EndReason.OVERTIME_EXHAUSTED, game.snapshot(now).result!!.reason)
    }

    @Test
    fun `the score bar and result dialog follow the rule book`() {
        val model = GameScreenModel(friends("norochess", "4k3/8/8/8/8/8/8/R3K3 b - - 0 48 score=38-33")) { 0uL }
        assertEquals("38 – 33", model.state.snapshot.scoreText)
        assertEquals("Move 48 / 48", model.state.snapshot.moveCounterText)
        model.tap("e8")
        assertEquals("e8", model.state.selected)
        model.tap("d8")
        val state = model.state
        assertEquals(EndReason.MOVE_LIMIT, state.snapshot.result!!.reason)
        assertEquals("White wins 38–33 — higher score after move 48", state.snapshot.resultText)
        assertEquals("White wins 38–33", state.snapshot.statusText)
        assertTrue(state.snapshot.board.legalMoves.isEmpty() && !state.snapshot.canResign)
    }

    @Test
    fun `Norochess960 games start from their number`() {
        val setup = GameSetup("norochess960", startNumber = 0.toUShort())
        val game = friends("norochess960", setup = setup)
        val board = game.snapshot(0u).board
        assertTrue(board.positionText.startsWith("bbqnnrkr/"), board.positionText)
        assertEquals(0.toUShort(), board.setup.startNumber)
        assertTrue(game.record(0u).contains("[Start \"0\"]"))
    }
}
