package app.norochess.kit

import app.norochess.applayer.OptionSetting
import app.norochess.applayer.GameSetup
import app.norochess.core.LibraryHandle
import app.norochess.applayer.SaveState
import app.norochess.core.variants
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class VariantsTest {
    @Test
    fun `every game is listed with its name, description and options`() {
        val all = variants()
        assertEquals(
            listOf("norochess", "norochess960", "ram", "frontal", "improved", "crab", "chess"),
            all.map { it.id },
        )
        val ram = all.first { it.id == "ram" }
        assertEquals("Ram chess", ram.name)
        assertEquals(10u, ram.boardSize)
        assertTrue(ram.royalKing)
        assertTrue(ram.description.isNotBlank())
        val norochess = all.first()
        assertTrue(norochess.hasScores && !norochess.royalKing)
        assertTrue(all[1].startNumbers == 960.toUShort())
        val improved = all.first { it.id == "improved" }
        assertEquals(listOf("zone", "blockage"), improved.options.map { it.id })
        assertEquals(listOf("far-half", "beyond-fifth", "seventh"), improved.options[0].choices.map { it.id })
        assertEquals(listOf(true, false, false), improved.options[0].choices.map { it.isDefault })
        assertTrue(all.filter { it.id != "improved" }.all { it.options.isEmpty() })
    }

    @Test
    fun `a set-up with options crosses the boundary both ways and is saved`() {
        val library = LibraryHandle.inMemory()
        val setup = GameSetup("improved", listOf(OptionSetting("zone", "seventh"), OptionSetting("blockage", "any")))
        val session = friends("improved", library = library, setup = setup)
        assertEquals(setup, session.snapshot(0u).board.setup)
        session.playText("e4", 0u)
        val saved = session.snapshot(0u).saveState as SaveState.Saved
        val summary = library.summary(saved.gameId)
        assertEquals("improved", summary.variant)
        assertEquals(setup, library.load(saved.gameId, 0u).snapshot(0u).board.setup)
        // A Norochess960 start number is kept in the summary's set-up id.
        val n960 = GameSetup("norochess960", startNumber = 7.toUShort())
        val numbered = friends("norochess960", library = library, setup = n960)
        numbered.playText("e3", 0u)
        val id = (numbered.snapshot(0u).saveState as SaveState.Saved).gameId
        assertEquals("norochess960:7", library.summary(id).setup)
        assertEquals(n960, library.load(id, 0u).snapshot(0u).board.setup)
    }
}
