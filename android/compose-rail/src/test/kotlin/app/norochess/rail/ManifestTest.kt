package app.norochess.rail

import java.io.File
import kotlin.test.Test
import kotlin.test.assertEquals

/**
 * The manifest asks for exactly the permissions the app's code needs: a
 * call that needs a permission the manifest lacks throws SecurityException
 * on a device (the first move crashed when haptics called Vibrator.vibrate
 * without VIBRATE), and one nobody needs is a permission too many.
 */
class ManifestTest {
    /** API calls of the app's code and the permission each needs. */
    private val needs = mapOf(
        Regex("""\.vibrate\(""") to "android.permission.VIBRATE",
        Regex("""ACCESS_NETWORK_STATE|ConnectivityManager""") to "android.permission.ACCESS_NETWORK_STATE",
        Regex("""java\.net\.URL|HttpURLConnection|Socket\(""") to "android.permission.INTERNET",
        Regex("""NotificationManagerCompat|NotificationManager\b""") to "android.permission.POST_NOTIFICATIONS",
        Regex("""WAKE_LOCK|PowerManager\.newWakeLock""") to "android.permission.WAKE_LOCK",
    )

    @Test
    fun everyPermissionTheCodeNeedsIsDeclaredAndNoOther() {
        val app = File(System.getProperty("norochess.app") ?: "../app")
        val sources = File(app, "src/main/kotlin").walkTopDown().filter { it.extension == "kt" }.map { it.readText() }.toList()
        check(sources.isNotEmpty()) { "no sources under ${app.absolutePath}" }
        val needed = needs.filter { (call, _) -> sources.any { call.containsMatchIn(it) } }.values.toSortedSet()
        val manifest = File(app, "src/main/AndroidManifest.xml").readText()
        val declared = Regex("""<uses-permission\s+android:name="([^"]+)"""").findAll(manifest).map { it.groupValues[1] }.toSortedSet()
        assertEquals(needed, declared)
    }
}
