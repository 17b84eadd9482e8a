"""The ``expert`` level: hard's search and playouts, given a time budget per decision.

Whatever the budget (default 1 s), the expert uses it: its search (the turn
search, or the placement search and the one-step judgements) runs until
``SEARCH_SHARE`` of the budget is spent (more positions searched with more
time; ``LAST_TURN_SHARE`` for the turn of the century's last dragon, which no
playout follows), then its Monte Carlo comparisons add worlds and keep more
candidates until they are told apart (surer than hard's: ``z``) or the
deadline passes. Beyond hard's choices, it plays out the discards outside
its turn (the Awakening's, the Plot's: which card it keeps shapes the
century). It keeps the deadline: every search and playout reads it, and
when it passes the choice is the best found so far. Its playouts and its
evaluation are hard's (docs/ai.md says why playouts in which every dragon
plans its turn were dropped). Decisions with one option, and the steps of a
turn plan it already made, cost nothing. With the clock replaced by a counter
(``clock=``), its choices are reproducible, as the tests need.
"""
from __future__ import annotations

import math

from .deadline import Deadline
from .hard import HardAI, others_attack_after
from .planner import TurnPlanner
from .strategy import PLACE_WIDTH, strategic_values

SEARCH_SHARE = 0.4         # of a decision's budget spent searching, the rest on playouts
LAST_TURN_SHARE = 0.9      # ... when no playouts follow: the last dragon of a century just follows its search
FULL_PLACEMENT = 0.5       # seconds of budget from which placement searches every step, not the best few


class ExpertAI(HardAI):
    level = "expert"
    mc_kinds = HardAI.mc_kinds + ("discard",)   # with time to spare, its discards outside a turn too
    about = "The strongest AI dragon: it plays out each choice in many possible futures (about a second a move)."
    candidates = 8             # more options and plans are worth playing out with time to spare:
    margin = 4.0               # the best 3 first, the next ones as the weakest drop out
    start = 3
    z = 3.0                    # surer than hard before a candidate drops out: time buys the worlds
    min_worlds, max_worlds = 6, math.inf   # min: worlds played before a candidate may drop out
    default_budget = 1.0       # seconds per decision
    search_share = SEARCH_SHARE    # of this decision's budget (set as each decision starts)

    def __init__(self, seed=0, budget=None, clock=None):
        super().__init__(seed, budget, clock)
        if self.budget == math.inf:
            raise ValueError("the expert's time budget must be a number of seconds (it plays until it runs out)")

    @property
    def place_width(self):
        """With time to spare, placement searches every step from each region."""
        return None if self.budget >= FULL_PLACEMENT else PLACE_WIDTH

    def choose(self, g, seat):
        self.search_share = SEARCH_SHARE
        return super().choose(g, seat)

    def plan_turn(self, g, seat, rng):
        if not others_attack_after(g):      # no one responds: no playouts, the search gets the time
            self.search_share = LAST_TURN_SHARE
        return super().plan_turn(g, seat, rng)

    def search_deadline(self):
        return Deadline(self.began + self.search_share * self.budget, self.clock)

    def planner(self, seat, rng, budget=None):
        return TurnPlanner(seat, budget or self.turn_budget, rng, judge=self.judge, deadline=self.search_deadline())

    def turn_alternatives(self, root, seat, rng):
        """Searches of twice as many positions each time (from ``turn_budget``)
        while the next one is likely to finish before the search deadline (it
        takes about twice as long as the last): the last search that finished
        decides, and the time left goes to the playouts. (One unbounded
        depth-first search cut by the deadline would have valued only the first
        steps it reached, and the others would never be chosen.) A search the
        deadline cut counts only if none finished."""
        budget, found = self.turn_budget, None
        end = self.search_deadline().at
        while True:
            start = self.clock()
            planner = self.planner(seat, rng, budget)
            out = planner.alternatives(root)
            if planner.stopped:
                return found if found is not None else out
            found, budget = out, 2 * budget
            if planner.nodes < budget // 2:     # the whole turn was searched: more positions add nothing
                return found
            now = self.clock()
            if now + 2 * (now - start) > end:
                return found

    def prior(self, root, seat, rng):
        return strategic_values(root, seat, rng, self.place_budget, self.place_width, self.judge,
                                self.search_deadline())
