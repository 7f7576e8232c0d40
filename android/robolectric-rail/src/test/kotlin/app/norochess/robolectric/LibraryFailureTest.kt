package app.norochess.robolectric

import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.junit4.createEmptyComposeRule
import androidx.compose.ui.test.onNodeWithTag
import androidx.compose.ui.test.onNodeWithText
import androidx.test.core.app.ApplicationProvider
import android.app.Application
import app.norochess.android.MainActivity
import app.norochess.android.present.Screen
import java.io.File
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner

/** A library the app cannot use as it is: the player is told, the app goes on, nothing crashes. */
@RunWith(RobolectricTestRunner::class)
class LibraryFailureTest {
    @get:Rule val rule = createEmptyComposeRule()
    private val files: File get() = ApplicationProvider.getApplicationContext<Application>().filesDir

    @Test
    fun aLibraryThatCannotBeOpenedIsSaidAndTheAppPlaysOnInMemory() {
        // Where the library's folder should be, a file: nothing can be opened there.
        File(files, "library").writeText("not a folder")
        val activity = Robolectric.buildActivity(MainActivity::class.java).setup()
        rule.waitForIdle()
        val phone = Phone(rule) { activity.get() }
        phone.settle()
        val problem = phone.app.problem.value
        assertTrue(problem, problem!!.startsWith(activity.get().text("library_not_opened").substringBefore("%")))
        rule.onNodeWithTag("problem-ok").assertIsDisplayed()
        phone.click("problem-ok")
        assertNull(phone.app.problem.value)
        phone.click("level-1")
        phone.click("start")
        assertEquals(Screen.GAME, phone.app.screen.value)
        phone.awaitTurn()
        phone.play(phone.legalMoves.first())
        activity.pause().stop().destroy()
    }

    @Test
    fun aDamagedLibraryIsMovedAsideAndThePlayerIsTold() {
        val folder = File(files, "library").apply { mkdirs() }
        File(folder, "norochess.db").writeBytes(ByteArray(8192) { (it * 31 % 251).toByte() })
        val activity = Robolectric.buildActivity(MainActivity::class.java).setup()
        rule.waitForIdle()
        val phone = Phone(rule) { activity.get() }
        phone.settle()
        val problem = phone.app.problem.value
        assertTrue("the recovery is said: $problem", problem != null && problem.isNotBlank())
        rule.onNodeWithText(problem!!).assertIsDisplayed()
        assertTrue("the damaged file is kept beside the new one", (folder.listFiles()?.size ?: 0) >= 2)
        phone.click("problem-ok")
        phone.click("level-1")
        phone.click("start")
        assertEquals(Screen.GAME, phone.app.screen.value)
        activity.pause().stop().destroy()
    }
}
