package app.norochess.kit

import app.norochess.core.ClockHandle
import app.norochess.core.EndReason
import app.norochess.core.GameHandle
import app.norochess.core.GameSetup
import app.norochess.core.GameVariant
import app.norochess.core.Scores
import app.norochess.core.Side
import app.norochess.core.TimeControl
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class NorochessGameTest {
    @Test
    fun `a Norochess game with a clock runs into overtime and ends drawn after move 60`() {
        val game = newGame(GameVariant.NOROCHESS)
        val clock = ClockHandle(
            TimeControl.Norochess(baseMs = 600_000u, incrementMs = 5_000u, regularMoves = 48u, overtimeMs = 15_000u),
        )
        val seen = mutableSetOf(positionKey(game.snapshot().positionText))
        var now = 0uL
        clock.start(Side.WHITE, now)
        var sawOvertime = false
        while (game.outcome() == null) {
            val before = game.snapshot()
            if (before.moveNumber == 46u && before.turn == Side.WHITE) {
                val screen = GameScreenModel(friends(GameVariant.NOROCHESS, before.positionText)) { 0uL }.state.snapshot
                assertEquals("Move 46 / 48", screen.moveCounterText)
                assertTrue(screen.finalMoves)
                assertEquals("0 – 0", screen.scoreText)
            }
            if (before.moveNumber == 52u && before.turn == Side.BLACK) {
                val screen = GameScreenModel(friends(GameVariant.NOROCHESS, before.positionText)) { 0uL }.state.snapshot
                assertEquals("Overtime 52 / 60", screen.moveCounterText)
                assertTrue(screen.overtime)
                sawOvertime = true
            }
            playQuietMove(game, seen)
            now += 1_000uL
            clock.press(now)
            if (before.moveNumber == 48u && before.turn == Side.BLACK) {
                // After Black's 48th move with level scores the game goes on.
                assertNull(game.outcome())
                val state = clock.state(now)
                // 48 moves of 1 s with +5 s each: 600 + 48 × 4 = 792 s.
                assertEquals(792_000uL, state.whiteMs)
                assertEquals(792_000uL, state.blackMs)
            }
        }
        assertTrue(sawOvertime)
        val end = game.snapshot()
        val outcome = end.outcome!!
        assertEquals(EndReason.OVERTIME_EXHAUSTED, outcome.reason)
        assertNull(outcome.winner)
        assertEquals(Scores(0u, 0u), outcome.scores)
        assertEquals(120u, end.plyCount)
        // The same moves through a session give the result dialog's sentence.
        val replay = friends(GameVariant.NOROCHESS)
        for (move in game.uciMoves()) replay.playText(move, 0u)
        assertEquals("Draw 0–0 — scores still equal after move 60", replay.snapshot(0u).resultText)
        // 12 overtime moves each earned 15 s for 1 s used.
        assertEquals(792_000uL + 12uL * 14_000uL, clock.state(now).whiteMs)
        assertEquals(60u, clock.state(now).blackMoves)

        // The record carries the whole game and reads back to the same end.
        game.setTag("White", "Ada")
        val record = game.toRecord()
        assertTrue(record.contains("[Variant \"norochess\"]"))
        assertTrue(record.contains("[Termination \"overtime exhausted\"]"))
        val again = GameHandle.fromRecord(record, null)
        assertEquals(game.sanMoves(), again.sanMoves())
        assertEquals(outcome, again.outcome())
        assertEquals("Ada", again.tag("White"))
        assertEquals(120, game.longMoves().size)

        // Review without changing the game, then take back into play again.
        assertEquals(1u, game.snapshotAt(96u).overtime!!.moveNumber - 48u)
        assertTrue(game.undo())
        assertNull(game.outcome())
        assertTrue(game.snapshot().canRedo)
        assertTrue(game.redo())
        assertFalse(game.snapshot().canRedo)
    }

    @Test
    fun `the score bar and result dialog follow the rule book`() {
        val model = GameScreenModel(friends(GameVariant.NOROCHESS, "4k3/8/8/8/8/8/8/R3K3 b - - 0 48 score=38-33")) { 0uL }
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
        val game = GameHandle(GameSetup(GameVariant.NOROCHESS960, startNumber = 0.toUShort()))
        assertTrue(game.snapshot().positionText.startsWith("bbqnnrkr/"))
        assertEquals(0.toUShort(), game.setup().startNumber)
        assertTrue(game.toRecord().contains("[Start \"0\"]"))
    }
}
