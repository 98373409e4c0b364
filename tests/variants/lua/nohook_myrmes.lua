-- Bench fixture: a variant without hooks that sets a parameter to its default value, to
-- show that loading a variant costs nothing when no hook point is registered.
variant{ name = "nohook", game = "myrmes", description = "no hooks, default values (bench fixture)" }
set("years", 3)
