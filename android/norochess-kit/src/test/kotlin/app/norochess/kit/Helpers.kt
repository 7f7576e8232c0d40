package app.norochess.kit

import app.norochess.core.GameHandle
import app.norochess.core.GameSetup
import app.norochess.core.GameVariant

fun newGame(variant: GameVariant): GameHandle = GameHandle(GameSetup(variant))

/** The position without its move counters: equal keys are repetitions. */
fun positionKey(positionText: String): String = positionText.split(" ").take(4).joinToString(" ")

/**
 * Plays one quiet move: the first legal non-capture (in the core's order) that
 * leads to a position not seen before, so the score stays level and no
 * position repeats. Returns the move's SAN.
 */
fun playQuietMove(game: GameHandle, seen: MutableSet<String>): String {
    for (move in game.snapshot().legalMoves.filter { !it.isCapture }) {
        game.playText(move.uci)
        val key = positionKey(game.snapshot().positionText)
        if (seen.add(key)) return move.san
        game.undo()
    }
    error("no quiet move to a new position")
}
