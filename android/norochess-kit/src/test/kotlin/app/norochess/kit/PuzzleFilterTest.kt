package app.norochess.kit

import app.norochess.applayer.PuzzleDifficulty
import app.norochess.applayer.PuzzleFilter
import app.norochess.applayer.PuzzleInfo
import app.norochess.core.LibraryHandle
import app.norochess.core.NorochessException
import app.norochess.core.PuzzleRun
import app.norochess.core.builtinPuzzles
import app.norochess.core.nextPuzzle
import app.norochess.core.puzzleFilterAllSolvedText
import app.norochess.core.puzzleFilterNoneText
import app.norochess.core.puzzleFilterText
import app.norochess.core.puzzleThemeChoices
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/**
 * The puzzle filter through the bindings (the app layer's PuzzleFilter,
 * app/src/session/puzzle_run/filter.rs): Next keeps to the chosen theme and
 * tier, the menu offers only themes with puzzles, an unknown theme is an
 * error naming it, and the sentences are the app layer's.
 */
class PuzzleFilterTest {
    private val pack = builtinPuzzles()

    /**
     * Whether [p] belongs to the choice of [theme], as docs/puzzles.md states the rule: it has the theme, and a mate of
     * Ram or Frontal chess comes only for a theme only those games give.
     */
    private fun inChoice(p: PuzzleInfo, theme: String) =
        theme in p.themes && (p.variantId.startsWith("norochess") || theme in setOf("mate", "ram-chess", "frontal-chess", "resurrection", "dethronement"))

    @Test
    fun aThemeKeepsNextToItsPuzzlesInPackOrder() {
        LibraryHandle.inMemory().use { library ->
            val forks = PuzzleFilter(tier = null, theme = "fork")
            val first = requireNotNull(nextPuzzle(library, forks, null)).puzzle
            assertTrue("fork" in first.themes, "${first.id}: ${first.themes}")
            assertEquals(pack.first { "fork" in it.themes }.id, first.id, "the first fork of the pack")
            val second = requireNotNull(nextPuzzle(library, forks, first.id)).puzzle
            assertTrue("fork" in second.themes, "${second.id}: ${second.themes}")
            val after = pack.drop(pack.indexOfFirst { it.id == first.id } + 1)
            assertEquals(after.first { "fork" in it.themes }.id, second.id, "the next fork of the pack")

            // With a tier, both hold.
            val hardForks = PuzzleFilter(PuzzleDifficulty.HARD, "fork")
            val hard = requireNotNull(nextPuzzle(library, hardForks, null)).puzzle
            assertEquals(PuzzleDifficulty.HARD, hard.difficulty)
            assertTrue("fork" in hard.themes)
            // A theme as a player types it is read by the app layer.
            assertEquals(hard.id, nextPuzzle(library, PuzzleFilter(PuzzleDifficulty.HARD, "Fork"), null)?.puzzle?.id)
        }
    }

    @Test
    fun anUnknownThemeThrowsAndNamesIt() {
        LibraryHandle.inMemory().use { library ->
            val unknown = PuzzleFilter(null, "zwischenzug")
            for (call in listOf<() -> Any?>(
                { nextPuzzle(library, unknown, null) },
                { puzzleFilterText(unknown) },
                { puzzleFilterNoneText(unknown) },
                { puzzleFilterAllSolvedText(unknown) },
            )) {
                val e = assertThrows<NorochessException> { call() }
                assertTrue(e.detail.contains("zwischenzug"), e.detail)
            }
        }
    }

    @Test
    fun theMenuOffersTheTiersThemesWithTheirCounts() {
        val all = puzzleThemeChoices(null)
        assertTrue(all.isNotEmpty())
        for (choice in all) {
            val counted = pack.count { inChoice(it, choice.id) }
            assertEquals(counted, choice.count.toInt(), choice.id)
            assertTrue(choice.count > 0u && choice.name.isNotBlank() && choice.meaning.isNotBlank(), choice.toString())
        }
        assertEquals("Discovered attack", all.first { it.id == "discovered-attack" }.name)
        // Every theme a puzzle has is offered; none that no puzzle has.
        assertEquals(pack.flatMap { it.themes }.toSet(), all.map { it.id }.toSet())
        val hard = puzzleThemeChoices(PuzzleDifficulty.HARD)
        for (choice in hard) {
            assertEquals(pack.count { it.difficulty == PuzzleDifficulty.HARD && inChoice(it, choice.id) }, choice.count.toInt(), choice.id)
        }
        assertTrue(hard.sumOf { it.count.toInt() } < all.sumOf { it.count.toInt() })
        // The mates of the 10x10 games are offered under their own themes.
        assertEquals(pack.count { it.variantId == "ram" }, all.first { it.id == "ram-chess" }.count.toInt())
        assertEquals(pack.count { it.variantId == "ram" || it.variantId == "frontal" }, all.first { it.id == "mate" }.count.toInt())
    }

    @Test
    fun theSentencesOfTheChoice() {
        LibraryHandle.inMemory().use { library ->
            assertEquals("puzzles", puzzleFilterText(PuzzleFilter(null, null)))
            assertEquals("hard discovered attack puzzles", puzzleFilterText(PuzzleFilter(PuzzleDifficulty.HARD, "discovered-attack")))
            // A theme the pack does not hold (resurrection needs Ram or Frontal chess): no next, and the sentence for it.
            val none = PuzzleFilter(null, "resurrection")
            assertNull(nextPuzzle(library, none, null))
            assertEquals("The pack has no resurrection puzzles.", puzzleFilterNoneText(none))

            // Every puzzle of the choice solved cleanly: the next comes round again, flagged, with its sentence.
            val theme = puzzleThemeChoices(null).minBy { it.count }
            val filter = PuzzleFilter(null, theme.id)
            var current: String? = null
            repeat(theme.count.toInt()) {
                val next = requireNotNull(nextPuzzle(library, filter, current))
                assertFalse(next.allSolvedCleanly, next.puzzle.id)
                PuzzleRun(next.puzzle.id, library).use { solveByTheIntendedLine(it, it.puzzle()) }
                current = next.puzzle.id
            }
            val again = requireNotNull(nextPuzzle(library, filter, current))
            assertTrue(again.allSolvedCleanly)
            assertTrue(theme.id in again.puzzle.themes)
            assertEquals(
                "You have solved every one of the ${theme.id.replace('-', ' ')} puzzles cleanly; here they come again.",
                puzzleFilterAllSolvedText(filter),
            )
        }
    }
}
