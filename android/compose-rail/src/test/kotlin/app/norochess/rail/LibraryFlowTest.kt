package app.norochess.rail

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onLast
import androidx.compose.ui.test.onFirst
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.runComposeUiTest
import app.norochess.android.present.Screen
import app.norochess.android.ui.rulePages
import app.norochess.core.rulePage
import app.norochess.core.variants
import java.nio.file.Files
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** Games (list, replay, share, delete), Statistics and Rules through their screens, on a real library. */
@OptIn(ExperimentalTestApi::class)
class LibraryFlowTest {
    @Test
    fun aFailedLibraryCallIsShownInADialogNotACrash() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            // A game deleted in another window, opened from a stale list.
            runOnIdle { h.app.onOpen(4242L) }
            waitForIdle()
            val problem = assertNotNull(h.app.problem.value)
            assertTrue(problem.contains("no game 4242"), problem)
            onNodeWithText(Goldens.strings.raw("problem_title")).assertIsDisplayed()
            onNodeWithText(problem).assertIsDisplayed()
            click("problem-ok")
            assertEquals(null, h.app.problem.value)
            assertEquals(Screen.HOME, h.app.screen.value)
            // Sharing it fails the same way, every time.
            runOnIdle { h.app.onShare(4242L) }
            waitForIdle()
            assertNotNull(h.app.problem.value)
            assertTrue(h.shared.isEmpty())
        }
    }

    @Test
    fun resignedGameListedReplayedSharedCountedAndDeleted() {
        val folder = Files.createTempDirectory("norochess-library").toFile()
        val s = Goldens.strings
        runComposeUiTest {
            Harness(folder).use { h ->
                h.show(this)
                click("level-1")
                click("start")
                tapSquare("d2"); tapSquare("d4")
                waitUntil(timeoutMillis = 30_000) { h.game.lastPly == 2 && !h.game.thinking }
                // Resign, with the confirmation the settings ask for.
                onAllNodesWithText(s.raw("action_resign")).onFirst().performClickAndWait(this)
                assertTrue(h.game.confirmResign)
                onNodeWithText(s.raw("resign_title")).assertIsDisplayed()
                onAllNodesWithText(s.raw("action_resign")).onLast().performClickAndWait(this)
                val result = assertNotNull(h.game.result)
                assertTrue(result.headline.startsWith("Black wins"), result.headline)
                onAllNodesWithText(s.raw("action_home")).onLast().performClickAndWait(this)
                assertEquals(Screen.HOME, h.app.screen.value)

                // Statistics: one loss at level 1.
                click("nav-stats")
                val row = h.app.stats.value.rows.single()
                assertEquals(listOf(0, 0, 1), listOf(row.wins, row.draws, row.losses))
                onNodeWithText(s.raw("stats_wdl").format(0, 0, 1)).assertIsDisplayed()
                onAllNodesWithText(s.raw("action_home")).onFirst().performClickAndWait(this)

                // Games: the list, a replay, the record shared.
                click("nav-games")
                val game = h.app.games.value.games.single()
                // The row's two lines are the app layer's.
                assertEquals("Norochess · vs the computer (level 1), you played white", game.title)
                assertTrue(game.result.startsWith("Black wins"), game.result)
                assertTrue(game.result.endsWith("resignation"), game.result)
                onNodeWithText(game.result, substring = true).assertIsDisplayed()
                click("filter-UNFINISHED")
                assertTrue(h.app.games.value.games.isEmpty())
                onNodeWithText(s.raw("games_empty")).assertIsDisplayed()
                click("filter-FINISHED")
                assertEquals(game.id, h.app.games.value.games.single().id)
                click("open-${game.id}")
                assertEquals(Screen.GAME, h.app.screen.value)
                assertFalse(h.game.showResult, "a replay opens on the board")
                tapMove("move-1")
                assertEquals(1, h.game.reviewPly)
                assertEquals("d4", h.game.moves.first().white?.san)
                click("game-home")
                click("nav-games")
                onAllNodesWithText(s.raw("action_share")).onFirst().performClickAndWait(this)
                assertTrue(h.shared.single().contains("1. d4"), h.shared.single())

                // Delete, confirmed.
                click("delete-${game.id}")
                onNodeWithText(s.raw("delete_title")).assertIsDisplayed()
                onAllNodesWithText(s.raw("action_delete")).onLast().performClickAndWait(this)
                assertTrue(h.app.games.value.games.isEmpty())
                assertTrue(h.library.stats().rows.isEmpty(), "removed from the statistics too")
            }
        }
        folder.deleteRecursively()
    }

    @Test
    fun rulesOfEachGame() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            click("nav-rules")
            assertEquals(Screen.RULES, h.app.screen.value)
            // Every game of the core's menu has its page here, Crab chess
            // included, with the words of the core's rule book.
            val games = variants()
            assertEquals(games.map { it.id }, rulePages().map { it.game })
            for ((index, game) in games.withIndex().reversed()) {
                click("rules-$index")
                assertEquals(index, h.app.rulesPage.value)
                val page = rulePage(game.id)
                onNodeWithText(page.summary).assertIsDisplayed()
                onNodeWithText(page.sections.first().heading).assertIsDisplayed()
            }
        }
    }
}
