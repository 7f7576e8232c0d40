package app.norochess.rail

import app.norochess.android.ui.Plu
import app.norochess.android.ui.Str
import app.norochess.android.ui.UiStrings
import java.io.File
import java.util.Locale
import javax.xml.parsers.DocumentBuilderFactory
import org.w3c.dom.Element

/**
 * The app's strings read from android/app/src/main/res/values/strings.xml,
 * formatted as Android's getString / getQuantityString do (English plural
 * rules), so the rail's screens show exactly the app's text.
 */
class XmlStrings(file: File = defaultFile()) : UiStrings {
    val strings: Map<String, String>
    val plurals: Map<String, Map<String, String>>

    init {
        val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file)
        val s = mutableMapOf<String, String>()
        val nodes = doc.getElementsByTagName("string")
        for (i in 0 until nodes.length) {
            val e = nodes.item(i) as Element
            s[e.getAttribute("name")] = unescape(e.textContent)
        }
        val p = mutableMapOf<String, Map<String, String>>()
        val pl = doc.getElementsByTagName("plurals")
        for (i in 0 until pl.length) {
            val e = pl.item(i) as Element
            val items = e.getElementsByTagName("item")
            p[e.getAttribute("name")] = (0 until items.length).associate {
                val item = items.item(it) as Element
                item.getAttribute("quantity") to unescape(item.textContent)
            }
        }
        strings = s
        plurals = p
    }

    fun raw(name: String): String = strings[name] ?: error("no string $name in strings.xml")

    override fun get(id: Str, vararg args: Any): String = format(raw(id.name), args)

    override fun plural(id: Plu, count: Int, vararg args: Any): String {
        val forms = plurals[id.name] ?: error("no plurals ${id.name}")
        val form = if (count == 1) forms["one"] ?: forms.getValue("other") else forms.getValue("other")
        return format(form, args)
    }

    private fun format(text: String, args: Array<out Any>) =
        if (args.isEmpty()) text else String.format(Locale.ROOT, text, *args)

    companion object {
        fun defaultFile() = File(System.getProperty("norochess.strings") ?: "../app/src/main/res/values/strings.xml")

        /** Android's resource escapes: \' \" \n \t \\ and surrounding quotes. */
        fun unescape(text: String): String {
            val t = text.trim().let { if (it.length >= 2 && it.startsWith('"') && it.endsWith('"')) it.substring(1, it.length - 1) else it }
            val out = StringBuilder()
            var i = 0
            while (i < t.length) {
                val c = t[i]
                if (c == '\\' && i + 1 < t.length) {
                    when (val n = t[i + 1]) {
                        'n' -> out.append('\n')
                        't' -> out.append('\t')
                        else -> out.append(n)
                    }
                    i += 2
                } else {
                    out.append(c)
                    i++
                }
            }
            return out.toString()
        }
    }
}
