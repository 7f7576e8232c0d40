package app.norochess.kit

import app.norochess.applayer.Blockage
import app.norochess.core.GameSetup
import app.norochess.core.GameVariant
import app.norochess.core.LibraryHandle
import app.norochess.applayer.SaveState
import app.norochess.applayer.Zone
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
        val ram = all.first { it.variant == GameVariant.RAM }
        assertEquals("Ram chess", ram.name)
        assertEquals(10u, ram.boardSize)
        assertTrue(ram.royalKing)
        assertTrue(ram.description.isNotBlank())
        val norochess = all.first()
        assertTrue(norochess.hasScores && !norochess.royalKing)
        assertTrue(all[1].hasStartNumber)
        val improved = all.first { it.variant == GameVariant.IMPROVED }
        assertEquals(listOf("zone", "blockage"), improved.options.map { it.id })
        assertEquals(listOf("far-half", "beyond-fifth", "seventh"), improved.options[0].choices.map { it.id })
        assertEquals(listOf(true, false, false), improved.options[0].choices.map { it.isDefault })
        assertTrue(all.filter { it.variant != GameVariant.IMPROVED }.all { it.options.isEmpty() })
    }

    @Test
    fun `a set-up with options crosses the boundary both ways and is saved`() {
        val library = LibraryHandle.inMemory()
        val setup = GameSetup(GameVariant.IMPROVED, zone = Zone.SEVENTH, blockage = Blockage.ANY_PIECE)
        val session = friends(GameVariant.IMPROVED, library = library, setup = setup)
        assertEquals(setup, session.snapshot(0u).board.setup)
        session.playText("e4", 0u)
        val saved = session.snapshot(0u).saveState as SaveState.Saved
        val summary = library.summary(saved.gameId)
        assertEquals("improved", summary.variant)
        assertEquals(setup, library.load(saved.gameId, 0u).snapshot(0u).board.setup)
        // A Norochess960 start number is kept in the summary's set-up id.
        val n960 = GameSetup(GameVariant.NOROCHESS960, startNumber = 7.toUShort())
        val numbered = friends(GameVariant.NOROCHESS960, library = library, setup = n960)
        numbered.playText("e3", 0u)
        val id = (numbered.snapshot(0u).saveState as SaveState.Saved).gameId
        assertEquals("norochess960:7", library.summary(id).setup)
        assertEquals(n960, library.load(id, 0u).snapshot(0u).board.setup)
    }
}
