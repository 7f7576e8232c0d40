package app.norochess.rail

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.onAllNodesWithTag
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performTextReplacement
import androidx.compose.ui.test.runComposeUiTest
import app.norochess.android.present.Screen
import app.norochess.android.ui.Feedback
import app.norochess.applayer.PuzzleOrigin
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * The position editor refusing an impossible position with its message,
 * then a legal one; the composer proving the one-answer puzzle, saving it
 * to My puzzles and sharing its line; the line imported back and solved
 * through the puzzle screen.
 */
@OptIn(ExperimentalTestApi::class)
class ComposerFlowTest {
    private val puzzlePosition = "7k/8/8/3n4/8/8/8/3Q3K w - - 0 48 score=36-38"

    @Test
    fun anImpossiblePositionIsRefusedThenALegalOneCanBeComposedFrom() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            click("nav-editor")
            assertEquals(Screen.EDITOR, h.app.screen.value)
            val editor = assertNotNull(h.app.editor.value)
            val ui = { editor.ui.value }
            assertTrue(ui().playable, "the start position")
            onNodeWithTag("editor-compose").performScrollTo().assertIsEnabled()
            // A white pawn on White's back rank.
            click("tool-wP")
            tapSquare("a1")
            assertEquals(app.norochess.android.ui.PieceUi(true, app.norochess.android.ui.PieceKind.PAWN), ui().board.pieces["a1"])
            val problem = ui().problems.firstOrNull { it.contains("a1") }
            assertNotNull(problem, ui().problems.toString())
            assertTrue("a1" in ui().board.marked, "the problem's square is framed")
            onNodeWithTag("editor-problem-0").performScrollTo().assertIsDisplayed()
            onNodeWithTag("editor-compose").performScrollTo().assertIsNotEnabled()
            onNodeWithTag("editor-analyse").assertIsNotEnabled()
            onNodeWithTag("editor-play").assertIsNotEnabled()
            // The rook back: playable again.
            click("tool-wR")
            tapSquare("a1")
            assertTrue(ui().problems.isEmpty(), ui().problems.toString())
            onNodeWithTag("editor-compose").performScrollTo().assertIsEnabled()
            // Scores the material cannot explain are named too.
            onNodeWithTag("score-white").performScrollTo().performTextReplacement("30")
            waitForIdle()
            assertTrue(ui().problems.isNotEmpty(), "30 points at move 1")
            onNodeWithTag("editor-compose").performScrollTo().assertIsNotEnabled()
            onNodeWithTag("score-white").performTextReplacement("0")
            waitForIdle()
            assertTrue(ui().playable)
            // Play from here: a game against the computer from the position, the player on the side to move.
            click("editor-play")
            waitUntil(timeoutMillis = 10_000) { h.app.screen.value == Screen.GAME }
            assertTrue(h.game.board.whiteAtBottom, "White to move: the player has White")
            assertTrue(h.game.board.interactive)
            assertEquals(ui().board.pieces, h.game.board.pieces)
            // System back returns to the editor the game was set up in (the bar's Home goes home).
            runOnIdle { assertTrue(h.app.back()) }
            waitForIdle()
            assertEquals(Screen.EDITOR, h.app.screen.value)
            // Chess: castling rights as switches; Ram chess: White's opening restriction.
            click("editor-game-chess")
            assertEquals(listOf(true, true, true, true), ui().castling)
            assertNull(ui().openingPending)
            click("castling-0")
            assertEquals(listOf(false, true, true, true), ui().castling)
            click("editor-game-ram")
            assertNull(ui().castling)
            assertEquals(true, ui().openingPending)
            assertEquals(10, ui().board.width)
            click("opening-pending")
            assertEquals(false, ui().openingPending)
        }
    }

    @Test
    fun aPuzzleComposedSavedSharedImportedBackAndSolved() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            // The position on the analysis board, which proves its end.
            runOnIdle { h.app.openAnalysisOf("norochess", puzzlePosition) }
            waitForIdle()
            val analysis = assertNotNull(h.app.analysis.value)
            waitUntil(timeoutMillis = 30_000) { analysis.ui.value.exact != null }
            assertEquals("Exact: White wins by 1", analysis.ui.value.exact)
            click("analysis-compose")
            assertEquals(Screen.COMPOSER, h.app.screen.value)
            val composer = assertNotNull(h.app.composer.value)
            val ui = { composer.ui.value }
            assertEquals("win", ui().objectiveId)
            assertEquals(listOf("win", "win-by", "save", "gain"), ui().objectives.map { it.id })
            // A number out of range is refused before the solver is asked.
            click("objective-win-by")
            onNodeWithTag("objective-points").performTextReplacement("0")
            waitForIdle()
            assertNotNull(ui().numbersProblem)
            onNodeWithTag("compose-prove").assertIsNotEnabled()
            click("objective-win")
            click("compose-prove")
            waitUntil(timeoutMillis = 60_000) { !ui().proving && (ui().solution != null || ui().reason != null) }
            assertNull(ui().reason)
            val solution = assertNotNull(ui().solution)
            assertTrue(solution.startsWith("Qxd5"), solution)
            // The proof ends on the solver's thread: the state can hold the solution a frame before the screen draws
            // it (CI, under load, looked in between).
            waitUntil(timeoutMillis = 10_000) {
                onAllNodesWithTag("compose-solution", useUnmergedTree = true).fetchSemanticsNodes().isNotEmpty()
            }
            onNodeWithTag("compose-solution", useUnmergedTree = true).performScrollTo().assertIsDisplayed()
            click("compose-save")
            assertEquals(Goldens.strings.raw("composer_saved"), ui().saved)
            val saved = h.library.myPuzzles().puzzles.single()
            assertEquals(PuzzleOrigin.COMPOSED, saved.origin)
            click("compose-share")
            val line = h.shared.single()
            assertEquals(saved.puzzle.shareText, line)
            assertTrue(!line.contains('\n'), line)

            // Another player: the line pasted into My puzzles (here after deleting ours, with the confirmation).
            click("top-back")
            assertEquals(Screen.ANALYSIS, h.app.screen.value)
            click("top-back")
            assertEquals(Screen.HOME, h.app.screen.value)
            click("nav-puzzles")
            click("my-puzzles")
            assertEquals(Screen.MY_PUZZLES, h.app.screen.value)
            val id = saved.puzzle.id
            onNodeWithTag("my-puzzle-$id").performScrollTo().assertIsDisplayed()
            click("delete-puzzle-$id")
            click("delete-puzzle-confirm")
            assertTrue(h.library.myPuzzles().puzzles.isEmpty())
            onNodeWithTag("import-text").performTextReplacement(line)
            click("import")
            waitUntil(timeoutMillis = 60_000) { !h.app.myPuzzles.value.importing }
            val message = assertNotNull(h.app.myPuzzles.value.importMessage)
            assertTrue(!h.app.myPuzzles.value.importFailed, message)
            val imported = h.library.myPuzzles().puzzles.single()
            assertEquals(PuzzleOrigin.IMPORTED, imported.origin)
            assertEquals(line, imported.puzzle.shareText)
            onNodeWithTag("my-puzzle-$id").performScrollTo().assertIsDisplayed()

            // Solved through the puzzle screen like a built-in one.
            click("solve-$id")
            assertEquals(Screen.PUZZLE, h.app.screen.value)
            val puzzle = assertNotNull(h.app.puzzle.value)
            assertEquals(id, puzzle.puzzle.id)
            tapSquare("d1")
            tapSquare("d5")
            waitUntil(timeoutMillis = 30_000) { puzzle.ui.value.feedback == Feedback.SOLVED }
            click("my-puzzles")
            val row = h.app.myPuzzles.value.puzzles.single()
            assertEquals(h.library.myPuzzles().puzzles.single().statusText, row.status)
        }
    }
}
