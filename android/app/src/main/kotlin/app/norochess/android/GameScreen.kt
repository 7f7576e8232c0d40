package app.norochess.android

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.lazy.LazyRow
import androidx.compose.foundation.lazy.itemsIndexed
import androidx.compose.foundation.lazy.rememberLazyListState
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Badge
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.sp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import androidx.lifecycle.viewmodel.compose.viewModel
import app.norochess.core.Piece
import app.norochess.core.PieceKind
import app.norochess.core.Side
import app.norochess.kit.GameScreenModel
import app.norochess.kit.GameScreenState

/** The game screen: draws the view model's state and forwards taps. No game logic here. */
@Composable
fun GameScreen(viewModel: GameViewModel = viewModel()) {
    val state by viewModel.state.collectAsStateWithLifecycle()
    val thinking by viewModel.thinking.collectAsStateWithLifecycle()
    val hint by viewModel.hint.collectAsStateWithLifecycle()
    val moves by viewModel.moves.collectAsStateWithLifecycle()
    Scaffold { padding ->
        Column(
            Modifier.fillMaxSize().padding(padding).padding(12.dp),
            verticalArrangement = Arrangement.spacedBy(12.dp),
        ) {
            ScoreBar(state, thinking)
            Board(state, onTap = viewModel::onSquareTapped)
            MoveList(moves)
            hint?.let { Text(it, style = MaterialTheme.typography.bodyLarge) }
            (state.announcement ?: state.error)?.let { Text(it, color = MaterialTheme.colorScheme.secondary) }
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                OutlinedButton(onClick = viewModel::onTakeBack, enabled = state.snapshot.canUndo) {
                    Text(stringResource(R.string.undo))
                }
                OutlinedButton(onClick = viewModel::onHint, enabled = !thinking && state.snapshot.outcome == null) {
                    Text(stringResource(R.string.hint))
                }
                OutlinedButton(onClick = viewModel::onResign, enabled = state.snapshot.outcome == null) {
                    Text(stringResource(R.string.resign))
                }
            }
        }
    }
    state.promotionPicker?.let { picker ->
        PromotionDialog(picker.choices, picker.isResurrection, viewModel::onPromotionChosen, viewModel::onPromotionCancelled)
    }
    state.resultText?.let { text ->
        AlertDialog(
            onDismissRequest = {},
            title = { Text(text) },
            confirmButton = {
                Button(onClick = { viewModel.onRematch(state.snapshot.setup) }) { Text(stringResource(R.string.rematch)) }
            },
        )
    }
}

@Composable
private fun ScoreBar(state: GameScreenState, thinking: Boolean) {
    Row(Modifier.fillMaxWidth(), verticalAlignment = Alignment.CenterVertically) {
        state.scoreText?.let { Text(it, fontSize = 32.sp, fontWeight = FontWeight.Bold) }
        Box(Modifier.weight(1f))
        state.moveCounterText?.let { counter ->
            if (state.isOvertime) {
                Badge(containerColor = MaterialTheme.colorScheme.tertiary) { Text(counter, Modifier.padding(4.dp)) }
            } else {
                Text(
                    counter,
                    color = if (state.isFinalRegularMoves) MaterialTheme.colorScheme.error else Color.Unspecified,
                    fontWeight = if (state.isFinalRegularMoves) FontWeight.Bold else FontWeight.Normal,
                )
            }
        }
        if (thinking) CircularProgressIndicator(Modifier.padding(start = 8.dp).size(20.dp), strokeWidth = 2.dp)
    }
    Text(state.statusText, style = MaterialTheme.typography.titleMedium)
}

@Composable
private fun Board(state: GameScreenState, onTap: (Int, Int) -> Unit) {
    val snapshot = state.snapshot
    val width = snapshot.width.toInt()
    val height = snapshot.height.toInt()
    val pieces = snapshot.pieces.associateBy { it.square }
    val last = snapshot.lastMove?.let { setOf(it.from, it.to) } ?: emptySet()
    Column(Modifier.fillMaxWidth().aspectRatio(width.toFloat() / height)) {
        for (rank in height - 1 downTo 0) {
            Row(Modifier.weight(1f)) {
                for (file in 0 until width) {
                    val square = GameScreenModel.squareName(file, rank)
                    val piece = pieces[square]?.piece
                    val light = (file + rank) % 2 == 1
                    val color = when {
                        square == state.selected -> Color(0xFFF6F669)
                        square == snapshot.checkSquare -> Color(0xFFE57373)
                        square in last -> Color(0xFFCDD26A)
                        light -> Color(0xFFF0D9B5)
                        else -> Color(0xFFB58863)
                    }
                    Box(
                        Modifier.weight(1f).fillMaxSize().background(color)
                            .semantics { contentDescription = squareLabel(square, piece, state.targets) }
                            .clickable { onTap(file, rank) },
                        contentAlignment = Alignment.Center,
                    ) {
                        piece?.let { Text(glyph(it), fontSize = if (width > 8) 22.sp else 28.sp) }
                        if (square in state.targets) {
                            Canvas(Modifier.size(10.dp)) { drawCircle(Color(0x66000000)) }
                        }
                    }
                }
            }
        }
    }
}

/** The move list (`1. e4 e5`), scrolled to the current move. */
@Composable
private fun MoveList(moves: List<String>) {
    val listState = rememberLazyListState()
    LaunchedEffect(moves.size) { if (moves.isNotEmpty()) listState.animateScrollToItem(moves.size - 1) }
    LazyRow(state = listState, horizontalArrangement = Arrangement.spacedBy(12.dp)) {
        itemsIndexed(moves) { _, row -> Text(row, style = MaterialTheme.typography.bodyMedium) }
    }
}

@Composable
private fun PromotionDialog(
    choices: List<PieceKind>,
    isResurrection: Boolean,
    onChoose: (PieceKind) -> Unit,
    onCancel: () -> Unit,
) {
    AlertDialog(
        onDismissRequest = onCancel,
        title = {
            Text(stringResource(if (isResurrection) R.string.choose_resurrection else R.string.choose_promotion))
        },
        text = {
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                for (kind in choices) {
                    Button(onClick = { onChoose(kind) }) { Text(glyph(Piece(Side.WHITE, kind, 0u))) }
                }
            }
        },
        confirmButton = {},
        dismissButton = { TextButton(onClick = onCancel) { Text(stringResource(R.string.close)) } },
    )
}

private fun glyph(piece: Piece): String {
    val white = piece.side == Side.WHITE
    return when (piece.kind) {
        PieceKind.KING -> if (white) "♔" else "♚"
        PieceKind.QUEEN -> if (white) "♕" else "♛"
        PieceKind.ROOK -> if (white) "♖" else "♜"
        PieceKind.BISHOP -> if (white) "♗" else "♝"
        PieceKind.KNIGHT -> if (white) "♘" else "♞"
        PieceKind.PAWN -> if (white) "♙" else "♟"
    }
}

/** Screen-reader label: "white knight on f3, can move here" style. */
private fun squareLabel(square: String, piece: Piece?, targets: List<String>): String {
    val what = piece?.let { "${it.side.name.lowercase()} ${it.kind.name.lowercase()} on $square" } ?: square
    return if (square in targets) "$what, legal target" else what
}
