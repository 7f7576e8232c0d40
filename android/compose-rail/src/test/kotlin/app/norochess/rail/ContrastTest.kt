package app.norochess.rail

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.compositeOver
import androidx.compose.ui.graphics.luminance
import app.norochess.android.ui.BoardTheme
import app.norochess.android.ui.Feedback
import app.norochess.android.ui.colourScheme
import app.norochess.android.ui.feedbackColours
import kotlin.test.Test
import kotlin.test.assertTrue

/**
 * Colours that carry meaning are readable (WCAG 2.1 contrast ratios): the puzzle's feedback text
 * (4.5:1, normal text) and the legal-move marks on every square (3:1, non-text). Both failed
 * before: white on the dark scheme's error pink was about 1.8:1, the marks about 2:1 on brown.
 */
class ContrastTest {
    private fun ratio(a: Color, b: Color): Double {
        val (light, dark) = listOf(a.luminance().toDouble(), b.luminance().toDouble()).sortedDescending()
        return (light + 0.05) / (dark + 0.05)
    }

    @Test
    fun feedbackTextIsReadableInLightAndDarkMode() {
        for (dark in listOf(false, true)) {
            for (feedback in Feedback.entries) {
                val (background, text) = feedbackColours(feedback, colourScheme(dark))
                val contrast = ratio(text, background)
                assertTrue(contrast >= 4.5, "$feedback in ${if (dark) "dark" else "light"} mode: $contrast:1")
            }
        }
    }

    @Test
    fun legalMoveMarksStandOutOnEverySquare() {
        for (theme in BoardTheme.entries) {
            for (square in listOf(theme.light, theme.dark, theme.lastMove.compositeOver(theme.light), theme.lastMove.compositeOver(theme.dark))) {
                val contrast = ratio(theme.targetMark.compositeOver(square), square)
                assertTrue(contrast >= 3.0, "$theme, square $square: $contrast:1")
            }
        }
    }
}
