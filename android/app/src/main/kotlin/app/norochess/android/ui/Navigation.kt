package app.norochess.android.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.WindowInsets
import androidx.compose.foundation.layout.consumeWindowInsets
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.navigationBars
import androidx.compose.foundation.layout.size
import androidx.compose.material3.LocalContentColor
import androidx.compose.material3.NavigationBar
import androidx.compose.material3.NavigationBarItem
import androidx.compose.material3.NavigationRail
import androidx.compose.material3.NavigationRailItem
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.CornerRadius
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.unit.dp

/** The app's top-level destinations, in the navigation bar's order. */
enum class Destination(val tag: String, val label: Str) {
    PLAY("nav-play", Str.nav_play),
    PUZZLES("nav-puzzles", Str.nav_puzzles),
    GAMES("nav-games", Str.nav_games),
    STATS("nav-stats", Str.nav_stats),
    SETTINGS("nav-settings", Str.nav_settings),
}

/**
 * The screens outside a game with the app's destinations around them: a
 * navigation bar at the bottom of a phone, a navigation rail at the side
 * of a screen 600 dp wide or more (tablets, phones in landscape). The game
 * screen has none: the board takes the room.
 */
@Composable
fun NavigationFrame(selected: Destination?, onSelect: (Destination) -> Unit, content: @Composable () -> Unit) {
    val s = LocalStrings.current
    BoxWithConstraints(Modifier.fillMaxSize()) {
        if (maxWidth >= 600.dp) {
            Row(Modifier.fillMaxSize()) {
                NavigationRail(Modifier.fillMaxHeight().testTag("navigation-rail")) {
                    for (destination in Destination.entries) {
                        NavigationRailItem(
                            selected = destination == selected,
                            onClick = { onSelect(destination) },
                            icon = { DestinationIcon(destination) },
                            label = { Text(s.get(destination.label)) },
                            modifier = Modifier.testTag(destination.tag),
                        )
                    }
                }
                Box(Modifier.weight(1f).fillMaxHeight()) { content() }
            }
        } else {
            Column(Modifier.fillMaxSize()) {
                // The bar below keeps the system's navigation bar clear: the screen above need not.
                Box(Modifier.weight(1f).fillMaxWidth().consumeWindowInsets(WindowInsets.navigationBars)) { content() }
                NavigationBar(Modifier.testTag("navigation-bar")) {
                    for (destination in Destination.entries) {
                        NavigationBarItem(
                            selected = destination == selected,
                            onClick = { onSelect(destination) },
                            icon = { DestinationIcon(destination) },
                            label = { Text(s.get(destination.label), maxLines = 1) },
                            modifier = Modifier.testTag(destination.tag),
                        )
                    }
                }
            }
        }
    }
}

/** A destination's icon: the app's own pawn and knight for play and puzzles, drawn marks for the rest. */
@Composable
private fun DestinationIcon(destination: Destination) {
    when (destination) {
        Destination.PLAY -> PieceImage(PieceUi(white = true, kind = PieceKind.PAWN), Modifier.size(24.dp))
        Destination.PUZZLES -> PieceImage(PieceUi(white = true, kind = PieceKind.KNIGHT), Modifier.size(24.dp))
        else -> {
            val ink = LocalContentColor.current
            Canvas(Modifier.size(24.dp)) {
                val u = size.width / 24f
                when (destination) {
                    // A list of games: three lines.
                    Destination.GAMES -> for (row in 0 until 3) {
                        drawRoundRect(ink, Offset(4 * u, (6 + row * 5.5f) * u), Size(16 * u, 2.4f * u), CornerRadius(u))
                    }
                    // Statistics: three bars.
                    Destination.STATS -> listOf(8f, 13f, 5f).forEachIndexed { i, height ->
                        drawRoundRect(ink, Offset((4 + i * 6) * u, (20 - height) * u), Size(4 * u, height * u), CornerRadius(u))
                    }
                    // Settings: a dial.
                    else -> {
                        drawCircle(ink, 7.5f * u, style = Stroke(2.4f * u))
                        drawCircle(ink, 2.6f * u)
                        for (k in 0 until 8) {
                            val angle = k * Math.PI / 4
                            val r = 10.2f * u
                            drawCircle(ink, 1.6f * u, center + Offset((r * kotlin.math.cos(angle)).toFloat(), (r * kotlin.math.sin(angle)).toFloat()))
                        }
                    }
                }
            }
        }
    }
}
