package app.norochess.android.present

import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import app.norochess.android.ui.Destination
import app.norochess.android.ui.GameScreen
import app.norochess.android.ui.NavigationFrame
import app.norochess.android.ui.GamesEvents
import app.norochess.android.ui.GamesFilter
import app.norochess.android.ui.GamesScreen
import app.norochess.android.ui.GamesUi
import app.norochess.android.ui.HomeEvents
import app.norochess.android.ui.HomeScreen
import app.norochess.android.ui.HomeUi
import app.norochess.android.ui.NewGameUi
import app.norochess.android.ui.PuzzleScreen
import app.norochess.android.ui.RulesScreen
import app.norochess.android.ui.SettingsScreen
import app.norochess.android.ui.SettingsUi
import app.norochess.android.ui.StatsScreen
import app.norochess.android.ui.StatsUi
import app.norochess.android.ui.Str
import app.norochess.android.ui.UiStrings
import app.norochess.android.ui.rulePages
import app.norochess.android.ui.AnalysisScreen
import app.norochess.android.ui.ComposerScreen
import app.norochess.android.ui.EditorScreen
import app.norochess.android.ui.MyPuzzleRowUi
import app.norochess.android.ui.MyPuzzlesEvents
import app.norochess.android.ui.MyPuzzlesScreen
import app.norochess.android.ui.MyPuzzlesUi
import app.norochess.android.ui.ReviewScreen
import app.norochess.applayer.PuzzleOrigin
import app.norochess.core.AnalysisBoardHandle
import app.norochess.core.GameSessionHandle
import app.norochess.core.PositionEditorHandle
import app.norochess.core.importPuzzle
import kotlinx.coroutines.launch
import app.norochess.core.LibraryHandle
import app.norochess.core.NorochessException
import app.norochess.kit.detail
import app.norochess.applayer.Settings
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow

enum class Screen { HOME, GAME, PUZZLE, GAMES, STATS, RULES, SETTINGS, REVIEW, ANALYSIS, EDITOR, COMPOSER, MY_PUZZLES }

/** The screens opened from another one, which back returns from to where they were opened. */
private val subScreens = setOf(Screen.REVIEW, Screen.ANALYSIS, Screen.EDITOR, Screen.COMPOSER, Screen.MY_PUZZLES)

/** What [AppController.savedState] keeps across process death. */
data class SavedScreen(
    val screen: Screen,
    val gameId: Long? = null,
    val gameOpenedFrom: Screen = Screen.HOME,
    val puzzleId: String? = null,
)

/**
 * The whole app above the screens: navigation, the library (settings,
 * saved games, statistics, puzzle progress), the new-game form and the
 * current game. The Android view model owns one (on viewModelScope, the
 * library in the app's files folder); the desktop rail drives one in its
 * tests. Everything persistent is in the library, so a new controller over
 * the same library after process death shows the same app (Continue).
 */
class AppController(
    val library: LibraryHandle,
    private val scope: CoroutineScope,
    val strings: UiStrings,
    private val nowMs: () -> ULong,
    private val effects: Effects,
    private val seed: () -> ULong,
    private val date: (Long) -> String,
    /** Today's local calendar date as (year, month, day) (the daily puzzle). */
    private val today: () -> Triple<Int, Int, Int> = ::localDate,
    /** Where the library's writes run (the phone: a thread of its own; the desktop rail: inline). */
    val disk: LibraryThread = LibraryThread.inline(),
) : HomeEvents, GamesEvents, MyPuzzlesEvents {
    val screen = MutableStateFlow(Screen.HOME)
    var settings: Settings = library.settings()
        private set
    private val form = MutableStateFlow(Mapping.newGameForm(strings, settings))
    val home = MutableStateFlow(homeUi())
    val settingsUi = MutableStateFlow(Mapping.settingsUi(settings))
    val games = MutableStateFlow(GamesUi())
    val stats = MutableStateFlow(StatsUi())
    val rulesPage = MutableStateFlow(0)
    private val _game = MutableStateFlow<GameController?>(null)
    val game: StateFlow<GameController?> = _game
    private val _puzzle = MutableStateFlow<PuzzleController?>(null)
    val puzzle: StateFlow<PuzzleController?> = _puzzle
    /** What the last library call outside the game screen could not do (a dialog), or null. */
    val problem = MutableStateFlow<String?>(null)
    val review = MutableStateFlow<ReviewController?>(null)
    val analysis = MutableStateFlow<AnalysisController?>(null)
    val editor = MutableStateFlow<EditorController?>(null)
    val composer = MutableStateFlow<ComposerController?>(null)
    val myPuzzles = MutableStateFlow(MyPuzzlesUi())
    /** The screens to go back to from the open sub-screen, the most recent last. */
    private val trail = ArrayDeque<Screen>()

    /**
     * Runs a library call of a screen outside the game: a failure (a damaged
     * or full library, a game deleted in another window) is shown in a
     * dialog, every time, instead of crashing the app.
     */
    private fun <T> attempt(call: () -> T): T? = try {
        call()
    } catch (e: NorochessException) {
        problem.value = e.detail
        null
    }

    /**
     * Runs a library call on the library's thread, after every write asked
     * before it (so a list, Continue or a game opened never reads the file
     * behind the last move's save); [then] gets its value on the main thread,
     * or null after a failure, which the dialog says (every time).
     */
    private fun <T> withLibrary(call: () -> T, then: (T?) -> Unit) = disk.run({
        try {
            Result.success(call())
        } catch (e: NorochessException) {
            Result.failure(e)
        }
    }) { answer ->
        answer.exceptionOrNull()?.let { problem.value = (it as? NorochessException)?.detail ?: it.toString() }
        then(answer.getOrNull())
    }

    /** The problem dialog was read. */
    fun dismissProblem() {
        problem.value = null
    }

    private fun homeUi(): HomeUi {
        val current = attempt { library.list(Mapping.filter(GamesFilter.UNFINISHED), 1u) }?.firstOrNull()
        return HomeUi(
            continueText = current?.let { strings.get(Str.continue_game, it.description, date(it.updatedAt), it.moveNumber.toInt()) },
            newGame = form.value,
            puzzleText = attempt {
                val solved = library.puzzleStats().solved.toInt()
                strings.get(Str.puzzle_progress, solved, app.norochess.core.builtinPuzzles().size)
            } ?: "",
        )
    }

    fun go(to: Screen) {
        when (to) {
            Screen.HOME -> {
                while (trail.isNotEmpty()) closeSub(trail.removeLast())
                _game.value?.close()
                _game.value = null
                // Read after the game's last save, on the library's thread.
                disk.run({ homeUi() }) { home.value = it.copy(newGame = form.value) }
            }
            Screen.GAMES -> onFilter(games.value.filter)
            Screen.STATS -> withLibrary({ library.stats() to library.reviewStats() }) { answer ->
                answer?.let { (games, reviews) -> stats.value = Mapping.statsUi(strings, games, reviews) }
            }
            Screen.MY_PUZZLES -> refreshMyPuzzles()
            Screen.SETTINGS -> settingsUi.value = Mapping.settingsUi(settings)
            Screen.PUZZLE -> if (_puzzle.value == null) {
                _puzzle.value = puzzleController(null) ?: return
            }
            else -> Unit
        }
        screen.value = to
    }

    /** A puzzle screen's controller on [startId] (null: the run's choice), or null when the library failed (said). */
    private fun puzzleController(startId: String?): PuzzleController? = attempt {
        PuzzleController(
            library, scope, strings, { settings }, { go(Screen.HOME) }, today, startId,
            report = { problem.value = it }, onMyPuzzles = ::openMyPuzzles,
        )
    }

    /** The screen the open game was opened from: system back returns there. */
    var gameOpenedFrom: Screen = Screen.HOME
        private set

    /**
     * Shows [session] on the game screen (a new game, Continue, a saved game
     * from [from], a rematch on the game screen itself).
     */
    fun open(session: GameSessionHandle, from: Screen = screen.value) {
        _game.value?.close()
        if (from != Screen.GAME) gameOpenedFrom = from
        _game.value = GameController(
            session, scope, strings, settings, nowMs, effects, { go(Screen.HOME) }, { open(it) }, seed, disk,
            onReviewGame = { id -> openReview(id, session.snapshot(nowMs()).title) },
            onAnalyseAt = ::openAnalysis,
        )
        screen.value = Screen.GAME
    }

    /**
     * System back: a game returns to the screen it was opened from (Games, or
     * Home), every other screen to Home. False on Home: the app closes.
     */
    fun back(): Boolean {
        val current = screen.value
        if (current in subScreens) {
            closeSub(current)
            go(trail.removeLastOrNull() ?: Screen.HOME)
            return true
        }
        val to = when (screen.value) {
            Screen.HOME -> return false
            Screen.GAME -> gameOpenedFrom
            else -> Screen.HOME
        }
        if (screen.value == Screen.GAME) {
            _game.value?.close()
            _game.value = null
        }
        go(to)
        return true
    }

    /**
     * What brings the app back to this screen after the process was killed
     * (the Activity's saved state): the screen, the open game's library id
     * and where it was opened from, the open puzzle. Everything else is in
     * the library already.
     */
    fun savedState(): SavedScreen = SavedScreen(
        // A sub-screen (a review, the editor) comes back as the screen it was opened from.
        screen = if (screen.value in subScreens && screen.value != Screen.MY_PUZZLES) {
            (listOf(screen.value) + trail.reversed()).firstOrNull { it !in subScreens || it == Screen.MY_PUZZLES } ?: Screen.HOME
        } else {
            screen.value
        },
        gameId = _game.value?.model?.state?.snapshot?.gameId,
        gameOpenedFrom = gameOpenedFrom,
        puzzleId = _puzzle.value?.puzzle?.id,
    )

    /** Reopens what [savedState] described; a game or puzzle that is gone leaves the app on Home, said. */
    fun restore(saved: SavedScreen) {
        when (saved.screen) {
            Screen.GAME -> saved.gameId?.let { id ->
                withLibrary({ library.load(id, nowMs()) }) { it?.let { open(it, saved.gameOpenedFrom) } }
            }
            Screen.PUZZLE -> {
                _puzzle.value = puzzleController(saved.puzzleId) ?: return
                screen.value = Screen.PUZZLE
            }
            else -> go(saved.screen)
        }
    }

    // Home
    override fun onContinue() = withLibrary({ library.current(nowMs()) }) { it?.let { open(it) } }

    override fun onNewGame(form: NewGameUi) {
        this.form.value = form
        home.value = home.value.copy(newGame = form)
    }

    override fun onStart() {
        val game = Mapping.newGame(form.value, seed(), settings.playerName)
        withLibrary({ GameSessionHandle(game, library) }) { it?.let { open(it) } }
    }
    override fun onPuzzles() = go(Screen.PUZZLE)
    override fun onGames() = go(Screen.GAMES)
    override fun onStats() = go(Screen.STATS)
    override fun onRules() = go(Screen.RULES)
    override fun onSettings() = go(Screen.SETTINGS)

    // Settings
    /** The settings as the library last confirmed them (shown again after a failed write). */
    private var storedSettings: Settings = settings
    /** Counts settings changes: only the answer to the latest one is shown. */
    private var settingsChange = 0

    /**
     * A switch or choice on the Settings screen: shown at once, written on the
     * library's thread. Only the keys this change touched are written, so another
     * window's changes to other keys stay; the library's answer (with those
     * changes) is shown when no later change is on its way. A failed write is
     * said and the screen shows the settings as stored.
     */
    fun onSettingsChange(ui: SettingsUi) {
        val before = settings
        val wanted = Mapping.settings(before, ui)
        val change = ++settingsChange
        showSettings(wanted)
        withLibrary({ library.updateSettings(before, wanted) }) { stored ->
            stored?.let { storedSettings = it }
            if (change == settingsChange) showSettings(stored ?: storedSettings)
        }
    }

    private fun showSettings(shown: Settings) {
        settings = shown
        settingsUi.value = Mapping.settingsUi(shown)
        _game.value?.settings = shown
    }

    /** Whether the library's thread has nothing queued or running (the tests' idling resource). */
    val libraryIdle: Boolean get() = disk.isIdle

    // Games
    override fun onFilter(filter: GamesFilter) {
        games.value = games.value.copy(filter = filter)
        withLibrary({ library.list(Mapping.filter(filter), 200u) }) { listed ->
            // Only the answer for the filter still chosen is shown.
            if (games.value.filter == filter) {
                games.value = games.value.copy(games = (listed ?: emptyList()).map { Mapping.gameRow(it, date) })
            }
        }
    }

    override fun onOpen(id: Long) = withLibrary({ library.load(id, nowMs()) }) { it?.let { open(it) } }

    override fun onShare(id: Long) = withLibrary({ library.record(id) }) { it?.let(effects::share) }

    override fun onDelete(id: Long) { games.value = games.value.copy(confirmDelete = id) }
    override fun onDeleteAnswer(confirm: Boolean) {
        val id = games.value.confirmDelete?.takeIf { confirm }
        games.value = games.value.copy(confirmDelete = null)
        if (id == null) return
        withLibrary({ library.delete(id) }) { onFilter(games.value.filter) }
    }

    override fun onHome() = go(Screen.HOME)

    /** A destination of the navigation bar: the sub-screens on the way are left. */
    fun switchTab(to: Screen) {
        while (trail.isNotEmpty()) closeSub(trail.removeLast())
        closeSub(screen.value)
        go(to)
    }

    // ------------------------------------------------------------ sub-screens

    /** Shows the sub-screen [to] (its controller is set): back returns to the screen on now. */
    private fun enter(to: Screen) {
        val from = screen.value
        val at = trail.indexOf(to)
        if (at >= 0) {
            // Round to a screen already on the way back: what was opened after it is left.
            while (trail.size > at) trail.removeLast().let { if (it != to) closeSub(it) }
            if (from != to) closeSub(from)
        } else if (from != to) {
            trail.addLast(from)
        }
        screen.value = to
    }

    /** Frees a sub-screen's controller (stops its searches). */
    private fun closeSub(which: Screen) {
        when (which) {
            Screen.REVIEW -> review.value?.close().also { review.value = null }
            Screen.ANALYSIS -> analysis.value?.close().also { analysis.value = null }
            Screen.EDITOR -> editor.value?.close().also { editor.value = null }
            Screen.COMPOSER -> composer.value?.close().also { composer.value = null }
            else -> Unit
        }
    }

    /** The review of game [gameId] (finished or not), titled [title]. */
    fun openReview(gameId: Long, title: String) {
        review.value?.close()
        review.value = ReviewController(
            library, gameId, title, scope, { settings }, nowMs, disk,
            onAnalyseAt = ::openAnalysis,
            onHome = { back() },
        )
        enter(Screen.REVIEW)
    }

    override fun onReviewGame(id: Long) {
        openReview(id, games.value.games.firstOrNull { it.id == id }?.title ?: "")
    }

    /** The analysis board at [plies] moves into game [gameId], read on the library's thread. */
    fun openAnalysis(gameId: Long, plies: Int) = withLibrary({ AnalysisBoardHandle.ofGame(library, gameId, plies.toUInt(), nowMs()) }) {
        it?.let(::showAnalysis)
    }

    /** The analysis board at a position of [game] (from the editor). */
    fun openAnalysisOf(game: String, position: String) {
        attempt { AnalysisBoardHandle.ofPosition(game, position) }?.let(::showAnalysis)
    }

    private fun showAnalysis(board: AnalysisBoardHandle) {
        analysis.value?.close()
        analysis.value = AnalysisController(board, scope, { settings }, onEdit = ::openEditorAt, onCompose = ::openComposer, onHome = { back() })
        enter(Screen.ANALYSIS)
    }

    /** The position editor on the start of the new-game form's game. */
    override fun onEditor() {
        attempt { PositionEditorHandle.start(form.value.gameId, null) }?.let(::showEditor)
    }

    /** The position editor on a position of [game]. */
    fun openEditorAt(game: String, position: String) {
        attempt { PositionEditorHandle.ofPosition(game, position) }?.let(::showEditor)
    }

    private fun showEditor(handle: PositionEditorHandle) {
        editor.value?.close()
        editor.value = EditorController(
            handle, { settings },
            onAnalyse = ::openAnalysisOf,
            onCompose = ::openComposer,
            onPlay = ::playFrom,
            onHome = { back() },
            report = { problem.value = it },
        )
        enter(Screen.EDITOR)
    }

    /** The composer on a position the editor handed over. */
    fun openComposer(game: String, position: String) {
        composer.value?.close()
        composer.value = ComposerController(game, position, library, scope, strings, { settings }, disk, effects, onHome = { back() })
        enter(Screen.COMPOSER)
    }

    /** A new game against the computer from a set-up position, the player on the side to move. */
    private fun playFrom(game: String, position: String, whiteToMove: Boolean) {
        val newGame = Mapping.gameFrom(game, position, whiteToMove, settings, seed())
        val from = screen.value
        withLibrary({ GameSessionHandle(newGame, library) }) { it?.let { session -> open(session, from) } }
    }

    // My puzzles

    private fun refreshMyPuzzles() = withLibrary({ library.myPuzzles() }) { list ->
        list?.let {
            myPuzzles.value = myPuzzles.value.copy(
                puzzles = it.puzzles.map { p -> MyPuzzleRowUi(p.puzzle.id, p.puzzle.description, p.statusText) },
                unreadable = it.unreadable,
            )
            myPuzzleLines = it.puzzles.associate { p -> p.puzzle.id to p.puzzle.shareText }
        }
    }

    /** Each My puzzle's line by id, as last listed. */
    private var myPuzzleLines: Map<String, String> = emptyMap()

    fun openMyPuzzles() {
        enter(Screen.MY_PUZZLES)
        refreshMyPuzzles()
    }

    override fun onSolve(id: String) {
        val line = myPuzzleLines[id] ?: return
        val started = attempt {
            PuzzleController(
                library, scope, strings, { settings }, { go(Screen.HOME) }, today, null,
                report = { problem.value = it }, startLine = line, onMyPuzzles = ::openMyPuzzles,
            )
        } ?: return
        _puzzle.value?.leave()
        _puzzle.value = started
        switchTab(Screen.PUZZLE)
    }

    override fun onDeletePuzzle(id: String) {
        myPuzzles.value = myPuzzles.value.copy(confirmDelete = id)
    }

    override fun onDeletePuzzleAnswer(confirm: Boolean) {
        val id = myPuzzles.value.confirmDelete?.takeIf { confirm }
        myPuzzles.value = myPuzzles.value.copy(confirmDelete = null)
        if (id == null) return
        withLibrary({ library.deleteMyPuzzle(id) }) { refreshMyPuzzles() }
    }

    override fun onImportText(text: String) {
        myPuzzles.value = myPuzzles.value.copy(importText = text, importMessage = null, importFailed = false)
    }

    /** The pasted line proven again (seconds, on its own thread), then kept in My puzzles as imported. */
    override fun onImport() {
        val text = myPuzzles.value.importText
        if (text.isBlank() || myPuzzles.value.importing) return
        myPuzzles.value = myPuzzles.value.copy(importing = true, importMessage = null, importFailed = false)
        scope.launch {
            val imported = try {
                importPuzzle(text)
            } catch (e: NorochessException) {
                myPuzzles.value = myPuzzles.value.copy(importing = false, importMessage = e.detail, importFailed = true)
                return@launch
            }
            withLibrary({ library.saveMyPuzzle(imported.shareText, PuzzleOrigin.IMPORTED) }) { added ->
                myPuzzles.value = myPuzzles.value.copy(
                    importing = false,
                    importText = if (added != null) "" else text,
                    importMessage = when (added) {
                        true -> strings.get(Str.my_puzzles_imported, imported.description)
                        false -> strings.get(Str.my_puzzles_already, imported.description)
                        null -> null
                    },
                    importFailed = false,
                )
                refreshMyPuzzles()
            }
        }
    }

    override fun onNewPuzzle() = onEditor()

    override fun onLeaveMyPuzzles() {
        back()
    }

    /** The Activity stops (true) or starts again: the clock pauses and the game is saved. */
    fun background(background: Boolean) = _game.value?.background(background)
}

/** The app's root composable: the screen the controller shows, outside a game inside the navigation bar or rail. */
@Composable
fun NorochessApp(app: AppController) {
    val screen by app.screen.collectAsState()
    if (screen == Screen.GAME) {
        val controller by app.game.collectAsState()
        controller?.let { c ->
            val ui by c.ui.collectAsState()
            GameScreen(ui, c)
        }
    } else if (screen == Screen.REVIEW) {
        val controller by app.review.collectAsState()
        controller?.let { c ->
            val ui by c.ui.collectAsState()
            ReviewScreen(ui, c)
        }
    } else if (screen == Screen.ANALYSIS) {
        val controller by app.analysis.collectAsState()
        controller?.let { c ->
            val ui by c.ui.collectAsState()
            AnalysisScreen(ui, c)
        }
    } else if (screen == Screen.EDITOR) {
        val controller by app.editor.collectAsState()
        controller?.let { c ->
            val ui by c.ui.collectAsState()
            EditorScreen(ui, c)
        }
    } else if (screen == Screen.COMPOSER) {
        val controller by app.composer.collectAsState()
        controller?.let { c ->
            val ui by c.ui.collectAsState()
            ComposerScreen(ui, c)
        }
    } else {
        val selected = when (screen) {
            Screen.HOME -> Destination.PLAY
            Screen.PUZZLE, Screen.MY_PUZZLES -> Destination.PUZZLES
            Screen.GAMES -> Destination.GAMES
            Screen.STATS -> Destination.STATS
            Screen.SETTINGS -> Destination.SETTINGS
            else -> null
        }
        NavigationFrame(selected, onSelect = { destination ->
            app.switchTab(
                when (destination) {
                    Destination.PLAY -> Screen.HOME
                    Destination.PUZZLES -> Screen.PUZZLE
                    Destination.GAMES -> Screen.GAMES
                    Destination.STATS -> Screen.STATS
                    Destination.SETTINGS -> Screen.SETTINGS
                },
            )
        }) {
            when (screen) {
                Screen.HOME -> {
                    val home by app.home.collectAsState()
                    HomeScreen(home, app)
                }
                Screen.PUZZLE -> {
                    val controller by app.puzzle.collectAsState()
                    controller?.let { c ->
                        val ui by c.ui.collectAsState()
                        PuzzleScreen(ui, c)
                    }
                }
                Screen.GAMES -> {
                    val games by app.games.collectAsState()
                    GamesScreen(games, app)
                }
                Screen.STATS -> {
                    val stats by app.stats.collectAsState()
                    StatsScreen(stats) { app.go(Screen.HOME) }
                }
                Screen.RULES -> {
                    val page by app.rulesPage.collectAsState()
                    val pages = remember { rulePages() }
                    RulesScreen(pages, page, { app.rulesPage.value = it }) { app.go(Screen.HOME) }
                }
                Screen.SETTINGS -> {
                    val settings by app.settingsUi.collectAsState()
                    SettingsScreen(settings, app::onSettingsChange) { app.go(Screen.HOME) }
                }
                Screen.MY_PUZZLES -> {
                    val state by app.myPuzzles.collectAsState()
                    MyPuzzlesScreen(state, app)
                }
                else -> Unit
            }
        }
    }
    val problem by app.problem.collectAsState()
    problem?.let { detail ->
        AlertDialog(
            onDismissRequest = app::dismissProblem,
            title = { Text(app.strings.get(Str.problem_title)) },
            text = { Text(detail) },
            confirmButton = {
                Button(onClick = app::dismissProblem, modifier = Modifier.testTag("problem-ok")) {
                    Text(app.strings.get(Str.action_ok))
                }
            },
        )
    }
}
