"""The evaluation of hard and the expert: the final VP margin a position leads to, learned from self-play.

Each seat's features (VP as the game stands now, split into resource
majorities, region majorities and the rest; resource pieces; Regional Value;
Life; the worth and number of cards in hand; abilities) are taken relative to
the other seats' average, and weighed by a linear model for the number of
attack turns the seat has left. The weights were fitted by least squares on
the positions at the start of every century of 600 four-player games of
``normal`` against ``normal``, each seat's target being its final VP minus the
others' average: ``python tests/bench/learn_weights.py`` plays the games,
fits, and prints the table below. At the end of the game the value is the
real margin.

Against the hand-set ``evaluate.value`` the fit puts far more on Regional
Value, pieces and Life in the middle centuries, and almost nothing on region
majorities as they stand then (they change hands); on games it was not
fitted on, it explains more of the final margins (R^2 0.37 against 0.24 with
three attack turns left, 0.58 against 0.52 with one).
"""
from __future__ import annotations

from ..data import RESOURCES
from ..phases.scoring import score_lairs
from .cardvalue import hand_value
from .evaluate import merged, team_value, turns_left

FEATURES = ("vp_res", "vp_reg", "vp_other", "pieces", "rv", "life", "hand", "cards", "abilities")

# Attack turns left -> a weight per feature (in FEATURES' order). Printed by
# tests/bench/learn_weights.py; a seat with more turns left than the table
# covers (the 1st Century) uses the last row.
WEIGHTS = {
    1: (0.5765, 0.4640, 0.7364, 0.3338, 0.7072, 0.6661, 0.2408, -0.0336, 0.8927),
    2: (0.2433, 0.1581, 0.6898, 0.6310, 1.0941, 0.8778, 0.7952, -0.6660, 1.2459),
    3: (0.2237, -0.0551, 0.8422, 0.8035, 1.7561, 0.9599, 0.8673, -0.4931, 1.0054),
    4: (0.1710, -0.0222, 1.7293, 1.0042, 1.3331, 1.0111, 0.9897, -0.6430, 1.3418),
    5: (0.1734, 0.2164, 1.0021, 1.4525, 1.1282, 0.2298, 0.9216, -0.0889, 0.7836),
}


def features(g):
    """(VP as the game stands, [the FEATURES]) for every seat."""
    s = g.state
    holdings = [merged(p) for p in s.players]
    rows = score_lairs(g, holdings, s.markers.get("terrify"))
    worth = g.data.scoring["region_value"]
    out = []
    for p, h, row in zip(s.players, holdings, rows):
        res = sum(row[r] for r in RESOURCES)
        reg = sum(v for k, v in row.items() if k.startswith("region:"))
        other = sum(row.values()) - res - reg
        rv = worth["village"] * sum(h.villages.values()) + worth["city"] * sum(h.cities.values())
        cards = sum(1 for c in p.hand if not g.cards[c].is_hex)
        out.append((res + reg + other, (res, reg, other, sum(h.res.values()), rv, min(p.life, g.max_life(p)),
                                        hand_value(g, p.hand), cards, len(p.abilities))))
    return out


def value(g, seat):
    """The seat's expected final VP minus the other seats' average."""
    if g.cooperative:
        return team_value(g, seat)
    rows = features(g)
    others = [row for i, row in enumerate(rows) if i != seat]
    if g.state.over:
        return rows[seat][0] - sum(vp for vp, _ in others) / len(others)
    weights = WEIGHTS[min(max(turns_left(g, seat), 1), max(WEIGHTS))]
    return sum(w * x for w, x in zip(weights, relative(rows, seat)))


def relative(rows, seat):
    """The seat's FEATURES minus the other seats' average (``rows`` from ``features``)."""
    others = [f for i, (_, f) in enumerate(rows) if i != seat]
    return [x - sum(f[k] for f in others) / len(others) for k, x in enumerate(rows[seat][1])]
