"""Flights of several regions in one go, found among the decision's own options.

A dragon moves one region at a time ("move": a livestock a region, or Mighty
Wings once a century). A player who points at a region further away means
"fly me there": the shortest line of move options that ends there, each step
one the engine offers in the position the step before leaves (so a region
another dragon holds is only flown through, never stopped in).
"""
from __future__ import annotations

MOVES = ("move", "fly")
MOST_STEPS = 4             # no ring is wider; a longer flight would only go round


def route(g, region):
    """[actions]: the fewest moves that take the deciding dragon to ``region`` in its
    attack turn (Mighty Wings before livestock where both would do); [] if none."""
    return _reachable(g).get(region, [])


def flights(g, played=None):
    """{region: [actions]}: the ``route`` to every region two or more moves away. ``played``:
    {option: a copy of ``g`` in which it was played}, where a snapshot's previews made them
    already (they are read, never changed)."""
    return {region: steps for region, steps in _reachable(g, played or {}).items() if len(steps) >= 2}


def _reachable(g, played=None):
    """{region: the first of the shortest lines of move options that ends there}; ``played``:
    as ``flights``'."""
    d = g.decision
    if d is None or not any(a.kind in MOVES for a in d.options):
        return {}
    seat = d.player
    frontier = [(g, [])]
    start = g.state.players[seat].region
    seen = {start}
    found = {}
    for _ in range(MOST_STEPS):
        nxt = []
        for pos, path in frontier:
            steps = sorted((a for a in pos.decision.options if a.kind in MOVES), key=lambda a: a.kind != "fly")
            for a in steps:
                c = played.get(a) if pos is g and played else None
                if c is None:
                    c = pos.copy()
                    c.apply(a)
                here = c.state.players[seat].region
                ours = c.decider == seat
                if ours and not c.state.players[seat].passing and here != start:     # (out and back is no flight)
                    found.setdefault(here, path + [a])
                if here not in seen and ours:
                    seen.add(here)
                    nxt.append((c, path + [a]))
        frontier = nxt
    return found
