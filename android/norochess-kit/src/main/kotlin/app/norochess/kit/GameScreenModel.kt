package app.norochess.kit

import app.norochess.applayer.ComputerMove
import app.norochess.core.GameSessionHandle
import app.norochess.core.NorochessException
import app.norochess.applayer.PieceKind
import app.norochess.applayer.SearchLimits
import app.norochess.applayer.hintLimits
import app.norochess.applayer.SessionHint
import app.norochess.applayer.SessionSnapshot
import app.norochess.applayer.Side
import app.norochess.applayer.MoveInfo
import app.norochess.applayer.PiecePicker
import app.norochess.applayer.RepetitionQuestion

/**
 * Everything the game screen shows: the session's [SessionSnapshot] (whose
 * turn, what may be done, every text, the clocks, the result, the save
 * state, and the board input: selection, targets, the picker and the
 * repetition question — all from Rust) plus the last error. Views draw
 * this and nothing else.
 */
data class GameScreenState(
    val snapshot: SessionSnapshot,
    /** The last refusal or error to show briefly (its English sentence). */
    val error: String? = null,
) {
    /** The selected square, if a piece is selected. */
    val selected: String? get() = snapshot.input.selected

    /** Where the selected piece can go (dots on the board). */
    val targets: List<String> get() = snapshot.input.targets

    /** Open while the player chooses a promotion or resurrection piece (with each choice's label). */
    val picker: PiecePicker? get() = snapshot.input.picker

    /** Open while the player decides on a move that would lose by repetition (with the question's text). */
    val repetitionQuestion: RepetitionQuestion? get() = snapshot.input.repetitionQuestion
}

/**
 * The game screen's model: forwards taps and buttons to a [GameSessionHandle]
 * and maps its snapshot into [GameScreenState]. It keeps no game logic: the
 * legal moves, whose turn it is, takeback, resignation, results, clocks and
 * texts come from the session (`snapshot.board.legalMoves` is empty whenever
 * the person may not move), and so does what a touch on the board means:
 * taps, drags, the picker and the repetition question are forwarded to the
 * session's board input, whose state comes back in `snapshot.input`.
 *
 * Call it from one thread at a time (the Android app: its library thread). [computerMove] and [hint] are
 * `suspend` and never block it: the search runs on a Rust thread, and
 * cancelling the calling coroutine stops it.
 *
 * [nowMs] is the monotonic clock in milliseconds the session's clock runs
 * on (tests pass their own).
 */
class GameScreenModel(
    val session: GameSessionHandle,
    private val nowMs: () -> ULong = { (System.nanoTime() / 1_000_000).toULong() },
) {
    /** The player's `confirmRepetition` setting: the session asks before a move that loses by repetition. */
    var askBeforeRepetition: Boolean = true
        set(value) {
            field = value
            session.setAskBeforeRepetition(value)
        }

    init {
        session.setAskBeforeRepetition(askBeforeRepetition)
    }

    /** Volatile: the Android app calls the model from its library thread and draws [state] on the main thread. */
    @Volatile
    var state: GameScreenState = GameScreenState(session.snapshot(nowMs()))
        private set

    /** Called after every change of [state] (the Android view model publishes it). */
    var onChange: ((GameScreenState) -> Unit)? = null

    private fun publish(new: GameScreenState) {
        state = new
        onChange?.invoke(new)
    }

    /** Takes a fresh snapshot (call it a few times a second while a clock runs, after [tick]). */
    fun refresh(error: String? = null) = publish(GameScreenState(session.snapshot(nowMs()), error = error))

    /**
     * A tap on the square named [square] (`e4`): the session selects,
     * reselects, deselects, moves, or opens the picker or the repetition
     * question. Returns the move played, if one was.
     */
    fun tap(square: String): MoveInfo? = touch { session.tap(square, nowMs()) }

    /** A tap by board coordinates (file and rank from 0), as a board view reports it. */
    fun tap(file: Int, rank: Int): MoveInfo? = tap(squareName(file, rank))

    /** A drag began on [square]: the session selects its piece. */
    fun dragBegan(square: String) {
        touch { session.dragBegan(square); null }
    }

    /** The drag ended on [square] (`null`: off the board): the move played, if it reached a target. */
    fun dragEnded(square: String?): MoveInfo? = touch { session.dragEnded(square, nowMs()) }

    /** The player picked [kind] in the open picker: the move played, if any. */
    fun choosePiece(kind: PieceKind): MoveInfo? = touch { session.choosePiece(kind, nowMs()) }

    /** The player plays the move of [GameScreenState.repetitionQuestion] anyway. */
    fun confirmRepetition(): MoveInfo? = touch { session.confirmRepetition(nowMs()) }

    /** The player closed the picker, answered no to the question, or tapped away: nothing is played. */
    fun cancelInput() {
        session.cancelInput()
        refresh()
    }

    /** Plays a move typed or pasted as text (any notation). Returns whether it was played. */
    fun playText(text: String): Boolean = act { session.playText(text, nowMs()) }

    /** Takeback as the session's policy says (vs the computer: back to your turn). */
    fun takeBack(): Boolean = act { session.takeback(nowMs()) }

    /** Replays what the last takeback took back. */
    fun redo(): Boolean = act { session.redo(nowMs()) }

    /** Resigns for the person (pass and play: [by], or the side to move), after the app's confirmation. */
    fun resign(by: Side? = null): Boolean = act { session.resign(by, nowMs()) }

    /** [by] (the side to move if `null`) offers a draw in pass and play. */
    fun offerDraw(by: Side? = null): Boolean = act { session.offerDraw(by) }

    /** The other side accepts the draw offer. */
    fun acceptDraw(): Boolean = act { session.acceptDraw(nowMs()) }

    /** The other side declines the draw offer. */
    fun declineDraw(): Boolean = act { session.declineDraw() }

    /** Shows the position after [ply] moves (a tap in the move list); `null` returns to the game. */
    fun review(ply: UInt?): Boolean = act { session.review(ply, nowMs()) }

    /** One move back (-1) or forward (+1) in review. */
    fun reviewStep(delta: Int): Boolean = act { session.reviewStep(delta, nowMs()) }

    /** Turns the board round. */
    fun flip() = act { session.flip() }

    /** The app went to the background or came back: the clock pauses and the game is saved. */
    fun setBackground(background: Boolean) = act { session.setBackground(background, nowMs()) }

    /**
     * Checks the clock (a flag fall ends the game) and refreshes the clocks
     * shown. Called several times a second while a clock runs, so it keeps
     * the player's selection and picker unless the game ended.
     */
    fun tick() {
        val flagFall = session.tick(nowMs())
        val snapshot = session.snapshot(nowMs())
        publish(if (flagFall == null) state.copy(snapshot = snapshot) else GameScreenState(snapshot))
    }

    /** The computer's move, searched without blocking this thread; cancel the coroutine to stop it. */
    suspend fun computerMove(): ComputerMove? {
        refresh() // shows the thinking indicator
        return try {
            session.computerMove(nowMs()).also { refresh() }
        } catch (e: NorochessException) {
            refresh(error = e.detail)
            null
        } finally {
            // A cancelled search leaves the session as it was: drop the indicator.
            if (state.snapshot.thinking) refresh()
        }
    }

    /** A hint for the person to move within [limits]; `null` if the game moved on or it failed. */
    suspend fun hint(limits: SearchLimits = hintLimits()): SessionHint? =
        try {
            session.hint(limits).also { refresh() }
        } catch (e: NorochessException) {
            refresh(error = e.detail)
            null
        }

    /** Runs an action of the session and refreshes; a refusal or error shows as [GameScreenState.error]. */
    private inline fun act(action: () -> Any?): Boolean =
        try {
            action()
            refresh()
            true
        } catch (e: NorochessException) {
            refresh(error = e.detail)
            false
        }

    /** Runs a touch on the session's board input and refreshes; an error shows as [GameScreenState.error]. */
    private inline fun touch(action: () -> MoveInfo?): MoveInfo? =
        try {
            action().also { refresh() }
        } catch (e: NorochessException) {
            refresh(error = e.detail)
            null
        }

    companion object {
        /** `e4` for file 4 and rank 3 (both from 0), on either board size. */
        fun squareName(file: Int, rank: Int): String = "${'a' + file}${rank + 1}"
    }
}

/** The English sentence of any [NorochessException] (its `message` also names the data fields). */
val NorochessException.detail: String
    get() = when (this) {
        is NorochessException.InvalidVariant -> detail
        is NorochessException.InvalidPosition -> detail
        is NorochessException.InvalidSquare -> detail
        is NorochessException.IllegalMove -> detail
        is NorochessException.PromotionRequired -> detail
        is NorochessException.GameOver -> detail
        is NorochessException.InvalidPuzzle -> detail
        is NorochessException.InvalidArgument -> detail
        is NorochessException.Refused -> detail
        is NorochessException.Storage -> detail
        is NorochessException.Conflict -> detail
        is NorochessException.NoSuchGame -> detail
        is NorochessException.Setting -> detail
        is NorochessException.Internal -> detail
    }
