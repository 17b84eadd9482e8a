"""Choices outside the attack turn, judged by the evaluation one step ahead.

Lair Actions, card picks, discards and First Strike villages are tried on the
determinised copy; the seat's own follow-up choices (e.g. the discard after
Plot) are finished by the quick policy, and the position is valued. Markers
whose worth lies in later turns get a small bonus the evaluation cannot see.
Dragon placement plays the whole coming turn from each free region. Options
are valued best-looking first (by the quick policy); those the deadline
leaves unvalued are worth ``-inf``, and if none was valued the quick
policy's choice stands.
"""
from __future__ import annotations

import math

from .deadline import NEVER
from .evaluate import value
from .planner import solo_turn_value
from .quick import quick_choice, quick_scores

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


def one_step_value(root, seat, rng, a, judge=value):
    c = root.copy()
    c.apply(a)
    v = judge(settle_own(c, seat, rng), seat)
    return v + marker_bonus(root, a.choice) if a.kind == "lair_action" else v


PLACE_WIDTH = 4            # steps tried at each node of a placement search (best-looking first)


def strategic_values(root, seat, rng, budget, place_width=PLACE_WIDTH, judge=value, deadline=NEVER):
    """The value of every option of the decision (``judge(g, seat)`` values
    positions), ``-inf`` for the options the deadline left unvalued."""
    d = root.decision
    values = [-math.inf] * len(d.options)
    quick = quick_scores(root, seat, d)
    for i in sorted(range(len(d.options)), key=lambda i: -quick[i]):
        if deadline.passed():
            break
        a = d.options[i]
        if d.kind == "place_dragon":
            values[i] = solo_turn_value(root, seat, a.region, budget, rng, place_width, judge, deadline)
        else:
            values[i] = one_step_value(root, seat, rng, a, judge)
    return values


def strategic_choice(root, seat, rng, budget, judge=value, deadline=NEVER):
    d = root.decision
    values = strategic_values(root, seat, rng, budget, judge=judge, deadline=deadline)
    best = max(values)
    if best == -math.inf:
        return quick_choice(root, seat, rng)
    return rng.choice([a for a, v in zip(d.options, values) if v >= best - 1e-9])

