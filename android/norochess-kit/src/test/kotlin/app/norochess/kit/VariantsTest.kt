package app.norochess.kit

import app.norochess.core.GameVariant
import app.norochess.core.gameSetupIds
import app.norochess.core.parseGameSetup
import app.norochess.core.variants
import app.norochess.core.Zone
import app.norochess.core.Blockage
import app.norochess.core.coreVersion
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
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
        assertFalse(coreVersion().isEmpty())
    }

    @Test
    fun `saved ids read back into a setup`() {
        val setup = parseGameSetup("improved", "seventh", "any")
        assertEquals(GameVariant.IMPROVED, setup.variant)
        assertEquals(Zone.SEVENTH, setup.zone)
        assertEquals(Blockage.ANY_PIECE, setup.blockage)
        assertEquals(listOf("improved", "seventh", "any"), gameSetupIds(setup))
        assertEquals(listOf("ram"), gameSetupIds(parseGameSetup("ram", null, null)))
    }
}
