package app.norochess.android

import android.annotation.SuppressLint
import android.content.res.Resources
import app.norochess.android.ui.Plu
import app.norochess.android.ui.Str
import app.norochess.android.ui.UiStrings

/**
 * The screens' strings from the app's resources (strings.xml, translated by
 * Android's resource system). [Str] and [Plu] are named exactly as the
 * resources (the rail's StringsTest checks both lists), so each name is
 * looked up once and kept.
 */
class AndroidStrings(private val resources: Resources, private val packageName: String) : UiStrings {
    private val ids = HashMap<String, Int>()

    @SuppressLint("DiscouragedApi")
    private fun id(type: String, name: String): Int = synchronized(ids) {
        ids.getOrPut("$type/$name") {
            resources.getIdentifier(name, type, packageName).also { check(it != 0) { "no $type resource $name" } }
        }
    }

    override fun get(id: Str, vararg args: Any): String = resources.getString(id("string", id.name), *args)

    override fun plural(id: Plu, count: Int, vararg args: Any): String =
        resources.getQuantityString(id("plurals", id.name), count, *args)
}
