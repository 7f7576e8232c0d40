package app.norochess.rail

import app.norochess.android.present.civilDate
import kotlin.test.Test
import kotlin.test.assertEquals

/** The daily puzzle's date from a day number, without java.time (API 24). */
class CivilDateTest {
    @Test
    fun daysToDates() {
        assertEquals(Triple(1970, 1, 1), civilDate(0))
        assertEquals(Triple(2000, 2, 29), civilDate(11_016))
        assertEquals(Triple(2026, 11, 30), civilDate(20_787))
        assertEquals(Triple(1969, 12, 31), civilDate(-1))
    }
}
