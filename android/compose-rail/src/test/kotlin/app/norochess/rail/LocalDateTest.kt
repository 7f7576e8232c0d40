package app.norochess.rail

import app.norochess.android.present.localDate
import java.time.LocalDate
import kotlin.test.Test
import kotlin.test.assertEquals

/** The daily puzzle's date is the device's local calendar date (the app layer picks the puzzle for it). */
class LocalDateTest {
    @Test
    fun todayIsTheLocalCalendarDate() {
        val before = LocalDate.now()
        val (year, month, day) = localDate()
        val after = LocalDate.now()
        // Around midnight the two readings may straddle the change of date.
        val read = LocalDate.of(year, month, day)
        assertEquals(true, read == before || read == after, "$read, expected $before")
    }
}
