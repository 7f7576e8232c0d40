package app.norochess.android

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.BackHandler
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels
import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.getValue
import androidx.compose.ui.platform.LocalView
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.norochess.android.present.NorochessApp
import app.norochess.android.present.Screen
import app.norochess.android.ui.NorochessTheme
import app.norochess.core.LogLevel
import app.norochess.core.setLogLevel

/**
 * The only Activity: edge to edge, light or dark as the system says, the
 * app's screens from [AppViewModel]. The clock pauses and the game is saved
 * when the Activity stops; after process death the library brings the
 * unfinished game back (Continue on Home).
 */
class MainActivity : ComponentActivity() {
    private val model: AppViewModel by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        enableEdgeToEdge()
        super.onCreate(savedInstanceState)
        // Installs the core's logcat backend once; later calls only change the level.
        setLogLevel(if (BuildConfig.DEBUG) LogLevel.DEBUG else LogLevel.WARN)
        val app = model.app
        setContent {
            val screen by app.screen.collectAsStateWithLifecycle()
            // The screen stays on while a game is shown (a player thinking
            // for a minute should not find the phone locked).
            val view = LocalView.current
            DisposableEffect(view, screen) {
                view.keepScreenOn = screen == Screen.GAME
                onDispose { view.keepScreenOn = false }
            }
            NorochessTheme(dark = isSystemInDarkTheme(), strings = app.strings) {
                // A game opened from Games goes back to Games; Home closes the app.
                BackHandler(enabled = screen != Screen.HOME) { app.back() }
                NorochessApp(app)
            }
        }
    }

    override fun onStart() {
        super.onStart()
        model.app.background(false)
    }

    override fun onStop() {
        model.app.background(true)
        super.onStop()
    }
}
