package app.norochess.rail

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertContentDescriptionEquals
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.performTextReplacement
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.runComposeUiTest
import app.norochess.android.present.Screen
import app.norochess.applayer.GameSetup
import app.norochess.core.GameSessionHandle
import app.norochess.applayer.NewGame
import app.norochess.applayer.OpponentChoice
import app.norochess.applayer.Side
import java.nio.file.Files
import kotlin.random.Random
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * The app driven through its screens against the real Rust library: taps and
 * drags on the board, buttons, dialogs; the computer thinks on the library's
 * thread while the screen stays live.
 */
@OptIn(ExperimentalTestApi::class)
class GameFlowTest {
    private fun squareCentre(ui: app.norochess.android.ui.GameUi, square: String, width: Float, height: Float): Offset {
        val w = ui.board.width
        val h = ui.board.height
        val file = square[0] - 'a'
        val rank = square.substring(1).toInt() - 1
        val c = if (ui.board.whiteAtBottom) file else w - 1 - file
        val r = if (ui.board.whiteAtBottom) h - 1 - rank else rank
        return Offset((c + 0.5f) * width / w, (r + 0.5f) * height / h)
    }

    @Test
    fun wholeGameAgainstTheComputerToAResult() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            click("level-1")
            click("start")
            assertEquals(Screen.GAME, h.app.screen.value)
            val random = Random(5)
            var dragged = 0
            var turns = 0
            while (h.game.result == null) {
                waitUntil(timeoutMillis = 60_000) { h.game.result != null || (h.game.board.interactive && !h.game.thinking) }
                if (h.game.result != null) break
                val moves = h.app.game.value!!.model.state.snapshot.board.legalMoves
                val captures = moves.filter { it.isCapture }
                val move = (captures.ifEmpty { moves }).let { it[random.nextInt(it.size)] }
                val ply = h.game.lastPly
                if (turns % 4 == 3) {
                    // Drag the piece.
                    val ui = h.game
                    onNodeWithTag("board").performTouchInput {
                        val from = squareCentre(ui, move.from, width.toFloat(), height.toFloat())
                        val to = squareCentre(ui, move.to, width.toFloat(), height.toFloat())
                        down(from)
                        moveTo(from + Offset(12f, 12f))
                        moveTo(to)
                        up()
                    }
                    waitForIdle()
                    dragged++
                } else {
                    tapSquare(move.from)
                    assertTrue(move.to in h.game.board.targets, "dots on the legal targets")
                    tapSquare(move.to)
                }
                if (h.game.picker != null) click("pick-${h.game.picker!!.choices.first().piece.kind.letter}")
                waitUntil(timeoutMillis = 5_000) { h.game.lastPly > ply || h.game.result != null }
                turns++
            }
            val result = h.game.result!!
            onNodeWithTag("result-headline").assertIsDisplayed()
            onNodeWithText(result.reason).assertIsDisplayed()
            assertTrue(turns >= 10, "a real game: $turns moves of ours")
            assertTrue(dragged > 0)
            assertEquals(1, h.endings)
            // Review from the result sheet, then a move of the list.
            onNodeWithText(Goldens.strings.raw("action_review")).performClickAndWait(this)
            assertFalse(h.game.showResult)
            tapMove("move-3")
            assertEquals(3, h.game.reviewPly)
            assertTrue(h.game.status.startsWith("Reviewing move 3 of "), h.game.status)
            onNodeWithText(Goldens.strings.raw("action_share")).performClickAndWait(this)
            assertTrue(h.shared.single().contains("[Result"), "the PGN is shared")
            // Rematch: colours swapped, so the computer (now White) opens.
            val before = h.app.game.value
            onNodeWithText(Goldens.strings.raw("action_rematch")).performClickAndWait(this)
            assertTrue(h.app.game.value !== before)
            waitUntil(timeoutMillis = 30_000) { h.game.lastPly == 1 && !h.game.thinking }
            assertEquals(false, h.game.board.whiteAtBottom, "the person plays Black")
            // The computer's move is announced, in words.
            assertTrue(h.game.spokenMove?.startsWith("White played ") == true, h.game.spokenMove)
        }
    }

    @Test
    fun passAndPlayWithAClockToFlagFall() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            click("opponent-FRIEND")
            click("clock-0") // the first preset: 1 minute
            click("board-mode-FACE_TO_FACE")
            click("start")
            assertEquals(true, h.game.passAndPlay)
            assertEquals(false, h.game.board.upsideDownWhite, "face to face: Black's pieces upside down")
            assertTrue(h.game.top.upsideDown, "and Black's whole bar (name, clock, captures) faces Black")
            assertFalse(h.game.bottom.upsideDown)
            // Screen-reader labels on the squares.
            // A piece of the side to move says where it can go.
            onNode(
                androidx.compose.ui.test.SemanticsMatcher("the g1 knight's label") { node ->
                    node.config.getOrElseNullable(androidx.compose.ui.semantics.SemanticsProperties.ContentDescription) { null }?.singleOrNull()
                        ?.let { it.startsWith("White knight on g1, can go to ") && "f3" in it && "h3" in it } == true
                },
            ).assertExists()
            tapSquare("e2")
            onNodeWithContentDescription("e4, legal move").assertExists()
            tapSquare("e4")
            // TalkBack hears the move in words, and the squares say which were the last move.
            onNodeWithTag("spoken-move").assertContentDescriptionEquals("White played pawn e4")
            onNodeWithContentDescription("White pawn on e4, last move").assertExists()
            tapSquare("e7"); tapSquare("e5")
            assertEquals(2, h.game.lastPly)
            // White's clock runs; 55 s later it is low.
            h.now += 55_000uL
            waitUntil(timeoutMillis = 5_000) { h.game.bottom.clock?.low == true }
            onNodeWithTag("clock-white").assertIsDisplayed()
            // Draw offer declined by the other player.
            click("square-e1") // nothing: a king with no move is not selected
            onNodeWithText(Goldens.strings.raw("action_offer_draw")).performClickAndWait(this)
            assertEquals(true, h.game.drawOfferedByWhite)
            assertTrue(h.game.drawAnswerUpsideDown, "Black answers White's offer: the dialog faces Black")
            onNodeWithText(Goldens.strings.raw("action_decline")).performClickAndWait(this)
            assertNull(h.game.drawOfferedByWhite)
            // The flag falls.
            h.now += 10_000uL
            waitUntil(timeoutMillis = 5_000) { h.game.result != null }
            assertTrue(h.game.bottom.clock!!.text.startsWith("0:00"), h.game.bottom.clock!!.text)
            assertTrue(h.game.result!!.headline.startsWith("Black wins"), h.game.result!!.headline)
            onNodeWithTag("result-headline").assertIsDisplayed()
        }
    }

    private fun positionGame(h: Harness, variant: String, position: String) {
        h.app.game.value?.close()
        val session = GameSessionHandle(
            NewGame(GameSetup(variant), position, OpponentChoice.Friend("Ann", "Bob"), null, null, 1uL, null, null),
            h.library,
        )
        // As Continue would: the app opens the session.
        h.app.open(session)
    }

    @Test
    fun ramResurrectionThroughThePicker() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            // White has lost a rook and a bishop; the pawn on h9 steps to h10.
            positionGame(h, "ram", "1rnbqkb3/ppppp2P2/10/10/10/10/10/10/PPPPPPP3/2N1QKBNR1 w - - 0 20")
            waitForIdle()
            tapSquare("h9")
            tapSquare("h10")
            val picker = assertNotNull(h.game.picker)
            // Title and labels are the app layer's (no capture points in Ram chess).
            assertEquals("Bring back a piece", picker.title)
            assertEquals(listOf('R', 'B'), picker.choices.map { it.piece.kind.letter })
            assertEquals(listOf("Rook", "Bishop"), picker.choices.map { it.label })
            onNodeWithText("Bring back a piece").assertIsDisplayed()
            click("pick-R")
            assertNull(h.game.picker)
            assertEquals('R', h.game.board.pieces["h10"]?.kind?.letter)
            assertEquals(true, h.game.board.pieces["h10"]?.white)
            assertEquals(Side.BLACK, h.app.game.value!!.model.state.snapshot.toMove)
        }
    }

    @Test
    fun frontalDethronementAnnounced() = runComposeUiTest {
        Harness(null).use { h ->
            h.show(this)
            positionGame(h, "frontal", "1rnbqkb3/ppppp2P2/10/10/10/10/10/10/PPPPPPP3/2NBQKBNR1 w - - 0 20")
            waitForIdle()
            tapSquare("h9")
            tapSquare("h10")
            // Both queens on the board: no choice to make, the dethronement is announced.
            assertNull(h.game.picker)
            assertNull(h.game.board.pieces["h10"], "the pawn leaves the board")
            assertNull(h.game.board.pieces["e10"], "and so does Black's queen")
            assertNotNull(h.game.announcement)
            onNodeWithTag("announcement").assertIsDisplayed()
        }
    }

    @Test
    fun gameResumedAfterTheActivityIsRecreated() {
        val folder = Files.createTempDirectory("norochess-resume").toFile()
        var pieces: Map<String, app.norochess.android.ui.PieceUi> = emptyMap()
        runComposeUiTest {
            Harness(folder).use { h ->
                h.show(this)
                click("level-1")
                click("start")
                // A hint from the engine, off the main thread.
                onNodeWithText(Goldens.strings.raw("action_hint")).performClickAndWait(this)
                waitUntil(timeoutMillis = 30_000) { h.game.hint != null }
                onNodeWithTag("hint").assertIsDisplayed()
                tapSquare("d2"); tapSquare("d4")
                waitUntil(timeoutMillis = 30_000) { h.game.lastPly == 2 && !h.game.thinking }
                tapSquare("g1"); tapSquare("f3")
                waitUntil(timeoutMillis = 30_000) { h.game.lastPly == 4 && !h.game.thinking }
                pieces = h.game.board.pieces
            }
        }
        // A new process: a new library handle on the same folder, a new app.
        runComposeUiTest {
            Harness(folder).use { h ->
                h.show(this)
                onNodeWithTag("continue").assertIsDisplayed()
                click("continue")
                assertEquals(Screen.GAME, h.app.screen.value)
                assertEquals(4, h.game.lastPly)
                assertEquals(pieces, h.game.board.pieces)
                assertEquals(2, h.game.moves.size)
            }
        }
        folder.deleteRecursively()
    }

    @Test
    fun settingsChangedAndKept() {
        val folder = Files.createTempDirectory("norochess-settings").toFile()
        runComposeUiTest {
            Harness(folder).use { h ->
                h.show(this)
                click("nav-settings")
                click("setting-coordinates")
                click("setting-confirm-repetition")
                click("theme-GREEN")
                click("piece-style-true")
                onNodeWithTag("player-name").performTextReplacement("Ann")
                waitForIdle()
                assertFalse(h.app.settings.coordinates)
            }
        }
        runComposeUiTest {
            Harness(folder).use { h ->
                h.show(this)
                assertFalse(h.app.settings.coordinates)
                assertFalse(h.app.settings.confirmRepetition)
                assertEquals("green", h.app.settings.boardTheme)
                assertEquals("Ann", h.app.settings.playerName)
                assertEquals(app.norochess.applayer.PieceStyle.LETTERS, h.app.settings.pieceStyle)
                click("start")
                assertTrue(h.game.board.letters)
                assertEquals("Ann", h.game.bottom.name)
                assertFalse(h.game.board.showCoordinates)
                assertEquals(app.norochess.android.ui.BoardTheme.GREEN, h.game.board.theme)
            }
        }
        folder.deleteRecursively()
    }
}

@OptIn(ExperimentalTestApi::class)
fun androidx.compose.ui.test.SemanticsNodeInteraction.performClickAndWait(test: androidx.compose.ui.test.ComposeUiTest) {
    performClick()
    test.waitForIdle()
}
