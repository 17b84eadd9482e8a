"""The turn order of the phase under way, as everyone at the table sees it:
who has had their turn, whose turn it is, who comes next (the seats the
phase will still give a turn to, in order). Public: the markers decide the
order (``flow.FLOW``'s ``turns_from``) and every turn is taken in the open."""
from __future__ import annotations

from .flow import FLOW


def turn_order(g):
    """{"phase", "marker" (whose holder went first, or None), "order": [seats], "done": [seats],
    "now": the seat whose turn it is (or None), "ahead": [seats still to play, in order]};
    None while no phase hands out turns (growth, between phases, the game over)."""
    s = g.state
    if s.over or not s.order:
        return None
    phase = FLOW[s.phase]
    started = s.cursor > 0 and bool(s.stack)
    now = s.order[s.cursor - 1] if started else None
    done = s.order[:s.cursor - 1] if started else s.order[:s.cursor]
    skip = phase.skip_turn
    ahead = [seat for seat in s.order[s.cursor:] if skip is None or not skip(g, seat)]
    return {"phase": s.phase, "marker": phase.turns_from, "order": list(s.order), "done": list(done), "now": now,
            "ahead": ahead}
