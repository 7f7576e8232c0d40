package app.norochess.kit

import app.norochess.core.ClockHandle
import app.norochess.core.EngineHandle
import app.norochess.core.GameHandle
import app.norochess.core.GameSetup
import app.norochess.core.GameVariant
import app.norochess.core.LibraryHandle
import app.norochess.core.Refusal
import app.norochess.core.NorochessException
import app.norochess.core.PieceKind
import app.norochess.core.SearchLimits
import app.norochess.core.Side
import app.norochess.core.TimeControl
import app.norochess.core.Zone
import app.norochess.core.parseGameSetup
import org.junit.jupiter.api.Assertions.assertEquals
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

    @Test
    fun `games and options`() {
        fails<NorochessException.InvalidVariant>("unknown game `xiangqi`", "norochess") {
            parseGameSetup("xiangqi", null, null)
        }
        fails<NorochessException.InvalidVariant>("unknown zone `eighth`", "far-half") {
            parseGameSetup("improved", "eighth", null)
        }
        fails<NorochessException.InvalidVariant>("option zone does not apply to chess") {
            GameHandle(GameSetup(GameVariant.CHESS, zone = Zone.SEVENTH))
        }
        fails<NorochessException.InvalidVariant>("960", "0 to 959") {
            GameHandle(GameSetup(GameVariant.NOROCHESS960, startNumber = 960.toUShort()))
        }
        fails<NorochessException.InvalidVariant>("only to norochess960") {
            GameHandle(GameSetup(GameVariant.RAM, startNumber = 3.toUShort()))
        }
    }

    @Test
    fun `positions and records`() {
        fails<NorochessException.InvalidPosition>("empty") {
            GameHandle.fromPosition(GameSetup(GameVariant.NOROCHESS), "  ")
        }
        fails<NorochessException.InvalidPosition>("side-to-move", "`x`") {
            GameHandle.fromPosition(GameSetup(GameVariant.CHESS), "8/8/8/8/8/8/8/K6k x - - 0 1")
        }
        fails<NorochessException.InvalidRecord>("move 2.", "Ke3") {
            GameHandle.fromRecord("1. e4 e5 2. Ke3", null)
        }
        fails<NorochessException.InvalidRecord>("unknown game") {
            GameHandle.fromRecord("[Variant \"xiangqi\"]\n\n1. e4 *", null)
        }
    }

    @Test
    fun `moves and squares`() {
        val game = newGame(GameVariant.NOROCHESS)
        fails<NorochessException.InvalidSquare>("`i9`", "a1 to h8") { game.legalTargets("i9") }
        fails<NorochessException.InvalidSquare>("`e0`") { game.play("e0", "e4", null) }
        fails<NorochessException.IllegalMove>("e2-e5", "cannot go to e5") { game.play("e2", "e5", null) }
        fails<NorochessException.IllegalMove>("e4-e5", "no piece on e4") { game.play("e4", "e5", null) }
        fails<NorochessException.IllegalMove>("black pawn on e7 is not White's") { game.play("e7", "e5", null) }
        fails<NorochessException.IllegalMove>("Nf6") { game.playText("Nf6") }
        fails<NorochessException.IllegalMove>("cannot read move") { game.playText("hello") }

        val promo = GameHandle.fromPosition(GameSetup(GameVariant.NOROCHESS), "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=1-2")
        fails<NorochessException.PromotionRequired>("choose one of queen, rook, bishop, knight") {
            promo.play("a7", "a8", null)
        }
        fails<NorochessException.IllegalMove>("cannot become a king") { promo.play("a7", "a8", PieceKind.KING) }
        promo.play("a7", "a8", PieceKind.QUEEN)

        game.resign(Side.WHITE)
        fails<NorochessException.GameOver>("game is over", "Black wins 0-0 (resignation)") { game.playText("e4") }
        fails<NorochessException.GameOver>("game is over") { game.agreeDraw() }
        fails<NorochessException.GameOver>("game is over") { game.promotionChoices("e2", "e4") }
        fails<NorochessException.InvalidArgument>("move 5 does not exist", "0 moves") { game.snapshotAt(5u) }
    }

    @Test
    fun `clocks and engine`() {
        fails<NorochessException.InvalidArgument>("base time") { ClockHandle(TimeControl.SuddenDeath(0u)) }
        val clock = ClockHandle(TimeControl.SuddenDeath(10_000u))
        fails<NorochessException.Clock>("not been started") { clock.press(1u) }
        clock.start(Side.WHITE, 0u)
        clock.pause(1_000u)
        fails<NorochessException.Clock>("paused") { clock.press(2_000u) }
        clock.resume(2_000u)
        assertEquals(Side.WHITE, clock.checkFlag(20_000u))
        fails<NorochessException.Clock>("White", "time has run out") { clock.press(21_000u) }

        fails<NorochessException.InvalidArgument>("hash size 0 MB") { EngineHandle(0u) }
        val engine = EngineHandle(1u)
        val game = newGame(GameVariant.NOROCHESS)
        fails<NorochessException.InvalidArgument>("level 9 does not exist") {
            engine.playAtLevel(game, 9u, 1u, SearchLimits())
        }
        fails<NorochessException.InvalidArgument>("0 lines") { engine.analyse(game, SearchLimits(depth = 1u), 0u, null) }
        fails<NorochessException.InvalidArgument>("above zero") { engine.bestMove(game, SearchLimits(depth = 0u), null) }
        game.flagFall(Side.BLACK)
        fails<NorochessException.GameOver>("White wins 0-0 (time forfeit)") {
            engine.bestMove(game, SearchLimits(depth = 1u), null)
        }
    }

    @Test
    fun `errors carry their data beside the sentence`() {
        val game = newGame(GameVariant.CHESS)
        val illegal = fails<NorochessException.IllegalMove>("cannot go to e5") { game.play("e2", "e5", null) }
        assertEquals("e2-e5", illegal.moveText)
        assertTrue(illegal.message!!.contains("moveText=e2-e5"))
        assertEquals("Qh9", fails<NorochessException.IllegalMove>("Qh9") { game.playText("Qh9") }.moveText)
        assertEquals("i9", fails<NorochessException.InvalidSquare>("a1 to h8") { game.legalTargets("i9") }.square)
        val promo = GameHandle.fromPosition(GameSetup(GameVariant.NOROCHESS), "4k3/P7/8/8/8/8/8/4K3 w - - 0 30 score=10-12")
        val required = fails<NorochessException.PromotionRequired>("choose one of") { promo.play("a7", "a8", null) }
        assertEquals("a7-a8", required.moveText)
        assertEquals(listOf(PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT), required.choices)

        val session = friends(GameVariant.NOROCHESS)
        val refused = fails<NorochessException.Refused>("no move to take back") { session.takeback(0u) }
        assertEquals(Refusal.NOTHING_TO_TAKE_BACK, refused.refusal)
        assertEquals(Refusal.NO_DRAW_OFFER, fails<NorochessException.Refused>("no draw offer") { session.acceptDraw(0u) }.refusal)
        fails<NorochessException.InvalidArgument>("no position after 3 moves") { session.review(3u, 0u) }

        val library = LibraryHandle.inMemory()
        val unknown = fails<NorochessException.Setting>("no setting `colour-theme`") { library.setSetting("colour-theme", "green") }
        assertEquals("colour-theme", unknown.key)
        assertEquals(null, unknown.value)
        val bad = fails<NorochessException.Setting>("`9` is not a value for level", "1-8") { library.setSetting("level", "9") }
        assertEquals("level" to "9", bad.key to bad.value)
        assertEquals(42L, fails<NorochessException.NoSuchGame>("no game 42") { library.delete(42L) }.gameId)
    }
}
