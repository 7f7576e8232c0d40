package app.norochess.android.ui

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.SolidColor
import androidx.compose.ui.graphics.vector.ImageVector
import androidx.compose.ui.graphics.vector.addPathNodes
import androidx.compose.ui.unit.dp

/**
 * The app's icons, drawn as Material's 24 dp outlines (Apache 2.0
 * paths) so the app needs no icon library; [androidx.compose.material3.Icon]
 * tints them with the bar's content colour.
 */
object BarIcons {
    /** Back to Home: Material's arrow_back, mirrored in right-to-left languages. */
    val back: ImageVector = icon("back", "M20,11H7.83l5.59,-5.59L12,4l-8,8 8,8 1.41,-1.41L7.83,13H20v-2z", mirrored = true)

    /** Turn the board round: Material's swap_vert. */
    val flip: ImageVector = icon("flip", "M16,17.01V10h-2v7.01h-3L15,21l4,-3.99h-3zM9,3L5,6.99h3V14h2V6.99h3L9,3z", mirrored = false)

    /** A button that opens a list to choose from (the puzzle theme picker): Material's arrow_drop_down. */
    val dropDown: ImageVector = icon("drop-down", "M7,10l5,5 5,-5z", mirrored = false)

    private fun icon(name: String, path: String, mirrored: Boolean): ImageVector =
        ImageVector.Builder(name = name, defaultWidth = 24.dp, defaultHeight = 24.dp, viewportWidth = 24f, viewportHeight = 24f, autoMirror = mirrored)
            .addPath(pathData = addPathNodes(path), fill = SolidColor(Color.Black))
            .build()
}
