"""Choices outside the attack turn, judged by the evaluation one step ahead.

Lair Actions, card picks, discards and First Strike villages are tried on the
determinised copy; the seat's own follow-up choices (e.g. the discard after
Plot) are finished by the quick policy, and the position is valued. Markers
whose worth lies in later turns get a small bonus the evaluation cannot see.
Dragon placement plays the whole coming turn from each free region.
"""
from __future__ import annotations

from .evaluate import value
from .planner import solo_turn_value
from .quick import quick_choice

OWN_FOLLOW_UPS = ("discard", "scheme_pick", "first_strike", "choose_resource")


def marker_bonus(g, choice):
    n = g.state.num_players
    return {"first_attack": 0.35 * n - 0.2, "first_lair": 0.8, "dragon_ward": 0.15 * n,
            "scheme": 1.0}.get(choice, 0.0)


def settle_own(g, seat, rng):
    """Let the quick policy finish the seat's immediate follow-up choices."""
    for _ in range(20):
        d = g.decision
        if d is None or d.player != seat or d.kind not in OWN_FOLLOW_UPS:
            break
        g.apply(quick_choice(g, seat, rng))
    return g


def one_step_values(root, seat, rng, options, judge=value):
    out = []
    for a in options:
        c = root.copy()
        c.apply(a)
        v = judge(settle_own(c, seat, rng), seat)
        if a.kind == "lair_action":
            v += marker_bonus(root, a.choice)
        out.append(v)
    return out


PLACE_WIDTH = 4            # steps tried at each node of a placement search (best-looking first)


def placement_values(root, seat, rng, options, budget, width=PLACE_WIDTH, judge=value):
    return [solo_turn_value(root, seat, a.region, budget, rng, width, judge) for a in options]


def strategic_values(root, seat, rng, budget, place_width=PLACE_WIDTH, judge=value):
    """The value of every option of the decision (``judge(g, seat)`` values positions)."""
    d = root.decision
    if d.kind == "place_dragon":
        return placement_values(root, seat, rng, d.options, budget, place_width, judge)
    return one_step_values(root, seat, rng, d.options, judge)


def strategic_choice(root, seat, rng, budget, judge=value):
    d = root.decision
    values = strategic_values(root, seat, rng, budget, judge=judge)
    best = max(values)
    return rng.choice([a for a, v in zip(d.options, values) if v >= best - 1e-9])

