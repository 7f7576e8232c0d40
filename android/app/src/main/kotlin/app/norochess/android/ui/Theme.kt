package app.norochess.android.ui

import androidx.compose.material3.ColorScheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.graphics.Color

/**
 * The app's strings. Screens never read Android resources: the Activity
 * provides an implementation backed by strings.xml, the desktop rail one that
 * reads the same strings.xml. [Str] and [Plu] name the resources exactly.
 */
interface UiStrings {
    fun get(id: Str, vararg args: Any): String
    fun plural(id: Plu, count: Int, vararg args: Any): String
}

val LocalStrings = staticCompositionLocalOf<UiStrings> { error("NorochessTheme provides the strings") }

private val LightColours = lightColorScheme(
    primary = Color(0xFF6B4E16),
    onPrimary = Color.White,
    primaryContainer = Color(0xFFF6DFB4),
    onPrimaryContainer = Color(0xFF251A00),
    secondary = Color(0xFF4E6354),
    secondaryContainer = Color(0xFFD1E8D5),
    tertiary = Color(0xFF8C1D40),
    tertiaryContainer = Color(0xFFFFD9DF),
    onTertiaryContainer = Color(0xFF3F0016),
)

private val DarkColours = darkColorScheme(
    primary = Color(0xFFE8C27A),
    onPrimary = Color(0xFF3E2E00),
    primaryContainer = Color(0xFF574000),
    onPrimaryContainer = Color(0xFFF6DFB4),
    secondary = Color(0xFFB5CCB9),
    secondaryContainer = Color(0xFF374B3D),
    tertiary = Color(0xFFFFB1C1),
    tertiaryContainer = Color(0xFF70072B),
    onTertiaryContainer = Color(0xFFFFD9DF),
)

/** The app's colour scheme, light or dark. */
fun colourScheme(dark: Boolean): ColorScheme = if (dark) DarkColours else LightColours

/** Material 3 with the app's colours; light or dark as the system says. */
@Composable
fun NorochessTheme(dark: Boolean, strings: UiStrings, content: @Composable () -> Unit) {
    CompositionLocalProvider(LocalStrings provides strings) {
        MaterialTheme(colorScheme = colourScheme(dark), content = content)
    }
}
