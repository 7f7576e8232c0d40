package app.norochess.kit

import app.norochess.core.GameHandle
import app.norochess.core.GameSetup
import app.norochess.core.GameSessionHandle
import app.norochess.core.GameVariant
import app.norochess.core.LibraryHandle
import app.norochess.core.NewGame
import app.norochess.core.OpponentChoice
import app.norochess.core.TimeControl

fun newGame(variant: GameVariant): GameHandle = GameHandle(GameSetup(variant))

/** A pass-and-play session (Ann with White, Bob with Black), from [position] if given. */
fun friends(
    variant: GameVariant,
    position: String? = null,
    clock: TimeControl? = null,
    library: LibraryHandle? = null,
): GameSessionHandle = GameSessionHandle(
    NewGame(
        setup = GameSetup(variant),
        positionText = position,
        opponent = OpponentChoice.Friend("Ann", "Bob"),
        clock = clock,
    ),
    library,
)

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
