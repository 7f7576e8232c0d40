package app.norochess.kit

import app.norochess.core.LibraryHandle
import app.norochess.core.NorochessException
import app.norochess.applayer.PuzzleAttempt
import app.norochess.core.PuzzleRun
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** The puzzle rating (Glicko-2) and the daily puzzle through the library handle. */
class PuzzleRatingTest {
    @Test
    fun solvingTheDailyPuzzleMovesTheRating() {
        LibraryHandle.inMemory().use { library ->
            val start = library.puzzleStats()
            assertEquals(1500, start.rating)
            assertEquals(350, start.deviation)
            assertEquals(0u, start.ratedAttempts)

            // The same date gives the same puzzle.
            val daily = requireNotNull(library.dailyPuzzle(2026, 11u, 30u)) { "a daily puzzle" }
            assertEquals(daily.id, library.dailyPuzzle(2026, 11u, 30u)?.id)

            val end = PuzzleRun(daily.id, library).use { run ->
                solveByTheIntendedLine(run, daily)
                requireNotNull(run.end())
            }
            assertTrue(end.ratingChange > 0, "a clean solve is a win: $end")
            assertTrue(end.ratingText!!.startsWith("Puzzle rating "), end.ratingText)

            val stats = library.puzzleStats()
            assertTrue(stats.rating > 1500, "rating ${stats.rating}")
            assertTrue(stats.deviation < 350, "deviation ${stats.deviation}")
            assertEquals(1u, stats.ratedAttempts)
            assertEquals(1, stats.ratingHistory.size)
            assertEquals(daily.id, stats.ratingHistory[0].puzzleId)
            assertEquals(PuzzleAttempt.CLEAN, stats.ratingHistory[0].outcome)
            assertEquals(stats.rating, stats.ratingHistory[0].rating)
            assertEquals(stats, library.stats().puzzles)

            assertEquals(end.ratingAfter, stats.rating)

            // The solution shown is a loss.
            val shown = PuzzleRun(daily.id, library).use { run ->
                while (run.phase() == app.norochess.applayer.PuzzlePhase.SOLVING) run.showNext()
                requireNotNull(run.end())
            }
            assertEquals(PuzzleAttempt.SHOWN, shown.kind)
            assertTrue(shown.ratingChange < 0, "$shown")
            assertEquals(2, library.puzzleStats().ratingHistory.size)

            assertThrows<NorochessException.InvalidArgument> { library.dailyPuzzle(2026, 2u, 30u) }
        }
    }
}
