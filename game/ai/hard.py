"""The ``hard`` level: normal's turn planning (a little deeper), plus
determinised Monte Carlo for the choices that shape a century: Lair Actions,
cards from the track and the Scheme draft, First Strike and placement.

For such a choice the best few options by normal's judgement are each
played out many times to the end of the century: every playout redraws all
hidden cards (a new determinisation), and all dragons then play the quick
policy. The same determinisations are used for every option (common random
numbers), so differences between options are not drowned in luck. The
playout average is blended with normal's own value of the option.
"""
from __future__ import annotations

import random

from .determinize import determinize
from .evaluate import value
from .players import NormalAI
from .quick import quick_choice
from .strategy import strategic_values

PLAYOUT_STEPS = 600        # safety bound on decisions in one playout


def playout(g, seat, rng):
    """Play on with the quick policy until the century ends; value for seat."""
    century = g.state.century
    for _ in range(PLAYOUT_STEPS):
        if g.is_over or g.state.century != century:
            break
        d = g.decision
        g.apply(quick_choice(g, d.player, rng))
    return value(g, seat)


class HardAI(NormalAI):
    level = "hard"
    # A bigger turn search did not play better in trials (it leans harder on
    # the evaluation's guesses); the extra time goes to playouts instead.
    turn_budget = 80
    place_budget = 10
    candidates = 3             # options kept for playouts
    worlds = 8                 # determinisations played out per choice
    # Choices that shape the century; discards and the like stay one-step.
    mc_kinds = ("lair_action", "select_card", "place_dragon", "scheme_pick", "first_strike")
    blend = 0.7                # weight of the playout average against normal's value

    def strategic(self, g, root, seat, rng):
        d = g.decision
        if d.kind not in self.mc_kinds:
            return super().strategic(g, root, seat, rng)
        prior = strategic_values(root, seat, rng, self.place_budget)
        order = sorted(range(len(d.options)), key=lambda i: -prior[i])[:self.candidates]
        if len(order) == 1:
            return d.options[order[0]]
        # A fixed count (not a clock) keeps choices reproducible from the seed.
        totals = {i: 0.0 for i in order}
        for _ in range(self.worlds):
            world = determinize(g, seat, rng)
            seed = rng.getrandbits(32)
            for i in order:
                c = world.copy()
                c.apply(d.options[i])
                totals[i] += playout(c, seat, _Rng(seed))
        score = {i: self.blend * totals[i] / self.worlds + (1 - self.blend) * prior[i] for i in order}
        best = max(score.values())
        return rng.choice([d.options[i] for i in order if score[i] >= best - 1e-9])


class _Rng:
    """The same playout choices for every option (common random numbers)."""

    def __init__(self, seed):
        self._r = random.Random(seed)

    def choice(self, items):
        return self._r.choice(items)
