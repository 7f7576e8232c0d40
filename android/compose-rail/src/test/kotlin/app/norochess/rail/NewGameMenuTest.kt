package app.norochess.rail

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.runComposeUiTest
import app.norochess.applayer.OptionSetting
import app.norochess.core.variants
import kotlin.test.Test
import kotlin.test.assertEquals

/**
 * The new-game menu is the core's table: every game `variants()` lists is
 * offered, with each of its options and values and a start-number field
 * where it has numbered starts, and a choice reaches the session as ids.
 * A game added to the table fails this test only if the shell hides it.
 */
@OptIn(ExperimentalTestApi::class)
class NewGameMenuTest {
    @Test
    fun theMenuOffersEveryGameOfTheCoreTableWithItsOptions() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            val games = variants()
            assertEquals(7, games.size, "the table lists seven games today")
            for (game in games) {
                click("game-${game.id}")
                for (option in game.options) {
                    for (choice in option.choices) onNodeWithTag("${option.id}-${choice.id}", useUnmergedTree = true).assertExists()
                }
                val startField = onNodeWithTag("start-number", useUnmergedTree = true)
                if (game.startNumbers != null) startField.assertExists() else startField.assertDoesNotExist()
            }
            val improved = games.first { it.options.isNotEmpty() }
            click("game-${improved.id}")
            val chosen = improved.options.map { OptionSetting(it.id, it.choices.last().id) }
            for (setting in chosen) click("${setting.option}-${setting.value}")
            click("start")
            val setup = h.app.game.value!!.model.state.snapshot.board.setup
            assertEquals(improved.id, setup.game)
            assertEquals(chosen, setup.options)
        }
    }
}
