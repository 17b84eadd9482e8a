"""When an AI's answer is due: a moment on a clock, checked inside every search.

A level that searches has a budget per decision: seconds of wall time, as
the player waits (``time.perf_counter``). Its searches read the deadline at
every step (a node of the turn search, a decision of a playout, a position
of a placement search) and stop when it has passed; the choice is then the
best found so far, and a level always has one ready: the quick policy's
(easy's choice) until its search has valued an option, the search's best
(normal's choice) until a playout has told the options apart. With a clock
that counts readings instead (``clock=``), the budget becomes a count of work
and choices are reproducible, as the tests need; ``math.inf`` never passes.
"""
from __future__ import annotations

import math
import time


class Deadline:
    __slots__ = ("at", "clock")

    def __init__(self, at=math.inf, clock=time.perf_counter):
        self.at, self.clock = at, clock

    def passed(self):
        return self.at != math.inf and self.clock() >= self.at

    def __repr__(self):
        return f"Deadline(at={self.at})"


NEVER = Deadline()          # no deadline: the work bounds alone decide
