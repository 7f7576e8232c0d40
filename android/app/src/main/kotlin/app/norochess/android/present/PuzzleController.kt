package app.norochess.android.present

import app.norochess.android.ui.BoardUi
import app.norochess.android.ui.Feedback
import app.norochess.android.ui.PuzzleEvents
import app.norochess.android.ui.PuzzleSet
import app.norochess.android.ui.PuzzleUi
import app.norochess.android.ui.Str
import app.norochess.android.ui.UiStrings
import app.norochess.android.ui.pieceName
import app.norochess.android.ui.PieceUi
import app.norochess.core.LibraryHandle
import app.norochess.core.NorochessException
import app.norochess.core.PuzzleAttempt
import app.norochess.core.PuzzleDifficulty
import app.norochess.core.PuzzleFeedback
import app.norochess.core.PuzzleHint
import app.norochess.core.PuzzleInfo
import app.norochess.core.PuzzleSessionHandle
import app.norochess.core.PuzzleState
import app.norochess.core.Settings
import app.norochess.core.Side
import app.norochess.core.builtinPuzzles
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.withContext

/**
 * The puzzle screen's controller: a [PuzzleSessionHandle] of the built-in
 * pack, with moves played off the main thread (the core may run its exact
 * solver), feedback, hints, retry, the solution step by step, and progress
 * kept in the library.
 */
class PuzzleController(
    private val library: LibraryHandle,
    private val scope: CoroutineScope,
    private val strings: UiStrings,
    private val settings: () -> Settings,
    private val onHome: () -> Unit,
    /** Today as days since 1970 (the daily puzzle). */
    private val today: () -> Long,
    startId: String? = null,
) : PuzzleEvents {
    private val pack: List<PuzzleInfo> = builtinPuzzles()
    private var session: PuzzleSessionHandle
    private var selected: String? = null
    private var feedback: Feedback? = null
    private var feedbackText: String? = null
    private var hint: String? = null
    private var shown = false
    private var busy = false
    private var set = PuzzleSet.ALL
    private var ratingChange: String? = null
    private val _ui: MutableStateFlow<PuzzleUi>
    val ui: StateFlow<PuzzleUi>

    init {
        val first = startId ?: pack.firstOrNull { library.puzzleStatus(it.id) == null }?.id ?: pack.first().id
        session = PuzzleSessionHandle(first)
        _ui = MutableStateFlow(render())
        ui = _ui
    }

    val puzzle: PuzzleInfo get() = session.puzzle()

    private fun tier(d: PuzzleDifficulty) = strings.get(
        when (d) {
            PuzzleDifficulty.EASY -> Str.tier_easy
            PuzzleDifficulty.MEDIUM -> Str.tier_medium
            PuzzleDifficulty.HARD -> Str.tier_hard
        },
    )

    private fun render(): PuzzleUi {
        val info = session.puzzle()
        val snap = session.snapshot()
        val solving = session.state() == PuzzleState.SOLVING && !busy
        val targets = selected?.let { s -> snap.legalMoves.filter { it.from == s }.map { it.to }.toSet() } ?: emptySet()
        val stats = library.puzzleStats()
        val s = settings()
        return PuzzleUi(
            title = strings.get(Str.puzzle_title, info.id, tier(info.difficulty)),
            objective = session.objectiveText(),
            opponentMove = info.opponentMove?.let { move ->
                // The opponent is the side not to play: it moved just before the player's turn.
                strings.get(
                    if (info.player == Side.WHITE) Str.puzzle_opponent_played_black else Str.puzzle_opponent_played_white,
                    move.san,
                )
            },
            board = BoardUi(
                width = snap.width.toInt(),
                height = snap.height.toInt(),
                pieces = snap.pieces.associate { it.square to Mapping.piece(it.piece) },
                lastMove = snap.lastMove?.let { listOf(it.from, it.to) } ?: emptyList(),
                check = snap.checkSquare,
                selected = selected,
                targets = targets,
                whiteAtBottom = info.player == Side.WHITE,
                showCoordinates = s.coordinates,
                showDots = s.legalDots,
                theme = Mapping.theme(s.boardTheme),
                letters = s.pieceStyle == app.norochess.core.PieceStyle.LETTERS,
                interactive = solving,
            ),
            feedback = feedback,
            feedbackText = feedbackText,
            hint = hint,
            solved = stats.solved.toInt(),
            total = pack.size,
            streak = stats.streak.toInt(),
            bestStreak = stats.bestStreak.toInt(),
            canRetry = session.state() == PuzzleState.WRONG,
            canShowSolution = session.state() != PuzzleState.SOLVED,
            canNext = true,
            set = set,
            rating = ratingChange ?: strings.get(Str.puzzle_rating_deviation, stats.rating, stats.deviation),
        )
    }

    private fun publish() { _ui.value = render() }

    override fun onSquareTap(square: String) {
        if (busy || session.state() != PuzzleState.SOLVING) return
        val snap = session.snapshot()
        val sel = selected
        val moves = snap.legalMoves
        if (sel != null && moves.any { it.from == sel && it.to == square }) {
            // Promotion in a puzzle: the first choice the rules allow (queen first).
            val promotion = moves.filter { it.from == sel && it.to == square }.mapNotNull { it.promotion }.maxByOrNull { Mapping.kind(it).points }
            play(sel, square, promotion)
        } else {
            selected = if (moves.any { it.from == square } && square != sel) square else null
            publish()
        }
    }

    override fun onDrag(from: String, to: String) {
        selected = from
        onSquareTap(to)
    }

    private fun play(from: String, to: String, promotion: app.norochess.core.PieceKind?) {
        selected = null
        busy = true
        hint = null
        publish()
        scope.launch {
            val answer = try {
                withContext(Dispatchers.Default) { session.play(from, to, promotion) }
            } catch (e: NorochessException) {
                null
            }
            busy = false
            when (answer) {
                is PuzzleFeedback.Correct -> {
                    feedback = if (answer.solved) Feedback.SOLVED else Feedback.CORRECT
                    feedbackText = answer.reply?.let { strings.get(Str.puzzle_reply, answer.played.san, it.san) } ?: answer.played.san
                    if (answer.solved) record(if (session.solvedCleanly()) PuzzleAttempt.CLEAN else PuzzleAttempt.SOLVED)
                }
                is PuzzleFeedback.Wrong -> {
                    feedback = Feedback.WRONG
                    feedbackText = strings.get(Str.puzzle_refutation, answer.played.san, answer.refutation.joinToString(" ") { it.san })
                }
                null -> Unit
            }
            publish()
        }
    }

    private fun record(attempt: PuzzleAttempt) {
        val info = session.puzzle()
        ratingChange = library.recordPuzzleAttempt(info.id, info.difficulty, attempt).text
    }

    override fun onHint() {
        scope.launch {
            val h = withContext(Dispatchers.Default) { session.hint() }
            hint = when (h) {
                is PuzzleHint.Piece -> strings.get(
                    Str.hint_text,
                    strings.get(Str.square_piece, pieceName(strings, PieceUi(session.player() == Side.WHITE, Mapping.kind(h.kind))), h.square),
                )
                is PuzzleHint.Move -> strings.get(Str.hint_text, h.suggested.san)
                null -> null
            }
            publish()
        }
    }

    override fun onRetry() {
        session.retry()
        feedback = null
        feedbackText = null
        publish()
    }

    override fun onSolution() {
        scope.launch {
            val moves = withContext(Dispatchers.Default) { session.showNext() }
            if (!shown) record(PuzzleAttempt.SHOWN)
            shown = true
            feedback = if (session.state() == PuzzleState.SOLVED) Feedback.SOLVED else null
            feedbackText = moves.joinToString(" ") { it.san }
            publish()
        }
    }

    /** The puzzles of the chosen set, in the pack's order. */
    private fun candidates(): List<PuzzleInfo> = when (set) {
        PuzzleSet.ALL, PuzzleSet.DAILY -> pack
        PuzzleSet.EASY -> pack.filter { it.difficulty == PuzzleDifficulty.EASY }
        PuzzleSet.MEDIUM -> pack.filter { it.difficulty == PuzzleDifficulty.MEDIUM }
        PuzzleSet.HARD -> pack.filter { it.difficulty == PuzzleDifficulty.HARD }
    }

    /** The day's puzzle, as the library chooses it (near the player's rating); the pack's first if none. */
    fun dailyPuzzle(): PuzzleInfo {
        val (year, month, day) = civilDate(today())
        return library.dailyPuzzle(year, month.toUInt(), day.toUInt()) ?: pack.first()
    }

    private fun show(next: PuzzleInfo) {
        session = PuzzleSessionHandle(next.id)
        selected = null; feedback = null; feedbackText = null; hint = null; shown = false; ratingChange = null
        publish()
    }

    override fun onNext() {
        if (set == PuzzleSet.DAILY) return show(dailyPuzzle())
        val list = candidates()
        val index = list.indexOfFirst { it.id == session.puzzle().id }
        val order = list.drop(index + 1) + list.take(index + 1)
        show(order.firstOrNull { library.puzzleStatus(it.id) == null } ?: order.first())
    }

    override fun onSet(set: PuzzleSet) {
        this.set = set
        if (set == PuzzleSet.DAILY) return show(dailyPuzzle())
        val list = candidates()
        show(list.firstOrNull { library.puzzleStatus(it.id) == null } ?: list.first())
    }

    override fun onHome() = onHome.invoke()
}

/** Year, month, day of a day counted from 1970-01-01 (proleptic Gregorian; no java.time before API 26). */
fun civilDate(epochDay: Long): Triple<Int, Int, Int> {
    val z = epochDay + 719_468
    val era = Math.floorDiv(z, 146_097L)
    val doe = z - era * 146_097
    val yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    val doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    val mp = (5 * doy + 2) / 153
    val day = (doy - (153 * mp + 2) / 5 + 1).toInt()
    val month = (if (mp < 10) mp + 3 else mp - 9).toInt()
    val year = (yoe + era * 400 + if (month <= 2) 1 else 0).toInt()
    return Triple(year, month, day)
}
