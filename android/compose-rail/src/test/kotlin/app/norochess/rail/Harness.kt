package app.norochess.rail

import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performScrollToNode
import androidx.compose.ui.test.hasTestTag
import app.norochess.android.present.AppController
import app.norochess.android.present.Effects
import app.norochess.android.present.NorochessApp
import app.norochess.android.present.PuzzleController
import app.norochess.android.ui.GameUi
import app.norochess.android.ui.NorochessTheme
import app.norochess.core.LibraryHandle
import java.io.File
import java.util.concurrent.Executors
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.cancel

/**
 * Plays the role of the Android view model: an [AppController] over a real
 * library (a folder, so a second harness on the same folder is the app after
 * process death), on a single-threaded "main" dispatcher, with a clock the
 * test moves by hand.
 */
class Harness(val folder: File?) : AutoCloseable {
    val library: LibraryHandle = folder?.let { LibraryHandle.open(it.path) } ?: LibraryHandle.inMemory()
    @Volatile var now: ULong = 1_000_000uL
    val shared = mutableListOf<String>()
    var moves = 0
    var endings = 0
    private val executor = Executors.newSingleThreadExecutor { Thread(it, "harness-main").apply { isDaemon = true } }
    private val scope = CoroutineScope(SupervisorJob() + executor.asCoroutineDispatcher())
    val app = AppController(
        library, scope, Goldens.strings, { now },
        object : Effects {
            override fun moved(capture: Boolean) { moves++ }
            override fun gameOver() { endings++ }
            override fun share(text: String) { shared += text }
        },
        seed = { 7uL },
        date = { "30 Nov 2026" },
    )

    val game: GameUi get() = app.game.value!!.ui.value

    /** A puzzle screen's controller on the puzzle [id], on the harness's "main" dispatcher. */
    fun puzzle(id: String) = PuzzleController(
        library, scope, Goldens.strings, { app.settings }, {}, { Triple(2026, 11, 30) }, id,
    )

    @OptIn(ExperimentalTestApi::class)
    fun show(test: ComposeUiTest) = test.setContent {
        NorochessTheme(dark = false, strings = Goldens.strings) { NorochessApp(app) }
    }

    override fun close() {
        app.game.value?.close()
        scope.cancel()
        executor.shutdownNow()
        library.close()
    }
}

@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.click(tag: String) {
    val node = onNodeWithTag(tag, useUnmergedTree = true)
    try {
        node.performScrollTo()
    } catch (_: AssertionError) {
        // Not in a scrolling container: already on screen.
    }
    node.performClick()
    waitForIdle()
}

/** A tap on the move of the move list tagged [tag]: the list (lazy, scrolled to the current move) is scrolled to it first. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.tapMove(tag: String) {
    onNodeWithTag("moves").performScrollToNode(hasTestTag(tag))
    click(tag)
}

@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.tapSquare(square: String) {
    onNodeWithTag("square-$square").performClick()
    waitForIdle()
}
