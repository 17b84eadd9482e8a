"""Phase 2: Awakening (skipped in the 1st Century).

"Beginning with the player holding the First Lair Action marker, each player
draws 2 cards from the Action Deck. Then each player selects 1 card to
discard": every dragon draws before any discards, so a discard can never be
reshuffled into the deck and drawn in the same Awakening. The discards are
chosen face down and shown once all have chosen, as in Setup.
"""
from __future__ import annotations

from .common import push_face_down_discard, reveal_face_down


def enter(g):
    s = g.state
    aw = g.data.setup["awakening"]
    for p in s.players:
        before = p.life
        p.life = min(g.max_life(p), p.life + aw["life"] + g.has_effect(p, "awakening_life"))
        if p.life != before:
            g.event("awakens", p.seat, before=before, life=p.life)
    for seat in g.seats_from(s.markers["first_lair"]):
        g.draw(seat, aw["draw"])


def turn(g, seat):
    push_face_down_discard(g, seat, g.data.setup["awakening"]["discard"], why="Awakening")


leave = reveal_face_down
