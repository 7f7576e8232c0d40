package app.norochess.android.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.ColumnScope
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.width
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp

/**
 * The layout of the analysis board, the composer and the review: a board and
 * a panel side by side in landscape (the board as tall as the screen, the
 * panel beside it scrolling), one above the other in portrait (the board at
 * most [boardShare] of the height, [above] over it, the whole column
 * scrolling, the panel no wider than 640 dp). [panel] is told whether it
 * stands beside the board, where it also shows what portrait puts [above].
 */
@Composable
fun BoardWithPanel(
    padding: PaddingValues,
    boardShare: Float,
    board: @Composable () -> Unit,
    above: @Composable ColumnScope.() -> Unit = {},
    panel: @Composable ColumnScope.(beside: Boolean) -> Unit,
) {
    BoxWithConstraints(Modifier.fillMaxSize().padding(padding)) {
        val screenWidth = maxWidth
        val screenHeight = maxHeight
        if (screenWidth > screenHeight) {
            Row(Modifier.fillMaxSize().padding(8.dp), horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                Column(Modifier.width(screenHeight - 16.dp)) { board() }
                Column(Modifier.weight(1f).verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                    panel(true)
                }
            }
        } else {
            Column(
                Modifier.fillMaxSize().verticalScroll(rememberScrollState()).padding(horizontal = 8.dp),
                verticalArrangement = Arrangement.spacedBy(8.dp),
                horizontalAlignment = Alignment.CenterHorizontally,
            ) {
                above()
                Column(Modifier.widthIn(max = minOf(screenWidth - 16.dp, screenHeight * boardShare))) { board() }
                Column(Modifier.widthIn(max = 640.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) { panel(false) }
            }
        }
    }
}
