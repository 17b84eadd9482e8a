"""The ``hard`` level: normal's search, then determinised Monte Carlo where it pays.

- The choices that shape a century (Lair Action, track card, Scheme card,
  First Strike, placement): the options whose value by normal's judgement is
  close to the best are each played out to the end of the century.
- Its own attack turn: the turn search gives a value for every first step;
  the best few distinct plans are each played out to the end of the century,
  the dragons still to attack this century responding with the quick policy.
  (The last dragon of a century has no one to respond to it and just follows
  the search.)
Both compare candidates with ``montecarlo.compare``: common random numbers,
and worlds added until the candidates are told apart (adaptive, at most
``max_worlds``). The hidden cards are redrawn in every world, keeping the
cards known to be in a hand (track picks, and the Scheme cards this seat
passed on: ``knowledge``). Search and playouts keep the decision's deadline;
when it passes before the playouts told the candidates apart, the search's
best (normal's choice) stands, or, before the search valued anything, the
quick policy's. Positions are judged, in its search and at the end of its
playouts, by the evaluation learned from self-play (``learned``, as the
expert): with the hand-set one, hard kept only about 65 % over normal.
Its playouts stay small (3 candidates, 4 to 8 worlds): with the learned
evaluation that keeps it well above normal, and leaves the expert, which
plays out more, a clear step above it (docs/ai.md, Strength).
"""
from __future__ import annotations

import math
from collections import Counter

from . import learned
from .determinize import determinize
from .knowledge import SchemeMemory
from .montecarlo import Effort, compare, follow_line
from .players import NormalAI
from .quick import quick_choice
from .strategy import PLACE_WIDTH, strategic_values


class HardAI(NormalAI):
    level = "hard"
    about = "An AI dragon that also plays out the century in its head."
    turn_budget = 80
    place_budget = 10
    place_width = PLACE_WIDTH
    # Choices that shape the century; discards and the like stay one-step.
    mc_kinds = ("lair_action", "select_card", "place_dragon", "scheme_pick", "first_strike")
    candidates = 3             # at most this many options (or turn plans) played out
    margin = 2.0               # ... and only those valued within this of the best
    min_worlds, max_worlds = 4, 8   # worlds before a candidate may drop out, and at most
    blend = 0.7                # weight of the playout average against the search's value
    start = None               # candidates played out at first (the others join as these drop out)
    z = 2.0                    # a candidate drops out this many standard errors behind the leader
    default_budget = 0.25      # seconds: the playouts' world count is sized to take far less
    judge = staticmethod(learned.value)     # the final margin as learned from self-play (as the expert)

    def __init__(self, seed=0, budget=None, clock=None):
        super().__init__(seed, budget, clock)
        self.memory = SchemeMemory()

    def choose(self, g, seat):
        action = super().choose(g, seat)
        self.memory.observe(g, seat, action)
        return action

    def effort(self):
        # A fixed count of worlds keeps choices reproducible from the seed while the deadline holds.
        return Effort(self.min_worlds, self.max_worlds, self.deadline)

    def determinize(self, g, seat, rng):
        return determinize(g, seat, rng, self.memory)

    def shortlist(self, values):
        """Indices of the options worth playing out, best first (none if the
        deadline left every option unvalued)."""
        order = sorted(range(len(values)), key=lambda i: -values[i])
        best = values[order[0]] if values else -math.inf
        return [i for i in order[:self.candidates] if values[i] >= best - self.margin > -math.inf]

    def strategic(self, g, root, seat, rng):
        d = g.decision
        if d.kind not in self.mc_kinds:
            return super().strategic(g, root, seat, rng)
        prior = self.prior(root, seat, rng)
        order = self.shortlist(prior)
        if not order:
            return quick_choice(g, seat, rng)
        if len(order) == 1:
            return d.options[order[0]]
        k = compare(g, seat, rng, self.memory, lambda c, k: c.apply(d.options[order[k]]),
                    [prior[i] for i in order], self.effort(), self.blend, z=self.z, start=self.start, judge=self.judge)
        return d.options[order[k]]

    def prior(self, root, seat, rng):
        """The search's value of every option (normal's judgement)."""
        return strategic_values(root, seat, rng, self.place_budget, self.place_width, self.judge, self.deadline)

    def turn_alternatives(self, root, seat, rng):
        """[(value, line)] for each first step of the turn searched from root, best first."""
        return self.planner(seat, rng).alternatives(root)

    def plan_turn(self, g, seat, rng):
        root = self.determinize(g, seat, rng)
        plans = distinct_plans(self.turn_alternatives(root, seat, rng))
        plans = [plans[i] for i in self.shortlist([v for v, _ in plans])]
        if not plans:
            return []                       # the deadline passed first: the quick policy plays
        k = 0
        if len(plans) > 1 and others_attack_after(g):
            k = compare(g, seat, rng, self.memory, lambda c, k: follow_line(c, seat, plans[k][1]),
                        [v for v, _ in plans], self.effort(), self.blend, z=self.z, start=self.start, judge=self.judge)
        return plans[k][1]


def distinct_plans(alternatives):
    """Drop plans that are the same steps in another order (the first is kept)."""
    seen, out = set(), []
    for v, line in alternatives:
        key = frozenset(Counter(a for _, a in line).items())
        if key not in seen:
            seen.add(key)
            out.append((v, line))
    return out


def others_attack_after(g):
    """Do other dragons still attack this century after the current one?"""
    s = g.state
    return s.phase == "attack" and s.cursor < len(s.order)
