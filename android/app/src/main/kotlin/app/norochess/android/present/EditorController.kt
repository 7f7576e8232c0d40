package app.norochess.android.present

import app.norochess.android.ui.BoardUi
import app.norochess.android.ui.EditorEvents
import app.norochess.android.ui.EditorUi
import app.norochess.android.ui.PieceKind
import app.norochess.android.ui.PieceUi
import app.norochess.applayer.EditorView
import app.norochess.applayer.Settings
import app.norochess.applayer.Side
import app.norochess.core.NorochessException
import app.norochess.core.PositionEditorHandle
import app.norochess.core.variants
import app.norochess.kit.detail
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import app.norochess.applayer.Piece as CorePiece

/**
 * The position editor's controller: a [PositionEditorHandle] (the app
 * layer's editor, which says why a position cannot be played and never
 * hands over one the rules refuse) driven by the palette and taps on the
 * board. A position leaves it only through `checkedPosition()`: to the
 * analysis board, the composer, or a new game.
 */
class EditorController(
    private var editor: PositionEditorHandle,
    private val settings: () -> Settings,
    private val onAnalyse: (game: String, position: String) -> Unit,
    private val onCompose: (game: String, position: String) -> Unit,
    private val onPlay: (game: String, position: String, whiteToMove: Boolean) -> Unit,
    private val onHome: () -> Unit,
    /** Shows what the editor refused (the app's problem dialog). */
    private val report: (String) -> Unit,
) : EditorEvents {
    private val games = variants()
    private var view: EditorView = editor.view()
    private var tool: PieceUi? = PieceUi(true, PieceKind.PAWN)
    /** The fields as typed: a number half typed is kept, not rewritten. */
    private var moveNumber = view.moveNumber.toString()
    private var whiteScore = view.scores?.white?.toString() ?: "0"
    private var blackScore = view.scores?.black?.toString() ?: "0"
    private var startNumber = view.setup.startNumber?.toString() ?: ""

    private val _ui = MutableStateFlow(render())
    val ui: StateFlow<EditorUi> = _ui

    private fun render(): EditorUi {
        val game = games.firstOrNull { it.id == view.setup.game }
        return EditorUi(
            games = games.map { it.id to it.name },
            gameId = view.setup.game,
            board = BoardUi(
                width = view.width.toInt(),
                height = view.height.toInt(),
                pieces = view.pieces.associate { it.square to Mapping.piece(it.piece) },
                showCoordinates = true,
                showDots = false,
                theme = Mapping.theme(settings().boardTheme),
                letters = settings().pieceStyle == app.norochess.applayer.PieceStyle.LETTERS,
                marked = view.problems.flatMap { it.squares }.toSet(),
            ),
            palette = Mapping.editorPalette,
            tool = tool,
            whiteToMove = view.turn == Side.WHITE,
            moveNumber = moveNumber,
            hasScores = view.hasScores,
            whiteScore = whiteScore,
            blackScore = blackScore,
            startNumbers = game?.startNumbers?.toInt(),
            startNumber = startNumber,
            castling = view.castling.takeIf { view.hasCastling }?.let {
                listOf(it.whiteKingSide, it.whiteQueenSide, it.blackKingSide, it.blackQueenSide)
            },
            openingPending = view.openingPending.takeIf { view.hasOpeningRule },
            problems = view.problems.map { it.text },
            playable = view.isPlayable,
        )
    }

    /** Applies a change of the editor; what it refuses is said. */
    private fun change(body: () -> EditorView) {
        try {
            view = body()
        } catch (e: NorochessException) {
            report(e.detail)
        }
        _ui.value = render()
    }

    private fun syncFields() {
        moveNumber = view.moveNumber.toString()
        whiteScore = view.scores?.white?.toString() ?: "0"
        blackScore = view.scores?.black?.toString() ?: "0"
    }

    override fun onSquareTap(square: String) = change {
        val piece = tool
        if (piece == null) editor.remove(square) else editor.place(square, CorePiece(if (piece.white) Side.WHITE else Side.BLACK, Mapping.coreKind(piece.kind)))
    }

    override fun onTool(piece: PieceUi?) {
        tool = piece
        _ui.value = render()
    }

    override fun onClear() = change { editor.clear() }

    override fun onStartPosition() = change {
        editor.resetToStart(startNumber.trim().takeIf { it.isNotEmpty() }?.toUShortOrNull()).also { view = it; syncFields() }
    }

    override fun onStartNumber(text: String) {
        startNumber = text
        _ui.value = render()
    }

    override fun onGame(id: String) {
        if (id == view.setup.game) return
        try {
            val next = PositionEditorHandle.start(id, null)
            editor.close()
            editor = next
            view = next.view()
            startNumber = view.setup.startNumber?.toString() ?: ""
            syncFields()
        } catch (e: NorochessException) {
            report(e.detail)
        }
        _ui.value = render()
    }

    override fun onCastling(index: Int, allowed: Boolean) = change {
        val c = view.castling
        editor.setCastling(
            when (index) {
                0 -> c.copy(whiteKingSide = allowed)
                1 -> c.copy(whiteQueenSide = allowed)
                2 -> c.copy(blackKingSide = allowed)
                else -> c.copy(blackQueenSide = allowed)
            },
        )
    }

    override fun onOpeningPending(pending: Boolean) = change { editor.setOpeningPending(pending) }

    override fun onTurn(white: Boolean) = change { editor.setTurn(if (white) Side.WHITE else Side.BLACK) }

    override fun onMoveNumber(text: String) {
        moveNumber = text
        val number = text.trim().toUIntOrNull()
        if (number != null) change { editor.setMoveNumber(number) } else _ui.value = render()
    }

    override fun onScore(white: Boolean, text: String) {
        if (white) whiteScore = text else blackScore = text
        val score = text.trim().toUShortOrNull()
        if (score != null) change { editor.setScore(if (white) Side.WHITE else Side.BLACK, score) } else _ui.value = render()
    }

    /** The position as the editor hands it over, or null when it refuses (said). */
    private fun checked(): String? = try {
        editor.checkedPosition()
    } catch (e: NorochessException) {
        report(e.detail)
        null
    }

    override fun onAnalyse() {
        checked()?.let { onAnalyse(view.setup.game, it) }
    }

    override fun onCompose() {
        checked()?.let { onCompose(view.setup.game, it) }
    }

    override fun onPlay() {
        checked()?.let { onPlay(view.setup.game, it, view.turn == Side.WHITE) }
    }

    override fun onHome() = onHome.invoke()

    fun close() = editor.close()
}
