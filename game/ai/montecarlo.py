"""Determinised Monte Carlo: compare a few candidates by playing each out.

Every world redraws all hidden cards (a new determinisation). In each world
every candidate is played out with the same random numbers (common random
numbers), so differences between candidates are not drowned in luck; every
dragon then plays to the end of the century by the quick policy ("responding
opponents"), and the position is valued for the seat. (Responders that plan
their turns by a small search made each world far dearer, and the expert,
which tried them, played worse for the worlds it lost.)

Worlds are added until the candidates are told apart or the effort runs out:
after ``min_worlds``, a candidate whose blended score trails the leader's by
more than ``z`` standard errors of their paired differences is dropped, and
(if some were held back) the next candidate joins. The effort is a count of
worlds (``max_worlds``: reproducible from the seed) and a deadline: every
playout reads it at each decision, and a world it cuts short is left out
(its candidates must be compared on the same worlds).
"""
from __future__ import annotations

import math
import random

from .deadline import NEVER
from .determinize import determinize
from .evaluate import value
from .planner import in_turn
from .quick import quick_choice

PLAYOUT_STEPS = 600        # safety bound on decisions in one playout


class SameRng:
    """The same playout choices for every candidate (common random numbers)."""

    def __init__(self, seed):
        self._r = random.Random(seed)

    def choice(self, items):
        return self._r.choice(items)


def playout(g, seat, rng, judge=value, deadline=NEVER):
    """Play on by the quick policy until the century ends; value for seat (by
    ``judge``), or None if the deadline passed first."""
    century = g.state.century
    for _ in range(PLAYOUT_STEPS):
        if g.is_over or g.state.century != century:
            break
        if deadline.passed():
            return None
        g.apply(quick_choice(g, g.decision.player, rng))
    return judge(g, seat)


def follow_line(g, seat, line):
    """Play a planned turn in a world: its steps while they are legal there (a
    draw may differ from the planned world's), then the quick policy."""
    for _, action in line:
        if not in_turn(g, seat) or action not in g.decision.options:
            break
        g.apply(action)
    return g


class Effort:
    """How much sampling one choice may use: a world count, and a deadline (a
    new world starts only if one more, as long as the last, still fits; one
    that does not is cut short by the deadline anyway). ``min_worlds``: the
    worlds a candidate must have been played in before it may be dropped."""

    def __init__(self, min_worlds, max_worlds, deadline=NEVER):
        self.min_worlds, self.max_worlds = min_worlds, max_worlds
        self.deadline = deadline
        self.last = self.per_world = None

    def more(self, worlds):
        if worlds >= self.max_worlds:
            return False
        at = self.deadline.at
        if at == math.inf:
            return True
        now = self.deadline.clock()
        if self.last is not None:
            self.per_world = now - self.last
        self.last = now
        return now + (self.per_world or 0) < at


def compare(g, seat, rng, memory, play, prior, effort, blend=0.7, z=2.0, start=None, judge=value):
    """The index of the best candidate. ``play(world, i)`` plays candidate i on
    a copy of a determinised world; ``prior[i]`` is its value by search, best
    first. Only the first ``start`` candidates (default: all) are played out at
    first; when one is left and the effort allows more, the next joins."""
    waiting = list(range(len(prior)))
    alive = [waiting.pop(0) for _ in range(min(start or len(prior), len(prior)))]
    samples = {i: {} for i in waiting + alive}        # candidate -> {world: value}
    worlds = 0
    while effort.more(worlds):
        if len(alive) == 1:
            if not waiting:
                break
            alive.append(waiting.pop(0))
        world = determinize(g, seat, rng, memory)
        seed = rng.getrandbits(32)
        got = {}
        for i in alive:
            c = world.copy()
            play(c, i)
            got[i] = playout(c, seat, SameRng(seed), judge, effort.deadline)
            if got[i] is None:
                break
        if None in got.values():
            break                  # the deadline passed in this world
        for i, v in got.items():
            samples[i][worlds] = v
        worlds += 1
        alive = _survivors(alive, samples, prior, blend, z, effort.min_worlds)

    def score(i):
        got = samples[i].values()
        return blend * sum(got) / len(got) + (1 - blend) * prior[i] if got else prior[i]
    return max(alive, key=lambda i: (score(i), -i))


def _survivors(alive, samples, prior, blend, z, min_worlds):
    """Drop the candidates clearly behind the leader, compared over the worlds
    both were played in (the same worlds: paired differences)."""
    def score(i):
        got = samples[i].values()
        return blend * sum(got) / len(got) + (1 - blend) * prior[i]
    lead = max(alive, key=score)
    keep = []
    for i in alive:
        common = [w for w in samples[i] if w in samples[lead]]
        n = len(common)
        if i == lead or n < min_worlds:
            keep.append(i)
            continue
        diffs = [samples[lead][w] - samples[i][w] for w in common]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        gap = blend * mean + (1 - blend) * (prior[lead] - prior[i])
        if gap <= z * blend * math.sqrt(var / n):
            keep.append(i)
    return keep
