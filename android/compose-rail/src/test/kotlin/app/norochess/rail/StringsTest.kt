package app.norochess.rail

import app.norochess.android.ui.Plu
import app.norochess.android.ui.Str
import kotlin.test.Test
import kotlin.test.assertEquals

/** Str and Plu name exactly the resources of strings.xml. */
class StringsTest {
    @Test
    fun namesMatchTheResources() {
        val xml = XmlStrings()
        assertEquals(xml.strings.keys.sorted(), Str.entries.map { it.name }.sorted())
        assertEquals(xml.plurals.keys.sorted(), Plu.entries.map { it.name }.sorted())
    }

    @Test
    fun pluralsAndFormats() {
        val xml = XmlStrings()
        assertEquals("1 move left", xml.plural(Plu.moves_left, 1, 1))
        assertEquals("3 moves left", xml.plural(Plu.moves_left, 3, 3))
        assertEquals("White knight on g1", xml.get(Str.square_piece, xml.get(Str.piece_white_knight), "g1"))
        assertEquals("White's name", xml.get(Str.label_white_name))
        assertEquals("Black played Rxd4", xml.get(Str.puzzle_opponent_played_black, "Rxd4"))
    }
}
