"""What is still open for a seat in the last century: the regions it has not
raided yet and what one more would bring, the majorities one more piece would
win it, those one more piece to a rival would cost it, and whether Terrify is
still to be taken. Worked out from the standings as that seat may know them
(``standings``: its own lair exactly, the others from what was taken in the
open), so it says nothing the seat may not know."""
from __future__ import annotations

from .data import RESOURCES
from .phases.scoring import placings
from .standings import scores_for_seats, stashed
from .view import lair_century
from .words import category

MOST = 4                     # majorities named in each list (the largest VP first)


def still_to_win(g, seat, scores=None):
    """{"regions": [raided, of], "missing": [regions], "region_vp": VP one more region brings,
    "gain": [[category, VP]], "risk": [[category, VP lost, [rival seats]]], "terrify": free now,
    "text": the same in words, "short": its first sentence} in the last century before the
    game is over; else None.
    ``scores``: the "scores" of the seat's standings, if worked out already."""
    if not open_for(g, seat):
        return None
    scores = scores if scores is not None else scores_for_seats(g, [seat])[seat]
    # Remembered by the scores they come from (the very object: scores are remembered by
    # everything they are worked out from, the seat's lair, Dragon Card and names among it) and
    # Terrify's counter: most moves change neither, and the server asks at every move.
    terrify = terrify_free(g, seat)
    remembered = g.__dict__.setdefault("_goals", {})          # (a copy of the game starts without: Game.copy)
    known = remembered.get(seat)
    if known is not None and known[0] is scores and known[1] == terrify:
        return known[2]
    out = _worked_out(g, seat, scores, terrify)
    remembered[seat] = (scores, terrify, out)
    return out


def open_for(g, seat):
    """Has ``seat`` goals now (``still_to_win`` is not None): a dragon's, in the last century of
    a competitive game that is not over."""
    s = g.state
    return seat is not None and not g.cooperative and not s.over and s.century == g.data.setup["centuries"]


def _worked_out(g, seat, scores, terrify):
    s = g.state
    sc = g.data.scoring
    ind, rv = sc["independent"], sc["region_value"]
    p = s.players[seat]
    mine = stashed(p.lair, p.card)
    missing = [r for r in g.ring if not mine.villages.get(r, 0) and not mine.cities.get(r, 0)]
    raided = len(g.ring) - len(missing)
    region_vp = ind["per_region"] + (ind["every_region"] if len(missing) == 1 else 0) if missing else 0
    by_seat = sorted(scores, key=lambda e: e["seat"])
    keys = [(r, [1], sc["resources"]) for r in RESOURCES]
    keys += [("region:" + r, sorted({rv["village"], rv["city"]}), sc["regions"]) for r in g.ring]
    gain, risk = [], []
    for key, steps, vp in keys:
        values = [e["counts"][key] for e in by_seat]
        now = placings(values, vp["first"], vp["second"])[seat]

        def after(who, step):
            v = list(values)
            v[who] += step
            return placings(v, vp["first"], vp["second"])[seat] - now
        best = max(after(seat, step) for step in steps)
        if best > 0:
            gain.append([key, best])
        worst = {}
        for rival in range(len(values)):
            if rival != seat:
                loss = min(after(rival, step) for step in steps)
                if loss < 0:
                    worst[rival] = loss
        if worst:
            risk.append([key, min(worst.values()), sorted(worst)])
    gain.sort(key=lambda x: -x[1])
    risk.sort(key=lambda x: x[1])
    out = {"regions": [raided, len(g.ring)], "missing": missing, "region_vp": region_vp, "gain": gain,
           "risk": risk, "terrify": terrify}
    out["text"] = words(g, out)
    out["short"] = words(g, out, short=True)
    return out


def terrify_free(g, seat):
    """Can ``seat`` still take the +3 VP counter this century (a Lair Action not taken yet)?"""
    s = g.state
    if s.markers.get("terrify") == seat or s.phase not in ("growth", "awakening", "lair"):
        return False
    ids = [a.id for a in g.data.lair_actions if dict(a.effect).get("take_marker") == "terrify"]
    taken_now = lair_century(g) == s.century
    return any(not (taken_now and a in s.lair_taken) for a in ids)


def words(g, o, short=False):
    """The goals in a few sentences (``short``: the regions only)."""
    raided, of = o["regions"]
    out = [f"Last century: you have raided {raided} of {of} regions"]
    if o["missing"]:
        left = o["missing"]
        out[0] += (f" ({', '.join(left)} {'is' if len(left) == 1 else 'are'} left: +{o['region_vp']} VP for the "
                   f"next)." if len(left) <= 3 else f" (+{o['region_vp']} VP for the next).")
    else:
        out[0] += "."
    if short:
        return out[0]
    if o["gain"]:
        out.append("One more piece would win you: "
                   + ", ".join(f"{category(k)} +{vp}" for k, vp in o["gain"][:MOST]) + ".")
    if o["risk"]:
        every = g.state.num_players - 1
        out.append("One more piece to a rival would cost you: " + ", ".join(
            f"{category(k)} {vp} ({'any rival' if len(rivals) == every else ', '.join(g.name(r) for r in rivals)})"
            for k, vp, rivals in o["risk"][:MOST]) + ".")
    if o["terrify"]:
        out.append(f"Terrify (+{g.data.scoring['independent']['terrify']} VP) is still free this century.")
    return " ".join(out)

