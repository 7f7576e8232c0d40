package app.norochess.kit

import app.norochess.applayer.PuzzleFeedback
import app.norochess.applayer.PuzzleOrigin
import app.norochess.applayer.composerObjectives
import app.norochess.core.LibraryHandle
import app.norochess.core.NorochessException
import app.norochess.core.PuzzleRun
import app.norochess.core.composePuzzle
import app.norochess.core.importPuzzle
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** The puzzle composer across the boundary: a composed puzzle's one line, shared and imported back by another copy of the app. */
class ComposerTest {
    /** One answer: Qxd5 takes the knight and wins 39–38 at move 48. */
    private val position = "7k/8/8/3n4/8/8/8/3Q3K w - - 0 48 score=36-38"

    @Test
    fun aComposedPuzzleSharedAsTextRoundTripsThroughImport() = runBlocking {
        val win = composerObjectives().first { it.id == "win" }.objective(0u, 0u)
        val composed = composePuzzle("norochess", position, requireNotNull(win) { "win takes no numbers" })
        assertEquals("Qxd5", composed.solution.first())
        assertFalse(composed.shareText.contains('\n'), "one line: ${composed.shareText}")

        // Another copy of the app: its own library, the line pasted.
        val imported = importPuzzle(composed.shareText)
        assertEquals(composed.id, imported.id)
        assertEquals(composed.solution, imported.solution)
        assertEquals(composed.shareText, imported.shareText)
        LibraryHandle.inMemory().use { library ->
            assertTrue(library.saveMyPuzzle(imported.shareText, PuzzleOrigin.IMPORTED))
            assertFalse(library.saveMyPuzzle(imported.shareText, PuzzleOrigin.IMPORTED), "kept once")
            val mine = library.myPuzzles().puzzles.single()
            assertEquals(PuzzleOrigin.IMPORTED, mine.origin)
            // Solved like a built-in puzzle.
            PuzzleRun.fromLine(mine.puzzle.shareText, library).use { run ->
                val feedback = run.playText("Qxd5")
                assertTrue(feedback is PuzzleFeedback.Correct && feedback.solved, "$feedback")
            }
        }
    }

    @Test
    fun aLineThatIsNotAPuzzleIsRefusedWithTheReason() = runBlocking {
        val error = assertThrows<NorochessException> { runBlocking { importPuzzle("not a puzzle") } }
        assertTrue(error.detail.contains("not a Norochess puzzle"), error.detail)
    }
}
