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
    // Warm neutrals under the brown board (Material's baseline ones are lilac).
    background = Color(0xFFFFF8F2),
    onBackground = Color(0xFF1F1B16),
    surface = Color(0xFFFFF8F2),
    onSurface = Color(0xFF1F1B16),
    surfaceVariant = Color(0xFFEFE0CF),
    onSurfaceVariant = Color(0xFF4D4539),
    outline = Color(0xFF7F7667),
    outlineVariant = Color(0xFFD1C5B4),
    surfaceContainerLowest = Color(0xFFFFFFFF),
    surfaceContainerLow = Color(0xFFFBF2E9),
    surfaceContainer = Color(0xFFF5ECE3),
    surfaceContainerHigh = Color(0xFFEFE6DD),
    surfaceContainerHighest = Color(0xFFE9E1D8),
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
    background = Color(0xFF17130E),
    onBackground = Color(0xFFEBE1D9),
    surface = Color(0xFF17130E),
    onSurface = Color(0xFFEBE1D9),
    surfaceVariant = Color(0xFF4D4539),
    onSurfaceVariant = Color(0xFFD1C5B4),
    outline = Color(0xFF9A8F80),
    outlineVariant = Color(0xFF4D4539),
    surfaceContainerLowest = Color(0xFF110E09),
    surfaceContainerLow = Color(0xFF1F1B16),
    surfaceContainer = Color(0xFF231F1A),
    surfaceContainerHigh = Color(0xFF2E2924),
    surfaceContainerHighest = Color(0xFF39342E),
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
