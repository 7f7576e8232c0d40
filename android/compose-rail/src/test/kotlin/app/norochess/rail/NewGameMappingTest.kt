package app.norochess.rail

import app.norochess.android.present.Mapping
import app.norochess.core.GameSessionHandle
import app.norochess.core.NorochessException
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertNotNull
import kotlin.test.assertNull

/** The new-game form passes the Norochess960 start number as typed: the session draws or refuses it. */
class NewGameMappingTest {
    private val form = Fixtures.home(Goldens.strings).newGame.copy(gameId = "norochess960")

    @Test
    fun emptyStartNumberIsDrawnByTheSession() {
        val game = Mapping.newGame(form, seed = 7uL)
        assertNull(game.setup.startNumber, "Kotlin does not draw it")
        val drawn = GameSessionHandle(game, null).snapshot(0u).board.setup.startNumber
        assertNotNull(drawn)
        assertEquals(drawn, GameSessionHandle(Mapping.newGame(form, seed = 7uL), null).snapshot(0u).board.setup.startNumber, "from the seed")
    }

    @Test
    fun typedStartNumberIsPassedAndAnOutOfRangeOneRefusedByTheSession() {
        assertEquals(518.toUShort(), GameSessionHandle(Mapping.newGame(form.copy(startNumber = "518"), 1uL), null).snapshot(0u).board.setup.startNumber)
        val wrong = Mapping.newGame(form.copy(startNumber = "975"), 1uL)
        assertEquals(975.toUShort(), wrong.setup.startNumber)
        assertFailsWith<NorochessException.InvalidVariant> { GameSessionHandle(wrong, null) }
    }
}
