package app.norochess.android

import android.app.Application
import android.content.Context
import android.content.Intent
import android.media.AudioManager
import android.media.ToneGenerator
import android.os.Build
import android.os.Handler
import android.os.Looper
import android.os.SystemClock
import android.os.VibrationEffect
import android.util.Log
import android.os.Vibrator
import android.os.VibratorManager
import android.os.Bundle
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import app.norochess.android.present.AppController
import app.norochess.android.present.Effects
import app.norochess.android.present.LibraryThread
import app.norochess.android.present.SavedScreen
import app.norochess.android.present.Screen
import app.norochess.android.ui.Str
import app.norochess.core.LibraryHandle
import app.norochess.core.NorochessException
import app.norochess.kit.detail
import java.io.File
import java.text.DateFormat
import java.util.Date
import kotlin.random.Random

/**
 * Owns the app's [AppController] for the Activity: the library in the app's
 * files folder, the view model's coroutine scope (the engine's searches are
 * suspend calls that run on the library's own threads, never on the main
 * thread), the platform's strings, sounds, vibration and share sheet.
 */
class AppViewModel(application: Application, saved: SavedStateHandle) : AndroidViewModel(application) {
    /**
     * The library in the app's files folder; if it cannot be opened (a full or
     * read-only disk, a file the app cannot read), the app still starts, on a
     * library in memory, and says so: nothing is ever lost silently.
     */
    private val opened: Result<LibraryHandle> = try {
        Result.success(LibraryHandle.open(File(application.filesDir, "library").path))
    } catch (e: NorochessException) {
        Log.e("Norochess", "library not opened: ${e.detail}")
        Result.failure(e)
    }
    private val library: LibraryHandle = opened.getOrElse { LibraryHandle.inMemory() }
    private val effects = AndroidEffects(application) { app.settings.sounds to app.settings.haptics }
    /** The library's own thread: saves and settings writes never run on the main thread. */
    private val disk = LibraryThread.ownThread(Handler(Looper.getMainLooper())::post)

    val app: AppController = AppController(
        library = library,
        scope = viewModelScope,
        strings = AndroidStrings(application.resources, application.packageName),
        nowMs = { SystemClock.elapsedRealtime().toULong() },
        effects = effects,
        seed = { Random.nextLong().toULong() },
        date = { seconds -> DateFormat.getDateTimeInstance(DateFormat.MEDIUM, DateFormat.SHORT).format(Date(seconds * 1000)) },
        disk = disk,
    )

    init {
        // What the player must be told about the library: it could not be
        // opened (the app runs on one in memory), or a damaged one was moved
        // aside and a new one started, or earlier games were imported.
        val told = listOfNotNull(
            (opened.exceptionOrNull() as? NorochessException)?.let { e ->
                AndroidStrings(application.resources, application.packageName).get(Str.library_not_opened, e.detail)
            },
        ) + library.notices().map { it.message }
        if (told.isNotEmpty()) app.problem.value = told.joinToString("\n\n")
        // After process death the Activity's saved state brings back the screen
        // that was open (the game or puzzle on it reopened from the library).
        saved.get<Bundle>(SAVED_SCREEN)?.let { bundle ->
            app.restore(
                SavedScreen(
                    screen = screenNamed(bundle.getString("screen")),
                    gameId = bundle.getLong("game", -1).takeIf { it >= 0 },
                    gameOpenedFrom = screenNamed(bundle.getString("from")),
                    puzzleId = bundle.getString("puzzle"),
                ),
            )
        }
        saved.setSavedStateProvider(SAVED_SCREEN) {
            val state = app.savedState()
            Bundle().apply {
                putString("screen", state.screen.name)
                state.gameId?.let { putLong("game", it) }
                putString("from", state.gameOpenedFrom.name)
                state.puzzleId?.let { putString("puzzle", it) }
            }
        }
    }

    private companion object {
        const val SAVED_SCREEN = "norochess.screen"
        const val CLOSE_WAIT_MS = 2_000L

        /** The screen saved under [name]; Home for a name this version does not know. */
        fun screenNamed(name: String?): Screen = Screen.entries.firstOrNull { it.name == name } ?: Screen.HOME
    }

    override fun onCleared() {
        app.game.value?.close()
        effects.release()
        // The library closes after the writes asked before it (the game's last
        // save); the app is leaving, so it waits for them, briefly.
        disk.run { library.close() }
        if (!disk.finish(CLOSE_WAIT_MS)) Log.w("Norochess", "library writes still running after $CLOSE_WAIT_MS ms")
    }
}

/** Sounds and vibration (each behind its setting) and the share sheet. */
class AndroidEffects(private val context: Context, private val enabled: () -> Pair<Boolean, Boolean>) : Effects {
    private val tones = runCatching { ToneGenerator(AudioManager.STREAM_MUSIC, 60) }.getOrNull()
    private val vibrator: Vibrator? = if (Build.VERSION.SDK_INT >= 31) {
        context.getSystemService(VibratorManager::class.java)?.defaultVibrator
    } else {
        @Suppress("DEPRECATION")
        context.getSystemService(Context.VIBRATOR_SERVICE) as? Vibrator
    }

    private fun feedback(tone: Int, millis: Long) {
        val (sounds, haptics) = enabled()
        if (sounds) tones?.startTone(tone, millis.toInt())
        if (haptics && Build.VERSION.SDK_INT >= 26) {
            // A device or profile that refuses vibration must never cost the
            // player the move: the failure is logged, the game goes on.
            runCatching { vibrator?.vibrate(VibrationEffect.createOneShot(millis, VibrationEffect.DEFAULT_AMPLITUDE)) }
                .onFailure { Log.w("Norochess", "vibration refused: ${it.message}") }
        }
    }

    override fun moved(capture: Boolean) =
        feedback(if (capture) ToneGenerator.TONE_PROP_BEEP2 else ToneGenerator.TONE_PROP_BEEP, if (capture) 40 else 20)

    override fun gameOver() = feedback(ToneGenerator.TONE_PROP_ACK, 120)

    override fun share(text: String) {
        val send = Intent(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, text)
        context.startActivity(Intent.createChooser(send, null).addFlags(Intent.FLAG_ACTIVITY_NEW_TASK))
    }

    fun release() = tones?.release()
}
