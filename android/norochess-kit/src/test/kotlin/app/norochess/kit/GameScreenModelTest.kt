package app.norochess.kit

import app.norochess.core.GameHandle
import app.norochess.core.GameSetup
import app.norochess.core.GameVariant
import app.norochess.core.PieceKind
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class GameScreenModelTest {
    @Test
    fun `select, reselect, deselect and tap-tap to move`() {
        val model = GameScreenModel(newGame(GameVariant.NOROCHESS))
        var changes = 0
        model.onChange = { changes++ }
        model.tap("e4") // empty square: nothing selected
        assertNull(model.state.selected)
        model.tap("e7") // the opponent's piece
        assertNull(model.state.selected)
        model.tap(6, 0) // g1
        assertEquals("g1", model.state.selected)
        assertEquals(listOf("f3", "h3"), model.state.targets.sorted())
        model.tap("e2") // another own piece: reselect
        assertEquals(listOf("e3", "e4"), model.state.targets)
        model.tap("e2") // same square: deselect
        assertNull(model.state.selected)
        model.tap("e2")
        model.tap("e4")
        val state = model.state
        assertNull(state.selected)
        assertTrue(state.targets.isEmpty())
        assertEquals("e4", state.snapshot.lastMove!!.san)
        assertEquals("Black to move", state.statusText)
        assertEquals("Move 1 / 48", state.moveCounterText)
        assertTrue(changes >= 7)
    }

    @Test
    fun `the promotion picker offers the legal choices`() {
        val game = GameHandle.fromPosition(GameSetup(GameVariant.NOROCHESS), "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 31 score=19-15")
        val model = GameScreenModel(game)
        assertEquals("19 – 15", model.state.scoreText)
        assertEquals("Move 31 / 48", model.state.moveCounterText)
        model.tap("a7")
        assertEquals(listOf("a8", "b8"), model.state.targets)
        model.tap("b8")
        val picker = model.state.promotionPicker!!
        assertEquals(listOf(PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT), picker.choices)
        model.tap("e1") // board taps wait for the choice
        assertNotNull(model.state.promotionPicker)
        model.cancelPromotion()
        assertNull(model.state.promotionPicker)
        assertEquals(0u, model.state.snapshot.plyCount)
        model.tap("a7")
        model.tap("b8")
        model.choosePromotion(PieceKind.KNIGHT)
        assertEquals("axb8=N", model.state.snapshot.lastMove!!.san)
        assertEquals("22 – 15", model.state.scoreText)
        assertEquals(listOf("31. axb8=N"), model.moveListText())
    }

    @Test
    fun `errors show and the game goes on`() {
        val model = GameScreenModel(newGame(GameVariant.CHESS))
        assertTrue(!model.playText("Ke2"))
        assertTrue(model.state.error!!.contains("Ke2"))
        assertTrue(model.playText("e4"))
        assertNull(model.state.error)
        model.takeBack()
        assertEquals(0u, model.state.snapshot.plyCount)
        model.redo()
        assertEquals(1u, model.state.snapshot.plyCount)
        assertEquals(listOf("1. e4"), model.moveListText())
    }

    @Test
    fun `overtime badge from a puzzle-like position`() {
        val game = GameHandle.fromPosition(GameSetup(GameVariant.NOROCHESS), "4k3/8/8/8/8/8/8/4K3 w - - 0 52 score=20-20")
        val state = GameScreenModel(game).state
        assertEquals("Overtime 52 / 60", state.moveCounterText)
        assertTrue(state.isOvertime)
        assertEquals("20 – 20", state.scoreText)
    }
}
