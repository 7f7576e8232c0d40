package app.norochess.android.present

import app.norochess.android.ui.ComposerEvents
import app.norochess.android.ui.ComposerUi
import app.norochess.android.ui.ObjectiveUi
import app.norochess.android.ui.Str
import app.norochess.android.ui.UiStrings
import app.norochess.applayer.ComposedPuzzle
import app.norochess.applayer.PuzzleOrigin
import app.norochess.applayer.Settings
import app.norochess.applayer.composerObjectives
import app.norochess.core.AnalysisBoardHandle
import app.norochess.core.LibraryHandle
import app.norochess.core.NorochessException
import app.norochess.core.composePuzzle
import app.norochess.kit.detail
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.launch

/**
 * The composer's controller: the position handed over by the editor (or a
 * game), the objective the player chooses among the app layer's, and the
 * exact solver's proof (`composePuzzle`, seconds, on its own Rust thread; the
 * player may cancel the wait). A proven puzzle is saved to My puzzles on the
 * library's thread and shared as its one line.
 */
class ComposerController(
    private val game: String,
    private val position: String,
    private val library: LibraryHandle,
    private val scope: CoroutineScope,
    private val strings: UiStrings,
    settings: () -> Settings,
    private val disk: LibraryThread,
    private val effects: Effects,
    private val onHome: () -> Unit,
) : ComposerEvents {
    private val objectives = composerObjectives()
    private var objectiveId = objectives.first().id
    private var points = "1"
    private var moves = "1"
    private var proof: Job? = null
    /** The puzzle proven for the objective on screen. */
    var puzzle: ComposedPuzzle? = null
        private set
    private var reason: String? = null
    private var saved: String? = null

    /** The position drawn (read once: it never changes here). */
    private val board = try {
        AnalysisBoardHandle.ofPosition(game, position).use { it.view() }
    } catch (e: NorochessException) {
        reason = e.detail
        null
    }
    private val boardUi = board?.let { Mapping.board(it.board, settings(), interactive = false) } ?: app.norochess.android.ui.BoardUi(interactive = false)

    private val _ui = MutableStateFlow(render())
    val ui: StateFlow<ComposerUi> = _ui

    private fun numbers(): Pair<UInt, UInt> = (points.trim().toUIntOrNull() ?: 0u) to (moves.trim().toUIntOrNull() ?: 0u)

    private fun render(): ComposerUi {
        val choice = objectives.first { it.id == objectiveId }
        val (n, m) = numbers()
        return ComposerUi(
            position = board?.origin ?: "",
            board = boardUi,
            objectives = objectives.map { ObjectiveUi(it.id, it.label, it.detail, it.asksPoints, it.asksMoves) },
            objectiveId = objectiveId,
            points = points,
            moves = moves,
            numbersProblem = choice.problem(n, m),
            proving = proof?.isActive == true,
            description = puzzle?.description,
            solution = puzzle?.solution?.joinToString(" "),
            reason = reason,
            saved = saved,
        )
    }

    private fun publish() {
        _ui.value = render()
    }

    /** A new question forgets the last answer. */
    private fun forget() {
        proof?.cancel()
        puzzle = null
        reason = null
        saved = null
    }

    override fun onObjective(id: String) {
        if (objectives.none { it.id == id }) return
        forget()
        objectiveId = id
        publish()
    }

    override fun onPoints(text: String) {
        forget()
        points = text
        publish()
    }

    override fun onMoves(text: String) {
        forget()
        moves = text
        publish()
    }

    override fun onProve() {
        val (n, m) = numbers()
        val objective = objectives.first { it.id == objectiveId }.objective(n, m) ?: return
        forget()
        proof = scope.launch {
            try {
                puzzle = composePuzzle(game, position, objective)
            } catch (e: NorochessException) {
                reason = e.detail
            } finally {
                proof = null
                publish()
            }
        }
        publish()
    }

    /** Stops waiting for the proof (the solver's thread ends on its own; its answer is dropped). */
    override fun onCancelProof() {
        proof?.cancel()
        proof = null
        publish()
    }

    override fun onSave() {
        val line = puzzle?.shareText ?: return
        disk.run({
            try {
                Result.success(library.saveMyPuzzle(line, PuzzleOrigin.COMPOSED))
            } catch (e: NorochessException) {
                Result.failure(e)
            }
        }) { answer ->
            saved = answer.fold(
                { added -> strings.get(if (added) Str.composer_saved else Str.composer_already_saved) },
                { (it as? NorochessException)?.detail ?: it.toString() },
            )
            publish()
        }
    }

    override fun onShare() {
        puzzle?.shareText?.let(effects::share)
    }

    override fun onHome() = onHome.invoke()

    fun close() {
        proof?.cancel()
    }
}
