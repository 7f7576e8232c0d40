package app.norochess.rail

import androidx.compose.runtime.Composable
import app.norochess.android.ui.GameEvents
import app.norochess.android.ui.GameScreen
import app.norochess.android.ui.GamesEvents
import app.norochess.android.ui.GamesScreen
import app.norochess.android.ui.HomeEvents
import app.norochess.android.ui.HomeScreen
import app.norochess.android.ui.PuzzleEvents
import app.norochess.android.ui.PuzzleScreen
import app.norochess.android.ui.RulesScreen
import app.norochess.android.ui.SettingsScreen
import app.norochess.android.ui.StatsScreen
import app.norochess.android.ui.rulePages
import app.norochess.android.ui.AnalysisEvents
import app.norochess.android.ui.AnalysisScreen
import app.norochess.android.ui.ComposerEvents
import app.norochess.android.ui.ComposerScreen
import app.norochess.android.ui.EditorEvents
import app.norochess.android.ui.EditorScreen
import app.norochess.android.ui.MyPuzzlesEvents
import app.norochess.android.ui.MyPuzzlesScreen
import app.norochess.android.ui.ReviewEvents
import app.norochess.android.ui.ReviewScreen
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.fail

/**
 * Every screen rendered to PNG — light and dark, 8×8 and 10×10, portrait and
 * landscape, phone and tablet, font scale 2 — and compared with the goldens.
 */
class ScreenshotTest {
    private val s = Goldens.strings
    private val phone = Devices.phone
    private val failures = mutableListOf<String>()

    private fun shot(name: String, device: Device = phone, dark: Boolean = false, fontScale: Float = 1f, content: @Composable () -> Unit) {
        Goldens.check(name, device, dark, fontScale, content)?.let(failures::add)
    }

    private fun done() {
        if (failures.isNotEmpty()) fail(failures.joinToString("\n"))
    }

    private val game = object : GameEvents {}

    @Test
    fun home() {
        shot("home-light") { HomeScreen(Fixtures.home(s), object : HomeEvents {}) }
        shot("home-dark", dark = true) { HomeScreen(Fixtures.home(s), object : HomeEvents {}) }
        shot("home-friend-font2", fontScale = 2f) { HomeScreen(Fixtures.homeFriend(s), object : HomeEvents {}) }
        shot("home-tablet", Devices.tablet) { HomeScreen(Fixtures.home(s), object : HomeEvents {}) }
        done()
    }

    @Test
    fun game() {
        shot("game-norochess-light") { GameScreen(Fixtures.norochess(), game) }
        shot("game-norochess-dark", dark = true) { GameScreen(Fixtures.norochess(), game) }
        shot("game-norochess-landscape", phone.landscape()) { GameScreen(Fixtures.norochess(), game) }
        shot("game-norochess-font2", fontScale = 2f) { GameScreen(Fixtures.norochess(), game) }
        shot("game-norochess-tablet", Devices.tablet, dark = true) { GameScreen(Fixtures.norochess(), game) }
        shot("game-overtime-face-to-face") { GameScreen(Fixtures.overtime(), game) }
        shot("game-overtime-landscape-dark", phone.landscape(), dark = true) { GameScreen(Fixtures.overtime(), game) }
        shot("game-ram-picker") { GameScreen(Fixtures.ramPicker(), game) }
        shot("game-ram-picker-dark", dark = true) { GameScreen(Fixtures.ramPicker(), game) }
        shot("game-frontal-check") { GameScreen(Fixtures.frontalCheck(), game) }
        shot("game-frontal-check-landscape", phone.landscape()) { GameScreen(Fixtures.frontalCheck(), game) }
        shot("game-result") { GameScreen(Fixtures.result(), game) }
        shot("game-resign-confirm-dark", dark = true) { GameScreen(Fixtures.norochess().copy(confirmResign = true), game) }
        shot("game-letters-dark", dark = true) {
            GameScreen(Fixtures.norochess().let { it.copy(board = it.board.copy(letters = true, theme = app.norochess.android.ui.BoardTheme.GREEN)) }, game)
        }
        shot("game-practice-dark", dark = true) {
            GameScreen(
                Fixtures.norochess().copy(
                    practice = app.norochess.android.ui.PracticeUi(
                        "Mistake: 3.0 points lost",
                        "6.Bd3? Mistake, 3.0 points lost. Best was Be2.",
                    ),
                ),
                game,
            )
        }
        shot("game-draw-offer") { GameScreen(Fixtures.overtime().copy(drawOfferedByWhite = true, drawAnswerUpsideDown = true), game) }
        done()
    }

    /** Screens filled by the real library through the app's controllers (no engine: fixed positions). */
    @Test
    fun live() {
        Harness(null).use { h ->
            shot("home-live") { HomeScreen(h.app.home.value, h.app) }
            h.app.open(
                app.norochess.core.GameSessionHandle(
                    app.norochess.applayer.NewGame(
                        app.norochess.applayer.GameSetup("ram"),
                        "1rnbqkb3/ppppp2P2/10/10/10/10/10/10/PPPPPPP3/2N1QKBNR1 w - - 0 20",
                        app.norochess.applayer.OpponentChoice.Friend("Ann", "Bob"), null, null, 1uL, null, null,
                    ),
                    h.library,
                ),
            )
            val game = h.app.game.value!!
            game.onSquareTap("h9")
            game.onSquareTap("h10")
            shot("game-ram-resurrection-live") { GameScreen(game.ui.value, game) }
            game.onPick(app.norochess.android.ui.PieceKind.ROOK)
            shot("game-ram-resurrected-live-dark", dark = true) { GameScreen(game.ui.value, game) }

            // A Ram chess mate from the pack (format 3), chosen by its theme as a player does: the 10×10 puzzle
            // screen with the app layer's objective line (no scores in a royal game).
            h.app.onPuzzles()
            val puzzle = h.app.puzzle.value!!
            puzzle.onTheme("ram-chess")
            assertEquals("rp0001", puzzle.puzzle.id, "the pack's first Ram chess puzzle")
            shot("puzzle-ram-mate-live") { PuzzleScreen(puzzle.ui.value, puzzle) }
        }
        done()
    }

    /** Issue 27's screens: the review (its graph), the analysis board, the editor, the composer, My puzzles. */
    @Test
    fun reviewAndAnalysis() {
        shot("review-light") { ReviewScreen(Fixtures.review(), object : ReviewEvents {}) }
        shot("review-dark", dark = true) { ReviewScreen(Fixtures.review(), object : ReviewEvents {}) }
        shot("review-landscape", phone.landscape()) { ReviewScreen(Fixtures.review(), object : ReviewEvents {}) }
        shot("review-font2", fontScale = 2f) { ReviewScreen(Fixtures.review(), object : ReviewEvents {}) }
        shot("analysis-light") { AnalysisScreen(Fixtures.analysis(), object : AnalysisEvents {}) }
        shot("analysis-dark", dark = true) { AnalysisScreen(Fixtures.analysis(), object : AnalysisEvents {}) }
        shot("editor-light") { EditorScreen(Fixtures.editor(), object : EditorEvents {}) }
        shot("editor-landscape-dark", phone.landscape(), dark = true) { EditorScreen(Fixtures.editor(), object : EditorEvents {}) }
        shot("editor-ram-10x10-dark", dark = true) { EditorScreen(Fixtures.editorRam(), object : EditorEvents {}) }
        shot("composer-light") { ComposerScreen(Fixtures.composer(), object : ComposerEvents {}) }
        shot("my-puzzles-light") { MyPuzzlesScreen(Fixtures.myPuzzles(), object : MyPuzzlesEvents {}) }
        done()
    }

    @Test
    fun puzzle() {
        shot("puzzle-light") { PuzzleScreen(Fixtures.puzzle(), object : PuzzleEvents {}) }
        shot("puzzle-dark", dark = true) { PuzzleScreen(Fixtures.puzzle(), object : PuzzleEvents {}) }
        shot("puzzle-landscape", phone.landscape()) { PuzzleScreen(Fixtures.puzzle(), object : PuzzleEvents {}) }
        done()
    }

    /** The theme picker over the puzzle screen, and on a tablet the chosen theme beside the tier with a notice. */
    @Test
    fun puzzleThemes() {
        shot("puzzle-theme-picker") { PuzzleScreen(Fixtures.puzzleThemes(open = true), object : PuzzleEvents {}) }
        shot("puzzle-theme-picker-dark", dark = true) { PuzzleScreen(Fixtures.puzzleThemes(open = true), object : PuzzleEvents {}) }
        shot("puzzle-theme-tablet", Devices.tablet) {
            PuzzleScreen(
                // A fresh attempt (no feedback, no hint): the choice came round again.
                Fixtures.puzzleThemes(open = false, notice = "You have solved every one of the medium fork puzzles cleanly; here they come again.")
                    .copy(feedback = null, feedbackText = null, hint = null, canRetry = false),
                object : PuzzleEvents {},
            )
        }
        done()
    }

    @Test
    fun library() {
        shot("games-light") { GamesScreen(Fixtures.gamesList(), object : GamesEvents {}) }
        shot("games-dark", dark = true) { GamesScreen(Fixtures.gamesList(), object : GamesEvents {}) }
        shot("stats-light") { StatsScreen(Fixtures.stats()) {} }
        shot("stats-dark-font2", dark = true, fontScale = 2f) { StatsScreen(Fixtures.stats()) {} }
        shot("rules-light") { RulesScreen(rulePages(), 0, {}) {} }
        shot("rules-ram-dark", dark = true) { RulesScreen(rulePages(), 2, {}) {} }
        shot("settings-light") { SettingsScreen(Fixtures.settings(), {}) {} }
        shot("settings-dark", dark = true) { SettingsScreen(Fixtures.settings(), {}) {} }
        done()
    }
}
