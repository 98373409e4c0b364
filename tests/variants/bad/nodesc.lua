variant{ name = "nodesc", game = "marabunta" }
set("unknown_flag", true)
