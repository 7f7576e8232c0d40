package app.norochess.rail

import app.norochess.android.ui.BoardMode
import app.norochess.android.ui.BoardUi
import app.norochess.android.ui.ClockUi
import app.norochess.android.present.Mapping
import app.norochess.android.ui.GameRowUi
import app.norochess.android.ui.GameUi
import app.norochess.android.ui.GamesUi
import app.norochess.android.ui.HomeUi
import app.norochess.android.ui.MoveCell
import app.norochess.android.ui.MoveRowUi
import app.norochess.android.ui.NewGameUi
import app.norochess.android.ui.Opponent
import app.norochess.android.ui.PickerChoiceUi
import app.norochess.android.ui.PickerUi
import app.norochess.android.ui.PieceKind
import app.norochess.android.ui.PieceUi
import app.norochess.android.ui.PlayerUi
import app.norochess.android.ui.PuzzleSet
import app.norochess.android.ui.PuzzleUi
import app.norochess.android.ui.ThemeChoiceUi
import app.norochess.android.ui.Feedback
import app.norochess.android.ui.ResultUi
import app.norochess.android.ui.ScoreUi
import app.norochess.android.ui.SettingsUi
import app.norochess.android.ui.StatsRowUi
import app.norochess.android.ui.StatsUi
import app.norochess.android.ui.AnalysisUi
import app.norochess.android.ui.BudgetUi
import app.norochess.android.ui.ComposerUi
import app.norochess.android.ui.EditorUi
import app.norochess.android.ui.EngineLineUi
import app.norochess.android.ui.GraphPointUi
import app.norochess.android.ui.Mark
import app.norochess.android.ui.MomentUi
import app.norochess.android.ui.MyPuzzleRowUi
import app.norochess.android.ui.MyPuzzlesUi
import app.norochess.android.ui.ObjectiveUi
import app.norochess.android.ui.ReviewMoveUi
import app.norochess.android.ui.ReviewUi

/** Fixed screen states for the goldens (the UI tests drive the real library). */
object Fixtures {
    /** Pieces from a position text's placement field ("rnbqkbnr/pppp…", ranks from the top; numbers up to 10). */
    fun placement(text: String): Map<String, PieceUi> {
        val rows = text.split('/')
        val out = mutableMapOf<String, PieceUi>()
        rows.forEachIndexed { i, row ->
            val rank = rows.size - 1 - i
            var file = 0
            var j = 0
            while (j < row.length) {
                val c = row[j]
                if (c.isDigit()) {
                    var n = c.digitToInt()
                    if (j + 1 < row.length && row[j + 1].isDigit()) { n = n * 10 + row[j + 1].digitToInt(); j++ }
                    file += n
                } else {
                    val kind = PieceKind.entries.first { it.letter == c.uppercaseChar() }
                    out["${'a' + file}${rank + 1}"] = PieceUi(c.isUpperCase(), kind)
                    file++
                }
                j++
            }
        }
        return out
    }

    fun p(white: Boolean, vararg kinds: PieceKind) = kinds.map { PieceUi(white, it) }

    /** The menu as the app builds it from the core's table (so a new game shows here too). */
    val games by lazy { Mapping.menuGames() }
    val clocks = listOf("norochess-10" to "Norochess 10 min + 5 s", "blitz-5" to "5 min + 3 s", "rapid-15" to "15 min + 10 s")

    fun home(s: XmlStrings) = HomeUi(
        continueText = "Norochess · against level 4 · move 23",
        newGame = NewGameUi(
            games = games, gameId = "norochess", levels = Mapping.levels, clocks = clocks, clockId = "norochess-10",
        ),
        puzzleText = "Puzzles: 12 of 320 solved · streak 3",
    )

    fun homeFriend(s: XmlStrings) = home(s).let {
        it.copy(newGame = it.newGame.copy(opponent = Opponent.FRIEND, gameId = "improved", whiteName = "Ann", blackName = "Bob", boardMode = BoardMode.FACE_TO_FACE))
    }

    /** The move list of a live game: the last move is the one on the board. */
    private fun rows(vararg sans: String): List<MoveRowUi> {
        fun cell(ply: Int) = MoveCell(sans[ply - 1], ply, current = ply == sans.size)
        return (1..sans.size step 2).mapIndexed { i, ply ->
            MoveRowUi(i + 1, cell(ply), (ply + 1).takeIf { it <= sans.size }?.let(::cell))
        }
    }

    /** A Norochess middle game against the computer, near the end of the regular moves. */
    fun norochess() = GameUi(
        title = "Norochess · against level 4",
        board = BoardUi(
            pieces = placement("r3k2r/pp1b1ppp/2n1p3/q2pP3/3P4/2PB1N2/P4PPP/R2QK2R"),
            lastMove = listOf("c8", "d7"),
            selected = "f3",
            targets = setOf("g5", "h4", "d2", "g1"),
        ),
        top = PlayerUi("Computer · level 4", white = false, captured = p(true, PieceKind.KNIGHT, PieceKind.PAWN, PieceKind.PAWN), capturedPoints = 5),
        bottom = PlayerUi("You", white = true, captured = p(false, PieceKind.BISHOP, PieceKind.KNIGHT, PieceKind.PAWN, PieceKind.PAWN, PieceKind.PAWN), capturedPoints = 9, toMove = true),
        score = ScoreUi(white = 9, black = 5, text = "9 – 5", counter = "Move 46 / 48", movesLeft = 3),
        status = "White to move",
        moves = rows("e4", "e6", "d4", "d5", "e5", "c5", "c3", "Nc6", "Nf3", "Qb6", "Bd3", "Bd7"),
        lastPly = 12,
        canHint = true,
        canTakeBack = true,
    )

    /** Pass and play in overtime with the tournament clock, one clock low, face to face. */
    fun overtime() = GameUi(
        title = "Norochess · Ann – Bob",
        board = BoardUi(
            pieces = placement("6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1"),
            lastMove = listOf("b8", "b4"),
            upsideDownWhite = false,
        ),
        top = PlayerUi("Bob", white = false, captured = p(true, PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT, PieceKind.PAWN, PieceKind.PAWN), capturedPoints = 22, clock = ClockUi("0:07", running = false, low = true), upsideDown = true),
        bottom = PlayerUi("Ann", white = true, captured = p(false, PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.BISHOP, PieceKind.PAWN, PieceKind.PAWN), capturedPoints = 22, clock = ClockUi("1:42", running = true, low = false), toMove = true),
        score = ScoreUi(white = 22, black = 22, text = "22 – 22", counter = "Overtime 52 / 60", overtime = true),
        status = "Ann to move",
        moves = rows("e4", "e6", "d4", "d5", "e5", "c5"),
        lastPly = 6,
        passAndPlay = true,
        canTakeBack = true,
        canOfferDraw = true,
    )

    private const val RAM_START = "1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1"

    /** Ram chess: a pawn reaching the last rank brings back a captured piece. */
    fun ramPicker() = GameUi(
        title = "Ram chess · against level 2",
        board = BoardUi(
            width = 10, height = 10,
            pieces = placement("1r1bqkb3/4ppp1P1/2n5pp/p9/10/10/3P6/5N4/PP2PPPP2/2NBQKB3"),
            lastMove = listOf("h9", "h9"),
            selected = "h9",
            targets = setOf("h10"),
        ),
        top = PlayerUi("Computer · level 2", white = false, captured = p(true, PieceKind.ROOK, PieceKind.PAWN)),
        bottom = PlayerUi("You", white = true, captured = p(false, PieceKind.ROOK, PieceKind.KNIGHT), toMove = true),
        status = "White to move",
        moves = rows("e3", "a7", "h4", "h6"),
        lastPly = 4,
        picker = PickerUi("Bring back a piece", listOf(PickerChoiceUi(PieceUi(true, PieceKind.ROOK), "Rook"))),
    )

    /** Frontal chess: White's pawn took itself and Black's queen off the board; the queen on f4 gives check. */
    fun frontalCheck() = GameUi(
        title = "Frontal chess · Ann – Bob",
        board = BoardUi(
            width = 10, height = 10,
            pieces = placement("1rnb1kbnr1/ppppp1pppp/10/10/10/10/5Q4/10/PPPP2PPPP/1RNB1KBNR1"),
            lastMove = listOf("f9", "e10"),
            check = "f10",
        ),
        top = PlayerUi("Bob", white = false, captured = p(true, PieceKind.PAWN), toMove = true),
        bottom = PlayerUi("Ann", white = true, captured = p(false, PieceKind.PAWN, PieceKind.QUEEN)),
        status = "Bob to move — check!",
        announcement = "Dethronement: the pawn and the Black queen leave the board",
        moves = rows("e3", "f6", "Qf3", "e6", "Qf4", "e5", "f5", "exf4", "e4", "h7", "exf5", "h6", "f6", "g5", "f7", "g4", "f8", "g3", "f9", "h5", "fxe10"),
        lastPly = 21,
        passAndPlay = true,
        canOfferDraw = true,
        canTakeBack = true,
    )

    fun result() = norochess().copy(
        board = norochess().board.copy(selected = null, targets = emptySet(), interactive = false),
        score = ScoreUi(white = 38, black = 33, text = "38 – 33", counter = "Move 48 / 48"),
        status = "Game over",
        result = ResultUi("White wins 38–33", "Higher score after move 48"),
        showResult = true,
    )

    fun puzzle() = PuzzleUi(
        title = "Puzzle 17 · medium",
        objective = "White to play and win — move 47, score 31–29",
        opponentMove = "Black played Rb4",
        board = BoardUi(pieces = placement("6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1"), lastMove = listOf("b5", "b4")),
        feedback = Feedback.WRONG,
        feedbackText = "Rc8 is answered by Rb8",
        hint = "Hint: the rook",
        solved = 12, total = 320, streak = 0, bestStreak = 5,
        canRetry = true,
        rating = "Puzzle rating 1563 ± 90",
    )

    /**
     * A medium tier's themes in the shape the app layer offers them (its names
     * and meanings; fixed counts, not read from the pack, which issue 30 is
     * regenerating), so the golden does not follow the pack.
     */
    private val mediumThemes = listOf(
        ThemeChoiceUi("middlegame", "Middlegame", 141, "the puzzle starts before move 45"),
        ThemeChoiceUi("run-in", "Run in", 52, "the puzzle starts at moves 45 to 48, before the move limit"),
        ThemeChoiceUi("overtime", "Overtime", 17, "the puzzle starts after move 48, in overtime"),
        ThemeChoiceUi("points", "Points", 148, "gain a number of points within a few moves"),
        ThemeChoiceUi("margin", "Margin", 31, "win the game by at least a given margin"),
        ThemeChoiceUi("save", "Save", 12, "avoid losing the game: a draw or better"),
        ThemeChoiceUi("one-move", "One move", 44, "one move to find"),
        ThemeChoiceUi("short", "Short", 166, "two moves to find"),
        ThemeChoiceUi("quiet-move", "Quiet move", 150, "the key move captures nothing"),
        ThemeChoiceUi(
            "fork", "Fork", 38,
            "one move attacks two valuable pieces (or a piece and the king); a later move takes one",
        ),
        ThemeChoiceUi(
            "pin", "Pin", 6,
            "the key move pins a piece to a more valuable one behind it, and the line takes one of them",
        ),
        ThemeChoiceUi(
            "trap", "Trap", 97,
            "the key move leaves an enemy piece attacked with every move onto an attacked square, and the line takes it",
        ),
    )

    /** The puzzle screen with medium fork puzzles chosen; [open]: the theme picker open over it. */
    fun puzzleThemes(open: Boolean, notice: String? = null) = puzzle().copy(
        set = PuzzleSet.MEDIUM,
        themes = mediumThemes,
        theme = "fork",
        themeName = "Fork",
        filterText = "medium fork puzzles",
        themeMenuTitle = "Themes of the medium puzzles",
        themeMenuOpen = open,
        notice = notice,
    )

    fun gamesList() = GamesUi(
        games = listOf(
            GameRowUi(3, "Norochess · against level 4", "30 Nov 2026, 14:12", "In progress, move 23"),
            GameRowUi(2, "Ram chess · Ann – Bob", "29 Nov 2026, 19:40", "Black wins (checkmate)"),
            GameRowUi(1, "Norochess · against level 3", "28 Nov 2026, 08:05", "White wins 38–33"),
        ),
    )

    fun stats() = StatsUi(
        rows = listOf(
            StatsRowUi("Norochess · level 3", 5, 1, 2, 41),
            StatsRowUi("Norochess · level 4", 2, 0, 4, -17),
            StatsRowUi("Ram chess · pass and play", 3, 0, 3, 0),
        ),
        puzzlesSolved = 12, puzzleRating = 1563, puzzleDeviation = 90, bestStreak = 5,
        ratingHistory = listOf(1500, 1436, 1480, 1512, 1497, 1540, 1563),
        bestWin = "Norochess · against level 4 · 41–12",
        reviewText = "Reviewed 4 games against the computer: your accuracy 81%, 0.7 points lost per move (the computer: 93%)",
    )

    // ------------------------------------------------------------ issue 27: review, analysis, editor, composer

    private val reviewSans = listOf(
        "e4", "e6", "d4", "d5", "e5", "c5", "c3", "Nc6", "Nf3", "Qb6", "Bd3", "Bd7",
        "Be3", "cxd4", "cxd4", "Nxd4", "Nxd4", "Qxd4", "Nc3", "Qxe5", "Qe2", "Qb8", "Nxd5", "exd5", "Bb5",
    )
    /** White's expected final difference after each position (0: the start), in points. */
    private val reviewValues = listOf(
        0.2f, 0.3f, 0.2f, 0.4f, 0.3f, 0.5f, 0.4f, 0.6f, 0.5f, 0.3f, 0.4f, 0.2f, 0.3f,
        0.5f, 0.4f, 1.6f, 1.5f, 1.7f, 1.6f, 7.8f, 7.6f, 7.9f, 4.9f, 5.0f, 5.2f, 5.1f,
    )
    private val reviewMarks = mapOf(16 to Mark.INACCURACY, 20 to Mark.BLUNDER, 23 to Mark.MISTAKE)
    private fun symbol(mark: Mark) = when (mark) {
        Mark.INACCURACY -> "?!"
        Mark.MISTAKE -> "?"
        Mark.BLUNDER -> "??"
        Mark.NONE -> ""
    }

    /** A reviewed Norochess game with an inaccuracy, a blunder and a mistake, the blunder on the board. */
    fun review() = ReviewUi(
        title = "Norochess · vs the computer (level 3), you played black",
        budgets = listOf(
            BudgetUi("quick", "Quick", "Blunders and missed captures, fastest"),
            BudgetUi("standard", "Standard", "Every mark, a few seconds a game"),
            BudgetUi("deep", "Deep", "The closest look, about four times longer"),
        ),
        budgetId = "standard",
        progressText = "Review complete",
        progress = 1f,
        complete = true,
        started = true,
        graph = reviewValues.mapIndexed { ply, v -> GraphPointUi(ply, v, reviewMarks[ply] ?: Mark.NONE) },
        positions = reviewValues.size,
        selectedPly = 20,
        board = BoardUi(
            pieces = placement("r3k1nr/pp1b1ppp/4p3/3pq3/8/2NB1N2/PP3PPP/R2QK2R"),
            lastMove = listOf("d4", "e5"),
            interactive = false,
        ),
        moveText = "10…Qxe5?? Blunder, 6.2 points lost. Best was Qb6.",
        bestLine = "Qb6 Qe2 Nge7 a3",
        whiteSummary = "White: accuracy 88%, 0.4 points lost per move, 1 mistake",
        blackSummary = "Black: accuracy 71%, 0.9 points lost per move, 1 inaccuracy, 1 blunder",
        moments = listOf(
            MomentUi(20, "Allowed Re1, losing 9 points"),
            MomentUi(23, "Missed Nxe5, which takes 9 points"),
        ),
        moves = reviewSans.mapIndexed { i, san ->
            val ply = i + 1
            val mark = reviewMarks[ply] ?: Mark.NONE
            ReviewMoveUi(ply, i / 2 + 1, i % 2 == 0, san + symbol(mark), san, mark)
        },
    )

    /** The analysis board near the end of a game: three lines, a variation, the solver's exact result. */
    fun analysis() = AnalysisUi(
        origin = "Move 47, White to play, score 30–31",
        status = "Move 47, Black to play, score 30–31",
        board = BoardUi(
            pieces = placement("6k1/5ppp/4p3/3pP3/1r1P4/5N2/5PPP/2R3K1"),
            lastMove = listOf("f1", "g1"),
            selected = "b4",
            targets = setOf("b1", "b2", "b3", "a4", "c4", "d4", "b5", "b6", "b7", "b8"),
        ),
        variation = "Kg1",
        lines = listOf(
            EngineLineUi("wins by 1", "Rxd4 Nxd4 Kf8 Rc7 Ke8", "proven"),
            EngineLineUi("+0.00", "Rb2 Rc8 Rb8 Rxb8", "depth 14"),
            EngineLineUi("-2.00", "h6 Rc8 Kh7 Rc7 Rxd4", "depth 14"),
        ),
        exact = "Exact: Black wins by 1",
        exactLine = "Rxd4 Nxd4 Kf8 Kf1 Ke7",
        canBack = true,
    )

    /** The editor with a pawn on White's back rank: the problem said under the board, its square framed. */
    fun editor() = EditorUi(
        games = games.map { it.id to it.name },
        gameId = "norochess",
        board = BoardUi(
            pieces = placement("6k1/5ppp/8/8/8/8/5PPP/P5K1"),
            showDots = false,
            marked = setOf("a1"),
        ),
        palette = Mapping.editorPalette,
        tool = PieceUi(true, PieceKind.PAWN),
        whiteToMove = true,
        moveNumber = "40",
        whiteScore = "31",
        blackScore = "30",
        problems = listOf("the white pawn on a1 cannot stand there: pawns never stand on the first or last rank"),
        playable = false,
    )

    /** The editor on Ram chess's 10×10 start, the rook chosen, White's opening restriction still on. */
    fun editorRam() = EditorUi(
        games = games.map { it.id to it.name },
        gameId = "ram",
        board = BoardUi(width = 10, height = 10, pieces = placement(RAM_START), showDots = false),
        palette = Mapping.editorPalette,
        tool = PieceUi(false, PieceKind.ROOK),
        openingPending = true,
        hasScores = false,
        playable = true,
    )

    /** The composer after the solver proved the one-answer puzzle. */
    fun composer() = ComposerUi(
        position = "Move 48, White to play, score 36–38",
        board = BoardUi(pieces = placement("7k/8/8/3n4/8/8/8/3Q3K"), interactive = false),
        objectives = listOf(
            ObjectiveUi("win", "Win", "Force a win, by any margin", false, false),
            ObjectiveUi("win-by", "Win by N", "Win with a final margin of at least N points", true, false),
            ObjectiveUi("save", "Save the game", "Avoid losing: a draw or better", false, false),
            ObjectiveUi("gain", "Gain N in M moves", "Gain N points more than the opponent within M moves", true, true),
        ),
        objectiveId = "win",
        description = "White to play and win — move 48, score 36–38",
        solution = "Qxd5",
        saved = "Saved to My puzzles.",
    )

    /** My puzzles: one composed and solved, one imported, one line that could not be read. */
    fun myPuzzles() = MyPuzzlesUi(
        puzzles = listOf(
            MyPuzzleRowUi("my-3f2a9c01", "White to play and win — move 48, score 36–38", "Composed · solved cleanly"),
            MyPuzzleRowUi("my-0b77e412", "Black to play and gain 5 points in 2 moves — move 31, score 31–33", "Imported · not tried yet"),
        ),
        unreadable = listOf("my-5e1c0d2a: line 1: the position has no score"),
        importText = "my-0b77e412 norochess 1r4k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 31 score=31-33 gain 5 in 2 …",
    )

    fun settings() = SettingsUi(levels = Mapping.levels, clocks = clocks, defaultClock = "norochess-10", sounds = false)
}
