"""Phase 2: Awakening (skipped in the 1st Century)."""
from __future__ import annotations

from .common import Phase, push_discard


def _enter(g):
    s = g.state
    gain = g.data.setup["awakening"]["life"]
    for p in s.players:
        before = p.life
        p.life = min(g.max_life(p), p.life + gain + g.has_effect(p, "awakening_life"))
        if p.life != before:
            g.event("awakens", p.seat, before=before, life=p.life)
    s.order = g.seats_from(s.markers["first_lair"])


def _turn(g, seat):
    aw = g.data.setup["awakening"]
    g.draw(seat, aw["draw"])
    push_discard(g, seat, aw["discard"], hex_ok=False, why="Awakening")


Phase("awakening", enter=_enter, turn=_turn, exit=lambda g: "lair")
