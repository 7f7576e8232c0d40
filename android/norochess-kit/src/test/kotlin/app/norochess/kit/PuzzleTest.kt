package app.norochess.kit

import app.norochess.core.LibraryHandle
import app.norochess.core.NorochessException
import app.norochess.applayer.PieceKind
import app.norochess.applayer.PuzzleAttempt
import app.norochess.applayer.PuzzleDifficulty
import app.norochess.applayer.PuzzleFeedback
import app.norochess.applayer.PuzzleHint
import app.norochess.applayer.PuzzleInfo
import app.norochess.applayer.PuzzleObjective
import app.norochess.applayer.PuzzlePhase
import app.norochess.core.PuzzleRun
import app.norochess.applayer.Scores
import app.norochess.applayer.Side
import app.norochess.core.builtinPuzzles
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.io.File
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** A known sound puzzle (format 2, no opponent's move): White wins with 1. Qxf5 Bxh2 2. Qxg4. */
const val PUZZLE_LINE =
    "t7|norochess|2r5/2q2p2/3b3r/p4p2/2nk2pp/p7/P1Q1RPPP/4KB1R w - - 0 48 score=13-13|-|win|c2f5 d6h2 f5g4|1829|"

/**
 * A puzzle that starts with the opponent's mistake, as the pack's do: Black's 29...Qd5 leaves the
 * queen to the rook, and White gains 9 points with 30. Rxd5.
 */
const val OPPONENT_MOVE_LINE =
    "g1|norochess|3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 29 score=10-10|d8d5|gain 9 in 1|d1d5|1000|"

/** Plays the player's moves of the intended line, checking each reply against it: a clean solve. */
fun solveByTheIntendedLine(session: PuzzleRun, puzzle: PuzzleInfo) {
    val line = puzzle.solution
    for (i in line.indices step 2) {
        val move = line[i]
        // Played by its squares, as a shell does (a 10x10 square like f10 has three characters).
        val board = puzzle.solutionMoves[i]
        assertEquals(move, board.uci, puzzle.id)
        val feedback = session.play(board.from, board.to, board.promotion)
        assertTrue(feedback is PuzzleFeedback.Correct, "${puzzle.id}: $move should be right, got $feedback")
        feedback as PuzzleFeedback.Correct
        assertEquals(move, feedback.played.uci)
        val last = i + 1 >= line.size
        assertEquals(last, feedback.solved, "${puzzle.id}: solved after $move")
        assertEquals(if (last) null else line[i + 1], feedback.reply?.uci, "${puzzle.id}: reply to $move")
    }
    assertEquals(PuzzlePhase.SOLVED, session.phase())
    assertEquals(PuzzleAttempt.CLEAN, session.end()?.kind)
}

class PuzzleTest {
    /** Where the runs of a test record their attempts. */
    private val library = LibraryHandle.inMemory()

    private inline fun <reified E : NorochessException> fails(vararg words: String, block: () -> Unit): E {
        val e = assertThrows<E> { block() }
        val message = e.detail
        for (word in words) assertTrue(message.contains(word), "`$message` should mention `$word`")
        return e
    }

    @Test
    fun `the built-in pack lists every puzzle of the pack file and each can be solved by its line`() {
        val puzzles = builtinPuzzles()
        // The pack is embedded in the library: compare with the file it comes from.
        val file = File("../../rust-core/puzzles/pack.txt")
        if (file.exists()) {
            val lines = file.readLines().map { it.trim() }.filter { it.isNotEmpty() && !it.startsWith("#") }
            assertEquals(lines.size, puzzles.size)
            if (lines.isNotEmpty()) assertTrue(puzzles.isNotEmpty())
        }
        assertEquals(puzzles.size, puzzles.map { it.id }.toSet().size, "ids are unique")
        for (p in puzzles) {
            val tier = when {
                p.rating < 1300u -> PuzzleDifficulty.EASY
                p.rating < 1700u -> PuzzleDifficulty.MEDIUM
                else -> PuzzleDifficulty.HARD
            }
            assertEquals(tier, p.difficulty, p.id)
            assertEquals(tier.name.lowercase(), p.difficultyId)
            // The Norochess family, and (format 3) mates of the two 10x10 games with a royal king.
            assertTrue(p.variantId in setOf("norochess", "norochess960", "ram", "frontal"), p.variantId)
            assertEquals(((p.solution.size + 1) / 2).toUInt(), p.playerMoves, p.id)
            assertEquals(p.solution.size, p.solutionSan.size)
            val sideName = if (p.player == Side.WHITE) "White" else "Black"
            assertTrue(p.objectiveText.startsWith("$sideName to play and "), p.objectiveText)
            // Every objective the pack uses is one the app can show.
            when (val o = p.objective) {
                PuzzleObjective.Win, PuzzleObjective.Save -> {}
                is PuzzleObjective.WinBy -> assertEquals("win-by ${o.margin}", p.objectiveId)
                is PuzzleObjective.Gain -> assertEquals("gain ${o.points} in ${o.moves}", p.objectiveId)
                is PuzzleObjective.Lead -> fail("${p.id}: a lead is the solver's form, never a puzzle's")
                is PuzzleObjective.Mate -> {
                    assertEquals("mate in ${o.moves}", p.objectiveId)
                    assertTrue(p.variantId == "ram" || p.variantId == "frontal", "${p.id}: a mate needs a royal king")
                    assertEquals(2 * o.moves.toInt() - 1, p.solution.size, "${p.id}: the line mates on the last move")
                }
            }
            if (p.opponentMove == null) assertEquals(p.positionText, p.positionBeforeText, p.id)
        }
        // The menu's tiers (the app groups the list itself): every tier has puzzles.
        val byTier = puzzles.groupBy { it.difficulty }
        assertEquals(PuzzleDifficulty.entries.toSet(), byTier.keys)
        for (p in puzzles) {
            // Each session holds the solver's table: free it now, not at the next GC.
            PuzzleRun(p.id, library).use { session ->
                assertEquals(p, session.puzzle())
                // The first snapshot is the player's start, with the opponent's move (if the
                // puzzle has one) as the last move on the board.
                val start = session.snapshot()
                assertEquals(p.player, start.turn)
                assertEquals(p.positionText, start.positionText, p.id)
                assertEquals(p.opponentMove, start.lastMove, p.id)
                assertEquals(if (p.opponentMove == null) 0u else 1u, start.plyCount, p.id)
                solveByTheIntendedLine(session, p)
            }
        }
    }

    @Test
    fun `a puzzle line is solved through its intended line`() {
        val session = PuzzleRun.fromLine(PUZZLE_LINE, library)
        val puzzle = session.puzzle()
        assertEquals("t7", puzzle.id)
        assertEquals(listOf("c2f5", "d6h2", "f5g4"), puzzle.solution)
        assertEquals(listOf("Qxf5", "Bxh2", "Qxg4"), puzzle.solutionSan)
        assertEquals(2u, puzzle.playerMoves)
        assertEquals(PuzzleObjective.Win, puzzle.objective)
        assertEquals("win", puzzle.objectiveId)
        assertNull(puzzle.opponentMove)
        assertEquals(puzzle.positionText, puzzle.positionBeforeText)
        assertEquals(PuzzleDifficulty.HARD, puzzle.difficulty)
        assertEquals(1829u, puzzle.rating)
        assertEquals(Side.WHITE, session.player())
        assertEquals("White to play and win — move 48, score 13–13", session.objectiveText())

        val board = session.snapshot()
        assertEquals(48u, board.moveNumber)
        assertEquals(Scores(13u, 13u), board.scores)
        assertEquals(Side.WHITE, board.turn)
        assertTrue(board.legalMoves.any { it.uci == "c2f5" })
        assertEquals(PuzzlePhase.SOLVING, session.phase())

        solveByTheIntendedLine(session, puzzle)
        val end = session.snapshot()
        assertEquals("Qxg4", end.lastMove!!.san)
        assertEquals(3u, end.plyCount)
        assertTrue(session.hint() == null)
        assertTrue(session.showNext().isEmpty())
    }

    @Test
    fun `taps choose the move, which the shell then plays`() {
        val session = PuzzleRun.fromLine(PUZZLE_LINE, library)
        assertNull(session.tap("c2"))
        assertEquals("c2", session.input().selected)
        assertTrue("f5" in session.input().targets)
        val chosen = session.tap("f5")!!
        assertEquals("c2f5", chosen.uci)
        assertEquals(0u, session.snapshot().plyCount, "chosen, not played")
        assertNull(session.input().selected)
        val feedback = session.play(chosen.from, chosen.to, chosen.promotion)
        assertTrue(feedback is PuzzleFeedback.Correct, "$feedback")
        // A drag chooses as a tap does.
        session.dragBegan("f5")
        assertEquals("f5", session.input().selected)
        assertNull(session.dragEnded(null))
        session.cancelInput()
        assertNull(session.input().selected)
    }

    @Test
    fun `an under-promotion in a puzzle goes through the picker`() {
        // np4151: Black's first move is f2f1n.
        val session = PuzzleRun("np4151", library)
        session.tap("f2")
        assertNull(session.tap("f1"), "a choice to make first")
        val picker = session.input().picker!!
        assertEquals(Side.BLACK, picker.side)
        assertFalse(picker.isResurrection)
        assertEquals(listOf("Queen (9)", "Rook (5)", "Bishop (3)", "Knight (3)"), picker.choices.map { it.label })
        val chosen = session.choosePiece(PieceKind.KNIGHT)!!
        assertEquals(PieceKind.KNIGHT, chosen.promotion)
        assertNull(session.input().picker)
        val feedback = session.play(chosen.from, chosen.to, chosen.promotion)
        assertTrue(feedback is PuzzleFeedback.Correct, "$feedback")
        session.close()
    }

    @Test
    fun `a puzzle starts after the opponent's move, which retry never takes back`() {
        val session = PuzzleRun.fromLine(OPPONENT_MOVE_LINE, library)
        val puzzle = session.puzzle()
        assertEquals(PuzzleObjective.Gain(9u, 1u), puzzle.objective)
        assertEquals("gain 9 in 1", puzzle.objectiveId)
        assertEquals("White to play and gain 9 points in one move — move 30, score 10–10", session.objectiveText())
        assertEquals(Side.WHITE, puzzle.player)
        assertEquals("3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 29 score=10-10", puzzle.positionBeforeText)
        val opponent = puzzle.opponentMove!!
        assertEquals("d8d5", opponent.uci)
        assertEquals("Qd5", opponent.san)
        assertEquals(listOf("Rxd5"), puzzle.solutionSan)

        val start = session.snapshot()
        assertEquals(puzzle.positionText, start.positionText)
        assertEquals(Side.WHITE, start.turn)
        assertEquals(30u, start.moveNumber)
        assertEquals(1u, start.plyCount)
        assertEquals(opponent, start.lastMove)

        val wrong = session.playText("h3")
        assertTrue(wrong is PuzzleFeedback.Wrong, "$wrong")
        assertTrue(session.retry())
        val again = session.snapshot()
        assertEquals(puzzle.positionText, again.positionText)
        assertEquals(opponent, again.lastMove)

        val right = session.play("d1", "d5", null)
        assertTrue(right is PuzzleFeedback.Correct && right.solved && right.reply == null, "$right")
        assertEquals(Scores(19u, 10u), session.snapshot().scores)
        assertEquals(PuzzlePhase.SOLVED, session.phase())
    }

    @Test
    fun `a line of the first format, without an opponent's move, still starts`() {
        val session = PuzzleRun.fromLine(PUZZLE_LINE.replace("|-|", "|"), library)
        assertNull(session.puzzle().opponentMove)
        assertEquals(0u, session.snapshot().plyCount)
        assertEquals(PuzzleObjective.Win, session.puzzle().objective)
    }

    @Test
    fun `a wrong move is refuted on the board and retry takes it back`() {
        val session = PuzzleRun.fromLine(PUZZLE_LINE, library)
        // The solver's work belongs off the main thread.
        val pool = Executors.newSingleThreadExecutor()
        val feedback = try {
            pool.submit<PuzzleFeedback> { session.playText("h3") }.get(30, TimeUnit.SECONDS)
        } finally {
            pool.shutdownNow()
        }
        assertTrue(feedback is PuzzleFeedback.Wrong, "$feedback")
        feedback as PuzzleFeedback.Wrong
        assertEquals("h2h3", feedback.played.uci)
        assertTrue(feedback.refutation.isNotEmpty())
        assertEquals(PuzzlePhase.WRONG, session.phase())
        val refuted = session.snapshot()
        assertEquals(1u + feedback.refutation.size.toUInt(), refuted.plyCount)
        assertEquals(feedback.refutation.last().san, refuted.lastMove!!.san)
        fails<NorochessException.GameOver>("wrong", "retry") { session.play("c2", "f5", null) }
        assertNull(session.hint())

        assertTrue(session.retry())
        assertFalse(session.retry())
        assertEquals(PuzzlePhase.SOLVING, session.phase())
        assertEquals(0u, session.snapshot().plyCount)
        assertEquals(session.puzzle().positionText, session.snapshot().positionText)

        val right = session.play("c2", "f5", null)
        assertTrue(right is PuzzleFeedback.Correct && right.reply?.uci == "d6h2", "$right")
        session.playText("Qxg4")
        assertEquals(PuzzlePhase.SOLVED, session.phase())
        assertEquals(PuzzleAttempt.SOLVED, session.end()?.kind, "a wrong move on the way: solved with help")
    }

    @Test
    fun `hints show the piece then the move and show next plays the solution`() {
        val session = PuzzleRun.fromLine(PUZZLE_LINE, library)
        assertEquals(PuzzleHint.Piece("c2", PieceKind.QUEEN), session.hint())
        val move = session.hint()
        assertTrue(move is PuzzleHint.Move && move.suggested.san == "Qxf5", "$move")
        assertEquals(PuzzleHint.Move((move as PuzzleHint.Move).suggested), session.hint())

        val shown = session.showNext()
        assertEquals(listOf("Qxf5", "Bxh2"), shown.map { it.san })
        assertEquals(PuzzlePhase.SOLVING, session.phase())
        assertEquals(PuzzleHint.Piece("f5", PieceKind.QUEEN), session.hint())
        assertEquals(listOf("Qxg4"), session.showNext().map { it.san })
        assertEquals(PuzzlePhase.SOLVED, session.phase())
        assertEquals(PuzzleAttempt.SHOWN, session.end()?.kind)
    }

    @Test
    fun `an attempt is recorded once, when it ends, under its own puzzle`() {
        val first = PuzzleRun.fromLine(PUZZLE_LINE, library)
        solveByTheIntendedLine(first, first.puzzle())
        assertEquals(null, first.leave(), "already recorded when solved")
        assertEquals(PuzzleAttempt.CLEAN, library.puzzleStatus("t7"))
        // A wrong move, then leaving: failed, and the run takes no more moves.
        val second = PuzzleRun.fromLine(OPPONENT_MOVE_LINE, library)
        assertTrue(second.playText("h3") is PuzzleFeedback.Wrong)
        assertEquals(PuzzleAttempt.FAILED, second.leave()?.kind)
        assertEquals(PuzzlePhase.LEFT, second.phase())
        fails<NorochessException.GameOver>("left") { second.playText("Rxd5") }
        assertEquals(PuzzleAttempt.FAILED, library.puzzleStatus("g1"))
        // Only looked at: nothing recorded.
        val third = PuzzleRun(builtinPuzzles().first().id, library)
        assertEquals(null, third.leave())
        assertEquals(null, library.puzzleStatus(third.puzzle().id))
        assertEquals(2u, library.puzzleStats().attempted)
    }

    @Test
    fun `unknown puzzles and malformed lines fail with their reason`() {
        fails<NorochessException.InvalidPuzzle>("no puzzle `nope`", "built-in pack") { PuzzleRun("nope", library) }
        fails<NorochessException.InvalidPuzzle>("cannot read the puzzle", "expected 8 fields") {
            PuzzleRun.fromLine("t7|norochess|win", library)
        }
        fails<NorochessException.InvalidPuzzle>("solution move 1 (c2f6)") {
            PuzzleRun.fromLine(PUZZLE_LINE.replace("c2f5 d6h2", "c2f6 d6h2"), library)
        }
        fails<NorochessException.InvalidPuzzle>("opponent's move (d8e6)") {
            PuzzleRun.fromLine(OPPONENT_MOVE_LINE.replace("|d8d5|", "|d8e6|"), library)
        }
        fails<NorochessException.InvalidPuzzle>("unknown objective `mate`") {
            PuzzleRun.fromLine(PUZZLE_LINE.replace("|win|", "|mate|"), library)
        }
        fails<NorochessException.InvalidPuzzle>("not chess") {
            PuzzleRun.fromLine(PUZZLE_LINE.replace("|norochess|", "|chess|"), library)
        }

        val session = PuzzleRun.fromLine(PUZZLE_LINE, library)
        fails<NorochessException.IllegalMove>("c2-c8", "cannot go to c8") { session.play("c2", "c8", null) }
        fails<NorochessException.InvalidSquare>("`c9`") { session.play("c2", "c9", null) }
        fails<NorochessException.IllegalMove>("cannot read move") { session.playText("hello") }
        assertEquals(PuzzlePhase.SOLVING, session.phase())
        solveByTheIntendedLine(session, session.puzzle())
        fails<NorochessException.GameOver>("puzzle is solved") { session.playText("a3") }
    }
}
