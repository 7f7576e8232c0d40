package app.norochess.android.present

import app.norochess.android.ui.BudgetUi
import app.norochess.android.ui.GraphPointUi
import app.norochess.android.ui.Mark
import app.norochess.android.ui.MomentUi
import app.norochess.android.ui.ReviewEvents
import app.norochess.android.ui.ReviewMoveUi
import app.norochess.android.ui.ReviewUi
import app.norochess.applayer.Judgement
import app.norochess.applayer.ReviewProgress
import app.norochess.applayer.ReviewReport
import app.norochess.applayer.Settings
import app.norochess.applayer.Side
import app.norochess.applayer.judgementSymbol
import app.norochess.applayer.reviewBudgets
import app.norochess.applayer.reviewGraphLimit
import app.norochess.core.AnalysisBoardHandle
import app.norochess.core.GameReviewHandle
import app.norochess.core.LibraryHandle
import app.norochess.core.NorochessException
import app.norochess.core.ReviewListener
import app.norochess.kit.detail
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/**
 * The review screen's controller: the library's [GameReviewHandle] of one
 * game (opened on the library's thread, resumed from what the library kept),
 * run on its own Rust thread with the budget the player chose, saving as it
 * goes; its progress, report, notices and failed saves published as
 * [ReviewUi]. What a move cost, its mark, the moments and the summaries are
 * the app layer's; the board at a chosen move is read from the library on its
 * thread (an analysis board of the game at that move, which never changes it).
 */
class ReviewController(
    private val library: LibraryHandle,
    val gameId: Long,
    title: String,
    private val scope: CoroutineScope,
    private val settings: () -> Settings,
    private val nowMs: () -> ULong,
    private val disk: LibraryThread,
    private val onAnalyseAt: (gameId: Long, plies: Int) -> Unit,
    private val onHome: () -> Unit,
    /**
     * Reads the review's report off the main thread (a running review holds it while it saves into the library).
     * Tests replace it to hold some reads back; the phone reads on [Dispatchers.Default].
     */
    private val readReport: suspend (GameReviewHandle) -> ReviewReport = { withContext(Dispatchers.Default) { it.report() } },
) : ReviewEvents {
    private val budgets = reviewBudgets()
    private var budgetId = (budgets.firstOrNull { it.isDefault } ?: budgets.first()).id
    private var handle: GameReviewHandle? = null
    private var job: Job? = null
    private var report: ReviewReport? = null
    private val notices = mutableListOf<String>()
    /** The position shown; null until the review's size is known (then the last one). */
    private var selected: Int? = null
    /** Counts board requests: only the answer to the latest is shown. */
    private var boardRequest = 0
    /** Counts report reads, in the order they were asked for on the main thread. */
    private var reportRead = 0
    /** The read whose report the screen shows: an older read that comes back later is dropped. */
    private var reportShown = 0

    private val _ui = MutableStateFlow(
        ReviewUi(
            title = title,
            budgets = budgets.map { BudgetUi(it.id, it.label, it.detail) },
            budgetId = budgetId,
            graphLimit = reviewGraphLimit().toFloat(),
        ),
    )
    val ui: StateFlow<ReviewUi> = _ui

    init {
        open()
    }

    /** Opens the review with the chosen budget on the library's thread (it reads the game and what was saved of its review). */
    private fun open() {
        val budget = budgets.first { it.id == budgetId }.budget
        disk.run({
            try {
                Result.success(GameReviewHandle.open(library, gameId, budget, nowMs()))
            } catch (e: NorochessException) {
                Result.failure(e)
            }
        }) { opened ->
            opened.exceptionOrNull()?.let { notices += (it as? NorochessException)?.detail ?: it.toString() }
            opened.getOrNull()?.let { review ->
                handle?.close()
                handle = review
                review.notice()?.let { notices += it }
            }
            refresh()
        }
    }

    /**
     * Reads the report off the main thread (a running review holds it while it
     * saves into the library) and publishes it on the main thread, unless a
     * read asked for later was published first: reads overlap (each progress
     * asks for one), and one taken before the review's end but answered after
     * the last one would show the finished review as unfinished for good.
     */
    private fun refresh() {
        val review = handle
        if (review == null) {
            _ui.value = render(report)
            return
        }
        val read = ++reportRead
        scope.launch {
            val current = readReport(review)
            if (review !== handle || read < reportShown) return@launch
            reportShown = read
            report = current
            if (selected == null) {
                val last = current.progress.total.toInt() - 1
                selected = last
                showBoard(last)
            }
            _ui.value = render(current)
        }
    }

    private fun render(report: ReviewReport?): ReviewUi {
        val progress: ReviewProgress? = report?.progress
        val ply = selected ?: 0
        val move = report?.moves?.firstOrNull { it.reviewPly.toInt() == ply }
        return _ui.value.copy(
            budgetId = budgetId,
            progressText = progress?.text ?: "",
            progress = progress?.let { if (it.total == 0u) 0f else it.analysed.toFloat() / it.total.toFloat() } ?: 0f,
            complete = progress?.complete == true,
            running = job?.isActive == true,
            started = (progress?.analysed ?: 0u) > 0u,
            notices = notices.toList(),
            graph = report?.graph?.map { GraphPointUi(it.reviewPly.toInt(), it.whitePoints.toFloat(), mark(it.judgement)) } ?: emptyList(),
            positions = progress?.total?.toInt() ?: 1,
            selectedPly = ply,
            moveText = move?.text,
            bestLine = move?.bestLine?.takeIf { it.isNotEmpty() && move.best != null }?.joinToString(" "),
            whiteSummary = report?.white?.text?.takeIf { report.moves.isNotEmpty() } ?: "",
            blackSummary = report?.black?.text?.takeIf { report.moves.isNotEmpty() } ?: "",
            moments = report?.moments?.map { MomentUi(it.reviewPly.toInt(), it.text) } ?: emptyList(),
            moves = report?.moves?.map {
                ReviewMoveUi(
                    ply = it.reviewPly.toInt(),
                    number = it.moveNumber.toInt(),
                    white = it.mover == Side.WHITE,
                    label = it.played.san + judgementSymbol(it.judgement),
                    spoken = it.text,
                    mark = mark(it.judgement),
                )
            } ?: emptyList(),
        )
    }

    private fun mark(judgement: Judgement?): Mark = when (judgement) {
        Judgement.INACCURACY -> Mark.INACCURACY
        Judgement.MISTAKE -> Mark.MISTAKE
        Judgement.BLUNDER -> Mark.BLUNDER
        Judgement.BEST, Judgement.GOOD, null -> Mark.NONE
    }

    /** Reads the board at [ply] on the library's thread and shows it, unless another move was chosen meanwhile. */
    private fun showBoard(ply: Int) {
        val request = ++boardRequest
        disk.run({
            try {
                Result.success(AnalysisBoardHandle.ofGame(library, gameId, ply.toUInt(), nowMs()).use { it.view().board })
            } catch (e: NorochessException) {
                Result.failure(e)
            }
        }) { answer ->
            answer.exceptionOrNull()?.let { notices += (it as? NorochessException)?.detail ?: it.toString() }
            val board = answer.getOrNull()
            if (board != null && request == boardRequest) {
                _ui.value = _ui.value.copy(board = Mapping.board(board, settings(), interactive = false), notices = notices.toList())
            } else {
                _ui.value = _ui.value.copy(notices = notices.toList())
            }
        }
    }

    override fun onBudget(id: String) {
        if (job?.isActive == true || id == budgetId || budgets.none { it.id == id }) return
        budgetId = id
        _ui.value = _ui.value.copy(budgetId = id)
        open()
    }

    override fun onStartReview() {
        val review = handle ?: return
        if (job?.isActive == true) return
        val listener = object : ReviewListener {
            // Called on the review's thread while it holds the review: read the report on the main thread.
            override fun onProgress(progress: ReviewProgress) {
                scope.launch { if (review === handle) refresh() }
            }

            override fun onSaveFailed(problem: String) {
                scope.launch {
                    notices += problem
                    refresh()
                }
            }
        }
        val started = scope.launch {
            try {
                review.run(listener)
            } catch (e: NorochessException) {
                notices += e.detail
            } finally {
                job = null
                if (review === handle) refresh()
            }
        }
        job = started
        // Cancel right after Start can stop the coroutine before its body runs, and then the finally above never
        // runs either: the screen would show the review running for ever. Its completion says it stopped all the same.
        started.invokeOnCompletion { scope.launch { if (review === handle && job === started) refresh() } }
        _ui.value = _ui.value.copy(running = true)
    }

    override fun onCancelReview() {
        handle?.cancel()
        job?.cancel()
    }

    override fun onSelectPly(ply: Int) {
        val last = (report?.progress?.total?.toInt() ?: 1) - 1
        val chosen = ply.coerceIn(0, last.coerceAtLeast(0))
        if (chosen == selected) return
        selected = chosen
        _ui.value = render(report)
        showBoard(chosen)
    }

    override fun onAnalyse() = onAnalyseAt(gameId, selected ?: 0)

    override fun onHome() = onHome.invoke()

    /** Stops the review (it keeps and saves what it did) and frees the handle. */
    fun close() {
        handle?.cancel()
        job?.cancel()
        val review = handle
        handle = null
        // After the cancelled run's last save, on the library's thread.
        disk.run { review?.close() }
    }
}
