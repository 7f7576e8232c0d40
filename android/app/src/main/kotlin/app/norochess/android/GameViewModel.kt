package app.norochess.android

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import app.norochess.core.EngineHandle
import app.norochess.core.GameHandle
import app.norochess.core.GameSetup
import app.norochess.core.GameVariant
import app.norochess.core.NorochessException
import app.norochess.core.PieceKind
import app.norochess.core.SearchLimits
import app.norochess.core.Side
import app.norochess.kit.GameScreenModel
import app.norochess.kit.GameScreenState
import app.norochess.kit.GameTexts
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import kotlin.random.Random

/**
 * The game screen's Android view model: publishes [GameScreenModel]'s state as
 * a StateFlow and runs the engine off the main thread. All game logic is in
 * the screen model and the Rust core.
 */
class GameViewModel(
    setup: GameSetup = GameSetup(GameVariant.NOROCHESS),
    private val computerSide: Side? = Side.BLACK,
    private val level: UByte = 4u,
) : ViewModel() {
    private val engine = EngineHandle(16u)
    private var model = GameScreenModel(GameHandle(setup))
    private val _state = MutableStateFlow(model.state)
    val state: StateFlow<GameScreenState> = _state.asStateFlow()

    private val _thinking = MutableStateFlow(false)
    /** Drives the thinking indicator: the screen never freezes while the engine works. */
    val thinking: StateFlow<Boolean> = _thinking.asStateFlow()

    private val _moves = MutableStateFlow<List<String>>(emptyList())
    /** The move list in SAN, numbered (`1. e4 e5`). */
    val moves: StateFlow<List<String>> = _moves.asStateFlow()

    private val _hint = MutableStateFlow<String?>(null)
    val hint: StateFlow<String?> = _hint.asStateFlow()

    private var search: Job? = null

    init {
        attach(model)
    }

    private fun attach(screen: GameScreenModel) {
        screen.onChange = {
            _state.value = it
            _moves.value = screen.moveListText()
        }
        _state.value = screen.state
        _moves.value = screen.moveListText()
        maybeLetComputerMove()
    }

    fun onSquareTapped(file: Int, rank: Int) {
        if (_thinking.value) return
        _hint.value = null
        model.tap(file, rank)
        maybeLetComputerMove()
    }

    fun onPromotionChosen(kind: PieceKind) {
        model.choosePromotion(kind)
        maybeLetComputerMove()
    }

    fun onPromotionCancelled() = model.cancelPromotion()

    /** Takeback against the computer: your last move and its reply. */
    fun onTakeBack() {
        cancelSearch()
        model.takeBack(if (computerSide == null) 1 else 2)
    }

    fun onResign() {
        cancelSearch()
        model.resign(model.state.snapshot.turn)
    }

    fun onHint() {
        if (_thinking.value) return
        val game = model.game
        runEngine { _hint.value = GameTexts.hintText(engine.hint(game, 1_000u)) }
    }

    fun onRematch(setup: GameSetup) {
        cancelSearch()
        engine.clear()
        model = GameScreenModel(GameHandle(setup))
        attach(model)
    }

    private fun maybeLetComputerMove() {
        val snapshot = model.state.snapshot
        if (computerSide == null || snapshot.outcome != null || snapshot.turn != computerSide) return
        val game = model.game
        runEngine {
            val outcome = engine.playAtLevel(game, level, Random.nextLong().toULong(), SearchLimits())
            withContext(Dispatchers.Main) { model.applyEngineMove(outcome) }
        }
    }

    private fun runEngine(work: suspend () -> Unit) {
        search = viewModelScope.launch {
            _thinking.value = true
            try {
                withContext(Dispatchers.Default) { work() }
            } catch (e: NorochessException) {
                _hint.value = e.message
            } finally {
                _thinking.value = false
            }
        }
    }

    private fun cancelSearch() {
        engine.stop() // returns the running search within milliseconds
        search?.cancel()
    }

    override fun onCleared() {
        engine.stop()
        engine.close()
        model.game.close()
    }
}
