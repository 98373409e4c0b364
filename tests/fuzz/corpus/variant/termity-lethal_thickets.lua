termity
-- lethal_thickets (docs/rules/termity.md, V-4): a beaten Alate may also be pushed into a free
-- adjacent Vegetation hex, where it is destroyed (the other reading of the rulebook, A-11).
-- Why: makes the flying Alate more fragile near vegetation; lets designers compare readings.
variant{ name = "lethal_thickets", game = "termity",
         description = "A beaten Alate may be pushed into Vegetation and dies (V-4)" }

set("lethal_thickets", true)
