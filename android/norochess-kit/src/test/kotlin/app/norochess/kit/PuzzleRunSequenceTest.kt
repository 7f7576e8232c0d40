package app.norochess.kit

import app.norochess.core.LibraryHandle
import app.norochess.applayer.PuzzleAttempt
import app.norochess.applayer.PuzzleFilter
import app.norochess.applayer.PuzzleHint
import app.norochess.applayer.PuzzlePhase
import app.norochess.core.PuzzleRun
import app.norochess.core.nextPuzzle
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The fixed puzzle sequence of the Rust test `the_fixed_puzzle_sequence`
 * (app/src/session/puzzle_run/tests.rs), played through the bindings: the
 * same moves must give the same attempt kinds, next puzzles, daily puzzle and
 * rating in every shell.
 */
class PuzzleRunSequenceTest {
    /** Every puzzle of the pack: no tier, no theme. */
    private val anyPuzzle = PuzzleFilter(tier = null, theme = null)

    private fun solve(run: PuzzleRun) {
        for (uci in run.puzzle().solution.filterIndexed { i, _ -> i % 2 == 0 }) {
            if (run.phase() != PuzzlePhase.SOLVING) break
            run.playText(uci)
        }
    }

    @Test
    fun theFixedSequenceGivesTheAnswersOfTheRustTest() {
        LibraryHandle.inMemory().use { library ->
            val daily = library.dailyPuzzle(2026, 1u, 15u)?.id
            val opened = mutableListOf<String>()
            val kinds = mutableListOf<PuzzleAttempt?>()
            var current: String? = null
            for (step in 0 until 5) {
                val id = requireNotNull(nextPuzzle(library, anyPuzzle, current)).puzzle.id
                opened += id
                PuzzleRun(id, library).use { run ->
                    when (step) {
                        0 -> solve(run)
                        1 -> {
                            run.playText("b5c4")
                            assertTrue(run.retry())
                            solve(run)
                        }
                        2 -> {
                            assertTrue(run.hint() is PuzzleHint.Piece)
                            solve(run)
                        }
                        3 -> while (run.phase() == PuzzlePhase.SOLVING) run.showNext()
                        else -> {
                            run.playText("c4e2")
                            assertEquals(PuzzlePhase.WRONG, run.phase())
                            run.leave()
                        }
                    }
                    kinds += run.end()?.kind
                }
                current = id
            }
            assertEquals(listOf("np1001", "np1002", "np1003", "np1004", "np1005"), opened)
            assertEquals(
                listOf(PuzzleAttempt.CLEAN, PuzzleAttempt.SOLVED, PuzzleAttempt.SOLVED, PuzzleAttempt.SHOWN, PuzzleAttempt.FAILED),
                kinds,
            )
            assertEquals("np1006", nextPuzzle(library, anyPuzzle, current)?.puzzle?.id)
            assertEquals("np1002", nextPuzzle(library, anyPuzzle, null)?.puzzle?.id)
            assertEquals("np7606", daily)
            assertEquals(daily, library.dailyPuzzle(2026, 1u, 15u)?.id)
            assertEquals(460, library.puzzleStats().rating)
            assertEquals(0u, library.puzzleStats().streak)
            assertEquals(1u, library.puzzleStats().bestStreak)
        }
    }
}
