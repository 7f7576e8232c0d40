package app.norochess.rail

import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.ui.ExperimentalComposeUiApi
import androidx.compose.ui.ImageComposeScene
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.unit.Density
import app.norochess.android.ui.NorochessTheme
import java.awt.image.BufferedImage
import java.io.ByteArrayInputStream
import java.io.File
import javax.imageio.ImageIO
import kotlin.math.abs
import org.jetbrains.skia.EncodedImageFormat

/** A phone or tablet screen in dp, with the density the PNG is drawn at. */
data class Device(val name: String, val widthDp: Int, val heightDp: Int, val density: Float = 1.5f) {
    fun landscape() = Device("$name-landscape", heightDp, widthDp, density)
}

object Devices {
    val phone = Device("phone", 400, 860)
    val tablet = Device("tablet", 1000, 760, 1.0f)
}

/**
 * Renders a screen to PNG and compares it with its golden image in
 * src/test/goldens. NOROCHESS_UPDATE_GOLDENS=1 writes the goldens instead.
 * Each rendered image also goes to target/screenshots, and on a mismatch a
 * picture of the differing pixels goes beside it.
 */
object Goldens {
    private val goldenDir = File(System.getProperty("norochess.goldens") ?: "src/test/goldens")
    private val outDir = File(System.getProperty("norochess.screenshots") ?: "target/screenshots").also { it.mkdirs() }
    val updating = System.getenv("NOROCHESS_UPDATE_GOLDENS") == "1"
    val strings by lazy { XmlStrings() }

    @OptIn(ExperimentalComposeUiApi::class)
    fun render(device: Device, dark: Boolean = false, fontScale: Float = 1f, content: @Composable () -> Unit): ByteArray {
        val density = Density(device.density, fontScale)
        val scene = ImageComposeScene(
            width = (device.widthDp * device.density).toInt(),
            height = (device.heightDp * device.density).toInt(),
            density = density,
        ) {
            CompositionLocalProvider(LocalDensity provides density) {
                NorochessTheme(dark = dark, strings = strings, content = content)
            }
        }
        try {
            // A few frames: effects run, lists scroll, dialogs settle.
            var image = scene.render(0)
            for (frame in 1..20) image = scene.render(frame * 100_000_000L)
            return image.encodeToData(EncodedImageFormat.PNG)!!.bytes
        } finally {
            scene.close()
        }
    }

    /** Renders and checks one golden; returns the failure text or null. */
    fun check(name: String, device: Device, dark: Boolean = false, fontScale: Float = 1f, content: @Composable () -> Unit): String? {
        val png = render(device, dark, fontScale, content)
        File(outDir, "$name.png").writeBytes(png)
        val golden = File(goldenDir, "$name.png")
        if (updating) {
            goldenDir.mkdirs()
            golden.writeBytes(png)
            return null
        }
        if (!golden.exists()) return "$name: no golden image (run with NOROCHESS_UPDATE_GOLDENS=1)"
        val expected = ImageIO.read(golden)
        val actual = ImageIO.read(ByteArrayInputStream(png))
        return compare(name, expected, actual)
    }

    /** More differing pixels than this fail: a changed digit of the score bar makes 95 to 700. */
    const val LIMIT = 24

    /**
     * Pixels differ when a channel differs by more than 8 of 255 (a square's
     * colour shifted by 16 fails). The software renderer draws the same
     * pixels on every run here, so [LIMIT] only absorbs stray anti-aliasing.
     */
    fun compare(name: String, expected: BufferedImage, actual: BufferedImage): String? {
        if (expected.width != actual.width || expected.height != actual.height) {
            return "$name: size ${actual.width}×${actual.height}, golden ${expected.width}×${expected.height}"
        }
        val diff = BufferedImage(actual.width, actual.height, BufferedImage.TYPE_INT_RGB)
        var differing = 0
        for (y in 0 until actual.height) for (x in 0 until actual.width) {
            val a = actual.getRGB(x, y)
            val e = expected.getRGB(x, y)
            val far = (0..24 step 8).any { shift -> abs(((a shr shift) and 0xFF) - ((e shr shift) and 0xFF)) > 8 }
            if (far) differing++
            diff.setRGB(x, y, if (far) 0xFF0000 else (a and 0xFEFEFE) shr 1)
        }
        val limit = LIMIT
        if (differing <= limit) return null
        ImageIO.write(diff, "png", File(outDir, "$name.diff.png"))
        return "$name: $differing pixels differ (limit $limit); see target/screenshots/$name.png and $name.diff.png"
    }
}
