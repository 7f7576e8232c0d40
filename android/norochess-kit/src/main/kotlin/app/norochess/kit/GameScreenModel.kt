package app.norochess.kit

import app.norochess.core.ComputerMove
import app.norochess.core.GameSessionHandle
import app.norochess.core.NorochessException
import app.norochess.applayer.PieceKind
import app.norochess.core.SearchLimits
import app.norochess.core.SessionHint
import app.norochess.core.SessionSnapshot
import app.norochess.applayer.Side

/** The promotion picker: the move waiting for a choice and the pieces the rules allow. */
data class PromotionPicker(
    val from: String,
    val to: String,
    val choices: List<PieceKind>,
    /** Ram and Frontal chess: the choices are lost pieces coming back. */
    val isResurrection: Boolean,
)

/**
 * A move that would bring about the same position a third time, which loses
 * at once in the Norochess family (the session decides): waiting for the
 * player to play it anyway or choose another.
 */
data class RepetitionQuestion(val from: String, val to: String, val promotion: PieceKind?)

/**
 * Everything the game screen shows: the session's [SessionSnapshot] (whose
 * turn, what may be done, every text, the clocks, the result, the save
 * state — all from Rust) plus the screen's own view state (selection,
 * promotion picker, the last error). Views draw this and nothing else.
 */
data class GameScreenState(
    val snapshot: SessionSnapshot,
    /** The selected square, if a piece is selected. */
    val selected: String? = null,
    /** Where the selected piece can go (dots on the board). */
    val targets: List<String> = emptyList(),
    /** Open while the player chooses a promotion or resurrection piece. */
    val promotionPicker: PromotionPicker? = null,
    /** The last refusal or error to show briefly (its English sentence). */
    val error: String? = null,
    /** Open while the player decides on a move that would lose by repetition. */
    val repetitionQuestion: RepetitionQuestion? = null,
)

/**
 * The game screen's model: forwards taps and buttons to a [GameSessionHandle]
 * and maps its snapshot into [GameScreenState]. It keeps no game logic: the
 * legal moves, whose turn it is, takeback, resignation, results, clocks and
 * texts come from the session (`snapshot.board.legalMoves` is empty whenever
 * the person may not move). Only selection and the promotion picker, which
 * are pure view state, live here.
 *
 * Call it from one thread (the main thread). [computerMove] and [hint] are
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
    /** The player's `confirmRepetition` setting: ask before a move that loses by repetition. */
    var askBeforeRepetition: Boolean = true

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

    /** A tap on the square named [square] (`e4`): select, reselect, deselect or move. */
    fun tap(square: String) {
        val current = state
        if (current.promotionPicker != null || current.repetitionQuestion != null) return
        val selected = current.selected
        when {
            selected == null -> select(square)
            square == selected -> publish(current.copy(selected = null, targets = emptyList(), error = null))
            square in current.targets -> move(selected, square)
            else -> select(square)
        }
    }

    /** A tap by board coordinates (file and rank from 0), as a board view reports it. */
    fun tap(file: Int, rank: Int) = tap(squareName(file, rank))

    private fun select(square: String) {
        val targets = state.snapshot.board.legalMoves.filter { it.from == square }.map { it.to }.distinct()
        publish(
            if (targets.isEmpty()) state.copy(selected = null, targets = emptyList(), error = null)
            else state.copy(selected = square, targets = targets, error = null),
        )
    }

    private fun move(from: String, to: String) {
        val choices = state.snapshot.board.legalMoves.filter { it.from == from && it.to == to }.mapNotNull { it.promotion }
        if (choices.size > 1) {
            val offer = attempt { session.promotionChoices(from, to) } ?: return
            publish(state.copy(promotionPicker = PromotionPicker(from, to, offer.choices, offer.isResurrection), error = null))
            return
        }
        play(from, to, choices.firstOrNull())
    }

    /** Plays a move of the board, asking first when the session says it would lose by repetition. */
    private fun play(from: String, to: String, promotion: PieceKind?) {
        if (askBeforeRepetition && attempt { session.moveLosesByRepetition(from, to, promotion) } == true) {
            publish(
                state.copy(
                    repetitionQuestion = RepetitionQuestion(from, to, promotion),
                    promotionPicker = null, selected = null, targets = emptyList(), error = null,
                ),
            )
            return
        }
        act { session.play(from, to, promotion, nowMs()) }
    }

    /** The player plays the move of [GameScreenState.repetitionQuestion] anyway. */
    fun playRepeatingMove() {
        val question = state.repetitionQuestion ?: return
        act { session.play(question.from, question.to, question.promotion, nowMs()) }
    }

    /** The player chose another move instead: nothing is played. */
    fun cancelRepeatingMove() = publish(state.copy(repetitionQuestion = null, selected = null, targets = emptyList()))

    /** The player picked [kind] in the promotion picker. */
    fun choosePromotion(kind: PieceKind) {
        val picker = state.promotionPicker ?: return
        play(picker.from, picker.to, kind)
    }

    /** The player closed the promotion picker without choosing. */
    fun cancelPromotion() = publish(state.copy(promotionPicker = null, selected = null, targets = emptyList()))

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
    suspend fun hint(limits: SearchLimits = SearchLimits(moveTimeMs = 1_000u)): SessionHint? =
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
            publish(state.copy(snapshot = session.snapshot(nowMs()), promotionPicker = null, selected = null, targets = emptyList(), error = e.detail))
            false
        }

    private inline fun <T> attempt(action: () -> T): T? =
        try {
            action()
        } catch (e: NorochessException) {
            publish(state.copy(promotionPicker = null, selected = null, targets = emptyList(), error = e.detail))
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
