package app.norochess.kit

import app.norochess.applayer.OptionSetting
import app.norochess.applayer.ColourChoice
import app.norochess.core.GameSessionHandle
import app.norochess.applayer.GameSetup
import app.norochess.core.LibraryHandle
import app.norochess.applayer.NewGame
import app.norochess.core.NorochessException
import app.norochess.applayer.OpponentChoice
import app.norochess.applayer.PieceKind
import app.norochess.applayer.Refusal
import app.norochess.applayer.SearchLimits
import app.norochess.applayer.Side
import app.norochess.applayer.TimeControl
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** Every failure reaches Kotlin as a typed NorochessException with a message a person can act on. */
class ErrorPathsTest {
    private inline fun <reified E : NorochessException> fails(vararg words: String, block: () -> Unit): E {
        val e = assertThrows<E> { block() }
        val message = e.detail
        for (word in words) assertTrue(message.contains(word), "`$message` should mention `$word`")
        return e
    }

    private fun newSession(setup: GameSetup, position: String? = null) =
        GameSessionHandle(NewGame(setup = setup, positionText = position, opponent = OpponentChoice.Friend("A", "B")), null)

    @Test
    fun `games and options`() {
        fails<NorochessException.InvalidVariant>("option zone does not apply to chess") {
            newSession(GameSetup("chess", listOf(OptionSetting("zone", "seventh"))))
        }
        fails<NorochessException.InvalidVariant>("960", "0 to 959") {
            newSession(GameSetup("norochess960", startNumber = 960.toUShort()))
        }
        fails<NorochessException.InvalidVariant>("only to games with numbered starts") {
            newSession(GameSetup("ram", startNumber = 3.toUShort()))
        }
        fails<NorochessException.InvalidArgument>("level 9 does not exist") {
            GameSessionHandle(
                NewGame(setup = GameSetup("norochess"), opponent = OpponentChoice.Computer(9u, ColourChoice.WHITE)),
                null,
            )
        }
    }

    @Test
    fun `positions`() {
        fails<NorochessException.InvalidPosition>("empty") { newSession(GameSetup("norochess"), "  ") }
        fails<NorochessException.InvalidPosition>("side-to-move", "`x`") {
            newSession(GameSetup("chess"), "8/8/8/8/8/8/8/K6k x - - 0 1")
        }
    }

    @Test
    fun `moves and squares`() {
        val game = friends("norochess")
        fails<NorochessException.InvalidSquare>("`i9`", "a1 to h8") { game.tap("i9", 0u) }
        fails<NorochessException.InvalidSquare>("`e0`") { game.play("e0", "e4", null, 0u) }
        fails<NorochessException.IllegalMove>("e2-e5", "cannot go to e5") { game.play("e2", "e5", null, 0u) }
        fails<NorochessException.IllegalMove>("e4-e5", "no piece on e4") { game.play("e4", "e5", null, 0u) }
        fails<NorochessException.IllegalMove>("black pawn on e7 is not White's") { game.play("e7", "e5", null, 0u) }
        fails<NorochessException.IllegalMove>("Nf6") { game.playText("Nf6", 0u) }
        fails<NorochessException.IllegalMove>("cannot read move") { game.playText("hello", 0u) }

        val promo = friends("norochess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=1-2")
        fails<NorochessException.PromotionRequired>("choose one of queen, rook, bishop, knight") {
            promo.play("a7", "a8", null, 0u)
        }
        fails<NorochessException.IllegalMove>("cannot become a king") { promo.play("a7", "a8", PieceKind.KING, 0u) }
        assertEquals("a8=Q", promo.play("a7", "a8", PieceKind.QUEEN, 0u).san)

        game.resign(Side.WHITE, 0u)
        fails<NorochessException.GameOver>("game is over", "Black wins 0-0 (resignation)") { game.playText("e4", 0u) }
        fails<NorochessException.InvalidArgument>("move 5 does not exist", "0 moves") { game.snapshotAt(5u) }
    }

    @Test
    fun `engine calls`() {
        val game = friends("norochess")
        fails<NorochessException.InvalidArgument>("0 lines") {
            runBlocking { game.analyse(SearchLimits(depth = 1u), 0u, null) }
        }
        fails<NorochessException.InvalidArgument>("above zero") {
            runBlocking { game.analyse(SearchLimits(depth = 0u), 1u, null) }
        }
        fails<NorochessException.InvalidArgument>("above zero") { runBlocking { game.hint(SearchLimits(nodes = 0u)) } }
        fails<NorochessException.InvalidArgument>("threads") {
            runBlocking { game.hint(SearchLimits(depth = 1u, threads = 0u)) }
        }
        // Black's flag falls: the game is over and there is nothing to analyse.
        val clocked = friends("norochess", clock = TimeControl.SuddenDeath(1_000u))
        clocked.playText("e4", 0u)
        assertEquals(Side.WHITE, clocked.tick(5_000u)!!.winner)
        fails<NorochessException.GameOver>("White wins 0-0 (time forfeit)") {
            runBlocking { clocked.analyse(SearchLimits(depth = 1u), 1u, null) }
        }
    }

    @Test
    fun `errors carry their data beside the sentence`() {
        val game = friends("chess")
        val illegal = fails<NorochessException.IllegalMove>("cannot go to e5") { game.play("e2", "e5", null, 0u) }
        assertEquals("e2-e5", illegal.moveText)
        assertTrue(illegal.message!!.contains("moveText=e2-e5"))
        assertEquals("Qh9", fails<NorochessException.IllegalMove>("Qh9") { game.playText("Qh9", 0u) }.moveText)
        assertEquals("i9", fails<NorochessException.InvalidSquare>("a1 to h8") { game.tap("i9", 0u) }.square)
        val promo = friends("norochess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=10-12")
        val required = fails<NorochessException.PromotionRequired>("choose one of") { promo.play("a7", "a8", null, 0u) }
        assertEquals("a7-a8", required.moveText)
        assertEquals(listOf(PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT), required.choices)
        promo.tap("a7", 0u)
        promo.tap("a8", 0u)
        assertEquals(required.choices, promo.snapshot(0u).input.picker!!.choices.map { it.kind }, "the picker offers the same")
        promo.cancelInput()

        val session = friends("norochess")
        val refused = fails<NorochessException.Refused>("no move to take back") { session.takeback(0u) }
        assertEquals(Refusal.NOTHING_TO_TAKE_BACK, refused.refusal)
        assertEquals(Refusal.NO_DRAW_OFFER, fails<NorochessException.Refused>("no draw offer") { session.acceptDraw(0u) }.refusal)
        fails<NorochessException.InvalidArgument>("no position after 3 moves") { session.review(3u, 0u) }

        val library = LibraryHandle.inMemory()
        val before = library.settings()
        val theme = fails<NorochessException.Setting>("pink") {
            library.updateSettings(before, before.copy(boardTheme = "pink"))
        }
        assertEquals("board-theme" to "pink", theme.key to theme.value)
        assertNull(theme.suggestion)
        val level = fails<NorochessException.Setting>("`9` is not a value for level", "1-8") {
            library.updateSettings(before, before.copy(defaultLevel = 9u))
        }
        assertEquals("level" to "9", level.key to level.value)
        // Nothing was stored by the refused updates.
        assertEquals(before, library.settings())
        assertEquals(42L, fails<NorochessException.NoSuchGame>("no game 42") { library.delete(42L) }.gameId)
    }
}
