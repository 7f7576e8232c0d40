package app.norochess.kit

import app.norochess.applayer.EndReason
import app.norochess.core.LibraryHandle
import app.norochess.applayer.MoveKind
import app.norochess.core.NorochessException
import app.norochess.applayer.PieceKind
import app.norochess.applayer.SaveState
import app.norochess.applayer.Side
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class RamFrontalGameTest {
    @Test
    fun `a Ram game with a ram and a resurrection`() {
        val library = LibraryHandle.inMemory()
        val session = friends("ram", library = library)
        val model = GameScreenModel(session) { 0uL }
        val start = model.state.snapshot
        assertEquals(10u, start.board.width)
        assertNull(start.board.scores)
        assertNull(start.scoreText)
        // White's first move must be a single pawn step.
        model.tap("e2")
        assertEquals(listOf("e3"), model.state.targets)
        model.tap("c1")
        assertTrue(model.state.targets.isEmpty(), "the bishop behind its pawns has nowhere to go")
        session.cancelInput()

        for (san in "c3 i7 d4 h8 f4 e7 a4 j7 Qh4 Qe9 f5 i5 e4 Qe8 f7 d8 g4 g7 c4 c8 d5 ixh4 g6".split(" ")) {
            assertTrue(model.playText(san), "$san: ${model.state.error}")
        }
        // Black's g7 pawn rams the white pawn on g6 (a white pawn stands beside it on f7).
        model.tap("g7")
        assertTrue("g6" in model.state.targets)
        model.tap("g6")
        val afterRam = model.state.snapshot.board
        assertEquals(MoveKind.Ram, afterRam.lastMove!!.kind)
        assertEquals("gxg6", afterRam.lastMove!!.san)
        assertEquals("Ram: both pawns leave the board", model.state.snapshot.announcement)
        assertTrue(afterRam.pieces.none { it.square == "g6" || it.square == "g7" })
        assertEquals(listOf(PieceKind.QUEEN, PieceKind.PAWN), afterRam.capturedByBlack.map { it.role })

        model.playText("fxe8")
        model.playText("d6")
        // White lost only the queen, so only the queen can come back.
        val wrong = assertThrows<NorochessException.IllegalMove> { session.play("e8", "e10", PieceKind.ROOK, 0u) }
        assertEquals("e8-e10 cannot become a rook: the choices are queen", wrong.detail)
        assertEquals("e8-e10", wrong.moveText)
        // With one choice the screen plays it without a picker.
        model.tap("e8")
        model.tap("e10")
        val end = model.state.snapshot.board
        assertNull(model.state.picker)
        assertEquals("e10=Q+", end.lastMove!!.san)
        assertEquals(PieceKind.QUEEN, end.lastMove!!.promotion)
        assertEquals("f10", end.checkSquare)
        assertEquals(27, model.state.snapshot.moves.size)

        assertTrue(model.resign(Side.BLACK))
        assertEquals(EndReason.RESIGNATION, model.state.snapshot.result!!.reason)
        assertEquals("White wins — Black resigned", model.state.snapshot.resultText)
        assertTrue(session.record(0u).contains("[Variant \"ram\"]"))
        // Saved with every move: the library reads the game back with its ram and resurrection.
        val saved = model.state.snapshot.saveState as SaveState.Saved
        val again = library.load(saved.gameId, 0u).snapshot(0u)
        assertEquals("ram", again.board.setup.game)
        assertEquals(model.state.snapshot.moves, again.moves)
        assertEquals(EndReason.RESIGNATION, again.result!!.reason)
        assertEquals(PieceKind.QUEEN, again.board.lastMove!!.promotion)
    }

    @Test
    fun `a Frontal game with a swap and a dethronement`() {
        val session = friends("frontal")
        val model = GameScreenModel(session) { 0uL }
        // White's first pawn move may not be a double step.
        model.tap("e2")
        assertEquals(listOf("e3"), model.state.targets)
        session.cancelInput()
        for (san in listOf("a3", "e8", "a5", "a8", "a7")) assertTrue(model.playText(san), san)
        // Black's a8 pawn swaps with the white pawn in front of it.
        model.tap("a8")
        model.tap("a7")
        val swap = model.state.snapshot.board.lastMove!!
        assertEquals(MoveKind.Swap, swap.kind)
        assertEquals("a~a7", swap.san)
        assertFalse(swap.isCapture)
        val pieces = model.state.snapshot.board.pieces.associate { it.square to it.piece.color }
        assertEquals(Side.WHITE, pieces["a8"])
        assertEquals(Side.BLACK, pieces["a7"])
        // Both queens are on the board: reaching the last rank dethrones.
        model.tap("a8")
        model.tap("a10")
        val end = model.state.snapshot.board
        assertNull(model.state.picker)
        assertEquals(MoveKind.Dethrone, end.lastMove!!.kind)
        assertEquals("a10^", end.lastMove!!.san)
        assertEquals("a8-a10^", end.lastMove!!.long)
        assertEquals("Dethronement: the pawn and the queen leave the board", model.state.snapshot.announcement)
        assertTrue(end.pieces.none { it.piece.role == PieceKind.QUEEN && it.piece.color == Side.BLACK })
        assertTrue(end.pieces.none { it.square == "a10" || it.square == "a8" })
        assertEquals(listOf(PieceKind.QUEEN), end.capturedByWhite.map { it.role })
        assertEquals(listOf("a3", "e8", "a5", "a8", "a7", "a~a7", "a10^"), model.state.snapshot.moves.map { it.san })
        assertEquals(listOf("1. a3 e8", "2. a5 a8", "3. a7 a~a7", "4. a10^"), model.state.snapshot.moveRows)

        assertTrue(model.offerDraw())
        assertEquals(Side.BLACK, model.state.snapshot.drawOffer)
        assertTrue(model.acceptDraw())
        assertEquals("Draw — draw agreed", model.state.snapshot.resultText)
        // A takeback after an agreed draw takes back the agreement only.
        assertTrue(model.takeBack())
        assertNull(model.state.snapshot.result)
        assertEquals(7u, model.state.snapshot.plyCount)
        assertTrue(model.takeBack())
        assertEquals(6u, model.state.snapshot.plyCount)
    }
}
