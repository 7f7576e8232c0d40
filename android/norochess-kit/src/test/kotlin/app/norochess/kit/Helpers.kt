package app.norochess.kit

import app.norochess.applayer.GameSetup
import app.norochess.core.GameSessionHandle
import app.norochess.core.LibraryHandle
import app.norochess.applayer.MoveInfo
import app.norochess.applayer.NewGame
import app.norochess.applayer.OpponentChoice
import app.norochess.applayer.TimeControl

/** A pass-and-play session (Ann with White, Bob with Black), from [position] if given. */
fun friends(
    variant: String,
    position: String? = null,
    clock: TimeControl? = null,
    library: LibraryHandle? = null,
    setup: GameSetup = GameSetup(variant),
): GameSessionHandle = GameSessionHandle(
    NewGame(
        setup = setup,
        positionText = position,
        opponent = OpponentChoice.Friend("Ann", "Bob"),
        clock = clock,
    ),
    library,
)

/** The position without its move counters: equal keys are repetitions. */
fun positionKey(positionText: String): String = positionText.split(" ").take(4).joinToString(" ")

/**
 * Plays one quiet move in the pass-and-play [session]: the first legal
 * non-capture (in the core's order) that leads to a position not seen
 * before, so the score stays level and no position repeats. A move that
 * would repeat is taken back (one move in pass and play). Returns the move.
 */
fun playQuietMove(session: GameSessionHandle, seen: MutableSet<String>): MoveInfo {
    for (move in session.snapshot(0u).board.legalMoves.filter { !it.isCapture }) {
        session.playText(move.uci, 0u)
        val key = positionKey(session.snapshot(0u).board.positionText)
        if (seen.add(key)) return move
        session.takeback(0u)
    }
    error("no quiet move to a new position")
}
