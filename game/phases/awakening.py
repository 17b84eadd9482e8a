"""Phase 2: Awakening (skipped in the 1st Century)."""
from __future__ import annotations

from .common import push_discard


def enter(g):
    s = g.state
    gain = g.data.setup["awakening"]["life"]
    for p in s.players:
        before = p.life
        p.life = min(g.max_life(p), p.life + gain + g.has_effect(p, "awakening_life"))
        if p.life != before:
            g.event("awakens", p.seat, before=before, life=p.life)


def turn(g, seat):
    aw = g.data.setup["awakening"]
    g.draw(seat, aw["draw"])
    push_discard(g, seat, aw["discard"], hex_ok=False, why="Awakening")
