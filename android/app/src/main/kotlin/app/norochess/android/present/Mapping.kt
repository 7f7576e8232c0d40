package app.norochess.android.present

import app.norochess.android.ui.BoardMode
import app.norochess.android.ui.BoardTheme
import app.norochess.android.ui.BoardUi
import app.norochess.android.ui.ClockUi
import app.norochess.android.ui.ColourChoice
import app.norochess.android.ui.GameChoice
import app.norochess.android.ui.GameOptionUi
import app.norochess.android.ui.GameRowUi
import app.norochess.android.ui.GameUi
import app.norochess.android.ui.GamesFilter
import app.norochess.android.ui.MoveCell
import app.norochess.android.ui.MoveRowUi
import app.norochess.android.ui.NewGameUi
import app.norochess.android.ui.Opponent
import app.norochess.android.ui.PickerChoiceUi
import app.norochess.android.ui.PickerUi
import app.norochess.android.ui.PieceKind
import app.norochess.android.ui.PieceUi
import app.norochess.android.ui.PlayerUi
import app.norochess.android.ui.PracticeUi
import app.norochess.android.ui.ResultUi
import app.norochess.android.ui.ScoreUi
import app.norochess.android.ui.SettingsUi
import app.norochess.android.ui.StatsRowUi
import app.norochess.android.ui.StatsUi
import app.norochess.android.ui.Str
import app.norochess.android.ui.UiStrings
import app.norochess.applayer.GameFilter
import app.norochess.applayer.computerLevels
import app.norochess.applayer.GameSetup
import app.norochess.applayer.OptionSetting
import app.norochess.applayer.GameSummary
import app.norochess.applayer.NewGame
import app.norochess.applayer.OpponentChoice
import app.norochess.applayer.OpponentFilter
import app.norochess.applayer.PiecePicker
import app.norochess.applayer.PieceStyle
import app.norochess.applayer.Player
import app.norochess.applayer.SessionSnapshot
import app.norochess.applayer.Settings
import app.norochess.applayer.Side
import app.norochess.applayer.Stats
import app.norochess.applayer.TimeControl
import app.norochess.applayer.TimeControlPreset
import app.norochess.applayer.VariantInfo
import app.norochess.core.timeControlPresets
import app.norochess.core.variants
import app.norochess.kit.GameScreenState
import app.norochess.applayer.BoardMode as CoreBoardMode
import app.norochess.applayer.ColourChoice as CoreColour
import app.norochess.applayer.Piece as CorePiece
import app.norochess.applayer.PieceKind as CorePieceKind

/**
 * Maps the bindings' records (the Rust app layer's snapshot, settings, stats,
 * saved games) to the screens' UI state, and the new-game form back to a
 * [NewGame]. Pure Kotlin: the Android view models and the desktop rail call
 * the same functions.
 */
object Mapping {
    fun kind(kind: CorePieceKind): PieceKind = when (kind) {
        CorePieceKind.KING -> PieceKind.KING
        CorePieceKind.QUEEN -> PieceKind.QUEEN
        CorePieceKind.ROOK -> PieceKind.ROOK
        CorePieceKind.BISHOP -> PieceKind.BISHOP
        CorePieceKind.KNIGHT -> PieceKind.KNIGHT
        CorePieceKind.PAWN -> PieceKind.PAWN
    }

    fun coreKind(kind: PieceKind): CorePieceKind = CorePieceKind.entries.first { kind(it) == kind }

    fun piece(piece: CorePiece) = PieceUi(piece.color == Side.WHITE, kind(piece.role))

    /** The app layer's picker (title, the choices with their labels, whose pieces) for the picker dialog. */
    fun pickerUi(picker: PiecePicker) = PickerUi(
        title = picker.title,
        choices = picker.choices.map { PickerChoiceUi(PieceUi(picker.side == Side.WHITE, kind(it.kind)), it.label) },
    )

    /**
     * A board of the app layer (an analysis board's, a reviewed position's) as
     * the screens draw it, with the player's settings; [interactive] whether
     * touches reach it.
     */
    fun board(board: app.norochess.applayer.GameSnapshot, settings: Settings, interactive: Boolean) = BoardUi(
        width = board.width.toInt(),
        height = board.height.toInt(),
        pieces = board.pieces.associate { it.square to piece(it.piece) },
        lastMove = board.lastMove?.let { listOf(it.from, it.to) } ?: emptyList(),
        check = board.checkSquare,
        destinations = if (interactive) destinations(board.legalMoves.map { it.from to it.to }) else emptyMap(),
        showCoordinates = settings.coordinates,
        showDots = settings.legalDots,
        theme = theme(settings.boardTheme),
        letters = settings.pieceStyle == PieceStyle.LETTERS,
        interactive = interactive,
    )

    /** The editor's palette, as the app layer orders it (White's king to pawn, then Black's). */
    val editorPalette: List<PieceUi> by lazy { app.norochess.applayer.editorPalette().map(::piece) }

    fun theme(id: String): BoardTheme = BoardTheme.entries.firstOrNull { it.name.equals(id, ignoreCase = true) } ?: BoardTheme.BROWN

    /** The display name of a player: "Computer · level 4", the person's name, or White / Black. */
    fun playerName(strings: UiStrings, info: Player, side: Side): String = when {
        info.computerLevel() != null -> strings.get(Str.name_computer, info.computerLevel()!!.toInt())
        info.name.isNotBlank() -> info.name
        else -> strings.get(if (side == Side.WHITE) Str.name_white else Str.name_black)
    }

    /** Screen-only state the game controller keeps beside the kit's [GameScreenState]. */
    data class GameExtras(
        val hint: String? = null,
        val confirmResign: Boolean = false,
        val showResult: Boolean = true,
    )

    fun gameUi(strings: UiStrings, state: GameScreenState, settings: Settings, extras: GameExtras): GameUi {
        val snap: SessionSnapshot = state.snapshot
        val board = snap.board
        val whiteName = playerName(strings, snap.white, Side.WHITE)
        val blackName = playerName(strings, snap.black, Side.BLACK)
        val clock = snap.clock
        fun player(side: Side): PlayerUi {
            val white = side == Side.WHITE
            val captured = if (white) board.capturedByWhite else board.capturedByBlack
            return PlayerUi(
                name = if (white) whiteName else blackName,
                white = white,
                captured = captured.map(::piece),
                capturedPoints = (if (white) board.capturedPointsWhite else board.capturedPointsBlack)?.toInt(),
                clock = clock?.let {
                    ClockUi(
                        text = if (white) it.whiteText else it.blackText,
                        running = it.running == side,
                        low = if (white) it.whiteLow else it.blackLow,
                    )
                },
                toMove = snap.result == null && snap.toMove == side,
                upsideDown = snap.upsideDown == side,
            )
        }
        val score = board.scores?.let { scores ->
            ScoreUi(
                white = scores.white.toInt(),
                black = scores.black.toInt(),
                text = snap.scoreText ?: "",
                counter = snap.moveCounterText,
                movesLeft = if (snap.finalMoves) board.regularMovesLeft?.toInt() else null,
                overtime = board.overtime != null,
            )
        }
        val rows = snap.moves.groupBy { it.number }.toSortedMap().map { (number, entries) ->
            MoveRowUi(
                number.toInt(),
                // The SAN with its practice mark (`Qd4??`; empty outside practice mode).
                entries.firstOrNull { it.side == Side.WHITE }?.let { MoveCell(it.san + it.mark, it.reviewPly.toInt(), it.spoken, it.isCurrent) },
                entries.firstOrNull { it.side == Side.BLACK }?.let { MoveCell(it.san + it.mark, it.reviewPly.toInt(), it.spoken, it.isCurrent) },
            )
        }
        val picker = state.picker?.let(::pickerUi)
        return GameUi(
            title = snap.title,
            board = BoardUi(
                width = board.width.toInt(),
                height = board.height.toInt(),
                pieces = board.pieces.associate { it.square to piece(it.piece) },
                lastMove = board.lastMove?.let { listOf(it.from, it.to) } ?: emptyList(),
                check = board.checkSquare,
                selected = state.selected,
                targets = state.targets.toSet(),
                destinations = destinations(board.legalMoves.map { it.from to it.to }),
                whiteAtBottom = snap.bottom == Side.WHITE,
                upsideDownWhite = snap.upsideDown?.let { it == Side.WHITE },
                showCoordinates = settings.coordinates,
                showDots = settings.legalDots,
                theme = theme(settings.boardTheme),
                letters = settings.pieceStyle == PieceStyle.LETTERS,
                interactive = snap.canMove && picker == null && state.repetitionQuestion == null,
            ),
            top = player(if (snap.bottom == Side.WHITE) Side.BLACK else Side.WHITE),
            bottom = player(snap.bottom),
            score = score,
            status = snap.statusText,
            moves = rows,
            reviewPly = snap.reviewing?.toInt(),
            lastPly = snap.plyCount.toInt(),
            thinking = snap.thinking,
            hint = extras.hint,
            announcement = snap.announcement ?: state.error,
            spokenMove = snap.moveAnnouncement,
            practice = snap.practice?.let { PracticeUi(it.headline, it.text) },
            practiceJudging = snap.practiceThinking,
            picker = picker,
            confirmResign = extras.confirmResign,
            repetitionQuestion = state.repetitionQuestion?.text,
            drawOfferedByWhite = snap.drawOffer?.let { it == Side.WHITE },
            drawAnswerUpsideDown = snap.drawAnswerUpsideDown,
            promptsUpsideDown = snap.promptsUpsideDown,
            result = snap.result?.let { ResultUi(it.headline(), it.reasonText()) },
            showResult = extras.showResult,
            passAndPlay = snap.passAndPlay,
            canHint = snap.canHint && settings.hints,
            canTakeBack = snap.canTakeback,
            canResign = snap.canResign,
            canOfferDraw = snap.canOfferDraw,
        )
    }

    private val variantInfos: List<VariantInfo> by lazy { variants() }

    /** The computer's levels, weakest first, as the app layer gives them. */
    val levels: List<Int> by lazy { computerLevels().map { it.toInt() } }


    // ------------------------------------------------------------ new game

    private val presets: List<TimeControlPreset> by lazy { timeControlPresets() }

    fun clockChoices(): List<Pair<String, String>> = presets.mapIndexed { i, p -> "$i" to p.name }

    fun clockControl(id: String): TimeControl? = id.toIntOrNull()?.let { presets.getOrNull(it)?.control }

    fun clockId(control: TimeControl?): String = control?.let { c -> presets.indexOfFirst { it.control == c }.takeIf { it >= 0 }?.toString() } ?: ""

    /** The new-game menu's games: every game of the core's table, with its options, as `variants()` gives them. */
    fun menuGames(): List<GameChoice> = variantInfos.map {
        GameChoice(
            id = it.id,
            name = it.name,
            tenByTen = it.boardSize.toInt() == 10,
            startNumbers = it.startNumbers?.toInt(),
            options = it.options.map { o -> GameOptionUi(o.id, o.name, o.choices.map { c -> c.id to c.name }) },
        )
    }

    fun newGameForm(strings: UiStrings, settings: Settings): NewGameUi = NewGameUi(
        games = menuGames(),
        gameId = variantInfos.first().id,
        levels = levels,
        level = settings.defaultLevel.toInt(),
        clocks = clockChoices(),
        clockId = clockId(settings.defaultClock),
        boardMode = when (settings.passAndPlayBoard) {
            CoreBoardMode.FIXED -> BoardMode.FIXED
            CoreBoardMode.AUTO_FLIP -> BoardMode.AUTO_FLIP
            CoreBoardMode.FACE_TO_FACE -> BoardMode.FACE_TO_FACE
        },
        whiteName = settings.playerName,
    )

    fun newGame(form: NewGameUi, seed: ULong, playerName: String? = null): NewGame {
        val info = variantInfos.first { it.id == form.gameId }
        val setup = GameSetup(
            game = info.id,
            // Only the game's own options, each as the form chose it (ids from the core's menu).
            options = info.options.mapNotNull { o -> form.optionValues[o.id]?.let { OptionSetting(o.id, it) } },
            // Empty: the session draws the set-up from the seed; out of range: the session refuses
            // it with its sentence (the caller shows it).
            startNumber = if (info.startNumbers != null) form.startNumber.toIntOrNull()?.toUShort() else null,
        )
        val opponent = when (form.opponent) {
            Opponent.COMPUTER -> OpponentChoice.Computer(
                form.level.toUByte(),
                when (form.colour) {
                    ColourChoice.WHITE -> CoreColour.WHITE
                    ColourChoice.BLACK -> CoreColour.BLACK
                    ColourChoice.RANDOM -> CoreColour.RANDOM
                },
            )
            Opponent.FRIEND -> OpponentChoice.Friend(form.whiteName, form.blackName)
        }
        return NewGame(
            setup = setup,
            positionText = null,
            opponent = opponent,
            clock = clockControl(form.clockId),
            boardMode = when (form.boardMode) {
                BoardMode.FIXED -> CoreBoardMode.FIXED
                BoardMode.AUTO_FLIP -> CoreBoardMode.AUTO_FLIP
                BoardMode.FACE_TO_FACE -> CoreBoardMode.FACE_TO_FACE
            },
            seed = seed,
            playerName = playerName?.takeIf { it.isNotBlank() },
            level8Nodes = null,
        )
    }

    /**
     * A game against the computer from a position set up in the editor, at the
     * player's default level, the player on the side to move.
     */
    fun gameFrom(game: String, position: String, whiteToMove: Boolean, settings: Settings, seed: ULong) = NewGame(
        setup = GameSetup(game = game),
        positionText = position,
        opponent = OpponentChoice.Computer(settings.defaultLevel, if (whiteToMove) CoreColour.WHITE else CoreColour.BLACK),
        clock = null,
        boardMode = settings.passAndPlayBoard,
        seed = seed,
        playerName = settings.playerName.takeIf { it.isNotBlank() },
        level8Nodes = null,
    )

    // ------------------------------------------------------------ library

    fun settingsUi(settings: Settings) = SettingsUi(
        theme = theme(settings.boardTheme),
        letters = settings.pieceStyle == PieceStyle.LETTERS,
        playerName = settings.playerName,
        coordinates = settings.coordinates,
        legalDots = settings.legalDots,
        autoFlip = settings.passAndPlayBoard == CoreBoardMode.AUTO_FLIP,
        confirmResign = settings.confirmResign,
        confirmRepetition = settings.confirmRepetition,
        sounds = settings.sounds,
        haptics = settings.haptics,
        hints = settings.hints,
        practice = settings.practice,
        defaultLevel = settings.defaultLevel.toInt(),
        levels = levels,
        clocks = clockChoices(),
        defaultClock = clockId(settings.defaultClock),
    )

    fun settings(old: Settings, ui: SettingsUi) = old.copy(
        boardTheme = ui.theme.name.lowercase(),
        pieceStyle = if (ui.letters) PieceStyle.LETTERS else PieceStyle.CLASSIC,
        playerName = ui.playerName,
        coordinates = ui.coordinates,
        legalDots = ui.legalDots,
        passAndPlayBoard = if (ui.autoFlip) CoreBoardMode.AUTO_FLIP
        else if (old.passAndPlayBoard == CoreBoardMode.AUTO_FLIP) CoreBoardMode.FIXED else old.passAndPlayBoard,
        confirmResign = ui.confirmResign,
        confirmRepetition = ui.confirmRepetition,
        sounds = ui.sounds,
        haptics = ui.haptics,
        hints = ui.hints,
        practice = ui.practice,
        defaultLevel = ui.defaultLevel.toUByte(),
        defaultClock = clockControl(ui.defaultClock),
    )

    fun filter(filter: GamesFilter) = when (filter) {
        GamesFilter.ALL -> GameFilter(finished = null, variant = null, opponent = null)
        GamesFilter.UNFINISHED -> GameFilter(finished = false, variant = null, opponent = null)
        GamesFilter.FINISHED -> GameFilter(finished = true, variant = null, opponent = null)
        GamesFilter.COMPUTER -> GameFilter(finished = null, variant = null, opponent = OpponentFilter.Computer(null))
        GamesFilter.FRIEND -> GameFilter(finished = null, variant = null, opponent = OpponentFilter.Friend)
    }

    fun gameRow(game: GameSummary, date: (Long) -> String) = GameRowUi(
        id = game.id,
        title = game.title,
        date = date(game.updatedAt),
        result = game.resultLine,
    )

    fun statsUi(strings: UiStrings, stats: Stats, reviews: app.norochess.applayer.ReviewStats? = null) = StatsUi(
        rows = stats.rows.map {
            StatsRowUi(
                label = variantNameById(it.variant) + (it.level?.let { l -> " · " + strings.get(Str.versus_computer, l.toInt()) } ?: ""),
                wins = it.wins.toInt(),
                draws = it.draws.toInt(),
                losses = it.losses.toInt(),
                differential = it.scoreDifferential.toInt(),
            )
        },
        puzzlesSolved = stats.puzzles.solved.toInt(),
        puzzleRating = stats.puzzles.rating.takeIf { stats.puzzles.ratedAttempts > 0u },
        puzzleDeviation = stats.puzzles.deviation,
        ratingHistory = stats.puzzles.ratingHistory.map { it.rating },
        bestStreak = stats.puzzles.bestStreak.toInt(),
        // The app layer's row texts (the winner's score first), as the games list shows them.
        bestWin = stats.bestWin?.let { "${it.title} · ${it.resultLine}" },
        reviewText = reviews?.text,
    )

    fun variantNameById(id: String) = variantInfos.firstOrNull { it.id == id }?.name ?: id

    /** Each from-square's targets in board order, once each (promotions reach one square four ways). */
    fun destinations(moves: List<Pair<String, String>>): Map<String, List<String>> =
        moves.groupBy({ it.first }, { it.second }).mapValues { (_, targets) -> targets.distinct() }
}
