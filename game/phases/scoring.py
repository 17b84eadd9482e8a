"""Winning the Game: Final Scoring, and the Desolation of the Old World count."""
from __future__ import annotations

import functools
from ..data import RESOURCES
from ..state import CITY, TOWN, VILLAGE


def places(values):
    """(seats first, seats second) of one majority: only values above 0 place;
    a tie for first leaves no second place."""
    best = max(values)
    if best <= 0:
        return [], []
    top = [i for i, v in enumerate(values) if v == best]
    rest = [v for v in values if 0 < v < best]
    if len(top) > 1 or not rest:
        return top, []
    second = max(rest)
    return top, [i for i, v in enumerate(values) if v == second]


def placings(values, first, second):
    """VP per player for one majority (resources or a region's RV), a tuple.

    A tie for first shares first + second (rounded down) and no second is
    awarded; a tie for second shares second.
    """
    return _placings(tuple(values), first, second)


@functools.lru_cache(maxsize=4096)
def _placings(values, first, second):
    """(The standings and the goals ask the same few cases over and over.)"""
    out = [0] * len(values)
    top, runners = places(values)
    if len(top) > 1:
        for i in top:
            out[i] = (first + second) // len(top)
        return tuple(out)
    for i in top:
        out[i] = first
    for i in runners:
        out[i] = second // len(runners)
    return tuple(out)


def score_lairs(g, lairs, terrify_seat=None):
    """Breakdown per player from what is behind each lair screen."""
    sc = g.data.scoring
    ind, rv = sc["independent"], sc["region_value"]
    rows = []
    for seat, lair in enumerate(lairs):
        regions = [r for r in g.ring if lair.villages.get(r, 0) or lair.cities.get(r, 0)]
        cities = sum(lair.cities.values())
        rows.append({"regions": ind["per_region"] * len(regions),
                     "every_region": ind["every_region"] if len(regions) == len(g.ring) else 0,
                     "terrify": ind["terrify"] if seat == terrify_seat else 0,
                     "cities": ind["per_city"] * cities})
    for res in RESOURCES:
        vp = placings([lair.res[res] for lair in lairs], sc["resources"]["first"], sc["resources"]["second"])
        for row, v in zip(rows, vp):
            row[res] = v
    for region in g.ring:
        values = [lair.villages.get(region, 0) * rv["village"] + lair.cities.get(region, 0) * rv["city"]
                  for lair in lairs]
        vp = placings(values, sc["regions"]["first"], sc["regions"]["second"])
        for row, v in zip(rows, vp):
            row["region:" + region] = v
    return rows


def regional_value(g, lair):
    """Regional Value of the settlement pieces in a lair, per region."""
    rv = g.data.scoring["region_value"]
    return {r: lair.villages.get(r, 0) * rv["village"] + lair.cities.get(r, 0) * rv["city"] for r in g.ring}


def score_counts(g, lair, holds_terrify):
    """What each category of the breakdown was scored from: regions raided,
    cities, the +3 VP counter, pieces of each resource, Regional Value per region."""
    regions = sum(1 for r in g.ring if lair.villages.get(r, 0) or lair.cities.get(r, 0))
    out = {"regions": regions, "every_region": regions, "terrify": int(holds_terrify),
           "cities": sum(lair.cities.values())}
    for res in RESOURCES:
        out[res] = lair.res[res]
    for region, value in regional_value(g, lair).items():
        out["region:" + region] = value
    return out


def final_scores(g):
    """[{seat, dragon, name, total, breakdown, counts, level, life, rank}], best first.

    Ties on VP go to the highest level, then the most Life; still tied: shared.
    The cooperative Desolation variant has no individual scoring (empty list).
    """
    if g.cooperative:
        return []
    return scored(g, [p.lair for p in g.state.players])


def scored(g, lairs):
    """The final scoring of these lairs (one per seat, in seat order), as
    ``final_scores`` gives it: the live standings score estimated lairs so."""
    s = g.state
    terrify = s.markers.get("terrify")
    rows = score_lairs(g, lairs, terrify)
    out = []
    for p, lair, row in zip(s.players, lairs, rows):
        out.append({"seat": p.seat, "dragon": p.dragon, "name": p.name, "total": sum(row.values()),
                    "breakdown": row, "counts": score_counts(g, lair, terrify == p.seat),
                    "level": p.level, "life": p.life})
    key = lambda e: (e["total"], e["level"], e["life"])  # noqa: E731
    out.sort(key=key, reverse=True)
    for e in out:
        e["rank"] = 1 + sum(1 for o in out if key(o) > key(e))
    return out


def majorities(g, scores):
    """{category: (seats first, seats second)} for each resource and region
    ("region:<name>"), from the counts of ``scored``/``final_scores``."""
    by_seat = sorted(scores, key=lambda e: e["seat"])
    keys = list(RESOURCES) + ["region:" + r for r in g.ring]
    return {key: list(places([e["counts"][key] for e in by_seat])) for key in keys}


def desolation(g):
    """Survival Points of what is left on the board, and the Level of Destruction."""
    d = g.data.desolation
    sp, pieces = d["survival_points"], {"city": 0, "village": 0, "noble": 0, "field": 0, "gold": 0, "livestock": 0}
    for r in g.state.regions:
        pieces["city"] += sum(1 for v in r.sites if v == CITY)
        pieces["village"] += sum(1 for v in r.sites if v == VILLAGE) + 2 * sum(1 for v in r.sites if v == TOWN)
        for res in RESOURCES:
            pieces[res] += r.res[res]
    by_piece = {k: n * sp[k] for k, n in pieces.items()}
    total = sum(by_piece.values())
    k = next(i for i, (top, _) in enumerate(d["levels"]) if top is None or total <= top)
    level = d["levels"][k][1]
    better = d["levels"][k - 1] if k > 0 else None       # (most SP it allows, its name): the next goal down
    return {"survival_points": total, "level": level, "by_piece": by_piece, "pieces": pieces,
            "next_level": {"max": better[0], "name": better[1]} if better else None}


def record_scores(g):
    """A snapshot of where the game stands as a century ends (and as the game
    starts: century 0), for the end-of-game chart: each seat's VP if the game
    ended then, or in Desolation the Survival Points left on the board."""
    s = g.state
    century = 0 if s.phase == "setup" else s.century
    if g.cooperative:
        snap = {"century": century, "vp": [], "survival_points": desolation(g)["survival_points"]}
    else:
        by_seat = sorted(final_scores(g), key=lambda e: e["seat"])
        snap = {"century": century, "vp": [e["total"] for e in by_seat], "survival_points": None}
    s.scores_by_century.append(snap)        # never changed once recorded (copies share the snapshots)


def enter_over(g):
    s = g.state
    s.over = True
    g.event("game_ends", century=s.century)
    if g.cooperative:
        result = desolation(g)
        g.event("survival", points=result["survival_points"], level=result["level"])
        return
    scores = final_scores(g)
    for e in scores:
        g.event("final_score", of=e["seat"], total=e["total"], level=e["level"], life=e["life"])
    g.event("winners", seats=[e["seat"] for e in scores if e["rank"] == 1])

