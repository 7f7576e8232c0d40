package app.norochess.android.present

import app.norochess.android.ui.AnalysisEvents
import app.norochess.android.ui.AnalysisUi
import app.norochess.android.ui.EngineLineUi
import app.norochess.android.ui.PieceKind
import app.norochess.applayer.AnalysisView
import app.norochess.applayer.LiveLines
import app.norochess.applayer.Settings
import app.norochess.applayer.analysisBoardLimits
import app.norochess.applayer.analysisBoardLines
import app.norochess.core.AnalysisBoardHandle
import app.norochess.core.AnalysisListener
import app.norochess.core.NorochessException
import app.norochess.kit.detail
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.launch

/**
 * The analysis board's controller: an [AnalysisBoardHandle] (a game's
 * position with its history, or a position from the editor) whose variation
 * never changes the game. Touches are the app layer's board input (the handle
 * plays the move it chose); after each change the engine's lines are asked
 * again (on the handle's own thread, reported as they deepen), and near the
 * end the exact solver's result.
 */
class AnalysisController(
    val board: AnalysisBoardHandle,
    private val scope: CoroutineScope,
    private val settings: () -> Settings,
    private val onEdit: (game: String, position: String) -> Unit,
    private val onCompose: (game: String, position: String) -> Unit,
    private val onHome: () -> Unit,
) : AnalysisEvents {
    private var view: AnalysisView = board.view()
    private var lines: LiveLines? = null
    private var exact: app.norochess.applayer.ExactResult? = null
    private var problem: String? = null
    private var search: Job? = null
    private var solver: Job? = null
    /** Counts positions analysed: only the lines of the one on the board are shown. */
    private var generation = 0

    private val _ui = MutableStateFlow(render())
    val ui: StateFlow<AnalysisUi> = _ui

    init {
        analyse()
    }

    private fun render(): AnalysisUi = AnalysisUi(
        origin = view.origin,
        status = view.status,
        board = Mapping.board(view.board, settings(), interactive = view.canAnalyse && view.input.picker == null).copy(
            selected = view.input.selected,
            targets = view.input.targets.toSet(),
        ),
        variation = view.variation.joinToString(" ") { it.san },
        lines = lines?.let { live ->
            live.lines.mapIndexed { i, line -> EngineLineUi(line.score.text, line.moves.joinToString(" ") { it.san }, live.depthTexts.getOrElse(i) { "" }) }
        } ?: emptyList(),
        thinking = search?.isActive == true,
        exact = exact?.text,
        exactLine = exact?.line?.takeIf { it.isNotEmpty() }?.joinToString(" "),
        solving = solver?.isActive == true,
        canBack = view.variation.isNotEmpty(),
        picker = view.input.picker?.let(Mapping::pickerUi),
        problem = problem,
    )

    private fun publish() {
        _ui.value = render()
    }

    /** Asks the engine (and near the end the solver) about the position on the board, forgetting the last one's answers. */
    private fun analyse() {
        search?.cancel()
        solver?.cancel()
        val mine = ++generation
        lines = null
        exact = null
        problem = null
        if (!view.canAnalyse) {
            publish()
            return
        }
        val listener = object : AnalysisListener {
            // On the search's thread: shown on the main thread.
            override fun onLines(lines: LiveLines) {
                scope.launch {
                    if (mine == generation) {
                        this@AnalysisController.lines = lines
                        publish()
                    }
                }
            }
        }
        search = scope.launch {
            try {
                val finished = board.analyse(
                    analysisBoardLimits(Runtime.getRuntime().availableProcessors().toUInt()),
                    analysisBoardLines(),
                    listener,
                )
                if (mine == generation) lines = finished
            } catch (e: NorochessException) {
                if (mine == generation) problem = e.detail
            } finally {
                if (mine == generation) publish()
            }
        }
        if (view.exactAvailable) {
            solver = scope.launch {
                try {
                    val result = board.exact()
                    if (mine == generation) exact = result
                } catch (e: NorochessException) {
                    if (mine == generation) problem = e.detail
                } finally {
                    if (mine == generation) publish()
                }
            }
        }
        publish()
    }

    /** Runs a touch; a move it played is analysed afresh. */
    private fun touch(body: () -> AnalysisView) {
        val before = view.variation.size
        try {
            view = body()
        } catch (e: NorochessException) {
            problem = e.detail
            publish()
            return
        }
        if (view.variation.size != before) analyse() else publish()
    }

    override fun onSquareTap(square: String) = touch { board.tap(square) }
    override fun onDragBegan(from: String) = touch { board.dragBegan(from) }
    override fun onDragEnded(to: String?) = touch { board.dragEnded(to) }
    override fun onPick(piece: PieceKind) = touch { board.choosePiece(Mapping.coreKind(piece)) }
    override fun onPickCancel() = touch { board.cancelInput() }

    override fun onVariationBack() = touch {
        board.back()
        board.view()
    }

    override fun onVariationReset() = touch {
        board.reset()
        board.view()
    }

    override fun onEdit() = onEdit(view.board.setup.game, view.board.positionText)

    override fun onCompose() = onCompose(view.board.setup.game, view.board.positionText)

    override fun onHome() = onHome.invoke()

    /** Stops the searches and frees the board. */
    fun close() {
        search?.cancel()
        solver?.cancel()
        board.cancel()
        board.close()
    }
}
