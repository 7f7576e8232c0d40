package app.norochess.android.present

import app.norochess.android.ui.GameEvents
import app.norochess.android.ui.GameUi
import app.norochess.android.ui.PieceKind
import app.norochess.android.ui.Str
import app.norochess.android.ui.UiStrings
import app.norochess.core.GameSessionHandle
import app.norochess.core.NorochessException
import app.norochess.applayer.Settings
import app.norochess.kit.GameScreenModel
import app.norochess.kit.detail
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.isActive
import kotlinx.coroutines.launch

/** What the platform does for the screens: sounds, vibration, the share sheet. */
interface Effects {
    /** A move was played (on the board or by the computer). */
    fun moved(capture: Boolean) {}
    fun gameOver() {}
    fun share(text: String) {}
}

/**
 * The game screen's controller: the kit's [GameScreenModel] over a
 * [GameSessionHandle], the computer's moves and hints (suspend calls: the
 * search runs on a Rust thread, never on the caller's), the clock's ticks,
 * and the screen-only state (confirmation dialogs, hint text). Publishes
 * [GameUi] for [app.norochess.android.ui.GameScreen]. The Android view model
 * runs it on viewModelScope; the desktop rail runs it in its tests.
 *
 * Every call of the session runs on [disk], the library's thread: the session
 * saves each change within the call, so a tap, a takeback or a tick never
 * writes the file on the main thread. The model is only ever called from that
 * one thread; [ui] is published from it.
 */
class GameController(
    val session: GameSessionHandle,
    private val scope: CoroutineScope,
    private val strings: UiStrings,
    settings: Settings,
    private val nowMs: () -> ULong,
    private val effects: Effects,
    private val onHome: () -> Unit,
    private val onRematch: (GameSessionHandle) -> Unit,
    /** The computer's choices in the rematch. */
    private val seed: () -> ULong,
    private val disk: LibraryThread = LibraryThread.inline(),
    /** The review screen of the game with this library id. */
    private val onReviewGame: (Long) -> Unit = {},
    /** The analysis board of the game with this id, at this many moves. */
    private val onAnalyseAt: (Long, Int) -> Unit = { _, _ -> },
) : GameEvents {
    /**
     * The moment of the tap being handled: an action runs on the library's
     * thread a little later, but the clock must count it when it happened
     * (the app went to the background at this moment, not when the thread got to it).
     */
    @Volatile private var eventTime: ULong? = null
    val model = GameScreenModel(session) { eventTime ?: nowMs() }.also { it.askBeforeRepetition = settings.confirmRepetition }
    /** A game opened after its end (a replay from the list) starts on the board, not on the result sheet. */
    private var extras = Mapping.GameExtras(showResult = model.state.snapshot.result == null)
    private var lastPly = model.state.snapshot.plyCount
    private var wasOver = model.state.snapshot.result != null
    private val lock = Any()
    private var computer: Job? = null
    private var hintJob: Job? = null
    private var ticker: Job? = null

    var settings: Settings = settings
        set(value) {
            field = value
            model.askBeforeRepetition = value.confirmRepetition
            // Takebacks, hints, orientation and practice mode as the app layer applies them to the open game.
            disk.run {
                synchronized(lock) { session.applySettings(value) }
                publish()
            }
            publish()
        }

    private val _ui = MutableStateFlow(render())
    val ui: StateFlow<GameUi> = _ui.asStateFlow()

    init {
        model.onChange = { publish() }
        afterChange()
        startTicker()
    }

    /**
     * The clock's ticks, only while a clock runs and the app is in front: a
     * game without a clock, a finished one or an app in the background wakes
     * nobody five times a second.
     */
    private fun startTicker() {
        if (ticker?.isActive == true || model.state.snapshot.clock == null) return
        ticker = scope.launch(disk.context) {
            while (isActive && model.state.snapshot.result == null) {
                delay(TICK_MS)
                val clock = model.state.snapshot.clock
                if (clock != null && clock.running != null) {
                    // The clocks shown come from render()'s fresh snapshot; only a
                    // flag fall changes the model's state.
                    synchronized(lock) { if (session.tick(nowMs()) != null) model.refresh() }
                    afterChange()
                }
            }
        }
    }

    /** The session's snapshot of now (the clocks move; the selection and picker are in it too). */
    private fun render(): GameUi =
        Mapping.gameUi(strings, model.state.copy(snapshot = session.snapshot(nowMs())), settings, extras)

    /**
     * Renders now (on whichever thread changed the game) and hands the screen
     * its new state on the main thread; posting under the lock keeps the
     * states in the order they were rendered.
     */
    private fun publish() {
        synchronized(lock) {
            val next = render()
            disk.onMain { _ui.value = next }
        }
    }

    /** After every change: effects, the result sheet, and the computer's turn. */
    private fun afterChange() {
        synchronized(lock) {
            val snap = model.state.snapshot
            if (snap.plyCount > lastPly) effects.moved(snap.board.lastMove?.isCapture == true)
            lastPly = snap.plyCount
            val over = snap.result != null
            if (over && !wasOver) {
                effects.gameOver()
                extras = extras.copy(showResult = true, confirmResign = false)
            }
            wasOver = over
            publish()
            if (!over && snap.computerToMove && snap.reviewing == null && computer?.isActive != true) {
                computer = scope.launch(disk.context) {
                    model.computerMove()
                    afterChange()
                }
            }
        }
    }

    /** Runs a player's action on the session, on the library's thread (it may save), in the order tapped. */
    private fun act(action: () -> Unit) {
        val at = nowMs()
        disk.run {
            synchronized(lock) {
                extras = extras.copy(hint = null)
                eventTime = at
                try {
                    action()
                } finally {
                    eventTime = null
                }
            }
            afterChange()
        }
    }

    override fun onSquareTap(square: String) = act { model.tap(square) }
    override fun onDragBegan(from: String) = act { model.dragBegan(from) }
    override fun onDragEnded(to: String?) = act { model.dragEnded(to) }
    override fun onPick(piece: PieceKind) = act { model.choosePiece(Mapping.coreKind(piece)) }
    override fun onPickCancel() = act { model.cancelInput() }
    override fun onMoveTap(ply: Int) = act { model.review(ply.toUInt()) }
    override fun onReviewStep(delta: Int) = act {
        if (model.state.snapshot.reviewing == null && delta < 0) {
            model.review((model.state.snapshot.plyCount.toInt() - 1).coerceAtLeast(0).toUInt())
        } else {
            model.reviewStep(delta)
        }
    }
    override fun onLive() = act { model.review(null) }
    override fun onFlip() = act { model.flip() }
    override fun onTakeBack() = act { computer?.cancel(); model.takeBack() }
    override fun onOfferDraw() = act { model.offerDraw() }
    override fun onDrawAnswer(accept: Boolean) = act { if (accept) model.acceptDraw() else model.declineDraw() }

    override fun onResign() = act {
        if (settings.confirmResign) extras = extras.copy(confirmResign = true) else model.resign()
    }

    override fun onRepetitionAnswer(play: Boolean) = act {
        if (play) model.confirmRepetition() else model.cancelInput()
    }

    override fun onResignAnswer(confirm: Boolean) = act {
        extras = extras.copy(confirmResign = false)
        if (confirm) model.resign()
    }

    override fun onHint() {
        if (hintJob?.isActive == true) return
        hintJob = scope.launch(disk.context) {
            val hint = model.hint()
            synchronized(lock) { extras = extras.copy(hint = hint?.let { strings.get(Str.hint_text, it.text) }) }
            publish()
        }
    }

    override fun onReview() = act { extras = extras.copy(showResult = false) }
    override fun onShare() = effects.share(session.record(nowMs()))

    /** The game's review, after the game's last change is saved (the review reads it on the library's thread). */
    override fun onGameReview() {
        model.state.snapshot.gameId?.let(onReviewGame)
    }

    /** The analysis board at the position on the board (the reviewed one, or the live one). */
    override fun onAnalyse() {
        val snap = model.state.snapshot
        snap.gameId?.let { onAnalyseAt(it, (snap.reviewing ?: snap.plyCount).toInt()) }
    }
    override fun onHome() = onHome.invoke()
    override fun onRematch() = disk.run({
        try {
            Result.success(session.rematch(seed()))
        } catch (e: NorochessException) {
            model.refresh(error = e.detail)
            Result.failure(e)
        }
    }) { next -> next.getOrNull()?.let(onRematch) }

    /** The app goes to the background (true) or comes back: the clock pauses, the game is saved. */
    fun background(background: Boolean) {
        act { model.setBackground(background) }
        if (background) {
            ticker?.cancel()
            ticker = null
        } else {
            startTicker()
        }
    }

    /** Stops the computer, the hint and the clock's ticks; the last save runs on the library's thread. */
    fun close() {
        computer?.cancel()
        hintJob?.cancel()
        ticker?.cancel()
        disk.run { session.saveNow(nowMs()) }
    }

    companion object {
        const val TICK_MS = 200L
    }
}
