package app.norochess.robolectric

import androidx.compose.ui.test.junit4.createAndroidComposeRule
import app.norochess.android.MainActivity
import app.norochess.android.present.Screen
import app.norochess.applayer.PuzzleAttempt
import app.norochess.applayer.PuzzleFeedback
import app.norochess.core.LibraryHandle
import app.norochess.core.PuzzleRun
import java.io.File
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNull
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner

/** Puzzles on the phone: a wrong move, and Next tapped before the move is judged. */
@RunWith(RobolectricTestRunner::class)
class PuzzleTest {
    @get:Rule val rule = createAndroidComposeRule<MainActivity>()
    private val phone = Phone(rule) { rule.activity }

    @Test
    fun nextWhileAWrongMoveIsJudgedKeepsEachPuzzleItsOwn() {
        phone.click("nav-puzzles")
        assertEquals(Screen.PUZZLE, phone.app.screen.value)
        val controller = phone.app.puzzle.value!!
        val first = controller.puzzle
        // A move the solver refutes, found on scratch runs in a scratch library.
        val wrong = LibraryHandle.inMemory().use { scratch ->
            PuzzleRun(first.id, scratch).use { run ->
                run.snapshot().legalMoves.first { m ->
                    m.uci != first.solution[0] &&
                        PuzzleRun(first.id, scratch).use { it.play(m.from, m.to, m.promotion) } is PuzzleFeedback.Wrong
                }
            }
        }
        phone.tap(wrong.from)
        phone.tap(wrong.to)
        // Next at once: the judgement of the first puzzle's move may still be on its way.
        phone.press(rule.activity.text("action_next"))
        phone.waitUntil { controller.ui.value.board.interactive }
        val second = controller.puzzle
        assertNotEquals(first.id, second.id)
        phone.settle()
        assertNull("the new puzzle shows no feedback of the old one", controller.ui.value.feedback)
        // The attempt is the first puzzle's, in the library; the second has none.
        LibraryHandle.open(File(rule.activity.filesDir, "library").path).use { library ->
            phone.waitUntil { library.puzzleStatus(first.id) != null }
            assertEquals(PuzzleAttempt.FAILED, library.puzzleStatus(first.id))
            assertNull(library.puzzleStatus(second.id))
        }
    }
}
