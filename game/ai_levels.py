"""The AI levels' names, weakest first, and the seat kinds (a person, or an
AI level): game.ai makes the players of these levels; the title's form, the
settings and the tutorial's script check their seats against these names
without importing the AI (its import is most of the engine's)."""

LEVELS = ("random", "easy", "normal", "hard", "expert")
BUDGETED = ("normal", "hard", "expert")        # the levels that search, within a time budget
SEAT_KINDS = ("human",) + LEVELS
# as offered to a player: weakest first, "random" last (it only makes random moves)
OFFERED = tuple(level for level in LEVELS if level != "random") + ("random",)
