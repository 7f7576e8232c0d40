package app.norochess.android.present

import app.norochess.android.ui.BoardUi
import app.norochess.android.ui.Feedback
import app.norochess.android.ui.PieceKind
import app.norochess.android.ui.PieceUi
import app.norochess.android.ui.PuzzleEvents
import app.norochess.android.ui.PuzzleSet
import app.norochess.android.ui.PuzzleUi
import app.norochess.android.ui.Str
import app.norochess.android.ui.ThemeChoiceUi
import app.norochess.android.ui.UiStrings
import app.norochess.android.ui.pieceName
import app.norochess.applayer.MoveInfo
import app.norochess.applayer.PuzzleDifficulty
import app.norochess.applayer.PuzzleFeedback
import app.norochess.applayer.PuzzleFilter
import app.norochess.applayer.PuzzleHint
import app.norochess.applayer.PuzzleInfo
import app.norochess.applayer.PuzzlePhase
import app.norochess.applayer.PuzzleStats
import app.norochess.applayer.PuzzleThemeChoice
import app.norochess.applayer.Settings
import app.norochess.applayer.Side
import app.norochess.core.LibraryHandle
import app.norochess.core.NorochessException
import app.norochess.core.PuzzleRun
import app.norochess.core.builtinPuzzles
import app.norochess.core.nextPuzzle
import app.norochess.core.puzzleFilterAllSolvedText
import app.norochess.core.puzzleFilterNoneText
import app.norochess.core.puzzleFilterText
import app.norochess.core.puzzleFilterWithTier
import app.norochess.core.puzzleThemeChoices
import app.norochess.kit.detail
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/**
 * The puzzle screen's controller: maps a [PuzzleRun] (one attempt, from the Rust app layer) to the
 * screen and forwards taps. How an attempt counts, when it is recorded, which puzzle is next and which
 * is the day's are the run's and the library's (docs/puzzles.md); moves run off the main thread (the
 * core may run its exact solver), and an answer of a run no longer on screen is dropped here (the run
 * itself recorded it under its own puzzle).
 */
class PuzzleController(
    private val library: LibraryHandle,
    private val scope: CoroutineScope,
    private val strings: UiStrings,
    private val settings: () -> Settings,
    private val onHome: () -> Unit,
    /** Today's local calendar date as (year, month 1–12, day) (the daily puzzle). */
    private val today: () -> Triple<Int, Int, Int>,
    startId: String? = null,
    /** Shows what a library call could not do (the app's problem dialog), every time. */
    private val report: (String) -> Unit = {},
    /** A puzzle of My puzzles to start with, as its line (solved like a built-in one). */
    startLine: String? = null,
    private val onMyPuzzles: () -> Unit = {},
) : PuzzleEvents {
    private val packSize: Int = builtinPuzzles().size
    private var run: PuzzleRun
    private var feedback: Feedback? = null
    private var feedbackText: String? = null
    private var hint: String? = null
    private var busy = false
    private var set = PuzzleSet.ALL
    /** The theme Next keeps to (the app layer's id; `null`: any theme), with the tier of [set]. */
    private var theme: String? = null
    private var themeMenuOpen = false
    /** The app layer's sentence about the last choice: none in the pack, or every one solved cleanly. */
    private var notice: String? = null
    /** The themes of [set]'s tier, as the app layer offers them (read when the choice changes). */
    private var themeChoices: List<PuzzleThemeChoice> = emptyList()
    /** The choice in the app layer's words ("hard fork puzzles"), read when it changes. */
    private var filterText: String? = null
    /** The picker's title, naming the tier its counts are of. */
    private var themeMenuTitle = ""
    private var ratingChange: String? = null
    private val _ui: MutableStateFlow<PuzzleUi>
    val ui: StateFlow<PuzzleUi>
    /** The last statistics read, shown while the library cannot be read. */
    private var lastStats: PuzzleStats? = null

    /** Runs a library call; a failure is reported and the screen stays as it was. */
    private fun <T> attempt(call: () -> T): T? = try {
        call()
    } catch (e: NorochessException) {
        report(e.detail)
        null
    }

    init {
        run = if (startLine != null) {
            PuzzleRun.fromLine(startLine, library)
        } else {
            val first = startId ?: attempt { nextPuzzle(library, filter(), null) }?.puzzle?.id ?: builtinPuzzles().first().id
            PuzzleRun(first, library)
        }
        readChoice()
        _ui = MutableStateFlow(render())
        ui = _ui
    }

    val puzzle: PuzzleInfo get() = run.puzzle()

    private fun tier(d: PuzzleDifficulty) = strings.get(
        when (d) {
            PuzzleDifficulty.EASY -> Str.tier_easy
            PuzzleDifficulty.MEDIUM -> Str.tier_medium
            PuzzleDifficulty.HARD -> Str.tier_hard
        },
    )

    private fun render(): PuzzleUi {
        val info = run.puzzle()
        val snap = run.snapshot()
        val phase = run.phase()
        val solving = phase == PuzzlePhase.SOLVING && !busy
        // The selection, its targets and the picker are the run's board input (the app layer's).
        val input = run.input()
        val picker = input.picker?.let(Mapping::pickerUi)
        val stats = attempt { library.puzzleStats() }?.also { lastStats = it } ?: lastStats
        val s = settings()
        return PuzzleUi(
            title = strings.get(Str.puzzle_title, info.id, tier(info.difficulty)),
            objective = run.objectiveText(),
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
                selected = input.selected,
                targets = input.targets.toSet(),
                destinations = Mapping.destinations(snap.legalMoves.map { it.from to it.to }),
                whiteAtBottom = info.player == Side.WHITE,
                showCoordinates = s.coordinates,
                showDots = s.legalDots,
                theme = Mapping.theme(s.boardTheme),
                letters = s.pieceStyle == app.norochess.applayer.PieceStyle.LETTERS,
                interactive = solving && picker == null,
            ),
            picker = picker,
            feedback = feedback,
            feedbackText = feedbackText,
            hint = hint,
            solved = stats?.solved?.toInt() ?: 0,
            total = packSize,
            streak = stats?.streak?.toInt() ?: 0,
            bestStreak = stats?.bestStreak?.toInt() ?: 0,
            canRetry = phase == PuzzlePhase.WRONG,
            canShowSolution = phase == PuzzlePhase.SOLVING || phase == PuzzlePhase.WRONG,
            canNext = true,
            set = set,
            themes = themeChoices.map { ThemeChoiceUi(it.id, it.name, it.count.toInt(), it.meaning) },
            theme = theme,
            // The app layer keeps the theme only in a tier that has it, so it is among the tier's choices.
            themeName = theme?.let { id -> themeChoices.firstOrNull { it.id == id }?.name ?: id },
            filterText = if (set == PuzzleSet.DAILY) null else filterText,
            themeMenuTitle = themeMenuTitle,
            themeMenuOpen = themeMenuOpen,
            notice = notice,
            rating = ratingChange ?: stats?.let { strings.get(Str.puzzle_rating_deviation, it.rating, it.deviation) } ?: "",
        )
    }

    private fun publish() { _ui.value = render() }

    /**
     * Runs a touch on the run's board input: a move it chose is played off the main thread, anything
     * else (a selection, the picker) is redrawn. The run ignores touches while it judges a move.
     */
    private fun touch(body: (PuzzleRun) -> MoveInfo?) {
        val chosen = try {
            body(run)
        } catch (e: NorochessException) {
            null
        }
        if (chosen != null) play(chosen.from, chosen.to, chosen.promotion) else publish()
    }

    override fun onSquareTap(square: String) = touch { it.tap(square) }

    override fun onDragBegan(from: String) = touch { it.dragBegan(from); null }

    override fun onDragEnded(to: String?) = touch { it.dragEnded(to) }

    override fun onPick(piece: PieceKind) = touch { it.choosePiece(Mapping.coreKind(piece)) }

    override fun onPickCancel() = touch { it.cancelInput(); null }

    /** Runs [body] on the current run off the main thread and shows its answer, unless the player has moved on to another run meanwhile. */
    private fun <T> offMain(body: (PuzzleRun) -> T, show: (PuzzleRun, T) -> Unit) {
        val current = run
        busy = true
        publish()
        scope.launch {
            val answer = try {
                withContext(Dispatchers.Default) { body(current) }
            } catch (e: NorochessException) {
                null
            }
            if (current !== run) return@launch
            busy = false
            if (answer != null) show(current, answer)
            current.end()?.ratingText?.let { ratingChange = it }
            publish()
        }
    }

    private fun play(from: String, to: String, promotion: app.norochess.applayer.PieceKind?) {
        hint = null
        offMain({ it.play(from, to, promotion) }) { _, answer ->
            when (answer) {
                is PuzzleFeedback.Correct -> {
                    feedback = if (answer.solved) Feedback.SOLVED else Feedback.CORRECT
                    feedbackText = answer.reply?.let { strings.get(Str.puzzle_reply, answer.played.san, it.san) } ?: answer.played.san
                }
                is PuzzleFeedback.Wrong -> {
                    feedback = Feedback.WRONG
                    feedbackText = strings.get(Str.puzzle_refutation, answer.played.san, answer.refutation.joinToString(" ") { it.san })
                }
            }
        }
    }

    override fun onHint() {
        if (busy) return
        offMain({ Result.success(it.hint()) }) { current, result ->
            hint = when (val h = result.getOrNull()) {
                is PuzzleHint.Piece -> strings.get(
                    Str.hint_text,
                    strings.get(Str.square_piece, pieceName(strings, PieceUi(current.player() == Side.WHITE, Mapping.kind(h.kind))), h.square),
                )
                is PuzzleHint.Move -> strings.get(Str.hint_text, h.suggested.san)
                null -> null
            }
        }
    }

    override fun onRetry() {
        if (busy) return
        run.retry()
        feedback = null
        feedbackText = null
        publish()
    }

    override fun onSolution() {
        if (busy) return
        offMain({ it.showNext() }) { current, moves ->
            feedback = if (current.phase() == PuzzlePhase.SOLVED) Feedback.SOLVED else null
            feedbackText = moves.joinToString(" ") { it.san }
        }
    }

    /** The difficulty the chosen set keeps to (`null`: every puzzle). */
    private fun tierOf(set: PuzzleSet): PuzzleDifficulty? = when (set) {
        PuzzleSet.ALL, PuzzleSet.DAILY -> null
        PuzzleSet.EASY -> PuzzleDifficulty.EASY
        PuzzleSet.MEDIUM -> PuzzleDifficulty.MEDIUM
        PuzzleSet.HARD -> PuzzleDifficulty.HARD
    }

    /** The day's puzzle for the device's local date, as the library chooses it (near the player's rating). */
    fun dailyPuzzle(): PuzzleInfo? {
        val (year, month, day) = today()
        return attempt { library.dailyPuzzle(year, month.toUInt(), day.toUInt()) }
    }

    /** Ends the attempt on screen (the run records it, if it was one) off the main thread, then frees it. */
    private fun leaveRun() {
        val old = run
        scope.launch(Dispatchers.Default) {
            try {
                old.leave()
            } catch (e: NorochessException) {
                // The player has moved on, but an attempt that was not recorded is said.
                report(e.detail)
            }
            old.close()
        }
    }

    /** Shows [next] in a new run; false (the puzzle on screen stays) when there is none or it cannot start. */
    private fun show(next: PuzzleInfo?): Boolean {
        if (next == null) return false
        // The new run first: if it cannot start, the puzzle on screen stays playable.
        val started = attempt { PuzzleRun(next.id, library) } ?: return false
        leaveRun()
        run = started
        feedback = null; feedbackText = null; hint = null; ratingChange = null; busy = false; notice = null
        publish()
        return true
    }

    /** The player's choice of puzzles: the tier of the set and the theme. */
    private fun filter() = PuzzleFilter(tierOf(set), theme)

    /** Reads what the app layer says of the choice: the tier's themes, the choice and the tier in words. */
    private fun readChoice() {
        val tier = tierOf(set)
        themeChoices = attempt { puzzleThemeChoices(tier) } ?: themeChoices
        filterText = attempt { puzzleFilterText(filter()) }
        themeMenuTitle = attempt { strings.get(Str.puzzle_theme_title, puzzleFilterText(PuzzleFilter(tier, null))) } ?: ""
    }

    /**
     * Shows the next puzzle of the player's choice after [current] (`null`: from the top of the pack), as the app layer
     * chooses it. When the pack has none the puzzle on screen stays and the app layer's sentence says so; when every one
     * is solved cleanly they come round again, said too.
     */
    private fun showNextOfChoice(current: String?) {
        val filter = filter()
        // A failed call is reported and leaves the screen as it was; an empty list is "no such puzzle".
        val found = attempt { listOfNotNull(nextPuzzle(library, filter, current)) }
        val next = found?.firstOrNull()
        when {
            found == null -> Unit
            next == null -> notice = attempt { puzzleFilterNoneText(filter) }
            show(next.puzzle) -> notice = if (next.allSolvedCleanly) attempt { puzzleFilterAllSolvedText(filter) } else null
        }
        publish()
    }

    override fun onNext() {
        if (set == PuzzleSet.DAILY) {
            show(dailyPuzzle())
            return
        }
        showNextOfChoice(run.puzzle().id)
    }

    override fun onSet(set: PuzzleSet) {
        // The app layer decides what the new tier does to the theme: kept where the tier has puzzles of it, else any
        // theme. A failed call is reported and the choice stays as it was.
        val chosen = attempt { puzzleFilterWithTier(filter(), tierOf(set)) } ?: return publish()
        this.set = set
        theme = chosen.theme
        readChoice()
        if (set == PuzzleSet.DAILY) {
            notice = null
            if (!show(dailyPuzzle())) publish()
            return
        }
        showNextOfChoice(null)
    }

    override fun onThemeMenu(open: Boolean) {
        themeMenuOpen = open && set != PuzzleSet.DAILY
        publish()
    }

    override fun onTheme(id: String?) {
        theme = id
        themeMenuOpen = false
        readChoice()
        showNextOfChoice(null)
    }

    override fun onHome() {
        leaveRun()
        onHome.invoke()
    }

    override fun onMyPuzzles() = onMyPuzzles.invoke()

    /** Ends the attempt on screen (recorded, if it was one) when another screen replaces this one. */
    fun leave() = leaveRun()
}

/** Today's date on the device's calendar (its time zone), as (year, month 1–12, day). */
fun localDate(): Triple<Int, Int, Int> {
    val calendar = java.util.Calendar.getInstance()
    return Triple(
        calendar.get(java.util.Calendar.YEAR),
        calendar.get(java.util.Calendar.MONTH) + 1,
        calendar.get(java.util.Calendar.DAY_OF_MONTH),
    )
}
