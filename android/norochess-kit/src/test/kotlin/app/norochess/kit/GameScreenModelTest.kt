package app.norochess.kit

import app.norochess.applayer.ColourChoice
import app.norochess.applayer.ComputerMove
import app.norochess.core.GameSessionHandle
import app.norochess.applayer.GameSetup
import app.norochess.applayer.NewGame
import app.norochess.applayer.OpponentChoice
import app.norochess.applayer.PieceKind
import app.norochess.applayer.Side
import app.norochess.applayer.TimeControl
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class GameScreenModelTest {
    @Test
    fun `select, reselect, deselect and tap-tap to move`() {
        val model = GameScreenModel(friends("norochess")) { 0uL }
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
        val played = model.tap("e4")
        assertEquals("e4", played?.san, "the tap returns the move it played")
        val state = model.state
        assertNull(state.selected)
        assertTrue(state.targets.isEmpty())
        assertEquals("e4", state.snapshot.board.lastMove!!.san)
        assertEquals("Black to move (Bob)", state.snapshot.statusText)
        assertEquals("Move 1 / 48", state.snapshot.moveCounterText)
        assertTrue(changes >= 7)
    }

    /** The knights' dance that brings the start position back a third time on Black's 8th ply. */
    private val dance = listOf("g1" to "f3", "g8" to "f6", "f3" to "g1", "f6" to "g8", "g1" to "f3", "g8" to "f6", "f3" to "g1")

    @Test
    fun `a move that would lose by repetition is asked about first`() {
        val model = GameScreenModel(friends("norochess")) { 0uL }
        for ((from, to) in dance) {
            model.tap(from)
            model.tap(to)
            assertNull(model.state.repetitionQuestion, "$from-$to")
        }
        assertEquals(7u, model.state.snapshot.plyCount)
        model.tap("f6")
        model.tap("g8") // the start position a third time: Black would lose
        val question = model.state.repetitionQuestion!!
        assertEquals("f6" to "g8", question.from to question.to)
        assertTrue(question.text.contains("third time"), question.text)
        assertEquals(7u, model.state.snapshot.plyCount, "nothing played while asking")
        model.tap("e7")
        assertNotNull(model.state.repetitionQuestion, "the board takes no taps while asking")
        model.cancelInput()
        assertNull(model.state.repetitionQuestion)
        assertNull(model.state.selected)
        assertEquals(7u, model.state.snapshot.plyCount)
        model.tap("f6")
        model.tap("g8")
        assertEquals("Ng8", model.confirmRepetition()?.san)
        assertNull(model.state.repetitionQuestion)
        assertEquals(8u, model.state.snapshot.plyCount)
        assertTrue(model.state.snapshot.resultText?.startsWith("White wins") == true, "${model.state.snapshot.resultText}")
    }

    @Test
    fun `with the warning turned off the move is played at once`() {
        val model = GameScreenModel(friends("norochess")) { 0uL }
        model.askBeforeRepetition = false
        for ((from, to) in dance + ("f6" to "g8")) {
            model.tap(from)
            model.tap(to)
        }
        assertNull(model.state.repetitionQuestion)
        assertEquals(8u, model.state.snapshot.plyCount)
        assertTrue(model.state.snapshot.result != null)
    }

    @Test
    fun `the setting is forwarded when it changes`() {
        val model = GameScreenModel(friends("norochess")) { 0uL }
        for ((from, to) in dance) {
            model.tap(from)
            model.tap(to)
        }
        model.askBeforeRepetition = false
        model.askBeforeRepetition = true
        model.tap("f6")
        model.tap("g8")
        assertNotNull(model.state.repetitionQuestion)
    }

    @Test
    fun `a drag selects and moves`() {
        val model = GameScreenModel(friends("norochess")) { 0uL }
        model.dragBegan("g1")
        assertEquals("g1", model.state.selected)
        assertEquals(listOf("f3", "h3"), model.state.targets.sorted())
        assertNull(model.dragEnded(null), "off the board: nothing played")
        assertEquals(0u, model.state.snapshot.plyCount)
        model.dragBegan("g1")
        assertEquals("Nf3", model.dragEnded("f3")?.san)
        assertEquals(1u, model.state.snapshot.plyCount)
        assertNull(model.state.selected)
    }

    @Test
    fun `a bad square name shows as an error`() {
        val model = GameScreenModel(friends("norochess")) { 0uL }
        assertNull(model.tap("z9"))
        assertNotNull(model.state.error)
        model.tap("e2")
        assertNull(model.state.error)
        assertEquals("e2", model.state.selected)
    }

    @Test
    fun `a clock tick keeps the selected piece`() {
        var now = 0uL
        val model = GameScreenModel(friends("norochess", clock = TimeControl.SuddenDeath(60_000u))) { now }
        model.tap("e2")
        model.tap("e4") // the clock starts with White's first move
        model.tap("g8")
        now = 1_000uL
        model.tick()
        assertEquals("g8", model.state.selected)
        assertEquals(listOf("f6", "h6"), model.state.targets.sorted())
        assertEquals(59_000uL, model.state.snapshot.clock!!.blackMs)
    }

    @Test
    fun `the promotion picker offers the legal choices`() {
        val model = GameScreenModel(friends("norochess", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 31 score=19-15")) { 0uL }
        assertEquals("19 – 15", model.state.snapshot.scoreText)
        assertEquals("Move 31 / 48", model.state.snapshot.moveCounterText)
        model.tap("a7")
        assertEquals(listOf("a8", "b8"), model.state.targets)
        model.tap("b8")
        val picker = model.state.picker!!
        assertEquals(listOf(PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT), picker.choices.map { it.kind })
        assertEquals(listOf("Queen (9)", "Rook (5)", "Bishop (3)", "Knight (3)"), picker.choices.map { it.label })
        assertEquals("a7" to "b8", picker.from to picker.to)
        assertEquals(Side.WHITE, picker.side)
        assertFalse(picker.isResurrection)
        assertEquals("Choose a piece", picker.title)
        model.tap("e1") // board taps wait for the choice
        assertNotNull(model.state.picker)
        model.cancelInput()
        assertNull(model.state.picker)
        assertEquals(0u, model.state.snapshot.plyCount)
        model.tap("a7")
        model.tap("b8")
        assertEquals("axb8=N", model.choosePiece(PieceKind.KNIGHT)?.san)
        assertEquals("axb8=N", model.state.snapshot.board.lastMove!!.san)
        assertEquals("22 – 15", model.state.snapshot.scoreText)
        assertEquals(listOf("31. axb8=N"), model.state.snapshot.moveRows)
    }

    @Test
    fun `chess labels its picker without points`() {
        val model = GameScreenModel(friends("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 40")) { 0uL }
        model.tap("a7")
        model.tap("a8")
        assertEquals(listOf("Queen", "Rook", "Bishop", "Knight"), model.state.picker!!.choices.map { it.label })
    }

    @Test
    fun `refusals show as errors and the game goes on`() {
        val model = GameScreenModel(friends("chess")) { 0uL }
        assertFalse(model.playText("Ke2"))
        assertTrue(model.state.error!!.contains("Ke2"))
        assertFalse(model.takeBack())
        assertEquals("there is no move to take back", model.state.error)
        assertTrue(model.playText("e4"))
        assertNull(model.state.error)
        assertTrue(model.takeBack())
        assertEquals(0u, model.state.snapshot.plyCount)
        assertTrue(model.state.snapshot.canRedo)
        assertTrue(model.redo())
        assertEquals(1u, model.state.snapshot.plyCount)
        assertEquals(listOf("1. e4"), model.state.snapshot.moveRows)
    }

    @Test
    fun `against the computer the board takes no input on its turn`() = runBlocking {
        val session = GameSessionHandle(
            NewGame(
                setup = GameSetup("norochess"),
                opponent = OpponentChoice.Computer(1u, ColourChoice.BLACK),
            ),
            null,
        )
        val model = GameScreenModel(session) { 0uL }
        assertEquals(Side.BLACK, model.state.snapshot.bottom)
        assertFalse(model.state.snapshot.canMove)
        model.tap("e7")
        assertNull(model.state.selected) // no legal moves on the computer's turn
        val answer = model.computerMove()
        assertTrue(answer is ComputerMove.Played, "$answer")
        assertTrue(model.state.snapshot.canMove)
        assertFalse(model.state.snapshot.thinking)
        model.tap("e7")
        assertEquals("e7", model.state.selected)
        model.flip()
        assertEquals(Side.WHITE, model.state.snapshot.bottom)
        assertTrue(model.resign())
        assertEquals("White wins 0–0 — Black resigned", model.state.snapshot.resultText)
    }

    @Test
    fun `overtime badge from a puzzle-like position`() {
        val snapshot = GameScreenModel(friends("norochess", "4k3/8/8/8/8/8/8/4K3 w - - 0 52 score=20-20")) { 0uL }.state.snapshot
        assertEquals("Overtime 52 / 60", snapshot.moveCounterText)
        assertTrue(snapshot.overtime)
        assertEquals("20 – 20", snapshot.scoreText)
    }
}
