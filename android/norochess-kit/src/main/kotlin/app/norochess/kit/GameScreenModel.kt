package app.norochess.kit

import app.norochess.core.EndReason
import app.norochess.core.GameHandle
import app.norochess.core.GameOutcome
import app.norochess.core.GameSnapshot
import app.norochess.core.Hint
import app.norochess.core.MoveInfo
import app.norochess.core.MoveKind
import app.norochess.core.NorochessException
import app.norochess.core.PieceKind
import app.norochess.core.SearchOutcome
import app.norochess.core.Side

/** The promotion picker: the move waiting for a choice and the pieces the rules allow. */
data class PromotionPicker(
    val from: String,
    val to: String,
    val choices: List<PieceKind>,
    /** Ram and Frontal chess: the choices are lost pieces coming back. */
    val isResurrection: Boolean,
)

/**
 * Everything the game screen shows, derived from the core's [GameSnapshot] and
 * the screen's own selection state. Views draw this and nothing else.
 */
data class GameScreenState(
    val snapshot: GameSnapshot,
    /** The selected square, if a piece is selected. */
    val selected: String? = null,
    /** Where the selected piece can go (dots on the board). */
    val targets: List<String> = emptyList(),
    /** Open while the player chooses a promotion or resurrection piece. */
    val promotionPicker: PromotionPicker? = null,
    /** A one-off message about the last move (a dethronement is announced, not picked). */
    val announcement: String? = null,
    /** The last error to show briefly (an illegal text move, a stale engine answer). */
    val error: String? = null,
) {
    /** Score bar: `19 – 15` in the Norochess family, else `null`. */
    val scoreText: String? get() = GameTexts.scoreText(snapshot)

    /** Score bar: `Move 31 / 48`, or `Overtime 52 / 60` in overtime; `null` outside the Norochess family. */
    val moveCounterText: String? get() = GameTexts.moveCounterText(snapshot)

    /** Whether the overtime badge is shown. */
    val isOvertime: Boolean get() = snapshot.overtime != null

    /** The last three regular moves before move 48 are visibly marked. */
    val isFinalRegularMoves: Boolean
        get() = snapshot.overtime == null && (snapshot.regularMovesLeft ?: 0u) in 1u..3u

    /** The result dialog's text once the game has ended: `White wins 38–33 — higher score after move 48`. */
    val resultText: String? get() = snapshot.outcome?.let { GameTexts.resultText(it, snapshot) }

    /** `White to move`, or the result headline once over. */
    val statusText: String
        get() = snapshot.outcome?.let { GameTexts.headline(it) } ?: "${GameTexts.sideName(snapshot.turn)} to move"
}

/**
 * The game screen's logic: selection, tap-tap moves, the promotion picker,
 * takeback, review texts and the engine's answers. Plain Kotlin on top of the
 * bindings, so it is tested on the JVM; the Android view model only adds a
 * StateFlow and coroutines around it.
 *
 * Not thread-safe by itself: call it from one thread (the main thread); run
 * engine searches elsewhere and hand their [SearchOutcome] to [applyEngineMove].
 */
class GameScreenModel(val game: GameHandle) {
    var state: GameScreenState = GameScreenState(game.snapshot())
        private set

    /** Called after every change of [state] (the Android view model publishes it). */
    var onChange: ((GameScreenState) -> Unit)? = null

    private fun publish(new: GameScreenState) {
        state = new
        onChange?.invoke(new)
    }

    private fun refresh(announcement: String? = null, error: String? = null) =
        publish(GameScreenState(game.snapshot(), announcement = announcement, error = error))

    /** A tap on the square named [square] (`e4`): select, reselect, deselect or move. */
    fun tap(square: String) {
        val current = state
        if (current.snapshot.outcome != null || current.promotionPicker != null) return
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
        val snapshot = state.snapshot
        val own = snapshot.pieces.any { it.square == square && it.piece.side == snapshot.turn }
        val targets = if (own) game.legalTargets(square) else emptyList()
        publish(
            if (targets.isEmpty()) state.copy(selected = null, targets = emptyList(), error = null)
            else state.copy(selected = square, targets = targets, error = null),
        )
    }

    private fun move(from: String, to: String) {
        val offer = game.promotionChoices(from, to)
        if (offer.choices.size > 1) {
            publish(
                state.copy(
                    promotionPicker = PromotionPicker(from, to, offer.choices, offer.isResurrection),
                    error = null,
                ),
            )
            return
        }
        play { game.play(from, to, offer.choices.firstOrNull()) }
    }

    /** The player picked [kind] in the promotion picker. */
    fun choosePromotion(kind: PieceKind) {
        val picker = state.promotionPicker ?: return
        play { game.play(picker.from, picker.to, kind) }
    }

    /** The player closed the promotion picker without choosing. */
    fun cancelPromotion() {
        publish(state.copy(promotionPicker = null, selected = null, targets = emptyList()))
    }

    /** Plays a move typed or pasted as text (any notation). Returns whether it was played. */
    fun playText(text: String): Boolean = play { game.playText(text) }

    private inline fun play(action: () -> MoveInfo): Boolean =
        try {
            val move = action()
            refresh(announcement = GameTexts.announcement(move))
            true
        } catch (e: NorochessException) {
            publish(state.copy(promotionPicker = null, selected = null, targets = emptyList(), error = e.message))
            false
        }

    /**
     * Plays the engine's answer [outcome] if it still fits the game (no takeback
     * happened while it was thinking). Returns whether it was played.
     */
    fun applyEngineMove(outcome: SearchOutcome): Boolean {
        val move = outcome.bestMove
        if (move == null || outcome.plyCount != state.snapshot.plyCount) {
            publish(state.copy(error = "The engine's answer is out of date"))
            return false
        }
        return play { game.playText(move.uci) }
    }

    /** Takes back [plies] moves (2 against the computer: your move and its reply). */
    fun takeBack(plies: Int = 1) {
        repeat(plies) { game.undo() }
        refresh()
    }

    /** Replays a move taken back. */
    fun redo() {
        game.redo()
        refresh()
    }

    /** [side] resigns (after the app's confirmation). */
    fun resign(side: Side) {
        try {
            game.resign(side)
            refresh()
        } catch (e: NorochessException) {
            publish(state.copy(error = e.message))
        }
    }

    /** The draw offer was accepted. */
    fun agreeDraw() {
        try {
            game.agreeDraw()
            refresh()
        } catch (e: NorochessException) {
            publish(state.copy(error = e.message))
        }
    }

    /** The clock reported [side]'s flag fall. */
    fun flagFall(side: Side) {
        try {
            game.flagFall(side)
            refresh()
        } catch (e: NorochessException) {
            publish(state.copy(error = e.message))
        }
    }

    /** The move list in SAN with move numbers: `1. e4 e5`, `2. Nf3 …`. */
    fun moveListText(): List<String> = GameTexts.numberedMoves(game.sanMoves(), state.snapshot)

    companion object {
        /** `e4` for file 4 and rank 3 (both from 0), on either board size. */
        fun squareName(file: Int, rank: Int): String = "${'a' + file}${rank + 1}"
    }
}

/** The texts of the game screen, shared by the screen model and the tests. */
object GameTexts {
    fun sideName(side: Side): String = if (side == Side.WHITE) "White" else "Black"

    /** `19 – 15`. */
    fun scoreText(snapshot: GameSnapshot): String? = snapshot.scores?.let { "${it.white} – ${it.black}" }

    /** `Move 31 / 48` or `Overtime 52 / 60`. */
    fun moveCounterText(snapshot: GameSnapshot): String? {
        snapshot.overtime?.let { return "Overtime ${it.moveNumber} / ${it.lastMove}" }
        val regular = snapshot.regularMoves ?: return null
        return "Move ${snapshot.moveNumber} / $regular"
    }

    /** `White wins 38–33`, `Draw 20–20`, `Black wins`. */
    fun headline(outcome: GameOutcome): String {
        val who = outcome.winner?.let { "${sideName(it)} wins" } ?: "Draw"
        return outcome.scores?.let { "$who ${it.white}–${it.black}" } ?: who
    }

    /** The result dialog: `White wins 38–33 — higher score after move 48`. */
    fun resultText(outcome: GameOutcome, snapshot: GameSnapshot): String {
        val loser = outcome.winner?.let { if (it == Side.WHITE) "Black" else "White" } ?: ""
        // After Black's move the counter has moved on to the next move.
        val lastMove = if (snapshot.turn == Side.WHITE) snapshot.moveNumber - 1u else snapshot.moveNumber
        val reason = when (outcome.reason) {
            EndReason.NO_PIECES_LEFT -> "$loser has no pieces left"
            EndReason.REPETITION_LOSS -> "$loser repeated the position a third time"
            EndReason.BLOCKED ->
                if (outcome.winner == null) "no legal move, scores level" else "no legal move, higher score"
            EndReason.MOVE_LIMIT -> "higher score after move $lastMove"
            EndReason.OVERTIME_EXHAUSTED -> "scores level after move $lastMove"
            EndReason.CHECKMATE -> "checkmate"
            EndReason.STALEMATE -> "stalemate"
            EndReason.REPETITION -> "threefold repetition"
            EndReason.FIFTY_MOVES -> "fifty-move rule"
            EndReason.INSUFFICIENT_MATERIAL -> "insufficient material"
            EndReason.RESIGNATION -> "$loser resigned"
            EndReason.AGREEMENT -> "draw agreed"
            EndReason.TIME_FORFEIT -> "$loser ran out of time"
            EndReason.TIMEOUT_VS_INSUFFICIENT_MATERIAL -> "time ran out, but no win was possible"
        }
        return "${headline(outcome)} — $reason"
    }

    /** What the screen announces after a move, if anything. */
    fun announcement(move: MoveInfo): String? = when (move.kind) {
        MoveKind.DETHRONEMENT -> "Dethronement: the pawn and the queen leave the board"
        MoveKind.RAM -> "Ram: both pawns leave the board"
        MoveKind.SWAP -> "Swap: the pawns change places"
        else -> null
    }

    /** `1. e4 e5`, … with `1… e5` when the game began with Black to move. */
    fun numberedMoves(san: List<String>, snapshot: GameSnapshot): List<String> {
        // The first move's number and side follow from the current ones.
        val plies = san.size
        val currentIndex = (snapshot.moveNumber.toInt() - 1) * 2 + if (snapshot.turn == Side.BLACK) 1 else 0
        val startIndex = currentIndex - plies
        val rows = mutableListOf<String>()
        san.forEachIndexed { i, move ->
            val index = startIndex + i
            val number = index / 2 + 1
            if (index % 2 == 0) rows += "$number. $move"
            else if (i == 0) rows += "$number… $move"
            else rows[rows.size - 1] = "${rows.last()} $move"
        }
        return rows
    }

    /** The hint line: `Hint: Nf3 (+0.35)`, `Hint: Qxe8 (wins by 4)`. */
    fun hintText(hint: Hint): String {
        val score = hint.score ?: return "Hint: ${hint.suggested.san}"
        return "Hint: ${hint.suggested.san} (${score.text})"
    }
}
