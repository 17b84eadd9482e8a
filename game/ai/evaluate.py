"""The position as a number for one seat, knowing the final scoring.

Competitive games: the seat's projected VP (majorities, regions, cities,
Terrify, computed with the real scoring code over lair + Dragon Card) plus
small per-piece terms that make progress towards a majority count before it
flips, plus the future worth of Life, cards and abilities, minus the same
projection for the strongest opponents. Desolation: minus the Survival Points
left on the board, plus the team's future means. The seat's Game should be a
determinised copy, so the other lairs here are estimates, never peeks.
"""
from __future__ import annotations

from ..data import RESOURCES
from ..phases.scoring import score_lairs
from ..state import CITY, TOWN, VILLAGE, Holdings
from .cardvalue import hand_value

PIECE_WEIGHT = 0.3         # per resource piece: a step towards a majority
RV_WEIGHT = 0.45           # per Regional Value point
LIFE_WEIGHT = 0.3          # per Life point while attack turns remain (it regrows each century)
HAND_WEIGHT = 0.4          # share of a held card's worth: most cards wait for the right region
LEVEL_WEIGHT = 1.2         # per ability while attack turns remain
RIVAL_MAX = 0.6            # the rival is this share of the leading opponent, the rest their average
SPENDABLE = {"livestock": 0.25, "gold": 0.25, "noble": 0.2, "field": 0.1}


def merged(p):
    """Lair plus this turn's Dragon Card: where the loot will be at scoring."""
    h = Holdings(res=dict(p.lair.res), villages=dict(p.lair.villages), cities=dict(p.lair.cities))
    for r, n in p.card.res.items():
        h.res[r] += n
    for r, n in p.card.villages.items():
        h.villages[r] = h.villages.get(r, 0) + n
    for r, n in p.card.cities.items():
        h.cities[r] = h.cities.get(r, 0) + n
    return h


def turns_left(g, seat):
    """Attack turns this seat still has (this century's included if not yet over)."""
    s = g.state
    left = g.data.setup["centuries"] - s.century
    if s.phase in ("attack",) and seat in s.order[:s.cursor]:
        return left + (1 if g.turn_in_progress(seat) else 0)
    return left + 1 if s.phase not in ("growth", "over") else left


def future(g, p, left):
    """Life, cards, abilities and spendable resources are worth something only
    while attack turns remain; one turn left counts almost as much as many."""
    if left <= 0 or g.state.over:
        return 0.0
    scale = min(1.0, 0.6 + 0.2 * left)
    life = min(p.life, g.max_life(p))
    v = LIFE_WEIGHT * life + HAND_WEIGHT * hand_value(g, p.hand) + LEVEL_WEIGHT * len(p.abilities)
    return scale * v


def projected(g):
    """Projected final VP per seat (plus the small progress terms)."""
    s = g.state
    holdings = [merged(p) for p in s.players]
    worth = g.data.scoring["region_value"]
    rows = score_lairs(g, holdings, s.markers.get("terrify"))
    out = []
    for h, row in zip(holdings, rows):
        pieces = sum(h.res.values())
        rv = worth["village"] * sum(h.villages.values()) + worth["city"] * sum(h.cities.values())
        out.append(sum(row.values()) + PIECE_WEIGHT * pieces + RV_WEIGHT * rv)
    return out, holdings


def value(g, seat):
    if g.cooperative:
        return team_value(g, seat)
    totals, holdings = projected(g)
    me = totals[seat]
    others = [t for i, t in enumerate(totals) if i != seat]
    rival = RIVAL_MAX * max(others) + (1 - RIVAL_MAX) * sum(others) / len(others)
    p = g.state.players[seat]
    left = turns_left(g, seat)
    spend = sum(SPENDABLE[r] * min(holdings[seat].res[r], 3) for r in RESOURCES) if left else 0.0
    return me - rival + future(g, p, left) + spend


def survival_points(g):
    """Survival Points on the board (the scoring table's values, regions only)."""
    w = g.data.desolation["survival_points"]
    site = {CITY: w["city"], TOWN: 2 * w["village"], VILLAGE: w["village"]}
    sp = 0
    for r in g.state.regions:
        for v in r.sites:
            sp += site.get(v, 0)
        sp += sum(w[res] * n for res, n in r.res.items())
    return sp


def team_value(g, seat):
    """Desolation: fewer Survival Points on the board, and the team's means to come."""
    total = -float(survival_points(g))
    for p in g.state.players:
        left = turns_left(g, p.seat)
        total += 0.8 * future(g, p, left)
        if left:
            total += sum(SPENDABLE[r] * min(p.lair.res[r] + p.card.res[r], 3) for r in RESOURCES)
    return total
