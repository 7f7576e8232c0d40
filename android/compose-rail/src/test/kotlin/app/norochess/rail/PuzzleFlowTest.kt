package app.norochess.rail

import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.runComposeUiTest
import app.norochess.android.present.Screen
import app.norochess.android.ui.Feedback
import app.norochess.android.ui.Str
import app.norochess.applayer.PuzzleDifficulty
import app.norochess.applayer.PuzzleFilter
import app.norochess.core.LibraryHandle
import app.norochess.core.PuzzleRun
import app.norochess.core.builtinPuzzles
import app.norochess.core.puzzleFilterAllSolvedText
import app.norochess.core.puzzleFilterText
import app.norochess.core.puzzleFilterWithTier
import app.norochess.core.puzzleThemeChoices
import androidx.compose.ui.test.assertTextEquals
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** A built-in puzzle solved through the screen: one wrong move, a retry, a hint, then the solution. */
@OptIn(ExperimentalTestApi::class)
class PuzzleFlowTest {
    @Test
    fun puzzleSolvedWithOneWrongMoveAndAHint() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            click("nav-puzzles")
            assertEquals(Screen.PUZZLE, h.app.screen.value)
            val controller = h.app.puzzle.value!!
            val info = controller.puzzle
            val ui = { controller.ui.value }
            onNodeWithTag("objective").assertIsDisplayed()
            assertTrue(ui().objective.isNotBlank())
            // A puzzle that starts with the opponent's move says so, and the board marks it.
            val opponentMove = info.opponentMove
            if (opponentMove != null) {
                onNodeWithTag("opponent-move").assertIsDisplayed()
                assertTrue(ui().opponentMove!!.endsWith(" played ${opponentMove.san}"), ui().opponentMove!!)
                assertEquals(listOf(opponentMove.from, opponentMove.to), ui().board.lastMove)
            } else {
                assertNull(ui().opponentMove)
            }
            assertEquals(info.player == app.norochess.applayer.Side.WHITE, ui().board.whiteAtBottom, "oriented for the side to move")

            // A wrong move: one the solver refutes (checked on scratch runs first, kept in a scratch library).
            val scratchLibrary = LibraryHandle.inMemory()
            val scratch = PuzzleRun(info.id, scratchLibrary)
            val wrong = scratch.snapshot().legalMoves.first { m ->
                m.uci != info.solution[0] && PuzzleRun(info.id, scratchLibrary).use { it.play(m.from, m.to, m.promotion) } is app.norochess.applayer.PuzzleFeedback.Wrong
            }
            scratch.close()
            scratchLibrary.close()
            tapSquare(wrong.from)
            tapSquare(wrong.to)
            waitUntil(timeoutMillis = 30_000) { ui().feedback != null }
            assertEquals(Feedback.WRONG, ui().feedback)
            onNodeWithTag("feedback").assertIsDisplayed()
            onNodeWithText(Goldens.strings.raw("action_retry")).performClickAndWait(this)
            assertNull(ui().feedback)

            // A hint: first the piece.
            onNodeWithText(Goldens.strings.raw("action_hint")).performClickAndWait(this)
            waitUntil(timeoutMillis = 30_000) { ui().hint != null }
            val from = info.solutionMoves[0].from
            assertTrue(ui().hint!!.contains(from), ui().hint!!)
            onNodeWithTag("puzzle-hint").assertIsDisplayed()

            // The solution, move by move; the opponent answers by itself.
            playSolutionByTaps(info.solutionMoves, ui)
            assertEquals(Feedback.SOLVED, ui().feedback)
            assertEquals(1, ui().solved)
            assertEquals(1, h.library.puzzleStats().solved.toInt())
            assertEquals(app.norochess.applayer.PuzzleAttempt.SOLVED, h.library.puzzleStatus(info.id), "solved, not cleanly")
            onNodeWithTag("puzzle-rating").assertIsDisplayed()
            assertTrue(ui().rating!!.startsWith("Puzzle rating"), ui().rating!!)
            onNodeWithText(Goldens.strings.raw("action_next")).performClickAndWait(this)
            assertTrue(controller.puzzle.id != info.id)

            // By difficulty, and the daily puzzle.
            click("set-HARD")
            assertEquals(app.norochess.applayer.PuzzleDifficulty.HARD, controller.puzzle.difficulty)
            assertTrue(ui().title.endsWith(Goldens.strings.raw("tier_hard")), ui().title)
            click("set-DAILY")
            assertEquals(controller.dailyPuzzle()?.id, controller.puzzle.id)
            onNodeWithText(Goldens.strings.raw("action_next")).performClickAndWait(this)
            assertEquals(controller.dailyPuzzle()?.id, controller.puzzle.id, "one puzzle a day")
        }
    }

    /**
     * A theme chosen in the picker beside the tier: Next keeps to it (and to the tier), the choice is shown in the app
     * layer's words, a new tier keeps the theme when it has puzzles of it and otherwise drops it (the app layer's
     * puzzleFilterWithTier), and every puzzle of the choice solved cleanly comes round again with the app layer's sentence.
     */
    @Test
    fun aThemeChosenInThePickerKeepsNextToIt() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            click("nav-puzzles")
            val controller = h.app.puzzle.value!!
            val ui = { controller.ui.value }
            val s = Goldens.strings
            val pack = builtinPuzzles()
            fun shown(filter: PuzzleFilter) = s.get(Str.puzzle_next_from, puzzleFilterText(filter))
            onNodeWithTag("puzzle-filter", useUnmergedTree = true).assertTextEquals(shown(PuzzleFilter(null, null)))

            // The picker lists the app layer's themes of every tier, with their counts.
            click("theme-menu")
            assertTrue(ui().themeMenuOpen)
            onNodeWithTag("theme-dialog").assertIsDisplayed()
            assertEquals(puzzleThemeChoices(null).map { it.id to it.count.toInt() }, ui().themes.map { it.id to it.count })
            click("theme-fork")
            assertTrue(!ui().themeMenuOpen, "the picker closes on a choice")
            val forks = pack.filter { "fork" in it.themes }.map { it.id }
            assertEquals(forks[0], controller.puzzle.id, "the first fork of the pack")
            onNodeWithTag("puzzle-filter", useUnmergedTree = true).assertTextEquals(shown(PuzzleFilter(null, "fork")))
            onNodeWithTag("theme-menu").assertTextEquals("Fork")

            // Next keeps to the theme: the pack's next forks, not its next puzzles.
            for (i in 1..3) {
                onNodeWithText(s.raw("action_next")).performClickAndWait(this)
                assertEquals(forks[i], controller.puzzle.id)
                assertTrue("fork" in controller.puzzle.themes)
            }

            // A tier that has forks keeps the theme (the app layer's rule), and Next keeps to both; the picker then
            // counts the tier's puzzles.
            assertEquals(PuzzleFilter(PuzzleDifficulty.HARD, "fork"), puzzleFilterWithTier(PuzzleFilter(null, "fork"), PuzzleDifficulty.HARD))
            click("set-HARD")
            assertEquals("fork", ui().theme, "hard puzzles have forks: the theme is kept")
            assertEquals(PuzzleDifficulty.HARD, controller.puzzle.difficulty)
            assertTrue("fork" in controller.puzzle.themes)
            onNodeWithTag("puzzle-filter", useUnmergedTree = true).assertTextEquals(shown(PuzzleFilter(PuzzleDifficulty.HARD, "fork")))
            onNodeWithTag("theme-menu").assertTextEquals("Fork")
            onNodeWithText(s.raw("action_next")).performClickAndWait(this)
            assertEquals(PuzzleDifficulty.HARD, controller.puzzle.difficulty)
            assertTrue("fork" in controller.puzzle.themes)
            click("theme-menu")
            assertEquals(puzzleThemeChoices(PuzzleDifficulty.HARD).map { it.id to it.count.toInt() }, ui().themes.map { it.id to it.count })
            click("theme-any")
            onNodeWithTag("puzzle-filter", useUnmergedTree = true).assertTextEquals(shown(PuzzleFilter(PuzzleDifficulty.HARD, null)))
            assertEquals(PuzzleDifficulty.HARD, controller.puzzle.difficulty)

            // The smallest theme that some tier lacks (its puzzles without a promotion, to be played by taps), chosen
            // over every tier: each of its puzzles solved cleanly by taps in turn, Next then brings the first round
            // again, said.
            click("set-ALL")
            val tiers = listOf(PuzzleDifficulty.EASY, PuzzleDifficulty.MEDIUM, PuzzleDifficulty.HARD)
            val rare = puzzleThemeChoices(null).filter { c ->
                val of = pack.filter { c.id in it.themes }
                of.all { p -> p.solutionMoves.all { it.promotion == null } } && tiers.any { t -> of.none { it.difficulty == t } }
            }.minBy { it.count }
            val rarePuzzles = pack.filter { rare.id in it.themes }
            assertEquals(rare.count.toInt(), rarePuzzles.size)
            click("theme-menu")
            click("theme-${rare.id}")
            for ((k, rarePuzzle) in rarePuzzles.withIndex()) {
                if (k > 0) onNodeWithText(s.raw("action_next")).performClickAndWait(this)
                assertEquals(rarePuzzle.id, controller.puzzle.id)
                assertNull(ui().notice)
                playSolutionByTaps(rarePuzzle.solutionMoves, ui)
                assertEquals(Feedback.SOLVED, ui().feedback)
                assertEquals(app.norochess.applayer.PuzzleAttempt.CLEAN, h.library.puzzleStatus(rarePuzzle.id))
            }
            onNodeWithText(s.raw("action_next")).performClickAndWait(this)
            assertEquals(rarePuzzles[0].id, controller.puzzle.id)
            assertEquals(puzzleFilterAllSolvedText(PuzzleFilter(null, rare.id)), ui().notice)
            assertNull(ui().feedback, "a new attempt of the same puzzle")
            onNodeWithTag("puzzle-notice", useUnmergedTree = true).assertIsDisplayed()

            // A tier without that theme drops it (the app layer's rule): any theme, the tier's first puzzle, no
            // "the pack has none" sentence, the button and the choice in words say so.
            val without = tiers.first { t -> rarePuzzles.none { it.difficulty == t } }
            assertEquals(PuzzleFilter(without, null), puzzleFilterWithTier(PuzzleFilter(null, rare.id), without))
            click("set-$without")
            assertNull(ui().theme, "the theme the tier lacks is dropped")
            assertEquals(without, controller.puzzle.difficulty)
            assertEquals(pack.first { it.difficulty == without }.id, controller.puzzle.id, "the tier's first puzzle, any theme")
            assertNull(ui().notice)
            onNodeWithTag("puzzle-notice", useUnmergedTree = true).assertDoesNotExist()
            onNodeWithTag("puzzle-filter", useUnmergedTree = true).assertTextEquals(shown(PuzzleFilter(without, null)))
            onNodeWithTag("theme-menu").assertTextEquals(s.raw("puzzle_theme_any"))
            assertTrue(ui().themes.none { it.id == rare.id }, "the picker does not offer it either")
        }
    }

    /** np4151: Black's first move is an under-promotion (f2f1n), chosen in the same picker as the game screen's. */
    @Test
    fun underPromotionThroughThePicker() = runComposeUiTest {
        Harness(null).use { h ->
            val controller = h.puzzle("np4151")
            val ui = { controller.ui.value }
            setContent {
                app.norochess.android.ui.NorochessTheme(dark = false, strings = Goldens.strings) {
                    val state by controller.ui.collectAsState()
                    app.norochess.android.ui.PuzzleScreen(state, controller)
                }
            }
            waitForIdle()
            tapSquare("f2")
            assertEquals("f2", ui().board.selected)
            assertTrue("f1" in ui().board.targets)
            tapSquare("f1")
            // Nothing played yet: the run's picker, with the app layer's title and labels.
            val picker = assertNotNull(ui().picker)
            assertEquals(listOf("Queen (9)", "Rook (5)", "Bishop (3)", "Knight (3)"), picker.choices.map { it.label })
            assertTrue(picker.choices.all { !it.piece.white }, "Black's pieces")
            assertTrue(!ui().board.interactive, "the board waits for the choice")
            onNodeWithText(picker.title).assertIsDisplayed()
            click("pick-N")
            waitUntil(timeoutMillis = 30_000) { ui().feedback != null }
            assertNull(ui().picker)
            assertEquals(Feedback.CORRECT, ui().feedback)
            assertEquals(app.norochess.android.ui.PieceKind.KNIGHT, ui().board.pieces["f1"]?.kind, "the knight chosen")
            assertTrue(ui().feedbackText!!.contains("f1=N"), ui().feedbackText!!)
        }
    }
}

/**
 * Plays the player's moves of [solution] (every other move; the opponent answers by itself) by tapping the squares,
 * each waiting for the app layer's answer and checked not to be wrong.
 */
@OptIn(ExperimentalTestApi::class)
private fun ComposeUiTest.playSolutionByTaps(solution: List<app.norochess.applayer.MoveInfo>, ui: () -> app.norochess.android.ui.PuzzleUi) {
    for (i in solution.indices step 2) {
        val uci = solution[i].uci
        val before = ui().feedbackText
        tapSquare(solution[i].from)
        tapSquare(solution[i].to)
        waitUntil(timeoutMillis = 30_000) {
            ui().feedback != null && ui().feedbackText != before && ui().board.interactive || ui().feedback == Feedback.SOLVED
        }
        assertNotNull(ui().feedback)
        assertTrue(ui().feedback != Feedback.WRONG, "solution move $uci")
    }
}
